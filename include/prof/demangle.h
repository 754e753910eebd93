/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * demangle.h: C++ (Itanium) and Rust (legacy and v0) names as perf 6.1
 * shows them: C++ without parameters by default, with return type and
 * parameters when @params; Rust legacy without the hash.
 */
#ifndef PROF_DEMANGLE_H
#define PROF_DEMANGLE_H

#include "compat.h"

/*
 * Returns a new string with the demangled name, or NULL when @name is not
 * a mangled name this build can demangle (the caller keeps @name then).
 */
char *demangle_sym(const char *name, bool params);
/* Rust only: NULL unless @name is a Rust legacy/v0 symbol. */
char *rust_demangle(const char *name);
/* True if __cxa_demangle could be loaded (libstdc++ at run time). */
bool demangle__have_cxx(void);

#endif
