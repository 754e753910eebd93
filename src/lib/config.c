// SPDX-License-Identifier: GPL-2.0-only
/*
 * config.c: perf's configuration files (config.h): the git-style reader,
 * the merged set of sections and items, and the writer of prof config.
 */
#include "prof/config.h"
#include "prof/util.h"
#include <ctype.h>
#include <sys/stat.h>

#define SYSTEM_CONFIG "/etc/perfconfig"
#define NAME_MAX_LEN 256

/* ---- which files ---- */

static const char *exclusive_path;
static bool exclusive_set;

const char *config__system_path(void)
{
	return SYSTEM_CONFIG;
}

const char *config__user_path(void)
{
	static char *path;
	const char *home = getenv("HOME");

	if (!home)
		return NULL;
	if (!path)
		path = xasprintf("%s/.perfconfig", home);
	return path;
}

const char *config__exclusive(void)
{
	if (exclusive_set)
		return exclusive_path;
	return getenv("PERF_CONFIG");
}

void config__set_exclusive(const char *path)
{
	exclusive_path = path;
	exclusive_set = true;
}

/* PERF_CONFIG_NOSYSTEM and PERF_CONFIG_NOGLOBAL: booleans, false when unset. */
static bool env_bool(const char *name)
{
	const char *v = getenv(name);

	return v && config__bool(name, v);
}

/* ---- the reader ---- */

/* a value being read: perf's 1023 bytes at most */
struct value_buf {
	char buf[1024];
	size_t len;
};

struct reader {
	FILE *f;
	const char *path;
	int line;
	bool eof;
};

/* The next character; a line end for EOF and for "\r\n". */
static int reader__next(struct reader *r)
{
	int c = fgetc(r->f);

	if (c == '\r') {
		int d = fgetc(r->f);

		if (d == '\n')
			c = d;
		else if (d != EOF)
			ungetc(d, r->f);
	}
	if (c == EOF) {
		r->eof = true;
		return '\n';
	}
	if (c == '\n')
		r->line++;
	return c;
}

static bool is_key_char(int c)
{
	return isalnum(c) || c == '-' || c == '_';
}

/*
 * The value after '=' to the end of the line: blanks outside quotes fold
 * to one space and vanish at both ends, '#' and ';' outside quotes start a
 * comment, a backslash escapes t n b \ " and the line end. False when
 * it is malformed (an open quote, an unknown escape, too long).
 */
static bool reader__value(struct reader *r, struct value_buf *out)
{
	bool quoted = false, comment = false, blank = false;

	out->len = 0;
	for (;;) {
		int c = reader__next(r);

		if (out->len >= sizeof(out->buf) - 1)
			return false;
		if (c == '\n') {
			if (quoted)
				return false;
			break;
		}
		if (comment)
			continue;
		if (isspace(c) && !quoted) {
			blank = true;
			continue;
		}
		if (!quoted && (c == '#' || c == ';')) {
			comment = true;
			continue;
		}
		if (blank) {
			if (out->len)
				out->buf[out->len++] = ' ';
			blank = false;
		}
		if (c == '\\') {
			c = reader__next(r);
			if (c == '\n')
				continue;
			if (c == 't')
				c = '\t';
			else if (c == 'n')
				c = '\n';
			else if (c == 'b')
				c = '\b';
			else if (c != '\\' && c != '"')
				return false;
			out->buf[out->len++] = (char)c;
			continue;
		}
		if (c == '"') {
			quoted = !quoted;
			continue;
		}
		out->buf[out->len++] = (char)c;
	}
	out->buf[out->len] = '\0';
	return true;
}

/* '[name]' or '[name "sub"]' after the '['; the name's length, or -1. */
static int reader__section(struct reader *r, char *name)
{
	int len = 0, c;

	for (;;) {
		c = reader__next(r);
		if (r->eof)
			return -1;
		if (c == ']')
			return len;
		if (isspace(c))
			break;
		if ((!is_key_char(c) && c != '.') || len > NAME_MAX_LEN / 2)
			return -1;
		name[len++] = (char)tolower(c);
	}
	/* '[name "sub"]': blanks, then the quoted subsection, kept as written */
	while (isspace(c)) {
		if (c == '\n')
			return -1;
		c = reader__next(r);
	}
	if (c != '"')
		return -1;
	name[len++] = '.';
	for (;;) {
		c = reader__next(r);
		if (c == '\n')
			return -1;
		if (c == '"')
			break;
		if (c == '\\') {
			c = reader__next(r);
			if (c == '\n')
				return -1;
		}
		if (len > NAME_MAX_LEN / 2)
			return -1;
		name[len++] = (char)c;
	}
	return reader__next(r) == ']' ? len : -1;
}

/* Read @r into @set; -1 after "bad config file line N in F". */
static int reader__parse(struct reader *r, struct config_set *set, bool from_system)
{
	char var[NAME_MAX_LEN + 2];
	struct value_buf val;
	const unsigned char bom[] = { 0xef, 0xbb, 0xbf };
	size_t nbom = 0;
	bool at_start = true, comment = false;
	int base = 0;

	for (;;) {
		int c = reader__next(r), line, len;

		if (at_start) {
			/* a UTF-8 byte order mark, whole or not at all */
			if (nbom < sizeof(bom) && (unsigned char)c == bom[nbom]) {
				nbom++;
				continue;
			}
			if (nbom)
				break;
			at_start = false;
		}
		if (c == '\n') {
			if (r->eof)
				return 0;
			comment = false;
			continue;
		}
		if (comment || isspace(c))
			continue;
		if (c == '#' || c == ';') {
			comment = true;
			continue;
		}
		if (c == '[') {
			base = reader__section(r, var);
			if (base <= 0)
				break;
			var[base++] = '.';
			var[base] = '\0';
			continue;
		}
		if (!isalpha(c))
			break;
		/* a key: its line is the one reported if it is bad */
		line = r->line;
		len = base;
		var[len++] = (char)tolower(c);
		for (;;) {
			c = reader__next(r);
			if (r->eof || !is_key_char(c))
				break;
			if (len >= NAME_MAX_LEN) {
				c = -1;
				break;
			}
			var[len++] = (char)c;	/* perf folds the first letter only */
		}
		var[len] = '\0';
		while (c == ' ' || c == '\t')
			c = reader__next(r);
		/* perf's collector takes no key without a value */
		if (c != '=' || !reader__value(r, &val) ||
		    config_set__collect(set, from_system ? SYSTEM_CONFIG : r->path, var, val.buf) < 0) {
			r->line = line;
			break;
		}
	}
	error("bad config file line %d in %s", r->line, r->path);
	return -1;
}

/* -1: cannot open (silently, as perf) or a bad line (reported). */
static int config_set__read(struct config_set *set, const char *path)
{
	struct reader r = { .path = path, .line = 1 };
	int ret;

	r.f = fopen(path, "r");
	if (!r.f)
		return -1;
	ret = reader__parse(&r, set, !strcmp(path, SYSTEM_CONFIG));
	fclose(r.f);
	return ret;
}

/* ---- the set ---- */

static struct config_section *config_set__section(struct config_set *set, const char *name,
						  size_t len, bool create)
{
	struct config_section **p;

	for (p = &set->sections; *p; p = &(*p)->next)
		if (strlen((*p)->name) == len && !strncmp((*p)->name, name, len))
			return *p;
	if (!create)
		return NULL;
	*p = xzalloc(sizeof(**p));
	(*p)->name = xstrndup(name, len);
	return *p;
}

int config_set__collect(struct config_set *set, const char *file, const char *var,
			const char *value)
{
	const char *dot = strchr(var, '.');
	bool sys = file && !strcmp(file, SYSTEM_CONFIG);
	struct config_section *s;
	struct config_item **p;

	if (!dot || !value)
		return -EINVAL;
	/* the section is the system's when its last item came from there (perf's rule) */
	s = config_set__section(set, var, (size_t)(dot - var), true);
	s->from_system = sys;
	for (p = &s->items; *p; p = &(*p)->next)
		if (!strcmp((*p)->name, dot + 1))
			break;
	if (!*p) {
		*p = xzalloc(sizeof(**p));
		(*p)->name = xstrdup(dot + 1);
	}
	free((*p)->value);
	(*p)->value = xstrdup(value);
	(*p)->from_system = sys;
	return 0;
}

const char *config_set__get(const struct config_set *set, const char *var)
{
	const char *dot = strchr(var, '.');
	const struct config_section *s;
	const struct config_item *i;

	if (!dot)
		return NULL;
	for (s = set->sections; s; s = s->next) {
		if (strlen(s->name) != (size_t)(dot - var) || strncmp(s->name, var, dot - var))
			continue;
		for (i = s->items; i; i = i->next)
			if (!strcmp(i->name, dot + 1))
				return i->value;
	}
	return NULL;
}

int config_set__for_each(const struct config_set *set, config_fn_t fn, void *data)
{
	const struct config_section *s;
	const struct config_item *i;

	for (s = set->sections; s; s = s->next)
		for (i = s->items; i; i = i->next) {
			char *var;
			int ret;

			if (!i->value)
				continue;
			var = xasprintf("%s.%s", s->name, i->name);
			ret = fn(var, i->value, data);
			free(var);
			if (ret < 0)
				return ret;
		}
	return 0;
}

struct config_set *config_set__new(void)
{
	struct config_set *set = xzalloc(sizeof(*set));
	const char *only = config__exclusive(), *user;
	struct stat st;

	if (only) {
		config_set__read(set, only);
		return set;
	}
	if (!env_bool("PERF_CONFIG_NOSYSTEM") && !access(SYSTEM_CONFIG, R_OK) &&
	    config_set__read(set, SYSTEM_CONFIG) < 0)
		return set;	/* perf stops at a bad system file */
	user = config__user_path();
	if (env_bool("PERF_CONFIG_NOGLOBAL") || !user || stat(user, &st))
		return set;
	if (st.st_uid && st.st_uid != geteuid()) {
		warning("File %s not owned by current user or root, ignoring it.", user);
		return set;
	}
	if (st.st_size)
		config_set__read(set, user);
	return set;
}

struct config_set *config_set__load_file(const char *path)
{
	struct config_set *set;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	fclose(f);
	set = xzalloc(sizeof(*set));
	config_set__read(set, path);
	return set;
}

void config_set__delete(struct config_set *set)
{
	struct config_section *s, *sn;
	struct config_item *i, *in;

	if (!set)
		return;
	for (s = set->sections; s; s = sn) {
		sn = s->next;
		for (i = s->items; i; i = in) {
			in = i->next;
			free(i->name);
			free(i->value);
			free(i);
		}
		free(s->name);
		free(s);
	}
	free(set);
}

int config_set__write(const struct config_set *set, const char *path, bool with_system)
{
	const struct config_section *s;
	const struct config_item *i;
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fprintf(f, "# this file is auto-generated.\n");
	for (s = set->sections; s; s = s->next) {
		if (!with_system && s->from_system)
			continue;
		fprintf(f, "[%s]\n", s->name);
		for (i = s->items; i; i = i->next)
			if ((with_system || !i->from_system) && i->value)
				fprintf(f, "\t%s = %s\n", i->name, i->value);
	}
	if (ferror(f)) {
		fclose(f);
		return -EIO;
	}
	return fclose(f) ? -errno : 0;
}

/* ---- the process's set ---- */

static struct config_set *the_set;

int prof_config(config_fn_t fn, void *data)
{
	const struct config_section *s;
	const struct config_item *i;

	if (!the_set)
		the_set = config_set__new();
	for (s = the_set->sections; s; s = s->next)
		for (i = s->items; i; i = i->next) {
			char *var;

			if (!i->value)
				continue;
			var = xasprintf("%s.%s", s->name, i->name);
			if (fn(var, i->value, data) < 0) {
				error("Error in the given config file: wrong config key-value pair %s=%s",
				      var, i->value);
				free(var);
				return -1;
			}
			free(var);
		}
	return 0;
}

/* ---- values ---- */

int config__int(const char *var, const char *value, long *out)
{
	char *end;
	long v;

	if (value && *value) {
		errno = 0;
		v = strtol(value, &end, 0);
		if (!*end || !strcasecmp(end, "k") || !strcasecmp(end, "m") || !strcasecmp(end, "g")) {
			int shift = !*end ? 0 : tolower(*end) == 'k' ? 10 : tolower(*end) == 'm' ? 20 : 30;

			*out = v * (1L << shift);
			return 0;
		}
	}
	pr_info("bad config value for '%s', ignoring...", var);
	return -EINVAL;
}

bool config__bool(const char *var, const char *value)
{
	long v = 1;

	if (!value)
		return true;
	if (!*value)
		return false;
	if (!strcasecmp(value, "true") || !strcasecmp(value, "yes") || !strcasecmp(value, "on"))
		return true;
	if (!strcasecmp(value, "false") || !strcasecmp(value, "no") || !strcasecmp(value, "off"))
		return false;
	/* a number, or perf's warning and true (its -1 read as a boolean) */
	config__int(var, value, &v);
	return v != 0;
}
