// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof archive [FILE]: what perf 6.1's perf-archive script does, so a
 * recording can be reported on another machine: FILE.tar.bz2 (FILE is
 * perf.data by default) holding, for each DSO a sample hit (buildid-list
 * --with-hits), its build-id link and its entry in the build-id cache
 * (~/.debug or --buildid-dir: the copied binary, debug file, kallsyms),
 * paths relative to the cache; then perf's words on how to unpack it.
 * tar(1) writes the archive (bzip2, as perf).
 *
 * A DSO without a build-id cannot be looked up and is left out as perf
 * leaves it out; one whose build-id is not in the cache is said on
 * stderr and left out (perf's script hands tar the name of what is not
 * there). No build-id at all is perf's "no build-ids found", exit 1.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/build-id.h"
#include "prof/strbuf.h"
#include "builtin.h"
#include <signal.h>
#include <sys/wait.h>

static const char *const archive_usage[] = {
	"prof archive [<perf.data>]",
	NULL
};

struct archive {
	const char *dir;	/* the cache */
	char *realdir;		/* the cache, links resolved */
	struct strbuf manifest;	/* one path a line, relative to the cache */
	int nr_ids, nr_files;
};

static void archive__add(const struct build_id *bid, const char *name, void *priv)
{
	struct archive *a = priv;
	char hex[SBUILD_ID_SIZE], *link, target[PATH_MAX];
	size_t dlen = strlen(a->realdir);

	if (!bid->size)
		return;
	a->nr_ids++;
	build_id__snprintf(bid, hex, sizeof(hex));
	link = build_id_cache__linkname(a->dir, hex);
	if (!realpath(link, target) || strncmp(target, a->realdir, dlen) || target[dlen] != '/') {
		pr_info("prof archive: %s %s is not in the build-id cache %s", hex, name, a->dir);
		free(link);
		return;
	}
	strbuf_addf(&a->manifest, ".build-id/%.2s/%s\n%s\n", hex, hex + 2, target + dlen + 1);
	pr_debug(1, "archiving %s %s: .build-id/%.2s/%s %s", hex, name, hex, hex + 2,
		 target + dlen + 1);
	a->nr_files++;
	free(link);
}

/* tar cjf @out -C @dir -T - with the manifest on its stdin; its status. */
static int archive__tar(const char *out, const char *dir, const struct strbuf *manifest)
{
	int fds[2], status;
	pid_t pid;
	size_t off = 0;

	if (pipe(fds))
		return error("prof archive: pipe: %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return error("prof archive: fork: %s", strerror(errno));
	if (pid == 0) {
		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		execlp("tar", "tar", "cjf", out, "-C", dir, "-T", "-", (char *)NULL);
		fprintf(stderr, "prof archive: cannot run tar: %s\n", strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	signal(SIGPIPE, SIG_IGN);
	while (off < manifest->len) {
		ssize_t n = write(fds[1], manifest->buf + off, manifest->len - off);

		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fds[1]);
	if (waitpid(pid, &status, 0) < 0)
		return error("prof archive: waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return error("prof archive: tar failed writing %s", out);
	return 0;
}

int cmd_archive(int argc, const char **argv)
{
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_END()
	};
	struct archive a = { 0 };
	const char *input = "perf.data";
	char real[PATH_MAX], *out;
	int ret;

	argc = parse_options(argc, argv, options, archive_usage, 0);
	if (argc > 1)
		usage_with_options(archive_usage, options);
	if (argc == 1)
		input = argv[0];
	a.dir = buildid_dir();
	a.realdir = xstrdup(realpath(a.dir, real) ? real : a.dir);
	strbuf_init(&a.manifest, 1024);
	if (buildid_list__dsos(input, false, true, archive__add, &a)) {
		ret = -1;
		goto out;
	}
	if (!a.nr_ids) {
		printf("perf archive: no build-ids found\n");
		ret = 1;
		goto out;
	}
	if (!a.nr_files) {
		ret = error("prof archive: none of the build-ids of %s is in the build-id cache %s",
			     input, a.dir);
		goto out;
	}
	out = xasprintf("%s.tar.bz2", input);
	ret = archive__tar(out, a.dir, &a.manifest);
	if (!ret) {
		printf("Now please run:\n\n");
		printf("$ tar xvf %s -C ~/.debug\n\n", out);
		printf("wherever you need to run 'perf report' on.\n");
	}
	free(out);
out:
	free(a.realdir);
	strbuf_release(&a.manifest);
	return ret;
}
