// SPDX-License-Identifier: GPL-2.0-only
/* time-range.c: perf's --time ranges (see include/prof/time-range.h). */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/time-range.h"
#include <ctype.h>
#include <math.h>

#define NSEC_PER_SEC ((u64)1000000000)

/* "sec[.frac]", at most 9 fraction digits, into ns. */
static int parse_ns(const char *s, u64 *out)
{
	char *end, frac[10];
	u64 sec = strtoul(s, &end, 10), ns = 0;
	size_t n;

	if (*end != '.' && *end)
		return -EINVAL;
	if (*end == '.') {
		n = strlen(++end);
		if (n > 9)
			return -EINVAL;
		memcpy(frac, end, n);
		memset(frac + n, '0', 9 - n);
		frac[9] = '\0';
		ns = strtoul(frac, &end, 10);
		if (*end)
			return -EINVAL;
	}
	*out = sec * NSEC_PER_SEC + ns;
	return 0;
}

/* One "start,stop" (either may be empty); @s is modified. */
static int parse_abs(char *s, struct time_range *r)
{
	char *comma = strchr(s, ',');

	r->start = r->end = 0;
	if (comma)
		*comma++ = '\0';
	if (*s && parse_ns(s, &r->start))
		return -EINVAL;
	if (comma && *comma && parse_ns(comma, &r->end))
		return -EINVAL;
	if (r->end && r->end < r->start)
		return -EINVAL;
	return 0;
}

/* "a,b c,d": one range per comma, space-separated. */
static int parse_abs_list(const char *str, struct time_range *r, int *nr)
{
	char *copy, *p, *arg;
	int num = 0, i, ret = 0;

	for (const char *c = str; *c; c++)
		num += *c == ',';
	if (!num)
		return -EINVAL;
	copy = xstrdup(str);
	p = copy;
	for (i = 0; i < num - 1 && !ret; i++) {
		arg = p;
		p = strchr(p, ',') + 1;
		while (isspace((unsigned char)*p))
			p++;
		/* the stop value: no comma before the space that ends it */
		while (*p && !isspace((unsigned char)*p))
			if (*p++ == ',')
				ret = -EINVAL;
		if (*p)
			*p++ = '\0';
		if (!ret)
			ret = parse_abs(arg, &r[i]);
	}
	if (!ret)
		ret = parse_abs(p, &r[i]);
	for (i = 0; !ret && i < num - 1; i++)
		if (r[i].end >= r[i + 1].start)
			ret = -EINVAL;
	free(copy);
	*nr = num;
	return ret;
}

/* "12.5%" (what follows the '%' is not looked at) into a fraction. */
static int parse_pct(char *s, double *out)
{
	char *pct = strchr(s, '%'), *end;

	if (!pct)
		return -EINVAL;
	*pct = '\0';
	*out = strtod(s, &end) / 100.0;
	return *end ? -EINVAL : 0;
}

static int set_pct(struct time_range *r, double from, double to, u64 first, u64 last)
{
	u64 total = last - first;

	if (from < 0.0 || from > 1.0 || to < 0.0 || to > 1.0)
		return -EINVAL;
	r->start = first + (u64)round(from * (double)total);
	r->end = first + (u64)round(to * (double)total);
	/* a slice ends before the next begins, except at the last sample */
	if (r->end > r->start && r->end != last)
		r->end--;
	return 0;
}

/* "P%/i": the i-th slice of P% */
static int parse_slice(char *s, struct time_range *r, u64 first, u64 last)
{
	char *slash = strchr(s, '/'), *end;
	double pct;
	long i;

	if (!slash)
		return -EINVAL;
	*slash = '\0';
	if (parse_pct(s, &pct))
		return -EINVAL;
	i = strtol(slash + 1, &end, 10);
	if (*end || pct <= 0.0)
		return -EINVAL;
	return set_pct(r, pct * (double)(i - 1), pct * (double)i, first, last);
}

/* "A%-B%" */
static int parse_span(char *s, struct time_range *r, u64 first, u64 last)
{
	char *dash = strchr(s, '-');
	double from, to;

	if (!dash)
		return -EINVAL;
	*dash = '\0';
	if (parse_pct(s, &from) || parse_pct(dash + 1, &to))
		return -EINVAL;
	return set_pct(r, from, to, first, last);
}

static int parse_pct_list(const char *str, struct time_range *r, int *nr, u64 first, u64 last)
{
	bool slices = strchr(str, '/') != NULL;
	char *copy, *p, *next;
	int n = 0, ret = 0;

	if (!slices && !strchr(str, '-')) {
		/* "P%": the first slice of P%, the '%' last */
		if (str[strlen(str) - 1] != '%')
			return -EINVAL;
		copy = xasprintf("%s/1", str);
		ret = parse_slice(copy, r, first, last);
		free(copy);
		*nr = 1;
		return ret;
	}
	copy = xstrdup(str);
	for (p = copy; *p && !ret; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = '\0';
		else
			next = p + strlen(p);
		ret = slices ? parse_slice(p, &r[n], first, last) : parse_span(p, &r[n], first, last);
		n++;
	}
	free(copy);
	*nr = n;
	return ret;
}

int time_ranges__parse(const char *str, u64 first, u64 last, struct time_range **ranges,
		       int *nr)
{
	int size = 1, ret;
	struct time_range *r;

	for (const char *c = str; *c; c++)
		size += *c == ',';
	r = xcalloc((size_t)size, sizeof(*r));
	*nr = 0;
	if (strchr(str, '%')) {
		if (!first && !last) {
			free(r);
			return -ENODATA;
		}
		ret = parse_pct_list(str, r, nr, first, last);
	} else {
		ret = parse_abs_list(str, r, nr);
	}
	if (ret) {
		free(r);
		*nr = 0;
		return -EINVAL;
	}
	*ranges = r;
	return 0;
}

bool time_ranges__skip(const struct time_range *r, int nr, u64 t)
{
	if (!r || !nr || !t)
		return false;
	if (nr == 1)
		return (r->start && t < r->start) || (r->end && t > r->end);
	for (int i = 0; i < nr; i++)
		if (t >= r[i].start && (t <= r[i].end || !r[i].end))
			return false;
	return true;
}

const char *time_ranges__strerror(int err)
{
	if (err == -ENODATA)
		return "HINT: no first/last sample time found in perf data.\n"
		       "Please use latest perf binary to execute 'perf record'\n"
		       "(if '--buildid-all' is enabled, please set '--timestamp-boundary').\n";
	return "Invalid time string\n";
}
