/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pprof.h: a profile in pprof's format (profile.proto, gzip'd), built
 * from resolved samples: value columns with their types and units, one
 * location per frame address with its mapping (file, build-id, start,
 * limit, offset) and its lines (an unwound frame's inlined functions are
 * several lines of one location, innermost first), functions with their
 * file and first line where the debug info knows them, and samples with
 * the labels pid, tid, comm and thread_comm, as perf_data_converter names
 * them. Samples with the same stack and labels are one sample whose
 * values add up.
 */
#ifndef PROF_PPROF_H
#define PROF_PPROF_H

#include "compat.h"
#include <stdio.h>

struct resolved_sample;
struct pprof;

/* A profile with @nr_values value columns (all 0 until described). */
struct pprof *pprof__new(int nr_values);
void pprof__delete(struct pprof *p);	/* NULL is a no-op */

/* Column @i's type and unit ("samples", "count"). */
void pprof__value_type(struct pprof *p, int i, const char *type, const char *unit);
/* The column a viewer shows first. */
void pprof__default_value(struct pprof *p, int i);
/* period_type and period: how often the (first) event was sampled. */
void pprof__period(struct pprof *p, const char *type, const char *unit, s64 period);
/* time_nanos (wall clock of the first sample) and duration_nanos. */
void pprof__times(struct pprof *p, s64 time_nanos, s64 duration_nanos);
void pprof__comment(struct pprof *p, const char *s);

struct pprof_labels {
	s64 pid, tid;
	const char *comm;		/* the process's command, or NULL */
	const char *thread_comm;	/* the thread's, or NULL */
};

/*
 * One sample: @rs's first @nr frames (callee order, the leaf first), or
 * with @nr 0 the sample's own location (rs->al), with the labels; @values
 * (@nr_values of them) are added to the sample's.
 */
void pprof__add(struct pprof *p, const struct resolved_sample *rs, int nr,
		const struct pprof_labels *l, const s64 *values);

/* The profile, gzip'd, to @out. 0, or -1 with errno. */
int pprof__write(struct pprof *p, FILE *out);

#endif /* PROF_PPROF_H */
