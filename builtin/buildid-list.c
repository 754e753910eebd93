// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof buildid-list: the build-ids a perf.data file records, one
 * "<build-id> <path>" a line as perf 6.1 prints them (the id padded to 40
 * columns, blank for a DSO without one); the build-id of an ELF file
 * given as the input; the running kernel's (-k).
 *
 * A file's list is its BUILD_ID feature, the recording machine's entries
 * first, then each guest's. With -H, a file without that feature, or a
 * pipe, the records are read: every DSO a sample's ip falls in is hit,
 * and the DSOs the records made (with -H or a file's feature, those hit)
 * are listed in the order they were made, perf's order (the records
 * read in time order, as perf reads them).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/header.h"
#include "prof/machine.h"
#include "prof/build-id.h"
#include "prof/data-writer.h"
#include "prof/dso-hits.h"
#include "prof/synthesize.h"
#include "builtin.h"
#include <sys/stat.h>

static const char *const buildid_list_usage[] = {
	"prof buildid-list [<options>]",
	NULL
};

struct buildid_list {
	struct session *session;
	buildid_list_fn fn;		/* each DSO listed */
	void *priv;
	struct machine *machine;
	u32 nr_applied;			/* header build-ids set on the machine */
};

static void print_build_id(const struct build_id *bid, const char *name, void *priv)
{
	char hex[SBUILD_ID_SIZE] = "";

	if (bid && bid->size)
		build_id__snprintf(bid, hex, sizeof(hex));
	(void)priv;
	printf("%-40s %s\n", hex, name);
}

static bool known_cpumode(const struct header_build_id *b)
{
	u8 cpumode = b->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	return cpumode == PROF_CPUMODE_KERNEL || cpumode == PROF_CPUMODE_USER ||
	       cpumode == PROF_CPUMODE_GUEST_KERNEL || cpumode == PROF_CPUMODE_GUEST_USER;
}

static void apply_build_ids(struct buildid_list *bl)
{
	const struct perf_header *h = session__header(bl->session);

	for (; bl->nr_applied < h->nr_build_ids; bl->nr_applied++) {
		const struct header_build_id *b = &h->build_ids[bl->nr_applied];
		u8 cpumode = b->misc & PERF_RECORD_MISC_CPUMODE_MASK;
		struct build_id bid = { .size = b->size ? b->size : BUILD_ID_SIZE };

		/* the host's only: prof models no guest machine */
		if (b->pid != -1 || !known_cpumode(b))
			continue;
		if (cpumode == PROF_CPUMODE_GUEST_KERNEL)
			cpumode = PROF_CPUMODE_KERNEL;
		else if (cpumode == PROF_CPUMODE_GUEST_USER)
			cpumode = PROF_CPUMODE_USER;
		memcpy(bid.data, b->build_id, min(bid.size, sizeof(bid.data)));
		machine__set_build_id(bl->machine, cpumode, b->filename, &bid);
	}
}

static int on_build_id(struct session *s, union perf_event *ev)
{
	(void)ev;
	apply_build_ids(session__tool_priv(s));
	return 0;
}

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct buildid_list *bl = session__tool_priv(s);

	(void)sample;
	return machine__process_event(bl->machine, ev);
}

/* perf's build_id__mark_dso_hit: the DSO of the sample's ip. */
static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct buildid_list *bl = session__tool_priv(s);
	struct dso *dso = machine__find_dso(bl->machine, sample->cpumode, (pid_t)sample->pid,
					    (pid_t)sample->tid, sample->ip);

	(void)ev;
	if (dso)
		dso->hit = true;
	return 0;
}

static int print_header_build_id(const struct header_build_id *place,
				 const struct header_build_id *id, void *priv)
{
	struct build_id bid = { .size = id->size ? id->size : BUILD_ID_SIZE };
	struct buildid_list *bl = priv;

	memcpy(bid.data, id->build_id, min(bid.size, sizeof(bid.data)));
	bl->fn(&bid, place->filename, bl->priv);
	return 0;
}

static int list_from_records(struct buildid_list *bl, bool with_hits)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.fork = on_machine_event, .exit = on_machine_event,
		.build_id = on_build_id, .ordered_events = true, .priv = bl,
	};
	struct dso *dso;
	int ret;

	bl->machine = machine__new_host();
	apply_build_ids(bl);
	ret = session__process_events(bl->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(bl->session);

		return error("%s", *msg ? msg : strerror(-ret));
	}
	list_for_each_entry(dso, &bl->machine->dsos.head, node)
		if (!with_hits || dso->hit)
			bl->fn(&dso->bid, dso->long_name, bl->priv);
	return 0;
}

int buildid_list__dsos(const char *input, bool force, bool with_hits, buildid_list_fn fn,
		       void *priv)
{
	struct buildid_list bl = { .fn = fn, .priv = priv };
	const struct perf_header *h;
	char *errmsg = NULL;
	int ret;

	ret = session__open_input(&bl.session, input, force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, input, errmsg);
		free(errmsg);
		return -1;
	}
	h = session__header(bl.session);
	/* AUX area traces are not decoded: every DSO counts (perf) */
	if (!session__is_pipe(bl.session) && perf_header__has_feat(h, HEADER_AUXTRACE))
		with_hits = false;
	if (!perf_header__has_feat(h, HEADER_BUILD_ID))
		with_hits = true;
	if (with_hits || session__is_pipe(bl.session))
		ret = list_from_records(&bl, with_hits);
	else
		perf_header__for_each_dso_build_id(h, print_header_build_id, &bl);
	machine__delete(bl.machine);
	session__delete(bl.session);
	return ret < 0 ? -1 : 0;
}

static int buildid_list__file(const char *input, bool force, bool with_hits)
{
	struct build_id bid;

	/* an ELF file: its own build-id */
	if (strcmp(input, "-") && !filename__read_build_id(input, &bid)) {
		char hex[SBUILD_ID_SIZE];

		build_id__snprintf(&bid, hex, sizeof(hex));
		puts(hex);
		return 0;
	}
	return buildid_list__dsos(input, force, with_hits, print_build_id, NULL);
}

/* -m: one kernel map, as perf's machine__for_each_kernel_map prints it */
struct kmap_line {
	u64 start, end;
	char *name;
	char hex[SBUILD_ID_SIZE];
};

struct kmap_lines {
	struct kmap_line *v;
	size_t nr, alloc;
};

static void kmap_add(struct kmap_lines *l, u64 start, u64 end, const char *name,
		     const struct build_id *bid)
{
	struct kmap_line *k;

	if (l->nr == l->alloc)
		l->v = xgrow(l->v, sizeof(*l->v), l->nr + 1, &l->alloc);
	k = &l->v[l->nr++];
	k->start = start;
	k->end = end;
	k->name = xstrdup(name);
	k->hex[0] = '\0';
	if (bid && bid->size)
		build_id__snprintf(bid, k->hex, sizeof(k->hex));
}

static int kmap_module(const char *name, const char *path, u64 addr, u64 size, void *arg)
{
	struct build_id bid = { .size = 0 };

	if (kernel_module__read_build_id(name, &bid))
		bid.size = 0;
	kmap_add(arg, addr, addr + size, path, &bid);
	return 0;
}

static int kmap_cmp(const void *a, const void *b)
{
	const struct kmap_line *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/*
 * The running kernel's maps, by address: "BUILDID START END NAME", the
 * kernel's from _text to _etext (0 to the top of the address space when
 * /proc/kallsyms hides its addresses, as perf's unset map), each
 * module's from /proc/modules with its /sys/module notes; an unknown
 * build-id is empty.
 */
static int buildid_list__kernel_maps(void)
{
	struct kmap_lines l = { NULL, 0, 0 };
	struct build_id bid = { .size = 0 };
	u64 text = 0, etext = 0;

	if (kernel__read_build_id(&bid))
		bid.size = 0;
	if (machine_info__kernel_text(&text, &etext) || !text) {
		text = 0;
		etext = ~0ULL;
	}
	kmap_add(&l, text, etext, "[kernel.kallsyms]", &bid);
	kernel_modules__for_each("/proc", kmap_module, &l);
	qsort(l.v, l.nr, sizeof(*l.v), kmap_cmp);
	for (size_t i = 0; i < l.nr; i++) {
		printf("%s %16" PRIx64 " %16" PRIx64 " %s\n", l.v[i].hex, l.v[i].start, l.v[i].end,
		       l.v[i].name);
		free(l.v[i].name);
	}
	free(l.v);
	return 0;
}

int cmd_buildid_list(int argc, const char **argv)
{
	const char *input = NULL;
	bool with_hits = false, force = false, kernel = false, kernel_maps = false;
	struct stat st;
	const struct option options[] = {
		OPT_BOOLEAN('H', "with-hits", &with_hits, "Show only DSOs with hits"),
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_BOOLEAN('k', "kernel", &kernel, "Show current kernel build id"),
		OPT_BOOLEAN('m', "kernel-maps", &kernel_maps,
			    "Show build id of current kernel + modules"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, buildid_list_usage, 0);
	if (argc)
		usage_with_options(buildid_list_usage, options);
	if (kernel) {
		struct build_id bid;
		char hex[SBUILD_ID_SIZE];

		if (kernel__read_build_id(&bid)) {
			/* perf exits 1 without a word */
			error("cannot read the running kernel's build-id from /sys/kernel/notes");
			return 1;
		}
		build_id__snprintf(&bid, hex, sizeof(hex));
		puts(hex);
		return 0;
	}
	/* after -k, as perf's */
	if (kernel_maps)
		return buildid_list__kernel_maps();
	/* after -k, as perf's */
	if (kernel_maps)
		return buildid_list__kernel_maps();
	if (!input || !*input)
		input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
	return buildid_list__file(input, force, with_hits);
}
