// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist.c: histogram entries merged by the sort keys, and perf's output
 * order.
 *
 * perf keeps entries in rb-trees: an input tree by the merge compare as
 * samples come, a collapsed tree filled from its walk, then an output
 * tree by the output compare with ties going right. Merging uses a hash
 * over the key fields checked with the merge compare; every entry is
 * also linked into an input tree of perf's shape, walked instead of the
 * hash only when the address compare of symbol-less entries can wrap
 * (their addresses span 2^63): perf's walk then misses equal entries and
 * makes duplicates that the collapse merges, which changes the order of
 * ties. perf collapses only when a sort key has a collapse compare (comm):
 * without one (--sort dso,sym, top's default) the duplicates stay rows of
 * their own and the input tree's walk is the order of ties. The walk is
 * also the lookup for layouts with mispredict, in_tx or abort, whose
 * compares only say "differs". hists__output_resort builds the collapsed
 * and output trees.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/thread.h"
#include "prof/machine.h"
#include "prof/map.h"
#include "prof/srcline.h"
#include "prof/callchain.h"

struct hist_str {
	struct hist_str *next;
	u32 hash;
	char s[];
};

#define RECENT_SLOTS 4096

static u32 hash_str(const char *s)
{
	u32 h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (u8)*s) * 16777619u;
	return h;
}

static inline u32 hash_mix(u32 h, u64 v)
{
	v = (v ^ h) * 0x9e3779b97f4a7c15ULL;
	return (u32)(v >> 32) ^ (u32)v;
}

void hists__init(struct hists *h, struct hist_layout *layout)
{
	memset(h, 0, sizeof(*h));
	h->layout = layout;
	h->table_size = 1024;
	h->table = xcalloc(h->table_size, sizeof(*h->table));
	h->strs_size = 256;
	h->strs = xcalloc(h->strs_size, sizeof(*h->strs));
	h->has_srcline = h->has_srcfile = -1;
	h->simple_keys = -1;
}

static void entry_free(struct hist_entry *he)
{
	thread__put(he->thread);
	callchain_root__delete(he->callchain);
	free(he->group_period);
	free(he->group_events);
	free(he->group_period_acc);
	free(he->branch);
	free(he->pairs);
	free(he->res_samples);
	free(he);
}

void hist_entry__add_res_sample(struct hist_entry *he, int max, u64 time, int cpu, int tid)
{
	int j;

	if (max <= 0)
		return;
	if (!he->res_samples)
		he->res_samples = xcalloc((size_t)max, sizeof(*he->res_samples));
	j = he->num_res < max ? he->num_res++ : (int)(random() % max);
	he->res_samples[j].time = time;
	he->res_samples[j].cpu = cpu;
	he->res_samples[j].tid = tid;
}

static void chain_memo__free(struct hists *h);

void hists__exit(struct hists *h)
{
	for (size_t i = 0; i < h->nr_entries; i++)
		entry_free(h->entries[i]);
	for (size_t i = 0; i < h->nr_dups; i++)
		entry_free(h->dups[i]);
	free(h->dups);
	free(h->unnamed);
	free(h->entries);
	free(h->table);
	for (u32 i = 0; i < h->strs_size; i++) {
		struct hist_str *s = h->strs[i], *n;

		for (; s; s = n) {
			n = s->next;
			free(s);
		}
	}
	free(h->strs);
	free(h->members);
	free(h->srcline_slots);
	free(h->recent);
	free(h->walk_memo);
	chain_memo__free(h);
	memset(h, 0, sizeof(*h));
}

const char *hists__intern(struct hists *h, const char *str)
{
	u32 hash = hash_str(str);
	struct hist_str *s;
	size_t len;

	for (s = h->strs[hash & (h->strs_size - 1)]; s; s = s->next)
		if (s->hash == hash && !strcmp(s->s, str))
			return s->s;
	if (h->nr_strs >= h->strs_size) {
		u32 nsize = h->strs_size * 2;
		struct hist_str **nt = xcalloc(nsize, sizeof(*nt));

		for (u32 i = 0; i < h->strs_size; i++) {
			struct hist_str *n;

			for (s = h->strs[i]; s; s = n) {
				n = s->next;
				s->next = nt[s->hash & (nsize - 1)];
				nt[s->hash & (nsize - 1)] = s;
			}
		}
		free(h->strs);
		h->strs = nt;
		h->strs_size = nsize;
	}
	len = strlen(str);
	s = xmalloc(sizeof(*s) + len + 1);
	memcpy(s->s, str, len + 1);
	s->hash = hash;
	s->next = h->strs[hash & (h->strs_size - 1)];
	h->strs[hash & (h->strs_size - 1)] = s;
	h->nr_strs++;
	return s->s;
}

/* hash_str of a DSO's short name, cached by DSO pointer. */
static u32 dso_name_hash(const struct hists *hc, const struct dso *dso)
{
	struct hists *h = (struct hists *)hc;
	u32 slot = (u32)(((uintptr_t)dso >> 4) & (HISTS_DSO_CACHE - 1));

	if (h->dso_cache[slot] != dso) {
		h->dso_cache[slot] = dso;
		h->dso_cache_hash[slot] = hash_str(dso->short_name);
	}
	return h->dso_cache_hash[slot];
}

/* The merge compare's equality, with pointer fast paths. */
static bool entry_equal(const struct hist_layout *l, const struct hist_entry *a,
			const struct hist_entry *b)
{
	for (int i = 0; i < l->nr_keys; i++) {
		switch (l->keys[i]->id) {
		case SORT_COMM:		/* interned in the same hists */
			if (a->comm != b->comm && strcmp(a->comm, b->comm))
				return false;
			continue;
		case SORT_DSO:
			if (a->dso == b->dso)
				continue;
			break;
		case SORT_SYM:
			if (l->sym_by_name) {
				if (!a->sym != !b->sym ||
				    (a->sym && strcmp(a->sym->name, b->sym->name)))
					return false;
				continue;
			}
			if (a->sym && a->sym == b->sym && (a->dso == b->dso ||
			    !hist_layout__has_key(l, SORT_DSO)))
				continue;
			if (!a->sym && !b->sym) {
				if (a->ip != b->ip)
					return false;
				continue;
			}
			break;
		case SORT_SRCLINE:	/* interned: the same pointer is the same text */
			if (a->srcline == b->srcline)
				continue;
			break;
		case SORT_SRCFILE:
			if (a->srcfile == b->srcfile)
				continue;
			break;
		case SORT_TRACE:	/* interned */
			if (a->trace == b->trace)
				continue;
			break;
		default:
			break;
		}
		if (sort_key__collapse(l->keys[i], a, b))
			return false;
	}
	return true;
}

static u32 branch_end_hash(const struct hists *h, const struct branch_end *e, bool dso)
{
	if (dso)
		return e->dso ? dso_name_hash(h, e->dso) : 0;
	return e->sym ? (u32)(e->sym->start ^ (e->sym->end << 7)) : hash_mix(0, e->addr);
}

/* The part of entry_hash a branch key adds. */
static u32 branch_hash(const struct hists *h, enum sort_key_id id, const struct hist_branch *b)
{
	if (!b)
		return 0;
	switch (id) {
	case SORT_DSO_FROM:
		return branch_end_hash(h, &b->from, true);
	case SORT_DSO_TO:
		return branch_end_hash(h, &b->to, true);
	case SORT_SYM_FROM:
		return branch_end_hash(h, &b->from, false);
	case SORT_SYM_TO:
		return branch_end_hash(h, &b->to, false);
	case SORT_ADDR_FROM:
		return branch_end_hash(h, &b->from, true) ^ hash_mix(1, b->from.addr);
	case SORT_ADDR_TO:
		return branch_end_hash(h, &b->to, true) ^ hash_mix(1, b->to.addr);
	case SORT_MISPREDICT:
		return b->mispred | b->predicted << 1;
	case SORT_IN_TX:
		return b->in_tx;
	case SORT_ABORT:
		return b->abort;
	case SORT_CYCLES:
		return b->cycles;
	/* by text: a group member's entries carry their own hists' strings */
	case SORT_SRCLINE_FROM:
		return b->srcline_from ? hash_str(b->srcline_from) : 0;
	case SORT_SRCLINE_TO:
		return b->srcline_to ? hash_str(b->srcline_to) : 0;
	default:
		return 0;
	}
}

/* A key's collapse compare; perf diff's symbols compare by name (sort__sym_sort). */
static s64 key_collapse(const struct hist_layout *l, const struct sort_key *k,
			const struct hist_entry *a, const struct hist_entry *b)
{
	if (l->sym_by_name && k->id == SORT_SYM) {
		if (!a->sym || !b->sym)
			return a->sym ? 1 : b->sym ? -1 : 0;
		return strcmp(b->sym->name, a->sym->name);
	}
	return sort_key__collapse(k, a, b);
}

/* A hash equal for entries the merge compare calls equal. */
static u32 entry_hash(const struct hists *h, const struct hist_entry *he)
{
	const struct hist_layout *l = h->layout;
	u32 v = 2166136261u;

	for (int i = 0; i < l->nr_keys; i++) {
		switch (l->keys[i]->id) {
		case SORT_COMM:
			v = hash_mix(v, (uintptr_t)he->comm);
			break;
		case SORT_PID:
		case SORT_TID:
			v = hash_mix(v, (u64)he->tid);
			break;
		case SORT_DSO:
			v = hash_mix(v, he->dso ? dso_name_hash(h, he->dso) : 0);
			break;
		case SORT_SYM:
		case SORT_IPC_LBR:
		case SORT_IPC_NULL:
			if (l->sym_by_name && l->keys[i]->id == SORT_SYM)
				v = hash_mix(v, he->sym ? hash_str(he->sym->name) : 0);
			else if (he->sym && he->inlined)
				v = hash_mix(v, hash_str(he->sym->name));
			else if (he->sym)
				v = hash_mix(v, he->sym->start ^ (he->sym->end << 7));
			else
				v = hash_mix(v, he->ip);
			break;
		case SORT_SRCLINE:
			v = hash_mix(v, (uintptr_t)he->srcline);
			break;
		case SORT_SRCFILE:
			v = hash_mix(v, (uintptr_t)he->srcfile);
			break;
		case SORT_CPU:
			v = hash_mix(v, (u64)he->cpu);
			break;
		case SORT_PARENT:
			v = hash_mix(v, he->parent ? hash_str(he->parent->name) : 0);
			break;
		case SORT_SYM_SIZE:
			v = hash_mix(v, he->sym ? he->sym->end - he->sym->start : 0);
			break;
		case SORT_DSO_SIZE:
			v = hash_mix(v, he->has_map ? he->map_size : 0);
			break;
		case SORT_TRACE:
			v = hash_mix(v, (uintptr_t)he->trace);
			break;
		case SORT_TIME:
			v = hash_mix(v, he->v.time);
			break;
		case SORT_CGROUP:
			v = hash_mix(v, he->v.cgroup);
			break;
		case SORT_CGROUP_ID:
			v = hash_mix(v, he->v.cgroup_dev ^ (he->v.cgroup_ino << 7));
			break;
		case SORT_ADDR:
			v = hash_mix(v, he->v.addr);
			break;
		case SORT_SOCKET:
			v = hash_mix(v, (u64)he->v.socket);
			break;
		case SORT_LOCAL_WEIGHT:
		case SORT_WEIGHT:
			v = hash_mix(v, he->v.weight);
			break;
		case SORT_CODE_PAGE_SIZE:
			v = hash_mix(v, he->v.code_page_size);
			break;
		case SORT_LOCAL_INS_LAT:
		case SORT_INS_LAT:
			v = hash_mix(v, he->v.ins_lat);
			break;
		case SORT_LOCAL_P_STAGE_CYC:
		case SORT_P_STAGE_CYC:
			v = hash_mix(v, he->v.p_stage_cyc);
			break;
		case SORT_MEM:
		case SORT_NR_KEYS:
			break;
		default:
			v = hash_mix(v, branch_hash(h, l->keys[i]->id, he->branch));
			break;
		}
	}
	return v;
}

static s64 entry_collapse(const struct hist_layout *l, const struct hist_entry *a,
			  const struct hist_entry *b)
{
	for (int i = 0; i < l->nr_keys; i++) {
		s64 r = key_collapse(l, l->keys[i], a, b);

		if (r)
			return r;
	}
	return 0;
}

/* perf's hist_entry__cmp (se_cmp): as the merge compare, the flags only "differ". */
static s64 entry_cmp(const struct hist_layout *l, const struct hist_entry *a,
		     const struct hist_entry *b)
{
	for (int i = 0; i < l->nr_keys; i++) {
		s64 r = l->sym_by_name && l->keys[i]->id == SORT_SYM ?
			key_collapse(l, l->keys[i], a, b) : sort_key__cmp(l->keys[i], a, b);

		if (r)
			return r;
	}
	return 0;
}

/*
 * Does perf 6.1 give one of the keys an se_collapse (a collapse pass)?
 * Only comm: srcline and srcfile got theirs after 6.1.
 */
static bool layout__need_collapse(const struct hist_layout *l)
{
	return hist_layout__has_key(l, SORT_COMM);
}

/* Does a key of the layout compare symbols (perf's _sort__sym_cmp)? */
static bool layout__cmp_sym(const struct hist_layout *l)
{
	return hist_layout__has_key(l, SORT_SYM) || hist_layout__has_key(l, SORT_IPC_LBR) ||
	       hist_layout__has_key(l, SORT_IPC_NULL);
}

/*
 * perf's input tree. perf finds a sample's entry by walking a red-black
 * tree ordered by the merge compare (existing vs new: negative goes left)
 * and inserts a new one where the walk ends. prof merges by hash, which
 * finds the same entry while the compare is transitive; every entry is
 * also linked into this tree so that the walk can be done exactly when it
 * is not (hists->may_wrap, entries without a symbol): perf then creates
 * duplicates, merged only at collapse time.
 */
static void in_rotate(struct hists *h, struct hist_entry *x, bool left)
{
	struct hist_entry *y = left ? x->in_right : x->in_left;
	struct hist_entry *mid = left ? y->in_left : y->in_right;

	if (left)
		x->in_right = mid;
	else
		x->in_left = mid;
	if (mid)
		mid->in_parent = x;
	y->in_parent = x->in_parent;
	if (!x->in_parent)
		h->in_root = y;
	else if (x == x->in_parent->in_left)
		x->in_parent->in_left = y;
	else
		x->in_parent->in_right = y;
	if (left)
		y->in_left = x;
	else
		y->in_right = x;
	x->in_parent = y;
}

static void in_link(struct hists *h, struct hist_entry *z, struct hist_entry *p, bool left)
{
	h->in_gen++;
	z->in_left = z->in_right = NULL;
	z->in_parent = p;
	z->in_red = true;
	if (!p)
		h->in_root = z;
	else if (left)
		p->in_left = z;
	else
		p->in_right = z;
	while (z->in_parent && z->in_parent->in_red) {
		struct hist_entry *q = z->in_parent, *g = q->in_parent;
		bool q_left = q == g->in_left;
		struct hist_entry *u = q_left ? g->in_right : g->in_left;

		if (u && u->in_red) {
			q->in_red = u->in_red = false;
			g->in_red = true;
			z = g;
			continue;
		}
		if (z == (q_left ? q->in_right : q->in_left)) {
			z = q;
			in_rotate(h, z, q_left);
			q = z->in_parent;
			g = q->in_parent;
		}
		q->in_red = false;
		g->in_red = true;
		in_rotate(h, g, !q_left);
	}
	h->in_root->in_red = false;
}

/* The walk: the equal entry it meets, or NULL and where @key would go. */
static struct hist_entry *in_find(const struct hists *h, const struct hist_entry *key,
				  struct hist_entry **parent, bool *left)
{
	struct hist_entry *c = h->in_root;

	*parent = NULL;
	*left = false;
	while (c) {
		s64 r = entry_cmp(h->layout, c, key);

		if (!r)
			return c;
		*parent = c;
		*left = r < 0;
		c = r < 0 ? c->in_left : c->in_right;
	}
	return NULL;
}

/* Link a new entry where perf's walk puts it (an equal one met: to its right). */
static void in_insert(struct hists *h, struct hist_entry *he)
{
	struct hist_entry *c = h->in_root, *p = NULL;
	bool left = false;

	while (c) {
		p = c;
		left = (h->collapsed ? entry_collapse(h->layout, c, he) :
			entry_cmp(h->layout, c, he)) < 0;
		c = left ? c->in_left : c->in_right;
	}
	in_link(h, he, p, left);
}

/*
 * A new entry without a symbol may make the address compare wrap: two
 * such entries with equal comms and DSO names compare by address. Without
 * a map, by the range seen; in a DSO, when both halves of the address
 * space were seen (kept in the DSO: shared by all hists, so conservative).
 */
static void note_nosym(struct hists *h, const struct hist_entry *he)
{
	if (he->sym)
		return;
	if (he->dso) {
		he->dso->hist_ip_halves |= (u8)(1u << (he->ip >> 63));
		if (he->dso->hist_ip_halves == 3)
			h->may_wrap = true;
		return;
	}
	if (!h->nosym_seen) {
		h->nosym_seen = true;
		h->nosym_min = h->nosym_max = he->ip;
	}
	h->nosym_min = min(h->nosym_min, he->ip);
	h->nosym_max = max(h->nosym_max, he->ip);
	if (h->nosym_max - h->nosym_min >= (1ULL << 63))
		h->may_wrap = true;
}

static void hists__grow_table(struct hists *h)
{
	u32 nsize = h->table_size * 2;
	struct hist_entry **nt = xcalloc(nsize, sizeof(*nt));

	for (size_t i = 0; i < h->nr_entries; i++) {
		struct hist_entry *he = h->entries[i];

		he->hnext = nt[he->hash & (nsize - 1)];
		nt[he->hash & (nsize - 1)] = he;
	}
	free(h->table);
	h->table = nt;
	h->table_size = nsize;
}

struct hist_srcline_slot {
	const struct dso *dso;
	u64 addr;
	const struct symbol *sym;
	bool raw;
	const char *text;
};

#define SRCLINE_SLOTS 8192

static const char *srcline_lookup(struct hists *h, const struct hist_sample *hs);

/* The source line of a sample, through a direct-mapped cache. */
static const char *srcline_of(struct hists *h, const struct hist_sample *hs)
{
	struct hist_srcline_slot *sl;
	u32 i;

	if (hs->srcline || !hs->dso)
		return srcline_lookup(h, hs);
	if (!h->srcline_slots)
		h->srcline_slots = xcalloc(SRCLINE_SLOTS, sizeof(*h->srcline_slots));
	i = (u32)(((uintptr_t)hs->dso >> 4) ^ hs->ip ^ (hs->ip >> 13)) & (SRCLINE_SLOTS - 1);
	sl = &h->srcline_slots[i];
	if (sl->text && sl->dso == hs->dso && sl->addr == hs->ip && sl->sym == hs->sym &&
	    sl->raw == hs->raw_ip)
		return sl->text;
	sl->dso = hs->dso;
	sl->addr = hs->ip;
	sl->sym = hs->sym;
	sl->raw = hs->raw_ip;
	sl->text = srcline_lookup(h, hs);
	return sl->text;
}

/* A chain frame's raw address outside its symbol: perf asks addr2line in vain. */
static bool raw_outside(const struct hist_sample *hs)
{
	return hs->raw_ip && hs->sym && (hs->ip < hs->sym->start || hs->ip >= hs->sym->end);
}

static const char *srcline_lookup(struct hists *h, const struct hist_sample *hs)
{
	/* interned, always: the merge hash uses the pointer */
	if (hs->srcline)
		return hists__intern(h, hs->srcline);
	if (!hs->dso)
		return hists__intern(h, SRCLINE_UNKNOWN);
	if (raw_outside(hs))
		return hists__intern(h, dso__srcline_fallback(hs->dso, hs->ip, hs->sym, true, true));
	return hists__intern(h, dso__srcline_str(hs->dso, hs->ip, hs->sym, true, true));
}

static const char *srcfile_of(struct hists *h, const struct hist_sample *hs)
{
	if (!hs->dso)
		return hists__intern(h, "");
	return hists__intern(h, dso__srcfile_str(hs->dso, hs->ip));
}

/* The entry of @h equal to @key under the merge compare, or NULL. */
static struct hist_entry *hists__find(struct hists *h, const struct hist_entry *key)
{
	struct hist_entry *he;

	for (he = h->table[key->hash & (h->table_size - 1)]; he; he = he->hnext)
		if (he->hash == key->hash && entry_equal(h->layout, he, key))
			return he;
	return NULL;
}

/* An entry's own copy of a branch, its srclines interned in @h. */
static struct hist_branch *branch_dup(struct hists *h, const struct hist_branch *b)
{
	struct hist_branch *n;

	if (!b)
		return NULL;
	n = xmalloc(sizeof(*n));
	*n = *b;
	if (n->srcline_from)
		n->srcline_from = hists__intern(h, n->srcline_from);
	if (n->srcline_to)
		n->srcline_to = hists__intern(h, n->srcline_to);
	return n;
}

static struct hist_entry *hists__insert_copy(struct hists *h, const struct hist_entry *key)
{
	struct hist_entry *he = xmalloc(sizeof(*he));

	*he = *key;
	he->thread = key->thread ? thread__get(key->thread) : NULL;
	he->period = he->nr_events = he->period_acc = he->nr_events_acc = 0;
	he->period_sys = he->period_us = he->period_guest_sys = he->period_guest_us = 0;
	he->callchain = NULL;
	he->max_depth = 0;	/* perf's dummy entries have an empty chain */
	he->group_period = he->group_events = he->group_period_acc = NULL;
	he->filtered = false;
	he->branch = branch_dup(h, key->branch);
	he->merged = NULL;
	he->pairs = NULL;
	he->dummy = false;
	he->res_samples = NULL;
	he->num_res = 0;
	memset(&he->diff, 0, sizeof(he->diff));
	/* interned strings belong to the member's hists: intern again here */
	he->comm = hists__intern(h, key->comm);
	he->srcline = hists__intern(h, key->srcline);
	he->srcfile = hists__intern(h, key->srcfile);
	he->trace = key->trace ? hists__intern(h, key->trace) : NULL;
	if (h->nr_entries >= h->table_size)
		hists__grow_table(h);
	he->hnext = h->table[he->hash & (h->table_size - 1)];
	h->table[he->hash & (h->table_size - 1)] = he;
	if (h->nr_entries == h->alloc)
		h->entries = xgrow(h->entries, sizeof(*h->entries), h->nr_entries + 1, &h->alloc);
	h->entries[h->nr_entries++] = he;
	in_insert(h, he);
	note_nosym(h, he);
	return he;
}

/* @key, an entry of another hists, as a key of @h: its strings interned in @h */
static void foreign_key(struct hists *h, struct hist_entry *key)
{
	key->comm = hists__intern(h, key->comm);
	key->srcline = hists__intern(h, key->srcline);
	key->srcfile = hists__intern(h, key->srcfile);
	if (key->trace)
		key->trace = hists__intern(h, key->trace);
	key->hash = entry_hash(h, key);
}

struct hist_entry *hists__find_like(struct hists *h, const struct hist_entry *he)
{
	struct hist_entry key = *he;

	foreign_key(h, &key);
	return hists__find(h, &key);
}

struct hist_entry *hists__add_dummy(struct hists *h, const struct hist_entry *he)
{
	struct hist_entry key = *he, *n;

	foreign_key(h, &key);
	n = hists__insert_copy(h, &key);
	n->filtered = he->filtered;	/* perf copies the whole entry */
	n->dummy = true;
	return n;
}

static size_t in_walk(const struct hists *h, struct hist_entry **out);
static void entry_merge(struct hists *h, struct hist_entry *into, struct hist_entry *dup);

/* perf's collapsed tree in order: b before a when their compare says so, else input order */
static const struct hist_layout *collapse_layout;

struct collapse_slot {
	struct hist_entry *he;
	size_t idx;
};

static int collapse_order(const void *pa, const void *pb)
{
	const struct collapse_slot *a = pa, *b = pb;
	s64 r = entry_collapse(collapse_layout, b->he, a->he);

	if (r)
		return r < 0 ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

void hists__collapse_by_name(struct hists *h)
{
	struct hist_entry **in = xmalloc((h->nr_entries + 1) * sizeof(*in));
	size_t n = in_walk(h, in), k = 0;
	struct collapse_slot *slots = xmalloc((n + 1) * sizeof(*slots));

	h->layout->sym_by_name = true;
	collapse_layout = h->layout;
	for (size_t i = 0; i < n; i++)
		slots[i] = (struct collapse_slot){ in[i], i };
	qsort(slots, n, sizeof(*slots), collapse_order);
	memset(h->table, 0, h->table_size * sizeof(*h->table));
	h->in_root = NULL;
	h->in_gen++;
	h->collapsed = true;
	if (h->recent)
		memset(h->recent, 0, RECENT_SLOTS * sizeof(*h->recent));
	for (size_t i = 0; i < n; i++) {
		struct hist_entry *he = slots[i].he;

		if (k && !entry_collapse(h->layout, h->entries[k - 1], he)) {
			entry_merge(h, h->entries[k - 1], he);
			continue;
		}
		he->hash = entry_hash(h, he);
		he->hnext = h->table[he->hash & (h->table_size - 1)];
		h->table[he->hash & (h->table_size - 1)] = he;
		in_insert(h, he);
		h->entries[k++] = he;
	}
	h->nr_entries = k;
	free(slots);
	free(in);
}

void hists__drop(struct hists *h, bool (*drop)(const struct hist_entry *he))
{
	struct hist_entry **in = xmalloc((h->nr_entries + 1) * sizeof(*in));
	size_t n = in_walk(h, in), k = 0, u = 0;

	chain_memo__free(h);	/* it points into entries this may free */

	/* the survivors again, in the input tree's order */
	memset(h->table, 0, h->table_size * sizeof(*h->table));
	h->in_root = NULL;
	h->in_gen++;
	for (size_t i = 0; i < n; i++) {
		struct hist_entry *he = in[i];

		if (drop(he))
			continue;
		he->hnext = h->table[he->hash & (h->table_size - 1)];
		h->table[he->hash & (h->table_size - 1)] = he;
		in_insert(h, he);
	}
	free(in);
	for (size_t i = 0; i < h->nr_unnamed; i++)
		if (!drop(h->unnamed[i]))
			h->unnamed[u++] = h->unnamed[i];
	h->nr_unnamed = u;
	for (size_t i = 0; i < h->nr_entries; i++)
		if (drop(h->entries[i]))
			entry_free(h->entries[i]);
		else
			h->entries[k++] = h->entries[i];
	h->nr_entries = k;
}

void hists__unlink_group(struct hists *h)
{
	for (size_t i = 0; i < h->nr_entries; i++) {
		struct hist_entry *he = h->entries[i];

		free(he->group_period);
		free(he->group_events);
		free(he->group_period_acc);
		he->group_period = he->group_events = he->group_period_acc = NULL;
	}
	free(h->members);
	h->members = NULL;
	h->nr_members = 0;
}

void hists__link_group(struct hists *h, struct hists **members, int nr)
{
	h->nr_members = nr;
	h->members = xmalloc((size_t)nr * sizeof(*h->members));
	memcpy(h->members, members, (size_t)nr * sizeof(*h->members));
	/* dummies for what only members have; comms are compared by pointer */
	for (int m = 1; m < nr; m++) {
		struct hists *mh = members[m];

		for (size_t i = 0; i < mh->nr_entries; i++) {
			struct hist_entry key = *mh->entries[i];

			key.comm = hists__intern(h, key.comm);
			key.srcline = hists__intern(h, key.srcline);
			key.srcfile = hists__intern(h, key.srcfile);
			if (key.trace)
				key.trace = hists__intern(h, key.trace);
			key.hash = entry_hash(h, &key);
			if (!hists__find(h, &key))
				hists__insert_copy(h, &key);
		}
	}
	for (size_t i = 0; i < h->nr_entries; i++) {
		struct hist_entry *he = h->entries[i];

		he->group_period = xcalloc((size_t)nr, sizeof(u64));
		he->group_events = xcalloc((size_t)nr, sizeof(u64));
		he->group_period_acc = xcalloc((size_t)nr, sizeof(u64));
		he->group_period[0] = he->period;
		he->group_events[0] = he->nr_events;
		he->group_period_acc[0] = he->period_acc;
	}
	for (int m = 1; m < nr; m++) {
		struct hists *mh = members[m];

		for (size_t i = 0; i < mh->nr_entries; i++) {
			struct hist_entry key = *mh->entries[i], *he;

			key.comm = hists__intern(h, key.comm);
			key.srcline = hists__intern(h, key.srcline);
			key.srcfile = hists__intern(h, key.srcfile);
			if (key.trace)
				key.trace = hists__intern(h, key.trace);
			key.hash = entry_hash(h, &key);
			he = hists__find(h, &key);
			if (he) {
				he->group_period[m] += mh->entries[i]->period;
				he->group_events[m] += mh->entries[i]->nr_events;
				he->group_period_acc[m] += mh->entries[i]->period_acc;
			}
		}
	}
}


static struct hist_entry *hists__add_slow(struct hists *h, const struct hist_sample *hs);

void hist_sample__set_location(struct hist_sample *hs, const struct addr_location *al,
			       pid_t pid, pid_t tid)
{
	hs->thread = al->thread;
	hs->pid = al->thread ? al->thread->pid : pid;
	hs->tid = al->thread ? al->thread->tid : tid;
	hs->has_map = al->map != NULL;
	hs->dso = al->map ? al->map->dso : NULL;
	hs->map_size = al->map ? al->map->end - al->map->start : 0;
	hs->sym = al->map ? al->sym : NULL;
	hs->ip = al->addr;
	hs->level = al->level;
	hs->cpumode = al->cpumode;
}

static void hists__rename_unnamed(struct hists *h);

struct hist_entry *hists__add(struct hists *h, const struct hist_sample *hs, bool self)
{
	const struct hist_layout *l = h->layout;
	struct hist_entry *he;

	if (h->has_srcline < 0) {
		h->has_srcline = hist_layout__has_key(l, SORT_SRCLINE);
		h->has_srcfile = hist_layout__has_key(l, SORT_SRCFILE);
		h->has_srcline_from = hist_layout__has_key(l, SORT_SRCLINE_FROM);
		h->has_srcline_to = hist_layout__has_key(l, SORT_SRCLINE_TO);
		h->simple_keys = 1;
		for (int i = 0; i < l->nr_keys; i++)
			if (l->keys[i]->id != SORT_COMM && l->keys[i]->id != SORT_DSO &&
			    l->keys[i]->id != SORT_SYM)
				h->simple_keys = 0;
		if (h->simple_keys)
			h->recent = xcalloc(RECENT_SLOTS, sizeof(*h->recent));
		h->flag_keys = hist_layout__has_key(l, SORT_MISPREDICT) ||
			       hist_layout__has_key(l, SORT_IN_TX) ||
			       hist_layout__has_key(l, SORT_ABORT);
	}
	if (h->nr_unnamed && h->comm_overrides != thread__comm_overrides)
		hists__rename_unnamed(h);
	/*
	 * Merging by comm, dso and sym only: an entry with the same comm,
	 * dso and symbol (or address) pointers is the one (a shortcut past
	 * the hash; equal pointers imply equal keys).
	 */
	if (h->simple_keys && (hs->sym || !h->may_wrap) && !h->comm_renamed && !h->inl_walk &&
	    !hs->inlined) {
		u64 k = hs->sym ? (uintptr_t)hs->sym : hs->ip;
		u32 slot = (u32)((k >> 4) ^ (k >> 17) ^ ((uintptr_t)hs->comm >> 4)) &
			   (RECENT_SLOTS - 1);

		he = h->recent[slot];
		if (he && he->comm == hs->comm && he->dso == hs->dso && he->sym == hs->sym &&
		    he->inlined == hs->inlined && (hs->sym || he->ip == hs->ip))
			goto found;
		he = hists__add_slow(h, hs);
		h->recent[slot] = he;
		goto found;
	}
	he = hists__add_slow(h, hs);
found:
	if (self)
		hist_entry__add_self(he, hs->cpumode, hs->period, 1);
	return he;
}

void hist_entry__add_self(struct hist_entry *he, u8 cpumode, u64 period, u64 nr)
{
	he->period += period;
	he->nr_events += nr;
	switch (cpumode) {
	case PROF_CPUMODE_KERNEL:
		he->period_sys += period;
		break;
	case PROF_CPUMODE_USER:
		he->period_us += period;
		break;
	case PROF_CPUMODE_GUEST_KERNEL:
		he->period_guest_sys += period;
		break;
	case PROF_CPUMODE_GUEST_USER:
		he->period_guest_us += period;
		break;
	default:
		break;
	}
}

/* perf's map__srcline for a branch end: "??:0" without a map. */
static const char *branch_srcline(struct hists *h, const struct branch_end *e)
{
	if (!e->dso)
		return hists__intern(h, SRCLINE_UNKNOWN);
	return hists__intern(h, dso__srcline_str(e->dso, e->al_addr, e->sym, true, true));
}

/* The entry @hs would merge into, as a key (no values); @kb holds its branch. */
static void sample_key(struct hists *h, const struct hist_sample *hs, struct hist_entry *key,
		       struct hist_branch *kb)
{
	*key = (struct hist_entry){
		.comm = hs->comm, .pid = hs->pid, .tid = hs->tid, .dso = hs->dso,
		.sym = hs->sym, .ip = hs->ip, .level = hs->level, .cpumode = hs->cpumode,
		.has_map = hs->has_map, .map_size = hs->map_size, .cpu = hs->cpu,
		.inlined = hs->inlined,
		.parent = hs->parent,
		.v = hs->v,
	};
	if (hs->branch) {
		*kb = *hs->branch;
		if (h->has_srcline_from)
			kb->srcline_from = branch_srcline(h, &kb->from);
		if (h->has_srcline_to)
			kb->srcline_to = branch_srcline(h, &kb->to);
		key->branch = kb;
	}
	if (h->has_srcline)
		key->srcline = srcline_of(h, hs);
	if (h->has_srcfile)
		key->srcfile = srcfile_of(h, hs);
	if (hs->trace)
		key->trace = hists__intern(h, hs->trace);
	key->hash = entry_hash(h, key);
}

static struct hist_entry *hists__new_entry(struct hists *h, const struct hist_entry *key,
					   const struct hist_sample *hs)
{
	struct hist_entry *he;

	if (h->nr_entries >= h->table_size)
		hists__grow_table(h);
	he = xmalloc(sizeof(*he));
	*he = *key;
	he->res_samples = NULL;
	he->num_res = 0;
	he->thread = hs->thread ? thread__get(hs->thread) : NULL;
	he->branch = branch_dup(h, key->branch);
	if (!he->srcline)
		he->srcline = "";
	if (!he->srcfile)
		he->srcfile = "";
	he->hnext = h->table[key->hash & (h->table_size - 1)];
	h->table[key->hash & (h->table_size - 1)] = he;
	if (h->nr_entries == h->alloc)
		h->entries = xgrow(h->entries, sizeof(*h->entries), h->nr_entries + 1,
				   &h->alloc);
	h->entries[h->nr_entries++] = he;
	if (hs->thread && !hs->thread->comm_set) {
		if (h->nr_unnamed == h->alloc_unnamed)
			h->unnamed = xgrow(h->unnamed, sizeof(*h->unnamed), h->nr_unnamed + 1,
					   &h->alloc_unnamed);
		h->unnamed[h->nr_unnamed++] = he;
	}
	return he;
}

/*
 * perf's comm__override: the entries made with a ":tid" placeholder whose
 * thread has a comm now take its name, where they are in the input tree.
 */
static void hists__rename_unnamed(struct hists *h)
{
	size_t k = 0;

	h->comm_overrides = thread__comm_overrides;
	for (size_t i = 0; i < h->nr_unnamed; i++) {
		struct hist_entry *he = h->unnamed[i];

		if (!he->thread->comm_set) {
			h->unnamed[k++] = he;
			continue;
		}
		he->comm = hists__intern(h, he->thread->comms[0].str);
		h->in_gen++;	/* the walk's compares see the new name */
		/*
		 * Only a comm key sees the new name: without one the tree's
		 * order and the entries' keys stay as they were.
		 */
		if (hist_layout__has_key(h->layout, SORT_COMM))
			h->comm_renamed = true;
	}
	h->nr_unnamed = k;
}

/*
 * The walk's last find per key hash. perf's walk is a function of the
 * tree and the fields of the key its compares read, so a key whose fields
 * are those of one it found an entry for finds that entry again while the
 * tree is the same: no entry linked or renamed (in_gen), no DSO renamed
 * or symbol freed (symbol__epoch). Only finds are kept: a walk that made
 * an entry changed the tree it ran on.
 */
#define WALK_MEMO_SLOTS 4096

struct walk_memo {
	u64 in_gen, epoch;
	struct hist_entry key;		/* the fields below; no branch */
	struct hist_entry *he;
};

/*
 * Equal in every field a compare can read (pointers as pointers): the
 * same walk. The address is read only without a symbol, or by --sort addr.
 */
static bool walk_key_same(const struct hist_entry *a, const struct hist_entry *b,
			  bool addr_key)
{
	const struct hist_vals *x = &a->v, *y = &b->v;

	return a->comm == b->comm && a->dso == b->dso && a->sym == b->sym &&
	       a->inlined == b->inlined && (a->sym || a->ip == b->ip) && a->tid == b->tid &&
	       a->pid == b->pid && a->level == b->level && a->cpumode == b->cpumode &&
	       a->has_map == b->has_map && a->map_size == b->map_size && a->cpu == b->cpu &&
	       a->parent == b->parent && a->srcline == b->srcline && a->srcfile == b->srcfile &&
	       a->trace == b->trace && (!addr_key || x->addr == y->addr) &&
	       x->time == y->time && x->weight == y->weight && x->ins_lat == y->ins_lat &&
	       x->p_stage_cyc == y->p_stage_cyc && x->cgroup == y->cgroup &&
	       x->cgroup_name == y->cgroup_name && x->cgroup_dev == y->cgroup_dev &&
	       x->cgroup_ino == y->cgroup_ino && x->code_page_size == y->code_page_size &&
	       x->socket == y->socket;
}

static struct hist_entry *hists__walk(struct hists *h, const struct hist_entry *key,
				      const struct hist_sample *hs)
{
	struct walk_memo *w = NULL;
	struct hist_entry *he, *p;
	bool left;

	if (!key->branch && !h->walk_memo_off) {
		if (!h->walk_memo)
			h->walk_memo = xcalloc(WALK_MEMO_SLOTS, sizeof(*h->walk_memo));
		w = &h->walk_memo[key->hash & (WALK_MEMO_SLOTS - 1)];
		if (w->he && w->in_gen == h->in_gen && w->epoch == symbol__epoch &&
		    walk_key_same(&w->key, key, hist_layout__has_key(h->layout, SORT_ADDR))) {
			/* the walk would meet that node again: merged since, it gives the survivor */
			for (he = w->he; he->merged; he = he->merged)
				;
			return he;
		}
	}
	he = in_find(h, key, &p, &left);
	while (he && he->merged)
		he = he->merged;
	if (he) {
		if (w) {
			w->in_gen = h->in_gen;
			w->epoch = symbol__epoch;
			w->key = *key;
			w->he = he;
		}
		return he;
	}
	he = hists__new_entry(h, key, hs);
	in_link(h, he, p, left);
	return he;
}

/* hists__add_slow with the key made (sample_key): the walk or the hash. */
static struct hist_entry *hists__add_key(struct hists *h, const struct hist_sample *hs,
					 const struct hist_entry *key)
{
	const struct hist_layout *l = h->layout;
	struct hist_entry *he;

	if (key->inlined && key->sym && !h->inl_walk && layout__cmp_sym(l))
		h->inl_walk = true;
	/* perf's walk: it may miss an equal entry and make a duplicate */
	if ((h->may_wrap && !key->sym) || h->flag_keys || h->comm_renamed || h->inl_walk)
		return hists__walk(h, key, hs);
	for (he = h->table[key->hash & (h->table_size - 1)]; he; he = he->hnext)
		if (he->hash == key->hash && entry_equal(l, he, key))
			return he;
	he = hists__new_entry(h, key, hs);
	in_insert(h, he);
	note_nosym(h, he);
	return he;
}

static struct hist_entry *hists__add_slow(struct hists *h, const struct hist_sample *hs)
{
	struct hist_entry key;
	struct hist_branch kb;

	sample_key(h, hs, &key, &kb);
	return hists__add_key(h, hs, &key);
}

/*
 * hists__add(h, hs, false) where hists__add takes the slow path (no
 * recent-entry shortcut) and the key is made already.
 */
static struct hist_entry *hists__add_keyed(struct hists *h, const struct hist_sample *hs,
					   const struct hist_entry *key)
{
	if (h->nr_unnamed && h->comm_overrides != thread__comm_overrides)
		hists__rename_unnamed(h);
	return hists__add_key(h, hs, key);
}

static const struct hist_layout *sort_layout;
static int sort_nr_members, sort_group_idx;
static const struct hists *sort_hists;

static s64 cmp3(u64 a, u64 b)
{
	return a > b ? 1 : a < b ? -1 : 0;
}

/*
 * perf's __hpp__sort in the group view: the leader, then each member;
 * with a sort index (the browser's 0-9, perf's __hpp__group_sort_idx):
 * that member, then the other members, and not the leader at all.
 */
static s64 group_sort(u64 lead_a, u64 lead_b, const u64 *a, const u64 *b, int nr)
{
	int idx = sort_group_idx;

	/* perf: --group-sort-idx with no such member sorts by the leader alone */
	if (idx < 0 || idx >= nr)
		return cmp3(lead_a, lead_b);
	if (!idx && lead_a != lead_b)
		return cmp3(lead_a, lead_b);
	if (idx && a[idx] != b[idx])
		return cmp3(a[idx], b[idx]);
	for (int i = 1; i < nr; i++)
		if (i != idx && a[i] != b[i])
			return cmp3(a[i], b[i]);
	return 0;
}

static s64 field_sort(const struct hist_field *f, const struct hist_entry *a,
		      const struct hist_entry *b)
{
	int nr = sort_nr_members;
	s64 r;

	if (nr > 1 && a->group_period && b->group_period) {
		switch (f->kind) {
		case HPP_OVERHEAD:
		case HPP_PERIOD:
			return group_sort(a->period, b->period, a->group_period, b->group_period, nr);
		case HPP_SAMPLE:
			return group_sort(a->nr_events, b->nr_events, a->group_events,
					  b->group_events, nr);
		default:
			break;
		}
	}
	switch (f->kind) {
	case HPP_OVERHEAD:
		return a->period > b->period ? 1 : a->period < b->period ? -1 : 0;
	case HPP_OVERHEAD_CHILDREN:
		r = cmp3(a->period_acc, b->period_acc);
		if (r || !sort_hists->acc_depth_order || a->thread != b->thread)
			return r;
		r = (s64)b->max_depth - (s64)a->max_depth;
		return sort_hists->order_caller ? -r : r;
	case HPP_SAMPLE:
		return a->nr_events > b->nr_events ? 1 : a->nr_events < b->nr_events ? -1 : 0;
	case HPP_PERIOD:
		return a->period > b->period ? 1 : a->period < b->period ? -1 : 0;
	case HPP_SORT_KEY:
		return sort_key__sort(f->key, a, b);
	case HPP_DIFF:
		return hist_diff__sort(sort_hists->diff, f, a, b);
	case HPP_OVERHEAD_SYS:
	case HPP_OVERHEAD_US:
	case HPP_OVERHEAD_GUEST_SYS:
	case HPP_OVERHEAD_GUEST_US:
		return cmp3(hist_entry__hpp_period(a, f->kind), hist_entry__hpp_period(b, f->kind));
	}
	return 0;
}

/* The output compare over the sort list: positive puts @a first. */
static s64 output_sort(const struct hist_entry *a, const struct hist_entry *b)
{
	const struct hist_layout *l = sort_layout;

	for (int i = 0; i < l->nr_sorts; i++) {
		s64 r = field_sort(&l->sorts[i], a, b);

		if (r)
			return r;
	}
	return 0;
}

/*
 * perf inserts the entries, in merge order, into a red-black tree by the
 * output compare (ties to the right) and reads it in order. In the
 * Children view that compare is not transitive (the caller-first rule
 * holds only within a thread), so the result depends on the tree's
 * shape: build the same tree. Indices into an array of entries; -1 is nil.
 */
struct rb {
	int *left, *right, *parent;
	bool *red;
	int root;
};

static void rb_rotate(struct rb *t, int x, bool left)
{
	int *a = left ? t->right : t->left, *b = left ? t->left : t->right;
	int y = a[x];

	a[x] = b[y];
	if (b[y] >= 0)
		t->parent[b[y]] = x;
	t->parent[y] = t->parent[x];
	if (t->parent[x] < 0)
		t->root = y;
	else if (x == t->left[t->parent[x]])
		t->left[t->parent[x]] = y;
	else
		t->right[t->parent[x]] = y;
	b[y] = x;
	t->parent[x] = y;
}

static void rb_insert_fixup(struct rb *t, int z)
{
	while (t->parent[z] >= 0 && t->red[t->parent[z]]) {
		int p = t->parent[z], g = t->parent[p];
		bool p_left = p == t->left[g];
		int u = p_left ? t->right[g] : t->left[g];

		if (u >= 0 && t->red[u]) {
			t->red[p] = t->red[u] = false;
			t->red[g] = true;
			z = g;
			continue;
		}
		if (z == (p_left ? t->right[p] : t->left[p])) {
			z = p;
			rb_rotate(t, z, p_left);
			p = t->parent[z];
			g = t->parent[p];
		}
		t->red[p] = false;
		t->red[g] = true;
		rb_rotate(t, g, !p_left);
	}
	t->red[t->root] = false;
}

/* Link node @i under @p (-1: root) on side @left, and rebalance. */
static void rb_link(struct rb *t, int i, int p, bool left)
{
	t->left[i] = t->right[i] = -1;
	t->parent[i] = p;
	t->red[i] = true;
	if (p < 0)
		t->root = i;
	else if (left)
		t->left[p] = i;
	else
		t->right[p] = i;
	rb_insert_fixup(t, i);
}

/* The in-order walk of @t over @in into @out, skipping merged entries. */
static size_t rb_walk(const struct rb *t, struct hist_entry **in, struct hist_entry **out,
		      int *stack)
{
	int sp = 0, cur = t->root;
	size_t k = 0;

	while (cur >= 0 || sp) {
		while (cur >= 0) {
			stack[sp++] = cur;
			cur = t->left[cur];
		}
		cur = stack[--sp];
		if (!in[cur]->merged)
			out[k++] = in[cur];
		cur = t->right[cur];
	}
	return k;
}

/* The input tree's first entry in order, and the one after @c (NULL: none). */
static struct hist_entry *in_first(const struct hists *h)
{
	struct hist_entry *c = h->in_root;

	while (c && c->in_left)
		c = c->in_left;
	return c;
}

static struct hist_entry *in_next(struct hist_entry *c)
{
	if (c->in_right) {
		c = c->in_right;
		while (c->in_left)
			c = c->in_left;
		return c;
	}
	while (c->in_parent && c == c->in_parent->in_right)
		c = c->in_parent;
	return c->in_parent;
}

/* The input tree in order: entries sorted by the merge compare. */
static size_t in_walk(const struct hists *h, struct hist_entry **out)
{
	size_t k = 0;

	for (struct hist_entry *c = in_first(h); c; c = in_next(c))
		if (!c->merged)
			out[k++] = c;
	return k;
}

/* perf's collapse of a duplicate into the entry it meets: values and chains add up. */
static void entry_merge(struct hists *h, struct hist_entry *into, struct hist_entry *dup)
{
	into->period += dup->period;
	into->nr_events += dup->nr_events;
	into->period_acc += dup->period_acc;
	into->nr_events_acc += dup->nr_events_acc;
	if (dup->callchain) {
		if (!into->callchain)
			into->callchain = callchain_root__new();
		callchain_root__merge(into->callchain, dup->callchain);
	}
	dup->merged = into;
	if (h->nr_dups == h->alloc_dups)
		h->dups = xgrow(h->dups, sizeof(*h->dups), h->nr_dups + 1, &h->alloc_dups);
	h->dups[h->nr_dups++] = dup;
}

/*
 * perf's collapsed tree: the input tree's entries inserted in its order
 * by the merge compare, an equal entry met taking the new one's values.
 * Only needed when the compare wraps; else the input order is already
 * sorted and has no duplicates.
 */
static size_t collapse_dups(struct hists *h, struct hist_entry **in, size_t n,
			    struct hist_entry **out, struct rb *t, int *stack)
{
	t->root = -1;
	for (size_t i = 0; i < n; i++) {
		int p = -1, c = t->root;
		bool left = false;
		s64 r = 1;

		while (c >= 0) {
			p = c;
			r = entry_cmp(h->layout, in[c], in[i]);
			if (!r)
				break;
			left = r < 0;
			c = left ? t->left[c] : t->right[c];
		}
		if (c >= 0) {
			entry_merge(h, in[c], in[i]);
			t->left[i] = t->right[i] = t->parent[i] = -1;
			continue;
		}
		rb_link(t, (int)i, p, left);
	}
	return rb_walk(t, in, out, stack);
}

/*
 * The incremental resort (hists->resort_incremental). perf's output tree
 * is filled in input-tree order with ties going right: when the output
 * compare is an order and nothing collapses, its walk is the entries
 * sorted by that compare, ties in input-tree order. That is a total
 * order, which any sort reaches, and the last output order is nearly it:
 * decay scales every value alike, and only the entries that got samples
 * (or were made) since move. Returns false when it does not apply.
 *
 * The input-tree order of two tied entries: when the merge compare is
 * an order over them all (the lookups took the hash, and symbol-less
 * entries compare by address only within a DSO: the DSO key comes
 * first), the tree is sorted by it, and one entry is before the other
 * when, inserted after it, it would go left. Else their places in the
 * tree's walk, taken at the first tie.
 */
static bool resort_tie, resort_ranked, resort_by_cmp;

/* The keys whose compare is an order (the symbol's: within a DSO). */
static bool key_cmp_is_order(enum sort_key_id id)
{
	switch (id) {
	case SORT_COMM:
	case SORT_PID:
	case SORT_TID:
	case SORT_DSO:
	case SORT_SYM:
	case SORT_CPU:
	case SORT_SRCLINE:
	case SORT_SRCFILE:
	case SORT_PARENT:
		return true;
	default:
		return false;
	}
}

/* Are the merge keys an order (see above)? The DSO key before the symbol's. */
static bool merge_cmp_is_order(const struct hist_layout *l)
{
	bool dso = false;

	for (int i = 0; i < l->nr_keys; i++) {
		enum sort_key_id id = l->keys[i]->id;

		if (!key_cmp_is_order(id) || (id == SORT_SYM && !dso))
			return false;
		dso |= id == SORT_DSO;
	}
	return true;
}

static void in_rank_all(const struct hists *h)
{
	u32 k = 0;

	for (struct hist_entry *c = in_first(h); c; c = in_next(c))
		c->in_rank = k++;
}

static bool output_sort_is_order(const struct hist_layout *l)
{
	for (int i = 0; i < l->nr_sorts; i++) {
		const struct hist_field *f = &l->sorts[i];

		switch (f->kind) {
		case HPP_OVERHEAD:
		case HPP_SAMPLE:
		case HPP_PERIOD:
		case HPP_OVERHEAD_SYS:
		case HPP_OVERHEAD_US:
		case HPP_OVERHEAD_GUEST_SYS:
		case HPP_OVERHEAD_GUEST_US:
			break;
		case HPP_SORT_KEY:
			if (!key_cmp_is_order(f->key->id))
				return false;
			break;
		default:	/* children (its depth rule holds per thread), diff */
			return false;
		}
	}
	return true;
}

/* Does @a come before @b in perf's output? */
static bool out_before(const struct hists *h, const struct hist_entry *a,
		       const struct hist_entry *b)
{
	s64 r = output_sort(a, b);

	if (r)
		return r > 0;
	if (!resort_by_cmp) {
		if (!resort_ranked) {
			in_rank_all(h);
			resort_ranked = true;
		}
		return a->in_rank < b->in_rank;
	}
	/* the input tree: @a before @b if @a, inserted after @b, goes left */
	r = h->collapsed ? entry_collapse(h->layout, b, a) : entry_cmp(h->layout, b, a);
	if (!r)
		resort_tie = true;	/* two entries the merge compare calls equal */
	return r < 0;
}

static void out_merge(const struct hists *h, struct hist_entry **dst, struct hist_entry **a,
		      size_t na, struct hist_entry **b, size_t nb)
{
	size_t i = 0, j = 0, k = 0;

	while (i < na && j < nb)
		dst[k++] = out_before(h, b[j], a[i]) ? b[j++] : a[i++];
	while (i < na)
		dst[k++] = a[i++];
	while (j < nb)
		dst[k++] = b[j++];
}

/* Bottom-up merge sort of @x by out_before; returns the buffer it ends in. */
static struct hist_entry **out_merge_sort(const struct hists *h, struct hist_entry **x,
					  struct hist_entry **tmp, size_t n)
{
	for (size_t w = 1; w < n; w *= 2) {
		struct hist_entry **swap;

		for (size_t i = 0; i < n; i += 2 * w) {
			size_t na = min(w, n - i), nb = n - i > w ? min(w, n - i - w) : 0;

			out_merge(h, tmp + i, x + i, na, x + i + na, nb);
		}
		swap = x;
		x = tmp;
		tmp = swap;
	}
	return x;
}

static bool resort_incremental(struct hists *h)
{
	size_t n = h->nr_entries, na = 0, nb = 0;
	struct hist_entry **a, **b, **tmp;

	if (!h->resort_incremental || h->may_wrap || h->comm_renamed || h->flag_keys ||
	    h->inl_walk || h->nr_members > 1 || h->nr_dups || h->diff ||
	    !output_sort_is_order(h->layout))
		return false;
	a = xmalloc(n * sizeof(*a));
	b = xmalloc(n * sizeof(*b));
	tmp = xmalloc(n * sizeof(*tmp));
	resort_tie = resort_ranked = false;
	resort_by_cmp = merge_cmp_is_order(h->layout);
	/*
	 * The entries still in order after the last kept one stay; the
	 * others (those that got samples, new ones, ties that decay made)
	 * are sorted apart and merged in.
	 */
	for (size_t i = 0; i < n; i++) {
		struct hist_entry *he = h->entries[i];

		if (!na || out_before(h, a[na - 1], he))
			a[na++] = he;
		else
			b[nb++] = he;
	}
	out_merge(h, h->entries, a, na, out_merge_sort(h, b, tmp, nb), nb);
	free(tmp);
	free(b);
	free(a);
	/* h->entries holds them all still: the trees' resort takes over */
	return !resort_tie;
}

/*
 * perf's three trees: entries as created go into the input tree (kept as
 * they are made), whose walk fills the collapsed tree, whose walk fills
 * the output tree by the output compare.
 */
void hists__output_resort(struct hists *h)
{
	size_t n = h->nr_entries, k;
	struct hist_entry **in, **tmp;
	struct rb t;
	int *stack;

	if (h->nr_unnamed && h->comm_overrides != thread__comm_overrides)
		hists__rename_unnamed(h);
	sort_layout = h->layout;
	sort_nr_members = h->nr_members;
	sort_group_idx = h->group_sort_idx;
	sort_hists = h;
	if (n < 2)
		return;
	if (resort_incremental(h)) {
		sort_layout = NULL;
		return;
	}
	in = xmalloc(n * sizeof(*in));
	tmp = xmalloc(n * sizeof(*tmp));
	t.left = xmalloc(n * sizeof(int));
	t.right = xmalloc(n * sizeof(int));
	t.parent = xmalloc(n * sizeof(int));
	t.red = xmalloc(n * sizeof(bool));
	stack = xmalloc((n + 1) * sizeof(int));
	k = in_walk(h, in);
	/* perf's collapse: only with a comm key (the renamed comms' is a comm key too) */
	if (((h->may_wrap || h->flag_keys || h->inl_walk) && layout__need_collapse(h->layout)) ||
	    h->comm_renamed) {
		k = collapse_dups(h, in, k, tmp, &t, stack);
		memcpy(in, tmp, k * sizeof(*in));
	}
	t.root = -1;
	for (size_t i = 0; i < k; i++) {
		int p = -1, c = t.root;
		bool left = false;

		while (c >= 0) {
			p = c;
			left = output_sort(in[i], in[c]) > 0;
			c = left ? t.left[c] : t.right[c];
		}
		rb_link(&t, (int)i, p, left);
	}
	h->nr_entries = rb_walk(&t, in, h->entries, stack);
	free(stack);
	free(t.left);
	free(t.right);
	free(t.parent);
	free(t.red);
	free(tmp);
	free(in);
	sort_layout = NULL;
}

u64 hist__convert_unit(u64 value, char *unit)
{
	*unit = ' ';
	if (value > 1000) {
		value /= 1000;
		*unit = 'K';
	}
	if (value > 1000) {
		value /= 1000;
		*unit = 'M';
	}
	if (value > 1000) {
		value /= 1000;
		*unit = 'G';
	}
	return value;
}

static struct callchain_node *append_chain(struct hist_entry *he,
					  const struct callchain_cursor_node *cursor, int nr,
					  u64 period)
{
	if (!he->callchain)
		he->callchain = callchain_root__new();
	return callchain_root__append(he->callchain, cursor, (u32)nr, period);
}

/*
 * The chain memo, for the Children view (each sample's chain goes into
 * the tree of every entry on it). One process's samples repeat the same
 * few chains, and for a chain seen before with the same comm and self entry, what
 * hists__add_chain does is known: the same entries get the period (their
 * lookups find the same keys in the merge hash) and each entry's call
 * tree takes it in the node the last append ended in. So each slot keeps
 * a chain's frames and, per entry it reached, that end node; a repeat
 * adds the period along those (callchain_root__add_again) without looking
 * anything up. Used only where lookups are plain hash finds that no later
 * entry changes (simple keys, no wrapping addresses, renamed comms or flag
 * keys), or perf's walk for inlined frames on the very tree the slot was
 * filled on (in_gen and symbol__epoch unchanged, and the fill linked no
 * entry: then every walk and compare meets what it met), and nothing is
 * ever dropped while samples come in (report: no refilter); a slot is
 * stale once a call tree was sorted or the key changed (a split keeps the
 * end nodes: callchain.c). A slot is found by hashing the frames and confirmed by
 * comparing them, unless the resolver's memo gave the frames an id
 * (hist_sample.chain_id): the id then stands for them, and the memo also
 * serves the Self view (--no-children: only the sample's own entry takes
 * the chain), where hashing and comparing would cost what an append does.
 */
#define CHAIN_MEMO_SLOTS 4096

struct chain_memo_end {
	struct hist_entry *he;
	struct callchain_node *end;	/* NULL: no call tree (callchain off) */
};

struct chain_memo {
	u64 hash;
	u64 gen;			/* callchain__shape_generation() when filled */
	u64 in_gen, epoch;		/* walk mode: the tree and symbols it was filled on */
	bool walk;			/* filled in walk mode (inl_walk) */
	u64 chain_id;			/* the frames' id, or 0: compare them */
	const char *comm;
	struct hist_entry *he;		/* the sample's own entry */
	bool callchain, used;
	u32 nr;
	size_t alloc_frames;
	struct callchain_cursor_node *frames;
	u32 nr_ends;
	size_t alloc_ends;
	struct chain_memo_end *ends;
};

static void chain_memo__free(struct hists *h)
{
	if (!h->chain_memo)
		return;
	for (u32 i = 0; i < CHAIN_MEMO_SLOTS; i++) {
		free(h->chain_memo[i].frames);
		free(h->chain_memo[i].ends);
	}
	free(h->chain_memo);
	h->chain_memo = NULL;
}

static u64 chain_hash(const struct callchain_cursor_node *c, int nr)
{
	u64 x = (u64)nr;

	for (int i = 0; i < nr; i++) {
		x = (x ^ c[i].ip) * 0x9e3779b97f4a7c15ULL;
		x = (x ^ (uintptr_t)c[i].sym ^ ((uintptr_t)c[i].dso << 7)) * 0xff51afd7ed558ccdULL;
	}
	return x ^ (x >> 29);
}

static bool frames_same(const struct callchain_cursor_node *a,
			const struct callchain_cursor_node *b, int nr)
{
	for (int i = 0; i < nr; i++)
		if (!callchain_cursor_node__same(&a[i], &b[i]))
			return false;
	return true;
}

static void chain_memo__add_end(struct chain_memo *m, struct hist_entry *he,
				struct callchain_node *end)
{
	if (!m)
		return;
	if (m->nr_ends == m->alloc_ends)
		m->ends = xgrow(m->ends, sizeof(*m->ends), m->nr_ends + 1, &m->alloc_ends);
	m->ends[m->nr_ends].he = he;
	m->ends[m->nr_ends++].end = end;
}

/* The slot for this chain: its replay done (returns NULL), or emptied for filling. */
static struct chain_memo *chain_memo__find(struct hists *h, struct hist_entry *he,
					   const struct hist_sample *hs,
					   const struct callchain_cursor_node *cursor, int nr,
					   u64 period, bool callchain, bool *done)
{
	/* frames of one id are the same: the id stands for them (no hash, no compare) */
	u64 id = hs->chain_id;
	u64 hash = (id ? id * 0x9e3779b97f4a7c15ULL : chain_hash(cursor, nr)) ^ (uintptr_t)he ^
		   ((uintptr_t)hs->comm << 3);
	struct chain_memo *m;

	*done = false;
	if (!h->chain_memo)
		h->chain_memo = xcalloc(CHAIN_MEMO_SLOTS, sizeof(*h->chain_memo));
	m = &h->chain_memo[(hash ^ (hash >> 32)) & (CHAIN_MEMO_SLOTS - 1)];
	if (m->used && m->hash == hash && m->gen == callchain__shape_generation() &&
	    m->walk == h->inl_walk &&
	    (!m->walk || (m->in_gen == h->in_gen && m->epoch == symbol__epoch)) &&
	    m->he == he && m->comm == hs->comm && m->nr == (u32)nr &&
	    m->callchain == callchain &&
	    ((id && m->chain_id == id) || frames_same(m->frames, cursor, nr))) {
		for (u32 i = 0; i < m->nr_ends; i++) {
			struct chain_memo_end *e = &m->ends[i];

			if (h->layout->children) {
				e->he->period_acc += period;
				e->he->nr_events_acc++;
			}
			if (e->end)
				callchain_root__add_again(e->he->callchain, e->end, period);
		}
		*done = true;
		return NULL;
	}
	m->used = false;
	m->hash = hash;
	m->chain_id = id;
	m->he = he;
	m->comm = hs->comm;
	m->callchain = callchain;
	m->nr = (u32)nr;
	if (m->alloc_frames < (u32)nr)
		m->frames = xgrow(m->frames, sizeof(*m->frames), (size_t)nr, &m->alloc_frames);
	memcpy(m->frames, cursor, (size_t)nr * sizeof(*cursor));
	m->nr_ends = 0;
	return m;
}

void hists__add_chain(struct hists *h, struct hist_entry *he, struct hist_sample *hs,
		      const struct callchain_cursor_node *cursor, int nr, u64 period,
		      bool callchain, bool filtered, bool refilter,
		      struct hist_entry **cache)
{
	struct chain_memo *memo = NULL;
	u32 ncache = 0;
	u64 in_gen0 = h->in_gen;
	bool walk0 = h->inl_walk;

	/*
	 * Without the children, one append costs what comparing the frames
	 * does: the memo serves there only when an id stands for them.
	 */
	if (!nr || (!h->layout->children && !hs->chain_id))
		goto no_memo;
	if (!refilter && h->simple_keys == 1 && !h->may_wrap && !h->comm_renamed &&
	    !h->flag_keys && !(h->inl_walk && h->walk_memo_off)) {
		bool done;

		memo = chain_memo__find(h, he, hs, cursor, nr, period, callchain, &done);
		if (done)
			return;
	}
no_memo:
	if (!h->layout->children) {
		if (callchain && nr)
			chain_memo__add_end(memo, he, append_chain(he, cursor, nr, period));
		goto out;
	}
	he->period_acc += period;
	he->nr_events_acc++;
	cache[ncache++] = he;
	if (callchain && nr) {
		chain_memo__add_end(memo, he, append_chain(he, cursor, nr, period));
		he->max_depth = max(he->max_depth, (u32)nr);
	} else {
		chain_memo__add_end(memo, he, NULL);
	}
	/* every distinct entry of the chain gets the period once */
	for (int i = 0; i < nr; i++) {
		const struct callchain_cursor_node *c = &cursor[i];
		struct hist_entry *ce;
		size_t nr_before = h->nr_entries;
		bool seen = false;

		if (c->sym || c->has_map) {
			hs->level = c->level;
			hs->cpumode = c->level == 'k' ? 1 : 2;	/* kernel : user */
		}
		hs->dso = c->dso;
		hs->has_map = c->has_map;
		hs->map_size = c->map_size;
		hs->sym = c->sym;
		hs->inlined = c->inlined;
		hs->srcline = c->srcline;
		hs->ip = c->ip;
		hs->v.addr = c->ip;
		hs->raw_ip = true;
		/*
		 * perf skips a frame whose key compares equal (hist_entry__cmp)
		 * to an entry this sample already counted, before it looks the
		 * frame up. Where lookups are exact hash finds that is the same
		 * as the entry pointers below; where they are perf's tree walk
		 * (no order with inlined symbols, flags, renamed comms, wrapped
		 * addresses) the walk can miss the counted entry and make a
		 * twin, which the compare would have skipped.
		 */
		if ((h->may_wrap && !hs->sym) || h->inl_walk || h->flag_keys || h->comm_renamed ||
		    (hs->inlined && hs->sym)) {
			struct hist_entry key;
			struct hist_branch kb;

			sample_key(h, hs, &key, &kb);
			for (u32 k = 0; k < ncache && !seen; k++)
				seen = !entry_cmp(h->layout, cache[k], &key);
			if (seen)
				continue;
			/* hists__add would take the slow path and make this key again */
			ce = hists__add_keyed(h, hs, &key);
		} else {
			ce = hists__add(h, hs, false);
		}
		if (refilter || h->nr_entries != nr_before)
			ce->filtered = filtered;
		for (u32 k = 0; k < ncache && !seen; k++)
			seen = cache[k] == ce;
		if (seen)
			continue;
		cache[ncache++] = ce;
		ce->period_acc += period;
		ce->nr_events_acc++;
		if (callchain) {
			chain_memo__add_end(memo, ce, append_chain(ce, cursor + i, nr - i, period));
			ce->max_depth = max(ce->max_depth, (u32)(nr - i));
		} else {
			chain_memo__add_end(memo, ce, NULL);
		}
	}
out:
	/*
	 * In walk mode the entries a chain reaches are those of walks and
	 * compares on one tree: a fill that linked an entry (or turned the
	 * walk on) ran on a tree it changed, and is not replayed.
	 */
	if (memo && h->inl_walk == walk0 && (!walk0 || h->in_gen == in_gen0)) {
		memo->gen = callchain__shape_generation();
		memo->walk = walk0;
		memo->in_gen = h->in_gen;
		memo->epoch = symbol__epoch;
		memo->used = true;
	}
}
