/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * itrace.h: perf's --itrace options (what to synthesize from an AUX area
 * trace: Intel PT, CoreSight, SPE). prof decodes no AUX trace; it reads
 * the options as perf does, so a script's command line is accepted or
 * refused as perf's, and acts on the one that changes a file without a
 * trace (l/L: branch histograms).
 */
#ifndef PROF_ITRACE_H
#define PROF_ITRACE_H

#include "compat.h"

struct itrace_opts {
	bool set;		/* --itrace was given */
	bool instructions;	/* i */
	bool last_branch;	/* l: last branch entries on synthesized events */
	bool add_last_branch;	/* L: on the recorded events */
	bool callchain;		/* g */
	bool add_callchain;	/* G */
	u64 period;		/* i's PERIOD */
	unsigned int callchain_sz, last_branch_sz;
	unsigned long initial_skip;	/* sNUMBER */
};

/*
 * Parse perf's --itrace string (NULL or "": perf's defaults). 0, or
 * -EINVAL when perf would refuse it (the caller prints perf's message).
 */
int itrace_opts__parse(struct itrace_opts *o, const char *str);

#endif
