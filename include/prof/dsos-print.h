/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dsos-print.h: perf's symbol table dump (perf top --dump-symtab).
 */
#ifndef PROF_DSOS_PRINT_H
#define PROF_DSOS_PRINT_H

#include "compat.h"

struct dsos;

/* Every DSO of @d and its symbols, as perf's dso__fprintf prints them. */
void dsos__fprintf(const struct dsos *d, FILE *fp);

#endif /* PROF_DSOS_PRINT_H */
