/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * annotation.h: one symbol's instructions with the samples that hit each
 * of them, the model behind prof annotate --stdio and the annotate
 * browser of report, top and annotate --tui.
 *
 * Samples reach it through an addr_hits store (per event, symbol and
 * instruction address), which the commands fill as they read samples;
 * an annotation is built on demand from the symbol's disassembly
 * (disasm.h) and the store.
 */
#ifndef PROF_ANNOTATION_H
#define PROF_ANNOTATION_H

#include "compat.h"
#include "disasm.h"

struct dso;
struct symbol;

/* perf's --percent-type: what an instruction's percentage is of. */
enum annotation_percent {
	ANN_LOCAL_PERIOD,	/* the symbol's period (the default) */
	ANN_GLOBAL_PERIOD,	/* the event's period */
	ANN_LOCAL_HITS,		/* the symbol's samples */
	ANN_GLOBAL_HITS,	/* the event's samples */
};

/* "local period", ... as perf's headers name them. */
extern const char *const annotation_percent_names[4];

/*
 * perf's --percent-type values: local-period, global-period, local-hits,
 * global-hits (and period-local, ... the other way round). -EINVAL when
 * @s is none of them (the caller says so).
 */
int annotation_percent__parse(const char *s, enum annotation_percent *pt);

/* The samples of one instruction (or one address). */
struct ann_hits {
	u64 period, nr;
};

/* Samples per event, symbol and dso-relative address (al->addr). */
struct addr_hits;

struct addr_hits *addr_hits__new(void);
void addr_hits__delete(struct addr_hits *ah);
void addr_hits__add(struct addr_hits *ah, int idx, const struct symbol *sym, u64 addr, u64 period);
/* @nr samples of @period in all at once. */
void addr_hits__add_n(struct addr_hits *ah, int idx, const struct symbol *sym, u64 addr,
		      u64 period, u64 nr);
/* Forget every sample (top's -z and z). */
void addr_hits__reset(struct addr_hits *ah);
/* Age the sample counts 7/8, periods kept (perf top's annotation decay). */
void addr_hits__decay_nr(struct addr_hits *ah);
/* Whether @sym has samples of event @idx (a walk over the store). */
bool addr_hits__has(const struct addr_hits *ah, int idx, const struct symbol *sym);
/* Event @idx's totals over every symbol (global percentages). */
void addr_hits__totals(const struct addr_hits *ah, int idx, u64 *period, u64 *nr);

struct annotation {
	struct disasm d;
	struct ann_hits *hits;		/* one per instruction of d */
	u64 sym_period, sym_nr;		/* the symbol's: local percentages */
	u64 total_period, total_nr;	/* the event's: global percentages */
};

/*
 * Disassemble @sym of @dso into @an, with no samples yet. Returns 0, or
 * -1 with the reason in @err (disasm__symbol's).
 */
int annotation__init(struct annotation *an, struct dso *dso, const struct symbol *sym,
		     const struct disasm_opts *o, char *err, size_t errsz);
/* Add the samples at dso-relative @addr to the instruction holding it. */
void annotation__add(struct annotation *an, u64 addr, u64 period, u64 nr);
/*
 * Take event @idx's samples of @sym from @ah (after clearing those the
 * annotation had); sym_* become their sums, total_* the event's.
 */
void annotation__fill(struct annotation *an, const struct addr_hits *ah, int idx,
		      const struct symbol *sym);
/* Instruction @i's percentage of type @pt. */
double annotation__percent(const struct annotation *an, int i, enum annotation_percent pt);
/* The instruction at or after index @i holding dso-relative @addr, or -1. */
int annotation__find(const struct annotation *an, u64 addr);
void annotation__exit(struct annotation *an);

/*
 * Source text. perf's --prefix/--prefix-strip (objdump's): an absolute
 * path loses its first @strip directories and gets @prefix in front.
 */
void annotation__set_source_prefix(const char *prefix, int strip);
/* Line @line of source file @file (read once, cached), or NULL. */
const char *annotation__source_line(const char *file, unsigned int line);
void annotation__source_exit(void);

#endif
