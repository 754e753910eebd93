/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * metric-expr.h: perf 6.1's metric expression language.
 *
 *   a + b  a - b  a * b  a / b  a % b  a < b  a > b  a | b  a & b  a ^ b
 *   -a  (a)  x if cond else y  d_ratio(a, b)  min(a, b)  max(a, b)
 *   source_count(ev)  numbers (1e9, 0.5)  #smt_on #num_cpus #num_cores
 *   #num_dies #num_packages #core_wide #system_tsc_freq  event ids: inst_retired.any,
 *   msr@tsc@, cpu@UOPS_ISSUED.ANY\,cmask\=1@ (backslashes dropped)
 *
 * Precedence, loosest first: if/else, |, ^, &, < >, + -, * / %, unary -.
 *
 * Event ids are collected as perf collects them, constant parts folded
 * ("x if #smt_on else y" needs one of x, y); the set keeps the order of
 * perf's hash map (libbpf's, with perf's string hash), because that
 * order decides the event string perf builds, the event a metric is
 * printed on and which event perf names in an error.
 */
#ifndef PROF_METRIC_EXPR_H
#define PROF_METRIC_EXPR_H

#include "compat.h"

struct expr_node;

/* A set of ids in perf's hash map order. */
struct expr_id {
	char *key;
	struct expr_id *next;
};

struct expr_ids {
	struct expr_id **buckets;
	size_t cap, sz;
	int cap_bits;
};

void expr_ids__init(struct expr_ids *ids);
void expr_ids__exit(struct expr_ids *ids);
/* Add @key (copied) unless present. */
void expr_ids__add(struct expr_ids *ids, const char *key);
bool expr_ids__has(const struct expr_ids *ids, const char *key);
void expr_ids__del(struct expr_ids *ids, const char *key);
/* Every id of @sub is in @ids. */
bool expr_ids__subset(const struct expr_ids *ids, const struct expr_ids *sub);
/* Iterate: for (e = expr_ids__first(ids, &b); e; e = expr_ids__next(ids, e, &b)) */
struct expr_id *expr_ids__first(const struct expr_ids *ids, size_t *bkt);
struct expr_id *expr_ids__next(const struct expr_ids *ids, struct expr_id *e, size_t *bkt);

/*
 * Parse @str. Returns the tree, or NULL with *@err set to a message
 * (caller frees).
 */
struct expr_node *expr__parse(const char *str, char **err);
void expr__free(struct expr_node *n);

/*
 * Merge the ids @n needs into @ids as perf's parser does (the result
 * is perf's union of the expression's set with @ids). Returns 0
 * (unknown literals fail in expr__parse()).
 */
int expr__find_ids(const struct expr_node *n, struct expr_ids *ids);

/* The value of an id; NAN when unknown. */
typedef double (*expr_value_fn)(const char *id, void *ctx);

/* Evaluate @n; NAN when an id has no value. */
double expr__eval(const struct expr_node *n, expr_value_fn value, void *ctx);

/* What #core_wide depends on: -a (or -C) and the CPU list given. */
void expr__set_target(bool system_wide, const char *cpu_list);

/* #smt_on, #num_cpus, ...: NAN if unknown (case-insensitive, as perf). */
double expr__literal(const char *literal);

#endif /* PROF_METRIC_EXPR_H */
