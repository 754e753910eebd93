// SPDX-License-Identifier: GPL-2.0-only
/*
 * map.c: struct map and struct maps (a sorted array of non-overlapping
 * maps with perf's overlap-splitting insert).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/map.h"
#include "prof/dso.h"
#include "symbol-gen.h"

u64 symbol__generation;

struct map *map__new(u64 start, u64 end, u64 pgoff, struct dso *dso)
{
	struct map *m = xzalloc(sizeof(*m));

	m->refcnt = 1;
	m->start = start;
	m->end = end;
	m->pgoff = pgoff;
	m->dso = dso__get(dso);
	return m;
}

struct map *map__clone(const struct map *old)
{
	struct map *m = xmalloc(sizeof(*m));

	*m = *old;
	m->refcnt = 1;
	dso__get(m->dso);
	return m;
}

struct map *map__get(struct map *m)
{
	if (m)
		m->refcnt++;
	return m;
}

void map__put(struct map *m)
{
	if (!m || --m->refcnt > 0)
		return;
	dso__put(m->dso);
	free(m);
}

struct maps *maps__new(void)
{
	struct maps *maps = xzalloc(sizeof(*maps));

	maps->refcnt = 1;
	return maps;
}

struct maps *maps__get(struct maps *maps)
{
	if (maps)
		maps->refcnt++;
	return maps;
}

void maps__put(struct maps *maps)
{
	if (!maps || --maps->refcnt > 0)
		return;
	symbol__generation_bump();
	for (size_t i = 0; i < maps->nr; i++)
		map__put(maps->entries[i]);
	free(maps->entries);
	free(maps);
}

/* Index of the first map with end > addr (maps are sorted and disjoint). */
static size_t maps__lower(const struct maps *maps, u64 addr)
{
	size_t lo = 0, hi = maps->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void maps__insert_at(struct maps *maps, size_t pos, struct map *m)
{
	if (maps->nr == maps->alloc)
		maps->entries = xgrow(maps->entries, sizeof(*maps->entries), maps->nr + 1, &maps->alloc);
	memmove(maps->entries + pos + 1, maps->entries + pos, (maps->nr - pos) * sizeof(*maps->entries));
	maps->entries[pos] = m;
	maps->nr++;
}

void maps__insert(struct maps *maps, struct map *m)
{
	size_t i = maps__lower(maps, m->start), j;
	struct map *before = NULL, *after = NULL;

	maps->last = maps->last2 = NULL;
	symbol__generation_bump();
	/* Maps [i, j) overlap the new one. */
	for (j = i; j < maps->nr && maps->entries[j]->start < m->end; j++) {
		struct map *old = maps->entries[j];

		if (old->start < m->start) {
			before = map__clone(old);
			before->end = m->start;
		}
		if (old->end > m->end) {
			after = map__clone(old);
			after->start = m->end;
			if (!old->identity)
				after->pgoff += m->end - old->start;
		}
	}
	for (size_t k = i; k < j; k++)
		map__put(maps->entries[k]);
	if (j > i) {
		memmove(maps->entries + i, maps->entries + j, (maps->nr - j) * sizeof(*maps->entries));
		maps->nr -= j - i;
	}
	if (before)
		maps__insert_at(maps, i++, before);
	maps__insert_at(maps, i++, map__get(m));
	if (after)
		maps__insert_at(maps, i, after);
}

struct map *maps__find(struct maps *maps, u64 addr)
{
	struct map *m = maps->last;
	size_t i;

	if (m && addr >= m->start && addr < m->end)
		return m;
	m = maps->last2;
	if (m && addr >= m->start && addr < m->end) {
		maps->last2 = maps->last;
		maps->last = m;
		return m;
	}
	i = maps__lower(maps, addr);
	if (i < maps->nr && maps->entries[i]->start <= addr) {
		maps->last2 = maps->last;
		maps->last = maps->entries[i];
		return maps->entries[i];
	}
	return NULL;
}

struct map *maps__find_by_name(struct maps *maps, const char *name)
{
	for (size_t i = 0; i < maps->nr; i++) {
		struct dso *d = maps->entries[i]->dso;

		if (!strcmp(d->short_name, name) || !strcmp(d->long_name, name))
			return maps->entries[i];
	}
	return NULL;
}

struct maps *maps__clone(struct maps *parent)
{
	struct maps *maps = maps__new();

	maps->alloc = maps->nr = parent->nr;
	maps->entries = xmalloc((parent->nr ? parent->nr : 1) * sizeof(*maps->entries));
	for (size_t i = 0; i < parent->nr; i++)
		maps->entries[i] = map__get(parent->entries[i]);
	return maps;
}

void maps__fixup_end(struct maps *maps)
{
	maps->last = maps->last2 = NULL;
	symbol__generation_bump();
	for (size_t i = 0; i < maps->nr; i++) {
		struct map *m = maps->entries[i];

		if (m->end == 0 || m->end == ~0ULL)
			m->end = i + 1 < maps->nr ? maps->entries[i + 1]->start : ~0ULL;
	}
}
