// SPDX-License-Identifier: GPL-2.0-only
/* file.c: read small files (sysfs, procfs) whole. */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/strbuf.h"
#include <fcntl.h>

char *read_file_str(const char *path, size_t *lenp)
{
	struct strbuf sb = STRBUF_INIT;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	for (;;) {
		ssize_t n;

		strbuf_grow(&sb, 4096);
		n = read(fd, sb.buf + sb.len, sb.alloc - sb.len - 1);
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			close(fd);
			strbuf_release(&sb);
			errno = err;
			return NULL;
		}
		if (n == 0)
			break;
		strbuf_setlen(&sb, sb.len + (size_t)n);
	}
	close(fd);
	return strbuf_detach(&sb, lenp);
}

int read_file_u64(const char *path, u64 *val)
{
	char *s = read_file_str(path, NULL), *end;
	int ret = 0;

	if (!s)
		return -errno;
	errno = 0;
	*val = strtoull(s, &end, 0);
	if (errno || end == s)
		ret = -EINVAL;
	free(s);
	return ret;
}

int read_file_int(const char *path, int *val)
{
	char *s = read_file_str(path, NULL), *end;
	long v;
	int ret = 0;

	if (!s)
		return -errno;
	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || end == s || v < INT_MIN || v > INT_MAX)
		ret = -EINVAL;
	else
		*val = (int)v;
	free(s);
	return ret;
}
