// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof probe: perf 6.1's dynamic tracepoints. Uprobes (-x) are placed from
 * the binary's ELF symbols and, where it has DWARF, as perf places them
 * (after the prologue when variables are fetched in unoptimized code, on
 * source lines, with variables by name); they are written to tracefs's
 * uprobe_events with perf's group and event names, and are tracepoints
 * then for record, stat, script. Kernel probes are resolved from
 * /proc/kallsyms when no vmlinux debuginfo is at hand, as perf does, and
 * fail with perf's messages where the kernel lacks kprobe_events or the
 * definition needs the kernel's debuginfo.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/probe-file.h"
#include "prof/probe-finder.h"
#include "prof/strbuf.h"
#include "builtin.h"
#include <ctype.h>
#include <fcntl.h>
#include <libgen.h>
#include <sys/stat.h>
#include <sys/utsname.h>

static const char *const probe_usage[] = {
	"prof probe [<options>] 'PROBEDEF' ['PROBEDEF' ...]",
	"prof probe [<options>] --add 'PROBEDEF' [--add 'PROBEDEF' ...]",
	"prof probe [<options>] --del '[GROUP:]EVENT' ...",
	"prof probe --list [GROUP:]EVENT ...",
	"prof probe [<options>] --line 'LINEDESC'",
	"prof probe [<options>] --vars 'PROBEPOINT'",
	"prof probe [<options>] --funcs",
	NULL
};

#define MAX_DEFS 64

struct probe_opts {
	const char *adds[MAX_DEFS];
	int nr_adds;
	const char *dels[MAX_DEFS];
	int nr_dels;
	bool list;
	const char *list_filter;
	bool funcs;
	const char *funcs_filter;
	const char *filter;
	const char *line;
	const char *vars;
	const char *exec;
	const char *vmlinux;
	const char *module;
	const char *source;
	const char *symfs;
	int target_ns;
	bool force, quiet, dry_run, no_inlines, externs, range, cache;
	bool bootconfig, demangle, demangle_kernel;
	int max_probes;
	char *exec_abs;		/* realpath of -x */
};

static struct probe_opts *O;
static const struct option *probe_options;

static int opt_add(const struct option *opt, const char *arg, int unset)
{
	struct probe_opts *o = opt->value;

	if (unset)
		return 0;
	if (o->nr_adds >= MAX_DEFS)
		return error("too many probes defined");
	o->adds[o->nr_adds++] = arg;
	return 0;
}

static int opt_del(const struct option *opt, const char *arg, int unset)
{
	struct probe_opts *o = opt->value;

	if (unset)
		return 0;
	if (o->nr_dels >= MAX_DEFS)
		return error("too many events to delete");
	o->dels[o->nr_dels++] = arg;
	return 0;
}

static int opt_list(const struct option *opt, const char *arg, int unset)
{
	struct probe_opts *o = opt->value;

	o->list = !unset;
	o->list_filter = arg;
	return 0;
}

static int opt_funcs(const struct option *opt, const char *arg, int unset)
{
	struct probe_opts *o = opt->value;

	o->funcs = !unset;
	o->funcs_filter = arg;
	return 0;
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* perf's messages: -q silences all of them, errors included. */
static void msg(const char *fmt, ...) __printf(1, 2);
static void msg(const char *fmt, ...)
{
	va_list ap;

	if (O->quiet)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* ---------------------------------------------------------- filters */

/* perf's strfilter, without parentheses: A|B, A&B, !A, globs. */
static bool filter_term(const char *term, const char *s)
{
	bool neg = false;
	bool r;
	char *t;

	while (isspace((unsigned char)*term))
		term++;
	while (*term == '!') {
		neg = !neg;
		term++;
	}
	t = strim(xstrdup(term));
	r = strglobmatch(s, t);
	free(t);
	return neg ? !r : r;
}

static bool filter_match(const char *filter, const char *s)
{
	char *f, *or_save = NULL, *alt;
	bool ok = false;

	if (!filter)
		return true;
	f = xstrdup(filter);
	for (alt = strtok_r(f, "|", &or_save); alt && !ok; alt = strtok_r(NULL, "|", &or_save)) {
		char *and_save = NULL, *term;
		bool all = true;

		for (term = strtok_r(alt, "&", &and_save); term && all;
		     term = strtok_r(NULL, "&", &and_save))
			all = filter_term(term, s);
		ok = all;
	}
	free(f);
	return ok;
}

/* ----------------------------------------------------------- kernel */

/* perf's search of the kernel's debuginfo; the reason it failed. */
static const char *kernel_debuginfo_error(const char *vmlinux)
{
	static const char *const paths[] = {
		"vmlinux", "/boot/vmlinux", "/boot/vmlinux-%s", "/usr/lib/debug/boot/vmlinux-%s",
		"/lib/modules/%s/build/vmlinux", "/usr/lib/debug/lib/modules/%s/vmlinux",
		"/usr/lib/debug/boot/vmlinux-%s.debug",
	};
	const char *reason = "No such file or directory";
	struct utsname u;
	char path[PATH_MAX], notes[64];

	if (vmlinux)
		return access(vmlinux, R_OK) ? strerror(errno) : "Invalid ELF file";
	uname(&u);
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		snprintf(path, sizeof(path), paths[i], u.release);
		if (!access(path, R_OK))
			return "Invalid ELF file";
	}
	/* perf looks in the build-id cache too, where it finds kallsyms */
	{
		int fd = open("/sys/kernel/notes", O_RDONLY);
		unsigned char buf[4096];
		ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;

		if (fd >= 0)
			close(fd);
		for (ssize_t off = 0; n > 0 && off + 12 <= n;) {
			u32 namesz, descsz, type;

			memcpy(&namesz, buf + off, 4);
			memcpy(&descsz, buf + off + 4, 4);
			memcpy(&type, buf + off + 8, 4);
			if (type == 3 && namesz == 4 && off + 16 + (ssize_t)descsz <= n &&
			    descsz * 2 < sizeof(notes)) {
				for (u32 i = 0; i < descsz; i++)
					sprintf(notes + 2 * i, "%02x", buf[off + 16 + i]);
				snprintf(path, sizeof(path), "%s/.build-id/%.2s/%s", buildid_dir(),
					 notes, notes + 2);
				if (!access(path, F_OK))
					reason = "Invalid ELF file";
				break;
			}
			off += 12 + (ssize_t)(ALIGN_UP(namesz, 4) + ALIGN_UP(descsz, 4));
		}
	}
	return reason;
}

static bool kallsyms_has(const char *name)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	bool found = false;

	if (!fp)
		return false;
	while (!found && fgets(line, sizeof(line), fp)) {
		char type, sym[256];

		if (sscanf(line, "%*s %c %255s", &type, sym) == 2 &&
		    strchr("tTwW", type) && !strcmp(sym, name))
			found = true;
	}
	fclose(fp);
	return found;
}

static int kernel_funcs(const char *filter)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	char **names = NULL;
	size_t alloc = 0, n = 0;

	if (!fp)
		return error("failed to open /proc/kallsyms: %s", strerror(errno));
	while (fgets(line, sizeof(line), fp)) {
		char type, sym[256];
		int len = 0;

		if (sscanf(line, "%*s %c %255s%n", &type, sym, &len) != 2 || !strchr("tTwW", type))
			continue;
		if (strchr(line + len, '['))	/* a module's */
			continue;
		if (!filter_match(filter, sym))
			continue;
		names = xgrow(names, sizeof(*names), n + 1, &alloc);
		names[n++] = xstrdup(sym);
	}
	fclose(fp);
	qsort(names, n, sizeof(*names), cmp_strp);
	for (size_t i = 0; i < n; i++) {
		puts(names[i]);
		free(names[i]);
	}
	free(names);
	return 0;
}

/* ------------------------------------------------------------- list */

static int cmp_entry_raw(const void *a, const void *b)
{
	return strcmp(((const struct probe_entry *)a)->raw, ((const struct probe_entry *)b)->raw);
}

static bool event_matches(const char *filter, const char *group, const char *event)
{
	char *full;
	bool r;

	if (!filter || filter_match(filter, event))
		return true;
	full = xasprintf("%s:%s", group, event);
	r = filter_match(filter, full);
	free(full);
	return r;
}

/* " with a b": the names of the fetch arguments of a tracefs line. */
static void arg_names(struct strbuf *sb, const char *args)
{
	char *copy = xstrdup(args), *save = NULL, *tok;
	bool first = true;

	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		strbuf_addstr(sb, first ? " with " : " ");
		first = false;
		if (eq)
			*eq = '\0';
		strbuf_addstr(sb, tok);
	}
	free(copy);
}

static void show_entry(const struct probe_entry *e)
{
	struct strbuf sb = STRBUF_INIT;
	char *name = xasprintf("%s:%s", e->group, e->event);

	if (e->uprobe) {
		struct probe_target *t = probe_target__open(e->path);
		char *place = t ? probe_target__describe(t, e->offset) : NULL;

		if (!place)
			place = xasprintf("0x%" PRIx64, e->offset);
		if (e->retprobe) {
			char *at = strchr(place, '@');
			char *p = at ? xasprintf("%.*s%%return%s", (int)(at - place), place, at) :
				       xasprintf("%s%%return", place);

			free(place);
			place = p;
		}
		strbuf_addf(&sb, "  %-20s (on %s in %s", name, place, e->path);
		free(place);
		probe_target__close(t);
	} else {
		strbuf_addf(&sb, "  %-20s (on %s%s", name, e->symbol ? e->symbol : e->target,
			    e->retprobe ? "%return" : "");
		if (e->offset)
			strbuf_addf(&sb, "+%" PRIu64, e->offset);
	}
	arg_names(&sb, e->args);
	strbuf_addstr(&sb, ")\n");
	fputs(sb.buf, stdout);
	strbuf_release(&sb);
	free(name);
}

static int do_list(const char *filter)
{
	for (int up = 0; up < 2; up++) {
		struct probe_entry *e;
		int n = probe_file__read(up, &e);

		if (n < 0)
			continue;
		qsort(e, (size_t)n, sizeof(*e), cmp_entry_raw);
		for (int i = 0; i < n; i++) {
			if (i && !strcmp(e[i].raw, e[i - 1].raw))
				continue;
			if (event_matches(filter, e[i].group, e[i].event))
				show_entry(&e[i]);
		}
		probe_entries__free(e, n);
	}
	return 0;
}

/* ----------------------------------------------------------- delete */

static int do_del(const char *spec)
{
	const char *colon = strchr(spec, ':');
	char *filter = colon ? xstrdup(spec) : xasprintf("*:%s", spec);
	char **names = NULL;
	size_t alloc = 0, n = 0;
	int ret = 0;

	for (int up = 0; up < 2; up++) {
		struct probe_entry *e;
		int nr = probe_file__read(up, &e);

		if (nr < 0)
			continue;
		for (int i = 0; i < nr; i++) {
			char *full = xasprintf("%s:%s", e[i].group, e[i].event);
			bool dup = false;

			for (size_t j = 0; j < n; j++)
				dup |= !strcmp(names[j] + 1, full);
			if (!dup && filter_match(filter, full)) {
				names = xgrow(names, sizeof(*names), n + 1, &alloc);
				names[n++] = xasprintf("%c%s", up ? 'u' : 'k', full);
			}
			free(full);
		}
		probe_entries__free(e, nr);
	}
	free(filter);
	if (!n) {
		msg("\"%s\" does not hit any event.\n", spec);
		return -ENOENT;
	}
	qsort(names, n, sizeof(*names), cmp_strp);
	for (size_t i = 0; i < n; i++) {
		char *line = xasprintf("-:%s", names[i] + 1), *c = strchr(line, ':');
		int err;

		c = strchr(c + 1, ':');
		*c = '/';
		err = probe_file__write(names[i][0] == 'u', line);
		if (err) {
			msg("Failed to delete event: %s\n", strerror(-err));
			ret = err;
		} else {
			msg("Removed event: %s\n", names[i] + 1);
		}
		free(line);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

/* -------------------------------------------------------------- add */

struct new_event {
	struct probe_def def;
	struct probe_result *res;
	int nr;
	char *group, *event;
};

/* perf's group for a binary: probe_ and its name up to "-", "." or "_" */
static char *exec_group(const char *path)
{
	char *copy = xstrdup(path), *base = basename(copy), *p, *g;

	p = strpbrk(base, "-._");
	if (p && p != base)
		*p = '\0';
	g = xasprintf("probe_%s", base);
	free(copy);
	return g;
}

/* perf 6.1 looks the event name up in every group */
static bool name_taken(char **names, size_t n, const char *group, const char *event)
{
	(void)group;
	for (size_t i = 0; i < n; i++) {
		const char *c = strchr(names[i], ':');

		if (!strcmp(c ? c + 1 : names[i], event))
			return true;
	}
	return false;
}

/* perf's get_new_event_name: BASE[__return], else BASE_1, BASE_2 with -f */
static char *new_event_name(const char *group, const char *base, bool ret,
			    char **names, size_t n, bool force)
{
	char *nbase = xstrdup(base), *p, *name;

	p = strpbrk(nbase, ".@");
	if (p && p != nbase)
		*p = '\0';
	name = xasprintf("%s%s", nbase, ret ? "__return" : "");
	if (!name_taken(names, n, group, name))
		goto out;
	if (!force) {
		msg("Error: event \"%s\" already exists.\n"
		    " Hint: Remove existing event by 'prof probe -d'\n"
		    "       or force duplicates by 'prof probe -f'\n"
		    "       or set 'force=yes' in BPF source.\n", name);
		free(name);
		name = NULL;
		goto out;
	}
	for (int i = 1; i < 0x10000; i++) {
		free(name);
		name = xasprintf("%s_%d", nbase, i);
		if (!name_taken(names, n, group, name))
			goto out;
	}
	free(name);
	name = NULL;
	msg("Too many events are on the same function.\n");
out:
	free(nbase);
	return name;
}

/* The point as perf prints it in "(on ... in ...)". */
static char *point_text(const struct probe_def *d)
{
	struct strbuf sb = STRBUF_INIT;

	if (d->function) {
		strbuf_addstr(&sb, d->function);
		if (d->offset)
			strbuf_addf(&sb, "+%" PRIu64, d->offset);
		else if (d->has_line)
			strbuf_addf(&sb, ":%d", d->line);
		else if (d->retprobe)
			strbuf_addstr(&sb, "%return");
	}
	if (d->file) {
		const char *f = d->file;
		size_t len = strlen(f);

		if (len > 30) {
			const char *sl = strchr(f + len - 30, '/');

			f = sl ? sl + 1 : f + len - 30;
		}
		strbuf_addf(&sb, "@%s", f);
		if (!d->function && d->has_line)
			strbuf_addf(&sb, ":%d", d->line);
	}
	return strbuf_detach(&sb, NULL);
}

static void def_args_text(struct strbuf *sb, const struct probe_def *d)
{
	for (int i = 0; i < d->nargs; i++) {
		const struct probe_arg *a = &d->args[i];

		strbuf_addstr(sb, i ? " " : " with ");
		if (a->name)
			strbuf_addf(sb, "%s=", a->name);
		strbuf_addstr(sb, a->var);
		if (a->fields)
			strbuf_addstr(sb, a->fields);
		if (a->type)
			strbuf_addf(sb, ":%s", a->type);
	}
}

static int add_failed(int err)
{
	msg("  Error: Failed to add events.\n");
	return 256 - (err < 0 ? -err : err);
}

static char **existing_names(size_t *n)
{
	char **names = NULL;
	size_t alloc = 0;

	*n = 0;
	for (int up = 0; up < 2; up++) {
		struct probe_entry *e;
		int nr = probe_file__read(up, &e);

		for (int i = 0; i < nr; i++) {
			names = xgrow(names, sizeof(*names), *n + 1, &alloc);
			names[(*n)++] = xasprintf("%s:%s", e[i].group, e[i].event);
		}
		if (nr >= 0)
			probe_entries__free(e, nr);
	}
	return names;
}

static int kernel_add(struct new_event *ev)
{
	const struct probe_def *d = &ev->def;

	if (probe_def__need_dwarf(d)) {
		msg("Failed to find the path for the kernel: %s\n", kernel_debuginfo_error(O->vmlinux));
		return -ENOENT;
	}
	pr_debug(1, "Could not open debuginfo. Try to use symbols.\n");
	if (!kallsyms_has(d->function)) {
		msg("Failed to find symbol %s in kernel\n", d->function);
		return -ENOENT;
	}
	pr_debug(1, "Using /proc/kallsyms for symbols\n");
	ev->nr = 1;
	ev->res = xcalloc(1, sizeof(*ev->res));
	ev->res->func = xstrdup(d->function);
	ev->res->offset = d->offset;
	{
		struct strbuf sb = STRBUF_INIT;

		for (int i = 0; i < d->nargs; i++) {
			strbuf_addch(&sb, ' ');
			if (d->args[i].name)
				strbuf_addf(&sb, "%s=", d->args[i].name);
			strbuf_addstr(&sb, d->args[i].var);
			if (d->args[i].type)
				strbuf_addf(&sb, ":%s", d->args[i].type);
		}
		ev->res->args = strbuf_detach(&sb, NULL);
	}
	return 0;
}

static char *trace_line(const struct new_event *ev, const struct probe_result *r)
{
	if (O->exec_abs)
		return xasprintf("%c:%s/%s %s:0x%" PRIx64 "%s", ev->def.retprobe ? 'r' : 'p',
				 ev->group, ev->event, O->exec_abs, r->offset, r->args);
	if (r->offset)
		return xasprintf("%c:%s/%s %s%s%s+%" PRIu64 "%s", ev->def.retprobe ? 'r' : 'p',
				 ev->group, ev->event, O->module ? O->module : "",
				 O->module ? ":" : "", r->func, r->offset, r->args);
	return xasprintf("%c:%s/%s %s%s%s%s", ev->def.retprobe ? 'r' : 'p', ev->group, ev->event,
			 O->module ? O->module : "", O->module ? ":" : "", r->func, r->args);
}

static int do_add(bool definition_only)
{
	struct new_event evs[MAX_DEFS];
	struct probe_target *t = NULL;
	size_t nnames = 0;
	char **names;
	int nev = 0, ret = 0, total = 0;
	const char *last_group = NULL, *last_event = NULL;
	bool kprobe = !O->exec_abs;

	memset(evs, 0, sizeof(evs));
	for (int i = 0; i < O->nr_adds; i++) {
		char *err = NULL;

		if (probe_def__parse(&evs[i].def, O->adds[i], &err) == 0) {
			evs[i].def.no_inlines = O->no_inlines;
		} else {
			/* perf prints a definition's error even with -q */
			fprintf(stderr, "%s\n\n", err);
			free(err);
			for (int j = 0; j <= i; j++)
				probe_def__exit(&evs[j].def);
			parse_options_usage_for(probe_usage, probe_options, "add", 'a');
			return PROF_EXIT_USAGE;
		}
		nev++;
	}
	if (!kprobe) {
		t = probe_target__open(O->exec_abs);
		if (!t) {
			msg("Failed to open %s: %s\n", O->exec_abs, strerror(errno));
			ret = add_failed(-ENOENT);
			goto out;
		}
	}
	if (kprobe && !O->module && !definition_only) {
		char *kp = probe_file__path(false);
		bool missing = access(kp, F_OK) != 0;

		/* perf finds the probe point first, then fails to open the file */
		for (int i = 0; i < nev && !ret; i++)
			if (kernel_add(&evs[i]))
				ret = add_failed(-ENOENT);
		if (!ret && missing) {
			/* perf's path has a doubled slash: "<tracefs>/" + "/kprobe_events" */
			char *sl = strrchr(kp, '/');

			msg("%.*s//kprobe_events does not exist.\n"
			    "Please rebuild kernel with CONFIG_KPROBE_EVENTS=y.\n", (int)(sl - kp), kp);
			ret = add_failed(-ENOENT);
		}
		free(kp);
		if (ret)
			goto out;
	} else if (kprobe) {
		for (int i = 0; i < nev && !ret; i++)
			if (kernel_add(&evs[i]))
				ret = add_failed(-ENOENT);
		if (ret)
			goto out;
	} else {
		for (int i = 0; i < nev; i++) {
			char *err = NULL;
			int n = probe_target__find(t, &evs[i].def, O->quiet, &evs[i].res, &err);

			if (n < 0) {
				if (err)
					msg("%s\n", err);
				free(err);
				ret = add_failed(n);
				goto out;
			}
			evs[i].nr = n;
			if (O->max_probes > 0 && n > O->max_probes) {
				msg("Too many( > %d) probe point found.\n", O->max_probes);
				ret = add_failed(-ERANGE);
				goto out;
			}
		}
	}
	names = existing_names(&nnames);
	for (int i = 0; i < nev; i++) {
		struct new_event *ev = &evs[i];
		const char *base = ev->def.event;
		char *lbase = NULL;

		if (ev->def.group)
			ev->group = xstrdup(ev->def.group);
		else
			ev->group = kprobe ? xstrdup("probe") : exec_group(O->exec_abs);
		if (!base) {
			const char *fn = ev->def.function ? ev->def.function : ev->res[0].func;

			if (ev->def.function && ev->def.has_line)
				base = lbase = xasprintf("%s_L%d", fn, ev->def.line);
			else
				base = fn;
		}
		ev->event = new_event_name(ev->group, base, ev->def.retprobe && !ev->def.event ?
					   true : ev->def.retprobe, names, nnames, O->force);
		free(lbase);
		if (!ev->event) {
			ret = add_failed(-EEXIST);
			break;
		}
		names = xrealloc(names, sizeof(*names) * (nnames + 1));
		names[nnames++] = xasprintf("%s:%s", ev->group, ev->event);
	}
	for (size_t i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	if (ret)
		goto out;
	if (definition_only) {
		for (int i = 0; i < nev; i++)
			for (int j = 0; j < evs[i].nr; j++) {
				char *line = trace_line(&evs[i], &evs[i].res[j]);

				puts(line);
				free(line);
			}
		goto out;
	}
	for (int i = 0; i < nev; i++)
		total += evs[i].nr;
	for (int i = 0; i < nev && !ret && !O->dry_run; i++)
		for (int j = 0; j < evs[i].nr; j++) {
			char *line = trace_line(&evs[i], &evs[i].res[j]);
			int err = probe_file__write(!kprobe, line);

			free(line);
			if (err) {
				msg("Failed to write event: %s\n", strerror(-err));
				ret = add_failed(err);
				break;
			}
		}
	if (ret)
		goto out;
	msg("Added new event%s\n", total > 1 ? "s:" : ":");
	for (int i = 0; i < nev; i++) {
		char *pt = point_text(&evs[i].def);

		for (int j = 0; j < evs[i].nr; j++) {
			struct strbuf sb = STRBUF_INIT;
			char *name = xasprintf("%s:%s", evs[i].group, evs[i].event);

			strbuf_addf(&sb, "  %-20s (on %s", name, pt);
			if (O->exec_abs || O->module)
				strbuf_addf(&sb, " in %s", O->exec_abs ? O->exec_abs : O->module);
			def_args_text(&sb, &evs[i].def);
			msg("%s)\n", sb.buf);
			strbuf_release(&sb);
			free(name);
		}
		free(pt);
		last_group = evs[i].group;
		last_event = evs[i].event;
	}
	if (last_event)
		msg("\nYou can now use it in all perf tools, such as:\n\n"
		    "\tprof record -e %s:%s -aR sleep 1\n\n", last_group, last_event);
out:
	for (int i = 0; i < nev; i++) {
		probe_def__exit(&evs[i].def);
		probe_results__free(evs[i].res, evs[i].nr);
		free(evs[i].group);
		free(evs[i].event);
	}
	probe_target__close(t);
	return ret;
}

/* ------------------------------------------------------ -F, -L, -V */

static struct probe_target *open_dwarf_target(const char *what)
{
	const char *path = O->exec_abs ? O->exec_abs : O->vmlinux;
	struct probe_target *t;

	if (!path) {
		msg("Failed to find the path for the kernel: %s\n", kernel_debuginfo_error(NULL));
		msg("  Error: Failed to show %s.\n", what);
		return NULL;
	}
	t = probe_target__open(path);
	if (!t) {
		if (O->exec_abs)
			msg("Failed to open %s: %s\n", path, strerror(errno));
		else
			msg("Failed to find the path for the kernel: %s\n",
			    kernel_debuginfo_error(O->vmlinux));
		msg("  Error: Failed to show %s.\n", what);
	}
	return t;
}

static int do_funcs(void)
{
	/* as perf 6.1: -F's own filter or its default, never --filter */
	const char *filter = O->funcs_filter ? O->funcs_filter : "!_* & !*@plt";
	struct probe_target *t;
	char **names;
	int n;

	if (!O->exec_abs) {
		if (O->module)
			return error("prof probe -F -m: kernel modules are not supported");
		return kernel_funcs(filter);
	}
	t = probe_target__open(O->exec_abs);
	if (!t)
		return error("failed to open '%s': %s", O->exec_abs, strerror(errno));
	names = probe_target__funcs(t, &n);
	for (int i = 0; i < n; i++) {
		if (filter_match(filter, names[i]))
			puts(names[i]);
		free(names[i]);
	}
	free(names);
	probe_target__close(t);
	return 0;
}

static int do_lines(void)
{
	struct probe_target *t = open_dwarf_target("lines");
	char *err = NULL;
	int ret;

	if (!t)
		return 256 - ENOENT;
	ret = probe_target__show_lines(t, O->line, O->source, stdout, &err);
	if (ret) {
		msg("%s\n", err);
		msg("  Error: Failed to show lines.\n");
		ret = 256 + ret;
	}
	free(err);
	probe_target__close(t);
	return ret;
}

/* --filter of -V, perf's default without it */
static bool keep_var(const char *name)
{
	return filter_match(O->filter ? O->filter : "!__k???tab_* & !__crc_*", name);
}

static int do_vars(void)
{
	struct probe_target *t;
	struct probe_def d;
	char *err = NULL;
	int ret;

	if (probe_def__parse(&d, O->vars, &err) == 0) {
		d.no_inlines = O->no_inlines;
	} else {
		msg("%s\n\n", err);
		free(err);
		parse_options_usage_for(probe_usage, probe_options, "vars", 'V');
		return PROF_EXIT_USAGE;
	}
	t = open_dwarf_target("vars");
	if (!t) {
		probe_def__exit(&d);
		return 256 - ENOENT;
	}
	ret = probe_target__show_vars(t, &d, keep_var, stdout, &err);
	if (ret) {
		msg("%s\n", err);
		msg("  Error: Failed to show vars.\n");
		ret = 256 + ret;
	}
	free(err);
	probe_def__exit(&d);
	probe_target__close(t);
	return ret;
}

/* ------------------------------------------------------------- main */

int cmd_probe(int argc, const char **argv)
{
	static struct probe_opts o;
	const char *defn = NULL;
	const struct option options[] = {
		OPT_CALLBACK('a', "add", &o,
			     "[EVENT=]FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL|SRC;PT [[NAME=]ARG ...]",
			     "probe point definition, where\n"
			     "\t\tGROUP:\tGroup name (optional)\n"
			     "\t\tEVENT:\tEvent name\n"
			     "\t\tFUNC:\tFunction name\n"
			     "\t\tOFF:\tOffset from function entry (in byte)\n"
			     "\t\t%return:\tPut the probe at function return\n"
			     "\t\tSRC:\tSource code path\n"
			     "\t\tRL:\tRelative line number from function entry.\n"
			     "\t\tAL:\tAbsolute line number in file.\n"
			     "\t\tPT:\tLazy expression of line code.\n"
			     "\t\tARG:\tProbe argument (local variable name or\n"
			     "\t\t\tkprobe-tracer argument format.)\n", opt_add),
		OPT_STRING('D', "definition", &defn,
			   "[EVENT=]FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL|SRC;PT [[NAME=]ARG ...]",
			   "Show trace event definition of given traceevent for k/uprobe_events."),
		OPT_CALLBACK('d', "del", &o, "[GROUP:]EVENT", "delete a probe event.", opt_del),
		OPT_BOOLEAN('f', "force", &o.force, "forcibly add events with existing name"),
		OPT_CALLBACK_DEFAULT('F', "funcs", &o, "[FILTER]",
				     "Show potential probe-able functions.", opt_funcs, NULL),
		OPT_STRING('k', "vmlinux", &o.vmlinux, "file", "vmlinux pathname"),
		OPT_STRING('L', "line", &o.line, "FUNC[:RLN[+NUM|-RLN2]]|SRC:ALN[+NUM|-ALN2]",
			   "Show source code lines."),
		OPT_CALLBACK_DEFAULT('l', "list", &o, "[GROUP:]EVENT", "list up probe events",
				     opt_list, NULL),
		OPT_STRING('m', "module", &o.module, "modname|path",
			   "target module name (for online) or path (for offline)"),
		OPT_BOOLEAN('n', "dry-run", &o.dry_run, "dry run"),
		OPT_BOOLEAN('q', "quiet", &o.quiet, "be quiet (do not show any warnings or messages)"),
		OPT_STRING('s', "source", &o.source, "directory", "path to kernel source"),
		OPT_STRING('V', "vars", &o.vars, "FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL|SRC;PT",
			   "Show accessible variables on PROBEDEF"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show parsed arguments, etc)"),
		OPT_STRING('x', "exec", &o.exec, "executable|path", "target executable name or path"),
		OPT_BOOLEAN(0, "bootconfig", &o.bootconfig, "Output probe definition with bootconfig format"),
		OPT_BOOLEAN(0, "cache", &o.cache, "Manipulate probe cache"),
		OPT_BOOLEAN(0, "demangle", &o.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.demangle_kernel, "Enable kernel symbol demangling"),
		OPT_BOOLEAN(0, "externs", &o.externs, "Show external variables too (with --vars only)"),
		OPT_STRING(0, "filter", &o.filter, "[!]FILTER",
			   "Set a filter (with --vars/funcs only)\n"
			   "\t\t\t(default: \"!__k???tab_* & !__crc_*\" for --vars,\n"
			   "\t\t\t \"!_* & !*@plt\" for --funcs)"),
		OPT_INTEGER(0, "max-probes", &o.max_probes, "Set how many probe points can be found for a probe."),
		OPT_BOOLEAN(0, "no-inlines", &o.no_inlines, "Don't search inlined functions"),
		OPT_BOOLEAN(0, "range", &o.range, "Show variables location range in scope (with --vars only)"),
		OPT_STRING(0, "symfs", &o.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		{ .type = OPTION_INTEGER, .long_name = "target-ns", .value = &o.target_ns,
		  .argh = "pid", .help = "target pid for namespace contexts" },
		OPT_END()
	};
	int actions, ret = 0;

	O = &o;
	probe_options = options;
	argc = parse_options(argc, argv, options, probe_usage, 0);
	if (argc > 0) {
		struct strbuf sb = STRBUF_INIT;

		if (o.nr_dels || o.list || o.funcs || o.line || o.vars || defn) {
			fprintf(stderr, "  Error: another command except --add is set.\n");
			usage_with_options(probe_usage, options);
		}
		for (int i = 0; i < argc; i++)
			strbuf_addf(&sb, "%s%s", i ? " " : "", argv[i]);
		o.adds[o.nr_adds++] = strbuf_detach(&sb, NULL);
	}
	if (defn)
		o.adds[o.nr_adds++] = defn;
	actions = (o.nr_adds > 0) + (o.nr_dels > 0) + o.list + o.funcs + !!o.line + !!o.vars;
	if (!actions)
		usage_with_options(probe_usage, options);
	if (actions > 1) {
		error("give one action: --add, --del, --list, --funcs, --line or --vars");
		usage_with_options(probe_usage, options);
	}
	if (o.bootconfig || o.cache)
		return error("prof probe: --%s is not supported", o.cache ? "cache" : "bootconfig");
	/* prof probes no inlined copies: --no-inlines is what it does anyway */
	if (o.symfs)
		return error("prof probe: --symfs is not supported: give the file's path to -x");
	if (o.demangle || o.demangle_kernel)
		return error("prof probe: --demangle%s is not supported: prof probe shows names as the symbol tables have them",
			     o.demangle_kernel ? "-kernel" : "");
	if (o.externs || o.range)
		return error("prof probe: --%s is not supported by -V", o.externs ? "externs" : "range");
	if (o.vmlinux && access(o.vmlinux, R_OK)) {
		msg("Invalid file: %s\n", o.vmlinux);
		return 256 - EINVAL;
	}
	if (o.exec && o.module)
		return error("-x and -m cannot be used together");
	if (o.module && !o.list && !o.nr_dels)
		return error("prof probe -m: probes in kernel modules are not supported "
			     "(this kernel has no modules directory to search)");
	if (o.exec) {
		char *in_ns = NULL, *real;

		/*
		 * --target-ns: the path as that process sees it, through its
		 * /proc/PID/root (the kernel resolves the uprobe's path there).
		 */
		if (o.target_ns > 0) {
			char *abs = o.exec[0] == '/' ? xstrdup(o.exec) : NULL;

			if (!abs) {
				char cwd[PATH_MAX];

				abs = xasprintf("%s/%s", getcwd(cwd, sizeof(cwd)) ? cwd : ".",
						strstarts(o.exec, "./") ? o.exec + 2 : o.exec);
			}
			in_ns = xasprintf("/proc/%d/root%s", o.target_ns, abs);
			free(abs);
			real = access(in_ns, R_OK) ? NULL : in_ns;
			if (!real)
				free(in_ns);
		} else {
			real = realpath(o.exec, NULL);
		}
		if (!real) {
			if (!o.quiet)
				fprintf(stderr, "Failed to get the absolute path of %s: %s\n",
					o.exec, strerror(errno));
			parse_options_usage_for(probe_usage, options, "exec", 'x');
			return PROF_EXIT_USAGE;
		}
		o.exec_abs = real;
	}
	if (o.list)
		ret = do_list(o.list_filter);
	else if (o.nr_dels) {
		for (int i = 0; i < o.nr_dels; i++) {
			int r = do_del(o.dels[i]);

			if (r && !ret)
				ret = r;
		}
		if (ret) {
			msg("  Error: Failed to delete events.\n");
			ret = 256 + ret;
		}
	} else if (o.funcs)
		ret = do_funcs();
	else if (o.line)
		ret = do_lines();
	else if (o.vars)
		ret = do_vars();
	else
		ret = do_add(defn != NULL);
	free(o.exec_abs);
	return ret;
}
