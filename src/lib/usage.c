// SPDX-License-Identifier: GPL-2.0-only
/*
 * usage.c: where messages go. Everything user-visible that is not a
 * command's normal output passes through here, so a UI (the TUI status
 * line, a JSON writer) can take the messages over with set_msg_sink().
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/strbuf.h"

int verbose;
const char *prof_progname = "prof";

static msg_sink_fn msg_sink;
static bool msg_quiet;

void set_msg_quiet(bool quiet)
{
	msg_quiet = quiet;
}

void set_msg_sink(msg_sink_fn fn)
{
	msg_sink = fn;
}

static void emit(const char *prefix, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;

	/* perf's -q silences all but its ui__error()s, "Error:\n..." */
	if (msg_quiet && !strstarts(fmt, "Error:\n"))
		return;
	strbuf_vaddf(&sb, fmt, ap);
	if (msg_sink) {
		msg_sink(prefix, sb.buf);
	} else {
		fflush(stdout);
		fprintf(stderr, "%s%s\n", prefix, sb.buf);
	}
	strbuf_release(&sb);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("Warning:\n", fmt, ap);
	va_end(ap);
}

void pr_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("", fmt, ap);
	va_end(ap);
}

void pr_debug(int level, const char *fmt, ...)
{
	va_list ap;

	if (verbose < level)
		return;
	va_start(ap, fmt);
	emit("", fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit("fatal: ", fmt, ap);
	va_end(ap);
	exit(PROF_EXIT_FAILURE);
}

void bug_at(const char *file, int line, const char *msg)
{
	fflush(stdout);
	fprintf(stderr, "BUG: %s:%d: %s\n", file, line, msg);
	abort();
}
