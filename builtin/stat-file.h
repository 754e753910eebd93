/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stat-file.h: "prof stat record" and "prof stat report", perf's stat
 * file format (see include/prof/stat-events.h for its records).
 *
 * A recording is: the header (file mode: attrs with their ids and the
 * features, STAT among them; pipe mode: a HEADER_ATTR record per
 * event), EVENT_UPDATE unit/scale (and name, in a pipe) per event, the
 * THREAD_MAP, CPU_MAP and STAT_CONFIG of the run, a STAT record per
 * (event, CPU, thread) at every read, STAT_ROUND after each -I interval,
 * the kernel's MMAP, and STAT_ROUND FINAL with the elapsed time (not in
 * interval mode), in perf 6.1's order.
 */
#ifndef BUILTIN_STAT_FILE_H
#define BUILTIN_STAT_FILE_H

#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/stat.h"

struct stat_rec;

/* Create @path ("-": standard output, pipe mode). 0, or -1 after error(). */
int stat_rec__open(struct stat_rec **rp, const char *path, int argc, const char **argv);
/*
 * After the first open: the header and the description of the run.
 * @comms: --per-thread names of the events' threads, or NULL.
 * 0, or -1 after error().
 */
int stat_rec__start(struct stat_rec *r, struct evlist *evlist, enum aggr_mode mode,
		    unsigned int interval_ms, bool scale, char *const *comms);
/* One read of @evsel's fd at (@cpu_idx, @thread). Errors show at close. */
void stat_rec__count(struct stat_rec *r, struct evsel *evsel, int cpu_idx, int thread,
		     const struct counts_values *cv);
/* The end of an interval, @time ns into the run. */
void stat_rec__round(struct stat_rec *r, bool final, u64 time);
/*
 * The kernel MMAP, with @final_round the FINAL round of @walltime ns,
 * then the header rewrite. Frees @r. 0, or -1 after error().
 */
int stat_rec__close(struct stat_rec *r, bool final_round, u64 walltime);
/* Abandon (NULL is a no-op). */
void stat_rec__delete(struct stat_rec *r);

/* perf's number of an aggregation mode in STAT_CONFIG, and back (-1: none). */
u64 aggr_mode__to_perf(enum aggr_mode mode);
int aggr_mode__from_perf(u64 mode);

/* The display options of "prof stat" given before "report" (perf takes them). */
struct stat_report_opts {
	const char *csv_sep;	/* -x */
	bool json;		/* -j */
	bool big_num;		/* -B, on by default */
};

/* "prof stat report": argv[0] is "report" (or its prefix). */
int cmd_stat_report(int argc, const char **argv, const struct stat_report_opts *opts);

#endif /* BUILTIN_STAT_FILE_H */
