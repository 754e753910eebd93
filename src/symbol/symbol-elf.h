/* SPDX-License-Identifier: GPL-2.0-only */
/* symbol-elf.h: private to src/symbol: one opened ELF symbol source. */
#ifndef PROF_SYMBOL_ELF_H
#define PROF_SYMBOL_ELF_H

#include <gelf.h>
#include "prof/dso.h"

struct symsrc {
	int fd;
	Elf *elf;
	GElf_Ehdr ehdr;
	size_t shstrndx;
	Elf_Scn *symtab, *dynsym;
	GElf_Shdr symshdr, dynshdr;
	size_t dynsym_idx;
	bool has_dwarf;
	char origin;
	char *name;
};

/*
 * Open @path (or the in-memory @image) as a symbol source for @dso.
 * Returns 0, -errno when unreadable, -ENOEXEC for non-ELF, -EINVAL when
 * its build-id differs from the dso's. @ss is empty on failure.
 */
int symsrc__init(struct symsrc *ss, struct dso *dso, const char *path,
		 void *image, size_t image_size, char origin);
void symsrc__exit(struct symsrc *ss);
/* Symbols of @syms_ss into @dso (sorted, fixed up). Number or -errno. */
int symsrc__load_syms(struct dso *dso, struct symsrc *syms_ss, struct symsrc *runtime_ss);
/* name@plt symbols from @ss's .rela.plt/.rel.plt; returns how many. */
int symsrc__synthesize_plt(struct dso *dso, struct symsrc *ss);

#endif
