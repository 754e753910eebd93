/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sort.h: perf report's sort keys (--sort) and output fields (-F), and the
 * layout they make together: which columns print, and in which order the
 * entries are merged (collapse) and sorted for output.
 *
 * The comparison directions follow perf 6.1's util/sort.c: a key's
 * collapse compare decides which samples merge into one entry and the
 * order of the entries before the output sort; the output sort runs over
 * the sort list and keeps ties in collapse order.
 */
#ifndef PROF_SORT_H
#define PROF_SORT_H

#include "compat.h"

struct hist_entry;

enum sort_key_id {
	SORT_COMM,
	SORT_PID,
	SORT_TID,
	SORT_DSO,
	SORT_SYM,
	SORT_SRCLINE,
	SORT_SRCFILE,
	SORT_CPU,
	SORT_PARENT,
	SORT_SYM_SIZE,
	SORT_DSO_SIZE,
	/* branch mode only (perf's bstack keys): the entry's hist_branch */
	SORT_DSO_FROM,
	SORT_DSO_TO,
	SORT_SYM_FROM,
	SORT_SYM_TO,
	SORT_MISPREDICT,
	SORT_IN_TX,
	SORT_ABORT,
	SORT_CYCLES,
	SORT_SRCLINE_FROM,
	SORT_SRCLINE_TO,
	SORT_ADDR_FROM,
	SORT_ADDR_TO,
	SORT_IPC_LBR,		/* perf adds it to a --sort naming "symbol" */
	SORT_IPC_NULL,		/* the same outside branch mode */
	SORT_TRACE,
	/* the sample's own values (perf 6.1's common keys) */
	SORT_TIME,
	SORT_CGROUP,
	SORT_CGROUP_ID,
	SORT_ADDR,
	SORT_SOCKET,
	SORT_LOCAL_WEIGHT,
	SORT_WEIGHT,
	SORT_CODE_PAGE_SIZE,
	SORT_LOCAL_INS_LAT,
	SORT_INS_LAT,
	SORT_LOCAL_P_STAGE_CYC,
	SORT_P_STAGE_CYC,
	SORT_MEM,		/* perf's memory-mode keys: refused (no --mem-mode) */
	SORT_NR_KEYS,
};

/* Output fields that are not sort keys (perf's hpp formats). */
enum hpp_id {
	HPP_OVERHEAD,
	HPP_OVERHEAD_CHILDREN,
	HPP_SAMPLE,
	HPP_PERIOD,
	HPP_SORT_KEY,		/* a column showing a sort key */
	/* the share of the period by CPU mode (perf's overhead_sys, ...) */
	HPP_OVERHEAD_SYS,
	HPP_OVERHEAD_US,
	HPP_OVERHEAD_GUEST_SYS,
	HPP_OVERHEAD_GUEST_US,
	HPP_DIFF,		/* a prof diff column (hist-diff.h): col and idx say which */
};

struct sort_key {
	const char *name;
	const char *header;
	enum sort_key_id id;
	bool branch;		/* valid only in branch mode */
	bool mem;		/* valid only in perf's memory mode (prof: never) */
	bool hidden;		/* merges but shows no column on this arch */
};

/* A column or an element of the sort list. */
struct hist_field {
	enum hpp_id kind;
	const struct sort_key *key;	/* HPP_SORT_KEY only */
	int col;			/* HPP_DIFF only: enum diff_col */
	int idx;			/* HPP_DIFF only: the file the column is of */
};

#define HIST_MAX_FIELDS 32

/* The columns and the sort order, as perf's setup_sorting builds them. */
struct hist_layout {
	struct hist_field fields[HIST_MAX_FIELDS];	/* columns, in order */
	bool elide[HIST_MAX_FIELDS];			/* hidden: a one-value filter */
	int nr_fields;
	struct hist_field sorts[HIST_MAX_FIELDS];	/* output sort list */
	int nr_sorts;
	const struct sort_key *keys[SORT_NR_KEYS];	/* merge keys, in order */
	int nr_keys;
	bool children;		/* Children + Self columns (cumulative) */
	bool fields_given;	/* -F: "overhead" keeps its name */
	bool branch;		/* perf's branch mode: one entry per branch */
	/*
	 * perf diff's mode: entries merge (collapse) by symbol name, not
	 * address (the files may come from other builds); every entry
	 * without a symbol of a DSO is one. Set by hists__collapse_by_name.
	 */
	bool sym_by_name;
};

/* perf's default --sort in branch mode. */
#define BRANCH_SORT_ORDER "comm,dso_from,symbol_from,symbol_to,cycles"

/* The key named @name ("sym" and "symbol" both), or NULL. */
const struct sort_key *sort_key__find(const char *name);

/*
 * The help of --sort and -F as perf's: @prefix, then every key perf 6.1
 * knows, in its order and line breaks (what perf shows for an unknown
 * key too). The caller frees it.
 */
char *sort_help(const char *prefix);

/*
 * Build the layout from --sort (@sort_order, NULL = "comm,dso,sym") and
 * -F (@field_order, NULL = none), perf's rules: without -F the overhead
 * columns lead and the sort keys follow; with -F the columns are exactly
 * those named (plus sort keys not among them) and the output sorts by the
 * sort keys first, then by the fields. Returns 0, or -EINVAL with the
 * offending name in *@bad (static or pointing into a strdup the caller
 * need not free), -ENOENT when that name is in @field_order (perf's
 * "Unknown --fields key"); -EOPNOTSUPP when it names a branch key outside
 * branch mode (perf's "Invalid --sort key").
 */
int hist_layout__setup(struct hist_layout *l, const char *sort_order,
		       const char *field_order, bool children, bool show_nr_samples,
		       bool show_total_period, const char **bad);
/*
 * The same in perf's branch mode: the branch keys are valid, the default
 * sort order is BRANCH_SORT_ORDER and there is no Children column.
 */
int hist_layout__setup_branch(struct hist_layout *l, const char *sort_order,
			      const char *field_order, bool show_nr_samples,
			      bool show_total_period, const char **bad);

/* --show-cpu-utilization: sys and usr columns after the overhead ones. */
void hist_layout__add_cpu_utilization(struct hist_layout *l);

/* Remove the columns of @kind (perf's perf_hpp__column_unregister). */
void hist_layout__drop_field(struct hist_layout *l, enum hpp_id kind);

/* Does the layout merge or print by @id? */
bool hist_layout__has_key(const struct hist_layout *l, enum sort_key_id id);

/* perf's se_cmp/se_collapse (merge compare) and se_sort (output compare). */
s64 sort_key__collapse(const struct sort_key *k, const struct hist_entry *left,
		       const struct hist_entry *right);
s64 sort_key__sort(const struct sort_key *k, const struct hist_entry *left,
		   const struct hist_entry *right);
/*
 * perf's se_cmp, its first merge compare: the collapse compare, except
 * that mispredict, in_tx and abort only say "differs" (no order).
 */
s64 sort_key__cmp(const struct sort_key *k, const struct hist_entry *left,
		  const struct hist_entry *right);
/* Text of the key for @he (no padding), into @buf; returns the length. */
int sort_key__snprintf(const struct sort_key *k, const struct hist_entry *he,
		       char *buf, size_t size, int width);
/* The width the value needs (perf's hists__calc_col_len). */
int sort_key__value_width(const struct sort_key *k, const struct hist_entry *he);
/* Does the column pad its value to the width (perf's "%-*.*s" keys)? */
bool sort_key__pads(const struct sort_key *k);

#endif /* PROF_SORT_H */
