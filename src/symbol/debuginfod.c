// SPDX-License-Identifier: GPL-2.0-only
/*
 * debuginfod.c: a debug file by build-id from debuginfod servers, for the
 * build-id cache's <id>/debug when /usr/lib/debug has none (perf 6.1's
 * build_id_cache__find_debug()). The servers are DEBUGINFOD_URLS's, which
 * record and buildid-cache set from --debuginfod or empty without it;
 * libdebuginfod keeps what it fetched in its own cache
 * ($DEBUGINFOD_CACHE_PATH, else ~/.cache/debuginfod_client).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/debuginfod.h"
#ifdef HAVE_DEBUGINFOD
#include <elfutils/debuginfod.h>
#endif

void debuginfod__setup(const char *urls, bool set)
{
	const char *now;

	if (!set)
		setenv("DEBUGINFOD_URLS", "", 1);
	else if (urls && strcmp(urls, "system"))
		setenv("DEBUGINFOD_URLS", urls, 1);
	now = getenv("DEBUGINFOD_URLS");
	pr_debug(1, "DEBUGINFOD_URLS=%s", now ? now : "(null)");
#ifndef HAVE_DEBUGINFOD
	if (set)
		pr_info("WARNING: debuginfod support requested, but prof is not built with it");
#endif
}

char *debuginfod__find_debuginfo(const char *sbid)
{
#ifdef HAVE_DEBUGINFOD
	const char *urls = getenv("DEBUGINFOD_URLS");
	debuginfod_client *c;
	char *path = NULL, *ret = NULL;
	int fd;

	/* no server: libdebuginfod would say ENOSYS; spare its set-up */
	if (!urls || !*urls)
		return NULL;
	pr_debug(1, "Downloading debug info with build id %s", sbid);
	c = debuginfod_begin();
	if (!c)
		return NULL;
	/* length 0: the id is given as its hex string */
	fd = debuginfod_find_debuginfo(c, (const unsigned char *)sbid, 0, &path);
	debuginfod_end(c);
	if (fd >= 0) {
		close(fd);
		ret = path ? xstrdup(path) : NULL;
	} else {
		pr_debug(2, "debuginfod: no debug info for %s: %s", sbid, strerror(-fd));
	}
	free(path);
	return ret;
#else
	(void)sbid;
	return NULL;
#endif
}
