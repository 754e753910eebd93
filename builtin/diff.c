// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof diff: the profiles of two or more perf.data files side by side, as
 * perf diff 6.1 prints them: the baseline's share of each entry and what
 * changed in the others (delta, ratio or weighted difference).
 *
 * The flow: each file is read as report reads it (session -> machine ->
 * the shared sample resolution -> one struct hists per event, merged by
 * the sort keys); then, event by event, the baseline's entries are paired
 * with the other files' (src/hist/hist-diff.c) and printed by the stdio
 * histogram printer (src/ui/hist-stdio.c).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/hist-filter.h"
#include "prof/sort.h"
#include "prof/hist-stdio.h"
#include "prof/resolved-sample.h"
#include "prof/time-range.h"
#include "prof/dump.h"
#include "prof/block-info.h"
#include "prof/header.h"
#include "prof/srcline.h"
#include "builtin.h"

static const char *const diff_usage[] = {
	"prof diff [<options>] [old_file] [new_file]",
	NULL
};

struct stream_event;

struct diff_file {
	const char *path;
	struct session *session;
	struct machine *machine;
	struct sample_resolver *resolver;
	struct hists *hists;		/* one per event of the file */
	int nr_hists;
	struct time_range *ranges;	/* --time for this file */
	int nr_ranges;
	struct block_cycles *blocks;	/* -c cycles: its functions' block cycles */
	struct stream_event *streams;	/* --stream: one per event of the file */
	int nr_streams;
};

struct diff {
	struct diff_file *files;
	int nr_files;
	struct hist_layout layout;
	struct hist_filter filter;
	const char *sort_order, *symfs, *kallsyms, *field_sep, *percentage, *time_str;
	const char *cpu_list;
	const char *comm_list, *pid_list, *tid_list, *dso_list, *sym_list;
	bool *cpu_bitmap;
	int nr_cpu_bitmap;
	enum diff_compute compute;
	s64 w1, w2;
	unsigned int order;
	bool period, formula, baseline_only, quiet, force, dump, noise;
	bool modules, stream, cycles_hist;
	int status;			/* an exit status of perf's own, or 0 */
	const struct option *options;
	struct diff_file *cur;		/* the file being read */
};

/* ---- -c ---- */

static int parse_compute(const struct option *opt, const char *arg, int unset)
{
	static const char *const names[] = {
		[DIFF_DELTA] = "delta", [DIFF_RATIO] = "ratio", [DIFF_WDIFF] = "wdiff",
		[DIFF_DELTA_ABS] = "delta-abs", [DIFF_CYCLES] = "cycles",
	};
	struct diff *df = opt->value;
	const char *colon;
	size_t len;

	(void)unset;
	if (!arg) {
		df->compute = DIFF_DELTA;
		return 0;
	}
	colon = strchr(arg, ':');
	len = colon ? (size_t)(colon - arg) : strlen(arg);
	if (colon && len >= 50)
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *end, *w2;

		if (strlen(names[i]) != len || strncmp(arg, names[i], len))
			continue;
		df->compute = (enum diff_compute)i;
		if (df->compute != DIFF_WDIFF) {
			if (colon) {
				/* perf's words, without a newline */
				fprintf(stderr, "Failed: extra option specified '%s'\n", colon + 1);
				return -1;
			}
			return 0;
		}
		/* wdiff:w1,w2, both non-zero */
		w2 = colon ? strchr(colon + 1, ',') : NULL;
		if (w2 && w2[1]) {
			df->w1 = strtol(colon + 1, &end, 10);
			df->w2 = strtol(w2 + 1, &end, 10);
			if (df->w1 && df->w2)
				return 0;
		}
		fputs("Failed: wrong weight data, use 'wdiff:w1,w2'\n\n", stderr);
		return -1;
	}
	fprintf(stderr, "Failed: '%s' is not computation method (use 'delta','ratio' or 'wdiff')\n\n",
		arg);
	return -1;
}

/*
 * ---- --stream: perf's hot streams (util/stream.c) ----
 *
 * Each file's samples are grouped as perf diff --stream groups them (sort
 * srcline,symbol,dso of the sample's address); each group keeps a tree of
 * the samples' branch call stacks (perf's callchain_param: flat, keyed by
 * source line, built from the branch stack: every entry's target, then
 * its source, in callee order, loops removed). The nodes where samples
 * end are the streams; the 5 hottest of each event are paired with the
 * other file's by their source lines and printed in perf's layout.
 */
#define STREAMS_MAX 5

struct stream_val {
	u64 ip;			/* the address as recorded */
	struct dso *dso;	/* NULL: no map */
	struct symbol *sym;
	const char *srcline;	/* interned; NULL without a map */
	u64 branch_count, cycles_count;
};

struct stream_node {
	struct stream_val *val;
	int nr_val;
	struct stream_node **children;	/* in perf's rb_root_in order */
	int nr_children;
	u64 hit;
};

struct stream_group {
	const char *key;	/* interned "srcline\tsym\tdso" */
	u64 period;
	struct stream_node root;
};

struct stream_event {
	struct stream_group *groups;
	int nr_groups;
	u64 total;		/* the callchain periods */
	struct stream_node *hot[STREAMS_MAX];
	struct stream_node *pair[STREAMS_MAX];
	int nr_hot;
};

/* one frame of a sample's chain: the value and how it counts */
struct stream_frame {
	struct stream_val v;
	bool branch;		/* of the branch stack (else of the call chain) */
	bool from;		/* a branch's source: its cycles count */
	u64 cycles;
};

static int cmp_u64(u64 a, u64 b)
{
	return a < b ? -1 : a > b;
}

/*
 * perf's match_chain with the srcline key: the source lines when either
 * has one (a missing one sorts after), else the symbols' start in their
 * DSO, else the addresses in their DSO. Negative, 0, positive for
 * perf's LT, EQ, GT of (@old, @new).
 */
static int stream_val__cmp(const struct stream_val *old, const struct stream_val *new)
{
	int c;

	if (old->srcline && new->srcline)
		return strcmp(old->srcline, new->srcline);
	if (!old->srcline && new->srcline)
		return 1;
	if (old->srcline && !new->srcline)
		return -1;
	c = cmp_u64((u64)(uintptr_t)old->dso, (u64)(uintptr_t)new->dso);
	if (c)
		return c;
	if (old->sym && new->sym)
		return cmp_u64(old->sym->start, new->sym->start);
	return cmp_u64(old->ip, new->ip);
}

static void stream_val__count(struct stream_val *v, const struct stream_frame *f)
{
	if (!f->branch)
		return;
	v->branch_count++;
	if (f->from)
		v->cycles_count += f->cycles;
}

static struct stream_node *stream_node__new(const struct stream_frame *f, int nr, u64 hit)
{
	struct stream_node *n = xcalloc(1, sizeof(*n));

	n->val = xcalloc((size_t)nr, sizeof(*n->val));
	for (int i = 0; i < nr; i++) {
		n->val[i] = f[i].v;
		stream_val__count(&n->val[i], &f[i]);
	}
	n->nr_val = nr;
	n->hit = hit;
	return n;
}

static void stream_node__insert_child(struct stream_node *parent, struct stream_node *child,
				      int at)
{
	parent->children = xrealloc(parent->children,
				    (size_t)(parent->nr_children + 1) * sizeof(*parent->children));
	memmove(parent->children + at + 1, parent->children + at,
		(size_t)(parent->nr_children - at) * sizeof(*parent->children));
	parent->children[at] = child;
	parent->nr_children++;
}

static void stream_node__append(struct stream_node *n, const struct stream_frame *f, int nr,
				u64 period);

/*
 * perf's append_chain_children: the child whose first value matches
 * takes the rest; else a new child, placed as perf's rb tree orders
 * them (a new value that compares "less" goes before).
 */
static void stream_node__append_children(struct stream_node *n, const struct stream_frame *f,
					 int nr, u64 period)
{
	int at = 0;

	for (int i = 0; i < n->nr_children; i++) {
		int c = stream_val__cmp(&n->children[i]->val[0], &f[0].v);

		if (!c) {
			stream_node__append(n->children[i], f, nr, period);
			return;
		}
		/* perf: old < new (LT) sends the new one left, before the old */
		if (c > 0)
			at = i + 1;
	}
	stream_node__insert_child(n, stream_node__new(f, nr, period), at);
}

/* perf's append_chain on a node whose first value matches f[0] */
static void stream_node__append(struct stream_node *n, const struct stream_frame *f, int nr,
				u64 period)
{
	int m = 0;

	while (m < n->nr_val && m < nr && !stream_val__cmp(&n->val[m], &f[m].v)) {
		stream_val__count(&n->val[m], &f[m]);
		m++;
	}
	if (m < n->nr_val) {
		/* perf's split_add_child: the rest of the node becomes a child */
		struct stream_node *rest = xcalloc(1, sizeof(*rest));

		rest->val = xcalloc((size_t)(n->nr_val - m), sizeof(*rest->val));
		memcpy(rest->val, n->val + m, (size_t)(n->nr_val - m) * sizeof(*rest->val));
		rest->nr_val = n->nr_val - m;
		rest->children = n->children;
		rest->nr_children = n->nr_children;
		rest->hit = n->hit;
		n->nr_val = m;
		n->children = NULL;
		n->nr_children = 0;
		n->hit = 0;
		stream_node__insert_child(n, rest, 0);
		if (m < nr)
			stream_node__append_children(n, f + m, nr - m, period);
		else
			n->hit = period;
		return;
	}
	if (m == nr) {
		n->hit += period;
		return;
	}
	stream_node__append_children(n, f + m, nr - m, period);
}

static void stream_node__free(struct stream_node *n, bool self)
{
	for (int i = 0; i < n->nr_children; i++)
		stream_node__free(n->children[i], true);
	free(n->children);
	free(n->val);
	if (self)
		free(n);
}

/*
 * perf's remove_loops: a run of sources seen before, right after the
 * first time, is a loop's iteration: dropped.
 */
static int stream__remove_loops(struct branch_entry *l, int nr)
{
	for (int i = 0; i < nr; i++) {
		for (int k = 0; k < i; k++) {
			int off = 0;
			bool loop = true;

			if (l[k].from != l[i].from)
				continue;
			for (int j = k; j < i && i + off < nr; j++, off++)
				if (l[j].from != l[i + off].from) {
					loop = false;
					break;
				}
			if (loop) {
				memmove(l + i, l + i + off, (size_t)(nr - (i + off)) * sizeof(*l));
				nr -= off;
			}
			break;
		}
	}
	return nr;
}

/*
 * perf's add_callchain_ip: a branch entry is looked up in the first space
 * with a map (cpumode 0), a call-chain entry in @cpumode's.
 */
static void stream__frame(struct machine *m, struct hists *h, const struct perf_sample *s,
			  u8 cpumode, u64 ip, bool from, u64 flags, struct stream_frame *f)
{
	struct addr_location al;

	memset(f, 0, sizeof(*f));
	if (cpumode)
		machine__resolve(m, cpumode, (pid_t)s->pid, (pid_t)s->tid, ip, &al);
	else
		machine__resolve_any(m, (pid_t)s->pid, (pid_t)s->tid, ip, &al);
	f->branch = !cpumode;
	f->v.ip = ip;
	f->v.dso = al.map ? al.dso : NULL;
	f->v.sym = al.sym;
	if (al.map)
		f->v.srcline = hists__intern(h, dso__srcline_str(al.dso, al.addr, al.sym, false,
								 false));
	f->from = from;
	f->cycles = (flags >> 4) & 0xffff;
	addr_location__exit(&al);
}

/* A sample of an event with branch stacks: its group, its chain appended. */
static void stream__sample(struct diff *df, struct diff_file *f, struct hists *h,
			   const struct perf_sample *s, const struct resolved_sample *rs)
{
	struct stream_event *se;
	struct stream_group *g = NULL;
	struct branch_entry *be;
	struct stream_frame *fr;
	const char *key;
	char *text;
	int nr, nf = 0, idx = s->evsel->idx, first_call = 0, chain_nr;
	u8 cpumode = PERF_RECORD_MISC_USER;

	(void)df;
	if (idx >= f->nr_streams) {
		f->streams = xrealloc(f->streams, (size_t)(idx + 1) * sizeof(*f->streams));
		memset(f->streams + f->nr_streams, 0,
		       (size_t)(idx + 1 - f->nr_streams) * sizeof(*f->streams));
		f->nr_streams = idx + 1;
	}
	se = &f->streams[idx];
	/* the group: perf diff --stream's sort, srcline,symbol,dso */
	text = xasprintf("%s\t%s\t%s",
			 rs->al.map ? dso__srcline_str(rs->al.dso, rs->al.addr, rs->al.sym, true, true)
				    : SRCLINE_UNKNOWN,
			 rs->al.sym ? rs->al.sym->name : "",
			 rs->al.map ? rs->al.dso->short_name : "");
	key = hists__intern(h, text);
	free(text);
	for (int i = se->nr_groups - 1; i >= 0 && !g; i--)
		if (se->groups[i].key == key)
			g = &se->groups[i];
	if (!g) {
		se->groups = xrealloc(se->groups, (size_t)(se->nr_groups + 1) * sizeof(*se->groups));
		g = &se->groups[se->nr_groups++];
		memset(g, 0, sizeof(*g));
		g->key = key;
	}
	g->period += s->period;
	/*
	 * The chain: perf's branch_callstack in callee order (at most 127
	 * entries), then the call chain past the entries the branches
	 * overlap (perf's first_call) and short of as many entries as
	 * branches were kept (perf's chain_nr -= nr).
	 */
	nr = s->branch ? (int)(s->branch_nr < 127 ? s->branch_nr : 127) : 0;
	be = xcalloc((size_t)nr + 1, sizeof(*be));
	if (nr)
		memcpy(be, s->branch, (size_t)nr * sizeof(*be));
	for (int i = 0; i < nr && s->callchain; i++) {
		if ((u64)first_call >= s->callchain_nr)
			break;
		if (s->callchain[first_call] >= PERF_CONTEXT_MAX)
			first_call++;
		else if (be[i].from < s->callchain[first_call] &&
			 be[i].from >= s->callchain[first_call] - 8)
			first_call++;
	}
	nr = stream__remove_loops(be, nr);
	chain_nr = s->callchain ? (int)s->callchain_nr - nr : 0;
	fr = xcalloc((size_t)nr * 2 + (chain_nr > 0 ? (size_t)chain_nr : 0) + 1, sizeof(*fr));
	for (int i = 0; i < nr; i++) {
		stream__frame(f->machine, h, s, 0, be[i].to, false, be[i].flags, &fr[nf++]);
		stream__frame(f->machine, h, s, 0, be[i].from, true, be[i].flags, &fr[nf++]);
	}
	for (int i = first_call, kept = 0; i < chain_nr && kept < 127; i++) {
		u64 ip = s->callchain[i];

		if (ip >= PERF_CONTEXT_MAX) {
			if (ip == PERF_CONTEXT_KERNEL)
				cpumode = PERF_RECORD_MISC_KERNEL;
			else if (ip == PERF_CONTEXT_USER)
				cpumode = PERF_RECORD_MISC_USER;
			else if (ip == PERF_CONTEXT_HV)
				cpumode = PERF_RECORD_MISC_HYPERVISOR;
			else {
				/* perf resets the cursor: no chain at all */
				nf = 0;
				break;
			}
			continue;
		}
		kept++;
		stream__frame(f->machine, h, s, cpumode, ip, false, 0, &fr[nf++]);
	}
	if (nf) {
		stream_node__append_children(&g->root, fr, nf, s->period);
		se->total += s->period;
	}
	free(fr);
	free(be);
}

static int stream_group__cmp(const void *a, const void *b)
{
	const struct stream_group *l = a, *r = b;

	if (l->period != r->period)
		return l->period > r->period ? -1 : 1;
	return strcmp(l->key, r->key);
}

/* perf's __sort_chain_flat: children first, in order, then the node */
static void stream__flat(struct stream_node *n, u64 min_hit, struct stream_node ***out, int *nr)
{
	for (int i = 0; i < n->nr_children; i++)
		stream__flat(n->children[i], min_hit, out, nr);
	if (n->hit && n->hit >= min_hit) {
		*out = xrealloc(*out, (size_t)(*nr + 1) * sizeof(**out));
		(*out)[(*nr)++] = n;
	}
}

/* perf's evsel_streams__set_hot_cnode: 5 kept, the least hot replaced */
static void stream_event__hot(struct stream_event *se, struct stream_node *n)
{
	int least = 0;

	if (se->nr_hot < STREAMS_MAX) {
		se->hot[se->nr_hot++] = n;
		return;
	}
	for (int i = 1; i < se->nr_hot; i++)
		if (se->hot[i]->hit < se->hot[least]->hit)
			least = i;
	if (n->hit > se->hot[least]->hit)
		se->hot[least] = n;
}

static void stream_event__setup(struct stream_event *se)
{
	/* perf's min_callchain_hits: callchain.threshold's 0.5% of the total */
	u64 min_hit = (u64)((double)se->total * (0.5 / 100));

	qsort(se->groups, (size_t)se->nr_groups, sizeof(*se->groups), stream_group__cmp);
	for (int i = 0; i < se->nr_groups; i++) {
		struct stream_node **flat = NULL;
		int nr = 0;

		stream__flat(&se->groups[i].root, min_hit, &flat, &nr);
		/* perf's rb tree by hit: the hotter first, equal ones in order */
		for (int a = 1; a < nr; a++)
			for (int b = a; b > 0 && flat[b - 1]->hit < flat[b]->hit; b--) {
				struct stream_node *t = flat[b];

				flat[b] = flat[b - 1];
				flat[b - 1] = t;
			}
		for (int k = 0; k < nr; k++)
			stream_event__hot(se, flat[k]);
		free(flat);
	}
}

/* perf's callchain_list__sym_name without the DSO */
static const char *stream_val__name(const struct stream_val *v, char *buf, size_t size)
{
	if (v->sym && v->srcline)
		snprintf(buf, size, "%s %s", v->sym->name, v->srcline);
	else if (v->sym)
		snprintf(buf, size, "%s", v->sym->name);
	else
		snprintf(buf, size, "%#" PRIx64, v->ip);
	return buf;
}

/* perf's callchain_cnode_matched: the same source lines, all of them */
static bool stream__matched(const struct stream_node *base, const struct stream_node *pair)
{
	bool match = false;
	int p = 0;

	for (int i = 0; i < base->nr_val; i++, p++) {
		if (p == pair->nr_val)
			return false;
		if (!base->val[i].srcline || !pair->val[p].srcline)
			continue;
		match = !strcmp(base->val[i].srcline, pair->val[p].srcline);
		if (!match)
			return false;
	}
	return p == pair->nr_val && match;
}

static void stream__head(const struct stream_node *n, const struct stream_event *se, char *buf,
			 size_t size)
{
	u64 cycles = 0;

	for (int i = 0; i < n->nr_val; i++)
		if (n->val[i].srcline && n->val[i].branch_count)
			cycles += n->val[i].cycles_count / n->val[i].branch_count;
	snprintf(buf, size, "cycles: %" PRIu64 ", hits: %.2f%%", cycles,
		 (double)n->hit / (double)se->total * 100.0);
}

static void stream__print_one(const struct stream_node *n, int idx, const struct stream_event *se,
			      bool pair)
{
	char buf[512], name[256];

	printf("\nhot chain %d:\n", idx);
	stream__head(n, se, buf, sizeof(buf));
	if (pair) {
		printf("%35s\t%35s\n", "", buf);
		printf("%35s\t%35s\n", "", "--------------------------");
	} else {
		printf("%35s\n", buf);
		printf("%35s\n", "--------------------------");
	}
	for (int i = 0; i < n->nr_val; i++) {
		stream_val__name(&n->val[i], name, sizeof(name));
		if (pair)
			printf("%35s\t%35s\n", "", name);
		else
			printf("%35s\n", name);
	}
}

/* perf's evsel_streams__match and callchain_streams_report */
static void stream__report(struct stream_event *b, struct stream_event *p)
{
	char buf1[512], buf2[512], n1[256], n2[256];
	bool paired[STREAMS_MAX] = { false };
	int idx = 0;

	for (int i = 0; i < b->nr_hot; i++) {
		b->pair[i] = NULL;
		for (int k = 0; k < p->nr_hot; k++)
			if (stream__matched(b->hot[i], p->hot[k])) {
				b->pair[i] = p->hot[k];
				paired[k] = true;
				break;
			}
	}
	printf("[ Matched hot streams ]\n");
	for (int i = 0; i < b->nr_hot; i++) {
		const struct stream_node *bn = b->hot[i], *pn = b->pair[i];

		if (!pn)
			continue;
		printf("\nhot chain pair %d:\n", ++idx);
		stream__head(bn, b, buf1, sizeof(buf1));
		stream__head(pn, p, buf2, sizeof(buf2));
		printf("%35s\t%35s\n", buf1, buf2);
		printf("%35s\t%35s\n", "---------------------------", "--------------------------");
		for (int k = 0; k < bn->nr_val && k < pn->nr_val; k++)
			printf("%35s\t%35s\n", stream_val__name(&bn->val[k], n1, sizeof(n1)),
			       stream_val__name(&pn->val[k], n2, sizeof(n2)));
	}
	idx = 0;
	printf("\n[ Hot streams in old perf data only ]\n");
	for (int i = 0; i < b->nr_hot; i++)
		if (!b->pair[i])
			stream__print_one(b->hot[i], ++idx, b, false);
	idx = 0;
	printf("\n[ Hot streams in new perf data only ]\n");
	for (int k = 0; k < p->nr_hot; k++)
		if (!paired[k])
			stream__print_one(p->hot[k], ++idx, p, true);
}

static void stream_event__exit(struct stream_event *se)
{
	for (int i = 0; i < se->nr_groups; i++)
		stream_node__free(&se->groups[i].root, false);
	free(se->groups);
}

/* ---- reading one file ---- */

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct diff *df = session__tool_priv(s);

	machine__jit_advance(df->cur->machine, sample->time);
	return machine__process_event(df->cur->machine, ev);
}

static int on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
		   u64 offset)
{
	dump__event(s, ev, sample, offset, DUMP_DIFF, stdout);
	return 0;
}

static void diff_file__grow(struct diff_file *f, int nr, struct hist_layout *l)
{
	if (nr <= f->nr_hists)
		return;
	f->hists = xrealloc(f->hists, (size_t)nr * sizeof(*f->hists));
	for (int i = f->nr_hists; i < nr; i++)
		hists__init(&f->hists[i], l);
	f->nr_hists = nr;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct diff *df = session__tool_priv(s);
	struct diff_file *f = df->cur;
	struct resolved_sample rs;
	struct hist_sample hs = { 0 };
	struct hist_entry *he;
	struct hists *h;
	size_t nr_before;
	bool filtered;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	diff_file__grow(f, sample->evsel->idx + 1, &df->layout);
	if (f->nr_ranges && time_ranges__skip(f->ranges, f->nr_ranges, sample->time))
		return 0;
	if (df->cpu_bitmap && ((int)sample->cpu < 0 || (int)sample->cpu >= df->nr_cpu_bitmap ||
			       !df->cpu_bitmap[sample->cpu]))
		return 0;
	h = &f->hists[sample->evsel->idx];
	resolved_sample__resolve(f->resolver, sample, &rs);
	if (df->stream) {
		stream__sample(df, f, h, sample, &rs);
		resolved_sample__exit(&rs);
		return 0;
	}
	if (df->dump)
		dump__sample_location(stdout, rs.al.thread ? thread__comm_str(rs.al.thread) : "",
				      rs.al.thread ? rs.al.thread->tid : (int)sample->tid,
				      rs.al.map ? rs.al.map->dso->long_name : NULL, rs.al.level);
	hist_sample__set_location(&hs, &rs.al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.comm = hists__intern(h, rs.al.thread ? thread__comm_str(rs.al.thread) : "");
	hs.cpu = (int)sample->cpu;
	hs.period = sample->period;
	filtered = hist_filter__rejects(&df->filter, hs.comm, hs.pid, hs.tid, hs.dso, hs.sym);
	nr_before = h->nr_entries;
	he = hists__add(h, &hs, true);
	if (h->nr_entries != nr_before)
		he->filtered = filtered;
	h->nr_samples++;
	h->total_period += sample->period;
	/* perf's hist__account_cycles, after the entry, every sample */
	if (f->blocks)
		block_cycles__account(f->blocks, f->machine, (pid_t)sample->pid, (pid_t)sample->tid,
				      sample->branch, sample->branch_nr, false);
	resolved_sample__exit(&rs);
	return 0;
}

/*
 * --time: one string for every file, or with ':' one "start,stop" per
 * file in order (perf's absolute form); perf's words when it cannot.
 */
static int diff__setup_time(struct diff *df, struct diff_file *f, char **rest)
{
	const struct perf_header *h = session__header(f->session);
	const char *str = df->time_str;
	char *colon;
	int ret;

	if (!str)
		return 0;
	if (strchr(df->time_str, ':')) {
		if (!*rest) {
			/* more files than ranges: perf crashes, prof refuses */
			fputs("Invalid time string\n", stderr);
			df->status = 256 - EINVAL;
			return -1;
		}
		str = *rest;
		colon = strchr(*rest, ':');
		if (colon) {
			if (colon == *rest || !colon[1]) {
				fputs("Invalid time string\n", stderr);
				df->status = 256 - EINVAL;
				return -1;
			}
			*colon = 0;
			*rest = colon + 1;
		} else {
			*rest = NULL;
		}
	}
	ret = time_ranges__parse(str, h ? h->first_sample_time : 0, h ? h->last_sample_time : 0,
				 &f->ranges, &f->nr_ranges);
	if (!ret)
		return 0;
	fputs(time_ranges__strerror(ret), stderr);
	df->status = 256 - EINVAL;
	return -1;
}

static int diff__read(struct diff *df, struct diff_file *f, char **time_rest)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = df,
		.dump = df->dump ? on_dump : NULL,
	};
	const struct perf_header *h = session__header(f->session);
	int ret;

	df->cur = f;
	f->machine = machine__new_host();
	machine__process_header(f->machine, h);
	f->resolver = sample_resolver__new(f->machine, &(struct resolve_param){
		.max_stack = 127, .inline_names = true,
	});
	diff_file__grow(f, session__nr_evsels(f->session), &df->layout);
	if (diff__setup_time(df, f, time_rest) < 0)
		return -1;
	if (df->cpu_list &&
	    session__cpu_bitmap(f->session, df->cpu_list, &df->cpu_bitmap, &df->nr_cpu_bitmap) < 0)
		return -1;
	ret = session__process_events(f->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(f->session);

		error("%s", *msg ? msg : strerror(-ret));
		fprintf(stderr, "Failed to process %s\n", f->path);
		return -1;
	}
	free(f->ranges);
	f->ranges = NULL;
	f->nr_ranges = 0;
	return 0;
}

/* ---- comparing ---- */

/* perf's evsel__match2: the same attr type and config */
static int diff__match_event(struct diff_file *f, const struct perf_event_attr *a)
{
	for (int i = 0; i < session__nr_evsels(f->session) && i < f->nr_hists; i++) {
		const struct perf_event_attr *b = &session__evsel(f->session, i)->attr;

		if (a->type == b->type && a->config == b->config)
			return i;
	}
	return -1;
}

static u64 hists__shown_total(const struct hists *h, bool relative)
{
	u64 period, nr;

	if (!relative)
		return h->total_period;
	hists__unfiltered_totals(h, &period, &nr);
	return period;
}

static void diff__event(struct diff *df, int idx, bool first)
{
	struct diff_file *base = &df->files[0];
	struct hists **files = xcalloc((size_t)df->nr_files, sizeof(*files));
	u64 *totals = xcalloc((size_t)df->nr_files, sizeof(*totals));
	u64 *samples = xcalloc((size_t)df->nr_files, sizeof(*samples));
	struct hist_diff d = {
		.compute = df->compute, .w1 = df->w1, .w2 = df->w2, .nr_files = df->nr_files,
		.files = files, .totals = totals, .samples = samples,
		.relative = df->percentage && !strcmp(df->percentage, "relative"),
	};
	struct hists *bh = &base->hists[idx];
	struct hists_print_opts o = {
		.show_header = !df->quiet, .field_sep = df->field_sep,
	};
	const struct perf_event_attr *a = &session__evsel(base->session, idx)->attr;

	for (int i = 0; i < df->nr_files; i++) {
		int m = i ? diff__match_event(&df->files[i], a) : idx;

		files[i] = m >= 0 ? &df->files[i].hists[m] : NULL;
		totals[i] = files[i] ? hists__shown_total(files[i], d.relative) : 0;
		samples[i] = files[i] ? files[i]->nr_samples : 0;
	}
	for (int i = 1; i < df->nr_files; i++)
		hist_diff__pair(&d, i, !df->baseline_only);
	if (!df->quiet)
		printf("%s# Event '%s'\n#\n", first ? "" : "\n",
		       session_evsel__name(session__evsel(base->session, idx)));
	if (verbose > 0 || (df->nr_files > 2 && !df->quiet)) {
		printf("# Data files:\n");
		for (int i = 0; i < df->nr_files; i++)
			printf("#  [%d] %s %s\n", i, df->files[i].path, i ? "" : "(Baseline)");
		printf("#\n");
	}
	if (df->baseline_only)
		hist_diff__baseline_only(&d);
	hist_diff__precompute(&d);
	if (df->compute == DIFF_CYCLES) {
		struct block_cycles **bcs = xcalloc((size_t)df->nr_files, sizeof(*bcs));

		for (int i = 0; i < df->nr_files; i++)
			bcs[i] = df->files[i].blocks;
		d.blocks = block_diff__new(&d, bcs);
		free(bcs);
	}
	bh->diff = &d;
	hists__output_resort(bh);
	/* perf prints the baseline's shares of its entries' total, after -b */
	{
		u64 sum = 0;

		for (size_t i = 0; i < bh->nr_entries; i++)
			if (!d.relative || !bh->entries[i]->filtered)
				sum += bh->entries[i]->period;
		d.base_total = sum;
	}
	hists__fprintf(bh, &o, stdout);
	bh->diff = NULL;
	block_diff__delete((struct block_diff *)d.blocks);
	free(files);
	free(totals);
	free(samples);
}

/*
 * perf's check_file_brstack: -c cycles needs HEADER_BRANCH_STACK in every
 * file; a file that does not open is left to the reading that follows.
 */
static bool diff__all_have_branch_stacks(struct diff *df)
{
	for (int i = 0; i < df->nr_files; i++) {
		struct session *s = NULL;
		char *errmsg = NULL;
		bool has;

		if (session__open_input(&s, df->files[i].path, df->force, &errmsg) < 0) {
			free(errmsg);
			return true;
		}
		has = perf_header__has_feat(session__header(s), HEADER_BRANCH_STACK);
		session__delete(s);
		if (!has)
			return false;
	}
	return true;
}

/*
 * --stream: each event of the baseline against the same event of the
 * second file, in perf's layout (its process_base_stream); as perf, the
 * files after the second are read and not compared.
 */
static void diff__streams(struct diff *df)
{
	struct diff_file *base = &df->files[0];

	for (int f = 0; f < df->nr_files; f++)
		for (int i = 0; i < df->files[f].nr_streams; i++)
			stream_event__setup(&df->files[f].streams[i]);
	for (int i = 0; i < session__nr_evsels(base->session); i++) {
		const struct perf_event_attr *a = &session__evsel(base->session, i)->attr;

		for (int f = 1; f < df->nr_files && f < 2; f++) {
			int m = diff__match_event(&df->files[f], a);
			struct stream_event none = { 0 };

			if (m < 0)
				continue;
			stream__report(i < base->nr_streams ? &base->streams[i] : &none,
				       m < df->files[f].nr_streams ? &df->files[f].streams[m] : &none);
		}
	}
}

static int diff__run(struct diff *df)
{
	char *time_copy = df->time_str && strchr(df->time_str, ':') ? xstrdup(df->time_str) : NULL;
	char *time_rest = time_copy;
	const char *bad = NULL;
	int ret = 0;

	ret = hist_layout__setup(&df->layout, df->sort_order ? df->sort_order : "dso,sym", NULL,
				 false, false, false, &bad);
	if (ret) {
		/* perf's words, then its whole usage (129) */
		fprintf(stderr, "Error:\n%s --sort key: `%s'",
			ret == -EOPNOTSUPP ? "Invalid" : "Unknown", bad ? bad : "");
		free(time_copy);
		usage_with_options(diff_usage, df->options);
	}
	{
		struct hist_diff shape = { .compute = df->compute, .nr_files = df->nr_files,
					   .cycles_hist = df->cycles_hist };

		hist_diff__layout(&shape, &df->layout, df->formula, df->period, df->noise,
				  df->order);
	}
	hist_filter__elide(&df->filter, &df->layout);
	if (df->field_sep && *df->field_sep == '.') {
		fputs("'.' is the only non valid --field-separator argument\n", stderr);
		free(time_copy);
		return -1;
	}
	if (df->compute == DIFF_CYCLES && !diff__all_have_branch_stacks(df)) {
		/* perf fails without a word unless every file has branch stacks */
		free(time_copy);
		return -1;
	}
	if (df->stream && !diff__all_have_branch_stacks(df)) {
		/* perf fails without a word here (exit 255): prof says why */
		error("--stream compares branch call stacks: every file needs them (perf record -b or --call-graph lbr)");
		free(time_copy);
		return -1;
	}
	setup_pager();
	for (int i = 0; i < df->nr_files; i++) {
		struct diff_file *f = &df->files[i];
		char *errmsg = NULL;

		ret = session__open_input(&f->session, f->path, df->force, &errmsg);
		if (ret < 0) {
			session__open_error(ret, f->path, errmsg);
			free(errmsg);
			fprintf(stderr, "Failed to open %s\n", f->path);
			ret = -1;
			break;
		}
		if (df->compute == DIFF_CYCLES)
			f->blocks = block_cycles__new();
		ret = diff__read(df, f, &time_rest);
		if (ret < 0)
			break;
	}
	free(time_copy);
	if (ret < 0)
		return -1;
	if (df->stream) {
		diff__streams(df);
		return 0;
	}
	/* perf diff's collapse: symbols by name (the files may be of other builds) */
	for (int i = 0; i < df->nr_files; i++)
		for (int k = 0; k < df->files[i].nr_hists; k++)
			hists__collapse_by_name(&df->files[i].hists[k]);
	for (int i = 0; i < df->files[0].nr_hists; i++)
		diff__event(df, i, !i);
	return 0;
}

static void diff__exit(struct diff *df)
{
	for (int i = 0; i < df->nr_files; i++) {
		struct diff_file *f = &df->files[i];

		for (int k = 0; k < f->nr_hists; k++)
			hists__exit(&f->hists[k]);
		free(f->hists);
		free(f->ranges);
		sample_resolver__delete(f->resolver);
		block_cycles__delete(f->blocks);
		for (int k = 0; k < f->nr_streams; k++)
			stream_event__exit(&f->streams[k]);
		free(f->streams);
		machine__delete(f->machine);
		session__delete(f->session);
	}
	free(df->files);
	free(df->cpu_bitmap);
	hist_filter__exit(&df->filter);
}

int cmd_diff(int argc, const char **argv)
{
	struct diff df = { .compute = DIFF_DELTA_ABS, .order = 1 };
	int ret = 0;
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('q', "quiet", &df.quiet, "Do not show any warnings or messages"),
		OPT_BOOLEAN('b', "baseline-only", &df.baseline_only,
			    "Show only items with match in baseline"),
		OPT_CALLBACK('c', "compute", &df,
			     "delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs),cycles",
			     "Entries differential computation selection", parse_compute),
		OPT_BOOLEAN('p', "period", &df.period, "Show period values."),
		OPT_BOOLEAN('F', "formula", &df.formula, "Show formula."),
		OPT_BOOLEAN(0, "cycles-hist", &df.cycles_hist,
			    "Show cycles histogram and standard deviation - WARNING: use only with -c cycles."),
		OPT_BOOLEAN('D', "dump-raw-trace", &df.dump, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &df.force, "don't complain, do it"),
		OPT_STRING(0, "kallsyms", &df.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN('m', "modules", &df.modules,
			    "load module symbols - WARNING: use only with -k and LIVE kernel"),
		OPT_STRING('d', "dsos", &df.dso_list, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('C', "comms", &df.comm_list, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('S', "symbols", &df.sym_list, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING('s', "sort", &df.sort_order, "key[,key2...]",
			   "sort by key(s): pid, comm, dso, symbol, parent, cpu, srcline, ..."
			   " Please refer the man page for the complete list."),
		OPT_STRING('t', "field-separator", &df.field_sep, "separator",
			   "separator for columns, no spaces will be added between columns '.' is reserved."),
		OPT_STRING(0, "symfs", &df.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_UINTEGER('o', "order", &df.order, "Specify compute sorting."),
		OPT_STRING(0, "percentage", &df.percentage, "relative|absolute",
			   "How to display percentage of filtered entries"),
		OPT_STRING(0, "time", &df.time_str, "str",
			   "Time span (time percent or absolute timestamp)"),
		OPT_STRING(0, "cpu", &df.cpu_list, "cpu", "list of cpus to profile"),
		OPT_STRING(0, "pid", &df.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &df.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_BOOLEAN(0, "stream", &df.stream, "Enable hot streams comparison."),
		OPT_BOOLEAN(0, "noise", &df.noise,
			    "Show whether each delta is larger than sampling noise (prof extension)"),
		OPT_END()
	};

	df.options = options;
	argc = parse_options(argc, argv, options, diff_usage, 0);
	set_msg_quiet(df.quiet);
	if (df.quiet)
		verbose = 0;	/* perf_quiet_option: -q wins over -v */
	if (df.percentage && strcmp(df.percentage, "relative") &&
	    strcmp(df.percentage, "absolute")) {
		/* perf's option callback refuses it: the option's usage, 129 */
		fputc('\n', stderr);
		parse_options_usage_for(diff_usage, options, "percentage", 0);
		ret = 129;
		goto out;
	}
	if (df.cycles_hist && df.compute != DIFF_CYCLES)
		usage_with_options(diff_usage, options);
	if (df.field_sep && !*df.field_sep) {
		error("option `field-separator' requires a value");
		ret = 129;
		goto out;
	}
	/* perf's defaults: perf.data.old against perf.data, or against the one file named */
	df.nr_files = argc > 1 ? argc : 2;
	df.files = xcalloc((size_t)df.nr_files, sizeof(*df.files));
	df.files[0].path = argc > 1 ? argv[0] : "perf.data.old";
	df.files[1].path = argc > 1 ? argv[1] : argc ? argv[0] : "perf.data";
	for (int i = 2; i < argc; i++)
		df.files[i].path = argv[i];
	if (df.order >= (unsigned int)df.nr_files) {
		fputs("Order option out of limit.\n", stderr);
		ret = -1;
		goto out;
	}
	/*
	 * -m: perf sets symbol_conf.use_modules, which is already its
	 * default: the live kernel's modules get maps and symbols from
	 * /proc/kallsyms (and /proc/modules), as prof always does for a
	 * recording of this kernel (src/symbol/symbol.c's split).
	 */
	(void)df.modules;
	if (df.symfs)
		symbol_conf__set_symfs(df.symfs);
	if (df.kallsyms)
		symbol_conf.kallsyms_name = df.kallsyms;
	symbol_conf.show_params = verbose > 0;
	symbol_conf.force = df.force;
	name_list__parse(&df.filter.comms, df.comm_list);
	name_list__parse(&df.filter.pids, df.pid_list);
	name_list__parse(&df.filter.tids, df.tid_list);
	name_list__parse(&df.filter.dsos, df.dso_list);
	name_list__parse(&df.filter.syms, df.sym_list);
	if (diff__run(&df) < 0)
		ret = df.status ? df.status : -1;
out:
	if (df.files)
		diff__exit(&df);
	return ret;
}
