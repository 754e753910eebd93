// SPDX-License-Identifier: GPL-2.0-only
/*
 * nsinfo.c: a live process's mount and pid namespaces (see nsinfo.h):
 * /proc/PID/ns/{mnt,pid} compared with ours, NStgid from
 * /proc/PID/status, files opened through /proc/PID/root or setns.
 */
#include "prof/compat.h"
#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/openat2.h>
#include "prof/util.h"
#include "prof/nsinfo.h"

static int ns_stat(const char *pid, const char *ns, struct stat *st)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%s/ns/%s", pid, ns);
	return stat(path, st) ? -errno : 0;
}

static bool ns_differs(pid_t pid, const char *ns, struct stat *theirs)
{
	struct stat ours;
	char p[16];

	snprintf(p, sizeof(p), "%d", (int)pid);
	if (ns_stat(p, ns, theirs) || ns_stat("self", ns, &ours))
		return false;
	return theirs->st_ino != ours.st_ino || theirs->st_dev != ours.st_dev;
}

/* The last NStgid field: the pid in the innermost pid namespace. */
static pid_t read_nstgid(pid_t pid)
{
	char path[64], line[256];
	pid_t nstgid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *last;

		if (strncmp(line, "NStgid:", 7))
			continue;
		line[strcspn(line, "\n")] = 0;
		last = strrchr(line, '\t');
		nstgid = atoi(last ? last + 1 : line + 7);
		break;
	}
	fclose(f);
	return nstgid;
}

struct nsinfo *nsinfo__new(pid_t pid)
{
	struct nsinfo *nsi;
	struct stat mnt, pidns;
	bool need_setns, in_pidns;
	pid_t nstgid;

	if (pid <= 0)
		return NULL;
	need_setns = ns_differs(pid, "mnt", &mnt);
	in_pidns = ns_differs(pid, "pid", &pidns);
	if (!need_setns && !in_pidns)
		return NULL;
	nstgid = read_nstgid(pid);
	if (nstgid <= 0)
		return NULL;	/* gone meanwhile */
	nsi = xzalloc(sizeof(*nsi));
	nsi->refcnt = 1;
	nsi->pid = pid;
	nsi->nstgid = nstgid;
	nsi->need_setns = need_setns;
	nsi->in_pidns = in_pidns;
	nsi->rootfd = nsi->mntfd = -1;
	if (need_setns) {
		nsi->mntns_dev = (u64)mnt.st_dev;
		nsi->mntns_ino = (u64)mnt.st_ino;
	}
	return nsi;
}

struct nsinfo *nsinfo__new_gone(u64 dev, u64 ino)
{
	struct nsinfo *nsi;
	struct stat ours;

	if (stat("/proc/self/ns/mnt", &ours) ||
	    ((u64)ours.st_dev == dev && (u64)ours.st_ino == ino))
		return NULL;
	nsi = xzalloc(sizeof(*nsi));
	nsi->refcnt = 1;
	nsi->need_setns = true;
	nsi->mntns_dev = dev;
	nsi->mntns_ino = ino;
	nsi->rootfd = nsi->mntfd = -1;
	return nsi;
}

struct nsinfo *nsinfo__get(struct nsinfo *nsi)
{
	if (nsi)
		nsi->refcnt++;
	return nsi;
}

void nsinfo__put(struct nsinfo *nsi)
{
	if (!nsi || --nsi->refcnt > 0)
		return;
	if (nsi->rootfd >= 0)
		close(nsi->rootfd);
	if (nsi->mntfd >= 0)
		close(nsi->mntfd);
	free(nsi);
}

int nsinfo__pin(struct nsinfo *nsi)
{
	char path[64];

	if (!nsi->need_setns || nsi->rootfd >= 0)
		return 0;
	if (nsi->pid <= 0)
		return -ESRCH;
	snprintf(path, sizeof(path), "/proc/%d/root", (int)nsi->pid);
	nsi->rootfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	snprintf(path, sizeof(path), "/proc/%d/ns/mnt", (int)nsi->pid);
	nsi->mntfd = open(path, O_RDONLY | O_CLOEXEC);
	if (nsi->rootfd >= 0 && nsi->mntfd >= 0)
		return 0;
	if (nsi->rootfd >= 0)
		close(nsi->rootfd);
	if (nsi->mntfd >= 0)
		close(nsi->mntfd);
	nsi->rootfd = nsi->mntfd = -1;
	return -ESRCH;
}

bool nsinfo__same_mntns(const struct nsinfo *a, const struct nsinfo *b)
{
	bool fa = a && a->need_setns, fb = b && b->need_setns;

	if (fa != fb)
		return false;
	return !fa || (a->mntns_dev == b->mntns_dev && a->mntns_ino == b->mntns_ino);
}

int nsinfo__path(const struct nsinfo *nsi, const char *path, char *buf, size_t size)
{
	if (!nsi || !nsi->need_setns)
		return snprintf(buf, size, "%s", path);
	return snprintf(buf, size, "/proc/%d/root%s", (int)nsi->pid, path);
}

/* Enter the mount namespace for one open(2), then come back (cwd too). */
static int open_in_mntns(const struct nsinfo *nsi, const char *path, int flags)
{
	char ns[64];
	int ours, theirs, cwd, fd, err;

	snprintf(ns, sizeof(ns), "/proc/%d/ns/mnt", (int)nsi->pid);
	theirs = nsi->mntfd >= 0 ? dup(nsi->mntfd) : open(ns, O_RDONLY | O_CLOEXEC);
	if (theirs < 0)
		return -errno;
	ours = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	cwd = open(".", O_PATH | O_CLOEXEC);
	if (ours < 0 || cwd < 0 || setns(theirs, CLONE_NEWNS)) {
		err = -errno;
		goto out;
	}
	fd = open(path, flags | O_CLOEXEC);
	err = fd < 0 ? -errno : fd;
	if (setns(ours, CLONE_NEWNS) || fchdir(cwd)) {
		/* Stuck in their namespace: nothing else may be trusted. */
		warning("cannot leave the mount namespace of pid %d: %s",
			(int)nsi->pid, strerror(errno));
	}
out:
	if (cwd >= 0)
		close(cwd);
	if (ours >= 0)
		close(ours);
	close(theirs);
	return err;
}

/* @path under the held root, as if it were "/" (symlinks and ".." too). */
static int open_in_root(int rootfd, const char *path, int flags)
{
	struct open_how how = {
		.flags = (u64)(flags | O_CLOEXEC),
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	long fd = syscall(SYS_openat2, rootfd, path, &how, sizeof(how));

	if (fd < 0 && errno == ENOSYS)	/* before 5.6: no jail for symlinks */
		fd = openat(rootfd, path + strspn(path, "/"), flags | O_CLOEXEC);
	return fd < 0 ? -errno : (int)fd;
}

int nsinfo__open(const struct nsinfo *nsi, const char *path, int flags)
{
	char buf[PATH_MAX];
	int fd;

	if (nsi && nsi->pid <= 0)
		return -ESRCH;		/* nsinfo__new_gone: nowhere to look */
	if (nsi && nsi->rootfd >= 0) {
		fd = open_in_root(nsi->rootfd, path, flags);
	} else {
		nsinfo__path(nsi, path, buf, sizeof(buf));
		fd = open(buf, flags | O_CLOEXEC);
		fd = fd < 0 ? -errno : fd;
	}
	if (nsi && nsi->need_setns && (fd == -EACCES || fd == -EPERM))
		fd = open_in_mntns(nsi, path, flags);
	return fd;
}

int nsinfo__perf_map_name(const struct nsinfo *nsi, char *buf, size_t size)
{
	return snprintf(buf, size, "/tmp/perf-%d.map", (int)nsi->nstgid);
}
