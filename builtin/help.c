// SPDX-License-Identifier: GPL-2.0-only
/*
 * help.c: "prof help [command]". Without a command it lists the commands;
 * with one it shows the command's manual page: the installed man page when
 * man can find it and stdout is a terminal, else the asciidoc text built
 * into the binary (so help works from a bare build tree too).
 */
#include "prof/compat.h"
#include "prof/parse-options.h"
#include "prof/util.h"
#include "builtin.h"
#include <fcntl.h>
#include <sys/wait.h>

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

/* Try "man prof-<cmd>"; returns 0 if man showed it. */
static int try_man(const char *page)
{
	pid_t pid;
	int status;

	if (!isatty(STDOUT_FILENO))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int devnull = open("/dev/null", O_WRONLY);

		if (devnull >= 0)
			dup2(devnull, STDERR_FILENO);
		execlp("man", "man", page, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int cmd_help(int argc, const char **argv)
{
	bool all = false, man = false, web = false, info = false;
	const struct option options[] = {
		OPT_BOOLEAN('a', "all", &all, "print all available commands"),
		OPT_BOOLEAN('m', "man", &man, "show man page"),
		OPT_BOOLEAN('w', "web", &web, "show manual in web browser"),
		OPT_BOOLEAN('i', "info", &info, "show info page"),
		OPT_END()
	};
	char page[128];
	const char *doc, *name;

	argc = parse_options(argc, argv, options, help_usage, 0);
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
	if (!try_man(page))
		return 0;
	doc = builtin_doc(name);
	if (!doc) {
		fprintf(stderr, "no manual for '%s'\n", page);
		return -1;
	}
	fputs(doc, stdout);
	return 0;
}
