/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * resolved-sample.h: one path from a sample to its resolved stack, as
 * perf's machine__resolve + thread__resolve_callchain build it: the
 * sample's own location (thread, map, dso, symbol) and its frames in
 * display order: the recorded chain (kernel and frame-pointer user
 * frames, at most --max-stack), or the LBR call stack, then the user
 * frames of a --call-graph dwarf sample unwound from its stack copy, each
 * unwound frame expanded into its inlined functions (--inline), with the
 * source lines the call-graph key asks for. report, top, script and the
 * unwind test driver all build their stacks here, so they agree by
 * construction (Documentation/technical/symbolization.md, "Resolved
 * samples").
 *
 * Usage: one resolver per machine and set of options; per sample,
 * resolved_sample__resolve() then (for the frames) resolved_sample__chain(),
 * read rs->frames, then resolved_sample__exit(). The frames live in the
 * resolver and are overwritten by the next sample; dso and sym pointers
 * live as long as the machine (inline stand-in symbols and their source
 * lines as long as the resolver).
 */
#ifndef PROF_RESOLVED_SAMPLE_H
#define PROF_RESOLVED_SAMPLE_H

#include "compat.h"
#include "callchain.h"	/* struct callchain_cursor_node, enum chain_key */
#include "machine.h"	/* struct addr_location */
#include <regex.h>

struct perf_sample;
struct sample_resolver;

/* Where a frame came from: perf 6.1 treats them differently. */
enum frame_origin {
	FRAME_CHAIN,		/* PERF_SAMPLE_CALLCHAIN (kernel, frame-pointer user) */
	FRAME_LBR,		/* the branch stack of an LBR call-stack event */
	FRAME_UNWOUND,		/* unwound from a --call-graph dwarf stack copy */
};

/* What the frames should hold; fixed for the resolver's life. */
struct resolve_param {
	/*
	 * --max-stack: at most this many frames of the recorded chain (the
	 * first ones in display order, as perf) and of the unwound stack
	 * (there <= 0 means 127, unwind__get_entries'); never more than
	 * RESOLVE_MAX_FRAMES of either.
	 */
	int max_stack;
	bool caller;		/* display order caller first (-g caller, Children) */
	bool inline_names;	/* --inline: unwound frames show their inlined functions */
	bool hide_unresolved;	/* -U: frames without a symbol are left out */
	/*
	 * -g ...,address|srcline: every frame with a map carries its source
	 * line (perf's callchain_srcline); CCKEY_FUNCTION: only expanded
	 * inline frames have one. Needs @intern.
	 */
	enum chain_key key;
	/* keeps a srcline string (a string table); ctx is resolved_sample__chain's */
	const char *(*intern)(void *ctx, const char *s);
	/* --parent: a compiled regex (regex_t *), NULL for none */
	const void *parent_regex;
	/*
	 * --ignore-callees: a compiled regex (regex_t *), NULL for none. A
	 * recorded chain frame (within --max-stack) whose symbol matches
	 * becomes the sample's location, and the frames before it in
	 * display order are dropped (perf's add_callchain_ip); the
	 * --parent frame itself is not tried, as perf.
	 */
	const void *ignore_callees_regex;
	/*
	 * Give frames the raw-chain memo does not cover (unwound, LBR,
	 * source-line keys) a chain_id too, from a table of frames seen
	 * before (a hash and a compare per sample): for users that key by it.
	 */
	bool frame_ids;
};

/* --ignore-callees of report and top: resolve_param.ignore_callees_regex when set. */
struct callee_regex {
	regex_t re;
	bool set;
};
struct option;
/*
 * The option's callback: opt->value is a struct callee_regex, compiled as
 * perf does (extended); a bad regex is perf's two-line message and -1.
 * The last one given counts.
 */
int parse_ignore_callees_opt(const struct option *opt, const char *arg, int unset);
void callee_regex__exit(struct callee_regex *cr);

/* The largest number of frames one sample gives (perf's PERF_MAX_STACK_DEPTH * 8). */
#define RESOLVE_MAX_FRAMES	1024

/*
 * One sample, resolved. al: the sample's ip (references dropped by
 * resolved_sample__exit). After resolved_sample__chain: nr frames in
 * display order, parallel arrays owned by the resolver:
 *   frames[i]  what hists consume and compare: frames[i].ip is the
 *              frame's virtual address (the recorded chain entry, the
 *              unwound return address - 1; inlined frames share the
 *              address of the frame they expand), dso NULL and has_map
 *              false for a map-less frame ("[unknown]"), sym NULL when
 *              no symbol holds it, inlined for an inlined function (sym
 *              then a stand-in carrying its name, with the outer
 *              function's start), srcline the inline frame's "file.c:12"
 *              or the key's source line, else NULL, level '.', 'k' ...;
 *   addrs[i]   the map-relative (DSO) address the symbol and source line
 *              were looked up at, the ip without a map (the address perf
 *              6.1's script prints for every frame);
 *   origin[i]  enum frame_origin;
 *   maps[i]    the frame's map (its start, end and file offset), NULL
 *              for a map-less frame; borrowed, valid only until the
 *              machine processes its next event.
 * parent: the first frame (display order, within --max-stack) whose
 * symbol matches --parent, or NULL.
 * rerooted: resolved_sample__chain moved al to the last chain frame
 * matching --ignore-callees (al then holds that frame's map, symbol,
 * address and level; its thread is the sample's).
 * chain_id: when not 0, every sample given the same id had the same
 * frames, field for field (the resolver's memos: the same raw chain
 * resolved under the same lookup state, or frames equal to ones seen
 * before, with param.frame_ids); 0 says nothing.
 */
struct resolved_sample {
	struct addr_location al;
	int nr;
	const struct callchain_cursor_node *frames;
	const u64 *addrs;
	const u8 *origin;
	struct map *const *maps;
	struct symbol *parent;
	bool rerooted;
	u64 chain_id;
};

/* A resolver for the samples of @m (borrowed). @p is copied. */
struct sample_resolver *sample_resolver__new(struct machine *m, const struct resolve_param *p);
void sample_resolver__delete(struct sample_resolver *r);	/* NULL is a no-op */

/*
 * The sample's own location (perf's machine__resolve, after bringing the
 * machine's JIT maps up to the sample's time). Returns 0; a missing map or
 * symbol is not an error. rs->nr is 0 until resolved_sample__chain.
 */
int resolved_sample__resolve(struct sample_resolver *r, const struct perf_sample *s,
			     struct resolved_sample *rs);

/*
 * The frames of @s (resolved by resolved_sample__resolve into @rs), as
 * perf's thread__resolve_callchain: an LBR call stack, else the recorded
 * chain; then, for a sample with REGS_USER and STACK_USER, the unwound
 * user stack (perf delivers none when no map holds the user leaf or its
 * file cannot be read under --symfs; the leaf is then only in al). In
 * caller order the whole is reversed, inline expansions included.
 * --ignore-callees may move rs->al (rs->rerooted).
 * @intern_ctx goes to param.intern. Returns rs->nr.
 */
int resolved_sample__chain(struct sample_resolver *r, const struct perf_sample *s,
			   struct resolved_sample *rs, void *intern_ctx);

/* Drops the references of rs->al. */
void resolved_sample__exit(struct resolved_sample *rs);

/*
 * perf script's view of frame @i of @rs: its offset in its symbol
 * (addrs[i] - sym->start; 0 without a symbol), and its source line: an
 * expanded inline frame's own, else dso__srcline_str()'s text for
 * addrs[i] (@show_sym, @show_addr as there); NULL for a map-less frame.
 * Borrowed: valid until the next call.
 */
u64 resolved_sample__symoff(const struct resolved_sample *rs, int i);
const char *resolved_sample__srcline(const struct resolved_sample *rs, int i,
				     bool show_sym, bool show_addr);

#endif /* PROF_RESOLVED_SAMPLE_H */
