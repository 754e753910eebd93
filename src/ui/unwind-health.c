// SPDX-License-Identifier: GPL-2.0-only
/*
 * unwind-health.c: the stack health summary of --call-graph dwarf
 * samples as a few '#' comment lines (report/top print it under their
 * header; perf says nothing about broken stacks).
 */
#include "prof/compat.h"
#include "prof/unwind.h"

#define HEALTH_DSOS_SHOWN	5

int unwind_health__fprintf(const struct unwind_health *h, FILE *fp)
{
	if (!h->samples)
		return 0;
	fprintf(fp, "# Stack health: %" PRIu64 " of %" PRIu64 " samples (%.1f%%) unwound to a root\n",
		h->root, h->samples, 100.0 * (double)h->root / (double)h->samples);
	for (size_t i = 0; i < h->nr_dsos && i < HEALTH_DSOS_SHOWN; i++) {
		const struct unwind_health_dso *d = &h->dsos[i];
		int best = UNWIND_STOP_ROOT;

		for (int r = 0; r < UNWIND_STOP_NR; r++)
			if (d->by_reason[r] > d->by_reason[best])
				best = r;
		fprintf(fp, "#   %" PRIu64 " stopped in %s (%s)\n", d->count, d->name,
			unwind_stop__name((enum unwind_stop)best));
	}
	if (h->nr_dsos > HEALTH_DSOS_SHOWN)
		fprintf(fp, "#   ... and %zu more DSOs\n", h->nr_dsos - HEALTH_DSOS_SHOWN);
	for (size_t i = 0; i < h->nr_hints; i++)
		fprintf(fp, "# Hint: %s\n", h->hints[i]);
	return ferror(fp) ? -EIO : 0;
}

int unwind__fprintf_health(struct machine *m, FILE *fp)
{
	struct unwind_health h;
	int ret;

	if (unwind__health(m, &h))
		return 0;
	ret = unwind_health__fprintf(&h, fp);
	unwind_health__exit(&h);
	return ret;
}
