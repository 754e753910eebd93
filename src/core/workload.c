// SPDX-License-Identifier: GPL-2.0-only
/*
 * workload.c: fork, cork, exec (see include/prof/workload.h).
 *
 * Design note:
 *   1. Both pipes are O_CLOEXEC: the exec'd program inherits neither,
 *      and a successful exec closes the error pipe's write end, which the
 *      parent sees as EOF (no errno to read: success).
 *   2. The child blocks in read() on the cork pipe; if prof dies before
 *      uncorking, read() returns 0 and the child exits without exec.
 *   3. SIGPIPE-free: the child only writes to the error pipe, whose read
 *      end the parent keeps open until workload__start() returns.
 */
#include "prof/compat.h"
#include "prof/workload.h"
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

static void child(const char *const argv[], int go_fd, int err_fd, bool stdout_to_stderr)
{
	char c;
	int e;

	prctl(PR_SET_NAME, "prof-exec");
	if (stdout_to_stderr && dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		_exit(127);
	if (read(go_fd, &c, 1) != 1)
		_exit(127);
	execvp(argv[0], (char *const *)argv);
	e = errno;
	if (write(err_fd, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

int workload__prepare(struct workload *w, const char *const argv[])
{
	int go[2], err[2];
	pid_t pid;

	w->pid = -1;
	w->cork_fd = w->err_fd = -1;
	w->exec_errno = 0;
	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(err, O_CLOEXEC)) {
		int e = errno;

		close(go[0]);
		close(go[1]);
		return -e;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		int e = errno;

		close(go[0]);
		close(go[1]);
		close(err[0]);
		close(err[1]);
		return -e;
	}
	if (pid == 0) {
		close(go[1]);
		close(err[0]);
		child(argv, go[0], err[1], w->stdout_to_stderr);
	}
	close(go[0]);
	close(err[1]);
	w->pid = pid;
	w->cork_fd = go[1];
	w->err_fd = err[0];
	return 0;
}

int workload__start(struct workload *w)
{
	char c = 0;
	int e = 0;
	ssize_t n;

	if (w->cork_fd < 0)
		return -EINVAL;
	if (write(w->cork_fd, &c, 1) != 1) {
		e = errno;
		close(w->cork_fd);
		w->cork_fd = -1;
		return -e;
	}
	close(w->cork_fd);
	w->cork_fd = -1;
	do {
		n = read(w->err_fd, &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(w->err_fd);
	w->err_fd = -1;
	if (n == (ssize_t)sizeof(e)) {
		w->exec_errno = e ? e : ENOEXEC;
		return -w->exec_errno;
	}
	return 0;
}

void workload__abort(struct workload *w)
{
	if (w->cork_fd >= 0) {
		close(w->cork_fd);	/* the child sees EOF and exits */
		w->cork_fd = -1;
	}
	if (w->err_fd >= 0) {
		close(w->err_fd);
		w->err_fd = -1;
	}
	if (w->pid > 0) {
		kill(w->pid, SIGTERM);
		waitpid(w->pid, NULL, 0);
		w->pid = -1;
	}
}
