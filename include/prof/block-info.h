/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * block-info.h: the basic-block cycles of branch stacks (perf's
 * annotation cycles histograms and block-info.c). A branch-stack entry
 * with a cycle count (LBR "cycles") says how long the code before its
 * branch ran since the previous branch; perf accounts the count at the
 * branch's source address in its function, with the previous branch's
 * target as the block's start when both lie in that function. The
 * blocks of a function are the offsets so accounted.
 *
 * Used by report --total-cycles (every block, sorted by its share of all
 * sampled cycles) and diff -c cycles (each block's average cycles in
 * one file minus those in the baseline). Aggregates only; src/ui prints.
 *
 * Ownership: a struct block_cycles owns its histograms; symbols and dsos
 * are borrowed from the machine, which must outlive it.
 */
#ifndef PROF_BLOCK_INFO_H
#define PROF_BLOCK_INFO_H

#include "compat.h"

struct machine;
struct symbol;
struct dso;
struct branch_entry;
struct hist_entry;
struct hist_diff;

/* perf's NUM_SPARKS: the first counts of a block kept for --cycles-hist */
#define BLOCK_SPARKS 8

/* What one offset of a function accumulated (perf's struct cyc_hist). */
struct cyc_hist {
	u64 start;		/* the longest block's start offset (have_start) */
	u64 cycles;		/* that block's cycles */
	u64 cycles_aggr;	/* every count at this offset */
	u32 cycles_max, cycles_min;
	u32 num;		/* counts in @cycles */
	u32 num_aggr;		/* counts in @cycles_aggr */
	u16 reset;
	bool have_start;
	u64 spark[BLOCK_SPARKS];	/* the first counts in @cycles */
};

/* One block of a function (perf's struct block_info). */
struct block_info {
	const struct symbol *sym;
	struct dso *dso;
	u64 start, end;		/* offsets in @sym */
	u64 cycles, cycles_aggr;
	u32 num, num_aggr;
	u64 spark[BLOCK_SPARKS];
	s64 diff;		/* diff -c cycles: this file's average minus the baseline's */
	/*
	 * --cycles-hist: the differences of the first counts of the two
	 * files' blocks, their number, mean and sum of squared deviations
	 * (perf's struct stats)
	 */
	u64 svals[BLOCK_SPARKS];
	u32 nr_svals;
	double mean, m2;
};

struct block_cycles;

/* A new empty set of histograms; dies on OOM. */
struct block_cycles *block_cycles__new(void);
/* Free @bc and its histograms; NULL is a no-op. */
void block_cycles__delete(struct block_cycles *bc);

/*
 * perf's hist__account_cycles: when the first of the @nr entries of @br
 * has a cycle count, account every entry's count at its source (both
 * ends resolved in thread @pid/@tid of @m), newest last; @no_start (perf's
 * non-"any" branch filter) accounts no block starts. Returns the sum of
 * the entries' counts, 0 when the first has none.
 */
u64 block_cycles__account(struct block_cycles *bc, struct machine *m, pid_t pid, pid_t tid,
			  const struct branch_entry *br, size_t nr, bool no_start);

/*
 * The blocks of @sym (perf's block_info__process_sym): each offset with
 * counts, in offset order. Returns a new array (the caller frees it) and
 * its length in @nr; NULL and 0 when @sym has none.
 */
struct block_info *block_cycles__blocks(const struct block_cycles *bc, const struct symbol *sym,
					struct dso *dso, size_t *nr);

/* perf's block_info__cmp: by symbol name, then start, then end (0: the same block). */
int block_info__cmp(const struct block_info *a, const struct block_info *b);

/*
 * perf's block range text in @buf: "[file:line -> file:line]" from the
 * source lines of the block's ends in @dso/@sym, else the offsets as
 * "[%7lx -> %7lx]".
 */
void block_info__range(const struct block_info *bi, struct dso *dso, const struct symbol *sym,
		       char *buf, size_t size);
/* perf's cycles_string: "2.5M", "1.2K" or the number. */
void block_info__cycles_str(u64 cycles, char *buf, size_t size);

/*
 * report --total-cycles (perf's block_info__create_report for one event):
 * the blocks of the functions of @h's entries (each entry's symbol; the
 * blocks of a function shown by several entries once), sorted by their
 * share of @total_cycles, the larger first. Returns a new array and its
 * length in @nr (NULL, 0: none); *block_cycles gets the sum of every
 * entry's blocks' average cycles (perf counts a function once per entry).
 */
struct hists;
struct block_info *block_cycles__report(const struct block_cycles *bc, const struct hists *h,
					u64 total_cycles, size_t *nr, u64 *block_cycles);

/*
 * diff -c cycles: the blocks of the baseline's entries and of their pairs
 * in each file, matched and sorted as perf's hists__precompute does.
 */
struct block_diff;
/*
 * Build the blocks of every entry of the baseline @d->files[0] (already
 * paired), with @bcs[i] the histograms of file i. Returns a new block_diff.
 */
struct block_diff *block_diff__new(const struct hist_diff *d, struct block_cycles *const *bcs);
void block_diff__delete(struct block_diff *bd);
/* How many lines the baseline's @he prints: its own number of blocks. */
size_t block_diff__nr_lines(const struct block_diff *bd, const struct hist_entry *he);
/*
 * The text of file @idx's column on line @line of @he in @buf: returns 1
 * with the text, 0 for an empty column, -1 when perf skips the line.
 */
int block_diff__text(const struct block_diff *bd, const struct hist_entry *he, int idx,
		     size_t line, char *buf, size_t size);

/*
 * --cycles-hist: the "stddev/Hist" column of file @idx on line @line of
 * @he in @buf (perf's "±r% " and a spark line of the first counts'
 * differences, padded as perf pads it): 1 with text, 0 empty, -1 skip.
 */
int block_diff__hist_text(const struct block_diff *bd, const struct hist_entry *he, int idx,
			  size_t line, char *buf, size_t size);

#endif /* PROF_BLOCK_INFO_H */
