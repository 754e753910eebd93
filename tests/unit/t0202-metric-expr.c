// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0202-metric-expr: perf 6.1's metric expressions: values, precedence,
 * functions, if/else, literals, escaped ids, and the order perf's hash
 * map gives the event ids (taken from "perf stat -v -M" here).
 */
#include "prof/compat.h"
#include "prof/metric-expr.h"
#include "prof/util.h"
#include "tap.h"
#include <math.h>

static double vals(const char *id, void *ctx)
{
	(void)ctx;
	if (!strcmp(id, "a"))
		return 6;
	if (!strcmp(id, "b"))
		return 3;
	if (!strcmp(id, "zero"))
		return 0;
	if (!strcmp(id, "cpu@UOPS_ISSUED.ANY,cmask=1@"))
		return 10;
	if (!strcmp(id, "msr@tsc@"))
		return 1000;
	return NAN;
}

static double eval(const char *s)
{
	char *err = NULL;
	struct expr_node *n = expr__parse(s, &err);
	double v;

	if (!n) {
		diag("%s: %s", s, err);
		free(err);
		return -12345;
	}
	v = expr__eval(n, vals, NULL);
	expr__free(n);
	return v;
}

/* The ids of @s joined by spaces, in perf's order. */
static char *ids(const char *s)
{
	struct expr_node *n = expr__parse(s, NULL);
	struct expr_ids set;
	struct expr_id *e;
	char *out = xstrdup(""), *t;
	size_t bkt;

	if (!n)
		return out;
	expr_ids__init(&set);
	expr__find_ids(n, &set);
	for (e = expr_ids__first(&set, &bkt); e; e = expr_ids__next(&set, e, &bkt)) {
		t = xasprintf("%s%s%s", out, *out ? " " : "", e->key);
		free(out);
		out = t;
	}
	expr_ids__exit(&set);
	expr__free(n);
	return out;
}

int main(void)
{
	char *s, *err = NULL;
	double smt = expr__literal("#smt_on");

	is_double(eval("1 + 2 * 3"), 7, 1e-9, "precedence");
	is_double(eval("(1 + 2) * 3"), 9, 1e-9, "parentheses");
	is_double(eval("a - b - 1"), 2, 1e-9, "left associative minus");
	is_double(eval("a / b / 2"), 1, 1e-9, "left associative divide");
	is_double(eval("-a + 10"), 4, 1e-9, "unary minus");
	is_double(eval("7 % 4"), 3, 1e-9, "modulo");
	is_double(eval("a > b"), 1, 1e-9, "greater");
	is_double(eval("a < b"), 0, 1e-9, "less");
	is_double(eval("d_ratio(a, b)"), 2, 1e-9, "d_ratio");
	is_double(eval("d_ratio(a, zero)"), 0, 1e-9, "d_ratio by zero is 0");
	ok(isnan(eval("a / zero")), "division by zero is no value");
	is_double(eval("min(a, b) + max(a, b) * 10"), 63, 1e-9, "min and max");
	is_double(eval("a if b > 1 else 100"), 6, 1e-9, "if taken");
	is_double(eval("a if b > 5 else 100"), 100, 1e-9, "else taken");
	is_double(eval("1e3 + 0.5 + .5"), 1001, 1e-9, "number forms");
	is_double(eval("cpu@UOPS_ISSUED.ANY\\,cmask\\=1@ * 2"), 20, 1e-9,
		  "escaped characters of an id are unescaped");
	is_double(eval("msr@tsc@ / 1000"), 1, 1e-9, "pmu@event@ ids");
	is_double(eval("#SMT_on"), smt, 1e-9, "#SMT_on is #smt_on");
	ok(expr__literal("#num_cpus") >= 1, "#num_cpus");
	ok(expr__literal("#num_packages") >= 1, "#num_packages");
	ok(isnan(eval("a + unknown")), "an id without a value");
	ok(expr__parse("a +", &err) == NULL && err, "a syntax error is reported");
	free(err);
	err = NULL;
	ok(expr__parse("#no_such_literal", &err) == NULL && err &&
	   strstr(err, "Unrecognized literal"), "an unknown literal is an error");
	free(err);

	/* Orders perf 6.1 printed for amdzen3's metrics ("found event"). */
	s = ids("l2_request_g1.all_no_prefetch + l2_pf_hit_l2 + l2_pf_miss_l2_hit_l3 + l2_pf_miss_l2_l3");
	is_str(s, "l2_pf_miss_l2_l3 l2_pf_hit_l2 l2_pf_miss_l2_hit_l3 l2_request_g1.all_no_prefetch",
	       "all_l2_cache_accesses ids in perf's order");
	free(s);
	s = ids("d_ratio(ex_ret_brn_misp, ex_ret_brn)");
	is_str(s, "ex_ret_brn ex_ret_brn_misp", "branch_misprediction_ratio ids");
	free(s);
	s = ids("0");
	is_str(s, "", "a constant needs no events");
	free(s);
	s = ids("a if 0 else b");
	is_str(s, "b", "a constant false condition keeps the else branch only");
	free(s);
	s = ids("a if 1 else b");
	is_str(s, "a", "a constant true condition keeps the if branch only");
	free(s);
	s = ids("d_ratio(a, 0)");
	is_str(s, "", "d_ratio by a constant zero needs no events");
	free(s);
	return done_testing();
}
