// SPDX-License-Identifier: GPL-2.0-only
/* json-writer.c: streaming JSON output (see include/prof/json-writer.h). */
#include "prof/compat.h"
#include "prof/json-writer.h"
#include "prof/util.h"
#include <math.h>

void json_writer__init(struct json_writer *jw, FILE *fp)
{
	memset(jw, 0, sizeof(*jw));
	jw->fp = fp;
	jw->first[0] = true;
	jw->key_sep = " : ";
	jw->item_sep = ", ";
}

void json_writer__set_separators(struct json_writer *jw, const char *key_sep,
				 const char *item_sep)
{
	jw->key_sep = key_sep;
	jw->item_sep = item_sep;
}

/* Before any value or key: a separator unless it is the first at this depth. */
static void before_item(struct json_writer *jw)
{
	if (jw->after_key) {
		jw->after_key = false;
		return;
	}
	if (!jw->first[jw->depth])
		fputs(jw->item_sep, jw->fp);
	jw->first[jw->depth] = false;
}

static void open_level(struct json_writer *jw, int c)
{
	before_item(jw);
	fputc(c, jw->fp);
	if (jw->depth + 1 >= JSON_WRITER_MAX_DEPTH)
		BUG("json writer nested too deep");
	jw->first[++jw->depth] = true;
}

static void close_level(struct json_writer *jw, int c)
{
	if (jw->depth == 0)
		BUG("json writer: close without open");
	jw->depth--;
	fputc(c, jw->fp);
}

void json_writer__begin_object(struct json_writer *jw)
{
	open_level(jw, '{');
}

void json_writer__end_object(struct json_writer *jw)
{
	close_level(jw, '}');
	/* A finished top-level value: the next one starts afresh. */
	if (jw->depth == 0)
		jw->first[0] = true;
}

void json_writer__begin_array(struct json_writer *jw)
{
	open_level(jw, '[');
}

void json_writer__end_array(struct json_writer *jw)
{
	close_level(jw, ']');
	if (jw->depth == 0)
		jw->first[0] = true;
}

void json_escape_string(FILE *fp, const char *s)
{
	const unsigned char *p;

	fputc('"', fp);
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '\b': fputs("\\b", fp); break;
		case '\f': fputs("\\f", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\r': fputs("\\r", fp); break;
		case '\t': fputs("\\t", fp); break;
		default:
			if (*p < 0x20)
				fprintf(fp, "\\u%04x", *p);
			else
				fputc(*p, fp);
		}
	}
	fputc('"', fp);
}

void json_writer__key(struct json_writer *jw, const char *key)
{
	before_item(jw);
	json_escape_string(jw->fp, key);
	fputs(jw->key_sep, jw->fp);
	jw->after_key = true;
}

void json_writer__string(struct json_writer *jw, const char *s)
{
	before_item(jw);
	if (s)
		json_escape_string(jw->fp, s);
	else
		fputs("null", jw->fp);
}

void json_writer__u64(struct json_writer *jw, u64 v)
{
	before_item(jw);
	fprintf(jw->fp, "%" PRIu64, v);
}

void json_writer__s64(struct json_writer *jw, s64 v)
{
	before_item(jw);
	fprintf(jw->fp, "%" PRId64, v);
}

void json_writer__bool(struct json_writer *jw, bool v)
{
	before_item(jw);
	fputs(v ? "true" : "false", jw->fp);
}

void json_writer__null(struct json_writer *jw)
{
	before_item(jw);
	fputs("null", jw->fp);
}

void json_writer__double(struct json_writer *jw, const char *fmt, double v)
{
	before_item(jw);
	if (!isfinite(v))
		fputs("null", jw->fp);
	else
		fprintf(jw->fp, fmt, v);
}

void json_writer__raw(struct json_writer *jw, const char *fmt, ...)
{
	va_list ap;

	before_item(jw);
	va_start(ap, fmt);
	vfprintf(jw->fp, fmt, ap);
	va_end(ap);
}
