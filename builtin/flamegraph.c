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
 *
 * The filters are perf script's (hist-filter.h, time-range.h), so that a
 * filtered fold is the script's fold of `perf script` filtered alike;
 * --symbol keeps the stacks with a frame of the names.
 *
 * --diff BEFORE AFTER folds two profiles (or reads two folded files),
 * pairs their stacks as difffolded.pl does (flamegraph-diff.c; -n, -s)
 * and draws flamegraph.pl's differential of the pairs (fg_run_diff());
 * --folded-input draws difffolded.pl's own lines so too (graph_line()).
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
#include "prof/hist-filter.h"
#include "prof/time-range.h"
#include "prof/itab.h"
#include "builtin.h"
#include "flamegraph-diff.h"
#include <linux/perf_event.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <sys/stat.h>

static const char *const flamegraph_usage[] = {
	"prof flamegraph [<options>]",
	"prof flamegraph --diff [<options>] <before> <after>",
	NULL
};

/* One distinct folded stack and its weight. */
struct fold {
	char *key;
	u64 weight;
	u32 hash;
	size_t seq;		/* the order stacks first came in */
};

#define PNAME_MEMO_SLOTS 64

struct flamegraph {
	const char *input, *output, *event;
	bool folded, force;
	bool pid, tid, kernel, jit, all, addrs;
	const char *count;		/* --count period|samples */
	/*
	 * record --off-cpu's files: --combined draws the on-CPU event and
	 * offcpu-time together, in nanoseconds, the blocked stacks under an
	 * [off-cpu] frame; drawing offcpu-time (alone or so) is in time
	 */
	bool combined;
	struct session_evsel *oncpu;	/* --combined: the on-CPU event drawn */
	bool in_time;			/* the weights are nanoseconds */
	/* the filters: -c, --pid=, --tid=, --dsos as perf script's, --time */
	struct hist_filter filter;
	struct name_list through;	/* --symbol: only stacks through these */
	const char *time_str;
	struct time_range *ranges;
	int nr_ranges;
	u64 nr_filtered;		/* samples of the drawn event the filters left out */
	/*
	 * perf's stackcollapse.py (prof script report stackcollapse) instead
	 * of stackcollapse-perf.pl: every sample of every event counts 1,
	 * frames are the symbols' names (fg_py_frame())
	 */
	const struct fg_py_opts *py;
	struct machine *machine;
	struct sample_resolver *resolver;
	/* the event drawn: -e's, else the first one sampled with a call chain */
	struct session_evsel *drawn;
	char *drawn_name;		/* its name, kept past the session */
	int nr_evsels;
	bool any_chain;			/* some event of the file has call chains */
	u64 nr_samples, nr_other;	/* drawn, left out (other events) */
	struct strbuf stack, frame, pname, line;
	/* fg_pname's last answer for each task (of a few: by tid), where it holds */
	struct pname_memo {
		struct strbuf comm, pname;
		int pid, tid;
		bool valid, ok;
	} pnames[PNAME_MEMO_SLOTS];	/* by tid */
	char **parts;			/* one sample's frame names, root last (memo's) */
	size_t nr_parts, alloc_parts;
	/*
	 * A frame's names depend on its symbol, its module's name and a few
	 * flags only: made once (printf, the script's parsing, the rules) and
	 * looked up for every further sample.
	 */
	struct frame_memo *memo;	/* in the order made, found by memo_tab */
	size_t nr_memo, alloc_memo;
	struct itab memo_tab;
	u64 memo_epoch;			/* symbol__epoch it was filled in */
	struct fold *folds;		/* open addressing, power-of-two size */
	size_t nr_folds, alloc_folds;
	struct stack_memo *stacks;	/* STACK_MEMO_SLOTS, made at first use */
};

/*
 * A sample's folded stack depends only on its process name, its event
 * (--combined's [off-cpu] frame) and its frames; where the resolver gave
 * the frames an id (resolved_sample.chain_id), the last fold of each (id,
 * name, event) is kept, direct-mapped, and a repeat adds its weight there
 * without naming the frames again. Names come from symbols and DSO names:
 * forgotten when symbol__epoch moves, as the frame memo below.
 */
#define STACK_MEMO_SLOTS 4096

struct stack_memo {
	u64 chain_id, epoch;
	const struct session_evsel *e;
	char *pname;			/* owned */
	const char *key;		/* the fold's (owned by the fold), NULL: --symbol left it out */
	size_t fold;			/* its index in folds ... */
	size_t alloc_folds;		/* ... while their table has this size */
};

/* The names one frame pushes (root last), for the key (a, b, addr, flags). */
struct frame_memo {
	const void *a, *b;
	u64 addr;
	u32 flags;
	u32 nr;			/* names; 0: none (not a frame) */
	char **parts;		/* owned */
	bool used;		/* filled in by memo_keep() */
};

static void memo_clear(struct flamegraph *fg)
{
	for (size_t i = 0; i < fg->nr_memo; i++) {
		for (u32 k = 0; k < fg->memo[i].nr; k++)
			free(fg->memo[i].parts[k]);
		free(fg->memo[i].parts);
	}
	zfree(&fg->memo);
	fg->nr_memo = fg->alloc_memo = 0;
	itab_exit(&fg->memo_tab);
	memset(&fg->memo_tab, 0, sizeof(fg->memo_tab));
}

static bool memo_eq(void *ctx, u32 idx, const void *key)
{
	const struct frame_memo *m = &((struct flamegraph *)ctx)->memo[idx], *k = key;

	return m->a == k->a && m->b == k->b && m->addr == k->addr && m->flags == k->flags;
}

/*
 * The memo's entry for the key: found (->used), or a new one where
 * memo_keep() puts the names just pushed (good until the next find).
 */
static struct frame_memo *memo_find(struct flamegraph *fg, const void *a, const void *b,
				    u64 addr, u32 flags)
{
	struct frame_memo key = { .a = a, .b = b, .addr = addr, .flags = flags };
	u64 h = itab_mix(itab_mix(itab_mix((u64)(uintptr_t)a, (u64)(uintptr_t)b), addr), flags);
	size_t slot;

	/* keyed by addresses of symbols and names: forgotten when one may be freed */
	if (fg->memo_epoch != symbol__epoch) {
		memo_clear(fg);
		fg->memo_epoch = symbol__epoch;
	}
	slot = itab_find(&fg->memo_tab, h, memo_eq, fg, &key);
	if (fg->memo_tab.val[slot])
		return &fg->memo[fg->memo_tab.val[slot] - 1];
	if (fg->nr_memo == fg->alloc_memo)
		fg->memo = xgrow(fg->memo, sizeof(*fg->memo), fg->nr_memo + 1, &fg->alloc_memo);
	fg->memo[fg->nr_memo] = key;
	itab_add(&fg->memo_tab, slot, h, (u32)fg->nr_memo);
	return &fg->memo[fg->nr_memo++];
}

static void push_part(struct flamegraph *fg, char *name)
{
	if (fg->nr_parts == fg->alloc_parts) {
		fg->alloc_parts = fg->alloc_parts ? 2 * fg->alloc_parts : 256;
		fg->parts = xrealloc(fg->parts, fg->alloc_parts * sizeof(*fg->parts));
	}
	fg->parts[fg->nr_parts++] = name;
}

/* Push a found entry's names; true if @m was found. */
static bool memo_push(struct flamegraph *fg, const struct frame_memo *m)
{
	if (!m->used)
		return false;
	for (u32 k = 0; k < m->nr; k++)
		push_part(fg, m->parts[k]);
	return true;
}

/* Keep in the new entry @m the names pushed from fg->parts[@first] on. */
static void memo_keep(struct flamegraph *fg, struct frame_memo *m, size_t first)
{
	m->nr = (u32)(fg->nr_parts - first);
	m->parts = xmalloc((m->nr ? m->nr : 1) * sizeof(*m->parts));
	memcpy(m->parts, fg->parts + first, m->nr * sizeof(*m->parts));
	m->used = true;
}

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

/* Adds @weight to the fold of @key; returns its index in fg->folds. */
static size_t fold_add(struct flamegraph *fg, const char *key, size_t len, u64 weight)
{
	u32 h = fold_hash(key, len);
	size_t j;

	if ((fg->nr_folds + 1) * 2 > fg->alloc_folds)
		fold_grow(fg);
	for (j = h & (fg->alloc_folds - 1); fg->folds[j].key; j = (j + 1) & (fg->alloc_folds - 1)) {
		struct fold *f = &fg->folds[j];

		if (f->hash == h && !strcmp(f->key, key)) {
			f->weight += weight;
			return j;
		}
	}
	fg->folds[j] = (struct fold){ .key = xstrndup(key, len), .weight = weight, .hash = h,
				      .seq = fg->nr_folds };
	fg->nr_folds++;
	return j;
}

/* The stack memo's slot for this sample's frames (@id not 0). */
static struct stack_memo *stack_memo__slot(struct flamegraph *fg, u64 id,
					   const struct session_evsel *e)
{
	u64 h = id * 0x9e3779b97f4a7c15ULL ^ fold_hash(fg->pname.buf, fg->pname.len) ^
		((uintptr_t)e >> 4);

	if (!fg->stacks)
		fg->stacks = xcalloc(STACK_MEMO_SLOTS, sizeof(*fg->stacks));
	return &fg->stacks[(h ^ (h >> 32)) & (STACK_MEMO_SLOTS - 1)];
}

/* A repeat of the sample @m was filled by: counted as it was; false if @m is another's. */
static bool stack_memo__replay(struct flamegraph *fg, struct stack_memo *m, u64 id,
			       const struct session_evsel *e, u64 weight)
{
	if (m->chain_id != id || m->e != e || m->epoch != symbol__epoch || !m->pname ||
	    strcmp(m->pname, fg->pname.buf))
		return false;
	if (!m->key) {
		fg->nr_filtered++;
		return true;
	}
	fg->nr_samples++;
	if (m->alloc_folds == fg->alloc_folds) {
		fg->folds[m->fold].weight += weight;
	} else {
		m->fold = fold_add(fg, m->key, strlen(m->key), weight);
		m->alloc_folds = fg->alloc_folds;
	}
	return true;
}

static void stack_memo__fill(struct flamegraph *fg, struct stack_memo *m, u64 id,
			     const struct session_evsel *e, const size_t *fold)
{
	free(m->pname);
	m->pname = xstrdup(fg->pname.buf);
	m->chain_id = id;
	m->e = e;
	m->epoch = symbol__epoch;
	m->key = fold ? fg->folds[*fold].key : NULL;
	m->fold = fold ? *fold : 0;
	m->alloc_folds = fg->alloc_folds;
}

static void stack_memo__free(struct flamegraph *fg)
{
	for (size_t i = 0; fg->stacks && i < STACK_MEMO_SLOTS; i++)
		free(fg->stacks[i].pname);
	zfree(&fg->stacks);
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
			 struct strbuf *tid, size_t *end)
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
		*end = p;
		return true;
	}
	return false;
}

/*
 * The process part of the stack: perf script's header (comm, then
 * "pid/tid" for --pid/--tid as `perf script -F comm,pid,tid,...` prints
 * it, else the tid) read back as the script reads it.
 */
static bool fg_pname(struct flamegraph *fg, struct session_evsel *e, const char *comm,
		     const struct perf_sample *s)
{
	struct strbuf line, c, p, t;
	bool ok, period, pidmode = fg->pid || fg->tid;
	size_t prefix, end = SIZE_MAX;
	int key_pid = pidmode ? (int)s->pid : 0;

	/* the answer for the task's previous sample, if it read only comm, pid and tid */
	struct pname_memo *last = &fg->pnames[(u32)s->tid % PNAME_MEMO_SLOTS];

	if (last->valid && last->tid == (int)s->tid && last->pid == key_pid &&
	    !strcmp(last->comm.buf, comm)) {
		strbuf_reset(&fg->pname);
		strbuf_addstr(&fg->pname, last->pname.buf);
		return last->ok;
	}
	strbuf_init(&line, 64);
	strbuf_init(&c, 16);
	strbuf_init(&p, 8);
	strbuf_init(&t, 8);
	/*
	 * The whole header as the script reads it: where the tid is not
	 * digits (pid and tid -1: a task past its exit's release), its regex
	 * takes the period as the pid, and the comm is the line before it.
	 */
	/*
	 * perf script prints every sample's period, the recorded one or else
	 * the event's -c period; its default fields leave it out for tracepoints.
	 */
	period = true;
	if (pidmode) {
		strbuf_addf(&line, "%s %5d/%-5d ", comm, (int)s->pid, (int)s->tid);
		prefix = line.len;
		strbuf_addf(&line, "%5" PRIu64 ".%06" PRIu64 ": ", s->time / 1000000000,
			    s->time % 1000000000 / 1000);
	} else {
		strbuf_addf(&line, "%s %5d ", comm, (int)s->tid);
		prefix = line.len;
		if (e->attr.sample_type & PERF_SAMPLE_CPU)
			strbuf_addf(&line, "[%03d] ", (int)s->cpu);
		strbuf_addf(&line, "%5" PRIu64 ".%06" PRIu64 ": ", s->time / 1000000000,
			    s->time % 1000000000 / 1000);
		period = e->attr.type != PERF_TYPE_TRACEPOINT;
	}
	if (period)
		strbuf_addf(&line, "%10" PRIu64 " ", s->period);
	strbuf_addf(&line, "%s: ", session_evsel__name(e));
	ok = split_header(line.buf, &c, &p, &t, &end);
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
	/*
	 * Where the regex matched inside "comm pid/tid " (not reaching the
	 * time or period: a tid of -1, a one-letter comm), the next sample of
	 * the same task gets the same answer.
	 */
	last->valid = ok && end < prefix;
	if (last->valid) {
		last->tid = (int)s->tid;
		last->pid = key_pid;
		last->ok = ok;
		strbuf_reset(&last->comm);
		strbuf_addstr(&last->comm, comm);
		strbuf_reset(&last->pname);
		strbuf_addstr(&last->pname, fg->pname.buf);
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
	const char *fmod = frame_mod(n);
	struct strbuf *l = &fg->line;
	char *func, *mod, *end, *q;
	size_t first = fg->nr_parts;
	struct frame_memo *m;
	u64 key = 0;

	/*
	 * The names depend on the symbol and the module's name; on the
	 * address too for --addrs' unknown frames, and on the offset when
	 * the module's name has a " (" (the script's parsing keeps the
	 * offset then); on whether the process is Java's.
	 */
	if (!n->sym && fg->addrs)
		key = rs->addrs[i];
	else if (n->sym && strstr(fmod, " ("))
		key = resolved_sample__symoff(rs, i);
	m = memo_find(fg, n->sym, fmod, key, !strncmp(fg->pname.buf, "java", 4));
	if (memo_push(fg, m))
		return;
	strbuf_reset(l);
	if (n->sym)
		strbuf_addf(l, "%s+0x%" PRIx64, n->sym->name, resolved_sample__symoff(rs, i));
	else
		strbuf_addstr(l, "[unknown]");
	strbuf_addf(l, " (%s)", fmod);
	end = strrchr(l->buf, ')');
	for (q = end - 1; q > l->buf && !(q[0] == ' ' && q[1] == '('); q--)
		;
	if (q == l->buf) {
		memo_keep(fg, m, first);
		return;		/* "Unrecognized line": not a frame */
	}
	*q = '\0';
	*end = '\0';
	func = l->buf;
	mod = q + 2;
	/* s/\+0x[\da-f]+$// */
	q = strrchr(func, '+');
	if (q && q[1] == '0' && q[2] == 'x' && q[3] && strspn(q + 3, "0123456789abcdef") == strlen(q + 3))
		*q = '\0';
	if (func[0] == '(') {
		memo_keep(fg, m, first);
		return;
	}
	for (const char *p = func, *e; ; p = e + 2) {
		size_t len;

		e = strstr(p, "->");
		len = e ? (size_t)(e - p) : strlen(p);
		fg_piece(fg, p, len, mod, rs->addrs[i], fg->nr_parts > first);
		push_part(fg, xstrdup(fg->frame.buf));
		if (!e)
			break;
	}
	/* the parts of one line keep their order in the stack (unshift @stack, @inline) */
	for (size_t a = first, b = fg->nr_parts - 1; a < b; a++, b--) {
		char *t = fg->parts[a];

		fg->parts[a] = fg->parts[b];
		fg->parts[b] = t;
	}
	memo_keep(fg, m, first);
}

static bool ends_with(const char *s, const char *sfx)
{
	size_t l = strlen(s), k = strlen(sfx);

	return l >= k && !strcmp(s + l - k, sfx);
}

/*
 * stackcollapse.py's name of a frame: the symbol's name or "[unknown]",
 * ";" as ":", Java's tidying with --tidy-java, "_[k]" for the kernel's
 * with --kernel.
 */
static void fg_py_frame(struct flamegraph *fg, const struct symbol *sym, const struct dso *dso)
{
	struct strbuf *f = &fg->frame;
	struct frame_memo *m = memo_find(fg, sym, dso, 0, 0);
	size_t first = fg->nr_parts;

	if (memo_push(fg, m))
		return;
	strbuf_reset(f);
	if (fg->py->json) {
		/* flamegraph.py's node: its libtype, then the name as it is */
		bool kernel = dso && (!strcmp(dso->long_name, "[kernel.kallsyms]") ||
				      ends_with(dso->long_name, "/vmlinux"));

		strbuf_addch(f, kernel ? 'k' : 'u');
	}
	strbuf_addstr(f, sym ? sym->name : "[unknown]");
	for (char *q = f->buf; *q && !fg->py->json; q++)
		if (*q == ';')
			*q = ':';
	if (fg->py->tidy_java) {
		size_t o = 0;
		char *paren;

		for (size_t i = 0; i < f->len; i++)
			if (f->buf[i] != '<' && f->buf[i] != '>')
				f->buf[o++] = f->buf[i];
		strbuf_setlen(f, o);
		if (f->buf[0] == 'L') {
			memmove(f->buf, f->buf + 1, f->len);
			f->len--;
		}
		paren = strchr(f->buf, '(');
		if (paren)
			strbuf_setlen(f, (size_t)(paren - f->buf));
	}
	if (fg->py->kernel && dso && !strcmp(dso->long_name, "[kernel.kallsyms]"))
		strbuf_addstr(f, "_[k]");
	push_part(fg, xstrdup(f->buf));
	memo_keep(fg, m, first);
}

/* stackcollapse.py's bottom frame: the comm (blanks as "_"), -pid, /tid. */
static void fg_py_pname(struct flamegraph *fg, const char *comm, const struct perf_sample *s)
{
	const char *sep = "-";

	strbuf_reset(&fg->pname);
	if (fg->py->json) {
		/* flamegraph.py: "comm (pid)", a kernel node for pid 0 */
		if (s->pid)
			strbuf_addf(&fg->pname, "u%s (%d)", comm, (int)s->pid);
		else
			strbuf_addf(&fg->pname, "k%s", comm);
		return;
	}
	if (fg->py->no_comm)
		return;
	strbuf_addstr(&fg->pname, comm);
	for (char *q = fg->pname.buf; *q; q++)
		if (*q == ' ')
			*q = '_';
	if (fg->py->include_pid) {
		strbuf_addf(&fg->pname, "-%d", (int)s->pid);
		sep = "/";
	}
	if (fg->py->include_tid)
		strbuf_addf(&fg->pname, "%s%d", sep, (int)s->tid);
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

#define OFFCPU_EVENT "offcpu-time"
#define OFFCPU_FRAME "[off-cpu]"

/* record --off-cpu's event (perf's test: by name) */
static bool is_offcpu(struct session_evsel *e)
{
	return !strcmp(session_evsel__name(e), OFFCPU_EVENT);
}

/*
 * --combined: a sample's CPU time in nanoseconds. A clock event's period
 * is that already; an event sampled at a frequency stands for 1/freq s;
 * else 0 (refused when the event is picked).
 */
static u64 oncpu_ns(const struct session_evsel *e, u64 period)
{
	if (e->attr.type == PERF_TYPE_SOFTWARE && (e->attr.config == PERF_COUNT_SW_CPU_CLOCK ||
						   e->attr.config == PERF_COUNT_SW_TASK_CLOCK))
		return period;
	if (e->attr.freq && e->attr.sample_freq)
		return 1000000000ULL / e->attr.sample_freq;
	return 0;
}

/*
 * Which samples are drawn: -e's event; else, as stackcollapse-perf.pl,
 * the first event sampled (with call chains if the file has any), and
 * tracepoint samples, whose header line it cannot read an event from.
 */
static bool fg_wanted(struct flamegraph *fg, struct session_evsel *e)
{
	if (fg->combined)
		return e == fg->oncpu || is_offcpu(e);
	if (fg->event)
		return e == fg->drawn;
	if (fg->any_chain && !has_chain(e))
		return false;
	if (!fg->drawn && e->attr.type != PERF_TYPE_TRACEPOINT)
		fg->drawn = e;
	return e == fg->drawn || e->attr.type == PERF_TYPE_TRACEPOINT;
}

/* The length of @s without a trailing annotation _[k] _[w] _[i] _[j]. */
static size_t strip_annotation(const char *s)
{
	size_t l = strlen(s);

	if (l >= 4 && s[l - 4] == '_' && s[l - 3] == '[' && strchr("kwij", s[l - 2]) && s[l - 1] == ']')
		return l - 4;
	return l;
}

/*
 * --symbol: does the stack go through one of the names, as a frame of
 * the graph (the name drawn, without its _[k]/_[j]/_[i]) or as the
 * symbol behind a frame (a C++ name with its parameters)?
 */
static bool fg_through(const struct flamegraph *fg, const struct resolved_sample *rs, int nr)
{
	for (size_t i = 0; i < fg->nr_parts; i++) {
		const char *p = fg->parts[i];
		size_t len = strip_annotation(p);

		for (size_t k = 0; k < fg->through.nr; k++)
			if (strlen(fg->through.names[k]) == len &&
			    !strncmp(fg->through.names[k], p, len))
				return true;
	}
	for (int i = 0; i < nr; i++)
		if (rs->frames[i].sym && name_list__has(&fg->through, rs->frames[i].sym->name))
			return true;
	if (!nr && rs->al.sym)
		return name_list__has(&fg->through, rs->al.sym->name);
	return false;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct flamegraph *fg = session__tool_priv(s);
	struct session_evsel *e = sample->evsel;
	struct resolved_sample rs;
	struct stack_memo *memo = NULL;
	u64 weight;
	int nr = 0;

	(void)ev;
	if (!e || e->idx < 0)
		return 0;
	/* stackcollapse.py: process_event() has no tracepoint's samples */
	if (fg->py ? e->attr.type == PERF_TYPE_TRACEPOINT : !fg_wanted(fg, e)) {
		fg->nr_other++;
		return 0;
	}
	if (time_ranges__skip(fg->ranges, fg->nr_ranges, sample->time)) {
		fg->nr_filtered++;
		return 0;
	}
	/* perf script prints the period (recorded or -c's), but not of tracepoints */
	weight = e->attr.type != PERF_TYPE_TRACEPOINT ? sample->period : 1;
	if (fg->py || !strcmp(fg->count, "samples") || !weight)
		weight = 1;
	if (fg->combined && e == fg->oncpu)
		weight = oncpu_ns(e, sample->period);
	resolved_sample__resolve(fg->resolver, sample, &rs);
	if (hist_filter__rejects(&fg->filter, rs.al.thread ? thread__comm_str(rs.al.thread) : "",
				 rs.al.thread ? rs.al.thread->pid : (pid_t)sample->pid,
				 (pid_t)sample->tid, rs.al.dso, NULL)) {
		fg->nr_filtered++;
		goto out;
	}
	if (fg->py) {
		fg_py_pname(fg, rs.al.thread ? thread__comm_str(rs.al.thread) : ":-1", sample);
	} else if (!fg_pname(fg, e, rs.al.thread ? thread__comm_str(rs.al.thread) : ":-1", sample)) {
		fg->nr_samples++;	/* drawn, as the script draws it: not at all */
		goto out;
	}
	fg->nr_parts = 0;
	if (has_chain(e))
		nr = resolved_sample__chain(fg->resolver, sample, &rs, NULL);
	if (!fg->py && rs.chain_id) {
		memo = stack_memo__slot(fg, rs.chain_id, e);
		if (stack_memo__replay(fg, memo, rs.chain_id, e, weight))
			goto out;
	}
	if (fg->py) {
		/* the chain's frames; perf's Python gets an empty one without */
		for (int i = 0; i < nr; i++)
			fg_py_frame(fg, rs.frames[i].sym, rs.frames[i].has_map ? rs.frames[i].dso : NULL);
	} else if (has_chain(e)) {
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
	if (fg->combined && is_offcpu(e))
		strbuf_addstr(&fg->stack, ";" OFFCPU_FRAME);
	for (size_t i = fg->nr_parts; i-- > 0;) {
		/* flamegraph.py's names keep their ";": its frames are lines */
		if (fg->stack.len || !fg->py || !fg->py->no_comm)
			strbuf_addch(&fg->stack, fg->py && fg->py->json ? '\n' : ';');
		strbuf_addstr(&fg->stack, fg->parts[i]);
	}
	if (fg->through.nr && !fg_through(fg, &rs, nr)) {
		fg->nr_filtered++;
		if (memo)
			stack_memo__fill(fg, memo, rs.chain_id, e, NULL);
	} else {
		size_t fold;

		fg->nr_samples++;
		fold = fold_add(fg, fg->stack.buf, fg->stack.len, weight);
		if (memo)
			stack_memo__fill(fg, memo, rs.chain_id, e, &fold);
	}
	fg->nr_parts = 0;
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

/* ---- the flame graph: flamegraph.pl's layout ---- */

/* flamegraph.pl's options, its names and defaults */
struct fg_opts {
	const char *title, *subtitle, *countname, *nametype, *fonttype, *colors, *notes;
	const char *minwidth;
	int width, height;
	double fontsize;
	bool hash, reverse, inverted, flamechart;
	bool negate;		/* --diff --negate: the hues the other way */
	/* not given: chosen by what is drawn (offcpu-time: io, "us") */
	bool auto_colors, auto_countname;
	bool io_marked;		/* frames from an [off-cpu] one up: the io palette */
};

#define FG_OPTS_DEFAULT { \
	.countname = "samples", .nametype = "Function:", .fonttype = "Verdana", \
	.colors = "hot", .minwidth = "0.1", .width = 1200, .height = 16, .fontsize = 12, \
	.notes = "", \
}

/* One input line: a stack (frames ';'-separated, outermost first) and its count. */
struct fg_line {
	char *text;		/* the whole line, for flamegraph.pl's sort */
	char *stack;
	double count;
	/* a differential's (--diff): AFTER's count, AFTER minus BEFORE */
	double count2, delta;
	bool diff;
};

/* A drawn frame: func at depth (0: the root "all"), from stime to etime. */
struct fg_node {
	char *func;
	int depth;
	double stime, etime;
	double delta;		/* --diff: its stacks' own (leaf) change */
	bool has_delta;		/* opened by a differential line (flamegraph.pl's defined delta) */
	double other;		/* a differential's: the first counts of its stacks (the page's tooltip) */
};

struct fg_graph {
	struct fg_line *lines;
	size_t nr_lines, alloc_lines;
	struct fg_node *nodes;
	size_t nr_nodes, alloc_nodes;
	double total;
	bool diff;		/* lines of two counts (--diff), all or some */
	double maxdelta;	/* the largest change of a line, at least 1 */
	struct itab node_tab;	/* (func, depth): its latest node */
	struct fg_node *marks;	/* io_marked: copies of the [off-cpu] frames */
	size_t nr_marks;
};

/* io_marked: the [off-cpu] frames (their spans, once merged). */
static void graph_find_marks(struct fg_graph *g)
{
	for (size_t i = 0; i < g->nr_nodes; i++) {
		if (strcmp(g->nodes[i].func, OFFCPU_FRAME))
			continue;
		g->marks = xrealloc(g->marks, (g->nr_marks + 1) * sizeof(*g->marks));
		g->marks[g->nr_marks++] = g->nodes[i];
	}
}

/* Is @n an [off-cpu] frame or above one (within its span)? */
static bool graph_marked(const struct fg_graph *g, const struct fg_node *n)
{
	for (size_t i = 0; i < g->nr_marks; i++)
		if (n->depth >= g->marks[i].depth && n->stime >= g->marks[i].stime &&
		    n->etime <= g->marks[i].etime)
			return true;
	return false;
}

static void graph_add_line(struct fg_graph *g, const char *stack, size_t len, double count,
			   const char *text)
{
	if (g->nr_lines == g->alloc_lines) {
		g->alloc_lines = g->alloc_lines ? 2 * g->alloc_lines : 1024;
		g->lines = xrealloc(g->lines, g->alloc_lines * sizeof(*g->lines));
	}
	g->lines[g->nr_lines++] = (struct fg_line){
		.text = xstrdup(text), .stack = xstrndup(stack, len), .count = count,
	};
}

/*
 * A folded line: "stack count", or difffolded.pl's "stack before after"
 * (a differential: drawn as wide as after, coloured by after - before).
 * A file may have both, as flamegraph.pl reads it (difffolded.pl writes
 * a sum past 2^64 as "1.8e+19", which is no count: that line has one).
 */
static const char *graph_line(void *arg, const char *line, size_t stack_len, const char *count,
			      const char *count2)
{
	struct fg_graph *g = arg;
	struct fg_line *l;

	graph_add_line(g, line, stack_len, strtod(count, NULL), line);
	if (count2) {
		l = &g->lines[g->nr_lines - 1];
		l->count2 = strtod(count2, NULL);
		l->delta = folded__delta(count, count2);
		l->diff = true;
	}
	return NULL;
}

/*
 * Folded text: "stack count" lines, or difffolded.pl's three columns; a
 * line that is not one is an error naming it.
 */
static int graph_read_folded(struct fg_graph *g, const char *path)
{
	return folded__read(path, NULL, graph_line, g);
}

/* The frames of @stack in @parts (Perl's split ";": trailing empty ones dropped). */
static size_t split_frames(char *stack, char ***parts, size_t *alloc)
{
	size_t n = 0;

	for (char *p = stack; ; ) {
		char *e = strchr(p, ';');

		if (n == *alloc) {
			*alloc = *alloc ? 2 * *alloc : 64;
			*parts = xrealloc(*parts, *alloc * sizeof(**parts));
		}
		(*parts)[n++] = p;
		if (!e)
			break;
		*e = '\0';
		p = e + 1;
	}
	while (n > 0 && !*(*parts)[n - 1])
		n--;
	return n;
}

/* --reverse: the frames of each stack the other way round. */
static void graph_reverse(struct fg_graph *g)
{
	char **parts = NULL;
	size_t alloc = 0;

	for (size_t i = 0; i < g->nr_lines; i++) {
		struct fg_line *l = &g->lines[i];
		char *copy = xstrdup(l->stack), *rev;
		size_t n = split_frames(copy, &parts, &alloc), o = 0;
		char *text;

		rev = xmalloc(strlen(l->stack) + 2);
		for (size_t k = n; k-- > 0;) {
			size_t pl = strlen(parts[k]);

			memcpy(rev + o, parts[k], pl);
			o += pl;
			if (k)
				rev[o++] = ';';
		}
		rev[o] = '\0';
		text = xasprintf("%s %s", rev, l->text + strlen(l->stack) + 1);
		free(l->stack);
		free(l->text);
		l->stack = rev;
		l->text = text;
		free(copy);
	}
	free(parts);
}

/*
 * --colors chain: flamegraph.pl marks the frames after each ";--;" as
 * wakers (a "_[w]" suffix) and always appends ";--;" to the first part,
 * so every stack ends in a "--" frame.
 */
static void graph_chain(struct fg_graph *g)
{
	for (size_t i = 0; i < g->nr_lines; i++) {
		struct fg_line *l = &g->lines[i];
		struct strbuf sb;
		const char *p = l->stack, *e;
		size_t nparts = 0;
		char **parts = NULL;

		/* split ";--;" as Perl does: trailing empty parts dropped */
		for (;;) {
			e = strstr(p, ";--;");
			parts = xrealloc(parts, (nparts + 1) * sizeof(*parts));
			parts[nparts++] = e ? xstrndup(p, (size_t)(e - p)) : xstrdup(p);
			if (!e)
				break;
			p = e + 4;
		}
		while (nparts > 0 && !parts[nparts - 1][0])
			free(parts[--nparts]);
		strbuf_init(&sb, strlen(l->stack) + 16);
		strbuf_addstr(&sb, nparts ? parts[0] : "");
		strbuf_addstr(&sb, ";--;");
		for (size_t k = 1; k < nparts; k++) {
			if (k > 1)
				strbuf_addstr(&sb, ";--;");
			for (const char *q = parts[k]; *q; q++) {
				if (*q == ';')
					strbuf_addstr(&sb, "_[w]");
				strbuf_addch(&sb, *q);
			}
			strbuf_addstr(&sb, "_[w]");
		}
		for (size_t k = 0; k < nparts; k++)
			free(parts[k]);
		free(parts);
		free(l->stack);
		l->stack = sb.buf;
	}
}

static int line_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fg_line *)a)->text, ((const struct fg_line *)b)->text);
}

struct node_key {
	const char *func;
	int depth;
};

static bool node_eq(void *ctx, u32 idx, const void *key)
{
	const struct fg_node *n = &((struct fg_graph *)ctx)->nodes[idx];
	const struct node_key *k = key;

	return n->depth == k->depth && !strcmp(n->func, k->func);
}

/*
 * A frame closed: a node, unless one of the same name and depth ended at
 * the same time. flamegraph.pl keys its frames by "func;depth;etime", so
 * there the later frame takes the earlier one's place: a frame no sample
 * of the graph's own counts reaches (a stack of count 0, as a differential
 * has for what AFTER lost) closing where a wide frame of the same name
 * did replaces it, and the wide one is not drawn. prof draws what the
 * script draws.
 */
static void graph_add_node(struct fg_graph *g, const char *func, int depth, double stime,
			   double etime, double delta, bool has_delta, double other)
{
	struct node_key key = { func, depth };
	u64 h = itab_mix(itab_hash_str(func), (u64)depth);
	size_t slot = itab_find(&g->node_tab, h, node_eq, g, &key);

	if (g->node_tab.val[slot]) {
		struct fg_node *n = &g->nodes[g->node_tab.val[slot] - 1];

		if (n->etime == etime) {
			/* the script replaces the change only with one */
			n->stime = stime;
			n->other = other;
			if (has_delta) {
				n->delta = delta;
				n->has_delta = true;
			}
			return;
		}
		g->node_tab.val[slot] = (u32)g->nr_nodes + 1;
	} else {
		itab_add(&g->node_tab, slot, h, (u32)g->nr_nodes);
	}
	if (g->nr_nodes == g->alloc_nodes) {
		g->alloc_nodes = g->alloc_nodes ? 2 * g->alloc_nodes : 1024;
		g->nodes = xrealloc(g->nodes, g->alloc_nodes * sizeof(*g->nodes));
	}
	g->nodes[g->nr_nodes++] = (struct fg_node){
		.func = xstrdup(func), .depth = depth, .stime = stime, .etime = etime,
		.delta = delta, .has_delta = has_delta, .other = other,
	};
}

/*
 * Merge the stacks, in flamegraph.pl's order (sorted, or as given for a
 * flame chart), into frames: a frame spans the run of consecutive stacks
 * that share it and everything below it. A differential's frames are as
 * wide as AFTER's counts; a frame's change is that of the stacks ending
 * in it while it is open (0 for one no stack ends in), as flamegraph.pl
 * keeps it.
 */
static void graph_merge(struct fg_graph *g, bool flamechart)
{
	char **last = NULL, **cur = NULL, **tmp;
	double *start = NULL, *delta = NULL, *other = NULL;
	bool *hasd = NULL;
	size_t alloc_last = 0, alloc_cur = 0, nlast = 0, alloc_start = 0;
	char *prev = NULL;
	double time = 0;

	g->maxdelta = 1;
	if (!flamechart)
		qsort(g->lines, g->nr_lines, sizeof(*g->lines), line_cmp);
	for (size_t i = 0; i <= g->nr_lines; i++) {
		char *copy = i < g->nr_lines ? xstrdup(g->lines[i].stack) : NULL;
		size_t n = 0, same = 0;

		if (copy) {
			char **parts = NULL;
			size_t alloc = 0, k = split_frames(copy, &parts, &alloc);

			if (alloc_cur < k + 1) {
				alloc_cur = k + 1;
				cur = xrealloc(cur, alloc_cur * sizeof(*cur));
			}
			cur[0] = "";
			memcpy(cur + 1, parts, k * sizeof(*parts));
			n = k + 1;
			free(parts);
		}
		while (same < nlast && same < n && !strcmp(last[same], cur[same]))
			same++;
		for (size_t d = nlast; d-- > same;)
			graph_add_node(g, last[d], (int)d, start[d], time, delta[d], hasd[d], other[d]);
		if (alloc_start < n) {
			alloc_start = n;
			start = xrealloc(start, alloc_start * sizeof(*start));
			delta = xrealloc(delta, alloc_start * sizeof(*delta));
			hasd = xrealloc(hasd, alloc_start * sizeof(*hasd));
			other = xrealloc(other, alloc_start * sizeof(*other));
		}
		for (size_t d = same; d < n; d++) {
			start[d] = time;
			delta[d] = copy && d == n - 1 ? g->lines[i].delta : 0;
			hasd[d] = copy && g->lines[i].diff;
			other[d] = 0;
		}
		/* a differential's line: its first count to every frame it goes through */
		for (size_t d = 0; copy && g->lines[i].diff && d < n; d++)
			other[d] += g->lines[i].count;
		if (copy) {
			const struct fg_line *l = &g->lines[i];

			time += l->diff ? l->count2 : l->count;
			if (l->diff)
				g->diff = true;
			if (fabs(l->delta) > g->maxdelta)
				g->maxdelta = fabs(l->delta);
		}
		free(prev);
		prev = copy;
		tmp = last, last = cur, cur = tmp;
		{
			size_t a = alloc_last;

			alloc_last = alloc_cur;
			alloc_cur = a;
		}
		nlast = n;
	}
	free(prev);
	free(last);
	free(cur);
	free(start);
	free(delta);
	free(hasd);
	free(other);
	g->total = time;
}

static void graph_exit(struct fg_graph *g)
{
	for (size_t i = 0; i < g->nr_lines; i++) {
		free(g->lines[i].text);
		free(g->lines[i].stack);
	}
	for (size_t i = 0; i < g->nr_nodes; i++)
		free(g->nodes[i].func);
	free(g->lines);
	free(g->nodes);
	free(g->marks);
	itab_exit(&g->node_tab);
}

/* ---- colours: flamegraph.pl's palettes ---- */

/* Perl's srand(@seed); rand(1) (its own drand48 since 5.20). */
static double perl_rand1(u32 seed)
{
	u64 x = ((u64)seed << 16) | 0x330e;

	x = (0x5deece66dULL * x + 0xb) & ((1ULL << 48) - 1);
	return (double)x / (double)(1ULL << 48);
}

/* The code points of a UTF-8 string (bytes of an invalid sequence as themselves). */
static size_t utf8_decode(const char *s, u32 *out, size_t max)
{
	size_t n = 0;
	const u8 *p = (const u8 *)s;

	while (*p && n < max) {
		u32 c = *p;
		int k = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		int j;

		for (j = 1; j <= k && (p[j] & 0xc0) == 0x80; j++)
			;
		if (k && j == k + 1) {
			c &= 0x3f >> k;
			for (j = 1; j <= k; j++)
				c = (c << 6) | (p[j] & 0x3f);
			p += k + 1;
		} else {
			p++;
		}
		out[n++] = c;
	}
	return n;
}

/* flamegraph.pl's namehash over code points @c[0..n) */
static double namehash(const u32 *c, size_t n)
{
	double vector = 0, weight = 1, max = 1;
	int mod = 10;
	size_t i = 0, start = 0;

	/* s/.(.*?)`//: from the first character through the first backquote */
	for (size_t k = 1; k < n; k++)
		if (c[k] == '`') {
			start = k + 1;
			break;
		}
	(void)i;
	for (size_t k = start; k < n; k++) {
		int v = (int)(c[k] % (u32)mod);

		vector += ((double)v / (mod++ - 1)) * weight;
		max += weight;
		weight *= 0.70;
		if (mod > 12)
			break;
	}
	return 1 - vector / max;
}

static void fg_color(struct strbuf *out, const char *palette, bool hash, const char *name)
{
	static u32 cp[4096], rev[4096];
	size_t n = utf8_decode(name, cp, ARRAY_SIZE(cp));
	double v1, v2, v3;
	const char *type = palette;
	size_t len = strlen(name);
#define ENDS(s) (len >= strlen(s) && !strcmp(name + len - strlen(s), s))

	if (hash) {
		for (size_t k = 0; k < n; k++)
			rev[k] = cp[n - 1 - k];
		v1 = namehash(cp, n);
		v2 = v3 = namehash(rev, n);
	} else {
		u32 sum = 0;

		for (size_t k = 0; k < n; k++)
			sum += cp[k];
		v1 = v2 = v3 = perl_rand1(sum);
	}
	if (!strcmp(type, "hot")) {
		strbuf_addf(out, "rgb(%d,%d,%d)", 205 + (int)(50 * v3), (int)(230 * v1), (int)(55 * v2));
		return;
	}
	if (!strcmp(type, "mem")) {
		strbuf_addf(out, "rgb(0,%d,%d)", 190 + (int)(50 * v2), (int)(210 * v1));
		return;
	}
	if (!strcmp(type, "io")) {
		int r = 80 + (int)(60 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", r, r, 190 + (int)(55 * v2));
		return;
	}
	if (!strcmp(type, "java")) {
		const char *p = name[0] == 'L' ? name + 1 : name;
		static const char *const pkgs[] = { "java/", "javax/", "jdk/", "net/", "org/",
						    "com/", "io/", "sun/" };
		bool java = false;

		for (size_t k = 0; k < ARRAY_SIZE(pkgs); k++)
			java |= !strncmp(p, pkgs[k], strlen(pkgs[k]));
		type = ENDS("_[j]") ? "green" : ENDS("_[i]") ? "aqua" : java ? "green" :
		       strstr(name, ":::") ? "green" : strstr(name, "::") ? "yellow" :
		       ENDS("_[k]") ? "orange" : "red";
	} else if (!strcmp(type, "perl")) {
		type = strstr(name, "::") ? "yellow" :
		       strstr(name, "Perl") || strstr(name, ".pl") ? "green" :
		       ENDS("_[k]") ? "orange" : "red";
	} else if (!strcmp(type, "js")) {
		const char *slash = strchr(name, '/');

		if (ENDS("_[j]"))
			type = slash ? "green" : "aqua";
		else if (strstr(name, "::"))
			type = "yellow";
		else if (slash && strstr(slash, ".js"))
			type = "green";
		else if (strchr(name, ':'))
			type = "aqua";
		else if (!strcmp(name, " "))
			type = "green";
		else if (strstr(name, "_[k]"))
			type = "orange";
		else
			type = "red";
	} else if (!strcmp(type, "wakeup")) {
		type = "aqua";
	} else if (!strcmp(type, "chain")) {
		type = strstr(name, "_[w]") ? "aqua" : "blue";
	}
#undef ENDS
	if (!strcmp(type, "red")) {
		int x = 50 + (int)(80 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", 200 + (int)(55 * v1), x, x);
	} else if (!strcmp(type, "green")) {
		int x = 50 + (int)(60 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", x, 200 + (int)(55 * v1), x);
	} else if (!strcmp(type, "blue")) {
		int x = 80 + (int)(60 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", x, x, 205 + (int)(50 * v1));
	} else if (!strcmp(type, "yellow")) {
		int x = 175 + (int)(55 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", x, x, 50 + (int)(20 * v1));
	} else if (!strcmp(type, "purple")) {
		int x = 190 + (int)(65 * v1);

		strbuf_addf(out, "rgb(%d,%d,%d)", x, 80 + (int)(60 * v1), x);
	} else if (!strcmp(type, "aqua")) {
		strbuf_addf(out, "rgb(%d,%d,%d)", 50 + (int)(60 * v1), 165 + (int)(55 * v1),
			    165 + (int)(55 * v1));
	} else if (!strcmp(type, "orange")) {
		strbuf_addf(out, "rgb(%d,%d,0)", 190 + (int)(65 * v1), 90 + (int)(65 * v1));
	} else {
		strbuf_addstr(out, "rgb(0,0,0)");
	}
}

/*
 * A differential's colour, flamegraph.pl's: red for a frame whose stacks
 * grew, blue for one whose stacks shrank, the deeper the larger the change
 * against the largest (@max), white for none.
 */
static void color_scale(struct strbuf *out, double value, double max)
{
	int r = 255, g = 255, b = 255;

	if (value > 0)
		g = b = (int)(210 * (max - value) / max);
	else if (value < 0)
		r = g = (int)(210 * (max + value) / max);
	strbuf_addf(out, "rgb(%d,%d,%d)", r, g, b);
}

static const char *const palettes[] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl", "red", "green", "blue",
	"aqua", "yellow", "purple", "orange",
};

/* ---- SVG ---- */

/* XML text: & < > always, " too when @quot. */
static void xml_escape(FILE *out, const char *s, size_t len, bool quot)
{
	for (size_t i = 0; i < len; i++) {
		switch (s[i]) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': if (quot) { fputs("&quot;", out); break; } /* fall through */
		default: fputc(s[i], out);
		}
	}
}


/* "1234567" -> "1,234,567" */
static void commas(char *dst, const char *digits)
{
	size_t n = strlen(digits), o = 0, lead = digits[0] == '-' ? 1 : 0;

	for (size_t i = 0; i < n; i++) {
		if (i > lead && (n - i) % 3 == 0)
			dst[o++] = ',';
		dst[o++] = digits[i];
	}
	dst[o] = '\0';
}

/* The byte length of the first @chars code points of @s. */
static size_t utf8_prefix(const char *s, size_t len, size_t chars)
{
	size_t i = 0;

	while (i < len && chars--) {
		i++;
		while (i < len && ((u8)s[i] & 0xc0) == 0x80)
			i++;
	}
	return i;
}

static size_t utf8_len(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += ((u8)s[i] & 0xc0) != 0x80;
	return n;
}

extern const char flamegraph_svg_js[];

static int graph_write_svg(struct fg_graph *g, const struct fg_opts *o, FILE *out)
{
	double fs = o->fontsize, ypad1 = fs * 3, ypad2 = fs * 2 + 10, ypad3 = fs * 2;
	double xpad = 10, wpt, minw, height;
	int depthmax = 0, fh = o->height;
	const char *title = o->title;
	const char *bg1 = "#eeeeee", *bg2 = "#eeeeb0";
	struct strbuf color;
	char minbuf[64], *end;
	double minf;

	if (!g->total) {
		/* flamegraph.pl's error picture, and an error */
		fprintf(out, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
			"<svg version=\"1.1\" width=\"%d\" height=\"%g\" xmlns=\"http://www.w3.org/2000/svg\">\n"
			"<text x=\"%d\" y=\"%g\">ERROR: No valid input provided to flamegraph.pl.</text>\n"
			"</svg>\n", o->width, fs * 5, o->width / 2, fs * 2);
		return error("no stack counts found: nothing to draw");
	}
	snprintf(minbuf, sizeof(minbuf), "%s", o->minwidth);
	minf = strtod(minbuf, &end);
	wpt = (o->width - 2 * xpad) / g->total;
	minw = *end == '%' ? g->total * minf / 100 : minf / wpt;
	if (!title || !*title)
		title = o->flamechart ? "Flame Chart" : o->inverted ? "Icicle Graph" : "Flame Graph";
	if (!strcmp(o->colors, "mem"))
		bg1 = "#eef2ee", bg2 = "#e0ffe0";
	else if (!strcmp(o->colors, "io") || !strcmp(o->colors, "wakeup") || !strcmp(o->colors, "chain"))
		bg2 = "#e0e0ff";
	else if (strcmp(o->colors, "hot") && strcmp(o->colors, "java") && strcmp(o->colors, "js") &&
		 strcmp(o->colors, "perl"))
		bg1 = "#f8f8f8", bg2 = "#e8e8e8";
	/* prune what is narrower than --minwidth */
	{
		size_t k = 0;

		for (size_t i = 0; i < g->nr_nodes; i++) {
			struct fg_node *n = &g->nodes[i];

			if (n->etime - n->stime < minw) {
				free(n->func);
				continue;
			}
			if (n->depth > depthmax)
				depthmax = n->depth;
			g->nodes[k++] = *n;
		}
		g->nr_nodes = k;
	}
	height = (depthmax + 1) * fh + ypad1 + ypad2;
	if (o->subtitle && *o->subtitle)
		height += ypad3;
	fprintf(out, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%.15g\" onload=\"init(evt)\" viewBox=\"0 0 %d %.15g\" "
		"xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
		"<!-- Flame graph drawn by prof flamegraph, in the layout of Brendan Gregg's flamegraph.pl. -->\n"
		"<!-- NOTES: ", o->width, height, o->width, height);
	xml_escape(out, o->notes ? o->notes : "", o->notes ? strlen(o->notes) : 0, false);
	fprintf(out, " -->\n<defs>\n\t<linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\" >\n"
		"\t\t<stop stop-color=\"%s\" offset=\"5%%\" />\n\t\t<stop stop-color=\"%s\" offset=\"95%%\" />\n"
		"\t</linearGradient>\n</defs>\n<style type=\"text/css\">\n"
		"\ttext { font-family:", bg1, bg2);
	xml_escape(out, o->fonttype, strlen(o->fonttype), false);
	fprintf(out, "; font-size:%gpx; fill:rgb(0,0,0); }\n"
		"\t#search, #ignorecase { opacity:0.1; cursor:pointer; }\n"
		"\t#search:hover, #search.show, #ignorecase:hover, #ignorecase.show { opacity:1; }\n"
		"\t#subtitle { text-anchor:middle; font-color:rgb(160,160,160); }\n"
		"\t#title { text-anchor:middle; font-size:%gpx}\n"
		"\t#unzoom { cursor:pointer; }\n"
		"\t#frames > *:hover { stroke:black; stroke-width:0.5; cursor:pointer; }\n"
		"\t.hide { display:none; }\n\t.parent { opacity:0.5; }\n</style>\n"
		"<script type=\"text/ecmascript\">\n<![CDATA[\n\tvar nametype = \"",
		fs, fs + 5);
	for (const char *p = o->nametype; *p; p++)
		fprintf(out, strchr("\"\\<>]&", *p) ? "\\x%02x" : "%c", (u8)*p);
	fprintf(out, "\";\n\tvar fontsize = %g, fontwidth = 0.59, xpad = %g, inverted = %d;\n%s]]>\n</script>\n",
		fs, xpad, o->inverted, flamegraph_svg_js);
	fprintf(out, "<rect x=\"0.0\" y=\"0\" width=\"%d.0\" height=\"%.1f\" fill=\"url(#background)\"  />\n",
		o->width, height);
	fprintf(out, "<text id=\"title\" x=\"%.2f\" y=\"%.15g\" >", (double)(o->width / 2), fs * 2);
	xml_escape(out, title, strlen(title), false);
	fputs("</text>\n", out);
	if (o->subtitle && *o->subtitle) {
		fprintf(out, "<text id=\"subtitle\" x=\"%.2f\" y=\"%.15g\" >", (double)(o->width / 2), fs * 4);
		xml_escape(out, o->subtitle, strlen(o->subtitle), false);
		fputs("</text>\n", out);
	}
	fprintf(out, "<text id=\"details\" x=\"%.2f\" y=\"%.15g\" > </text>\n", xpad, height - ypad2 / 2);
	fprintf(out, "<text id=\"unzoom\" x=\"%.2f\" y=\"%.15g\" class=\"hide\">Reset Zoom</text>\n", xpad, fs * 2);
	fprintf(out, "<text id=\"search\" x=\"%.2f\" y=\"%.15g\" >Search</text>\n", o->width - xpad - 100, fs * 2);
	fprintf(out, "<text id=\"ignorecase\" x=\"%.2f\" y=\"%.15g\" >ic</text>\n", o->width - xpad - 16, fs * 2);
	fprintf(out, "<text id=\"matched\" x=\"%.2f\" y=\"%.15g\" > </text>\n", o->width - xpad - 100,
		height - ypad2 / 2);
	fputs("<g id=\"frames\">\n", out);
	strbuf_init(&color, 32);
	for (size_t i = 0; i < g->nr_nodes; i++) {
		struct fg_node *n = &g->nodes[i];
		bool root = !n->func[0] && n->depth == 0;
		double et = root ? g->total : n->etime;
		double x1 = xpad + n->stime * wpt, x2 = xpad + et * wpt, y1, y2;
		char samples[64], txt[96], rx1[32], rx2[32];
		size_t flen = strip_annotation(n->func);
		int chars;

		if (!o->inverted) {
			y1 = height - ypad2 - (n->depth + 1) * fh + 1;
			y2 = height - ypad2 - n->depth * fh;
		} else {
			y1 = ypad1 + n->depth * fh;
			y2 = ypad1 + (n->depth + 1) * fh - 1;
		}
		snprintf(samples, sizeof(samples), "%.0f", et - n->stime);
		commas(txt, samples);
		fputs("<g >\n<title>", out);
		if (root) {
			fprintf(out, "all (%s ", txt);
			xml_escape(out, o->countname, strlen(o->countname), false);
			fputs(", 100%)", out);
		} else {
			xml_escape(out, n->func, flen, true);
			fprintf(out, " (%s ", txt);
			xml_escape(out, o->countname, strlen(o->countname), false);
			fprintf(out, ", %.2f%%", 100 * strtod(samples, NULL) / g->total);
			if (n->has_delta) {
				/* the change, in percent of the total drawn, signed */
				double d = o->negate ? -n->delta : n->delta;

				if (d == 0)
					d = 0;	/* Perl's integer 0 has no sign */

				fprintf(out, "; %s%.2f%%", d > 0 ? "+" : "", 100 * d / g->total);
			}
			fputc(')', out);
		}
		strbuf_reset(&color);
		if (!strcmp(n->func, "--"))
			strbuf_addstr(&color, "rgb(160,160,160)");
		else if (!strcmp(n->func, "-"))
			strbuf_addstr(&color, "rgb(200,200,200)");
		else if (n->has_delta)
			color_scale(&color, o->negate ? -n->delta : n->delta, g->maxdelta);
		else
			fg_color(&color, o->io_marked && graph_marked(g, n) ? "io" : o->colors, o->hash,
				 n->func);
		snprintf(rx1, sizeof(rx1), "%.1f", x1);
		snprintf(rx2, sizeof(rx2), "%.1f", x2);
		fprintf(out, "</title><rect x=\"%s\" y=\"%.15g\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" rx=\"2\" ry=\"2\" />\n",
			rx1, y1, strtod(rx2, NULL) - strtod(rx1, NULL), y2 - y1, color.buf);
		fprintf(out, "<text  x=\"%.2f\" y=\"%.15g\" >", x1 + 3, 3 + (y1 + y2) / 2);
		chars = (int)((x2 - x1) / (fs * 0.59));
		if (chars >= 3) {
			size_t ulen = utf8_len(n->func, flen);
			size_t cut = utf8_prefix(n->func, flen, (size_t)chars);

			if ((size_t)chars < ulen) {
				/* the last two characters become ".." */
				size_t keep = utf8_prefix(n->func, flen, (size_t)chars - 2);

				xml_escape(out, n->func, keep, false);
				fputs("..", out);
			} else {
				xml_escape(out, n->func, cut, false);
			}
		}
		fputs("</text>\n</g>\n", out);
	}
	strbuf_release(&color);
	fputs("</g>\n</svg>\n", out);
	return 0;
}

extern const char flamegraph_html_js[];

/* A JSON string (UTF-8 kept; "<" as \u003c so no "</script>" can occur). */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const u8 *p = (const u8 *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

static int node_cmp(const void *a, const void *b)
{
	const struct fg_node *x = a, *y = b;

	if (x->stime != y->stime)
		return x->stime < y->stime ? -1 : 1;
	return x->depth - y->depth;
}

/* The names of the frames, each once: its index in the table. */
struct name_table {
	char **names;
	size_t nr, alloc;
	size_t *slots, nr_slots;	/* index + 1, 0 empty */
};

static size_t name_index(struct name_table *t, const char *name)
{
	u32 h = fold_hash(name, strlen(name));
	size_t j;

	if ((t->nr + 1) * 2 > t->nr_slots) {
		size_t n = t->nr_slots ? 2 * t->nr_slots : 1024;
		size_t *s = xcalloc(n, sizeof(*s));

		for (size_t k = 0; k < t->nr; k++) {
			for (j = fold_hash(t->names[k], strlen(t->names[k])) & (n - 1); s[j]; j = (j + 1) & (n - 1))
				;
			s[j] = k + 1;
		}
		free(t->slots);
		t->slots = s;
		t->nr_slots = n;
	}
	for (j = h & (t->nr_slots - 1); t->slots[j]; j = (j + 1) & (t->nr_slots - 1))
		if (!strcmp(t->names[t->slots[j] - 1], name))
			return t->slots[j] - 1;
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 1024;
		t->names = xrealloc(t->names, t->alloc * sizeof(*t->names));
	}
	t->names[t->nr] = (char *)name;
	t->slots[j] = ++t->nr;
	return t->nr - 1;
}

/*
 * One self-contained page: the frames as numbers (depth, start, end,
 * name index) and the names once each, drawn on a canvas by prof's
 * script: click to zoom, Reset, regex search with "Matched: X%", the
 * flame/icicle toggle, a tooltip, the state in the URL's #fragment.
 */
static int graph_write_html(struct fg_graph *g, const struct fg_opts *o, FILE *out)
{
	struct name_table t = { 0 };
	const char *title = o->title && *o->title ? o->title : "Flame Graph";

	if (!g->total)
		return error("no stack counts found: nothing to draw");
	qsort(g->nodes, g->nr_nodes, sizeof(*g->nodes), node_cmp);
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
	xml_escape(out, title, strlen(title), false);
	fputs("</title>\n<style>\n"
	      "body { font-family: sans-serif; margin: 10px; background: #f4f4f0; }\n"
	      "h1 { font-size: 18px; text-align: center; margin: 4px; }\n"
	      "h2 { font-size: 13px; text-align: center; color: #666; margin: 2px; font-weight: normal; }\n"
	      "#bar { display: flex; gap: 8px; align-items: center; margin: 6px 0; }\n"
	      "#matched { margin-left: auto; }\n"
	      "#tip { position: absolute; display: none; background: #ffd; border: 1px solid #999;"
	      " padding: 2px 5px; font-size: 12px; pointer-events: none; white-space: nowrap; }\n"
	      "canvas { display: block; cursor: pointer; }\n"
	      "</style>\n</head>\n<body>\n<h1>", out);
	xml_escape(out, title, strlen(title), false);
	fputs("</h1>\n", out);
	if (o->subtitle && *o->subtitle) {
		fputs("<h2>", out);
		xml_escape(out, o->subtitle, strlen(o->subtitle), false);
		fputs("</h2>\n", out);
	}
	fputs("<div id=\"bar\"><button id=\"reset\">Reset zoom</button>"
	      "<button id=\"mode\">Icicle</button>"
	      "<input id=\"search\" placeholder=\"Search (regex)\" size=\"30\">"
	      "<span id=\"matched\"></span></div>\n"
	      "<div><canvas id=\"fg\"></canvas></div>\n<div id=\"tip\"></div>\n"
	      "<script>\nvar DATA = { \"total\": ", out);
	fprintf(out, "%.17g, \"icicle\": %s, \"countname\": ", g->total, o->inverted ? "true" : "false");
	json_string(out, o->countname);
	fputs(", \"f\": [", out);
	for (size_t i = 0; i < g->nr_nodes; i++) {
		struct fg_node *n = &g->nodes[i];
		bool root = !n->func[0] && n->depth == 0;

		fprintf(out, "%s%d,%.17g,%.17g,%zu", i ? "," : "", n->depth, n->stime,
			root ? g->total : n->etime, name_index(&t, root ? "all" : n->func));
		if (i % 8 == 7)
			fputc('\n', out);
	}
	fputs("],\n\"n\": [", out);
	for (size_t i = 0; i < t.nr; i++) {
		if (i)
			fputs(i % 8 ? "," : ",\n", out);
		json_string(out, t.names[i]);
	}
	fputs("],\n\"io\": [", out);
	/* the spans the io palette colours: all of it, or the [off-cpu] frames' */
	if (!strcmp(o->colors, "io"))
		fprintf(out, "[0,0,%.17g]", g->total);
	for (size_t i = 0; o->io_marked && i < g->nr_marks; i++)
		fprintf(out, "%s[%d,%.17g,%.17g]", i ? "," : "", g->marks[i].depth, g->marks[i].stime,
			g->marks[i].etime);
	fputs("]", out);
	if (g->diff) {
		/*
		 * a differential: each frame's change (the hues' sign; null for
		 * one a line of one count opened: palette coloured), the largest
		 */
		fprintf(out, ",\n\"maxdelta\": %.17g, \"d\": [", g->maxdelta);
		for (size_t i = 0; i < g->nr_nodes; i++) {
			const struct fg_node *n = &g->nodes[i];

			fputs(i ? "," : "", out);
			if (n->has_delta)
				fprintf(out, "%.17g", o->negate ? -n->delta : n->delta);
			else
				fputs("null", out);
			if (i % 16 == 15)
				fputc('\n', out);
		}
		/*
		 * each frame's other count (the first column's: BEFORE's, or
		 * AFTER's with --negate), for the tooltip
		 */
		fprintf(out, "],\n\"other\": \"%s\", \"b\": [", o->negate ? "after" : "before");
		for (size_t i = 0; i < g->nr_nodes; i++) {
			const struct fg_node *n = &g->nodes[i];

			fputs(i ? "," : "", out);
			if (n->has_delta)
				fprintf(out, "%.17g", n->other);
			else
				fputs("null", out);
			if (i % 16 == 15)
				fputc('\n', out);
		}
		fputs("]", out);
	}
	fputs(" };\n", out);
	fputs(flamegraph_html_js, out);
	fputs("</script>\n</body>\n</html>\n", out);
	free(t.names);
	free(t.slots);
	return 0;
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

/*
 * --combined: offcpu-time and the on-CPU event (-e's, else the first
 * other one with call chains), whose samples must say their CPU time.
 */
static int fg_pick_combined(struct flamegraph *fg, struct session *s)
{
	bool offcpu = false;

	for (int i = 0; i < session__nr_evsels(s); i++) {
		struct session_evsel *e = session__evsel(s, i);

		if (is_offcpu(e))
			offcpu = true;
		else if (!fg->oncpu && (fg->event ? e == fg->drawn : has_chain(e) || !fg->any_chain))
			fg->oncpu = e;
	}
	if (!offcpu)
		return error("--combined: %s has no %s event (record with --off-cpu)", fg->input,
			     OFFCPU_EVENT);
	if (!fg->oncpu)
		return error("--combined: %s has no on-CPU event to draw beside %s", fg->input,
			     OFFCPU_EVENT);
	if (!oncpu_ns(fg->oncpu, 1))
		return error("--combined: %s samples by count, not by time: record it with -F, or "
			     "use cpu-clock", session_evsel__name(fg->oncpu));
	fg->drawn = NULL;
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
	if (fg->time_str) {
		const struct perf_header *h = session__header(s);

		ret = time_ranges__parse(fg->time_str, h ? h->first_sample_time : 0,
					 h ? h->last_sample_time : 0, &fg->ranges, &fg->nr_ranges);
		if (ret) {
			fputs(time_ranges__strerror(ret), stderr);
			session__delete(s);
			return -1;
		}
	}
	if (fg->event && !(fg->drawn = find_event(s, fg->event))) {
		session__delete(s);
		return error("event '%s' is not in %s", fg->event, fg->input);
	}
	if (fg->combined && fg_pick_combined(fg, s)) {
		session__delete(s);
		return -1;
	}
	fg->machine = machine__new_host();
	machine__process_header(fg->machine, session__header(s));
	/* perf script's frames: at most 127, inlined functions shown */
	fg->resolver = sample_resolver__new(fg->machine, &(struct resolve_param){
		.max_stack = 127,
		.inline_names = true,
		.frame_ids = true,	/* the stack memo keys by them */
	});
	ret = session__process_events(s, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(s);

		ret = error("%s", *msg ? msg : strerror(-ret));
	} else if (fg->nr_filtered && !fg->nr_samples && !fg->py) {
		ret = error("the filters left none of the %" PRIu64 " samples of %s: nothing to draw",
			    fg->nr_filtered, fg->drawn ? session_evsel__name(fg->drawn) : "the file");
	} else if (fg->drawn && fg->nr_other && !fg->event) {
		warning("drew %s only (%" PRIu64 " samples), %" PRIu64
			" samples of other events left out: pick one with -e",
			session_evsel__name(fg->drawn), fg->nr_samples, fg->nr_other);
	}
	if (fg->drawn)
		fg->drawn_name = xstrdup(session_evsel__name(fg->drawn));
	/* offcpu-time's periods are nanoseconds blocked: the graph is in time */
	fg->in_time = fg->combined || (fg->drawn && is_offcpu(fg->drawn) && !strcmp(fg->count, "period"));
	fg->nr_evsels = session__nr_evsels(s);
	sample_resolver__delete(fg->resolver);
	machine__delete(fg->machine);
	session__delete(s);
	return ret < 0 ? -1 : 0;
}

/* What the file was drawn from, in the subtitle unless --subtitle says otherwise. */
static char *fg_auto_subtitle(const struct flamegraph *fg)
{
	if (!fg->any_chain)
		return xstrdup("no call chains in the file (record with -g): one frame per sample");
	if (fg->drawn_name && fg->nr_evsels > 1)
		return xasprintf("%s only; other events left out (pick one with -e)",
				 fg->drawn_name);
	return NULL;
}

/*
 * --pid and --tid: alone, stackcollapse-perf.pl's (the pid, or pid/tid,
 * in the process frame); with a list (--pid=1,2), perf script's filter.
 */
static int fg_opt_pid(const struct option *opt, const char *arg, int unset)
{
	struct flamegraph *fg = opt->value;
	bool tid = !strcmp(opt->long_name, "tid");

	if (!arg || unset)
		*(tid ? &fg->tid : &fg->pid) = !unset;
	else
		name_list__parse(tid ? &fg->filter.tids : &fg->filter.pids, arg);
	return 0;
}

static void fg_init(struct flamegraph *fg)
{
	strbuf_init(&fg->stack, 256);
	strbuf_init(&fg->frame, 64);
	strbuf_init(&fg->pname, 32);
	for (int i = 0; i < PNAME_MEMO_SLOTS; i++) {
		strbuf_init(&fg->pnames[i].comm, 0);
		strbuf_init(&fg->pnames[i].pname, 0);
	}
	strbuf_init(&fg->line, 128);
}

/* What fg_init() and fg_read() made; the options' lists stay. */
static void fg_exit_read(struct flamegraph *fg)
{
	free(fg->drawn_name);
	for (size_t i = 0; i < fg->alloc_folds; i++)
		free(fg->folds[i].key);
	free(fg->folds);
	free(fg->parts);
	memo_clear(fg);
	stack_memo__free(fg);
	free(fg->ranges);
	strbuf_release(&fg->stack);
	strbuf_release(&fg->frame);
	strbuf_release(&fg->pname);
	for (int i = 0; i < PNAME_MEMO_SLOTS; i++) {
		strbuf_release(&fg->pnames[i].comm);
		strbuf_release(&fg->pnames[i].pname);
	}
	strbuf_release(&fg->line);
}

static void fg_exit(struct flamegraph *fg)
{
	fg_exit_read(fg);
	hist_filter__exit(&fg->filter);
	name_list__exit(&fg->through);
}

/* Draw @g's lines with @o into @out: flamegraph.pl's SVG, or (@html) the page. */
static int graph_draw(struct fg_graph *g, const struct fg_opts *o, bool html, FILE *out)
{
	if (o->reverse)
		graph_reverse(g);
	if (!strcmp(o->colors, "chain"))
		graph_chain(g);
	graph_merge(g, o->flamechart);
	if (o->io_marked)
		graph_find_marks(g);
	return html ? graph_write_html(g, o, out) : graph_write_svg(g, o, out);
}

/*
 * Fold @fg's perf.data, or read @folded_input, and write fg->output: the
 * folded lines, or the SVG or (@html) the page with @o.
 */
static int fg_run(struct flamegraph *fg, struct fg_opts *o, const char *folded_input, bool svg,
		  bool html)
{
	struct fg_graph g = { 0 };
	char *auto_sub = NULL;
	FILE *out;
	int ret;

	fg_init(fg);
	ret = folded_input ? graph_read_folded(&g, folded_input) : fg_read(fg);
	if (!ret && o->negate && !(g.nr_lines && g.lines[0].diff))
		ret = error("--negate swaps a differential's hues: %s has one count per line",
			    folded_input);
	if (!ret && svg && !folded_input && !fg->nr_samples)
		ret = error("The %s data has no samples: nothing to draw", fg->input);
	/* time (offcpu-time, --combined): in microseconds, the io palette */
	if (!ret && fg->in_time && svg) {
		if (o->auto_countname)
			o->countname = "us";
		if (fg->combined)
			o->io_marked = true;
		else if (o->auto_colors)
			o->colors = "io";
	}
	if (!ret && svg && !folded_input) {
		for (size_t i = 0; i < fg->alloc_folds; i++)
			if (fg->folds[i].key) {
				u64 w = fg->in_time ? (fg->folds[i].weight + 500) / 1000 : fg->folds[i].weight;
				char *text = xasprintf("%s %" PRIu64, fg->folds[i].key, w);

				graph_add_line(&g, fg->folds[i].key, strlen(fg->folds[i].key), (double)w, text);
				free(text);
			}
		if (!o->subtitle)
			o->subtitle = auto_sub = fg_auto_subtitle(fg);
	}
	if (!ret) {
		out = strcmp(fg->output, "-") ? fopen(fg->output, "w") : stdout;
		if (!out) {
			ret = error("cannot open %s: %s", fg->output, strerror(errno));
		} else {
			if (svg) {
				ret = graph_draw(&g, o, html, out);
			} else {
				fg_write_folded(fg, out);
			}
			if ((out != stdout ? fclose(out) : fflush(out)) != 0)
				ret = error("cannot write %s: %s", fg->output, strerror(errno));
		}
	}
	graph_exit(&g);
	free(auto_sub);
	fg_exit(fg);
	return ret;
}

/*
 * --diff: one profile's stacks into @side of @d: a perf.data file (it
 * starts with "PERFILE2") folded with @tmpl's options, else folded text.
 * *@unit says what the counts are: 'f' folded text's own, 't' time in
 * nanoseconds (offcpu-time, --combined), 'p' other perf.data periods or
 * sample counts.
 */
static int fg_diff_side(const struct flamegraph *tmpl, struct diff_folded *d, int side,
			const char *path, char *unit)
{
	struct flamegraph fg = *tmpl;
	char magic[8];
	FILE *f = fopen(path, "r");
	size_t n;
	int ret;

	if (!f)
		return error("cannot open %s: %s", path, strerror(errno));
	n = fread(magic, 1, sizeof(magic), f);
	fclose(f);
	*unit = 'f';
	if (n != sizeof(magic) || memcmp(magic, "PERFILE2", sizeof(magic)))
		return diff_folded__read(d, side, path);
	fg.input = path;
	fg_init(&fg);
	ret = fg_read(&fg);
	*unit = fg.in_time ? 't' : 'p';
	if (!ret && !fg.nr_samples)
		ret = error("%s has no samples to compare", path);
	for (size_t i = 0; !ret && i < fg.alloc_folds; i++)
		if (fg.folds[i].key)
			diff_folded__add(d, side, fg.folds[i].key, strlen(fg.folds[i].key),
					 fg.folds[i].weight);
	fg_exit_read(&fg);
	return ret;
}

/*
 * --diff BEFORE AFTER: difffolded.pl's lines ("stack before after") into
 * fg->output, or flamegraph.pl's differential drawn from them. --negate
 * pairs them the other way round (AFTER BEFORE), so that BEFORE's stacks
 * are drawn, and swaps the hues back: red still means grown.
 */
static int fg_run_diff(struct flamegraph *fg, struct fg_opts *o, const char *before,
		       const char *after, bool normalize, bool strip, bool svg, bool html)
{
	struct diff_folded d = { .strip_hex = strip };
	struct fg_graph g = { 0 };
	const char *path[2] = { o->negate ? after : before, o->negate ? before : after };
	char unit[2] = { 0 };
	FILE *out = NULL;
	int ret;

	ret = fg_diff_side(fg, &d, 0, path[0], &unit[0]);
	if (!ret)
		ret = fg_diff_side(fg, &d, 1, path[1], &unit[1]);
	/*
	 * Blocked time (offcpu-time's nanoseconds) is drawn in microseconds,
	 * as one profile's graph is; the lines keep nanoseconds. Both sides
	 * must be in time then: the other's counts are not.
	 */
	if (!ret && svg && (unit[0] == 't' || unit[1] == 't')) {
		int other = unit[0] == 't';

		if (unit[other] == 'f')
			ret = error("--diff: %s is blocked time (offcpu-time), drawn in microseconds; "
				    "%s is folded text of its own unit: compare two perf.data files or two folded ones",
				    path[!other], path[other]);
		else if (unit[other] != 't')
			ret = error("--diff: %s is blocked time (offcpu-time), %s is not: "
				    "compare two recordings of one kind",
				    path[!other], path[other]);
		else
			diff_folded__round(&d, 1000);
		if (!ret && o->auto_countname)
			o->countname = "us";
	}
	if (!ret)
		ret = diff_folded__finish(&d, normalize);
	if (!ret && !(out = strcmp(fg->output, "-") ? fopen(fg->output, "w") : stdout))
		ret = error("cannot open %s: %s", fg->output, strerror(errno));
	if (!ret && svg) {
		for (size_t i = 0; i < d.nr; i++) {
			const struct diff_stack *v = &d.v[i];
			struct fg_line *l;

			graph_add_line(&g, v->stack, strlen(v->stack), pcount__double(&v->count[0]),
				       v->text);
			l = &g.lines[g.nr_lines - 1];
			l->count2 = pcount__double(&v->count[1]);
			l->delta = diff_stack__delta(v);
			l->diff = true;
		}
		ret = graph_draw(&g, o, html, out);
	} else if (!ret) {
		for (size_t i = 0; i < d.nr; i++)
			fprintf(out, "%s\n", d.v[i].text);
	}
	if (out && (out != stdout ? fclose(out) : fflush(out)) != 0)
		ret = error("cannot write %s: %s", fg->output, strerror(errno));
	graph_exit(&g);
	diff_folded__exit(&d);
	fg_exit(fg);
	return ret;
}

int cmd_flamegraph(int argc, const char **argv)
{
	struct flamegraph fg = { .count = "period" };
	struct stat st;
	struct fg_opts o = FG_OPTS_DEFAULT;
	const char *fontsize = "12", *folded_input = NULL;
	const char *comms = NULL, *dsos = NULL, *symbols = NULL;
	char *end;
	bool svg, html = false, diff = false, normalize = false, strip = false;
	const struct option options[] = {
		OPT_STRING('i', "input", &fg.input, "file", "input file name"),
		OPT_STRING('o', "output", &fg.output, "file",
			   "output file: .html (default flamegraph.html), .svg or .folded; - for standard output (SVG)"),
		OPT_BOOLEAN('f', "force", &fg.force, "don't complain, do it"),
		OPT_BOOLEAN(0, "folded", &fg.folded, "write folded stacks (stackcollapse-perf.pl's lines)"),
		OPT_STRING(0, "folded-input", &folded_input, "file",
			   "draw folded stacks (\"frame;frame;... count\" lines, or difffolded.pl's \"stack before after\") instead of perf.data"),
		OPT_STRING('e', "event", &fg.event, "event", "draw this event's samples"),
		OPT_STRING(0, "count", &fg.count, "period|samples",
			   "weigh stacks by sample period (default) or count samples"),
		OPT_STRING('c', "comms", &comms, "comm[,comm...]", "only samples of these comms"),
		OPT_STRING(0, "dsos", &dsos, "dso[,dso...]", "only samples in these DSOs"),
		OPT_STRING(0, "symbol", &symbols, "symbol[,symbol...]",
			   "only stacks through these functions"),
		OPT_STRING(0, "time", &fg.time_str, "str", "Time span of interest (start,stop)"),
		OPT_BOOLEAN(0, "combined", &fg.combined,
			    "record --off-cpu's file: on- and off-CPU time in one graph, the blocked stacks under [off-cpu]"),
		OPT_BOOLEAN(0, "diff", &diff,
			    "differential flame graph: --diff BEFORE AFTER (perf.data or folded files)"),
		OPT_BOOLEAN('n', "normalize", &normalize,
			    "--diff: scale BEFORE's counts to AFTER's total (difffolded.pl -n)"),
		OPT_BOOLEAN(0, "negate", &o.negate,
			    "--diff: draw BEFORE's stacks, red still for grown; --folded-input: swap the hues (flamegraph.pl --negate)"),
		OPT_BOOLEAN('s', "strip-hex", &strip,
			    "--diff: hex numbers (addresses) in frames all read 0x... (difffolded.pl -s)"),
		OPT_GROUP("stackcollapse-perf.pl's options"),
		OPT_CALLBACK_OPTARG(0, "pid", &fg, "pid[,pid...]",
				    "include PID with process names; --pid=LIST: only these pids",
				    fg_opt_pid, NULL),
		OPT_CALLBACK_OPTARG(0, "tid", &fg, "tid[,tid...]",
				    "include TID and PID with process names; --tid=LIST: only these tids",
				    fg_opt_pid, NULL),
		OPT_BOOLEAN(0, "kernel", &fg.kernel, "annotate kernel functions with a _[k]"),
		OPT_BOOLEAN(0, "jit", &fg.jit, "annotate jit functions with a _[j]"),
		OPT_BOOLEAN(0, "all", &fg.all, "all annotations (--kernel --jit)"),
		OPT_BOOLEAN(0, "addrs", &fg.addrs, "include raw addresses where symbols can't be found"),
		OPT_GROUP("flamegraph.pl's options"),
		OPT_STRING(0, "title", &o.title, "text", "change title text"),
		OPT_STRING(0, "subtitle", &o.subtitle, "text", "second level title"),
		OPT_STRING(0, "countname", &o.countname, "text", "count type label (default \"samples\")"),
		OPT_STRING(0, "nametype", &o.nametype, "text", "name type label (default \"Function:\")"),
		OPT_INTEGER(0, "width", &o.width, "width of image (default 1200)"),
		OPT_INTEGER(0, "height", &o.height, "height of each frame (default 16)"),
		OPT_STRING(0, "minwidth", &o.minwidth, "num",
			   "omit smaller functions: pixels, or N% of the total (default 0.1)"),
		OPT_STRING(0, "fonttype", &o.fonttype, "font", "font type (default \"Verdana\")"),
		OPT_STRING(0, "fontsize", &fontsize, "num", "font size (default 12)"),
		OPT_STRING(0, "colors", &o.colors, "palette",
			   "hot (default), mem, io, wakeup, chain, java, js, perl, red, green, blue, aqua, yellow, purple, orange"),
		OPT_BOOLEAN(0, "hash", &o.hash, "colors are keyed by function name hash"),
		OPT_BOOLEAN(0, "reverse", &o.reverse, "generate stack-reversed flame graph"),
		OPT_BOOLEAN(0, "inverted", &o.inverted, "icicle graph"),
		OPT_BOOLEAN(0, "flamechart", &o.flamechart, "produce a flame chart (stacks in input order, merged only when adjacent)"),
		OPT_STRING(0, "notes", &o.notes, "text", "add notes comment in SVG (for debugging)"),
		OPT_END()
	};

	o.colors = o.countname = NULL;	/* not given: chosen by the event drawn */
	argc = parse_options(argc, argv, options, flamegraph_usage, 0);
	o.auto_colors = !o.colors;
	o.auto_countname = !o.countname;
	if (!o.colors)
		o.colors = "hot";
	if (!o.countname)
		o.countname = "samples";
	if (diff && argc != 2)
		return error("--diff compares two profiles: prof flamegraph --diff BEFORE AFTER");
	if (!diff && (normalize || strip))
		return error("%s goes with --diff BEFORE AFTER", normalize ? "--normalize" : "--strip-hex");
	if (!diff && o.negate && !folded_input)
		return error("--negate goes with --diff BEFORE AFTER, or --folded-input of a differential");
	if (diff && (fg.input || folded_input))
		return error("--diff takes its two profiles as arguments, not %s",
			     fg.input ? "-i" : "--folded-input");
	if (argc && !diff && strspn(argv[0], "0123456789,") == strlen(argv[0]))
		usage_with_options_msg(flamegraph_usage, options,
				       "'%s': a list of pids or tids follows an '=': --pid=LIST, --tid=LIST",
				       argv[0]);
	if (argc && !diff)
		usage_with_options(flamegraph_usage, options);
	if (strcmp(fg.count, "period") && strcmp(fg.count, "samples"))
		return error("--count takes period or samples, not '%s'", fg.count);
	/* as report: a pipe on standard input is read without -i - */
	if (!fg.input || !*fg.input)
		fg.input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
	o.fontsize = strtod(fontsize, &end);
	if (*end || end == fontsize || !(o.fontsize > 0))
		return error("--fontsize takes a positive number, not '%s'", fontsize);
	if (o.width <= 20 || o.height <= 0)
		return error("--width must be over 20 and --height positive");
	{
		double m = strtod(o.minwidth, &end);

		if (end == o.minwidth || (*end && strcmp(end, "%")) || m < 0)
			return error("--minwidth takes pixels or N%%, not '%s'", o.minwidth);
	}
	{
		size_t k;

		for (k = 0; k < ARRAY_SIZE(palettes) && strcmp(palettes[k], o.colors); k++)
			;
		if (k == ARRAY_SIZE(palettes))
			return error("unknown --colors '%s'", o.colors);
	}
	if (strchr(o.notes, '<') || strchr(o.notes, '>'))
		return error("--notes can't contain < or >");
	if (fg.all)
		fg.kernel = fg.jit = true;
	if (!fg.output)
		fg.output = fg.folded ? "-" : "flamegraph.html";
	if (!strcmp(fg.output, "-"))
		svg = !fg.folded;
	else if (ends_with(fg.output, ".folded"))
		svg = false, fg.folded = true;
	else if (ends_with(fg.output, ".svg"))
		svg = true;
	else if (ends_with(fg.output, ".html") || ends_with(fg.output, ".htm"))
		svg = html = true;
	else
		return error("%s: the output is .html, .svg or .folded (or - with or without --folded)",
			     fg.output);
	if (svg && fg.folded)
		return error("--folded writes folded stacks, not %s", fg.output);
	if (html) {
		/* what flamegraph.pl's options shape only its SVG */
		const char *svg_only = o.hash ? "--hash" : strcmp(o.colors, "hot") ? "--colors" :
			o.width != 1200 ? "--width" : o.height != 16 ? "--height" :
			strcmp(o.minwidth, "0.1") ? "--minwidth" : strcmp(o.fonttype, "Verdana") ? "--fonttype" :
			o.fontsize != 12 ? "--fontsize" : strcmp(o.nametype, "Function:") ? "--nametype" :
			*o.notes ? "--notes" : NULL;

		if (svg_only)
			return error("%s shapes the SVG only: use -o NAME.svg", svg_only);
	}
	if (folded_input && !svg)
		return error("--folded-input is drawn (.html or .svg): it is folded already");
	if (folded_input && (comms || dsos || symbols || fg.time_str || fg.event ||
			     fg.filter.pids.nr || fg.filter.tids.nr))
		return error("-e, -c, --pid=, --tid=, --dsos, --symbol and --time filter samples"
			     " of perf.data, not --folded-input");
	name_list__parse(&fg.filter.comms, comms);
	name_list__parse(&fg.filter.dsos, dsos);
	name_list__parse(&fg.through, symbols);
	if (diff)
		return fg_run_diff(&fg, &o, argv[0], argv[1], normalize, strip, svg, html);
	return fg_run(&fg, &o, folded_input, svg, html);
}

/* A node of flamegraph.py's tree: name, libtype, value, children in order. */
struct py_node {
	const char *name;	/* into a fold's key */
	size_t len;
	char libtype;		/* 'r'oot, 'k'ernel, 'u'ser */
	u64 value;
	size_t *kids, nr_kids;
};

/* json.dumps' string: ASCII only, \uXXXX (surrogate pairs) for the rest. */
static void py_json_string(FILE *out, const char *s, size_t len)
{
	char *copy = xstrndup(s, len);
	u32 *cps = xmalloc((len + 1) * sizeof(*cps));
	size_t n = utf8_decode(copy, cps, len);

	fputc('"', out);
	for (size_t i = 0; i < n; i++) {
		u32 c = cps[i];

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", (int)c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c == '\r')
			fputs("\\r", out);
		else if (c == '\b')
			fputs("\\b", out);
		else if (c == '\f')
			fputs("\\f", out);
		else if (c < 0x20 || (c >= 0x7f && c < 0x10000))
			fprintf(out, "\\u%04x", c);
		else if (c >= 0x10000)
			fprintf(out, "\\u%04x\\u%04x", 0xd800 + ((c - 0x10000) >> 10),
				0xdc00 + ((c - 0x10000) & 0x3ff));
		else
			fputc((int)c, out);
	}
	fputc('"', out);
	free(cps);
	free(copy);
}

static void py_json_node(FILE *out, const struct py_node *nodes, size_t i)
{
	const struct py_node *n = &nodes[i];

	fputs("{\"n\": ", out);
	py_json_string(out, n->name, n->len);
	fprintf(out, ", \"l\": \"%s\", \"v\": %" PRIu64 ", \"c\": [",
		n->libtype == 'r' ? "root" : n->libtype == 'k' ? "kernel" : "", n->value);
	for (size_t k = 0; k < n->nr_kids; k++) {
		if (k)
			fputs(", ", out);
		py_json_node(out, nodes, n->kids[k]);
	}
	fputs("]}", out);
}

static int fold_seq_cmp(const void *a, const void *b)
{
	size_t x = ((const struct fold *)a)->seq, y = ((const struct fold *)b)->seq;

	return x < y ? -1 : x > y;
}

/*
 * flamegraph.py's stacks.json: the tree of the stacks, each node's
 * children in the order they first came, a stack's samples counted at
 * its last node.
 */
static void fg_write_py_json(struct flamegraph *fg, FILE *out)
{
	struct fold *v = xmalloc((fg->nr_folds + 1) * sizeof(*v));
	struct py_node *nodes = xcalloc(1, sizeof(*nodes));
	size_t n = 0, nr_nodes = 1, alloc_nodes = 1;

	nodes[0] = (struct py_node){ .name = "all", .len = 3, .libtype = 'r' };
	for (size_t i = 0; i < fg->alloc_folds; i++)
		if (fg->folds[i].key)
			v[n++] = fg->folds[i];
	qsort(v, n, sizeof(*v), fold_seq_cmp);
	for (size_t i = 0; i < n; i++) {
		size_t at = 0;

		for (const char *p = v[i].key, *e; ; p = e + 1) {
			size_t len, k;

			e = strchr(p, '\n');
			len = e ? (size_t)(e - p) : strlen(p);
			for (k = 0; k < nodes[at].nr_kids; k++) {
				struct py_node *c = &nodes[nodes[at].kids[k]];

				if (c->len == len - 1 && !memcmp(c->name, p + 1, len - 1))
					break;
			}
			if (k == nodes[at].nr_kids) {
				if (nr_nodes == alloc_nodes) {
					alloc_nodes *= 2;
					nodes = xrealloc(nodes, alloc_nodes * sizeof(*nodes));
				}
				nodes[nr_nodes] = (struct py_node){ .name = p + 1, .len = len - 1,
								    .libtype = p[0] };
				nodes[at].kids = xrealloc(nodes[at].kids,
							  (nodes[at].nr_kids + 1) * sizeof(size_t));
				nodes[at].kids[nodes[at].nr_kids++] = nr_nodes++;
			}
			at = nodes[at].kids[k];
			if (!e)
				break;
		}
		nodes[at].value += v[i].weight;
	}
	py_json_node(out, nodes, 0);
	for (size_t i = 0; i < nr_nodes; i++)
		free(nodes[i].kids);
	free(nodes);
	free(v);
}

int flamegraph__stackcollapse(const char *input, bool force, const struct fg_filters *f,
			      const struct fg_py_opts *py, FILE *out)
{
	struct flamegraph fg = { .input = input, .force = force, .count = "samples", .py = py,
				 .kernel = py->kernel, .time_str = f->time };
	int ret;

	fg_init(&fg);
	name_list__parse(&fg.filter.comms, f->comms);
	name_list__parse(&fg.filter.pids, f->pids);
	name_list__parse(&fg.filter.tids, f->tids);
	name_list__parse(&fg.filter.dsos, f->dsos);
	ret = fg_read(&fg);
	if (!ret && py->json)
		fg_write_py_json(&fg, out);
	else if (!ret)
		fg_write_folded(&fg, out);
	fg_exit(&fg);
	return ret;
}

int flamegraph__html(const char *input, bool force, const char *output)
{
	struct flamegraph fg = { .input = input, .force = force, .count = "period",
				 .output = output };
	struct fg_opts o = FG_OPTS_DEFAULT;

	return fg_run(&fg, &o, NULL, true, true);
}
