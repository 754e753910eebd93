// SPDX-License-Identifier: GPL-2.0-only
/*
 * readahead.c: a helper thread that reads the next chunks of a file's
 * data section while the walker delivers the records of the current one.
 *
 * On a large file a third of a reader's time can be the kernel's copy
 * out of the page cache (a --call-graph dwarf file's 8 KiB stacks): the
 * helper does that copy on another CPU. It only ever calls pread() into
 * buffers it is handed; the buffers, the ordered queue and the records
 * stay the walker's. A ring of RA_DEPTH requests: the walker asks for
 * chunks in file order and takes them in the same order.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "readahead.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>

#define RA_DEPTH 2

struct ra_req {
	struct oe_buf *buf;
	u64 at;
	size_t want, got;
	int err;		/* errno of a failed read */
	bool done;
};

struct readahead {
	struct ordered_events *oe;
	int fd;
	size_t head, chunk;
	u64 end_of_data;
	u64 end;		/* where the last chunk asked for ends */
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct ra_req q[RA_DEPTH];
	unsigned first, nr;	/* the requests asked for, oldest first */
	unsigned busy;		/* the helper's next: first + busy, while < nr */
	bool quit;
};

static void ra_read(struct readahead *ra, struct ra_req *r)
{
	u8 *dst = r->buf->data + ra->head;

	r->got = 0;
	r->err = 0;
	while (r->got < r->want) {
		ssize_t n = pread(ra->fd, dst + r->got, r->want - r->got, (off_t)(r->at + r->got));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r->err = errno;
			break;
		}
		if (n == 0)
			break;
		r->got += (size_t)n;
	}
}

static void *ra_main(void *arg)
{
	struct readahead *ra = arg;

	pthread_mutex_lock(&ra->mu);
	for (;;) {
		struct ra_req *r;

		while (!ra->quit && ra->busy >= ra->nr)
			pthread_cond_wait(&ra->work, &ra->mu);
		if (ra->quit)
			break;
		r = &ra->q[(ra->first + ra->busy) % RA_DEPTH];
		pthread_mutex_unlock(&ra->mu);
		ra_read(ra, r);
		pthread_mutex_lock(&ra->mu);
		r->done = true;
		ra->busy++;
		pthread_cond_signal(&ra->done);
	}
	pthread_mutex_unlock(&ra->mu);
	return NULL;
}

struct readahead *readahead__start(struct ordered_events *oe, int fd, size_t head,
				   size_t chunk, u64 end)
{
	struct readahead *ra = xzalloc(sizeof(*ra));
	sigset_t all, old;
	int err;

	ra->oe = oe;
	ra->fd = fd;
	ra->head = head;
	ra->chunk = chunk;
	ra->end_of_data = end;
	pthread_mutex_init(&ra->mu, NULL);
	pthread_cond_init(&ra->work, NULL);
	pthread_cond_init(&ra->done, NULL);
	/* signals (^C, SIGPIPE from the pager) stay the main thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&ra->th, NULL, ra_main, ra);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		pthread_cond_destroy(&ra->done);
		pthread_cond_destroy(&ra->work);
		pthread_mutex_destroy(&ra->mu);
		free(ra);
		return NULL;
	}
	return ra;
}

/* Wait for the oldest request and drop it from the ring: its buffer is the caller's. */
static struct ra_req ra_pop(struct readahead *ra)
{
	struct ra_req r;

	pthread_mutex_lock(&ra->mu);
	while (!ra->q[ra->first % RA_DEPTH].done)
		pthread_cond_wait(&ra->done, &ra->mu);
	r = ra->q[ra->first % RA_DEPTH];
	ra->first++;
	ra->nr--;
	ra->busy--;
	pthread_mutex_unlock(&ra->mu);
	return r;
}

struct oe_buf *readahead__take(struct readahead *ra, u64 at, size_t *got)
{
	struct ra_req r;

	if (!ra->nr || ra->q[ra->first % RA_DEPTH].at != at)
		return NULL;
	r = ra_pop(ra);
	if (r.err || r.got < r.want) {
		oe_buf__put(ra->oe, r.buf);
		readahead__drain(ra);
		return NULL;
	}
	*got = r.got;
	return r.buf;
}

void readahead__issue(struct readahead *ra, u64 from)
{
	bool asked = false;

	if (!ra->nr)
		ra->end = from;
	pthread_mutex_lock(&ra->mu);
	while (ra->nr < RA_DEPTH && ra->end < ra->end_of_data) {
		struct ra_req *r = &ra->q[(ra->first + ra->nr) % RA_DEPTH];
		u64 left = ra->end_of_data - ra->end;

		/* oe_buf__get is the walker's: the helper only reads into what it is given */
		r->buf = oe_buf__get(ra->oe);
		r->at = ra->end;
		r->want = left < ra->chunk ? (size_t)left : ra->chunk;
		r->done = false;
		ra->end += r->want;
		ra->nr++;
		asked = true;
	}
	if (asked)
		pthread_cond_signal(&ra->work);
	pthread_mutex_unlock(&ra->mu);
}

void readahead__drain(struct readahead *ra)
{
	while (ra->nr) {
		struct ra_req r = ra_pop(ra);

		oe_buf__put(ra->oe, r.buf);
	}
}

void readahead__stop(struct readahead *ra)
{
	if (!ra)
		return;
	readahead__drain(ra);
	pthread_mutex_lock(&ra->mu);
	ra->quit = true;
	pthread_cond_signal(&ra->work);
	pthread_mutex_unlock(&ra->mu);
	pthread_join(ra->th, NULL);
	pthread_cond_destroy(&ra->done);
	pthread_cond_destroy(&ra->work);
	pthread_mutex_destroy(&ra->mu);
	free(ra);
}
