// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof bench: perf bench's framework with the one benchmark prof has,
 * "sched messaging" (hackbench): groups of senders and receivers, each
 * sender writing 100-byte messages to every receiver of its group over
 * socketpairs (or pipes, -p), as processes (or threads, -t), timed from
 * the moment all are ready until the last is reaped. Its output is perf
 * 6.1's, in the default format or -f simple (the seconds alone); stdout is
 * unbuffered as in perf, so lines come out in order under a recorder.
 *
 * "prof bench" alone lists the collections, "prof bench sched" its
 * benchmarks, "all" runs every one; an unknown name is one line, exit 1.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "builtin.h"
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>

#define MSG_SIZE 100

enum bench_format { FORMAT_DEFAULT, FORMAT_SIMPLE };
static enum bench_format bench_format = FORMAT_DEFAULT;

/* sched messaging's options */
static bool msg_pipes, msg_threads;
static unsigned int msg_groups = 10, msg_loops = 100;
static const unsigned int msg_fds = 20;	/* senders and receivers per group */

struct msg_worker {
	bool sender;
	int ready_out, wake_in;
	int in_fd, peer_fd;		/* receiver: its end, the sender's end */
	const int *out_fds;		/* sender: every receiver's end */
	unsigned int count;		/* receiver: messages to read */
};

static void __noreturn msg_die(const char *what)
{
	fprintf(stderr, "prof bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void msg_fdpair(int fds[2])
{
	if (msg_pipes ? pipe(fds) : socketpair(AF_UNIX, SOCK_STREAM, 0, fds))
		msg_die(msg_pipes ? "pipe()" : "socketpair()");
}

/* Say "ready", then block until the start signal is written. */
static void msg_ready(const struct msg_worker *w)
{
	struct pollfd p = { .fd = w->wake_in, .events = POLLIN };

	if (write(w->ready_out, "R", 1) != 1)
		msg_die("ready write");
	if (poll(&p, 1, -1) != 1)
		msg_die("poll");
}

static void *msg_run(void *arg)
{
	struct msg_worker *w = arg;
	char buf[MSG_SIZE];
	unsigned int i, j;

	if (!w->sender) {
		if (!msg_threads)
			close(w->peer_fd);
		msg_ready(w);
		for (i = 0; i < w->count; i++) {
			size_t got = 0;

			while (got < MSG_SIZE) {
				ssize_t n = read(w->in_fd, buf + got, MSG_SIZE - got);

				if (n <= 0)
					msg_die("receiver: read");
				got += (size_t)n;
			}
		}
		return NULL;
	}
	msg_ready(w);
	memset(buf, 'S', sizeof(buf));
	for (i = 0; i < msg_loops; i++) {
		for (j = 0; j < msg_fds; j++) {
			size_t put = 0;

			while (put < MSG_SIZE) {
				ssize_t n = write(w->out_fds[j], buf + put, MSG_SIZE - put);

				if (n < 0)
					msg_die("sender: write");
				put += (size_t)n;
			}
		}
	}
	return NULL;
}

/* A child process (its id 0) or a thread running @w. */
static pthread_t msg_start(struct msg_worker *w)
{
	pthread_attr_t attr;
	pthread_t tid = 0;

	if (!msg_threads) {
		pid_t pid = fork();

		if (pid < 0)
			msg_die("fork()");
		if (pid == 0) {
			msg_run(w);
			_exit(0);
		}
		return 0;
	}
	if (pthread_attr_init(&attr) || pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN))
		msg_die("pthread_attr");
	if ((errno = pthread_create(&tid, &attr, msg_run, w)) != 0)
		msg_die("pthread_create");
	pthread_attr_destroy(&attr);
	return tid;
}

/* One group: its receivers, then its senders. Returns the workers started. */
static unsigned int msg_group(pthread_t *tids, struct msg_worker *ws, int *out_fds,
			      int ready_out, int wake_in)
{
	unsigned int i;

	for (i = 0; i < msg_fds; i++) {
		int fds[2];

		msg_fdpair(fds);
		ws[i] = (struct msg_worker){
			.ready_out = ready_out, .wake_in = wake_in,
			.in_fd = fds[0], .peer_fd = fds[1], .count = msg_fds * msg_loops,
		};
		tids[i] = msg_start(&ws[i]);
		out_fds[i] = fds[1];
		if (!msg_threads)
			close(fds[0]);
	}
	for (i = 0; i < msg_fds; i++) {
		ws[msg_fds + i] = (struct msg_worker){
			.sender = true, .ready_out = ready_out, .wake_in = wake_in,
			.out_fds = out_fds,
		};
		tids[msg_fds + i] = msg_start(&ws[msg_fds + i]);
	}
	if (!msg_threads)
		for (i = 0; i < msg_fds; i++)
			close(out_fds[i]);
	return 2 * msg_fds;
}

static int bench_sched_messaging(int argc, const char **argv)
{
	static const char *const usage[] = {
		"prof bench sched messaging <options>",
		NULL
	};
	const struct option options[] = {
		OPT_BOOLEAN('p', "pipe", &msg_pipes, "Use pipe() instead of socketpair()"),
		OPT_BOOLEAN('t', "thread", &msg_threads, "Be multi thread instead of multi process"),
		OPT_UINTEGER('g', "group", &msg_groups, "Specify number of groups"),
		OPT_UINTEGER('l', "nr_loops", &msg_loops,
			     "Specify the number of loops to run (default: 100)"),
		OPT_END()
	};
	unsigned int i, total = 0, per = 2 * msg_fds;
	int ready[2], wake[2];
	struct timeval start, stop, diff;
	struct msg_worker *ws;
	pthread_t *tids;
	int *out_fds;
	char c;

	argc = parse_options(argc, argv, options, usage, 0);
	if (argc)
		usage_with_options(usage, options);
	tids = xcalloc((size_t)msg_groups * per + 1, sizeof(*tids));
	ws = xcalloc((size_t)msg_groups * per + 1, sizeof(*ws));
	out_fds = xcalloc((size_t)msg_groups * msg_fds + 1, sizeof(*out_fds));
	msg_fdpair(ready);
	msg_fdpair(wake);
	for (i = 0; i < msg_groups; i++)
		total += msg_group(tids + total, ws + total, out_fds + (size_t)i * msg_fds,
				   ready[1], wake[0]);
	for (i = 0; i < total; i++)
		if (read(ready[0], &c, 1) != 1)
			msg_die("reading for readyfds");
	gettimeofday(&start, NULL);
	if (write(wake[1], &c, 1) != 1)
		msg_die("writing to start them");
	for (i = 0; i < total; i++) {
		int status;

		if (msg_threads) {
			pthread_join(tids[i], NULL);
		} else if (wait(&status) < 0 || !WIFEXITED(status)) {
			exit(1);
		}
	}
	gettimeofday(&stop, NULL);
	timersub(&stop, &start, &diff);
	if (bench_format == FORMAT_DEFAULT) {
		const char *what = msg_threads ? "threads" : "processes";

		printf("# %u sender and receiver %s per group\n", msg_fds, what);
		printf("# %u groups == %u %s run\n\n", msg_groups, msg_groups * per, what);
		printf(" %14s: %lu.%03lu [sec]\n", "Total time", (unsigned long)diff.tv_sec,
		       (unsigned long)(diff.tv_usec / 1000));
	} else {
		printf("%lu.%03lu\n", (unsigned long)diff.tv_sec,
		       (unsigned long)(diff.tv_usec / 1000));
	}
	free(out_fds);
	free(ws);
	free(tids);
	return 0;
}

struct bench {
	const char *name, *summary;
	int (*fn)(int argc, const char **argv);
};

struct collection {
	const char *name, *summary;
	const struct bench *benches;
};

static const struct bench sched_benches[] = {
	{ "messaging", "Benchmark for scheduling and IPC", bench_sched_messaging },
	{ "all", "Run all scheduler benchmarks", NULL },
	{ NULL, NULL, NULL }
};

static const struct collection collections[] = {
	{ "sched", "Scheduler and IPC benchmarks", sched_benches },
	{ "all", "All benchmarks", NULL },
	{ NULL, NULL, NULL }
};

static const char *const bench_usage[] = {
	"prof bench [<common options>] <collection> <benchmark> [<options>]",
	NULL
};

static void print_usage(void)
{
	const struct collection *c;

	printf("Usage: \n");
	printf("\t%s\n\n", bench_usage[0]);
	printf("        # List of all available benchmark collections:\n\n");
	for (c = collections; c->name; c++)
		printf("%14s: %s\n", c->name, c->summary);
	printf("\n");
}

static void dump_benchmarks(const struct collection *c)
{
	const struct bench *b;

	printf("\n        # List of available benchmarks for collection '%s':\n\n", c->name);
	for (b = c->benches; b->name; b++)
		printf("%14s: %s\n", b->name, b->summary);
	printf("\n");
}

static int run_collection(const struct collection *c)
{
	const struct bench *b;
	int ret = 0;

	for (b = c->benches; b->name && b->fn; b++) {
		const char *argv[] = { b->name, NULL };

		printf("# Running %s/%s benchmark...\n", c->name, b->name);
		ret |= b->fn(1, argv);
		printf("\n");
	}
	return ret;
}

int cmd_bench(int argc, const char **argv)
{
	const char *format = "default";
	unsigned int repeat = 10;
	const struct option options[] = {
		OPT_STRING('f', "format", &format, "default|simple",
			   "Specify the output formatting style"),
		OPT_UINTEGER('r', "repeat", &repeat, "Specify amount of times to repeat the run"),
		OPT_END()
	};
	const struct collection *c;
	const struct bench *b;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc < 2) {
		print_usage();
		return 0;
	}
	argc = parse_options(argc, argv, options, bench_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (!strcmp(format, "default"))
		bench_format = FORMAT_DEFAULT;
	else if (!strcmp(format, "simple"))
		bench_format = FORMAT_SIMPLE;
	else
		return error("Unknown format descriptor: '%s'", format);
	if (repeat == 0)
		return error("Invalid repeat option: Must specify a positive value");
	if (argc < 1) {
		print_usage();
		return 0;
	}
	if (!strcmp(argv[0], "all")) {
		int ret = 0;

		for (c = collections; c->benches; c++)
			ret |= run_collection(c);
		return ret;
	}
	for (c = collections; c->name; c++) {
		if (!c->benches || strcmp(c->name, argv[0]))
			continue;
		if (argc < 2) {
			dump_benchmarks(c);
			return 0;
		}
		if (!strcmp(argv[1], "all"))
			return run_collection(c);
		for (b = c->benches; b->name; b++) {
			if (!b->fn || strcmp(b->name, argv[1]))
				continue;
			/* not above a listing of its options (tests ask for them) */
			if (bench_format == FORMAT_DEFAULT &&
			    !(argc > 2 && strstarts(argv[2], "--list-")))
				printf("# Running '%s/%s' benchmark:\n", c->name, b->name);
			return b->fn(argc - 1, argv + 1);
		}
		if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
			dump_benchmarks(c);
			return 0;
		}
		error("Unknown benchmark: '%s' for collection '%s'", argv[1], argv[0]);
		return 1;
	}
	error("Unknown collection: '%s'", argv[0]);
	return 1;
}
