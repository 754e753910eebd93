// SPDX-License-Identifier: GPL-2.0-only
/*
 * buildid-dir.c: where the build-id cache lives. One answer for every
 * module (list reads SDT probes there, the symbolizer binaries and
 * kallsyms copies, record fills it): --buildid-dir, else the environment
 * variable PROF_BUILDID_DIR, else ~/.debug. Like perf, PERF_BUILDID_DIR is
 * not read: perf only exports it to the programs it runs.
 */
#include "prof/compat.h"
#include "prof/util.h"

static char *dir_set;

void set_buildid_dir(const char *dir)
{
	free(dir_set);
	dir_set = dir && *dir ? xstrdup(dir) : NULL;
}

const char *buildid_dir(void)
{
	static char buf[PATH_MAX];
	const char *env = getenv("PROF_BUILDID_DIR"), *home;

	if (dir_set)
		return dir_set;
	if (env && *env)
		return env;
	home = getenv("HOME");
	snprintf(buf, sizeof(buf), "%s/.debug", home && *home ? home : "");
	return buf;
}
