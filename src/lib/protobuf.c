// SPDX-License-Identifier: GPL-2.0-only
/*
 * protobuf.c: the protocol buffers wire format (protobuf.h). A nested
 * message reserves one byte for its length; pb_end() moves the body when
 * the length needs more (bodies of more than 127 bytes), so every length
 * is the shortest varint, as protobuf's own encoders write it.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/protobuf.h"
#include <zlib.h>

static size_t varint_len(u64 v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static void varint_put(u8 *p, u64 v)
{
	while (v >= 0x80) {
		*p++ = (u8)(v | 0x80);
		v >>= 7;
	}
	*p = (u8)v;
}

void pb_varint(struct strbuf *b, u64 v)
{
	u8 tmp[10];

	varint_put(tmp, v);
	strbuf_add(b, tmp, varint_len(v));
}

void pb_uint(struct strbuf *b, u32 f, u64 v)
{
	pb_varint(b, (u64)f << 3);
	pb_varint(b, v);
}

void pb_bytes(struct strbuf *b, u32 f, const void *p, size_t len)
{
	pb_varint(b, (u64)f << 3 | 2);
	pb_varint(b, len);
	strbuf_add(b, p, len);
}

void pb_string(struct strbuf *b, u32 f, const char *s)
{
	pb_bytes(b, f, s, strlen(s));
}

size_t pb_begin(struct strbuf *b, u32 f)
{
	pb_varint(b, (u64)f << 3 | 2);
	strbuf_addch(b, 0);
	return b->len;
}

void pb_end(struct strbuf *b, size_t mark)
{
	size_t body = b->len - mark, n = varint_len(body);

	if (n > 1) {
		strbuf_grow(b, n - 1);
		memmove(b->buf + mark + n - 1, b->buf + mark, body);
		strbuf_setlen(b, b->len + n - 1);
	}
	varint_put((u8 *)b->buf + mark - 1, body);
}

int gzip_write(FILE *out, const void *p, size_t len)
{
	z_stream z = { 0 };
	u8 chunk[65536];
	int ret;

	/* 15 + 16: a gzip header and trailer around the deflate stream */
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		errno = ENOMEM;
		return -1;
	}
	z.next_in = (Bytef *)(uintptr_t)p;
	do {
		size_t n = len > (1u << 30) ? 1u << 30 : len;

		z.avail_in = (uInt)n;
		len -= n;
		do {
			z.next_out = chunk;
			z.avail_out = sizeof(chunk);
			ret = deflate(&z, len ? Z_NO_FLUSH : Z_FINISH);
			if (ret == Z_STREAM_ERROR ||
			    fwrite(chunk, 1, sizeof(chunk) - z.avail_out, out) !=
			    sizeof(chunk) - z.avail_out) {
				deflateEnd(&z);
				if (ret == Z_STREAM_ERROR)
					errno = EINVAL;
				return -1;
			}
		} while (z.avail_out == 0);
	} while (len);
	deflateEnd(&z);
	return ret == Z_STREAM_END ? 0 : (errno = EIO, -1);
}

struct gzip_cookie {
	FILE *out;
	z_stream z;
	bool failed;
};

/* Deflate what is in z with @flush, writing every output chunk to out. */
static int gzip_deflate(struct gzip_cookie *g, int flush)
{
	u8 chunk[65536];
	int ret;

	do {
		g->z.next_out = chunk;
		g->z.avail_out = sizeof(chunk);
		ret = deflate(&g->z, flush);
		if (ret == Z_STREAM_ERROR) {
			errno = EINVAL;
			return -1;
		}
		if (fwrite(chunk, 1, sizeof(chunk) - g->z.avail_out, g->out) !=
		    sizeof(chunk) - g->z.avail_out)
			return -1;
	} while (g->z.avail_out == 0);
	return 0;
}

static ssize_t gzip_cookie_write(void *cookie, const char *buf, size_t size)
{
	struct gzip_cookie *g = cookie;

	g->z.next_in = (Bytef *)(uintptr_t)buf;
	g->z.avail_in = (uInt)(size > (1u << 30) ? 1u << 30 : size);
	size = g->z.avail_in;
	if (gzip_deflate(g, Z_NO_FLUSH)) {
		g->failed = true;
		return -1;
	}
	return (ssize_t)size;
}

static int gzip_cookie_close(void *cookie)
{
	struct gzip_cookie *g = cookie;
	int ret = g->failed ? -1 : 0;

	g->z.next_in = NULL;
	g->z.avail_in = 0;
	if (!ret && gzip_deflate(g, Z_FINISH))
		ret = -1;
	deflateEnd(&g->z);
	free(g);
	if (ret && !errno)
		errno = EIO;
	return ret;
}

FILE *gzip_fopen(FILE *out, int level)
{
	cookie_io_functions_t io = { .write = gzip_cookie_write, .close = gzip_cookie_close };
	struct gzip_cookie *g = xzalloc(sizeof(*g));
	FILE *f;

	g->out = out;
	if (deflateInit2(&g->z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		free(g);
		errno = ENOMEM;
		return NULL;
	}
	f = fopencookie(g, "w", io);
	if (!f) {
		deflateEnd(&g->z);
		free(g);
		return NULL;
	}
	setvbuf(f, NULL, _IOFBF, 1 << 16);	/* deflate in large pieces */
	return f;
}
