/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpumap.h, threadmap.h-style maps: refcounted, immutable sorted arrays of
 * CPU numbers. A map with one entry -1 means "any CPU" (per-thread events).
 */
#ifndef PROF_CPUMAP_H
#define PROF_CPUMAP_H

#include "compat.h"

struct cpu_map {
	int refcnt;
	int nr;
	int map[];
};

/* New map from "0-3,6" (NULL = all online CPUs). NULL with errno on failure. */
struct cpu_map *cpu_map__new(const char *list);
struct cpu_map *cpu_map__new_online(void);
struct cpu_map *cpu_map__new_any(void);	/* { -1 } */
struct cpu_map *cpu_map__get(struct cpu_map *map);
void cpu_map__put(struct cpu_map *map);	/* put(NULL) is a no-op */
/* Index of @cpu in @map, or -1. */
int cpu_map__idx(const struct cpu_map *map, int cpu);
bool cpu_map__is_any(const struct cpu_map *map);
/* Format as "0-3,6" into @buf. Returns @buf. */
char *cpu_map__snprint(const struct cpu_map *map, char *buf, size_t size);
/* -C for record, top and stat: 0 when every CPU of @map is online, else
 * -1 after a one-line error naming the first that is not. */
int cpu_map__check_online(const struct cpu_map *map);
/* Number of possible/online CPUs of the machine. */
int cpu__max_present(void);
int cpu__nr_online(void);

/* Threads: pids or tids to attach to; a single -1 means "any thread". */
struct thread_map {
	int refcnt;
	int nr;
	pid_t map[];
};

struct thread_map *thread_map__new_any(void);		/* { -1 } */
struct thread_map *thread_map__new_pid(pid_t pid);	/* one entry */
/* Every thread of the machine's processes (/proc), NULL if unreadable. */
struct thread_map *thread_map__new_all(void);
/*
 * From "-p 1,2" (all threads of each process, from /proc/PID/task) or from
 * "-t 3,4" (exactly those tids), comma-separated numbers as perf reads
 * them. NULL with errno ESRCH when a task does not exist or a token is
 * not a number.
 */
struct thread_map *thread_map__new_str(const char *pids, const char *tids);
struct thread_map *thread_map__get(struct thread_map *map);
void thread_map__put(struct thread_map *map);

/*
 * -u USER (a name or a uid): every process of that user except ourselves,
 * as a "-p" list "1,2,3". A new string (free it); NULL for an unknown
 * user or no /proc; "" when the user has no process.
 */
char *uid__pid_list(const char *user);

#endif /* PROF_CPUMAP_H */
