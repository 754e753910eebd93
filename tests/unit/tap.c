// SPDX-License-Identifier: GPL-2.0-only
#include "prof/compat.h"
#include "tap.h"
#include <math.h>

static int nr_tests, nr_failed;

static void report(const char *file, int line, int cond, const char *fmt, va_list ap)
{
	nr_tests++;
	printf("%sok %d - ", cond ? "" : "not ", nr_tests);
	vprintf(fmt, ap);
	printf("\n");
	if (!cond) {
		nr_failed++;
		printf("#   Failed at %s:%d\n", file, line);
	}
	fflush(stdout);
}

int ok_at(const char *file, int line, int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	return cond;
}

int is_int_at(const char *file, int line, long long got, long long want,
	      const char *fmt, ...)
{
	va_list ap;
	int cond = got == want;

	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#          got: %lld\n#     expected: %lld\n", got, want);
	return cond;
}

int is_str_at(const char *file, int line, const char *got, const char *want,
	      const char *fmt, ...)
{
	va_list ap;
	int cond = (!got && !want) || (got && want && !strcmp(got, want));

	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#          got: '%s'\n#     expected: '%s'\n",
		       got ? got : "(null)", want ? want : "(null)");
	return cond;
}

int is_double_at(const char *file, int line, double got, double want, double eps,
		 const char *fmt, ...)
{
	va_list ap;
	int cond = fabs(got - want) <= eps;

	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#          got: %.9g\n#     expected: %.9g (+- %g)\n", got, want, eps);
	return cond;
}

void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(0);
}

int done_testing(void)
{
	printf("1..%d\n", nr_tests);
	return nr_failed ? 1 : 0;
}
