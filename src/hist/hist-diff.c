// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist-diff.c: perf diff's pairing of histogram entries across files and
 * its computed differences (builtin-diff.c in perf 6.1): see hist-diff.h.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/sort.h"
#include <math.h>

static const enum diff_col compute_col[] = {
	[DIFF_DELTA] = DIFF_COL_DELTA,
	[DIFF_RATIO] = DIFF_COL_RATIO,
	[DIFF_WDIFF] = DIFF_COL_WDIFF,
	[DIFF_DELTA_ABS] = DIFF_COL_DELTA_ABS,
	[DIFF_CYCLES] = DIFF_COL_CYCLES,
};

void hist_diff__layout(const struct hist_diff *d, struct hist_layout *l, bool formula,
		       bool period, bool noise, unsigned int order)
{
	struct hist_field cols[HIST_MAX_FIELDS], sorts[HIST_MAX_FIELDS];
	int nc = 0, ns = 0;

	/* perf's diff mode has no overhead column: the diff columns lead */
	hist_layout__drop_field(l, HPP_OVERHEAD);
	if (order)
		sorts[ns++] = (struct hist_field){ HPP_DIFF, NULL, DIFF_COL_ORDER, (int)order };
	for (int i = 0; i < d->nr_files && nc < HIST_MAX_FIELDS - 4; i++) {
		if (!i) {
			cols[nc++] = (struct hist_field){ HPP_DIFF, NULL, DIFF_COL_BASELINE, i };
		} else {
			cols[nc++] = (struct hist_field){ HPP_DIFF, NULL, compute_col[d->compute], i };
			if (d->cycles_hist)
				cols[nc++] = (struct hist_field){ HPP_DIFF, NULL, DIFF_COL_CYCLES_HIST,
								  i };
			if (noise)
				cols[nc++] = (struct hist_field){ HPP_DIFF, NULL, DIFF_COL_NOISE, i };
			if (formula)
				cols[nc++] = (struct hist_field){ HPP_DIFF, NULL, DIFF_COL_FORMULA, i };
		}
		if (period)
			cols[nc++] = (struct hist_field){ HPP_DIFF, NULL,
				i ? DIFF_COL_PERIOD : DIFF_COL_PERIOD_BASELINE, i };
	}
	for (int i = 0; i < nc; i++)
		sorts[ns++] = cols[i];
	for (int i = 0; i < l->nr_sorts && ns < HIST_MAX_FIELDS; i++)
		if (l->sorts[i].kind != HPP_OVERHEAD)
			sorts[ns++] = l->sorts[i];
	for (int i = 0; i < l->nr_fields && nc < HIST_MAX_FIELDS; i++)
		cols[nc++] = l->fields[i];
	memset(l->elide, 0, sizeof(l->elide));
	memcpy(l->fields, cols, (size_t)nc * sizeof(*cols));
	l->nr_fields = nc;
	memcpy(l->sorts, sorts, (size_t)ns * sizeof(*sorts));
	l->nr_sorts = ns;
}

struct hist_entry *hist_diff__pair_of(const struct hist_entry *he, int idx)
{
	return he->pairs && idx > 0 ? he->pairs[idx] : NULL;
}

static bool has_pairs(const struct hist_diff *d, const struct hist_entry *he)
{
	for (int i = 1; he->pairs && i < d->nr_files; i++)
		if (he->pairs[i])
			return true;
	return false;
}

static void set_pair(struct hist_diff *d, struct hist_entry *he, int idx, struct hist_entry *p)
{
	if (!he->pairs)
		he->pairs = xcalloc((size_t)d->nr_files, sizeof(*he->pairs));
	he->pairs[idx] = p;
	p->diff.paired = true;
}

void hist_diff__pair(struct hist_diff *d, int idx, bool link)
{
	struct hists *base = d->files[0], *other = d->files[idx];
	size_t n = base->nr_entries;

	if (!other)
		return;
	for (size_t i = 0; i < n; i++) {
		struct hist_entry *p = hists__find_like(other, base->entries[i]);

		if (p)
			set_pair(d, base->entries[i], idx, p);
	}
	if (!link)
		return;
	for (size_t i = 0; i < other->nr_entries; i++) {
		struct hist_entry *p = other->entries[i];

		if (!p->diff.paired && !p->merged)
			set_pair(d, hists__add_dummy(base, p), idx, p);
	}
}

static const struct hist_diff *drop_diff;

static bool drop_unpaired(const struct hist_entry *he)
{
	return !has_pairs(drop_diff, he);
}

void hist_diff__baseline_only(struct hist_diff *d)
{
	drop_diff = d;
	hists__drop(d->files[0], drop_unpaired);
	drop_diff = NULL;
}

static double percent_of(u64 period, u64 total)
{
	return (double)period * 100.0 / (double)total;
}

void hist_diff__precompute(struct hist_diff *d)
{
	struct hists *base = d->files[0];

	for (size_t i = 0; i < base->nr_entries; i++) {
		struct hist_entry *he = base->entries[i];

		for (int f = 1; f < d->nr_files; f++) {
			struct hist_entry *p = hist_diff__pair_of(he, f);

			if (!p)
				continue;
			p->diff.computed = true;
			switch (d->compute) {
			case DIFF_DELTA:
			case DIFF_DELTA_ABS:
			case DIFF_CYCLES:
				p->diff.delta = percent_of(p->period, d->totals[f]) -
						percent_of(he->period, d->totals[0]);
				break;
			case DIFF_RATIO:
				p->diff.ratio = (double)p->period /
						(double)(he->period ? he->period : 1);
				break;
			case DIFF_WDIFF:
				p->diff.wdiff = (s64)p->period * d->w2 - (s64)he->period * d->w1;
				break;
			}
		}
	}
}

/* perf's cmp_doubles: the larger first */
static s64 cmp_doubles(double l, double r)
{
	return l > r ? -1 : l < r ? 1 : 0;
}

static s64 cmp_values(const struct hist_entry *l, const struct hist_entry *r,
		      enum diff_compute c)
{
	switch (c) {
	case DIFF_DELTA:
	case DIFF_CYCLES:
		return cmp_doubles(l->diff.delta, r->diff.delta);
	case DIFF_DELTA_ABS:
		return cmp_doubles(fabs(l->diff.delta), fabs(r->diff.delta));
	case DIFF_RATIO:
		return cmp_doubles(l->diff.ratio, r->diff.ratio);
	case DIFF_WDIFF:
		return r->diff.wdiff - l->diff.wdiff;
	}
	return 0;
}

/* perf's hist_entry__cmp_compute (a column's own compare) */
static s64 cmp_compute(const struct hist_diff *d, const struct hist_entry *l,
		       const struct hist_entry *r, enum diff_compute c, int idx)
{
	bool pl = has_pairs(d, l), pr = has_pairs(d, r);
	const struct hist_entry *ql, *qr;

	if (!pl && !pr)
		return 0;
	if (!pl || !pr)
		return pl ? -1 : 1;
	ql = hist_diff__pair_of(l, idx);
	qr = hist_diff__pair_of(r, idx);
	if (!ql && !qr)
		return 0;
	if (!ql || !qr)
		return ql ? -1 : 1;
	return cmp_values(ql, qr, c);
}

/* perf's hist_entry__cmp_compute_idx (-o's compare) */
static s64 cmp_compute_idx(const struct hist_entry *l, const struct hist_entry *r,
			   enum diff_compute c, int idx)
{
	const struct hist_entry *ql = hist_diff__pair_of(l, idx), *qr = hist_diff__pair_of(r, idx);

	if (!ql && !qr)
		return 0;
	if (!ql || !qr)
		return ql ? -1 : 1;
	if (c != DIFF_DELTA && c != DIFF_DELTA_ABS) {
		/* the others need a baseline: entries without one go last */
		if (l->dummy && r->dummy)
			return 0;
		if (l->dummy || r->dummy)
			return l->dummy ? 1 : -1;
	}
	return cmp_values(ql, qr, c);
}

s64 hist_diff__sort(const struct hist_diff *d, const struct hist_field *f,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	switch (f->col) {
	case DIFF_COL_BASELINE:
		return a->period == b->period ? 0 : a->period > b->period ? 1 : -1;
	case DIFF_COL_DELTA:
		return cmp_compute(d, b, a, DIFF_DELTA, f->idx);
	case DIFF_COL_DELTA_ABS:
		return cmp_compute(d, b, a, DIFF_DELTA_ABS, f->idx);
	case DIFF_COL_RATIO:
		return cmp_compute(d, b, a, DIFF_RATIO, f->idx);
	case DIFF_COL_WDIFF:
		return cmp_compute(d, b, a, DIFF_WDIFF, f->idx);
	case DIFF_COL_ORDER:
		/* perf's -c cycles sorts by nothing here */
		if (d->compute == DIFF_CYCLES)
			return 0;
		return cmp_compute_idx(b, a, d->compute, f->idx);
	default:
		return 0;
	}
}

double hist_diff__zscore(u64 k0, u64 n0, u64 k1, u64 n1)
{
	double p0, p1, p, se;

	if (!n0 || !n1)
		return 0;
	p0 = (double)k0 / (double)n0;
	p1 = (double)k1 / (double)n1;
	p = (double)(k0 + k1) / (double)(n0 + n1);
	if (p <= 0 || p >= 1)
		return 0;
	se = sqrt(p * (1 - p) * (1.0 / (double)n0 + 1.0 / (double)n1));
	return (p1 - p0) / se;
}
