// SPDX-License-Identifier: GPL-2.0-only
/*
 * replay.c: main() for a fuzz target outside libFuzzer. Feeds each file
 * named on the command line (or each file in a named directory) to
 * LLVMFuzzerTestOneInput once, so the test suite replays seed corpora and
 * past crashes as regressions with the ordinary compiler. A crash or a
 * sanitizer report fails the run; the exit status is 0 otherwise.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include <dirent.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static int replay_file(const char *path)
{
	size_t len;
	char *buf = read_file_str(path, &len);

	if (!buf) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	LLVMFuzzerTestOneInput((const u8 *)buf, len);
	free(buf);
	return 0;
}

static int replay_path(const char *path, int *count)
{
	struct stat st;
	struct dirent **names;
	int n, i, ret = 0;

	if (stat(path, &st))
		return error("replay: %s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0)
		return error("replay: %s: %s", path, strerror(errno));
	for (i = 0; i < n; i++) {
		char *sub;

		if (names[i]->d_name[0] != '.') {
			sub = xasprintf("%s/%s", path, names[i]->d_name);
			if (replay_path(sub, count))
				ret = -1;
			free(sub);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	int i, count = 0, ret = 0;

	for (i = 1; i < argc; i++)
		if (replay_path(argv[i], &count))
			ret = 1;
	printf("replayed %d inputs\n", count);
	return ret;
}
