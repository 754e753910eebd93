// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof evlist: the events of a perf.data file, one a line, as perf 6.1
 * lists them: their names (-v with every attr field set, -F with the
 * sample period or frequency, --trace-fields with a tracepoint's fields),
 * or the groups they were recorded in (-g).
 *
 * A file's events come from its header; a pipe's from the whole stream,
 * read to its end as perf reads it. There prof names the events by the
 * stream's own names and tracing data, where perf 6.1 derives them from
 * the attrs ("unknown tracepoint"), loses the groups and crashes on
 * --trace-fields (deliberate-differences.md).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/header.h"
#include "prof/header-print.h"
#include "prof/trace-event.h"
#include "builtin.h"
#include <sys/stat.h>

static const char *const evlist_usage[] = {
	"prof evlist [<options>]",
	NULL
};

struct evlist_opts {
	const char *input;
	bool force, freq, verbose, group, trace_fields;
};

/* perf's comma_fprintf: ":" before the first detail, "," before the others. */
static void detail(FILE *fp, bool *first, const char *fmt, ...) __printf(3, 4);
static void detail(FILE *fp, bool *first, const char *fmt, ...)
{
	va_list ap;

	fputc(*first ? ':' : ',', fp);
	*first = false;
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
}

static void verbose_field(FILE *fp, const char *name, const char *val, void *priv)
{
	detail(fp, priv, " %s: %s", name, val);
}

/* The group @idx leads (more than one member), or NULL. */
static const struct header_group *group_led_by(const struct perf_header *h, int idx)
{
	/* perf 6.1 stops reading features at the first it cannot parse */
	if (h->perf61_stop_feat && h->perf61_stop_feat < HEADER_GROUP_DESC)
		return NULL;
	for (u32 k = 0; k < h->nr_groups; k++)
		if ((int)h->groups[k].leader_idx == idx && h->groups[k].nr_members > 1)
			return &h->groups[k];
	return NULL;
}

/* -g: one line per group leader, its members after it in braces. */
static void print_groups(struct session *s, FILE *fp)
{
	const struct perf_header *h = session__header(s);
	int nr = session__nr_evsels(s);

	for (int i = 0; i < nr; i++) {
		const struct header_group *g = group_led_by(h, i);
		int members = g ? (int)g->nr_members : 1;

		if (g) {
			/* perf writes "{anon_group}" for a group without a name */
			bool anon = !g->name || !strcmp(g->name, "{anon_group}");

			fprintf(fp, "%s{", anon ? "" : g->name);
		}
		fputs(session_evsel__name(session__evsel(s, i)), fp);
		for (int m = 1; m < members && i + 1 < nr; m++)
			fprintf(fp, ",%s", session_evsel__name(session__evsel(s, ++i)));
		fputs(g ? "}\n" : "\n", fp);
	}
}

static void print_event(struct session_evsel *e, const struct evlist_opts *o, FILE *fp)
{
	bool first = true;

	fputs(session_evsel__name(e), fp);
	if (o->verbose)
		/* a newer writer's attr is cut to ours, its size is the writer's */
		perf_attr__fprintf(fp, &e->attr,
				   e->disk_attr_size > sizeof(e->attr) ? e->disk_attr_size : e->attr.size,
				   verbose_field, &first);
	else if (o->freq)
		detail(fp, &first, " %s=%" PRIu64, e->attr.freq ? "sample_freq" : "sample_period",
		       (u64)e->attr.sample_freq);
	if (o->trace_fields) {
		char *fields;

		if (e->attr.type != PERF_TYPE_TRACEPOINT) {
			detail(fp, &first, " (not a tracepoint)");
		} else if (!e->tp_format || !(fields = trace_event__field_names(e->tp_format)) ||
			   !*fields) {
			detail(fp, &first, " (no trace field)");
		} else {
			detail(fp, &first, " trace_fields: %s", fields);
			free(fields);
		}
	}
	fputc('\n', fp);
}

static int evlist__list(struct session *s, const struct evlist_opts *o)
{
	bool tracepoints = false;

	if (o->group) {
		print_groups(s, stdout);
	} else {
		for (int i = 0; i < session__nr_evsels(s); i++)
			print_event(session__evsel(s, i), o, stdout);
	}
	for (int i = 0; i < session__nr_evsels(s); i++)
		if (session__evsel(s, i)->attr.type == PERF_TYPE_TRACEPOINT)
			tracepoints = true;
	if (tracepoints && !o->trace_fields)
		puts("# Tip: use 'perf evlist --trace-fields' to show fields for tracepoint events");
	return 0;
}

int cmd_evlist(int argc, const char **argv)
{
	struct evlist_opts o = { 0 };
	struct session *s = NULL;
	char *errmsg = NULL;
	struct stat st;
	int ret;
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "Input file name"),
		OPT_BOOLEAN('F', "freq", &o.freq, "Show the sample frequency"),
		OPT_BOOLEAN('v', "verbose", &o.verbose, "Show all event attr details"),
		OPT_BOOLEAN('g', "group", &o.group, "Show event group information"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_BOOLEAN(0, "trace-fields", &o.trace_fields, "Show tracepoint fields"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, evlist_usage, 0);
	if (argc)
		usage_with_options(evlist_usage, options);
	if (o.group && (o.verbose || o.freq))
		usage_with_options_msg(evlist_usage, options,
				       "--group option is not compatible with other options\n");
	if (!o.input || !*o.input)
		o.input = !fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";

	ret = session__open_input(&s, o.input, o.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, o.input, errmsg);
		free(errmsg);
		return -1;
	}
	if (session__is_pipe(s)) {
		/* a stream's events, names, groups and formats are records */
		struct tool tool = { 0 };

		ret = session__process_events(s, &tool);
		if (ret < 0) {
			const char *msg = session__strerror(s);

			error("%s", *msg ? msg : strerror(-ret));
			session__delete(s);
			return -1;
		}
	}
	ret = evlist__list(s, &o);
	session__delete(s);
	return ret;
}
