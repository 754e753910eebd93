// SPDX-License-Identifier: GPL-2.0-only
/*
 * annotation.c: a symbol's instructions and their samples (annotation.h).
 *
 * The addr_hits store is an open-addressing hash keyed by (event,
 * symbol, address): one probe per sample, no allocation once grown. An
 * annotation walks the whole store for its symbol, which happens once
 * per symbol shown.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/annotation.h"

const char *const annotation_percent_names[4] = {
	[ANN_LOCAL_PERIOD] = "local period",
	[ANN_GLOBAL_PERIOD] = "global period",
	[ANN_LOCAL_HITS] = "local hits",
	[ANN_GLOBAL_HITS] = "global hits",
};

int annotation_percent__parse(const char *s, enum annotation_percent *pt)
{
	static const struct {
		const char *name;
		enum annotation_percent pt;
	} types[] = {
		{ "local-period", ANN_LOCAL_PERIOD }, { "global-period", ANN_GLOBAL_PERIOD },
		{ "local-hits", ANN_LOCAL_HITS }, { "global-hits", ANN_GLOBAL_HITS },
		{ "period-local", ANN_LOCAL_PERIOD }, { "period-global", ANN_GLOBAL_PERIOD },
		{ "hits-local", ANN_LOCAL_HITS }, { "hits-global", ANN_GLOBAL_HITS },
	};

	for (size_t i = 0; i < ARRAY_SIZE(types); i++)
		if (!strcmp(s, types[i].name)) {
			*pt = types[i].pt;
			return 0;
		}
	return -EINVAL;
}

/* ---- the store ---- */

struct addr_slot {
	const struct symbol *sym;	/* NULL: empty */
	u64 addr;
	int idx;
	struct ann_hits h;
};

struct addr_hits {
	struct addr_slot *slots;
	size_t nr, alloc;		/* alloc: a power of two */
	/* per event: the totals of every symbol */
	struct ann_hits *totals;
	int nr_totals;
};

struct addr_hits *addr_hits__new(void)
{
	return xzalloc(sizeof(struct addr_hits));
}

void addr_hits__delete(struct addr_hits *ah)
{
	if (!ah)
		return;
	free(ah->slots);
	free(ah->totals);
	free(ah);
}

static size_t addr_slot__hash(const struct symbol *sym, u64 addr, int idx, size_t mask)
{
	u64 k = ((uintptr_t)sym >> 4) ^ (addr * 0x9E3779B97F4A7C15ull) ^ ((u64)idx << 48);

	k ^= k >> 29;
	k *= 0xBF58476D1CE4E5B9ull;
	k ^= k >> 32;
	return (size_t)k & mask;
}

static struct addr_slot *addr_hits__slot(struct addr_hits *ah, const struct symbol *sym,
					 u64 addr, int idx)
{
	size_t i = addr_slot__hash(sym, addr, idx, ah->alloc - 1);

	for (;;) {
		struct addr_slot *s = &ah->slots[i];

		if (!s->sym || (s->sym == sym && s->addr == addr && s->idx == idx))
			return s;
		i = (i + 1) & (ah->alloc - 1);
	}
}

static void addr_hits__grow(struct addr_hits *ah)
{
	struct addr_slot *old = ah->slots;
	size_t old_alloc = ah->alloc;

	ah->alloc = old_alloc ? old_alloc * 2 : 1024;
	ah->slots = xcalloc(ah->alloc, sizeof(*ah->slots));
	for (size_t i = 0; i < old_alloc; i++)
		if (old[i].sym)
			*addr_hits__slot(ah, old[i].sym, old[i].addr, old[i].idx) = old[i];
	free(old);
}

void addr_hits__add(struct addr_hits *ah, int idx, const struct symbol *sym, u64 addr, u64 period)
{
	addr_hits__add_n(ah, idx, sym, addr, period, 1);
}

void addr_hits__add_n(struct addr_hits *ah, int idx, const struct symbol *sym, u64 addr,
		      u64 period, u64 nr)
{
	struct addr_slot *s;

	if (idx < 0)
		return;
	if (idx >= ah->nr_totals) {
		ah->totals = xrealloc(ah->totals, (size_t)(idx + 1) * sizeof(*ah->totals));
		memset(ah->totals + ah->nr_totals, 0,
		       (size_t)(idx + 1 - ah->nr_totals) * sizeof(*ah->totals));
		ah->nr_totals = idx + 1;
	}
	ah->totals[idx].period += period;
	ah->totals[idx].nr += nr;
	if (!sym)
		return;
	if ((ah->nr + 1) * 4 > ah->alloc * 3)
		addr_hits__grow(ah);
	s = addr_hits__slot(ah, sym, addr, idx);
	if (!s->sym) {
		s->sym = sym;
		s->addr = addr;
		s->idx = idx;
		ah->nr++;
	}
	s->h.period += period;
	s->h.nr += nr;
}

void addr_hits__reset(struct addr_hits *ah)
{
	if (ah->alloc)
		memset(ah->slots, 0, ah->alloc * sizeof(*ah->slots));
	if (ah->nr_totals)
		memset(ah->totals, 0, (size_t)ah->nr_totals * sizeof(*ah->totals));
	ah->nr = 0;
}

void addr_hits__decay_nr(struct addr_hits *ah)
{
	for (size_t i = 0; i < ah->alloc; i++)
		ah->slots[i].h.nr = ah->slots[i].h.nr * 7 / 8;
	for (int i = 0; i < ah->nr_totals; i++)
		ah->totals[i].nr = ah->totals[i].nr * 7 / 8;
}

bool addr_hits__has(const struct addr_hits *ah, int idx, const struct symbol *sym)
{
	for (size_t i = 0; i < ah->alloc; i++)
		if (ah->slots[i].sym == sym && ah->slots[i].idx == idx)
			return true;
	return false;
}

void addr_hits__totals(const struct addr_hits *ah, int idx, u64 *period, u64 *nr)
{
	bool known = idx >= 0 && idx < ah->nr_totals;

	*period = known ? ah->totals[idx].period : 0;
	*nr = known ? ah->totals[idx].nr : 0;
}

/* ---- one symbol ---- */

int annotation__init(struct annotation *an, struct dso *dso, const struct symbol *sym,
		     const struct disasm_opts *o, char *err, size_t errsz)
{
	memset(an, 0, sizeof(*an));
	if (disasm__symbol(dso, sym, o, &an->d, err, errsz) < 0)
		return -1;
	an->hits = xcalloc((size_t)an->d.nr + 1, sizeof(*an->hits));
	return 0;
}

int annotation__find(const struct annotation *an, u64 addr)
{
	int lo = 0, hi = an->d.nr;

	while (lo < hi) {	/* the last instruction starting at or below addr */
		int mid = (lo + hi) / 2;

		if (an->d.insns[mid].dso_addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && an->d.insns[lo - 1].dso_addr == addr ? lo - 1 : -1;
}

void annotation__add(struct annotation *an, u64 addr, u64 period, u64 nr)
{
	int i = annotation__find(an, addr);

	if (i < 0)
		return;
	an->hits[i].period += period;
	an->hits[i].nr += nr;
}

void annotation__fill(struct annotation *an, const struct addr_hits *ah, int idx,
		      const struct symbol *sym)
{
	memset(an->hits, 0, (size_t)an->d.nr * sizeof(*an->hits));
	an->sym_period = an->sym_nr = 0;
	for (size_t i = 0; i < ah->alloc; i++) {
		const struct addr_slot *s = &ah->slots[i];

		if (s->sym != sym || s->idx != idx)
			continue;
		annotation__add(an, s->addr, s->h.period, s->h.nr);
		an->sym_period += s->h.period;
		an->sym_nr += s->h.nr;
	}
	addr_hits__totals(ah, idx, &an->total_period, &an->total_nr);
}

double annotation__percent(const struct annotation *an, int i, enum annotation_percent pt)
{
	const struct ann_hits *h = &an->hits[i];
	u64 v, t;

	switch (pt) {
	case ANN_GLOBAL_PERIOD:
		v = h->period, t = an->total_period;
		break;
	case ANN_LOCAL_HITS:
		v = h->nr, t = an->sym_nr;
		break;
	case ANN_GLOBAL_HITS:
		v = h->nr, t = an->total_nr;
		break;
	default:
		v = h->period, t = an->sym_period;
		break;
	}
	return t ? 100.0 * (double)v / (double)t : 0.0;
}

void annotation__exit(struct annotation *an)
{
	disasm__exit(&an->d);
	free(an->hits);
	an->hits = NULL;
}

/* ---- source text ---- */

struct src_file {
	char *name;
	char **lines;
	int nr;
};

static struct src_file *src_files;
static int nr_src_files;
static const char *src_prefix;
static int src_prefix_strip;

void annotation__set_source_prefix(const char *prefix, int strip)
{
	src_prefix = prefix;
	src_prefix_strip = strip;
}

/* objdump's --prefix/--prefix-strip on an absolute path. */
static char *source_path(const char *file)
{
	const char *p = file;

	if (!src_prefix || file[0] != '/')
		return xstrdup(file);
	for (int n = 0; n < src_prefix_strip; n++) {
		const char *s = strchr(p + 1, '/');

		if (!s)
			break;
		p = s;
	}
	return xasprintf("%s%s", src_prefix, p);
}

const char *annotation__source_line(const char *file, unsigned int line)
{
	struct src_file *f = NULL;

	for (int i = 0; i < nr_src_files && !f; i++)
		if (!strcmp(src_files[i].name, file))
			f = &src_files[i];
	if (!f) {
		char *path = source_path(file);
		FILE *in = fopen(path, "r");
		char *buf = NULL;
		size_t cap = 0;
		ssize_t n;

		free(path);
		src_files = xrealloc(src_files, (size_t)(nr_src_files + 1) * sizeof(*src_files));
		f = &src_files[nr_src_files++];
		memset(f, 0, sizeof(*f));
		f->name = xstrdup(file);
		while (in && (n = getline(&buf, &cap, in)) >= 0) {
			if (n && buf[n - 1] == '\n')
				buf[--n] = '\0';
			f->lines = xrealloc(f->lines, (size_t)(f->nr + 1) * sizeof(*f->lines));
			f->lines[f->nr++] = xstrdup(buf);
		}
		free(buf);
		if (in)
			fclose(in);
	}
	if (!line || (int)line > f->nr)
		return NULL;
	return f->lines[line - 1];
}

void annotation__source_exit(void)
{
	for (int i = 0; i < nr_src_files; i++) {
		for (int j = 0; j < src_files[i].nr; j++)
			free(src_files[i].lines[j]);
		free(src_files[i].lines);
		free(src_files[i].name);
	}
	free(src_files);
	src_files = NULL;
	nr_src_files = 0;
}
