/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nsinfo.h: the namespaces of a running process, as far as finding its
 * files needs them. A process in another mount namespace (a container)
 * names files that exist only there, or that the host has under the same
 * path with other contents: they are reached through /proc/PID/root
 * (else by entering the namespace with setns), never by opening the
 * path here. Its JIT map is /tmp/perf-<its own pid>.map in its own /tmp.
 *
 * Only live processes have an nsinfo: record and top ask /proc while the
 * process runs; report never does (the pid may name someone else by
 * then), it relies on what record put in the build-id cache. record pins
 * the namespace (nsinfo__pin): the files stay reachable after the
 * container is gone, until the end of the recording.
 */
#ifndef PROF_NSINFO_H
#define PROF_NSINFO_H

#include "compat.h"

struct nsinfo {
	int refcnt;
	pid_t pid;		/* the process, as we number it */
	pid_t nstgid;		/* the process, as its own pid namespace numbers it */
	bool need_setns;	/* its mount namespace is not ours */
	bool in_pidns;		/* its pid namespace is not ours */
	u64 mntns_dev, mntns_ino;	/* identity of its mount namespace */
	int rootfd, mntfd;	/* pinned: its root and mount namespace, else -1 */
};

/*
 * Read /proc/@pid: NULL when the process is gone, or when it shares our
 * mount and pid namespaces (nothing to translate). One reference.
 */
struct nsinfo *nsinfo__new(pid_t pid);
/*
 * A process already gone whose mount namespace, known from a NAMESPACES
 * record, is @dev/@ino: NULL when that is ours. Nothing opens there; it
 * only keeps its files apart from ours of the same name.
 */
struct nsinfo *nsinfo__new_gone(u64 dev, u64 ino);
struct nsinfo *nsinfo__get(struct nsinfo *nsi);
void nsinfo__put(struct nsinfo *nsi);	/* NULL is a no-op */
/*
 * Hold the process's root directory and mount namespace open: its files
 * are then opened there even after it exits (the namespace and its mounts
 * live as long as we hold it), and never in a process that reuses its
 * pid. Two file descriptors. 0 or -errno (the process is gone).
 */
int nsinfo__pin(struct nsinfo *nsi);
/* Same mount namespace (NULL is ours). */
bool nsinfo__same_mntns(const struct nsinfo *a, const struct nsinfo *b);

/*
 * @path (absolute, as the process sees it) as a path we can open:
 * "/proc/PID/root@path" in another mount namespace, else @path. NULL
 * @nsi: @path. Returns snprintf's length.
 */
int nsinfo__path(const struct nsinfo *nsi, const char *path, char *buf, size_t size);
/*
 * Open @path as the process sees it: under its root (pinned: the root
 * held, absolute symlinks staying inside; else /proc/PID/root), and when
 * that is refused, by entering its mount namespace for the open (setns;
 * needs CAP_SYS_ADMIN and a single-threaded caller). fd or -errno.
 */
int nsinfo__open(const struct nsinfo *nsi, const char *path, int flags);
/* "/tmp/perf-<nstgid>.map", its JIT map as the process names it. */
int nsinfo__perf_map_name(const struct nsinfo *nsi, char *buf, size_t size);

#endif
