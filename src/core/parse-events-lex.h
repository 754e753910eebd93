/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * parse-events-lex.h: what the -e scanner (parse-events-lex.c) and the
 * grammar (parse-events.c) share: tokens, scanner modes, the parser state
 * and the static term names. Internal to src/core; the pel__ ("parse
 * events lexer") prefix keeps these names out of everybody else's way.
 */
#ifndef PROF_PARSE_EVENTS_LEX_H
#define PROF_PARSE_EVENTS_LEX_H

#include "prof/compat.h"
#include "prof/list.h"
#include "prof/parse-events.h"

/* ------------------------------------------------------------ tokens */

enum tok {
	T_EOF,
	T_ERROR,	/* a number that does not fit in 64 bits */
	T_SYM_HW,
	T_SYM_SW,
	T_SYM_TOOL,
	T_KPMU,		/* cycles-ct, mem-loads, topdown-*: core PMU aliases */
	T_CACHE_TYPE,
	T_CACHE_OPRES,
	T_MEM,		/* "mem:" */
	T_RAW,		/* rNNN */
	T_VALUE,
	T_MOD,		/* event modifier letters */
	T_NAME,
	T_PMU_EVENT,	/* a sysfs alias name: "tsc" */
	T_PMU_PRE,	/* "energy" of "energy-psys" */
	T_PMU_SUF,	/* "psys" of "energy-psys" */
	T_TERM,		/* a static term name inside /.../ */
	T_BP_MOD,	/* rwx after mem:addr: */
	T_CHAR,		/* one of / - , : { } = [ ] */
};

enum mode { M_INITIAL, M_CONFIG, M_MEM, M_EVENT };

/* Static terms, in perf's order (the "valid terms" help lists them so). */
enum term_type {
	TERM_USER = 0,	/* a sysfs format or alias name */
	TERM_CONFIG,
	TERM_CONFIG1,
	TERM_CONFIG2,
	TERM_NAME,
	TERM_PERIOD,
	TERM_FREQ,
	TERM_BRANCH_TYPE,
	TERM_TIME,
	TERM_CALLGRAPH,
	TERM_STACKSIZE,
	TERM_NOINHERIT,
	TERM_INHERIT,
	TERM_MAX_STACK,
	TERM_MAX_EVENTS,
	TERM_NOOVERWRITE,
	TERM_OVERWRITE,
	TERM_DRV_CFG,
	TERM_PERCORE,
	TERM_AUX_OUTPUT,
	TERM_AUX_SAMPLE_SIZE,
	TERM_METRIC_ID,
	TERM__NR,
};

extern const char *const pel__term_names[TERM__NR];

struct token {
	enum tok type;
	int start, len;
	u64 num;	/* T_VALUE, T_RAW; symbol config; T_TERM type */
	int ch;		/* T_CHAR */
};

struct term {
	struct list_head node;
	int type;		/* enum term_type */
	char *config;		/* the name for TERM_USER */
	bool is_str, no_value;
	char *str;
	u64 num;
	int idx;		/* where the term starts in the input */
	int val_idx;		/* where its value starts */
};

struct parser {
	const char *s;
	int len, pos;
	enum mode mode;
	bool have_la;
	struct token la;
	int loc_first, loc_last;	/* perf's yylloc, see 3. above */
	bool garbage;			/* characters perf's scanner echoed away */
	struct parse_events_error *err;
	struct list_head events;	/* evsels built so far */
	int nr_groups;
	bool failed;
	char *metric_id;		/* metric-id term for the next evsel */
	char *callgraph;		/* call-graph= term for the next evsel */
	u32 stack_size, max_stack;	/* stack-size=, max-stack= terms, likewise */
};

/* Where perf's scanner would put yylloc after lexing at @start. */
void pel__loc_update(struct parser *p, int start);
/* One-token lookahead over the scanner. */
struct token *pel__peek(struct parser *p);
struct token pel__next(struct parser *p);
bool pel__peek_char(struct parser *p, int c);
/* The token's text (a quoted name without its quotes); new string. */
char *pel__tok_str(struct parser *p, const struct token *t);
/*
 * At the start of an event: the whole event text to name it by, or NULL
 * when a group starts here (or at the end of the input).
 */
char *pel__enter_event(struct parser *p);

#endif /* PROF_PARSE_EVENTS_LEX_H */
