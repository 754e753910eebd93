// SPDX-License-Identifier: GPL-2.0-only
/*
 * dso-hits.c: the DSOs a recording's samples hit (see dso-hits.h).
 *
 * Invariants:
 *  1. Per process, the maps are the file-backed MMAP/MMAP2 ranges seen
 *     so far; a new map replaces what it overlaps, a fork copies the
 *     parent's. An exec clears nothing: the buffers of a pass are read one
 *     CPU after the other, so the new image's maps may come first. Kernel
 *     and module maps live in one pseudo-process.
 *  2. A DSO is a (name, mount namespace) pair: the same path in two
 *     containers is two DSOs, each opened in its own namespace.
 *  3. At most DSO_HITS_MAX_PINNED namespaces are held open (two fds each).
 */
#include "prof/compat.h"
#include "prof/dso-hits.h"
#include "prof/build-id.h"
#include "prof/data-writer.h"
#include "prof/dso.h"
#include "prof/jitdump.h"
#include "prof/machine.h"
#include "prof/nsinfo.h"
#include "prof/session.h"
#include "prof/util.h"
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

struct hmap {
	u64 start, end;
	int dso;
};

struct hproc {
	pid_t pid;
	struct hmap *maps;
	size_t nr, alloc;
	bool sorted;
	bool ns_read;
	struct nsinfo *nsi;	/* its namespaces when not ours (a reference) */
	u64 mnt_dev, mnt_ino;	/* its mount namespace from NAMESPACES, 0: unknown */
};

/*
 * A DSO of a process in another mount namespace (or a JIT map named with
 * another pid namespace's pid) is opened there at the end: its build-id
 * and the copy in the build-id cache come from that file. The process's
 * namespace was pinned when it was first seen, so the container may be
 * gone by then.
 */
struct hdso {
	char *name;
	bool hit, kernel;
	bool jit;		/* name is /tmp/perf-PID.map */
	bool jitdump;		/* name is a jit-PID.dump a process mapped */
	struct nsinfo *nsi;	/* look it up there (a reference), or NULL */
	/* the BUILD_ID entry's name when not @name: a dump named with another
	 * pid namespace's pid is listed as /proc/<our pid>/root<name> */
	char *entry_name;
	bool taken;		/* given out by dso_hits__take_new() */
};

struct dso_hits {
	struct hproc *procs;	/* open addressing on pid */
	size_t nr_procs, cap;
	struct hproc kernel;
	struct hdso *dsos;
	size_t nr_dsos, dso_alloc;
	u64 first_time, last_time;
	u64 types[1];		/* sample_type of the first event */
	bool have_types;
	u64 *ids, *id_types;	/* IDENTIFIER -> sample_type */
	size_t nr_ids;
	size_t nr_pinned;	/* namespaces held open (at most DSO_HITS_MAX_PINNED) */
	bool all;		/* --buildid-all */
	const char *vmlinux;	/* --vmlinux */
	size_t nr_taken;	/* DSOs given out by dso_hits__take_new() */
	bool new_hits;		/* a DSO was hit since the last take */
};

/* Two fds each: a bound for -a on a host with many containers. */
#define DSO_HITS_MAX_PINNED 256

static struct hproc *dso_hits__proc(struct dso_hits *h, pid_t pid, bool create)
{
	size_t i;

	if (pid == 0)
		return NULL;	/* 0 marks a free slot; the idle task has no user maps */

	if (h->nr_procs * 2 >= h->cap) {
		struct hproc *old = h->procs;
		size_t oldcap = h->cap, j;

		h->cap = h->cap ? h->cap * 2 : 256;
		h->procs = xcalloc(h->cap, sizeof(*h->procs));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].pid)
				continue;
			for (i = (size_t)old[j].pid % h->cap; h->procs[i].pid; i = (i + 1) % h->cap)
				;
			h->procs[i] = old[j];
		}
		free(old);
	}
	for (i = (size_t)(u32)pid % h->cap; h->procs[i].pid; i = (i + 1) % h->cap)
		if (h->procs[i].pid == pid)
			return &h->procs[i];
	if (!create)
		return NULL;
	h->procs[i].pid = pid;
	h->nr_procs++;
	return &h->procs[i];
}

/* @nsi: the namespaces to open it in (a file of another mount namespace
 * is another DSO than ours of the same name), NULL for ours. */
static int dso_hits__dso(struct dso_hits *h, const char *name, bool kernel, bool jit,
		     struct nsinfo *nsi)
{
	struct hdso *d;
	size_t i;

	for (i = h->nr_dsos; i-- > 0;)
		if (!strcmp(h->dsos[i].name, name) && nsinfo__same_mntns(h->dsos[i].nsi, nsi))
			return (int)i;
	h->dsos = xgrow(h->dsos, sizeof(*h->dsos), h->nr_dsos + 1, &h->dso_alloc);
	d = &h->dsos[h->nr_dsos];
	memset(d, 0, sizeof(*d));
	d->name = xstrdup(name);
	d->kernel = kernel;
	d->jit = jit;
	d->nsi = nsinfo__get(nsi);
	return (int)h->nr_dsos++;
}

/*
 * The process's namespaces when not ours, read (and pinned) once. One
 * gone already is known only by its NAMESPACES records (--namespaces):
 * its files are then nowhere, but not ours either.
 */
static struct nsinfo *dso_hits__proc_nsinfo(struct dso_hits *h, struct hproc *p)
{
	char path[32];

	if (!p->ns_read) {
		p->ns_read = true;
		p->nsi = nsinfo__new(p->pid);
		snprintf(path, sizeof(path), "/proc/%d", (int)p->pid);
		if (!p->nsi && p->mnt_ino && access(path, F_OK))
			p->nsi = nsinfo__new_gone(p->mnt_dev, p->mnt_ino);
		if (p->nsi && p->nsi->need_setns && h->nr_pinned < DSO_HITS_MAX_PINNED &&
		    !nsinfo__pin(p->nsi))
			h->nr_pinned++;
	}
	return p->nsi;
}

/* NAMESPACES (fork, unshare, setns, synthesized): the mount namespace. */
static void dso_hits__namespaces(struct dso_hits *h, const union perf_event *ev)
{
	const u8 *b = (const u8 *)ev;
	u64 nr, link[2];
	u32 pid;
	struct hproc *p;

	if (ev->header.size < 24)
		return;
	memcpy(&pid, b + 8, 4);
	memcpy(&nr, b + 16, 8);
	if (nr <= 5 || 24 + 16 * 6 > ev->header.size)
		return;		/* no mnt link (index 5) */
	memcpy(link, b + 24 + 16 * 5, sizeof(link));
	p = dso_hits__proc(h, (pid_t)pid, true);
	if (!p)
		return;
	if (p->ns_read && p->mnt_ino && (p->mnt_ino != link[1] || p->mnt_dev != link[0])) {
		/* unshare or setns: read it again at its next map */
		nsinfo__put(p->nsi);
		p->nsi = NULL;
		p->ns_read = false;
	}
	p->mnt_dev = link[0];
	p->mnt_ino = link[1];
}

/* Open @d in its namespace: a regular file's fd, or -errno. */
static int hdso__open(const struct hdso *d)
{
	char map[64];
	const char *path = d->name;
	struct stat st;
	int fd;

	if (d->jit) {
		nsinfo__perf_map_name(d->nsi, map, sizeof(map));
		path = map;
	}
	fd = nsinfo__open(d->nsi, path, O_RDONLY);
	if (fd < 0) {
		pr_debug(1, "cannot open %s in the namespaces of pid %d: %s\n", path,
			 (int)d->nsi->pid, strerror(-fd));
		return fd;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);	/* /dev/zero and the like: nothing to keep */
		return -EINVAL;
	}
	return fd;
}

/* The build-id of a DSO opened in its namespace; a JIT map's is its contents'. */
static int hdso__build_id(const struct hdso *d, int fd, struct build_id *bid)
{
	size_t len;
	char *buf;

	if (!d->jit)
		return fd__read_build_id(fd, bid);
	buf = read_fd_str(fd, &len);
	if (!buf)
		return -errno;
	content__build_id(buf, len, bid);
	free(buf);
	return 0;
}

static void hproc__add(struct hproc *p, u64 start, u64 len, int dso)
{
	size_t i, j;

	/* a new map replaces what it overlaps */
	for (i = j = 0; i < p->nr; i++)
		if (p->maps[i].end <= start || p->maps[i].start >= start + len)
			p->maps[j++] = p->maps[i];
	p->nr = j;
	p->maps = xgrow(p->maps, sizeof(*p->maps), p->nr + 1, &p->alloc);
	p->maps[p->nr].start = start;
	p->maps[p->nr].end = start + len;
	p->maps[p->nr].dso = dso;
	p->nr++;
	p->sorted = false;
}

static int hmap_cmp(const void *a, const void *b)
{
	const struct hmap *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static struct hmap *hproc__find(struct hproc *p, u64 addr)
{
	size_t lo = 0, hi;

	if (!p || !p->nr)
		return NULL;
	if (!p->sorted) {
		qsort(p->maps, p->nr, sizeof(*p->maps), hmap_cmp);
		p->sorted = true;
	}
	hi = p->nr;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (addr < p->maps[mid].start)
			hi = mid;
		else if (addr >= p->maps[mid].end)
			lo = mid + 1;
		else
			return &p->maps[mid];
	}
	return NULL;
}

static void dso_hits__map(struct dso_hits *h, u16 misc, u32 pid, u64 start, u64 len, const char *name,
		      u32 flags, u32 prot)
{
	u8 cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
	bool kernel = cpumode == PERF_RECORD_MISC_KERNEL || (s32)pid == -1;
	struct hproc *p = kernel ? &h->kernel : dso_hits__proc(h, (pid_t)pid, true);
	struct nsinfo *nsi = NULL;
	char jitname[64];
	bool jit = false;

	if (!p || (misc & PERF_RECORD_MISC_MMAP_DATA))
		return;
	if (kernel && strstarts(name, "[kernel.kallsyms]")) {
		name = "[kernel.kallsyms]";
		len = ~0ULL - start;	/* the kernel map runs to the end */
	}
	if (!kernel) {
		/* a container's dump names the pid the process has there */
		struct nsinfo *pn = dso_hits__proc_nsinfo(h, p);
		long n = jitdump__marker_pid(name);

		if (n > 0 && n == (pn ? pn->nstgid : (pid_t)pid)) {
			/* report reads the dump: keep it, though no sample falls in it */
			int i = dso_hits__dso(h, name, false, false, pn);

			h->dsos[i].jitdump = true;
			h->dsos[i].hit = true;
			if (n != (long)pid && !h->dsos[i].entry_name)
				h->dsos[i].entry_name = xasprintf("/proc/%d/root%s", (int)pid, name);
			return;
		}
	}
	if (!kernel && (nsi = dso_hits__proc_nsinfo(h, p)) != NULL) {
		/* The DSO names report will give these maps. */
		jit = mmap__is_jit(name, flags, prot);
		if (jit) {
			snprintf(jitname, sizeof(jitname), "/tmp/perf-%d.map", (int)pid);
			name = jitname;
		} else if (!nsi->need_setns || name[0] != '/') {
			nsi = NULL;	/* our path is theirs ([vdso] is the kernel's) */
		}
	}
	hproc__add(p, start, len, dso_hits__dso(h, name, kernel, jit, nsi));
}

void dso_hits__side(struct dso_hits *h, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_MMAP:
		dso_hits__map(h, ev->header.misc, ev->mmap.pid, ev->mmap.start, ev->mmap.len,
			  ev->mmap.filename, 0, PROT_EXEC);
		break;
	case PERF_RECORD_MMAP2:
		dso_hits__map(h, ev->header.misc, ev->mmap2.pid, ev->mmap2.start, ev->mmap2.len,
			  ev->mmap2.filename, ev->mmap2.flags, ev->mmap2.prot);
		break;
	case PERF_RECORD_FORK: {
		struct hproc *parent, *child;
		struct hmap *copy;
		size_t n;

		if (!ev->fork.pid || ev->fork.pid == ev->fork.ppid ||
		    dso_hits__proc(h, (pid_t)ev->fork.pid, false))
			break;
		parent = dso_hits__proc(h, (pid_t)ev->fork.ppid, false);
		if (!parent || !parent->nr)
			break;
		n = parent->nr;
		copy = xmalloc(n * sizeof(*copy));
		memcpy(copy, parent->maps, n * sizeof(*copy));
		child = dso_hits__proc(h, (pid_t)ev->fork.pid, true);	/* may move parent */
		free(child->maps);
		child->maps = copy;
		child->nr = child->alloc = n;
		child->sorted = false;
		break;
	}
	case PERF_RECORD_NAMESPACES:
		dso_hits__namespaces(h, ev);
		break;
	/*
	 * COMM exec does not clear the maps: the buffers of a pass are read
	 * one CPU after the other, so an exec may be seen after the new
	 * image's maps (on another CPU), which it would drop. The new maps
	 * replace what they overlap; samples after the exec land in them.
	 */
	default:
		break;
	}
}

static void dso_hits__mark(struct dso_hits *h, u8 cpumode, u32 pid, u64 addr)
{
	struct hmap *m;

	if (cpumode == PERF_RECORD_MISC_KERNEL || (cpumode != PERF_RECORD_MISC_USER &&
						   addr >= 0xffff800000000000ULL))
		m = hproc__find(&h->kernel, addr);
	else
		m = hproc__find(dso_hits__proc(h, (pid_t)pid, false), addr);
	if (m && !h->dsos[m->dso].hit) {
		h->dsos[m->dso].hit = true;
		h->new_hits = true;
	}
}

/* The sample_type of the event a SAMPLE belongs to (IDENTIFIER: first u64). */
static u64 dso_hits__sample_type(const struct dso_hits *h, const u64 *body)
{
	size_t i;

	if (h->nr_ids == 0 || !(h->types[0] & PERF_SAMPLE_IDENTIFIER))
		return h->types[0];
	for (i = 0; i < h->nr_ids; i++)
		if (h->ids[i] == body[0])
			return h->id_types[i];
	return h->types[0];
}

/* IP and callchain of a SAMPLE in the layouts record__config produces. */
void dso_hits__sample(struct dso_hits *h, const union perf_event *ev)
{
	const u64 *v = (const u64 *)((const u8 *)ev + 8);
	size_t n = (ev->header.size - 8) / 8, i = 0;
	u64 st = dso_hits__sample_type(h, v), ip, time, nr, k;
	u8 mode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	u32 pid;

	/* the fields in the order of their bits, each there if asked for */
	if (n < (size_t)(!!(st & PERF_SAMPLE_IDENTIFIER) + !!(st & PERF_SAMPLE_IP) +
			 !!(st & PERF_SAMPLE_TID) + !!(st & PERF_SAMPLE_TIME)) ||
	    !(st & PERF_SAMPLE_IP))
		return;
	if (st & PERF_SAMPLE_IDENTIFIER)
		i++;
	ip = v[i++];
	pid = st & PERF_SAMPLE_TID ? (u32)v[i++] : (u32)-1;
	if (st & PERF_SAMPLE_TIME) {
		time = v[i++];
		if (time < h->first_time || !h->first_time)
			h->first_time = time;
		if (time > h->last_time)
			h->last_time = time;
	}
	i += !!(st & PERF_SAMPLE_ADDR) + !!(st & PERF_SAMPLE_ID) +
	     !!(st & PERF_SAMPLE_STREAM_ID) + !!(st & PERF_SAMPLE_CPU) +
	     !!(st & PERF_SAMPLE_PERIOD);
	if (!(st & PERF_SAMPLE_CALLCHAIN) || i >= n) {
		dso_hits__mark(h, mode, pid, ip);
		return;
	}
	nr = v[i++];
	if (nr > n - i)
		nr = n - i;
	if (!nr)
		dso_hits__mark(h, mode, pid, ip);
	for (k = 0; k < nr; k++) {
		u64 a = v[i + k];

		if (a >= (u64)-4095) {
			if (a == (u64)-128)		/* PERF_CONTEXT_KERNEL */
				mode = PERF_RECORD_MISC_KERNEL;
			else if (a == (u64)-512)	/* PERF_CONTEXT_USER */
				mode = PERF_RECORD_MISC_USER;
			continue;
		}
		dso_hits__mark(h, mode, pid, a);
	}
}

void dso_hits__delete(struct dso_hits *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->cap; i++) {
		free(h->procs[i].maps);
		nsinfo__put(h->procs[i].nsi);
	}
	free(h->procs);
	free(h->kernel.maps);
	for (i = 0; i < h->nr_dsos; i++) {
		free(h->dsos[i].name);
		free(h->dsos[i].entry_name);
		nsinfo__put(h->dsos[i].nsi);
	}
	free(h->dsos);
	free(h->ids);
	free(h->id_types);
	free(h);
}

struct dso_hits *dso_hits__new(void)
{
	return xzalloc(sizeof(struct dso_hits));
}

void dso_hits__add_event(struct dso_hits *h, u64 sample_type, const u64 *ids, int nr)
{
	if (!h->have_types) {
		h->types[0] = sample_type;
		h->have_types = true;
	}
	h->ids = xrealloc(h->ids, (h->nr_ids + (size_t)nr + 1) * sizeof(*h->ids));
	h->id_types = xrealloc(h->id_types, (h->nr_ids + (size_t)nr + 1) * sizeof(*h->id_types));
	for (int k = 0; k < nr; k++) {
		h->ids[h->nr_ids] = ids[k];
		h->id_types[h->nr_ids++] = sample_type;
	}
}

bool dso_hits__time(const struct dso_hits *h, u64 *first, u64 *last)
{
	*first = h->first_time;
	*last = h->last_time;
	return h->first_time != 0;
}

/* The vdso's build-id, from our own mapping (the same kernel's). */
static int vdso_build_id(struct build_id *bid)
{
	size_t size = 0;
	void *img = vdso__read_own(&size);
	int fd, ret;

	if (!img)
		return -ENOENT;
	fd = memfd_create("vdso", MFD_CLOEXEC);
	ret = fd < 0 ? -errno : 0;
	if (!ret)
		ret = write(fd, img, size) == (ssize_t)size ? fd__read_build_id(fd, bid) : -EIO;
	if (fd >= 0)
		close(fd);
	free(img);
	return ret;
}

int kernel_module__read_build_id(const char *name, struct build_id *bid)
{
	char path[256], mod[128];
	const char *base = strrchr(name, '/');
	size_t n = 0;
	void *buf;
	size_t len;
	int ret;

	base = base ? base + 1 : name;
	if (*base == '[')
		base++;
	while (base[n] && base[n] != '.' && base[n] != ']' && n < sizeof(mod) - 1) {
		mod[n] = base[n] == '-' ? '_' : base[n];
		n++;
	}
	mod[n] = 0;
	snprintf(path, sizeof(path), "/sys/module/%s/notes/.note.gnu.build-id", mod);
	buf = read_file_str(path, &len);
	if (!buf)
		return -ENOENT;
	ret = notes__read_build_id(buf, len, bid);
	free(buf);
	return ret;
}

/*
 * A file of another mount namespace that cannot be read (its process went
 * before prof learnt of it, --namespaces told us it was not ours; or it
 * is refused): an all-zero build-id, which no file has, so that neither
 * prof nor perf report takes the file of the same path here for it.
 */
static int unreadable_build_id(struct build_id *bid)
{
	memset(bid, 0, sizeof(*bid));
	bid->size = BUILD_ID_SIZE;
	return 0;
}

#define FD_NOT_CACHED (-2)	/* no copy for the build-id cache */

/*
 * A jitdump's id: the hash of its contents, as for a container's JIT map.
 * *@fd: the file, rewound for the copy. A dump another user owns is not
 * kept (report would refuse it too).
 */
static int jitdump__content_id(const struct hdso *d, int *fd, struct build_id *bid)
{
	size_t len;
	char *buf;
	int err;

	if (d->nsi) {
		*fd = hdso__open(d);
		if (*fd >= 0 && (err = jit_file__check_owner(*fd, d->name, true)) != 0) {
			close(*fd);
			*fd = err;
		}
	} else {
		*fd = jit_file__open(d->name, true);
	}
	if (*fd < 0)
		return *fd;
	buf = read_fd_str(*fd, &len);
	if (!buf || lseek(*fd, 0, SEEK_SET)) {
		free(buf);
		return -EIO;
	}
	content__build_id(buf, len, bid);
	free(buf);
	return 0;
}

void dso_hits__set_all(struct dso_hits *h, bool all)
{
	h->all = all;
}

void dso_hits__set_vmlinux(struct dso_hits *h, const char *vmlinux)
{
	h->vmlinux = vmlinux;
}

/*
 * The build-id of hit DSO @d read from this machine: *@fd is the file
 * kept open for the build-id cache (or -1, or FD_NOT_CACHED). 0 and
 * bid.size > 0 when known; -ENOENT for what has no file to read.
 */
static int hdso__read_id(const struct hdso *d, struct build_id *bid, int *fd)
{
	*fd = -1;
	bid->size = 0;
	if (d->jitdump)
		return jitdump__content_id(d, fd, bid);
	if (d->kernel && !strcmp(d->name, "[kernel.kallsyms]"))
		return kernel__read_build_id(bid);
	if (d->kernel)
		return kernel_module__read_build_id(d->name, bid);
	if (d->nsi && (*fd = hdso__open(d)) >= 0)
		return hdso__build_id(d, *fd, bid);
	if (d->nsi) {
		*fd = FD_NOT_CACHED;
		return unreadable_build_id(bid);
	}
	if (d->name[0] == '/')
		return filename__read_build_id(d->name, bid);
	return -ENOENT;
}

/* The name a DSO's BUILD_ID entry has. */
static const char *hdso__entry_name(const struct dso_hits *h, const struct hdso *d)
{
	/* --vmlinux: perf names the kernel by that file */
	if (h->vmlinux && d->kernel && !strcmp(d->name, "[kernel.kallsyms]"))
		return h->vmlinux;
	return d->entry_name ? d->entry_name : d->name;
}

static void entry__set(struct writer_build_id *e, const struct hdso *d, const struct build_id *bid,
		       const char *name)
{
	e->pid = -1;
	e->misc = d && d->kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	e->size = (u8)bid->size;
	memcpy(e->build_id, bid->data, bid->size);
	e->filename = name;
}

size_t dso_hits__build_ids(struct dso_hits *h, const char *cache_dir,
			   struct writer_build_id **idsp)
{
	struct writer_build_id *ids;
	int *fds;
	const char **kind;
	size_t i, nr = 0;
	bool vdso_done = false;

	ids = xcalloc(h->nr_dsos + 2, sizeof(*ids));
	fds = xcalloc(h->nr_dsos + 2, sizeof(*fds));
	kind = xcalloc(h->nr_dsos + 2, sizeof(*kind));
	for (i = 0; i < h->nr_dsos; i++) {
		struct hdso *d = &h->dsos[i];
		struct build_id bid = { .size = 0 };
		const char *name = hdso__entry_name(h, d);
		size_t k;
		int err, fd = -1;

		/* --buildid-all: [vdso] where it was mapped, as perf */
		if (h->all && !vdso_done && !strcmp(d->name, "[vdso]") &&
		    !vdso_build_id(&bid) && bid.size) {
			entry__set(&ids[nr], NULL, &bid, "[vdso]");
			fds[nr++] = -1;
			vdso_done = true;
			continue;
		}
		/* perf always lists the kernel, hit or not */
		if (!strcmp(d->name, "[vdso]") ||
		    (!d->hit && !h->all && !(d->kernel && !strcmp(d->name, "[kernel.kallsyms]"))))
			continue;
		err = hdso__read_id(d, &bid, &fd);
		/* The same file seen from two mount namespaces: one entry. */
		for (k = 0; !err && bid.size && k < nr; k++)
			if (!strcmp(ids[k].filename, name) && ids[k].size == bid.size &&
			    !memcmp(ids[k].build_id, bid.data, bid.size))
				break;
		if (err || !bid.size || k < nr) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		fds[nr] = fd;
		kind[nr] = d->jit ? "perf-map" : d->jitdump ? "jitdump" : NULL;
		entry__set(&ids[nr], d, &bid, name);
		nr++;
	}
	if (!vdso_done) {
		/* perf lists [vdso] always */
		struct build_id bid = { .size = 0 };

		if (!vdso_build_id(&bid) && bid.size) {
			entry__set(&ids[nr], NULL, &bid, "[vdso]");
			fds[nr] = -1;
			nr++;
		}
	}
	for (i = 0; cache_dir && *cache_dir && i < nr; i++) {
		struct build_id bid = { .size = ids[i].size };

		if (fds[i] == FD_NOT_CACHED)
			continue;
		memcpy(bid.data, ids[i].build_id, ids[i].size);
		build_id_cache__add(cache_dir, ids[i].filename, &bid, fds[i], kind[i]);
	}
	for (i = 0; i < nr; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(kind);
	free(fds);
	*idsp = ids;
	return nr;
}

size_t dso_hits__take_new(struct dso_hits *h, struct writer_build_id **idsp)
{
	struct writer_build_id *ids = NULL;
	size_t nr = 0;

	*idsp = NULL;
	if (h->nr_taken == h->nr_dsos && !h->new_hits)
		return 0;
	h->new_hits = false;
	for (size_t i = 0; i < h->nr_dsos; i++) {
		struct hdso *d = &h->dsos[i];
		struct build_id bid = { .size = 0 };
		int fd = -1;

		if (d->taken || !(d->hit || h->all))
			continue;
		d->taken = true;
		if (!strcmp(d->name, "[vdso]")) {
			/* from our own mapping: the same kernel's */
			if (vdso_build_id(&bid))
				bid.size = 0;
		} else if (h->vmlinux && d->kernel && !strcmp(d->name, "[kernel.kallsyms]")) {
			if (filename__read_build_id(h->vmlinux, &bid))
				bid.size = 0;
		} else if (hdso__read_id(d, &bid, &fd)) {
			bid.size = 0;
		}
		if (fd >= 0)
			close(fd);
		ids = xrealloc(ids, (nr + 1) * sizeof(*ids));
		entry__set(&ids[nr++], d, &bid, hdso__entry_name(h, d));
	}
	h->nr_taken = 0;
	for (size_t i = 0; i < h->nr_dsos; i++)
		h->nr_taken += h->dsos[i].taken;
	*idsp = ids;
	return nr;
}

void dso_hits__reset(struct dso_hits *h)
{
	size_t i;

	for (i = 0; i < h->nr_dsos; i++)
		h->dsos[i].hit = false;
	h->first_time = h->last_time = 0;
}

