// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse-events.c: the -e language, parsed by hand.
 *
 * perf parses -e with flex and bison; what users see of that machinery is
 * (a) which strings are accepted, (b) the names events get, and (c) where
 * an error points. This parser reproduces all three:
 *
 *  1. Lexing follows perf's rules: the longest match wins and, on a tie,
 *     the rule perf lists first (so "branches" is the hardware event, not
 *     the cache type, and "cycles" inside a /.../ term list is a plain
 *     name). There are four modes, as in perf's scanner: EVENT (at the
 *     start of each event: takes the whole event text as its display
 *     name), INITIAL, CONFIG (between slashes) and MEM (after "mem:").
 *  2. An event with no name of its own (sysfs alias, tracepoint, cache
 *     event and name= terms name themselves) is named by its text as
 *     typed, modifiers included: "cpu-clock:u", "msr/tsc/", "r1a8".
 *  3. Syntax errors point where bison would: at the start of the token
 *     lexed before the one that did not fit (the scanner's location
 *     bookkeeping in perf keeps last_column one token behind). Errors
 *     found by actions point at the token they concern.
 *
 * Events are built on a private list and spliced into the evlist only
 * when the whole string parsed, so a failure leaves the evlist alone.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/parse-options.h"
#include "prof/pmu.h"
#include "prof/strbuf.h"
#include "prof/tracepoint.h"
#include "prof/util.h"
#include <ctype.h>
#include <dirent.h>
#include <linux/hw_breakpoint.h>
#include <sys/ioctl.h>
#include "parse-events-lex.h"

/* perf stat narrows the usable terms ("shrinked" config terms). */
static bool config_terms_shrunk;

void parse_events__shrink_config_terms(void)
{
	config_terms_shrunk = true;
}

static bool term_avail(int type)
{
	if (!config_terms_shrunk)
		return true;
	switch (type) {
	case TERM_CONFIG: case TERM_CONFIG1: case TERM_CONFIG2:
	case TERM_NAME: case TERM_METRIC_ID: case TERM_PERIOD:
	case TERM_PERCORE:
		return true;
	default:
		return false;
	}
}

/* ------------------------------------------------------------ errors */

void parse_events_error__init(struct parse_events_error *err)
{
	memset(err, 0, sizeof(*err));
	err->idx = -1;
	err->first_idx = -1;
}

void parse_events_error__exit(struct parse_events_error *err)
{
	if (!err)
		return;
	zfree(&err->str);
	zfree(&err->help);
	zfree(&err->first_str);
	zfree(&err->first_help);
	err->num_errors = 0;
}

/* Record an error; the first one is kept as the "initial" error. Takes @str and @help. */
static void error__handle(struct parse_events_error *err, int idx, char *str, char *help)
{
	if (!err) {
		free(str);
		free(help);
		return;
	}
	if (err->num_errors == 0) {
		err->first_idx = idx;
		err->first_str = str ? xstrdup(str) : NULL;
		err->first_help = help ? xstrdup(help) : NULL;
	}
	free(err->str);
	free(err->help);
	err->idx = idx;
	err->str = str;
	err->help = help;
	err->num_errors++;
}

static void perr(struct parser *p, int idx, char *help, const char *fmt, ...) __printf(4, 5);
static void perr(struct parser *p, int idx, char *help, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	p->failed = true;
	error__handle(p->err, idx, strbuf_detach(&sb, NULL), help);
}

static int syntax_error(struct parser *p)
{
	if (!p->failed)
		perr(p, p->loc_last, NULL, "parser error");
	return -1;
}

static int term_width(void)
{
	struct winsize ws;
	const char *l = getenv("LINES"), *c = getenv("COLUMNS");

	if (l && c && atoi(l) > 0 && atoi(c) > 0)
		return atoi(c);
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		return ws.ws_col;
	return 80;
}

static void format_one_error(struct strbuf *sb, int err_idx, const char *err_str,
			     const char *err_help, const char *event)
{
	const char *prefix = "event syntax error: ";
	int width = term_width() - 2, len_event = (int)strlen(event);
	int len_prefix = (int)strlen(prefix), max_len, cut = 0, idx;
	const int max_err_idx = 13;
	char *buf;

	if (!err_str) {
		strbuf_addf(sb, "invalid or unsupported event: '%s'\n", event);
		return;
	}
	max_len = width - len_prefix;
	if (max_len < 8)
		max_len = 8;
	/* Long strings are cut so the caret stays on screen; ".." marks a cut. */
	if (err_idx > max_err_idx)
		cut = err_idx - max_err_idx;
	if (cut > len_event)
		cut = len_event;
	buf = xzalloc((size_t)max_len + 1);
	strncpy(buf, event + cut, (size_t)max_len);
	if (cut && max_len >= 2)
		buf[0] = buf[1] = '.';
	if (len_event - cut > max_len) {
		buf[max_len - 1] = buf[max_len - 2] = '.';
		buf[max_len] = '\0';
	}
	idx = len_prefix + err_idx - cut;
	strbuf_addf(sb, "%s'%s'\n", prefix, buf);
	strbuf_addf(sb, "%*s\\___ %s\n", idx + 1, "", err_str);
	if (err_help)
		strbuf_addf(sb, "\n%s\n", err_help);
	free(buf);
}

static const char nothing_found[] = "event parser found nothing";

char *parse_events_error__format(const struct parse_events_error *err,
				 const char *event)
{
	struct strbuf sb = STRBUF_INIT;

	if (!err || (!err->num_errors && !err->str))
		return NULL;
	/* perf warns about an empty expansion instead of pointing at it. */
	if (err->idx < 0 && err->str && !strcmp(err->str, nothing_found))
		strbuf_addf(&sb, "WARNING: %s\n", err->str);
	else
		format_one_error(&sb, err->idx, err->str, err->help, event);
	return strbuf_detach(&sb, NULL);
}

void parse_events_error__print(const struct parse_events_error *err,
			       const char *event)
{
	char *text = parse_events_error__format(err, event);
	size_t len;

	if (!text)
		return;
	/* Through the message sink, which adds the final newline. */
	len = strlen(text);
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	pr_info("%s", text);
	free(text);
}

/* ------------------------------------------------------------ terms */

static void terms__free(struct list_head *terms)
{
	struct term *t, *tmp;

	list_for_each_entry_safe(t, tmp, terms, node) {
		list_del_init(&t->node);
		free(t->config);
		free(t->str);
		free(t);
	}
}

/* event_config: term (',' term)* up to the closing '/'. */
static int parse_terms(struct parser *p, struct list_head *terms)
{
	for (;;) {
		struct token t = pel__next(p);
		struct term *term;

		if (!(t.type == T_NAME || t.type == T_TERM))
			return syntax_error(p);
		term = xzalloc(sizeof(*term));
		INIT_LIST_HEAD(&term->node);
		list_add_tail(&term->node, terms);
		term->idx = t.start;
		if (t.type == T_TERM) {
			term->type = (int)t.num;
		} else {
			term->type = TERM_USER;
			term->config = pel__tok_str(p, &t);
		}
		if (pel__peek_char(p, '=')) {
			struct token v;

			pel__next(p);
			v = pel__next(p);
			term->val_idx = v.start;
			if (v.type == T_VALUE) {
				term->num = v.num;
			} else if (v.type == T_NAME || v.type == T_SYM_HW) {
				term->is_str = true;
				term->str = pel__tok_str(p, &v);
			} else {
				return syntax_error(p);
			}
		} else {
			term->num = 1;
			term->no_value = true;
		}
		if (pel__peek_char(p, ',')) {
			pel__next(p);
			continue;
		}
		if (pel__peek_char(p, '/')) {
			pel__next(p);
			return 0;
		}
		return syntax_error(p);
	}
}

/* "/terms/" or "//" after an event; nothing if no '/' follows. */
static int parse_opt_config(struct parser *p, struct list_head *terms, bool *seen)
{
	if (seen)
		*seen = false;
	if (!pel__peek_char(p, '/'))
		return 0;
	pel__next(p);
	if (seen)
		*seen = true;
	if (pel__peek_char(p, '/')) {
		pel__next(p);
		return 0;
	}
	return parse_terms(p, terms);
}

static char *valid_terms_help(const char *additional)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "valid terms: ");
	if (additional && *additional) {
		strbuf_addstr(&sb, additional);
		strbuf_addch(&sb, ',');
	}
	for (i = 1; i < TERM__NR; i++) {
		if (!term_avail(i))
			continue;
		if (i > 1 && sb.buf[sb.len - 1] != ' ')
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, pel__term_names[i]);
	}
	return strbuf_detach(&sb, NULL);
}

/* Apply the static terms common to every event kind. */
static int config_term_common(struct parser *p, struct perf_event_attr *attr,
			      struct term *term, char **name)
{
	if (term->type == TERM_USER) {
		perr(p, term->idx, valid_terms_help(NULL), "unknown term");
		return -1;
	}
	/* perf reports this one without a position. */
	if (!term_avail(term->type)) {
		perr(p, -1, NULL, "'%s' is not usable in 'perf stat'",
		     pel__term_names[term->type]);
		return -1;
	}
	if (term->type == TERM_NAME || term->type == TERM_METRIC_ID ||
	    term->type == TERM_CALLGRAPH || term->type == TERM_BRANCH_TYPE ||
	    term->type == TERM_DRV_CFG) {
		if (!term->is_str) {
			perr(p, term->val_idx, NULL, "expected string value");
			return -1;
		}
	} else if (term->is_str) {
		perr(p, term->val_idx, NULL, "expected numeric value");
		return -1;
	}
	switch (term->type) {
	case TERM_CONFIG:
		attr->config = term->num;
		break;
	case TERM_CONFIG1:
		attr->config1 = term->num;
		break;
	case TERM_CONFIG2:
		attr->config2 = term->num;
		break;
	case TERM_NAME:
		free(*name);
		*name = xstrdup(term->str);
		break;
	case TERM_PERIOD:
		attr->sample_period = term->num;
		attr->freq = 0;
		break;
	case TERM_FREQ:
		attr->sample_freq = term->num;
		attr->freq = 1;
		break;
	case TERM_INHERIT:
		attr->inherit = 1;
		break;
	case TERM_NOINHERIT:
		attr->inherit = 0;
		break;
	case TERM_CALLGRAPH:
		/* perf's per-event call chain, applied by record and top */
		free(p->callgraph);
		p->callgraph = xstrdup(term->str);
		break;
	case TERM_STACKSIZE:
		p->stack_size = (u32)term->num;
		break;
	case TERM_MAX_STACK:
		p->max_stack = (u32)term->num;
		break;
	case TERM_BRANCH_TYPE: case TERM_TIME: case TERM_MAX_EVENTS:
	case TERM_OVERWRITE: case TERM_NOOVERWRITE: case TERM_PERCORE:
	case TERM_AUX_OUTPUT: case TERM_AUX_SAMPLE_SIZE:
		/* Recorded by perf for record/top; counting ignores them. */
		break;
	case TERM_METRIC_ID:
		/* The evsel built next is this id of a metric (-M). */
		free(p->metric_id);
		p->metric_id = xstrdup(term->str);
		break;
	default:
		perr(p, term->idx, valid_terms_help(NULL), "unknown term");
		return -1;
	}
	return 0;
}

static int config_attr_common(struct parser *p, struct perf_event_attr *attr,
			      struct list_head *terms, char **name)
{
	struct term *t;

	list_for_each_entry(t, terms, node)
		if (config_term_common(p, attr, t, name))
			return -1;
	return 0;
}

/* ------------------------------------------------------------ events */

static struct evsel *new_evsel(struct parser *p, struct perf_event_attr *attr,
			       const char *name)
{
	struct evsel *evsel;

	/* perf's event_attr_init: guests are excluded unless asked for. */
	attr->exclude_guest = 1;
	evsel = evsel__new(attr);
	if (name)
		evsel->name = xstrdup(name);
	evsel->metric_id = p->metric_id;
	p->metric_id = NULL;
	evsel->cfg_callgraph = p->callgraph;
	evsel->cfg_stack_size = p->stack_size;
	evsel->cfg_max_stack = p->max_stack;
	p->callgraph = NULL;
	p->stack_size = p->max_stack = 0;
	list_add_tail(&evsel->node, &p->events);
	return evsel;
}

static int add_numeric(struct parser *p, u32 type, u64 config,
		       struct list_head *terms)
{
	struct perf_event_attr attr = { .type = type, .config = config };
	char *name = NULL;

	if (terms && config_attr_common(p, &attr, terms, &name)) {
		free(name);
		return -1;
	}
	new_evsel(p, &attr, name);
	free(name);
	return 0;
}

static int add_tool(struct parser *p, enum tool_event ev)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_DUMMY,
	};
	struct evsel *evsel = new_evsel(p, &attr, NULL);

	evsel->tool_event = ev;
	return 0;
}

static int parse_aliases(const char *str, const char *const names[][EVSEL__MAX_ALIASES],
			 int size)
{
	int i, j;

	for (i = 0; i < size; i++) {
		int longest = -1;

		for (j = 0; j < EVSEL__MAX_ALIASES && names[i][j]; j++) {
			int n = (int)strlen(names[i][j]);

			if (n > longest && !strncasecmp(str, names[i][j], (size_t)n))
				longest = n;
		}
		if (longest > 0)
			return i;
	}
	return -1;
}

static int add_cache(struct parser *p, const struct token *type_tok,
		     const struct token *ops, int nr_ops, struct list_head *terms)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_HW_CACHE };
	int type, op = -1, result = -1, i;
	char *type_s = pel__tok_str(p, type_tok), *name = NULL;
	struct strbuf sb = STRBUF_INIT;

	type = parse_aliases(type_s, evsel__hw_cache, PERF_COUNT_HW_CACHE_MAX);
	strbuf_addstr(&sb, type_s);
	free(type_s);
	for (i = 0; i < nr_ops; i++) {
		char *s = pel__tok_str(p, &ops[i]);
		int v;

		strbuf_addf(&sb, "-%s", s);
		if (op == -1) {
			v = parse_aliases(s, evsel__hw_cache_op, PERF_COUNT_HW_CACHE_OP_MAX);
			if (v >= 0) {
				if (!evsel__is_cache_op_valid((u8)type, (u8)v)) {
					perr(p, ops[i].start, NULL,
					     "cache '%s' has no '%s' operation",
					     evsel__hw_cache[type][0], s);
					free(s);
					strbuf_release(&sb);
					return -1;
				}
				op = v;
				free(s);
				continue;
			}
		}
		if (result == -1) {
			v = parse_aliases(s, evsel__hw_cache_result,
					  PERF_COUNT_HW_CACHE_RESULT_MAX);
			if (v >= 0)
				result = v;
		}
		free(s);
	}
	if (op == -1)
		op = PERF_COUNT_HW_CACHE_OP_READ;
	if (result == -1)
		result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
	attr.config = (u64)type | ((u64)op << 8) | ((u64)result << 16);
	if (terms && config_attr_common(p, &attr, terms, &name)) {
		free(name);
		strbuf_release(&sb);
		return -1;
	}
	new_evsel(p, &attr, name ? name : sb.buf);
	free(name);
	strbuf_release(&sb);
	return 0;
}

static int add_breakpoint(struct parser *p, u64 addr, const char *type, u64 len)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_BREAKPOINT };
	int i;

	attr.bp_addr = addr;
	for (i = 0; type && type[i] && i < 3; i++) {
		unsigned int bit = type[i] == 'r' ? HW_BREAKPOINT_R :
				   type[i] == 'w' ? HW_BREAKPOINT_W : HW_BREAKPOINT_X;

		if (attr.bp_type & bit)
			return -EINVAL;
		attr.bp_type |= bit;
	}
	if (!attr.bp_type)
		attr.bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
	if (!len)
		len = attr.bp_type == HW_BREAKPOINT_X ? sizeof(long) : HW_BREAKPOINT_LEN_4;
	attr.bp_len = len;
	attr.sample_period = 1;
	new_evsel(p, &attr, NULL);
	return 0;
}

/* Only '*' and '?' make perf expand a tracepoint name. */
static bool has_glob(const char *s)
{
	return strpbrk(s, "*?") != NULL;
}

/* Terms a tracepoint takes (perf's config_term_tracepoint). */
static int config_tracepoint(struct parser *p, struct perf_event_attr *attr,
			     struct list_head *terms, char **name)
{
	struct term *t;

	list_for_each_entry(t, terms, node) {
		switch (t->type) {
		case TERM_CALLGRAPH: case TERM_STACKSIZE: case TERM_INHERIT:
		case TERM_NOINHERIT: case TERM_MAX_STACK: case TERM_MAX_EVENTS:
		case TERM_OVERWRITE: case TERM_NOOVERWRITE: case TERM_AUX_OUTPUT:
		case TERM_AUX_SAMPLE_SIZE:
			if (config_term_common(p, attr, t, name))
				return -1;
			break;
		default:
			perr(p, t->idx, xstrdup("valid terms: call-graph,stack-size\n"),
			     "unknown term");
			return -1;
		}
	}
	return 0;
}

/*
 * perf reports tracepoint failures at offset 0, whatever the position of
 * the tracepoint in the string, with tracefs's path in the help.
 */
static void tracepoint_error(struct parser *p, int err, const char *sys, const char *name)
{
	const char *str;
	char *help;

	switch (err) {
	case EACCES:
		str = "can't access trace events";
		help = xasprintf("Error:\tNo permissions to read %s/%s/%s\n"
				 "Hint:\tTry 'sudo mount -o remount,mode=755 %s'\n",
				 tracepoint__events_dir(), sys, name,
				 tracepoint__events_dir());
		break;
	case ENOENT:
		str = "unknown tracepoint";
		/* perf blames the kernel's config when tracefs is not even mounted */
		if (access(tracepoint__events_dir(), F_OK))
			help = xasprintf("Error:\tFile %s/%s/%s not found.\n"
					 "Hint:\ttracefs is not mounted: as root, 'mount -t tracefs nodev %.*s'.\n",
					 tracepoint__events_dir(), sys, name,
					 (int)(strlen(tracepoint__events_dir()) - strlen("/events")),
					 tracepoint__events_dir());
		else
			help = xasprintf("Error:\tFile %s/%s/%s not found.\n"
					 "Hint:\tPerhaps this kernel misses some CONFIG_ setting to enable this feature?.\n",
					 tracepoint__events_dir(), sys, name);
		break;
	default:
		str = "failed to add tracepoint";
		help = xasprintf("%s: %s/%s/%s", strerror(err), tracepoint__events_dir(),
				 sys, name);
		break;
	}
	perr(p, 0, help, "%s", str);
}

static int add_tracepoint_one(struct parser *p, const char *sys,
			      const char *name, struct list_head *terms)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
	};
	struct evsel *evsel;
	char *full, *ename = NULL;
	u64 id;
	int ret = tracepoint__id(sys, name, &id);

	if (ret) {
		tracepoint_error(p, -ret, sys, name);
		return -1;
	}
	attr.config = id;
	if (terms && config_tracepoint(p, &attr, terms, &ename)) {
		free(ename);
		return -1;
	}
	full = xasprintf("%s:%s", sys, name);
	evsel = new_evsel(p, &attr, ename ? ename : full);
	free(full);
	free(ename);
	evsel->tp_sys = xstrdup(sys);
	evsel->tp_name = xstrdup(name);
	return 0;
}

/* Directory entries of @path in readdir order (perf's expansion order). */
static char **read_dir_names(const char *path, int *nr)
{
	struct dirent *d;
	char **v = NULL;
	size_t alloc = 0;
	DIR *dp = opendir(path);

	*nr = 0;
	if (!dp)
		return NULL;
	while ((d = readdir(dp))) {
		v = xgrow(v, sizeof(*v), (size_t)*nr + 1, &alloc);
		v[(*nr)++] = xstrdup(d->d_name);
	}
	closedir(dp);
	if (!v)
		v = xzalloc(sizeof(*v));
	return v;
}

static void free_names(char **v, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

static int add_tracepoint_event(struct parser *p, const char *sys,
				const char *name, struct list_head *terms)
{
	char **v, *path;
	int nr, i, found = 0, ret = 0;

	if (!has_glob(name))
		return add_tracepoint_one(p, sys, name, terms);
	path = xasprintf("%s/%s", tracepoint__events_dir(), sys);
	v = read_dir_names(path, &nr);
	free(path);
	if (!v) {
		tracepoint_error(p, errno, sys, name);
		return -1;
	}
	for (i = 0; i < nr && !ret; i++) {
		if (!strcmp(v[i], ".") || !strcmp(v[i], "..") ||
		    !strcmp(v[i], "enable") || !strcmp(v[i], "filter"))
			continue;
		if (!strglobmatch(v[i], name))
			continue;
		found++;
		ret = add_tracepoint_one(p, sys, v[i], terms);
	}
	free_names(v, nr);
	if (!found) {
		tracepoint_error(p, ENOENT, sys, name);
		return -1;
	}
	return ret;
}

static int add_tracepoint(struct parser *p, const char *sys, const char *name,
			  struct list_head *terms)
{
	char **v;
	int nr, i, ret = 0;

	if (!has_glob(sys))
		return add_tracepoint_event(p, sys, name, terms);
	v = read_dir_names(tracepoint__events_dir(), &nr);
	if (!v) {
		tracepoint_error(p, errno, sys, name);
		return -1;
	}
	for (i = 0; i < nr && !ret; i++) {
		if (!strcmp(v[i], ".") || !strcmp(v[i], "..") ||
		    !strcmp(v[i], "enable") || !strcmp(v[i], "header_event") ||
		    !strcmp(v[i], "header_page"))
			continue;
		if (!strglobmatch(v[i], sys))
			continue;
		ret = add_tracepoint_event(p, v[i], name, terms);
	}
	free_names(v, nr);
	return ret;
}

/* Replace alias terms by what the alias stands for; note its unit/scale. */
static int expand_alias_terms(struct parser *p, struct pmu *pmu,
			      struct list_head *terms, struct pmu_alias **used)
{
	struct term *t, *tmp;

	list_for_each_entry_safe(t, tmp, terms, node) {
		struct pmu_alias *a = NULL;
		char *copy, *tok, *save;

		if (t->type == TERM_USER && !t->is_str && t->no_value &&
		    !pmu__find_format(pmu, t->config))
			a = pmu__find_alias(pmu, t->config);
		else if (t->type == TERM_USER && t->is_str &&
			 !strcasecmp(t->config, "event"))
			a = pmu__find_alias(pmu, t->str);
		if (!a)
			continue;
		if (*used) {
			/* One alias per event: each brings its own unit and scale. */
			perr(p, t->idx, NULL, "more than one event alias ('%s' and '%s')",
			     (*used)->name, a->name);
			return -1;
		}
		*used = a;
		copy = xstrdup(a->terms);
		for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			struct term *n = xzalloc(sizeof(*n));
			char *eq = strchr(tok, '='), *end;
			int i;

			INIT_LIST_HEAD(&n->node);
			n->idx = t->idx;
			n->val_idx = t->idx;
			if (eq)
				*eq = '\0';
			n->type = TERM_USER;
			for (i = 1; i < TERM__NR; i++)
				if (!strcmp(strim(tok), pel__term_names[i]))
					n->type = i;
			if (n->type == TERM_USER)
				n->config = xstrdup(strim(tok));
			if (eq) {
				errno = 0;
				n->num = strtoull(eq + 1, &end, 0);
				if (errno || end == eq + 1 || *strim(end)) {
					n->is_str = true;
					n->str = xstrdup(strim(eq + 1));
				}
			} else {
				n->num = 1;
				n->no_value = true;
			}
			/* Insert before @t, keeping the alias's order. */
			__list_add(&n->node, t->node.prev, &t->node);
		}
		free(copy);
		list_del_init(&t->node);
		free(t->config);
		free(t->str);
		free(t);
	}
	return 0;
}

static int add_pmu(struct parser *p, const char *pmu_name, int pmu_idx,
		   struct list_head *terms, const char *alias_name)
{
	struct perf_event_attr attr = { 0 };
	struct pmu_alias *used = NULL;
	struct evsel *evsel;
	struct term *t;
	char *name = NULL;
	struct pmu *pmu = pmu__find(pmu_name);

	(void)pmu_idx;	/* other errors point at terms, never at the name */
	if (!pmu) {
		/* perf points at the start of the whole string here. */
		perr(p, 0, NULL, "Cannot find PMU `%s'. Missing kernel support?",
		     pmu_name);
		return -1;
	}
	attr.type = pmu->type;
	if (expand_alias_terms(p, pmu, terms, &used))
		return -1;
	list_for_each_entry(t, terms, node) {
		struct pmu_format *f;
		u64 *cfg, max;

		if (t->type != TERM_USER) {
			if (config_term_common(p, &attr, t, &name))
				goto fail;
			continue;
		}
		f = pmu__find_format(pmu, t->config);
		if (!f) {
			char *formats = pmu__format_names(pmu);

			perr(p, t->idx, valid_terms_help(formats),
			     "unknown term '%s' for pmu '%s'", t->config, pmu->name);
			free(formats);
			goto fail;
		}
		if (t->is_str) {
			perr(p, t->val_idx, NULL, "expected numeric value");
			goto fail;
		}
		if (f->config == 0)
			cfg = (u64 *)&attr.config;
		else if (f->config == 1)
			cfg = (u64 *)&attr.config1;
		else
			cfg = (u64 *)&attr.config2;
		if (pmu_format__apply(f, t->num, cfg, &max)) {
			perr(p, t->val_idx, NULL,
			     "value too big for format, maximum is %" PRIu64, max);
			goto fail;
		}
	}
	evsel = new_evsel(p, &attr, name ? name : alias_name);
	evsel->pmu_name = xstrdup(pmu->name);
	if (pmu->cpus)
		evsel->own_cpus = cpu_map__get(pmu->cpus);
	if (used) {
		if (used->unit && *used->unit)
			evsel->unit = xstrdup(used->unit);
		evsel->scale = used->scale;
	}
	free(name);
	return 0;
fail:
	free(name);
	return -1;
}

/* A bare alias name ("tsc"): the event on every PMU that has it. */
static int add_multi_pmu(struct parser *p, const char *alias, int idx,
			 struct list_head *extra)
{
	struct pmu *pmu = NULL;
	int found = 0;

	while ((pmu = pmus__next(pmu))) {
		LIST_HEAD(terms);
		struct term *t, *n;
		int ret;

		if (!pmu__find_alias(pmu, alias))
			continue;
		t = xzalloc(sizeof(*t));
		INIT_LIST_HEAD(&t->node);
		t->type = TERM_USER;
		t->config = xstrdup(alias);
		t->num = 1;
		t->no_value = true;
		t->idx = idx;
		list_add_tail(&t->node, &terms);
		if (extra) {
			list_for_each_entry(n, extra, node) {
				struct term *c = xzalloc(sizeof(*c));

				*c = *n;
				INIT_LIST_HEAD(&c->node);
				c->config = n->config ? xstrdup(n->config) : NULL;
				c->str = n->str ? xstrdup(n->str) : NULL;
				list_add_tail(&c->node, &terms);
			}
		}
		ret = add_pmu(p, pmu->name, idx, &terms, NULL);
		terms__free(&terms);
		if (ret)
			return -1;
		found++;
	}
	if (!found) {
		perr(p, idx, NULL, "unknown event '%s'", alias);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ modifiers */

struct modifier {
	bool eu, ek, eh, eH, eG, eI, precise_max, sample_read;
	bool pinned, exclusive, exclude_GH, weak, bpf;
	unsigned int precise;
};

static int check_modifier(const char *str)
{
	const char *q;

	if (strlen(str) > strlen("ukhGHpppPSDIWeb"))
		return -1;
	for (q = str; *q; q++)
		if (*q != 'p' && strchr(q + 1, *q))
			return -1;
	return 0;
}

static int get_modifier(struct modifier *mod, const char *str, const struct evsel *evsel)
{
	const struct perf_event_attr *a = evsel ? &evsel->attr : NULL;
	int eu = a ? a->exclude_user : 0, ek = a ? a->exclude_kernel : 0;
	int eh = a ? a->exclude_hv : 0, eH = a ? a->exclude_host : 0;
	int eG = a ? a->exclude_guest : 0, eI = a ? a->exclude_idle : 0;
	int precise = a ? a->precise_ip : 0;
	int pinned = a ? a->pinned : 0, exclusive = a ? a->exclusive : 0;
	int exclude = eu | ek | eh, exclude_GH = evsel ? evsel->exclude_GH : 0;
	int precise_max = 0, sample_read = 0, weak = 0, bpf = 0;

	for (; *str; str++) {
		switch (*str) {
		case 'u':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			if (!exclude_GH)
				eG = 1;
			eu = 0;
			break;
		case 'k':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			ek = 0;
			break;
		case 'h':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			eh = 0;
			break;
		case 'G':
			if (!exclude_GH)
				exclude_GH = eG = eH = 1;
			eG = 0;
			break;
		case 'H':
			if (!exclude_GH)
				exclude_GH = eG = eH = 1;
			eH = 0;
			break;
		case 'I':
			eI = 1;
			break;
		case 'p':
			precise++;
			/* Precise sampling implies excluding guests. */
			if (!exclude_GH)
				eG = 1;
			break;
		case 'P':
			precise_max = 1;
			break;
		case 'S':
			sample_read = 1;
			break;
		case 'D':
			pinned = 1;
			break;
		case 'e':
			exclusive = 1;
			break;
		case 'W':
			weak = 1;
			break;
		case 'b':
			bpf = 1;
			break;
		default:
			return -EINVAL;
		}
	}
	if (precise > 3)
		return -EINVAL;
	*mod = (struct modifier){
		.eu = eu, .ek = ek, .eh = eh, .eH = eH, .eG = eG, .eI = eI,
		.precise = (unsigned int)precise & 3, .precise_max = precise_max,
		.sample_read = sample_read, .pinned = pinned,
		.exclusive = exclusive, .exclude_GH = exclude_GH, .weak = weak,
		.bpf = bpf,
	};
	return 0;
}

/* Apply @str to the evsels from @first on; @add: a group modifier. */
static int apply_modifier(struct list_head *head, struct list_head *first,
			  const char *str, bool add)
{
	struct modifier mod;
	struct list_head *pos;

	if (check_modifier(str))
		return -EINVAL;
	if (!add && get_modifier(&mod, str, NULL))
		return -EINVAL;
	for (pos = first; pos != head; pos = pos->next) {
		struct evsel *evsel = list_entry(pos, struct evsel, node);

		if (add && get_modifier(&mod, str, evsel))
			return -EINVAL;
		evsel->attr.exclude_user = mod.eu;
		evsel->attr.exclude_kernel = mod.ek;
		evsel->attr.exclude_hv = mod.eh;
		evsel->attr.precise_ip = mod.precise & 3;
		evsel->attr.exclude_host = mod.eH;
		evsel->attr.exclude_guest = mod.eG;
		evsel->attr.exclude_idle = mod.eI;
		evsel->exclude_GH = mod.exclude_GH;
		evsel->sample_read = mod.sample_read;
		evsel->precise_max = mod.precise_max;
		evsel->weak_group = mod.weak;
		if (evsel__is_group_leader(evsel)) {
			evsel->attr.pinned = mod.pinned;
			evsel->pinned_mod = mod.pinned;
			evsel->attr.exclusive = mod.exclusive;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ grammar */

static int parse_sep_dc(struct parser *p)
{
	if (pel__peek_char(p, ':'))
		pel__next(p);
	return 0;
}

static int parse_event_def(struct parser *p)
{
	struct token t = pel__next(p);
	LIST_HEAD(terms);
	int ret = -1;
	bool slash;

	switch (t.type) {
	case T_SYM_HW:
	case T_SYM_SW:
		if (pel__peek_char(p, '/')) {
			pel__next(p);
			if (pel__peek_char(p, '/'))
				pel__next(p);
			else if (parse_terms(p, &terms))
				break;
		} else {
			parse_sep_dc(p);
		}
		ret = add_numeric(p, t.type == T_SYM_HW ? PERF_TYPE_HARDWARE :
				  PERF_TYPE_SOFTWARE, t.num, &terms);
		break;
	case T_SYM_TOOL:
		if (pel__peek_char(p, '/')) {
			pel__next(p);
			if (!pel__peek_char(p, '/'))
				return syntax_error(p);
			pel__next(p);
		} else {
			parse_sep_dc(p);
		}
		ret = add_tool(p, (enum tool_event)t.num);
		break;
	case T_CACHE_TYPE: {
		struct token ops[2];
		int nr = 0;

		while (nr < 2 && pel__peek_char(p, '-')) {
			pel__next(p);
			ops[nr] = pel__next(p);
			if (ops[nr].type != T_CACHE_OPRES)
				return syntax_error(p);
			nr++;
		}
		if (parse_opt_config(p, &terms, NULL))
			break;
		parse_sep_dc(p);
		ret = add_cache(p, &t, ops, nr, &terms);
		break;
	}
	case T_MEM: {
		struct token addr = pel__next(p), v;
		u64 len = 0;
		char *bp = NULL;

		if (addr.type != T_VALUE)
			return syntax_error(p);
		if (pel__peek_char(p, '/')) {
			pel__next(p);
			v = pel__next(p);
			if (v.type != T_VALUE)
				return syntax_error(p);
			len = v.num;
		}
		if (pel__peek_char(p, ':')) {
			pel__next(p);
			if (pel__peek(p)->type == T_BP_MOD) {
				v = pel__next(p);
				bp = pel__tok_str(p, &v);
				parse_sep_dc(p);
			}
		}
		if (p->mode == M_MEM)
			p->mode = M_INITIAL;
		ret = add_breakpoint(p, addr.num, bp, len);
		if (ret) {
			perr(p, addr.start, NULL, "invalid breakpoint access type '%s'", bp);
			ret = -1;
		}
		free(bp);
		break;
	}
	case T_VALUE: {
		struct token cfg;

		if (!pel__peek_char(p, ':'))
			return syntax_error(p);
		pel__next(p);
		cfg = pel__next(p);
		if (cfg.type != T_VALUE)
			return syntax_error(p);
		if (parse_opt_config(p, &terms, NULL))
			break;
		parse_sep_dc(p);
		/* perf stores the type into the u32 attr field as it is. */
		ret = add_numeric(p, (u32)t.num, cfg.num, &terms);
		break;
	}
	case T_RAW:
		if (parse_opt_config(p, &terms, NULL))
			break;
		parse_sep_dc(p);
		ret = add_numeric(p, PERF_TYPE_RAW, t.num, &terms);
		break;
	case T_NAME: {
		char *name = pel__tok_str(p, &t);

		if (pel__peek_char(p, '/')) {
			/* pmu/terms/ (no ':' may follow, the modifier is glued on) */
			if (parse_opt_config(p, &terms, &slash) == 0)
				ret = add_pmu(p, name, t.start, &terms, NULL);
		} else if (pel__peek_char(p, ':') || pel__peek_char(p, '-')) {
			char *sys = NULL, *ev;
			struct token e;

			if (pel__peek_char(p, '-')) {
				pel__next(p);
				e = pel__next(p);
				if (e.type != T_NAME || !pel__peek_char(p, ':')) {
					free(name);
					return syntax_error(p);
				}
				ev = pel__tok_str(p, &e);
				sys = xasprintf("%s-%s", name, ev);
				free(ev);
			}
			pel__next(p);	/* ':' */
			e = pel__next(p);
			if (e.type != T_NAME) {
				free(sys);
				free(name);
				return syntax_error(p);
			}
			ev = pel__tok_str(p, &e);
			if (parse_opt_config(p, &terms, NULL) == 0) {
				parse_sep_dc(p);
				ret = add_tracepoint(p, sys ? sys : name, ev, &terms);
			}
			free(ev);
			free(sys);
		} else {
			free(name);
			/* Report at the name, after what follows it was read. */
			pel__peek(p);
			return syntax_error(p);
		}
		free(name);
		break;
	}
	case T_KPMU:
	case T_PMU_EVENT: {
		char *name = pel__tok_str(p, &t);

		if (parse_opt_config(p, &terms, &slash) == 0) {
			if (!slash)
				parse_sep_dc(p);
			ret = add_multi_pmu(p, name, t.start, &terms);
		}
		free(name);
		break;
	}
	case T_PMU_PRE: {
		struct token suf;
		char *a, *b, *name;

		if (!pel__peek_char(p, '-'))
			return syntax_error(p);
		pel__next(p);
		suf = pel__next(p);
		if (suf.type != T_PMU_SUF && suf.type != T_PMU_EVENT)
			return syntax_error(p);
		a = pel__tok_str(p, &t);
		b = pel__tok_str(p, &suf);
		name = xasprintf("%s-%s", a, b);
		free(a);
		free(b);
		if (parse_opt_config(p, &terms, &slash) == 0) {
			if (!slash)
				parse_sep_dc(p);
			ret = add_multi_pmu(p, name, t.start, &terms);
		}
		free(name);
		break;
	}
	default:
		return syntax_error(p);
	}
	terms__free(&terms);
	if (ret && !p->failed)
		return syntax_error(p);
	return ret ? -1 : 0;
}

static bool at_event_end(struct parser *p, bool in_group)
{
	struct token *t = pel__peek(p);

	if (t->type == T_EOF)
		return true;
	if (t->type == T_CHAR && t->ch == ',')
		return true;
	return in_group && t->type == T_CHAR && t->ch == '}';
}

/* event: [EVENT_NAME] event_def [modifier] */
static int parse_event(struct parser *p, char *event_name, bool in_group)
{
	struct list_head *first = p->events.prev;
	struct list_head *pos;
	struct token *t;

	if (parse_event_def(p))
		return -1;
	first = first->next;
	/* Events that did not name themselves take the text as typed. */
	if (event_name) {
		for (pos = first; pos != &p->events; pos = pos->next) {
			struct evsel *evsel = list_entry(pos, struct evsel, node);

			if (!evsel->name)
				evsel->name = xstrdup(event_name);
		}
	}
	t = pel__peek(p);
	if (t->type == T_MOD) {
		struct token m = pel__next(p);
		char *mod = pel__tok_str(p, &m);
		int ret = apply_modifier(&p->events, first, mod, false);

		free(mod);
		if (ret) {
			perr(p, m.start, NULL, "Bad modifier");
			return -1;
		}
	}
	if (!at_event_end(p, in_group))
		return syntax_error(p);
	return 0;
}

static void set_leader(struct parser *p, struct list_head *first, const char *name)
{
	struct evsel *leader, *evsel;
	struct list_head *pos;
	int n = 0;

	if (first == &p->events)
		return;
	leader = list_entry(first, struct evsel, node);
	for (pos = first; pos != &p->events; pos = pos->next) {
		evsel = list_entry(pos, struct evsel, node);
		evsel->leader = leader;
		n++;
	}
	leader->nr_members = n;
	free(leader->group_name);
	leader->group_name = name ? xstrdup(name) : NULL;
	/* perf counts a group only when it holds more than one event. */
	if (n > 1)
		p->nr_groups++;
}

/* group: [NAME] '{' event (',' event)* '}' [':' modifier] */
static int parse_group(struct parser *p)
{
	struct list_head *before = p->events.prev, *first;
	char *gname = NULL;
	struct token t = pel__next(p);

	if (t.type == T_NAME || t.type == T_PMU_EVENT) {
		gname = pel__tok_str(p, &t);
		t = pel__next(p);
	}
	if (!(t.type == T_CHAR && t.ch == '{')) {
		free(gname);
		return syntax_error(p);
	}
	for (;;) {
		char *ename = pel__enter_event(p);
		int ret = parse_event(p, ename, true);

		free(ename);
		if (ret) {
			free(gname);
			return -1;
		}
		t = pel__next(p);
		if (t.type == T_CHAR && t.ch == ',')
			continue;
		break;	/* '}' (parse_event checked) */
	}
	first = before->next;
	set_leader(p, first, gname);
	free(gname);
	if (pel__peek_char(p, ':')) {
		struct token m;
		char *mod;
		int ret;

		pel__next(p);
		m = pel__next(p);
		if (m.type != T_MOD)
			return syntax_error(p);
		mod = pel__tok_str(p, &m);
		ret = apply_modifier(&p->events, first, mod, true);
		free(mod);
		if (ret) {
			perr(p, m.start, NULL, "Bad modifier");
			return -1;
		}
	}
	return at_event_end(p, false) ? 0 : syntax_error(p);
}

static int parse_all(struct parser *p)
{
	for (;;) {
		char *ename = pel__enter_event(p);
		int ret;

		if (ename)
			ret = parse_event(p, ename, false);
		else
			ret = parse_group(p);
		free(ename);
		if (ret)
			return -1;
		if (pel__peek(p)->type == T_EOF)
			break;
		pel__next(p);	/* ',' */
	}
	if (p->garbage)
		return syntax_error(p);
	return 0;
}

static void free_events(struct list_head *events)
{
	struct evsel *evsel, *tmp;

	list_for_each_entry_safe(evsel, tmp, events, node) {
		list_del_init(&evsel->node);
		evsel__delete(evsel);
	}
}

int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err)
{
	struct parser p = {
		.s = str,
		.len = (int)strlen(str),
		.mode = M_EVENT,
		.err = err,
		/* bison starts locations at column 1. */
		.loc_first = 1,
		.loc_last = 1,
	};
	struct evsel *evsel, *tmp;

	INIT_LIST_HEAD(&p.events);
	if (err && !err->num_errors && !err->str)
		parse_events_error__init(err);
	if (parse_all(&p)) {
		free(p.metric_id);
		free(p.callgraph);
		free_events(&p.events);
		return -1;
	}
	free(p.metric_id);
	free(p.callgraph);
	if (list_empty(&p.events)) {
		perr(&p, -1, NULL, "%s", nothing_found);
		return -1;
	}
	list_for_each_entry_safe(evsel, tmp, &p.events, node) {
		list_del_init(&evsel->node);
		evlist__add(evlist, evsel);
	}
	evlist->nr_groups += p.nr_groups;
	return 0;
}

int parse_events_option(const struct option *opt, const char *str, int unset)
{
	struct evlist *evlist = opt->value;
	struct parse_events_error err;
	int ret;

	if (unset || !str)
		return 0;
	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	if (ret) {
		parse_events_error__print(&err, str);
		/* perf leaves a blank line before the usage that follows. */
		pr_info("Run '%s list' for a list of valid events\n", prof_progname);
	}
	parse_events_error__exit(&err);
	return ret ? -1 : 0;
}

int parse_events_filter(struct evlist *evlist, const char *filter)
{
	struct evsel *last = evlist__last(evlist);

	if (!last)
		return error("--filter option should follow a -e tracepoint or HW tracer option");
	if (last->attr.type != PERF_TYPE_TRACEPOINT) {
		/* perf's address filters, for PMUs that take them (nr_addr_filters) */
		struct pmu *pmu = NULL;
		char path[PATH_MAX], *n = NULL;

		while ((pmu = pmus__next(pmu)))
			if (pmu->type == last->attr.type)
				break;
		if (pmu) {
			snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/nr_addr_filters",
				 sysfs__root(), pmu->name);
			n = read_file_str(path, NULL);
		}
		if (!n || atoi(n) <= 0) {
			free(n);
			return error("This CPU does not support address filtering");
		}
		free(n);
		return error("Address filters (%s) are not supported by prof yet", pmu->name);
	}
	free(last->filter);
	last->filter = xstrdup(filter);
	return 0;
}

void parse_events__set_sysfs_root(const char *root)
{
	sysfs__set_root(root);
}
