// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof annotate: the hot instructions of each sampled symbol, as perf 6.1's
 * "perf annotate --stdio" prints them, disassembled in-process
 * (src/symbol/disasm.c) instead of one objdump run per symbol.
 *
 * The flow: options -> session -> machine -> resolved samples
 * (src/hist/resolved-sample.c) -> a struct hists per event keyed by dso,sym
 * (the symbols and their order) and the samples of each instruction
 * address (addr_hits) -> each symbol's annotation (src/symbol/annotation.c:
 * its disassembly and samples, what the annotate browser shows too) ->
 * stdout.
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
#include "prof/annotation.h"
#include "prof/tui.h"
#include "prof/strbuf.h"
#include "prof/config.h"
#include "builtin.h"
#include <sys/stat.h>
#include <time.h>

static const char *const annotate_usage[] = {
	"prof annotate [<options>]",
	NULL
};

struct annotate {
	const char *input, *symbol, *dso_list, *symfs, *vmlinux, *kallsyms, *objdump, *style;
	const char *stdio_color;
	struct annotate_cli cli;	/* the options report and top share */
	struct annotate_browse_opts bo;
	enum annotation_percent pt;
	double min_percent;
	bool tui, use_tui;		/* --tui; the browser (a terminal without --stdio) */
	bool no_browser;		/* tui.annotate (or gtk.annotate) = false */
	bool stdio, quiet, show_nr_samples, show_total_period, print_line, source;
	bool asm_raw, skip_missing, force, full_paths, demangle, demangle_kernel;
	bool ignore_vmlinux;
	/* run state */
	struct session *session;
	struct machine *machine;
	struct hist_layout sym_layout;
	struct hists *syms;		/* per event */
	struct addr_hits *addrs;	/* every event's */
	int nr_hists;
	struct hist_filter filter;
	struct disasm_cache *dcache;	/* the last DSO's file, open for its next symbol */
	struct sample_resolver *resolver;
	bool clock_known;
	/* the DSOs perf gave up on: later symbols of theirs go silently */
	struct dso **failed;
	int nr_failed;
	/* the memo of resolved sample addresses (on_sample) */
	struct ip_memo *memo;
	u64 machine_events;	/* thread and map events seen: a memo entry's stamp */
};

/*
 * A sample's resolution, remembered by (event, pid, tid, cpumode, ip):
 * what it adds to (its entry, or none when filtered out) and where its
 * address hits count. Valid while neither the lookup generation (maps,
 * symbols) nor the thread and map events seen changed since it was
 * made, so a hit adds exactly what resolving again would. Direct-mapped;
 * a collision only resolves again. A large profile's samples fall on few
 * addresses: resolving each (thread, map and symbol search) was most of
 * annotate's time after reading the file.
 */
#define IP_MEMO_SLOTS 2048

struct ip_memo {
	u64 gen, events;	/* the stamps */
	u64 ip;
	pid_t pid, tid;
	int idx;
	u8 sample_cpumode, cpumode;
	bool used, rejected;
	u64 nr, period;		/* samples not yet added to he and the address hits */
	struct hist_entry *he;
	const struct symbol *sym;
	u64 addr;		/* the map-relative address addr_hits counts */
};

/* ---- samples ---- */

static void annotate__grow(struct annotate *a, int nr)
{
	if (nr <= a->nr_hists)
		return;
	a->syms = xrealloc(a->syms, (size_t)nr * sizeof(*a->syms));
	for (int i = a->nr_hists; i < nr; i++)
		hists__init(&a->syms[i], &a->sym_layout);
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
	a->machine_events++;
	return machine__process_event(a->machine, ev);
}

static int on_time_conv(struct session *s, union perf_event *ev)
{
	struct annotate *a = session__tool_priv(s);

	a->machine_events++;
	return machine__process_event(a->machine, ev);
}

static struct ip_memo *ip_memo__slot(struct annotate *a, const struct perf_sample *sample, int idx)
{
	u64 k = sample->ip ^ ((u64)sample->tid << 32) ^ ((u64)idx << 56) ^ sample->cpumode;

	k *= 0x9E3779B97F4A7C15ull;
	return &a->memo[(k >> 40) & (IP_MEMO_SLOTS - 1)];
}

/* A memo entry's pending samples into its entry and address hits. */
static void ip_memo__flush(struct annotate *a, struct ip_memo *m)
{
	if (!m->nr)
		return;
	if (!m->rejected) {
		hist_entry__add_self(m->he, m->cpumode, m->period, m->nr);
		addr_hits__add_n(a->addrs, m->idx, m->sym, m->addr, m->period, m->nr);
	} else {
		addr_hits__add_n(a->addrs, m->idx, NULL, 0, m->period, m->nr);	/* the totals */
	}
	m->nr = 0;
	m->period = 0;
}

static void annotate__flush_memo(struct annotate *a)
{
	for (int i = 0; a->memo && i < IP_MEMO_SLOTS; i++)
		ip_memo__flush(a, &a->memo[i]);
}

/* A memo miss: resolve the sample and remember where it went in @m. */
static void on_sample_resolve(struct annotate *a, struct perf_sample *sample, int idx,
			      struct ip_memo *m)
{
	struct resolved_sample rs;
	struct hist_sample hs = { 0 };

	ip_memo__flush(a, m);
	resolved_sample__resolve(a->resolver, sample, &rs);
	hist_sample__set_location(&hs, &rs.al, (pid_t)sample->pid, (pid_t)sample->tid);
	hs.cpu = (int)sample->cpu;
	hs.period = sample->period;
	hs.v.addr = sample->ip;
	*m = (struct ip_memo){
		.ip = sample->ip, .pid = (pid_t)sample->pid, .tid = (pid_t)sample->tid,
		.idx = idx, .sample_cpumode = sample->cpumode, .cpumode = hs.cpumode,
		.sym = hs.sym, .addr = hs.ip, .used = true,
	};
	if (!hist_filter__rejects(&a->filter, NULL, hs.pid, hs.tid, hs.dso, hs.sym)) {
		/* the entry made now, at its first sample, as without the memo */
		m->he = hists__add(&a->syms[idx], &hs, true);
		addr_hits__add(a->addrs, idx, hs.sym, hs.ip, sample->period);
	} else {
		m->rejected = true;
		addr_hits__add(a->addrs, idx, NULL, 0, sample->period);	/* the totals */
	}
	resolved_sample__exit(&rs);
	/* stamped after the lookup: it may have loaded a DSO's symbols */
	m->gen = machine__lookup_generation();
	m->events = a->machine_events;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct annotate *a = session__tool_priv(s);
	struct ip_memo *m;
	int idx;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	idx = sample->evsel->idx;
	annotate__grow(a, idx + 1);
	/* perf counts every sample in the total, filtered or not */
	a->syms[idx].nr_samples++;
	a->syms[idx].total_period += sample->period;
	/* what resolving does first: the JIT maps due by the sample's time */
	machine__jit_advance(a->machine, sample->time);
	m = ip_memo__slot(a, sample, idx);
	if (m->used && m->gen == machine__lookup_generation() && m->events == a->machine_events &&
	    m->ip == sample->ip && m->tid == (pid_t)sample->tid &&
	    m->pid == (pid_t)sample->pid && m->idx == idx &&
	    m->sample_cpumode == sample->cpumode) {
		m->nr++;
		m->period += sample->period;
		return 0;
	}
	on_sample_resolve(a, sample, idx, m);
	return 0;
}

/* ---- printing ---- */

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
	if ((he->dso->kind == DSO_KIND_KERNEL || he->dso->kind == DSO_KIND_MODULE) &&
	    !he->dso->kcore_path)
		fprintf(stderr, "Error:\nCouldn't annotate %s:\nNo vmlinux file with build id "
			"was found in the path (prof reads the kernel's code from the vmlinux of "
			"-k, or from the kcore beside the kallsyms its symbols came from: "
			"/proc/kcore, readable by root where the kernel has one).\n",
			he->sym->name);
	else
		fprintf(stderr, "Error:\nCouldn't annotate %s:\n%s: %s\n", he->sym->name,
			he->dso->long_name, why);
}

struct printer {
	struct annotate *a;
	const char *event;
	struct hists *sh;
	int idx;
};

/* The value column: percent, samples (-n) or period (--show-total-period). */
static int col_width(const struct annotate *a)
{
	return a->show_total_period ? 12 : 8;
}

static void print_value(const struct annotate *a, const struct ann_hits *h, double pct)
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

static void print_insn_line(const struct annotate *a, const struct ann_hits *h, double pct,
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
		       const struct ann_hits *h, double pct, const char *comment)
{
	static const struct ann_hits none;
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
			  const struct annotation *an)
{
	const struct disasm *d = &an->d;
	const struct ann_hits *hits = an->hits;
	struct line_sum *ls = xcalloc((size_t)d->nr + 1, sizeof(*ls));
	int n = 0;
	char path[PATH_MAX];

	for (int i = 0; i < d->nr; i++) {
		const char *file;
		unsigned int line;
		double pct = annotation__percent(an, i, a->pt);
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
	struct annotation an;
	struct disasm_opts o = { .objdump = a->objdump, .style = a->style, .cache = a->dcache };
	const struct disasm *d = &an.d;
	char err[PATH_MAX + 64];
	const char *prev_file = NULL, *last_comment = NULL;
	unsigned int prev_line = 0;
	char hdr[512], kcore[PATH_MAX];
	int len, lw = 4, aw;
	const char *col = a->show_total_period ? "Period      " : a->show_nr_samples ? "Samples" :
			  "Percent";
	const char *dname = he->dso->short_name;

	if (verbose > 0)
		fprintf(stderr, "annotating %s [%#" PRIx64 "-%#" PRIx64 ") of %s\n", he->sym->name,
			he->sym->start, he->sym->end, he->dso->long_name);
	if (annotation__init(&an, he->dso, he->sym, &o, err, sizeof(err)) < 0) {
		annotate__error(a, he, err);
		return 0;
	}
	annotation__fill(&an, a->addrs, pr->idx, he->sym);
	/* perf names the file the code came from: kcore for a kernel read from it */
	if (disasm__kcore(he->dso, kcore, sizeof(kcore)))
		dname = a->full_paths || !strrchr(kcore, '/') ? kcore : strrchr(kcore, '/') + 1;
	aw = hex_width(d->insns[d->nr - 1].addr);
	if (a->print_line)
		print_summary(a, he, &an);
	len = snprintf(hdr, sizeof(hdr), " %-*s|\tSource code & Disassembly of %s for %s (%" PRIu64
		       " samples, percent: %s)\n", col_width(a), col, dname,
		       pr->event, he->nr_events, annotation_percent_names[a->pt]);
	fputs(hdr, stdout);
	for (int i = 0; i < len + 4; i++)
		putchar('-');
	putchar('\n');
	/* objdump's preamble, as perf keeps it */
	print_blank(a, 0, lw, NULL);
	print_blank(a, 0, lw, NULL);
	print_blank(a, 0, lw, NULL);
	{
		char name[1024], section[64];

		struct inline_frame fr[8];

		disasm__preamble(d, he->sym->name, section, sizeof(section), name, sizeof(name));
		print_blank(a, 3, lw, section);
		print_blank(a, 0, lw, NULL);
		print_blank(a, 5, lw, name);
		/* objdump -l's "func():" for the first address, where DWARF knows it */
		if (dso__inline_frames(he->dso, he->sym->start, fr, 8) > 0 && fr[0].funcname) {
			snprintf(name, sizeof(name), "%s():", fr[0].funcname);
			print_blank(a, 6, lw, name);
		}
	}
	for (int i = 0; i < d->nr; i++) {
		const struct disasm_insn *in = &d->insns[i];
		double pct = annotation__percent(&an, i, a->pt);
		const char *file = NULL, *comment = NULL;
		unsigned int line = 0;
		char cbuf[PATH_MAX + 16];

		if ((a->source || a->print_line) &&
		    srcline_text(a, he->dso, in->dso_addr, &line, &file) &&
		    (file != prev_file || line != prev_line)) {
			const char *text = a->source ? annotation__source_line(file, line) : NULL;

			while (text && (*text == ' ' || *text == '\t'))
				text++;	/* perf shows the line without its indent */
			if (text)
				print_blank(a, (int)line, lw, text);
			prev_file = file;
			prev_line = line;
		}
		if (a->print_line && file && an.hits[i].nr) {
			snprintf(cbuf, sizeof(cbuf), " // %s:%u", short_path(a, file), line);
			if (!last_comment || strcmp(last_comment, cbuf)) {
				comment = cbuf;
				free((char *)last_comment);
				last_comment = xstrdup(cbuf);
			}
		}
		print_insn(a, in, aw, &an.hits[i], pct, comment);
	}
	free((char *)last_comment);
	annotation__exit(&an);
	return 0;
}

/*
 * On a terminal, perf's annotate browser over the same symbols in the
 * same order (LEFT and RIGHT move between them). -ENOTTY and the like
 * when there is no browser: the caller prints instead.
 */
static int annotate__browse(struct annotate *a)
{
	struct annotate_browse_sym *syms = NULL;
	int nr = 0, ret;

	for (int idx = 0; idx < a->nr_hists; idx++) {
		struct session_evsel *e = session__evsel(a->session, idx);
		struct hists *h = &a->syms[idx];

		hists__output_resort(h);
		for (size_t i = 0; i < h->nr_entries; i++) {
			struct hist_entry *he = h->entries[i];

			if (!he->sym || !he->dso || he->inlined)
				continue;
			if (a->symbol && strcmp(he->sym->name, a->symbol))
				continue;
			if (a->min_percent > 0 && hists__percent(h, he->period) < a->min_percent)
				continue;
			syms = xrealloc(syms, (size_t)(nr + 1) * sizeof(*syms));
			syms[nr++] = (struct annotate_browse_sym){
				.dso = he->dso, .sym = he->sym, .idx = idx,
				.evname = session_evsel__name(e),
				/* perf's title: the symbol's alone when it is named */
				.nr_samples = a->symbol ? he->nr_events : h->nr_samples,
				.total_period = a->symbol ? he->period : h->total_period,
				.sample_freq = e->attr.freq ? e->attr.sample_freq : 0,
			};
		}
	}
	if (!nr) {
		free(syms);
		return -ENOENT;
	}
	ret = annotate__tui_browse(syms, nr, a->addrs, &a->bo);
	free(syms);
	return ret;
}

static int annotate__print(struct annotate *a)
{
	bool any = false;

	if (a->use_tui && !annotate__browse(a))
		return 0;

	for (int idx = 0; idx < a->nr_hists; idx++) {
		struct printer pr = {
			.a = a, .sh = &a->syms[idx], .idx = idx,
			.event = session_evsel__name(session__evsel(a->session, idx)),
		};

		hists__output_resort(pr.sh);
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

int annotate_cli__percent_type(const struct option *opt, const char *arg, int unset)
{
	enum annotation_percent pt;

	(void)unset;
	if (annotation_percent__parse(arg, &pt) < 0)
		return error("Invalid percent type: %s (local-period, global-period, local-hits "
			     "or global-hits)", arg);
	*(const char **)opt->value = arg;
	return 0;
}

int annotate_cli__finish(struct annotate_cli *c, struct annotate_browse_opts *o)
{
	memset(o, 0, sizeof(*o));
	if (c->percent_type && annotation_percent__parse(c->percent_type, &o->pt) < 0)
		return error("Invalid percent type: %s (local-period, global-period, local-hits "
			     "or global-hits)", c->percent_type);
	if (c->prefix_strip && !c->prefix) {
		/* perf's words and exit status (-EINVAL) */
		fprintf(stderr, "--prefix-strip requires --prefix\n");
		return 256 - EINVAL;
	}
	annotation__set_source_prefix(c->prefix, c->prefix_strip ? atoi(c->prefix_strip) : 0);
	o->dis.objdump = c->objdump;
	o->dis.style = c->style && strcmp(c->style, "att") ? c->style : NULL;
	if (o->dis.style && !o->dis.objdump)
		o->dis.objdump = "objdump";	/* capstone speaks AT&T: other styles are objdump's */
	/* a build without capstone runs objdump: decided when disassembling, so
	 * that report and top do not load capstone before a key asks for it */
	o->no_source = !c->source;
	o->asm_raw = c->asm_raw;
	return 0;
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
	machine__process_header(a->machine, h);
	if (hist_layout__setup(&a->sym_layout, "dso,sym", NULL, false, false, false, &bad) < 0)
		return error("annotate: bad sort key %s", bad ? bad : "");
	a->addrs = addr_hits__new();
	a->memo = xcalloc(IP_MEMO_SLOTS, sizeof(*a->memo));
	annotate__grow(a, session__nr_evsels(a->session));
	a->resolver = sample_resolver__new(a->machine, &(struct resolve_param){ .max_stack = 0 });
	ret = session__process_events(a->session, &tool);
	annotate__flush_memo(a);
	if (ret < 0) {
		const char *msg = session__strerror(a->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	return annotate__print(a);
}

static void annotate__exit(struct annotate *a)
{
	for (int i = 0; i < a->nr_hists; i++)
		hists__exit(&a->syms[i]);
	free(a->syms);
	addr_hits__delete(a->addrs);
	free(a->memo);
	free(a->failed);
	disasm_cache__delete(a->dcache);
	sample_resolver__delete(a->resolver);
	hist_filter__exit(&a->filter);
	machine__delete(a->machine);
	session__delete(a->session);
	annotation__source_exit();
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

	/* perf's browser choice: false means stdio; gtk's true is no GTK here */
	if (!strcmp(var, "tui.annotate") || !strcmp(var, "gtk.annotate"))
		a->no_browser = !config__bool(var, value);
	if (!strstarts(var, "annotate."))
		return 0;
	var += strlen("annotate.");
	/* perf names these by the key alone in its "bad config value" line */
	if (!strcmp(var, "show_nr_samples"))
		a->show_nr_samples = config__bool(var, value);
	else if (!strcmp(var, "show_total_period"))
		a->show_total_period = config__bool(var, value);
	else if (!strcmp(var, "disassembler_style"))
		a->cli.style = value;	/* the process's config set keeps it */
	else if (!strcmp(var, "demangle"))
		a->demangle = config__bool(var, value);
	else if (!strcmp(var, "demangle_kernel"))
		a->demangle_kernel = config__bool(var, value);
	return 0;
}

int cmd_annotate(int argc, const char **argv)
{
	struct annotate a = { .cli.source = true, .demangle = true };
	static const char no_cpu[] = "sample CPU filters are not in prof annotate yet";
	static const char no_dump[] = "prof report -D dumps the records";
	static const char no_modules[] = "live kernel module code is not read by prof";
	static const char no_group[] = "the group view is not in prof annotate yet";
	static const char no_itrace[] = "instruction traces (AUX area) are not decoded by prof";
	static const char no_stdio2[] = "the stdio2 layout is not in prof annotate yet";
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
		OPT_CALLBACK_NOOPT('m', "modules", (void *)no_modules, NULL,
				   "load module symbols - WARNING: use only with -k and LIVE kernel",
				   refuse),
		OPT_BOOLEAN('n', "show-nr-samples", &a.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_BOOLEAN('P', "full-paths", &a.full_paths, "Don't shorten the displayed pathnames"),
		OPT_BOOLEAN('q', "quiet", &a.quiet, "do now show any warnings or messages"),
		OPT_STRING('s', "symbol", &a.symbol, "symbol", "symbol to annotate"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN(0, "demangle", &a.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &a.demangle_kernel, "Enable kernel symbol demangling"),
		OPT_CALLBACK_NOOPT(0, "group", (void *)no_group, NULL,
				   "Show event group information together", refuse),
		OPT_BOOLEAN(0, "ignore-vmlinux", &a.ignore_vmlinux, "don't load vmlinux even if found"),
		OPT_STRING(0, "kallsyms", &a.kallsyms, "file", "kallsyms pathname"),
		OPT_CALLBACK_OPTARG(0, "itrace", (void *)no_itrace, "opts",
				    "Instruction Tracing options", refuse, ""),
		OPT_CALLBACK(0, "percent-limit", &a, "percent",
			     "Don't show entries under that percent", parse_percent_limit),
		OPT_ANNOTATE_PERCENT_TYPE(&a.cli),
		OPT_BOOLEAN(0, "show-total-period", &a.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_BOOLEAN(0, "skip-missing", &a.skip_missing, "Skip symbols that cannot be annotated"),
		OPT_BOOLEAN(0, "stdio", &a.stdio, "Use the stdio interface"),
		OPT_STRING(0, "stdio-color", &a.stdio_color, "mode",
			   "'always' (default), 'never' or 'auto' only applicable to --stdio mode"),
		OPT_CALLBACK_NOOPT(0, "stdio2", (void *)no_stdio2, NULL, "Use the stdio interface",
				   refuse),
		OPT_STRING(0, "symfs", &a.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_BOOLEAN(0, "tui", &a.tui, "Use the TUI interface"),
		OPT_ANNOTATE_CLI(&a.cli),
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
	ret = annotate_cli__finish(&a.cli, &a.bo);
	if (ret) {
		ret = ret < 0 ? -1 : ret;
		goto out;
	}
	ret = -1;
	if (!a.bo.dis.objdump && !disasm__have_capstone())
		a.bo.dis.objdump = "objdump";
	a.objdump = a.bo.dis.objdump;
	a.style = a.bo.dis.style;
	a.pt = a.bo.pt;
	a.source = !a.bo.no_source;
	a.asm_raw = a.bo.asm_raw;
	if (a.stdio_color && strcmp(a.stdio_color, "never") && strcmp(a.stdio_color, "auto")) {
		error("--stdio-color %s: prof annotate prints without colour ('never', 'auto')",
		      a.stdio_color);
		goto out;
	}
	if (a.symfs)
		symbol_conf__set_symfs(a.symfs);
	if (a.vmlinux) {
		if (access(a.vmlinux, R_OK)) {
			error("Invalid file: %s", a.vmlinux);
			goto out;
		}
		symbol_conf.vmlinux_name = a.vmlinux;
	}
	/* prof's (perf report's option; perf annotate has none): the kcore beside it too */
	if (a.kallsyms) {
		if (access(a.kallsyms, R_OK)) {
			error("Invalid file: %s", a.kallsyms);
			goto out;
		}
		symbol_conf.kallsyms_name = a.kallsyms;
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
	/* perf's choice: the browser on a terminal unless --stdio */
	a.use_tui = !a.stdio && tui__available() &&
		    (a.tui || (!a.no_browser && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)));
	if (!a.use_tui && strcmp(a.input, "-") && pager_use != 0)
		setup_pager();
	a.dcache = disasm_cache__new();
	ret = run(&a);
out:
	annotate__exit(&a);
	return ret < 0 ? -1 : ret;
}
