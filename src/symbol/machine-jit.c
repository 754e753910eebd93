// SPDX-License-Identifier: GPL-2.0-only
/*
 * machine-jit.c: jitdump files into the machine model, without perf's
 * separate "perf inject --jit" step.
 *
 * The MMAP of a "DIR/jit-PID.dump" (the marker a JIT runtime leaves by
 * mapping its dump PROT_EXEC) makes the machine read the dump. Each code
 * load becomes a DSO named as perf inject names the ELF file it would
 * write, DIR/jitted-PID-INDEX.so, holding one symbol, and a map of
 * [code_addr, code_addr + code_size) into the process; a code move maps
 * the same DSO at its new address. These maps are queued by the record's
 * timestamp and inserted when the machine's time passes it
 * (machine__jit_advance), so a sample is named by what was loaded at its
 * address when it was taken, as the MMAP2 records perf inject adds are
 * ordered with the samples. Like perf inject, the marker itself is not
 * mapped and anonymous maps the process creates after it are dropped.
 */
#include "prof/compat.h"
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <elf.h>
#include "prof/util.h"
#include "prof/machine.h"
#include "prof/jitdump.h"
#include "prof/nsinfo.h"

/* perf inject's ELF puts the code at this file offset and address. */
#define JIT_ELF_TEXT_OFFSET	0x80

struct jit_dump {
	char *path;			/* as the MMAP names it */
	char *file;			/* what is read: path, or record's copy */
	char *dir;
	pid_t pid;
	struct jitdump_header h;
	bool have_header;
	bool dead;			/* refused, or its stream is broken */
	u64 offset;			/* where the next unread record starts */
};

/* A map to insert at @time (a code load or move). */
struct jit_event {
	u64 time, seq;
	pid_t pid;
	u64 start, len;
	struct dso *dso;		/* a reference */
};

struct machine_jit {
	struct jit_dump *dumps;
	size_t nr_dumps;
	struct jit_event *q;		/* sorted by (time, seq) from head */
	size_t head, nr, alloc;
	u64 seq;
	bool warned_clock;
};

static struct machine_jit *machine__jit(struct machine *m)
{
	if (!m->jit)
		m->jit = xzalloc(sizeof(*m->jit));
	return m->jit;
}

void machine__jit_exit(struct machine *m)
{
	struct machine_jit *j = m->jit;

	if (!j)
		return;
	for (size_t i = j->head; i < j->nr; i++)
		dso__put(j->q[i].dso);
	for (size_t i = 0; i < j->nr_dumps; i++) {
		free(j->dumps[i].path);
		free(j->dumps[i].file);
		free(j->dumps[i].dir);
	}
	free(j->dumps);
	free(j->q);
	free(j);
	m->jit = NULL;
}

bool machine__jit_has_pid(struct machine *m, pid_t pid)
{
	for (size_t i = 0; m->jit && i < m->jit->nr_dumps; i++)
		if (m->jit->dumps[i].pid == pid && !m->jit->dumps[i].dead)
			return true;
	return false;
}

/* A record's time on the samples' clock (0: at once, top). */
static u64 jit_time(struct machine *m, const struct jit_dump *d, u64 ts)
{
	if (m->jit_live)
		return 0;
	if (d->h.flags & JITDUMP_FLAGS_ARCH_TIMESTAMP)
		return tsc_conv__time(&m->tsc, ts);
	return ts;
}

/*
 * Can the dump's times be compared with the samples'? Else it is not
 * used, as perf inject refuses it, with one warning: guessing would name
 * code reloaded at an address by whatever was loaded last.
 */
static bool jit_dump__timed(struct machine *m, const struct jit_dump *d)
{
	struct machine_jit *j = m->jit;
	bool arch = d->h.flags & JITDUMP_FLAGS_ARCH_TIMESTAMP;

	if (m->jit_live || (arch ? m->tsc.mult && m->tsc.shift < 64 : m->clock_monotonic))
		return true;
	if (!j->warned_clock)
		warning(arch ? "%s uses arch timestamps but the recording has no TIME_CONV: ignoring it." :
			"%s: the samples were not recorded with -k mono (CLOCK_MONOTONIC),\n"
			"the times of its code loads cannot be compared with theirs: ignoring it.",
			d->path);
	j->warned_clock = true;
	return false;
}

static void jit_queue(struct machine_jit *j, u64 time, pid_t pid, u64 start, u64 len,
		      struct dso *dso)
{
	size_t i;

	if (j->head && j->head == j->nr)
		j->head = j->nr = 0;
	j->q = xgrow(j->q, sizeof(*j->q), j->nr + 1, &j->alloc);
	/* Records come nearly sorted: insert from the tail. */
	for (i = j->nr; i > j->head && j->q[i - 1].time > time; i--)
		j->q[i] = j->q[i - 1];
	j->q[i] = (struct jit_event){ time, j->seq++, pid, start, len, dso__get(dso) };
	j->nr++;
}

static struct dso *jit_dso_name(struct machine *m, const struct jit_dump *d, u64 index,
				char *buf, size_t size)
{
	snprintf(buf, size, "%s/jitted-%d-%" PRIu64 ".so", d->dir, (int)d->pid, index);
	return dsos__find(&m->dsos, buf, NULL, NULL);
}

static void jit_code_load(struct machine *m, struct jit_dump *d, const struct jit_record *r)
{
	char name[PATH_MAX];
	struct dso *dso;
	struct symbol *sym;

	if (!r->load.code_size || r->load.code_addr + r->load.code_size < r->load.code_addr)
		return;
	jit_dso_name(m, d, r->load.code_index, name, sizeof(name));
	dso = dso__new(name, DSO_KIND_JITDUMP);
	sym = symbol__new(JIT_ELF_TEXT_OFFSET, r->load.code_size, STB_GLOBAL, STT_FUNC,
			  r->load.name);
	symbols__append(&dso->symbols, sym);
	symbols__sort(&dso->symbols);
	dso->loaded = true;
	dso->origin = 'B';	/* perf reads its jitted ELF from the build-id cache */
	dso->has_symtab = true;	/* that ELF's .symtab: srcline "??:0" as perf */
	/* annotate disassembles the code from here, no perf inject --jit needed */
	dso->jit_code = xmalloc(r->load.code_size);
	memcpy(dso->jit_code, r->load.code, r->load.code_size);
	dso->jit_code_size = r->load.code_size;
	dso->jit_code_addr = r->load.code_addr;
	dsos__add(&m->dsos, dso);
	jit_queue(m->jit, jit_time(m, d, r->timestamp), d->pid, r->load.code_addr,
		  r->load.code_size, dso);
	dso__put(dso);
}

static void jit_code_move(struct machine *m, struct jit_dump *d, const struct jit_record *r)
{
	char name[PATH_MAX];
	struct dso *dso = jit_dso_name(m, d, r->move.code_index, name, sizeof(name));

	u64 size;

	if (!dso || dso->kind != DSO_KIND_JITDUMP || !dso->symbols.nr)
		return;
	/* No more than was loaded: a move carries no code to bound its size. */
	size = min(r->move.code_size, dso->symbols.entries[0]->end - dso->symbols.entries[0]->start);
	if (!size || r->move.new_code_addr + size < r->move.new_code_addr)
		return;
	jit_queue(m->jit, jit_time(m, d, r->timestamp), d->pid, r->move.new_code_addr, size, dso);
}

/* The records of one chunk; returns the bytes used, *@need when none fit. */
static size_t jit_dump__parse(struct machine *m, struct jit_dump *d, const u8 *buf,
			      size_t len, u64 at, size_t *need, int *nr, bool quiet)
{
	size_t pos = 0;

	*need = 0;
	while (pos < len) {
		struct jit_record r;
		ssize_t n = jitdump__read_record(&d->h, buf + pos, len - pos, &r);

		if (n == 0) {
			/* incomplete here: the size it needs, when known */
			*need = len - pos >= JITDUMP_PREFIX_SIZE ? r.total_size : JITDUMP_PREFIX_SIZE;
			break;
		}
		if (n < 0) {
			if (!quiet)
				warning("%s: bad record at offset %" PRIu64 ", the rest is ignored.",
					d->file, at + pos);
			d->dead = true;
			break;
		}
		pos += (size_t)n;
		(*nr)++;
		if (r.id == JIT_CODE_LOAD)
			jit_code_load(m, d, &r);
		else if (r.id == JIT_CODE_MOVE)
			jit_code_move(m, d, &r);
		/* DEBUG_INFO and UNWINDING_INFO: no line table nor unwinding yet */
	}
	return pos;
}

#define JIT_CHUNK	(1U << 20)

/*
 * Read what @d gained since last time, a chunk at a time: whole records
 * only; a record cut by the end of the file waits for the next read.
 * Returns the number of records read.
 */
static int jit_dump__read(struct machine *m, struct jit_dump *d, bool quiet)
{
	struct stat st;
	size_t cap = JIT_CHUNK;
	u8 *buf = NULL;
	int fd, nr = 0;

	if (d->dead)
		return 0;
	fd = jit_file__open(d->file, quiet);
	if (fd < 0) {
		if (fd == -EPERM)
			d->dead = true;
		else if (!quiet)
			pr_debug(1, "cannot read %s: %s", d->file, strerror(-fd));
		return 0;
	}
	if (fstat(fd, &st))
		goto out;
	buf = xmalloc(cap);
	while (!d->dead && d->offset < (u64)st.st_size) {
		size_t want = (size_t)min((u64)cap, (u64)st.st_size - d->offset), need, used;
		ssize_t len = pread(fd, buf, want, (off_t)d->offset);

		if (len <= 0)
			break;
		if (!d->have_header) {
			int hs = jitdump__read_header(buf, (size_t)len, &d->h);

			if (hs == -ENODATA || (hs > 0 && (size_t)hs > (size_t)len))
				break;		/* not all written yet */
			if (hs < 0) {
				if (!quiet)
					warning("%s: not a jitdump file, ignoring it.", d->file);
				d->dead = true;
				break;
			}
			d->have_header = true;
			d->offset += (u64)hs;
			if (!jit_dump__timed(m, d))
				d->dead = true;
			continue;
		}
		used = jit_dump__parse(m, d, buf, (size_t)len, d->offset, &need, &nr, quiet);
		d->offset += used;
		if (used)
			continue;
		/* a record larger than the buffer, if the file holds it all */
		if (!need || need <= cap || need > (u64)st.st_size - d->offset)
			break;
		cap = need;
		buf = xrealloc(buf, cap);
	}
out:
	free(buf);
	close(fd);
	return nr;
}

/*
 * The copy record kept in the build-id cache (named by the hash of its
 * contents, the id the file's BUILD_ID feature gives @name), else @path:
 * the dump as it was when recorded, even if the runtime removed it or a
 * later process of the same pid rewrote it. NULL when @need_copy and
 * there is none.
 */
static char *jit_dump__file(struct machine *m, const char *name, const char *path,
			    bool need_copy)
{
	struct dso *dso = dsos__find(&m->dsos, name, NULL, NULL);
	char buf[PATH_MAX];
	struct stat st;

	if (!m->live && dso && !dso__build_id_path(dso, "jitdump", buf, sizeof(buf)) &&
	    !stat(buf, &st) && S_ISREG(st.st_mode))
		return xstrdup(buf);
	return need_copy ? NULL : xstrdup(path);
}

/*
 * Which file holds the dump a marker MMAP of pid @pid names, or NULL when
 * it is not one of that process's dumps. A process in a container names
 * its dump with the pid it has there, under its own /tmp: record kept a
 * copy, listed as /proc/<pid>/root<path>; top reads it there while the
 * process lives.
 */
static char *jit_marker__file(struct machine *m, const char *path, pid_t pid)
{
	long n = jitdump__marker_pid(path);
	struct nsinfo *nsi;
	char *inside, *file = NULL;

	if (n < 0)
		return NULL;
	if (!pid || n == (long)pid) {
		if (!m->live)
			return jit_dump__file(m, path, path, false);
		/* the same pid in another mount namespace: its file, not ours */
		nsi = nsinfo__new(pid);
		file = nsi && nsi->need_setns ? xasprintf("/proc/%d/root%s", (int)pid, path)
					      : xstrdup(path);
		nsinfo__put(nsi);
		return file;
	}
	inside = xasprintf("/proc/%d/root%s", (int)pid, path);
	if (!m->live) {
		file = jit_dump__file(m, inside, inside, true);
		free(inside);
		return file;
	}
	nsi = nsinfo__new(pid);
	if (nsi && nsi->nstgid == (pid_t)n)
		file = inside;
	else
		free(inside);
	nsinfo__put(nsi);
	return file;
}

bool machine__jit_mmap(struct machine *m, const struct mmap_event *ev)
{
	struct machine_jit *j;
	struct jit_dump *d;
	char *slash, *file;

	if (jitdump__marker_pid(ev->filename) < 0)
		return false;
	j = machine__jit(m);
	for (size_t i = 0; i < j->nr_dumps; i++) {
		if (!strcmp(j->dumps[i].path, ev->filename) && j->dumps[i].pid == ev->pid) {
			jit_dump__read(m, &j->dumps[i], true);
			return true;
		}
	}
	file = jit_marker__file(m, ev->filename, ev->pid);
	if (!file)
		return false;
	j->dumps = xrealloc(j->dumps, (j->nr_dumps + 1) * sizeof(*j->dumps));
	d = &j->dumps[j->nr_dumps++];
	memset(d, 0, sizeof(*d));
	d->path = xstrdup(ev->filename);
	d->file = file;
	d->dir = xstrdup(ev->filename);
	slash = strrchr(d->dir, '/');
	*slash = '\0';
	d->pid = ev->pid;
	jit_dump__read(m, d, false);
	return true;
}

void machine__jit_advance(struct machine *m, u64 time)
{
	struct machine_jit *j = m->jit;

	while (j && j->head < j->nr && j->q[j->head].time <= time) {
		struct jit_event *e = &j->q[j->head++];
		struct thread *t = machine__findnew_thread(m, e->pid, e->pid);
		struct map *map = map__new(e->start, e->start + e->len, JIT_ELF_TEXT_OFFSET, e->dso);

		map->prot = PROT_EXEC;
		map->flags = MAP_SHARED;
		maps__insert(t->maps, map);
		map__put(map);
		dso__put(e->dso);
	}
}

int machine__jit_reread(struct machine *m)
{
	int nr = 0;

	for (size_t i = 0; m->jit && i < m->jit->nr_dumps; i++)
		nr += jit_dump__read(m, &m->jit->dumps[i], true);
	return nr;
}
