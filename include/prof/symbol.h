/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * symbol.h: symbols of one DSO (sorted array, perf's fix-up rules) and the
 * process-wide symbol options (symfs, vmlinux, kallsyms, demangling).
 * See Documentation/technical/symbolization.md for the lookup order.
 */
#ifndef PROF_SYMBOL_H
#define PROF_SYMBOL_H

#include "compat.h"

/*
 * One symbol, [start, end) in the DSO's address space (file offsets for
 * user DSOs, absolute addresses for the kernel). A zero-size symbol has
 * end == start and matches only its start address.
 */
struct symbol {
	u64 start;
	u64 end;
	/* Node of the perf-shaped search tree (see symbols__tree_insert). */
	struct symbol *rb_left, *rb_right, *rb_parent;
	bool rb_black;
	u8 binding;		/* STB_* */
	u8 type;		/* STT_* */
	u8 synthesized;		/* name@plt: added after the fix-ups */
	u8 in_arena;		/* part of a symbols' arena: never freed alone */
	u16 namelen;
	char name[];
};

/*
 * Changes whenever a symbol, or a DSO and its names, may have been freed:
 * a cache keyed by their addresses holds while it is unchanged.
 */
extern u64 symbol__epoch;

/* Returns a new symbol (xmalloc: never NULL); the name is copied. */
struct symbol *symbol__new(u64 start, u64 len, u8 binding, u8 type, const char *name);
void symbol__delete(struct symbol *sym);

/* A DSO's symbols: an array kept sorted by start once symbols__sort ran. */
struct symbols {
	struct symbol **entries;
	size_t nr, alloc;
	/*
	 * ELF symbols are also kept in a red-black tree built exactly as
	 * perf builds its own (same insertion order, same erasures), so that
	 * overlapping symbols resolve to the one perf's tree walk meets first.
	 */
	struct symbol *root;
	/*
	 * While an ELF table loads, the tree's inserts and erasures are only
	 * logged (an erased symbol is tagged with the low bit and kept alive);
	 * symbols__finish builds the tree from the log only if the final
	 * symbols overlap: without overlaps every walk finds the one symbol
	 * containing the address, which the sorted array finds as well.
	 */
	struct symbol **log;
	size_t log_nr, log_alloc;
	/* where kallsyms symbols were allocated (a reference), or NULL */
	struct sym_arena *arena;
};

void symbols__init(struct symbols *s);
/* Frees every symbol. */
void symbols__exit(struct symbols *s);
/* Takes ownership of @sym; the array is unsorted until symbols__sort. */
void symbols__append(struct symbols *s, struct symbol *sym);
/*
 * A table about to get up to @nr symbols of @name_bytes of names in all:
 * room for them in the array and the tree's log, and an arena block for
 * symbols__new_in (a guess: more symbols still fit, in another block).
 */
void symbols__reserve(struct symbols *s, size_t nr, size_t name_bytes);
/* symbol__new's symbol, in @s's arena and appended to @s. */
struct symbol *symbols__new_in(struct symbols *s, u64 start, u64 len, u8 binding, u8 type,
			       const char *name);
/*
 * Also insert @sym into the perf-shaped tree (call in the order perf
 * inserts: symbol table order, then PLT entries). The array still owns it.
 */
void symbols__tree_insert(struct symbols *s, struct symbol *sym);
/* Log the insert instead (see struct symbols); symbols__finish replays it. */
void symbols__tree_defer(struct symbols *s, struct symbol *sym);
/*
 * End of a table's loading: build the perf-shaped tree from the log if any
 * two symbols overlap, free the symbols the log erased and the log.
 */
void symbols__finish(struct symbols *s);
void symbols__tree_erase(struct symbols *s, struct symbol *sym);
/* perf's symbols__find on the tree: first node on the path containing @ip. */
struct symbol *symbols__tree_find(const struct symbols *s, u64 ip);

/* Stable sort by start (equal starts keep insertion order, as perf's rb-tree). */
void symbols__sort(struct symbols *s);
/* perf's symbols__fixup_end: zero-size symbols end where the next starts. */
void symbols__fixup_end(struct symbols *s, bool is_kallsyms);
/* perf's symbols__fixup_duplicate: one symbol per start, chosen as perf does. */
void symbols__fixup_duplicate(struct symbols *s);
/*
 * Borrowed symbol containing @addr, or NULL: perf's tree walk when the
 * tree exists, else a binary search (requires a sorted array).
 */
struct symbol *symbols__find(const struct symbols *s, u64 addr);
/*
 * symbols__find, and where its answer is the same: every address in
 * [*lo, *hi) finds the same symbol (*lo == *hi: only @addr is known).
 */
struct symbol *symbols__find_range(const struct symbols *s, u64 addr, u64 *lo, u64 *hi);
/* Borrowed symbol named @name (linear scan), or NULL. */
struct symbol *symbols__find_by_name(const struct symbols *s, const char *name);

/*
 * perf's choose_best_symbol: >0 keeps @a, <0 keeps @b. Exposed for tests.
 */
int symbol__choose_best(const struct symbol *a, const struct symbol *b);

/* Options shared by report/top/script; set before the first lookup. */
struct symbol_conf {
	const char *symfs;		/* --symfs: prefix of every path, "" = none */
	char *symfs_buf;		/* what symbol_conf__set_symfs allocated */
	const char *vmlinux_name;	/* -k/--vmlinux */
	const char *kallsyms_name;	/* --kallsyms */
	bool no_demangle;		/* --no-demangle */
	bool demangle_kernel;		/* --demangle-kernel */
	bool show_params;		/* -v: C++ parameters and return types */
	bool full_srcline;		/* --full-source-path */
	bool ignore_vmlinux;		/* never search the vmlinux path */
	bool force;			/* -f: read JIT files of other users too */
	bool nanosecs;			/* --ns: times with nanoseconds */
};
extern struct symbol_conf symbol_conf;

/*
 * --symfs DIR: trailing slashes go, so "/" is this machine's own root
 * (no prefix, /proc/kallsyms included), as for perf; the build-id cache
 * becomes DIR/.debug (for "/" too: ~/.debug is not read then).
 */
void symbol_conf__set_symfs(const char *dir);

/* The build-id cache root is buildid_dir() in prof/util.h. */

#endif /* PROF_SYMBOL_H */
