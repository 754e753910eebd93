// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat-display.c: the "prof stat" printers (see include/prof/stat-display.h).
 *
 * Layout of a std line, in columns (perf 6.1):
 *   [interval stamp][CPUn    |comm-pid ]
 *   value %18 (".2f" when the event has a fractional scale, else ".0f",
 *   with ' grouping unless --no-big-num), " ", unit %-Ns, " ", name %-32s,
 *   metric " # %8.3f unit" padded to METRIC_LEN (35), noise
 *   "  ( +-%6.2f%% )", running "  (%.2f%%)" when multiplexed.
 * Counters that did not count print "<not counted>"/"<not supported>" in
 * the value field and the name in a 25 column field.
 * CSV prints the same fields joined by the separator, without padding;
 * JSON prints one object per line with perf's keys and " : " spacing.
 */
#include "prof/compat.h"
#include "prof/stat-display.h"
#include "prof/json-writer.h"
#include "prof/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>

#define METRIC_LEN 35
#define CNTR_NOT_SUPPORTED "<not supported>"
#define CNTR_NOT_COUNTED "<not counted>"

void stat_display__init(struct stat_display *d, FILE *out)
{
	memset(d, 0, sizeof(*d));
	d->out = out;
	d->csv_sep = " ";
	d->big_num = true;
	d->run_count = 1;
	d->unit_width = 4;
}

int stat_display__precision(double num)
{
	if (num > 1)
		return 0;
	/*
	 * perf rounds -log10(0) = inf, which comes out as 0 on x86-64: two
	 * runs of exactly the same length print "0.00 +- 0.00".
	 */
	if (num <= 0)
		return 0;
	return (int)lround(ceil(-log10(num)));
}

static const char *thread_comm(struct stat_display *d, int idx)
{
	if (d->comms && idx >= 0 && idx < d->nr_comms && d->comms[idx])
		return d->comms[idx];
	return "";
}

/*
 * "S0-D0-C1           2 ": the key and how many CPUs it summed, std
 * columns padded as perf 6.1 pads them; bare fields in CSV; "core" and
 * "aggregate-number" keys in JSON.
 */
static void topology_prefix(struct stat_display *d, struct json_writer *jw,
			    struct evsel *evsel, int slot)
{
	static const char *const keys[] = {
		[AGGR_SOCKET] = "socket", [AGGR_DIE] = "die",
		[AGGR_CORE] = "core", [AGGR_NODE] = "node",
	};
	struct evsel_stat *es = evsel__stat(evsel);
	struct aggr_id id = { -1, -1, -1, -1 };
	int w = d->csv ? 0 : -8, nr = es && slot < es->nr_aggr ? es->nr[slot] : 0;
	char buf[64];

	if (d->aggr_map && slot < d->aggr_map->nr)
		id = d->aggr_map->ids[slot];
	switch (d->aggr_mode) {
	case AGGR_SOCKET:
		w = d->csv ? 0 : -5;
		snprintf(buf, sizeof(buf), "S%*d", d->json ? 0 : w, id.socket);
		break;
	case AGGR_DIE:
		snprintf(buf, sizeof(buf), "S%d-D%*d", id.socket, d->json ? 0 : w, id.die);
		break;
	case AGGR_CORE:
		snprintf(buf, sizeof(buf), "S%d-D%d-C%*d", id.socket, id.die,
			 d->json ? 0 : w, id.core);
		break;
	case AGGR_NODE:
	default:
		w = d->csv ? 0 : -5;
		snprintf(buf, sizeof(buf), "N%*d", d->json ? 0 : w, id.node);
		break;
	}
	if (d->json) {
		json_writer__key(jw, keys[d->aggr_mode]);
		json_writer__string(jw, buf);
		json_writer__key(jw, "aggregate-number");
		json_writer__s64(jw, nr);
		return;
	}
	fprintf(d->out, "%s%s%*d%s", buf, d->csv_sep, d->csv ? 0 : 4, nr, d->csv_sep);
}

/* "CPU0    ", "     comm-1234     " or the JSON keys for them. */
static void aggr_prefix(struct stat_display *d, struct json_writer *jw,
			struct evsel *evsel, int slot)
{
	FILE *out = d->out;

	switch (d->aggr_mode) {
	case AGGR_NONE: {
		int cpu = evsel->cpus && slot < evsel->cpus->nr ? evsel->cpus->map[slot] : slot;

		if (d->json) {
			char buf[16];

			snprintf(buf, sizeof(buf), "%d", cpu);
			json_writer__key(jw, "cpu");
			json_writer__string(jw, buf);
		} else {
			fprintf(out, "CPU%*d%s", d->csv ? 0 : -7, cpu, d->csv_sep);
		}
		break;
	}
	case AGGR_THREAD: {
		pid_t tid = evsel->threads && slot < evsel->threads->nr ?
			    evsel->threads->map[slot] : -1;

		if (d->json) {
			char *s = xasprintf("%s-%d", thread_comm(d, slot), (int)tid);

			json_writer__key(jw, "thread");
			json_writer__string(jw, s);
			free(s);
		} else {
			fprintf(out, "%*s-%*d%s", d->csv ? 0 : 16, thread_comm(d, slot),
				d->csv ? 0 : -8, (int)tid, d->csv_sep);
		}
		break;
	}
	case AGGR_SOCKET:
	case AGGR_DIE:
	case AGGR_CORE:
	case AGGR_NODE:
		topology_prefix(d, jw, evsel, slot);
		break;
	case AGGR_GLOBAL:
	default:
		break;
	}
}

/* -G: the cgroup after the event name, "" for an event without one. */
static void print_cgroup(struct stat_display *d, struct json_writer *jw,
			 struct evsel *evsel)
{
	struct evsel_stat *es = evsel__stat(evsel);
	const char *name = es && es->cgroup_name ? es->cgroup_name : "";

	if (!d->cgroups)
		return;
	if (d->json) {
		json_writer__key(jw, "cgroup");
		json_writer__string(jw, name);
	} else {
		fprintf(d->out, "%s%s", d->csv_sep, name);
	}
}

/* What the line needs, averaged over the runs. */
struct line_vals {
	double avg, uval;	/* raw mean and mean in the event's unit */
	u64 ena, run;
	double noise;		/* relative stddev, percent */
	bool counted;
};

static void line_vals(struct stat_display *d, struct evsel *evsel, int slot,
		      struct line_vals *lv)
{
	struct evsel_stat *es = evsel__stat(evsel);

	lv->avg = stats__avg(&es->res[slot][0]);
	lv->ena = (u64)stats__avg(&es->res[slot][1]);
	lv->run = (u64)stats__avg(&es->res[slot][2]);
	/* The same event on the next PMUs counts here too, unless --no-merge. */
	if (d->evlist && !d->no_merge) {
		struct evsel *n = evsel;

		while (n->node.next != &d->evlist->entries) {
			struct evsel_stat *ns;

			n = list_entry(n->node.next, struct evsel, node);
			ns = evsel__stat(n);
			if (!ns || slot >= ns->nr_aggr || !evsel__is_alias_of(n, evsel))
				break;
			lv->avg += stats__avg(&ns->res[slot][0]);
			lv->ena += (u64)stats__avg(&ns->res[slot][1]);
			lv->run += (u64)stats__avg(&ns->res[slot][2]);
		}
	}
	lv->uval = lv->avg * evsel__stat_scale(evsel);
	lv->noise = stats__rel_stddev(stats__stddev(&es->res[slot][0]), lv->avg);
	lv->counted = evsel->supported && es->scaled[slot] != -1 && lv->run && lv->ena;
	if (evsel->tool_event != TOOL_NONE)
		lv->counted = lv->run != 0;
}

static void print_noise(struct stat_display *d, struct json_writer *jw, double pct)
{
	if (d->run_count <= 1)
		return;
	if (d->json) {
		json_writer__key(jw, "variance");
		json_writer__double(jw, "%.2f", pct);
	} else if (d->csv) {
		fprintf(d->out, "%s%.2f%%", d->csv_sep, pct);
	} else if (pct) {
		fprintf(d->out, "  ( +-%6.2f%% )", pct);
	}
}

static void print_running(struct stat_display *d, struct json_writer *jw,
			  u64 run, u64 ena)
{
	/* perf divides in integers here: the percentage has no fraction. */
	double pct = 100;

	if (run != ena && ena)
		pct = (double)(100 * run / ena);
	if (d->json) {
		json_writer__key(jw, "event-runtime");
		json_writer__u64(jw, run);
		json_writer__key(jw, "pcnt-running");
		json_writer__double(jw, "%.2f", pct);
	} else if (d->csv) {
		fprintf(d->out, "%s%" PRIu64 "%s%.2f", d->csv_sep, run, d->csv_sep, pct);
	} else if (run != ena && ena) {
		fprintf(d->out, "  (%.2f%%)", 100.0 * (double)run / (double)ena);
	}
}

/* One metric column; @m NULL means "no metric" (blank in std). */
static void print_metric(struct stat_display *d, struct json_writer *jw,
			 const struct stat_metric *m)
{
	FILE *out = d->out;

	if (d->json) {
		json_writer__key(jw, "metric-value");
		json_writer__double(jw, "%f", m && m->fmt ? m->val : 0.0);
		json_writer__key(jw, "metric-unit");
		/* perf prints the unit of a metric it has no value for too */
		json_writer__string(jw, m ? m->unit : "");
		return;
	}
	if (d->csv) {
		char buf[64], *v, *end;
		const char *unit;

		if (!m || !m->fmt) {
			fprintf(out, "%s%s", d->csv_sep, d->csv_sep);
			return;
		}
		snprintf(buf, sizeof(buf), m->fmt, m->val);
		v = buf;
		while (isspace((unsigned char)*v))
			v++;
		end = v;
		while (isdigit((unsigned char)*end) || *end == '.')
			end++;
		*end = '\0';
		unit = m->unit;
		while (isspace((unsigned char)*unit))
			unit++;
		fprintf(out, "%s%s%s%s", d->csv_sep, v, d->csv_sep, unit);
		return;
	}
	if (!m || !m->fmt) {
		fprintf(out, "%-*s", METRIC_LEN, "");
		return;
	}
	{
		int n = fprintf(out, " # ");

		n += fprintf(out, m->fmt, m->val);
		fprintf(out, " %-*s", METRIC_LEN - n - 1, m->unit);
	}
}

struct metric_vals {
	struct stat_display *d;
	const struct runtime_stat *rt;
	int slot;
};

/* A -M metric's input: the event's count in its unit; tool times in seconds. */
static double metric_event_value(struct evsel *evsel, void *data)
{
	struct metric_vals *mv = data;
	struct line_vals lv;

	if (evsel->tool_event == TOOL_DURATION_TIME)
		return mv->rt->walltime.n ? stats__avg(&mv->rt->walltime) * 1e-9 : NAN;
	line_vals(mv->d, evsel, mv->slot, &lv);
	if (!lv.counted)
		return NAN;
	if (evsel->tool_event != TOOL_NONE)
		return lv.avg * 1e-9;
	return lv.uval;
}

/*
 * The metrics of a line: the shadow ones, then the -M metrics shown on
 * this event, the latest set up first (perf adds each at the head).
 */
static int line_metrics(struct stat_display *d, const struct runtime_stat *rt,
			struct evsel *evsel, int slot, double avg,
			struct stat_metric *out)
{
	struct metric_vals mv = { d, rt, slot };
	int n = stat__shadow_metrics(rt, evsel, slot, avg, out), i;

	for (i = d->metrics ? d->metrics->nr - 1 : -1; i >= 0; i--) {
		const struct metric *m = d->metrics->v[i];
		struct stat_metric *sm = &out[n];
		double val, scale;

		if (n >= STAT_MAX_LINE_METRICS || !m->nr_events || m->events[0] != evsel)
			continue;
		metric__format(m, &sm->fmt, sm->unit, sizeof(sm->unit), &scale);
		val = metric__compute(m, metric_event_value, &mv);
		if (isnan(val))
			sm->fmt = NULL;
		sm->val = val * scale;
		n++;
	}
	return n;
}

/* A second metric of the same event starts a continuation line. */
static void metric_new_line(struct stat_display *d, struct evsel *evsel, int slot)
{
	int i;

	fputc('\n', d->out);
	if (d->interval)
		fputs(d->prefix, d->out);
	aggr_prefix(d, NULL, evsel, slot);
	if (d->csv) {
		/* perf's empty fields; the metric brings its own separator. */
		for (i = 0; i < 3; i++)
			fputs(d->csv_sep, d->out);
		return;
	}
	if (d->aggr_mode == AGGR_NONE)
		fprintf(d->out, "        ");
	fprintf(d->out, "%49s", "");
}

static void json_begin(struct stat_display *d, struct json_writer *jw)
{
	json_writer__init(jw, d->out);
	json_writer__begin_object(jw);
	if (d->interval) {
		json_writer__key(jw, "interval");
		json_writer__raw(jw, "%s", d->prefix);
	}
}

void stat_display__line(struct stat_display *d, const struct runtime_stat *rt,
			struct evsel *evsel, int slot)
{
	struct json_writer jw;
	struct line_vals lv;
	FILE *out = d->out;
	char *uniq = d->no_merge ? evsel__uniquified_name(evsel) : NULL;
	const char *name = uniq ? uniq : evsel__name(evsel);
	const char *unit = evsel__stat_unit(evsel);
	double sc = evsel__stat_scale(evsel);
	struct stat_metric m[STAT_MAX_LINE_METRICS];
	int nr_m, i;

	line_vals(d, evsel, slot, &lv);
	if (d->json)
		json_begin(d, &jw);
	else if (d->interval)
		fputs(d->prefix, out);
	aggr_prefix(d, &jw, evsel, slot);

	if (!lv.counted) {
		const char *what = evsel->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED;

		if (d->json) {
			json_writer__key(&jw, "counter-value");
			json_writer__string(&jw, what);
			json_writer__key(&jw, "unit");
			json_writer__string(&jw, unit);
			json_writer__key(&jw, "event");
			json_writer__string(&jw, name);
		} else {
			fprintf(out, "%*s%s", d->csv ? 0 : 18, what, d->csv_sep);
			fprintf(out, "%-*s%s", d->csv ? 0 : d->unit_width, unit, d->csv_sep);
			fprintf(out, "%*s", d->csv ? 0 : -25, name);
		}
		print_cgroup(d, &jw, evsel);
		if (!d->csv && !d->json)
			print_metric(d, &jw, NULL);
		print_noise(d, &jw, 0.0);
		print_running(d, &jw, lv.run, lv.ena);
		if (d->csv || d->json)
			print_metric(d, &jw, NULL);
		goto end;
	}

	if (d->json) {
		json_writer__key(&jw, "counter-value");
		json_writer__raw(&jw, "\"%f\"", lv.uval);
		json_writer__key(&jw, "unit");
		json_writer__string(&jw, unit);
		json_writer__key(&jw, "event");
		json_writer__string(&jw, name);
	} else {
		const char *fmt;

		if (d->csv)
			fmt = floor(sc) != sc ? "%.2f%s" : "%.0f%s";
		else if (d->big_num)
			fmt = floor(sc) != sc ? "%'18.2f%s" : "%'18.0f%s";
		else
			fmt = floor(sc) != sc ? "%18.2f%s" : "%18.0f%s";
		fprintf(out, fmt, lv.uval, d->csv_sep);
		fprintf(out, "%-*s%s", d->csv ? 0 : d->unit_width, unit, d->csv_sep);
		fprintf(out, "%-*s", d->csv ? 0 : 32, name);
	}
	print_cgroup(d, &jw, evsel);
	if (d->csv || d->json) {
		print_noise(d, &jw, lv.noise);
		print_running(d, &jw, lv.run, lv.ena);
	}
	nr_m = line_metrics(d, rt, evsel, slot, lv.uval, m);
	if (!nr_m)
		print_metric(d, &jw, NULL);
	for (i = 0; i < nr_m; i++) {
		if (i > 0) {
			if (d->json) {
				json_writer__end_object(&jw);
				fputc('\n', out);
				json_begin(d, &jw);
				aggr_prefix(d, &jw, evsel, slot);
			} else {
				metric_new_line(d, evsel, slot);
			}
		}
		print_metric(d, &jw, &m[i]);
	}
	if (!d->csv && !d->json) {
		print_noise(d, &jw, lv.noise);
		print_running(d, &jw, lv.run, lv.ena);
	}
end:
	if (d->json)
		json_writer__end_object(&jw);
	fputc('\n', out);
	free(uniq);
}

/* Counted on the line of an alias before it (see line_vals()). */
static bool merged_away(struct stat_display *d, struct evsel *evsel)
{
	struct evsel *prev;

	if (!d->evlist || d->no_merge || evsel->node.prev == &d->evlist->entries)
		return false;
	prev = list_entry(evsel->node.prev, struct evsel, node);
	return evsel__is_alias_of(evsel, prev);
}

void stat_display__header(struct stat_display *d)
{
	FILE *out = d->out;
	int i;

	if (d->metric_only && !d->interval)
		d->metric_header = true;
	if (d->csv || d->json || d->interval)
		return;
	fprintf(out, "\n Performance counter stats for ");
	if (d->system_wide) {
		fprintf(out, "'system wide");
	} else if (d->cpu_list) {
		fprintf(out, "'CPU(s) %s", d->cpu_list);
	} else if (d->pid) {
		fprintf(out, "process id '%s", d->pid);
	} else if (d->tid) {
		fprintf(out, "thread id '%s", d->tid);
	} else {
		fprintf(out, "'%s", d->argc ? d->argv[0] : "pipe");
		for (i = 1; i < d->argc; i++)
			fprintf(out, " %s", d->argv[i]);
	}
	fputc('\'', out);
	if (d->run_count > 1)
		fprintf(out, " (%d runs)", d->run_count);
	fprintf(out, ":\n\n");
}

struct thread_order {
	int slot;
	double val;
};

static int cmp_thread_order(const void *a, const void *b)
{
	const struct thread_order *x = a, *y = b;

	if (x->val != y->val)
		return x->val < y->val ? 1 : -1;
	return x->slot - y->slot;
}

/*
 * --metric-only. perf leaves out the rates and "CPUs utilized" here, so
 * on a machine without a PMU only the frame is left: a header line of
 * metric names and one line of values per aggregation key.
 */
#define METRIC_ONLY_LEN 20

static bool metric_only_valid(const char *unit)
{
	return unit && !strstr(unit, "/sec") && !strstr(unit, "CPUs utilized");
}

/* perf names a ratio after its event: "branch-misses of all branches". */
static void metric_only_unit(char *buf, size_t size, struct evsel *evsel,
			     const char *unit)
{
	if (!strncmp(unit, "of all", 6))
		snprintf(buf, size, "%s %s", evsel__name(evsel), unit);
	else
		snprintf(buf, size, "%s", unit);
}

static void metric_only_header(struct stat_display *d, struct evlist *evlist,
			       const struct runtime_stat *rt)
{
	static const int indent[] = {
		[AGGR_GLOBAL] = 0, [AGGR_NONE] = 6, [AGGR_THREAD] = 16,
		[AGGR_SOCKET] = 12, [AGGR_DIE] = 18, [AGGR_CORE] = 24, [AGGR_NODE] = 6,
	};
	static const char *const csv_head[] = {
		[AGGR_GLOBAL] = "", [AGGR_NONE] = "cpu,", [AGGR_THREAD] = "comm-pid,",
		[AGGR_SOCKET] = "socket,cpus", [AGGR_DIE] = "die,cpus",
		[AGGR_CORE] = "core,cpus,", [AGGR_NODE] = "node,",
	};
	FILE *out = d->out;
	struct evsel *evsel;

	if (d->json)
		return;
	if (d->interval)
		fputc(' ', out);
	else if (!d->csv)
		fprintf(out, "%*s", indent[d->aggr_mode], "");
	if (d->csv) {
		if (d->interval)
			fputs("time,", out);
		fputs(csv_head[d->aggr_mode], out);
	}
	evlist__for_each_entry(evlist, evsel) {
		struct stat_metric m[STAT_MAX_LINE_METRICS];
		int i, n = evsel__stat(evsel) ? line_metrics(d, rt, evsel, 0, 0, m) : 0;

		for (i = 0; i < n; i++) {
			char unit[256];

			if (!metric_only_valid(m[i].unit))
				continue;
			metric_only_unit(unit, sizeof(unit), evsel, m[i].unit);
			if (d->csv)
				fprintf(out, "%s%s", unit, d->csv_sep);
			else
				fprintf(out, "%*s ", METRIC_ONLY_LEN, unit);
		}
	}
	fputc('\n', out);
}

/* One key's line: the prefix, then every valid metric of every event. */
static void metric_only_line(struct stat_display *d, struct evlist *evlist,
			     const struct runtime_stat *rt, int slot)
{
	struct json_writer jw;
	FILE *out = d->out;
	struct evsel *evsel, *first = evlist__first(evlist);

	if (d->json)
		json_begin(d, &jw);
	else if (d->interval)
		fputs(d->prefix, out);
	if (first)
		aggr_prefix(d, &jw, first, slot);
	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel__stat(evsel);
		struct stat_metric m[STAT_MAX_LINE_METRICS];
		struct line_vals lv;
		int i, n;

		if (!es || slot >= es->nr_aggr)
			continue;
		line_vals(d, evsel, slot, &lv);
		n = line_metrics(d, rt, evsel, slot, lv.uval, m);
		for (i = 0; i < n; i++) {
			char unit[256], val[64], *v = val, *end;
			size_t len;

			if (!metric_only_valid(m[i].unit))
				continue;
			metric_only_unit(unit, sizeof(unit), evsel, m[i].unit);
			val[0] = '\0';
			if (m[i].fmt && lv.counted)
				snprintf(val, sizeof(val), m[i].fmt, m[i].val);
			if (d->json || d->csv) {
				while (isspace((unsigned char)*v))
					v++;
				end = v;
				while (isdigit((unsigned char)*end) || *end == '.')
					end++;
				*end = '\0';
			}
			if (d->json) {
				json_writer__key(&jw, unit);
				json_writer__string(&jw, v);
			} else if (d->csv) {
				fprintf(out, "%s%s", v, d->csv_sep);
			} else {
				len = strlen(unit) + 1;
				fprintf(out, "%*s ", (int)max((size_t)METRIC_ONLY_LEN, len), v);
			}
		}
	}
	if (d->json)
		json_writer__end_object(&jw);
	fputc('\n', out);
}

static void metric_only_counters(struct stat_display *d, struct evlist *evlist,
				 const struct runtime_stat *rt)
{
	struct evsel *first = evlist__first(evlist);
	int slot, nr = first && evsel__stat(first) ? evsel__stat(first)->nr_aggr : 1;

	if (d->metric_header) {
		metric_only_header(d, evlist, rt);
		d->metric_header = false;
	}
	for (slot = 0; slot < nr; slot++)
		metric_only_line(d, evlist, rt, slot);
}

void stat_display__counters(struct stat_display *d, struct evlist *evlist,
			    const struct runtime_stat *rt)
{
	struct evsel *evsel;

	d->evlist = evlist;
	if (d->metric_only) {
		metric_only_counters(d, evlist, rt);
		return;
	}
	if (aggr_mode__topology(d->aggr_mode)) {
		/* perf prints every event of a key before the next key. */
		int slot, nr = d->aggr_map ? d->aggr_map->nr : 1;

		for (slot = 0; slot < nr; slot++)
			evlist__for_each_entry(evlist, evsel)
				if (evsel__stat(evsel) && slot < evsel__stat(evsel)->nr_aggr &&
				    !merged_away(d, evsel))
					stat_display__line(d, rt, evsel, slot);
		return;
	}
	evlist__for_each_entry(evlist, evsel) {
		struct evsel_stat *es = evsel__stat(evsel);
		int slot;

		if (!es || merged_away(d, evsel))
			continue;
		if (d->aggr_mode == AGGR_THREAD) {
			/* perf lists the busiest threads first. */
			struct thread_order *ord = xcalloc((size_t)es->nr_aggr, sizeof(*ord));

			for (slot = 0; slot < es->nr_aggr; slot++) {
				ord[slot].slot = slot;
				ord[slot].val = stats__avg(&es->res[slot][0]);
			}
			qsort(ord, (size_t)es->nr_aggr, sizeof(*ord), cmp_thread_order);
			/* every thread of the system: perf leaves the ones that counted 0 out */
			for (slot = 0; slot < es->nr_aggr; slot++)
				if (!d->system_wide || ord[slot].val != 0)
					stat_display__line(d, rt, evsel, ord[slot].slot);
			free(ord);
			continue;
		}
		for (slot = 0; slot < es->nr_aggr; slot++)
			stat_display__line(d, rt, evsel, slot);
	}
}

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/*
 * --table: each run's elapsed time, its distance from the mean and a bar
 * of one "#" plus one per 5% of distance, indented like the numbers.
 */
static void print_table(struct stat_display *d, int precision, double avg)
{
	FILE *out = d->out;
	char tmp[64];
	int i, indent = 0;

	snprintf(tmp, sizeof(tmp), " %17.*f", precision, avg);
	while (tmp[indent] == ' ')
		indent++;
	fprintf(out, "%*s# Table of individual measurements:\n", indent, "");
	for (i = 0; i < d->nr_walltime_run; i++) {
		double run = (double)d->walltime_run[i] / 1e9;
		int h, n = 1 + abs((run ? (int)(100.0 * (run - avg) / run) : 0) / 5);

		fprintf(out, " %17.*f (%+.*f) ", precision, run, precision, run - avg);
		for (h = 0; h < n; h++)
			fputc('#', out);
		fputc('\n', out);
	}
	fprintf(out, "\n%*s# Final result:\n", indent, "");
}

void stat_display__footer(struct stat_display *d, const struct runtime_stat *rt)
{
	FILE *out = d->out;
	double avg = stats__avg(&rt->walltime) / 1e9;

	if (d->interval || d->csv || d->json)
		return;
	if (!d->null_run)
		fputc('\n', out);
	if (d->run_count == 1) {
		fprintf(out, " %17.9f seconds time elapsed", avg);
		if (d->ru_display) {
			fprintf(out, "\n\n");
			fprintf(out, " %17.9f seconds user\n", tv_seconds(&d->ru.ru_utime));
			fprintf(out, " %17.9f seconds sys\n", tv_seconds(&d->ru.ru_stime));
		}
	} else {
		double sd = stats__stddev(&rt->walltime) / 1e9;
		int precision = stat_display__precision(sd) + 2;

		if (d->walltime_run)
			print_table(d, precision, avg);
		fprintf(out, " %17.*f +- %.*f seconds time elapsed", precision, avg,
			precision, sd);
		if (avg && sd)
			fprintf(out, "  ( +-%6.2f%% )", stats__rel_stddev(sd, avg));
	}
	fprintf(out, "\n\n");
}

void stat_display__interval_begin(struct stat_display *d, u64 ts_ns)
{
	static const char *const head[] = {
		[AGGR_GLOBAL] = "",
		[AGGR_NONE] = " CPU    ",
		[AGGR_THREAD] = "             comm-pid",
		[AGGR_SOCKET] = " socket cpus",
		[AGGR_DIE] = " die          cpus",
		[AGGR_CORE] = " core            cpus",
		[AGGR_NODE] = " node   cpus",
	};
	static const char *const tail[] = {
		[AGGR_GLOBAL] = "             ",
		[AGGR_NONE] = "                ",
		[AGGR_THREAD] = "                  ",
		[AGGR_SOCKET] = "             ",
		[AGGR_DIE] = "             ",
		[AGGR_CORE] = "             ",
		[AGGR_NODE] = "             ",
	};
	unsigned long sec = (unsigned long)(ts_ns / 1000000000ULL);
	unsigned long nsec = (unsigned long)(ts_ns % 1000000000ULL);
	FILE *out = d->out;

	if (d->json)
		snprintf(d->prefix, sizeof(d->prefix), "%lu.%09lu", sec, nsec);
	else
		snprintf(d->prefix, sizeof(d->prefix), "%6lu.%09lu%s", sec, nsec,
			 d->csv_sep);
	if (d->interval_clear) {
		/* perf's: home and clear, then the header on every interval */
		fputs("\033[H\033[2J\n", out);
		d->num_print_interval = 0;
	}
	if (d->num_print_interval == 0 && !d->csv && !d->json) {
		fprintf(out, "#           time%s", head[d->aggr_mode]);
		if (!d->metric_only)
			fprintf(out, "%scounts %*s events\n", tail[d->aggr_mode],
				d->unit_width, "unit");
	}
	/* --metric-only: its column header follows (stat_display__counters). */
	if (d->num_print_interval == 0 && d->metric_only)
		d->metric_header = true;
	if (++d->num_print_interval == 25)
		d->num_print_interval = 0;
}
