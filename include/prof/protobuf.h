/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * protobuf.h: the protocol buffers wire format, written into a strbuf:
 * varints, tagged varint and length-delimited fields, nested messages and
 * packed repeated fields (whose length is filled in when they end), and
 * a gzip stream of the whole (zlib). Enough to write a message without a
 * generated encoder; nothing is read.
 */
#ifndef PROF_PROTOBUF_H
#define PROF_PROTOBUF_H

#include "compat.h"
#include "strbuf.h"
#include <stdio.h>

void pb_varint(struct strbuf *b, u64 v);
/* field @f as a varint (wire type 0); int64 fields pass their two's complement */
void pb_uint(struct strbuf *b, u32 f, u64 v);
/* field @f, @len bytes (wire type 2): strings, bytes */
void pb_bytes(struct strbuf *b, u32 f, const void *p, size_t len);
void pb_string(struct strbuf *b, u32 f, const char *s);
/*
 * A nested message or packed field @f: what is written between
 * pb_begin() and pb_end(b, mark) is its body, the length is put before it.
 */
size_t pb_begin(struct strbuf *b, u32 f);
void pb_end(struct strbuf *b, size_t mark);

/* @len bytes of @p to @out as one gzip member. 0, or -1 with errno. */
int gzip_write(FILE *out, const void *p, size_t len);

/*
 * A stream whose writes go to @out (borrowed, left open) as one gzip
 * member deflated at @level (zlib's 1, fastest, to 9), for output too
 * large to hold in memory: fclose() of it ends the member
 * and fails (EOF, errno set) when a write to @out failed. NULL with errno
 * set on failure.
 */
FILE *gzip_fopen(FILE *out, int level);

#endif /* PROF_PROTOBUF_H */
