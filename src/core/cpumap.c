// SPDX-License-Identifier: GPL-2.0-only
/* cpumap.c: CPU and thread maps (see include/prof/cpumap.h). */
#include "prof/compat.h"
#include "prof/cpumap.h"
#include "prof/util.h"
#include <dirent.h>
#include <pwd.h>
#include <sys/stat.h>
#include "prof/strbuf.h"

static struct cpu_map *cpu_map__alloc(int nr)
{
	struct cpu_map *m = xzalloc(sizeof(*m) + (size_t)nr * sizeof(int));

	m->refcnt = 1;
	m->nr = nr;
	return m;
}

static struct cpu_map *cpu_map__from_list(const char *list)
{
	struct cpu_map *m;
	int *cpus, nr;

	if (parse_int_list(list, &cpus, &nr))
		return NULL;
	m = cpu_map__alloc(nr);
	memcpy(m->map, cpus, (size_t)nr * sizeof(int));
	free(cpus);
	return m;
}

struct cpu_map *cpu_map__new_online(void)
{
	char *s = read_file_str("/sys/devices/system/cpu/online", NULL);
	struct cpu_map *m;
	long i, n;

	if (s) {
		m = cpu_map__from_list(s);
		free(s);
		if (m)
			return m;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	m = cpu_map__alloc((int)n);
	for (i = 0; i < n; i++)
		m->map[i] = (int)i;
	return m;
}

struct cpu_map *cpu_map__new(const char *list)
{
	struct cpu_map *m;

	if (!list)
		return cpu_map__new_online();
	m = cpu_map__from_list(list);
	if (!m)
		errno = EINVAL;
	return m;
}

struct cpu_map *cpu_map__new_any(void)
{
	struct cpu_map *m = cpu_map__alloc(1);

	m->map[0] = -1;
	return m;
}

struct cpu_map *cpu_map__get(struct cpu_map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void cpu_map__put(struct cpu_map *map)
{
	if (map && --map->refcnt == 0)
		free(map);
}

int cpu_map__idx(const struct cpu_map *map, int cpu)
{
	int i;

	for (i = 0; i < map->nr; i++)
		if (map->map[i] == cpu)
			return i;
	return -1;
}

bool cpu_map__is_any(const struct cpu_map *map)
{
	return map->nr == 1 && map->map[0] == -1;
}

char *cpu_map__snprint(const struct cpu_map *map, char *buf, size_t size)
{
	size_t len = 0;
	int i = 0;

	buf[0] = '\0';
	while (i < map->nr && len < size) {
		int start = map->map[i];

		while (i + 1 < map->nr && map->map[i + 1] == map->map[i] + 1)
			i++;
		if (map->map[i] == start)
			len += (size_t)snprintf(buf + len, size - len, "%s%d",
						len ? "," : "", start);
		else
			len += (size_t)snprintf(buf + len, size - len, "%s%d-%d",
						len ? "," : "", start, map->map[i]);
		i++;
	}
	return buf;
}

int cpu_map__check_online(const struct cpu_map *map)
{
	struct cpu_map *online = cpu_map__new_online();
	char buf[256];
	int i, ret = 0;

	for (i = 0; i < map->nr && !ret; i++) {
		if (map->map[i] >= 0 && cpu_map__idx(online, map->map[i]) < 0)
			ret = error("CPU %d is not online (online CPUs: %s)", map->map[i],
				    cpu_map__snprint(online, buf, sizeof(buf)));
	}
	cpu_map__put(online);
	return ret;
}

int cpu__nr_online(void)
{
	struct cpu_map *m = cpu_map__new_online();
	int nr = m->nr;

	cpu_map__put(m);
	return nr;
}

int cpu__max_present(void)
{
	char *s = read_file_str("/sys/devices/system/cpu/present", NULL);
	struct cpu_map *m = s ? cpu_map__from_list(s) : NULL;
	int max = m ? m->map[m->nr - 1] + 1 : cpu__nr_online();

	free(s);
	cpu_map__put(m);
	return max;
}

static struct thread_map *thread_map__alloc(int nr)
{
	struct thread_map *m = xzalloc(sizeof(*m) + (size_t)nr * sizeof(pid_t));

	m->refcnt = 1;
	m->nr = nr;
	return m;
}

struct thread_map *thread_map__new_any(void)
{
	return thread_map__new_pid(-1);
}

struct thread_map *thread_map__new_pid(pid_t pid)
{
	struct thread_map *m = thread_map__alloc(1);

	m->map[0] = pid;
	return m;
}

static int cmp_pid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* Append every tid of process @pid; -ESRCH if it does not exist. */
static int add_tasks(pid_t pid, pid_t **arr, int *nr, size_t *alloc)
{
	char path[64];
	struct dirent *de;
	DIR *dir;
	int start = *nr;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return -ESRCH;
	while ((de = readdir(dir))) {
		char *end;
		long tid = strtol(de->d_name, &end, 10);

		if (*end || end == de->d_name)
			continue;
		*arr = xgrow(*arr, sizeof(pid_t), (size_t)*nr + 1, alloc);
		(*arr)[(*nr)++] = (pid_t)tid;
	}
	closedir(dir);
	qsort(*arr + start, (size_t)(*nr - start), sizeof(pid_t), cmp_pid);
	return 0;
}

/* Every thread of every process in /proc, by pid then tid. */
struct thread_map *thread_map__new_all(void)
{
	struct dirent **names = NULL;
	pid_t *arr = NULL;
	size_t alloc = 0;
	int nr = 0, n;
	struct thread_map *m;

	n = scandir("/proc", &names, NULL, NULL);
	if (n < 0)
		return NULL;
	{
		pid_t *pids = xcalloc((size_t)n + 1, sizeof(*pids));
		int np = 0;

		for (int i = 0; i < n; i++) {
			char *end;
			long pid = strtol(names[i]->d_name, &end, 10);

			if (!*end && end != names[i]->d_name && pid > 0)
				pids[np++] = (pid_t)pid;
			free(names[i]);
		}
		free(names);
		qsort(pids, (size_t)np, sizeof(*pids), cmp_pid);
		for (int i = 0; i < np; i++)
			add_tasks(pids[i], &arr, &nr, &alloc);	/* gone since: skipped */
		free(pids);
	}
	m = thread_map__alloc(nr);
	if (nr)
		memcpy(m->map, arr, (size_t)nr * sizeof(pid_t));
	free(arr);
	return m;
}

/*
 * -p/-t lists as perf reads them: comma-separated numbers, no ranges.
 * NULL with errno ESRCH when a task does not exist or a token is no
 * number (perf's "No such process" for both).
 */
struct thread_map *thread_map__new_str(const char *pids, const char *tids)
{
	const char *list = pids ? pids : tids, *p;
	pid_t *arr = NULL;
	size_t alloc = 0;
	int nr = 0;
	struct thread_map *m;

	if (!list)
		return thread_map__new_any();
	for (p = list; *p;) {
		char *end, path[64];
		long id;

		if (*p == ',') {
			p++;
			continue;
		}
		errno = 0;
		id = strtol(p, &end, 10);
		if (end == p || errno || id <= 0 || id > INT_MAX || (*end && *end != ','))
			goto no_such;
		p = end;
		if (pids) {
			if (add_tasks((pid_t)id, &arr, &nr, &alloc))
				goto no_such;
			continue;
		}
		snprintf(path, sizeof(path), "/proc/%ld", id);
		if (access(path, F_OK))
			goto no_such;
		arr = xgrow(arr, sizeof(pid_t), (size_t)nr + 1, &alloc);
		arr[nr++] = (pid_t)id;
	}
	if (!nr)
		goto no_such;
	m = thread_map__alloc(nr);
	memcpy(m->map, arr, (size_t)nr * sizeof(pid_t));
	free(arr);
	return m;
no_such:
	free(arr);
	errno = ESRCH;
	return NULL;
}

struct thread_map *thread_map__get(struct thread_map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void thread_map__put(struct thread_map *map)
{
	if (map && --map->refcnt == 0)
		free(map);
}

char *uid__pid_list(const char *user)
{
	struct strbuf sb = STRBUF_INIT;
	struct passwd *pw = getpwnam(user);
	struct dirent *de;
	char *end;
	long uid;
	DIR *dir;

	if (pw) {
		uid = pw->pw_uid;
	} else {
		uid = strtol(user, &end, 10);
		if (*end || end == user)
			return NULL;
	}
	dir = opendir("/proc");
	if (!dir)
		return NULL;
	while ((de = readdir(dir))) {
		char path[300];
		struct stat st;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s", de->d_name);
		if (stat(path, &st) || (long)st.st_uid != uid || atoi(de->d_name) == getpid())
			continue;
		if (sb.len)
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, de->d_name);
	}
	closedir(dir);
	return strbuf_detach(&sb, NULL);
}
