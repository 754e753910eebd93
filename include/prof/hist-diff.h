/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist-diff.h: perf diff's comparison of the histograms of several files
 * of one event: the baseline's entries paired with the matching entries
 * of the other files (perf's hists__match), entries only another file has
 * added to the baseline as zero "dummy" entries (hists__link), the
 * computed differences (delta, ratio, weighted diff) and the compares
 * that order the output by them. Aggregates only; src/ui prints.
 */
#ifndef PROF_HIST_DIFF_H
#define PROF_HIST_DIFF_H

#include "compat.h"

struct hists;
struct hist_entry;
struct hist_field;
struct hist_layout;

/* -c: what is computed (perf's order: -o's numbers do not depend on it) */
enum diff_compute {
	DIFF_DELTA,
	DIFF_RATIO,
	DIFF_WDIFF,
	DIFF_DELTA_ABS,
	DIFF_CYCLES,
};

/* The columns (hist_field.col of an HPP_DIFF field) */
enum diff_col {
	DIFF_COL_BASELINE,
	DIFF_COL_PERIOD,
	DIFF_COL_PERIOD_BASELINE,
	DIFF_COL_DELTA,
	DIFF_COL_RATIO,
	DIFF_COL_WDIFF,
	DIFF_COL_FORMULA,
	DIFF_COL_DELTA_ABS,
	DIFF_COL_NOISE,		/* prof's: is the delta larger than sampling noise? */
	DIFF_COL_ORDER,		/* -o: sorts by file idx's compute, shows nothing */
	DIFF_COL_CYCLES,	/* -c cycles: a block range and its cycles' change */
	DIFF_COL_CYCLES_HIST,	/* --cycles-hist: the spread of the first counts' changes */
};

struct hist_diff {
	enum diff_compute compute;
	s64 w1, w2;		/* wdiff:w1,w2 */
	int nr_files;
	struct hists **files;	/* of the event being compared; [0] the baseline, NULL: none */
	u64 *totals;		/* each file's total period (--percentage's), for the deltas */
	u64 *samples;		/* each file's number of samples (the noise column's) */
	u64 base_total;		/* the baseline's total when printed (perf: its entries' sum) */
	bool relative;		/* --percentage relative */
	/* -c cycles: the entries' blocks (block-info.h), one line each */
	const struct block_diff *blocks;
	bool cycles_hist;	/* --cycles-hist: its column after each file's cycles */
};

/*
 * The layout's columns and sort list for @d: before the sort keys of @l
 * (set up with no value column), the baseline, each other file's compute
 * column (with @formula its formula, with @noise prof's noise column),
 * with @period each file's period; the output sorts by file @order's
 * compute first (0: none).
 */
void hist_diff__layout(const struct hist_diff *d, struct hist_layout *l, bool formula,
		       bool period, bool noise, unsigned int order);

/*
 * Pair the baseline's entries (@d->files[0]) with those of file @idx
 * (perf's hists__match); with @link, add a dummy entry to the baseline
 * for each entry only file @idx has (hists__link). Call for idx 1, 2, ...
 * in order.
 */
void hist_diff__pair(struct hist_diff *d, int idx, bool link);
/* -b: drop the baseline's entries that have no pair (perf's hists__baseline_only). */
void hist_diff__baseline_only(struct hist_diff *d);
/* perf's hists__precompute: the computed values of every pair. */
void hist_diff__precompute(struct hist_diff *d);

/* The entry of file @idx paired with the baseline's @he, or NULL. */
struct hist_entry *hist_diff__pair_of(const struct hist_entry *he, int idx);

/* The output compare of an HPP_DIFF field (positive: @a first). */
s64 hist_diff__sort(const struct hist_diff *d, const struct hist_field *f,
		    const struct hist_entry *a, const struct hist_entry *b);

/*
 * prof's noise test of a delta: z = (p1 - p0) / sqrt(p(1 - p)(1/n0 + 1/n1)),
 * p0 and p1 the entry's shares of the samples of each file, p the pooled
 * share (k0 + k1) / (n0 + n1). Returns 0 when n0 or n1 is 0 or p is 0 or 1.
 */
double hist_diff__zscore(u64 k0, u64 n0, u64 k1, u64 n1);

#endif /* PROF_HIST_DIFF_H */
