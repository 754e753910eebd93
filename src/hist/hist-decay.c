// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist-decay.c: perf top's aging of histogram values between refreshes.
 */
#include "prof/compat.h"
#include "prof/hist.h"
#include "prof/hist-decay.h"
#include "prof/callchain.h"

static inline u64 decay(u64 v, bool zero)
{
	return zero ? 0 : v * 7 / 8;
}

static void node__decay(struct callchain_node *n, bool zero)
{
	n->hit = decay(n->hit, zero);
	n->children_hit = decay(n->children_hit, zero);
	n->count = decay(n->count, zero);
	n->children_count = decay(n->children_count, zero);
	for (u32 i = 0; i < n->nr_children; i++)
		node__decay(n->children[i], zero);
}

void callchain_root__decay(struct callchain_root *root, bool zero)
{
	if (!root)
		return;
	callchain_root__settle(root);
	node__decay(&root->node, zero);
}

void hists__decay(struct hists *h, bool zero)
{
	u64 total = 0;

	for (size_t i = 0; i < h->nr_entries; i++) {
		struct hist_entry *he = h->entries[i];

		he->period = decay(he->period, zero);
		he->nr_events = decay(he->nr_events, zero);
		he->period_acc = decay(he->period_acc, zero);
		he->nr_events_acc = decay(he->nr_events_acc, zero);
		callchain_root__decay(he->callchain, zero);
		total += he->period;
	}
	/* the sum of the decayed parts: rounding keeps percentages <= 100 */
	h->total_period = total;
	h->nr_samples = decay(h->nr_samples, zero);
}

size_t hists__hide_empty(struct hists *h)
{
	size_t left = 0;

	for (size_t i = 0; i < h->nr_entries; i++) {
		struct hist_entry *he = h->entries[i];

		he->filtered = !he->period && !he->period_acc;
		left += !he->filtered;
	}
	return left;
}
