/* cflags: -O2 -fomit-frame-pointer -fno-inline -fasynchronous-unwind-tables */
// SPDX-License-Identifier: GPL-2.0-only
/*
 * unwind-nofp: workload for the DWARF unwinder tests (t08xx), built
 * without frame pointers so only .eh_frame can unwind it.
 *
 *   unwind-nofp [ms]        main -> uw_a -> uw_b -> uw_c -> uw_burn, plus a
 *                           qsort comparator (a callback through libc) and
 *                           a SIGALRM handler that burns (a signal frame)
 *   unwind-nofp deep [ms]   the chain under 4 KiB of stack arrays, so a
 *                           small stack copy cannot reach main
 *   unwind-nofp thread [ms] the chain in a second thread too (its root is
 *                           clone3/start_thread, not _start)
 *   unwind-nofp rbx [ms]    main -> uw_cfaexpr -> uw_rbxcfa -> uw_burn: the
 *                           burn's caller finds its CFA from rbx, which the
 *                           burn leaves alone (as glibc's lazy binding:
 *                           _dl_runtime_resolve -> _dl_fixup), and the
 *                           frame above gives its CFA as an expression
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static volatile unsigned long sink;
static volatile sig_atomic_t in_handler;

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

__attribute__((noinline)) void uw_burn(unsigned long n)
{
	unsigned long i, x = sink;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	sink = x;
}

__attribute__((noinline)) void uw_c(unsigned long n)
{
	uw_burn(n);
	sink++;
}

__attribute__((noinline)) void uw_b(unsigned long n)
{
	uw_c(n);
	sink++;
}

__attribute__((noinline)) void uw_a(unsigned long n)
{
	uw_b(n);
	sink++;
}

/*
 * uw_rbxcfa(n): rbx keeps the entry stack pointer, the CFA is rbx + 16,
 * the stack is aligned down to 64 bytes, then uw_burn(n). uw_cfaexpr(n):
 * calls it with a CFA written as a two-operation expression (rsp + 8,
 * plus 8), which a rule cache of "register + offset" rows does not hold.
 */
__asm__(
	"	.text\n"
	"	.globl uw_rbxcfa\n"
	"	.type uw_rbxcfa, @function\n"
	"uw_rbxcfa:\n"
	"	.cfi_startproc\n"
	"	push %rbx\n"
	"	.cfi_def_cfa_offset 16\n"
	"	.cfi_offset %rbx, -16\n"
	"	mov %rsp, %rbx\n"
	"	.cfi_def_cfa_register %rbx\n"
	"	and $-64, %rsp\n"
	"	call uw_burn\n"
	"	mov %rbx, %rsp\n"
	"	.cfi_def_cfa_register %rsp\n"
	"	pop %rbx\n"
	"	.cfi_def_cfa_offset 8\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"	.size uw_rbxcfa, .-uw_rbxcfa\n"
	"	.globl uw_cfaexpr\n"
	"	.type uw_cfaexpr, @function\n"
	"uw_cfaexpr:\n"
	"	.cfi_startproc\n"
	"	sub $8, %rsp\n"
	/* DW_CFA_def_cfa_expression, 4 bytes: DW_OP_breg7 (rsp) 8, DW_OP_plus_uconst 8 */
	"	.cfi_escape 0x0f, 0x04, 0x77, 0x08, 0x23, 0x08\n"
	"	call uw_rbxcfa\n"
	"	add $8, %rsp\n"
	"	.cfi_def_cfa %rsp, 8\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"	.size uw_cfaexpr, .-uw_cfaexpr\n");
void uw_cfaexpr(unsigned long n);

/* Comparator with a burn: qsort (libc) calls it, it burns. */
__attribute__((noinline)) int uw_cmp(const void *x, const void *y)
{
	unsigned long a = *(const unsigned long *)x, b = *(const unsigned long *)y;

	uw_burn(200);
	return a < b ? -1 : a > b;
}

__attribute__((noinline)) void uw_sort(void)
{
	unsigned long v[256];
	unsigned int i;

	for (i = 0; i < 256; i++)
		v[i] = (i * 2654435761u) % 1000;
	qsort(v, 256, sizeof(v[0]), uw_cmp);
	sink += v[0];
}

__attribute__((noinline)) void uw_handler(int sig)
{
	in_handler = 1;
	uw_burn(200000);
	in_handler = 0;
}

/* Stack arrays between main and the burn: the chain needs > 4 KiB. */
__attribute__((noinline)) void uw_deep(unsigned long n, int depth)
{
	volatile char pad[1024];

	pad[0] = (char)depth;
	if (depth > 0)
		uw_deep(n, depth - 1);
	else
		uw_a(n);
	sink += (unsigned long)pad[0];
}

static double stop_at;

__attribute__((noinline)) void *uw_thread(void *arg)
{
	while (now_ms() < stop_at)
		uw_a(100000);
	return arg;
}

int main(int argc, char **argv)
{
	int deep = argc > 1 && !strcmp(argv[1], "deep");
	int thread = argc > 1 && !strcmp(argv[1], "thread");
	int rbx = argc > 1 && !strcmp(argv[1], "rbx");
	int mode = deep | thread | rbx;
	double ms = argc > 1 + mode ? atof(argv[1 + mode]) : 300;
	double end = now_ms() + ms;
	struct sigaction sa;
	struct itimerval it = { { 0, 20000 }, { 0, 20000 } };

	if (thread) {
		pthread_t t;

		stop_at = end;
		if (pthread_create(&t, NULL, uw_thread, NULL))
			return 1;
		uw_thread(NULL);
		pthread_join(t, NULL);
		return 0;
	}
	if (rbx) {
		while (now_ms() < end)
			uw_cfaexpr(100000);
		return 0;
	}
	if (!deep) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = uw_handler;
		sigaction(SIGALRM, &sa, NULL);
		setitimer(ITIMER_REAL, &it, NULL);
	}
	while (now_ms() < end) {
		if (deep) {
			uw_deep(100000, 5);
			continue;
		}
		uw_a(100000);
		uw_sort();
	}
	return 0;
}
