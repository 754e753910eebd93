// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0304-ordered-corpus: ordered delivery against perf 6.1 itself. For
 * every corpus file perf 6.1 reads, the timestamps of the samples we
 * deliver with tool->ordered_events must come in exactly the order
 * perf script printed them (perf61-outputs/<file>.script.txt.gz), which
 * checks the FINISHED_ROUND two-round rule on real multi-CPU data.
 * Files with AUX area data are left out (perf script prints samples its
 * decoder synthesizes there).
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <regex.h>

#define CORPUS PROF_SRCDIR "/../shared/corpus"

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct strbuf *sb = session__tool_priv(s);

	strbuf_addf(sb, "%" PRIu64 ".%06" PRIu64 "\n", (u64)(sm->time / 1000000000),
		    (u64)(sm->time % 1000000000 / 1000));
	return 0;
}

static void quiet(const char *prefix, const char *msg)
{
}

/* Sample timestamps perf script printed, one per line. */
static bool perf_times(const char *gz, struct strbuf *out, regex_t *re)
{
	char *cmd = xasprintf("gzip -dc '%s' 2>/dev/null", gz);
	FILE *p = popen(cmd, "r");
	char line[8192];

	free(cmd);
	if (!p)
		return false;
	while (fgets(line, sizeof(line), p)) {
		regmatch_t m[2];

		if (strstr(line, "PERF_RECORD_"))
			continue;
		if (regexec(re, line, 2, m, 0))
			continue;
		strbuf_add(out, line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
		strbuf_addch(out, '\n');
	}
	return pclose(p) == 0;
}

int main(void)
{
	char *list;
	regex_t re;
	int same = 0, compared = 0;

	if (access(CORPUS "/perf-data", R_OK))
		skip_all("the shared corpus is not present");
	if (system("gzip --version >/dev/null 2>&1"))
		skip_all("gzip is not installed");
	alarm(300);
	set_msg_sink(quiet);
	regcomp(&re, " ([0-9]+\\.[0-9]{6}): ", REG_EXTENDED);
	list = read_file_str(CORPUS "/readable-by-perf61.txt", NULL);
	for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
		char *path = xasprintf("%s/perf-data/%s", CORPUS, line);
		char *gz = xasprintf("%s/perf61-outputs/%s.script.txt.gz", CORPUS, line);
		struct strbuf ours = STRBUF_INIT, theirs = STRBUF_INIT;
		struct tool t = { .sample = on_sample, .ordered_events = true, .priv = &ours };
		struct session *s = NULL;
		char *err = NULL;

		if (access(gz, R_OK) || session__open(&s, path, &err) ||
		    session__has_auxtrace(s) || session__process_events(s, &t) ||
		    !perf_times(gz, &theirs, &re)) {
			free(err);
			goto next;
		}
		compared++;
		if (ok(!strcmp(ours.buf, theirs.buf), "%s: samples in perf script's order", line))
			same++;
next:
		session__delete(s);
		strbuf_release(&ours);
		strbuf_release(&theirs);
		free(path);
		free(gz);
	}
	free(list);
	regfree(&re);
	diag("%d of %d files: sample order identical to perf script", same, compared);
	ok(compared > 100, "compared %d files", compared);
	return done_testing();
}
