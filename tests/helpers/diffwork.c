// SPDX-License-Identifier: GPL-2.0-only
/*
 * diffwork: a before/after workload for prof diff (t0710). "before" runs
 * steady(), slowed() and removed(); "after" runs steady(), slowed() three
 * times as long and added() instead of removed().
 * Usage: diffwork before|after [scale, default 100]
 */
#include <stdlib.h>
#include <string.h>

static volatile unsigned long sink;

static inline __attribute__((always_inline)) unsigned long spin(unsigned long n, unsigned long x)
{
	for (unsigned long i = 0; i < n; i++)
		x = x * 2862933555777941757UL + 3037000493UL;
	return x;
}

__attribute__((noinline)) unsigned long steady(unsigned long n)
{
	return spin(n, n) + 1;
}

__attribute__((noinline)) unsigned long slowed(unsigned long n)
{
	return spin(n, n + 2) + 1;
}

__attribute__((noinline)) unsigned long removed(unsigned long n)
{
	return spin(n, n + 3) + 1;
}

__attribute__((noinline)) unsigned long added(unsigned long n)
{
	return spin(n, n + 4) + 1;
}

int main(int argc, char **argv)
{
	int after = argc > 1 && !strcmp(argv[1], "after");
	unsigned long n = (argc > 2 ? strtoul(argv[2], NULL, 0) : 100) * 100000;

	sink = steady(2 * n);
	sink += slowed(after ? 3 * n : n);
	sink += after ? added(n) : removed(n);
	return 0;
}
