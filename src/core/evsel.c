// SPDX-License-Identifier: GPL-2.0-only
/*
 * evsel.c: event selectors and the evlist. This file holds the lifecycle;
 * opening, reading and closing the kernel counters live beside it in
 * the counting/sampling code.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include <ctype.h>
#include <sched.h>
#include <strings.h>

struct evsel *evsel__new(const struct perf_event_attr *attr)
{
	struct evsel *evsel = xzalloc(sizeof(*evsel));

	evsel->attr = *attr;
	evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->supported = true;
	INIT_LIST_HEAD(&evsel->node);
	return evsel;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->pmu_name);
	free(evsel->unit);
	free(evsel->group_name);
	free(evsel->tp_sys);
	free(evsel->tp_name);
	free(evsel->filter);
	free(evsel->metric_id);
	free(evsel->cfg_callgraph);
	evsel__close(evsel);
	free(evsel->ids);
	cpu_map__put(evsel->own_cpus);
	cpu_map__put(evsel->cpus);
	thread_map__put(evsel->threads);
	free(evsel);
}

struct evlist *evlist__new(void)
{
	struct evlist *evlist = xzalloc(sizeof(*evlist));

	INIT_LIST_HEAD(&evlist->entries);
	return evlist;
}

void evlist__delete(struct evlist *evlist)
{
	struct evsel *evsel, *tmp;

	if (!evlist)
		return;
	evlist__for_each_entry_safe(evlist, tmp, evsel) {
		list_del_init(&evsel->node);
		evsel__delete(evsel);
	}
	cpu_map__put(evlist->cpus);
	thread_map__put(evlist->threads);
	free(evlist);
}

void evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	evsel->idx = evlist->nr_entries++;
	list_add_tail(&evsel->node, &evlist->entries);
}

void evlist__remove(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel *pos;
	int idx = 0;

	list_del_init(&evsel->node);
	evlist->nr_entries--;
	evlist__for_each_entry(evlist, pos)
		pos->idx = idx++;
}

struct evsel *evlist__first(struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL :
		list_first_entry(&evlist->entries, struct evsel, node);
}

struct evsel *evlist__last(struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL :
		list_last_entry(&evlist->entries, struct evsel, node);
}

/* ---- counting: open, read, close --------------------------------------
 *
 * Design note (fd layout and groups):
 *   1. fds[] holds cpus->nr * threads->nr descriptors, cpu-major, so
 *      evsel__fd(e, c, t) = fds[c * threads->nr + t]; -1 when not open.
 *   2. A group member is opened after its leader (evlist order) and uses
 *      the leader's fd at the same (cpu, thread) as group_fd.
 *   3. Every fd is opened with PERF_FLAG_FD_CLOEXEC so a workload started
 *      later never inherits them; kernels older than 3.14 reject the flag
 *      with EINVAL and the open is retried without it.
 */
#include <sys/ioctl.h>
#include <sys/syscall.h>

int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			int group_fd, unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

void evsel__close(struct evsel *evsel)
{
	int i;

	if (!evsel->fds)
		return;
	for (i = 0; i < evsel->nr_fds; i++)
		if (evsel->fds[i] >= 0)
			close(evsel->fds[i]);
	zfree(&evsel->fds);
	evsel->nr_fds = 0;
}

static int open_one(struct evsel *evsel, pid_t pid, int cpu, int group_fd)
{
	for (;;) {
		int fd = sys_perf_event_open(&evsel->attr, pid, cpu, group_fd,
					     evsel->open_flags);

		if (fd >= 0)
			return fd;
		if (errno != EINVAL)
			return -errno;
		/* Missing features, newest first, one at a time. */
		if (evsel->open_flags & PERF_FLAG_FD_CLOEXEC) {
			evsel->open_flags &= ~(unsigned long)PERF_FLAG_FD_CLOEXEC;
			evsel->fallback_cloexec = true;
			continue;
		}
		if (!evsel->fallback_excl_guest &&
		    (evsel->attr.exclude_guest || evsel->attr.exclude_host)) {
			evsel->attr.exclude_guest = 0;
			evsel->attr.exclude_host = 0;
			evsel->fallback_excl_guest = true;
			continue;
		}
		return -EINVAL;
	}
}

int evsel__open(struct evsel *evsel, struct cpu_map *cpus,
		struct thread_map *threads)
{
	struct evsel *leader = evsel->leader;
	int c, t, err = 0;

	evsel__close(evsel);
	if (evsel->cpus != cpus) {
		cpu_map__put(evsel->cpus);
		evsel->cpus = cpu_map__get(cpus);
	}
	if (evsel->threads != threads) {
		thread_map__put(evsel->threads);
		evsel->threads = thread_map__get(threads);
	}
	evsel->nr_fds = cpus->nr * threads->nr;
	evsel->fds = xmalloc((size_t)evsel->nr_fds * sizeof(int));
	for (c = 0; c < evsel->nr_fds; c++)
		evsel->fds[c] = -1;
	if (!evsel->fallback_cloexec)
		evsel->open_flags |= PERF_FLAG_FD_CLOEXEC;

	for (c = 0; c < cpus->nr; c++) {
		for (t = 0; t < threads->nr; t++) {
			int group_fd = -1, fd;

			if (leader != evsel && leader->fds &&
			    leader->cpus == cpus && leader->threads == threads)
				group_fd = evsel__fd(leader, c, t);
			fd = open_one(evsel, threads->map[t], cpus->map[c], group_fd);
			/* it exited: its slot stays closed (perf: never the only thread) */
			if (fd == -ESRCH && evsel->ignore_missing_thread && threads->map[t] > 0 &&
			    threads->nr > 1)
				continue;
			if (fd < 0) {
				err = fd;
				goto fail;
			}
			evsel->fds[c * threads->nr + t] = fd;
			if (evsel->filter &&
			    ioctl(fd, PERF_EVENT_IOC_SET_FILTER, evsel->filter)) {
				err = -errno;
				evsel->filter_failed = true;
				goto fail;
			}
		}
	}
	evsel->open_errno = 0;
	return 0;
fail:
	evsel__close(evsel);
	evsel->open_errno = -err;
	errno = -err;
	return err;
}

int evsel__read_one(struct evsel *evsel, int cpu_idx, int thread_idx, u64 out[3])
{
	u64 buf[3] = { 0, 0, 0 };
	ssize_t n;
	int fd;

	if (!evsel->fds)
		return -EBADF;
	fd = evsel__fd(evsel, cpu_idx, thread_idx);
	if (fd < 0)
		return -EBADF;
	do {
		n = read(fd, buf, sizeof(buf));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n != (ssize_t)sizeof(buf))
		return -EIO;
	memcpy(out, buf, sizeof(buf));
	return 0;
}

static int evsel__ioctl_all(struct evsel *evsel, unsigned long req)
{
	int i, err = 0;

	if (!evsel->fds)
		return 0;
	for (i = 0; i < evsel->nr_fds; i++)
		if (evsel->fds[i] >= 0 && ioctl(evsel->fds[i], req, 0) && !err)
			err = -errno;
	return err;
}

int evsel__enable(struct evsel *evsel)
{
	return evsel__ioctl_all(evsel, PERF_EVENT_IOC_ENABLE);
}

int evsel__disable(struct evsel *evsel)
{
	return evsel__ioctl_all(evsel, PERF_EVENT_IOC_DISABLE);
}

/* Rename @evsel after a fallback: "cycles" -> "cycles:u", "x:k" -> "x:ku". */
static void evsel__append_modifier(struct evsel *evsel, const char *mod)
{
	char *name = xstrdup(evsel__name(evsel));

	free(evsel->name);
	evsel->name = xasprintf("%s%s%s", name, strchr(name, ':') ? "" : ":", mod);
	free(name);
}

bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size)
{
	int paranoid = 2;

	if ((err == ENOENT || err == ENXIO || err == ENODEV) &&
	    evsel->attr.type == PERF_TYPE_HARDWARE &&
	    evsel->attr.config == PERF_COUNT_HW_CPU_CYCLES) {
		/* No PMU (a VM): sample on the CPU clock instead, as perf does. */
		snprintf(msg, size, "The cycles event is not supported, trying to fall back to cpu-clock-ticks");
		evsel->attr.type = PERF_TYPE_SOFTWARE;
		evsel->attr.config = PERF_COUNT_SW_CPU_CLOCK;
		free(evsel->name);
		evsel->name = NULL;
		return true;
	}
	if ((err == EACCES || err == EPERM) && !evsel->attr.exclude_kernel &&
	    !read_file_int("/proc/sys/kernel/perf_event_paranoid", &paranoid) &&
	    paranoid > 1) {
		/* Unprivileged: count user space only, named ":u" like perf. */
		snprintf(msg, size, "kernel.perf_event_paranoid=%d, trying to fall back to "
			 "excluding kernel and hypervisor  samples", paranoid);
		evsel->attr.exclude_kernel = 1;
		evsel->attr.exclude_hv = 1;
		evsel__append_modifier(evsel, "u");
		return true;
	}
	return false;
}

/* ---- sampling ----------------------------------------------------- */

int evsel__read_ids(struct evsel *evsel)
{
	int i;

	if (!evsel->fds)
		return -EBADF;
	free(evsel->ids);
	evsel->ids = xcalloc((size_t)evsel->nr_fds, sizeof(u64));
	evsel->nr_ids = 0;
	for (i = 0; i < evsel->nr_fds; i++) {
		u64 id;

		if (evsel->fds[i] < 0)
			continue;
		if (ioctl(evsel->fds[i], PERF_EVENT_IOC_ID, &id) < 0)
			return -errno;
		evsel->ids[evsel->nr_ids++] = id;
	}
	return 0;
}

u32 perf_event__max_sample_rate(void)
{
	int v = 0;

	if (read_file_int("/proc/sys/kernel/perf_event_max_sample_rate", &v) || v <= 0)
		return 100000;
	return (u32)v;
}

int sample_rate__config(struct sample_rate *sr, const char *freq_str, u64 count, unsigned flags)
{
	u32 max = perf_event__max_sample_rate();
	bool quiet = flags & SAMPLE_RATE_QUIET;

	memset(sr, 0, sizeof(*sr));
	sr->freq = 4000;
	if (freq_str && count != SAMPLE_COUNT_UNSET) {
		if (!quiet)
			pr_info("cannot set frequency and period at the same time");
		return -EINVAL;
	}
	if (count != SAMPLE_COUNT_UNSET && count) {
		sr->period = count;
		sr->user_period = true;
		sr->freq = 0;
		return 0;
	}
	if (freq_str) {
		sr->user_freq = true;
		if (!strcmp(freq_str, "max")) {
			sr->freq = max;
			if (!quiet)
				pr_info("info: Using a maximum frequency rate of %u Hz", max);
			return 0;
		}
		sr->freq = (u32)strtoul(freq_str, NULL, 0);
	}
	if (!sr->freq) {
		if (!quiet)
			pr_info("frequency and count are zero, aborting");
		return -EINVAL;
	}
	if (sr->freq > max && (flags & SAMPLE_RATE_STRICT) && sr->user_freq) {
		pr_info("error: Maximum frequency rate (%u Hz) exceeded.\n"
			"       Please use -F freq option with a lower value or consider\n"
			"       tweaking /proc/sys/kernel/perf_event_max_sample_rate.", max);
		return -EINVAL;
	}
	if (sr->freq > max) {
		if (quiet)
			;
		else if (sr->user_freq)
			pr_info("warning: Maximum frequency rate (%u Hz) exceeded, throttling from %u Hz to %u Hz.\n"
				"         The limit can be raised via /proc/sys/kernel/perf_event_max_sample_rate.\n"
				"         The kernel will lower it when perf's interrupts take too long.",
				max, sr->freq, max);
		else
			pr_info("Lowering default frequency rate from %u to %u.\n"
				"Please consider tweaking /proc/sys/kernel/perf_event_max_sample_rate.",
				sr->freq, max);
		sr->freq = max;
	}
	return 0;
}

int callchain__parse_dump_size(const char *s, u32 *size)
{
	char *end;
	unsigned long sz;

	errno = 0;
	sz = strtoul(s, &end, 0);
	if (end == s || *end || errno || !sz || sz > CALLCHAIN_MAX_DUMP_SIZE)
		return -EINVAL;
	*size = (u32)ALIGN_UP(sz, 8UL);
	return 0;
}

int callchain_record__parse(const char *arg, enum callchain_record_mode *mode,
			    u32 *dump_size, const char **rest)
{
	size_t len = strcspn(arg, ",");

	if (len == 2 && !strncmp(arg, "fp", 2)) {
		*mode = CALLCHAIN_RECORD_FP;
	} else if (len == 3 && !strncmp(arg, "lbr", 3)) {
		*mode = CALLCHAIN_RECORD_LBR;
	} else if (len == 5 && !strncmp(arg, "dwarf", 5)) {
		*mode = CALLCHAIN_RECORD_DWARF;
		*dump_size = CALLCHAIN_DEFAULT_DUMP_SIZE;
		if (arg[len] && isdigit((unsigned char)arg[len + 1])) {
			char num[32];
			size_t n = strcspn(arg + len + 1, ",");

			if (n >= sizeof(num))
				return -ERANGE;
			memcpy(num, arg + len + 1, n);
			num[n] = 0;
			if (callchain__parse_dump_size(num, dump_size))
				return -ERANGE;
			len += 1 + n;
		}
	} else {
		return -EINVAL;
	}
	if (arg[len] == ',')
		len++;
	*rest = arg + len;
	return 0;
}

u64 perf_attr__config_callchain(struct perf_event_attr *a, enum callchain_record_mode mode,
				u32 dump_size)
{
	switch (mode) {
	case CALLCHAIN_RECORD_FP:
		return PERF_SAMPLE_CALLCHAIN;
	case CALLCHAIN_RECORD_DWARF:
		a->sample_regs_user = PERF_REGS_USER_X86_64;
		a->sample_stack_user = dump_size;
		a->exclude_callchain_user = 1;
		return PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	case CALLCHAIN_RECORD_LBR:
		a->branch_sample_type = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK |
					PERF_SAMPLE_BRANCH_NO_CYCLES | PERF_SAMPLE_BRANCH_NO_FLAGS |
					PERF_SAMPLE_BRANCH_HW_INDEX;
		return PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_BRANCH_STACK;
	default:
		return 0;
	}
}

/* ---- perf record's -j and --user-regs/-I lists ------------------------ */

static const struct { const char *name; u64 bit; } branch_modes[] = {
	{ "u", PERF_SAMPLE_BRANCH_USER }, { "k", PERF_SAMPLE_BRANCH_KERNEL },
	{ "hv", PERF_SAMPLE_BRANCH_HV }, { "any", PERF_SAMPLE_BRANCH_ANY },
	{ "any_call", PERF_SAMPLE_BRANCH_ANY_CALL }, { "any_ret", PERF_SAMPLE_BRANCH_ANY_RETURN },
	{ "ind_call", PERF_SAMPLE_BRANCH_IND_CALL }, { "abort_tx", PERF_SAMPLE_BRANCH_ABORT_TX },
	{ "in_tx", PERF_SAMPLE_BRANCH_IN_TX }, { "no_tx", PERF_SAMPLE_BRANCH_NO_TX },
	{ "cond", PERF_SAMPLE_BRANCH_COND }, { "ind_jmp", PERF_SAMPLE_BRANCH_IND_JUMP },
	{ "call", PERF_SAMPLE_BRANCH_CALL }, { "save_type", PERF_SAMPLE_BRANCH_TYPE_SAVE },
	{ "stack", PERF_SAMPLE_BRANCH_CALL_STACK },
};

int branch_filter__parse(const char *str, u64 *mode, const char **bad, size_t *bad_len)
{
	const u64 plm = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL |
			PERF_SAMPLE_BRANCH_HV;
	u64 m = 0;

	for (;;) {
		size_t len = strcspn(str, ","), i;

		for (i = 0; i < ARRAY_SIZE(branch_modes); i++)
			if (strlen(branch_modes[i].name) == len &&
			    !strncasecmp(str, branch_modes[i].name, len))
				break;
		if (i == ARRAY_SIZE(branch_modes)) {
			*bad = str;
			*bad_len = len;
			return -EINVAL;
		}
		m |= branch_modes[i].bit;
		if (!str[len])
			break;
		str += len + 1;
	}
	/* only privilege levels: perf samples any branch */
	if (!(m & ~plm))
		m = PERF_SAMPLE_BRANCH_ANY;
	*mode = m;
	return 0;
}

/* perf's PERF_REG_X86_* numbers of the registers it lists */
static const struct { const char *name; int bit; } x86_regs[] = {
	{ "AX", 0 }, { "BX", 1 }, { "CX", 2 }, { "DX", 3 }, { "SI", 4 }, { "DI", 5 },
	{ "BP", 6 }, { "SP", 7 }, { "IP", 8 }, { "FLAGS", 9 }, { "CS", 10 }, { "SS", 11 },
	{ "R8", 16 }, { "R9", 17 }, { "R10", 18 }, { "R11", 19 }, { "R12", 20 },
	{ "R13", 21 }, { "R14", 22 }, { "R15", 23 },
};

const char *sample_regs__names(void)
{
	static char buf[128];

	if (!buf[0])
		for (size_t i = 0; i < ARRAY_SIZE(x86_regs); i++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s ",
				 x86_regs[i].name);
	return buf;
}

int sample_regs__parse(const char *str, u64 *mask, const char **bad, size_t *bad_len)
{
	u64 m = 0;

	if (!str || !*str) {
		*mask = PERF_REGS_USER_X86_64;
		return 0;
	}
	if (!strcmp(str, "?"))
		return 1;
	for (;;) {
		size_t len = strcspn(str, ","), i;

		for (i = 0; i < ARRAY_SIZE(x86_regs); i++)
			if (strlen(x86_regs[i].name) == len && !strncasecmp(str, x86_regs[i].name, len))
				break;
		if (i == ARRAY_SIZE(x86_regs)) {
			*bad = str;
			*bad_len = len;
			return -EINVAL;
		}
		m |= 1ULL << x86_regs[i].bit;
		if (!str[len])
			break;
		str += len + 1;
	}
	*mask = m;
	return 0;
}

int sampling_opts__parse_branch_any(const struct option *opt, const char *arg, int unset)
{
	struct sampling_opts *o = opt->value;

	o->branch_any = !unset;
	if (unset)
		return 0;
	if (o->branch_stack) {
		pr_info("Error: Can't use --branch-any (-b) with --branch-filter (-j).");
		return -1;
	}
	o->branch_stack = PERF_SAMPLE_BRANCH_ANY;
	return 0;
}

int sampling_opts__parse_branch_filter(const struct option *opt, const char *arg, int unset)
{
	struct sampling_opts *o = opt->value;
	const char *bad = "";
	size_t len = 0;

	if (unset) {
		o->branch_stack = 0;
		return 0;
	}
	if (o->branch_any) {
		pr_info("Error: Can't use --branch-any (-b) with --branch-filter (-j).");
		return -1;
	}
	if (branch_filter__parse(arg, &o->branch_stack, &bad, &len)) {
		pr_info("unknown branch filter %.*s, check man page", (int)len, bad);
		return -1;
	}
	return 0;
}

int sampling_opts__parse_regs(const struct option *opt, const char *arg, int unset)
{
	u64 *mask = opt->value;
	const char *bad = "";
	size_t len = 0;
	int ret;

	if (unset) {
		*mask = 0;
		return 0;
	}
	ret = sample_regs__parse(arg, mask, &bad, &len);
	if (ret > 0) {
		pr_info("available registers: %s", sample_regs__names());
		return -1;
	}
	if (ret < 0) {
		pr_info("Warning:\nUnknown register \"%.*s\", check man page or run "
			"\"prof record --user-regs=?\"", (int)len, bad);
		return -1;
	}
	return 0;
}

int sampling__set_realtime(int prio)
{
	struct sched_param p = { .sched_priority = prio };

	return sched_setscheduler(0, SCHED_FIFO, &p) ? -errno : 0;
}
