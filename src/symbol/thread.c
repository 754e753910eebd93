// SPDX-License-Identifier: GPL-2.0-only
/* thread.c: struct thread, comm history. */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/thread.h"
#include "prof/map.h"
#include "prof/nsinfo.h"

struct thread *thread__new(pid_t pid, pid_t tid)
{
	struct thread *t = xzalloc(sizeof(*t));

	t->refcnt = 1;
	t->pid = pid;
	t->tid = tid;
	t->ppid = -1;
	t->comms = xmalloc(sizeof(*t->comms));
	t->comms[0].str = xasprintf(":%d", (int)tid);
	t->comms[0].exec = false;
	t->nr_comms = 1;
	return t;
}

struct thread *thread__get(struct thread *t)
{
	if (t)
		t->refcnt++;
	return t;
}

void thread__put(struct thread *t)
{
	if (!t || --t->refcnt > 0)
		return;
	for (size_t i = 0; i < t->nr_comms; i++)
		free(t->comms[i].str);
	free(t->comms);
	maps__put(t->maps);
	nsinfo__put(t->nsinfo);
	free(t);
}

const char *thread__comm_str(const struct thread *t)
{
	return t->comms[t->nr_comms - 1].str;
}

unsigned long thread__comm_overrides;

void thread__set_comm(struct thread *t, const char *comm, bool exec)
{
	if (!t->comm_set) {
		/* The ":tid" placeholder is overridden, as perf does. */
		thread__comm_overrides++;
		free(t->comms[0].str);
		t->comms[0].str = xstrdup(comm);
		t->comms[0].exec = exec;
		t->comm_set = true;
		return;
	}
	t->comms = xrealloc(t->comms, (t->nr_comms + 1) * sizeof(*t->comms));
	t->comms[t->nr_comms].str = xstrdup(comm);
	t->comms[t->nr_comms].exec = exec;
	t->nr_comms++;
}
