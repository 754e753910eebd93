/*
 * ns-work: workload for the container tests (t0810). Its function names
 * are used by no other helper, so a report that shows them read this
 * very binary. Usage: ns-work SECS [jit]
 * With "jit" it also runs code from anonymous executable memory named in
 * /tmp/perf-<pid>.map, <pid> being getpid() in its own pid namespace, as
 * JIT runtimes write it (x86-64 machine code). It writes "ready" to
 * stdout once everything is in place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/mman.h>

static volatile unsigned long sink;

/* mov ecx, 20000; 1: dec ecx; jnz 1b; ret */
static const unsigned char jit_code[] = {
	0xb9, 0x20, 0x4e, 0x00, 0x00, 0xff, 0xc9, 0x75, 0xfc, 0xc3,
};

__attribute__((noinline)) void nsw_container_alpha(void)
{
	unsigned long x = sink;

	for (int i = 0; i < 20000; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	sink = x;
}

__attribute__((noinline)) void nsw_container_beta(void)
{
	unsigned long x = sink | 1;

	for (int i = 0; i < 20000; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	sink = x;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 3);
	void (*jit)(void) = NULL;

	if (argc > 2 && !strcmp(argv[2], "jit")) {
		char path[64];
		unsigned char *mem;
		FILE *f;

		mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		memcpy(mem, jit_code, sizeof(jit_code));
		snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
		f = fopen(path, "w");
		if (!f) {
			perror(path);
			return 1;
		}
		fprintf(f, "%lx %zx nsw_jit_gamma\n", (unsigned long)mem, sizeof(jit_code));
		fclose(f);
		jit = (void (*)(void))(void *)mem;
	}
	printf("ready\n");
	fflush(stdout);
	while (now() < end) {
		nsw_container_alpha();
		nsw_container_beta();
		if (jit)
			for (int i = 0; i < 2; i++)
				jit();
	}
	return 0;
}
