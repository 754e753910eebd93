// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof.c: main(), global options and the command table. Dispatch works as
 * in perf and git: "prof [global options] <command> [args]", "prof
 * <command> --help" is "prof help <command>", and run_builtin() turns a
 * command's result into the exit status, checking stdout for write errors
 * on the way (a full disk must not look like success).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/pager.h"
#include "prof/config.h"
#include "prof/callchain.h"
#include "../builtin/builtin.h"
#include <sys/stat.h>

const struct cmd_struct commands[] = {
	{ "annotate", cmd_annotate, 0, "Read perf.data (created by perf record) and display annotated code" },
	{ "archive", cmd_archive, 0, "Create archive with object files with build-ids found in perf.data file" },
	{ "bench", cmd_bench, 0, "General framework for benchmark suites" },
	{ "buildid-cache", cmd_buildid_cache, 0, "Manage build-id cache." },
	{ "buildid-list", cmd_buildid_list, 0, "List the buildids in a perf.data file" },
	{ "config", cmd_config, 0, "Get and set variables in a configuration file." },
	{ "daemon", cmd_daemon, 0, "Run record sessions on background" },
	{ "data", cmd_data, 0, "Data file related processing" },
	{ "diff", cmd_diff, 0, "Read perf.data files and display the differential profile" },
	{ "evlist", cmd_evlist, 0, "List the event names in a perf.data file" },
	{ "flamegraph", cmd_flamegraph, 0, "Fold perf.data stacks into a flame graph" },
	{ "help", cmd_help, 0, "Display help information about prof" },
	{ "inject", cmd_inject, 0, "Filter to augment the events stream with additional information" },
	{ "kallsyms", cmd_kallsyms, 0, "Searches running kernel for symbols" },
	{ "list", cmd_list, 0, "List all symbolic event types" },
	{ "lock", cmd_lock, 0, "Analyze lock events" },
	{ "probe", cmd_probe, 0, "Define new dynamic tracepoints" },
	{ "record", cmd_record, 0, "Run a command and record its profile into perf.data" },
	{ "report", cmd_report, 0, "Read perf.data (created by perf record) and display the profile" },
	{ "sched", cmd_sched, 0, "Tool to trace/measure scheduler properties (latencies)" },
	{ "script", cmd_script, 0, "Read perf.data (created by perf record) and display trace output" },
	{ "stat", cmd_stat, 0, "Run a command and gather performance counter statistics" },
	{ "top", cmd_top, 0, "System profiling tool." },
	{ "version", cmd_version, 0, "display the version of prof binary" },
};
const size_t nr_commands = ARRAY_SIZE(commands);

const struct cmd_struct *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < nr_commands; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static bool buildid_dir_option;	/* --buildid-dir given */

/*
 * What perf reads before any command (buildid.dir too): pager.<command> = bool (page that
 * command's output or not) and the call-graph.* values, a bad one of
 * which stops every command as in perf. The commands read the rest.
 */
static int global_config(const char *var, const char *value, void *data)
{
	const char *cmd = data;

	if (strstarts(var, "pager.") && !strcmp(var + 6, cmd) && pager_use == -1)
		pager_use = config__bool(var, value) ? 1 : 0;
	/* below --buildid-dir and the test suite's PROF_BUILDID_DIR */
	if (!strcmp(var, "buildid.dir") && !buildid_dir_option && !getenv("PROF_BUILDID_DIR"))
		set_buildid_dir(value);
	if (strstarts(var, "call-graph.")) {
		struct callchain_param scratch = { .mode = CHAIN_GRAPH_ABS };

		return callchain_param__config(&scratch, var, value);
	}
	return 0;
}

static int run_builtin(const struct cmd_struct *p, int argc, const char **argv)
{
	struct stat st;
	int status;

	/* perf reads its configuration files before any command runs */
	if (prof_config(global_config, (void *)p->name) < 0)
		return PROF_EXIT_FAILURE;
	if (pager_use == 1 || (pager_use == -1 && (p->flags & CMD_USE_PAGER)))
		setup_pager();
	status = p->fn(argc, argv);
	if (status < 0)
		return PROF_EXIT_FAILURE;
	if (status > 255)
		status = PROF_EXIT_FAILURE;

	/* Somebody closed stdout: nothing to check. */
	if (fstat(fileno(stdout), &st))
		return status;
	if (fflush(stdout) || ferror(stdout)) {
		/* A reader that went away (prof report | head) is not our failure. */
		if (errno == EPIPE)
			return status;
		error("write failure on standard output: %s", strerror(errno));
		return PROF_EXIT_FAILURE;
	}
	if (fclose(stdout) && errno != EPIPE) {
		error("close failed on standard output: %s", strerror(errno));
		return PROF_EXIT_FAILURE;
	}
	return status;
}

static void list_cmds(void)
{
	size_t i;

	for (i = 0; i < nr_commands; i++)
		printf("%s ", commands[i].name);
	putchar('\n');
}

static int unknown_global(const char *opt)
{
	fprintf(stderr, "Unknown option: %s\n", opt);
	fprintf(stderr, "\n Usage: prof [--version] [--help] [OPTIONS] COMMAND [ARGS]\n");
	return PROF_EXIT_USAGE;
}

/*
 * Global options before the command. Returns the number of argv entries
 * consumed, or -(exit status + 1) when an option is complete by itself.
 */
static int handle_global_options(int argc, const char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-')
			break;
		if (!strcmp(a, "--version") || !strcmp(a, "-v") ||
		    !strcmp(a, "-vv")) {
			const char *av[] = { "version", NULL };

			return -(cmd_version(1, av) + 1);
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			const char *av[] = { "help", NULL };

			return -(cmd_help(1, av) + 1);
		}
		if (!strcmp(a, "--list-cmds")) {
			list_cmds();
			return -1;
		}
		if (!strcmp(a, "--no-pager")) {
			pager_use = 0;
			continue;
		}
		if (!strcmp(a, "-p") || !strcmp(a, "--paginate")) {
			pager_use = 1;
			continue;
		}
		if (!strcmp(a, "--debug") && i + 1 < argc) {
			if (sscanf(argv[i + 1], "verbose=%d", &verbose) != 1)
				verbose = 1;
			i++;
			continue;
		}
		if (strstarts(a, "--debug=")) {
			if (sscanf(a + 8, "verbose=%d", &verbose) != 1)
				verbose = 1;
			continue;
		}
		if (!strcmp(a, "--buildid-dir") && i + 1 < argc) {
			set_buildid_dir(argv[++i]);
			buildid_dir_option = true;
			continue;
		}
		return -(unknown_global(a) + 1);
	}
	return i;
}

/* git's weights: swaps and substitutions are cheap, additions cheaper. */
static void suggest(const char *cmd)
{
	int best = INT_MAX, n = 0;
	size_t i;

	for (i = 0; i < nr_commands; i++) {
		int d = levenshtein(cmd, commands[i].name, 0, 2, 1, 3);

		if (strstarts(commands[i].name, cmd))
			d = 0;
		if (d < best) {
			best = d;
			n = 1;
		} else if (d == best) {
			n++;
		}
	}
	fprintf(stderr, "prof: '%s' is not a prof-command. See 'prof --help'.\n", cmd);
	if (best > 6)
		return;
	fprintf(stderr, "\n%s\n", n < 2 ? "The most similar command is" :
		"The most similar commands are");
	for (i = 0; i < nr_commands; i++) {
		int d = levenshtein(cmd, commands[i].name, 0, 2, 1, 3);

		if (strstarts(commands[i].name, cmd))
			d = 0;
		if (d == best)
			fprintf(stderr, "\t%s\n", commands[i].name);
	}
}

int main(int argc, const char **argv)
{
	const struct cmd_struct *p;
	const char *cmd = strrchr(argv[0], '/');
	int n;

	cmd = cmd ? cmd + 1 : argv[0];
	/* Invoked as prof-<cmd> (a hard link): run that command. */
	if (strstarts(cmd, "prof-")) {
		argv[0] = cmd + 5;
		p = find_command(argv[0]);
		if (p)
			return run_builtin(p, argc, argv);
	}

	argc--;
	argv++;
	n = handle_global_options(argc, argv);
	if (n < 0)
		return -n - 1;
	argc -= n;
	argv += n;
	if (argc == 0) {
		const char *av[] = { "help", NULL };

		cmd_help(1, av);
		return 1;
	}
	/* "prof stat --help" is "prof help stat", as in perf. */
	if (argc > 1 && !strcmp(argv[1], "--help")) {
		const char *av[] = { "help", argv[0], NULL };

		return run_builtin(find_command("help"), 2, av);
	}
	p = find_command(argv[0]);
	if (!p) {
		suggest(argv[0]);
		return 1;
	}
	return run_builtin(p, argc, argv);
}
