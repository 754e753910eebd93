// SPDX-License-Identifier: GPL-2.0-only
/*
 * list.c: "prof list [filter...]": the events -e accepts, in perf 6.1's
 * categories and layout. The listing itself is ui/print-events.c; this
 * file maps the filter words onto its sections the way perf does.
 */
#include "prof/compat.h"
#include "prof/pager.h"
#include "prof/parse-options.h"
#include "prof/print-events.h"
#include "prof/util.h"
#include "builtin.h"
#include <linux/perf_event.h>

static const char *const list_usage[] = {
	"prof list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
	NULL
};

/* One filter word: a section name, "sys:event" globs, or a name glob. */
static void list_one(struct print_state *ps, const char *arg)
{
	const char *sep;

	if (!strcmp(arg, "tracepoint")) {
		print_tracepoint_events(ps, NULL, NULL);
	} else if (!strcmp(arg, "hw") || !strcmp(arg, "hardware")) {
		print_symbol_events(ps, NULL, PERF_TYPE_HARDWARE);
	} else if (!strcmp(arg, "sw") || !strcmp(arg, "software")) {
		print_symbol_events(ps, NULL, PERF_TYPE_SOFTWARE);
		print_tool_events(ps, NULL);
	} else if (!strcmp(arg, "cache") || !strcmp(arg, "hwcache")) {
		print_hwcache_events(ps, NULL);
	} else if (!strcmp(arg, "pmu")) {
		print_pmu_events(ps, NULL);
	} else if (!strcmp(arg, "sdt")) {
		print_sdt_events(ps, NULL, NULL);
	} else if (!strcmp(arg, "metric") || !strcmp(arg, "metrics")) {
		print_metricgroups(ps, true, false, NULL);
	} else if (!strcmp(arg, "metricgroup") || !strcmp(arg, "metricgroups")) {
		print_metricgroups(ps, false, true, NULL);
	} else if ((sep = strchr(arg, ':'))) {
		char *sys = xstrndup(arg, (size_t)(sep - arg));

		print_tracepoint_events(ps, sys, sep + 1);
		print_sdt_events(ps, sys, sep + 1);
		print_metricgroups(ps, true, true, sys);
		free(sys);
	} else {
		char *glob = xasprintf("*%s*", arg);

		print_symbol_events(ps, glob, PERF_TYPE_HARDWARE);
		print_symbol_events(ps, glob, PERF_TYPE_SOFTWARE);
		print_tool_events(ps, glob);
		print_hwcache_events(ps, glob);
		print_pmu_events(ps, glob);
		print_tracepoint_events(ps, NULL, glob);
		print_sdt_events(ps, NULL, glob);
		print_metricgroups(ps, true, true, glob);
		free(glob);
	}
}

int cmd_list(int argc, const char **argv)
{
	struct print_state ps = { 0 };
	bool desc = true, long_desc = false, details = false;
	bool deprecated = false, raw_dump = false;
	const char *cputype = NULL;
	int debug = 0, i;
	const struct option options[] = {
		OPT_BOOLEAN_FLAG(0, "raw-dump", &raw_dump, "Dump raw events",
				 PARSE_OPT_HIDDEN),
		OPT_BOOLEAN('d', "desc", &desc,
			    "Print extra event descriptions. --no-desc to not print."),
		OPT_BOOLEAN('v', "long-desc", &long_desc,
			    "Print longer event descriptions."),
		OPT_STRING(0, "cputype", &cputype, "hybrid cpu type",
			   "Print events applying cpu with this type for hybrid platform (e.g. core or atom)"),
		OPT_INCR(0, "debug", &debug, "Enable debugging output"),
		OPT_BOOLEAN(0, "deprecated", &deprecated, "Print deprecated events."),
		OPT_BOOLEAN(0, "details", &details,
			    "Print information on the perf event names and expressions used internally by events."),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, list_usage,
			     PARSE_OPT_STOP_AT_NON_OPTION);
	verbose += debug;
	/* perf pages even --raw-dump (and then ends sections with newlines). */
	setup_pager();
	/* No hybrid PMUs are supported; perf says so and lists anyway. */
	if (cputype)
		pr_info("WARNING: hybrid cputype is not supported!");

	ps.name_only = raw_dump;
	ps.desc = desc;	/* on unless --no-desc, as perf */
	ps.long_desc = long_desc;
	ps.details = details;
	ps.deprecated = deprecated;
	ps.pager = pager_in_use();

	if (!raw_dump && ps.pager)
		printf("\nList of pre-defined events (to be used in -e or -M):\n\n");
	if (argc == 0) {
		print_events(&ps);
		return 0;
	}
	for (i = 0; i < argc; i++)
		list_one(&ps, argv[i]);
	return 0;
}
