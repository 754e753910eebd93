// SPDX-License-Identifier: GPL-2.0-only
/*
 * ordered-events.c: records are queued in arrival order and sorted by
 * (time, arrival) when flushed; FINISHED_ROUND flushes what is older than
 * the maximum timestamp seen at the previous round (perf's two-round rule);
 * when the queued records exceed the budget the older half is flushed.
 *
 * Records in a buffer the file is read into are queued by reference (no
 * copy, no malloc per record): each holds its buffer until delivered.
 * Others (a stream's buffer, a byte-swapped or decompressed record) are
 * copied. The budget counts each record as it always did, record size +
 * OE_ITEM_COST, whether copied or not, so the over-budget flushes (and so
 * the delivery order) do not depend on it.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "ordered-events.h"

#define OE_ITEM_COST	32	/* budget bytes per queued record beyond its size */

void ordered_events__init(struct ordered_events *oe, oe_deliver_fn fn, void *ctx,
			  u64 budget)
{
	memset(oe, 0, sizeof(*oe));
	oe->deliver = fn;
	oe->ctx = ctx;
	oe->budget = budget;
}

void ordered_events__set_bufs(struct ordered_events *oe, size_t size, bool cache)
{
	oe->buf_size = size;
	oe->cache_bufs = cache;
}

struct oe_buf *oe_buf__get(struct ordered_events *oe)
{
	struct oe_buf *b = oe->free_bufs;

	if (b) {
		oe->free_bufs = b->next;
	} else {
		b = xmalloc(sizeof(*b));
		b->size = oe->buf_size;
		b->data = xmalloc(b->size);
	}
	b->next = NULL;
	b->refs = 1;
	oe->bufs_out++;
	return b;
}

void oe_buf__put(struct ordered_events *oe, struct oe_buf *b)
{
	if (!b || --b->refs)
		return;
	oe->bufs_out--;
	if (oe->cache_bufs && b->size == oe->buf_size) {
		b->next = oe->free_bufs;
		oe->free_bufs = b;
		return;
	}
	free(b->data);
	free(b);
}

bool ordered_events__may_borrow(const struct ordered_events *oe)
{
	u64 limit = oe->budget > 4 * (u64)oe->buf_size ? oe->budget : 4 * (u64)oe->buf_size;

	return (u64)oe->bufs_out * oe->buf_size <= limit;
}

/* Release what a delivered or dropped item holds. */
static void item_release(struct ordered_events *oe, struct oe_item *it)
{
	if (it->buf)
		oe_buf__put(oe, it->buf);
	else
		free(it->event);
}

void ordered_events__exit(struct ordered_events *oe)
{
	for (size_t i = oe->head; i < oe->nr; i++)
		item_release(oe, &oe->q[i]);
	while (oe->free_bufs) {
		struct oe_buf *b = oe->free_bufs;

		oe->free_bufs = b->next;
		free(b->data);
		free(b);
	}
	free(oe->q);
	free(oe->tmp);
	oe->q = oe->tmp = NULL;
	oe->head = oe->nr = oe->sorted = oe->alloc = oe->tmp_alloc = 0;
	oe->bytes = 0;
}

static bool item_less(const struct oe_item *a, const struct oe_item *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/* Move the queued items to the front of the array. */
static void compact(struct ordered_events *oe)
{
	if (!oe->head)
		return;
	memmove(oe->q, oe->q + oe->head, (oe->nr - oe->head) * sizeof(*oe->q));
	oe->nr -= oe->head;
	oe->sorted -= oe->head;
	oe->head = 0;
}

/* End of the ascending run that starts at @i. */
static size_t run_end(const struct oe_item *v, size_t i, size_t n)
{
	for (i++; i < n && !item_less(&v[i], &v[i - 1]); i++)
		;
	return i;
}

static void merge(const struct oe_item *a, size_t na, const struct oe_item *b, size_t nb,
		  struct oe_item *out)
{
	while (na && nb) {
		if (item_less(b, a)) {
			*out++ = *b++;
			nb--;
		} else {
			*out++ = *a++;
			na--;
		}
	}
	memcpy(out, a, na * sizeof(*a));
	memcpy(out + na, b, nb * sizeof(*b));
}

/*
 * Sort the queue: a natural merge sort, O(n log runs), stable (and the
 * keys are unique anyway: seq).
 */
static void sort_queue(struct ordered_events *oe)
{
	struct oe_item *src, *dst, *t;
	size_t n;

	if (oe->sorted == oe->nr)
		return;
	compact(oe);
	n = oe->nr;
	if (run_end(oe->q, 0, n) == n) {
		oe->sorted = n;
		return;
	}
	oe->tmp = xgrow(oe->tmp, sizeof(*oe->tmp), n, &oe->tmp_alloc);
	src = oe->q;
	dst = oe->tmp;
	for (;;) {
		size_t i = 0, runs = 0;

		while (i < n) {
			size_t mid = run_end(src, i, n), end;

			runs++;
			if (mid == n) {
				memcpy(dst + i, src + i, (n - i) * sizeof(*src));
				break;
			}
			end = run_end(src, mid, n);
			merge(src + i, mid - i, src + mid, end - mid, dst + i);
			i = end;
		}
		t = src;
		src = dst;
		dst = t;
		if (runs == 1)
			break;
	}
	if (src != oe->q)
		memcpy(oe->q, src, n * sizeof(*src));
	oe->sorted = n;
}

/* Deliver queued records with time <= @limit, at most @max of them. */
static int flush_upto(struct ordered_events *oe, u64 limit, size_t max)
{
	int ret = 0;

	sort_queue(oe);
	while (oe->head < oe->nr && max-- && oe->q[oe->head].time <= limit) {
		struct oe_item it = oe->q[oe->head++];

		oe->bytes -= it.event->header.size + OE_ITEM_COST;
		oe->last_flush = it.time;
		if (!ret)
			ret = oe->deliver(oe->ctx, it.event, it.file_offset);
		item_release(oe, &it);
		if (ret)
			break;
	}
	if (oe->head == oe->nr)
		oe->head = oe->nr = oe->sorted = 0;
	return ret;
}

int ordered_events__flush(struct ordered_events *oe, enum oe_flush how)
{
	size_t queued = oe->nr - oe->head;
	int ret;

	switch (how) {
	case OE_FLUSH__FINAL:
		return flush_upto(oe, (u64)-1, SIZE_MAX);
	case OE_FLUSH__HALF:
		return flush_upto(oe, (u64)-1, queued / 2 ? queued / 2 : 1);
	case OE_FLUSH__ROUND:
	default:
		ret = flush_upto(oe, oe->next_flush, SIZE_MAX);
		if (!ret)
			oe->next_flush = oe->max_timestamp;
		return ret;
	}
}

static int queue(struct ordered_events *oe, const union perf_event *event,
		 u64 time, u64 file_offset, struct oe_buf *buf)
{
	struct oe_item *it;
	size_t size = event->header.size;

	if (time == 0 || time == (u64)-1)
		return -ETIME;
	if (time < oe->last_flush)
		oe->nr_unordered++;
	if (time > oe->max_timestamp)
		oe->max_timestamp = time;
	if (oe->nr == oe->alloc && oe->head)
		compact(oe);
	oe->q = xgrow(oe->q, sizeof(*oe->q), oe->nr + 1, &oe->alloc);
	it = &oe->q[oe->nr];
	it->time = time;
	it->seq = oe->seq++;
	it->file_offset = file_offset;
	it->buf = buf;
	if (buf) {
		buf->refs++;
		it->event = (union perf_event *)event;
	} else {
		it->event = xmalloc(size);
		memcpy(it->event, event, size);
	}
	if (oe->sorted == oe->nr && (oe->nr == oe->head || !item_less(it, it - 1)))
		oe->sorted++;
	oe->nr++;
	oe->bytes += size + OE_ITEM_COST;
	if (oe->budget && oe->bytes > oe->budget)
		return ordered_events__flush(oe, OE_FLUSH__HALF);
	return 0;
}

int ordered_events__queue(struct ordered_events *oe, const union perf_event *event,
			  u64 time, u64 file_offset)
{
	return queue(oe, event, time, file_offset, NULL);
}

int ordered_events__queue_borrowed(struct ordered_events *oe, const union perf_event *event,
				   u64 time, u64 file_offset, struct oe_buf *buf)
{
	return queue(oe, event, time, file_offset, buf);
}
