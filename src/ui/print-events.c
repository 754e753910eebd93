// SPDX-License-Identifier: GPL-2.0-only
/*
 * print-events.c: the listing of every event prof can parse, section by
 * section as perf 6.1 prints it:
 *
 *   hardware (supported only), software (supported only), tool,
 *   hardware cache (supported only), kernel PMU aliases, then, for the
 *   full listing only, the raw and breakpoint syntax lines, tracepoints,
 *   SDT events and the metric groups of this CPU's table.
 *
 * Sections sort their names (perf uses strlists and qsort); tool events
 * keep their table order; tracepoints go system by system, each sorted.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/evsel.h"
#include "prof/pager.h"
#include "prof/parse-events.h"
#include "prof/pmu.h"
#include "prof/pmu-metrics.h"
#include "prof/print-events.h"
#include "prof/strbuf.h"
#include "prof/tracepoint.h"
#include "prof/util.h"
#include <ctype.h>
#include <dirent.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>

static const char *const type_desc[] = {
	[PERF_TYPE_HARDWARE] = "Hardware event",
	[PERF_TYPE_SOFTWARE] = "Software event",
	[PERF_TYPE_TRACEPOINT] = "Tracepoint event",
	[PERF_TYPE_HW_CACHE] = "Hardware cache event",
	[PERF_TYPE_RAW] = "Raw hardware event descriptor",
	[PERF_TYPE_BREAKPOINT] = "Hardware breakpoint",
};

static FILE *out(struct print_state *ps)
{
	return ps->out ? ps->out : stdout;
}

static int try_open(struct perf_event_attr *attr)
{
	long fd = syscall(SYS_perf_event_open, attr, 0, -1, -1,
			  PERF_FLAG_FD_CLOEXEC);

	if (fd < 0)
		return -errno;
	close((int)fd);
	return 0;
}

bool is_event_supported(u32 type, u64 config)
{
	struct perf_event_attr attr = {
		.type = type,
		.config = config,
		.size = sizeof(attr),
		.disabled = 1,
	};
	int ret = try_open(&attr);

	/* perf_event_paranoid >= 2: retry without the kernel, as perf does. */
	if (ret == -EACCES) {
		attr.exclude_kernel = 1;
		ret = try_open(&attr);
	}
	return ret == 0;
}

static bool supported(struct print_state *ps, u32 type, u64 config)
{
	return ps->is_supported ? ps->is_supported(type, config) :
		is_event_supported(type, config);
}

/* A growable array of names, sorted before printing. */
struct names {
	char **v;
	size_t nr, alloc;
};

static void names__add(struct names *n, char *s)
{
	n->v = xgrow(n->v, sizeof(*n->v), n->nr + 1, &n->alloc);
	n->v[n->nr++] = s;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void names__sort(struct names *n)
{
	if (n->nr)
		qsort(n->v, n->nr, sizeof(*n->v), cmp_str);
}

static void names__free(struct names *n)
{
	size_t i;

	for (i = 0; i < n->nr; i++)
		free(n->v[i]);
	free(n->v);
	memset(n, 0, sizeof(*n));
}

static void print_line(struct print_state *ps, const char *name, const char *type)
{
	if (ps->name_only)
		fprintf(out(ps), "%s ", name);
	else
		fprintf(out(ps), "  %-50s [%s]\n", name, type);
}

static void section_end(struct print_state *ps, size_t printed)
{
	if (printed && ps->pager)
		fputc('\n', out(ps));
}

void print_symbol_events(struct print_state *ps, const char *glob, u32 type)
{
	const struct event_symbol *syms;
	struct names n = { 0 };
	unsigned int i, max;

	if (type == PERF_TYPE_HARDWARE) {
		syms = event_symbols_hw;
		max = PROF_COUNT_HW_MAX;
	} else {
		syms = event_symbols_sw;
		max = PROF_COUNT_SW_MAX;
	}
	for (i = 0; i < max; i++) {
		const char *sym = syms[i].symbol, *alias = syms[i].alias;

		if (!sym)
			continue;
		if (glob && !strglobmatch(sym, glob) &&
		    !(alias && *alias && strglobmatch(alias, glob)))
			continue;
		if (!supported(ps, type, i))
			continue;
		if (!ps->name_only && alias && *alias)
			names__add(&n, xasprintf("%s OR %s", sym, alias));
		else
			names__add(&n, xstrdup(sym));
	}
	names__sort(&n);
	for (i = 0; i < n.nr; i++)
		print_line(ps, n.v[i], type_desc[type]);
	section_end(ps, n.nr);
	names__free(&n);
}

void print_tool_events(struct print_state *ps, const char *glob)
{
	int i;

	for (i = TOOL_NONE + 1; i < PROF_TOOL_MAX; i++) {
		const char *name = event_symbols_tool[i].symbol;

		if (glob && !strglobmatch(name, glob))
			continue;
		print_line(ps, name, "Tool event");
	}
	/* perf ends this section with a blank line even when it printed nothing. */
	section_end(ps, 1);
}

void print_hwcache_events(struct print_state *ps, const char *glob)
{
	struct names n = { 0 };
	unsigned int type, op, res;
	size_t i;

	for (type = 0; type < PERF_COUNT_HW_CACHE_MAX; type++) {
		for (op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++) {
			if (!evsel__is_cache_op_valid((u8)type, (u8)op))
				continue;
			for (res = 0; res < PERF_COUNT_HW_CACHE_RESULT_MAX; res++) {
				char name[64];

				evsel__hw_cache_type_op_res_name((u8)type, (u8)op, (u8)res,
								 name, sizeof(name));
				if (glob && !strglobmatch(name, glob))
					continue;
				if (!supported(ps, PERF_TYPE_HW_CACHE,
					       type | (op << 8) | (res << 16)))
					continue;
				names__add(&n, xstrdup(name));
			}
		}
	}
	names__sort(&n);
	for (i = 0; i < n.nr; i++)
		print_line(ps, n.v[i], type_desc[PERF_TYPE_HW_CACHE]);
	section_end(ps, n.nr);
	names__free(&n);
}

struct pmu_entry {
	char *name;
	const char *pmu;
	const char *desc, *topic, *terms;
	bool is_cpu;
};

/*
 * perf's order: events without a description first, then by topic,
 * core PMU events before others, by name, by PMU.
 */
static int cmp_pmu_entry(const void *a, const void *b)
{
	const struct pmu_entry *x = a, *y = b;
	int ret;

	if (!!x->desc != !!y->desc)
		return !!x->desc - !!y->desc;
	if (x->topic && y->topic) {
		ret = strcmp(x->topic, y->topic);
		if (ret)
			return ret;
	}
	if (x->is_cpu != y->is_cpu)
		return x->is_cpu ? -1 : 1;
	ret = strcmp(x->name, y->name);
	if (!ret)
		ret = strcmp(x->pmu, y->pmu);
	return ret;
}

/* "pmu/alias/", with the alias's non-numeric terms ("pmu/a,x=?/"). */
static char *format_alias(const struct pmu *pmu, const struct pmu_alias *a)
{
	struct strbuf sb = STRBUF_INIT;
	char *copy = xstrdup(a->terms), *tok, *save;

	strbuf_addf(&sb, "%s/%s", pmu->name, a->name);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '='), *end;

		if (!eq)
			continue;
		errno = 0;
		strtoull(eq + 1, &end, 0);
		if (errno || end == eq + 1 || *strim(end))
			strbuf_addf(&sb, ",%s", strim(tok));
	}
	free(copy);
	strbuf_addch(&sb, '/');
	return strbuf_detach(&sb, NULL);
}

static bool glob_nocase(const char *s, const char *glob)
{
	char *a = xstrdup(s), *b = xstrdup(glob), *q;
	bool ret;

	for (q = a; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	for (q = b; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	ret = strglobmatch(a, b);
	free(a);
	free(b);
	return ret;
}

/* perf's width for descriptions: $COLUMNS, else the pager's less 2. */
static int desc_columns(struct print_state *ps)
{
	const char *env = getenv("COLUMNS");

	if (env)
		return atoi(env);
	return (ps->pager ? pager_term_columns() : 80) - 2;
}

/* perf's word wrap: words past @max go to a new line indented @start. */
static void wordwrap(FILE *fp, const char *s, int start, int max)
{
	int column = start;
	bool saw_newline = false;

	while (*s) {
		int wlen = (int)strcspn(s, " \t\n");
		int n;

		if ((column + wlen >= max && column > start) || saw_newline) {
			fprintf(fp, "\n%*s", start, "");
			column = start;
		}
		n = fprintf(fp, "%s%.*s", column > start ? " " : "", wlen, s);
		if (n <= 0)
			break;
		saw_newline = s[wlen] == '\n';
		s += wlen;
		column += n;
		while (isspace((unsigned char)*s))
			s++;
	}
}

/*
 * Kernel PMU events: sysfs aliases as "pmu/alias/" ("alias OR
 * cpu/alias/" for the core PMU), then the events of perf's JSON tables
 * with a description, under their topics, wrapped as perf wraps them.
 * -v shows the long descriptions, --details the terms, --no-desc
 * plain lines; deprecated events only with --deprecated.
 */
void print_pmu_events(struct print_state *ps, const char *glob)
{
	struct pmu_entry *v = NULL;
	size_t nr = 0, alloc = 0, i, printed = 0, numdesc = 0;
	const char *topic = NULL;
	struct pmu *pmu = NULL;

	while ((pmu = pmus__next(pmu))) {
		struct pmu_alias *a;

		list_for_each_entry(a, &pmu->aliases, node) {
			const char *desc = ps->long_desc ? a->long_desc : a->desc;
			char *name;

			if (a->deprecated && !ps->deprecated)
				continue;
			name = a->desc ? xstrdup(a->name) : format_alias(pmu, a);
			if (glob && !glob_nocase(name, glob) &&
			    !(!pmu->is_core && glob_nocase(a->name, glob)) &&
			    !(a->topic && glob_nocase(a->topic, glob))) {
				free(name);
				continue;
			}
			if (pmu->is_core && !ps->name_only && !a->desc) {
				char *or = xasprintf("%s OR %s", a->name, name);

				free(name);
				name = or;
			}
			v = xgrow(v, sizeof(*v), nr + 1, &alloc);
			v[nr].name = name;
			v[nr].pmu = pmu->name;
			v[nr].desc = desc;
			v[nr].topic = a->topic;
			v[nr].terms = a->terms;
			v[nr].is_cpu = pmu->is_core;
			nr++;
		}
	}
	if (nr)
		qsort(v, nr, sizeof(*v), cmp_pmu_entry);
	for (i = 0; i < nr; i++) {
		if (i > 0 && !strcmp(v[i].name, v[i - 1].name))
			continue;
		if (ps->name_only) {
			fprintf(out(ps), "%s ", v[i].name);
			continue;
		}
		if (v[i].desc && ps->desc) {
			if (numdesc++ == 0)
				fputc('\n', out(ps));
			if (v[i].topic && (!topic || strcmp(topic, v[i].topic))) {
				fprintf(out(ps), "%s%s:\n", topic ? "\n" : "", v[i].topic);
				topic = v[i].topic;
			}
			fprintf(out(ps), "  %-50s\n%*s", v[i].name, 8, "[");
			wordwrap(out(ps), v[i].desc, 8, desc_columns(ps));
			fputs("]\n", out(ps));
			if (ps->details)
				fprintf(out(ps), "%*s%s/%s/ \n", 8, "", v[i].pmu, v[i].terms);
		} else {
			print_line(ps, v[i].name, "Kernel PMU event");
		}
		/* perf counts only full lines here, so a raw dump ends without one. */
		printed++;
	}
	section_end(ps, printed);
	for (i = 0; i < nr; i++)
		free(v[i].name);
	free(v);
}

static int tp_collect_cb(const char *sys, const char *name, void *data)
{
	names__add(data, xasprintf("%s:%s", sys, name));
	return 0;
}

/* perf sorts the "sys:event" strings as a whole ("fib6:..." < "fib:..."). */
void print_tracepoint_events(struct print_state *ps, const char *sys_glob,
			     const char *event_glob)
{
	struct names n = { 0 };
	size_t i;

	tracepoints__for_each(true, sys_glob, event_glob, tp_collect_cb, &n);
	names__sort(&n);
	for (i = 0; i < n.nr; i++)
		print_line(ps, n.v[i], type_desc[PERF_TYPE_TRACEPOINT]);
	section_end(ps, n.nr);
	names__free(&n);
}

/* ---- SDT events, from the probe cache in perf's build-id cache ---- */

/* Adds "group:event@bid" for each SDT entry ("%group:event=...") of a cache. */
static void sdt_read_probes(struct names *n, const char *cache, const char *sbid,
			    const char *sys_glob, const char *event_glob)
{
	char *path = xasprintf("%s/.build-id/%.2s/%s/probes", cache, sbid, sbid + 2);
	char *text = read_file_str(path, NULL), *line, *save;

	free(path);
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *colon, *eq;

		if (line[0] != '%')
			continue;
		colon = strchr(line + 1, ':');
		if (!colon)
			continue;
		*colon = '\0';
		eq = strchr(colon + 1, '=');
		if (eq)
			*eq = '\0';
		if (sys_glob && !strglobmatch(line + 1, sys_glob))
			continue;
		if (event_glob && !strglobmatch(colon + 1, event_glob))
			continue;
		names__add(n, xasprintf("%s:%s@%s", line + 1, colon + 1, sbid));
	}
	free(text);
}

/* perf's: the probes of each valid entry of the build-id cache. */
static void sdt_collect(struct names *n, const char *sys_glob, const char *event_glob)
{
	char *cache = xstrdup(buildid_dir()), **ids;
	size_t nr, i;

	if (build_id_cache__list(cache, true, &ids, &nr))
		nr = 0;
	for (i = 0; i < nr; i++) {
		sdt_read_probes(n, cache, ids[i], sys_glob, event_glob);
		free(ids[i]);
	}
	free(ids);
	free(cache);
}

/*
 * SDT events are "group:event"; when several cached binaries provide the
 * same one, perf names each "group:event@path(buildid12)".
 */
void print_sdt_events(struct print_state *ps, const char *sys_glob,
		      const char *event_glob)
{
	struct names n = { 0 };
	bool detail = false;
	size_t i;

	sdt_collect(&n, sys_glob, event_glob);
	names__sort(&n);
	for (i = 0; i < n.nr; i++) {
		char *bid = strchr(n.v[i], '@');
		size_t len = bid ? (size_t)(bid - n.v[i]) : strlen(n.v[i]);
		const char *next = i + 1 < n.nr ? n.v[i + 1] : NULL;
		bool same_next;

		if (ps->name_only) {
			fprintf(out(ps), "%.*s ", (int)len, n.v[i]);
			continue;
		}
		same_next = next && !strncmp(next, n.v[i], len) && next[len] == '@';
		if (same_next)
			detail = true;
		if (detail && bid) {
			char *cache = xstrdup(buildid_dir());
			char *orig = build_id_cache__origname(cache, bid + 1);
			char *full = xasprintf("%.*s@%s(%.12s)", (int)len, n.v[i],
					       orig ? orig : "(null)", bid + 1);

			print_line(ps, full, "SDT event");
			free(full);
			free(orig);
			free(cache);
		} else {
			char *name = xstrndup(n.v[i], len);

			print_line(ps, name, "SDT event");
			free(name);
		}
		if (next && !same_next)
			detail = false;
	}
	/* Unlike the other sections, perf adds no blank line here. */
	names__free(&n);
}

/* A metric's line: its name, then "[desc]" and with --details "[expr]". */
static char *metric_entry(const struct print_state *ps, const struct pmu_metric *m)
{
	if (ps->name_only)
		return xstrdup(m->name);
	if (ps->details)
		return xasprintf("%s\n%*s%s]\n%*s%s]", m->name, 8, "[",
				 m->desc ? m->desc : "(null)", 8, "[", m->expr);
	return xasprintf("%s\n%*s%s]", m->name, 8, "[", m->desc ? m->desc : "(null)");
}

struct metric_group {
	char *name;
	struct names metrics;
};

static int cmp_group(const void *a, const void *b)
{
	return strcmp(((const struct metric_group *)a)->name,
		      ((const struct metric_group *)b)->name);
}

/* Sorted, each string once, as perf's strlists. */
static void names__sort_uniq(struct names *n)
{
	size_t i, j = 0;

	names__sort(n);
	for (i = 0; i < n->nr; i++) {
		if (j && !strcmp(n->v[j - 1], n->v[i]))
			free(n->v[i]);
		else
			n->v[j++] = n->v[i];
	}
	n->nr = j;
}

static void print_metric_names(struct print_state *ps, struct names *n)
{
	size_t i;

	for (i = 0; i < n->nr; i++) {
		if (ps->name_only)
			fprintf(out(ps), "%s%s", i ? " " : "", n->v[i]);
		else
			fprintf(out(ps), "  %s\n", n->v[i]);
	}
	if (ps->name_only)
		fputc('\n', out(ps));
}

/*
 * perf 6.1's metric listing: every metric under each of its groups
 * ("No_group" for none), groups whose name contains @filter (a plain
 * substring, so the "*word*" of a glob never matches), sorted; or, with
 * @groups false, the metrics alone, each once.
 */
void print_metricgroups(struct print_state *ps, bool metrics, bool groups,
			const char *filter)
{
	const struct pmu_metrics_table *t = pmu_metrics__table();
	struct metric_group *g = NULL;
	struct names all = { 0 };
	size_t nr_g = 0, alloc_g = 0, i, k;

	for (i = 0; t && i < t->nr; i++) {
		const struct pmu_metric *m = pmu_metrics_table__get(t, i);
		char *copy, *tok, *save = NULL;

		if (!m->group && m->is_event)
			continue;
		copy = xstrdup(m->group ? m->group : "No_group");
		/* strsep, not strtok: "a;;b" has an empty, "No_group" member. */
		for (tok = copy; tok; tok = save) {
			const char *name;

			save = strchr(tok, ';');
			if (save)
				*save++ = '\0';
			name = tok;
			while (isspace((unsigned char)*name))
				name++;
			if (!*name)
				name = "No_group";
			if (filter && !strstr(name, filter))
				continue;
			if (!groups) {
				names__add(&all, metric_entry(ps, m));
				continue;
			}
			for (k = 0; k < nr_g; k++)
				if (!strcmp(g[k].name, name))
					break;
			if (k == nr_g) {
				g = xgrow(g, sizeof(*g), nr_g + 1, &alloc_g);
				memset(&g[k], 0, sizeof(g[k]));
				g[k].name = xstrdup(name);
				nr_g++;
			}
			names__add(&g[k].metrics, metric_entry(ps, m));
		}
		free(copy);
	}
	if ((!filter || nr_g) && !ps->name_only) {
		if (groups)
			fputs("\nMetric Groups:\n\n", out(ps));
		else if (metrics)
			fputs("\nMetrics:\n\n", out(ps));
	}
	if (nr_g)
		qsort(g, nr_g, sizeof(*g), cmp_group);
	for (k = 0; k < nr_g; k++) {
		fprintf(out(ps), "%s%s%s", g[k].name,
			metrics && !ps->name_only ? ":" : "", ps->name_only ? " " : "\n");
		if (metrics) {
			names__sort_uniq(&g[k].metrics);
			print_metric_names(ps, &g[k].metrics);
		}
		names__free(&g[k].metrics);
		free(g[k].name);
	}
	free(g);
	if (!groups) {
		names__sort_uniq(&all);
		print_metric_names(ps, &all);
	}
	names__free(&all);
}

void print_events(struct print_state *ps)
{
	print_symbol_events(ps, NULL, PERF_TYPE_HARDWARE);
	print_symbol_events(ps, NULL, PERF_TYPE_SOFTWARE);
	print_tool_events(ps, NULL);
	print_hwcache_events(ps, NULL);
	print_pmu_events(ps, NULL);
	if (!ps->name_only) {
		print_line(ps, "rNNN", type_desc[PERF_TYPE_RAW]);
		print_line(ps, "cpu/t1=v1[,t2=v2,t3 ...]/modifier", type_desc[PERF_TYPE_RAW]);
		if (ps->pager)
			fputs("   (see 'man perf-list' on how to encode it)\n\n", out(ps));
		print_line(ps, "mem:<addr>[/len][:access]", type_desc[PERF_TYPE_BREAKPOINT]);
		if (ps->pager)
			fputc('\n', out(ps));
	}
	print_tracepoint_events(ps, NULL, NULL);
	print_sdt_events(ps, NULL, NULL);
	print_metricgroups(ps, true, true, NULL);
}
