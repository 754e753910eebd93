/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool.h: the callback table the session hands records to. The same table
 * serves a file (report), a live ring buffer (top) and a pass-through
 * (record writing to disk).
 *
 * Every callback gets the session, the record (aligned, native byte order,
 * read-only, valid until the callback returns; copy what you keep) and, for kernel
 * record types, the parsed sample / sample_id trailer. A NULL callback
 * means "ignore". A negative return stops processing and is passed up.
 * Records with payload after header.size (TRACING_DATA, AUXTRACE) have it
 * at ((char *)event + event->header.size), length in the record.
 */
#ifndef PROF_TOOL_H
#define PROF_TOOL_H

#include "compat.h"
#include "perf-data.h"

struct session;
struct session_evsel;
struct perf_sample;
union perf_event;

typedef int (*tool_event_fn)(struct session *s, union perf_event *event,
			     struct perf_sample *sample);
typedef int (*tool_user_fn)(struct session *s, union perf_event *event);
/*
 * Sees every record where perf 6.1 dumps it (report -D): user records as
 * they are read (@sample NULL), kernel records as they are delivered,
 * after ordering (@sample parsed, possibly partly on a short trailer), in
 * both cases before the record's own callback. @offset is the record's
 * file offset (that of the COMPRESSED record for what came out of one).
 */
typedef int (*tool_dump_fn)(struct session *s, union perf_event *event,
			    struct perf_sample *sample, u64 offset);

struct tool {
	/* kernel records (sample is filled from the record / its trailer) */
	tool_event_fn sample, mmap, mmap2, comm, fork, exit, lost, lost_samples,
		      throttle, unthrottle, read, aux, itrace_start,
		      context_switch, namespaces, ksymbol, bpf_event, cgroup,
		      text_poke, aux_output_hw_id, callchain_deferred;
	/* perf-synthesized records */
	tool_user_fn attr, event_type, tracing_data, build_id, finished_round,
		     id_index, auxtrace_info, auxtrace, auxtrace_error,
		     thread_map, cpu_map, stat_config, stat, stat_round,
		     event_update, time_conv, feature, finished_init;
	/* COMPRESSED/COMPRESSED2 themselves, only with no_decompress */
	tool_user_fn compressed;
	/* any other type (unknown kernel or user type) */
	tool_user_fn unknown;
	/* every record, before its callback (NULL: none) */
	tool_dump_fn dump;
	/*
	 * Deliver time-stamped records sorted by time, flushing at each
	 * FINISHED_ROUND with perf's two-round rule (session.h).
	 */
	bool ordered_events;
	/* Hand COMPRESSED records to ->compressed as they are instead of
	 * decompressing them (a pass-through that copies the stream). */
	bool no_decompress;
	/*
	 * Stop once the header is known: at once in file mode, after the
	 * HEADER_FEATURE end marker in pipe mode (perf report --header-only).
	 */
	bool header_only;
	void *priv;			/* the tool's own data */
};

#endif /* PROF_TOOL_H */
