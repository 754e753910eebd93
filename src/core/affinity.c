// SPDX-License-Identifier: GPL-2.0-only
/*
 * affinity.c: see include/prof/affinity.h.
 */
#include "prof/compat.h"
#include "prof/affinity.h"
#include "prof/cpumap.h"
#include "prof/util.h"
#include <dirent.h>
#include <sched.h>
#include <stdlib.h>

int affinity__setup(struct affinity *a)
{
	int nr = cpu__max_present();

	a->changed = false;
	a->size = CPU_ALLOC_SIZE(nr > 0 ? nr : 1);
	a->orig = CPU_ALLOC(nr > 0 ? nr : 1);
	if (!a->orig)
		return -ENOMEM;
	if (sched_getaffinity(0, a->size, a->orig)) {
		int err = -errno;

		CPU_FREE(a->orig);
		a->orig = NULL;
		return err;
	}
	return 0;
}

void affinity__set(struct affinity *a, int cpu)
{
	cpu_set_t *set;

	if (!a->orig || cpu < 0 || (size_t)cpu >= a->size * 8)
		return;
	set = CPU_ALLOC((int)(a->size * 8));
	if (!set)
		return;
	CPU_ZERO_S(a->size, set);
	CPU_SET_S((size_t)cpu, a->size, set);
	if (!sched_setaffinity(0, a->size, set))
		a->changed = true;
	CPU_FREE(set);
}

void affinity__set_map(struct affinity *a, const struct cpu_map *map)
{
	cpu_set_t *set;

	if (!a->orig || !map)
		return;
	set = CPU_ALLOC((int)(a->size * 8));
	if (!set)
		return;
	CPU_ZERO_S(a->size, set);
	for (int i = 0; i < map->nr; i++)
		if (map->map[i] >= 0 && (size_t)map->map[i] < a->size * 8)
			CPU_SET_S((size_t)map->map[i], a->size, set);
	if (CPU_COUNT_S(a->size, set) && !sched_setaffinity(0, a->size, set))
		a->changed = true;
	CPU_FREE(set);
}

struct cpu_map *cpu__node_cpus(int cpu)
{
	char path[128], *list = NULL;
	struct cpu_map *map = NULL;
	DIR *d;
	struct dirent *de;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	d = opendir(path);
	while (d && (de = readdir(d))) {
		int node;
		char extra;

		if (sscanf(de->d_name, "node%d%c", &node, &extra) != 1)
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist", node);
		list = read_file_str(path, NULL);
		if (list)
			map = cpu_map__new(strim(list));
		free(list);
		break;
	}
	if (d)
		closedir(d);
	if (!map) {
		snprintf(path, sizeof(path), "%d", cpu);
		map = cpu_map__new(path);
	}
	return map;
}

void affinity__exit(struct affinity *a)
{
	if (!a->orig)
		return;
	if (a->changed)
		sched_setaffinity(0, a->size, a->orig);
	CPU_FREE(a->orig);
	a->orig = NULL;
}
