// SPDX-License-Identifier: GPL-2.0-only
/*
 * symbol.c: symbol arrays and perf's fix-up rules (symbols__fixup_end,
 * symbols__fixup_duplicate with choose_best_symbol), kallsyms parsing.
 */
#include "prof/compat.h"
#include <ctype.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <elf.h>
#include "prof/util.h"
#include "prof/symbol.h"
#include "prof/dso.h"
#include "prof/map.h"
#include "prof/build-id.h"

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
	sym->in_arena = 0;
	sym->namelen = n > 0xffff ? 0xffff : (u16)n;
	memcpy(sym->name, name, n + 1);
	return sym;
}

u64 symbol__epoch;

void symbol__delete(struct symbol *sym)
{
	if (sym && !sym->in_arena) {
		symbol__epoch++;
		free(sym);
	}
}

/*
 * Many symbols at once (kallsyms: ~100K-200K) come from one arena: a
 * malloc each cost more than reading them. The arena lives as long as
 * the last symbols array holding any of its symbols.
 */
struct sym_arena_block {
	struct sym_arena_block *next;
	size_t used, size;
	char data[];
};

struct sym_arena {
	int refcnt;
	struct sym_arena_block *blocks;
	/* or one mapped image of the symbols (the kept kallsyms) */
	void *map;
	size_t map_len;
};

static struct sym_arena *sym_arena__get(struct sym_arena *a)
{
	if (a)
		a->refcnt++;
	return a;
}

static void sym_arena__put(struct sym_arena *a)
{
	if (!a || --a->refcnt > 0)
		return;
	symbol__epoch++;
	while (a->blocks) {
		struct sym_arena_block *next = a->blocks->next;

		free(a->blocks);
		a->blocks = next;
	}
	if (a->map)
		munmap(a->map, a->map_len);
	free(a);
}

static size_t arena_need(size_t namelen)
{
	return ALIGN_UP(sizeof(struct symbol) + namelen + 1, (size_t)8);
}

static struct symbol *symbols__arena_new(struct symbols *s, u64 start, u8 binding, u8 type,
					 const char *name, size_t n)
{
	size_t need = arena_need(n);
	struct sym_arena_block *b;
	struct symbol *sym;

	if (!s->arena) {
		s->arena = xzalloc(sizeof(*s->arena));
		s->arena->refcnt = 1;
	}
	b = s->arena->blocks;
	if (!b || b->size - b->used < need) {
		size_t size = max(need, (size_t)1 << 20);

		b = xmalloc(sizeof(*b) + size);
		b->next = s->arena->blocks;
		b->used = 0;
		b->size = size;
		s->arena->blocks = b;
	}
	sym = (struct symbol *)(b->data + b->used);
	b->used += need;
	sym->start = sym->end = start;
	sym->binding = binding;
	sym->type = type;
	sym->synthesized = 0;
	sym->in_arena = 1;
	sym->namelen = n > 0xffff ? 0xffff : (u16)n;
	memcpy(sym->name, name, n);
	sym->name[n] = '\0';
	symbols__append(s, sym);
	return sym;
}

void symbols__reserve(struct symbols *s, size_t nr, size_t name_bytes)
{
	size_t size = nr * arena_need(0) + name_bytes;
	struct sym_arena_block *b;

	s->entries = xgrow(s->entries, sizeof(*s->entries), s->nr + nr, &s->alloc);
	s->log = xgrow(s->log, sizeof(*s->log), s->log_nr + nr, &s->log_alloc);
	if (!nr)
		return;
	if (!s->arena) {
		s->arena = xzalloc(sizeof(*s->arena));
		s->arena->refcnt = 1;
	}
	b = s->arena->blocks;
	if (b && b->size - b->used >= size)
		return;
	b = xmalloc(sizeof(*b) + size);
	b->next = s->arena->blocks;
	b->used = 0;
	b->size = size;
	s->arena->blocks = b;
}

struct symbol *symbols__new_in(struct symbols *s, u64 start, u64 len, u8 binding, u8 type,
			       const char *name)
{
	struct symbol *sym = symbols__arena_new(s, start, binding, type, name, strlen(name));

	sym->end = len ? start + len : start;
	return sym;
}

void symbols__init(struct symbols *s)
{
	memset(s, 0, sizeof(*s));
}

#define LOG_ERASED ((uintptr_t)1)

static void symbols__log(struct symbols *s, struct symbol *sym, uintptr_t tag)
{
	if (s->log_nr == s->log_alloc)
		s->log = xgrow(s->log, sizeof(*s->log), s->log_nr + 1, &s->log_alloc);
	s->log[s->log_nr++] = (struct symbol *)((uintptr_t)sym | tag);
}

void symbols__tree_defer(struct symbols *s, struct symbol *sym)
{
	symbols__log(s, sym, 0);
}

static void symbols__free_log(struct symbols *s)
{
	for (size_t i = 0; i < s->log_nr; i++)
		if ((uintptr_t)s->log[i] & LOG_ERASED)
			symbol__delete((struct symbol *)((uintptr_t)s->log[i] & ~LOG_ERASED));
	free(s->log);
	s->log = NULL;
	s->log_nr = s->log_alloc = 0;
}

/* Whether two symbols of the sorted array contain a common address. */
static bool symbols__overlap(const struct symbols *s)
{
	u64 end = 0;

	for (size_t i = 0; i < s->nr; i++) {
		const struct symbol *sym = s->entries[i];

		if (sym->end < sym->start || (i && sym->start < end) ||
		    (i && sym->start == s->entries[i - 1]->start))
			return true;
		end = max(end, sym->end);
	}
	return false;
}

void symbols__finish(struct symbols *s)
{
	if (!s->log)
		return;
	if (symbols__overlap(s)) {
		for (size_t i = 0; i < s->log_nr; i++) {
			uintptr_t v = (uintptr_t)s->log[i];

			if (v & LOG_ERASED)
				symbols__tree_erase(s, (struct symbol *)(v & ~LOG_ERASED));
			else
				symbols__tree_insert(s, s->log[i]);
		}
	}
	symbols__free_log(s);
}

void symbols__exit(struct symbols *s)
{
	symbols__free_log(s);
	for (size_t i = 0; i < s->nr; i++)
		symbol__delete(s->entries[i]);
	free(s->entries);
	sym_arena__put(s->arena);
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

			struct symbol *drop = sym;

			if (symbol__choose_best(kept, sym) <= 0) {
				drop = kept;
				s->entries[out - 1] = sym;
			}
			if (s->log)
				symbols__log(s, drop, LOG_ERASED);
			else if (s->root)
				symbols__tree_erase(s, drop);
			if (!s->log)
				symbol__delete(drop);
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
	u64 lo, hi;

	return symbols__find_range(s, addr, &lo, &hi);
}

struct symbol *symbols__find_range(const struct symbols *s, u64 addr, u64 *rlo, u64 *rhi)
{
	size_t lo = 0, hi = s->nr;
	size_t i, n;

	*rlo = *rhi = addr;
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
	/*
	 * The last symbol starting at or below @addr holds it: so it does
	 * every address up to its end or the next symbol's start (the search
	 * ends at the same place, and that symbol is the first one tried).
	 */
	if (addr < s->entries[lo - 1]->end) {
		*rlo = s->entries[lo - 1]->start;
		*rhi = lo < s->nr ? min(s->entries[lo - 1]->end, s->entries[lo]->start) :
				    s->entries[lo - 1]->end;
		return s->entries[lo - 1];
	}
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

/*
 * /proc/kallsyms costs the kernel tens of milliseconds of formatting at
 * every read, and parsing its ~100K-200K lines into symbols as much again:
 * most of what a small report takes. Its text changes only with a reboot
 * or a module loaded or unloaded (the BPF and ftrace entries that come and
 * go are not used: no map is named after them), so the parsed symbols are
 * kept in the build-id cache as an image that is mapped, not read:
 *   <buildid-dir>/[kernel.kallsyms]/prof-kallsyms:
 *   "prof-kallsyms 2 <boot_id> <release> <hash of /proc/modules>\n",
 *   zeros to a multiple of 8 bytes, a struct ksym_image, then the symbols
 *   as the arena lays them out (sorted, ends and duplicates fixed up,
 *   module symbols still named "name\t[mod]"), each 8-byte aligned.
 * The hash covers each module's name, size and address (not its use
 * count, which changes as it is used). The image is valid while its first
 * line names this boot and these modules, and its header this build's
 * layout of a symbol; anything else is read again from the kernel.
 */
#define KSYM_IMAGE_MAGIC 0x4d59534b464f5250ULL	/* "PROFKSYM" */
#define KSYM_LAYOUT ((u32)(offsetof(struct symbol, end) << 24 |			\
			   offsetof(struct symbol, binding) << 16 |		\
			   offsetof(struct symbol, namelen) << 8 | offsetof(struct symbol, name)))

struct ksym_image {
	u64 magic;
	u32 symbol_size;	/* sizeof(struct symbol) of the build that wrote it */
	u32 layout;		/* and KSYM_LAYOUT: where its fields are */
	u64 text;		/* the address of _text (or _stext), 0 if absent */
	u64 nr;			/* symbols */
	u64 bytes;		/* of symbols, after this header */
};

static char *kallsyms_cache_key(void)
{
	char *boot = read_file_str("/proc/sys/kernel/random/boot_id", NULL);
	/* no /proc/modules: a kernel without modules */
	char *mods = read_file_str("/proc/modules", NULL) ?: xstrdup("");
	u64 h = 0xcbf29ce484222325ULL;
	struct utsname u;
	char *key = NULL;

	if (boot && mods && !uname(&u)) {
		for (char *line = mods, *next; *line; line = next) {
			char *f[6] = { NULL };
			int n = 0;

			next = strchrnul(line, '\n');
			if (*next)
				*next++ = '\0';
			for (char *save = NULL, *t = strtok_r(line, " ", &save); t && n < 6;
			     t = strtok_r(NULL, " ", &save))
				f[n++] = t;
			for (int i = 0; i < 6; i++) {
				if (i != 0 && i != 1 && i != 5)
					continue;
				for (const char *c = f[i] ? f[i] : ""; *c; c++)
					h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
				h = (h ^ ' ') * 0x100000001b3ULL;
			}
		}
		boot[strcspn(boot, "\n")] = '\0';
		key = xasprintf("prof-kallsyms 2 %s %s %016" PRIx64 "\n", boot, u.release, h);
	}
	free(boot);
	free(mods);
	return key;
}

static size_t ksym_size(size_t namelen)
{
	return ALIGN_UP(sizeof(struct symbol) + namelen + 1, (size_t)8);
}

/*
 * Map the kept image at @cache into @dso's symbols when it is this
 * kernel's (@key) and whole. Returns the number of symbols, or -1 (the
 * caller reads the kernel's text then).
 */
static int kallsyms__map_image(struct dso *dso, const char *cache, const char *key, u64 *text)
{
	size_t klen = strlen(key), hoff = ALIGN_UP(klen, (size_t)8), off = 0, len;
	const struct ksym_image *h;
	struct stat st;
	char *p, *base;
	int fd = open(cache, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || (size_t)st.st_size < hoff + sizeof(*h)) {
		close(fd);
		return -1;
	}
	len = (size_t)st.st_size;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return -1;
	h = (const struct ksym_image *)(p + hoff);
	if (memcmp(p, key, klen) || h->magic != KSYM_IMAGE_MAGIC ||
	    h->symbol_size != sizeof(struct symbol) || h->layout != KSYM_LAYOUT ||
	    h->bytes != len - hoff - sizeof(*h) ||
	    h->nr > h->bytes / sizeof(struct symbol) || h->nr > INT_MAX)
		goto bad;
	base = p + hoff + sizeof(*h);
	dso->symbols.entries = xgrow(dso->symbols.entries, sizeof(*dso->symbols.entries),
				     dso->symbols.nr + h->nr, &dso->symbols.alloc);
	for (u64 i = 0; i < h->nr; i++) {
		struct symbol *sym = (struct symbol *)(base + off);

		/* every symbol within the image, its name ended there */
		if (h->bytes - off < sizeof(*sym) ||
		    h->bytes - off - sizeof(*sym) < (size_t)sym->namelen + 1 ||
		    sym->name[sym->namelen] || !sym->in_arena || sym->rb_left || sym->rb_right ||
		    sym->rb_parent || (i && sym->start < dso->symbols.entries[dso->symbols.nr - 1]->start))
			goto bad;
		dso->symbols.entries[dso->symbols.nr++] = sym;
		off += ksym_size(sym->namelen);
	}
	if (off != h->bytes)
		goto bad;
	dso->symbols.arena = xzalloc(sizeof(*dso->symbols.arena));
	dso->symbols.arena->refcnt = 1;
	dso->symbols.arena->map = p;
	dso->symbols.arena->map_len = len;
	*text = h->text;
	return (int)h->nr;
bad:
	pr_debug(1, "kallsyms: %s is not a whole image of this kernel's symbols\n", cache);
	dso->symbols.nr = 0;
	munmap(p, len);
	return -1;
}

/* Keep @s (kallsyms just read, sorted and fixed up) as the image at @cache. */
static void kallsyms__keep_image(const struct symbols *s, const char *cache, const char *key,
				 u64 text)
{
	size_t klen = strlen(key), hoff = ALIGN_UP(klen, (size_t)8), bytes = 0, len, off;
	struct ksym_image h = { .magic = KSYM_IMAGE_MAGIC, .symbol_size = sizeof(struct symbol),
				.layout = KSYM_LAYOUT, .text = text, .nr = s->nr };
	char *buf;

	for (size_t i = 0; i < s->nr; i++)
		bytes += ksym_size(s->entries[i]->namelen);
	h.bytes = bytes;
	len = hoff + sizeof(h) + bytes;
	buf = xzalloc(len);
	memcpy(buf, key, klen);
	memcpy(buf + hoff, &h, sizeof(h));
	off = hoff + sizeof(h);
	for (size_t i = 0; i < s->nr; i++) {
		const struct symbol *from = s->entries[i];
		struct symbol *to = (struct symbol *)(buf + off);

		/* field by field: no padding bytes or tree pointers kept */
		to->start = from->start;
		to->end = from->end;
		to->binding = from->binding;
		to->type = from->type;
		to->synthesized = from->synthesized;
		to->in_arena = 1;
		to->namelen = from->namelen;
		memcpy(to->name, from->name, from->namelen);
		off += ksym_size(from->namelen);
	}
	if (build_id_cache__write(cache, buf, len))
		pr_debug(1, "kallsyms: cannot keep a copy in %s\n", cache);
	free(buf);
}

/*
 * Read a kallsyms file into @dso (names of module symbols carry
 * "\t[mod]" until the split), from one arena, or for /proc/kallsyms map
 * the kept image when it is current. Returns the number of symbols or
 * -errno; *text receives the address of _text (0 if absent). *keep and
 * *keep_key: where to keep the image of what was read from the kernel
 * (NULL when nothing is to be kept), for the caller to free.
 */
static int kallsyms__read(struct dso *dso, const char *path, u64 *text, char **keep,
			  char **keep_key, bool *from_image)
{
	size_t len = 0, nr = 0;
	char *buf, *key;
	bool all_zero = true;
	int ret;

	*keep = *keep_key = NULL;
	*text = 0;
	if (!strcmp(path, "/proc/kallsyms") && (key = kallsyms_cache_key()) != NULL) {
		char *cache = xasprintf("%s/[kernel.kallsyms]/prof-kallsyms", buildid_dir());

		ret = kallsyms__map_image(dso, cache, key, text);
		if (ret >= 0) {
			free(cache);
			free(key);
			*from_image = true;
			return ret;
		}
		*keep = cache;
		*keep_key = key;
	}
	buf = read_file_str(path, &len);
	if (!buf) {
		int err = -errno;

		return err ? err : -ENOMEM;
	}
	for (char *line = buf, *stop = buf + len, *next; line < stop; line = next) {
		char *end, *name, type;
		u64 addr;
		size_t n;

		next = memchr(line, '\n', (size_t)(stop - line));
		if (!next)
			next = stop;
		n = (size_t)(next - line);
		next++;
		if (n < 4)
			continue;
		line[n] = '\0';		/* the newline, or buf's own terminator */
		addr = kallsyms__addr(line, &end);
		if (end == line || *end != ' ')
			continue;
		type = end[1];
		if (!type || end[2] != ' ')
			continue;
		name = end + 3;
		if (addr)
			all_zero = false;
		if (!*text && (!strcmp(name, "_text") || !strcmp(name, "_stext")))
			*text = addr;
		if (!kallsyms_type_wanted(type))
			continue;
		symbols__arena_new(&dso->symbols, addr, kallsyms_binding(type), STT_FUNC, name,
				   (size_t)(line + n - name));
		nr++;
	}
	free(buf);
	if (nr && all_zero) {
		/* kptr_restrict: addresses hidden, and never kept. */
		symbols__exit(&dso->symbols);
		return -EPERM;
	}
	if (!nr)
		zfree(keep);
	return (int)nr;
}

int dso__kallsyms_alias(const struct dso *dso, const char *name, u64 *addr)
{
	size_t len;
	char *buf = dso->kallsyms_path ? read_file_str(dso->kallsyms_path, &len) : NULL;
	u64 text = 0, found = 0;
	bool seen = false;

	if (!buf)
		return -ENOENT;
	for (char *line = buf, *stop = buf + len, *next; line < stop; line = next) {
		char *end, *sym;
		u64 a;

		next = memchr(line, '\n', (size_t)(stop - line));
		if (!next)
			next = stop;
		*next++ = '\0';
		a = kallsyms__addr(line, &end);
		if (end == line || *end != ' ' || !end[1] || end[2] != ' ')
			continue;
		sym = end + 3;
		if (!text && (!strcmp(sym, "_text") || !strcmp(sym, "_stext")))
			text = a;
		if (!seen && !strcmp(sym, name)) {
			found = a;
			seen = true;
		}
	}
	free(buf);
	if (!seen)
		return -ENOENT;
	/* as dso__load_kallsyms_file moved the symbols */
	if (dso->kernel_reloc_pgoff && text)
		found -= text - dso->kernel_reloc_pgoff;
	*addr = found;
	return 0;
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
	char *keep, *keep_key;
	bool from_image = false;
	int nr = kallsyms__read(dso, path, &text, &keep, &keep_key, &from_image);
	struct maps *kmaps = NULL;
	size_t i, out = 0;

	if (nr < 0) {
		free(keep);
		free(keep_key);
		return nr;
	}
	if (dso->kernel_reloc_pgoff && text)
		delta = (s64)(text - dso->kernel_reloc_pgoff);
	/* an image was kept sorted and fixed up: it is what these would make of it */
	if (!from_image) {
		symbols__sort(&dso->symbols);
		symbols__fixup_end(&dso->symbols, true);
		symbols__fixup_duplicate(&dso->symbols);
	}
	/* A fresh read of the kernel's symbols: keep them for the next time. */
	if (keep)
		kallsyms__keep_image(&dso->symbols, keep, keep_key, text);
	free(keep);
	free(keep_key);

	kmaps = dso->kmaps;
	/* Split: module symbols go to their [mod] DSO, relative to its map. */
	for (i = 0; i < dso->symbols.nr; i++) {
		struct symbol *sym = dso->symbols.entries[i];
		char *tab = strchr(sym->name, '\t');

		if (delta) {	/* (a mapped image's pages are written only if needed) */
			sym->start -= (u64)delta;
			sym->end -= (u64)delta;
		}
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
			if (sym->in_arena && md->symbols.arena != dso->symbols.arena) {
				if (md->symbols.arena) {	/* another arena: a copy */
					struct symbol *c = symbol__new(sym->start,
								       sym->end - sym->start,
								       sym->binding, sym->type,
								       sym->name);
					sym = c;
				} else {
					md->symbols.arena = sym_arena__get(dso->symbols.arena);
				}
			}
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
