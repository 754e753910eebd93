// SPDX-License-Identifier: GPL-2.0-only
/*
 * builtin/top.c: prof top, perf top's live profile. One thread: it polls
 * the ring buffers (and the keyboard in the browser) with a timeout that
 * ends at the next refresh, feeds side-band records to the machine and
 * samples to the histogram, and at each refresh ages the histogram (7/8,
 * or zero with -z) after showing it. It sleeps in poll() between
 * wake-ups, so a headless run costs next to nothing when idle.
 */
#include "prof/compat.h"
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include "prof/config.h"
#include "builtin.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/parse-events.h"
#include "prof/evsel.h"
#include "prof/cpumap.h"
#include "prof/mmap.h"
#include "prof/open-error.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/synthesize.h"
#include "prof/strbuf.h"
#include "prof/build-id.h"
#include "prof/hist.h"
#include "prof/hist-decay.h"
#include "prof/hist-stdio.h"
#include "prof/callchain.h"
#include "prof/cgroup.h"
#include "prof/sort.h"
#include "prof/top-stdio.h"
#include "prof/tui.h"
#include "prof/tracepoint.h"
#include "prof/trace-event.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/unwind.h"
#include "prof/resolved-sample.h"
#include "prof/evswitch.h"
#include "prof/hist-filter.h"
#include "prof/dsos-print.h"
#include "prof/srcline.h"
#include <elf.h>

#define TOP_MAX_FRAMES 256

struct top {
	/* options */
	struct evlist *evlist;
	const char *pid, *tid, *cpu_list, *uid_str;
	char *uid_pids;
	bool system_wide;
	const char *freq_str;
	u64 interval;
	struct sample_rate rate;	/* from -F/-c */
	unsigned int mmap_pages;
	const char *sort_order, *field_order;
	struct callee_regex ignore_callees;	/* --ignore-callees */
	int print_entries;
	double min_percent;
	int delay_secs;
	bool zero;
	bool overwrite;		/* backward buffers, paused while read */
	bool children, children_set;
	bool show_nr_samples;
	bool hide_kernel, hide_user;
	bool use_stdio, use_tui;
	/* the annotate browser (a): its options, each instruction's samples */
	struct annotate_cli ann_cli;
	struct annotate_browse_opts ann_opts;
	struct addr_hits *addr_hits;	/* the browser's only */
	int max_refreshes;
	double duration;
	struct callchain_param cp;
	struct sampling_opts sopts;	/* -b, -j, -i, --namespaces, ... */
	bool group;			/* --group */
	int group_sort_idx;		/* --group-sort-idx: the member the group view sorts by */
	const char *sym_annotate;	/* --sym-annotate: this symbol's annotation in --stdio */
	bool sym_annotate_failed;	/* said why it cannot be: the table instead */
	struct cgroup_sel cgroups;	/* -G */
	int realtime;			/* -r */
	unsigned proc_map_timeout;	/* ms, UINT_MAX: perf's 500 */
	unsigned nr_threads_synth;	/* --num-thread-synthesize */
	bool call_graph;
	bool hide_headers;			/* ui.show-headers = false */
	bool no_browser;			/* tui.top (or gtk.top) = false */
	enum callchain_record_mode cg_mode;	/* fp unless --call-graph dwarf */
	u32 dump_size;				/* dwarf: bytes of stack per sample */
	int max_stack;
	enum unwind_backend unwinder;	/* --unwinder */
	int verbose;
	/* display filters, as report's */
	const char *comm_list, *dso_list, *sym_list;
	struct hist_filter filter;
	int count_filter;		/* -f: entries with more samples than this */
	struct evswitch evswitch;	/* --switch-on/--switch-off/--show-on-off-events */
	bool raw_trace;			/* --raw-trace: the trace key shows fields */
	/* --sort trace: per event, whether it is a tracepoint and its format */
	struct top_tp { bool is_tp; struct tep_event *format; } *tps;
	const char *percentage;		/* relative|absolute */
	bool show_total_period;
	/* symbols */
	const char *vmlinux, *kallsyms;
	bool ignore_vmlinux, demangle_kernel, force, dump_symtab, stitch_lbr;
	/* runtime */
	struct perf_mmap *maps;
	int nr_maps;
	struct pollfd *pfd;		/* maps, then the keyboard */
	/* top__drain_merged: each buffer's next record, its time, read_init's answer */
	struct perf_event_header **heads;
	u64 *head_ts;
	bool *head_open;
	struct session_evsel sev;	/* the first event, for perf_sample__parse */
	struct evsel *evsel;
	bool multi;			/* more than one event: match ids */
	struct machine *machine;
	struct hist_layout layout;
	/* one per event, in the evlist's order; --stdio shows the first, as perf */
	struct hists *hists;
	int nr_hists;
	struct sample_resolver *resolver;	/* each sample's location and frames */
	struct hist_entry **he_cache;
	/* JIT maps (perf-PID.map) and the size they had when last read */
	struct jit_seen { struct dso *dso; off_t size; } *jit;
	size_t nr_jit;
	/* per refresh */
	u64 samples, kernel_samples, exact_samples;
	u64 lost, lost_total, drop, drop_total;
	u64 last_refresh_ns, next_refresh_ns, end_ns;
	double last_secs;
	int refreshes;
	bool paused;
	bool age_pending;		/* browser: decay once the refresh is shown */
	bool tty;
	char header[512];
	/* display options shared with report */
	bool hierarchy;			/* --hierarchy */
	const char *col_widths_str;	/* -w */
	int col_widths[HIST_MAX_FIELDS], nr_col_widths;
};

static volatile sig_atomic_t top_done;

static void top_sig(int sig)
{
	(void)sig;
	top_done = 1;
}

static u64 top__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/* ---- options ---- */

static const char *const top_usage[] = {
	"prof top [<options>]",
	NULL
};

static int parse_call_graph(const struct option *opt, const char *arg, int unset)
{
	struct top *t = opt->value;
	char bad[64];
	int err;

	if (unset) {
		t->call_graph = false;
		return 0;
	}
	t->call_graph = true;
	err = callchain_param__parse_top(&t->cp, arg, &t->cg_mode, &t->dump_size, bad,
					 sizeof(bad));
	/* perf's words, naming the token at fault (perf names none after "fp,") */
	if (err == -ERANGE)
		return error("callchain: Incorrect stack dump size (max %d): %s\n",
			     CALLCHAIN_MAX_DUMP_SIZE, bad);
	if (err)
		return error("callchain: Unknown --call-graph option value: %s\n", bad);
	if (t->cg_mode == CALLCHAIN_RECORD_LBR)
		return error("prof top: --call-graph lbr is not supported: use fp or dwarf "
			     "(prof record --call-graph lbr, then prof report, rebuilds LBR chains)");
	t->cp.enabled = true;
	return 0;
}

/*
 * perf's top variables, read before the options (which override them):
 * top.children, the record mode of -g (top.call-graph or
 * call-graph.record-mode), the other call-graph.* (the print parameters)
 * ui.show-headers (the browser's column header) and core.proc-map-timeout.
 */
static int top__read_config(const char *var, const char *value, void *data)
{
	struct top *t = data;

	if (!strcmp(var, "top.children")) {
		t->children = config__bool(var, value);
		t->children_set = true;
	} else if (!strcmp(var, "top.call-graph") || !strcmp(var, "call-graph.record-mode")) {
		const char *rest;

		if (callchain_record__config(value))
			return -1;
		callchain_record__parse(value, &t->cg_mode, &t->dump_size, &rest);
	} else if (strstarts(var, "call-graph.")) {
		return callchain_param__config(&t->cp, var, value);
	} else if (!strcmp(var, "ui.show-headers")) {
		t->hide_headers = !config__bool(var, value);
	} else if (!strcmp(var, "tui.top") || !strcmp(var, "gtk.top")) {
		/* perf's browser choice: false means stdio; gtk's true is no GTK here */
		t->no_browser = !config__bool(var, value);
	} else if (!strcmp(var, "core.proc-map-timeout")) {
		t->proc_map_timeout = (unsigned)strtoul(value, NULL, 10);
	}
	return 0;
}

static int parse_g(const struct option *opt, const char *arg, int unset)
{
	struct top *t = opt->value;

	(void)arg;
	t->call_graph = !unset;
	t->cp.enabled = !unset;
	return 0;
}

static int parse_cgroups(const struct option *opt, const char *arg, int unset)
{
	struct top *t = opt->value;

	return unset ? 0 : cgroup_sel__parse(&t->cgroups, t->evlist, arg);
}

static int parse_percent_limit(const struct option *opt, const char *arg, int unset)
{
	struct top *t = opt->value;
	char *end;

	(void)unset;
	t->min_percent = strtod(arg, &end);
	if (end == arg || (*end && *end != '%'))
		return error("invalid percent limit '%s'", arg);
	t->cp.min_percent = t->min_percent;
	return 0;
}

static int parse_duration(const struct option *opt, const char *arg, int unset)
{
	double *d = opt->value;
	char *end;

	(void)unset;
	*d = strtod(arg, &end);
	if (end == arg || *end || *d <= 0)
		return error("invalid duration '%s': seconds expected", arg);
	return 0;
}

/* perf's --percentage callback: anything else is refused with the usage */
static int parse_percentage(const struct option *opt, const char *arg, int unset)
{
	const char **p = opt->value;

	if (unset)
		return 0;
	if (strcmp(arg, "relative") && strcmp(arg, "absolute")) {
		fputc('\n', stderr);
		return -1;
	}
	*p = arg;
	return 0;
}

/* ---- setup ---- */

/* perf top's attrs: frequency 4000 (or -F/-c), set up as record's. */
static void top__config(struct top *t)
{
	struct sampling_opts so = t->sopts;

	so.rate = t->rate;
	so.cpu_wide = t->system_wide;

	if (t->call_graph) {
		so.callgraph = t->cg_mode == CALLCHAIN_RECORD_DWARF ? CALLCHAIN_RECORD_DWARF :
								      CALLCHAIN_RECORD_FP;
		so.dump_size = t->dump_size;
	}
	evlist__config_sampling(t->evlist, &so);
	if (t->overwrite) {	/* backward buffers, all alike for SET_OUTPUT */
		struct evsel *evsel;

		evlist__for_each_entry(t->evlist, evsel)
			evsel->attr.write_backward = 1;
	}
}

static int top__open(struct top *t, struct cpu_map *cpus, struct thread_map *threads)
{
	struct open_target ot = {
		.system_wide = t->system_wide, .pid = t->pid, .tid = t->tid,
		.cgroups = &t->cgroups,
	};

	/* perf: a cgroup's events count on CPUs, not on threads */
	if (t->cgroups.nr && !t->system_wide)
		return error("Error:\nInvalid event (%s) in per-thread mode, enable system wide "
			     "with '-a'.", evsel__name(evlist__first(t->evlist)));

	return evlist__open_sampling(t->evlist, cpus, threads, &ot, t->verbose);
}

/* ---- records ---- */

static void top__side_band(struct top *t, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		machine__process_event(t->machine, ev);
		/* jitdump code loads map as soon as they are read */
		machine__jit_advance(t->machine, (u64)-1);
		break;
	case PERF_RECORD_LOST:
		t->lost += ev->lost.lost;
		t->lost_total += ev->lost.lost;
		break;
	default:
		break;
	}
}

/* The index of the event that @id belongs to, or -1. */
static int top__event_of(const struct top *t, u64 id)
{
	struct evsel *evsel;
	int idx = 0;

	evlist__for_each_entry(t->evlist, evsel) {
		for (int i = 0; i < evsel->nr_ids; i++)
			if (evsel->ids[i] == id)
				return idx;
		idx++;
	}
	return -1;
}

/* resolve_param.intern: chain srclines (-g address) live in the hists. */
static const char *top__intern(void *ctx, const char *str)
{
	return hists__intern(ctx, str);
}

/*
 * --sort trace: a tracepoint's record as its print format shows it (its
 * fields with --raw-trace; *@text to free), "" when the format is
 * unknown, NULL for other events (N/A), as report's.
 */
static const char *top__trace(struct top *t, int idx, const struct perf_sample *s, char **text)
{
	if (!t->tps || !t->tps[idx].is_tp)
		return NULL;
#ifdef HAVE_LIBTRACEEVENT
	if (t->tps[idx].format && s->raw_data)
		*text = trace_event__format(t->tps[idx].format, s->raw_data, s->raw_size,
					    t->raw_trace);
#else
	(void)s;
#endif
	return *text ? *text : "";
}

static void top__sample(struct top *t, const union perf_event *ev)
{
	struct perf_sample s;
	struct resolved_sample rs;
	struct hist_sample hs = { 0 };
	struct hist_entry *he;
	struct hists *h;
	char *trace = NULL;
	int nr = 0, idx = 0;

	if (perf_sample__parse(&s, &t->sev, ev, false))
		return;
	if (t->multi && (idx = top__event_of(t, s.id)) < 0)
		return;
	/* perf drops what the switches drop before counting anything */
	if (evswitch__discard(&t->evswitch, idx))
		return;
	h = &t->hists[idx];
	/* the header's rates are the first event's, which --stdio shows */
	if (!idx) {
		t->samples++;
		if (s.cpumode == PROF_CPUMODE_KERNEL)
			t->kernel_samples++;
		if (ev->header.misc & PERF_RECORD_MISC_EXACT_IP)
			t->exact_samples++;
	}
	if (t->paused)
		return;
	resolved_sample__resolve(t->resolver, &s, &rs);
	hist_sample__set_location(&hs, &rs.al, (pid_t)s.pid, (pid_t)s.tid);
	hs.comm = hists__intern(h, rs.al.thread ? thread__comm_str(rs.al.thread) : "");
	hs.cpu = (int)s.cpu;
	hs.period = s.period;
	hs.trace = top__trace(t, idx, &s, &trace);
	if (t->call_graph)
		nr = resolved_sample__chain(t->resolver, &s, &rs, h);
	if (rs.rerooted)	/* --ignore-callees */
		hist_sample__set_location(&hs, &rs.al, (pid_t)s.pid, (pid_t)s.tid);
	he = hists__add(h, &hs, true);
	he->filtered = false;
	h->nr_samples++;
	h->total_period += s.period;
	if (t->addr_hits)
		addr_hits__add(t->addr_hits, idx, hs.has_map ? hs.sym : NULL, hs.ip, s.period);
	/* A sample makes every entry it reaches visible again (see decay). */
	hists__add_chain(h, he, &hs, rs.frames, nr, s.period, true, false, true, t->he_cache);
	resolved_sample__exit(&rs);
	free(trace);
}

static void top__event(struct top *t, const union perf_event *ev)
{
	if (ev->header.type == PERF_RECORD_SAMPLE)
		top__sample(t, ev);
	else
		top__side_band(t, ev);
}

/*
 * Read every buffer dry, the buffers' records merged by time (each
 * buffer's are in order), as perf top's ordered events: a new process's
 * first samples on one CPU come after its FORK and COMM on another, so
 * its entries are made with its name. Read buffer by buffer, such
 * samples met a thread without a comm (":PID" entries renamed later,
 * which sends every later sample through perf's slower tree walk).
 * Records without a time (-1) sort last, in buffer order; backward
 * (--overwrite) buffers are read newest first, so not merged.
 */
static void top__drain_merged(struct top *t)
{
	struct perf_event_header **head = t->heads;
	u64 *ts = t->head_ts;
	bool *open = t->head_open;

	for (int i = 0; i < t->nr_maps; i++) {
		open[i] = !perf_mmap__read_init(&t->maps[i]);
		head[i] = open[i] ? perf_mmap__read_event(&t->maps[i]) : NULL;
		if (head[i])
			ts[i] = perf_sample__time(&t->sev, (const union perf_event *)head[i], false);
	}
	for (;;) {
		int min = -1;

		for (int i = 0; i < t->nr_maps; i++)
			if (head[i] && (min < 0 || ts[i] < ts[min]))
				min = i;
		if (min < 0)
			break;
		top__event(t, (const union perf_event *)head[min]);
		head[min] = perf_mmap__read_event(&t->maps[min]);
		if (head[min])
			ts[min] = perf_sample__time(&t->sev, (const union perf_event *)head[min], false);
	}
	for (int i = 0; i < t->nr_maps; i++)
		if (open[i])
			perf_mmap__consume(&t->maps[i]);
}

static void top__drain(struct top *t)
{
	/* code a JIT announced in its jitdump since the last drain */
	if (t->machine->jit && machine__jit_reread(t->machine) > 0)
		machine__jit_advance(t->machine, (u64)-1);
	if (t->nr_maps > 1 && !t->overwrite) {
		top__drain_merged(t);
		return;
	}
	for (int i = 0; i < t->nr_maps; i++) {
		struct perf_mmap *m = &t->maps[i];
		struct perf_event_header *hdr;

		if (perf_mmap__read_init(m))
			continue;
		while ((hdr = perf_mmap__read_event(m)))
			top__event(t, (const union perf_event *)hdr);
		perf_mmap__consume(m);
	}
}

/* Feed the state that existed before we started to the machine. */
static void top__synthesize(struct top *t, struct thread_map *threads)
{
	struct synth_opts so = {
		.id_hdr_size = t->sev.id_hdr_size, .proc = "/proc",
		.namespaces = t->sopts.namespaces,
		/* perf's default: half a second per process's maps; 0 is "at once" */
		.map_timeout_ns = t->proc_map_timeout != UINT_MAX ?
				  (u64)t->proc_map_timeout * 1000000ULL + 1 : 500000000ULL,
		.nr_threads = (int)t->nr_threads_synth,
	};
	struct strbuf sb = STRBUF_INIT;
	size_t off = 0;

	synthesize__kernel(&sb, &so);
	if (t->sopts.all_cgroups)
		synthesize__cgroups(&sb, &so);
	if (t->pid || t->tid)
		synthesize__thread_map(&sb, &so, threads);
	else
		synthesize__all(&sb, &so);
	while (off + sizeof(struct perf_event_header) <= sb.len) {
		const union perf_event *ev = (const void *)(sb.buf + off);

		if (ev->header.size < sizeof(ev->header) || off + ev->header.size > sb.len)
			break;
		top__side_band(t, ev);
		off += ev->header.size;
	}
	strbuf_release(&sb);
}

/* ---- JIT maps ---- */

/* Re-read the JIT map files that grew since they were loaded. */
static void top__reread_jit(struct top *t)
{
	struct dso *dso;

	list_for_each_entry(dso, &t->machine->dsos.head, node) {
		struct jit_seen *j = NULL;
		struct stat st;

		if (dso->kind != DSO_KIND_JIT || !dso->loaded)
			continue;
		for (size_t i = 0; i < t->nr_jit && !j; i++)
			if (t->jit[i].dso == dso)
				j = &t->jit[i];
		if (!j) {
			t->jit = xrealloc(t->jit, (t->nr_jit + 1) * sizeof(*t->jit));
			j = &t->jit[t->nr_jit++];
			j->dso = dso;
			j->size = -1;
		}
		if (stat(dso->long_name, &st) || st.st_size == j->size)
			continue;
		j->size = st.st_size;
		dso__reload_perf_map(dso);
	}
}

/* ---- display ---- */

static void top__format_header(struct top *t)
{
	struct evsel *first = evlist__first(t->evlist);
	double secs = t->last_secs > 0 ? t->last_secs : t->delay_secs;
	double rate = (double)t->samples / secs;
	double krate = (double)t->kernel_samples / secs;
	double exact = t->samples ? 100.0 * (double)t->exact_samples / (double)t->samples : 0;
	int nr_cpus = cpu__nr_online(), n;
	size_t size = sizeof(t->header);
	char *b = t->header;

	n = snprintf(b, size, "   PerfTop:%8.0f irqs/sec  kernel:%4.1f%%  exact: %4.1f%% lost: %"
		     PRIu64 "/%" PRIu64 " drop: %" PRIu64 "/%" PRIu64 " [",
		     rate, rate > 0 ? 100.0 * krate / rate : 0.0, exact,
		     t->lost, t->lost_total, t->drop, t->drop_total);
	/*
	 * perf: the attr's period (a frequency in freq mode: a union), "Hz"
	 * by the options' mode, not the event's: a tracepoint (period 1) in
	 * top's default freq mode shows as "1Hz".
	 */
	if (t->evlist->nr_entries == 1)
		n += snprintf(b + n, size - (size_t)n, "%" PRIu64 "%s ",
			      (u64)first->attr.sample_period, t->rate.freq ? "Hz" : "");
	n += snprintf(b + n, size - (size_t)n, "%s], ", evsel__name(first));
	if (t->pid)
		n += snprintf(b + n, size - (size_t)n, " (target_pid: %s", t->pid);
	else if (t->tid)
		n += snprintf(b + n, size - (size_t)n, " (target_tid: %s", t->tid);
	else if (t->uid_str)
		n += snprintf(b + n, size - (size_t)n, " (uid: %s", t->uid_str);
	else
		n += snprintf(b + n, size - (size_t)n, " (all");
	if (t->cpu_list)
		snprintf(b + n, size - (size_t)n, ", CPU%s: %s)",
			 strchr(t->cpu_list, ',') || strchr(t->cpu_list, '-') ? "s" : "",
			 t->cpu_list);
	else if (t->tid)
		snprintf(b + n, size - (size_t)n, ")");
	else if (t->pid)
		snprintf(b + n, size - (size_t)n, ")");
	else
		snprintf(b + n, size - (size_t)n, ", %d CPU%s)", nr_cpus, nr_cpus > 1 ? "s" : "");
}

/*
 * perf's group view in --stdio: the first event leads a group ({a,b} or
 * --group) of this many events, shown side by side; 0 otherwise.
 */
static int top__group_size(const struct top *t)
{
	struct evsel *first = evlist__first(t->evlist);

	if (t->use_tui || first->leader != first || first->nr_members < 2)
		return 0;
	return first->nr_members < t->nr_hists ? first->nr_members : t->nr_hists;
}

/*
 * Link the leader's live histogram to its members' anew (entries come and
 * go between refreshes): an entry shows while any member has samples.
 */
static void top__link_group(struct top *t, struct hists *h, int nr)
{
	struct hists **members = xcalloc((size_t)nr, sizeof(*members));

	for (int m = 0; m < nr; m++)
		members[m] = &t->hists[m];
	hists__unlink_group(h);
	hists__link_group(h, members, nr);
	free(members);
	h->group_sort_idx = t->group_sort_idx;
	for (size_t e = 0; e < h->nr_entries; e++) {
		struct hist_entry *he = h->entries[e];
		bool empty = !he->period && !he->period_acc;

		for (int m = 1; m < nr && empty; m++)
			empty = !he->group_period[m] && !he->group_period_acc[m];
		he->filtered = empty;
	}
}

/* Resort event @idx's histogram for display: after this the entries are in output order. */
static void top__resort_one(struct top *t, int idx)
{
	struct hists *h = &t->hists[idx];
	int group = idx ? 0 : top__group_size(t);

	if (group)
		top__link_group(t, h, group);
	else
		hists__hide_empty(h);
	/* -K/-U hide, as perf's do: the header still counts every sample */
	if (!t->use_tui && (t->hide_kernel || t->hide_user))
		for (size_t e = 0; e < h->nr_entries; e++) {
			struct hist_entry *he = h->entries[e];
			bool k = he->level == 'k';

			if ((k && t->hide_kernel) || (!k && t->hide_user))
				he->filtered = true;
		}
	/* --comms/--dsos/--symbols (report's filters) and -f on each entry */
	for (size_t e = 0; e < h->nr_entries; e++) {
		struct hist_entry *he = h->entries[e];

		if (he->filtered)
			continue;
		if (hist_filter__rejects(&t->filter, he->comm, he->pid, he->tid, he->dso, he->sym) ||
		    (t->count_filter > 0 && he->nr_events <= (u64)t->count_filter))
			he->filtered = true;
	}
	h->callchain_total = 0;
	if (t->percentage && !strcmp(t->percentage, "relative")) {
		u64 n;

		/* percentages of what the filters let through; chains keep the whole */
		h->callchain_total = h->total_period;
		hists__unfiltered_totals(h, &h->total_period, &n);
	}
	hists__output_resort(h);
	if (t->cp.enabled)
		for (size_t e = 0; e < h->nr_entries; e++)
			if (h->entries[e]->callchain && !h->entries[e]->filtered)
				callchain_root__sort(h->entries[e]->callchain, &t->cp);
}

/* --stdio shows the first event only; the browser switches between them */
static void top__resort(struct top *t)
{
	for (int i = 0; i < (t->use_tui ? t->nr_hists : 1); i++)
		top__resort_one(t, i);
}

/* Age every histogram at the end of a refresh (7/8, or zero with -z). */
static void top__decay(struct top *t)
{
	if (t->paused)
		return;
	for (int i = 0; i < t->nr_hists; i++)
		hists__decay(&t->hists[i], t->zero);
	/* -z, z: the annotations start again too, as perf's */
	if (t->zero && t->addr_hits)
		addr_hits__reset(t->addr_hits);
	/* --sym-annotate: perf ages the shown symbol's sample counts 7/8 */
	else if (t->sym_annotate && !t->use_tui && t->addr_hits)
		addr_hits__decay_nr(t->addr_hits);
}

static int top__width(void)
{
	struct winsize ws;

	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/* Start the next period: reset the per-refresh counts. */
static void top__next_period(struct top *t, u64 now)
{
	t->samples = t->kernel_samples = t->exact_samples = 0;
	t->lost = t->drop = 0;
	t->last_refresh_ns = now;
	t->next_refresh_ns = now + (u64)t->delay_secs * 1000000000ULL;
	t->refreshes++;
}

/* Pull in what arrived, resort, and note the header; caller shows it. */
static void top__refresh(struct top *t, u64 now)
{
	top__drain(t);
	top__reread_jit(t);
	t->last_secs = (double)(now - t->last_refresh_ns) / 1e9;
	top__format_header(t);
	top__resort(t);
}

/*
 * --sym-annotate's lines: objdump's preamble, source lines and
 * instructions, as prof annotate --stdio prints them.
 */
struct top_ann_line {
	int insn;		/* index in the disassembly, or -1 */
	int lineno;		/* a text line's number (0: a bare ":") */
	const char *text;	/* a text line's text, or NULL */
};

static int top__hex_width(u64 v)
{
	int n = 1;

	while (v >>= 4)
		n++;
	return n;
}

static void top__ann_print(const struct top_ann_line *l, const struct annotation *an, int aw)
{
	char abuf[32];

	if (l->insn < 0) {
		printf("%9s:", "");
		if (l->text && *l->text)
			printf(" %-4d %s", l->lineno, l->text);
		putchar('\n');
		return;
	}
	snprintf(abuf, sizeof(abuf), "%" PRIx64 ":", an->d.insns[l->insn].addr);
	printf("%8.2f :   %*s%-8s%s\n", annotation__percent(an, l->insn, ANN_LOCAL_PERIOD),
	       aw - top__hex_width(an->d.insns[l->insn].addr), "", abuf,
	       an->d.insns[l->insn].text);
}

/*
 * perf's annotation_line__print with a context of one line: 0 printed,
 * -1 left out (under @min percent, or a text line while queueing), 1
 * past @max lines. A printed instruction brings the queued lines from
 * @queue (-1: none) first.
 */
static int top__ann_line(const struct top_ann_line *lines, int i, const struct annotation *an,
			 int aw, double min, int printed, int max, int queue)
{
	if (lines[i].insn >= 0) {
		if (annotation__percent(an, lines[i].insn, ANN_LOCAL_PERIOD) < min)
			return -1;
		if (max && printed >= max)
			return 1;
		for (int q = queue; q >= 0 && q < i; q++)
			top__ann_line(lines, q, an, aw, 0, 0, 1, -1);
		top__ann_print(&lines[i], an, aw);
		return 0;
	}
	if (max && printed >= max)
		return 1;
	if (queue >= 0)
		return -1;
	top__ann_print(&lines[i], an, aw);
	return 0;
}

/* The lines of @he's symbol, preamble and source lines included. */
static struct top_ann_line *top__ann_lines(struct hist_entry *he, const struct annotation *an,
					   char *section, size_t sectionsz, char *name,
					   size_t namesz, int *nr)
{
	const struct disasm *d = &an->d;
	struct top_ann_line *l = xcalloc((size_t)d->nr * 2 + 8, sizeof(*l));
	const char *prev_file = NULL;
	unsigned int prev_line = 0;
	int n = 0;

	for (int i = 0; i < 3; i++)
		l[n++] = (struct top_ann_line){ .insn = -1 };
	disasm__preamble(d, he->sym->name, section, sectionsz, name, namesz);
	l[n++] = (struct top_ann_line){ -1, 3, section };
	l[n++] = (struct top_ann_line){ .insn = -1 };
	l[n++] = (struct top_ann_line){ -1, 5, name };
	for (int i = 0; i < d->nr; i++) {
		const char *file, *text;
		unsigned int line;

		if (!dso__srcline(he->dso, d->insns[i].dso_addr, &file, &line) &&
		    (file != prev_file || line != prev_line)) {
			text = annotation__source_line(file, line);
			while (text && (*text == ' ' || *text == '\t'))
				text++;
			if (text)
				l[n++] = (struct top_ann_line){ -1, (int)line, text };
			prev_file = file;
			prev_line = line;
		}
		l[n++] = (struct top_ann_line){ .insn = i };
	}
	*nr = n;
	return l;
}

/*
 * perf_top__show_details: the --sym-annotate symbol, once it is in the
 * table, instead of the table: its hottest instructions (5% or more) with
 * a line of context each. False when it is not (yet) there.
 */
static bool top__show_details(struct top *t, const char *header, int width, int max)
{
	struct hists *h = &t->hists[0];
	struct hist_entry *he = NULL;
	struct annotation an;
	struct top_ann_line *lines;
	char err[PATH_MAX + 64], name[1024], hdr[1024], section[64];
	const char *evname = evsel__name(evlist__first(t->evlist)), *base;
	int nr, len, aw, printed = 2, more = 0, queue = -1, queue_len = 0;

	if (!t->sym_annotate || t->sym_annotate_failed)
		return false;
	for (size_t e = 0; e < h->nr_entries && !he; e++)
		if (h->entries[e]->sym && h->entries[e]->dso && !h->entries[e]->filtered &&
		    !strcmp(h->entries[e]->sym->name, t->sym_annotate))
			he = h->entries[e];
	if (!he)
		return false;
	if (annotation__init(&an, he->dso, he->sym, &t->ann_opts.dis, err, sizeof(err)) < 0) {
		/* perf's words, once; the table goes on */
		fprintf(stderr, "Couldn't annotate %s: %s\n", he->sym->name, err);
		t->sym_annotate_failed = true;
		return false;
	}
	annotation__fill(&an, t->addr_hits, 0, he->sym);
	if (t->tty)
		fputs("\033[H\033[2J", stdout);
	printf("%s\n", header);
	for (int i = 0; i < width; i++)
		putchar('-');
	putchar('\n');
	lines = top__ann_lines(he, &an, section, sizeof(section), name, sizeof(name), &nr);
	aw = top__hex_width(an.d.insns[an.d.nr - 1].addr);
	base = strrchr(he->dso->long_name, '/');
	base = base ? base + 1 : he->dso->long_name;
	/* perf names the file the code came from: kcore for a kernel read from it */
	if (disasm__kcore(he->dso, err, sizeof(err)))
		base = strrchr(err, '/') ? strrchr(err, '/') + 1 : err;
	printf("Showing %s for %s\n", evname, he->sym->name);
	printf("  Events  Pcnt (>=%d%%)\n", 5);
	len = snprintf(hdr, sizeof(hdr), " %-8s|\tSource code & Disassembly of %s for %s (%" PRIu64
		       " samples, percent: %s)\n", "Percent", base,
		       evname, an.sym_nr, annotation_percent_names[ANN_LOCAL_PERIOD]);
	fputs(hdr, stdout);
	for (int i = 0; i < len + 4; i++)
		putchar('-');
	putchar('\n');
	for (int i = 0; i < nr; i++) {
		if (queue < 0) {
			queue = i;
			queue_len = 0;
		}
		switch (top__ann_line(lines, i, &an, aw, 5, printed, max, queue)) {
		case 0:
			printed += 1 + queue_len;
			queue = -1;
			queue_len = 0;
			break;
		case 1:
			more++;
			break;
		default:
			if (queue_len == 1)
				queue++;
			else
				queue_len++;
			break;
		}
	}
	if (more)
		printf("%d lines not displayed, maybe increase display entries [e]\n", more);
	free(lines);
	annotation__exit(&an);
	fflush(stdout);
	return true;
}

static void top__print_stdio(struct top *t)
{
	struct hists_print_opts o = {
		.show_header = false,
		.min_percent = t->min_percent,
		.cp = t->cp.enabled ? &t->cp : NULL,
		.sort_starts_with_sym = t->sort_order && !strncmp(t->sort_order, "sym", 3),
		.col_widths = t->col_widths,
		.nr_col_widths = t->nr_col_widths,
		.hierarchy = t->hierarchy,
	};
	int width = t->tty ? top__width() : 80;
	size_t max = t->print_entries > 0 ? (size_t)t->print_entries : 0;
	char header[sizeof(t->header)];

	if (!max && t->tty) {
		struct winsize ws;

		if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row > 4)
			max = ws.ws_row - 4u;
	}
	/* on a terminal a wrapped header would scroll the snapshot by a line */
	snprintf(header, sizeof(header), "%.*s", t->tty ? width : (int)sizeof(header), t->header);
	if (t->sym_annotate) {
		int rows = t->print_entries;
		struct winsize ws;

		if (!rows && t->tty && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row > 5)
			rows = ws.ws_row - 5;	/* perf's print entries */
		/* not in the table (yet): the table, as perf's */
		if (top__show_details(t, header, width, rows))
			return;
	}
	top_stdio__print(stdout, header, &t->hists[0], &o, width, max, t->tty);
}

/* Should the run stop (signal, --refreshes, --duration)? */
static bool top__should_stop(struct top *t, u64 now)
{
	if (top_done)
		return true;
	if (t->max_refreshes > 0 && t->refreshes >= t->max_refreshes)
		return true;
	return t->end_ns && now >= t->end_ns;
}

/*
 * Sleep in poll() until a buffer wakes us, @input_fd is readable, or the
 * refresh is due. Returns 1 for input, 0 when it is time to refresh, -1
 * to stop.
 */
static int top__poll(struct top *t, int input_fd)
{
	int nfds = t->nr_maps;

	for (;;) {
		u64 now = top__now(), due = t->next_refresh_ns;
		int timeout, n;

		if (t->end_ns && t->end_ns < due)
			due = t->end_ns;
		if (top__should_stop(t, now))
			return -1;
		if (now >= due)
			return 0;
		timeout = (int)((due - now + 999999) / 1000000);
		t->pfd[nfds].fd = input_fd;
		t->pfd[nfds].events = POLLIN;
		t->pfd[nfds].revents = 0;
		n = poll(t->pfd, (nfds_t)nfds + 1, timeout);
		if (n < 0 && errno != EINTR)
			return -1;
		if (n <= 0)
			continue;
		for (int i = 0; i < nfds; i++) {
			/* a task that exited hangs up for good: stop polling it */
			if (t->pfd[i].revents & (POLLHUP | POLLERR))
				t->pfd[i].fd = -1;
		}
		top__drain(t);
		if (input_fd >= 0 && (t->pfd[nfds].revents & (POLLIN | POLLHUP | POLLERR)))
			return 1;
	}
}

static int top__run_stdio(struct top *t)
{
	for (;;) {
		int r = top__poll(t, -1);
		u64 now = top__now();

		if (r < 0)
			break;
		top__refresh(t, now);
		top__print_stdio(t);
		top__decay(t);
		top__next_period(t, now);
	}
	return 0;
}

/* ---- the browser's callbacks ---- */

/*
 * The browser draws after this returns, so the histogram is aged on the
 * next call, once the refreshed values have been shown.
 */
static int top__browser_wait(void *priv, int input_fd)
{
	struct top *t = priv;
	u64 now;
	int r;

	if (t->age_pending) {
		t->age_pending = false;
		top__decay(t);
	}
	r = top__poll(t, input_fd);
	if (r != 0)
		return r;
	now = top__now();
	top__refresh(t, now);
	top__next_period(t, now);
	t->age_pending = true;
	return 0;
}

static void top__browser_title(void *priv, int idx, char *buf, size_t size, u64 nr_samples,
			       u64 total)
{
	struct top *t = priv;
	struct evsel *ev = evlist__first(t->evlist), *evsel;
	char unit;
	u64 n = hist__convert_unit(nr_samples, &unit);

	/* the event shown */
	evlist__for_each_entry(t->evlist, evsel)
		if (!idx--) {
			ev = evsel;
			break;
		}
	snprintf(buf, size, "Samples: %" PRIu64 "%c of event '%s', %" PRIu64 " %s, "
		 "Event count (approx.): %" PRIu64 " lost: %" PRIu64 "/%" PRIu64
		 " drop: %" PRIu64 "/%" PRIu64 "%s",
		 n, unit, evsel__name(ev),
		 ev->attr.freq ? (u64)ev->attr.sample_freq : (u64)ev->attr.sample_period,
		 ev->attr.freq ? "Hz" : "period", total,
		 t->lost, t->lost_total, t->drop, t->drop_total,
		 t->paused ? "  [PAUSED]" : "");
}

static bool top__browser_pause(void *priv)
{
	struct top *t = priv;

	t->paused = !t->paused;
	return t->paused;
}

static bool top__browser_zero(void *priv)
{
	struct top *t = priv;

	t->zero = !t->zero;
	return t->zero;
}

/* The annotate title's "4000 Hz": event @idx's frequency. */
static u64 top__browser_sample_freq(void *priv, int idx)
{
	struct top *t = priv;
	struct evsel *evsel;
	int i = 0;

	evlist__for_each_entry(t->evlist, evsel)
		if (i++ == idx)
			return evsel->attr.freq ? evsel->attr.sample_freq : 0;
	return 0;
}

static int top__run_tui(struct top *t)
{
	struct hist_browser_ops ops = {
		.wait = top__browser_wait,
		.title = top__browser_title,
		.pause = top__browser_pause,
		.zero = top__browser_zero,
		.priv = t,
		.cp = t->cp.enabled ? &t->cp : NULL,
		.min_percent = t->min_percent,
		.hide_kernel = t->hide_kernel,
		.hide_user = t->hide_user,
		.hide_headers = t->hide_headers,
		.addr_hits = t->addr_hits,
		.annotate = &t->ann_opts,
		.sample_freq = top__browser_sample_freq,
	};
	struct hists **h = xcalloc((size_t)t->nr_hists, sizeof(*h));
	char **names = xcalloc((size_t)t->nr_hists, sizeof(*names));
	struct evsel *evsel;
	int err, i = 0;

	evlist__for_each_entry(t->evlist, evsel) {
		h[i] = &t->hists[i];
		names[i++] = xstrdup(evsel__name(evsel));
	}
	/* something to show at once: the first second's samples */
	t->next_refresh_ns = top__now() + 1000000000ULL / 2;
	/* several events: perf's "Available samples" chooser, TAB switches */
	err = hists__tui_browse(h, (const char *const *)names, t->nr_hists, &ops);
	for (i = 0; i < t->nr_hists; i++)
		free(names[i]);
	free(names);
	free(h);
	if (err)
		return error("cannot start the TUI: %s", strerror(-err));
	return 0;
}

/* ---- main ---- */

static int top__setup_targets(struct top *t, struct cpu_map **cpus, struct thread_map **threads)
{
	if (t->uid_str) {
		t->uid_pids = uid__pid_list(t->uid_str);
		if (!t->uid_pids || !*t->uid_pids)
			return error("Invalid User: %s", t->uid_str);
		t->pid = t->uid_pids;
	}
	t->system_wide = !t->pid && !t->tid;
	if (t->system_wide) {
		*cpus = cpu_map__new(t->cpu_list);
		if (!*cpus || cpu_map__check_online(*cpus))
			return -1;
		*threads = thread_map__new_any();
		return 0;
	}
	*cpus = cpu_map__new_online();
	*threads = thread_map__new_str(t->pid, t->tid);
	if (!*threads)
		return error("Couldn't create thread/CPU maps: %s",
			     errno == ESRCH ? "No such process" : strerror(errno));
	return 0;
}

/* evswitch__init's names: the events in the evlist's order */
static const char *top__evsel_name(void *ctx, int idx)
{
	struct evsel *evsel;

	evlist__for_each_entry((struct evlist *)ctx, evsel)
		if (!idx--)
			return evsel__name(evsel);
	return "";
}

static int top__run(struct top *t)
{
	struct cpu_map *cpus = NULL;
	struct thread_map *threads = NULL;
	struct sigaction sa;
	struct evsel *evsel;
	const char *bad = NULL;
	int ret = -1, err;
	u64 now;

	if (top__setup_targets(t, &cpus, &threads))
		goto out;
	top__config(t);
	if (top__open(t, cpus, threads))
		goto out;
	/* -r: perf top says so and goes on */
	if (t->realtime && sampling__set_realtime(t->realtime))
		pr_info("Error:\nCould not set realtime priority.");
	pr_debug(1, "mmap size %zuB", ((size_t)(t->mmap_pages ? t->mmap_pages :
		 perf_mmap__default_pages()) + 1) * (size_t)sysconf(_SC_PAGESIZE));

	t->evsel = evlist__first(t->evlist);
	t->multi = t->evlist->nr_entries > 1;
	t->sev.attr = t->evsel->attr;
	t->sev.sample_size = sample_type__fixed_size(t->evsel->attr.sample_type);
	t->sev.id_pos = sample_type__id_pos(t->evsel->attr.sample_type);
	t->sev.is_pos = sample_type__is_pos(t->evsel->attr.sample_type);
	t->sev.id_hdr_size = sample_type__id_hdr_size(t->evsel->attr.sample_type);

	err = evlist__mmap(t->evlist, t->mmap_pages ? t->mmap_pages : perf_mmap__default_pages(),
			   &t->maps, &t->nr_maps);
	if (err) {
		error("failed to mmap with %d (%s)", -err, strerror(-err));
		goto out;
	}
	t->pfd = xcalloc((size_t)t->nr_maps + 1, sizeof(*t->pfd));
	t->heads = xcalloc((size_t)t->nr_maps + 1, sizeof(*t->heads));
	t->head_ts = xcalloc((size_t)t->nr_maps + 1, sizeof(*t->head_ts));
	t->head_open = xcalloc((size_t)t->nr_maps + 1, sizeof(*t->head_open));
	for (int i = 0; i < t->nr_maps; i++) {
		t->pfd[i].fd = t->maps[i].fd;
		t->pfd[i].events = POLLIN;
	}

	/* aggregation */
	if (!t->children_set)
		t->children = true;
	if (!t->cp.enabled)
		t->call_graph = false;
	if (!t->call_graph)
		t->children = false;
	if (t->children && !t->cp.order_set)
		t->cp.order = ORDER_CALLER;
	/* perf: the hierarchy has no Children column (the chain order stays) */
	if (t->hierarchy)
		t->children = false;
	callchain_set_key(t->cp.key);
	/* perf top's keys are dso,sym unless --fields names them (not "+f") */
	err = hist_layout__setup(&t->layout, t->sort_order ? t->sort_order :
				 t->field_order && t->field_order[0] != '+' ? NULL : "dso,sym",
				 t->field_order, t->children, t->show_nr_samples,
				 t->show_total_period, &bad);
	if (err < 0) {
		error("Unknown --%s key: `%s'", err == -ENOENT ? "fields" : "sort", bad ? bad : "");
		goto out;
	}
	t->nr_hists = t->evlist->nr_entries;
	if (hist_layout__has_key(&t->layout, SORT_TRACE)) {
		int i = 0;

		/* the running kernel's formats of the tracepoints, as perf top reads them */
		t->tps = xcalloc((size_t)t->nr_hists, sizeof(*t->tps));
		evlist__for_each_entry(t->evlist, evsel) {
			t->tps[i].is_tp = evsel->attr.type == PERF_TYPE_TRACEPOINT;
#ifdef HAVE_LIBTRACEEVENT
			if (t->tps[i].is_tp && evsel->tp_sys)
				t->tps[i].format = tracepoint__format(evsel->tp_sys, evsel->tp_name);
#endif
			i++;
		}
	}
	t->hists = xcalloc((size_t)t->nr_hists, sizeof(*t->hists));
	for (int i = 0; i < t->nr_hists; i++) {
		hists__init(&t->hists[i], &t->layout);
		t->hists[i].resort_incremental = true;
		t->hists[i].acc_depth_order = t->children;
		t->hists[i].order_caller = t->cp.order == ORDER_CALLER;
	}
	t->machine = machine__new_host();
	if (t->unwinder != UNWIND_BACKEND_DEFAULT)
		unwind__set_backend(t->machine, t->unwinder);	/* checked by the option */
	t->machine->jit_live = true;
	t->machine->live = true;	/* a container's files are looked up in it */
	/* as perf top: inlined functions of unwound frames always shown */
	t->resolver = sample_resolver__new(t->machine, &(struct resolve_param){
		.max_stack = t->max_stack,
		.caller = t->cp.order == ORDER_CALLER,
		.inline_names = true,
		.key = t->cp.key,
		.intern = top__intern,
		.ignore_callees_regex = t->ignore_callees.set ? &t->ignore_callees.re : NULL,
	});
	t->he_cache = xmalloc((RESOLVE_MAX_FRAMES + 1) * sizeof(*t->he_cache));
	top__synthesize(t, threads);
	/* perf top names the running kernel "[kernel]" (report: the file's name) */
	if (t->machine->kernel_dso)
		dso__set_short_name(t->machine->kernel_dso, "[kernel]");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = top_sig;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* SIGPIPE keeps its default: a closed pipe ends top at once, as perf */

	evlist__for_each_entry(t->evlist, evsel)
		evsel__enable(evsel);
	now = top__now();
	t->last_refresh_ns = now;
	t->next_refresh_ns = now + (u64)t->delay_secs * 1000000000ULL;
	if (t->duration > 0)
		t->end_ns = now + (u64)(t->duration * 1e9);

	if (t->use_tui)
		ret = top__run_tui(t);
	else
		ret = top__run_stdio(t);

	evlist__for_each_entry(t->evlist, evsel)
		evsel__disable(evsel);
	/* how far the dwarf unwinds got; stdout keeps perf's snapshots */
	if (t->cg_mode == CALLCHAIN_RECORD_DWARF)
		unwind__fprintf_health(t->machine, stderr);
	if (t->dump_symtab)
		dsos__fprintf(&t->machine->dsos, stderr);
out:
	if (t->machine) {
		for (int i = 0; i < t->nr_hists; i++)
			hists__exit(&t->hists[i]);
		machine__delete(t->machine);
	}
	free(t->hists);
	free(t->tps);
	evlist__munmap(t->maps, t->nr_maps);
	evlist__for_each_entry(t->evlist, evsel)
		evsel__close(evsel);
	free(t->pfd);
	free(t->heads);
	free(t->head_ts);
	free(t->head_open);
	free(t->jit);
	sample_resolver__delete(t->resolver);
	free(t->he_cache);
	addr_hits__delete(t->addr_hits);
	free(t->uid_pids);
	cpu_map__put(cpus);
	thread_map__put(threads);
	return ret;
}

int cmd_top(int argc, const char **argv)
{
	struct top t = {
		.evlist = evlist__new(),
		.delay_secs = 2,
		.interval = SAMPLE_COUNT_UNSET,
		.max_stack = 127,
		.cp = { .mode = CHAIN_GRAPH_ABS, .order = ORDER_CALLEE, .key = CCKEY_FUNCTION,
			.value = CCVAL_PERCENT, .min_percent = 0.5 },
	};
	const struct option options[] = {
		OPT_CALLBACK('e', "event", t.evlist, "event",
			     "event selector. use 'prof list' to list available events",
			     parse_events_option),
		OPT_BOOLEAN('a', "all-cpus", &t.system_wide, "system-wide collection from all CPUs"),
		OPT_STRING('p', "pid", &t.pid, "pid", "profile events on existing process id"),
		OPT_STRING('t', "tid", &t.tid, "tid", "profile events on existing thread id"),
		OPT_STRING('C', "cpu", &t.cpu_list, "cpu", "list of cpus to monitor"),
		OPT_STRING('u', "uid", &t.uid_str, "user", "user to profile"),
		OPT_STRING('F', "freq", &t.freq_str, "freq or 'max'", "profile at this frequency"),
		OPT_U64('c', "count", &t.interval, "event period to sample"),
		OPT_CALLBACK('m', "mmap-pages", &t.mmap_pages, "pages",
			     "number of mmap data pages", perf_mmap__parse_data_pages_opt),
		OPT_CALLBACK_NOOPT('g', NULL, &t, NULL,
				   "enables call-graph recording and display", parse_g),
		OPT_CALLBACK(0, "call-graph", &t,
			     "record_mode[,record_size],print_type,threshold[,print_limit],order,sort_key[,branch]",
			     "setup and enables call-graph (stack chain/backtrace): fp or "
			     "dwarf[,size], then perf report's graph,0.5,caller,function,percent",
			     parse_call_graph),
		OPT_INTEGER(0, "max-stack", &t.max_stack,
			    "Set the maximum stack depth when parsing the callchain. Default: 127"),
		OPT_CALLBACK(0, "unwinder", &t.unwinder, "libdw|libunwind",
			     "unwinder of --call-graph dwarf samples (prof extension)",
			     unwind__parse_opt),
		OPT_BOOLEAN_SET(0, "children", &t.children, &t.children_set,
				"Accumulate callchains of children and show total overhead as well"),
		OPT_BOOLEAN('K', "hide_kernel_symbols", &t.hide_kernel, "hide kernel symbols"),
		OPT_BOOLEAN('U', "hide_user_symbols", &t.hide_user, "hide user symbols"),
		OPT_STRING('s', "sort", &t.sort_order, "key[,key2...]",
			   "sort by key(s): pid, comm, dso, symbol, parent, cpu, srcline, ..."),
		OPT_STRING(0, "fields", &t.field_order, "key[,keys...]",
			   "output field(s): overhead, period, sample plus all of sort keys"),
		OPT_BOOLEAN('n', "show-nr-samples", &t.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_INTEGER('E', "entries", &t.print_entries, "display this many functions"),
		OPT_CALLBACK(0, "percent-limit", &t, "percent",
			     "Don't show entries under that percent", parse_percent_limit),
		OPT_INTEGER('d', "delay", &t.delay_secs, "number of seconds to delay between refreshes"),
		OPT_BOOLEAN('z', "zero", &t.zero, "zero history across updates"),
		OPT_BOOLEAN(0, "stdio", &t.use_stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &t.use_tui, "Use the TUI interface"),
		OPT_INTEGER(0, "refreshes", &t.max_refreshes,
			    "stop after this many refreshes (prof extension, for scripts)"),
		OPT_CALLBACK(0, "duration", &t.duration, "seconds",
			     "stop after this many seconds (prof extension, for scripts)",
			     parse_duration),
		OPT_INCR('v', "verbose", &t.verbose, "be more verbose"),
		OPT_CALLBACK_NOOPT('b', "branch-any", &t.sopts, NULL, "sample any taken branches",
				   sampling_opts__parse_branch_any),
		OPT_CALLBACK('j', "branch-filter", &t.sopts, "branch filter mask",
			     "branch stack filter modes", sampling_opts__parse_branch_filter),
		OPT_BOOLEAN('i', "no-inherit", &t.sopts.no_inherit, "child tasks do not inherit counters"),
		OPT_BOOLEAN(0, "namespaces", &t.sopts.namespaces, "Record namespaces events"),
		OPT_BOOLEAN(0, "no-bpf-event", &t.sopts.no_bpf_event, "do not record bpf events"),
		OPT_BOOLEAN(0, "group", &t.group, "put the counters into a counter group"),
		OPT_STRING(0, "sym-annotate", &t.sym_annotate, "symbol name", "symbol to annotate"),
		OPT_INTEGER(0, "group-sort-idx", &t.group_sort_idx,
			    "Sort the output by the event at the index n in group. If n is invalid,"
			    " sort by the first event. WARNING: should be used on grouped events."),
		OPT_INTEGER('r', "realtime", &t.realtime,
			    "collect data with this RT SCHED_FIFO priority"),
		OPT_BOOLEAN(0, "all-cgroups", &t.sopts.all_cgroups, "Record cgroup events"),
		OPT_CALLBACK('G', "cgroup", &t, "name", "monitor event in cgroup name only",
			     parse_cgroups),
		OPT_UINTEGER(0, "proc-map-timeout", &t.proc_map_timeout,
			     "per thread proc mmap processing timeout in ms"),
		OPT_UINTEGER(0, "num-thread-synthesize", &t.nr_threads_synth,
			     "number of thread to run event synthesize"),
		OPT_STRING(0, "comms", &t.comm_list, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING(0, "dsos", &t.dso_list, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING(0, "symbols", &t.sym_list, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_INTEGER('f', "count-filter", &t.count_filter,
			    "only display functions with more events than this"),
		OPT_CALLBACK(0, "percentage", &t.percentage, "relative|absolute",
			     "How to display percentage of filtered entries", parse_percentage),
		OPT_BOOLEAN(0, "show-total-period", &t.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_STRING('k', "vmlinux", &t.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &t.ignore_vmlinux, "don't load vmlinux even if found"),
		OPT_CALLBACK(0, "ignore-callees", &t.ignore_callees, "regex",
			     "ignore callees of these functions in call graphs",
			     parse_ignore_callees_opt),
		OPT_STRING(0, "kallsyms", &t.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "demangle-kernel", &t.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_BOOLEAN('D', "dump-symtab", &t.dump_symtab,
			    "dump the symbol table used for profiling"),
		OPT_BOOLEAN(0, "force", &t.force, "don't complain, do it"),
		OPT_BOOLEAN(0, "stitch-lbr", &t.stitch_lbr, "Enable LBR callgraph stitching approach"),
		/* the display options report has too (same printer) */
		OPT_BOOLEAN(0, "hierarchy", &t.hierarchy, "Show entries in a hierarchy"),
		OPT_STRING('w', "column-widths", &t.col_widths_str, "width[,width...]",
			   "don't try to adjust column width, use these fixed values"),
		OPT_BOOLEAN(0, "overwrite", &t.overwrite, "Use a backward ring buffer, default: no"),
		OPT_BOOLEAN(0, "raw-trace", &t.raw_trace,
			    "Show raw trace event output (do not use print fmt or plugins)"),
		OPT_STRING(0, "switch-on", &t.evswitch.on_name, "event",
			   "Consider events after the occurrence of this event"),
		OPT_STRING(0, "switch-off", &t.evswitch.off_name, "event",
			   "Stop considering events after the occurrence of this event"),
		OPT_BOOLEAN(0, "show-on-off-events", &t.evswitch.show_on_off,
			    "Show the on/off switch events, used with --switch-on and --switch-off"),
		/* what the annotate browser (a) shows */
		OPT_ANNOTATE_CLI(&t.ann_cli),
		OPT_END()
	};
	int ret;

	t.sopts = (struct sampling_opts)SAMPLING_OPTS_INIT;
	t.proc_map_timeout = UINT_MAX;
	t.ann_cli.source = true;
	if (prof_config(top__read_config, &t) < 0)
		return -1;
	argc = parse_options(argc, argv, options, top_usage, 0);
	if (argc)
		usage_with_options(top_usage, options);
	verbose = t.verbose;
	if (t.delay_secs < 1)
		t.delay_secs = 1;
	if (t.max_stack <= 0 || t.max_stack > TOP_MAX_FRAMES)
		t.max_stack = TOP_MAX_FRAMES;
	if (t.use_stdio && t.use_tui)
		return error("--stdio and --tui are mutually exclusive");
	/* perf's words and status (-EINVAL & 0xff), as report's */
	if (t.vmlinux && access(t.vmlinux, R_OK)) {
		error("Invalid file: %s", t.vmlinux);
		evlist__delete(t.evlist);
		return 256 - EINVAL;
	}
	if (t.kallsyms && access(t.kallsyms, R_OK)) {
		error("Invalid file: %s", t.kallsyms);
		evlist__delete(t.evlist);
		return 256 - EINVAL;
	}
	if (t.stitch_lbr) {
		/* top has no LBR call graphs (--call-graph lbr is refused) */
		error("Error: --stitch-lbr must be used with --call-graph lbr");
		evlist__delete(t.evlist);
		return 256 - EINVAL;
	}
	symbol_conf.vmlinux_name = t.vmlinux;
	symbol_conf.kallsyms_name = t.kallsyms;
	symbol_conf.ignore_vmlinux = t.ignore_vmlinux;
	symbol_conf.demangle_kernel = t.demangle_kernel;
	symbol_conf.force = t.force;
	name_list__parse(&t.filter.comms, t.comm_list);
	name_list__parse(&t.filter.dsos, t.dso_list);
	name_list__parse(&t.filter.syms, t.sym_list);
	if (t.hierarchy && t.field_order) {
		/* perf's words and usage lines */
		fputs("Error: --hierarchy and --fields options cannot be used together\n\n", stderr);
		parse_options_usage_for(top_usage, options, "fields", 0);
		parse_options_usage_for(NULL, options, "hierarchy", 0);
		exit(PROF_EXIT_USAGE);
	}
	t.nr_col_widths = hist_parse_col_widths(t.col_widths_str, t.col_widths, HIST_MAX_FIELDS);
	if (t.cpu_list) {
		struct cpu_map *cpus = cpu_map__new(t.cpu_list);

		if (!cpus) {
			error("invalid cpu list '%s'", t.cpu_list);
			parse_options_usage_for(top_usage, options, "cpu", 'C');
			exit(PROF_EXIT_USAGE);
		}
		cpu_map__put(cpus);
	}
	if (t.group)
		evlist__group_all(t.evlist);
	if (sample_rate__config(&t.rate, t.freq_str, t.interval, 0)) {
		evlist__delete(t.evlist);
		return 256 - EINVAL;	/* perf's exit status */
	}
	if (!t.evlist->nr_entries && evlist__add_default_cycles(t.evlist)) {
		evlist__delete(t.evlist);
		return -1;
	}
	/* perf's evswitch__init: the names are looked up before anything opens */
	if (evswitch__init(&t.evswitch, t.evlist->nr_entries, top__evsel_name, t.evlist) < 0) {
		evlist__delete(t.evlist);
		return 256 - ENOENT;
	}
	t.tty = isatty(STDOUT_FILENO);
	/* without a terminal, --tui falls back to stdio quietly, as perf */
	/* the browser has no hierarchy view: --hierarchy prints snapshots */
	if (t.hierarchy)
		t.use_tui = false;
	if (!t.use_stdio && !t.hierarchy)
		t.use_tui = t.tty && isatty(STDIN_FILENO) &&
			    (t.use_tui || (!t.no_browser && getenv("TERM") &&
					   strcmp(getenv("TERM"), "dumb")));
	if (t.use_tui && !tui__available()) {
		warning("prof was built without ncursesw (NO_NCURSES): only --stdio is available");
		t.use_tui = false;
	}
	ret = annotate_cli__finish(&t.ann_cli, &t.ann_opts);
	if (ret)
		return ret < 0 ? -1 : ret;
	if (t.use_tui || t.sym_annotate)
		t.addr_hits = addr_hits__new();
	ret = top__run(&t);
	hist_filter__exit(&t.filter);
	callee_regex__exit(&t.ignore_callees);
	evlist__delete(t.evlist);
	return ret < 0 ? -1 : 0;
}
