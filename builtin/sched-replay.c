// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof sched replay's engine (sched-replay.h), as perf 6.1's builds and
 * runs it.
 *
 * Each task is a list of atoms in recorded order. A switch-out adds a
 * RUN of the time since the CPU's previous switch (merged into a RUN
 * just before it: "run atoms optimized") and a SLEEP. A wakeup adds a
 * WAKEUP to the waker; when the wakee's last atom is a SLEEP not yet
 * paired, the two share a new semaphore: the sleeper waits on it, the
 * waker posts it. Otherwise the wakeup is "target-less" (the wakee's
 * last atom is not a sleep) or "multi-target" (its sleep is already
 * paired) and does nothing. Every task starts with a SLEEP (paired only
 * if a wakeup finds it first), and before the runs each task gets a
 * WAKEUP of the next one (the last of the first), as perf's
 * add_cross_task_wakeups.
 *
 * Invariants:
 *  1. Every semaphore has exactly one waiter atom and one poster atom,
 *     so one pass over all atoms leaves every count at zero: a pass can
 *     be repeated.
 *  2. The main thread holds start_mutex while the workers wait to begin
 *     and done_mutex while they wait to begin again; a worker posts
 *     ready before it blocks on start_mutex and done after its atoms.
 *  3. A worker's CPU time is its own thread's (CLOCK_THREAD_CPUTIME_ID);
 *     perf 6.1 opens its task-clock counters in the main thread and so
 *     reads the main thread's (deliberate-differences.md).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "sched-replay.h"
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#define NSEC_PER_SEC ((u64)1000000000)
#define NSEC_PER_MSEC ((u64)1000000)
#define NSEC_PER_USEC ((u64)1000)
#define REPLAY_MAX_CPUS 4096

enum atom_type { ATOM_RUN, ATOM_SLEEP, ATOM_WAKEUP };

struct atom {
	enum atom_type type;
	u64 duration;		/* RUN */
	sem_t *sem;		/* SLEEP waits on it, WAKEUP posts it; NULL: nothing */
	bool owns_sem;		/* the SLEEP frees it */
};

struct rtask {
	unsigned long nr;
	u32 pid;
	char comm[20];		/* perf's COMM_LEN */
	struct atom *atoms;
	size_t nr_atoms, alloc;
	pthread_t thread;
	sem_t ready, done;
	u64 cpu_usage;
	struct replay *rp;
};

struct replay {
	struct rtask **tasks;
	size_t nr_tasks, alloc_tasks;
	struct rtask **by_pid;
	size_t nr_by_pid;
	u64 last_switch[REPLAY_MAX_CPUS];
	unsigned long nr_run, nr_sleep, nr_wakeup, nr_run_optimized;
	unsigned long targetless, multitarget;
	u64 run_overhead, sleep_overhead;
	/* the runs */
	pthread_mutex_t start_mutex, done_mutex;
	volatile bool exit_threads;
	unsigned int repeat;
	unsigned long nr_runs;
	u64 sum_runtime, sum_fluct, run_avg, cpu_usage, runavg_cpu_usage;
	bool verbose;		/* -v: perf's lines on what is read */
};

static u64 mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static u64 thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

/* Spin until @ns have passed, less what reading the clock costs. */
static void burn_ns(const struct replay *rp, u64 ns)
{
	u64 t0 = mono_ns(), t1;

	do {
		t1 = mono_ns();
	} while (t1 + rp->run_overhead < t0 + ns);
}

/* perf's sleep_nsecs, its 999999999 divisor too */
static void sleep_ns(u64 ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 999999999),
		.tv_nsec = (long)(ns % 999999999),
	};

	nanosleep(&ts, NULL);
}

void replay__calibrate(struct replay *rp)
{
	u64 t0, t1, min = NSEC_PER_SEC;

	for (int i = 0; i < 10; i++) {
		t0 = mono_ns();
		burn_ns(rp, 0);
		t1 = mono_ns();
		if (t1 - t0 < min)
			min = t1 - t0;
	}
	rp->run_overhead = min;
	printf("run measurement overhead: %" PRIu64 " nsecs\n", min);
	min = NSEC_PER_SEC;
	for (int i = 0; i < 10; i++) {
		t0 = mono_ns();
		sleep_ns(10000);
		t1 = mono_ns();
		if (t1 - t0 < min)
			min = t1 - t0;
	}
	min -= 10000;
	rp->sleep_overhead = min;
	printf("sleep measurement overhead: %" PRIu64 " nsecs\n", min);
	t0 = mono_ns();
	burn_ns(rp, NSEC_PER_MSEC);
	t1 = mono_ns();
	printf("the run test took %" PRIu64 " nsecs\n", t1 - t0);
	t0 = mono_ns();
	sleep_ns(NSEC_PER_MSEC);
	t1 = mono_ns();
	printf("the sleep test took %" PRIu64 " nsecs\n", t1 - t0);
}

struct replay *replay__new(bool chatty)
{
	struct replay *rp = xcalloc(1, sizeof(struct replay));

	rp->verbose = chatty;
	return rp;
}

static struct atom *task_new_atom(struct rtask *t, enum atom_type type)
{
	struct atom *a;

	if (t->nr_atoms == t->alloc) {
		t->alloc = t->alloc ? t->alloc * 2 : 8;
		t->atoms = xrealloc(t->atoms, t->alloc * sizeof(*t->atoms));
	}
	a = &t->atoms[t->nr_atoms++];
	memset(a, 0, sizeof(*a));
	a->type = type;
	return a;
}

static struct atom *task_last_atom(struct rtask *t)
{
	return t->nr_atoms ? &t->atoms[t->nr_atoms - 1] : NULL;
}

static void add_sleep(struct replay *rp, struct rtask *t)
{
	task_new_atom(t, ATOM_SLEEP);
	rp->nr_sleep++;
}

static void add_run(struct replay *rp, struct rtask *t, u64 duration)
{
	struct atom *last = task_last_atom(t);

	if (last && last->type == ATOM_RUN) {
		rp->nr_run_optimized++;
		last->duration += duration;
		return;
	}
	task_new_atom(t, ATOM_RUN)->duration = duration;
	rp->nr_run++;
}

static void add_wakeup(struct replay *rp, struct rtask *t, struct rtask *wakee)
{
	struct atom *a = task_new_atom(t, ATOM_WAKEUP), *w = task_last_atom(wakee);

	if (!w || w->type != ATOM_SLEEP) {
		rp->targetless++;
		return;
	}
	if (w->sem) {
		rp->multitarget++;
		return;
	}
	w->sem = xmalloc(sizeof(*w->sem));
	w->owns_sem = true;
	sem_init(w->sem, 0, 0);
	a->sem = w->sem;
	rp->nr_wakeup++;
}

/* perf's register_pid: the task of @pid, new (named @comm, asleep) if unknown */
static struct rtask *task_of(struct replay *rp, u32 pid, const char *comm)
{
	struct rtask *t;

	if (pid >= rp->nr_by_pid) {
		size_t n = rp->nr_by_pid ? rp->nr_by_pid : 1024;

		while (n <= pid)
			n *= 2;
		rp->by_pid = xrealloc(rp->by_pid, n * sizeof(*rp->by_pid));
		memset(rp->by_pid + rp->nr_by_pid, 0, (n - rp->nr_by_pid) * sizeof(*rp->by_pid));
		rp->nr_by_pid = n;
	}
	if (rp->by_pid[pid])
		return rp->by_pid[pid];
	t = xcalloc(1, sizeof(*t));
	t->pid = pid;
	t->nr = rp->nr_tasks;
	t->rp = rp;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	add_sleep(rp, t);	/* a start asleep: ignored unless a wakeup pairs it */
	rp->by_pid[pid] = t;
	if (rp->nr_tasks == rp->alloc_tasks) {
		rp->alloc_tasks = rp->alloc_tasks ? rp->alloc_tasks * 2 : 64;
		rp->tasks = xrealloc(rp->tasks, rp->alloc_tasks * sizeof(*rp->tasks));
	}
	rp->tasks[rp->nr_tasks++] = t;
	if (rp->verbose)
		printf("registered task #%zu, PID %" PRIu32 " (%s)\n", rp->nr_tasks, pid, comm);
	return t;
}

int replay__switch(struct replay *rp, u32 cpu, u64 time, u32 prev_pid, const char *prev_comm,
		   u32 next_pid, const char *next_comm)
{
	u64 t0;
	struct rtask *prev;
	s64 delta = 0;

	if (cpu >= REPLAY_MAX_CPUS)
		return 0;
	t0 = rp->last_switch[cpu];
	if (t0)
		delta = (s64)(time - t0);
	if (delta < 0)	/* perf's words, its format too */
		return error("hm, delta: %" PRIu64 " < 0 ?", (u64)delta);
	if (rp->verbose)
		fprintf(stderr, " ... switch from %s/%" PRIu32 " to %s/%" PRIu32 " [ran %" PRIu64
			" nsecs]\n", prev_comm, prev_pid, next_comm, next_pid, (u64)delta);
	prev = task_of(rp, prev_pid, prev_comm);
	task_of(rp, next_pid, next_comm);
	rp->last_switch[cpu] = time;
	add_run(rp, prev, (u64)delta);
	add_sleep(rp, prev);
	return 0;
}

void replay__wakeup(struct replay *rp, u64 time, u32 waker, u32 pid, const char *comm)
{
	struct rtask *w = task_of(rp, waker, "<unknown>");

	(void)time;
	if (rp->verbose)
		printf(" ... pid %d woke up %s/%d\n", (int)waker, comm, (int)pid);
	add_wakeup(rp, w, task_of(rp, pid, comm));
}

void replay__fork(struct replay *rp, u32 parent, const char *parent_comm, u32 child,
		  const char *child_comm)
{
	if (rp->verbose) {
		printf("fork event\n");
		printf("... parent: %s/%" PRIu32 "\n", parent_comm, parent);
		printf("...  child: %s/%" PRIu32 "\n", child_comm, child);
	}
	task_of(rp, parent, parent_comm);
	task_of(rp, child, child_comm);
}

static void *task_thread(void *arg)
{
	struct rtask *t = arg;
	struct replay *rp = t->rp;
	char name[22];

	snprintf(name, sizeof(name), ":%s", t->comm);
	prctl(PR_SET_NAME, name);
	while (!rp->exit_threads) {
		u64 cpu0, cpu1;

		sem_post(&t->ready);
		pthread_mutex_lock(&rp->start_mutex);
		pthread_mutex_unlock(&rp->start_mutex);
		if (rp->exit_threads)	/* --repeat 0: no run */
			break;
		cpu0 = thread_cpu_ns();
		for (size_t i = 0; i < t->nr_atoms; i++) {
			struct atom *a = &t->atoms[i];

			if (a->type == ATOM_RUN)
				burn_ns(rp, a->duration);
			else if (a->type == ATOM_SLEEP && a->sem)
				while (sem_wait(a->sem) && errno == EINTR)
					;
			else if (a->type == ATOM_WAKEUP && a->sem)
				sem_post(a->sem);
		}
		cpu1 = thread_cpu_ns();
		t->cpu_usage = cpu1 - cpu0;
		sem_post(&t->done);
		pthread_mutex_lock(&rp->done_mutex);
		pthread_mutex_unlock(&rp->done_mutex);
	}
	return NULL;
}

static void sem_wait_intr(sem_t *s)
{
	while (sem_wait(s) && errno == EINTR)
		;
}

/* perf's wait_for_tasks and run_one_test: one replay of every task, its line */
static void run_one(struct replay *rp)
{
	u64 t0 = mono_ns(), t1, delta, avg, fluct;

	rp->cpu_usage = 0;
	pthread_mutex_unlock(&rp->done_mutex);
	for (size_t i = 0; i < rp->nr_tasks; i++)
		sem_wait_intr(&rp->tasks[i]->ready);
	pthread_mutex_lock(&rp->done_mutex);
	pthread_mutex_unlock(&rp->start_mutex);
	for (size_t i = 0; i < rp->nr_tasks; i++) {
		sem_wait_intr(&rp->tasks[i]->done);
		rp->cpu_usage += rp->tasks[i]->cpu_usage;
		rp->tasks[i]->cpu_usage = 0;
	}
	if (!rp->runavg_cpu_usage)
		rp->runavg_cpu_usage = rp->cpu_usage;
	rp->runavg_cpu_usage = (rp->runavg_cpu_usage * (rp->repeat - 1) + rp->cpu_usage) / rp->repeat;
	pthread_mutex_lock(&rp->start_mutex);
	t1 = mono_ns();

	delta = t1 - t0;
	rp->sum_runtime += delta;
	rp->nr_runs++;
	avg = rp->sum_runtime / rp->nr_runs;
	fluct = delta < avg ? avg - delta : delta - avg;
	rp->sum_fluct += fluct;
	if (!rp->run_avg)
		rp->run_avg = delta;
	rp->run_avg = (rp->run_avg * (rp->repeat - 1) + delta) / rp->repeat;
	printf("#%-3lu: %0.3f, ", rp->nr_runs, (double)delta / (double)NSEC_PER_MSEC);
	printf("ravg: %0.2f, ", (double)rp->run_avg / (double)NSEC_PER_MSEC);
	printf("cpu: %0.2f / %0.2f\n", (double)rp->cpu_usage / (double)NSEC_PER_MSEC,
	       (double)rp->runavg_cpu_usage / (double)NSEC_PER_MSEC);
	fflush(stdout);
}

int replay__run(struct replay *rp, unsigned int repeat)
{
	pthread_attr_t attr;
	size_t started = 0;
	int err = 0;

	printf("nr_run_events:        %lu\n", rp->nr_run);
	printf("nr_sleep_events:      %lu\n", rp->nr_sleep);
	printf("nr_wakeup_events:     %lu\n", rp->nr_wakeup);
	if (rp->targetless)
		printf("target-less wakeups:  %lu\n", rp->targetless);
	if (rp->multitarget)
		printf("multi-target wakeups: %lu\n", rp->multitarget);
	if (rp->nr_run_optimized)
		printf("run atoms optimized: %lu\n", rp->nr_run_optimized);
	for (size_t i = 0; i < rp->nr_tasks; i++) {
		const struct rtask *t = rp->tasks[i];

		printf("task %6lu (%20s:%10u), nr_events: %zu\n", t->nr, t->comm, t->pid, t->nr_atoms);
	}
	/* perf's add_cross_task_wakeups: each task wakes the next, the last the first */
	for (size_t i = 0; i < rp->nr_tasks; i++)
		add_wakeup(rp, rp->tasks[i], rp->tasks[(i + 1) % rp->nr_tasks]);

	rp->repeat = repeat;
	pthread_mutex_init(&rp->start_mutex, NULL);
	pthread_mutex_init(&rp->done_mutex, NULL);
	pthread_mutex_lock(&rp->start_mutex);
	pthread_mutex_lock(&rp->done_mutex);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN > 16384 ? PTHREAD_STACK_MIN : 16384);
	for (; started < rp->nr_tasks; started++) {
		struct rtask *t = rp->tasks[started];

		sem_init(&t->ready, 0, 0);
		sem_init(&t->done, 0, 0);
		err = pthread_create(&t->thread, &attr, task_thread, t);
		if (err)
			break;
	}
	pthread_attr_destroy(&attr);
	if (err)
		/*
		 * The started threads wait on start_mutex, some sleeps' wakers
		 * missing: they end with the process, not before.
		 */
		return error("cannot start the replay's thread %zu of %zu: %s", started + 1,
			     rp->nr_tasks, strerror(err));
	printf("------------------------------------------------------------\n");
	fflush(stdout);
	for (unsigned int i = 0; i < repeat; i++)
		run_one(rp);
	/* the workers wait on done_mutex: they see the end once they have it */
	rp->exit_threads = true;
	pthread_mutex_unlock(&rp->done_mutex);
	pthread_mutex_unlock(&rp->start_mutex);
	for (size_t i = 0; i < started; i++) {
		pthread_join(rp->tasks[i]->thread, NULL);
		sem_destroy(&rp->tasks[i]->ready);
		sem_destroy(&rp->tasks[i]->done);
	}
	pthread_mutex_destroy(&rp->start_mutex);
	pthread_mutex_destroy(&rp->done_mutex);
	return 0;
}

void replay__delete(struct replay *rp)
{
	if (!rp)
		return;
	for (size_t i = 0; i < rp->nr_tasks; i++) {
		struct rtask *t = rp->tasks[i];

		for (size_t k = 0; k < t->nr_atoms; k++)
			if (t->atoms[k].owns_sem) {
				sem_destroy(t->atoms[k].sem);
				free(t->atoms[k].sem);
			}
		free(t->atoms);
		free(t);
	}
	free(rp->tasks);
	free(rp->by_pid);
	free(rp);
}
