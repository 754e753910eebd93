// SPDX-License-Identifier: GPL-2.0-only
/*
 * unwind.c: the DWARF unwinder's interface. Turns a sample's REGS_USER
 * block into DWARF registers, hands the walk to a backend (libdw or
 * libunwind), resolves each frame through the thread's maps, and keeps
 * the machine's stack health counters. Design note:
 * Documentation/technical/unwinding.md.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/unwind.h"
#include "prof/machine.h"
#include "prof/event.h"
#include "prof/parse-options.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define UNWIND_DEFAULT_MAX_STACK	127
#define UNWIND_STACK_COPY_MAX		65528

struct health_slot {
	struct dso *dso;		/* NULL: no map */
	u64 count;
	u64 by_reason[UNWIND_STOP_NR];
};

/* A DSO's file mapped read-only (or its in-memory vdso image). */
struct dso_image {
	struct dso *dso;	/* NULL: empty slot */
	const u8 *data;		/* NULL: no file */
	size_t size;
	bool mapped;		/* data is an mmap of the file (else borrowed) */
};

struct unwind_state {
	const struct unwind_backend_ops *ops;
	void *priv;
	bool used;
	struct dso_image *images;	/* open addressing, power-of-two size */
	size_t nr_images, size_images;
	u64 samples, root, frames, stack_size;
	u64 by_reason[UNWIND_STOP_NR];
	struct health_slot *slots;
	size_t nr_slots, alloc_slots;
};

/* perf register -> DWARF register (-1: not used by CFI). */
static const signed char x86_64_perf_to_dwarf[] = {
	[PERF_REG_X86_AX] = 0,  [PERF_REG_X86_BX] = 3,  [PERF_REG_X86_CX] = 2,
	[PERF_REG_X86_DX] = 1,  [PERF_REG_X86_SI] = 4,  [PERF_REG_X86_DI] = 5,
	[PERF_REG_X86_BP] = 6,  [PERF_REG_X86_SP] = 7,  [PERF_REG_X86_IP] = 16,
	[PERF_REG_X86_FLAGS] = -1, [PERF_REG_X86_CS] = -1, [PERF_REG_X86_SS] = -1,
	[PERF_REG_X86_DS] = -1, [PERF_REG_X86_ES] = -1, [PERF_REG_X86_FS] = -1,
	[PERF_REG_X86_GS] = -1,
	[PERF_REG_X86_R8] = 8,   [PERF_REG_X86_R9] = 9,   [PERF_REG_X86_R10] = 10,
	[PERF_REG_X86_R11] = 11, [PERF_REG_X86_R12] = 12, [PERF_REG_X86_R13] = 13,
	[PERF_REG_X86_R14] = 14, [PERF_REG_X86_R15] = 15,
};

int unwind__x86_64_dwarf_reg(int perf_reg)
{
	if (perf_reg < 0 || perf_reg >= (int)ARRAY_SIZE(x86_64_perf_to_dwarf) ||
	    x86_64_perf_to_dwarf[perf_reg] < 0)
		return -EINVAL;
	return x86_64_perf_to_dwarf[perf_reg];
}

int unwind__sample_reg(u64 mask, const u64 *regs, u32 nr, int perf_reg, u64 *val)
{
	u32 idx;

	if (perf_reg < 0 || perf_reg >= 64 || !(mask & (1ULL << perf_reg)))
		return -ENOENT;
	idx = popcount64(mask & ((1ULL << perf_reg) - 1));
	if (idx >= nr || !regs)
		return -ENOENT;
	*val = regs[idx];
	return 0;
}

const char *unwind_stop__name(enum unwind_stop reason)
{
	static const char *const names[UNWIND_STOP_NR] = {
		[UNWIND_STOP_ROOT] = "root",
		[UNWIND_STOP_MAX_STACK] = "max-stack",
		[UNWIND_STOP_STACK_END] = "stack copy too small",
		[UNWIND_STOP_NO_CFI] = "no unwind info",
		[UNWIND_STOP_NO_FILE] = "file missing",
		[UNWIND_STOP_NO_MAP] = "no map",
		[UNWIND_STOP_END] = "end of unwind info",
		[UNWIND_STOP_ERROR] = "unwind error",
	};

	return (unsigned)reason < UNWIND_STOP_NR ? names[reason] : "?";
}

/* ---- per-machine state ---- */

static const struct unwind_backend_ops *backend_ops(enum unwind_backend b)
{
	switch (b) {
	case UNWIND_BACKEND_LIBDW:
#ifdef HAVE_LIBDW
		return &unwind_libdw_ops;
#else
		return NULL;
#endif
	case UNWIND_BACKEND_LIBDW_FULL:
#ifdef HAVE_LIBDW
		return &unwind_libdw_full_ops;
#else
		return NULL;
#endif
	case UNWIND_BACKEND_LIBUNWIND:
#ifdef HAVE_LIBUNWIND
		return &unwind_libunwind_ops;
#else
		return NULL;
#endif
	case UNWIND_BACKEND_DEFAULT:
	default:
		break;
	}
#ifdef HAVE_LIBDW
	return &unwind_libdw_ops;
#else
	return NULL;
#endif
}

static void unwind_state__free(void *p)
{
	struct unwind_state *st = p;

	if (!st)
		return;
	if (st->ops && st->priv)
		st->ops->free(st->priv);
	for (size_t i = 0; i < st->size_images; i++)
		if (st->images[i].mapped)
			munmap((void *)st->images[i].data, st->images[i].size);
	free(st->images);
	free(st->slots);
	free(st);
}

static struct unwind_state *unwind_state(struct machine *m)
{
	struct unwind_state *st = m->unwind;

	if (!st) {
		st = xzalloc(sizeof(*st));
		st->ops = backend_ops(UNWIND_BACKEND_DEFAULT);
		m->unwind = st;
		m->unwind_free = unwind_state__free;
	}
	return st;
}

void unwind__forget(struct machine *m, struct thread *thread)
{
	struct unwind_state *st = m->unwind;

	if (st && st->priv && st->ops->forget && thread && thread->maps)
		st->ops->forget(st->priv, thread->maps);
}

int unwind__set_backend(struct machine *m, enum unwind_backend backend)
{
	struct unwind_state *st = unwind_state(m);
	const struct unwind_backend_ops *ops = backend_ops(backend);

	if (!ops)
		return -EOPNOTSUPP;
	if (st->used)
		return -EBUSY;
	st->ops = ops;
	return 0;
}

int unwind__parse_backend(const char *name, enum unwind_backend *backend)
{
	if (!strcmp(name, "libdw"))
		*backend = UNWIND_BACKEND_LIBDW;
	else if (!strcmp(name, "libunwind"))
		*backend = UNWIND_BACKEND_LIBUNWIND;
	else
		return -EINVAL;
	return backend_ops(*backend) ? 0 : -EOPNOTSUPP;
}

int unwind__parse_opt(const struct option *opt, const char *arg, int unset)
{
	enum unwind_backend *b = opt->value;
	int ret;

	if (unset) {
		*b = UNWIND_BACKEND_DEFAULT;
		return 0;
	}
	ret = unwind__parse_backend(arg, b);
	if (ret == -EOPNOTSUPP)
		return error("--unwinder=%s: not compiled in (prof was built without %s%s)", arg,
			     arg, *b == UNWIND_BACKEND_LIBUNWIND ?
			     ": install libunwind-dev, build without NO_LIBUNWIND=1" : "");
	if (ret)
		return error("unknown unwinder '%s': use libdw or libunwind", arg);
	return 0;
}

const char *unwind__backend_name(struct machine *m)
{
	struct unwind_state *st = unwind_state(m);

	return st->ops ? st->ops->name : "none";
}

/* ---- helpers for the backends ---- */

int unwind__dso_path(struct dso *dso, char *buf, size_t size)
{
	struct stat st;

	if (dso->kind == DSO_KIND_USER && dso->long_name[0] == '/' &&
	    !stat(dso->long_name, &st) && S_ISREG(st.st_mode)) {
		snprintf(buf, size, "%s", dso->long_name);
		return 0;
	}
	if ((dso->kind == DSO_KIND_USER || dso->kind == DSO_KIND_VDSO) &&
	    !dso__build_id_path(dso, dso->kind == DSO_KIND_VDSO ? "vdso" : "elf", buf, size) &&
	    !stat(buf, &st) && S_ISREG(st.st_mode))
		return 0;
	return -ENOENT;
}

static size_t image_hash(const struct dso *dso)
{
	u64 h = (u64)(uintptr_t)dso * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h ^ (h >> 29));
}

static struct dso_image *image_slot(struct unwind_state *st, const struct dso *dso)
{
	size_t mask = st->size_images - 1, i = image_hash(dso) & mask;

	while (st->images[i].dso && st->images[i].dso != dso)
		i = (i + 1) & mask;
	return &st->images[i];
}

static void images_grow(struct unwind_state *st)
{
	struct dso_image *old = st->images;
	size_t old_size = st->size_images;

	st->size_images = old_size ? old_size * 2 : 64;
	st->images = xcalloc(st->size_images, sizeof(*st->images));
	for (size_t i = 0; i < old_size; i++)
		if (old[i].dso)
			*image_slot(st, old[i].dso) = old[i];
	free(old);
}

static void image_load(struct dso_image *img, struct map *map)
{
	struct dso *dso = map->dso;
	char path[PATH_MAX];
	struct stat sb;
	void *p;
	int fd;

	if (!unwind__dso_path(dso, path, sizeof(path))) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return;
		if (!fstat(fd, &sb) && sb.st_size > 0) {
			p = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
			if (p != MAP_FAILED) {
				img->data = p;
				img->size = (size_t)sb.st_size;
				img->mapped = true;
			}
		}
		close(fd);
		return;
	}
	if (dso->kind == DSO_KIND_VDSO) {
		if (!dso->image)
			dso__load(dso, map);
		img->data = dso->image;
		img->size = dso->image_size;
	}
}

const u8 *unwind__dso_image(struct machine *m, struct map *map, size_t *size)
{
	struct unwind_state *st = unwind_state(m);
	struct dso_image *img;

	if (!map || !map->dso || map->identity ||
	    (map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO))
		return NULL;
	if (st->size_images) {
		img = image_slot(st, map->dso);
		if (img->dso)
			goto out;
	}
	if (2 * (st->nr_images + 1) > st->size_images)
		images_grow(st);
	img = image_slot(st, map->dso);
	img->dso = map->dso;
	st->nr_images++;
	image_load(img, map);
out:
	*size = img->size;
	return img->data;
}

static int read_from_dso(struct unwind_sample *us, struct map *map, u64 addr, u64 *val)
{
	size_t size;
	const u8 *img = unwind__dso_image(us->machine, map, &size);
	u64 off = addr - map->start + map->pgoff;

	if (!img || off > size || size - off < sizeof(*val))
		return -EFAULT;
	memcpy(val, img + off, sizeof(*val));
	return 0;
}

int unwind__read_word(struct unwind_sample *us, u64 addr, u64 *val)
{
	struct map *map;

	if (addr >= us->sp && addr - us->sp + sizeof(*val) <= us->stack_size) {
		memcpy(val, us->stack + (addr - us->sp), sizeof(*val));
		return 0;
	}
	map = us->thread->maps ? maps__find(us->thread->maps, addr) : NULL;
	if (map && map->dso && !map->identity &&
	    (map->dso->kind == DSO_KIND_USER || map->dso->kind == DSO_KIND_VDSO) &&
	    !read_from_dso(us, map, addr, val))
		return 0;
	/*
	 * Above the copy: the rest of the stack the kernel did not copy. Not
	 * when the copy stopped short of the requested size: the stack (or
	 * the mapped memory above SP) ended there, a larger copy reads no more.
	 */
	if (addr >= us->sp && !us->stack_ended && (!map || map->dso->kind == DSO_KIND_NODSO))
		us->read_past_stack = true;
	return -EFAULT;
}

int unwind__deliver(struct unwind_sample *us, u64 ip, unwind_entry_cb cb, void *arg)
{
	struct unwind_entry e = { .ip = ip, .addr = ip };
	struct map *map = us->thread->maps ? maps__find(us->thread->maps, ip) : NULL;

	if (map && map->dso) {
		e.map = map;
		e.dso = map->dso;
		e.addr = map__map_ip(map, ip);
		e.sym = dso__find_symbol(map->dso, map, e.addr);
	}
	us->stop_ip = ip;
	us->nr_frames++;
	return cb ? cb(&e, arg) : 0;
}

/* ---- the walk ---- */

static bool is_root_symbol(const char *name)
{
	static const char *const roots[] = {
		"_start", "__libc_start_main", "__libc_start_main_impl",
		"__libc_start_call_main", "clone", "__clone", "clone3", "__clone3",
		"start_thread", "thread_start", "__GI___clone", "__GI___clone3",
	};
	size_t len = strcspn(name, "@");

	for (size_t i = 0; i < ARRAY_SIZE(roots); i++)
		if (strlen(roots[i]) == len && !strncmp(roots[i], name, len))
			return true;
	return false;
}

struct walk {
	unwind_entry_cb cb;
	void *arg;
	struct symbol *last_sym;
	struct map *last_map;
	struct dso *last_dso;
	bool stopped;		/* the caller's cb stopped it */
};

static int walk_cb(const struct unwind_entry *e, void *arg)
{
	struct walk *w = arg;
	int ret;

	w->last_sym = e->sym;
	w->last_map = e->map;
	w->last_dso = e->dso;
	ret = w->cb ? w->cb(e, w->arg) : 0;
	if (ret)
		w->stopped = true;
	return ret;
}

static void health_count(struct unwind_state *st, struct dso *dso, enum unwind_stop reason)
{
	size_t i;

	st->by_reason[reason]++;
	if (reason == UNWIND_STOP_ROOT || reason == UNWIND_STOP_MAX_STACK)
		return;
	for (i = 0; i < st->nr_slots; i++)
		if (st->slots[i].dso == dso)
			break;
	if (i == st->nr_slots) {
		if (st->nr_slots == st->alloc_slots)
			st->slots = xgrow(st->slots, sizeof(*st->slots), st->nr_slots + 1,
					  &st->alloc_slots);
		memset(&st->slots[i], 0, sizeof(st->slots[i]));
		st->slots[i].dso = dso;
		st->nr_slots++;
	}
	st->slots[i].count++;
	st->slots[i].by_reason[reason]++;
}

const u8 *unwind__user_stack(const struct perf_sample *sample, u64 *size)
{
	u64 n = sample->user_stack ? sample->user_stack_dyn_size : 0;

	/* the reader clamps dyn_size to the copy; a caller-built sample may not */
	if (n > sample->user_stack_size)
		n = sample->user_stack_size;
	if (size)
		*size = n;
	return n ? sample->user_stack : NULL;
}

int unwind__get_entries(struct machine *m, struct thread *thread,
			const struct perf_sample *sample, int max_stack,
			unwind_entry_cb cb, void *arg)
{
	struct unwind_state *st;
	struct unwind_sample us;
	struct walk w = { .cb = cb, .arg = arg };
	enum unwind_stop reason;
	const struct sample_regs *r = &sample->user_regs;
	const u8 *stack;
	u64 stack_size;
	int ret;

	if (!r->abi || !r->regs || !thread)
		return -ENODATA;
	stack = unwind__user_stack(sample, &stack_size);
	if (!stack)
		return -ENODATA;
	memset(&us, 0, sizeof(us));
	/* the sampled registers come in the order of their mask's bits (unwind__sample_reg's) */
	{
		bool sp = false, ip = false;
		u32 idx = 0;

		for (u64 bits = r->mask; bits && idx < r->nr; bits &= bits - 1) {
			int pr = __builtin_ctzll(bits), dw = unwind__x86_64_dwarf_reg(pr);
			u64 v = r->regs[idx++];

			if (pr == PERF_REG_X86_SP) {
				us.sp = v;
				sp = true;
			} else if (pr == PERF_REG_X86_IP) {
				us.ip = v;
				ip = true;
			}
			if (dw < 0)
				continue;
			us.regs[dw] = v;
			us.regs_valid |= 1U << dw;
		}
		if (!sp || !ip)
			return -ENODATA;
	}
	st = unwind_state(m);
	if (!st->ops)
		return -EOPNOTSUPP;
	if (!st->priv) {
		st->priv = st->ops->new();
		if (!st->priv)
			return -ENOMEM;
	}
	st->used = true;
	us.machine = m;
	us.thread = thread;
	us.stack = stack;
	us.stack_size = stack_size;
	us.stack_ended = stack_size < sample->user_stack_size;
	us.max_stack = max_stack > 0 ? max_stack : UNWIND_DEFAULT_MAX_STACK;
	us.stop = UNWIND_STOP_ERROR;

	ret = st->ops->unwind(st->priv, &us, walk_cb, &w);
	if (ret < 0 && us.nr_frames == 0)
		return ret;

	if (w.last_sym && is_root_symbol(w.last_sym->name))
		reason = UNWIND_STOP_ROOT;
	else if (w.stopped || us.nr_frames >= us.max_stack)
		reason = UNWIND_STOP_MAX_STACK;
	else if (!w.last_map)
		reason = UNWIND_STOP_NO_MAP;
	else if (us.no_file)
		reason = UNWIND_STOP_NO_FILE;
	else if (us.no_cfi)	/* before STACK_END: guessing without CFI reads anywhere */
		reason = UNWIND_STOP_NO_CFI;
	else if (us.read_past_stack)
		reason = UNWIND_STOP_STACK_END;
	else
		reason = us.stop == UNWIND_STOP_ROOT ? UNWIND_STOP_END : us.stop;
	st->samples++;
	if (reason == UNWIND_STOP_ROOT)
		st->root++;
	st->frames += (u64)us.nr_frames;
	if (sample->user_stack_size > st->stack_size)
		st->stack_size = sample->user_stack_size;
	health_count(st, w.last_dso, reason);
	return ret > 0 ? ret : 0;
}

/* ---- health summary ---- */

static int cmp_health_dso(const void *a, const void *b)
{
	const struct unwind_health_dso *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->name, y->name);
}

static const char *plural(u64 n)
{
	return n == 1 ? "" : "s";
}

static void add_hint(struct unwind_health *h, char *hint)
{
	h->hints = xrealloc(h->hints, (h->nr_hints + 1) * sizeof(*h->hints));
	h->hints[h->nr_hints++] = hint;
}

int unwind__health(struct machine *m, struct unwind_health *h)
{
	struct unwind_state *st = m->unwind;

	memset(h, 0, sizeof(*h));
	if (!st || !st->samples)
		return 0;
	h->samples = st->samples;
	h->root = st->root;
	h->frames = st->frames;
	h->stack_size = st->stack_size;
	memcpy(h->by_reason, st->by_reason, sizeof(h->by_reason));
	if (st->nr_slots) {
		h->dsos = xcalloc(st->nr_slots, sizeof(*h->dsos));
		for (size_t i = 0; i < st->nr_slots; i++) {
			struct unwind_health_dso *d = &h->dsos[i];

			d->dso = st->slots[i].dso;
			d->name = d->dso ? d->dso->long_name : "[unknown]";
			d->count = st->slots[i].count;
			memcpy(d->by_reason, st->slots[i].by_reason, sizeof(d->by_reason));
		}
		h->nr_dsos = st->nr_slots;
		qsort(h->dsos, h->nr_dsos, sizeof(*h->dsos), cmp_health_dso);
	}
	if (h->by_reason[UNWIND_STOP_STACK_END]) {
		/* perf's default copy first, then doubling. */
		u64 want = h->stack_size < 8192 ? 8192 : h->stack_size * 2;

		if (want > UNWIND_STACK_COPY_MAX)
			want = UNWIND_STACK_COPY_MAX;
		if (h->stack_size >= UNWIND_STACK_COPY_MAX)
			add_hint(h, xasprintf("stack copy too small (%" PRIu64 " bytes) for %" PRIu64
					      " sample%s: already the largest perf allows",
					      h->stack_size, h->by_reason[UNWIND_STOP_STACK_END],
					      plural(h->by_reason[UNWIND_STOP_STACK_END])));
		else
			add_hint(h, xasprintf("stack copy too small (%" PRIu64 " bytes) for %" PRIu64
					      " sample%s: use --call-graph dwarf,%" PRIu64,
					      h->stack_size, h->by_reason[UNWIND_STOP_STACK_END],
					      plural(h->by_reason[UNWIND_STOP_STACK_END]), want));
	}
	for (size_t i = 0; i < h->nr_dsos; i++) {
		const struct unwind_health_dso *d = &h->dsos[i];

		if (d->by_reason[UNWIND_STOP_NO_CFI])
			add_hint(h, xasprintf("no unwind info for %s (%" PRIu64
					      " sample%s): install its -dbg/-dbgsym package",
					      d->name, d->by_reason[UNWIND_STOP_NO_CFI],
					      plural(d->by_reason[UNWIND_STOP_NO_CFI])));
		if (d->by_reason[UNWIND_STOP_NO_FILE])
			add_hint(h, xasprintf("cannot open %s (%" PRIu64 " sample%s): the file changed"
					      " or is gone; keep its copy in the build-id cache",
					      d->name, d->by_reason[UNWIND_STOP_NO_FILE],
					      plural(d->by_reason[UNWIND_STOP_NO_FILE])));
	}
	if (h->by_reason[UNWIND_STOP_NO_MAP])
		add_hint(h, xasprintf("%" PRIu64 " sample%s reached code outside any mapped file"
				      " (JIT code without a perf-PID.map, or a corrupt stack)",
				      h->by_reason[UNWIND_STOP_NO_MAP],
				      plural(h->by_reason[UNWIND_STOP_NO_MAP])));
	return 0;
}

void unwind_health__exit(struct unwind_health *h)
{
	for (size_t i = 0; i < h->nr_hints; i++)
		free(h->hints[i]);
	free(h->hints);
	free(h->dsos);
	memset(h, 0, sizeof(*h));
}
