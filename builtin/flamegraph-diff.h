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
 * without a count, or with two ("two counts: " @two_counts), is an error
 * naming it; returns 0 or -1 after saying why.
 */
typedef void (*folded_line_fn)(void *arg, const char *line, size_t stack_len,
			       const char *count);
int folded__read(const char *path, const char *two_counts, folded_line_fn fn, void *arg);

/* Adds @len bytes of @stack to @side (0 before, 1 after) with @count. */
void diff_folded__add(struct diff_folded *d, int side, const char *stack, size_t len, u64 count);
/*
 * Adds the "frame;... count" lines of the file @path ("-": standard input)
 * to @side. Returns 0, or -1 after a one-line error (a line that is not
 * one, or one with two counts: already a differential).
 */
int diff_folded__read(struct diff_folded *d, int side, const char *path);
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
