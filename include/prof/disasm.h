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
};

struct disasm_opts {
	const char *objdump;	/* run this objdump; NULL: capstone */
	const char *style;	/* -M: objdump's disassembler options, NULL for none */
};

/*
 * Disassemble @sym of @dso into @d (zeroed first). Returns 0, or -1 with
 * perf's reason in @err ("No such file", "no capstone", ...).
 */
int disasm__symbol(struct dso *dso, const struct symbol *sym, const struct disasm_opts *o,
		   struct disasm *d, char *err, size_t errsz);
void disasm__exit(struct disasm *d);
/* Whether this build disassembles in-process. */
bool disasm__have_capstone(void);

#endif
