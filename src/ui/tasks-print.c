// SPDX-License-Identifier: GPL-2.0-only
/* tasks-print.c: perf report --tasks / --mmaps (see include/prof/tasks-print.h). */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/machine.h"
#include "prof/thread.h"
#include "prof/map.h"
#include "prof/dso.h"
#include "prof/tasks-print.h"
#include <sys/mman.h>

struct task {
	struct thread *thread;
	int *children, nr_children;	/* indices, in the order perf links them */
	bool listed;
};

/* perf walks its 256 thread buckets (tid & 255), each in tid order */
static int task_cmp(const void *a, const void *b)
{
	const struct task *l = a, *r = b;
	int bl = l->thread->tid & 255, br = r->thread->tid & 255;

	if (bl != br)
		return bl - br;
	return l->thread->tid < r->thread->tid ? -1 : l->thread->tid > r->thread->tid;
}

static void print_maps(const struct maps *maps, int indent, FILE *fp)
{
	for (size_t i = 0; maps && i < maps->nr; i++) {
		const struct map *m = maps->entries[i];

		fprintf(fp, "%*s  %" PRIx64 "-%" PRIx64 " %c%c%c%c %08" PRIx64 " %" PRIu64 " %s\n",
			indent, "", m->start, m->end, m->prot & PROT_READ ? 'r' : '-',
			m->prot & PROT_WRITE ? 'w' : '-', m->prot & PROT_EXEC ? 'x' : '-',
			m->flags & MAP_SHARED ? 's' : 'p', m->pgoff, m->dso->ino, m->dso->long_name);
	}
}

static void print_task(const struct task *tasks, int i, int level, bool mmaps, FILE *fp)
{
	const struct thread *t = tasks[i].thread;
	int indent = fprintf(fp, "  %8d %8d %8d |%*s", t->pid, t->tid, t->ppid, level, "");

	fprintf(fp, "%s\n", thread__comm_str(t));
	if (mmaps)
		print_maps(t->maps, indent, fp);
	for (int c = 0; c < tasks[i].nr_children; c++)
		print_task(tasks, tasks[i].children[c], level + 1, mmaps, fp);
}

static int find_tid(const struct task *tasks, const int *by_tid, int nr, pid_t tid)
{
	int lo = 0, hi = nr - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		pid_t t = tasks[by_tid[mid]].thread->tid;

		if (t == tid)
			return by_tid[mid];
		if (t < tid)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static const struct task *sort_tasks;

static int by_tid_cmp(const void *a, const void *b)
{
	pid_t l = sort_tasks[*(const int *)a].thread->tid, r = sort_tasks[*(const int *)b].thread->tid;

	return l < r ? -1 : l > r;
}

/*
 * Link task @i under its parent, and the parent under its own, up to a
 * task already linked (-1) or one without a parent (returned: a root).
 * -2: a parent that is not among the threads.
 */
static int link_up(struct task *tasks, const int *by_tid, int nr, int i)
{
	while (!tasks[i].listed) {
		int p;

		if (tasks[i].thread->ppid == -1)
			return i;
		p = find_tid(tasks, by_tid, nr, tasks[i].thread->ppid);
		if (p < 0)
			return -2;
		tasks[p].children = xrealloc(tasks[p].children,
					     (size_t)(tasks[p].nr_children + 1) * sizeof(int));
		tasks[p].children[tasks[p].nr_children++] = i;
		tasks[i].listed = true;
		i = p;
	}
	return -1;
}

int machine__fprintf_tasks(struct machine *m, bool mmaps, FILE *fp)
{
	struct task *tasks = NULL;
	int nr = 0, nr_roots = 0, *roots, *by_tid, ret = 0;

	for (size_t b = 0; b < THREADS_HASH_SIZE; b++)
		for (struct thread *t = m->threads[b]; t; t = t->hnext) {
			/* perf keeps no thread for a sample of tid -1 */
			if (t->tid < 0)
				continue;
			tasks = xrealloc(tasks, (size_t)(nr + 1) * sizeof(*tasks));
			tasks[nr++] = (struct task){ .thread = t };
		}
	if (nr)
		qsort(tasks, (size_t)nr, sizeof(*tasks), task_cmp);
	by_tid = xmalloc((size_t)(nr + 1) * sizeof(int));
	roots = xmalloc((size_t)(nr + 1) * sizeof(int));
	for (int i = 0; i < nr; i++)
		by_tid[i] = i;
	sort_tasks = tasks;
	qsort(by_tid, (size_t)nr, sizeof(int), by_tid_cmp);
	for (int i = 0; i < nr && !ret; i++) {
		int r = link_up(tasks, by_tid, nr, i);

		if (r == -2) {
			ret = -ENOENT;
		} else if (r >= 0) {
			tasks[r].listed = true;
			roots[nr_roots++] = r;
		}
	}
	if (!ret) {
		fprintf(fp, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
		for (int i = 0; i < nr_roots; i++)
			print_task(tasks, roots[i], 0, mmaps, fp);
	}
	for (int i = 0; i < nr; i++)
		free(tasks[i].children);
	free(tasks);
	free(by_tid);
	free(roots);
	return ret;
}
