/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stat-display.h: perf stat's three output formats (std, CSV with -x,
 * JSON with -j), laid out byte for byte as perf 6.1 prints them.
 * The counter math lives in stat/; this only formats.
 */
#ifndef PROF_STAT_DISPLAY_H
#define PROF_STAT_DISPLAY_H

#include "compat.h"
#include "stat.h"
#include "metricgroup.h"
#include <sys/resource.h>

struct stat_display {
	FILE *out;
	bool csv;			/* -x */
	const char *csv_sep;		/* " " in std mode */
	bool json;			/* -j */
	bool big_num;			/* thousands grouping (%') */
	enum aggr_mode aggr_mode;
	const struct aggr_map *aggr_map;	/* topology modes: the slot keys */
	int run_count;
	bool interval;			/* -I: lines get @prefix */
	char prefix[64];		/* interval time stamp (or JSON opener) */
	int unit_width;
	bool null_run;
	bool cgroups;			/* -G: a cgroup column */
	bool metric_only;		/* --metric-only */
	bool interval_clear;		/* --interval-clear: clear, header each interval */
	bool metric_header;		/* its header line is due */
	const struct metric_set *metrics;	/* -M: shown on their first event */
	bool no_merge;			/* --no-merge: PMU aliases apart */
	struct evlist *evlist;		/* set while counters print */
	/* the title */
	bool system_wide;
	const char *cpu_list, *pid, *tid;
	int argc;
	const char **argv;
	/* footer */
	bool ru_display;
	u64 *walltime_run;		/* --table: each run's elapsed ns */
	int nr_walltime_run;
	struct rusage ru;
	/* per-thread names, [thread index]: "comm" */
	char **comms;
	int nr_comms;
	int num_print_interval;
};

/* Defaults for std output to @out. */
void stat_display__init(struct stat_display *d, FILE *out);

void stat_display__header(struct stat_display *d);
/* Every event's line(s) for the current aggregation. */
void stat_display__counters(struct stat_display *d, struct evlist *evlist,
			    const struct runtime_stat *rt);
void stat_display__footer(struct stat_display *d, const struct runtime_stat *rt);
/* -I: the column header (every 25 intervals) and @ts as line prefix. */
void stat_display__interval_begin(struct stat_display *d, u64 ts_ns);

/* One event line (exposed for the unit tests). */
void stat_display__line(struct stat_display *d, const struct runtime_stat *rt,
			struct evsel *evsel, int slot);

/* perf's precision for the "+-" elapsed footer: digits to show @num. */
int stat_display__precision(double num);

#endif /* PROF_STAT_DISPLAY_H */
