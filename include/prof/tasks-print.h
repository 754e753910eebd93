/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tasks-print.h: perf report --tasks and --mmaps: the machine's threads
 * as a tree of parents and children, each with its maps (--mmaps).
 */
#ifndef PROF_TASKS_PRINT_H
#define PROF_TASKS_PRINT_H

#include <stdio.h>
#include "compat.h"

struct machine;

/*
 * perf 6.1's layout and order: threads taken by (tid & 255, tid), each
 * linked under its parent (the thread whose tid is its ppid) as reached.
 * Returns 0, or -ENOENT (nothing printed) when a parent is missing.
 */
int machine__fprintf_tasks(struct machine *m, bool mmaps, FILE *fp);

#endif
