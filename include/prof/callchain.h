/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * callchain.h: the call trees of histogram entries (perf's callchain
 * nodes) and the -g/--call-graph parameters that shape and print them.
 *
 * A tree is a set of nodes, each one a run of frames (a chain of symbols
 * no sample branches off) with the period of the samples that ended
 * there (self) and below it (children). Nodes live in the tree's arena
 * and are freed together by callchain_root__delete.
 */
#ifndef PROF_CALLCHAIN_H
#define PROF_CALLCHAIN_H

#include "compat.h"
#include "evsel.h"	/* enum callchain_record_mode */

struct symbol;
struct dso;

enum chain_mode {
	CHAIN_NONE,
	CHAIN_GRAPH_ABS,	/* graph: percent of the total */
	CHAIN_GRAPH_REL,	/* fractal: percent of the parent */
	CHAIN_FLAT,
	CHAIN_FOLDED,
};

enum chain_order {
	ORDER_CALLEE,
	ORDER_CALLER,
};

enum chain_key {
	CCKEY_FUNCTION,
	CCKEY_ADDRESS,
	CCKEY_SRCLINE,
};

enum chain_value {
	CCVAL_PERCENT,
	CCVAL_PERIOD,
	CCVAL_COUNT,
};

struct callchain_param {
	bool enabled;
	enum chain_mode mode;
	enum chain_order order;
	bool order_set;
	enum chain_key key;
	enum chain_value value;
	double min_percent;	/* threshold, 0.5 by default */
	u32 print_limit;	/* 0: no limit */
	bool branch_callstack;
};

/* One frame as the tree compares it. */
struct callchain_cursor_node {
	u64 ip;			/* map-relative address */
	struct dso *dso;
	struct symbol *sym;
	const char *srcline;	/* "file.c:12" of an expanded inline frame, or NULL */
	u64 map_size;		/* its map's end - start (the dso_size key) */
	bool has_map;
	bool inlined;		/* an inlined function: sym is a name-only stand-in */
	char level;
};

struct callchain_node;
struct callchain_index;

struct callchain_list {		/* one frame of a node */
	struct callchain_cursor_node f;
};

struct callchain_node {
	struct callchain_node *parent;
	struct callchain_node **children;	/* sorted for output by chain__sort */
	u32 nr_children, alloc_children;
	struct callchain_list *val;		/* the frames of this node */
	u32 nr_val;
	u32 seq;				/* made after the nodes of lower seq */
	struct callchain_index *index;		/* a lookup of the children, or NULL */
	u64 hit;				/* period ending here */
	u64 children_hit;			/* period ending below */
	u64 count, children_count;		/* samples, same split */
	/*
	 * Replays (callchain_root__add_again) not yet in hit, count and
	 * the ancestors' children sums: callchain_root__settle adds them.
	 */
	u64 pending_hit, pending_count;
};

struct callchain_root {
	struct callchain_node node;		/* the root: no frames */
	struct arena *arena;
	u32 next_seq;				/* the next new node's seq */
	bool pending;				/* some node has a replay pending */
};

struct callchain_root *callchain_root__new(void);
void callchain_root__delete(struct callchain_root *root);	/* NULL is a no-op */

/*
 * Add a chain of @nr frames (in display order: caller first for
 * ORDER_CALLER) with @period to the tree, perf's append/split rules.
 */
/* Returns the node the chain ends in (the one whose hit took @period). */
struct callchain_node *callchain_root__append(struct callchain_root *root,
					      const struct callchain_cursor_node *frames,
					      u32 nr, u64 period);
/*
 * The same chain again, by the node @end the last append of it to @root
 * returned: its hit and its ancestors' children_hit, as the append would,
 * but kept on @end until callchain_root__settle (O(1), not the depth).
 * Valid while callchain__shape_generation() has not moved since that
 * append: a sort of any tree or a key change bumps it. New children and
 * splits do not: the first match in insertion order stays the first, and
 * a split puts a new node above the one split, which keeps its tail, so a
 * chain still ends in the same node (and the new node is among the
 * ancestors the settling adds to).
 */
void callchain_root__add_again(struct callchain_root *root, struct callchain_node *end,
			       u64 period);
/*
 * Adds the pending replays to hit, count and the ancestors' children sums.
 * The sort, the merge and the decay do it first; any other reader of those
 * fields must too (insertion does not need it: a split reads only what
 * appends put in).
 */
void callchain_root__settle(struct callchain_root *root);
u64 callchain__shape_generation(void);
/* Add every chain of @src (periods and sample counts) to @dst. */
void callchain_root__merge(struct callchain_root *dst, struct callchain_root *src);

/* The frame compare callchain_root__append uses (-g ...,address). */
void callchain_set_key(enum chain_key key);

/* Sort every level by the value perf sorts graph output by (children + self). */
void callchain_root__sort(struct callchain_root *root, const struct callchain_param *p);

/* Whether @a and @b are the same frame, field for field (not frame_eq's rule). */
static inline bool callchain_cursor_node__same(const struct callchain_cursor_node *a,
					       const struct callchain_cursor_node *b)
{
	return a->ip == b->ip && a->dso == b->dso && a->sym == b->sym &&
	       a->srcline == b->srcline && a->map_size == b->map_size &&
	       a->has_map == b->has_map && a->inlined == b->inlined && a->level == b->level;
}

static inline u64 callchain_node__cumul(const struct callchain_node *n)
{
	return n->hit + n->children_hit;
}

static inline u64 callchain_node__cumul_count(const struct callchain_node *n)
{
	return n->count + n->children_count;
}

/* Frames compare equal (perf's match_chain with key function/address). */
int callchain_frame__cmp(const struct callchain_cursor_node *a,
			 const struct callchain_cursor_node *b, enum chain_key key);

/*
 * Parse a -g/--call-graph argument ("graph,0.5,caller,function,percent",
 * "folded", "none", ...) into @p. Returns 0 or -EINVAL.
 */
int callchain_param__parse(struct callchain_param *p, const char *arg);

/*
 * A call-graph.* config variable (print-type, order, sort-key, threshold,
 * print-limit) into @p, as perf's perf_callchain_config: 0, or -EINVAL
 * after perf's "Invalid callchain ...: VALUE" line. record-mode is only
 * checked (callchain_record__config); other variables: 0.
 */
int callchain_param__config(struct callchain_param *p, const char *var, const char *value);
/*
 * Check a record mode from the config ("fp", "dwarf[,size]", "lbr"): 0, or
 * -EINVAL after perf's "callchain: ..." line. record and top parse it again.
 */
int callchain_record__config(const char *value);

/*
 * perf top's --call-graph: report's print options, and one record mode
 * ("fp", "dwarf", "lbr"; *@mode set only when there is one) whose
 * following number, after "dwarf", is *@dump_size (default 8192).
 * Returns 0, -ERANGE for a bad dump size, -EINVAL for a token that is
 * nothing of these; that token goes to @bad (@bad_size bytes) if given.
 */
int callchain_param__parse_top(struct callchain_param *p, const char *arg,
			       enum callchain_record_mode *mode, u32 *dump_size, char *bad,
			       size_t bad_size);

#endif /* PROF_CALLCHAIN_H */
