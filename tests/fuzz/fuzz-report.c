// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: a whole perf.data file (file or pipe format) through
 * "prof report --stdio", the command itself: the session reader with
 * ordered delivery, every record the machine model takes (MMAP, MMAP2,
 * COMM, FORK, EXIT, TIME_CONV, jitdump markers, the kernel and module
 * maps, header build-ids), symbol lookup, callchains, branch stacks and
 * the histograms, printed to /dev/null.
 *
 * Symbols and the build-id cache come from an empty directory (--symfs,
 * PROF_BUILDID_DIR), so no file of this machine is read and an input
 * means the same on every machine; -q keeps the warnings quiet. A crash
 * or a sanitizer report is the only finding: what the command prints
 * and returns for bad input is the shell tests' business.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "../../builtin/builtin.h"
#include "fuzz-tmpdir.h"
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static const char *symfs;

static void quiet(const char *prefix, const char *msg)
{
}

struct feed {
	int fd;
	const u8 *data;
	size_t size;
};

/* A pipe-format input goes through a pipe, read as "-i -" reads it. */
static void *feed_pipe(void *arg)
{
	struct feed *f = arg;
	size_t off = 0;

	while (off < f->size) {
		ssize_t n = write(f->fd, f->data + off, f->size - off);

		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(f->fd);
	return NULL;
}

static bool is_pipe_format(const u8 *data, size_t size)
{
	static const u8 pipe_header[16] = { 'P', 'E', 'R', 'F', 'I', 'L', 'E', '2', 16 };
	static const u8 pipe_header_be[16] = { 'P', 'E', 'R', 'F', 'I', 'L', 'E', '2',
					       0, 0, 0, 0, 0, 0, 0, 16 };

	return size >= 16 && (!memcmp(data, pipe_header, 16) || !memcmp(data, pipe_header_be, 16));
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static bool once;
	char input[64];
	const char *argv[] = { "report", "-q", "--stdio", "--symfs", NULL, "-i", input, NULL };
	int fd, out, saved, pfd[2] = { -1, -1 };
	struct feed feed = { -1, data, size };
	pthread_t writer;
	bool piped = false;

	if (!once) {
		symfs = fuzz_tmpdir("fuzz-report");
		if (!symfs)
			return 0;
		setenv("PROF_BUILDID_DIR", symfs, 1);
		setenv("PROF_PAGER", "cat", 1);
		once = true;
	}
	argv[4] = symfs;
	if (is_pipe_format(data, size)) {
		/* SIGPIPE: report may stop reading before the end */
		signal(SIGPIPE, SIG_IGN);
		if (pipe2(pfd, O_CLOEXEC))
			return 0;
		feed.fd = pfd[1];
		if (pthread_create(&writer, NULL, feed_pipe, &feed)) {
			close(pfd[0]);
			close(pfd[1]);
			return 0;
		}
		piped = true;
		fd = pfd[0];
	} else {
		fd = memfd_create("fuzz.data", MFD_CLOEXEC);
		if (fd < 0)
			return 0;
		if (write(fd, data, size) != (ssize_t)size) {
			close(fd);
			return 0;
		}
	}
	snprintf(input, sizeof(input), "/proc/self/fd/%d", fd);
	set_msg_sink(quiet);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	out = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved >= 0 && out >= 0) {
		dup2(out, STDOUT_FILENO);
		cmd_report((int)ARRAY_SIZE(argv) - 1, argv);
		fflush(stdout);
		dup2(saved, STDOUT_FILENO);
	}
	if (out >= 0)
		close(out);
	if (saved >= 0)
		close(saved);
	close(fd);
	if (piped)
		pthread_join(writer, NULL);
	set_msg_sink(NULL);
	return 0;
}
