// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof kallsyms: where the running kernel's symbols are, as perf 6.1's
 * "perf kallsyms" prints them: for each name, the first symbol of that
 * name in the kernel maps (the kernel's, then its modules' by address),
 * "<name>: <dso short> <dso long> <start>-<end> (<dso start>-<dso end>)",
 * addresses as the map places them and as the DSO holds them; "<name>:
 * not found" otherwise. The maps are the ones record synthesizes, read
 * from /proc/kallsyms and /proc/modules.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/machine.h"
#include "prof/synthesize.h"
#include "prof/strbuf.h"
#include "prof/event.h"
#include "builtin.h"

static const char *const kallsyms_usage[] = {
	"prof kallsyms [<options>] symbol_name",
	NULL
};

/*
 * The running kernel's maps, as a live session sees them; *@bounds: a
 * copy of each as synthesized (dso borrowed), before loading changed them.
 */
static struct machine *kallsyms__machine(struct map **bounds, size_t *nr)
{
	struct machine *m = machine__new_host();
	struct synth_opts so = { .proc = "/proc" };
	struct strbuf sb = STRBUF_INIT;
	size_t off = 0;

	m->live = true;
	synthesize__kernel(&sb, &so);
	while (off + sizeof(struct perf_event_header) <= sb.len) {
		const union perf_event *ev = (const void *)(sb.buf + off);

		if (ev->header.size < sizeof(ev->header) || off + ev->header.size > sb.len)
			break;
		machine__process_event(m, ev);
		off += ev->header.size;
	}
	strbuf_release(&sb);
	*nr = m->kmaps->nr;
	*bounds = xcalloc(*nr + 1, sizeof(**bounds));
	for (off = 0; off < *nr; off++)
		(*bounds)[off] = *m->kmaps->entries[off];
	/* loads the kernel's symbols, which gives the modules theirs */
	machine__kernel_start(m);
	return m;
}

/*
 * perf's maps__find_symbol_by_name: a symbol counts only inside its map
 * as the records gave it, [_text, _etext) for the kernel (init text and
 * the markers at _etext are not found), whatever loading widened.
 */
static void kallsyms__print(struct machine *m, const struct map *bounds, size_t nr,
			    const char *name)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct map *map = &bounds[i];
		struct dso *dso = map->dso;
		struct symbol *sym;
		u64 ip;

		if (!dso->loaded)
			dso__load(dso, dso == m->kernel_dso && m->kernel_map ? m->kernel_map :
				  (struct map *)map);
		sym = symbols__find_by_name(&dso->symbols, name);
		if (!sym)
			continue;
		ip = map__unmap_ip(map, sym->start);
		if (ip < map->start || ip >= map->end)
			continue;
		/* perf names the host kernel's DSO "[kernel]" for short */
		printf("%s: %s %s %#" PRIx64 "-%#" PRIx64 " (%#" PRIx64 "-%#" PRIx64 ")\n",
		       sym->name, dso->kind == DSO_KIND_KERNEL ? "[kernel]" : dso->short_name,
		       dso->long_name, map__unmap_ip(map, sym->start), map__unmap_ip(map, sym->end),
		       sym->start, sym->end);
		return;
	}
	printf("%s: not found\n", name);
}

/*
 * -v: perf's words where /proc/kallsyms and /proc/modules disagree (a
 * module named in the one and missing from the other: its symbols have
 * no module map to go to).
 */
static void kallsyms__check_modules(void)
{
	char *mods = read_file_str("/proc/modules", NULL), *ks, *line, *save = NULL;
	char **seen = NULL;
	size_t nr = 0, alloc = 0, i;

	if (!mods)
		pr_debug(1, "Problems creating module maps, continuing anyway...");
	ks = read_file_str("/proc/kallsyms", NULL);
	for (line = ks ? strtok_r(ks, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *open = strchr(line, '['), *close = open ? strchr(open, ']') : NULL;
		bool known = false;
		size_t len;

		if (!close)
			continue;
		*close = '\0';
		len = strlen(open + 1);
		for (i = 0; i < nr && !known; i++)
			known = !strcmp(seen[i], open + 1);
		if (known)
			continue;
		seen = xgrow(seen, sizeof(*seen), nr + 1, &alloc);
		seen[nr++] = open + 1;
		/* /proc/modules: "name size refs deps state addr" a line */
		for (char *m = mods; m && *m && !known; m = strchrnul(m, '\n'), m += *m == '\n')
			known = !strncmp(m, open + 1, len) && m[len] == ' ';
		if (!known)
			pr_debug(1, "/proc/{kallsyms,modules} inconsistency while looking for \"[%s]\" module!",
				 open + 1);
	}
	free(seen);
	free(ks);
	free(mods);
}

int cmd_kallsyms(int argc, const char **argv)
{
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose,
			 "be more verbose (show counter open errors, etc)"),
		OPT_END()
	};
	struct machine *m;
	struct map *bounds;
	size_t nr;
	int i;

	argc = parse_options(argc, argv, options, kallsyms_usage, 0);
	if (argc < 1)
		usage_with_options(kallsyms_usage, options);
	if (access("/proc/kallsyms", R_OK))
		return error("Couldn't read /proc/kallsyms");
	if (verbose)
		kallsyms__check_modules();
	m = kallsyms__machine(&bounds, &nr);
	for (i = 0; i < argc; i++)
		kallsyms__print(m, bounds, nr, argv[i]);
	free(bounds);
	machine__delete(m);
	return 0;
}
