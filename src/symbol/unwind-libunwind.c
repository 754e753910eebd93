// SPDX-License-Identifier: GPL-2.0-only
/*
 * unwind-libunwind.c: the libunwind backend (x86_64, remote API).
 *
 * One libunwind address space per process address space (struct maps),
 * kept across samples with libunwind's global cache of CFI rows (per
 * pc). Its accessors read the current sample: registers from REGS_USER,
 * memory from the stack copy and, for code and unwind tables, from the
 * DSO's file mapped once per machine (unwind__dso_image). Unwind info is
 * found through the .eh_frame_hdr binary search table of the DSO mapped
 * at the pc, as perf's libunwind code does.
 *
 * A process that maps another file where one was (exec, dlclose/dlopen)
 * would be unwound with stale cached rows: every DSO the cache has seen
 * is kept with its map (one reference), and when the maps no longer
 * hold one of them the cache is flushed before the next sample.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/unwind.h"
#include "prof/machine.h"

#ifdef HAVE_LIBUNWIND
#include <elf.h>
#include <libunwind.h>

/* Exported by libunwind, declared only in its private headers. */
extern int UNW_OBJ(dwarf_search_unwind_table)(unw_addr_space_t as, unw_word_t ip,
					      unw_dyn_info_t *di, unw_proc_info_t *pi,
					      int need_unwind_info, void *arg);

#define PROCS_MAX	64	/* address spaces kept, as the libdw backend */

#define DW_EH_PE_udata4		0x03
#define DW_EH_PE_sdata4		0x0b
#define DW_EH_PE_pcrel		0x10
#define DW_EH_PE_datarel	0x30

/* Where one DSO's .eh_frame_hdr search table is (file-relative). */
struct lu_dso {
	struct dso *dso;	/* NULL: empty slot */
	const u8 *image;	/* the file (unwind__dso_image), NULL: none */
	size_t size;
	bool has_table;
	u64 hdr_vaddr;		/* .eh_frame_hdr's link-time address */
	u64 fde_count;
};

/* A DSO mapped in one process, as libunwind has seen it. */
struct lu_module {
	struct map *map;	/* one reference */
	struct lu_dso *d;
	u64 bias;		/* run-time address - link-time address */
	u64 lo, hi;		/* its PT_LOAD segments, run-time addresses */
};

struct lu_proc {
	struct maps *maps;	/* one reference: the key */
	unw_addr_space_t as;
	struct lu_module *mods;
	size_t nr_mods, alloc_mods;
	struct lu_backend *lu;
	struct unwind_sample *us;	/* the current sample */
};

struct lu_backend {
	struct lu_proc *procs[PROCS_MAX];	/* most recently used first */
	int nr;
	struct lu_dso *dsos;	/* open addressing, power-of-two size */
	size_t nr_dsos, size_dsos;
};

/* ---- ELF: the PT_LOAD segments and .eh_frame_hdr of a file image ---- */

static const Elf64_Ehdr *elf_header(const u8 *img, size_t size)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;

	if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_X86_64 ||
	    eh->e_phentsize != sizeof(Elf64_Phdr) || eh->e_phoff > size ||
	    (size - eh->e_phoff) / sizeof(Elf64_Phdr) < eh->e_phnum)
		return NULL;
	return eh;
}

static const Elf64_Phdr *elf_phdrs(const u8 *img, const Elf64_Ehdr *eh)
{
	return (const Elf64_Phdr *)(img + eh->e_phoff);
}

/* The .eh_frame_hdr at file offset @off, address @vaddr of @d. */
static void dso_parse_hdr(struct lu_dso *d, u64 off, u64 vaddr)
{
	const u8 *hdr;

	if (off > d->size || d->size - off < 12)
		return;
	hdr = d->image + off;
	/* version 1; eh_frame_ptr any; fde_count udata4; table datarel|sdata4 */
	if (hdr[0] != 1 || hdr[2] != DW_EH_PE_udata4 ||
	    hdr[3] != (DW_EH_PE_datarel | DW_EH_PE_sdata4) || (hdr[1] & 0x0f) != DW_EH_PE_sdata4)
		return;
	d->hdr_vaddr = vaddr;
	d->fde_count = (u64)hdr[8] | (u64)hdr[9] << 8 | (u64)hdr[10] << 16 | (u64)hdr[11] << 24;
	d->has_table = d->fde_count > 0 && d->size - off - 12 >= d->fde_count * 8;
}

/*
 * Parse @d's .eh_frame_hdr: through PT_GNU_EH_FRAME, as the loader finds
 * it, else the section of that name (perf inject -j's images have no
 * such segment; perf looks the section up).
 */
static void dso_parse(struct lu_dso *d)
{
	const Elf64_Ehdr *eh = elf_header(d->image, d->size);
	const Elf64_Phdr *ph;
	const Elf64_Shdr *sh, *strs;

	if (!eh)
		return;
	ph = elf_phdrs(d->image, eh);
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_GNU_EH_FRAME) {
			dso_parse_hdr(d, ph[i].p_offset, ph[i].p_vaddr);
			return;
		}
	}
	if (eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > d->size ||
	    (d->size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum ||
	    eh->e_shstrndx >= eh->e_shnum)
		return;
	sh = (const Elf64_Shdr *)(d->image + eh->e_shoff);
	strs = &sh[eh->e_shstrndx];
	if (strs->sh_offset > d->size || d->size - strs->sh_offset < strs->sh_size)
		return;
	for (int i = 0; i < eh->e_shnum; i++) {
		static const char want[] = ".eh_frame_hdr";

		if (sh[i].sh_name >= strs->sh_size || strs->sh_size - sh[i].sh_name < sizeof(want) ||
		    memcmp(d->image + strs->sh_offset + sh[i].sh_name, want, sizeof(want)))
			continue;
		dso_parse_hdr(d, sh[i].sh_offset, sh[i].sh_addr);
		return;
	}
}

static size_t dso_hash(const struct dso *dso)
{
	u64 h = (u64)(uintptr_t)dso * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h ^ (h >> 29));
}

static struct lu_dso *dso_slot(struct lu_backend *lu, const struct dso *dso)
{
	size_t mask = lu->size_dsos - 1, i = dso_hash(dso) & mask;

	while (lu->dsos[i].dso && lu->dsos[i].dso != dso)
		i = (i + 1) & mask;
	return &lu->dsos[i];
}

/* The table of @map's DSO, parsed on first use (shared by all processes). */
static struct lu_dso *dso_find(struct lu_backend *lu, struct machine *m, struct map *map)
{
	struct lu_dso *d;

	if (lu->size_dsos) {
		d = dso_slot(lu, map->dso);
		if (d->dso)
			return d;
	}
	if (2 * (lu->nr_dsos + 1) > lu->size_dsos) {
		struct lu_dso *old = lu->dsos;
		size_t old_size = lu->size_dsos;

		lu->size_dsos = old_size ? old_size * 2 : 64;
		lu->dsos = xcalloc(lu->size_dsos, sizeof(*lu->dsos));
		for (size_t i = 0; i < old_size; i++)
			if (old[i].dso)
				*dso_slot(lu, old[i].dso) = old[i];
		free(old);
	}
	d = dso_slot(lu, map->dso);
	d->dso = map->dso;
	lu->nr_dsos++;
	d->image = unwind__dso_image(m, map, &d->size);
	if (d->image)
		dso_parse(d);
	return d;
}

/* ---- per process ---- */

static void proc_drop_modules(struct lu_proc *p)
{
	for (size_t i = 0; i < p->nr_mods; i++)
		map__put(p->mods[i].map);
	p->nr_mods = 0;
}

static void proc_free(struct lu_proc *p)
{
	if (!p)
		return;
	proc_drop_modules(p);
	free(p->mods);
	if (p->as)
		unw_destroy_addr_space(p->as);
	maps__put(p->maps);
	free(p);
}

/*
 * The module of the DSO mapped at @addr, added the first time libunwind
 * asks about it. NULL without a user DSO there; sets us->no_file when its
 * file is missing.
 */
static struct lu_module *module_find(struct lu_proc *p, u64 addr, bool add)
{
	struct unwind_sample *us = p->us;
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
	struct lu_module *mod;
	struct lu_dso *d;
	struct map *map;
	u64 lo = ~0ULL, hi = 0, bias = 0;
	bool found = false;

	for (size_t i = 0; i < p->nr_mods; i++)
		if (addr >= p->mods[i].lo && addr < p->mods[i].hi)
			return &p->mods[i];
	if (!add)
		return NULL;
	map = maps__find(p->maps, addr);
	if (!map || !map->dso || map->identity ||
	    (map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO))
		return NULL;
	d = dso_find(p->lu, us->machine, map);
	if (!d->image || !(eh = elf_header(d->image, d->size))) {
		us->no_file = true;
		return NULL;
	}
	/* The bias from the segment the map's file offset lies in. */
	ph = elf_phdrs(d->image, eh);
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (!found && map->pgoff >= (ph[i].p_offset & ~0xfffULL) &&
		    map->pgoff < ph[i].p_offset + ph[i].p_filesz) {
			bias = map->start - map->pgoff + ph[i].p_offset - ph[i].p_vaddr;
			found = true;
		}
		if (ph[i].p_vaddr < lo)
			lo = ph[i].p_vaddr;
		if (ph[i].p_vaddr + ph[i].p_memsz > hi)
			hi = ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (!found || lo >= hi) {
		us->no_file = true;
		return NULL;
	}
	if (p->nr_mods == p->alloc_mods)
		p->mods = xgrow(p->mods, sizeof(*p->mods), p->nr_mods + 1, &p->alloc_mods);
	mod = &p->mods[p->nr_mods++];
	mod->map = map__get(map);
	mod->d = d;
	mod->bias = bias;
	mod->lo = bias + lo;
	mod->hi = bias + hi;
	return mod;
}

/* Flush libunwind's cache when a DSO it has seen is no longer mapped there. */
static void proc_check_modules(struct lu_proc *p)
{
	for (size_t i = 0; i < p->nr_mods; i++) {
		if (maps__find(p->maps, p->mods[i].map->start) != p->mods[i].map) {
			unw_flush_cache(p->as, 0, 0);
			proc_drop_modules(p);
			return;
		}
	}
}

/* ---- libunwind's accessors: arg is the struct lu_proc ---- */

static int lu_find_proc_info(unw_addr_space_t as, unw_word_t ip, unw_proc_info_t *pi,
			     int need_unwind_info, void *arg)
{
	struct lu_proc *p = arg;
	struct lu_module *mod = module_find(p, ip, true);
	unw_dyn_info_t di;

	if (!mod)
		return -UNW_ENOINFO;
	if (!mod->d->has_table) {
		p->us->no_cfi = true;
		return -UNW_ENOINFO;
	}
	memset(&di, 0, sizeof(di));
	di.format = UNW_INFO_FORMAT_REMOTE_TABLE;
	di.start_ip = mod->map->start;
	di.end_ip = mod->map->end;
	di.u.rti.segbase = mod->bias + mod->d->hdr_vaddr;
	di.u.rti.table_data = mod->bias + mod->d->hdr_vaddr + 12;
	di.u.rti.table_len = mod->d->fde_count * 8 / sizeof(unw_word_t);
	return UNW_OBJ(dwarf_search_unwind_table)(as, ip, &di, pi, need_unwind_info, arg);
}

static void lu_put_unwind_info(unw_addr_space_t as, unw_proc_info_t *pi, void *arg)
{
	/* libunwind frees what dwarf_search_unwind_table allocated */
}

static int lu_get_dyn_info_list_addr(unw_addr_space_t as, unw_word_t *dilap, void *arg)
{
	return -UNW_ENOINFO;
}

static int lu_access_mem(unw_addr_space_t as, unw_word_t addr, unw_word_t *valp,
			 int write, void *arg)
{
	struct lu_proc *p = arg;
	struct unwind_sample *us = p->us;
	struct lu_module *mod;
	const Elf64_Phdr *ph;
	const Elf64_Ehdr *eh;
	u64 v, vaddr;

	if (write)
		return -UNW_EREADONLYREG;
	if (addr >= us->sp && addr - us->sp + sizeof(v) <= us->stack_size) {
		memcpy(valp, us->stack + (addr - us->sp), sizeof(v));
		return 0;
	}
	/* Unwind tables and code: the file's bytes at the link-time address. */
	mod = module_find(p, addr, false);
	if (mod) {
		eh = (const Elf64_Ehdr *)mod->d->image;
		ph = elf_phdrs(mod->d->image, eh);
		vaddr = addr - mod->bias;
		for (int i = 0; i < eh->e_phnum; i++) {
			u64 off;

			if (ph[i].p_type != PT_LOAD || vaddr < ph[i].p_vaddr ||
			    vaddr + sizeof(v) > ph[i].p_vaddr + ph[i].p_filesz)
				continue;
			off = vaddr - ph[i].p_vaddr + ph[i].p_offset;
			if (off > mod->d->size || mod->d->size - off < sizeof(v))
				break;
			memcpy(valp, mod->d->image + off, sizeof(v));
			return 0;
		}
	}
	/*
	 * perf's libunwind reads a DSO's bytes through the map at @addr
	 * (file offset addr - start + pgoff), outside any segment too: a JIT
	 * image's unwinding tables follow its code, inside the map of a load
	 * (which covers them), not of a move.
	 */
	{
		struct map *map = maps__find(p->maps, addr);

		if (map && map->dso && !map->identity && addr + sizeof(v) <= map->end &&
		    map->dso->kind == DSO_KIND_USER) {
			struct lu_dso *d = dso_find(p->lu, us->machine, map);
			u64 off = addr - map->start + map->pgoff;

			if (d->image && off <= d->size && d->size - off >= sizeof(v)) {
				memcpy(valp, d->image + off, sizeof(v));
				return 0;
			}
		}
	}
	if (unwind__read_word(us, addr, &v))
		return -UNW_EINVAL;
	*valp = v;
	return 0;
}

static int lu_access_reg(unw_addr_space_t as, unw_regnum_t regnum, unw_word_t *valp,
			 int write, void *arg)
{
	struct lu_proc *p = arg;
	struct unwind_sample *us = p->us;

	if (write)
		return -UNW_EREADONLYREG;
	/* libunwind's x86_64 numbers are the DWARF ones: rax..r15, then rip */
	if (regnum < 0 || regnum >= UNWIND_X86_64_DWARF_NR || !(us->regs_valid & (1U << regnum)))
		return -UNW_EBADREG;
	*valp = us->regs[regnum];
	return 0;
}

static int lu_access_fpreg(unw_addr_space_t as, unw_regnum_t num, unw_fpreg_t *val,
			   int write, void *arg)
{
	return -UNW_EINVAL;
}

static int lu_resume(unw_addr_space_t as, unw_cursor_t *cu, void *arg)
{
	return -UNW_EINVAL;
}

static int lu_get_proc_name(unw_addr_space_t as, unw_word_t addr, char *bufp, size_t buf_len,
			    unw_word_t *offp, void *arg)
{
	return -UNW_EINVAL;
}

static unw_accessors_t accessors = {
	.find_proc_info = lu_find_proc_info,
	.put_unwind_info = lu_put_unwind_info,
	.get_dyn_info_list_addr = lu_get_dyn_info_list_addr,
	.access_mem = lu_access_mem,
	.access_reg = lu_access_reg,
	.access_fpreg = lu_access_fpreg,
	.resume = lu_resume,
	.get_proc_name = lu_get_proc_name,
};

/* ---- the backend ---- */

static struct lu_proc *proc_findnew(struct lu_backend *lu, struct maps *maps)
{
	struct lu_proc *p;

	for (int i = 0; i < lu->nr; i++) {
		if (lu->procs[i]->maps == maps) {
			p = lu->procs[i];
			if (i) {
				memmove(&lu->procs[1], &lu->procs[0], (size_t)i * sizeof(p));
				lu->procs[0] = p;
			}
			return p;
		}
	}
	p = xzalloc(sizeof(*p));
	p->as = unw_create_addr_space(&accessors, 0);
	if (!p->as) {
		free(p);
		return NULL;
	}
	unw_set_caching_policy(p->as, UNW_CACHE_GLOBAL);
	p->maps = maps__get(maps);
	p->lu = lu;
	if (lu->nr == PROCS_MAX)
		proc_free(lu->procs[--lu->nr]);
	memmove(&lu->procs[1], &lu->procs[0], (size_t)lu->nr * sizeof(p));
	lu->procs[0] = p;
	lu->nr++;
	return p;
}

static void *lu_new(void)
{
	return xzalloc(sizeof(struct lu_backend));
}

static void lu_free(void *priv)
{
	struct lu_backend *lu = priv;

	if (!lu)
		return;
	for (int i = 0; i < lu->nr; i++)
		proc_free(lu->procs[i]);
	free(lu->dsos);
	free(lu);
}

static void lu_forget(void *priv, struct maps *maps)
{
	struct lu_backend *lu = priv;

	for (int i = 0; i < lu->nr; i++) {
		if (lu->procs[i]->maps != maps)
			continue;
		proc_free(lu->procs[i]);
		memmove(&lu->procs[i], &lu->procs[i + 1],
			(size_t)(lu->nr - i - 1) * sizeof(lu->procs[0]));
		lu->nr--;
		return;
	}
}

static int lu_unwind(void *priv, struct unwind_sample *us, unwind_entry_cb cb, void *arg)
{
	struct lu_backend *lu = priv;
	struct lu_proc *p;
	unw_cursor_t c;
	unw_word_t ip;
	int ret;

	if (!us->thread->maps)
		return -ENODATA;
	p = proc_findnew(lu, us->thread->maps);
	if (!p)
		return -ENOMEM;
	p->us = us;
	proc_check_modules(p);
	if (!module_find(p, us->ip, true)) {
		/* No file for the sampled pc: its frame is all there is. */
		p->us = NULL;
		us->stop = UNWIND_STOP_NO_MAP;
		return unwind__deliver(us, us->ip, cb, arg);
	}
	if (unw_init_remote(&c, p->as, p)) {
		p->us = NULL;
		us->stop = UNWIND_STOP_ERROR;
		return unwind__deliver(us, us->ip, cb, arg);
	}
	ret = unwind__deliver(us, us->ip, cb, arg);
	while (!ret) {
		if (us->nr_frames >= us->max_stack) {
			us->stop = UNWIND_STOP_MAX_STACK;
			break;
		}
		/* the flags of the frame being stepped from */
		us->no_cfi = us->no_file = false;
		ret = unw_step(&c);
		if (ret <= 0) {
			/* 0: the CFI ends the stack (_start, clone3) */
			us->stop = ret == 0 ? UNWIND_STOP_ROOT : UNWIND_STOP_ERROR;
			ret = 0;
			break;
		}
		if (unw_get_reg(&c, UNW_REG_IP, &ip) || !ip) {
			/* perf shows a 0 return address as ffffffffffffffff; prof stops */
			us->stop = UNWIND_STOP_END;
			ret = 0;
			break;
		}
		/*
		 * Callers at return address - 1 (inside the call), except
		 * where libunwind says the frame is a signal frame, as perf.
		 */
		if (unw_is_signal_frame(&c) <= 0)
			ip--;
		ret = unwind__deliver(us, ip, cb, arg);
	}
	p->us = NULL;
	return ret;
}

const struct unwind_backend_ops unwind_libunwind_ops = {
	.name = "libunwind",
	.new = lu_new,
	.free = lu_free,
	.unwind = lu_unwind,
	.forget = lu_forget,
};

#endif /* HAVE_LIBUNWIND */
