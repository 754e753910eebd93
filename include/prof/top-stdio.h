/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * top-stdio.h: one perf top --stdio snapshot: the "PerfTop:" header line,
 * a dashed line as wide as the terminal, a blank line, then the entries in
 * perf report --stdio's layout without the column header. Prints only.
 */
#ifndef PROF_TOP_STDIO_H
#define PROF_TOP_STDIO_H

#include "compat.h"

struct hists;
struct hists_print_opts;

/*
 * Print a snapshot of @h (resorted, empty entries filtered) to @fp: at
 * most @max_entries entries (0: all), the dashed line @width wide, and
 * perf's clear-screen sequence first when @clear. Returns lines printed.
 */
size_t top_stdio__print(FILE *fp, const char *header, struct hists *h,
			const struct hists_print_opts *o, int width,
			size_t max_entries, bool clear);

#endif /* PROF_TOP_STDIO_H */
