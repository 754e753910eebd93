/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist-decay.h: aging a live histogram between refreshes (perf top).
 * Without -z, perf multiplies every entry's period and sample count by
 * 7/8 at each refresh, so old activity fades out; with -z it starts each
 * refresh from zero. Entries whose values reach zero stay in the hists
 * (the merge hash keeps them) and are marked filtered so no view shows
 * them; the next sample that merges into one revives it.
 */
#ifndef PROF_HIST_DECAY_H
#define PROF_HIST_DECAY_H

#include "compat.h"

struct hists;
struct callchain_root;

/* Scale every value of @h by 7/8 (@zero: to 0), totals included. */
void hists__decay(struct hists *h, bool zero);
/* Scale the tree's hits and counts by 7/8 (@zero: to 0). NULL is a no-op. */
void callchain_root__decay(struct callchain_root *root, bool zero);
/* Entries with nothing left to show get ->filtered; returns how many remain. */
size_t hists__hide_empty(struct hists *h);

#endif /* PROF_HIST_DECAY_H */
