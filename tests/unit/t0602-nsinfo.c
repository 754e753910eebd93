// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0602-nsinfo: the namespaces of a process. Our own and a missing pid
 * have no nsinfo (nothing to translate); a child in a new mount and pid
 * namespace (root only) gets one, with its own pid there and its files
 * reached under its root, not ours.
 */
#include "prof/compat.h"
#include "prof/nsinfo.h"
#include "prof/util.h"
#include "tap.h"
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>

/* In a new mount namespace: a tmpfs on /mnt holding "inside"; then wait. */
static int child_main(int ready)
{
	int fd;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("none", "/mnt", "tmpfs", 0, NULL))
		_exit(1);
	fd = open("/mnt/prof-nsinfo-test", O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || write(fd, "inside", 6) != 6)
		_exit(1);
	close(fd);
	if (write(ready, "x", 1) != 1)
		_exit(1);
	pause();
	_exit(0);
}

static void test_child(void)
{
	char buf[PATH_MAX], got[32] = "";
	struct nsinfo *nsi;
	int p[2], fd;
	pid_t pid;

	if (getuid() != 0 || pipe(p)) {
		ok(1, "# SKIP not root");
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (unshare(CLONE_NEWNS))
			_exit(1);
		child_main(p[1]);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], got, 1) != 1) {
		ok(1, "# SKIP cannot make a mount namespace");
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return;
	}
	nsi = nsinfo__new(pid);
	ok(nsi && nsi->need_setns && !nsi->in_pidns, "a child in its own mount namespace");
	if (nsi) {
		is_int(nsi->nstgid, pid, "same pid namespace: same pid");
		nsinfo__path(nsi, "/mnt/x", buf, sizeof(buf));
		snprintf(got, sizeof(got), "/proc/%d/", (int)pid);
		ok(strstarts(buf, got), "its paths are under its root: %s", buf);
		is_int(nsinfo__pin(nsi), 0, "pinned");
		fd = nsinfo__open(nsi, "/mnt/prof-nsinfo-test", O_RDONLY);
		memset(got, 0, sizeof(got));
		ok(fd >= 0 && read(fd, got, 6) == 6 && !strcmp(got, "inside"),
		   "its file, not ours");
		if (fd >= 0)
			close(fd);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (nsi) {
		/* The namespace is held: its tmpfs outlives the process. */
		fd = nsinfo__open(nsi, "/mnt/prof-nsinfo-test", O_RDONLY);
		ok(fd >= 0, "still there after it exited");
		if (fd >= 0)
			close(fd);
	}
	nsinfo__put(nsi);
	close(p[0]);
}

int main(void)
{
	char buf[64];

	ok(nsinfo__new(getpid()) == NULL, "our own namespaces: no nsinfo");
	ok(nsinfo__new(0) == NULL && nsinfo__new(-1) == NULL, "no pid, no nsinfo");
	ok(nsinfo__new(0x3ffffff0) == NULL, "a missing process has none");
	nsinfo__path(NULL, "/usr/lib/x", buf, sizeof(buf));
	is_str(buf, "/usr/lib/x", "without nsinfo a path stays");
	test_child();
	return done_testing();
}
