// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe-finder.c: perf probe's probe points from ELF symbols and DWARF
 * (probe-finder.h). x86_64 only: DWARF register numbers are turned into
 * the tracer's %ax..%r15.
 */
#include "prof/compat.h"
#include "prof/probe-finder.h"
#include "prof/util.h"
#include "prof/strbuf.h"
#include <ctype.h>
#include <fcntl.h>
#include <gelf.h>
#include <elfutils/libdw.h>
#include <dwarf.h>

/* ------------------------------------------------------- definitions */

static bool is_c_name(const char *s)
{
	if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static int parse_arg(struct probe_arg *a, const char *s, char **err)
{
	char *str = xstrdup(s), *p, *tmp;

	memset(a, 0, sizeof(*a));
	p = strchr(str, '=');
	if (p && p > str) {
		/* NAME=VAR: the name must be a C name */
		*p = '\0';
		if (!is_c_name(str)) {
			*err = xasprintf("Semantic error :%s is bad for argument name -it must follow C symbol-naming rule.", str);
			free(str);
			return -EINVAL;
		}
		a->name = xstrdup(str);
		memmove(str, p + 1, strlen(p + 1) + 1);
	}
	/* the type follows the last ':' ("+0(%si):string") */
	p = strrchr(str, ':');
	if (p) {
		*p = '\0';
		a->type = xstrdup(p + 1);
	}
	if (!(isalpha((unsigned char)str[0]) || str[0] == '_')) {
		a->var = str;
		a->raw = true;
		return 0;
	}
	tmp = strpbrk(str, "-.[");
	if (!tmp) {
		a->var = str;
		/* perf names a typed variable VAR_TYPE */
		if (!a->name && a->type)
			a->name = xasprintf("%s_%s", str, a->type);
		return 0;
	}
	if (*tmp == '[' || (*tmp == '-' && tmp[1] != '>')) {
		*err = xasprintf("Sorry, array and arithmetic accesses (%s) are not supported", s);
		free(str);
		return -EINVAL;
	}
	a->fields = xstrdup(tmp);
	*tmp = '\0';
	a->var = str;
	if (!a->name) {
		const char *last = a->fields, *q;

		for (q = a->fields; *q; q++)
			if (*q == '.' || (*q == '>' && q > a->fields && q[-1] == '-'))
				last = q + 1;
		a->name = xstrdup(last);
	}
	return 0;
}

static void free_args(struct probe_arg *args, int n)
{
	for (int i = 0; i < n; i++) {
		free(args[i].name);
		free(args[i].var);
		free(args[i].fields);
		free(args[i].type);
	}
	free(args);
}

void probe_def__exit(struct probe_def *d)
{
	free(d->group);
	free(d->event);
	free(d->function);
	free(d->file);
	free(d->lazy);
	free(d->text);
	free_args(d->args, d->nargs);
	memset(d, 0, sizeof(*d));
}

static int parse_point(struct probe_def *d, char *arg, char **err)
{
	char *p, *name, c, nc;
	bool file_spec = false;

	p = strpbrk(arg, ";=@+%");
	if (p && *p == '=') {
		char *colon;

		*p = '\0';
		colon = strchr(arg, ':');
		if (colon) {
			*colon = '\0';
			d->group = xstrdup(arg);
			arg = colon + 1;
		}
		if (!is_c_name(arg)) {
			*err = xasprintf("Semantic error :%s is bad for event name -it must follow C symbol-naming rule.", arg);
			return -EINVAL;
		}
		d->event = xstrdup(arg);
		arg = p + 1;
	}
	d->text = xstrdup(arg);
	if (!strpbrk(arg, "+@%")) {
		p = strpbrk(arg, ";:");
		if (p && memchr(arg, '.', (size_t)(p - arg)))
			file_spec = true;
	}
	p = strpbrk(arg, ";:+@%");
	c = p ? *p : '\0';
	if (p)
		*p++ = '\0';
	name = arg;
	if (*name) {
		if (file_spec)
			d->file = xstrdup(name);
		else
			d->function = xstrdup(name);
	}
	while (c) {
		char *val = p;

		if (c == ';') {
			d->lazy = xstrdup(val);
			break;
		}
		p = strpbrk(val, ";:+@%");
		nc = p ? *p : '\0';
		if (p)
			*p++ = '\0';
		switch (c) {
		case ':': {
			char *end;

			/* perf's strtoul: "" is line 0, that is none */
			d->line = (int)strtoul(val, &end, 0);
			if (*end) {
				*err = xstrdup("Semantic error :There is non-digit char in line number.");
				return -EINVAL;
			}
			d->has_line = d->line != 0;
			break;
		}
		case '+': {
			char *end;

			d->offset = strtoull(val, &end, 0);
			if (*end) {
				*err = xstrdup("Semantic error :There is non-digit character in offset.");
				return -EINVAL;
			}
			break;
		}
		case '@':
			free(d->file);
			d->file = xstrdup(val);
			break;
		case '%':
			if (strcmp(val, "return")) {
				*err = xasprintf("%%%s is not supported.", val);
				return -EINVAL;
			}
			d->retprobe = true;
			break;
		}
		c = nc;
	}
	if (!d->function && !d->file) {
		*err = xstrdup("Semantic error :Function or file name is required.");
		return -EINVAL;
	}
	if (d->lazy) {
		*err = xstrdup("Sorry, lazy line patterns (;PT) are not supported by prof probe");
		return -EINVAL;
	}
	if (d->file && !d->function && !d->has_line) {
		*err = xstrdup("Semantic error :File always requires line number or lazy pattern.");
		return -EINVAL;
	}
	if ((d->offset && (d->has_line || d->retprobe)) || (d->has_line && d->retprobe)) {
		*err = xstrdup("Semantic error :Offset, line number and %return can't be used together.");
		return -EINVAL;
	}
	return 0;
}

int probe_def__parse(struct probe_def *d, const char *str, char **err)
{
	char *copy = xstrdup(str), *tok, *save = NULL;
	int ret;

	memset(d, 0, sizeof(*d));
	*err = NULL;
	tok = strtok_r(copy, " \t", &save);
	if (!tok) {
		free(copy);
		*err = xstrdup("Semantic error :Probe point is empty.");
		return -EINVAL;
	}
	ret = parse_point(d, tok, err);
	while (!ret && (tok = strtok_r(NULL, " \t", &save))) {
		d->args = xrealloc(d->args, sizeof(*d->args) * (size_t)(d->nargs + 1));
		ret = parse_arg(&d->args[d->nargs], tok, err);
		if (!ret)
			d->nargs++;
	}
	free(copy);
	return ret;
}

/* perf's perf_probe_with_var: some argument is a variable by name */
static bool probe_def__with_var(const struct probe_def *d)
{
	for (int i = 0; i < d->nargs; i++)
		if (!d->args[i].raw)
			return true;
	return false;
}

bool probe_def__need_dwarf(const struct probe_def *d)
{
	if (d->file || d->has_line || d->lazy)
		return true;
	for (int i = 0; i < d->nargs; i++)
		if (!d->args[i].raw || d->args[i].fields)
			return true;
	return false;
}

/* ------------------------------------------------------------ target */

struct psym {
	char *name;
	u64 addr, size;
	unsigned char type, bind;
	bool func;		/* STT_FUNC/IFUNC */
};

struct probe_target {
	char *path;
	int fd, dbg_fd;
	Elf *elf, *dbg_elf;
	Dwarf *dwarf;
	Dwarf_CFI *cfi;		/* .eh_frame of the binary itself */
	struct psym *syms;	/* the symbol table perf reads, then .dynsym's */
	int nr_syms;
	int nr_tab;		/* how many of them are from the first table */
	GElf_Phdr *phdrs;
	size_t nr_phdrs;
	bool is_dyn;
};

static int elf_open(const char *path, int *fdp, Elf **elfp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;

	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		if (elf)
			elf_end(elf);
		close(fd);
		return -ENOEXEC;
	}
	*fdp = fd;
	*elfp = elf;
	return 0;
}

static bool has_section(Elf *elf, const char *want)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Shdr sh;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && !strcmp(n, want) && sh.sh_type != SHT_NOBITS)
			return true;
	}
	return false;
}

/* The build-id note of @elf as hex, or false. */
static bool elf_build_id(Elf *elf, char *hex, size_t len)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Nhdr nh;
		size_t off = 0, noff, doff;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		while (data && (off = gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp((char *)data->d_buf + noff, "GNU", 4)) {
				const unsigned char *b = (unsigned char *)data->d_buf + doff;

				if (nh.n_descsz * 2 + 1 > len)
					return false;
				for (size_t i = 0; i < nh.n_descsz; i++)
					sprintf(hex + 2 * i, "%02x", b[i]);
				return true;
			}
		}
	}
	return false;
}

/* perf's choose_best_symbol: which of two symbols at one address stays */
static bool sym_better(const struct psym *a, const struct psym *b)
{
	size_t ua = strspn(a->name, "_"), ub = strspn(b->name, "_");

	if (!a->size != !b->size)
		return a->size != 0;
	if ((a->bind == STB_WEAK) != (b->bind == STB_WEAK))
		return b->bind == STB_WEAK;
	if ((a->bind == STB_GLOBAL) != (b->bind == STB_GLOBAL))
		return a->bind == STB_GLOBAL;
	if (ua != ub)
		return ua < ub;
	return strlen(a->name) >= strlen(b->name);
}

/* The symbols of one table, as perf's ELF loader keeps them. */
static void load_table(struct probe_target *t, Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = sh->sh_size / sh->sh_entsize, alloc = 0;

	for (size_t i = 0; data && i < n; i++) {
		GElf_Sym s;
		const char *name;
		unsigned char type;
		GElf_Shdr ssh;
		Elf_Scn *sscn;
		struct psym *p;

		if (!gelf_getsym(data, (int)i, &s))
			continue;
		type = GELF_ST_TYPE(s.st_info);
		if (s.st_shndx == SHN_UNDEF || s.st_shndx == SHN_ABS || !s.st_name)
			continue;
		if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_OBJECT &&
		    type != STT_NOTYPE)
			continue;
		sscn = elf_getscn(elf, s.st_shndx);
		if (!sscn || !gelf_getshdr(sscn, &ssh) || !(ssh.sh_flags & SHF_ALLOC))
			continue;
		/* labels only in code or data */
		if (type == STT_NOTYPE && !(ssh.sh_flags & (SHF_EXECINSTR | SHF_WRITE)))
			continue;
		name = elf_strptr(elf, sh->sh_link, s.st_name);
		if (!name || !*name)
			continue;
		t->syms = xgrow(t->syms, sizeof(*t->syms), (size_t)t->nr_syms + 1, &alloc);
		p = &t->syms[t->nr_syms++];
		p->name = xstrdup(name);
		p->addr = s.st_value;
		p->size = s.st_size;
		p->type = type;
		p->bind = GELF_ST_BIND(s.st_info);
		p->func = type == STT_FUNC || type == STT_GNU_IFUNC;
	}
}

static bool find_table(Elf *elf, Elf64_Word type, Elf_Scn **out, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, sh) && sh->sh_type == type && sh->sh_entsize) {
			*out = scn;
			return true;
		}
	return false;
}

/*
 * perf's choice: the .symtab of the debug file, else the binary's, else
 * its .dynsym; one symbol an address (symbols__fixup_duplicate).
 */
static void load_syms(struct probe_target *t)
{
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (t->dbg_elf && find_table(t->dbg_elf, SHT_SYMTAB, &scn, &sh))
		load_table(t, t->dbg_elf, scn, &sh);
	else if (find_table(t->elf, SHT_SYMTAB, &scn, &sh))
		load_table(t, t->elf, scn, &sh);
	else if (find_table(t->elf, SHT_DYNSYM, &scn, &sh))
		load_table(t, t->elf, scn, &sh);
	t->nr_tab = t->nr_syms;
	/* the dynamic symbols too, for the names only they have (weak aliases) */
	if (t->nr_syms && find_table(t->elf, SHT_DYNSYM, &scn, &sh))
		load_table(t, t->elf, scn, &sh);
}

static void open_debuginfo(struct probe_target *t)
{
	char hex[128], *p;

	if (has_section(t->elf, ".debug_info")) {
		t->dwarf = dwarf_begin_elf(t->elf, DWARF_C_READ, NULL);
		if (t->dwarf)
			return;
	}
	if (!elf_build_id(t->elf, hex, sizeof(hex)))
		return;
	p = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
	if (!elf_open(p, &t->dbg_fd, &t->dbg_elf)) {
		t->dwarf = dwarf_begin_elf(t->dbg_elf, DWARF_C_READ, NULL);
		pr_debug(1, "Using debuginfo %s\n", p);
	}
	free(p);
}

struct probe_target *probe_target__open(const char *path)
{
	struct probe_target *t = xzalloc(sizeof(*t));
	GElf_Ehdr eh;
	int err;

	elf_version(EV_CURRENT);
	t->fd = t->dbg_fd = -1;
	t->path = xstrdup(path);
	err = elf_open(path, &t->fd, &t->elf);
	if (err) {
		free(t->path);
		free(t);
		errno = -err;
		return NULL;
	}
	if (gelf_getehdr(t->elf, &eh))
		t->is_dyn = eh.e_type == ET_DYN;
	if (!elf_getphdrnum(t->elf, &t->nr_phdrs) && t->nr_phdrs) {
		t->phdrs = xcalloc(t->nr_phdrs, sizeof(*t->phdrs));
		for (size_t i = 0; i < t->nr_phdrs; i++)
			gelf_getphdr(t->elf, (int)i, &t->phdrs[i]);
	}
	open_debuginfo(t);
	load_syms(t);
	t->cfi = dwarf_getcfi_elf(t->elf);
	return t;
}

void probe_target__close(struct probe_target *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->nr_syms; i++)
		free(t->syms[i].name);
	free(t->syms);
	free(t->phdrs);
	if (t->cfi)
		dwarf_cfi_end(t->cfi);
	if (t->dwarf)
		dwarf_end(t->dwarf);
	if (t->dbg_elf)
		elf_end(t->dbg_elf);
	if (t->dbg_fd >= 0)
		close(t->dbg_fd);
	elf_end(t->elf);
	close(t->fd);
	free(t->path);
	free(t);
}

bool probe_target__has_dwarf(const struct probe_target *t)
{
	return t->dwarf != NULL;
}

/* virtual address -> file offset, through the PT_LOAD holding it */
static u64 vaddr_to_offset(const struct probe_target *t, u64 addr)
{
	for (size_t i = 0; i < t->nr_phdrs; i++) {
		const GElf_Phdr *ph = &t->phdrs[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
		    addr >= ph->p_vaddr && addr < ph->p_vaddr + ph->p_memsz)
			return addr - ph->p_vaddr + ph->p_offset;
	}
	for (size_t i = 0; i < t->nr_phdrs; i++) {
		const GElf_Phdr *ph = &t->phdrs[i];

		if (ph->p_type == PT_LOAD && addr >= ph->p_vaddr &&
		    addr < ph->p_vaddr + ph->p_memsz)
			return addr - ph->p_vaddr + ph->p_offset;
	}
	return addr;
}

static u64 offset_to_vaddr(const struct probe_target *t, u64 off)
{
	for (size_t i = 0; i < t->nr_phdrs; i++) {
		const GElf_Phdr *ph = &t->phdrs[i];

		if (ph->p_type == PT_LOAD && off >= ph->p_offset &&
		    off < ph->p_offset + ph->p_filesz)
			return off - ph->p_offset + ph->p_vaddr;
	}
	return off;
}

static const struct psym *sym_at(const struct probe_target *t, u64 addr)
{
	const struct psym *best = NULL;

	for (int i = 0; i < t->nr_syms; i++) {
		const struct psym *s = &t->syms[i];

		if (!s->func || addr < s->addr || addr >= s->addr + (s->size ? s->size : 1))
			continue;
		/* perf's symbol table keeps one name of an alias */
		if (!best || (s->addr == best->addr && sym_better(s, best)) || s->addr > best->addr)
			best = s;
	}
	return best;
}

void probe_results__free(struct probe_result *r, int nr)
{
	for (int i = 0; i < nr; i++) {
		free(r[i].func);
		free(r[i].args);
	}
	free(r);
}

/* ------------------------------------------------------------- DWARF */

static const char *const x86_regs[] = {
	"%ax", "%dx", "%cx", "%bx", "%si", "%di", "%bp", "%sp",
	"%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15",
};

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;

	if (dwarf_attr_integrate(die, DW_AT_name, &a))
		return dwarf_formstring(&a);
	return NULL;
}

static const char *die_linkage_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;

	if (dwarf_attr_integrate(die, DW_AT_linkage_name, &a) ||
	    dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &a))
		return dwarf_formstring(&a);
	return NULL;
}

static bool die_entry(Dwarf_Die *die, Dwarf_Addr *pc)
{
	Dwarf_Addr base, start, end;

	if (dwarf_entrypc(die, pc) == 0)
		return true;
	/* ranges only: the first */
	if (dwarf_ranges(die, 0, &base, &start, &end) > 0) {
		*pc = start;
		return true;
	}
	return false;
}

static const char *die_decl_file(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die origin;

	if (dwarf_hasattr(die, DW_AT_decl_file))
		return dwarf_decl_file(die);
	if (dwarf_attr(die, DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, &origin))
		return dwarf_decl_file(&origin);
	if (dwarf_attr(die, DW_AT_specification, &a) && dwarf_formref_die(&a, &origin))
		return dwarf_decl_file(&origin);
	return NULL;
}

static int die_decl_line(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die origin;
	int line = 0;

	if (dwarf_decl_line(die, &line) == 0)
		return line;
	if (dwarf_attr(die, DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, &origin) &&
	    dwarf_decl_line(&origin, &line) == 0)
		return line;
	if (dwarf_attr(die, DW_AT_specification, &a) && dwarf_formref_die(&a, &origin) &&
	    dwarf_decl_line(&origin, &line) == 0)
		return line;
	return 0;
}

/* Whether @file (as written by the user) names @full: equal or a tail. */
static bool file_matches(const char *full, const char *file)
{
	size_t lf, lu;

	if (!full || !file)
		return false;
	lf = strlen(full);
	lu = strlen(file);
	if (lu > lf)
		return false;
	if (strcmp(full + lf - lu, file))
		return false;
	return lu == lf || full[lf - lu - 1] == '/';
}

struct func_hit {
	Dwarf_Die die, cu;
	bool instance;		/* found through an abstract DIE (inline) */
};

struct func_search {
	const char *name;
	const char *file;
	bool no_inlines;
	struct func_hit *hits;
	int nr;
	size_t alloc;
	Dwarf_Die cu;
};

static void add_hit(struct func_search *s, Dwarf_Die *die, bool instance)
{
	s->hits = xgrow(s->hits, sizeof(*s->hits), (size_t)s->nr + 1, &s->alloc);
	s->hits[s->nr].die = *die;
	s->hits[s->nr].cu = s->cu;
	s->hits[s->nr].instance = instance;
	s->nr++;
}

/* perf's die_walk_instances: the DIEs of the CU whose origin is @abs. */
static void walk_instances(struct func_search *s, Dwarf_Die *parent, Dwarf_Off abs)
{
	Dwarf_Die child;

	if (dwarf_child(parent, &child))
		return;
	do {
		Dwarf_Attribute a;
		Dwarf_Die origin;
		int tag = dwarf_tag(&child);
		Dwarf_Addr pc;

		if ((tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram) &&
		    dwarf_attr(&child, DW_AT_abstract_origin, &a) &&
		    dwarf_formref_die(&a, &origin) && dwarf_dieoffset(&origin) == abs &&
		    die_entry(&child, &pc) && pc)
			add_hit(s, &child, true);
		walk_instances(s, &child, abs);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * perf's probe_point_search_cb over one CU: the first definition of the
 * function decides. An out-of-line function is probed at its entry; an
 * inline one (no code of its own) at each instance, unless --no-inlines,
 * where perf then finds nothing in this CU.
 */
static bool search_cu(struct func_search *s, Dwarf_Die *parent)
{
	Dwarf_Die child;

	if (dwarf_child(parent, &child))
		return false;
	do {
		int tag = dwarf_tag(&child);
		const char *n, *ln;
		Dwarf_Addr pc;

		if (tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		    tag == DW_TAG_structure_type) {
			if (search_cu(s, &child))
				return true;
			continue;
		}
		if (tag != DW_TAG_subprogram || dwarf_hasattr(&child, DW_AT_declaration))
			continue;
		n = die_name(&child);
		ln = die_linkage_name(&child);
		if (!((n && !strcmp(n, s->name)) || (ln && !strcmp(ln, s->name))))
			continue;
		if (s->file && !file_matches(die_decl_file(&child), s->file))
			continue;
		if (die_entry(&child, &pc)) {
			if (pc)
				add_hit(s, &child, false);
		} else if (!s->no_inlines) {
			walk_instances(s, &s->cu, dwarf_dieoffset(&child));
		}
		return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* The places of function @name (in @file if set), CU by CU. */
static int dwarf_find_funcs(Dwarf *dw, const char *name, const char *file, bool no_inlines,
			    struct func_hit **out)
{
	struct func_search s = { .name = name, .file = file, .no_inlines = no_inlines };
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(dw, off + hsize, &s.cu))
			search_cu(&s, &s.cu);
		off = next;
	}
	*out = s.hits;
	return s.nr;
}

/* The subprogram holding @addr (outermost, not an inlined copy). */
static bool dwarf_func_at(Dwarf *dw, Dwarf_Addr addr, Dwarf_Die *cu, Dwarf_Die *func)
{
	Dwarf_Die *scopes = NULL;
	int n;
	bool found = false;

	if (!dwarf_addrdie(dw, addr, cu))
		return false;
	n = dwarf_getscopes(cu, addr, &scopes);
	for (int i = n - 1; i >= 0; i--) {
		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram) {
			*func = scopes[i];
			found = true;
			break;
		}
	}
	free(scopes);
	return found;
}

static bool die_is_optimized_target(Dwarf_Die *cu)
{
	Dwarf_Attribute a;
	const char *prod, *o;

	if (!dwarf_attr(cu, DW_AT_producer, &a))
		return false;
	prod = dwarf_formstring(&a);
	if (!prod)
		return false;
	o = strstr(prod, " -O");
	return o && o[3] != '0';
}

/* perf's die_skip_prologue: prologue_end, else the next line's address. */
static void skip_prologue(Dwarf_Die *cu, Dwarf_Die *func, Dwarf_Addr *pc)
{
	Dwarf_Lines *lines;
	size_t nl, i;
	int entry_line = -1;

	if (dwarf_getsrclines(cu, &lines, &nl))
		return;
	for (i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		bool flag;

		if (dwarf_lineaddr(l, &a) || a < *pc || !dwarf_haspc(func, a))
			continue;
		if (dwarf_lineprologueend(l, &flag) == 0 && flag) {
			*pc = a;
			return;
		}
	}
	for (i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		int ln;
		bool flag;

		if (dwarf_lineaddr(l, &a) || dwarf_lineno(l, &ln))
			continue;
		if (dwarf_lineendsequence(l, &flag) == 0 && flag)
			continue;
		if (a == *pc && entry_line < 0) {
			entry_line = ln;
			continue;
		}
		if (entry_line >= 0 && a > *pc && dwarf_haspc(func, a) && ln != entry_line) {
			*pc = a;
			return;
		}
	}
}

/* A place being built: value in a register, or in memory at base+off. */
struct loc {
	bool in_reg;
	char *base;
	long off;
};

static char *loc_str(const struct loc *l)
{
	if (l->in_reg)
		return xstrdup(l->base);
	return xasprintf("%+ld(%s)", l->off, l->base);
}

static int reg_name(unsigned int n, const char **out)
{
	if (n >= ARRAY_SIZE(x86_regs))
		return -ENOTSUP;
	*out = x86_regs[n];
	return 0;
}

/* The CFA at @pc as register + offset, from the binary's .eh_frame. */
static int cfa_at(struct probe_target *t, Dwarf_Addr pc, const char **reg, long *off)
{
	Dwarf_Frame *frame;
	Dwarf_Op *ops;
	size_t nops;
	int ret = -ENOTSUP;

	if (!t->cfi || dwarf_cfi_addrframe(t->cfi, pc, &frame)) {
		pr_debug(1, "no CFI at 0x%" PRIx64 ": %s\n", (u64)pc, dwarf_errmsg(-1));
		return -ENOENT;
	}
	if (dwarf_frame_cfa(frame, &ops, &nops) == 0 && nops == 1) {
		/* libdw gives DW_OP_bregx reg, off for a "reg + offset" rule */
		if (ops[0].atom == DW_OP_bregx && !reg_name((unsigned int)ops[0].number, reg)) {
			*off = (long)(s64)ops[0].number2;
			ret = 0;
		} else if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31 &&
			   !reg_name(ops[0].atom - DW_OP_breg0, reg)) {
			*off = (long)(s64)ops[0].number;
			ret = 0;
		}
	}
	if (ret)
		pr_debug(1, "CFA at 0x%" PRIx64 " is not register + offset\n", (u64)pc);
	free(frame);
	return ret;
}

/* Location of variable @var at @pc into @l. */
static int var_loc(struct probe_target *t, Dwarf_Die *func, Dwarf_Die *var, Dwarf_Addr pc,
		   struct loc *l)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t nops;
	const char *reg;
	unsigned int atom;

	if (!dwarf_attr(var, DW_AT_location, &a))
		return -ENOENT;
	if (dwarf_getlocation_addr(&a, pc, &ops, &nops, 1) <= 0 || !nops)
		return -ENOENT;
	atom = ops[0].atom;
	memset(l, 0, sizeof(*l));
	if (atom >= DW_OP_reg0 && atom <= DW_OP_reg31) {
		if (reg_name(atom - DW_OP_reg0, &reg))
			return -ENOTSUP;
		l->in_reg = true;
		l->base = xstrdup(reg);
	} else if (atom == DW_OP_regx) {
		if (reg_name((unsigned int)ops[0].number, &reg))
			return -ENOTSUP;
		l->in_reg = true;
		l->base = xstrdup(reg);
	} else if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31) {
		if (reg_name(atom - DW_OP_breg0, &reg))
			return -ENOTSUP;
		l->base = xstrdup(reg);
		l->off = (long)(s64)ops[0].number;
	} else if (atom == DW_OP_fbreg) {
		Dwarf_Attribute fa;
		Dwarf_Op *fops;
		size_t nf;
		long cfa_off;

		if (!dwarf_attr_integrate(func, DW_AT_frame_base, &fa) ||
		    dwarf_getlocation_addr(&fa, pc, &fops, &nf, 1) <= 0 || nf != 1) {
			pr_debug(1, "no frame base: %s\n", dwarf_errmsg(-1));
			return -ENOTSUP;
		}
		if (fops[0].atom == DW_OP_call_frame_cfa) {
			if (cfa_at(t, pc, &reg, &cfa_off))
				return -ENOTSUP;
		} else if (fops[0].atom >= DW_OP_breg0 && fops[0].atom <= DW_OP_breg31) {
			if (reg_name(fops[0].atom - DW_OP_breg0, &reg))
				return -ENOTSUP;
			cfa_off = (long)(s64)fops[0].number;
		} else {
			return -ENOTSUP;
		}
		l->base = xstrdup(reg);
		l->off = cfa_off + (long)(s64)ops[0].number;
	} else {
		pr_debug(1, "unsupported location op 0x%x\n", atom);
		return -ENOTSUP;
	}
	if (nops > 1 && ops[1].atom != DW_OP_stack_value)
		return -ENOTSUP;
	return 0;
}

/* Peel typedefs and qualifiers. */
static bool peel_type(Dwarf_Die *die, Dwarf_Die *type)
{
	Dwarf_Attribute a;

	if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, type))
		return false;
	return dwarf_peel_type(type, type) == 0;
}

/* The tracer type of a DWARF type: s32, u8, x64; NULL for none. */
static char *tracer_type(Dwarf_Die *type)
{
	Dwarf_Attribute a;
	Dwarf_Word enc = 0;
	int size = dwarf_bytesize(type);

	switch (dwarf_tag(type)) {
	case DW_TAG_pointer_type:
		return xstrdup("x64");
	case DW_TAG_enumeration_type:
		return xasprintf("u%d", size > 0 ? size * 8 : 32);
	case DW_TAG_base_type:
		if (dwarf_attr(type, DW_AT_encoding, &a))
			dwarf_formudata(&a, &enc);
		if (size <= 0 || size > 8 || enc == DW_ATE_float)
			return NULL;
		return xasprintf("%c%d", (enc == DW_ATE_signed || enc == DW_ATE_signed_char) ?
				 's' : 'u', size * 8);
	default:
		return NULL;
	}
}

static bool find_member(Dwarf_Die *stype, const char *name, Dwarf_Die *member, long *off)
{
	Dwarf_Die child;
	Dwarf_Attribute a;
	Dwarf_Word w = 0;

	if (dwarf_child(stype, &child))
		return false;
	do {
		const char *n;

		if (dwarf_tag(&child) != DW_TAG_member)
			continue;
		n = dwarf_diename(&child);
		if (!n || strcmp(n, name))
			continue;
		if (dwarf_attr(&child, DW_AT_data_member_location, &a))
			dwarf_formudata(&a, &w);
		*member = child;
		*off = (long)w;
		return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* Walk "->a.b" from (@l, @type). */
static int apply_fields(const char *fields, struct loc *l, Dwarf_Die *type, char **err)
{
	const char *p = fields;

	while (*p) {
		bool arrow = false;
		char *name;
		size_t n;
		Dwarf_Die member, stype;
		long off;

		if (p[0] == '-' && p[1] == '>') {
			arrow = true;
			p += 2;
		} else if (*p == '.') {
			p++;
		} else {
			*err = xasprintf("Sorry, field access '%s' is not supported", fields);
			return -EINVAL;
		}
		n = strcspn(p, ".-");
		name = xstrndup(p, n);
		p += n;
		if (arrow) {
			if (dwarf_tag(type) != DW_TAG_pointer_type || !peel_type(type, &stype)) {
				*err = xasprintf("Semantic error: %s must be referred by '.'", name);
				free(name);
				return -EINVAL;
			}
		} else {
			if (dwarf_tag(type) == DW_TAG_pointer_type) {
				*err = xasprintf("Semantic error: %s must be referred by '->'", name);
				free(name);
				return -EINVAL;
			}
			stype = *type;
		}
		if ((dwarf_tag(&stype) != DW_TAG_structure_type &&
		     dwarf_tag(&stype) != DW_TAG_union_type) ||
		    !find_member(&stype, name, &member, &off)) {
			*err = xasprintf("%s(type:%s) has no member %s.",
					 "variable", dwarf_diename(&stype) ?: "?", name);
			free(name);
			return -EINVAL;
		}
		free(name);
		if (arrow) {
			char *inner = loc_str(l);

			free(l->base);
			l->base = inner;
			l->in_reg = false;
			l->off = off;
		} else {
			if (l->in_reg) {
				*err = xstrdup("Sorry, a structure in a register is not supported");
				return -EINVAL;
			}
			l->off += off;
		}
		if (!peel_type(&member, type)) {
			*err = xstrdup("Failed to get the type of a member");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * The scopes perf looks for variables in at @pc: from the innermost up to
 * the function or inline instance holding it; an inline instance probed
 * (@inst, a DIE offset) whose ranges miss @pc is its own only scope.
 * Returns the count, *@out a new array.
 */
static int probe_scopes(Dwarf *dw, Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Off inst, Dwarf_Die **out)
{
	Dwarf_Die *scopes = NULL;
	int n = dwarf_getscopes(cu, pc, &scopes), k;
	bool has_inst = !inst;

	for (k = 0; k < n; k++) {
		int tag = dwarf_tag(&scopes[k]);

		if (inst && dwarf_dieoffset(&scopes[k]) == inst)
			has_inst = true;
		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			k++;
			break;
		}
	}
	if (!has_inst) {
		free(scopes);
		scopes = xcalloc(1, sizeof(*scopes));
		if (!dwarf_offdie(dw, inst, &scopes[0])) {
			free(scopes);
			*out = NULL;
			return 0;
		}
		k = 1;
	}
	*out = scopes;
	return n < 0 ? 0 : k;
}

static bool find_var(Dwarf *dw, Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Off inst, const char *name,
		     Dwarf_Die *out)
{
	Dwarf_Die *scopes = NULL;
	int n = probe_scopes(dw, cu, pc, inst, &scopes);
	bool found = false;

	for (int i = 0; i < n && !found; i++) {
		Dwarf_Die child;

		if (dwarf_child(&scopes[i], &child))
			continue;
		do {
			int tag = dwarf_tag(&child);
			const char *vn;

			if (tag != DW_TAG_variable && tag != DW_TAG_formal_parameter)
				continue;
			vn = die_name(&child);
			if (vn && !strcmp(vn, name)) {
				*out = child;
				found = true;
				break;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	free(scopes);
	return found;	/* the CU's globals: not supported */
}

static int build_arg(struct probe_target *t, Dwarf_Die *cu, Dwarf_Die *func, Dwarf_Addr pc,
		     Dwarf_Off inst, const struct probe_arg *arg, struct strbuf *sb, char **err)
{
	Dwarf_Die var, type;
	struct loc l;
	char *s, *ty = NULL;
	int ret;

	if (arg->raw) {
		strbuf_addf(sb, " ");
		if (arg->name)
			strbuf_addf(sb, "%s=", arg->name);
		strbuf_addstr(sb, arg->var);
		if (arg->type)
			strbuf_addf(sb, ":%s", arg->type);
		return 0;
	}
	ret = find_var(t->dwarf, cu, pc, inst, arg->var, &var) ? var_loc(t, func, &var, pc, &l) : -ENOENT;
	if (ret == -ENOENT) {
		*err = xasprintf("Failed to find the location of the '%s' variable at this address.\n"
				 " Perhaps it has been optimized out.\n"
				 " Use -V with the --range option to show '%s' location range.",
				 arg->var, arg->var);
		return ret;
	}
	if (ret) {
		free(l.base);
		*err = xstrdup("Sorry, we don't support this variable location yet.");
		return ret;
	}
	if (!peel_type(&var, &type)) {
		free(l.base);
		*err = xasprintf("Failed to get the type of %s.", arg->var);
		return -ENOENT;
	}
	if (arg->fields && apply_fields(arg->fields, &l, &type, err)) {
		free(l.base);
		return -EINVAL;
	}
	if (arg->type && (!strcmp(arg->type, "string") || !strcmp(arg->type, "ustring"))) {
		if (dwarf_tag(&type) == DW_TAG_pointer_type) {
			char *inner = loc_str(&l);

			free(l.base);
			l.base = inner;
			l.in_reg = false;
			l.off = 0;
		} else if (dwarf_tag(&type) != DW_TAG_array_type) {
			free(l.base);
			*err = xasprintf("%s is not a string type.", arg->var);
			return -EINVAL;
		}
		ty = xstrdup(arg->type);
	} else if (arg->type) {
		ty = xstrdup(arg->type);
	} else {
		ty = tracer_type(&type);
		if (!ty) {
			free(l.base);
			*err = xasprintf("Sorry, the type of '%s' is not a basic type.", arg->var);
			return -ENOTSUP;
		}
	}
	s = loc_str(&l);
	strbuf_addf(sb, " %s=%s:%s", arg->name ? arg->name : arg->var, s, ty);
	free(s);
	free(ty);
	free(l.base);
	return 0;
}

static int add_result(struct probe_target *t, Dwarf_Die *cu, Dwarf_Die *func, Dwarf_Addr pc,
		      Dwarf_Off inst, const struct probe_def *def, struct probe_result **out,
		      int *nr, size_t *alloc, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	struct probe_result *r;
	Dwarf_Addr entry = pc;

	for (int i = 0; i < def->nargs; i++) {
		if (!cu && !def->args[i].raw) {
			*err = xasprintf("Failed to find '%s': the binary has no debug information",
					 def->args[i].var);
			strbuf_release(&sb);
			return -ENOENT;
		}
		if (build_arg(t, cu, func, pc, inst, &def->args[i], &sb, err)) {
			strbuf_release(&sb);
			return -ENOENT;
		}
	}
	for (int i = 0; i < *nr; i++)
		if ((*out)[i].addr == pc) {	/* one probe an address */
			strbuf_release(&sb);
			return 0;
		}
	*out = xgrow(*out, sizeof(**out), (size_t)*nr + 1, alloc);
	r = &(*out)[(*nr)++];
	memset(r, 0, sizeof(*r));
	r->addr = pc;
	r->offset = vaddr_to_offset(t, pc);
	r->scope = inst;
	if (func) {
		const char *n = die_name(func);

		r->func = xstrdup(n ? n : "");
		if (die_entry(func, &entry))
			r->func_off = pc - entry;
	}
	r->args = strbuf_detach(&sb, NULL);
	return 0;
}

/* Every is_stmt row of @line in @file (within @func if set). */
static int walk_line(struct probe_target *t, Dwarf_Die *cu, Dwarf_Die *func, const char *file,
		     int line, const struct probe_def *def, struct probe_result **out, int *nr,
		     size_t *alloc, char **err)
{
	Dwarf_Lines *lines;
	size_t nl;

	if (dwarf_getsrclines(cu, &lines, &nl))
		return 0;
	for (size_t i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		int ln;
		bool flag;
		Dwarf_Die fcu, fdie;
		const char *src;

		if (dwarf_lineaddr(l, &a) || dwarf_lineno(l, &ln) || ln != line)
			continue;
		if ((dwarf_lineendsequence(l, &flag) == 0 && flag) ||
		    (dwarf_linebeginstatement(l, &flag) == 0 && !flag))
			continue;
		src = dwarf_linesrc(l, NULL, NULL);
		if (!file_matches(src, file))
			continue;
		if (func) {
			if (!dwarf_haspc(func, a))
				continue;
			fdie = *func;
		} else if (!dwarf_func_at(t->dwarf, a, &fcu, &fdie)) {
			continue;
		}
		if (add_result(t, cu, &fdie, a, 0, def, out, nr, alloc, err))
			return -ENOENT;
	}
	return 0;
}

int probe_target__find(struct probe_target *t, const struct probe_def *def, bool quiet,
		       struct probe_result **out, char **err)
{
	struct func_hit *hits = NULL;
	size_t alloc = 0;
	int nh = 0, nr = 0;

	*out = NULL;
	*err = NULL;
	if (probe_def__need_dwarf(def) && !t->dwarf) {
		*err = xasprintf("The %s file has no debug information.\n"
				 "Rebuild with -g, or install an appropriate debuginfo package.", t->path);
		return -ENOENT;
	}
	if (def->function && t->dwarf)
		nh = dwarf_find_funcs(t->dwarf, def->function, def->file, def->no_inlines, &hits);
	if (def->function && !nh) {
		/*
		 * perf's get_alternative_probe_event: the symbol of that name,
		 * the DWARF function at its address, and that function's name
		 * searched again; without DWARF, the symbol itself.
		 */
		for (int i = 0; i < t->nr_syms; i++) {
			const struct psym *s = &t->syms[i];
			Dwarf_Die cu, fd;
			Dwarf_Addr pc = s->addr;
			const char *alt;

			if (strcmp(s->name, def->function))
				continue;
			if (t->dwarf && dwarf_func_at(t->dwarf, pc, &cu, &fd)) {
				alt = die_linkage_name(&fd) ?: die_name(&fd);
				if (alt && strcmp(alt, def->function))
					nh = dwarf_find_funcs(t->dwarf, alt, def->file, def->no_inlines, &hits);
				break;
			}
			/* no DWARF there (an ifunc resolver, asm): the symbol, as perf */
			if (probe_def__need_dwarf(def))
				break;
			/* perf probes no return of an ifunc, and says only that it failed */
			if (s->type == STT_GNU_IFUNC && def->retprobe)
				return -ENOENT;
			if (s->type == STT_GNU_IFUNC && !quiet)
				fprintf(stderr, "Warning: The probe function (%s) is a GNU indirect function.\n"
					"Consider identifying the final function used at run time and set the probe directly on that.\n",
					s->name);
			if (add_result(t, NULL, NULL, pc + def->offset, 0, def, out, &nr, &alloc, err)) {
				probe_results__free(*out, nr);
				return -ENOENT;
			}
			(*out)[nr - 1].func = xstrdup(s->name);
			(*out)[nr - 1].func_off = def->offset;
			return nr;
		}
	}
	if (def->function) {
		for (int i = 0; i < nh; i++) {
			Dwarf_Die *fd = &hits[i].die, *cu = &hits[i].cu, rcu, real;
			Dwarf_Addr pc;

			die_entry(fd, &pc);
			if (hits[i].instance) {
				/* perf's probe_point_inline_cb: the entry, no prologue skip;
				 * variables through the subprogram holding it */
				if (!dwarf_func_at(t->dwarf, pc, &rcu, &real))
					real = *fd;
				if (add_result(t, cu, &real, pc + def->offset, dwarf_dieoffset(fd), def, out,
					       &nr, &alloc, err))
					goto fail;
				continue;
			}
			if (def->has_line) {
				if (walk_line(t, cu, fd, die_decl_file(fd), die_decl_line(fd) + def->line,
					      def, out, &nr, &alloc, err))
					goto fail;
				continue;
			}
			if (!def->retprobe && !def->offset && probe_def__with_var(def) &&
			    !die_is_optimized_target(cu)) {
				if (!quiet)
					fprintf(stderr, "Target program is compiled without optimization. Skipping prologue.\n"
						"Probe on address 0x%" PRIx64 " to force probing at the function entry.\n\n",
						(u64)pc);
				skip_prologue(cu, fd, &pc);
			}
			if (add_result(t, cu, fd, pc + def->offset, 0, def, out, &nr, &alloc, err))
				goto fail;
		}
	} else if (t->dwarf) {
		Dwarf_Off off = 0, next;
		size_t hsize;
		Dwarf_Die cu;

		while (dwarf_nextcu(t->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0) {
			if (dwarf_offdie(t->dwarf, off + hsize, &cu) &&
			    walk_line(t, &cu, NULL, def->file, def->line, def, out, &nr, &alloc, err))
				goto fail;
			off = next;
		}
	}
	free(hits);
	if (!nr) {
		*err = xasprintf("Probe point '%s' not found.", def->text);
		return -ENOENT;
	}
	return nr;
fail:
	free(hits);
	probe_results__free(*out, nr);
	*out = NULL;
	return -ENOENT;
}

/* perf's synthesize_perf_probe_point: a file name's last 30 characters */
static const char *short_file(const char *f)
{
	size_t len = f ? strlen(f) : 0;
	const char *sl;

	if (len <= 30)
		return f ? f : "";
	sl = strchr(f + len - 30, '/');
	return sl ? sl + 1 : f + len - 30;
}

char *probe_target__describe(struct probe_target *t, u64 offset)
{
	u64 addr = offset_to_vaddr(t, offset);
	const struct psym *s;
	Dwarf_Die cu, fd;

	/* perf's debuginfo__find_probe_point */
	if (t->dwarf && dwarf_func_at(t->dwarf, addr, &cu, &fd)) {
		/* perf names it by its linkage name where it has one */
		const char *n = die_linkage_name(&fd) ?: die_name(&fd);
		const char *file = short_file(die_decl_file(&fd));
		int base = die_decl_line(&fd), line = 0;
		Dwarf_Addr entry = addr;
		Dwarf_Line *row;

		die_entry(&fd, &entry);
		if (n && entry == addr)
			return xasprintf("%s@%s", n, file);
		row = dwarf_getsrc_die(&cu, addr);
		if (row && dwarf_lineno(row, &line))
			line = 0;
		if (n && line && base)
			return xasprintf("%s:%d@%s", n, line - base, file);
		if (n)
			return xasprintf("%s+%" PRIu64 "@%s", n, (u64)(addr - entry), file);
	}
	s = sym_at(t, addr);
	if (!s)
		return NULL;
	if (s->addr == addr)
		return xstrdup(s->name);
	return xasprintf("%s+%" PRIu64, s->name, addr - s->addr);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **probe_target__funcs(struct probe_target *t, int *nr)
{
	char **out = xcalloc((size_t)t->nr_tab + 1, sizeof(*out));
	int n = 0;

	/* perf lists its symbols by name, a name as often as it has it */
	for (int i = 0; i < t->nr_tab; i++)
		out[n++] = xstrdup(t->syms[i].name);
	qsort(out, (size_t)n, sizeof(*out), cmp_str);
	*nr = n;
	return out;
}

/* ---------------------------------------------------------- -V and -L */

static char *type_name(Dwarf_Die *var)
{
	Dwarf_Attribute a;
	Dwarf_Die type;
	struct strbuf sb = STRBUF_INIT;
	int ptrs = 0;

	if (!dwarf_attr_integrate(var, DW_AT_type, &a) || !dwarf_formref_die(&a, &type))
		return xstrdup("(unknown_type)");
	for (;;) {
		int tag = dwarf_tag(&type);

		/* perf shows an array as a pointer */
		if (tag == DW_TAG_pointer_type || tag == DW_TAG_array_type) {
			ptrs++;
		} else if (tag == DW_TAG_const_type || tag == DW_TAG_volatile_type) {
			/* perf shows the qualifiers of the base only */
		} else {
			break;
		}
		if (!dwarf_attr(&type, DW_AT_type, &a) || !dwarf_formref_die(&a, &type)) {
			strbuf_addstr(&sb, "void");
			goto stars;
		}
	}
	switch (dwarf_tag(&type)) {
	case DW_TAG_structure_type:
		strbuf_addstr(&sb, "struct ");
		break;
	case DW_TAG_union_type:
		strbuf_addstr(&sb, "union ");
		break;
	case DW_TAG_enumeration_type:
		strbuf_addstr(&sb, "enum ");
		break;
	default:
		break;
	}
	strbuf_addstr(&sb, dwarf_diename(&type) ?: "");
stars:
	while (ptrs--)
		strbuf_addch(&sb, '*');
	return strbuf_detach(&sb, NULL);
}

struct var_line {
	char *name, *text;
};

static int cmp_var(const void *a, const void *b)
{
	/* perf keeps them in a strlist of "type\tname" */
	return strcmp(((const struct var_line *)a)->text, ((const struct var_line *)b)->text);
}

static void show_vars_at(struct probe_target *t, Dwarf_Die *cu, Dwarf_Die *func,
			 const struct probe_result *r, bool (*keep)(const char *), FILE *fp)
{
	Dwarf_Die *scopes = NULL;
	int n = probe_scopes(t->dwarf, cu, r->addr, r->scope, &scopes);
	struct var_line *vars = NULL;
	size_t alloc = 0;
	int nv = 0;

	fprintf(fp, "\t@<%s+%" PRIu64 ">\n", r->func, r->func_off);
	for (int i = 0; i < n; i++) {
		Dwarf_Die child;

		if (dwarf_child(&scopes[i], &child) == 0) {
			do {
				int tag = dwarf_tag(&child);
				const char *vn;
				struct loc l;
				char *tn;

				if (tag != DW_TAG_variable && tag != DW_TAG_formal_parameter)
					continue;
				vn = die_name(&child);
				if (!vn || (keep && !keep(vn)) || var_loc(t, func, &child, r->addr, &l))
					continue;
				free(l.base);
				tn = type_name(&child);
				vars = xgrow(vars, sizeof(*vars), (size_t)nv + 1, &alloc);
				vars[nv].name = xstrdup(vn);
				vars[nv].text = xasprintf("\t\t%s\t%s\n", tn, vn);
				nv++;
				free(tn);
			} while (dwarf_siblingof(&child, &child) == 0);
		}
	}
	free(scopes);
	qsort(vars, (size_t)nv, sizeof(*vars), cmp_var);
	if (!nv)
		fprintf(fp, "\t\t(No matched variables)\n");
	for (int i = 0; i < nv; i++) {
		if (!i || strcmp(vars[i].text, vars[i - 1].text))
			fputs(vars[i].text, fp);
		free(vars[i].name);
		free(vars[i].text);
	}
	free(vars);
}

int probe_target__show_vars(struct probe_target *t, const struct probe_def *def,
			    bool (*keep)(const char *name), FILE *fp, char **err)
{
	struct probe_result *r;
	int nr;

	*err = NULL;
	if (!t->dwarf) {
		*err = xasprintf("The %s file has no debug information.\n"
				 "Rebuild with -g, or install an appropriate debuginfo package.", t->path);
		return -ENOENT;
	}
	nr = probe_target__find(t, def, true, &r, err);
	if (nr < 0)
		return nr;
	fprintf(fp, "Available variables at %s\n", def->text);
	for (int i = 0; i < nr; i++) {
		Dwarf_Die cu, fd;

		if (dwarf_func_at(t->dwarf, r[i].addr, &cu, &fd))
			show_vars_at(t, &cu, &fd, &r[i], keep, fp);
	}
	probe_results__free(r, nr);
	return 0;
}

/*
 * Whether perf's -L numbers @line: the declaration line, or a line with a
 * row in @func that maps back to it (the entry row maps to the declaration).
 */
static bool line_has_code(Dwarf_Die *cu, const char *file, int line, Dwarf_Die *func)
{
	Dwarf_Lines *lines;
	Dwarf_Addr entry = 0;
	size_t nl;

	if (line == die_decl_line(func))
		return true;
	die_entry(func, &entry);
	if (dwarf_getsrclines(cu, &lines, &nl))
		return false;
	for (size_t i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i), *back;
		Dwarf_Addr a;
		int ln, bl;
		bool flag;

		if (dwarf_lineno(l, &ln) || ln != line || dwarf_lineaddr(l, &a))
			continue;
		if (dwarf_lineendsequence(l, &flag) == 0 && flag)
			continue;
		if (!dwarf_haspc(func, a) || a == entry)
			continue;
		back = dwarf_getsrc_die(cu, a);
		if (!back || dwarf_lineno(back, &bl) || bl != line)
			continue;
		if (file_matches(dwarf_linesrc(l, NULL, NULL), file))
			return true;
	}
	return false;
}

static int last_line(Dwarf_Die *cu, const char *file, Dwarf_Die *func)
{
	Dwarf_Lines *lines;
	size_t nl;
	int max = 0;

	if (dwarf_getsrclines(cu, &lines, &nl))
		return 0;
	for (size_t i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		int ln;

		if (dwarf_lineno(l, &ln) || dwarf_lineaddr(l, &a) || !dwarf_haspc(func, a))
			continue;
		if (file_matches(dwarf_linesrc(l, NULL, NULL), file) && ln > max)
			max = ln;
	}
	return max;
}

int probe_target__show_lines(struct probe_target *t, const char *spec, const char *srcdir,
			     FILE *fp, char **err)
{
	char *s = xstrdup(spec), *p, *name = s, *path;
	struct func_hit *hits = NULL;
	int start = 0, end = INT_MAX, base, last, nh, cur = 0;
	bool open_end = true;
	FILE *src;
	char *linebuf = NULL;
	size_t cap = 0;
	const char *file;

	*err = NULL;
	if (!t->dwarf) {
		*err = xasprintf("The %s file has no debug information.\n"
				 "Rebuild with -g, or install an appropriate debuginfo package.", t->path);
		free(s);
		return -ENOENT;
	}
	p = strchr(s, ':');
	if (p) {
		*p++ = '\0';
		start = atoi(p);
		p += strspn(p, "0123456789");
		if (*p == '+') {
			end = start + atoi(p + 1) - 1;
			open_end = false;
		} else if (*p == '-') {
			end = atoi(p + 1);
			open_end = false;
		}
	}
	if (strchr(name, '.')) {
		free(s);
		*err = xstrdup("Sorry, -L with a source file is not supported by prof probe: give a function");
		return -ENOTSUP;
	}
	nh = dwarf_find_funcs(t->dwarf, name, NULL, false, &hits);
	if (!nh) {
		*err = xasprintf("Specified source line is not found.");
		free(s);
		return -ENOENT;
	}
	file = die_decl_file(&hits[0].die);
	base = die_decl_line(&hits[0].die);
	last = last_line(&hits[0].cu, file, &hits[0].die);
	if (open_end)
		end = last - base;
	path = xstrdup(file ? file : "");
	src = srcdir ? NULL : fopen(path, "r");
	for (const char *tail = file; srcdir && tail && !src;) {
		/* perf's get_real_path: SRCDIR/PATH, then shorter tails of PATH */
		free(path);
		path = xasprintf("%s/%s", srcdir, tail);
		src = fopen(path, "r");
		tail = strchr(tail + 1, '/');
	}
	if (!src) {
		*err = xasprintf("Failed to open %s: %s", path, strerror(errno));
		free(path);
		free(hits);
		free(s);
		return -ENOENT;
	}
	fprintf(fp, "<%s@%s:%d>\n", name, path, start);
	while (getline(&linebuf, &cap, src) > 0) {
		int rel;

		cur++;
		rel = cur - base;
		if (rel < start)
			continue;
		/* perf shows a few lines past an open range */
		if (rel > end + (open_end ? 3 : 0))
			break;
		if (rel <= end && line_has_code(&hits[0].cu, file, cur, &hits[0].die))
			fprintf(fp, "%7d  %s", rel, linebuf);
		else
			fprintf(fp, "         %s", linebuf);
	}
	free(linebuf);
	fclose(src);
	free(path);
	free(hits);
	free(s);
	return 0;
}
