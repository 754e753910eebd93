// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof buildid-cache: manage the build-id cache (~/.debug, --buildid-dir)
 * that record fills and report reads, as perf 6.1's command does and in
 * its layout, so that perf and prof use one cache: add files (-a), remove
 * them (-r), remove every cached build of a path (-p) or everything (-P),
 * list the valid entries (-l), list what a perf.data needs and the cache
 * lacks (-M), replace an entry (-u). With --debuginfod, a file added whose
 * debug file /usr/lib/debug lacks gets the debuginfod servers' one.
 *
 * Lists of files are comma separated and taken sorted and once each, as
 * perf's strlist takes them. The operations run in perf's order: -a, -r,
 * -p, -P, -M, -u. Messages are perf's; with -v each file's result
 * ("Adding <build-id> <file>: Ok") goes to stderr. Unlike perf, a file
 * that cannot be added, removed or updated makes the exit status 1.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/header.h"
#include "prof/build-id.h"
#include "prof/nsinfo.h"
#include "prof/debuginfod.h"
#include "prof/config.h"
#include "builtin.h"
#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/wait.h>

static const char *const buildid_cache_usage[] = {
	"prof buildid-cache [<options>]",
	NULL
};

struct bc {
	const char *dir;
	struct nsinfo *nsi;
	int failed;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* perf's strlist of "a,b,c": sorted, each once, empty names dropped. */
static char **split_list(const char *s, size_t *nr)
{
	char *copy = xstrdup(s), *save = NULL, *tok, **v = NULL;
	size_t n = 0, alloc = 0, i, k = 0;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		v = xgrow(v, sizeof(*v), n + 1, &alloc);
		v[n++] = xstrdup(tok);
	}
	free(copy);
	if (n)
		qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++) {
		if (k && !strcmp(v[k - 1], v[i])) {
			free(v[i]);
			continue;
		}
		v[k++] = v[i];
	}
	*nr = k;
	return v;
}

static void free_list(char **v, size_t n)
{
	while (n)
		free(v[--n]);
	free(v);
}

/*
 * realpath(3) of @name in the mount namespace of @pid: /proc/PID/root
 * cannot be used (realpath reads that link as "/", ours), so a child
 * enters the namespace, as perf does for --target-ns, and says the answer
 * through a pipe. NULL with errno set when there is none.
 */
static char *ns_realpath(pid_t pid, const char *name)
{
	char path[64], real[PATH_MAX];
	int fds[2], status, err = ENOENT;
	ssize_t n = 0, got;
	pid_t child;

	if (pipe(fds))
		return NULL;
	fflush(stdout);
	child = fork();
	if (child < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (child == 0) {
		int fd;

		close(fds[0]);
		snprintf(path, sizeof(path), "/proc/%d/ns/mnt", (int)pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || setns(fd, CLONE_NEWNS) || !realpath(name, real))
			_exit(errno ? errno : ENOENT);
		if (write(fds[1], real, strlen(real)) < 0)
			_exit(EIO);
		_exit(0);
	}
	close(fds[1]);
	while (n < (ssize_t)sizeof(real) - 1 &&
	       (got = read(fds[0], real + n, sizeof(real) - 1 - (size_t)n)) > 0)
		n += got;
	close(fds[0]);
	real[n] = '\0';
	if (waitpid(child, &status, 0) == child && WIFEXITED(status))
		err = WEXITSTATUS(status);
	if (err || !n) {
		errno = err ? err : ENOENT;
		return NULL;
	}
	return xstrdup(real);
}

/* @name's canonical path, in the target's mount namespace with --target-ns. */
static char *real_name(const struct bc *bc, const char *name)
{
	char real[PATH_MAX];

	if (bc->nsi && bc->nsi->need_setns)
		return ns_realpath(bc->nsi->pid, name);
	return realpath(name, real) ? xstrdup(real) : NULL;
}

/* The build-id of @name as hex: 0, or -errno (-ENODATA: none, -ENOEXEC: no ELF). */
static int file_sbid(const struct bc *bc, const char *name, char *hex, size_t size)
{
	struct build_id bid;
	char buf[PATH_MAX];
	int ret;

	nsinfo__path(bc->nsi, name, buf, sizeof(buf));
	ret = filename__read_build_id(buf, &bid);
	if (ret) {
		pr_debug(1, "Couldn't read a build-id in %s", name);
		return ret;
	}
	build_id__snprintf(&bid, hex, size);
	return 0;
}

static const char *why(int err)
{
	if (err == -ENODATA)
		return "no build-id in it";
	if (err == -ENOEXEC)
		return "not an ELF file";
	return strerror(-err);
}

static void couldnt(struct bc *bc, const char *verb, const char *name, int err)
{
	pr_info("Couldn't %s %s: %s", verb, name, why(err));
	bc->failed = 1;
}

static int add_one(struct bc *bc, const char *name, const char *hex)
{
	char *real = real_name(bc, name);
	int ret;

	if (!real)
		return -errno;
	ret = build_id_cache__add_file(bc->dir, name, real, hex, bc->nsi);
	free(real);
	return ret;
}

static void do_add(struct bc *bc, const char *name)
{
	char hex[SBUILD_ID_SIZE];
	int ret = file_sbid(bc, name, hex, sizeof(hex));

	if (!ret) {
		ret = add_one(bc, name, hex);
		pr_debug(1, "Adding %s %s: %s", hex, name, ret ? "FAIL" : "Ok");
	}
	if (ret)
		couldnt(bc, "add", name, ret);
}

static void do_remove(struct bc *bc, const char *name)
{
	char hex[SBUILD_ID_SIZE];
	int ret = file_sbid(bc, name, hex, sizeof(hex));

	if (ret) {
		couldnt(bc, "remove", name, ret);
		return;
	}
	ret = build_id_cache__remove(bc->dir, hex);
	pr_debug(1, "Removing %s %s: %s", hex, name, ret ? "FAIL" : "Ok");
	if (ret == -ENOENT)
		pr_debug(1, "%s wasn't in the cache", name);
	else if (ret)
		couldnt(bc, "remove", name, ret);
}

static void do_purge(struct bc *bc, const char *name)
{
	char *real = real_name(bc, name), **ids;
	size_t nr, i;
	int ret = build_id_cache__path_ids(bc->dir, real ? real : name, &ids, &nr);

	free(real);
	for (i = 0; !ret && i < nr; i++) {
		ret = build_id_cache__remove(bc->dir, ids[i]);
		pr_debug(1, "Removing %s %s: %s", ids[i], name, ret ? "FAIL" : "Ok");
	}
	free_list(ids, nr);
	pr_debug(1, "Purging %s: %s", name, ret ? "FAIL" : "Ok");
	if (ret == -ENOENT)
		pr_debug(1, "%s wasn't in the cache", name);
	else if (ret)
		couldnt(bc, "remove", name, ret);
}

static void do_purge_all(struct bc *bc)
{
	char **ids;
	size_t nr, i;
	int ret = build_id_cache__list(bc->dir, false, &ids, &nr);

	for (i = 0; !ret && i < nr; i++) {
		char *orig = build_id_cache__origname(bc->dir, ids[i]);

		ret = build_id_cache__remove(bc->dir, ids[i]);
		pr_debug(1, "Removing %s (%s): %s", orig ? orig : "(null)", ids[i],
			 ret ? "FAIL" : "Ok");
		free(orig);
	}
	free_list(ids, nr);
	pr_debug(1, "Purged all: %s", ret ? "FAIL" : "Ok");
	if (ret) {
		pr_info("Couldn't remove some caches. Error: %s.", strerror(-ret));
		bc->failed = 1;
	}
}

static void do_update(struct bc *bc, const char *name)
{
	char hex[SBUILD_ID_SIZE];
	int ret = file_sbid(bc, name, hex, sizeof(hex));

	if (!ret) {
		if (build_id_cache__cached(bc->dir, hex))
			ret = build_id_cache__remove(bc->dir, hex);
		if (!ret)
			ret = add_one(bc, name, hex);
		pr_debug(1, "Updating %s %s: %s", hex, name, ret ? "FAIL" : "Ok");
	}
	if (ret)
		couldnt(bc, "update", name, ret);
}

static int show_all(struct bc *bc)
{
	char **ids;
	size_t nr, i;
	int ret = build_id_cache__list(bc->dir, true, &ids, &nr);

	if (ret)
		return error("cannot read the build-id cache %s: %s", bc->dir, strerror(-ret));
	for (i = 0; i < nr; i++) {
		char *orig = build_id_cache__origname(bc->dir, ids[i]);

		printf("%s %s\n", ids[i], orig ? orig : "(null)");
		free(orig);
	}
	free_list(ids, nr);
	return 0;
}

/*
 * -M: a DSO of the file whose cached copy is missing is listed; one whose
 * copy is there but of another build (or unreadable, as a kallsyms copy
 * is to an ELF reader) is not, with perf's warning.
 */
static int print_missing(const struct header_build_id *place, const struct header_build_id *id,
			 void *priv)
{
	struct build_id bid = { .size = id->size ? id->size : BUILD_ID_SIZE }, cbid;
	const char *name = place->filename, *base = "elf";
	char hex[SBUILD_ID_SIZE], *link, *file;
	struct bc *bc = priv;
	int ret;

	memcpy(bid.data, id->build_id, min(bid.size, sizeof(bid.data)));
	build_id__snprintf(&bid, hex, sizeof(hex));
	if (name[0] != '/' && strstr(name, "kernel.kallsyms"))
		base = "kallsyms";
	else if (!strcmp(name, "[vdso]") || !strcmp(name, "[vdso32]") || !strcmp(name, "[vdsox32]"))
		base = "vdso";
	link = build_id_cache__linkname(bc->dir, hex);
	file = xasprintf("%s/%s", link, base);
	ret = filename__read_build_id(file, &cbid);
	if (ret == -ENOENT || ret == -ENOTDIR)
		printf("%-40s %s\n", hex, name);
	else if (ret || !build_id__equal(&bid, &cbid))
		pr_info("Problems with %s file, consider removing it from the cache", file);
	free(file);
	free(link);
	return 0;
}

static int show_missing(struct bc *bc, const char *input, bool force)
{
	struct session *s = NULL;
	char *errmsg = NULL;
	int ret = session__open_input(&s, input, force, &errmsg);

	if (ret < 0) {
		session__open_error(ret, input, errmsg);
		free(errmsg);
		return -1;
	}
	perf_header__for_each_dso_build_id(session__header(s), print_missing, bc);
	session__delete(s);
	return 0;
}

/* buildid-cache.debuginfod: --debuginfod's URLs when the option is not given */
static int buildid_cache_config(const char *var, const char *value, void *data)
{
	const char **urls = data;

	if (!strcmp(var, "buildid-cache.debuginfod"))
		*urls = value;	/* the process's config set keeps it */
	return 0;
}

int cmd_buildid_cache(int argc, const char **argv)
{
	const char *add = NULL, *rm = NULL, *purge = NULL, *missing = NULL, *update = NULL;
	const char *kcore = NULL, *debuginfod = NULL;
	bool list = false, purge_all = false, force = false;
	int ns_pid = -1, ret = 0;
	struct bc bc = { 0 };
	char **v;
	size_t n, i;
	const struct option options[] = {
		OPT_STRING('a', "add", &add, "file list", "file(s) to add"),
		OPT_STRING('k', "kcore", &kcore, "file", "kcore file to add"),
		OPT_STRING('r', "remove", &rm, "file list", "file(s) to remove"),
		OPT_STRING('p', "purge", &purge, "file list",
			   "file(s) to remove (remove old caches too)"),
		OPT_BOOLEAN('P', "purge-all", &purge_all, "purge all cached files"),
		OPT_BOOLEAN('l', "list", &list, "list all cached files"),
		OPT_STRING('M', "missing", &missing, "file",
			   "to find missing build ids in the cache"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_STRING('u', "update", &update, "file list", "file(s) to update"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_INTEGER(0, "target-ns", &ns_pid, "target pid for namespace context"),
		OPT_STRING_OPTARG(0, "debuginfod", &debuginfod, "debuginfod urls",
				  "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls",
				  "system"),
		OPT_END()
	};
	bool ops;

	if (prof_config(buildid_cache_config, &debuginfod) < 0)
		return -1;
	argc = parse_options(argc, argv, options, buildid_cache_usage, 0);
	ops = add || kcore || rm || purge || missing || update || purge_all;
	if (argc || !(list || ops))
		usage_with_options(buildid_cache_usage, options);
	/* perf's: DEBUGINFOD_URLS emptied unless asked for */
	debuginfod__setup(debuginfod, debuginfod != NULL);
	if (list && ops)
		usage_with_options_msg(buildid_cache_usage, options, "-l is exclusive.\n");
	if (kcore)
		return error("--kcore: adding a kcore copy to the cache is not supported");
	bc.dir = buildid_dir();
	if (ns_pid > 0) {
		struct stat st;
		char proc[64];

		snprintf(proc, sizeof(proc), "/proc/%d", ns_pid);
		if (stat(proc, &st))
			return error("--target-ns %d: no such process", ns_pid);
		bc.nsi = nsinfo__new(ns_pid);
	}
	if (list)
		return show_all(&bc);
	if (add) {
		v = split_list(add, &n);
		for (i = 0; i < n; i++)
			do_add(&bc, v[i]);
		free_list(v, n);
	}
	if (rm) {
		v = split_list(rm, &n);
		for (i = 0; i < n; i++)
			do_remove(&bc, v[i]);
		free_list(v, n);
	}
	if (purge) {
		v = split_list(purge, &n);
		for (i = 0; i < n; i++)
			do_purge(&bc, v[i]);
		free_list(v, n);
	}
	if (purge_all)
		do_purge_all(&bc);
	if (missing)
		ret = show_missing(&bc, missing, force);
	if (update) {
		v = split_list(update, &n);
		for (i = 0; i < n; i++)
			do_update(&bc, v[i]);
		free_list(v, n);
	}
	nsinfo__put(bc.nsi);
	if (ret)
		return ret;
	return bc.failed;
}
