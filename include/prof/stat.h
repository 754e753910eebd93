/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stat.h: counter arithmetic for "prof stat": running statistics over
 * repeated runs (Welford), scaling of multiplexed counts, aggregation of
 * per-cpu x per-thread values, and the derived ("shadow") metrics that
 * perf prints in the "#" column.
 *
 * Ownership: struct evsel_stat hangs on evsel->priv and is owned by the
 * stat code (evlist__alloc_stats / evlist__free_stats). Nothing here prints
 * or exits; ui/stat-display.c turns the results into text.
 */
#ifndef PROF_STAT_H
#define PROF_STAT_H

#include "compat.h"
#include "cpumap.h"
#include "evsel.h"

/* Mean and variance of a series, updated one value at a time. */
struct stats {
	double n, mean, M2;
	u64 max, min;
};

void stats__init(struct stats *st);
void stats__update(struct stats *st, u64 val);
double stats__avg(const struct stats *st);
/* Sample variance M2/(n-1); 0 for fewer than two values. */
double stats__variance(const struct stats *st);
/* Standard error of the mean: sqrt(variance / n), what perf calls stddev. */
double stats__stddev(const struct stats *st);
/* 100 * stddev / avg, 0 when avg is 0: the "( +- x.xx% )" figure. */
double stats__rel_stddev(double stddev, double avg);

/* One read of a counter: value, time enabled, time running. */
struct counts_values {
	u64 val, ena, run;
};

/*
 * Scale a multiplexed count: val * ena / run. Sets *scaled to -1 when the
 * counter never ran (run == 0), 1 when scaled, 0 when run == ena.
 */
void counts_values__scale(struct counts_values *c, bool scale, int *scaled);

enum aggr_mode {
	AGGR_GLOBAL,	/* one line per event */
	AGGR_NONE,	/* -A: one line per cpu */
	AGGR_THREAD,	/* --per-thread: one line per thread */
	AGGR_SOCKET,	/* --per-socket: one line per package */
	AGGR_DIE,	/* --per-die */
	AGGR_CORE,	/* --per-core */
	AGGR_NODE,	/* --per-node: one line per NUMA node */
};

/* Modes whose slots are topology keys (an aggr_map). */
static inline bool aggr_mode__topology(enum aggr_mode mode)
{
	return mode >= AGGR_SOCKET;
}

/* A topology key; fields the mode does not use are -1. */
struct aggr_id {
	int socket, die, core, node;
};

/* The distinct keys of a CPU list, in perf's order (node, socket, die, core). */
struct aggr_map {
	enum aggr_mode mode;
	int nr;
	struct aggr_id *ids;
};

void cpu__aggr_id(int cpu, enum aggr_mode mode, struct aggr_id *id);
struct aggr_map *aggr_map__new(const struct cpu_map *cpus, enum aggr_mode mode);
void aggr_map__delete(struct aggr_map *map);
/* Slot of @cpu's key in @map (0 for "any CPU" or an unknown key). */
int aggr_map__slot(const struct aggr_map *map, int cpu);

/* Per-event state, on evsel->priv. */
struct evsel_stat {
	int nr_cpus, nr_threads;
	struct counts_values *counts;	/* [cpu * nr_threads + thread]: last read */
	struct counts_values *prev;	/* previous read (interval deltas) */
	int nr_aggr;			/* aggregation slots */
	struct counts_values *aggr;	/* [slot]: this run or interval */
	int *scaled;			/* [slot]: see counts_values__scale() */
	int *cpu_slot;			/* [cpu index]: slot (topology modes) */
	int *nr;			/* [slot]: CPUs counted, perf's way */
	struct stats (*res)[3];		/* [slot][val/ena/run] over runs */
	struct stats (*res_sum)[3];	/* --summary: the same for whole runs */
	bool failed_read;
	int cgroup;			/* -G: 1 + index of its cgroup, 0 none */
	const char *cgroup_name;	/* -G: its name ("" none) */
};

static inline struct evsel_stat *evsel__stat(struct evsel *evsel)
{
	return evsel->priv;
}

/* Kinds of counts the derived metrics need (the "runtime" stats). */
enum stat_type {
	STAT_NSECS,
	STAT_CYCLES,
	STAT_STALLED_FRONT,
	STAT_STALLED_BACK,
	STAT_BRANCHES,
	STAT_CACHEREFS,
	STAT_L1_DCACHE,
	STAT_L1_ICACHE,
	STAT_LL_CACHE,
	STAT_DTLB_CACHE,
	STAT_ITLB_CACHE,
	STAT_CYCLES_IN_TX,	/* cpu/cycles-t/ (stat -T) */
	STAT_TRANSACTION_START,	/* cpu/tx-start/ */
	STAT_ELISION_START,	/* cpu/el-start/ */
	STAT_APERF,		/* msr/aperf/ (stat --smi-cost) */
	STAT_MAX
};

/* Runtime stats keyed by (type, exclude_* context, aggregation slot). */
struct runtime_stat {
	int nr_slots;
	int nr_cgroups;		/* -G: stats are kept per cgroup (0: none) */
	struct stats *st;	/* [(type * NR_CTX + ctx) * nr_slots + slot] */
	struct stats walltime;	/* wall-clock ns per run (or interval) */
};

void runtime_stat__init(struct runtime_stat *rt, int nr_slots);
/* The same with separate stats for each of @nr_cgroups cgroups (-G). */
void runtime_stat__init_cgroups(struct runtime_stat *rt, int nr_slots, int nr_cgroups);
void runtime_stat__exit(struct runtime_stat *rt);
void runtime_stat__reset(struct runtime_stat *rt);	/* keeps walltime */
/* Feed one aggregated count of @evsel into the stats its metrics need. */
void runtime_stat__update(struct runtime_stat *rt, struct evsel *evsel,
			  int slot, u64 count);

/*
 * A derived metric as perf shows it: printf format for the value (NULL
 * when there is nothing to show but a unit), the unit text, the value.
 */
struct stat_metric {
	const char *fmt;
	char unit[160];		/* a -M metric's name can be long */
	double val;
};

#define STAT_MAX_METRICS 2
/* Shadow metrics plus the -M metrics shown on one event's line. */
#define STAT_MAX_LINE_METRICS 16
/*
 * Compute the metrics of @evsel's line with average count @avg at @slot.
 * Returns how many entries of @out were filled (0: no metric, a blank
 * column). Pure arithmetic: unit-tested on fixed inputs.
 */
int stat__shadow_metrics(const struct runtime_stat *rt, struct evsel *evsel,
			 int slot, double avg, struct stat_metric *out);

/* Which events get which metric. */
bool evsel__is_clock(const struct evsel *evsel);
bool evsel__match(const struct evsel *evsel, u32 type, u64 config);

/*
 * perf merges the counts of an event opened on several PMUs (a bare alias
 * like "cas_count_read" on each uncore_imc_N) into the first one's line:
 * @alias, following @evsel, has its name, unit and scale on another PMU.
 */
bool evsel__is_alias_of(struct evsel *alias, struct evsel *evsel);
/*
 * --no-merge shows them apart, as "name [pmu]" ("pmu/terms/" for a
 * "x/terms/" name); NULL when the name already starts with the PMU's.
 */
char *evsel__uniquified_name(struct evsel *evsel);

/* evsel->unit/scale with the clock default ("msec", 1e-6) applied. */
const char *evsel__stat_unit(const struct evsel *evsel);
double evsel__stat_scale(const struct evsel *evsel);

struct stat_config {
	enum aggr_mode aggr_mode;
	bool scale;		/* scale multiplexed counts (default) */
	int run_count;		/* -r */
	bool interval;		/* -I: per-interval deltas */
};

/*
 * Allocate evsel->priv for every event, sized from its fds; @map gives
 * the slots of the topology modes (NULL otherwise).
 */
void evlist__alloc_stats(struct evlist *evlist, enum aggr_mode mode,
			 const struct aggr_map *map);
void evlist__free_stats(struct evlist *evlist);
/* Zero the per-run stats (res) too; for a new run keep them. */
void evlist__reset_stats(struct evlist *evlist);
/*
 * --summary keeps a second set of run statistics beside the interval
 * ones: swap them in, process the whole run's counts, swap back.
 */
void evlist__swap_summary_stats(struct evlist *evlist);

/*
 * Aggregate @evsel's counts (evsel_stat->counts, minus ->prev in
 * interval mode) into its slots, scale them, add them to the -r
 * statistics and to @rt. Returns 0.
 */
int stat__process_counter(const struct stat_config *config,
			  struct runtime_stat *rt, struct evsel *evsel);


#endif /* PROF_STAT_H */
