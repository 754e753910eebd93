// SPDX-License-Identifier: GPL-2.0-only
/*
 * metric-expr.c: parse and evaluate perf 6.1 metric expressions, and
 * collect their event ids in perf's order. See metric-expr.h.
 */
#include "prof/compat.h"
#include "prof/cpumap.h"
#include "prof/metric-expr.h"
#include "prof/pmu.h"
#include "prof/util.h"
#include <ctype.h>
#include <math.h>
#include <strings.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* ---- the id set: libbpf's hash map, perf's hash --------------------- */

static size_t id_hash(const char *s)
{
	size_t h = 0;

	for (; *s; s++)
		h = h * 31 + (size_t)(long)*s;
	return h;
}

static size_t hash_bits(size_t h, int bits)
{
	if (bits == 0)
		return 0;
	return (size_t)(((u64)h * 11400714819323198485llu) >> (64 - bits));
}

void expr_ids__init(struct expr_ids *ids)
{
	memset(ids, 0, sizeof(*ids));
}

void expr_ids__exit(struct expr_ids *ids)
{
	size_t b;

	for (b = 0; b < ids->cap; b++) {
		struct expr_id *e = ids->buckets[b], *next;

		for (; e; e = next) {
			next = e->next;
			free(e->key);
			free(e);
		}
	}
	free(ids->buckets);
	expr_ids__init(ids);
}

struct expr_id *expr_ids__first(const struct expr_ids *ids, size_t *bkt)
{
	for (*bkt = 0; *bkt < ids->cap; (*bkt)++)
		if (ids->buckets[*bkt])
			return ids->buckets[*bkt];
	return NULL;
}

struct expr_id *expr_ids__next(const struct expr_ids *ids, struct expr_id *e, size_t *bkt)
{
	if (e->next)
		return e->next;
	for ((*bkt)++; *bkt < ids->cap; (*bkt)++)
		if (ids->buckets[*bkt])
			return ids->buckets[*bkt];
	return NULL;
}

static struct expr_id **find(const struct expr_ids *ids, const char *key)
{
	struct expr_id **pp;

	if (!ids->cap)
		return NULL;
	for (pp = &ids->buckets[hash_bits(id_hash(key), ids->cap_bits)]; *pp; pp = &(*pp)->next)
		if (!strcmp((*pp)->key, key))
			return pp;
	return NULL;
}

bool expr_ids__has(const struct expr_ids *ids, const char *key)
{
	return find(ids, key) != NULL;
}

/* Doubles the buckets, re-adding entries at their chains' heads. */
static void grow(struct expr_ids *ids)
{
	int bits = ids->cap_bits + 1 < 2 ? 2 : ids->cap_bits + 1;
	size_t cap = (size_t)1 << bits, b;
	struct expr_id **nb = xcalloc(cap, sizeof(*nb));

	for (b = 0; b < ids->cap; b++) {
		struct expr_id *e = ids->buckets[b], *next;

		for (; e; e = next) {
			size_t h = hash_bits(id_hash(e->key), bits);

			next = e->next;
			e->next = nb[h];
			nb[h] = e;
		}
	}
	free(ids->buckets);
	ids->buckets = nb;
	ids->cap = cap;
	ids->cap_bits = bits;
}

/* Takes @key; a key already present keeps its place. */
static void add_owned(struct expr_ids *ids, char *key)
{
	struct expr_id **pp = find(ids, key), *e;
	size_t h;

	if (pp) {
		free((*pp)->key);
		(*pp)->key = key;
		return;
	}
	if (ids->cap == 0 || (ids->sz + 1) * 4 / 3 > ids->cap)
		grow(ids);
	h = hash_bits(id_hash(key), ids->cap_bits);
	e = xmalloc(sizeof(*e));
	e->key = key;
	e->next = ids->buckets[h];
	ids->buckets[h] = e;
	ids->sz++;
}

void expr_ids__add(struct expr_ids *ids, const char *key)
{
	add_owned(ids, xstrdup(key));
}

void expr_ids__del(struct expr_ids *ids, const char *key)
{
	struct expr_id **pp = find(ids, key), *e;

	if (!pp)
		return;
	e = *pp;
	*pp = e->next;
	free(e->key);
	free(e);
	ids->sz--;
}

bool expr_ids__subset(const struct expr_ids *ids, const struct expr_ids *sub)
{
	struct expr_id *e;
	size_t b;

	for (e = expr_ids__first(sub, &b); e; e = expr_ids__next(sub, e, &b))
		if (!expr_ids__has(ids, e->key))
			return false;
	return true;
}

/* perf's ids__union: the smaller set is added into the larger. */
static struct expr_ids *ids_union(struct expr_ids *a, struct expr_ids *b)
{
	struct expr_id *e;
	size_t bkt;

	if (!a)
		return b;
	if (!b)
		return a;
	if (a->sz < b->sz) {
		struct expr_ids *t = a;

		a = b;
		b = t;
	}
	for (e = expr_ids__first(b, &bkt); e; e = expr_ids__next(b, e, &bkt))
		expr_ids__add(a, e->key);
	expr_ids__exit(b);
	free(b);
	return a;
}

static void ids_free(struct expr_ids *ids)
{
	if (ids) {
		expr_ids__exit(ids);
		free(ids);
	}
}

/* ---- literals -------------------------------------------------------- */

/* Distinct contents of topology/<file> (or <alt>) over the online CPUs. */
static int count_distinct(const char *file, const char *alt)
{
	struct cpu_map *cpus = cpu_map__new_online();
	char **seen;
	int i, n = 0, j;

	if (!cpus)
		return 0;
	seen = xcalloc((size_t)cpus->nr + 1, sizeof(*seen));
	for (i = 0; i < cpus->nr; i++) {
		char *path = xasprintf("%s/devices/system/cpu/cpu%d/topology/%s",
				       sysfs__root(), cpus->map[i], file);
		char *s = read_file_str(path, NULL);

		free(path);
		if (!s && alt) {
			path = xasprintf("%s/devices/system/cpu/cpu%d/topology/%s",
					 sysfs__root(), cpus->map[i], alt);
			s = read_file_str(path, NULL);
			free(path);
		}
		if (!s)
			continue;
		for (j = 0; j < n; j++)
			if (!strcmp(seen[j], s))
				break;
		if (j < n)
			free(s);
		else
			seen[n++] = s;
	}
	for (j = 0; j < n; j++)
		free(seen[j]);
	free(seen);
	cpu_map__put(cpus);
	return n;
}

static bool smt_on(void)
{
	char *path = xasprintf("%s/devices/system/cpu/smt/active", sysfs__root());
	char *s = read_file_str(path, NULL);
	bool on;

	free(path);
	if (s) {
		on = atoi(s) > 0;
		free(s);
		return on;
	}
	/* No smt/active: any core with two threads. */
	return count_distinct("core_cpus_list", "thread_siblings_list") < cpu__nr_online();
}

/* The "@ 2.10GHz" of /proc/cpuinfo's model name, in Hz; 0 if none. */
static double cpuinfo_tsc_freq(void)
{
	char *s = read_file_str("/proc/cpuinfo", NULL), *p, *at;
	double ghz = 0;

	if (!s)
		return 0;
	p = strstr(s, "model name");
	if (p) {
		char *eol = strchr(p, '\n');

		if (eol)
			*eol = '\0';
		at = strstr(p, "@ ");
		if (at && strstr(at, "GHz"))
			ghz = strtod(at + 2, NULL);
	}
	free(s);
	return ghz * 1e9;
}

/*
 * #SYSTEM_TSC_FREQ: Intel only; CPUID leaf 0x15 (crystal clock times the
 * TSC ratio), else the model name's frequency. 0 elsewhere, as perf.
 */
static double system_tsc_freq(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int lvl, a, b, c, d;
	char vendor[13];

	if (!__get_cpuid(0, &lvl, &b, &c, &d))
		return 0;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (!strstr(vendor, "Intel"))
		return 0;
	if (lvl < 0x15)
		return cpuinfo_tsc_freq();
	__cpuid_count(0x15, 0, a, b, c, d);
	if (!a || !b || !c)
		return cpuinfo_tsc_freq();
	return (double)c * (double)b / (double)a;
#else
	return 0;
#endif
}

static bool target_system_wide;
static bool target_cpu_list;

void expr__set_target(bool system_wide, const char *cpu_list)
{
	target_system_wide = system_wide;
	target_cpu_list = cpu_list != NULL;
}

/*
 * #core_wide: every thread of the cores counted is counted too: a
 * system-wide count, of all CPUs unless SMT is off.
 */
static bool core_wide(void)
{
	if (!target_system_wide)
		return false;
	return !smt_on() || !target_cpu_list;
}

double expr__literal(const char *lit)
{
	if (!strcasecmp(lit, "#smt_on"))
		return smt_on() ? 1.0 : 0.0;
	if (!strcmp(lit, "#num_cpus"))
		return cpu__max_present();
	if (!strcasecmp(lit, "#num_cores"))
		return count_distinct("core_cpus_list", "thread_siblings_list");
	if (!strcasecmp(lit, "#num_dies"))
		return count_distinct("die_cpus_list", "core_siblings_list");
	if (!strcasecmp(lit, "#system_tsc_freq"))
		return system_tsc_freq();
	if (!strcasecmp(lit, "#core_wide"))
		return core_wide() ? 1.0 : 0.0;
	if (!strcasecmp(lit, "#num_packages"))
		return count_distinct("package_cpus_list", "core_siblings_list");
	return NAN;
}

/* ---- lexer and parser ----------------------------------------------- */

enum node_type {
	N_NUM, N_LIT, N_ID, N_NEG, N_BIN, N_IF, N_DRATIO, N_MIN, N_MAX, N_SOURCE_COUNT
};

struct expr_node {
	enum node_type type;
	int op;			/* N_BIN: the operator character */
	double num;		/* N_NUM, N_LIT's value */
	char *id;		/* N_ID, N_LIT, N_SOURCE_COUNT */
	struct expr_node *a, *b, *c;
};

enum tok {
	T_END, T_NUM, T_ID, T_LIT, T_IF, T_ELSE, T_MIN, T_MAX, T_DRATIO,
	T_SOURCE_COUNT, T_CHAR, T_ERR
};

struct lexer {
	const char *s, *p;
	enum tok tok;
	int ch;
	double num;
	char *text;
	char *err;
};

static bool sym_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == ':' ||
	       c == '@' || c == '?';
}

/* Length of a number at @p (perf's lexer pattern), 0 if none. */
static size_t number_len(const char *p)
{
	const char *q = p;
	bool digits = false;

	while (isdigit((unsigned char)*q)) {
		q++;
		digits = true;
	}
	if (*q == '.') {
		q++;
		while (isdigit((unsigned char)*q)) {
			q++;
			digits = true;
		}
	}
	if (!digits)
		return 0;
	if (*q == 'e') {
		const char *e = q + 1;

		if (*e == '-')
			e++;
		if (isdigit((unsigned char)*e)) {
			while (isdigit((unsigned char)*e))
				e++;
			q = e;
		}
	}
	return (size_t)(q - p);
}

/* Length of a symbol at @p: symbol characters and "\-", "\,", "\=". */
static size_t symbol_len(const char *p)
{
	const char *q = p;

	for (;;) {
		if (sym_char(*q))
			q++;
		else if (q[0] == '\\' && (q[1] == '-' || q[1] == ',' || q[1] == '='))
			q += 2;
		else
			break;
	}
	return (size_t)(q - p);
}

static void next(struct lexer *lx)
{
	static const struct {
		const char *word;
		enum tok tok;
	} keywords[] = {
		{ "if", T_IF }, { "else", T_ELSE }, { "min", T_MIN }, { "max", T_MAX },
		{ "d_ratio", T_DRATIO }, { "source_count", T_SOURCE_COUNT },
	};
	size_t nlen, slen, i;

	free(lx->text);
	lx->text = NULL;
	while (isspace((unsigned char)*lx->p))
		lx->p++;
	if (!*lx->p) {
		lx->tok = T_END;
		return;
	}
	if (*lx->p == '#') {
		const char *q = lx->p + 1;

		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		lx->text = xstrndup(lx->p, (size_t)(q - lx->p));
		lx->p = q;
		lx->tok = T_LIT;
		return;
	}
	nlen = number_len(lx->p);
	slen = symbol_len(lx->p);
	/* The longest match wins; a number wins a tie. */
	if (nlen && nlen >= slen) {
		char *t = xstrndup(lx->p, nlen);

		lx->num = strtod(t, NULL);
		free(t);
		lx->p += nlen;
		lx->tok = T_NUM;
		return;
	}
	if (slen) {
		char *t = xmalloc(slen + 1), *o = t;
		const char *q;

		for (i = 0; i < ARRAY_SIZE(keywords); i++) {
			if (strlen(keywords[i].word) == slen &&
			    !strncmp(lx->p, keywords[i].word, slen)) {
				free(t);
				lx->p += slen;
				lx->tok = keywords[i].tok;
				return;
			}
		}
		for (q = lx->p; q < lx->p + slen; q++)
			if (*q != '\\')
				*o++ = *q;
		*o = '\0';
		lx->text = t;
		lx->p += slen;
		lx->tok = T_ID;
		return;
	}
	if (strchr("|^&<>+-*/%(),", *lx->p)) {
		lx->ch = *lx->p++;
		lx->tok = T_CHAR;
		return;
	}
	lx->tok = T_ERR;
}

static struct expr_node *node(enum node_type type)
{
	struct expr_node *n = xcalloc(1, sizeof(*n));

	n->type = type;
	return n;
}

void expr__free(struct expr_node *n)
{
	if (!n)
		return;
	expr__free(n->a);
	expr__free(n->b);
	expr__free(n->c);
	free(n->id);
	free(n);
}

static struct expr_node *parse_if(struct lexer *lx);
static struct expr_node *parse_bin(struct lexer *lx, int prec);

static void fail(struct lexer *lx, const char *what)
{
	if (!lx->err)
		lx->err = xasprintf("%s at offset %d", what, (int)(lx->p - lx->s));
}

static bool expect(struct lexer *lx, int ch)
{
	if (lx->tok != T_CHAR || lx->ch != ch) {
		fail(lx, "syntax error");
		return false;
	}
	next(lx);
	return true;
}

static struct expr_node *parse_func(struct lexer *lx, enum node_type type)
{
	struct expr_node *n = node(type);

	next(lx);
	if (!expect(lx, '('))
		goto err;
	if (type == N_SOURCE_COUNT) {
		if (lx->tok != T_ID) {
			fail(lx, "syntax error");
			goto err;
		}
		n->id = xstrdup(lx->text);
		next(lx);
	} else {
		n->a = parse_if(lx);
		if (!n->a || !expect(lx, ','))
			goto err;
		n->b = parse_if(lx);
		if (!n->b)
			goto err;
	}
	if (!expect(lx, ')'))
		goto err;
	return n;
err:
	expr__free(n);
	return NULL;
}

static struct expr_node *parse_primary(struct lexer *lx)
{
	struct expr_node *n;

	switch (lx->tok) {
	case T_NUM:
		n = node(N_NUM);
		n->num = lx->num;
		next(lx);
		return n;
	case T_LIT:
		n = node(N_LIT);
		n->id = xstrdup(lx->text);
		n->num = expr__literal(n->id);
		if (isnan(n->num)) {
			if (!lx->err)
				lx->err = xasprintf("Unrecognized literal '%s'", n->id);
			expr__free(n);
			return NULL;
		}
		next(lx);
		return n;
	case T_ID:
		n = node(N_ID);
		n->id = xstrdup(lx->text);
		next(lx);
		return n;
	case T_DRATIO:
		return parse_func(lx, N_DRATIO);
	case T_MIN:
		return parse_func(lx, N_MIN);
	case T_MAX:
		return parse_func(lx, N_MAX);
	case T_SOURCE_COUNT:
		return parse_func(lx, N_SOURCE_COUNT);
	case T_CHAR:
		if (lx->ch == '-') {
			next(lx);
			n = node(N_NEG);
			n->a = parse_bin(lx, 7);
			if (!n->a) {
				expr__free(n);
				return NULL;
			}
			return n;
		}
		if (lx->ch == '(') {
			next(lx);
			n = parse_if(lx);
			if (n && !expect(lx, ')')) {
				expr__free(n);
				return NULL;
			}
			return n;
		}
		break;
	default:
		break;
	}
	fail(lx, "syntax error");
	return NULL;
}

static int prec_of(int ch)
{
	switch (ch) {
	case '|': return 1;
	case '^': return 2;
	case '&': return 3;
	case '<': case '>': return 4;
	case '+': case '-': return 5;
	case '*': case '/': case '%': return 6;
	default: return 0;
	}
}

/* Left-associative binary operators binding at least as tight as @prec. */
static struct expr_node *parse_bin(struct lexer *lx, int prec)
{
	struct expr_node *lhs = parse_primary(lx);

	while (lhs && lx->tok == T_CHAR && prec_of(lx->ch) >= prec && prec_of(lx->ch)) {
		int op = lx->ch, p = prec_of(op);
		struct expr_node *n;

		next(lx);
		n = node(N_BIN);
		n->op = op;
		n->a = lhs;
		n->b = parse_bin(lx, p + 1);
		if (!n->b) {
			expr__free(n);
			return NULL;
		}
		lhs = n;
	}
	return lhs;
}

/* expr [if expr else expr] */
static struct expr_node *parse_if(struct lexer *lx)
{
	struct expr_node *n = parse_bin(lx, 1), *i;

	if (!n || lx->tok != T_IF)
		return n;
	next(lx);
	i = node(N_IF);
	i->a = n;
	i->b = parse_bin(lx, 1);
	if (!i->b || lx->tok != T_ELSE) {
		fail(lx, "syntax error");
		expr__free(i);
		return NULL;
	}
	next(lx);
	/* "x if a else y if b else z": the else part may be another if. */
	i->c = parse_if(lx);
	if (!i->c) {
		expr__free(i);
		return NULL;
	}
	return i;
}

struct expr_node *expr__parse(const char *str, char **err)
{
	struct lexer lx = { .s = str, .p = str };
	struct expr_node *n;

	next(&lx);
	n = parse_if(&lx);
	if (n && lx.tok != T_END) {
		fail(&lx, "syntax error");
		expr__free(n);
		n = NULL;
	}
	free(lx.text);
	if (!n) {
		if (err)
			*err = lx.err ? lx.err : xstrdup("syntax error");
		else
			free(lx.err);
	} else {
		free(lx.err);
	}
	return n;
}

/* ---- evaluation ------------------------------------------------------ */

static double binop(int op, double a, double b)
{
	switch (op) {
	case '|': return (double)((long)a | (long)b);
	case '&': return (double)((long)a & (long)b);
	case '^': return (double)((long)a ^ (long)b);
	case '<': return a < b;
	case '>': return a > b;
	case '+': return a + b;
	case '-': return a - b;
	case '*': return a * b;
	case '/': return b == 0.0 ? NAN : a / b;
	case '%': return b == 0.0 ? NAN : (double)((long)a % (long)b);
	default: return NAN;
	}
}

double expr__eval(const struct expr_node *n, expr_value_fn value, void *ctx)
{
	double a, b;

	switch (n->type) {
	case N_NUM:
	case N_LIT:
		return n->num;
	case N_ID:
		return value(n->id, ctx);
	case N_SOURCE_COUNT:
		/* One source per id: perf's count for an event not merged. */
		return isnan(value(n->id, ctx)) ? NAN : 1.0;
	case N_NEG:
		return -expr__eval(n->a, value, ctx);
	case N_BIN:
		return binop(n->op, expr__eval(n->a, value, ctx), expr__eval(n->b, value, ctx));
	case N_IF:
		a = expr__eval(n->b, value, ctx);
		if (isnan(a))
			return NAN;
		return expr__eval(a != 0.0 ? n->a : n->c, value, ctx);
	case N_DRATIO:
		a = expr__eval(n->a, value, ctx);
		b = expr__eval(n->b, value, ctx);
		return b == 0.0 ? 0.0 : a / b;
	case N_MIN:
		return fmin(expr__eval(n->a, value, ctx), expr__eval(n->b, value, ctx));
	case N_MAX:
		return fmax(expr__eval(n->a, value, ctx), expr__eval(n->b, value, ctx));
	}
	return NAN;
}

/* ---- ids, perf's way: constants folded, sets united ------------------ */

struct ids_val {
	double val;		/* NAN: needs events */
	struct expr_ids *ids;	/* NULL: none */
};

static struct ids_val ids_of(const struct expr_node *n)
{
	struct ids_val r = { NAN, NULL }, a, b, c;

	switch (n->type) {
	case N_NUM:
	case N_LIT:
		r.val = n->num;
		return r;
	case N_ID:
	case N_SOURCE_COUNT:
		r.ids = xcalloc(1, sizeof(*r.ids));
		expr_ids__add(r.ids, n->id);
		return r;
	case N_NEG:
		a = ids_of(n->a);
		a.val = -a.val;
		return a;
	case N_IF:
		a = ids_of(n->a);
		b = ids_of(n->b);
		c = ids_of(n->c);
		if (b.val == 0.0) {
			ids_free(a.ids);
			ids_free(b.ids);
			return c;
		}
		if (isnan(b.val) || isinf(b.val)) {
			/*
			 * Condition and else first, then the if part: the
			 * order that gives perf's event order for the tables'
			 * nested "x if a else y if b else z".
			 */
			r.ids = ids_union(a.ids, ids_union(b.ids, c.ids));
			return r;
		}
		ids_free(b.ids);
		ids_free(c.ids);
		return a;
	case N_BIN:
	case N_DRATIO:
	case N_MIN:
	case N_MAX:
		a = ids_of(n->a);
		b = ids_of(n->b);
		if ((n->type == N_DRATIO || (n->op == '/' || n->op == '%')) &&
		    b.val == 0.0) {
			/* A constant zero divisor: no events needed. */
			ids_free(a.ids);
			ids_free(b.ids);
			r.val = n->type == N_DRATIO ? 0.0 : NAN;
			return r;
		}
		if (isfinite(a.val) && isfinite(b.val)) {
			if (n->type == N_BIN)
				r.val = binop(n->op, a.val, b.val);
			else if (n->type == N_DRATIO)
				r.val = a.val / b.val;
			else if (n->type == N_MIN)
				r.val = fmin(a.val, b.val);
			else
				r.val = fmax(a.val, b.val);
			return r;
		}
		r.ids = ids_union(a.ids, b.ids);
		return r;
	}
	return r;
}

int expr__find_ids(const struct expr_node *n, struct expr_ids *ids)
{
	struct ids_val r = ids_of(n);
	struct expr_ids *acc = xmalloc(sizeof(*acc)), *res;

	*acc = *ids;
	res = ids_union(r.ids, acc);
	*ids = *res;
	free(res);
	return 0;
}
