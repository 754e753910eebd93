// SPDX-License-Identifier: GPL-2.0-only
/*
 * cgroup.c: the cgroup directories "prof stat -G" counts in. Events take
 * an open directory fd in place of a pid, with PERF_FLAG_PID_CGROUP; the
 * directory is found under the hierarchy that has the perf_event
 * controller: a cgroup v1 mount naming it, else the cgroup2 mount.
 */
#include "prof/compat.h"
#include "prof/stat.h"
#include "prof/util.h"
#include <fcntl.h>
#include <mntent.h>

int cgroupfs__mountpoint(char *buf, size_t size)
{
	FILE *fp = setmntent("/proc/mounts", "r");
	struct mntent *m;
	char v2[PATH_MAX] = "";

	if (!fp)
		return -errno;
	while ((m = getmntent(fp))) {
		if (!strcmp(m->mnt_type, "cgroup") && hasmntopt(m, "perf_event")) {
			snprintf(buf, size, "%s", m->mnt_dir);
			endmntent(fp);
			return 0;
		}
		if (!strcmp(m->mnt_type, "cgroup2") && !v2[0])
			snprintf(v2, sizeof(v2), "%s", m->mnt_dir);
	}
	endmntent(fp);
	if (!v2[0])
		return -ENOENT;
	snprintf(buf, size, "%s", v2);
	return 0;
}

int cgroup__open(const char *name)
{
	char mnt[PATH_MAX], path[PATH_MAX * 2];
	int fd;

	if (cgroupfs__mountpoint(mnt, sizeof(mnt))) {
		pr_info("cannot find cgroup mount point");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", mnt, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		pr_info("no access to cgroup %s", path);
	return fd;
}
