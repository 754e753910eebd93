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

struct oe_item {
	u64 time;
	u64 seq;		/* arrival order: ties keep file order */
	u64 file_offset;
	union perf_event *event;	/* borrowed (in the mapped file) or an owned copy */
	bool owned;
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
 * The same, queuing @event by reference: it must stay readable and
 * unchanged until delivered (a record in the mapped file).
 */
int ordered_events__queue_borrowed(struct ordered_events *oe, const union perf_event *event,
				   u64 time, u64 file_offset);
int ordered_events__flush(struct ordered_events *oe, enum oe_flush how);

#endif
