/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dso-hits.h: which DSOs the samples of a recording hit, followed from the
 * records as record writes them (perf reads its file again at the end for
 * this; prof does not), and their build-ids for HEADER_BUILD_ID and the
 * build-id cache. A DSO of a process in another mount namespace is
 * opened there (its namespace is pinned when first seen, so the container
 * may be gone by the end).
 */
#ifndef PROF_DSO_HITS_H
#define PROF_DSO_HITS_H

#include "compat.h"

struct dso_hits;
union perf_event;
struct writer_build_id;

struct dso_hits *dso_hits__new(void);
void dso_hits__delete(struct dso_hits *h);

/*
 * The sample_type of the events' samples: the first call gives the
 * default, each call maps @nr sample ids to @sample_type (for
 * PERF_SAMPLE_IDENTIFIER layouts).
 */
void dso_hits__add_event(struct dso_hits *h, u64 sample_type, const u64 *ids, int nr);

/* Follow MMAP/MMAP2/FORK/COMM(exec) records, synthesized or from the rings. */
void dso_hits__side(struct dso_hits *h, const union perf_event *ev);
/* Mark the DSOs of a SAMPLE's ip and callchain, note its time. */
void dso_hits__sample(struct dso_hits *h, const union perf_event *ev);
/* A new output file (--switch-output): no DSO hit, no time yet; maps stay. */
void dso_hits__reset(struct dso_hits *h);

/*
 * perf record --buildid-all: every DSO mapped counts as hit ([vdso] then
 * where it was mapped). --vmlinux: the kernel's entry is named @vmlinux
 * (with the running kernel's build-id), as perf names it.
 */
void dso_hits__set_all(struct dso_hits *h, bool all);
void dso_hits__set_vmlinux(struct dso_hits *h, const char *vmlinux);

/* First and last sample time since the last reset; false when none. */
bool dso_hits__time(const struct dso_hits *h, u64 *first, u64 *last);
/*
 * The running kernel's build-id of module @name ("nf_tables", a path to
 * its .ko, or "[name]"; '-' as '_'), from /sys/module/NAME/notes. 0 or -errno.
 */
struct build_id;
int kernel_module__read_build_id(const char *name, struct build_id *bid);

/*
 * The build-ids perf lists: the kernel always, [vdso] always, every other
 * DSO a sample hit (a container's read inside its namespace). With a
 * @cache_dir each file is also kept in the build-id cache as perf keeps
 * it. Returns the number of entries in *@ids (the caller frees the array;
 * the file names belong to @h).
 */
size_t dso_hits__build_ids(struct dso_hits *h, const char *cache_dir,
			   struct writer_build_id **ids);

/*
 * perf inject -b: the DSOs hit (--buildid-all: mapped) since the last
 * call, each once, with the build-id of its file on this machine (size 0
 * when it has none). Entries' names belong to @h; the caller frees the
 * array. Cheap when nothing new was hit.
 */
size_t dso_hits__take_new(struct dso_hits *h, struct writer_build_id **ids);

#endif /* PROF_DSO_HITS_H */
