/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stat-events.h: the records of perf's stat file format ("perf stat
 * record"): encoders for THREAD_MAP, CPU_MAP, STAT_CONFIG, STAT,
 * STAT_ROUND and the EVENT_UPDATE unit/scale/name records, laid out as
 * perf 6.1 writes them, and decoders for the ones whose bodies vary in
 * length (THREAD_MAP, CPU_MAP, STAT_CONFIG).
 *
 * Layouts (after the 8-byte record header, little-endian):
 *   THREAD_MAP  u64 nr; { u64 pid; char comm[16]; }[nr]
 *   CPU_MAP     u16 type; 0: u16 nr, u16 cpu[nr] (0xffff = any);
 *               1: u16 nr, u16 long_size, mask; 2: u8 any, u8 pad,
 *               u16 start, u16 end; padded to 8
 *   STAT_CONFIG u64 nr; { u64 tag, u64 val }[nr]
 *   STAT        u64 id; u32 cpu, thread; u64 val, ena, run
 *   STAT_ROUND  u64 type (0 interval, 1 final); u64 time (ns)
 *   EVENT_UPDATE u64 type (0 unit, 1 scale, 2 name), u64 id, 16 bytes
 *               perf's union, then the string (padded to 8) or a double
 * Encoders append to a strbuf and cannot fail; decoders return 0, or
 * -EINVAL for a record too short for what it says it holds.
 */
#ifndef PROF_STAT_EVENTS_H
#define PROF_STAT_EVENTS_H

#include "compat.h"

struct strbuf;

/* perf 6.1's enum aggr_mode, as STAT_CONFIG carries it. */
enum perf_stat_aggr {
	PERF_STAT_AGGR_NONE	= 0,
	PERF_STAT_AGGR_GLOBAL	= 1,
	PERF_STAT_AGGR_SOCKET	= 2,
	PERF_STAT_AGGR_DIE	= 3,
	PERF_STAT_AGGR_CORE	= 4,
	PERF_STAT_AGGR_THREAD	= 5,
	PERF_STAT_AGGR_UNSET	= 6,
	PERF_STAT_AGGR_NODE	= 7,
};

enum {
	PERF_STAT_CONFIG_TERM__AGGR_MODE = 0,
	PERF_STAT_CONFIG_TERM__INTERVAL	 = 1,
	PERF_STAT_CONFIG_TERM__SCALE	 = 2,
};

enum {
	PERF_STAT_ROUND_TYPE__INTERVAL	= 0,
	PERF_STAT_ROUND_TYPE__FINAL	= 1,
};

/* @comms may be NULL (empty names); each name is cut to 15 bytes. */
void synth__thread_map(struct strbuf *sb, const int *pids, char *const *comms, int nr);
/* perf's choice: a range when consecutive, else the list; -1 is "any". */
void synth__cpu_map(struct strbuf *sb, const int *cpus, int nr);
void synth__stat_config(struct strbuf *sb, u64 aggr_mode, u64 interval_ms, bool scale);
void synth__stat(struct strbuf *sb, u64 id, int cpu, u32 thread, u64 val, u64 ena, u64 run);
void synth__stat_round(struct strbuf *sb, u64 type, u64 time);
void synth__event_update_unit(struct strbuf *sb, u64 id, const char *unit);
void synth__event_update_scale(struct strbuf *sb, u64 id, double scale);
void synth__event_update_name(struct strbuf *sb, u64 id, const char *name);

/* The parsed STAT_CONFIG (fields it lacks keep the values given). */
struct stat_file_config {
	u64 aggr_mode;		/* enum perf_stat_aggr */
	u64 interval;		/* ms, 0 = none */
	bool scale;
};

/*
 * THREAD_MAP: new arrays in *pids and *comms (each name a new string),
 * *nr entries. The caller frees them.
 */
int stat_event__thread_map(const void *rec, int **pids, char ***comms, int *nr);
/* CPU_MAP: a new array of CPU numbers (-1 for "any") in *cpus. */
int stat_event__cpu_map(const void *rec, int **cpus, int *nr);
int stat_event__config(const void *rec, struct stat_file_config *cfg);

#endif /* PROF_STAT_EVENTS_H */
