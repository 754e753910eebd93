// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0302-ordered-events: the time-sorted queue behind tool->ordered_events:
 * perf's FINISHED_ROUND two-round rule, immediate delivery of time 0/-1,
 * stable order for equal times, flushing the older half over budget, and
 * everything out at the end.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "../../src/session/ordered-events.h"
#include "tap.h"

static struct strbuf got = STRBUF_INIT;

static int deliver(void *ctx, union perf_event *ev, u64 file_offset)
{
	strbuf_addf(&got, "%" PRIu64 " ", file_offset);
	return 0;
}

/* queue a dummy record stamped @t; its "file offset" names it */
static int q(struct ordered_events *oe, u64 t, u64 name)
{
	struct perf_event_header h = { .type = PERF_RECORD_SAMPLE, .size = 64 };
	u8 rec[64] = { 0 };

	memcpy(rec, &h, sizeof(h));
	return ordered_events__queue(oe, (union perf_event *)rec, t, name);
}

static const char *take(void)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s", got.buf);
	strbuf_reset(&got);
	return buf;
}

int main(void)
{
	struct ordered_events oe;

	ordered_events__init(&oe, deliver, NULL, 0);
	is_int(q(&oe, 0, 1), -ETIME, "time 0 is not queued");
	is_int(q(&oe, (u64)-1, 2), -ETIME, "time -1 is not queued");

	/* round 1: nothing may go out yet (limit is the previous round's max) */
	q(&oe, 50, 50);
	q(&oe, 30, 30);
	q(&oe, 40, 40);
	ordered_events__flush(&oe, OE_FLUSH__ROUND);
	is_str(take(), "", "first FINISHED_ROUND delivers nothing");
	/* round 2: a late record older than round 1's max still sorts in */
	q(&oe, 35, 35);
	q(&oe, 70, 70);
	q(&oe, 60, 60);
	ordered_events__flush(&oe, OE_FLUSH__ROUND);
	is_str(take(), "30 35 40 50 ", "second round delivers up to the first round's max");
	q(&oe, 65, 65);
	q(&oe, 80, 80);
	ordered_events__flush(&oe, OE_FLUSH__ROUND);
	is_str(take(), "60 65 70 ", "third round: up to the second round's max");
	q(&oe, 10, 10);
	is_int((long long)oe.nr_unordered, 1, "a record older than the last delivered is counted");
	ordered_events__flush(&oe, OE_FLUSH__FINAL);
	is_str(take(), "10 80 ", "the end flushes everything, oldest first");

	/* equal timestamps keep their file order */
	q(&oe, 5, 1);
	q(&oe, 5, 2);
	q(&oe, 5, 3);
	q(&oe, 4, 4);
	ordered_events__flush(&oe, OE_FLUSH__FINAL);
	is_str(take(), "4 1 2 3 ", "ties delivered in arrival order");
	ordered_events__exit(&oe);

	/* a budget of ~4 records: going over flushes the older half */
	ordered_events__init(&oe, deliver, NULL, 4 * (64 + sizeof(struct oe_item)));
	for (u64 t = 1; t <= 5; t++)
		q(&oe, 100 - t, 100 - t);
	is_str(take(), "95 96 ", "over budget: the older half goes out");
	ok(oe.bytes <= oe.budget, "queue back under budget");
	ordered_events__flush(&oe, OE_FLUSH__FINAL);
	is_str(take(), "97 98 99 ", "rest at the end");
	ordered_events__exit(&oe);

	/* memory stays bounded whatever the input */
	ordered_events__init(&oe, deliver, NULL, 1 << 16);
	for (u64 t = 1; t <= 100000; t++) {
		q(&oe, (t * 7919) % 100003 + 1, t);
		if (oe.bytes > oe.budget)
			break;
	}
	ok(oe.bytes <= oe.budget, "100000 records without a round stay within the budget");
	strbuf_reset(&got);
	ordered_events__exit(&oe);
	strbuf_release(&got);
	return done_testing();
}
