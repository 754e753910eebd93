/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz-tmpdir.h: a scratch directory for a fuzz target that needs files
 * (a --symfs, a jitdump, a build-id cache), made once and removed with
 * everything in it when the process exits.
 */
#ifndef FUZZ_TMPDIR_H
#define FUZZ_TMPDIR_H

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static char *fuzz_tmpdir_path;

static int fuzz_tmpdir_rm(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void fuzz_tmpdir_cleanup(void)
{
	if (fuzz_tmpdir_path)
		nftw(fuzz_tmpdir_path, fuzz_tmpdir_rm, 16, FTW_DEPTH | FTW_PHYS);
}

/* mkdtemp(@tmpl) once, in $TMPDIR or /tmp; NULL on failure. */
static inline const char *fuzz_tmpdir(const char *name)
{
	static char path[4096];
	const char *tmp = getenv("TMPDIR");

	if (fuzz_tmpdir_path)
		return fuzz_tmpdir_path;
	snprintf(path, sizeof(path), "%s/prof-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
	if (!mkdtemp(path))
		return NULL;
	fuzz_tmpdir_path = path;
	atexit(fuzz_tmpdir_cleanup);
	return path;
}

/* @path holds exactly @data (@size bytes) */
static inline bool fuzz_write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "w");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data, 1, size, f) == size;
	return !fclose(f) && ok;
}

#endif
