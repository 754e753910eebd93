// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats-print.c: the text of perf report --stats (perf 6.1): the session's
 * per-record-type counts, then SAMPLE / LOST_SAMPLES per event.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/stats-print.h"

static size_t print_stats(struct session *s, FILE *fp, bool dump, bool skip_empty)
{
	const struct session_stats *st = session__stats(s);
	u64 total = st->nr_events[0];
	size_t ret = 0;
	int r;

	r = fprintf(fp, "\nAggregated stats:%s\n", session__has_auxtrace(s) ?
		    " (excludes AUX area (e.g. instruction trace) decoded / synthesized events)" : "");
	ret += r > 0 ? (size_t)r : 0;
	for (u32 type = 0; type < PERF_RECORD_TYPE_MAX; type++) {
		const char *name = perf_record_type__name(type);
		u64 n = st->nr_events[type];

		if (!strcmp(name, "UNKNOWN"))
			continue;
		/* rows of zero: the types perf 6.1 knows (to AUX_OUTPUT_HW_ID, FINISHED_INIT) */
		if (!n && (skip_empty || (type > 21 && type < 64) || type > 82))
			continue;
		if (type && total)
			r = fprintf(fp, "%16s events: %10d  (%4.1f%%)\n", name, (int)n,
				    100.0 * (double)n / (double)total);
		else
			r = fprintf(fp, "%16s events: %10d\n", name, (int)n);
		ret += r > 0 ? (size_t)r : 0;
	}
	for (int i = 0; i < session__nr_evsels(s); i++) {
		struct session_evsel *e = session__evsel(s, i);

		u64 lost = dump ? 0 : e->nr_lost_samples;

		if (!e->nr_samples && !lost && skip_empty)
			continue;
		r = fprintf(fp, "%s stats:\n",
			    dump ? session_evsel__name(e) : session_evsel__stats_name(e));
		ret += r > 0 ? (size_t)r : 0;
		if (e->nr_samples) {
			r = fprintf(fp, "%16s events: %10d\n", "SAMPLE", (int)e->nr_samples);
			ret += r > 0 ? (size_t)r : 0;
		}
		if (lost) {
			r = fprintf(fp, "%16s events: %10d\n", "LOST_SAMPLES", (int)lost);
			ret += r > 0 ? (size_t)r : 0;
		}
	}
	return ret;
}

size_t stats__fprintf(struct session *s, FILE *fp, bool skip_empty)
{
	return print_stats(s, fp, false, skip_empty);
}

size_t stats__fprintf_dump(struct session *s, FILE *fp, bool skip_empty)
{
	return print_stats(s, fp, true, skip_empty);
}

void stats__warn_lost(struct session *s, bool lost_shown, FILE *fp)
{
	const struct session_stats *st = session__stats(s);
	u64 nr = st->nr_events[PERF_RECORD_SAMPLE] + st->total_lost_samples;

	if (!lost_shown && st->nr_events[PERF_RECORD_LOST])
		fprintf(fp, "Warning:\nProcessed %" PRIu64 " events and lost %" PRIu64
			" chunks!\n\nCheck IO/CPU overload!\n\n", st->nr_events[0],
			st->nr_events[PERF_RECORD_LOST]);
	if (nr && (double)st->total_lost_samples / (double)nr > 0.05)
		fprintf(fp, "Warning:\nProcessed %" PRIu64 " samples and lost %3.2f%%!\n\n",
			nr, (double)st->total_lost_samples / (double)nr * 100.0);
}
