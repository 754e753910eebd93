/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpuinfo.h: the host CPU as /proc/cpuinfo describes it: what record
 * writes in the header (CPUDESC, CPUID) and what the default event
 * depends on (AMD or not).
 */
#ifndef PROF_CPUINFO_H
#define PROF_CPUINFO_H

#include "compat.h"

/* The value of @key in the text @cpuinfo, whitespace squashed as perf does; NULL; free it. */
char *cpuinfo__value(const char *cpuinfo, const char *key);
/* perf's CPUID string, "vendor,family,model,stepping" (x86), or NULL; free it. */
char *cpuinfo__cpuid(void);

#endif /* PROF_CPUINFO_H */
