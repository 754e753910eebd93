/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tracepoint.h: tracepoints from tracefs (<tracefs>/events/<sys>/<name>/
 * with its "id" and "format" files). tracefs is found at
 * <sysfs root>/kernel/tracing, else <sysfs root>/kernel/debug/tracing;
 * when neither is there and the root is /sys, prof mounts tracefs on
 * /sys/kernel/tracing if it may, as perf does.
 * Formats are parsed with libtraceevent when prof is built with it
 * (HAVE_LIBTRACEEVENT); listing and id lookup never need it.
 */
#ifndef PROF_TRACEPOINT_H
#define PROF_TRACEPOINT_H

#include "compat.h"

/* "<tracefs>/events"; the string is static (changes with the sysfs root). */
const char *tracepoint__events_dir(void);
/* The tracepoint's id (config for PERF_TYPE_TRACEPOINT), or -errno. */
int tracepoint__id(const char *sys, const char *name, u64 *id);
/* Whether <events>/<sys>/<name> exists (with an id file). */
bool tracepoint__exists(const char *sys, const char *name);
/* The raw "format" file text; new string, or NULL with errno set. */
char *tracepoint__format_text(const char *sys, const char *name);

/*
 * Visit the tracepoints. Systems are sorted when @sorted (perf list),
 * else taken in directory order (how perf expands globs in -e); names
 * likewise. Only directories with an "id" file count. The callback
 * returns 0 to go on, anything else stops the walk and is returned.
 */
typedef int (*tracepoint_cb)(const char *sys, const char *name, void *data);
int tracepoints__for_each(bool sorted, const char *sys_glob,
			  const char *name_glob, tracepoint_cb cb, void *data);

#ifdef HAVE_LIBTRACEEVENT
struct tep_event;
struct tep_handle;
/* The shared tep handle holding every format parsed so far. */
struct tep_handle *tracepoint__tep(void);
/* Parsed format of sys:name (borrowed from the handle), or NULL. */
struct tep_event *tracepoint__format(const char *sys, const char *name);
#endif

#endif /* PROF_TRACEPOINT_H */
