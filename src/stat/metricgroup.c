// SPDX-License-Identifier: GPL-2.0-only
/*
 * metricgroup.c: -M metrics to events and back to values, perf 6.1's
 * way. See metricgroup.h for the rules.
 */
#include "prof/compat.h"
#include "prof/metricgroup.h"
#include "prof/parse-events.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <math.h>
#include <strings.h>

static const char *const tool_names[] = {
	[TOOL_DURATION_TIME] = "duration_time",
	[TOOL_USER_TIME] = "user_time",
	[TOOL_SYSTEM_TIME] = "system_time",
};

static enum tool_event tool_of(const char *id)
{
	int i;

	for (i = TOOL_DURATION_TIME; i <= TOOL_SYSTEM_TIME; i++)
		if (!strcmp(id, tool_names[i]))
			return (enum tool_event)i;
	return TOOL_NONE;
}

const char *evsel__metric_id(struct evsel *evsel)
{
	return evsel->metric_id ? evsel->metric_id : evsel__name(evsel);
}

static void metric__free(struct metric *m)
{
	int i;

	if (!m)
		return;
	expr__free(m->expr);
	for (i = 0; i < m->nr_refs; i++)
		expr__free(m->refs[i].expr);
	free(m->refs);
	expr_ids__exit(&m->ids);
	if (m->evlist)
		evlist__delete(m->evlist);
	free(m->events);
	free(m);
}

void metric_set__exit(struct metric_set *set)
{
	int i;

	for (i = 0; i < set->nr; i++)
		metric__free(set->v[i]);
	free(set->v);
	memset(set, 0, sizeof(*set));
}

/*
 * perf's match: "all", or @want equal (ignoring case) to one member of
 * the ';' list @list, judged at the first place @want occurs in it.
 */
static bool match_metric(const char *list, const char *want)
{
	const char *m;
	size_t len = strlen(want);

	if (!strcmp(want, "all"))
		return true;
	if (!list)
		return !strcasecmp(want, "No_group");
	m = strcasestr(list, want);
	if (!m)
		return false;
	return (m == list || m[-1] == ';' || m[-1] == ' ') &&
	       (m[len] == '\0' || m[len] == ';');
}

static bool watchdog_on(void)
{
	char *s = read_file_str("/proc/sys/kernel/nmi_watchdog", NULL);
	bool on = s && atoi(s) > 0;

	free(s);
	return on;
}

static int parse_expr(const char *name, const char *text, struct expr_node **out)
{
	char *err = NULL;

	*out = expr__parse(text, &err);
	if (!*out) {
		pr_debug(1, "Failed to parse metric %s: %s", name, err);
		error("Cannot parse metric expression of %s: %s", name, err);
		free(err);
		return -1;
	}
	return 0;
}

struct visited {
	const char *name;
	const struct visited *parent;
};

/* Expand the metrics @m's ids name into @m (perf's resolve_metric). */
static int resolve_refs(struct metric *m, const struct pmu_metrics_table *t,
			const struct visited *path)
{
	const struct pmu_metric **pending = NULL;
	struct expr_id *e;
	size_t bkt;
	int nr = 0, i, j, ret = 0;

	for (e = expr_ids__first(&m->ids, &bkt); e; e = expr_ids__next(&m->ids, e, &bkt)) {
		const struct pmu_metric *pm = pmu_metrics__find(t, e->key);

		if (pm) {
			pending = xrealloc(pending, (size_t)(nr + 1) * sizeof(*pending));
			pending[nr++] = pm;
		}
	}
	for (i = 0; i < nr; i++)
		expr_ids__del(&m->ids, pending[i]->name);
	for (i = 0; i < nr && !ret; i++) {
		const struct pmu_metric *pm = pending[i];
		struct visited here = { pm->name, path };
		const struct visited *v;
		struct expr_node *expr;

		pr_debug(1, "metric expr %s for %s", pm->expr, pm->name);
		for (v = path; v; v = v->parent) {
			if (!strcmp(v->name, pm->name)) {
				ret = error("failed: recursion detected for %s", pm->name);
				goto out;
			}
		}
		for (j = 0; j < m->nr_refs; j++)
			if (!strcmp(m->refs[j].name, pm->name))
				break;
		if (j < m->nr_refs)
			continue;
		if (parse_expr(pm->name, pm->expr, &expr)) {
			ret = -1;
			break;
		}
		m->refs = xrealloc(m->refs, (size_t)(m->nr_refs + 1) * sizeof(*m->refs));
		m->refs[m->nr_refs].name = pm->name;
		m->refs[m->nr_refs].expr = expr;
		m->nr_refs++;
		expr__find_ids(expr, &m->ids);
		ret = resolve_refs(m, t, &here);
	}
out:
	free(pending);
	return ret;
}

static struct metric *metric__new(const struct pmu_metric *pm,
				  const struct pmu_metrics_table *t,
				  bool metric_no_group)
{
	struct metric *m = xcalloc(1, sizeof(*m));
	struct visited root = { pm->name, NULL };

	m->pm = pm;
	expr_ids__init(&m->ids);
	m->group_events = !metric_no_group;
	if (pm->constraint && !strcmp(pm->constraint, "NO_NMI_WATCHDOG") && watchdog_on()) {
		warning("Splitting metric group %s into standalone metrics.", pm->name);
		m->group_events = false;
	}
	if (parse_expr(pm->name, pm->expr, &m->expr) ||
	    expr__find_ids(m->expr, &m->ids) < 0 ||
	    resolve_refs(m, t, &root)) {
		metric__free(m);
		return NULL;
	}
	return m;
}

/* Ids that are events, not tool events: what perf sorts metrics by. */
static int nr_event_ids(const struct metric *m)
{
	int n = (int)m->ids.sz, i;

	for (i = TOOL_DURATION_TIME; i <= TOOL_SYSTEM_TIME; i++)
		if (expr_ids__has(&m->ids, tool_names[i]))
			n--;
	return n;
}

/* Stable: largest first, ties keep their order. */
static void sort_metrics(struct metric **v, int nr)
{
	int i, j;

	for (i = 1; i < nr; i++) {
		struct metric *x = v[i];

		for (j = i; j > 0 && nr_event_ids(v[j - 1]) < nr_event_ids(x); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/*
 * "a,b": each metric goes to the head of the list, so the last found of
 * the last word comes first; the caller then sorts by size.
 */
static int add_metric_list(const char *str, bool metric_no_group,
			   struct metric ***out, int *nr_out)
{
	const struct pmu_metrics_table *t = pmu_metrics__table();
	char *copy = xstrdup(str), *tok, *save = NULL;
	struct metric **all = NULL;
	int nr_all = 0, ret = 0;

	if (!*str) {
		pr_info("Cannot find metric or group `'");
		ret = -1;
	}
	for (tok = ret ? NULL : strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		struct metric **list = NULL;
		int nr = 0;
		size_t i;

		for (i = 0; t && i < t->nr; i++) {
			const struct pmu_metric *pm = pmu_metrics_table__get(t, i);
			struct metric *m;

			if (!match_metric(pm->group, tok) && !match_metric(pm->name, tok))
				continue;
			pr_debug(1, "metric expr %s for %s", pm->expr, pm->name);
			m = metric__new(pm, t, metric_no_group);
			if (!m) {
				ret = -1;
				break;
			}
			list = xrealloc(list, (size_t)(nr + 1) * sizeof(*list));
			list[nr++] = m;
		}
		if (!ret && !nr) {
			pr_info("Cannot find metric or group `%s'", tok);
			ret = -1;
		}
		all = xrealloc(all, (size_t)(nr_all + nr + 1) * sizeof(*all));
		memmove(all + nr, all, (size_t)nr_all * sizeof(*all));
		for (i = 0; i < (size_t)nr; i++)
			all[i] = list[nr - 1 - (int)i];
		nr_all += nr;
		free(list);
	}
	free(copy);
	*out = all;
	*nr_out = nr_all;
	return ret;
}

/* metric-id values may not hold ",-=@": each becomes "!" and its index. */
static void encode_metric_id(struct strbuf *sb, const char *id)
{
	static const char codes[] = ",-=@";

	for (; *id; id++) {
		const char *c = strchr(codes, *id);

		if (c && *id)
			strbuf_addf(sb, "!%c", (char)('0' + (c - codes)));
		else
			strbuf_addch(sb, *id);
	}
}

/* perf's event string for a set of ids; tool events go last, ungrouped. */
static char *build_event_string(const struct expr_ids *ids, bool group)
{
	struct strbuf sb = STRBUF_INIT;
	bool tools[TOOL_SYSTEM_TIME + 1] = { false };
	bool first = true;
	struct expr_id *e;
	size_t bkt;
	int i;

	for (e = expr_ids__first(ids, &bkt); e; e = expr_ids__next(ids, e, &bkt)) {
		const char *id = e->key, *sep, *rest = NULL;
		enum tool_event ev = tool_of(id);

		pr_debug(1, "found event %s", id);
		if (ev != TOOL_NONE) {
			tools[ev] = true;
			continue;
		}
		if (first)
			strbuf_addstr(&sb, group ? "{" : "");
		else
			strbuf_addch(&sb, ',');
		first = false;
		sep = strchr(id, '@');
		if (sep) {
			const char *last = strrchr(sep, '@');

			strbuf_add(&sb, id, (size_t)(sep - id));
			strbuf_addch(&sb, '/');
			strbuf_add(&sb, sep + 1, (size_t)(last - sep - 1));
			strbuf_addstr(&sb, ",metric-id=");
			rest = last + 1;
		} else {
			sep = strchr(id, ':');
			strbuf_add(&sb, id, sep ? (size_t)(sep - id) : strlen(id));
			strbuf_addstr(&sb, "/metric-id=");
			if (sep)
				rest = sep + 1;
		}
		encode_metric_id(&sb, id);
		strbuf_addch(&sb, '/');
		if (rest)
			strbuf_addstr(&sb, rest);
	}
	if (!first && group)
		strbuf_addstr(&sb, "}:W");
	for (i = TOOL_DURATION_TIME; i <= TOOL_SYSTEM_TIME; i++) {
		if (!tools[i])
			continue;
		if (!first)
			strbuf_addch(&sb, ',');
		first = false;
		strbuf_addstr(&sb, tool_names[i]);
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * perf names a metric's event by its text without the metric-id term:
 * "ex_ret_brn/metric-id=ex_ret_brn/" is "ex_ret_brn", and
 * "msr/tsc,metric-id=msr!3tsc!3/" is "msr/tsc/".
 */
static void name_without_metric_id(struct evsel *evsel)
{
	const char *name = evsel__name(evsel);
	char *s = xstrdup(name), *t = strstr(s, "metric-id="), *end;
	size_t len;

	if (!t || (t > s && t[-1] != '/' && t[-1] != ',')) {
		free(s);
		return;
	}
	end = t + strcspn(t, ",/");
	if (*end == ',')
		end++;
	else if (t[-1] == ',')
		t--;
	memmove(t, end, strlen(end) + 1);
	len = strlen(s);
	if (len > 2 && !strcmp(s + len - 2, "//"))
		s[len - 2] = '\0';
	free(evsel->name);
	evsel->name = s;
}

/* Events for @ids into a new list (perf's parse_ids). */
static int parse_ids(struct expr_ids *ids, bool group, const bool *tools,
		     struct evlist **out)
{
	struct parse_events_error err;
	struct evlist *evlist;
	char *str;
	int i, ret;

	if (ids->sz == 0)
		expr_ids__add(ids, "duration_time");
	/* Unless merging is off, every tool event any metric uses is shared. */
	for (i = TOOL_DURATION_TIME; tools && i <= TOOL_SYSTEM_TIME; i++)
		if (tools[i])
			expr_ids__add(ids, tool_names[i]);
	str = build_event_string(ids, group);
	pr_debug(1, "Parsing metric events '%s'", str);
	evlist = evlist__new();
	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	if (ret) {
		parse_events_error__print(&err, str);
		evlist__delete(evlist);
		evlist = NULL;
	} else {
		struct evsel *evsel;

		evlist__for_each_entry(evlist, evsel)
			if (evsel->metric_id)
				name_without_metric_id(evsel);
	}
	parse_events_error__exit(&err);
	free(str);
	*out = evlist;
	return ret ? -1 : 0;
}

/* The first event for each id, in event list order. */
static int setup_events(struct metric *m, struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	m->events = xcalloc(m->ids.sz + 1, sizeof(*m->events));
	m->nr_events = 0;
	evlist__for_each_entry(evlist, evsel) {
		const char *id = evsel__metric_id(evsel);

		for (i = 0; i < m->nr_events; i++)
			if (!strcmp(evsel__metric_id(m->events[i]), id))
				break;
		if (i < m->nr_events || !expr_ids__has(&m->ids, id))
			continue;
		m->events[m->nr_events++] = evsel;
		if ((size_t)m->nr_events >= m->ids.sz)
			break;
	}
	/* No ids (a constant whose events an earlier metric took): shown nowhere. */
	if ((size_t)m->nr_events < m->ids.sz) {
		pr_debug(1, "Cannot resolve IDs for %s: %s", m->pm->name, m->pm->expr);
		return -1;
	}
	return 0;
}

static void splice(struct evlist *to, struct evlist *from)
{
	struct evsel *evsel, *tmp;

	evlist__for_each_entry_safe(from, tmp, evsel) {
		evlist__remove(from, evsel);
		evlist__add(to, evsel);
	}
	to->nr_groups += from->nr_groups;
	from->nr_groups = 0;
}

int metricgroup__parse_groups(struct evlist *evlist, const char *str,
			      bool metric_no_group, bool metric_no_merge,
			      struct metric_set *set)
{
	struct evlist *combined = NULL;
	bool tools[TOOL_SYSTEM_TIME + 1] = { false };
	struct metric **list;
	int nr, i, j, ret;

	ret = add_metric_list(str, metric_no_group, &list, &nr);
	if (ret)
		goto out;
	sort_metrics(list, nr);
	if (!metric_no_merge) {
		struct expr_ids all;
		struct expr_id *e;
		size_t bkt;

		for (i = 0; i < nr; i++)
			for (j = TOOL_DURATION_TIME; j <= TOOL_SYSTEM_TIME; j++)
				if (expr_ids__has(&list[i]->ids, tool_names[j]))
					tools[j] = true;
		expr_ids__init(&all);
		for (i = 0; i < nr; i++) {
			if (list[i]->group_events)
				continue;
			for (e = expr_ids__first(&list[i]->ids, &bkt); e;
			     e = expr_ids__next(&list[i]->ids, e, &bkt))
				expr_ids__add(&all, e->key);
		}
		if (all.sz)
			ret = parse_ids(&all, false, tools, &combined);
		expr_ids__exit(&all);
		if (ret)
			goto out;
	}
	for (i = 0; i < nr && !ret; i++) {
		struct metric *m = list[i];
		struct evlist *events = NULL;

		if (combined && !m->group_events) {
			events = combined;
		} else if (!metric_no_merge) {
			for (j = 0; j < i; j++) {
				if (list[j]->evlist && expr_ids__subset(&list[j]->ids, &m->ids)) {
					pr_debug(1, "Events in '%s' fully contained within '%s'",
						 m->pm->name, list[j]->pm->name);
					events = list[j]->evlist;
					break;
				}
			}
		}
		if (!events) {
			ret = parse_ids(&m->ids, m->group_events,
					metric_no_merge ? NULL : tools, &m->evlist);
			if (ret)
				break;
			events = m->evlist;
		}
		ret = setup_events(m, events);
	}
	if (ret)
		goto out;
	if (combined)
		splice(evlist, combined);
	for (i = 0; i < nr; i++)
		if (list[i]->evlist)
			splice(evlist, list[i]->evlist);
	for (i = 0; i < nr; i++) {
		set->v = xgrow(set->v, sizeof(*set->v), (size_t)set->nr + 1,
			       &set->alloc);
		set->v[set->nr++] = list[i];
	}
	nr = 0;
out:
	for (i = 0; i < nr; i++)
		metric__free(list[i]);
	free(list);
	if (combined)
		evlist__delete(combined);
	return ret;
}

struct eval_ctx {
	const struct metric *m;
	metric_event_value_fn value;
	void *ctx;
	int depth;
};

static double id_value(const char *id, void *data)
{
	struct eval_ctx *c = data;
	int i;

	for (i = 0; i < c->m->nr_refs; i++) {
		if (!strcasecmp(c->m->refs[i].name, id) && c->depth < 64) {
			double v;

			c->depth++;
			v = expr__eval(c->m->refs[i].expr, id_value, c);
			c->depth--;
			return v;
		}
	}
	for (i = 0; i < c->m->nr_events; i++)
		if (!strcmp(evsel__metric_id(c->m->events[i]), id))
			return c->value(c->m->events[i], c->ctx);
	return NAN;
}

double metric__compute(const struct metric *m, metric_event_value_fn value, void *ctx)
{
	struct eval_ctx c = { m, value, ctx, 0 };
	int i;

	for (i = 0; i < m->nr_events; i++)
		if (isnan(value(m->events[i], ctx)))
			return NAN;
	return expr__eval(m->expr, id_value, &c);
}

void metric__format(const struct metric *m, const char **fmt, char *unit,
		    size_t size, double *scale)
{
	const char *su = m->pm->scale_unit;

	*scale = 1.0;
	if (su) {
		char *end;
		double s = strtod(su, &end);

		if (end != su)
			*scale = s;
		*fmt = "%8.1f";
		snprintf(unit, size, "%s  %s", end, m->pm->name);
	} else {
		*fmt = "%8.2f";
		snprintf(unit, size, "%s", m->pm->name);
	}
}
