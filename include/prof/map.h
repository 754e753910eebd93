/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * map.h: a mapping [start, end) of a DSO into an address space, and
 * struct maps, the sorted non-overlapping set of one process (or of the
 * kernel). Both refcounted: threads of one process share a maps.
 */
#ifndef PROF_MAP_H
#define PROF_MAP_H

#include "compat.h"

struct dso;

struct map {
	int refcnt;
	u64 start, end;		/* [start, end) */
	u64 pgoff;
	u32 prot, flags;
	bool identity;		/* map_ip(ip) == ip: kernel, JIT maps */
	struct dso *dso;	/* one reference */
};

/* Returns a new map with one reference, taking a new reference to @dso. */
struct map *map__new(u64 start, u64 end, u64 pgoff, struct dso *dso);
/* A new map with the same fields (and dso reference). */
struct map *map__clone(const struct map *m);
struct map *map__get(struct map *m);
void map__put(struct map *m);	/* NULL is a no-op */

/* Address in the process -> address in the DSO (perf's map->map_ip). */
static inline u64 map__map_ip(const struct map *m, u64 ip)
{
	return m->identity ? ip : ip - m->start + m->pgoff;
}

static inline u64 map__unmap_ip(const struct map *m, u64 rel)
{
	return m->identity ? rel : rel + m->start - m->pgoff;
}

struct maps {
	int refcnt;
	struct map **entries;	/* sorted by start, non-overlapping; one ref each */
	size_t nr, alloc;
	/*
	 * Lookup cache, the two maps found last, most recent first (borrowed):
	 * a call chain alternates between an executable and its libraries.
	 * Whoever changes the maps' set or bounds resets both.
	 */
	struct map *last, *last2;
	/*
	 * resolved-sample.c: a map whose file has a known ELF class was seen
	 * in them, perf's maps->addr_space (unwind__prepare_access): from
	 * then on a --call-graph dwarf sample of the process is unwound.
	 */
	bool unwind_ready;
};

struct maps *maps__new(void);
struct maps *maps__get(struct maps *maps);
void maps__put(struct maps *maps);	/* NULL is a no-op */
/*
 * Insert @m (takes a new reference), cutting older maps it overlaps the
 * way perf does: the part of an old map before @m and the part after it
 * survive as clones (the latter with its pgoff advanced); wholly covered
 * maps are dropped.
 */
void maps__insert(struct maps *maps, struct map *m);
/* Borrowed map containing @addr, or NULL. */
struct map *maps__find(struct maps *maps, u64 addr);
/* Borrowed map whose dso short or long name is @name, or NULL. */
struct map *maps__find_by_name(struct maps *maps, const char *name);
/* A new maps with a reference to each map of @parent (fork). */
struct maps *maps__clone(struct maps *parent);
/* Set the end of every map with end == 0 or ~0 to the next map's start. */
void maps__fixup_end(struct maps *maps);

#endif
