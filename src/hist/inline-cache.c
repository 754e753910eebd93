// SPDX-License-Identifier: GPL-2.0-only
/*
 * inline-cache.c: inlined frames of call chains, looked up once per DSO
 * address (see inline-cache.h).
 *
 * Invariants:
 *  1. An entry exists for every (dso, addr) ever asked, misses included.
 *     A miss has no frames: addr2line answered "??:0", which perf 6.1
 *     reads as its sentinel and so appends no inline record; the frame
 *     stays as it was, its source line looked up later from its address.
 *     An address addr2line finds without a line ("??:?") has one frame,
 *     the symbol, with "??:0".
 *  2. Stand-in symbols (a name other than the ELF symbol's) belong to the
 *     entry; the ELF symbol belongs to its DSO.
 */
#include "prof/compat.h"
#include "prof/inline-cache.h"
#include "prof/callchain.h"
#include "prof/srcline.h"
#include "prof/demangle.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/util.h"

#define INLINE_HASH 4096

struct inline_cache {
	struct inline_entry *slots[INLINE_HASH];
};

struct inline_cache *inline_cache__new(void)
{
	return xzalloc(sizeof(struct inline_cache));
}

void inline_cache__delete(struct inline_cache *c)
{
	if (!c)
		return;
	for (u32 i = 0; i < INLINE_HASH; i++) {
		struct inline_entry *e, *n;

		for (e = c->slots[i]; e; e = n) {
			n = e->next;
			for (int k = 0; k < e->nr; k++) {
				if (e->inlined[k])
					symbol__delete(e->syms[k]);
				free(e->srclines[k]);
			}
			free(e->srclines);
			free(e->syms);
			free(e->inlined);
			free(e);
		}
	}
	free(c);
}

const struct inline_entry *inline_cache__find(struct inline_cache *c, struct dso *dso,
					      struct symbol *sym, u64 addr)
{
	u32 slot = (u32)((((uintptr_t)dso >> 4) ^ addr ^ (addr >> 17)) & (INLINE_HASH - 1));
	struct inline_frame frames[32];
	struct inline_entry *e;
	int n;

	for (e = c->slots[slot]; e; e = e->next)
		if (e->dso == dso && e->addr == addr)
			return e;
	n = dso__inline_frames(dso, addr, frames, (int)ARRAY_SIZE(frames));
	e = xzalloc(sizeof(*e));
	e->dso = dso;
	e->addr = addr;
	e->nr = n > 0 ? n : 0;
	e->syms = xcalloc((size_t)e->nr + 1, sizeof(*e->syms));
	e->inlined = xcalloc((size_t)e->nr + 1, sizeof(*e->inlined));
	e->srclines = xcalloc((size_t)e->nr + 1, sizeof(*e->srclines));
	for (int i = 0; i < e->nr; i++) {
		const char *name = frames[i].funcname ? frames[i].funcname : "??";
		const char *file = frames[i].filename, *base;
		char *demangled = NULL;

		/* DWARF's linkage name, demangled as the symbol table's names are */
		if (!symbol_conf.no_demangle &&
		    ((dso->kind != DSO_KIND_KERNEL && dso->kind != DSO_KIND_MODULE) ||
		     symbol_conf.demangle_kernel) &&
		    (demangled = demangle_sym(name, symbol_conf.show_params)))
			name = demangled;

		if (file) {
			base = strrchr(file, '/');
			e->srclines[i] = xasprintf("%s:%u", symbol_conf.full_srcline || !base ? file :
						   base + 1, frames[i].line);
		}
		/* addr2line names such a function as the symbol table does */
		if (!strcmp(name, sym->name) || frames[i].symtab_name) {
			e->syms[i] = sym;
		} else {
			e->syms[i] = symbol__new(sym->start, sym->end - sym->start, sym->binding,
						 sym->type, name);
			e->inlined[i] = true;
		}
		free(demangled);
	}
	e->next = c->slots[slot];
	c->slots[slot] = e;
	return e;
}

int inline_entry__expand(const struct inline_entry *e, const struct callchain_cursor_node *node,
			 bool caller_order, struct callchain_cursor_node *out, int max)
{
	int n = 0;

	if (max <= 0)
		return 0;
	if (!e || !e->nr) {
		out[0] = *node;
		return 1;
	}
	for (int i = 0; i < e->nr && n < max; i++) {
		int k = caller_order ? e->nr - 1 - i : i;
		struct callchain_cursor_node *o = &out[n++];

		*o = *node;
		o->sym = e->syms[k];
		o->inlined = e->inlined[k];
		o->srcline = e->srclines[k];
	}
	return n;
}
