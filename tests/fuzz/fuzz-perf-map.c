// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: a JIT's /tmp/perf-PID.map through the symbolizer: the
 * file (under an empty --symfs) loaded into the DSO of the JIT map as
 * report loads it, every line's address looked up, then re-read as top
 * re-reads a growing map.
 */
#include "prof/compat.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/util.h"
#include <sys/stat.h>
#include "fuzz-tmpdir.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static char path[4200];

static void quiet(const char *prefix, const char *msg)
{
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static bool once;
	volatile u64 sink = 0;
	struct dso *dso;

	if (!once) {
		const char *symfs = fuzz_tmpdir("fuzz-perf-map");
		char *dir;

		if (!symfs)
			return 0;
		dir = xasprintf("%s/tmp", symfs);
		mkdir(dir, 0700);
		free(dir);
		snprintf(path, sizeof(path), "%s/tmp/perf-4242.map", symfs);
		symbol_conf.symfs = symfs;
		setenv("PROF_BUILDID_DIR", symfs, 1);
		once = true;
	}
	if (size > 1 << 16 || !fuzz_write_file(path, data, size))
		return 0;
	set_msg_sink(quiet);
	dso = dso__new("/tmp/perf-4242.map", DSO_KIND_JIT);
	dso__load(dso, NULL);
	/* every symbol's ends and the addresses the lines name */
	for (size_t i = 0; i < dso->symbols.nr; i++) {
		const struct symbol *sym = dso->symbols.entries[i];
		struct symbol *hit = dso__find_symbol(dso, NULL, sym->start);

		sink += strlen(sym->name) + (hit ? hit->end : 0);
		hit = dso__find_symbol(dso, NULL, sym->end ? sym->end - 1 : 0);
		sink += hit ? hit->start : 0;
	}
	/* top: the map grew; the new lines come in, the old stay */
	if (size > 1)
		fuzz_write_file(path, data, size / 2);
	dso__reload_perf_map(dso);
	sink += dso__find_symbol(dso, NULL, 0) != NULL;
	dso__put(dso);
	set_msg_sink(NULL);
	(void)sink;
	return 0;
}
