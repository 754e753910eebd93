// SPDX-License-Identifier: GPL-2.0-only
/*
 * flamegraph.c: "prof flamegraph": the stacks of perf.data folded in
 * process, as stackcollapse-perf.pl folds `perf script` output: one line
 * per distinct stack, "comm;root;...;leaf weight", sorted bytewise.
 *
 * The frames are resolved_sample__chain()'s (resolved-sample.h), the
 * ones perf script prints; each is named as stackcollapse-perf.pl names
 * the "ip sym+off (dso)" line perf script gives it (fg_frame()): the
 * same tidying, "[unknown]" and annotation rules, so the folds are equal
 * line for line (tests/shell/t1100-flamegraph.sh runs the real script).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/thread.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/strbuf.h"
#include "prof/resolved-sample.h"
#include "builtin.h"
#include <linux/perf_event.h>
#include <ctype.h>
#include <errno.h>

static const char *const flamegraph_usage[] = {
	"prof flamegraph [<options>]",
	NULL
};

/* One distinct folded stack and its weight. */
struct fold {
	char *key;
	u64 weight;
	u32 hash;
};

struct flamegraph {
	const char *input, *output, *event;
	bool folded, force;
	bool pid, tid, kernel, jit, all, addrs;
	const char *count;		/* --count period|samples */
	struct machine *machine;
	struct sample_resolver *resolver;
	/* the event drawn: -e's, else the first one sampled with a call chain */
	struct session_evsel *drawn;
	bool any_chain;			/* some event of the file has call chains */
	u64 nr_samples, nr_other;	/* drawn, left out (other events) */
	struct strbuf stack, frame, pname, line;
	char **parts;			/* one sample's frame names, root last */
	size_t nr_parts, alloc_parts;
	struct fold *folds;		/* open addressing, power-of-two size */
	size_t nr_folds, alloc_folds;
};

/* ---- the table of folded stacks ---- */

static u32 fold_hash(const char *s, size_t len)
{
	u32 h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (u8)s[i]) * 16777619u;
	return h;
}

static void fold_grow(struct flamegraph *fg)
{
	size_t n = fg->alloc_folds ? fg->alloc_folds * 2 : 1024;
	struct fold *t = xcalloc(n, sizeof(*t));

	for (size_t i = 0; i < fg->alloc_folds; i++) {
		struct fold *f = &fg->folds[i];
		size_t j;

		if (!f->key)
			continue;
		for (j = f->hash & (n - 1); t[j].key; j = (j + 1) & (n - 1))
			;
		t[j] = *f;
	}
	free(fg->folds);
	fg->folds = t;
	fg->alloc_folds = n;
}

static void fold_add(struct flamegraph *fg, const char *key, size_t len, u64 weight)
{
	u32 h = fold_hash(key, len);
	size_t j;

	if ((fg->nr_folds + 1) * 2 > fg->alloc_folds)
		fold_grow(fg);
	for (j = h & (fg->alloc_folds - 1); fg->folds[j].key; j = (j + 1) & (fg->alloc_folds - 1)) {
		struct fold *f = &fg->folds[j];

		if (f->hash == h && !strcmp(f->key, key)) {
			f->weight += weight;
			return;
		}
	}
	fg->folds[j] = (struct fold){ .key = xstrndup(key, len), .weight = weight, .hash = h };
	fg->nr_folds++;
}

static int fold_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fold *)a)->key, ((const struct fold *)b)->key);
}

/* ---- stackcollapse-perf.pl's naming rules ---- */

/* Perl's truth of a string: neither empty nor "0". */
static bool perl_true(const char *s)
{
	return *s && strcmp(s, "0");
}

/*
 * The comm, pid and tid stackcollapse-perf.pl reads from perf script's
 * header line @line (its regex ^(\S.+?)\s+(\d+), slashes, (\d+)*\s+ ): the first place
 * (at least two characters in) where blanks, digits, optional slashes
 * and digits, and blanks follow. A comm with " 12 " in it, or of one
 * character, is cut there as the script cuts it. Returns false when the
 * line does not match (the sample is then left out, as there).
 */
static bool split_header(const char *line, struct strbuf *comm, struct strbuf *pid,
			 struct strbuf *tid)
{
	size_t len = strlen(line);

	if (!len || isspace((u8)line[0]))
		return false;
	for (size_t e = 2; e < len; e++) {
		size_t p = e, d1, d2, s2;

		if (line[e - 1] == '\n')
			return false;
		if (!isspace((u8)line[p]))
			continue;
		while (p < len && isspace((u8)line[p]))
			p++;
		d1 = p;
		while (p < len && isdigit((u8)line[p]))
			p++;
		if (p == d1)
			continue;
		s2 = p;
		while (p < len && line[p] == '/')
			p++;
		d2 = p;
		while (p < len && isdigit((u8)line[p]))
			p++;
		if (p >= len || !isspace((u8)line[p]))
			continue;
		strbuf_reset(comm);
		strbuf_add(comm, line, e);
		strbuf_reset(pid);
		strbuf_add(pid, line + d1, s2 - d1);
		strbuf_reset(tid);
		strbuf_add(tid, line + d2, p - d2);
		return true;
	}
	return false;
}

/*
 * The process part of the stack: perf script's header (comm, then
 * "pid/tid" for --pid/--tid as `perf script -F comm,pid,tid,...` prints
 * it, else the tid) read back as the script reads it.
 */
static bool fg_pname(struct flamegraph *fg, const char *comm, const struct perf_sample *s)
{
	struct strbuf line, c, p, t;
	bool ok;

	strbuf_init(&line, 64);
	strbuf_init(&c, 16);
	strbuf_init(&p, 8);
	strbuf_init(&t, 8);
	if (fg->pid || fg->tid)
		strbuf_addf(&line, "%s %5d/%-5d %" PRIu64 ".%06" PRIu64 ": ", comm, (int)s->pid,
			    (int)s->tid, s->time / 1000000000, s->time % 1000000000 / 1000);
	else
		strbuf_addf(&line, "%s %5d %" PRIu64 ".%06" PRIu64 ": ", comm, (int)s->tid,
			    s->time / 1000000000, s->time % 1000000000 / 1000);
	ok = split_header(line.buf, &c, &p, &t);
	if (ok) {
		const char *pid = p.buf, *tid = t.buf;

		if (!perl_true(tid)) {
			tid = p.buf;
			pid = "?";
		}
		strbuf_reset(&fg->pname);
		if (fg->tid)
			strbuf_addf(&fg->pname, "%s-%s/%s", c.buf, pid, tid);
		else if (fg->pid)
			strbuf_addf(&fg->pname, "%s-%s", c.buf, pid);
		else
			strbuf_addstr(&fg->pname, c.buf);
		for (char *q = fg->pname.buf; *q; q++)
			if (*q == ' ')
				*q = '_';
		ok = perl_true(fg->pname.buf);
	}
	strbuf_release(&line);
	strbuf_release(&c);
	strbuf_release(&p);
	strbuf_release(&t);
	return ok;
}

/* Cut at the first '(' not opening "(anonymous namespace)", unless a Go method. */
static void tidy_parens(struct strbuf *f)
{
	const char *go = strstr(f->buf, ".(");

	if (go && strstr(go + 2, ")."))
		return;
	for (char *q = f->buf; (q = strchr(q, '(')); q++) {
		if (!strncmp(q + 1, "anonymous namespace)", 20))
			continue;
		strbuf_setlen(f, (size_t)(q - f->buf));
		return;
	}
}

static bool has_perf_map(const char *mod)
{
	const char *p = strstr(mod, "/tmp/perf-");

	for (; p; p = strstr(p + 1, "/tmp/perf-")) {
		const char *d = p + 10, *q = d;

		while (isdigit((u8)*q))
			q++;
		if (q > d && !strncmp(q, ".map", 4))
			return true;
	}
	return false;
}

/* One name piece of a frame (a "->" part of perf script's symbol). */
static void fg_piece(struct flamegraph *fg, const char *func, size_t len, const char *mod,
		     u64 pc, bool inlined_part)
{
	struct strbuf *f = &fg->frame;

	strbuf_reset(f);
	if (len == 9 && !strncmp(func, "[unknown]", 9)) {
		const char *name = "unknown";

		if (strcmp(mod, "[unknown]")) {
			const char *slash = strrchr(mod, '/');

			name = slash ? slash + 1 : mod;
		}
		if (fg->addrs)
			strbuf_addf(f, "[%s <%" PRIx64 ">]", name, pc);
		else
			strbuf_addf(f, "[%s]", name);
	} else {
		strbuf_add(f, func, len);
	}
	for (char *q = f->buf; *q; q++)
		if (*q == ';')
			*q = ':';
	tidy_parens(f);
	{
		size_t o = 0;

		for (size_t i = 0; i < f->len; i++)
			if (f->buf[i] != '"' && f->buf[i] != '\'')
				f->buf[o++] = f->buf[i];
		strbuf_setlen(f, o);
	}
	if (!strncmp(fg->pname.buf, "java", 4) && strchr(f->buf, '/') && f->buf[0] == 'L') {
		memmove(f->buf, f->buf + 1, f->len);
		f->len--;
	}
	if (inlined_part) {
		if (!strstr(f->buf, "_[i]"))
			strbuf_addstr(f, "_[i]");
	} else if (fg->kernel && (mod[0] == '[' || (strlen(mod) >= 7 &&
			!strcmp(mod + strlen(mod) - 7, "vmlinux"))) && !strstr(mod, "unknown")) {
		strbuf_addstr(f, "_[k]");
	} else if (fg->jit && has_perf_map(mod)) {
		if (!strstr(f->buf, "_[j]"))
			strbuf_addstr(f, "_[j]");
	}
}

/*
 * perf script's "(dso)" of a frame: the name perf created its dso with,
 * the path, except for a module first seen in a kernel MMAP event
 * rather than in the build-id table: "[mod]".
 */
static const char *frame_mod(const struct callchain_cursor_node *n)
{
	if (n->inlined)
		return "inlined";
	if (!n->has_map || !n->dso)
		return "[unknown]";
	if (n->dso->kind == DSO_KIND_MODULE && !n->dso->bid.size)
		return n->dso->short_name;
	return n->dso->long_name;
}

/*
 * Push frame @i's names onto fg->parts: perf script's line for it,
 * "ip sym+off (dso)", read back as the script reads it: the last " ("
 * before the last ")" ends the function (a dso "/x (deleted)" leaves
 * "sym (/x" there and "deleted" as the module), the offset is cut, a
 * name starting with "(" is dropped, "->" separates inlined parts.
 */
static void fg_frame(struct flamegraph *fg, const struct resolved_sample *rs, int i)
{
	const struct callchain_cursor_node *n = &rs->frames[i];
	struct strbuf *l = &fg->line;
	char *func, *mod, *end, *q;
	size_t first = fg->nr_parts;

	strbuf_reset(l);
	if (n->sym)
		strbuf_addf(l, "%s+0x%" PRIx64, n->sym->name, resolved_sample__symoff(rs, i));
	else
		strbuf_addstr(l, "[unknown]");
	strbuf_addf(l, " (%s)", frame_mod(n));
	end = strrchr(l->buf, ')');
	for (q = end - 1; q > l->buf && !(q[0] == ' ' && q[1] == '('); q--)
		;
	if (q == l->buf)
		return;		/* "Unrecognized line": not a frame */
	*q = '\0';
	*end = '\0';
	func = l->buf;
	mod = q + 2;
	/* s/\+0x[\da-f]+$// */
	q = strrchr(func, '+');
	if (q && q[1] == '0' && q[2] == 'x' && q[3] && strspn(q + 3, "0123456789abcdef") == strlen(q + 3))
		*q = '\0';
	if (func[0] == '(')
		return;
	for (const char *p = func, *e; ; p = e + 2) {
		size_t len;

		e = strstr(p, "->");
		len = e ? (size_t)(e - p) : strlen(p);
		fg_piece(fg, p, len, mod, rs->addrs[i], fg->nr_parts > first);
		if (fg->nr_parts == fg->alloc_parts) {
			fg->alloc_parts = fg->alloc_parts ? 2 * fg->alloc_parts : 256;
			fg->parts = xrealloc(fg->parts, fg->alloc_parts * sizeof(*fg->parts));
		}
		fg->parts[fg->nr_parts++] = xstrdup(fg->frame.buf);
		if (!e)
			break;
	}
	/* the parts of one line keep their order in the stack (unshift @stack, @inline) */
	for (size_t a = first, b = fg->nr_parts - 1; a < b; a++, b--) {
		char *t = fg->parts[a];

		fg->parts[a] = fg->parts[b];
		fg->parts[b] = t;
	}
}

/* ---- reading perf.data ---- */

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct flamegraph *fg = session__tool_priv(s);

	(void)sample;
	return machine__process_event(fg->machine, ev);
}

static bool has_chain(const struct session_evsel *e)
{
	return e->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
}

/*
 * Which samples are drawn: -e's event; else, as stackcollapse-perf.pl,
 * the first event sampled (with call chains if the file has any), and
 * tracepoint samples, whose header line it cannot read an event from.
 */
static bool fg_wanted(struct flamegraph *fg, struct session_evsel *e)
{
	if (fg->event)
		return e == fg->drawn;
	if (fg->any_chain && !has_chain(e))
		return false;
	if (!fg->drawn && e->attr.type != PERF_TYPE_TRACEPOINT)
		fg->drawn = e;
	return e == fg->drawn || e->attr.type == PERF_TYPE_TRACEPOINT;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct flamegraph *fg = session__tool_priv(s);
	struct session_evsel *e = sample->evsel;
	struct resolved_sample rs;
	u64 weight;
	int nr = 0;

	(void)ev;
	if (!e || e->idx < 0)
		return 0;
	if (!fg_wanted(fg, e)) {
		fg->nr_other++;
		return 0;
	}
	fg->nr_samples++;
	/* perf script prints the period of events that sample it, not of tracepoints */
	weight = e->attr.type != PERF_TYPE_TRACEPOINT && (e->attr.sample_type & PERF_SAMPLE_PERIOD)
		 ? sample->period : 1;
	if (!strcmp(fg->count, "samples") || !weight)
		weight = 1;
	resolved_sample__resolve(fg->resolver, sample, &rs);
	if (!fg_pname(fg, rs.al.thread ? thread__comm_str(rs.al.thread) : ":-1", sample))
		goto out;
	fg->nr_parts = 0;
	if (has_chain(e))
		nr = resolved_sample__chain(fg->resolver, sample, &rs, NULL);
	if (has_chain(e)) {
		for (int i = 0; i < nr; i++)
			fg_frame(fg, &rs, i);
	} else {
		/* no call chain: the sample's own location, one frame */
		struct callchain_cursor_node n = {
			.dso = rs.al.map ? rs.al.dso : NULL, .sym = rs.al.sym, .has_map = rs.al.map,
		};
		u64 addr = rs.al.addr;
		struct resolved_sample one = { .nr = 1, .frames = &n, .addrs = &addr };

		fg_frame(fg, &one, 0);
	}
	strbuf_reset(&fg->stack);
	strbuf_addstr(&fg->stack, fg->pname.buf);
	for (size_t i = fg->nr_parts; i-- > 0;) {
		strbuf_addch(&fg->stack, ';');
		strbuf_addstr(&fg->stack, fg->parts[i]);
		free(fg->parts[i]);
	}
	fg->nr_parts = 0;
	fold_add(fg, fg->stack.buf, fg->stack.len, weight);
out:
	resolved_sample__exit(&rs);
	return 0;
}

static struct session_evsel *find_event(struct session *s, const char *name)
{
	for (int i = 0; i < session__nr_evsels(s); i++) {
		struct session_evsel *e = session__evsel(s, i);

		if (!strcmp(session_evsel__name(e), name))
			return e;
	}
	return NULL;
}

static int fg_write_folded(struct flamegraph *fg, FILE *out)
{
	struct fold *v = xmalloc((fg->nr_folds + 1) * sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < fg->alloc_folds; i++)
		if (fg->folds[i].key)
			v[n++] = fg->folds[i];
	qsort(v, n, sizeof(*v), fold_cmp);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s %" PRIu64 "\n", v[i].key, v[i].weight);
	free(v);
	return 0;
}

static int fg_read(struct flamegraph *fg)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.ordered_events = true, .priv = fg,
	};
	struct session *s;
	char *err = NULL;
	int ret;

	ret = session__open_input(&s, fg->input, fg->force, &err);
	if (ret < 0) {
		session__open_error(ret, fg->input, err);
		free(err);
		return -1;
	}
	for (int i = 0; i < session__nr_evsels(s); i++)
		fg->any_chain |= has_chain(session__evsel(s, i));
	if (fg->event && !(fg->drawn = find_event(s, fg->event))) {
		session__delete(s);
		return error("event '%s' is not in %s", fg->event, fg->input);
	}
	fg->machine = machine__new_host();
	machine__process_header_build_ids(fg->machine, session__header(s));
	/* perf script's frames: at most 127, inlined functions shown */
	fg->resolver = sample_resolver__new(fg->machine, &(struct resolve_param){
		.max_stack = 127,
		.inline_names = true,
	});
	ret = session__process_events(s, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(s);

		ret = error("%s", *msg ? msg : strerror(-ret));
	} else if (fg->drawn && fg->nr_other && !fg->event) {
		warning("drew %s only (%" PRIu64 " samples), %" PRIu64
			" samples of other events left out: pick one with -e",
			session_evsel__name(fg->drawn), fg->nr_samples, fg->nr_other);
	}
	sample_resolver__delete(fg->resolver);
	machine__delete(fg->machine);
	session__delete(s);
	return ret < 0 ? -1 : 0;
}

int cmd_flamegraph(int argc, const char **argv)
{
	struct flamegraph fg = { .input = "perf.data", .count = "period" };
	FILE *out;
	int ret;
	const struct option options[] = {
		OPT_STRING('i', "input", &fg.input, "file", "input file name"),
		OPT_STRING('o', "output", &fg.output, "file",
			   "output file name (.folded; - for standard output)"),
		OPT_BOOLEAN('f', "force", &fg.force, "don't complain, do it"),
		OPT_BOOLEAN(0, "folded", &fg.folded, "write folded stacks (stackcollapse-perf.pl's lines)"),
		OPT_STRING('e', "event", &fg.event, "event", "draw this event's samples"),
		OPT_STRING(0, "count", &fg.count, "period|samples",
			   "weigh stacks by sample period (default) or count samples"),
		OPT_BOOLEAN(0, "pid", &fg.pid, "include PID with process names"),
		OPT_BOOLEAN(0, "tid", &fg.tid, "include TID and PID with process names"),
		OPT_BOOLEAN(0, "kernel", &fg.kernel, "annotate kernel functions with a _[k]"),
		OPT_BOOLEAN(0, "jit", &fg.jit, "annotate jit functions with a _[j]"),
		OPT_BOOLEAN(0, "all", &fg.all, "all annotations (--kernel --jit)"),
		OPT_BOOLEAN(0, "addrs", &fg.addrs, "include raw addresses where symbols can't be found"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, flamegraph_usage, 0);
	if (argc)
		usage_with_options(flamegraph_usage, options);
	if (strcmp(fg.count, "period") && strcmp(fg.count, "samples"))
		return error("--count takes period or samples, not '%s'", fg.count);
	if (fg.all)
		fg.kernel = fg.jit = true;
	if (!fg.output)
		fg.output = fg.folded ? "-" : "flamegraph.folded";
	if (strcmp(fg.output, "-")) {
		size_t l = strlen(fg.output);

		if (l < 7 || strcmp(fg.output + l - 7, ".folded"))
			return error("%s: only folded output (.folded) is supported", fg.output);
		fg.folded = true;
	} else if (!fg.folded) {
		return error("-o - needs --folded");
	}
	strbuf_init(&fg.stack, 256);
	strbuf_init(&fg.frame, 64);
	strbuf_init(&fg.pname, 32);
	strbuf_init(&fg.line, 128);
	ret = fg_read(&fg);
	if (!ret) {
		out = strcmp(fg.output, "-") ? fopen(fg.output, "w") : stdout;
		if (!out) {
			ret = error("cannot open %s: %s", fg.output, strerror(errno));
		} else {
			fg_write_folded(&fg, out);
			if ((out != stdout ? fclose(out) : fflush(out)) != 0)
				ret = error("cannot write %s: %s", fg.output, strerror(errno));
		}
	}
	for (size_t i = 0; i < fg.alloc_folds; i++)
		free(fg.folds[i].key);
	free(fg.folds);
	free(fg.parts);
	strbuf_release(&fg.stack);
	strbuf_release(&fg.frame);
	strbuf_release(&fg.pname);
	strbuf_release(&fg.line);
	return ret;
}
