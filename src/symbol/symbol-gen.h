/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * symbol-gen.h (private to src/symbol): the generation of the machine
 * model's lookup state. It changes whenever a map set or map bounds
 * change or a DSO's symbols are loaded or freed, so a cached lookup
 * result stamped with it is valid while it is unchanged
 * (symbolization.md, invariant 8b).
 */
#ifndef PROF_SYMBOL_GEN_H
#define PROF_SYMBOL_GEN_H

#include "prof/compat.h"

extern u64 symbol__generation;

static inline void symbol__generation_bump(void)
{
	symbol__generation++;
}

#endif
