// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0800-unwind: the DWARF unwinder (unwind.h) on perf.data files.
 *
 *   t0800-unwind                 TAP: register mapping, REGS_USER lookup,
 *                                health of an empty machine, missing file
 *   t0800-unwind chains FILE     every --call-graph dwarf sample as
 *        perf script -F ip,sym --no-inline prints it: kernel frames, then
 *        the unwound user frames ("addr sym" lines, a blank line between
 *        samples); the stack health summary on stderr. The frames are
 *        resolved_sample__chain's, report's and top's (resolved-sample.h):
 *        the address is the map-relative one perf 6.1 prints
 *   t0800-unwind inline FILE     the same with inlined frames as perf script
 *        -F ip,sym shows them by default (perf's append_inlines rule)
 *   t0800-unwind health FILE     only the stack health summary (stdout)
 *   t0800-unwind bench FILE      unwind and resolve every sample, print
 *        "samples frames" (for scripts/bench/unwind-bench.sh)
 *   t0800-unwind read FILE       the same without unwinding (the reader's share)
 *   ... FILE full                with libdw's own unwinder for every sample
 *        (UNWIND_BACKEND_LIBDW_FULL) instead of the CFI rule cache
 *   ... FILE libdw|libunwind     with that backend (default: the default one)
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/unwind.h"
#include "prof/srcline.h"
#include "prof/resolved-sample.h"
#include "tap.h"


struct ctx {
	struct machine *m;
	struct sample_resolver *resolver;	/* chains and inline */
	int mode;
	u64 samples, frames, unwound;
};

/* MMAP, MMAP2, COMM, FORK and EXIT go to the machine as report feeds them. */
static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct ctx *c = session__tool_priv(s);

	(void)sample;
	return machine__process_event(c->m, ev);
}

enum { MODE_CHAINS, MODE_HEALTH, MODE_BENCH, MODE_READ, MODE_INLINE };

static int count_entry(const struct unwind_entry *e, void *arg)
{
	struct ctx *c = arg;

	(void)e;
	c->frames++;
	return 0;
}

/* The sample's stack as report and top build it, as perf script prints it. */
static void print_chain(struct ctx *c, const struct perf_sample *sample)
{
	struct resolved_sample rs;

	resolved_sample__resolve(c->resolver, sample, &rs);
	resolved_sample__chain(c->resolver, sample, &rs, NULL);
	for (int i = 0; i < rs.nr; i++) {
		const struct callchain_cursor_node *f = &rs.frames[i];

		printf("%" PRIx64 " %s%s\n", rs.addrs[i], f->sym ? f->sym->name : "[unknown]",
		       f->inlined ? " (inlined)" : "");
	}
	printf("\n");
	resolved_sample__exit(&rs);
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct ctx *c = session__tool_priv(s);
	struct thread *t;

	(void)ev;
	if (!sample->user_regs.abi || !sample->user_stack_size)
		return 0;
	c->samples++;
	if (c->mode == MODE_CHAINS || c->mode == MODE_INLINE) {
		print_chain(c, sample);
		return 0;
	}
	if (c->mode == MODE_READ)
		return 0;
	t = machine__findnew_thread(c->m, (pid_t)sample->pid, (pid_t)sample->tid);
	if (!unwind__get_entries(c->m, t, sample, 127, count_entry, c))
		c->unwound++;
	return 0;
}

/* "full": libdw's own unwinder for every sample; "libunwind" */
static enum unwind_backend backend = UNWIND_BACKEND_DEFAULT;

static int run(int mode, const char *path)
{
	struct session *s;
	char *err = NULL;
	struct ctx c = { .mode = mode };
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event, .ordered_events = true, .priv = &c,
	};
	struct perf_header *h;
	struct unwind_health health;
	int ret;

	if (session__open(&s, path, &err) < 0) {
		fprintf(stderr, "%s\n", err ? err : "cannot open");
		free(err);
		return 1;
	}
	c.m = machine__new_host();
	if (backend != UNWIND_BACKEND_DEFAULT && unwind__set_backend(c.m, backend)) {
		fprintf(stderr, "backend not built in\n");
		machine__delete(c.m);
		session__delete(s);
		return 1;
	}
	c.resolver = sample_resolver__new(c.m, &(struct resolve_param){
		.max_stack = 127,
		.inline_names = mode == MODE_INLINE,
	});
	h = session__header(s);
	machine__process_header(c.m, h);
	ret = session__process_events(s, &tool);
	if (ret < 0)
		fprintf(stderr, "%s\n", session__strerror(s));
	unwind__health(c.m, &health);
	if (mode == MODE_BENCH || mode == MODE_READ)
		printf("%" PRIu64 " %" PRIu64 "\n", c.samples, c.frames);
	else
		unwind_health__fprintf(&health, mode == MODE_HEALTH ? stdout : stderr);
	unwind_health__exit(&health);
	sample_resolver__delete(c.resolver);
	machine__delete(c.m);
	session__delete(s);
	return ret < 0;
}

static int count_cb(const struct unwind_entry *e, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/*
 * resolved_sample__chain on a machine that knows no map: every frame is
 * map-less ("[unknown]"), kept in display order, cut by --max-stack in
 * display order, dropped by -U.
 */
static void test_resolved_sample(void)
{
	struct machine *m = machine__new_host();
	struct session_evsel ev = { .attr = { .sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN } };
	u64 chain[] = { PROF_CONTEXT_USER, 0x1000, 0x2000, 0x3000 };
	struct perf_sample sample = {
		.ip = 0x1000, .pid = 7, .tid = 7, .cpumode = PROF_CPUMODE_USER,
		.callchain = chain, .callchain_nr = ARRAY_SIZE(chain), .evsel = &ev,
	};
	struct resolve_param p = { .max_stack = 127 };
	struct sample_resolver *r = sample_resolver__new(m, &p);
	struct resolved_sample rs;

	resolved_sample__resolve(r, &sample, &rs);
	ok(rs.al.thread && !rs.al.map && !rs.al.sym, "the sample's ip: a thread, no map");
	is_int(resolved_sample__chain(r, &sample, &rs, NULL), 3, "three frames (the marker skipped)");
	ok(rs.frames[0].ip == 0x1000 && rs.frames[2].ip == 0x3000, "callee order: leaf first");
	ok(!rs.frames[1].dso && !rs.frames[1].has_map && !rs.frames[1].sym, "a frame without a map");
	ok(rs.addrs[1] == 0x2000 && rs.origin[1] == FRAME_CHAIN, "its address is the ip; from the chain");
	ok(resolved_sample__symoff(&rs, 1) == 0 && !resolved_sample__srcline(&rs, 1, true, true),
	   "no symbol offset, no source line");
	resolved_sample__exit(&rs);
	sample_resolver__delete(r);

	p.caller = true;
	p.max_stack = 2;
	r = sample_resolver__new(m, &p);
	resolved_sample__resolve(r, &sample, &rs);
	is_int(resolved_sample__chain(r, &sample, &rs, NULL), 2, "--max-stack 2 keeps two");
	ok(rs.frames[0].ip == 0x3000 && rs.frames[1].ip == 0x2000,
	   "the first two in caller order, as perf");
	resolved_sample__exit(&rs);
	sample_resolver__delete(r);

	p.hide_unresolved = true;
	r = sample_resolver__new(m, &p);
	resolved_sample__resolve(r, &sample, &rs);
	is_int(resolved_sample__chain(r, &sample, &rs, NULL), 0, "-U leaves unresolved frames out");
	resolved_sample__exit(&rs);
	sample_resolver__delete(r);
	machine__delete(m);
}

static void test_api(void)
{
	u64 regs[24], v = 0;
	struct machine *m = machine__new_host();
	struct unwind_health h;
	struct perf_sample sample;
	enum unwind_backend b = UNWIND_BACKEND_DEFAULT;
	int n = 0;

	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_AX), 0, "AX is DWARF 0");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_DX), 1, "DX is DWARF 1");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_BX), 3, "BX is DWARF 3");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_SP), 7, "SP is DWARF 7");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_IP), 16, "IP is DWARF 16 (return address)");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_R8), 8, "R8 is DWARF 8");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_R15), 15, "R15 is DWARF 15");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_FLAGS), -EINVAL, "FLAGS has no DWARF number");
	is_int(unwind__x86_64_dwarf_reg(PERF_REG_X86_GS), -EINVAL, "GS has no DWARF number");

	/* 0xff0fff: 12 low registers, then R8..R15 packed right after SS. */
	for (int i = 0; i < 20; i++)
		regs[i] = 100 + (u64)i;
	ok(!unwind__sample_reg(UNWIND_X86_64_REGS_MASK, regs, 20, PERF_REG_X86_IP, &v) && v == 108,
	   "IP is the 9th value");
	ok(!unwind__sample_reg(UNWIND_X86_64_REGS_MASK, regs, 20, PERF_REG_X86_R8, &v) && v == 112,
	   "R8 follows SS (segment registers not sampled)");
	ok(!unwind__sample_reg(UNWIND_X86_64_REGS_MASK, regs, 20, PERF_REG_X86_R15, &v) && v == 119,
	   "R15 is the last value");
	is_int(unwind__sample_reg(UNWIND_X86_64_REGS_MASK, regs, 20, PERF_REG_X86_DS, &v), -ENOENT,
	       "DS was not sampled");
	is_int(unwind__sample_reg(0xff0fffULL, regs, 10, PERF_REG_X86_R8, &v), -ENOENT,
	       "a short register block is not read past its end");

	memset(&sample, 0, sizeof(sample));
	is_int(unwind__get_entries(m, machine__findnew_thread(m, 1, 1), &sample, 0, count_cb, &n),
	       -ENODATA, "a sample without REGS_USER has nothing to unwind");
	is_int(unwind__health(m, &h), 0, "health of a machine that unwound nothing");
	ok(h.samples == 0 && h.nr_hints == 0 && h.nr_dsos == 0, "is empty");
	unwind_health__exit(&h);
	is_str(unwind__backend_name(m), "libdw", "libdw is the default backend");
	is_int(unwind__set_backend(m, UNWIND_BACKEND_LIBDW_FULL), 0, "libdw without the rule cache");
	is_str(unwind__backend_name(m), "libdw-full", "is selected");
#ifdef HAVE_LIBUNWIND
	is_int(unwind__set_backend(m, UNWIND_BACKEND_LIBUNWIND), 0, "the libunwind backend");
	is_str(unwind__backend_name(m), "libunwind", "is selected");
	is_int(unwind__parse_backend("libunwind", &b), 0, "--unwinder=libunwind");
#else
	is_int(unwind__set_backend(m, UNWIND_BACKEND_LIBUNWIND), -EOPNOTSUPP,
	       "libunwind backend is not built in");
	is_int(unwind__parse_backend("libunwind", &b), -EOPNOTSUPP,
	       "--unwinder=libunwind is known but not built in");
#endif
	ok(b == UNWIND_BACKEND_LIBUNWIND, "names the libunwind backend");
	is_int(unwind__parse_backend("libdw", &b), 0, "--unwinder=libdw");
	ok(b == UNWIND_BACKEND_LIBDW, "names the libdw backend");
	is_int(unwind__parse_backend("gdb", &b), -EINVAL, "another name is refused");
	is_int(unwind__parse_backend("libdw-full", &b), -EINVAL, "libdw-full is for tests only");
	machine__delete(m);
	is_int(run(MODE_HEALTH, "/nonexistent/perf.data"), 1, "a missing file is an error");
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[3], "full")) {
		backend = UNWIND_BACKEND_LIBDW_FULL;
		argc--;
	} else if (argc == 4 && !strcmp(argv[3], "libdw")) {
		backend = UNWIND_BACKEND_LIBDW;
		argc--;
	} else if (argc == 4 && !strcmp(argv[3], "libunwind")) {
		backend = UNWIND_BACKEND_LIBUNWIND;
		argc--;
	}
	if (argc == 3 && !strcmp(argv[1], "chains"))
		return run(MODE_CHAINS, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "inline"))
		return run(MODE_INLINE, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "health"))
		return run(MODE_HEALTH, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "bench"))
		return run(MODE_BENCH, argv[2]);
	if (argc == 3 && !strcmp(argv[1], "read"))
		return run(MODE_READ, argv[2]);
	test_api();
	test_resolved_sample();
	return done_testing();
}
