// SPDX-License-Identifier: GPL-2.0-only
/* features.c: the compiled-in features, from the Makefile's probes. */
#include "prof/compat.h"
#include "prof/features.h"

#ifndef HAVE_LIBELF
#define HAVE_LIBELF 0
#endif
#ifndef HAVE_LIBDW
#define HAVE_LIBDW 0
#endif
#ifndef HAVE_LIBUNWIND
#define HAVE_LIBUNWIND 0
#endif
#ifndef HAVE_LIBTRACEEVENT
#define HAVE_LIBTRACEEVENT 0
#endif
#ifndef HAVE_NCURSESW
#define HAVE_NCURSESW 0
#endif
#ifndef HAVE_ZSTD
#define HAVE_ZSTD 0
#endif
#ifndef HAVE_CAPSTONE
#define HAVE_CAPSTONE 0
#endif
#ifndef HAVE_DEBUGINFOD
#define HAVE_DEBUGINFOD 0
#endif

const struct prof_feature prof_features[] = {
	{ "dwarf", HAVE_LIBDW, "HAVE_DWARF_SUPPORT" },
	{ "debuginfod", HAVE_DEBUGINFOD, "HAVE_DEBUGINFOD_SUPPORT" },
	{ "libelf", HAVE_LIBELF, "HAVE_LIBELF_SUPPORT" },
	{ "libunwind", HAVE_LIBUNWIND, "HAVE_LIBUNWIND_SUPPORT" },
	{ "libdw-dwarf-unwind", HAVE_LIBDW, "HAVE_DWARF_SUPPORT" },
	{ "libtraceevent", HAVE_LIBTRACEEVENT, "HAVE_LIBTRACEEVENT" },
	{ "libncursesw", HAVE_NCURSESW, "HAVE_NCURSESW_SUPPORT" },
	{ "zstd", HAVE_ZSTD, "HAVE_ZSTD_SUPPORT" },
	{ "libcapstone", HAVE_CAPSTONE, "HAVE_LIBCAPSTONE_SUPPORT" },
};
const size_t nr_prof_features = ARRAY_SIZE(prof_features);

bool prof_feature_on(const char *name)
{
	size_t i;

	for (i = 0; i < nr_prof_features; i++)
		if (!strcmp(prof_features[i].name, name))
			return prof_features[i].on;
	return false;
}
