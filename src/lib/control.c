// SPDX-License-Identifier: GPL-2.0-only
/*
 * control.c: the --control channel (control.h).
 */
#include "prof/control.h"
#include "prof/util.h"
#include <fcntl.h>

static char bad_buf[PATH_MAX];

static int open_one(const char *s, bool fifo, int *fd, const char **bad)
{
	if (fifo) {
		/* O_RDWR: the open does not wait for a writer, nor EOF without one */
		*fd = open(s, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (*fd < 0) {
			int err = errno;

			snprintf(bad_buf, sizeof(bad_buf), "%s", s);
			*bad = bad_buf;
			return -err;
		}
		return 0;
	} else {
		char *end;
		long v;

		errno = 0;
		v = strtol(s, &end, 10);
		if (end == s || *end || errno || v < 0 || v > INT_MAX)
			return -EINVAL;
		if (fcntl((int)v, F_GETFD) < 0) {
			snprintf(bad_buf, sizeof(bad_buf), "%ld", v);
			*bad = bad_buf;
			return -EBADF;
		}
		*fd = (int)v;
		return 0;
	}
}

int ctl_fd__open(struct ctl_fd *c, const char *spec, const char **bad)
{
	bool fifo;
	char *copy, *comma;
	int ret;

	memset(c, 0, sizeof(*c));
	c->ctl = c->ack = -1;
	*bad = NULL;
	if (strstarts(spec, "fifo:"))
		fifo = true;
	else if (strstarts(spec, "fd:"))
		fifo = false;
	else
		return -EINVAL;
	copy = xstrdup(strchr(spec, ':') + 1);
	comma = strchr(copy, ',');
	if (comma)
		*comma++ = '\0';
	if (!*copy || (comma && !*comma)) {
		free(copy);
		return -EINVAL;
	}
	c->own = fifo;
	ret = open_one(copy, fifo, &c->ctl, bad);
	if (!ret && comma)
		ret = open_one(comma, fifo, &c->ack, bad);
	free(copy);
	if (ret) {
		ctl_fd__close(c);
		return ret;
	}
	if (!fifo) {
		/* the caller's descriptor: read it without blocking */
		int fl = fcntl(c->ctl, F_GETFL);

		if (fl >= 0)
			fcntl(c->ctl, F_SETFL, fl | O_NONBLOCK);
	}
	return 0;
}

void ctl_fd__close(struct ctl_fd *c)
{
	if (c->own) {
		if (c->ctl >= 0)
			close(c->ctl);
		if (c->ack >= 0)
			close(c->ack);
	}
	c->ctl = c->ack = -1;
}

static const struct {
	const char *word;
	enum ctl_cmd cmd;
} ctl_words[] = {
	{ "enable", CTL_CMD_ENABLE },
	{ "disable", CTL_CMD_DISABLE },
	{ "evlist", CTL_CMD_EVLIST },
	{ "snapshot", CTL_CMD_SNAPSHOT },
	{ "stop", CTL_CMD_STOP },
	{ "ping", CTL_CMD_PING },
};

static enum ctl_cmd ctl_fd__parse(char *line, char *arg, size_t size)
{
	char *s = strim(line);
	size_t n = strcspn(s, " \t");

	if (size)
		arg[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(ctl_words); i++) {
		if (strlen(ctl_words[i].word) != n || strncmp(s, ctl_words[i].word, n))
			continue;
		if (size)
			snprintf(arg, size, "%s", strim(s + n));
		return ctl_words[i].cmd;
	}
	if (size)
		snprintf(arg, size, "%s", s);
	return CTL_CMD_UNKNOWN;
}

enum ctl_cmd ctl_fd__read(struct ctl_fd *c, char *arg, size_t size)
{
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		ssize_t r;

		if (nl) {
			char line[sizeof(c->buf) + 1];
			size_t n = (size_t)(nl - c->buf);
			enum ctl_cmd cmd;

			memcpy(line, c->buf, n);
			line[n] = '\0';
			c->len -= n + 1;
			memmove(c->buf, nl + 1, c->len);
			/* NULs (perf's acks echoed back, say) are not part of a command */
			for (size_t i = 0; i < n; i++)
				if (!line[i])
					line[i] = ' ';
			cmd = ctl_fd__parse(line, arg, size);
			if (cmd == CTL_CMD_UNKNOWN && !*arg)
				continue;	/* an empty line */
			return cmd;
		}
		if (c->len == sizeof(c->buf)) {
			/* a line longer than any command: drop it */
			c->len = 0;
			return CTL_CMD_UNKNOWN;
		}
		if (c->ctl < 0)
			return CTL_CMD_NONE;
		r = read(c->ctl, c->buf + c->len, sizeof(c->buf) - c->len);
		if (r <= 0)
			return CTL_CMD_NONE;
		c->len += (size_t)r;
	}
}

void ctl_fd__ack(struct ctl_fd *c)
{
	if (c->ack >= 0 && write(c->ack, "ack\n", 4) != 4)
		pr_debug(1, "control: failed to write the ack: %s", strerror(errno));
}
