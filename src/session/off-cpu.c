// SPDX-License-Identifier: GPL-2.0-only
/*
 * off-cpu.c: record --off-cpu from sched:sched_switch and the
 * context-switch records, into perf's "offcpu-time" samples (off-cpu.h).
 *
 * A pass of the ring buffers is walked buffer after buffer, so a thread's
 * switch-in may be seen before the switch-out it ends; the switches of a
 * pass are therefore gathered (switch-out samples copied, they live in
 * the ring) and handled in time order at its end. A switch-out that
 * still arrives after its switch-in (a later pass) is paired with the
 * switch-in kept for it.
 */
#include "prof/compat.h"
#include "prof/off-cpu.h"
#include "prof/data-writer.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "prof/tracepoint.h"
#include "prof/util.h"

/* sched_switch's prev_state: S and D block; a preemption sets this bit */
#define STATE_BLOCKED 3
#define STATE_PREEMPTED 0x100

struct oc_item {		/* one switch of the current pass */
	u64 time;
	u32 tid;
	bool out;
	size_t off, len;	/* switch-out: the sample in pass_recs */
};

struct oc_thread {
	u32 tid;
	bool used, pending;
	u64 out_time;		/* pending: when it blocked */
	u64 lone_in;		/* a switch-in no switch-out came before, or 0 */
	u8 *rec;		/* pending: its switch-out sample */
	size_t rec_alloc;
};

struct oc_sum {			/* short blocks of one thread and stack */
	u64 hash, total;
	u8 *rec;		/* the first block's switch-out sample */
	struct oc_sum *next;
};

struct off_cpu {
	u64 thresh_ns;
	bool keep_switches;
	struct evsel *offcpu, *sw;	/* ours, in the evlist */
	bool hidden;
	struct session_evsel sw_layout, track_layout;	/* to parse with */
	struct perf_event_attr out_attr;		/* offcpu-time's */
	u64 out_id;
	u64 *sw_ids;			/* sorted */
	int nr_sw_ids;
	u32 state_off, state_size;	/* prev_state in the raw data */
	bool dwarf;			/* samples carry a stack copy */
	/* the current pass */
	struct oc_item *items;
	size_t nr_items, items_alloc;
	struct strbuf pass_recs;
	/* threads by tid (open addressing) */
	struct oc_thread *threads;
	size_t nr_threads, threads_alloc;
	/* summed blocks: a hash of chains, and their order */
	struct oc_sum **sum_tab;
	size_t sum_buckets, nr_sums, sums_alloc;
	struct oc_sum **sums;
};

static void layout_init(struct session_evsel *l, const struct perf_event_attr *attr)
{
	memset(l, 0, sizeof(*l));
	l->attr = *attr;
	l->sample_size = sample_type__fixed_size(attr->sample_type);
	l->id_pos = sample_type__id_pos(attr->sample_type);
	l->is_pos = sample_type__is_pos(attr->sample_type);
	l->id_hdr_size = attr->sample_id_all ? sample_type__id_hdr_size(attr->sample_type) : 0;
}

/* prev_state's offset and size from the tracepoint's format file. */
static int find_prev_state(struct off_cpu *oc)
{
	char *text = tracepoint__format_text("sched", "sched_switch");
	const char *p = text ? strstr(text, " prev_state;") : NULL;
	unsigned off, size;

	if (!p || sscanf(p, " prev_state;\toffset:%u;\tsize:%u;", &off, &size) != 2 ||
	    (size != 4 && size != 8)) {
		free(text);
		return -1;
	}
	free(text);
	oc->state_off = off;
	oc->state_size = size;
	return 0;
}

struct off_cpu *off_cpu__new(u64 thresh_ns, bool keep_switches)
{
	struct off_cpu *oc;

	if (!tracepoint__exists("sched", "sched_switch")) {
		error("--off-cpu needs the sched:sched_switch tracepoint (is tracefs mounted "
		      "and readable?)");
		return NULL;
	}
	oc = xzalloc(sizeof(*oc));
	if (find_prev_state(oc)) {
		error("--off-cpu: no prev_state in sched:sched_switch's format");
		free(oc);
		return NULL;
	}
	oc->thresh_ns = thresh_ns;
	oc->keep_switches = keep_switches;
	strbuf_init(&oc->pass_recs, 0);
	return oc;
}

void off_cpu__delete(struct off_cpu *oc)
{
	size_t i;

	if (!oc)
		return;
	/* not in the evlist (hidden): the evlist would not free it */
	if (oc->hidden) {
		evsel__close(oc->sw);
		evsel__delete(oc->sw);
	}
	for (i = 0; i < oc->threads_alloc; i++)
		free(oc->threads[i].rec);
	free(oc->threads);
	for (i = 0; i < oc->nr_sums; i++) {
		free(oc->sums[i]->rec);
		free(oc->sums[i]);
	}
	free(oc->sums);
	free(oc->sum_tab);
	free(oc->items);
	free(oc->sw_ids);
	strbuf_release(&oc->pass_recs);
	free(oc);
}

int off_cpu__add_events(struct off_cpu *oc, struct evlist *evlist)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_BPF_OUTPUT,
		/* perf's: frequency 1, so the samples say their period */
		.freq = 1,
		.sample_freq = 1,
	};
	struct parse_events_error perr;
	int err;

	oc->offcpu = evsel__new(&attr);
	oc->offcpu->name = xstrdup(OFFCPU_EVENT);
	evlist__add(evlist, oc->offcpu);
	parse_events_error__init(&perr);
	err = parse_events(evlist, "sched:sched_switch", &perr);
	parse_events_error__exit(&perr);
	if (err)
		return error("--off-cpu: cannot set up sched:sched_switch");
	oc->sw = evlist__last(evlist);
	return 0;
}

void off_cpu__config(struct off_cpu *oc, struct evlist *evlist)
{
	struct perf_event_attr *s = &oc->sw->attr, *o = &oc->offcpu->attr;
	u64 st = s->sample_type;

	(void)evlist;
	/* the blocked stack is the point: frame pointers unless asked otherwise */
	if (st & PERF_SAMPLE_BRANCH_STACK) {	/* LBR: not on a tracepoint */
		st &= ~(u64)PERF_SAMPLE_BRANCH_STACK;
		s->branch_sample_type = 0;
	}
	st |= PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD | PERF_SAMPLE_TIME | PERF_SAMPLE_TID |
	      PERF_SAMPLE_CPU;
	s->sample_type = st;
	/* the data maps come with the tracking event: none in this one's id */
	s->mmap_data = 0;
	s->sample_period = 1;
	s->freq = 0;
	oc->dwarf = !!(st & PERF_SAMPLE_STACK_USER);
	o->sample_type = st & ~(u64)PERF_SAMPLE_RAW;
	o->sample_regs_user = s->sample_regs_user;
	o->sample_stack_user = s->sample_stack_user;
	o->exclude_callchain_user = s->exclude_callchain_user;
	o->exclude_callchain_kernel = s->exclude_callchain_kernel;
	layout_init(&oc->sw_layout, s);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

void off_cpu__opened(struct off_cpu *oc, struct evlist *evlist)
{
	struct evsel *track = evlist->tracking ? evlist->tracking : evlist__first(evlist);

	layout_init(&oc->track_layout, &track->attr);
	oc->out_attr = oc->offcpu->attr;
	oc->out_id = oc->offcpu->nr_ids ? oc->offcpu->ids[0] : 0;
	oc->nr_sw_ids = oc->sw->nr_ids;
	oc->sw_ids = xcalloc((size_t)oc->nr_sw_ids + 1, sizeof(u64));
	memcpy(oc->sw_ids, oc->sw->ids, (size_t)oc->nr_sw_ids * sizeof(u64));
	qsort(oc->sw_ids, (size_t)oc->nr_sw_ids, sizeof(u64), cmp_u64);
}

void off_cpu__hide(struct off_cpu *oc, struct evlist *evlist)
{
	if (oc && !oc->hidden) {
		evlist__remove(evlist, oc->sw);
		oc->hidden = true;
	}
}

void off_cpu__unhide(struct off_cpu *oc, struct evlist *evlist)
{
	if (oc && oc->hidden) {
		evlist__add(evlist, oc->sw);
		oc->hidden = false;
	}
}

bool off_cpu__is_hidden(const struct off_cpu *oc, const struct evsel *evsel)
{
	return oc && evsel == oc->sw;
}

/*
 * A record of sched_switch? Its events carry IDENTIFIER (their sample
 * type differs from the others'): first in a sample, last in the
 * trailer of anything else the kernel writes for it (THROTTLE, say).
 */
static bool is_switch_record(const struct off_cpu *oc, const union perf_event *ev)
{
	u64 id;

	if (ev->header.size < 16)
		return false;
	id = ev->header.type == PERF_RECORD_SAMPLE ? ev->u64s[1] :
	     ev->u64s[ev->header.size / 8 - 1];
	return bsearch(&id, oc->sw_ids, (size_t)oc->nr_sw_ids, sizeof(u64), cmp_u64) != NULL;
}

static bool is_switch_sample(const struct off_cpu *oc, const union perf_event *ev)
{
	return ev->header.type == PERF_RECORD_SAMPLE && is_switch_record(oc, ev);
}

bool off_cpu__keep(const struct off_cpu *oc, const union perf_event *ev)
{
	if (ev->header.type == PERF_RECORD_SWITCH || ev->header.type == PERF_RECORD_SWITCH_CPU_WIDE)
		return oc->keep_switches;
	/* not from the kernel: no trailer to look at */
	if (ev->header.type >= PERF_RECORD_USER_TYPE_START || ev->header.size % 8)
		return true;
	return !is_switch_record(oc, ev);
}

static struct oc_item *item_new(struct off_cpu *oc)
{
	oc->items = xgrow(oc->items, sizeof(*oc->items), oc->nr_items + 1, &oc->items_alloc);
	return &oc->items[oc->nr_items++];
}

void off_cpu__event(struct off_cpu *oc, const union perf_event *ev)
{
	struct perf_sample s;
	struct oc_item *it;

	if (ev->header.type == PERF_RECORD_SWITCH || ev->header.type == PERF_RECORD_SWITCH_CPU_WIDE) {
		/* a switch-out is the sched_switch sample's; a switch-in ends a block */
		if (ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT)
			return;
		if (perf_sample__parse(&s, &oc->track_layout, ev, false) || s.time == (u64)-1)
			return;
		it = item_new(oc);
		*it = (struct oc_item){ .time = s.time, .tid = s.tid, .out = false };
		return;
	}
	if (!is_switch_sample(oc, ev) || perf_sample__parse(&s, &oc->sw_layout, ev, false))
		return;
	it = item_new(oc);
	*it = (struct oc_item){ .time = s.time, .tid = s.tid, .out = true,
				.off = oc->pass_recs.len, .len = ev->header.size };
	strbuf_add(&oc->pass_recs, ev, ev->header.size);
}

static struct oc_thread *thread_get(struct off_cpu *oc, u32 tid)
{
	size_t i, mask;

	if ((oc->nr_threads + 1) * 2 > oc->threads_alloc) {
		struct oc_thread *old = oc->threads;
		size_t n = oc->threads_alloc, k;

		oc->threads_alloc = n ? n * 2 : 256;
		oc->threads = xcalloc(oc->threads_alloc, sizeof(*oc->threads));
		for (k = 0; k < n; k++) {
			if (!old[k].used)
				continue;
			mask = oc->threads_alloc - 1;
			for (i = old[k].tid * 2654435761u & mask; oc->threads[i].used; i = (i + 1) & mask)
				;
			oc->threads[i] = old[k];
		}
		free(old);
	}
	mask = oc->threads_alloc - 1;
	for (i = tid * 2654435761u & mask; oc->threads[i].used; i = (i + 1) & mask)
		if (oc->threads[i].tid == tid)
			return &oc->threads[i];
	oc->threads[i].used = true;
	oc->threads[i].tid = tid;
	oc->nr_threads++;
	return &oc->threads[i];
}

static u64 prev_state(const struct off_cpu *oc, const struct perf_sample *s)
{
	const u8 *raw = s->raw_data;

	if (!raw || oc->state_off + oc->state_size > s->raw_size)
		return 0;
	if (oc->state_size == 4) {
		u32 v;

		memcpy(&v, raw + oc->state_off, 4);
		return v;
	}
	{
		u64 v;

		memcpy(&v, raw + oc->state_off, 8);
		return v;
	}
}

/* Write one offcpu-time sample from the switch-out @rec. */
static int put_sample(struct off_cpu *oc, struct strbuf *sb, const u8 *rec, u64 time, u64 period)
{
	struct perf_sample s;

	if (perf_sample__parse(&s, &oc->sw_layout, (const void *)rec, false))
		return -1;
	s.id = oc->out_id;
	s.time = time;
	s.period = period;
	return synth__sample(sb, &oc->out_attr, &s);
}

static u64 chain_hash(const struct perf_sample *s)
{
	u64 h = ((u64)s->pid << 32 | s->tid) * 0x9e3779b97f4a7c15ULL;

	for (u64 i = 0; i < s->callchain_nr; i++)
		h = (h ^ s->callchain[i]) * 0x100000001b3ULL;
	return h;
}

static bool same_stack(const struct perf_sample *a, const struct perf_sample *b)
{
	return a->pid == b->pid && a->tid == b->tid && a->callchain_nr == b->callchain_nr &&
	       !memcmp(a->callchain, b->callchain, a->callchain_nr * 8);
}

static void sum_add(struct off_cpu *oc, const u8 *rec, size_t len, u64 period)
{
	struct perf_sample s, t;
	struct oc_sum *e;
	u64 h;

	if (perf_sample__parse(&s, &oc->sw_layout, (const void *)rec, false))
		return;
	if (oc->nr_sums * 2 >= oc->sum_buckets) {
		size_t n = oc->sum_buckets ? oc->sum_buckets * 2 : 1024;

		free(oc->sum_tab);
		oc->sum_tab = xcalloc(n, sizeof(*oc->sum_tab));
		oc->sum_buckets = n;
		for (size_t i = 0; i < oc->nr_sums; i++) {
			e = oc->sums[i];
			e->next = oc->sum_tab[e->hash & (n - 1)];
			oc->sum_tab[e->hash & (n - 1)] = e;
		}
	}
	h = chain_hash(&s);
	for (e = oc->sum_tab[h & (oc->sum_buckets - 1)]; e; e = e->next) {
		if (e->hash != h || perf_sample__parse(&t, &oc->sw_layout, (const void *)e->rec, false))
			continue;
		if (same_stack(&s, &t)) {
			e->total += period;
			return;
		}
	}
	e = xzalloc(sizeof(*e));
	e->hash = h;
	e->total = period;
	e->rec = xmalloc(len);
	memcpy(e->rec, rec, len);
	e->next = oc->sum_tab[h & (oc->sum_buckets - 1)];
	oc->sum_tab[h & (oc->sum_buckets - 1)] = e;
	oc->sums = xgrow(oc->sums, sizeof(*oc->sums), oc->nr_sums + 1, &oc->sums_alloc);
	oc->sums[oc->nr_sums++] = e;
}

/* A block from the switch-out @rec (at @out) to @in. */
static u64 block(struct off_cpu *oc, struct strbuf *sb, const u8 *rec, size_t len,
		 u64 out, u64 in)
{
	u64 ns = in - out;

	if (oc->dwarf || ns >= oc->thresh_ns)
		return put_sample(oc, sb, rec, in, ns) ? 0 : 1;
	sum_add(oc, rec, len, ns);
	return 0;
}

static int item_cmp(const void *a, const void *b)
{
	const struct oc_item *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (int)y->out - (int)x->out;	/* a switch-out first */
}

u64 off_cpu__pass(struct off_cpu *oc, struct strbuf *sb)
{
	u64 n = 0;

	qsort(oc->items, oc->nr_items, sizeof(*oc->items), item_cmp);
	for (size_t i = 0; i < oc->nr_items; i++) {
		const struct oc_item *it = &oc->items[i];
		struct oc_thread *t = thread_get(oc, it->tid);
		const u8 *rec = (const u8 *)oc->pass_recs.buf + it->off;

		if (!it->out) {
			if (t->pending && t->out_time <= it->time) {
				n += block(oc, sb, t->rec, ((const struct perf_event_header *)t->rec)->size,
					   t->out_time, it->time);
				t->pending = false;
			} else if (!t->pending) {
				t->lone_in = it->time;
			}
			continue;
		}
		{
			struct perf_sample s;
			u64 state;

			t->pending = false;
			if (perf_sample__parse(&s, &oc->sw_layout, (const void *)rec, false))
				continue;
			state = prev_state(oc, &s);
			if (!(state & STATE_BLOCKED) || (state & STATE_PREEMPTED)) {
				t->lone_in = 0;
				continue;
			}
			/* its switch-in came in an earlier pass */
			if (t->lone_in > it->time) {
				n += block(oc, sb, rec, it->len, it->time, t->lone_in);
				t->lone_in = 0;
				continue;
			}
			if (t->rec_alloc < it->len) {
				t->rec = xrealloc(t->rec, it->len);
				t->rec_alloc = it->len;
			}
			memcpy(t->rec, rec, it->len);
			t->out_time = it->time;
			t->pending = true;
			t->lone_in = 0;
		}
	}
	oc->nr_items = 0;
	strbuf_reset(&oc->pass_recs);
	return n;
}

u64 off_cpu__finish(struct off_cpu *oc, struct strbuf *sb)
{
	u64 n = 0;

	for (size_t i = 0; i < oc->nr_sums; i++)
		if (!put_sample(oc, sb, oc->sums[i]->rec, OFFCPU_TIMESTAMP + n, oc->sums[i]->total))
			n++;
	return n;
}
