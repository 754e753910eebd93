/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util.h: allocation that dies on OOM, error reporting, small string and
 * file helpers. Nothing here knows about perf.
 *
 * Error convention (docs/design.md §2): library code returns -errno or NULL
 * with errno set and never exits; builtins report with error() (which
 * returns -1, so "return error(...)" reads well) and decide the exit code.
 */
#ifndef PROF_UTIL_H
#define PROF_UTIL_H

#include "compat.h"

/* Exit statuses, as perf uses them. */
#define PROF_EXIT_USAGE 129
#define PROF_EXIT_FAILURE 255

/* Verbosity, set by -v on any command (0 = quiet default). */
extern int verbose;
/* The running program's name for messages ("prof"). */
extern const char *prof_progname;

/* xmalloc family: never returns NULL; dies with a message on OOM. */
void *xmalloc(size_t size);
void *xzalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __printf(1, 2);
/* Grow *arr (of *alloc elements of @elem bytes) to hold at least @need. */
void *xgrow(void *arr, size_t elem, size_t need, size_t *alloc);

/*
 * Messages go to the current error sink (stderr unless a UI routed them).
 * error() prints "Error: ..."-free lines in perf's style: the text as given.
 */
typedef void (*msg_sink_fn)(const char *prefix, const char *msg);
void set_msg_sink(msg_sink_fn fn);	/* NULL restores stderr */
/* -q of record/report, as perf's: error(), warning(), pr_info() say nothing but "Error:\n..." */
void set_msg_quiet(bool quiet);

int error(const char *fmt, ...) __printf(1, 2);	/* always returns -1 */
void warning(const char *fmt, ...) __printf(1, 2);
void pr_info(const char *fmt, ...) __printf(1, 2);	/* plain line to stderr */
void pr_debug(int level, const char *fmt, ...) __printf(2, 3); /* if verbose >= level */
void __noreturn die(const char *fmt, ...) __printf(1, 2);	/* exit 255 */
#define BUG(msg) bug_at(__FILE__, __LINE__, msg)
void __noreturn bug_at(const char *file, int line, const char *msg);

/* String helpers. */
bool strstarts(const char *s, const char *prefix);
bool strends(const char *s, const char *suffix);
char *strim(char *s);	/* trims in place, returns start */
/* Glob match (fnmatch semantics, no flags). */
bool strglobmatch(const char *str, const char *pat);
/* Levenshtein distance with git's weights (swap, subst, insert, delete). */
int levenshtein(const char *a, const char *b, int w, int s, int a_cost, int d);

/*
 * Read a whole small file (sysfs, procfs) into a new NUL-terminated buffer.
 * Returns a new string or NULL with errno set. Trailing newline kept.
 */
char *read_file_str(const char *path, size_t *lenp);
/* The same for a regular file already open, from its start (pread). */
char *read_fd_str(int fd, size_t *lenp);
/* Read an integer from a file; returns 0 or -errno. */
int read_file_u64(const char *path, u64 *val);
int read_file_int(const char *path, int *val);

/* Parse "0-3,5,7-8" style lists into a sorted unique int array. */
int parse_int_list(const char *s, int **out, int *nr);

/*
 * The build-id cache directory: set_buildid_dir() (--buildid-dir), else
 * $PROF_BUILDID_DIR, else ~/.debug. The string is valid until the next
 * set_buildid_dir() or change of the environment.
 */
const char *buildid_dir(void);
void set_buildid_dir(const char *dir);

/* Monotonic and realtime clocks in nanoseconds. */
u64 now_ns(void);

/* Bits set in @x, inline (the build's baseline x86-64 has no popcnt: a libcall). */
static inline u32 popcount64(u64 x)
{
	x -= (x >> 1) & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (u32)((x * 0x0101010101010101ULL) >> 56);
}

#endif /* PROF_UTIL_H */
