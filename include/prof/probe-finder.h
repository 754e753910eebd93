/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * probe-finder.h: where perf probe puts a probe, and what it fetches there,
 * from a binary's ELF symbols and, where it has them (in the file or in
 * /usr/lib/debug), its DWARF: function entries, perf's placement after the
 * prologue, source lines, and variables turned into the fetch arguments of
 * uprobe_events/kprobe_events (x86_64 register names).
 *
 * A probe definition is perf's:
 *   [[GROUP:]EVENT=]FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL [ARG ...]
 * with ARG [NAME=]VAR[->FIELD|.FIELD...][:TYPE], or a raw tracer argument
 * (%reg, +OFF(...), $stack, @SYM, $retval ...).
 */
#ifndef PROF_PROBE_FINDER_H
#define PROF_PROBE_FINDER_H

#include "compat.h"

struct probe_arg {
	char *name;		/* NAME= given, or the last field; NULL */
	char *var;		/* "t", "%di", "$retval" ... */
	char *fields;		/* "->c.d" as written, or NULL */
	char *type;		/* ":TYPE" without the colon, or NULL */
	bool raw;		/* a tracer argument, passed as it is */
};

struct probe_def {
	char *group, *event;	/* NULL: derived */
	char *function;
	char *file;		/* @SRC, or the file of SRC:AL */
	int line;		/* :RL (function) or :AL (file); 0 none */
	bool has_line;
	char *lazy;		/* ;PT (refused: not supported) */
	u64 offset;		/* +OFF */
	bool retprobe;		/* %return */
	bool no_inlines;	/* --no-inlines: no inline instances */
	struct probe_arg *args;
	int nargs;
	char *text;		/* the point as perf prints it: "foo+4" */
};

/* Parse @str; 0, or -EINVAL with a perf-style message in *@err (new string). */
int probe_def__parse(struct probe_def *def, const char *str, char **err);
void probe_def__exit(struct probe_def *def);
/* Whether the definition needs DWARF (lines, files, variables by name). */
bool probe_def__need_dwarf(const struct probe_def *def);

/* One place to probe, and its fetch arguments. */
struct probe_result {
	u64 addr;		/* the binary's virtual address */
	u64 offset;		/* file offset (what uprobe_events takes) */
	char *func;		/* the function holding it */
	u64 func_off;		/* addr - the function's entry */
	char *args;		/* " i=-20(%bp):s32 ..." or "" */
	u64 scope;		/* DIE offset of the inline instance probed, or 0 */
};

struct probe_target;	/* an opened binary, its symbols and DWARF */

/* Opens @path (ELF) and its debuginfo if any. NULL with errno set. */
struct probe_target *probe_target__open(const char *path);
void probe_target__close(struct probe_target *t);
bool probe_target__has_dwarf(const struct probe_target *t);

/*
 * The places of @def in @t (an executable or library: uprobes). Prints
 * perf's notes ("Skipping prologue") to stderr unless @quiet. Returns
 * the count with *@out a new array, or -errno with *@err a message.
 */
int probe_target__find(struct probe_target *t, const struct probe_def *def, bool quiet,
		       struct probe_result **out, char **err);
void probe_results__free(struct probe_result *r, int nr);

/*
 * The point perf's --list shows for a file offset: "func@file" (DWARF),
 * "func+off@file", or from the symbols "func[+off]"; new string, or NULL.
 */
char *probe_target__describe(struct probe_target *t, u64 offset);

/* Names of the symbols perf probe -F lists, sorted, unique; new array. */
char **probe_target__funcs(struct probe_target *t, int *nr);

/* perf probe -V: the variables at @def's places, to @fp. 0 or -errno, *@err. */
int probe_target__show_vars(struct probe_target *t, const struct probe_def *def,
			    bool (*keep)(const char *name), FILE *fp, char **err);
/*
 * perf probe -L: the source of @spec ("FUNC[:RL[+N|-RL2]]"). A source file
 * is read at its DWARF path, or under @srcdir: @srcdir/PATH, then with
 * PATH's leading directories dropped one by one (perf's get_real_path).
 */
int probe_target__show_lines(struct probe_target *t, const char *spec,
			     const char *srcdir, FILE *fp, char **err);

#endif /* PROF_PROBE_FINDER_H */
