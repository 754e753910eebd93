// SPDX-License-Identifier: GPL-2.0-only
/* version.c: "prof version [--build-options]", in perf's layout. */
#include "prof/compat.h"
#include "prof/parse-options.h"
#include "prof/features.h"
#include "builtin.h"

static const char *const version_usage[] = {
	"prof version [<options>]",
	NULL
};

static void print_feature(const char *name, bool on, const char *macro)
{
	printf("%22s: [ %s ]  # %s\n", name, on ? "on " : "OFF", macro);
}

int cmd_version(int argc, const char **argv)
{
	bool build_options = false;
	const struct option options[] = {
		OPT_BOOLEAN(0, "build-options", &build_options,
			    "display the build options"),
		OPT_END()
	};
	size_t i;

	parse_options(argc, argv, options, version_usage, 0);
	printf("prof version %s\n", PROF_VERSION);
	if (!build_options)
		return 0;
	for (i = 0; i < nr_prof_features; i++)
		print_feature(prof_features[i].name, prof_features[i].on,
			      prof_features[i].macro);
	return 0;
}
