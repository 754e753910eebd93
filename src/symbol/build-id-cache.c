// SPDX-License-Identifier: GPL-2.0-only
/*
 * build-id-cache.c: keeping a copy of each profiled file in the build-id
 * cache (~/.debug) the way perf lays it out, so reports resolve after the
 * binary changed, was removed, or lived in a container that is gone:
 *
 *   <dir>/<path>/<build-id>/{elf,kallsyms,vdso,perf-map,jitdump}
 *   <dir>/.build-id/<2 hex>/<38 hex> -> ../../<path>/<build-id>
 *
 * Copies go through a temporary name and rename(2), so a reader never
 * sees half a file; an existing entry is left alone.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/dso.h"
#include "prof/util.h"
#include <fcntl.h>
#include <gelf.h>
#include <sys/stat.h>

static int mkdir_p(char *path)
{
	char *p;

	for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = 0;
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_bytes(const char *to, const void *buf, size_t len, mode_t mode)
{
	char *tmp = xasprintf("%s.tmp%d", to, (int)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode), ret = 0;

	if (fd < 0) {
		free(tmp);
		return -errno;
	}
	if (write(fd, buf, len) != (ssize_t)len)
		ret = -EIO;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (!ret && rename(tmp, to) < 0)
		ret = -errno;
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

static int copy_bytes(const char *to, const void *buf, size_t len)
{
	return write_bytes(to, buf, len, 0755);
}

int build_id_cache__write(const char *path, const void *buf, size_t len)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int ret = 0;

	if (slash && slash != dir) {
		*slash = '\0';
		ret = mkdir_p(dir);
	}
	free(dir);
	return ret ? ret : write_bytes(path, buf, len, 0600);
}

static int copy_file(const char *from, const char *to)
{
	size_t len = 0;
	char *buf;
	int ret;

	if (link(from, to) == 0)
		return 0;
	buf = read_file_str(from, &len);
	if (!buf)
		return -errno;
	ret = copy_bytes(to, buf, len);
	free(buf);
	return ret;
}

/*
 * A path the kernel would give: absolute, no "." or ".." component and no
 * empty one, so that <dir>/<path> stays inside <dir>.
 */
static bool is_canonical_path(const char *path)
{
	const char *p = path;

	if (*p != '/')
		return false;
	while (*p) {
		const char *c = p + 1, *end = strchrnul(c, '/');
		size_t n = (size_t)(end - c);

		if (!n || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		p = end;
	}
	return true;
}

/*
 * <dir>/<name>/<id>/{elf,kallsyms,vdso,perf-map,jitdump} and
 * <dir>/.build-id/xx/rest -> it (see build-id.h).
 */
void build_id_cache__add(const char *dir, const char *filename, const struct build_id *bid,
			 int fd, const char *kind)
{
	char hex[SBUILD_ID_SIZE], *d, *file, *link_dir, *link_path, *target;
	bool kallsyms = !strcmp(filename, "[kernel.kallsyms]");
	bool vdso = !strcmp(filename, "[vdso]");
	struct stat st;

	if (!kallsyms && !vdso && !is_canonical_path(filename)) {
		pr_debug(1, "build-id cache: not a canonical path: %s\n", filename);
		return;
	}
	build_id__snprintf(bid, hex, sizeof(hex));
	d = xasprintf("%s/%s%s/%s", dir, filename[0] == '/' ? "" : "",
		      filename[0] == '/' ? filename + 1 : filename, hex);
	file = xasprintf("%s/%s", d, kallsyms ? "kallsyms" : vdso ? "vdso" :
			 kind ? kind : "elf");
	if (stat(file, &st) && !mkdir_p(d)) {
		if (kallsyms) {
			size_t len = 0;
			char *ks = read_file_str("/proc/kallsyms", &len);

			if (ks)
				copy_bytes(file, ks, len);
			free(ks);
		} else if (vdso) {
			size_t len = 0;
			void *img = vdso__read_own(&len);

			if (img)
				copy_bytes(file, img, len);
			free(img);
		} else if (fd >= 0) {
			size_t len = 0;
			char *buf = read_fd_str(fd, &len);

			if (buf)
				copy_bytes(file, buf, len);
			free(buf);
		} else {
			copy_file(filename, file);
		}
	}
	link_dir = xasprintf("%s/.build-id/%.2s", dir, hex);
	link_path = xasprintf("%s/%s", link_dir, hex + 2);
	target = xasprintf("../../%s/%s", filename[0] == '/' ? filename + 1 : filename, hex);
	if (lstat(link_path, &st) && !mkdir_p(link_dir) && symlink(target, link_path))
		pr_debug(1, "build-id cache: cannot link %s\n", link_path);
	free(target);
	free(link_path);
	free(link_dir);
	free(file);
	free(d);
}


/*
 * The SHF_COMPRESSED sections of @elf, or -1 when it cannot be read or
 * keeps DWARF that a copy elsewhere would lose or not inflate: a
 * supplementary file found relative to it (.gnu_debugaltlink,
 * .debug_sup) or GNU-style .zdebug sections.
 */
static int compressed_sections(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	int n = 0;

	if (!elf || elf_kind(elf) != ELF_K_ELF || elf_getshdrstrndx(elf, &shstrndx))
		return -1;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".gnu_debugaltlink") || !strcmp(name, ".debug_sup") ||
			     !strncmp(name, ".zdebug", 7)))
			return -1;
		if (sh.sh_flags & SHF_COMPRESSED)
			n++;
	}
	return n;
}

static int file__compressed_sections(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), n;
	Elf *elf;

	if (fd < 0)
		return -1;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	n = compressed_sections(elf);
	if (elf)
		elf_end(elf);
	close(fd);
	return n;
}

/* A copy in the cache is used only if it is whole and of the same file. */
static bool plain_copy_valid(const char *copy, const struct build_id *bid)
{
	struct build_id cbid;

	return filename__read_build_id(copy, &cbid) == 0 && build_id__equal(&cbid, bid) &&
	       file__compressed_sections(copy) == 0;
}

/* @from with its compressed sections inflated, into @to through a temporary name. */
static int plain_copy_write(const char *from, const char *to)
{
	char *dir = xstrdup(to), *tmp = xasprintf("%s.tmp%d", to, (int)getpid()), *buf;
	Elf_Scn *scn = NULL;
	size_t len = 0;
	Elf *elf = NULL;
	int fd = -1, ret = -EIO;

	*strrchr(dir, '/') = '\0';
	buf = read_file_str(from, &len);
	if (!buf || mkdir_p(dir))
		goto out;
	fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		goto out;
	elf = elf_begin(fd, ELF_C_RDWR, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		goto out;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) ||
		    ((sh.sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0))
			goto out;
	}
	if (elf_update(elf, ELF_C_WRITE) < 0)
		goto out;
	elf_end(elf);
	elf = NULL;
	if (close(fd) == 0 && rename(tmp, to) == 0)
		ret = 0;
	fd = -1;
out:
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	if (ret)
		unlink(tmp);
	free(buf);
	free(tmp);
	free(dir);
	return ret;
}

char *build_id_cache__plain_debug(const char *dir, const char *path)
{
	char hex[SBUILD_ID_SIZE], *copy;
	struct build_id bid;

	if (file__compressed_sections(path) <= 0 || filename__read_build_id(path, &bid))
		return NULL;
	build_id__snprintf(&bid, hex, sizeof(hex));
	copy = xasprintf("%s/.build-id/%.2s/%s.prof-plain", dir, hex, hex + 2);
	if (plain_copy_valid(copy, &bid))
		return copy;
	if (plain_copy_write(path, copy) || !plain_copy_valid(copy, &bid)) {
		pr_debug(1, "build-id cache: no plain copy of %s in %s\n", path, copy);
		free(copy);
		return NULL;
	}
	return copy;
}
