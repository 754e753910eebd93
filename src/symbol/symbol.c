// SPDX-License-Identifier: GPL-2.0-only
/*
 * symbol.c: symbol arrays and perf's fix-up rules (symbols__fixup_end,
 * symbols__fixup_duplicate with choose_best_symbol), kallsyms parsing.
 */
#include "prof/compat.h"
#include <ctype.h>
#include <elf.h>
#include "prof/util.h"
#include "prof/symbol.h"
#include "prof/dso.h"
#include "prof/map.h"

struct symbol_conf symbol_conf;

void symbol_conf__set_symfs(const char *dir)
{
	size_t n = strlen(dir);
	char *s;

	while (n > 0 && dir[n - 1] == '/')
		n--;
	s = xstrndup(dir, n);
	free(symbol_conf.symfs_buf);
	symbol_conf.symfs = symbol_conf.symfs_buf = s;
	/* the build-id cache is the one inside it, "//.debug" for "/" */
	s = xasprintf("%s/.debug", dir);
	set_buildid_dir(s);
	free(s);
}

struct symbol *symbol__new(u64 start, u64 len, u8 binding, u8 type, const char *name)
{
	size_t n = strlen(name);
	struct symbol *sym = xmalloc(sizeof(*sym) + n + 1);

	sym->start = start;
	sym->end = len ? start + len : start;
	sym->binding = binding;
	sym->type = type;
	sym->synthesized = 0;
	sym->namelen = n > 0xffff ? 0xffff : (u16)n;
	memcpy(sym->name, name, n + 1);
	return sym;
}

void symbol__delete(struct symbol *sym)
{
	free(sym);
}

void symbols__init(struct symbols *s)
{
	memset(s, 0, sizeof(*s));
}

void symbols__exit(struct symbols *s)
{
	for (size_t i = 0; i < s->nr; i++)
		symbol__delete(s->entries[i]);
	free(s->entries);
	memset(s, 0, sizeof(*s));
}

void symbols__append(struct symbols *s, struct symbol *sym)
{
	if (s->nr == s->alloc)
		s->entries = xgrow(s->entries, sizeof(*s->entries), s->nr + 1, &s->alloc);
	s->entries[s->nr++] = sym;
}

/* Merge sort: stable, so equal starts keep their insertion order. */
static void msort(struct symbol **v, struct symbol **tmp, size_t n)
{
	size_t h, i, j, k;

	if (n < 2)
		return;
	h = n / 2;
	msort(v, tmp, h);
	msort(v + h, tmp, n - h);
	if (v[h - 1]->start <= v[h]->start)
		return;
	memcpy(tmp, v, h * sizeof(*v));
	for (i = 0, j = h, k = 0; i < h && j < n; )
		v[k++] = tmp[i]->start <= v[j]->start ? tmp[i++] : v[j++];
	while (i < h)
		v[k++] = tmp[i++];
}

void symbols__sort(struct symbols *s)
{
	struct symbol **tmp;
	size_t i;

	if (s->nr < 2)
		return;
	/* kallsyms comes sorted: nothing to do then (the sort is stable) */
	for (i = 1; i < s->nr && s->entries[i - 1]->start <= s->entries[i]->start; i++)
		;
	if (i == s->nr)
		return;
	tmp = xmalloc(s->nr * sizeof(*tmp));
	msort(s->entries, tmp, s->nr);
	free(tmp);
}

void symbols__fixup_end(struct symbols *s, bool is_kallsyms)
{
	struct symbol *prev, *curr;

	if (!s->nr)
		return;
	for (size_t i = 1; i < s->nr; i++) {
		prev = s->entries[i - 1];
		curr = s->entries[i];
		if (prev->end != prev->start)
			continue;
		/*
		 * kallsyms: do not stretch the last kernel symbol over the gap
		 * to the modules (names carry "\t[mod]" at this point).
		 */
		if (is_kallsyms && (!strchr(prev->name, '[') != !strchr(curr->name, '[')))
			prev->end = ALIGN_UP(prev->end + 4096, 4096);
		else
			prev->end = curr->start;
	}
	curr = s->entries[s->nr - 1];
	if (curr->end == curr->start)
		curr->end = ALIGN_UP(curr->start, 4096) + 4096;
}

static int prefix_underscores(const char *s)
{
	int n = 0;

	while (*s++ == '_')
		n++;
	return n;
}

int symbol__choose_best(const struct symbol *a, const struct symbol *b)
{
	u64 la = a->end - a->start, lb = b->end - b->start;
	bool wa, wb, ga, gb;
	int ua, ub;
	size_t na, nb;

	/* A symbol with a size beats a zero-size one. */
	if (lb == 0 && la > 0)
		return 1;
	if (la == 0 && lb > 0)
		return -1;
	/* Non-weak beats weak. */
	wa = a->binding == STB_WEAK;
	wb = b->binding == STB_WEAK;
	if (wb && !wa)
		return 1;
	if (wa && !wb)
		return -1;
	/* Global beats local. */
	ga = a->binding == STB_GLOBAL;
	gb = b->binding == STB_GLOBAL;
	if (ga && !gb)
		return 1;
	if (gb && !ga)
		return -1;
	/* Fewer leading underscores. */
	ua = prefix_underscores(a->name);
	ub = prefix_underscores(b->name);
	if (ub > ua)
		return 1;
	if (ua > ub)
		return -1;
	/* The longer name. */
	na = strlen(a->name);
	nb = strlen(b->name);
	if (na > nb)
		return 1;
	if (na < nb)
		return -1;
	return 1;	/* x86: keep the first */
}

void symbols__fixup_duplicate(struct symbols *s)
{
	size_t i, out = 0;

	if (s->nr < 2)
		return;
	for (i = 0; i < s->nr; i++) {
		struct symbol *sym = s->entries[i];

		if (out && s->entries[out - 1]->start == sym->start) {
			struct symbol *kept = s->entries[out - 1];

			if (symbol__choose_best(kept, sym) > 0) {
				if (s->root)
					symbols__tree_erase(s, sym);
				symbol__delete(sym);
			} else {
				if (s->root)
					symbols__tree_erase(s, kept);
				symbol__delete(kept);
				s->entries[out - 1] = sym;
			}
			continue;
		}
		s->entries[out++] = sym;
	}
	s->nr = out;
}

static inline bool symbol__contains(const struct symbol *sym, u64 addr)
{
	return addr >= sym->start && (addr < sym->end || (addr == sym->start && sym->end == sym->start));
}

struct symbol *symbols__find(const struct symbols *s, u64 addr)
{
	size_t lo = 0, hi = s->nr;
	size_t i, n;

	if (s->root)
		return symbols__tree_find(s, addr);
	/* Last symbol with start <= addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->entries[mid]->start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	/* No tree (kallsyms: no overlaps after the fix-ups): innermost wins. */
	for (i = lo, n = 0; i > 0 && n < 4; i--, n++) {
		struct symbol *sym = s->entries[i - 1];

		if (symbol__contains(sym, addr))
			return sym;
	}
	return NULL;
}

struct symbol *symbols__find_by_name(const struct symbols *s, const char *name)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->entries[i]->name, name))
			return s->entries[i];
	return NULL;
}

/* ------------------------------------------------------------ kallsyms */

/* perf keeps text, weak, data and bss symbols (data for memory profiles). */
static bool kallsyms_type_wanted(char t)
{
	t = (char)toupper((unsigned char)t);
	return t == 'T' || t == 'W' || t == 'D' || t == 'B';
}

static u8 kallsyms_binding(char t)
{
	if (t == 'W' || t == 'w')
		return STB_WEAK;
	return isupper((unsigned char)t) ? STB_GLOBAL : STB_LOCAL;
}

/*
 * Read a kallsyms file into @dso (names of module symbols carry
 * "\t[mod]" until the split). Returns the number of symbols or -errno;
 * *text receives the address of _text (0 if absent).
 */
/*
 * strtoull(@p, @end, 16) for the usual kallsyms line, 16 hex digits and a
 * space; anything else goes to strtoull.
 */
static u64 kallsyms__addr(const char *p, char **end)
{
	u64 v = 0;

	for (int i = 0; i < 16; i++) {
		unsigned int c = (unsigned char)p[i], d;

		if (c - '0' < 10)
			d = c - '0';
		else if ((c | 0x20) - 'a' < 6)
			d = (c | 0x20) - 'a' + 10;
		else
			return strtoull(p, end, 16);
		v = v << 4 | d;
	}
	if (p[16] != ' ')
		return strtoull(p, end, 16);
	*end = (char *)p + 16;
	return v;
}

#define KALLSYMS_BUF	(256u << 10)

static int kallsyms__read(struct dso *dso, const char *path, u64 *text)
{
	FILE *f = fopen(path, "re");
	char *line = NULL, *buf;
	size_t cap = 0;
	int nr = 0;
	bool all_zero = true;

	if (!f)
		return -errno;
	/*
	 * Large reads: each read(2) of /proc/kallsyms makes the kernel seek
	 * its symbol table back to the file position; 4 KiB at a time that
	 * was a couple of thousand seeks (procfs says 1 KiB blocks). glibc
	 * ignores the size unless given the buffer.
	 */
	buf = xmalloc(KALLSYMS_BUF);
	setvbuf(f, buf, _IOFBF, KALLSYMS_BUF);
	*text = 0;
	while (getline(&line, &cap, f) > 0) {
		char *end, *name, type;
		u64 addr = kallsyms__addr(line, &end);
		size_t len;

		if (end == line || *end != ' ')
			continue;
		type = end[1];
		if (!type || end[2] != ' ')
			continue;
		name = end + 3;
		len = strlen(name);
		while (len && (name[len - 1] == '\n'))
			name[--len] = '\0';
		if (addr)
			all_zero = false;
		if (!*text && (!strcmp(name, "_text") || !strcmp(name, "_stext")))
			*text = addr;
		if (!kallsyms_type_wanted(type))
			continue;
		symbols__append(&dso->symbols,
				symbol__new(addr, 0, kallsyms_binding(type), STT_FUNC, name));
		nr++;
	}
	free(line);
	fclose(f);
	free(buf);
	if (nr && all_zero) {
		/* kptr_restrict: addresses hidden. */
		symbols__exit(&dso->symbols);
		return -EPERM;
	}
	return nr;
}

/* Find or create the module dso+map "[mod]" covering @addr. */
static struct dso *module_dso(struct maps *kmaps, const char *mod)
{
	char name[128];
	struct map *m;

	snprintf(name, sizeof(name), "[%s]", mod);
	m = maps__find_by_name(kmaps, name);
	return m ? m->dso : NULL;
}

int dso__load_kallsyms_file(struct dso *dso, struct map *map, const char *path)
{
	u64 text = 0;
	s64 delta = 0;
	int nr = kallsyms__read(dso, path, &text);
	struct maps *kmaps = NULL;
	size_t i, out = 0;

	if (nr < 0)
		return nr;
	if (dso->kernel_reloc_pgoff && text)
		delta = (s64)(text - dso->kernel_reloc_pgoff);
	symbols__sort(&dso->symbols);
	symbols__fixup_end(&dso->symbols, true);
	symbols__fixup_duplicate(&dso->symbols);

	kmaps = dso->kmaps;
	/* Split: module symbols go to their [mod] DSO, relative to its map. */
	for (i = 0; i < dso->symbols.nr; i++) {
		struct symbol *sym = dso->symbols.entries[i];
		char *tab = strchr(sym->name, '\t');

		sym->start -= (u64)delta;
		sym->end -= (u64)delta;
		if (tab) {
			char *mod = tab + 1, *close;
			struct dso *md;
			struct map *mm;

			*tab = '\0';
			sym->namelen = (u16)strlen(sym->name);
			if (*mod == '[')
				mod++;
			close = strchr(mod, ']');
			if (close)
				*close = '\0';
			md = kmaps ? module_dso(kmaps, mod) : NULL;
			mm = md ? maps__find_by_name(kmaps, md->short_name) : NULL;
			if (!md || !mm) {
				symbol__delete(sym);
				continue;
			}
			sym->start = map__map_ip(mm, sym->start);
			sym->end = map__map_ip(mm, sym->end);
			symbols__append(&md->symbols, sym);
			continue;
		}
		dso->symbols.entries[out++] = sym;
	}
	dso->symbols.nr = out;
	/*
	 * perf's map__fixup_start/end after loading kallsyms: the kernel map
	 * spans the kernel's symbols (init text too), not just _text.._etext.
	 * Kept from overlapping its neighbours.
	 */
	if (map && out && kmaps) {
		u64 start = dso->symbols.entries[0]->start;
		u64 end = dso->symbols.entries[out - 1]->end;

		for (i = 0; i < kmaps->nr; i++) {
			struct map *o = kmaps->entries[i];

			if (o == map)
				continue;
			if (o->start >= map->start && o->start < end)
				end = o->start;
			if (o->end <= map->start && o->end > start)
				start = o->end;
		}
		map->start = start;
		map->end = end;
		kmaps->last = kmaps->last2 = NULL;
	}
	if (kmaps) {
		for (i = 0; i < kmaps->nr; i++) {
			struct dso *md = kmaps->entries[i]->dso;

			if (md->kind == DSO_KIND_MODULE && md->symbols.nr) {
				symbols__sort(&md->symbols);
				md->origin = 'k';
			}
		}
	}
	return (int)dso->symbols.nr;
}
