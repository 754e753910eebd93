// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0204-control: the --control channel: its specs (fd:, fifo:), commands
 * split at newlines whatever the writes, arguments, acks.
 */
#include "prof/compat.h"
#include "prof/control.h"
#include "prof/util.h"
#include "tap.h"
#include <fcntl.h>
#include <sys/stat.h>

static void put(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		diag("short write");
}

int main(void)
{
	struct ctl_fd c;
	const char *bad;
	char arg[64], spec[2 * PATH_MAX + 8], buf[16], dir[] = "/tmp/t0204-XXXXXX", ctl[PATH_MAX], ack[PATH_MAX];
	int p[2], a[2];
	ssize_t n;

	is_int(ctl_fd__open(&c, "foo", &bad), -EINVAL, "no fd: or fifo: prefix");
	is_int(ctl_fd__open(&c, "fd:", &bad), -EINVAL, "fd: without a number");
	is_int(ctl_fd__open(&c, "fd:abc", &bad), -EINVAL, "fd: with a word");
	is_int(ctl_fd__open(&c, "fd:3,", &bad), -EINVAL, "an empty ack part");
	is_int(ctl_fd__open(&c, "fifo:", &bad), -EINVAL, "fifo: without a path");
	is_int(ctl_fd__open(&c, "fd:987", &bad), -EBADF, "an fd that is not open");
	is_str(bad, "987", "... named");
	is_int(ctl_fd__open(&c, "fifo:/nonexistent/ctl", &bad), -ENOENT, "a missing fifo");
	is_str(bad, "/nonexistent/ctl", "... named");

	if (pipe(p) || pipe(a))
		skip_all("no pipes");
	snprintf(spec, sizeof(spec), "fd:%d,%d", p[0], a[1]);
	is_int(ctl_fd__open(&c, spec, &bad), 0, "fd:ctl,ack");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_NONE, "nothing written: no command");
	put(p[1], "ena");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_NONE, "half a line: no command yet");
	put(p[1], "ble\n\ndisable  cycles \nping\nevlist\nsnapshot\nstop\nbogus x\n");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_ENABLE, "enable, across two writes");
	is_str(arg, "", "... without an argument");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_DISABLE, "an empty line skipped: disable");
	is_str(arg, "cycles", "... with its event, trimmed");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_PING, "ping");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_EVLIST, "evlist");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_SNAPSHOT, "snapshot");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_STOP, "stop");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_UNKNOWN, "an unknown word");
	is_str(arg, "bogus x", "... given back whole");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_NONE, "then nothing");
	if (write(p[1], "enable\0\n", 8) != 8)
		diag("short write");
	is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_ENABLE, "a NUL before the newline");
	ctl_fd__ack(&c);
	n = read(a[0], buf, sizeof(buf));
	is_int(n, 4, "the ack: four bytes");
	ok(n == 4 && !memcmp(buf, "ack\n", 4), "... \"ack\\n\"");
	ctl_fd__close(&c);
	ok(fcntl(p[0], F_GETFD) >= 0, "the caller's fds stay open");

	if (!mkdtemp(dir))
		skip_all("no temporary directory");
	snprintf(ctl, sizeof(ctl), "%s/ctl", dir);
	snprintf(ack, sizeof(ack), "%s/ack", dir);
	if (mkfifo(ctl, 0600) || mkfifo(ack, 0600))
		skip_all("no fifos");
	snprintf(spec, sizeof(spec), "fifo:%s,%s", ctl, ack);
	is_int(ctl_fd__open(&c, spec, &bad), 0, "fifo:ctl,ack opens without a writer");
	{
		int w = open(ctl, O_WRONLY | O_NONBLOCK), r = open(ack, O_RDONLY | O_NONBLOCK);

		put(w, "disable\n");
		is_int(ctl_fd__read(&c, arg, sizeof(arg)), CTL_CMD_DISABLE, "a command from the fifo");
		ctl_fd__ack(&c);
		n = read(r, buf, sizeof(buf));
		ok(n == 4 && !memcmp(buf, "ack\n", 4), "the ack in the ack fifo");
		close(w);
		close(r);
	}
	ctl_fd__close(&c);
	unlink(ctl);
	unlink(ack);
	rmdir(dir);
	return done_testing();
}
