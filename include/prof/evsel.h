/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evsel.h: one event selector (a perf_event_attr plus what prof knows
 * about it) and the evlist that holds them in command-line order.
 *
 * Ownership: an evlist owns its evsels; evsel->name and the other strings
 * are owned by the evsel. cpus/threads are references (cpu_map__get).
 *
 * This header is shared by several modules: the event parser fills the
 * "description" part, the counting/sampling code (core/evsel.c) the
 * "runtime" part, and the user layer (stat, hist) hangs its own data on
 * ->priv. Add fields in the part you own.
 */
#ifndef PROF_EVSEL_H
#define PROF_EVSEL_H

#include "compat.h"
#include "list.h"
#include "cpumap.h"
#include <linux/perf_event.h>

/* perf's "tool" events, counted by prof itself (not the kernel). */
enum tool_event {
	TOOL_NONE = 0,
	TOOL_DURATION_TIME,
	TOOL_USER_TIME,
	TOOL_SYSTEM_TIME,
};

struct evsel {
	struct list_head node;
	struct perf_event_attr attr;
	int idx;			/* position in the evlist */

	/* --- description: filled by the event parser --- */
	char *name;			/* as perf displays it: "cpu-clock:u" */
	char *pmu_name;			/* "cpu", "msr", "power", ... or NULL */
	char *unit;			/* sysfs alias unit ("Joules") or NULL */
	double scale;			/* sysfs alias scale; 0 means 1.0 */
	struct evsel *leader;		/* itself unless in a group */
	int nr_members;			/* leader: members including itself */
	char *group_name;		/* "{a,b}:S" style name or NULL */
	struct cpu_map *own_cpus;	/* PMU cpumask, or NULL */
	enum tool_event tool_event;
	bool precise_max;		/* :P modifier */
	bool exclude_GH;		/* :G/:H given explicitly */
	bool sample_read;		/* :S */
	bool pinned_mod;		/* :D */
	bool weak_group;		/* :W */
	bool auto_named;		/* name generated from the attr */
	char *tp_sys, *tp_name;		/* tracepoint system and name */
	char *filter;			/* --filter string */
	bool filter_failed;		/* the kernel refused it (errno in open_errno) */
	char *metric_id;		/* metric-id term (-M's events) or NULL */
	char *cfg_callgraph;		/* call-graph= term, or NULL */
	u32 cfg_stack_size;		/* stack-size= term, or 0 */
	u32 cfg_max_stack;		/* max-stack= term, or 0 */

	/* --- runtime: core/evsel.c --- */
	struct cpu_map *cpus;
	struct thread_map *threads;
	int *fds;			/* [cpu_idx * threads->nr + thread_idx] */
	u64 *ids;			/* PERF_EVENT_IOC_ID per fd */
	int nr_ids;
	bool supported;			/* false after an ENOENT-style open error */
	int open_errno;
	int nr_fds;			/* cpus->nr * threads->nr once opened */
	unsigned long open_flags;	/* PERF_FLAG_* that worked */
	bool ignore_missing_thread;	/* a thread gone by open time: no fd, not an error */
	bool fallback_cloexec;		/* kernel refused PERF_FLAG_FD_CLOEXEC */
	bool fallback_excl_guest;	/* kernel refused exclude_guest/host */

	/* --- owned by the user of the evsel (stat, hist, ...) --- */
	void *priv;
};

struct evlist {
	struct list_head entries;
	int nr_entries;
	int nr_groups;
	struct cpu_map *cpus;		/* target CPUs */
	struct thread_map *threads;	/* target threads */
	struct evsel *tracking;		/* side-band records come with it (NULL: the first) */
};

#define evlist__for_each_entry(evlist, evsel) \
	list_for_each_entry(evsel, &(evlist)->entries, node)
#define evlist__for_each_entry_safe(evlist, tmp, evsel) \
	list_for_each_entry_safe(evsel, tmp, &(evlist)->entries, node)

/* New evsel with a copy of @attr (size filled in); never NULL. */
struct evsel *evsel__new(const struct perf_event_attr *attr);
void evsel__delete(struct evsel *evsel);	/* must not be on a list */
/* The display name; generated from the attr if the parser set none. */
const char *evsel__name(struct evsel *evsel);
static inline bool evsel__is_group_leader(const struct evsel *evsel)
{
	return evsel->leader == evsel;
}

struct evlist *evlist__new(void);
void evlist__delete(struct evlist *evlist);	/* frees the evsels too */
/* Appends @evsel (owned by the list from now on) and sets its idx. */
void evlist__add(struct evlist *evlist, struct evsel *evsel);
void evlist__remove(struct evlist *evlist, struct evsel *evsel);
struct evsel *evlist__first(struct evlist *evlist);
/* perf's --group: every event into one group led by the first. */
void evlist__group_all(struct evlist *evlist);
/*
 * perf record's "dummy:HG" (a software dummy event, period 1) at the end
 * of @evlist, which becomes its tracking event: perf adds it for CPU-wide
 * recordings (-a, -C) and with -D.
 */
struct evsel *evlist__add_tracking_dummy(struct evlist *evlist);
struct evsel *evlist__last(struct evlist *evlist);

/* ---- counting (core/evsel.c); reused by record and top ---- */

/*
 * Open one fd per (cpu, thread) of @cpus x @threads (each a reference the
 * evsel takes), with PERF_FLAG_FD_CLOEXEC and the group leader's fd as
 * group_fd for group members. Retries once without newer attr features
 * the kernel rejects with EINVAL. Returns 0, or -errno with every fd
 * closed and evsel->open_errno set (see open-error.h for the message).
 */
int evsel__open(struct evsel *evsel, struct cpu_map *cpus,
		struct thread_map *threads);
/* Close every fd (no-op when not open); keeps cpus/threads. */
void evsel__close(struct evsel *evsel);
/*
 * Read {value, time_enabled, time_running} of one fd into @out (the attr
 * must have read_format TOTAL_TIME_ENABLED|RUNNING). Returns 0 or -errno.
 */
int evsel__read_one(struct evsel *evsel, int cpu_idx, int thread_idx, u64 out[3]);
/* ioctl ENABLE/DISABLE on every fd. Return 0 or the first -errno. */
int evsel__enable(struct evsel *evsel);
int evsel__disable(struct evsel *evsel);
static inline int evsel__fd(const struct evsel *evsel, int cpu_idx, int thread_idx)
{
	return evsel->fds[cpu_idx * evsel->threads->nr + thread_idx];
}

/*
 * perf's retry after a failed open: the cycles event becomes cpu-clock
 * where there is no PMU (ENOENT/ENXIO/ENODEV), and an EACCES/EPERM under
 * kernel.perf_event_paranoid > 1 excludes the kernel (name gets ":u").
 * Returns true (with @msg explaining, for -v) when @evsel changed and the
 * open is worth retrying.
 */
bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size);

/* ---- sampling (core/evsel.c, core/evlist.c); record and top ---- */

/* How samples record their chains (record and top --call-graph). */
enum callchain_record_mode {
	CALLCHAIN_RECORD_NONE,
	CALLCHAIN_RECORD_FP,
	CALLCHAIN_RECORD_DWARF,
	CALLCHAIN_RECORD_LBR,
};

#define CALLCHAIN_DEFAULT_DUMP_SIZE	8192	/* perf's dwarf stack copy */
/* sample_regs_user for dwarf on x86_64: ax..r15 and ip, sp, but not the
 * flags and segment registers (perf's PERF_REG_X86_* bit numbers) */
#define PERF_REGS_USER_X86_64		0xff0fffULL
#define CALLCHAIN_MAX_DUMP_SIZE		65528	/* what the kernel accepts, 8-aligned */

/*
 * Set @a up for call graphs of @mode, as perf does: fp takes the kernel's
 * chain; dwarf adds the user registers and @dump_size bytes of user
 * stack and leaves the user part of the chain out; lbr asks for the
 * LBR call stack. Returns the PERF_SAMPLE_* bits to add to sample_type.
 */
u64 perf_attr__config_callchain(struct perf_event_attr *a, enum callchain_record_mode mode,
				u32 dump_size);

/*
 * A dwarf stack dump size ("16384"): 1..65528, rounded up to a multiple
 * of 8 as the kernel wants. Returns 0, or -EINVAL (@size untouched).
 */
int callchain__parse_dump_size(const char *s, u32 *size);

/*
 * A -g/--call-graph record mode at the start of @arg: "fp", "lbr" or
 * "dwarf" with an optional ",SIZE" (digits) of user stack to copy. Sets
 * *@mode (and *@dump_size for dwarf) and points *@rest after the mode
 * and its size, past one comma. Returns 0, -EINVAL when @arg names no
 * record mode, -ERANGE for a bad size.
 */
int callchain_record__parse(const char *arg, enum callchain_record_mode *mode,
			    u32 *dump_size, const char **rest);

/* PERF_EVENT_IOC_ID of every open fd into ->ids (fds order). 0 or -errno. */
int evsel__read_ids(struct evsel *evsel);

/*
 * record's and top's default event, as perf 6.1 makes it: "cycles:P"
 * that excludes guests (its name gets "H"), except on AMD, where precise
 * cycles are IBS, which cannot filter guests; it leaves the kernel out
 * up front when this user may not profile it. 0, or -1 after error().
 */
int evlist__add_default_cycles(struct evlist *evlist);

/*
 * perf's "ignored open failure": a thread of @threads that exited before
 * its counters were opened (evsel->ignore_missing_thread, ESRCH) leaves
 * every CPU slot of some event closed; such threads are taken out of
 * @threads and out of the fds of every event opened on it (their other
 * fds closed), so that no event counts a thread another one lost and the
 * thread shows nowhere. @warn: perf's "WARNING: Ignored open failure for
 * pid N" for each. Returns 0, or -1 after the open error of @target's
 * (ESRCH) when none would remain: the open fails then, as perf's does.
 */
struct open_target;
int evlist__drop_missing_threads(struct evlist *evlist, struct thread_map *threads,
				 const struct open_target *target, bool warn);

/*
 * Open every sampling event of @evlist as record and top do, and read
 * their ids: evsel__fallback's retries (except the ":u" one for CPU-wide
 * events, which paranoid > 0 refuses anyway), and for ":P" events a
 * lower precise_ip until the PMU takes it. A branch-stack event the PMU
 * cannot sample gets perf's one-line message; any other failure
 * evsel__open_strerror's advice. With @warn_fallbacks (-v) the
 * fallbacks are reported as warnings. Returns 0, or -1 after error() said why.
 */
int evlist__open_sampling(struct evlist *evlist, struct cpu_map *cpus,
			  struct thread_map *threads, const struct open_target *target,
			  bool warn_fallbacks);

struct perf_mmap;
/*
 * One ring buffer per CPU of each evsel's cpu map (per thread when the
 * map is "any CPU"): the first fd of a slot is mmapped with @pages data
 * pages, every other fd of that slot is redirected into it with
 * PERF_EVENT_IOC_SET_OUTPUT. Returns 0 with a new array in *maps (*nr
 * entries), or -errno with nothing mapped.
 */
int evlist__mmap(struct evlist *evlist, unsigned int pages,
		 struct perf_mmap **maps, int *nr);
void evlist__munmap(struct perf_mmap *maps, int nr);

/* The perf_event_open(2) system call. */
int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			int group_fd, unsigned long flags);

/* kernel.perf_event_max_sample_rate (100000 when unreadable). */
u32 perf_event__max_sample_rate(void);

/* How record and top sample: at @freq Hz, or every @period events when freq is 0. */
struct sample_rate {
	u32 freq;
	u64 period;
	bool user_freq, user_period;	/* -F given; -c given and not 0 */
};
#define SAMPLE_COUNT_UNSET ((u64)-1)
/*
 * perf's -F/-c rules for record and top. @freq_str is -F as given ("max",
 * or a number read as strtoul reads it, so "abc" is 0) or NULL; @count is
 * -c or SAMPLE_COUNT_UNSET. Both at once, or a zero frequency without a
 * count, are refused; above kernel.perf_event_max_sample_rate the rate is
 * lowered with perf's notice (refused with SAMPLE_RATE_STRICT). Messages
 * go to stderr unless SAMPLE_RATE_QUIET.
 * Returns 0, or -EINVAL after perf's message.
 */
int sample_rate__config(struct sample_rate *sr, const char *freq_str, u64 count, unsigned flags);
#define SAMPLE_RATE_QUIET	1	/* no messages */
#define SAMPLE_RATE_STRICT	2	/* --strict-freq: a -F above the limit is refused */


/*
 * How record and top set their sampling events up (perf's evsel__config
 * and evlist__config): one description both fill from their options.
 */
struct sampling_opts {
	struct sample_rate rate;		/* -F/-c */
	enum callchain_record_mode callgraph;	/* -g/--call-graph */
	u32 dump_size;				/* dwarf: bytes of user stack */
	u16 max_stack;		/* --call-graph fp,N: sample_max_stack (0: the kernel's) */
	bool cpu_wide;		/* -a/-C: samples say their CPU */
	bool sample_addr;	/* -d */
	bool no_inherit;	/* -i */
	bool inherit_stat;	/* -s */
	bool use_clockid;	/* -k */
	int clockid;
	bool namespaces;	/* NAMESPACES records on the tracking event */
	bool enable_on_exec;	/* a forked workload starts the leaders at exec */
	/* perf record's (and top's) attribute options */
	int period;		/* -P 1, --no-period 0, else -1: PERIOD when sampling by frequency */
	int timestamp;		/* -T 1, --no-timestamp 0, else -1: TIME */
	bool raw_samples;	/* -R: TIME, CPU and RAW on every event */
	bool weight;		/* -W */
	bool all_user, all_kernel;
	u64 branch_stack;	/* -b/-j: branch_sample_type, 0 none */
	u64 user_regs, intr_regs;	/* --user-regs, -I: register masks, 0 none */
	bool sample_cpu, sample_identifier, phys_data, data_page_size, code_page_size;
	bool transaction, running_time;
	bool kernel_callchains, user_callchains;
	bool no_samples;	/* -n: counting only */
	bool switch_events, all_cgroups, buildid_mmap, no_bpf_event, no_buffering;
	bool branch_any;	/* -b was given (-j may not be) */
	bool initial_delay;	/* -D: the events are enabled later, not at exec */
};

/* A sampling_opts with perf's defaults (-1 for the tri-state options). */
#define SAMPLING_OPTS_INIT { .period = -1, .timestamp = -1 }

/*
 * perf's -j/--branch-filter: a comma-separated list of u, k, hv, any,
 * any_call, any_ret, ind_call, abort_tx, in_tx, no_tx, cond, ind_jmp,
 * call, save_type, stack into PERF_SAMPLE_BRANCH_* bits (privilege
 * levels alone mean "any"). 0, or -EINVAL naming the bad one in *@bad.
 */
int branch_filter__parse(const char *str, u64 *mode, const char **bad, size_t *bad_len);

/*
 * perf's --user-regs/-I list of x86_64 registers ("ax,bx,r8"), case
 * insensitive; NULL or "" means all of them (PERF_REGS_USER_X86_64).
 * 0, -EINVAL (*@bad names the unknown register), or 1 for "?", after
 * which the caller lists sample_regs__names().
 */
int sample_regs__parse(const char *str, u64 *mask, const char **bad, size_t *bad_len);
/* "AX BX ... R15 " as perf lists them. */
const char *sample_regs__names(void);

struct option;
/*
 * Option callbacks of record and top, with perf's messages: -b and -j
 * (value: the struct sampling_opts; each refuses the other), and
 * --user-regs/-I (value: the u64 mask; "?" lists the registers).
 */
int sampling_opts__parse_branch_any(const struct option *opt, const char *arg, int unset);
int sampling_opts__parse_branch_filter(const struct option *opt, const char *arg, int unset);
int sampling_opts__parse_regs(const struct option *opt, const char *arg, int unset);

/* -r: the calling process to SCHED_FIFO @prio. 0 or -errno (perf's message
 * is "Could not set realtime priority."). */
int sampling__set_realtime(int prio);

/*
 * Set up the attrs of every event of @evlist from @o as perf does: the
 * period or frequency (period=/freq= terms win, except -F/-c over a
 * tracepoint's default), sample_type, read_format, inheritance, the
 * leaders disabled, ":P" as the highest precise_ip (lowered at open),
 * the side-band records on the first event, and with several events
 * PERF_SAMPLE_ID, or PERF_SAMPLE_IDENTIFIER when their sample types
 * differ.
 */
void evlist__config_sampling(struct evlist *evlist, const struct sampling_opts *o);

#endif /* PROF_EVSEL_H */
