/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * affinity.h: run the calling thread on one CPU at a time, as perf does
 * while it enables, disables and reads per-CPU counters: the ioctl or
 * read then runs on the counter's own CPU (no cross-CPU call), and the
 * task it displaces there is switched out, which brings that CPU's
 * cgroup times up to date before a cgroup counter is read.
 */
#ifndef PROF_AFFINITY_H
#define PROF_AFFINITY_H

#include "compat.h"

struct affinity {
	void *orig;		/* the thread's own mask, restored at exit */
	size_t size;
	bool changed;
};

/* Remember the current mask. Returns 0, or -errno (then set does nothing). */
int affinity__setup(struct affinity *a);
/* Move to @cpu (best effort: a CPU outside the cpuset is skipped). */
void affinity__set(struct affinity *a, int cpu);
/* Move to the CPUs of @map (best effort, as affinity__set). */
struct cpu_map;
void affinity__set_map(struct affinity *a, const struct cpu_map *map);
/* The CPUs of @cpu's NUMA node (just @cpu when there are no nodes); put it. */
struct cpu_map *cpu__node_cpus(int cpu);
/* Restore the original mask and free it. */
void affinity__exit(struct affinity *a);

#endif
