// SPDX-License-Identifier: GPL-2.0-only
/*
 * event-names.c: the symbolic names perf knows for hardware, software,
 * tool and hardware-cache events, and evsel__name(), which turns an
 * attr without a parser-given name into the name perf displays.
 *
 * The alias tables are the single source for the parser (every spelling
 * it accepts), the listing (the first spelling of each) and the fallback
 * names; keep them in perf 6.1's order.
 */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/util.h"
#include <linux/hw_breakpoint.h>

const struct event_symbol event_symbols_hw[PROF_COUNT_HW_MAX] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= { "cpu-cycles", "cycles" },
	[PERF_COUNT_HW_INSTRUCTIONS]		= { "instructions", "" },
	[PERF_COUNT_HW_CACHE_REFERENCES]	= { "cache-references", "" },
	[PERF_COUNT_HW_CACHE_MISSES]		= { "cache-misses", "" },
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= { "branch-instructions", "branches" },
	[PERF_COUNT_HW_BRANCH_MISSES]		= { "branch-misses", "" },
	[PERF_COUNT_HW_BUS_CYCLES]		= { "bus-cycles", "" },
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= { "stalled-cycles-frontend", "idle-cycles-frontend" },
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= { "stalled-cycles-backend", "idle-cycles-backend" },
	[PERF_COUNT_HW_REF_CPU_CYCLES]		= { "ref-cycles", "" },
};

const struct event_symbol event_symbols_sw[PROF_COUNT_SW_MAX] = {
	[PERF_COUNT_SW_CPU_CLOCK]		= { "cpu-clock", "" },
	[PERF_COUNT_SW_TASK_CLOCK]		= { "task-clock", "" },
	[PERF_COUNT_SW_PAGE_FAULTS]		= { "page-faults", "faults" },
	[PERF_COUNT_SW_CONTEXT_SWITCHES]	= { "context-switches", "cs" },
	[PERF_COUNT_SW_CPU_MIGRATIONS]		= { "cpu-migrations", "migrations" },
	[PERF_COUNT_SW_PAGE_FAULTS_MIN]		= { "minor-faults", "" },
	[PERF_COUNT_SW_PAGE_FAULTS_MAJ]		= { "major-faults", "" },
	[PERF_COUNT_SW_ALIGNMENT_FAULTS]	= { "alignment-faults", "" },
	[PERF_COUNT_SW_EMULATION_FAULTS]	= { "emulation-faults", "" },
	[PERF_COUNT_SW_DUMMY]			= { "dummy", "" },
	[10 /* PERF_COUNT_SW_BPF_OUTPUT */]	= { "bpf-output", "" },
	[11 /* PERF_COUNT_SW_CGROUP_SWITCHES */] = { "cgroup-switches", "" },
};

const struct event_symbol event_symbols_tool[PROF_TOOL_MAX] = {
	[TOOL_NONE]		= { NULL, NULL },
	[TOOL_DURATION_TIME]	= { "duration_time", "" },
	[TOOL_USER_TIME]	= { "user_time", "" },
	[TOOL_SYSTEM_TIME]	= { "system_time", "" },
};

/* Names perf shows for events built from a bare attr. */
static const char *const hw_fallback_names[PROF_COUNT_HW_MAX] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
	"stalled-cycles-backend", "ref-cycles",
};

static const char *const sw_fallback_names[PROF_COUNT_SW_MAX] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy", "bpf-output", "cgroup-switches",
};

const char *const evsel__hw_cache[PERF_COUNT_HW_CACHE_MAX][EVSEL__MAX_ALIASES] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};

const char *const evsel__hw_cache_op[PERF_COUNT_HW_CACHE_OP_MAX][EVSEL__MAX_ALIASES] = {
	{ "load", "loads", "read" },
	{ "store", "stores", "write" },
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

const char *const evsel__hw_cache_result[PERF_COUNT_HW_CACHE_RESULT_MAX][EVSEL__MAX_ALIASES] = {
	{ "refs", "Reference", "ops", "access" },
	{ "misses", "miss" },
};

#define CACHE_OP(x) (1u << PERF_COUNT_HW_CACHE_OP_##x)

/* Which operations make sense for which cache (perf's table). */
static const unsigned int hw_cache_ops_valid[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D]  = CACHE_OP(READ) | CACHE_OP(WRITE) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_L1I]  = CACHE_OP(READ) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_LL]   = CACHE_OP(READ) | CACHE_OP(WRITE) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_DTLB] = CACHE_OP(READ) | CACHE_OP(WRITE) | CACHE_OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_ITLB] = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_BPU]  = CACHE_OP(READ),
	[PERF_COUNT_HW_CACHE_NODE] = CACHE_OP(READ) | CACHE_OP(WRITE) | CACHE_OP(PREFETCH),
};

bool evsel__is_cache_op_valid(u8 type, u8 op)
{
	if (type >= PERF_COUNT_HW_CACHE_MAX || op >= PERF_COUNT_HW_CACHE_OP_MAX)
		return false;
	return hw_cache_ops_valid[type] & (1u << op);
}

int evsel__hw_cache_type_op_res_name(u8 type, u8 op, u8 result,
				     char *bf, size_t size)
{
	/* An access count is named by the plural of the operation. */
	if (result)
		return snprintf(bf, size, "%s-%s-%s", evsel__hw_cache[type][0],
				evsel__hw_cache_op[op][0],
				evsel__hw_cache_result[result][0]);
	return snprintf(bf, size, "%s-%s", evsel__hw_cache[type][0],
			evsel__hw_cache_op[op][1]);
}

const char *event_name__hw(u64 config)
{
	return config < PROF_COUNT_HW_MAX ? hw_fallback_names[config] : NULL;
}

const char *event_name__sw(u64 config)
{
	return config < PROF_COUNT_SW_MAX ? sw_fallback_names[config] : NULL;
}

const char *event_name__tool(enum tool_event ev)
{
	return ev > TOOL_NONE && ev < PROF_TOOL_MAX ? event_symbols_tool[ev].symbol : NULL;
}

static int addch(char *bf, size_t size, int r, char c)
{
	if ((size_t)r + 1 < size) {
		bf[r] = c;
		bf[r + 1] = '\0';
	}
	return r + 1;
}

/*
 * The modifier suffix perf derives from the exclude bits: the privilege
 * levels that are NOT excluded when some are, then the precise level,
 * then H/G when they differ from what the other modifiers imply.
 */
int evsel__add_modifiers(const struct evsel *evsel, char *bf, size_t size)
{
	const struct perf_event_attr *attr = &evsel->attr;
	bool exclude_guest_default = false;
	int colon = 0, r = 0;
	unsigned int i;

	if (size)
		bf[0] = '\0';
#define MOD(excluded, c) do {					\
		if (!(excluded)) {				\
			if (!colon)				\
				colon = ++r;			\
			r = addch(bf, size, r, (c));		\
		}						\
	} while (0)
	if (attr->exclude_kernel || attr->exclude_user || attr->exclude_hv) {
		MOD(attr->exclude_kernel, 'k');
		MOD(attr->exclude_user, 'u');
		MOD(attr->exclude_hv, 'h');
		exclude_guest_default = true;
	}
	if (attr->precise_ip) {
		if (!colon)
			colon = ++r;
		for (i = 0; i < attr->precise_ip && i < 3; i++)
			r = addch(bf, size, r, 'p');
		exclude_guest_default = true;
	}
	if (attr->exclude_host || attr->exclude_guest == exclude_guest_default) {
		MOD(attr->exclude_host, 'H');
		MOD(attr->exclude_guest, 'G');
	}
#undef MOD
	if (colon && (size_t)colon - 1 < size)
		bf[colon - 1] = ':';
	if ((size_t)r >= size && size)
		bf[size - 1] = '\0';
	return r;
}

static void name_with_mods(const struct evsel *evsel, char *bf, size_t size,
			   const char *base)
{
	int n = snprintf(bf, size, "%s", base);

	if (n >= 0 && (size_t)n < size)
		evsel__add_modifiers(evsel, bf + n, size - n);
}

static void hw_cache_name(const struct evsel *evsel, char *bf, size_t size)
{
	u64 config = evsel->attr.config;
	u8 type = config & 0xff, op = (config >> 8) & 0xff;
	u8 result = (config >> 16) & 0xff;
	const char *err = NULL;
	char name[64];

	if (type >= PERF_COUNT_HW_CACHE_MAX)
		err = "unknown-ext-hardware-cache-type";
	else if (op >= PERF_COUNT_HW_CACHE_OP_MAX)
		err = "unknown-ext-hardware-cache-op";
	else if (result >= PERF_COUNT_HW_CACHE_RESULT_MAX)
		err = "unknown-ext-hardware-cache-result";
	else if (!evsel__is_cache_op_valid(type, op))
		err = "invalid-cache";
	if (err)
		snprintf(name, sizeof(name), "%s", err);
	else
		evsel__hw_cache_type_op_res_name(type, op, result, name, sizeof(name));
	name_with_mods(evsel, bf, size, name);
}

static void bp_name(const struct evsel *evsel, char *bf, size_t size)
{
	const struct perf_event_attr *attr = &evsel->attr;
	char base[64];
	int n;

	n = snprintf(base, sizeof(base), "mem:0x%" PRIx64 ":", (u64)attr->bp_addr);
	if (attr->bp_type & HW_BREAKPOINT_R)
		base[n++] = 'r';
	if (attr->bp_type & HW_BREAKPOINT_W)
		base[n++] = 'w';
	if (attr->bp_type & HW_BREAKPOINT_X)
		base[n++] = 'x';
	base[n] = '\0';
	name_with_mods(evsel, bf, size, base);
}

const char *evsel__name(struct evsel *evsel)
{
	const struct perf_event_attr *attr;
	const char *s;
	char bf[128], base[64];

	if (!evsel)
		return "unknown";
	if (evsel->name)
		return evsel->name;

	attr = &evsel->attr;
	switch (attr->type) {
	case PERF_TYPE_RAW:
		snprintf(base, sizeof(base), "raw 0x%" PRIx64, (u64)attr->config);
		name_with_mods(evsel, bf, sizeof(bf), base);
		break;
	case PERF_TYPE_HARDWARE:
		s = event_name__hw(attr->config);
		name_with_mods(evsel, bf, sizeof(bf), s ? s : "unknown-hardware");
		break;
	case PERF_TYPE_HW_CACHE:
		hw_cache_name(evsel, bf, sizeof(bf));
		break;
	case PERF_TYPE_SOFTWARE:
		if (evsel->tool_event != TOOL_NONE) {
			s = event_name__tool(evsel->tool_event);
			snprintf(bf, sizeof(bf), "%s", s ? s : "unknown-tool");
		} else {
			s = event_name__sw(attr->config);
			name_with_mods(evsel, bf, sizeof(bf), s ? s : "unknown-software");
		}
		break;
	case PERF_TYPE_TRACEPOINT:
		if (evsel->tp_sys && evsel->tp_name)
			snprintf(bf, sizeof(bf), "%s:%s", evsel->tp_sys, evsel->tp_name);
		else
			snprintf(bf, sizeof(bf), "%s", "unknown tracepoint");
		break;
	case PERF_TYPE_BREAKPOINT:
		bp_name(evsel, bf, sizeof(bf));
		break;
	default:
		snprintf(bf, sizeof(bf), "unknown attr type: %d", attr->type);
		break;
	}
	evsel->name = xstrdup(bf);
	evsel->auto_named = true;
	return evsel->name;
}
