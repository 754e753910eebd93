/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * disasm.h: the instructions of one symbol, as text objdump would print
 * them (perf annotate's view of a function). In-process with capstone,
 * its AT&T text normalised to objdump's (the rules and what is left are
 * in Documentation/technical/deliberate-differences.md, "annotate"), or
 * by running an objdump like perf 6.1 does (-M intel, --objdump).
 */
#ifndef PROF_DISASM_H
#define PROF_DISASM_H

#include "compat.h"

struct dso;
struct symbol;
struct code_cache;

struct disasm_insn {
	u64 addr;		/* objdump's address (the file's virtual address) */
	u64 dso_addr;		/* the dso-relative address samples resolve to */
	char *text;		/* "mov    %rax,%rdx", "jne    11eb <f+0xf>" */
	char *raw;		/* the bytes, "48 89 c2" (capstone only, else NULL) */
};

struct disasm {
	struct disasm_insn *insns;
	int nr, alloc;
	u64 start;		/* objdump's address of the symbol */
	/* objdump's section of the code when not .text (a kcore's loadN), and its address */
	char section[16];
	u64 section_addr;
};

struct disasm_cache;

struct disasm_opts {
	const char *objdump;	/* run this objdump; NULL: capstone */
	const char *style;	/* -M: objdump's disassembler options, NULL for none */
	/* keeps the last file read open for the next symbol of the same DSO; NULL: none */
	struct disasm_cache *cache;
};

/* A cache for disasm_opts; deleted while the DSOs it saw still live. */
struct disasm_cache *disasm_cache__new(void);
void disasm_cache__delete(struct disasm_cache *c);

/*
 * Disassemble @sym of @dso into @d (zeroed first). Returns 0, or -1 with
 * perf's reason in @err ("No such file", "no capstone", ...).
 */
int disasm__symbol(struct dso *dso, const struct symbol *sym, const struct disasm_opts *o,
		   struct disasm *d, char *err, size_t errsz);
void disasm__exit(struct disasm *d);
/*
 * Whether @dso's code comes from a kcore file (a kernel without the
 * vmlinux of -k, whose symbols came from a kallsyms with a readable kcore
 * beside it): its path in @path, for the annotation's header.
 */
bool disasm__kcore(const struct dso *dso, char *path, size_t size);
/* objdump's lines before @d's code: "Disassembly of section S:" and "ADDR <label>:". */
void disasm__preamble(const struct disasm *d, const char *sym_name, char *section,
		      size_t section_size, char *label, size_t label_size);
/* Whether this build disassembles in-process. */
bool disasm__have_capstone(void);

/*
 * One sampled instruction, as perf script -F insn fetches it (perf's
 * thread__memcpy): up to @len bytes of @dso's code at @offset, the
 * address its map gives (an offset in the file), from the file perf
 * reads (build-id cache, then the path; the vdso's copy). Returns the
 * number of bytes read, or -1 when there is no file to read.
 */
ssize_t disasm__read_code(struct dso *dso, u64 offset, u8 *buf, size_t len);
/* Frees a dso's blocks of code read so far (dso__put). */
void disasm__code_cache_free(struct code_cache *c);
/* The length of the first x86 instruction in @code (capstone), 0 if none. */
int disasm__insn_len(const u8 *code, size_t len, bool is64);
/*
 * The first instruction's AT&T text as capstone prints it, "mnemonic
 * operands", branch targets from @ip. Returns its length, 0 if none.
 */
int disasm__insn_text(const u8 *code, size_t len, u64 ip, bool is64, char *buf,
		      size_t size);

#endif
