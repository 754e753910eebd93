/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * trace-event.h: a perf.data file's tracing data (the tracepoint formats
 * perf saves with tracepoint events) read into a libtraceevent handle, and
 * tracepoint records formatted with it. Without libtraceevent every call
 * fails softly: no handle, no event, no text.
 */
#ifndef PROF_TRACE_EVENT_H
#define PROF_TRACE_EVENT_H

#include "compat.h"

struct tep_handle;
struct tep_event;

/*
 * Parse the tracing data in @buf (perf's trace-event-info layout) into a
 * new handle in *@tepp; *@used (if not NULL) gets the bytes it took.
 * Returns 0 or -errno (-EINVAL for a malformed blob).
 */
int trace_event__read(const void *buf, size_t len, struct tep_handle **tepp, size_t *used);
void trace_event__free(struct tep_handle *tep);	/* NULL is a no-op */
/* The format of tracepoint id @id (a PERF_TYPE_TRACEPOINT config), or NULL. */
struct tep_event *trace_event__find(struct tep_handle *tep, u64 id);
/* "sys:name" of @ev, new string. */
char *trace_event__name(const struct tep_event *ev);
/* The names of @ev's own fields (not the common_ ones), comma-separated:
 * a new string, "" when it has none. */
char *trace_event__field_names(const struct tep_event *ev);
/*
 * The record @raw formatted by its print format (perf's "trace" sort key)
 * or, with @fields, as "name=value" pairs (--raw-trace, "trace_fields").
 * New string.
 */
char *trace_event__format(struct tep_event *ev, const void *raw, u32 size, bool fields);

/*
 * Field @name of the record @raw (perf's evsel__intval): its number, read
 * in the file's byte order, into *@val. False (and 0) when @ev has no such
 * field or the record is too short for it.
 */
bool trace_event__field_u64(struct tep_event *ev, const void *raw, u32 size,
			    const char *name, u64 *val);
/*
 * A char-array field (perf's evsel__strval: comm, prev_comm) into @buf,
 * cut to @len - 1 bytes and NUL-terminated; "" when absent. Returns @buf.
 */
const char *trace_event__field_str(struct tep_event *ev, const void *raw, u32 size,
				   const char *name, char *buf, size_t len);

#endif
