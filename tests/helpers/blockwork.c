// SPDX-License-Identifier: GPL-2.0-only
/*
 * blockwork: a workload that blocks in known places, for record
 * --off-cpu (t0404) and its benchmark.
 *
 *   blockwork [MS]       sleeper() sleeps MS ms (default 300) in nanosleep;
 *                        pipe_reader() reads a pipe that writer() fills
 *                        after MS/2 ms; futex_waiter() waits MS/2 ms on a
 *                        futex nobody wakes (the timeout ends it)
 *   blockwork pingpong N two threads pass a byte back and forth N times
 *                        over two pipes (every pass a block and a wakeup)
 */
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long ms = 300;
static int fds[2];

static void sleep_ms(long n)
{
	struct timespec ts = { n / 1000, (n % 1000) * 1000000L };

	while (nanosleep(&ts, &ts))
		;
}

__attribute__((noinline)) void sleeper(void)
{
	sleep_ms(ms);
}

static void *writer(void *arg)
{
	(void)arg;
	sleep_ms(ms / 2);
	if (write(fds[1], "x", 1) != 1)
		exit(1);
	return NULL;
}

__attribute__((noinline)) void pipe_reader(void)
{
	pthread_t t;
	char c;

	if (pipe(fds) || pthread_create(&t, NULL, writer, NULL))
		exit(1);
	if (read(fds[0], &c, 1) != 1)
		exit(1);
	pthread_join(t, NULL);
}

__attribute__((noinline)) void futex_waiter(void)
{
	static int word;
	struct timespec ts = { (ms / 2) / 1000, ((ms / 2) % 1000) * 1000000L };

	syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 0, &ts, NULL, 0);
}

static int ping[2], pong[2];
static long rounds;

static void *ponger(void *arg)
{
	char c;

	(void)arg;
	for (long i = 0; i < rounds; i++)
		if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
			exit(1);
	return NULL;
}

__attribute__((noinline)) void pingpong(void)
{
	pthread_t t;
	char c = 'p';

	if (pipe(ping) || pipe(pong) || pthread_create(&t, NULL, ponger, NULL))
		exit(1);
	for (long i = 0; i < rounds; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			exit(1);
	pthread_join(t, NULL);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "pingpong")) {
		rounds = atol(argv[2]);
		pingpong();
		return 0;
	}
	if (argc > 1)
		ms = atol(argv[1]);
	if (ms < 2) {
		fprintf(stderr, "usage: blockwork [MS] | blockwork pingpong N\n");
		return 129;
	}
	sleeper();
	pipe_reader();
	futex_waiter();
	return 0;
}
