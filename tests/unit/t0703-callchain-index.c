// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0703-callchain-index: a node with many children finds the child a
 * chain continues in through an index; the child must be the one the
 * search in insertion order finds (callchain_frame__cmp == 0, first
 * match), also where a frame matches several children of different
 * comparison classes (inlined by name, resolved by symbol start,
 * unresolved by address), after a split moves the children, and for
 * the address key.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/callchain.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "tap.h"

/* callchain code compares DSOs by identity, ordered as made */
static struct dso *dso_a, *dso_b;
#define DSO_A dso_a
#define DSO_B dso_b

static struct callchain_cursor_node fr(struct dso *dso, struct symbol *sym, u64 ip,
				       bool inlined)
{
	struct callchain_cursor_node f = { .ip = ip, .dso = dso, .sym = sym,
					   .has_map = true, .inlined = inlined,
					   .level = '.' };
	return f;
}

/* The child of @n a chain starting with @q continues in, by the linear rule. */
static int linear_match(const struct callchain_node *n, const struct callchain_cursor_node *q,
			enum chain_key key)
{
	for (u32 i = 0; i < n->nr_children; i++)
		if (!callchain_frame__cmp(&n->children[i]->val[0].f, q, key))
			return (int)i;
	return -1;
}

/*
 * Append the one-frame chain @q to @r and return the child that took its
 * period (the index of a new child when none matched).
 */
static int hit_child(struct callchain_root *r, const struct callchain_cursor_node *q)
{
	u32 nr = r->node.nr_children;
	u64 *before = xmalloc((nr + 1) * sizeof(*before));
	int got;

	for (u32 i = 0; i < nr; i++)
		before[i] = r->node.children[i]->hit;
	callchain_root__append(r, q, 1, 1);
	got = r->node.nr_children > nr ? (int)nr : -2;
	for (u32 i = 0; i < nr; i++)
		if (r->node.children[i]->hit != before[i]) {
			got = (int)i;
			break;
		}
	free(before);
	return got;
}

/*
 * Children that do not match each other, in this order, after @fillers
 * unrelated ones:
 *   +0  DSO_A 0x1010, unresolved
 *   +1  foo (0x1000) at 0x1030
 *   +2  foo (0x2000, a local of the same name) at 0x2030
 *   +3  baz inlined, at 0x4000
 *   +4  DSO_A 0x2010, unresolved
 *   +5  qux (0x6000) at 0x6010
 *   +6  DSO_A 0x6020, unresolved
 * A frame can match several of them by different rules (name, symbol
 * start, address): the first in insertion order must win, with the index
 * (fillers > 8) as without it; a lookup that tried one rule before the
 * others would answer differently.
 */
static void test_first_match(int fillers)
{
	struct symbol *fill[32];
	struct symbol *foo = symbol__new(0x1000, 0x100, 1, 2, "foo");
	struct symbol *foo2 = symbol__new(0x2000, 0x100, 1, 2, "foo");
	struct symbol *baz_inl = symbol__new(0x9000, 0, 1, 2, "baz");
	struct symbol *baz = symbol__new(0x5000, 0x100, 1, 2, "baz");
	struct symbol *qux = symbol__new(0x6000, 0x100, 1, 2, "qux");
	struct symbol *foo_again = symbol__new(0x1000, 0x100, 1, 2, "foo");
	const struct callchain_cursor_node kids[] = {
		fr(DSO_A, NULL, 0x1010, false),
		fr(DSO_A, foo, 0x1030, false),
		fr(DSO_A, foo2, 0x2030, false),
		fr(DSO_A, baz_inl, 0x4000, true),
		fr(DSO_A, NULL, 0x2010, false),
		fr(DSO_A, qux, 0x6010, false),
		fr(DSO_A, NULL, 0x6020, false),
	};
	struct callchain_root *r = callchain_root__new();
	struct callchain_cursor_node q;
	char name[16];
	int base = fillers;

	callchain_set_key(CCKEY_FUNCTION);
	for (int i = 0; i < fillers; i++) {
		snprintf(name, sizeof(name), "fill%d", i);
		fill[i] = symbol__new(0x10000 + (u64)i * 0x100, 0x100, 1, 2, name);
		q = fr(DSO_B, fill[i], fill[i]->start, false);
		callchain_root__append(r, &q, 1, 1);
	}
	for (size_t i = 0; i < ARRAY_SIZE(kids); i++)
		callchain_root__append(r, &kids[i], 1, 1);
	is_int(r->node.nr_children, fillers + 7, "%d fillers: seven distinct children after them",
	       fillers);

	q = fr(DSO_A, foo_again, 0x9999, true);
	is_int(hit_child(r, &q), base + 1, "%d: inlined foo: the first of two foos (by name)",
	       fillers);
	q = fr(DSO_A, foo_again, 0x1010, true);
	is_int(hit_child(r, &q), base, "%d: inlined foo at an unresolved child's address: that one",
	       fillers);
	q = fr(DSO_A, foo_again, 0x2010, false);
	is_int(hit_child(r, &q), base + 1, "%d: foo by its start before an address match",
	       fillers);
	q = fr(DSO_A, foo2, 0x1010, false);
	is_int(hit_child(r, &q), base, "%d: an address match before foo by its start", fillers);
	q = fr(DSO_A, NULL, 0x2030, false);
	is_int(hit_child(r, &q), base + 2, "%d: unresolved: a resolved child at the address",
	       fillers);
	q = fr(DSO_A, qux, 0x6020, false);
	is_int(hit_child(r, &q), base + 5, "%d: qux by its start before an address match",
	       fillers);
	q = fr(DSO_B, baz, 0x5000, false);
	is_int(hit_child(r, &q), base + 3, "%d: baz of another DSO joins the inlined baz",
	       fillers);
	q = fr(DSO_A, NULL, 0x7777, false);
	is_int(hit_child(r, &q), base + 7, "%d: no match: a new child", fillers);
	if (fillers) {
		q = fr(DSO_B, fill[fillers - 1], fill[fillers - 1]->start + 8, false);
		is_int(hit_child(r, &q), fillers - 1, "%d: the last filler by its start", fillers);
	}

	callchain_root__delete(r);
	for (int i = 0; i < fillers; i++)
		symbol__delete(fill[i]);
	symbol__delete(foo);
	symbol__delete(foo2);
	symbol__delete(baz_inl);
	symbol__delete(baz);
	symbol__delete(qux);
	symbol__delete(foo_again);
}

/* A split moves the children, and their index, to the tail. */
static void test_split_keeps_index(void)
{
	struct symbol *a = symbol__new(0x100, 0x10, 1, 2, "a");
	struct symbol *b = symbol__new(0x200, 0x10, 1, 2, "b");
	struct symbol *leaf[20];
	struct callchain_root *r = callchain_root__new();
	struct callchain_cursor_node chain[3];
	struct callchain_node *tail;
	char name[16];

	callchain_set_key(CCKEY_FUNCTION);
	chain[0] = fr(DSO_A, a, 0x100, false);
	chain[1] = fr(DSO_A, b, 0x200, false);
	for (int i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "leaf%d", i);
		leaf[i] = symbol__new(0x1000 + (u64)i * 0x10, 0x10, 1, 2, name);
		chain[2] = fr(DSO_A, leaf[i], leaf[i]->start, false);
		callchain_root__append(r, chain, 3, 1);
	}
	is_int(r->node.children[0]->nr_children, 20, "a;b has twenty leaves");
	callchain_root__append(r, chain, 1, 1);
	tail = r->node.children[0]->children[0];
	is_int(tail->nr_val, 1, "a chain ending in a splits a;b: b is the tail");
	is_int(tail->nr_children, 20, "holding the twenty leaves");
	for (int i = 0; i < 20; i++) {
		chain[2] = fr(DSO_A, leaf[i], leaf[i]->start + 4, false);
		callchain_root__append(r, chain, 3, 10);
	}
	for (int i = 0; i < 20; i++)
		if (tail->children[i]->hit != 11)
			break;
	is_int(tail->nr_children, 20, "the leaves are found again below the tail");
	ok(tail->children[19]->hit == 11 && tail->children[0]->hit == 11,
	   "each took its chain's period");
	callchain_root__delete(r);
	for (int i = 0; i < 20; i++)
		symbol__delete(leaf[i]);
	symbol__delete(a);
	symbol__delete(b);
}

/*
 * Many random one-frame chains over a small pool of frames of every
 * kind: every append must land where the linear search says, for each key
 * the index serves; and with few children (searched one by one, the
 * rule itself).
 */
static void test_random(enum chain_key key, u32 nr_ips, bool want_index, const char *what)
{
	static const char *const names[] = { "f", "g", "h", "f" };
	struct symbol *syms[8];
	struct callchain_root *r = callchain_root__new();
	unsigned int seed = 12345;
	int bad = 0, indexed = 0;

	for (int i = 0; i < 8; i++)
		syms[i] = symbol__new(0x1000 * (u64)(i % 4 + 1), 0x1000, 1, 2, names[i % 4]);
	callchain_set_key(key);
	for (int n = 0; n < 4000; n++) {
		struct callchain_cursor_node q;
		struct symbol *s;
		int want, got;

		seed = seed * 1103515245 + 12345;
		s = (seed >> 8) % 5 ? syms[(seed >> 12) % 8] : NULL;
		q = fr((seed >> 16) & 1 ? DSO_A : DSO_B, s,
		       0x1000 + ((seed >> 17) % nr_ips) * 0x100,
		       s && (seed >> 24) % 3 == 0);
		want = linear_match(&r->node, &q, key);
		if (want < 0)
			want = (int)r->node.nr_children;
		indexed += r->node.nr_children > 8;
		got = hit_child(r, &q);
		if (got != want && !bad++)
			diag("append %d: child %d, the linear search says %d", n, got, want);
	}
	if (want_index)
		ok(r->node.nr_children > 16 && indexed > 1000,
		   "%s: %u children, most appends indexed", what, r->node.nr_children);
	else
		ok(r->node.nr_children > 2 && !indexed, "%s: %u children, searched one by one",
		   what, r->node.nr_children);
	is_int(bad, 0, "%s: every append took the first matching child", what);
	callchain_root__delete(r);
	for (int i = 0; i < 8; i++)
		symbol__delete(syms[i]);
}

/* Whether trees @a and @b have the same shape, frames and values. */
static bool same_tree(const struct callchain_node *a, const struct callchain_node *b)
{
	if (a->nr_val != b->nr_val || a->nr_children != b->nr_children || a->hit != b->hit ||
	    a->children_hit != b->children_hit || a->count != b->count ||
	    a->children_count != b->children_count)
		return false;
	for (u32 i = 0; i < a->nr_val; i++)
		if (callchain_frame__cmp(&a->val[i].f, &b->val[i].f, CCKEY_ADDRESS))
			return false;
	for (u32 i = 0; i < a->nr_children; i++)
		if (!same_tree(a->children[i], b->children[i]) ||
		    a->children[i]->parent != a || b->children[i]->parent != b)
			return false;
	return true;
}

/*
 * hists__add_chain's memo: a chain appended again by the node its first
 * append ended in (callchain_root__add_again) must leave the tree an
 * append would once settled, also when splits by other chains came in
 * between (the split node keeps its tail, so the end node stays the
 * chain's end, and the new head is among the ancestors settled), and
 * when the tree is settled more than once.
 */
static void test_add_again(void)
{
	enum { NR_CHAINS = 40, DEPTH = 6 };
	struct callchain_cursor_node chains[NR_CHAINS][DEPTH];
	struct callchain_node *ends[NR_CHAINS] = { NULL };
	u32 lens[NR_CHAINS];
	struct callchain_root *a = callchain_root__new(), *b = callchain_root__new();
	unsigned int seed = 777;
	int again = 0, firsts = 0;

	callchain_set_key(CCKEY_ADDRESS);
	for (int c = 0; c < NR_CHAINS; c++) {
		seed = seed * 1103515245 + 12345;
		lens[c] = 1 + (seed >> 8) % DEPTH;
		for (u32 i = 0; i < lens[c]; i++) {
			seed = seed * 1103515245 + 12345;
			/* few distinct frames near the root: chains share prefixes */
			chains[c][i] = fr(DSO_A, NULL, 0x1000 + ((seed >> 10) % (i + 2)) * 0x10, false);
		}
	}
	for (int n = 0; n < 3000; n++) {
		int c;

		seed = seed * 1103515245 + 12345;
		c = (int)((seed >> 9) % NR_CHAINS);
		callchain_root__append(a, chains[c], lens[c], 1 + n % 7);
		if (n == 1500)
			callchain_root__settle(b);
		if (ends[c]) {
			callchain_root__add_again(b, ends[c], 1 + n % 7);
			again++;
			continue;
		}
		ends[c] = callchain_root__append(b, chains[c], lens[c], 1 + n % 7);
		firsts++;
	}
	/* the first appends split nodes other chains ended in (the old split failed here) */
	ok(again > 2000 && firsts > 10, "add_again: %d repeats of %d chains", again, firsts);
	ok(!same_tree(&a->node, &b->node), "add_again: the replays are pending until settled");
	callchain_root__settle(b);
	ok(same_tree(&a->node, &b->node), "add_again leaves the tree every append leaves");
	callchain_root__delete(a);
	callchain_root__delete(b);
}

/*
 * Children of equal totals are drawn in the order perf's red-black tree
 * of children walks them, greatest first. The compare is no order
 * (inlined frames by name, others by symbol start): z at 0x100, then an
 * inlined m, then a at 0x900 are walked a, z, m (a went left of z, the
 * greater start; m right of z, the smaller name); sorting by the compare
 * gave z, m, a. A fourth child with more samples comes first.
 */
static void test_tie_order(void)
{
	struct symbol *z = symbol__new(0x100, 0x100, 1, 2, "z");
	struct symbol *m = symbol__new(0x500, 0, 1, 2, "m");
	struct symbol *a = symbol__new(0x900, 0x100, 1, 2, "a");
	struct symbol *b = symbol__new(0x50, 0x10, 1, 2, "b");
	const struct callchain_cursor_node kids[] = {
		fr(DSO_A, z, 0x110, false),
		fr(DSO_A, m, 0x510, true),
		fr(DSO_A, a, 0x910, false),
		fr(DSO_A, b, 0x58, false),
	};
	struct callchain_param p = { 0 };
	struct callchain_root *r = callchain_root__new();
	char got[8] = "";

	callchain_set_key(CCKEY_FUNCTION);
	for (int i = 0; i < 4; i++)
		callchain_root__append(r, &kids[i], 1, i == 3 ? 2 : 1);
	callchain_root__sort(r, &p);
	for (u32 i = 0; i < r->node.nr_children && i < 7; i++)
		got[i] = r->node.children[i]->val[0].f.sym->name[0];
	is_str(got, "bazm", "ties in perf's tree order: b (more), then a, z, m");
	callchain_root__delete(r);
	symbol__delete(z);
	symbol__delete(m);
	symbol__delete(a);
	symbol__delete(b);
}

/*
 * Siblings of equal weight in two DSOs: perf orders them by the DSOs'
 * addresses in its heap, prof by the order the DSOs were made (where
 * perf's heap mostly puts them), so that the output does not depend on
 * malloc. Here the serials say the DSO lower in memory was made later.
 */
static void test_tie_order_dsos(void)
{
	struct dso *x = dso__new("/x", DSO_KIND_USER), *y = dso__new("/y", DSO_KIND_USER);
	struct dso *lo = (uintptr_t)x < (uintptr_t)y ? x : y, *hi = lo == x ? y : x;
	struct symbol *slo = symbol__new(0x100, 0x100, 1, 2, "l");
	struct symbol *shi = symbol__new(0x100, 0x100, 1, 2, "h");
	struct callchain_param p = { 0 };
	struct callchain_root *r = callchain_root__new();
	struct callchain_cursor_node flo, fhi;
	char got[4] = "";

	hi->serial = lo->serial;
	lo->serial = hi->serial + 1;
	flo = fr(lo, slo, 0x110, false);
	fhi = fr(hi, shi, 0x110, false);
	callchain_set_key(CCKEY_FUNCTION);
	callchain_root__append(r, &fhi, 1, 1);
	callchain_root__append(r, &flo, 1, 1);
	callchain_root__sort(r, &p);
	for (u32 i = 0; i < r->node.nr_children && i < 3; i++)
		got[i] = r->node.children[i]->val[0].f.sym->name[0];
	is_str(got, "lh", "a tie between DSOs: the later made first, wherever malloc put it");
	ok(callchain_frame__cmp(&flo, &fhi, CCKEY_FUNCTION) > 0 &&
	   callchain_frame__cmp(&fhi, &flo, CCKEY_ADDRESS) < 0,
	   "frames of two DSOs compare as the DSOs were made, with either key");
	callchain_root__delete(r);
	symbol__delete(slo);
	symbol__delete(shi);
	dso__put(x);
	dso__put(y);
}

int main(void)
{
	dso_a = dso__new("/a", DSO_KIND_USER);
	dso_b = dso__new("/b", DSO_KIND_USER);
	test_tie_order();
	test_tie_order_dsos();
	test_add_again();
	test_first_match(0);
	test_first_match(20);
	test_split_keeps_index();
	test_random(CCKEY_FUNCTION, 0x40, true, "function");
	test_random(CCKEY_ADDRESS, 0x40, true, "address");
	test_random(CCKEY_FUNCTION, 2, false, "function, few children");
	test_random(CCKEY_ADDRESS, 2, false, "address, few children");
	return done_testing();
}
