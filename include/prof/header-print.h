/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * header-print.h: perf report --header / --header-only text: the
 * "# ========" block with the file layout, every header feature and the
 * events, as perf 6.1 prints it (-I adds the extended features).
 */
#ifndef PROF_HEADER_PRINT_H
#define PROF_HEADER_PRINT_H

#include "compat.h"

struct session;

/* Print the block for @s (its header read, pipe features processed). */
void header__fprintf_info(struct session *s, bool full, FILE *fp);
/* The same without the "# ========" rulers: the browser's 'i' window. */
void header__fprintf_env(struct session *s, bool full, FILE *fp);

/* One feature (pipe streams print each HEADER_FEATURE as it arrives). */
void header__fprintf_feature(struct session *s, int feat, bool full, FILE *fp);

/*
 * perf's perf_event_attr__fprintf: each field perf prints (those set,
 * in perf's order; @size stands for attr.size) handed to @fn as its
 * name and its value's text. The header prints ", name = value",
 * perf evlist -v ": name: value, name: value".
 */
struct perf_event_attr;
typedef void (*attr_field_fn)(FILE *fp, const char *name, const char *val, void *priv);
void perf_attr__fprintf(FILE *fp, const struct perf_event_attr *a, u32 size,
			attr_field_fn fn, void *priv);

#endif /* PROF_HEADER_PRINT_H */
