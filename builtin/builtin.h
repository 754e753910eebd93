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

int cmd_annotate(int argc, const char **argv);
int cmd_archive(int argc, const char **argv);
int cmd_bench(int argc, const char **argv);
int cmd_buildid_cache(int argc, const char **argv);
int cmd_buildid_list(int argc, const char **argv);
int cmd_config(int argc, const char **argv);
int cmd_daemon(int argc, const char **argv);
int cmd_data(int argc, const char **argv);
int cmd_diff(int argc, const char **argv);
int cmd_evlist(int argc, const char **argv);
int cmd_flamegraph(int argc, const char **argv);
int cmd_help(int argc, const char **argv);
int cmd_inject(int argc, const char **argv);
int cmd_kallsyms(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_probe(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_sched(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_stat(int argc, const char **argv);
int cmd_top(int argc, const char **argv);
int cmd_version(int argc, const char **argv);

/*
 * prof script report stackcollapse: perf's stackcollapse.py, folded by
 * prof flamegraph's code from @input into @out (perf script's filters:
 * comma lists of names, pids, tids and DSOs, and a --time string; NULL
 * for none). With @json, flamegraph.py's stacks.json instead (-f json).
 */
struct fg_py_opts {
	bool include_pid, include_tid, no_comm, tidy_java, kernel;
	bool json;
};
struct fg_filters {
	const char *comms, *pids, *tids, *dsos, *time;
};
int flamegraph__stackcollapse(const char *input, bool force, const struct fg_filters *f,
			      const struct fg_py_opts *py, FILE *out);
/* prof script report flamegraph: prof flamegraph's page of @input, into @output. */
int flamegraph__html(const char *input, bool force, const char *output);

/*
 * prof buildid-list's DSOs of the perf.data @input ("-": stdin), each
 * as @fn(build-id (size 0: none), name, @priv), in its order; with
 * @with_hits only those a sample hit. 0, or -1 with the error said.
 */
struct build_id;
typedef void (*buildid_list_fn)(const struct build_id *bid, const char *name, void *priv);
int buildid_list__dsos(const char *input, bool force, bool with_hits, buildid_list_fn fn,
		       void *priv);

/* The embedded man page text of a command (Documentation/prof-<cmd>.txt). */
#include "prof/builtin-doc.h"

#endif /* PROF_BUILTIN_H */
