/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * open-error.h: the one place that turns a perf_event_open(2) failure into
 * advice a user can act on (docs/design.md §2). stat, record and top all
 * print what this returns.
 */
#ifndef PROF_OPEN_ERROR_H
#define PROF_OPEN_ERROR_H

#include "compat.h"

struct evsel;

/* What was being attempted, for wording the advice. */
struct cgroup_sel;
struct open_target {
	bool system_wide;	/* -a or -C: CPU-wide events */
	const char *pid;	/* -p list, or NULL */
	const char *tid;	/* -t list, or NULL */
	const struct cgroup_sel *cgroups;	/* -G of record and top, or NULL */
};

/*
 * Explain why opening @evsel failed with @err (a positive errno) into
 * @buf (always NUL-terminated, truncated to @size). Mentions the current
 * kernel.perf_event_paranoid level and what it forbids, capabilities,
 * missing hardware counters (VMs), missing tracepoints, file limits.
 * @target may be NULL. Returns @buf.
 */
char *evsel__open_strerror(struct evsel *evsel, const struct open_target *target,
			   int err, char *buf, size_t size);

/* Current kernel.perf_event_paranoid (2, the kernel default, if unreadable). */
int perf_event_paranoid(void);
/* True when the kernel exposes a core PMU (false in most VMs). */
bool perf_have_hw_pmu(void);
/* ENOENT-like errors that mean "this event does not exist here". */
bool open_error__is_unsupported(int err);

#endif /* PROF_OPEN_ERROR_H */
