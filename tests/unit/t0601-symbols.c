// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0601-symbols: symbol fix-ups (perf's end and duplicate rules), lookup,
 * maps overlap splitting, thread/fork/comm rules, kallsyms with modules,
 * demangling as perf 6.1 prints names.
 */
#include "prof/compat.h"
#include <elf.h>
#include <sys/mman.h>
#include "prof/util.h"
#include "prof/machine.h"
#include "prof/demangle.h"
#include "tap.h"

static const char *find_name(struct symbols *s, u64 addr)
{
	struct symbol *sym = symbols__find(s, addr);

	return sym ? sym->name : "(none)";
}

static void test_symbols(void)
{
	struct symbols s;

	symbols__init(&s);
	symbols__append(&s, symbol__new(0x300, 0x10, STB_GLOBAL, STT_FUNC, "c"));
	symbols__append(&s, symbol__new(0x100, 0, STB_GLOBAL, STT_FUNC, "a_nosize"));
	symbols__append(&s, symbol__new(0x200, 0x20, STB_WEAK, STT_FUNC, "b_weak"));
	symbols__append(&s, symbol__new(0x200, 0x20, STB_GLOBAL, STT_FUNC, "b_global"));
	symbols__append(&s, symbol__new(0x200, 0x20, STB_GLOBAL, STT_FUNC, "__b_under"));
	symbols__append(&s, symbol__new(0x400, 0, STB_LOCAL, STT_FUNC, "last"));
	symbols__sort(&s);
	symbols__fixup_end(&s, false);
	symbols__fixup_duplicate(&s);
	is_int((long long)s.nr, 4, "duplicates collapsed to one per address");
	is_str(find_name(&s, 0x1ff), "a_nosize", "zero-size symbol extends to the next one");
	is_str(find_name(&s, 0x210), "b_global", "global, fewer underscores wins over weak/__");
	is_str(find_name(&s, 0x220), "(none)", "gap after a sized symbol");
	is_str(find_name(&s, 0x30f), "c", "end is exclusive (last byte)");
	is_str(find_name(&s, 0x310), "(none)", "end is exclusive");
	is_str(find_name(&s, 0xfff), "last", "last zero-size symbol gets a page");
	is_str(find_name(&s, 0x1000), "last", "... rounded up: [0x400, 0x2000)");
	is_str(find_name(&s, 0x2000), "(none)", "... and no further");
	is_str(find_name(&s, 0x50), "(none)", "before the first symbol");
	symbols__exit(&s);

	{
		struct symbol *a = symbol__new(0, 0, STB_GLOBAL, STT_FUNC, "x");
		struct symbol *b = symbol__new(0, 4, STB_LOCAL, STT_FUNC, "y");
		struct symbol *c = symbol__new(0, 4, STB_GLOBAL, STT_FUNC, "longer");
		struct symbol *d = symbol__new(0, 4, STB_GLOBAL, STT_FUNC, "short");

		ok(symbol__choose_best(a, b) < 0, "sized beats zero-size");
		ok(symbol__choose_best(c, d) > 0, "longer name wins");
		ok(symbol__choose_best(d, c) < 0, "longer name wins (other order)");
		symbol__delete(a); symbol__delete(b); symbol__delete(c); symbol__delete(d);
	}
}

/* Load as symsrc__load_syms does: inserts logged, fix-ups, then the tree if needed. */
static void load_deferred(struct symbols *s, struct symbol **syms, size_t n)
{
	symbols__init(s);
	for (size_t i = 0; i < n; i++) {
		symbols__append(s, syms[i]);
		symbols__tree_defer(s, syms[i]);
	}
	symbols__sort(s);
	symbols__fixup_end(s, false);
	symbols__fixup_duplicate(s);
	symbols__finish(s);
}

static void test_deferred_tree(void)
{
	struct symbols s;
	struct symbol *v[4];

	/*
	 * A label inside a function: perf's walk meets the function first
	 * (inserts weak, outer, label: outer becomes the root; the weak
	 * duplicate is erased), where the array would find the label.
	 */
	v[0] = symbol__new(0x100, 0x100, STB_WEAK, STT_FUNC, "outer_weak");
	v[1] = symbol__new(0x100, 0x100, STB_GLOBAL, STT_FUNC, "outer");
	v[2] = symbol__new(0x150, 0x10, STB_LOCAL, STT_NOTYPE, "label");
	load_deferred(&s, v, 3);
	ok(s.root != NULL, "overlapping symbols: the tree is built");
	ok(s.log == NULL, "... and the log freed");
	is_int((long long)s.nr, 2, "... the erased duplicate is gone");
	is_str(find_name(&s, 0x155), "outer", "... lookups walk it as perf does");
	is_str(find_name(&s, 0x1ff), "outer", "... to the end");
	is_str(find_name(&s, 0x200), "(none)", "... and no further");
	symbols__exit(&s);

	v[0] = symbol__new(0x100, 0x50, STB_GLOBAL, STT_FUNC, "f");
	v[1] = symbol__new(0x150, 0, STB_GLOBAL, STT_FUNC, "g_nosize");
	v[2] = symbol__new(0x100, 0x50, STB_WEAK, STT_FUNC, "f_weak");
	v[3] = symbol__new(0x300, 0x10, STB_GLOBAL, STT_FUNC, "h");
	load_deferred(&s, v, 4);
	ok(s.root == NULL, "disjoint symbols: no tree");
	ok(s.log == NULL, "... and no log");
	is_str(find_name(&s, 0x120), "f", "... the array finds each");
	is_str(find_name(&s, 0x2ff), "g_nosize", "... stretched ones too");
	is_str(find_name(&s, 0x30f), "h", "... up to the last byte");
	is_str(find_name(&s, 0x310), "(none)", "... and no further");
	symbols__exit(&s);
}

static struct map *mk(u64 s, u64 e, u64 pgoff, struct dso *d)
{
	return map__new(s, e, pgoff, d);
}

static void test_maps(void)
{
	struct dso *d1 = dso__new("/lib/a.so", DSO_KIND_USER), *d2 = dso__new("/lib/b.so", DSO_KIND_USER);
	struct maps *maps = maps__new();
	struct map *m;

	m = mk(0x1000, 0x5000, 0, d1);
	maps__insert(maps, m);
	map__put(m);
	m = mk(0x2000, 0x3000, 0x7000, d2);
	maps__insert(maps, m);
	map__put(m);
	is_int((long long)maps->nr, 3, "a map in the middle splits the old one in three");
	m = maps__find(maps, 0x1800);
	ok(m && m->dso == d1 && m->end == 0x2000, "before part keeps dso, ends at the new start");
	m = maps__find(maps, 0x2800);
	ok(m && m->dso == d2, "new map in the middle");
	m = maps__find(maps, 0x4000);
	ok(m && m->dso == d1 && m->start == 0x3000 && m->pgoff == 0x2000,
	   "after part starts at the new end, pgoff advanced");
	is_int((long long)map__map_ip(m, 0x4000), 0x3000, "map_ip = ip - start + pgoff");
	m = mk(0x0, 0x10000, 0, d2);
	maps__insert(maps, m);
	map__put(m);
	is_int((long long)maps->nr, 1, "a covering map replaces all");
	ok(maps__find(maps, 0x10000) == NULL, "end is exclusive");
	maps__put(maps);
	dso__put(d1);
	dso__put(d2);
}

static void test_threads(void)
{
	struct machine *m = machine__new_host();
	struct mmap_event ev = { .pid = 100, .tid = 100, .start = 0x400000, .len = 0x1000,
				 .prot = PROT_READ | PROT_EXEC, .cpumode = PROF_CPUMODE_USER,
				 .filename = "/bin/parent" };
	struct thread *t, *c, *th;

	machine__process_comm(m, 100, 100, "parent", false);
	machine__process_mmap(m, &ev);
	machine__process_fork(m, 200, 100, 200, 100, true);
	c = machine__find_thread(m, 200, 200);
	t = machine__find_thread(m, 100, 100);
	ok(c && c->maps != t->maps, "a forked process has its own maps");
	ok(c && maps__find(c->maps, 0x400010) != NULL, "... copied from the parent");
	is_str(c ? thread__comm_str(c) : "", "parent", "child inherits comm");
	is_int(c ? c->ppid : 0, 100, "ppid");
	machine__process_comm(m, 200, 200, "child", true);
	is_str(thread__comm_str(c), "child", "exec renames");
	is_int((long long)c->nr_comms, 2, "comm history kept");
	machine__process_fork(m, 100, 100, 101, 100, true);
	th = machine__find_thread(m, 100, 101);
	ok(th && th->maps == t->maps, "a new thread shares the process maps");
	ev.pid = 200; ev.tid = 200; ev.filename = "/bin/child";
	machine__process_mmap(m, &ev);
	{
		struct addr_location al;

		machine__resolve(m, PROF_CPUMODE_USER, 200, 200, 0x400010, &al);
		is_str(al.dso ? al.dso->short_name : "", "child", "exec image replaces the old map");
		addr_location__exit(&al);
		machine__resolve(m, PROF_CPUMODE_USER, 100, 101, 0x400010, &al);
		is_str(al.dso ? al.dso->short_name : "", "parent", "parent unaffected");
		addr_location__exit(&al);
	}
	machine__process_exit(m, 200, 100, 200, 100);
	ok(machine__find_thread(m, 200, 200)->exited, "exit marks the thread");
	machine__delete(m);
}

static void test_kallsyms(void)
{
	char path[] = "/tmp/t0601-kallsyms-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct machine *m = machine__new_host();
	struct mmap_event k = { .pid = -1, .start = 0xffffffff81000000ULL, .len = 0x100000,
				.pgoff = 0xffffffff81000000ULL, .cpumode = PROF_CPUMODE_KERNEL,
				.filename = "[kernel.kallsyms]_text" };
	struct mmap_event mod = { .pid = -1, .start = 0xffffffffc0000000ULL, .len = 0x2000,
				  .cpumode = PROF_CPUMODE_KERNEL, .filename = "/lib/modules/x/kernel/my-mod.ko.xz" };
	struct mmap_event user = { .pid = 1, .tid = 1, .start = 0x400000, .len = 0x1000,
				   .prot = PROT_READ | PROT_EXEC, .cpumode = PROF_CPUMODE_USER,
				   .filename = "/nonexistent/t0601/a.out" };
	struct addr_location al;
	char buf[128];

	fprintf(f, "ffffffff81000000 T _text\nffffffff81000000 T _stext\n"
		   "ffffffff81000100 t local_fn\nffffffff81000200 W weak_fn\n"
		   "ffffffff81000300 r some_rodata\nffffffff81000400 T last_fn\n"
		   "ffffffffc0000100 t mod_fn\t[my_mod]\nffffffffc0000200 t mod_fn2\t[my_mod]\n");
	fclose(f);
	symbol_conf.kallsyms_name = path;
	machine__process_mmap(m, &k);
	machine__process_mmap(m, &mod);
	machine__process_mmap(m, &user);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 1, 1, 0xffffffff81000150ULL, &al);
	is_str(al.sym ? al.sym->name : "", "local_fn", "kallsyms: end is the next symbol");
	is_str(addr_location__dso_name(&al, false), "[kernel.kallsyms]", "kernel dso name");
	ok(al.level == 'k', "level k");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 1, 1, 0xffffffff81000000ULL, &al);
	is_str(al.sym ? al.sym->name : "", "_stext", "same-address aliases: the one the end fix-up sized wins");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 1, 1, 0xffffffff81000350ULL, &al);
	is_str(al.sym ? al.sym->name : "", "weak_fn", "rodata (r) is not a symbol");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_USER, 1, 1, 0xffffffffc0000250ULL, &al);
	addr_location__sym_snprintf(&al, buf, sizeof(buf));
	ok(!al.map && al.level == '.', "a sample ip: user cpumode never falls back to the kernel");
	is_str(buf, "[.] 0xffffffffc0000250", "... [.] and the raw address");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 1, 1, 0x400000, &al);
	addr_location__sym_snprintf(&al, buf, sizeof(buf));
	ok(!al.map, "nor kernel cpumode to the thread's maps");
	is_str(buf, "[k] 0x0000000000400000", "... [k] and the raw address");
	addr_location__exit(&al);
	machine__resolve_fb(m, PROF_CPUMODE_KERNEL, 1, 1, 0x400010, &al);
	ok(al.map && al.level == '.' && al.addr == 0x10, "_fb: a user address in kernel cpumode: the thread's map");
	addr_location__exit(&al);
	machine__resolve_fb(m, PROF_CPUMODE_USER, 1, 1, 0xffffffffc0000250ULL, &al);
	is_str(al.sym ? al.sym->name : "", "mod_fn2", "_fb: module symbol, user cpumode falls back to kernel");
	ok(al.level == 'k' && al.cpumode == PROF_CPUMODE_KERNEL, "_fb: ... in the kernel space");
	is_str(addr_location__dso_name(&al, false), "[my_mod]", "module short name");
	is_int((long long)al.addr, 0x250, "module address is map relative");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 1, 1, 0xffffffffd0000000ULL, &al);
	addr_location__sym_snprintf(&al, buf, sizeof(buf));
	is_str(buf, "[k] 0xffffffffd0000000", "kernel address in no map");
	is_str(addr_location__dso_name(&al, false), "[unknown]", "... [unknown]");
	addr_location__exit(&al);
	{
		u64 chain[] = { PROF_CONTEXT_KERNEL, 0xffffffff81000150ULL, PROF_CONTEXT_USER, 0x1234 };
		struct callchain_frame fr[8];
		int n = machine__resolve_callchain(m, PROF_CPUMODE_KERNEL, 1, 1, chain, 4, fr, 8);

		is_int(n, 2, "callchain: markers skipped");
		ok(n == 2 && fr[0].sym && !strcmp(fr[0].sym->name, "local_fn") && fr[0].level == 'k',
		   "callchain kernel frame");
		ok(n == 2 && !fr[1].map && fr[1].level == '.', "callchain user frame unresolved");
		chain[2] = PROF_CONTEXT_GUEST;
		is_int(machine__resolve_callchain(m, PROF_CPUMODE_KERNEL, 1, 1, chain, 4, fr, 8),
		       -EINVAL, "unknown marker drops the chain");
	}
	symbol_conf.kallsyms_name = NULL;
	machine__delete(m);
	unlink(path);
}

/* Module DSO names from paths, perf 6.1's kmod_path__parse. */
static void test_kmod_path(void)
{
	static const struct { const char *path; const char *name; bool kmod; int comp; } cases[] = {
		{ "/lib/modules/5.10/kernel/net/nf-tables.ko", "[nf_tables]", true, 0 },
		{ "/lib/modules/4.12.8-2-ARCH/kernel/drivers/hid/hid-generic.ko.gz", "[hid_generic]", true, 1 },
		{ "/lib/modules/x/kernel/my-mod.ko.xz", "[my_mod]", true, 2 },
		/* perf 6.1 knows no zstd module: the basename, dashes replaced */
		{ "/lib/modules/x/kernel/my-mod.ko.zst", "my_mod.ko.zst", false, 0 },
		{ "[my-mod]", "[my-mod]", true, 0 },
		{ "[aaa.bbb]", "[aaa.bbb]", true, 0 },
		{ "[kernel.kallsyms]_text", "[kernel.kallsyms]_text", false, 0 },
		{ "[vdso]", "[vdso]", false, 0 },
		{ "/x/some-file.so", "some_file.so", false, 0 },
		{ "/x-y/noext", "noext", false, 0 },
		{ "/x.y/no-ext", "no_ext", false, 0 },
		{ "/x/no-ext", "no-ext", false, 0 },
		{ ".ko", ".ko", false, 0 },
		{ "/x/a.gz", "a.gz", false, 1 },
	};
	struct machine *m;
	struct mmap_event mod = { .pid = -1, .start = 0xffffffffa0000000ULL, .len = 0x1000,
				  .cpumode = PROF_CPUMODE_KERNEL,
				  .filename = "/lib/modules/3.13.0-93-generic/updates/dkms/hone-event.ko" };
	struct build_id bid = { .size = 20 };
	struct addr_location al;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct kmod_path km;

		kmod_path__parse(&km, cases[i].path);
		is_str(km.name, cases[i].name, "kmod name of %s", cases[i].path);
		ok(km.kmod == cases[i].kmod && km.comp == cases[i].comp, "... kmod %d comp %d",
		   cases[i].kmod, cases[i].comp);
		kmod_path__exit(&km);
	}

	/* A build-id table entry in user space for a module path (old perf). */
	m = machine__new_host();
	machine__set_build_id(m, PROF_CPUMODE_USER, mod.filename, &bid);
	machine__process_mmap(m, &mod);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, 0xffffffffa0000010ULL, &al);
	is_str(addr_location__dso_name(&al, false), "[hone_event]",
	       "a user-space DSO of the same path is not the module's");
	addr_location__exit(&al);
	machine__delete(m);

	/* ... in kernel space it is, and gets the module name. */
	m = machine__new_host();
	machine__set_build_id(m, PROF_CPUMODE_KERNEL, mod.filename, &bid);
	machine__process_mmap(m, &mod);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, 0xffffffffa0000010ULL, &al);
	is_str(addr_location__dso_name(&al, false), "[hone_event]", "kernel-space build-id entry: the module");
	ok(al.map && al.map->dso->bid.size == 20, "... with its build-id");
	addr_location__exit(&al);
	machine__delete(m);
}

/* A module map over the kernel map cuts it; machine->kernel_map follows. */
static void test_kernel_map_cut(void)
{
	struct mmap_event k = { .pid = -1, .start = 0xffffffff81000000ULL, .len = 0x70000000,
				.pgoff = 0xffffffff81000000ULL, .cpumode = PROF_CPUMODE_KERNEL,
				.filename = "[kernel.kallsyms]_text" };
	struct mmap_event mod = { .pid = -1, .start = 0xffffffffc0000000ULL, .len = 0x2000,
				  .cpumode = PROF_CPUMODE_KERNEL, .filename = "/lib/modules/x/a.ko" };
	struct machine *m = machine__new_host();
	struct addr_location al;
	bool in_kmaps = false;

	machine__process_mmap(m, &k);
	machine__process_mmap(m, &mod);
	for (size_t i = 0; i < m->kmaps->nr; i++)
		in_kmaps |= m->kmaps->entries[i] == m->kernel_map;
	ok(in_kmaps, "the kernel map is the piece left in the kernel maps");
	ok(m->kernel_map && m->kernel_map->start == k.start &&
	   m->kernel_map->end == mod.start && m->kernel_map->dso == m->kernel_dso,
	   "... the part before the module, same start");
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, 0xffffffffc0003000ULL, &al);
	is_str(addr_location__dso_name(&al, false), "[kernel.kallsyms]", "after the module: the kernel");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, 0xffffffffc0001000ULL, &al);
	is_str(addr_location__dso_name(&al, false), "[a]", "inside: the module");
	addr_location__exit(&al);
	/* A module covering all of the kernel map left: still a valid map. */
	mod.start = k.start - 0x1000;
	mod.len = 0xffffffffc0000000ULL - mod.start;
	mod.filename = "/lib/modules/x/b.ko";
	machine__process_mmap(m, &mod);
	ok(m->kernel_map && m->kernel_map->dso == m->kernel_dso &&
	   m->kernel_map->start > k.start, "a kernel map's piece survives elsewhere: that one");
	is_int((long long)(machine__kernel_start(m) >> 63), 1, "kernel start from a valid map");
	machine__delete(m);
}

/* Symbols of a [vdso] without build-id: any found in this process's vdso. */
static int vdso_symbols_found(u64 start, u64 len)
{
	struct machine *m = machine__new_host();
	struct mmap_event ev = { .pid = 999998, .tid = 999998, .start = start, .len = len,
				 .prot = PROT_READ | PROT_EXEC, .cpumode = PROF_CPUMODE_USER,
				 .filename = "[vdso]" };
	struct addr_location al;
	int found = 0;

	machine__process_mmap(m, &ev);
	for (u64 a = start; a < start + len && !found; a += 4) {
		machine__resolve(m, PROF_CPUMODE_USER, 999998, 999998, a, &al);
		found = al.sym != NULL;
		addr_location__exit(&al);
	}
	machine__delete(m);
	return found;
}

/* perf reads its own vdso copy through --symfs: only "/" (or none) sees it. */
static void test_vdso_symfs(void)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];
	unsigned long s = 0, e = 0;

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "[vdso]") && sscanf(line, "%lx-%lx", &s, &e) == 2)
			break;
	if (f)
		fclose(f);
	if (!e) {
		ok(1, "# SKIP no [vdso] in this process");
		return;
	}
	ok(vdso_symbols_found(s, e - s), "[vdso] without build-id, no --symfs: this machine's vdso");
	symbol_conf.symfs = "/";
	ok(vdso_symbols_found(s, e - s), "... --symfs /: the same");
	symbol_conf.symfs = "/nonexistent-symfs";
	ok(!vdso_symbols_found(s, e - s), "... another --symfs: no symbols, as perf");
	symbol_conf.symfs = NULL;
}

/* Kernel symbols are not taken from this machine when they cannot be its. */
static void test_kernel_rules(void)
{
	struct mmap_event k = { .pid = -1, .cpumode = PROF_CPUMODE_KERNEL,
				.filename = "[kernel.kallsyms]_text" };
	struct build_id wrong = { .size = 20 };
	struct machine *m;
	struct addr_location al;
	char buf[64];
	u64 text = 0;
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512];

	while (f && fgets(line, sizeof(line), f)) {
		if (strstr(line, " _text\n")) {
			text = strtoull(line, NULL, 16);
			break;
		}
	}
	if (f)
		fclose(f);
	if (!text) {
		ok(1, "# SKIP no readable /proc/kallsyms");
		return;
	}
	k.start = k.pgoff = text;
	k.len = 0x100000;

	m = machine__new_host();
	machine__process_mmap(m, &k);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, text + 0x10, &al);
	ok(al.sym != NULL, "no build-id: /proc/kallsyms is used");
	addr_location__exit(&al);
	machine__delete(m);

	symbol_conf.symfs = "/nonexistent-symfs";
	m = machine__new_host();
	machine__process_mmap(m, &k);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, text + 0x10, &al);
	ok(al.sym == NULL && al.map != NULL, "--symfs: never this machine's kallsyms");
	addr_location__sym_snprintf(&al, buf, sizeof(buf));
	snprintf(line, sizeof(line), "[k] %#.16" PRIx64, text + 0x10);
	is_str(buf, line, "... the absolute address is printed");
	addr_location__exit(&al);
	machine__delete(m);
	symbol_conf.symfs = NULL;

	memset(wrong.data, 0xab, sizeof(wrong.data));
	setenv("PROF_BUILDID_DIR", "/nonexistent-buildid-dir", 1);
	m = machine__new_host();
	machine__set_build_id(m, PROF_CPUMODE_KERNEL, "[kernel.kallsyms]", &wrong);
	machine__process_mmap(m, &k);
	machine__resolve(m, PROF_CPUMODE_KERNEL, 0, 0, text + 0x10, &al);
	ok(al.sym == NULL, "another kernel's build-id: /proc/kallsyms is not used");
	addr_location__exit(&al);
	machine__delete(m);
}

static void test_jit(void)
{
	const char *path = "/tmp/perf-999999.map";
	FILE *f = fopen(path, "w");
	struct machine *m = machine__new_host();
	struct mmap_event ev = { .pid = 999999, .tid = 999999, .start = 0x7f0000000000ULL,
				 .len = 0x10000, .prot = PROT_READ | PROT_EXEC,
				 .cpumode = PROF_CPUMODE_USER, .filename = "//anon" };
	struct addr_location al;
	char buf[64];

	if (!f) {
		ok(1, "# SKIP cannot write %s", path);
		return;
	}
	fprintf(f, "7f0000001000 100 jitted fn one\n0x7f0000002000 0x20 jitted_two\n");
	fclose(f);
	machine__process_mmap(m, &ev);
	machine__resolve(m, PROF_CPUMODE_USER, 999999, 999999, 0x7f0000001050ULL, &al);
	is_str(al.sym ? al.sym->name : "", "jitted fn one", "perf-PID.map symbol (name with spaces)");
	is_str(addr_location__dso_name(&al, false), "[JIT] tid 999999", "JIT short name");
	is_str(addr_location__dso_name(&al, true), "/tmp/perf-999999.map", "JIT long name");
	addr_location__exit(&al);
	machine__resolve(m, PROF_CPUMODE_USER, 999999, 999999, 0x7f0000003000ULL, &al);
	addr_location__sym_snprintf(&al, buf, sizeof(buf));
	is_str(buf, "[.] 0x00007f0000003000", "JIT maps are identity mapped");
	addr_location__exit(&al);
	machine__delete(m);
	unlink(path);
}

static void test_demangle(void)
{
	static const struct { const char *in; bool params; const char *out; } cases[] = {
		{ "_ZNK2ns3FooIlE4spinEl", false, "ns::Foo<long>::spin" },
		{ "_ZNK2ns3FooIlE4spinEl", true, "ns::Foo<long>::spin(long) const" },
		{ "_Z2mxIiET_S0_S0_", false, "mx<int>" },
		{ "_Z2mxIiET_S0_S0_", true, "int mx<int>(int, int)" },
		{ "_ZN12_GLOBAL__N_14anonEl", false, "(anonymous namespace)::anon" },
		{ "_Znwm", false, "operator new" },
		{ "_ZdaPv", false, "operator delete[]" },
		{ "_ZN2ns1XclEi", false, "ns::X::operator()" },
		{ "_ZN2ns1XltERKS0_", false, "ns::X::operator<" },
		{ "_ZN6__asan9Allocator15QuarantineChunkEPNS_9AsanChunkEPvPN11__sanitizer18BufferedStackTraceE.isra.0",
		  false, "__asan::Allocator::QuarantineChunk" },
		{ "_ZN2ns3barEi.cold", false, "ns::bar" },
		{ "_ZN4core3fmt5write17h0123456789abcdefE", false, "core::fmt::write" },
		{ "_ZN4core3ptr85drop_in_place$LT$std..rt..lang_start$LT$$LP$$RP$$GT$..$u7b$$u7b$closure$u7d$$u7d$$GT$17h0123456789abcdefE",
		  false, "core::ptr::drop_in_place<std::rt::lang_start<()>::{{closure}}>" },
		{ "_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17h0123456789abcdefE",
		  false, "std::rt::lang_start::{{closure}}" },
		{ "_RINvCs6GmmlP4bgsG_1r12spin_genericmEB2_", false, "r::spin_generic::<u32>" },
		{ "_RNvNtCs6GmmlP4bgsG_1r5inner4work", false, "r::inner::work" },
		{ "_RNCNvCsbDmPBzFcbEh_4test4main0B3_", false, "test::main::{closure#0}" },
		{ "_RNvXs_Cs4Fx8HQZjgQt_5crateINtB4_3FoomENtNtCsj3uzbJjlqiV_4core3fmt5Debug3fmt",
		  false, "<crate::Foo<u32> as core::fmt::Debug>::fmt" },
		{ "_RNvMCs4Fx8HQZjgQt_5crateNtB2_3Foo3new", false, "<crate::Foo>::new" },
	};
	char *d;

	if (!demangle__have_cxx()) {
		ok(1, "# SKIP no libstdc++ __cxa_demangle");
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		d = demangle_sym(cases[i].in, cases[i].params);
		is_str(d ? d : "(null)", cases[i].out, "demangle %s%s", cases[i].in,
		       cases[i].params ? " (params)" : "");
		free(d);
	}
	ok(demangle_sym("main", false) == NULL, "C names are left alone");
}

int main(void)
{
	test_symbols();
	test_deferred_tree();
	test_maps();
	test_threads();
	test_kallsyms();
	test_kmod_path();
	test_kernel_map_cut();
	test_vdso_symfs();
	test_kernel_rules();
	test_jit();
	test_demangle();
	return done_testing();
}
