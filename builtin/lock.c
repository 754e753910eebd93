// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof lock: kernel lock contention, as perf 6.1's perf lock. "record" is
 * prof record with the lock tracepoints perf 6.1 enables (the lockdep
 * ones where the kernel has them, else lock:contention_begin/end with
 * 8-frame kernel call chains); "contention" reads such a file and prints,
 * per caller (or per thread with -t), how often a lock was contended and
 * how long the waits were; "report" the same per lock address, "info"
 * the threads or the lock addresses seen; "script" is prof script.
 *
 * The bookkeeping is perf's step by step, since the output depends on it:
 *   1. A contention_begin opens a wait of its thread on its lock address
 *      (a second begin before the end, a mutex spinning then sleeping,
 *      keeps the first); the matching contention_end closes it, adding
 *      the time between the two to the entry the end's own key names.
 *   2. The key: the lock address (report, info), the thread (-t), or the
 *      caller's stack (contention): the XOR of the 64-bit golden-ratio
 *      hashes of the chain's addresses after the first --stack-skip ones,
 *      addresses in the kernel's lock and scheduler text left out.
 *   3. An entry is named, once, at its first begin: the first frame after
 *      --stack-skip with a symbol outside that text, "sym+0xoff".
 *   4. The machine takes only COMM and MMAP records, as perf lock's tool:
 *      no FORK (threads keep ":tid" until a COMM names them) and no MMAP2
 *      (user frames have no symbol).
 *   5. Entries live in a 4096-bucket hash of their key (perf's
 *      hash_long), newest first in a bucket; the output order is the sort
 *      key, greatest first, ties in bucket order (perf's rb-tree inserts).
 * Everything is printed on standard error, as perf 6.1's pr_info does.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/thread.h"
#include "prof/symbol.h"
#include "prof/dso.h"
#include "prof/tracepoint.h"
#include "prof/trace-event.h"
#include "prof/resolved-sample.h"
#include "prof/dump.h"
#include "builtin.h"
#include <sys/stat.h>

#define LOCKHASH_BITS		12
#define LOCKHASH_SIZE		(1U << LOCKHASH_BITS)
#define GOLDEN_RATIO_64		0x61C8864680B583EBull
#define CONTENTION_STACK_DEPTH	8
#define CONTENTION_STACK_SKIP	3
#define EXIT_EINVAL		(256 - EINVAL)	/* perf's exit for its -EINVAL */

/* lock:contention_begin flags (include/trace/events/lock.h) */
#define LCB_F_SPIN	(1U << 0)
#define LCB_F_READ	(1U << 1)
#define LCB_F_WRITE	(1U << 2)
#define LCB_F_RT	(1U << 3)
#define LCB_F_PERCPU	(1U << 4)
#define LCB_F_MUTEX	(1U << 5)

enum aggr_mode { AGGR_ADDR, AGGR_TASK, AGGR_CALLER };
enum seq_state { SEQ_UNINITIALIZED, SEQ_CONTENDED, SEQ_ACQUIRED };
enum broken_state { BROKEN_ACQUIRE, BROKEN_ACQUIRED, BROKEN_CONTENDED, BROKEN_RELEASE, BROKEN_MAX };

struct lock_stat {
	struct lock_stat *hnext;	/* bucket chain, newest first */
	u64 addr;			/* the key: address, tid or stack hash */
	char *name;
	u64 *callstack;			/* -v: the first sample's chain, 0-ended */
	pid_t pid;			/* whose maps name the call stack */
	unsigned int nr_acquired, nr_contended;
	u64 avg_wait_time, wait_time_total, wait_time_min, wait_time_max;
	unsigned int flags;
	bool broken, combined;
	size_t order;			/* position in bucket order */
};

struct lock_seq {
	struct lock_seq *next;
	u64 addr;
	enum seq_state state;
	u64 prev_event_time;
};

struct thread_stat {
	struct thread_stat *hnext;
	u32 tid;
	struct lock_seq *seqs;		/* newest first */
};

struct lock_key {
	const char *name, *header;
	int len;
	bool time;			/* printed as a time */
	size_t off;			/* of the u64 / unsigned int member */
	bool listed;
};

struct lock_opts {
	const char *input;
	bool force, dump, quiet;
	const char *vmlinux, *kallsyms;
	/* report and contention */
	const char *sort_key, *fields;
	bool threads, combine;
	int entries, max_stack, stack_skip;
	/* info */
	bool info_threads, info_map;
};

struct lock_ctx {
	const struct lock_opts *o;
	bool contention;		/* contention's keys and layout */
	enum aggr_mode aggr;
	struct lock_stat *hash[LOCKHASH_SIZE];
	struct thread_stat *threads[LOCKHASH_SIZE];
	size_t nr_threads;
	int bad_hist[BROKEN_MAX];
	struct session *session;
	struct machine *machine;
	struct sample_resolver *resolver;
	struct session_evsel *begin, *end;
	/* the kernel's lock and scheduler text, perf's is_lock_function */
	int text_known;			/* 0 not looked up, 1 known, -1 unknown */
	u64 sched_start, sched_end, lock_start, lock_end;
	struct lock_key *keys;		/* report's or contention's table */
	struct lock_key *order[8];	/* the printed fields */
	int nr_order;
	struct lock_key *sort;
};

static const char *const lock_usage[] = {
	"prof lock [<options>] {record|report|script|info|contention}",
	NULL
};
static const char *const report_usage[] = { "prof lock report [<options>]", NULL };
static const char *const contention_usage[] = { "prof lock contention [<options>]", NULL };
static const char *const info_usage[] = { "prof lock info [<options>]", NULL };

#define KEY(n, h, member, l, t) \
	{ .name = n, .header = h, .len = l, .time = t, .off = offsetof(struct lock_stat, member) }

static struct lock_key report_keys[] = {
	KEY("acquired", "acquired", nr_acquired, 10, false),
	KEY("contended", "contended", nr_contended, 10, false),
	KEY("avg_wait", "avg wait", avg_wait_time, 12, true),
	KEY("wait_total", "total wait", wait_time_total, 12, true),
	KEY("wait_max", "max wait", wait_time_max, 12, true),
	KEY("wait_min", "min wait", wait_time_min, 12, true),
	{ .name = NULL }
};

static struct lock_key contention_keys[] = {
	KEY("contended", "contended", nr_contended, 10, false),
	KEY("wait_total", "total wait", wait_time_total, 12, true),
	KEY("wait_max", "max wait", wait_time_max, 12, true),
	KEY("wait_min", "min wait", wait_time_min, 12, true),
	KEY("avg_wait", "avg wait", avg_wait_time, 12, true),
	{ .name = NULL }
};

/* The key's value of @ls; a minimum never set counts as 0. */
static u64 key_value(const struct lock_key *k, const struct lock_stat *ls)
{
	const char *p = (const char *)ls + k->off;
	u64 v;

	if (!k->time)
		return *(const unsigned int *)(const void *)p;
	memcpy(&v, p, sizeof(v));
	if (v == ULLONG_MAX)	/* wait_time_min */
		v = 0;
	return v;
}

/* perf's hash_long on 64 bits: a u32, so hash_bits(v, 64) is the low half */
static inline u32 hash_bits(u64 v, unsigned int bits)
{
	return (u32)(v * GOLDEN_RATIO_64 >> (64 - bits));
}

/* ---- the output fields and the sort key ---- */

static void key_list(struct lock_ctx *c, struct lock_key *k)
{
	if (k->listed || c->nr_order >= (int)ARRAY_SIZE(c->order))
		return;
	k->listed = true;
	c->order[c->nr_order++] = k;
}

/* perf's setup_output_field then select_key; -1 after saying why */
static int lock_setup_keys(struct lock_ctx *c, const char *fields, const char *sort)
{
	struct lock_key *k;

	c->keys = c->contention ? contention_keys : report_keys;
	for (k = c->keys; k->name; k++)
		k->listed = false;
	if (!fields) {
		for (k = c->keys; k->name; k++)
			key_list(c, k);
	} else {
		char *copy = xstrdup(fields), *tmp = copy, *tok;

		while ((tok = strsep(&tmp, ","))) {
			for (k = c->keys; k->name && strcmp(k->name, tok); k++)
				;
			if (!k->name) {
				fprintf(stderr, "Unknown output field: %s\n", tok);
				free(copy);
				return -1;
			}
			key_list(c, k);
		}
		free(copy);
	}
	for (k = c->keys; k->name && strcmp(k->name, sort); k++)
		;
	if (!k->name) {
		fprintf(stderr, "Unknown compare key: %s\n", sort);
		return -1;
	}
	c->sort = k;
	key_list(c, k);		/* the sort key is always shown */
	return 0;
}

/* ---- entries and threads ---- */

static struct lock_stat *lock_stat_find(struct lock_ctx *c, u64 key)
{
	struct lock_stat *ls;

	for (ls = c->hash[hash_bits(key, LOCKHASH_BITS)]; ls; ls = ls->hnext)
		if (ls->addr == key)
			return ls;
	return NULL;
}

static struct lock_stat *lock_stat_new(struct lock_ctx *c, u64 key, const char *name,
				       unsigned int flags)
{
	struct lock_stat **head = &c->hash[hash_bits(key, LOCKHASH_BITS)];
	struct lock_stat *ls = xcalloc(1, sizeof(*ls));

	ls->addr = key;
	ls->name = xstrdup(name);
	ls->flags = flags;
	ls->wait_time_min = ULLONG_MAX;
	ls->hnext = *head;
	*head = ls;
	return ls;
}

static struct thread_stat *thread_stat_find(struct lock_ctx *c, u32 tid, bool create)
{
	struct thread_stat **head = &c->threads[hash_bits(tid, LOCKHASH_BITS)], *ts;

	for (ts = *head; ts; ts = ts->hnext)
		if (ts->tid == tid)
			return ts;
	if (!create)
		return NULL;
	ts = xcalloc(1, sizeof(*ts));
	ts->tid = tid;
	ts->hnext = *head;
	*head = ts;
	c->nr_threads++;
	return ts;
}

static struct lock_seq *get_seq(struct thread_stat *ts, u64 addr)
{
	struct lock_seq *seq;

	for (seq = ts->seqs; seq; seq = seq->next)
		if (seq->addr == addr)
			return seq;
	seq = xcalloc(1, sizeof(*seq));
	seq->addr = addr;
	seq->next = ts->seqs;
	ts->seqs = seq;
	return seq;
}

static void seq_drop(struct thread_stat *ts, struct lock_seq *seq)
{
	struct lock_seq **pp;

	for (pp = &ts->seqs; *pp; pp = &(*pp)->next) {
		if (*pp == seq) {
			*pp = seq->next;
			free(seq);
			return;
		}
	}
}

/* ---- call stacks ---- */

/* The address of kernel symbol @name: the kernel's table, else its kallsyms alias. */
static bool kernel_symbol_addr(struct lock_ctx *c, const char *name, u64 *addr)
{
	struct machine *m = c->machine;
	struct symbol *sym = symbols__find_by_name(&m->kernel_dso->symbols, name);

	if (sym) {
		*addr = map__unmap_ip(m->kernel_map, sym->start);
		return true;
	}
	/* perf lock keeps every alias; the table keeps one name an address */
	return dso__kallsyms_alias(m->kernel_dso, name, addr) == 0;
}

/* perf's is_lock_function: @ip in the kernel's scheduler or lock text */
static bool is_lock_function(struct lock_ctx *c, u64 ip)
{
	struct machine *m = c->machine;

	if (!c->text_known) {
		c->text_known = -1;
		if (m->kernel_dso && m->kernel_map) {
			if (!m->kernel_dso->loaded)
				dso__load(m->kernel_dso, m->kernel_map);
			if (kernel_symbol_addr(c, "__sched_text_start", &c->sched_start) &&
			    kernel_symbol_addr(c, "__sched_text_end", &c->sched_end) &&
			    kernel_symbol_addr(c, "__lock_text_start", &c->lock_start) &&
			    kernel_symbol_addr(c, "__lock_text_end", &c->lock_end))
				c->text_known = 1;
		}
	}
	if (c->text_known < 0)
		return false;
	return (c->sched_start <= ip && ip < c->sched_end) ||
	       (c->lock_start <= ip && ip < c->lock_end);
}

/* The sample's frames (perf's thread__resolve_callchain, --max-stack of them). */
static int lock_frames(struct lock_ctx *c, const struct perf_sample *s, struct resolved_sample *rs)
{
	resolved_sample__resolve(c->resolver, s, rs);
	return resolved_sample__chain(c->resolver, s, rs, NULL);
}

static void frame_name(const struct symbol *sym, u64 rel, char *buf, size_t size)
{
	u64 off = rel - sym->start;

	if (off)
		snprintf(buf, size, "%s+%#" PRIx64, sym->name, off);
	else
		snprintf(buf, size, "%s", sym->name);
}

/* perf's lock_contention_caller: 0 and @buf, or -1 (no such frame, or -t) */
static int lock_caller(struct lock_ctx *c, const struct perf_sample *s, char *buf, size_t size)
{
	struct resolved_sample rs;
	int nr, ret = -1;

	if (c->o->threads)
		return -1;
	nr = lock_frames(c, s, &rs);
	for (int i = c->o->stack_skip > 0 ? c->o->stack_skip : 0; i < nr; i++) {
		const struct symbol *sym = rs.frames[i].sym;

		if (sym && !is_lock_function(c, rs.frames[i].ip)) {
			frame_name(sym, rs.addrs[i], buf, size);
			ret = 0;
			break;
		}
	}
	resolved_sample__exit(&rs);
	return ret;
}

/* perf's callchain_id */
static u64 callchain_id(struct lock_ctx *c, const struct perf_sample *s)
{
	struct resolved_sample rs;
	u64 hash = 0;
	int nr = lock_frames(c, s, &rs);

	for (int i = c->o->stack_skip > 0 ? c->o->stack_skip : 0; i < nr; i++) {
		if (rs.frames[i].sym && is_lock_function(c, rs.frames[i].ip))
			continue;
		hash ^= hash_bits(rs.frames[i].ip, 64);
	}
	resolved_sample__exit(&rs);
	return hash;
}

/* perf's get_callstack: the recorded addresses, context markers left out */
static u64 *get_callstack(const struct perf_sample *s, int max_stack)
{
	u64 *stack = xcalloc(max_stack > 0 ? (size_t)max_stack : 1, sizeof(*stack));
	int n = 0;

	for (u64 i = 0; i < s->callchain_nr && n < max_stack; i++)
		if (s->callchain[i] < PROF_CONTEXT_MAX)
			stack[n++] = s->callchain[i];
	return stack;
}

static u64 lock_key_of(struct lock_ctx *c, u64 addr, const struct perf_sample *s)
{
	switch (c->aggr) {
	case AGGR_CALLER:
		return callchain_id(c, s);
	case AGGR_TASK:
		return s->tid;
	case AGGR_ADDR:
		break;
	}
	return addr;
}

/* ---- the tracepoints ---- */

static int contention_begin(struct lock_ctx *c, const struct perf_sample *s)
{
	struct tep_event *fmt = c->begin->tp_format;
	u64 addr = 0, flags = 0, key;
	struct lock_stat *ls;
	struct thread_stat *ts;
	struct lock_seq *seq;

	trace_event__field_u64(fmt, s->raw_data, s->raw_size, "lock_addr", &addr);
	key = lock_key_of(c, addr, s);
	ls = lock_stat_find(c, key);
	if (!ls) {
		char buf[128];
		const char *caller = buf;

		trace_event__field_u64(fmt, s->raw_data, s->raw_size, "flags", &flags);
		if (lock_caller(c, s, buf, sizeof(buf)) < 0)
			caller = "Unknown";
		ls = lock_stat_new(c, key, caller, (unsigned int)flags);
		if (c->aggr == AGGR_CALLER && verbose) {
			ls->callstack = get_callstack(s, c->o->max_stack);
			ls->pid = (pid_t)s->pid;
		}
	}
	ts = thread_stat_find(c, s->tid, true);
	seq = get_seq(ts, addr);
	if (seq->state == SEQ_CONTENDED)	/* nested: the first begin counts */
		return 0;
	seq->state = SEQ_CONTENDED;
	seq->prev_event_time = s->time;
	ls->nr_contended++;
	return 0;
}

static int contention_end(struct lock_ctx *c, const struct perf_sample *s)
{
	u64 addr = 0, key, term;
	struct lock_stat *ls;
	struct thread_stat *ts;
	struct lock_seq *seq;

	trace_event__field_u64(c->end->tp_format, s->raw_data, s->raw_size, "lock_addr", &addr);
	key = lock_key_of(c, addr, s);
	ls = lock_stat_find(c, key);
	if (!ls)
		return 0;
	ts = thread_stat_find(c, s->tid, false);
	if (!ts)
		return 0;
	seq = get_seq(ts, addr);
	switch (seq->state) {
	case SEQ_UNINITIALIZED:
		return 0;
	case SEQ_CONTENDED:
		term = s->time - seq->prev_event_time;
		ls->wait_time_total += term;
		if (term < ls->wait_time_min)
			ls->wait_time_min = term;
		if (ls->wait_time_max < term)
			ls->wait_time_max = term;
		break;
	case SEQ_ACQUIRED:
		if (!ls->broken) {
			ls->broken = true;
			c->bad_hist[BROKEN_ACQUIRED]++;
		}
		seq_drop(ts, seq);
		return 0;
	}
	seq->state = SEQ_ACQUIRED;
	ls->nr_acquired++;
	ls->avg_wait_time = ls->wait_time_total / ls->nr_acquired;
	return 0;
}

static int lock_on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct lock_ctx *c = session__tool_priv(s);
	struct session_evsel *e = session__evsel_by_id(s, sample->id);

	(void)ev;
	/* perf lock's process_sample_event makes the sample's thread first */
	machine__findnew_thread(c->machine, (pid_t)sample->pid, (pid_t)sample->tid);
	if (!e || !sample->raw_data)
		return 0;
	if (e == c->begin)
		return contention_begin(c, sample);
	if (e == c->end)
		return contention_end(c, sample);
	return 0;
}

/* perf lock's tool takes COMM and MMAP (not MMAP2, FORK or EXIT) records */
static int lock_on_machine_event(struct session *s, union perf_event *ev,
				 struct perf_sample *sample)
{
	struct lock_ctx *c = session__tool_priv(s);

	(void)sample;
	return machine__process_event(c->machine, ev);
}

/* ---- reading the file ---- */

static const char *const lockdep_tps[] = {
	"lock:lock_acquire", "lock:lock_acquired", "lock:lock_contended", "lock:lock_release",
};

/*
 * Open the input and find the lock events; 0, or the exit status after
 * saying why (perf's: 255 when the file cannot be read, 234 for a file
 * without them).
 */
static int lock_open(struct lock_ctx *c)
{
	const struct lock_opts *o = c->o;
	struct resolve_param rp = { .max_stack = o->max_stack };
	char *errmsg = NULL;
	bool traces = false;
	int ret;

	ret = session__open_input(&c->session, o->input, o->force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, o->input, errmsg);
		free(errmsg);
		return PROF_EXIT_FAILURE;
	}
	for (int i = 0; i < session__nr_evsels(c->session); i++) {
		struct session_evsel *e = session__evsel(c->session, i);

		if (e->attr.type == PERF_TYPE_TRACEPOINT && (e->attr.sample_type & PERF_SAMPLE_RAW))
			traces = true;
		if (!e->tp_name || !e->tp_format)
			continue;
		if (!strcmp(e->tp_name, "lock:contention_begin") && !c->begin)
			c->begin = e;
		else if (!strcmp(e->tp_name, "lock:contention_end") && !c->end)
			c->end = e;
		/* contention reads only its own two; report and info all six */
		for (size_t j = 0; j < ARRAY_SIZE(lockdep_tps); j++) {
			if (!c->contention && !strcmp(e->tp_name, lockdep_tps[j])) {
				error("prof lock: the lockdep events (%s) are not supported yet; "
				      "lock:contention_begin/end are", e->tp_name);
				return EXIT_EINVAL;
			}
		}
	}
	if (!traces) {
		fputs("No trace sample to read. Did you call 'perf lock record'?\n", stderr);
		return EXIT_EINVAL;
	}
	if (c->contention && !c->begin) {
		fputs("lock contention evsel not found\n", stderr);
		return EXIT_EINVAL;
	}
	if (rp.max_stack > RESOLVE_MAX_FRAMES)
		rp.max_stack = RESOLVE_MAX_FRAMES;
	if (rp.max_stack < 0)
		rp.max_stack = 0;
	symbol_conf.vmlinux_name = o->vmlinux;
	symbol_conf.kallsyms_name = o->kallsyms;
	c->machine = machine__new_host();
	machine__process_header(c->machine, session__header(c->session));
	c->resolver = sample_resolver__new(c->machine, &rp);
	return 0;
}

/* -D: each record as perf lock's tool dumps it, before the tool takes it */
static int lock_on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
			u64 offset)
{
	dump__event(s, ev, sample, offset, DUMP_LOCK, stdout);
	return 0;
}

static int lock_process(struct lock_ctx *c)
{
	struct tool tool = {
		.sample = lock_on_sample,
		.comm = lock_on_machine_event, .mmap = lock_on_machine_event,
		.ordered_events = true, .priv = c,
	};
	int ret;

	if (c->o->dump)
		tool.dump = lock_on_dump;
	ret = session__process_events(c->session, &tool);

	if (ret < 0) {
		const char *msg = session__strerror(c->session);

		if (*msg)
			error("%s", msg);
		return -1;
	}
	return 0;
}

static void lock_ctx__exit(struct lock_ctx *c)
{
	for (size_t i = 0; i < LOCKHASH_SIZE; i++) {
		while (c->hash[i]) {
			struct lock_stat *ls = c->hash[i];

			c->hash[i] = ls->hnext;
			free(ls->name);
			free(ls->callstack);
			free(ls);
		}
		while (c->threads[i]) {
			struct thread_stat *ts = c->threads[i];

			c->threads[i] = ts->hnext;
			while (ts->seqs) {
				struct lock_seq *seq = ts->seqs;

				ts->seqs = seq->next;
				free(seq);
			}
			free(ts);
		}
	}
	sample_resolver__delete(c->resolver);
	machine__delete(c->machine);
	session__delete(c->session);
}

/* ---- sorting ---- */

/* Every entry in perf's hash-table walk order; *nr set. */
static struct lock_stat **lock_stats(struct lock_ctx *c, size_t *nr)
{
	size_t n = 0, alloc = 64;
	struct lock_stat **v = xcalloc(alloc, sizeof(*v));

	for (size_t i = 0; i < LOCKHASH_SIZE; i++) {
		for (struct lock_stat *ls = c->hash[i]; ls; ls = ls->hnext) {
			if (n == alloc) {
				alloc *= 2;
				v = xrealloc(v, alloc * sizeof(*v));
			}
			ls->order = n;
			v[n++] = ls;
		}
	}
	*nr = n;
	return v;
}

static const struct lock_key *sort_key;

/* greatest first; ties in walk order (perf's rb-tree inserts to the right) */
static int lock_cmp(const void *pa, const void *pb)
{
	const struct lock_stat *a = *(const struct lock_stat *const *)pa;
	const struct lock_stat *b = *(const struct lock_stat *const *)pb;
	u64 va = key_value(sort_key, a), vb = key_value(sort_key, b);

	if (va != vb)
		return va > vb ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

static int name_cmp(const void *pa, const void *pb)
{
	const struct lock_stat *a = *(const struct lock_stat *const *)pa;
	const struct lock_stat *b = *(const struct lock_stat *const *)pb;
	int r = strcmp(a->name, b->name);

	if (r)
		return r;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* perf's combine_lock_stats: the first of a name (walk order) takes the others */
static void combine_result(struct lock_stat **v, size_t nr)
{
	struct lock_stat **byname = xcalloc(nr ? nr : 1, sizeof(*byname));

	memcpy(byname, v, nr * sizeof(*v));
	qsort(byname, nr, sizeof(*byname), name_cmp);
	for (size_t i = 0, first = 0; i < nr; i++) {
		struct lock_stat *p = byname[first], *st = byname[i];

		if (strcmp(p->name, st->name)) {
			first = i;
			continue;
		}
		if (i == first)
			continue;
		p->nr_acquired += st->nr_acquired;
		p->nr_contended += st->nr_contended;
		p->wait_time_total += st->wait_time_total;
		if (p->nr_contended)
			p->avg_wait_time = p->wait_time_total / p->nr_contended;
		if (p->wait_time_min > st->wait_time_min)
			p->wait_time_min = st->wait_time_min;
		if (p->wait_time_max < st->wait_time_max)
			p->wait_time_max = st->wait_time_max;
		p->broken |= st->broken;
		st->combined = true;
	}
	free(byname);
}

/* The entries to print, sorted; *nr set. */
static struct lock_stat **sort_result(struct lock_ctx *c, size_t *nr)
{
	struct lock_stat **v = lock_stats(c, nr);
	size_t out = 0;

	if (c->o->combine && !c->contention) {
		combine_result(v, *nr);
		for (size_t i = 0; i < *nr; i++)
			if (!v[i]->combined)
				v[out++] = v[i];
		*nr = out;
	}
	sort_key = c->sort;
	qsort(v, *nr, sizeof(*v), lock_cmp);
	return v;
}

/* ---- printing (standard error, as perf's pr_info) ---- */

/* perf's lock_stat_key_print_time, its float arithmetic included */
static void print_time(u64 nsec, int len)
{
	static const struct {
		float base;
		const char *unit;
	} table[] = {
		{ 1e9f * 3600, "h " }, { 1e9f * 60, "m " }, { 1e9f, "s " },
		{ 1e6f, "ms" }, { 1e3f, "us" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(table); i++) {
		float f = (float)nsec;

		if (f < table[i].base)
			continue;
		fprintf(stderr, "%*.2f %s", len - 3, (double)(f / table[i].base), table[i].unit);
		return;
	}
	fprintf(stderr, "%*" PRIu64 " %s", len - 3, nsec, "ns");
}

static void print_fields(const struct lock_ctx *c, const struct lock_stat *ls)
{
	for (int i = 0; i < c->nr_order; i++) {
		const struct lock_key *k = c->order[i];

		if (k->time)
			print_time(key_value(k, ls), k->len);
		else
			fprintf(stderr, "%*" PRIu64, k->len, key_value(k, ls));
		fputc(' ', stderr);
	}
}

static void print_bad_events(const struct lock_ctx *c, int bad, int total)
{
	static const char *const name[BROKEN_MAX] = { "acquire", "acquired", "contended", "release" };
	int broken = 0;

	for (int i = 0; i < BROKEN_MAX; i++)
		broken += c->bad_hist[i];
	if (c->o->quiet || (broken == 0 && !verbose))
		return;
	fprintf(stderr, "\n=== output for debug===\n\n");
	fprintf(stderr, "bad: %d, total: %d\n", bad, total);
	fprintf(stderr, "bad rate: %.2f %%\n", (double)bad / (double)total * 100);
	fprintf(stderr, "histogram of events caused bad sequence\n");
	for (int i = 0; i < BROKEN_MAX; i++)
		fprintf(stderr, " %10s: %d\n", name[i], c->bad_hist[i]);
}

static const char *thread_comm(struct lock_ctx *c, u64 tid)
{
	return thread__comm_str(machine__findnew_thread(c->machine, -1, (pid_t)tid));
}

static void print_report(struct lock_ctx *c)
{
	size_t nr;
	struct lock_stat **v = sort_result(c, &nr);
	int bad = 0, total = 0, printed = 0;

	if (!c->o->quiet) {
		fprintf(stderr, "%20s ", "Name");
		for (int i = 0; i < c->nr_order; i++)
			fprintf(stderr, "%*s ", c->order[i]->len, c->order[i]->header);
		fprintf(stderr, "\n\n");
	}
	for (size_t i = 0; i < nr; i++) {
		struct lock_stat *st = v[i];

		total++;
		if (st->broken)
			bad++;
		if (!st->nr_acquired)
			continue;
		if (strlen(st->name) < 20) {
			fprintf(stderr, "%20s ", c->o->threads ? thread_comm(c, st->addr) : st->name);
		} else {
			char cut[20];

			memcpy(cut, st->name, 16);
			memcpy(cut + 16, "...", 4);
			fprintf(stderr, "%20s ", cut);
		}
		print_fields(c, st);
		fputc('\n', stderr);
		if (++printed >= c->o->entries)
			break;
	}
	free(v);
	print_bad_events(c, bad, total);
}

static const char *lock_type_str(unsigned int flags)
{
	static const struct {
		unsigned int flags;
		const char *name;
	} table[] = {
		{ 0, "semaphore" },
		{ LCB_F_SPIN, "spinlock" },
		{ LCB_F_SPIN | LCB_F_READ, "rwlock:R" },
		{ LCB_F_SPIN | LCB_F_WRITE, "rwlock:W" },
		{ LCB_F_READ, "rwsem:R" },
		{ LCB_F_WRITE, "rwsem:W" },
		{ LCB_F_RT, "rtmutex" },
		{ LCB_F_RT | LCB_F_READ, "rwlock-rt:R" },
		{ LCB_F_RT | LCB_F_WRITE, "rwlock-rt:W" },
		{ LCB_F_PERCPU | LCB_F_READ, "pcpu-sem:R" },
		{ LCB_F_PERCPU | LCB_F_WRITE, "pcpu-sem:W" },
		{ LCB_F_MUTEX, "mutex" },
		{ LCB_F_MUTEX | LCB_F_SPIN, "mutex" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(table); i++)
		if (table[i].flags == flags)
			return table[i].name;
	return "unknown";
}

/* -v: the entry's first call stack, kernel addresses named */
static void print_callstack(struct lock_ctx *c, const struct lock_stat *st)
{
	for (int i = 0; st->callstack && i < c->o->max_stack && st->callstack[i]; i++) {
		u64 ip = st->callstack[i];
		struct addr_location al;
		char buf[128] = "";

		machine__resolve(c->machine, PROF_CPUMODE_KERNEL, st->pid, st->pid, ip, &al);
		if (al.map && al.sym)
			frame_name(al.sym, al.addr, buf, sizeof(buf));
		addr_location__exit(&al);
		fprintf(stderr, "\t\t\t%#" PRIx64 "  %s\n", ip, buf);
	}
}

static void print_contention(struct lock_ctx *c)
{
	size_t nr;
	struct lock_stat **v = sort_result(c, &nr);
	int bad = 0, total = 0, printed = 0;

	if (!c->o->quiet) {
		for (int i = 0; i < c->nr_order; i++)
			fprintf(stderr, "%*s ", c->order[i]->len, c->order[i]->header);
		fprintf(stderr, "  %10s   %s\n\n", c->o->threads ? "pid" : "type",
			c->o->threads ? "comm" : "caller");
	}
	for (size_t i = 0; i < nr; i++) {
		struct lock_stat *st = v[i];

		total++;
		if (st->broken)
			bad++;
		print_fields(c, st);
		if (c->o->threads) {
			fprintf(stderr, "  %10d   %s\n", (int)st->addr, thread_comm(c, st->addr));
		} else {
			fprintf(stderr, "  %10s   %s\n", lock_type_str(st->flags), st->name);
			if (verbose)
				print_callstack(c, st);
		}
		if (++printed >= c->o->entries)
			break;
	}
	free(v);
	print_bad_events(c, bad, total);
}

static int tid_cmp(const void *pa, const void *pb)
{
	u32 a = *(const u32 *)pa, b = *(const u32 *)pb;

	return a < b ? -1 : a > b;
}

static int map_cmp(const void *pa, const void *pb)
{
	const struct lock_stat *a = *(const struct lock_stat *const *)pa;
	const struct lock_stat *b = *(const struct lock_stat *const *)pb;
	int r = strcmp(a->name, b->name);

	if (r)
		return r;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* perf's dump_info: -t the threads by tid, -m the lock addresses by name */
static int print_info(struct lock_ctx *c)
{
	if (c->o->info_threads) {
		u32 *tids = xcalloc(c->nr_threads + 1, sizeof(*tids));
		size_t n = 0;

		for (size_t i = 0; i < LOCKHASH_SIZE; i++)
			for (struct thread_stat *ts = c->threads[i]; ts; ts = ts->hnext)
				tids[n++] = ts->tid;
		qsort(tids, n, sizeof(*tids), tid_cmp);
		fprintf(stderr, "%10s: comm\n", "Thread ID");
		for (size_t i = 0; i < n; i++)
			fprintf(stderr, "%10d: %s\n", (int)tids[i], thread_comm(c, tids[i]));
		free(tids);
		return 0;
	}
	if (c->o->info_map) {
		size_t nr;
		struct lock_stat **v = lock_stats(c, &nr);

		qsort(v, nr, sizeof(*v), map_cmp);
		fprintf(stderr, "Address of instance: name of class\n");
		for (size_t i = 0; i < nr; i++)
			fprintf(stderr, " %#" PRIx64 ": %s\n", v[i]->addr, v[i]->name);
		free(v);
		return 0;
	}
	fprintf(stderr, "Unknown type of information\n");
	return PROF_EXIT_FAILURE;
}

/* ---- the subcommands ---- */

enum lock_view { VIEW_REPORT, VIEW_CONTENTION, VIEW_INFO };

static int lock_run(struct lock_opts *o, enum lock_view view)
{
	struct lock_ctx *c = xcalloc(1, sizeof(*c));
	int ret;

	c->o = o;
	c->contention = view == VIEW_CONTENTION;
	if (!o->input) {
		struct stat st;

		o->input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
	}
	ret = lock_open(c);
	if (ret)
		goto out;
	/* info takes report's fields and key, which it does not print */
	if (lock_setup_keys(c, view == VIEW_INFO ? NULL : o->fields,
			    view == VIEW_INFO ? "acquired" : o->sort_key) < 0) {
		ret = EXIT_EINVAL;
		goto out;
	}
	if (o->threads && view != VIEW_INFO)
		c->aggr = AGGR_TASK;
	else if (view == VIEW_CONTENTION)
		c->aggr = AGGR_CALLER;
	else
		c->aggr = AGGR_ADDR;
	if (lock_process(c) < 0) {
		ret = PROF_EXIT_FAILURE;
		goto out;
	}
	if (view == VIEW_INFO)
		ret = print_info(c);
	else if (view == VIEW_CONTENTION)
		print_contention(c);
	else
		print_report(c);
out:
	lock_ctx__exit(c);
	free(c);
	return ret;
}

/*
 * perf 6.1's perf lock record: prof record -R -m 1024 -c 1 --synth task
 * with the lockdep tracepoints when the kernel has all four, else with
 * lock:contention_begin/end and 8-frame frame-pointer call chains; then
 * the user's own arguments.
 */
static int lock_record(int argc, const char **argv)
{
	static const char *const fixed[] = {
		"record", "-R", "-m", "1024", "-c", "1", "--synth", "task",
	};
	static const char *const contention[] = {
		"-e", "lock:contention_begin", "-e", "lock:contention_end",
		"--call-graph", "fp,8",
	};
	const char **rec_argv = xcalloc(ARRAY_SIZE(fixed) + 8 + ARRAY_SIZE(contention) + (size_t)argc + 1,
					sizeof(*rec_argv));
	bool lockdep = true;
	int n = 0, ret;

	for (size_t i = 0; i < ARRAY_SIZE(lockdep_tps); i++)
		if (!tracepoint__exists("lock", lockdep_tps[i] + 5))
			lockdep = false;
	if (!lockdep) {
		if (!tracepoint__exists("lock", "contention_begin") ||
		    !tracepoint__exists("lock", "contention_end")) {
			fprintf(stderr, "tracepoint %s is not enabled.\n",
				tracepoint__exists("lock", "contention_begin") ?
				"lock:contention_end" : "lock:contention_begin");
			free(rec_argv);
			return 1;
		}
	}
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		rec_argv[n++] = fixed[i];
	if (lockdep) {
		for (size_t i = 0; i < ARRAY_SIZE(lockdep_tps); i++) {
			rec_argv[n++] = "-e";
			rec_argv[n++] = lockdep_tps[i];
		}
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(contention); i++)
			rec_argv[n++] = contention[i];
	}
	for (int i = 1; i < argc; i++)
		rec_argv[n++] = argv[i];
	rec_argv[n] = NULL;
	ret = cmd_record(n, rec_argv);
	free(rec_argv);
	return ret;
}

/* -b: perf 6.1 without BUILD_BPF_SKEL=1, which is what prof is */
#define BPF_REASON "no BUILD_BPF_SKEL=1"

/* perf's parent options, taken after a subcommand too (not listed there) */
#define LOCK_PARENT_OPTIONS(o, fl)							\
	{ .type = OPTION_STRING, .short_name = 'i', .long_name = "input",		\
	  .value = &(o)->input, .argh = "file", .help = "input file name",		\
	  .flags = (fl) },								\
	{ .type = OPTION_INCR, .short_name = 'v', .long_name = "verbose",		\
	  .value = &verbose, .help = "be more verbose (show symbol address, etc)",	\
	  .flags = (fl) },								\
	{ .type = OPTION_BOOLEAN, .short_name = 'D', .long_name = "dump-raw-trace",	\
	  .value = &(o)->dump, .help = "dump raw trace in ASCII", .flags = (fl) },	\
	{ .type = OPTION_BOOLEAN, .short_name = 'f', .long_name = "force",		\
	  .value = &(o)->force, .help = "don't complain, do it", .flags = (fl) },	\
	{ .type = OPTION_STRING, .long_name = "vmlinux", .value = &(o)->vmlinux,	\
	  .argh = "file", .help = "vmlinux pathname", .flags = (fl) },		\
	{ .type = OPTION_STRING, .long_name = "kallsyms", .value = &(o)->kallsyms,	\
	  .argh = "file", .help = "kallsyms pathname", .flags = (fl) },		\
	{ .type = OPTION_BOOLEAN, .short_name = 'q', .long_name = "quiet",		\
	  .value = &(o)->quiet, .help = "Do not show any warnings or messages",	\
	  .flags = (fl) }

static int parse_map_entry(const struct option *opt, const char *str, int unset)
{
	unsigned long *len = opt->value;
	char *end;

	(void)unset;
	errno = 0;
	*len = strtoul(str, &end, 0);
	if (*end || errno) {
		fprintf(stderr, "invalid BPF map length: %s\n\n", str);	/* perf: a blank line, then the usage */
		return -1;
	}
	return 0;
}

int cmd_lock(int argc, const char **argv)
{
	struct lock_opts o = {
		.entries = INT_MAX / 2, .max_stack = CONTENTION_STACK_DEPTH,
		.stack_skip = CONTENTION_STACK_SKIP,
	};
	const struct option options[] = {
		LOCK_PARENT_OPTIONS(&o, 0),
		OPT_END()
	};
	const struct option report_options[] = {
		OPT_STRING('k', "key", &o.sort_key, "acquired",
			   "key for sorting (acquired / contended / avg_wait / wait_total / wait_max / wait_min)"),
		OPT_STRING('F', "field", &o.fields, NULL,
			   "output fields (acquired / contended / avg_wait / wait_total / wait_max / wait_min)"),
		OPT_BOOLEAN('c', "combine-locks", &o.combine, "combine locks in the same class"),
		OPT_BOOLEAN('t', "threads", &o.threads, "show per-thread lock stats"),
		OPT_INTEGER('E', "entries", &o.entries, "display this many functions"),
		LOCK_PARENT_OPTIONS(&o, PARSE_OPT_HIDDEN),
		OPT_END()
	};
	bool all_cpus = false, use_bpf = false;
	const char *cpu = NULL, *pid = NULL, *tid = NULL;
	unsigned long map_entries = 10240;
	const struct option contention_options[] = {
		OPT_STRING('k', "key", &o.sort_key, "wait_total",
			   "key for sorting (contended / wait_total / wait_max / wait_min / avg_wait)"),
		OPT_STRING('F', "field", &o.fields, "contended,wait_total,wait_max,avg_wait",
			   "output fields (contended / wait_total / wait_max / wait_min / avg_wait)"),
		OPT_BOOLEAN('t', "threads", &o.threads, "show per-thread lock stats"),
		{ .type = OPTION_BOOLEAN, .short_name = 'b', .long_name = "use-bpf",
		  .value = &use_bpf, .help = "use BPF program to collect lock contention stats",
		  .flags = PARSE_OPT_NOBUILD, .build_opt = BPF_REASON },
		OPT_BOOLEAN('a', "all-cpus", &all_cpus, "System-wide collection from all CPUs"),
		OPT_STRING('C', "cpu", &cpu, "cpu", "List of cpus to monitor"),
		OPT_STRING('p', "pid", &pid, "pid", "Trace on existing process id"),
		OPT_STRING(0, "tid", &tid, "tid", "Trace on existing thread id (exclusive to --pid)"),
		OPT_CALLBACK(0, "map-nr-entries", &map_entries, "num",
			     "Max number of BPF map entries", parse_map_entry),
		OPT_INTEGER(0, "max-stack", &o.max_stack,
			    "Set the maximum stack depth when collecting lock contention, Default: 8"),
		OPT_INTEGER(0, "stack-skip", &o.stack_skip,
			    "Set the number of stack depth to skip when finding a lock caller, Default: 3"),
		OPT_INTEGER('E', "entries", &o.entries, "display this many functions"),
		LOCK_PARENT_OPTIONS(&o, PARSE_OPT_HIDDEN),
		OPT_END()
	};
	const struct option info_options[] = {
		OPT_BOOLEAN('t', "threads", &o.info_threads, "dump thread list in perf.data"),
		OPT_BOOLEAN('m', "map", &o.info_map, "map of lock instances (address:name table)"),
		LOCK_PARENT_OPTIONS(&o, PARSE_OPT_HIDDEN),
		OPT_END()
	};
	enum lock_view view;

	argc = parse_options(argc, argv, options, lock_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (!argc)
		usage_with_options(lock_usage, options);
	if (subcommand_is(argv[0], "record"))
		return lock_record(argc, argv);
	if (!strcmp(argv[0], "script"))
		return script__subcommand(o.input, o.dump, argc, argv);
	if (subcommand_is(argv[0], "report")) {
		o.sort_key = "acquired";
		if (parse_options(argc, argv, report_options, report_usage, 0))
			usage_with_options(report_usage, report_options);
		view = VIEW_REPORT;
	} else if (!strcmp(argv[0], "info")) {
		if (parse_options(argc, argv, info_options, info_usage, 0))
			usage_with_options(info_usage, info_options);
		view = VIEW_INFO;
	} else if (subcommand_is(argv[0], "contention")) {
		o.sort_key = "wait_total";
		o.fields = "contended,wait_total,wait_max,avg_wait";
		/*
		 * perf reads the file and ignores any workload: -a, -C, -p,
		 * --tid and --map-nr-entries serve only its BPF mode.
		 */
		parse_options(argc, argv, contention_options, contention_usage, 0);
		view = VIEW_CONTENTION;
	} else {
		usage_with_options(lock_usage, options);
	}
	return lock_run(&o, view);
}
