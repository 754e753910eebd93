// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmod.c: kernel module names from paths, the rules of perf 6.1's
 * kmod_path__parse: what makes "/lib/modules/.../nf-tables.ko.xz" the
 * DSO "[nf_tables]".
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/dso.h"

/* The compressions perf 6.1 knows (built with zlib and lzma): 1 gz, 2 xz. */
static int kmod_compression(const char *ext)
{
	if (!strcmp(ext, "gz"))
		return 1;
	if (!strcmp(ext, "xz"))
		return 2;
	return 0;
}

static bool is_kernel_simple_name(const char *name)
{
	static const char *const own[] = {
		"[kernel.kallsyms]", "[guest.kernel.kallsyms", "[vdso]", "[vdso32]",
		"[vdsox32]", "[vsyscall]",
	};

	for (size_t i = 0; i < ARRAY_SIZE(own); i++)
		if (strstarts(name, own[i]))
			return true;
	return false;
}

void kmod_path__parse(struct kmod_path *m, const char *path)
{
	const char *name = strrchr(path, '/');
	const char *ext = strrchr(path, '.');

	memset(m, 0, sizeof(*m));
	name = name ? name + 1 : path;
	/*
	 * A "[...]" name is taken as it is ('.' may be part of a module
	 * name); it is a module unless it names the kernel or a vdso.
	 */
	if (name[0] == '[') {
		m->kmod = !is_kernel_simple_name(name);
		m->name = xstrdup(name);
		return;
	}
	if (!ext) {
		m->name = xstrdup(name);
		return;
	}
	m->comp = kmod_compression(ext + 1);
	/* ".ko" right before the compression suffix, if any, within the name. */
	if (m->comp)
		ext = ext - name >= 4 ? ext - 3 : name;
	if (ext > name)
		m->kmod = !strncmp(ext, ".ko", 3);
	if (m->kmod)
		m->name = xasprintf("[%.*s]", (int)(ext - name), name);
	else
		m->name = xstrdup(name);
	for (char *p = m->name; *p; p++)
		if (*p == '-')
			*p = '_';
}

void kmod_path__exit(struct kmod_path *m)
{
	free(m->name);
	m->name = NULL;
}
