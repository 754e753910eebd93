// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0103-parse-events-perf: perf is the oracle. For each event string, on
 * this machine's real sysfs and tracefs:
 *   - the names "perf stat -x, -e X" prints are the evsel__name()s,
 *   - the attrs "perf stat -vv" opens agree with ours in the fields the
 *     parser decides (type, config*, exclude_*, precise_ip, pinned, bp_*),
 *   - a bad string gets the same "event syntax error" box.
 * Skipped when perf is missing or cannot count software events here.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <fcntl.h>

static char *run(const char *fmt, const char *event)
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
	char buf[4096];
	const char *q;
	size_t n;
	FILE *fp;

	/* Single-quote the event for the shell. */
	strbuf_addch(&cmd, '\'');
	for (q = event; *q; q++) {
		if (*q == '\'')
			strbuf_addstr(&cmd, "'\\''");
		else
			strbuf_addch(&cmd, *q);
	}
	strbuf_addch(&cmd, '\'');
	{
		char *full = xasprintf(fmt, cmd.buf);

		fp = popen(full, "r");
		free(full);
	}
	strbuf_release(&cmd);
	if (!fp)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(&out, buf, n);
	pclose(fp);
	return strbuf_detach(&out, NULL);
}

/* The third CSV field of each counter line: perf's event names, '|' joined. */
static char *perf_names(const char *event)
{
	char *out = run("perf stat -x, -e %s true 2>&1", event), *line, *save;
	struct strbuf sb = STRBUF_INIT;

	if (!out)
		return NULL;
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f1 = strchr(line, ','), *f2, *f3;

		if (!f1 || !(f2 = strchr(f1 + 1, ',')))
			continue;
		f3 = strchr(f2 + 1, ',');
		if (!f3)
			continue;
		if (sb.len)
			strbuf_addch(&sb, '|');
		strbuf_add(&sb, f2 + 1, (size_t)(f3 - f2 - 1));
	}
	free(out);
	return strbuf_detach(&sb, NULL);
}

static char *our_names(struct evlist *evlist)
{
	struct strbuf sb = STRBUF_INIT;
	struct evsel *e;

	evlist__for_each_entry(evlist, e) {
		if (sb.len)
			strbuf_addch(&sb, '|');
		strbuf_addstr(&sb, evsel__name(e));
	}
	return strbuf_detach(&sb, NULL);
}

/* Field @name of the first perf_event_attr block perf -vv printed. */
static u64 attr_field(const char *dump, const char *name)
{
	const char *p = strstr(dump, "perf_event_attr:"), *end;
	size_t len = strlen(name);

	if (!p)
		return (u64)-1;
	end = strstr(p, "\n----");
	for (p = strchr(p, '\n'); p && (!end || p < end); p = strchr(p + 1, '\n')) {
		const char *l = p + 1;

		while (*l == ' ')
			l++;
		if (!strncmp(l, name, len) && l[len] == ' ')
			return strtoull(l + len, NULL, 0);
	}
	return 0;
}

static void compare_attr(const char *event)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	char *dump;
	struct evsel *e;

	parse_events_error__init(&err);
	if (parse_events(evlist, event, &err) || !(e = evlist__first(evlist))) {
		ok(0, "attr %s: parses", event);
		goto out;
	}
	dump = run("perf stat -vv -e %s true 2>&1", event);
	if (!dump || !strstr(dump, "perf_event_attr:")) {
		ok(0, "attr %s: perf printed an attr", event);
		free(dump);
		goto out;
	}
#define FIELD(f, key) is_int((long long)e->attr.f, (long long)attr_field(dump, key), \
			    "attr %s: %s", event, key)
	FIELD(type, "type");
	FIELD(config, "config");
	FIELD(exclude_user, "exclude_user");
	FIELD(exclude_kernel, "exclude_kernel");
	FIELD(exclude_hv, "exclude_hv");
	FIELD(exclude_host, "exclude_host");
	FIELD(exclude_guest, "exclude_guest");
	FIELD(exclude_idle, "exclude_idle");
	FIELD(precise_ip, "precise_ip");
	FIELD(pinned, "pinned");
	if (e->attr.type == PERF_TYPE_BREAKPOINT) {
		FIELD(bp_type, "bp_type");
		FIELD(bp_addr, "{ bp_addr, config1 }");
		FIELD(bp_len, "{ bp_len, config2 }");
	}
#undef FIELD
	free(dump);
out:
	parse_events_error__exit(&err);
	evlist__delete(evlist);
}

/*
 * The names perf stat prints for @event, or, where perf refuses it (an
 * alias this machine's PMU does not export), the same refusal from us.
 */
static void compare_names(const char *event)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	char *want = perf_names(event), *got;
	bool perf_refuses = want && !*want;

	parse_events_error__init(&err);
	if (perf_refuses) {
		ok(parse_events(evlist, event, &err) != 0, "names %s: refused, as perf refuses it",
		   event);
	} else if (parse_events(evlist, event, &err)) {
		ok(0, "names %s: parses (%s)", event, err.str ? err.str : "?");
	} else {
		got = our_names(evlist);
		is_str(got, want, "names %s", event);
		free(got);
	}
	free(want);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
}

/* perf's error lines for @event, up to "Run 'perf list'...". */
static char *perf_error(const char *event)
{
	char *out = run("COLUMNS=80 LINES=25 perf stat -e %s true 2>&1", event), *cut;

	if (out && (cut = strstr(out, "Run 'perf list'")))
		*cut = '\0';
	return out;
}

static char *our_error(const char *event)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	char path[] = "/tmp/prof-t0103.XXXXXX";
	int fd = mkstemp(path), saved = dup(2), ret;
	char *out;

	parse_events_error__init(&err);
	ret = parse_events(evlist, event, &err);
	fflush(stderr);
	dup2(fd, 2);
	if (ret)
		parse_events_error__print(&err, event);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	out = read_file_str(path, NULL);
	unlink(path);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
	return out;
}

static void compare_error(const char *event)
{
	char *want = perf_error(event), *got = our_error(event);

	is_str(got, want, "error box for '%s'", event);
	free(want);
	free(got);
}

static bool have(const char *path)
{
	return access(path, R_OK) == 0;
}

int main(void)
{
	static const char *const named[] = {
		"cpu-clock", "cpu-clock:u", "task-clock:k", "cs", "faults",
		"migrations", "dummy", "duration_time", "user_time",
		"system_time", "bpf-output", "cgroup-switches", "alignment-faults",
		"emulation-faults", "minor-faults", "major-faults",
		"cpu-clock:ppp", "cpu-clock:P", "cpu-clock:G", "cpu-clock:H",
		"cpu-clock:D", "cpu-clock:S", "cpu-clock:I", "cpu-clock:W",
		"cpu-clock:uk", "cpu-clock:hk", "cpu-clock:e",
		"cycles", "instructions", "branches", "branch-misses", "ref-cycles",
		"L1-dcache-load-misses", "l1d-loads", "l1d-loads:u", "LLC",
		"dTLB-load-misses", "branch-loads", "node-prefetches",
		"L1-dcache-miss", "LLC-prefetch-misses", "Data-TLB-write-access",
		"r1a8", "r1a8:u", "r0", "rffff", "1:0", "1:0:u",
		"cpu-clock/period=1000/", "cpu-clock/name=foo/",
		"cpu-clock/name=foo/u", "cpu-clock/period=1000/u",
		"cpu-clock/config=1/", "software/config=0/",
		"cpu-clock:u,task-clock", "{cpu-clock,task-clock}",
		"{cpu-clock,task-clock}:u", "{cpu-clock:u,task-clock}",
		"foo{cpu-clock,task-clock}", "cpu-clock,{task-clock,cs}",
		"mem:0x1000", "mem:0x1000/8:rw", "mem:0x1000:w", "mem:0x1000:x:u",
		NULL,
	};
	static const char *const named_tp[] = {
		"sched:sched_switch", "sched:sched_switch:u",
		"sched:sched_switch,sched:sched_wakeup", "sched:sched_sw*",
		NULL,
	};
	static const char *const named_msr[] = {
		"msr/tsc/", "msr/tsc/u", "tsc", "smi", "msr/event=0x0/",
		"msr/tsc,name=bar/", "msr/tsc/,cpu-clock", "TSC", "msr/TSC/", NULL,
	};
	static const char *const attrs[] = {
		"cpu-clock", "cpu-clock:u", "cpu-clock:k", "cpu-clock:h",
		"cpu-clock:G", "cpu-clock:H", "cpu-clock:ppp", "cpu-clock:P",
		"cpu-clock:S", "cpu-clock:D", "cpu-clock:I", "cpu-clock:uG",
		"task-clock:upp", "cs", "duration_time", "r1a8",
		"L1-dcache-load-misses", "dTLB-prefetch-misses", "mem:0x1000/8:rw",
		"mem:0x2000:x", "msr/tsc/", "msr/smi/", "1:5", "{cpu-clock,task-clock}:u",
		NULL,
	};
	static const char *const bad[] = {
		"foo", "cpu-clock:x", "sched:nope", "{a", ",cpu-clock", "cpu-clock,",
		"cpu/event=1/", "msr/event=0x100000000000000000/", "cpu-clock/name=foo/:u",
		"msr/tsc/:u", "branches-loads", "r1a8/", "R1a8", "r0x1a8",
		"sched:sched_switch/", "task-clock:uuu", "cpu-clock:pppp",
		"cpu-clock:k:u", "cpu-clock/foo/", "cpu-clock/foo=1/",
		"cpu-clock,sched:nope", "sched:nomatch*", "nosys:foo*",
		"*:sched_switch", "{cpu-clock,{task-clock}}", "nosys*:foo",
		"sched/sched_switch/", "sched:sched_switch/period=1/",
		"cpu-clock/call-graph=fp/", "a:b:c", "cpu-clock//x",
		"cpu-clock/period=abc/", "cpu-clock/name=1/", "energy-pkg",
		"cpu-clock/inherit/", "cpu-clock/freq=100/", "mem:x",
		"{cpu-clock}:x", "cpu-clock:/", "/",
		NULL,
	};
	size_t i;
	char *probe;

	probe = run("perf stat -x, -e %s true 2>&1", "task-clock");
	if (!probe || !strstr(probe, "task-clock")) {
		free(probe);
		skip_all("perf is missing or cannot count task-clock here");
	}
	free(probe);
	/* perf stat narrows the usable terms; match it. */
	parse_events__shrink_config_terms();

	for (i = 0; named[i]; i++)
		compare_names(named[i]);
	if (have("/sys/kernel/tracing/events/sched/sched_switch/id"))
		for (i = 0; named_tp[i]; i++)
			compare_names(named_tp[i]);
	if (have("/sys/bus/event_source/devices/msr/events/tsc"))
		for (i = 0; named_msr[i]; i++)
			compare_names(named_msr[i]);
	for (i = 0; attrs[i]; i++) {
		if (strstr(attrs[i], "msr") &&
		    !have("/sys/bus/event_source/devices/msr/events/smi"))
			continue;
		compare_attr(attrs[i]);
	}
	if (have("/sys/kernel/tracing/events/sched/sched_switch/id") &&
	    !have("/sys/bus/event_source/devices/cpu"))
		for (i = 0; bad[i]; i++)
			compare_error(bad[i]);
	return done_testing();
}
