// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat-work: a deterministic workload for the prof stat tests.
 *   stat-work [-b LOOPS] [-f CHILDREN] [-t THREADS] [-c] [-s SECONDS] [-x STATUS]
 * burns LOOPS million multiply-adds in each task, forks CHILDREN that do
 * the same, spawns THREADS threads that do the same, sleeps SECONDS
 * (may be fractional), then exits with STATUS. -c: while it sleeps, a
 * thread keeps starting threads that live half a millisecond, so that a
 * tool listing the threads sees some that are gone when it opens them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;
static unsigned long loops;

__attribute__((noinline)) static void burn(unsigned long n)
{
	unsigned long i, x = 1;

	for (i = 0; i < n * 1000000UL; i++) {
		x = x * 6364136223846793005UL + i;
		__asm__ volatile("" : "+r"(x));
	}
	sink += x;
}

static void *thread_fn(void *arg)
{
	(void)arg;
	burn(loops);
	return NULL;
}

static void *short_fn(void *arg)
{
	struct timespec ts = { 0, 500000 };

	nanosleep(&ts, NULL);
	return arg;
}

/* -c: four short-lived threads at a time, for ever */
static void *churn_fn(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_t t[4];
		int n = 0;

		for (int i = 0; i < 4; i++)
			if (pthread_create(&t[n], NULL, short_fn, NULL) == 0)
				n++;
		for (int i = 0; i < n; i++)
			pthread_join(t[i], NULL);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int children = 0, threads = 0, status = 0, churn = 0, c, i;
	double secs = 0;
	pthread_t tid[64];

	while ((c = getopt(argc, argv, "b:f:t:cs:x:")) != -1) {
		switch (c) {
		case 'b': loops = strtoul(optarg, NULL, 0); break;
		case 'f': children = atoi(optarg); break;
		case 't': threads = atoi(optarg); break;
		case 'c': churn = 1; break;
		case 's': secs = atof(optarg); break;
		case 'x': status = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: stat-work [-b M] [-f N] [-t N] [-c] [-s S] [-x STATUS]\n");
			return 2;
		}
	}
	if (threads > 64)
		threads = 64;
	for (i = 0; i < children; i++)
		if (fork() == 0) {
			burn(loops);
			_exit(0);
		}
	for (i = 0; i < threads; i++)
		pthread_create(&tid[i], NULL, thread_fn, NULL);
	burn(loops);
	for (i = 0; i < threads; i++)
		pthread_join(tid[i], NULL);
	while (wait(NULL) > 0)
		;
	if (churn) {
		pthread_t t;

		pthread_create(&t, NULL, churn_fn, NULL);
	}
	if (secs > 0) {
		struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };

		nanosleep(&ts, NULL);
	}
	return status;
}
