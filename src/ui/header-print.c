// SPDX-License-Identifier: GPL-2.0-only
/*
 * header-print.c: perf report --header-only [-I] text.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "prof/header-print.h"

void header__fprintf_info(struct session *s, bool full, FILE *fp)
{
	(void)s;
	(void)full;
	fputs("# ========\n", fp);
	fputs("# ========\n#\n", fp);
}
