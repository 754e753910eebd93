// SPDX-License-Identifier: GPL-2.0-only
/*
 * demo: the bundled workload for "make demo" and the tests. A fixed amount
 * of CPU work in a known call tree, so profiles have stable hot spots:
 *   main -> run -> hot_loop   (about 75% of the work)
 *           run -> warm_loop  (about 25%)
 * Usage: demo [rounds, default 300; a round is about 0.6 ms here]
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

/*
 * Each call gets its own seed: the loops are pure functions, and with a
 * constant argument the compiler would hoist the calls out of run()'s loop.
 */
__attribute__((noinline)) static unsigned long hot_loop(unsigned long n, unsigned long seed)
{
	unsigned long i, x = seed;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

__attribute__((noinline)) static unsigned long warm_loop(unsigned long n, unsigned long seed)
{
	unsigned long i, x = seed | 1;

	for (i = 0; i < n; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	return x;
}

__attribute__((noinline)) static void run(unsigned long scale)
{
	unsigned long r;

	for (r = 0; r < scale; r++) {
		sink += hot_loop(300000, r);
		sink += warm_loop(100000, r);
	}
}

int main(int argc, char **argv)
{
	unsigned long scale = argc > 1 ? strtoul(argv[1], NULL, 0) : 300;

	run(scale);
	return sink == 42;	/* never: keeps the work alive */
}
