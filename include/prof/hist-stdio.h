/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist-stdio.h: perf report --stdio text of one event's histogram: the
 * column header, the entry lines and their callchains, byte for byte as
 * perf 6.1 prints them. Prints only; the hists are built by src/hist.
 */
#ifndef PROF_HIST_STDIO_H
#define PROF_HIST_STDIO_H

#include "compat.h"

struct hists;
struct callchain_param;

struct hists_print_opts {
	bool show_header;		/* the "# Overhead ..." lines (not with -q) */
	double min_percent;		/* --percent-limit */
	const struct callchain_param *cp;	/* NULL or !enabled: no callchains */
	bool sort_starts_with_sym;	/* perf hides a first frame equal to the entry */
	const char *field_sep;		/* -t: between columns, no padding dots */
	/* -w: fixed widths of the columns, in order (0: computed) */
	const int *col_widths;
	int nr_col_widths;
	bool hierarchy;			/* --hierarchy: hists__fprintf prints the tree */
	bool color;			/* perf's percent colours (--stdio-color) */
};

/*
 * -w "5,0,20": the widths, as perf reads them (a number each, up to the
 * first that no comma follows; 0 or garbage: computed). Returns how many.
 */
int hist_parse_col_widths(const char *str, int *widths, int max);

/*
 * perf's --hierarchy: one level per sort key, each entry the sum of those
 * below it, indented by level; the value columns first, then the key.
 */
size_t hists__fprintf_hierarchy(struct hists *h, const struct hists_print_opts *o, FILE *fp);

/* Print the column header and every entry of @h (already resorted). */
size_t hists__fprintf(struct hists *h, const struct hists_print_opts *o, FILE *fp);

/*
 * A call-chain frame's name as perf prints it: the symbol (with its
 * source line when @srcline, " (inlined)"), else the address; @show_dso
 * adds the DSO's short name (perf's verbose browser). Returns @buf, or
 * the symbol's own name when nothing is added to it.
 */
struct callchain_cursor_node;
const char *callchain_frame__name(const struct callchain_cursor_node *f, bool srcline,
				  bool show_dso, char *buf, size_t size);

/*
 * perf report --total-cycles: the header and a line per block (perf's
 * block-info.c columns), skipping blocks under @min_percent of
 * @total_cycles. @block_cycles is the sum the "Avg Cycles%" shares are of.
 */
struct block_info;
size_t block_report__fprintf(const struct block_info *b, size_t nr, u64 total_cycles,
			     u64 block_cycles, double min_percent, FILE *fp);

#endif /* PROF_HIST_STDIO_H */
