// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0203-stat-merge: an event alias that two PMUs have ("foo" on
 * uncore_x_0 and uncore_x_1 of a fake sysfs) is opened on both; perf
 * stat shows one "foo" line with the sum, and with --no-merge one line
 * per PMU, named "foo [pmu]".
 */
#include "prof/compat.h"
#include "prof/parse-events.h"
#include "prof/pmu.h"
#include "prof/stat-display.h"
#include "prof/stat.h"
#include "tap.h"
#include "fake-sysfs.h"

static char *counters(struct stat_display *d, struct evlist *evlist,
		      const struct runtime_stat *rt)
{
	char *buf = NULL;
	size_t len = 0;

	d->out = open_memstream(&buf, &len);
	stat_display__counters(d, evlist, rt);
	fclose(d->out);
	return buf;
}

int main(void)
{
	struct stat_config sc = { .aggr_mode = AGGR_GLOBAL, .scale = true, .run_count = 1 };
	struct evlist *evlist = evlist__new();
	struct runtime_stat rt;
	struct stat_display d;
	struct evsel *a, *b;
	u64 val = 100;
	char *s;

	fake_sysfs_create(false);
	fake_write(PMUDIR "uncore_x_0/type", "20\n");
	fake_write(PMUDIR "uncore_x_0/format/event", "config:0-7\n");
	fake_write(PMUDIR "uncore_x_0/events/foo", "event=0x01\n");
	fake_write(PMUDIR "uncore_x_1/type", "21\n");
	fake_write(PMUDIR "uncore_x_1/format/event", "config:0-7\n");
	fake_write(PMUDIR "uncore_x_1/events/foo", "event=0x01\n");
	parse_events__set_sysfs_root(fake_root);

	ok(parse_events(evlist, "foo,msr/tsc/", NULL) == 0, "foo parses");
	is_int(evlist->nr_entries, 3, "foo on both PMUs, then msr/tsc/");
	a = evlist__first(evlist);
	b = list_entry(a->node.next, struct evsel, node);
	ok(evsel__is_alias_of(b, a), "the second foo is an alias of the first");
	ok(!evsel__is_alias_of(evlist__last(evlist), b), "msr/tsc/ is not");
	s = evsel__uniquified_name(a);
	is_str(s, "foo [uncore_x_0]", "--no-merge name of an alias");
	free(s);
	ok(evsel__uniquified_name(evlist__last(evlist)) == NULL,
	   "a name that starts with its PMU stays");

	evlist__alloc_stats(evlist, AGGR_GLOBAL, NULL);
	runtime_stat__init(&rt, 1);
	stats__update(&rt.walltime, 1000000000ULL);
	evlist__for_each_entry(evlist, a) {
		a->supported = true;
		evsel__stat(a)->counts[0] = (struct counts_values){ val, 1000, 1000 };
		stat__process_counter(&sc, &rt, a);
		val += 100;
	}
	stat_display__init(&d, stdout);
	s = counters(&d, evlist, &rt);
	is_str(s,
	       "               300      foo                                                                \n"
	       "               300      msr/tsc/                                                           \n",
	       "merged: one foo line with both PMUs' counts");
	free(s);
	d.no_merge = true;
	s = counters(&d, evlist, &rt);
	is_str(s,
	       "               100      foo [uncore_x_0]                                                   \n"
	       "               200      foo [uncore_x_1]                                                   \n"
	       "               300      msr/tsc/                                                           \n",
	       "--no-merge: a line per PMU");
	free(s);

	runtime_stat__exit(&rt);
	evlist__free_stats(evlist);
	evlist__delete(evlist);
	parse_events__set_sysfs_root(NULL);
	fake_sysfs_remove();
	return done_testing();
}
