// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat-report.c: "prof stat report", a perf stat file (perf's or prof's,
 * file or pipe) replayed through stat's own counting and display code:
 * the STAT records fill the counters as reads would, each STAT_ROUND
 * aggregates and prints them as "prof stat" does at the end of its run
 * (or of an -I interval). Output goes to stderr, as perf's.
 */
#include "prof/compat.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/stat-display.h"
#include "prof/stat-events.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "builtin.h"
#include "stat-file.h"
#include <sys/stat.h>

static const char *const stat_report_usage[] = {
	"prof stat report [<options>]",
	NULL
};

struct stat_report {
	struct session *session;
	const struct stat_report_opts *opts;
	unsigned int aggr_opt;		/* -A, --per-*: AGGR_GLOBAL = none given */
	struct cpu_map *cpus;		/* CPU_MAP */
	struct thread_map *threads;	/* THREAD_MAP */
	char **comms;			/* its names */
	struct evlist *evlist;		/* the file's events, once the maps are known */
	struct evsel **by_idx;		/* [session evsel idx] */
	int nr_by_idx;
	struct stat_file_config cfg;	/* STAT_CONFIG */
	bool has_config;
	bool ready;			/* stats and display set up */
	char *err;			/* why a callback stopped the replay */
	int nr_rounds;
	struct stat_config sc;
	struct stat_display d;
	struct runtime_stat rt;
	struct aggr_map *aggr_map;
};

static struct stat_report *report_of(struct session *s)
{
	return session__tool_priv(s);
}

/*
 * Messages wait until the replay has stopped: the session's own warnings
 * are silenced meanwhile, so bad input gives one line. Returns -1.
 */
static int __printf(2, 3) report__fail(struct stat_report *r, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (!r->err)
		r->err = strbuf_detach(&sb, NULL);
	strbuf_release(&sb);
	return -1;
}

/* perf's set_maps(): the events take the run's maps once both are in. */
static void report__set_maps(struct stat_report *r)
{
	int nr = session__nr_evsels(r->session);

	if (!r->cpus || !r->threads || r->evlist)
		return;
	r->evlist = evlist__new();
	r->by_idx = xcalloc((size_t)nr + 1, sizeof(*r->by_idx));
	r->nr_by_idx = nr;
	for (int i = 0; i < nr; i++) {
		struct session_evsel *se = session__evsel(r->session, i);
		struct evsel *evsel = evsel__new(&se->attr);

		evsel->name = xstrdup(session_evsel__name(se));
		if (se->unit)
			evsel->unit = xstrdup(se->unit);
		evsel->scale = se->scale;
		evsel->cpus = cpu_map__get(r->cpus);
		evsel->threads = thread_map__get(r->threads);
		/* perf: an event without STAT records was not supported */
		evsel->supported = false;
		evlist__add(r->evlist, evsel);
		r->by_idx[i] = evsel;
	}
}

static int report__thread_map(struct session *s, union perf_event *event)
{
	struct stat_report *r = report_of(s);
	struct thread_map *map;
	int *pids, nr;

	if (r->threads)
		return 0;
	if (stat_event__thread_map(event, &pids, &r->comms, &nr))
		return report__fail(r, "%s: malformed THREAD_MAP record", session__path(s));
	map = xzalloc(sizeof(*map) + (size_t)nr * sizeof(pid_t));
	map->refcnt = 1;
	map->nr = nr;
	for (int i = 0; i < nr; i++)
		map->map[i] = pids[i];
	free(pids);
	r->threads = map;
	report__set_maps(r);
	return 0;
}

static int report__cpu_map(struct session *s, union perf_event *event)
{
	struct stat_report *r = report_of(s);
	struct cpu_map *map;
	int *cpus, nr;

	if (r->cpus)
		return 0;
	if (stat_event__cpu_map(event, &cpus, &nr))
		return report__fail(r, "%s: malformed CPU_MAP record", session__path(s));
	map = xzalloc(sizeof(*map) + (size_t)nr * sizeof(int));
	map->refcnt = 1;
	map->nr = nr;
	memcpy(map->map, cpus, (size_t)nr * sizeof(int));
	free(cpus);
	r->cpus = map;
	report__set_maps(r);
	return 0;
}

static int report__stat_config(struct session *s, union perf_event *event)
{
	struct stat_report *r = report_of(s);

	r->cfg.aggr_mode = PERF_STAT_AGGR_GLOBAL;
	r->cfg.scale = true;
	if (stat_event__config(event, &r->cfg))
		return report__fail(r, "%s: malformed STAT_CONFIG record", session__path(s));
	r->has_config = true;
	return 0;
}

/*
 * Before the first round: the aggregation (the file's, or -A/--per-*
 * for CPU data, as perf), the stats and the display.
 */
static int report__prepare(struct stat_report *r)
{
	struct perf_header *h = session__header(r->session);
	const struct stat_report_opts *o = r->opts;
	struct stat_display *d = &r->d;
	int mode = aggr_mode__from_perf(r->cfg.aggr_mode);
	struct evsel *evsel;

	if (!r->evlist)
		return report__fail(r, "%s: no THREAD_MAP or CPU_MAP record before the counts",
			     session__path(r->session));
	if (mode < 0)
		return report__fail(r, "%s: unknown aggregation mode %" PRIu64 " in STAT_CONFIG",
			     session__path(r->session), r->cfg.aggr_mode);
	if (r->aggr_opt != AGGR_GLOBAL) {
		if (cpu_map__is_any(r->cpus))
			fprintf(stderr, "warning: processing task data, aggregation mode not set\n");
		else
			mode = (int)r->aggr_opt;
	}
	r->sc.aggr_mode = (enum aggr_mode)mode;
	r->sc.scale = r->cfg.scale;
	r->sc.run_count = 1;
	r->sc.interval = r->cfg.interval != 0;
	if (aggr_mode__topology(r->sc.aggr_mode))
		r->aggr_map = aggr_map__new(r->cpus, r->sc.aggr_mode);
	evlist__alloc_stats(r->evlist, r->sc.aggr_mode, r->aggr_map);
	evlist__for_each_entry(r->evlist, evsel)
		evsel__stat(evsel)->cgroup_name = "";
	runtime_stat__init(&r->rt, r->sc.aggr_mode == AGGR_NONE ? r->cpus->nr :
			   r->sc.aggr_mode == AGGR_THREAD ? r->threads->nr :
			   r->aggr_map ? r->aggr_map->nr : 1);

	stat_display__init(d, stderr);
	d->csv = o->csv_sep != NULL;
	if (d->csv)
		d->csv_sep = o->csv_sep;
	d->json = o->json;
	d->big_num = o->big_num;
	d->aggr_mode = r->sc.aggr_mode;
	d->aggr_map = r->aggr_map;
	d->interval = r->sc.interval;
	/* the title: the recording's command line; a stream has none ('pipe') */
	if (!session__is_pipe(r->session) && h->nr_cmdline) {
		d->argc = (int)h->nr_cmdline;
		d->argv = (const char **)h->cmdline;
	}
	evlist__for_each_entry(r->evlist, evsel) {
		int len = (int)strlen(evsel__stat_unit(evsel));

		if (len > d->unit_width)
			d->unit_width = len;
	}
	if (r->sc.aggr_mode == AGGR_THREAD) {
		d->nr_comms = r->threads->nr;
		d->comms = r->comms;
	}
	r->ready = true;
	return 0;
}

static int report__stat(struct session *s, union perf_event *event)
{
	struct stat_report *r = report_of(s);
	const u8 *p = (const u8 *)event + 8;
	struct session_evsel *se;
	struct evsel *evsel;
	struct evsel_stat *es;
	struct counts_values *cv;
	u64 id, v[3];
	s32 cpu;
	u32 thread;
	int cpu_idx;

	if (event->header.size < 48)
		return report__fail(r, "%s: malformed STAT record", session__path(s));
	memcpy(&id, p, 8);
	memcpy(&cpu, p + 8, 4);
	memcpy(&thread, p + 12, 4);
	memcpy(v, p + 16, sizeof(v));
	se = session__evsel_by_id(s, id);
	if (!se || !r->evlist || se->idx >= r->nr_by_idx)
		return report__fail(r, "%s: no event has the id %" PRIu64 " of a STAT record",
				    session__path(s), id);
	evsel = r->by_idx[se->idx];
	cpu_idx = cpu_map__idx(evsel->cpus, cpu);
	if (cpu_idx < 0 || thread >= (u32)evsel->threads->nr)
		return report__fail(r, "%s: invalid CPU %d or thread %u for event %s",
				    session__path(s), cpu, thread, evsel__name(evsel));
	if (!r->ready && report__prepare(r))
		return -1;
	es = evsel__stat(evsel);
	cv = &es->counts[cpu_idx * es->nr_threads + (int)thread];
	cv->val = v[0];
	cv->ena = v[1];
	cv->run = v[2];
	evsel->supported = true;
	return 0;
}

/* A round: aggregate, then print as stat does after a run (or an interval). */
static int report__stat_round(struct session *s, union perf_event *event)
{
	struct stat_report *r = report_of(s);
	struct stat_display *d = &r->d;
	struct evsel *evsel;
	u64 type, time;

	if (event->header.size < 24)
		return report__fail(r, "%s: malformed STAT_ROUND record", session__path(s));
	memcpy(&type, (const u8 *)event + 8, 8);
	memcpy(&time, (const u8 *)event + 16, 8);
	if (!r->ready && report__prepare(r))
		return -1;
	r->nr_rounds++;
	/*
	 * perf's report keeps the metrics' stats over the rounds (a rate is
	 * per the mean task-clock so far) and has no wall time for them.
	 */
	if (r->sc.interval)
		evlist__reset_stats(r->evlist);
	evlist__for_each_entry(r->evlist, evsel) {
		struct evsel_stat *es = evsel__stat(evsel);

		stat__process_counter(&r->sc, &r->rt, evsel);
		/*
		 * perf's report feeds the metrics a count that did not run as
		 * 0 (a rate's mean task-clock takes in such rounds too).
		 */
		for (int slot = 0; !aggr_mode__topology(r->sc.aggr_mode) && slot < es->nr_aggr; slot++)
			if (es->scaled[slot] == -1)
				runtime_stat__update(&r->rt, evsel, slot, 0);
	}
	if (type == PERF_STAT_ROUND_TYPE__FINAL && !r->sc.interval)
		stats__update(&r->rt.walltime, time);
	if (r->sc.interval) {
		stat_display__interval_begin(d, time);
		stat_display__counters(d, r->evlist, &r->rt);
	} else {
		stat_display__header(d);
		stat_display__counters(d, r->evlist, &r->rt);
		stat_display__footer(d, &r->rt);
	}
	return 0;
}

static void stat_report__exit(struct stat_report *r)
{
	if (r->ready) {
		runtime_stat__exit(&r->rt);
		evlist__free_stats(r->evlist);
	}
	for (int i = 0; r->comms && r->threads && i < r->threads->nr; i++)
		free(r->comms[i]);
	free(r->comms);
	aggr_map__delete(r->aggr_map);
	evlist__delete(r->evlist);
	free(r->by_idx);
	cpu_map__put(r->cpus);
	thread_map__put(r->threads);
	session__delete(r->session);
}

int cmd_stat_report(int argc, const char **argv, const struct stat_report_opts *opts)
{
	struct stat_report r = { .opts = opts, .aggr_opt = AGGR_GLOBAL };
	const char *input = NULL;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_SET_UINT(0, "per-socket", &r.aggr_opt,
			     "aggregate counts per processor socket", AGGR_SOCKET),
		OPT_SET_UINT(0, "per-die", &r.aggr_opt,
			     "aggregate counts per processor die", AGGR_DIE),
		OPT_SET_UINT(0, "per-core", &r.aggr_opt,
			     "aggregate counts per physical processor core", AGGR_CORE),
		OPT_SET_UINT(0, "per-node", &r.aggr_opt,
			     "aggregate counts per numa node", AGGR_NODE),
		OPT_SET_UINT('A', "no-aggr", &r.aggr_opt,
			     "disable CPU count aggregation", AGGR_NONE),
		OPT_END()
	};
	struct tool tool = {
		.thread_map = report__thread_map,
		.cpu_map = report__cpu_map,
		.stat_config = report__stat_config,
		.stat = report__stat,
		.stat_round = report__stat_round,
		.priv = &r,
	};
	char *errmsg = NULL;
	struct stat st;
	int ret;

	/* perf ignores what follows the options */
	parse_options(argc, argv, options, stat_report_usage, 0);
	if (!input || !*input)
		input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";

	set_msg_quiet(!verbose);
	ret = session__open_input(&r.session, input, false, &errmsg);
	set_msg_quiet(false);
	if (ret < 0) {
		session__open_error(ret, input, errmsg);
		free(errmsg);
		return -1;
	}
	set_msg_quiet(!verbose);
	ret = session__process_events(r.session, &tool);
	set_msg_quiet(false);
	if (ret < 0) {
		const char *msg = session__strerror(r.session);

		if (r.err)
			error("%s", r.err);
		else if (*msg)
			error("%s", msg);
		else
			error("%s: %s", input, strerror(-ret));
		free(r.err);
		stat_report__exit(&r);
		/* perf's -EINVAL & 0xff for a file it cannot process */
		return 256 - EINVAL;
	}
	/*
	 * No rounds: perf prints nothing. An -I run shorter than its interval
	 * has none; any other recording ends with one, else it was cut short.
	 */
	if (!r.nr_rounds && !(r.has_config && r.cfg.interval)) {
		const char *name = strcmp(input, "-") ? input : "standard input";

		if (r.has_config)
			error("%s: the counts end before their first STAT_ROUND record (truncated?)",
			      name);
		else
			error("%s holds no counts of 'stat record' (no STAT_CONFIG or STAT_ROUND record)",
			      name);
		stat_report__exit(&r);
		return -1;
	}
	fflush(stderr);
	stat_report__exit(&r);
	return 0;
}
