// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0001-parse-options: the option parser's perf semantics. Usage errors
 * exit the process, so those cases run in a child and check its status
 * and what it printed.
 */
#include "prof/compat.h"
#include "prof/parse-options.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <sys/wait.h>

static bool all_cpus, no_inherit, big_num = true;
static int verbose_lvl, repeat;
static unsigned int pages;
static u64 period;
static const char *output, *cpu_list, *optarg_str;
static bool cb_unset;
static char cb_seen[256];
static bool repeat_set;

static int event_cb(const struct option *opt, const char *arg, int unset)
{
	cb_unset = unset;
	if (arg) {
		strncat(cb_seen, arg, sizeof(cb_seen) - strlen(cb_seen) - 2);
		strcat(cb_seen, ";");
	}
	if (arg && !strcmp(arg, "bad")) {
		fprintf(stderr, "bad event\n");
		return -1;
	}
	return 0;
}

static const char *const usage[] = {
	"prof test [<options>] [<command>]",
	"prof test [<options>] -- <command> [<options>]",
	NULL
};

static const struct option options[] = {
	OPT_BOOLEAN('a', "all-cpus", &all_cpus, "system-wide collection from all CPUs"),
	OPT_BOOLEAN('i', "no-inherit", &no_inherit, "child tasks do not inherit counters"),
	OPT_BOOLEAN('B', "big-num", &big_num, "print large numbers with thousands' separators"),
	OPT_INCR('v', "verbose", &verbose_lvl, "be more verbose"),
	OPT_INTEGER('r', "repeat", &repeat, "repeat command and print average + stddev"),
	OPT_UINTEGER('m', "mmap-pages", &pages, "number of mmap data pages"),
	OPT_U64('c', "count", &period, "event period to sample"),
	OPT_STRING('o', "output", &output, "file", "output file name"),
	OPT_STRING('C', "cpu", &cpu_list, "cpu", "list of cpus to monitor"),
	OPT_STRING_OPTARG(0, "switch-output", &optarg_str, "signal", "switch output", "signal"),
	OPT_CALLBACK('e', "event", NULL, "event", "event selector", event_cb),
	OPT_END()
};

static void reset(void)
{
	all_cpus = no_inherit = false;
	big_num = true;
	verbose_lvl = repeat = 0;
	pages = 0;
	period = 0;
	output = cpu_list = optarg_str = NULL;
	cb_unset = false;
	cb_seen[0] = '\0';
	repeat_set = false;
}

/* Parse a NULL-terminated list; returns argc left, args in @out. */
static int parse(const char **out, int flags, ...)
{
	static const char *argv[32];
	va_list ap;
	int argc = 0, i, n;
	const char *a;

	reset();
	argv[argc++] = "test";
	va_start(ap, flags);
	while ((a = va_arg(ap, const char *)))
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	n = parse_options(argc, argv, options, usage, flags);
	for (i = 0; i <= n; i++)
		out[i] = argv[i];
	return n;
}

/* Run a parse in a child; returns its exit status, stderr in @err. */
static int parse_in_child(struct strbuf *err, const char **args)
{
	int fds[2], status;
	pid_t pid;
	char buf[4096];
	ssize_t n;

	if (pipe(fds))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		const char *argv[32];
		int argc = 0;

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		argv[argc++] = "test";
		while (*args)
			argv[argc++] = *args++;
		argv[argc] = NULL;
		parse_options(argc, argv, options, usage, PARSE_OPT_STOP_AT_NON_OPTION);
		_exit(0);
	}
	close(fds[1]);
	strbuf_reset(err);
	while ((n = read(fds[0], buf, sizeof(buf))) > 0)
		strbuf_add(err, buf, (size_t)n);
	close(fds[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void test_basic(void)
{
	const char *rest[32];
	int n;

	n = parse(rest, 0, "-a", "--repeat", "5", "-o", "out.data", NULL);
	ok(all_cpus, "short boolean");
	is_int(repeat, 5, "--opt value");
	is_str(output, "out.data", "-o value");
	is_int(n, 0, "nothing left");

	n = parse(rest, 0, "--repeat=7", "-r3", "-ofile", NULL);
	is_int(repeat, 3, "last of --opt=value and -rN wins");
	is_str(output, "file", "value glued to a short option");

	n = parse(rest, 0, "-avv", "-r", "2", NULL);
	ok(all_cpus && verbose_lvl == 2, "bundled short options -avv");
	is_int(repeat, 2, "separate value after a bundle");

	n = parse(rest, 0, "-ar4", NULL);
	ok(all_cpus && repeat == 4, "bundle ending in an option with a glued value");

	n = parse(rest, 0, "--no-big-num", NULL);
	ok(!big_num, "--no-opt negates a boolean");

	n = parse(rest, 0, "--no-inherit", NULL);
	ok(no_inherit, "an option named no-... is matched as itself, not a negation");

	n = parse(rest, 0, "-i", "--inherit", NULL);
	ok(!no_inherit, "--inherit negates an option named no-inherit");

	n = parse(rest, 0, "--rep", "9", "--all", NULL);
	ok(repeat == 9 && all_cpus, "unambiguous long prefixes");

	n = parse(rest, 0, "--no-big", NULL);
	ok(!big_num, "negated prefix");

	n = parse(rest, 0, "-c", "0x10", "-m", "64", NULL);
	ok(period == 16 && pages == 64, "numbers in any base");

	n = parse(rest, 0, "-e", "a,b", "--event", "c", "-e{d,e}", NULL);
	is_str(cb_seen, "a,b;c;{d,e};", "callbacks see every value");

	n = parse(rest, 0, "--switch-output", NULL);
	is_str(optarg_str, "signal", "optional value absent: default");
	n = parse(rest, 0, "--switch-output=10s", NULL);
	is_str(optarg_str, "10s", "optional value given with =");
	n = parse(rest, 0, "--switch-output", "x", NULL);
	ok(!strcmp(optarg_str, "signal") && n == 1 && !strcmp(rest[0], "x"),
	   "optional value never takes the next argument");

	n = parse(rest, 0, "-a", "file1", "-r", "2", "file2", NULL);
	ok(n == 2 && !strcmp(rest[0], "file1") && !strcmp(rest[1], "file2") &&
	   repeat == 2, "without STOP_AT_NON_OPTION non-options are collected");

	n = parse(rest, PARSE_OPT_STOP_AT_NON_OPTION, "-r", "5", "ls", "-l", NULL);
	ok(n == 2 && !strcmp(rest[0], "ls") && !strcmp(rest[1], "-l") && repeat == 5,
	   "stat -r 5 ls -l leaves the workload's -l alone");

	n = parse(rest, PARSE_OPT_STOP_AT_NON_OPTION, "-a", "--", "-x", "y", NULL);
	ok(n == 2 && !strcmp(rest[0], "-x"), "-- ends options and is dropped");

	n = parse(rest, PARSE_OPT_KEEP_DASHDASH, "--", "z", NULL);
	ok(n == 2 && !strcmp(rest[0], "--"), "KEEP_DASHDASH keeps --");

	n = parse(rest, PARSE_OPT_KEEP_ARGV0, "-a", "w", NULL);
	ok(n == 2 && !strcmp(rest[0], "test") && !strcmp(rest[1], "w"), "KEEP_ARGV0");

	n = parse(rest, 0, "-", NULL);
	ok(n == 1 && !strcmp(rest[0], "-"), "a lone - is an argument");
	ok(rest[n] == NULL, "argv stays NULL-terminated");
}

static void test_errors(void)
{
	struct strbuf err = STRBUF_INIT;
	int rc;

	rc = parse_in_child(&err, (const char *[]){ "-Z", NULL });
	is_int(rc, 129, "unknown switch exits 129");
	ok(strstarts(err.buf, "  Error: unknown switch `Z'\n\n Usage: prof test"),
	   "unknown switch message, one blank line, usage");
	ok(strstr(err.buf, "\n Usage: prof test [<options>] [<command>]\n") != NULL,
	   "full usage follows");
	ok(strstr(err.buf, "    or: prof test [<options>] -- <command> [<options>]\n") != NULL,
	   "second usage line");

	rc = parse_in_child(&err, (const char *[]){ "--bogus", NULL });
	ok(rc == 129 && strstr(err.buf, "  Error: unknown option `bogus'\n"), "unknown option");

	rc = parse_in_child(&err, (const char *[]){ "-r", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: switch `r' requires a value\n"),
	   "missing value for a short option");
	ok(strstr(err.buf, "    -r, --repeat <n>      repeat command") != NULL,
	   "the failing option's help line is shown");
	ok(strstr(err.buf, "--all-cpus") == NULL, "and only that one");

	rc = parse_in_child(&err, (const char *[]){ "--repeat", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: option `repeat' requires a value\n"),
	   "missing value for a long option");

	rc = parse_in_child(&err, (const char *[]){ "-r", "x", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: switch `r' expects a numerical value\n"),
	   "non-numeric value");

	rc = parse_in_child(&err, (const char *[]){ "-m", "-1", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: switch `m' expects an unsigned numerical value\n"),
	   "a negative value for an unsigned option: perf's words");

	rc = parse_in_child(&err, (const char *[]){ "-m", "1-2", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: switch `m' expects a numerical value\n"),
	   "a value that is no number for an unsigned option");

	rc = parse_in_child(&err, (const char *[]){ "--all-cpus=3", NULL });
	ok(rc == 129 && strstarts(err.buf, " Error: option `all-cpus' takes no value\n Usage:"),
	   "value for a flag");
	ok(!strstr(err.buf, "--all-cpus "), "no option matches 'all-cpus=3', as in perf");

	rc = parse_in_child(&err, (const char *[]){ "--rep", "x", NULL });
	ok(rc == 129 && strstr(err.buf, " Error: option `repeat' expects a numerical value\n") &&
	   strstr(err.buf, "    -r, --repeat <n>"), "abbreviated: the options it prefixes are shown");

	rc = parse_in_child(&err, (const char *[]){ "--re", NULL });
	ok(rc == 129, "a prefix that fits one option but lacks its value");

	rc = parse_in_child(&err, (const char *[]){ "--c", NULL });
	ok(rc == 129 && strstarts(err.buf, " Error: Ambiguous option: c (could be --count or --cpu)\n\n Usage:"),
	   "ambiguous prefix names the last two matches");
	ok(strstr(err.buf, "    -c, --count <n>") && strstr(err.buf, "    -C, --cpu <cpu>") &&
	   !strstr(err.buf, "--all-cpus"), "and lists the options it could be");

	rc = parse_in_child(&err, (const char *[]){ "-e", "bad", NULL });
	ok(rc == 129 && strstr(err.buf, "bad event\n") &&
	   strstr(err.buf, "    -e, --event <event>"), "callback failure is a usage error");

	rc = parse_in_child(&err, (const char *[]){ "-h", NULL });
	is_int(rc, 129, "-h exits 129 as perf does");
	ok(strstr(err.buf, "    -a, --all-cpus        system-wide collection from all CPUs\n") != NULL,
	   "help lines in perf's columns");
	ok(strstr(err.buf, "        --switch-output[=<signal>]\n"
			   "                          switch output\n") != NULL,
	   "long option without short name; wrapped help");

	rc = parse_in_child(&err, (const char *[]){ "--help", NULL });
	is_int(rc, 129, "--help exits 129 too");

	/* perf's order: by lower-cased short name, long-only options last. */
	rc = parse_in_child(&err, (const char *[]){ "-h", NULL });
	{
		const char *a = strstr(err.buf, "-a, --all"), *b = strstr(err.buf, "-B, --big"),
			   *c = strstr(err.buf, "-c, --count"), *C = strstr(err.buf, "-C, --cpu"),
			   *s = strstr(err.buf, "--switch-output");

		ok(a && b && c && C && s && a < b && b < c && c < C && C < s,
		   "options sorted as perf sorts them");
	}
	strbuf_release(&err);
}

int main(void)
{
	test_basic();
	test_errors();
	return done_testing();
}
