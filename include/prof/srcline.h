/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * srcline.h: source file/line and inlined frames of DSO addresses, read
 * in-process with libdw and cached per DSO. Never spawns addr2line.
 */
#ifndef PROF_SRCLINE_H
#define PROF_SRCLINE_H

#include "compat.h"

struct dso;
struct symbol;
struct srcline_cache;

#define SRCLINE_UNKNOWN "??:0"

/*
 * File and line of dso-relative @addr (al->addr). *file is borrowed from
 * the DSO's cache (valid while the dso lives). Returns 0, -ENOENT when
 * there is no line information.
 */
int dso__srcline(struct dso *dso, u64 addr, const char **file, unsigned int *line);

/*
 * perf's --sort srcline text: "file.c:25" (basename unless full), "??:0"
 * where addr2line would find the address without a line, else "sym+off"
 * (decimal) with a symbol or "dso[addr]" (show_addr). Known lines are
 * borrowed from the DSO cache (valid while the dso lives); the fallbacks
 * live in a static buffer until the next call: copy what you keep.
 */
const char *dso__srcline_str(struct dso *dso, u64 addr, struct symbol *sym,
			     bool show_sym, bool show_addr);
/*
 * Whether perf's addr2line would answer for @addr ("file.c:25" or "??:0"),
 * and perf's text when it does not: "sym+off", "dso[addr]" (show_addr),
 * else the symbol's name or "??:0" (static buffer, as above).
 */
bool dso__srcline_found(struct dso *dso, u64 addr, const struct symbol *sym);
const char *dso__srcline_fallback(struct dso *dso, u64 addr, const struct symbol *sym,
				  bool show_sym, bool show_addr);
/* perf's --sort srcfile text: "file.c" or "" (borrowed). */
const char *dso__srcfile_str(struct dso *dso, u64 addr);

struct inline_frame {
	const char *funcname;	/* borrowed */
	const char *filename;	/* borrowed */
	unsigned int line;
	/*
	 * The out-of-line function's DWARF name is not a linkage name (no
	 * DW_AT_linkage_name in a language that mangles), so addr2line
	 * prints the symbol table's name there instead.
	 */
	bool symtab_name;
};

/*
 * Inlined frames at @addr, innermost first, as addr2line -f -i prints
 * them (the last one is the out-of-line function). Returns the number
 * of frames written (<= max), 0 when unknown.
 */
int dso__inline_frames(struct dso *dso, u64 addr, struct inline_frame *frames, int max);

/* Free a dso's srcline cache and DWARF handle. */
void srcline_cache__delete(struct srcline_cache *c);

#endif
