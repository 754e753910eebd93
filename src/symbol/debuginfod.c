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
#include <dlfcn.h>
#include <elfutils/debuginfod.h>

/*
 * libdebuginfod brings libcurl and its TLS and Kerberos libraries: linked,
 * they doubled every command's start-up (stat -- true: 0.05 -> 0.09 s, peak
 * RSS 4.5 -> 10 MB). It is opened when a server is first asked instead.
 * DEBUGINFOD_SONAME is the library the build probed and compiled against.
 */
static struct {
	bool tried, ok;
	typeof(debuginfod_begin) *begin;
	typeof(debuginfod_find_debuginfo) *find_debuginfo;
	typeof(debuginfod_end) *end;
} di;

static bool debuginfod_load(void)
{
	void *h;

	if (di.tried)
		return di.ok;
	di.tried = true;
	h = dlopen(DEBUGINFOD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		warning("debuginfod: cannot load %s: %s", DEBUGINFOD_SONAME, dlerror());
		return false;
	}
	*(void **)&di.begin = dlsym(h, "debuginfod_begin");
	*(void **)&di.find_debuginfo = dlsym(h, "debuginfod_find_debuginfo");
	*(void **)&di.end = dlsym(h, "debuginfod_end");
	di.ok = di.begin && di.find_debuginfo && di.end;
	if (!di.ok) {
		warning("debuginfod: %s lacks a function prof calls", DEBUGINFOD_SONAME);
		dlclose(h);
	}
	return di.ok;
}
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
	if (!debuginfod_load())
		return NULL;
	c = di.begin();
	if (!c)
		return NULL;
	/* length 0: the id is given as its hex string */
	fd = di.find_debuginfo(c, (const unsigned char *)sbid, 0, &path);
	di.end(c);
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
