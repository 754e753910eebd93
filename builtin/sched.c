// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof sched: the scheduler's view of a recording, as perf 6.1's perf
 * sched. "record" is prof record with the sched tracepoints perf 6.1
 * enables on this kernel (system-wide, raw, every event, 1024-page
 * buffers); "latency" reads such a file and prints, per task (or per
 * thread with -p), its run time, how often it was switched in and how
 * long it waited between its wakeup and its switch-in; "script" is prof
 * script over the file.
 *
 * latency follows perf's bookkeeping step by step: each switch-out opens
 * an "atom" of the task (waiting for the CPU at once when it was
 * preempted, prev_state 0), a wakeup of a sleeping task starts its wait,
 * its next switch-in ends it. Tasks are merged by comm (perf's tree by
 * comm, the greatest first), then ordered by the sort keys, greatest
 * first, ties in the merged order (perf's insertions into its tree).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/thread.h"
#include "prof/tracepoint.h"
#include "prof/trace-event.h"
#include "prof/stats-print.h"
#include "prof/hist-filter.h"
#include "prof/cpumap.h"
#include "prof/stat.h"
#include "prof/resolved-sample.h"
#include "prof/symbol.h"
#include "prof/time-range.h"
#include "prof/strbuf.h"
#include "prof/dump.h"
#include "builtin.h"
#include "sched-replay.h"
#include <sys/stat.h>

#define NSEC_PER_MSEC ((u64)1000000)
#define NSEC_PER_USEC ((u64)1000)
#define NSEC_PER_SEC ((u64)1000000000)
#define SCHED_MAX_CPUS 4096

static const char *const sched_usage[] = {
	"prof sched [<options>] {record|latency|map|replay|script|timehist}",
	NULL
};

static const char *const latency_usage[] = {
	"prof sched latency [<options>]",
	NULL
};

struct sched_opts {
	const char *input;
	bool force, dump;
};

/* perf's parent options -i, -f and -v, taken after a subcommand too (not listed) */
#define SCHED_PARENT_OPTIONS(o)							\
	{ .type = OPTION_INCR, .short_name = 'v', .long_name = "verbose",	\
	  .value = &verbose, .help = "be more verbose",			\
	  .flags = PARSE_OPT_HIDDEN },						\
	{ .type = OPTION_STRING, .short_name = 'i', .long_name = "input",	\
	  .value = &(o)->input, .argh = "file", .help = "input file name",	\
	  .flags = PARSE_OPT_HIDDEN },						\
	{ .type = OPTION_BOOLEAN, .short_name = 'f', .long_name = "force",	\
	  .value = &(o)->force, .help = "don't complain, do it",		\
	  .flags = PARSE_OPT_HIDDEN }

/* ---- record ---- */

/*
 * perf 6.1's perf sched record: prof record -a -R -m 1024 -c 1 with the
 * scheduler's tracepoints, sched_waking where the kernel has it (else
 * sched_wakeup) and the sched_stat_{wait,sleep,iowait} ones only where
 * CONFIG_SCHEDSTATS made them, then the user's own arguments.
 */
static int sched_record(int argc, const char **argv)
{
	static const char *const fixed[] = {
		"record", "-a", "-R", "-m", "1024", "-c", "1",
		"-e", "sched:sched_switch",
		"-e", "sched:sched_stat_runtime",
		"-e", "sched:sched_process_fork",
		"-e", "sched:sched_wakeup_new",
		"-e", "sched:sched_migrate_task",
	};
	static const char *const schedstat[] = {
		"-e", "sched:sched_stat_wait",
		"-e", "sched:sched_stat_sleep",
		"-e", "sched:sched_stat_iowait",
	};
	const char **rec_argv = xcalloc(ARRAY_SIZE(fixed) + 2 + ARRAY_SIZE(schedstat) + (size_t)argc + 1,
					sizeof(*rec_argv));
	int n = 0, ret;

	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		rec_argv[n++] = fixed[i];
	rec_argv[n++] = "-e";
	rec_argv[n++] = tracepoint__exists("sched", "sched_waking") ? "sched:sched_waking"
								      : "sched:sched_wakeup";
	if (tracepoint__exists("sched", "sched_stat_wait"))
		for (size_t i = 0; i < ARRAY_SIZE(schedstat); i++)
			rec_argv[n++] = schedstat[i];
	for (int i = 1; i < argc; i++)
		rec_argv[n++] = argv[i];
	rec_argv[n] = NULL;
	ret = cmd_record(n, rec_argv);
	free(rec_argv);
	return ret;
}

/* ---- reading the sched tracepoints ---- */

enum sched_tp {
	TP_NONE,
	TP_SWITCH,
	TP_RUNTIME,
	TP_WAKEUP,		/* sched_wakeup, sched_waking, sched_wakeup_new */
	TP_MIGRATE,
};

struct sched_reader {
	struct session *session;
	struct machine *machine;
	enum sched_tp *tp;		/* per evsel index */
	struct tep_event **fmt;		/* per evsel index */
	int nr_evsels;
	u32 curr_pid[SCHED_MAX_CPUS];	/* what each CPU runs, (u32)-1 unknown */
	u64 cpu_last_switched[SCHED_MAX_CPUS];
	unsigned long nr_context_switch_bugs, nr_timestamps, nr_unordered_timestamps;
	int (*on_tp)(struct sched_reader *r, enum sched_tp tp, struct tep_event *fmt,
		     struct perf_sample *sample);
	/* a COMM record, after the machine took it (NULL: none) */
	int (*on_comm)(struct sched_reader *r, struct perf_sample *sample);
	/* a FORK record, after the machine took it (NULL: none) */
	int (*on_fork)(struct sched_reader *r, const union perf_event *ev);
	/* after the header is read, before the records: 0, or -1 to stop */
	int (*before)(struct sched_reader *r);
	void *priv;
	/*
	 * Whether sched_waking stands for sched_wakeup (timehist). perf 6.1's
	 * latency, map and replay take sched_wakeup and sched_wakeup_new only:
	 * on a file perf sched record made with sched_waking they see no
	 * wakeup but a new task's.
	 */
	bool waking;
	/* the machine takes the file's mmaps too (timehist's call chains) */
	bool maps;
	/* -D: every record dumped, as perf's timehist tool or its other one */
	bool dump, timehist;
};

/* The handler each of the file's events gets, perf's evsel_str_handler table. */
static bool sched_reader__setup(struct sched_reader *r)
{
	bool waking = false, traces = false;

	r->nr_evsels = session__nr_evsels(r->session);
	r->tp = xcalloc((size_t)r->nr_evsels + 1, sizeof(*r->tp));
	r->fmt = xcalloc((size_t)r->nr_evsels + 1, sizeof(*r->fmt));
	for (int i = 0; i < r->nr_evsels; i++) {
		struct session_evsel *e = session__evsel(r->session, i);

		if (e->attr.type == PERF_TYPE_TRACEPOINT && (e->attr.sample_type & PERF_SAMPLE_RAW))
			traces = true;
		if (e->tp_name && !strcmp(e->tp_name, "sched:sched_waking"))
			waking = true;
	}
	for (int i = 0; i < r->nr_evsels; i++) {
		struct session_evsel *e = session__evsel(r->session, i);
		const char *n = e->tp_name;

		r->fmt[i] = e->tp_format;
		if (!n || !e->tp_format)
			continue;
		if (r->waking && waking && !strcmp(n, "sched:sched_wakeup"))
			continue;
		if (!strcmp(n, "sched:sched_switch"))
			r->tp[i] = TP_SWITCH;
		else if (!strcmp(n, "sched:sched_stat_runtime"))
			r->tp[i] = TP_RUNTIME;
		else if (!strcmp(n, "sched:sched_wakeup") || !strcmp(n, "sched:sched_wakeup_new") ||
			 (r->waking && waking && !strcmp(n, "sched:sched_waking")))
			r->tp[i] = TP_WAKEUP;	/* sched_waking preferred where it counts */
		else if (!strcmp(n, "sched:sched_migrate_task"))
			r->tp[i] = TP_MIGRATE;
	}
	return traces;
}

static int sched_on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct sched_reader *r = session__tool_priv(s);
	struct session_evsel *e = session__evsel_by_id(s, sample->id);
	enum sched_tp tp;
	u64 prev_pid = 0, next_pid = 0;
	int ret;

	(void)ev;
	if (!e || e->idx < 0 || e->idx >= r->nr_evsels || !sample->raw_data)
		return 0;
	tp = r->tp[e->idx];
	if (tp == TP_NONE)
		return 0;
	if (sample->cpu >= SCHED_MAX_CPUS)
		return error("sample on CPU %u: prof sched handles CPUs below %d",
			     sample->cpu, SCHED_MAX_CPUS);
	if (tp == TP_SWITCH) {
		trace_event__field_u64(r->fmt[e->idx], sample->raw_data, sample->raw_size,
				       "prev_pid", &prev_pid);
		trace_event__field_u64(r->fmt[e->idx], sample->raw_data, sample->raw_size,
				       "next_pid", &next_pid);
		/* switching away a pid that is not the current one? */
		if (r->curr_pid[sample->cpu] != (u32)-1 && r->curr_pid[sample->cpu] != (u32)prev_pid)
			r->nr_context_switch_bugs++;
	}
	ret = r->on_tp(r, tp, r->fmt[e->idx], sample);
	if (tp == TP_SWITCH)
		r->curr_pid[sample->cpu] = (u32)next_pid;
	return ret;
}

static int sched_on_machine_event(struct session *s, union perf_event *ev,
				  struct perf_sample *sample)
{
	struct sched_reader *r = session__tool_priv(s);
	int ret = machine__process_event(r->machine, ev);

	if (!ret && ev->header.type == PERF_RECORD_COMM && r->on_comm)
		ret = r->on_comm(r, sample);
	if (!ret && ev->header.type == PERF_RECORD_FORK && r->on_fork)
		ret = r->on_fork(r, ev);
	return ret;
}

/* -D: the record as perf sched's tool prints it, before what it does with it */
static int sched_on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
			 u64 offset)
{
	struct sched_reader *r = session__tool_priv(s);

	dump__event(s, ev, sample, offset, r->timehist ? DUMP_TIMEHIST : DUMP_SCHED, stdout);
	return 0;
}

/* Read @input through @r's handler; 0, or -1 after saying why. */
static int sched_reader__run(struct sched_reader *r, const struct sched_opts *o)
{
	struct tool tool = {
		.sample = sched_on_sample,
		.comm = sched_on_machine_event, .fork = sched_on_machine_event,
		.exit = sched_on_machine_event,	/* timehist's "Terminated tasks" */
		.ordered_events = true, .priv = r,
	};
	char *errmsg = NULL;
	int ret;

	for (int i = 0; i < SCHED_MAX_CPUS; i++)
		r->curr_pid[i] = (u32)-1;
	ret = session__open_input(&r->session, o->input, o->force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, o->input, errmsg);
		free(errmsg);
		return -1;
	}
	r->dump = o->dump;
	if (r->dump)
		tool.dump = sched_on_dump;
	if (r->maps)
		tool.mmap = tool.mmap2 = sched_on_machine_event;
	r->machine = machine__new_host();
	machine__process_header(r->machine, session__header(r->session));
	if (r->dump)
		r->machine->dump_fp = stdout;
	if (!sched_reader__setup(r) && !r->before) {
		/* perf's words; it goes on with nothing read */
		fputs("No trace sample to read. Did you call 'perf record -R'?\n", stderr);
		return 0;
	}
	if (r->before && r->before(r) < 0)
		return -1;
	ret = session__process_events(r->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(r->session);

		if (*msg)
			error("%s", msg);
		return -1;
	}
	stats__warn_lost(r->session, false, stderr);
	return 0;
}

static void sched_reader__exit(struct sched_reader *r)
{
	machine__delete(r->machine);
	session__delete(r->session);
	free(r->tp);
	free(r->fmt);
}

/* perf's print_bad_events */
static void print_bad_events(const struct sched_reader *r)
{
	const struct session_stats *st = session__stats(r->session);
	u64 nr_events = st->nr_events[0], lost = st->total_lost;

	if (r->nr_unordered_timestamps && r->nr_timestamps)
		printf("  INFO: %.3f%% unordered timestamps (%lu out of %lu)\n",
		       (double)r->nr_unordered_timestamps / (double)r->nr_timestamps * 100.0,
		       r->nr_unordered_timestamps, r->nr_timestamps);
	if (lost && nr_events)
		printf("  INFO: %.3f%% lost events (%" PRIu64 " out of %" PRIu64 ", in %" PRIu64
		       " chunks)\n", (double)lost / (double)nr_events * 100.0, lost, nr_events,
		       st->nr_events[PERF_RECORD_LOST]);
	if (r->nr_context_switch_bugs && r->nr_timestamps) {
		printf("  INFO: %.3f%% context switch bugs (%lu out of %lu)",
		       (double)r->nr_context_switch_bugs / (double)r->nr_timestamps * 100.0,
		       r->nr_context_switch_bugs, r->nr_timestamps);
		if (lost)
			printf(" (due to lost events?)");
		printf("\n");
	}
}

/* ---- per-thread data, by thread object (perf's thread__priv) ---- */

struct tdata {
	struct thread *thread;		/* a reference */
	size_t order;			/* creation order, the last tie-break */
	struct tdata *hnext;
};

struct tmap {
	struct tdata **hash, **all;
	size_t hash_size, nr, alloc;
};

static size_t tmap_hash(const struct tmap *m, const struct thread *t)
{
	return ((uintptr_t)t >> 4) * 2654435761u % m->hash_size;
}

static struct tdata *tmap_find(const struct tmap *m, const struct thread *t)
{
	if (!m->hash_size)
		return NULL;
	for (struct tdata *d = m->hash[tmap_hash(m, t)]; d; d = d->hnext)
		if (d->thread == t)
			return d;
	return NULL;
}

/* Add @d (its first member a struct tdata) for @t, taking a reference. */
static void tmap_add(struct tmap *m, struct tdata *d, struct thread *t)
{
	size_t h;

	if (m->nr * 2 >= m->hash_size) {
		size_t old = m->hash_size;
		struct tdata **oh = m->hash;

		m->hash_size = old ? old * 4 : 1024;
		m->hash = xcalloc(m->hash_size, sizeof(*m->hash));
		for (size_t i = 0; i < old; i++)
			for (struct tdata *x = oh[i], *n; x; x = n) {
				n = x->hnext;
				h = tmap_hash(m, x->thread);
				x->hnext = m->hash[h];
				m->hash[h] = x;
			}
		free(oh);
	}
	if (m->nr == m->alloc) {
		m->alloc = m->alloc ? m->alloc * 2 : 256;
		m->all = xrealloc(m->all, m->alloc * sizeof(*m->all));
	}
	d->thread = thread__get(t);
	d->order = m->nr;
	m->all[m->nr++] = d;
	h = tmap_hash(m, t);
	d->hnext = m->hash[h];
	m->hash[h] = d;
}

/* Drop every entry (freed with free()) and the map. */
static void tmap_exit(struct tmap *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		thread__put(m->all[i]->thread);
		free(m->all[i]);
	}
	free(m->all);
	free(m->hash);
}

/* ---- latency ---- */

enum atom_state { ATOM_SLEEPING, ATOM_WAIT_CPU, ATOM_SCHED_IN, ATOM_IGNORE };

/* One thread's latency record (perf's work_atoms; only its last atom matters). */
struct lat_work {
	struct tdata td;
	bool has_atom;
	enum atom_state state;		/* of the last atom */
	u64 sched_out_time, wake_up_time;
	u64 max_lat, max_lat_start, max_lat_end, total_lat, nb_atoms, total_runtime;
	int num_merged;
};

enum lat_key { KEY_PID, KEY_AVG, KEY_MAX, KEY_SWITCH, KEY_RUNTIME };

struct latency {
	struct tmap map;
	struct lat_work **works;	/* the map's entries, merged and sorted */
	size_t nr;
	enum lat_key keys[16];
	int nr_keys;
	int profile_cpu;
	bool per_pid;
};

/* perf's add_sched_out_event: a new atom, waiting at once if still runnable */
static void lat_sched_out(struct lat_work *w, char state, u64 t)
{
	w->has_atom = true;
	w->sched_out_time = t;
	w->wake_up_time = 0;
	w->state = ATOM_SLEEPING;
	if (state == 'R') {
		w->state = ATOM_WAIT_CPU;
		w->wake_up_time = t;
	}
}

static void lat_sched_in(struct lat_work *w, u64 t)
{
	u64 delta;

	if (!w->has_atom || w->state != ATOM_WAIT_CPU)
		return;
	if (t < w->wake_up_time) {
		w->state = ATOM_IGNORE;
		return;
	}
	w->state = ATOM_SCHED_IN;
	delta = t - w->wake_up_time;
	w->total_lat += delta;
	if (delta > w->max_lat) {
		w->max_lat = delta;
		w->max_lat_start = w->wake_up_time;
		w->max_lat_end = t;
	}
	w->nb_atoms++;
}

/*
 * perf 6.1 reads the switched-out task's state as "RSDTtZXxKWP"[prev_state]:
 * only 0 is 'R' (a preemption); kernels that report a preemption with a
 * flag above the states do not count as runnable there either.
 */
static char lat_state_char(u64 prev_state)
{
	static const char states[] = "RSDTtZXxKWP";

	return prev_state < sizeof(states) - 1 ? states[prev_state] : '?';
}

static struct lat_work *lat_findnew(struct latency *l, struct machine *m, u32 tid, bool *created)
{
	struct thread *t = machine__findnew_thread(m, -1, (pid_t)tid);
	struct lat_work *w = (struct lat_work *)tmap_find(&l->map, t);

	*created = !w;
	if (!w) {
		w = xcalloc(1, sizeof(*w));
		tmap_add(&l->map, &w->td, t);
	}
	return w;
}

static int latency_on_tp(struct sched_reader *r, enum sched_tp tp, struct tep_event *fmt,
			 struct perf_sample *s)
{
	struct latency *l = r->priv;
	struct lat_work *w;
	u64 prev_pid, next_pid, prev_state, pid, runtime, t = s->time, t0;
	bool created;

	switch (tp) {
	case TP_SWITCH:
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "prev_pid", &prev_pid);
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "next_pid", &next_pid);
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "prev_state", &prev_state);
		t0 = r->cpu_last_switched[s->cpu];
		r->cpu_last_switched[s->cpu] = t;
		if (t0 && t < t0)	/* perf's words */
			return error("hm, delta: %" PRIu64 " < 0 ?", t - t0);
		w = lat_findnew(l, r->machine, (u32)prev_pid, &created);
		lat_sched_out(w, lat_state_char(prev_state), t);
		w = lat_findnew(l, r->machine, (u32)next_pid, &created);
		if (created)	/* a task not heard of yet comes in runnable */
			lat_sched_out(w, 'R', t);
		lat_sched_in(w, t);
		break;
	case TP_RUNTIME:
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "runtime", &runtime);
		w = lat_findnew(l, r->machine, (u32)pid, &created);
		if (created)
			lat_sched_out(w, 'R', t);
		w->total_runtime += runtime;
		break;
	case TP_WAKEUP:
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
		w = lat_findnew(l, r->machine, (u32)pid, &created);
		if (created)
			lat_sched_out(w, 'S', t);
		/*
		 * A wakeup of a task still on the run queue only sets its state:
		 * no wait starts, unless one CPU is looked at (-C), where events
		 * of the others are missing.
		 */
		if (l->profile_cpu == -1 && w->state != ATOM_SLEEPING)
			break;
		r->nr_timestamps++;
		if (w->sched_out_time > t) {
			r->nr_unordered_timestamps++;
			break;
		}
		w->state = ATOM_WAIT_CPU;
		w->wake_up_time = t;
		break;
	case TP_MIGRATE:
		if (l->profile_cpu == -1)
			break;
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
		w = lat_findnew(l, r->machine, (u32)pid, &created);
		if (created)
			lat_sched_out(w, 'R', t);
		w->sched_out_time = w->wake_up_time = t;
		r->nr_timestamps++;
		break;
	case TP_NONE:
		break;
	}
	return 0;
}

static int lat_cmp_key(enum lat_key k, const struct lat_work *a, const struct lat_work *b)
{
	u64 x = 0, y = 0;

	switch (k) {
	case KEY_PID:
		x = (u64)(u32)a->td.thread->tid;
		y = (u64)(u32)b->td.thread->tid;
		if (a->td.thread->tid != b->td.thread->tid)
			return a->td.thread->tid < b->td.thread->tid ? -1 : 1;
		return 0;
	case KEY_AVG:
		if (!a->nb_atoms)
			return -1;
		if (!b->nb_atoms)
			return 1;
		x = a->total_lat / a->nb_atoms;
		y = b->total_lat / b->nb_atoms;
		break;
	case KEY_MAX:
		x = a->max_lat;
		y = b->max_lat;
		break;
	case KEY_SWITCH:
		x = a->nb_atoms;
		y = b->nb_atoms;
		break;
	case KEY_RUNTIME:
		x = a->total_runtime;
		y = b->total_runtime;
		break;
	}
	return x < y ? -1 : x > y;
}

static const struct latency *lat_sorting;

/* perf's tree of pids: the greatest tid first */
static int lat_cmp_pid_desc(const void *pa, const void *pb)
{
	const struct lat_work *a = *(struct lat_work *const *)pa, *b = *(struct lat_work *const *)pb;
	int c = lat_cmp_key(KEY_PID, b, a);

	if (c)
		return c;
	return a->td.order < b->td.order ? -1 : a->td.order > b->td.order;
}

/* the sort keys, greatest first; ties keep the order they came in */
static int lat_cmp_sorted(const void *pa, const void *pb)
{
	const struct lat_work *a = *(struct lat_work *const *)pa, *b = *(struct lat_work *const *)pb;

	for (int i = 0; i < lat_sorting->nr_keys; i++) {
		int c = lat_cmp_key(lat_sorting->keys[i], b, a);

		if (c)
			return c;
	}
	return a->td.order < b->td.order ? -1 : a->td.order > b->td.order;
}

/* perf's merged tree: by comm, the greatest first */
static int lat_cmp_comm_desc(const void *pa, const void *pb)
{
	const struct lat_work *a = *(struct lat_work *const *)pa, *b = *(struct lat_work *const *)pb;
	int c = strcmp(thread__comm_str(b->td.thread), thread__comm_str(a->td.thread));

	if (c)
		return c;
	return a->td.order < b->td.order ? -1 : a->td.order > b->td.order;
}

/* Fold the works of one comm into the first of them (perf_sched__merge_lat). */
static void lat_merge(struct latency *l)
{
	size_t n = 0;

	qsort(l->works, l->nr, sizeof(*l->works), lat_cmp_pid_desc);
	for (size_t i = 0; i < l->nr; i++)
		l->works[i]->td.order = i;
	qsort(l->works, l->nr, sizeof(*l->works), lat_cmp_comm_desc);
	for (size_t i = 0; i < l->nr; i++) {
		struct lat_work *w = l->works[i], *head = n ? l->works[n - 1] : NULL;

		if (head && !strcmp(thread__comm_str(head->td.thread), thread__comm_str(w->td.thread))) {
			head->num_merged++;
			head->total_runtime += w->total_runtime;
			head->nb_atoms += w->nb_atoms;
			head->total_lat += w->total_lat;
			if (head->max_lat < w->max_lat) {
				head->max_lat = w->max_lat;
				head->max_lat_start = w->max_lat_start;
				head->max_lat_end = w->max_lat_end;
			}
			continue;	/* stays in the map, which frees it */
		}
		w->num_merged++;
		w->td.order = n;	/* the merged tree's order breaks the sort's ties */
		l->works[n++] = w;
	}
	l->nr = n;
}

static char *usec_str(u64 ns, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64 ".%06" PRIu64, ns / NSEC_PER_SEC,
		 ns % NSEC_PER_SEC / NSEC_PER_USEC);
	return buf;
}

static void lat_print(const struct lat_work *w, u64 *all_runtime, u64 *all_count)
{
	char start[32], end[32];
	int ret;

	if (!w->nb_atoms || !strcmp(thread__comm_str(w->td.thread), "swapper"))
		return;
	*all_runtime += w->total_runtime;
	*all_count += w->nb_atoms;
	if (w->num_merged > 1)
		ret = printf("  %s:(%d) ", thread__comm_str(w->td.thread), w->num_merged);
	else
		ret = printf("  %s:%d ", thread__comm_str(w->td.thread), w->td.thread->tid);
	for (int i = 0; i < 24 - ret; i++)
		putchar(' ');
	printf("|%11.3f ms |%9" PRIu64 " | avg:%8.3f ms | max:%8.3f ms | max start: %12s s | max end: %12s s\n",
	       (double)w->total_runtime / NSEC_PER_MSEC, w->nb_atoms,
	       (double)(w->total_lat / w->nb_atoms) / NSEC_PER_MSEC,
	       (double)w->max_lat / NSEC_PER_MSEC,
	       usec_str(w->max_lat_start, start, sizeof(start)),
	       usec_str(w->max_lat_end, end, sizeof(end)));
}

static int lat_parse_sort(struct latency *l, const char *order, const struct option *options)
{
	static const struct { const char *name; enum lat_key key; } keys[] = {
		{ "pid", KEY_PID }, { "avg", KEY_AVG }, { "max", KEY_MAX },
		{ "switch", KEY_SWITCH }, { "runtime", KEY_RUNTIME },
	};
	char *str = xstrdup(order), *save = NULL;

	for (char *tok = strtok_r(str, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		size_t i;

		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (!strcmp(keys[i].name, tok))
				break;
		if (i == ARRAY_SIZE(keys)) {
			usage_with_options_msg(latency_usage, options, "Unknown --sort key: `%s'", tok);
		}
		if (l->nr_keys < (int)ARRAY_SIZE(l->keys))
			l->keys[l->nr_keys++] = keys[i].key;
	}
	free(str);
	return 0;
}

static int sched_latency(int argc, const char **argv, struct sched_opts *o)
{
	const char *sort_order = "avg, max, switch, runtime";
	struct latency l = { .profile_cpu = -1 };
	struct sched_reader r = { .on_tp = latency_on_tp, .priv = &l };
	u64 all_runtime = 0, all_count = 0;
	const struct option options[] = {
		OPT_STRING('s', "sort", &sort_order, "key[,key2...]",
			   "sort by key(s): runtime, switch, avg, max"),
		OPT_INTEGER('C', "CPU", &l.profile_cpu, "CPU to profile on"),
		OPT_BOOLEAN('p', "pids", &l.per_pid, "latency stats per pid instead of per comm"),
		SCHED_PARENT_OPTIONS(o),
		OPT_END()
	};
	int ret;

	if (argc > 1) {
		argc = parse_options(argc, argv, options, latency_usage, 0);
		if (argc)
			usage_with_options(latency_usage, options);
	}
	lat_parse_sort(&l, sort_order, options);
	setup_pager();
	ret = sched_reader__run(&r, o);
	if (ret < 0)
		goto out;
	l.nr = l.map.nr;
	l.works = xcalloc(l.nr + 1, sizeof(*l.works));
	for (size_t i = 0; i < l.nr; i++)
		l.works[i] = (struct lat_work *)l.map.all[i];
	if (!l.per_pid)
		lat_merge(&l);
	else {
		qsort(l.works, l.nr, sizeof(*l.works), lat_cmp_pid_desc);
		for (size_t i = 0; i < l.nr; i++)
			l.works[i]->td.order = i;
	}
	lat_sorting = &l;
	qsort(l.works, l.nr, sizeof(*l.works), lat_cmp_sorted);

	printf("\n -------------------------------------------------------------------------------------------------------------------------------------------\n");
	printf("  Task                  |   Runtime ms  | Switches | Avg delay ms    | Max delay ms    | Max delay start           | Max delay end          |\n");
	printf(" -------------------------------------------------------------------------------------------------------------------------------------------\n");
	for (size_t i = 0; i < l.nr; i++)
		lat_print(l.works[i], &all_runtime, &all_count);
	printf(" -----------------------------------------------------------------------------------------------------------------\n");
	printf("  TOTAL:                |%11.3f ms |%9" PRIu64 " |\n",
	       (double)all_runtime / NSEC_PER_MSEC, all_count);
	printf(" ---------------------------------------------------\n");
	print_bad_events(&r);
	printf("\n");
out:
	free(l.works);
	tmap_exit(&l.map);
	sched_reader__exit(&r);
	return ret;
}

/* ---- timehist ---- */

static const char *const timehist_usage[] = {
	"prof sched timehist [<options>]",
	NULL
};

struct th_runtime {
	struct tdata td;
	u64 last_time, ready_to_run;
	u64 dt_run, dt_sleep, dt_iowait, dt_preempt, dt_delay;
	struct stats run_stats;		/* stat.c's, perf's struct stats */
	u64 total_run_time, total_sleep_time, total_iowait_time, total_preempt_time, total_delay_time;
	u64 last_state;
	u64 migrations;
	/* -I, an idle task's: the thread last switched out on its CPU ... */
	struct thread *last_thread;
	/* ... the folded chain of the last one that went idle, and the sums */
	char *idle_chain;
	struct idle_chain *chains;
	size_t nr_chains, alloc_chains;
};

/* -I: the idle time that followed one call chain (perf's folded callchain node) */
struct idle_chain {
	char *folded;
	u64 hit;
	unsigned int count;
	size_t order;
};

struct timehist {
	struct tmap map;
	u64 last_switch[SCHED_MAX_CPUS];	/* perf's evsel__save_time of sched_switch */
	int max_cpu;
	bool summary, summary_only, wakeups, next, migrations, cpu_visual, state;
	bool idle_hist;			/* -I */
	bool callchain;
	unsigned int max_stack;		/* frames shown (perf resolves 2 more) */
	struct sample_resolver *resolver;	/* the call chains, with -g */
	struct time_range range;	/* --time (0: open) */
	bool *cpus;			/* --cpu, or NULL */
	int nr_cpus;
	struct hist_filter filter;	/* -p, -t */
	u64 hist_start, hist_end;
	u64 skipped;
	int comm_width;
	struct th_runtime **idle;	/* per CPU, perf's idle_threads */
	int nr_idle;
	const char *cpu_list;
};

static struct th_runtime *th_runtime(struct timehist *th, struct thread *t)
{
	struct th_runtime *r = (struct th_runtime *)tmap_find(&th->map, t);

	if (!r) {
		r = xcalloc(1, sizeof(*r));
		stats__init(&r->run_stats);
		tmap_add(&th->map, &r->td, t);
	}
	return r;
}

/* perf's get_idle_thread: the idle task of @cpu, its table grown as perf's */
static struct th_runtime *th_idle(struct timehist *th, u32 cpu)
{
	if ((int)cpu >= th->nr_idle) {
		int n = 1;

		while (n < (int)cpu + 1)
			n <<= 1;
		th->idle = xrealloc(th->idle, (size_t)n * sizeof(*th->idle));
		memset(th->idle + th->nr_idle, 0, (size_t)(n - th->nr_idle) * sizeof(*th->idle));
		th->nr_idle = n;
	}
	if (!th->idle[cpu]) {
		struct th_runtime *r = xcalloc(1, sizeof(*r));

		r->td.thread = thread__new(0, 0);
		thread__set_comm(r->td.thread, "<idle>", false);
		stats__init(&r->run_stats);
		th->idle[cpu] = r;
	}
	return th->idle[cpu];
}

/* perf's print_sched_time: msec.usec, the msecs @width wide, a space after */
static void print_sched_time(u64 ns, int width)
{
	u64 ms = ns / NSEC_PER_MSEC;

	printf("%*" PRIu64 ".%03" PRIu64 " ", width, ms, (ns - ms * NSEC_PER_MSEC) / NSEC_PER_USEC);
}

/* perf's timehist_get_commstr: comm, comm[tid] or comm[tid/pid]; widens the column */
static const char *th_commstr(struct timehist *th, const struct thread *t)
{
	static char str[32];
	const char *comm = thread__comm_str(t);
	int n;

	if (t->pid == 0)
		n = snprintf(str, sizeof(str), "%s", comm);
	else if (t->tid != t->pid)
		n = snprintf(str, sizeof(str), "%s[%d/%d]", comm, t->tid, t->pid);
	else
		n = snprintf(str, sizeof(str), "%s[%d]", comm, t->tid);
	if (n >= (int)sizeof(str))
		n = (int)sizeof(str) - 1;
	if (n > th->comm_width)
		th->comm_width = n;
	return str;
}

/* perf's task_state_char: the lowest state bit's letter */
static char th_state_char(const struct thread *t, u64 state)
{
	static const char states[] = "RSDTtZXxKWP";
	unsigned int bit = state ? (unsigned int)__builtin_ffsll((long long)state) : 0;

	if (t->tid == 0)
		return 'I';
	return bit < sizeof(states) - 1 ? states[bit] : '?';
}

static const char dots[] =
	"---------------------------------------------------------------------"
	"---------------------------------------------------------------------";

static void th_header(struct timehist *th)
{
	int ncpus = th->max_cpu + 1;

	printf("%15s %6s ", "time", "cpu");
	if (th->cpu_visual) {
		printf(" ");
		for (int i = 0, j = 0; i < ncpus; i++) {
			printf("%x", j++);
			if (j > 15)
				j = 0;
		}
		printf(" ");
	}
	printf(" %-*s  %9s  %9s  %9s", th->comm_width, "task name", "wait time", "sch delay",
	       "run time");
	if (th->state)
		printf("  %s", "state");
	printf("\n");

	printf("%15s %-6s ", "", "");
	if (th->cpu_visual)
		printf(" %*s ", ncpus, "");
	printf(" %-*s  %9s  %9s  %9s", th->comm_width, "[tid/pid]", "(msec)", "(msec)", "(msec)");
	if (th->state)
		printf("  %5s", "");
	printf("\n");

	printf("%.15s %.6s ", dots, dots);
	if (th->cpu_visual)
		printf(" %.*s ", ncpus, dots);
	printf(" %.*s  %.9s  %.9s  %.9s", th->comm_width, dots, dots, dots, dots);
	if (th->state)
		printf("  %.5s", dots);
	printf("\n");
}

static bool th_filtered(const struct timehist *th, const struct thread *t)
{
	return hist_filter__rejects(&th->filter, NULL, t->pid, t->tid, NULL, NULL);
}

/* perf's intlist__new: every entry must start with a number, else no list */
static void th_parse_ids(struct name_list *l, const char *str, const char *what)
{
	name_list__parse(l, str);
	for (size_t i = 0; i < l->nr; i++) {
		char *end;

		strtol(l->names[i], &end, 10);
		if (end == l->names[i]) {
			fprintf(stderr, "problems parsing %s list\n", what);	/* perf's words */
			name_list__exit(l);
			return;
		}
	}
}

static bool th_skip(struct timehist *th, const struct thread *t)
{
	if (!th_filtered(th, t))
		return false;
	th->skipped++;
	return true;
}

/* perf's timehist_skip_sample for a wakeup or migration: -I shows none */
static bool th_skip_event(struct timehist *th, const struct thread *t)
{
	return th_skip(th, t) || th->idle_hist;
}

static bool th_cpu_shown(const struct timehist *th, u32 cpu)
{
	return !th->cpus || ((int)cpu < th->nr_cpus && th->cpus[cpu]);
}

static void th_time(u64 t, u32 cpu)
{
	char tstr[32];

	printf("%15s [%04u] ", usec_str(t, tstr, sizeof(tstr)), cpu);
}

/* perf's timehist_update_runtime_stats */
static void th_update(struct th_runtime *r, u64 t, u64 tprev)
{
	r->dt_delay = r->dt_sleep = r->dt_iowait = r->dt_preempt = r->dt_run = 0;
	if (tprev) {
		r->dt_run = t - tprev;
		/* -v: perf's debug lines for a time that went back */
		if (r->ready_to_run > tprev && verbose > 0)
			fputs("time travel: wakeup time for task > previous sched_switch event\n",
			      stderr);
		if (r->ready_to_run && r->ready_to_run <= tprev)
			r->dt_delay = tprev - r->ready_to_run;
		if (r->last_time > tprev && verbose > 0)
			fputs("time travel: last sched out time for task > previous sched_switch "
			      "event\n", stderr);
		if (r->last_time && r->last_time <= tprev) {
			u64 wait = tprev - r->last_time;

			if (r->last_state == 0)		/* TASK_RUNNING */
				r->dt_preempt = wait;
			else if (r->last_state == 2)	/* TASK_UNINTERRUPTIBLE */
				r->dt_iowait = wait;
			else
				r->dt_sleep = wait;
		}
	}
	stats__update(&r->run_stats, r->dt_run);
	r->total_run_time += r->dt_run;
	r->total_delay_time += r->dt_delay;
	r->total_sleep_time += r->dt_sleep;
	r->total_iowait_time += r->dt_iowait;
	r->total_preempt_time += r->dt_preempt;
}

/* The scheduler's own frames, which perf's timehist chains leave out. */
static bool is_sched_frame(const struct symbol *sym)
{
	return sym && (!strcmp(sym->name, "schedule") || !strcmp(sym->name, "__schedule") ||
		       !strcmp(sym->name, "preempt_schedule"));
}

/*
 * perf's save_task_callchain and its one-line print: the switch sample's
 * frames, max_stack + 2 of them, less the scheduler's own (schedule,
 * __schedule, preempt_schedule), " <- " between. The user frames are
 * named: perf 6.1's timehist takes MMAP records but not MMAP2 ones,
 * which perf record writes, and shows them "[unknown]"
 * (deliberate-differences.md).
 */
static void th_print_chain(struct timehist *th, struct perf_sample *s)
{
	struct resolved_sample rs;
	bool first = true;
	int nr;

	printf("  ");
	resolved_sample__resolve(th->resolver, s, &rs);
	nr = resolved_sample__chain(th->resolver, s, &rs, NULL);
	for (int i = 0; i < nr; i++) {
		const struct symbol *sym = rs.frames[i].sym;

		if (is_sched_frame(sym))
			continue;
		printf("%s %s", first ? "" : " <-", sym ? sym->name : "[unknown]");
		first = false;
	}
	resolved_sample__exit(&rs);
}

/*
 * -I: the chain of a task going idle, folded as perf's idle callchains
 * print it: the same max_stack + 2 frames less the scheduler's own, " <- "
 * between, a frame without a symbol as its address. A new string.
 */
static char *th_fold_chain(struct timehist *th, struct perf_sample *s)
{
	struct resolved_sample rs;
	struct strbuf sb = STRBUF_INIT;
	int nr;

	resolved_sample__resolve(th->resolver, s, &rs);
	nr = resolved_sample__chain(th->resolver, s, &rs, NULL);
	for (int i = 0; i < nr; i++) {
		const struct symbol *sym = rs.frames[i].sym;

		if (is_sched_frame(sym))
			continue;
		if (sb.len)
			strbuf_addstr(&sb, " <- ");
		if (sym)
			strbuf_addstr(&sb, sym->name);
		else
			strbuf_addf(&sb, "%#" PRIx64, rs.frames[i].ip);
	}
	resolved_sample__exit(&rs);
	return strbuf_detach(&sb, NULL);
}

/* -I: @ns more idle time after @folded on @idle's CPU */
static void th_idle_chain_add(struct th_runtime *idle, const char *folded, u64 ns)
{
	struct idle_chain *c = NULL;

	for (size_t i = 0; i < idle->nr_chains && !c; i++)
		if (!strcmp(idle->chains[i].folded, folded))
			c = &idle->chains[i];
	if (!c) {
		if (idle->nr_chains == idle->alloc_chains) {
			idle->alloc_chains = idle->alloc_chains ? idle->alloc_chains * 2 : 16;
			idle->chains = xrealloc(idle->chains, idle->alloc_chains * sizeof(*idle->chains));
		}
		c = &idle->chains[idle->nr_chains];
		c->folded = xstrdup(folded);
		c->hit = 0;
		c->count = 0;
		c->order = idle->nr_chains++;
	}
	c->hit += ns;
	c->count++;
}

static void th_print_sample(struct timehist *th, struct tep_event *fmt, struct perf_sample *s,
			    struct thread *t, struct th_runtime *r, u64 time, u64 state)
{
	char next_comm[16], nstr[64];
	u64 next_pid = 0;

	if (!th_cpu_shown(th, s->cpu))
		return;
	th_time(time, s->cpu);
	if (th->cpu_visual) {
		printf(" ");
		for (int i = 0; i <= th->max_cpu; i++)
			putchar(i == (int)s->cpu ? (t->tid == 0 ? 'i' : 's') : ' ');
		printf(" ");
	}
	printf(" %-*s ", th->comm_width, th_commstr(th, t));
	print_sched_time(r->dt_sleep + r->dt_iowait + r->dt_preempt, 6);
	print_sched_time(r->dt_delay, 6);
	print_sched_time(r->dt_run, 6);
	if (th->state)
		printf(" %5c ", th_state_char(t, state));
	if (th->next) {
		trace_event__field_str(fmt, s->raw_data, s->raw_size, "next_comm", next_comm,
				       sizeof(next_comm));
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "next_pid", &next_pid);
		snprintf(nstr, sizeof(nstr), "next: %s[%d]", next_comm, (int)next_pid);
		nstr[29] = '\0';	/* perf's char[30] */
		printf(" %-*s", th->comm_width, nstr);
	}
	if (th->wakeups && !th->next)
		printf("  %-*s", th->comm_width, "");
	if (th->resolver && t->tid != 0)
		th_print_chain(th, s);
	printf("\n");
}

static int th_on_switch(struct sched_reader *rd, struct timehist *th, struct tep_event *fmt,
			struct perf_sample *s)
{
	u64 prev_pid = 0, next_pid = 0, state = 0, t = s->time, tprev;
	struct th_runtime *r = NULL;
	struct thread *thread;
	bool skip;

	if (rd->dump) {
		/* -D: perf resolves each switch sample first, which says where it was */
		struct addr_location al;

		machine__resolve(rd->machine, s->cpumode, (pid_t)s->pid, (pid_t)s->tid, s->ip, &al);
		dump__sample_location(stdout, al.thread ? thread__comm_str(al.thread) : "",
				      al.thread ? al.thread->tid : (int)s->tid,
				      al.map ? al.map->dso->long_name : NULL, al.level);
		addr_location__exit(&al);
	}
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "prev_pid", &prev_pid);
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "next_pid", &next_pid);
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "prev_state", &state);
	if (prev_pid == 0) {	/* the idle task: one per CPU, "<idle>" */
		r = th_idle(th, s->cpu);
		thread = r->td.thread;
	} else {
		/* there were samples with tid 0 but a pid */
		thread = machine__findnew_thread(rd->machine, (pid_t)s->pid,
						 (pid_t)(s->tid ? s->tid : s->pid));
		if (th->idle_hist) {
			/* -I: the CPU's last task, and its chain when it goes idle */
			struct th_runtime *ir = th_idle(th, s->cpu);

			thread__put(ir->last_thread);
			ir->last_thread = thread__get(thread);
			if (next_pid == 0 && th->resolver && s->callchain) {
				free(ir->idle_chain);
				ir->idle_chain = th_fold_chain(th, s);
			}
		}
	}
	skip = th_skip(th, thread);
	/* -I: only the switches into and out of the idle task */
	if (th->idle_hist && prev_pid && next_pid)
		skip = true;
	if (skip) {
		r = NULL;
		goto out;
	}
	if (!r)
		r = th_runtime(th, thread);
	tprev = th->last_switch[s->cpu];
	/*
	 * --time, as perf: a switch before the window is left out; the
	 * time run before it starts, or after it ends, is cut off, and a
	 * switch whose previous one was past the end is left out.
	 */
	if (th->range.start && th->range.start > t)
		goto out;
	if (tprev && th->range.start > tprev)
		tprev = th->range.start;
	if (th->range.end) {
		/* perf 6.1 also leaves out a CPU's first switch (no previous one) */
		if (!tprev || tprev > th->range.end)
			goto out;
		if (t > th->range.end)
			t = th->range.end;
	}
	if (!th->idle_hist || thread->tid == 0) {
		if (th_cpu_shown(th, s->cpu))
			th_update(r, t, tprev);
		if (th->idle_hist) {
			struct th_runtime *last;

			/* the idle time is the last task's "idle-time" */
			if (!r->last_thread)
				goto out;
			last = th_runtime(th, r->last_thread);
			th_update(last, t, tprev);
			last->dt_run = last->dt_delay = last->dt_sleep = 0;
			last->dt_iowait = last->dt_preempt = 0;
			if (r->idle_chain)
				th_idle_chain_add(r, r->idle_chain, t - tprev);
			thread__put(r->last_thread);
			r->last_thread = NULL;
		}
	}
	if (!th->summary_only)
		th_print_sample(th, fmt, s, thread, r, t, state);
out:
	if (!th->hist_start && t >= th->range.start)
		th->hist_start = t;
	if (!th->range.end || t <= th->range.end)
		th->hist_end = t;
	if (r) {
		r->last_time = s->time;
		r->last_state = state;
		r->ready_to_run = 0;
	}
	th->last_switch[s->cpu] = s->time;
	return 0;
}

static void th_print_event(struct timehist *th, struct perf_sample *s, struct thread *waker,
			   bool visual_m)
{
	th_time(s->time, s->cpu);
	if (th->cpu_visual) {
		if (visual_m) {
			printf("  ");
			for (int i = 0; i <= th->max_cpu; i++)
				putchar(i == (int)s->cpu ? 'm' : ' ');
			printf("  ");
		} else {
			printf(" %*s ", th->max_cpu + 1, "");
		}
	}
	printf(" %-*s ", th->comm_width, th_commstr(th, waker));
	printf("  %9s  %9s  %9s ", "", "", "");
}

static int th_on_wakeup(struct sched_reader *rd, struct timehist *th, struct tep_event *fmt,
			struct perf_sample *s)
{
	struct thread *wakee, *waker;
	struct th_runtime *r;
	u64 pid = 0;

	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
	wakee = machine__findnew_thread(rd->machine, 0, (pid_t)pid);
	r = th_runtime(th, wakee);
	if (!r->ready_to_run)
		r->ready_to_run = s->time;
	if (!th->wakeups || time_ranges__skip(&th->range, 1, s->time))
		return 0;
	waker = machine__findnew_thread(rd->machine, (pid_t)s->pid, (pid_t)s->tid);
	/* shown unless both are filtered out */
	if (th_skip_event(th, waker) && th_skip_event(th, wakee))
		return 0;
	th_print_event(th, s, waker, false);
	printf("awakened: %s\n", th_commstr(th, wakee));
	return 0;
}

static int th_on_migrate(struct sched_reader *rd, struct timehist *th, struct tep_event *fmt,
			 struct perf_sample *s)
{
	struct thread *migrated, *t;
	u64 pid = 0, ocpu = 0, dcpu = 0;

	if (!th->migrations)
		return 0;
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
	migrated = machine__findnew_thread(rd->machine, 0, (pid_t)pid);
	th_runtime(th, migrated)->migrations++;
	if (th->summary_only)
		return 0;
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "orig_cpu", &ocpu);
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "dest_cpu", &dcpu);
	t = machine__findnew_thread(rd->machine, (pid_t)s->pid, (pid_t)s->tid);
	if (th_skip_event(th, t) && th_skip_event(th, migrated))
		return 0;
	th_print_event(th, s, t, true);
	printf("migrated: %s", th_commstr(th, migrated));
	printf(" cpu %d => %d\n", (int)ocpu, (int)dcpu);
	return 0;
}

static int timehist_on_tp(struct sched_reader *rd, enum sched_tp tp, struct tep_event *fmt,
			  struct perf_sample *s)
{
	struct timehist *th = rd->priv;

	if ((int)s->cpu > th->max_cpu)
		th->max_cpu = (int)s->cpu;
	switch (tp) {
	case TP_SWITCH:
		return th_on_switch(rd, th, fmt, s);
	case TP_WAKEUP:
		return th_on_wakeup(rd, th, fmt, s);
	case TP_MIGRATE:
		return th_on_migrate(rd, th, fmt, s);
	case TP_RUNTIME:
	case TP_NONE:
		break;
	}
	return 0;
}

/* perf's machine__for_each_thread order: by tid % 256, then by tid */
static int th_cmp_table(const void *pa, const void *pb)
{
	const struct tdata *a = *(struct tdata *const *)pa, *b = *(struct tdata *const *)pb;
	unsigned int ha = (unsigned int)a->thread->tid % 256, hb = (unsigned int)b->thread->tid % 256;

	if (ha != hb)
		return ha < hb ? -1 : 1;
	if (a->thread->tid != b->thread->tid)
		return a->thread->tid < b->thread->tid ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

struct th_totals {
	u64 tasks, switches, run_time;
};

static void th_print_thread(struct timehist *th, struct th_runtime *r, struct th_totals *tot)
{
	const struct thread *t = r->td.thread;

	tot->tasks++;
	tot->switches += (u64)r->run_stats.n;
	tot->run_time += r->total_run_time;
	printf("%*s   %5d  %9" PRIu64 " ", th->comm_width, th_commstr(th, t), t->ppid,
	       (u64)r->run_stats.n);
	print_sched_time(r->total_run_time, 8);
	if (th->state) {
		print_sched_time(r->total_sleep_time, 6);
		printf(" ");
		print_sched_time(r->total_iowait_time, 6);
		printf(" ");
		print_sched_time(r->total_preempt_time, 6);
		printf(" ");
		print_sched_time(r->total_delay_time, 6);
		printf("\n");
		return;
	}
	print_sched_time(r->run_stats.min, 6);
	printf(" ");
	print_sched_time((u64)r->run_stats.mean, 6);
	printf(" ");
	print_sched_time(r->run_stats.max, 6);
	printf("  %5.2f", (double)(float)stats__rel_stddev(stats__stddev(&r->run_stats),
							  r->run_stats.mean));	/* perf's float */
	printf("   %5" PRIu64 "\n", r->migrations);
}

static int th_cmp_chain(const void *pa, const void *pb)
{
	const struct idle_chain *a = pa, *b = pb;

	if (a->hit != b->hit)
		return a->hit > b->hit ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* -I's "Idle stats by callchain": per CPU, the chains by idle time, greatest first */
static void th_idle_chains_print(struct timehist *th)
{
	printf("\nIdle stats by callchain:\n");
	for (int i = 0; i < th->nr_idle; i++) {
		struct th_runtime *r = th->idle[i];

		if (!r)
			continue;
		qsort(r->chains, r->nr_chains, sizeof(*r->chains), th_cmp_chain);
		printf("  CPU %2d:", i);
		print_sched_time(r->total_run_time, 6);
		printf(" msec\n");
		printf("  %16s  %8s  %s\n", "Idle time (msec)", "Count", "Callchains");
		printf("  %.16s  %.8s  %.50s\n", dots, dots, dots);
		for (size_t k = 0; k < r->nr_chains; k++) {
			printf("  ");
			print_sched_time(r->chains[k].hit, 12);
			printf(" %8u  %s\n", r->chains[k].count, r->chains[k].folded);
		}
		printf("\n");
	}
}

static void th_summary(struct timehist *th)
{
	struct th_totals tot = { 0 };
	struct tdata **all = xcalloc(th->map.nr + 1, sizeof(*all));
	size_t n = th->map.nr;
	u64 alive = 0, dead = 0;

	memcpy(all, th->map.all, n * sizeof(*all));
	qsort(all, n, sizeof(*all), th_cmp_table);
	if (th->idle_hist) {
		printf("\nIdle-time summary\n");
		printf("%*s  parent  sched-out  ", th->comm_width, "comm");
		printf("  idle-time   min-idle    avg-idle    max-idle  stddev  migrations\n");
	} else if (th->state) {
		printf("\nWait-time summary\n");
		printf("%*s  parent   sched-in  ", th->comm_width, "comm");
		printf("   run-time      sleep      iowait     preempt       delay\n");
	} else {
		printf("\nRuntime summary\n");
		printf("%*s  parent   sched-in  ", th->comm_width, "comm");
		printf("   run-time    min-run     avg-run     max-run  stddev  migrations\n");
	}
	printf("%*s            (count)  ", th->comm_width, "");
	printf("     (msec)     (msec)      (msec)      (msec)       %s\n", th->state ? "(msec)" : "%");
	printf("%.117s\n", dots);
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			if (!alive)
				printf("<no still running tasks>\n");
			printf("\nTerminated tasks:\n");
		}
		for (size_t i = 0; i < n; i++) {
			struct th_runtime *r = (struct th_runtime *)all[i];

			if (r->td.thread->exited != (pass == 1) || th_filtered(th, r->td.thread) ||
			    !r->run_stats.n)
				continue;
			th_print_thread(th, r, &tot);
			*(pass ? &dead : &alive) += 1;
		}
	}
	if (!dead)
		printf("<no terminated tasks>\n");
	free(all);
	/* idle is not tracked when samples were skipped (it is with -I) */
	if (th->skipped && !th->idle_hist)
		return;
	printf("\nIdle stats:\n");
	for (int i = 0; i < th->nr_idle; i++) {
		struct th_runtime *r = th->idle[i];

		if (!th_cpu_shown(th, (u32)i) || !r)
			continue;
		if (!r->run_stats.n) {
			printf("    CPU %2d idle entire time window\n", i);
			continue;
		}
		tot.switches += (u64)r->run_stats.n;
		printf("    CPU %2d idle for ", i);
		print_sched_time(r->total_run_time, 6);
		printf(" msec  (%6.2f%%)\n",
		       100.0 * (double)r->total_run_time / (double)(th->hist_end - th->hist_start));
	}
	if (th->idle_hist && th->callchain)
		th_idle_chains_print(th);
	printf("\n    Total number of unique tasks: %" PRIu64 "\nTotal number of context switches: %" PRIu64 "\n",
	       tot.tasks, tot.switches);
	printf("           Total run time (msec): ");
	print_sched_time(tot.run_time, 2);
	printf("\n");
	printf("    Total scheduling time (msec): ");
	print_sched_time(th->hist_end - th->hist_start, 2);
	printf(" (x %d)\n", th->max_cpu);
}

/* perf's checks and setup once the file is open; the header */
static int timehist_before(struct sched_reader *rd)
{
	struct timehist *th = rd->priv;
	bool has_switch = false, chains = false;

	if (th->cpu_list && session__cpu_bitmap(rd->session, th->cpu_list, &th->cpus, &th->nr_cpus) < 0)
		return -1;
	for (int i = 0; i < rd->nr_evsels; i++) {
		if (rd->tp[i] != TP_SWITCH)
			continue;
		has_switch = true;
		if (session__evsel(rd->session, i)->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			chains = true;
	}
	if (th->callchain && !chains) {
		fputs("Samples do not have callchains.\n", stderr);	/* perf's words */
		th->callchain = false;
	}
	if (!has_switch)
		return error("No sched_switch events found. Have you run 'perf sched record'?");
	if (th->callchain) {
		struct resolve_param p = {
			.max_stack = th->max_stack < RESOLVE_MAX_FRAMES ? (int)th->max_stack + 2
								 : RESOLVE_MAX_FRAMES,
			.inline_names = true,	/* perf's symbol_conf.inline_name default */
			.key = CCKEY_FUNCTION,
		};

		th->resolver = sample_resolver__new(rd->machine, &p);
	}
	th->max_cpu = (int)session__header(rd->session)->nr_cpus_online;
	if (!th->max_cpu)
		th->max_cpu = 4;
	for (int i = 0; i < th->max_cpu; i++)
		th_idle(th, (u32)i);
	if (th->summary_only)
		th->summary = true;
	else
		th_header(th);
	return 0;
}

static int sched_timehist(int argc, const char **argv, struct sched_opts *o)
{
	struct timehist *th = xcalloc(1, sizeof(*th));
	struct sched_reader r = {
		.on_tp = timehist_on_tp, .before = timehist_before, .priv = th, .waking = true,
	};
	const char *cpu_list = NULL, *pid_list = NULL, *tid_list = NULL;
	const char *vmlinux = NULL, *kallsyms = NULL, *symfs = NULL, *time_str = NULL;
	const struct option options[] = {
		OPT_STRING('C', "cpu", &cpu_list, "cpu", "list of cpus to profile"),
		OPT_BOOLEAN('g', "call-graph", &th->callchain, "Display call chains if present (default on)"),
		OPT_BOOLEAN('I', "idle-hist", &th->idle_hist, "Show idle events only"),
		OPT_BOOLEAN('M', "migrations", &th->migrations, "Show migration events"),
		OPT_BOOLEAN('n', "next", &th->next, "Show next task"),
		OPT_STRING('p', "pid", &pid_list, "pid[,pid...]",
			   "analyze events only for given process id(s)"),
		OPT_BOOLEAN('s', "summary", &th->summary_only, "Show only syscall summary with statistics"),
		OPT_BOOLEAN('S', "with-summary", &th->summary, "Show all syscalls and summary with statistics"),
		OPT_STRING('t', "tid", &tid_list, "tid[,tid...]",
			   "analyze events only for given thread id(s)"),
		OPT_BOOLEAN('V', "cpu-visual", &th->cpu_visual, "Add CPU visual"),
		OPT_BOOLEAN('w', "wakeups", &th->wakeups, "Show wakeup events"),
		OPT_BOOLEAN(0, "state", &th->state, "Show task state when sched-out"),
		OPT_STRING('k', "vmlinux", &vmlinux, "file", "vmlinux pathname"),
		OPT_STRING(0, "kallsyms", &kallsyms, "file", "kallsyms pathname"),
		OPT_UINTEGER(0, "max-stack", &th->max_stack,
			    "Maximum number of functions to display backtrace."),
		OPT_STRING(0, "symfs", &symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "time", &time_str, "str", "Time span for analysis (start,stop)"),
		SCHED_PARENT_OPTIONS(o),
		OPT_END()
	};
	int ret = -1;

	th->callchain = true;
	th->max_stack = 5;	/* perf's default */
	th->comm_width = 30;
	if (argc > 1) {
		argc = parse_options(argc, argv, options, timehist_usage, 0);
		if (argc)
			usage_with_options(timehist_usage, options);
	}
	if ((th->wakeups || th->next) && th->summary_only) {
		fprintf(stderr, " Error: -s and -[n|w] are mutually exclusive.\n\n");
		parse_options_usage_for(timehist_usage, options, NULL, 's');
		if (th->wakeups)
			parse_options_usage_for(NULL, options, NULL, 'w');
		if (th->next)
			parse_options_usage_for(NULL, options, NULL, 'n');
		ret = 234;	/* perf's -EINVAL as an exit status */
		goto out;
	}
	/* perf's symbol__validate_sym_arguments, then its one --time range */
	if ((vmlinux && access(vmlinux, R_OK)) || (kallsyms && access(kallsyms, R_OK))) {
		error("Invalid file: %s", vmlinux && access(vmlinux, R_OK) ? vmlinux : kallsyms);
		ret = 234;
		goto out;
	}
	if (symfs)
		symbol_conf__set_symfs(symfs);
	if (vmlinux)
		symbol_conf.vmlinux_name = vmlinux;
	if (kallsyms)
		symbol_conf.kallsyms_name = kallsyms;
	if (time_str) {
		struct time_range *ranges = NULL;
		int nr = 0;

		/* perf_time__parse_str: "start,stop" only, no percentages or lists */
		if (strchr(time_str, '%') || time_ranges__parse(time_str, 0, 0, &ranges, &nr) ||
		    nr != 1) {
			free(ranges);
			error("Invalid time string");
			ret = 234;
			goto out;
		}
		th->range = ranges[0];
		free(ranges);
	}
	if (pid_list)
		th_parse_ids(&th->filter.pids, pid_list, "pid");
	if (tid_list)
		th_parse_ids(&th->filter.tids, tid_list, "tid");
	th->cpu_list = cpu_list;
	/* the mmaps name the chains' user frames, and -D's samples' dsos */
	r.maps = th->callchain || o->dump;
	r.timehist = true;
	setup_pager();
	ret = sched_reader__run(&r, o);
	if (!ret && th->summary)
		th_summary(th);
out:
	sample_resolver__delete(th->resolver);
	tmap_exit(&th->map);
	hist_filter__exit(&th->filter);
	for (int i = 0; i < th->nr_idle; i++)
		if (th->idle[i]) {
			struct th_runtime *ir = th->idle[i];

			for (size_t k = 0; k < ir->nr_chains; k++)
				free(ir->chains[k].folded);
			free(ir->chains);
			free(ir->idle_chain);
			thread__put(ir->last_thread);
			thread__put(ir->td.thread);
			free(ir);
		}
	free(th->idle);
	sched_reader__exit(&r);
	free(th->cpus);
	free(th);
	return ret;
}

/* ---- map ---- */

static const char *const map_usage[] = {
	"prof sched map [<options>]",
	NULL
};

#define COLOR_PIDS "\033[34m"		/* perf's PERF_COLOR_BLUE */
#define COLOR_CPUS "\033[41m"		/* PERF_COLOR_BG_RED */

struct map_rt {
	struct tdata td;
	char shortname[3];
	bool comm_changed;
};

struct schedmap {
	struct tmap map;
	struct thread *curr[SCHED_MAX_CPUS];	/* what each CPU runs: a reference */
	u64 last_switched[SCHED_MAX_CPUS];
	int max_cpu;
	bool compact;
	int comp_cpus[SCHED_MAX_CPUS];		/* --compact: CPUs in the order first seen */
	bool comp_seen[SCHED_MAX_CPUS];
	int nr_comp;
	struct cpu_map *cpus, *color_cpus;	/* --cpus, --color-cpus */
	struct name_list color_pids;		/* --color-pids */
	char next1, next2;
	bool color;				/* a terminal: colours on */
};

static struct map_rt *map_rt(struct schedmap *m, struct thread *t)
{
	struct map_rt *r = (struct map_rt *)tmap_find(&m->map, t);

	if (!r) {
		r = xcalloc(1, sizeof(*r));
		tmap_add(&m->map, &r->td, t);
	}
	return r;
}

/* perf's color_fprintf: @color around @s when colours are on */
static void map_put(const struct schedmap *m, const char *color, const char *s)
{
	if (m->color && color && *color)
		printf("%s%s\033[m", color, s);
	else
		fputs(s, stdout);
}

static bool map_pid_colored(const struct schedmap *m, const struct thread *t)
{
	return t && m->color_pids.nr && name_list__has_int(&m->color_pids, t->tid);
}

static int map_on_tp(struct sched_reader *rd, enum sched_tp tp, struct tep_event *fmt,
		     struct perf_sample *s)
{
	struct schedmap *m = rd->priv;
	int this_cpu = (int)s->cpu, cpus_nr;
	bool new_cpu = false, new_shortname = false;
	u64 next_pid = 0, t0, t = s->time;
	struct thread *sched_in;
	struct map_rt *tr;
	char buf[64];

	if (tp != TP_SWITCH)
		return 0;
	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "next_pid", &next_pid);
	if (this_cpu > m->max_cpu)
		m->max_cpu = this_cpu;
	if (m->compact) {
		cpus_nr = m->nr_comp;
		if (!m->comp_seen[this_cpu]) {
			m->comp_seen[this_cpu] = true;
			m->comp_cpus[m->nr_comp++] = this_cpu;
			cpus_nr++;
			new_cpu = true;
		}
	} else {
		cpus_nr = m->max_cpu;	/* perf's: the highest CPU's column is left out */
	}
	t0 = m->last_switched[this_cpu];
	m->last_switched[this_cpu] = t;
	if (t0 && t < t0)	/* perf's words */
		return error("hm, delta: %" PRIu64 " < 0 ?", t - t0);

	sched_in = machine__findnew_thread(rd->machine, -1, (pid_t)next_pid);
	tr = map_rt(m, sched_in);
	thread__put(m->curr[this_cpu]);
	m->curr[this_cpu] = thread__get(sched_in);
	printf("  ");
	if (!tr->shortname[0]) {
		if (!strcmp(thread__comm_str(sched_in), "swapper")) {
			tr->shortname[0] = '.';	/* the idle task gets no letter */
			tr->shortname[1] = ' ';
		} else {
			tr->shortname[0] = m->next1;
			tr->shortname[1] = m->next2;
			if (m->next1 < 'Z') {
				m->next1++;
			} else {
				m->next1 = 'A';
				m->next2 = m->next2 < '9' ? (char)(m->next2 + 1) : '0';
			}
		}
		new_shortname = true;
	}
	for (int i = 0; i < cpus_nr; i++) {
		int cpu = m->compact ? m->comp_cpus[i] : i;
		struct thread *curr = m->curr[cpu];
		const char *cpu_color = "";

		if (m->cpus && cpu_map__idx(m->cpus, cpu) < 0)
			continue;
		if (m->color_cpus && cpu_map__idx(m->color_cpus, cpu) >= 0)
			cpu_color = COLOR_CPUS;
		map_put(m, cpu == this_cpu ? cpu_color : "", cpu == this_cpu ? "*" : " ");
		if (curr) {
			snprintf(buf, sizeof(buf), "%2s ", map_rt(m, curr)->shortname);
			map_put(m, map_pid_colored(m, curr) ? COLOR_PIDS : "", buf);
		} else {
			fputs("   ", stdout);
		}
	}
	if (!m->cpus || cpu_map__idx(m->cpus, this_cpu) >= 0) {
		printf("  %12s secs ", usec_str(t, buf, sizeof(buf)));
		if (new_shortname || tr->comm_changed || (verbose > 0 && sched_in->tid)) {
			char who[64];

			snprintf(who, sizeof(who), "%s => %s:%d", tr->shortname,
				 thread__comm_str(sched_in), sched_in->tid);
			map_put(m, map_pid_colored(m, sched_in) ? COLOR_PIDS : "", who);
			tr->comm_changed = false;
		}
		if (m->compact && new_cpu)
			printf(" (CPU %d)", this_cpu);
	}
	printf("\n");
	return 0;
}

/* perf_sched__process_comm: the thread the COMM's sample names shows its new name */
static int map_on_comm(struct sched_reader *rd, struct perf_sample *s)
{
	struct thread *t = machine__find_thread(rd->machine, (pid_t)s->pid, (pid_t)s->tid);

	if (!t)
		return error("Internal error: can't find thread");	/* perf's words */
	map_rt(rd->priv, t)->comm_changed = true;
	return 0;
}

static int sched_map(int argc, const char **argv, struct sched_opts *o)
{
	struct schedmap *m = xcalloc(1, sizeof(*m));
	struct sched_reader r = { .on_tp = map_on_tp, .on_comm = map_on_comm, .priv = m };
	const char *cpus = NULL, *color_cpus = NULL, *color_pids = NULL;
	const struct option options[] = {
		OPT_STRING(0, "color-cpus", &color_cpus, "cpus", "highlight given CPUs in map"),
		OPT_STRING(0, "color-pids", &color_pids, "pids", "highlight given pids in map"),
		OPT_BOOLEAN(0, "compact", &m->compact, "map output in compact mode"),
		OPT_STRING(0, "cpus", &cpus, "cpus", "display given CPUs in map"),
		SCHED_PARENT_OPTIONS(o),
		OPT_END()
	};
	int ret = -1;

	argc = parse_options(argc, argv, options, map_usage, 0);
	if (argc)
		usage_with_options(map_usage, options);
	m->next1 = 'A';
	m->next2 = '0';
	m->max_cpu = (int)sysconf(_SC_NPROCESSORS_CONF);	/* perf's: this machine's */
	if (m->max_cpu >= SCHED_MAX_CPUS)
		m->max_cpu = SCHED_MAX_CPUS - 1;
	if (cpus && !(m->cpus = cpu_map__new(cpus))) {
		error("failed to get cpus map from %s", cpus);	/* perf's words */
		goto out;
	}
	if (color_pids) {
		name_list__parse(&m->color_pids, color_pids);
		for (size_t i = 0; i < m->color_pids.nr; i++) {
			char *end;

			strtol(m->color_pids.names[i], &end, 10);
			if (end == m->color_pids.names[i] || *end) {
				error("failed to get thread map from %s", color_pids);
				goto out;
			}
		}
	}
	if (color_cpus && !(m->color_cpus = cpu_map__new(color_cpus))) {
		error("failed to get thread map from %s", color_cpus);	/* perf's words */
		goto out;
	}
	setup_pager();
	m->color = isatty(STDOUT_FILENO) || pager_in_use();
	ret = sched_reader__run(&r, o);
	if (!ret)
		print_bad_events(&r);
out:
	for (int i = 0; i < SCHED_MAX_CPUS; i++)
		thread__put(m->curr[i]);
	tmap_exit(&m->map);
	name_list__exit(&m->color_pids);
	cpu_map__put(m->cpus);
	cpu_map__put(m->color_cpus);
	sched_reader__exit(&r);
	free(m);
	return ret;
}

/* ---- replay ---- */

static const char *const replay_usage[] = {
	"prof sched replay [<options>]",
	NULL
};

static int replay_on_tp(struct sched_reader *rd, enum sched_tp tp, struct tep_event *fmt,
			struct perf_sample *s)
{
	struct replay *rp = rd->priv;
	char comm[16], next_comm[16];
	u64 pid = 0, next_pid = 0;

	/* -v: perf prints its event's address (its evsel, here prof's) */
	if (verbose > 0 && (tp == TP_SWITCH || tp == TP_WAKEUP))
		printf("%s event %p\n", tp == TP_SWITCH ? "sched_switch" : "sched_wakeup",
		       (void *)s->evsel);
	if (tp == TP_SWITCH) {
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "prev_pid", &pid);
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "next_pid", &next_pid);
		trace_event__field_str(fmt, s->raw_data, s->raw_size, "prev_comm", comm, sizeof(comm));
		trace_event__field_str(fmt, s->raw_data, s->raw_size, "next_comm", next_comm,
				       sizeof(next_comm));
		return replay__switch(rp, s->cpu, s->time, (u32)pid, comm, (u32)next_pid, next_comm);
	}
	if (tp == TP_WAKEUP) {	/* sched_wakeup and sched_wakeup_new, as perf 6.1 */
		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "pid", &pid);
		trace_event__field_str(fmt, s->raw_data, s->raw_size, "comm", comm, sizeof(comm));
		replay__wakeup(rp, s->time, s->tid, (u32)pid, comm);
	}
	return 0;
}

/* perf's replay_fork_event: both threads as the machine now names them */
static int replay_on_fork(struct sched_reader *rd, const union perf_event *ev)
{
	struct thread *child = machine__findnew_thread(rd->machine, (pid_t)ev->fork.pid,
						       (pid_t)ev->fork.tid);
	struct thread *parent = machine__findnew_thread(rd->machine, (pid_t)ev->fork.ppid,
							(pid_t)ev->fork.ptid);

	replay__fork(rd->priv, (u32)parent->tid, thread__comm_str(parent), (u32)child->tid,
		     thread__comm_str(child));
	return 0;
}

/*
 * perf 6.1's perf sched replay: the clock's costs measured first, then
 * the file read into tasks of atoms (sched-replay.h), which run as
 * threads, --repeat times (default 10).
 */
static int sched_replay(int argc, const char **argv, struct sched_opts *o)
{
	unsigned int repeat = 10;
	const struct option options[] = {
		OPT_UINTEGER('r', "repeat", &repeat, "repeat the workload replay N times (-1: infinite)"),
		SCHED_PARENT_OPTIONS(o),
		OPT_END()
	};
	struct replay *rp;
	struct sched_reader r = { .on_tp = replay_on_tp, .on_fork = replay_on_fork };
	int ret;

	if (argc > 1) {
		argc = parse_options(argc, argv, options, replay_usage, 0);
		if (argc)
			usage_with_options(replay_usage, options);
	}
	rp = replay__new(verbose > 0);
	r.priv = rp;
	replay__calibrate(rp);
	fflush(stdout);
	ret = sched_reader__run(&r, o);
	if (!ret)
		ret = replay__run(rp, repeat);
	sched_reader__exit(&r);
	replay__delete(rp);
	return ret;
}

/* ---- the command ---- */

int cmd_sched(int argc, const char **argv)
{
	struct sched_opts o = { .input = NULL };
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('D', "dump-raw-trace", &o.dump, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_END()
	};
	int ret;

	argc = parse_options(argc, argv, options, sched_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (!argc)
		usage_with_options(sched_usage, options);
	if (!strcmp(argv[0], "script"))	/* perf's -D is script's then */
		return script__subcommand(o.input, o.dump, argc, argv);
	if (subcommand_is(argv[0], "record"))
		return sched_record(argc, argv);
	if (!o.input) {
		struct stat st;

		o.input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
	}
	if (subcommand_is(argv[0], "latency")) {
		ret = sched_latency(argc, argv, &o);
		return ret;
	}
	if (!strcmp(argv[0], "timehist"))
		return sched_timehist(argc, argv, &o);
	if (!strcmp(argv[0], "map"))
		return sched_map(argc, argv, &o);
	if (!strncmp(argv[0], "rep", 3))	/* perf takes any word starting so */
		return sched_replay(argc, argv, &o);
	usage_with_options(sched_usage, options);
}
