/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * control.h: perf's --control channel. A controlling process writes one
 * command per line ("enable", "disable cycles", "ping", ...) to a control
 * descriptor and may read "ack\n" from an acknowledgement one after each.
 * The spec is "fd:CTL[,ACK]" (descriptors inherited from the caller) or
 * "fifo:CTL[,ACK]" (named pipes opened here).
 */
#ifndef PROF_CONTROL_H
#define PROF_CONTROL_H

#include "compat.h"

enum ctl_cmd {
	CTL_CMD_NONE,		/* nothing complete to read yet */
	CTL_CMD_ENABLE,		/* enable [event] */
	CTL_CMD_DISABLE,	/* disable [event] */
	CTL_CMD_EVLIST,		/* evlist [-v] */
	CTL_CMD_SNAPSHOT,
	CTL_CMD_STOP,
	CTL_CMD_PING,
	CTL_CMD_UNKNOWN,
};

struct ctl_fd {
	int ctl, ack;		/* -1: none */
	bool own;		/* opened here (fifo:): closed by ctl_fd__close */
	char buf[256];		/* a partial line read so far */
	size_t len;
};

/*
 * Parse and open @spec. Returns 0, -EINVAL for a malformed spec, or
 * -errno when a fifo cannot be opened or an fd is not open; *bad names
 * the path or number at fault (a pointer into a static buffer).
 */
int ctl_fd__open(struct ctl_fd *c, const char *spec, const char **bad);
void ctl_fd__close(struct ctl_fd *c);

/*
 * Read what is there without blocking and return the next complete
 * command; its argument (the text after the command word, trimmed) is
 * copied to @arg. CTL_CMD_NONE when no whole line is there.
 */
enum ctl_cmd ctl_fd__read(struct ctl_fd *c, char *arg, size_t size);

/* "ack\n" on the ack descriptor, if there is one. */
void ctl_fd__ack(struct ctl_fd *c);

#endif
