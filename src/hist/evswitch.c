// SPDX-License-Identifier: GPL-2.0-only
/*
 * evswitch.c: samples counted only between an on-event and an off-event
 * (evswitch.h), for report and top.
 */
#include "prof/evswitch.h"

static int find(int nr, const char *(*name_of)(void *ctx, int idx), void *ctx,
		const char *what, const char *name)
{
	for (int i = 0; i < nr; i++)
		if (!strcmp(name_of(ctx, i), name))
			return i;
	/* perf's words (evswitch__fprintf_enoent) */
	fprintf(stderr, "ERROR: switch-%s event not found (%s)\n"
		"HINT:  use 'prof evlist' to see the available event names\n", what, name);
	return -ENOENT;
}

int evswitch__init(struct evswitch *sw, int nr, const char *(*name_of)(void *ctx, int idx),
		   void *ctx)
{
	sw->on = sw->off = -1;
	if (sw->on_name && (sw->on = find(nr, name_of, ctx, "on", sw->on_name)) < 0)
		return -ENOENT;
	if (sw->off_name && (sw->off = find(nr, name_of, ctx, "off", sw->off_name)) < 0)
		return -ENOENT;
	sw->discarding = sw->on >= 0;
	return 0;
}

bool evswitch__discard(struct evswitch *sw, int idx)
{
	if (sw->on >= 0 && sw->discarding) {
		if (idx != sw->on)
			return true;
		sw->discarding = false;
		return !sw->show_on_off;
	}
	if (sw->off >= 0 && !sw->discarding) {
		if (idx != sw->off)
			return false;
		sw->discarding = true;
		return !sw->show_on_off;
	}
	return false;
}
