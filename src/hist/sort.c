// SPDX-License-Identifier: GPL-2.0-only
/*
 * sort.c: the sort keys of perf report and the column/sort layout.
 *
 * Each key has two compares, with perf 6.1's argument order: collapse(l, r)
 * decides merging (0 = same entry) and the order entries have before the
 * output sort; sort(l, r) is the output order. In both, a positive value
 * puts @l first.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/sort.h"
#include "prof/hist.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/thread.h"

static const struct sort_key sort_keys[] = {
	{ "comm", "Command", SORT_COMM },
	{ "pid", "    Pid:Command", SORT_PID },
	{ "tid", "    Pid:Command", SORT_TID },
	{ "dso", "Shared Object", SORT_DSO },
	{ "sym", "Symbol", SORT_SYM },
	{ "srcline", "Source:Line", SORT_SRCLINE },
	{ "srcfile", "Source File", SORT_SRCFILE },
	{ "cpu", "CPU", SORT_CPU },
	{ "parent", "Parent symbol", SORT_PARENT },
	{ "symbol_size", "Symbol size", SORT_SYM_SIZE },
	{ "dso_size", "DSO size", SORT_DSO_SIZE },
};

const struct sort_key *sort_key__find(const char *name)
{
	if (!strcasecmp(name, "symbol"))
		name = "sym";
	for (size_t i = 0; i < ARRAY_SIZE(sort_keys); i++)
		if (!strcasecmp(sort_keys[i].name, name))
			return &sort_keys[i];
	return NULL;
}

static s64 cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return !l ? -1 : 1;
}

static s64 cmp_u64(u64 l, u64 r)
{
	return l < r ? -1 : l > r ? 1 : 0;
}

/* -v shows (and compares) DSOs by their long names. */
static const char *dso_name(const struct dso *dso)
{
	return verbose > 0 ? dso->long_name : dso->short_name;
}

/* perf's _sort__dso_cmp(right, left): names ascending, no map last. */
static s64 dso_collapse(const struct hist_entry *l, const struct hist_entry *r)
{
	if (!l->dso || !r->dso)
		return cmp_null(l->dso, r->dso);
	return strcmp(dso_name(r->dso), dso_name(l->dso));
}

static s64 sym_collapse(const struct hist_entry *l, const struct hist_entry *r)
{
	s64 ret;

	if (!l->sym && !r->sym)
		return (s64)(r->ip - l->ip);
	ret = dso_collapse(l, r);
	if (ret)
		return ret;
	if (!l->sym || !r->sym)
		return cmp_null(l->sym, r->sym);
	if (l->sym == r->sym)
		return 0;
	if (l->inlined || r->inlined) {
		/* perf: inlined stand-ins share their caller's range */
		int c = strcmp(l->sym->name, r->sym->name);

		if (c)
			return c;
		if (l->inlined != r->inlined)
			return l->inlined ? -1 : 1;
	}
	if (l->sym->start != r->sym->start)
		return (s64)(r->sym->start - l->sym->start);
	return (s64)(r->sym->end - l->sym->end);
}

static u64 sym_size(const struct symbol *s)
{
	return s ? s->end - s->start : 0;
}

s64 sort_key__collapse(const struct sort_key *k, const struct hist_entry *l,
		       const struct hist_entry *r)
{
	switch (k->id) {
	case SORT_COMM:
		return strcmp(r->comm, l->comm);
	case SORT_PID:
	case SORT_TID:
		return (s64)r->tid - (s64)l->tid;
	case SORT_DSO:
		return dso_collapse(l, r);
	case SORT_SYM:
		return sym_collapse(l, r);
	case SORT_SRCLINE:
		return strcmp(r->srcline, l->srcline);
	case SORT_SRCFILE:
		return strcmp(r->srcfile, l->srcfile);
	case SORT_CPU:
		return (s64)r->cpu - (s64)l->cpu;
	case SORT_PARENT:
		if (!l->parent || !r->parent)
			return cmp_null(l->parent, r->parent);
		return strcmp(r->parent->name, l->parent->name);
	case SORT_SYM_SIZE:
		return cmp_u64(sym_size(r->sym), sym_size(l->sym));
	case SORT_DSO_SIZE:
		return cmp_u64(r->has_map ? r->map_size : 0, l->has_map ? l->map_size : 0);
	case SORT_NR_KEYS:
		break;
	}
	return 0;
}

s64 sort_key__sort(const struct sort_key *k, const struct hist_entry *l,
		   const struct hist_entry *r)
{
	if (k->id == SORT_SYM) {
		if (!l->sym || !r->sym)
			return cmp_null(l->sym, r->sym);
		return strcmp(r->sym->name, l->sym->name);
	}
	return sort_key__collapse(k, l, r);
}

bool sort_key__pads(const struct sort_key *k)
{
	return k->id != SORT_SYM && k->id != SORT_SRCLINE && k->id != SORT_SRCFILE;
}

int sort_key__snprintf(const struct sort_key *k, const struct hist_entry *he,
		       char *buf, size_t size, int width)
{
	int n = 0;

	switch (k->id) {
	case SORT_COMM:
		return snprintf(buf, size, "%-*.*s", width, width, he->comm);
	case SORT_PID:
	case SORT_TID: {
		int w = max(7, width) - 8;

		return snprintf(buf, size, "%7d:%-*.*s", (int)he->tid, w, w,
				he->thread ? thread__comm_str(he->thread) : "");
	}
	case SORT_DSO:
		return snprintf(buf, size, "%-*.*s", width, width,
				he->dso ? dso_name(he->dso) : "[unknown]");
	case SORT_SYM:
		if (verbose > 0)	/* address and symtab origin letter */
			n = snprintf(buf, size, "%-#*" PRIx64 " %c ", 18, he->ip,
				     he->has_map && he->dso ? he->dso->origin : '!');
		n += snprintf(buf + n, size - n, "[%c] ", he->level);
		if (he->sym && he->has_map) {
			n += snprintf(buf + n, size - n, "%.*s", max(width - n, 0), he->sym->name);
			if (he->inlined)
				n += snprintf(buf + n, size - n, " (inlined)");
		}
		else
			n += snprintf(buf + n, size - n, "%-#.*" PRIx64, 16, he->ip);
		return n;
	case SORT_SRCLINE:
		return snprintf(buf, size, "%-.*s", width, he->srcline);
	case SORT_SRCFILE:
		return snprintf(buf, size, "%-.*s", width, he->srcfile);
	case SORT_CPU:
		return snprintf(buf, size, "%*.*d", width, width, he->cpu);
	case SORT_PARENT:
		return snprintf(buf, size, "%-*.*s", width, width,
				he->parent ? he->parent->name : "[other]");
	case SORT_SYM_SIZE:
		if (he->sym)
			return snprintf(buf, size, "%*d", width, (int)sym_size(he->sym));
		return snprintf(buf, size, "%*s", width, "unknown");
	case SORT_DSO_SIZE:
		if (he->has_map)
			return snprintf(buf, size, "%*d", width, (int)he->map_size);
		return snprintf(buf, size, "%*s", width, "unknown");
	case SORT_NR_KEYS:
		break;
	}
	return 0;
}

int sort_key__value_width(const struct sort_key *k, const struct hist_entry *he)
{
	switch (k->id) {
	case SORT_COMM:
		return he->thread ? (int)strlen(thread__comm_str(he->thread)) : 0;
	case SORT_PID:
	case SORT_TID:
		return he->thread ? (int)strlen(thread__comm_str(he->thread)) + 8 : 0;
	case SORT_DSO:
		/* an unresolved symbol widens the column to an address */
		return max(he->dso ? (int)strlen(dso_name(he->dso)) : 0, he->sym ? 0 : 16);
	case SORT_SYM:
		if (he->sym)
			return he->sym->namelen + 4 + (verbose > 0 ? 16 + 2 + 3 : 0);
		return 16 + 4 + 2;
	case SORT_SRCLINE:
		return he->srcline ? (int)strlen(he->srcline) : 0;
	case SORT_SRCFILE:
		return he->srcfile ? (int)strlen(he->srcfile) : 0;
	case SORT_PARENT:
		return he->parent ? (int)strlen(he->parent->name) : 0;
	default:
		return 0;
	}
}

static int layout__add_sort(struct hist_layout *l, struct hist_field f)
{
	for (int i = 0; i < l->nr_sorts; i++)
		if (l->sorts[i].kind == f.kind && l->sorts[i].key == f.key)
			return 0;
	if (l->nr_sorts == HIST_MAX_FIELDS)
		return -EINVAL;
	l->sorts[l->nr_sorts++] = f;
	return 0;
}

static int layout__add_field(struct hist_layout *l, struct hist_field f)
{
	for (int i = 0; i < l->nr_fields; i++)
		if (l->fields[i].kind == f.kind && l->fields[i].key == f.key)
			return 0;
	if (l->nr_fields == HIST_MAX_FIELDS)
		return -EINVAL;
	l->fields[l->nr_fields++] = f;
	return 0;
}

/* One name of --sort or -F: an hpp field or a sort key. */
static int parse_field(const char *name, struct hist_field *f)
{
	static const struct { const char *name; enum hpp_id id; } hpp[] = {
		{ "overhead", HPP_OVERHEAD },
		{ "overhead_children", HPP_OVERHEAD_CHILDREN },
		{ "sample", HPP_SAMPLE },
		{ "period", HPP_PERIOD },
	};

	for (size_t i = 0; i < ARRAY_SIZE(hpp); i++)
		if (!strcasecmp(name, hpp[i].name)) {
			f->kind = hpp[i].id;
			f->key = NULL;
			return 0;
		}
	f->key = sort_key__find(name);
	f->kind = HPP_SORT_KEY;
	return f->key ? 0 : -EINVAL;
}

/* Split @list at ',' and ' ' and call @fn on each name. */
static int for_each_name(const char *list, struct hist_layout *l, bool to_fields,
			 const char **bad)
{
	static char badname[128];
	char *copy = xstrdup(list), *save = NULL;
	int ret = 0;

	for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		struct hist_field f;

		if (parse_field(tok, &f) < 0) {
			snprintf(badname, sizeof(badname), "%s", tok);
			*bad = badname;
			ret = -EINVAL;
			break;
		}
		if (f.kind == HPP_SORT_KEY && l->nr_keys < SORT_NR_KEYS) {
			bool have = false;

			for (int i = 0; i < l->nr_keys; i++)
				have |= l->keys[i] == f.key;
			if (!have)
				l->keys[l->nr_keys++] = f.key;
		}
		if (to_fields) {
			if (f.kind == HPP_OVERHEAD_CHILDREN && !l->children)
				continue;
			ret = layout__add_field(l, f);
		} else {
			ret = layout__add_sort(l, f);
		}
		if (ret)
			break;
	}
	free(copy);
	return ret;
}

int hist_layout__setup(struct hist_layout *l, const char *sort_order,
		       const char *field_order, bool children, bool show_nr_samples,
		       bool show_total_period, const char **bad)
{
	struct hist_field ov = { HPP_OVERHEAD, NULL }, ch = { HPP_OVERHEAD_CHILDREN, NULL };
	int ret;

	memset(l, 0, sizeof(*l));
	l->children = children;
	*bad = NULL;
	if (field_order && field_order[0] == '+')
		field_order++;	/* "+f" appends to the defaults: same for us */
	if (!field_order) {
		/* perf prepends the overhead columns to the sort keys */
		if (children)
			layout__add_sort(l, ch);
		layout__add_sort(l, ov);
		ret = for_each_name(sort_order ? sort_order : "comm,dso,sym", l, false, bad);
		if (ret)
			return ret;
		if (children)
			layout__add_field(l, ch);
		layout__add_field(l, ov);
		if (show_nr_samples)
			layout__add_field(l, (struct hist_field){ HPP_SAMPLE, NULL });
		if (show_total_period)
			layout__add_field(l, (struct hist_field){ HPP_PERIOD, NULL });
		for (int i = 0; i < l->nr_sorts; i++)
			if (l->sorts[i].kind == HPP_SORT_KEY)
				layout__add_field(l, l->sorts[i]);
		return 0;
	}
	l->fields_given = true;
	if (sort_order) {
		ret = for_each_name(sort_order, l, false, bad);
		if (ret)
			return ret;
	}
	ret = for_each_name(field_order, l, true, bad);
	if (ret)
		return ret;
	/* sort keys not among the fields become columns, fields sort keys */
	for (int i = 0; i < l->nr_sorts; i++)
		if (l->sorts[i].kind == HPP_SORT_KEY)
			layout__add_field(l, l->sorts[i]);
	for (int i = 0; i < l->nr_fields; i++)
		layout__add_sort(l, l->fields[i]);
	return 0;
}

bool hist_layout__has_key(const struct hist_layout *l, enum sort_key_id id)
{
	for (int i = 0; i < l->nr_keys; i++)
		if (l->keys[i]->id == id)
			return true;
	return false;
}
