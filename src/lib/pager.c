// SPDX-License-Identifier: GPL-2.0-only
/*
 * pager.c: run less (or $PAGER) on our standard output. The pager is a
 * child; we write into a pipe that replaced our stdout. Waiting for it at
 * exit keeps the terminal usable after "prof list | less"-style sessions
 * end early (q in less gives us SIGPIPE, which ends us quietly).
 */
#include "prof/compat.h"
#include "prof/pager.h"
#include "prof/util.h"
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>

int pager_use = -1;
static pid_t pager_pid;
static int term_columns;

static const char *pager_program(void)
{
	const char *env[] = { "PROF_PAGER", "PERF_PAGER", "PAGER" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(env); i++) {
		const char *p = getenv(env[i]);

		if (p)
			return p;
	}
	return "less";
}

static void wait_for_pager(void)
{
	if (!pager_pid)
		return;
	fflush(stdout);
	fflush(stderr);
	/* Closing our ends tells the pager the input is over. */
	close(STDOUT_FILENO);
	close(STDERR_FILENO);
	while (waitpid(pager_pid, NULL, 0) < 0 && errno == EINTR)
		;
	pager_pid = 0;
}

static void wait_for_pager_signal(int sig)
{
	wait_for_pager();
	signal(sig, SIG_DFL);
	raise(sig);
}

int pager_term_columns(void)
{
	struct winsize ws;

	if (term_columns)
		return term_columns;
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

void setup_pager(void)
{
	const char *pager;
	struct winsize ws;
	int fds[2];
	pid_t pid;

	if (pager_use == 0 || pager_pid || !isatty(STDOUT_FILENO))
		return;
	pager = pager_program();
	if (!*pager || !strcmp(pager, "cat"))
		return;
	/* The pager owns the terminal from now on: remember its width. */
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws))
		term_columns = ws.ws_col;
	if (pipe(fds))
		return;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		setenv("LESS", "FRX", 0);
		execlp("sh", "sh", "-c", pager, (char *)NULL);
		fprintf(stderr, "unable to run pager '%s': %s\n", pager, strerror(errno));
		_exit(127);
	}
	pager_pid = pid;
	dup2(fds[1], STDOUT_FILENO);
	if (isatty(STDERR_FILENO))
		dup2(fds[1], STDERR_FILENO);
	close(fds[0]);
	close(fds[1]);
	atexit(wait_for_pager);
	signal(SIGINT, wait_for_pager_signal);
	signal(SIGHUP, wait_for_pager_signal);
	signal(SIGTERM, wait_for_pager_signal);
	signal(SIGPIPE, wait_for_pager_signal);
}

bool pager_in_use(void)
{
	return pager_pid != 0;
}
