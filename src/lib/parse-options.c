// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse-options.c: the option parser every command uses. The semantics
 * and the messages follow perf's libsubcmd so that scripts and users see
 * the same behaviour; see include/prof/parse-options.h for the contract.
 */
#include "prof/compat.h"
#include "prof/parse-options.h"
#include "prof/util.h"
#include <ctype.h>

#define USAGE_OPTS_WIDTH 24
#define USAGE_GAP 2

enum step_result {
	STEP_OK = 0,
	STEP_ERROR = -1,	/* message printed; show this option's usage */
	STEP_UNKNOWN = -2,	/* unknown option; show full usage */
	STEP_HELP = -3,
	STEP_LIST_OPTS = -4,
	STEP_AMBIGUOUS = -5,	/* message printed; show full usage */
	STEP_LIST_ALL_OPTS = -6,
};

struct parse_ctx {
	const char **argv;	/* remaining input */
	int argc;
	const char **out;	/* kept arguments */
	int cpidx;
	const char *opt;	/* rest of a bundle of short options */
	int flags;
	const char *failed_str;		/* the option as typed, without dashes */
	int failed_short;		/* or its short name */
};

static bool opt_takes_value(const struct option *o)
{
	switch (o->type) {
	case OPTION_BOOLEAN:
	case OPTION_INCR:
	case OPTION_SET_UINT:
		return false;
	case OPTION_CALLBACK:
		return !(o->flags & PARSE_OPT_NOARG);
	default:
		return true;
	}
}

static void opt_error(const struct option *o, int is_short, int unset,
		      const char *reason)
{
	if (is_short)
		fprintf(stderr, " Error: switch `%c' %s\n", o->short_name, reason);
	else
		fprintf(stderr, " Error: option `%s%s' %s\n", unset ? "no-" : "",
			o->long_name, reason);
}

/*
 * Fetch the option's value: attached (-r5, --repeat=5), or the next
 * argument unless the value is optional. *arg is NULL for "no value".
 */
static int get_arg(struct parse_ctx *p, const struct option *o, int is_short,
		   const char *attached, const char **arg)
{
	if (attached) {
		*arg = attached;
		return 0;
	}
	if (o->flags & PARSE_OPT_OPTARG) {
		*arg = NULL;
		return 0;
	}
	if ((o->flags & PARSE_OPT_LASTARG_DEFAULT) && p->argc <= 1) {
		*arg = (const char *)o->defval;
		return 0;
	}
	if (p->argc > 1) {
		p->argc--;
		*arg = *++p->argv;
		return 0;
	}
	opt_error(o, is_short, 0, "requires a value");
	return -1;
}

static int parse_number(const struct option *o, int is_short, const char *arg,
			int is_unsigned, u64 *out)
{
	char *end;

	errno = 0;
	if (is_unsigned) {
		if (*arg == '-') {	/* perf's words for a negative one */
			opt_error(o, is_short, 0, "expects an unsigned numerical value");
			return -1;
		}
		*out = strtoull(arg, &end, 0);
	} else {
		*out = (u64)strtoll(arg, &end, 0);
	}
	if (errno || end == arg || *end)
		goto bad;
	return 0;
bad:
	opt_error(o, is_short, 0, "expects a numerical value");
	return -1;
}

/*
 * Apply option @o. @attached is the value glued to the option (or NULL);
 * @unset is true for the --no- form.
 */
static int get_value(struct parse_ctx *p, const struct option *o, int is_short,
		     int unset, const char *attached)
{
	const char *arg = NULL;
	u64 num;

	if (o->flags & PARSE_OPT_NOBUILD) {	/* perf's set_option_nobuild */
		char reason[128];

		snprintf(reason, sizeof(reason), "is not available because %s", o->build_opt);
		opt_error(o, is_short, unset, reason);
		return -1;
	}
	if (unset && (o->flags & PARSE_OPT_NONEG)) {
		opt_error(o, is_short, unset, "isn't available");
		return -1;
	}
	if (attached && (unset || !opt_takes_value(o))) {
		opt_error(o, is_short, unset, "takes no value");
		return -1;
	}
	if (o->set)
		*o->set = true;

	switch (o->type) {
	case OPTION_BOOLEAN:
		*(bool *)o->value = !unset;
		return 0;
	case OPTION_INCR:
		*(int *)o->value = unset ? 0 : *(int *)o->value + 1;
		return 0;
	case OPTION_SET_UINT:
		*(unsigned int *)o->value = unset ? 0 : (unsigned int)o->defval;
		return 0;
	case OPTION_STRING:
		if (unset) {
			*(const char **)o->value = NULL;
			return 0;
		}
		if (get_arg(p, o, is_short, attached, &arg))
			return -1;
		if (!arg)
			arg = (const char *)o->defval;
		if (arg && !*arg && (o->flags & PARSE_OPT_NOEMPTY)) {
			opt_error(o, is_short, 0, "requires a non-empty value");
			return -1;
		}
		*(const char **)o->value = arg;
		return 0;
	case OPTION_CALLBACK:
		if (unset || (o->flags & PARSE_OPT_NOARG))
			return o->callback(o, NULL, unset) ? -1 : 0;
		if (get_arg(p, o, is_short, attached, &arg))
			return -1;
		if (!arg)
			arg = (const char *)o->defval;
		return o->callback(o, arg, 0) ? -1 : 0;
	case OPTION_INTEGER:
	case OPTION_UINTEGER:
	case OPTION_U64:
		if (unset) {
			if (o->type == OPTION_U64)
				*(u64 *)o->value = 0;
			else
				*(int *)o->value = 0;
			return 0;
		}
		if (get_arg(p, o, is_short, attached, &arg))
			return -1;
		if (!arg)
			arg = o->defval ? (const char *)o->defval : "0";
		if (parse_number(o, is_short, arg, o->type != OPTION_INTEGER, &num))
			return -1;
		if (o->type == OPTION_U64) {
			*(u64 *)o->value = num;
		} else if (o->type == OPTION_UINTEGER) {
			if (num > UINT_MAX) {
				opt_error(o, is_short, 0, "expects a numerical value");
				return -1;
			}
			*(unsigned int *)o->value = (unsigned int)num;
		} else {
			if ((s64)num < INT_MIN || (s64)num > INT_MAX) {
				opt_error(o, is_short, 0, "expects a numerical value");
				return -1;
			}
			*(int *)o->value = (int)(s64)num;
		}
		return 0;
	case OPTION_END:
	case OPTION_GROUP:
		break;
	}
	BUG("unhandled option type");
}

static int parse_short_opt(struct parse_ctx *p, const struct option *options)
{
	const struct option *o;

	for (o = options; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP || o->short_name != *p->opt)
			continue;
		p->failed_short = o->short_name;
		if (opt_takes_value(o)) {
			const char *rest = p->opt[1] ? p->opt + 1 : NULL;

			p->opt = NULL;
			return get_value(p, o, 1, 0, rest);
		}
		p->opt = p->opt[1] ? p->opt + 1 : NULL;
		return get_value(p, o, 1, 0, NULL);
	}
	return STEP_UNKNOWN;
}

static int parse_long_opt(struct parse_ctx *p, const char *arg,
			  const struct option *options)
{
	const char *eq = strchr(arg, '=');
	size_t arglen = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct option *o, *abbrev = NULL, *ambiguous = NULL;
	int abbrev_unset = 0, ambiguous_unset = 0;

	for (o = options; o->type != OPTION_END; o++) {
		const char *name = o->long_name;
		int unset = 0;

		if (o->type == OPTION_GROUP || !name)
			continue;
		/* Exact match, plain or negated, wins at once. */
		if (strlen(name) == arglen && !strncmp(name, arg, arglen)) {
			return get_value(p, o, 0, 0, eq ? eq + 1 : NULL);
		}
		if (arglen > 3 && !strncmp(arg, "no-", 3) &&
		    strlen(name) == arglen - 3 && !strncmp(name, arg + 3, arglen - 3)) {
			return get_value(p, o, 0, 1, eq ? eq + 1 : NULL);
		}
		/* "--inherit" negates an option named "no-inherit". */
		if (!strncmp(name, "no-", 3) && strlen(name) - 3 == arglen &&
		    !strncmp(name + 3, arg, arglen)) {
			return get_value(p, o, 0, 1, eq ? eq + 1 : NULL);
		}
		/* Abbreviations: "--rep" for --repeat, "--no-inh" for --no-inherit. */
		if (!strncmp(name, arg, arglen)) {
			unset = 0;
		} else if (arglen > 3 && !strncmp(arg, "no-", 3) &&
			   !strncmp(name, arg + 3, arglen - 3)) {
			unset = 1;
		} else {
			continue;
		}
		/*
		 * As perf: each further match makes the previous one the
		 * "ambiguous" one, so the message names the last two.
		 */
		if (abbrev && abbrev != o) {
			ambiguous = abbrev;
			ambiguous_unset = abbrev_unset;
		}
		abbrev = o;
		abbrev_unset = unset;
	}
	if (ambiguous) {
		fprintf(stderr,
			" Error: Ambiguous option: %.*s (could be --%s%s or --%s%s)\n",
			(int)arglen, arg, ambiguous_unset ? "no-" : "", ambiguous->long_name,
			abbrev_unset ? "no-" : "", abbrev->long_name);
		return STEP_AMBIGUOUS;
	}
	if (abbrev)
		return get_value(p, abbrev, 0, abbrev_unset, eq ? eq + 1 : NULL);
	return STEP_UNKNOWN;
}

/*
 * --list-opts, as perf: every long option, hidden ones too, on one line.
 * --list-all-opts (prof's, for tests/shell/t0006-options.sh): every
 * option, one a line, as --long or, without a long name, as -s.
 */
static void print_list_opts(const struct option *options, bool all)
{
	const struct option *o;

	for (o = options; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP)
			continue;
		if (o->long_name)
			printf(all ? "--%s\n" : "--%s ", o->long_name);
		else if (all)
			printf("-%c\n", o->short_name);
	}
	if (!all)
		printf("\n");
}

static int parse_step(struct parse_ctx *p, const struct option *options)
{
	for (; p->argc; p->argc--, p->argv++) {
		const char *arg = p->argv[0];
		int ret;

		if (*arg != '-' || !arg[1]) {
			if (p->flags & PARSE_OPT_STOP_AT_NON_OPTION)
				return STEP_OK;
			p->out[p->cpidx++] = arg;
			continue;
		}
		if (arg[1] != '-') {
			p->opt = arg + 1;
			while (p->opt) {
				ret = parse_short_opt(p, options);
				if (ret == STEP_UNKNOWN) {
					if (*p->opt == 'h')	/* unless a command claims -h */
						return STEP_HELP;
					fprintf(stderr, "  Error: unknown switch `%c'\n", *p->opt);
					return STEP_UNKNOWN;
				}
				if (ret)
					return ret;
			}
			continue;
		}
		p->failed_str = arg + 2;
		p->failed_short = 0;
		if (!arg[2]) {	/* "--" */
			if (!(p->flags & PARSE_OPT_KEEP_DASHDASH)) {
				p->argc--;
				p->argv++;
			}
			return STEP_OK;
		}
		if (!strcmp(arg + 2, "help"))
			return STEP_HELP;
		if (!strcmp(arg + 2, "list-opts"))
			return STEP_LIST_OPTS;
		if (!strcmp(arg + 2, "list-all-opts"))
			return STEP_LIST_ALL_OPTS;
		ret = parse_long_opt(p, arg + 2, options);
		if (ret == STEP_UNKNOWN) {
			if (p->flags & PARSE_OPT_KEEP_UNKNOWN) {
				p->out[p->cpidx++] = arg;
				continue;
			}
			fprintf(stderr, "  Error: unknown option `%s'\n", arg + 2);
			return STEP_UNKNOWN;
		}
		if (ret)
			return ret;
	}
	return STEP_OK;
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const usagestr[], int flags)
{
	struct parse_ctx p = {
		.argv = argv + 1,
		.argc = argc - 1,
		.out = argv,
		.cpidx = (flags & PARSE_OPT_KEEP_ARGV0) ? 1 : 0,
		.flags = flags,
	};
	int ret = parse_step(&p, options);

	switch (ret) {
	case STEP_OK:
		break;
	case STEP_HELP:
		usage_with_options(usagestr, options);
	case STEP_LIST_OPTS:
	case STEP_LIST_ALL_OPTS:
		print_list_opts(options, ret == STEP_LIST_ALL_OPTS);
		exit(0);
	case STEP_UNKNOWN:
		usage_with_options(usagestr, options);
	case STEP_AMBIGUOUS:
		fputc('\n', stderr);
		parse_options_usage_for(usagestr, options, p.failed_str, 0);
		exit(PROF_EXIT_USAGE);
	default:
		parse_options_usage_for(usagestr, options,
					p.failed_short ? NULL : p.failed_str,
					p.failed_short);
		exit(PROF_EXIT_USAGE);
	}
	/* Keep what is left (the workload) after the kept non-options. */
	memmove(p.out + p.cpidx, p.argv, (size_t)p.argc * sizeof(*p.out));
	p.out[p.cpidx + p.argc] = NULL;
	return p.cpidx + p.argc;
}

/* libsubcmd order: by lower-cased short name, then long name; long-only last. */
static int option_cmp(const void *va, const void *vb)
{
	const struct option *a = va, *b = vb;
	int sa = tolower(a->short_name), sb = tolower(b->short_name);

	if (!sa)
		sa = 'z' + 1;
	if (!sb)
		sb = 'z' + 1;
	if (sa != sb)
		return sa - sb;
	return strcmp(a->long_name ? a->long_name : "",
		      b->long_name ? b->long_name : "");
}

/* A sorted copy of @options: each group's options sorted on their own. */
static struct option *options_sorted(const struct option *options)
{
	size_t n = 0, i, start = 0;
	struct option *copy;

	while (options[n].type != OPTION_END)
		n++;
	copy = xcalloc(n + 1, sizeof(*copy));
	memcpy(copy, options, (n + 1) * sizeof(*copy));
	for (i = 0; i <= n; i++) {
		if (i == n || copy[i].type == OPTION_GROUP) {
			if (i > start)
				qsort(copy + start, i - start, sizeof(*copy), option_cmp);
			start = i + 1;
		}
	}
	return copy;
}

static void print_option_help(FILE *fp, const struct option *o)
{
	int pos;
	const char *argh = o->argh ? o->argh : "...";

	if (o->type == OPTION_GROUP) {
		fputc('\n', fp);
		if (*o->help)
			fprintf(fp, "%s\n", o->help);
		return;
	}
	if (o->flags & PARSE_OPT_HIDDEN)
		return;
	pos = fprintf(fp, "    ");
	if (o->short_name)
		pos += fprintf(fp, "-%c", o->short_name);
	else
		pos += fprintf(fp, "    ");
	if (o->long_name && o->short_name)
		pos += fprintf(fp, ", ");
	if (o->long_name)
		pos += fprintf(fp, "--%s", o->long_name);
	if (opt_takes_value(o)) {
		/* perf: a value without a name is "...", not in brackets */
		if (o->flags & PARSE_OPT_OPTARG)
			pos += fprintf(fp, o->long_name ? (o->argh ? "[=<%s>]" : "[=%s]") :
							  (o->argh ? "[<%s>]" : "[%s]"), argh);
		else
			pos += fprintf(fp, o->argh ? " <%s>" : " %s", argh);
	}
	if (pos <= USAGE_OPTS_WIDTH) {
		pos = USAGE_OPTS_WIDTH + USAGE_GAP - pos;
	} else {
		fputc('\n', fp);
		pos = USAGE_OPTS_WIDTH + USAGE_GAP;
	}
	fprintf(fp, "%*s%s\n", pos, "", o->help ? o->help : "");
	if (o->flags & PARSE_OPT_NOBUILD)
		fprintf(fp, "%*s(not built-in because %s)\n", USAGE_OPTS_WIDTH + USAGE_GAP, "",
			o->build_opt);
}

static void print_usage_lines(FILE *fp, const char *const usagestr[])
{
	int i;

	fprintf(fp, " Usage: %s\n", usagestr[0]);
	for (i = 1; usagestr[i] && *usagestr[i]; i++)
		fprintf(fp, "    or: %s\n", usagestr[i]);
	/* Lines after an empty string are free text. */
	if (usagestr[i] && !*usagestr[i])
		for (i++; usagestr[i]; i++)
			fprintf(fp, "%s%s\n", *usagestr[i] ? "    " : "", usagestr[i]);
}

void parse_options_print_usage(FILE *fp, const char *const usagestr[],
			       const struct option *options)
{
	struct option *sorted = options_sorted(options);
	const struct option *o;

	fputc('\n', fp);
	print_usage_lines(fp, usagestr);
	if (sorted[0].type != OPTION_END && sorted[0].type != OPTION_GROUP)
		fputc('\n', fp);
	for (o = sorted; o->type != OPTION_END; o++)
		print_option_help(fp, o);
	fputc('\n', fp);
	free(sorted);
}

void usage_with_options(const char *const usagestr[], const struct option *options)
{
	parse_options_print_usage(stderr, usagestr, options);
	exit(PROF_EXIT_USAGE);
}

void usage_with_options_msg(const char *const usagestr[],
			    const struct option *options, const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		fputs("  Error: ", stderr);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	usage_with_options(usagestr, options);
}

/*
 * The usage lines, then the options a failed argument names, as perf
 * picks them: the one whose short name is @short_name, and every option
 * whose long name starts with @str (the option as typed, maybe
 * abbreviated, maybe with "=value") or whose short name @str is when it is
 * one letter. In table order. With @usagestr NULL only the options are
 * printed (perf's parse_options_usage(NULL, ...), to name several).
 */
void parse_options_usage_for(const char *const usagestr[],
			     const struct option *options,
			     const char *str, int short_name)
{
	const struct option *o;

	/* NULL usage: more options under a usage already printed. */
	if (usagestr) {
		print_usage_lines(stderr, usagestr);
		fputc('\n', stderr);
	}
	for (o = options; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP)
			continue;
		if ((short_name && o->short_name == short_name) ||
		    (str && o->long_name && strstarts(o->long_name, str)) ||
		    (str && strlen(str) == 1 && o->short_name == *str))
			print_option_help(stderr, o);
	}
}

int parse_opt_verbosity_cb(const struct option *opt, const char *arg __maybe_unused,
			   int unset)
{
	int *v = opt->value;

	*v = unset ? 0 : *v + 1;
	return 0;
}
