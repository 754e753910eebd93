// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpuinfo.c: fields of /proc/cpuinfo as perf reads them (cpuinfo.h).
 */
#include "prof/compat.h"
#include "prof/cpuinfo.h"
#include "prof/util.h"

static char *field(const char *cpuinfo, const char *key)
{
	size_t klen = strlen(key);

	for (const char *line = cpuinfo; line && *line; ) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (len > klen && !strncmp(line, key, klen) &&
		    (line[klen] == ' ' || line[klen] == '\t' || line[klen] == ':')) {
			const char *colon = memchr(line, ':', len);

			if (colon) {
				char *v = xstrndup(colon + 1, len - (size_t)(colon + 1 - line));

				return v;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	return NULL;
}

/* Squash runs of whitespace into one space and trim, as perf does. */
static char *squash(char *s)
{
	char *r = s, *w = s;
	bool space = false;

	if (!s)
		return NULL;
	while (*r == ' ' || *r == '\t')
		r++;
	for (; *r; r++) {
		if (*r == ' ' || *r == '\t') {
			space = true;
			continue;
		}
		if (space && w != s)
			*w++ = ' ';
		space = false;
		*w++ = *r;
	}
	*w = 0;
	return s;
}

char *cpuinfo__value(const char *cpuinfo, const char *key)
{
	return squash(field(cpuinfo, key));
}

char *cpuinfo__cpuid(void)
{
	char *cpuinfo = read_file_str("/proc/cpuinfo", NULL), *cpuid = NULL;
	char *vendor, *family, *model, *stepping;

	if (!cpuinfo)
		return NULL;
	vendor = cpuinfo__value(cpuinfo, "vendor_id");
	family = cpuinfo__value(cpuinfo, "cpu family");
	model = cpuinfo__value(cpuinfo, "model");
	stepping = cpuinfo__value(cpuinfo, "stepping");
	if (vendor && family && model && stepping)
		cpuid = xasprintf("%s,%s,%s,%s", vendor, family, model, stepping);
	free(vendor);
	free(family);
	free(model);
	free(stepping);
	free(cpuinfo);
	return cpuid;
}
