// SPDX-License-Identifier: GPL-2.0-only
/*
 * itrace.c: perf's --itrace grammar (see include/prof/itrace.h): letters,
 * some with a number or +/- flags after them, spaces and commas between.
 */
#include "prof/compat.h"
#include "prof/itrace.h"
#include <ctype.h>

#define ITRACE_DEFAULT_PERIOD 100000	/* perf's: 100 us, in ns */
#define ITRACE_DEFAULT_CHAIN 16
#define ITRACE_MAX_CHAIN 1024
#define ITRACE_DEFAULT_BRANCHES 64
#define ITRACE_MAX_BRANCHES 1024

static const char *skip_sep(const char *p)
{
	while (*p == ' ' || *p == ',')
		p++;
	return p;
}

/* e and d: any number of "+x" / "-x", x a lowercase letter. */
static int skip_flags(const char **pp)
{
	const char *p = *pp;

	while (*p == '+' || *p == '-') {
		if (p[1] < 'a' || p[1] > 'z')
			return -EINVAL;
		p += 2;
	}
	*pp = p;
	return 0;
}

/* "PERIOD[ns|us|ms|i|t]" after i, at @*pp (digits seen). */
static int parse_period(const char **pp, u64 *period)
{
	char *end;
	const char *p;

	*period = strtoull(*pp, &end, 10);
	p = skip_sep(end);
	switch (*p++) {
	case 'i':
	case 't':
		break;
	case 'm':
		*period *= 1000;
		/* fall through */
	case 'u':
		*period *= 1000;
		/* fall through */
	case 'n':
		if (*p++ != 's')
			return -EINVAL;
		break;
	case '\0':
		p--;
		break;
	default:
		return -EINVAL;
	}
	*pp = p;
	return 0;
}

/* "g[len]", "l[len]": 1 to @max. */
static int parse_len(const char **pp, unsigned int *len, unsigned int max)
{
	const char *p = skip_sep(*pp);
	char *end;
	unsigned long v;

	if (isdigit((unsigned char)*p)) {
		v = strtoul(p, &end, 10);
		if (!v || v > max)
			return -EINVAL;
		*len = (unsigned int)v;
		p = end;
	}
	*pp = p;
	return 0;
}

int itrace_opts__parse(struct itrace_opts *o, const char *str)
{
	const char *p = str;
	char *end;

	memset(o, 0, sizeof(*o));
	o->set = true;
	o->period = ITRACE_DEFAULT_PERIOD;
	o->callchain_sz = ITRACE_DEFAULT_CHAIN;
	o->last_branch_sz = ITRACE_DEFAULT_BRANCHES;
	if (!str || !*str) {	/* perf's default: ibxwpe (or cewp) */
		o->instructions = true;
		return 0;
	}
	while (*p) {
		switch (*p++) {
		case 'i':
			o->instructions = true;
			p = skip_sep(p);
			if (isdigit((unsigned char)*p) && parse_period(&p, &o->period))
				return -EINVAL;
			break;
		case 'b': case 'c': case 'r': case 'x': case 'w': case 'p': case 'o':
		case 'I': case 'f': case 'm': case 't': case 'a': case 'q': case 'A':
		case 'Z':
			break;
		case 'e':
		case 'd':
			if (skip_flags(&p))
				return -EINVAL;
			break;
		case 'g':
		case 'G':
			*(p[-1] == 'g' ? &o->callchain : &o->add_callchain) = true;
			if (parse_len(&p, &o->callchain_sz, ITRACE_MAX_CHAIN))
				return -EINVAL;
			break;
		case 'l':
		case 'L':
			*(p[-1] == 'l' ? &o->last_branch : &o->add_last_branch) = true;
			if (parse_len(&p, &o->last_branch_sz, ITRACE_MAX_BRANCHES))
				return -EINVAL;
			break;
		case 's':
			o->initial_skip = strtoul(p, &end, 10);
			if (end == p)
				return -EINVAL;
			p = end;
			break;
		case ' ':
		case ',':
			break;
		default:
			return -EINVAL;
		}
	}
	return 0;
}
