/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cgroup.h: where the cgroups events can be limited to live (perf's
 * cgroupfs lookup), shared by stat -G and record --all-cgroups.
 */
#ifndef PROF_CGROUP_H
#define PROF_CGROUP_H

#include <stddef.h>

/*
 * The mount of the hierarchy with the perf_event controller (a v1 mount
 * naming it, else cgroup2) into @buf; 0 or -errno.
 */
int cgroupfs__mountpoint(char *buf, size_t size);
/* Open cgroup @name there: an fd, or -1 after perf's "no access" line. */
int cgroup__open(const char *name);

struct evlist;
struct evsel;
struct thread_map;

/*
 * -G of stat, record and top. perf counts every name given, empty ones
 * too; the Nth names the cgroup of the Nth event, and a single name
 * covers every event. An event opens on the cgroup's directory fd, which
 * stands in for the pid (a one-entry thread map) with PERF_FLAG_PID_CGROUP.
 */
struct cgroup_sel {
	int nr;				/* perf's nr_cgroups */
	int nr_open;
	char **names;
	struct thread_map **maps;	/* [i]: { fd } */
	int *of_evsel;			/* [evsel idx]: 1 + cgroup index, 0 none */
	int nr_evsels;
};
/* Open cgroup @name once: its index, or -1 after perf's message. */
int cgroup_sel__add(struct cgroup_sel *cs, const char *name);
/* @evsel in cgroup @cg (1 + index), 0 none. */
void cgroup_sel__set(struct cgroup_sel *cs, struct evsel *evsel, int cg);
int cgroup_sel__of(const struct cgroup_sel *cs, const struct evsel *evsel);
/* The -G list @str for the events of @evlist so far: 0, or -1 after perf's message. */
int cgroup_sel__parse(struct cgroup_sel *cs, struct evlist *evlist, const char *str);
/* The thread map @evsel opens on ({ fd }), or @threads without a cgroup;
 * sets PERF_FLAG_PID_CGROUP on it. */
struct thread_map *cgroup_sel__threads(const struct cgroup_sel *cs, struct evsel *evsel,
				       struct thread_map *threads);

#endif /* PROF_CGROUP_H */
