/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * parse-events.h: the -e/--event language, as perf 6.1 accepts it.
 *
 *   cpu-clock:u                symbolic hardware/software/tool events
 *   L1-dcache-load-misses      hardware cache events (all alias spellings)
 *   sched:sched_switch sched:* tracepoints, globs allowed
 *   r1a8  1:0                  raw and numeric type:config events
 *   msr/tsc/ power/event=5,name=x/u   PMU terms from sysfs formats/aliases
 *   mem:0x1000/8:rw            hardware breakpoints
 *   {a,b}:S  name{a,b}         groups, with group modifiers
 *
 * The parser is hand written (no bison/flex); it mimics perf's lexer and
 * grammar closely enough that the accepted strings, the attrs and the
 * display names match, and that errors point where perf points.
 */
#ifndef PROF_PARSE_EVENTS_H
#define PROF_PARSE_EVENTS_H

#include "compat.h"
#include "evsel.h"

struct option;

struct parse_events_error {
	int idx;	/* byte offset of the bad token, -1 unknown */
	char *str;	/* what is wrong */
	char *help;	/* optional hint */
	/* perf reports some failures twice ("Initial error:"). */
	int num_errors;
	int first_idx;
	char *first_str;
	char *first_help;
};

/*
 * Parse @str (one -e argument) and append the events to @evlist (groups
 * set leader/nr_members). Returns 0, or -1 with @err filled (caller prints
 * it); @evlist is unchanged on failure. @err may be NULL.
 */
int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err);
/*
 * The text of @err for @event in perf's "event syntax error" layout,
 * newline terminated; a new string (NULL if @err holds no error).
 */
char *parse_events_error__format(const struct parse_events_error *err,
				 const char *event);
/* Print @err for @event in perf's "event syntax error" layout to stderr. */
void parse_events_error__print(const struct parse_events_error *err,
			       const char *event);
void parse_events_error__init(struct parse_events_error *err);
void parse_events_error__exit(struct parse_events_error *err);
/*
 * parse-options callback for -e/--event: opt->value is a struct evlist *;
 * prints the error and returns -1 on failure.
 */
int parse_events_option(const struct option *opt, const char *str, int unset);

/*
 * perf stat accepts only config,config1,config2,name,period,percore and
 * metric-id terms; call this before parsing stat's -e options.
 */
void parse_events__shrink_config_terms(void);

/*
 * --filter for the last -e event, which must be a tracepoint (perf's
 * parse_filter). Returns 0, or prints perf's message and returns -1.
 */
int parse_events_filter(struct evlist *evlist, const char *filter);

/*
 * Roots the parser and the listing read from; NULL restores the real
 * /sys and tracefs. Meant for tests with a fake sysfs tree.
 */
void parse_events__set_sysfs_root(const char *root);

/* ---- event name tables (core/event-names.c) ---- */

struct event_symbol {
	const char *symbol;
	const char *alias;	/* "" when none */
};

#define PROF_COUNT_HW_MAX 10
#define PROF_COUNT_SW_MAX 12
#define PROF_TOOL_MAX 4
#define EVSEL__MAX_ALIASES 8

extern const struct event_symbol event_symbols_hw[PROF_COUNT_HW_MAX];
extern const struct event_symbol event_symbols_sw[PROF_COUNT_SW_MAX];
extern const struct event_symbol event_symbols_tool[PROF_TOOL_MAX];

extern const char *const evsel__hw_cache[PERF_COUNT_HW_CACHE_MAX][EVSEL__MAX_ALIASES];
extern const char *const evsel__hw_cache_op[PERF_COUNT_HW_CACHE_OP_MAX][EVSEL__MAX_ALIASES];
extern const char *const evsel__hw_cache_result[PERF_COUNT_HW_CACHE_RESULT_MAX][EVSEL__MAX_ALIASES];

/* perf's table of which cache ops exist for which cache type. */
bool evsel__is_cache_op_valid(u8 type, u8 op);
/* Canonical name of a cache event: "L1-dcache-load-misses". */
int evsel__hw_cache_type_op_res_name(u8 type, u8 op, u8 result,
				     char *bf, size_t size);
/* Appends perf's ":ukhpppHG" suffix that the attr implies. */
int evsel__add_modifiers(const struct evsel *evsel, char *bf, size_t size);
/* Names from the tables: "cpu-clock", "cycles", "duration_time"; NULL if unknown. */
const char *event_name__hw(u64 config);
const char *event_name__sw(u64 config);
const char *event_name__tool(enum tool_event ev);

#endif /* PROF_PARSE_EVENTS_H */
