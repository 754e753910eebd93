/* SPDX-License-Identifier: GPL-2.0-only */
/* stats-print.h: perf report --stats text (perf 6.1 layout). */
#ifndef PROF_STATS_PRINT_H
#define PROF_STATS_PRINT_H

#include "compat.h"

struct session;

/*
 * Print the "Aggregated stats:" block and the per-event blocks for a
 * session whose events were processed, exactly as perf 6.1 prints them.
 * @skip_empty (perf's default): no rows of zero and no block of an
 * event without samples; --no-skip-empty shows them all.
 * Returns the number of bytes written.
 */
size_t stats__fprintf(struct session *s, FILE *fp, bool skip_empty);

/*
 * The same block as perf report -D ends with: its report tool has read
 * the names that arrive as records, and it counts no LOST_SAMPLES per
 * event.
 */
size_t stats__fprintf_dump(struct session *s, FILE *fp, bool skip_empty);

/*
 * perf_session__warn_about_errors, the lost-data part, after a session
 * was processed: "Processed N events and lost M chunks!" (unless the tool
 * printed the LOST records itself, @lost_shown) and the lost-samples share
 * above 5%, each after "Warning:", as perf's ui__warning prints them.
 */
void stats__warn_lost(struct session *s, bool lost_shown, FILE *fp);

#endif
