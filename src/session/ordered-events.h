/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ordered-events.h (private to src/session): a time-sorted queue of
 * records, flushed with perf's FINISHED_ROUND two-round rule.
 */
#ifndef PROF_SESSION_ORDERED_EVENTS_H
#define PROF_SESSION_ORDERED_EVENTS_H

#include "prof/compat.h"

union perf_event;

typedef int (*oe_deliver_fn)(void *ctx, union perf_event *event, u64 file_offset);

/*
 * A buffer the file's data section is read into. Records queued from it
 * borrow it: it goes back to the free list (or is freed) when the reader
 * and every record queued from it are done with it.
 */
struct oe_buf {
	struct oe_buf *next;	/* on the free list */
	u8 *data;
	size_t size;
	u32 refs;		/* the reader's, + one per queued record */
};

struct oe_item {
	u64 time;
	u64 seq;		/* arrival order: ties keep file order */
	u64 file_offset;
	union perf_event *event;	/* borrowed (in @buf) or an owned copy */
	struct oe_buf *buf;	/* the buffer @event is borrowed from, or NULL */
};

/*
 * Items are appended in arrival order; [head, sorted) is sorted by
 * (time, seq). A flush sorts the rest (a natural merge sort: what arrives
 * is a few sorted runs, one per CPU buffer) before delivering from head.
 */
struct ordered_events {
	struct oe_item *q, *tmp;
	size_t head, nr, alloc, tmp_alloc;
	size_t sorted;		/* q[head, sorted) is in order */
	u64 bytes, budget;
	u64 next_flush;		/* flush limit of the next round */
	u64 max_timestamp;	/* largest time queued so far */
	u64 last_flush;		/* time of the last delivered record */
	u64 seq;
	u64 nr_unordered;	/* queued older than what was delivered */
	oe_deliver_fn deliver;
	void *ctx;
	/* read buffers: the free ones, and how many are out (read or borrowed) */
	struct oe_buf *free_bufs;
	size_t buf_size;
	size_t bufs_out;
	bool cache_bufs;	/* keep released buffers for reuse (else free them) */
};

enum oe_flush {
	OE_FLUSH__ROUND,	/* FINISHED_ROUND: up to next_flush, then next_flush = max */
	OE_FLUSH__HALF,		/* over budget: the older half */
	OE_FLUSH__FINAL,	/* end of data: everything */
};

void ordered_events__init(struct ordered_events *oe, oe_deliver_fn fn, void *ctx,
			  u64 budget);
void ordered_events__exit(struct ordered_events *oe);	/* frees what is queued */
/*
 * Queue a copy of @event at @time. Returns -ETIME for time 0 / -1 (the
 * caller delivers those at once), a delivery error when over budget
 * forced a flush, else 0.
 */
int ordered_events__queue(struct ordered_events *oe, const union perf_event *event,
			  u64 time, u64 file_offset);
/*
 * The same, queuing @event by reference: it lies in @buf, which the
 * record holds (a reference) until it is delivered.
 */
int ordered_events__queue_borrowed(struct ordered_events *oe, const union perf_event *event,
				   u64 time, u64 file_offset, struct oe_buf *buf);
/*
 * Read buffers of @size bytes; @cache: released ones are reused (else
 * freed at once, so a reader of a released buffer is a use after free).
 */
void ordered_events__set_bufs(struct ordered_events *oe, size_t size, bool cache);
/* A read buffer (oe->buf_size bytes) with one reference, the caller's. */
struct oe_buf *oe_buf__get(struct ordered_events *oe);
/* Drop a reference; the last one releases the buffer. NULL is a no-op. */
void oe_buf__put(struct ordered_events *oe, struct oe_buf *buf);
/*
 * Whether records may still borrow read buffers: not when the buffers out
 * already hold more than the queue's budget (records scattered over many
 * buffers); then they are copied, as records from elsewhere are.
 */
bool ordered_events__may_borrow(const struct ordered_events *oe);
int ordered_events__flush(struct ordered_events *oe, enum oe_flush how);

#endif
