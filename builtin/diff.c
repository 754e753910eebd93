// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof diff: the profiles of two or more perf.data files side by side, as
 * perf diff 6.1 prints them: the baseline's share of each entry and what
 * changed in the others (delta, ratio or weighted difference).
 *
 * The flow: each file is read as report reads it (session -> machine ->
 * the shared sample resolution -> one struct hists per event, merged by
 * the sort keys); then, event by event, the baseline's entries are paired
 * with the other files' (src/hist/hist-diff.c) and printed by the stdio
 * histogram printer (src/ui/hist-stdio.c).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/hist.h"
#include "prof/hist-diff.h"
#include "prof/hist-filter.h"
#include "prof/sort.h"
#include "prof/hist-stdio.h"
#include "prof/resolved-sample.h"
#include "prof/time-range.h"
#include "prof/dump.h"
#include "prof/block-info.h"
#include "prof/header.h"
#include "builtin.h"

static const char *const diff_usage[] = {
	"prof diff [<options>] [old_file] [new_file]",
	NULL
};

struct diff_file {
	const char *path;
	struct session *session;
	struct machine *machine;
	struct sample_resolver *resolver;
	struct hists *hists;		/* one per event of the file */
	int nr_hists;
	struct time_range *ranges;	/* --time for this file */
	int nr_ranges;
	struct block_cycles *blocks;	/* -c cycles: its functions' block cycles */
};

struct diff {
	struct diff_file *files;
	int nr_files;
	struct hist_layout layout;
	struct hist_filter filter;
	const char *sort_order, *symfs, *kallsyms, *field_sep, *percentage, *time_str;
	const char *cpu_list;
	const char *comm_list, *pid_list, *tid_list, *dso_list, *sym_list;
	bool *cpu_bitmap;
	int nr_cpu_bitmap;
	enum diff_compute compute;
	s64 w1, w2;
	unsigned int order;
	bool period, formula, baseline_only, quiet, force, dump, noise;
	bool modules, stream, cycles_hist;
	int status;			/* an exit status of perf's own, or 0 */
	const struct option *options;
	struct diff_file *cur;		/* the file being read */
};

/* ---- -c ---- */

static int parse_compute(const struct option *opt, const char *arg, int unset)
{
	static const char *const names[] = {
		[DIFF_DELTA] = "delta", [DIFF_RATIO] = "ratio", [DIFF_WDIFF] = "wdiff",
		[DIFF_DELTA_ABS] = "delta-abs", [DIFF_CYCLES] = "cycles",
	};
	struct diff *df = opt->value;
	const char *colon;
	size_t len;

	(void)unset;
	if (!arg) {
		df->compute = DIFF_DELTA;
		return 0;
	}
	colon = strchr(arg, ':');
	len = colon ? (size_t)(colon - arg) : strlen(arg);
	if (colon && len >= 50)
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *end, *w2;

		if (strlen(names[i]) != len || strncmp(arg, names[i], len))
			continue;
		df->compute = (enum diff_compute)i;
		if (df->compute != DIFF_WDIFF) {
			if (colon) {
				/* perf's words, without a newline */
				fprintf(stderr, "Failed: extra option specified '%s'\n", colon + 1);
				return -1;
			}
			return 0;
		}
		/* wdiff:w1,w2, both non-zero */
		w2 = colon ? strchr(colon + 1, ',') : NULL;
		if (w2 && w2[1]) {
			df->w1 = strtol(colon + 1, &end, 10);
			df->w2 = strtol(w2 + 1, &end, 10);
			if (df->w1 && df->w2)
				return 0;
		}
		fputs("Failed: wrong weight data, use 'wdiff:w1,w2'\n\n", stderr);
		return -1;
	}
	fprintf(stderr, "Failed: '%s' is not computation method (use 'delta','ratio' or 'wdiff')\n\n",
		arg);
	return -1;
}

/* ---- reading one file ---- */

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct diff *df = session__tool_priv(s);

	machine__jit_advance(df->cur->machine, sample->time);
	return machine__process_event(df->cur->machine, ev);
}

static int on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
		   u64 offset)
{
	dump__event(s, ev, sample, offset, DUMP_DIFF, stdout);
	return 0;
}

static void diff_file__grow(struct diff_file *f, int nr, struct hist_layout *l)
{
	if (nr <= f->nr_hists)
		return;
	f->hists = xrealloc(f->hists, (size_t)nr * sizeof(*f->hists));
	for (int i = f->nr_hists; i < nr; i++)
		hists__init(&f->hists[i], l);
	f->nr_hists = nr;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct diff *df = session__tool_priv(s);
	struct diff_file *f = df->cur;
	struct resolved_sample rs;
	struct hist_sample hs = { 0 };
	struct hist_entry *he;
	struct hists *h;
	size_t nr_before;
	bool filtered;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	diff_file__grow(f, sample->evsel->idx + 1, &df->layout);
	if (f->nr_ranges && time_ranges__skip(f->ranges, f->nr_ranges, sample->time))
		return 0;
	if (df->cpu_bitmap && ((int)sample->cpu < 0 || (int)sample->cpu >= df->nr_cpu_bitmap ||
			       !df->cpu_bitmap[sample->cpu]))
		return 0;
	h = &f->hists[sample->evsel->idx];
	resolved_sample__resolve(f->resolver, sample, &rs);
	if (df->dump)
		dump__sample_location(stdout, rs.al.thread ? thread__comm_str(rs.al.thread) : "",
				      rs.al.thread ? rs.al.thread->tid : (int)sample->tid,
				      rs.al.map ? rs.al.map->dso->long_name : NULL, rs.al.level);
	hist_sample__set_location(&hs, &rs.al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.comm = hists__intern(h, rs.al.thread ? thread__comm_str(rs.al.thread) : "");
	hs.cpu = (int)sample->cpu;
	hs.period = sample->period;
	filtered = hist_filter__rejects(&df->filter, hs.comm, hs.pid, hs.tid, hs.dso, hs.sym);
	nr_before = h->nr_entries;
	he = hists__add(h, &hs, true);
	if (h->nr_entries != nr_before)
		he->filtered = filtered;
	h->nr_samples++;
	h->total_period += sample->period;
	/* perf's hist__account_cycles, after the entry, every sample */
	if (f->blocks)
		block_cycles__account(f->blocks, f->machine, (pid_t)sample->pid, (pid_t)sample->tid,
				      sample->branch, sample->branch_nr, false);
	resolved_sample__exit(&rs);
	return 0;
}

/*
 * --time: one string for every file, or with ':' one "start,stop" per
 * file in order (perf's absolute form); perf's words when it cannot.
 */
static int diff__setup_time(struct diff *df, struct diff_file *f, char **rest)
{
	const struct perf_header *h = session__header(f->session);
	const char *str = df->time_str;
	char *colon;
	int ret;

	if (!str)
		return 0;
	if (strchr(df->time_str, ':')) {
		if (!*rest) {
			/* more files than ranges: perf crashes, prof refuses */
			fputs("Invalid time string\n", stderr);
			df->status = 256 - EINVAL;
			return -1;
		}
		str = *rest;
		colon = strchr(*rest, ':');
		if (colon) {
			if (colon == *rest || !colon[1]) {
				fputs("Invalid time string\n", stderr);
				df->status = 256 - EINVAL;
				return -1;
			}
			*colon = 0;
			*rest = colon + 1;
		} else {
			*rest = NULL;
		}
	}
	ret = time_ranges__parse(str, h ? h->first_sample_time : 0, h ? h->last_sample_time : 0,
				 &f->ranges, &f->nr_ranges);
	if (!ret)
		return 0;
	fputs(time_ranges__strerror(ret), stderr);
	df->status = 256 - EINVAL;
	return -1;
}

static int diff__read(struct diff *df, struct diff_file *f, char **time_rest)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = df,
		.dump = df->dump ? on_dump : NULL,
	};
	const struct perf_header *h = session__header(f->session);
	int ret;

	df->cur = f;
	f->machine = machine__new_host();
	machine__process_header_build_ids(f->machine, h);
	machine__set_recorded_kernel(f->machine, h->osrelease, h->arch);
	f->resolver = sample_resolver__new(f->machine, &(struct resolve_param){
		.max_stack = 127, .inline_names = true,
	});
	diff_file__grow(f, session__nr_evsels(f->session), &df->layout);
	if (diff__setup_time(df, f, time_rest) < 0)
		return -1;
	if (df->cpu_list &&
	    session__cpu_bitmap(f->session, df->cpu_list, &df->cpu_bitmap, &df->nr_cpu_bitmap) < 0)
		return -1;
	ret = session__process_events(f->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(f->session);

		error("%s", *msg ? msg : strerror(-ret));
		fprintf(stderr, "Failed to process %s\n", f->path);
		return -1;
	}
	free(f->ranges);
	f->ranges = NULL;
	f->nr_ranges = 0;
	return 0;
}

/* ---- comparing ---- */

/* perf's evsel__match2: the same attr type and config */
static int diff__match_event(struct diff_file *f, const struct perf_event_attr *a)
{
	for (int i = 0; i < session__nr_evsels(f->session) && i < f->nr_hists; i++) {
		const struct perf_event_attr *b = &session__evsel(f->session, i)->attr;

		if (a->type == b->type && a->config == b->config)
			return i;
	}
	return -1;
}

static u64 hists__shown_total(const struct hists *h, bool relative)
{
	u64 period, nr;

	if (!relative)
		return h->total_period;
	hists__unfiltered_totals(h, &period, &nr);
	return period;
}

static void diff__event(struct diff *df, int idx, bool first)
{
	struct diff_file *base = &df->files[0];
	struct hists **files = xcalloc((size_t)df->nr_files, sizeof(*files));
	u64 *totals = xcalloc((size_t)df->nr_files, sizeof(*totals));
	u64 *samples = xcalloc((size_t)df->nr_files, sizeof(*samples));
	struct hist_diff d = {
		.compute = df->compute, .w1 = df->w1, .w2 = df->w2, .nr_files = df->nr_files,
		.files = files, .totals = totals, .samples = samples,
		.relative = df->percentage && !strcmp(df->percentage, "relative"),
	};
	struct hists *bh = &base->hists[idx];
	struct hists_print_opts o = {
		.show_header = !df->quiet, .field_sep = df->field_sep,
	};
	const struct perf_event_attr *a = &session__evsel(base->session, idx)->attr;

	for (int i = 0; i < df->nr_files; i++) {
		int m = i ? diff__match_event(&df->files[i], a) : idx;

		files[i] = m >= 0 ? &df->files[i].hists[m] : NULL;
		totals[i] = files[i] ? hists__shown_total(files[i], d.relative) : 0;
		samples[i] = files[i] ? files[i]->nr_samples : 0;
	}
	for (int i = 1; i < df->nr_files; i++)
		hist_diff__pair(&d, i, !df->baseline_only);
	if (!df->quiet)
		printf("%s# Event '%s'\n#\n", first ? "" : "\n",
		       session_evsel__name(session__evsel(base->session, idx)));
	if (verbose > 0 || (df->nr_files > 2 && !df->quiet)) {
		printf("# Data files:\n");
		for (int i = 0; i < df->nr_files; i++)
			printf("#  [%d] %s %s\n", i, df->files[i].path, i ? "" : "(Baseline)");
		printf("#\n");
	}
	if (df->baseline_only)
		hist_diff__baseline_only(&d);
	hist_diff__precompute(&d);
	if (df->compute == DIFF_CYCLES) {
		struct block_cycles **bcs = xcalloc((size_t)df->nr_files, sizeof(*bcs));

		for (int i = 0; i < df->nr_files; i++)
			bcs[i] = df->files[i].blocks;
		d.blocks = block_diff__new(&d, bcs);
		free(bcs);
	}
	bh->diff = &d;
	hists__output_resort(bh);
	/* perf prints the baseline's shares of its entries' total, after -b */
	{
		u64 sum = 0;

		for (size_t i = 0; i < bh->nr_entries; i++)
			if (!d.relative || !bh->entries[i]->filtered)
				sum += bh->entries[i]->period;
		d.base_total = sum;
	}
	hists__fprintf(bh, &o, stdout);
	bh->diff = NULL;
	block_diff__delete((struct block_diff *)d.blocks);
	free(files);
	free(totals);
	free(samples);
}

/*
 * perf's check_file_brstack: -c cycles needs HEADER_BRANCH_STACK in every
 * file; a file that does not open is left to the reading that follows.
 */
static bool diff__all_have_branch_stacks(struct diff *df)
{
	for (int i = 0; i < df->nr_files; i++) {
		struct session *s = NULL;
		char *errmsg = NULL;
		bool has;

		if (session__open_input(&s, df->files[i].path, df->force, &errmsg) < 0) {
			free(errmsg);
			return true;
		}
		has = perf_header__has_feat(session__header(s), HEADER_BRANCH_STACK);
		session__delete(s);
		if (!has)
			return false;
	}
	return true;
}

static int diff__run(struct diff *df)
{
	char *time_copy = df->time_str && strchr(df->time_str, ':') ? xstrdup(df->time_str) : NULL;
	char *time_rest = time_copy;
	const char *bad = NULL;
	int ret = 0;

	ret = hist_layout__setup(&df->layout, df->sort_order ? df->sort_order : "dso,sym", NULL,
				 false, false, false, &bad);
	if (ret) {
		/* perf's words, then its whole usage (129) */
		fprintf(stderr, "Error:\n%s --sort key: `%s'",
			ret == -EOPNOTSUPP ? "Invalid" : "Unknown", bad ? bad : "");
		free(time_copy);
		usage_with_options(diff_usage, df->options);
	}
	{
		struct hist_diff shape = { .compute = df->compute, .nr_files = df->nr_files,
					   .cycles_hist = df->cycles_hist };

		hist_diff__layout(&shape, &df->layout, df->formula, df->period, df->noise,
				  df->order);
	}
	hist_filter__elide(&df->filter, &df->layout);
	if (df->field_sep && *df->field_sep == '.') {
		fputs("'.' is the only non valid --field-separator argument\n", stderr);
		free(time_copy);
		return -1;
	}
	if (df->compute == DIFF_CYCLES && !diff__all_have_branch_stacks(df)) {
		/* perf fails without a word unless every file has branch stacks */
		free(time_copy);
		return -1;
	}
	setup_pager();
	for (int i = 0; i < df->nr_files; i++) {
		struct diff_file *f = &df->files[i];
		char *errmsg = NULL;

		ret = session__open_input(&f->session, f->path, df->force, &errmsg);
		if (ret < 0) {
			session__open_error(ret, f->path, errmsg);
			free(errmsg);
			fprintf(stderr, "Failed to open %s\n", f->path);
			ret = -1;
			break;
		}
		if (df->compute == DIFF_CYCLES)
			f->blocks = block_cycles__new();
		ret = diff__read(df, f, &time_rest);
		if (ret < 0)
			break;
	}
	free(time_copy);
	if (ret < 0)
		return -1;
	/* perf diff's collapse: symbols by name (the files may be of other builds) */
	for (int i = 0; i < df->nr_files; i++)
		for (int k = 0; k < df->files[i].nr_hists; k++)
			hists__collapse_by_name(&df->files[i].hists[k]);
	for (int i = 0; i < df->files[0].nr_hists; i++)
		diff__event(df, i, !i);
	return 0;
}

static void diff__exit(struct diff *df)
{
	for (int i = 0; i < df->nr_files; i++) {
		struct diff_file *f = &df->files[i];

		for (int k = 0; k < f->nr_hists; k++)
			hists__exit(&f->hists[k]);
		free(f->hists);
		free(f->ranges);
		sample_resolver__delete(f->resolver);
		block_cycles__delete(f->blocks);
		machine__delete(f->machine);
		session__delete(f->session);
	}
	free(df->files);
	free(df->cpu_bitmap);
	hist_filter__exit(&df->filter);
}

int cmd_diff(int argc, const char **argv)
{
	struct diff df = { .compute = DIFF_DELTA_ABS, .order = 1 };
	int ret = 0;
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('q', "quiet", &df.quiet, "Do not show any warnings or messages"),
		OPT_BOOLEAN('b', "baseline-only", &df.baseline_only,
			    "Show only items with match in baseline"),
		OPT_CALLBACK('c', "compute", &df,
			     "delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs),cycles",
			     "Entries differential computation selection", parse_compute),
		OPT_BOOLEAN('p', "period", &df.period, "Show period values."),
		OPT_BOOLEAN('F', "formula", &df.formula, "Show formula."),
		OPT_BOOLEAN(0, "cycles-hist", &df.cycles_hist,
			    "Show cycles histogram and standard deviation - WARNING: use only with -c cycles."),
		OPT_BOOLEAN('D', "dump-raw-trace", &df.dump, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &df.force, "don't complain, do it"),
		OPT_STRING(0, "kallsyms", &df.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN('m', "modules", &df.modules,
			    "load module symbols - WARNING: use only with -k and LIVE kernel"),
		OPT_STRING('d', "dsos", &df.dso_list, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('C', "comms", &df.comm_list, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('S', "symbols", &df.sym_list, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING('s', "sort", &df.sort_order, "key[,key2...]",
			   "sort by key(s): pid, comm, dso, symbol, parent, cpu, srcline, ..."
			   " Please refer the man page for the complete list."),
		OPT_STRING('t', "field-separator", &df.field_sep, "separator",
			   "separator for columns, no spaces will be added between columns '.' is reserved."),
		OPT_STRING(0, "symfs", &df.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_UINTEGER('o', "order", &df.order, "Specify compute sorting."),
		OPT_STRING(0, "percentage", &df.percentage, "relative|absolute",
			   "How to display percentage of filtered entries"),
		OPT_STRING(0, "time", &df.time_str, "str",
			   "Time span (time percent or absolute timestamp)"),
		OPT_STRING(0, "cpu", &df.cpu_list, "cpu", "list of cpus to profile"),
		OPT_STRING(0, "pid", &df.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &df.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_BOOLEAN(0, "stream", &df.stream, "Enable hot streams comparison."),
		OPT_BOOLEAN(0, "noise", &df.noise,
			    "Show whether each delta is larger than sampling noise (prof extension)"),
		OPT_END()
	};

	df.options = options;
	argc = parse_options(argc, argv, options, diff_usage, 0);
	set_msg_quiet(df.quiet);
	if (df.quiet)
		verbose = 0;	/* perf_quiet_option: -q wins over -v */
	if (df.percentage && strcmp(df.percentage, "relative") &&
	    strcmp(df.percentage, "absolute")) {
		/* perf's option callback refuses it: the option's usage, 129 */
		fputc('\n', stderr);
		parse_options_usage_for(diff_usage, options, "percentage", 0);
		ret = 129;
		goto out;
	}
	if (df.cycles_hist && df.compute != DIFF_CYCLES)
		usage_with_options(diff_usage, options);
	if (df.field_sep && !*df.field_sep) {
		error("option `field-separator' requires a value");
		ret = 129;
		goto out;
	}
	/* perf's defaults: perf.data.old against perf.data, or against the one file named */
	df.nr_files = argc > 1 ? argc : 2;
	df.files = xcalloc((size_t)df.nr_files, sizeof(*df.files));
	df.files[0].path = argc > 1 ? argv[0] : "perf.data.old";
	df.files[1].path = argc > 1 ? argv[1] : argc ? argv[0] : "perf.data";
	for (int i = 2; i < argc; i++)
		df.files[i].path = argv[i];
	if (df.order >= (unsigned int)df.nr_files) {
		fputs("Order option out of limit.\n", stderr);
		ret = -1;
		goto out;
	}
	if (df.stream) {
		/* perf needs branch stacks (record -b) in every file, else fails silently */
		error("--stream needs LBR call stacks (perf record -b) and is not supported by prof");
		ret = -1;
		goto out;
	}
	/*
	 * -m: perf sets symbol_conf.use_modules, which is already its
	 * default: the live kernel's modules get maps and symbols from
	 * /proc/kallsyms (and /proc/modules), as prof always does for a
	 * recording of this kernel (src/symbol/symbol.c's split).
	 */
	(void)df.modules;
	if (df.symfs)
		symbol_conf__set_symfs(df.symfs);
	if (df.kallsyms)
		symbol_conf.kallsyms_name = df.kallsyms;
	symbol_conf.show_params = verbose > 0;
	symbol_conf.force = df.force;
	name_list__parse(&df.filter.comms, df.comm_list);
	name_list__parse(&df.filter.pids, df.pid_list);
	name_list__parse(&df.filter.tids, df.tid_list);
	name_list__parse(&df.filter.dsos, df.dso_list);
	name_list__parse(&df.filter.syms, df.sym_list);
	if (diff__run(&df) < 0)
		ret = df.status ? df.status : -1;
out:
	if (df.files)
		diff__exit(&df);
	return ret;
}
