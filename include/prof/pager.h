/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pager.h: page a command's standard output through less when it is a
 * terminal, as perf and git do. The pager is PROF_PAGER, else PERF_PAGER,
 * else PAGER, else "less" (with LESS=FRX unless set); "cat" or an empty
 * value means none.
 */
#ifndef PROF_PAGER_H
#define PROF_PAGER_H

#include "compat.h"

/* -1: decide by the command (default), 0: --no-pager, 1: --paginate. */
extern int pager_use;

/*
 * Start the pager if stdout is a terminal and paging is not disabled.
 * From then on stdout (and stderr, if it is the same terminal) feed the
 * pager; at exit, and on SIGINT/SIGTERM/SIGHUP/SIGPIPE, prof closes them
 * and waits for the pager so the shell prompt comes back clean.
 */
void setup_pager(void);
bool pager_in_use(void);
/* Columns of the terminal the output goes to (80 when unknown). */
int pager_term_columns(void);

#endif /* PROF_PAGER_H */
