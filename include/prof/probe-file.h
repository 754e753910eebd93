/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * probe-file.h: the dynamic probe events of tracefs, uprobe_events and
 * kprobe_events, as perf probe reads and writes them. A line there is
 *   p:GROUP/EVENT TARGET [ARG...]    (r: for a return probe)
 * where TARGET is PATH:0xOFFSET (a file offset) for a uprobe and
 * [MOD:]SYM[+OFF] or an address for a kprobe. Writing "-:GROUP/EVENT"
 * deletes one. Both files are system-wide: every caller deletes what it adds.
 */
#ifndef PROF_PROBE_FILE_H
#define PROF_PROBE_FILE_H

#include "compat.h"

struct probe_entry {
	bool uprobe;		/* from uprobe_events */
	bool retprobe;		/* "r:" */
	char *group, *event;
	char *target;		/* "PATH:0x..." or "SYM+OFF" */
	char *path;		/* uprobe: the file; NULL for a kprobe */
	u64 offset;		/* uprobe: file offset; kprobe: offset from sym */
	char *symbol;		/* kprobe: the symbol; NULL for a uprobe */
	char *args;		/* the rest of the line ("" for none) */
	char *raw;		/* the whole line */
};

/* "<tracefs>/uprobe_events" or ".../kprobe_events"; a new string. */
char *probe_file__path(bool uprobe);
/*
 * Every probe of one file, in its order; *@out a new array (free with
 * probe_entries__free). Returns the count, or -errno (-ENOENT: the kernel
 * has no such file).
 */
int probe_file__read(bool uprobe, struct probe_entry **out);
void probe_entries__free(struct probe_entry *e, int nr);
/* Append one definition line (no "\n"); 0 or -errno. */
int probe_file__write(bool uprobe, const char *line);

#endif /* PROF_PROBE_FILE_H */
