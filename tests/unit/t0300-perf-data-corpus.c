// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0300-perf-data-corpus: the session reader over the shared corpus.
 *
 * 1. Every file perf 6.1 reads, and every other file it printed --stats
 *    for: our --stats text equals what perf 6.1 printed
 *    (perf61-outputs/<file>.stats.txt), byte for byte, except two files
 *    where perf 6.1 itself is wrong (listed below); ordered delivery counts
 *    the same records as file-order delivery.
 * 2. Every perf.data-looking file of the corpus (fuzz inputs included) is
 *    either read to the end or refused with "<file>: offset 0x..: <what>";
 *    a crash or a hang fails the whole program (alarm).
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/stats-print.h"
#include "prof/util.h"
#include "tap.h"
#include <ftw.h>
#include <regex.h>

#define CORPUS PROF_SRCDIR "/../shared/corpus"

/* perf 6.1 gets these wrong, prof reads them fully (see the design note). */
static const char *const perf61_wrong[] = {
	/* the stats tool does not skip the TRACING_DATA payload in a stream */
	"perfparser/tests_auto_perfdata/probe.data.stream",
	/* "Couldn't decompress data": no COMPRESSED feature in a stream */
	"linux-perf-data/fixtures/sleep.compressed.pipe.data",
};

static bool is_perf61_wrong(const char *rel)
{
	for (size_t i = 0; i < ARRAY_SIZE(perf61_wrong); i++)
		if (!strcmp(rel, perf61_wrong[i]))
			return true;
	return false;
}

static int run(const char *path, bool ordered, char **stats_text, u64 *counts,
	       char **errmsg)
{
	struct tool tool = { .ordered_events = ordered };
	struct session *s;
	int ret;

	*errmsg = NULL;
	ret = session__open(&s, path, errmsg);
	if (ret)
		return ret;
	ret = session__process_events(s, &tool);
	if (ret)
		*errmsg = xstrdup(session__strerror(s));
	if (stats_text) {
		size_t len;
		FILE *fp = open_memstream(stats_text, &len);

		stats__fprintf(s, fp, true);
		fclose(fp);
	}
	if (counts)
		memcpy(counts, session__stats(s)->nr_events, sizeof(u64) * PERF_RECORD_TYPE_MAX);
	session__delete(s);
	return ret;
}

/* Compare our --stats with perf's for one corpus file; true if identical. */
static bool compare_stats(const char *line, const char *expect)
{
	char *path = xasprintf("%s/perf-data/%s", CORPUS, line);
	char *got = NULL, *err = NULL, *err2 = NULL;
	u64 c1[PERF_RECORD_TYPE_MAX], c2[PERF_RECORD_TYPE_MAX];
	int ret = run(path, false, &got, c1, &err);
	int ret2 = run(path, true, NULL, c2, &err2);
	bool same = false;

	if (ret && err && strstr(err, "prof was built without zstd")) {
		ok(1, "%s: zstd-compressed, refused clearly without zstd", line);
	} else if (is_perf61_wrong(line)) {
		ok(ret == 0 && c1[0] > 0, "%s read fully (perf 6.1 cannot) %s",
		   line, err ? err : "");
	} else if (ok(got && expect && !strcmp(got, expect), "%s: --stats as perf 6.1", line)) {
		same = true;
	} else {
		diag("got:\n%s", got ? got : "(nothing)");
		diag("err: %s", err ? err : "");
	}
	ok(ret == ret2 && !memcmp(c1, c2, sizeof(c1)),
	   "%s: ordered delivery reads the same records", line);
	free(path);
	free(got);
	free(err);
	free(err2);
	return same;
}

static char *expected_stats(const char *line)
{
	char *exp_path = xasprintf("%s/perf61-outputs/%s.stats.txt", CORPUS, line);
	char *expect = read_file_str(exp_path, NULL);

	free(exp_path);
	return expect;
}

/*
 * The files perf 6.1 reads, plus those it printed --stats for although it
 * failed later (old ChromeOS streams, fuzz inputs): the same text.
 */
static void check_stats(void)
{
	char *list = read_file_str(CORPUS "/readable-by-perf61.txt", NULL);
	char *tsv = read_file_str(CORPUS "/perf61-summary.tsv", NULL);
	int same = 0, total = 0, extra_same = 0, extra = 0;
	char *save;

	if (!ok(list && tsv, "readable-by-perf61.txt and perf61-summary.tsv present")) {
		free(list);
		free(tsv);
		return;
	}
	for (char *line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *expect = expected_stats(line);

		total++;
		same += compare_stats(line, expect);
		free(expect);
	}
	/* summary rows: file, ..., stats_rc in column 10 */
	free(list);
	list = read_file_str(CORPUS "/readable-by-perf61.txt", NULL);
	for (char *row = strtok_r(tsv, "\n", &save); row; row = strtok_r(NULL, "\n", &save)) {
		char *col[11] = { NULL }, *p = row, *expect;
		char *needle;
		int n = 0;

		while (n < 11 && p) {
			col[n++] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = 0;
		}
		if (n < 11 || strcmp(col[9], "0"))
			continue;
		needle = xasprintf("\n%s\n", col[0]);
		if (strstr(list, needle) || !strncmp(list, needle + 1, strlen(needle + 1))) {
			free(needle);
			continue;	/* done above */
		}
		free(needle);
		expect = expected_stats(col[0]);
		if (expect && *expect) {
			extra++;
			extra_same += compare_stats(col[0], expect);
		}
		free(expect);
	}
	diag("%d of %d files perf 6.1 reads: --stats identical", same, total);
	diag("%d of %d more files perf 6.1 printed --stats for: identical", extra_same, extra);
	free(list);
	free(tsv);
}

static regex_t err_re;
static int nr_files, nr_parsed, nr_refused, nr_bad;

static bool looks_like_data(const char *path)
{
	static const char *const skip[] = { ".txt", ".buildids", ".md", "LICENSE",
					    "README", ".gz", ".json", ".proto" };

	if (strstr(path, "/expected_pb_text/") || strstr(path, "LICENSE"))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(skip); i++)
		if (strends(path, skip[i]))
			return false;
	return true;
}

static int visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *err = NULL;
	int ret;

	if (flag != FTW_F || !looks_like_data(path))
		return 0;
	nr_files++;
	ret = run(path, true, NULL, NULL, &err);
	if (!ret) {
		nr_parsed++;
	} else if (err && !strncmp(err, path, strlen(path)) &&
		   !regexec(&err_re, err + strlen(path), 0, NULL, 0)) {
		nr_refused++;
	} else {
		nr_bad++;
		diag("%s: unclear error: %s", path, err ? err : "(none)");
	}
	if (strstr(path, "quipper_fuzz_corpus"))
		ok(ret == 0 || (err && strstr(err, ": offset 0x")),
		   "fuzz input %s: %s", strrchr(path, '/') + 1, ret ? err : "parsed");
	free(err);
	return 0;
}

static int nr_warnings;

static void quiet_sink(const char *prefix, const char *msg)
{
	nr_warnings++;
}

int main(void)
{
	if (access(CORPUS "/perf-data", R_OK))
		skip_all("the shared corpus is not present");
	alarm(300);	/* a hang is a failure */
	set_msg_sink(quiet_sink);	/* warnings about corrupt input are expected */
	check_stats();
	regcomp(&err_re, "^: offset 0x[0-9a-f]+: [a-zA-Z]", REG_EXTENDED | REG_NOSUB);
	nftw(CORPUS "/perf-data", visit, 16, FTW_PHYS);
	regfree(&err_re);
	diag("%d corpus files: %d read fully, %d refused cleanly, %d unclear",
	     nr_files, nr_parsed, nr_refused, nr_bad);
	ok(nr_files > 150, "walked the corpus");
	is_int(nr_bad, 0, "every refusal names the file, the offset and the problem");
	return done_testing();
}
