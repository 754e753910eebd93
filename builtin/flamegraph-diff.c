// SPDX-License-Identifier: GPL-2.0-only
/*
 * flamegraph-diff.c: the stacks of two profiles paired as difffolded.pl
 * pairs them, one line per stack of either: "stack before after", 0 where
 * a side has none (prof flamegraph --diff; flamegraph.c folds perf.data
 * and draws the lines).
 *
 * The counts are computed and printed as Perl does the script's: integers
 * while they fit, doubles past that or with a fraction ("%.15g"), -n's
 * int(before * total_after / total_before) in integers when the product
 * fits and the division is exact, else in doubles. So the lines are the
 * script's byte for byte. The script prints them in Perl's hash order,
 * which changes from run to run; prof sorts them bytewise, the order
 * flamegraph.pl sorts its input in before drawing.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "flamegraph-diff.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>

#define EXACT_BELOW 9007199254740992.0		/* 2^53: doubles hold every integer below */

static struct pcount pc_int(u64 v)
{
	return (struct pcount){ .iv = v };
}

/* A double; an integral one Perl would use as an integer becomes one. */
static struct pcount pc_double(double v)
{
	if (v >= 0 && v < EXACT_BELOW && v == floor(v))
		return pc_int((u64)v);
	return (struct pcount){ .nv = v, .is_nv = true };
}

double pcount__double(const struct pcount *c)
{
	return c->is_nv ? c->nv : (double)c->iv;
}

static struct pcount pc_add(struct pcount a, struct pcount b)
{
	if (!a.is_nv && !b.is_nv && a.iv + b.iv >= a.iv)
		return pc_int(a.iv + b.iv);
	return pc_double(pcount__double(&a) + pcount__double(&b));
}

/* int(a * b / c), c not 0, as Perl's pp_multiply, pp_divide and pp_int. */
static struct pcount pc_scale(struct pcount a, struct pcount b, struct pcount c)
{
	double q;

	if (!a.is_nv && !b.is_nv && !c.is_nv && (!b.iv || a.iv <= UINT64_MAX / b.iv)) {
		u64 p = a.iv * b.iv;

		if (p >= c.iv && p % c.iv == 0)
			return pc_int(p / c.iv);
		q = (double)p / (double)c.iv;
	} else {
		q = pcount__double(&a) * pcount__double(&b) / pcount__double(&c);
	}
	/* int(): an unsigned integer while one holds it */
	if (q < 18446744073709551615.5)
		return pc_int((u64)q);
	return (struct pcount){ .nv = floor(q), .is_nv = true };
}

static bool pc_equal(struct pcount a, struct pcount b)
{
	if (!a.is_nv && !b.is_nv)
		return a.iv == b.iv;
	return pcount__double(&a) == pcount__double(&b);
}

/* Perl's print of the number. */
static void pc_format(char *buf, size_t size, const struct pcount *c)
{
	if (c->is_nv)
		snprintf(buf, size, "%.15g", c->nv);
	else
		snprintf(buf, size, "%" PRIu64, c->iv);
}

/*
 * A count's text, as Perl numifies it: digits, or digits and a fraction
 * (what follows it, a blank and another count, is not read).
 */
static struct pcount pc_parse(const char *s)
{
	char *end;
	u64 v;

	if (s[strspn(s, "0123456789")] != '.') {
		errno = 0;
		v = strtoull(s, &end, 10);
		if (!errno)
			return pc_int(v);
	}
	return pc_double(strtod(s, NULL));
}

double diff_stack__delta(const struct diff_stack *s)
{
	const struct pcount *a = &s->count[0], *b = &s->count[1];

	if (!a->is_nv && !b->is_nv)
		return b->iv >= a->iv ? (double)(b->iv - a->iv) : -(double)(a->iv - b->iv);
	return pcount__double(b) - pcount__double(a);
}

double folded__delta(const char *before, const char *after)
{
	struct diff_stack s = { .count = { pc_parse(before), pc_parse(after) } };

	return diff_stack__delta(&s);
}

const char *folded__count_at_end(const char *line, size_t len, size_t *stack_len)
{
	size_t e = len, d;

	while (e > 0 && isdigit((u8)line[e - 1]))
		e--;
	d = e;
	if (e > 0 && line[e - 1] == '.') {
		e--;
		while (e > 0 && isdigit((u8)line[e - 1]))
			e--;
		if (e == d - 1)		/* ".5": no digit before the point */
			return NULL;
	} else if (e == len) {
		return NULL;
	}
	if (e == 0 || !isspace((u8)line[e - 1]))
		return NULL;
	*stack_len = e - 1;
	return line + e;
}

/*
 * difffolded.pl -s: s/0x[0-9a-fA-F]+/0x.../g, the matches taken from the
 * left, each as long as it goes.
 */
static char *strip_hex(const char *stack, size_t len)
{
	char *out = xmalloc(2 * len + 1);	/* "0x1" (3) grows to "0x..." (5) at most */
	size_t o = 0;

	for (size_t i = 0; i < len;) {
		if (stack[i] == '0' && i + 2 < len && stack[i + 1] == 'x' &&
		    isxdigit((u8)stack[i + 2])) {
			memcpy(out + o, "0x...", 5);
			o += 5;
			for (i += 2; i < len && isxdigit((u8)stack[i]); i++)
				;
			continue;
		}
		out[o++] = stack[i++];
	}
	out[o] = '\0';
	return out;
}

static void diff_add(struct diff_folded *d, int side, const char *stack, size_t len,
		     struct pcount count)
{
	struct diff_stack *s;

	if (d->nr == d->alloc) {
		d->alloc = d->alloc ? 2 * d->alloc : 1024;
		d->v = xrealloc(d->v, d->alloc * sizeof(*d->v));
	}
	s = &d->v[d->nr];
	*s = (struct diff_stack){
		.stack = d->strip_hex ? strip_hex(stack, len) : xstrndup(stack, len),
		.seq = d->nr,
	};
	s->count[side] = count;
	d->total[side] = pc_add(d->total[side], count);
	d->nr++;
}

void diff_folded__add(struct diff_folded *d, int side, const char *stack, size_t len, u64 count)
{
	diff_add(d, side, stack, len, pc_int(count));
}

int folded__read(const char *path, const char *two_counts, folded_line_fn fn, void *arg)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0, nr = 0, slen, s2;
	ssize_t len;
	int ret = 0;

	if (!f)
		return error("cannot open %s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, f)) >= 0) {
		const char *c, *c1, *c2, *msg;

		nr++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		c = folded__count_at_end(line, (size_t)len, &slen);
		if (!c) {
			ret = error("%s:%zu: not a folded stack (\"frame;frame;... count\"): %.60s",
				    path, nr, line);
			break;
		}
		c2 = NULL;
		if ((c1 = folded__count_at_end(line, slen, &s2))) {
			if (two_counts) {
				ret = error("%s:%zu: two counts: %s", path, nr, two_counts);
				break;
			}
			c2 = c;
			c = c1;
			slen = s2;
		}
		msg = fn(arg, line, slen, c, c2);
		if (msg) {
			ret = error("%s:%zu: %s", path, nr, msg);
			break;
		}
	}
	if (!ret && ferror(f))
		ret = error("cannot read %s: %s", path, strerror(errno));
	free(line);
	if (f != stdin)
		fclose(f);
	return ret;
}

struct diff_side {
	struct diff_folded *d;
	int side;
};

static const char *diff_line(void *arg, const char *line, size_t stack_len, const char *count,
			     const char *count2)
{
	struct diff_side *ds = arg;

	(void)count2;		/* refused by folded__read() */
	diff_add(ds->d, ds->side, line, stack_len, pc_parse(count));
	return NULL;
}

int diff_folded__read(struct diff_folded *d, int side, const char *path)
{
	struct diff_side ds = { d, side };

	return folded__read(path, "a differential already, not a profile", diff_line, &ds);
}

void diff_folded__round(struct diff_folded *d, u64 unit)
{
	d->total[0] = d->total[1] = pc_int(0);
	for (size_t i = 0; i < d->nr; i++)
		for (int k = 0; k < 2; k++) {
			struct pcount *c = &d->v[i].count[k];

			*c = pc_int((c->iv + unit / 2) / unit);
			d->total[k] = pc_add(d->total[k], *c);
		}
}

static int stack_cmp(const void *a, const void *b)
{
	const struct diff_stack *x = a, *y = b;
	int c = strcmp(x->stack, y->stack);

	return c ? c : x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int text_cmp(const void *a, const void *b)
{
	return strcmp(((const struct diff_stack *)a)->text, ((const struct diff_stack *)b)->text);
}

int diff_folded__finish(struct diff_folded *d, bool normalize)
{
	size_t n = 0;

	/* each stack once, its counts summed in the order they came */
	qsort(d->v, d->nr, sizeof(*d->v), stack_cmp);
	for (size_t i = 0; i < d->nr; i++) {
		if (n && !strcmp(d->v[n - 1].stack, d->v[i].stack)) {
			for (int k = 0; k < 2; k++)
				d->v[n - 1].count[k] = pc_add(d->v[n - 1].count[k], d->v[i].count[k]);
			free(d->v[i].stack);
			continue;
		}
		d->v[n++] = d->v[i];
	}
	d->nr = n;
	if (normalize && !pc_equal(d->total[0], d->total[1])) {
		if (!pcount__double(&d->total[0]))
			return error("--normalize: the first profile has no samples to scale");
		for (size_t i = 0; i < d->nr; i++)
			d->v[i].count[0] = pc_scale(d->v[i].count[0], d->total[1], d->total[0]);
	}
	for (size_t i = 0; i < d->nr; i++) {
		char a[64], b[64];

		pc_format(a, sizeof(a), &d->v[i].count[0]);
		pc_format(b, sizeof(b), &d->v[i].count[1]);
		d->v[i].text = xasprintf("%s %s %s", d->v[i].stack, a, b);
	}
	qsort(d->v, d->nr, sizeof(*d->v), text_cmp);
	return 0;
}

void diff_folded__exit(struct diff_folded *d)
{
	for (size_t i = 0; i < d->nr; i++) {
		free(d->v[i].stack);
		free(d->v[i].text);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}
