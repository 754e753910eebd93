// SPDX-License-Identifier: GPL-2.0-only
/*
 * callchain.c: call trees of histogram entries, built the way perf's
 * util/callchain.c builds them so that the drawing matches.
 *
 * Invariants:
 *  1. A node's frames are a run no sample branches inside; a new chain
 *     that leaves a node in its middle splits it (the node keeps the tail
 *     with its children and hits, under a new node of the head).
 *  2. hit is the period of samples whose chain ends in the node;
 *     children_hit the period of those ending below it.
 *  3. Children are kept in insertion order (and numbered by it, seq);
 *     callchain_root__sort orders them by cumulative period, ties in the
 *     order perf's tree of children walks them (node__perf_order).
 *  4. A node with many children has an index (struct callchain_index)
 *     that finds the child the search in insertion order would find.
 * Nodes and frame arrays come from an arena freed with the root.
 */
#include "prof/compat.h"
#include <ctype.h>
#include "prof/util.h"
#include "prof/callchain.h"
#include "prof/dso.h"
#include "prof/symbol.h"

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct arena_chunk *head;
};

static void *arena__alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;

	size = (size + 15) & ~(size_t)15;
	if (!c || c->used + size > c->size) {
		size_t csize = max(size, (size_t)16384);

		c = xmalloc(sizeof(*c) + csize);
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	c->used += size;
	return (char *)c->data + c->used - size;
}

struct callchain_root *callchain_root__new(void)
{
	struct callchain_root *r = xzalloc(sizeof(*r));

	r->arena = xzalloc(sizeof(*r->arena));
	return r;
}

static void node__free_children(struct callchain_node *n)
{
	for (u32 i = 0; i < n->nr_children; i++)
		node__free_children(n->children[i]);
	free(n->children);
	free(n->index);
}

void callchain_root__delete(struct callchain_root *root)
{
	struct arena_chunk *c, *n;

	if (!root)
		return;
	node__free_children(&root->node);
	for (c = root->arena->head; c; c = n) {
		n = c->next;
		free(c);
	}
	free(root->arena);
	free(root);
}

int callchain_frame__cmp(const struct callchain_cursor_node *a,
			 const struct callchain_cursor_node *b, enum chain_key key)
{
	u64 la = a->ip, lb = b->ip;

	/* the srcline key compares the lines, when both frames have one */
	if (key == CCKEY_SRCLINE && a->srcline && b->srcline) {
		int r = strcmp(a->srcline, b->srcline);

		return r < 0 ? -1 : r > 0;
	}
	/* perf compares inlined frames by name: they share their caller's start */
	if (key != CCKEY_ADDRESS && a->sym && b->sym && (a->inlined || b->inlined)) {
		int r = strcmp(a->sym->name, b->sym->name);

		return r < 0 ? -1 : r > 0;
	}
	if (key != CCKEY_ADDRESS && a->sym && b->sym) {
		la = a->sym->start;
		lb = b->sym->start;
	}
	/* perf orders DSOs by their heap addresses: prof by when they were made */
	if (a->dso != b->dso)
		return dso__cmp_made(a->dso, b->dso);
	if (la != lb)
		return la < lb ? -1 : 1;
	return 0;
}

static enum chain_key cmp_key = CCKEY_FUNCTION;

/* Bumped by a key change or a sort: chains may end elsewhere (see the header). */
static u64 shape_gen;

u64 callchain__shape_generation(void)
{
	return shape_gen;
}

void callchain_set_key(enum chain_key key)
{
	cmp_key = key;
	shape_gen++;
}

/*
 * The children index (invariant 4). frame_eq is not an equivalence: an
 * inlined frame matches any frame of its name, a resolved one matches
 * frames of its DSO and symbol start, an unresolved one frames of its DSO
 * and address. So the index keeps, for each comparison class, the first
 * child (in insertion order) of each key:
 *
 *   IX_IP      every child, by (dso, ip)
 *   IX_IP_NOSYM children without a symbol, by (dso, ip)
 *   IX_NAME    children with a symbol, by name
 *   IX_NAME_INL inlined children with a symbol, by name
 *   IX_START   other children with a symbol, by (dso, symbol start)
 *
 * and a frame's first match is the earliest of the classes its own kind
 * compares against (see index__find). With the address key only IX_IP
 * applies; the srcline key compares strings first and is searched one by
 * one. Slots hold the class and the child's position; keys are read from
 * the child's first frame, which a split leaves in place.
 */
enum { IX_IP, IX_IP_NOSYM, IX_NAME, IX_NAME_INL, IX_START, IX_NR };

#define IX_MIN_CHILDREN	8		/* fewer: the linear search is as fast */
#define IX_MAX_POS	(1U << 28)	/* positions fit a slot's 29 bits */

struct ix_slot {
	u32 hash;
	u32 pos_cls;	/* (position + 1) << 3 | class; 0: empty */
};

struct callchain_index {
	enum chain_key key;	/* the key it was built for */
	u32 mask;		/* slots - 1 */
	u32 used;
	struct ix_slot slot[];
};

static inline u32 ix_mix(u64 h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return (u32)h;
}

static inline u32 ix_hash_pair(int cls, const void *dso, u64 v)
{
	return ix_mix((u64)(uintptr_t)dso * 31 + v * 0x9e3779b97f4a7c15ULL + (u64)cls);
}

static inline u32 ix_hash_name(int cls, const char *s)
{
	u64 h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return ix_mix(h + (u64)cls);
}

static u32 ix_hash(int cls, const struct callchain_cursor_node *f)
{
	switch (cls) {
	case IX_IP:
	case IX_IP_NOSYM:
		return ix_hash_pair(cls, f->dso, f->ip);
	case IX_START:
		return ix_hash_pair(cls, f->dso, f->sym->start);
	default:
		return ix_hash_name(cls, f->sym->name);
	}
}

/* Whether child frame @c has @q's key in class @cls (c is of that class). */
static bool ix_same_key(int cls, const struct callchain_cursor_node *c,
			const struct callchain_cursor_node *q)
{
	switch (cls) {
	case IX_IP:
	case IX_IP_NOSYM:
		return c->dso == q->dso && c->ip == q->ip;
	case IX_START:
		return c->dso == q->dso && (c->sym == q->sym || c->sym->start == q->sym->start);
	default:
		return c->sym == q->sym || !strcmp(c->sym->name, q->sym->name);
	}
}

static inline const struct callchain_cursor_node *child_frame(const struct callchain_node *n,
							      u32 pos)
{
	return &n->children[pos]->val[0].f;
}

/*
 * The position of the first child of class @cls with @q's key, or
 * UINT32_MAX; with @add, a miss records position @add_pos instead.
 */
static u32 ix_probe(struct callchain_node *n, int cls, const struct callchain_cursor_node *q,
		    bool add, u32 add_pos)
{
	struct callchain_index *ix = n->index;
	u32 hash = ix_hash(cls, q);

	for (u32 i = hash & ix->mask;; i = (i + 1) & ix->mask) {
		struct ix_slot *s = &ix->slot[i];

		if (!s->pos_cls) {
			if (add) {
				s->hash = hash;
				s->pos_cls = (add_pos + 1) << 3 | (u32)cls;
				ix->used++;
			}
			return UINT32_MAX;
		}
		if (s->hash == hash && (int)(s->pos_cls & 7) == cls &&
		    ix_same_key(cls, child_frame(n, (s->pos_cls >> 3) - 1), q))
			return (s->pos_cls >> 3) - 1;
	}
}

static struct callchain_index *ix_alloc(u32 slots)
{
	struct callchain_index *ix = xzalloc(sizeof(*ix) + slots * sizeof(ix->slot[0]));

	ix->key = cmp_key;
	ix->mask = slots - 1;
	return ix;
}

/* Double the slots when they are half used (keys are unique: a plain move). */
static void ix_grow(struct callchain_node *n)
{
	struct callchain_index *old = n->index, *ix;

	if ((old->used + IX_NR) * 2 <= old->mask + 1)
		return;
	ix = ix_alloc((old->mask + 1) * 2);
	for (u32 i = 0; i <= old->mask; i++) {
		const struct ix_slot *s = &old->slot[i];
		u32 j;

		if (!s->pos_cls)
			continue;
		for (j = s->hash & ix->mask; ix->slot[j].pos_cls; j = (j + 1) & ix->mask)
			;
		ix->slot[j] = *s;
		ix->used++;
	}
	free(old);
	n->index = ix;
}

/* Record child @pos of @n in the classes its first frame belongs to. */
static void ix_add(struct callchain_node *n, u32 pos)
{
	const struct callchain_cursor_node *f = child_frame(n, pos);

	ix_grow(n);
	ix_probe(n, IX_IP, f, true, pos);
	if (n->index->key == CCKEY_ADDRESS)
		return;
	if (!f->sym) {
		ix_probe(n, IX_IP_NOSYM, f, true, pos);
		return;
	}
	ix_probe(n, IX_NAME, f, true, pos);
	ix_probe(n, f->inlined ? IX_NAME_INL : IX_START, f, true, pos);
}

/* Index @n's children, from the first, for the current key. */
static void ix_build(struct callchain_node *n)
{
	u32 slots = 64;

	free(n->index);
	while (slots < n->nr_children * 8)
		slots *= 2;
	n->index = ix_alloc(slots);
	for (u32 i = 0; i < n->nr_children; i++)
		ix_add(n, i);
}

static inline u32 min_pos(u32 a, u32 b)
{
	return a < b ? a : b;
}

/* The position of @n's first child whose first frame matches @q (frame_eq), or UINT32_MAX. */
static u32 index__find(struct callchain_node *n, const struct callchain_cursor_node *q)
{
	u32 pos;

	if (n->index->key == CCKEY_ADDRESS || !q->sym) {
		pos = ix_probe(n, IX_IP, q, false, 0);
	} else if (q->inlined) {
		pos = min_pos(ix_probe(n, IX_NAME, q, false, 0),
			      ix_probe(n, IX_IP_NOSYM, q, false, 0));
	} else {
		pos = min_pos(ix_probe(n, IX_NAME_INL, q, false, 0),
			      min_pos(ix_probe(n, IX_START, q, false, 0),
				      ix_probe(n, IX_IP_NOSYM, q, false, 0)));
	}
	return pos;
}

static void node__add_child_ptr(struct callchain_node *parent, struct callchain_node *c)
{
	if (parent->nr_children == parent->alloc_children) {
		parent->alloc_children = parent->alloc_children ? parent->alloc_children * 2 : 2;
		parent->children = xrealloc(parent->children,
					    parent->alloc_children * sizeof(*parent->children));
	}
	parent->children[parent->nr_children++] = c;
	c->parent = parent;
	if (parent->index && parent->nr_children >= IX_MAX_POS) {
		free(parent->index);
		parent->index = NULL;
	} else if (parent->index) {
		ix_add(parent, parent->nr_children - 1);
	}
}

/* A new child of @parent holding frames [0, nr) with the sample's period. */
static struct callchain_node *add_child(struct callchain_root *root,
					struct callchain_node *parent,
					const struct callchain_cursor_node *frames,
					u32 nr, u64 period, u64 count)
{
	struct callchain_node *c = arena__alloc(root->arena, sizeof(*c));

	memset(c, 0, sizeof(*c));
	c->val = arena__alloc(root->arena, nr * sizeof(*c->val));
	for (u32 i = 0; i < nr; i++)
		c->val[i].f = frames[i];
	c->nr_val = nr;
	c->hit = period;
	c->count = count;
	c->seq = root->next_seq++;
	node__add_child_ptr(parent, c);
	return c;
}

/*
 * Split @n, child @pos of @parent, after its first @at frames (invariant
 * 1). The head is the new node, in @n's place among @parent's children
 * (the same first frame: @parent's index stays right); @n keeps the tail
 * with its children, index and hits, so a chain that ended in @n still
 * does (callchain_root__add_again stays valid across splits).
 */
static void split_node(struct callchain_root *root, struct callchain_node *parent, u32 pos,
		       struct callchain_node *n, u32 at)
{
	struct callchain_node *head = arena__alloc(root->arena, sizeof(*head));

	memset(head, 0, sizeof(*head));
	head->val = n->val;
	head->nr_val = at;
	head->children_hit = callchain_node__cumul(n);
	head->children_count = callchain_node__cumul_count(n);
	head->parent = parent;
	head->seq = n->seq;	/* in perf the split node keeps its place */
	parent->children[pos] = head;
	n->val += at;
	n->nr_val -= at;
	node__add_child_ptr(head, n);
}

/*
 * callchain_frame__cmp(a, b, cmp_key) == 0, without the order: the test
 * chain insertion makes for every frame of every sample.
 */
static inline bool frame_eq(const struct callchain_cursor_node *a,
			    const struct callchain_cursor_node *b)
{
	if (cmp_key == CCKEY_SRCLINE && a->srcline && b->srcline)
		return a->srcline == b->srcline || !strcmp(a->srcline, b->srcline);
	if (cmp_key != CCKEY_ADDRESS && a->sym && b->sym) {
		if (a->inlined || b->inlined)
			return a->sym == b->sym || !strcmp(a->sym->name, b->sym->name);
		return a->dso == b->dso && (a->sym == b->sym || a->sym->start == b->sym->start);
	}
	return a->dso == b->dso && a->ip == b->ip;
}

static struct callchain_node *append_children(struct callchain_root *root,
					      struct callchain_node *n,
					      const struct callchain_cursor_node *frames, u32 nr,
					      u64 period, u64 count)
{
	for (;;) {
		struct callchain_node *next = NULL;
		u32 matched = 0, pos = UINT32_MAX;

		if (!nr) {
			n->hit += period;
			n->count += count;
			return n;
		}
		n->children_hit += period;
		n->children_count += count;
		if (cmp_key != CCKEY_SRCLINE && n->nr_children > IX_MIN_CHILDREN &&
		    n->nr_children < IX_MAX_POS &&
		    (!n->index || n->index->key != cmp_key))
			ix_build(n);
		if (n->index && n->index->key == cmp_key) {
			pos = index__find(n, &frames[0]);
		} else {
			for (u32 i = 0; i < n->nr_children; i++) {
				if (frame_eq(&n->children[i]->val[0].f, &frames[0])) {
					pos = i;
					break;
				}
			}
		}
		if (pos != UINT32_MAX)
			next = n->children[pos];
		if (!next)
			return add_child(root, n, frames, nr, period, count);
		while (matched < next->nr_val && matched < nr &&
		       frame_eq(&next->val[matched].f, &frames[matched]))
			matched++;
		if (matched < next->nr_val) {
			split_node(root, n, pos, next, matched);
			next = n->children[pos];
		}
		frames += matched;
		nr -= matched;
		n = next;
	}
}

struct callchain_node *callchain_root__append(struct callchain_root *root,
					      const struct callchain_cursor_node *frames, u32 nr,
					      u64 period)
{
	return append_children(root, &root->node, frames, nr, period, 1);
}

void callchain_root__add_again(struct callchain_root *root, struct callchain_node *end,
			       u64 period)
{
	end->pending_hit += period;
	end->pending_count++;
	root->pending = true;
}

/* Settles @n's subtree; adds what it had pending to *@hit and *@count. */
static void node__settle(struct callchain_node *n, u64 *hit, u64 *count)
{
	u64 h = 0, c = 0;

	for (u32 i = 0; i < n->nr_children; i++)
		node__settle(n->children[i], &h, &c);
	n->children_hit += h;
	n->children_count += c;
	n->hit += n->pending_hit;
	n->count += n->pending_count;
	*hit += h + n->pending_hit;
	*count += c + n->pending_count;
	n->pending_hit = n->pending_count = 0;
}

void callchain_root__settle(struct callchain_root *root)
{
	u64 h = 0, c = 0;

	if (!root || !root->pending)
		return;
	node__settle(&root->node, &h, &c);
	root->pending = false;
}

/* Append every path of @n (its frames after @path[0, depth)) to @dst. */
static void merge_paths(struct callchain_root *dst, const struct callchain_node *n,
			struct callchain_cursor_node **path, u32 depth, u32 *alloc)
{
	if (depth + n->nr_val > *alloc) {
		*alloc = (depth + n->nr_val) * 2;
		*path = xrealloc(*path, *alloc * sizeof(**path));
	}
	for (u32 i = 0; i < n->nr_val; i++)
		(*path)[depth + i] = n->val[i].f;
	depth += n->nr_val;
	if (n->count || n->hit)
		append_children(dst, &dst->node, *path, depth, n->hit, n->count);
	for (u32 i = 0; i < n->nr_children; i++)
		merge_paths(dst, n->children[i], path, depth, alloc);
}

void callchain_root__merge(struct callchain_root *dst, struct callchain_root *src)
{
	struct callchain_cursor_node *path = NULL;
	u32 alloc = 0;

	callchain_root__settle(src);
	if (src)
		merge_paths(dst, &src->node, &path, 0, &alloc);
	free(path);
}

/*
 * perf keeps a node's children in a red-black tree (rb_root_in) ordered
 * by the first frame's compare, the greater to the left, and its sort
 * walks that tree in order; equal totals keep that walk's order. The
 * compare is no total order (inlined frames by name, others by DSO and
 * address), so the walk depends on the tree's shape: @n's children are
 * put in that order by inserting them again, in the order they were
 * made, into the same kind of tree.
 */
struct replay {
	u32 l, r, p;	/* children + 1; 0: none */
	bool red;
};

static void replay_rotate(struct replay *t, u32 *root, u32 x, bool left)
{
	u32 y = left ? t[x].r : t[x].l;
	u32 inner = left ? t[y].l : t[y].r;

	if (left)
		t[x].r = inner;
	else
		t[x].l = inner;
	if (inner)
		t[inner].p = x;
	t[y].p = t[x].p;
	if (!t[x].p)
		*root = y;
	else if (t[t[x].p].l == x)
		t[t[x].p].l = y;
	else
		t[t[x].p].r = y;
	if (left)
		t[y].l = x;
	else
		t[y].r = x;
	t[x].p = y;
}

static int seq_cmp(const void *pa, const void *pb)
{
	const struct callchain_node *a = *(struct callchain_node *const *)pa;
	const struct callchain_node *b = *(struct callchain_node *const *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void node__perf_order(struct callchain_node *n)
{
	u32 k = n->nr_children, root = 0, out = 0;
	struct callchain_node **made = xmalloc(k * sizeof(*made));
	struct replay *t = xcalloc(k + 1, sizeof(*t));	/* t[1..k] */
	u32 *stack = xmalloc((k + 1) * sizeof(*stack));
	u32 top = 0, x;

	memcpy(made, n->children, k * sizeof(*made));
	qsort(made, k, sizeof(*made), seq_cmp);
	for (u32 i = 1; i <= k; i++) {
		u32 y = root, parent = 0;
		bool left = false;

		while (y) {
			parent = y;
			left = callchain_frame__cmp(&made[y - 1]->val[0].f,
						    &made[i - 1]->val[0].f, cmp_key) < 0;
			y = left ? t[y].l : t[y].r;
		}
		t[i].p = parent;
		t[i].red = true;
		if (!parent)
			root = i;
		else if (left)
			t[parent].l = i;
		else
			t[parent].r = i;
		/* the insert's fix-up, as the kernel's rbtree */
		x = i;
		while (t[x].p && t[t[x].p].red) {
			u32 p = t[x].p, g = t[p].p;
			bool pl = t[g].l == p;
			u32 u = pl ? t[g].r : t[g].l;

			if (u && t[u].red) {
				t[p].red = t[u].red = false;
				t[g].red = true;
				x = g;
				continue;
			}
			if (x == (pl ? t[p].r : t[p].l)) {
				replay_rotate(t, &root, p, pl);
				x = p;
				p = t[x].p;
			}
			t[p].red = false;
			t[g].red = true;
			replay_rotate(t, &root, g, !pl);
		}
		t[root].red = false;
	}
	/* in order: leftmost (greatest) first */
	x = root;
	while (x || top) {
		while (x) {
			stack[top++] = x;
			x = t[x].l;
		}
		x = stack[--top];
		n->children[out++] = made[x - 1];
		x = t[x].r;
	}
	free(stack);
	free(t);
	free(made);
}

static const struct callchain_param *sort_param;

static int child_cmp(const void *pa, const void *pb)
{
	const struct callchain_node *a = *(struct callchain_node *const *)pa;
	const struct callchain_node *b = *(struct callchain_node *const *)pb;
	u64 va = callchain_node__cumul(a), vb = callchain_node__cumul(b);

	/* ties keep the order node__perf_order gave */
	return va > vb ? -1 : va < vb;
}

static void node__sort(struct callchain_node *n)
{
	/* the index holds positions: the next append rebuilds it */
	free(n->index);
	n->index = NULL;
	if (n->nr_children > 1)
		node__perf_order(n);
	/* a stable insertion sort: ties keep perf's tree order */
	for (u32 i = 1; i < n->nr_children; i++) {
		struct callchain_node *c = n->children[i];
		u32 j = i;

		while (j > 0 && child_cmp(&n->children[j - 1], &c) > 0) {
			n->children[j] = n->children[j - 1];
			j--;
		}
		n->children[j] = c;
	}
	for (u32 i = 0; i < n->nr_children; i++)
		node__sort(n->children[i]);
}

void callchain_root__sort(struct callchain_root *root, const struct callchain_param *p)
{
	shape_gen++;	/* the first match in insertion order may change */
	callchain_root__settle(root);
	sort_param = p;
	node__sort(&root->node);
}

/* ---- -g/--call-graph arguments ---- */

static int prefix_is(const char *tok, const char *word)
{
	return *tok && !strncmp(tok, word, strlen(tok));
}

/* One of report's print keywords (perf's mode, order, key, value), into @p. */
static bool print_keyword(struct callchain_param *p, const char *t)
{
	if (prefix_is(t, "graph"))
		p->mode = CHAIN_GRAPH_ABS;
	else if (prefix_is(t, "flat"))
		p->mode = CHAIN_FLAT;
	else if (prefix_is(t, "fractal"))
		p->mode = CHAIN_GRAPH_REL;
	else if (prefix_is(t, "folded"))
		p->mode = CHAIN_FOLDED;
	else if (prefix_is(t, "caller"))
		p->order = ORDER_CALLER, p->order_set = true;
	else if (prefix_is(t, "callee"))
		p->order = ORDER_CALLEE, p->order_set = true;
	else if (prefix_is(t, "function"))
		p->key = CCKEY_FUNCTION;
	else if (prefix_is(t, "address"))
		p->key = CCKEY_ADDRESS;
	else if (prefix_is(t, "srcline"))
		p->key = CCKEY_SRCLINE;
	else if (prefix_is(t, "percent"))
		p->value = CCVAL_PERCENT;
	else if (prefix_is(t, "period"))
		p->value = CCVAL_PERIOD;
	else if (prefix_is(t, "count"))
		p->value = CCVAL_COUNT;
	else if (prefix_is(t, "branch") || prefix_is(t, "nobranch"))
		p->branch_callstack = t[0] == 'b';
	else
		return false;
	return true;
}

/*
 * perf's __parse_callchain_report_opt: keywords anywhere; with @record
 * (top) one record mode ("fp", "dwarf", "lbr"), the number after "dwarf"
 * being its dump size; then the threshold, then the print limit. On a
 * failure the token at fault goes to @bad.
 */
static int parse_opts(struct callchain_param *p, const char *arg, bool record,
		      enum callchain_record_mode *mode, u32 *dump_size, char *bad, size_t bad_size)
{
	char *copy, *save = NULL;
	bool have_min = false, record_set = false, try_size = false;
	int ret = 0;

	p->enabled = true;
	if (!arg)
		return 0;
	copy = xstrdup(arg);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *end;

		if (prefix_is(t, "none")) {
			p->mode = CHAIN_NONE;
			p->enabled = false;
			break;
		}
		if (print_keyword(p, t)) {
			try_size = false;
			continue;
		}
		if (record && !record_set) {
			const char *rest;

			if (!callchain_record__parse(t, mode, dump_size, &rest) && !*rest) {
				try_size = *mode == CALLCHAIN_RECORD_DWARF;
				record_set = true;
				continue;
			}
		}
		if (try_size) {
			if (callchain__parse_dump_size(t, dump_size)) {
				ret = -ERANGE;
				goto fail;
			}
			try_size = false;
		} else if (!have_min) {
			p->min_percent = strtod(t, &end);
			if (end == t) {
				ret = -EINVAL;
				goto fail;
			}
			have_min = true;
		} else {
			p->print_limit = (u32)strtoul(t, &end, 0);
			if (end == t) {
				ret = -EINVAL;
				goto fail;
			}
		}
		continue;
fail:
		if (bad)
			snprintf(bad, bad_size, "%s", t);
		break;
	}
	free(copy);
	return ret;
}

int callchain_record__config(const char *value)
{
	enum callchain_record_mode mode;
	u32 size = 0;
	const char *rest;
	int err = callchain_record__parse(value, &mode, &size, &rest);

	/* dwarf: what follows is its size; fp and lbr take nothing more */
	if (!err && mode == CALLCHAIN_RECORD_DWARF && *rest)
		err = -ERANGE;
	if (err == -ERANGE)
		error("callchain: Incorrect stack dump size (max %d): %s", CALLCHAIN_MAX_DUMP_SIZE,
		      strchr(value, ',') ? strchr(value, ',') + 1 : value);
	else if (err)
		error("callchain: Unknown --call-graph option value: %s", value);
	return err ? -EINVAL : 0;
}

int callchain_param__config(struct callchain_param *p, const char *var, const char *value)
{
	static const struct {
		const char *key, *words[4], *what;
	} keys[] = {
		{ "print-type", { "graph", "flat", "fractal", "folded" }, "mode" },
		{ "order", { "caller", "callee" }, "order" },
		{ "sort-key", { "function", "address", "srcline", "branch" }, "sort key" },
	};
	char *end;

	if (!strstarts(var, "call-graph."))
		return 0;
	var += strlen("call-graph.");
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		if (strcmp(var, keys[i].key))
			continue;
		/* perf takes a word's prefix, even an empty one, for its first match */
		for (size_t w = 0; w < ARRAY_SIZE(keys[i].words) && keys[i].words[w]; w++)
			if (!strncmp(value, keys[i].words[w], strlen(value)))
				return print_keyword(p, keys[i].words[w]) ? 0 : -EINVAL;
		error("Invalid callchain %s: %s", keys[i].what, value);
		return -EINVAL;
	}
	if (!strcmp(var, "record-mode"))
		return callchain_record__config(value);
	if (!strcmp(var, "threshold") || !strcmp(var, "print-limit")) {
		double v = strtod(value, &end);

		if (end == value) {
			error("Invalid callchain %s: %s",
			      var[0] == 't' ? "threshold" : "print limit", value);
			return -EINVAL;
		}
		if (var[0] == 't')
			p->min_percent = v;
		else
			p->print_limit = (u32)v;
	}
	return 0;
}

int callchain_param__parse(struct callchain_param *p, const char *arg)
{
	return parse_opts(p, arg, false, NULL, NULL, NULL, 0);
}

int callchain_param__parse_top(struct callchain_param *p, const char *arg,
			       enum callchain_record_mode *mode, u32 *dump_size, char *bad,
			       size_t bad_size)
{
	return parse_opts(p, arg, true, mode, dump_size, bad, bad_size);
}
