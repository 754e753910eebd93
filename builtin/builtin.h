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
int cmd_lock(int argc, const char **argv);
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

/*
 * perf's annotate options, which report, top and annotate share: the
 * disassembler, source lines and their paths, the percent type.
 * annotate_cli__finish checks them (perf's words) and fills @o; 0, -1,
 * or perf's exit status 234 for --prefix-strip without --prefix.
 */
struct annotate_browse_opts;
struct option;
struct annotate_cli {
	const char *objdump, *style, *prefix, *prefix_strip, *percent_type;
	bool source, asm_raw;
};
#define OPT_ANNOTATE_CLI(c)							\
	OPT_STRING('M', "disassembler-style", &(c)->style, "disassembler style",	\
		   "Specify disassembler style (e.g. -M intel for intel syntax)"),	\
	OPT_BOOLEAN(0, "asm-raw", &(c)->asm_raw,					\
		    "Display raw encoding of assembly instructions (default)"),	\
	OPT_STRING(0, "objdump", &(c)->objdump, "path",				\
		   "objdump binary to use for disassembly and annotations"),		\
	OPT_STRING(0, "prefix", &(c)->prefix, "prefix",				\
		   "Add prefix to source file path names in programs (with --prefix-strip)"), \
	OPT_STRING(0, "prefix-strip", &(c)->prefix_strip, "N",			\
		   "Strip first N entries of source file path name in programs (with --prefix)"), \
	OPT_BOOLEAN(0, "source", &(c)->source,					\
		    "Interleave source code with assembly code (default)")
/* --percent-type, checked as it is parsed (a bad type: perf's usage, 129) */
#define OPT_ANNOTATE_PERCENT_TYPE(c)						\
	OPT_CALLBACK(0, "percent-type", &(c)->percent_type, "local-period",	\
		     "Set percent type local/global-period/hits", annotate_cli__percent_type)
int annotate_cli__percent_type(const struct option *opt, const char *arg, int unset);
int annotate_cli__finish(struct annotate_cli *c, struct annotate_browse_opts *o);

/*
 * "perf sched script", "perf lock script": prof script on the parent's
 * -i file (@input, NULL: script's default) with the subcommand's
 * arguments (argv[0] is the subcommand).
 */
int script__subcommand(const char *input, bool dump, int argc, const char **argv);
/* perf's subcommand match: @arg names @cmd if it is a prefix longer than two. */
bool subcommand_is(const char *arg, const char *cmd);

/* The embedded man page text of a command (Documentation/prof-<cmd>.txt). */
#include "prof/builtin-doc.h"

#endif /* PROF_BUILTIN_H */
