// SPDX-License-Identifier: GPL-2.0-only
/*
 * open-error.c: perf_event_open(2) errors turned into advice.
 * The facts checked (paranoid level, capabilities, PMU presence, rlimits,
 * tracefs) are read live, so the message describes this machine now.
 */
#include "prof/compat.h"
#include "prof/open-error.h"
#include "prof/evsel.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <sys/resource.h>
#include <sys/stat.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#define CAP_SYS_PTRACE 19
#define CAP_SYS_ADMIN 21

int perf_event_paranoid(void)
{
	int v;

	if (read_file_int("/proc/sys/kernel/perf_event_paranoid", &v))
		return 2;
	return v;
}

bool perf_have_hw_pmu(void)
{
	struct stat st;

	return !stat("/sys/bus/event_source/devices/cpu", &st) ||
	       !stat("/sys/bus/event_source/devices/cpu_core", &st) ||
	       !stat("/sys/bus/event_source/devices/armv8_pmuv3_0", &st);
}

bool open_error__is_unsupported(int err)
{
	return err == ENOENT || err == EOPNOTSUPP || err == ENODEV ||
	       err == ENXIO || err == ENOSYS;
}

/* Effective capability @cap of this process, from /proc/self/status. */
static bool have_cap(int cap)
{
	char *s = read_file_str("/proc/self/status", NULL), *p;
	bool ret = false;

	if (!s)
		return false;
	p = strstr(s, "CapEff:");
	if (p) {
		unsigned long long mask = strtoull(p + 7, NULL, 16);

		ret = (mask >> cap) & 1;
	}
	free(s);
	return ret;
}

static const char *event_name(struct evsel *evsel)
{
	return evsel ? evsel__name(evsel) : "event";
}

static void paranoid_table(struct strbuf *sb, int level)
{
	static const char *const lines[] = {
		"  -1: everything is allowed to everyone",
		"   0: unprivileged users may not read raw tracepoint data",
		"   1: ... nor count CPU-wide (system-wide, -a, -C) events",
		"   2: ... nor count or profile the kernel (only user space, ':u')",
		"   3: ... nor use perf_event_open at all (Debian, Android)",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lines); i++)
		strbuf_addf(sb, "%s%s\n", lines[i],
			    (int)i - 1 == (level > 3 ? 3 : level) ? "   <- current" : "");
}

static void access_advice(struct strbuf *sb, struct evsel *evsel,
			  const struct open_target *t, int err)
{
	int level = perf_event_paranoid();
	bool root = geteuid() == 0, kernel = evsel && !evsel->attr.exclude_kernel;

	strbuf_addf(sb, "No permission to open the '%s' event (%s).\n",
		    event_name(evsel), strerror(err));
	if (t && (t->pid || t->tid) && !root && !have_cap(CAP_SYS_PTRACE))
		strbuf_addf(sb,
			    "Attaching to %s %s needs the right to trace it: it must run as\n"
			    "your user (and be ptrace-able, see kernel.yama.ptrace_scope) or you\n"
			    "need CAP_SYS_PTRACE.\n", t->pid ? "process" : "thread",
			    t->pid ? t->pid : t->tid);
	if (t && t->system_wide && level > 0)
		strbuf_addstr(sb, "Counting CPU-wide (-a, -C) needs kernel.perf_event_paranoid <= 0\n"
			      "or CAP_PERFMON.\n");
	else if (kernel && level > 1)
		strbuf_addstr(sb, "Counting the kernel needs kernel.perf_event_paranoid <= 1 or\n"
			      "CAP_PERFMON; add ':u' to the event to count user space only.\n");
	else if (evsel && evsel->attr.type == PERF_TYPE_TRACEPOINT && level > -1)
		strbuf_addstr(sb, "Tracepoints need read access to tracefs and, for raw data,\n"
			      "kernel.perf_event_paranoid = -1 or CAP_PERFMON.\n");
	if (root || have_cap(CAP_PERFMON) || have_cap(CAP_SYS_ADMIN))
		strbuf_addstr(sb, "prof already runs with CAP_PERFMON/CAP_SYS_ADMIN: a security module\n"
			      "(SELinux, AppArmor, Yama) or a container seccomp policy refused it.\n");
	strbuf_addf(sb, "\nkernel.perf_event_paranoid is %d (/proc/sys/kernel/perf_event_paranoid):\n",
		    level);
	paranoid_table(sb, level);
	strbuf_addstr(sb,
		      "\nTo allow it: run as root, or give the binary CAP_PERFMON (Linux 5.8+,\n"
		      "CAP_SYS_ADMIN before) with 'setcap cap_perfmon+ep <path to prof>', or\n"
		      "lower the level: 'sysctl -w kernel.perf_event_paranoid=<n>' (make it\n"
		      "permanent in /etc/sysctl.conf). See\n"
		      "https://www.kernel.org/doc/html/latest/admin-guide/perf-security.html");
}

static void unsupported_advice(struct strbuf *sb, struct evsel *evsel, int err)
{
	const char *name = event_name(evsel);
	u32 type = evsel ? evsel->attr.type : PERF_TYPE_HARDWARE;

	if (type == PERF_TYPE_TRACEPOINT) {
		struct stat st;
		bool tracefs = !stat("/sys/kernel/tracing/events", &st) ||
			       !stat("/sys/kernel/debug/tracing/events", &st);

		strbuf_addf(sb, "The tracepoint '%s' is not available (%s).\n", name,
			    strerror(err));
		if (!tracefs)
			strbuf_addstr(sb, "tracefs is not mounted: 'mount -t tracefs nodev /sys/kernel/tracing'.");
		else
			strbuf_addstr(sb, "Check its name with 'prof list tracepoint'; the kernel may lack\n"
				      "the subsystem or the module that defines it.");
		return;
	}
	strbuf_addf(sb, "The '%s' event is not supported by this kernel or machine (%s).\n",
		    name, strerror(err));
	if ((type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	     type == PERF_TYPE_RAW) && !perf_have_hw_pmu())
		strbuf_addstr(sb, "This machine exposes no hardware PMU (usual in virtual machines):\n"
			      "cycles, instructions, cache and branch events cannot be counted.\n"
			      "Use software events instead: task-clock, cpu-clock, page-faults,\n"
			      "context-switches (see 'prof list sw').");
	else
		strbuf_addstr(sb, "See 'prof list' for the events this machine has.");
}

char *evsel__open_strerror(struct evsel *evsel, const struct open_target *target,
			   int err, char *buf, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	struct rlimit rl;

	switch (err) {
	case EPERM:
	case EACCES:
		access_advice(&sb, evsel, target, err);
		break;
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
	case ENXIO:
	case ENOSYS:
		unsupported_advice(&sb, evsel, err);
		break;
	case EMFILE:
	case ENFILE:
		getrlimit(RLIMIT_NOFILE, &rl);
		strbuf_addf(&sb, "Too many open files while opening '%s': prof needs one file\n"
			    "descriptor per event, CPU and thread, and the limit is %llu.\n",
			    event_name(evsel), (unsigned long long)rl.rlim_cur);
		if (rl.rlim_cur < rl.rlim_max)
			strbuf_addf(&sb, "Raise it with 'ulimit -n %llu' (the hard limit), ",
				    (unsigned long long)rl.rlim_max);
		else
			strbuf_addstr(&sb, "That is also the hard limit: raise it as root ('ulimit -Hn',\n"
				      "limits.conf or the service's LimitNOFILE), ");
		strbuf_addstr(&sb, "or count fewer events,\nCPUs (-C) or threads.");
		break;
	case EBUSY:
		strbuf_addf(&sb, "The PMU counters for '%s' are busy: another tool or the NMI\n"
			    "watchdog holds them ('sysctl kernel.nmi_watchdog=0' frees one).",
			    event_name(evsel));
		break;
	case ESRCH:
		strbuf_addf(&sb, "No such process or thread to attach '%s' to: it has exited.",
			    event_name(evsel));
		break;
	case EINVAL:
		strbuf_addf(&sb, "The kernel rejected the settings of '%s' (Invalid argument):\n"
			    "an attribute, modifier or CPU it does not support. 'dmesg | grep -i perf'\n"
			    "may say more.", event_name(evsel));
		break;
	default:
		strbuf_addf(&sb, "The sys_perf_event_open() syscall returned with %d (%s) for\n"
			    "event (%s). 'dmesg | grep -i perf' may provide additional information.",
			    err, strerror(err), event_name(evsel));
		break;
	}
	snprintf(buf, size, "%s", sb.buf);
	strbuf_release(&sb);
	return buf;
}
