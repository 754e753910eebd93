/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evswitch.h: --switch-on, --switch-off and --show-on-off-events, which
 * report and top share (perf's evswitch). With an on-event, samples are
 * dropped until that event's first sample; an off-event's sample then
 * drops what follows, until the on-event's next one. The switching
 * samples themselves are dropped unless --show-on-off-events.
 */
#ifndef PROF_EVSWITCH_H
#define PROF_EVSWITCH_H

#include "compat.h"

struct evswitch {
	const char *on_name, *off_name;	/* the options' event names, NULL: none */
	bool show_on_off;		/* --show-on-off-events */
	int on, off;			/* the events' indexes, -1: none (evswitch__init) */
	bool discarding;
};

/*
 * Find the named events among @nr events, event i being called
 * @name_of(@ctx, i). 0, or -ENOENT after perf's two lines on stderr.
 */
int evswitch__init(struct evswitch *sw, int nr, const char *(*name_of)(void *ctx, int idx),
		   void *ctx);

/* Is a sample of event @idx dropped? Switches on or off as it passes. */
bool evswitch__discard(struct evswitch *sw, int idx);

#endif /* PROF_EVSWITCH_H */
