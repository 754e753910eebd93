// SPDX-License-Identifier: GPL-2.0-only
/* itab.c: an open-addressing table of indexes (itab.h), linear probing. */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/itab.h"

u64 itab_mix(u64 h, u64 v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdull;
	return h ^ (h >> 33);
}

u64 itab_hash_str(const char *s)
{
	u64 h = 0xcbf29ce484222325ull;

	for (; *s; s++)
		h = (h ^ (u8)*s) * 0x100000001b3ull;
	return h;
}

size_t itab_find(struct itab *t, u64 h, itab_eq_fn eq, void *ctx, const void *key)
{
	size_t i;

	if (!t->cap) {
		t->cap = 1024;
		t->hash = xcalloc(t->cap, sizeof(*t->hash));
		t->val = xcalloc(t->cap, sizeof(*t->val));
	}
	for (i = h & (t->cap - 1); t->val[i]; i = (i + 1) & (t->cap - 1))
		if (t->hash[i] == h && eq(ctx, t->val[i] - 1, key))
			break;
	return i;
}

void itab_add(struct itab *t, size_t slot, u64 h, u32 idx)
{
	t->hash[slot] = h;
	t->val[slot] = idx + 1;
	if (++t->nr * 2 > t->cap) {
		size_t cap = t->cap * 2;
		u64 *hash = xcalloc(cap, sizeof(*hash));
		u32 *val = xcalloc(cap, sizeof(*val));

		for (size_t i = 0; i < t->cap; i++) {
			size_t j;

			if (!t->val[i])
				continue;
			for (j = t->hash[i] & (cap - 1); val[j]; j = (j + 1) & (cap - 1))
				;
			hash[j] = t->hash[i];
			val[j] = t->val[i];
		}
		free(t->hash);
		free(t->val);
		t->hash = hash;
		t->val = val;
		t->cap = cap;
	}
}

void itab_exit(struct itab *t)
{
	free(t->hash);
	free(t->val);
}
