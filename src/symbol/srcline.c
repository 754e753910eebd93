// SPDX-License-Identifier: GPL-2.0-only
/*
 * srcline.c: file:line and inlined frames through libdw, in-process,
 * cached per DSO (an address is looked up in DWARF once).
 */
#include "prof/compat.h"
#include <fcntl.h>
#include <elfutils/libdw.h>
#include <dwarf.h>
#include <gelf.h>
#include "prof/util.h"
#include "prof/build-id.h"
#include "prof/dso.h"
#include "prof/srcline.h"

struct srcline_entry {
	u64 addr;		/* key + 1 (0 = empty slot) */
	const char *file;	/* interned, NULL: unknown */
	unsigned int line;
	bool in_cu;		/* the address is inside a DWARF compile unit */
	/* binutils' symbol-table answer where DWARF has none: the STT_FILE
	 * name it pairs with the function symbol ("" too), or NULL */
	const char *sym_file;
	bool sym_found;		/* ... and that it found a function symbol */
	const char *sym_func;	/* that symbol's name (borrowed from the ELF) */
	char *str;		/* srcline text (show_sym/show_addr variant 0) */
	char *fstr;		/* srcfile text */
};

struct srcline_cache {
	int fd;
	Dwarf *dw;
	bool tried;
	/* the file perf hands addr2line, for its symbol table */
	int sym_fd;
	Elf *sym_elf;
	struct srcline_entry *tab;
	size_t nr, cap;
	char **files;		/* interned file names */
	size_t nr_files, alloc_files;
	/* bfd_find_function's view of the symbol table, read once */
	struct bfd_func *funcs;	/* by section, address, table order */
	size_t nr_funcs;
	bool funcs_read;
};

/* A symbol binutils may take for a function, with the file it pairs it with. */
struct bfd_func {
	size_t shndx;
	u64 value;
	u64 size;		/* bfd's: st_size, 1 when 0 */
	size_t order;		/* index in the symbol table */
	const char *name;	/* borrowed from sym_elf */
	const char *file;	/* interned, or NULL */
};

void srcline_cache__delete(struct srcline_cache *c)
{
	if (!c)
		return;
	if (c->dw)
		dwarf_end(c->dw);
	if (c->fd >= 0)
		close(c->fd);
	if (c->sym_elf)
		elf_end(c->sym_elf);
	if (c->sym_fd >= 0)
		close(c->sym_fd);
	for (size_t i = 0; i < c->cap; i++) {
		free(c->tab[i].str);
		free(c->tab[i].fstr);
	}
	for (size_t i = 0; i < c->nr_files; i++)
		free(c->files[i]);
	free(c->files);
	free(c->funcs);
	free(c->tab);
	free(c);
}

static struct srcline_cache *dso__srcline_cache(struct dso *dso)
{
	struct srcline_cache *c = dso->srcline;

	if (c)
		return c;
	c = xzalloc(sizeof(*c));
	c->fd = -1;
	c->sym_fd = -1;
	c->cap = 256;
	c->tab = xcalloc(c->cap, sizeof(*c->tab));
	dso->srcline = c;
	return c;
}

static Dwarf *srcline_dwarf(struct dso *dso, struct srcline_cache *c)
{
	const char *path;
	char *plain;

	if (c->tried)
		return c->dw;
	c->tried = true;
	if (!dso->loaded)
		dso__load(dso, NULL);
	/*
	 * The symbols perf's addr2line searches where DWARF knows nothing:
	 * those of the file perf hands it (the .symtab source, else the
	 * file itself, whose .dynsym prof read). Only for ELF files: perf
	 * never asks about [vdso], the kernel or JIT maps.
	 */
	if (dso->kind == DSO_KIND_USER && dso->symsrc_filename) {
		c->sym_fd = open(dso->symsrc_filename, O_RDONLY | O_CLOEXEC);
		if (c->sym_fd >= 0)
			c->sym_elf = elf_begin(c->sym_fd, ELF_C_READ_MMAP, NULL);
		if (c->sym_elf && elf_kind(c->sym_elf) != ELF_K_ELF) {
			elf_end(c->sym_elf);
			c->sym_elf = NULL;
		}
	}
	path = dso->debug_filename ? dso->debug_filename : dso->symsrc_filename;
	if (!path)
		return NULL;
	/* compressed DWARF: libdw maps a plain copy rather than inflating it */
	plain = build_id_cache__plain_debug(buildid_dir(), path);
	c->fd = open(plain ? plain : path, O_RDONLY | O_CLOEXEC);
	free(plain);
	if (c->fd < 0)
		return NULL;
	c->dw = dwarf_begin(c->fd, DWARF_C_READ);
	return c->dw;
}

static inline size_t addr_hash(u64 a)
{
	a ^= a >> 33;
	a *= 0xff51afd7ed558ccdULL;
	a ^= a >> 33;
	return (size_t)a;
}

static struct srcline_entry *cache_slot(struct srcline_cache *c, u64 addr, bool *found)
{
	size_t mask, i;

	if ((c->nr + 1) * 2 > c->cap) {
		struct srcline_entry *old = c->tab;
		size_t oldcap = c->cap;

		c->cap *= 2;
		c->tab = xcalloc(c->cap, sizeof(*c->tab));
		for (size_t j = 0; j < oldcap; j++) {
			if (!old[j].addr)
				continue;
			for (i = addr_hash(old[j].addr) & (c->cap - 1); c->tab[i].addr;
			     i = (i + 1) & (c->cap - 1))
				;
			c->tab[i] = old[j];
		}
		free(old);
	}
	mask = c->cap - 1;
	for (i = addr_hash(addr + 1) & mask; c->tab[i].addr; i = (i + 1) & mask) {
		if (c->tab[i].addr == addr + 1) {
			*found = true;
			return &c->tab[i];
		}
	}
	*found = false;
	return &c->tab[i];
}

static const char *intern(struct srcline_cache *c, const char *s)
{
	/* Few distinct files per DSO: the last few hits cover nearly all. */
	for (size_t i = c->nr_files; i-- > 0 && i + 64 >= c->nr_files; )
		if (!strcmp(c->files[i], s))
			return c->files[i];
	if (c->nr_files == c->alloc_files)
		c->files = xgrow(c->files, sizeof(*c->files), c->nr_files + 1, &c->alloc_files);
	c->files[c->nr_files] = xstrdup(s);
	return c->files[c->nr_files++];
}

/* Interned absolute path: relative DWARF 5 names are under DW_AT_comp_dir. */
static const char *intern_path(struct srcline_cache *c, Dwarf_Die *cu, const char *f)
{
	Dwarf_Attribute attr;
	const char *dir;
	char buf[PATH_MAX];

	if (f[0] == '/')
		return intern(c, f);
	dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr));
	if (!dir)
		return intern(c, f);
	snprintf(buf, sizeof(buf), "%s/%s", dir, f);
	return intern(c, buf);
}


/*
 * perf gets lines from binutils' addr2line, whose DWARF 5 reader starts
 * every line sequence with file entry 0 (the CU's primary file) where the
 * standard says entry 1, until the program sets a file explicitly. The
 * two differ only when the code comes first from another file than the
 * one compiled (a .c that includes a .c, #line). Mirror that: a row with
 * file 1 that no file change precedes in its sequence names entry 0.
 */
static const char *bfd_file_quirk(Dwarf_Die *cu, Dwarf_Line *l, const char *f)
{
	Dwarf_Addr addr = 0;
	Dwarf_Files *files;
	Dwarf_Lines *lines;
	size_t nfiles, n, lo, hi, i;
	const char *f0, *f1;
	Dwarf_Half version;
	uint8_t asz, osz;
	Dwarf_Die unit;

	if (dwarf_cu_info(cu->cu, &version, NULL, &unit, NULL, NULL, &asz, &osz) != 0 ||
	    version < 5)
		return f;
	if (dwarf_getsrcfiles(cu, &files, &nfiles) != 0 || nfiles < 2)
		return f;
	f0 = dwarf_filesrc(files, 0, NULL, NULL);
	f1 = dwarf_filesrc(files, 1, NULL, NULL);
	if (!f0 || !f1 || strcmp(f, f1) || !strcmp(f0, f1))
		return f;
	if (dwarf_getsrclines(cu, &lines, &n) != 0 || dwarf_lineaddr(l, &addr) != 0)
		return f;
	/* Find @l among the rows (sorted by address). */
	lo = 0;
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		Dwarf_Addr a = 0;

		dwarf_lineaddr(dwarf_onesrcline(lines, mid), &a);
		if (a < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < n && dwarf_onesrcline(lines, i) != l; i++)
		;
	if (i == n)
		return f;
	/* Walk back to the start of the sequence: any other file seen? */
	while (i-- > 0) {
		Dwarf_Line *r = dwarf_onesrcline(lines, i);
		bool end = false;
		const char *rf;

		dwarf_lineendsequence(r, &end);
		if (end)
			break;
		rf = dwarf_linesrc(r, NULL, NULL);
		if (!rf || strcmp(rf, f1))
			return f;
	}
	return f0;
}

/* Is @pc inside a subprogram DIE of @cu (so binutils' DWARF lookup finds a function)? */
static bool in_subprogram(Dwarf_Die *cu, Dwarf_Addr pc)
{
	Dwarf_Die *scopes = NULL;
	int n = dwarf_getscopes(cu, pc, &scopes);
	bool found = false;

	for (int i = 0; i < n && !found; i++)
		found = dwarf_tag(&scopes[i]) == DW_TAG_subprogram ||
			dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine;
	free(scopes);
	return found;
}

/*
 * Sorted so that the last entry at or below an address in a section is
 * the one binutils takes: the highest address, then the largest size,
 * then the first in table order.
 */
static int bfd_func_cmp(const void *pa, const void *pb)
{
	const struct bfd_func *a = pa, *b = pb;

	if (a->shndx != b->shndx)
		return a->shndx < b->shndx ? -1 : 1;
	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	return a->order > b->order ? -1 : a->order < b->order;
}

/* addr2line's slurp_symtab: .symtab when it has a symbol, else .dynsym. */
static Elf_Scn *bfd_symtab(Elf *elf, size_t *strndx)
{
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (!gelf_getshdr(scn, &sh) || !sh.sh_entsize || sh.sh_size <= sh.sh_entsize)
			continue;
		if (sh.sh_type == SHT_SYMTAB && !symtab)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM && !dynsym)
			dynsym = scn;
	}
	scn = symtab ? symtab : dynsym;
	if (scn && gelf_getshdr(scn, &sh))
		*strndx = sh.sh_link;
	return scn;
}

/*
 * The walk of binutils' _bfd_elf_find_function over the symbol table,
 * done once: each symbol it may take for a function (bfd's
 * maybe_function_sym: no sections, objects or TLS, no hidden local
 * zero-size notype annobin markers), paired with the STT_FILE symbol
 * before it in table order when the symbol is local or while no file
 * symbol followed a symbol already.
 */
static void bfd_funcs_read(struct srcline_cache *c)
{
	enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL } state = NOTHING_SEEN;
	Elf *elf = c->sym_elf;
	Elf_Scn *symscn;
	const char *file = NULL;
	size_t strndx = 0, n, alloc = 0;
	Elf_Data *data;
	GElf_Shdr sh;

	c->funcs_read = true;
	symscn = elf ? bfd_symtab(elf, &strndx) : NULL;
	if (!symscn || !gelf_getshdr(symscn, &sh) || !(data = elf_getdata(symscn, NULL)))
		return;
	n = sh.sh_size / sh.sh_entsize;
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		int type;

		if (!gelf_getsym(data, (int)i, &s))
			break;
		type = GELF_ST_TYPE(s.st_info);
		if (type == STT_FILE) {
			file = elf_strptr(elf, strndx, s.st_name);
			if (state == SYMBOL_SEEN)
				state = FILE_AFTER_SYMBOL;
			continue;
		}
		if (type != STT_SECTION && type != STT_OBJECT && type != STT_TLS &&
		    s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE &&
		    !(!s.st_size && GELF_ST_BIND(s.st_info) == STB_LOCAL && type == STT_NOTYPE &&
		      GELF_ST_VISIBILITY(s.st_other) == STV_HIDDEN)) {
			struct bfd_func *f;

			if (c->nr_funcs == alloc)
				c->funcs = xgrow(c->funcs, sizeof(*c->funcs), c->nr_funcs + 1, &alloc);
			f = &c->funcs[c->nr_funcs++];
			f->shndx = s.st_shndx;
			f->value = s.st_value;
			f->size = s.st_size ? s.st_size : 1;
			f->order = i;
			f->name = elf_strptr(elf, strndx, s.st_name);
			f->file = file && (GELF_ST_BIND(s.st_info) == STB_LOCAL ||
					   state != FILE_AFTER_SYMBOL) ? intern(c, file) : NULL;
		}
		if (state == NOTHING_SEEN)
			state = SYMBOL_SEEN;
	}
	/* no function symbols (a stripped file's .dynsym of imports): funcs is NULL */
	if (c->nr_funcs)
		qsort(c->funcs, c->nr_funcs, sizeof(*c->funcs), bfd_func_cmp);
}

/*
 * binutils' _bfd_elf_find_function, which addr2line falls back on when
 * DWARF knows no function at @pc: the function symbol at or below @pc in
 * @pc's section (section 5 of symbolization.md). Returns it, or NULL.
 */
static const struct bfd_func *bfd_find_function(struct srcline_cache *c, u64 pc)
{
	Elf *elf = c->sym_elf;
	Elf_Scn *scn = NULL;
	size_t shndx = 0, lo = 0, hi;
	GElf_Shdr sh;

	if (!c->funcs_read)
		bfd_funcs_read(c);
	/* bfd's find_address_in_section: the first allocated section holding pc */
	while (elf && !shndx && (scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC) && sh.sh_addr <= pc &&
		    pc < sh.sh_addr + sh.sh_size)
			shndx = elf_ndxscn(scn);
	if (!shndx)
		return NULL;
	/* the last entry of the section at or below pc */
	hi = c->nr_funcs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct bfd_func *f = &c->funcs[mid];

		if (f->shndx < shndx || (f->shndx == shndx && f->value <= pc))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || c->funcs[lo - 1].shndx != shndx)
		return NULL;
	return &c->funcs[lo - 1];
}

/* addr2line's answer from the symbols alone: the function and its file. */
static void bfd_symtab_answer(struct srcline_cache *c, u64 pc, struct srcline_entry *e)
{
	const struct bfd_func *f = bfd_find_function(c, pc);

	if (!f)
		return;
	e->sym_found = true;
	e->sym_func = f->name;
	e->sym_file = f->file;
}

/*
 * binutils also finds a line in a compile unit with no address range (no
 * DW_AT_low_pc, no DW_AT_ranges) through its line table's sequences,
 * which libdw's dwarf_addrdie does not: perf inject -j's images have only
 * such a unit. The row at or below @pc whose sequence goes past @pc;
 * @cu is set to its unit.
 */
static Dwarf_Line *rangeless_cu_line(Dwarf *dw, Dwarf_Addr pc, Dwarf_Die *cu)
{
	Dwarf_Off off = 0, next;
	size_t hsz;

	for (; dwarf_nextcu(dw, off, &next, &hsz, NULL, NULL, NULL) == 0; off = next) {
		Dwarf_Lines *lines;
		size_t n;

		if (!dwarf_offdie(dw, off + hsz, cu) || dwarf_hasattr(cu, DW_AT_low_pc) ||
		    dwarf_hasattr(cu, DW_AT_ranges) || dwarf_getsrclines(cu, &lines, &n) != 0)
			continue;
		for (size_t i = 0; i + 1 < n; i++) {
			Dwarf_Line *l = dwarf_onesrcline(lines, i);
			Dwarf_Addr a, b;
			bool end;

			if (dwarf_lineaddr(l, &a) || dwarf_lineaddr(dwarf_onesrcline(lines, i + 1), &b) ||
			    dwarf_lineendsequence(l, &end))
				continue;
			if (!end && a <= pc && pc < b)
				return l;
		}
	}
	return NULL;
}

static struct srcline_entry *lookup(struct dso *dso, u64 addr)
{
	struct srcline_cache *c = dso__srcline_cache(dso);
	struct srcline_entry *e;
	Dwarf_Addr oaddr = dso__objdump_addr(dso, addr);
	Dwarf *dw;
	Dwarf_Die cu;
	Dwarf_Line *l;
	const char *f;
	int lineno = 0;
	bool found;

	e = cache_slot(c, addr, &found);
	if (found)
		return e;
	e->addr = addr + 1;
	c->nr++;
	dw = srcline_dwarf(dso, c);
	if (dw && dwarf_addrdie(dw, oaddr, &cu)) {
		l = dwarf_getsrc_die(&cu, oaddr);
	} else if (!dw || !(l = rangeless_cu_line(dw, oaddr, &cu))) {
		/* no DWARF, or no compile unit (crt1's _start...): the symbols answer */
		bfd_symtab_answer(c, oaddr, e);
		return e;
	}
	e->in_cu = true;
	f = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
	if (f && dwarf_lineno(l, &lineno) == 0 && lineno > 0) {
		e->file = intern_path(c, &cu, bfd_file_quirk(&cu, l, f));
		e->line = (unsigned int)lineno;
	} else if (!l && !in_subprogram(&cu, oaddr)) {
		/* global asm such as ld.so's _dl_start_user: addr2line says ":?" */
		bfd_symtab_answer(c, oaddr, e);
	}
	return e;
}

int dso__srcline(struct dso *dso, u64 addr, const char **file, unsigned int *line)
{
	struct srcline_entry *e = lookup(dso, addr);

	if (!e->file)
		return -ENOENT;
	*file = e->file;
	*line = e->line;
	return 0;
}

static const char *base_name(const char *f)
{
	const char *s = strrchr(f, '/');

	return s ? s + 1 : f;
}

bool dso__srcline_found(struct dso *dso, u64 addr, const struct symbol *sym)
{
	struct srcline_entry *e;

	if (!dso)
		return false;
	e = lookup(dso, addr);
	if (e->file || e->sym_file)
		return true;
	/*
	 * perf asks addr2line about files. It "finds" an address inside a
	 * compile unit, or outside DWARF at or above a function symbol of
	 * its section (.symtab, else .dynsym), even when it knows no line
	 * ("??:0"); PLT stubs and the [kernel.kallsyms], [vdso]... pseudo
	 * files it does not. A file prof cannot read but whose symbols came
	 * from a .symtab (a jitdump's code, which perf writes as an ELF):
	 * its function symbols.
	 */
	return dso->long_name[0] != '[' &&
	       (e->in_cu || e->sym_found ||
		(!dso->srcline->sym_elf && dso->has_symtab && sym && !sym->synthesized));
}

const char *dso__srcline_fallback(struct dso *dso, u64 addr, const struct symbol *sym,
				  bool show_sym, bool show_addr)
{
	static char buf[PATH_MAX + 64];

	if (!show_addr)
		return show_sym && sym ? sym->name : SRCLINE_UNKNOWN;
	if (sym)
		snprintf(buf, sizeof(buf), "%s+%" PRIu64, show_sym ? sym->name : "", addr - sym->start);
	else
		snprintf(buf, sizeof(buf), "%s[%" PRIx64 "]", dso->short_name,
			 dso__objdump_addr(dso, addr));
	return buf;
}

const char *dso__srcline_str(struct dso *dso, u64 addr, struct symbol *sym,
			     bool show_sym, bool show_addr)
{
	struct srcline_entry *e;

	if (!dso)
		return SRCLINE_UNKNOWN;
	e = lookup(dso, addr);
	if (e->file) {
		if (!e->str)
			e->str = xasprintf("%s:%u", symbol_conf.full_srcline ? e->file :
					   base_name(e->file), e->line);
		return e->str;
	}
	if (e->sym_file) {
		/* the file symbol's name, addr2line's line "?" read as 0 */
		if (!e->str)
			e->str = xasprintf("%s:0", symbol_conf.full_srcline ? e->sym_file :
					   base_name(e->sym_file));
		return e->str;
	}
	/* "??:0" is not cached: it depends on the flags */
	if (dso__srcline_found(dso, addr, sym))
		return SRCLINE_UNKNOWN;
	return dso__srcline_fallback(dso, addr, sym, show_sym, show_addr);
}

const char *dso__srcfile_str(struct dso *dso, u64 addr)
{
	struct srcline_entry *e;

	if (!dso)
		return "";
	e = lookup(dso, addr);
	if (!e->file && !e->sym_file)
		return "";
	if (!e->fstr) {
		const char *f = e->file ? e->file : e->sym_file;

		e->fstr = xstrdup(symbol_conf.full_srcline ? f : base_name(f));
	}
	return e->fstr;
}

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *n;

	n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!n)
		n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr));
	if (!n)
		n = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	return n;
}

/* The length of @die's range holding @pc, 0 when none holds it. */
static u64 pc_range_len(Dwarf_Die *die, Dwarf_Addr pc)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		if (start <= pc && pc < end)
			return end - start;
	return 0;
}

/*
 * Walk down from @die to the DIEs containing @pc: the subprogram, then the
 * inlined subroutines nested in it. Returns the chain length (outermost first).
 */
static int scope_chain(Dwarf_Die *die, Dwarf_Addr pc, Dwarf_Die *chain, int depth, int max)
{
	Dwarf_Die child;

	if (dwarf_child(die, &child) != 0)
		return depth;
	do {
		int tag = dwarf_tag(&child);

		switch (tag) {
		case DW_TAG_namespace:
		case DW_TAG_class_type:
		case DW_TAG_structure_type: {
			int d = scope_chain(&child, pc, chain, depth, max);

			if (d > depth)
				return d;
			break;
		}
		case DW_TAG_subprogram:
		case DW_TAG_inlined_subroutine:
		case DW_TAG_lexical_block: {
			Dwarf_Die best = child, next = child;
			u64 best_len = pc_range_len(&child, pc);

			if (best_len == 0)
				break;
			/*
			 * binutils keeps the narrowest range holding pc, the
			 * last of equal ones: an assembler file's aliases
			 * (__clone3, __GI___clone3, clone3) are one range each.
			 */
			while (dwarf_siblingof(&next, &next) == 0) {
				int t = dwarf_tag(&next);
				u64 len;

				if ((t != DW_TAG_subprogram && t != DW_TAG_inlined_subroutine) ||
				    (len = pc_range_len(&next, pc)) == 0)
					continue;
				if (len <= best_len) {
					best = next;
					best_len = len;
				}
			}
			tag = dwarf_tag(&best);
			if (tag != DW_TAG_lexical_block) {
				if (depth >= max)
					return depth;
				chain[depth++] = best;
			}
			return scope_chain(&best, pc, chain, depth, max);
		}
		default:
			break;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return depth;
}

/*
 * binutils takes a DW_AT_name for the linkage name only in languages that
 * do not mangle (C, assembler, ...: dwarf2.c's mangle_style 0); elsewhere
 * (C++ or Rust without DW_AT_linkage_name) addr2line names the function
 * from the symbol table.
 */
static bool die_linkage_named(Dwarf_Die *cu, Dwarf_Die *d)
{
	Dwarf_Attribute attr;

	if (dwarf_attr_integrate(d, DW_AT_linkage_name, &attr) ||
	    dwarf_attr_integrate(d, DW_AT_MIPS_linkage_name, &attr))
		return true;
	switch (dwarf_srclang(cu)) {
	case DW_LANG_C89: case DW_LANG_C: case DW_LANG_Cobol74: case DW_LANG_Cobol85:
	case DW_LANG_Fortran77: case DW_LANG_Pascal83: case DW_LANG_PLI:
	case DW_LANG_C99: case DW_LANG_UPC: case DW_LANG_C11:
	case DW_LANG_Mips_Assembler:
		return true;
	default:
		return false;
	}
}

int dso__inline_frames(struct dso *dso, u64 addr, struct inline_frame *frames, int max)
{
	struct srcline_cache *c = dso__srcline_cache(dso);
	Dwarf *dw = srcline_dwarf(dso, c);
	Dwarf_Die cu, chain[64];
	Dwarf_Files *files = NULL;
	size_t nfiles = 0;
	const char *file = NULL;
	unsigned int line = 0;
	u64 oaddr = dso__objdump_addr(dso, addr);
	int depth = 0, n = 0;
	bool in_cu;

	if (max <= 0)
		return 0;
	in_cu = dw && dwarf_addrdie(dw, oaddr, &cu);
	if (in_cu)
		depth = scope_chain(&cu, oaddr, chain, 0, (int)ARRAY_SIZE(chain));
	if (!depth) {
		/*
		 * DWARF names no function here (no DWARF, no compile unit,
		 * assembler): addr2line -f names the one binutils finds in the
		 * symbols, with the line DWARF has or the symbols' file.
		 */
		struct srcline_entry *e = lookup(dso, addr);
		const struct bfd_func *f = bfd_find_function(c, oaddr);

		if (!f)
			return 0;
		frames[0].funcname = f->name ? f->name : "??";
		frames[0].filename = e->file ? e->file : e->sym_file ? e->sym_file : intern(c, "??");
		frames[0].line = e->file ? e->line : 0;
		frames[0].symtab_name = false;	/* bfd's own choice among aliases */
		return 1;
	}
	if (dso__srcline(dso, addr, &file, &line))
		file = "??";
	dwarf_getsrcfiles(&cu, &files, &nfiles);
	/* Innermost first; each frame's location is where the inner one was inlined. */
	for (int k = depth - 1; k >= 0 && n < max; k--) {
		Dwarf_Die *d = &chain[k];
		Dwarf_Attribute attr;
		Dwarf_Word cf = 0, cl = 0;
		const char *name = die_name(d);

		frames[n].funcname = intern(c, name ? name : "??");
		frames[n].filename = intern(c, file);
		frames[n].line = line;
		frames[n].symtab_name = dwarf_tag(d) == DW_TAG_subprogram &&
					!die_linkage_named(&cu, d);
		n++;
		if (dwarf_tag(d) != DW_TAG_inlined_subroutine)
			break;
		if (dwarf_formudata(dwarf_attr(d, DW_AT_call_file, &attr), &cf) == 0 && files) {
			const char *f = dwarf_filesrc(files, cf, NULL, NULL);

			file = f ? intern_path(c, &cu, f) : "??";
		}
		if (dwarf_formudata(dwarf_attr(d, DW_AT_call_line, &attr), &cl) == 0)
			line = (unsigned int)cl;
	}
	return n;
}
