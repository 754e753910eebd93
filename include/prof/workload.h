/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload.h: start the command being measured the way perf does.
 *
 *   workload__prepare()  forks; the child names itself "prof-exec" and
 *                        blocks on a cork pipe, so counters can be opened
 *                        on its pid before it runs anything;
 *   workload__start()    uncorks it: the child execvp()s, and counters
 *                        opened with enable_on_exec start exactly there;
 *                        if exec fails the child sends its errno back over
 *                        a close-on-exec pipe and exits 127.
 *
 * Nothing here prints: the caller words "Workload failed: ..." itself.
 */
#ifndef PROF_WORKLOAD_H
#define PROF_WORKLOAD_H

#include "compat.h"

struct workload {
	pid_t pid;		/* -1 when none */
	int cork_fd;		/* write end of the go pipe */
	int err_fd;		/* read end of the exec-errno pipe */
	int exec_errno;		/* set by workload__start() when exec failed */
	bool stdout_to_stderr;	/* set before prepare: the child's stdout goes
				 * to stderr (prof's stdout carries data) */
};

/* Fork @argv[0] with @argv, held before exec. Returns 0 or -errno. */
int workload__prepare(struct workload *w, const char *const argv[]);
/*
 * Let the child exec; waits until exec succeeded or failed. Returns 0, or
 * -ECHILD-style -errno with w->exec_errno set when the program could not
 * be executed (the child then exits 127 by itself; reap it).
 */
int workload__start(struct workload *w);
/* Kill a prepared-but-unstarted (or running) child and reap it. */
void workload__abort(struct workload *w);

#endif /* PROF_WORKLOAD_H */
