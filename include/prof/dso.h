/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dso.h: a dynamic shared object (executable, library, kernel, module,
 * vdso, JIT map): its names as perf displays them, its build-id, its
 * symbols (loaded lazily, once) and its source-line cache.
 *
 * Lifetime: dsos are refcounted; the machine's dsos list holds one
 * reference until machine__delete, so a struct dso * or struct symbol *
 * taken from a machine stays valid for the machine's lifetime.
 */
#ifndef PROF_DSO_H
#define PROF_DSO_H

#include "compat.h"
#include "list.h"
#include "build-id.h"
#include "symbol.h"

enum dso_kind {
	DSO_KIND_USER,		/* an ELF file mapped by a process */
	DSO_KIND_KERNEL,	/* [kernel.kallsyms] */
	DSO_KIND_MODULE,	/* [modname] */
	DSO_KIND_VDSO,		/* [vdso] */
	DSO_KIND_JIT,		/* /tmp/perf-PID.map for anonymous executable memory */
	DSO_KIND_NODSO,		/* [heap], [stack], //anon data: no symbols */
	DSO_KIND_JITDUMP,	/* one code load of a jitdump: symbol given at creation */
};

/* Where symbols came from: perf's -v origin letters. */
#define DSO_ORIGIN_NOT_FOUND	'!'

struct srcline_cache;
struct nsinfo;
struct code_cache;

struct dso {
	struct list_head node;		/* machine's dsos */
	struct dso *hnext;		/* hash chain by long name */
	int refcnt;
	/* 1, 2, ... in the order DSOs are made: where perf orders two DSOs
	 * by their addresses in its heap (as made, mostly) prof uses this,
	 * so that no output depends on where malloc put them */
	u64 serial;
	enum dso_kind kind;
	char *long_name;
	char *short_name;
	struct build_id bid;		/* bid.size == 0: unknown */
	bool has_id;			/* maj/min/ino known (MMAP2) */
	u32 maj, min;
	u64 ino, ino_gen;

	bool loaded;			/* load attempted */
	bool hit;
	char origin;			/* symtab origin letter, '!' none */
	bool adjust_symbols;
	bool has_symtab;		/* symbols came from a .symtab */
	/* kernel: the recording's kernel is known not to be the running
	 * one (release or arch differ), so /proc/kallsyms must not name it */
	bool foreign_kernel;
	u64 text_offset;		/* .text sh_addr - sh_offset */
	char *symsrc_filename;		/* file the symbols (and DWARF) came from */
	char *debug_filename;		/* file with .debug_info, if any */
	char *kallsyms_path;		/* kernel: the kallsyms file its symbols came from */
	char *kcore_path;		/* kernel: the kcore beside that kallsyms, if readable */
	struct symbols symbols;

	void *image;			/* in-memory ELF (vdso, jitdump code), owned */
	size_t image_size;
	/* a jitdump code load: its bytes and address, for annotate (owned) */
	u8 *jit_code;
	size_t jit_code_size;
	u64 jit_code_addr;
	u64 kernel_reloc_pgoff;		/* kernel: recorded _text (ref reloc) */
	struct maps *kmaps;		/* kernel: the machine's kernel maps (borrowed) */
	struct srcline_cache *srcline;
	/* Live processes only (top): the namespaces of the process that
	 * mapped it, its files are looked up there (nsinfo.h). A reference. */
	struct nsinfo *nsinfo;
	/* hist.c: halves of the address space its symbol-less entries used */
	u8 hist_ip_halves;
	/* dso__elf_class's answer: 0 not asked yet, 0xff none */
	u8 elf_class;
	/* disasm__read_code's file, kept open: its fd + 1; 0 not opened yet, -1 none */
	int code_fd;
	struct code_cache *code_cache;	/* its blocks read (disasm.c), owned */
};

/* Returns a new dso with one reference (xmalloc). Short name derived. */
struct dso *dso__new(const char *long_name, enum dso_kind kind);
/* -1, 0 or 1: the order of @a and @b as made (dso->serial), NULL first. */
static inline int dso__cmp_made(const struct dso *a, const struct dso *b)
{
	u64 sa = a ? a->serial : 0, sb = b ? b->serial : 0;

	return sa < sb ? -1 : sa > sb;
}
struct dso *dso__get(struct dso *dso);
/* Drops a reference; frees at zero. NULL is a no-op. */
void dso__put(struct dso *dso);
/* Replace the short name (copied). */
void dso__set_short_name(struct dso *dso, const char *name);
void dso__set_build_id(struct dso *dso, const struct build_id *bid);
/* Look the DSO's files up in @nsi's mount namespace (takes a reference). */
void dso__set_nsinfo(struct dso *dso, struct nsinfo *nsi);

struct map;
/*
 * Load the symbols once, trying the sources in the documented order.
 * @map is the kernel map for kernel DSOs (for the relocation), may be NULL.
 * Returns the number of symbols, 0 when none were found (origin '!'),
 * never fails harder: a DSO without symbols shows addresses.
 */
int dso__load(struct dso *dso, struct map *map);
/*
 * perf's dso__type, as its unwinder asks it: the ELF class (ELFCLASS32 or
 * ELFCLASS64) of the file perf would read the DSO's bytes from (the
 * build-id cache, else the path under --symfs; a [vdso]'s image as its
 * symbols come), 0 when there is none or it is no ELF file. User DSOs and
 * [vdso] only; asked once.
 */
int dso__elf_class(struct dso *dso);
/*
 * The file holding @dso's code as perf reads it for its unwinder and
 * annotate: the build-id cache's copy, else the path under --symfs (or
 * in the live process's mount namespace). User DSOs; -ENOENT when
 * neither is a regular file (@buf then holds the last path tried).
 */
int dso__code_path(const struct dso *dso, char *buf, size_t size);
/* dso-relative @addr -> the file's virtual address, objdump's and DWARF's (perf's map__rip_2objdump). */
u64 dso__objdump_addr(const struct dso *dso, u64 addr);
/* Borrowed symbol at dso-relative @addr (loads first), or NULL. */
struct symbol *dso__find_symbol(struct dso *dso, struct map *map, u64 addr);

/* Build "<root>/.build-id/xx/yyyy..." + suffix into @buf; -ENODATA without id. */
int dso__build_id_path(const struct dso *dso, const char *suffix, char *buf, size_t size);

/*
 * Load symbols of one ELF file into @dso, perf's dso__load_sym rules:
 * .symtab preferred (from @syms_path) else .dynsym (@runtime_path), PLT
 * entries synthesized from @runtime_path. Exposed for tests. Returns the
 * number of symbols or -errno.
 */
int dso__load_elf(struct dso *dso, const char *syms_path, const char *runtime_path);
/*
 * The address of @name in the kallsyms file @dso's symbols came from
 * (relocated as they were), aliases the symbol table dropped included
 * (perf's symbol_conf.allow_aliases). 0 and *@addr, or -ENOENT (no such
 * name, or the symbols came from no kallsyms file).
 */
int dso__kallsyms_alias(const struct dso *dso, const char *name, u64 *addr);
/* Load a kallsyms-format file into a kernel dso; -errno on failure. */
int dso__load_kallsyms_file(struct dso *dso, struct map *map, const char *path);

/*
 * perf's kmod_path__parse: the DSO name of a kernel-space path. A
 * basename starting with '[' is kept as it is (a module unless it names
 * the kernel or a vdso). Otherwise a ".ko" name, optionally followed by
 * a ".gz" or ".xz" compression suffix, is the module "[<basename up to
 * .ko>]"; any other name stays the basename. '-' becomes '_' in both
 * (not in "[...]" names nor names without a '.' in the path).
 */
struct kmod_path {
	char *name;		/* malloc'ed: "[mod]" or the basename */
	bool kmod;		/* a kernel module */
	int comp;		/* 0, or the compression: 1 gz, 2 xz */
};
void kmod_path__parse(struct kmod_path *m, const char *path);
void kmod_path__exit(struct kmod_path *m);

/* dsos: the machine's DSO set. */
struct dsos {
	struct list_head head;
	struct dso *hash[1024];
	size_t nr;
};
void dsos__init(struct dsos *d);
void dsos__exit(struct dsos *d);	/* drops the list's references */
/* Borrowed dso named @long_name whose id (if given) matches, or NULL. */
struct dso *dsos__find(struct dsos *d, const char *long_name,
		       const struct build_id *bid, const u32 *maj_min_ino);
/* Adds @dso (takes a new reference). */
void dsos__add(struct dsos *d, struct dso *dso);

/*
 * Re-read the JIT map (/tmp/perf-PID.map) of a loaded DSO_KIND_JIT dso:
 * add the lines whose start has no symbol yet, as JIT compilers append
 * to the file. Symbols already there stay valid. Returns the number
 * added or -errno.
 */
int dso__reload_perf_map(struct dso *dso);

/* A copy of our own [vdso] image (the same kernel's), *@size bytes; NULL
 * when there is none. The caller frees it. */
void *vdso__read_own(size_t *size);

#endif
