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
#include "prof/debuginfod.h"
#include "prof/dso.h"
#include "prof/nsinfo.h"
#include "prof/util.h"
#include <fcntl.h>
#include <gelf.h>
#include <ctype.h>
#include <dirent.h>
#include <ftw.h>
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

static int cache_extras(const char *d, const char *name, const char *realname,
			const char *sbid, const struct nsinfo *nsi);

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

			/* perf writes its copy of the vdso for its owner only */
			if (img)
				write_bytes(file, img, len, 0600);
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
	/* what perf's cache holds beside a copy: debug file, SDT probes */
	if (vdso || (!kallsyms && fd < 0 && !kind))
		cache_extras(d, filename, filename, hex, NULL);
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

/*
 * The cache as perf buildid-cache manages it: entries added and removed
 * by path, listed by build-id (perf 6.1's build-id-cache code, see
 * build-id.h for each contract).
 */

char *build_id_cache__linkname(const char *dir, const char *sbid)
{
	return xasprintf("%s/.build-id/%.2s/%s", dir, sbid, sbid + 2);
}

char *build_id_cache__origname(const char *dir, const char *sbid)
{
	char *link = build_id_cache__linkname(dir, sbid), buf[PATH_MAX], *slash;
	ssize_t len = readlink(link, buf, sizeof(buf) - 1);
	size_t skip = 5;	/* "../.." */

	free(link);
	if (len <= 0)
		return NULL;
	buf[len] = '\0';
	/* "../../<path>/<build-id>": the path without its last component */
	slash = strrchr(buf, '/');
	if (!slash || slash <= buf + skip)
		return NULL;
	*slash = '\0';
	if (buf[skip + 1] == '[')	/* "../../[kernel.kallsyms]" */
		skip++;
	return xstrdup(buf + skip);
}

bool build_id_cache__cached(const char *dir, const char *sbid)
{
	char *link = build_id_cache__linkname(dir, sbid);
	bool ret = access(link, F_OK) == 0;

	free(link);
	return ret;
}

static bool all_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return s[n] == '\0';
}

/* The cached file of @orig, whose build-id must still be @sbid. */
static bool entry_valid(const char *orig, const char *sbid)
{
	char hex[SBUILD_ID_SIZE];
	struct build_id bid;
	int ret;

	if (!strcmp(orig, "[kernel.kallsyms]"))
		ret = kernel__read_build_id(&bid);
	else if (orig[0] == '/')
		ret = filename__read_build_id(orig, &bid);
	else
		return false;	/* [vdso] and the like: perf lists none */
	if (ret)
		return false;
	build_id__snprintf(&bid, hex, sizeof(hex));
	return !strcmp(hex, sbid);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void ids_add(char ***ids, size_t *nr, size_t *alloc, char *s)
{
	*ids = xgrow(*ids, sizeof(**ids), *nr + 1, alloc);
	(*ids)[(*nr)++] = s;
}

int build_id_cache__list(const char *dir, bool valid_only, char ***idsp, size_t *nrp)
{
	char *top = xasprintf("%s/.build-id", dir), **ids = NULL;
	size_t nr = 0, alloc = 0;
	struct dirent *d;
	DIR *td = opendir(top);

	*idsp = NULL;
	*nrp = 0;
	if (!td) {
		int err = errno;

		free(top);
		return err == ENOENT ? 0 : -err;
	}
	while ((d = readdir(td)) != NULL) {
		char *sub;
		struct dirent *e;
		DIR *sd;

		if (strlen(d->d_name) != 2 || !all_hex(d->d_name, 2))
			continue;
		sub = xasprintf("%s/%s", top, d->d_name);
		sd = opendir(sub);
		free(sub);
		if (!sd)
			continue;
		while ((e = readdir(sd)) != NULL) {
			size_t n = strlen(e->d_name);
			char *sbid;

			/* 16 to 20 byte ids: 30 to 38 more digits */
			if (n < 30 || n > 38 || !all_hex(e->d_name, n))
				continue;
			sbid = xasprintf("%s%s", d->d_name, e->d_name);
			if (valid_only) {
				char *orig = build_id_cache__origname(dir, sbid);
				bool ok = orig && entry_valid(orig, sbid);

				free(orig);
				if (!ok) {
					free(sbid);
					continue;
				}
			}
			ids_add(&ids, &nr, &alloc, sbid);
		}
		closedir(sd);
	}
	closedir(td);
	free(top);
	if (nr)
		qsort(ids, nr, sizeof(*ids), cmp_str);
	*idsp = ids;
	*nrp = nr;
	return 0;
}

int build_id_cache__path_ids(const char *dir, const char *realname, char ***idsp, size_t *nrp)
{
	char *path = xasprintf("%s%s", dir, realname), **ids = NULL;
	size_t nr = 0, alloc = 0;
	struct dirent *d;
	DIR *pd = opendir(path);
	int err = errno;

	free(path);
	*idsp = NULL;
	*nrp = 0;
	if (!pd)
		return -err;
	while ((d = readdir(pd)) != NULL)
		if (d->d_name[0] != '.')
			ids_add(&ids, &nr, &alloc, xstrdup(d->d_name));
	closedir(pd);
	if (nr)
		qsort(ids, nr, sizeof(*ids), cmp_str);
	*idsp = ids;
	*nrp = nr;
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return (type == FTW_DP ? rmdir(path) : unlink(path)) ? -1 : 0;
}

int build_id_cache__remove(const char *dir, const char *sbid)
{
	char *link = build_id_cache__linkname(dir, sbid), target[PATH_MAX], *entry;
	ssize_t len;
	int ret;

	if (access(link, F_OK) || (len = readlink(link, target, sizeof(target) - 1)) < 0) {
		ret = -errno;
		free(link);
		return ret;
	}
	target[len] = '\0';
	if (unlink(link)) {
		ret = -errno;
		free(link);
		return ret;
	}
	/* the link is relative to its own directory */
	*strrchr(link, '/') = '\0';
	entry = xasprintf("%s/%s", link, target);
	ret = nftw(entry, rm_one, 16, FTW_DEPTH | FTW_PHYS) ? -errno : 0;
	free(entry);
	free(link);
	return ret;
}

/* @from into @to: a hard link, else a copy keeping its mode. */
static int link_or_copy(const char *from, const char *to, int fd)
{
	struct stat st;
	size_t len = 0;
	char *buf;
	int ret;

	if (fd < 0 && (link(from, to) == 0 || errno == EEXIST))
		return 0;
	buf = fd >= 0 ? read_fd_str(fd, &len) : read_file_str(from, &len);
	if (!buf)
		return -errno;
	if (fd >= 0 ? fstat(fd, &st) : stat(from, &st))
		st.st_mode = 0755;
	ret = write_bytes(to, buf, len, st.st_mode & 07777);
	free(buf);
	return ret;
}

/*
 * Beside the copy in the entry directory @d, as perf's cache has them:
 * a binary's debug file from /usr/lib/debug/.build-id, else from the
 * DEBUGINFOD_URLS servers (its symbols when it is stripped), and the
 * probes file of its SDT notes (empty without notes; the [vdso] gets an
 * empty one too). 0, or -errno when the debug file cannot be copied (a
 * probes failure is only said with -vvvv).
 */
static int cache_extras(const char *d, const char *name, const char *realname,
			const char *sbid, const struct nsinfo *nsi)
{
	char *debug, *file, rdebug[PATH_MAX], buf[PATH_MAX], *fetched = NULL;
	const char *from = NULL;
	int ret = 0;

	if (realname[0] == '/' && !strends(realname, ".ko")) {
		debug = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug", sbid, sbid + 2);
		nsinfo__path(nsi, debug, buf, sizeof(buf));
		free(debug);
		if (realpath(buf, rdebug) && !access(rdebug, R_OK))
			from = rdebug;
		else	/* none here: the debuginfod servers', as perf's */
			from = fetched = debuginfod__find_debuginfo(sbid);
		if (from) {
			file = xasprintf("%s/debug", d);
			if (access(file, F_OK))
				ret = link_or_copy(from, file, -1);
			free(file);
			free(fetched);
			if (ret)
				return ret;
		}
	}
	/* the SDT probes: perf list sdt and perf probe read them here */
	file = xasprintf("%s/probes", d);
	if (probe_cache__write_sdt(file, name, realname, nsi) < 0)
		pr_debug(4, "Failed to update/scan SDT cache for %s", realname);
	free(file);
	return 0;
}

int build_id_cache__add_file(const char *dir, const char *name, const char *realname,
			     const char *sbid, const struct nsinfo *nsi)
{
	char *d = xasprintf("%s%s/%s", dir, realname, sbid), *file = NULL, *link = NULL;
	char *target, buf[PATH_MAX];
	struct stat st;
	ssize_t len;
	int ret, fd = -1;

	/* perf's first cache kept the file itself where the directory goes */
	if (!stat(d, &st) && S_ISREG(st.st_mode) && unlink(d))
		goto fail;
	if ((ret = mkdir_p(d)))
		goto out;
	file = xasprintf("%s/elf", d);
	if (access(file, F_OK)) {
		if (nsi) {
			fd = nsinfo__open(nsi, realname, O_RDONLY | O_CLOEXEC);
			if (fd < 0) {
				ret = fd;
				goto out;
			}
		}
		ret = link_or_copy(realname, file, fd);
		if (fd >= 0)
			close(fd);
		if (ret)
			goto out;
	}
	link = build_id_cache__linkname(dir, sbid);
	*strrchr(link, '/') = '\0';
	if (access(link, X_OK) && (ret = mkdir_p(link)))
		goto out;
	link[strlen(link)] = '/';
	target = xasprintf("../..%s/%s", realname, sbid);
	if (symlink(target, link) && errno != EEXIST) {
		free(target);
		goto fail;
	}
	len = readlink(link, buf, sizeof(buf) - 1);
	if (len > 0 && (buf[len] = '\0', strcmp(buf, target)))
		pr_debug(1, "build <%s> already linked to %s", sbid, link);
	free(target);
	ret = cache_extras(d, name, realname, sbid, nsi);
	goto out;
fail:
	ret = -errno;
out:
	free(link);
	free(file);
	free(d);
	return ret;
}
