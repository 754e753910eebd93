/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dump.h: the text of perf report -D (--dump-raw-trace), perf 6.1 layout.
 *
 * For each record: a blank line, "<offset>@<file> [<size>]: event: <type>",
 * the raw bytes as a hex dump, then "<time> <offset> [<size>]:
 * PERF_RECORD_<NAME>" and what perf's handler for that record prints
 * (SAMPLE fields and callchain, MMAP2 ranges, COMM names, ...). The two
 * lines perf prints while it resolves a sample (" ... thread:" and
 * " ...... dso:") need the machine model and are printed by the caller.
 */
#ifndef PROF_DUMP_H
#define PROF_DUMP_H

#include "compat.h"

struct session;
struct perf_sample;
union perf_event;

/*
 * Print @event (native order, as a struct tool's dump callback gets it;
 * @sample NULL for a user record) at file offset @offset to @fp, with what
 * perf's @tool prints for it (the --stats tool: mostly ": unhandled!"). Returns nothing: output errors are
 * caught by the caller's final stdout check.
 */
/* Whose -D: which records perf's tool handles, and which its stubs call unhandled */
enum dump_tool {
	DUMP_REPORT,		/* perf report's tool */
	DUMP_STATS,		/* perf report --stats' tool */
	DUMP_DIFF,		/* perf diff's tool */
	DUMP_SCHED,		/* perf sched latency's, map's and replay's tool */
	DUMP_TIMEHIST,		/* perf sched timehist's tool */
	DUMP_SCRIPT,		/* perf script's tool */
	/* perf script --show-task-events': its EXIT line comes before the
	 * record's details, which the caller prints (dump__exit_tail) */
	DUMP_SCRIPT_TASKS,
	DUMP_LOCK,		/* perf lock report's, contention's and info's tool */
};

void dump__event(struct session *s, union perf_event *event, struct perf_sample *sample,
		 u64 offset, enum dump_tool tool, FILE *fp);

/*
 * perf_event__fprintf: "PERF_RECORD_<NAME>" and the record's details as
 * -D prints them (perf script --show-*-events). A side-band record only:
 * a SAMPLE or READ needs the session.
 */
void dump__event_line(FILE *fp, union perf_event *event, struct perf_sample *sample);
/* The rest of an EXIT record's dump line: "(pid:tid):(ppid:ptid)". */
void dump__exit_tail(FILE *fp, const union perf_event *event);
/* The thread and DSO lines of a resolved sample. @dso NULL: "<not found>". */
void dump__sample_location(FILE *fp, const char *comm, int tid, const char *dso, char level);

#endif /* PROF_DUMP_H */
