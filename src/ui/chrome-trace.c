// SPDX-License-Identifier: GPL-2.0-only
/*
 * chrome-trace.c: events to the Trace Event Format (chrome-trace.h), as
 * its specification ("Trace Event Format", the JSON object format) has
 * them:
 *
 *   instant:  { "name", "cat", "ph": "i", "s": "t", "ts", "pid", "tid",
 *               "sf": <frame id>, "args": { "cpu", "period" } }
 *   complete: { "name", "cat", "ph": "X", "ts", "dur", "pid", "tid",
 *               "sf", "args": { "cpu", "state" } }
 *   metadata: { "name": "process_name" | "thread_name", "ph": "M",
 *               "ts": 0, "pid", "tid", "args": { "name": <comm> } }
 *
 * "sf" names the leaf of the event's stack in "stackFrames", whose
 * entries are { "name", "category", "parent" } (no parent: a root). A
 * frame is its function (perf script's "[unknown]" without one) and its
 * DSO's short name as category, under its caller's frame: stacks that
 * share callers share frames.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/chrome-trace.h"
#include "prof/resolved-sample.h"
#include "prof/json-writer.h"
#include "prof/itab.h"
#include "prof/dso.h"
#include "prof/symbol.h"

#define NO_FRAME ((u32)-1)

struct ct_frame {
	u32 parent;		/* NO_FRAME: a root */
	char *name, *cat;
};

struct ct_thread {
	s64 pid, tid;
	char *comm, *process_comm;
};

struct chrome_trace {
	FILE *out;
	struct json_writer jw;
	struct ct_frame *frames;
	size_t nr_frames, alloc_frames;
	struct itab frame_tab;
	struct ct_thread *threads;
	size_t nr_threads, alloc_threads;
	struct itab thread_tab;
};

struct chrome_trace *chrome_trace__new(FILE *out)
{
	struct chrome_trace *ct = xzalloc(sizeof(*ct));

	ct->out = out;
	json_writer__init(&ct->jw, out);
	json_writer__set_separators(&ct->jw, ":", ",");
	json_writer__begin_object(&ct->jw);
	json_writer__key(&ct->jw, "traceEvents");
	json_writer__begin_array(&ct->jw);
	return ct;
}

void chrome_trace__delete(struct chrome_trace *ct)
{
	if (!ct)
		return;
	for (size_t i = 0; i < ct->nr_frames; i++) {
		free(ct->frames[i].name);
		free(ct->frames[i].cat);
	}
	free(ct->frames);
	itab_exit(&ct->frame_tab);
	for (size_t i = 0; i < ct->nr_threads; i++) {
		free(ct->threads[i].comm);
		free(ct->threads[i].process_comm);
	}
	free(ct->threads);
	itab_exit(&ct->thread_tab);
	free(ct);
}

static bool frame_eq(void *ctx, u32 idx, const void *key)
{
	const struct chrome_trace *ct = ctx;
	const struct ct_frame *a = &ct->frames[idx], *b = key;

	return a->parent == b->parent && !strcmp(a->name, b->name) && !strcmp(a->cat, b->cat);
}

/* The frame of @sym in @dso (NULL: none) under @parent, made once. */
static u32 ct_frame(struct chrome_trace *ct, u32 parent, const struct symbol *sym,
		    const struct dso *dso)
{
	struct ct_frame f = {
		.parent = parent,
		.name = (char *)(sym && sym->name[0] ? sym->name : "[unknown]"),
		.cat = (char *)(dso && dso->short_name[0] ? dso->short_name : "[unknown]"),
	};
	u64 h = itab_mix(itab_mix(itab_hash_str(f.name), itab_hash_str(f.cat)), parent);
	size_t slot = itab_find(&ct->frame_tab, h, frame_eq, ct, &f);

	if (ct->frame_tab.val[slot])
		return ct->frame_tab.val[slot] - 1;
	if (ct->nr_frames == ct->alloc_frames) {
		ct->alloc_frames = ct->alloc_frames ? 2 * ct->alloc_frames : 256;
		ct->frames = xrealloc(ct->frames, ct->alloc_frames * sizeof(*ct->frames));
	}
	ct->frames[ct->nr_frames] = (struct ct_frame){ parent, xstrdup(f.name), xstrdup(f.cat) };
	itab_add(&ct->frame_tab, slot, h, (u32)ct->nr_frames);
	return (u32)ct->nr_frames++;
}

/* The leaf frame of @w's stack, its callers made on the way; NO_FRAME: none. */
static u32 ct_stack(struct chrome_trace *ct, const struct chrome_trace_where *w)
{
	const struct resolved_sample *rs = w->rs;
	u32 id = NO_FRAME;

	if (!rs)
		return NO_FRAME;
	if (!w->nr)
		return ct_frame(ct, NO_FRAME, rs->al.sym, rs->al.map ? rs->al.dso : NULL);
	/* root first: the frames are callee first */
	for (int i = w->nr - 1; i >= 0; i--) {
		const struct callchain_cursor_node *f = &rs->frames[i];

		id = ct_frame(ct, id, f->sym, f->has_map ? f->dso : NULL);
	}
	return id;
}

struct thread_key {
	s64 pid, tid;
};

static bool thread_eq(void *ctx, u32 idx, const void *key)
{
	const struct chrome_trace *ct = ctx;
	const struct thread_key *k = key;

	return ct->threads[idx].pid == k->pid && ct->threads[idx].tid == k->tid;
}

static void set_name(char **dst, const char *s)
{
	if (!s || !*s || (*dst && !strcmp(*dst, s)))
		return;
	free(*dst);
	*dst = xstrdup(s);
}

/* The thread's names: the last ones given (after an exec, the new command). */
static void ct_thread(struct chrome_trace *ct, const struct chrome_trace_where *w)
{
	struct thread_key k = { w->pid, w->tid };
	u64 h = itab_mix(itab_mix(0, (u64)w->pid), (u64)w->tid);
	size_t slot = itab_find(&ct->thread_tab, h, thread_eq, ct, &k);
	struct ct_thread *t;

	if (ct->thread_tab.val[slot]) {
		t = &ct->threads[ct->thread_tab.val[slot] - 1];
	} else {
		if (ct->nr_threads == ct->alloc_threads) {
			ct->alloc_threads = ct->alloc_threads ? 2 * ct->alloc_threads : 64;
			ct->threads = xrealloc(ct->threads,
					       ct->alloc_threads * sizeof(*ct->threads));
		}
		t = &ct->threads[ct->nr_threads];
		*t = (struct ct_thread){ .pid = w->pid, .tid = w->tid };
		itab_add(&ct->thread_tab, slot, h, (u32)ct->nr_threads++);
	}
	set_name(&t->comm, w->comm);
	set_name(&t->process_comm, w->process_comm ? w->process_comm : w->comm);
}

/* "ts" and "dur": microseconds, the nanoseconds as three decimals */
static void ct_time(struct json_writer *jw, const char *key, u64 ns)
{
	json_writer__key(jw, key);
	json_writer__raw(jw, "%" PRIu64 ".%03u", ns / 1000, (unsigned int)(ns % 1000));
}

static void ct_event_head(struct chrome_trace *ct, const struct chrome_trace_where *w,
			  const char *name, const char *cat, const char *ph)
{
	struct json_writer *jw = &ct->jw;

	ct_thread(ct, w);
	json_writer__begin_object(jw);
	json_writer__key(jw, "name");
	json_writer__string(jw, name);
	json_writer__key(jw, "cat");
	json_writer__string(jw, cat);
	json_writer__key(jw, "ph");
	json_writer__string(jw, ph);
}

static void ct_event_tail(struct chrome_trace *ct, const struct chrome_trace_where *w,
			  u32 sf)
{
	struct json_writer *jw = &ct->jw;

	json_writer__key(jw, "pid");
	json_writer__s64(jw, w->pid);
	json_writer__key(jw, "tid");
	json_writer__s64(jw, w->tid);
	if (sf != NO_FRAME) {
		json_writer__key(jw, "sf");
		json_writer__u64(jw, sf);
	}
}

void chrome_trace__instant(struct chrome_trace *ct, const struct chrome_trace_where *w,
			   const char *name, const char *cat, u64 time_ns, u64 period)
{
	struct json_writer *jw = &ct->jw;
	u32 sf = ct_stack(ct, w);

	ct_event_head(ct, w, name, cat, "i");
	json_writer__key(jw, "s");
	json_writer__string(jw, "t");
	ct_time(jw, "ts", time_ns);
	ct_event_tail(ct, w, sf);
	json_writer__key(jw, "args");
	json_writer__begin_object(jw);
	if (w->cpu >= 0) {
		json_writer__key(jw, "cpu");
		json_writer__s64(jw, w->cpu);
	}
	json_writer__key(jw, "period");
	json_writer__u64(jw, period);
	json_writer__end_object(jw);
	json_writer__end_object(jw);
	fputc('\n', ct->out);
}

void chrome_trace__complete(struct chrome_trace *ct, const struct chrome_trace_where *w,
			    const char *name, const char *cat, u64 start_ns, u64 dur_ns,
			    const char *state)
{
	struct json_writer *jw = &ct->jw;
	u32 sf = ct_stack(ct, w);

	ct_event_head(ct, w, name, cat, "X");
	ct_time(jw, "ts", start_ns);
	ct_time(jw, "dur", dur_ns);
	ct_event_tail(ct, w, sf);
	json_writer__key(jw, "args");
	json_writer__begin_object(jw);
	if (w->cpu >= 0) {
		json_writer__key(jw, "cpu");
		json_writer__s64(jw, w->cpu);
	}
	if (state) {
		json_writer__key(jw, "state");
		json_writer__string(jw, state);
	}
	json_writer__end_object(jw);
	json_writer__end_object(jw);
	fputc('\n', ct->out);
}

static void ct_name(struct chrome_trace *ct, const char *what, s64 pid, s64 tid,
		    const char *name)
{
	struct json_writer *jw = &ct->jw;

	json_writer__begin_object(jw);
	json_writer__key(jw, "name");
	json_writer__string(jw, what);
	json_writer__key(jw, "ph");
	json_writer__string(jw, "M");
	json_writer__key(jw, "ts");
	json_writer__u64(jw, 0);
	json_writer__key(jw, "pid");
	json_writer__s64(jw, pid);
	json_writer__key(jw, "tid");
	json_writer__s64(jw, tid);
	json_writer__key(jw, "args");
	json_writer__begin_object(jw);
	json_writer__key(jw, "name");
	json_writer__string(jw, name);
	json_writer__end_object(jw);
	json_writer__end_object(jw);
	fputc('\n', ct->out);
}

int chrome_trace__finish(struct chrome_trace *ct, const char *source)
{
	struct json_writer *jw = &ct->jw;
	char id[32];

	/* a process's name once, from its first thread seen */
	for (size_t i = 0; i < ct->nr_threads; i++) {
		const struct ct_thread *t = &ct->threads[i];
		bool named = false;

		for (size_t j = 0; j < i && !named; j++)
			named = ct->threads[j].pid == t->pid;
		if (!named && t->process_comm)
			ct_name(ct, "process_name", t->pid, t->pid, t->process_comm);
	}
	for (size_t i = 0; i < ct->nr_threads; i++) {
		const struct ct_thread *t = &ct->threads[i];

		if (t->comm)
			ct_name(ct, "thread_name", t->pid, t->tid, t->comm);
	}
	json_writer__end_array(jw);
	json_writer__key(jw, "stackFrames");
	json_writer__begin_object(jw);
	for (size_t i = 0; i < ct->nr_frames; i++) {
		const struct ct_frame *f = &ct->frames[i];

		snprintf(id, sizeof(id), "%zu", i);
		json_writer__key(jw, id);
		json_writer__begin_object(jw);
		json_writer__key(jw, "name");
		json_writer__string(jw, f->name);
		json_writer__key(jw, "category");
		json_writer__string(jw, f->cat);
		if (f->parent != NO_FRAME) {
			json_writer__key(jw, "parent");
			json_writer__u64(jw, f->parent);
		}
		json_writer__end_object(jw);
		fputc('\n', ct->out);
	}
	json_writer__end_object(jw);
	json_writer__key(jw, "displayTimeUnit");
	json_writer__string(jw, "ns");
	json_writer__key(jw, "otherData");
	json_writer__begin_object(jw);
	json_writer__key(jw, "source");
	json_writer__string(jw, source);
	json_writer__key(jw, "exporter");
	json_writer__string(jw, "prof " PROF_VERSION);
	json_writer__end_object(jw);
	json_writer__end_object(jw);
	fputc('\n', ct->out);
	return ferror(ct->out) ? -1 : 0;
}
