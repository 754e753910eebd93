/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * print-events.h: the event listing behind "prof list", in perf 6.1's
 * sections and layout ("  %-50s [Type]" lines, or space separated names
 * for --raw-dump).
 *
 * Which hardware and cache events are listed is decided as perf does: by
 * trying to open each one for the current thread. Tests replace that
 * probe (and the sysfs root, see sysfs__set_root()) to list what a
 * machine with a core PMU would show.
 */
#ifndef PROF_PRINT_EVENTS_H
#define PROF_PRINT_EVENTS_H

#include "compat.h"

typedef bool (*event_support_fn)(u32 type, u64 config);

struct print_state {
	FILE *out;		/* stdout if NULL */
	bool name_only;		/* --raw-dump */
	bool desc, long_desc, details, deprecated;
	bool pager;		/* a pager is in use: perf adds blank lines */
	event_support_fn is_supported;	/* NULL: is_event_supported() */
};

/* perf's probe: can this thread open the event (kernel excluded if need be)? */
bool is_event_supported(u32 type, u64 config);

/* @glob (fnmatch, may be NULL) filters each section like perf's event_glob. */
void print_symbol_events(struct print_state *ps, const char *glob, u32 type);
void print_tool_events(struct print_state *ps, const char *glob);
void print_hwcache_events(struct print_state *ps, const char *glob);
void print_pmu_events(struct print_state *ps, const char *glob);
void print_tracepoint_events(struct print_state *ps, const char *sys_glob,
			     const char *event_glob);
void print_sdt_events(struct print_state *ps, const char *sys_glob,
		      const char *event_glob);
/*
 * The metrics of this CPU's table (pmu-metrics.h): by group, alone
 * (@groups false), or only groups containing @filter, as perf 6.1.
 */
void print_metricgroups(struct print_state *ps, bool metrics, bool groups,
			const char *filter);
/* Everything, in perf's order (the listing of a bare "prof list"). */
void print_events(struct print_state *ps);

#endif /* PROF_PRINT_EVENTS_H */
