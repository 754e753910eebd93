// SPDX-License-Identifier: GPL-2.0-only
/*
 * demangle-rust.c: Rust v0 symbols ("_R...", RFC 2603) in the form perf
 * 6.1 prints them through libiberty without DMGL_VERBOSE: crate
 * disambiguators and the instantiating crate left out, generic arguments
 * of value paths as "::<...>", closures as "{closure#N}".
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/strbuf.h"
#include "demangle-rust.h"

struct v0 {
	const char *s;
	size_t len, pos;
	struct strbuf *out;
	bool err;
	int depth;
	bool skip;		/* parse without printing */
	u64 bound_lifetimes;	/* for<'a, ...> binders in scope */
};

static char peek(struct v0 *d)
{
	return d->pos < d->len ? d->s[d->pos] : '\0';
}

static char next(struct v0 *d)
{
	if (d->pos >= d->len) {
		d->err = true;
		return '\0';
	}
	return d->s[d->pos++];
}

static bool eat(struct v0 *d, char c)
{
	if (peek(d) == c) {
		d->pos++;
		return true;
	}
	return false;
}

static void print(struct v0 *d, const char *s)
{
	if (!d->skip && !d->err)
		strbuf_addstr(d->out, s);
}

static void printn(struct v0 *d, const char *s, size_t n)
{
	if (!d->skip && !d->err)
		strbuf_add(d->out, s, n);
}

/* <base-62-number> = {0-9a-zA-Z} "_" ; "_" is 0, else value + 1. */
static u64 base62(struct v0 *d)
{
	u64 v = 0;
	char c;

	if (eat(d, '_'))
		return 0;
	while ((c = next(d)) != '_') {
		int digit;

		if (c >= '0' && c <= '9')
			digit = c - '0';
		else if (c >= 'a' && c <= 'z')
			digit = 10 + c - 'a';
		else if (c >= 'A' && c <= 'Z')
			digit = 36 + c - 'A';
		else {
			d->err = true;
			return 0;
		}
		v = v * 62 + (u64)digit;
		if (d->err)
			return 0;
	}
	return v + 1;
}

static u64 opt_base62(struct v0 *d, char tag)
{
	return eat(d, tag) ? base62(d) + 1 : 0;
}

static void disambiguator(struct v0 *d)
{
	opt_base62(d, 's');
}

/* <identifier> = [disambiguator] <undisambiguated-identifier>; returns it. */
static void ident(struct v0 *d, const char **name, size_t *nlen, bool *puny)
{
	size_t n = 0;

	*puny = eat(d, 'u');
	if (peek(d) < '0' || peek(d) > '9') {
		d->err = true;
		return;
	}
	if (peek(d) == '0') {
		d->pos++;
	} else {
		while (peek(d) >= '0' && peek(d) <= '9') {
			n = n * 10 + (size_t)(next(d) - '0');
			if (n > d->len)
				break;
		}
	}
	eat(d, '_');
	if (n > d->len - d->pos) {
		d->err = true;
		return;
	}
	*name = d->s + d->pos;
	*nlen = n;
	d->pos += n;
}

static void print_ident(struct v0 *d, const char *name, size_t n, bool puny)
{
	if (puny)
		print(d, "punycode{");
	printn(d, name, n);
	if (puny)
		print(d, "}");
}

static void path(struct v0 *d, bool in_value);
static void type(struct v0 *d);

/* Parse at a back-reference target, then come back. */
static void backref(struct v0 *d, void (*fn)(struct v0 *, bool), bool arg)
{
	size_t start = d->pos - 1;
	u64 target = base62(d);
	size_t saved;

	if (d->err || target + 2 >= start || d->depth > 200) {
		d->err = true;
		return;
	}
	saved = d->pos;
	d->pos = (size_t)target + 2;	/* offsets count from after "_R" */
	d->depth++;
	fn(d, arg);
	d->depth--;
	d->pos = saved;
}

static void type_fn(struct v0 *d, bool unused)
{
	type(d);
}

/* De Bruijn index -> 'a, 'b, ... counted from the outermost binder; 0 is '_. */
static void print_lifetime(struct v0 *d, u64 l)
{
	char buf[32];
	u64 depth;

	if (!l || l > d->bound_lifetimes) {
		print(d, "'_");
		return;
	}
	depth = d->bound_lifetimes - l;
	if (depth < 26)
		snprintf(buf, sizeof(buf), "'%c", (char)('a' + depth));
	else
		snprintf(buf, sizeof(buf), "'_%" PRIu64, depth);
	print(d, buf);
}

static void lifetime(struct v0 *d)
{
	print_lifetime(d, base62(d));
}

/* "for<'a, 'b> "; returns how many lifetimes it bound. */
static u64 binder(struct v0 *d)
{
	u64 n = opt_base62(d, 'G');

	if (!n)
		return 0;
	print(d, "for<");
	for (u64 i = 0; i < n && !d->err; i++) {
		if (i)
			print(d, ", ");
		d->bound_lifetimes++;
		print_lifetime(d, 1);
	}
	print(d, "> ");
	return n;
}

static void konst(struct v0 *d);
static void generic_arg(struct v0 *d);

static void generic_arg(struct v0 *d)
{
	if (eat(d, 'L'))
		lifetime(d);
	else if (eat(d, 'K'))
		konst(d);
	else
		type(d);
}

static void konst_fn(struct v0 *d, bool unused)
{
	konst(d);
}

static void konst(struct v0 *d)
{
	char t;
	u64 v = 0;
	bool neg = false;
	char buf[32];

	if (eat(d, 'B')) {
		backref(d, konst_fn, false);
		return;
	}
	if (eat(d, 'p')) {
		print(d, "_");
		return;
	}
	t = next(d);
	if (t == 'n' || eat(d, 'n'))
		neg = true;
	while (peek(d) != '_' && !d->err) {
		char c = next(d);
		int x = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (x < 0) {
			d->err = true;
			return;
		}
		v = v * 16 + (u64)x;
	}
	eat(d, '_');
	if (t == 'b') {
		print(d, v ? "true" : "false");
	} else if (t == 'c') {
		snprintf(buf, sizeof(buf), "'%c'", (int)(v < 128 ? v : '?'));
		print(d, buf);
	} else {
		snprintf(buf, sizeof(buf), "%s%" PRIu64, neg ? "-" : "", v);
		print(d, buf);
	}
}

static const char *basic_type(char c)
{
	switch (c) {
	case 'a': return "i8";
	case 'b': return "bool";
	case 'c': return "char";
	case 'd': return "f64";
	case 'e': return "str";
	case 'f': return "f32";
	case 'h': return "u8";
	case 'i': return "isize";
	case 'j': return "usize";
	case 'l': return "i32";
	case 'm': return "u32";
	case 'n': return "i128";
	case 'o': return "u128";
	case 's': return "i16";
	case 't': return "u16";
	case 'u': return "()";
	case 'v': return "...";
	case 'x': return "i64";
	case 'y': return "u64";
	case 'z': return "!";
	case 'p': return "_";
	default: return NULL;
	}
}

static void fn_sig(struct v0 *d)
{
	bool first = true;
	u64 bound = binder(d);

	if (eat(d, 'U'))
		print(d, "unsafe ");
	if (eat(d, 'K')) {
		if (eat(d, 'C')) {
			print(d, "extern \"C\" ");
		} else {
			const char *n = NULL;
			size_t l = 0;
			bool p;

			ident(d, &n, &l, &p);
			print(d, "extern \"");
			for (size_t i = 0; i < l && !d->err; i++)
				printn(d, n[i] == '_' ? "-" : &n[i], 1);
			print(d, "\" ");
		}
	}
	print(d, "fn(");
	while (!d->err && !eat(d, 'E')) {
		if (!first)
			print(d, ", ");
		first = false;
		type(d);
	}
	print(d, ")");
	if (!eat(d, 'u')) {
		print(d, " -> ");
		type(d);
	}
	d->bound_lifetimes -= bound;
}

static void generic_args_open(struct v0 *d, bool in_value)
{
	int k = 0;

	path(d, in_value);
	print(d, in_value ? "::<" : "<");
	while (!d->err && !eat(d, 'E')) {
		if (k++)
			print(d, ", ");
		generic_arg(d);
	}
}

static void dyn_trait(struct v0 *d)
{
	bool open = false;

	/*
	 * <path> {<dyn-trait-assoc-binding>}: the bindings join the trait's
	 * own generic arguments, "Fn<(A,), Output = R>".
	 */
	if (peek(d) == 'I' || peek(d) == 'B') {
		size_t saved = d->pos, target = 0;
		bool back = peek(d) == 'B';

		if (back) {
			d->pos++;
			target = (size_t)base62(d) + 2;
			if (d->err || target >= saved) {
				d->err = true;
				return;
			}
			saved = d->pos;
			d->pos = target;
		}
		if (peek(d) == 'I') {
			d->pos++;
			generic_args_open(d, false);
			open = true;
		} else {
			path(d, false);
		}
		if (back)
			d->pos = saved;
	} else {
		path(d, false);
	}
	while (eat(d, 'p')) {
		const char *n = NULL;
		size_t l = 0;
		bool p;

		print(d, open ? ", " : "<");
		open = true;
		ident(d, &n, &l, &p);
		print_ident(d, n, l, p);
		print(d, " = ");
		type(d);
	}
	if (open)
		print(d, ">");
}

static void type(struct v0 *d)
{
	char c = next(d);
	const char *basic = basic_type(c);

	if (d->err || ++d->depth > 200) {
		d->err = true;
		return;
	}
	if (basic) {
		print(d, basic);
	} else switch (c) {
	case 'R':
	case 'Q':
		print(d, "&");
		if (eat(d, 'L')) {
			u64 l = base62(d);

			if (l) {
				print_lifetime(d, l);
				print(d, " ");
			}
		}
		if (c == 'Q')
			print(d, "mut ");
		type(d);
		break;
	case 'P':
		print(d, "*const ");
		type(d);
		break;
	case 'O':
		print(d, "*mut ");
		type(d);
		break;
	case 'A':
		print(d, "[");
		type(d);
		print(d, "; ");
		konst(d);
		print(d, "]");
		break;
	case 'S':
		print(d, "[");
		type(d);
		print(d, "]");
		break;
	case 'T': {
		int n = 0;

		print(d, "(");
		while (!d->err && !eat(d, 'E')) {
			if (n++)
				print(d, ", ");
			type(d);
		}
		if (n == 1)
			print(d, ",");
		print(d, ")");
		break;
	}
	case 'F':
		fn_sig(d);
		break;
	case 'D': {
		int n = 0;
		u64 bound;

		print(d, "dyn ");
		bound = binder(d);
		while (!d->err && !eat(d, 'E')) {
			if (n++)
				print(d, " + ");
			dyn_trait(d);
		}
		d->bound_lifetimes -= bound;
		if (eat(d, 'L')) {
			u64 l = base62(d);

			if (l) {
				print(d, " + ");
				print_lifetime(d, l);
			}
		}
		break;
	}
	case 'B':
		backref(d, type_fn, false);
		break;
	default:
		d->pos--;
		path(d, false);
		break;
	}
	d->depth--;
}

static void path(struct v0 *d, bool in_value)
{
	char c = next(d);
	const char *n = NULL;
	size_t l = 0;
	bool p;

	if (d->err || ++d->depth > 200) {
		d->err = true;
		return;
	}
	switch (c) {
	case 'C':
		disambiguator(d);
		ident(d, &n, &l, &p);
		print_ident(d, n, l, p);
		break;
	case 'M': {
		bool skip = d->skip;

		disambiguator(d);
		d->skip = true;
		path(d, false);
		d->skip = skip;
		print(d, "<");
		type(d);
		print(d, ">");
		break;
	}
	case 'X': {
		bool skip = d->skip;

		disambiguator(d);
		d->skip = true;
		path(d, false);
		d->skip = skip;
		print(d, "<");
		type(d);
		print(d, " as ");
		path(d, false);
		print(d, ">");
		break;
	}
	case 'Y':
		print(d, "<");
		type(d);
		print(d, " as ");
		path(d, false);
		print(d, ">");
		break;
	case 'N': {
		char ns = next(d);
		u64 dis;

		path(d, in_value);
		dis = opt_base62(d, 's');
		ident(d, &n, &l, &p);
		if (ns >= 'A' && ns <= 'Z') {
			char buf[32];

			print(d, "::{");
			print(d, ns == 'C' ? "closure" : ns == 'S' ? "shim" : "");
			if (ns != 'C' && ns != 'S')
				printn(d, &ns, 1);
			if (l) {
				print(d, ":");
				print_ident(d, n, l, p);
			}
			snprintf(buf, sizeof(buf), "#%" PRIu64 "}", dis);
			print(d, buf);
		} else if (l) {
			print(d, "::");
			print_ident(d, n, l, p);
		}
		break;
	}
	case 'I':
		generic_args_open(d, in_value);
		print(d, ">");
		break;
	case 'B':
		backref(d, path, in_value);
		break;
	default:
		d->err = true;
		break;
	}
	d->depth--;
}

char *rust_v0_demangle(const char *sym)
{
	struct strbuf out;
	struct v0 d = { 0 };

	if (strncmp(sym, "_R", 2))
		return NULL;
	/* Back-reference offsets count from after "_R" (see backref). */
	d.s = sym;
	d.len = strlen(sym);
	d.pos = 2;
	d.out = &out;
	strbuf_init(&out, 64);
	/* [<decimal-number>] encoding version: only version 0 exists. */
	if (peek(&d) >= '0' && peek(&d) <= '9') {
		strbuf_release(&out);
		return NULL;
	}
	path(&d, true);
	/* An optional instantiating crate follows; it is not printed. */
	if (!d.err && d.pos < d.len && peek(&d) != '.' && peek(&d) != '$') {
		d.skip = true;
		path(&d, false);
	}
	if (d.err) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}
