/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * speedscope.h: a profile in speedscope's file format (JSON, its
 * "$schema" named): the frames once ("shared"), then one sampled profile
 * per thread and event, its samples' stacks (root first) in time order,
 * weighted by their periods.
 */
#ifndef PROF_SPEEDSCOPE_H
#define PROF_SPEEDSCOPE_H

#include "compat.h"
#include <stdio.h>

struct resolved_sample;
struct speedscope;

struct speedscope *speedscope__new(void);
void speedscope__delete(struct speedscope *ss);	/* NULL is a no-op */

/*
 * One sample of thread @pid/@tid named @comm, event @event (the same
 * pointer for the same event) whose periods are in @unit ("nanoseconds",
 * "none"): @rs's first @nr frames (callee order), or with @nr 0 its own
 * location, with @weight.
 */
void speedscope__add(struct speedscope *ss, const struct resolved_sample *rs, int nr,
		     s64 pid, s64 tid, const char *comm, const char *event, const char *unit,
		     u64 weight);

/* The file, named @name; @multi_event: the profiles' names say their event. 0 or -1. */
int speedscope__write(struct speedscope *ss, FILE *out, const char *name, bool multi_event);

#endif /* PROF_SPEEDSCOPE_H */
