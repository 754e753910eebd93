/* SPDX-License-Identifier: GPL-2.0-only */
/* demangle-rust.h: private to src/symbol. */
#ifndef PROF_DEMANGLE_RUST_H
#define PROF_DEMANGLE_RUST_H

/* A new string with the demangled Rust v0 name, or NULL if not one. */
char *rust_v0_demangle(const char *sym);

#endif
