// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe-file.c: reading and writing tracefs's uprobe_events and
 * kprobe_events (probe-file.h).
 */
#include "prof/compat.h"
#include "prof/probe-file.h"
#include "prof/tracepoint.h"
#include "prof/util.h"
#include <fcntl.h>

char *probe_file__path(bool uprobe)
{
	const char *events = tracepoint__events_dir();
	size_t len = strlen(events);

	/* tracepoint__events_dir() ends in "/events" */
	if (len > 7 && !strcmp(events + len - 7, "/events"))
		len -= 7;
	return xasprintf("%.*s/%s", (int)len, events,
			 uprobe ? "uprobe_events" : "kprobe_events");
}

void probe_entries__free(struct probe_entry *e, int nr)
{
	for (int i = 0; i < nr; i++) {
		free(e[i].group);
		free(e[i].event);
		free(e[i].target);
		free(e[i].path);
		free(e[i].symbol);
		free(e[i].args);
		free(e[i].raw);
	}
	free(e);
}

/* One line: "p:G/E TARGET ARGS"; false if it is not one. */
static bool parse_line(char *line, bool uprobe, struct probe_entry *e)
{
	char *sp, *slash, *target, *colon;

	memset(e, 0, sizeof(*e));
	if ((line[0] != 'p' && line[0] != 'r') || line[1] != ':' || !strchr(line, '/'))
		return false;
	e->raw = xstrdup(line);
	e->uprobe = uprobe;
	e->retprobe = line[0] == 'r';
	line += 2;
	sp = strchr(line, ' ');
	if (!sp) {
		free(e->raw);
		return false;
	}
	*sp = '\0';
	slash = strchr(line, '/');
	if (!slash) {
		free(e->raw);
		return false;
	}
	e->group = xstrndup(line, (size_t)(slash - line));
	e->event = xstrdup(slash + 1);
	target = sp + 1;
	sp = strchr(target, ' ');
	e->args = xstrdup(sp ? sp + 1 : "");
	if (sp)
		*sp = '\0';
	e->target = xstrdup(target);
	if (uprobe) {
		colon = strrchr(target, ':');
		if (colon) {
			e->path = xstrndup(target, (size_t)(colon - target));
			e->offset = strtoull(colon + 1, NULL, 0);
		} else {
			e->path = xstrdup(target);
		}
	} else {
		char *plus = strchr(target, '+');

		colon = strchr(target, ':');
		if (plus) {
			e->offset = strtoull(plus + 1, NULL, 0);
			*plus = '\0';
		}
		e->symbol = xstrdup(colon && (!plus || colon < plus) ? colon + 1 : target);
	}
	return true;
}

int probe_file__read(bool uprobe, struct probe_entry **out)
{
	char *path = probe_file__path(uprobe), *text, *line, *save = NULL;
	struct probe_entry *arr = NULL;
	size_t alloc = 0;
	int nr = 0, err;

	*out = NULL;
	text = read_file_str(path, NULL);
	err = errno;
	free(path);
	if (!text)
		return -err;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct probe_entry e;

		if (!parse_line(line, uprobe, &e))
			continue;
		arr = xgrow(arr, sizeof(*arr), (size_t)nr + 1, &alloc);
		arr[nr++] = e;
	}
	free(text);
	*out = arr;
	return nr;
}

int probe_file__write(bool uprobe, const char *line)
{
	char *path = probe_file__path(uprobe), *buf;
	int fd, err = 0;
	ssize_t len, n;

	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		free(path);
		return err;
	}
	pr_debug(1, "Writing event: %s\n", line);
	buf = xasprintf("%s\n", line);
	len = (ssize_t)strlen(buf);
	n = write(fd, buf, (size_t)len);
	if (n != len)
		err = n < 0 ? -errno : -EIO;
	free(buf);
	close(fd);
	free(path);
	return err;
}
