/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * metricgroup.h: "prof stat -M": metrics and metric groups of this CPU's
 * table (pmu-metrics.h) turned into events, as perf 6.1 does it.
 *
 * Each metric's expression names event ids; other metrics it names are
 * expanded into it. Metrics are taken largest first. Without
 * --metric-no-group a metric's events form a weak group "{...}:W"; with
 * it (or a NO_NMI_WATCHDOG constraint while the watchdog runs) they are
 * not grouped and, unless --metric-no-merge, all such metrics share one
 * list of events. Unless --metric-no-merge, a metric whose events are a
 * subset of an earlier metric's reuses those events. Tool events
 * (duration_time, ...) are never grouped and always shared.
 *
 * A metric is shown on the line of the first of its events.
 */
#ifndef PROF_METRICGROUP_H
#define PROF_METRICGROUP_H

#include "compat.h"
#include "evsel.h"
#include "metric-expr.h"
#include "pmu-metrics.h"

struct metric_ref {
	const char *name;
	struct expr_node *expr;
};

struct metric {
	const struct pmu_metric *pm;
	struct expr_node *expr;
	struct metric_ref *refs;	/* metrics its expression names */
	int nr_refs;
	struct expr_ids ids;		/* event ids, perf's order */
	bool group_events;
	struct evlist *evlist;		/* its own events until spliced */
	struct evsel **events;		/* one per id, in event list order */
	int nr_events;
};

/* Every metric of a session, in the order they were set up. */
struct metric_set {
	struct metric **v;
	int nr;
	size_t alloc;
};

/*
 * Add the metrics and groups of @str ("a,b") to @set and their events to
 * @evlist. Prints perf's messages on failure ("Cannot find metric or
 * group `x'", an event syntax error) and returns -1.
 */
int metricgroup__parse_groups(struct evlist *evlist, const char *str,
			      bool metric_no_group, bool metric_no_merge,
			      struct metric_set *set);
void metric_set__exit(struct metric_set *set);

/* The value of one event of a metric (its count in its unit), NAN if none. */
typedef double (*metric_event_value_fn)(struct evsel *evsel, void *ctx);

/* The value of @m, NAN when one of its events has none. */
double metric__compute(const struct metric *m, metric_event_value_fn value, void *ctx);

/*
 * How perf prints a metric's value: "%8.2f" and its name, or with a
 * scale unit ("100%") "%8.1f" and "unit  name", *@scale set to apply.
 */
void metric__format(const struct metric *m, const char **fmt, char *unit,
		    size_t size, double *scale);

/* The metric id an event of a metric answers to (its metric-id or name). */
const char *evsel__metric_id(struct evsel *evsel);

#endif /* PROF_METRICGROUP_H */
