// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0307-readahead: the helper thread that reads a data section's next
 * chunks (src/session/readahead.c): chunks come in file order with the
 * file's bytes behind the room asked for, a take at another offset gets
 * nothing, the last chunk is short at the end asked for, a file that
 * shrank under the helper gives no chunk (the walker then reads by
 * itself and says why), a drain lets go of every buffer, and stopping
 * with reads pending returns.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "../../src/session/readahead.h"
#include "tap.h"

#define HEAD 16
#define CHUNK 4096
#define FILE_SIZE (10 * CHUNK + 123)

static u8 byte_at(u64 off)
{
	return (u8)(off * 131 + (off >> 8));
}

static bool chunk_is(const struct oe_buf *b, u64 at, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b->data[HEAD + i] != byte_at(at + i))
			return false;
	return true;
}

int main(void)
{
	char path[] = "/tmp/prof-t0307-XXXXXX";
	struct ordered_events oe;
	struct readahead *ra;
	struct oe_buf *b;
	u8 *bytes = xmalloc(FILE_SIZE);
	size_t got = 0;
	bool order = true;
	int fd = mkstemp(path);
	u64 at;

	if (fd < 0)
		skip_all("no temporary file: %s", strerror(errno));
	for (u64 i = 0; i < FILE_SIZE; i++)
		bytes[i] = byte_at(i);
	if (write(fd, bytes, FILE_SIZE) != FILE_SIZE)
		skip_all("could not write the temporary file");
	ordered_events__init(&oe, NULL, NULL, 0);
	ordered_events__set_bufs(&oe, HEAD + CHUNK, true);

	/* the section from 100 to the end, chunk after chunk */
	ra = readahead__start(&oe, fd, HEAD, CHUNK, FILE_SIZE);
	ok(ra, "the helper starts");
	readahead__issue(ra, 100);
	ok(!readahead__take(ra, 99, &got), "a take elsewhere than the next chunk gets nothing");
	for (at = 100; at < FILE_SIZE; at += got) {
		b = readahead__take(ra, at, &got);
		if (!b) {
			order = false;
			break;
		}
		if (!chunk_is(b, at, got) || (got != CHUNK && at + got != FILE_SIZE))
			order = false;
		oe_buf__put(&oe, b);
		readahead__issue(ra, at + got);
	}
	ok(order && at == FILE_SIZE, "every chunk in order, the file's bytes behind the room, the last one short");
	is_int(oe.bufs_out, 0, "every buffer given back");

	/* a jump: drain, then ask from elsewhere */
	readahead__issue(ra, 0);
	ok(oe.bufs_out == 2, "two chunks asked for at a time");
	readahead__drain(ra);
	is_int(oe.bufs_out, 0, "a drain lets go of the chunks asked for");
	readahead__issue(ra, 3 * CHUNK + 5);
	b = readahead__take(ra, 3 * CHUNK + 5, &got);
	ok(b && got == CHUNK && chunk_is(b, 3 * CHUNK + 5, got), "after a drain, chunks from the new place");
	if (b)
		oe_buf__put(&oe, b);
	readahead__drain(ra);
	readahead__stop(ra);

	/* the file shrinks under the helper: no chunk past its new end */
	ra = readahead__start(&oe, fd, HEAD, CHUNK, FILE_SIZE);
	if (ftruncate(fd, 5 * CHUNK))
		diag("ftruncate: %s", strerror(errno));
	readahead__issue(ra, 4 * CHUNK + 10);
	ok(!readahead__take(ra, 4 * CHUNK + 10, &got), "a chunk cut short by a shrunk file is not given");
	is_int(oe.bufs_out, 0, "and its buffers are let go");

	/* stopping with reads asked for and not taken */
	readahead__issue(ra, 0);
	readahead__issue(ra, 100);
	readahead__stop(ra);
	is_int(oe.bufs_out, 0, "a stop with chunks pending lets go of them");
	readahead__stop(NULL);

	ordered_events__exit(&oe);
	close(fd);
	unlink(path);
	free(bytes);
	return done_testing();
}
