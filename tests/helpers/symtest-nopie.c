/* cflags: -no-pie -fno-pie */
// SPDX-License-Identifier: GPL-2.0-only
/* symtest-nopie: symtest linked as a position-dependent ET_EXEC. */
#include "symtest.c"
