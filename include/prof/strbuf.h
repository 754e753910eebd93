/* SPDX-License-Identifier: GPL-2.0-only */
/* strbuf.h: a growable NUL-terminated byte buffer (git's idiom). */
#ifndef PROF_STRBUF_H
#define PROF_STRBUF_H

#include "compat.h"

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;	/* always NUL-terminated, never NULL after init */
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { .alloc = 0, .len = 0, .buf = strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* Hands the buffer to the caller (free() it); @sb is reinitialised. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __printf(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

#endif /* PROF_STRBUF_H */
