// SPDX-License-Identifier: GPL-2.0-only
/*
 * demangle.c: C++ through libstdc++'s __cxa_demangle, loaded at run time
 * (no link dependency), trimmed to perf's default form (no return type,
 * parameters or qualifiers; perf 6.1 uses libiberty without DMGL_PARAMS);
 * Rust legacy names decoded and their hash dropped as perf's
 * rust_demangle_sym does; Rust v0 in demangle-rust.c.
 */
#include "prof/compat.h"
#include <ctype.h>
#include <dlfcn.h>
#include "prof/util.h"
#include "prof/demangle.h"
#include "demangle-rust.h"

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);

static cxa_demangle_fn cxa_demangle(void)
{
	static cxa_demangle_fn fn;
	static bool tried;

	if (!tried) {
		void *h;

		tried = true;
		fn = (cxa_demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
		if (!fn) {
			h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
			if (h)
				fn = (cxa_demangle_fn)dlsym(h, "__cxa_demangle");
		}
	}
	return fn;
}

bool demangle__have_cxx(void)
{
	return cxa_demangle() != NULL;
}

/* Length of the operator token starting at s ("operator<<", "operator()"). */
static size_t operator_len(const char *s)
{
	size_t n = strlen("operator");
	static const char *const ops[] = {
		"()", "[]", "<<=", ">>=", "<=>", "->*", "<<", ">>", "<=", ">=", "==", "!=",
		"&&", "||", "++", "--", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
		"<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "=", ",",
	};

	if (*s != 'o' || strncmp(s, "operator", n))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strncmp(s + n, ops[i], strlen(ops[i])))
			return n + strlen(ops[i]);
	return n;
}

/*
 * "int ns::f<int>(int, char) const" -> "ns::f<int>". Works in place.
 */
static void strip_params(char *s)
{
	size_t len = strlen(s);
	int depth = 0;
	char *p, *start = s;

	/* GCC clones: "f(int) [clone .isra.0] [clone .cold]" print as "f". */
	for (;;) {
		char *clone = strstr(s, " [clone ");

		if (!clone)
			break;
		*clone = '\0';
		len = strlen(s);
	}
	/* Drop trailing qualifiers up to the closing parenthesis. */
	while (len && s[len - 1] != ')') {
		if (s[len - 1] == '>' || s[len - 1] == ']' || s[len - 1] == '}')
			return;	/* not a function */
		len--;
	}
	if (!len)
		return;
	/* Match the parameter list's '(' backwards. */
	for (p = s + len - 1; p >= s; p--) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			break;
	}
	if (p <= s)
		return;
	/* "operator()(int)": the '(' found might be the operator's. */
	*p = '\0';
	/* Drop a return type: the last space at nesting depth 0. */
	depth = 0;
	for (p = s; *p; p++) {
		size_t ol = operator_len(p);

		if (ol && (p == s || p[-1] == ':' || p[-1] == ' ')) {
			/* "operator new", "operator bool": the rest is the name. */
			if (p[ol] == ' ' || p[ol] == '\0')
				break;
			p += ol - 1;
			continue;
		}
		if (*p == '<' || *p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == '>' || *p == ')' || *p == ']' || *p == '}')
			depth--;
		else if (*p == ' ' && depth == 0)
			start = p + 1;
	}
	if (start != s)
		memmove(s, start, strlen(start) + 1);
}

/* perf's rust_is_mangled on a demangled string: ends in "::h" + 16 hex. */
static bool rust_hash_suffix(const char *s)
{
	size_t len = strlen(s);

	if (len < 19 || strncmp(s + len - 19, "::h", 3))
		return false;
	for (size_t i = len - 16; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static const struct { const char *esc; char c; } rust_escapes[] = {
	{ "$SP$", '@' }, { "$BP$", '*' }, { "$RF$", '&' }, { "$LT$", '<' },
	{ "$GT$", '>' }, { "$LP$", '(' }, { "$RP$", ')' }, { "$C$", ',' },
	{ "$u7e$", '~' }, { "$u20$", ' ' }, { "$u27$", '\'' }, { "$u5b$", '[' },
	{ "$u5d$", ']' }, { "$u7b$", '{' }, { "$u7d$", '}' }, { "$u3b$", ';' },
	{ "$u2b$", '+' }, { "$u22$", '"' },
};

/* Drop the hash and decode escapes, in place (output never longer). */
static void rust_legacy_decode(char *s)
{
	char *in = s, *out = s;

	s[strlen(s) - 19] = '\0';
	while (*in) {
		bool done = false;

		/* "_$" starts a path component that begins with an escape. */
		if (in[0] == '_' && in[1] == '$' &&
		    (in == s || (in - s >= 2 && in[-1] == ':' && in[-2] == ':')))
			in++;

		if (*in == '$') {
			for (size_t i = 0; i < ARRAY_SIZE(rust_escapes); i++) {
				size_t l = strlen(rust_escapes[i].esc);

				if (!strncmp(in, rust_escapes[i].esc, l)) {
					*out++ = rust_escapes[i].c;
					in += l;
					done = true;
					break;
				}
			}
		} else if (in[0] == '.' && in[1] == '.') {
			*out++ = ':';
			*out++ = ':';
			in += 2;
			done = true;
		}
		if (!done)
			*out++ = *in++;
	}
	*out = '\0';
}

char *rust_demangle(const char *name)
{
	cxa_demangle_fn fn = cxa_demangle();
	char *d;
	int status = 0;

	if (!strncmp(name, "_R", 2))
		return rust_v0_demangle(name);
	if (!fn || strncmp(name, "_ZN", 3))
		return NULL;
	d = fn(name, NULL, NULL, &status);
	if (!d || status)
		return NULL;
	if (!rust_hash_suffix(d)) {
		free(d);
		return NULL;
	}
	rust_legacy_decode(d);
	return d;
}

char *demangle_sym(const char *name, bool params)
{
	cxa_demangle_fn fn;
	char *d;
	int status = 0;

	if (!strncmp(name, "_R", 2))
		return rust_v0_demangle(name);
	if (strncmp(name, "_Z", 2))
		return NULL;
	fn = cxa_demangle();
	if (!fn)
		return NULL;
	d = fn(name, NULL, NULL, &status);
	if (!d || status) {
		free(d);
		return NULL;
	}
	if (rust_hash_suffix(d)) {
		rust_legacy_decode(d);
		return d;
	}
	/*
	 * libiberty prints the encoding inside a special name (a thunk, a
	 * transaction clone) whole, parameters too, even without
	 * DMGL_PARAMS: "virtual thunk to std::ostream::~ostream()".
	 */
	if (!params && name[2] != 'T' && name[2] != 'G')
		strip_params(d);
	return d;
}
