// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0104-tracepoint: tracefs discovery (ids, existence, walks in both
 * orders) and format parsing through libtraceevent, on the fake tree.
 */
#include "prof/compat.h"
#include "prof/pmu.h"
#include "prof/strbuf.h"
#include "prof/tracepoint.h"
#include "tap.h"
#include "fake-sysfs.h"
#ifdef HAVE_LIBTRACEEVENT
#include <event-parse.h>
#endif

static int collect(const char *sys, const char *name, void *data)
{
	struct strbuf *sb = data;

	strbuf_addf(sb, "%s:%s ", sys, name);
	return 0;
}

static int stop_at_irq(const char *sys, const char *name, void *data)
{
	(void)name;
	(*(int *)data)++;
	return !strcmp(sys, "irq") ? 42 : 0;
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *want, *text;
	u64 id = 0;
	int n = 0;

	fake_sysfs_create(false);
	sysfs__set_root(fake_root);

	want = xasprintf("%s/kernel/tracing/events", fake_root);
	is_str(tracepoint__events_dir(), want, "tracefs under the sysfs root");
	free(want);

	is_int(tracepoint__id("sched", "sched_switch", &id), 0, "id of sched:sched_switch");
	is_int((long long)id, 316, "id value");
	is_int(tracepoint__id("sched", "nope", &id), -ENOENT, "missing tracepoint: -ENOENT");
	is_int(tracepoint__id("..", "x/y", &id), -EINVAL, "path games are refused");
	ok(tracepoint__exists("irq", "irq_handler_entry"), "exists");
	ok(!tracepoint__exists("noid", "noid_event"), "a directory without id is no tracepoint");

	tracepoints__for_each(true, NULL, NULL, collect, &sb);
	is_str(sb.buf, "fib:fib_table_lookup fib6:fib6_table_lookup irq:irq_handler_entry "
	       "sched:sched_switch sched:sched_wakeup ", "sorted walk skips files and id-less dirs");
	strbuf_reset(&sb);
	tracepoints__for_each(false, "s*", "*wake*", collect, &sb);
	is_str(sb.buf, "sched:sched_wakeup ", "globs on system and name");
	strbuf_reset(&sb);
	is_int(tracepoints__for_each(true, NULL, NULL, stop_at_irq, &n), 42,
	       "a callback stops the walk with its value");
	is_int(n, 3, "after three tracepoints");

	text = tracepoint__format_text("sched", "sched_switch");
	ok(text && strstr(text, "field:int next_pid;"), "format text");
	free(text);

#ifdef HAVE_LIBTRACEEVENT
	{
		struct tep_event *ev = tracepoint__format("sched", "sched_switch");
		struct tep_format_field *f = ev ? tep_find_field(ev, "next_pid") : NULL;

		ok(ev != NULL, "libtraceevent parses the format");
		if (ev) {
			is_str(ev->name, "sched_switch", "event name");
			is_str(ev->system, "sched", "event system");
			is_int(ev->id, 316, "event id");
		}
		ok(f && f->offset == 8 && f->size == 4, "field next_pid at 8, size 4");
		ok(tracepoint__format("sched", "sched_switch") == ev, "formats are cached");
		ok(tracepoint__format("sched", "nope") == NULL, "no format for a missing event");
	}
#else
	ok(1, "# SKIP built without libtraceevent");
#endif

	strbuf_release(&sb);
	sysfs__set_root(NULL);
	fake_sysfs_remove();
	return done_testing();
}
