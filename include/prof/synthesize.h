/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * synthesize.h: the state that existed before a recording started, read
 * from /proc and encoded as the records perf synthesizes (COMM, FORK,
 * MMAP2 for user maps, MMAP for the kernel and its modules). Every record
 * gets a zeroed sample_id_all trailer of @id_hdr_size bytes (time 0, so a
 * reader delivers it before the time-sorted kernel records).
 *
 * All functions append to a strbuf and never fail hard: a thread that
 * vanished while being read is skipped (processes come and go).
 */
#ifndef PROF_SYNTHESIZE_H
#define PROF_SYNTHESIZE_H

#include "compat.h"

struct strbuf;
struct thread_map;

struct synth_opts {
	u32 id_hdr_size;	/* trailer bytes of the first event */
	bool data_maps;		/* -d: readable data maps too (misc MMAP_DATA) */
	const char *proc;	/* "/proc" unless a test says otherwise */
	bool namespaces;	/* --namespaces: NAMESPACES for every thread */
	unsigned skip;		/* --synth: SYNTH_SKIP_* left out */
	u64 map_timeout_ns;	/* --proc-map-timeout: per process's maps, 0 none */
	int nr_threads;		/* --num-thread-synthesize: synthesize__all's threads */
	bool build_id_maps;	/* --buildid-mmap: MMAP2s with build-ids, the kernel's too */
};
#define SYNTH_SKIP_TASK		1	/* existing processes (COMM, FORK, ...) */
#define SYNTH_SKIP_MMAP		2	/* their maps */
#define SYNTH_SKIP_CGROUP	4	/* cgroups (with --all-cgroups) */

/*
 * perf's --synth list ("no", "all", "task", "mmap", "cgroup", comma
 * separated; mmap implies task) into SYNTH_SKIP_* bits. 0 or -EINVAL.
 */
int synth_opts__parse_synth(const char *str, unsigned *skip);
/* A CGROUP for every directory of the cgroupfs, the root first (--all-cgroups). */
int synthesize__cgroups(struct strbuf *sb, const struct synth_opts *o);

/* [kernel.kallsyms]_text and one MMAP per module of /proc/modules. */
int synthesize__kernel(struct strbuf *sb, const struct synth_opts *o);
/*
 * Each loaded module of @procdir/modules (@procdir: "/proc" for this
 * system): its name, its file (/lib/modules/RELEASE/... through
 * modules.dep, else "[name]", as perf names module maps), its text
 * address and size. Stops at the first non-zero return of @cb.
 */
typedef int (*kernel_module_cb)(const char *name, const char *path, u64 addr, u64 size,
				void *arg);
int kernel_modules__for_each(const char *procdir, kernel_module_cb cb, void *arg);
/*
 * One process @pid (all its threads with @all_threads, else only @tid):
 * optional FORK (@fork: system-wide style), COMM per thread, then the
 * leader's executable MMAP2s. Returns 0, -ESRCH when it is gone, or
 * -errno when its maps cannot be read.
 */
int synthesize__thread(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
		       pid_t tid, bool fork);
/*
 * Every thread of @threads (-p/-t targets; tids, grouped by process).
 * 0, or -errno when a target's maps cannot be read (perf record gives up).
 */
int synthesize__thread_map(struct strbuf *sb, const struct synth_opts *o,
			   const struct thread_map *threads);
/*
 * NAMESPACES of one thread (--namespaces): its /proc/TID/ns/ entries as
 * the kernel reports them (dev, inode), 0/0 for one it cannot read.
 */
void synthesize__namespaces(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
			    pid_t tid);
/* Every task on the machine (-a/-C): FORK + COMM, and maps. */
int synthesize__all(struct strbuf *sb, const struct synth_opts *o);

struct evlist;
/*
 * The tracing data perf puts in the TRACING_DATA feature (or after a
 * HEADER_TRACING_DATA record in a pipe) for the tracepoints of @evlist:
 * magic, version 0.6, endianness, long and page size, header_page,
 * header_event, ftrace and per-system event formats, and empty kallsyms,
 * printk formats and saved cmdlines. 0, or -errno when tracefs is not
 * readable. Nothing is appended when @evlist has no tracepoint.
 */
int tracing_data__build(struct strbuf *sb, struct evlist *evlist);

/* Thread-group id of @tid from /proc/TID/status (or -1). */
pid_t proc__tgid(const char *proc, pid_t tid);

#endif /* PROF_SYNTHESIZE_H */
