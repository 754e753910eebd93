// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace-event-read.c: the tracing data of a perf.data file (the
 * TRACING_DATA feature, or the payload of a stream's TRACING_DATA record)
 * read back into a libtraceevent handle, and tracepoint records formatted
 * with it. The layout is the one tracing-data.c writes (version 0.6; 0.5
 * lacks the saved cmdlines).
 */
#include "prof/compat.h"
#include "prof/trace-event.h"
#include "prof/util.h"
#include "prof/strbuf.h"

#ifdef HAVE_LIBTRACEEVENT
#include <byteswap.h>
#include <ctype.h>
#include <event-parse.h>

struct td_cursor {
	const u8 *p, *end;
	bool swap;
	int err;
};

static const void *td_take(struct td_cursor *c, size_t n)
{
	const void *r = c->p;

	if (c->err || (size_t)(c->end - c->p) < n) {
		c->err = -EINVAL;
		return NULL;
	}
	c->p += n;
	return r;
}

static u32 td_u32(struct td_cursor *c)
{
	const void *r = td_take(c, 4);
	u32 v = 0;

	if (r)
		memcpy(&v, r, 4);
	return c->swap ? bswap_32(v) : v;
}

static u64 td_u64(struct td_cursor *c)
{
	const void *r = td_take(c, 8);
	u64 v = 0;

	if (r)
		memcpy(&v, r, 8);
	return c->swap ? bswap_64(v) : v;
}

/* A NUL-terminated string inside the blob, or NULL. */
static const char *td_str(struct td_cursor *c)
{
	const u8 *nul;

	if (c->err)
		return NULL;
	nul = memchr(c->p, 0, (size_t)(c->end - c->p));
	if (!nul) {
		c->err = -EINVAL;
		return NULL;
	}
	return td_take(c, (size_t)(nul - c->p) + 1);
}

/* A u64-sized chunk copied out (libtraceevent wants writable text). */
static char *td_chunk(struct td_cursor *c, u64 size)
{
	const void *r;
	char *buf;

	if (size > (u64)(c->end - c->p)) {
		c->err = -EINVAL;
		return NULL;
	}
	r = td_take(c, (size_t)size);
	if (!r)
		return NULL;
	buf = xmalloc((size_t)size + 1);
	memcpy(buf, r, (size_t)size);
	buf[size] = 0;
	return buf;
}

/* "name\0" then a u64 size and the file: header_page, header_event. */
static char *td_named(struct td_cursor *c, const char *want, u64 *size)
{
	const char *name = td_str(c);

	if (!name || strcmp(name, want)) {
		c->err = -EINVAL;
		return NULL;
	}
	*size = td_u64(c);
	return td_chunk(c, *size);
}

/* "N;" at *@p: decimal digits and a semicolon, skipped. */
static bool td_number(const char **p)
{
	const char *q = *p;

	while (isdigit((unsigned char)*q))
		q++;
	if (q == *p || *q != ';')
		return false;
	*p = q + 1;
	return true;
}

/*
 * One "field:" line of a format, from just after "field:" to its end:
 * the shape every kernel writes ("DECL;\toffset:N;\tsize:N;" and, since
 * 2.6.33, "\tsigned:N;"), where DECL is a type and a name (words and
 * '*') with [...] array sizes. libtraceevent loses the token it was
 * building when a declaration holds anything else (an operator where a
 * type or a name was due, a lone word), so such a format is not handed
 * to it.
 */
static bool td_field_ok(const char *p, const char *end)
{
	int depth = 0, words = 0, words_at_bracket = 0;
	bool in_word = false, loc = !strncmp(p, "__data_loc ", 11) || !strncmp(p, "__rel_loc ", 10);

	for (; p < end && *p != ';'; p++) {
		unsigned char ch = (unsigned char)*p;
		bool word = !depth && (isalnum(ch) || ch == '_');

		if (word && !in_word)
			words++;
		in_word = word;
		if (ch == '[' && !depth && !words_at_bracket)
			words_at_bracket = words;
		if (ch == '[' && !depth)
			depth = 1;
		else if (ch == ']' && depth)
			depth = 0;
		else if (!isalnum(ch) && ch != '_' && ch != ' ' &&
			 (depth ? !strchr("()+-*", ch) : ch != '*'))
			return false;
	}
	/*
	 * A type and a name at least; an array size after the name, or
	 * after the type of a "__data_loc TYPE[] name" (and __rel_loc).
	 */
	if (p == end || depth || words < 2 || (words_at_bracket && words_at_bracket < words && !loc))
		return false;
	p++;
	if (strncmp(p, "\toffset:", 8))
		return false;
	p += 8;
	if (!td_number(&p) || strncmp(p, "\tsize:", 6))
		return false;
	p += 6;
	if (!td_number(&p))
		return false;
	if (!strncmp(p, "\tsigned:", 8)) {
		p += 8;
		if (!td_number(&p))
			return false;
	}
	return p == end;
}

/* Past the string or character quoted by *@p, or NULL when unclosed. */
static const char *td_skip_quoted(const char *p, const char *end)
{
	char q = *p++;

	for (; p < end && *p != q; p++)
		if (*p == '\\' && ++p == end)
			return NULL;
	return p < end ? p + 1 : NULL;
}

/*
 * The rest of a "print fmt:" line: a quoted format, then arguments made
 * of words, numbers, quoted strings and characters, C operators and
 * brackets, every quote closed and every bracket matched. libtraceevent
 * loses tokens on a format that breaks off inside any of them.
 */
static bool td_print_ok(const char *p, const char *end)
{
	char open[64];
	int depth = 0;

	if (*p != '"' || !(p = td_skip_quoted(p, end)))
		return false;
	while (p < end) {
		unsigned char ch = (unsigned char)*p;
		const char *closer = strchr(")]}", ch);

		if (ch == '"' || ch == '\'') {
			p = td_skip_quoted(p, end);
			if (!p)
				return false;
			continue;
		}
		if (strchr("([{", ch) && ch) {
			if (depth == (int)sizeof(open))
				return false;
			open[depth++] = (char)ch;
		} else if (closer && ch) {
			if (!depth || open[--depth] != "([{"[closer - ")]}"])
				return false;
		} else if (!isalnum(ch) && !strchr("_ \t\n,.-><=!&|^~+*/%?:;", ch)) {
			return false;
		}
		p++;
	}
	return !depth;
}

/*
 * The format @fmt has the kernel's shape: "name: ...", "ID: N",
 * "format:", field lines (blank lines between them), "print fmt: ..."
 * (all the rest, which may span lines).
 */
static bool td_format_ok(const char *fmt)
{
	const char *line = fmt;
	int state = 0;	/* 0 name, 1 ID, 2 "format:", 3 fields */

	while (*line) {
		const char *end = strchrnul(line, '\n'), *p = line;

		switch (state) {
		case 0:
			if (strncmp(line, "name: ", 6))
				return false;
			break;
		case 1:
			p = line + 4;
			if (strncmp(line, "ID: ", 4) || !isdigit((unsigned char)*p))
				return false;
			while (isdigit((unsigned char)*p))
				p++;
			if (p != end)
				return false;
			break;
		case 2:
			if ((size_t)(end - line) != 7 || strncmp(line, "format:", 7))
				return false;
			break;
		default:
			if (!strncmp(line, "print fmt: ", 11))
				return td_print_ok(line + 11, line + strlen(line));
			while (*p == ' ' || *p == '\t')
				p++;
			if (p != end && (strncmp(p, "field:", 6) || !td_field_ok(p + 6, end)))
				return false;
			break;
		}
		if (state < 3)
			state++;
		line = *end ? end + 1 : end;
	}
	return false;
}

/* u32 count, then count formats of u64 size each, parsed under @sys. */
static void td_formats(struct td_cursor *c, struct tep_handle *tep, const char *sys)
{
	u32 n = td_u32(c);

	for (u32 i = 0; i < n && !c->err; i++) {
		u64 size = td_u64(c);
		char *fmt = td_chunk(c, size);

		/* up to a NUL inside: what was checked */
		if (fmt && td_format_ok(fmt))
			tep_parse_event(tep, fmt, (unsigned long)strlen(fmt), sys);
		else if (fmt)
			pr_debug(1, "tracing data: a %s format with a malformed field is skipped\n",
				 sys);
		free(fmt);
	}
}

/*
 * What libtraceevent makes of a bprintk format @fmt: a leading quote
 * dropped, then a trailing quote, and with it a trailing "\\n" escape.
 * The library does that with pointer arithmetic that reads before a
 * format shorter than three characters, so it is done here and the
 * library gets the result in a form it always strips back to it:
 * '"' RESULT '\\' 'n' '"'. New string.
 */
static char *td_printk_fmt(const char *fmt)
{
	size_t len;

	if (*fmt == '"')
		fmt++;
	len = strlen(fmt);
	if (len && fmt[len - 1] == '"') {
		len--;
		if (len >= 2 && fmt[len - 2] == '\\' && fmt[len - 1] == 'n')
			len -= 2;
	}
	return xasprintf("\"%.*s\\n\"", (int)len, fmt);
}

/* The "addr : "format"" lines perf saves for bprintk events. */
static void td_printk(struct tep_handle *tep, char *text)
{
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *colon = strchr(line, ':'), *fmt;
		unsigned long long addr;

		if (!colon)
			continue;
		addr = strtoull(line, NULL, 16);
		fmt = colon + 1;
		while (*fmt == ' ')
			fmt++;
		fmt = td_printk_fmt(fmt);
		tep_register_print_string(tep, fmt, addr);
		free(fmt);
	}
}

/* "pid comm" lines. */
static void td_cmdlines(struct tep_handle *tep, char *text)
{
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sp;
		int pid = (int)strtol(line, &sp, 10);

		if (sp != line && *sp == ' ')
			tep_register_comm(tep, sp + 1, pid);
	}
}

int trace_event__read(const void *buf, size_t len, struct tep_handle **tepp, size_t *used)
{
	static const u8 magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	struct td_cursor c = { .p = buf, .end = (const u8 *)buf + len };
	struct tep_handle *tep;
	const char *version;
	const u8 *m, *b;
	char *text;
	u64 size;
	u32 n;
	int big, host_big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

	*tepp = NULL;
	m = td_take(&c, sizeof(magic));
	if (!m || memcmp(m, magic, sizeof(magic)))
		return -EINVAL;
	version = td_str(&c);
	b = td_take(&c, 2);
	if (!version || !b)
		return -EINVAL;
	big = b[0];
	c.swap = big != host_big;
	tep = tep_alloc();
	if (!tep)
		return -ENOMEM;
	tep_set_file_bigendian(tep, big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, host_big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(tep, b[1]);
	tep_set_page_size(tep, (int)td_u32(&c));

	text = td_named(&c, "header_page", &size);
	if (text)
		tep_parse_header_page(tep, text, (unsigned long)size, b[1]);
	free(text);
	free(td_named(&c, "header_event", &size));
	td_formats(&c, tep, "ftrace");
	n = td_u32(&c);
	for (u32 i = 0; i < n && !c.err; i++) {
		const char *sys = td_str(&c);

		if (sys)
			td_formats(&c, tep, sys);
	}
	free(td_chunk(&c, td_u32(&c)));		/* kallsyms: not needed */
	text = td_chunk(&c, td_u32(&c));
	if (text)
		td_printk(tep, text);
	free(text);
	if (!c.err && strcmp(version, "0.6") >= 0) {
		text = td_chunk(&c, td_u64(&c));
		if (text)
			td_cmdlines(tep, text);
		free(text);
	}
	if (c.err) {
		tep_free(tep);
		return c.err;
	}
	*tepp = tep;
	if (used)
		*used = (size_t)(c.p - (const u8 *)buf);
	return 0;
}

void trace_event__free(struct tep_handle *tep)
{
	if (tep)
		tep_free(tep);
}

struct tep_event *trace_event__find(struct tep_handle *tep, u64 id)
{
	return tep && id <= INT_MAX ? tep_find_event(tep, (int)id) : NULL;
}

char *trace_event__name(const struct tep_event *ev)
{
	return xasprintf("%s:%s", ev->system, ev->name);
}

char *trace_event__field_names(const struct tep_event *ev)
{
	struct strbuf sb = STRBUF_INIT;

	for (const struct tep_format_field *f = ev->format.fields; f; f = f->next)
		strbuf_addf(&sb, "%s%s", f == ev->format.fields ? "" : ",", f->name);
	return strbuf_detach(&sb, NULL);
}

char *trace_event__format(struct tep_event *ev, const void *raw, u32 size, bool fields)
{
	struct tep_record rec = { .data = (void *)raw, .size = (int)size };
	struct trace_seq seq;
	char *out;

	trace_seq_init(&seq);
	if (fields)
		tep_print_fields(&seq, (void *)raw, (int)size, ev);
	else
		tep_print_event(ev->tep, &seq, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&seq);
	out = xstrdup(seq.buffer ? seq.buffer : "");
	trace_seq_destroy(&seq);
	return out;
}

static const struct tep_format_field *field_in(struct tep_event *ev, u32 size, const char *name)
{
	const struct tep_format_field *f = ev ? tep_find_field(ev, name) : NULL;

	if (!f || f->offset < 0 || f->size < 0 || (u64)f->offset + (u64)f->size > size)
		return NULL;
	return f;
}

bool trace_event__field_u64(struct tep_event *ev, const void *raw, u32 size,
			    const char *name, u64 *val)
{
	const struct tep_format_field *f = field_in(ev, size, name);

	*val = 0;
	if (!f || (f->flags & TEP_FIELD_IS_ARRAY) || f->size > 8)
		return false;
	*val = tep_read_number(ev->tep, (const char *)raw + f->offset, f->size);
	return true;
}

const char *trace_event__field_str(struct tep_event *ev, const void *raw, u32 size,
				   const char *name, char *buf, size_t len)
{
	const struct tep_format_field *f = field_in(ev, size, name);
	size_t n = 0;

	if (f && len) {
		n = (size_t)f->size < len - 1 ? (size_t)f->size : len - 1;
		memcpy(buf, (const char *)raw + f->offset, n);
	}
	if (len) {
		buf[n] = '\0';
	}
	return buf;
}
#else
int trace_event__read(const void *buf, size_t len, struct tep_handle **tepp, size_t *used)
{
	(void)buf;
	(void)len;
	(void)used;
	*tepp = NULL;
	return -ENOTSUP;
}

void trace_event__free(struct tep_handle *tep)
{
	(void)tep;
}

struct tep_event *trace_event__find(struct tep_handle *tep, u64 id)
{
	(void)tep;
	(void)id;
	return NULL;
}

char *trace_event__name(const struct tep_event *ev)
{
	(void)ev;
	return NULL;
}

char *trace_event__field_names(const struct tep_event *ev)
{
	(void)ev;
	return NULL;
}

char *trace_event__format(struct tep_event *ev, const void *raw, u32 size, bool fields)
{
	(void)ev;
	(void)raw;
	(void)size;
	(void)fields;
	return NULL;
}

bool trace_event__field_u64(struct tep_event *ev, const void *raw, u32 size,
			    const char *name, u64 *val)
{
	(void)ev;
	(void)raw;
	(void)size;
	(void)name;
	*val = 0;
	return false;
}

const char *trace_event__field_str(struct tep_event *ev, const void *raw, u32 size,
				   const char *name, char *buf, size_t len)
{
	(void)ev;
	(void)raw;
	(void)size;
	(void)name;
	if (len)
		buf[0] = '\0';
	return buf;
}
#endif
