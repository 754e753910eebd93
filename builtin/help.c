// SPDX-License-Identifier: GPL-2.0-only
/*
 * help.c: "prof help [--all] [--man|--web|--info] [command]". Without a
 * command it lists the commands; with one it shows the command's manual
 * page: by default the man page when man can find it and stdout is a
 * terminal, else the asciidoc text built into the binary (so help works
 * from a bare build tree too). --man and --info always run that viewer;
 * --web is refused as perf refuses it without an HTML manual.
 */
#include "prof/compat.h"
#include "prof/pager.h"
#include "prof/parse-options.h"
#include "prof/util.h"
#include "builtin.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>

enum help_format {
	HELP_FORMAT_DEFAULT,
	HELP_FORMAT_MAN,
	HELP_FORMAT_INFO,
	HELP_FORMAT_WEB,
};

static const char *const help_usage[] = {
	"prof help [--all] [--man|--web|--info] [command]",
	NULL
};

static void list_common_cmds(void)
{
	size_t i;

	printf("\n usage: prof [--version] [--help] [OPTIONS] COMMAND [ARGS]\n\n");
	printf(" The most commonly used prof commands are:\n");
	for (i = 0; i < nr_commands; i++)
		printf("   %-15s %s\n", commands[i].name, commands[i].summary);
	printf("\n See 'prof help COMMAND' for more information on a specific command.\n\n");
}

/*
 * perf help -a: the commands in columns, down then across, as wide as the
 * terminal. perf lists its exec-path programs there; every prof command
 * is built in, so these are all of them.
 */
static void list_all_cmds(void)
{
	size_t longest = 0, i, rows, cols = 1, r, c;
	int width = pager_term_columns() - 1;
	const char *title = "available prof commands (built in)";

	for (i = 0; i < nr_commands; i++)
		if (strlen(commands[i].name) > longest)
			longest = strlen(commands[i].name);
	if ((int)longest + 1 < width)
		cols = (size_t)width / (longest + 1);
	rows = (nr_commands + cols - 1) / cols;

	printf("\n Usage: prof [--version] [--help] [OPTIONS] COMMAND [ARGS]\n\n");
	printf("%s\n", title);
	for (i = 0; i < strlen(title); i++)
		putchar('-');
	putchar('\n');
	for (r = 0; r < rows; r++) {
		printf("  ");
		for (c = 0; c < cols; c++) {
			size_t n = c * rows + r;
			int pad = (int)longest + 1;

			if (n >= nr_commands)
				break;
			if (c == cols - 1 || n + rows >= nr_commands)
				pad = 1;
			printf("%-*s", pad, commands[n].name);
		}
		putchar('\n');
	}
	printf("\n See 'prof help COMMAND' for more information on a specific command.\n\n");
}

/*
 * Run a viewer and wait for it. Returns its exit status, or -1 when it
 * could not be run (the child said why, unless @quiet).
 */
static int run_viewer(const char *const argv[], bool quiet)
{
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return error("fork: %s", strerror(errno));
	if (pid == 0) {
		int devnull = quiet ? open("/dev/null", O_WRONLY) : -1;

		if (devnull >= 0)
			dup2(devnull, STDERR_FILENO);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "failed to exec '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return error("waitpid: %s", strerror(errno));
	if (!WIFEXITED(status))
		return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status);
}

/*
 * man for @page: the page "make doc" built, if there is one, else the
 * installed page. Returns man's exit status, or -1 if man did not run.
 */
static int show_man(const char *page, bool quiet)
{
	char *local = xasprintf("%s/%s.1", PROF_DOCDIR, page);
	const char *argv[] = { "man", page, NULL, NULL };
	struct stat st;
	int ret;

	if (!stat(local, &st)) {
		argv[1] = "-l";
		argv[2] = local;
	}
	ret = run_viewer(argv, quiet);
	free(local);
	return ret;
}

/*
 * The page built into prof, through man -l (formatted and paged as man
 * does) when there is a man; 0 when man showed it.
 */
static int show_builtin_man(const struct builtin_doc *doc)
{
	char path[] = "/tmp/prof-help-XXXXXX";
	const char *argv[] = { "man", "-l", path, NULL };
	size_t len = strlen(doc->roff);
	int fd = mkstemp(path), ret = -1;

	if (fd < 0)
		return -1;
	if (write(fd, doc->roff, len) == (ssize_t)len && !close(fd))
		ret = run_viewer(argv, true);
	else
		close(fd);
	unlink(path);
	return ret;
}

/* info falls back to the man page when there is no info manual. */
static int show_info(const char *page)
{
	const char *argv[] = { "info", page, NULL };

	return run_viewer(argv, false);
}

/*
 * perf opens <html dir>/<page>.html in a browser and refuses, with this
 * message, when the directory is missing. prof builds no HTML manual.
 */
static int show_html(const char *page)
{
	const char *dir = PROF_DOCDIR "/html";
	struct stat st;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return error("'%s': not a documentation directory.", dir);
	return error("'%s/%s.html': no HTML manual is built for prof", dir, page);
}

int cmd_help(int argc, const char **argv)
{
	bool all = false;
	unsigned int format = HELP_FORMAT_DEFAULT;
	const struct option options[] = {
		OPT_BOOLEAN('a', "all", &all, "print all available commands"),
		OPT_SET_UINT('m', "man", &format, "show man page", HELP_FORMAT_MAN),
		OPT_SET_UINT('w', "web", &format, "show manual in web browser",
			     HELP_FORMAT_WEB),
		OPT_SET_UINT('i', "info", &format, "show info page", HELP_FORMAT_INFO),
		OPT_END()
	};
	char page[128];
	const struct builtin_doc *doc;
	const char *name;
	int ret;

	argc = parse_options(argc, argv, options, help_usage, 0);
	if (all) {
		list_all_cmds();
		return 0;
	}
	if (argc == 0) {
		list_common_cmds();
		return 0;
	}
	name = argv[0];
	if (strcmp(name, "prof") && !find_command(name)) {
		fprintf(stderr, "prof: '%s' is not a prof-command. See 'prof --help'.\n",
			name);
		return 1;
	}
	snprintf(page, sizeof(page), "%s%s", strcmp(name, "prof") ? "prof-" : "",
		 name);
	switch (format) {
	case HELP_FORMAT_MAN:
		return show_man(page, false);
	case HELP_FORMAT_INFO:
		return show_info(page);
	case HELP_FORMAT_WEB:
		return show_html(page);
	default:
		break;
	}
	doc = builtin_doc(name);
	/*
	 * On a terminal: man with the built or installed page, else man
	 * with the page built into prof. Elsewhere, or without man: the
	 * text man would show, through the pager.
	 */
	if (isatty(STDOUT_FILENO)) {
		ret = show_man(page, true);
		if (!ret || (doc && !show_builtin_man(doc)))
			return 0;
	}
	if (!doc) {
		fprintf(stderr, "no manual for '%s'\n", page);
		return -1;
	}
	setup_pager();
	fputs(doc->text, stdout);
	return 0;
}
