// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0102-print-events: the "prof list" sections against fake sysfs trees,
 * with and without a core PMU. perf 6.1 lists a hardware or cache event
 * when it can open it; the fake probe answers as a machine would: yes
 * for hardware events exactly when a core PMU exists.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/parse-events.h"
#include "prof/pmu.h"
#include "prof/pmu-metrics.h"
#include "prof/print-events.h"
#include "prof/strbuf.h"
#include "tap.h"
#include "fake-sysfs.h"

static bool fake_probe(u32 type, u64 config)
{
	(void)config;
	if (type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE)
		return pmus__have_core();
	return true;
}

struct capture {
	struct print_state ps;
	char *buf;
	size_t len;
};

static void cap_start(struct capture *c, bool name_only)
{
	memset(c, 0, sizeof(*c));
	c->ps.out = open_memstream(&c->buf, &c->len);
	c->ps.name_only = name_only;
	c->ps.is_supported = fake_probe;
}

static char *cap_end(struct capture *c)
{
	fclose(c->ps.out);
	return c->buf;
}

static const char hw_section[] =
	"  branch-instructions OR branches                    [Hardware event]\n"
	"  branch-misses                                      [Hardware event]\n"
	"  bus-cycles                                         [Hardware event]\n"
	"  cache-misses                                       [Hardware event]\n"
	"  cache-references                                   [Hardware event]\n"
	"  cpu-cycles OR cycles                               [Hardware event]\n"
	"  instructions                                       [Hardware event]\n"
	"  ref-cycles                                         [Hardware event]\n"
	"  stalled-cycles-backend OR idle-cycles-backend      [Hardware event]\n"
	"  stalled-cycles-frontend OR idle-cycles-frontend    [Hardware event]\n";

static const char sw_section[] =
	"  alignment-faults                                   [Software event]\n"
	"  bpf-output                                         [Software event]\n"
	"  cgroup-switches                                    [Software event]\n"
	"  context-switches OR cs                             [Software event]\n"
	"  cpu-clock                                          [Software event]\n"
	"  cpu-migrations OR migrations                       [Software event]\n"
	"  dummy                                              [Software event]\n"
	"  emulation-faults                                   [Software event]\n"
	"  major-faults                                       [Software event]\n"
	"  minor-faults                                       [Software event]\n"
	"  page-faults OR faults                              [Software event]\n"
	"  task-clock                                         [Software event]\n"
	"  duration_time                                      [Tool event]\n"
	"  user_time                                          [Tool event]\n"
	"  system_time                                        [Tool event]\n";

static const char cache_section[] =
	"  L1-dcache-load-misses                              [Hardware cache event]\n"
	"  L1-dcache-loads                                    [Hardware cache event]\n"
	"  L1-dcache-prefetch-misses                          [Hardware cache event]\n"
	"  L1-dcache-prefetches                               [Hardware cache event]\n"
	"  L1-dcache-store-misses                             [Hardware cache event]\n"
	"  L1-dcache-stores                                   [Hardware cache event]\n"
	"  L1-icache-load-misses                              [Hardware cache event]\n"
	"  L1-icache-loads                                    [Hardware cache event]\n"
	"  L1-icache-prefetch-misses                          [Hardware cache event]\n"
	"  L1-icache-prefetches                               [Hardware cache event]\n"
	"  LLC-load-misses                                    [Hardware cache event]\n"
	"  LLC-loads                                          [Hardware cache event]\n"
	"  LLC-prefetch-misses                                [Hardware cache event]\n"
	"  LLC-prefetches                                     [Hardware cache event]\n"
	"  LLC-store-misses                                   [Hardware cache event]\n"
	"  LLC-stores                                         [Hardware cache event]\n"
	"  branch-load-misses                                 [Hardware cache event]\n"
	"  branch-loads                                       [Hardware cache event]\n"
	"  dTLB-load-misses                                   [Hardware cache event]\n"
	"  dTLB-loads                                         [Hardware cache event]\n"
	"  dTLB-prefetch-misses                               [Hardware cache event]\n"
	"  dTLB-prefetches                                    [Hardware cache event]\n"
	"  dTLB-store-misses                                  [Hardware cache event]\n"
	"  dTLB-stores                                        [Hardware cache event]\n"
	"  iTLB-load-misses                                   [Hardware cache event]\n"
	"  iTLB-loads                                         [Hardware cache event]\n"
	"  node-load-misses                                   [Hardware cache event]\n"
	"  node-loads                                         [Hardware cache event]\n"
	"  node-prefetch-misses                               [Hardware cache event]\n"
	"  node-prefetches                                    [Hardware cache event]\n"
	"  node-store-misses                                  [Hardware cache event]\n"
	"  node-stores                                        [Hardware cache event]\n";

static const char core_pmu_section[] =
	"  cache-misses OR cpu/cache-misses/                  [Kernel PMU event]\n"
	"  mem-loads OR cpu/mem-loads/                        [Kernel PMU event]\n";

static const char pmu_section[] =
	"  msr/smi/                                           [Kernel PMU event]\n"
	"  msr/tsc/                                           [Kernel PMU event]\n"
	"  power/energy-pkg/                                  [Kernel PMU event]\n";

static const char tail_section[] =
	"  rNNN                                               [Raw hardware event descriptor]\n"
	"  cpu/t1=v1[,t2=v2,t3 ...]/modifier                  [Raw hardware event descriptor]\n"
	"  mem:<addr>[/len][:access]                          [Hardware breakpoint]\n"
	"  fib6:fib6_table_lookup                             [Tracepoint event]\n"
	"  fib:fib_table_lookup                               [Tracepoint event]\n"
	"  irq:irq_handler_entry                              [Tracepoint event]\n"
	"  sched:sched_switch                                 [Tracepoint event]\n"
	"  sched:sched_wakeup                                 [Tracepoint event]\n"
	"\nMetric Groups:\n\n";

/* An empty build-id cache, so the SDT section is empty. */
static void empty_buildid_cache(void)
{
	char *dir = xasprintf("%s/debug", fake_root);

	mkdir(dir, 0755);
	setenv("PROF_BUILDID_DIR", dir, 1);
	free(dir);
}

static void test_full(bool core)
{
	struct capture c;
	struct strbuf want = STRBUF_INIT;
	char *got;

	fake_sysfs_create(core);
	sysfs__set_root(fake_root);
	empty_buildid_cache();

	cap_start(&c, false);
	print_events(&c.ps);
	got = cap_end(&c);
	if (core)
		strbuf_addstr(&want, hw_section);
	strbuf_addstr(&want, sw_section);
	if (core)
		strbuf_addstr(&want, cache_section);
	if (core)
		strbuf_addstr(&want, core_pmu_section);
	strbuf_addstr(&want, pmu_section);
	strbuf_addstr(&want, tail_section);
	is_str(got, want.buf, "full listing %s a core PMU", core ? "with" : "without");
	free(got);
	strbuf_release(&want);

	cap_start(&c, true);
	print_symbol_events(&c.ps, NULL, PERF_TYPE_HARDWARE);
	got = cap_end(&c);
	is_str(got, core ? "branch-instructions branch-misses bus-cycles cache-misses "
	       "cache-references cpu-cycles instructions ref-cycles "
	       "stalled-cycles-backend stalled-cycles-frontend " : "",
	       "raw dump of hw %s a core PMU", core ? "with" : "without");
	free(got);

	cap_start(&c, true);
	print_pmu_events(&c.ps, NULL);
	got = cap_end(&c);
	is_str(got, core ? "cpu/cache-misses/ cpu/mem-loads/ msr/smi/ msr/tsc/ power/energy-pkg/ "
	       : "msr/smi/ msr/tsc/ power/energy-pkg/ ", "raw dump of pmu events");
	free(got);

	sysfs__set_root(NULL);
	fake_sysfs_remove();
}

static void test_filters(void)
{
	struct capture c;
	char *got;

	fake_sysfs_create(true);
	sysfs__set_root(fake_root);

	cap_start(&c, false);
	print_tracepoint_events(&c.ps, "sched", "*");
	got = cap_end(&c);
	is_str(got, "  sched:sched_switch                                 [Tracepoint event]\n"
	       "  sched:sched_wakeup                                 [Tracepoint event]\n",
	       "sys:event globs");
	free(got);

	cap_start(&c, false);
	print_symbol_events(&c.ps, "*fault*", PERF_TYPE_SOFTWARE);
	print_tool_events(&c.ps, "*fault*");
	print_hwcache_events(&c.ps, "*LLC-load*");
	print_pmu_events(&c.ps, "*tsc*");
	print_metricgroups(&c.ps, true, true, "*fault*");
	got = cap_end(&c);
	is_str(got,
	       "  alignment-faults                                   [Software event]\n"
	       "  emulation-faults                                   [Software event]\n"
	       "  major-faults                                       [Software event]\n"
	       "  minor-faults                                       [Software event]\n"
	       "  page-faults OR faults                              [Software event]\n"
	       "  LLC-load-misses                                    [Hardware cache event]\n"
	       "  LLC-loads                                          [Hardware cache event]\n"
	       "  msr/tsc/                                           [Kernel PMU event]\n",
	       "name globs filter every section");
	free(got);

	cap_start(&c, false);
	print_symbol_events(&c.ps, "*cycles*", PERF_TYPE_HARDWARE);
	got = cap_end(&c);
	ok(got && strstr(got, "cpu-cycles OR cycles") && !strstr(got, "instructions"),
	   "glob matches symbol or alias");
	free(got);

	cap_start(&c, false);
	print_metricgroups(&c.ps, true, false, NULL);
	got = cap_end(&c);
	is_str(got, "\nMetrics:\n\n", "metric header");
	free(got);

	cap_start(&c, true);
	print_metricgroups(&c.ps, true, false, NULL);
	print_metricgroups(&c.ps, false, true, NULL);
	got = cap_end(&c);
	is_str(got, "\n", "raw metrics: a newline; raw metric groups: nothing");
	free(got);

	cap_start(&c, false);
	c.ps.pager = true;
	print_symbol_events(&c.ps, "*migrations*", PERF_TYPE_SOFTWARE);
	got = cap_end(&c);
	is_str(got, "  cpu-migrations OR migrations                       [Software event]\n\n",
	       "a pager adds a blank line after a section");
	free(got);

	sysfs__set_root(NULL);
	fake_sysfs_remove();
}

/* Cache @path's build-id with a probes file holding @probes. */
static bool cache_binary(const char *cache, const char *path, const char *probes,
			 char *sbid, size_t size)
{
	struct build_id bid;
	char *dir, *link, *target, *file;
	bool ret = false;

	if (filename__read_build_id(path, &bid) < 0)
		return false;
	build_id__snprintf(&bid, sbid, size);
	dir = xasprintf("%s%s/%s", cache, path, sbid);
	file = xasprintf("%s/probes", dir);
	link = xasprintf("%s/.build-id/%.2s/%s", cache, sbid, sbid + 2);
	target = xasprintf("../..%s/%s", path, sbid);
	{
		char *cmd = xasprintf("mkdir -p '%s' '%s/.build-id/%.2s'", dir, cache, sbid);

		ret = system(cmd) == 0;
		free(cmd);
	}
	if (ret) {
		FILE *fp = fopen(file, "w");

		ret = fp && fputs(probes, fp) >= 0;
		if (fp)
			fclose(fp);
		ret = ret && symlink(target, link) == 0;
	}
	free(dir);
	free(file);
	free(link);
	free(target);
	return ret;
}

static void test_sdt(void)
{
	char *cache, exe[PATH_MAX], bid1[SBUILD_ID_SIZE], bid2[SBUILD_ID_SIZE];
	const char *other = "/bin/sh";
	struct capture c;
	ssize_t len;
	char *got, *want;

	fake_sysfs_create(false);
	cache = xasprintf("%s/debug", fake_root);
	mkdir(cache, 0755);
	setenv("PROF_BUILDID_DIR", cache, 1);
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0 || (exe[len] = '\0', 0) ||
	    !cache_binary(cache, exe, "%grp:only=only\np:grp/only x:0x1\n"
			  "%grp:both=both\np:grp/both x:0x2\n#perf:probe=probe\n",
			  bid1, sizeof(bid1)) ||
	    !cache_binary(cache, other, "%grp:both=both\np:grp/both y:0x3\n",
			  bid2, sizeof(bid2))) {
		ok(1, "# SKIP no build-ids to cache here");
		goto out;
	}
	cap_start(&c, false);
	print_sdt_events(&c.ps, NULL, NULL);
	got = cap_end(&c);
	{
		const char *first = strcmp(bid1, bid2) < 0 ? exe : other;
		const char *second = first == exe ? other : exe;
		const char *b1 = first == exe ? bid1 : bid2;
		const char *b2 = first == exe ? bid2 : bid1;
		char *l1 = xasprintf("grp:both@%s(%.12s)", first, b1);
		char *l2 = xasprintf("grp:both@%s(%.12s)", second, b2);

		want = xasprintf("  %-50s [SDT event]\n  %-50s [SDT event]\n"
				 "  %-50s [SDT event]\n", l1, l2, "grp:only");
		free(l1);
		free(l2);
	}
	is_str(got, want, "SDT events; duplicates name their binary");
	free(got);
	free(want);

	cap_start(&c, true);
	print_sdt_events(&c.ps, "grp", "o*");
	got = cap_end(&c);
	is_str(got, "grp:only ", "SDT raw dump with sys:event globs");
	free(got);
out:
	unsetenv("PROF_BUILDID_DIR");
	free(cache);
	fake_sysfs_remove();
}

int main(void)
{
	/* A CPU whose table has no metrics: the listings end with bare headers. */
	setenv("PERF_CPUID", "GenuineIntel-6-1C-2", 1);
	pmu_metrics__reset();
	test_full(false);
	test_full(true);
	test_filters();
	test_sdt();
	ok(is_event_supported(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK) ||
	   access("/proc/sys/kernel/perf_event_paranoid", R_OK) == 0,
	   "the real probe runs");
	return done_testing();
}
