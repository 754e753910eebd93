// SPDX-License-Identifier: GPL-2.0-only
/*
 * sort.c: the sort keys of perf report and the column/sort layout.
 *
 * Each key has two compares, with perf 6.1's argument order: collapse(l, r)
 * decides merging (0 = same entry) and the order entries have before the
 * output sort; sort(l, r) is the output order. In both, a positive value
 * puts @l first.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/sort.h"
#include "prof/hist.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/thread.h"
#include "prof/strbuf.h"

#define NSEC_PER_SEC ((u64)1000000000)

static const struct sort_key sort_keys[] = {
	{ "comm", "Command", SORT_COMM },
	{ "pid", "    Pid:Command", SORT_PID },
	{ "tid", "    Pid:Command", SORT_TID },
	{ "dso", "Shared Object", SORT_DSO },
	{ "sym", "Symbol", SORT_SYM },
	{ "srcline", "Source:Line", SORT_SRCLINE },
	{ "srcfile", "Source File", SORT_SRCFILE },
	{ "cpu", "CPU", SORT_CPU },
	{ "parent", "Parent symbol", SORT_PARENT },
	{ "symbol_size", "Symbol size", SORT_SYM_SIZE },
	{ "dso_size", "DSO size", SORT_DSO_SIZE },
	{ "dso_from", "Source Shared Object", SORT_DSO_FROM, true },
	{ "dso_to", "Target Shared Object", SORT_DSO_TO, true },
	{ "symbol_from", "Source Symbol", SORT_SYM_FROM, true },
	{ "symbol_to", "Target Symbol", SORT_SYM_TO, true },
	{ "mispredict", "Branch Mispredicted", SORT_MISPREDICT, true },
	{ "in_tx", "Branch in transaction", SORT_IN_TX, true },
	{ "abort", "Transaction abort", SORT_ABORT, true },
	{ "cycles", "Basic Block Cycles", SORT_CYCLES, true },
	{ "srcline_from", "From Source:Line", SORT_SRCLINE_FROM, true },
	{ "srcline_to", "To Source:Line", SORT_SRCLINE_TO, true },
	{ "addr_from", "Source Address", SORT_ADDR_FROM, true },
	{ "addr_to", "Target Address", SORT_ADDR_TO, true },
	{ "ipc_lbr", "IPC   [IPC Coverage]", SORT_IPC_LBR, true },
	{ "ipc_null", "IPC   [IPC Coverage]", SORT_IPC_NULL },
	{ "trace", "Trace output", SORT_TRACE },
	{ "time", "Time", SORT_TIME },
	{ "cgroup", "Cgroup", SORT_CGROUP },
	{ "cgroup_id", "cgroup id (dev/inode)", SORT_CGROUP_ID },
	{ "addr", "Address", SORT_ADDR },
	{ "socket", "Socket", SORT_SOCKET },
	{ "local_weight", "Local Weight", SORT_LOCAL_WEIGHT },
	{ "weight", "Weight", SORT_WEIGHT },
	{ "code_page_size", "Code Page Size", SORT_CODE_PAGE_SIZE },
	{ "local_ins_lat", "Local INSTR Latency", SORT_LOCAL_INS_LAT },
	{ "ins_lat", "INSTR Latency", SORT_INS_LAT },
#if defined(__powerpc__)
	{ "local_p_stage_cyc", "Local Pipeline Stage Cycle", SORT_LOCAL_P_STAGE_CYC },
	{ "p_stage_cyc", "Pipeline Stage Cycle", SORT_P_STAGE_CYC },
#else
	/* perf 6.1 takes them everywhere and shows them on powerpc only */
	{ "local_p_stage_cyc", "Local Pipeline Stage Cycle", SORT_LOCAL_P_STAGE_CYC, .hidden = true },
	{ "p_stage_cyc", "Pipeline Stage Cycle", SORT_P_STAGE_CYC, .hidden = true },
#endif
	/* perf's memory mode (perf mem report, --mem-mode): refused elsewhere */
	{ "symbol_daddr", "", SORT_MEM, .mem = true },
	{ "dso_daddr", "", SORT_MEM, .mem = true },
	{ "locked", "", SORT_MEM, .mem = true },
	{ "tlb", "", SORT_MEM, .mem = true },
	{ "mem", "", SORT_MEM, .mem = true },
	{ "snoop", "", SORT_MEM, .mem = true },
	{ "dcacheline", "", SORT_MEM, .mem = true },
	{ "symbol_iaddr", "", SORT_MEM, .mem = true },
	{ "phys_daddr", "", SORT_MEM, .mem = true },
	{ "data_page_size", "", SORT_MEM, .mem = true },
	{ "blocked", "", SORT_MEM, .mem = true },
};

/* perf 6.1's --sort keys, in the order its help lists them */
static const char *const help_keys[] = {
	"overhead", "overhead_sys", "overhead_us", "overhead_guest_sys", "overhead_guest_us",
	"overhead_children", "sample", "period",
	"pid", "comm", "dso", "symbol", "parent", "cpu", "socket", "srcline", "srcfile",
	"local_weight", "weight", "transaction", "trace", "symbol_size", "dso_size", "cgroup",
	"cgroup_id", "ipc_null", "time", "code_page_size", "local_ins_lat", "ins_lat",
	"local_p_stage_cyc", "p_stage_cyc", "addr",
	"dso_from", "dso_to", "symbol_from", "symbol_to", "mispredict", "abort", "in_tx",
	"cycles", "srcline_from", "srcline_to", "ipc_lbr", "addr_from", "addr_to",
	"symbol_daddr", "dso_daddr", "locked", "tlb", "mem", "snoop", "dcacheline",
	"symbol_iaddr", "phys_daddr", "data_page_size", "blocked",
};

/*
 * perf's sort_help: @prefix, then the keys, a line broken once it reaches
 * 75 columns counting the 25 of the help's indent.
 */
char *sort_help(const char *prefix)
{
	struct strbuf sb = STRBUF_INIT;
	size_t col = 25 + strlen(prefix);

	strbuf_addstr(&sb, prefix);
	for (size_t i = 0; i < ARRAY_SIZE(help_keys); i++) {
		if (col >= 75) {
			strbuf_addstr(&sb, "\n\t\t\t ");
			col = 25;
		}
		strbuf_addf(&sb, " %s", help_keys[i]);
		col += strlen(help_keys[i]) + 1;
	}
	return strbuf_detach(&sb, NULL);
}

const struct sort_key *sort_key__find(const char *name)
{
	if (!strcasecmp(name, "symbol"))
		name = "sym";
	for (size_t i = 0; i < ARRAY_SIZE(sort_keys); i++)
		if (!strcasecmp(sort_keys[i].name, name))
			return &sort_keys[i];
	return NULL;
}

static s64 cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return !l ? -1 : 1;
}

static s64 cmp_u64(u64 l, u64 r)
{
	return l < r ? -1 : l > r ? 1 : 0;
}

/* -v shows (and compares) DSOs by their long names. */
static const char *dso_name(const struct dso *dso)
{
	return verbose > 0 ? dso->long_name : dso->short_name;
}

/* perf's _sort__dso_cmp(l, r): a missing DSO compares as cmp_null(r, l). */
static s64 dso_cmp(const struct dso *l, const struct dso *r)
{
	if (!l || !r)
		return cmp_null(r, l);
	if (l == r)
		return 0;
	return strcmp(dso_name(l), dso_name(r));
}

/* perf's sort__dso_cmp: _sort__dso_cmp(right, left), no map last. */
static s64 dso_collapse(const struct hist_entry *l, const struct hist_entry *r)
{
	return dso_cmp(r->dso, l->dso);
}

static s64 sym_collapse(const struct hist_entry *l, const struct hist_entry *r)
{
	s64 ret;

	if (!l->sym && !r->sym)
		return (s64)(r->ip - l->ip);
	ret = dso_collapse(l, r);
	if (ret)
		return ret;
	if (!l->sym || !r->sym)
		return cmp_null(l->sym, r->sym);
	if (l->sym == r->sym)
		return 0;
	if (l->inlined || r->inlined) {
		/* perf: inlined stand-ins share their caller's range; same name, overlapping: equal */
		int c = strcmp(l->sym->name, r->sym->name);

		if (c)
			return c;
		if (l->sym->start <= r->sym->end && l->sym->end >= r->sym->start)
			return 0;
	}
	if (l->sym->start != r->sym->start)
		return (s64)(r->sym->start - l->sym->start);
	return (s64)(r->sym->end - l->sym->end);
}

/* perf's _sort__sym_cmp for symbols that are not inline stand-ins. */
static s64 symbol_cmp(const struct symbol *l, const struct symbol *r)
{
	if (!l || !r)
		return cmp_null(l, r);
	if (l == r)
		return 0;
	if (l->start != r->start)
		return (s64)(r->start - l->start);
	return (s64)(r->end - l->end);
}

/* ---- branch keys: every entry of branch mode has its hist_branch ---- */

static const struct branch_end *branch_end(const struct hist_entry *he, bool to)
{
	return to ? &he->branch->to : &he->branch->from;
}

/* perf's sort__sym_from_cmp / sort__sym_to_cmp */
static s64 branch_sym_cmp(const struct hist_entry *l, const struct hist_entry *r, bool to)
{
	const struct branch_end *a = branch_end(l, to), *b = branch_end(r, to);

	if (!a->sym && !b->sym)
		return (s64)(b->addr - a->addr);
	return symbol_cmp(a->sym, b->sym);
}

/* perf's sort__addr_from_cmp / sort__addr_to_cmp: DSO, then address */
static s64 branch_addr_cmp(const struct hist_entry *l, const struct hist_entry *r, bool to)
{
	const struct branch_end *a = branch_end(l, to), *b = branch_end(r, to);
	s64 ret = dso_cmp(a->dso, b->dso);

	return ret ? ret : (s64)(b->addr - a->addr);
}

static s64 branch_collapse(const struct sort_key *k, const struct hist_entry *l,
			   const struct hist_entry *r)
{
	const struct hist_branch *a = l->branch, *b = r->branch;

	if (!a || !b)
		return cmp_null(a, b);
	switch (k->id) {
	case SORT_DSO_FROM:
		return dso_cmp(a->from.dso, b->from.dso);
	case SORT_DSO_TO:
		return dso_cmp(a->to.dso, b->to.dso);
	case SORT_SYM_FROM:
	case SORT_SYM_TO:
		return branch_sym_cmp(l, r, k->id == SORT_SYM_TO);
	case SORT_ADDR_FROM:
	case SORT_ADDR_TO:
		return branch_addr_cmp(l, r, k->id == SORT_ADDR_TO);
	/* merging needs equality only; an order keeps the merge order total */
	case SORT_MISPREDICT:
		return cmp_u64(b->mispred | b->predicted << 1, a->mispred | a->predicted << 1);
	case SORT_IN_TX:
		return cmp_u64(b->in_tx, a->in_tx);
	case SORT_ABORT:
		return cmp_u64(b->abort, a->abort);
	case SORT_CYCLES:
		return (s64)a->cycles - (s64)b->cycles;
	case SORT_SRCLINE_FROM:
		return strcmp(b->srcline_from, a->srcline_from);
	case SORT_SRCLINE_TO:
		return strcmp(b->srcline_to, a->srcline_to);
	default:
		return 0;
	}
}

static u64 sym_size(const struct symbol *s)
{
	return s ? s->end - s->start : 0;
}

s64 sort_key__collapse(const struct sort_key *k, const struct hist_entry *l,
		       const struct hist_entry *r)
{
	switch (k->id) {
	case SORT_COMM:
		return r->comm == l->comm ? 0 : strcmp(r->comm, l->comm);
	case SORT_PID:
	case SORT_TID:
		return (s64)r->tid - (s64)l->tid;
	case SORT_DSO:
		return dso_collapse(l, r);
	case SORT_SYM:
		return sym_collapse(l, r);
	case SORT_SRCLINE:
		return strcmp(r->srcline, l->srcline);
	case SORT_SRCFILE:
		return strcmp(r->srcfile, l->srcfile);
	case SORT_CPU:
		return (s64)r->cpu - (s64)l->cpu;
	case SORT_PARENT:
		if (!l->parent || !r->parent)
			return cmp_null(l->parent, r->parent);
		return strcmp(r->parent->name, l->parent->name);
	case SORT_SYM_SIZE:
		return cmp_u64(sym_size(r->sym), sym_size(l->sym));
	case SORT_DSO_SIZE:
		return cmp_u64(r->has_map ? r->map_size : 0, l->has_map ? l->map_size : 0);
	case SORT_IPC_LBR:	/* perf's sort__sym_cmp, for output too */
	case SORT_IPC_NULL:
		return sym_collapse(l, r);
	case SORT_TRACE:	/* perf: other events compare equal */
		if (!l->trace || !r->trace)
			return 0;
		return strcmp(r->trace, l->trace);
	case SORT_TIME:
		return cmp_u64(r->v.time, l->v.time);
	case SORT_CGROUP:
		return cmp_u64(r->v.cgroup, l->v.cgroup);
	case SORT_CGROUP_ID:
		if (l->v.cgroup_dev != r->v.cgroup_dev)
			return cmp_u64(r->v.cgroup_dev, l->v.cgroup_dev);
		return cmp_u64(r->v.cgroup_ino, l->v.cgroup_ino);
	case SORT_ADDR:
		return (s64)(r->v.addr - l->v.addr);
	case SORT_SOCKET:
		return (s64)r->v.socket - (s64)l->v.socket;
	/* perf: the weights compare left to right */
	case SORT_LOCAL_WEIGHT:
	case SORT_WEIGHT:
		return cmp_u64(l->v.weight, r->v.weight);
	case SORT_CODE_PAGE_SIZE:
		return cmp_u64(l->v.code_page_size, r->v.code_page_size);
	case SORT_LOCAL_INS_LAT:
	case SORT_INS_LAT:
		return cmp_u64(l->v.ins_lat, r->v.ins_lat);
	case SORT_LOCAL_P_STAGE_CYC:
	case SORT_P_STAGE_CYC:
		return cmp_u64(l->v.p_stage_cyc, r->v.p_stage_cyc);
	case SORT_MEM:
	case SORT_NR_KEYS:
		break;
	default:
		return branch_collapse(k, l, r);
	}
	return 0;
}

s64 sort_key__sort(const struct sort_key *k, const struct hist_entry *l,
		   const struct hist_entry *r)
{
	/* perf's global weights: the value times the entry's samples */
	if (k->id == SORT_WEIGHT)
		return cmp_u64(l->v.weight * l->nr_events, r->v.weight * r->nr_events);
	if (k->id == SORT_INS_LAT)
		return cmp_u64(l->v.ins_lat * l->nr_events, r->v.ins_lat * r->nr_events);
	if (k->id == SORT_P_STAGE_CYC)
		return cmp_u64(l->v.p_stage_cyc * l->nr_events, r->v.p_stage_cyc * r->nr_events);
	if (k->id == SORT_SYM) {
		if (!l->sym || !r->sym)
			return cmp_null(l->sym, r->sym);
		return strcmp(r->sym->name, l->sym->name);
	}
	return sort_key__cmp(k, l, r);
}

s64 sort_key__cmp(const struct sort_key *k, const struct hist_entry *l,
		  const struct hist_entry *r)
{
	/* perf's flag compares say only "differs" (1): no order */
	if (l->branch && r->branch) {
		const struct hist_branch *a = l->branch, *b = r->branch;

		if (k->id == SORT_MISPREDICT)
			return a->mispred != b->mispred || a->predicted != b->predicted;
		if (k->id == SORT_IN_TX)
			return a->in_tx != b->in_tx;
		if (k->id == SORT_ABORT)
			return a->abort != b->abort;
	}
	return sort_key__collapse(k, l, r);
}

bool sort_key__pads(const struct sort_key *k)
{
	return k->id != SORT_SYM && k->id != SORT_SRCLINE && k->id != SORT_SRCFILE &&
	       k->id != SORT_TRACE && k->id != SORT_TIME && k->id != SORT_CGROUP &&
	       k->id != SORT_CGROUP_ID;
}

/*
 * perf's _hist_entry__sym_snprintf: "[level] name", or the address when
 * there is no symbol; -v puts the address and symtab origin first.
 */
static int sym_text(char *buf, size_t size, int width, u64 ip, char level, bool mapped,
		    const struct dso *dso, const struct symbol *sym, bool inlined)
{
	int n = 0;

	if (verbose > 0)
		n = snprintf(buf, size, "%-#*" PRIx64 " %c ", 18, ip,
			     mapped && dso ? dso->origin : '!');
	n += snprintf(buf + n, size - n, "[%c] ", level);
	if (sym && mapped) {
		n += snprintf(buf + n, size - n, "%.*s", max(width - n, 0), sym->name);
		if (inlined)
			n += snprintf(buf + n, size - n, " (inlined)");
	} else {
		n += snprintf(buf + n, size - n, "%-#.*" PRIx64, 16, ip);
	}
	return n;
}

/* perf's _hist_entry__addr_snprintf: the symbol and offset, or the address. */
static int addr_text(char *buf, size_t size, int width, const struct branch_end *e,
		     char level)
{
	int n = snprintf(buf, size, "[%c] ", level);

	if (e->sym && e->dso) {
		n += snprintf(buf + n, size - n, "%.*s", max(width - n, 0), e->sym->name);
		if (e->al_addr != e->sym->start)
			n += snprintf(buf + n, size - n, "+0x%" PRIx64, e->al_addr - e->sym->start);
	} else {
		n += snprintf(buf + n, size - n, "%-#.*" PRIx64, 16, e->al_addr);
	}
	return n;
}

static int branch_snprintf(const struct sort_key *k, const struct hist_entry *he,
			   char *buf, size_t size, int width)
{
	/* perf keeps the last answer for entries with neither flag: so do we */
	static const char *mispredict = "N/A";
	const struct hist_branch *b = he->branch;

	if (!b)
		return snprintf(buf, size, "%-*.*s", width, width, "N/A");
	switch (k->id) {
	case SORT_DSO_FROM:
	case SORT_DSO_TO: {
		const struct dso *dso = k->id == SORT_DSO_TO ? b->to.dso : b->from.dso;

		return snprintf(buf, size, "%-*.*s", width, width,
				dso ? dso_name(dso) : "[unknown]");
	}
	case SORT_SYM_FROM:
	case SORT_SYM_TO: {
		const struct branch_end *e = branch_end(he, k->id == SORT_SYM_TO);

		return sym_text(buf, size, width, e->al_addr, e->level, e->dso != NULL, e->dso,
				e->sym, false);
	}
	case SORT_ADDR_FROM:
	case SORT_ADDR_TO:
		return addr_text(buf, size, width, branch_end(he, k->id == SORT_ADDR_TO),
				 he->level);
	case SORT_MISPREDICT:
		if (b->predicted)
			mispredict = "N";
		else if (b->mispred)
			mispredict = "Y";
		return snprintf(buf, size, "%-*.*s", width, width, mispredict);
	case SORT_IN_TX:
		return snprintf(buf, size, "%-*s", width, b->in_tx ? "T" : ".");
	case SORT_ABORT:
		return snprintf(buf, size, "%-*s", width, b->abort ? "A" : ".");
	case SORT_CYCLES:
		if (!b->cycles)
			return snprintf(buf, size, "%-*s", width, "-");
		return snprintf(buf, size, "%-*hd", width, (short)b->cycles);
	case SORT_SRCLINE_FROM:
		return snprintf(buf, size, "%-*.*s", width, width, b->srcline_from);
	case SORT_SRCLINE_TO:
		return snprintf(buf, size, "%-*.*s", width, width, b->srcline_to);
	default:
		return 0;
	}
}

/* perf's hists__calc_col_len for one end of a branch */
static int branch_width(const struct sort_key *k, const struct hist_entry *he)
{
	const struct hist_branch *b = he->branch;
	const struct branch_end *e;

	if (!b)
		return 0;
	switch (k->id) {
	case SORT_DSO_FROM:
	case SORT_DSO_TO:
		/* an unresolved symbol widens the column to an address instead */
		e = branch_end(he, k->id == SORT_DSO_TO);
		return e->sym ? (int)strlen(dso_name(e->dso)) : 16;
	case SORT_SYM_FROM:
	case SORT_SYM_TO:
	case SORT_ADDR_FROM:
	case SORT_ADDR_TO:
		e = branch_end(he, k->id == SORT_SYM_TO || k->id == SORT_ADDR_TO);
		if (e->sym)
			return e->sym->namelen + 4 + (verbose > 0 ? 16 + 2 + 3 : 0);
		return 16 + 4 + 2;
	case SORT_SRCLINE_FROM:
		return b->srcline_from ? (int)strlen(b->srcline_from) : 0;
	case SORT_SRCLINE_TO:
		return b->srcline_to ? (int)strlen(b->srcline_to) : 0;
	default:
		return 0;
	}
}

/* perf's get_page_size_name: "N/A" for none, else 4K, 2M, 1G ... */
static const char *page_size_name(u64 size)
{
	static char buf[24];
	static const char units[] = "KMGTPE";
	int u = -1;

	if (!size)
		return "N/A";
	while (size >= 1024 && !(size % 1024) && u < 5) {
		size /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, sizeof(buf), "%" PRIu64, size);
	else
		snprintf(buf, sizeof(buf), "%" PRIu64 "%c", size, units[u]);
	return buf;
}

int sort_key__snprintf(const struct sort_key *k, const struct hist_entry *he,
		       char *buf, size_t size, int width)
{
	switch (k->id) {
	case SORT_COMM:
		return snprintf(buf, size, "%-*.*s", width, width, he->comm);
	case SORT_PID:
	case SORT_TID: {
		int w = max(7, width) - 8;

		return snprintf(buf, size, "%7d:%-*.*s", (int)he->tid, w, w,
				he->thread ? thread__comm_str(he->thread) : "");
	}
	case SORT_DSO:
		return snprintf(buf, size, "%-*.*s", width, width,
				he->dso ? dso_name(he->dso) : "[unknown]");
	case SORT_SYM:
		return sym_text(buf, size, width, he->ip, he->level, he->has_map, he->dso,
				he->sym, he->inlined);
	case SORT_SRCLINE:
		return snprintf(buf, size, "%-.*s", width, he->srcline);
	case SORT_SRCFILE:
		return snprintf(buf, size, "%-.*s", width, he->srcfile);
	case SORT_CPU:
		return snprintf(buf, size, "%*.*d", width, width, he->cpu);
	case SORT_PARENT:
		return snprintf(buf, size, "%-*.*s", width, width,
				he->parent ? he->parent->name : "[other]");
	case SORT_SYM_SIZE:
		if (he->sym)
			return snprintf(buf, size, "%*d", width, (int)sym_size(he->sym));
		return snprintf(buf, size, "%*s", width, "unknown");
	case SORT_DSO_SIZE:
		if (he->has_map)
			return snprintf(buf, size, "%*d", width, (int)he->map_size);
		return snprintf(buf, size, "%*s", width, "unknown");
	case SORT_IPC_NULL:
		return snprintf(buf, size, "%-*s", width, "-      -");
	case SORT_IPC_LBR:
		/*
		 * perf computes IPC and coverage only when it annotates (the
		 * browser): in stdio a symbol shows zeros.
		 */
		if (!he->sym || !he->has_map)
			return snprintf(buf, size, "%-*s", width, "-");
		return snprintf(buf, size, "%-*s", width, "0.00  [  0.0%]");
	case SORT_TRACE:
		return snprintf(buf, size, "%-.*s", width, he->trace ? he->trace : "N/A");
	case SORT_TIME: {
		char t[64];

		if (symbol_conf.nanosecs)
			snprintf(t, sizeof(t), "%" PRIu64 ".%09" PRIu64, he->v.time / NSEC_PER_SEC,
				 he->v.time % NSEC_PER_SEC);
		else
			snprintf(t, sizeof(t), "%" PRIu64 ".%06" PRIu64, he->v.time / NSEC_PER_SEC,
				 he->v.time % NSEC_PER_SEC / 1000);
		return snprintf(buf, size, "%-.*s", width, t);
	}
	case SORT_CGROUP:
		return snprintf(buf, size, "%s", he->v.cgroup_name ? he->v.cgroup_name : "N/A");
	case SORT_CGROUP_ID:
		return snprintf(buf, size, "%" PRIu64 "/0x%" PRIx64, he->v.cgroup_dev, he->v.cgroup_ino);
	case SORT_ADDR:
		return snprintf(buf, size, "%-#*" PRIx64, width, he->v.addr);
	case SORT_SOCKET:
		return snprintf(buf, size, "%*.*d", width, width - 3, he->v.socket);
	case SORT_LOCAL_WEIGHT:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.weight);
	case SORT_WEIGHT:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.weight * he->nr_events);
	case SORT_LOCAL_INS_LAT:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.ins_lat);
	case SORT_INS_LAT:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.ins_lat * he->nr_events);
	case SORT_LOCAL_P_STAGE_CYC:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.p_stage_cyc);
	case SORT_P_STAGE_CYC:
		return snprintf(buf, size, "%-*" PRIu64, width, he->v.p_stage_cyc * he->nr_events);
	case SORT_CODE_PAGE_SIZE:
		return snprintf(buf, size, "%-*s", width, page_size_name(he->v.code_page_size));
	case SORT_MEM:
	case SORT_NR_KEYS:
		break;
	default:
		return branch_snprintf(k, he, buf, size, width);
	}
	return 0;
}

int sort_key__value_width(const struct sort_key *k, const struct hist_entry *he)
{
	switch (k->id) {
	case SORT_COMM:
		return he->thread ? (int)strlen(thread__comm_str(he->thread)) : 0;
	case SORT_PID:
	case SORT_TID:
		return he->thread ? (int)strlen(thread__comm_str(he->thread)) + 8 : 0;
	case SORT_DSO:
		/* an unresolved symbol widens the column to an address */
		return max(he->dso ? (int)strlen(dso_name(he->dso)) : 0, he->sym ? 0 : 16);
	case SORT_SYM:
		if (he->sym)
			return he->sym->namelen + 4 + (verbose > 0 ? 16 + 2 + 3 : 0);
		return 16 + 4 + 2;
	case SORT_SRCLINE:
		return he->srcline ? (int)strlen(he->srcline) : 0;
	case SORT_SRCFILE:
		return he->srcfile ? (int)strlen(he->srcfile) : 0;
	case SORT_PARENT:
		return he->parent ? (int)strlen(he->parent->name) : 0;
	case SORT_TRACE:
		return he->trace ? (int)strlen(he->trace) : 0;
	/* perf's fixed widths (hists__calc_col_len) */
	case SORT_TIME:
		return symbol_conf.nanosecs ? 16 : 12;
	case SORT_ADDR:
		return 18;
	case SORT_LOCAL_WEIGHT:
	case SORT_WEIGHT:
		return 12;
	case SORT_CGROUP:
	case SORT_CGROUP_ID:
	case SORT_SOCKET:
	case SORT_CODE_PAGE_SIZE:
	case SORT_LOCAL_INS_LAT:
	case SORT_INS_LAT:
	case SORT_LOCAL_P_STAGE_CYC:
	case SORT_P_STAGE_CYC:
	case SORT_MEM:
		return 0;
	default:
		return branch_width(k, he);
	}
}

static int layout__add_sort(struct hist_layout *l, struct hist_field f)
{
	for (int i = 0; i < l->nr_sorts; i++)
		if (l->sorts[i].kind == f.kind && l->sorts[i].key == f.key)
			return 0;
	if (l->nr_sorts == HIST_MAX_FIELDS)
		return -EINVAL;
	l->sorts[l->nr_sorts++] = f;
	return 0;
}

static int layout__add_field(struct hist_layout *l, struct hist_field f)
{
	for (int i = 0; i < l->nr_fields; i++)
		if (l->fields[i].kind == f.kind && l->fields[i].key == f.key)
			return 0;
	if (l->nr_fields == HIST_MAX_FIELDS)
		return -EINVAL;
	l->fields[l->nr_fields++] = f;
	return 0;
}

/* One name of --sort or -F: an hpp field or a sort key. */
static int parse_field(const char *name, struct hist_field *f)
{
	static const struct { const char *name; enum hpp_id id; } hpp[] = {
		{ "overhead", HPP_OVERHEAD },
		{ "overhead_children", HPP_OVERHEAD_CHILDREN },
		{ "sample", HPP_SAMPLE },
		{ "period", HPP_PERIOD },
		{ "overhead_sys", HPP_OVERHEAD_SYS },
		{ "overhead_us", HPP_OVERHEAD_US },
		{ "overhead_guest_sys", HPP_OVERHEAD_GUEST_SYS },
		{ "overhead_guest_us", HPP_OVERHEAD_GUEST_US },
	};

	for (size_t i = 0; i < ARRAY_SIZE(hpp); i++)
		if (!strcasecmp(name, hpp[i].name)) {
			f->kind = hpp[i].id;
			f->key = NULL;
			return 0;
		}
	f->key = sort_key__find(name);
	f->kind = HPP_SORT_KEY;
	return f->key ? 0 : -EINVAL;
}

/* Split @list at ',' and ' ' and call @fn on each name. */
static int for_each_name(const char *list, struct hist_layout *l, bool to_fields,
			 const char **bad)
{
	static char badname[128];
	char *copy = xstrdup(list), *save = NULL;
	int ret = 0;

	for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		struct hist_field f = { 0 };

		if (parse_field(tok, &f) < 0 || (f.key && f.key->branch && !l->branch) ||
		    (f.key && f.key->mem)) {
			snprintf(badname, sizeof(badname), "%s", tok);
			*bad = badname;
			ret = f.key ? -EOPNOTSUPP : -EINVAL;
			break;
		}
		if (f.kind == HPP_SORT_KEY && l->nr_keys < SORT_NR_KEYS) {
			bool have = false;

			for (int i = 0; i < l->nr_keys; i++)
				have |= l->keys[i] == f.key;
			if (!have)
				l->keys[l->nr_keys++] = f.key;
		}
		if (to_fields) {
			ret = layout__add_field(l, f);
		} else {
			ret = layout__add_sort(l, f);
		}
		if (ret)
			break;
	}
	free(copy);
	return ret;
}

static int layout_setup(struct hist_layout *l, const char *sort_order,
			const char *field_order, bool children, bool show_nr_samples,
			bool show_total_period, bool branch, const char **bad)
{
	struct hist_field ov = { HPP_OVERHEAD, NULL }, ch = { HPP_OVERHEAD_CHILDREN, NULL };
	int ret;

	memset(l, 0, sizeof(*l));
	l->children = children;
	l->branch = branch;
	*bad = NULL;
	if (!field_order || field_order[0] == '+') {
		if (!sort_order)
			sort_order = branch ? BRANCH_SORT_ORDER : "comm,dso,sym";
		/*
		 * perf prepends the overhead columns to the sort keys unless
		 * the keys name them, and it looks for the names with strstr:
		 * "overhead_children" also counts as "overhead".
		 */
		if (children && !strstr(sort_order, "overhead_children"))
			layout__add_sort(l, ch);
		if (!strstr(sort_order, "overhead"))
			layout__add_sort(l, ov);
		ret = for_each_name(sort_order, l, false, bad);
		if (ret)
			return ret;
		if (children)
			layout__add_field(l, ch);
		layout__add_field(l, ov);
		if (show_nr_samples)
			layout__add_field(l, (struct hist_field){ HPP_SAMPLE, NULL });
		if (show_total_period)
			layout__add_field(l, (struct hist_field){ HPP_PERIOD, NULL });
		/* "-F +f": the default columns and f, then the sort keys */
		if (field_order) {
			ret = for_each_name(field_order + 1, l, true, bad);
			if (ret)
				return ret == -EINVAL ? -ENOENT : ret;
		}
		/*
		 * every sort list entry is a column too: "-s period" shows
		 * Period; and perf appends the columns the keys do not name to
		 * the sort list ("-s overhead_children,sym": Self breaks ties)
		 */
		for (int i = 0; i < l->nr_sorts; i++)
			layout__add_field(l, l->sorts[i]);
		for (int i = 0; i < l->nr_fields; i++)
			layout__add_sort(l, l->fields[i]);
		return 0;
	}
	l->fields_given = true;
	if (sort_order) {
		ret = for_each_name(sort_order, l, false, bad);
		if (ret)
			return ret;
	}
	ret = for_each_name(field_order, l, true, bad);
	if (ret)
		return ret == -EINVAL ? -ENOENT : ret;
	/* the sort list's entries not among the fields become columns, fields sort keys */
	for (int i = 0; i < l->nr_sorts; i++)
		layout__add_field(l, l->sorts[i]);
	for (int i = 0; i < l->nr_fields; i++)
		layout__add_sort(l, l->fields[i]);
	return 0;
}

/* Columns of keys that show nothing on this arch go (perf's elided ones). */
static void layout__drop_hidden(struct hist_layout *l)
{
	int n = 0;

	for (int i = 0; i < l->nr_fields; i++)
		if (!l->fields[i].key || !l->fields[i].key->hidden)
			l->fields[n++] = l->fields[i];
	l->nr_fields = n;
}

int hist_layout__setup(struct hist_layout *l, const char *sort_order,
		       const char *field_order, bool children, bool show_nr_samples,
		       bool show_total_period, const char **bad)
{
	int ret = layout_setup(l, sort_order, field_order, children, show_nr_samples,
			       show_total_period, false, bad);

	if (!ret)
		layout__drop_hidden(l);
	return ret;
}

int hist_layout__setup_branch(struct hist_layout *l, const char *sort_order,
			      const char *field_order, bool show_nr_samples,
			      bool show_total_period, const char **bad)
{
	int ret = layout_setup(l, sort_order, field_order, false, show_nr_samples,
			       show_total_period, true, bad);

	if (!ret)
		layout__drop_hidden(l);
	return ret;
}

void hist_layout__add_cpu_utilization(struct hist_layout *l)
{
	static const enum hpp_id ids[] = { HPP_OVERHEAD_SYS, HPP_OVERHEAD_US };
	int at = 0;

	for (int i = 0; i < l->nr_fields; i++)
		if (l->fields[i].kind == HPP_OVERHEAD || l->fields[i].kind == HPP_OVERHEAD_CHILDREN)
			at = i + 1;
	for (size_t k = 0; k < ARRAY_SIZE(ids); k++) {
		bool have = false;

		for (int i = 0; i < l->nr_fields; i++)
			have |= l->fields[i].kind == ids[k];
		if (have || l->nr_fields == HIST_MAX_FIELDS)
			continue;
		memmove(&l->fields[at + 1], &l->fields[at],
			(size_t)(l->nr_fields - at) * sizeof(l->fields[0]));
		memmove(&l->elide[at + 1], &l->elide[at], (size_t)(l->nr_fields - at) * sizeof(bool));
		l->fields[at] = (struct hist_field){ ids[k], NULL };
		l->elide[at++] = false;
		l->nr_fields++;
		layout__add_sort(l, (struct hist_field){ ids[k], NULL });
	}
}

void hist_layout__drop_field(struct hist_layout *l, enum hpp_id kind)
{
	int n = 0;

	for (int i = 0; i < l->nr_fields; i++)
		if (l->fields[i].kind != kind) {
			l->elide[n] = l->elide[i];
			l->fields[n++] = l->fields[i];
		}
	l->nr_fields = n;
}

bool hist_layout__has_key(const struct hist_layout *l, enum sort_key_id id)
{
	for (int i = 0; i < l->nr_keys; i++)
		if (l->keys[i]->id == id)
			return true;
	return false;
}
