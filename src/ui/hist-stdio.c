// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist-stdio.c: perf report --stdio entry lines and callchain drawings.
 *
 * Columns: each is preceded by two characters ("# " on the header lines,
 * "  " on entry lines); percentages are right-aligned in 8 ("%7.2f%%"),
 * Samples and Period in 12; key columns are as wide as their widest value
 * or header. The callchain drawing follows perf 6.1's ui/stdio/hist.c
 * geometry: a 12-space margin, "|" or " " plus 10 spaces per level,
 * "--NN.NN%--" in front of the first frame of a branch.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/sort.h"
#include "prof/callchain.h"
#include "prof/hist-stdio.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/block-info.h"
#include <math.h>

#define CONTEXT_MAX ((u64)-4095)

/* -w's width of column @i, or 0 */
static const struct hists_print_opts *cur_opts;
/* prof diff's columns of the hists being printed */
static const struct hist_diff *cur_diff;

static const struct diff_col_desc {
	const char *name;
	int width;
} diff_cols[] = {
	[DIFF_COL_BASELINE] = { "Baseline", 0 },
	[DIFF_COL_PERIOD] = { "Period", 14 },
	[DIFF_COL_PERIOD_BASELINE] = { "Base period", 14 },
	[DIFF_COL_DELTA] = { "Delta", 7 },
	[DIFF_COL_RATIO] = { "Ratio", 14 },
	[DIFF_COL_WDIFF] = { "Weighted diff", 14 },
	[DIFF_COL_FORMULA] = { "Formula", 70 },
	[DIFF_COL_DELTA_ABS] = { "Delta Abs", 7 },
	[DIFF_COL_NOISE] = { "z", 6 },
	[DIFF_COL_ORDER] = { "", 0 },
	[DIFF_COL_CYCLES] = { "[Program Block Range] Cycles Diff", 70 },
	[DIFF_COL_CYCLES_HIST] = { "stddev/Hist", BLOCK_SPARKS + 9 },
};
/* -c cycles: the block line of the entry being printed */
static size_t cur_block_line;

/* perf diff's title of a column: "Name", or "Name/idx" for more than two files */
static const char *diff_col_name(const struct hist_field *f)
{
	static char buf[64];

	if (!cur_diff || cur_diff->nr_files <= 2)
		return diff_cols[f->col].name;
	snprintf(buf, sizeof(buf), "%s/%d", diff_cols[f->col].name, f->idx);
	return buf;
}

static int diff_col_width(const struct hist_field *f)
{
	return max(diff_cols[f->col].width, (int)strlen(diff_col_name(f)));
}

/* The text of a prof diff column, perf's (its -t texts with @sep) */
static int diff_value(const struct hists *h, const struct hist_entry *he,
		      const struct hist_field *f, int w, bool sep, char *buf, size_t size)
{
	const struct hist_diff *d = h->diff;
	const struct hist_entry *p = hist_diff__pair_of(he, f->idx);
	char text[256] = " ";

	switch (f->col) {
	case DIFF_COL_CYCLES:
		if (d->blocks && block_diff__text(d->blocks, he, f->idx, cur_block_line, text,
						  sizeof(text)) > 0)
			return snprintf(buf, size, "%*s", w, text);
		break;
	case DIFF_COL_CYCLES_HIST:
		if (d->blocks && block_diff__hist_text(d->blocks, he, f->idx, cur_block_line, buf,
						       size) > 0)
			return (int)strlen(buf);
		break;
	case DIFF_COL_BASELINE: {
		double pct = 100.0 * (double)he->period / (double)d->base_total;

		if (he->dummy)
			break;
		if (sep)
			snprintf(text, sizeof(text), "%.2f", pct);
		else
			return snprintf(buf, size, "%*.2f%%", w - 1, pct);
		break;
	}
	case DIFF_COL_DELTA:
	case DIFF_COL_DELTA_ABS:
		if (!p)
			break;
		if (sep)
			snprintf(text, sizeof(text), "%+4.2F%%", p->diff.delta);
		else
			return snprintf(buf, size, "%+*.2f%%", w - 1, p->diff.delta);
		break;
	case DIFF_COL_RATIO:
		if (!p)
			break;
		if (he->dummy)
			snprintf(text, sizeof(text), "N/A");
		else if (!sep)
			return snprintf(buf, size, "%*.6f", w, p->diff.ratio);
		else if (p->diff.ratio > 0.0)
			snprintf(text, sizeof(text), "%14.6F", p->diff.ratio);
		break;
	case DIFF_COL_WDIFF:
		if (!p)
			break;
		if (he->dummy)
			snprintf(text, sizeof(text), "N/A");
		else if (!sep)	/* perf's "%14ld" whatever the column's width */
			return snprintf(buf, size, "%14" PRId64, p->diff.wdiff);
		else if (p->diff.wdiff)
			snprintf(text, sizeof(text), "%14" PRId64, p->diff.wdiff);
		break;
	case DIFF_COL_FORMULA:
		if (!p)
			break;
		switch (d->compute) {
		case DIFF_RATIO:
			snprintf(text, sizeof(text), "%.0F / %.0F", (double)p->period,
				 (double)he->period);
			break;
		case DIFF_WDIFF:
			snprintf(text, sizeof(text), "(%" PRIu64 " * %" PRId64 ") - (%" PRIu64
				 " * %" PRId64 ")", p->period, d->w2, he->period, d->w1);
			break;
		default:
			snprintf(text, sizeof(text), "(%" PRIu64 " * 100 / %" PRIu64 ") - (%"
				 PRIu64 " * 100 / %" PRIu64 ")", p->period, d->totals[f->idx],
				 he->period, d->base_total);
			break;
		}
		break;
	case DIFF_COL_PERIOD:
		if (p)
			snprintf(text, sizeof(text), "%" PRIu64, p->period);
		break;
	case DIFF_COL_PERIOD_BASELINE:
		snprintf(text, sizeof(text), "%" PRIu64, he->period);
		break;
	case DIFF_COL_NOISE: {
		/* an entry the file lacks has no samples there: a change too */
		u64 k0 = he->dummy ? 0 : he->nr_events, k1 = p ? p->nr_events : 0;
		double z;

		if (!d->files[f->idx])
			break;
		z = hist_diff__zscore(k0, d->samples[0], k1, d->samples[f->idx]);
		snprintf(text, sizeof(text), "%+.1f%s", z, fabs(z) >= 3.0 ? "*" : " ");
		break;
	}
	case DIFF_COL_ORDER:
		break;
	}
	if (sep)
		return snprintf(buf, size, "%s", text);
	return snprintf(buf, size, "%*s", w, text);
}
static size_t hists__fprintf_flat(struct hists *h, const struct hists_print_opts *o, FILE *fp);

static int user_width(int i)
{
	return cur_opts && i < cur_opts->nr_col_widths && cur_opts->col_widths[i] > 0 ?
	       cur_opts->col_widths[i] : 0;
}

/* The width a value column prints its value in (perf's fmt->len, or -w's). */
static int value_width(const struct hists *h, const struct hist_field *f, int i)
{
	int nr = h->nr_members > 1 ? h->nr_members : 1;

	if (nr == 1 && user_width(i))
		return user_width(i);
	switch (f->kind) {
	case HPP_OVERHEAD:
	case HPP_OVERHEAD_CHILDREN:
	case HPP_OVERHEAD_SYS:
	case HPP_OVERHEAD_US:
		return 8 * nr;
	case HPP_OVERHEAD_GUEST_SYS:
	case HPP_OVERHEAD_GUEST_US:
		return 9 * nr;
	case HPP_SAMPLE:
	case HPP_PERIOD:
		return 12 * nr;
	case HPP_SORT_KEY:
		break;
	case HPP_DIFF:
		return diff_col_width(f);
	}
	return 0;
}

static const char *field_header(const struct hist_field *f, bool children, bool fields_given);

/* The column's width: a value column is never narrower than its header. */
static int field_width(const struct hists *h, const struct hist_field *f, int *widths, int i)
{
	int hdr;

	if (f->kind == HPP_SORT_KEY)
		return widths[i];
	hdr = (int)strlen(field_header(f, h->layout->children, h->layout->fields_given));
	return max(value_width(h, f, i), hdr);
}

static const char *field_header(const struct hist_field *f, bool children, bool fields_given)
{
	switch (f->kind) {
	case HPP_OVERHEAD:
		return children && !fields_given ? "Self" : "Overhead";
	case HPP_OVERHEAD_CHILDREN:
		return "Children";
	case HPP_SAMPLE:
		return "Samples";
	case HPP_PERIOD:
		return "Period";
	case HPP_SORT_KEY:
		return f->key->header;
	case HPP_OVERHEAD_SYS:
		return "sys";
	case HPP_OVERHEAD_US:
		return "usr";
	case HPP_OVERHEAD_GUEST_SYS:
		return "guest sys";
	case HPP_OVERHEAD_GUEST_US:
		return "guest usr";
	case HPP_DIFF:
		return diff_col_name(f);
	}
	return "";
}

/* ---- callchains ---- */

/* -g ...,address or ...,srcline: frames show their source lines (perf's show_srcline) */
static bool show_srcline;
/*
 * hists_print_opts.color for this print: the value columns (not with -t,
 * perf_hpp__use_color) and the call chains' percentages (also with -t).
 */
static bool color_on, color_chains;

/*
 * perf's percent_color_fprintf when @color: the text in red from 5%, in
 * green above 0.5%, plain below. Returns the characters of the text alone.
 */
static int pct_fprintf(FILE *fp, bool color, double pct, const char *fmt, ...)
{
	const char *c = !color ? NULL : fabs(pct) >= 5.0 ? "\033[31m" :
			fabs(pct) > 0.5 ? "\033[32m" : NULL;
	va_list ap;
	int n;

	if (c)
		fputs(c, fp);
	va_start(ap, fmt);
	n = vfprintf(fp, fmt, ap);
	va_end(ap);
	if (c)
		fputs("\033[m", fp);
	return n;
}

const char *callchain_frame__name(const struct callchain_cursor_node *f, bool srcline,
				  bool show_dso, char *buf, size_t size)
{
	int n;

	/* the name itself, however long */
	if (f->sym && !f->inlined && !show_dso && !(srcline && f->srcline))
		return f->sym->name;
	if (f->sym && srcline && f->srcline)
		n = snprintf(buf, size, "%s %s%s", f->sym->name, f->srcline,
			     f->inlined ? " (inlined)" : "");
	else if (f->sym)
		n = snprintf(buf, size, "%s%s", f->sym->name, f->inlined ? " (inlined)" : "");
	else
		n = snprintf(buf, size, "%#" PRIx64, f->ip);
	/* perf's verbose browser: the frame's DSO after it */
	if (show_dso && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " %s",
			 f->has_map && f->dso ? f->dso->short_name : "unknown");
	return buf;
}

static const char *frame_name(const struct callchain_cursor_node *f, char *buf, size_t size)
{
	return callchain_frame__name(f, show_srcline, false, buf, size);
}

static void print_value(FILE *fp, const struct callchain_param *cp, u64 period, u64 count,
			u64 total)
{
	switch (cp->value) {
	case CCVAL_PERIOD:
		fprintf(fp, "%" PRIu64, period);
		break;
	case CCVAL_COUNT:
		fprintf(fp, "%u", (unsigned int)count);
		break;
	case CCVAL_PERCENT: {
		double pct = total ? (double)period * 100.0 / (double)total : 0.0;

		/* perf colours them with -t too */
		pct_fprintf(fp, color_chains, pct, "%.2f%%", pct);
		break;
	}
	}
}

static void left_margin(FILE *fp, int extra)
{
	fprintf(fp, "            %*s", extra, "");
}

static void graph_line(FILE *fp, int margin, int depth, u64 mask)
{
	left_margin(fp, margin);
	for (int i = 0; i < depth; i++)
		fputs(mask & (1ULL << i) ? "|          " : "           ", fp);
	fputc('\n', fp);
}

static void graph_frame(FILE *fp, const struct callchain_param *cp, int margin,
			const struct callchain_node *n, const struct callchain_cursor_node *f,
			int depth, u64 mask, int period, u64 total, const char *rem_name)
{
	char buf[1024];

	left_margin(fp, margin);
	for (int i = 0; i < depth; i++) {
		fputc(mask & (1ULL << i) ? '|' : ' ', fp);
		if (!period && i == depth - 1) {
			fputs("--", fp);
			print_value(fp, cp, callchain_node__cumul(n), callchain_node__cumul_count(n),
				    total);
			fputs("--", fp);
		} else {
			fputs("          ", fp);
		}
	}
	fputs(rem_name ? rem_name : frame_name(f, buf, sizeof(buf)), fp);
	fputc('\n', fp);
}

/* The children of @n above the threshold, in output order (perf's sorted_chain). */
static u32 shown_children(const struct callchain_node *n, const struct callchain_param *cp,
			  u64 min_hit, struct callchain_node ***out)
{
	u32 k = 0;

	*out = xmalloc((n->nr_children + 1) * sizeof(**out));
	if (cp->mode == CHAIN_GRAPH_REL)
		min_hit = (u64)ceil((double)n->children_hit * cp->min_percent / 100.0);
	for (u32 i = 0; i < n->nr_children; i++)
		if (callchain_node__cumul(n->children[i]) >= min_hit)
			(*out)[k++] = n->children[i];
	return k;
}

/* perf's __callchain__fprintf_graph; returns whether anything was printed. */
static bool graph_level(FILE *fp, const struct callchain_param *cp, int margin,
			const struct callchain_node *parent, u64 total, int depth,
			u64 mask, u64 min_hit)
{
	struct callchain_node **kids, *child = NULL;
	u64 new_mask = mask, remaining = total;
	u64 cumul_count = 0;
	u32 nr = shown_children(parent, cp, min_hit, &kids), printed = 0;
	bool any = false;

	for (u32 k = 0; k < nr; k++) {
		u64 new_total;

		child = kids[k];
		remaining -= callchain_node__cumul(child);
		cumul_count += callchain_node__cumul_count(child);
		if (k + 1 == nr && (cp->mode != CHAIN_GRAPH_REL || !remaining))
			new_mask &= ~(1ULL << (depth - 1));
		graph_line(fp, margin, depth, mask);
		any = true;
		for (u32 i = 0; i < child->nr_val; i++)
			graph_frame(fp, cp, margin, child, &child->val[i].f, depth, new_mask, (int)i,
				    total, NULL);
		new_total = cp->mode == CHAIN_GRAPH_REL ? child->children_hit : total;
		graph_level(fp, cp, margin, child, new_total, depth + 1,
			    new_mask | (1ULL << depth), min_hit);
		if (++printed == cp->print_limit)
			break;
	}
	if (cp->mode == CHAIN_GRAPH_REL && remaining && remaining != total) {
		struct callchain_node rem = { .hit = remaining };

		if (cp->value == CCVAL_COUNT && child && child->parent) {
			if (child->parent->children_count <= cumul_count)
				goto out;
			rem.count = child->parent->children_count - cumul_count;
		}
		new_mask &= ~(1ULL << (depth - 1));
		/*
		 * perf 6.1 mallocs its "[...]" symbol without clearing it, so
		 * whether it prints " (inlined)" after it depends on what the
		 * heap held: it varies from file to file. We print "[...]".
		 */
		graph_frame(fp, cp, margin, &rem, NULL, depth, new_mask, 0, total, "[...]");
		any = true;
	}
out:
	free(kids);
	return any;
}

/* perf's callchain__fprintf_graph: a lone root chain is drawn as "---". */
static void chain_graph(FILE *fp, const struct callchain_param *cp,
			const struct callchain_root *root, u64 total, u64 parent_total,
			bool skip_first)
{
	const struct callchain_node *top = &root->node;
	struct callchain_node **kids;
	u64 min_hit = (u64)((double)total * (cp->min_percent / 100.0));
	bool wrote = false;
	int margin = 0;
	u32 nr = shown_children(top, cp, min_hit, &kids);

	if (nr == 1 && callchain_node__cumul(kids[0]) == parent_total) {
		const struct callchain_node *c = kids[0];
		char buf[1024];
		u32 shown = 0;

		for (u32 i = 0; i < c->nr_val; i++) {
			if (!i && skip_first)
				continue;
			if (!wrote) {
				left_margin(fp, 0);
				fputs("|\n", fp);
				left_margin(fp, 0);
				fputs("---", fp);
				margin = 3;
				wrote = true;
			} else {
				left_margin(fp, margin);
			}
			fprintf(fp, "%s\n", frame_name(&c->val[i].f, buf, sizeof(buf)));
			if (++shown == cp->print_limit)
				break;
		}
		top = c;
	}
	free(kids);
	if (cp->mode == CHAIN_GRAPH_REL)
		total = parent_total;
	wrote |= graph_level(fp, cp, margin, top, total, 1, 1, min_hit);
	if (wrote)
		fputc('\n', fp);
}

static enum chain_key lookup_key;

static int lookup_order(const void *pa, const void *pb)
{
	const struct callchain_node *a = *(struct callchain_node *const *)pa;
	const struct callchain_node *b = *(struct callchain_node *const *)pb;

	return -callchain_frame__cmp(&a->val[0].f, &b->val[0].f, lookup_key);
}

/* Flat and folded: one line per node with self hits, its path from the root. */
static void collect_flat(struct callchain_node *n, u64 min_hit, struct callchain_node ***arr,
			 u32 *nr, size_t *alloc)
{
	struct callchain_node **kids = xmalloc((n->nr_children + 1) * sizeof(*kids));

	/* perf walks children in its lookup-tree order: larger (dso, address) first */
	if (n->nr_children) {
		memcpy(kids, n->children, n->nr_children * sizeof(*kids));
		qsort(kids, n->nr_children, sizeof(*kids), lookup_order);
	}
	for (u32 i = 0; i < n->nr_children; i++)
		collect_flat(kids[i], min_hit, arr, nr, alloc);
	free(kids);
	if (n->parent && n->hit && n->hit >= min_hit) {
		if (*nr == *alloc)
			*arr = xgrow(*arr, sizeof(**arr), *nr + 1, alloc);
		(*arr)[(*nr)++] = n;
	}
}

static int flat_cmp(const void *pa, const void *pb)
{
	const struct callchain_node *a = *(struct callchain_node *const *)pa;
	const struct callchain_node *b = *(struct callchain_node *const *)pb;

	if (a->hit != b->hit)
		return a->hit > b->hit ? -1 : 1;
	return 0;
}

static int print_path(FILE *fp, const struct callchain_node *n, bool folded, bool first)
{
	char buf[1024];

	if (!n || !n->parent)
		return first;
	first = print_path(fp, n->parent, folded, first);
	for (u32 i = 0; i < n->nr_val; i++) {
		if (n->val[i].f.ip >= CONTEXT_MAX)
			continue;
		/* perf: -t's separator between the frames too */
		if (folded)
			fprintf(fp, "%s%s",
				first ? "" : cur_opts && cur_opts->field_sep ? cur_opts->field_sep : ";",
				frame_name(&n->val[i].f, buf, sizeof(buf)));
		else
			fprintf(fp, "                %s\n", frame_name(&n->val[i].f, buf, sizeof(buf)));
		first = false;
	}
	return first;
}

static void chain_flat(FILE *fp, const struct callchain_param *cp,
		       const struct callchain_root *root, u64 total, bool folded)
{
	struct callchain_node **arr = NULL;
	u32 nr = 0;
	size_t alloc = 0;
	u64 min_hit = (u64)((double)total * (cp->min_percent / 100.0));

	lookup_key = cp->key;
	collect_flat((struct callchain_node *)&root->node, min_hit, &arr, &nr, &alloc);
	/* stable: equal hits keep the tree's order */
	for (u32 i = 1; i < nr; i++) {
		struct callchain_node *c = arr[i];
		u32 j = i;

		while (j > 0 && flat_cmp(&arr[j - 1], &c) > 0) {
			arr[j] = arr[j - 1];
			j--;
		}
		arr[j] = c;
	}
	for (u32 i = 0; i < nr; i++) {
		if (folded) {
			print_value(fp, cp, arr[i]->hit, arr[i]->count, total);
			fputc(' ', fp);
			print_path(fp, arr[i], true, true);
			fputc('\n', fp);
		} else {
			fputs("           ", fp);
			print_value(fp, cp, callchain_node__cumul(arr[i]),
				    callchain_node__cumul_count(arr[i]), total);
			fputc('\n', fp);
			print_path(fp, arr[i], false, true);
			fputc('\n', fp);
		}
		if (i + 1 == cp->print_limit)
			break;
	}
	free(arr);
}

/* ---- entries ---- */

/*
 * A value column with -t: perf prints " 12.34%" and " 123" at their
 * narrowest, then pads them with spaces to the column's width.
 */
/*
 * A group's column: every member's value, perf's " %6.2f%%" for the
 * percentages (@v: the members' periods) and " %11lu" for samples and
 * periods (@v: their counts).
 */
static void print_members(FILE *fp, const struct hists *h, bool pct, const u64 *v)
{
	for (int m = 0; m < h->nr_members; m++) {
		if (pct) {
			double mp = hists__percent(h->members[m], v[m]);

			pct_fprintf(fp, color_on, mp, " %*.2f%%", 6, mp);
		} else {
			fprintf(fp, " %*" PRIu64, 11, v[m]);
		}
	}
}

static void print_hpp_sep(FILE *fp, const struct hists *h, const struct hist_entry *he,
			  const struct hist_field *f, int w)
{
	bool group = h->nr_members > 1;
	int n = 0;

	/* a group's columns hold every member's value, as perf's: " 64.43% 0.00%" */
	switch (f->kind) {
	case HPP_OVERHEAD:
		if (group && he->group_period) {
			for (int m = 0; m < h->nr_members; m++)
				n += fprintf(fp, " %.2f%%",
					     hists__percent(h->members[m], he->group_period[m]));
			break;
		}
		n = fprintf(fp, " %.2f%%", hists__percent(h, he->period));
		break;
	case HPP_OVERHEAD_CHILDREN:
		if (!h->layout->children) {
			n = fprintf(fp, "%*s", w, "N/A");
		} else if (group && he->group_period_acc) {
			for (int m = 0; m < h->nr_members; m++)
				n += fprintf(fp, " %.2f%%",
					     hists__percent(h->members[m], he->group_period_acc[m]));
		} else {
			n = fprintf(fp, " %.2f%%", hists__percent(h, he->period_acc));
		}
		break;
	case HPP_SAMPLE:
		if (group && he->group_events) {
			for (int m = 0; m < h->nr_members; m++)
				n += fprintf(fp, " %" PRIu64, he->group_events[m]);
			break;
		}
		n = fprintf(fp, " %" PRIu64, he->nr_events);
		break;
	case HPP_PERIOD:
		if (group && he->group_period) {
			for (int m = 0; m < h->nr_members; m++)
				n += fprintf(fp, " %" PRIu64, he->group_period[m]);
			break;
		}
		n = fprintf(fp, " %" PRIu64, he->period);
		break;
	case HPP_SORT_KEY:
		break;
	case HPP_OVERHEAD_SYS:
	case HPP_OVERHEAD_US:
	case HPP_OVERHEAD_GUEST_SYS:
	case HPP_OVERHEAD_GUEST_US:
		n = fprintf(fp, " %.2f%%", hists__percent(h, hist_entry__hpp_period(he, f->kind)));
		break;
	case HPP_DIFF: {
		char buf[512];

		diff_value(h, he, f, w, true, buf, sizeof(buf));
		n = fprintf(fp, "%s", buf);
		break;
	}
	}
	if (n < w)
		fprintf(fp, "%*s", w - n, "");
}

/* The call graph of @he, in the mode the options ask for. */
static void print_entry_chain(FILE *fp, const struct hists *h, const struct hists_print_opts *o,
			      const struct hist_entry *he, u64 pv)
{
	const struct callchain_param *cp = o->cp;
	u64 total = h->callchain_total ? h->callchain_total : h->total_period;

	if (!cp || !cp->enabled || !he->callchain)
		return;
	switch (cp->mode) {
	case CHAIN_GRAPH_ABS:
	case CHAIN_GRAPH_REL:
		chain_graph(fp, cp, he->callchain, total, pv, o->sort_starts_with_sym);
		break;
	case CHAIN_FLAT:
		chain_flat(fp, cp, he->callchain, total, false);
		break;
	case CHAIN_FOLDED:
		chain_flat(fp, cp, he->callchain, total, true);
		break;
	case CHAIN_NONE:
		break;
	}
}

int hist_parse_col_widths(const char *str, int *widths, int max)
{
	int n = 0;

	while (str && n < max) {
		char *end;
		long v = strtol(str, &end, 10);

		widths[n++] = v > 0 && v < 4096 ? (int)v : 0;
		if (*end != ',')
			break;
		str = end + 1;
	}
	return n;
}

size_t hists__fprintf(struct hists *h, const struct hists_print_opts *o, FILE *fp)
{
	/* perf_hpp__use_color: no value colours between -t's separators */
	color_on = o->color && !(o->field_sep && *o->field_sep);
	color_chains = o->color;
	if (o->hierarchy)
		return hists__fprintf_hierarchy(h, o, fp);
	return hists__fprintf_flat(h, o, fp);
}

/* perf diff -c cycles: a block line some file has no block for is not printed */
static bool block_line_skipped(const struct hist_entry *he, const struct hist_layout *l,
			       char *buf, size_t size)
{
	for (int i = 0; i < l->nr_fields; i++) {
		const struct hist_field *f = &l->fields[i];

		if (f->kind == HPP_DIFF && f->col == DIFF_COL_CYCLES &&
		    block_diff__text(cur_diff->blocks, he, f->idx, cur_block_line, buf, size) < 0)
			return true;
	}
	return false;
}

static size_t hists__fprintf_flat(struct hists *h, const struct hists_print_opts *o, FILE *fp)
{
	const struct hist_layout *l = h->layout;
	const char *sep = o->field_sep && *o->field_sep ? o->field_sep : NULL;
	int widths[HIST_MAX_FIELDS];
	char buf[8192];
	size_t lines = 0;

	show_srcline = o->cp && o->cp->key != CCKEY_FUNCTION;
	cur_opts = o;
	cur_diff = h->diff;

	for (int i = 0; i < l->nr_fields; i++) {
		const struct hist_field *f = &l->fields[i];

		widths[i] = 0;
		if (f->kind != HPP_SORT_KEY)
			continue;
		widths[i] = (int)strlen(f->key->header);
		if (user_width(i)) {
			widths[i] = user_width(i);
			continue;
		}
		for (size_t e = 0; e < h->nr_entries; e++) {
			const struct hist_entry *he = h->entries[e];
			int w;

			if (he->filtered)
				continue;
			w = sort_key__value_width(f->key, he);
			if (w > widths[i])
				widths[i] = w;
		}
	}
	if (o->show_header) {
		bool first = true;

		fputs("# ", fp);
		for (int i = 0; i < l->nr_fields; i++) {
			const struct hist_field *f = &l->fields[i];
			int w = field_width(h, f, widths, i);

			if (l->elide[i])
				continue;
			if (!first)
				fputs(sep ? sep : "  ", fp);
			first = false;
			/* perf formats each title into a 1024-byte buffer: at most 1023 wide */
			w = min(w, 1023);
			if (f->kind == HPP_SORT_KEY)
				fprintf(fp, "%-*.*s", w, w, field_header(f, l->children, l->fields_given));
			else
				fprintf(fp, "%*s", w, field_header(f, l->children, l->fields_given));
		}
		/* perf's header with -t is that one line */
		if (sep)
			goto rows;
		fputs("\n# ", fp);
		first = true;
		for (int i = 0; i < l->nr_fields; i++) {
			int w = field_width(h, &l->fields[i], widths, i);

			if (l->elide[i])
				continue;
			if (!first)
				fputs("  ", fp);
			first = false;
			for (int k = 0; k < w; k++)
				fputc('.', fp);
		}
		fputs("\n#", fp);
rows:
		fputc('\n', fp);
	}
	for (size_t e = 0; e < h->nr_entries; e++) {
		const struct hist_entry *he = h->entries[e];
		u64 pv = l->children ? he->period_acc : he->period;
		size_t nr_lines = 1;

		if (he->filtered)
			continue;
		if (o->min_percent > 0 && hists__percent(h, pv) < o->min_percent)
			continue;
		/* perf diff -c cycles: a line per block of the entry, or none */
		if (cur_diff && cur_diff->blocks)
			nr_lines = block_diff__nr_lines(cur_diff->blocks, he);
		for (cur_block_line = 0; cur_block_line < nr_lines; cur_block_line++) {
			bool first = true;

			if (cur_diff && cur_diff->blocks && block_line_skipped(he, l, buf, sizeof(buf)))
				continue;
			for (int i = 0; i < l->nr_fields; i++) {
				const struct hist_field *f = &l->fields[i];
				int w = field_width(h, f, widths, i);
				int vw = f->kind == HPP_SORT_KEY ? w : value_width(h, f, i);
				double pct;
				int n = 0;

				if (l->elide[i])
					continue;
				/* perf: "  " before every column, or -t's separator between them */
				if (!sep || !first)
					fputs(sep ? sep : "  ", fp);
				first = false;
				if (sep && f->kind != HPP_SORT_KEY) {
					print_hpp_sep(fp, h, he, f, w);
					continue;
				}
				switch (f->kind) {
				/* perf's " %*.2f%%" and " %*lu": a value wider than its
				 * column keeps its leading space */
				case HPP_OVERHEAD:
					if (h->nr_members > 1 && he->group_period) {
						print_members(fp, h, true, he->group_period);
						break;
					}
					pct = hists__percent(h, he->period);
					n = pct_fprintf(fp, color_on, pct, " %*.2f%%", vw - 2, pct);
					break;
				case HPP_OVERHEAD_CHILDREN:
					/* perf's column without cumulation: "N/A" */
					if (!h->layout->children) {
						n = fprintf(fp, "%*s", w, "N/A");
					} else if (h->nr_members > 1 && he->group_period_acc) {
						print_members(fp, h, true, he->group_period_acc);
					} else {
						pct = hists__percent(h, he->period_acc);
						n = pct_fprintf(fp, color_on, pct, " %*.2f%%", vw - 2, pct);
					}
					break;
				case HPP_SAMPLE:
					if (h->nr_members > 1 && he->group_events) {
						print_members(fp, h, false, he->group_events);
						break;
					}
					n = fprintf(fp, " %*" PRIu64, vw - 1, he->nr_events);
					break;
				case HPP_PERIOD:
					if (h->nr_members > 1 && he->group_period) {
						print_members(fp, h, false, he->group_period);
						break;
					}
					n = fprintf(fp, " %*" PRIu64, vw - 1, he->period);
					break;
				case HPP_OVERHEAD_SYS:
				case HPP_OVERHEAD_US:
				case HPP_OVERHEAD_GUEST_SYS:
				case HPP_OVERHEAD_GUEST_US:
					pct = hists__percent(h, hist_entry__hpp_period(he, f->kind));
					n = pct_fprintf(fp, color_on, pct, " %*.2f%%", vw - 2, pct);
					break;
				case HPP_DIFF:
					n = diff_value(h, he, f, w, false, buf, sizeof(buf));
					fputs(buf, fp);
					break;
				case HPP_SORT_KEY: {
					n = sort_key__snprintf(f->key, he, buf, sizeof(buf), w);

					/* perf's repsep_snprintf: the separator never inside a value */
					if (sep)
						for (char *c = buf; (c = strchr(c, *sep)) != NULL; c++)
							*c = '.';
					fputs(buf, fp);
					/* perf pads every column but the last to its width */
					if (i < l->nr_fields - 1 && n < w)
						fprintf(fp, "%*s", w - n, "");
					n = w;
					break;
				}
				}
				/* -w narrower than the header: perf pads the value to the column */
				if (n > 0 && n < w && i < l->nr_fields - 1)
					fprintf(fp, "%*s", w - n, "");
			}
			fputc('\n', fp);
			lines++;
			print_entry_chain(fp, h, o, he, pv);
		}
		cur_block_line = 0;
	}
	return lines;
}

/* ---- --hierarchy ---- */

#define HIERARCHY_INDENT 3

static const struct hist_layout *hier_layout;

/* A total order that keeps equal keys together, key by key. */
static int hier_cmp(const void *a, const void *b)
{
	const struct hist_entry *l = *(const struct hist_entry *const *)a;
	const struct hist_entry *r = *(const struct hist_entry *const *)b;

	for (int i = 0; i < hier_layout->nr_keys; i++) {
		s64 c;

		/*
		 * the symbol compare orders named entries by DSO and unnamed
		 * ones by address: keep the two apart for a total order
		 */
		if (hier_layout->keys[i]->id == SORT_SYM && !l->sym != !r->sym)
			return l->sym ? -1 : 1;
		c = sort_key__collapse(hier_layout->keys[i], l, r);

		if (c)
			return c > 0 ? -1 : 1;
	}
	return 0;
}

struct hier_node {
	const struct hist_entry *he;	/* the first entry: its key shows */
	size_t lo, hi;			/* its entries */
	u64 period, nr_events;
	u64 by_mode[4];			/* period_sys, _us, _guest_sys, _guest_us */
	u64 *group_period, *group_events;	/* a group's members', or NULL */
};

static const struct sort_key *hier_key;
static int hier_nr_members;

/* perf's output order at one level: the value, then the level's key */
static int hier_node_cmp(const void *a, const void *b)
{
	const struct hier_node *l = a, *r = b;
	s64 c;

	if (l->period != r->period)
		return l->period > r->period ? -1 : 1;
	/* a group: then the members' values in order, as perf's group sort */
	for (int m = 1; l->group_period && r->group_period && m < hier_nr_members; m++)
		if (l->group_period[m] != r->group_period[m])
			return l->group_period[m] > r->group_period[m] ? -1 : 1;
	c = sort_key__sort(hier_key, l->he, r->he);
	if (c)
		return c > 0 ? -1 : 1;
	return l->lo < r->lo ? -1 : l->lo > r->lo;
}

/* The value columns (those before the keys), as the flat view prints them. */
static void hier_values(FILE *fp, const struct hists *h, const struct hier_node *n)
{
	const struct hist_layout *l = h->layout;
	bool first = true;

	for (int i = 0; i < l->nr_fields; i++) {
		const struct hist_field *f = &l->fields[i];
		int vw = value_width(h, f, i);
		double pct;

		if (f->kind == HPP_SORT_KEY)
			continue;
		fputs("  ", fp);
		first = false;
		/* a group: every member's value, as the flat view prints them */
		if (n->group_period && (f->kind == HPP_OVERHEAD || f->kind == HPP_SAMPLE ||
					f->kind == HPP_PERIOD)) {
			print_members(fp, h, f->kind == HPP_OVERHEAD,
				      f->kind == HPP_SAMPLE ? n->group_events : n->group_period);
			continue;
		}
		switch (f->kind) {
		case HPP_OVERHEAD:
			pct = hists__percent(h, n->period);
			pct_fprintf(fp, color_on, pct, " %*.2f%%", vw - 2, pct);
			break;
		case HPP_OVERHEAD_SYS:
		case HPP_OVERHEAD_US:
		case HPP_OVERHEAD_GUEST_SYS:
		case HPP_OVERHEAD_GUEST_US:
			pct = hists__percent(h, n->by_mode[f->kind - HPP_OVERHEAD_SYS]);
			pct_fprintf(fp, color_on, pct, " %*.2f%%", vw - 2, pct);
			break;
		case HPP_SAMPLE:
			fprintf(fp, " %*" PRIu64, vw - 1, n->nr_events);
			break;
		case HPP_PERIOD:
			fprintf(fp, " %*" PRIu64, vw - 1, n->period);
			break;
		default:
			break;
		}
	}
	(void)first;
}

static size_t hier_print(FILE *fp, const struct hists *h, const struct hists_print_opts *o,
			 struct hist_entry **e, size_t lo, size_t hi, int depth, const int *widths)
{
	const struct hist_layout *l = h->layout;
	const struct sort_key *key = l->keys[depth];
	struct hier_node *nodes = NULL;
	size_t nr = 0, lines = 0, shown = 0;
	char buf[8192];

	for (size_t i = lo; i < hi; i++) {
		struct hier_node *nd;

		if (!nr || sort_key__collapse(key, nodes[nr - 1].he, e[i])) {
			nodes = xrealloc(nodes, (nr + 1) * sizeof(*nodes));
			nodes[nr++] = (struct hier_node){ .he = e[i], .lo = i, .hi = i };
			if (h->nr_members > 1 && e[i]->group_period && e[i]->group_events) {
				nodes[nr - 1].group_period = xcalloc((size_t)h->nr_members, sizeof(u64));
				nodes[nr - 1].group_events = xcalloc((size_t)h->nr_members, sizeof(u64));
			}
		}
		nd = &nodes[nr - 1];
		nd->hi = i + 1;
		nd->period += e[i]->period;
		nd->nr_events += e[i]->nr_events;
		for (int m = 0; m < 4; m++)
			nd->by_mode[m] += hist_entry__hpp_period(e[i], HPP_OVERHEAD_SYS + m);
		for (int m = 0; nd->group_period && e[i]->group_period && m < h->nr_members; m++) {
			nd->group_period[m] += e[i]->group_period[m];
			nd->group_events[m] += e[i]->group_events ? e[i]->group_events[m] : 0;
		}
	}
	hier_key = key;
	hier_nr_members = h->nr_members;
	qsort(nodes, nr, sizeof(*nodes), hier_node_cmp);
	for (size_t k = 0; k < nr; k++) {
		const struct hier_node *n = &nodes[k];
		int w = 0;

		if (o->min_percent > 0 && hists__percent(h, n->period) < o->min_percent)
			continue;
		shown++;
		for (int i = 0; i < l->nr_fields; i++)
			if (l->fields[i].kind == HPP_SORT_KEY && l->fields[i].key == key)
				w = widths[i];
		fprintf(fp, "%*s", depth * HIERARCHY_INDENT, "");
		hier_values(fp, h, n);
		fprintf(fp, "%*s", (l->nr_keys - 1) * HIERARCHY_INDENT, "");
		sort_key__snprintf(key, n->he, buf, sizeof(buf), w);
		fprintf(fp, "  %s\n", buf + strspn(buf, " "));
		lines++;
		if (depth + 1 < l->nr_keys)
			lines += hier_print(fp, h, o, e, n->lo, n->hi, depth + 1, widths);
		else
			print_entry_chain(fp, h, o, n->he, n->period);
	}
	/* perf's line for a level --percent-limit emptied */
	if (!shown && depth > 0) {
		int pad = depth * HIERARCHY_INDENT + (l->nr_keys - 1) * HIERARCHY_INDENT + 2;

		for (int i = 0; i < l->nr_fields; i++)
			if (l->fields[i].kind != HPP_SORT_KEY)
				pad += 2 + value_width(h, &l->fields[i], i);
		fprintf(fp, "%*sno entry >= %.2f%%\n", pad, "", o->min_percent);
		lines++;
	}
	for (size_t k = 0; k < nr; k++) {
		free(nodes[k].group_period);
		free(nodes[k].group_events);
	}
	free(nodes);
	return lines;
}

size_t hists__fprintf_hierarchy(struct hists *h, const struct hists_print_opts *o, FILE *fp)
{
	const struct hist_layout *l = h->layout;
	int widths[HIST_MAX_FIELDS], key_w = 0, values_w = 0, depth = 0, hdr_w = 0;
	struct hist_entry **e = xmalloc((h->nr_entries + 1) * sizeof(*e));
	size_t n = 0, lines;
	bool first = true;

	cur_opts = o;
	for (size_t i = 0; i < h->nr_entries; i++)
		if (!h->entries[i]->filtered)
			e[n++] = h->entries[i];
	hier_layout = l;
	qsort(e, n, sizeof(*e), hier_cmp);
	for (int i = 0; i < l->nr_fields; i++) {
		const struct hist_field *f = &l->fields[i];

		widths[i] = 0;
		if (f->kind != HPP_SORT_KEY) {
			values_w += (values_w ? 2 : 0) + field_width(h, f, widths, i);
			continue;
		}
		widths[i] = user_width(i);
		for (size_t k = 0; !user_width(i) && k < n; k++)
			widths[i] = max(widths[i], sort_key__value_width(f->key, e[k]));
		if (!user_width(i))
			widths[i] = max(widths[i], (int)strlen(f->key->header));
		key_w = max(key_w, depth * HIERARCHY_INDENT + widths[i]);
		depth++;
		hdr_w += (hdr_w ? 3 : 0) + (int)strlen(f->key->header);
	}
	/* perf's dotted line is never shorter than the "a / b / c" header */
	key_w = max(key_w, hdr_w);
	values_w += (l->nr_keys - 1) * HIERARCHY_INDENT;
	if (o->show_header) {
		fprintf(fp, "# %*s", (l->nr_keys - 1) * HIERARCHY_INDENT, "");
		for (int i = 0; i < l->nr_fields; i++) {
			const struct hist_field *f = &l->fields[i];

			if (f->kind == HPP_SORT_KEY)
				continue;
			fprintf(fp, "%s%*s", first ? "" : "  ", field_width(h, f, widths, i),
				field_header(f, false, false));
			first = false;
		}
		fputs("  ", fp);
		first = true;
		for (int i = 0; i < l->nr_fields; i++)
			if (l->fields[i].kind == HPP_SORT_KEY) {
				fprintf(fp, "%s%s", first ? "" : " / ", l->fields[i].key->header);
				first = false;
			}
		fputs("\n# ", fp);
		for (int k = 0; k < values_w; k++)
			fputc('.', fp);
		fputs("  ", fp);
		for (int k = 0; k < key_w; k++)
			fputc('.', fp);
		fputs("\n#\n", fp);
	}
	lines = l->nr_keys ? hier_print(fp, h, o, e, 0, n, 0, widths) : 0;
	free(e);
	return lines;
}

/* ---- report --total-cycles ---- */

static const struct block_col {
	const char *name;
	int width;
} block_cols[] = {
	{ "Sampled Cycles%", 15 }, { "Sampled Cycles", 14 }, { "Avg Cycles%", 11 },
	{ "Avg Cycles", 10 }, { "[Program Block Range]", 70 }, { "Shared Object", 20 },
};

/* perf prints into a line of its columns' widths, separators and "  " */
#define BLOCK_LINE_MAX (15 + 14 + 11 + 10 + 70 + 20 + 5 * 2 + 3)

size_t block_report__fprintf(const struct block_info *b, size_t nr, u64 total_cycles,
			     u64 block_cycles, double min_percent, FILE *fp)
{
	size_t lines = 0;

	fputs("# ", fp);
	for (size_t i = 0; i < ARRAY_SIZE(block_cols); i++)
		fprintf(fp, "%s%*s", i ? "  " : "", block_cols[i].width, block_cols[i].name);
	fputs("\n# ", fp);
	for (size_t i = 0; i < ARRAY_SIZE(block_cols); i++) {
		if (i)
			fputs("  ", fp);
		for (int k = 0; k < block_cols[i].width; k++)
			fputc('.', fp);
	}
	fputs("\n#\n", fp);
	for (size_t i = 0; i < nr; i++) {
		const struct block_info *bi = &b[i];
		char line[512], pct[32], cyc[32], avg_pct[32], avg[32], range[128];
		double ratio = total_cycles ? (double)bi->cycles / (double)total_cycles : 0.0;
		double avg_ratio = 0.0;
		u64 a = bi->num_aggr ? bi->cycles_aggr / bi->num_aggr : 0;

		if (ratio * 100.0 < min_percent)
			continue;
		if (block_cycles && bi->num_aggr)
			avg_ratio = (double)a / (double)block_cycles;
		snprintf(pct, sizeof(pct), "%.2f%%", 100.0 * ratio);
		block_info__cycles_str(bi->cycles_aggr, cyc, sizeof(cyc));
		snprintf(avg_pct, sizeof(avg_pct), "%.2f%%", 100.0 * avg_ratio);
		block_info__cycles_str(a, avg, sizeof(avg));
		block_info__range(bi, bi->dso, bi->sym, range, sizeof(range));
		/* perf's line buffer cuts what a long range pushes past it */
		snprintf(line, sizeof(line), "  %15s  %14s  %11s  %10s  %70s  %20s", pct, cyc,
			 avg_pct, avg, range, bi->dso ? bi->dso->short_name : "[unknown]");
		fprintf(fp, "%.*s\n", BLOCK_LINE_MAX, line);
		lines++;
	}
	return lines;
}
