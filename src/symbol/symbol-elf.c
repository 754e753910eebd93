// SPDX-License-Identifier: GPL-2.0-only
/*
 * symbol-elf.c: symbols from ELF files through libelf, with perf's rules:
 * .symtab else .dynsym, functions, objects and text labels, addresses
 * moved into file-offset space, zero-size and duplicate fix-ups, then
 * name@plt entries synthesized from the PLT relocations.
 */
#include "prof/compat.h"
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include "prof/util.h"
#include "prof/dso.h"
#include "prof/demangle.h"
#include "symbol-elf.h"

static void elf_init_once(void)
{
	static bool done;

	if (!done) {
		elf_version(EV_CURRENT);
		done = true;
	}
}

static Elf_Scn *section_by_name(Elf *elf, size_t shstrndx, const char *name,
				GElf_Shdr *shdr, size_t *idx)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *n;

		if (!gelf_getshdr(scn, shdr))
			continue;
		n = elf_strptr(elf, shstrndx, shdr->sh_name);
		if (n && !strcmp(n, name)) {
			if (idx)
				*idx = elf_ndxscn(scn);
			return scn;
		}
	}
	return NULL;
}

static int elf_read_bid(Elf *elf, struct build_id *bid)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		Elf_Data *data;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		if (data && data->d_buf &&
		    notes__read_build_id(data->d_buf, data->d_size, bid) == 0)
			return 0;
	}
	return -ENODATA;
}

void symsrc__exit(struct symsrc *ss)
{
	if (ss->elf)
		elf_end(ss->elf);
	if (ss->fd >= 0)
		close(ss->fd);
	free(ss->name);
	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;
}

int symsrc__init(struct symsrc *ss, struct dso *dso, const char *path,
		 void *image, size_t image_size, char origin)
{
	GElf_Shdr shdr;

	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;
	elf_init_once();
	if (image) {
		ss->elf = elf_memory(image, image_size);
	} else {
		ss->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (ss->fd < 0)
			return -errno;
		ss->elf = elf_begin(ss->fd, ELF_C_READ, NULL);
	}
	if (!ss->elf || elf_kind(ss->elf) != ELF_K_ELF || !gelf_getehdr(ss->elf, &ss->ehdr) ||
	    elf_getshdrstrndx(ss->elf, &ss->shstrndx) < 0) {
		symsrc__exit(ss);
		return -ENOEXEC;
	}
	/* Invariant 3: a file whose build-id differs is never used. */
	if (dso && dso->bid.size) {
		struct build_id bid;

		if (elf_read_bid(ss->elf, &bid) < 0 || !build_id__equal(&bid, &dso->bid)) {
			symsrc__exit(ss);
			return -EINVAL;
		}
	}
	ss->symtab = section_by_name(ss->elf, ss->shstrndx, ".symtab", &ss->symshdr, NULL);
	if (ss->symtab && ss->symshdr.sh_type != SHT_SYMTAB)
		ss->symtab = NULL;
	ss->dynsym = section_by_name(ss->elf, ss->shstrndx, ".dynsym", &ss->dynshdr, &ss->dynsym_idx);
	if (ss->dynsym && ss->dynshdr.sh_type != SHT_DYNSYM)
		ss->dynsym = NULL;
	ss->has_dwarf = section_by_name(ss->elf, ss->shstrndx, ".debug_line", &shdr, NULL) &&
			shdr.sh_type != SHT_NOBITS;
	ss->name = xstrdup(path ? path : "");
	ss->origin = origin;
	return 0;
}

/* @elf's PT_LOAD headers, read once for all its symbols */
#define LOAD_SEGS_MAX 32
struct load_segs {
	Elf *elf;
	size_t nr;
	bool more;		/* more than LOAD_SEGS_MAX: the rest are read each time */
	u64 vaddr[LOAD_SEGS_MAX], memsz[LOAD_SEGS_MAX], offset[LOAD_SEGS_MAX];
};

static void load_segs__read(Elf *elf, struct load_segs *ls)
{
	size_t n;

	ls->elf = elf;
	ls->nr = 0;
	ls->more = false;
	if (elf_getphdrnum(elf, &n) < 0)
		return;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (ls->nr == LOAD_SEGS_MAX) {
			ls->more = true;
			return;
		}
		ls->vaddr[ls->nr] = ph.p_vaddr;
		ls->memsz[ls->nr] = ph.p_memsz;
		ls->offset[ls->nr++] = ph.p_offset;
	}
}

/* Offset to subtract from a vaddr to get a file offset: its PT_LOAD's. */
static bool vaddr_delta(const struct load_segs *ls, u64 vaddr, u64 *delta)
{
	size_t n, seen = 0;

	for (size_t i = 0; i < ls->nr; i++) {
		if (vaddr >= ls->vaddr[i] && vaddr < ls->vaddr[i] + ls->memsz[i]) {
			*delta = ls->vaddr[i] - ls->offset[i];
			return true;
		}
	}
	if (!ls->more || elf_getphdrnum(ls->elf, &n) < 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(ls->elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    seen++ < LOAD_SEGS_MAX)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_memsz) {
			*delta = ph.p_vaddr - ph.p_offset;
			return true;
		}
	}
	return false;
}

static bool sec_is_text(Elf *elf, size_t shstrndx, size_t idx, GElf_Shdr *sh)
{
	Elf_Scn *scn = elf_getscn(elf, idx);
	const char *n;

	if (!scn || !gelf_getshdr(scn, sh))
		return false;
	n = elf_strptr(elf, shstrndx, sh->sh_name);
	return n && strstr(n, "text");
}

static char *maybe_demangle(const struct dso *dso, const char *name)
{
	if (symbol_conf.no_demangle)
		return NULL;
	if ((dso->kind == DSO_KIND_KERNEL || dso->kind == DSO_KIND_MODULE) &&
	    !symbol_conf.demangle_kernel)
		return NULL;
	return demangle_sym(name, symbol_conf.show_params);
}

int symsrc__load_syms(struct dso *dso, struct symsrc *syms_ss, struct symsrc *runtime_ss)
{
	bool kernel = dso->kind == DSO_KIND_KERNEL || dso->kind == DSO_KIND_MODULE;
	Elf *elf = syms_ss->elf;
	Elf_Scn *sec = syms_ss->symtab;
	GElf_Shdr shdr = syms_ss->symshdr, tshdr;
	Elf_Data *syms, *strs;
	Elf_Scn *strsec;
	size_t nr_syms;
	struct load_segs segs = { .nr = 0 };
	int nr = 0;

	if (!sec) {
		sec = syms_ss->dynsym;
		shdr = syms_ss->dynshdr;
	}
	if (!sec || !shdr.sh_entsize)
		return -ENODATA;
	syms = elf_getdata(sec, NULL);
	strsec = elf_getscn(elf, shdr.sh_link);
	strs = strsec ? elf_getdata(strsec, NULL) : NULL;
	if (!syms || !strs)
		return -ENODATA;
	if (section_by_name(runtime_ss->elf, runtime_ss->shstrndx, ".text", &tshdr, NULL))
		dso->text_offset = tshdr.sh_addr - tshdr.sh_offset;
	dso->adjust_symbols = !kernel;

	nr_syms = shdr.sh_size / shdr.sh_entsize;
	/*
	 * A user DSO's symbols come from one arena: a malloc each was ~4% of
	 * prof top, which loads the tables of every new process's DSOs.
	 * (Kernel tables keep theirs: kallsyms' split moves symbols.)
	 */
	if (!kernel)
		symbols__reserve(&dso->symbols, nr_syms, strs->d_size);
	if (dso->adjust_symbols)
		load_segs__read(runtime_ss->elf, &segs);
	for (size_t i = 0; i < nr_syms; i++) {
		GElf_Sym sym;
		const char *name;
		char *dem;
		u8 type;
		bool is_label;
		GElf_Shdr lshdr;
		struct symbol *f;

		if (!gelf_getsym(syms, (int)i, &sym))
			continue;
		if (!sym.st_name || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
			continue;
		type = GELF_ST_TYPE(sym.st_info);
		is_label = type == STT_NOTYPE;
		if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_OBJECT && !is_label)
			continue;
		if (is_label && !sec_is_text(elf, syms_ss->shstrndx, sym.st_shndx, &lshdr))
			continue;
		/*
		 * A vmlinux's label at the end of its section (_etext, or _end
		 * where .text is last) names no code: stretched to the next
		 * page it would name what lies past the section, where perf's
		 * kernel map (the vmlinux's .text) has already ended.
		 */
		if (is_label && dso->kind == DSO_KIND_KERNEL && !sym.st_size &&
		    sym.st_value >= lshdr.sh_addr + lshdr.sh_size)
			continue;
		if (sym.st_name >= strs->d_size)
			continue;
		name = (const char *)strs->d_buf + sym.st_name;
		if (dso->adjust_symbols) {
			u64 delta;

			if (vaddr_delta(&segs, sym.st_value, &delta)) {
				sym.st_value -= delta;
			} else {
				Elf_Scn *s = elf_getscn(elf, sym.st_shndx);
				GElf_Shdr sh;

				if (s && gelf_getshdr(s, &sh))
					sym.st_value -= sh.sh_addr - sh.sh_offset;
			}
		}
		dem = maybe_demangle(dso, name);
		if (kernel) {
			f = symbol__new(sym.st_value, sym.st_size, GELF_ST_BIND(sym.st_info), type,
					dem ? dem : name);
			symbols__append(&dso->symbols, f);
		} else {
			f = symbols__new_in(&dso->symbols, sym.st_value, sym.st_size,
					    GELF_ST_BIND(sym.st_info), type, dem ? dem : name);
		}
		free(dem);
		/* Invariant 4: the tree gets the symbols in perf's order. */
		symbols__tree_defer(&dso->symbols, f);
		nr++;
	}
	if (nr > 0) {
		symbols__sort(&dso->symbols);
		symbols__fixup_end(&dso->symbols, false);
		symbols__fixup_duplicate(&dso->symbols);
	}
	return nr;
}

int symsrc__synthesize_plt(struct dso *dso, struct symsrc *ss)
{
	GElf_Shdr rel_sh, plt_sh, dyn_sh = ss->dynshdr;
	Elf_Scn *rel_scn, *strsec;
	Elf_Data *reldata, *syms, *strs;
	u64 off, hdr_size, ent_size;
	size_t n;
	int nr = 0;

	if (!ss->dynsym)
		return 0;
	rel_scn = section_by_name(ss->elf, ss->shstrndx, ".rela.plt", &rel_sh, NULL);
	if (!rel_scn)
		rel_scn = section_by_name(ss->elf, ss->shstrndx, ".rel.plt", &rel_sh, NULL);
	if (!rel_scn || rel_sh.sh_link != ss->dynsym_idx || !rel_sh.sh_entsize)
		return 0;
	if (!section_by_name(ss->elf, ss->shstrndx, ".plt", &plt_sh, NULL))
		return 0;
	reldata = elf_getdata(rel_scn, NULL);
	syms = elf_getdata(ss->dynsym, NULL);
	strsec = elf_getscn(ss->elf, dyn_sh.sh_link);
	strs = strsec ? elf_getdata(strsec, NULL) : NULL;
	if (!reldata || !syms || !strs || !strs->d_size)
		return 0;

	switch (ss->ehdr.e_machine) {
	case EM_ARM:
		hdr_size = 20; ent_size = 12; break;
	case EM_AARCH64:
		hdr_size = 32; ent_size = 16; break;
	default:
		hdr_size = plt_sh.sh_entsize; ent_size = plt_sh.sh_entsize; break;
	}
	off = plt_sh.sh_offset + hdr_size;
	n = rel_sh.sh_size / rel_sh.sh_entsize;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		u64 info;
		const char *name = "";
		char *dem, *full;
		struct symbol *sym_plt;

		if (rel_sh.sh_type == SHT_RELA) {
			GElf_Rela r;

			if (!gelf_getrela(reldata, (int)i, &r))
				break;
			info = r.r_info;
		} else {
			GElf_Rel r;

			if (!gelf_getrel(reldata, (int)i, &r))
				break;
			info = r.r_info;
		}
		if (gelf_getsym(syms, (int)GELF_R_SYM(info), &sym) && sym.st_name < strs->d_size)
			name = (const char *)strs->d_buf + sym.st_name;
		dem = maybe_demangle(dso, name);
		full = xasprintf("%s@plt", dem ? dem : name);
		free(dem);
		sym_plt = symbol__new(off, ent_size, STB_GLOBAL, STT_FUNC, full);
		sym_plt->synthesized = 1;
		symbols__append(&dso->symbols, sym_plt);
		if (dso->symbols.log)
			symbols__tree_defer(&dso->symbols, sym_plt);
		else if (dso->symbols.root)
			symbols__tree_insert(&dso->symbols, sym_plt);
		free(full);
		off += ent_size;
		nr++;
	}
	if (nr)
		symbols__sort(&dso->symbols);
	return nr;
}

int dso__load_elf(struct dso *dso, const char *syms_path, const char *runtime_path)
{
	struct symsrc a, b;
	int nr, plt, err;

	err = symsrc__init(&a, dso, syms_path, NULL, 0, 'd');
	if (err)
		return err;
	if (runtime_path && strcmp(runtime_path, syms_path)) {
		err = symsrc__init(&b, dso, runtime_path, NULL, 0, 'd');
		if (err) {
			symsrc__exit(&a);
			return err;
		}
	} else {
		b = a;
	}
	nr = symsrc__load_syms(dso, &a, &b);
	if (nr > 0) {
		plt = symsrc__synthesize_plt(dso, &b);
		if (plt > 0)
			nr += plt;
	}
	symbols__finish(&dso->symbols);
	if (b.elf != a.elf)
		symsrc__exit(&b);
	symsrc__exit(&a);
	return nr;
}
