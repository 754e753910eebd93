/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * unwind.h: user-space stacks of `--call-graph dwarf` samples, computed
 * from the sample's REGS_USER registers and STACK_USER stack copy with the
 * binaries' .eh_frame/.debug_frame (Documentation/technical/unwinding.md).
 *
 * State lives in the machine (machine->unwind): one libdw address space per
 * process, each DSO's ELF and CFI opened once per process, and the stack
 * health counters. machine__delete frees it all.
 */
#ifndef PROF_UNWIND_H
#define PROF_UNWIND_H

#include "compat.h"
#include "evsel.h"

struct machine;
struct thread;
struct perf_sample;
struct map;
struct maps;
struct dso;
struct symbol;

/* perf's x86_64 register numbers (PERF_REG_X86_*), as bits of sample_regs_user. */
enum perf_reg_x86 {
	PERF_REG_X86_AX, PERF_REG_X86_BX, PERF_REG_X86_CX, PERF_REG_X86_DX,
	PERF_REG_X86_SI, PERF_REG_X86_DI, PERF_REG_X86_BP, PERF_REG_X86_SP,
	PERF_REG_X86_IP, PERF_REG_X86_FLAGS, PERF_REG_X86_CS, PERF_REG_X86_SS,
	PERF_REG_X86_DS, PERF_REG_X86_ES, PERF_REG_X86_FS, PERF_REG_X86_GS,
	PERF_REG_X86_R8, PERF_REG_X86_R9, PERF_REG_X86_R10, PERF_REG_X86_R11,
	PERF_REG_X86_R12, PERF_REG_X86_R13, PERF_REG_X86_R14, PERF_REG_X86_R15,
};

/* The registers perf asks for with --call-graph dwarf on x86_64. */
#define UNWIND_X86_64_REGS_MASK	PERF_REGS_USER_X86_64
/* DWARF register numbers of x86_64 used by the unwinder: 0..15, 16 = RIP. */
#define UNWIND_X86_64_DWARF_NR	17

/*
 * DWARF register number (System V x86_64 psABI: 0 rax, 1 rdx, 2 rcx,
 * 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 return address/rip)
 * of perf register @perf_reg; -EINVAL for registers DWARF CFI never uses
 * (flags, segment registers).
 */
int unwind__x86_64_dwarf_reg(int perf_reg);

/*
 * Value of perf register @perf_reg in a sample's REGS_USER block (its
 * regs are packed in ascending bit order of @mask). Returns 0 and sets
 * *val, or -ENOENT when the register was not sampled.
 */
int unwind__sample_reg(u64 mask, const u64 *regs, u32 nr, int perf_reg, u64 *val);

/*
 * The user stack bytes the kernel copied for @sample: the first dyn_size
 * bytes of its STACK_USER block, not the requested size (the rest is
 * stale). NULL when there are none: no STACK_USER, or a dynamic size of 0
 * (a sample taken inside execve copies nothing, and perf unwinds nothing).
 * Sets *@size (when non-NULL) to the byte count, 0 with NULL. Every
 * reader of a stack copy goes through this.
 */
const u8 *unwind__user_stack(const struct perf_sample *sample, u64 *size);

/* One frame, leaf first. Pointers borrowed (map until the machine changes;
 * dso and sym for the machine's lifetime). */
struct unwind_entry {
	u64 ip;			/* leaf: the sample IP; callers: return address - 1
				 * (perf's convention), exact after a signal frame */
	u64 addr;		/* map__map_ip(map, ip), or ip without a map */
	struct map *map;	/* NULL: no map covers ip */
	struct dso *dso;
	struct symbol *sym;
};

/* Return 0 to go on, non-zero to stop (that value is returned). */
typedef int (*unwind_entry_cb)(const struct unwind_entry *entry, void *arg);

enum unwind_backend {
	UNWIND_BACKEND_DEFAULT,		/* the fastest complete one built in */
	UNWIND_BACKEND_LIBDW,		/* libdw with prof's CFI rule cache */
	UNWIND_BACKEND_LIBDW_FULL,	/* libdw's own unwinder for every sample */
	UNWIND_BACKEND_LIBUNWIND,
};

/*
 * Choose the backend for @m (before its first unwind: --unwinder, and
 * tests compare them). Returns 0, or -EOPNOTSUPP when it is not built in
 * (libunwind without libunwind-dev or with NO_LIBUNWIND=1) or -EBUSY once
 * @m has unwound a sample.
 */
int unwind__set_backend(struct machine *m, enum unwind_backend backend);
/*
 * The backend named @name by --unwinder ("libdw" or "libunwind"): 0 and
 * *@backend set, -EINVAL for another name, -EOPNOTSUPP (*@backend set)
 * when it is not built in.
 */
int unwind__parse_backend(const char *name, enum unwind_backend *backend);
/*
 * --unwinder=libdw|libunwind for parse_options (opt->value: an enum
 * unwind_backend; --no-unwinder: the default). Refuses another name, or a
 * backend not built in, with a one-line error (the option error's 129).
 */
struct option;
int unwind__parse_opt(const struct option *opt, const char *arg, int unset);
/* "libdw", "libdw-full", "libunwind" or "none": the backend @m uses (static string). */
const char *unwind__backend_name(struct machine *m);

/*
 * Unwind the user stack of @sample (thread @thread of @m, which must have
 * REGS_USER with SP and IP and STACK_USER) and call @cb for at most
 * @max_stack frames (<= 0: 127), leaf first: the sample IP, then each
 * caller. Kernel frames are not included: they are in sample->callchain.
 * The outcome is counted in the machine's stack health (unwind__health).
 * Returns 0 when frames were delivered (however far the unwind got),
 * @cb's non-zero return value when it stopped the walk, -ENODATA when the
 * sample has no user registers or no stack bytes (unwind__user_stack: a
 * kernel-only or non-dwarf sample, or one whose copy is empty; nothing is
 * counted then, and no frame delivered), -EOPNOTSUPP without an unwinder, or
 * -ENOMEM.
 */
int unwind__get_entries(struct machine *m, struct thread *thread,
			const struct perf_sample *sample, int max_stack,
			unwind_entry_cb cb, void *arg);

/*
 * The process of @thread exited: free its unwinder state (libdw's view of
 * its address space, with every module opened for it) now rather than
 * when 64 newer processes have pushed it out. A later sample of it only
 * costs a new state. A no-op before the first unwind.
 */
void unwind__forget(struct machine *m, struct thread *thread);

/* Why one unwind stopped. */
enum unwind_stop {
	UNWIND_STOP_ROOT,	/* reached _start, __libc_start_*, clone, start_thread */
	UNWIND_STOP_MAX_STACK,	/* --max-stack frames delivered */
	UNWIND_STOP_STACK_END,	/* needed memory past the copied stack */
	UNWIND_STOP_NO_CFI,	/* a DSO without .eh_frame or .debug_frame */
	UNWIND_STOP_NO_FILE,	/* the DSO's file could not be opened */
	UNWIND_STOP_NO_MAP,	/* an address outside every map (JIT, garbage) */
	UNWIND_STOP_END,	/* the CFI ended the stack elsewhere than a root */
	UNWIND_STOP_ERROR,	/* any other unwinder failure */
	UNWIND_STOP_NR,
};

/* One DSO where unwinds stopped short of a root. */
struct unwind_health_dso {
	const char *name;	/* DSO long name, "[unknown]" without a map (borrowed) */
	struct dso *dso;	/* borrowed, may be NULL */
	u64 count;		/* samples whose unwind stopped in this DSO */
	u64 by_reason[UNWIND_STOP_NR];
};

/* The stack health of every sample unwound so far with one machine. */
struct unwind_health {
	u64 samples;		/* samples unwound (REGS_USER + STACK_USER) */
	u64 root;		/* of which reached a root */
	u64 by_reason[UNWIND_STOP_NR];
	u64 stack_size;		/* largest STACK_USER size seen (the copy size) */
	u64 frames;		/* frames delivered in all */
	struct unwind_health_dso *dsos;	/* sorted by count, descending */
	size_t nr_dsos;
	char **hints;		/* advice lines, most useful first */
	size_t nr_hints;
};

/*
 * Fill @h from @m's counters: the per-DSO breakage and hints such as
 * "stack copy too small (8192 bytes): use --call-graph dwarf,16384".
 * @h owns its arrays (unwind_health__exit frees them); names and dsos are
 * borrowed from the machine. Returns 0 (an empty @h when nothing was
 * unwound).
 */
int unwind__health(struct machine *m, struct unwind_health *h);
void unwind_health__exit(struct unwind_health *h);
/* Short name of a stop reason ("root", "stack copy too small", ...). */
const char *unwind_stop__name(enum unwind_stop reason);

/* Print @h as a few '#' comment lines (ui/unwind-health.c). Returns 0 or -errno. */
int unwind_health__fprintf(const struct unwind_health *h, FILE *fp);
/* The summary of every sample @m unwound (nothing when none was). */
int unwind__fprintf_health(struct machine *m, FILE *fp);

/* ---- backends (unwind-libdw.c, unwind-libunwind.c), for unwind.c ---- */

/* What unwind.c hands a backend for one sample. */
struct unwind_sample {
	struct machine *machine;
	struct thread *thread;
	u64 regs[UNWIND_X86_64_DWARF_NR];	/* by DWARF number */
	u32 regs_valid;				/* bit per DWARF number */
	u64 sp, ip;
	const u8 *stack;			/* the copy, starting at sp */
	u64 stack_size;				/* valid bytes (dyn_size) */
	bool stack_ended;	/* dyn_size < size: the copy reached the stack's end */
	int max_stack;
	/* out */
	enum unwind_stop stop;
	u64 stop_ip;		/* the frame where it stopped */
	int nr_frames;
	bool read_past_stack;	/* a read beyond the copy failed */
	bool no_cfi, no_file;
};

/* Called by a backend per frame (@ip already adjusted); returns non-zero to stop. */
int unwind__deliver(struct unwind_sample *us, u64 ip,
		    unwind_entry_cb cb, void *arg);
/*
 * Read 8 bytes at @addr of the sampled process: the stack copy, else the
 * file-backed map's bytes from its file. 0, or -EFAULT (marks
 * read_past_stack when @addr lies above a copy that a larger one would
 * have covered).
 */
int unwind__read_word(struct unwind_sample *us, u64 addr, u64 *val);
/*
 * The bytes of the file @map's DSO was mapped from (the runtime file or its
 * build-id cache copy, mapped read-only once per machine; a [vdso]'s image),
 * indexed by file offset; NULL without one (not a user DSO, file missing).
 */
const u8 *unwind__dso_image(struct machine *m, struct map *map, size_t *size);
/* File to read @dso's unwind tables from (runtime file or build-id cache);
 * @buf filled, 0 or -ENOENT. */
int unwind__dso_path(struct dso *dso, char *buf, size_t size);

struct unwind_backend_ops {
	const char *name;
	void *(*new)(void);
	void (*free)(void *priv);
	/* 0 when the walk ended (us->stop set), cb's value, or -errno */
	int (*unwind)(void *priv, struct unwind_sample *us, unwind_entry_cb cb, void *arg);
	/* drop what is kept for the address space @maps (a process that exited) */
	void (*forget)(void *priv, struct maps *maps);
};

extern const struct unwind_backend_ops unwind_libdw_ops;
extern const struct unwind_backend_ops unwind_libdw_full_ops;
extern const struct unwind_backend_ops unwind_libunwind_ops;

#endif
