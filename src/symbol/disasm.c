// SPDX-License-Identifier: GPL-2.0-only
/*
 * disasm.c: one symbol's instructions as objdump prints them. capstone
 * decodes the bytes in-process and the operands are printed here from its
 * details in objdump's AT&T form (capstone's own text differs: decimal
 * immediates, suffixes, ", " separators, no scale 1, no "# target"
 * comments). The alternative runs an objdump as perf 6.1 does.
 */
#include "prof/compat.h"
#include <fcntl.h>
#include <gelf.h>
#include <sys/wait.h>
#include "prof/util.h"
#include "prof/strbuf.h"
#include "prof/dso.h"
#include "prof/disasm.h"
#include "prof/jitdump.h"
#ifdef HAVE_CAPSTONE
#include <dlfcn.h>
#include <capstone/capstone.h>

/*
 * capstone is opened when the first instruction is decoded, not linked:
 * its tables carry ~77K relocations that the dynamic loader would apply
 * at every start of every command (~5 ms), for the few that disassemble.
 * CAPSTONE_SONAME is the library the build probed and compiled against.
 */
static struct {
	bool tried, ok;
	typeof(cs_open) *open;
	typeof(cs_option) *option;
	typeof(cs_malloc) *malloc;
	typeof(cs_disasm_iter) *disasm_iter;
	typeof(cs_free) *free;
	typeof(cs_close) *close;
	typeof(cs_reg_name) *reg_name;
	typeof(cs_insn_name) *insn_name;
} cs;

static bool capstone_load(void)
{
	void *h;

	if (cs.tried)
		return cs.ok;
	cs.tried = true;
	h = dlopen(CAPSTONE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		pr_debug(1, "disasm: %s\n", dlerror());
		return false;
	}
#define CS_SYM(f) ((*(void **)&cs.f = dlsym(h, "cs_" #f)) != NULL)
	cs.ok = CS_SYM(open) && CS_SYM(option) && CS_SYM(malloc) && CS_SYM(disasm_iter) &&
		CS_SYM(free) && CS_SYM(close) && CS_SYM(reg_name) && CS_SYM(insn_name);
#undef CS_SYM
	if (!cs.ok) {
		pr_debug(1, "disasm: %s lacks a function prof calls\n", CAPSTONE_SONAME);
		dlclose(h);
	}
	return cs.ok;
}
#endif

bool disasm__have_capstone(void)
{
#ifdef HAVE_CAPSTONE
	return capstone_load();
#else
	return false;
#endif
}

static struct disasm_insn *disasm__add(struct disasm *d)
{
	if (d->nr == d->alloc) {
		d->alloc = d->alloc ? d->alloc * 2 : 64;
		d->insns = xrealloc(d->insns, (size_t)d->alloc * sizeof(*d->insns));
	}
	memset(&d->insns[d->nr], 0, sizeof(d->insns[0]));
	return &d->insns[d->nr++];
}

void disasm__exit(struct disasm *d)
{
	for (int i = 0; i < d->nr; i++) {
		free(d->insns[i].text);
		free(d->insns[i].raw);
	}
	free(d->insns);
	memset(d, 0, sizeof(*d));
}

/* The file of @dso's code, or -1 with the reason in @err. */
static int code_file(struct dso *dso, char *path, size_t size, char *err, size_t errsz)
{
	if (dso->kind == DSO_KIND_VDSO) {
		dso__load(dso, NULL);
		if (dso->symsrc_filename && !dso->image) {
			snprintf(path, size, "%s", dso->symsrc_filename);
			return 0;
		}
		if (dso->image) {
			path[0] = '\0';	/* the in-memory image */
			return 0;
		}
	} else if (dso->kind == DSO_KIND_USER) {
		if (!dso__code_path(dso, path, size))
			return 0;
		snprintf(err, errsz, "No such file or directory");
		return -1;
	}
	if (dso->kind == DSO_KIND_JITDUMP) {
		/* perf inject --jit's file where it was written, else the dump's bytes */
		if (!access(dso->long_name, R_OK)) {
			snprintf(path, size, "%s", dso->long_name);
			return 0;
		}
		if (!dso->image && dso->jit_code && dso->symbols.nr)
			dso->image = jit_elf__image(dso->jit_code_addr,
						    dso->symbols.entries[0]->name, dso->jit_code,
						    dso->jit_code_size, &dso->image_size);
		if (dso->image) {
			path[0] = '\0';
			return 0;
		}
	}
	if (dso->kind == DSO_KIND_KERNEL && dso->symsrc_filename &&
	    symbol_conf.vmlinux_name && !access(dso->symsrc_filename, R_OK)) {
		/* the kernel's code from the vmlinux given with -k */
		snprintf(path, size, "%s", dso->symsrc_filename);
		return 0;
	}
	snprintf(err, errsz, "no file with the code of %s", dso->long_name);
	return -1;
}

#ifdef HAVE_CAPSTONE
/* ---- the file's symbols, objdump's pick for an address ---- */

struct osym {
	u64 value;
	u64 size;
	u32 rank;		/* lower wins among equal values, before size */
	bool owned;		/* @name is ours (a versioned .dynsym name) */
	const char *name;	/* in the ELF string table, or "name@@VER" */
};

/* A dynamic relocation's slot and its symbol as objdump prints it. */
struct orel {
	u64 addr;
	u64 value;		/* a defined symbol's: objdump adds "+0x(addr - value)" */
	bool names_slot;	/* objdump names the slot by it (not IRELATIVE's) */
	char *name;		/* "sym@VERSION", "sym@Base", "sym" */
	char *plt_name;		/* "sym@plt" */
};

#define OFILE_VNAMES 128

struct ofile {
	int fd;
	Elf *elf;
	struct osym *syms;
	size_t nr;
	struct orel *rels;	/* sorted by address */
	size_t nr_rels;
	u64 plt_lo, plt_hi;	/* the PLT sections: prof's synthesized name@plt */
	struct dso *dso;
	/* no ELF: code bytes at an address (a kcore's), no symbols (objdump's view of kcore) */
	const u8 *raw;
	u64 raw_addr;
	size_t raw_len;
	/* version names by index, looked up once (libc's .dynsym has ~3,000 users of ~40) */
	const char *vname[OFILE_VNAMES];
	bool vname_done[OFILE_VNAMES];
};

static int osym_cmp(const void *pa, const void *pb)
{
	const struct osym *a = pa, *b = pb;

	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->size != b->size)
		return a->size > b->size ? -1 : 1;
	if ((a->name[0] == '.') != (b->name[0] == '.'))
		return a->name[0] == '.' ? 1 : -1;
	return strcmp(a->name, b->name);
}

/*
 * objdump's sorted symbols: .symtab, else .dynsym; no section, file or
 * undefined ones. Among equal addresses it names the first of: functions,
 * then objects, before other symbols; globals before locals; the larger;
 * names without a leading '.'; then by name (demo's 0x4018 is
 * __TMC_END__, a global object, not _edata or the local completed.0).
 */
static Elf_Scn *find_scn(Elf *elf, Elf64_Word type, GElf_Shdr *sh);
static const char *version_name(Elf *elf, u16 ndx);

static const char *ofile__version(struct ofile *f, u16 ndx)
{
	if (ndx >= OFILE_VNAMES)
		return version_name(f->elf, ndx);
	if (!f->vname_done[ndx]) {
		f->vname[ndx] = version_name(f->elf, ndx);
		f->vname_done[ndx] = true;
	}
	return f->vname[ndx];
}

/* @a @b @c in one new string: what xasprintf("%s%s%s") makes, without the printf. */
static char *concat3(const char *a, const char *b, const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
	char *r = xmalloc(la + lb + lc + 1);

	memcpy(r, a, la);
	memcpy(r + la, b, lb);
	memcpy(r + la + lb, c, lc + 1);
	return r;
}

static void ofile__read_syms(struct ofile *f)
{
	Elf_Scn *scn = NULL, *use = NULL, *vscn;
	GElf_Shdr sh, ush = { 0 }, vsh;
	Elf_Data *data, *vers = NULL;
	size_t n;

	while ((scn = elf_nextscn(f->elf, scn))) {
		const char *name;
		size_t shstrndx;

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !use)) {
			use = scn;
			ush = sh;
		}
		if (!elf_getshdrstrndx(f->elf, &shstrndx) &&
		    (name = elf_strptr(f->elf, shstrndx, sh.sh_name)) &&
		    !strncmp(name, ".plt", 4)) {
			if (!f->plt_hi || sh.sh_addr < f->plt_lo)
				f->plt_lo = sh.sh_addr;
			if (sh.sh_addr + sh.sh_size > f->plt_hi)
				f->plt_hi = sh.sh_addr + sh.sh_size;
		}
	}
	if (!use || !(data = elf_getdata(use, NULL)) || !ush.sh_entsize)
		return;
	if (ush.sh_type == SHT_DYNSYM && (vscn = find_scn(f->elf, SHT_GNU_versym, &vsh)))
		vers = elf_getdata(vscn, NULL);
	n = ush.sh_size / ush.sh_entsize;
	f->syms = xcalloc(n ? n : 1, sizeof(*f->syms));
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		GElf_Versym v = 0;
		const char *name, *ver;
		int type;

		if (!gelf_getsym(data, (int)i, &s))
			continue;
		type = GELF_ST_TYPE(s.st_info);
		/* .dynsym's absolute ones are its version names (GLIBC_2.2.5 at 0) */
		if (type == STT_SECTION || type == STT_FILE || s.st_shndx == SHN_UNDEF ||
		    (s.st_shndx == SHN_ABS && ush.sh_type != SHT_DYNSYM))
			continue;
		name = elf_strptr(f->elf, ush.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		f->syms[f->nr].value = s.st_value;
		f->syms[f->nr].name = name;
		/* objdump names a .dynsym symbol with its version: name@@GLIBC_2.2.5 */
		if (vers && gelf_getversym(vers, (int)i, &v) && (v & 0x7fff) > 1 &&
		    (ver = ofile__version(f, v & 0x7fff))) {
			f->syms[f->nr].name = concat3(name, v & 0x8000 ? "@" : "@@", ver);
			f->syms[f->nr].owned = true;
		}
		f->syms[f->nr].size = s.st_size;
		f->syms[f->nr].rank = (u32)((type != STT_FUNC && type != STT_GNU_IFUNC) << 2 |
					    (type != STT_OBJECT) << 1 |
					    (GELF_ST_BIND(s.st_info) == STB_LOCAL));
		f->nr++;
	}
	qsort(f->syms, f->nr, sizeof(*f->syms), osym_cmp);
}

static Elf_Scn *find_scn(Elf *elf, Elf64_Word type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, sh) && sh->sh_type == type)
			return scn;
	return NULL;
}

/* The name of version @ndx from .gnu.version_r, else .gnu.version_d. */
static const char *version_name(Elf *elf, u16 ndx)
{
	GElf_Shdr sh;
	Elf_Scn *scn;
	Elf_Data *d;

	if ((scn = find_scn(elf, SHT_GNU_verneed, &sh)) && (d = elf_getdata(scn, NULL))) {
		size_t off = 0;
		GElf_Verneed vn;

		for (size_t i = 0; i < sh.sh_info && gelf_getverneed(d, (int)off, &vn); i++) {
			size_t aoff = off + vn.vn_aux;
			GElf_Vernaux va;

			for (u32 k = 0; k < vn.vn_cnt && gelf_getvernaux(d, (int)aoff, &va); k++) {
				if ((va.vna_other & 0x7fff) == ndx)
					return elf_strptr(elf, sh.sh_link, va.vna_name);
				if (!va.vna_next)
					break;
				aoff += va.vna_next;
			}
			if (!vn.vn_next)
				break;
			off += vn.vn_next;
		}
	}
	if ((scn = find_scn(elf, SHT_GNU_verdef, &sh)) && (d = elf_getdata(scn, NULL))) {
		size_t off = 0;
		GElf_Verdef vd;
		GElf_Verdaux va;

		for (size_t i = 0; i < sh.sh_info && gelf_getverdef(d, (int)off, &vd); i++) {
			if (vd.vd_ndx == ndx && gelf_getverdaux(d, (int)(off + vd.vd_aux), &va))
				return elf_strptr(elf, sh.sh_link, va.vda_name);
			if (!vd.vd_next)
				break;
			off += vd.vd_next;
		}
	}
	return NULL;
}

static int orel_cmp(const void *pa, const void *pb)
{
	const struct orel *a = pa, *b = pb;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/*
 * objdump names an address that a dynamic relocation with a symbol
 * writes (a GOT slot) by that symbol and its version: "__cxa_finalize@
 * GLIBC_2.2.5", "_ITM_registerTMCloneTable@Base" (version 1, the global
 * one), "name@@VER" for a default version of a defined symbol.
 */
static void ofile__read_dynrel(struct ofile *f)
{
	GElf_Shdr dsh, vsh, sh;
	Elf_Scn *dscn, *vscn, *scn = NULL;
	Elf_Data *dsyms, *vers = NULL;
	size_t alloc = 0;

	if (!(dscn = find_scn(f->elf, SHT_DYNSYM, &dsh)) || !(dsyms = elf_getdata(dscn, NULL)))
		return;
	if ((vscn = find_scn(f->elf, SHT_GNU_versym, &vsh)))
		vers = elf_getdata(vscn, NULL);
	while ((scn = elf_nextscn(f->elf, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || sh.sh_link != elf_ndxscn(dscn) ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			GElf_Versym v = 0;
			const char *name, *ver = NULL;
			size_t si;

			if (!gelf_getrela(d, (int)i, &r))
				continue;
			if (GELF_R_TYPE(r.r_info) == R_X86_64_IRELATIVE) {
				/* no symbol: objdump's *ABS*+0x9d670@plt for its PLT entry */
				if (f->nr_rels == alloc) {
					alloc = alloc ? 2 * alloc : 16;
					f->rels = xrealloc(f->rels, alloc * sizeof(*f->rels));
				}
				f->rels[f->nr_rels].addr = r.r_offset;
				f->rels[f->nr_rels].value = r.r_offset;
				f->rels[f->nr_rels].names_slot = false;
				f->rels[f->nr_rels].name = xasprintf("*ABS*+0x%" PRIx64, (u64)r.r_addend);
				f->rels[f->nr_rels].plt_name = xasprintf("*ABS*+0x%" PRIx64 "@plt",
									 (u64)r.r_addend);
				f->nr_rels++;
				continue;
			}
			if (!(si = GELF_R_SYM(r.r_info)) || !gelf_getsym(dsyms, (int)si, &sym) ||
			    !(name = elf_strptr(f->elf, dsh.sh_link, sym.st_name)) || !*name)
				continue;
			if (vers && gelf_getversym(vers, (int)si, &v) && (v & 0x7fff) > 1)
				ver = ofile__version(f, v & 0x7fff);
			else if (vers && (v & 0x7fff) == 1)
				ver = "Base";
			if (f->nr_rels == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				f->rels = xrealloc(f->rels, alloc * sizeof(*f->rels));
			}
			f->rels[f->nr_rels].addr = r.r_offset;
			f->rels[f->nr_rels].value = sym.st_shndx == SHN_UNDEF ? r.r_offset : sym.st_value;
			f->rels[f->nr_rels].names_slot = true;
			f->rels[f->nr_rels].name =
				ver ? concat3(name, sym.st_shndx == SHN_UNDEF ||
					      (v & 0x8000) ? "@" : "@@", ver) : xstrdup(name);
			f->rels[f->nr_rels].plt_name = concat3(name, "@plt", "");
			f->nr_rels++;
		}
	}
	if (f->nr_rels)
		qsort(f->rels, f->nr_rels, sizeof(*f->rels), orel_cmp);
}

static const struct orel *ofile__rel(const struct ofile *f, u64 addr)
{
	size_t lo = 0, hi = f->nr_rels;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (f->rels[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->nr_rels && f->rels[lo].addr == addr ? &f->rels[lo] : NULL;
}

/*
 * A PLT entry objdump names by the GOT slot its jump reads: "jmp
 * *disp(%rip)" (ff 25), after an endbr64 or with a bnd prefix. For
 * @addr in an entry of .plt, .plt.sec or .plt.got (whose entries perf,
 * and so prof's symbol table, do not name): the slot's relocation and
 * the entry's start. PLT0's jump reads a slot no relocation writes.
 */
static const struct orel *ofile__plt_entry(struct ofile *f, u64 addr, u64 *entry)
{
	GElf_Shdr sh;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(f->elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(f->elf, scn))) {
		const char *sname;
		Elf_Data *d;
		u64 esz, off;
		const u8 *b;

		if (!gelf_getshdr(scn, &sh) || addr < sh.sh_addr || addr >= sh.sh_addr + sh.sh_size ||
		    !(sname = elf_strptr(f->elf, shstrndx, sh.sh_name)) || strncmp(sname, ".plt", 4) ||
		    !(d = elf_getdata(scn, NULL)) || d->d_size < sh.sh_size)
			continue;
		esz = sh.sh_entsize >= 8 ? sh.sh_entsize : 8;
		off = (addr - sh.sh_addr) / esz * esz;
		b = (const u8 *)d->d_buf + off;
		for (u64 k = 0; k + 6 <= esz && off + k + 6 <= sh.sh_size; k++) {
			if (b[k] == 0xff && b[k + 1] == 0x25) {
				s32 disp;

				memcpy(&disp, b + k + 2, 4);
				*entry = sh.sh_addr + off;
				return ofile__rel(f, sh.sh_addr + off + k + 6 + (u64)(s64)disp);
			}
		}
		return NULL;
	}
	return NULL;
}

/*
 * objdump's synthetic symbols: each PLT entry whose slot a relocation
 * writes is "name@plt" in its sorted table, so an address past the PLT
 * (ld.so's first .text function, without a symbol) is "<last@plt+0x20>".
 */
static void ofile__add_plt_syms(struct ofile *f)
{
	GElf_Shdr sh;
	Elf_Scn *scn = NULL;
	size_t shstrndx, alloc = f->nr;

	if (!f->nr_rels || elf_getshdrstrndx(f->elf, &shstrndx))
		return;
	while ((scn = elf_nextscn(f->elf, scn))) {
		const char *sname;
		u64 esz;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sname = elf_strptr(f->elf, shstrndx, sh.sh_name)) || strncmp(sname, ".plt", 4))
			continue;
		esz = sh.sh_entsize >= 8 ? sh.sh_entsize : 8;
		for (u64 off = 0; off + esz <= sh.sh_size; off += esz) {
			const struct orel *rel;
			u64 entry;

			if (!(rel = ofile__plt_entry(f, sh.sh_addr + off, &entry)) || entry != sh.sh_addr + off)
				continue;
			if (f->nr == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				f->syms = xrealloc(f->syms, alloc * sizeof(*f->syms));
			}
			f->syms[f->nr] = (struct osym){ .value = entry, .rank = 6, .name = rel->plt_name };
			f->nr++;
		}
	}
	qsort(f->syms, f->nr, sizeof(*f->syms), osym_cmp);
}

/* " <name+0xoff>" for @addr as objdump names it, "" when nothing does. */
static void ofile__name(struct ofile *f, u64 addr, struct strbuf *sb)
{
	size_t lo = 0, hi = f->nr;
	const struct osym *best;
	const struct orel *rel;
	u64 entry;

	if (addr >= f->plt_lo && addr < f->plt_hi) {
		/* objdump's synthetic name@plt: by the slot its jump reads, else as prof's */
		u64 a = addr - f->dso->text_offset;
		struct symbol *s = NULL;

		if ((rel = ofile__plt_entry(f, addr, &entry))) {
			strbuf_addf(sb, " <%s", rel->plt_name);
			if (addr != entry)
				strbuf_addf(sb, "+0x%" PRIx64, addr - entry);
			strbuf_addch(sb, '>');
			return;
		}

		dso__load(f->dso, NULL);
		for (size_t i = 0; i < f->dso->symbols.nr && !s; i++) {
			struct symbol *c = f->dso->symbols.entries[i];

			if (c->synthesized && a >= c->start && a < c->end)
				s = c;
		}
		if (s) {
			strbuf_addf(sb, " <%s", s->name);
			if (a != s->start)
				strbuf_addf(sb, "+0x%" PRIx64, a - s->start);
			strbuf_addch(sb, '>');
			return;
		}
	}
	while (lo < hi) {	/* the first symbol above addr */
		size_t mid = (lo + hi) / 2;

		if (f->syms[mid].value <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* no symbol there exactly: a dynamic relocation's slot is named by it */
	if ((!lo || f->syms[lo - 1].value != addr) && (rel = ofile__rel(f, addr)) &&
	    rel->names_slot) {
		strbuf_addf(sb, " <%s", rel->name);
		if (addr != rel->value)
			strbuf_addf(sb, "+0x%" PRIx64, addr - rel->value);
		strbuf_addch(sb, '>');
		return;
	}
	if (!lo)
		return;
	best = &f->syms[lo - 1];
	while (best > f->syms && best[-1].value == best->value)
		best--;
	strbuf_addf(sb, " <%s", best->name);
	if (addr != best->value)
		strbuf_addf(sb, "+0x%" PRIx64, addr - best->value);
	strbuf_addch(sb, '>');
}

/*
 * The bytes of the first code section piece of [start, end) (objdump
 * addresses), at *at: a symbol can run over several sections (perf
 * extends _init over the PLT), as objdump's range does.
 */
static const u8 *ofile__bytes(struct ofile *f, u64 start, u64 end, u64 *at, size_t *len)
{
	Elf_Scn *scn = NULL, *best = NULL;
	GElf_Shdr sh, bsh = { 0 };
	Elf_Data *data;
	u64 from, stop;

	if (f->raw) {
		if (end <= f->raw_addr || start >= f->raw_addr + f->raw_len)
			return NULL;
		from = start > f->raw_addr ? start : f->raw_addr;
		stop = end < f->raw_addr + f->raw_len ? end : f->raw_addr + f->raw_len;
		*at = from;
		*len = (size_t)(stop - from);
		return f->raw + (from - f->raw_addr);
	}
	while ((scn = elf_nextscn(f->elf, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_ALLOC) || sh.sh_addr + sh.sh_size <= start ||
		    sh.sh_addr >= end)
			continue;
		if (!best || sh.sh_addr < bsh.sh_addr) {
			best = scn;
			bsh = sh;
		}
	}
	if (!best)
		return NULL;
	data = elf_getdata(best, NULL);
	if (!data || !data->d_buf || data->d_size < bsh.sh_size)
		return NULL;
	from = start > bsh.sh_addr ? start : bsh.sh_addr;
	stop = end < bsh.sh_addr + bsh.sh_size ? end : bsh.sh_addr + bsh.sh_size;
	*at = from;
	*len = (size_t)(stop - from);
	return (const u8 *)data->d_buf + (from - bsh.sh_addr);
}

static int ofile__open(struct ofile *f, struct dso *dso, const char *path)
{
	memset(f, 0, sizeof(*f));
	f->fd = -1;
	f->dso = dso;
	elf_version(EV_CURRENT);
	if (*path) {
		f->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (f->fd < 0)
			return -1;
		f->elf = elf_begin(f->fd, ELF_C_READ_MMAP, NULL);
	} else {
		f->elf = elf_memory(dso->image, dso->image_size);
	}
	if (!f->elf || elf_kind(f->elf) != ELF_K_ELF)
		return -1;
	ofile__read_syms(f);
	ofile__read_dynrel(f);
	ofile__add_plt_syms(f);
	return 0;
}

static void ofile__close(struct ofile *f)
{
	for (size_t i = 0; i < f->nr_rels; i++) {
		free(f->rels[i].name);
		free(f->rels[i].plt_name);
	}
	free(f->rels);
	for (size_t i = 0; i < f->nr; i++)
		if (f->syms[i].owned)
			free((char *)f->syms[i].name);
	free(f->syms);
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
}

/* objdump's hex of a signed displacement: -0x8, 0x3c */
static void add_disp(struct strbuf *sb, s64 v)
{
	if (v < 0)
		strbuf_addf(sb, "-0x%" PRIx64, (u64)0 - (u64)v);
	else
		strbuf_addf(sb, "0x%" PRIx64, (u64)v);
}

static void add_reg(struct strbuf *sb, csh h, unsigned int reg)
{
	strbuf_addf(sb, "%%%s", cs.reg_name(h, reg));
}

/*
 * A memory operand, objdump's way: fs/gs overrides in the operand (the
 * others are prefixes: null in 64-bit mode), the displacement whenever
 * one is encoded (mod 1 and 2, no base, rip), the scale always.
 */
static void add_mem(struct strbuf *sb, csh h, const cs_insn *in, const cs_x86_op *op,
		    struct ofile *f, u64 *rip_target)
{
	const cs_x86 *x = &in->detail->x86;
	const x86_op_mem *m = &op->mem;
	unsigned int mod = x->modrm >> 6;
	bool has_base = m->base != X86_REG_INVALID, has_index = m->index != X86_REG_INVALID;

	if (m->segment == X86_REG_FS || m->segment == X86_REG_GS) {
		add_reg(sb, h, m->segment);
		strbuf_addch(sb, ':');
	}
	if (m->base == X86_REG_RIP) {
		add_disp(sb, m->disp);
		strbuf_addstr(sb, "(%rip)");
		*rip_target = in->address + in->size + (u64)m->disp;
		return;
	}
	if (!has_base && !has_index) {
		strbuf_addf(sb, "0x%" PRIx64, (u64)m->disp);
		return;
	}
	if (m->disp || mod == 1 || mod == 2 || !has_base)
		add_disp(sb, m->disp);
	strbuf_addch(sb, '(');
	if (has_base)
		add_reg(sb, h, m->base);
	if (has_index) {
		strbuf_addch(sb, ',');
		add_reg(sb, h, m->index);
		strbuf_addf(sb, ",%d", m->scale);
	}
	strbuf_addch(sb, ')');
	(void)f;
}

static bool is_branch(const cs_insn *in)
{
	const cs_detail *dt = in->detail;

	for (int i = 0; i < dt->groups_count; i++)
		if (dt->groups[i] == CS_GRP_JUMP || dt->groups[i] == CS_GRP_CALL)
			return true;
	return false;
}

/*
 * The mnemonic objdump prints: capstone's AT&T one has a size suffix
 * where objdump leaves it out because a register operand says the size
 * (movq %rax,%rdx -> mov), and on every call, jmp, ret, push and pop.
 */
static void add_mnemonic(struct strbuf *sb, csh h, const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;
	const char *mn = in->mnemonic, *sp = strrchr(mn, ' ');
	const char *base = cs.insn_name(h, in->id);
	size_t len, blen = base ? strlen(base) : 0;
	bool reg = false, strip;

	if (sp) {	/* "lock cmpxchgl": the prefix stays */
		strbuf_add(sb, mn, (size_t)(sp - mn) + 1);
		mn = sp + 1;
	}
	len = strlen(mn);
	if (!strcmp(mn, "movd") && (x->rex & 8)) {	/* REX.W: objdump's movq */
		strbuf_addstr(sb, "movq");
		return;
	}
	for (int i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_REG)
			reg = true;
	/* an integer from memory: objdump says its size, cvtsi2sdq (%rsp),%xmm0 */
	if (base && (!strcmp(base, "cvtsi2sd") || !strcmp(base, "cvtsi2ss") ||
		     !strcmp(base, "vcvtsi2sd") || !strcmp(base, "vcvtsi2ss"))) {
		for (int i = 0; i < x->op_count; i++) {
			if (x->operands[i].type == X86_OP_MEM) {
				strbuf_addf(sb, "%s%c", base, x->operands[i].size == 8 ? 'q' : 'l');
				return;
			}
		}
	}
	strip = base && len == blen + 1 && !strncmp(mn, base, blen) && strchr("bwlq", mn[blen]) &&
		(reg || is_branch(in) || !strcmp(base, "ret") || !strcmp(base, "push") ||
		 !strcmp(base, "pop") || !strcmp(base, "leave"));
	strbuf_add(sb, mn, strip ? len - 1 : len);
}

/*
 * The string instructions with objdump's explicit operands ("rep stos
 * %rax,%es:(%rdi)"); capstone prints "rep stosq (%rdi)".
 */
static bool string_insn(struct strbuf *sb, const cs_insn *in)
{
	static const char *const acc[4] = { "%al", "%ax", "%eax", "%rax" };
	const cs_x86 *x = &in->detail->x86;
	u8 op = x->opcode[0];
	int size = (op & 1) ? ((x->rex & 8) ? 3 : x->prefix[2] == 0x66 ? 1 : 2) : 0;
	const char *rep = x->prefix[0] == 0xf3 ? "rep " : x->prefix[0] == 0xf2 ? "repnz " : "";
	bool cmp = op == 0xa6 || op == 0xa7 || op == 0xae || op == 0xaf;
	char mn[16], ops[48];

	if (op < 0xa4 || op > 0xaf || (op >= 0xa8 && op <= 0xa9) || x->opcode[1])
		return false;
	if (cmp && x->prefix[0] == 0xf3)
		rep = "repz ";
	switch (op & ~1) {
	case 0xa4:
		snprintf(mn, sizeof(mn), "%smovs%c", rep, "bwlq"[size]);
		snprintf(ops, sizeof(ops), "%%ds:(%%rsi),%%es:(%%rdi)");
		break;
	case 0xa6:
		snprintf(mn, sizeof(mn), "%scmps%c", rep, "bwlq"[size]);
		snprintf(ops, sizeof(ops), "%%es:(%%rdi),%%ds:(%%rsi)");
		break;
	case 0xaa:
		snprintf(mn, sizeof(mn), "%sstos", rep);
		snprintf(ops, sizeof(ops), "%s,%%es:(%%rdi)", acc[size]);
		break;
	case 0xac:
		snprintf(mn, sizeof(mn), "%slods", rep);
		snprintf(ops, sizeof(ops), "%%ds:(%%rsi),%s", acc[size]);
		break;
	case 0xae:
		snprintf(mn, sizeof(mn), "%sscas", rep);
		snprintf(ops, sizeof(ops), "%%es:(%%rdi),%s", acc[size]);
		break;
	default:
		return false;
	}
	strbuf_addf(sb, "%-6s %s", mn, ops);
	return true;
}

static void format_insn(struct strbuf *sb, csh h, const cs_insn *in, struct ofile *f)
{
	const cs_x86 *x = &in->detail->x86;
	bool branch = is_branch(in);
	u64 rip_target = 0;
	bool rip = false, swap;
	size_t mlen;

	strbuf_reset(sb);
	if (string_insn(sb, in))
		return;
	if (in->size == 2 && in->bytes[0] == 0x66 && in->bytes[1] == 0x90) {
		strbuf_addstr(sb, "xchg   %ax,%ax");	/* capstone: "nop" */
		return;
	}
	/* objdump names each operand-size prefix beyond the first "data16" */
	for (int i = 1; i < in->size && in->bytes[0] == 0x66 && in->bytes[i] == 0x66; i++)
		strbuf_addstr(sb, "data16 ");
	if (x->prefix[1] == X86_PREFIX_CS || x->prefix[1] == X86_PREFIX_DS ||
	    x->prefix[1] == X86_PREFIX_ES || x->prefix[1] == X86_PREFIX_SS) {
		static const char *const segs[] = { "cs", "ds", "es", "ss" };
		int i = x->prefix[1] == X86_PREFIX_CS ? 0 : x->prefix[1] == X86_PREFIX_DS ? 1 :
			x->prefix[1] == X86_PREFIX_ES ? 2 : 3;

		if (!branch)
			strbuf_addf(sb, "%s ", segs[i]);
	}
	add_mnemonic(sb, h, in);
	if (!x->op_count)
		return;
	mlen = sb->len;
	while (sb->len < 6)
		strbuf_addch(sb, ' ');
	strbuf_addch(sb, ' ');
	(void)mlen;
	/* xchg with the accumulator (91-97): objdump names %eax first */
	swap = x->op_count == 2 && x->opcode[0] >= 0x91 && x->opcode[0] <= 0x97 &&
	       !x->opcode[1];
	for (int i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[swap ? 1 - i : i];

		/* shifts by one (D0, D1): objdump leaves the implied $0x1 out */
		if (!i && op->type == X86_OP_IMM && x->op_count == 2 &&
		    (x->opcode[0] == 0xd0 || x->opcode[0] == 0xd1))
			continue;
		if (i && sb->buf[sb->len - 1] != ' ')
			strbuf_addch(sb, ',');
		switch (op->type) {
		case X86_OP_REG:
			if (branch)
				strbuf_addch(sb, '*');
			add_reg(sb, h, op->reg);
			break;
		case X86_OP_IMM:
			if (branch) {
				/* objdump's address of a file with no symbols at all: 0x... */
				strbuf_addf(sb, f->raw ? "0x%" PRIx64 : "%" PRIx64, (u64)op->imm);
				ofile__name(f, (u64)op->imm, sb);
			} else {
				u64 v = (u64)op->imm;

				if (op->size && op->size < 8)
					v &= (1ULL << (op->size * 8)) - 1;
				strbuf_addf(sb, "$0x%" PRIx64, v);
			}
			break;
		case X86_OP_MEM:
			if (branch)
				strbuf_addch(sb, '*');
			add_mem(sb, h, in, op, f, &rip_target);
			rip = x->operands[i].mem.base == X86_REG_RIP;
			break;
		default:
			break;
		}
	}
	if (rip) {
		strbuf_addf(sb, f->raw ? "        # 0x%" PRIx64 : "        # %" PRIx64, rip_target);
		ofile__name(f, rip_target, sb);
	}
}

static int disasm_capstone(struct ofile *f, u64 start, u64 end, u64 text_offset,
			   struct disasm *d, char *err, size_t errsz)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len = 0;
	u64 addr = start;
	const u8 *code = ofile__bytes(f, start, end, &addr, &len);
	cs_insn *in;
	int ret = 0;
	csh h;

	if (!code) {
		snprintf(err, errsz, "no code at %#" PRIx64 " in the file", start);
		return -1;
	}
	if (!capstone_load()) {
		snprintf(err, errsz, "cannot load %s (install capstone, or use --objdump)",
			 CAPSTONE_SONAME);
		return -1;
	}
	if (cs.open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK) {
		snprintf(err, errsz, "capstone cannot disassemble x86-64");
		return -1;
	}
	cs.option(h, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
	cs.option(h, CS_OPT_DETAIL, CS_OPT_ON);
	cs.option(h, CS_OPT_SKIPDATA, CS_OPT_ON);
	in = cs.malloc(h);
next_section:
	while (len && cs.disasm_iter(h, &code, &len, &addr, in)) {
		struct disasm_insn *di = disasm__add(d);
		struct strbuf raw = STRBUF_INIT;

		di->addr = in->address;
		di->dso_addr = in->address - text_offset;
		if (in->id == 0) {
			/* capstone 4 lacks some encodings (AVX-512): objdump's turn */
			snprintf(err, errsz, "capstone cannot decode %#" PRIx64, in->address);
			ret = -2;
			break;
		}
		format_insn(&sb, h, in, f);
		di->text = strbuf_detach(&sb, NULL);
		for (int i = 0; i < in->size; i++)
			strbuf_addf(&raw, "%s%02x", i ? " " : "", in->bytes[i]);
		di->raw = strbuf_detach(&raw, NULL);
	}
	if (!ret && !len && addr < end && (code = ofile__bytes(f, addr, end, &addr, &len)))
		goto next_section;
	cs.free(in, 1);
	cs.close(&h);
	strbuf_release(&sb);
	return ret;
}
#endif

/* ---- objdump, as perf runs it ---- */

/* objdump's text after "addr:\t", tabs expanded as perf's "| expand" does. */
static char *objdump_text(const char *line, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	size_t col = (size_t)(text - line), keep;

	for (const char *p = text; *p && *p != '\n'; p++) {
		if (*p == '\t') {
			do
				strbuf_addch(&sb, ' ');
			while ((col + sb.len) % 8);
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	keep = sb.len;
	while (keep && sb.buf[keep - 1] == ' ')
		keep--;
	strbuf_setlen(&sb, keep);
	return strbuf_detach(&sb, NULL);
}

static int disasm_objdump(const char *objdump, const char *style, const char *path,
			  u64 start, u64 end, u64 text_offset, struct disasm *d,
			  char *err, size_t errsz)
{
	char a1[64], a2[64], mopt[256];
	const char *argv[10];
	int argc = 0, fds[2], status;
	char *line = NULL;
	size_t cap = 0;
	pid_t pid;
	FILE *in;

	snprintf(a1, sizeof(a1), "--start-address=0x%016" PRIx64, start);
	snprintf(a2, sizeof(a2), "--stop-address=0x%016" PRIx64, end);
	argv[argc++] = objdump;
	argv[argc++] = a1;
	argv[argc++] = a2;
	argv[argc++] = "-d";
	argv[argc++] = "--no-show-raw-insn";
	argv[argc++] = "-C";
	if (style) {
		snprintf(mopt, sizeof(mopt), "-M%s", style);
		argv[argc++] = mopt;
	}
	argv[argc++] = path;
	argv[argc] = NULL;
	if (pipe(fds) < 0) {
		snprintf(err, errsz, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		snprintf(err, errsz, "fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[1], STDOUT_FILENO);
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp(objdump, (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	while (in && getline(&line, &cap, in) > 0) {
		char *p = line, *colon;
		u64 a;

		while (*p == ' ')
			p++;
		a = strtoull(p, &colon, 16);
		if (colon == p || *colon != ':' || colon[1] != '\t')
			continue;
		{
			struct disasm_insn *di = disasm__add(d);

			di->addr = a;
			di->dso_addr = a - text_offset;
			di->text = objdump_text(line, colon + 2);
		}
	}
	free(line);
	if (in)
		fclose(in);
	else
		close(fds[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errsz, "%s failed", objdump);
		return -1;
	}
	if (!d->nr) {
		snprintf(err, errsz, "%s printed no instructions", objdump);
		return -1;
	}
	return 0;
}

#ifdef HAVE_CAPSTONE
/*
 * The last file annotate read, open with its sorted symbols and
 * relocations: the next symbol is most often in the same DSO (libc's,
 * whose ~3,000 symbols were read and sorted again for each).
 */
struct disasm_cache {
	struct ofile f;
	bool open;
	struct dso *dso;
	char path[PATH_MAX];
};

/* @dso's file at @path, opened once while the symbols asked for stay in it; NULL if not ELF. */
static struct ofile *disasm_cache__get(struct disasm_cache *c, struct dso *dso, const char *path)
{
	if (!c || !*path)
		return NULL;
	if (c->open && c->dso == dso && !strcmp(c->path, path))
		return &c->f;
	if (c->open)
		ofile__close(&c->f);
	c->open = false;
	c->dso = dso;
	snprintf(c->path, sizeof(c->path), "%s", path);
	if (ofile__open(&c->f, dso, path) < 0) {
		ofile__close(&c->f);
		c->dso = NULL;
		return NULL;
	}
	c->open = true;
	return &c->f;
}

struct disasm_cache *disasm_cache__new(void)
{
	return xzalloc(sizeof(struct disasm_cache));
}

void disasm_cache__delete(struct disasm_cache *c)
{
	if (c && c->open)
		ofile__close(&c->f);
	free(c);
}
#else
struct disasm_cache *disasm_cache__new(void)
{
	return NULL;
}

void disasm_cache__delete(struct disasm_cache *c)
{
	(void)c;
}
#endif

#define KCORE_MAX_CODE	(16u << 20)	/* a "symbol" larger is the end of kallsyms */

/*
 * The kernel's code at [start, end) from a kcore file: an ELF core file
 * whose PT_LOAD headers map ranges of kernel addresses to file offsets
 * (/proc/kcore). Returns the bytes (*len of them: to the end of their
 * segment at most) and the segment's program header index and address,
 * or NULL with @err set.
 */
static u8 *kcore_read(const char *path, u64 start, u64 end, size_t *len, unsigned int *seg,
		      u64 *seg_addr, char *err, size_t errsz)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf64_Ehdr eh;
	u8 *code = NULL;

	if (fd < 0) {
		snprintf(err, errsz, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    eh.e_phentsize < sizeof(Elf64_Phdr)) {
		snprintf(err, errsz, "%s: not an ELF core file", path);
		goto out;
	}
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		size_t n, got = 0;

		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + (u64)i * eh.e_phentsize)) !=
		    (ssize_t)sizeof(ph))
			break;
		if (ph.p_type != PT_LOAD || start < ph.p_vaddr || start - ph.p_vaddr >= ph.p_filesz)
			continue;
		n = (size_t)min(min(end - start, ph.p_filesz - (start - ph.p_vaddr)),
				(u64)KCORE_MAX_CODE);
		code = xmalloc(n);
		while (got < n) {
			ssize_t r = pread(fd, code + got, n - got,
					  (off_t)(ph.p_offset + (start - ph.p_vaddr) + got));

			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (!got) {
			snprintf(err, errsz, "%s: cannot read the code at %#" PRIx64 ": %s", path,
				 start, strerror(errno));
			free(code);
			code = NULL;
		}
		*len = got;
		*seg = i;
		*seg_addr = ph.p_vaddr;
		goto out;
	}
	snprintf(err, errsz, "%s maps no code at %#" PRIx64, path, start);
out:
	close(fd);
	return code;
}

/*
 * The kernel's code from kcore, where perf reads it without a vmlinux
 * (the kcore beside the kallsyms the symbols came from): objdump runs on
 * the kcore file, as perf's does; capstone gets the symbol's bytes read
 * from the segment that holds them, and names no branch target (kcore
 * has no symbols: objdump prints bare addresses).
 */
static int disasm_kcore(struct dso *dso, const struct symbol *sym, const struct disasm_opts *o,
			struct disasm *d, char *err, size_t errsz)
{
	u64 start = sym->start, end = sym->end > sym->start ? sym->end : sym->start + 1;
	size_t len = 0;
	unsigned int seg = 0;
	u64 seg_addr = 0;
	u8 *code = kcore_read(dso->kcore_path, start, end, &len, &seg, &seg_addr, err, errsz);
	int ret = -1;

	if (!code)
		return -1;
	d->start = start;
	if (o->objdump) {
		ret = disasm_objdump(o->objdump, o->style, dso->kcore_path, start, end, 0, d, err,
				     errsz);
	} else {
#ifdef HAVE_CAPSTONE
		struct ofile f;

		memset(&f, 0, sizeof(f));
		f.fd = -1;
		f.dso = dso;
		f.raw = code;
		f.raw_addr = start;
		f.raw_len = len;
		ret = disasm_capstone(&f, start, start + len, 0, d, err, errsz);
		ofile__close(&f);
		if (ret == -2) {
			/* an instruction capstone cannot decode: the symbol from objdump */
			disasm__exit(d);
			d->start = start;
			ret = disasm_objdump("objdump", NULL, dso->kcore_path, start, end, 0, d,
					     err, errsz);
		}
#else
		snprintf(err, errsz, "prof was built without capstone: use --objdump");
#endif
	}
	free(code);
	if (ret < 0) {
		disasm__exit(d);
		return ret;
	}
	/* objdump's name for the segment (BFD's: load and its header's index) */
	snprintf(d->section, sizeof(d->section), "load%u", seg);
	d->section_addr = seg_addr;
	return ret;
}

void disasm__preamble(const struct disasm *d, const char *sym_name, char *section,
		      size_t section_size, char *label, size_t label_size)
{
	/* a kcore has no symbols: objdump names the code by its segment */
	snprintf(section, section_size, "Disassembly of section %s:",
		 d->section[0] ? d->section : ".text");
	if (!d->section[0])
		snprintf(label, label_size, "%016" PRIx64 " <%s>:", d->start, sym_name);
	else if (d->start == d->section_addr)
		snprintf(label, label_size, "%016" PRIx64 " <%s>:", d->start, d->section);
	else
		snprintf(label, label_size, "%016" PRIx64 " <%s+0x%" PRIx64 ">:", d->start,
			 d->section, d->start - d->section_addr);
}

bool disasm__kcore(const struct dso *dso, char *path, size_t size)
{
	char err[64];

	if (dso->kind != DSO_KIND_KERNEL || !dso->kcore_path ||
	    code_file((struct dso *)dso, path, size, err, sizeof(err)) == 0)
		return false;
	snprintf(path, size, "%s", dso->kcore_path);
	return true;
}

int disasm__symbol(struct dso *dso, const struct symbol *sym, const struct disasm_opts *o,
		   struct disasm *d, char *err, size_t errsz)
{
	char path[PATH_MAX];
	u64 start, end;
	int ret = -1;

	memset(d, 0, sizeof(*d));
	if (code_file(dso, path, sizeof(path), err, errsz) < 0)
		return dso->kind == DSO_KIND_KERNEL && dso->kcore_path ?
		       disasm_kcore(dso, sym, o, d, err, errsz) : -1;
	start = dso__objdump_addr(dso, sym->start);
	end = dso__objdump_addr(dso, sym->end > sym->start ? sym->end : sym->start + 1);
	d->start = start;
	if (o->objdump) {
		if (!*path) {
			snprintf(err, errsz, "%s has no file for objdump", dso->long_name);
			return -1;
		}
		ret = disasm_objdump(o->objdump, o->style, path, start, end, dso->text_offset,
				     d, err, errsz);
	} else {
#ifdef HAVE_CAPSTONE
		struct ofile f, *fp = disasm_cache__get(o->cache, dso, path);

		if (fp) {
			ret = disasm_capstone(fp, start, end, dso->text_offset, d, err, errsz);
		} else if (o->cache && *path) {
			snprintf(err, errsz, "%s: not an ELF file", path);
		} else {
			if (ofile__open(&f, dso, path) < 0)
				snprintf(err, errsz, "%s: not an ELF file",
					 *path ? path : dso->long_name);
			else
				ret = disasm_capstone(&f, start, end, dso->text_offset, d, err,
						      errsz);
			ofile__close(&f);
		}
		if (ret == -2 && *path) {
			/* an instruction capstone cannot decode: the whole symbol from objdump */
			disasm__exit(d);
			d->start = start;
			ret = disasm_objdump("objdump", NULL, path, start, end, dso->text_offset,
					     d, err, errsz);
		}
#else
		snprintf(err, errsz, "prof was built without capstone: use --objdump");
#endif
	}
	if (ret < 0)
		disasm__exit(d);
	return ret;
}

/*
 * A DSO's code as script -F insn reads it, in 4 KiB blocks kept in a
 * small direct-mapped cache (perf's dso data cache): a sample's bytes are
 * most often where an earlier sample's were.
 */
#define CODE_BLOCK	4096
#define CODE_BLOCKS	16	/* a power of two */

struct code_cache {
	u64 key[CODE_BLOCKS];	/* the block's number + 1; 0: empty */
	u32 len[CODE_BLOCKS];
	u8 data[CODE_BLOCKS][CODE_BLOCK];
};

void disasm__code_cache_free(struct code_cache *c)
{
	free(c);
}

/* Block @blk of @dso's code file, its length in @len; NULL if none. */
static const u8 *code_block(struct dso *dso, u64 blk, size_t *len)
{
	struct code_cache *c;
	unsigned int slot = (unsigned int)(blk & (CODE_BLOCKS - 1));
	u64 off = blk * CODE_BLOCK;
	ssize_t n = -1;

	if (!dso->code_cache)
		dso->code_cache = xcalloc(1, sizeof(*dso->code_cache));
	c = dso->code_cache;
	if (c->key[slot] == blk + 1) {
		*len = c->len[slot];
		return c->data[slot];
	}
	if (dso->code_fd > 0) {
		n = off > (u64)INT64_MAX - CODE_BLOCK ? -1 :
		    pread(dso->code_fd - 1, c->data[slot], CODE_BLOCK, (off_t)off);
	} else if (dso->image && off < dso->image_size) {
		/* the vdso's or a jitdump's image: laid out as its file would be */
		n = (ssize_t)(dso->image_size - off < CODE_BLOCK ? dso->image_size - off : CODE_BLOCK);
		memcpy(c->data[slot], (const u8 *)dso->image + off, (size_t)n);
	}
	if (n <= 0) {
		c->key[slot] = 0;
		return NULL;
	}
	c->key[slot] = blk + 1;
	c->len[slot] = (u32)n;
	*len = (size_t)n;
	return c->data[slot];
}

ssize_t disasm__read_code(struct dso *dso, u64 offset, u8 *buf, size_t len)
{
	char path[PATH_MAX], err[256];
	size_t done = 0;

	/* perf reads the kernel's and a JIT map's at the address itself: nothing */
	if (dso->kind == DSO_KIND_KERNEL || dso->kind == DSO_KIND_MODULE ||
	    dso->kind == DSO_KIND_JIT || dso->kind == DSO_KIND_NODSO)
		return -1;
	if (!dso->code_fd) {
		int fd = -1;

		if (!code_file(dso, path, sizeof(path), err, sizeof(err)) && *path)
			fd = open(path, O_RDONLY | O_CLOEXEC);
		dso->code_fd = fd >= 0 ? fd + 1 : -1;
	}
	while (done < len) {
		u64 at = offset + done;
		size_t blen, in;
		const u8 *b = code_block(dso, at / CODE_BLOCK, &blen);

		in = (size_t)(at % CODE_BLOCK);
		if (!b || in >= blen)
			break;
		if (blen - in > len - done)
			blen = in + (len - done);
		memcpy(buf + done, b + in, blen - in);
		done += blen - in;
		if (blen < CODE_BLOCK && done < len)
			break;	/* the end of the file */
	}
	return done ? (ssize_t)done : -1;
}

#ifdef HAVE_CAPSTONE
/* One AT&T handle per mode for single instructions, kept for the run. */
static struct {
	bool tried;
	csh h;
	cs_insn *in;
} one[2];

static cs_insn *decode_one(const u8 *code, size_t len, u64 ip, bool is64)
{
	typeof(one[0]) *o = &one[is64];

	if (!o->tried) {
		o->tried = true;
		if (!capstone_load() ||
		    cs.open(CS_ARCH_X86, is64 ? CS_MODE_64 : CS_MODE_32, &o->h) != CS_ERR_OK)
			return NULL;
		cs.option(o->h, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
		o->in = cs.malloc(o->h);
	}
	if (!o->in || !cs.disasm_iter(o->h, &code, &len, &ip, o->in))
		return NULL;
	return o->in;
}
#endif

int disasm__insn_len(const u8 *code, size_t len, bool is64)
{
#ifdef HAVE_CAPSTONE
	const cs_insn *in = decode_one(code, len, 0, is64);

	return in ? in->size : 0;
#else
	(void)code, (void)len, (void)is64;
	return 0;
#endif
}

int disasm__insn_text(const u8 *code, size_t len, u64 ip, bool is64, char *buf, size_t size)
{
#ifdef HAVE_CAPSTONE
	const cs_insn *in = decode_one(code, len, ip, is64);

	if (!in)
		return 0;
	snprintf(buf, size, "%s%s%s", in->mnemonic, in->op_str[0] ? " " : "", in->op_str);
	return in->size;
#else
	(void)code, (void)len, (void)ip, (void)is64, (void)buf, (void)size;
	return 0;
#endif
}
