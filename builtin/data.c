// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof data convert --to-json: a perf.data file as perf 6.1's JSON
 * ("linux-perf-json-version": 1): the header's facts, then every sample
 * with its time, thread, command and call chain (address, symbol and
 * shared object of each frame), tab-indented as perf writes it. CTF
 * output needs babeltrace, which prof does not use: --to-ctf is refused.
 *
 * prof's own formats, for the viewers people open profiles in: --to-pprof
 * (pprof's gzip'd profile.proto, pprof.h), --to-speedscope (speedscope's
 * JSON, speedscope.h), --to-chrome-trace (the Trace Event Format of
 * Chrome's trace viewer and Perfetto, chrome-trace.h), --to-firefox (the
 * Firefox Profiler's Gecko format, firefox-profile.h; gzip'd when its name
 * ends in .gz). Their samples and stacks come
 * from the resolved-sample path report and script use, filtered by -e,
 * --time, --pid, --tid and --comms as script filters them.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/stats-print.h"
#include "prof/resolved-sample.h"
#include "prof/hist-filter.h"
#include "prof/time-range.h"
#include "prof/thread.h"
#include "prof/pprof.h"
#include "prof/speedscope.h"
#include "prof/chrome-trace.h"
#include "prof/firefox-profile.h"
#include "prof/protobuf.h"
#include "prof/off-cpu.h"
#include "prof/trace-event.h"
#include "builtin.h"
#include <sys/stat.h>
#include <stdarg.h>
#include <time.h>

static const char *const convert_usage[] = {
	"prof data convert [<options>]",
	NULL
};

struct convert {
	const char *input, *to_json, *to_ctf;
	bool force, all, tod;
	FILE *out;
	struct session *session;
	struct machine *machine;
	bool first;
	u64 nr_samples;
	/* prof's formats: the output, its name and what writes it */
	const char *to_pprof, *to_speedscope, *to_chrome_trace, *to_firefox;
	const char *output, *format;
	void (*add)(struct convert *c, const struct perf_sample *sample,
		    const struct resolved_sample *rs, int nr);
	int (*finish)(struct convert *c);
	/* every sample of the file, before the filters (NULL: none) */
	void (*observe)(struct convert *c, const struct perf_sample *sample);
	/* the samples converted: -e, --time, --pid, --tid, --comms */
	const char *event, *time_str;
	struct session_evsel *only;
	struct time_range *ranges;
	int nr_ranges;
	struct hist_filter filter;
	struct sample_resolver *resolver;
	u64 first_time, last_time, nr_filtered;
	int nr_values;			/* samples, then one column per event */
	s64 *values;
	struct pprof *pprof;
	struct speedscope *speedscope;
	/*
	 * chrome trace, firefox: the events whose samples are intervals, and
	 * the CPUs' last switch
	 */
	struct chrome_trace *chrome;
	struct firefox_profile *firefox;
	bool timeline_known;
	const struct session_evsel *sched_switch, *offcpu;
	struct cpu_run {		/* per CPU: the task its last switch switched in */
		u64 time;		/* 0: no switch yet */
		u64 pid;
	} *cpu_run;
	size_t nr_cpus;
	u64 switch_start;		/* this switch-out's switch-in, 0: not known */
	u64 nr_unpaired;		/* switch-outs whose switch-in was not recorded */
	u64 nr_untimed;			/* offcpu-time samples without a time */
};

/* JSON strings as perf escapes them (RFC 8259's required escapes). */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		switch (*s) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if ((unsigned char)*s <= 0x1f)
				fprintf(out, "\\u%04x", *s);
			else
				fputc(*s, out);
			break;
		}
	}
	fputc('"', out);
}

/* A new line at @depth tabs, after a comma when @comma. */
static void json_line(FILE *out, bool comma, int depth)
{
	if (comma)
		fputc(',', out);
	fputc('\n', out);
	while (depth-- > 0)
		fputc('\t', out);
}

static void json_format(FILE *out, bool comma, int depth, const char *fmt, ...) __printf(4, 5);
static void json_format(FILE *out, bool comma, int depth, const char *fmt, ...)
{
	va_list ap;

	json_line(out, comma, depth);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

static void json_key_format(FILE *out, bool comma, int depth, const char *key,
			    const char *fmt, ...) __printf(5, 6);
static void json_key_format(FILE *out, bool comma, int depth, const char *key,
			    const char *fmt, ...)
{
	va_list ap;

	json_line(out, comma, depth);
	json_string(out, key);
	fputs(": ", out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

static void json_key_string(FILE *out, bool comma, int depth, const char *key, const char *val)
{
	json_line(out, comma, depth);
	json_string(out, key);
	fputs(": ", out);
	json_string(out, val ? val : "");
}

/* One frame: its address and, when a symbol holds it, symbol and DSO. */
static void json_frame(struct convert *c, bool comma, u64 ip, const struct addr_location *al)
{
	FILE *out = c->out;

	json_format(out, comma, 4, "{");
	json_key_format(out, false, 5, "ip", "\"0x%" PRIx64 "\"", ip);
	if (al && al->sym && al->sym->name[0]) {
		fputc(',', out);
		json_key_string(out, false, 5, "symbol", al->sym->name);
		if (al->map && al->dso && al->dso->short_name[0]) {
			fputc(',', out);
			json_key_string(out, false, 5, "dso", al->dso->short_name);
		}
	}
	json_format(out, false, 4, "}");
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct convert *c = session__tool_priv(s);
	struct addr_location al;
	FILE *out = c->out;
	pid_t pid, tid;

	(void)ev;
	if (!sample->evsel)
		return 0;
	machine__jit_advance(c->machine, sample->time);
	machine__resolve(c->machine, sample->cpumode, (pid_t)sample->pid, (pid_t)sample->tid,
			 sample->ip, &al);
	pid = al.thread ? al.thread->pid : (pid_t)sample->pid;
	tid = al.thread ? al.thread->tid : (pid_t)sample->tid;
	if (!c->first)
		fputc(',', out);
	c->first = false;
	json_format(out, false, 2, "{");
	json_key_format(out, false, 3, "timestamp", "%" PRIi64, (s64)sample->time);
	json_key_format(out, true, 3, "pid", "%i", (int)pid);
	json_key_format(out, true, 3, "tid", "%i", (int)tid);
	if (sample->evsel->attr.sample_type & PERF_SAMPLE_CPU)
		json_key_format(out, true, 3, "cpu", "%i", (int)sample->cpu);
	json_key_string(out, true, 3, "comm", al.thread ? thread__comm_str(al.thread) : "");
	json_key_format(out, true, 3, "callchain", "[");
	if (sample->callchain) {
		u8 cpumode = PROF_CPUMODE_USER;
		bool first = true;

		for (u64 i = 0; i < sample->callchain_nr; i++) {
			u64 ip = sample->callchain[i];
			struct addr_location fal;

			if (ip >= PROF_CONTEXT_MAX) {
				if (ip == PROF_CONTEXT_HV)
					cpumode = PROF_CPUMODE_HYPERVISOR;
				else if (ip == PROF_CONTEXT_KERNEL)
					cpumode = PROF_CPUMODE_KERNEL;
				else if (ip == PROF_CONTEXT_USER)
					cpumode = PROF_CPUMODE_USER;
				continue;
			}
			machine__resolve(c->machine, cpumode, pid, tid, ip, &fal);
			json_frame(c, !first, ip, &fal);
			addr_location__exit(&fal);
			first = false;
		}
	} else {
		json_frame(c, false, sample->ip, &al);
	}
	json_format(out, false, 3, "]");
	json_format(out, false, 2, "}");
	addr_location__exit(&al);
	c->nr_samples++;
	return 0;
}

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct convert *c = session__tool_priv(s);

	machine__jit_advance(c->machine, sample->time);
	return machine__process_event(c->machine, ev);
}

static void json_headers(struct convert *c)
{
	const struct perf_file_header *fh = session__file_header(c->session);
	const struct perf_header *h = session__header(c->session);
	FILE *out = c->out;
	struct stat st;
	char buf[64];

	json_key_format(out, false, 2, "header-version", "%u", 1u);
	/* perf: the file's modification time */
	if (!stat(c->input, &st) &&
	    strftime(buf, sizeof(buf), "%FT%TZ", gmtime(&st.st_mtime)))
		json_key_string(out, true, 2, "captured-on", buf);
	json_key_format(out, true, 2, "data-offset", "%" PRIu64, fh ? fh->data.offset : 0);
	json_key_format(out, true, 2, "data-size", "%" PRIu64, fh ? fh->data.size : 0);
	json_key_format(out, true, 2, "feat-offset", "%" PRIu64,
			fh ? fh->data.offset + fh->data.size : 0);
	json_key_string(out, true, 2, "hostname", h->hostname);
	json_key_string(out, true, 2, "os-release", h->osrelease);
	json_key_string(out, true, 2, "arch", h->arch);
	json_key_string(out, true, 2, "cpu-desc", h->cpudesc);
	json_key_string(out, true, 2, "cpuid", h->cpuid);
	json_key_format(out, true, 2, "nrcpus-online", "%u", h->nr_cpus_online);
	json_key_format(out, true, 2, "nrcpus-avail", "%u", h->nr_cpus_avail);
	if (perf_header__has_feat(h, HEADER_CLOCK_DATA)) {
		json_key_format(out, true, 2, "clockid", "%u", h->clock_data_clockid);
		json_key_format(out, true, 2, "clock-time", "%" PRIu64, h->clock_clockid_ns);
		json_key_format(out, true, 2, "real-time", "%" PRIu64, h->clock_tod_ns);
	}
	json_key_string(out, true, 2, "perf-version", h->version);
	json_key_format(out, true, 2, "cmdline", "[");
	for (u32 i = 0; i < h->nr_cmdline; i++) {
		json_line(out, i != 0, 3);
		json_string(out, h->cmdline[i]);
	}
	json_format(out, false, 2, "]");
}

/* perf's closing lines: what was written, how big, how many samples. */
static void converted(struct convert *c, const char *format, const char *path)
{
	struct stat st;

	fprintf(stderr, "[ perf data convert: Converted '%s' into %s data '%s' ]\n",
		c->input, format, path);
	fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%" PRIu64
		" samples) ]\n", stat(path, &st) ? 0.0 : (double)st.st_size / 1024 / 1024,
		c->nr_samples);
}

static int convert_json(struct convert *c)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = c,
	};
	int ret;

	c->out = fopen(c->to_json, "w");
	if (!c->out)
		return error("failed to open %s: %s", c->to_json, strerror(errno));
	c->machine = machine__new_host();
	machine__process_header(c->machine, session__header(c->session));
	c->first = true;
	fputc('{', c->out);
	json_key_format(c->out, false, 1, "linux-perf-json-version", "1");
	json_key_format(c->out, true, 1, "headers", "{");
	json_headers(c);
	json_format(c->out, false, 1, "}");
	json_key_format(c->out, true, 1, "samples", "[");
	session__show_progress(c->session, "Converting");
	ret = session__process_events(c->session, &tool);
	if (ret >= 0)
		stats__warn_lost(c->session, false, stderr);
	json_format(c->out, false, 1, "]");
	json_format(c->out, false, 0, "}");
	fputc('\n', c->out);
	if (fclose(c->out)) {
		c->out = NULL;
		return error("failed to write %s: %s", c->to_json, strerror(errno));
	}
	c->out = NULL;
	if (ret < 0) {
		const char *msg = session__strerror(c->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	converted(c, "JSON", c->to_json);
	return 0;
}

/* ---- prof's formats: pprof, speedscope ---- */

/* The unit of an event's period: the clocks count nanoseconds. */
static const char *period_unit(const struct session_evsel *e)
{
	if (e->attr.type == PERF_TYPE_SOFTWARE &&
	    (e->attr.config == PERF_COUNT_SW_CPU_CLOCK || e->attr.config == PERF_COUNT_SW_TASK_CLOCK))
		return "nanoseconds";
	return "count";
}

/* The value column of @e's period: 1 + its index, or 1 for -e's event. */
static int event_column(const struct convert *c, const struct session_evsel *e)
{
	return c->only ? 1 : 1 + e->idx;
}

/* The columns, once the events are known (a pipe's come before its samples). */
static void pprof_start(struct convert *c)
{
	struct session *s = c->session;
	int n = session__nr_evsels(s);

	c->nr_values = 1 + (c->only ? 1 : n);
	c->values = xcalloc((size_t)c->nr_values, sizeof(*c->values));
	c->pprof = pprof__new(c->nr_values);
	pprof__value_type(c->pprof, 0, "samples", "count");
	for (int i = 0; i < n; i++) {
		struct session_evsel *e = session__evsel(s, i);

		if (c->only && e != c->only)
			continue;
		pprof__value_type(c->pprof, event_column(c, e), session_evsel__name(e),
				  period_unit(e));
	}
	pprof__default_value(c->pprof, 1);
	for (int i = 0; i < n; i++) {
		struct session_evsel *e = session__evsel(s, i);

		if (c->only && e != c->only)
			continue;
		/* the first event's: its fixed period, 0 when sampled at a frequency */
		pprof__period(c->pprof, session_evsel__name(e), period_unit(e),
			      e->attr.freq ? 0 : (s64)e->attr.sample_period);
		break;
	}
}

static void pprof_sample(struct convert *c, const struct perf_sample *sample,
			 const struct resolved_sample *rs, int nr)
{
	struct thread *t = rs->al.thread;
	struct thread *leader = t ? machine__find_thread(c->machine, t->pid, t->pid) : NULL;
	struct pprof_labels l = {
		.pid = t ? t->pid : (pid_t)sample->pid,
		.tid = t ? t->tid : (pid_t)sample->tid,
		.comm = leader ? thread__comm_str(leader) : t ? thread__comm_str(t) : NULL,
		.thread_comm = t ? thread__comm_str(t) : NULL,
	};
	int col = event_column(c, sample->evsel);

	if (!c->pprof)
		pprof_start(c);
	if (col >= c->nr_values)
		return;	/* an event that came after the first sample */
	c->values[0] = 1;
	/* the period report and script give it: recorded, else the event's -c period */
	c->values[col] = sample->period ? (s64)sample->period : 1;
	pprof__add(c->pprof, rs, nr, &l, c->values);
	c->values[col] = 0;
}

static int profile_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct convert *c = session__tool_priv(s);
	struct resolved_sample rs;
	struct thread *t;
	int nr = 0;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	if (c->observe)
		c->observe(c, sample);
	if (c->only && sample->evsel != c->only)
		return 0;
	if (time_ranges__skip(c->ranges, c->nr_ranges, sample->time)) {
		c->nr_filtered++;
		return 0;
	}
	resolved_sample__resolve(c->resolver, sample, &rs);
	t = rs.al.thread;
	if (hist_filter__rejects(&c->filter, t ? thread__comm_str(t) : "",
				 t ? t->pid : (pid_t)sample->pid, (pid_t)sample->tid, NULL, NULL)) {
		c->nr_filtered++;
		goto out;
	}
	if (sample->evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN ||
	    sample->evsel->attr.sample_type & PERF_SAMPLE_STACK_USER)
		nr = resolved_sample__chain(c->resolver, sample, &rs, NULL);
	if (!c->nr_samples || sample->time < c->first_time)
		c->first_time = sample->time;
	if (sample->time > c->last_time)
		c->last_time = sample->time;
	c->nr_samples++;
	c->add(c, sample, &rs, nr);
out:
	resolved_sample__exit(&rs);
	return 0;
}

/*
 * pprof's time_nanos: the first sample's wall-clock time, from the file's
 * clock data (record -k); else the file's modification time, when the
 * recording ended, less the samples' span.
 */
static s64 wall_clock(struct convert *c, u64 t)
{
	const struct perf_header *h = session__header(c->session);
	struct stat st;

	if (!t)
		return 0;
	if (perf_header__has_feat(h, HEADER_CLOCK_DATA) && h->clock_tod_ns)
		return (s64)(h->clock_tod_ns + t - h->clock_clockid_ns);
	if (session__is_pipe(c->session) || stat(c->input, &st))
		return 0;
	return (s64)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec -
	       (s64)(c->last_time - c->first_time);
}

static int pprof_finish(struct convert *c)
{
	char comment[256];

	if (!c->pprof)
		pprof_start(c);
	pprof__times(c->pprof, wall_clock(c, c->first_time),
		     (s64)(c->last_time - c->first_time));
	snprintf(comment, sizeof(comment), "prof data convert --to-pprof of %s", c->input);
	pprof__comment(c->pprof, comment);
	return pprof__write(c->pprof, c->out);
}

/* speedscope: one profile per thread and event, weighted by the period */
static void speedscope_sample(struct convert *c, const struct perf_sample *sample,
			      const struct resolved_sample *rs, int nr)
{
	struct session_evsel *e = sample->evsel;
	struct thread *t = rs->al.thread;
	u64 weight = sample->period ? sample->period : 1;	/* recorded or -c's */

	if (!c->speedscope)
		c->speedscope = speedscope__new();
	speedscope__add(c->speedscope, rs, nr, t ? t->pid : (pid_t)sample->pid,
			t ? t->tid : (pid_t)sample->tid, t ? thread__comm_str(t) : NULL,
			session_evsel__name(e),
			!strcmp(period_unit(e), "nanoseconds") ? "nanoseconds" : "none", weight);
}

static int speedscope_finish(struct convert *c)
{
	int n = 0;

	if (!c->speedscope)
		c->speedscope = speedscope__new();
	for (int i = 0; i < session__nr_evsels(c->session); i++)
		n += !c->only || session__evsel(c->session, i) == c->only;
	return speedscope__write(c->speedscope, c->out, c->input, n > 1);
}

/*
 * Chrome trace: sched:sched_switch samples (prof sched record, record -a
 * -e sched:sched_switch) are the threads' running intervals, from the
 * CPU's switch before, which switched the thread in (its next_pid), to the
 * thread's switch-out, as perf sched timehist counts run time; the idle
 * task's are left out. A switch-out whose switch-in is not in the file
 * (the first on its CPU, a per-task recording, a switch missing) has none.
 * offcpu-time samples (record --off-cpu) are the blocked intervals, their
 * period in nanoseconds ending at their time. Other samples are instants.
 */
static void timeline_setup(struct convert *c)
{
	if (c->timeline_known)
		return;
	c->timeline_known = true;
	for (int i = 0; i < session__nr_evsels(c->session); i++) {
		struct session_evsel *e = session__evsel(c->session, i);

		if (e->tp_name && !strcmp(e->tp_name, "sched:sched_switch") && e->tp_format &&
		    (e->attr.sample_type & PERF_SAMPLE_RAW) && (e->attr.sample_type & PERF_SAMPLE_CPU))
			c->sched_switch = e;
		else if (!strcmp(session_evsel__name(e), OFFCPU_EVENT) &&
			 (e->attr.sample_type & PERF_SAMPLE_PERIOD))
			c->offcpu = e;
	}
}

/* a sched_switch sample: the switch-in of the task it switches out (c->switch_start) */
static void timeline_observe(struct convert *c, const struct perf_sample *sample)
{
	size_t cpu = sample->cpu;
	u64 prev_pid = 0, next_pid = 0;
	struct cpu_run *r;

	timeline_setup(c);
	if (!c->sched_switch || sample->evsel != c->sched_switch)
		return;
	if (cpu >= c->nr_cpus) {
		size_t n = cpu + 1 > 2 * c->nr_cpus ? cpu + 1 : 2 * c->nr_cpus;

		c->cpu_run = xrealloc(c->cpu_run, n * sizeof(*c->cpu_run));
		memset(c->cpu_run + c->nr_cpus, 0, (n - c->nr_cpus) * sizeof(*c->cpu_run));
		c->nr_cpus = n;
	}
	r = &c->cpu_run[cpu];
	trace_event__field_u64(c->sched_switch->tp_format, sample->raw_data, sample->raw_size,
			       "prev_pid", &prev_pid);
	trace_event__field_u64(c->sched_switch->tp_format, sample->raw_data, sample->raw_size,
			       "next_pid", &next_pid);
	c->switch_start = 0;
	if (r->time && r->pid == prev_pid)
		c->switch_start = r->time;
	else if (r->time && prev_pid)
		c->nr_unpaired++;
	r->time = sample->time;
	r->pid = next_pid;
}

static void chrome_observe(struct convert *c, const struct perf_sample *sample)
{
	if (!c->chrome)
		c->chrome = chrome_trace__new(c->out);
	timeline_observe(c, sample);
}

/* sched_switch's prev_state as perf sched timehist -s shows it: its lowest bit's letter */
static const char *switch_state(u64 state)
{
	static const char *const states[] = { "R", "S", "D", "T", "t", "Z", "X", "x", "K", "W", "P" };
	unsigned int bit = state ? (unsigned int)__builtin_ffsll((long long)state) : 0;

	return bit < ARRAY_SIZE(states) ? states[bit] : "?";
}

static void chrome_sample(struct convert *c, const struct perf_sample *sample,
			  const struct resolved_sample *rs, int nr)
{
	struct session_evsel *e = sample->evsel;
	struct thread *t = rs->al.thread;
	struct thread *leader = t ? machine__find_thread(c->machine, t->pid, t->pid) : NULL;
	struct chrome_trace_where w = {
		.pid = t ? t->pid : (pid_t)sample->pid,
		.tid = t ? t->tid : (pid_t)sample->tid,
		.comm = t ? thread__comm_str(t) : NULL,
		.process_comm = leader ? thread__comm_str(leader) : NULL,
		.rs = rs, .nr = nr,
		.cpu = (e->attr.sample_type & PERF_SAMPLE_CPU) ? (s64)sample->cpu : -1,
	};
	u64 period = (e->attr.sample_type & PERF_SAMPLE_PERIOD) ? sample->period : 1;

	if (e == c->sched_switch) {
		u64 prev_pid = 0, state = 0;
		char comm[16];

		trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size,
				       "prev_pid", &prev_pid);
		trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size,
				       "prev_state", &state);
		if (!prev_pid || !c->switch_start)
			return;	/* the idle task; a switch-in not recorded */
		if (!w.comm)
			w.comm = trace_event__field_str(e->tp_format, sample->raw_data,
							sample->raw_size, "prev_comm", comm,
							sizeof(comm));
		w.rs = NULL;	/* the running interval has no one stack */
		chrome_trace__complete(c->chrome, &w, "running", "sched", c->switch_start,
				       sample->time - c->switch_start, switch_state(state));
	} else if (e == c->offcpu) {
		if (sample->time >= OFFCPU_TIMESTAMP || period > sample->time) {
			c->nr_untimed++;	/* a sum of short blocks: when is not known */
			return;
		}
		chrome_trace__complete(c->chrome, &w, "off-cpu", "off-cpu", sample->time - period,
				       period, NULL);
	} else {
		chrome_trace__instant(c->chrome, &w, session_evsel__name(e), "sample",
				      sample->time, period);
	}
}

static void timeline_warnings(struct convert *c)
{
	if (c->nr_unpaired)
		warning("%" PRIu64 " sched_switch samples switch out a task whose switch-in is not"
			" in the file: no running interval for them (record every CPU, -a, as"
			" prof sched record does)", c->nr_unpaired);
	if (c->nr_untimed)
		warning("%" PRIu64 " offcpu-time samples sum blocks shorter than --off-cpu-thresh"
			" and have no time: not in the trace (record with --off-cpu-thresh 0"
			" for every block)", c->nr_untimed);
}

static int chrome_finish(struct convert *c)
{
	if (!c->chrome)
		c->chrome = chrome_trace__new(c->out);
	timeline_setup(c);
	timeline_warnings(c);
	return chrome_trace__finish(c->chrome, c->input);
}

/*
 * Firefox Profiler: samples are the threads' samples; offcpu-time samples
 * (record --off-cpu) are "Off-CPU" interval markers, their stack the
 * marker's cause, as the chrome trace's blocks; a sched_switch sample is
 * a "Running" interval marker on the thread it switches out, from its
 * switch-in as in the chrome trace, or a "Switched out" instant marker
 * when its switch-in is not in the file (the idle task's are left out),
 * its stack where the thread was switched out.
 */
static void firefox_sample(struct convert *c, const struct perf_sample *sample,
			   const struct resolved_sample *rs, int nr)
{
	struct session_evsel *e = sample->evsel;
	struct thread *t = rs->al.thread;
	struct thread *leader = t ? machine__find_thread(c->machine, t->pid, t->pid) : NULL;
	struct firefox_where w = {
		.pid = t ? t->pid : (pid_t)sample->pid,
		.tid = t ? t->tid : (pid_t)sample->tid,
		.comm = t ? thread__comm_str(t) : NULL,
		.process_comm = leader ? thread__comm_str(leader) : NULL,
		.rs = rs, .nr = nr,
	};
	struct firefox_marker m = {
		.cpu = (e->attr.sample_type & PERF_SAMPLE_CPU) ? (s64)sample->cpu : -1,
		.end_ns = sample->time,
	};
	u64 period = (e->attr.sample_type & PERF_SAMPLE_PERIOD) ? sample->period : 1;

	if (!c->firefox)
		c->firefox = firefox_profile__new();
	if (e == c->sched_switch) {
		u64 prev_pid = 0, state = 0, next_pid = 0;
		char comm[16], next_comm[16];

		trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size,
				       "prev_pid", &prev_pid);
		trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size,
				       "prev_state", &state);
		trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size,
				       "next_pid", &next_pid);
		if (!prev_pid)
			return;	/* the idle task */
		if (!w.comm)
			w.comm = trace_event__field_str(e->tp_format, sample->raw_data,
							sample->raw_size, "prev_comm", comm,
							sizeof(comm));
		m.type = FIREFOX_MARKER_SCHED;
		m.state = switch_state(state);
		m.next_comm = trace_event__field_str(e->tp_format, sample->raw_data,
						     sample->raw_size, "next_comm", next_comm,
						     sizeof(next_comm));
		m.next_pid = (s64)next_pid;
		if (c->switch_start) {
			m.name = "Running";
			m.interval = true;
			m.start_ns = c->switch_start;
		} else {
			m.name = "Switched out";
		}
		firefox_profile__marker(c->firefox, &w, &m);
	} else if (e == c->offcpu) {
		if (sample->time >= OFFCPU_TIMESTAMP || period > sample->time) {
			c->nr_untimed++;	/* a sum of short blocks: when is not known */
			return;
		}
		m.type = FIREFOX_MARKER_OFFCPU;
		m.name = "Off-CPU";
		m.interval = true;
		m.start_ns = sample->time - period;
		firefox_profile__marker(c->firefox, &w, &m);
	} else {
		firefox_profile__sample(c->firefox, &w, sample->time);
	}
}

/*
 * The Firefox Profiler's sampling interval: the first sampled event's,
 * from its frequency or its fixed period (the clocks' in nanoseconds);
 * 1 ms when neither says.
 */
static double firefox_interval(struct convert *c)
{
	for (int i = 0; i < session__nr_evsels(c->session); i++) {
		struct session_evsel *e = session__evsel(c->session, i);

		if ((c->only && e != c->only) || e == c->sched_switch || e == c->offcpu)
			continue;
		if (e->attr.freq && e->attr.sample_freq)
			return 1000.0 / (double)e->attr.sample_freq;
		if (!e->attr.freq && e->attr.sample_period &&
		    !strcmp(period_unit(e), "nanoseconds"))
			return (double)e->attr.sample_period / 1e6;
		break;
	}
	return 1.0;
}

static int firefox_finish(struct convert *c)
{
	char product[256];
	FILE *out = c->out;
	s64 wall;
	int ret;

	if (!c->firefox)
		c->firefox = firefox_profile__new();
	timeline_setup(c);
	timeline_warnings(c);
	wall = wall_clock(c, firefox_profile__start(c->firefox));
	snprintf(product, sizeof(product), "prof %s", c->input);
	if (strends(c->output, ".gz")) {
		/* fast: the JSON is large and repetitive, level 1 packs it 3:1 already */
		out = gzip_fopen(c->out, 1);
		if (!out)
			return -1;
	}
	ret = firefox_profile__write(c->firefox, out, firefox_interval(c), (double)wall / 1e6,
				     product);
	if (out != c->out && fclose(out))
		ret = -1;
	return ret;
}

static int convert_profile(struct convert *c)
{
	struct tool tool = {
		.sample = profile_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = c,
	};
	const struct perf_header *h = session__header(c->session);
	int ret;

	if (c->event) {
		for (int i = 0; i < session__nr_evsels(c->session) && !c->only; i++)
			if (!strcmp(session_evsel__name(session__evsel(c->session, i)), c->event))
				c->only = session__evsel(c->session, i);
		if (!c->only)
			return error("event '%s' is not in %s", c->event, c->input);
	}
	if (c->time_str) {
		ret = time_ranges__parse(c->time_str, h->first_sample_time, h->last_sample_time,
					 &c->ranges, &c->nr_ranges);
		if (ret) {
			fputs(time_ranges__strerror(ret), stderr);
			return -1;
		}
	}
	c->out = fopen(c->output, "w");
	if (!c->out)
		return error("failed to open %s: %s", c->output, strerror(errno));
	c->machine = machine__new_host();
	machine__process_header(c->machine, h);
	/* perf script's frames: at most 127, inlined functions shown */
	c->resolver = sample_resolver__new(c->machine, &(struct resolve_param){
		.max_stack = 127,
		.inline_names = true,
	});
	session__show_progress(c->session, "Converting");
	ret = session__process_events(c->session, &tool);
	if (ret >= 0) {
		stats__warn_lost(c->session, false, stderr);
		if (!c->nr_samples && c->nr_filtered)
			warning("the filters left none of the %" PRIu64 " samples", c->nr_filtered);
		if (c->finish(c))
			ret = error("failed to write %s: %s", c->output, strerror(errno));
	} else {
		const char *msg = session__strerror(c->session);

		ret = error("%s", *msg ? msg : strerror(-ret));
	}
	if (fclose(c->out) && ret >= 0)
		ret = error("failed to write %s: %s", c->output, strerror(errno));
	c->out = NULL;
	sample_resolver__delete(c->resolver);
	if (ret < 0) {
		unlink(c->output);	/* no half a profile */
		return -1;
	}
	converted(c, c->format, c->output);
	return 0;
}

static int cmd_data_convert(int argc, const char **argv)
{
	struct convert c = { .input = "perf.data" };
	const char *comms = NULL, *pids = NULL, *tids = NULL;
	char *errmsg = NULL;
	int ret, nr_formats;
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_STRING('i', "input", &c.input, "file", "input file name"),
		OPT_STRING(0, "to-json", &c.to_json, NULL, "Convert to JSON format"),
		OPT_STRING(0, "to-pprof", &c.to_pprof, "file",
			   "Convert to pprof's format (gzip'd profile.proto)"),
		OPT_STRING(0, "to-speedscope", &c.to_speedscope, "file",
			   "Convert to speedscope's JSON format"),
		OPT_STRING(0, "to-chrome-trace", &c.to_chrome_trace, "file",
			   "Convert to the Trace Event Format (Chrome's trace viewer, Perfetto)"),
		OPT_STRING(0, "to-firefox", &c.to_firefox, "file",
			   "Convert to the Firefox Profiler's Gecko format (gzip'd when the name ends in .gz)"),
		OPT_STRING('e', "event", &c.event, "event",
			   "only this event's samples (not --to-json)"),
		OPT_STRING(0, "time", &c.time_str, "str",
			   "only samples of these time ranges (not --to-json)"),
		OPT_STRING(0, "pid", &pids, "pid[,pid...]", "only these processes' samples (not --to-json)"),
		OPT_STRING(0, "tid", &tids, "tid[,tid...]", "only these threads' samples (not --to-json)"),
		OPT_STRING(0, "comms", &comms, "comm[,comm...]",
			   "only samples of these commands (not --to-json)"),
		OPT_STRING(0, "to-ctf", &c.to_ctf, NULL,
			   "Convert to CTF format: not supported (needs babeltrace), refused"),
		OPT_BOOLEAN(0, "tod", &c.tod, "Convert time to wall clock time: CTF only, refused"),
		OPT_BOOLEAN(0, "all", &c.all, "Convert all events: CTF only, refused"),
		OPT_BOOLEAN('f', "force", &c.force, "don't complain, do it"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, convert_usage, 0);
	if (argc)
		usage_with_options(convert_usage, options);
	if (c.to_ctf || c.all || c.tod) {
		error("%s: CTF output is not supported by prof (it needs babeltrace); "
		      "use --to-json", c.to_ctf ? "--to-ctf" : c.all ? "--all" : "--tod");
		return -1;
	}
	nr_formats = !!c.to_json + !!c.to_pprof + !!c.to_speedscope + !!c.to_chrome_trace +
		     !!c.to_firefox;
	if (!nr_formats) {
		/* perf's words */
		fputs("You must specify one of --to-ctf or --to-json.\n", stderr);
		return -1;
	}
	if (nr_formats > 1) {
		error("--to-json, --to-pprof, --to-speedscope, --to-chrome-trace, --to-firefox: one"
		      " output format at a time");
		return -1;
	}
	if (c.to_json && (c.event || c.time_str || comms || pids || tids)) {
		error("-e, --time, --pid, --tid and --comms select the samples of --to-pprof,"
		      " --to-speedscope, --to-chrome-trace and --to-firefox; --to-json converts them"
		      " all, as perf");
		return -1;
	}
	if (c.to_pprof) {
		c.output = c.to_pprof;
		c.format = "pprof";
		c.add = pprof_sample;
		c.finish = pprof_finish;
	} else if (c.to_speedscope) {
		c.output = c.to_speedscope;
		c.format = "speedscope";
		c.add = speedscope_sample;
		c.finish = speedscope_finish;
	} else if (c.to_chrome_trace) {
		c.output = c.to_chrome_trace;
		c.format = "chrome trace";
		c.add = chrome_sample;
		c.finish = chrome_finish;
		c.observe = chrome_observe;
	} else if (c.to_firefox) {
		c.output = c.to_firefox;
		c.format = "firefox";
		c.add = firefox_sample;
		c.finish = firefox_finish;
		c.observe = timeline_observe;
	} else {
		c.output = c.to_json;
	}
	if (!c.force && !access(c.output, F_OK)) {
		/* perf's words */
		fputs("Output file exists. Use --force to overwrite it.\n", stderr);
		return -1;
	}
	ret = session__open_input(&c.session, c.input, c.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, c.input, errmsg);
		free(errmsg);
		return -1;
	}
	name_list__parse(&c.filter.comms, comms);
	name_list__parse(&c.filter.pids, pids);
	name_list__parse(&c.filter.tids, tids);
	if (c.to_json)
		ret = convert_json(&c);
	else
		ret = convert_profile(&c);
	hist_filter__exit(&c.filter);
	free(c.ranges);
	free(c.values);
	pprof__delete(c.pprof);
	speedscope__delete(c.speedscope);
	chrome_trace__delete(c.chrome);
	firefox_profile__delete(c.firefox);
	free(c.cpu_run);
	machine__delete(c.machine);
	session__delete(c.session);
	return ret < 0 ? -1 : 0;
}

/*
 * perf data has one command, convert: its usage and options are the
 * answer to "prof data", "prof data -h" and an unknown command.
 */
int cmd_data(int argc, const char **argv)
{
	const char *help[] = { "convert", "-h", NULL };

	if (argc >= 2 && !strcmp(argv[1], "convert"))
		return cmd_data_convert(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--list-opts") || !strcmp(argv[1], "--list-all-opts"))) {
		const char *list[] = { "convert", argv[1], NULL };

		return cmd_data_convert(2, list);
	}
	if (argc >= 2 && argv[1][0] != '-')
		fprintf(stderr, "Unknown command: %s\n", argv[1]);	/* perf's words */
	return cmd_data_convert(2, help);	/* the usage; exits 129 */
}
