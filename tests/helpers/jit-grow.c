/*
 * jit-grow: a tiny "JIT" for prof top's tests. It writes two functions
 * into anonymous executable memory and announces each in
 * /tmp/perf-PID.map only when it starts running it, as JIT runtimes do:
 *   jit-grow SECS   runs jit_first for SECS/2, then jit_second for SECS/2,
 *                   then removes the map file.
 *   jit-grow SECS keep   leaves the map file (for report's tests).
 * x86-64 only (the machine code is a counted loop).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/mman.h>

typedef void (*fn_t)(void);

/* mov ecx, 100000; 1: dec ecx; jnz 1b; ret */
static const unsigned char loop_code[] = {
	0xb9, 0xa0, 0x86, 0x01, 0x00, 0xff, 0xc9, 0x75, 0xfc, 0xc3,
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void announce(const char *path, void *addr, const char *name)
{
	FILE *f = fopen(path, "a");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "%lx %zx %s\n", (unsigned long)addr, sizeof(loop_code), name);
	fclose(f);
}

static void run_for(fn_t fn, double secs)
{
	double end = now() + secs;

	while (now() < end)
		for (int i = 0; i < 50; i++)
			fn();
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 4;
	unsigned char *mem;
	char path[64];

	mem = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	memcpy(mem, loop_code, sizeof(loop_code));
	memcpy(mem + 4096, loop_code, sizeof(loop_code));
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	unlink(path);
	announce(path, mem, "jit_first");
	run_for((fn_t)(void *)mem, secs / 2);
	announce(path, mem + 4096, "jit_second");
	run_for((fn_t)(void *)(mem + 4096), secs / 2);
	if (argc < 3 || strcmp(argv[2], "keep"))
		unlink(path);
	return 0;
}
