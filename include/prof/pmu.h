/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pmu.h: the kernel's PMUs as sysfs describes them under
 * <sysfs>/bus/event_source/devices/<pmu>/: the perf_event_attr type, the
 * format of the config fields ("event" = config:0-7), the event aliases
 * ("tsc" = event=0x00, with .scale/.unit) and the cpumask.
 *
 * PMUs are read once on first use and live until pmus__exit(); the
 * pointers handed out are borrowed. The core PMU and the uncore PMUs a
 * JSON event names also get the events of this CPU's table (AMD models:
 * see pmu-metrics.h), with their descriptions, as perf adds them.
 */
#ifndef PROF_PMU_H
#define PROF_PMU_H

#include "compat.h"
#include "list.h"
#include "cpumap.h"

struct pmu_format {
	struct list_head node;
	char *name;
	int config;		/* 0: config, 1: config1, 2: config2 */
	u64 bits;		/* where the field's bits go */
};

struct pmu_alias {
	struct list_head node;
	char *name;
	char *terms;		/* "event=0x04,umask=0x1" */
	char *unit;		/* from <name>.unit or NULL */
	double scale;		/* from <name>.scale, 1.0 if absent */
	bool per_pkg, snapshot;
	/* From perf's JSON tables (pmu-metrics.h), borrowed; NULL for sysfs. */
	const char *desc, *long_desc, *topic;
	bool deprecated;
};

struct pmu {
	struct list_head node;
	char *name;
	u32 type;
	bool is_core;		/* "cpu", "cpu_core", "cpu_atom" or cpus-file PMU */
	struct list_head formats;
	struct list_head aliases;	/* sorted by name */
	struct cpu_map *cpus;	/* from cpumask/cpus, NULL if none */
};

/* The sysfs root (default "/sys"); tests point it at a fake tree. */
void sysfs__set_root(const char *root);
const char *sysfs__root(void);

/* Borrowed PMU by name, or NULL (errno ENOENT). */
struct pmu *pmu__find(const char *name);
/* Iterate over all PMUs sorted by name; pmus__next(NULL) is the first. */
struct pmu *pmus__next(struct pmu *prev);
/* Any PMU of the core CPU (whose hardware events perf can count)? */
bool pmus__have_core(void);
/* Forget everything read (also done when the root changes). */
void pmus__exit(void);

struct pmu_format *pmu__find_format(struct pmu *pmu, const char *name);
struct pmu_alias *pmu__find_alias(struct pmu *pmu, const char *name);

/*
 * Put @value into the bits of @format in *@config. Returns 0, or -ERANGE
 * if @value does not fit (then *@max is the largest value that does).
 */
int pmu_format__apply(const struct pmu_format *format, u64 value,
		      u64 *config, u64 *max);
/* "event,umask,config,..." style list of the format names, in sysfs order. */
char *pmu__format_names(struct pmu *pmu);

#endif /* PROF_PMU_H */
