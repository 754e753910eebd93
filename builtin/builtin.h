/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * builtin.h: the command table. Each command is one cmd_<name>() in
 * builtin/<name>.c; it parses its own options and returns 0 on success,
 * -1 on failure (exit 255), or a workload's status to pass through.
 */
#ifndef PROF_BUILTIN_H
#define PROF_BUILTIN_H

#include "prof/compat.h"

enum cmd_flags {
	CMD_USE_PAGER = 1 << 0,		/* may page output on a terminal */
	CMD_MAIN = 1 << 1,		/* listed in 'prof help' */
};

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	int flags;
	const char *summary;
};

extern const struct cmd_struct commands[];
extern const size_t nr_commands;
const struct cmd_struct *find_command(const char *name);

int cmd_data(int argc, const char **argv);
int cmd_flamegraph(int argc, const char **argv);
int cmd_help(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_stat(int argc, const char **argv);
int cmd_top(int argc, const char **argv);
int cmd_version(int argc, const char **argv);

/* The embedded man page text of a command (Documentation/prof-<cmd>.txt). */
#include "prof/builtin-doc.h"

#endif /* PROF_BUILTIN_H */
