// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist-filter.c: --comms/--pid/--tid/--dsos/--symbols, for report, top
 * and flamegraph (hist-filter.h).
 */
#include "prof/hist-filter.h"
#include "prof/dso.h"
#include "prof/hist.h"
#include "prof/sort.h"
#include "prof/symbol.h"
#include "prof/util.h"

void name_list__parse(struct name_list *l, const char *str)
{
	char *copy, *save = NULL;

	if (!str)
		return;
	copy = xstrdup(str);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		l->names = xrealloc(l->names, (l->nr + 1) * sizeof(*l->names));
		l->names[l->nr++] = xstrdup(t);
	}
	free(copy);
}

bool name_list__has(const struct name_list *l, const char *name)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->names[i], name))
			return true;
	return false;
}

bool name_list__has_int(const struct name_list *l, long v)
{
	for (size_t i = 0; i < l->nr; i++)
		if (strtol(l->names[i], NULL, 0) == v)
			return true;
	return false;
}

void name_list__exit(struct name_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->names[i]);
	free(l->names);
	l->names = NULL;
	l->nr = 0;
}

bool hist_filter__rejects(const struct hist_filter *f, const char *comm, pid_t pid,
			  pid_t tid, const struct dso *dso, const struct symbol *sym)
{
	if (f->comms.nr && !name_list__has(&f->comms, comm ? comm : ""))
		return true;
	if (f->pids.nr && !name_list__has_int(&f->pids, pid))
		return true;
	if (f->tids.nr && !name_list__has_int(&f->tids, tid))
		return true;
	if (f->dsos.nr && (!dso || !(name_list__has(&f->dsos, dso->short_name) ||
				     name_list__has(&f->dsos, dso->long_name))))
		return true;
	if (f->syms.nr && (!sym || !name_list__has(&f->syms, sym->name)))
		return true;
	return false;
}

void hist_filter__exit(struct hist_filter *f)
{
	name_list__exit(&f->comms);
	name_list__exit(&f->pids);
	name_list__exit(&f->tids);
	name_list__exit(&f->dsos);
	name_list__exit(&f->syms);
}

void hists__unfiltered_totals(const struct hists *h, u64 *period, u64 *nr_samples)
{
	*period = *nr_samples = 0;
	for (size_t e = 0; e < h->nr_entries; e++)
		if (!h->entries[e]->filtered) {
			*period += h->entries[e]->period;
			*nr_samples += h->entries[e]->nr_events;
		}
}

const char *hist_filter__only(const struct hist_filter *f, const struct sort_key *k,
			      const char **what)
{
	const struct name_list *nl;

	switch (k->id) {
	case SORT_SYM:
		nl = &f->syms, *what = "symbol";
		break;
	case SORT_DSO:
		nl = &f->dsos, *what = "dso";
		break;
	case SORT_COMM:
		nl = &f->comms, *what = "comm";
		break;
	default:
		return NULL;
	}
	return nl->nr == 1 ? nl->names[0] : NULL;
}

void hist_filter__elide(const struct hist_filter *f, struct hist_layout *l)
{
	bool all = true;

	for (int i = 0; i < l->nr_fields; i++) {
		const char *what;

		if (l->fields[i].kind != HPP_SORT_KEY)
			continue;
		l->elide[i] = hist_filter__only(f, l->fields[i].key, &what) != NULL;
		all &= l->elide[i];
	}
	if (all)
		memset(l->elide, 0, sizeof(l->elide));
}
