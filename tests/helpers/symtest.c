// SPDX-License-Identifier: GPL-2.0-only
/*
 * symtest: workload for the symbolizer tests (t06xx). Hot functions of
 * every kind the symbol loader must name like perf: plain functions, a
 * zero-size assembly function, an alias pair, a weak function, PLT calls
 * into libc, inlined frames, vdso calls. Usage: symtest [scale, default 200]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile unsigned long sink;

__attribute__((noinline)) unsigned long sym_plain(unsigned long n)
{
	unsigned long i, x = 1;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

/* Two names, one address: perf keeps the global, non-weak, longer one. */
__attribute__((noinline)) unsigned long sym_target(unsigned long n)
{
	unsigned long i, x = 7;

	for (i = 0; i < n; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	return x;
}
unsigned long sym_alias(unsigned long n) __attribute__((alias("sym_target")));

__attribute__((noinline, weak)) unsigned long sym_weak(unsigned long n)
{
	unsigned long i, x = 3;

	for (i = 0; i < n; i++)
		x += i * x;
	return x;
}

/* A symbol without a size: perf extends it to the next symbol. */
unsigned long sym_nosize(unsigned long n);
__asm__(".text\n"
	".globl sym_nosize\n"
	".type sym_nosize, @function\n"
	"sym_nosize:\n"
	"	mov %rdi, %rax\n"
	"1:	dec %rax\n"
	"	jnz 1b\n"
	"	ret\n");

/* Calls through the PLT. */
__attribute__((noinline)) unsigned long sym_plt_calls(unsigned long n)
{
	unsigned long i, x = 0;
	char buf[64];

	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "%lu", i);
		x += strlen(buf) + (unsigned long)labs((long)i);
	}
	return x;
}

/* Inlined frames: sym_inlined -> inl_outer -> inl_inner, all in one body. */
static inline __attribute__((always_inline)) unsigned long inl_inner(unsigned long x)
{
	return x * 2862933555777941757UL + 3037000493UL;
}

static inline __attribute__((always_inline)) unsigned long inl_outer(unsigned long x)
{
	return inl_inner(x) ^ (x >> 3);
}

__attribute__((noinline)) unsigned long sym_inlined(unsigned long n)
{
	unsigned long i, x = 5;

	for (i = 0; i < n; i++)
		x = inl_outer(x);
	return x;
}

/* Calls into the vdso. */
__attribute__((noinline)) unsigned long sym_vdso(unsigned long n)
{
	struct timespec ts;
	unsigned long i, x = 0;

	for (i = 0; i < n; i++) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		x += (unsigned long)ts.tv_nsec;
	}
	return x;
}

int main(int argc, char **argv)
{
	unsigned long scale = argc > 1 ? strtoul(argv[1], NULL, 0) : 200;

	if (scale == 0) {
		/* "symtest 0": print the addresses the tests need, then wait. */
		printf("%p %p %p %p %p\n", (void *)sym_plain, (void *)sym_alias,
		       (void *)sym_weak, (void *)sym_nosize, (void *)sym_plt_calls);
		fflush(stdout);
		getchar();
		return 0;
	}
	sink = sym_plain(scale * 400000);
	sink = sym_alias(scale * 300000);
	sink = sym_weak(scale * 200000);
	sink = sym_nosize(scale * 400000 + 1);
	sink = sym_plt_calls(scale * 2000);
	sink = sym_inlined(scale * 200000);
	sink = sym_vdso(scale * 5000);
	return 0;
}
