// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat.c: running statistics, scaling and aggregation for "prof stat"
 * (see include/prof/stat.h).
 *
 * Design note: the "+-" figure.
 *   1. Each counter's per-run value is fed to a Welford accumulator
 *      (n, mean, M2), which is numerically stable for long series.
 *   2. variance = M2 / (n - 1) (the sample variance).
 *   3. What perf prints as the spread is the standard error of the mean,
 *      sqrt(variance / n), relative to the mean, in percent.
 *   4. Elapsed time is treated exactly like a counter.
 */
#include "prof/compat.h"
#include "prof/stat.h"
#include "prof/util.h"
#include <math.h>

void stats__init(struct stats *st)
{
	st->n = 0;
	st->mean = 0;
	st->M2 = 0;
	st->max = 0;
	st->min = (u64)-1;
}

void stats__update(struct stats *st, u64 val)
{
	double delta;

	st->n++;
	delta = (double)val - st->mean;
	st->mean += delta / st->n;
	st->M2 += delta * ((double)val - st->mean);
	if (val > st->max)
		st->max = val;
	if (val < st->min)
		st->min = val;
}

double stats__avg(const struct stats *st)
{
	return st->mean;
}

double stats__variance(const struct stats *st)
{
	if (st->n < 2)
		return 0.0;
	return st->M2 / (st->n - 1);
}

double stats__stddev(const struct stats *st)
{
	if (st->n < 2)
		return 0.0;
	return sqrt(stats__variance(st) / st->n);
}

double stats__rel_stddev(double stddev, double avg)
{
	if (avg == 0.0)
		return 0.0;
	return 100.0 * stddev / avg;
}

void counts_values__scale(struct counts_values *c, bool scale, int *scaled)
{
	*scaled = 0;
	if (!scale) {
		c->ena = c->run = 0;
		return;
	}
	if (c->run == 0) {
		*scaled = -1;
		c->val = 0;
		return;
	}
	if (c->run < c->ena) {
		*scaled = 1;
		c->val = (u64)((double)c->val * (double)c->ena / (double)c->run + 0.5);
	}
}

/* ---- which event is which ---------------------------------------- */

bool evsel__match(const struct evsel *evsel, u32 type, u64 config)
{
	return evsel->tool_event == TOOL_NONE && evsel->attr.type == type &&
	       evsel->attr.config == config;
}

bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel__match(evsel, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK) ||
	       evsel__match(evsel, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
}

bool evsel__is_alias_of(struct evsel *alias, struct evsel *evsel)
{
	struct evsel_stat *a = alias->priv, *e = evsel->priv;

	return alias->pmu_name && evsel->pmu_name &&
	       strcmp(alias->pmu_name, evsel->pmu_name) &&
	       !strcmp(evsel__name(alias), evsel__name(evsel)) &&
	       evsel__stat_scale(alias) == evsel__stat_scale(evsel) &&
	       !strcmp(evsel__stat_unit(alias), evsel__stat_unit(evsel)) &&
	       (a ? a->cgroup : 0) == (e ? e->cgroup : 0);
}

char *evsel__uniquified_name(struct evsel *evsel)
{
	const char *name = evsel__name(evsel), *slash;

	if (!evsel->pmu_name || strstarts(name, evsel->pmu_name))
		return NULL;
	slash = strchr(name, '/');
	if (slash)
		return xasprintf("%s%s", evsel->pmu_name, slash);
	return xasprintf("%s [%s]", name, evsel->pmu_name);
}

const char *evsel__stat_unit(const struct evsel *evsel)
{
	if (evsel->unit && *evsel->unit)
		return evsel->unit;
	if (evsel->tool_event != TOOL_NONE)
		return "ns";
	if (evsel__is_clock(evsel))
		return "msec";
	return "";
}

double evsel__stat_scale(const struct evsel *evsel)
{
	if (evsel->scale != 0.0 && evsel->scale != 1.0)
		return evsel->scale;
	if (evsel->tool_event == TOOL_NONE && evsel__is_clock(evsel) &&
	    !(evsel->unit && *evsel->unit))
		return 1e-6;
	return 1.0;
}

/* ---- runtime (shadow) stats -------------------------------------- */

enum {
	CTX_BIT_USER = 1 << 0,
	CTX_BIT_KERNEL = 1 << 1,
	CTX_BIT_HV = 1 << 2,
	CTX_BIT_HOST = 1 << 3,
	CTX_BIT_IDLE = 1 << 4,
	NR_CTX = 1 << 5,
};

/* Metrics only combine counts taken with the same exclude_* bits. */
static int evsel__ctx(const struct evsel *evsel)
{
	int ctx = 0;

	if (evsel->attr.exclude_kernel)
		ctx |= CTX_BIT_KERNEL;
	if (evsel->attr.exclude_user)
		ctx |= CTX_BIT_USER;
	if (evsel->attr.exclude_hv)
		ctx |= CTX_BIT_HV;
	if (evsel->attr.exclude_host)
		ctx |= CTX_BIT_HOST;
	if (evsel->attr.exclude_idle)
		ctx |= CTX_BIT_IDLE;
	return ctx;
}

void runtime_stat__init(struct runtime_stat *rt, int nr_slots)
{
	runtime_stat__init_cgroups(rt, nr_slots, 0);
}

void runtime_stat__init_cgroups(struct runtime_stat *rt, int nr_slots, int nr_cgroups)
{
	rt->nr_cgroups = nr_cgroups;
	rt->nr_slots = (nr_slots > 0 ? nr_slots : 1) * (nr_cgroups + 1);
	rt->st = xcalloc((size_t)STAT_MAX * NR_CTX * (size_t)rt->nr_slots,
			 sizeof(*rt->st));
	runtime_stat__reset(rt);
	stats__init(&rt->walltime);
}

void runtime_stat__exit(struct runtime_stat *rt)
{
	zfree(&rt->st);
}

void runtime_stat__reset(struct runtime_stat *rt)
{
	size_t i, n = (size_t)STAT_MAX * NR_CTX * (size_t)rt->nr_slots;

	for (i = 0; i < n; i++)
		stats__init(&rt->st[i]);
}

/*
 * With -G, each cgroup has its own stats, as in perf: a page-fault rate
 * divides by the task-clock of the same cgroup.
 */
static int rt_slot(const struct runtime_stat *rt, const struct evsel *evsel, int slot)
{
	const struct evsel_stat *es = evsel->priv;
	int cg = es && rt->nr_cgroups ? es->cgroup : 0;

	if (slot < 0)
		slot = 0;
	return slot * (rt->nr_cgroups + 1) + cg;
}

static struct stats *rt_stats(const struct runtime_stat *rt, enum stat_type t,
			      int ctx, int slot)
{
	if (slot < 0 || slot >= rt->nr_slots)
		slot = 0;
	/* The nanosecond clocks are context free, as in perf. */
	if (t == STAT_NSECS)
		ctx = 0;
	return &rt->st[((size_t)t * NR_CTX + (size_t)ctx) * (size_t)rt->nr_slots +
		       (size_t)slot];
}

static u64 cache_config(u64 cache, u64 op, u64 result)
{
	return cache | (op << 8) | (result << 16);
}

static const struct {
	const char *name;
	enum stat_type t;
} named_stats[] = {
	{ "cpu/cycles-t/", STAT_CYCLES_IN_TX },
	{ "cpu/tx-start/", STAT_TRANSACTION_START },
	{ "cpu/el-start/", STAT_ELISION_START },
	{ "msr/aperf/", STAT_APERF },
};

/* The runtime stat an event's count feeds, or STAT_MAX. */
static enum stat_type evsel__stat_type(struct evsel *evsel)
{
	if (evsel->tool_event != TOOL_NONE)
		return STAT_MAX;
	if (evsel__is_clock(evsel))
		return STAT_NSECS;
	/* -T's and --smi-cost's events, known by the names perf gives them */
	for (size_t i = 0; i < ARRAY_SIZE(named_stats); i++)
		if (!strcmp(evsel__name(evsel), named_stats[i].name))
			return named_stats[i].t;
	if (evsel->attr.type == PERF_TYPE_HARDWARE) {
		switch (evsel->attr.config) {
		case PERF_COUNT_HW_CPU_CYCLES: return STAT_CYCLES;
		case PERF_COUNT_HW_STALLED_CYCLES_FRONTEND: return STAT_STALLED_FRONT;
		case PERF_COUNT_HW_STALLED_CYCLES_BACKEND: return STAT_STALLED_BACK;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS: return STAT_BRANCHES;
		case PERF_COUNT_HW_CACHE_REFERENCES: return STAT_CACHEREFS;
		default: return STAT_MAX;
		}
	}
	if (evsel->attr.type == PERF_TYPE_HW_CACHE) {
		/* The "accesses" side: loads (read, access) of each cache. */
		u64 c = evsel->attr.config;

		if (c == cache_config(PERF_COUNT_HW_CACHE_L1D, 0, 0))
			return STAT_L1_DCACHE;
		if (c == cache_config(PERF_COUNT_HW_CACHE_L1I, 0, 0))
			return STAT_L1_ICACHE;
		if (c == cache_config(PERF_COUNT_HW_CACHE_LL, 0, 0))
			return STAT_LL_CACHE;
		if (c == cache_config(PERF_COUNT_HW_CACHE_DTLB, 0, 0))
			return STAT_DTLB_CACHE;
		if (c == cache_config(PERF_COUNT_HW_CACHE_ITLB, 0, 0))
			return STAT_ITLB_CACHE;
	}
	return STAT_MAX;
}

void runtime_stat__update(struct runtime_stat *rt, struct evsel *evsel,
			  int slot, u64 count)
{
	enum stat_type t = evsel__stat_type(evsel);

	if (t == STAT_MAX)
		return;
	stats__update(rt_stats(rt, t, evsel__ctx(evsel), rt_slot(rt, evsel, slot)), count);
}

static void metric_set(struct stat_metric *m, const char *fmt,
		       const char *unit, double val)
{
	m->fmt = fmt;
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->val = val;
}

/* A "x% of all y" line: the miss count over its access count. */
static int ratio_metric(const struct runtime_stat *rt, enum stat_type t,
			int ctx, int slot, double avg, const char *unit,
			struct stat_metric *out)
{
	const struct stats *st = rt_stats(rt, t, ctx, slot);
	double total = stats__avg(st), ratio = 0.0;

	if (st->n == 0) {
		metric_set(out, NULL, unit, 0);
		return 1;
	}
	if (total)
		ratio = avg / total * 100.0;
	metric_set(out, "%7.2f%%", unit, ratio);
	return 1;
}

/* K/M/G for the "/sec" rates. */
static double convert_unit(double val, char *unit)
{
	*unit = ' ';
	if (val > 1000.0) {
		*unit = 'K';
		val /= 1000.0;
	}
	if (val > 1000.0) {
		*unit = 'M';
		val /= 1000.0;
	}
	if (val > 1000.0) {
		*unit = 'G';
		val /= 1000.0;
	}
	return val;
}

/*
 * perf's transaction metrics (stat -T) on the line of each of its
 * events, and the SMI cost (--smi-cost) on msr/smi/'s. 0: not one of them.
 */
static int named_metrics(const struct runtime_stat *rt, struct evsel *evsel,
			 int ctx, int slot, double avg, struct stat_metric *out)
{
	const char *name = evsel__name(evsel);
	double cycles = stats__avg(rt_stats(rt, STAT_CYCLES, ctx, slot));
	const struct stats *tx = rt_stats(rt, STAT_CYCLES_IN_TX, ctx, slot);
	double in_tx = stats__avg(tx);

	if (!strcmp(name, "cpu/cycles-t/")) {
		metric_set(out, "%7.2f%%", "transactional cycles",
			   cycles ? 100.0 * avg / cycles : 0);
		return 1;
	}
	if (!strcmp(name, "cpu/cycles-ct/")) {
		/* cycles in transactions that were aborted: not committed */
		if (in_tx < avg)
			in_tx = avg;
		metric_set(out, "%7.2f%%", "aborted cycles",
			   cycles ? 100.0 * (in_tx - avg) / cycles : 0);
		return 1;
	}
	if (!strcmp(name, "cpu/tx-start/")) {
		if (tx->n)
			metric_set(out, "%8.0f", "cycles / transaction", avg ? in_tx / avg : 0);
		else
			metric_set(out, NULL, "cycles / transaction", 0);
		return 1;
	}
	if (!strcmp(name, "cpu/el-start/")) {
		metric_set(out, "%8.0f", "cycles / elision", avg ? in_tx / avg : 0);
		return 1;
	}
	if (!strcmp(name, "msr/smi/")) {
		double aperf = stats__avg(rt_stats(rt, STAT_APERF, ctx, slot));

		/* the share of unhalted time (aperf) spent in SMM, where cycles stop */
		if (!cycles || !aperf)
			return -1;
		metric_set(&out[0], "%8.1f%%", "SMI cycles%",
			   avg ? (aperf - cycles) / aperf * 100.0 : 0);
		metric_set(&out[1], "%4.0f", "SMI#", avg);
		return 2;
	}
	return 0;
}

int stat__shadow_metrics(const struct runtime_stat *rt, struct evsel *evsel,
			 int slot, double avg, struct stat_metric *out)
{
	int ctx = evsel__ctx(evsel);
	const struct stats *nsecs;
	double total, ratio = 0.0;
	u64 c = evsel->attr.config;

	slot = rt_slot(rt, evsel, slot);
	nsecs = rt_stats(rt, STAT_NSECS, 0, slot);

	if (evsel->tool_event == TOOL_NONE && evsel->attr.type == PERF_TYPE_HARDWARE) {
		switch (c) {
		case PERF_COUNT_HW_INSTRUCTIONS: {
			int n = 1;

			total = stats__avg(rt_stats(rt, STAT_CYCLES, ctx, slot));
			if (total)
				metric_set(&out[0], "%7.2f ", "insn per cycle", avg / total);
			else
				metric_set(&out[0], NULL, "insn per cycle", 0);
			total = max(stats__avg(rt_stats(rt, STAT_STALLED_FRONT, ctx, slot)),
				    stats__avg(rt_stats(rt, STAT_STALLED_BACK, ctx, slot)));
			if (total && avg) {
				metric_set(&out[1], "%7.2f ", "stalled cycles per insn",
					   total / avg);
				n = 2;
			}
			return n;
		}
		case PERF_COUNT_HW_BRANCH_MISSES:
			return ratio_metric(rt, STAT_BRANCHES, ctx, slot, avg,
					    "of all branches", out);
		case PERF_COUNT_HW_CACHE_MISSES: {
			const struct stats *refs = rt_stats(rt, STAT_CACHEREFS, ctx, slot);

			total = stats__avg(refs);
			if (total)
				ratio = avg * 100.0 / total;
			if (refs->n != 0)
				metric_set(out, "%8.3f %%", "of all cache refs", ratio);
			else
				metric_set(out, NULL, "of all cache refs", 0);
			return 1;
		}
		case PERF_COUNT_HW_STALLED_CYCLES_FRONTEND:
			total = stats__avg(rt_stats(rt, STAT_CYCLES, ctx, slot));
			if (total)
				ratio = avg / total * 100.0;
			if (ratio)
				metric_set(out, "%7.2f%%", "frontend cycles idle", ratio);
			else
				metric_set(out, NULL, "frontend cycles idle", 0);
			return 1;
		case PERF_COUNT_HW_STALLED_CYCLES_BACKEND:
			total = stats__avg(rt_stats(rt, STAT_CYCLES, ctx, slot));
			if (total)
				ratio = avg / total * 100.0;
			metric_set(out, "%7.2f%%", "backend cycles idle", ratio);
			return 1;
		case PERF_COUNT_HW_CPU_CYCLES:
			total = stats__avg(nsecs);
			if (total)
				metric_set(out, "%8.3f", "GHz", avg / total);
			else
				metric_set(out, NULL, "Ghz", 0);
			return 1;
		default:
			break;
		}
	}
	if (evsel->tool_event == TOOL_NONE && evsel->attr.type == PERF_TYPE_HW_CACHE) {
		static const struct {
			u64 cache;
			enum stat_type t;
			const char *unit;
		} caches[] = {
			{ PERF_COUNT_HW_CACHE_L1D, STAT_L1_DCACHE, "of all L1-dcache accesses" },
			{ PERF_COUNT_HW_CACHE_L1I, STAT_L1_ICACHE, "of all L1-icache accesses" },
			{ PERF_COUNT_HW_CACHE_LL, STAT_LL_CACHE, "of all LL-cache accesses" },
			{ PERF_COUNT_HW_CACHE_DTLB, STAT_DTLB_CACHE, "of all dTLB cache accesses" },
			{ PERF_COUNT_HW_CACHE_ITLB, STAT_ITLB_CACHE, "of all iTLB cache accesses" },
		};
		size_t i;

		for (i = 0; i < ARRAY_SIZE(caches); i++)
			if (c == cache_config(caches[i].cache, PERF_COUNT_HW_CACHE_OP_READ,
					      PERF_COUNT_HW_CACHE_RESULT_MISS))
				return ratio_metric(rt, caches[i].t, ctx, slot, avg,
						    caches[i].unit, out);
	}
	if (evsel->tool_event == TOOL_NONE) {
		int n = named_metrics(rt, evsel, ctx, slot, avg, out);

		if (n)
			return n < 0 ? 0 : n;
	}
	if (evsel__is_clock(evsel)) {
		double wall = stats__avg(&rt->walltime);

		/* avg is in the event's unit (msec): back to ns. */
		if (wall)
			metric_set(out, "%8.3f", "CPUs utilized",
				   avg / (wall * evsel__stat_scale(evsel)));
		else
			metric_set(out, NULL, "CPUs utilized", 0);
		return 1;
	}
	if (nsecs->n != 0) {
		char unit = ' ', buf[16] = "/sec";

		total = stats__avg(nsecs);
		if (total)
			ratio = convert_unit(1e9 * avg / total, &unit);
		if (unit != ' ')
			snprintf(buf, sizeof(buf), "%c/sec", unit);
		metric_set(out, "%8.3f", buf, ratio);
		return 1;
	}
	return 0;
}

/* ---- per-event storage and aggregation --------------------------- */

static int evsel__nr_slots(enum aggr_mode mode, const struct aggr_map *map,
			   int nr_cpus, int nr_threads)
{
	if (aggr_mode__topology(mode))
		return map && map->nr ? map->nr : 1;
	switch (mode) {
	case AGGR_NONE:
		return nr_cpus;
	case AGGR_THREAD:
		return nr_threads;
	case AGGR_GLOBAL:
	default:
		return 1;
	}
}

void evlist__alloc_stats(struct evlist *evlist, enum aggr_mode mode,
			 const struct aggr_map *map)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = xzalloc(sizeof(*es));
		int i;

		es->nr_cpus = evsel->cpus ? evsel->cpus->nr : 1;
		es->nr_threads = evsel->threads ? evsel->threads->nr : 1;
		es->counts = xcalloc((size_t)es->nr_cpus * (size_t)es->nr_threads,
				     sizeof(*es->counts));
		es->prev = xcalloc((size_t)es->nr_cpus * (size_t)es->nr_threads,
				   sizeof(*es->prev));
		es->nr_aggr = evsel__nr_slots(mode, map, es->nr_cpus, es->nr_threads);
		es->aggr = xcalloc((size_t)es->nr_aggr, sizeof(*es->aggr));
		es->scaled = xcalloc((size_t)es->nr_aggr, sizeof(*es->scaled));
		es->nr = xcalloc((size_t)es->nr_aggr, sizeof(*es->nr));
		es->cpu_slot = xcalloc((size_t)es->nr_cpus, sizeof(*es->cpu_slot));
		for (i = 0; map && evsel->cpus && i < es->nr_cpus; i++)
			es->cpu_slot[i] = aggr_map__slot(map, evsel->cpus->map[i]);
		es->res = xcalloc((size_t)es->nr_aggr, sizeof(*es->res));
		es->res_sum = xcalloc((size_t)es->nr_aggr, sizeof(*es->res_sum));
		for (i = 0; i < es->nr_aggr; i++) {
			int k;

			for (k = 0; k < 3; k++) {
				stats__init(&es->res[i][k]);
				stats__init(&es->res_sum[i][k]);
			}
		}
		evsel->priv = es;
	}
}

void evlist__free_stats(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel->priv;

		if (!es)
			continue;
		free(es->counts);
		free(es->prev);
		free(es->aggr);
		free(es->scaled);
		free(es->nr);
		free(es->cpu_slot);
		free(es->res);
		free(es->res_sum);
		free(es);
		evsel->priv = NULL;
	}
}

void evlist__reset_stats(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel->priv;
		int i;

		for (i = 0; i < es->nr_aggr; i++) {
			stats__init(&es->res[i][0]);
			stats__init(&es->res[i][1]);
			stats__init(&es->res[i][2]);
		}
	}
}

void evlist__swap_summary_stats(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel->priv;
		struct stats (*tmp)[3] = es->res;

		es->res = es->res_sum;
		es->res_sum = tmp;
	}
}

/*
 * The topology modes sum CPUs the way perf 6.1 does: each CPU scaled on
 * its own; the first CPU that did not count makes the whole slot "not
 * counted", and the CPU count stops there (so a counter that is not
 * supported shows one CPU).
 */
static void aggr_topology(const struct stat_config *config, struct evsel *evsel,
			  bool *bad)
{
	struct evsel_stat *es = evsel->priv;
	int cpu, thread;

	memset(es->nr, 0, (size_t)es->nr_aggr * sizeof(*es->nr));
	for (cpu = 0; cpu < es->nr_cpus; cpu++) {
		int slot = es->cpu_slot[cpu];

		if (slot < 0 || slot >= es->nr_aggr || bad[slot])
			continue;
		es->nr[slot]++;
		for (thread = 0; thread < es->nr_threads; thread++) {
			size_t i = (size_t)cpu * (size_t)es->nr_threads + (size_t)thread;
			struct counts_values v = es->counts[i];
			int scaled = 0;

			if (config->interval) {
				v.val -= es->prev[i].val;
				v.ena -= es->prev[i].ena;
				v.run -= es->prev[i].run;
				es->prev[i] = es->counts[i];
			}
			if (!v.ena || !v.run || !evsel->supported) {
				bad[slot] = true;
				es->aggr[slot].ena = es->aggr[slot].run = 0;
				break;
			}
			if (evsel->tool_event == TOOL_NONE) {
				struct counts_values raw = v;

				counts_values__scale(&v, config->scale, &scaled);
				v.ena = raw.ena;
				v.run = raw.run;
			}
			es->aggr[slot].val += v.val;
			es->aggr[slot].ena += v.ena;
			es->aggr[slot].run += v.run;
		}
	}
	/* Deltas of the CPUs after a bad one still move on. */
	if (config->interval)
		memcpy(es->prev, es->counts, (size_t)es->nr_cpus * (size_t)es->nr_threads *
		       sizeof(*es->prev));
}

int stat__process_counter(const struct stat_config *config,
			  struct runtime_stat *rt, struct evsel *evsel)
{
	struct evsel_stat *es = evsel->priv;
	int cpu, thread, slot;

	memset(es->aggr, 0, (size_t)es->nr_aggr * sizeof(*es->aggr));
	if (aggr_mode__topology(config->aggr_mode)) {
		bool *bad = xcalloc((size_t)es->nr_aggr, sizeof(*bad));

		aggr_topology(config, evsel, bad);
		for (slot = 0; slot < es->nr_aggr; slot++) {
			struct counts_values *a = &es->aggr[slot];

			es->scaled[slot] = bad[slot] ? -1 : 0;
			if (bad[slot])
				a->val = 0;
			stats__update(&es->res[slot][0], a->val);
			stats__update(&es->res[slot][1], a->ena);
			stats__update(&es->res[slot][2], a->run);
			if (!bad[slot])
				runtime_stat__update(rt, evsel, slot, a->val);
		}
		free(bad);
		return 0;
	}
	for (cpu = 0; cpu < es->nr_cpus; cpu++) {
		for (thread = 0; thread < es->nr_threads; thread++) {
			size_t i = (size_t)cpu * (size_t)es->nr_threads + (size_t)thread;
			struct counts_values v = es->counts[i];

			if (config->interval) {
				v.val -= es->prev[i].val;
				v.ena -= es->prev[i].ena;
				v.run -= es->prev[i].run;
				es->prev[i] = es->counts[i];
			}
			slot = config->aggr_mode == AGGR_NONE ? cpu :
			       config->aggr_mode == AGGR_THREAD ? thread : 0;
			es->aggr[slot].val += v.val;
			es->aggr[slot].ena += v.ena;
			es->aggr[slot].run += v.run;
		}
	}
	for (slot = 0; slot < es->nr_aggr; slot++) {
		struct counts_values *a = &es->aggr[slot];
		struct counts_values raw = *a;

		if (evsel->tool_event != TOOL_NONE || !evsel->supported) {
			es->scaled[slot] = raw.run ? 0 : -1;
		} else {
			counts_values__scale(a, config->scale, &es->scaled[slot]);
			/* Keep the times for the running percentage. */
			a->ena = raw.ena;
			a->run = raw.run;
		}
		if (es->scaled[slot] == -1)
			a->val = 0;
		stats__update(&es->res[slot][0], a->val);
		stats__update(&es->res[slot][1], a->ena);
		stats__update(&es->res[slot][2], a->run);
		if (es->scaled[slot] != -1)
			runtime_stat__update(rt, evsel, slot, a->val);
	}
	return 0;
}
