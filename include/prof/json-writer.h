/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json-writer.h: the one small streaming JSON writer (bpftool's idea).
 * Values go straight to a FILE; the writer tracks nesting so commas and
 * key separators are always right, and escapes every string.
 *
 * The separators default to perf's one-line layout,
 *   {"key" : "value", "n" : 1}
 * which is what "perf stat -j" prints; json_writer__set_separators()
 * changes them (e.g. ":" and "," for compact output).
 *
 * Ownership: the writer does not own @fp. Nothing here fails loudly: write
 * errors show up in ferror(fp) for the caller to check.
 */
#ifndef PROF_JSON_WRITER_H
#define PROF_JSON_WRITER_H

#include "compat.h"

#define JSON_WRITER_MAX_DEPTH 16

struct json_writer {
	FILE *fp;
	int depth;
	bool first[JSON_WRITER_MAX_DEPTH];	/* nothing written yet at depth */
	bool after_key;
	const char *key_sep;	/* " : " */
	const char *item_sep;	/* ", " */
};

void json_writer__init(struct json_writer *jw, FILE *fp);
void json_writer__set_separators(struct json_writer *jw, const char *key_sep,
				 const char *item_sep);

void json_writer__begin_object(struct json_writer *jw);
void json_writer__end_object(struct json_writer *jw);
void json_writer__begin_array(struct json_writer *jw);
void json_writer__end_array(struct json_writer *jw);

/* The member name; the next value call supplies its value. */
void json_writer__key(struct json_writer *jw, const char *key);
void json_writer__string(struct json_writer *jw, const char *s);	/* NULL: null */
void json_writer__u64(struct json_writer *jw, u64 v);
void json_writer__s64(struct json_writer *jw, s64 v);
void json_writer__bool(struct json_writer *jw, bool v);
void json_writer__null(struct json_writer *jw);
/*
 * A number printed with a printf format ("%.2f", "%f"): the caller picks
 * the precision. Non-finite values, which JSON cannot hold, print null.
 */
void json_writer__double(struct json_writer *jw, const char *fmt, double v);
/* A value already formatted as JSON (e.g. "1.000000123"); not escaped. */
void json_writer__raw(struct json_writer *jw, const char *fmt, ...) __printf(2, 3);

/* Write @s as a quoted, escaped JSON string (helper, no separators). */
void json_escape_string(FILE *fp, const char *s);

#endif /* PROF_JSON_WRITER_H */
