/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tap.h: the smallest TAP producer that serves prof's C unit tests.
 * Each tests/unit/tNNNN-*.c is a program: call the checks, then
 * "return done_testing();". prove reads the output.
 */
#ifndef PROF_TAP_H
#define PROF_TAP_H

#include "prof/compat.h"

/* Each returns its condition so a test can stop early on failure. */
int ok_at(const char *file, int line, int cond, const char *fmt, ...) __printf(4, 5);
int is_int_at(const char *file, int line, long long got, long long want,
	      const char *fmt, ...) __printf(5, 6);
int is_str_at(const char *file, int line, const char *got, const char *want,
	      const char *fmt, ...) __printf(5, 6);
int is_double_at(const char *file, int line, double got, double want, double eps,
		 const char *fmt, ...) __printf(6, 7);

#define ok(cond, ...) ok_at(__FILE__, __LINE__, !!(cond), __VA_ARGS__)
#define is_int(got, want, ...) is_int_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
#define is_str(got, want, ...) is_str_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
#define is_double(got, want, eps, ...) \
	is_double_at(__FILE__, __LINE__, (got), (want), (eps), __VA_ARGS__)

void diag(const char *fmt, ...) __printf(1, 2);
/* Skip the whole program ("1..0 # SKIP why") and exit 0. */
void __noreturn skip_all(const char *fmt, ...) __printf(1, 2);
/* Print the plan; returns the exit status (0 if every check passed). */
int done_testing(void);

#endif
