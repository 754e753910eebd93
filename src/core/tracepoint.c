// SPDX-License-Identifier: GPL-2.0-only
/*
 * tracepoint.c: tracepoint discovery in tracefs, and their formats.
 */
#include "prof/compat.h"
#include "prof/pmu.h"
#include "prof/tracepoint.h"
#include "prof/util.h"
#include <dirent.h>
#include <sys/mount.h>
#include <sys/stat.h>
#ifdef HAVE_LIBTRACEEVENT
#include <event-parse.h>
#endif

static char events_dir[PATH_MAX];
static char events_dir_root[PATH_MAX];

const char *tracepoint__events_dir(void)
{
	const char *root = sysfs__root();
	struct stat st;

	if (events_dir[0] && !strcmp(events_dir_root, root))
		return events_dir;
	snprintf(events_dir_root, sizeof(events_dir_root), "%s", root);
	snprintf(events_dir, sizeof(events_dir), "%s/kernel/tracing/events", root);
	if (stat(events_dir, &st) == 0)
		return events_dir;
	snprintf(events_dir, sizeof(events_dir), "%s/kernel/debug/tracing/events", root);
	if (stat(events_dir, &st) == 0)
		return events_dir;
	/*
	 * Neither: the primary location, mounted there first as perf does
	 * when it may (root, or CAP_SYS_ADMIN) and the sysfs is the real one.
	 * Otherwise a message names this path and the mount to do.
	 */
	snprintf(events_dir, sizeof(events_dir), "%s/kernel/tracing/events", root);
	if (!strcmp(root, "/sys") &&
	    mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0)
		pr_debug(1, "mounted tracefs on /sys/kernel/tracing\n");
	return events_dir;
}

int tracepoint__id(const char *sys, const char *name, u64 *id)
{
	char *path;
	int ret;

	if (strchr(sys, '/') || strchr(name, '/'))
		return -EINVAL;
	path = xasprintf("%s/%s/%s/id", tracepoint__events_dir(), sys, name);
	ret = read_file_u64(path, id);
	free(path);
	return ret;
}

bool tracepoint__exists(const char *sys, const char *name)
{
	u64 id;

	return tracepoint__id(sys, name, &id) == 0;
}

char *tracepoint__format_text(const char *sys, const char *name)
{
	char *path = xasprintf("%s/%s/%s/format", tracepoint__events_dir(), sys, name);
	char *s = read_file_str(path, NULL);
	int err = errno;

	free(path);
	errno = err;
	return s;
}

static bool is_dir_entry(const char *parent, const struct dirent *d)
{
	struct stat st;
	char *path;
	bool ret;

	if (d->d_name[0] == '.')
		return false;
	if (d->d_type == DT_DIR)
		return true;
	if (d->d_type != DT_UNKNOWN && d->d_type != DT_LNK)
		return false;
	path = xasprintf("%s/%s", parent, d->d_name);
	ret = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
	free(path);
	return ret;
}

static bool has_id(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s/id", dir, name);
	bool ret = access(path, R_OK) == 0;

	free(path);
	return ret;
}

/* Names of the subdirectories of @dir, sorted or in readdir order. */
static char **list_dirs(const char *dir, bool sorted, int *nr)
{
	struct dirent **names, *d;
	char **out = NULL;
	size_t alloc = 0;
	int n = 0, i, cnt;
	DIR *dp;

	*nr = 0;
	if (sorted) {
		cnt = scandir(dir, &names, NULL, alphasort);
		if (cnt < 0)
			return NULL;
		for (i = 0; i < cnt; i++) {
			if (is_dir_entry(dir, names[i])) {
				out = xgrow(out, sizeof(*out), (size_t)n + 1, &alloc);
				out[n++] = xstrdup(names[i]->d_name);
			}
			free(names[i]);
		}
		free(names);
		*nr = n;
		return out;
	}
	dp = opendir(dir);
	if (!dp)
		return NULL;
	while ((d = readdir(dp))) {
		if (!is_dir_entry(dir, d))
			continue;
		out = xgrow(out, sizeof(*out), (size_t)n + 1, &alloc);
		out[n++] = xstrdup(d->d_name);
	}
	closedir(dp);
	*nr = n;
	return out;
}

static void free_list(char **l, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

int tracepoints__for_each(bool sorted, const char *sys_glob,
			  const char *name_glob, tracepoint_cb cb, void *data)
{
	const char *events = tracepoint__events_dir();
	char **systems, *sysdir;
	int nsys, s, ret = 0;

	systems = list_dirs(events, sorted, &nsys);
	if (!systems)
		return -errno;
	for (s = 0; s < nsys && !ret; s++) {
		char **evs;
		int nev, e;

		if (sys_glob && !strglobmatch(systems[s], sys_glob))
			continue;
		sysdir = xasprintf("%s/%s", events, systems[s]);
		evs = list_dirs(sysdir, sorted, &nev);
		for (e = 0; e < nev && !ret; e++) {
			if (name_glob && !strglobmatch(evs[e], name_glob))
				continue;
			if (!has_id(sysdir, evs[e]))
				continue;
			ret = cb(systems[s], evs[e], data);
		}
		free_list(evs, nev);
		free(sysdir);
	}
	free_list(systems, nsys);
	return ret;
}

#ifdef HAVE_LIBTRACEEVENT
static struct tep_handle *tep;

struct tep_handle *tracepoint__tep(void)
{
	if (!tep)
		tep = tep_alloc();
	return tep;
}

struct tep_event *tracepoint__format(const char *sys, const char *name)
{
	struct tep_handle *h = tracepoint__tep();
	struct tep_event *event;
	char *text;
	size_t len;

	if (!h)
		return NULL;
	event = tep_find_event_by_name(h, sys, name);
	if (event)
		return event;
	text = tracepoint__format_text(sys, name);
	if (!text)
		return NULL;
	len = strlen(text);
	if (tep_parse_format(h, &event, text, len, sys) != TEP_ERRNO__SUCCESS)
		event = NULL;
	free(text);
	return event;
}
#endif
