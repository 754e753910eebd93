// SPDX-License-Identifier: GPL-2.0-only
/* wrapper.c: allocation that dies on OOM. */
#include "prof/compat.h"
#include "prof/util.h"

static void __noreturn oom(size_t size)
{
	die("out of memory (allocating %zu bytes)", size);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom(size);
	return p;
}

void *xzalloc(size_t size)
{
	return xcalloc(1, size);
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		oom(nmemb * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		oom(size);
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		oom(strlen(s) + 1);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		oom(n + 1);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (ret < 0)
		oom(strlen(fmt));
	return p;
}

void *xgrow(void *arr, size_t elem, size_t need, size_t *alloc)
{
	size_t n = *alloc;

	if (need <= n)
		return arr;
	n = n ? n : 8;
	while (n < need)
		n = n * 3 / 2 + 8;
	if (n > SIZE_MAX / elem)
		oom(SIZE_MAX);
	*alloc = n;
	return xrealloc(arr, n * elem);
}
