// SPDX-License-Identifier: GPL-2.0-only
/*
 * resolved-sample.c: a sample's location and its stack of resolved
 * frames, the one path report, top, script and the unwind driver share
 * (resolved-sample.h). The rules are perf 6.1's thread__resolve_callchain:
 *
 *  - an LBR call-stack event's chain comes from its branch stack (already
 *    in display order, --max-stack applied by the LBR walk itself); an
 *    empty LBR call stack is no frames, not the recorded chain;
 *  - else the recorded chain, of which the first --max-stack entries in
 *    display order are kept;
 *  - then a --call-graph dwarf sample's unwound user frames (at most
 *    --max-stack): none at all until a map whose file has a known ELF
 *    class was seen in the process (perf's libunwind unwinder is set up
 *    for it then, unwind__prepare_access), from then on at least the user
 *    leaf, whether or not its own file can be read;
 *  - --ignore-callees: the last recorded chain frame (display order,
 *    within --max-stack) whose symbol matches becomes the sample's
 *    location and everything before it is dropped, unwound frames
 *    included in caller order (perf resets its cursor there);
 *  - -U leaves frames without a symbol out; only unwound frames are
 *    expanded into their inlined functions (perf 6.1's append_inlines);
 *  - caller order reverses the whole, inline expansions included.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/resolved-sample.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/map.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/srcline.h"
#include "prof/unwind.h"
#include "prof/inline-cache.h"
#include "prof/parse-options.h"

/*
 * Recorded chains resolved last, direct-mapped by the raw chain: a
 * profile repeats a few thousand distinct chains, and resolving one is a
 * map and symbol lookup per entry. The answer depends only on the raw
 * entries, the sample's cpumode, the thread's maps, the kernel's and the
 * lookup state, so an entry holds while machine__lookup_generation() is
 * the one it was filled under (symbolization.md, invariant 8b). Only for
 * chains nothing else shapes: no LBR, no stack to unwind, no --parent or
 * --ignore-callees, no source line key (frames then are the recorded
 * chain's only, none expanded).
 *
 * Frames made otherwise (unwound stacks, LBR call stacks, source-line
 * keys...) are resolved every time; with param.frame_ids they get an id
 * all the same, by what they are: the frames memo keeps the frames last
 * seen, direct-mapped by their hash, each with its id.
 */
#define CHAIN_MEMO_SLOTS 4096

struct chain_memo {
	u64 hash, gen;
	u64 id;				/* resolved_sample.chain_id: unique per fill */
	const struct maps *maps;
	u64 *ips;
	struct callchain_cursor_node *out;
	u64 *addrs;
	u8 *origin;
	struct map **maps_out;
	size_t alloc_ips, alloc_out;
	u32 nr_ips;
	int nr;
	u8 cpumode;
	bool used;
};

struct sample_resolver {
	struct machine *m;
	struct chain_memo *memo;	/* CHAIN_MEMO_SLOTS, made at first use */
	struct chain_memo *frames_memo;	/* the same, by the frames */
	struct resolve_param p;
	/* the recorded (or LBR) chain as the machine resolves it */
	struct callchain_frame *chain;
	/* the chain's frames kept, and the unwound ones, before expansion */
	struct callchain_cursor_node *kframes, *uframes;
	u64 *kaddr, *uaddr;
	struct map **kmap, **umap;
	int nr_uframes;
	/* the sample's frames: what resolved_sample points to */
	struct callchain_cursor_node *out;
	u64 *addrs;
	u8 *origin;
	struct map **maps;
	struct inline_cache *inlines;
	void *intern_ctx;
};

struct sample_resolver *sample_resolver__new(struct machine *m, const struct resolve_param *p)
{
	struct sample_resolver *r = xzalloc(sizeof(*r));

	r->m = m;
	r->p = *p;
	r->chain = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->chain));
	r->kframes = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->kframes));
	r->uframes = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->uframes));
	r->kaddr = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->kaddr));
	r->uaddr = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->uaddr));
	r->out = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->out));
	r->addrs = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->addrs));
	r->origin = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->origin));
	r->kmap = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->kmap));
	r->umap = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->umap));
	r->maps = xcalloc(RESOLVE_MAX_FRAMES, sizeof(*r->maps));
	return r;
}

static void chain_memo__free(struct chain_memo *memo)
{
	for (u32 i = 0; memo && i < CHAIN_MEMO_SLOTS; i++) {
		free(memo[i].ips);
		free(memo[i].out);
		free(memo[i].addrs);
		free(memo[i].origin);
		free(memo[i].maps_out);
	}
	free(memo);
}

void sample_resolver__delete(struct sample_resolver *r)
{
	if (!r)
		return;
	free(r->chain);
	free(r->kframes);
	free(r->uframes);
	free(r->kaddr);
	free(r->uaddr);
	free(r->out);
	free(r->addrs);
	free(r->origin);
	free(r->kmap);
	free(r->umap);
	free(r->maps);
	inline_cache__delete(r->inlines);
	chain_memo__free(r->memo);
	chain_memo__free(r->frames_memo);
	free(r);
}

int resolved_sample__resolve(struct sample_resolver *r, const struct perf_sample *s,
			     struct resolved_sample *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->frames = r->out;
	rs->addrs = r->addrs;
	rs->origin = r->origin;
	rs->maps = (struct map *const *)r->maps;
	machine__jit_advance(r->m, s->time);
	return machine__resolve(r->m, s->cpumode, (pid_t)s->pid, (pid_t)s->tid, s->ip, &rs->al);
}

void resolved_sample__exit(struct resolved_sample *rs)
{
	addr_location__exit(&rs->al);
}

/* unwind__get_entries callback: the user frames of a --call-graph dwarf sample. */
static int on_unwind_entry(const struct unwind_entry *e, void *arg)
{
	struct sample_resolver *r = arg;
	struct callchain_cursor_node *c;

	if (r->nr_uframes >= RESOLVE_MAX_FRAMES)
		return 1;
	r->uaddr[r->nr_uframes] = e->addr;
	r->umap[r->nr_uframes] = e->map;
	c = &r->uframes[r->nr_uframes++];
	c->inlined = false;
	c->srcline = NULL;
	c->ip = e->ip;
	c->has_map = e->map != NULL;
	c->map_size = e->map ? e->map->end - e->map->start : 0;
	c->dso = e->map ? e->dso : NULL;
	c->sym = e->map ? e->sym : NULL;
	c->level = '.';
	return 0;
}

/*
 * perf 6.1's unwind__prepare_access: libunwind is set up for a process's
 * maps once one of them has a file whose ELF class it can read (dso__type;
 * the [vdso] is one when perf can see its own), and unwinds none of its
 * samples before. Asked of the maps as they are at the sample (perf asks
 * as each map comes); the answer sticks, as perf's.
 */
static bool unwind_ready(struct thread *t)
{
	struct maps *maps = t->maps;

	if (!maps || maps->unwind_ready)
		return maps != NULL;
	for (size_t i = 0; i < maps->nr; i++) {
		struct map *map = maps->entries[i];

		if (map->dso && !map->identity && dso__elf_class(map->dso)) {
			maps->unwind_ready = true;
			break;
		}
	}
	return maps->unwind_ready;
}

/*
 * perf's callchain_srcline: with the address or srcline key every frame
 * with a map carries its source line, printed after the function and,
 * for the srcline key, compared instead of it. When perf's addr2line does
 * not know the address: "+offset" from the symbol or "dso[address]" for
 * the address key, nothing for the srcline key (the frame then compares
 * by function). perf asks about the map-relative address here.
 */
static const char *chain_srcline(struct sample_resolver *r, const struct callchain_cursor_node *c,
				 u64 addr)
{
	bool show_addr = r->p.key == CCKEY_ADDRESS;

	if (!show_addr && !dso__srcline_found(c->dso, addr, c->sym))
		return NULL;	/* perf shows none, and compares the function */
	/* show_sym off: the fallback is "+offset" */
	return r->p.intern(r->intern_ctx, dso__srcline_str(c->dso, addr, c->sym, false, show_addr));
}

/* Append @node to the frames; @expand: perf 6.1 expands inlines of unwound frames only. */
static void push(struct sample_resolver *r, int *nr, const struct callchain_cursor_node *node,
		 u64 addr, struct map *map, enum frame_origin origin)
{
	const struct inline_entry *e = NULL;
	struct callchain_cursor_node copy;
	const struct callchain_cursor_node *c = node;
	int n;

	/* -U: perf's add_callchain_ip leaves unresolved frames out */
	if (r->p.hide_unresolved && !c->sym)
		return;
	if (r->p.key != CCKEY_FUNCTION && r->p.intern && c->dso && c->has_map && !c->srcline) {
		copy = *node;
		copy.srcline = chain_srcline(r, &copy, addr);
		c = &copy;
	}
	if (origin == FRAME_UNWOUND && r->p.inline_names && c->sym && c->has_map && c->dso) {
		if (!r->inlines)
			r->inlines = inline_cache__new();
		e = inline_cache__find(r->inlines, c->dso, c->sym, addr);
	}
	n = inline_entry__expand(e, c, r->p.caller, &r->out[*nr], RESOLVE_MAX_FRAMES - *nr);
	for (int i = 0; i < n; i++) {
		r->addrs[*nr + i] = addr;
		r->origin[*nr + i] = (u8)origin;
		r->maps[*nr + i] = map;
	}
	*nr += n;
}

int parse_ignore_callees_opt(const struct option *opt, const char *arg, int unset)
{
	struct callee_regex *cr = opt->value;
	char buf[256];
	int err;

	if (unset || !arg)
		return 0;
	callee_regex__exit(cr);
	err = regcomp(&cr->re, arg, REG_EXTENDED);
	if (err) {
		regerror(err, &cr->re, buf, sizeof(buf));
		return error("Invalid --ignore-callees regex: %s\n%s", arg, buf);
	}
	cr->set = true;
	return 0;
}

void callee_regex__exit(struct callee_regex *cr)
{
	if (cr->set)
		regfree(&cr->re);
	cr->set = false;
}

/* The entries of @s's chain before its first unknown context marker. */
static size_t chain_valid_prefix(const struct perf_sample *s)
{
	size_t i;

	for (i = 0; i < s->callchain_nr; i++) {
		u64 ip = s->callchain[i];

		if (ip >= PROF_CONTEXT_MAX && ip != PROF_CONTEXT_HV &&
		    ip != PROF_CONTEXT_KERNEL && ip != PROF_CONTEXT_USER)
			break;
	}
	return i;
}

/* --ignore-callees: the sample's location becomes chain frame @f's. */
static void reroot(struct resolved_sample *rs, const struct callchain_frame *f)
{
	struct addr_location *al = &rs->al;

	map__put(al->map);
	al->map = map__get(f->map);
	al->dso = f->dso;
	al->sym = f->sym;
	al->addr = f->addr;
	al->level = f->level;
	if (f->level == 'k')
		al->cpumode = PROF_CPUMODE_KERNEL;
	else if (f->level == '.')
		al->cpumode = PROF_CPUMODE_USER;
	rs->rerooted = true;
}

static u64 chain_memo__hash(const struct perf_sample *s, const struct maps *maps)
{
	u64 x = s->callchain_nr ^ ((u64)s->cpumode << 32) ^ (uintptr_t)maps;

	for (u64 i = 0; i < s->callchain_nr; i++)
		x = (x ^ s->callchain[i]) * 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 31);
}

/* The slot of @s's chain, or NULL when the memo does not apply to it. */
static struct chain_memo *chain_memo__slot(struct sample_resolver *r, const struct perf_sample *s,
					   const struct resolved_sample *rs, u64 st, u64 *hash)
{
	const struct maps *maps;

	if (!s->callchain_nr || s->callchain_nr > RESOLVE_MAX_FRAMES ||
	    (st & PERF_SAMPLE_BRANCH_STACK) || (st & PERF_SAMPLE_STACK_USER) ||
	    r->p.parent_regex || r->p.ignore_callees_regex || r->p.key != CCKEY_FUNCTION ||
	    !rs->al.thread)
		return NULL;
	maps = rs->al.thread->maps;
	*hash = chain_memo__hash(s, maps);
	if (!r->memo)
		r->memo = xcalloc(CHAIN_MEMO_SLOTS, sizeof(*r->memo));
	return &r->memo[(*hash ^ (*hash >> 29)) & (CHAIN_MEMO_SLOTS - 1)];
}

static bool chain_memo__hit(const struct chain_memo *c, const struct perf_sample *s,
			    const struct maps *maps, u64 hash)
{
	return c->used && c->hash == hash && c->gen == machine__lookup_generation() &&
	       c->maps == maps && c->cpumode == s->cpumode && c->nr_ips == s->callchain_nr &&
	       !memcmp(c->ips, s->callchain, s->callchain_nr * sizeof(*s->callchain));
}

/* Copies the resolver's @nr frames into @c and gives them a new id. */
static u64 chain_memo__keep_frames(struct chain_memo *c, const struct sample_resolver *r, int nr)
{
	static u64 last_id;

	if (c->alloc_out < (size_t)nr) {
		c->alloc_out = (size_t)nr;
		c->out = xrealloc(c->out, c->alloc_out * sizeof(*c->out));
		c->addrs = xrealloc(c->addrs, c->alloc_out * sizeof(*c->addrs));
		c->origin = xrealloc(c->origin, c->alloc_out * sizeof(*c->origin));
		c->maps_out = xrealloc(c->maps_out, c->alloc_out * sizeof(*c->maps_out));
	}
	memcpy(c->out, r->out, (size_t)nr * sizeof(*c->out));
	memcpy(c->addrs, r->addrs, (size_t)nr * sizeof(*c->addrs));
	memcpy(c->origin, r->origin, (size_t)nr * sizeof(*c->origin));
	memcpy(c->maps_out, r->maps, (size_t)nr * sizeof(*c->maps_out));
	c->nr = nr;
	c->used = true;
	c->id = ++last_id;
	return c->id;
}

/* Fills @c with the frames just resolved; returns its new id, 0 if not filled. */
static u64 chain_memo__fill(struct sample_resolver *r, struct chain_memo *c,
			    const struct perf_sample *s, const struct maps *maps, u64 hash,
			    u64 gen, int nr)
{
	c->used = false;
	/* a lookup that loaded symbols may have changed what earlier ones found */
	if (gen != machine__lookup_generation())
		return 0;
	if (c->alloc_ips < s->callchain_nr)
		c->ips = xgrow(c->ips, sizeof(*c->ips), s->callchain_nr, &c->alloc_ips);
	memcpy(c->ips, s->callchain, s->callchain_nr * sizeof(*s->callchain));
	c->hash = hash;
	c->gen = gen;
	c->maps = maps;
	c->cpumode = s->cpumode;
	c->nr_ips = (u32)s->callchain_nr;
	return chain_memo__keep_frames(c, r, nr);
}

static u64 frames_hash(const struct sample_resolver *r, int nr)
{
	u64 x = (u64)nr;

	for (int i = 0; i < nr; i++) {
		const struct callchain_cursor_node *f = &r->out[i];

		x = (x ^ f->ip ^ ((uintptr_t)f->sym << 9)) * 0x9e3779b97f4a7c15ULL;
		x = (x ^ r->addrs[i] ^ (uintptr_t)r->maps[i] ^ ((uintptr_t)f->srcline << 7)) *
		    0xff51afd7ed558ccdULL;
	}
	return x ^ (x >> 31);
}

static bool frames_same(const struct chain_memo *c, const struct sample_resolver *r, int nr)
{
	if (c->nr != nr)
		return false;
	for (int i = 0; i < nr; i++)
		if (!callchain_cursor_node__same(&c->out[i], &r->out[i]) ||
		    c->addrs[i] != r->addrs[i] || c->origin[i] != r->origin[i] ||
		    c->maps_out[i] != r->maps[i])
			return false;
	return true;
}

/* The id of the resolver's @nr frames: the one they had before, else a new one. */
static u64 frames_memo__id(struct sample_resolver *r, int nr)
{
	u64 hash;
	struct chain_memo *c;

	if (!nr)
		return 0;
	hash = frames_hash(r, nr);
	if (!r->frames_memo)
		r->frames_memo = xcalloc(CHAIN_MEMO_SLOTS, sizeof(*r->frames_memo));
	c = &r->frames_memo[(hash ^ (hash >> 29)) & (CHAIN_MEMO_SLOTS - 1)];
	if (c->used && c->hash == hash && frames_same(c, r, nr))
		return c->id;
	c->hash = hash;
	return chain_memo__keep_frames(c, r, nr);
}

int resolved_sample__chain(struct sample_resolver *r, const struct perf_sample *s,
			   struct resolved_sample *rs, void *intern_ctx)
{
	struct chain_memo *memo;
	u64 hash = 0, gen = machine__lookup_generation();
	const regex_t *parent_re = r->p.parent_regex;
	const regex_t *ignore_re = r->p.ignore_callees_regex;
	const struct callchain_frame *root = NULL;
	int kstart = 0;
	u64 st = s->evsel ? s->evsel->attr.sample_type : 0;
	int n = -1, nr = 0, nk = 0, max_stack = r->p.max_stack;
	bool caller = r->p.caller, lbr, corrupt;
	enum frame_origin korigin;
	const struct callchain_frame *parent_frame = NULL;

	r->intern_ctx = intern_ctx;
	r->nr_uframes = 0;
	rs->parent = NULL;
	rs->chain_id = 0;
	memo = chain_memo__slot(r, s, rs, st, &hash);
	if (memo && chain_memo__hit(memo, s, rs->al.thread->maps, hash)) {
		memcpy(r->out, memo->out, (size_t)memo->nr * sizeof(*r->out));
		memcpy(r->addrs, memo->addrs, (size_t)memo->nr * sizeof(*r->addrs));
		memcpy(r->maps, memo->maps_out, (size_t)memo->nr * sizeof(*r->maps));
		memcpy(r->origin, memo->origin, (size_t)memo->nr * sizeof(*r->origin));
		rs->chain_id = memo->id;
		rs->nr = memo->nr;
		return rs->nr;
	}
	/* --call-graph lbr: the user part from the branch stack, in display order */
	if (s->callchain_nr && (st & PERF_SAMPLE_BRANCH_STACK) &&
	    (s->evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK))
		n = machine__resolve_lbr_callchain(r->m, (pid_t)s->pid, (pid_t)s->tid,
						   s->callchain, s->callchain_nr, s->branch,
						   s->branch_nr, max_stack, !caller, r->chain,
						   RESOLVE_MAX_FRAMES);
	/* an empty LBR call stack is no frames, not the recorded chain */
	lbr = n >= 0;
	korigin = lbr ? FRAME_LBR : FRAME_CHAIN;
	if (!lbr)
		n = 0;
	if (s->callchain_nr && !lbr)
		n = machine__resolve_callchain(r->m, s->cpumode, (pid_t)s->pid, (pid_t)s->tid,
					       s->callchain, s->callchain_nr, r->chain,
					       RESOLVE_MAX_FRAMES);
	/*
	 * A chain with an unknown context marker has no frames, but perf
	 * walked the entries before the marker first (callee order: from
	 * the chain's start): its --parent and --ignore-callees matches
	 * there stand.
	 */
	corrupt = n < 0;
	if (corrupt && !caller && (parent_re || ignore_re))
		n = machine__resolve_callchain(r->m, s->cpumode, (pid_t)s->pid, (pid_t)s->tid,
					       s->callchain, chain_valid_prefix(s), r->chain,
					       RESOLVE_MAX_FRAMES);
	/* perf takes the first match in display order, within --max-stack */
	for (int i = 0; parent_re && i < n && (lbr || i < max_stack); i++) {
		int j = caller && !lbr ? n - 1 - i : i;
		struct callchain_frame *f = &r->chain[j];

		if (f->sym && !regexec(parent_re, f->sym->name, 0, NULL, 0)) {
			rs->parent = f->sym;
			parent_frame = f;
			break;
		}
	}
	/* perf keeps the first --max-stack entries in display order */
	for (int i = 0; i < n && (nk < max_stack || lbr); i++) {
		int j = caller && !lbr ? n - 1 - i : i;
		struct callchain_frame *f = &r->chain[j];
		struct callchain_cursor_node *c = &r->kframes[nk++];

		c->ip = f->ip;
		c->dso = f->map ? f->dso : NULL;
		c->has_map = f->map != NULL;
		c->map_size = f->map ? f->map->end - f->map->start : 0;
		c->sym = f->map ? f->sym : NULL;
		c->inlined = false;
		c->srcline = NULL;
		c->level = f->level;
		r->kaddr[nk - 1] = f->addr;
		r->kmap[nk - 1] = f->map;
		/* perf tries --parent first: its frame is never a root */
		if (ignore_re && f->map && f->sym && f != parent_frame &&
		    !regexec(ignore_re, f->sym->name, 0, NULL, 0)) {
			root = f;
			kstart = nk - 1;
		}
	}
	if (root)
		reroot(rs, root);
	if (corrupt)
		nk = kstart = 0;
	if ((st & PERF_SAMPLE_REGS_USER) && (st & PERF_SAMPLE_STACK_USER) &&
	    s->user_regs.regs && unwind__user_stack(s, NULL) && rs->al.thread &&
	    unwind_ready(rs->al.thread))
		unwind__get_entries(r->m, rs->al.thread, s, max_stack, on_unwind_entry, r);
	if (caller) {
		/* unwound first here, so a root drops them with the callers */
		for (int i = r->nr_uframes - 1; i >= 0 && !root; i--)
			push(r, &nr, &r->uframes[i], r->uaddr[i], r->umap[i], FRAME_UNWOUND);
		for (int i = kstart; i < nk; i++)
			push(r, &nr, &r->kframes[i], r->kaddr[i], r->kmap[i], korigin);
	} else {
		for (int i = kstart; i < nk; i++)
			push(r, &nr, &r->kframes[i], r->kaddr[i], r->kmap[i], korigin);
		for (int i = 0; i < r->nr_uframes; i++)
			push(r, &nr, &r->uframes[i], r->uaddr[i], r->umap[i], FRAME_UNWOUND);
	}
	if (memo)
		rs->chain_id = chain_memo__fill(r, memo, s, rs->al.thread->maps, hash, gen, nr);
	else if (r->p.frame_ids)
		rs->chain_id = frames_memo__id(r, nr);
	rs->nr = nr;
	return nr;
}

u64 resolved_sample__symoff(const struct resolved_sample *rs, int i)
{
	const struct callchain_cursor_node *f = &rs->frames[i];

	return f->sym && rs->addrs[i] >= f->sym->start ? rs->addrs[i] - f->sym->start : 0;
}

const char *resolved_sample__srcline(const struct resolved_sample *rs, int i,
				     bool show_sym, bool show_addr)
{
	const struct callchain_cursor_node *f = &rs->frames[i];

	if (!f->has_map || !f->dso)
		return NULL;
	if (f->srcline && (f->inlined || rs->origin[i] == FRAME_UNWOUND))
		return f->srcline;
	return dso__srcline_str(f->dso, rs->addrs[i], f->sym, show_sym, show_addr);
}
