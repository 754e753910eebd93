// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat.c: "prof stat", a drop-in for "perf stat": count events for a
 * workload (started corked and enabled on exec), for -p/-t tasks, or
 * CPU-wide (-a/-C), and print perf's std, CSV (-x) or JSON (-j) output.
 *
 * Exit status as perf: the workload's status passes through; usage errors
 * 129; failures (bad event, forbidden target, exec failure) 255.
 */
#include "prof/compat.h"
#include "prof/affinity.h"
#include "prof/control.h"
#include "prof/cpumap.h"
#include "prof/evsel.h"
#include "prof/json-writer.h"
#include "prof/metricgroup.h"
#include "prof/cgroup.h"
#include "prof/open-error.h"
#include "prof/parse-events.h"
#include "prof/parse-options.h"
#include "prof/stat-display.h"
#include "prof/stat.h"
#include "prof/util.h"
#include "prof/workload.h"
#include "builtin.h"
#include "stat-file.h"
#include "prof/pmu.h"
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

static const char *const stat_usage[] = {
	"prof stat [<options>] [<command>]",
	NULL
};

static const char *const stat_record_usage[] = {
	"prof stat record [<options>]",
	NULL
};

struct stat_opts {
	struct evlist *evlist;
	const char *pid, *tid, *cpu_list, *output_name, *csv_sep;
	bool system_wide, no_inherit, json, append;
	unsigned int aggr_mode;		/* -A, --per-*: the last one wins */
	bool big_num, quiet, null_run, sync_run, group, scale;
	bool table, summary, no_csv_summary, metric_only, no_merge;
	bool metric_no_group, metric_no_merge;	/* as they stand when -M comes */
	bool all_kernel, all_user;
	bool transaction, topdown, smi_cost, interval_clear;
	bool percore_show_thread, hybrid_merge;
	unsigned int td_level;
	int log_fd;			/* --log-fd: 0 is stderr */
	struct ctl_fd ctl;
	bool has_ctl;
	int run_count, detailed, verbose, delay;
	unsigned int interval, timeout, interval_count;
	const char *pre_cmd, *post_cmd;
	char *metric_list;		/* every -M, joined by ',' */
	struct metric_set metrics;
	bool record;			/* stat record: -o names the perf.data */
	struct stat_rec *rec;		/* stat record's file, once open */
};

static volatile sig_atomic_t done;
static volatile sig_atomic_t got_sigint;
static volatile pid_t child_pid = -1;

static void skip_signal(int sig)
{
	if (sig == SIGINT)
		got_sigint = 1;
	/* With a workload, Ctrl-C reaches it too; we wait for it to end. */
	if (child_pid == -1 || sig == SIGCHLD)
		done = 1;
}

static int parse_detailed(const struct option *opt, const char *arg, int unset)
{
	int *d = opt->value;

	*d = unset ? 0 : *d + 1;
	return 0;
}

/* perf's default set, with cpu-clock for CPU-wide targets. */
static void default_events(struct stat_opts *o, char *buf, size_t size)
{
	struct stat st;
	bool cpu_target = o->system_wide || o->cpu_list;

	snprintf(buf, size, "%s,context-switches,cpu-migrations,page-faults,cycles",
		 cpu_target ? "cpu-clock" : "task-clock");
	if (!stat("/sys/bus/event_source/devices/cpu/events/stalled-cycles-frontend", &st))
		strcat(buf, ",stalled-cycles-frontend");
	if (!stat("/sys/bus/event_source/devices/cpu/events/stalled-cycles-backend", &st))
		strcat(buf, ",stalled-cycles-backend");
	strcat(buf, ",instructions,branches,branch-misses");
}

static int parse_into(struct evlist *evlist, const char *str)
{
	struct parse_events_error err;
	int ret;

	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	if (ret)
		parse_events_error__print(&err, str);
	parse_events_error__exit(&err);
	return ret;
}

/*
 * -d, -dd, -ddd: each level's cache events, which perf appends to the
 * list there is (the default set's or -e's), except with -T or
 * --smi-cost.
 */
static int add_detailed_events(const struct stat_opts *o, struct evlist *evlist)
{
	static const char *const level[] = {
		"L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses",
		"L1-icache-loads,L1-icache-load-misses,dTLB-loads,dTLB-load-misses,"
		"iTLB-loads,iTLB-load-misses",
		"L1-dcache-prefetches,L1-dcache-prefetch-misses",
	};

	if (o->null_run || o->transaction || o->smi_cost)
		return 0;
	for (int i = 0; i < o->detailed && i < (int)ARRAY_SIZE(level); i++)
		if (parse_into(evlist, level[i]))
			return -1;
	return 0;
}

static int add_default_events(struct stat_opts *o)
{
	char buf[512];

	default_events(o, buf, sizeof(buf));
	return parse_into(o->evlist, buf);
}

/*
 * -G (see cgroup.h) and --for-each-cgroup, which adds every event once
 * per cgroup.
 */
static struct {
	struct cgroup_sel sel;
	const char *for_each;
	const char **event_args;	/* -e as given, for --for-each-cgroup */
	int nr_event_args;
} cgroups;

static int parse_cgroups_opt(const struct option *opt, const char *str, int unset)
{
	struct evlist *evlist = opt->value;

	if (unset)
		return 0;
	return cgroup_sel__parse(&cgroups.sel, evlist, str);
}

/* -M: perf joins every -M and sets the metrics up after the options. */
static int append_metrics(const struct option *opt, const char *str, int unset)
{
	char **list = opt->value;
	char *old = *list;

	if (unset || !str)
		return 0;
	*list = old ? xasprintf("%s,%s", old, str) : xstrdup(str);
	free(old);
	return 0;
}

static int parse_events_opt(const struct option *opt, const char *str, int unset)
{
	if (!unset && str) {
		cgroups.event_args = xrealloc(cgroups.event_args,
					      (size_t)(cgroups.nr_event_args + 1) * sizeof(char *));
		cgroups.event_args[cgroups.nr_event_args++] = str;
	}
	return parse_events_option(opt, str, unset);
}

/* --for-each-cgroup: every event once per cgroup, cgroup by cgroup. */
static int expand_cgroups(struct stat_opts *o)
{
	struct evlist *nl = evlist__new();
	const char *str = cgroups.for_each;
	char defaults[512];

	default_events(o, defaults, sizeof(defaults));
	for (;;) {
		const char *e = strchrnul(str, ',');

		if (e > str) {
			char *name = xstrndup(str, (size_t)(e - str));
			int cg = cgroup_sel__add(&cgroups.sel, name), i, before = nl->nr_entries;
			struct evsel *evsel;

			free(name);
			if (cg < 0)
				goto fail;
			if (!cgroups.nr_event_args && !o->null_run && parse_into(nl, defaults))
				goto fail;
			for (i = 0; i < cgroups.nr_event_args; i++)
				if (parse_into(nl, cgroups.event_args[i]))
					goto fail;
			if (add_detailed_events(o, nl))
				goto fail;
			evlist__for_each_entry(nl, evsel)
				if (evsel->idx >= before)
					cgroup_sel__set(&cgroups.sel, evsel, cg + 1);
		}
		if (!*e)
			break;
		str = e + 1;
	}
	evlist__delete(o->evlist);
	o->evlist = nl;
	return 0;
fail:
	evlist__delete(nl);
	return -1;
}

/* Is @a given before @b in @argv (options only, up to "--")? */
static bool first_of(int argc, const char **argv, const char *a, const char *b)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], a))
			return true;
		if (!strcmp(argv[i], b))
			return false;
	}
	return true;
}

static void config_attrs(struct stat_opts *o, bool forks)
{
	struct evsel *evsel, *first = evlist__first(o->evlist);

	evlist__for_each_entry(o->evlist, evsel) {
		struct perf_event_attr *attr = &evsel->attr;

		if (o->group && first) {
			evsel->leader = first;
			first->nr_members = o->evlist->nr_entries;
		}
		attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				    PERF_FORMAT_TOTAL_TIME_RUNNING;
		attr->inherit = !o->no_inherit;
		attr->sample_period = 0;
		attr->sample_type = 0;
		attr->freq = 0;
		/* perf's --all-kernel and --all-user: the names stay as given */
		if (o->all_kernel)
			attr->exclude_user = 1;
		if (o->all_user)
			attr->exclude_kernel = 1;
		attr->disabled = 0;
		attr->enable_on_exec = 0;
		if (evsel__is_group_leader(evsel)) {
			attr->disabled = 1;
			/* The kernel enables it at exec: none of prof is counted. */
			if (forks && !o->delay)
				attr->enable_on_exec = 1;
		}
	}
}

/* Open every event; unsupported ones are marked and skipped, as perf does. */
static int open_counters(struct stat_opts *o, struct cpu_map *cpus,
			 struct thread_map *threads, const struct open_target *t)
{
	struct evsel *evsel;

	evlist__for_each_entry(o->evlist, evsel) {
		struct cpu_map *c = cpus;
		struct thread_map *th = threads;
		int err;

		if (evsel->tool_event != TOOL_NONE) {
			evsel->cpus = evsel->cpus ? evsel->cpus : cpu_map__new_any();
			evsel->threads = evsel->threads ? evsel->threads : thread_map__new_any();
			continue;
		}
		if (!evsel->supported)
			goto skip;
		if (evsel->own_cpus && !cpu_map__is_any(cpus))
			c = evsel->own_cpus;
		if (cgroup_sel__of(&cgroups.sel, evsel)) {
			th = cgroups.sel.maps[cgroup_sel__of(&cgroups.sel, evsel) - 1];
			evsel->open_flags |= PERF_FLAG_PID_CGROUP;
		}
retry:
		err = evsel__open(evsel, c, th);
		if (!err)
			continue;
		err = -err;
		if (evsel->filter_failed) {
			error("failed to set filter \"%s\" on event %s with %d (%s)",
			      evsel->filter, evsel__name(evsel), err, strerror(err));
			return -1;
		}
		if (open_error__is_unsupported(err) || err == EINVAL) {
			if (o->verbose)
				warning("%s event is not supported by the kernel.",
					evsel__name(evsel));
			evsel->supported = false;
			evsel->open_errno = err;
			/* A group cannot count without its leader: fatal, as in perf. */
			if (!(evsel__is_group_leader(evsel) && evsel->nr_members > 1))
				goto skip;
		} else if ((err == EACCES || err == EPERM) && !t->system_wide) {
			char msg[256];

			if (evsel__fallback(evsel, err, msg, sizeof(msg))) {
				if (o->verbose)
					warning("%s", msg);
				goto retry;
			}
		}
		{
			char msg[4096];

			evsel__open_strerror(evsel, t, err, msg, sizeof(msg));
			error("Error:\n%s", msg);
			return -1;
		}
skip:
		/* Keep maps so the display knows the slots. */
		if (!evsel->cpus)
			evsel->cpus = cpu_map__get(c);
		if (!evsel->threads)
			evsel->threads = thread_map__get(th);
	}
	return 0;
}

static void close_counters(struct stat_opts *o)
{
	struct evsel *evsel;

	evlist__for_each_entry(o->evlist, evsel)
		evsel__close(evsel);
}

/*
 * @fn on every opened (evsel, CPU index) pair, perf's way: per-CPU
 * counters CPU by CPU, the thread moved to each CPU first (affinity.h),
 * then the per-thread ones. Only group leaders with @leaders.
 */
static void for_each_counter(struct stat_opts *o, bool leaders,
			     void (*fn)(struct evsel *evsel, int cpu_idx, void *arg), void *arg)
{
	struct affinity aff;
	struct evsel *evsel;
	int max_cpu = -1;

	evlist__for_each_entry(o->evlist, evsel)
		if (evsel->fds && !cpu_map__is_any(evsel->cpus))
			for (int c = 0; c < evsel->cpus->nr; c++)
				max_cpu = max(max_cpu, evsel->cpus->map[c]);
	/* without a mask to restore, affinity__set does nothing: the kernel
	 * then calls across CPUs */
	if (max_cpu >= 0)
		affinity__setup(&aff);
	for (int cpu = 0; cpu <= max_cpu; cpu++) {
		bool moved = false;

		evlist__for_each_entry(o->evlist, evsel) {
			int idx;

			if (!evsel->fds || cpu_map__is_any(evsel->cpus) ||
			    (leaders && !evsel__is_group_leader(evsel)))
				continue;
			idx = cpu_map__idx(evsel->cpus, cpu);
			if (idx < 0)
				continue;
			if (!moved) {
				affinity__set(&aff, cpu);
				moved = true;
			}
			fn(evsel, idx, arg);
		}
	}
	if (max_cpu >= 0)
		affinity__exit(&aff);
	evlist__for_each_entry(o->evlist, evsel)
		if (evsel->fds && cpu_map__is_any(evsel->cpus) &&
		    !(leaders && !evsel__is_group_leader(evsel)))
			fn(evsel, 0, arg);
}

static void ioctl_cpu(struct evsel *evsel, int cpu_idx, void *arg)
{
	unsigned long req = *(unsigned long *)arg;

	for (int t = 0; t < evsel->threads->nr; t++) {
		int fd = evsel__fd(evsel, cpu_idx, t);

		if (fd >= 0)
			ioctl(fd, req, 0);
	}
}

static void enable_counters(struct stat_opts *o)
{
	unsigned long req = PERF_EVENT_IOC_ENABLE;

	for_each_counter(o, true, ioctl_cpu, &req);
}

static void disable_counters(struct stat_opts *o)
{
	unsigned long req = PERF_EVENT_IOC_DISABLE;

	for_each_counter(o, true, ioctl_cpu, &req);
}

static int wait_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	return nanosleep(&ts, NULL);
}

/*
 * -D: the command runs with the counters off for the delay (for ever with
 * -1); perf says so on stderr, whatever the output format, even --quiet.
 */
static void start_counters(struct stat_opts *o, bool has_target, bool enabled)
{
	if (enabled)
		return;
	if (o->delay) {
		fprintf(stderr, "Events disabled\n");
		if (o->delay < 0)
			return;
		wait_ms(o->delay);
	}
	if (has_target || o->delay)
		enable_counters(o);
	if (o->delay > 0)
		fprintf(stderr, "Events enabled\n");
}

/*
 * --pre/--post: sh -c CMD. Returns system()'s value: any nonzero one is a
 * failure, and perf exits with it cut to a byte (a command that exits 3
 * gives 768: status 0; one killed by signal 9 gives 9).
 */
static int run_shell(const char *cmd)
{
	fflush(NULL);
	return system(cmd);
}

struct run_times {
	u64 elapsed_ns;
	struct rusage ru;
};

struct read_ctx {
	struct stat_opts *o;
	FILE *out;
};

static void read_cpu(struct evsel *evsel, int c, void *arg)
{
	struct read_ctx *rc = arg;
	struct evsel_stat *es = evsel__stat(evsel);

	if (!evsel->supported || evsel->tool_event != TOOL_NONE)
		return;
	for (int t = 0; t < es->nr_threads; t++) {
		u64 v[3];
		struct counts_values *cv = &es->counts[c * es->nr_threads + t];

		int err = evsel__read_one(evsel, c, t, v);

		if (err == -EBADF) {
			/* a slot that never opened (its thread had gone): nothing counted */
			memset(cv, 0, sizeof(*cv));
			continue;
		}
		if (err) {
			/* A thread that went away: keep the last values. */
			continue;
		}
		cv->val = v[0];
		cv->ena = v[1];
		cv->run = v[2];
		if (rc->o->rec)
			stat_rec__count(rc->o->rec, evsel, c, t, cv);
		if (rc->o->verbose > 1)
			fprintf(rc->out, "%s: %d: %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
				evsel__name(evsel), evsel->cpus->map[c], v[0], v[1], v[2]);
	}
}

/* Read every fd into the evsel_stat counts; tool events from @rt. */
static void read_counters(struct stat_opts *o, const struct run_times *times,
			  FILE *out)
{
	struct read_ctx rc = { o, out };
	struct evsel *evsel;

	evlist__for_each_entry(o->evlist, evsel) {
		struct evsel_stat *es = evsel__stat(evsel);

		if (evsel->tool_event != TOOL_NONE) {
			u64 v = 0;

			if (evsel->tool_event == TOOL_DURATION_TIME)
				v = times->elapsed_ns;
			else if (evsel->tool_event == TOOL_USER_TIME)
				v = (u64)times->ru.ru_utime.tv_sec * 1000000000ULL +
				    (u64)times->ru.ru_utime.tv_usec * 1000ULL;
			else if (evsel->tool_event == TOOL_SYSTEM_TIME)
				v = (u64)times->ru.ru_stime.tv_sec * 1000000000ULL +
				    (u64)times->ru.ru_stime.tv_usec * 1000ULL;
			es->counts[0].val = es->counts[0].ena = es->counts[0].run = v;
			if (o->rec)
				stat_rec__count(o->rec, evsel, 0, 0, &es->counts[0]);
			continue;
		}
		if (!evsel->supported || !evsel->fds)
			memset(es->counts, 0, (size_t)es->nr_cpus * (size_t)es->nr_threads *
			       sizeof(*es->counts));
	}
	for_each_counter(o, false, read_cpu, &rc);
}

static void process_counters(struct stat_opts *o, struct stat_config *sc,
			     struct runtime_stat *rt, FILE *out)
{
	struct evsel *evsel;

	evlist__for_each_entry(o->evlist, evsel) {
		stat__process_counter(sc, rt, evsel);
		if (o->verbose && !evsel->supported)
			pr_debug(1, "failed to read counter %s", evsel__name(evsel));
		if (o->verbose && sc->aggr_mode == AGGR_GLOBAL && evsel->supported) {
			struct evsel_stat *es = evsel__stat(evsel);

			fprintf(out, "%s: %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
				evsel__name(evsel), es->aggr[0].val, es->aggr[0].ena,
				es->aggr[0].run);
		}
	}
}

/* -I: this interval's deltas, its metrics over the nominal interval. */
static void print_interval(struct stat_opts *o, struct stat_config *sc,
			   struct runtime_stat *rt, struct stat_display *d,
			   u64 ts, bool print)
{
	runtime_stat__reset(rt);
	stats__init(&rt->walltime);
	stats__update(&rt->walltime, (u64)o->interval * 1000000ULL);
	evlist__reset_stats(o->evlist);
	process_counters(o, sc, rt, d->out);
	stat_display__interval_begin(d, ts);
	if (print && !o->quiet)
		stat_display__counters(d, o->evlist, rt);
}

/* --summary: the whole run, from the cumulative counts, into its own stats. */
static void process_summary(struct stat_opts *o, const struct stat_config *sc,
			    struct runtime_stat *rt_sum, u64 elapsed, FILE *out)
{
	struct stat_config whole = *sc;

	whole.interval = false;
	evlist__swap_summary_stats(o->evlist);
	stats__update(&rt_sum->walltime, elapsed);
	process_counters(o, &whole, rt_sum, out);
	evlist__swap_summary_stats(o->evlist);
}

/*
 * --summary output: the -I run as a whole, as without -I; perf reads no
 * rusage in interval mode (user and sys are 0). CSV lines start with
 * "summary" unless --no-csv-summary.
 */
static void print_summary(struct stat_opts *o, struct stat_display *d,
			  struct runtime_stat *rt_sum, bool workload)
{
	evlist__swap_summary_stats(o->evlist);
	d->interval = false;
	memset(&d->ru, 0, sizeof(d->ru));
	d->ru_display = workload && o->run_count == 1;
	if (d->csv && !o->no_csv_summary) {
		d->interval = true;
		snprintf(d->prefix, sizeof(d->prefix), "%16s%s", "summary", d->csv_sep);
	}
	stat_display__header(d);
	stat_display__counters(d, o->evlist, rt_sum);
	stat_display__footer(d, rt_sum);
}

static char *read_comm(pid_t tid)
{
	char path[64], *s;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)tid);
	s = read_file_str(path, NULL);
	if (!s) {
		/* perf's words (a thread gone since the thread map was made) */
		fprintf(stderr, "Couldn't resolve comm name for pid %d\n", (int)tid);
		return xstrdup("");
	}
	s[strcspn(s, "\n")] = '\0';
	return s;
}

/*
 * With -j, messages become {"error" : "..."} lines, so whoever parses the
 * JSON stream on stderr never meets a bare text line (docs/design.md §2).
 */
static void json_msg_sink(const char *prefix, const char *msg)
{
	struct json_writer jw;

	fflush(stdout);
	json_writer__init(&jw, stderr);
	json_writer__begin_object(&jw);
	json_writer__key(&jw, strstarts(prefix, "Warning") ? "warning" : "error");
	json_writer__string(&jw, msg);
	json_writer__end_object(&jw);
	fputc('\n', stderr);
}

/* perf's is_target_alive(): any of the attached tasks still there? */
static bool threads_alive(const struct thread_map *threads)
{
	int i;

	for (i = 0; i < threads->nr; i++)
		if (threads->map[i] == -1 || !kill(threads->map[i], 0) || errno != ESRCH)
			return true;
	return false;
}

/* Does sysfs give @pmu the event alias @event? */
static bool pmu_has_event(const char *pmu_name, const char *event)
{
	struct pmu *pmu = pmu__find(pmu_name);

	return pmu && pmu__find_alias(pmu, event);
}

/*
 * -T: the transactional-memory events, as perf 6.1 sets them up (events
 * of the core PMU's sysfs directory: cycles-t, tx-start, el-start,
 * cycles-ct). perf shows the parse error against the complete list.
 */
static int add_transaction_events(struct stat_opts *o)
{
	static const char full[] =
		"task-clock,{instructions,cycles,cpu/cycles-t/,cpu/tx-start/,cpu/el-start/,cpu/cycles-ct/}";
	static const char limited[] =
		"task-clock,{instructions,cycles,cpu/cycles-t/,cpu/tx-start/,cpu/cycles-ct/}";
	bool all = pmu_has_event("cpu", "cycles-ct") && pmu_has_event("cpu", "el-start");
	struct parse_events_error err;
	int ret;

	parse_events_error__init(&err);
	ret = parse_events(o->evlist, all ? full : limited, &err);
	if (ret) {
		pr_info("Cannot set up transaction events");
		parse_events_error__print(&err, full);
	}
	parse_events_error__exit(&err);
	return ret ? -1 : 0;
}

static int write_file_str(const char *path, const char *v)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, v, strlen(v)) != (ssize_t)strlen(v))
		ret = -errno;
	close(fd);
	return ret;
}

/* --smi-cost: the core PMU's freeze_on_smi, msr/aperf/ and msr/smi/. */
static bool smi_reset;

static int smi_path(char *buf, size_t size)
{
	return snprintf(buf, size, "%s/devices/cpu/freeze_on_smi", sysfs__root());
}

static int add_smi_events(struct stat_opts *o)
{
	char path[PATH_MAX], *v;
	int ret;

	smi_path(path, sizeof(path));
	v = read_file_str(path, NULL);
	if (!v) {
		pr_info("freeze_on_smi is not supported.");
		return -1;
	}
	if (atoi(v) == 0) {
		if (write_file_str(path, "1")) {
			free(v);
			pr_info("Failed to set freeze_on_smi.");
			return -1;
		}
		smi_reset = true;
	}
	free(v);
	if (!pmu_has_event("msr", "aperf") || !pmu_has_event("msr", "smi")) {
		pr_info("To measure SMI cost, it needs msr/aperf/, msr/smi/ and cpu/cycles/ support");
		return -1;
	}
	o->metric_only = true;
	ret = parse_into(o->evlist, "{msr/aperf/,msr/smi/,cycles}");
	if (ret)
		pr_info("Cannot set up SMI cost events");
	return ret ? -1 : 0;
}

static void smi_restore(void)
{
	char path[PATH_MAX];

	if (!smi_reset)
		return;
	smi_path(path, sizeof(path));
	if (write_file_str(path, "0"))
		warning("failed to restore %s", path);
	smi_reset = false;
}

/*
 * --topdown: the core PMU's topdown events. With the perf-metrics ones
 * (slots, topdown-retiring, ...) level 2 adds the four sub-levels when
 * the PMU has topdown-heavy-ops; older cores have the topdown-total-slots
 * set. perf 6.1 wants a CPU-wide target for it.
 */
static int add_topdown_events(struct stat_opts *o)
{
	unsigned int max_level = pmu_has_event("cpu", "topdown-heavy-ops") ? 2 : 1;
	const char *events;

	if (!o->system_wide && !o->cpu_list) {
		pr_info("top down event configuration requires system-wide mode (-a)");
		return -1;
	}
	if (o->td_level > max_level) {
		pr_info("Invalid top-down metrics level. The max level is %u.", max_level);
		return -1;
	}
	if (!o->td_level)
		o->td_level = max_level;
	if (pmu_has_event("cpu", "slots") && pmu_has_event("cpu", "topdown-retiring"))
		events = o->td_level > 1 ?
			"{slots,topdown-retiring,topdown-bad-spec,topdown-fe-bound,topdown-be-bound,"
			"topdown-heavy-ops,topdown-br-mispredict,topdown-fetch-lat,topdown-mem-bound}" :
			"{slots,topdown-retiring,topdown-bad-spec,topdown-fe-bound,topdown-be-bound}";
	else if (pmu_has_event("cpu", "topdown-total-slots"))
		events = "topdown-total-slots,topdown-slots-retired,topdown-recovery-bubbles,"
			 "topdown-fetch-bubbles,topdown-slots-issued";
	else {
		pr_info("System does not support topdown");
		return -1;
	}
	o->metric_only = true;
	return parse_into(o->evlist, events) ? -1 : 0;
}

/* --iostat: perf's x86 I/O stack metrics need the uncore IIO PMUs. */
static int parse_iostat(const struct option *opt, const char *arg, int unset)
{
	(void)opt;
	(void)arg;
	if (unset)
		return 0;
	if (!pmu__find("uncore_iio_0")) {
		pr_info("Unsupported uncore pmu configuration\n");
		return -1;
	}
	pr_info("--iostat: the uncore IIO metrics are not supported by prof yet\n");
	return -1;
}

/* --cputype core|atom: only hybrid machines (cpu_core, cpu_atom PMUs) have them. */
static int parse_cputype(const struct option *opt, const char *arg, int unset)
{
	char name[64];

	(void)opt;
	if (unset)
		return 0;
	snprintf(name, sizeof(name), "cpu_%s", arg);
	if (!pmu__find(name)) {
		pr_info("--cputype %s is not supported!\n", arg);
		return -1;
	}
	pr_info("--cputype %s: hybrid CPUs are not supported by prof yet\n", arg);
	return -1;
}

static int parse_control(const struct option *opt, const char *arg, int unset)
{
	struct stat_opts *o = opt->value;
	const char *bad;
	int err;

	if (unset)
		return 0;
	if (o->has_ctl)
		ctl_fd__close(&o->ctl);
	o->has_ctl = false;
	err = ctl_fd__open(&o->ctl, arg, &bad);
	if (err == -EINVAL) {
		fputc('\n', stderr);	/* perf: no message, a blank line */
		return -1;
	}
	if (err && strstarts(arg, "fifo:")) {
		pr_info("Failed to open '%s'\n", bad);
		return -1;
	}
	if (err) {
		pr_info("Failed to use fd %s: %s\n", bad, strerror(-err));
		return -1;
	}
	o->has_ctl = true;
	return 0;
}

static int parse_filter_opt(const struct option *opt, const char *arg, int unset)
{
	if (unset)
		return 0;
	if (parse_events_filter(opt->value, arg)) {
		fputc('\n', stderr);
		return -1;
	}
	return 0;
}

/* A --control command: perf's set for stat (snapshot and stop do nothing here). */
static void control_process(struct stat_opts *o)
{
	char arg[256];
	enum ctl_cmd cmd;

	while ((cmd = ctl_fd__read(&o->ctl, arg, sizeof(arg))) != CTL_CMD_NONE) {
		struct evsel *evsel = NULL;
		unsigned long req;

		switch (cmd) {
		case CTL_CMD_ENABLE:
		case CTL_CMD_DISABLE:
			req = cmd == CTL_CMD_ENABLE ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE;
			if (!*arg) {
				for_each_counter(o, true, ioctl_cpu, &req);
				pr_info("Events %s", cmd == CTL_CMD_ENABLE ? "enabled" : "disabled");
				break;
			}
			{
				struct evsel *e;

				evlist__for_each_entry(o->evlist, e)
					if (!strcmp(evsel__name(e), arg)) {
						evsel = e;
						break;
					}
			}
			if (!evsel) {
				pr_info("failed: can't find '%s' event", arg);
				break;
			}
			if (evsel->fds)
				for (int c = 0; c < evsel->cpus->nr; c++)
					ioctl_cpu(evsel, c, &req);
			pr_info("Event %s %s", evsel__name(evsel),
				cmd == CTL_CMD_ENABLE ? "enabled" : "disabled");
			break;
		case CTL_CMD_EVLIST:
			if (*arg) {
				pr_info("control: 'evlist %s': only a plain 'evlist' is supported", arg);
				break;
			}
			evlist__for_each_entry(o->evlist, evsel)
				pr_info("%s", evsel__name(evsel));
			break;
		case CTL_CMD_PING:
		case CTL_CMD_STOP:
			break;
		case CTL_CMD_SNAPSHOT:
		case CTL_CMD_UNKNOWN:
		default:
			continue;	/* perf sends no ack */
		}
		ctl_fd__ack(&o->ctl);
	}
}

/*
 * Sleep @ms, or less: a signal ends it, and --control commands are
 * served as they come.
 */
static void stat_wait(struct stat_opts *o, int ms)
{
	u64 end = now_ns() + (u64)ms * 1000000ULL;

	if (!o->has_ctl) {
		wait_ms(ms);
		return;
	}
	for (;;) {
		struct pollfd pfd = { .fd = o->ctl.ctl, .events = POLLIN };
		u64 now = now_ns();
		int r;

		if (now >= end)
			return;
		r = poll(&pfd, 1, (int)((end - now + 999999ULL) / 1000000ULL));
		if (r < 0)
			return;		/* a signal: the caller looks */
		if (r == 0)
			return;
		if (pfd.revents & (POLLERR | POLLHUP | POLLNVAL) && !(pfd.revents & POLLIN)) {
			wait_ms((int)((end - now) / 1000000ULL));
			return;
		}
		control_process(o);
	}
}

/*
 * One "prof stat" (or "prof stat record") from its options to its output.
 * cmd_stat() runs the parts in turn, each filling in more of it:
 * stat_check_options() (the combinations perf refuses), stat_open_output(),
 * stat_setup_events(), stat_setup_targets(), stat_setup_display(),
 * stat_run() (every -r run: stat_run_once(), whose wait loop is
 * stat_wait_workload() and prints the -I intervals), stat_print_final()
 * and stat_session__exit(). "stat report" replays a file through the same
 * display calls (stat-report.c).
 */
struct stat_session {
	struct stat_opts *o;
	const struct option *options;
	int argc;			/* the command, if any */
	const char **argv;
	struct stat_config sc;
	struct open_target target;
	struct stat_display d;
	struct runtime_stat rt, rt_sum;
	struct cpu_map *cpus;
	struct thread_map *threads;
	struct aggr_map *aggr_map;
	FILE *out;
	bool forks, forever, has_target, summary;
	bool display_ready;		/* d, rt (and rt_sum) are set up */
	bool stats_allocated;		/* evlist__alloc_stats done */
	int status;			/* the last run's, as perf passes it on */
};

/*
 * perf's checks of the option combinations, before anything is set up.
 * Returns 0, or the exit status (perf's -EINVAL & 0xff); exits with 129
 * where perf's option parser refuses.
 */
static int stat_check_options(struct stat_session *s, bool all_first)
{
	struct stat_opts *o = s->o;
	const struct option *options = s->options;

	if (o->all_kernel && o->all_user) {
		/* perf's exclusive options: the second one given is refused */
		const char *second = all_first ? "all-user" : "all-kernel";
		const char *first = all_first ? "all-kernel" : "all-user";

		fprintf(stderr, " Error: option `%s' cannot be used with %s\n", second, first);
		parse_options_usage_for(stat_usage, options, second, 0);
		parse_options_usage_for(NULL, options, first, 0);
		exit(PROF_EXIT_USAGE);
	}
	if (o->csv_sep && o->json) {
		fprintf(stderr, "cannot use both --json and -x\n");
		parse_options_usage_for(stat_usage, options, "json-output", 'x');
		exit(PROF_EXIT_USAGE);
	}
	if (o->output_name && o->log_fd && !o->record) {
		pr_info("cannot use both --output and --log-fd\n");
		parse_options_usage_for(stat_usage, options, "output", 'o');
		parse_options_usage_for(NULL, options, "log-fd", 0);
		return 256 - EINVAL;
	}
	if (o->log_fd < 0) {
		pr_info("argument to --log-fd must be a > 0\n");
		parse_options_usage_for(stat_usage, options, "log-fd", 0);
		return 256 - EINVAL;
	}
	if (o->run_count < 0) {
		pr_info("Run count must be a positive number\n");
		parse_options_usage_for(stat_usage, options, NULL, 'r');
		return 256 - EINVAL;
	} else if (o->run_count == 0) {
		s->forever = true;
		o->run_count = 1;
	}
	if (o->table && o->run_count <= 1) {
		pr_info("--table is only supported with -r\n");
		parse_options_usage_for(stat_usage, options, NULL, 'r');
		parse_options_usage_for(NULL, options, "table", 0);
		return 256 - EINVAL;
	}
	if (o->metric_only && o->aggr_mode == AGGR_THREAD) {
		pr_info("--metric-only is not supported with --per-thread");
		return 256 - EINVAL;
	}
	if (o->metric_only && o->run_count > 1) {
		pr_info("--metric-only is not supported with -r");
		return 256 - EINVAL;
	}
	if (o->interval_count && !o->interval) {
		pr_info("interval-count option should be used together with interval-print.\n");
		parse_options_usage_for(stat_usage, options, "interval-count", 0);
		fputc('\n', stderr);
		parse_options_usage_for(stat_usage, options, NULL, 'I');
		return 256 - EINVAL;
	}
	if (!s->forks && !o->pid && !o->tid && !o->cpu_list)
		o->system_wide = true;
	if (o->pid || o->tid) {
		/* -p/-t win over -a, as in perf's target__validate(). */
		if (o->system_wide && s->forks)
			pr_info("PID/TID switch overriding SYSTEM");
		o->system_wide = false;
		o->cpu_list = NULL;
	}
	/* perf: per thread of a -p/-t target, or of the whole system (-a, no -C) */
	if (o->aggr_mode == AGGR_THREAD && !o->pid && !o->tid && (!o->system_wide || o->cpu_list)) {
		pr_info("The --per-thread option is only available when monitoring via -p -t -a options or only --per-thread.");
		parse_options_usage_for(NULL, options, NULL, 'p');
		parse_options_usage_for(NULL, options, NULL, 't');
		return 256 - EINVAL;
	}
	if (o->timeout && o->interval) {
		pr_info("timeout option is not supported with interval-print.\n");
		parse_options_usage_for(stat_usage, options, "timeout", 0);
		fputc('\n', stderr);
		parse_options_usage_for(stat_usage, options, NULL, 'I');
		return 256 - EINVAL;
	}
	if (o->timeout && o->timeout < 10) {
		pr_info("timeout must be >= 10ms.\n");
		parse_options_usage_for(stat_usage, options, "timeout", 0);
		return 256 - EINVAL;
	}
	if (cgroups.for_each && cgroups.sel.nr) {
		pr_info("--cgroup and --for-each-cgroup cannot be used together\n");
		parse_options_usage_for(stat_usage, options, NULL, 'G');
		parse_options_usage_for(NULL, options, "for-each-cgroup", 0);
		return 256 - EINVAL;
	}
	if (((o->aggr_mode != AGGR_GLOBAL && o->aggr_mode != AGGR_THREAD) ||
	     cgroups.sel.nr || cgroups.for_each) && !o->system_wide && !o->cpu_list) {
		/* perf's words, its four options and -EINVAL & 0xff. */
		pr_info("both cgroup and no-aggregation modes only available in system-wide mode\n");
		parse_options_usage_for(stat_usage, options, NULL, 'G');
		parse_options_usage_for(NULL, options, NULL, 'A');
		parse_options_usage_for(NULL, options, NULL, 'a');
		parse_options_usage_for(NULL, options, "for-each-cgroup", 0);
		return 256 - EINVAL;
	}
	return 0;
}

/*
 * -o FILE (with "# started on" first), --log-fd, else stderr; stat
 * record's -o is its perf.data and the counts go to stderr. Returns 0,
 * or the exit status after saying why.
 */
static int stat_open_output(struct stat_session *s)
{
	struct stat_opts *o = s->o;

	s->out = stderr;
	if (o->output_name && !o->record) {
		time_t now = time(NULL);

		s->out = fopen(o->output_name, o->append ? "a" : "w");
		if (!s->out) {
			s->out = stderr;
			return error("failed to create output file: %s", strerror(errno));
		}
		fprintf(s->out, "# started on %s\n", ctime(&now));
	} else if (o->log_fd > 0) {
		s->out = fdopen(o->log_fd, o->append ? "a" : "w");
		if (!s->out) {
			pr_info("Failed opening logfd: %s", strerror(errno));
			s->out = stderr;
			return 256 - EINVAL;
		}
	}
	if (o->interval_clear && !isatty(fileno(s->out))) {
		pr_info("--interval-clear does not work with output\n");
		parse_options_usage_for(stat_usage, s->options, "output", 'o');
		parse_options_usage_for(NULL, s->options, "log-fd", 0);
		parse_options_usage_for(NULL, s->options, "interval-clear", 0);
		return -1;
	}
	return 0;
}

/*
 * The event list: -e, then -M's events, --for-each-cgroup's copies, -T,
 * --smi-cost, --topdown, else the default set; attrs set for counting.
 * Returns 0, or the exit status after saying why.
 */
static int stat_setup_events(struct stat_session *s)
{
	struct stat_opts *o = s->o;

	/*
	 * The metrics' events follow -e's. perf reports a metric it cannot
	 * set up and counts the default events instead; we stop there.
	 */
	expr__set_target(o->system_wide || o->cpu_list, o->cpu_list);
	if (o->metric_list &&
	    metricgroup__parse_groups(o->evlist, o->metric_list, o->metric_no_group,
				      o->metric_no_merge, &o->metrics)) {
		fputc('\n', stderr);
		parse_options_usage_for(stat_usage, s->options, "metrics", 'M');
		return 129;
	}
	/*
	 * --for-each-cgroup rebuilds the list from the -e arguments; it has
	 * no copies of the metrics' events yet, so refuse rather than drop -M.
	 */
	if (cgroups.for_each && o->metrics.nr) {
		error("-M and --for-each-cgroup cannot be used together yet");
		parse_options_usage_for(stat_usage, s->options, "for-each-cgroup", 0);
		parse_options_usage_for(NULL, s->options, "metrics", 'M');
		return 129;
	}
	if (cgroups.for_each && expand_cgroups(o)) {
		fputc('\n', stderr);
		parse_options_usage_for(stat_usage, s->options, "for-each-cgroup", 0);
		return 256 - EINVAL;
	}
	/* perf's order: -T, --smi-cost, --topdown, then the default set */
	if (!o->null_run &&
	    ((o->transaction && add_transaction_events(o)) ||
	     (o->smi_cost && add_smi_events(o)) ||
	     (o->topdown && add_topdown_events(o))))
		return 256 - EINVAL;
	if (!o->null_run && o->evlist->nr_entries == 0 && add_default_events(o))
		return -1;
	/* with --for-each-cgroup, appended to each cgroup's list */
	if (!cgroups.for_each && add_detailed_events(o, o->evlist))
		return -1;
	if (o->null_run) {
		metric_set__exit(&o->metrics);
		evlist__delete(o->evlist);
		o->evlist = evlist__new();
	}
	s->has_target = o->pid || o->tid || o->system_wide || o->cpu_list;
	config_attrs(o, s->forks && !s->has_target);
	return 0;
}

/* The CPU and thread maps of the target. Returns 0, or the exit status. */
static int stat_setup_targets(struct stat_session *s)
{
	struct stat_opts *o = s->o;

	if (o->pid || o->tid) {
		s->threads = thread_map__new_str(o->pid, o->tid);
		if (!s->threads) {
			error("Problems finding threads of monitor\n");
			parse_options_usage_for(stat_usage, s->options, "pid", 't');
			/* perf exits with -EINVAL & 0xff here: keep scripts' view. */
			return 256 - EINVAL;
		}
		s->cpus = cpu_map__new_any();
		s->target.pid = o->pid;
		s->target.tid = o->tid;
		/* perf: a thread of -p's that exits before its counters open is left out */
		if (o->pid) {
			struct evsel *evsel;

			evlist__for_each_entry(o->evlist, evsel)
				evsel->ignore_missing_thread = true;
		}
	} else if (o->system_wide && o->aggr_mode == AGGR_THREAD) {
		/* perf's target per_thread: a counter on each thread there is, on any CPU */
		struct evsel *evsel;

		s->threads = thread_map__new_all();
		if (!s->threads) {
			error("Problems finding threads of monitor\n");
			return 256 - EINVAL;
		}
		s->cpus = cpu_map__new_any();
		s->target.system_wide = true;
		evlist__for_each_entry(o->evlist, evsel)
			evsel->ignore_missing_thread = true;
	} else if (o->system_wide || o->cpu_list) {
		s->cpus = cpu_map__new(o->cpu_list);
		if (!s->cpus) {
			/* perf's wording and status (-EINVAL & 0xff). */
			error("failed to parse CPUs map: %s", strerror(ENOENT));
			parse_options_usage_for(stat_usage, s->options, "cpu", 'a');
			return 256 - EINVAL;
		}
		if (cpu_map__check_online(s->cpus))
			return -1;
		s->threads = thread_map__new_any();
		s->target.system_wide = true;
	} else {
		s->cpus = cpu_map__new_any();
	}
	return 0;
}

/* The display of the chosen format, the per-thread names, the runtime stats. */
static void stat_setup_display(struct stat_session *s)
{
	struct stat_opts *o = s->o;
	struct stat_display *d = &s->d;
	struct evsel *evsel;

	stat_display__init(d, s->out);
	d->csv = o->csv_sep != NULL;
	if (d->csv)
		d->csv_sep = o->csv_sep;
	d->json = o->json;
	d->big_num = o->big_num;
	d->aggr_mode = s->sc.aggr_mode;
	d->run_count = o->run_count;
	d->interval = s->sc.interval;
	d->null_run = o->null_run;
	d->metric_only = o->metric_only;
	d->interval_clear = o->interval_clear && o->interval;
	d->metrics = &o->metrics;
	d->no_merge = o->no_merge;
	d->system_wide = o->system_wide && !o->cpu_list;
	d->cpu_list = o->cpu_list;
	d->pid = o->pid;
	d->tid = o->tid;
	d->argc = s->argc;
	d->argv = s->argv;
	evlist__for_each_entry(o->evlist, evsel) {
		int len = (int)strlen(evsel__stat_unit(evsel));

		if (len > d->unit_width)
			d->unit_width = len;
	}
	if (s->threads && s->sc.aggr_mode == AGGR_THREAD) {
		d->nr_comms = s->threads->nr;
		d->comms = xcalloc((size_t)s->threads->nr, sizeof(char *));
		for (int i = 0; i < s->threads->nr; i++)
			d->comms[i] = read_comm(s->threads->map[i]);
	}
	if (aggr_mode__topology(s->sc.aggr_mode)) {
		s->aggr_map = aggr_map__new(s->cpus, s->sc.aggr_mode);
		d->aggr_map = s->aggr_map;
	}
	runtime_stat__init_cgroups(&s->rt, s->sc.aggr_mode == AGGR_NONE ? s->cpus->nr :
				   s->sc.aggr_mode == AGGR_THREAD && s->threads ? s->threads->nr :
				   s->aggr_map ? s->aggr_map->nr : 1, cgroups.sel.nr_open);
	d->cgroups = cgroups.sel.nr > 0 || cgroups.for_each;
	s->summary = o->interval && o->summary;
	if (s->summary)
		runtime_stat__init_cgroups(&s->rt_sum, s->rt.nr_slots / (s->rt.nr_cgroups + 1),
					   cgroups.sel.nr_open);
	if (o->table) {
		d->walltime_run = xcalloc((size_t)o->run_count, sizeof(*d->walltime_run));
		d->nr_walltime_run = o->run_count;
	}
	s->display_ready = true;
}

/* What one run's wait loop leaves behind. */
struct run_result {
	int wstatus;
	struct rusage wru;
	bool final_printed;	/* no workload: the last interval is out */
	bool count_reached;	/* --interval-count intervals are out */
};

/*
 * Wait for the workload (or Ctrl-C, the -p/-t tasks' end, --timeout),
 * serving --control and printing every -I interval on the way.
 */
static void stat_wait_workload(struct stat_session *s, struct workload *w, u64 t0,
			       struct run_result *res)
{
	struct stat_opts *o = s->o;
	struct run_times times;
	unsigned int nr_intervals = 0;
	u64 last = t0;

	for (;;) {
		int step = o->interval ? (int)o->interval : 100;

		if (s->forks) {
			pid_t r = wait4(w->pid, &res->wstatus,
					o->interval || o->timeout || o->has_ctl ? WNOHANG : 0,
					&res->wru);

			if (r == w->pid)
				break;
			if (r < 0 && errno != EINTR)
				break;
			if (!o->interval && !o->timeout && !o->has_ctl)
				continue;
		} else if (done || (s->threads && !threads_alive(s->threads))) {
			/* Ctrl-C, or every -p/-t target has exited. */
			break;
		}
		if (o->timeout) {
			u64 end = t0 + (u64)o->timeout * 1000000ULL, now = now_ns();

			if (now >= end) {
				if (!s->forks)
					break;
				kill(w->pid, SIGTERM);
				step = 100;
			} else {
				/* Sleep to the deadline, as perf does. */
				step = (int)((end - now + 999999ULL) / 1000000ULL);
			}
		}
		if (!o->interval) {
			/* SIGCHLD or SIGINT cut the sleep short. */
			stat_wait(o, step);
			continue;
		}
		/* Interval mode: sleep to the next tick, then print. */
		{
			u64 next = last + (u64)o->interval * 1000000ULL, now = now_ns();

			if (now < next) {
				u64 left = next - now;

				stat_wait(o, (int)(left / 1000000ULL) ? (int)(left / 1000000ULL) : 1);
				if (now_ns() < next && !done)
					continue;
			}
			if (s->forks) {
				pid_t r = wait4(w->pid, &res->wstatus, WNOHANG, &res->wru);

				if (r == w->pid)
					break;	/* its last, partial interval is printed below */
			}
			last = now_ns();
			memset(&times, 0, sizeof(times));
			times.elapsed_ns = last - t0;
			read_counters(o, &times, s->out);
			if (o->rec)
				stat_rec__round(o->rec, false, last - t0);
			print_interval(o, &s->sc, &s->rt, &s->d, last - t0, true);
			fflush(s->out);
			if (!s->forks && done) {
				res->final_printed = true;
				break;
			}
			if (o->interval_count && ++nr_intervals >= o->interval_count) {
				res->count_reached = true;
				break;
			}
		}
	}
}

/*
 * The first run's counters are open: size the stats for them (and, for
 * stat record, write the file's header and its description of the run).
 */
static int stat_first_open(struct stat_session *s)
{
	struct stat_opts *o = s->o;
	struct evsel *evsel;

	s->stats_allocated = true;
	evlist__alloc_stats(o->evlist, s->sc.aggr_mode, s->aggr_map);
	evlist__for_each_entry(o->evlist, evsel) {
		int cg = cgroup_sel__of(&cgroups.sel, evsel);

		evsel__stat(evsel)->cgroup = cg;
		evsel__stat(evsel)->cgroup_name = cg ? cgroups.sel.names[cg - 1] : "";
	}
	if (s->forks && s->sc.aggr_mode == AGGR_THREAD && !s->d.comms) {
		s->d.nr_comms = 1;
		s->d.comms = xcalloc(1, sizeof(char *));
		s->d.comms[0] = xstrdup(s->argv[0]);
	}
	if (o->rec && stat_rec__start(o->rec, o->evlist, s->sc.aggr_mode, o->interval,
				      s->sc.scale, s->d.comms))
		return -1;
	return 0;
}

/*
 * Run #@run_idx: --pre, fork, open, count until the end, read, --post.
 * Returns 0, 1 when the series ends here (Ctrl-C), or -1 after error().
 */
static int stat_run_once(struct stat_session *s, int run_idx)
{
	struct stat_opts *o = s->o;
	struct workload w = { .pid = -1 };
	struct thread_map *run_threads = s->threads;
	struct run_result res = { 0 };
	struct run_times times;
	struct evsel *evsel;
	u64 t0, t1;
	bool early;

	if (o->run_count > 1 && o->verbose)
		fprintf(s->out, "[ perf stat: executing run #%d ... ]\n", run_idx + 1);
	if (o->pre_cmd) {
		/* perf: a failing --pre skips the run; its status is kept. */
		int r = run_shell(o->pre_cmd);

		s->status = r < 0 ? 255 : r & 0xff;
		if (r)
			return 0;
	}
	if (o->sync_run)
		sync();
	if (s->forks) {
		int err = workload__prepare(&w, s->argv);

		if (err)
			return error("failed to fork the workload: %s", strerror(-err));
		child_pid = w.pid;
		if (!s->has_target)
			run_threads = thread_map__new_pid(w.pid);
	}
	if (open_counters(o, s->cpus, run_threads, &s->target)) {
		workload__abort(&w);
		child_pid = -1;
		if (run_threads != s->threads)
			thread_map__put(run_threads);
		return -1;
	}
	/* -p's threads that exited go, with perf's warning, before the counts are sized by them */
	if (!s->stats_allocated &&
	    (evlist__drop_missing_threads(o->evlist, run_threads, &s->target, o->pid != NULL) ||
	     stat_first_open(s))) {
		workload__abort(&w);
		child_pid = -1;
		if (run_threads != s->threads)
			thread_map__put(run_threads);
		close_counters(o);
		return -1;
	}
	if (run_threads != s->threads)
		thread_map__put(run_threads);
	if (run_idx > 0 && s->sc.aggr_mode != AGGR_GLOBAL) {
		/*
		 * perf averages runs only for the global count; the
		 * other modes show the last run (spread 0), and the
		 * topology modes' metrics use only its counts too.
		 */
		evlist__reset_stats(o->evlist);
		if (aggr_mode__topology(s->sc.aggr_mode))
			runtime_stat__reset(&s->rt);
	}
	/* Fresh counters: interval deltas start from zero. */
	evlist__for_each_entry(o->evlist, evsel) {
		struct evsel_stat *es = evsel__stat(evsel);

		memset(es->prev, 0, (size_t)es->nr_cpus * (size_t)es->nr_threads *
		       sizeof(*es->prev));
		memset(es->counts, 0, (size_t)es->nr_cpus * (size_t)es->nr_threads *
		       sizeof(*es->counts));
	}

	done = 0;
	/*
	 * -a/-C/-p with a command and no -D: the counters are on before the
	 * command is let go, so its exec counts (workload__start returns
	 * after the exec; perf enables after letting it go and races it).
	 */
	early = s->forks && s->has_target && !o->delay;
	if (early)
		enable_counters(o);
	t0 = now_ns();
	if (s->forks && workload__start(&w)) {
		waitpid(w.pid, NULL, 0);
		child_pid = -1;
		close_counters(o);
		return error("Workload failed: %s", strerror(w.exec_errno));
	}
	start_counters(o, s->has_target, early);
	/* Time runs from the enable, after any -D delay, as in perf. */
	if (o->delay)
		t0 = now_ns();
	stat_wait_workload(s, &w, t0, &res);
	if (res.count_reached && s->forks) {
		/* perf waits for the command; the count stands as printed. */
		while (wait4(w.pid, &res.wstatus, 0, &res.wru) < 0 && errno == EINTR)
			;
	}
	t1 = now_ns();
	child_pid = -1;
	if (s->has_target || o->delay)
		disable_counters(o);
	memset(&times, 0, sizeof(times));
	times.elapsed_ns = t1 - t0;
	if (s->forks)
		times.ru = res.wru;
	if (!res.count_reached)
		read_counters(o, &times, s->out);
	if (s->d.walltime_run && run_idx < s->d.nr_walltime_run)
		s->d.walltime_run[run_idx] = t1 - t0;
	if (s->summary)
		process_summary(o, &s->sc, &s->rt_sum, t1 - t0, s->out);
	if (o->interval && res.count_reached) {
		/* Nothing after the last interval printed. */
	} else if (o->interval) {
		/* The final, partial interval. */
		if (o->rec && !res.final_printed)
			stat_rec__round(o->rec, false, t1 - t0);
		print_interval(o, &s->sc, &s->rt, &s->d, t1 - t0, !res.final_printed);
		/* perf's file ends with one more read of the counters, in no round */
		if (o->rec && !res.final_printed)
			read_counters(o, &times, s->out);
	} else {
		if (s->forever) {
			runtime_stat__reset(&s->rt);
			stats__init(&s->rt.walltime);
			evlist__reset_stats(o->evlist);
		}
		stats__update(&s->rt.walltime, times.elapsed_ns);
		process_counters(o, &s->sc, &s->rt, s->out);
	}
	close_counters(o);
	if (s->forks) {
		s->d.ru = times.ru;
		if (WIFSIGNALED(res.wstatus))
			psignal(WTERMSIG(res.wstatus), s->argv[0]);
		s->status = WIFEXITED(res.wstatus) ? WEXITSTATUS(res.wstatus) : 0;
	} else {
		s->status = 0;
	}
	/* perf runs --post only after a command that succeeded. */
	if (o->post_cmd && !s->status) {
		int r = run_shell(o->post_cmd);

		s->status = r < 0 ? 255 : r & 0xff;
	}
	if (s->forever && !o->quiet) {
		stat_display__header(&s->d);
		stat_display__counters(&s->d, o->evlist, &s->rt);
		stat_display__footer(&s->d, &s->rt);
	}
	/* Ctrl-C ends the series: a workload stopped by it, or no workload. */
	if (got_sigint)
		return 1;
	return 0;
}

/* Every run (-r, forever with -r 0). Returns 0, or -1 after error(). */
static int stat_run(struct stat_session *s)
{
	signal(SIGINT, skip_signal);
	signal(SIGCHLD, skip_signal);
	signal(SIGALRM, skip_signal);
	signal(SIGABRT, skip_signal);

	for (int run_idx = 0; s->forever || run_idx < s->o->run_count; run_idx++) {
		int r = stat_run_once(s, run_idx);

		if (r < 0)
			return -1;
		if (r > 0)
			break;
	}
	return 0;
}

/* The counts of the whole session (not for -I, -r 0, --quiet). */
static void stat_print_final(struct stat_session *s)
{
	struct stat_opts *o = s->o;
	struct stat_display *d = &s->d;

	if (!s->stats_allocated) {
		/* Every --pre failed: nothing was opened, perf's way of saying so. */
		struct evsel *evsel;

		evlist__for_each_entry(o->evlist, evsel)
			evsel->supported = false;
		evlist__alloc_stats(o->evlist, s->sc.aggr_mode, s->aggr_map);
		s->stats_allocated = true;
	}
	if (s->summary && !o->quiet)
		print_summary(o, d, &s->rt_sum, s->forks && !s->has_target);
	if (!s->forever && !o->interval && !o->quiet) {
		if (s->forks && !s->has_target && o->run_count == 1)
			d->ru_display = true;
		if (s->forks && o->run_count > 1) {
			/* perf prints user/sys only for a single run. */
			d->ru_display = false;
		}
		stat_display__header(d);
		stat_display__counters(d, o->evlist, &s->rt);
		stat_display__footer(d, &s->rt);
	}
	fflush(s->out);
}

/* Free what the parts set up; close the output. Returns @ret, or -1 if the close failed. */
static int stat_session__exit(struct stat_session *s, int ret)
{
	struct stat_opts *o = s->o;

	if (s->display_ready) {
		runtime_stat__exit(&s->rt);
		if (s->summary)
			runtime_stat__exit(&s->rt_sum);
		free(s->d.walltime_run);
		evlist__free_stats(o->evlist);
		for (int i = 0; i < s->d.nr_comms; i++)
			free(s->d.comms[i]);
		free(s->d.comms);
	}
	if (s->out && s->out != stderr) {
		if (fclose(s->out) && ret >= 0)
			ret = error("failed to write %s: %s",
				    o->output_name ? o->output_name : "the --log-fd output",
				    strerror(errno));
	}
	smi_restore();
	if (o->has_ctl)
		ctl_fd__close(&o->ctl);
	aggr_map__delete(s->aggr_map);
	cpu_map__put(s->cpus);
	thread_map__put(s->threads);
	metric_set__exit(&o->metrics);
	free(o->metric_list);
	evlist__delete(o->evlist);
	set_msg_sink(NULL);
	return ret;
}

int cmd_stat(int argc, const char **argv)
{
	struct stat_opts o = { .run_count = 1, .big_num = true, .scale = true,
			       .evlist = evlist__new() };
	const struct option options[] = {
		OPT_CALLBACK('e', "event", o.evlist, "event",
			     "event selector. use 'prof list' to list available events",
			     parse_events_opt),
		OPT_BOOLEAN('i', "no-inherit", &o.no_inherit,
			    "child tasks do not inherit counters"),
		OPT_STRING('p', "pid", &o.pid, "pid", "stat events on existing process id"),
		OPT_STRING('t', "tid", &o.tid, "tid", "stat events on existing thread id"),
		OPT_BOOLEAN('a', "all-cpus", &o.system_wide,
			    "system-wide collection from all CPUs"),
		OPT_BOOLEAN('g', "group", &o.group, "put the counters into a counter group"),
		OPT_BOOLEAN(0, "scale", &o.scale,
			    "Use --no-scale to disable counter scaling for multiplexing"),
		OPT_INCR('v', "verbose", &o.verbose,
			 "be more verbose (show counter open errors, etc)"),
		OPT_INTEGER('r', "repeat", &o.run_count,
			    "repeat command and print average + stddev (max: 100, forever: 0)"),
		OPT_BOOLEAN(0, "table", &o.table,
			    "display details about each run (only with -r option)"),
		OPT_BOOLEAN('n', "null", &o.null_run, "null run - dont start any counters"),
		OPT_CALLBACK_NOOPT('d', "detailed", &o.detailed, NULL,
				   "detailed run - start a lot of events", parse_detailed),
		OPT_BOOLEAN('S', "sync", &o.sync_run, "call sync() before starting a run"),
		OPT_BOOLEAN('B', "big-num", &o.big_num,
			    "print large numbers with thousands' separators"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to monitor in system-wide"),
		OPT_SET_UINT('A', "no-aggr", &o.aggr_mode, "disable CPU count aggregation",
			     AGGR_NONE),
		OPT_STRING('x', "field-separator", &o.csv_sep, "separator",
			   "print counts with custom separator"),
		OPT_BOOLEAN(0, "all-kernel", &o.all_kernel,
			    "Configure all used events to run in kernel space."),
		OPT_BOOLEAN(0, "all-user", &o.all_user,
			    "Configure all used events to run in user space."),
		OPT_BOOLEAN('j', "json-output", &o.json, "print counts in JSON format"),
		OPT_CALLBACK('G', "cgroup", o.evlist, "name",
			     "monitor event in cgroup name only", parse_cgroups_opt),
		OPT_STRING('o', "output", &o.output_name, "file", "output file name"),
		OPT_BOOLEAN(0, "append", &o.append, "append to the output file"),
		OPT_STRING(0, "pre", &o.pre_cmd, "command",
			   "command to run prior to the measured command"),
		OPT_STRING(0, "post", &o.post_cmd, "command",
			   "command to run after to the measured command"),
		OPT_UINTEGER('I', "interval-print", &o.interval,
			     "print counts at regular interval in ms (overhead is possible for values <= 100ms)"),
		OPT_UINTEGER(0, "interval-count", &o.interval_count,
			     "print counts for fixed number of times"),
		OPT_UINTEGER(0, "timeout", &o.timeout,
			     "stop workload and print counts after a timeout period in ms (>= 10ms)"),
		OPT_SET_UINT(0, "per-socket", &o.aggr_mode,
			     "aggregate counts per processor socket", AGGR_SOCKET),
		OPT_SET_UINT(0, "per-die", &o.aggr_mode,
			     "aggregate counts per processor die", AGGR_DIE),
		OPT_SET_UINT(0, "per-core", &o.aggr_mode,
			     "aggregate counts per physical processor core", AGGR_CORE),
		OPT_SET_UINT(0, "per-thread", &o.aggr_mode, "aggregate counts per thread",
			     AGGR_THREAD),
		OPT_SET_UINT(0, "per-node", &o.aggr_mode, "aggregate counts per numa node",
			     AGGR_NODE),
		OPT_INTEGER('D', "delay", &o.delay,
			    "ms to wait before starting measurement after program start (-1: start with events disabled)"),
		OPT_CALLBACK('M', "metrics", &o.metric_list, "metric/metric group list",
			     "monitor specified metrics or metric groups (separated by ,)",
			     append_metrics),
		OPT_BOOLEAN(0, "metric-no-group", &o.metric_no_group,
			    "don't group metric events, impacts multiplexing"),
		OPT_BOOLEAN(0, "metric-no-merge", &o.metric_no_merge,
			    "don't try to share events between metrics in a group"),
		OPT_BOOLEAN(0, "metric-only", &o.metric_only,
			    "Only print computed metrics. No raw values"),
		OPT_BOOLEAN(0, "no-merge", &o.no_merge, "Do not merge identical named events"),
		OPT_BOOLEAN(0, "no-csv-summary", &o.no_csv_summary,
			    "don't print 'summary' for CSV summary output"),
		OPT_BOOLEAN(0, "summary", &o.summary, "print summary for interval mode"),
		OPT_STRING(0, "for-each-cgroup", &cgroups.for_each, "name",
			   "expand events for each cgroup"),
		OPT_BOOLEAN(0, "quiet", &o.quiet,
			    "don't print any output, messages or warnings (useful with record)"),
		OPT_BOOLEAN('T', "transaction", &o.transaction, "hardware transaction statistics"),
		OPT_BOOLEAN(0, "interval-clear", &o.interval_clear,
			    "clear screen in between new interval"),
		OPT_INTEGER(0, "log-fd", &o.log_fd, "log output to fd, instead of stderr"),
		OPT_CALLBACK(0, "control", &o, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			   "Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events).\n"
			   "\t\t\t  Optionally send control command completion ('ack\\n') to ack-fd descriptor.\n"
			   "\t\t\t  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.",
			     parse_control),
		OPT_BOOLEAN(0, "topdown", &o.topdown, "measure top-down statistics"),
		OPT_UINTEGER(0, "td-level", &o.td_level,
			     "Set the metrics level for the top-down statistics (0: max level)"),
		OPT_BOOLEAN(0, "smi-cost", &o.smi_cost, "measure SMI cost"),
		OPT_CALLBACK_OPTARG(0, "iostat", NULL, "default",
				    "measure I/O performance metrics provided by arch/platform",
				    parse_iostat, "default"),
		OPT_CALLBACK(0, "cputype", NULL, "hybrid cpu type",
			     "Only enable events on applying cpu with this type for hybrid platform (e.g. core or atom)",
			     parse_cputype),
		OPT_BOOLEAN(0, "percore-show-thread", &o.percore_show_thread,
			    "Use with 'percore' event qualifier to show the event counts of one hardware thread by sum up total hardware threads of same physical core"),
		OPT_CALLBACK(0, "filter", o.evlist, "filter", "event filter", parse_filter_opt),
		OPT_BOOLEAN(0, "hybrid-merge", &o.hybrid_merge, "Merge identical named hybrid events"),
		OPT_END()
	};
	struct stat_session s = { .o = &o, .options = options,
				  .sc = { .aggr_mode = AGGR_GLOBAL, .scale = true, .run_count = 1 } };
	bool all_first;	/* --all-kernel came before --all-user */
	int full_argc = argc, ret;
	/* the command line as given, for the file's header: parsing reorders argv */
	const char **full_argv = xcalloc((size_t)argc + 1, sizeof(*argv));

	memcpy(full_argv, argv, (size_t)argc * sizeof(*argv));
	setlocale(LC_ALL, "");
	parse_events__shrink_config_terms();
	all_first = first_of(argc, argv, "--all-kernel", "--all-user");
	argc = parse_options(argc, argv, options, stat_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	/* perf's subcommands: "rec[ord]" and "rep[ort]" */
	if (argc && strlen(argv[0]) > 2 && strstarts("report", argv[0])) {
		struct stat_report_opts ropts = { o.csv_sep, o.json, o.big_num };

		evlist__delete(o.evlist);
		free(full_argv);
		return cmd_stat_report(argc, argv, &ropts);
	}
	if (argc && strlen(argv[0]) > 2 && strstarts("record", argv[0])) {
		all_first = first_of(argc, argv, "--all-kernel", "--all-user");
		argc = parse_options(argc, argv, options, stat_record_usage,
				     PARSE_OPT_STOP_AT_NON_OPTION);
		o.record = true;
	}
	verbose = o.verbose;
	s.forks = argc > 0;
	s.argc = argc;
	s.argv = argv;

	if (o.record && o.run_count != 1) {
		/* perf's check, before any other: -r 0 (forever) too */
		pr_info("Cannot use -r option with perf stat record.");
		ret = -1;
	} else {
		ret = stat_check_options(&s, all_first);
	}
	if (!ret && o.record)
		ret = stat_rec__open(&o.rec, o.output_name ? o.output_name : "perf.data",
				     full_argc, full_argv);
	if (ret)
		goto out;
	if (o.json)
		set_msg_sink(json_msg_sink);
	s.sc.aggr_mode = o.aggr_mode;
	s.sc.scale = o.scale;
	s.sc.run_count = o.run_count;
	s.sc.interval = o.interval != 0;

	ret = stat_open_output(&s);
	if (!ret)
		ret = stat_setup_events(&s);
	if (!ret)
		ret = stat_setup_targets(&s);
	if (ret)
		goto out;
	stat_setup_display(&s);
	ret = stat_run(&s);
	if (!ret) {
		stat_print_final(&s);
		ret = s.status;
	}
	if (o.rec) {
		int err = stat_rec__close(o.rec, ret >= 0 && !o.interval, s.rt.walltime.max);

		o.rec = NULL;
		if (err && ret >= 0)
			ret = -1;
	}
out:
	stat_rec__delete(o.rec);
	ret = stat_session__exit(&s, ret);
	free(full_argv);
	/* No workload: Ctrl-C ended the count; die of it as perf does. */
	if (got_sigint && !s.forks && ret >= 0) {
		fflush(NULL);
		signal(SIGINT, SIG_DFL);
		kill(getpid(), SIGINT);
	}
	return ret;
}
