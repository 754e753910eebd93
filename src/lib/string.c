// SPDX-License-Identifier: GPL-2.0-only
/* string.c: small string helpers with no perf knowledge. */
#include "prof/compat.h"
#include "prof/util.h"
#include <ctype.h>
#include <fnmatch.h>
#include <time.h>

bool strstarts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool strends(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

char *strim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

bool strglobmatch(const char *str, const char *pat)
{
	return fnmatch(pat, str, 0) == 0;
}

/*
 * Damerau-style edit distance as git's help.c weighs it: @w swap,
 * @s substitution, @a insertion, @d deletion. Rows are kept in three
 * rolling arrays so the cost is O(len(b)) memory.
 */
int levenshtein(const char *a, const char *b, int w, int s, int a_cost, int d)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *r0 = xcalloc(lb + 1, sizeof(int));
	int *r1 = xcalloc(lb + 1, sizeof(int));
	int *r2 = xcalloc(lb + 1, sizeof(int));
	int *tmp, res;

	for (j = 0; j <= lb; j++)
		r1[j] = (int)j * a_cost;
	for (i = 0; i < la; i++) {
		r2[0] = (int)(i + 1) * d;
		for (j = 0; j < lb; j++) {
			int v = r1[j] + (a[i] != b[j]) * s;

			if (i > 0 && j > 0 && a[i - 1] == b[j] && a[i] == b[j - 1] &&
			    v > r0[j - 1] + w)
				v = r0[j - 1] + w;
			if (v > r1[j + 1] + d)
				v = r1[j + 1] + d;
			if (v > r2[j] + a_cost)
				v = r2[j] + a_cost;
			r2[j + 1] = v;
		}
		tmp = r0;
		r0 = r1;
		r1 = r2;
		r2 = tmp;
	}
	res = r1[lb];
	free(r0);
	free(r1);
	free(r2);
	return res;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int parse_int_list(const char *s, int **out, int *nr)
{
	int *arr = NULL, n = 0, i, j;
	size_t alloc = 0;
	const char *p = s;

	while (*p) {
		char *end;
		long lo, hi;

		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (!isdigit((unsigned char)*p))
			goto bad;
		lo = strtol(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			p++;
			if (!isdigit((unsigned char)*p))
				goto bad;
			hi = strtol(p, &end, 10);
			p = end;
		}
		if (hi < lo || hi > 65535 || (*p && *p != ',' &&
					      !isspace((unsigned char)*p)))
			goto bad;
		for (; lo <= hi; lo++) {
			arr = xgrow(arr, sizeof(int), (size_t)n + 1, &alloc);
			arr[n++] = (int)lo;
		}
	}
	if (!n)
		goto bad;
	qsort(arr, (size_t)n, sizeof(int), cmp_int);
	for (i = 1, j = 1; i < n; i++)
		if (arr[i] != arr[j - 1])
			arr[j++] = arr[i];
	*out = arr;
	*nr = j;
	return 0;
bad:
	free(arr);
	errno = EINVAL;
	return -EINVAL;
}

u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}
