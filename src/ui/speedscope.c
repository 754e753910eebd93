// SPDX-License-Identifier: GPL-2.0-only
/*
 * speedscope.c: resolved samples to speedscope's file format
 * (speedscope.h), as its file-format-schema.json describes it:
 *
 *   { "$schema": "https://www.speedscope.app/file-format-schema.json",
 *     "shared": { "frames": [ { "name": ..., "file": ... }, ... ] },
 *     "profiles": [ { "type": "sampled", "name": ..., "unit": ...,
 *                     "startValue": 0, "endValue": <sum of weights>,
 *                     "samples": [ [ <frame index, root first>, ... ], ... ],
 *                     "weights": [ ... ] }, ... ],
 *     "name": ..., "activeProfileIndex": 0, "exporter": "prof ..." }
 *
 * A frame is a function name (perf script's "[unknown]" without one) and
 * the file of its DSO; frames are kept once (itab.h).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/speedscope.h"
#include "prof/resolved-sample.h"
#include "prof/json-writer.h"
#include "prof/itab.h"
#include "prof/dso.h"
#include "prof/symbol.h"

struct ss_frame {
	char *name, *file;
};

struct ss_profile {
	s64 pid, tid;
	char *comm;
	const char *event, *unit;
	u32 *frames;		/* the stacks, one after the other */
	size_t nr_frames, alloc_frames;
	u32 *depth;		/* each sample's number of frames */
	u64 *weights;
	size_t nr_samples, alloc_samples;
	u64 total;
};

struct speedscope {
	struct ss_frame *frames;
	size_t nr_frames, alloc_frames;
	struct itab frame_tab;
	struct ss_profile *profiles;
	size_t nr_profiles, alloc_profiles;
	struct itab profile_tab;
};

struct speedscope *speedscope__new(void)
{
	return xzalloc(sizeof(struct speedscope));
}

void speedscope__delete(struct speedscope *ss)
{
	if (!ss)
		return;
	for (size_t i = 0; i < ss->nr_frames; i++) {
		free(ss->frames[i].name);
		free(ss->frames[i].file);
	}
	free(ss->frames);
	itab_exit(&ss->frame_tab);
	for (size_t i = 0; i < ss->nr_profiles; i++) {
		free(ss->profiles[i].comm);
		free(ss->profiles[i].frames);
		free(ss->profiles[i].depth);
		free(ss->profiles[i].weights);
	}
	free(ss->profiles);
	itab_exit(&ss->profile_tab);
	free(ss);
}

static bool frame_eq(void *ctx, u32 idx, const void *key)
{
	const struct speedscope *ss = ctx;
	const struct ss_frame *a = &ss->frames[idx], *b = key;

	return !strcmp(a->name, b->name) && !strcmp(a->file, b->file);
}

static u32 ss_frame(struct speedscope *ss, const struct symbol *sym, const struct dso *dso)
{
	struct ss_frame f = {
		.name = (char *)(sym ? sym->name : "[unknown]"),
		.file = (char *)(dso ? dso->long_name : ""),
	};
	u64 h = itab_mix(itab_hash_str(f.name), itab_hash_str(f.file));
	size_t slot = itab_find(&ss->frame_tab, h, frame_eq, ss, &f);

	if (ss->frame_tab.val[slot])
		return ss->frame_tab.val[slot] - 1;
	if (ss->nr_frames == ss->alloc_frames) {
		ss->alloc_frames = ss->alloc_frames ? 2 * ss->alloc_frames : 256;
		ss->frames = xrealloc(ss->frames, ss->alloc_frames * sizeof(*ss->frames));
	}
	ss->frames[ss->nr_frames] = (struct ss_frame){ xstrdup(f.name), xstrdup(f.file) };
	itab_add(&ss->frame_tab, slot, h, (u32)ss->nr_frames);
	return (u32)ss->nr_frames++;
}

struct profile_key {
	s64 pid, tid;
	const char *event;
};

static bool profile_eq(void *ctx, u32 idx, const void *key)
{
	const struct speedscope *ss = ctx;
	const struct ss_profile *a = &ss->profiles[idx];
	const struct profile_key *b = key;

	return a->pid == b->pid && a->tid == b->tid && a->event == b->event;
}

static struct ss_profile *ss_profile(struct speedscope *ss, s64 pid, s64 tid, const char *comm,
				     const char *event, const char *unit)
{
	struct profile_key k = { pid, tid, event };
	u64 h = itab_mix(itab_mix(itab_mix(0, (u64)pid), (u64)tid), (u64)(uintptr_t)event);
	size_t slot = itab_find(&ss->profile_tab, h, profile_eq, ss, &k);
	struct ss_profile *p;

	if (ss->profile_tab.val[slot])
		return &ss->profiles[ss->profile_tab.val[slot] - 1];
	if (ss->nr_profiles == ss->alloc_profiles) {
		ss->alloc_profiles = ss->alloc_profiles ? 2 * ss->alloc_profiles : 16;
		ss->profiles = xrealloc(ss->profiles, ss->alloc_profiles * sizeof(*ss->profiles));
	}
	p = &ss->profiles[ss->nr_profiles];
	*p = (struct ss_profile){
		.pid = pid, .tid = tid, .comm = xstrdup(comm ? comm : ""),
		.event = event, .unit = unit,
	};
	itab_add(&ss->profile_tab, slot, h, (u32)ss->nr_profiles++);
	return p;
}

void speedscope__add(struct speedscope *ss, const struct resolved_sample *rs, int nr,
		     s64 pid, s64 tid, const char *comm, const char *event, const char *unit,
		     u64 weight)
{
	struct ss_profile *p = ss_profile(ss, pid, tid, comm, event, unit);
	size_t n = nr ? (size_t)nr : 1;

	/* the thread's name is its last comm (after an exec, the new one) */
	if (comm && strcmp(p->comm, comm)) {
		free(p->comm);
		p->comm = xstrdup(comm);
	}
	while (p->nr_frames + n > p->alloc_frames) {
		p->alloc_frames = p->alloc_frames ? 2 * p->alloc_frames : 1024;
		p->frames = xrealloc(p->frames, p->alloc_frames * sizeof(*p->frames));
	}
	if (p->nr_samples == p->alloc_samples) {
		p->alloc_samples = p->alloc_samples ? 2 * p->alloc_samples : 256;
		p->depth = xrealloc(p->depth, p->alloc_samples * sizeof(*p->depth));
		p->weights = xrealloc(p->weights, p->alloc_samples * sizeof(*p->weights));
	}
	if (!nr) {
		p->frames[p->nr_frames++] = ss_frame(ss, rs->al.sym, rs->al.map ? rs->al.dso : NULL);
	} else {
		/* root first: the frames are callee first */
		for (int i = nr - 1; i >= 0; i--) {
			const struct callchain_cursor_node *f = &rs->frames[i];

			p->frames[p->nr_frames++] = ss_frame(ss, f->sym, f->has_map ? f->dso : NULL);
		}
	}
	p->depth[p->nr_samples] = (u32)n;
	p->weights[p->nr_samples++] = weight;
	p->total += weight;
}

int speedscope__write(struct speedscope *ss, FILE *out, const char *name, bool multi_event)
{
	struct json_writer jw;

	json_writer__init(&jw, out);
	json_writer__set_separators(&jw, ":", ",");
	json_writer__begin_object(&jw);
	json_writer__key(&jw, "$schema");
	json_writer__string(&jw, "https://www.speedscope.app/file-format-schema.json");
	json_writer__key(&jw, "shared");
	json_writer__begin_object(&jw);
	json_writer__key(&jw, "frames");
	json_writer__begin_array(&jw);
	for (size_t i = 0; i < ss->nr_frames; i++) {
		json_writer__begin_object(&jw);
		json_writer__key(&jw, "name");
		json_writer__string(&jw, ss->frames[i].name);
		if (*ss->frames[i].file) {
			json_writer__key(&jw, "file");
			json_writer__string(&jw, ss->frames[i].file);
		}
		json_writer__end_object(&jw);
	}
	json_writer__end_array(&jw);
	json_writer__end_object(&jw);
	json_writer__key(&jw, "profiles");
	json_writer__begin_array(&jw);
	for (size_t i = 0; i < ss->nr_profiles; i++) {
		const struct ss_profile *p = &ss->profiles[i];
		char title[512];
		size_t k = 0;

		snprintf(title, sizeof(title), "%s %" PRIi64 "/%" PRIi64 "%s%s", p->comm, p->pid,
			 p->tid, multi_event ? " " : "", multi_event ? p->event : "");
		json_writer__begin_object(&jw);
		json_writer__key(&jw, "type");
		json_writer__string(&jw, "sampled");
		json_writer__key(&jw, "name");
		json_writer__string(&jw, title);
		json_writer__key(&jw, "unit");
		json_writer__string(&jw, p->unit);
		json_writer__key(&jw, "startValue");
		json_writer__u64(&jw, 0);
		json_writer__key(&jw, "endValue");
		json_writer__u64(&jw, p->total);
		json_writer__key(&jw, "samples");
		json_writer__begin_array(&jw);
		for (size_t s = 0; s < p->nr_samples; s++) {
			json_writer__begin_array(&jw);
			for (u32 d = 0; d < p->depth[s]; d++)
				json_writer__u64(&jw, p->frames[k++]);
			json_writer__end_array(&jw);
		}
		json_writer__end_array(&jw);
		json_writer__key(&jw, "weights");
		json_writer__begin_array(&jw);
		for (size_t s = 0; s < p->nr_samples; s++)
			json_writer__u64(&jw, p->weights[s]);
		json_writer__end_array(&jw);
		json_writer__end_object(&jw);
	}
	json_writer__end_array(&jw);
	json_writer__key(&jw, "name");
	json_writer__string(&jw, name);
	json_writer__key(&jw, "activeProfileIndex");
	json_writer__u64(&jw, 0);
	json_writer__key(&jw, "exporter");
	json_writer__string(&jw, "prof " PROF_VERSION);
	json_writer__end_object(&jw);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
