// SPDX-License-Identifier: GPL-2.0-only
/*
 * aggr.c: the topology keys of --per-socket/--per-die/--per-core/--per-node
 * (see include/prof/stat.h).
 *
 * A CPU's key comes from sysfs: cpuN/topology/{physical_package_id,die_id,
 * core_id} and the nodeM/cpulist that names it. Fields a mode does not use
 * stay -1, so two CPUs share a slot exactly when their keys are equal. The
 * map keeps the keys of the target CPUs sorted by node, socket, die, core,
 * the order perf prints them in.
 */
#include "prof/compat.h"
#include "prof/cpumap.h"
#include "prof/stat.h"
#include "prof/util.h"
#include <ctype.h>
#include <dirent.h>

static int topology_int(int cpu, const char *file)
{
	char path[128];
	int val;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s",
		 cpu, file);
	if (read_file_int(path, &val))
		return file[0] == 'd' ? 0 : -1;	/* kernels before die_id: die 0 */
	return val;
}

/* The NUMA node whose cpulist names @cpu; -1 when none does. */
static int cpu__node(int cpu)
{
	DIR *dir = opendir("/sys/devices/system/node");
	struct dirent *de;
	int node = -1;

	if (!dir)
		return -1;
	while (node < 0 && (de = readdir(dir))) {
		char path[300], *list;
		int n, *cpus = NULL, nr = 0, i;

		if (strncmp(de->d_name, "node", 4) || !isdigit((unsigned char)de->d_name[4]))
			continue;
		n = atoi(de->d_name + 4);
		snprintf(path, sizeof(path), "/sys/devices/system/node/%s/cpulist", de->d_name);
		list = read_file_str(path, NULL);
		if (!list)
			continue;
		list[strcspn(list, "\n")] = '\0';
		if (!parse_int_list(list, &cpus, &nr))
			for (i = 0; i < nr; i++)
				if (cpus[i] == cpu)
					node = n;
		free(cpus);
		free(list);
	}
	closedir(dir);
	return node;
}

void cpu__aggr_id(int cpu, enum aggr_mode mode, struct aggr_id *id)
{
	id->socket = id->die = id->core = id->node = -1;
	switch (mode) {
	case AGGR_CORE:
		id->core = topology_int(cpu, "core_id");
		/* fall through */
	case AGGR_DIE:
		id->die = topology_int(cpu, "die_id");
		/* fall through */
	case AGGR_SOCKET:
		id->socket = topology_int(cpu, "physical_package_id");
		break;
	case AGGR_NODE:
		id->node = cpu__node(cpu);
		break;
	default:
		break;
	}
}

static int aggr_id__cmp(const struct aggr_id *a, const struct aggr_id *b)
{
	if (a->node != b->node)
		return a->node - b->node;
	if (a->socket != b->socket)
		return a->socket - b->socket;
	if (a->die != b->die)
		return a->die - b->die;
	return a->core - b->core;
}

static int cmp_ids(const void *a, const void *b)
{
	return aggr_id__cmp(a, b);
}

struct aggr_map *aggr_map__new(const struct cpu_map *cpus, enum aggr_mode mode)
{
	struct aggr_map *map = xzalloc(sizeof(*map));
	int i, j;

	map->mode = mode;
	map->ids = xcalloc((size_t)cpus->nr + 1, sizeof(*map->ids));
	for (i = 0; i < cpus->nr; i++) {
		struct aggr_id id;

		cpu__aggr_id(cpus->map[i], mode, &id);
		for (j = 0; j < map->nr; j++)
			if (!aggr_id__cmp(&map->ids[j], &id))
				break;
		if (j == map->nr)
			map->ids[map->nr++] = id;
	}
	qsort(map->ids, (size_t)map->nr, sizeof(*map->ids), cmp_ids);
	return map;
}

void aggr_map__delete(struct aggr_map *map)
{
	if (!map)
		return;
	free(map->ids);
	free(map);
}

int aggr_map__slot(const struct aggr_map *map, int cpu)
{
	struct aggr_id id;
	int i;

	if (cpu < 0)
		return 0;
	cpu__aggr_id(cpu, map->mode, &id);
	for (i = 0; i < map->nr; i++)
		if (!aggr_id__cmp(&map->ids[i], &id))
			return i;
	return 0;
}
