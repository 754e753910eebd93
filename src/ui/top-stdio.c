// SPDX-License-Identifier: GPL-2.0-only
/*
 * top-stdio.c: perf top --stdio snapshots, printed through the report
 * printer (hist-stdio.c) with the entries past the limit hidden.
 */
#include "prof/compat.h"
#include "prof/hist.h"
#include "prof/hist-stdio.h"
#include "prof/top-stdio.h"

size_t top_stdio__print(FILE *fp, const char *header, struct hists *h,
			const struct hists_print_opts *o, int width,
			size_t max_entries, bool clear)
{
	struct hists_print_opts po = *o;
	bool *was = NULL;
	size_t shown = 0, lines;

	if (clear)
		fputs("\033[H\033[2J", fp);
	fprintf(fp, "%s\n", header);
	for (int i = 0; i < width; i++)
		fputc('-', fp);
	fputs("\n\n", fp);
	po.show_header = false;
	if (max_entries && h->nr_entries > max_entries) {
		/* hide what does not fit, then put the flags back */
		was = malloc(h->nr_entries * sizeof(*was));
		for (size_t e = 0; was && e < h->nr_entries; e++) {
			struct hist_entry *he = h->entries[e];
			u64 v = h->layout->children ? he->period_acc : he->period;

			was[e] = he->filtered;
			if (he->filtered || (po.min_percent > 0 &&
					     hists__percent(h, v) < po.min_percent))
				continue;
			if (shown++ >= max_entries)
				he->filtered = true;
		}
	}
	lines = hists__fprintf(h, &po, fp);
	for (size_t e = 0; was && e < h->nr_entries; e++)
		h->entries[e]->filtered = was[e];
	free(was);
	fflush(fp);
	return lines + 3;
}
