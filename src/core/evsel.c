// SPDX-License-Identifier: GPL-2.0-only
/*
 * evsel.c: event selectors and the evlist. This file holds the lifecycle;
 * opening, reading and closing the kernel counters live beside it in
 * the counting/sampling code.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/util.h"

struct evsel *evsel__new(const struct perf_event_attr *attr)
{
	struct evsel *evsel = xzalloc(sizeof(*evsel));

	evsel->attr = *attr;
	evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->supported = true;
	INIT_LIST_HEAD(&evsel->node);
	return evsel;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->pmu_name);
	free(evsel->unit);
	free(evsel->group_name);
	free(evsel->tp_sys);
	free(evsel->tp_name);
	free(evsel->filter);
	free(evsel->fds);
	free(evsel->ids);
	cpu_map__put(evsel->own_cpus);
	cpu_map__put(evsel->cpus);
	thread_map__put(evsel->threads);
	free(evsel);
}

struct evlist *evlist__new(void)
{
	struct evlist *evlist = xzalloc(sizeof(*evlist));

	INIT_LIST_HEAD(&evlist->entries);
	return evlist;
}

void evlist__delete(struct evlist *evlist)
{
	struct evsel *evsel, *tmp;

	if (!evlist)
		return;
	evlist__for_each_entry_safe(evlist, tmp, evsel) {
		list_del_init(&evsel->node);
		evsel__delete(evsel);
	}
	cpu_map__put(evlist->cpus);
	thread_map__put(evlist->threads);
	free(evlist);
}

void evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	evsel->idx = evlist->nr_entries++;
	list_add_tail(&evsel->node, &evlist->entries);
}

void evlist__remove(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel *pos;
	int idx = 0;

	list_del_init(&evsel->node);
	evlist->nr_entries--;
	evlist__for_each_entry(evlist, pos)
		pos->idx = idx++;
}

struct evsel *evlist__first(struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL :
		list_first_entry(&evlist->entries, struct evsel, node);
}

struct evsel *evlist__last(struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL :
		list_last_entry(&evlist->entries, struct evsel, node);
}
