/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * readahead.h: the next chunks of a file's data section, read by a helper
 * thread while the walker delivers the records of the current one
 * (session.c's walk_file; internal to the session layer).
 */
#ifndef PROF_READAHEAD_H
#define PROF_READAHEAD_H

#include "ordered-events.h"

struct readahead;

/*
 * A helper reading [from, end) of @fd in chunks of @chunk bytes, each into
 * a buffer of @oe's (oe->buf_size bytes) at offset @head, so that a
 * record straddling the previous chunk's end can be put in front of it.
 * NULL when no thread could be made (the caller reads by itself).
 */
struct readahead *readahead__start(struct ordered_events *oe, int fd, size_t head,
				   size_t chunk, u64 end);

/*
 * The chunk that starts at file offset @at, if it was asked for: waits
 * for it and returns its buffer (the caller's reference; its bytes at
 * ->data + head) with *got set to the bytes read. NULL when the next
 * chunk asked for starts elsewhere, or when its read failed or came
 * short (the caller then reads by itself and says why).
 */
struct oe_buf *readahead__take(struct readahead *ra, u64 at, size_t *got);

/* Ask for chunks from @from on (where the last one asked ended if 0), up to the depth. */
void readahead__issue(struct readahead *ra, u64 from);

/* Forget the chunks asked for (the walker jumped, or reads by itself). */
void readahead__drain(struct readahead *ra);

/* Stop the helper and free what it holds. */
void readahead__stop(struct readahead *ra);

#endif /* PROF_READAHEAD_H */
