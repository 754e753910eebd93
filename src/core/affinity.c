// SPDX-License-Identifier: GPL-2.0-only
/*
 * affinity.c: see include/prof/affinity.h.
 */
#include "prof/compat.h"
#include "prof/affinity.h"
#include "prof/cpumap.h"
#include "prof/util.h"
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

void affinity__exit(struct affinity *a)
{
	if (!a->orig)
		return;
	if (a->changed)
		sched_setaffinity(0, a->size, a->orig);
	CPU_FREE(a->orig);
	a->orig = NULL;
}
