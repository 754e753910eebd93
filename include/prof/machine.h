/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * machine.h: the machine model (host): threads, their maps, the kernel
 * maps and the DSO set. The session layer feeds it records as plain
 * parameters; report/top resolve sample addresses through it.
 */
#ifndef PROF_MACHINE_H
#define PROF_MACHINE_H

#include "compat.h"
#include "jitdump.h"
#include "dso.h"
#include "map.h"
#include "thread.h"
#include "symbol.h"

/* perf_event_header.misc cpumode values. */
#define PROF_CPUMODE_UNKNOWN		0
#define PROF_CPUMODE_KERNEL		1
#define PROF_CPUMODE_USER		2
#define PROF_CPUMODE_HYPERVISOR		3
#define PROF_CPUMODE_GUEST_KERNEL	4
#define PROF_CPUMODE_GUEST_USER		5

/* Callchain context markers. */
#define PROF_CONTEXT_HV			((u64)-32)
#define PROF_CONTEXT_KERNEL		((u64)-128)
#define PROF_CONTEXT_USER		((u64)-512)
#define PROF_CONTEXT_GUEST		((u64)-2048)
#define PROF_CONTEXT_GUEST_KERNEL	((u64)-2176)
#define PROF_CONTEXT_GUEST_USER		((u64)-2560)
#define PROF_CONTEXT_MAX		((u64)-4095)

#define THREADS_HASH_SIZE 1024

struct machine_jit;

struct machine {
	pid_t pid;			/* -1: host */
	struct thread *threads[THREADS_HASH_SIZE];
	struct thread *last_thread;	/* lookup cache */
	struct dsos dsos;
	struct maps *kmaps;		/* kernel and module maps */
	/* The kernel text map, or NULL; a reference. A module map inserted
	 * over it cuts it: it follows the surviving piece (machine.c). */
	struct map *kernel_map;
	struct dso *kernel_dso;		/* borrowed from dsos */
	u64 kernel_start;		/* 0: not computed yet (machine__kernel_start) */
	/* DWARF unwinder's caches and stack-health counters (unwind.c), or NULL;
	 * machine__delete calls unwind_free(unwind) first. */
	void *unwind;
	void (*unwind_free)(void *unwind);
	/* jitdump files seen and the code maps waiting for their time
	 * (machine-jit.c), or NULL */
	struct machine_jit *jit;
	bool clock_monotonic;		/* sample times are CLOCK_MONOTONIC (-k mono) */
	bool jit_live;			/* top: code loads apply as read, no clock */
	struct tsc_conv tsc;		/* TIME_CONV: TSC -> sample time, mult 0: none */
	/* The records describe processes running now (top): a process in
	 * other namespaces has its files looked up there (nsinfo.h). Never
	 * for a file read later: its pid may be someone else's by then. */
	bool live;
	/* The kernel the recording was made on, from the file's header
	 * (NULL: not said); machine__set_recorded_kernel. */
	char *rec_release, *rec_arch;
	/* -D (report, sched): where the lines perf's machine adds to the raw
	 * dump go (an erroneous parent removed on FORK); NULL: none */
	FILE *dump_fp;
};

/*
 * The host machine (pid -1): no maps yet, only the idle thread 0/0 named
 * "swapper" as perf registers it. xmalloc: never NULL.
 */
struct machine *machine__new_host(void);
/* Frees threads, maps and dsos. NULL is a no-op. */
void machine__delete(struct machine *m);

/* Borrowed thread, or NULL. */
struct thread *machine__find_thread(struct machine *m, pid_t pid, pid_t tid);
/*
 * Borrowed thread, created when missing (comm ":tid"); a non-leader
 * thread shares its leader's maps (the leader is created too). Never NULL.
 */
struct thread *machine__findnew_thread(struct machine *m, pid_t pid, pid_t tid);

/* COMM: set the thread's comm (exec: COMM with misc COMM_EXEC). 0. */
int machine__process_comm(struct machine *m, pid_t pid, pid_t tid,
			  const char *comm, bool exec);
/*
 * FORK: the child inherits the comm; a child in another process gets a
 * copy of the parent's maps unless !@clone_maps (synthesized FORKs, misc
 * FORK_EXEC, whose MMAPs follow). A thread reusing @tid is replaced. 0.
 */
int machine__process_fork(struct machine *m, pid_t pid, pid_t ppid,
			  pid_t tid, pid_t ptid, bool clone_maps);
/* EXIT: marks the thread exited (it stays for later samples). 0. */
int machine__process_exit(struct machine *m, pid_t pid, pid_t ppid,
			  pid_t tid, pid_t ptid);

/* One MMAP or MMAP2 record, fields as in the record. */
struct mmap_event {
	pid_t pid, tid;
	u64 start, len, pgoff;
	u8 cpumode;			/* PROF_CPUMODE_*: KERNEL for kernel maps */
	u32 prot, flags;		/* MMAP2; MMAP: prot PROT_EXEC assumed */
	bool has_id;			/* maj/min/ino valid (MMAP2) */
	u32 maj, min;
	u64 ino, ino_gen;
	const struct build_id *bid;	/* MMAP2 with build-id, or NULL */
	const char *filename;
};

/*
 * Invariant 6: a map of this name, flags and prot is JIT code, whose
 * symbols are in /tmp/perf-<pid>.map (anonymous executable memory).
 */
bool mmap__is_jit(const char *name, u32 flags, u32 prot);

/*
 * Insert the map an MMAP/MMAP2 describes (kernel text, module, or user
 * map into the process). Returns 0, or -EINVAL for an empty range.
 */
int machine__process_mmap(struct machine *m, const struct mmap_event *ev);

union perf_event;
/*
 * Feed one perf.data record to the machine: MMAP, MMAP2, COMM, FORK and
 * EXIT become the calls above, TIME_CONV sets m->tsc; other types are
 * ignored. A map the machine
 * refuses (an empty range) is skipped, as perf skips it. Returns what the
 * COMM/FORK/EXIT call returned, else 0. In machine-events.c.
 */
int machine__process_event(struct machine *m, const union perf_event *ev);

/*
 * jitdump files (machine-jit.c). machine__jit_mmap: if @ev maps a
 * "DIR/jit-PID.dump" of its own pid, read the dump (queueing a map per
 * code load and move at the record's time) and return true: the marker
 * itself is not mapped. machine__jit_advance: insert the queued maps
 * whose time is <= @time ((u64)-1: all); callers pass each record's time
 * before it is processed. machine__jit_reread: read what the dumps gained
 * (top); returns the number of records read. machine__jit_has_pid: a
 * dump of @pid is in use (perf inject then drops the process's later
 * anonymous maps).
 */
bool machine__jit_mmap(struct machine *m, const struct mmap_event *ev);
void machine__jit_advance(struct machine *m, u64 time);
int machine__jit_reread(struct machine *m);
bool machine__jit_has_pid(struct machine *m, pid_t pid);
void machine__jit_exit(struct machine *m);

struct perf_header;
/*
 * The build-ids of a file's BUILD_ID feature (and HEADER_BUILD_ID
 * records), set on their DSOs before any record is processed, so a file
 * on disk with another build-id is not used. NULL @h is a no-op. 0.
 */
int machine__process_header_build_ids(struct machine *m, const struct perf_header *h);
/*
 * What a file's header says of the machine it was recorded on, for every
 * command that reads one: its build-ids (above) and its kernel release
 * and arch (machine__set_recorded_kernel). NULL @h is a no-op.
 */
void machine__process_header(struct machine *m, const struct perf_header *h);

/*
 * A BUILD_ID feature entry or HEADER_BUILD_ID record: sets the build-id
 * of the DSO named @filename (created if needed). 0.
 */
int machine__set_build_id(struct machine *m, u8 cpumode, const char *filename,
			  const struct build_id *bid);

/*
 * A resolved address. thread and map are references owned by the
 * addr_location (addr_location__exit drops them); dso and sym are
 * borrowed and live as long as the machine.
 */
struct addr_location {
	struct thread *thread;
	struct map *map;
	struct dso *dso;
	struct symbol *sym;
	u64 addr;		/* map__map_ip(map, ip), or ip without a map */
	char level;		/* '.' user, 'k' kernel, 'H' other */
	u8 cpumode;		/* the cpumode actually used */
};

void addr_location__init(struct addr_location *al);
void addr_location__exit(struct addr_location *al);

/*
 * Resolve a sample's @ip of thread pid/tid as perf's machine__resolve
 * does: KERNEL looks in the kernel maps, USER in the thread's, others get
 * level 'H' and no map; no fallback to the other space (a USER sample at
 * a kernel address is [unknown] [.]). @al is re-initialised (call
 * addr_location__exit when done). Returns 0; a missing map or symbol is
 * not an error (al->map/sym NULL).
 */
int machine__resolve(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
		     u64 ip, struct addr_location *al);
/*
 * The lookup state's generation: it changes whenever a map set, a map's
 * bounds or a DSO's symbols change, so a caller's memo of a resolution
 * stamped with it holds while it is unchanged (and no thread changed).
 */
u64 machine__lookup_generation(void);
/*
 * The DSO of the map @ip falls in, as machine__resolve finds it, without
 * looking its symbol up (a user DSO's file is not read): perf's
 * build_id__mark_dso_hit. Borrowed; NULL without a map.
 */
struct dso *machine__find_dso(struct machine *m, u8 cpumode, pid_t pid, pid_t tid, u64 ip);
/*
 * perf's thread__find_symbol_fb, for addresses the cpumode may not
 * describe (a sample's addr, branch entries): as machine__resolve, then,
 * without a map, in the space the address belongs to (machine__addr_cpumode);
 * al->cpumode and al->level tell which space was used.
 */
int machine__resolve_fb(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
			u64 ip, struct addr_location *al);
/*
 * perf's thread__find_cpumode_addr_location, for branch-stack addresses:
 * the first of user, kernel that has a map; none: level 'H', no map.
 */
int machine__resolve_any(struct machine *m, pid_t pid, pid_t tid, u64 ip,
			 struct addr_location *al);

/* One resolved callchain frame: all pointers borrowed (valid until the
 * machine changes for map, for the machine's lifetime for dso/sym). */
struct callchain_frame {
	u64 ip;
	u64 addr;
	struct map *map;
	struct dso *dso;
	struct symbol *sym;
	char level;
};

/*
 * Resolve a PERF_SAMPLE_CALLCHAIN array: markers (>= PROF_CONTEXT_MAX)
 * switch the address space and are skipped. At most @max frames are
 * written. Returns the number of frames, or -EINVAL for an unknown marker
 * (perf drops the whole chain then).
 */
int machine__resolve_callchain(struct machine *m, u8 cpumode, pid_t pid, pid_t tid,
			       const u64 *ips, size_t nr,
			       struct callchain_frame *frames, size_t max);

struct branch_entry;
/*
 * The chain of a sample of an LBR call-stack event (--call-graph lbr):
 * the kernel part of @ips and the user part from the branch stack @br,
 * in display order (@callee: innermost first). Nothing is read outside
 * @br's @nr_br entries. Returns the number of frames (0: an empty LBR
 * and no kernel part), or -1 when the chain has no user part within
 * @max_stack entries (perf then resolves the recorded chain as usual).
 */
int machine__resolve_lbr_callchain(struct machine *m, pid_t pid, pid_t tid,
				   const u64 *ips, size_t nr, const struct branch_entry *br,
				   size_t nr_br, int max_stack, bool callee,
				   struct callchain_frame *frames, size_t max);

/*
 * perf's machine__kernel_start: computed once, on first use, and that
 * first use loads the kernel map's symbols (which can widen the map to
 * all kallsyms text, init text included). 1<<63 on x86_64 (the PTI
 * trampolines lie below _text), else the kernel map's start.
 */
u64 machine__kernel_start(struct machine *m);
/*
 * The recording's kernel release and arch (the header's OSRELEASE and
 * ARCH, either NULL when absent): without a kernel build-id they decide
 * whether this machine's /proc/kallsyms may name its kernel addresses.
 */
void machine__set_recorded_kernel(struct machine *m, const char *release, const char *arch);
/*
 * perf's -m/--modules (its default): a map for each module the running
 * kernel lists in @modules_file (/proc/modules), its DSO the .ko under
 * /lib/modules/RELEASE or "[name]". Records read later replace them.
 * Returns the number of modules, or -errno (no such file: no modules).
 */
int machine__create_live_modules(struct machine *m, const char *modules_file);

/*
 * Formatting helpers shared by report/top/script, matching perf's text:
 * the DSO column ("[unknown]" without a map) and the symbol name or
 * "0x%016lx" address for unresolved locations.
 */
const char *addr_location__dso_name(const struct addr_location *al, bool long_name);
int addr_location__sym_snprintf(const struct addr_location *al, char *buf, size_t size);

#endif
