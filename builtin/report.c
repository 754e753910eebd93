// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof report: read a perf.data file (or stream) and print the profile as
 * perf report --stdio prints it; --stats, --header, --header-only and -D
 * as perf does.
 *
 * The flow: options -> session__open -> the machine model fed by the
 * session's records (src/symbol) -> one struct hists per event (src/hist)
 * -> the stdio printer (src/ui). This file only wires them together.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/hist.h"
#include "prof/evswitch.h"
#include "prof/itrace.h"
#include <sys/utsname.h>
#include "prof/hist-filter.h"
#include "prof/sort.h"
#include "prof/callchain.h"
#include "prof/hist-stdio.h"
#include "prof/tui.h"
#include "prof/header-print.h"
#include "prof/stats-print.h"
#include "prof/tasks-print.h"
#include "prof/dump.h"
#include "prof/strbuf.h"
#include "prof/unwind.h"
#include "prof/resolved-sample.h"
#include "prof/srcline.h"
#include "prof/trace-event.h"
#include "prof/time-range.h"
#include "prof/cpumap.h"
#include "prof/config.h"
#include "prof/off-cpu.h"
#include "prof/block-info.h"
#include "builtin.h"
#include <regex.h>
#include <sys/stat.h>
#include <time.h>

static const char *const report_usage[] = {
	"prof report [<options>]",
	NULL
};

struct report {
	const char *input;
	const char *sort_order, *field_order;
	const char *symfs, *vmlinux, *kallsyms;
	const char *comm_list, *pid_list, *tid_list, *dso_list, *sym_list;
	const char *percentage;
	const char *pretty;		/* --pretty: "raw" is -T's raw table */
	bool show_ref_callgraph;	/* --show-ref-call-graph */
	const char *field_sep;		/* -t */
	const char *call_graph;
	const char *parent_pattern;
	double min_percent;
	int max_stack;
	enum unwind_backend unwinder;	/* --unwinder */
	bool children, children_set;
	bool show_nr_samples, show_total_period;
	bool header, header_only, show_info;
	bool stats, dump, quiet, stdio, tui;
	bool inverted, no_demangle, demangle_kernel, force;
	bool clock_known;		/* machine->clock_monotonic set */
	bool threads, full_srcline, ignore_vmlinux, hide_unresolved;
	bool call_graph_set, no_call_graph, percent_limit_set;
	bool use_pager;
	int stdio_color;		/* --stdio-color: 1 colour, 0 not, -1 a terminal's */
	bool use_tui;			/* the browser: a terminal without --stdio, or --tui */
	bool total_cycles;		/* --total-cycles */
	/* --total-cycles in branch mode: the functions' block cycles, their sum */
	struct block_cycles *blocks;
	u64 total_cycles_sum;
	bool nonany_branch;		/* perf's nonany_branch_mode: no block starts */
	/* run state */
	struct session *session;
	struct machine *machine;
	struct hist_layout layout;
	struct hists *hists;		/* one per event */
	int nr_hists;
	struct callchain_param cp;
	bool use_callchain;
	int branch_stack;		/* -b: 1, --no-branch-stack: 0, default -1 */
	bool branch_mode;
	struct hist_filter filter;	/* --comms, --pid, --tid, --dsos, --symbols */
	regex_t parent_regex;
	bool has_parent_regex;
	struct callee_regex ignore_callees;	/* --ignore-callees */
	bool inline_names;		/* --inline (default): expand inlined frames */
	struct sample_resolver *resolver;	/* each sample's location and frames */
	struct hist_entry **he_cache;
	/* report__comm's cache */
	struct hists *comm_hists;
	const char *comm_raw, *comm_interned;
	/* -T: READ values per thread (rows, first seen first) and event */
	struct thread_values *tvals;
	int nr_tvals, nr_tcounters;
	int tcounters[64];		/* event idx of each column */
	/* -D in branch mode: perf counts one sample per branch entry */
	u64 *dump_nr_samples;
	int nr_dump_nr_samples;
	/* --sort trace: the current sample's text */
	bool trace_key;
	char *trace_text;
	/* the sample-value keys (time, cgroup, cgroup_id, socket, ...) */
	u64 time_quantum;		/* --time-quantum, ns */
	const char *time_str;		/* --time */
	struct time_range *ranges;
	int nr_ranges;
	const char *cpu_list;		/* -C/--cpu */
	bool *cpu_bitmap;		/* indexed by CPU, nr_cpu_bitmap of them */
	int nr_cpu_bitmap;
	const char *symbol_filter;	/* --symbol-filter */
	bool skip_empty;		/* --skip-empty (default on) */
	bool tasks, mmaps;		/* --tasks, --mmaps: the threads instead */
	const char *col_widths_str;	/* -w */
	bool raw_trace;			/* --raw-trace: fields, not the print format */
	bool group, group_set;		/* --group, --no-group */
	/*
	 * --wall-clock: the on-CPU time event's samples (-1: none) and
	 * offcpu-time's also go into @wall, their periods nanoseconds both
	 */
	bool wall_clock;
	int wall_on, wall_off;
	struct hists *wall;
	char *wall_names;		/* the browser's: "cpu-clock, offcpu-time" */
	const char *config_sort_order;	/* report.sort_order */
	bool hide_headers;		/* ui.show-headers = false */
	bool no_browser;		/* tui.report (or gtk.report) = false */
	bool hierarchy;			/* --hierarchy */
	bool cpu_utilization;		/* --show-cpu-utilization */
	int socket_filter;		/* --socket-filter, -1: none */
	bool exclude_other;		/* -x: only entries with a parent */
	bool mem_mode, branch_history, stitch_lbr;	/* perf's views prof lacks */
	bool disable_order;		/* --disable-order: records in file order */
	struct header_group forced_group;	/* all events, for --[no-]group without groups */
	int group_sort_idx;		/* --group-sort-idx, 0: none */
	struct itrace_opts itrace;	/* --itrace: perf's grammar; l/L branch mode */
	int res_samples;		/* --samples: saved per entry for the browser */
	u64 res_sample_context;		/* samples.context: ns either side (0: perf's 10 ms) */
	bool modules;			/* -m/--modules: the live kernel's modules (default) */
	bool itrace_refused;		/* --itrace met a stream's AUX trace: said so */
	struct evswitch evswitch;	/* --switch-on/--switch-off/--show-on-off-events */
	/* the annotate browser (a): its options, each instruction's samples */
	struct annotate_cli ann_cli;
	struct annotate_browse_opts ann_opts;
	struct addr_hits *addr_hits;	/* the browser's only */
	int *tui_event_idx;		/* the browser's event i: this evsel */
	int col_widths[HIST_MAX_FIELDS], nr_col_widths;
	const struct option *options;	/* for perf's usage lines after an error */
	struct report_cgroup { u64 id; char *name; } *cgroups;	/* CGROUP records */
	int nr_cgroups;
	struct report_cgns { u32 tid; u64 dev, ino; } *cgns;	/* NAMESPACES records */
	int nr_cgns;
	int status;			/* an exit status of perf's own, or 0 */
};

struct thread_values {
	int pid, tid;
	u64 value[64];
};

/* ---- the machine model fed by the session ---- */

/* jitdump timestamps are comparable with sample times under -k mono. */
static void report__set_clock(struct report *rep)
{
	bool mono = session__nr_evsels(rep->session) > 0;

	for (int i = 0; i < session__nr_evsels(rep->session); i++) {
		const struct perf_event_attr *a = &session__evsel(rep->session, i)->attr;

		if (!a->use_clockid || a->clockid != CLOCK_MONOTONIC)
			mono = false;
	}
	rep->machine->clock_monotonic = mono;
}

/* PERF_RECORD_CGROUP: the path of a cgroup id (--sort cgroup). */
static int on_cgroup(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);
	const u8 *p = (const u8 *)ev + sizeof(struct perf_event_header);
	size_t len = ev->header.size - sizeof(struct perf_event_header);
	u64 id;

	(void)sample;
	if (len < sizeof(id) + 1)
		return 0;
	memcpy(&id, p, sizeof(id));
	for (int i = 0; i < rep->nr_cgroups; i++)
		if (rep->cgroups[i].id == id)
			return 0;
	rep->cgroups = xrealloc(rep->cgroups, (size_t)(rep->nr_cgroups + 1) * sizeof(*rep->cgroups));
	rep->cgroups[rep->nr_cgroups].id = id;
	rep->cgroups[rep->nr_cgroups++].name = xstrndup((const char *)p + sizeof(id),
							len - sizeof(id));
	return 0;
}

/* PERF_RECORD_NAMESPACES: a thread's cgroup namespace (--sort cgroup_id). */
#define CGROUP_NS_INDEX 6

static int on_namespaces(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);
	const u8 *p = (const u8 *)ev + sizeof(struct perf_event_header);
	size_t len = ev->header.size - sizeof(struct perf_event_header);
	u32 tid;
	u64 nr, link[2];
	int i;

	(void)sample;
	if (len < 16)
		return 0;
	memcpy(&tid, p + 4, sizeof(tid));
	memcpy(&nr, p + 8, sizeof(nr));
	if (nr <= CGROUP_NS_INDEX || len < 16 + (CGROUP_NS_INDEX + 1) * sizeof(link))
		return 0;
	memcpy(link, p + 16 + CGROUP_NS_INDEX * sizeof(link), sizeof(link));
	for (i = 0; i < rep->nr_cgns; i++)
		if (rep->cgns[i].tid == tid)
			break;
	if (i == rep->nr_cgns) {
		rep->cgns = xrealloc(rep->cgns, (size_t)(i + 1) * sizeof(*rep->cgns));
		rep->nr_cgns++;
	}
	rep->cgns[i] = (struct report_cgns){ tid, link[0], link[1] };
	return 0;
}

/* The values the sample-value keys compare (perf's hist_entry fields). */
static void report__sample_vals(struct report *rep, struct hist_vals *v,
				const struct perf_sample *sample)
{
	const struct perf_header *h = session__header(rep->session);

	v->time = rep->time_quantum ? sample->time - sample->time % rep->time_quantum :
				      sample->time;
	v->addr = sample->ip;
	v->weight = sample->weight;
	v->ins_lat = sample->ins_lat;
	v->p_stage_cyc = sample->p_stage_cyc;
	v->code_page_size = sample->code_page_size;
	v->cgroup = sample->cgroup;
	v->cgroup_name = "N/A";
	if (sample->cgroup) {
		v->cgroup_name = "unknown";
		for (int i = 0; i < rep->nr_cgroups; i++)
			if (rep->cgroups[i].id == sample->cgroup)
				v->cgroup_name = rep->cgroups[i].name;
	}
	v->cgroup_dev = v->cgroup_ino = 0;
	for (int i = 0; i < rep->nr_cgns; i++)
		if (rep->cgns[i].tid == sample->tid) {
			v->cgroup_dev = rep->cgns[i].dev;
			v->cgroup_ino = rep->cgns[i].ino;
		}
	v->socket = h && (int)sample->cpu >= 0 && sample->cpu < h->nr_cpu_topo ?
		    (int)h->cpu_topo[sample->cpu].socket_id : -1;
}

/* MMAP, MMAP2, COMM, FORK and EXIT records feed the machine model. */
static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);

	if (!rep->clock_known) {
		/* the attrs are known by now, in a stream too */
		report__set_clock(rep);
		rep->clock_known = true;
	}
	machine__jit_advance(rep->machine, sample->time);
	return machine__process_event(rep->machine, ev);
}

/* TIME_CONV, for jitdump files with arch timestamps. */
static int on_time_conv(struct session *s, union perf_event *ev)
{
	struct report *rep = session__tool_priv(s);

	return machine__process_event(rep->machine, ev);
}


/* What the header says of the recording machine: build-ids, its kernel. */
static void set_header_build_ids(struct report *rep)
{
	const struct perf_header *h = session__header(rep->session);

	machine__process_header(rep->machine, h);
}

/* Was the file recorded on the running kernel (its release and arch)? */
static bool report__is_running_kernel(struct report *rep)
{
	const struct perf_header *h = session__header(rep->session);
	struct utsname u;

	return !uname(&u) && h->osrelease && !strcmp(h->osrelease, u.release) &&
	       (!h->arch || !strcmp(h->arch, u.machine));
}

/* ---- filters (--comm, --pid, --tid, --dsos, --symbols) ---- */

static bool report__filtered(struct report *rep, const char *comm, pid_t pid, pid_t tid,
			     struct dso *dso, struct symbol *sym)
{
	return hist_filter__rejects(&rep->filter, comm, pid, tid, dso, sym);
}

/* ---- samples ---- */

/* resolve_param.intern: chain srclines live in the sample's hists. */
static const char *report__intern(void *ctx, const char *str)
{
	return hists__intern(ctx, str);
}

/* The interned comm of @t, cached for runs of samples of one thread. */
static const char *report__comm(struct report *rep, struct hists *h, struct thread *t)
{
	const char *c = t ? thread__comm_str(t) : "";

	if (h != rep->comm_hists || c != rep->comm_raw || strcmp(c, rep->comm_interned)) {
		rep->comm_hists = h;
		rep->comm_raw = c;
		rep->comm_interned = hists__intern(h, c);
	}
	return rep->comm_interned;
}

/* One struct hists per event; pipe streams announce events as they go. */
static void report__grow_hists(struct report *rep, int nr)
{
	if (nr <= rep->nr_hists)
		return;
	rep->hists = xrealloc(rep->hists, (size_t)nr * sizeof(*rep->hists));
	rep->comm_hists = NULL;		/* the hists moved */
	for (int i = rep->nr_hists; i < nr; i++) {
		hists__init(&rep->hists[i], &rep->layout);
		rep->hists[i].full_srcline = rep->full_srcline;
		rep->hists[i].acc_depth_order = rep->layout.children && rep->use_callchain;
		rep->hists[i].order_caller = rep->cp.order == ORDER_CALLER;
	}
	rep->nr_hists = nr;
}

/* Resolve one end of a branch; returns the size of its map (0: none). */
static u64 branch_end__resolve(struct report *rep, const struct hist_sample *hs, u64 ip,
			       struct branch_end *e)
{
	struct addr_location al;
	u64 map_size;

	machine__resolve_any(rep->machine, hs->pid, hs->tid, ip, &al);
	e->addr = ip;
	e->al_addr = al.addr;
	e->dso = al.map ? al.map->dso : NULL;
	e->sym = al.map ? al.sym : NULL;
	e->level = al.level;
	map_size = al.map ? al.map->end - al.map->start : 0;
	addr_location__exit(&al);
	return map_size;
}

/*
 * perf's branch mode (files with branch stacks): every branch of the
 * sample is an entry of period 1 with both ends resolved; the sample's
 * own keys (sym, dso) see the branch target by raw address, with the
 * sample's privilege tag, and the sample's location decides filtering.
 */
static void report__add_branches(struct report *rep, struct hists *h, struct hist_sample *hs,
				 const struct perf_sample *sample)
{
	bool filtered = report__filtered(rep, hs->comm, hs->pid, hs->tid, hs->dso, hs->sym);
	struct hist_branch b = { 0 };

	hs->branch = &b;
	for (u64 i = 0; i < sample->branch_nr; i++) {
		u64 flags = sample->branch[i].flags, map_size;
		struct hist_entry *he;
		size_t nr_before;

		map_size = branch_end__resolve(rep, hs, sample->branch[i].to, &b.to);
		branch_end__resolve(rep, hs, sample->branch[i].from, &b.from);
		if (rep->hide_unresolved && !(b.from.sym && b.to.sym))
			continue;
		b.mispred = flags & 1;
		b.predicted = flags & 2;
		b.in_tx = flags & 4;
		b.abort = flags & 8;
		b.cycles = (u16)(flags >> 4);
		hs->has_map = b.to.dso != NULL;
		hs->dso = b.to.dso;
		hs->map_size = map_size;
		hs->sym = b.to.sym;
		hs->ip = b.to.addr;
		hs->period = 1;
		nr_before = h->nr_entries;
		he = hists__add(h, hs, true);
		if (h->nr_entries != nr_before)
			he->filtered = filtered;
		h->nr_samples++;
		h->total_period++;
	}
	hs->branch = NULL;
}

/* --sort trace: the record as its print format shows it, NULL for other events. */
static const char *report__trace(struct report *rep, const struct perf_sample *sample)
{
	struct session_evsel *e = sample->evsel;

	free(rep->trace_text);
	rep->trace_text = NULL;
	if (e->attr.type != PERF_TYPE_TRACEPOINT)
		return NULL;
	if (e->tp_format && sample->raw_data)
		rep->trace_text = trace_event__format(e->tp_format, sample->raw_data,
						      sample->raw_size, rep->raw_trace);
	return rep->trace_text ? rep->trace_text : "";
}

/* evswitch__init's names: the file's events */
static const char *report__evsel_name(void *ctx, int idx)
{
	return session_evsel__name(session__evsel(ctx, idx));
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);
	struct resolved_sample rs;
	struct addr_location *al = &rs.al;
	struct hist_sample hs = { 0 };
	struct hists *h;
	struct hist_entry *he;
	size_t nr_before;
	bool filtered;
	int nr = 0;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	if (sample->evsel->idx >= rep->nr_hists)
		report__grow_hists(rep, sample->evsel->idx + 1);
	/* --time and --cpu drop the sample before anything counts it */
	if (rep->nr_ranges && time_ranges__skip(rep->ranges, rep->nr_ranges, sample->time))
		return 0;
	if (evswitch__discard(&rep->evswitch, sample->evsel->idx))
		return 0;
	if (rep->cpu_bitmap && ((int)sample->cpu < 0 || (int)sample->cpu >= rep->nr_cpu_bitmap ||
				!rep->cpu_bitmap[sample->cpu]))
		return 0;
	h = &rep->hists[sample->evsel->idx];
	resolved_sample__resolve(rep->resolver, sample, &rs);
	if (rep->hide_unresolved && !al->sym)
		goto out;
	hist_sample__set_location(&hs, al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.comm = report__comm(rep, h, al->thread);
	hs.cpu = (int)sample->cpu;
	hs.period = sample->period;
	report__sample_vals(rep, &hs.v, sample);
	if (rep->trace_key)
		hs.trace = report__trace(rep, sample);
	/*
	 * perf decides filtering once per sample, from its own location, and
	 * an entry keeps the decision of the sample that created it; also
	 * when --ignore-callees moves the sample to a caller (perf 6.1 then
	 * forgets the decision: deliberate-differences.md).
	 */
	filtered = report__filtered(rep, hs.comm, hs.pid, hs.tid, hs.dso, hs.sym);
	if (((rep->use_callchain || rep->layout.children) &&
	     sample->evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN) || rep->has_parent_regex)
		nr = resolved_sample__chain(rep->resolver, sample, &rs, h);
	if (rs.rerooted)
		hist_sample__set_location(&hs, al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.parent = rs.parent;
	hs.chain_id = rs.chain_id;
	if (rep->branch_mode) {
		/* perf's hist__account_cycles, before the sample's entries */
		if (rep->blocks)
			rep->total_cycles_sum +=
				block_cycles__account(rep->blocks, rep->machine, (pid_t)sample->pid,
						      (pid_t)sample->tid, sample->branch,
						      sample->branch_nr, rep->nonany_branch);
		report__add_branches(rep, h, &hs, sample);
		goto out;
	}

	if (rep->wall && (sample->evsel->idx == rep->wall_on || sample->evsel->idx == rep->wall_off)) {
		/* --wall-clock: the same sample in the sum of both (hs changes below) */
		struct hist_sample ws = hs;
		struct hists *w = rep->wall;

		ws.comm = report__comm(rep, w, al->thread);
		nr_before = w->nr_entries;
		he = hists__add(w, &ws, true);
		if (w->nr_entries != nr_before)
			he->filtered = filtered;
		w->nr_samples++;
		w->total_period += sample->period;
		hists__add_chain(w, he, &ws, rs.frames, nr, sample->period, rep->use_callchain,
				 filtered, false, rep->he_cache);
		hs.comm = report__comm(rep, h, al->thread);
	}
	nr_before = h->nr_entries;
	he = hists__add(h, &hs, true);
	if (h->nr_entries != nr_before)
		he->filtered = filtered;
	h->nr_samples++;
	h->total_period += sample->period;
	if (rep->res_samples)
		hist_entry__add_res_sample(he, rep->res_samples, sample->time, (int)sample->cpu,
					   (int)sample->tid);
	if (rep->addr_hits)
		addr_hits__add(rep->addr_hits, sample->evsel->idx, hs.has_map ? hs.sym : NULL,
			       hs.ip, sample->period);
	hists__add_chain(h, he, &hs, rs.frames, nr, sample->period, rep->use_callchain,
			 filtered, false, rep->he_cache);
out:
	resolved_sample__exit(&rs);
	return 0;
}

/* ---- options ---- */

/*
 * --stdio-color, as perf's color.ui: never, always, auto (a terminal whose
 * TERM is not dumb); a false value is never, a true one auto, anything
 * else auto after perf's warning. Without the option: colour when
 * standard output is a terminal (the pager's, then).
 */
static int parse_stdio_color(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;
	const char *term = getenv("TERM");
	bool is_auto = false;

	if (unset || !arg || !strcasecmp(arg, "never") || !strcasecmp(arg, "false") ||
	    !strcasecmp(arg, "no") || !strcasecmp(arg, "off") || !strcmp(arg, "0") || !*arg)
		rep->stdio_color = 0;
	else if (!strcasecmp(arg, "always"))
		rep->stdio_color = 1;
	else if (!strcasecmp(arg, "auto") || !strcasecmp(arg, "true") || !strcasecmp(arg, "yes") ||
		 !strcasecmp(arg, "on") || strtol(arg, NULL, 0) != 0)
		is_auto = true;
	else {
		fputs("bad config value for 'color.ui', ignoring...\n", stderr);	/* perf's words */
		is_auto = true;
	}
	if (is_auto)
		rep->stdio_color = isatty(STDOUT_FILENO) && term && strcmp(term, "dumb");
	return 0;
}

/*
 * perf's report variables, read before the options (which override them):
 * report.children, report.percent-limit (also the callchain threshold, as
 * --percent-limit), report.sort_order (the sort when -s is not given and
 * the file is not all tracepoints), report.group, report.skip-empty,
 * report.queue-size (checked: prof's ordered queue has no size to set),
 * call-graph.* (the print parameters) and ui.show-headers (the browser's
 * column header, H).
 */
static int report__config(const char *var, const char *value, void *data)
{
	struct report *rep = data;
	long v;

	if (strstarts(var, "call-graph."))
		return callchain_param__config(&rep->cp, var, value);
	if (!strcmp(var, "report.children")) {
		rep->children = config__bool(var, value);
		rep->children_set = true;
	} else if (!strcmp(var, "report.percent-limit")) {
		rep->min_percent = strtof(value, NULL);
		rep->cp.min_percent = rep->min_percent;
	} else if (!strcmp(var, "report.sort_order")) {
		rep->config_sort_order = value;	/* the process's config set keeps it */
	} else if (!strcmp(var, "report.group")) {
		rep->group = config__bool(var, value);
		rep->group_set = true;
	} else if (!strcmp(var, "report.skip-empty")) {
		rep->skip_empty = config__bool(var, value);
	} else if (!strcmp(var, "report.queue-size")) {
		return config__int(var, value, &v);
	} else if (!strcmp(var, "ui.show-headers")) {
		rep->hide_headers = !config__bool(var, value);
	} else if (!strcmp(var, "tui.report") || !strcmp(var, "gtk.report")) {
		/* perf's browser choice: false means stdio; gtk's true is no GTK here */
		rep->no_browser = !config__bool(var, value);
	} else if (!strcmp(var, "samples.context")) {
		/* perf's browser reads it apart: a bad value keeps the 10 ms */
		if (!config__int(var, value, &v))
			rep->res_sample_context = (u64)v;
	}
	return 0;
}

/* --itrace: perf's grammar and message; its usage follows (exit 129) */
static int parse_itrace_opt(const struct option *opt, const char *arg, int unset)
{
	struct itrace_opts *it = opt->value;

	if (unset) {
		it->set = false;
		return 0;
	}
	if (itrace_opts__parse(it, arg)) {
		fprintf(stderr, "Bad Instruction Tracing options '%s'\n\n", arg);
		return -1;
	}
	return 0;
}

static int parse_percent_limit(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;
	if (unset)
		return 0;
	/* as perf: what strtof reads, so "5%" is 5 and "abc" is 0 */
	rep->min_percent = strtof(arg, NULL);
	/* perf: the limit is also the callchain threshold */
	rep->cp.min_percent = rep->min_percent;
	rep->percent_limit_set = true;
	return 0;
}

/* "N" (ns) or "N" with ns, us, ms or s; perf's words for what it refuses */
static int parse_time_quantum(const struct option *opt, const char *arg, int unset)
{
	static const struct { const char *unit; u64 mul; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	u64 *q = opt->value;
	char *end;
	unsigned long v;

	if (unset)
		return 0;
	v = strtoul(arg, &end, 0);
	for (size_t i = 0; end != arg && i < ARRAY_SIZE(units); i++)
		if (!strcmp(end, units[i].unit)) {
			if (!v) {
				/* perf's line has no newline: its usage's blank line ends it */
				fputs("time quantum cannot be 0\n", stderr);
				return -1;
			}
			*q = (u64)v * units[i].mul;
			return 0;
		}
	fprintf(stderr, "Cannot parse time quantum `%s'\n\n", arg);
	return -1;
}

static int parse_branch_stack(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	(void)arg;
	rep->branch_stack = unset ? 0 : 1;
	return 0;
}

static int parse_call_graph(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	rep->call_graph_set = true;
	if (unset) {
		rep->no_call_graph = true;
		rep->cp.enabled = false;
		rep->cp.mode = CHAIN_NONE;
		return 0;
	}
	if (callchain_param__parse(&rep->cp, arg ? arg : "graph,0.5,caller,function,percent") < 0)
		return error("invalid callchain mode '%s'", arg);
	if (!rep->cp.enabled)
		rep->no_call_graph = true;
	return 0;
}

/* ---- output ---- */

/* Tips name only what this prof has. */
static const char *const tips[] = {
	"For a higher level overview, try: prof report --sort comm,dso",
	"To see callchains in a more compact form: prof report -g folded",
	"Limit to show entries above 5% only: prof report --percent-limit 5",
	"To change sampling frequency to 100 Hz: prof record -F 100",
	"To see only a symbol's own time: prof report --no-children",
	"Group by source line, without spawning addr2line: prof report --sort srcline",
	"Record call chains of programs without frame pointers: prof record --call-graph dwarf",
	"Count run-to-run spread before and after a change: prof stat -r 5 -- ./cmd",
};

static void print_tip(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	printf("#\n# (Tip: %s)\n#\n", tips[(u64)ts.tv_nsec % ARRAY_SIZE(tips)]);
}

/*
 * The group led by event @idx (perf's GROUP_DESC), or NULL; with --group or
 * --no-group on a file without groups, perf makes all its events one group
 * (shown only with --group).
 */
static const struct header_group *report__leader_of(struct report *rep, int idx)
{
	const struct perf_header *h = session__header(rep->session);

	if (rep->forced_group.nr_members > 1)
		return idx == 0 && rep->nr_hists >= (int)rep->forced_group.nr_members ?
		       &rep->forced_group : NULL;
	for (u32 k = 0; h && k < h->nr_groups; k++)
		if ((int)h->groups[k].leader_idx == idx && h->groups[k].nr_members > 1 &&
		    idx + (int)h->groups[k].nr_members <= rep->nr_hists)
			return &h->groups[k];
	return NULL;
}

/* Is the group view on (a file's groups, unless --no-group)? */
static bool report__group_view(struct report *rep)
{
	return rep->group_set ? rep->group : true;
}

static const struct header_group *report__group_of(struct report *rep, int idx)
{
	return report__group_view(rep) ? report__leader_of(rep, idx) : NULL;
}

static bool report__is_member(struct report *rep, int idx)
{
	const struct perf_header *h = session__header(rep->session);

	if (!report__group_view(rep))
		return false;
	if (rep->forced_group.nr_members > 1)
		return idx > 0 && idx < (int)rep->forced_group.nr_members;
	for (u32 k = 0; h && k < h->nr_groups; k++) {
		int l = (int)h->groups[k].leader_idx;

		if (h->groups[k].nr_members > 1 && idx > l && idx < l + (int)h->groups[k].nr_members)
			return true;
	}
	return false;
}

/* "anon group { a, b }" as perf's evsel__group_desc; "a, b" for a forced group. */
static char *group_desc(struct report *rep, const struct header_group *g)
{
	struct strbuf sb = STRBUF_INIT;
	bool anon = !g->name || !strcmp(g->name, "{anon_group}");
	bool forced = g == &rep->forced_group;

	if (!forced)
		strbuf_addf(&sb, "%s { ", anon ? "anon group" : g->name);
	for (u32 m = 0; m < g->nr_members; m++)
		strbuf_addf(&sb, "%s%s", m ? ", " : "",
			    session_evsel__name(session__evsel(rep->session, (int)(g->leader_idx + m))));
	if (!forced)
		strbuf_addstr(&sb, " }");
	return strbuf_detach(&sb, NULL);
}

static void report__print_threads(struct report *rep);

/* the browser's i: perf's header information window */
static void report__tui_header(void *priv, FILE *fp)
{
	struct report *rep = priv;

	header__fprintf_env(rep->session, true, fp);
}

/*
 * --wall-clock's browser title: stdio's "# Samples" line, the samples and
 * time of the summed view (its members' are the same samples again).
 */
static void report__tui_wall_title(void *priv, int idx, char *buf, size_t size, u64 nr_samples,
				   u64 total)
{
	struct report *rep = priv;
	struct hists *w = rep->wall;
	u64 n;
	char unit;

	(void)idx;
	(void)nr_samples;
	(void)total;
	n = hist__convert_unit(w->nr_samples, &unit);
	snprintf(buf, size, "Samples: %" PRIu64 "%c of events '%s' (wall-clock: on+off CPU), "
		 "Event count (approx.): %" PRIu64, n, unit, rep->wall_names, w->total_period);
}

/* The annotate title's "4000 Hz": the browser's event @idx, sampled by frequency. */
static u64 report__tui_sample_freq(void *priv, int idx)
{
	struct report *rep = priv;
	const struct perf_event_attr *a;

	if (!rep->tui_event_idx)
		return 0;
	a = &session__evsel(rep->session, rep->tui_event_idx[idx])->attr;
	return a->freq ? a->sample_freq : 0;
}

/*
 * --samples: the script fields event @idx's samples add to the context
 * view (perf's attr_to_script), those prof script has: +metric and
 * +brstackinsn --xed are not among them.
 */
static void report__tui_res_sample_fields(void *priv, int idx, char *buf, size_t size)
{
	struct report *rep = priv;
	const struct perf_event_attr *a;

	buf[0] = '\0';
	if (!rep->tui_event_idx)
		return;
	a = &session__evsel(rep->session, rep->tui_event_idx[idx])->attr;
	snprintf(buf, size, "%s%s%s", a->sample_type & PERF_SAMPLE_REGS_INTR ? " -F +iregs" : "",
		 a->sample_type & PERF_SAMPLE_REGS_USER ? " -F +uregs" : "",
		 a->sample_type & PERF_SAMPLE_PHYS_ADDR ? " -F +phys_addr" : "");
}

/*
 * --symbol-filter, --socket-filter, -x: entries whose symbol does not
 * contain the string, of another socket, without a parent are hidden
 */
static void report__hide(struct report *rep, struct hists *h)
{
	for (size_t e = 0; e < h->nr_entries; e++) {
		struct hist_entry *he = h->entries[e];

		if (rep->symbol_filter && (!he->sym || !strstr(he->sym->name, rep->symbol_filter)))
			he->filtered = true;
		if (rep->socket_filter >= 0 && he->v.socket != rep->socket_filter)
			he->filtered = true;
		if (rep->exclude_other && !he->parent)
			he->filtered = true;
	}
}

/*
 * --wall-clock: which events: offcpu-time, and the on-CPU event if it
 * counts time (cpu-clock, task-clock: a period in nanoseconds). 0, or
 * -1 after saying why.
 */
static int report__setup_wall(struct report *rep)
{
	const char *other = NULL;

	rep->wall_on = rep->wall_off = -1;
	for (int i = 0; i < session__nr_evsels(rep->session); i++) {
		struct session_evsel *e = session__evsel(rep->session, i);
		const char *name = session_evsel__name(e);
		bool dummy = e->attr.type == PERF_TYPE_SOFTWARE &&
			     e->attr.config == PERF_COUNT_SW_DUMMY;

		if (!strcmp(name, OFFCPU_EVENT)) {
			if (rep->wall_off < 0)
				rep->wall_off = i;
		} else if (e->attr.type == PERF_TYPE_SOFTWARE &&
			   (e->attr.config == PERF_COUNT_SW_CPU_CLOCK ||
			    e->attr.config == PERF_COUNT_SW_TASK_CLOCK)) {
			if (rep->wall_on < 0)
				rep->wall_on = i;
		} else if (!dummy && !other) {
			other = name;
		}
	}
	if (rep->wall_off < 0)
		return error("--wall-clock needs an offcpu-time event: record with --off-cpu");
	if (rep->wall_on < 0 && other)
		return error("--wall-clock: the on-CPU event '%s' does not count time: record "
			     "-e cpu-clock or -e task-clock with --off-cpu", other);
	rep->wall = xcalloc(1, sizeof(*rep->wall));
	hists__init(rep->wall, &rep->layout);
	rep->wall->full_srcline = rep->full_srcline;
	rep->wall->acc_depth_order = rep->layout.children && rep->use_callchain;
	rep->wall->order_caller = rep->cp.order == ORDER_CALLER;
	return 0;
}

/*
 * --wall-clock's one table: the sum of both events, grouped with each as
 * perf shows a group, but every column a share of the summed time, so
 * an entry's on-CPU and off-CPU percentages add up to its wall one.
 */
static void report__setup_wall_view(struct report *rep, struct strbuf *names)
{
	struct hists *w = rep->wall, *members[3];
	int nr = 0;

	members[nr++] = w;
	if (rep->wall_on >= 0)
		members[nr++] = &rep->hists[rep->wall_on];
	members[nr++] = &rep->hists[rep->wall_off];
	for (int m = 1; m < nr; m++) {
		members[m]->total_period = w->total_period;
		strbuf_addf(names, "%s%s", m > 1 ? ", " : "",
			    session_evsel__name(session__evsel(rep->session,
							       m == nr - 1 ? rep->wall_off : rep->wall_on)));
	}
	report__hide(rep, w);
	hists__link_group(w, members, nr);
	hists__output_resort(w);
	if (rep->use_callchain)
		for (size_t e = 0; e < w->nr_entries; e++)
			if (w->entries[e]->callchain)
				callchain_root__sort(w->entries[e]->callchain, &rep->cp);
}

static void report__print_wall(struct report *rep, const struct hists_print_opts *o)
{
	struct hists *w = rep->wall;
	struct strbuf names = STRBUF_INIT;
	u64 n;
	char unit;

	report__setup_wall_view(rep, &names);
	if (!rep->quiet) {
		n = hist__convert_unit(w->nr_samples, &unit);
		printf("# Samples: %" PRIu64 "%c of events '%s' (wall-clock)\n", n, unit, names.buf);
		printf("# Event count (approx.): %" PRIu64 "\n", w->total_period);
		printf("# Wall-clock time in nanoseconds: on CPU (%s) plus off CPU (%s).\n",
		       rep->wall_on >= 0 ? session_evsel__name(session__evsel(rep->session, rep->wall_on))
					 : "none recorded", OFFCPU_EVENT);
		printf("# Each column: wall, on-CPU, off-CPU, as shares of the whole wall time.\n");
		printf("#\n");
	}
	hists__fprintf(w, o, stdout);
	printf("\n\n");
	strbuf_release(&names);
}

static int report__print(struct report *rep)
{
	struct hists_print_opts o = {
		.show_header = !rep->quiet,
		.min_percent = rep->min_percent,
		.cp = rep->use_callchain ? &rep->cp : NULL,
		.sort_starts_with_sym = !rep->field_order && rep->sort_order &&
					!strncmp(rep->sort_order, "sym", 3),
		.field_sep = rep->field_sep,
		.col_widths = rep->col_widths,
		.nr_col_widths = rep->nr_col_widths,
		.hierarchy = rep->hierarchy,
		.color = rep->stdio_color > 0,
	};
	struct hists **tui_h = NULL;
	char **tui_names = NULL;
	int tui_nr = 0;

	if (!rep->quiet && !rep->use_tui)
		printf("#\n# Total Lost Samples: %" PRIu64 "\n#\n",
		       session__stats(rep->session)->total_lost_samples);
	for (int i = 0; i < rep->nr_hists; i++) {
		struct hists *h = &rep->hists[i];
		struct session_evsel *evsel = session__evsel(rep->session, i);
		const struct header_group *g = report__group_of(rep, i);
		u64 n = h->nr_samples, total = h->total_period;
		char *name = NULL;
		char unit;

		if (report__is_member(rep, i) || (!h->nr_samples && rep->skip_empty) || rep->wall)
			continue;
		report__hide(rep, h);
		if (rep->percentage && !strcmp(rep->percentage, "relative")) {
			/* percentages of what the filters let through (not in call graphs) */
			h->callchain_total = h->total_period;
			hists__unfiltered_totals(h, &h->total_period, &h->nr_samples);
			n = h->nr_samples;
			total = h->total_period;
		}
		if (g) {
			struct hists *members[64];
			int nr = (int)min(g->nr_members, 64u);

			for (int m = 0; m < nr; m++) {
				members[m] = &rep->hists[i + m];
				if (m) {
					n += members[m]->nr_samples;
					total += members[m]->total_period;
				}
			}
			hists__link_group(h, members, nr);
			h->group_sort_idx = rep->group_sort_idx;
			name = group_desc(rep, g);
		}
		hists__output_resort(h);
		if (rep->use_callchain)
			for (size_t e = 0; e < h->nr_entries; e++)
				if (h->entries[e]->callchain)
					callchain_root__sort(h->entries[e]->callchain, &rep->cp);
		if (rep->use_tui) {
			/* the browser takes them all: perf's chooser when there are several */
			tui_h = xrealloc(tui_h, (size_t)(tui_nr + 1) * sizeof(*tui_h));
			tui_names = xrealloc(tui_names, (size_t)(tui_nr + 1) * sizeof(*tui_names));
			rep->tui_event_idx = xrealloc(rep->tui_event_idx,
						      (size_t)(tui_nr + 1) * sizeof(int));
			rep->tui_event_idx[tui_nr] = i;
			tui_h[tui_nr] = h;
			tui_names[tui_nr++] = name ? name : xstrdup(session_evsel__name(evsel));
			continue;
		}
		if (!rep->quiet) {
			n = hist__convert_unit(n, &unit);
			/* perf: "events" for a group's leader, shown as a group or not */
			printf("# Samples: %" PRIu64 "%c of event%s '%s'", n, unit,
			       report__leader_of(rep, i) ? "s" : "",
			       name ? name : session_evsel__name(evsel));
			if (rep->time_str)
				printf(" (time slices: %s)", rep->time_str);
			if (rep->show_ref_callgraph &&
			    strstr(name ? name : session_evsel__name(evsel), "call-graph=no"))
				printf(", show reference callgraph");
			putchar('\n');
			printf("# Event count (approx.): %" PRIu64 "\n", total);
			if (rep->socket_filter >= 0)
				printf("# Processor Socket: %d\n", rep->socket_filter);
			printf("#\n");
		}
		free(name);
		if (rep->blocks) {
			/* perf's block report: no blank lines after it */
			size_t nb;
			u64 block_cycles;
			struct block_info *b = block_cycles__report(rep->blocks, h,
								    rep->total_cycles_sum, &nb,
								    &block_cycles);

			block_report__fprintf(b, nb, rep->total_cycles_sum, block_cycles,
					      rep->min_percent, stdout);
			free(b);
			continue;
		}
		hists__fprintf(h, &o, stdout);
		printf("\n\n");
	}
	if (rep->wall && rep->use_tui) {
		/* one view: the wall time, its on-CPU and off-CPU parts as a group */
		struct strbuf names = STRBUF_INIT;

		report__setup_wall_view(rep, &names);
		rep->wall_names = strbuf_detach(&names, NULL);
		tui_h = xcalloc(1, sizeof(*tui_h));
		tui_names = xcalloc(1, sizeof(*tui_names));
		rep->tui_event_idx = xcalloc(1, sizeof(int));
		/* annotate shows where the time on CPU went, when there is some */
		rep->tui_event_idx[0] = rep->wall_on >= 0 ? rep->wall_on : rep->wall_off;
		tui_h[0] = rep->wall;
		tui_names[tui_nr++] = xstrdup(rep->wall_names);
	} else if (rep->wall) {
		report__print_wall(rep, &o);
	}
	if (rep->use_tui) {
		struct hist_browser_ops ops = {
			.header_info = report__tui_header,
			.priv = rep,
			.cp = rep->use_callchain ? &rep->cp : NULL,
			.min_percent = rep->min_percent,
			.show_ref_callgraph = rep->show_ref_callgraph,
			.hide_headers = rep->hide_headers,
			.addr_hits = rep->addr_hits,
			.event_idx = rep->tui_event_idx,
			.annotate = &rep->ann_opts,
			.sample_freq = report__tui_sample_freq,
			.title = rep->wall ? report__tui_wall_title : NULL,
			.res_sample_input = rep->res_samples > 0 ? session__path(rep->session) : NULL,
			.res_sample_context = rep->res_sample_context,
			.res_sample_inline = rep->inline_names,
			.res_sample_fields = report__tui_res_sample_fields,
		};
		int err = hists__tui_browse(tui_h, (const char *const *)tui_names, tui_nr, &ops);

		for (int i = 0; i < tui_nr; i++)
			free(tui_names[i]);
		free(tui_names);
		free(tui_h);
		if (err)
			return error("cannot start the TUI: %s", strerror(-err));
		return 0;
	}
	if (!rep->quiet)
		print_tip();
	if (rep->threads)
		report__print_threads(rep);
	return 0;
}

static int on_feature(struct session *s, union perf_event *ev)
{
	struct report *rep = session__tool_priv(s);
	const struct perf_header *h = session__header(s);

	/* a stream says what it was recorded on in its feature records */
	if (rep->machine)
		machine__set_recorded_kernel(rep->machine, h->osrelease, h->arch);
	if ((rep->header || rep->header_only) && ev->header.size >= sizeof(ev->feat) &&
	    ev->feat.feat_id < HEADER_LAST_FEATURE_61)
		header__fprintf_feature(s, (int)ev->feat.feat_id, rep->show_info, stdout);
	return 0;
}

static u64 combined_sample_type(struct session *s)
{
	u64 type = 0;

	for (int i = 0; i < session__nr_evsels(s); i++)
		type |= session__evsel(s, i)->attr.sample_type;
	return type;
}

static bool any_callchain(struct session *s)
{
	return combined_sample_type(s) & PERF_SAMPLE_CALLCHAIN;
}

/*
 * perf's branch mode: -b, or by default a file with branch stacks
 * (HEADER_BRANCH_STACK) unless it has user stacks too.
 */
static bool report__branch_mode(struct report *rep)
{
	if (rep->branch_stack != -1)
		return rep->branch_stack == 1;
	/* perf: --itrace=l or L promises branch stacks (from the trace) */
	if (rep->itrace.set && (rep->itrace.last_branch || rep->itrace.add_last_branch))
		return true;
	return perf_header__has_feat(session__header(rep->session), HEADER_BRANCH_STACK) &&
	       !(combined_sample_type(rep->session) & PERF_SAMPLE_STACK_USER);
}

/* The columns and sort keys, in branch mode when it is on; 0 or -1. */
/* Does the comma-separated @order name @key? */
static bool report__names_key(const char *order, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = order; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncasecmp(p, key, n) && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

/*
 * perf's words for a --sort or -F name it does not take, then the help of
 * that option, which lists every key it knows. perf exits 0 after them;
 * prof fails (deliberate-differences.md).
 */
static int report__bad_key(struct report *rep, int ret, const char *bad)
{
	bool fields = ret == -ENOENT;

	fflush(stdout);
	fprintf(stderr, "Error:\n%s --%s key: `%s'\n",
		ret == -EOPNOTSUPP ? "Invalid" : "Unknown", fields ? "fields" : "sort",
		bad ? bad : "");
	/* perf shows the help of each of the two it was given (report.sort_order: none) */
	if (rep->config_sort_order && rep->sort_order == rep->config_sort_order && !fields)
		return -1;
	if (rep->options && (rep->sort_order || !fields))
		parse_options_usage_for(report_usage, rep->options, NULL, 's');
	if (rep->options && rep->field_order)
		parse_options_usage_for(rep->sort_order || !fields ? NULL : report_usage,
					rep->options, NULL, 'F');
	return -1;
}

static int report__setup_layout(struct report *rep, bool children)
{
	const char *bad = NULL, *order = rep->sort_order;
	char *with_ipc = NULL;
	int ret;

	/* perf adds an IPC column to a --sort naming "symbol", and no other */
	if (order && strstr(order, "ipc"))
		return error("Invalid --sort key: `%s' (the IPC column comes with symbol keys)",
			     order);
	if (order && strstr(order, "symbol")) {
		with_ipc = xmalloc(strlen(order) + sizeof(",ipc_null"));
		sprintf(with_ipc, "%s,%s", order, rep->branch_mode ? "ipc_lbr" : "ipc_null");
		order = with_ipc;
	}
	/* -p: perf adds the parent key (and column) after the others */
	if (rep->parent_pattern && !report__names_key(order, "parent")) {
		const char *base = order ? order :
				   rep->field_order && rep->field_order[0] != '+' ? NULL :
				   rep->branch_mode ? BRANCH_SORT_ORDER : "comm,dso,sym";
		char *with_parent = base ? xasprintf("%s,parent", base) : xstrdup("parent");

		free(with_ipc);
		order = with_ipc = with_parent;
	}
	if (rep->branch_mode)
		ret = hist_layout__setup_branch(&rep->layout, order, rep->field_order,
						rep->show_nr_samples, rep->show_total_period,
						&bad);
	else
		ret = hist_layout__setup(&rep->layout, order, rep->field_order,
					 children, rep->show_nr_samples,
					 rep->show_total_period, &bad);
	free(with_ipc);
	if (ret < 0)
		return report__bad_key(rep, ret, bad);
	return 0;
}

/*
 * perf's sort__setup_elide: a column whose filter names one value (--comm
 * x, --dsos y, --symbols z) is hidden and named in a "# comm: x" line,
 * unless that would hide every key column.
 */
static void report__setup_elide(struct report *rep)
{
	struct hist_layout *l = &rep->layout;

	for (int i = 0; i < l->nr_fields; i++) {
		const char *what, *name;

		if (l->fields[i].kind != HPP_SORT_KEY)
			continue;
		name = hist_filter__only(&rep->filter, l->fields[i].key, &what);
		if (name)
			printf("# %s: %s\n", what, name);
	}
	hist_filter__elide(&rep->filter, l);
}

/* ---- -T: per-thread counts from READ records (perf record -s) ---- */

static int on_read(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);
	struct session_evsel *e = session__evsel_by_id(s, sample->id);
	const u32 *ids = (const u32 *)ev + 2;
	u64 value;
	int t, c;

	if (!rep->threads || !e || ev->header.size < 24)
		return 0;
	memcpy(&value, (const u8 *)ev + 16, 8);
	for (t = 0; t < rep->nr_tvals; t++)
		if (rep->tvals[t].pid == (int)ids[0] && rep->tvals[t].tid == (int)ids[1])
			break;
	if (t == rep->nr_tvals) {
		rep->tvals = xrealloc(rep->tvals, (size_t)(t + 1) * sizeof(*rep->tvals));
		memset(&rep->tvals[t], 0, sizeof(rep->tvals[t]));
		rep->tvals[t].pid = (int)ids[0];
		rep->tvals[t].tid = (int)ids[1];
		rep->nr_tvals++;
	}
	for (c = 0; c < rep->nr_tcounters; c++)
		if (rep->tcounters[c] == e->idx)
			break;
	if (c == rep->nr_tcounters) {
		if (c == (int)ARRAY_SIZE(rep->tcounters))
			return 0;
		rep->tcounters[rep->nr_tcounters++] = e->idx;
	}
	rep->tvals[t].value[c] += value;
	return 0;
}

/*
 * --pretty raw: perf's "raw" per-thread table, a cell per thread and
 * counter with the event's index; perf 6.1 ends none of them with a
 * newline, so the cells run on in one line.
 */
static void report__print_threads_raw(struct report *rep)
{
	int pidw = 3, tidw = 3, namew = 4, raww = 3, countw = 5;

	for (int t = 0; t < rep->nr_tvals; t++) {
		pidw = max(pidw, snprintf(NULL, 0, "%d", rep->tvals[t].pid));
		tidw = max(tidw, snprintf(NULL, 0, "%d", rep->tvals[t].tid));
		for (int c = 0; c < rep->nr_tcounters; c++)
			countw = max(countw, snprintf(NULL, 0, "%" PRIu64, rep->tvals[t].value[c]));
	}
	for (int c = 0; c < rep->nr_tcounters; c++) {
		const char *name = session_evsel__name(session__evsel(rep->session,
								      rep->tcounters[c]));

		namew = max(namew, (int)strlen(name));
		raww = max(raww, snprintf(NULL, 0, "%x", rep->tcounters[c]));
	}
	printf("# %*s  %*s  %*s  %*s  %*s\n", pidw, "PID", tidw, "TID", namew, "Name",
	       raww, "Raw", countw, "Count");
	for (int t = 0; t < rep->nr_tvals; t++)
		for (int c = 0; c < rep->nr_tcounters; c++)
			printf("  %*d  %*d  %*s  %*x  %*" PRIu64, pidw, rep->tvals[t].pid,
			       tidw, rep->tvals[t].tid, namew,
			       session_evsel__name(session__evsel(rep->session, rep->tcounters[c])),
			       raww, rep->tcounters[c], countw, rep->tvals[t].value[c]);
}

/* perf's "pretty" per-thread table: columns as wide as their widest cell. */
static void report__print_threads(struct report *rep)
{
	int pidw = 3, tidw = 3, w[64];

	if (rep->pretty && !strcmp(rep->pretty, "raw")) {
		report__print_threads_raw(rep);
		return;
	}

	for (int c = 0; c < rep->nr_tcounters; c++)
		w[c] = (int)strlen(session_evsel__name(session__evsel(rep->session,
								       rep->tcounters[c])));
	for (int t = 0; t < rep->nr_tvals; t++) {
		pidw = max(pidw, snprintf(NULL, 0, "%d", rep->tvals[t].pid));
		tidw = max(tidw, snprintf(NULL, 0, "%d", rep->tvals[t].tid));
		for (int c = 0; c < rep->nr_tcounters; c++)
			w[c] = max(w[c], snprintf(NULL, 0, "%" PRIu64, rep->tvals[t].value[c]));
	}
	printf("# %*s  %*s", pidw, "PID", tidw, "TID");
	for (int c = 0; c < rep->nr_tcounters; c++)
		printf("  %*s", w[c], session_evsel__name(session__evsel(rep->session,
									 rep->tcounters[c])));
	putchar('\n');
	for (int t = 0; t < rep->nr_tvals; t++) {
		printf("  %*d  %*d", pidw, rep->tvals[t].pid, tidw, rep->tvals[t].tid);
		for (int c = 0; c < rep->nr_tcounters; c++)
			printf("  %*" PRIu64, w[c], rep->tvals[t].value[c]);
		putchar('\n');
	}
}

/* ---- -D: every record as perf report -D prints it ---- */

static int on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
		   u64 offset)
{
	dump__event(s, ev, sample, offset, DUMP_REPORT, stdout);
	return 0;
}

static int on_dump_stats(struct session *s, union perf_event *ev, struct perf_sample *sample,
			 u64 offset)
{
	dump__event(s, ev, sample, offset, DUMP_STATS, stdout);
	return 0;
}

static int on_dump_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct report *rep = session__tool_priv(s);
	struct addr_location al;

	(void)ev;
	if (rep->branch_mode && sample->evsel && sample->evsel->idx >= 0) {
		int idx = sample->evsel->idx;

		if (idx >= rep->nr_dump_nr_samples) {
			rep->dump_nr_samples = xrealloc(rep->dump_nr_samples,
							(size_t)(idx + 1) * sizeof(u64));
			memset(rep->dump_nr_samples + rep->nr_dump_nr_samples, 0,
			       (size_t)(idx + 1 - rep->nr_dump_nr_samples) * sizeof(u64));
			rep->nr_dump_nr_samples = idx + 1;
		}
		if (sample->branch)
			rep->dump_nr_samples[idx] += sample->branch_nr;
	}
	machine__jit_advance(rep->machine, sample->time);
	machine__resolve(rep->machine, sample->cpumode, (pid_t)sample->pid, (pid_t)sample->tid,
			 sample->ip, &al);
	dump__sample_location(stdout, al.thread ? thread__comm_str(al.thread) : "",
			      al.thread ? al.thread->tid : (int)sample->tid,
			      al.map ? al.map->dso->long_name : NULL, al.level);
	addr_location__exit(&al);
	return 0;
}

static void report__print_preamble(struct report *rep);

static int report__dump(struct report *rep)
{
	struct tool tool = {
		.sample = on_dump_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event, .dump = on_dump,
		.time_conv = on_time_conv,
		.feature = on_feature, .ordered_events = !rep->disable_order, .priv = rep,
	};
	int ret;

	rep->machine = machine__new_host();
	rep->machine->dump_fp = stdout;
	set_header_build_ids(rep);
	rep->branch_mode = report__branch_mode(rep);
	/* perf sets up its sort keys first: the "# comm: x" lines come from them */
	if (report__setup_layout(rep, false) < 0)
		return -1;
	report__print_preamble(rep);
	ret = session__process_events(rep->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(rep->session);

		fflush(stdout);
		return error("%s", *msg ? msg : strerror(-ret));
	}
	/* the per-event counts are of histogram samples: one per branch here */
	for (int i = 0; rep->branch_mode && i < session__nr_evsels(rep->session); i++)
		session__evsel(rep->session, i)->nr_samples =
			i < rep->nr_dump_nr_samples ? rep->dump_nr_samples[i] : 0;
	stats__fprintf_dump(rep->session, stdout, rep->skip_empty);
	return 0;
}

/* The header block (--header) or the line pointing to it. */
static void report__print_preamble(struct report *rep)
{
	if (rep->header && !session__is_pipe(rep->session))
		header__fprintf_info(rep->session, rep->show_info, stdout);
	else if (!rep->header && !rep->quiet)
		fputs("# To display the perf.data header info, please use "
		      "--header/--header-only options.\n#\n", stdout);
	report__setup_elide(rep);
}

/* --time: perf's words and status (-EINVAL & 0xff) for a string it cannot use */
static int report__setup_time(struct report *rep)
{
	const struct perf_header *h = session__header(rep->session);
	int ret;

	if (!rep->time_str)
		return 0;
	ret = time_ranges__parse(rep->time_str, h ? h->first_sample_time : 0,
				 h ? h->last_sample_time : 0, &rep->ranges, &rep->nr_ranges);
	if (!ret)
		return 0;
	fflush(stdout);
	fputs(time_ranges__strerror(ret), stderr);
	rep->status = 256 - EINVAL;
	return -1;
}

/*
 * -C: the CPUs whose samples count. Every kind of event in the file must
 * sample the CPU; CPUs past the recording machine's are refused, in
 * perf's words.
 */
static int report__setup_cpus(struct report *rep)
{
	if (!rep->cpu_list)
		return 0;
	fflush(stdout);
	if (!session__cpu_bitmap(rep->session, rep->cpu_list, &rep->cpu_bitmap,
				 &rep->nr_cpu_bitmap))
		return 0;
	fputs("Error:\nfailed to set cpu bitmap\n", stderr);
	return -1;
}

static int report__no_callchain_error(void);

/* Does an event sample LBR call stacks (record --call-graph lbr)? */
static bool report__has_lbr_callchain(struct report *rep)
{
	for (int i = 0; i < session__nr_evsels(rep->session); i++) {
		const struct perf_event_attr *a = &session__evsel(rep->session, i)->attr;

		if ((a->sample_type & PERF_SAMPLE_CALLCHAIN) &&
		    (a->sample_type & PERF_SAMPLE_BRANCH_STACK) &&
		    (a->branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK))
			return true;
	}
	return false;
}

/*
 * --mem-mode, --branch-history and --stitch-lbr: perf's words where the
 * file lacks their data, as perf (1: stop with status 0, as perf); where
 * it has it, prof says it does not have that view yet (-1).
 */
static int report__lacking_views(struct report *rep, bool has_chain, bool has_branch)
{
	if (session__is_pipe(rep->session))
		return 0;
	fflush(stdout);
	if (rep->mem_mode) {
		if (!(combined_sample_type(rep->session) & PERF_SAMPLE_DATA_SRC)) {
			fputs("Error:\nSelected --mem-mode but no mem data. "
			      "Did you call perf record without -d?\n", stderr);
			return 1;
		}
		return error("--mem-mode: perf's memory access view is not in prof yet");
	}
	if (rep->branch_history) {
		if (!has_chain && !has_branch) {
			report__no_callchain_error();
			return 1;
		}
		return error("--branch-history: perf's branch history view is not in prof yet");
	}
	if (rep->stitch_lbr) {
		if (!report__has_lbr_callchain(rep))
			warning("Can't find LBR callchain. Switch off --stitch-lbr.\n"
				"Please apply --call-graph lbr when recording.");
		else
			return error("--stitch-lbr: stitching LBR call stacks is not in prof yet");
	}
	return 0;
}

/* perf's words, and its exit status (0) */
static int report__no_callchain_error(void)
{
	fputs("Error:\nSelected -g or --branch-history.\nBut no callchain or branch data.\n"
	      "Did you call 'perf record' without -g or -b?\n", stderr);
	return 0;
}

/* --itrace on an AUX area trace: what perf would decode, prof cannot */
static int report__refuse_itrace(struct report *rep)
{
	return error("--itrace: %s holds an AUX area trace (Intel PT, CoreSight, SPE...), "
		     "which prof does not decode; perf report --itrace decodes it",
		     session__path(rep->session));
}

/* a stream's AUXTRACE_INFO record, with --itrace: refused, reading stops */
static int on_auxtrace_info_itrace(struct session *s, union perf_event *ev)
{
	struct report *rep = session__tool_priv(s);

	(void)ev;
	report__refuse_itrace(rep);
	rep->itrace_refused = true;
	return -EINVAL;
}

static int report__run(struct report *rep)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = !rep->disable_order, .priv = rep,
		.time_conv = on_time_conv,
		.feature = on_feature, .read = on_read,
		.cgroup = on_cgroup, .namespaces = on_namespaces,
	};
	bool pipe = session__is_pipe(rep->session);
	bool has_chain, no_chain, has_branch, defer, cancel_children;
	int ret;

	rep->machine = machine__new_host();
	if (rep->unwinder != UNWIND_BACKEND_DEFAULT)
		unwind__set_backend(rep->machine, rep->unwinder);	/* checked by the option */
	set_header_build_ids(rep);
	/*
	 * -m/--modules (perf's default): the running kernel's modules, when
	 * the recording is this kernel's (another's are not these)
	 */
	if (rep->modules && !pipe && report__is_running_kernel(rep))
		machine__create_live_modules(rep->machine, "/proc/modules");
	/*
	 * perf decides before reading: in a stream no event is known yet,
	 * so callchains are on (drawn for events that have them) and the
	 * Children view is off.
	 */
	has_chain = !pipe && any_callchain(rep->session);
	/* perf: --itrace=g or G promises callchains (from the trace) */
	if (rep->itrace.set && (rep->itrace.callchain || rep->itrace.add_callchain))
		has_chain = true;
	/* perf says it after the preamble */
	no_chain = rep->cp.enabled && !has_chain && !pipe && rep->call_graph_set &&
		   !rep->no_call_graph;
	has_branch = combined_sample_type(rep->session) & PERF_SAMPLE_BRANCH_STACK;
	rep->use_callchain = (has_chain || pipe) && rep->cp.mode != CHAIN_NONE &&
			     !rep->no_call_graph;
	rep->cp.enabled = rep->use_callchain;
	/* perf switches to branch histograms when the file has branch stacks */
	rep->branch_mode = report__branch_mode(rep);
	if (rep->branch_mode)
		rep->children = false, rep->children_set = true;
	/*
	 * --total-cycles: the block view of branch mode, with its default
	 * sort order (perf drops -s); without branch mode it is ignored
	 */
	if (rep->total_cycles && rep->branch_mode) {
		u64 types = 0;

		rep->blocks = block_cycles__new();
		rep->sort_order = NULL;
		/* perf has a block browser; prof prints the table instead */
		rep->use_tui = false;
		/* perf's evlist__combined_branch_type without "any": no block starts */
		for (int i = 0; i < session__nr_evsels(rep->session); i++)
			types |= session__evsel(rep->session, i)->attr.branch_sample_type;
		rep->nonany_branch = !(types & PERF_SAMPLE_BRANCH_ANY);
	}
	if (!rep->children_set)
		rep->children = true;
	/* perf picks the order before it drops Children for lack of callchains */
	if (rep->inverted || (rep->children && !rep->cp.order_set))
		rep->cp.order = ORDER_CALLER;
	/* perf: the hierarchy has no Children column (the chain order stays caller) */
	if (rep->hierarchy)
		rep->children = false;
	/* perf_hpp__cancel_cumulate: no Children column unless -F names it */
	cancel_children = rep->children && !has_chain &&
			  (!rep->field_order || rep->field_order[0] == '+');
	if (!has_chain)
		rep->children = false;
	callchain_set_key(rep->cp.key);
	if (!rep->sort_order && (!rep->field_order || rep->field_order[0] == '+') && !pipe &&
	    session__all_tracepoints(rep->session))
		rep->sort_order = "trace";	/* perf's tracepoint sort mode */
	if (!rep->sort_order)
		rep->sort_order = rep->config_sort_order;

	if (report__setup_layout(rep, rep->children) < 0)
		return -1;
	if (cancel_children)
		hist_layout__drop_field(&rep->layout, HPP_OVERHEAD_CHILDREN);
	if (rep->cpu_utilization)
		hist_layout__add_cpu_utilization(&rep->layout);
	if (hist_layout__has_key(&rep->layout, SORT_PARENT) || rep->parent_pattern) {
		if (regcomp(&rep->parent_regex,
			    rep->parent_pattern ? rep->parent_pattern : "^sys_|^do_page_fault",
			    REG_EXTENDED))
			return error("invalid regex: %s", rep->parent_pattern);
		rep->has_parent_regex = true;
	}
	rep->trace_key = hist_layout__has_key(&rep->layout, SORT_TRACE);
	report__grow_hists(rep, session__nr_evsels(rep->session));
	if (rep->wall_clock && report__setup_wall(rep) < 0)
		return -1;
	rep->resolver = sample_resolver__new(rep->machine, &(struct resolve_param){
		.max_stack = rep->max_stack,
		.caller = rep->cp.order == ORDER_CALLER,
		.inline_names = rep->inline_names,
		.hide_unresolved = rep->hide_unresolved,
		.key = rep->cp.key,
		.intern = report__intern,
		.parent_regex = rep->has_parent_regex ? &rep->parent_regex : NULL,
		.frame_ids = true,	/* the hists' chain memo keys by them */
		.ignore_callees_regex = rep->ignore_callees.set ? &rep->ignore_callees.re : NULL,
	});
	rep->he_cache = xmalloc((RESOLVE_MAX_FRAMES + 1) * sizeof(*rep->he_cache));

	/* perf: --group-sort-idx needs a file with groups; its usage line, -EINVAL */
	if (rep->group_set && !session__header(rep->session)->nr_groups &&
	    session__nr_evsels(rep->session) > 1)
		rep->forced_group.nr_members = (u32)session__nr_evsels(rep->session);
	if (rep->group_sort_idx && !session__header(rep->session)->nr_groups &&
	    !rep->forced_group.nr_members) {
		parse_options_usage_for(NULL, rep->options, "group-sort-idx", 0);
		rep->status = 256 - EINVAL;
		return -1;
	}
	/* on a terminal the pager starts once the data is loaded */
	defer = rep->use_pager && isatty(STDOUT_FILENO);
	if (rep->tasks || rep->mmaps) {
		/* perf's task tree: the records read, no histogram */
		if (rep->use_pager)
			setup_pager();
		/* perf reads no maps for --tasks alone: a thread only a map names is not shown */
		if (!rep->mmaps)
			tool.mmap = tool.mmap2 = NULL;
		ret = session__process_events(rep->session, &tool);
		if (ret < 0) {
			const char *msg = session__strerror(rep->session);

			return error("%s", *msg ? msg : strerror(-ret));
		}
		if (machine__fprintf_tasks(rep->machine, rep->mmaps, stdout) < 0)
			return error("Error: failed to process tasks");
		return 0;
	}
	if (!defer && !rep->use_tui)
		report__print_preamble(rep);
	if (!has_chain && !pipe && hist_layout__has_key(&rep->layout, SORT_PARENT)) {
		/* perf's words, and its exit status (0) */
		fflush(stdout);
		fputs("Error:\nSelected --sort parent, but no callchain data. "
		      "Did you call 'perf record' without -g?\n", stderr);
		return 0;
	}
	if (no_chain) {
		fflush(stdout);
		return report__no_callchain_error();
	}
	if (report__setup_time(rep) < 0 || report__setup_cpus(rep) < 0)
		return -1;
	ret = report__lacking_views(rep, has_chain, has_branch);
	if (ret)
		return ret > 0 ? 0 : -1;
	if (rep->field_sep && *rep->field_sep == '.') {
		/* perf's words, after the preamble, and its status (0) */
		fflush(stdout);
		fputs("'.' is the only non valid --field-separator argument\n", stderr);
		return 0;
	}
	if (rep->branch_mode && !pipe && !has_branch &&
	    !(rep->itrace.set && (rep->itrace.last_branch || rep->itrace.add_last_branch))) {
		/* perf's words, and its exit status */
		fflush(stdout);
		fputs("Error:\nSelected -b but no branch data. "
		      "Did you call perf record without -b?\n", stderr);
		return 0;
	}
	if (rep->itrace.set && session__has_auxtrace(rep->session)) {
		fflush(stdout);
		return report__refuse_itrace(rep);
	}
	if (rep->itrace.set)
		tool.auxtrace_info = on_auxtrace_info_itrace;
	if (!rep->quiet)
		session__show_progress(rep->session, "Loading");
	ret = session__process_events(rep->session, &tool);
	if (ret < 0 && rep->itrace_refused)
		return -1;
	if (ret < 0) {
		const char *msg = session__strerror(rep->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	report__grow_hists(rep, session__nr_evsels(rep->session));
	if (defer) {
		setup_pager();
		report__print_preamble(rep);
	}
	{
		u64 nr = 0;

		for (int i = 0; i < rep->nr_hists; i++)
			nr += rep->hists[i].nr_samples;
		if (!nr) {
			fflush(stdout);
			error("Error:\nThe %s data has no samples!", session__path(rep->session));
			return 0;
		}
	}
	ret = report__print(rep);
	/*
	 * perf says nothing about broken dwarf stacks; prof sums them up on
	 * stderr, after the output, so what scripts parse stays perf's.
	 */
	if (!rep->quiet) {
		fflush(stdout);
		unwind__fprintf_health(rep->machine, stderr);
	}
	return ret;
}

static void report__exit(struct report *rep)
{
	if (rep->wall) {
		hists__exit(rep->wall);
		free(rep->wall);
	}
	for (int i = 0; i < rep->nr_hists; i++)
		hists__exit(&rep->hists[i]);
	free(rep->hists);
	free(rep->trace_text);
	sample_resolver__delete(rep->resolver);
	block_cycles__delete(rep->blocks);
	free(rep->he_cache);
	addr_hits__delete(rep->addr_hits);
	free(rep->tui_event_idx);
	free(rep->wall_names);
	free(rep->tvals);
	free(rep->dump_nr_samples);
	for (int i = 0; i < rep->nr_cgroups; i++)
		free(rep->cgroups[i].name);
	free(rep->cgroups);
	free(rep->cgns);
	free(rep->ranges);
	free(rep->cpu_bitmap);
	if (rep->has_parent_regex)
		regfree(&rep->parent_regex);
	callee_regex__exit(&rep->ignore_callees);
	hist_filter__exit(&rep->filter);
	machine__delete(rep->machine);
	session__delete(rep->session);
}

static int report__stats(struct report *rep)
{
	struct tool tool = { .ordered_events = false, .dump = rep->dump ? on_dump_stats : NULL };
	int ret = session__process_events(rep->session, &tool);

	stats__fprintf(rep->session, stdout, rep->skip_empty);
	if (ret < 0) {
		const char *msg = session__strerror(rep->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	return 0;
}

static int report__header_only(struct report *rep)
{
	struct tool tool = { .header_only = true, .feature = on_feature, .priv = rep };

	header__fprintf_info(rep->session, rep->show_info, stdout);
	if (session__is_pipe(rep->session)) {
		int ret = session__process_events(rep->session, &tool);

		if (ret < 0) {
			const char *msg = session__strerror(rep->session);

			return error("%s", *msg ? msg : strerror(-ret));
		}
	}
	return 0;
}

/*
 * perf's -g takes the next word as its value when there is one ("-g
 * folded", "-g caller"), a parse-options mode ours lacks: join such a
 * pair into "--call-graph=<word>". Returns a new argv; the caller frees
 * it and *@joined (the one string made, or NULL) when done with options.
 */
static const char **join_call_graph_arg(int *argcp, const char **argv, char **joined)
{
	int argc = *argcp, n = 0;
	const char **out = xcalloc((size_t)argc + 1, sizeof(*out));

	for (int i = 0; i < argc; i++) {
		if (i > 0 && (!strcmp(argv[i], "-g") || !strcmp(argv[i], "--call-graph")) &&
		    i + 1 < argc && argv[i + 1][0] != '-') {
			free(*joined);
			*joined = xasprintf("--call-graph=%s", argv[i + 1]);
			out[n++] = *joined;
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--"))
			while (i < argc)
				out[n++] = argv[i++];
		else
			out[n++] = argv[i];
	}
	out[n] = NULL;
	*argcp = n;
	return out;
}

int cmd_report(int argc, const char **argv)
{
	struct report rep = {
		.max_stack = 127,
		.branch_stack = -1,
		.time_quantum = 100000000,	/* perf's 100ms */
		.socket_filter = -1,
		.modules = true,	/* perf's symbol_conf.use_modules */
		.stdio_color = -1,
		.cp = { .mode = CHAIN_GRAPH_ABS, .order = ORDER_CALLEE, .key = CCKEY_FUNCTION,
			.value = CCVAL_PERCENT, .min_percent = 0.5 },
	};
	char *errmsg = NULL, *joined = NULL;
	char *sort_keys_help = sort_help("sort by key(s):");
	char *fields_help = sort_help("output field(s): overhead period sample ");
	const char **joined_argv;
	struct stat st;
	int ret = 0, status = 0;	/* status: an exit code of perf's own (129, 234) */
	const struct option options[] = {
		OPT_STRING('i', "input", &rep.input, "file", "input file name"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('q', "quiet", &rep.quiet, "Do not show any warnings or messages"),
		OPT_BOOLEAN('D', "dump-raw-trace", &rep.dump, "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "stats", &rep.stats, "Display event stats"),
		OPT_BOOLEAN('T', "threads", &rep.threads, "Show per-thread event counters"),
		OPT_BOOLEAN('f', "force", &rep.force, "don't complain, do it"),
		OPT_STRING('k', "vmlinux", &rep.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &rep.ignore_vmlinux, "don't load vmlinux even if found"),
		OPT_STRING(0, "kallsyms", &rep.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "stdio", &rep.stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &rep.tui, "Use the TUI interface"),
		/* No --gtk: prof has no GTK browser, as perf built without one. */
		OPT_STRING('s', "sort", &rep.sort_order, "key[,key2...]", sort_keys_help),
		OPT_STRING('F', "fields", &rep.field_order, "key[,keys...]", fields_help),
		OPT_BOOLEAN('n', "show-nr-samples", &rep.show_nr_samples, "Show a column with the number of samples"),
		OPT_BOOLEAN(0, "show-total-period", &rep.show_total_period, "Show a column with the sum of periods"),
		OPT_CALLBACK(0, "stdio-color", &rep, "mode",
			     "'always' (default), 'never' or 'auto' only applicable to --stdio mode",
			     parse_stdio_color),
		OPT_CALLBACK(0, "percent-limit", &rep, "percent", "Don't show entries under that percent",
			     parse_percent_limit),
		OPT_STRING(0, "percentage", &rep.percentage, "relative|absolute",
			   "how to display percentage of filtered entries"),
		OPT_BOOLEAN_SET(0, "children", &rep.children, &rep.children_set,
				"Accumulate callchains of children and show total overhead as well"),
		OPT_CALLBACK_OPTARG('g', "call-graph", &rep,
				    "print_type,threshold[,print_limit],order,sort_key[,branch],value",
				    "Display call graph (stack chain/backtrace):\n\n"
				    "\t\t\t\tprint_type: call graph printing style (graph|flat|fractal|folded|none)\n"
				    "\t\t\t\tthreshold: minimum call graph inclusion threshold (<percent>)\n"
				    "\t\t\t\tprint_limit: maximum number of call graph entry (<number>)\n"
				    "\t\t\t\torder: call graph order (caller|callee)\n"
				    "\t\t\t\tsort_key: call graph sort key (function|address)\n"
				    "\t\t\t\tbranch: include last branch info to call graph (branch)\n"
				    "\t\t\t\tvalue: call graph value (percent|period|count)\n\n"
				    "\t\t\t\tDefault: graph,0.5,caller,function,percent",
				    parse_call_graph, NULL),
		OPT_CALLBACK_NOOPT('b', "branch-stack", &rep, NULL,
				   "use branch records for per branch histogram filling",
				   parse_branch_stack),
		OPT_BOOLEAN('G', "inverted", &rep.inverted, "alias for inverted call graph"),
		OPT_INTEGER(0, "max-stack", &rep.max_stack,
			    "Set the maximum stack depth when parsing the callchain, "
			    "anything beyond the specified depth will be ignored. Default: 127"),
		OPT_CALLBACK(0, "unwinder", &rep.unwinder, "libdw|libunwind",
			     "unwinder of --call-graph dwarf samples (prof extension)",
			     unwind__parse_opt),
		OPT_CALLBACK(0, "ignore-callees", &rep.ignore_callees, "regex",
			     "ignore callees of these functions in call graphs",
			     parse_ignore_callees_opt),
		OPT_STRING('p', "parent", &rep.parent_pattern, "regex",
			   "regex filter to identify parent, see: '--sort parent'"),
		OPT_STRING('c', "comms", &rep.comm_list, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING(0, "pid", &rep.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &rep.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_STRING('d', "dsos", &rep.dso_list, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('S', "symbols", &rep.sym_list, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_BOOLEAN('U', "hide-unresolved", &rep.hide_unresolved, "Only display entries resolved to a symbol"),
		OPT_STRING('t', "field-separator", &rep.field_sep, "separator",
			   "separator for columns, no spaces will be added between columns '.' is reserved."),
		OPT_STRING(0, "symfs", &rep.symfs, "directory", "Look for files with symbols relative to this directory"),
		OPT_BOOLEAN(0, "header", &rep.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &rep.header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &rep.show_info, "Display extended information about perf.data file"),
		OPT_BOOLEAN(0, "demangle", &rep.no_demangle, "Disable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &rep.demangle_kernel, "Enable kernel symbol demangling"),
		OPT_BOOLEAN(0, "full-source-path", &rep.full_srcline, "Show full source file name path for source lines"),
		OPT_BOOLEAN(0, "inline", &rep.inline_names, "Show inline function"),
		OPT_STRING(0, "time", &rep.time_str, "str", "Time span of interest (start,stop)"),
		OPT_STRING('C', "cpu", &rep.cpu_list, "cpu", "list of cpus to profile"),
		OPT_BOOLEAN(0, "ns", &symbol_conf.nanosecs, "Show times in nanosecs"),
		OPT_CALLBACK(0, "time-quantum", &rep.time_quantum, "time (ms|us|ns|s)",
			     "Set time quantum for time sort key (default 100ms)",
			     parse_time_quantum),
		OPT_STRING(0, "symbol-filter", &rep.symbol_filter, "filter",
			   "only show symbols that (partially) match with this filter"),
		OPT_STRING('w', "column-widths", &rep.col_widths_str, "width[,width...]",
			   "don't try to adjust column width, use these fixed values"),
		OPT_BOOLEAN(0, "wall-clock", &rep.wall_clock,
			    "with --off-cpu samples: on-CPU and off-CPU time summed in one table"),
		OPT_BOOLEAN_SET(0, "group", &rep.group, &rep.group_set,
				"Show event group information together"),
		OPT_INTEGER(0, "group-sort-idx", &rep.group_sort_idx,
			    "Sort the output by the event at the index n in group. If n is invalid,"
			    " sort by the first event. WARNING: should be used on grouped events."),
		OPT_STRING(0, "switch-on", &rep.evswitch.on_name, "event",
			   "Consider events after the occurrence of this event"),
		OPT_STRING(0, "switch-off", &rep.evswitch.off_name, "event",
			   "Stop considering events after the occurrence of this event"),
		OPT_BOOLEAN(0, "show-on-off-events", &rep.evswitch.show_on_off,
			    "Show the on/off switch events, used with --switch-on and --switch-off"),
		OPT_BOOLEAN(0, "hierarchy", &rep.hierarchy, "Show entries in a hierarchy"),
		OPT_INTEGER(0, "socket-filter", &rep.socket_filter,
			    "only show processor socket that match with this filter"),
		OPT_BOOLEAN('x', "exclude-other", &rep.exclude_other,
			    "Only display entries with parent-match"),
		OPT_BOOLEAN(0, "disable-order", &rep.disable_order, "Disable raw trace ordering"),
		OPT_BOOLEAN(0, "mem-mode", &rep.mem_mode, "mem access profile"),
		OPT_BOOLEAN(0, "branch-history", &rep.branch_history,
			    "add last branch records to call history"),
		OPT_BOOLEAN(0, "stitch-lbr", &rep.stitch_lbr,
			    "Enable LBR callgraph stitching approach"),
		OPT_BOOLEAN(0, "total-cycles", &rep.total_cycles,
			    "Sort all blocks by 'Sampled Cycles%'"),
		OPT_BOOLEAN(0, "show-cpu-utilization", &rep.cpu_utilization,
			    "Show sample percentage for different cpu modes"),
		OPT_STRING(0, "pretty", &rep.pretty, "key", "pretty printing style key: normal raw"),
		OPT_BOOLEAN(0, "show-ref-call-graph", &rep.show_ref_callgraph,
			    "Show callgraph from reference event"),
		OPT_BOOLEAN(0, "raw-trace", &rep.raw_trace,
			    "Show raw trace event output (do not use print fmt or plugins)"),
		OPT_BOOLEAN(0, "tasks", &rep.tasks, "Display recorded tasks"),
		OPT_BOOLEAN(0, "mmaps", &rep.mmaps, "Display recorded tasks memory maps"),
		OPT_BOOLEAN(0, "skip-empty", &rep.skip_empty,
			    "Do not display empty (or dummy) events in the output"),
		OPT_INTEGER(0, "samples", &rep.res_samples,
			    "Number of samples to save per histogram entry for individual browsing"),
		OPT_CALLBACK_OPTARG(0, "itrace", &rep.itrace, "opts",
				    "Instruction Tracing options (perf's; prof decodes no AUX "
				    "area trace and refuses a file that has one)",
				    parse_itrace_opt, ""),
		OPT_BOOLEAN('m', "modules", &rep.modules,
			    "load module symbols - WARNING: use only with -k and LIVE kernel"),
		/* what the annotate browser (a) shows */
		OPT_ANNOTATE_CLI(&rep.ann_cli),
		OPT_ANNOTATE_PERCENT_TYPE(&rep.ann_cli),
		OPT_END()
	};

	rep.options = options;
	/* --no-demangle is the negation of --demangle: default on */
	rep.no_demangle = true;
	rep.inline_names = true;
	rep.skip_empty = true;
	rep.ann_cli.source = true;
	if (prof_config(report__config, &rep) < 0)
		return -1;
	argv = joined_argv = join_call_graph_arg(&argc, argv, &joined);
	argc = parse_options(argc, argv, options, report_usage, 0);
	/* perf's default: colour when standard output is a terminal (before the pager) */
	if (rep.stdio_color < 0)
		rep.stdio_color = isatty(STDOUT_FILENO);
	set_msg_quiet(rep.quiet);
	if (argc)
		usage_with_options(report_usage, options);
	rep.no_demangle = !rep.no_demangle;
	if (rep.percentage && strcmp(rep.percentage, "relative") &&
	    strcmp(rep.percentage, "absolute")) {
		/* perf's option callback refuses it: the option's usage, 129 */
		fputc('\n', stderr);
		parse_options_usage_for(report_usage, options, "percentage", 0);
		status = 129;
		goto out;
	}

	if (rep.symfs)
		symbol_conf__set_symfs(rep.symfs);
	if (rep.vmlinux)
		symbol_conf.vmlinux_name = rep.vmlinux;
	if (rep.kallsyms)
		symbol_conf.kallsyms_name = rep.kallsyms;
	symbol_conf.no_demangle = rep.no_demangle;
	symbol_conf.demangle_kernel = rep.demangle_kernel;
	symbol_conf.show_params = verbose > 0;
	symbol_conf.full_srcline = rep.full_srcline;
	symbol_conf.ignore_vmlinux = rep.ignore_vmlinux;
	symbol_conf.force = rep.force;
	/* perf's words and its status, -EINVAL & 0xff */
	if (rep.vmlinux && access(rep.vmlinux, R_OK)) {
		error("Invalid file: %s", rep.vmlinux);
		status = 256 - EINVAL;
		goto out;
	}
	if (rep.kallsyms && access(rep.kallsyms, R_OK)) {
		error("Invalid file: %s", rep.kallsyms);
		status = 256 - EINVAL;
		goto out;
	}
	rep.nr_col_widths = hist_parse_col_widths(rep.col_widths_str, rep.col_widths,
						  HIST_MAX_FIELDS);
	name_list__parse(&rep.filter.comms, rep.comm_list);
	name_list__parse(&rep.filter.pids, rep.pid_list);
	name_list__parse(&rep.filter.tids, rep.tid_list);
	name_list__parse(&rep.filter.dsos, rep.dso_list);
	name_list__parse(&rep.filter.syms, rep.sym_list);

	if (!rep.input || !*rep.input) {
		if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
			rep.input = "-";
		else
			rep.input = "perf.data";
	}
	ret = session__open_input(&rep.session, rep.input, rep.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, rep.input, errmsg);
		free(errmsg);
		ret = -1;
		goto out;
	}
	/* perf's choice: the browser on a terminal unless --stdio (or --tui) */
	/* without a terminal, --tui falls back to stdio quietly, as perf */
	/* the browser has no hierarchy view: --hierarchy prints it */
	rep.use_tui = !rep.stats && !rep.header_only && !rep.dump && !rep.tasks && !rep.mmaps &&
		      !rep.hierarchy &&
		      isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
		      (rep.tui || (!rep.stdio && !rep.no_browser && getenv("TERM") &&
				   strcmp(getenv("TERM"), "dumb")));
	if (rep.use_tui && !tui__available()) {
		if (rep.tui)
			warning("prof was built without ncursesw (NO_NCURSES): using --stdio");
		rep.use_tui = false;
	}
	/* perf checks the annotate options whichever view shows */
	ret = annotate_cli__finish(&rep.ann_cli, &rep.ann_opts);
	if (ret) {
		if (ret > 0)
			status = ret;
		goto out;
	}
	/* the annotate browser's samples per instruction */
	if (rep.use_tui)
		rep.addr_hits = addr_hits__new();
	/* perf's evswitch__init: the events are looked up before anything prints */
	if (evswitch__init(&rep.evswitch, session__nr_evsels(rep.session), report__evsel_name,
			   rep.session) < 0) {
		status = 256 - ENOENT;
		goto out;
	}
	if (rep.hierarchy && rep.field_order) {
		/* perf's words and usage lines; it exits 0, prof fails */
		fputs("Error: --hierarchy and --fields options cannot be used together\n\n", stderr);
		parse_options_usage_for(report_usage, options, NULL, 'F');
		parse_options_usage_for(NULL, options, "hierarchy", 0);
		ret = -1;
		goto out;
	}
	rep.use_pager = !rep.use_tui && strcmp(rep.input, "-") && pager_use != 0;
	if (rep.stats) {
		if (rep.use_pager)
			setup_pager();
		/* perf prints the header before the counts (perf's own zstd test greps it) */
		if (rep.header)
			header__fprintf_info(rep.session, rep.show_info, stdout);
		ret = report__stats(&rep);
	} else if (rep.header_only) {
		if (rep.use_pager)
			setup_pager();
		ret = report__header_only(&rep);
	} else {
		/* pipe streams print their header features as they arrive */
		if (rep.header && session__is_pipe(rep.session))
			header__fprintf_info(rep.session, rep.show_info, stdout);
		if (rep.dump && rep.use_pager)
			setup_pager();
		ret = rep.dump ? report__dump(&rep) : report__run(&rep);
		if (ret < 0 && rep.status)
			status = rep.status, ret = 0;
	}
out:
	report__exit(&rep);
	free(joined_argv);
	free(joined);
	free(sort_keys_help);
	free(fields_help);
	return ret < 0 ? -1 : status;
}
