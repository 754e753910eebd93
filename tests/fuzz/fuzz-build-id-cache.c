// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: the build-id cache's paths. An entry is added as record
 * adds one (a file name, its build-id, the kind of copy) to an empty
 * cache, then looked up as report looks it up (the DSO's build-id path).
 * Beyond memory errors, a finding is an entry or a link that resolves
 * outside the cache. Input: a build-id size byte, 20 id bytes, a kind
 * byte, the file name.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/dso.h"
#include "prof/util.h"
#include <sys/mman.h>
#include "fuzz-tmpdir.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static char cache[1024];
static char real_cache[PATH_MAX];

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path) && errno != ENOENT ? -1 : 0;
}

static void quiet(const char *prefix, const char *msg)
{
}

/* @path, if it resolves at all, resolves inside the cache. */
static void check_inside(const char *path)
{
	char real[PATH_MAX];

	if (realpath(path, real) && strncmp(real, real_cache, strlen(real_cache))) {
		fprintf(stderr, "build-id cache entry %s resolves to %s, outside %s\n",
			path, real, real_cache);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static const char *const kinds[] = { NULL, "perf-map", "jitdump", "elf" };
	static bool once;
	struct build_id bid;
	char path[PATH_MAX], hex[SBUILD_ID_SIZE];
	char *name;
	struct dso *dso;
	int fd;

	if (!once) {
		const char *dir = fuzz_tmpdir("fuzz-build-id-cache");

		if (!dir)
			return 0;
		snprintf(cache, sizeof(cache), "%.900s/cache", dir);
		setenv("PROF_BUILDID_DIR", cache, 1);
		once = true;
	}
	if (size < 22 || size > 4096)
		return 0;
	memset(&bid, 0, sizeof(bid));
	bid.size = data[0] % (BUILD_ID_SIZE + 1);
	memcpy(bid.data, data + 1, bid.size);
	name = xstrndup((const char *)data + 22, size - 22);
	/* the kernel's symbols are a copy of /proc/kallsyms: nothing to fuzz */
	if (!bid.size || !strcmp(name, "[kernel.kallsyms]")) {
		free(name);
		return 0;
	}
	nftw(cache, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	if (mkdir(cache, 0700) || !realpath(cache, real_cache)) {
		free(name);
		return 0;
	}
	set_msg_sink(quiet);
	fd = memfd_create("fuzz.elf", MFD_CLOEXEC);
	if (fd >= 0 && write(fd, "\177ELF", 4) == 4) {
		build_id_cache__add(cache, name, &bid, fd, kinds[data[21] % ARRAY_SIZE(kinds)]);
		build_id__snprintf(&bid, hex, sizeof(hex));
		snprintf(path, sizeof(path), "%s/.build-id/%.2s/%s", cache, hex, hex + 2);
		check_inside(path);
		dso = dso__new(name, DSO_KIND_USER);
		dso__set_build_id(dso, &bid);
		if (!dso__build_id_path(dso, "elf", path, sizeof(path)))
			check_inside(path);
		dso__put(dso);
	}
	if (fd >= 0)
		close(fd);
	set_msg_sink(NULL);
	free(name);
	return 0;
}
