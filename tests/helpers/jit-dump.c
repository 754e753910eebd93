// SPDX-License-Identifier: GPL-2.0-only
/*
 * jit-dump: a tiny "JIT" that describes its code in a jitdump file, as
 * perf's JVMTI agent and other runtimes do, for prof report's tests:
 *
 *   jit-dump SECS [DIR]
 *
 * writes DIR/jit-PID.dump (DIR defaults to /tmp), maps it PROT_EXEC so
 * that a recording contains its MMAP, then runs three phases of SECS/3
 * of CPU time:
 *   1. jit_alpha loaded at page A (code index 1), runs there;
 *   2. jit_alpha moved to page B (CODE_MOVE), runs there;
 *   3. jit_beta loaded at page A (code index 2: a reload at the same
 *      address under another name), runs there;
 * then writes CODE_CLOSE. Expected split: jit_alpha 2/3, jit_beta 1/3.
 * Timestamps are CLOCK_MONOTONIC (record with -k mono). The dump is left
 * in place; the test removes it. x86-64 only (the machine code).
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
#include <elf.h>
#include <sys/mman.h>
#include <sys/syscall.h>

typedef void (*fn_t)(void);

/* mov ecx, 100000; 1: dec ecx; jnz 1b; ret */
static const unsigned char loop_code[] = {
	0xb9, 0xa0, 0x86, 0x01, 0x00, 0xff, 0xc9, 0x75, 0xfc, 0xc3,
};

enum { CODE_LOAD = 0, CODE_MOVE = 1, CODE_DEBUG_INFO = 2, CODE_CLOSE = 3 };

static int dump_fd;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void put(const void *p, size_t n)
{
	if (write(dump_fd, p, n) != (ssize_t)n) {
		perror("jit-dump: write");
		exit(1);
	}
}

static void put32(uint32_t v) { put(&v, 4); }
static void put64(uint64_t v) { put(&v, 8); }

static void prefix(uint32_t id, uint32_t total)
{
	put32(id);
	put32(total);
	put64(now_ns());
}

static void code_load(void *addr, const char *name, uint64_t index)
{
	size_t nlen = strlen(name) + 1;

	prefix(CODE_LOAD, (uint32_t)(16 + 8 + 32 + nlen + sizeof(loop_code)));
	put32((uint32_t)getpid());
	put32((uint32_t)syscall(SYS_gettid));
	put64((uintptr_t)addr);		/* vma */
	put64((uintptr_t)addr);		/* code_addr */
	put64(sizeof(loop_code));
	put64(index);
	put(name, nlen);
	put(loop_code, sizeof(loop_code));
}

static void code_move(void *from, void *to, uint64_t index)
{
	prefix(CODE_MOVE, 16 + 8 + 40);
	put32((uint32_t)getpid());
	put32((uint32_t)syscall(SYS_gettid));
	put64((uintptr_t)to);		/* vma */
	put64((uintptr_t)from);
	put64((uintptr_t)to);
	put64(sizeof(loop_code));
	put64(index);
}

/* One line-table entry for @addr: "jit-alpha.js:7". */
static void debug_info(void *addr)
{
	static const char file[] = "jit-alpha.js";

	prefix(CODE_DEBUG_INFO, (uint32_t)(16 + 16 + 16 + sizeof(file)));
	put64((uintptr_t)addr);
	put64(1);
	put64((uintptr_t)addr);
	put32(7);
	put32(0);
	put(file, sizeof(file));
}

/* CPU time, not wall time: each phase gets its share of task-clock
 * samples however loaded the machine is. */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void run_for(fn_t fn, double secs)
{
	uint64_t end = cpu_ns() + (uint64_t)(secs * 1e9);

	while (cpu_ns() < end)
		for (int i = 0; i < 50; i++)
			fn();
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3;
	const char *dir = argc > 2 ? argv[2] : "/tmp";
	unsigned char *mem, *a, *b;
	char path[4096];
	void *marker;

	mem = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("jit-dump: mmap");
		return 1;
	}
	a = mem;
	b = mem + 4096;
	snprintf(path, sizeof(path), "%s/jit-%d.dump", dir, (int)getpid());
	dump_fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (dump_fd < 0) {
		perror(path);
		return 1;
	}
	/* header: magic, version, size, elf_mach, pad, pid, timestamp, flags */
	put32(0x4A695444);
	put32(1);
	put32(40);
	put32(EM_X86_64);
	put32(0);
	put32((uint32_t)getpid());
	put64(now_ns());
	put64(0);
	/* the marker: runtimes map the dump executable so perf sees it */
	marker = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, dump_fd, 0);
	if (marker == MAP_FAILED) {
		perror("jit-dump: mmap marker");
		return 1;
	}

	memcpy(a, loop_code, sizeof(loop_code));
	debug_info(a);
	code_load(a, "jit_alpha", 1);
	run_for((fn_t)(void *)a, secs / 3);

	memcpy(b, loop_code, sizeof(loop_code));
	code_move(a, b, 1);
	run_for((fn_t)(void *)b, secs / 3);

	code_load(a, "jit_beta", 2);
	run_for((fn_t)(void *)a, secs / 3);

	prefix(CODE_CLOSE, 16);
	munmap(marker, 4096);
	close(dump_fd);
	printf("%s\n", path);
	return 0;
}
