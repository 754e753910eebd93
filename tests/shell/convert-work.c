// SPDX-License-Identifier: GPL-2.0-only
/*
 * convert-work.c: the workload of the conversion tests (t1004, t1005):
 * a call tree (main -> work_a -> leaf_x; main -> work_b -> leaf_x and
 * leaf_y) and an always-inlined function (mixin, in leaf_x).
 */
#include <stdlib.h>
static volatile unsigned long sink;
static inline __attribute__((always_inline)) unsigned long mixin(unsigned long x)
{
	return x * 6364136223846793005UL + 1442695040888963407UL;
}
__attribute__((noinline)) unsigned long leaf_x(unsigned long n)
{
	unsigned long x = 1;
	for (unsigned long i = 0; i < n; i++)
		x = mixin(x);
	return x;
}
__attribute__((noinline)) unsigned long leaf_y(unsigned long n)
{
	unsigned long x = 7;
	for (unsigned long i = 0; i < n; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	return x;
}
__attribute__((noinline)) void work_a(unsigned long n) { sink += leaf_x(n); }
__attribute__((noinline)) void work_b(unsigned long n) { sink += leaf_x(n / 2) + leaf_y(n); }
int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 0) : 100;
	for (int r = 0; r < 20; r++) {
		work_a(n * 100000);
		work_b(n * 100000);
	}
	return 0;
}
