/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist.h: histogram entries of one event (perf's struct hists): samples
 * merged by the sort keys, their periods and counts, optional callchain
 * trees, and the output order. Aggregates only; src/ui prints.
 *
 * Ownership: a struct hists owns its entries, their callchain trees and
 * the strings it interned; dso and symbol pointers are borrowed from the
 * machine, which must outlive the hists.
 */
#ifndef PROF_HIST_H
#define PROF_HIST_H

#include "compat.h"
#include "sort.h"

struct dso;
struct symbol;
struct callchain_root;
struct walk_memo;
struct thread;
struct hist_str;
struct hist_srcline_slot;

/* One end of a branch (perf's addr_map_symbol), resolved in the sample's thread. */
struct branch_end {
	u64 addr;			/* as recorded */
	u64 al_addr;			/* map-relative when a map was found */
	struct dso *dso;		/* NULL: no map */
	struct symbol *sym;
	char level;			/* '.', 'k', or 'H' for no map */
};

/* A branch-stack entry (perf's branch_info): both ends and the flags. */
struct hist_branch {
	struct branch_end from, to;
	u16 cycles;			/* 0: not recorded */
	bool mispred, predicted, in_tx, abort;
	const char *srcline_from, *srcline_to;	/* interned; set when a key needs them */
};

/* What the sample-value keys (time, addr, weight, cgroup, ...) compare. */
struct hist_vals {
	u64 time;			/* rounded down to --time-quantum */
	u64 addr;			/* the sample's address (not map-relative) */
	u64 weight, ins_lat, p_stage_cyc;
	u64 cgroup;			/* PERF_SAMPLE_CGROUP id */
	const char *cgroup_name;	/* static or interned by the caller */
	u64 cgroup_dev, cgroup_ino;	/* the thread's cgroup namespace */
	u64 code_page_size;
	int socket;			/* -1: unknown */
};

struct hist_entry {
	struct hist_entry *hnext;	/* merge hash chain */
	/* keys */
	const char *comm;		/* interned: equal names share a pointer */
	struct thread *thread;		/* a reference: its last comm sets the width */
	pid_t pid, tid;
	struct dso *dso;		/* NULL: no map */
	struct symbol *sym;
	u64 ip;				/* map-relative address (al->addr) */
	u64 map_size;			/* --sort dso_size */
	char level;
	u8 cpumode;
	bool has_map;
	bool inlined;			/* sym stands for an inlined function */
	int cpu;
	struct symbol *parent;
	const char *srcline;		/* computed on demand, interned */
	const char *srcfile;
	struct hist_branch *branch;	/* branch mode: owned copy, else NULL */
	const char *trace;		/* --sort trace: the formatted record, interned */
	struct hist_vals v;		/* the sample's own values (their keys) */
	/* values */
	u64 period, nr_events;
	u64 period_acc, nr_events_acc;	/* children mode */
	u64 period_sys, period_us, period_guest_sys, period_guest_us;	/* by CPU mode */
	struct callchain_root *callchain;
	u32 max_depth;			/* longest chain added (children tie-break) */
	/* group view (leader hists only): per member [0 = leader] values */
	u64 *group_period, *group_events, *group_period_acc;
	u32 hash;
	bool filtered;
	/* perf's input tree (creation order, merge compare), see hist.c */
	struct hist_entry *in_left, *in_right, *in_parent;
	bool in_red;
	u32 in_rank;			/* its place in the input tree's walk (incremental resort) */
	struct hist_entry *merged;	/* a duplicate perf merged into this one */
	/*
	 * prof diff (hist-diff.h): in the baseline's hists, the matching
	 * entry of each file (pairs[i], NULL: none; [0] unused), and whether
	 * the entry was made for an entry only another file has; in another
	 * file's hists, what was computed against the baseline.
	 */
	struct hist_entry **pairs;
	bool dummy;
	/* report --samples N: up to N of the entry's samples (perf's res_samples) */
	struct hist_res_sample { u64 time; int cpu; int tid; } *res_samples;
	int num_res;
	struct hist_diff_vals {
		double delta, ratio;
		s64 wdiff;
		bool computed;
		bool paired;		/* matched with a baseline entry */
	} diff;
};

/* What a sample contributes, resolved by the caller. */
struct hist_sample {
	const char *comm;		/* the thread's comm at the sample */
	struct thread *thread;		/* borrowed; hists__add takes a reference */
	pid_t pid, tid;
	struct dso *dso;
	bool has_map;
	u64 map_size;
	struct symbol *sym;
	bool inlined;
	u64 ip;
	char level;
	u8 cpumode;
	int cpu;
	struct symbol *parent;
	u64 period;
	/*
	 * @ip is the raw address of a callchain frame (Children view): perf
	 * looks its source line up as if it were DSO-relative, which fails
	 * and prints "sym+offset" from that address.
	 */
	bool raw_ip;
	const char *srcline;		/* known already (inline frames), or NULL */
	const struct hist_branch *branch;	/* branch mode: borrowed, copied on insert */
	const char *trace;		/* --sort trace text, or NULL (not a tracepoint) */
	u64 chain_id;			/* the frames' resolved_sample.chain_id, or 0 */
	struct hist_vals v;
};

struct hists {
	struct hist_layout *layout;	/* borrowed */
	struct hist_entry **table;	/* merge hash */
	u32 table_size;
	struct hist_entry **entries;	/* every entry; output order after resort */
	size_t nr_entries, alloc;
	u64 total_period;
	u64 nr_samples;
	u64 callchain_total;		/* 0: total_period (--percentage relative keeps it) */
	/* string interning for comms and srclines */
	struct hist_str **strs;
	u32 strs_size, nr_strs;
	/* per-hists caches of the merge path */
#define HISTS_DSO_CACHE 64
	const struct dso *dso_cache[HISTS_DSO_CACHE];
	u32 dso_cache_hash[HISTS_DSO_CACHE];
	int has_srcline, has_srcfile;	/* -1: not looked at yet */
	bool has_srcline_from, has_srcline_to;
	struct hist_srcline_slot *srcline_slots;	/* (dso, address) -> interned text */
	/* layouts merging only by comm, dso and sym: a direct-mapped entry cache */
	int simple_keys;		/* -1: not looked at yet */
	struct hist_entry **recent;
	/* hists__add_chain's replay of chains seen before (hist.c) */
	struct chain_memo *chain_memo;
	/* srcline lookups need this (borrowed from the report) */
	bool full_srcline;
	/*
	 * Children view with callchains: equal Children values put the
	 * caller (the deeper chain) first, as perf's __hpp__sort_acc does.
	 */
	bool acc_depth_order;
	bool order_caller;
	/* group view: the leader's hists shows its members' values too */
	int nr_members;			/* 0: no group view */
	struct hists **members;		/* [0] = this leader; borrowed */
	int group_sort_idx;		/* the browser's 0-9, --group-sort-idx: this member sorts first */
	/*
	 * perf's input tree of the entries, and whether its compare can be
	 * intransitive: entries without a symbol compare by a wrapping
	 * address difference, wrong once their addresses span 2^63 (the
	 * range is that of entries without a map).
	 */
	struct hist_entry *in_root;
	u64 in_gen;			/* moves whenever the tree or its entries' keys change */
	struct walk_memo *walk_memo;	/* the walk's last finds (hist.c) */
	bool walk_memo_off;		/* tests: every lookup walks, no chain replayed in walk mode */
	bool nosym_seen, may_wrap;
	/*
	 * The layout has mispredict, in_tx or abort, whose compares say only
	 * "differs": every lookup is perf's walk (equal entries can stay
	 * apart), and the collapse pass runs when a key has one in perf.
	 */
	bool flag_keys;
	/*
	 * An inlined entry is in a layout that compares symbols: perf
	 * compares such a stand-in with others by name, the rest by address,
	 * so its walk can miss an equal entry. From then on every lookup is
	 * perf's walk and the collapse pass runs when a key has one in perf.
	 */
	bool inl_walk;
	u64 nosym_min, nosym_max;
	/*
	 * Entries made with a thread's ":tid" placeholder comm (borrowed):
	 * perf's comm__override renames them in place once the thread gets
	 * its first comm, in perf's input tree too. From then on
	 * (comm_renamed) every lookup is perf's walk and the collapse pass
	 * merges the renamed entries with their namesakes.
	 */
	struct hist_entry **unnamed;
	size_t nr_unnamed, alloc_unnamed;
	unsigned long comm_overrides;	/* thread__comm_overrides looked at */
	bool comm_renamed;
	struct hist_entry **dups;	/* merged duplicates, owned */
	size_t nr_dups, alloc_dups;
	const struct hist_diff *diff;	/* prof diff: the baseline's columns (borrowed) */
	bool collapsed;			/* hists__collapse_by_name: the tree is by the collapse compare */
	/*
	 * prof top resorts the same entries every refresh: when the output
	 * compare is an order, hists__output_resort starts from the last
	 * output order (entries added since at its end) and sorts only what
	 * moved, instead of rebuilding perf's trees.
	 */
	bool resort_incremental;
};

/* @layout is borrowed. Never fails (xmalloc). */
void hists__init(struct hists *h, struct hist_layout *layout);
void hists__exit(struct hists *h);

/* Intern @s (a copy lives as long as the hists). */
const char *hists__intern(struct hists *h, const char *s);

struct addr_location;
/*
 * The where of a sample resolved to @al (thread, map, DSO, symbol,
 * address, level, cpumode; pid/tid from the thread, else @pid/@tid).
 * The caller sets comm, cpu, period and the rest.
 */
void hist_sample__set_location(struct hist_sample *hs, const struct addr_location *al,
			       pid_t pid, pid_t tid);

/*
 * Find or create the entry @hs merges into and add the sample's period to
 * its Self values (children mode adds the Children values separately).
 * Returns the borrowed entry.
 */
struct hist_entry *hists__add(struct hists *h, const struct hist_sample *hs,
			      bool self);

/*
 * @nr samples of @cpumode and @period in all added to @he's Self values,
 * as hists__add does to the entry it finds: for a caller that remembers
 * the entry its samples merge into (annotate's memo of resolved addresses).
 */
void hist_entry__add_self(struct hist_entry *he, u8 cpumode, u64 period, u64 nr);

struct callchain_cursor_node;
/*
 * What a sample's callchain adds once its own entry @he exists (perf's
 * cumulative iterator). In the Children view (@h->layout->children) @he
 * and every distinct entry of the chain @cursor[0..nr) get @period once in
 * their Children values; with @callchain each also gets the chain from
 * itself on. Otherwise, with @callchain, @he gets the whole chain. @hs is
 * the sample's template and is changed frame by frame. @cache has room
 * for nr + 1 entries. Entries the chain creates get @filtered; with
 * @refilter, every entry it reaches does (top: a hit makes an entry
 * visible again; report: an entry keeps the state it was created with).
 */
void hists__add_chain(struct hists *h, struct hist_entry *he, struct hist_sample *hs,
		      const struct callchain_cursor_node *cursor, int nr, u64 period,
		      bool callchain, bool filtered, bool refilter,
		      struct hist_entry **cache);

/*
 * perf's group view (hists__match + hists__link): give every entry of the
 * leader @h the values of the matching entries of @members[1..nr-1]
 * (@members[0] is @h), adding zero entries to @h for entries only a member
 * has. Call before hists__output_resort.
 */
/*
 * report --samples @max: keep the sample (@time, @cpu, @tid) in @he, up
 * to @max of them, then over a random one (perf's hists__res_sample).
 */
void hist_entry__add_res_sample(struct hist_entry *he, int max, u64 time, int cpu, int tid);
void hists__link_group(struct hists *h, struct hists **members, int nr);
/* Undo hists__link_group (top links its live histograms at each refresh). */
void hists__unlink_group(struct hists *h);

/*
 * The entry of @h that merges with @key, an entry of another hists with
 * the same layout (perf's hists__find_entry), or NULL.
 */
struct hist_entry *hists__find_like(struct hists *h, const struct hist_entry *key);
/*
 * A zero entry in @h made from @key, an entry of another hists (perf's
 * hists__add_dummy_entry). Returns the borrowed entry.
 */
struct hist_entry *hists__add_dummy(struct hists *h, const struct hist_entry *key);
/*
 * perf diff's collapse: set @h's layout's sym_by_name (shared by every
 * hists of the layout: call once every hists of it is complete) and merge
 * the entries that now compare equal, the first in merge order taking
 * the others' values.
 */
void hists__collapse_by_name(struct hists *h);
/* Delete the entries @drop says so of (before hists__output_resort). */
void hists__drop(struct hists *h, bool (*drop)(const struct hist_entry *he));

/* Sort the entries for output, perf's way (ties keep the merge order). */
void hists__output_resort(struct hists *h);

/* Percent of @v in the hists' total, 0 when the total is 0. */
/* The period an overhead column of @kind shows for @he. */
static inline u64 hist_entry__hpp_period(const struct hist_entry *he, enum hpp_id kind)
{
	switch (kind) {
	case HPP_OVERHEAD_CHILDREN:
		return he->period_acc;
	case HPP_OVERHEAD_SYS:
		return he->period_sys;
	case HPP_OVERHEAD_US:
		return he->period_us;
	case HPP_OVERHEAD_GUEST_SYS:
		return he->period_guest_sys;
	case HPP_OVERHEAD_GUEST_US:
		return he->period_guest_us;
	default:
		return he->period;
	}
}

/* Is @kind a column of percentages of the period? */
static inline bool hpp__is_overhead(enum hpp_id kind)
{
	return kind == HPP_OVERHEAD || kind == HPP_OVERHEAD_CHILDREN || kind >= HPP_OVERHEAD_SYS;
}

static inline double hists__percent(const struct hists *h, u64 v)
{
	return h->total_period ? 100.0 * (double)v / (double)h->total_period : 0.0;
}

/* perf's convert_unit: 2385 -> 2, 'K'; 351 -> 351, ' '. */
u64 hist__convert_unit(u64 value, char *unit);

#endif /* PROF_HIST_H */
