// SPDX-License-Identifier: GPL-2.0-only
/*
 * comm-change: a thread whose comm changes. Run through a short-named
 * link ("cc"): it renames itself to a long comm, burns CPU, then execs
 * itself again so the final comm is the short one, and burns again.
 * perf report sizes the Command column by the threads' final comms and
 * cuts the long one; the tests check prof prints it the same way.
 * Usage: comm-change [rounds]   (re-exec'ed with "again" as argv[2])
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void burn(unsigned long n, unsigned long seed)
{
	unsigned long i, x = seed;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	sink += x;
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 100, r;

	if (argc > 2 && !strcmp(argv[2], "again")) {
		for (r = 0; r < rounds; r++)
			burn(300000, r);
		return 0;
	}
	prctl(PR_SET_NAME, "averylongcomm", 0, 0, 0);
	for (r = 0; r < rounds; r++)
		burn(300000, r + 7);
	execl("/proc/self/exe", argv[0], argv[1] ? argv[1] : "100", "again", (char *)NULL);
	perror("exec");
	return 1;
}
