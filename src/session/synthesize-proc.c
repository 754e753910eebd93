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
#include "prof/cgroup.h"
#include "prof/build-id.h"
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
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

/*
 * The leader's maps: executable ones, and readable data ones with -d.
 * -errno when the maps cannot be opened (a process not ours to read).
 */
static int synth_maps(struct strbuf *sb, const struct synth_opts *o, pid_t pid)
{
	char path[64], *line = NULL;
	size_t cap = 0, last = (size_t)-1;
	u64 t0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/task/%d/maps", proc_root(o), pid, pid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	t0 = o->map_timeout_ns ? now_ns() : 0;
	while (getline(&line, &cap, f) > 0) {
		struct synth_mmap2 m = { .misc = PERF_RECORD_MISC_USER };
		struct build_id bid = { .size = 0 };
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
		if (o->build_id_maps && name[0] == '/' && !filename__read_build_id(name, &bid) &&
		    bid.size) {
			m.build_id = bid.data;
			m.build_id_size = (u8)bid.size;
		}
		last = sb->len;
		synth__mmap2(sb, &m, o->id_hdr_size);
		/* perf gives up on a process whose maps take too long to read */
		if (t0 && now_ns() - t0 > o->map_timeout_ns) {
			struct perf_event_header *h = (void *)(sb->buf + last);

			h->misc |= PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT;
			pr_info("Reading %s time out. You may want to increase the time limit "
				"by --proc-map-timeout", path);
			break;
		}
	}
	free(line);
	fclose(f);
	return 0;
}

/* 0, -ESRCH for a process gone, or synth_maps()'s error */
static int synth_process(struct strbuf *sb, const struct synth_opts *o, pid_t pid,
			 const pid_t *only_tids, int nr_only, bool fork)
{
	const char *proc = proc_root(o);
	pid_t tgid, ppid;
	bool kthread;
	char path[64], comm[32];
	struct dirent *de;
	DIR *dir;

	if (o->skip & SYNTH_SKIP_TASK)
		return 0;
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
	if (!kthread && !(o->skip & SYNTH_SKIP_MMAP))
		return synth_maps(sb, o, pid);
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
	int nr_done = 0, i, j, err = 0;

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
		err = synth_process(sb, o, pid, tids, nr, false);
		/* perf gives up on a target whose maps it cannot read */
		if (err && err != -ESRCH)
			break;
		err = 0;
	}
	free(done);
	free(tids);
	return err;
}

/* --num-thread-synthesize: a share of the processes, into its own buffer */
struct synth_share {
	const struct synth_opts *o;
	const pid_t *pids;
	int nr;
	struct strbuf sb;
};

static void *synth_share__run(void *arg)
{
	struct synth_share *w = arg;

	for (int i = 0; i < w->nr; i++)
		synth_process(&w->sb, w->o, w->pids[i], NULL, 0, true);
	return NULL;
}

int synthesize__all(struct strbuf *sb, const struct synth_opts *o)
{
	struct dirent *de;
	DIR *dir = opendir(proc_root(o));
	pid_t *pids = NULL;
	int nr = 0, alloc = 0, nt = o->nr_threads;

	if (!dir)
		return -errno;
	while ((de = readdir(dir))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		if (nr == alloc) {
			alloc = alloc ? alloc * 2 : 256;
			pids = xrealloc(pids, (size_t)alloc * sizeof(*pids));
		}
		pids[nr++] = atoi(de->d_name);
	}
	closedir(dir);
	if (nt > nr)
		nt = nr;
	if (nt > 1) {
		/* consecutive shares, appended in order: the records are the same */
		struct synth_share *w = xcalloc((size_t)nt, sizeof(*w));
		pthread_t *tids = xcalloc((size_t)nt, sizeof(*tids));
		int i, from = 0;

		for (i = 0; i < nt; i++) {
			w[i].o = o;
			w[i].pids = pids + from;
			w[i].nr = nr / nt + (i < nr % nt);
			from += w[i].nr;
			strbuf_init(&w[i].sb, 0);
			if (pthread_create(&tids[i], NULL, synth_share__run, &w[i])) {
				synth_share__run(&w[i]);
				tids[i] = 0;
			}
		}
		for (i = 0; i < nt; i++) {
			if (tids[i])
				pthread_join(tids[i], NULL);
			strbuf_add(sb, w[i].sb.buf, w[i].sb.len);
			strbuf_release(&w[i].sb);
		}
		free(tids);
		free(w);
	} else {
		for (int i = 0; i < nr; i++)
			synth_process(sb, o, pids[i], NULL, 0, true);
	}
	free(pids);
	return 0;
}

int synth_opts__parse_synth(const char *str, unsigned *skip)
{
	unsigned keep = 0;

	for (;;) {
		size_t len = strcspn(str, ",");

		if (len == 2 && !strncmp(str, "no", 2))
			;
		else if (len == 3 && !strncmp(str, "all", 3))
			keep |= SYNTH_SKIP_TASK | SYNTH_SKIP_MMAP | SYNTH_SKIP_CGROUP;
		else if (len == 4 && !strncmp(str, "task", 4))
			keep |= SYNTH_SKIP_TASK;
		else if (len == 4 && !strncmp(str, "mmap", 4))
			keep |= SYNTH_SKIP_TASK | SYNTH_SKIP_MMAP;
		else if (len == 6 && !strncmp(str, "cgroup", 6))
			keep |= SYNTH_SKIP_CGROUP;
		else
			return -EINVAL;
		if (!str[len])
			break;
		str += len + 1;
	}
	*skip = ~keep & (SYNTH_SKIP_TASK | SYNTH_SKIP_MMAP | SYNTH_SKIP_CGROUP);
	return 0;
}

/* perf's cgroup id: the directory's file handle, as a u64 */
static u64 cgroup_id(const char *path)
{
	struct {
		struct file_handle fh;
		u64 id;
	} h = { .fh.handle_bytes = sizeof(u64) };
	int mount_id;

	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0) < 0)
		return 0;
	return h.id;
}

static void synth_cgroup_tree(struct strbuf *sb, const struct synth_opts *o, char *path,
			      size_t root_len, size_t len, size_t size)
{
	struct dirent *de;
	DIR *dir;

	synth__cgroup(sb, cgroup_id(path), len > root_len ? path + root_len : "/",
		      o->id_hdr_size);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		if (len + 1 + strlen(de->d_name) >= size)
			continue;
		snprintf(path + len, size - len, "/%s", de->d_name);
		synth_cgroup_tree(sb, o, path, root_len, strlen(path), size);
		path[len] = 0;
	}
	closedir(dir);
}

int synthesize__cgroups(struct strbuf *sb, const struct synth_opts *o)
{
	char path[PATH_MAX];
	size_t len;

	if (o->skip & SYNTH_SKIP_CGROUP)
		return 0;
	if (cgroupfs__mountpoint(path, sizeof(path)))
		return -ENOENT;
	len = strlen(path);
	synth_cgroup_tree(sb, o, path, len, len, sizeof(path));
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

int kernel_modules__for_each(const char *procdir, kernel_module_cb cb, void *arg)
{
	char *mods, *dep = NULL, *line, *save = NULL, path[512];
	struct utsname un;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/modules", procdir);
	mods = read_file_str(path, NULL);
	if (!mods)
		return 0;
	if (!uname(&un)) {
		snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", un.release);
		dep = read_file_str(path, NULL);
	}
	for (line = strtok_r(mods, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save)) {
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
		ret = cb(name, full, addr, size, arg);
		free(file);
		free(full);
	}
	free(dep);
	free(mods);
	return ret;
}

static int synth_module(const char *name, const char *path, u64 addr, u64 size, void *arg)
{
	struct { struct strbuf *sb; const struct synth_opts *o; } *a = arg;

	synth__mmap(a->sb, PERF_RECORD_MISC_KERNEL, (u32)-1, 0, addr, size, 0, path,
		    a->o->id_hdr_size);
	return 0;
}

int synthesize__kernel(struct strbuf *sb, const struct synth_opts *o)
{
	u64 text = 0, etext = 0;
	struct { struct strbuf *sb; const struct synth_opts *o; } arg = { sb, o };

	if (machine_info__kernel_text(&text, &etext) == 0 && text) {
		struct build_id bid = { .size = 0 };

		/* --buildid-mmap: perf's kernel map is an MMAP2 with its build-id */
		if (o->build_id_maps && !kernel__read_build_id(&bid) && bid.size) {
			struct synth_mmap2 m = {
				.misc = PERF_RECORD_MISC_KERNEL, .pid = (u32)-1, .start = text,
				.len = etext > text ? etext - text : 0, .pgoff = text,
				.build_id = bid.data, .build_id_size = (u8)bid.size,
				.filename = "[kernel.kallsyms]_text",
			};

			synth__mmap2(sb, &m, o->id_hdr_size);
		} else {
			synth__kernel_mmap(sb, text, etext, o->id_hdr_size);
		}
	}
	return kernel_modules__for_each(proc_root(o), synth_module, &arg);
}
