/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * parse-options.h: one declarative option parser for every command, with
 * perf's (libsubcmd's) semantics:
 *   - short options bundle (-ag), take values attached or separate (-r5, -r 5)
 *   - long options take --opt=value or --opt value, may be abbreviated to
 *     any unambiguous prefix, and are negated with --no-opt
 *   - "--" ends options; with PARSE_OPT_STOP_AT_NON_OPTION the first
 *     non-option (the workload) ends them too, so "stat -r 5 ls -l" leaves
 *     "ls -l" alone
 *   - -h/--help print the usage generated from the table and exit 129
 *   - --list-opts prints every long option on one line, as perf's does;
 *     --list-all-opts (prof's, for the tests) every option, one a line
 * Errors print "  Error: ..." and the usage, and exit 129 (usage error).
 */
#ifndef PROF_PARSE_OPTIONS_H
#define PROF_PARSE_OPTIONS_H

#include "compat.h"

enum parse_opt_type {
	OPTION_END,
	OPTION_GROUP,		/* a heading in the help text */
	OPTION_BOOLEAN,		/* bool; --no- clears */
	OPTION_INCR,		/* int counter: -v -v; --no- zeroes */
	OPTION_SET_UINT,	/* unsigned int = defval */
	OPTION_INTEGER,		/* int */
	OPTION_UINTEGER,	/* unsigned int */
	OPTION_U64,		/* u64 */
	OPTION_STRING,		/* const char *; --no- sets NULL */
	OPTION_CALLBACK,	/* callback(opt, arg, unset) */
};

enum parse_opt_flags {		/* for parse_options() */
	PARSE_OPT_KEEP_DASHDASH = 1 << 0,
	PARSE_OPT_STOP_AT_NON_OPTION = 1 << 1,
	PARSE_OPT_KEEP_ARGV0 = 1 << 2,
	PARSE_OPT_KEEP_UNKNOWN = 1 << 3,
};

enum parse_opt_option_flags {	/* for struct option.flags */
	PARSE_OPT_OPTARG = 1 << 0,	/* value optional: only "--opt=v" or "-ov" */
	PARSE_OPT_NOARG = 1 << 1,	/* callback takes no value */
	PARSE_OPT_NONEG = 1 << 2,	/* no --no-opt form */
	PARSE_OPT_HIDDEN = 1 << 3,	/* not in -h output */
	PARSE_OPT_NOEMPTY = 1 << 4,	/* value must not be empty */
	PARSE_OPT_LASTARG_DEFAULT = 1 << 5, /* takes the next argument; defval when last */
	PARSE_OPT_NOBUILD = 1 << 6,	/* not built in: refused, build_opt says why */
};

struct option;
/* A callback returns 0, or -1 after printing an error (usage follows). */
typedef int parse_opt_cb(const struct option *opt, const char *arg, int unset);

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;	/* value name in help: "<n>" */
	const char *help;
	int flags;
	parse_opt_cb *callback;
	intptr_t defval;	/* SET_UINT value; OPTARG default for callbacks */
	bool *set;		/* if non-NULL, set true when the option is seen */
	const char *build_opt;	/* PARSE_OPT_NOBUILD: what the build lacks */
};

#define OPT_END()  { .type = OPTION_END }
#define OPT_GROUP(h) { .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h) }
#define OPT_BOOLEAN_SET(s, l, v, os, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h), .set = (os) }
#define OPT_BOOLEAN_FLAG(s, l, v, h, f) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h), .flags = (f) }
#define OPT_INCR(s, l, v, h) \
	{ .type = OPTION_INCR, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h) }
#define OPT_SET_UINT(s, l, v, h, i) \
	{ .type = OPTION_SET_UINT, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h), .defval = (i) }
#define OPT_INTEGER(s, l, v, h) \
	{ .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = "n", .help = (h) }
#define OPT_UINTEGER(s, l, v, h) \
	{ .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = "n", .help = (h) }
#define OPT_U64(s, l, v, h) \
	{ .type = OPTION_U64, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = "n", .help = (h) }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h) }
#define OPT_STRING_OPTARG(s, l, v, a, h, d) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .flags = PARSE_OPT_OPTARG, \
	  .defval = (intptr_t)(d) }
#define OPT_CALLBACK(s, l, v, a, h, f) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f) }
#define OPT_CALLBACK_NOOPT(s, l, v, a, h, f) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f), \
	  .flags = PARSE_OPT_NOARG }
/* perf's OPT_CALLBACK_DEFAULT: "--opt VALUE", or the default as last argument */
#define OPT_CALLBACK_DEFAULT(s, l, v, a, h, f, d) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f), \
	  .flags = PARSE_OPT_LASTARG_DEFAULT, .defval = (intptr_t)(d) }
#define OPT_CALLBACK_OPTARG(s, l, v, a, h, f, d) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f), \
	  .flags = PARSE_OPT_OPTARG, .defval = (intptr_t)(d) }

/*
 * Parse argv against @options. Returns the number of remaining arguments,
 * which are moved to the front of argv (argv[0] kept with KEEP_ARGV0).
 * On a usage error prints the error and the usage and exits 129; -h/--help
 * print the usage and exit 129 as perf does.
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const usagestr[], int flags);

/* Print "  Error: <msg>" (if @msg) then the usage; exits 129. */
void __noreturn usage_with_options_msg(const char *const usagestr[],
				       const struct option *options,
				       const char *fmt, ...) __printf(3, 4);
void __noreturn usage_with_options(const char *const usagestr[],
				   const struct option *options);
/* Print the usage text to @fp without exiting (for tests and help). */
void parse_options_print_usage(FILE *fp, const char *const usagestr[],
			       const struct option *options);

/*
 * Print the usage lines and the options a failed argument names, perf's
 * way: the option whose short name is @short_name, and every option whose
 * long name starts with @str (as typed, without dashes). To stderr.
 * @usagestr NULL: the options only, to follow an earlier call.
 */
void parse_options_usage_for(const char *const usagestr[],
			     const struct option *options,
			     const char *str, int short_name);

/* Shared option callback helpers. */
int parse_opt_verbosity_cb(const struct option *opt, const char *arg, int unset);

#endif /* PROF_PARSE_OPTIONS_H */
