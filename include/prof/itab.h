/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * itab.h: an open-addressing table of indexes into the caller's own array
 * of entries, found by hash and by the caller's comparison: the entries
 * stay where the caller keeps them, the table only finds them again.
 *
 *   size_t slot = itab_find(&t, h, eq, ctx, key);
 *   if (t.val[slot]) idx = t.val[slot] - 1;       (found)
 *   else { idx = append(); itab_add(&t, slot, h, idx); }
 *
 * Slots move when itab_add() grows the table: a slot is good until then.
 */
#ifndef PROF_ITAB_H
#define PROF_ITAB_H

#include "compat.h"

struct itab {
	u64 *hash;
	u32 *val;		/* index + 1; 0: an empty slot */
	size_t cap, nr;
};

typedef bool (*itab_eq_fn)(void *ctx, u32 idx, const void *key);

size_t itab_find(struct itab *t, u64 h, itab_eq_fn eq, void *ctx, const void *key);
void itab_add(struct itab *t, size_t slot, u64 h, u32 idx);
void itab_exit(struct itab *t);

/* Hashes for the keys: a string's (FNV-1a), and one more value mixed in. */
u64 itab_hash_str(const char *s);
u64 itab_mix(u64 h, u64 v);

#endif /* PROF_ITAB_H */
