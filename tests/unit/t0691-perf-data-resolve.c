// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0691-perf-data-resolve: the machine model fed by the session reader,
 * i.e. the adapter prof report will use, against perf on real files.
 *
 *   t0691-perf-data-resolve                 TAP: a tiny hand-built check
 *   t0691-perf-data-resolve script FILE     one line per sample, as
 *        perf script -F pid,tid,ip,sym,dso prints it (spaces squeezed)
 *   t0691-perf-data-resolve report FILE     "<pct>% <comm> <dso> [x] <sym>"
 *        per entry, perf report --stdio -q --sort comm,dso,sym fields
 *   t0691-perf-data-resolve callchain FILE  per sample: the resolved
 *        callchain symbols "sym;sym;..." (leaf first)
 *   t0691-perf-data-resolve srcline FILE    per sample: its srcline as
 *        perf report --sort srcline shows it
 */
#include "prof/srcline.h"
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "tap.h"


enum mode { MODE_SCRIPT, MODE_REPORT, MODE_CALLCHAIN, MODE_SRCLINE };

struct entry {
	char *key;
	u64 period;
};

struct ctx {
	struct machine *m;
	enum mode mode;
	struct entry *entries;
	size_t nr, alloc;
	u64 total;
};

/* MMAP, MMAP2, COMM, FORK and EXIT go to the machine as report feeds them. */
static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct ctx *c = session__tool_priv(s);

	(void)sample;
	return machine__process_event(c->m, ev);
}

static void add_entry(struct ctx *c, const char *key, u64 period)
{
	for (size_t i = 0; i < c->nr; i++) {
		if (!strcmp(c->entries[i].key, key)) {
			c->entries[i].period += period;
			return;
		}
	}
	if (c->nr == c->alloc)
		c->entries = xgrow(c->entries, sizeof(*c->entries), c->nr + 1, &c->alloc);
	c->entries[c->nr].key = xstrdup(key);
	c->entries[c->nr].period = period;
	c->nr++;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct ctx *c = session__tool_priv(s);
	struct addr_location al;
	char sym[4096], key[8192];

	machine__resolve(c->m, sample->cpumode, (pid_t)sample->pid, (pid_t)sample->tid,
			 sample->ip, &al);
	switch (c->mode) {
	case MODE_SCRIPT:
		printf("%d/%d %" PRIx64 " %s (%s)\n", (int)sample->pid, (int)sample->tid, sample->ip,
		       al.sym ? al.sym->name : "[unknown]",
		       addr_location__dso_name(&al, true));
		break;
	case MODE_REPORT:
		addr_location__sym_snprintf(&al, sym, sizeof(sym));
		/*
		 * perf's sort keys compare symbols by address, not name
		 * (overloads differ), and DSOs by name: two inodes of one
		 * library path (a chroot's and the host's) make one entry.
		 */
		snprintf(key, sizeof(key), "%" PRIx64 "-%" PRIx64 "\t%s %s %s",
			 al.sym ? al.sym->start : 0, al.sym ? al.sym->end : 0,
			 thread__comm_str(al.thread), addr_location__dso_name(&al, false), sym);
		add_entry(c, key, sample->period);
		c->total += sample->period;
		break;
	case MODE_SRCLINE:
		printf("%s\n", al.map ? dso__srcline_str(al.map->dso, al.addr, al.sym, true, true) :
		       SRCLINE_UNKNOWN);
		break;
	case MODE_CALLCHAIN: {
		struct callchain_frame fr[256];
		int n = machine__resolve_callchain(c->m, sample->cpumode, (pid_t)sample->pid,
						   (pid_t)sample->tid, sample->callchain,
						   sample->callchain_nr, fr, 256);

		for (int i = 0; i < n; i++)
			printf("%s%s", i ? ";" : "", fr[i].sym ? fr[i].sym->name : "[unknown]");
		printf("\n");
		break;
	}
	}
	addr_location__exit(&al);
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->period != y->period)
		return x->period > y->period ? -1 : 1;
	return strcmp(x->key, y->key);
}

static int run(enum mode mode, const char *path)
{
	struct session *s;
	char *err = NULL;
	struct ctx c = { .mode = mode };
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event, .ordered_events = true, .priv = &c,
	};
	struct perf_header *h;
	int ret;

	if (session__open(&s, path, &err) < 0) {
		fprintf(stderr, "%s\n", err ? err : "cannot open");
		free(err);
		return 1;
	}
	c.m = machine__new_host();
	/* The BUILD_ID feature: build-ids of the DSOs, before any record. */
	h = session__header(s);
	machine__process_header_build_ids(c.m, h);
	ret = session__process_events(s, &tool);
	if (ret < 0)
		fprintf(stderr, "%s\n", session__strerror(s));
	if (mode == MODE_REPORT) {
		qsort(c.entries, c.nr, sizeof(*c.entries), cmp_entry);
		for (size_t i = 0; i < c.nr; i++)
			printf("%.2f%% %s\n", 100.0 * (double)c.entries[i].period / (double)c.total,
			       strchr(c.entries[i].key, '\t') + 1);
	}
	for (size_t i = 0; i < c.nr; i++)
		free(c.entries[i].key);
	free(c.entries);
	machine__delete(c.m);
	session__delete(s);
	return ret < 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "script"))
		return run(MODE_SCRIPT, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "report"))
		return run(MODE_REPORT, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "callchain"))
		return run(MODE_CALLCHAIN, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "srcline"))
		return run(MODE_SRCLINE, argv[2]);
	/* Without a file: the adapter compiles and a missing file fails cleanly. */
	is_int(run(MODE_SCRIPT, "/nonexistent/perf.data"), 1, "a missing file is an error");
	return done_testing();
}
