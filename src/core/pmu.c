// SPDX-License-Identifier: GPL-2.0-only
/*
 * pmu.c: PMU discovery from sysfs (<root>/bus/event_source/devices).
 *
 * Invariants:
 *  1. The PMU list is read whole on first use, sorted by name, and never
 *     changes until pmus__exit() (or a new root), so borrowed pointers stay
 *     valid for the life of a command.
 *  2. A PMU whose "type" file cannot be read is skipped, as perf does.
 *  3. Alias files with a '.' suffix (.scale, .unit, .per-pkg, .snapshot)
 *     describe the alias of the same stem and are never aliases themselves.
 */
#include "prof/compat.h"
#include "prof/pmu.h"
#include "prof/pmu-metrics.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <ctype.h>
#include <dirent.h>

static char *sysfs_root;
static LIST_HEAD(pmus);
static bool pmus_read;

void sysfs__set_root(const char *root)
{
	pmus__exit();
	free(sysfs_root);
	sysfs_root = root ? xstrdup(root) : NULL;
}

const char *sysfs__root(void)
{
	return sysfs_root ? sysfs_root : "/sys";
}

static void pmu__delete(struct pmu *pmu)
{
	struct pmu_format *f, *tf;
	struct pmu_alias *a, *ta;

	list_for_each_entry_safe(f, tf, &pmu->formats, node) {
		free(f->name);
		free(f);
	}
	list_for_each_entry_safe(a, ta, &pmu->aliases, node) {
		free(a->name);
		free(a->terms);
		free(a->unit);
		free(a);
	}
	cpu_map__put(pmu->cpus);
	free(pmu->name);
	free(pmu);
}

void pmus__exit(void)
{
	struct pmu *pmu, *tmp;

	list_for_each_entry_safe(pmu, tmp, &pmus, node) {
		list_del_init(&pmu->node);
		pmu__delete(pmu);
	}
	pmus_read = false;
}

/* "config1:0-7,32-35" -> config=1, bits. Returns 0 or -EINVAL. */
static int parse_format(const char *s, int *config, u64 *bits)
{
	const char *p;
	char *end;

	if (strstarts(s, "config2:"))
		*config = 2;
	else if (strstarts(s, "config1:"))
		*config = 1;
	else if (strstarts(s, "config:"))
		*config = 0;
	else
		return -EINVAL;
	p = strchr(s, ':') + 1;
	*bits = 0;
	while (*p) {
		unsigned long lo, hi;

		lo = strtoul(p, &end, 10);
		if (end == p)
			return -EINVAL;
		hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtoul(p + 1, &end, 10);
			if (end == p + 1)
				return -EINVAL;
			p = end;
		}
		if (lo > 63 || hi > 63 || hi < lo)
			return -EINVAL;
		for (; lo <= hi; lo++)
			*bits |= 1ULL << lo;
		if (*p == ',')
			p++;
		else if (*p == '\n' || *p == ' ')
			break;
		else if (*p)
			return -EINVAL;
	}
	return 0;
}

static int cmp_dirent_names(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void pmu__read_formats(struct pmu *pmu, const char *dir)
{
	struct dirent **names;
	char *path = xasprintf("%s/format", dir);
	int n, i;

	n = scandir(path, &names, NULL, cmp_dirent_names);
	free(path);
	if (n < 0)
		return;
	for (i = 0; i < n; i++) {
		struct pmu_format *f;
		char *s;

		if (names[i]->d_name[0] == '.')
			goto next;
		path = xasprintf("%s/format/%s", dir, names[i]->d_name);
		s = read_file_str(path, NULL);
		free(path);
		if (!s)
			goto next;
		f = xzalloc(sizeof(*f));
		if (parse_format(strim(s), &f->config, &f->bits)) {
			free(f);
		} else {
			f->name = xstrdup(names[i]->d_name);
			list_add_tail(&f->node, &pmu->formats);
		}
		free(s);
next:
		free(names[i]);
	}
	free(names);
}

static char *read_alias_file(const char *dir, const char *name, const char *suffix)
{
	char *path = xasprintf("%s/events/%s%s", dir, name, suffix);
	char *s;

	s = read_file_str(path, NULL);
	free(path);
	if (s) {
		char *t = strim(s);

		memmove(s, t, strlen(t) + 1);
	}
	return s;
}

static void pmu__read_aliases(struct pmu *pmu, const char *dir)
{
	struct dirent **names;
	char *path = xasprintf("%s/events", dir);
	int n, i;

	n = scandir(path, &names, NULL, cmp_dirent_names);
	free(path);
	if (n < 0)
		return;
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		struct pmu_alias *a;
		char *terms, *s;

		if (name[0] == '.' || strchr(name, '.'))
			goto next;
		terms = read_alias_file(dir, name, "");
		if (!terms)
			goto next;
		a = xzalloc(sizeof(*a));
		a->name = xstrdup(name);
		a->terms = terms;
		a->scale = 1.0;
		s = read_alias_file(dir, name, ".scale");
		if (s) {
			a->scale = strtod(s, NULL);
			free(s);
		}
		a->unit = read_alias_file(dir, name, ".unit");
		s = read_alias_file(dir, name, ".per-pkg");
		a->per_pkg = s && strtol(s, NULL, 10) == 1;
		free(s);
		s = read_alias_file(dir, name, ".snapshot");
		a->snapshot = s && strtol(s, NULL, 10) == 1;
		free(s);
		list_add_tail(&a->node, &pmu->aliases);
next:
		free(names[i]);
	}
	free(names);
}

/* perf's match of a JSON Unit's PMU: the name, or the name and "_<n>". */
static bool json_pmu_match(const char *want, const char *name)
{
	size_t len = strlen(want);

	if (strncmp(name, want, len))
		return false;
	if (!name[len])
		return true;
	if (name[len] != '_' || !name[len + 1])
		return false;
	for (name += len + 1; *name; name++)
		if (!isdigit((unsigned char)*name))
			return false;
	return true;
}

/* The events of this CPU's JSON table that belong to @pmu, by name. */
static void pmu__add_json_aliases(struct pmu *pmu)
{
	const struct pmu_metrics_table *t = pmu_metrics__table();
	size_t i;

	for (i = 0; t && i < t->nr_events; i++) {
		const struct pmu_json_event *ev = &t->events[i];
		struct pmu_alias *a, *pos;

		if (ev->pmu ? !json_pmu_match(ev->pmu, pmu->name) : !pmu->is_core)
			continue;
		a = pmu__find_alias(pmu, ev->name);
		if (!a) {
			a = xzalloc(sizeof(*a));
			a->name = xstrdup(ev->name);
			a->terms = xstrdup(ev->terms);
			a->scale = 1.0;
			/* Keep the list sorted by name. */
			list_for_each_entry(pos, &pmu->aliases, node)
				if (strcmp(pos->name, a->name) > 0)
					break;
			list_add_tail(&a->node, &pos->node);
		}
		a->desc = ev->desc;
		a->long_desc = ev->long_desc ? ev->long_desc : ev->desc;
		a->topic = ev->topic;
		a->deprecated = ev->deprecated;
	}
}

static struct cpu_map *pmu__read_cpus(const char *dir)
{
	static const char *const files[] = { "cpumask", "cpus" };
	struct cpu_map *map = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(files) && !map; i++) {
		char *path = xasprintf("%s/%s", dir, files[i]);
		char *s = read_file_str(path, NULL);

		free(path);
		if (!s)
			continue;
		if (*strim(s))
			map = cpu_map__new(strim(s));
		free(s);
	}
	return map;
}

static bool is_core_name(const char *name)
{
	return !strcmp(name, "cpu") || !strcmp(name, "cpu_core") ||
	       !strcmp(name, "cpu_atom");
}

static struct pmu *pmu__read(const char *base, const char *name)
{
	char *dir = xasprintf("%s/%s", base, name);
	char *path = xasprintf("%s/type", dir);
	struct pmu *pmu;
	u64 type;
	int err = read_file_u64(path, &type);

	free(path);
	if (err || type > UINT32_MAX) {
		free(dir);
		return NULL;
	}
	pmu = xzalloc(sizeof(*pmu));
	INIT_LIST_HEAD(&pmu->node);
	INIT_LIST_HEAD(&pmu->formats);
	INIT_LIST_HEAD(&pmu->aliases);
	pmu->name = xstrdup(name);
	pmu->type = (u32)type;
	pmu->is_core = is_core_name(name);
	pmu__read_formats(pmu, dir);
	pmu__read_aliases(pmu, dir);
	pmu__add_json_aliases(pmu);
	pmu->cpus = pmu__read_cpus(dir);
	free(dir);
	return pmu;
}

static void pmus__read(void)
{
	struct dirent **names;
	char *base;
	int n, i;

	if (pmus_read)
		return;
	pmus_read = true;
	base = xasprintf("%s/bus/event_source/devices", sysfs__root());
	n = scandir(base, &names, NULL, cmp_dirent_names);
	if (n < 0) {
		free(base);
		return;
	}
	for (i = 0; i < n; i++) {
		struct pmu *pmu = NULL;

		if (names[i]->d_name[0] != '.')
			pmu = pmu__read(base, names[i]->d_name);
		if (pmu)
			list_add_tail(&pmu->node, &pmus);
		free(names[i]);
	}
	free(names);
	free(base);
}

struct pmu *pmu__find(const char *name)
{
	struct pmu *pmu;

	pmus__read();
	list_for_each_entry(pmu, &pmus, node)
		if (!strcmp(pmu->name, name))
			return pmu;
	errno = ENOENT;
	return NULL;
}

struct pmu *pmus__next(struct pmu *prev)
{
	pmus__read();
	if (!prev)
		return list_empty(&pmus) ? NULL :
			list_first_entry(&pmus, struct pmu, node);
	if (prev->node.next == &pmus)
		return NULL;
	return list_entry(prev->node.next, struct pmu, node);
}

bool pmus__have_core(void)
{
	struct pmu *pmu = NULL;

	while ((pmu = pmus__next(pmu)))
		if (pmu->is_core)
			return true;
	return false;
}

struct pmu_format *pmu__find_format(struct pmu *pmu, const char *name)
{
	struct pmu_format *f;

	list_for_each_entry(f, &pmu->formats, node)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

struct pmu_alias *pmu__find_alias(struct pmu *pmu, const char *name)
{
	struct pmu_alias *a;

	list_for_each_entry(a, &pmu->aliases, node)
		if (!strcasecmp(a->name, name))
			return a;
	return NULL;
}

int pmu_format__apply(const struct pmu_format *format, u64 value,
		      u64 *config, u64 *max)
{
	u64 bits = format->bits, out = 0, limit;
	int nbits = (int)popcount64(bits), bit, i = 0;

	limit = nbits >= 64 ? ~0ULL : (1ULL << nbits) - 1;
	if (value > limit) {
		if (max)
			*max = limit;
		return -ERANGE;
	}
	/* The value's low bits fill the field's lowest positions first. */
	for (bit = 0; bit < 64; bit++) {
		if (!(bits & (1ULL << bit)))
			continue;
		if (value & (1ULL << i))
			out |= 1ULL << bit;
		i++;
	}
	*config = (*config & ~bits) | out;
	return 0;
}

char *pmu__format_names(struct pmu *pmu)
{
	struct strbuf sb = STRBUF_INIT;
	struct pmu_format *f;

	list_for_each_entry(f, &pmu->formats, node) {
		if (sb.len)
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, f->name);
	}
	return strbuf_detach(&sb, NULL);
}
