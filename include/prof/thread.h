/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * thread.h: a thread as the machine model sees it: pid/tid, parent, the
 * comm history (exec renames), and the process's shared maps. Refcounted.
 */
#ifndef PROF_THREAD_H
#define PROF_THREAD_H

#include "compat.h"

struct maps;
struct nsinfo;

struct comm {
	char *str;
	bool exec;
};

struct thread {
	struct thread *hnext;	/* machine's hash chain */
	int refcnt;
	pid_t pid, tid, ppid;
	struct maps *maps;	/* one reference; shared within a process */
	struct comm *comms;	/* history, oldest first; [0] is ":tid" until set */
	size_t nr_comms;
	bool comm_set;
	bool exited;
	/* Live machines only: the process's namespaces (leaders), read once. */
	struct nsinfo *nsinfo;
	bool nsinfo_read;
};

/* A new thread with one reference, comm ":tid", no maps (xmalloc). */
struct thread *thread__new(pid_t pid, pid_t tid);
struct thread *thread__get(struct thread *t);
void thread__put(struct thread *t);	/* NULL is a no-op */
/* Current comm (":tid" until a COMM was seen); borrowed. */
const char *thread__comm_str(const struct thread *t);
/* Set the comm: replaces the ":tid" placeholder, else appends to history. */
void thread__set_comm(struct thread *t, const char *comm, bool exec);
/*
 * How many ":tid" placeholders were replaced so far. perf replaces the
 * string of the comm object in place, so that the hist entries made with
 * it before show the new name (hist.c follows).
 */
extern unsigned long thread__comm_overrides;

#endif
