// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof annotate: the hot instructions of each sampled symbol, as perf 6.1's
 * "perf annotate --stdio" prints them, disassembled in-process
 * (src/symbol/disasm.c) instead of one objdump run per symbol.
 *
 * The flow: options -> session -> machine -> resolved samples
 * (src/hist/resolved-sample.c) -> two struct hists per event, one keyed by
 * dso,sym (the symbols and their order) and one by dso,sym,addr (each
 * instruction's samples) -> the disassembly of each symbol -> stdout.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/dso.h"
#include "prof/hist.h"
#include "prof/hist-filter.h"
#include "prof/sort.h"
#include "prof/resolved-sample.h"
#include "prof/srcline.h"
#include "prof/disasm.h"
#include "prof/strbuf.h"
#include "prof/config.h"
#include "builtin.h"
#include <sys/stat.h>
#include <time.h>

static const char *const annotate_usage[] = {
	"prof annotate [<options>]",
	NULL
};

enum percent_type { PT_LOCAL_PERIOD, PT_GLOBAL_PERIOD, PT_LOCAL_HITS, PT_GLOBAL_HITS };
static const char *const percent_type_names[] = {
	"local period", "global period", "local hits", "global hits",
};

struct annotate {
	const char *input, *symbol, *dso_list, *symfs, *vmlinux, *objdump, *style;
	const char *percent_type_str, *stdio_color;
	enum percent_type pt;
	double min_percent;
	bool stdio, quiet, show_nr_samples, show_total_period, print_line, source;
	bool asm_raw, skip_missing, force, full_paths, demangle, demangle_kernel;
	bool ignore_vmlinux;
	/* run state */
	struct session *session;
	struct machine *machine;
	struct hist_layout sym_layout, addr_layout;
	struct hists *syms, *addrs;	/* per event */
	int nr_hists;
	struct hist_filter filter;
	struct sample_resolver *resolver;
	bool clock_known;
	/* the DSOs perf gave up on: later symbols of theirs go silently */
	struct dso **failed;
	int nr_failed;
};

/* ---- samples ---- */

static void annotate__grow(struct annotate *a, int nr)
{
	if (nr <= a->nr_hists)
		return;
	a->syms = xrealloc(a->syms, (size_t)nr * sizeof(*a->syms));
	a->addrs = xrealloc(a->addrs, (size_t)nr * sizeof(*a->addrs));
	for (int i = a->nr_hists; i < nr; i++) {
		hists__init(&a->syms[i], &a->sym_layout);
		hists__init(&a->addrs[i], &a->addr_layout);
	}
	a->nr_hists = nr;
}

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct annotate *a = session__tool_priv(s);

	if (!a->clock_known) {
		bool mono = session__nr_evsels(s) > 0;

		for (int i = 0; i < session__nr_evsels(s); i++) {
			const struct perf_event_attr *at = &session__evsel(s, i)->attr;

			if (!at->use_clockid || at->clockid != CLOCK_MONOTONIC)
				mono = false;
		}
		a->machine->clock_monotonic = mono;
		a->clock_known = true;
	}
	machine__jit_advance(a->machine, sample->time);
	return machine__process_event(a->machine, ev);
}

static int on_time_conv(struct session *s, union perf_event *ev)
{
	struct annotate *a = session__tool_priv(s);

	return machine__process_event(a->machine, ev);
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct annotate *a = session__tool_priv(s);
	struct resolved_sample rs;
	struct hist_sample hs = { 0 };
	int idx;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	idx = sample->evsel->idx;
	annotate__grow(a, idx + 1);
	resolved_sample__resolve(a->resolver, sample, &rs);
	hist_sample__set_location(&hs, &rs.al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.cpu = (int)sample->cpu;
	hs.period = sample->period;
	hs.v.addr = sample->ip;
	/* perf counts every sample in the total, filtered or not */
	a->syms[idx].nr_samples++;
	a->syms[idx].total_period += sample->period;
	if (!hist_filter__rejects(&a->filter, NULL, hs.pid, hs.tid, hs.dso, hs.sym)) {
		hists__add(&a->syms[idx], &hs, true);
		hists__add(&a->addrs[idx], &hs, true);
	}
	resolved_sample__exit(&rs);
	return 0;
}

/* ---- printing ---- */

/* One instruction's samples: its period and number of samples. */
struct insn_hits {
	u64 period, nr;
};

/* Source files' lines, read once. */
struct src_file {
	char *name;
	char **lines;
	int nr;
};

static struct src_file *src_files;
static int nr_src_files;

static const char *source_line(const char *file, unsigned int line)
{
	struct src_file *f = NULL;

	for (int i = 0; i < nr_src_files; i++)
		if (!strcmp(src_files[i].name, file))
			f = &src_files[i];
	if (!f) {
		FILE *in = fopen(file, "r");
		char *buf = NULL;
		size_t cap = 0;
		ssize_t n;

		src_files = xrealloc(src_files, (size_t)(nr_src_files + 1) * sizeof(*src_files));
		f = &src_files[nr_src_files++];
		memset(f, 0, sizeof(*f));
		f->name = xstrdup(file);
		while (in && (n = getline(&buf, &cap, in)) >= 0) {
			if (n && buf[n - 1] == '\n')
				buf[--n] = '\0';
			f->lines = xrealloc(f->lines, (size_t)(f->nr + 1) * sizeof(*f->lines));
			f->lines[f->nr++] = xstrdup(buf);
		}
		free(buf);
		if (in)
			fclose(in);
	}
	if (!line || (int)line > f->nr)
		return NULL;
	return f->lines[line - 1];
}

static bool annotate__dso_failed(struct annotate *a, struct dso *dso)
{
	for (int i = 0; i < a->nr_failed; i++)
		if (a->failed[i] == dso)
			return true;
	return false;
}

/* perf's message when a symbol cannot be disassembled. */
static void annotate__error(struct annotate *a, struct hist_entry *he, const char *why)
{
	a->failed = xrealloc(a->failed, (size_t)(a->nr_failed + 1) * sizeof(*a->failed));
	a->failed[a->nr_failed++] = he->dso;
	if (a->skip_missing || a->quiet)
		return;
	if (he->dso->kind == DSO_KIND_KERNEL || he->dso->kind == DSO_KIND_MODULE)
		fprintf(stderr, "Error:\nCouldn't annotate %s:\nNo vmlinux file with build id "
			"was found in the path (prof reads the code of the kernel from -k "
			"vmlinux only).\n", he->sym->name);
	else
		fprintf(stderr, "Error:\nCouldn't annotate %s:\n%s: %s\n", he->sym->name,
			he->dso->long_name, why);
}

struct printer {
	struct annotate *a;
	const char *event;
	struct hists *sh, *ah;
};

static double insn_percent(const struct annotate *a, const struct insn_hits *h,
			   const struct hist_entry *he, const struct hists *total)
{
	u64 v, t;

	switch (a->pt) {
	case PT_GLOBAL_PERIOD:
		v = h->period, t = total->total_period;
		break;
	case PT_LOCAL_HITS:
		v = h->nr, t = he->nr_events;
		break;
	case PT_GLOBAL_HITS:
		v = h->nr, t = total->nr_samples;
		break;
	default:
		v = h->period, t = he->period;
		break;
	}
	return t ? 100.0 * (double)v / (double)t : 0.0;
}

/* The value column: percent, samples (-n) or period (--show-total-period). */
static int col_width(const struct annotate *a)
{
	return a->show_total_period ? 12 : 8;
}

static void print_value(const struct annotate *a, const struct insn_hits *h, double pct)
{
	if (a->show_total_period)
		printf("%12" PRIu64, h->period);
	else if (a->show_nr_samples)
		printf("%8" PRIu64, h->nr);
	else
		printf("%8.2f", pct);
}

static void print_blank(const struct annotate *a, int lineno, int lw, const char *text)
{
	printf("%*s:", col_width(a) + 1, "");
	if (text && *text)
		printf(" %-*d %s", lw, lineno, text);
	putchar('\n');
}

/* Hex digits of @v: perf right-aligns the addresses of a symbol to its widest. */
static int hex_width(u64 v)
{
	int n = 1;

	while (v >>= 4)
		n++;
	return n;
}

static void print_insn_line(const struct annotate *a, const struct insn_hits *h, double pct,
			    u64 addr, int aw, const char *raw, const char *text,
			    const char *comment)
{
	char abuf[32];

	snprintf(abuf, sizeof(abuf), "%" PRIx64 ":", addr);
	print_value(a, h, pct);
	printf(" :   %*s%-8s", aw - hex_width(addr), "", abuf);
	if (raw && *text)
		printf("%-24s", raw);
	else if (raw)
		fputs(raw, stdout);	/* a continuation line: the bytes alone */
	printf("%s%s\n", text, comment ? comment : "");
}

/*
 * The raw bytes as objdump lays them out: 7 a line, the rest on lines of
 * their own at their addresses.
 */
static void print_insn(const struct annotate *a, const struct disasm_insn *in, int aw,
		       const struct insn_hits *h, double pct, const char *comment)
{
	static const struct insn_hits none;
	char raw[32];
	const char *p;
	int n = 0;

	if (!a->asm_raw || !in->raw) {
		print_insn_line(a, h, pct, in->addr, aw, NULL, in->text, comment);
		return;
	}
	p = in->raw;
	for (u64 off = 0; *p; off += 7) {
		size_t len = 0;
		const char *q = p;

		for (n = 0; n < 7 && *q; n++) {
			q += 2;
			if (*q == ' ')
				q++;
		}
		len = (size_t)(q - p);
		snprintf(raw, sizeof(raw), "%.*s", (int)len, p);
		len = strlen(raw);
		while (len && raw[len - 1] == ' ')
			raw[--len] = '\0';
		if (!off)
			print_insn_line(a, h, pct, in->addr, aw, raw, in->text, comment);
		else
			print_insn_line(a, &none, 0.0, in->addr + off, aw, raw, "", NULL);
		p = q;
	}
}

static const char *srcline_text(const struct annotate *a, struct dso *dso, u64 addr,
				unsigned int *line_out, const char **file_out)
{
	const char *file;
	unsigned int line;

	if (dso__srcline(dso, addr, &file, &line))
		return NULL;
	*line_out = line;
	*file_out = file;
	(void)a;
	return file;
}

/* -l: the sorted summary of the symbol's source lines (perf's print_summary). */
struct line_sum {
	const char *file;
	unsigned int line;
	double pct;
};

static int line_sum_cmp(const void *pa, const void *pb)
{
	const struct line_sum *x = pa, *y = pb;

	return x->pct < y->pct ? 1 : x->pct > y->pct ? -1 : 0;
}

static const char *short_path(const struct annotate *a, const char *f)
{
	const char *s = strrchr(f, '/');

	return a->full_paths || !s ? f : s + 1;
}

static void print_summary(const struct annotate *a, struct hist_entry *he,
			  const struct disasm *d, const struct insn_hits *hits,
			  const struct hists *total)
{
	struct line_sum *ls = xcalloc((size_t)d->nr + 1, sizeof(*ls));
	int n = 0;
	char path[PATH_MAX];

	for (int i = 0; i < d->nr; i++) {
		const char *file;
		unsigned int line;
		double pct = insn_percent(a, &hits[i], he, total);
		int j;

		if (!hits[i].nr || !srcline_text(a, he->dso, d->insns[i].dso_addr, &line, &file))
			continue;
		for (j = 0; j < n; j++)
			if (ls[j].line == line && !strcmp(ls[j].file, file))
				break;
		if (j == n) {
			ls[n].file = file;
			ls[n].line = line;
			n++;
		}
		ls[j].pct += pct;
	}
	qsort(ls, (size_t)n, sizeof(*ls), line_sum_cmp);
	if (dso__code_path(he->dso, path, sizeof(path)))
		snprintf(path, sizeof(path), "%s", he->dso->long_name);
	printf("\nSorted summary for file %s\n", path);
	printf("----------------------------------------------\n\n");
	if (!n)
		printf(" Nothing higher than %1.1f%%\n", 0.5);
	for (int i = 0; i < n; i++)
		if (ls[i].pct >= 0.5)
			printf("  %7.2f %s:%u\n", ls[i].pct, short_path(a, ls[i].file), ls[i].line);
	free(ls);
}

static int annotate__symbol(struct printer *pr, struct hist_entry *he)
{
	struct annotate *a = pr->a;
	struct disasm d;
	struct disasm_opts o = { .objdump = a->objdump, .style = a->style };
	struct insn_hits *hits;
	char err[PATH_MAX + 64];
	const char *prev_file = NULL, *last_comment = NULL;
	unsigned int prev_line = 0;
	char hdr[512];
	int len, lw = 4, aw;
	const char *col = a->show_total_period ? "Period      " : a->show_nr_samples ? "Samples" :
			  "Percent";

	if (verbose > 0)
		fprintf(stderr, "annotating %s [%#" PRIx64 "-%#" PRIx64 ") of %s\n", he->sym->name,
			he->sym->start, he->sym->end, he->dso->long_name);
	if (disasm__symbol(he->dso, he->sym, &o, &d, err, sizeof(err)) < 0) {
		annotate__error(a, he, err);
		return 0;
	}
	hits = xcalloc((size_t)d.nr + 1, sizeof(*hits));
	for (size_t i = 0; i < pr->ah->nr_entries; i++) {
		struct hist_entry *e = pr->ah->entries[i];
		int lo = 0, hi = d.nr;

		if (e->dso != he->dso || e->sym != he->sym)
			continue;
		while (lo < hi) {	/* the instruction holding the address */
			int mid = (lo + hi) / 2;

			if (d.insns[mid].dso_addr <= e->ip)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo && d.insns[lo - 1].dso_addr == e->ip) {
			hits[lo - 1].period += e->period;
			hits[lo - 1].nr += e->nr_events;
		}
	}
	aw = hex_width(d.insns[d.nr - 1].addr);
	if (a->print_line)
		print_summary(a, he, &d, hits, pr->sh);
	len = snprintf(hdr, sizeof(hdr), " %-*s|\tSource code & Disassembly of %s for %s (%" PRIu64
		       " samples, percent: %s)\n", col_width(a), col, he->dso->short_name,
		       pr->event, he->nr_events, percent_type_names[a->pt]);
	fputs(hdr, stdout);
	for (int i = 0; i < len + 4; i++)
		putchar('-');
	putchar('\n');
	/* objdump's preamble, as perf keeps it */
	print_blank(a, 0, lw, NULL);
	print_blank(a, 0, lw, NULL);
	print_blank(a, 0, lw, NULL);
	print_blank(a, 3, lw, "Disassembly of section .text:");
	print_blank(a, 0, lw, NULL);
	{
		char name[1024];

		struct inline_frame fr[8];

		snprintf(name, sizeof(name), "%016" PRIx64 " <%s>:", d.start, he->sym->name);
		print_blank(a, 5, lw, name);
		/* objdump -l's "func():" for the first address, where DWARF knows it */
		if (dso__inline_frames(he->dso, he->sym->start, fr, 8) > 0 && fr[0].funcname) {
			snprintf(name, sizeof(name), "%s():", fr[0].funcname);
			print_blank(a, 6, lw, name);
		}
	}
	for (int i = 0; i < d.nr; i++) {
		const struct disasm_insn *in = &d.insns[i];
		double pct = insn_percent(a, &hits[i], he, pr->sh);
		const char *file = NULL, *comment = NULL;
		unsigned int line = 0;
		char cbuf[PATH_MAX + 16];

		if ((a->source || a->print_line) &&
		    srcline_text(a, he->dso, in->dso_addr, &line, &file) &&
		    (file != prev_file || line != prev_line)) {
			const char *text = a->source ? source_line(file, line) : NULL;

			while (text && (*text == ' ' || *text == '\t'))
				text++;	/* perf shows the line without its indent */
			if (text)
				print_blank(a, (int)line, lw, text);
			prev_file = file;
			prev_line = line;
		}
		if (a->print_line && file && hits[i].nr) {
			snprintf(cbuf, sizeof(cbuf), " // %s:%u", short_path(a, file), line);
			if (!last_comment || strcmp(last_comment, cbuf)) {
				comment = cbuf;
				free((char *)last_comment);
				last_comment = xstrdup(cbuf);
			}
		}
		print_insn(a, in, aw, &hits[i], pct, comment);
	}
	free((char *)last_comment);
	free(hits);
	disasm__exit(&d);
	return 0;
}

static int annotate__print(struct annotate *a)
{
	bool any = false;

	for (int idx = 0; idx < a->nr_hists; idx++) {
		struct printer pr = {
			.a = a, .sh = &a->syms[idx], .ah = &a->addrs[idx],
			.event = session_evsel__name(session__evsel(a->session, idx)),
		};

		hists__output_resort(pr.sh);
		hists__output_resort(pr.ah);
		for (size_t i = 0; i < pr.sh->nr_entries; i++) {
			struct hist_entry *he = pr.sh->entries[i];

			if (!he->sym || !he->dso || he->inlined)
				continue;
			if (a->symbol && strcmp(he->sym->name, a->symbol))
				continue;
			if (a->min_percent > 0 &&
			    hists__percent(pr.sh, he->period) < a->min_percent)
				continue;
			if (annotate__dso_failed(a, he->dso))
				continue;
			any = true;
			annotate__symbol(&pr, he);
		}
	}
	if (!any && !a->quiet) {
		/* perf's words and status when no sample has a symbol to show */
		fflush(stdout);
		fprintf(stderr, "Error:\nThe %s data has no samples!\n", a->input);
	}
	return 0;
}

/* ---- options ---- */

static int parse_percent_type(struct annotate *a)
{
	static const struct { const char *name; enum percent_type pt; } types[] = {
		{ "local-period", PT_LOCAL_PERIOD }, { "global-period", PT_GLOBAL_PERIOD },
		{ "local-hits", PT_LOCAL_HITS }, { "global-hits", PT_GLOBAL_HITS },
		{ "period-local", PT_LOCAL_PERIOD }, { "period-global", PT_GLOBAL_PERIOD },
		{ "hits-local", PT_LOCAL_HITS }, { "hits-global", PT_GLOBAL_HITS },
	};

	for (size_t i = 0; i < ARRAY_SIZE(types); i++)
		if (!strcmp(a->percent_type_str, types[i].name)) {
			a->pt = types[i].pt;
			return 0;
		}
	return error("Invalid percent type: %s (local-period, global-period, local-hits "
		     "or global-hits)", a->percent_type_str);
}

static int parse_percent_limit(const struct option *opt, const char *arg, int unset)
{
	struct annotate *a = opt->value;
	char *end;

	(void)unset;
	a->min_percent = strtod(arg, &end);
	if (end == arg || *end)
		return error("--percent-limit: not a number: %s", arg);
	return 0;
}

/* The options perf annotate has and prof does not (yet): refused, never ignored. */
static int refuse(const struct option *opt, const char *arg, int unset)
{
	(void)arg;
	(void)unset;
	return error("--%s: %s", opt->long_name, (const char *)opt->value);
}

static int run(struct annotate *a)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = a, .time_conv = on_time_conv,
	};
	const struct perf_header *h = session__header(a->session);
	const char *bad = NULL;
	int ret;

	a->machine = machine__new_host();
	machine__process_header_build_ids(a->machine, h);
	machine__set_recorded_kernel(a->machine, h->osrelease, h->arch);
	if (hist_layout__setup(&a->sym_layout, "dso,sym", NULL, false, false, false, &bad) < 0 ||
	    hist_layout__setup(&a->addr_layout, "dso,sym,addr", NULL, false, false, false, &bad) < 0)
		return error("annotate: bad sort key %s", bad ? bad : "");
	annotate__grow(a, session__nr_evsels(a->session));
	a->resolver = sample_resolver__new(a->machine, &(struct resolve_param){ .max_stack = 0 });
	ret = session__process_events(a->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(a->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	return annotate__print(a);
}

static void annotate__exit(struct annotate *a)
{
	for (int i = 0; i < a->nr_hists; i++) {
		hists__exit(&a->syms[i]);
		hists__exit(&a->addrs[i]);
	}
	free(a->syms);
	free(a->addrs);
	free(a->failed);
	sample_resolver__delete(a->resolver);
	hist_filter__exit(&a->filter);
	machine__delete(a->machine);
	session__delete(a->session);
	for (int i = 0; i < nr_src_files; i++) {
		for (int j = 0; j < src_files[i].nr; j++)
			free(src_files[i].lines[j]);
		free(src_files[i].lines);
		free(src_files[i].name);
	}
	free(src_files);
}

/*
 * perf 6.1's annotate variables that prof's stdio annotate has:
 * annotate.show_nr_samples (-n), annotate.show_total_period,
 * annotate.disassembler_style (-M), annotate.demangle and
 * annotate.demangle_kernel. The options, parsed after, override them.
 * (hide_src_code, jump_arrows, show_linenr, show_nr_jumps, use_offset and
 * offset_level are perf's TUI annotate's.)
 */
static int annotate__config(const char *var, const char *value, void *data)
{
	struct annotate *a = data;

	if (!strstarts(var, "annotate."))
		return 0;
	var += strlen("annotate.");
	/* perf names these by the key alone in its "bad config value" line */
	if (!strcmp(var, "show_nr_samples"))
		a->show_nr_samples = config__bool(var, value);
	else if (!strcmp(var, "show_total_period"))
		a->show_total_period = config__bool(var, value);
	else if (!strcmp(var, "disassembler_style"))
		a->style = value;	/* the process's config set keeps it */
	else if (!strcmp(var, "demangle"))
		a->demangle = config__bool(var, value);
	else if (!strcmp(var, "demangle_kernel"))
		a->demangle_kernel = config__bool(var, value);
	return 0;
}

int cmd_annotate(int argc, const char **argv)
{
	struct annotate a = { .source = true, .demangle = true, .percent_type_str = NULL };
	static const char no_cpu[] = "sample CPU filters are not in prof annotate yet";
	static const char no_dump[] = "prof report -D dumps the records";
	static const char no_modules[] = "live kernel module code is not read by prof";
	static const char no_group[] = "the group view is not in prof annotate yet";
	static const char no_itrace[] = "instruction traces (AUX area) are not decoded by prof";
	static const char no_prefix[] = "source paths are read as recorded in DWARF";
	static const char no_stdio2[] = "the stdio2 layout is not in prof annotate yet";
	static const char no_tui[] = "the annotate browser is not in prof yet: use --stdio";
	const struct option options[] = {
		OPT_CALLBACK('C', "cpu", (void *)no_cpu, "cpu", "list of cpus to profile", refuse),
		OPT_STRING('d', "dsos", &a.dso_list, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_CALLBACK_NOOPT('D', "dump-raw-trace", (void *)no_dump, NULL,
				   "dump raw trace in ASCII", refuse),
		OPT_BOOLEAN('f', "force", &a.force, "don't complain, do it"),
		OPT_STRING('i', "input", &a.input, "file", "input file name"),
		OPT_STRING('k', "vmlinux", &a.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN('l', "print-line", &a.print_line,
			    "print matching source lines (may be slow)"),
		OPT_STRING('M', "disassembler-style", &a.style, "disassembler style",
			   "Specify disassembler style (e.g. -M intel for intel syntax)"),
		OPT_CALLBACK_NOOPT('m', "modules", (void *)no_modules, NULL,
				   "load module symbols - WARNING: use only with -k and LIVE kernel",
				   refuse),
		OPT_BOOLEAN('n', "show-nr-samples", &a.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_BOOLEAN('P', "full-paths", &a.full_paths, "Don't shorten the displayed pathnames"),
		OPT_BOOLEAN('q', "quiet", &a.quiet, "do now show any warnings or messages"),
		OPT_STRING('s', "symbol", &a.symbol, "symbol", "symbol to annotate"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN(0, "asm-raw", &a.asm_raw,
			    "Display raw encoding of assembly instructions (default)"),
		OPT_BOOLEAN(0, "demangle", &a.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &a.demangle_kernel, "Enable kernel symbol demangling"),
		OPT_CALLBACK_NOOPT(0, "group", (void *)no_group, NULL,
				   "Show event group information together", refuse),
		OPT_BOOLEAN(0, "ignore-vmlinux", &a.ignore_vmlinux, "don't load vmlinux even if found"),
		OPT_CALLBACK_OPTARG(0, "itrace", (void *)no_itrace, "opts",
				    "Instruction Tracing options", refuse, ""),
		OPT_STRING(0, "objdump", &a.objdump, "path",
			   "objdump binary to use for disassembly and annotations"),
		OPT_CALLBACK(0, "percent-limit", &a, "percent",
			     "Don't show entries under that percent", parse_percent_limit),
		OPT_STRING(0, "percent-type", &a.percent_type_str, "local-period",
			   "Set percent type local/global-period/hits"),
		OPT_CALLBACK(0, "prefix", (void *)no_prefix, "prefix",
			     "Add prefix to source file path names in programs (with --prefix-strip)",
			     refuse),
		OPT_CALLBACK(0, "prefix-strip", (void *)no_prefix, "N",
			     "Strip first N entries of source file path name in programs (with --prefix)",
			     refuse),
		OPT_BOOLEAN(0, "show-total-period", &a.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_BOOLEAN(0, "skip-missing", &a.skip_missing, "Skip symbols that cannot be annotated"),
		OPT_BOOLEAN(0, "source", &a.source,
			    "Interleave source code with assembly code (default)"),
		OPT_BOOLEAN(0, "stdio", &a.stdio, "Use the stdio interface"),
		OPT_STRING(0, "stdio-color", &a.stdio_color, "mode",
			   "'always' (default), 'never' or 'auto' only applicable to --stdio mode"),
		OPT_CALLBACK_NOOPT(0, "stdio2", (void *)no_stdio2, NULL, "Use the stdio interface",
				   refuse),
		OPT_STRING(0, "symfs", &a.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_CALLBACK_NOOPT(0, "tui", (void *)no_tui, NULL, "Use the TUI interface", refuse),
		OPT_END()
	};
	char *errmsg = NULL;
	struct stat st;
	int ret = -1;

	if (prof_config(annotate__config, &a) < 0)
		return -1;
	argc = parse_options(argc, argv, options, annotate_usage, 0);
	set_msg_quiet(a.quiet);
	if (argc > 1)
		usage_with_options(annotate_usage, options);
	if (argc == 1)
		a.symbol = argv[0];
	if (a.percent_type_str && parse_percent_type(&a) < 0)
		goto out;
	if (a.stdio_color && strcmp(a.stdio_color, "never") && strcmp(a.stdio_color, "auto")) {
		error("--stdio-color %s: prof annotate prints without colour ('never', 'auto')",
		      a.stdio_color);
		goto out;
	}
	if (a.style && !strcmp(a.style, "att"))
		a.style = NULL;
	if (a.style && !a.objdump)
		a.objdump = "objdump";	/* capstone speaks AT&T: other styles are objdump's */
	if (!a.objdump && !disasm__have_capstone())
		a.objdump = "objdump";
	if (a.symfs)
		symbol_conf__set_symfs(a.symfs);
	if (a.vmlinux) {
		if (access(a.vmlinux, R_OK)) {
			error("Invalid file: %s", a.vmlinux);
			goto out;
		}
		symbol_conf.vmlinux_name = a.vmlinux;
	}
	symbol_conf.no_demangle = !a.demangle;
	symbol_conf.demangle_kernel = a.demangle_kernel;
	symbol_conf.ignore_vmlinux = a.ignore_vmlinux;
	symbol_conf.force = a.force;
	name_list__parse(&a.filter.dsos, a.dso_list);
	if (!a.input || !*a.input) {
		if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
			a.input = "-";
		else
			a.input = "perf.data";
	}
	ret = session__open_input(&a.session, a.input, a.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, a.input, errmsg);
		free(errmsg);
		ret = -1;
		goto out;
	}
	if (strcmp(a.input, "-") && pager_use != 0)
		setup_pager();
	ret = run(&a);
out:
	annotate__exit(&a);
	return ret < 0 ? -1 : 0;
}
