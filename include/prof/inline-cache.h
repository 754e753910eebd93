/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * inline-cache.h: perf's append_inlines for call chains. A frame whose
 * address DWARF places in inlined code becomes one frame per function
 * (innermost first), each a stand-in symbol named as DWARF names it,
 * marked inlined when it is not the ELF symbol itself, with its source
 * line. report and top (for dwarf-unwound frames, as perf 6.1) share it;
 * each DSO address is looked up once.
 */
#ifndef PROF_INLINE_CACHE_H
#define PROF_INLINE_CACHE_H

#include "compat.h"

struct dso;
struct symbol;
struct callchain_cursor_node;
struct inline_cache;

struct inline_entry {
	struct inline_entry *next;	/* hash chain */
	const struct dso *dso;
	u64 addr;			/* map-relative address looked up */
	int nr;				/* 0: addr2line does not find @addr */
	struct symbol **syms;		/* innermost first */
	bool *inlined;
	char **srclines;		/* "file.c:12", or "??:0" */
};

struct inline_cache *inline_cache__new(void);
/* Frees the entries and the stand-in symbols they made. NULL is fine. */
void inline_cache__delete(struct inline_cache *c);

/* The inline frames at @addr of @dso, whose ELF symbol there is @sym. */
const struct inline_entry *inline_cache__find(struct inline_cache *c, struct dso *dso,
					      struct symbol *sym, u64 addr);

/*
 * Write @node to @out as the frames of @e (or as itself when @e is NULL),
 * innermost first, outermost first when @caller_order; at most @max.
 * Returns the number written.
 */
int inline_entry__expand(const struct inline_entry *e, const struct callchain_cursor_node *node,
			 bool caller_order, struct callchain_cursor_node *out, int max);

#endif /* PROF_INLINE_CACHE_H */
