// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0105-pmu-metrics: perf 6.1's choice of metric table by CPUID (the
 * mapfile's regexes, stepping rules) and what the chosen table lists.
 * Expected names come from perf's JSON for each model.
 */
#include "prof/compat.h"
#include "prof/pmu-metrics.h"
#include "prof/print-events.h"
#include "tap.h"

static const char *table_of(const char *cpuid)
{
	const struct pmu_metrics_table *t = pmu_metrics__find_table(cpuid);

	return t ? t->name : "(none)";
}

static char *list_with(const char *cpuid, bool metrics, bool groups, bool raw)
{
	struct print_state ps = { 0 };
	char *buf = NULL;
	size_t len = 0;

	setenv("PERF_CPUID", cpuid, 1);
	pmu_metrics__reset();
	ps.out = open_memstream(&buf, &len);
	ps.name_only = raw;
	print_metricgroups(&ps, metrics, groups, NULL);
	fclose(ps.out);
	return buf;
}

int main(void)
{
	char *s;

	/* AMD: zen1 is family 23 models 0-0x2F, zen2 the rest, zen3 family 25. */
	is_str(table_of("AuthenticAMD-23-1-2"), "amdzen1", "zen1 model 1");
	is_str(table_of("AuthenticAMD-23-2F-0"), "amdzen1", "zen1 model 0x2F");
	is_str(table_of("AuthenticAMD-23-31-0"), "amdzen2", "zen2 model 0x31");
	is_str(table_of("AuthenticAMD-25-11-1"), "amdzen3", "zen3 (this VM's EPYC)");
	is_str(table_of("AuthenticAMD-26-11-1"), "(none)", "family 26 has none in 6.1");
	/* Intel: most rows ignore the stepping; Skylake-X/Cascade Lake use it. */
	is_str(table_of("GenuineIntel-6-9E-A"), "skylake", "Coffee Lake is skylake");
	is_str(table_of("GenuineIntel-6-55-4"), "skylakex", "stepping 4: skylakex");
	is_str(table_of("GenuineIntel-6-55-7"), "cascadelakex", "stepping 7: cascadelakex");
	is_str(table_of("GenuineIntel-6-55"), "(none)", "no stepping where one is needed");
	is_str(table_of("GenuineIntel-6-3C-3"), "haswell", "Haswell");
	is_str(table_of("GenuineIntel-6-3C1-3"), "(none)", "the whole model must match");
	is_str(table_of("GenuineIntel-6-97-2"), "alderlake", "Alder Lake");
	is_str(table_of("GenuineIntel-6-1C-2"), "bonnell", "Bonnell (no metrics)");
	ok(pmu_metrics__find_table("GenuineIntel-6-1C-2")->nr == 0, "bonnell has no metrics");
	is_str(table_of("HygonGenuine-24-0-0"), "(none)", "no Hygon table");

	ok(pmu_metrics__find(pmu_metrics__find_table("AuthenticAMD-25-1-0"),
			     "L3_READ_MISS_LATENCY") != NULL, "metric names match in any case");
	is_str(pmu_metrics__find(pmu_metrics__find_table("GenuineIntel-6-3C-0"), "IPC")->expr,
	       "INST_RETIRED.ANY / CLKS", "haswell IPC expression");

	s = list_with("AuthenticAMD-25-11-1", false, true, true);
	is_str(s, "branch_prediction data_fabric decoder l2_cache l3_cache tlb ",
	       "zen3 metric groups");
	free(s);
	s = list_with("AuthenticAMD-23-1-0", true, false, true);
	is_str(s, "all_l2_cache_accesses all_l2_cache_hits all_l2_cache_misses "
	       "all_remote_links_outbound branch_misprediction_ratio ic_fetch_miss_ratio "
	       "l1_itlb_misses l2_cache_accesses_from_l2_hwpf l2_cache_misses_from_l2_hwpf "
	       "l3_read_miss_latency nps1_die_to_dram\n", "zen1 metrics");
	free(s);
	s = list_with("GenuineIntel-6-1C-2", true, true, false);
	is_str(s, "\nMetric Groups:\n\n", "no metrics: the header alone");
	free(s);
	s = list_with("GenuineIntel-6-8C-1", true, true, false);
	ok(strstr(s, "\nTopdownL1:\n  tma_backend_bound\n") != NULL, "tigerlake TopdownL1");
	free(s);
	return done_testing();
}
