// SPDX-License-Identifier: GPL-2.0-only
/*
 * cgroup.c: the cgroup directories events can be limited to (stat, record
 * and top -G) and that record --all-cgroups describes. Events take an open
 * directory fd in place of a pid, with PERF_FLAG_PID_CGROUP; the
 * directory is found under the hierarchy that has the perf_event
 * controller: a cgroup v1 mount naming it, else the cgroup2 mount.
 */
#include "prof/compat.h"
#include "prof/cgroup.h"
#include "prof/cpumap.h"
#include "prof/evsel.h"
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
		/* perf's choice among several: the last (a chroot's bind mount) */
		if (!strcmp(m->mnt_type, "cgroup2"))
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

int cgroup_sel__add(struct cgroup_sel *cs, const char *name)
{
	struct thread_map *map;
	int i, fd;

	for (i = 0; i < cs->nr_open; i++)
		if (!strcmp(cs->names[i], name))
			return i;
	fd = cgroup__open(name);
	if (fd < 0)
		return -1;
	map = thread_map__new_any();
	map->map[0] = fd;
	cs->names = xrealloc(cs->names, (size_t)(i + 1) * sizeof(char *));
	cs->maps = xrealloc(cs->maps, (size_t)(i + 1) * sizeof(*cs->maps));
	cs->names[i] = xstrdup(name);
	cs->maps[i] = map;
	cs->nr_open++;
	return i;
}

void cgroup_sel__set(struct cgroup_sel *cs, struct evsel *evsel, int cg)
{
	if (evsel->idx >= cs->nr_evsels) {
		int n = evsel->idx + 16;

		cs->of_evsel = xrealloc(cs->of_evsel, (size_t)n * sizeof(int));
		memset(cs->of_evsel + cs->nr_evsels, 0, (size_t)(n - cs->nr_evsels) * sizeof(int));
		cs->nr_evsels = n;
	}
	cs->of_evsel[evsel->idx] = cg;
}

int cgroup_sel__of(const struct cgroup_sel *cs, const struct evsel *evsel)
{
	return evsel->idx < cs->nr_evsels ? cs->of_evsel[evsel->idx] : 0;
}

static struct evsel *evlist__nth(struct evlist *evlist, int n)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (n-- == 0)
			return evsel;
	return NULL;
}

int cgroup_sel__parse(struct cgroup_sel *cs, struct evlist *evlist, const char *str)
{
	struct evsel *evsel;

	if (!evlist->nr_entries) {
		pr_info("must define events before cgroups\n");
		return -1;
	}
	for (;;) {
		const char *e = strchrnul(str, ',');

		if (e > str) {
			char *name = xstrndup(str, (size_t)(e - str));
			int cg = cgroup_sel__add(cs, name);

			free(name);
			if (cg < 0) {
				fputc('\n', stderr);
				return -1;
			}
			evsel = evlist__nth(evlist, cs->nr);
			if (!evsel) {
				fputc('\n', stderr);	/* perf: no message */
				return -1;
			}
			cgroup_sel__set(cs, evsel, cg + 1);
		}
		cs->nr++;
		if (!*e)
			break;
		str = e + 1;
	}
	if (cs->nr == 1)
		evlist__for_each_entry(evlist, evsel)
			cgroup_sel__set(cs, evsel, cgroup_sel__of(cs, evlist__first(evlist)));
	return 0;
}

struct thread_map *cgroup_sel__threads(const struct cgroup_sel *cs, struct evsel *evsel,
				       struct thread_map *threads)
{
	int cg = cs ? cgroup_sel__of(cs, evsel) : 0;

	if (!cg)
		return threads;
	evsel->open_flags |= PERF_FLAG_PID_CGROUP;
	return cs->maps[cg - 1];
}
