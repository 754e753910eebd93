// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0900-hist-decay: prof top's aging of a live histogram: 7/8 per
 * refresh, zeroing with -z, entries that reach zero hidden and revived,
 * callchain trees aged with their entries, and the stdio snapshot layout.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/hist.h"
#include "prof/hist-decay.h"
#include "prof/hist-stdio.h"
#include "prof/top-stdio.h"
#include "prof/sort.h"
#include "prof/callchain.h"
#include "prof/symbol.h"
#include "tap.h"

static struct hist_entry *add(struct hists *h, struct symbol *sym, u64 period)
{
	struct hist_sample hs = { 0 };
	struct hist_entry *he;

	hs.comm = hists__intern(h, "demo");
	hs.pid = hs.tid = 42;
	hs.sym = sym;
	hs.has_map = true;
	hs.level = '.';
	hs.cpumode = 2;
	hs.period = period;
	he = hists__add(h, &hs, true);
	he->filtered = false;
	h->nr_samples++;
	h->total_period += period;
	return he;
}

static void test_decay(void)
{
	struct symbol *hot = symbol__new(0x1000, 0x10, 1, 2, "hot_loop");
	struct symbol *warm = symbol__new(0x2000, 0x10, 1, 2, "warm_loop");
	struct hist_layout l;
	struct hists h;
	struct hist_entry *a, *b;
	const char *bad;

	hist_layout__setup(&l, "sym", NULL, false, false, false, &bad);
	hists__init(&h, &l);
	a = add(&h, hot, 800);
	b = add(&h, warm, 8);
	hists__decay(&h, false);
	is_int((long long)a->period, 700, "800 decays to 700 (7/8)");
	is_int((long long)b->period, 7, "8 decays to 7");
	is_int((long long)h.total_period, 707, "the total is the sum of the decayed entries");
	for (int i = 0; i < 20; i++)
		hists__decay(&h, false);
	is_int((long long)b->period, 0, "small entries reach zero");
	is_int((long long)hists__hide_empty(&h), 1, "one entry left to show");
	ok(b->filtered && !a->filtered, "the empty one is hidden");
	ok(add(&h, warm, 5) == b && !b->filtered, "a new sample revives it");
	hists__decay(&h, true);
	ok(!a->period && !b->period && !h.total_period && !h.nr_samples, "-z zeroes everything");
	is_int((long long)hists__hide_empty(&h), 0, "nothing to show after -z");
	hists__exit(&h);
	symbol__delete(hot);
	symbol__delete(warm);
}

static void test_callchain_decay(void)
{
	struct symbol *s1 = symbol__new(0x1000, 0x10, 1, 2, "main");
	struct symbol *s2 = symbol__new(0x2000, 0x10, 1, 2, "hot_loop");
	struct callchain_cursor_node f[2] = { { .sym = s1, .has_map = true, .level = '.' },
					      { .sym = s2, .has_map = true, .level = '.' } };
	struct callchain_root *root = callchain_root__new();
	u64 sum;

	callchain_root__append(root, f, 2, 800);
	callchain_root__append(root, f, 1, 80);
	callchain_root__decay(root, false);
	sum = callchain_node__cumul(&root->node);
	is_int((long long)sum, 770, "the tree keeps 7/8 of its period (700 + 70)");
	callchain_root__decay(root, true);
	is_int((long long)callchain_node__cumul(&root->node), 0, "and zeroes with -z");
	callchain_root__decay(NULL, false);
	ok(1, "NULL is a no-op");
	callchain_root__delete(root);
	symbol__delete(s1);
	symbol__delete(s2);
}

static void test_snapshot(void)
{
	struct symbol *hot = symbol__new(0x1000, 0x10, 1, 2, "hot_loop");
	struct symbol *warm = symbol__new(0x2000, 0x10, 1, 2, "warm_loop");
	struct hists_print_opts o = { 0 };
	struct hist_layout l;
	struct hists h;
	const char *bad;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	hist_layout__setup(&l, "sym", NULL, false, false, false, &bad);
	hists__init(&h, &l);
	add(&h, hot, 750);
	add(&h, warm, 250);
	hists__hide_empty(&h);
	hists__output_resort(&h);
	fp = open_memstream(&buf, &len);
	top_stdio__print(fp, "   PerfTop:    4000 irqs/sec", &h, &o, 10, 1, false);
	fclose(fp);
	is_str(buf, "   PerfTop:    4000 irqs/sec\n----------\n\n    75.00%  [.] hot_loop\n",
	       "header, dashes, blank line, at most -E entries, no column header");
	ok(!h.entries[1]->filtered, "the entries hidden by -E are visible again after");
	free(buf);
	hists__exit(&h);
	symbol__delete(hot);
	symbol__delete(warm);
}

int main(void)
{
	test_decay();
	test_callchain_decay();
	test_snapshot();
	return done_testing();
}
