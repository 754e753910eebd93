// SPDX-License-Identifier: GPL-2.0-only
/*
 * jit-dump: a tiny "JIT" that describes its code in a jitdump file, as
 * perf's JVMTI agent and other runtimes do, for prof report's tests:
 *
 *   jit-dump SECS [DIR [full]]
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
 *
 * With "full", each load is described as V8 describes its code: a
 * DEBUG_INFO record of several line entries in two files before it, and
 * an UNWINDING_INFO record (.eh_frame and .eh_frame_hdr, laid out after
 * the code at an 8-byte boundary as the runtime maps them); the code
 * then keeps a register on the stack, so that the stack is unwound
 * through it only with its CFI.
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

/*
 * push rbx; mov ecx, 100000; 1: dec ecx; jnz 1b; pop rbx; ret
 * (offsets 0, 1, 6, 8, 10, 11): the CFA is rsp + 16 from 1 to 10.
 */
static const unsigned char frame_code[] = {
	0x53, 0xb9, 0xa0, 0x86, 0x01, 0x00, 0xff, 0xc9, 0x75, 0xfc, 0x5b, 0xc3,
};

enum { CODE_LOAD = 0, CODE_MOVE = 1, CODE_DEBUG_INFO = 2, CODE_CLOSE = 3,
       CODE_UNWINDING_INFO = 4 };

static int dump_fd;
static int full;
static const unsigned char *code_bytes = loop_code;
static size_t code_size = sizeof(loop_code);

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

	prefix(CODE_LOAD, (uint32_t)(16 + 8 + 32 + nlen + code_size));
	put32((uint32_t)getpid());
	put32((uint32_t)syscall(SYS_gettid));
	put64((uintptr_t)addr);		/* vma */
	put64((uintptr_t)addr);		/* code_addr */
	put64(code_size);
	put64(index);
	put(name, nlen);
	put(code_bytes, code_size);
}

static void code_move(void *from, void *to, uint64_t index)
{
	prefix(CODE_MOVE, 16 + 8 + 40);
	put32((uint32_t)getpid());
	put32((uint32_t)syscall(SYS_gettid));
	put64((uintptr_t)to);		/* vma */
	put64((uintptr_t)from);
	put64((uintptr_t)to);
	put64(code_size);
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

/* "full": the line table of frame_code at @addr; @file's lines from @line. */
static void debug_info_full(void *addr, const char *file, uint32_t line)
{
	static const struct { uint8_t off; uint8_t dline; uint8_t lib; } rows[] = {
		{ 0, 0, 0 }, { 1, 1, 0 }, { 6, 2, 0 }, { 8, 3, 0 }, { 10, 4, 1 }, { 11, 5, 1 },
	};
	static const char lib[] = "jit-lib.js";
	size_t flen = strlen(file) + 1, total = 16 + 16;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		total += 16 + (rows[i].lib ? sizeof(lib) : flen);
	prefix(CODE_DEBUG_INFO, (uint32_t)total);
	put64((uintptr_t)addr);
	put64(sizeof(rows) / sizeof(rows[0]));
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		put64((uintptr_t)addr + rows[i].off);
		put32(rows[i].lib ? 3 + rows[i].dline : line + rows[i].dline);
		put32(0);
		if (rows[i].lib)
			put(lib, sizeof(lib));
		else
			put(file, flen);
	}
}

static size_t uleb(unsigned char *p, unsigned v)
{
	size_t n = 0;

	do {
		p[n] = v & 0x7f;
		v >>= 7;
		if (v)
			p[n] |= 0x80;
	} while (p[n++] & 0x80);
	return n;
}

static void wr32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }

/*
 * "full": the CFI of frame_code as the runtime lays it out after the
 * code: .eh_frame at ALIGN8(code_size) (one CIE, one FDE, a zero
 * terminator), then .eh_frame_hdr with its one-entry search table.
 * Addresses are relative (pcrel, datarel), so the copy in perf inject's
 * image, placed the same way after the code, describes it there.
 */
static void unwinding_info(void)
{
	unsigned char u[256], *p;
	size_t eh = 0, cie, fde, hdr, n;
	size_t text_end = (code_size + 7) & ~(size_t)7;	/* eh_frame's offset from the code */

	memset(u, 0, sizeof(u));
	/* CIE: version 1, "zR", code align 1, data align -8, RA r16, pcrel|sdata4 */
	cie = eh;
	p = u + cie + 4;
	wr32(p, 0);			/* CIE id */
	p += 4;
	*p++ = 1;
	memcpy(p, "zR", 3);
	p += 3;
	p += uleb(p, 1);
	*p++ = 0x78;			/* sleb -8 */
	p += uleb(p, 16);
	p += uleb(p, 1);		/* augmentation data length */
	*p++ = 0x1b;			/* DW_EH_PE_pcrel | sdata4 */
	*p++ = 0x0c; *p++ = 7; *p++ = 8;	/* def_cfa rsp+8 */
	*p++ = 0x90; *p++ = 1;		/* offset r16 at cfa-8 */
	while ((p - u) % 8)
		*p++ = 0;		/* DW_CFA_nop */
	wr32(u + cie, (uint32_t)(p - u - cie - 4));
	/* FDE: the code; push rbx makes the CFA rsp+16, pop rbx rsp+8 again */
	fde = (size_t)(p - u);
	p += 4;
	wr32(p, (uint32_t)(p - (u + cie)));	/* CIE pointer */
	p += 4;
	/* pc_begin, pcrel: the code is text_end bytes before .eh_frame */
	wr32(p, (uint32_t)(-(int32_t)(text_end + (size_t)(p - u))));
	p += 4;
	wr32(p, (uint32_t)code_size);
	p += 4;
	p += uleb(p, 0);		/* augmentation data length */
	*p++ = 0x40 | 1;		/* advance_loc 1 */
	*p++ = 0x0e; *p++ = 16;		/* def_cfa_offset 16 */
	*p++ = 0x83; *p++ = 2;		/* rbx at cfa-16 */
	*p++ = 0x40 | 10;		/* advance_loc 10: after pop rbx */
	*p++ = 0x0e; *p++ = 8;		/* def_cfa_offset 8 */
	while ((p - u) % 8)
		*p++ = 0;
	wr32(u + fde, (uint32_t)(p - u - fde - 4));
	wr32(p, 0);			/* terminator */
	p += 4;
	/* .eh_frame_hdr: version, pcrel|sdata4, udata4, datarel|sdata4 */
	hdr = (size_t)(p - u);
	*p++ = 1; *p++ = 0x1b; *p++ = 0x03; *p++ = 0x3b;
	wr32(p, (uint32_t)(-(int32_t)(hdr + 4)));	/* eh_frame_ptr */
	p += 4;
	wr32(p, 1);
	p += 4;
	wr32(p, (uint32_t)(-(int32_t)(text_end + hdr)));	/* the code, from the header */
	p += 4;
	wr32(p, (uint32_t)(-(int32_t)(hdr - fde)));
	p += 4;
	n = (size_t)(p - u);
	prefix(CODE_UNWINDING_INFO, (uint32_t)(16 + 24 + ((n + 7) & ~(size_t)7)));
	put64(n);			/* unwinding_size: both */
	put64(n - hdr);			/* eh_frame_hdr_size */
	put64(n);			/* mapped_size */
	put(u, (n + 7) & ~(size_t)7);
}

/* The records before a code load of @addr. */
static void describe(void *addr, const char *file, uint32_t line)
{
	if (!full) {
		if (line)
			debug_info(addr);
		return;
	}
	debug_info_full(addr, file, line);
	unwinding_info();
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
	full = argc > 3 && !strcmp(argv[3], "full");
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

	if (full) {
		code_bytes = frame_code;
		code_size = sizeof(frame_code);
	}
	memcpy(a, code_bytes, code_size);
	describe(a, "jit-alpha.js", 7);
	code_load(a, "jit_alpha", 1);
	run_for((fn_t)(void *)a, secs / 3);

	memcpy(b, code_bytes, code_size);
	code_move(a, b, 1);
	run_for((fn_t)(void *)b, secs / 3);

	describe(a, "jit-beta.js", full ? 20 : 0);
	code_load(a, "jit_beta", 2);
	run_for((fn_t)(void *)a, secs / 3);

	prefix(CODE_CLOSE, 16);
	munmap(marker, 4096);
	close(dump_fd);
	printf("%s\n", path);
	return 0;
}
