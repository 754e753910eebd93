// SPDX-License-Identifier: GPL-2.0-only
/* file.c: read small files (sysfs, procfs) whole. */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/strbuf.h"
#include <fcntl.h>

/* Read to EOF: from @fd's offset, or (@from_start) from 0 with pread. */
static char *read_all(int fd, bool from_start, size_t *lenp)
{
	struct strbuf sb = STRBUF_INIT;
	off_t off = 0;

	for (;;) {
		ssize_t n;

		strbuf_grow(&sb, 4096);
		if (from_start)
			n = pread(fd, sb.buf + sb.len, sb.alloc - sb.len - 1, off);
		else
			n = read(fd, sb.buf + sb.len, sb.alloc - sb.len - 1);
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			strbuf_release(&sb);
			errno = err;
			return NULL;
		}
		if (n == 0)
			break;
		off += n;
		strbuf_setlen(&sb, sb.len + (size_t)n);
	}
	return strbuf_detach(&sb, lenp);
}

char *read_fd_str(int fd, size_t *lenp)
{
	return read_all(fd, true, lenp);
}

char *read_file_str(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	char *s;

	if (fd < 0)
		return NULL;
	s = read_all(fd, false, lenp);
	err = errno;
	close(fd);
	errno = err;
	return s;
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
