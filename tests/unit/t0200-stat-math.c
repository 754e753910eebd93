// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0200-stat-math: prof stat's arithmetic on fixed inputs: the Welford
 * mean/variance and the "+-" relative standard error, scaling of
 * multiplexed counts, every derived metric (CPUs utilized, GHz, IPC,
 * stalled cycles per insn, branch/cache miss ratios, frontend/backend
 * idle, /sec rates) and the exact std/CSV/JSON text perf prints for them.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/json-writer.h"
#include "prof/stat-display.h"
#include "prof/cpumap.h"
#include "prof/stat.h"
#include "prof/util.h"
#include "tap.h"
#include <math.h>

static struct evsel *mk(struct evlist *evlist, u32 type, u64 config, const char *name)
{
	struct perf_event_attr attr = { .type = type, .config = config };
	struct evsel *evsel = evsel__new(&attr);

	evsel->name = xstrdup(name);
	evlist__add(evlist, evsel);
	return evsel;
}

static u64 cache(u64 c, u64 op, u64 res)
{
	return c | (op << 8) | (res << 16);
}

static void test_stats(void)
{
	struct stats st;
	static const u64 vals[] = { 10, 12, 14 };
	size_t i;

	stats__init(&st);
	ok(stats__stddev(&st) == 0.0, "no values: stddev 0");
	for (i = 0; i < ARRAY_SIZE(vals); i++)
		stats__update(&st, vals[i]);
	is_double(stats__avg(&st), 12.0, 1e-12, "mean of 10,12,14");
	is_double(stats__variance(&st), 4.0, 1e-12, "sample variance M2/(n-1)");
	is_double(stats__stddev(&st), sqrt(4.0 / 3.0), 1e-12,
		  "stddev of the mean sqrt(var/n)");
	is_double(stats__rel_stddev(stats__stddev(&st), stats__avg(&st)),
		  100.0 * sqrt(4.0 / 3.0) / 12.0, 1e-12, "relative, in percent");
	is_double(stats__rel_stddev(1.0, 0.0), 0.0, 0, "mean 0: no spread");

	/* Welford stays exact where the naive sum of squares cancels. */
	stats__init(&st);
	stats__update(&st, 1000000000000ULL + 4);
	stats__update(&st, 1000000000000ULL + 7);
	stats__update(&st, 1000000000000ULL + 13);
	stats__update(&st, 1000000000000ULL + 16);
	is_double(stats__variance(&st), 30.0, 1e-6, "large offset: variance 30");
	is_int((long long)st.min, 1000000000004LL, "min");
	is_int((long long)st.max, 1000000000016LL, "max");

	stats__init(&st);
	stats__update(&st, 5);
	stats__update(&st, 5);
	ok(stats__stddev(&st) == 0.0, "constant series: stddev 0");
}

static void test_scale(void)
{
	struct counts_values c = { 1000, 400, 100 };
	int scaled;

	counts_values__scale(&c, true, &scaled);
	is_int((long long)c.val, 4000, "scaled by ena/run");
	is_int(scaled, 1, "marked scaled");
	c = (struct counts_values){ 1000, 400, 0 };
	counts_values__scale(&c, true, &scaled);
	is_int(scaled, -1, "never ran: not counted");
	c = (struct counts_values){ 1000, 400, 400 };
	counts_values__scale(&c, true, &scaled);
	is_int((long long)c.val, 1000, "ran all the time: unchanged");
	is_int(scaled, 0, "not scaled");
	c = (struct counts_values){ 1000, 400, 100 };
	counts_values__scale(&c, false, &scaled);
	is_int((long long)c.val, 1000, "--no-scale keeps the raw count");
}

/* One run of fixed counts through the real aggregation path. */
static void feed(struct stat_config *sc, struct runtime_stat *rt, struct evsel *evsel,
		 u64 val, u64 ena, u64 run)
{
	struct evsel_stat *es = evsel__stat(evsel);

	es->counts[0] = (struct counts_values){ val, ena, run };
	stat__process_counter(sc, rt, evsel);
}

static char *line(struct stat_display *d, struct runtime_stat *rt, struct evsel *evsel)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	d->out = fp;
	stat_display__line(d, rt, evsel, 0);
	fclose(fp);
	return buf;
}

static void check_line(struct stat_display *d, struct runtime_stat *rt,
		       struct evsel *evsel, const char *want, const char *what)
{
	char *got = line(d, rt, evsel);

	is_str(got, want, "%s", what);
	free(got);
}

static void test_metrics(void)
{
	struct evlist *evlist = evlist__new();
	struct stat_config sc = { .aggr_mode = AGGR_GLOBAL, .scale = true, .run_count = 1 };
	struct runtime_stat rt;
	struct stat_display d;
	struct stat_metric m[STAT_MAX_METRICS];
	struct evsel *clk, *cyc, *ins, *br, *brm, *refs, *miss, *fe, *be, *l1, *l1m, *pf, *cs;
	int n;

	clk = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock");
	pf = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults");
	cs = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches");
	cyc = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles");
	fe = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
		"stalled-cycles-frontend");
	be = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
		"stalled-cycles-backend");
	ins = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions");
	br = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "branches");
	brm = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, "branch-misses");
	refs = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES, "cache-references");
	miss = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, "cache-misses");
	l1 = mk(evlist, PERF_TYPE_HW_CACHE, cache(PERF_COUNT_HW_CACHE_L1D, 0, 0),
		"L1-dcache-loads");
	l1m = mk(evlist, PERF_TYPE_HW_CACHE,
		 cache(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ,
		       PERF_COUNT_HW_CACHE_RESULT_MISS), "L1-dcache-load-misses");

	evlist__alloc_stats(evlist, AGGR_GLOBAL, NULL);
	runtime_stat__init(&rt, 1);
	stats__update(&rt.walltime, 2000000000ULL);	/* 2 s elapsed */

	feed(&sc, &rt, clk, 1000000000ULL, 1000000000ULL, 1000000000ULL); /* 1 s */
	feed(&sc, &rt, pf, 2500, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, cs, 5, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, cyc, 3000000000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, fe, 600000000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, be, 300000000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, ins, 4500000000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, br, 1000000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, brm, 25000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, refs, 80000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, miss, 20000ULL, 1000000000ULL, 1000000000ULL);
	feed(&sc, &rt, l1, 400000ULL, 1000000000ULL, 1000000000ULL);
	/* Multiplexed: ran half the time, so scaled x2 to 40000. */
	feed(&sc, &rt, l1m, 20000ULL, 1000000000ULL, 500000000ULL);

	n = stat__shadow_metrics(&rt, clk, 0, 1000.0, m);	/* 1000 msec */
	ok(n == 1 && !strcmp(m[0].unit, "CPUs utilized"), "task-clock: CPUs utilized");
	is_double(m[0].val, 0.5, 1e-12, "1 s of task-clock in 2 s: 0.5 CPUs");
	n = stat__shadow_metrics(&rt, cyc, 0, 3e9, m);
	is_str(m[0].unit, "GHz", "cycles: GHz");
	is_double(m[0].val, 3.0, 1e-12, "3e9 cycles per task-clock second: 3 GHz");
	n = stat__shadow_metrics(&rt, ins, 0, 4.5e9, m);
	is_int(n, 2, "instructions: IPC and stalled cycles per insn");
	is_double(m[0].val, 1.5, 1e-12, "insn per cycle");
	is_str(m[1].unit, "stalled cycles per insn", "second metric");
	is_double(m[1].val, 600000000.0 / 4.5e9, 1e-12, "max(front, back) / insns");
	n = stat__shadow_metrics(&rt, brm, 0, 25000, m);
	is_double(m[0].val, 2.5, 1e-12, "branch-misses: 2.5%% of all branches");
	n = stat__shadow_metrics(&rt, miss, 0, 20000, m);
	is_double(m[0].val, 25.0, 1e-12, "cache-misses: 25%% of all cache refs");
	n = stat__shadow_metrics(&rt, fe, 0, 6e8, m);
	is_double(m[0].val, 20.0, 1e-12, "frontend cycles idle 20%%");
	n = stat__shadow_metrics(&rt, be, 0, 3e8, m);
	is_double(m[0].val, 10.0, 1e-12, "backend cycles idle 10%%");
	n = stat__shadow_metrics(&rt, l1m, 0, 40000, m);
	is_str(m[0].unit, "of all L1-dcache accesses", "L1 miss ratio unit");
	is_double(m[0].val, 10.0, 1e-12, "scaled L1 misses: 10%% of loads");
	n = stat__shadow_metrics(&rt, pf, 0, 2500, m);
	is_str(m[0].unit, "K/sec", "page-faults rate in K/sec");
	is_double(m[0].val, 2.5, 1e-12, "2500 per task-clock second");
	n = stat__shadow_metrics(&rt, cs, 0, 5, m);
	is_str(m[0].unit, "/sec", "small rates have no prefix");
	(void)n;

	stat_display__init(&d, stdout);
	check_line(&d, &rt, clk,
		   "           1000.00 msec task-clock                       #    0.500 CPUs utilized          \n",
		   "std: clock in msec with CPUs utilized");
	check_line(&d, &rt, cyc,
		   "        3000000000      cycles                           #    3.000 GHz                    \n",
		   "std: cycles with GHz");
	check_line(&d, &rt, ins,
		   "        4500000000      instructions                     #    1.50  insn per cycle         \n"
		   "                                                  #    0.13  stalled cycles per insn\n",
		   "std: IPC, then stalled cycles per insn on a continuation line");
	check_line(&d, &rt, brm,
		   "             25000      branch-misses                    #    2.50% of all branches        \n",
		   "std: branch miss ratio");
	check_line(&d, &rt, miss,
		   "             20000      cache-misses                     #   25.000 % of all cache refs    \n",
		   "std: cache miss ratio");
	check_line(&d, &rt, fe,
		   "         600000000      stalled-cycles-frontend          #   20.00% frontend cycles idle   \n",
		   "std: frontend idle");
	check_line(&d, &rt, l1m,
		   "             40000      L1-dcache-load-misses            #   10.00% of all L1-dcache accesses  (50.00%)\n",
		   "std: multiplexed count is scaled and shows its running time");
	check_line(&d, &rt, pf,
		   "              2500      page-faults                      #    2.500 K/sec                  \n",
		   "std: rate");

	d.csv = true;
	d.csv_sep = ",";
	check_line(&d, &rt, clk, "1000.00,msec,task-clock,1000000000,100.00,0.500,CPUs utilized\n",
		   "CSV: clock");
	check_line(&d, &rt, brm, "25000,,branch-misses,1000000000,100.00,2.50,of all branches\n",
		   "CSV: the % sign is dropped from the metric value");
	check_line(&d, &rt, l1m,
		   "40000,,L1-dcache-load-misses,500000000,50.00,10.00,of all L1-dcache accesses\n",
		   "CSV: running time and percentage of a multiplexed count");

	d.csv = false;
	d.csv_sep = " ";
	d.json = true;
	check_line(&d, &rt, clk,
		   "{\"counter-value\" : \"1000.000000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", "
		   "\"event-runtime\" : 1000000000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.500000, "
		   "\"metric-unit\" : \"CPUs utilized\"}\n", "JSON: perf's keys and spacing");

	runtime_stat__exit(&rt);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
}

/*
 * stat -T's and --smi-cost's metrics, as perf 6.1 defines them: shares of
 * cycles in and aborted from transactions, cycles per transaction and
 * per elision; SMI cost as the unhalted (aperf) cycles the core did not
 * count (cycles freeze in SMM with freeze_on_smi), and the SMI count.
 */
static void test_named_metrics(void)
{
	struct evlist *evlist = evlist__new();
	struct stat_config sc = { .aggr_mode = AGGR_GLOBAL, .scale = true, .run_count = 1 };
	struct runtime_stat rt;
	struct stat_metric m[STAT_MAX_METRICS];
	struct evsel *cyc, *tx, *ct, *ts, *el, *aperf, *smi;
	u64 s = 1000000000ULL;
	int n;

	cyc = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles");
	tx = mk(evlist, PERF_TYPE_RAW, 0x1, "cpu/cycles-t/");
	ts = mk(evlist, PERF_TYPE_RAW, 0x2, "cpu/tx-start/");
	el = mk(evlist, PERF_TYPE_RAW, 0x3, "cpu/el-start/");
	ct = mk(evlist, PERF_TYPE_RAW, 0x4, "cpu/cycles-ct/");
	aperf = mk(evlist, 20, 0x1, "msr/aperf/");
	smi = mk(evlist, 20, 0x4, "msr/smi/");
	evlist__alloc_stats(evlist, AGGR_GLOBAL, NULL);
	runtime_stat__init(&rt, 1);

	n = stat__shadow_metrics(&rt, ts, 0, 100, m);
	ok(n == 1 && !m[0].fmt && !strcmp(m[0].unit, "cycles / transaction"),
	   "tx-start without cycles-t counted: the unit alone");
	n = stat__shadow_metrics(&rt, smi, 0, 3, m);
	is_int(n, 0, "msr/smi/ without cycles and aperf: no metric");

	feed(&sc, &rt, cyc, 4000000, s, s);
	feed(&sc, &rt, tx, 1000000, s, s);
	feed(&sc, &rt, aperf, 5000000, s, s);
	n = stat__shadow_metrics(&rt, tx, 0, 1000000, m);
	ok(n == 1 && !strcmp(m[0].unit, "transactional cycles"), "cycles-t: transactional cycles");
	is_double(m[0].val, 25.0, 1e-12, "... 25%% of cycles");
	n = stat__shadow_metrics(&rt, ct, 0, 600000, m);
	ok(n == 1 && !strcmp(m[0].unit, "aborted cycles"), "cycles-ct: aborted cycles");
	is_double(m[0].val, 10.0, 1e-12, "... (cycles-t - cycles-ct) / cycles: 10%%");
	n = stat__shadow_metrics(&rt, ct, 0, 2000000, m);
	is_double(m[0].val, 0.0, 1e-12, "... never below 0");
	n = stat__shadow_metrics(&rt, ts, 0, 100, m);
	ok(n == 1 && m[0].fmt && !strcmp(m[0].unit, "cycles / transaction"),
	   "tx-start: cycles / transaction");
	is_double(m[0].val, 10000.0, 1e-12, "... cycles-t / tx-start");
	n = stat__shadow_metrics(&rt, el, 0, 50, m);
	ok(n == 1 && !strcmp(m[0].unit, "cycles / elision"), "el-start: cycles / elision");
	is_double(m[0].val, 20000.0, 1e-12, "... cycles-t / el-start");
	n = stat__shadow_metrics(&rt, smi, 0, 3, m);
	is_int(n, 2, "msr/smi/: SMI cycles%% and SMI#");
	is_str(m[0].unit, "SMI cycles%", "first the cost");
	is_double(m[0].val, 20.0, 1e-12, "... (aperf - cycles) / aperf: 20%%");
	is_str(m[1].unit, "SMI#", "then the count");
	is_double(m[1].val, 3.0, 1e-12, "... 3 SMIs");

	runtime_stat__exit(&rt);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
}

static void test_repeat_display(void)
{
	struct evlist *evlist = evlist__new();
	struct stat_config sc = { .aggr_mode = AGGR_GLOBAL, .scale = true, .run_count = 3 };
	struct runtime_stat rt;
	struct stat_display d;
	struct evsel *clk, *pf, *cyc;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	static const u64 runs[] = { 1000000, 1200000, 1400000 };
	size_t i;

	clk = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock");
	pf = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults");
	cyc = mk(evlist, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles");
	cyc->supported = false;
	evlist__alloc_stats(evlist, AGGR_GLOBAL, NULL);
	runtime_stat__init(&rt, 1);
	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		stats__update(&rt.walltime, 2 * runs[i]);
		feed(&sc, &rt, clk, runs[i], runs[i], runs[i]);
		feed(&sc, &rt, pf, 50, runs[i], runs[i]);
		feed(&sc, &rt, cyc, 0, 0, 0);
	}
	stat_display__init(&d, stdout);
	d.run_count = 3;
	check_line(&d, &rt, clk,
		   "              1.20 msec task-clock                       #    0.500 CPUs utilized            ( +-  9.62% )\n",
		   "-r: the mean and the relative stderr (10,12,14 -> 9.62%%)");
	check_line(&d, &rt, pf,
		   "                50      page-faults                      #   41.667 K/sec                  \n",
		   "-r: a constant count has no +- in std output");
	check_line(&d, &rt, cyc,
		   "   <not supported>      cycles                                                      \n",
		   "-r: not supported");
	d.csv = true;
	d.csv_sep = ",";
	check_line(&d, &rt, pf, "50,,page-faults,0.00%,1200000,100.00,41.667,K/sec\n",
		   "-r CSV: the spread column is always there");
	check_line(&d, &rt, cyc, "<not supported>,,cycles,0.00%,0,100.00,,\n",
		   "-r CSV: not supported");

	d.csv = false;
	d.csv_sep = " ";
	fp = open_memstream(&buf, &len);
	d.out = fp;
	stat_display__footer(&d, &rt);
	fclose(fp);
	is_str(buf, "\n          0.002400 +- 0.000231 seconds time elapsed  ( +-  9.62% )\n\n",
	       "-r footer: precision from the stddev, spread in percent");
	free(buf);
	is_int(stat_display__precision(0.000231), 4, "precision of 0.000231");
	is_int(stat_display__precision(2.5), 0, "precision above 1");
	is_int(stat_display__precision(0), 0, "precision of a zero spread: perf's lround(inf) on x86-64");

	runtime_stat__exit(&rt);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
}

/*
 * --per-core over two CPUs: sums per key, perf's CPU count (which stops at
 * the first CPU that did not count) and the std/CSV prefix columns.
 */
static void test_topology(void)
{
	struct evlist *evlist = evlist__new();
	struct stat_config sc = { .aggr_mode = AGGR_CORE, .scale = true, .run_count = 1 };
	struct aggr_id ids[2] = { { 0, 0, 0, -1 }, { 0, 0, 1, -1 } };
	struct aggr_map map = { .mode = AGGR_CORE, .nr = 2, .ids = ids };
	struct runtime_stat rt;
	struct stat_display d;
	struct evsel_stat *es;
	struct evsel *pf = mk(evlist, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	pf->cpus = cpu_map__new("0-1");
	pf->threads = thread_map__new_any();
	evlist__alloc_stats(evlist, AGGR_CORE, &map);
	runtime_stat__init(&rt, 2);
	es = evsel__stat(pf);
	is_int(es->nr_aggr, 2, "a slot per core");
	es->cpu_slot[0] = 0;
	es->cpu_slot[1] = 1;
	es->counts[0] = (struct counts_values){ 7, 100, 100 };
	es->counts[1] = (struct counts_values){ 5, 100, 100 };
	stat__process_counter(&sc, &rt, pf);
	is_int((long long)es->aggr[1].val, 5, "core 1 has its CPU's count");
	is_int(es->nr[0], 1, "one CPU in core 0");

	/* Both CPUs on one key; the first did not count. */
	es->cpu_slot[1] = 0;
	es->counts[0] = (struct counts_values){ 0, 0, 0 };
	stat__process_counter(&sc, &rt, pf);
	is_int(es->scaled[0], -1, "a CPU that did not count: the key is not counted");
	is_int(es->nr[0], 1, "perf's count stops at that CPU");

	es->counts[0] = (struct counts_values){ 7, 100, 100 };
	evlist__reset_stats(evlist);
	stat__process_counter(&sc, &rt, pf);
	is_int((long long)es->aggr[0].val, 12, "two CPUs summed");
	is_int(es->nr[0], 2, "two CPUs counted");

	stat_display__init(&d, NULL);
	d.aggr_mode = AGGR_CORE;
	d.aggr_map = &map;
	d.csv = true;
	d.csv_sep = ",";
	fp = open_memstream(&buf, &len);
	d.out = fp;
	stat_display__line(&d, &rt, pf, 0);
	fclose(fp);
	is_str(buf, "S0-D0-C0,2,12,,page-faults,200,100.00,,\n", "CSV: key and CPU count first");
	free(buf);

	runtime_stat__exit(&rt);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
}

static void test_json_writer(void)
{
	struct json_writer jw;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	json_writer__init(&jw, fp);
	json_writer__begin_object(&jw);
	json_writer__key(&jw, "s");
	json_writer__string(&jw, "a\"b\\c\n\x01");
	json_writer__key(&jw, "n");
	json_writer__u64(&jw, 42);
	json_writer__key(&jw, "a");
	json_writer__begin_array(&jw);
	json_writer__s64(&jw, -1);
	json_writer__double(&jw, "%.2f", 1.5);
	json_writer__double(&jw, "%f", 1.0 / 0.0);
	json_writer__bool(&jw, true);
	json_writer__null(&jw);
	json_writer__end_array(&jw);
	json_writer__end_object(&jw);
	fclose(fp);
	is_str(buf, "{\"s\" : \"a\\\"b\\\\c\\n\\u0001\", \"n\" : 42, \"a\" : [-1, 1.50, null, true, null]}",
	       "json writer: escaping, separators, nesting");
	free(buf);
}

int main(void)
{
	test_stats();
	test_scale();
	test_metrics();
	test_named_metrics();
	test_repeat_display();
	test_topology();
	test_json_writer();
	return done_testing();
}
