// SPDX-License-Identifier: GPL-2.0-only
/*
 * writer.c: struct perf_data_writer, perf.data output in perf 6.1's
 * layout (file mode with the header rewritten at close, or pipe mode).
 */
#include "prof/compat.h"
#include "prof/data-writer.h"
#include "prof/header.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <aio.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#define OUT_BUF_SIZE	(256 * 1024)

/* Features perf never sends in a stream (header.c synthesize == false). */
static const int pipe_skip_feats[] = {
	HEADER_TRACING_DATA, HEADER_BUILD_ID, HEADER_BRANCH_STACK,
	HEADER_AUXTRACE, HEADER_STAT, HEADER_DIR_FORMAT,
};

struct wevent {
	struct perf_event_attr attr;
	char *name;
	u64 *ids;
	u32 nr_ids;
};

struct perf_data_writer {
	int fd;
	bool own_fd;
	bool pipe;
	bool started;
	struct wevent *ev;
	int nr_ev;
	size_t ev_alloc;
	struct strbuf feat[HEADER_FEAT_KNOWN];
	bool has_feat[HEADER_FEAT_KNOWN];
	u64 data_offset, data_size;
	struct strbuf out;
	int err;
	/* --aio: the buffer goes out by aio_write, up to nr_aio at once */
	int nr_aio, next_aio;
	struct aiocb *aio;
	struct strbuf *aio_buf;
	off_t pos;		/* file offset of the next aio write */
};

static int write_all(int fd, const void *buf, size_t len)
{
	const u8 *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int pwrite_all(int fd, const void *buf, size_t len, off_t off)
{
	const u8 *p = buf;

	while (len) {
		ssize_t n = pwrite(fd, p, len, off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		off += n;
		len -= (size_t)n;
	}
	return 0;
}

static int flush_out(struct perf_data_writer *w);

/* Wait for aio block @i to finish; 0 or -errno (a short write is EIO). */
static int aio_wait(struct perf_data_writer *w, int i)
{
	struct aiocb *cb = &w->aio[i];
	const struct aiocb *list[1] = { cb };
	ssize_t n;
	int e;

	if (!cb->aio_nbytes)
		return 0;
	while ((e = aio_error(cb)) == EINPROGRESS)
		aio_suspend(list, 1, NULL);
	n = aio_return(cb);
	if (!e && n >= 0 && (size_t)n < cb->aio_nbytes) {
		/* the rest, synchronously: a short write is rare */
		e = -pwrite_all(w->fd, (const u8 *)cb->aio_buf + n, cb->aio_nbytes - (size_t)n,
				cb->aio_offset + n);
	}
	cb->aio_nbytes = 0;
	return -e;
}

/* Every block finished and the file offset where the next write goes. */
static int aio_drain(struct perf_data_writer *w)
{
	int ret = 0;

	if (!w->nr_aio)
		return 0;
	for (int i = 0; i < w->nr_aio; i++) {
		int e = aio_wait(w, i);

		if (e && !ret)
			ret = e;
	}
	if (!ret && lseek(w->fd, w->pos, SEEK_SET) == (off_t)-1)
		ret = -errno;
	return ret;
}

/* Hand the buffer to the next free block (waiting for it if busy). */
static int aio_out(struct perf_data_writer *w)
{
	int i = w->next_aio, ret = aio_wait(w, i);
	struct aiocb *cb = &w->aio[i];

	if (ret)
		return ret;
	{
		struct strbuf t = w->aio_buf[i];

		w->aio_buf[i] = w->out;
		w->out = t;
		strbuf_reset(&w->out);
	}
	memset(cb, 0, sizeof(*cb));
	cb->aio_fildes = w->fd;
	cb->aio_buf = w->aio_buf[i].buf;
	cb->aio_nbytes = w->aio_buf[i].len;
	cb->aio_offset = w->pos;
	cb->aio_sigevent.sigev_notify = SIGEV_NONE;
	if (aio_write(cb) < 0) {
		ret = -errno;
		cb->aio_nbytes = 0;
		return ret;
	}
	w->pos += (off_t)w->aio_buf[i].len;
	w->next_aio = (i + 1) % w->nr_aio;
	return 0;
}

int perf_data_writer__set_aio(struct perf_data_writer *w, int nr)
{
	if (w->pipe || w->nr_aio || nr <= 0)
		return w->pipe ? -EINVAL : 0;
	if (flush_out(w))
		return w->err;
	w->pos = lseek(w->fd, 0, SEEK_CUR);
	if (w->pos == (off_t)-1)
		return -errno;
	w->aio = xcalloc((size_t)nr, sizeof(*w->aio));
	w->aio_buf = xcalloc((size_t)nr, sizeof(*w->aio_buf));
	for (int i = 0; i < nr; i++)
		strbuf_init(&w->aio_buf[i], OUT_BUF_SIZE);
	w->nr_aio = nr;
	return 0;
}

static int flush_out(struct perf_data_writer *w)
{
	int ret;

	if (w->err)
		return w->err;
	if (!w->out.len)
		return 0;
	ret = w->nr_aio ? aio_out(w) : write_all(w->fd, w->out.buf, w->out.len);
	strbuf_reset(&w->out);
	if (ret)
		w->err = ret;
	return ret;
}

int perf_data_writer__flush(struct perf_data_writer *w)
{
	return flush_out(w);
}

/* Buffered output of header parts and data alike. */
static int emit(struct perf_data_writer *w, const void *buf, size_t len)
{
	if (w->err)
		return w->err;
	if (w->out.len + len > OUT_BUF_SIZE && flush_out(w))
		return w->err;
	if (len >= OUT_BUF_SIZE && !w->nr_aio) {
		int ret = write_all(w->fd, buf, len);

		if (ret)
			w->err = ret;
		return ret;
	}
	strbuf_add(&w->out, buf, len);
	return 0;
}

int perf_data_writer__open_fd(struct perf_data_writer **wp, int fd, bool pipe)
{
	struct perf_data_writer *w = xzalloc(sizeof(*w));
	struct stat st;

	w->fd = fd;
	if (!pipe && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
		      lseek(fd, 0, SEEK_CUR) == (off_t)-1))
		pipe = true;
	w->pipe = pipe;
	for (int i = 0; i < HEADER_FEAT_KNOWN; i++)
		strbuf_init(&w->feat[i], 0);
	strbuf_init(&w->out, OUT_BUF_SIZE);
	*wp = w;
	return 0;
}

int perf_data_writer__open(struct perf_data_writer **wp, const char *path, bool pipe)
{
	int fd, ret;

	if (!strcmp(path, "-"))
		return perf_data_writer__open_fd(wp, STDOUT_FILENO, true);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		*wp = NULL;
		return -errno;
	}
	ret = perf_data_writer__open_fd(wp, fd, pipe);
	(*wp)->own_fd = true;
	return ret;
}

void perf_data_writer__delete(struct perf_data_writer *w)
{
	if (!w)
		return;
	for (int i = 0; i < w->nr_ev; i++) {
		free(w->ev[i].name);
		free(w->ev[i].ids);
	}
	free(w->ev);
	for (int i = 0; i < HEADER_FEAT_KNOWN; i++)
		strbuf_release(&w->feat[i]);
	strbuf_release(&w->out);
	if (w->nr_aio) {
		aio_drain(w);
		for (int i = 0; i < w->nr_aio; i++)
			strbuf_release(&w->aio_buf[i]);
		free(w->aio_buf);
		free(w->aio);
	}
	if (w->own_fd)
		close(w->fd);
	free(w);
}

bool perf_data_writer__is_pipe(const struct perf_data_writer *w)
{
	return w->pipe;
}

u64 perf_data_writer__data_size(const struct perf_data_writer *w)
{
	return w->data_size;
}

int perf_data_writer__add_event(struct perf_data_writer *w, const struct perf_event_attr *attr,
				const char *name, const u64 *ids, u32 nr_ids)
{
	struct wevent *e;

	if (w->started)
		return -EBUSY;
	if (nr_ids > 4096)
		return -E2BIG;	/* keeps a HEADER_ATTR record under 64 KiB */
	w->ev = xgrow(w->ev, sizeof(*w->ev), (size_t)w->nr_ev + 1, &w->ev_alloc);
	e = &w->ev[w->nr_ev++];
	memset(e, 0, sizeof(*e));
	e->attr = *attr;
	e->attr.size = PROF_ATTR_SIZE;
	e->name = xstrdup(name ? name : "");
	e->nr_ids = nr_ids;
	e->ids = xcalloc(nr_ids ? nr_ids : 1, sizeof(u64));
	if (nr_ids)
		memcpy(e->ids, ids, nr_ids * sizeof(u64));
	return 0;
}

void perf_data_writer__set_feature(struct perf_data_writer *w, int feat,
				   const void *body, size_t size)
{
	if (feat <= 0 || feat >= HEADER_FEAT_KNOWN)
		return;
	strbuf_reset(&w->feat[feat]);
	strbuf_add(&w->feat[feat], body, size);
	w->has_feat[feat] = true;
}

void perf_data_writer__set_string(struct perf_data_writer *w, int feat, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	feat__put_string(&sb, s);
	perf_data_writer__set_feature(w, feat, sb.buf, sb.len);
	strbuf_release(&sb);
}

void perf_data_writer__set_cmdline(struct perf_data_writer *w, int argc, const char *const *argv)
{
	struct strbuf sb = STRBUF_INIT;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	exe[n > 0 ? n : 0] = 0;
	/* perf's own path first, then argv */
	feat__put_u32(&sb, (u32)argc + 1);
	feat__put_string(&sb, exe);
	for (int i = 0; i < argc; i++)
		feat__put_string(&sb, argv[i]);
	perf_data_writer__set_feature(w, HEADER_CMDLINE, sb.buf, sb.len);
	strbuf_release(&sb);
}

void perf_data_writer__set_sample_time(struct perf_data_writer *w, u64 first, u64 last)
{
	u64 v[2] = { first, last };

	perf_data_writer__set_feature(w, HEADER_SAMPLE_TIME, v, sizeof(v));
}

void perf_data_writer__set_build_ids(struct perf_data_writer *w,
				     const struct writer_build_id *ids, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < nr; i++)
		feat__put_build_id(&sb, ids[i].pid, ids[i].misc, ids[i].build_id,
				   ids[i].size, ids[i].filename);
	perf_data_writer__set_feature(w, HEADER_BUILD_ID, sb.buf, sb.len);
	strbuf_release(&sb);
}

void perf_data_writer__set_clock(struct perf_data_writer *w, int clockid)
{
	struct timespec res, tod, clk;
	struct strbuf sb = STRBUF_INIT;

	if (clock_getres(clockid, &res) == 0) {
		u64 ns = (u64)res.tv_sec * 1000000000ULL + (u64)res.tv_nsec;

		perf_data_writer__set_feature(w, HEADER_CLOCKID, &ns, sizeof(ns));
	}
	if (clock_gettime(CLOCK_REALTIME, &tod) || clock_gettime(clockid, &clk))
		return;
	feat__put_u32(&sb, 1);
	feat__put_u32(&sb, (u32)clockid);
	feat__put_u64(&sb, (u64)tod.tv_sec * 1000000000ULL + (u64)tod.tv_nsec);
	feat__put_u64(&sb, (u64)clk.tv_sec * 1000000000ULL + (u64)clk.tv_nsec);
	perf_data_writer__set_feature(w, HEADER_CLOCK_DATA, sb.buf, sb.len);
	strbuf_release(&sb);
}

static void build_event_desc(struct perf_data_writer *w)
{
	struct strbuf sb = STRBUF_INIT;

	if (w->has_feat[HEADER_EVENT_DESC] || !w->nr_ev)
		return;
	feat__put_u32(&sb, (u32)w->nr_ev);
	feat__put_u32(&sb, PROF_ATTR_SIZE);
	for (int i = 0; i < w->nr_ev; i++) {
		strbuf_add(&sb, &w->ev[i].attr, PROF_ATTR_SIZE);
		feat__put_u32(&sb, w->ev[i].nr_ids);
		feat__put_string(&sb, w->ev[i].name);
		for (u32 j = 0; j < w->ev[i].nr_ids; j++)
			feat__put_u64(&sb, w->ev[i].ids[j]);
	}
	perf_data_writer__set_feature(w, HEADER_EVENT_DESC, sb.buf, sb.len);
	strbuf_release(&sb);
}

static u64 total_ids(const struct perf_data_writer *w)
{
	u64 n = 0;

	for (int i = 0; i < w->nr_ev; i++)
		n += w->ev[i].nr_ids;
	return n;
}

static void file_header(const struct perf_data_writer *w, struct perf_file_header *h)
{
	memset(h, 0, sizeof(*h));
	h->magic = PERF_MAGIC2;
	h->size = PERF_FILE_HEADER_SIZE;
	h->attr_size = PROF_FILE_ATTR_SIZE;
	h->attrs.offset = PERF_FILE_HEADER_SIZE + total_ids(w) * 8;
	h->attrs.size = (u64)w->nr_ev * PROF_FILE_ATTR_SIZE;
	h->data.offset = h->attrs.offset + h->attrs.size;
	h->data.size = w->data_size;
}

static int start_file(struct perf_data_writer *w)
{
	struct perf_file_header h;
	u64 id_off = PERF_FILE_HEADER_SIZE;

	file_header(w, &h);
	h.data.size = 0;	/* rewritten at close */
	emit(w, &h, sizeof(h));
	for (int i = 0; i < w->nr_ev; i++)
		emit(w, w->ev[i].ids, w->ev[i].nr_ids * sizeof(u64));
	for (int i = 0; i < w->nr_ev; i++) {
		struct perf_file_section ids = { id_off, w->ev[i].nr_ids * sizeof(u64) };

		emit(w, &w->ev[i].attr, PROF_ATTR_SIZE);
		emit(w, &ids, sizeof(ids));
		id_off += ids.size;
	}
	w->data_offset = h.data.offset;
	return w->err;
}

static bool pipe_skips(int feat)
{
	for (size_t i = 0; i < ARRAY_SIZE(pipe_skip_feats); i++)
		if (pipe_skip_feats[i] == feat)
			return true;
	return false;
}

static int start_pipe(struct perf_data_writer *w)
{
	struct perf_pipe_file_header ph = { PERF_MAGIC2, PERF_PIPE_HEADER_SIZE };

	emit(w, &ph, sizeof(ph));
	for (int i = 0; i < w->nr_ev; i++) {
		struct perf_event_header eh = {
			.type = PERF_RECORD_HEADER_ATTR,
			.size = (u16)(8 + PROF_ATTR_SIZE + w->ev[i].nr_ids * 8),
		};

		emit(w, &eh, sizeof(eh));
		emit(w, &w->ev[i].attr, PROF_ATTR_SIZE);
		emit(w, w->ev[i].ids, w->ev[i].nr_ids * sizeof(u64));
	}
	build_event_desc(w);
	for (int f = 1; f < HEADER_LAST_FEATURE_61; f++) {
		struct perf_event_header eh = { .type = PERF_RECORD_HEADER_FEATURE };
		u64 id = (u64)f;

		if (!w->has_feat[f] || pipe_skips(f) || w->feat[f].len > 65535 - 16)
			continue;
		eh.size = (u16)(16 + w->feat[f].len);
		emit(w, &eh, sizeof(eh));
		emit(w, &id, sizeof(id));
		emit(w, w->feat[f].buf, w->feat[f].len);
	}
	{
		/* the end marker perf 6.1 expects: its HEADER_LAST_FEATURE */
		struct perf_event_header eh = { .type = PERF_RECORD_HEADER_FEATURE, .size = 16 };
		u64 id = HEADER_LAST_FEATURE_61;

		emit(w, &eh, sizeof(eh));
		emit(w, &id, sizeof(id));
	}
	/* EVENT_UPDATE NAME per event, as perf 6.1 streams do */
	for (int i = 0; i < w->nr_ev; i++) {
		size_t len = strnlen(w->ev[i].name, 4096), padded = ALIGN_UP(len + 1, (size_t)8);
		struct perf_event_header eh = { .type = PERF_RECORD_EVENT_UPDATE,
						.size = (u16)(24 + padded) };
		u64 hdr[2] = { 2 /* NAME */, w->ev[i].ids[0] };

		if (!w->ev[i].nr_ids || !len)
			continue;
		emit(w, &eh, sizeof(eh));
		emit(w, hdr, sizeof(hdr));
		emit(w, w->ev[i].name, len);
		emit(w, "\0\0\0\0\0\0\0\0", padded - len);
	}
	return w->err;
}

int perf_data_writer__start(struct perf_data_writer *w)
{
	if (w->started)
		return -EBUSY;
	w->started = true;
	return w->pipe ? start_pipe(w) : start_file(w);
}

int perf_data_writer__start_copy(struct perf_data_writer *w)
{
	struct perf_pipe_file_header ph = { PERF_MAGIC2, PERF_PIPE_HEADER_SIZE };

	if (w->started)
		return -EBUSY;
	if (!w->pipe || w->nr_ev)
		return -EINVAL;
	w->started = true;
	emit(w, &ph, sizeof(ph));
	return w->err;
}

int perf_data_writer__write(struct perf_data_writer *w, const void *buf, size_t len)
{
	int ret;

	if (!w->started)
		return -EINVAL;
	ret = emit(w, buf, len);
	if (!ret)
		w->data_size += len;
	return ret;
}

static int finish_file(struct perf_data_writer *w)
{
	struct perf_file_header h;
	struct strbuf tail = STRBUF_INIT;
	u64 feat_off, body_off;
	int nr = 0, ret;

	build_event_desc(w);
	file_header(w, &h);
	for (int f = 1; f < HEADER_FEAT_KNOWN; f++)
		if (w->has_feat[f]) {
			feat_bit_set(h.adds_features, f);
			nr++;
		}
	feat_off = h.data.offset + h.data.size;
	body_off = feat_off + (u64)nr * sizeof(struct perf_file_section);
	for (int f = 1; f < HEADER_FEAT_KNOWN; f++) {
		struct perf_file_section sec;

		if (!w->has_feat[f])
			continue;
		sec.offset = body_off;
		sec.size = w->feat[f].len;
		strbuf_add(&tail, &sec, sizeof(sec));
		body_off += sec.size;
	}
	for (int f = 1; f < HEADER_FEAT_KNOWN; f++)
		if (w->has_feat[f])
			strbuf_add(&tail, w->feat[f].buf, w->feat[f].len);
	emit(w, tail.buf, tail.len);
	strbuf_release(&tail);
	ret = flush_out(w);
	if (!ret)
		ret = aio_drain(w);
	if (ret)
		return ret;
	/* the header, now that data.size and the features are known */
	ret = pwrite_all(w->fd, &h, sizeof(h), 0);
	if (ret)
		return ret;
	if (ftruncate(w->fd, (off_t)body_off) < 0)
		return -errno;
	return 0;
}

int perf_data_writer__close(struct perf_data_writer *w)
{
	int ret;

	if (!w->started)
		ret = perf_data_writer__start(w);
	else
		ret = w->err;
	if (!ret)
		ret = w->pipe ? flush_out(w) : finish_file(w);
	if (w->own_fd) {
		if (close(w->fd) < 0 && !ret)
			ret = -errno;
		w->own_fd = false;
	}
	perf_data_writer__delete(w);
	return ret;
}
