// SPDX-License-Identifier: GPL-2.0-only
/*
 * firefox-profile.c: resolved samples to the Firefox Profiler's Gecko
 * profile format (firefox-profile.h), as the profiler's
 * docs-developer/gecko-profile-format.md and its Gecko importers have it.
 * A thread is
 *
 *   { "name", "processName", "processType": "default", "pid", "tid",
 *     "registerTime": 0, "unregisterTime": null,
 *     "samples":    { "schema": { "stack": 0, "time": 1, "eventDelay": 2 },
 *                     "data": [ [ <stack>, <ms>, 0 ], ... ] },
 *     "markers":    { "schema": { "name": 0, "startTime": 1, "endTime": 2,
 *                                 "phase": 3, "category": 4, "data": 5 },
 *                     "data": [ [ <string>, <ms>, <ms>|null, <phase>, <category>,
 *                                 { "type", ..., "stack" } ], ... ] },
 *     "stackTable": { "schema": { "prefix": 0, "frame": 1 }, "data": [ ... ] },
 *     "frameTable": { "schema": { "location": 0, "relevantForJS": 1,
 *                                 "innerWindowID": 2, "implementation": 3,
 *                                 "line": 4, "column": 5, "category": 6,
 *                                 "subcategory": 7 }, "data": [ ... ] },
 *     "stringTable": [ ... ] }
 *
 * A frame's location is "function (in dso)", which the profiler's
 * processing splits into the function and its library; "[unknown]" (perf
 * script's word) without a symbol. A marker's stack is the Gecko form of
 * a cause: { "samples": { "schema": { "stack": 0, "time": 1 },
 * "data": [ [ <stack>, <ms> ] ] } }.
 *
 * The tables of all threads share three hash tables (itab.h) keyed by the
 * thread: a recording of thousands of threads does not pay for thousands
 * of empty tables. Frames are found by their symbol and DSO pointers
 * (both live as long as the machine and resolver), strings by their text.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/firefox-profile.h"
#include "prof/resolved-sample.h"
#include "prof/json-writer.h"
#include "prof/itab.h"
#include "prof/dso.h"
#include "prof/symbol.h"

#define NONE ((u32)-1)

/* meta.categories, in this order */
enum {
	CAT_OTHER,
	CAT_USER,
	CAT_KERNEL,
	CAT_JIT,
	CAT_SCHED,
	CAT_OFFCPU,
};

static const struct {
	const char *name, *color;
} categories[] = {
	[CAT_OTHER] = { "Other", "grey" },
	[CAT_USER] = { "User", "yellow" },
	[CAT_KERNEL] = { "Kernel", "orange" },
	[CAT_JIT] = { "JIT", "green" },
	[CAT_SCHED] = { "Scheduler", "blue" },
	[CAT_OFFCPU] = { "Off-CPU", "lightblue" },
};

struct ff_marker {
	enum firefox_marker_type type;
	bool interval;
	u32 name, state, next_comm;	/* strings; NONE: none */
	u32 stack;			/* NONE: no stack */
	u64 start, end;
	s64 cpu, next_pid;
};

struct ff_frame {
	u32 str;
	u8 cat;
};

struct ff_stack {
	u32 prefix, frame;
};

struct ff_thread {
	s64 pid, tid;
	char *comm, *process_comm;
	const char **strings;		/* the thread's string table (owned by ff_string) */
	size_t nr_strings, alloc_strings;
	struct ff_frame *frames;
	size_t nr_frames, alloc_frames;
	struct ff_stack *stacks;
	size_t nr_stacks, alloc_stacks;
	u32 *sample_stack;		/* NONE: a sample without a stack */
	u64 *sample_time;
	size_t nr_samples, alloc_samples, alloc_times;
	struct ff_marker *markers;
	size_t nr_markers, alloc_markers;
};

/* the keys of the shared tables, each naming its thread-local index */
struct ff_string {
	u32 thread, local;
	char *s;
};

struct ff_frame_key {
	u32 thread, local;
	const void *sym, *dso;
	u8 cat;
};

struct ff_stack_key {
	u32 thread, local;
	u32 prefix, frame;
};

struct firefox_profile {
	struct ff_thread *threads;
	size_t nr_threads, alloc_threads;
	struct itab thread_tab;
	struct ff_string *strings;
	size_t nr_strings, alloc_strings;
	struct itab string_tab;
	struct ff_frame_key *frames;
	size_t nr_frames, alloc_frames;
	struct itab frame_tab;
	struct ff_stack_key *stacks;
	size_t nr_stacks, alloc_stacks;
	struct itab stack_tab;
	u64 start, end;			/* the earliest and latest times; valid when any */
	bool any;
};

struct firefox_profile *firefox_profile__new(void)
{
	return xzalloc(sizeof(struct firefox_profile));
}

void firefox_profile__delete(struct firefox_profile *fp)
{
	if (!fp)
		return;
	for (size_t i = 0; i < fp->nr_threads; i++) {
		struct ff_thread *t = &fp->threads[i];

		free(t->comm);
		free(t->process_comm);
		free(t->strings);
		free(t->frames);
		free(t->stacks);
		free(t->sample_stack);
		free(t->sample_time);
		free(t->markers);
	}
	free(fp->threads);
	itab_exit(&fp->thread_tab);
	for (size_t i = 0; i < fp->nr_strings; i++)
		free(fp->strings[i].s);
	free(fp->strings);
	itab_exit(&fp->string_tab);
	free(fp->frames);
	itab_exit(&fp->frame_tab);
	free(fp->stacks);
	itab_exit(&fp->stack_tab);
	free(fp);
}

static void set_name(char **dst, const char *s)
{
	if (!s || !*s || (*dst && !strcmp(*dst, s)))
		return;
	free(*dst);
	*dst = xstrdup(s);
}

struct thread_key {
	s64 pid, tid;
};

static bool thread_eq(void *ctx, u32 idx, const void *key)
{
	const struct firefox_profile *fp = ctx;
	const struct thread_key *k = key;

	return fp->threads[idx].pid == k->pid && fp->threads[idx].tid == k->tid;
}

/* @w's thread (its index), made on first sight; its names the last ones given */
static u32 ff_thread(struct firefox_profile *fp, const struct firefox_where *w)
{
	struct thread_key k = { w->pid, w->tid };
	u64 h = itab_mix(itab_mix(0, (u64)w->pid), (u64)w->tid);
	size_t slot = itab_find(&fp->thread_tab, h, thread_eq, fp, &k);
	struct ff_thread *t;
	u32 idx;

	if (fp->thread_tab.val[slot]) {
		idx = fp->thread_tab.val[slot] - 1;
	} else {
		fp->threads = xgrow(fp->threads, sizeof(*fp->threads), fp->nr_threads + 1,
				    &fp->alloc_threads);
		idx = (u32)fp->nr_threads++;
		fp->threads[idx] = (struct ff_thread){ .pid = w->pid, .tid = w->tid };
		itab_add(&fp->thread_tab, slot, h, idx);
	}
	t = &fp->threads[idx];
	set_name(&t->comm, w->comm);
	set_name(&t->process_comm, w->process_comm ? w->process_comm : w->comm);
	return idx;
}

static bool string_eq(void *ctx, u32 idx, const void *key)
{
	const struct firefox_profile *fp = ctx;
	const struct ff_string *a = &fp->strings[idx], *b = key;

	return a->thread == b->thread && !strcmp(a->s, b->s);
}

/* @s's index in thread @ti's string table, added once */
static u32 ff_string(struct firefox_profile *fp, u32 ti, const char *s)
{
	struct ff_string k = { .thread = ti, .s = (char *)s };
	u64 h = itab_mix(itab_hash_str(s), ti);
	size_t slot = itab_find(&fp->string_tab, h, string_eq, fp, &k);
	struct ff_thread *t = &fp->threads[ti];

	if (fp->string_tab.val[slot])
		return fp->strings[fp->string_tab.val[slot] - 1].local;
	fp->strings = xgrow(fp->strings, sizeof(*fp->strings), fp->nr_strings + 1,
			    &fp->alloc_strings);
	k.local = (u32)t->nr_strings;
	k.s = xstrdup(s);
	fp->strings[fp->nr_strings] = k;
	itab_add(&fp->string_tab, slot, h, (u32)fp->nr_strings++);
	t->strings = xgrow(t->strings, sizeof(*t->strings), t->nr_strings + 1, &t->alloc_strings);
	t->strings[t->nr_strings++] = k.s;
	return k.local;
}

static bool frame_eq(void *ctx, u32 idx, const void *key)
{
	const struct firefox_profile *fp = ctx;
	const struct ff_frame_key *a = &fp->frames[idx], *b = key;

	return a->thread == b->thread && a->sym == b->sym && a->dso == b->dso && a->cat == b->cat;
}

static u8 frame_category(const struct dso *dso, char level)
{
	if (!dso)
		return level == 'k' ? CAT_KERNEL : CAT_USER;
	switch (dso->kind) {
	case DSO_KIND_KERNEL:
	case DSO_KIND_MODULE:
		return CAT_KERNEL;
	case DSO_KIND_JIT:
	case DSO_KIND_JITDUMP:
		return CAT_JIT;
	default:
		return CAT_USER;
	}
}

/* The frame of @sym in @dso (NULL: none) in thread @ti, made once. */
static u32 ff_frame(struct firefox_profile *fp, u32 ti, const struct symbol *sym,
		    const struct dso *dso, char level)
{
	struct ff_frame_key k = { .thread = ti, .sym = sym, .dso = dso,
				  .cat = frame_category(dso, level) };
	u64 h = itab_mix(itab_mix(itab_mix(itab_mix(0, ti), (u64)(uintptr_t)sym),
				  (u64)(uintptr_t)dso), k.cat);
	size_t slot = itab_find(&fp->frame_tab, h, frame_eq, fp, &k);
	const char *name = sym && sym->name[0] ? sym->name : "[unknown]";
	struct ff_thread *t;
	char *loc;
	u32 str;

	if (fp->frame_tab.val[slot])
		return fp->frames[fp->frame_tab.val[slot] - 1].local;
	if (dso && dso->short_name[0])
		loc = xasprintf("%s (in %s)", name, dso->short_name);
	else
		loc = xstrdup(name);
	str = ff_string(fp, ti, loc);
	free(loc);
	t = &fp->threads[ti];
	k.local = (u32)t->nr_frames;
	fp->frames = xgrow(fp->frames, sizeof(*fp->frames), fp->nr_frames + 1, &fp->alloc_frames);
	fp->frames[fp->nr_frames] = k;
	itab_add(&fp->frame_tab, slot, h, (u32)fp->nr_frames++);
	t->frames = xgrow(t->frames, sizeof(*t->frames), t->nr_frames + 1, &t->alloc_frames);
	t->frames[t->nr_frames++] = (struct ff_frame){ str, k.cat };
	return k.local;
}

static bool stack_eq(void *ctx, u32 idx, const void *key)
{
	const struct firefox_profile *fp = ctx;
	const struct ff_stack_key *a = &fp->stacks[idx], *b = key;

	return a->thread == b->thread && a->prefix == b->prefix && a->frame == b->frame;
}

static u32 ff_stack_entry(struct firefox_profile *fp, u32 ti, u32 prefix, u32 frame)
{
	struct ff_stack_key k = { .thread = ti, .prefix = prefix, .frame = frame };
	u64 h = itab_mix(itab_mix(itab_mix(0, ti), prefix), frame);
	size_t slot = itab_find(&fp->stack_tab, h, stack_eq, fp, &k);
	struct ff_thread *t = &fp->threads[ti];

	if (fp->stack_tab.val[slot])
		return fp->stacks[fp->stack_tab.val[slot] - 1].local;
	k.local = (u32)t->nr_stacks;
	fp->stacks = xgrow(fp->stacks, sizeof(*fp->stacks), fp->nr_stacks + 1, &fp->alloc_stacks);
	fp->stacks[fp->nr_stacks] = k;
	itab_add(&fp->stack_tab, slot, h, (u32)fp->nr_stacks++);
	t->stacks = xgrow(t->stacks, sizeof(*t->stacks), t->nr_stacks + 1, &t->alloc_stacks);
	t->stacks[t->nr_stacks++] = (struct ff_stack){ prefix, frame };
	return k.local;
}

/* The leaf stack entry of @w's stack in thread @ti, its callers made on the way. */
static u32 ff_stack(struct firefox_profile *fp, u32 ti, const struct firefox_where *w)
{
	const struct resolved_sample *rs = w->rs;
	u32 id = NONE;

	if (!rs)
		return NONE;
	if (!w->nr)
		return ff_stack_entry(fp, ti, NONE,
				      ff_frame(fp, ti, rs->al.sym, rs->al.map ? rs->al.dso : NULL,
					       rs->al.level));
	/* root first: the frames are callee first */
	for (int i = w->nr - 1; i >= 0; i--) {
		const struct callchain_cursor_node *f = &rs->frames[i];

		id = ff_stack_entry(fp, ti, id,
				    ff_frame(fp, ti, f->sym, f->has_map ? f->dso : NULL, f->level));
	}
	return id;
}

static void ff_time(struct firefox_profile *fp, u64 start, u64 end)
{
	if (!fp->any || start < fp->start)
		fp->start = start;
	if (!fp->any || end > fp->end)
		fp->end = end;
	fp->any = true;
}

void firefox_profile__sample(struct firefox_profile *fp, const struct firefox_where *w,
			     u64 time_ns)
{
	u32 ti = ff_thread(fp, w);
	u32 stack = ff_stack(fp, ti, w);
	struct ff_thread *t = &fp->threads[ti];

	t->sample_stack = xgrow(t->sample_stack, sizeof(*t->sample_stack), t->nr_samples + 1,
				&t->alloc_samples);
	t->sample_time = xgrow(t->sample_time, sizeof(*t->sample_time), t->nr_samples + 1,
			       &t->alloc_times);
	t->sample_stack[t->nr_samples] = stack;
	t->sample_time[t->nr_samples++] = time_ns;
	ff_time(fp, time_ns, time_ns);
}

void firefox_profile__marker(struct firefox_profile *fp, const struct firefox_where *w,
			     const struct firefox_marker *m)
{
	u32 ti = ff_thread(fp, w);
	struct ff_marker fm = {
		.type = m->type,
		.interval = m->interval,
		.name = ff_string(fp, ti, m->name),
		.state = m->state ? ff_string(fp, ti, m->state) : NONE,
		.next_comm = m->next_comm ? ff_string(fp, ti, m->next_comm) : NONE,
		.stack = ff_stack(fp, ti, w),
		.start = m->interval ? m->start_ns : m->end_ns,
		.end = m->end_ns,
		.cpu = m->cpu,
		.next_pid = m->next_pid,
	};
	struct ff_thread *t = &fp->threads[ti];

	t->markers = xgrow(t->markers, sizeof(*t->markers), t->nr_markers + 1, &t->alloc_markers);
	t->markers[t->nr_markers++] = fm;
	ff_time(fp, fm.start, fm.end);
}

u64 firefox_profile__start(const struct firefox_profile *fp)
{
	return fp->any ? fp->start : 0;
}

/* milliseconds from the start, to the nanosecond */
static void ff_ms(struct json_writer *jw, const struct firefox_profile *fp, u64 t)
{
	u64 d = t - fp->start;

	json_writer__raw(jw, "%" PRIu64 ".%06u", d / 1000000, (unsigned int)(d % 1000000));
}

static void ff_index(struct json_writer *jw, u32 v)
{
	if (v == NONE)
		json_writer__null(jw);
	else
		json_writer__u64(jw, v);
}

/* "schema": { "a": 0, "b": 1, ... } from a NULL-ended list */
static void ff_schema(struct json_writer *jw, const char *const *keys)
{
	json_writer__key(jw, "schema");
	json_writer__begin_object(jw);
	for (unsigned int i = 0; keys[i]; i++) {
		json_writer__key(jw, keys[i]);
		json_writer__u64(jw, i);
	}
	json_writer__end_object(jw);
}

static void ff_marker_data(struct json_writer *jw, const struct firefox_profile *fp,
			   const struct ff_thread *t, const struct ff_marker *m)
{
	json_writer__begin_object(jw);
	json_writer__key(jw, "type");
	json_writer__string(jw, m->type == FIREFOX_MARKER_OFFCPU ? "OffCPU" : "SchedSwitch");
	if (m->cpu >= 0) {
		json_writer__key(jw, "cpu");
		json_writer__s64(jw, m->cpu);
	}
	if (m->state != NONE) {
		json_writer__key(jw, "prevState");
		json_writer__string(jw, t->strings[m->state]);
	}
	if (m->next_comm != NONE) {
		json_writer__key(jw, "nextComm");
		json_writer__string(jw, t->strings[m->next_comm]);
		json_writer__key(jw, "nextPid");
		json_writer__s64(jw, m->next_pid);
	}
	if (m->stack != NONE) {
		static const char *const keys[] = { "stack", "time", NULL };

		json_writer__key(jw, "stack");
		json_writer__begin_object(jw);
		json_writer__key(jw, "samples");
		json_writer__begin_object(jw);
		ff_schema(jw, keys);
		json_writer__key(jw, "data");
		json_writer__begin_array(jw);
		json_writer__begin_array(jw);
		json_writer__u64(jw, m->stack);
		ff_ms(jw, fp, m->end);
		json_writer__end_array(jw);
		json_writer__end_array(jw);
		json_writer__end_object(jw);
		json_writer__end_object(jw);
	}
	json_writer__end_object(jw);
}

static void ff_write_thread(struct json_writer *jw, FILE *out, const struct firefox_profile *fp,
			    const struct ff_thread *t)
{
	static const char *const sample_keys[] = { "stack", "time", "eventDelay", NULL };
	static const char *const marker_keys[] = {
		"name", "startTime", "endTime", "phase", "category", "data", NULL
	};
	static const char *const stack_keys[] = { "prefix", "frame", NULL };
	static const char *const frame_keys[] = {
		"location", "relevantForJS", "innerWindowID", "implementation", "line", "column",
		"category", "subcategory", NULL
	};
	const char *comm = t->comm ? t->comm : "[unknown]";

	json_writer__begin_object(jw);
	json_writer__key(jw, "name");
	json_writer__string(jw, comm);
	json_writer__key(jw, "processName");
	json_writer__string(jw, t->process_comm ? t->process_comm : comm);
	json_writer__key(jw, "processType");
	json_writer__string(jw, "default");
	json_writer__key(jw, "pid");
	json_writer__s64(jw, t->pid);
	json_writer__key(jw, "tid");
	json_writer__s64(jw, t->tid);
	json_writer__key(jw, "registerTime");
	json_writer__u64(jw, 0);
	json_writer__key(jw, "unregisterTime");
	json_writer__null(jw);

	json_writer__key(jw, "samples");
	json_writer__begin_object(jw);
	ff_schema(jw, sample_keys);
	json_writer__key(jw, "data");
	json_writer__begin_array(jw);
	for (size_t i = 0; i < t->nr_samples; i++) {
		json_writer__begin_array(jw);
		ff_index(jw, t->sample_stack[i]);
		ff_ms(jw, fp, t->sample_time[i]);
		json_writer__u64(jw, 0);
		json_writer__end_array(jw);
	}
	json_writer__end_array(jw);
	json_writer__end_object(jw);
	fputc('\n', out);

	json_writer__key(jw, "markers");
	json_writer__begin_object(jw);
	ff_schema(jw, marker_keys);
	json_writer__key(jw, "data");
	json_writer__begin_array(jw);
	for (size_t i = 0; i < t->nr_markers; i++) {
		const struct ff_marker *m = &t->markers[i];

		json_writer__begin_array(jw);
		json_writer__u64(jw, m->name);
		ff_ms(jw, fp, m->start);
		if (m->interval)
			ff_ms(jw, fp, m->end);
		else
			json_writer__null(jw);
		json_writer__u64(jw, m->interval ? 1 : 0);	/* Interval, Instant */
		json_writer__u64(jw, m->type == FIREFOX_MARKER_OFFCPU ? CAT_OFFCPU : CAT_SCHED);
		ff_marker_data(jw, fp, t, m);
		json_writer__end_array(jw);
	}
	json_writer__end_array(jw);
	json_writer__end_object(jw);
	fputc('\n', out);

	json_writer__key(jw, "stackTable");
	json_writer__begin_object(jw);
	ff_schema(jw, stack_keys);
	json_writer__key(jw, "data");
	json_writer__begin_array(jw);
	for (size_t i = 0; i < t->nr_stacks; i++) {
		json_writer__begin_array(jw);
		ff_index(jw, t->stacks[i].prefix);
		json_writer__u64(jw, t->stacks[i].frame);
		json_writer__end_array(jw);
	}
	json_writer__end_array(jw);
	json_writer__end_object(jw);
	fputc('\n', out);

	json_writer__key(jw, "frameTable");
	json_writer__begin_object(jw);
	ff_schema(jw, frame_keys);
	json_writer__key(jw, "data");
	json_writer__begin_array(jw);
	for (size_t i = 0; i < t->nr_frames; i++) {
		json_writer__begin_array(jw);
		json_writer__u64(jw, t->frames[i].str);
		json_writer__bool(jw, false);
		json_writer__u64(jw, 0);
		json_writer__null(jw);
		json_writer__null(jw);
		json_writer__null(jw);
		json_writer__u64(jw, t->frames[i].cat);
		json_writer__u64(jw, 0);
		json_writer__end_array(jw);
	}
	json_writer__end_array(jw);
	json_writer__end_object(jw);
	fputc('\n', out);

	json_writer__key(jw, "stringTable");
	json_writer__begin_array(jw);
	for (size_t i = 0; i < t->nr_strings; i++)
		json_writer__string(jw, t->strings[i]);
	json_writer__end_array(jw);
	json_writer__end_object(jw);
	fputc('\n', out);
}

/* one markerSchema entry's field: { "key", "label", "format", "searchable" } */
static void ff_schema_field(struct json_writer *jw, const char *key, const char *label,
			    const char *format)
{
	json_writer__begin_object(jw);
	json_writer__key(jw, "key");
	json_writer__string(jw, key);
	json_writer__key(jw, "label");
	json_writer__string(jw, label);
	json_writer__key(jw, "format");
	json_writer__string(jw, format);
	json_writer__key(jw, "searchable");
	json_writer__bool(jw, true);
	json_writer__end_object(jw);
}

static void ff_marker_schema(struct json_writer *jw, const char *name, const char *label,
			     bool sched)
{
	json_writer__begin_object(jw);
	json_writer__key(jw, "name");
	json_writer__string(jw, name);
	json_writer__key(jw, "display");
	json_writer__begin_array(jw);
	json_writer__string(jw, "marker-chart");
	json_writer__string(jw, "marker-table");
	json_writer__string(jw, "timeline-overview");
	json_writer__end_array(jw);
	json_writer__key(jw, "tooltipLabel");
	json_writer__string(jw, label);
	json_writer__key(jw, "tableLabel");
	json_writer__string(jw, sched ? "{marker.name} on CPU {marker.data.cpu}, then"
				" {marker.data.prevState}" : "{marker.name}");
	json_writer__key(jw, "chartLabel");
	json_writer__string(jw, "{marker.name}");
	json_writer__key(jw, "data");
	json_writer__begin_array(jw);
	ff_schema_field(jw, "cpu", "CPU", "integer");
	if (sched) {
		ff_schema_field(jw, "prevState", "State at switch-out", "string");
		ff_schema_field(jw, "nextComm", "Switched to", "string");
		ff_schema_field(jw, "nextPid", "Switched to pid", "integer");
	}
	json_writer__end_array(jw);
	json_writer__end_object(jw);
}

int firefox_profile__write(struct firefox_profile *fp, FILE *out, double interval_ms,
			   double start_ms, const char *product)
{
	struct json_writer jw;

	json_writer__init(&jw, out);
	json_writer__set_separators(&jw, ":", ",");
	json_writer__begin_object(&jw);
	json_writer__key(&jw, "meta");
	json_writer__begin_object(&jw);
	json_writer__key(&jw, "version");
	json_writer__u64(&jw, 27);
	json_writer__key(&jw, "interval");
	json_writer__double(&jw, "%.6f", interval_ms);
	json_writer__key(&jw, "startTime");
	json_writer__double(&jw, "%.6f", start_ms);
	/*
	 * the profile's range: the profiler takes it from the samples
	 * otherwise, and leaves out the markers after them
	 */
	json_writer__key(&jw, "profilingStartTime");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "profilingEndTime");
	json_writer__double(&jw, "%.6f", fp->any ? (double)(fp->end - fp->start) / 1e6 + interval_ms
					       : 0.0);
	json_writer__key(&jw, "shutdownTime");
	json_writer__null(&jw);
	json_writer__key(&jw, "processType");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "product");
	json_writer__string(&jw, product);
	json_writer__key(&jw, "oscpu");
	json_writer__string(&jw, "Linux");
	json_writer__key(&jw, "platform");
	json_writer__string(&jw, "Linux");
	json_writer__key(&jw, "stackwalk");
	json_writer__u64(&jw, 1);
	json_writer__key(&jw, "debug");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "gcpoison");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "asyncstack");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "presymbolicated");
	json_writer__bool(&jw, true);
	json_writer__key(&jw, "categories");
	json_writer__begin_array(&jw);
	for (size_t i = 0; i < ARRAY_SIZE(categories); i++) {
		json_writer__begin_object(&jw);
		json_writer__key(&jw, "name");
		json_writer__string(&jw, categories[i].name);
		json_writer__key(&jw, "color");
		json_writer__string(&jw, categories[i].color);
		json_writer__key(&jw, "subcategories");
		json_writer__begin_array(&jw);
		json_writer__string(&jw, "Other");
		json_writer__end_array(&jw);
		json_writer__end_object(&jw);
	}
	json_writer__end_array(&jw);
	json_writer__key(&jw, "markerSchema");
	json_writer__begin_array(&jw);
	ff_marker_schema(&jw, "OffCPU", "Off-CPU", false);
	ff_marker_schema(&jw, "SchedSwitch", "{marker.name} on CPU {marker.data.cpu}", true);
	json_writer__end_array(&jw);
	json_writer__end_object(&jw);
	fputc('\n', out);
	json_writer__key(&jw, "libs");
	json_writer__begin_array(&jw);
	json_writer__end_array(&jw);
	json_writer__key(&jw, "threads");
	json_writer__begin_array(&jw);
	for (size_t i = 0; i < fp->nr_threads; i++)
		ff_write_thread(&jw, out, fp, &fp->threads[i]);
	json_writer__end_array(&jw);
	json_writer__key(&jw, "processes");
	json_writer__begin_array(&jw);
	json_writer__end_array(&jw);
	json_writer__key(&jw, "pausedRanges");
	json_writer__begin_array(&jw);
	json_writer__end_array(&jw);
	json_writer__end_object(&jw);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
