// SPDX-License-Identifier: GPL-2.0-only
/*
 * block-info.c: the basic-block cycles of branch stacks, as perf 6.1
 * accounts them (annotate.c's cycles histograms, hist.c's
 * hist__account_cycles, block-info.c and builtin-diff.c's block
 * matching): see block-info.h.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/event.h"
#include "prof/machine.h"
#include "prof/map.h"
#include "prof/symbol.h"
#include "prof/srcline.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/block-info.h"
#include "prof/itab.h"
#include <math.h>

/* The histogram of one function: one cyc_hist per byte offset. */
struct sym_cycles {
	const struct symbol *sym;
	struct cyc_hist *ch;
	u64 size;
};

/* The functions' histograms, found by their symbol through tab. */
struct block_cycles {
	struct sym_cycles *syms;
	size_t nr, alloc;
	struct itab tab;
};

struct block_cycles *block_cycles__new(void)
{
	return xcalloc(1, sizeof(struct block_cycles));
}

void block_cycles__delete(struct block_cycles *bc)
{
	if (!bc)
		return;
	for (size_t i = 0; i < bc->nr; i++)
		free(bc->syms[i].ch);
	free(bc->syms);
	itab_exit(&bc->tab);
	free(bc);
}

static u64 ptr_hash(const void *p)
{
	return itab_mix(0, (u64)(uintptr_t)p);
}

static bool sym_cycles_eq(void *ctx, u32 idx, const void *key)
{
	const struct block_cycles *bc = ctx;

	return bc->syms[idx].sym == key;
}

/* @sym's slot in bc->tab (empty when it has no histogram); the table is made then */
static size_t block_cycles__slot(struct block_cycles *bc, const struct symbol *sym)
{
	return itab_find(&bc->tab, ptr_hash(sym), sym_cycles_eq, bc, sym);
}

static const struct sym_cycles *block_cycles__find(const struct block_cycles *bc,
						   const struct symbol *sym)
{
	size_t slot;

	if (!bc->nr)
		return NULL;
	/* a table with entries is not changed by a lookup */
	slot = block_cycles__slot((struct block_cycles *)bc, sym);
	return bc->tab.val[slot] ? &bc->syms[bc->tab.val[slot] - 1] : NULL;
}

/* perf's symbol__cycles_hist: made on first use, one entry per byte */
static struct sym_cycles *block_cycles__findnew(struct block_cycles *bc, const struct symbol *sym)
{
	size_t slot = block_cycles__slot(bc, sym);
	struct sym_cycles *s;

	if (bc->tab.val[slot])
		return &bc->syms[bc->tab.val[slot] - 1];
	bc->syms = xgrow(bc->syms, sizeof(*bc->syms), bc->nr + 1, &bc->alloc);
	s = &bc->syms[bc->nr];
	s->sym = sym;
	s->size = sym->end > sym->start ? sym->end - sym->start : 0;
	s->ch = xcalloc(s->size ? s->size : 1, sizeof(*s->ch));
	itab_add(&bc->tab, slot, ptr_hash(sym), (u32)bc->nr++);
	return s;
}

/* perf's __symbol__account_cycles: every count, and the longest block's */
static void cyc_hist__account(struct cyc_hist *ch, u64 start, u32 cycles, bool have_start)
{
	ch->num_aggr++;
	ch->cycles_aggr += cycles;
	if (cycles > ch->cycles_max)
		ch->cycles_max = cycles;
	if (!ch->cycles_min)
		ch->cycles_min = cycles;
	else if (cycles && cycles < ch->cycles_min)
		ch->cycles_min = cycles;
	if (!have_start && ch->have_start)
		return;
	if (ch->num) {
		if (have_start && (!ch->have_start || ch->start > start)) {
			/* a longer block: forget the shorter ones */
			ch->have_start = false;
			ch->cycles = 0;
			ch->num = 0;
			if (ch->reset < 0xffff)
				ch->reset++;
		} else if (have_start && ch->start < start) {
			return;
		}
	}
	if (ch->num < BLOCK_SPARKS)
		ch->spark[ch->num] = cycles;
	ch->have_start = have_start;
	ch->start = start;
	ch->cycles += cycles;
	ch->num++;
}

/* One end of a branch, as perf's addr_map_symbol */
struct branch_ams {
	u64 addr, al_addr, map_start;
	const struct symbol *sym;
	bool has_map;
};

static void branch_ams__resolve(struct machine *m, pid_t pid, pid_t tid, u64 ip,
				struct branch_ams *a)
{
	struct addr_location al;

	machine__resolve_any(m, pid, tid, ip, &al);
	a->addr = ip;
	a->al_addr = al.addr;
	a->has_map = al.map != NULL;
	a->map_start = al.map ? al.map->start : 0;
	a->sym = al.map ? al.sym : NULL;
	addr_location__exit(&al);
}

/* perf's addr_map_symbol__account_cycles and symbol__account_cycles */
static void block_cycles__account_one(struct block_cycles *bc, const struct branch_ams *ams,
				      const struct branch_ams *start, u32 cycles)
{
	const struct symbol *sym = ams->sym;
	struct sym_cycles *s;
	u64 saddr = 0, addr = ams->al_addr;

	if (!cycles)
		return;
	/*
	 * a block start only within the same function, or at its entry
	 * (perf compares the raw address with the symbol's start plus the
	 * map's start)
	 */
	if (start && (start->sym == sym ||
		      (sym && start->addr == sym->start + ams->map_start)))
		saddr = start->al_addr;
	if (!sym)
		return;
	s = block_cycles__findnew(bc, sym);
	if (addr < sym->start || addr >= sym->end)
		return;
	if (saddr) {
		if (saddr < sym->start || saddr >= sym->end)
			return;
		if (saddr >= addr)
			saddr = 0;
	}
	cyc_hist__account(&s->ch[addr - sym->start], saddr ? saddr - sym->start : 0, cycles,
			  saddr != 0);
}

u64 block_cycles__account(struct block_cycles *bc, struct machine *m, pid_t pid, pid_t tid,
			  const struct branch_entry *br, size_t nr, bool no_start)
{
	struct branch_ams from, to, prev = { 0 };
	bool have_prev = false;
	u64 total = 0;

	if (!nr || !br || !((br[0].flags >> 4) & 0xffff))
		return 0;
	/* the stack is newest first: program order is from the end */
	for (size_t i = nr; i-- > 0;) {
		u32 cycles = (u32)((br[i].flags >> 4) & 0xffff);

		branch_ams__resolve(m, pid, tid, br[i].from, &from);
		branch_ams__resolve(m, pid, tid, br[i].to, &to);
		block_cycles__account_one(bc, &from, no_start || !have_prev ? NULL : &prev,
					  cycles);
		prev = to;
		have_prev = true;
		total += cycles;
	}
	return total;
}

struct block_info *block_cycles__blocks(const struct block_cycles *bc, const struct symbol *sym,
					struct dso *dso, size_t *nr)
{
	const struct sym_cycles *s = sym ? block_cycles__find(bc, sym) : NULL;
	struct block_info *b = NULL;
	size_t n = 0, alloc = 0;

	*nr = 0;
	if (!s)
		return NULL;
	for (u64 i = 0; i < s->size; i++) {
		const struct cyc_hist *ch = &s->ch[i];

		if (!ch->num_aggr)
			continue;
		if (n == alloc)
			b = xgrow(b, sizeof(*b), n + 1, &alloc);
		b[n++] = (struct block_info){
			.sym = sym, .dso = dso, .start = ch->start, .end = i,
			.cycles = ch->cycles, .cycles_aggr = ch->cycles_aggr,
			.num = ch->num, .num_aggr = ch->num_aggr,
		};
		memcpy(b[n - 1].spark, ch->spark, sizeof(ch->spark));
	}
	/* perf's tree of them: by start, then end */
	for (size_t i = 1; i < n; i++) {
		struct block_info t = b[i];
		size_t k = i;

		while (k && (b[k - 1].start > t.start ||
			     (b[k - 1].start == t.start && b[k - 1].end > t.end))) {
			b[k] = b[k - 1];
			k--;
		}
		b[k] = t;
	}
	*nr = n;
	return b;
}

int block_info__cmp(const struct block_info *a, const struct block_info *b)
{
	int c;

	if (!a->sym || !b->sym)
		return !a->sym && !b->sym ? 0 : !a->sym ? -1 : 1;
	if (a->sym != b->sym) {
		c = strcmp(a->sym->name, b->sym->name);
		if (c)
			return c;
	}
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return 0;
}

/*
 * perf's map__srcline of both ends of a block; false when either is
 * unknown. *start is a copy (free it), *end borrowed until the next call.
 */
static bool block_lines(const struct block_info *bi, struct dso *dso, const struct symbol *sym,
			char **start, const char **end)
{
	*start = NULL;
	if (!dso)
		return false;
	*start = xstrdup(dso__srcline_str(dso, bi->sym->start + bi->start, (struct symbol *)sym,
					  true, true));
	*end = dso__srcline_str(dso, bi->sym->start + bi->end, (struct symbol *)sym, true, true);
	return strcmp(*start, SRCLINE_UNKNOWN) && strcmp(*end, SRCLINE_UNKNOWN);
}

/* perf formats into a 128-byte buffer */
#define BLOCK_TEXT_MAX 128

void block_info__range(const struct block_info *bi, struct dso *dso, const struct symbol *sym,
		       char *buf, size_t size)
{
	char text[BLOCK_TEXT_MAX], *start;
	const char *end;

	if (block_lines(bi, dso, sym, &start, &end))
		snprintf(text, sizeof(text), "[%s -> %s]", start, end);
	else
		snprintf(text, sizeof(text), "[%7" PRIx64 " -> %7" PRIx64 "]", bi->start, bi->end);
	free(start);
	snprintf(buf, size, "%s", text);
}

void block_info__cycles_str(u64 cycles, char *buf, size_t size)
{
	if (cycles >= 1000000)
		snprintf(buf, size, "%.1fM", (double)cycles / 1000000.0);
	else if (cycles >= 1000)
		snprintf(buf, size, "%.1fK", (double)cycles / 1000.0);
	else
		snprintf(buf, size, "%d", (int)cycles);
}

/* ---- report --total-cycles ---- */

/* perf's tree of a block report: names descending, then offsets ascending */
static int block_input_cmp(const void *pa, const void *pb)
{
	const struct block_info *a = pa, *b = pb;
	int c = strcmp(b->sym->name, a->sym->name);

	if (c)
		return c;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end < b->end ? -1 : a->end > b->end ? 1 : 0;
}

static u64 sort_total;

/* perf's block_total_cycles_pct_sort, ties in the tree's order (diff holds it) */
static s64 block_pct_key(const struct block_info *b)
{
	if (!sort_total)
		return 0;
	return (s64)((double)b->cycles / (double)sort_total * 100000.0);
}

static int block_output_cmp(const void *pa, const void *pb)
{
	const struct block_info *a = pa, *b = pb;
	s64 ka = block_pct_key(a), kb = block_pct_key(b);

	if (ka != kb)
		return ka > kb ? -1 : 1;
	return a->diff < b->diff ? -1 : a->diff > b->diff;
}

struct block_info *block_cycles__report(const struct block_cycles *bc, const struct hists *h,
					u64 total_cycles, size_t *nr, u64 *block_cycles)
{
	struct block_info *all = NULL;
	size_t n = 0, alloc = 0, k;

	*block_cycles = 0;
	for (size_t i = 0; i < h->nr_entries; i++) {
		const struct hist_entry *he = h->entries[i];
		struct block_info *b;
		size_t bn;

		if (!he->sym || !he->dso)
			continue;
		b = block_cycles__blocks(bc, he->sym, he->dso, &bn);
		for (size_t j = 0; j < bn; j++) {
			*block_cycles += b[j].cycles_aggr / b[j].num_aggr;
			if (n == alloc)
				all = xgrow(all, sizeof(*all), n + 1, &alloc);
			all[n++] = b[j];
		}
		free(b);
	}
	if (!n) {
		free(all);
		*nr = 0;
		return NULL;
	}
	/* one entry per block (perf merges equal ones), in the tree's order */
	qsort(all, n, sizeof(*all), block_input_cmp);
	k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k && !block_input_cmp(&all[k - 1], &all[i]))
			continue;
		all[k] = all[i];
		all[k].diff = (s64)k;	/* the tree position, for ties */
		k++;
	}
	sort_total = total_cycles;
	qsort(all, k, sizeof(*all), block_output_cmp);
	for (size_t i = 0; i < k; i++)
		all[i].diff = 0;
	*nr = k;
	return all;
}

/* ---- diff -c cycles ---- */

/* The blocks of one entry: a baseline entry's own, or a pair's sorted by |diff|. */
struct entry_blocks {
	const struct hist_entry *he;
	struct block_info *b;
	size_t nr;
};

/* The entries' blocks, found by their entry through tab. */
struct block_diff {
	struct entry_blocks *entries;
	size_t nr, alloc;
	struct itab tab;
};

static bool entry_blocks_eq(void *ctx, u32 idx, const void *key)
{
	const struct block_diff *bd = ctx;

	return bd->entries[idx].he == key;
}

static size_t block_diff__slot(struct block_diff *bd, const struct hist_entry *he)
{
	return itab_find(&bd->tab, ptr_hash(he), entry_blocks_eq, bd, he);
}

static const struct entry_blocks *block_diff__find(const struct block_diff *bd,
						   const struct hist_entry *he)
{
	size_t slot;

	if (!bd->nr)
		return NULL;
	/* a table with entries is not changed by a lookup */
	slot = block_diff__slot((struct block_diff *)bd, he);
	return bd->tab.val[slot] ? &bd->entries[bd->tab.val[slot] - 1] : NULL;
}

/* @he's blocks @b[0, nr), which the table then owns */
static void block_diff__add(struct block_diff *bd, const struct hist_entry *he,
			    struct block_info *b, size_t nr)
{
	size_t slot = block_diff__slot(bd, he);
	struct entry_blocks *e;

	if (bd->tab.val[slot]) {	/* again: the new blocks replace the old */
		e = &bd->entries[bd->tab.val[slot] - 1];
		free(e->b);
	} else {
		bd->entries = xgrow(bd->entries, sizeof(*bd->entries), bd->nr + 1, &bd->alloc);
		e = &bd->entries[bd->nr];
		itab_add(&bd->tab, slot, ptr_hash(he), (u32)bd->nr++);
	}
	e->he = he;
	e->b = b;
	e->nr = nr;
}

static u64 llabs64(s64 v)
{
	return v < 0 ? (u64)-v : (u64)v;
}

/*
 * perf's compute_cycles_diff with --cycles-hist: the differences of the
 * first counts, one a pair, into a running mean and variance (Welford,
 * perf's update_stats)
 */
static void block_info__spark_diff(struct block_info *p, const struct block_info *b)
{
	p->nr_svals = 0;
	p->mean = p->m2 = 0;
	for (u32 i = 0; i < p->num && i < b->num && i < BLOCK_SPARKS; i++) {
		u64 val = llabs64((s64)(p->spark[i] - b->spark[i]));
		double delta;

		p->svals[p->nr_svals++] = val;
		delta = (double)val - p->mean;
		p->mean += delta / p->nr_svals;
		p->m2 += delta * ((double)val - p->mean);
	}
}

struct block_diff *block_diff__new(const struct hist_diff *d, struct block_cycles *const *bcs)
{
	struct block_diff *bd = xcalloc(1, sizeof(*bd));
	const struct hists *base = d->files[0];

	for (size_t i = 0; i < base->nr_entries; i++) {
		const struct hist_entry *he = base->entries[i];
		struct block_info *hb;
		size_t hn;
		int own = 0;

		/*
		 * perf's annotation lives with the symbol: a dummy entry (one
		 * only another file has) sees that file's histograms
		 */
		if (he->dummy)
			for (int f = 1; f < d->nr_files && !own; f++)
				if (hist_diff__pair_of(he, f))
					own = f;
		hb = he->dso ? block_cycles__blocks(bcs[own], he->sym, he->dso, &hn) : NULL;
		if (!hb)
			hn = 0;
		block_diff__add(bd, he, hb, hn);
		for (int f = 1; f < d->nr_files; f++) {
			const struct hist_entry *p = hist_diff__pair_of(he, f);
			struct block_info *pb;
			size_t pn;

			if (!p)
				continue;
			pb = p->dso ? block_cycles__blocks(bcs[f], p->sym, p->dso, &pn) : NULL;
			if (!pb)
				pn = 0;
			/* perf's block_hists_match: the first equal block of the pair */
			for (size_t k = 0; k < hn; k++)
				for (size_t j = 0; j < pn; j++) {
					if (block_info__cmp(&pb[j], &hb[k]))
						continue;
					if (pb[j].num && hb[k].num) {
						pb[j].diff = (s64)(pb[j].cycles_aggr / pb[j].num_aggr) -
							     (s64)(hb[k].cycles_aggr / hb[k].num_aggr);
						block_info__spark_diff(&pb[j], &hb[k]);
					}
					break;
				}
			/* then by |diff|, the larger first, ties in block order */
			for (size_t k = 1; k < pn; k++) {
				struct block_info t = pb[k];
				size_t j = k;

				while (j && llabs64(pb[j - 1].diff) < llabs64(t.diff)) {
					pb[j] = pb[j - 1];
					j--;
				}
				pb[j] = t;
			}
			block_diff__add(bd, p, pb, pn);
		}
	}
	return bd;
}

void block_diff__delete(struct block_diff *bd)
{
	if (!bd)
		return;
	for (size_t i = 0; i < bd->nr; i++)
		free(bd->entries[i].b);
	free(bd->entries);
	itab_exit(&bd->tab);
	free(bd);
}

size_t block_diff__nr_lines(const struct block_diff *bd, const struct hist_entry *he)
{
	const struct entry_blocks *e = block_diff__find(bd, he);

	return e ? e->nr : 0;
}

int block_diff__text(const struct block_diff *bd, const struct hist_entry *he, int idx,
		     size_t line, char *buf, size_t size)
{
	const struct hist_entry *p = hist_diff__pair_of(he, idx);
	const struct entry_blocks *e;
	const struct block_info *bi;
	char text[BLOCK_TEXT_MAX], *start;
	const char *end;

	if (!p)
		return line ? -1 : 0;
	e = block_diff__find(bd, p);
	if (!e || line >= e->nr)
		return -1;
	bi = &e->b[line];
	/* perf formats the range with the baseline entry's map and symbol */
	if (block_lines(bi, he->dso, he->sym, &start, &end))
		snprintf(text, sizeof(text), "[%s -> %s] %4" PRId64, start, end, bi->diff);
	else
		snprintf(text, sizeof(text), "[%7" PRIx64 " -> %7" PRIx64 "] %4" PRId64,
			 bi->start, bi->end, bi->diff);
	free(start);
	snprintf(buf, size, "%s", text);
	return 1;
}

/* perf's print_spark: each value as one of eight bars, min to max */
static int spark_str(char *buf, size_t size, const u64 *val, u32 n)
{
	static const char *const ticks[BLOCK_SPARKS] = {
		"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
	};
	u64 min = (u64)-1, max = 0, f;
	int printed = 0;

	for (u32 i = 0; i < n; i++) {
		min = val[i] < min ? val[i] : min;
		max = val[i] > max ? val[i] : max;
	}
	f = ((max - min) << 8) / (BLOCK_SPARKS - 1);
	if (f < 1)
		f = 1;
	for (u32 i = 0; i < n && (size_t)printed < size; i++)
		printed += snprintf(buf + printed, size - (size_t)printed, "%s",
				    ticks[((val[i] - min) << 8) / f]);
	return printed;
}

int block_diff__hist_text(const struct block_diff *bd, const struct hist_entry *he, int idx,
			  size_t line, char *buf, size_t size)
{
	const struct hist_entry *p = hist_diff__pair_of(he, idx);
	const struct entry_blocks *e;
	const struct block_info *bi;
	char spark[32], text[128];
	double stddev = 0, r = 0;
	int ret = 0, pad, n;
	u32 nv;
	bool zero = true;

	if (!p)
		return line ? -1 : 0;
	e = block_diff__find(bd, p);
	if (!e || line >= e->nr)
		return -1;
	bi = &e->b[line];
	nv = bi->nr_svals;
	/* perf's print_cycles_spark: nothing for one value, or all zero */
	if (nv <= 1)
		return 0;
	for (u32 i = 0; i < nv; i++)
		zero = zero && !bi->svals[i];
	if (zero)
		return 0;
	ret = spark_str(spark, sizeof(spark) - 1, bi->svals, nv);
	spark[ret++] = ' ';
	spark[ret] = 0;
	/* perf's stddev_stats (of the mean) and rel_stddev_stats */
	stddev = sqrt(bi->m2 / (nv - 1) / nv);
	if (bi->mean)
		r = 100.0 * stddev / bi->mean;
	/* perf pads by bytes, three a bar */
	pad = BLOCK_SPARKS - (ret - 1) / 3;
	snprintf(text, sizeof(text), "\u00b1%5.1f%% %s", r, spark);
	n = snprintf(buf, size, "%17s", text);
	if (pad > 0 && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, "%-*s", pad, " ");
	return 1;
}
