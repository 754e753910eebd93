/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * build-id.h: GNU build-ids of ELF files and of the running kernel. A
 * build-id names one exact build of a binary; perf.data files carry them
 * so a report can refuse a file on disk that is not the one profiled.
 */
#ifndef PROF_BUILD_ID_H
#define PROF_BUILD_ID_H

#include "compat.h"

struct nsinfo;

/* perf's on-disk limit: SHA-1 sized; shorter ids (MD5, UUID) fit. */
#define BUILD_ID_SIZE 20
#define SBUILD_ID_SIZE (BUILD_ID_SIZE * 2 + 1)

struct build_id {
	u8 data[BUILD_ID_SIZE];
	size_t size;		/* 0: none */
};

/*
 * Read the NT_GNU_BUILD_ID note of the ELF file at @path (from its note
 * sections, or its PT_NOTE segments when it has no section headers).
 * Returns 0, -ENOENT/-EACCES.. for an unreadable file, -ENOEXEC for a
 * file that is not ELF, -ENODATA when it has no build-id.
 */
int filename__read_build_id(const char *path, struct build_id *bid);
/* The same for an open file descriptor (the offset is not used). */
int fd__read_build_id(int fd, struct build_id *bid);
/*
 * Parse a raw sequence of ELF notes as /sys/kernel/notes and
 * /sys/module/<m>/notes/.note.gnu.build-id hold them. 0 or -ENODATA.
 */
int notes__read_build_id(const void *buf, size_t len, struct build_id *bid);
/* The running kernel's build-id, from /sys/kernel/notes. */
int kernel__read_build_id(struct build_id *bid);

/*
 * A name for a file that has no build-id (a JIT's /tmp/perf-PID.map):
 * derived from its contents. record names the copy of a container's JIT
 * map it keeps in the build-id cache so; report takes a file only if its
 * contents give the recorded id.
 */
void content__build_id(const void *buf, size_t len, struct build_id *bid);

/* Lower-case hex into @buf (at least SBUILD_ID_SIZE); returns its length. */
int build_id__snprintf(const struct build_id *bid, char *buf, size_t size);
bool build_id__equal(const struct build_id *a, const struct build_id *b);

/*
 * Keep @filename ("/path", "[kernel.kallsyms]" or "[vdso]") with build-id
 * @bid in the build-id cache at @dir, as perf does: @fd >= 0 is the file
 * already opened (in a container's namespace, or a checked jitdump), else
 * the path is copied (hard-linked when it can be). @kind names the copy
 * of a JIT map ("perf-map") or a jitdump ("jitdump"); NULL: "elf" (or
 * "kallsyms", "vdso"). Best effort: failures are silent (pr_debug), an
 * existing copy is kept.
 */
/*
 * Write @path in the cache whole (a temporary file renamed over it),
 * readable by its owner only, making its directories; -errno on failure.
 */
int build_id_cache__write(const char *path, const void *buf, size_t len);
void build_id_cache__add(const char *dir, const char *filename, const struct build_id *bid,
			 int fd, const char *kind);

/*
 * The debug file @path with its compressed DWARF sections (SHF_COMPRESSED,
 * as Debian's -dbg packages ship them) inflated, so that libdw maps it
 * instead of inflating megabytes at every run: a copy kept in the
 * build-id cache at @dir, keyed by build-id alone (@path may itself be
 * in the cache) next to perf's links, <dir>/.build-id/xx/<rest>.prof-plain;
 * made on first use (through a temporary name), taken only if its
 * build-id is @path's and nothing in it is compressed. NULL (use @path itself):
 * nothing compressed, no build-id, DWARF that refers to a supplementary
 * file, or the cache cannot be written. Returns an allocated name.
 */
char *build_id_cache__plain_debug(const char *dir, const char *path);

/*
 * The cache as perf buildid-cache manages it (@dir is buildid_dir()).
 * An entry is <dir><realname>/<build-id>/{elf,debug,probes} and its link
 * <dir>/.build-id/<2 hex>/<rest> -> ../..<realname>/<build-id>.
 *
 * build_id_cache__linkname: "<dir>/.build-id/xx/rest", allocated.
 * build_id_cache__origname: the path an entry was cached from
 * ("/usr/bin/ls", "[kernel.kallsyms]"), allocated; NULL without a link.
 * build_id_cache__cached: the link leads to an entry.
 */
char *build_id_cache__linkname(const char *dir, const char *sbid);
char *build_id_cache__origname(const char *dir, const char *sbid);
bool build_id_cache__cached(const char *dir, const char *sbid);
/*
 * The build-ids of the cache's links, sorted, into *@ids (each and the
 * array allocated; NULL, 0 for none or no cache). With @valid_only, only
 * those whose original file still has that build-id (the running
 * kernel's for [kernel.kallsyms]; none for [vdso]), as perf -l lists
 * them. 0 or -errno when the cache cannot be read.
 */
int build_id_cache__list(const char *dir, bool valid_only, char ***ids, size_t *nr);
/* The build-ids cached for @realname (its entry directories), sorted. 0 or -errno. */
int build_id_cache__path_ids(const char *dir, const char *realname, char ***ids, size_t *nr);
/*
 * Add the ELF file @name, whose canonical path is @realname and build-id
 * @sbid: its copy (a hard link when it can be), its debug file from
 * /usr/lib/debug/.build-id when there is one, its link and its SDT probes
 * file. @nsi: @name is read in that process's mount namespace (NULL:
 * ours). An existing entry is kept. 0 or -errno.
 */
int build_id_cache__add_file(const char *dir, const char *name, const char *realname,
			     const char *sbid, const struct nsinfo *nsi);
/* Remove the link of @sbid and its entry. 0 or -errno (-ENOENT: not cached). */
int build_id_cache__remove(const char *dir, const char *sbid);
/*
 * Write @path, the probes file of the ELF file @file (canonical path
 * @realname, read in @nsi's mount namespace when not NULL), from its SDT
 * notes as perf does (empty without notes). A non-empty file is kept.
 * Returns the number of probe names written, or -errno. In probe-cache.c.
 */
int probe_cache__write_sdt(const char *path, const char *file, const char *realname,
			   const struct nsinfo *nsi);

#endif /* PROF_BUILD_ID_H */
