/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fake-sysfs.h: a small sysfs + tracefs tree for the event tests, so they
 * see the same PMUs and tracepoints on every machine: a core "cpu" PMU
 * (type 4) with formats and aliases, "msr" and "power" like this VM's,
 * "software", "tracepoint", and the tracepoints sched:sched_switch,
 * sched:sched_wakeup, irq:irq_handler_entry. Header-only; each test
 * program includes it once.
 */
#ifndef FAKE_SYSFS_H
#define FAKE_SYSFS_H

#include "prof/compat.h"
#include "prof/util.h"
#include <sys/stat.h>

static char fake_root[256];

static void fake_write(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", fake_root, rel);
	char *dir = xstrdup(path), *q;
	FILE *fp;

	/* mkdir -p of the parent */
	for (q = dir + strlen(fake_root) + 1; *q; q++) {
		if (*q == '/') {
			*q = '\0';
			mkdir(dir, 0755);
			*q = '/';
		}
	}
	free(dir);
	fp = fopen(path, "w");
	if (!fp)
		die("fake sysfs: cannot write %s", path);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

#define PMUDIR "bus/event_source/devices/"
#define TPDIR "kernel/tracing/events/"

static const char *fake_sysfs_create(bool with_core_pmu)
{
	snprintf(fake_root, sizeof(fake_root), "%s/prof-fake-sysfs.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(fake_root))
		die("fake sysfs: mkdtemp failed");
	if (with_core_pmu) {
		fake_write(PMUDIR "cpu/type", "4\n");
		fake_write(PMUDIR "cpu/format/event", "config:0-7\n");
		fake_write(PMUDIR "cpu/format/umask", "config:8-15\n");
		fake_write(PMUDIR "cpu/format/cmask", "config:24-31\n");
		fake_write(PMUDIR "cpu/format/ldlat", "config1:0-15\n");
		fake_write(PMUDIR "cpu/format/frontend", "config1:0-23\n");
		fake_write(PMUDIR "cpu/format/split", "config2:0-3,32-35\n");
		fake_write(PMUDIR "cpu/events/cache-misses", "event=0x2e,umask=0x41\n");
		fake_write(PMUDIR "cpu/events/mem-loads", "event=0xcd,umask=0x1,ldlat=3\n");
		fake_write(PMUDIR "cpu/events/mem-loads.unit", "\n");
	}
	fake_write(PMUDIR "msr/type", "10\n");
	fake_write(PMUDIR "msr/format/event", "config:0-63\n");
	fake_write(PMUDIR "msr/events/tsc", "event=0x00\n");
	fake_write(PMUDIR "msr/events/smi", "event=0x04\n");
	fake_write(PMUDIR "power/type", "9\n");
	fake_write(PMUDIR "power/cpumask", "0\n");
	fake_write(PMUDIR "power/format/event", "config:0-7\n");
	fake_write(PMUDIR "power/events/energy-pkg", "event=0x02\n");
	fake_write(PMUDIR "power/events/energy-pkg.scale", "2.3283064365386962890625e-10\n");
	fake_write(PMUDIR "power/events/energy-pkg.unit", "Joules\n");
	fake_write(PMUDIR "software/type", "1\n");
	fake_write(PMUDIR "tracepoint/type", "2\n");
	fake_write(PMUDIR "breakpoint/type", "5\n");
	fake_write(TPDIR "enable", "0\n");
	fake_write(TPDIR "header_page", "\n");
	fake_write(TPDIR "sched/enable", "0\n");
	fake_write(TPDIR "sched/sched_switch/id", "316\n");
	fake_write(TPDIR "sched/sched_switch/format",
		   "name: sched_switch\nID: 316\nformat:\n"
		   "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
		   "\tfield:int next_pid;\toffset:8;\tsize:4;\tsigned:1;\n\n"
		   "print fmt: \"next_pid=%d\", REC->next_pid\n");
	fake_write(TPDIR "sched/sched_wakeup/id", "318\n");
	fake_write(TPDIR "noid/noid_event/format", "\n");
	fake_write(TPDIR "irq/irq_handler_entry/id", "120\n");
	fake_write(TPDIR "fib6/fib6_table_lookup/id", "501\n");
	fake_write(TPDIR "fib/fib_table_lookup/id", "500\n");
	return fake_root;
}

static void fake_sysfs_remove(void)
{
	char *cmd;

	if (!fake_root[0])
		return;
	cmd = xasprintf("rm -rf '%s'", fake_root);
	if (system(cmd))
		diag("could not remove %s", fake_root);
	free(cmd);
	fake_root[0] = '\0';
}

#endif /* FAKE_SYSFS_H */
