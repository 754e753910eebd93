/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * srccode.h: the source text of a sample's line, as perf script's
 * srccode field prints it (perf's util/srccode.c, map__fprintf_srccode):
 * "|LINE     TEXT", once per change of line in each thread.
 */
#ifndef PROF_SRCCODE_H
#define PROF_SRCCODE_H

#include "compat.h"

struct dso;
struct srccode;

struct srccode *srccode__new(void);
void srccode__delete(struct srccode *sc);	/* NULL is a no-op */

/*
 * The text to print for thread @tid at dso-relative @addr into @buf:
 * "|%-8u %s\n" with the line's text, or "" when addr2line knows no line,
 * the source file cannot be read, or the thread's last printed line is
 * the same. Returns @buf.
 */
char *srccode__line(struct srccode *sc, int tid, struct dso *dso, u64 addr, char *buf,
		    size_t size);

#endif
