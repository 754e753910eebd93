/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pmu-metrics.h: perf 6.1's metric tables for x86 CPUs (generated from
 * its JSON by scripts/gen-pmu-metrics.py into src/core/pmu-metrics-x86.c)
 * and the choice of a table by CPUID, as perf makes it: the CPUID string
 * "Vendor-family-MODEL-STEPPING" (PERF_CPUID overrides it) against the
 * mapfile's regexes, first match wins, the whole string (less the
 * stepping when the regex has none) must match.
 */
#ifndef PROF_PMU_METRICS_H
#define PROF_PMU_METRICS_H

#include "compat.h"

struct pmu_metric {
	const char *name;
	const char *group;	/* "a;b": its groups, or NULL */
	const char *desc;	/* brief description, perf's trailing '.' cut */
	const char *expr;	/* the expression, as in the JSON */
	const char *scale_unit;	/* "100%", "1GHz", ... or NULL */
	const char *constraint;	/* "NO_NMI_WATCHDOG" or NULL */
	int is_event;		/* an event entry with metric fields: not listed */
};

/* A JSON event: a PMU alias with descriptions (AMD models only). */
struct pmu_json_event {
	const char *name;	/* lower case, as perf keeps aliases */
	const char *topic;	/* its JSON file: "branch", "cache", ... */
	const char *desc;	/* NULL: listed as a plain PMU event */
	const char *long_desc;	/* -v; NULL: the desc */
	const char *terms;	/* "event=0x94,umask=0x1" */
	const char *pmu;	/* NULL: the core PMU; else "amd_l3", ... */
	int deprecated;
};

struct pmu_metrics_table {
	const char *name;	/* "amdzen3", "skylakex", ... */
	const struct pmu_metric *metrics;
	const unsigned short *idx;	/* this table's entries of @metrics */
	size_t nr;
	const struct pmu_json_event *events;
	size_t nr_events;
};

struct pmu_metrics_map {
	const char *cpuid;	/* POSIX extended regex */
	const char *table;
};

extern const struct pmu_metrics_table pmu_metrics_tables[];
extern const struct pmu_metrics_map pmu_metrics_map[];

/* Entry @i of @t. */
static inline const struct pmu_metric *
pmu_metrics_table__get(const struct pmu_metrics_table *t, size_t i)
{
	return &t->metrics[t->idx[i]];
}

/* This CPU's CPUID string (or $PERF_CPUID); NULL off x86. Caller frees. */
char *pmu_metrics__cpuid(void);
/* 0 if the mapfile regex @map matches @id as perf requires, else 1. */
int pmu_metrics__cpuid_cmp(const char *map, const char *id);
/* The table for @cpuid, or NULL. */
const struct pmu_metrics_table *pmu_metrics__find_table(const char *cpuid);
/* The table of this CPU (looked up once), or NULL. */
const struct pmu_metrics_table *pmu_metrics__table(void);
/* Forget the table looked up (tests change PERF_CPUID). */
void pmu_metrics__reset(void);
/* The metric named @name (case-insensitive, as perf) in @t, or NULL. */
const struct pmu_metric *pmu_metrics__find(const struct pmu_metrics_table *t,
					   const char *name);

#endif /* PROF_PMU_METRICS_H */
