// SPDX-License-Identifier: GPL-2.0-only
/*
 * machine.c: the machine model. Threads in a hash by tid; maps per
 * process; kernel and module maps; records in, resolved addresses out.
 */
#include "prof/compat.h"
#include <sys/mman.h>
#include <sys/utsname.h>
#include <dirent.h>
#include "prof/util.h"
#include "prof/machine.h"
#include "prof/nsinfo.h"
#include "prof/unwind.h"
#include "symbol-gen.h"

struct machine *machine__new_host(void)
{
	struct machine *m = xzalloc(sizeof(*m));

	m->pid = -1;
	dsos__init(&m->dsos);
	m->kmaps = maps__new();
	/* perf registers the idle task before any record: 0/0 "swapper". */
	thread__set_comm(machine__findnew_thread(m, 0, 0), "swapper", false);
	return m;
}

void machine__delete(struct machine *m)
{
	if (!m)
		return;
	if (m->unwind_free)
		m->unwind_free(m->unwind);
	for (size_t i = 0; i < THREADS_HASH_SIZE; i++) {
		struct thread *t = m->threads[i];

		while (t) {
			struct thread *next = t->hnext;

			thread__put(t);
			t = next;
		}
	}
	machine__jit_exit(m);
	map__put(m->kernel_map);
	maps__put(m->kmaps);
	dsos__exit(&m->dsos);
	free(m->rec_release);
	free(m->rec_arch);
	free(m);
}

static inline size_t tid_hash(pid_t tid)
{
	return (size_t)(unsigned int)tid % THREADS_HASH_SIZE;
}

struct thread *machine__find_thread(struct machine *m, pid_t pid, pid_t tid)
{
	struct thread *t = m->last_thread;

	if (t && t->tid == tid)
		goto found;
	for (t = m->threads[tid_hash(tid)]; t; t = t->hnext)
		if (t->tid == tid)
			goto found;
	return NULL;
found:
	/* A thread first seen without its pid learns it now. */
	if (t->pid == -1 && pid != -1)
		t->pid = pid;
	m->last_thread = t;
	return t;
}

static struct thread *machine__add_thread(struct machine *m, pid_t pid, pid_t tid)
{
	struct thread *t = thread__new(pid, tid);
	size_t h = tid_hash(tid);

	t->hnext = m->threads[h];
	m->threads[h] = t;
	m->last_thread = t;
	return t;
}

static void machine__remove_thread(struct machine *m, struct thread *victim)
{
	struct thread **pp = &m->threads[tid_hash(victim->tid)];

	for (; *pp; pp = &(*pp)->hnext) {
		if (*pp == victim) {
			*pp = victim->hnext;
			break;
		}
	}
	if (m->last_thread == victim)
		m->last_thread = NULL;
	thread__put(victim);
}

struct thread *machine__findnew_thread(struct machine *m, pid_t pid, pid_t tid)
{
	struct thread *t = machine__find_thread(m, pid, tid), *leader;

	if (t) {
		if (!t->maps) {
			leader = pid != -1 && pid != tid ? machine__findnew_thread(m, pid, pid) : NULL;
			t->maps = leader ? maps__get(leader->maps) : maps__new();
		}
		return t;
	}
	/* Invariant 1: the threads of one process share the leader's maps. */
	leader = pid != -1 && pid != tid ? machine__findnew_thread(m, pid, pid) : NULL;
	t = machine__add_thread(m, pid, tid);
	t->maps = leader ? maps__get(leader->maps) : maps__new();
	return t;
}

int machine__process_comm(struct machine *m, pid_t pid, pid_t tid,
			  const char *comm, bool exec)
{
	thread__set_comm(machine__findnew_thread(m, pid, tid), comm, exec);
	return 0;
}

int machine__process_fork(struct machine *m, pid_t pid, pid_t ppid,
			  pid_t tid, pid_t ptid, bool clone_maps)
{
	struct thread *parent, *t;

	parent = machine__findnew_thread(m, ppid, ptid);
	/*
	 * perf's "erroneous parent": a thread of that tid with another pid
	 * (first seen as a wakeup's pid 0, or its own FORK was lost) is not
	 * the parent; a new one takes its place (no comm until a COMM).
	 */
	if (parent->pid != ppid) {
		if (m->dump_fp)
			fprintf(m->dump_fp, "removing erroneous parent thread %d/%d\n",
				(int)parent->pid, (int)parent->tid);
		machine__remove_thread(m, parent);
		parent = machine__findnew_thread(m, ppid, ptid);
	}
	parent = thread__get(parent);
	/* A reused tid: the old thread is gone. */
	t = machine__find_thread(m, pid, tid);
	if (t && t != parent)
		machine__remove_thread(m, t);
	t = machine__findnew_thread(m, pid, tid);
	t->ppid = parent->tid;
	if (parent->comm_set)
		thread__set_comm(t, thread__comm_str(parent), false);
	/* Invariant 2: a new process starts with a copy of its parent's maps. */
	if (clone_maps && t->pid != parent->pid && t->maps != parent->maps) {
		for (size_t i = 0; i < parent->maps->nr; i++)
			maps__insert(t->maps, parent->maps->entries[i]);
	}
	thread__put(parent);
	return 0;
}

int machine__process_exit(struct machine *m, pid_t pid, pid_t ppid,
			  pid_t tid, pid_t ptid)
{
	struct thread *t = machine__find_thread(m, pid, tid);

	if (t)
		t->exited = true;
	/* the whole process is gone: its unwinder state can go too */
	if (t && pid == tid)
		unwind__forget(m, t);
	return 0;
}

/* A DSO by short name, as perf's __dsos__find(..., cmp_short = true). */
static struct dso *machine__find_dso_by_short_name(struct machine *m, const char *name)
{
	struct dso *dso;

	list_for_each_entry(dso, &m->dsos.head, node)
		if (!strcmp(dso->short_name, name))
			return dso;
	return NULL;
}

/*
 * perf's machine__findnew_module_dso: a module's DSO is found by the
 * short name its path gives ("[mod]"), so a DSO the build-id table made
 * from the same path in user space (short name "mod.ko") is not it.
 */
static struct dso *machine__findnew_module_dso(struct machine *m, const char *filename)
{
	struct kmod_path km;
	struct dso *dso;

	kmod_path__parse(&km, filename);
	dso = machine__find_dso_by_short_name(m, km.name);
	if (!dso) {
		dso = dso__new(filename, DSO_KIND_MODULE);
		dso__set_short_name(dso, km.name);
		dsos__add(&m->dsos, dso);
		dso__put(dso);
	}
	kmod_path__exit(&km);
	return dso;
}

static struct dso *machine__findnew_kernel_dso(struct machine *m)
{
	struct dso *dso = m->kernel_dso;

	if (dso)
		return dso;
	dso = dsos__find(&m->dsos, "[kernel.kallsyms]", NULL, NULL);
	if (!dso) {
		dso = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
		dsos__add(&m->dsos, dso);
		dso__put(dso);
	}
	dso->kind = DSO_KIND_KERNEL;
	dso->kmaps = m->kmaps;
	m->kernel_dso = dso;
	return dso;
}

/*
 * Insert a map into the kernel maps. Inserting cuts what it overlaps, the
 * kernel map too: machine->kernel_map (a reference) then moves to the
 * surviving piece of the kernel DSO that starts lowest, the part before
 * the new map (same start) when there is one. A kernel map wholly covered
 * stays referenced, out of the maps: its start and DSO still describe the
 * kernel (machine__kernel_start, loading kallsyms).
 */
static void machine__insert_kmap(struct machine *m, struct map *map)
{
	struct map *km = m->kernel_map;
	size_t i;

	maps__insert(m->kmaps, map);
	if (!km || km == map)
		return;
	for (i = 0; i < m->kmaps->nr; i++)
		if (m->kmaps->entries[i] == km)
			return;
	for (i = 0; i < m->kmaps->nr; i++) {
		if (m->kmaps->entries[i]->dso == km->dso) {
			m->kernel_map = map__get(m->kmaps->entries[i]);
			map__put(km);
			return;
		}
	}
}

static int machine__process_kernel_mmap(struct machine *m, const struct mmap_event *ev)
{
	struct map *map;
	struct dso *dso;

	if (strstarts(ev->filename, "[kernel.kallsyms]") ||
	    strstarts(ev->filename, "[guest.kernel.kallsyms")) {
		dso = machine__findnew_kernel_dso(m);
		if (ev->bid && ev->bid->size)
			dso__set_build_id(dso, ev->bid);
		dso->kernel_reloc_pgoff = ev->pgoff;
		/* perf: start=_text, end=_etext; an empty range covers everything. */
		map = map__new(ev->start, ev->len ? ev->start + ev->len : ~0ULL, 0, dso);
		map->identity = true;
		maps__insert(m->kmaps, map);
		map__put(m->kernel_map);
		m->kernel_map = map;		/* the reference map__new gave */
		return 0;
	}
	/* A module ([name] or a .ko path). */
	{
		dso = machine__findnew_module_dso(m, ev->filename);
		dso->kmaps = m->kmaps;
		if (ev->bid && ev->bid->size)
			dso__set_build_id(dso, ev->bid);
		map = map__new(ev->start, ev->start + ev->len, 0, dso);
		machine__insert_kmap(m, map);
		map__put(map);
	}
	return 0;
}

static bool is_anon_memory(const char *name, u32 flags)
{
	return !strcmp(name, "//anon") || strstarts(name, "/dev/zero") ||
	       strstarts(name, "/anon_hugepage") || (flags & MAP_HUGETLB);
}

static bool is_no_dso_memory(const char *name)
{
	return strstarts(name, "[stack") || strstarts(name, "/SYSV") || !strcmp(name, "[heap]");
}

/* "/tmp/perf-PID.map", the name JIT DSOs get: its PID. */
static bool perf_map__pid(const char *name, int *pid)
{
	char end;

	return sscanf(name, "/tmp/perf-%d.ma%c", pid, &end) == 2 && end == 'p' &&
	       !strcmp(name + strlen(name) - 4, ".map");
}

static void jit_dso__set_short_name(struct dso *dso, int pid)
{
	char sn[64];

	snprintf(sn, sizeof(sn), "[JIT] tid %d", pid);
	dso__set_short_name(dso, sn);
}

bool mmap__is_jit(const char *name, u32 flags, u32 prot)
{
	return (is_anon_memory(name, flags) || is_no_dso_memory(name)) && (prot & PROT_EXEC);
}

/*
 * A live process's namespaces, read once per process (on its leader);
 * NULL when it shares ours, is gone, or the machine is not live.
 */
static struct nsinfo *machine__thread_nsinfo(struct machine *m, struct thread *t)
{
	if (!m->live || t->pid <= 0)
		return NULL;
	if (t->pid != t->tid)
		t = machine__findnew_thread(m, t->pid, t->pid);
	if (!t->nsinfo_read) {
		t->nsinfo_read = true;
		t->nsinfo = nsinfo__new(t->pid);
	}
	return t->nsinfo;
}

int machine__process_mmap(struct machine *m, const struct mmap_event *ev)
{
	struct thread *t;
	struct dso *dso;
	struct map *map;
	const char *name = ev->filename;
	char jitname[64];
	enum dso_kind kind = DSO_KIND_USER;
	bool identity = false;
	u64 pgoff = ev->pgoff;
	u32 id[3];

	if (!ev->len)
		return -EINVAL;
	if (ev->cpumode == PROF_CPUMODE_KERNEL || ev->cpumode == PROF_CPUMODE_GUEST_KERNEL)
		return machine__process_kernel_mmap(m, ev);

	/* jitdump markers, and what perf inject drops once it read one */
	if (machine__jit_mmap(m, ev))
		return 0;
	if (m->jit && machine__jit_has_pid(m, ev->pid) && (strstarts(name, "//anon") ||
	    strstarts(name, "[anon:") || strstarts(name, "/memfd:")))
		return 0;
	t = machine__findnew_thread(m, ev->pid, ev->tid);
	if (is_anon_memory(name, ev->flags) || is_no_dso_memory(name)) {
		identity = true;
		if (ev->prot & PROT_EXEC) {
			/* Invariant 6: executable anonymous memory is JIT code. */
			snprintf(jitname, sizeof(jitname), "/tmp/perf-%d.map", (int)ev->pid);
			name = jitname;
			kind = DSO_KIND_JIT;
		} else {
			kind = DSO_KIND_NODSO;
		}
	} else if (!strcmp(name, "[vdso]")) {
		kind = DSO_KIND_VDSO;
		pgoff = 0;
	} else if (name[0] == '[') {
		kind = DSO_KIND_NODSO;		/* [vsyscall], [vvar]: no symbols */
	}
	id[0] = ev->maj;
	id[1] = ev->min;
	id[2] = (u32)ev->ino;
	dso = dsos__find(&m->dsos, name, ev->bid, ev->has_id && kind == DSO_KIND_USER ? id : NULL);
	if (!dso) {
		dso = dso__new(name, kind);
		if (kind == DSO_KIND_JIT)
			jit_dso__set_short_name(dso, ev->pid);
		if (ev->has_id && kind == DSO_KIND_USER) {
			dso->has_id = true;
			dso->maj = ev->maj;
			dso->min = ev->min;
			dso->ino = ev->ino;
			dso->ino_gen = ev->ino_gen;
		}
		/* [vdso] is the kernel's: never looked up in a container. */
		if (kind == DSO_KIND_USER || kind == DSO_KIND_JIT)
			dso__set_nsinfo(dso, machine__thread_nsinfo(m, t));
		dsos__add(&m->dsos, dso);
		dso__put(dso);
	}
	/* perf's dso__inject_id: a DSO first known by name (the header's build-ids) */
	if (!dso->has_id && ev->has_id && kind == DSO_KIND_USER) {
		dso->has_id = true;
		dso->maj = ev->maj;
		dso->min = ev->min;
		dso->ino = ev->ino;
		dso->ino_gen = ev->ino_gen;
	}
	if (ev->bid && ev->bid->size && !dso->bid.size)
		dso__set_build_id(dso, ev->bid);
	map = map__new(ev->start, ev->start + ev->len, pgoff, dso);
	map->identity = identity;
	map->prot = ev->prot;
	map->flags = ev->flags;
	maps__insert(t->maps, map);
	map__put(map);
	return 0;
}

int machine__set_build_id(struct machine *m, u8 cpumode, const char *filename,
			  const struct build_id *bid)
{
	struct dso *dso;

	if (!strcmp(filename, "[kernel.kallsyms]") ||
	    strstarts(filename, "[kernel.kallsyms]")) {
		dso = machine__findnew_kernel_dso(m);
	} else {
		dso = dsos__find(&m->dsos, filename, NULL, NULL);
		if (!dso) {
			enum dso_kind kind = DSO_KIND_USER;
			int pid;

			if (!strcmp(filename, "[vdso]"))
				kind = DSO_KIND_VDSO;
			else if (cpumode == PROF_CPUMODE_KERNEL)
				kind = DSO_KIND_MODULE;
			else if (perf_map__pid(filename, &pid))
				kind = DSO_KIND_JIT;	/* a container's, record kept a copy */
			dso = dso__new(filename, kind);
			if (kind == DSO_KIND_JIT)
				jit_dso__set_short_name(dso, pid);
			if (kind == DSO_KIND_MODULE) {
				struct kmod_path km;

				/* perf's dso__set_module_info, for modules only. */
				kmod_path__parse(&km, filename);
				if (km.kmod)
					dso__set_short_name(dso, km.name);
				kmod_path__exit(&km);
				dso->kmaps = m->kmaps;
			}
			dsos__add(&m->dsos, dso);
			dso__put(dso);
		}
	}
	dso__set_build_id(dso, bid);
	return 0;
}

void machine__set_recorded_kernel(struct machine *m, const char *release, const char *arch)
{
	if (release && (!m->rec_release || strcmp(release, m->rec_release))) {
		free(m->rec_release);
		m->rec_release = xstrdup(release);
	}
	if (arch && (!m->rec_arch || strcmp(arch, m->rec_arch))) {
		free(m->rec_arch);
		m->rec_arch = xstrdup(arch);
	}
}

/* Does @file (a .ko path) name module @mod ('-' and '_' alike, as the kernel)? */
static bool kmod_file_is(const char *file, const char *mod)
{
	const char *b = strrchr(file, '/');
	size_t n = strlen(mod);

	b = b ? b + 1 : file;
	for (size_t i = 0; i < n; i++) {
		char x = b[i] == '-' ? '_' : b[i], y = mod[i] == '-' ? '_' : mod[i];

		if (!x || x != y)
			return false;
	}
	return strstarts(b + n, ".ko");
}

/* The .ko of module @mod under @dir (perf's /lib/modules/RELEASE walk), or NULL. */
static char *kmod_find_file(const char *dir, const char *mod, int depth)
{
	DIR *d = depth < 8 ? opendir(dir) : NULL;
	struct dirent *e;
	char *found = NULL;

	while (d && !found && (e = readdir(d))) {
		char path[PATH_MAX];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
			found = kmod_find_file(path, mod, depth + 1);
		else if (kmod_file_is(e->d_name, mod))
			found = xstrdup(path);
	}
	if (d)
		closedir(d);
	return found;
}

int machine__create_live_modules(struct machine *m, const char *modules_file)
{
	FILE *f = fopen(modules_file, "r");
	struct utsname u;
	char line[4096], dir[PATH_MAX];
	int nr = 0;

	if (!f)
		return -errno;
	if (uname(&u))
		u.release[0] = '\0';
	snprintf(dir, sizeof(dir), "/lib/modules/%s", u.release);
	while (fgets(line, sizeof(line), f)) {
		/* "name size refcount deps state address [taint]" */
		char name[256], *p, *last = NULL, *save = NULL, *file;
		unsigned long long size = 0, addr;
		struct map *map;
		struct dso *dso;
		int field = 0;

		for (p = strtok_r(line, " \t\n", &save); p; p = strtok_r(NULL, " \t\n", &save)) {
			if (!field && strlen(p) < sizeof(name))
				strcpy(name, p);
			if (field == 1)
				size = strtoull(p, NULL, 10);
			if (field == 5)
				last = p;
			field++;
		}
		if (field < 6 || !last)
			continue;
		addr = strtoull(last, NULL, 16);
		if (!addr || !size)	/* kptr_restrict hides them: perf skips them too */
			continue;
		file = kmod_find_file(dir, name, 0);
		if (!file) {
			file = xmalloc(strlen(name) + 3);
			sprintf(file, "[%s]", name);
		}
		dso = machine__findnew_module_dso(m, file);
		dso->kmaps = m->kmaps;
		map = map__new(addr, addr + size, 0, dso);
		machine__insert_kmap(m, map);
		map__put(map);
		free(file);
		nr++;
	}
	fclose(f);
	return nr;
}

/* Before the kernel DSO loads: is the recording's kernel another one? */
static void machine__judge_kernel(struct machine *m)
{
	struct dso *k = m->kernel_dso;
	struct utsname u;

	if (!k || k->loaded || m->live || uname(&u))
		return;
	k->foreign_kernel = (m->rec_release && strcmp(m->rec_release, u.release)) ||
			    (m->rec_arch && strcmp(m->rec_arch, u.machine));
}

u64 machine__kernel_start(struct machine *m)
{
	struct map *km = m->kernel_map;

	if (m->kernel_start)
		return m->kernel_start;
	m->kernel_start = 1ULL << 63;
	if (km) {
		machine__judge_kernel(m);
		dso__load(km->dso, km);
#ifndef __x86_64__
		m->kernel_start = km->start;
#endif
	}
	return m->kernel_start;
}

void addr_location__init(struct addr_location *al)
{
	memset(al, 0, sizeof(*al));
}

void addr_location__exit(struct addr_location *al)
{
	thread__put(al->thread);
	map__put(al->map);
	addr_location__init(al);
}

/* perf's __thread__find_map: level and map for one cpumode; borrowed map. */
static struct map *find_map(struct machine *m, struct thread *t, u8 cpumode,
			    u64 ip, char *level, u64 *addr)
{
	struct maps *maps;
	struct map *map;

	*addr = ip;
	if (cpumode == PROF_CPUMODE_KERNEL) {
		*level = 'k';
		maps = m->kmaps;
	} else if (cpumode == PROF_CPUMODE_USER) {
		*level = '.';
		maps = t ? t->maps : NULL;
	} else {
		*level = 'H';
		return NULL;
	}
	map = maps ? maps__find(maps, ip) : NULL;
	if (!map)
		return NULL;
	/*
	 * Kernel maps are loaded (and split) before use. The kernel DSO loads
	 * with the kernel map, which kallsyms widens, not with whatever piece
	 * of it a module map left.
	 */
	if (cpumode == PROF_CPUMODE_KERNEL && !map->dso->loaded) {
		machine__judge_kernel(m);
		dso__load(map->dso, map->dso == m->kernel_dso && m->kernel_map ? m->kernel_map : map);
		map = maps__find(maps, ip);	/* the load may have split the maps */
	}
	if (map)
		*addr = map__map_ip(map, ip);
	return map;
}

/* perf's machine__addr_cpumode: the space an address belongs to. */
static u8 addr_cpumode(struct machine *m, u8 cpumode, u64 ip)
{
	bool kernel_ip = ip >= machine__kernel_start(m);

	if (cpumode == PROF_CPUMODE_KERNEL || cpumode == PROF_CPUMODE_USER)
		return kernel_ip ? PROF_CPUMODE_KERNEL : PROF_CPUMODE_USER;
	return cpumode;
}

/*
 * perf's thread__find_map_fb: the given space first, then the address's.
 * perf uses it only where the cpumode may not apply to the address (a
 * sample's addr, branch entries); a sample's ip gets no fallback.
 */
static struct map *find_map_fallback(struct machine *m, struct thread *t, u8 *cpumode,
				     u64 ip, char *level, u64 *addr)
{
	struct map *map = find_map(m, t, *cpumode, ip, level, addr);
	u8 other = addr_cpumode(m, *cpumode, ip);

	if (map || other == *cpumode)
		return map;
	*cpumode = other;
	return find_map(m, t, other, ip, level, addr);
}

static int resolve(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
		   u64 ip, struct addr_location *al, bool fallback)
{
	struct thread *t = machine__findnew_thread(m, pid, tid);
	struct map *map;

	addr_location__init(al);
	al->thread = thread__get(t);
	al->cpumode = cpumode;
	if (fallback)
		map = find_map_fallback(m, t, &al->cpumode, ip, &al->level, &al->addr);
	else
		map = find_map(m, t, cpumode, ip, &al->level, &al->addr);
	if (map) {
		al->map = map__get(map);
		al->dso = map->dso;
		al->sym = dso__find_symbol(map->dso, map, al->addr);
	}
	return 0;
}

/*
 * perf's thread__find_cpumode_addr_location for branch ends: user space,
 * then the kernel, then the guest spaces perf does not model ('H').
 */
int machine__resolve_any(struct machine *m, pid_t pid, pid_t tid, u64 ip,
			 struct addr_location *al)
{
	resolve(m, PROF_CPUMODE_USER, pid, tid, ip, al, false);
	if (al->map)
		return 0;
	addr_location__exit(al);
	resolve(m, PROF_CPUMODE_KERNEL, pid, tid, ip, al, false);
	if (al->map)
		return 0;
	addr_location__exit(al);
	return resolve(m, PROF_CPUMODE_GUEST_KERNEL, pid, tid, ip, al, false);
}

struct dso *machine__find_dso(struct machine *m, u8 cpumode, pid_t pid, pid_t tid, u64 ip)
{
	struct thread *t = machine__findnew_thread(m, pid, tid);
	struct map *map;
	char level;
	u64 addr;

	map = find_map(m, t, cpumode, ip, &level, &addr);
	return map ? map->dso : NULL;
}

/* perf's machine__resolve: the sample's ip, in the sample's space only. */
int machine__resolve(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
		     u64 ip, struct addr_location *al)
{
	return resolve(m, cpumode, pid, tid, ip, al, false);
}

u64 machine__lookup_generation(void)
{
	return symbol__generation;
}

int machine__resolve_fb(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
			u64 ip, struct addr_location *al)
{
	return resolve(m, cpumode, pid, tid, ip, al, true);
}

/*
 * Callchain frames resolved last, direct-mapped by (maps, ip): a profile's
 * chains repeat the same return addresses, and map search plus symbol
 * lookup were most of the resolution. An entry holds while
 * symbol__generation is the one it was stamped with (invariant 8b).
 */
#define FRAME_CACHE_SLOTS 4096

static struct frame_cache_entry {
	u64 gen;
	const struct maps *maps;
	u64 ip, addr;
	struct map *map;
	struct symbol *sym;
	char level;
} frame_cache[FRAME_CACHE_SLOTS];

static struct frame_cache_entry *frame_cache__slot(const struct maps *maps, u64 ip)
{
	u64 k = ip ^ (ip >> 12) ^ ((uintptr_t)maps >> 4);

	return &frame_cache[(k ^ (k >> 24)) & (FRAME_CACHE_SLOTS - 1)];
}

int machine__resolve_callchain(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
			       const u64 *ips, size_t nr,
			       struct callchain_frame *frames, size_t max)
{
	struct thread *t = machine__findnew_thread(m, pid, tid);
	size_t n = 0;

	for (size_t i = 0; i < nr && n < max; i++) {
		u64 ip = ips[i];
		struct callchain_frame *f;
		struct frame_cache_entry *e = NULL;
		struct maps *maps;
		struct map *map;
		u8 mode;

		if (ip >= PROF_CONTEXT_MAX) {
			switch (ip) {
			case PROF_CONTEXT_HV:
				cpumode = PROF_CPUMODE_HYPERVISOR;
				break;
			case PROF_CONTEXT_KERNEL:
				cpumode = PROF_CPUMODE_KERNEL;
				break;
			case PROF_CONTEXT_USER:
				cpumode = PROF_CPUMODE_USER;
				break;
			default:
				/* perf 6.1 drops the whole chain then. */
				return -EINVAL;
			}
			continue;
		}
		f = &frames[n++];
		mode = cpumode;
		f->ip = ip;
		f->sym = NULL;
		f->dso = NULL;
		maps = mode == PROF_CPUMODE_KERNEL ? m->kmaps :
		       mode == PROF_CPUMODE_USER && t ? t->maps : NULL;
		if (maps) {
			e = frame_cache__slot(maps, ip);
			if (e->gen == symbol__generation && e->maps == maps && e->ip == ip) {
				f->level = e->level;
				f->addr = e->addr;
				f->map = e->map;
				f->dso = e->map ? e->map->dso : NULL;
				f->sym = e->sym;
				continue;
			}
		}
		/*
		 * Unlike the sample's own ip, a callchain entry is looked up
		 * only in its context's space, as perf's add_callchain_ip does:
		 * a garbage user frame that points into the kernel is [unknown].
		 */
		map = find_map(m, t, mode, ip, &f->level, &f->addr);
		f->map = map;
		if (map) {
			f->dso = map->dso;
			f->sym = dso__find_symbol(map->dso, map, f->addr);
		}
		if (maps) {
			/* stamped after the lookup: it may have loaded a DSO */
			e->gen = symbol__generation;
			e->maps = maps;
			e->ip = ip;
			e->addr = f->addr;
			e->map = map;
			e->sym = f->sym;
			e->level = f->level;
		}
	}
	return (int)n;
}

const char *addr_location__dso_name(const struct addr_location *al, bool long_name)
{
	if (!al->map)
		return "[unknown]";
	return long_name ? al->map->dso->long_name : al->map->dso->short_name;
}

int addr_location__sym_snprintf(const struct addr_location *al, char *buf, size_t size)
{
	if (al->sym && al->map)
		return snprintf(buf, size, "[%c] %s", al->level, al->sym->name);
	return snprintf(buf, size, "[%c] %#.16" PRIx64, al->level, al->addr);
}
