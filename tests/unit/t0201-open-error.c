// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0201-open-error: the advice evsel__open_strerror() gives for each
 * perf_event_open failure names the facts a user needs: the paranoid
 * level and what it forbids, capabilities, a PMU-less VM, tracepoints,
 * file limits.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/open-error.h"
#include "prof/util.h"
#include "tap.h"

static struct evsel *mk(u32 type, u64 config, const char *name)
{
	struct perf_event_attr attr = { .type = type, .config = config };
	struct evsel *evsel = evsel__new(&attr);

	evsel->name = xstrdup(name);
	return evsel;
}

int main(void)
{
	struct evsel *cyc = mk(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles");
	struct evsel *clk = mk(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock");
	struct evsel *tp = mk(PERF_TYPE_TRACEPOINT, 1, "sched:nope");
	struct open_target sys = { .system_wide = true };
	char buf[4096], want[64];

	evsel__open_strerror(clk, &sys, EACCES, buf, sizeof(buf));
	snprintf(want, sizeof(want), "perf_event_paranoid is %d", perf_event_paranoid());
	ok(strstr(buf, want) != NULL, "EACCES: names the current paranoid level");
	ok(strstr(buf, "<- current") != NULL, "EACCES: marks the current level in the table");
	ok(strstr(buf, "CPU-wide (-a, -C) needs") != NULL, "EACCES -a: says what forbids it");
	ok(strstr(buf, "CAP_PERFMON") != NULL, "EACCES: names the capability");
	ok(strstr(buf, "'task-clock'") != NULL, "EACCES: names the event");

	evsel__open_strerror(cyc, NULL, ENOENT, buf, sizeof(buf));
	ok(strstr(buf, "'cycles' event is not supported") != NULL, "ENOENT: not supported");
	if (!perf_have_hw_pmu())
		ok(strstr(buf, "no hardware PMU") != NULL, "ENOENT without a PMU: the VM case");
	else
		ok(strstr(buf, "prof list") != NULL, "ENOENT with a PMU: points at prof list");

	evsel__open_strerror(tp, NULL, ENOENT, buf, sizeof(buf));
	ok(strstr(buf, "tracepoint 'sched:nope'") != NULL, "missing tracepoint named");

	evsel__open_strerror(clk, NULL, EMFILE, buf, sizeof(buf));
	ok(strstr(buf, "Too many open files") && strstr(buf, "the limit is"),
	   "EMFILE: the current file limit");

	evsel__open_strerror(clk, NULL, EBUSY, buf, sizeof(buf));
	ok(strstr(buf, "busy") != NULL, "EBUSY");
	evsel__open_strerror(clk, NULL, EINVAL, buf, sizeof(buf));
	ok(strstr(buf, "rejected the settings") != NULL, "EINVAL");
	evsel__open_strerror(clk, NULL, E2BIG, buf, 32);
	is_int((long long)strlen(buf), 31, "truncated to the buffer, NUL-terminated");

	ok(open_error__is_unsupported(EOPNOTSUPP) && !open_error__is_unsupported(EACCES),
	   "unsupported vs. forbidden");

	evsel__delete(cyc);
	evsel__delete(clk);
	evsel__delete(tp);
	return done_testing();
}
