// SPDX-License-Identifier: GPL-2.0-only
/*
 * ordered-events.c: records are queued by timestamp in a binary min-heap
 * keyed (time, arrival); FINISHED_ROUND flushes what is older than the
 * maximum timestamp seen at the previous round (perf's two-round rule);
 * when the queued copies exceed the budget the older half is flushed.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "ordered-events.h"

void ordered_events__init(struct ordered_events *oe, oe_deliver_fn fn, void *ctx,
			  u64 budget)
{
	memset(oe, 0, sizeof(*oe));
	oe->deliver = fn;
	oe->ctx = ctx;
	oe->budget = budget;
}

void ordered_events__exit(struct ordered_events *oe)
{
	for (size_t i = 0; i < oe->nr; i++)
		free(oe->heap[i].event);
	free(oe->heap);
	oe->heap = NULL;
	oe->nr = oe->alloc = 0;
	oe->bytes = 0;
}

static bool item_less(const struct oe_item *a, const struct oe_item *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void heap_up(struct oe_item *h, size_t i)
{
	while (i) {
		size_t parent = (i - 1) / 2;
		struct oe_item tmp;

		if (!item_less(&h[i], &h[parent]))
			break;
		tmp = h[i];
		h[i] = h[parent];
		h[parent] = tmp;
		i = parent;
	}
}

static void heap_down(struct oe_item *h, size_t nr, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct oe_item tmp;

		if (l < nr && item_less(&h[l], &h[m]))
			m = l;
		if (r < nr && item_less(&h[r], &h[m]))
			m = r;
		if (m == i)
			break;
		tmp = h[i];
		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

static struct oe_item heap_pop(struct ordered_events *oe)
{
	struct oe_item top = oe->heap[0];

	oe->heap[0] = oe->heap[--oe->nr];
	heap_down(oe->heap, oe->nr, 0);
	oe->bytes -= top.event->header.size + sizeof(top);
	return top;
}

/* Deliver queued records with time <= @limit, at most @max of them. */
static int flush_upto(struct ordered_events *oe, u64 limit, size_t max)
{
	int ret = 0;

	while (oe->nr && max-- && oe->heap[0].time <= limit) {
		struct oe_item it = heap_pop(oe);

		oe->last_flush = it.time;
		if (!ret)
			ret = oe->deliver(oe->ctx, it.event, it.file_offset);
		free(it.event);
		if (ret)
			return ret;
	}
	return ret;
}

int ordered_events__flush(struct ordered_events *oe, enum oe_flush how)
{
	int ret;

	switch (how) {
	case OE_FLUSH__FINAL:
		return flush_upto(oe, (u64)-1, SIZE_MAX);
	case OE_FLUSH__HALF:
		return flush_upto(oe, (u64)-1, oe->nr / 2 ? oe->nr / 2 : 1);
	case OE_FLUSH__ROUND:
	default:
		ret = flush_upto(oe, oe->next_flush, SIZE_MAX);
		if (!ret)
			oe->next_flush = oe->max_timestamp;
		return ret;
	}
}

int ordered_events__queue(struct ordered_events *oe, const union perf_event *event,
			  u64 time, u64 file_offset)
{
	struct oe_item *it;
	size_t size = event->header.size;

	if (time == 0 || time == (u64)-1)
		return -ETIME;
	if (time < oe->last_flush)
		oe->nr_unordered++;
	if (time > oe->max_timestamp)
		oe->max_timestamp = time;
	oe->heap = xgrow(oe->heap, sizeof(*oe->heap), oe->nr + 1, &oe->alloc);
	it = &oe->heap[oe->nr];
	it->time = time;
	it->seq = oe->seq++;
	it->file_offset = file_offset;
	it->event = xmalloc(size);
	memcpy(it->event, event, size);
	heap_up(oe->heap, oe->nr++);
	oe->bytes += size + sizeof(*it);
	if (oe->budget && oe->bytes > oe->budget)
		return ordered_events__flush(oe, OE_FLUSH__HALF);
	return 0;
}
