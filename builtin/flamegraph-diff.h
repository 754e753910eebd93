/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * flamegraph-diff.h: two profiles' folded stacks paired, as difffolded.pl
 * pairs them, for prof flamegraph --diff (flamegraph.c draws them).
 */
#ifndef PROF_FLAMEGRAPH_DIFF_H
#define PROF_FLAMEGRAPH_DIFF_H

#include "prof/compat.h"

/*
 * A count as Perl holds difffolded.pl's: an integer while it is one and
 * fits (a decimal with nothing after the point counts as one below 2^53,
 * as Perl uses it), else a double.
 */
struct pcount {
	u64 iv;
	double nv;
	bool is_nv;
};

/* One stack and its counts in BEFORE ([0]) and AFTER ([1]). */
struct diff_stack {
	char *stack;
	struct pcount count[2];
	char *text;		/* the line, "stack before after" (diff_folded__finish()) */
	size_t seq;		/* the order added: Perl's order of summing */
};

struct diff_folded {
	struct diff_stack *v;
	size_t nr, alloc;
	struct pcount total[2];
	bool strip_hex;		/* difffolded.pl -s: each 0x and hex digits becomes "0x..." */
};

/*
 * A folded line's count: /\s(\d+(\.\d*)?)$/ in @line[0..len); returns
 * where it starts and sets *stack_len (the stack before the one blank), or
 * NULL when the line has none.
 */
const char *folded__count_at_end(const char *line, size_t len, size_t *stack_len);

/*
 * Read folded text ("stack count" lines; "-" is standard input): @fn
 * gets each line, its stack's length and where its count starts. A line
 * with two counts (difffolded.pl's "stack before after") gets @count2
 * too, the stack ending before @count; or, with @two_counts, it is an
 * error ("two counts: " @two_counts). A line without a count is an error
 * naming it, and so is one @fn returns a message for ("FILE:LINE: "
 * message); returns 0 or -1 after saying why.
 */
typedef const char *(*folded_line_fn)(void *arg, const char *line, size_t stack_len,
				      const char *count, const char *count2);
int folded__read(const char *path, const char *two_counts, folded_line_fn fn, void *arg);
/* @after minus @before, two counts' texts, as Perl subtracts them. */
double folded__delta(const char *before, const char *after);

/* Adds @len bytes of @stack to @side (0 before, 1 after) with @count. */
void diff_folded__add(struct diff_folded *d, int side, const char *stack, size_t len, u64 count);
/*
 * Adds the "frame;... count" lines of the file @path ("-": standard input)
 * to @side. Returns 0, or -1 after a one-line error (a line that is not
 * one, or one with two counts: already a differential).
 */
int diff_folded__read(struct diff_folded *d, int side, const char *path);
/*
 * Before diff_folded__finish(), with integer counts only (perf.data's):
 * each count becomes the nearest multiple of @unit, ((count +
 * unit / 2) / unit: offcpu-time's nanoseconds in microseconds, as a
 * single profile's graph draws them), and so do the totals.
 */
void diff_folded__round(struct diff_folded *d, u64 unit);
/*
 * Sums each stack's counts per side, scales BEFORE's to AFTER's total
 * with @normalize (difffolded.pl -n: int(before * total_after /
 * total_before)), makes each line's text and sorts the lines bytewise.
 * Returns 0, or -1 after an error (-n with an empty BEFORE).
 */
int diff_folded__finish(struct diff_folded *d, bool normalize);
/* The count as a double (what flamegraph.pl computes with). */
double pcount__double(const struct pcount *c);
/* AFTER's count minus BEFORE's, as Perl subtracts them. */
double diff_stack__delta(const struct diff_stack *s);
void diff_folded__exit(struct diff_folded *d);

#endif /* PROF_FLAMEGRAPH_DIFF_H */
