// SPDX-License-Identifier: GPL-2.0-only
/*
 * pmu-metrics.c: which of perf 6.1's metric tables describes this CPU.
 * The tables themselves are generated data (pmu-metrics-x86.c).
 */
#include "prof/compat.h"
#include "prof/pmu-metrics.h"
#include "prof/util.h"
#include <regex.h>
#include <strings.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

char *pmu_metrics__cpuid(void)
{
	const char *env = getenv("PERF_CPUID");

	if (env)
		return xstrdup(env);
#if defined(__x86_64__) || defined(__i386__)
	{
		unsigned int lvl, a, b, c, d, family = 0, model = 0, step = 0;
		char vendor[13];

		if (!__get_cpuid(0, &lvl, &b, &c, &d))
			return NULL;
		memcpy(vendor, &b, 4);
		memcpy(vendor + 4, &d, 4);
		memcpy(vendor + 8, &c, 4);
		vendor[12] = '\0';
		if (lvl >= 1 && __get_cpuid(1, &a, &b, &c, &d)) {
			family = (a >> 8) & 0xf;
			model = (a >> 4) & 0xf;
			step = a & 0xf;
			if (family == 0xf)
				family += (a >> 20) & 0xff;
			if (family >= 6)
				model += ((a >> 16) & 0xf) << 4;
		}
		return xasprintf("%s-%u-%X-%X", vendor, family, model, step);
	}
#else
	return NULL;
#endif
}

/* Vendor-family-model-stepping has three dashes. */
static bool full_cpuid(const char *id)
{
	int n = 0;

	for (; *id; id++)
		n += *id == '-';
	return n == 3;
}

int pmu_metrics__cpuid_cmp(const char *map, const char *id)
{
	bool full_map = full_cpuid(map), full_id = full_cpuid(id);
	regmatch_t m[1];
	regex_t re;
	size_t len;
	int ret;

	if (full_map && !full_id) {
		pr_info("Invalid CPUID %s. Full CPUID is required, vendor-family-model-stepping", id);
		return 1;
	}
	if (regcomp(&re, map, REG_EXTENDED)) {
		pr_info("Invalid regular expression %s", map);
		return 1;
	}
	ret = regexec(&re, id, 1, m, 0);
	regfree(&re);
	if (ret)
		return 1;
	/* A map without a stepping ignores the id's. */
	len = !full_map && full_id ? (size_t)(strrchr(id, '-') - id) : strlen(id);
	return (size_t)(m[0].rm_eo - m[0].rm_so) == len ? 0 : 1;
}

const struct pmu_metrics_table *pmu_metrics__find_table(const char *cpuid)
{
	const struct pmu_metrics_map *map;
	const struct pmu_metrics_table *t;

	if (!cpuid)
		return NULL;
	for (map = pmu_metrics_map; map->cpuid; map++) {
		if (pmu_metrics__cpuid_cmp(map->cpuid, cpuid))
			continue;
		for (t = pmu_metrics_tables; t->name; t++)
			if (!strcmp(t->name, map->table))
				return t;
		return NULL;
	}
	return NULL;
}

static const struct pmu_metrics_table *table;
static bool done;

void pmu_metrics__reset(void)
{
	done = false;
	table = NULL;
}

const struct pmu_metrics_table *pmu_metrics__table(void)
{
	if (!done) {
		char *cpuid = pmu_metrics__cpuid();

		done = true;
		if (cpuid)
			pr_debug(1, "Using CPUID %s", cpuid);
		table = pmu_metrics__find_table(cpuid);
		free(cpuid);
	}
	return table;
}

const struct pmu_metric *pmu_metrics__find(const struct pmu_metrics_table *t,
					   const char *name)
{
	size_t i;

	for (i = 0; t && i < t->nr; i++) {
		const struct pmu_metric *m = pmu_metrics_table__get(t, i);

		if (!strcasecmp(m->name, name))
			return m;
	}
	return NULL;
}
