/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * firefox-profile.h: a profile in the Firefox Profiler's Gecko profile
 * format (the JSON the Gecko profiler writes and the profiler's importers
 * produce; Gecko format version 27), which profiler.firefox.com opens and
 * processes itself:
 *
 *   { "meta": { "version": 27, "interval", "startTime", "categories",
 *               "markerSchema", ... },
 *     "libs": [], "threads": [ ... ], "processes": [], "pausedRanges": [] }
 *
 * One thread per pid/tid, named by its command, its process by the
 * leader's: the profiler groups the threads of a pid into one process.
 * Each thread has its own string, frame and stack tables (the format's
 * schema + data arrays), its samples (stack, time) and its markers (name,
 * startTime, endTime, phase, category, data). Times are milliseconds from
 * the profile's start, the earliest time given; meta.startTime is that
 * start as wall-clock milliseconds. Frames are categorized User, Kernel
 * or JIT by their DSO.
 */
#ifndef PROF_FIREFOX_PROFILE_H
#define PROF_FIREFOX_PROFILE_H

#include "compat.h"
#include <stdio.h>

struct resolved_sample;
struct firefox_profile;

struct firefox_profile *firefox_profile__new(void);
void firefox_profile__delete(struct firefox_profile *fp);	/* NULL is a no-op */

/* Whose a sample or marker is, and its stack. */
struct firefox_where {
	s64 pid, tid;
	const char *comm;		/* the thread's command, NULL: unknown */
	const char *process_comm;	/* its process's (the leader's), NULL: comm */
	/*
	 * The stack: @rs's first @nr frames (callee order) or, with @nr 0,
	 * its own location; no stack with @rs NULL.
	 */
	const struct resolved_sample *rs;
	int nr;
};

/* One sample at @time_ns. */
void firefox_profile__sample(struct firefox_profile *fp, const struct firefox_where *w,
			     u64 time_ns);

enum firefox_marker_type {
	FIREFOX_MARKER_OFFCPU,		/* a block: record --off-cpu's offcpu-time */
	FIREFOX_MARKER_SCHED,		/* a sched_switch of the thread */
};

struct firefox_marker {
	enum firefox_marker_type type;
	const char *name;		/* "Off-CPU", "Running", ... */
	u64 start_ns, end_ns;		/* an interval; an instant at end_ns when !interval */
	bool interval;
	s64 cpu;			/* -1: not known */
	/* sched: the switch-out's prev_state letter, the task switched in */
	const char *state, *next_comm;
	s64 next_pid;
};

/* A marker on @w's thread; @w's stack (if any) is its cause. */
void firefox_profile__marker(struct firefox_profile *fp, const struct firefox_where *w,
			     const struct firefox_marker *m);

/* The earliest time given, in nanoseconds (0: nothing given): the profile's start. */
u64 firefox_profile__start(const struct firefox_profile *fp);

/*
 * The profile to @out: @interval_ms the sampling interval, @start_ms the
 * wall-clock time of its start in milliseconds since the epoch (0: not
 * known), @product its name. 0, or -1 when @out failed.
 */
int firefox_profile__write(struct firefox_profile *fp, FILE *out, double interval_ms,
			   double start_ms, const char *product);

#endif /* PROF_FIREFOX_PROFILE_H */
