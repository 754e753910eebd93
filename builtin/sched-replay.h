/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sched-replay.h: prof sched replay's engine, perf 6.1's: the recorded
 * tasks become threads that do again what each task did, in its order:
 * run (burn the CPU as long as it ran), sleep (wait until woken), wake
 * another. It knows nothing of perf.data: sched.c feeds it the switches,
 * wakeups and forks it reads.
 *
 * Use: replay__new; replay__calibrate (prints perf's four lines); per
 * event replay__switch / replay__wakeup / replay__fork; replay__run
 * (the counts, the tasks, then @repeat runs, a line each); replay__delete.
 */
#ifndef PROF_SCHED_REPLAY_H
#define PROF_SCHED_REPLAY_H

#include "prof/compat.h"

struct replay;

/*
 * @chatty: perf's -v lines as the file is read: each task registered,
 * fork and wakeup on stdout, each switch on stderr.
 */
struct replay *replay__new(bool chatty);
void replay__delete(struct replay *rp);
/* Measure the clock's and nanosleep's own costs, then a 1 ms run and sleep. */
void replay__calibrate(struct replay *rp);
/* A sched_switch on @cpu at @time. 0, or -1 after error() (time going back). */
int replay__switch(struct replay *rp, u32 cpu, u64 time, u32 prev_pid, const char *prev_comm,
		   u32 next_pid, const char *next_comm);
/* A sched_wakeup(_new) of @pid by thread @waker. */
void replay__wakeup(struct replay *rp, u64 time, u32 waker, u32 pid, const char *comm);
/* A fork: both threads become tasks if they are not yet (parent first). */
void replay__fork(struct replay *rp, u32 parent, const char *parent_comm, u32 child,
		  const char *child_comm);
/*
 * Print the counts and the tasks, start a thread per task and replay
 * them @repeat times (UINT_MAX: until killed). 0, or -1 after error().
 */
int replay__run(struct replay *rp, unsigned int repeat);

#endif /* PROF_SCHED_REPLAY_H */
