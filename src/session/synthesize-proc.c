// SPDX-License-Identifier: GPL-2.0-only
/*
 * synthesize-proc.c: what existed before the recording, from /proc, as the
 * records perf synthesizes (see synthesize.h). Order follows perf 6.1:
 * the kernel map and modules first; per process FORK (system-wide only)
 * and COMM for every thread, then the leader's MMAP2s in address order.
 */
#include "prof/compat.h"
#include "prof/synthesize.h"
#include "prof/data-writer.h"
#include "prof/cpumap.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <dirent.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/utsname.h>

static const char *proc_root(const struct synth_opts *o)
{
	return o->proc ? o->proc : "/proc";
}

/* Tgid and PPid from /proc/TID/status; kernel threads have no VmPeak. */
static int read_status(const char *proc, pid_t tid, pid_t *tgid, pid_t *ppid,
		       bool *kthread)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/status", proc, tid);
	f = fopen(path, "re");
	if (!f)
		return -ESRCH;
	*tgid = -1;
	*ppid = 0;
	*kthread = true;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Tgid:", 5))
			*tgid = atoi(line + 5);
		else if (!strncmp(line, "PPid:", 5))
			*ppid = atoi(line + 5);
		else if (!strncmp(line, "VmPeak:", 7))
			*kthread = false;
	}
	fclose(f);
	return *tgid < 0 ? -ESRCH : 0;
}

pid_t proc__tgid(const char *proc, pid_t tid)
{
	pid_t tgid, ppid;
	bool kt;

	return read_status(proc ? proc : "/proc", tid, &tgid, &ppid, &kt) ? -1 : tgid;
}

static void read_comm(const char *proc, pid_t pid, pid_t tid, char *buf, size_t size)
{
	char path[96];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/task/%d/comm", proc, pid, tid);
	buf[0] = 0;
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

void synthesize__namespaces(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
			    pid_t tid)
{
	static const char *const names[] = {
		"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
	};
	u64 links[ARRAY_SIZE(names)][2];
	char path[96];
	struct stat st;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(path, sizeof(path), "%s/%d/task/%d/ns/%s", proc_root(o), pid, tid,
			 names[i]);
		if (stat(path, &st))
			memset(&st, 0, sizeof(st));	/* perf writes 0/0 too */
		links[i][0] = (u64)st.st_dev;
		links[i][1] = (u64)st.st_ino;
	}
	synth__namespaces(sb, (u32)pid, (u32)tid, (const u64 (*)[2])links,
			  (u32)ARRAY_SIZE(names), o->id_hdr_size);
}

/* The leader's maps: executable ones, and readable data ones with -d. */
static void synth_maps(struct strbuf *sb, const struct synth_opts *o, pid_t pid)
{
	char path[64], *line = NULL;
	size_t cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/task/%d/maps", proc_root(o), pid, pid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		struct synth_mmap2 m = { .misc = PERF_RECORD_MISC_USER };
		unsigned long long start, end, pgoff, ino;
		unsigned int maj, min;
		char perm[8];
		int n = 0;
		char *name;

		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perm,
			   &pgoff, &maj, &min, &ino, &n) < 7 || !n)
			continue;
		name = line + n;
		name[strcspn(name, "\n")] = 0;
		if (perm[2] != 'x') {
			if (!o->data_maps || perm[0] != 'r')
				continue;
			m.misc |= PERF_RECORD_MISC_MMAP_DATA;
		}
		m.prot = (perm[0] == 'r' ? PROT_READ : 0) | (perm[1] == 'w' ? PROT_WRITE : 0) |
			 (perm[2] == 'x' ? PROT_EXEC : 0);
		m.flags = perm[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
		m.pid = m.tid = (u32)pid;
		m.start = start;
		m.len = end - start;
		m.pgoff = pgoff;
		m.maj = maj;
		m.min = min;
		m.ino = ino;
		if (!*name) {
			name = "//anon";
		} else if (strstarts(name, "/anon_hugepage") || strstarts(name, "/dev/hugepages")) {
			name = "//anon";
			m.flags |= MAP_HUGETLB;
		}
		m.filename = name;
		synth__mmap2(sb, &m, o->id_hdr_size);
	}
	free(line);
	fclose(f);
}

static int synth_process(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
			 const pid_t *only_tids, int nr_only, bool fork)
{
	const char *proc = proc_root(o);
	pid_t tgid, ppid;
	bool kthread;
	char path[64], comm[32];
	struct dirent *de;
	DIR *dir;

	if (read_status(proc, pid, &tgid, &ppid, &kthread))
		return -ESRCH;
	snprintf(path, sizeof(path), "%s/%d/task", proc, pid);
	dir = opendir(path);
	if (!dir)
		return -ESRCH;
	while ((de = readdir(dir))) {
		pid_t tid;
		int i;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		tid = atoi(de->d_name);
		if (nr_only) {
			for (i = 0; i < nr_only; i++)
				if (only_tids[i] == tid)
					break;
			/* perf also describes the leader of a requested thread */
			if (i == nr_only && tid != pid)
				continue;
		}
		read_comm(proc, pid, tid, comm, sizeof(comm));
		if (fork) {
			u32 parent = tid == pid ? (u32)ppid : (u32)pid;

			synth__fork(sb, (u32)pid, parent, (u32)tid, parent, 0, true,
				    o->id_hdr_size);
			if (o->namespaces)
				synthesize__namespaces(sb, o, pid, tid);
		}
		synth__comm(sb, (u32)pid, (u32)tid, comm, false, o->id_hdr_size);
		/* perf: after FORK system-wide, after COMM for -p/-t */
		if (o->namespaces && !fork)
			synthesize__namespaces(sb, o, pid, tid);
	}
	closedir(dir);
	if (!kthread)
		synth_maps(sb, o, pid);
	return 0;
}

int synthesize__thread(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
		       pid_t tid, bool fork)
{
	return synth_process(sb, o, pid, tid > 0 ? &tid : NULL, tid > 0, fork);
}

int synthesize__thread_map(struct strbuf *sb, const struct synth_opts *o,
			   const struct thread_map *threads)
{
	pid_t *done = xcalloc((size_t)threads->nr + 1, sizeof(pid_t));
	pid_t *tids = xcalloc((size_t)threads->nr + 1, sizeof(pid_t));
	int nr_done = 0, i, j;

	/* Group the tids by process so each process is described once. */
	for (i = 0; i < threads->nr; i++) {
		pid_t pid = proc__tgid(proc_root(o), threads->map[i]);
		int nr = 0;

		if (pid <= 0)
			continue;
		for (j = 0; j < nr_done; j++)
			if (done[j] == pid)
				break;
		if (j < nr_done)
			continue;
		done[nr_done++] = pid;
		for (j = i; j < threads->nr; j++)
			if (proc__tgid(proc_root(o), threads->map[j]) == pid)
				tids[nr++] = threads->map[j];
		synth_process(sb, o, pid, tids, nr, false);
	}
	free(done);
	free(tids);
	return 0;
}

int synthesize__all(struct strbuf *sb, const struct synth_opts *o)
{
	struct dirent *de;
	DIR *dir = opendir(proc_root(o));

	if (!dir)
		return -errno;
	while ((de = readdir(dir))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		synth_process(sb, o, atoi(de->d_name), NULL, 0, true);
	}
	closedir(dir);
	return 0;
}

/* The module's file from modules.dep ("kernel/x/y.ko: deps"), or NULL. */
static char *module_path(const char *dep, const char *name)
{
	const char *p = dep;
	size_t nlen = strlen(name);

	while (p && *p) {
		const char *eol = strchr(p, '\n'), *colon = strchr(p, ':');
		const char *base;

		if (!eol)
			eol = p + strlen(p);
		if (colon && colon < eol) {
			base = colon;
			while (base > p && base[-1] != '/')
				base--;
			/* "foo-bar.ko[.xz]" matches module "foo_bar" */
			if ((size_t)(colon - base) > nlen && base[nlen] == '.') {
				size_t k;

				for (k = 0; k < nlen; k++) {
					char c = base[k] == '-' ? '_' : base[k];

					if (c != name[k])
						break;
				}
				if (k == nlen)
					return xstrndup(p, (size_t)(colon - p));
			}
		}
		p = *eol ? eol + 1 : NULL;
	}
	return NULL;
}

int synthesize__kernel(struct strbuf *sb, const struct synth_opts *o)
{
	u64 text = 0, etext = 0;
	char *mods, *dep = NULL, *line, *save = NULL, path[512];
	struct utsname un;

	if (machine_info__kernel_text(&text, &etext) == 0 && text)
		synth__kernel_mmap(sb, text, etext, o->id_hdr_size);
	snprintf(path, sizeof(path), "%s/modules", proc_root(o));
	mods = read_file_str(path, NULL);
	if (!mods)
		return 0;
	if (!uname(&un)) {
		snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", un.release);
		dep = read_file_str(path, NULL);
	}
	for (line = strtok_r(mods, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[128];
		unsigned long long size, addr = 0;
		char *p, *file, *full;

		/* name size refcnt deps state addr */
		if (sscanf(line, "%127s %llu", name, &size) != 2)
			continue;
		p = strstr(line, "0x");
		if (!p || sscanf(p, "%llx", &addr) != 1 || !addr)
			continue;
		file = dep ? module_path(dep, name) : NULL;
		if (file)
			full = xasprintf("/lib/modules/%s/%s", un.release, file);
		else
			full = xasprintf("[%s]", name);
		synth__mmap(sb, PERF_RECORD_MISC_KERNEL, (u32)-1, 0, addr, size, 0, full,
			    o->id_hdr_size);
		free(file);
		free(full);
	}
	free(dep);
	free(mods);
	return 0;
}
