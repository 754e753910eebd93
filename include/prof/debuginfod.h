/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * debuginfod.h: perf 6.1's --debuginfod[=URLs] (record, buildid-cache)
 * and the debug file fetch behind it, through libdebuginfod when prof is
 * built with it (HAVE_DEBUGINFOD).
 */
#ifndef PROF_DEBUGINFOD_H
#define PROF_DEBUGINFOD_H

#include "compat.h"

/*
 * perf_debuginfod_setup(): not @set, DEBUGINFOD_URLS is emptied (no
 * server is asked, nor by libdw); set with @urls NULL or "system", the
 * environment's DEBUGINFOD_URLS is kept; else it becomes @urls. -v says
 * the value; @set in a build without debuginfod warns as perf does.
 */
void debuginfod__setup(const char *urls, bool set);

/*
 * The debug file of build-id @sbid (hex) from the DEBUGINFOD_URLS
 * servers: the path of libdebuginfod's cached copy, to free, or NULL
 * (none, no server, or no debuginfod in this build).
 */
char *debuginfod__find_debuginfo(const char *sbid);

#endif
