/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist-filter.h: the entry filters report and top share: --comms, --pid,
 * --tid, --dsos and --symbols (comma-separated lists of names or
 * numbers), and the totals --percentage relative takes percentages of.
 */
#ifndef PROF_HIST_FILTER_H
#define PROF_HIST_FILTER_H

#include "compat.h"

struct dso;
struct symbol;
struct hists;

struct name_list {
	char **names;
	size_t nr;
};

/* Append the comma-separated names of @str (NULL: nothing). */
void name_list__parse(struct name_list *l, const char *str);
bool name_list__has(const struct name_list *l, const char *name);
/* Any name that reads (strtol, base 0) as @v? */
bool name_list__has_int(const struct name_list *l, long v);
void name_list__exit(struct name_list *l);

struct hist_filter {
	struct name_list comms, pids, tids, dsos, syms;
};

/* Does the filter hide a sample (or entry) with this location? */
bool hist_filter__rejects(const struct hist_filter *f, const char *comm, pid_t pid,
			  pid_t tid, const struct dso *dso, const struct symbol *sym);
void hist_filter__exit(struct hist_filter *f);

struct sort_key;
struct hist_layout;
/*
 * perf's sort__setup_elide: the one name @f's list for key @k gives
 * (--comms x, --dsos y, --symbols z), else NULL; *@what names the kind
 * ("comm", "dso", "symbol") for perf's "# comm: x" line.
 */
const char *hist_filter__only(const struct hist_filter *f, const struct sort_key *k,
			      const char **what);
/* Hide the columns hist_filter__only names, unless that hides every key column. */
void hist_filter__elide(const struct hist_filter *f, struct hist_layout *l);

/*
 * --percentage relative: the period and the number of samples of the
 * entries the filters let through (call graphs keep the whole).
 */
void hists__unfiltered_totals(const struct hists *h, u64 *period, u64 *nr_samples);

#endif /* PROF_HIST_FILTER_H */
