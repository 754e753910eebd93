// SPDX-License-Identifier: GPL-2.0-only
/*
 * optwork: a workload for the option tests (t0006). Its hot function
 * carries the C++ mangled name of prof::work(unsigned long), for the
 * demangling options. main calls it through an always-inlined function,
 * so that main's frame lies in inlined code (--inline). The hot loop has
 * no frame of its own: its direct caller, run_work(), drops out of frame
 * pointer chains, main does not.
 * Usage: optwork [scale, default 100]
 */
#include <stdlib.h>

static volatile unsigned long sink;

unsigned long work(unsigned long n) __asm__("_ZN4prof4workEm");

__attribute__((noinline)) unsigned long work(unsigned long n)
{
	unsigned long i, x = n;

	for (i = 0; i < n; i++)
		x = x * 2862933555777941757UL + 3037000493UL;
	return x;
}

__attribute__((noinline)) unsigned long run_work(unsigned long n)
{
	return work(n) + 1;
}

static inline __attribute__((always_inline)) unsigned long opt_inlined_caller(unsigned long n)
{
	return run_work(n) + 1;
}

int main(int argc, char **argv)
{
	unsigned long scale = argc > 1 ? strtoul(argv[1], NULL, 0) : 100;

	sink = opt_inlined_caller(scale * 100000);
	return 0;
}
