/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * off-cpu.h: record's --off-cpu without BPF. The blocked stacks come from
 * sched:sched_switch samples with call chains (a thread's switch-out, its
 * prev_state telling a block, S or D, from a preemption), the end of each
 * block from the context-switch records (its switch-in). The file gets
 * neither: it gets samples of an event named "offcpu-time" whose period
 * is the nanoseconds blocked, laid out as perf's BPF --off-cpu writes
 * them, so perf report and perf script read them.
 *
 * Blocks of at least the threshold (newer perf's --off-cpu-thresh) are
 * written as they end, with the switch-in time; shorter ones are summed
 * per thread and stack and written when the recording ends, at perf's
 * dummy times (~0 << 32, +1 each). With --call-graph dwarf every block is
 * its own sample (a stack copy cannot be summed with another).
 *
 * Use (record): off_cpu__new before the attrs are set up, then
 * off_cpu__add_events (adds the two events), evlist__config_sampling,
 * off_cpu__config; off_cpu__opened once the events are open; per record
 * drained off_cpu__event, and off_cpu__keep for whether it goes into the
 * file; off_cpu__pass after each pass, off_cpu__finish at the end.
 */
#ifndef PROF_OFF_CPU_H
#define PROF_OFF_CPU_H

#include "compat.h"

struct evlist;
struct evsel;
struct strbuf;
union perf_event;

#define OFFCPU_EVENT "offcpu-time"
#define OFFCPU_THRESH_DEFAULT_MS 500	/* newer perf's --off-cpu-thresh default */
/* perf's: the summed short blocks' times are this, +1 each (no real time) */
#define OFFCPU_TIMESTAMP (~0ULL << 32)

struct off_cpu;

/*
 * @thresh_ns: blocks this long are written at once. @keep_switches: the
 * user asked for --switch-events, so the context-switch records stay in
 * the file. NULL after error() when sched:sched_switch cannot be used.
 */
struct off_cpu *off_cpu__new(u64 thresh_ns, bool keep_switches);
void off_cpu__delete(struct off_cpu *oc);
/* Append offcpu-time and sched:sched_switch to @evlist. 0 or -1 (said). */
int off_cpu__add_events(struct off_cpu *oc, struct evlist *evlist);
/* After evlist__config_sampling: the chains and sample types of both. */
void off_cpu__config(struct off_cpu *oc, struct evlist *evlist);
/* After open: the ids of the switch samples and of the tracking event. */
void off_cpu__opened(struct off_cpu *oc, struct evlist *evlist);
/*
 * The sched_switch event is not in the file: take it out of @evlist
 * while the file's events are written, and put it back.
 */
void off_cpu__hide(struct off_cpu *oc, struct evlist *evlist);
void off_cpu__unhide(struct off_cpu *oc, struct evlist *evlist);
bool off_cpu__is_hidden(const struct off_cpu *oc, const struct evsel *evsel);

/* A record of a ring buffer, in any order within a pass. */
void off_cpu__event(struct off_cpu *oc, const union perf_event *ev);
/* Whether @ev goes into the file (not a switch sample, nor a switch record). */
bool off_cpu__keep(const struct off_cpu *oc, const union perf_event *ev);
/* The end of a pass: the blocks that ended in it, sorted by time; the
 * long ones appended to @sb as samples. Returns how many. */
u64 off_cpu__pass(struct off_cpu *oc, struct strbuf *sb);
/* The end: the summed short blocks appended to @sb. Returns how many. */
u64 off_cpu__finish(struct off_cpu *oc, struct strbuf *sb);

#endif /* PROF_OFF_CPU_H */
