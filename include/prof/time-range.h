/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * time-range.h: perf's --time argument (report, script): the sample times
 * of interest as absolute ranges or as percentages of the recording.
 *
 *   "start,stop"              seconds[.fraction] (up to 9 digits); either
 *                             side may be empty (open end)
 *   "a,b c,d ..."             several such ranges, separated by spaces,
 *                             in order and not overlapping
 *   "10%/2"                   the second 10% slice of the recording
 *   "0%-10%,30%-40%"          ranges of percentages, comma-separated
 *   "10%/1,10%/3", "25%"      slices ("25%" is "25%/1")
 *
 * Percentages are of the span from the first to the last sample
 * (HEADER_SAMPLE_TIME).
 */
#ifndef PROF_TIME_RANGE_H
#define PROF_TIME_RANGE_H

#include "compat.h"

struct time_range {
	u64 start, end;			/* ns; 0: open */
};

/*
 * Parse @str into *@ranges (*@nr of them; the caller frees *@ranges).
 * @first, @last: the recording's first and last sample times. Returns 0,
 * -EINVAL for a string perf calls invalid, -ENODATA for percentages when
 * @first and @last are both 0 (a file without sample times).
 */
int time_ranges__parse(const char *str, u64 first, u64 last, struct time_range **ranges,
		       int *nr);

/*
 * perf's words for a time_ranges__parse() failure, one or more lines
 * ending in a newline: the HINT for -ENODATA, else "Invalid time string".
 */
const char *time_ranges__strerror(int err);

/* Is a sample at @t outside the ranges (perf: a sample without a time is kept)? */
bool time_ranges__skip(const struct time_range *ranges, int nr, u64 t);

#endif /* PROF_TIME_RANGE_H */
