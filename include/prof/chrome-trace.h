/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chrome-trace.h: a timeline in the Trace Event Format that Chrome's
 * trace viewer (about:tracing) and Perfetto's UI open, in its object form:
 *
 *   { "traceEvents": [ ... ], "stackFrames": { "<id>": {...}, ... },
 *     "displayTimeUnit": "ns", "otherData": { ... } }
 *
 * Events are written as they are given (the file grows as it is read);
 * the threads' names ("ph":"M" process_name and thread_name) and the
 * frames, kept once as a tree (parent, name and category), at the end.
 * Times are nanoseconds in, microseconds out ("ts" with three decimals).
 */
#ifndef PROF_CHROME_TRACE_H
#define PROF_CHROME_TRACE_H

#include "compat.h"
#include <stdio.h>

struct resolved_sample;
struct chrome_trace;

/* A new trace written to @out (borrowed, left open). */
struct chrome_trace *chrome_trace__new(FILE *out);
void chrome_trace__delete(struct chrome_trace *ct);	/* NULL is a no-op */

/* Where an event happened and what stack it has. */
struct chrome_trace_where {
	s64 pid, tid;
	const char *comm;		/* the thread's command, NULL: unknown */
	const char *process_comm;	/* its process's (the leader's), NULL: comm */
	/*
	 * The stack: @rs's first @nr frames (callee order) or, with @nr 0,
	 * its own location; no stack with @rs NULL.
	 */
	const struct resolved_sample *rs;
	int nr;
	s64 cpu;			/* -1: not known */
};

/* An instant event ("ph":"i", thread scope) named @name at @time_ns. */
void chrome_trace__instant(struct chrome_trace *ct, const struct chrome_trace_where *w,
			   const char *name, const char *cat, u64 time_ns, u64 period);

/*
 * A complete event ("ph":"X") named @name from @start_ns for @dur_ns on
 * the thread; @state (NULL: none) goes into its args.
 */
void chrome_trace__complete(struct chrome_trace *ct, const struct chrome_trace_where *w,
			    const char *name, const char *cat, u64 start_ns, u64 dur_ns,
			    const char *state);

/* The threads' names, the frames, the rest; 0, or -1 when @out failed. */
int chrome_trace__finish(struct chrome_trace *ct, const char *source);

#endif /* PROF_CHROME_TRACE_H */
