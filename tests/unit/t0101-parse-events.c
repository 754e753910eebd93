// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0101-parse-events: the -e parser against a fake sysfs/tracefs tree.
 * Every expectation was checked against perf 6.1 (perf stat -vv shows the
 * attrs it opens, perf stat -x, the names).
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/parse-options.h"
#include "prof/pmu.h"
#include "tap.h"
#include "fake-sysfs.h"
#include <fcntl.h>
#include <linux/hw_breakpoint.h>

static struct evlist *parse_ok(const char *str)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	int ret;

	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	if (!ok(ret == 0, "parse '%s'", str))
		diag("error at %d: %s", err.idx, err.str ? err.str : "(none)");
	parse_events_error__exit(&err);
	return evlist;
}

/* Parse @str expecting failure at @idx with message @msg. */
static void parse_fail(const char *str, int idx, const char *msg)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	int ret;

	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	ok(ret == -1, "'%s' is rejected", str);
	is_int(err.idx, idx, "'%s': error index", str);
	is_str(err.str, msg, "'%s': error message", str);
	is_int(evlist->nr_entries, 0, "'%s': evlist left empty", str);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
}

static struct evsel *only(struct evlist *evlist)
{
	if (!is_int(evlist->nr_entries, 1, "one event"))
		return NULL;
	return evlist__first(evlist);
}

static void check_one(const char *str, u32 type, u64 config, const char *name)
{
	struct evlist *evlist = parse_ok(str);
	struct evsel *e = only(evlist);

	if (e) {
		is_int(e->attr.type, type, "'%s': type", str);
		is_int((long long)e->attr.config, (long long)config, "'%s': config", str);
		is_str(evsel__name(e), name, "'%s': name", str);
		is_int(e->attr.exclude_guest, 1, "'%s': exclude_guest by default", str);
	}
	evlist__delete(evlist);
}

static void test_symbols(void)
{
	check_one("cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, "cpu-clock");
	check_one("task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock");
	check_one("cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "cs");
	check_one("faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "faults");
	check_one("migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "migrations");
	check_one("minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN, "minor-faults");
	check_one("major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ, "major-faults");
	check_one("alignment-faults", PERF_TYPE_SOFTWARE, 7, "alignment-faults");
	check_one("emulation-faults", PERF_TYPE_SOFTWARE, 8, "emulation-faults");
	check_one("dummy", PERF_TYPE_SOFTWARE, 9, "dummy");
	check_one("bpf-output", PERF_TYPE_SOFTWARE, 10, "bpf-output");
	check_one("cgroup-switches", PERF_TYPE_SOFTWARE, 11, "cgroup-switches");
	check_one("cycles", PERF_TYPE_HARDWARE, 0, "cycles");
	check_one("cpu-cycles", PERF_TYPE_HARDWARE, 0, "cpu-cycles");
	check_one("instructions", PERF_TYPE_HARDWARE, 1, "instructions");
	check_one("cache-references", PERF_TYPE_HARDWARE, 2, "cache-references");
	check_one("cache-misses", PERF_TYPE_HARDWARE, 3, "cache-misses");
	check_one("branches", PERF_TYPE_HARDWARE, 4, "branches");
	check_one("branch-instructions", PERF_TYPE_HARDWARE, 4, "branch-instructions");
	check_one("branch-misses", PERF_TYPE_HARDWARE, 5, "branch-misses");
	check_one("bus-cycles", PERF_TYPE_HARDWARE, 6, "bus-cycles");
	check_one("idle-cycles-frontend", PERF_TYPE_HARDWARE, 7, "idle-cycles-frontend");
	check_one("stalled-cycles-backend", PERF_TYPE_HARDWARE, 8, "stalled-cycles-backend");
	check_one("ref-cycles", PERF_TYPE_HARDWARE, 9, "ref-cycles");
	check_one("r1a8", PERF_TYPE_RAW, 0x1a8, "r1a8");
	check_one("rffff", PERF_TYPE_RAW, 0xffff, "rffff");
	check_one("1:0", PERF_TYPE_SOFTWARE, 0, "1:0");
	check_one("cpu-clock/period=1000/", PERF_TYPE_SOFTWARE, 0, "cpu-clock/period=1000/");
	check_one("cpu-clock/name=foo/", PERF_TYPE_SOFTWARE, 0, "foo");
	check_one("cpu-clock/config=1/", PERF_TYPE_SOFTWARE, 1, "cpu-clock/config=1/");
	check_one("cpu-clock ", PERF_TYPE_SOFTWARE, 0, "cpu-clock ");
}

static void test_tool(void)
{
	static const struct { const char *s; enum tool_event ev; } t[] = {
		{ "duration_time", TOOL_DURATION_TIME },
		{ "user_time", TOOL_USER_TIME },
		{ "system_time", TOOL_SYSTEM_TIME },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct evlist *evlist = parse_ok(t[i].s);
		struct evsel *e = only(evlist);

		if (e) {
			is_int(e->tool_event, t[i].ev, "%s: tool event", t[i].s);
			is_str(evsel__name(e), t[i].s, "%s: name", t[i].s);
			is_int(e->attr.type, PERF_TYPE_SOFTWARE, "%s: counted as dummy", t[i].s);
			is_int((long long)e->attr.config, PERF_COUNT_SW_DUMMY, "%s: dummy config", t[i].s);
		}
		evlist__delete(evlist);
	}
}

struct modcase {
	const char *str, *name;
	int eu, ek, eh, eH, eG, precise;
};

static void test_modifiers(void)
{
	static const struct modcase c[] = {
		{ "cpu-clock:u", "cpu-clock:u", 0, 1, 1, 0, 1, 0 },
		{ "cpu-clock:k", "cpu-clock:k", 1, 0, 1, 0, 0, 0 },
		{ "cpu-clock:h", "cpu-clock:h", 1, 1, 0, 0, 0, 0 },
		{ "cpu-clock:uk", "cpu-clock:uk", 0, 0, 1, 0, 1, 0 },
		{ "cpu-clock:G", "cpu-clock:G", 0, 0, 0, 1, 0, 0 },
		{ "cpu-clock:H", "cpu-clock:H", 0, 0, 0, 0, 1, 0 },
		{ "cpu-clock:GH", "cpu-clock:GH", 0, 0, 0, 0, 0, 0 },
		{ "cpu-clock:p", "cpu-clock:p", 0, 0, 0, 0, 1, 1 },
		{ "cpu-clock:ppp", "cpu-clock:ppp", 0, 0, 0, 0, 1, 3 },
		{ "cpu-clock:upp", "cpu-clock:upp", 0, 1, 1, 0, 1, 2 },
		{ "cpu-clock:P", "cpu-clock:P", 0, 0, 0, 0, 0, 0 },
		{ "cpu-clock:S", "cpu-clock:S", 0, 0, 0, 0, 0, 0 },
		{ "r1a8:u", "r1a8:u", 0, 1, 1, 0, 1, 0 },
		{ "1:0:u", "1:0:u", 0, 1, 1, 0, 1, 0 },
		{ "L1-dcache-loads:k", "L1-dcache-loads", 1, 0, 1, 0, 0, 0 },
		{ "cpu-clock/name=foo/u", "foo", 0, 1, 1, 0, 1, 0 },
		{ "msr/tsc/u", "msr/tsc/u", 0, 1, 1, 0, 1, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		struct evlist *evlist = parse_ok(c[i].str);
		struct evsel *e = only(evlist);

		if (e) {
			const struct perf_event_attr *a = &e->attr;

			is_str(evsel__name(e), c[i].name, "%s: name", c[i].str);
			ok(a->exclude_user == c[i].eu && a->exclude_kernel == c[i].ek &&
			   a->exclude_hv == c[i].eh && a->exclude_host == c[i].eH &&
			   a->exclude_guest == c[i].eG,
			   "%s: exclude bits u%d k%d h%d H%d G%d", c[i].str,
			   a->exclude_user, a->exclude_kernel, a->exclude_hv,
			   a->exclude_host, a->exclude_guest);
			is_int(a->precise_ip, c[i].precise, "%s: precise_ip", c[i].str);
		}
		evlist__delete(evlist);
	}
}

static void test_modifier_flags(void)
{
	struct evlist *evlist;
	struct evsel *e;

	evlist = parse_ok("cpu-clock:P");
	e = only(evlist);
	if (e)
		ok(e->precise_max, ":P sets precise_max");
	evlist__delete(evlist);
	evlist = parse_ok("cpu-clock:S");
	e = only(evlist);
	if (e)
		ok(e->sample_read, ":S sets sample_read");
	evlist__delete(evlist);
	evlist = parse_ok("cpu-clock:D");
	e = only(evlist);
	if (e)
		ok(e->attr.pinned, ":D pins");
	evlist__delete(evlist);
	evlist = parse_ok("cpu-clock:I");
	e = only(evlist);
	if (e)
		ok(e->attr.exclude_idle, ":I excludes idle");
	evlist__delete(evlist);
	evlist = parse_ok("cpu-clock:W");
	e = only(evlist);
	if (e)
		ok(e->weak_group, ":W marks a weak group");
	evlist__delete(evlist);

	parse_fail("task-clock:uuu", 11, "Bad modifier");
	parse_fail("cpu-clock:pppp", 10, "Bad modifier");
	parse_fail("cpu-clock:x", 9, "parser error");
	parse_fail("cpu-clock:k:u", 10, "parser error");
	parse_fail("msr/tsc/:u", 7, "parser error");
}

static void test_cache(void)
{
	static const struct { const char *s; u64 config; } c[] = {
		{ "L1-dcache-loads", 0x0 },
		{ "L1-dcache-load-misses", 0x10000 },
		{ "L1-dcache-stores", 0x100 },
		{ "L1-dcache-prefetch-misses", 0x10200 },
		{ "l1d-loads", 0x0 },
		{ "L1-data-write-miss", 0x10100 },
		{ "L1-icache-load-misses", 0x10001 },
		{ "l1i-prefetches", 0x201 },
		{ "LLC-loads", 0x2 },
		{ "L2-store-misses", 0x10102 },
		{ "LLC", 0x2 },
		{ "dTLB-load-misses", 0x10003 },
		{ "Data-TLB-speculative-read", 0x203 },
		{ "iTLB-load-misses", 0x10004 },
		{ "i-tlb-loads", 0x4 },
		{ "branch-loads", 0x5 },
		{ "branch-load-misses", 0x10005 },
		{ "bpu-read-access", 0x5 },
		{ "node-loads", 0x6 },
		{ "node-prefetch-misses", 0x10206 },
		{ "L1-dcache-misses-loads", 0x10000 },
		{ "L1-dcache-miss", 0x10000 },
	};
	size_t i;
	int type, op, res;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		check_one(c[i].s, PERF_TYPE_HW_CACHE, c[i].config, c[i].s);

	/* Every canonical name perf lists parses back to its config. */
	for (type = 0; type < PERF_COUNT_HW_CACHE_MAX; type++)
		for (op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++)
			for (res = 0; res < PERF_COUNT_HW_CACHE_RESULT_MAX; res++) {
				char name[64];
				struct evlist *evlist;
				struct parse_events_error err;
				int ret;

				evsel__hw_cache_type_op_res_name((u8)type, (u8)op, (u8)res,
								 name, sizeof(name));
				evlist = evlist__new();
				parse_events_error__init(&err);
				ret = parse_events(evlist, name, &err);
				if (evsel__is_cache_op_valid((u8)type, (u8)op)) {
					struct evsel *e = evlist__first(evlist);

					ok(ret == 0 && e && e->attr.config ==
					   (u64)(type | (op << 8) | (res << 16)),
					   "cache %s parses to its config", name);
				} else {
					ok(ret == -1, "cache %s is invalid", name);
				}
				parse_events_error__exit(&err);
				evlist__delete(evlist);
			}
	parse_fail("L1-icache-stores", 10, "cache 'L1-icache' has no 'stores' operation");
	parse_fail("branches-loads", 0, "parser error");
}

static void test_errors(void)
{
	parse_fail("foo", 0, "parser error");
	parse_fail("{a", 1, "parser error");
	parse_fail("cpu-clock,", 0, "parser error");
	parse_fail(",cpu-clock", 1, "parser error");
	parse_fail("R1a8", 0, "parser error");
	parse_fail("r1a8/", 0, "parser error");
	parse_fail("cpu-clock,foo", 10, "parser error");
	parse_fail("cpu-clock/name=foo/:u", 18, "parser error");
	parse_fail("msr/event=0x100000000000000000/", 9, "parser error");
	parse_fail("{cpu-clock,{task-clock}}", 11, "parser error");
	parse_fail("", 1, "parser error");
	parse_fail("cpu-clock/foo=1/", 10, "unknown term");
}

static void test_tracepoints(void)
{
	struct evlist *evlist;
	struct parse_events_error err;
	struct evsel *e;
	char *want;
	int n = 0;

	check_one("sched:sched_switch", PERF_TYPE_TRACEPOINT, 316, "sched:sched_switch");
	check_one("sched:sched_switch:u", PERF_TYPE_TRACEPOINT, 316, "sched:sched_switch");
	check_one("irq:irq_handler_entry", PERF_TYPE_TRACEPOINT, 120, "irq:irq_handler_entry");

	evlist = parse_ok("sched:sched_switch");
	e = evlist__first(evlist);
	if (e) {
		is_int((long long)e->attr.sample_period, 1, "tracepoint sample_period 1");
		is_int((long long)e->attr.sample_type,
		       PERF_SAMPLE_RAW | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
		       "tracepoint sample_type RAW|TIME|CPU");
		is_str(e->tp_sys, "sched", "tp_sys");
		is_str(e->tp_name, "sched_switch", "tp_name");
	}
	evlist__delete(evlist);

	evlist = parse_ok("sched:*");
	evlist__for_each_entry(evlist, e)
		if (!strcmp(e->name, "sched:sched_switch") ||
		    !strcmp(e->name, "sched:sched_wakeup"))
			n++;
	is_int(evlist->nr_entries, 2, "sched:* expands to the events with an id");
	is_int(n, 2, "sched:* found both");
	evlist__delete(evlist);

	evlist = parse_ok("s*:sched_w*");
	is_int(evlist->nr_entries, 1, "system and event globs");
	evlist__delete(evlist);

	parse_fail("sched:nope", 0, "unknown tracepoint");
	parse_fail("cpu-clock,sched:nope", 0, "unknown tracepoint");
	parse_fail("sched:nomatch*", 0, "unknown tracepoint");
	parse_fail("*:sched_switch", 0, "unknown tracepoint");
	parse_fail("nosys*:foo", -1, "event parser found nothing");
	parse_fail("sched:sched_switch/period=1/", 19, "unknown term");

	evlist = evlist__new();
	parse_events_error__init(&err);
	parse_events(evlist, "sched:nope", &err);
	want = xasprintf("Error:\tFile %s/kernel/tracing/events/sched/nope not found.\n"
			 "Hint:\tPerhaps this kernel misses some CONFIG_ setting to enable this feature?.\n",
			 fake_root);
	is_str(err.help, want, "unknown tracepoint help names the tracefs file");
	free(want);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
}

static void test_pmu(void)
{
	struct evlist *evlist;
	struct parse_events_error err;
	struct evsel *e;

	check_one("msr/tsc/", 10, 0, "msr/tsc/");
	check_one("msr/smi/", 10, 4, "msr/smi/");
	check_one("smi", 10, 4, "smi");
	check_one("SMI", 10, 4, "SMI");
	check_one("Energy-PKG", 9, 2, "Energy-PKG");
	check_one("msr/event=0x4/", 10, 4, "msr/event=0x4/");
	check_one("msr/event=smi/", 10, 4, "msr/event=smi/");
	check_one("msr/tsc,name=bar/", 10, 0, "bar");
	check_one("cpu/event=0x3c,umask=0x1/", 4, 0x13c, "cpu/event=0x3c,umask=0x1/");
	check_one("cpu/cache-misses/", 4, 0x412e, "cpu/cache-misses/");
	check_one("cpu/event=1,cmask=2/", 4, 0x2000001, "cpu/event=1,cmask=2/");
	check_one("cpu/config=0x1234/", 4, 0x1234, "cpu/config=0x1234/");
	check_one("software/config=0/", 1, 0, "software/config=0/");
	check_one("tracepoint/config=316/", 2, 316, "tracepoint/config=316/");

	evlist = parse_ok("cpu/mem-loads/");
	e = only(evlist);
	if (e) {
		is_int((long long)e->attr.config, 0x1cd, "cpu/mem-loads/: config");
		is_int((long long)e->attr.config1, 3, "cpu/mem-loads/: ldlat in config1");
		is_str(e->pmu_name, "cpu", "pmu_name");
	}
	evlist__delete(evlist);

	evlist = parse_ok("cpu/split=0xff/");
	e = only(evlist);
	if (e)
		is_int((long long)e->attr.config2, (long long)0xf0000000fULL,
		       "split bit ranges config2:0-3,32-35");
	evlist__delete(evlist);

	evlist = parse_ok("power/energy-pkg/,energy-pkg");
	is_int(evlist->nr_entries, 2, "alias with and without the PMU");
	evlist__for_each_entry(evlist, e) {
		is_int(e->attr.type, 9, "energy-pkg: type");
		is_int((long long)e->attr.config, 2, "energy-pkg: config");
		is_str(e->unit, "Joules", "energy-pkg: unit");
		is_double(e->scale, 2.3283064365386962890625e-10, 1e-20, "energy-pkg: scale");
		ok(e->own_cpus && e->own_cpus->nr == 1 && e->own_cpus->map[0] == 0,
		   "energy-pkg: cpumask becomes own_cpus");
	}
	e = evlist__last(evlist);
	if (e)
		is_str(evsel__name(e), "energy-pkg", "bare alias keeps its name");
	evlist__delete(evlist);

	parse_fail("nope/event=1/", 0, "Cannot find PMU `nope'. Missing kernel support?");
	parse_fail("cpu/event=0x100/", 10, "value too big for format, maximum is 255");
	parse_fail("msr/tsc,smi/", 8, "more than one event alias ('tsc' and 'smi')");

	evlist = evlist__new();
	parse_events_error__init(&err);
	parse_events(evlist, "msr/foo=1/", &err);
	is_str(err.str, "unknown term 'foo' for pmu 'msr'", "unknown pmu term");
	is_int(err.idx, 4, "unknown pmu term index");
	is_str(err.help, "valid terms: event,config,config1,config2,name,period,freq,"
	       "branch_type,time,call-graph,stack-size,no-inherit,inherit,max-stack,"
	       "nr,no-overwrite,overwrite,driver-config,percore,aux-output,"
	       "aux-sample-size,metric-id", "valid terms help (perf record's list)");
	parse_events_error__exit(&err);
	evlist__delete(evlist);
}

static void test_breakpoints(void)
{
	static const struct { const char *s, *name; u64 addr, len; u32 type; } c[] = {
		{ "mem:0x1000", "mem:0x1000", 0x1000, 4, HW_BREAKPOINT_R | HW_BREAKPOINT_W },
		{ "mem:0x1000/8:rw", "mem:0x1000", 0x1000, 8, HW_BREAKPOINT_R | HW_BREAKPOINT_W },
		{ "mem:0x1000:w", "mem:0x1000:w", 0x1000, 4, HW_BREAKPOINT_W },
		{ "mem:0x2000:x", "mem:0x2000:x", 0x2000, 8, HW_BREAKPOINT_X },
		{ "mem:4096/2:r", "mem:4096", 4096, 2, HW_BREAKPOINT_R },
		{ "mem:0x1000:x:u", "mem:0x1000:x:u", 0x1000, 8, HW_BREAKPOINT_X },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		struct evlist *evlist = parse_ok(c[i].s);
		struct evsel *e = only(evlist);

		if (e) {
			is_int(e->attr.type, PERF_TYPE_BREAKPOINT, "%s: type", c[i].s);
			is_int((long long)e->attr.bp_addr, (long long)c[i].addr, "%s: addr", c[i].s);
			is_int((long long)e->attr.bp_len, (long long)c[i].len, "%s: len", c[i].s);
			is_int(e->attr.bp_type, c[i].type, "%s: bp_type", c[i].s);
			is_int((long long)e->attr.sample_period, 1, "%s: period 1", c[i].s);
			is_str(evsel__name(e), c[i].name, "%s: name", c[i].s);
		}
		evlist__delete(evlist);
	}
}

static void test_groups(void)
{
	struct evlist *evlist;
	struct evsel *a, *b;

	evlist = parse_ok("{cpu-clock,task-clock}");
	a = evlist__first(evlist);
	b = evlist__last(evlist);
	is_int(evlist->nr_entries, 2, "group of two");
	if (a && b && a != b) {
		ok(a->leader == a && b->leader == a, "first event leads");
		is_int(a->nr_members, 2, "leader counts the members");
		is_int(a->idx, 0, "idx 0");
		is_int(b->idx, 1, "idx 1");
	}
	is_int(evlist->nr_groups, 1, "one group");
	evlist__delete(evlist);

	evlist = parse_ok("{cpu-clock,task-clock}:u");
	evlist__for_each_entry(evlist, a) {
		ok(a->attr.exclude_kernel && a->attr.exclude_hv && !a->attr.exclude_user,
		   "%s: group modifier applies to the member", a->name);
		is_str(a->name, a == evlist__first(evlist) ? "cpu-clock" : "task-clock",
		       "group modifier does not rename members");
	}
	evlist__delete(evlist);

	evlist = parse_ok("{cpu-clock,task-clock}:D");
	a = evlist__first(evlist);
	b = evlist__last(evlist);
	if (a && b)
		ok(a->attr.pinned && !b->attr.pinned, ":D pins only the leader");
	evlist__delete(evlist);

	evlist = parse_ok("{cpu-clock:u,task-clock}");
	a = evlist__first(evlist);
	b = evlist__last(evlist);
	if (a && b) {
		is_str(a->name, "cpu-clock:u", "member with its own modifier");
		ok(!b->attr.exclude_kernel, "other member unchanged");
	}
	evlist__delete(evlist);

	evlist = parse_ok("foo{cpu-clock,task-clock},cs,{dummy}");
	is_int(evlist->nr_entries, 4, "groups and single events mix");
	is_int(evlist->nr_groups, 1, "a one-event group is not counted");
	a = evlist__first(evlist);
	if (a)
		is_str(a->group_name, "foo", "named group");
	evlist__for_each_entry(evlist, b)
		if (!strcmp(b->name, "cs"))
			ok(b->leader == b && b->nr_members == 1, "cs outside the groups");
	evlist__delete(evlist);
}

static void test_names(void)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_HARDWARE };
	struct evsel *e;

	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.exclude_guest = 1;
	e = evsel__new(&attr);
	/* perf 6.1 prints H when the guest is excluded alongside u/k/h. */
	is_str(evsel__name(e), "cycles:uH", "hw fallback name with :u");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_SOFTWARE, .config = 9 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "dummy:HG", "guest and host both counted: :HG");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_SOFTWARE, .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "cpu-clock", "default exclude_guest adds nothing");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_HARDWARE, .precise_ip = 3,
					 .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "cycles:pppH", "precise level");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_RAW, .config = 0x1a8,
					 .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "raw 0x1a8", "raw fallback");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_HW_CACHE, .config = 0x10003,
					 .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "dTLB-load-misses", "cache fallback");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_HW_CACHE, .config = 0x104,
					 .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "invalid-cache", "iTLB has no stores");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_BREAKPOINT, .bp_addr = 0x1000,
					 .bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W,
					 .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "mem:0x1000:rw", "breakpoint fallback");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = 42, .exclude_guest = 1 };
	e = evsel__new(&attr);
	is_str(evsel__name(e), "unknown attr type: 42", "unknown type");
	ok(e->auto_named, "marked auto_named");
	evsel__delete(e);

	attr = (struct perf_event_attr){ .type = PERF_TYPE_SOFTWARE, .config = 9 };
	e = evsel__new(&attr);
	e->tool_event = TOOL_DURATION_TIME;
	is_str(evsel__name(e), "duration_time", "tool event name");
	evsel__delete(e);
}

/* Run parse_events_error__print with stderr captured. */
static char *print_error(const char *event)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	char path[] = "/tmp/prof-t0101.XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	char *out;

	parse_events_error__init(&err);
	parse_events(evlist, event, &err);
	fflush(stderr);
	dup2(fd, 2);
	parse_events_error__print(&err, event);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	out = read_file_str(path, NULL);
	unlink(path);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
	return out;
}

static void test_error_print(void)
{
	char *s;

	setenv("LINES", "25", 1);
	setenv("COLUMNS", "80", 1);
	s = print_error("cpu-clock:x");
	is_str(s, "event syntax error: 'cpu-clock:x'\n"
	       "                              \\___ parser error\n",
	       "error layout: caret under the token");
	free(s);
	s = print_error("cpu-clock/name=foo/:u");
	is_str(s, "event syntax error: '..ck/name=foo/:u'\n"
	       "                                  \\___ parser error\n",
	       "error layout: long strings are cut with '..'");
	free(s);
	s = print_error("sched:nope");
	ok(s && strstarts(s, "event syntax error: 'sched:nope'\n"
			  "                     \\___ unknown tracepoint\n\nError:\tFile "),
	   "error layout: help after a blank line");
	free(s);
	s = print_error("nosys*:foo");
	is_str(s, "WARNING: event parser found nothing\n", "empty expansion warns");
	free(s);
}

static void test_option(void)
{
	struct evlist *evlist = evlist__new();
	struct option opt = OPT_CALLBACK('e', "event", evlist, "event",
					 "event selector", parse_events_option);
	int fd = open("/dev/null", O_WRONLY), saved = dup(2);

	is_int(parse_events_option(&opt, "cpu-clock,task-clock", 0), 0, "option callback parses");
	is_int(evlist->nr_entries, 2, "option callback appends");
	is_int(parse_events_option(&opt, "cs", 0), 0, "a second -e appends");
	fflush(stderr);
	dup2(fd, 2);
	is_int(parse_events_option(&opt, "foo", 0), -1, "option callback fails on bad input");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	is_int(evlist->nr_entries, 3, "failed -e adds nothing");
	evlist__delete(evlist);
}

int main(void)
{
	fake_sysfs_create(true);
	parse_events__set_sysfs_root(fake_root);

	test_symbols();
	test_tool();
	test_modifiers();
	test_modifier_flags();
	test_cache();
	test_errors();
	test_tracepoints();
	test_pmu();
	test_breakpoints();
	test_groups();
	test_names();
	test_error_print();
	test_option();

	parse_events__set_sysfs_root(NULL);
	fake_sysfs_remove();
	return done_testing();
}
