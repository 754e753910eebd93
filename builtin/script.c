// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof script: every sample of a perf.data file (or stream) as one line,
 * or a line and its call chain, exactly as perf 6.1's perf script prints
 * it, so that stackcollapse-perf.pl, awk and grep recipes written for
 * perf work unchanged. -F chooses the fields as perf's does (per event
 * type, "type:" prefixes, +field/-field edits and perf's errors); the
 * side-band records are shown with --show-*-events.
 *
 * The flow: options -> session__open -> the machine model fed by the
 * records -> per sample: its location and stack from resolved-sample (the
 * one path report and top use too), printed here into one buffer per
 * sample. Python and Perl scripting is not part of prof: such options are
 * refused with what to use instead.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/pager.h"
#include "prof/session.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/callchain.h"
#include "prof/hist-filter.h"
#include "prof/header-print.h"
#include "prof/dump.h"
#include "prof/stats-print.h"
#include "prof/resolved-sample.h"
#include "prof/srcline.h"
#include "prof/srccode.h"
#include "prof/disasm.h"
#include "prof/map.h"
#include "prof/time-range.h"
#include "prof/trace-event.h"
#include "builtin.h"
#include <sys/stat.h>
#include <time.h>
#include <stdarg.h>
#include <math.h>
#include <ctype.h>
#include <elf.h>

static const char *const script_usage[] = {
	"prof script [<options>]",
	NULL
};

/* -F fields, in perf's order (its help text and its bit order). */
enum {
	F_COMM, F_TID, F_PID, F_TIME, F_CPU, F_EVNAME, F_TRACE, F_IP, F_SYM, F_DSO,
	F_ADDR, F_SYMOFFSET, F_SRCLINE, F_PERIOD, F_IREGS, F_UREGS, F_BRSTACK,
	F_BRSTACKSYM, F_FLAGS, F_DATA_SRC, F_WEIGHT, F_BPF_OUTPUT, F_BRSTACKINSN,
	F_BRSTACKINSNLEN, F_BRSTACKOFF, F_CALLINDENT, F_INSN, F_INSNLEN, F_SYNTH,
	F_PHYS_ADDR, F_METRIC, F_MISC, F_SRCCODE, F_IPC, F_TOD, F_DATA_PAGE_SIZE,
	F_CODE_PAGE_SIZE, F_INS_LAT, NR_FIELDS
};

static const char *const field_names[NR_FIELDS] = {
	"comm", "tid", "pid", "time", "cpu", "event", "trace", "ip", "sym", "dso",
	"addr", "symoff", "srcline", "period", "iregs", "uregs", "brstack",
	"brstacksym", "flags", "data_src", "weight", "bpf-output", "brstackinsn",
	"brstackinsnlen", "brstackoff", "callindent", "insn", "insnlen", "synth",
	"phys_addr", "metric", "misc", "srccode", "ipc", "tod", "data_page_size",
	"code_page_size", "ins_lat",
};

#define B(f)	(1ULL << (f))

/*
 * Fields prof prints. The others are parsed as perf parses them and
 * refused when a file would have them printed (they need an instruction
 * decoder, an AUX trace or a metric engine prof does not have).
 */
#define SUPPORTED (B(F_COMM) | B(F_TID) | B(F_PID) | B(F_TIME) | B(F_CPU) | B(F_EVNAME) | \
		   B(F_TRACE) | B(F_IP) | B(F_SYM) | B(F_DSO) | B(F_ADDR) | B(F_SYMOFFSET) | \
		   B(F_SRCLINE) | B(F_PERIOD) | B(F_WEIGHT) | B(F_PHYS_ADDR) | B(F_MISC) | \
		   B(F_DATA_SRC) | B(F_DATA_PAGE_SIZE) | B(F_CODE_PAGE_SIZE) | B(F_INS_LAT) | \
		   B(F_BRSTACK) | B(F_BRSTACKSYM) | B(F_BRSTACKOFF) | B(F_FLAGS) | \
		   B(F_BPF_OUTPUT) | B(F_SYNTH) | B(F_SRCCODE) | B(F_INSN) | B(F_INSNLEN))

/* perf's output types: the attr types below PERF_TYPE_MAX, synth, other. */
enum { OT_HW, OT_SW, OT_TRACE, OT_HW_CACHE, OT_RAW, OT_BREAK, OT_SYNTH, OT_OTHER, NR_OT };

#define PERF_TYPE_SYNTH_ATTR	4000000000U

struct output_opt {
	u64 fields;
	u64 invalid;
	u64 user_set_fields, user_unset_fields;
	bool user_set, wildcard_set;
};

#define DEF_HW (B(F_COMM) | B(F_TID) | B(F_CPU) | B(F_TIME) | B(F_EVNAME) | B(F_IP) | \
		B(F_SYM) | B(F_SYMOFFSET) | B(F_DSO) | B(F_PERIOD))
#define DEF_RAW (DEF_HW | B(F_ADDR) | B(F_DATA_SRC) | B(F_WEIGHT) | B(F_PHYS_ADDR) | \
		 B(F_DATA_PAGE_SIZE) | B(F_CODE_PAGE_SIZE) | B(F_INS_LAT))

static const struct output_opt default_output[NR_OT] = {
	[OT_HW] = { DEF_HW, B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_SW] = { DEF_HW | B(F_BPF_OUTPUT), B(F_TRACE), 0, 0, false, false },
	[OT_TRACE] = { B(F_COMM) | B(F_TID) | B(F_CPU) | B(F_TIME) | B(F_EVNAME) | B(F_TRACE),
		       B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_HW_CACHE] = { DEF_HW, B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_RAW] = { DEF_RAW, B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_BREAK] = { DEF_HW, B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_SYNTH] = { B(F_COMM) | B(F_TID) | B(F_CPU) | B(F_TIME) | B(F_EVNAME) | B(F_SYNTH),
		       B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
	[OT_OTHER] = { DEF_RAW, B(F_TRACE) | B(F_BPF_OUTPUT), 0, 0, false, false },
};

/*
 * A call-chain frame's line as printed (print_chain), kept by what makes
 * it: the address shown, the one the offset is from, the symbol, the DSO
 * name, the fields and, with srcline, the DSO or the inline expansion's
 * line it came from. Most samples repeat frames seen before: their lines
 * are copied, not made again. Direct-mapped (a collision replaces), so its
 * size is fixed; valid in the symbol__epoch it was made in, as the symbol
 * and the name are known by their addresses.
 */
#define FRAME_LINES	16384	/* a power of two */
#define FRAME_TEXT	184	/* longer lines are not kept */

struct frame_line {
	u64 v, addr;
	const void *sym, *name;
	const void *dso, *srcline;	/* with the source line: where it came from */
	u64 epoch;
	u32 flags;		/* FL_*; 0: empty */
	u32 len;
	char text[FRAME_TEXT];
};

enum {
	FL_IP = 1, FL_SYM = 2, FL_OFF = 4, FL_DSO = 8, FL_INLINED = 16, FL_SRCLINE = 32,
	FL_SET = 64
};

/* The text of one sample or record, written at once (see ob_*). */
struct obuf {
	char *buf;
	size_t len, alloc;
};

struct script {
	const char *input;
	const char *symfs, *vmlinux, *kallsyms;
	const char *comm_list, *pid_list, *tid_list, *dso_list, *sym_list, *cpu_list;
	const char *time_str;
	int max_stack;
	bool hide_call_graph, nanosecs, reltime, deltatime;
	bool header, header_only, show_info, force;
	bool show_task, show_mmap, show_switch, show_lost, show_namespace;
	bool per_event_dump, inline_names, full_srcline, demangle, demangle_kernel;
	bool dump;			/* -D */
	bool print_flags;
	bool xed;			/* --xed: the insn field's bytes disassembled */
	/* the fields per output type */
	struct output_opt output[NR_OT];
	bool use_callchain;
	/* run state */
	struct session *session;
	struct machine *machine;
	bool clock_known;
	int name_width;
	int data_src_width;		/* the widest data_src text so far (perf's) */
	u64 initial_time, previous_time;
	struct time_range *ranges;	/* --time (time-range.h) */
	int nr_ranges;
	struct name_list comms, pids, tids, dsos, syms;
	unsigned long *cpus;		/* -C bitmap, NULL: all */
	int nr_cpu_bits;
	FILE **dump_fp;			/* --per-event-dump: one file per event */
	u64 *dump_samples;		/* and the samples written to it */
	int nr_dump_fp;
	struct sample_resolver *resolver;	/* the samples' stacks */
	struct obuf ob;
	size_t ob_chunk;		/* samples' text kept until this much (0: each sample) */
	struct frame_line *frame_lines;	/* FRAME_LINES, made on first use */
	struct srccode *srccode;	/* -F srccode: the source files read */
};

/* ---- output types and fields ---- */

static int output_type(u32 attr_type)
{
	if (attr_type == PERF_TYPE_SYNTH_ATTR)
		return OT_SYNTH;
	return attr_type < PERF_TYPE_MAX ? (int)attr_type : OT_OTHER;
}

/* perf 6.1's names in its messages (raw and the others say "unknown"). */
static const char *event_type_name(int type)
{
	switch (type) {
	case OT_HW:
		return "hardware";
	case OT_SW:
		return "software";
	case OT_TRACE:
		return "tracepoint";
	case OT_HW_CACHE:
		return "hardware-cache";
	default:
		return "unknown";
	}
}


static bool output_set_by_user(const struct script *sc)
{
	for (int j = 0; j < NR_OT; j++)
		if (sc->output[j].user_set)
			return true;
	return false;
}

/* perf's parse_output_fields: 0, or -1 after perf's message on stderr. */
static int parse_fields(struct script *sc, const char *arg)
{
	enum { DEFAULT, SET, ADD, REMOVE } change = DEFAULT;
	char *str = xstrdup(arg), *tok, *save = NULL;
	int type = -1, rc = 0;

	tok = strchr(str, ':');
	if (tok) {
		static const char *const types[] = { "hw", "sw", "trace", NULL, "raw", "break",
						     "synth" };

		*tok++ = '\0';
		for (int j = 0; j < (int)ARRAY_SIZE(types); j++)
			if (types[j] && !strcmp(str, types[j]))
				type = j;
		if (type < 0) {
			fputs("Invalid event type in field string.\n", stderr);
			rc = -1;
			goto out;
		}
		if (sc->output[type].user_set)
			fprintf(stderr, "Overriding previous field request for %s events.\n",
				event_type_name(type));
		/* perf keeps the defaults when the list has a + or - anywhere */
		if (!strchr(tok, '+') && !strchr(tok, '-')) {
			sc->output[type].fields = 0;
			sc->output[type].user_set = true;
			sc->output[type].wildcard_set = false;
		}
	} else {
		tok = str;
		if (!*str) {
			fputs("Cannot set fields to 'none' for all event types.\n", stderr);
			rc = -1;
			goto out;
		}
		if (!strchr(str, '+') && !strchr(str, '-')) {
			if (output_set_by_user(sc))
				fputs("Overriding previous field request for all events.\n", stderr);
			for (int j = 0; j < NR_OT; j++) {
				sc->output[j].fields = 0;
				sc->output[j].user_set = true;
				sc->output[j].wildcard_set = true;
			}
		}
	}
	for (tok = strtok_r(tok, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		u64 bit;
		int i;

		if (*tok == '+' || *tok == '-') {
			if (change == SET)
				goto badmix;
			change = *tok == '+' ? ADD : REMOVE;
			tok++;
		} else {
			if (change != SET && change != DEFAULT)
				goto badmix;
			change = SET;
		}
		for (i = 0; i < NR_FIELDS; i++)
			if (!strcmp(tok, field_names[i]))
				break;
		if (i == NR_FIELDS) {
			fputs("Invalid field requested.\n", stderr);
			rc = -1;
			goto out;
		}
		if (i == F_FLAGS) {
			sc->print_flags = change != REMOVE;
			continue;
		}
		bit = B(i);
		if (type == -1) {
			for (int j = 0; j < NR_OT; j++) {
				struct output_opt *o = &sc->output[j];

				if (o->invalid & bit) {
					fprintf(stderr, "'%s' not valid for %s events. Ignoring.\n",
						tok, event_type_name(j));
					continue;
				}
				if (change == REMOVE) {
					o->fields &= ~bit;
					o->user_set_fields &= ~bit;
					o->user_unset_fields |= bit;
				} else {
					o->fields |= bit;
					o->user_set_fields |= bit;
					o->user_unset_fields &= ~bit;
				}
				o->user_set = true;
				o->wildcard_set = true;
			}
		} else {
			struct output_opt *o = &sc->output[type];

			if (o->invalid & bit) {
				fprintf(stderr, "'%s' not valid for %s events.\n", tok,
					event_type_name(type));
				rc = -1;
				goto out;
			}
			if (change == REMOVE)
				o->fields &= ~bit;
			else
				o->fields |= bit;
			o->user_set = true;
			o->wildcard_set = true;
		}
	}
	goto out;
badmix:
	fputs("Cannot mix +-field with overridden fields\n", stderr);
	rc = -1;
out:
	if (rc)
		fputc('\n', stderr);	/* perf's usage follows a blank line */
	free(str);
	return rc;
}

static int parse_fields_opt(const struct option *opt, const char *arg, int unset)
{
	(void)unset;
	return parse_fields(opt->value, arg);
}

#define PRINT(sc, t, f)	((sc)->output[t].fields & B(F_##f))

static bool evsel_has_callchain(const struct session_evsel *e)
{
	return e->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
}

/* perf's evsel__do_check_stype: a default field the samples lack goes quietly. */
static int check_stype(struct script *sc, struct session_evsel *e, u64 stype, const char *msg,
		       u64 field, bool allow_user_set)
{
	int type = output_type(e->attr.type);
	int f = __builtin_ctzll(field);

	if (e->attr.sample_type & stype)
		return 0;
	if (sc->output[type].user_set_fields & field) {
		if (allow_user_set)
			return 0;
		fprintf(stderr, "Samples for '%s' event do not have %s attribute set. "
			"Cannot print '%s' field.\n", session_evsel__name(e), msg, field_names[f]);
		return -1;
	}
	sc->output[type].fields &= ~field;
	return 0;
}

static bool session_has_traces(struct script *sc)
{
	for (int i = 0; i < session__nr_evsels(sc->session); i++)
		if (session__evsel(sc->session, i)->attr.type == PERF_TYPE_TRACEPOINT)
			return true;
	fputs("No trace sample to read. Did you call 'perf record -R'?\n", stderr);
	return false;
}

/* perf's evsel__check_attr for the first event of each type. */
static int check_attr(struct script *sc, struct session_evsel *e)
{
	const struct perf_header *h = session__header(sc->session);
	int t = output_type(e->attr.type);
	u64 st = e->attr.sample_type;
	bool allow = session__has_auxtrace(sc->session);

	if (e->attr.type == PERF_TYPE_SOFTWARE && e->attr.config == 9 /* dummy */)
		return 0;
	if (h && perf_header__has_feat(h, HEADER_STAT))
		return 0;
	if (PRINT(sc, t, TRACE) && !session_has_traces(sc))
		return -1;
	if (PRINT(sc, t, IP) && check_stype(sc, e, PERF_SAMPLE_IP, "IP", B(F_IP), false))
		return -1;
	if (PRINT(sc, t, ADDR) && check_stype(sc, e, PERF_SAMPLE_ADDR, "ADDR", B(F_ADDR), allow))
		return -1;
	if (PRINT(sc, t, DATA_SRC) &&
	    check_stype(sc, e, PERF_SAMPLE_DATA_SRC, "DATA_SRC", B(F_DATA_SRC), allow))
		return -1;
	if (PRINT(sc, t, WEIGHT) &&
	    check_stype(sc, e, PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT",
			B(F_WEIGHT), allow))
		return -1;
	if (PRINT(sc, t, SYM) && !(st & (PERF_SAMPLE_IP | PERF_SAMPLE_ADDR))) {
		fputs("Display of symbols requested but neither sample IP nor sample address\n"
		      "available. Hence, no addresses to convert to symbols.\n", stderr);
		return -1;
	}
	if (PRINT(sc, t, SYMOFFSET) && !PRINT(sc, t, SYM)) {
		/* perf's words, without the space it forgot */
		fputs("Display of offsets requested but symbol is notselected.\n", stderr);
		return -1;
	}
	if (PRINT(sc, t, DSO) && !(st & (PERF_SAMPLE_IP | PERF_SAMPLE_ADDR))) {
		fputs("Display of DSO requested but no address to convert.\n", stderr);
		return -1;
	}
	if ((PRINT(sc, t, SRCLINE) || PRINT(sc, t, SRCCODE)) && !PRINT(sc, t, IP)) {
		fputs("Display of source line number requested but sample IP is not\n"
		      "selected. Hence, no address to lookup the source line number.\n", stderr);
		return -1;
	}
	if ((PRINT(sc, t, PID) || PRINT(sc, t, TID)) &&
	    check_stype(sc, e, PERF_SAMPLE_TID, "TID", B(F_TID) | B(F_PID), false)) {
		return -1;
	}
	if (PRINT(sc, t, TIME) && check_stype(sc, e, PERF_SAMPLE_TIME, "TIME", B(F_TIME), false))
		return -1;
	if (PRINT(sc, t, CPU) && check_stype(sc, e, PERF_SAMPLE_CPU, "CPU", B(F_CPU), allow))
		return -1;
	if (PRINT(sc, t, IREGS) &&
	    check_stype(sc, e, PERF_SAMPLE_REGS_INTR, "IREGS", B(F_IREGS), allow))
		return -1;
	if (PRINT(sc, t, UREGS) &&
	    check_stype(sc, e, PERF_SAMPLE_REGS_USER, "UREGS", B(F_UREGS), false))
		return -1;
	if (PRINT(sc, t, PHYS_ADDR) &&
	    check_stype(sc, e, PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR", B(F_PHYS_ADDR), allow))
		return -1;
	if (PRINT(sc, t, DATA_PAGE_SIZE) &&
	    check_stype(sc, e, PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE",
			B(F_DATA_PAGE_SIZE), false))
		return -1;
	if (PRINT(sc, t, CODE_PAGE_SIZE) &&
	    check_stype(sc, e, PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE",
			B(F_CODE_PAGE_SIZE), false))
		return -1;
	if (PRINT(sc, t, INS_LAT) &&
	    check_stype(sc, e, PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT", B(F_INS_LAT), false))
		return -1;
	return 0;
}

static struct session_evsel *first_of_type(struct script *sc, int type)
{
	for (int i = 0; i < session__nr_evsels(sc->session); i++) {
		struct session_evsel *e = session__evsel(sc->session, i);

		if (output_type(e->attr.type) == type)
			return e;
	}
	return NULL;
}

/* perf's perf_session__check_output_opt. */
static int check_output(struct script *sc)
{
	bool pipe = session__is_pipe(sc->session);

	for (int j = 0; j < NR_OT; j++) {
		struct session_evsel *e = first_of_type(sc, j);
		u64 unsupported;

		if (!e && sc->output[j].user_set && !sc->output[j].wildcard_set && j != OT_SYNTH) {
			fprintf(stderr, "%s events do not exist. "
				"Remove corresponding -F option to proceed.\n", event_type_name(j));
			return -1;
		}
		if (e && sc->output[j].fields && check_attr(sc, e))
			return -1;
		unsupported = e ? sc->output[j].fields & ~SUPPORTED : 0;
		if (unsupported) {
			error("field '%s' is not supported by prof script",
			      field_names[__builtin_ctzll(unsupported)]);
			return -1;
		}
	}
	for (int i = 0; i < session__nr_evsels(sc->session); i++) {
		struct session_evsel *e = session__evsel(sc->session, i);

		/* without RAW the output is an empty line (record --off-cpu's
		 * offcpu-time); a BPF program's data is not printed yet */
		if (e->attr.type == PERF_TYPE_SOFTWARE && e->attr.config == PERF_COUNT_SW_BPF_OUTPUT &&
		    (e->attr.sample_type & PERF_SAMPLE_RAW) && PRINT(sc, OT_SW, BPF_OUTPUT)) {
			error("field 'bpf-output' is not supported by prof script");
			return -1;
		}
	}
	/* perf: callchains are shown when some event has them (a stream: always) */
	if (sc->use_callchain && !pipe && session__nr_evsels(sc->session)) {
		bool any = false;

		for (int i = 0; i < session__nr_evsels(sc->session); i++)
			any |= evsel_has_callchain(session__evsel(sc->session, i));
		sc->use_callchain = any;
	}
	/* tracepoints with call chains show them by default */
	if (sc->use_callchain && !sc->output[OT_TRACE].user_set) {
		for (int i = 0; i < session__nr_evsels(sc->session); i++) {
			struct session_evsel *e = session__evsel(sc->session, i);

			if (e->attr.type == PERF_TYPE_TRACEPOINT && evsel_has_callchain(e)) {
				sc->output[OT_TRACE].fields |= B(F_IP) | B(F_SYM) |
							       B(F_SYMOFFSET) | B(F_DSO);
				break;
			}
		}
	}
	return 0;
}

/*
 * perf's process_attr: events announced by records (a stream, or a file
 * whose header holds none) are checked as they come, the first of each
 * type; call chains add ip and sym unless -F removed them.
 */
static int on_attr(struct session *s, union perf_event *ev)
{
	struct script *sc = session__tool_priv(s);
	int n = session__nr_evsels(s), t;
	struct session_evsel *e;
	u64 st = 0;

	(void)ev;
	if (!n)
		return 0;
	e = session__evsel(s, n - 1);
	if (e->attr.type >= PERF_TYPE_MAX && e->attr.type != PERF_TYPE_SYNTH_ATTR)
		return 0;
	for (int i = 0; i < n - 1; i++)
		if (session__evsel(s, i)->attr.type == e->attr.type)
			return 0;
	if (e->attr.sample_type && check_attr(sc, e))
		return -EINVAL;
	for (int i = 0; i < n; i++)
		st |= session__evsel(s, i)->attr.sample_type;
	t = output_type(e->attr.type);
	if (sc->use_callchain &&
	    ((st & (PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_BRANCH_STACK)) ||
	     ((st & PERF_SAMPLE_REGS_USER) && (st & PERF_SAMPLE_STACK_USER)))) {
		if (!(sc->output[t].user_unset_fields & B(F_IP)))
			sc->output[t].fields |= B(F_IP);
		if (!(sc->output[t].user_unset_fields & B(F_SYM)))
			sc->output[t].fields |= B(F_SYM);
	}
	if (sc->output[t].fields & ~SUPPORTED) {
		error("field '%s' is not supported by prof script",
		      field_names[__builtin_ctzll(sc->output[t].fields & ~SUPPORTED)]);
		return -EINVAL;
	}
	return 0;
}

/* ---- the machine ---- */

static void script__set_clock(struct script *sc)
{
	bool mono = session__nr_evsels(sc->session) > 0;

	for (int i = 0; i < session__nr_evsels(sc->session); i++) {
		const struct perf_event_attr *a = &session__evsel(sc->session, i)->attr;

		if (!a->use_clockid || a->clockid != CLOCK_MONOTONIC)
			mono = false;
	}
	sc->machine->clock_monotonic = mono;
}

/* ---- the stack ---- */

/*
 * Whether the recorded chain of @sample has a context marker perf does
 * not know: perf then drops the chain and prints the sample as one line.
 */
static bool chain_corrupt(const struct perf_sample *sample)
{
	for (u64 i = 0; i < sample->callchain_nr; i++) {
		u64 ip = sample->callchain[i];

		if (ip >= PROF_CONTEXT_MAX && ip != PROF_CONTEXT_HV && ip != PROF_CONTEXT_KERNEL &&
		    ip != PROF_CONTEXT_USER && ip != PROF_CONTEXT_GUEST &&
		    ip != PROF_CONTEXT_GUEST_KERNEL && ip != PROF_CONTEXT_GUEST_USER)
			return true;
	}
	return false;
}

/* ---- printing ---- */

/*
 * A sample's text is built here and written with one fwrite: printf's
 * format parsing was most of prof script's time. The hot fields are
 * formatted by hand, the rare ones through ob_printf.
 */
static void ob_printf(struct obuf *o, const char *fmt, ...) __printf(2, 3);

static inline void ob_grow(struct obuf *o, size_t n)
{
	if (o->len + n > o->alloc) {
		o->alloc = (o->len + n) * 2 + 4096;
		o->buf = xrealloc(o->buf, o->alloc);
	}
}

static inline void ob_mem(struct obuf *o, const char *s, size_t n)
{
	ob_grow(o, n);
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static inline void ob_str(struct obuf *o, const char *s)
{
	ob_mem(o, s, strlen(s));
}

static inline void ob_ch(struct obuf *o, char c)
{
	ob_grow(o, 1);
	o->buf[o->len++] = c;
}

static inline void ob_spaces(struct obuf *o, int n)
{
	if (n <= 0)
		return;
	ob_grow(o, (size_t)n);
	memset(o->buf + o->len, ' ', (size_t)n);
	o->len += (size_t)n;
}

/* "%*s": @s right-aligned in @width */
static inline void ob_rstr(struct obuf *o, const char *s, int width)
{
	size_t n = strlen(s);

	ob_spaces(o, width - (int)n);
	ob_mem(o, s, n);
}

/* "%*lx" and "%*lu": right-aligned in @width */
static inline void ob_hex(struct obuf *o, u64 v, int width)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	ob_spaces(o, width - n);
	ob_grow(o, (size_t)n);
	while (n)
		o->buf[o->len++] = tmp[--n];
}

/* "00" to "99": decimals two digits at a time */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static inline void ob_dec(struct obuf *o, u64 v, int width)
{
	char tmp[20];
	int n = 20;

	while (v >= 100) {
		u32 d = (u32)(v % 100) * 2;

		v /= 100;
		tmp[--n] = digit_pairs[d + 1];
		tmp[--n] = digit_pairs[d];
	}
	if (v >= 10) {
		tmp[--n] = digit_pairs[v * 2 + 1];
		tmp[--n] = digit_pairs[v * 2];
	} else {
		tmp[--n] = (char)('0' + v);
	}
	ob_spaces(o, width - (20 - n));
	ob_mem(o, tmp + n, (size_t)(20 - n));
}

/* "%*d" */
static inline void ob_int(struct obuf *o, int v, int width)
{
	if (v >= 0) {
		ob_dec(o, (u64)v, width);
		return;
	}
	ob_printf(o, "%*d", width, v);
}

static void ob_printf(struct obuf *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf ? o->buf + o->len : NULL, o->alloc - o->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= o->alloc - o->len) {
		ob_grow(o, (size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(o->buf + o->len, o->alloc - o->len, fmt, ap);
		va_end(ap);
	}
	o->len += (size_t)n;
}

static void ob_flush(struct obuf *o, FILE *fp)
{
	if (o->len)
		fwrite(o->buf, 1, o->len, fp);
	o->len = 0;
}

static bool dso_is_kernel(const struct dso *dso)
{
	return dso->kind == DSO_KIND_KERNEL || dso->kind == DSO_KIND_MODULE;
}

/*
 * perf's dso->name: the name the DSO was made with. A module made by its
 * kernel MMAP is "[name]"; one the header's build-id table made first
 * (so it has its build-id) is the path.
 */
static const char *dso_name(const struct dso *dso)
{
	if (!dso)
		return "[unknown]";
	return dso->kind == DSO_KIND_MODULE && !dso->bid.size ? dso->short_name : dso->long_name;
}

static void print_symoff(struct obuf *fp, const struct symbol *sym, u64 addr, bool offset)
{
	if (!sym) {
		ob_str(fp, "[unknown]");
		return;
	}
	ob_str(fp, sym->name);
	if (offset) {
		ob_mem(fp, "+0x", 3);
		ob_hex(fp, addr - sym->start, 0);
	}
}

/* " (dso)" */
static void print_dso(struct obuf *fp, const struct dso *dso)
{
	ob_mem(fp, " (", 2);
	ob_str(fp, dso_name(dso));
	ob_ch(fp, ')');
}

/* perf's map__fprintf_srcline: nothing where addr2line knows no line. */
static void print_srcline(struct obuf *fp, struct dso *dso, u64 addr)
{
	const char *s;

	if (!dso)
		return;
	s = dso__srcline_str(dso, addr, NULL, false, true);
	if (s && strncmp(s, "??:0", 4))
		ob_printf(fp, "\n  %s", s);
}

/* One frame's line of print_chain, its source line included. */
static void print_frame(struct obuf *fp, const struct callchain_cursor_node *c, u64 v, u64 addr,
			const char *name, u32 fl)
{
	if (fl & FL_IP) {
		ob_ch(fp, '\t');
		ob_hex(fp, v, 16);
	}
	if (fl & FL_SYM) {
		ob_ch(fp, ' ');
		print_symoff(fp, c->sym, addr, fl & FL_OFF);
	}
	if (name) {
		ob_mem(fp, " (", 2);
		ob_str(fp, name);
		ob_ch(fp, ')');
	}
	/*
	 * An unwound frame carries the line its inline expansion found
	 * (perf prints it, "??:0" too); the others are looked up.
	 */
	if ((fl & FL_SRCLINE) && c->has_map && c->srcline) {
		ob_mem(fp, "\n  ", 3);
		/*
		 * "??:0" from the expansion: perf's addr2line said so only
		 * where the file has DWARF; elsewhere it shows the fallback
		 */
		ob_str(fp, strcmp(c->srcline, "??:0") ? c->srcline :
			   dso__srcline_str(c->dso, addr, NULL, false, true));
	} else if ((fl & FL_SRCLINE) && c->has_map) {
		print_srcline(fp, c->dso, addr);
	}
	if (c->inlined)
		ob_str(fp, " (inlined)");
	ob_ch(fp, '\n');
}

static inline u64 frame_line_hash(u64 v, u64 addr, const void *sym, const void *name, u32 fl)
{
	u64 h = v * 0x9e3779b97f4a7c15ull;

	h ^= (addr + (uintptr_t)sym) * 0xc2b2ae3d27d4eb4full;
	h ^= ((uintptr_t)name >> 3) + fl;
	return h ^ (h >> 31);
}

static void print_chain(struct script *sc, int t, const struct resolved_sample *rs,
			struct obuf *fp)
{
	bool ip = PRINT(sc, t, IP), sym = PRINT(sc, t, SYM), dso = PRINT(sc, t, DSO);
	bool off = PRINT(sc, t, SYMOFFSET), srcline = PRINT(sc, t, SRCLINE);
	u32 base = FL_SET | (ip ? FL_IP : 0) | (sym ? FL_SYM : 0) | (off ? FL_OFF : 0) |
		   (dso ? FL_DSO : 0) | (srcline ? FL_SRCLINE : 0);

	if (!sc->frame_lines)
		sc->frame_lines = xcalloc(FRAME_LINES, sizeof(*sc->frame_lines));
	for (int i = 0; i < rs->nr; i++) {
		const struct callchain_cursor_node *c = &rs->frames[i];
		u64 addr = rs->addrs[i];
		/* perf 6.1 shows user frames by their DSO address */
		u64 v = c->has_map && c->dso && !dso_is_kernel(c->dso) ? addr : c->ip;
		const char *name = dso && !c->inlined ? dso_name(c->has_map ? c->dso : NULL) : NULL;
		/* a source line is the DSO's for the address, or the expansion's */
		const void *sl_dso = srcline && c->has_map ? c->dso : NULL;
		const char *sl = srcline && c->has_map ? c->srcline : NULL;
		u32 fl = base | (c->inlined ? FL_INLINED : 0);
		struct frame_line *l = &sc->frame_lines[frame_line_hash(v, addr, c->sym, name, fl) &
							(FRAME_LINES - 1)];
		size_t start = fp->len, n;

		if (l->flags == fl && l->v == v && l->addr == addr && l->sym == c->sym &&
		    l->name == name && l->dso == sl_dso && l->srcline == sl &&
		    l->epoch == symbol__epoch) {
			ob_mem(fp, l->text, l->len);
			continue;
		}
		print_frame(fp, c, v, addr, name, fl);
		n = fp->len - start;
		if (n <= FRAME_TEXT) {
			*l = (struct frame_line){ .v = v, .addr = addr, .sym = c->sym, .name = name,
						  .dso = sl_dso, .srcline = sl,
						  .epoch = symbol__epoch, .flags = fl, .len = (u32)n };
			memcpy(l->text, fp->buf + start, n);
		}
	}
}

static void print_time(struct script *sc, u64 time, struct obuf *fp)
{
	u64 t = time;

	if (sc->reltime) {
		if (!sc->initial_time)
			sc->initial_time = time;
		t = time - sc->initial_time;
	} else if (sc->deltatime) {
		t = sc->previous_time ? time - sc->previous_time : 0;
		sc->previous_time = time;
	}
	if (sc->nanosecs) {
		ob_printf(fp, "%5" PRIu64 ".%09" PRIu64 ": ", t / (u64)1000000000, t % (u64)1000000000);
	} else {
		u64 us = t / 1000;
		u32 frac = (u32)(us % 1000000);
		char digits[9];

		/* "%12s: " of "sec.usec" */
		ob_dec(fp, us / 1000000, 5);
		digits[0] = '.';
		for (int i = 5; i > 0; i -= 2, frac /= 100)
			memcpy(digits + i, digit_pairs + frac % 100 * 2, 2);
		memcpy(digits + 7, ": ", 2);
		ob_mem(fp, digits, 9);
	}
}

/* perf's misc letters: cpumode bits (as masks), then the record's own flag. */
static void print_misc(const struct perf_sample *sample, u32 type, struct obuf *fp)
{
	static const struct { u16 mask; char c; } modes[] = {
		{ PERF_RECORD_MISC_KERNEL, 'K' }, { PERF_RECORD_MISC_USER, 'U' },
		{ PERF_RECORD_MISC_HYPERVISOR, 'H' }, { PERF_RECORD_MISC_GUEST_KERNEL, 'G' },
		{ PERF_RECORD_MISC_GUEST_USER, 'g' },
	};
	u16 misc = sample->misc;
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if ((misc & modes[i].mask) == modes[i].mask)
			ob_ch(fp, modes[i].c), n++;
	if ((type == PERF_RECORD_MMAP || type == PERF_RECORD_MMAP2) &&
	    (misc & PERF_RECORD_MISC_MMAP_DATA))
		ob_ch(fp, 'M'), n++;
	else if (type == PERF_RECORD_COMM && (misc & PERF_RECORD_MISC_COMM_EXEC))
		ob_ch(fp, 'E'), n++;
	else if ((type == PERF_RECORD_SWITCH || type == PERF_RECORD_SWITCH_CPU_WIDE) &&
		 (misc & PERF_RECORD_MISC_SWITCH_OUT)) {
		ob_ch(fp, 'S'), n++;
		if (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT)
			ob_ch(fp, 'p'), n++;
	}
	ob_printf(fp, "%*s", 6 - n, " ");
}

/* perf's perf_sample__fprintf_start: comm, pid/tid, cpu, time. */
static void print_start(struct script *sc, const struct perf_sample *sample, struct thread *thread,
			struct session_evsel *e, u32 type, struct obuf *fp)
{
	int t = output_type(e->attr.type);

	if (PRINT(sc, t, COMM)) {
		const char *comm = thread ? thread__comm_str(thread) : ":-1";

		if (PRINT(sc, t, IP) && evsel_has_callchain(e) && sc->use_callchain)
			ob_str(fp, comm);
		else
			ob_rstr(fp, comm, 16);
		ob_ch(fp, ' ');
	}
	if (PRINT(sc, t, PID) && PRINT(sc, t, TID))
		ob_printf(fp, "%5d/%-5d ", (int)sample->pid, (int)sample->tid);
	else if (PRINT(sc, t, PID))
		ob_printf(fp, "%5d ", (int)sample->pid);
	else if (PRINT(sc, t, TID))
		ob_int(fp, (int)sample->tid, 5), ob_ch(fp, ' ');
	if (PRINT(sc, t, CPU)) {
		if (sample->cpu < 1000) {
			ob_ch(fp, '[');
			ob_ch(fp, (char)('0' + sample->cpu / 100));
			ob_ch(fp, (char)('0' + sample->cpu / 10 % 10));
			ob_ch(fp, (char)('0' + sample->cpu % 10));
			ob_mem(fp, "] ", 2);
		} else {
			ob_printf(fp, "[%03d] ", (int)sample->cpu);
		}
	}
	if (PRINT(sc, t, MISC))
		print_misc(sample, type, fp);
	if (PRINT(sc, t, TIME))
		print_time(sc, sample->time, fp);
}

static int max_name_len(struct script *sc)
{
	int w = 0;

	for (int i = 0; i < session__nr_evsels(sc->session); i++) {
		int n = (int)strlen(session_evsel__name(session__evsel(sc->session, i)));

		if (n > w)
			w = n;
	}
	return w;
}

static const char *page_size_name(u64 size, char *buf, size_t len)
{
	static const char *const units[] = { "", "K", "M", "G", "T" };
	int i = 0;

	if (!size)
		return "N/A";
	while (size >= 1024 && !(size % 1024) && i < 4) {
		size /= 1024;
		i++;
	}
	snprintf(buf, len, "%" PRIu64 "%s", size, units[i]);
	return buf;
}

/*
 * One end of a branch, looked up as perf's thread__find_map_fb: brstack
 * its address, brstackoff its address in its file (unless the DSO's
 * symbols are adjusted), brstacksym its symbol; the DSO when -F has dso.
 */
static void print_branch_end(struct script *sc, int t, const struct perf_sample *sample, u64 ip,
			     int how, struct obuf *fp)
{
	struct addr_location al;

	machine__resolve_fb(sc->machine, sample->cpumode, (pid_t)sample->pid, (pid_t)sample->tid,
			    ip, &al);
	if (how == F_BRSTACKSYM) {
		print_symoff(fp, al.sym, al.addr, false);
	} else {
		if (how == F_BRSTACKOFF && al.map && !al.dso->adjust_symbols)
			ip = al.addr;
		ob_mem(fp, "0x", 2);
		ob_hex(fp, ip, 0);
	}
	if (PRINT(sc, t, DSO)) {
		ob_ch(fp, '(');
		ob_str(fp, al.map ? dso_name(al.dso) : "[unknown]");
		ob_ch(fp, ')');
	}
	addr_location__exit(&al);
}

/* perf's branch type names (flags bits 20-23), "" for unknown */
static const char *branch_type_name(unsigned int type)
{
	static const char *const names[] = {
		"", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL", "SYSRET",
		"COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "",
	};

	return names[type & 15];
}

/* brstack, brstackoff: " from/to/flags/ " each; brstacksym without the leading space */
static void print_brstack(struct script *sc, int t, const struct perf_sample *sample, int how,
			  struct obuf *fp)
{
	for (u64 i = 0; i < sample->branch_nr; i++) {
		const struct branch_entry *b = &sample->branch[i];
		u64 f = b->flags;

		if (how != F_BRSTACKSYM)
			ob_ch(fp, ' ');
		print_branch_end(sc, t, sample, b->from, how, fp);
		ob_ch(fp, '/');
		print_branch_end(sc, t, sample, b->to, how, fp);
		ob_printf(fp, "/%c/%c/%c/%u/%s ", (f & 2) ? 'P' : (f & 1) ? 'M' : '-',
			  (f & 4) ? 'X' : '-', (f & 8) ? 'A' : '-', (unsigned int)((f >> 4) & 0xffff),
			  branch_type_name((unsigned int)(f >> 20)));
	}
}

static void print_addr(struct script *sc, int t, const struct perf_sample *sample, struct obuf *fp)
{
	struct addr_location al;

	const struct perf_event_attr *a = &sample->evsel->attr;

	ob_printf(fp, "%16" PRIx64, sample->addr);
	/* perf's sample_addr_correlates_sym: page faults only (and BTS) */
	if (a->type != PERF_TYPE_SOFTWARE || (a->config != PERF_COUNT_SW_PAGE_FAULTS &&
					      a->config != PERF_COUNT_SW_PAGE_FAULTS_MIN &&
					      a->config != PERF_COUNT_SW_PAGE_FAULTS_MAJ))
		return;
	machine__resolve_fb(sc->machine, sample->cpumode, (pid_t)sample->pid,
			    (pid_t)sample->tid, sample->addr, &al);
	if (PRINT(sc, t, SYM)) {
		ob_ch(fp, ' ');
		print_symoff(fp, al.sym, al.addr, PRINT(sc, t, SYMOFFSET));
	}
	if (PRINT(sc, t, DSO))
		ob_printf(fp, " (%s)", al.map ? dso_name(al.dso) : "[unknown]");
	addr_location__exit(&al);
}

static FILE *sample_fp(struct script *sc, const struct session_evsel *e)
{
	if (!sc->per_event_dump)
		return stdout;
	if (e->idx >= sc->nr_dump_fp) {
		int n = e->idx + 1;

		sc->dump_fp = xrealloc(sc->dump_fp, (size_t)n * sizeof(*sc->dump_fp));
		sc->dump_samples = xrealloc(sc->dump_samples, (size_t)n * sizeof(u64));
		for (int i = sc->nr_dump_fp; i < n; i++) {
			sc->dump_fp[i] = NULL;
			sc->dump_samples[i] = 0;
		}
		sc->nr_dump_fp = n;
	}
	if (!sc->dump_fp[e->idx]) {
		char *path = xasprintf("%s.%s.dump", sc->input, session_evsel__name((void *)e));

		sc->dump_fp[e->idx] = fopen(path, "w");
		if (!sc->dump_fp[e->idx]) {
			error("Failed to create %s: %s", path, strerror(errno));
			free(path);
			return NULL;
		}
		free(path);
	}
	return sc->dump_fp[e->idx];
}

/* ---- data_src: perf 6.1's mem-events text ---- */

/* Append @name to @out, after " or " when something is there already. */
static void or_append(char *out, size_t sz, const char *name)
{
	size_t l = strlen(out);

	snprintf(out + l, sz - l, "%s%s", l ? " or " : "", name);
}

/* The names of the set bits of @m (bit 0 first), " or " between them. */
static void bits_append(char *out, size_t sz, u64 m, const char *const *names, size_t n)
{
	for (size_t i = 0; m && i < n; i++, m >>= 1)
		if (m & 1)
			or_append(out, sz, names[i]);
}

/* "|OP LOAD|LVL L1 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A" */
static void data_src_text(u64 v, char *out, size_t sz)
{
	static const char *const lvl[] = {
		"N/A", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3", "Local RAM",
		"Remote RAM (1 hop)", "Remote RAM (2 hops)", "Remote Cache (1 hop)",
		"Remote Cache (2 hops)", "I/O", "Uncached",
	};
	static const char *const hops[] = {
		"N/A", "core, same node", "node, same socket", "socket, same board", "board",
		"", "", "",
	};
	static const char *const snoop[] = { "N/A", "None", "Hit", "Miss", "HitM" };
	static const char *const snoopx[] = { "Fwd", "Peer" };
	static const char *const tlb[] = { "N/A", "HIT", "MISS", "L1", "L2", "Walker", "Fault" };
	u64 op = v & 0x1f, lv = (v >> 5) & 0x3fff, snp = (v >> 19) & 0x1f;
	u64 lck = (v >> 24) & 3, dtlb = (v >> 26) & 0x7f, lvlnum = (v >> 33) & 0xf;
	u64 remote = (v >> 37) & 1, snpx = (v >> 38) & 3, blk = (v >> 40) & 7;
	u64 hop = (v >> 43) & 7;
	char part[128];

	snprintf(out, sz, "|OP %s", (op & 1) ? "N/A" : (op & 2) ? "LOAD" : (op & 4) ? "STORE" :
		 (op & 8) ? "PFETCH" : (op & 16) ? "EXEC" : "No");
	/* the level: Remote, the hops or the level bits, then the level number */
	snprintf(part, sizeof(part), "%s", remote ? "Remote " : "");
	if (hop) {
		snprintf(part + strlen(part), sizeof(part) - strlen(part), "%s ", hops[hop]);
	} else {
		char names[96] = "";

		bits_append(names, sizeof(names), lv & ~(u64)6, lvl, ARRAY_SIZE(lvl));
		snprintf(part + strlen(part), sizeof(part) - strlen(part), "%s", names);
	}
	if (lvlnum) {
		static const char *const lvlnums[16] = {
			[0x0b] = "Any cache", [0x0c] = "LFB/MAB", [0x0d] = "RAM", [0x0e] = "PMEM",
			[0x0f] = "N/A",
		};
		char num[16];
		bool printed = hop || (lv & ~(u64)6);

		snprintf(num, sizeof(num), "L%u", (unsigned int)lvlnum);
		snprintf(part + strlen(part), sizeof(part) - strlen(part), "%s%s",
			 printed ? " or " : "", lvlnums[lvlnum] ? lvlnums[lvlnum] : num);
	}
	if (!part[0])
		snprintf(part, sizeof(part), "N/A");
	snprintf(out + strlen(out), sz - strlen(out), "|LVL %s%s%s", part,
		 (lv & 2) ? " hit" : "", (lv & 4) ? " miss" : "");
	part[0] = '\0';
	bits_append(part, sizeof(part), snp, snoop, ARRAY_SIZE(snoop));
	bits_append(part, sizeof(part), snpx, snoopx, ARRAY_SIZE(snoopx));
	snprintf(out + strlen(out), sz - strlen(out), "|SNP %s", part[0] ? part : "N/A");
	part[0] = '\0';
	bits_append(part, sizeof(part), dtlb & ~(u64)6, tlb, ARRAY_SIZE(tlb));
	snprintf(out + strlen(out), sz - strlen(out), "|TLB %s%s%s", part[0] ? part : "N/A",
		 (dtlb & 2) ? " hit" : "", (dtlb & 4) ? " miss" : "");
	snprintf(out + strlen(out), sz - strlen(out), "|LCK %s",
		 (lck & 1) ? "N/A" : (lck & 2) ? "Yes" : "No");
	snprintf(out + strlen(out), sz - strlen(out), "|BLK %s%s%s",
		 !blk || (blk & 1) ? " N/A" : "", blk && !(blk & 1) && (blk & 2) ? " Data" : "",
		 blk && !(blk & 1) && (blk & 4) ? " Addr" : "");
}

/* perf's data_src__fprintf: "%16lx text", padded to the widest so far. */
static void print_data_src(struct script *sc, u64 v, struct obuf *fp)
{
	char text[512], line[600];
	int n;

	data_src_text(v, text, sizeof(text));
	n = snprintf(line, sizeof(line), "%16" PRIx64 " %s", v, text);
	if (n > 99)
		n = 99;		/* perf formats into 100 bytes */
	line[n] = '\0';
	if (sc->data_src_width < n)
		sc->data_src_width = n;
	ob_printf(fp, "%-*s", sc->data_src_width, line);
}

/*
 * xed's address for a line's instruction (its -F filter): the first run of
 * eight or more hex digits followed by white space in the line, 0 if none.
 * Here the line so far, the part before the instruction.
 */
static u64 xed_line_ip(const struct obuf *fp)
{
	const char *start = fp->buf, *end = fp->buf + fp->len;

	for (const char *p = end; p > fp->buf; p--) {
		if (p[-1] == '\n') {
			start = p;
			break;
		}
	}
	for (const char *p = start, *q; p < end; p = q + 1) {
		/* a run's later digits end where it ends: its first decides */
		for (q = p; q < end && isxdigit((unsigned char)*q);)
			q++;
		if (q - p >= 8 && q < end && isspace((unsigned char)*q))
			return strtoull(p, NULL, 16);
	}
	return 0;
}

/*
 * perf's perf_sample__fprintf_insn for samples: the instruction at the
 * sample's address read from its DSO's file, its length by an x86 decoder
 * (perf's arch_fetch_insn: 16 bytes, the DSO's ELF class for the mode).
 * Nothing is read for the kernel: " ilen: 0" and no insn. With --xed the
 * bytes become "\t\t" and their AT&T text, where perf pipes its output
 * through "xed -F insn: -A -64" (which keeps the line up to "insn:").
 */
static void print_insn(struct script *sc, int t, const struct perf_sample *sample,
		       const struct addr_location *al, struct obuf *fp)
{
	u8 code[32] = { 0 };
	int len = 0;

	if (sample->ip && al->map && al->dso) {
		ssize_t n = disasm__read_code(al->dso, map__map_ip(al->map, sample->ip), code, 16);

		if (n > 0)
			len = disasm__insn_len(code, (size_t)n, dso__elf_class(al->dso) != ELFCLASS32);
	}
	if (PRINT(sc, t, INSNLEN))
		ob_printf(fp, " ilen: %d", len);
	if (!PRINT(sc, t, INSN) || !len)
		return;
	if (sc->xed) {
		char text[256];

		/* xed decodes the bytes given, zeros after them, in 64-bit mode */
		memset(code + len, 0, sizeof(code) - (size_t)len);
		if (!disasm__insn_text(code, sizeof(code), xed_line_ip(fp), true, text, sizeof(text)))
			snprintf(text, sizeof(text), "(bad)");
		ob_printf(fp, " \t\t%s", text);
		return;
	}
	ob_str(fp, " insn:");
	for (int i = 0; i < len; i++)
		ob_printf(fp, " %02x", code[i]);
}

static void print_sample(struct script *sc, const struct perf_sample *sample,
			 struct resolved_sample *rs, struct obuf *fp)
{
	struct addr_location *al = &rs->al;
	struct session_evsel *e = sample->evsel;
	int t = output_type(e->attr.type);
	char buf[32];

	print_start(sc, sample, al->thread, e, PERF_RECORD_SAMPLE, fp);
	if (PRINT(sc, t, PERIOD)) {
		ob_dec(fp, sample->period, 10);
		ob_ch(fp, ' ');
	}
	if (PRINT(sc, t, EVNAME)) {
		if (!sc->name_width)
			sc->name_width = max_name_len(sc);
		ob_rstr(fp, session_evsel__name(e), sc->name_width);
		ob_mem(fp, ": ", 2);
	}
	/* perf's "  %-21s ": the branch flags only AUX (PT, BTS) decoding gives */
	if (sc->print_flags)
		ob_printf(fp, "  %-21s ", "");
	if (PRINT(sc, t, TRACE) && sample->raw_data) {
		char *s = e->tp_format ? trace_event__format(e->tp_format, sample->raw_data,
							     sample->raw_size, false) : NULL;

		if (s)
			ob_str(fp, s);
		free(s);
	}
	if (PRINT(sc, t, ADDR))
		print_addr(sc, t, sample, fp);
	if (PRINT(sc, t, DATA_SRC))
		print_data_src(sc, sample->data_src, fp);
	if (PRINT(sc, t, WEIGHT))
		ob_printf(fp, "%16" PRIu64, sample->weight);
	if (PRINT(sc, t, INS_LAT))
		ob_printf(fp, "%16" PRIu16, sample->ins_lat);
	if (PRINT(sc, t, IP)) {
		bool chain = sc->use_callchain && sample->callchain && !chain_corrupt(sample);

		if (chain)
			resolved_sample__chain(sc->resolver, sample, rs, NULL);
		ob_ch(fp, chain ? '\n' : ' ');
		if (chain) {
			print_chain(sc, t, rs, fp);
		} else {
			ob_hex(fp, sample->ip, 16);
			if (PRINT(sc, t, SYM)) {
				ob_ch(fp, ' ');
				print_symoff(fp, al->sym, al->addr, PRINT(sc, t, SYMOFFSET));
			}
			if (PRINT(sc, t, DSO))
				print_dso(fp, al->map ? al->dso : NULL);
			if (PRINT(sc, t, SRCLINE) && al->map)
				print_srcline(fp, al->dso, al->addr);
		}
	}
	if (PRINT(sc, t, BRSTACK))
		print_brstack(sc, t, sample, F_BRSTACK, fp);
	else if (PRINT(sc, t, BRSTACKSYM))
		print_brstack(sc, t, sample, F_BRSTACKSYM, fp);
	else if (PRINT(sc, t, BRSTACKOFF))
		print_brstack(sc, t, sample, F_BRSTACKOFF, fp);
	/* perf's binary printer: a line break, then the data (none here) */
	if (PRINT(sc, t, BPF_OUTPUT) && e->attr.type == PERF_TYPE_SOFTWARE &&
	    e->attr.config == PERF_COUNT_SW_BPF_OUTPUT)
		ob_ch(fp, '\n');
	if (PRINT(sc, t, INSN) || PRINT(sc, t, INSNLEN))
		print_insn(sc, t, sample, al, fp);
	if (PRINT(sc, t, PHYS_ADDR))
		ob_printf(fp, "%16" PRIx64, sample->phys_addr);
	if (PRINT(sc, t, DATA_PAGE_SIZE))
		ob_printf(fp, " %s", page_size_name(sample->data_page_size, buf, sizeof(buf)));
	if (PRINT(sc, t, CODE_PAGE_SIZE))
		ob_printf(fp, " %s", page_size_name(sample->code_page_size, buf, sizeof(buf)));
	ob_ch(fp, '\n');
	if (PRINT(sc, t, SRCCODE) && al->map) {
		char code[4096];

		if (!sc->srccode)
			sc->srccode = srccode__new();
		ob_str(fp, srccode__line(sc->srccode, (int)sample->tid, al->dso, al->addr, code,
					 sizeof(code)));
	}
}

/* ---- filters ---- */

static bool cpu_filtered(struct script *sc, const struct perf_sample *sample)
{
	u32 c = sample->cpu;

	if (!sc->cpus)
		return false;
	return c == (u32)-1 || (int)c >= sc->nr_cpu_bits ||
	       !(sc->cpus[c / (8 * sizeof(long))] & (1UL << (c % (8 * sizeof(long)))));
}

/* perf's machine__resolve filters: comm, pid, tid, dso, symbol. */
static bool sample_filtered(struct script *sc, const struct addr_location *al, pid_t pid,
			    pid_t tid)
{
	if (sc->comms.nr && !name_list__has(&sc->comms, al->thread ?
					    thread__comm_str(al->thread) : ""))
		return true;
	if (sc->pids.nr && !name_list__has_int(&sc->pids, pid))
		return true;
	if (sc->tids.nr && !name_list__has_int(&sc->tids, tid))
		return true;
	if (sc->dsos.nr && (!al->dso || !(name_list__has(&sc->dsos, al->dso->short_name) ||
					  name_list__has(&sc->dsos, al->dso->long_name))))
		return true;
	if (sc->syms.nr) {
		char addr[32];

		if (!al->sym)
			return true;
		snprintf(addr, sizeof(addr), "0x%" PRIx64,
			 al->map ? map__unmap_ip(al->map, al->sym->start) : al->sym->start);
		if (!name_list__has(&sc->syms, al->sym->name) && !name_list__has(&sc->syms, addr))
			return true;
	}
	return false;
}

/* perf_time__ranges_skip_sample: one range, or any of several. */
static bool time_skipped(struct script *sc, u64 time)
{
	return time_ranges__skip(sc->ranges, sc->nr_ranges, time);
}

/* ---- records ---- */

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct script *sc = session__tool_priv(s);
	struct resolved_sample rs;
	FILE *fp;

	(void)ev;
	if (!sample->evsel || sample->evsel->idx < 0)
		return 0;
	if (!sc->output[output_type(sample->evsel->attr.type)].fields && !sc->dump)
		return 0;
	if (time_skipped(sc, sample->time) || cpu_filtered(sc, sample))
		return 0;
	resolved_sample__resolve(sc->resolver, sample, &rs);
	if (sc->dump)	/* -D: perf's lines as it resolves the sample */
		dump__sample_location(stdout, rs.al.thread ? thread__comm_str(rs.al.thread) : "",
				      rs.al.thread ? rs.al.thread->tid : (int)sample->tid,
				      rs.al.map ? rs.al.map->dso->long_name : NULL, rs.al.level);
	if (sc->output[output_type(sample->evsel->attr.type)].fields &&
	    !sample_filtered(sc, &rs.al, rs.al.thread ? rs.al.thread->pid : (pid_t)sample->pid,
			     (pid_t)sample->tid)) {
		fp = sample_fp(sc, sample->evsel);
		if (!fp) {
			resolved_sample__exit(&rs);
			return -1;
		}
		print_sample(sc, sample, &rs, &sc->ob);
		if (sc->ob.len >= sc->ob_chunk)
			ob_flush(&sc->ob, fp);
		if (sc->per_event_dump)
			sc->dump_samples[sample->evsel->idx]++;
	}
	resolved_sample__exit(&rs);
	/* a reader that went away: stop (perf dies of SIGPIPE) */
	return ferror(stdout) ? -EPIPE : 0;
}

/* perf's print_event_with_time: a side-band record as a line. */
static void print_side_band(struct script *sc, union perf_event *ev, struct perf_sample *sample,
			    pid_t pid, pid_t tid, u64 timestamp)
{
	struct session_evsel *e = session__evsel_by_id(sc->session, sample->id);
	struct perf_sample copy = *sample;
	struct thread *thread = NULL;

	if (e && !e->attr.sample_id_all) {
		copy.cpu = 0;
		copy.time = timestamp;
		copy.pid = (u32)pid;
		copy.tid = (u32)tid;
	}
	if (cpu_filtered(sc, &copy) || !e)
		return;
	if (tid != -1)
		thread = machine__findnew_thread(sc->machine, pid, tid);
	print_start(sc, &copy, thread, e, ev->header.type, &sc->ob);
	ob_flush(&sc->ob, stdout);
	dump__event_line(stdout, ev, &copy);
}

static int on_machine_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct script *sc = session__tool_priv(s);
	u32 type = ev->header.type;
	int ret = 0;

	if (!sc->clock_known) {
		script__set_clock(sc);
		sc->clock_known = true;
	}
	machine__jit_advance(sc->machine, sample->time);
	/* perf prints an EXIT before the machine forgets the thread */
	if (type == PERF_RECORD_EXIT && sc->show_task) {
		print_side_band(sc, ev, sample, (pid_t)ev->fork.pid, (pid_t)ev->fork.tid,
				ev->fork.time);
		if (sc->dump)	/* -D: the record's details, as perf's machine prints them */
			dump__exit_tail(stdout, ev);
	}
	ret = machine__process_event(sc->machine, ev);
	if (ret < 0)
		return ret;
	switch (type) {
	case PERF_RECORD_COMM:
		if (sc->show_task)
			print_side_band(sc, ev, sample, (pid_t)ev->comm.pid, (pid_t)ev->comm.tid, 0);
		break;
	case PERF_RECORD_FORK:
		if (sc->show_task)
			print_side_band(sc, ev, sample, (pid_t)ev->fork.pid, (pid_t)ev->fork.tid,
					ev->fork.time);
		break;
	case PERF_RECORD_MMAP:
		if (sc->show_mmap)
			print_side_band(sc, ev, sample, (pid_t)ev->mmap.pid, (pid_t)ev->mmap.tid, 0);
		break;
	case PERF_RECORD_MMAP2:
		if (sc->show_mmap)
			print_side_band(sc, ev, sample, (pid_t)ev->mmap2.pid, (pid_t)ev->mmap2.tid, 0);
		break;
	default:
		break;
	}
	return ferror(stdout) ? -EPIPE : 0;
}

static int on_other_event(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct script *sc = session__tool_priv(s);
	bool show;

	switch (ev->header.type) {
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		show = sc->show_switch;
		break;
	case PERF_RECORD_LOST:
		show = sc->show_lost;
		break;
	case PERF_RECORD_NAMESPACES:
		show = sc->show_namespace;
		break;
	default:
		show = false;
		break;
	}
	if (show && ev->header.type == PERF_RECORD_LOST) {
		/* perf's process_lost_event: the sample's thread, its own line */
		struct session_evsel *e = session__evsel_by_id(s, sample->id);

		if (!e || cpu_filtered(sc, sample))
			return 0;
		print_start(sc, sample, machine__findnew_thread(sc->machine, (pid_t)sample->pid,
								(pid_t)sample->tid),
			    e, ev->header.type, &sc->ob);
		ob_printf(&sc->ob, "PERF_RECORD_LOST lost %" PRIu64 "\n", ev->lost.lost);
		ob_flush(&sc->ob, stdout);
	} else if (show && ev->header.type == PERF_RECORD_NAMESPACES && ev->header.size >= 16) {
		u32 who[2];

		memcpy(who, (const u8 *)ev + 8, sizeof(who));	/* the record's pid, tid */
		print_side_band(sc, ev, sample, (pid_t)who[0], (pid_t)who[1], 0);
	} else if (show) {
		print_side_band(sc, ev, sample, (pid_t)sample->pid, (pid_t)sample->tid, 0);
	}
	return ferror(stdout) ? -EPIPE : 0;
}

static int on_time_conv(struct session *s, union perf_event *ev)
{
	struct script *sc = session__tool_priv(s);

	return machine__process_event(sc->machine, ev);
}

static int on_feature(struct session *s, union perf_event *ev)
{
	struct script *sc = session__tool_priv(s);
	const struct perf_header *h = session__header(s);

	if (sc->machine)
		machine__set_recorded_kernel(sc->machine, h->osrelease, h->arch);
	if ((sc->header || sc->header_only) && ev->header.size >= sizeof(ev->feat) &&
	    ev->feat.feat_id < HEADER_LAST_FEATURE_61) {
		ob_flush(&sc->ob, stdout);
		header__fprintf_feature(s, (int)ev->feat.feat_id, sc->show_info, stdout);
	}
	return 0;
}

/* ---- options ---- */

/* perf's --time: see time-range.h; percentages need the header's sample times. */
static int parse_time_ranges(struct script *sc)
{
	const struct perf_header *h = session__header(sc->session);
	int err;

	if (!sc->time_str)
		return 0;
	err = time_ranges__parse(sc->time_str, h->first_sample_time, h->last_sample_time,
				 &sc->ranges, &sc->nr_ranges);
	if (err < 0) {
		fputs(time_ranges__strerror(err), stderr);	/* perf's words */
		return -1;
	}
	return 0;
}

static int parse_cpu_list(struct script *sc, const char *list)
{
	const char *p = list;

	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a;

		if (end == p || a < 0)
			goto bad;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a)
				goto bad;
		}
		if (b >= 4096)
			goto bad;
		if (b >= sc->nr_cpu_bits) {
			int bits = (int)((b / 64 + 1) * 64);

			sc->cpus = xrealloc(sc->cpus, (size_t)bits / 8);
			memset((char *)sc->cpus + sc->nr_cpu_bits / 8, 0,
			       (size_t)(bits - sc->nr_cpu_bits) / 8);
			sc->nr_cpu_bits = bits;
		}
		for (long c = a; c <= b; c++)
			sc->cpus[c / (8 * sizeof(long))] |= 1UL << (c % (8 * sizeof(long)));
		if (*end == ',')
			end++;
		else if (*end)
			goto bad;
		p = end;
	}
	return 0;
bad:
	error("Invalid cpu_list: %s", list);
	return -1;
}

static int refuse_scripting(const struct option *opt, const char *arg, int unset)
{
	(void)arg;
	(void)unset;
	error("%s%s: Perl and Python scripting is not supported by prof; pipe the output "
	      "of 'prof script' (choose fields with -F) into your script instead",
	      opt->long_name ? "--" : "-", opt->long_name ? opt->long_name : "s");
	return -1;
}

/*
 * --xed: perf pipes its output through Intel's "xed -F insn: -A -64"
 * (and less on a terminal), taking no value from the option's argument.
 * prof disassembles the insn field in-process (print_insn).
 */
static int parse_xed(const struct option *opt, const char *arg, int unset)
{
	(void)arg;
	*(bool *)opt->value = !unset;
	return 0;
}

/* ---- running ---- */

/*
 * perf's closing lines for --per-event-dump, in the events' order; the size
 * is what reached the file so far, as perf's fstat before the close sees it.
 */
static void script__dump_stats(struct script *sc)
{
	for (int i = 0; i < sc->nr_dump_fp; i++) {
		struct stat st;

		if (!sc->dump_fp[i] || fstat(fileno(sc->dump_fp[i]), &st))
			continue;
		printf("[ perf script: Wrote %.3f MB %s.%s.dump (%" PRIu64 " samples) ]\n",
		       (double)st.st_size / 1024.0 / 1024.0, sc->input,
		       session_evsel__name(session__evsel(sc->session, i)), sc->dump_samples[i]);
	}
}

/* -D: each record as perf script's tool dumps it, before what it prints */
static int on_dump(struct session *s, union perf_event *ev, struct perf_sample *sample,
		   u64 offset)
{
	struct script *sc = session__tool_priv(s);

	dump__event(s, ev, sample, offset, sc->show_task ? DUMP_SCRIPT_TASKS : DUMP_SCRIPT, stdout);
	return 0;
}

static int script__run(struct script *sc)
{
	struct tool tool = {
		.sample = on_sample, .mmap = on_machine_event, .mmap2 = on_machine_event,
		.comm = on_machine_event, .fork = on_machine_event, .exit = on_machine_event,
		.context_switch = on_other_event, .lost = on_other_event,
		.namespaces = on_other_event,
		.time_conv = on_time_conv, .feature = on_feature, .attr = on_attr,
		.ordered_events = true, .priv = sc,
	};
	int ret;

	sc->machine = machine__new_host();
	if (sc->dump) {
		tool.dump = on_dump;
		sc->machine->dump_fp = stdout;
	}
	machine__process_header(sc->machine, session__header(sc->session));
	if (check_output(sc) < 0)
		return -1;
	for (int j = 0; sc->cpus && j < PERF_TYPE_MAX; j++) {
		struct session_evsel *e = first_of_type(sc, j);

		if (e && !(e->attr.sample_type & PERF_SAMPLE_CPU)) {
			/* perf's words */
			fputs("File does not contain CPU events. Remove -C option to proceed.\n",
			      stderr);
			return -1;
		}
	}
	{
		struct resolve_param p = {
			.max_stack = sc->max_stack, .inline_names = sc->inline_names,
			.key = CCKEY_FUNCTION,
		};

		sc->resolver = sample_resolver__new(sc->machine, &p);
	}
	/*
	 * Samples' text goes out 256 KiB at a time (stdio's 4 KiB blocks were
	 * a write(2) per dozen samples, a fifth of the time): not to a
	 * terminal, a stream being read as it comes, -D or per-event files,
	 * which get each sample as it is printed.
	 */
	if (!sc->dump && !sc->per_event_dump && !session__is_pipe(sc->session) &&
	    !isatty(STDOUT_FILENO))
		sc->ob_chunk = 256 * 1024;
	ret = session__process_events(sc->session, &tool);
	ob_flush(&sc->ob, stdout);
	if (ret >= 0) {
		fflush(stdout);
		/* --show-lost-events prints them; perf's own handler counts them */
		stats__warn_lost(sc->session, sc->show_lost, stderr);
	}
	if (sc->per_event_dump)
		script__dump_stats(sc);
	if (ret == -EPIPE)
		return 0;
	if (ret == -EINVAL && !*session__strerror(sc->session))
		return -1;	/* check_attr said why */
	if (ret < 0) {
		const char *msg = session__strerror(sc->session);

		fflush(stdout);
		return error("%s", *msg ? msg : strerror(-ret));
	}
	return 0;
}

static void script__exit(struct script *sc)
{
	for (int i = 0; i < sc->nr_dump_fp; i++)
		if (sc->dump_fp[i])
			fclose(sc->dump_fp[i]);
	free(sc->dump_fp);
	free(sc->dump_samples);
	free(sc->ob.buf);
	free(sc->frame_lines);
	srccode__delete(sc->srccode);
	free(sc->cpus);
	free(sc->ranges);
	name_list__exit(&sc->comms);
	name_list__exit(&sc->pids);
	name_list__exit(&sc->tids);
	name_list__exit(&sc->dsos);
	name_list__exit(&sc->syms);
	sample_resolver__delete(sc->resolver);
	machine__delete(sc->machine);
	session__delete(sc->session);
}

static int script__header_only(struct script *sc)
{
	struct tool tool = { .header_only = true, .feature = on_feature, .priv = sc };

	header__fprintf_info(sc->session, sc->show_info, stdout);
	if (session__is_pipe(sc->session)) {
		int ret = session__process_events(sc->session, &tool);

		if (ret < 0) {
			const char *msg = session__strerror(sc->session);

			return error("%s", *msg ? msg : strerror(-ret));
		}
	}
	return 0;
}

/* ---- prof script report flamegraph|stackcollapse: prof flamegraph's code ---- */

static const char *const stackcollapse_usage[] = {
	"prof script report stackcollapse [<perf script options>] [-- <stackcollapse.py options>]",
	NULL
};

static const char *const flamegraph_report_usage[] = {
	"prof script report flamegraph [-o <file>] [-f html|json] [-i <file>]",
	NULL
};

/* The input: -i's, else standard input when it is a pipe, else perf.data. */
static const char *script_input(const char *input)
{
	struct stat st;

	if (input && *input)
		return input;
	return !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
}

/*
 * perf's stackcollapse-report: perf script -s stackcollapse.py with the
 * options given, those after "--" the script's. prof takes perf script's
 * filters and the script's options.
 */
static int report_stackcollapse(int argc, const char **argv)
{
	struct fg_filters f = { 0 };
	struct fg_py_opts py = { 0 };
	const char *input = NULL;
	bool force = false;
	const char **args;
	int ret;
	const struct option perf_options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_STRING('c', "comms", &f.comms, "comm[,comm...]",
			   "only display events for these comms"),
		OPT_STRING(0, "pid", &f.pids, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &f.tids, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_STRING(0, "dsos", &f.dsos, "dso[,dso...]", "only consider symbols in these DSOs"),
		OPT_STRING(0, "time", &f.time, "str", "Time span of interest (start,stop)"),
		OPT_END()
	};
	const struct option py_options[] = {
		OPT_BOOLEAN(0, "include-tid", &py.include_tid, "include thread id in stack"),
		OPT_BOOLEAN(0, "include-pid", &py.include_pid, "include process id in stack"),
		OPT_BOOLEAN(0, "no-comm", &py.no_comm, "do not separate stacks according to comm"),
		OPT_BOOLEAN(0, "tidy-java", &py.tidy_java, "beautify Java signatures"),
		OPT_BOOLEAN(0, "kernel", &py.kernel, "annotate kernel functions with _[k]"),
		OPT_END()
	};

	argc = parse_options(argc, argv, perf_options, stackcollapse_usage, 0);
	/* what follows "--" is the script's; parse_options skips an argv[0] */
	args = xcalloc((size_t)argc + 2, sizeof(*args));
	args[0] = "stackcollapse.py";
	memcpy(args + 1, argv, (size_t)argc * sizeof(*args));
	argc = parse_options(argc + 1, args, py_options, stackcollapse_usage, 0);
	free(args);
	/* the script's words */
	if (argc)
		usage_with_options_msg(stackcollapse_usage, py_options,
				       "unexpected command line argument");
	if (py.include_tid && py.no_comm)
		usage_with_options_msg(stackcollapse_usage, py_options,
				       "requesting tid but not comm is invalid");
	if (py.include_pid && py.no_comm)
		usage_with_options_msg(stackcollapse_usage, py_options,
				       "requesting pid but not comm is invalid");
	ret = flamegraph__stackcollapse(script_input(input), force, &f, &py, stdout);
	return ret < 0 ? -1 : 0;
}

/*
 * perf's flamegraph-report: flamegraph.py's options. prof draws prof
 * flamegraph's page, which needs no d3 template and has its own colours.
 */
static int report_flamegraph(int argc, const char **argv)
{
	const char *format = "html", *output = NULL, *template = NULL, *colorscheme = NULL;
	const char *input = NULL;
	const struct option options[] = {
		OPT_STRING('f', "format", &format, "html|json", "output file format"),
		OPT_STRING('o', "output", &output, "file",
			   "output file name (default flamegraph.html, stacks.json)"),
		OPT_STRING(0, "template", &template, "path",
			   "path to flame graph HTML template: not needed, refused"),
		OPT_STRING(0, "colorscheme", &colorscheme, "scheme",
			   "flame graph color scheme: not supported, refused"),
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_END()
	};
	int ret;

	argc = parse_options(argc, argv, options, flamegraph_report_usage, 0);
	if (argc)
		usage_with_options_msg(flamegraph_report_usage, options,
				       "unrecognized arguments: %s", argv[0]);
	if (strcmp(format, "html") && strcmp(format, "json"))
		usage_with_options_msg(flamegraph_report_usage, options,
				       "argument -f/--format: invalid choice: '%s' (choose from 'json', 'html')",
				       format);
	if (template)
		return error("--template: prof's flame graph page is self-contained, it needs no "
			     "d3-flame-graph template");
	if (colorscheme)
		return error("--colorscheme: prof's flame graph page has its own colours "
			     "(prof flamegraph -o x.svg --colors for flamegraph.pl's)");
	if (!output)
		output = strcmp(format, "json") ? "flamegraph.html" : "stacks.json";
	if (strcmp(output, "-")) {
		printf("dumping data to %s\n", output);	/* perf's words */
		fflush(stdout);
	}
	if (!strcmp(format, "json")) {
		/* d3-flame-graph's data, as flamegraph.py's json.dumps writes it */
		struct fg_filters f = { 0 };
		struct fg_py_opts py = { .json = true };
		FILE *out = strcmp(output, "-") ? fopen(output, "w") : stdout;

		if (!out)
			return error("Error writing output file: %s: %s", output, strerror(errno));
		ret = flamegraph__stackcollapse(script_input(input), false, &f, &py, out);
		if ((out != stdout ? fclose(out) : fflush(out)) != 0 && !ret)
			ret = error("Error writing output file: %s: %s", output, strerror(errno));
		return ret < 0 ? -1 : 0;
	}
	ret = flamegraph__html(script_input(input), false, output);
	return ret < 0 ? -1 : 0;
}

int script__subcommand(const char *input, bool dump, int argc, const char **argv)
{
	const char **sargv = xcalloc((size_t)argc + 4, sizeof(*sargv));
	int n = 0, ret;

	sargv[n++] = "script";
	if (dump)
		sargv[n++] = "-D";
	if (input) {
		sargv[n++] = "-i";
		sargv[n++] = input;
	}
	for (int i = 1; i < argc; i++)
		sargv[n++] = argv[i];
	sargv[n] = NULL;
	ret = cmd_script(n, sargv);
	free(sargv);
	return ret;
}

bool subcommand_is(const char *arg, const char *cmd)
{
	return strlen(arg) > 2 && !strncmp(cmd, arg, strlen(arg));
}

int cmd_script(int argc, const char **argv)
{
	struct script sc = {
		.max_stack = 127,
		.use_callchain = true,
		.inline_names = true,
		.demangle = true,
	};
	char *errmsg = NULL;
	struct stat st;
	int ret = 0;
	const struct option options[] = {
		OPT_STRING('i', "input", &sc.input, "file", "input file name"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('D', "dump-raw-trace", &sc.dump, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &sc.force, "don't complain, do it"),
		OPT_STRING('k', "vmlinux", &sc.vmlinux, "file", "vmlinux pathname"),
		OPT_STRING(0, "kallsyms", &sc.kallsyms, "file", "kallsyms pathname"),
		OPT_STRING(0, "symfs", &sc.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_CALLBACK('F', "fields", &sc, "str",
			     "comma separated output fields prepend with 'type:'. +field to add "
			     "and -field to remove.Valid types: hw,sw,trace,raw,synth. Fields: "
			     "comm,tid,pid,time,cpu,event,trace,ip,sym,dso,addr,symoff,srcline,"
			     "period,iregs,uregs,brstack,brstacksym,flags,data_src,weight,"
			     "bpf-output,brstackinsn,brstackinsnlen,brstackoff,callindent,insn,"
			     "insnlen,synth,phys_addr,metric,misc,srccode,ipc,tod,data_page_size,"
			     "code_page_size,ins_lat", parse_fields_opt),
		OPT_BOOLEAN('G', "hide-call-graph", &sc.hide_call_graph,
			    "When printing symbols do not display call chain"),
		OPT_BOOLEAN(0, "ns", &sc.nanosecs, "Use 9 decimal places when displaying time"),
		OPT_CALLBACK_OPTARG(0, "xed", &sc.xed, NULL, "Run xed disassembler on output",
				    parse_xed, NULL),
		OPT_BOOLEAN(0, "reltime", &sc.reltime, "Show time stamps relative to start"),
		OPT_BOOLEAN(0, "deltatime", &sc.deltatime, "Show time stamps relative to previous event"),
		OPT_STRING(0, "time", &sc.time_str, "str", "Time span of interest (start,stop)"),
		OPT_STRING('C', "cpu", &sc.cpu_list, "cpu", "list of cpus to profile"),
		OPT_STRING('c', "comms", &sc.comm_list, "comm[,comm...]",
			   "only display events for these comms"),
		OPT_STRING(0, "pid", &sc.pid_list, "pid[,pid...]",
			   "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &sc.tid_list, "tid[,tid...]",
			   "only consider symbols in these tids"),
		OPT_STRING('S', "symbols", &sc.sym_list, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "dsos", &sc.dso_list, "dso[,dso...]",
			   "only consider symbols in these DSOs"),
		OPT_INTEGER(0, "max-stack", &sc.max_stack,
			    "Set the maximum stack depth when parsing the callchain, anything "
			    "beyond the specified depth will be ignored. Default: kernel.perf_event_max_stack or 127"),
		OPT_BOOLEAN(0, "inline", &sc.inline_names, "Show inline function"),
		OPT_BOOLEAN(0, "demangle", &sc.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &sc.demangle_kernel, "Enable kernel symbol demangling"),
		OPT_BOOLEAN(0, "full-source-path", &sc.full_srcline,
			    "Show full source file name path for source lines"),
		OPT_BOOLEAN(0, "header", &sc.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &sc.header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &sc.show_info,
			    "display extended information from perf.data file"),
		OPT_BOOLEAN(0, "show-task-events", &sc.show_task,
			    "Show the fork/comm/exit events"),
		OPT_BOOLEAN(0, "show-mmap-events", &sc.show_mmap, "Show the mmap events"),
		OPT_BOOLEAN(0, "show-switch-events", &sc.show_switch, "Show context switch events (if recorded)"),
		OPT_BOOLEAN(0, "show-namespace-events", &sc.show_namespace,
			    "Show namespace events (if recorded)"),
		OPT_BOOLEAN(0, "show-lost-events", &sc.show_lost, "Show lost events (if recorded)"),
		OPT_BOOLEAN(0, "per-event-dump", &sc.per_event_dump,
			    "Dump trace output to files named by the monitored events"),
		OPT_CALLBACK('s', "script", NULL, "name",
			     "script file name (lang:script name, script name, or *): not supported, refused",
			     refuse_scripting),
		OPT_CALLBACK('g', "gen-script", NULL, "lang",
			     "generate perf-script.xx script in specified language: not supported, refused",
			     refuse_scripting),
		OPT_CALLBACK_NOOPT('l', "list", NULL, NULL,
				   "list available scripts: not supported, refused", refuse_scripting),
		OPT_END()
	};

	memcpy(sc.output, default_output, sizeof(sc.output));
	/* perf's "report <script>": the two built in, by prof flamegraph's code */
	if (argc > 2 && !strcmp(argv[1], "report") && !strcmp(argv[2], "stackcollapse"))
		return report_stackcollapse(argc - 2, argv + 2);
	if (argc > 2 && !strcmp(argv[1], "report") && !strcmp(argv[2], "flamegraph"))
		return report_flamegraph(argc - 2, argv + 2);
	argc = parse_options(argc, argv, options, script_usage, 0);
	if (argc >= 2 && !strcmp(argv[0], "report") &&
	    (!strcmp(argv[1], "flamegraph") || !strcmp(argv[1], "stackcollapse"))) {
		/* perf reads perf.data there, whatever came before "report" */
		error("the options of prof script report %s follow its name: "
		      "prof script report %s -i FILE ...", argv[1], argv[1]);
		return -1;
	}
	if (argc) {
		/* perf's "record <script>", "report <script>", "<script> <command>" */
		error("'%s': prof script runs no Perl or Python scripts; pipe its output into "
		      "your script instead (for flame graphs: prof script report flamegraph, "
		      "or prof flamegraph)", argv[0]);
		return -1;
	}
	if (sc.reltime && sc.deltatime) {
		/* perf's words */
		fputs("reltime and deltatime - the two don't get along well. "
		      "Please limit to --reltime or --deltatime.\n", stderr);
		return -1;
	}
	if (sc.hide_call_graph)
		sc.use_callchain = false;
	if (sc.symfs)
		symbol_conf__set_symfs(sc.symfs);
	if (sc.vmlinux)
		symbol_conf.vmlinux_name = sc.vmlinux;
	if (sc.kallsyms)
		symbol_conf.kallsyms_name = sc.kallsyms;
	symbol_conf.no_demangle = !sc.demangle;
	symbol_conf.demangle_kernel = sc.demangle_kernel;
	symbol_conf.show_params = verbose > 0;
	symbol_conf.full_srcline = sc.full_srcline;
	symbol_conf.force = sc.force;
	if (sc.vmlinux && access(sc.vmlinux, R_OK)) {
		error("Invalid file: %s", sc.vmlinux);
		return 256 - EINVAL;
	}
	if (sc.kallsyms && access(sc.kallsyms, R_OK)) {
		error("Invalid file: %s", sc.kallsyms);
		return 256 - EINVAL;
	}
	if (sc.cpu_list && parse_cpu_list(&sc, sc.cpu_list) < 0) {
		script__exit(&sc);
		return -1;
	}
	name_list__parse(&sc.comms, sc.comm_list);
	name_list__parse(&sc.pids, sc.pid_list);
	name_list__parse(&sc.tids, sc.tid_list);
	name_list__parse(&sc.dsos, sc.dso_list);
	name_list__parse(&sc.syms, sc.sym_list);

	if (!sc.input || !*sc.input) {
		if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
			sc.input = "-";
		else
			sc.input = "perf.data";
	}
	ret = session__open_input(&sc.session, sc.input, sc.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, sc.input, errmsg);
		free(errmsg);
		script__exit(&sc);
		return -1;
	}
	if (parse_time_ranges(&sc) < 0) {
		script__exit(&sc);
		return 256 - EINVAL;	/* perf's status */
	}
	if (strcmp(sc.input, "-") && pager_use != 0)
		setup_pager();
	if (sc.header_only) {
		ret = script__header_only(&sc);
	} else {
		if (sc.header)
			header__fprintf_info(sc.session, sc.show_info, stdout);
		ret = script__run(&sc);
	}
	script__exit(&sc);
	return ret < 0 ? -1 : 0;
}
