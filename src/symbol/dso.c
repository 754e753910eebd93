// SPDX-License-Identifier: GPL-2.0-only
/*
 * dso.c: DSOs, the machine's DSO set, and dso__load: symbol sources tried
 * in the order Documentation/technical/symbolization.md describes.
 */
#include "prof/compat.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <elf.h>
#include "prof/util.h"
#include "prof/dso.h"
#include "prof/map.h"
#include "prof/srcline.h"
#include "prof/jitdump.h"
#include "prof/disasm.h"
#include "prof/nsinfo.h"
#include "symbol-elf.h"
#include "symbol-gen.h"

/*
 * The last symbol found at each (DSO, address), direct-mapped: a profile
 * hits the same few thousand addresses over and over, and a tree walk per
 * callchain entry is most of the symbol work. Invariant: an entry is the
 * answer symbols__find gives now; it holds because symbol sets change
 * only while a DSO loads (dso__load, which may fill other DSOs' sets
 * too: the kernel's splits modules out; a user DSO's load fills only its
 * own, which has no entries yet) and are freed only with their DSO, and
 * both (but a user DSO's load) empty the whole cache.
 */
#define SYM_CACHE_SLOTS 8192

static struct sym_cache_entry {
	const struct dso *dso;
	u64 addr;
	struct symbol *sym;
} sym_cache[SYM_CACHE_SLOTS];

/*
 * Behind it, the last answers by range (symbols__find_range: every
 * address of [lo, hi) finds sym), direct-mapped by (DSO, 64-byte block):
 * a function's samples fall on many addresses. The same invariant.
 */
#define SYM_RANGE_SLOTS 4096

static struct sym_range_entry {
	const struct dso *dso;
	u64 lo, hi;
	struct symbol *sym;
} sym_range[SYM_RANGE_SLOTS];

static bool sym_cache_used;

static void sym_cache__clear(void)
{
	symbol__generation_bump();
	if (sym_cache_used) {
		memset(sym_cache, 0, sizeof(sym_cache));
		memset(sym_range, 0, sizeof(sym_range));
	}
	sym_cache_used = false;
}

struct dso *dso__new(const char *long_name, enum dso_kind kind)
{
	static u64 made;
	struct dso *dso = xzalloc(sizeof(*dso));
	const char *base = strrchr(long_name, '/');

	dso->refcnt = 1;
	dso->serial = __atomic_add_fetch(&made, 1, __ATOMIC_RELAXED);
	dso->kind = kind;
	dso->long_name = xstrdup(long_name);
	dso->short_name = xstrdup(base && long_name[0] != '[' ? base + 1 : long_name);
	dso->origin = DSO_ORIGIN_NOT_FOUND;
	INIT_LIST_HEAD(&dso->node);
	symbols__init(&dso->symbols);
	return dso;
}

struct dso *dso__get(struct dso *dso)
{
	if (dso)
		dso->refcnt++;
	return dso;
}

void dso__put(struct dso *dso)
{
	if (!dso || --dso->refcnt > 0)
		return;
	symbol__epoch++;
	sym_cache__clear();
	symbols__exit(&dso->symbols);
	srcline_cache__delete(dso->srcline);
	free(dso->long_name);
	free(dso->short_name);
	free(dso->symsrc_filename);
	free(dso->debug_filename);
	free(dso->kallsyms_path);
	free(dso->kcore_path);
	free(dso->image);
	free(dso->jit_code);
	if (dso->code_fd > 0)
		close(dso->code_fd - 1);
	disasm__code_cache_free(dso->code_cache);
	nsinfo__put(dso->nsinfo);
	free(dso);
}

void dso__set_short_name(struct dso *dso, const char *name)
{
	symbol__epoch++;
	free(dso->short_name);
	dso->short_name = xstrdup(name);
}

void dso__set_build_id(struct dso *dso, const struct build_id *bid)
{
	dso->bid = *bid;
}

void dso__set_nsinfo(struct dso *dso, struct nsinfo *nsi)
{
	nsinfo__get(nsi);
	nsinfo__put(dso->nsinfo);
	dso->nsinfo = nsi;
}

/* ------------------------------------------------------------- dsos */

static unsigned int name_hash(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % 1024;
}

void dsos__init(struct dsos *d)
{
	memset(d, 0, sizeof(*d));
	INIT_LIST_HEAD(&d->head);
}

void dsos__exit(struct dsos *d)
{
	while (!list_empty(&d->head)) {
		struct dso *dso = list_first_entry(&d->head, struct dso, node);

		list_del_init(&dso->node);
		dso__put(dso);
	}
	memset(d->hash, 0, sizeof(d->hash));
	d->nr = 0;
}

struct dso *dsos__find(struct dsos *d, const char *long_name,
		       const struct build_id *bid, const u32 *id)
{
	for (struct dso *dso = d->hash[name_hash(long_name)]; dso; dso = dso->hnext) {
		if (strcmp(dso->long_name, long_name))
			continue;
		if (bid && bid->size && dso->bid.size && !build_id__equal(bid, &dso->bid))
			continue;
		if (id && dso->has_id && (dso->maj != id[0] || dso->min != id[1] || dso->ino != id[2]))
			continue;
		return dso;
	}
	return NULL;
}

void dsos__add(struct dsos *d, struct dso *dso)
{
	unsigned int h = name_hash(dso->long_name);

	dso__get(dso);
	list_add_tail(&dso->node, &d->head);
	dso->hnext = d->hash[h];
	d->hash[h] = dso;
	d->nr++;
}

/* ------------------------------------------------------------- paths */

static bool is_regular_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int join_symfs(char *buf, size_t size, const char *path)
{
	const char *symfs = symbol_conf.symfs ? symbol_conf.symfs : "";

	return snprintf(buf, size, "%s%s", symfs, path);
}

/*
 * @path where this DSO's file system has it: under --symfs when one is
 * given, else in the mount namespace of the (live) process that mapped
 * it, else here. Every candidate but the build-id cache goes through it.
 */
static int dso__fs_path(const struct dso *dso, char *buf, size_t size, const char *path)
{
	if ((symbol_conf.symfs && *symbol_conf.symfs) || !dso->nsinfo)
		return join_symfs(buf, size, path);
	return nsinfo__path(dso->nsinfo, path, buf, size);
}

int dso__build_id_path(const struct dso *dso, const char *suffix, char *buf, size_t size)
{
	char hex[SBUILD_ID_SIZE];

	if (!dso->bid.size)
		return -ENODATA;
	build_id__snprintf(&dso->bid, hex, sizeof(hex));
	snprintf(buf, size, "%s/.build-id/%.2s/%s/%s", buildid_dir(), hex, hex + 2, suffix);
	return 0;
}

static int read_debuglink(const char *path, char *out, size_t size)
{
	struct symsrc ss;
	GElf_Shdr sh;
	Elf_Scn *scn = NULL;
	int ret = -ENODATA;

	if (symsrc__init(&ss, NULL, path, NULL, 0, 'l'))
		return -ENOENT;
	while ((scn = elf_nextscn(ss.elf, scn)) != NULL) {
		const char *n;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(ss.elf, ss.shstrndx, sh.sh_name);
		if (!n || strcmp(n, ".gnu_debuglink"))
			continue;
		data = elf_getdata(scn, NULL);
		if (data && data->d_buf && data->d_size) {
			snprintf(out, size, "%.*s", (int)strnlen(data->d_buf, data->d_size),
				 (const char *)data->d_buf);
			ret = out[0] ? 0 : -ENODATA;
		}
		break;
	}
	symsrc__exit(&ss);
	return ret;
}

enum binary_type {
	BT_DEBUGLINK, BT_BUILD_ID_CACHE, BT_BUILD_ID_CACHE_DEBUG, BT_FEDORA,
	BT_UBUNTU, BT_BUILDID_DEBUGINFO, BT_SYSTEM_PATH, BT_OPENEMBEDDED,
	BT_MIXEDUP_UBUNTU, BT_NR,
};

static const char binary_type_origin[BT_NR] = {
	[BT_DEBUGLINK] = 'l', [BT_BUILD_ID_CACHE] = 'B', [BT_BUILD_ID_CACHE_DEBUG] = 'D',
	[BT_FEDORA] = 'f', [BT_UBUNTU] = 'u', [BT_BUILDID_DEBUGINFO] = 'b',
	[BT_SYSTEM_PATH] = 'd', [BT_OPENEMBEDDED] = 'o', [BT_MIXEDUP_UBUNTU] = 'x',
};

/*
 * Candidate path for one binary type; -ENOENT when the type does not
 * apply. All but the build-id cache are in the DSO's file system.
 */
static int dso__binary_type_path(struct dso *dso, enum binary_type t, char *buf, size_t size)
{
	char hex[SBUILD_ID_SIZE], dir[PATH_MAX], link[PATH_MAX], rel[PATH_MAX];
	static const char *const debuglink_paths[] = {
		"%.0s%s", "%s/%s", "%s/.debug/%s", "/usr/lib/debug%s/%s",
	};
	const char *name = dso->long_name, *slash;
	size_t len;

	switch (t) {
	case BT_DEBUGLINK:
		dso__fs_path(dso, buf, size, name);
		if (!is_regular_file(buf) || read_debuglink(buf, link, sizeof(link)))
			return -ENOENT;
		slash = strrchr(buf, '/');
		len = slash ? (size_t)(slash - buf) : 0;
		snprintf(dir, sizeof(dir), "%.*s", (int)len, buf);
		for (size_t i = 0; i < ARRAY_SIZE(debuglink_paths); i++) {
			snprintf(buf, size, debuglink_paths[i], dir, link);
			if (is_regular_file(buf))
				return 0;
		}
		return -ENOENT;
	case BT_BUILD_ID_CACHE:
		return dso__build_id_path(dso, dso->kind == DSO_KIND_VDSO ? "vdso" : "elf", buf, size);
	case BT_BUILD_ID_CACHE_DEBUG:
		return dso__build_id_path(dso, "debug", buf, size);
	case BT_FEDORA:
		snprintf(rel, sizeof(rel), "/usr/lib/debug%s.debug", name);
		break;
	case BT_UBUNTU:
		snprintf(rel, sizeof(rel), "/usr/lib/debug%s", name);
		break;
	case BT_BUILDID_DEBUGINFO:
		if (!dso->bid.size)
			return -ENOENT;
		build_id__snprintf(&dso->bid, hex, sizeof(hex));
		snprintf(rel, sizeof(rel), "/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
		break;
	case BT_SYSTEM_PATH:
		snprintf(rel, sizeof(rel), "%s", name);
		break;
	case BT_OPENEMBEDDED:
		slash = strrchr(name, '/');
		if (!slash)
			return -ENOENT;
		snprintf(rel, sizeof(rel), "%.*s/.debug%s", (int)(slash - name), name, slash);
		break;
	case BT_MIXEDUP_UBUNTU:
		if (!strstarts(name, "/usr/lib/"))
			return -ENOENT;
		snprintf(rel, sizeof(rel), "/usr/lib/debug%s", name + 4);
		break;
	default:
		return -ENOENT;
	}
	dso__fs_path(dso, buf, size, rel);
	return 0;
}

/*
 * One line of /tmp/perf-PID.map: "START SIZE name", hex numbers. @line
 * has @n bytes; perf chops the last one, newline or not. False for a
 * line perf would skip.
 */
static bool perf_map__parse_line(char *line, ssize_t n, u64 *start, u64 *size, char **name)
{
	char *p;

	line[n - 1] = '\0';
	if (n < 6)
		return false;
	*start = strtoull(line, &p, 16);
	if (p == line || *p != ' ')
		return false;
	*size = strtoull(p + 1, name, 16);
	if (*name == p + 1 || **name != ' ')
		return false;
	(*name)++;
	return true;
}

/*
 * Read the perf map at @path into @dso. With @only_new, lines whose start
 * already has a symbol are skipped (a JIT map re-read as it grows; the
 * symbols already there stay, histogram entries point to them). Returns
 * the number of symbols added or -errno.
 */
static int perf_map__read(struct dso *dso, const char *path, bool only_new)
{
	/* Refused maps are said once, when first loaded. */
	int fd = jit_file__open(path, only_new);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	struct symbol **add = NULL;
	size_t nr = 0, alloc = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fd < 0)
		return fd;
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		struct symbol *old;
		char *name;
		u64 start, size;

		if (!perf_map__parse_line(line, n, &start, &size, &name))
			continue;
		/* Looked up in the symbols as they were: new ones wait in add[]. */
		if (only_new && (old = symbols__find(&dso->symbols, start)) && old->start == start)
			continue;
		add = xgrow(add, sizeof(*add), nr + 1, &alloc);
		add[nr++] = symbol__new(start, size, STB_GLOBAL, STT_FUNC, name);
	}
	free(line);
	fclose(f);
	for (size_t i = 0; i < nr; i++)
		symbols__append(&dso->symbols, add[i]);
	free(add);
	if (nr || !only_new)
		symbols__sort(&dso->symbols);
	return (int)nr;
}

/* Without a recorded id any map will do; with one, only the same contents. */
static bool perf_map__matches(const struct dso *dso, const char *path)
{
	struct build_id bid;
	size_t len;
	char *buf;

	if (!dso->bid.size)
		return true;
	buf = read_file_str(path, &len);
	if (!buf)
		return false;
	content__build_id(buf, len, &bid);
	free(buf);
	return build_id__equal(&bid, &dso->bid);
}

/*
 * The JIT map of a DSO_KIND_JIT dso: the build-id cache's copy (record
 * keeps one for a process in a container, named by its contents' id),
 * then, for a live process in other namespaces, /tmp/perf-<its own
 * pid>.map in its own mount namespace, then the long name (under
 * --symfs), our view of its pid as perf falls back to. -ENOENT: none.
 */
static int dso__perf_map_path(const struct dso *dso, char *buf, size_t size)
{
	char name[64];

	if (!dso__build_id_path(dso, "perf-map", buf, size) && is_regular_file(buf) &&
	    perf_map__matches(dso, buf))
		return 0;
	if (dso->nsinfo && !(symbol_conf.symfs && *symbol_conf.symfs)) {
		nsinfo__perf_map_name(dso->nsinfo, name, sizeof(name));
		nsinfo__path(dso->nsinfo, name, buf, size);
		if (is_regular_file(buf) && perf_map__matches(dso, buf))
			return 0;
	}
	join_symfs(buf, size, dso->long_name);
	return is_regular_file(buf) && perf_map__matches(dso, buf) ? 0 : -ENOENT;
}

static int dso__load_perf_map(struct dso *dso)
{
	char path[PATH_MAX];
	int nr;

	if (dso__perf_map_path(dso, path, sizeof(path)))
		return -ENOENT;
	nr = perf_map__read(dso, path, false);
	if (nr > 0)
		dso->origin = 'j';
	return nr;
}

int dso__reload_perf_map(struct dso *dso)
{
	char path[PATH_MAX];
	int nr;

	if (dso__perf_map_path(dso, path, sizeof(path)))
		return -ENOENT;
	nr = perf_map__read(dso, path, true);

	/* Cached lookups, misses included, may now have a symbol. */
	if (nr > 0)
		sym_cache__clear();
	return nr;
}

void *vdso__read_own(size_t *size)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];
	void *img = NULL;

	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		unsigned long s, e;

		if (!strstr(line, "[vdso]") || sscanf(line, "%lx-%lx", &s, &e) != 2)
			continue;
		*size = e - s;
		img = xmalloc(*size);
		memcpy(img, (void *)s, *size);
		break;
	}
	fclose(f);
	return img;
}

/*
 * perf copies its own vdso to /tmp/perf-vdso.so-XXXXXX and opens that
 * through --symfs like any DSO: under a symfs other than "/" the copy is
 * not there, and a [vdso] without a build-id gets no symbols (nor frames).
 */
static bool own_vdso_visible(void)
{
	const char *symfs = symbol_conf.symfs;
	char real[PATH_MAX];

	if (!symfs || !*symfs)
		return true;
	return realpath(symfs, real) && !strcmp(real, "/");
}

static int dso__load_vdso(struct dso *dso)
{
	char path[PATH_MAX];
	struct symsrc ss;
	int nr = -ENOENT;

	/*
	 * perf: with a recorded build-id the [vdso] DSO exists before its map
	 * and only the build-id cache can supply it; without one, perf reads
	 * its own vdso (same kernel), when --symfs lets it see it.
	 */
	if (dso->bid.size) {
		if (!dso__build_id_path(dso, "vdso", path, sizeof(path)) &&
		    !symsrc__init(&ss, dso, path, NULL, 0, 'B')) {
			nr = symsrc__load_syms(dso, &ss, &ss);
			symbols__finish(&dso->symbols);
			dso->origin = 'B';
			dso->symsrc_filename = xstrdup(path);
			symsrc__exit(&ss);
		}
		return nr;
	}
	if (!dso->image && own_vdso_visible())
		dso->image = vdso__read_own(&dso->image_size);
	if (dso->image && !symsrc__init(&ss, dso, NULL, dso->image, dso->image_size, 'd')) {
		nr = symsrc__load_syms(dso, &ss, &ss);
		symbols__finish(&dso->symbols);
		dso->origin = 'd';
		symsrc__exit(&ss);
	}
	return nr;
}

static int kernel_load_vmlinux(struct dso *dso, const char *path, char origin)
{
	struct symsrc ss;
	struct symbol *text;
	int nr;

	if (symsrc__init(&ss, dso, path, NULL, 0, origin))
		return -ENOENT;
	nr = symsrc__load_syms(dso, &ss, &ss);
	symbols__finish(&dso->symbols);
	symsrc__exit(&ss);
	if (nr <= 0)
		return -ENODATA;
	/* KASLR: move the link-time addresses to where the kernel ran. */
	text = symbols__find_by_name(&dso->symbols, "_text");
	if (!text)
		text = symbols__find_by_name(&dso->symbols, "_stext");
	if (text && dso->kernel_reloc_pgoff && text->start != dso->kernel_reloc_pgoff) {
		u64 delta = dso->kernel_reloc_pgoff - text->start;

		for (size_t i = 0; i < dso->symbols.nr; i++) {
			dso->symbols.entries[i]->start += delta;
			dso->symbols.entries[i]->end += delta;
		}
	}
	dso->origin = origin;
	dso->symsrc_filename = xstrdup(path);
	return nr;
}

/*
 * perf's rule for the kernel's code without a vmlinux: the kcore file in
 * the directory of the kallsyms the symbols came from (/proc/kcore for
 * /proc/kallsyms, DIR/kcore for --kallsyms DIR/kallsyms), when it can
 * be read and is an ELF core file. NULL otherwise.
 */
static char *kcore_beside(const char *kallsyms)
{
	const char *slash = strrchr(kallsyms, '/');
	Elf64_Ehdr eh;
	char *path;
	int fd;

	path = slash ? xasprintf("%.*s/kcore", (int)(slash - kallsyms), kallsyms) :
		       xstrdup("kcore");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && pread(fd, &eh, sizeof(eh), 0) == (ssize_t)sizeof(eh) &&
	    !memcmp(eh.e_ident, ELFMAG, SELFMAG) && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
	    eh.e_type == ET_CORE) {
		close(fd);
		return path;
	}
	if (fd >= 0)
		close(fd);
	free(path);
	return NULL;
}

static int kernel_load_kallsyms(struct dso *dso, struct map *map, const char *path, char origin)
{
	int nr = dso__load_kallsyms_file(dso, map, path);

	if (nr > 0) {
		dso->origin = origin;
		free(dso->kallsyms_path);
		dso->kallsyms_path = xstrdup(path);
		free(dso->kcore_path);
		dso->kcore_path = kcore_beside(path);
	}
	return nr;
}

static int dso__load_kernel(struct dso *dso, struct map *map)
{
	char path[PATH_MAX];
	struct build_id running;
	struct utsname u;
	bool symfs = symbol_conf.symfs && *symbol_conf.symfs, running_kernel;
	int nr;

	if (symbol_conf.kallsyms_name)
		return kernel_load_kallsyms(dso, map, symbol_conf.kallsyms_name, 'k');
	if (symbol_conf.vmlinux_name)
		return kernel_load_vmlinux(dso, symbol_conf.vmlinux_name, 'v');
	if (!symbol_conf.ignore_vmlinux) {
		static const char *const fmts[] = {
			"vmlinux", "/boot/vmlinux", "/boot/vmlinux-%s",
			"/usr/lib/debug/boot/vmlinux-%s", "/lib/modules/%s/build/vmlinux",
			"/usr/lib/debug/lib/modules/%s/vmlinux", "/usr/lib/debug/boot/vmlinux-%s.debug",
		};

		if (!dso__build_id_path(dso, "elf", path, sizeof(path)) &&
		    is_regular_file(path) && kernel_load_vmlinux(dso, path, 'B') > 0)
			return (int)dso->symbols.nr;
		uname(&u);
		for (size_t i = 0; i < ARRAY_SIZE(fmts); i++) {
			if (i == 0)
				snprintf(path, sizeof(path), "vmlinux");
			else if (i == 1)
				join_symfs(path, sizeof(path), "/boot/vmlinux");
			else if (symfs)
				break;
			else
				snprintf(path, sizeof(path), fmts[i], u.release);
			if (is_regular_file(path) && kernel_load_vmlinux(dso, path, 'v') > 0)
				return (int)dso->symbols.nr;
		}
	}
	/* Invariant 5: with --symfs, never this machine's /proc files. */
	if (symfs)
		return 0;
	/*
	 * This machine's kallsyms names only this machine's kernel: the
	 * same build-id, or, when the file has none, the same release and
	 * arch (perf 6.1 asks only the build-id, and names another
	 * machine's kernel addresses with this one's symbols).
	 */
	running_kernel = dso->bid.size ? kernel__read_build_id(&running) == 0 &&
					 build_id__equal(&running, &dso->bid) :
					 !dso->foreign_kernel;
	if (running_kernel) {
		nr = kernel_load_kallsyms(dso, map, "/proc/kallsyms", 'k');
		if (nr > 0)
			return nr;
	}
	if (dso->bid.size) {
		char hex[SBUILD_ID_SIZE];

		build_id__snprintf(&dso->bid, hex, sizeof(hex));
		snprintf(path, sizeof(path), "%s/[kernel.kallsyms]/%s/kallsyms", buildid_dir(), hex);
		if (is_regular_file(path))
			return kernel_load_kallsyms(dso, map, path, 'B');
	}
	if (!running_kernel)
		warning("the recording's kernel is not the running one and no copy of its "
			"symbols was found: kernel addresses stay unresolved (name them with "
			"--kallsyms FILE, -k/--vmlinux FILE or --symfs DIR)");
	return 0;
}

static int dso__load_user(struct dso *dso)
{
	struct symsrc ss[2], *syms_ss = NULL, *runtime_ss = NULL;
	char path[PATH_MAX];
	int pos = 0, nr;

	/* Read the on-disk build-id first so the build-id locations apply. */
	if (!dso->bid.size) {
		struct build_id bid;

		dso__fs_path(dso, path, sizeof(path), dso->long_name);
		if (is_regular_file(path) && filename__read_build_id(path, &bid) == 0)
			dso__set_build_id(dso, &bid);
	}
	for (int t = 0; t < BT_NR; t++) {
		struct symsrc *cur = &ss[pos];
		bool keep = false;

		if (dso__binary_type_path(dso, (enum binary_type)t, path, sizeof(path)))
			continue;
		if (!is_regular_file(path) ||
		    symsrc__init(cur, dso, path, NULL, 0, binary_type_origin[t]))
			continue;
		if (cur->has_dwarf && !dso->debug_filename)
			dso->debug_filename = xstrdup(path);
		if (!syms_ss && cur->symtab) {
			syms_ss = cur;
			keep = true;
		}
		if (!runtime_ss && cur->dynsym) {
			runtime_ss = cur;
			keep = true;
		}
		if (keep) {
			pos++;
			if (syms_ss && runtime_ss)
				break;
		} else {
			symsrc__exit(cur);
		}
	}
	if (!syms_ss && !runtime_ss)
		return 0;
	if (!syms_ss)
		syms_ss = runtime_ss;
	if (!runtime_ss)
		runtime_ss = syms_ss;
	nr = symsrc__load_syms(dso, syms_ss, runtime_ss);
	if (nr > 0) {
		int plt = symsrc__synthesize_plt(dso, runtime_ss);

		if (plt > 0)
			nr += plt;
		dso->origin = syms_ss->origin;
		dso->has_symtab = syms_ss->symtab != NULL;
		dso->symsrc_filename = xstrdup(syms_ss->name);
	}
	symbols__finish(&dso->symbols);
	for (int i = 0; i < pos; i++)
		symsrc__exit(&ss[i]);
	return nr > 0 ? nr : 0;
}

static int dso__load_symbols(struct dso *dso, struct map *map)
{
	int nr = 0;

	switch (dso->kind) {
	case DSO_KIND_KERNEL:
		nr = dso__load_kernel(dso, map);
		break;
	case DSO_KIND_MODULE:
		/* Module symbols arrive when the kernel's kallsyms is split. */
		for (size_t i = 0; dso->kmaps && i < dso->kmaps->nr; i++) {
			struct map *km = dso->kmaps->entries[i];

			if (km->dso->kind == DSO_KIND_KERNEL)
				dso__load(km->dso, km);
		}
		nr = (int)dso->symbols.nr;
		break;
	case DSO_KIND_VDSO:
		nr = dso__load_vdso(dso);
		break;
	case DSO_KIND_JIT:
		nr = dso__load_perf_map(dso);
		break;
	case DSO_KIND_NODSO:
	case DSO_KIND_JITDUMP:		/* created loaded (machine-jit.c) */
		break;
	case DSO_KIND_USER:
	default:
		nr = dso__load_user(dso);
		break;
	}
	return nr > 0 ? nr : 0;
}

/* The ELF class of @n bytes at @b, 0 when they are no ELF header. */
static int elf_class_of(const unsigned char *b, size_t n)
{
	if (n < EI_NIDENT || memcmp(b, ELFMAG, SELFMAG) ||
	    (b[EI_CLASS] != ELFCLASS32 && b[EI_CLASS] != ELFCLASS64))
		return 0;
	return b[EI_CLASS];
}

static int file_elf_class(const char *path)
{
	unsigned char b[EI_NIDENT];
	ssize_t n = -1;
	int fd;

	if (!is_regular_file(path))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, b, sizeof(b));
		close(fd);
	}
	return n > 0 ? elf_class_of(b, (size_t)n) : 0;
}

u64 dso__objdump_addr(const struct dso *dso, u64 addr)
{
	if (dso->kind == DSO_KIND_USER || dso->kind == DSO_KIND_VDSO)
		return addr + dso->text_offset;
	return addr;
}

int dso__code_path(const struct dso *dso, char *buf, size_t size)
{
	if (!dso__build_id_path(dso, "elf", buf, size) && is_regular_file(buf))
		return 0;
	dso__fs_path(dso, buf, size, dso->long_name);
	return is_regular_file(buf) ? 0 : -ENOENT;
}

int dso__elf_class(struct dso *dso)
{
	char path[PATH_MAX];
	int c = 0;

	if (dso->elf_class)
		return dso->elf_class == 0xff ? 0 : dso->elf_class;
	if (dso->kind == DSO_KIND_VDSO) {
		/* where its symbols come from: the build-id cache or our own vdso */
		dso__load(dso, NULL);
		if (dso->image)
			c = elf_class_of(dso->image, dso->image_size);
		else if (dso->symsrc_filename)
			c = file_elf_class(dso->symsrc_filename);
	} else if (dso->kind == DSO_KIND_USER) {
		if (!dso__code_path(dso, path, sizeof(path)))
			c = file_elf_class(path);
	}
	dso->elf_class = c ? (u8)c : 0xff;
	return c;
}

int dso__load(struct dso *dso, struct map *map)
{
	int nr;

	if (dso->loaded)
		return (int)dso->symbols.nr;
	dso->loaded = true;
	nr = dso__load_symbols(dso, map);
	/*
	 * A user DSO's load fills its own set only, which no entry can be of
	 * (lookups load first): the entries of the others stay true.
	 */
	if (dso->kind == DSO_KIND_USER)
		symbol__generation_bump();
	else
		sym_cache__clear();
	return nr;
}

struct symbol *dso__find_symbol(struct dso *dso, struct map *map, u64 addr)
{
	struct sym_cache_entry *e;
	struct sym_range_entry *r;
	u64 k, lo, hi;

	if (!dso->loaded)
		dso__load(dso, map);
	k = addr ^ (addr >> 13) ^ ((uintptr_t)dso >> 4);
	e = &sym_cache[(k ^ (k >> 26)) & (SYM_CACHE_SLOTS - 1)];
	if (e->dso == dso && e->addr == addr)
		return e->sym;
	sym_cache_used = true;
	e->dso = dso;
	e->addr = addr;
	k = (addr >> 6) ^ ((uintptr_t)dso >> 4);
	r = &sym_range[(k ^ (k >> 12)) & (SYM_RANGE_SLOTS - 1)];
	if (r->dso == dso && addr >= r->lo && addr < r->hi) {
		e->sym = r->sym;
		return e->sym;
	}
	e->sym = symbols__find_range(&dso->symbols, addr, &lo, &hi);
	if (lo < hi) {
		r->dso = dso;
		r->lo = lo;
		r->hi = hi;
		r->sym = e->sym;
	}
	return e->sym;
}
