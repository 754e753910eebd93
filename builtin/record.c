// SPDX-License-Identifier: GPL-2.0-only
/*
 * builtin/record.c: prof record, a drop-in for perf record. Opens the
 * sampling events (one ring buffer per CPU), describes what already ran
 * (kernel, modules, threads, maps), copies the buffers into perf.data
 * with a FINISHED_ROUND after every pass, and at the end marks the DSOs
 * that were hit so their build-ids go into the header.
 */
#include "prof/compat.h"
#include "prof/config.h"
#include "builtin.h"
#include "prof/affinity.h"
#include "prof/cpumap.h"
#include "prof/data-writer.h"
#include "prof/dso-hits.h"
#include "prof/evsel.h"
#include "prof/header.h"
#include "prof/mmap.h"
#include "prof/off-cpu.h"
#include "prof/open-error.h"
#include "prof/session.h"
#include "prof/callchain.h"
#include "prof/cgroup.h"
#include "prof/parse-events.h"
#include "prof/parse-options.h"
#include "prof/strbuf.h"
#include "prof/synthesize.h"
#include "prof/util.h"
#include "prof/workload.h"
#include "prof/debuginfod.h"
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <strings.h>
#include <ctype.h>
#include <time.h>
#include <sys/wait.h>
#include <sys/mman.h>
#include <sys/ioctl.h>

struct record_opts {
	struct evlist *evlist;
	const char *output;
	const char *pid, *tid, *cpu_list, *uid;
	const char *freq_str, *call_graph, *switch_output;
	const char *config_call_graph;	/* call-graph.record-mode: -g's mode */
	u64 user_interval;
	bool system_wide, no_inherit, quiet, sample_addr, inherit_stat;
	bool callgraph_fp, no_buildid, no_buildid_cache, per_thread, namespaces;
	int verbose;
	int comp_level;
	bool compress;
	bool use_clockid;
	int clockid;
	struct sampling_opts s;		/* attribute options, as given */
	const char *all_first;		/* --all-user/--all-kernel: the first given */
	bool all_conflict;
	bool group, dry_run, strict_freq, buildid_all, tail_synthesize;
	int realtime;
	const char *vmlinux, *aux_sample, *debuginfod;
	bool delay;			/* -D given */
	struct cgroup_sel cgroups;	/* -G */
	unsigned synth_skip;
	unsigned proc_map_timeout, nr_threads_synth;
	long toggles[64];
	int nr_toggles;
	bool kcore, off_cpu;
	u64 off_cpu_thresh_ms;
	const char *clang_path, *clang_opt, *threads_spec;
};

enum record_affinity { AFFINITY_SYS, AFFINITY_NODE, AFFINITY_CPU };


/* One recording: the options after parsing, and the run's state. */
struct record {
	struct evlist *evlist;
	const char *output;
	const char *pid, *tid, *cpu_list;
	char *uid_pids;
	bool system_wide, no_inherit, per_thread, quiet, sample_addr, inherit_stat;
	bool no_buildid, no_buildid_cache, namespaces;
	struct sample_rate rate;	/* -F/-c */
	struct sampling_opts sopts;	/* the attrs, from the options above */
	int realtime;			/* -r: SCHED_FIFO priority, 0 none */
	const struct cgroup_sel *cgroups;	/* -G */
	/* -D: ms after the start at which the events are enabled (even
	 * entries) and disabled (odd); -1 alone: they stay disabled */
	const long *toggles;
	int nr_toggles, next_toggle;
	bool delay;
	u64 delay_t0;
	unsigned synth_skip;		/* --synth: SYNTH_SKIP_* */
	u64 map_timeout_ns;		/* --proc-map-timeout */
	int nr_threads_synth;		/* --num-thread-synthesize */
	bool tail_synthesize, synth_at_end;
	bool buildid_all;		/* every DSO mapped into BUILD_ID */
	const char *vmlinux;
	unsigned int mmap_pages;
	enum callchain_record_mode callgraph;
	u32 dwarf_size;
	u16 fp_max_stack;		/* --call-graph fp,N */
	int comp_level, verbose;
	bool use_clockid;	/* -k: sample times from this clock */
	int clockid;
	bool switch_signal;	/* --switch-output: SIGUSR2 */
	u64 switch_size;	/* bytes, or 0 */
	u64 switch_time_ns;	/* or 0 */
	int argc, orig_argc, full_argc;
	const char **argv, **full_argv;
	/* output and session options */
	u64 max_size;		/* --max-size: stop at this many bytes, or 0 */
	bool overwrite;		/* --overwrite: backward buffers, read at the end */
	bool timestamp_filename, timestamp_boundary;
	int switch_max_files;	/* keep at most this many rotated files */
	char **switch_files;	/* the rotated files, oldest replaced first */
	int cur_switch_file;
	struct evlist *sb_evlist;	/* --switch-output-event */
	struct perf_mmap *sb_maps;
	int nr_sb_maps;
	int *sb_fds, nr_sb_fds;	/* the ones polled: not yet hung up */
	bool ctl_hup;		/* the control fd's writer is gone */
	int nr_aio;		/* --aio: writes in flight, or 0 */
	enum record_affinity affinity;
	struct affinity aff;
	struct cpu_map **map_cpus;	/* per buffer: the CPUs to read it from */
	int cur_aff;		/* buffer whose mask is set, -1: none */
	u64 mmap_flush;		/* --mmap-flush: bytes before a buffer is drained */
	int ctl_fd, ack_fd;	/* --control, -1 when not used */
	bool ctl_close;		/* fifo: ours to close */
	bool size_limited;	/* --max-size reached */
	bool ctl_pending, sb_pending;	/* poll saw a command, a switch event */
	char *last_dump;	/* the last rotated name (no --switch-max-files) */

	/* run state */
	struct perf_data_writer *writer;
	struct perf_mmap *maps;
	int nr_maps;
	struct pollfd *pollfds;
	int nr_pollfds;
	struct workload wl;
	u64 samples, lost, lost_chunks, bytes_written;
	u64 samples_read;	/* every sample of the buffers (--off-cpu's switches too) */
	u64 nr_records, lost_samples;	/* perf's end-of-record warnings */
	u64 file_size;
	u64 first_time, last_time;
	unsigned long waking;
	int write_err;
	struct dso_hits *hits;		/* which DSOs samples hit, for BUILD_ID */
	struct off_cpu *offcpu;		/* --off-cpu, or NULL */
	struct strbuf kept;		/* --off-cpu: the records of a pass for the file */
	bool track_hits;
	u8 *bounce;
	const char *path;	/* output path as printed */
	bool poll_out;		/* stdout (the stream) polled after the events */
	bool broken_pipe;	/* the stream's reader went away: die of SIGPIPE */
};

static volatile sig_atomic_t done, got_signal, child_exited, switch_requested;

static void usr2_handler(int sig)
{
	switch_requested = 1;
}

static void sig_handler(int sig)
{
	if (sig == SIGCHLD) {
		child_exited = 1;
	} else {
		got_signal = sig;
	}
	done = 1;
}

static const char *const record_usage[] = {
	"prof record [<options>] [<command>]",
	"prof record [<options>] -- <command> [<options>]",
	NULL
};

static int parse_callgraph_opt(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	if (unset) {
		o->call_graph = NULL;
		o->callgraph_fp = false;
		return 0;
	}
	o->call_graph = arg;
	return 0;
}

static int parse_g(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	o->callgraph_fp = !unset;
	if (!unset && !o->call_graph)
		o->call_graph = o->config_call_graph ? o->config_call_graph : "fp";
	return 0;
}

/*
 * perf's record variables: record.build-id (cache, no-cache, skip, mmap),
 * record.debuginfod (--debuginfod's URLs), core.proc-map-timeout and the record mode of -g, record.call-graph or call-graph.record-mode
 * ("dwarf,4096"). The command line, parsed after, overrides them.
 */
static int record_opts__config(const char *var, const char *value, void *data)
{
	struct record_opts *o = data;

	if (!strcmp(var, "record.build-id")) {
		if (!strcmp(value, "cache"))
			o->no_buildid_cache = false;
		else if (!strcmp(value, "no-cache"))
			o->no_buildid_cache = true;
		else if (!strcmp(value, "skip"))
			o->no_buildid = true;
		else if (!strcmp(value, "mmap"))
			o->s.buildid_mmap = true;
		else
			return -1;
		return 0;
	}
	if (!strcmp(var, "record.debuginfod")) {
		o->debuginfod = value;	/* the process's config set keeps it */
		return 0;
	}
	if (!strcmp(var, "core.proc-map-timeout")) {
		o->proc_map_timeout = (unsigned)strtoul(value, NULL, 10);
		return 0;
	}
	if (!strcmp(var, "record.call-graph") || !strcmp(var, "call-graph.record-mode")) {
		if (callchain_record__config(value))
			return -1;
		o->config_call_graph = value;	/* the process's config set keeps it */
	}
	return 0;
}

static int parse_comp(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	if (unset) {
		o->compress = false;
		return 0;
	}
	o->compress = true;
	o->comp_level = arg ? atoi(arg) : 1;
	if (o->comp_level < 1 || o->comp_level > 22)
		o->comp_level = 1;
	return 0;
}

/* perf's -k names; a number is taken as it is, a "CLOCK_" prefix is allowed. */
static const struct { const char *name; int id; } clockids[] = {
	{ "monotonic", CLOCK_MONOTONIC }, { "monotonic_raw", CLOCK_MONOTONIC_RAW },
	{ "realtime", CLOCK_REALTIME }, { "boottime", CLOCK_BOOTTIME }, { "tai", CLOCK_TAI },
	{ "mono", CLOCK_MONOTONIC }, { "raw", CLOCK_MONOTONIC_RAW },
	{ "real", CLOCK_REALTIME }, { "boot", CLOCK_BOOTTIME },
};

static int parse_clockid(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;
	struct timespec res;

	if (unset) {
		o->use_clockid = false;
		return 0;
	}
	if (!arg)
		return 0;
	if (o->use_clockid)		/* perf: no setting it twice */
		return -1;
	o->use_clockid = true;
	if (sscanf(arg, "%d", &o->clockid) == 1)
		return clock_getres(o->clockid, &res) ? -1 : 0;
	if (!strncasecmp(arg, "CLOCK_", 6))
		arg += 6;
	for (size_t i = 0; i < ARRAY_SIZE(clockids); i++) {
		if (!strcasecmp(arg, clockids[i].name)) {
			o->clockid = clockids[i].id;
			return clock_getres(o->clockid, &res) ? -1 : 0;
		}
	}
	o->use_clockid = false;
	warning("unknown clockid %s, check man page\n", arg);
	return -1;
}

static int parse_filter(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	return parse_events_filter(o->evlist, arg);
}

/* A number with an optional B/K/M/G (perf's parse_tag_value); -1 if not. */
static int parse_size_tag(const char *str, u64 *val)
{
	char *end;
	unsigned long long v;
	const char *tags = "BKMG", *t;

	if (!str || !isdigit((unsigned char)*str))
		return -1;
	errno = 0;
	v = strtoull(str, &end, 10);
	if (errno)
		return -1;
	if (*end) {
		t = strchr(tags, toupper((unsigned char)*end));
		if (!t || end[1] || v > (~0ULL >> (10 * (t - tags))))
			return -1;
		v <<= 10 * (t - tags);
	}
	*val = v;
	return 0;
}

static int parse_max_size(const struct option *opt, const char *arg, int unset)
{
	u64 *size = opt->value;

	if (unset) {
		*size = 0;
		return 0;
	}
	return parse_size_tag(arg, size);
}

/* --mmap-flush: a size, or as perf a plain number's leading digits */
static int parse_mmap_flush(const struct option *opt, const char *arg, int unset)
{
	u64 *flush = opt->value;

	if (unset || !arg) {
		*flush = 1;
		return 0;
	}
	if (parse_size_tag(arg, flush)) {
		long v = strtol(arg, NULL, 0);

		*flush = v > 0 ? (u64)v : 1;
	}
	if (!*flush)
		*flush = 1;
	return 0;
}

/* --aio[=n]: n writes in flight, 1 to 4 (0 or none: 1; more: 4), as perf */
static int parse_aio(const struct option *opt, const char *arg, int unset)
{
	int *nr = opt->value;

	if (unset) {
		*nr = 0;
		return 0;
	}
	*nr = arg ? (int)strtol(arg, NULL, 0) : 1;
	if (*nr <= 0)
		*nr = 1;
	if (*nr > 4)
		*nr = 4;
	return 0;
}

/* --affinity=node|cpu; anything else is perf's default (the system's mask) */
static int parse_affinity(const struct option *opt, const char *arg, int unset)
{
	enum record_affinity *a = opt->value;

	*a = AFFINITY_SYS;
	if (!unset && arg && !strcasecmp(arg, "node"))
		*a = AFFINITY_NODE;
	else if (!unset && arg && !strcasecmp(arg, "cpu"))
		*a = AFFINITY_CPU;
	return 0;
}

/* -P/--no-period, -T/--no-timestamp: 1 or 0, -1 when not given */
static int parse_tristate(const struct option *opt, const char *arg, int unset)
{
	*(int *)opt->value = !unset;
	return 0;
}

/* --all-user/--all-kernel: perf refuses the second of the two */
static int parse_all_user(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	o->s.all_user = !unset;
	if (!unset && o->s.all_kernel)
		o->all_conflict = true;
	else if (!unset)
		o->all_first = "all-user";
	return 0;
}

static int parse_all_kernel(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	o->s.all_kernel = !unset;
	if (!unset && o->s.all_user)
		o->all_conflict = true;
	else if (!unset)
		o->all_first = "all-kernel";
	return 0;
}

/* --exclude-perf: the tracepoints of the last -e leave prof's own pid out */
static int parse_exclude_perf(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;
	struct evsel *last = evlist__last(o->evlist);
	char *filter;

	if (!last || last->attr.type != PERF_TYPE_TRACEPOINT) {
		fprintf(stderr, "--exclude-perf option should follow a -e tracepoint option\n");
		return -1;
	}
	filter = last->filter ? xasprintf("(%s) && (common_pid != %d)", last->filter, (int)getpid()) :
				xasprintf("common_pid != %d", (int)getpid());
	free(last->filter);
	last->filter = filter;
	return 0;
}

/* -D: ms (> 0), -1 (start disabled), or ranges "10-20,30-40" (ms, ascending) */
static int parse_delay(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;
	const char *p = arg;
	long prev = -1;
	char *end;

	o->delay = !unset;
	o->nr_toggles = 0;
	if (unset || !strcmp(arg, "-1"))
		return 0;
	for (;;) {
		long a, b = -1;

		errno = 0;
		a = strtol(p, &end, 10);
		if (end == p || errno || a < 0 || a > INT_MAX)
			return -1;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || errno || b <= a || b > INT_MAX || a <= prev)
				return -1;
		} else if (o->nr_toggles || *end || !a) {
			return -1;	/* a plain delay stands alone and is not 0 */
		}
		if (o->nr_toggles + 2 > (int)ARRAY_SIZE(o->toggles))
			return -1;
		o->toggles[o->nr_toggles++] = a;
		if (b >= 0)
			o->toggles[o->nr_toggles++] = prev = b;
		if (!*end)
			return 0;
		if (*end != ',' || b < 0)
			return -1;
		p = end + 1;
	}
}

/* -D: enable or disable the events (the tracking dummy stays on) when due. */
static void record__delay_tick(struct record *r)
{
	u64 now = now_ns();
	struct evsel *evsel;

	while (r->next_toggle < r->nr_toggles &&
	       now >= r->delay_t0 + (u64)r->toggles[r->next_toggle] * 1000000ULL) {
		bool enable = !(r->next_toggle & 1);

		evlist__for_each_entry(r->evlist, evsel) {
			if (!evsel__is_group_leader(evsel))
				continue;
			if (enable)
				evsel__enable(evsel);
			else if (evsel != r->evlist->tracking)
				evsel__disable(evsel);
		}
		if (!r->quiet)
			pr_info(enable ? "Events enabled" : "Events disabled");
		r->next_toggle++;
	}
}

static u64 record__delay_deadline(const struct record *r, u64 other)
{
	u64 t;

	if (r->next_toggle >= r->nr_toggles)
		return other;
	t = r->delay_t0 + (u64)r->toggles[r->next_toggle] * 1000000ULL;
	return other && other < t ? other : t;
}

static int parse_cgroups(const struct option *opt, const char *arg, int unset)
{
	struct record_opts *o = opt->value;

	return unset ? 0 : cgroup_sel__parse(&o->cgroups, o->evlist, arg);
}

static int parse_synth(const struct option *opt, const char *arg, int unset)
{
	unsigned *skip = opt->value;

	if (unset || !synth_opts__parse_synth(arg, skip))
		return 0;
	pr_info("Invalid synth option: %s", arg);
	return -1;
}

/* ---- event configuration ---- */

static void record__config(struct record *r, bool forks)
{
	struct sampling_opts *so = &r->sopts;

	so->rate = r->rate;
	so->callgraph = r->callgraph;
	so->dump_size = r->dwarf_size;
	so->max_stack = r->fp_max_stack;
	so->cpu_wide = r->system_wide || r->cpu_list;
	/* perf record samples data addresses with dwarf chains (not top) */
	so->sample_addr = r->sample_addr || r->callgraph == CALLCHAIN_RECORD_DWARF;
	so->no_inherit = r->no_inherit;
	so->inherit_stat = r->inherit_stat;
	so->use_clockid = r->use_clockid;
	so->clockid = r->clockid;
	so->namespaces = r->namespaces;
	so->enable_on_exec = forks && !r->system_wide && !r->cpu_list && !r->pid && !r->tid;
	so->initial_delay = r->delay;
	/* as perf: CPU-wide and delayed recordings track with a dummy event */
	if ((so->cpu_wide || so->initial_delay) && !r->evlist->tracking)
		evlist__add_tracking_dummy(r->evlist);
	/* --off-cpu: a block ends at the switch-in, which only these records say */
	if (r->offcpu)
		so->switch_events = true;
	evlist__config_sampling(r->evlist, so);
	if (r->offcpu)
		off_cpu__config(r->offcpu, r->evlist);
	/* --overwrite: every event writes backward (SET_OUTPUT needs them alike) */
	if (r->overwrite) {
		struct evsel *evsel;

		evlist__for_each_entry(r->evlist, evsel)
			evsel->attr.write_backward = 1;
	}
}

static int record__open(struct record *r, struct cpu_map *cpus, struct thread_map *threads)
{
	struct open_target t = {
		.system_wide = r->system_wide || r->cpu_list,
		.pid = r->pid, .tid = r->tid, .cgroups = r->cgroups,
	};
	struct evsel *evsel;

	/* perf: with -p, a thread that exits before its events open is left out */
	evlist__for_each_entry(r->evlist, evsel)
		evsel->ignore_missing_thread = r->pid != NULL;
	return evlist__open_sampling(r->evlist, cpus, threads, &t, r->verbose);
}

/* ---- writing ---- */

static int record__write(struct record *r, const void *buf, size_t len)
{
	int err;

	if (r->write_err || !len)
		return r->write_err;
	err = perf_data_writer__write(r->writer, buf, len);
	if (err)
		r->write_err = err;
	r->bytes_written += len;
	if (r->max_size && r->bytes_written > r->max_size && !r->size_limited) {
		/* perf's words; the loop stops, the file is finished as usual */
		if (!r->quiet)
			fprintf(stderr, "[ perf record: perf size limit reached (%" PRIu64
				" KB), stopping session ]\n", r->bytes_written >> 10);
		r->size_limited = true;
		done = 1;
	}
	return err;
}

#ifdef HAVE_ZSTD
#include <zstd.h>
static ZSTD_CStream *zstd_cs;
static u8 *zstd_out;
static u64 zstd_in_bytes, zstd_out_bytes;
static u32 zstd_mmap_len;
#define ZSTD_REC_MAX (65535 - 8)

/*
 * Compress @len bytes into COMPRESSED records. Input goes in pieces of
 * 32 KiB, each flushed, so every record holds whole zstd blocks and
 * decompresses to something (perf 6.1 refuses a record that does not).
 */
static int zstd_push(struct record *r, const void *buf, size_t len)
{
	const u8 *p = buf;

	while (len) {
		size_t piece = len > 32768 ? 32768 : len, rem;
		ZSTD_inBuffer in = { p, piece, 0 };

		zstd_in_bytes += piece;
		do {
			ZSTD_outBuffer out = { zstd_out + 8, ZSTD_REC_MAX, 0 };
			struct perf_event_header *h = (void *)zstd_out;

			rem = ZSTD_compressStream2(zstd_cs, &out, &in, ZSTD_e_flush);
			if (ZSTD_isError(rem))
				return r->write_err = -EIO;
			if (out.pos) {
				h->type = PERF_RECORD_COMPRESSED;
				h->misc = 0;
				h->size = (u16)(8 + out.pos);
				zstd_out_bytes += 8 + out.pos;
				if (record__write(r, zstd_out, 8 + out.pos))
					return r->write_err;
			}
		} while (in.pos < in.size || rem);
		p += piece;
		len -= piece;
	}
	return 0;
}
#endif


/* The record at @pos of @m's pass, copied out if it wraps; NULL at a bad header. */
static const union perf_event *record__event_at(struct record *r, const struct perf_mmap *m,
						u64 pos)
{
	const struct perf_event_header *h = (const void *)(m->data + (pos & m->mask));
	u64 off = pos & m->mask, size = m->mask + 1;

	if (h->size < sizeof(*h) || h->size > m->end - pos)
		return NULL;
	if (off + h->size > size) {
		size_t first = (size_t)(size - off);

		if (!r->bounce)
			r->bounce = xmalloc(PERF_MMAP_MAX_RECORD);
		memcpy(r->bounce, m->data + off, first);
		memcpy(r->bounce + first, m->data, h->size - first);
		return (const void *)r->bounce;
	}
	return (const void *)h;
}

/*
 * Walk the pass of @m: phase 0 counts samples and losses and feeds the
 * side-band records to the hit tracker, phase 1 feeds the samples (after
 * every buffer's maps of this pass are known). With --namespaces, phase
 * -1 first feeds every buffer's NAMESPACES: a fork's record may sit in
 * another CPU's buffer than the child's maps.
 */
static void record__walk(struct record *r, const struct perf_mmap *m, int phase)
{
	u64 pos = m->start;

	while (m->end - pos >= sizeof(struct perf_event_header)) {
		const union perf_event *ev = record__event_at(r, m, pos);

		if (!ev)
			break;
		pos += ev->header.size;
		if (phase == -1) {
			if (ev->header.type == PERF_RECORD_NAMESPACES)
				dso_hits__side(r->hits, ev);
			continue;
		}
		if (phase == 0)
			r->nr_records++;
		if (phase == 1) {
			if (ev->header.type == PERF_RECORD_SAMPLE)
				dso_hits__sample(r->hits, ev);
			continue;
		}
		if (ev->header.type == PERF_RECORD_SAMPLE)
			r->samples_read++;
		if (r->offcpu) {
			off_cpu__event(r->offcpu, ev);
			if (!off_cpu__keep(r->offcpu, ev))
				continue;
		}
		if (ev->header.type == PERF_RECORD_SAMPLE) {
			r->samples++;
		} else if (ev->header.type == PERF_RECORD_LOST) {
			r->lost += ev->lost.lost;
			r->lost_chunks++;
		} else if (r->track_hits) {
			dso_hits__side(r->hits, ev);
		}
	}
}

static bool cpu_map__same(const struct cpu_map *a, const struct cpu_map *b)
{
	return a->nr == b->nr && !memcmp(a->map, b->map, (size_t)a->nr * sizeof(a->map[0]));
}

/*
 * Whether to read @m in this pass: an overwrite buffer only at the end
 * (or a switch), others once --mmap-flush bytes are waiting. With
 * --affinity the thread moves to the buffer's CPU or node first.
 */
static bool record__take(struct record *r, int i, bool final)
{
	struct perf_mmap *m = &r->maps[i];

	if (m->overwrite && !final)
		return false;
	if (!final && r->mmap_flush > 1 && perf_mmap__pending(m) < r->mmap_flush)
		return false;
	if (r->map_cpus && r->map_cpus[i] && r->cur_aff != i) {
		if (r->cur_aff < 0 || !r->map_cpus[r->cur_aff] ||
		    !cpu_map__same(r->map_cpus[r->cur_aff], r->map_cpus[i]))
			affinity__set_map(&r->aff, r->map_cpus[i]);
		r->cur_aff = i;
	}
	return !perf_mmap__read_init(m);
}

/* Data bytes into the file, through zstd with -z. */
static void record__put(struct record *r, const void *buf, size_t len)
{
	if (!len)
		return;
#ifdef HAVE_ZSTD
	if (zstd_cs) {
		zstd_push(r, buf, len);
		return;
	}
#endif
	record__write(r, buf, len);
}

/* --off-cpu: the records of @m's pass that go into the file (the pass
 * is read then, as perf_mmap__chunks says). */
static void record__put_kept(struct record *r, struct perf_mmap *m)
{
	u64 pos = m->start;

	strbuf_reset(&r->kept);
	while (m->end - pos >= sizeof(struct perf_event_header)) {
		const union perf_event *ev = record__event_at(r, m, pos);

		if (!ev)
			break;
		pos += ev->header.size;
		if (off_cpu__keep(r->offcpu, ev))
			strbuf_add(&r->kept, ev, ev->header.size);
	}
	m->start = m->end;
	record__put(r, r->kept.buf, r->kept.len);
}

/* One pass over every buffer; FINISHED_ROUND if anything was written.
 * @final: everything there is (the end, a switch), whatever its size. */
static int record__mmap_read_all(struct record *r, bool final)
{
	u64 before = r->bytes_written;
	int i;

	for (i = 0; i < r->nr_maps; i++) {
		r->maps[i].start = r->maps[i].end = 0;
		if (record__take(r, i, final) && !(r->namespaces && r->track_hits))
			record__walk(r, &r->maps[i], 0);
	}
	for (int phase = -1; phase <= 0 && r->namespaces && r->track_hits; phase++)
		for (i = 0; i < r->nr_maps; i++)
			if (r->maps[i].end != r->maps[i].start)
				record__walk(r, &r->maps[i], phase);
	for (i = 0; i < r->nr_maps && r->track_hits; i++)
		if (r->maps[i].end != r->maps[i].start)
			record__walk(r, &r->maps[i], 1);
	for (i = 0; i < r->nr_maps; i++) {
		struct perf_mmap *m = &r->maps[i];
		const void *p1, *p2;
		size_t l1, l2;

		if (m->end == m->start)
			continue;
		if (r->offcpu) {
			record__put_kept(r, m);
		} else {
			perf_mmap__chunks(m, &p1, &l1, &p2, &l2);
			record__put(r, p1, l1);
			if (l2)
				record__put(r, p2, l2);
		}
		perf_mmap__consume(m);
	}
	if (r->offcpu) {
		strbuf_reset(&r->kept);
		r->samples += off_cpu__pass(r->offcpu, &r->kept);
		record__put(r, r->kept.buf, r->kept.len);
	}
	if (r->bytes_written != before) {
		struct perf_event_header fr = { .type = PERF_RECORD_FINISHED_ROUND, .size = 8 };

		record__write(r, &fr, sizeof(fr));
		r->nr_records++;
	}
	/* a stream goes out round by round, as perf writes it */
	if (r->poll_out && !r->write_err)
		r->write_err = perf_data_writer__flush(r->writer);
	return r->write_err;
}

/* BUILD_ID for the DSOs samples hit (perf's process_buildids), SAMPLE_TIME. */
static void record__set_buildids(struct record *r)
{
	struct writer_build_id *ids;
	u64 first, last;
	size_t nr;

	/*
	 * as perf: -B and --buildid-all skip the samples' pass, so no
	 * boundary unless --timestamp-boundary asks for it
	 */
	if ((r->no_buildid || r->buildid_all) && !r->timestamp_boundary)
		perf_data_writer__set_sample_time(r->writer, 0, 0);
	else if (dso_hits__time(r->hits, &first, &last))
		perf_data_writer__set_sample_time(r->writer, first, last);
	if (r->no_buildid)
		return;
	nr = dso_hits__build_ids(r->hits, r->no_buildid_cache ? NULL : buildid_dir(), &ids);
	perf_data_writer__set_build_ids(r->writer, ids, nr);
	free(ids);
}

/* ---- the run ---- */

/* The events' fds, and with @pipe the stream's, to see its reader go. */
static int record__setup_pollfds(struct record *r, bool pipe)
{
	struct evsel *evsel;
	int n = 0, i;

	evlist__for_each_entry(r->evlist, evsel)
		n += evsel->nr_fds;
	/* then stdout, the --control fd and the switch events' buffers */
	r->pollfds = xcalloc((size_t)n + 2 + (size_t)r->nr_sb_maps, sizeof(*r->pollfds));
	evlist__for_each_entry(r->evlist, evsel)
		for (i = 0; i < evsel->nr_fds; i++)
			if (evsel->fds[i] >= 0) {
				r->pollfds[r->nr_pollfds].fd = evsel->fds[i];
				/* overwrite buffers are read at the end: only HUP matters */
				r->pollfds[r->nr_pollfds].events = r->overwrite ? 0 : POLLIN;
				r->nr_pollfds++;
			}
	r->poll_out = pipe;
	return 0;
}

/* Wait for data (until @deadline, 0: none); drop fds whose task is gone.
 * False when none is left. */
static bool record__poll(struct record *r, const sigset_t *mask, u64 deadline)
{
	struct timespec ts, *tp = NULL;
	int i, j, n, nfds = r->nr_pollfds, ctl = -1, sb;

	if (deadline) {
		u64 now = now_ns(), left = deadline > now ? deadline - now : 0;

		ts.tv_sec = (time_t)(left / 1000000000ULL);
		ts.tv_nsec = (long)(left % 1000000000ULL);
		tp = &ts;
	}
	if (r->poll_out)
		r->pollfds[nfds++] = (struct pollfd){ .fd = STDOUT_FILENO };
	if (r->ctl_fd >= 0 && !r->ctl_hup) {
		ctl = nfds;
		r->pollfds[nfds++] = (struct pollfd){ .fd = r->ctl_fd, .events = POLLIN };
	}
	sb = nfds;
	for (i = 0; i < r->nr_sb_fds; i++)
		r->pollfds[nfds++] = (struct pollfd){ .fd = r->sb_fds[i], .events = POLLIN };
	n = ppoll(r->pollfds, (nfds_t)nfds, tp, mask);

	if (n <= 0)
		return true;
	/*
	 * ppoll() that finds a descriptor ready puts the old mask back without
	 * running the handlers of the signals that came meanwhile: run them
	 * now, or a SIGUSR2 that came with a "stop" on the control fifo (prof
	 * daemon's signal then stop) would be lost.
	 */
	{
		sigset_t pending, old;

		if (!sigpending(&pending) &&
		    (sigismember(&pending, SIGUSR2) || sigismember(&pending, SIGINT) ||
		     sigismember(&pending, SIGTERM) || sigismember(&pending, SIGCHLD))) {
			sigprocmask(SIG_SETMASK, mask, &old);
			sigprocmask(SIG_SETMASK, &old, NULL);
		}
	}
	/*
	 * A fd that hung up is polled no more: ppoll would return at once
	 * for ever and never let a pending signal in.
	 */
	if (ctl >= 0 && (r->pollfds[ctl].revents & POLLIN))
		r->ctl_pending = true;
	else if (ctl >= 0 && (r->pollfds[ctl].revents & (POLLHUP | POLLERR)))
		r->ctl_hup = true;
	for (i = sb, j = 0; i < nfds; i++) {
		if (r->pollfds[i].revents & POLLIN)
			r->sb_pending = true;
		if (!(r->pollfds[i].revents & (POLLHUP | POLLERR)))
			r->sb_fds[j++] = r->pollfds[i].fd;
	}
	r->nr_sb_fds = j;
	/* nobody reads the stream any more: stop now, as perf (SIGPIPE) */
	if (r->poll_out && (r->pollfds[r->nr_pollfds].revents & (POLLERR | POLLHUP)))
		r->write_err = -EPIPE;
	for (i = j = 0; i < r->nr_pollfds; i++) {
		if (r->pollfds[i].revents & (POLLHUP | POLLERR))
			continue;
		r->pollfds[j++] = r->pollfds[i];
	}
	r->nr_pollfds = j;
	return j > 0;
}

/* Does every event leave the kernel out (perf's evlist__exclude_kernel)? */
static bool record__exclude_kernel(const struct record *r)
{
	struct evsel *evsel;

	evlist__for_each_entry(r->evlist, evsel)
		if (!evsel->attr.exclude_kernel)
			return false;
	return true;
}

static int record__synthesize(struct record *r, struct thread_map *threads, bool forks,
			      bool tail)
{
	struct evsel *first = evlist__first(r->evlist);
	struct synth_opts so = {
		.id_hdr_size = sample_type__id_hdr_size(first->attr.sample_type),
		.data_maps = r->sample_addr,
		.namespaces = r->namespaces,
		.skip = r->synth_skip,
		.map_timeout_ns = r->map_timeout_ns,
		.nr_threads = r->nr_threads_synth,
		.build_id_maps = r->sopts.buildid_mmap,
	};
	struct strbuf sb = STRBUF_INIT;
	int ret;

	/* --tail-synthesize: all of it once the recording is over */
	if (r->tail_synthesize && !r->synth_at_end)
		return 0;
	/* perf: no kernel or module maps when no event counts in the kernel */
	if (!record__exclude_kernel(r))
		synthesize__kernel(&sb, &so);
	if (r->sopts.all_cgroups)
		synthesize__cgroups(&sb, &so);
	if (r->system_wide || r->cpu_list)
		synthesize__all(&sb, &so);
	else if (r->pid || r->tid || tail) {
		ret = synthesize__thread_map(&sb, &so, threads);
		/* perf gives up (exit 255) on a target it cannot describe */
		if (ret && !tail) {
			error("cannot read the memory maps of a -p/-t target: %s", strerror(-ret));
			strbuf_release(&sb);
			return -ECANCELED;
		}
	} else if (forks) {
		synth__comm(&sb, (u32)r->wl.pid, (u32)r->wl.pid, "perf-exec", false, so.id_hdr_size);
		if (r->namespaces)
			synthesize__namespaces(&sb, &so, r->wl.pid, r->wl.pid);
	}
	{
		size_t off = 0;

		while (off + 8 <= sb.len) {
			const union perf_event *ev = (const void *)(sb.buf + off);

			if (ev->header.size < 8)
				break;
			if (r->track_hits)
				dso_hits__side(r->hits, ev);
			off += ev->header.size;
			r->nr_records++;
		}
	}
	ret = record__write(r, sb.buf, sb.len);
	strbuf_release(&sb);
	return ret;
}

/* GROUP_DESC: for each group its name, leader index and member count. */
static void record__set_group_desc(struct record *r)
{
	struct strbuf sb = STRBUF_INIT;
	struct evsel *evsel;
	u32 nr = 0;

	feat__put_u32(&sb, 0);
	evlist__for_each_entry(r->evlist, evsel) {
		if (!evsel__is_group_leader(evsel) || evsel->nr_members < 2)
			continue;
		feat__put_string(&sb, evsel->group_name ? evsel->group_name : "{anon_group}");
		feat__put_u32(&sb, (u32)evsel->idx);
		feat__put_u32(&sb, (u32)evsel->nr_members);
		nr++;
	}
	memcpy(sb.buf, &nr, 4);
	if (nr)
		perf_data_writer__set_feature(r->writer, HEADER_GROUP_DESC, sb.buf, sb.len);
	strbuf_release(&sb);
}

static void record__set_features(struct record *r)
{
	struct machine_info mi;
	const char **args = xcalloc((size_t)r->full_argc + 1, sizeof(char *));
	int i;

	if (!machine_info__gather(&mi)) {
		perf_data_writer__set_machine(r->writer, &mi, PROF_VERSION);
		machine_info__exit(&mi);
	}
	for (i = 0; i < r->full_argc; i++)
		args[i] = r->full_argv[i];
	perf_data_writer__set_cmdline(r->writer, r->full_argc, args);
	free(args);
	if (r->use_clockid)
		perf_data_writer__set_clock(r->writer, r->clockid);
	record__set_group_desc(r);
}

/*
 * Samples the kernel dropped (read_format LOST), one LOST_SAMPLES record
 * per fd that lost any, with the event's id in the trailer, as perf 6.1.
 */
static void record__read_lost_samples(struct record *r)
{
	struct evsel *evsel;
	int i;

	evlist__for_each_entry(r->evlist, evsel) {
		u64 st = evsel->attr.sample_type;
		u32 id_hdr = sample_type__id_hdr_size(st);

		for (i = 0; i < evsel->nr_fds; i++) {
			u64 v[3] = { 0, 0, 0 }, buf[16];
			struct perf_event_header *h = (void *)buf;
			ssize_t n;

			if (evsel->fds[i] < 0)
				continue;
			n = read(evsel->fds[i], v, sizeof(v));
			if (n != (ssize_t)sizeof(v) || !v[2])
				continue;
			/* --off-cpu's switches: blocks lost, no event of the file */
			if (off_cpu__is_hidden(r->offcpu, evsel)) {
				r->lost_samples += v[2];
				continue;
			}
			memset(buf, 0, sizeof(buf));
			h->type = PERF_RECORD_LOST_SAMPLES;
			h->size = (u16)(16 + id_hdr);
			buf[1] = v[2];
			/* the id sits last (IDENTIFIER) or in ID's slot */
			if (st & PERF_SAMPLE_IDENTIFIER)
				buf[(16 + id_hdr) / 8 - 1] = v[1];
			else if (st & PERF_SAMPLE_ID)
				buf[2 + !!(st & PERF_SAMPLE_TID) + !!(st & PERF_SAMPLE_TIME)] = v[1];
			record__write(r, buf, h->size);
			r->nr_records++;
			r->lost_samples += v[2];
		}
	}
}

static int record__summary(struct record *r, const char *path, bool pipe)
{
	struct stat st;
	double mb = 0;

	if (r->quiet)
		return 0;
	fprintf(stderr, "[ perf record: Woken up %lu times to write data ]\n", r->waking);
	if (!pipe && r->lost_chunks)
		fprintf(stderr, "Warning:\nProcessed %" PRIu64 " events and lost %" PRIu64
			" chunks!\n\nCheck IO/CPU overload!\n\n", r->nr_records, r->lost_chunks);
	if (!pipe && r->lost_samples)
		fprintf(stderr, "Warning:\nProcessed %" PRIu64 " samples and lost %3.2f%%!\n\n",
			r->samples_read + r->lost_samples,
			(double)r->lost_samples / (double)(r->samples_read + r->lost_samples) * 100.0);
	if (!pipe && !stat(path, &st))
		mb = (double)st.st_size / 1024.0 / 1024.0;
	fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s", mb, path);
	if (r->samples && !pipe)
		fprintf(stderr, " (%" PRIu64 " samples)", r->samples);
#ifdef HAVE_ZSTD
	if (zstd_cs && zstd_out_bytes)
		fprintf(stderr, ", compressed (original %.3f MB, ratio is %.3f)",
			(double)zstd_in_bytes / 1024.0 / 1024.0,
			(double)zstd_in_bytes / (double)zstd_out_bytes);
#endif
	fprintf(stderr, " ]\n");
	return 0;
}

/* perf keeps the previous recording as <file>.old. */
static void rotate_old(const char *path)
{
	struct stat st;
	char *old;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return;
	old = xasprintf("%s.old", path);
	if (rename(path, old) < 0)
		unlink(old);
	free(old);
}

/*
 * After a write error (a full disk): keep what reached the disk readable.
 * Walk the records from data.offset, cut the file after the last whole
 * one, and rewrite the header with that data size and no features.
 */
static int record__salvage(const char *path)
{
	struct perf_file_header h;
	struct perf_event_header eh;
	int fd = open(path, O_RDWR | O_CLOEXEC);
	struct stat st;
	u64 pos;
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h) ||
	    h.magic != PERF_MAGIC2 || h.data.offset > (u64)st.st_size) {
		close(fd);
		return -EINVAL;
	}
	pos = h.data.offset;
	while (pos + sizeof(eh) <= (u64)st.st_size &&
	       pread(fd, &eh, sizeof(eh), (off_t)pos) == (ssize_t)sizeof(eh) &&
	       eh.size >= sizeof(eh) && pos + eh.size <= (u64)st.st_size)
		pos += eh.size;
	h.data.size = pos - h.data.offset;
	memset(h.adds_features, 0, sizeof(h.adds_features));
	if (ftruncate(fd, (off_t)pos) < 0 ||
	    pwrite(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h))
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * Create @path (rotating an old one), write the header part, the tracing
 * data and the synthesized state. @tail: a later file of --switch-output,
 * where the workload is running and is described from /proc.
 */
static int record__open_output(struct record *r, const char *path, bool pipe,
			       struct thread_map *threads, bool forks, bool tail)
{
	struct evsel *evsel;
	int err;

	/* the file */
	if (!pipe)
		rotate_old(path);
	err = perf_data_writer__open(&r->writer, path, pipe);
	if (err) {
		error("failed to open %s : %s", path, strerror(-err));
		pr_info("Perf session creation failed.\n");
		return -1;
	}
	r->track_hits = !perf_data_writer__is_pipe(r->writer);
	/* --off-cpu: the file has offcpu-time, not the switches it comes from */
	off_cpu__hide(r->offcpu, r->evlist);
	evlist__for_each_entry(r->evlist, evsel)
		perf_data_writer__add_event(r->writer, &evsel->attr, evsel__name(evsel),
					    evsel->ids, (u32)evsel->nr_ids);
	record__set_features(r);
#ifdef HAVE_ZSTD
	if (r->comp_level) {
		u32 c[5] = { 1, 1, (u32)r->comp_level, 0, 0 };

		if (!zstd_cs) {
			zstd_cs = ZSTD_createCStream();
			zstd_out = xmalloc(65536);
		}
		/* every file starts a new zstd stream */
		ZSTD_CCtx_reset(zstd_cs, ZSTD_reset_session_only);
		ZSTD_CCtx_setParameter(zstd_cs, ZSTD_c_compressionLevel, r->comp_level);
		zstd_in_bytes = zstd_out_bytes = 0;
		c[4] = zstd_mmap_len = (u32)(((r->mmap_pages ? r->mmap_pages :
					       perf_mmap__default_pages()) + 1) *
					     (u32)sysconf(_SC_PAGESIZE));
		perf_data_writer__set_feature(r->writer, HEADER_COMPRESSED, c, sizeof(c));
	}
#else
	if (r->comp_level)
		warning("prof was built without zstd: -z ignored");
#endif
	{
		struct strbuf td = STRBUF_INIT;

		err = tracing_data__build(&td, r->evlist);
		if (err)
			warning("cannot read the tracepoint formats: %s", strerror(-err));
		else if (td.len && !pipe)
			perf_data_writer__set_feature(r->writer, HEADER_TRACING_DATA, td.buf, td.len);
		off_cpu__unhide(r->offcpu, r->evlist);
		err = perf_data_writer__start(r->writer);
		if (!err && td.len && pipe) {
			/* a pipe carries it after a HEADER_TRACING_DATA record */
			size_t padded = ALIGN_UP(td.len, (size_t)8);
			struct { struct perf_event_header h; u32 size, pad; } rec = {
				{ PERF_RECORD_HEADER_TRACING_DATA, 0, 16 }, (u32)padded, 0 };

			strbuf_addchars(&td, 0, padded - td.len);
			record__write(r, &rec, sizeof(rec));
			err = record__write(r, td.buf, td.len);
		}
		strbuf_release(&td);
	}
	if (!err)
		err = record__synthesize(r, threads, forks, tail);
	if (!err && r->nr_aio) {
		err = perf_data_writer__set_aio(r->writer, r->nr_aio);
		if (err == -EINVAL) {
			error("--aio writes to a file, not to a pipe");
			perf_data_writer__delete(r->writer);
			r->writer = NULL;
			return -1;
		}
	}
	if (err) {
		if (err != -ECANCELED)	/* already said */
			error("failed to write %s: %s", path, strerror(-err));
		perf_data_writer__delete(r->writer);
		r->writer = NULL;
		return -1;
	}
	return 0;

}

/* Finish the current file: features, build-ids, header. 0 or -1 (said). */
static int record__close_output(struct record *r, const char *path, bool pipe)
{
	struct stat st;
	int err;

#ifdef HAVE_ZSTD
	if (zstd_cs && zstd_out_bytes) {
		u32 c[5] = { 1, 1, (u32)r->comp_level,
			     (u32)(zstd_in_bytes / zstd_out_bytes), zstd_mmap_len };

		perf_data_writer__set_feature(r->writer, HEADER_COMPRESSED, c, sizeof(c));
	}
#endif
	if (pipe && r->write_err == -EPIPE) {
		perf_data_writer__delete(r->writer);
		r->writer = NULL;
		r->broken_pipe = true;
		return 0;
	}
	if (r->write_err) {
		error("failed to write %s: %s", path, strerror(-r->write_err));
		perf_data_writer__close(r->writer);
		r->writer = NULL;
		if (!pipe && !record__salvage(path))
			pr_info("%s: the data written before the error was kept readable\n", path);
		return -1;
	}
	if (!pipe)
		record__set_buildids(r);
	err = perf_data_writer__close(r->writer);
	r->writer = NULL;
	r->broken_pipe = pipe && err == -EPIPE;
	if (err && !r->broken_pipe) {
		error("failed to write %s: %s", path, strerror(-err));
		if (!pipe && !record__salvage(path))
			pr_info("%s: the data written before the error was kept readable\n", path);
		return -1;
	}
	r->file_size = !pipe && !stat(path, &st) ? (u64)st.st_size : 0;
	return 0;
}

/*
 * --switch-output, --timestamp-filename: rename @path to
 * @path.<YYYYmmddHHMMSScc>; the new name (@r's until
 * --switch-max-files drops it: the oldest goes when one more is made).
 */
static const char *record__rotate(struct record *r, const char *path)
{
	struct timespec ts;
	struct tm tm;
	char stamp[32], *to;

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
	to = xasprintf("%s.%s%02d", path, stamp, (int)(ts.tv_nsec / 10000000));
	if (rename(path, to) < 0)
		warning("cannot rename %s to %s: %s", path, to, strerror(errno));
	if (r->switch_max_files > 0) {
		int n = (r->cur_switch_file + 1) % r->switch_max_files;

		if (!r->switch_files)
			r->switch_files = xcalloc((size_t)r->switch_max_files, sizeof(char *));
		if (r->switch_files[n]) {
			unlink(r->switch_files[n]);
			free(r->switch_files[n]);
		}
		r->switch_files[n] = to;
		r->cur_switch_file = n;
		return to;
	}
	free(r->last_dump);
	r->last_dump = to;
	return to;
}

static int record__switch_output(struct record *r, const char *path,
				 struct thread_map *threads, bool forks)
{
	const char *dump;

	if (record__close_output(r, path, false))
		return -1;
	dump = record__rotate(r, path);
	if (!r->quiet) {
		fprintf(stderr, "[ perf record: dump data: Woken up %lu times ]\n", r->waking);
		fprintf(stderr, "[ perf record: Dump %s ]\n", dump);
	}
	r->waking = 0;
	r->samples = 0;	/* the final summary counts the last file's */
	r->samples_read = 0;
	dso_hits__reset(r->hits);
	return record__open_output(r, path, false, threads, forks, true);
}

/* ---- --control, --switch-output-event, --affinity ---- */

static void record__enable(struct record *r, bool on)
{
	struct evsel *evsel;

	evlist__for_each_entry(r->evlist, evsel)
		if (evsel__is_group_leader(evsel)) {
			if (on)
				evsel__enable(evsel);
			else
				evsel__disable(evsel);
		}
}

/* perf's acknowledgement: "ack\n" and its NUL */
static void record__ctl_ack(struct record *r)
{
	static const char ack[] = "ack\n";

	if (r->ack_fd >= 0 && write(r->ack_fd, ack, sizeof(ack)) < 0)
		warning("--control: cannot write the ack: %s", strerror(errno));
}

/* The commands waiting on the control fd, one a line, as perf's. */
static void record__ctl_process(struct record *r)
{
	char buf[512], *line, *save = NULL;
	ssize_t n;

	r->ctl_pending = false;
	n = read(r->ctl_fd, buf, sizeof(buf) - 1);
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
		r->ctl_hup = true;	/* the end of the commands: poll it no more */
	if (n <= 0)
		return;
	buf[n] = 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		line = strim(line);
		if (!strcmp(line, "enable") || !strcmp(line, "disable")) {
			bool on = line[0] == 'e';

			record__enable(r, on);
			if (!r->quiet)
				fprintf(stderr, "Events %s\n", on ? "enabled" : "disabled");
		} else if (!strcmp(line, "evlist")) {
			struct evsel *evsel;

			evlist__for_each_entry(r->evlist, evsel)
				fprintf(stderr, "%s\n", evsel__name(evsel));
		} else if (!strcmp(line, "stop")) {
			done = 1;
		} else if (strcmp(line, "ping") && strcmp(line, "snapshot")) {
			continue;	/* perf answers nothing else */
		}
		record__ctl_ack(r);
	}
}

/* --control fd:ctl[,ack] or fifo:ctl[,ack]; -1 (usage) when invalid. */
static int parse_control(const struct option *opt, const char *arg, int unset)
{
	struct record *r = opt->value;
	char *spec, *ack;
	int ret = 0;

	if (unset || !arg)
		return unset ? 0 : -1;
	spec = xstrdup(arg);
	ack = strchr(spec, ',');
	if (ack)
		*ack++ = 0;
	if (!strncmp(spec, "fd:", 3)) {
		char *end, *end2 = NULL;
		long c = strtol(spec + 3, &end, 10), a = ack ? strtol(ack, &end2, 10) : -1;

		if (end == spec + 3 || *end || c < 0 || (ack && (end2 == ack || *end2 || a < 0))) {
			ret = -1;
		} else if (fcntl((int)c, F_GETFD) < 0 || (a >= 0 && fcntl((int)a, F_GETFD) < 0)) {
			error("--control: file descriptor %ld is not open", fcntl((int)c, F_GETFD) < 0 ? c : a);
			ret = -1;
		} else {
			r->ctl_fd = (int)c;
			r->ack_fd = (int)a;
		}
	} else if (!strncmp(spec, "fifo:", 5)) {
		/* read-write, so neither open waits for the other side */
		r->ctl_fd = open(spec + 5, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (r->ctl_fd < 0) {
			fprintf(stderr, "Failed to open '%s'\n", spec + 5);
			ret = -1;
		} else if (ack && (r->ack_fd = open(ack, O_RDWR | O_CLOEXEC)) < 0) {
			fprintf(stderr, "Failed to open '%s'\n", ack);
			close(r->ctl_fd);
			r->ctl_fd = -1;
			ret = -1;
		} else {
			r->ctl_close = true;
		}
	} else {
		ret = -1;
	}
	free(spec);
	return ret;
}

/*
 * --switch-output-event: its events sample every occurrence into small
 * buffers of their own, polled with the others; a sample asks for a
 * switch, as SIGUSR2 does. They are not written to the file.
 */
static int record__sb_open(struct record *r, struct cpu_map *cpus, struct thread_map *threads,
			   bool forks)
{
	struct open_target t = {
		.system_wide = r->system_wide || r->cpu_list,
		.pid = r->pid, .tid = r->tid,
	};
	struct evsel *evsel;

	evlist__for_each_entry(r->sb_evlist, evsel) {
		struct perf_event_attr *a = &evsel->attr;

		a->freq = 0;
		a->sample_period = 1;
		a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
		a->watermark = 1;
		a->wakeup_watermark = 1;
		a->sample_id_all = 1;
		a->inherit = !r->no_inherit;
		a->disabled = 1;
		a->enable_on_exec = forks && !r->system_wide && !r->cpu_list && !r->pid && !r->tid;
	}
	if (evlist__open_sampling(r->sb_evlist, cpus, threads, &t, r->verbose))
		return -1;
	if (evlist__mmap(r->sb_evlist, 1, &r->sb_maps, &r->nr_sb_maps))
		return error("failed to mmap the switch output events: %s", strerror(errno));
	r->sb_fds = xcalloc((size_t)r->nr_sb_maps + 1, sizeof(*r->sb_fds));
	for (int i = 0; i < r->nr_sb_maps; i++)
		r->sb_fds[r->nr_sb_fds++] = r->sb_maps[i].fd;
	return 0;
}

static void record__sb_drain(struct record *r)
{
	r->sb_pending = false;
	for (int i = 0; i < r->nr_sb_maps; i++) {
		struct perf_mmap *m = &r->sb_maps[i];
		struct perf_event_header *h;

		if (perf_mmap__read_init(m))
			continue;
		while ((h = perf_mmap__read_event(m)))
			if (h->type == PERF_RECORD_SAMPLE)
				switch_requested = 1;
		perf_mmap__consume(m);
	}
}

/* --affinity: the CPUs each buffer is read from (none per thread). */
static void record__setup_affinity(struct record *r)
{
	if (r->affinity == AFFINITY_SYS || affinity__setup(&r->aff))
		return;
	r->cur_aff = -1;
	r->map_cpus = xcalloc((size_t)r->nr_maps, sizeof(*r->map_cpus));
	for (int i = 0; i < r->nr_maps; i++) {
		char one[16];

		if (r->maps[i].cpu < 0)
			continue;
		snprintf(one, sizeof(one), "%d", r->maps[i].cpu);
		r->map_cpus[i] = r->affinity == AFFINITY_NODE ? cpu__node_cpus(r->maps[i].cpu) :
				 cpu_map__new(one);
	}
}

static void record__exit_affinity(struct record *r)
{
	if (!r->map_cpus)
		return;
	for (int i = 0; i < r->nr_maps; i++)
		cpu_map__put(r->map_cpus[i]);
	free(r->map_cpus);
	r->map_cpus = NULL;
	affinity__exit(&r->aff);
}

static int record__run(struct record *r)
{
	struct cpu_map *cpus = NULL;
	struct thread_map *threads = NULL;
	const char *path = r->output ? r->output : "perf.data";
	bool forks = r->argc > 0, pipe, alive = true, exec_failed = false;
	struct sigaction sa;
	sigset_t block, orig;
	struct evsel *evsel;
	int status = 0, ret = -1, err;
	u64 next_switch;

	r->wl.pid = -1;
	r->hits = dso_hits__new();
	dso_hits__set_all(r->hits, r->buildid_all);
	dso_hits__set_vmlinux(r->hits, r->vmlinux);
	if (!r->evlist->nr_entries && evlist__add_default_cycles(r->evlist))
		return -1;
	if (r->offcpu && off_cpu__add_events(r->offcpu, r->evlist))
		return -1;
	/*
	 * --off-cpu: every context switch is a sample with its chain, and
	 * two switch records: sixteen times the default buffer where the
	 * mlock limit does not apply (root), at most 128 MiB in all, so a
	 * busy machine loses none (offcpu-bench.sh)
	 */
	if (r->offcpu && !r->mmap_pages && geteuid() == 0) {
		long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
		u64 cap = (128ULL << 20) / (u64)sysconf(_SC_PAGESIZE) / (u64)(ncpu > 0 ? ncpu : 1);
		unsigned int pages = perf_mmap__default_pages();

		while (pages < perf_mmap__default_pages() * 16 && pages * 2ULL <= cap)
			pages *= 2;
		r->mmap_pages = pages;
	}
	if (!strcmp(path, "-"))
		pipe = true;
	else {
		struct stat st;

		/* perf writes a stream when stdout is a pipe and no -o was given */
		pipe = !r->output && !fstat(STDOUT_FILENO, &st) && S_ISFIFO(st.st_mode);
		if (pipe)
			path = "-";
	}

	/* targets */
	if (r->system_wide || r->cpu_list) {
		cpus = cpu_map__new(r->cpu_list);
		if (!cpus || cpu_map__check_online(cpus)) {
			cpu_map__put(cpus);
			return -1;
		}
		threads = thread_map__new_any();
	} else {
		cpus = r->per_thread ? cpu_map__new_any() : cpu_map__new_online();
		if (r->pid || r->tid) {
			threads = thread_map__new_str(r->pid, r->tid);
			if (!threads) {
				cpu_map__put(cpus);
				return error("Couldn't create thread/CPU maps: %s",
					     errno == ESRCH ? "No such process" : strerror(errno));
			}
		}
	}
	if (r->per_thread)
		r->no_inherit = true;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sig_handler;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	if (r->switch_signal) {
		sa.sa_handler = usr2_handler;
		sigaction(SIGUSR2, &sa, NULL);
	}
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);

	if (forks) {
		/* as perf: the data owns stdout, the workload prints to stderr */
		r->wl.stdout_to_stderr = pipe;
		err = workload__prepare(&r->wl, r->argv);
		if (err) {
			error("failed to fork the workload: %s", strerror(-err));
			goto out_maps;
		}
		if (!threads)
			threads = thread_map__new_pid(r->wl.pid);
	}
	if (!threads)
		threads = thread_map__new_any();

	record__config(r, forks);
	if (record__open(r, cpus, threads))
		goto out_abort;
	/* -r: prof itself (not the workload) runs SCHED_FIFO */
	if (r->realtime && sampling__set_realtime(r->realtime)) {
		pr_info("Could not set realtime priority.");
		goto out_abort;
	}
	evlist__for_each_entry(r->evlist, evsel)
		dso_hits__add_event(r->hits, evsel->attr.sample_type, evsel->ids, evsel->nr_ids);
	if (r->offcpu)
		off_cpu__opened(r->offcpu, r->evlist);

	pr_debug(1, "mmap size %zuB", ((size_t)(r->mmap_pages ? r->mmap_pages :
			 perf_mmap__default_pages()) + 1) * (size_t)sysconf(_SC_PAGESIZE));
	err = evlist__mmap(r->evlist, r->mmap_pages ? r->mmap_pages : perf_mmap__default_pages(),
			   &r->maps, &r->nr_maps);
	if (err) {
		if (err == -EPERM)
			error("Permission error mapping pages.\n"
			      "Consider increasing /proc/sys/kernel/perf_event_mlock_kb,\n"
			      "or try again with a smaller value of -m/--mmap_pages.\n"
			      "(current value: %u,0)",
			      r->mmap_pages ? r->mmap_pages : perf_mmap__default_pages());
		else
			error("failed to mmap with %d (%s)", -err, strerror(-err));
		goto out_abort;
	}
	if (r->sb_evlist->nr_entries && record__sb_open(r, cpus, threads, forks))
		goto out_abort;
	record__setup_affinity(r);
	if (r->mmap_flush > 1) {
		/* as perf: at most a quarter of a buffer */
		u64 cap = ((u64)(r->mmap_pages ? r->mmap_pages : perf_mmap__default_pages()) + 1) *
			  (u64)sysconf(_SC_PAGESIZE) / 4;

		if (r->mmap_flush > cap)
			r->mmap_flush = cap;
	}
	pr_debug(1, "nr_cblocks: %d\naffinity: %s\nmmap flush: %" PRIu64, r->nr_aio,
		 r->affinity == AFFINITY_NODE ? "NODE" : r->affinity == AFFINITY_CPU ? "CPU" : "SYS",
		 r->mmap_flush ? r->mmap_flush : 1);
	record__setup_pollfds(r, pipe);

	if (record__open_output(r, path, pipe, threads, forks, false))
		goto out_abort;
	pipe = perf_data_writer__is_pipe(r->writer);

	/* go */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, &orig);
	if (!forks || r->system_wide || r->cpu_list || r->pid || r->tid) {
		/* -D: only the tracking dummy from the start */
		evlist__for_each_entry(r->evlist, evsel)
			if (evsel__is_group_leader(evsel) &&
			    (!r->delay || evsel == r->evlist->tracking))
				evsel__enable(evsel);
		evlist__for_each_entry(r->sb_evlist, evsel)
			evsel__enable(evsel);
	}
	if (forks) {
		sigprocmask(SIG_SETMASK, &orig, NULL);
		err = workload__start(&r->wl);
		sigprocmask(SIG_BLOCK, &block, NULL);
		if (err) {
			error("Failed to collect '%s' for the '%s' workload: %s",
			      evsel__name(evlist__first(r->evlist)), r->argv[0], strerror(-err));
			waitpid(r->wl.pid, NULL, 0);
			r->wl.pid = -1;
			/* the file is finished all the same: perf leaves its header too */
			exec_failed = true;
			done = 1;
		}
	}

	if (r->switch_size && !r->quiet) {
		u64 wakeup = ((u64)(r->mmap_pages ? r->mmap_pages : perf_mmap__default_pages()) + 1) *
			     (u64)sysconf(_SC_PAGESIZE) / 2;

		if (r->switch_size < wakeup)
			fprintf(stderr, "WARNING: switch-output data size lower than wakeup kernel "
				"buffer size (%" PRIu64 "K) expect bigger perf.data sizes\n",
				wakeup / 1024);
	}
	next_switch = r->switch_time_ns ? now_ns() + r->switch_time_ns : 0;
	if (r->delay) {
		r->delay_t0 = now_ns();
		if (!r->quiet)
			pr_info("Events disabled");
	}
	for (;;) {
		u64 before = r->bytes_written;

		if (r->delay)
			record__delay_tick(r);
		if (record__mmap_read_all(r, false) || r->size_limited)
			break;
		/* a switch event may be waiting whatever woke us (cheap: one page) */
		if (r->nr_sb_maps)
			record__sb_drain(r);
		/*
		 * A SIGUSR2 that came with the end (a stop on the control fifo,
		 * SIGINT) still gets its file, as perf's: prof daemon's signal
		 * then stop must leave one file each.
		 */
		if (!pipe && ((r->switch_signal && switch_requested) ||
			      (!done && r->switch_size &&
			       perf_data_writer__data_size(r->writer) >= r->switch_size) ||
			      (!done && next_switch && now_ns() >= next_switch))) {
			switch_requested = 0;
			if (next_switch)
				next_switch = now_ns() + r->switch_time_ns;
			/* an overwrite buffer's newest data goes into the file it ends */
			if ((r->overwrite && record__mmap_read_all(r, true)) ||
			    record__switch_output(r, path, threads, forks)) {
				ret = -1;
				done = 1;
				break;
			}
		}
		if (r->bytes_written != before)
			continue;
		if (done || !alive)
			break;
		sigdelset(&orig, SIGINT);
		sigdelset(&orig, SIGTERM);
		sigdelset(&orig, SIGCHLD);
		sigdelset(&orig, SIGUSR2);
		alive = record__poll(r, &orig, record__delay_deadline(r, next_switch));
		r->waking++;
		if (r->ctl_pending)
			record__ctl_process(r);
		if (r->sb_pending)
			record__sb_drain(r);
		/* a -p target gone: nothing more will come */
		if (!alive && forks && !r->system_wide)
			alive = true;
	}
	evlist__for_each_entry(r->evlist, evsel)
		evsel__disable(evsel);
	record__mmap_read_all(r, true);
	record__read_lost_samples(r);
	if (r->offcpu) {
		strbuf_reset(&r->kept);
		r->samples += off_cpu__finish(r->offcpu, &r->kept);
		record__put(r, r->kept.buf, r->kept.len);
	}
	if (r->tail_synthesize && !exec_failed) {
		r->synth_at_end = true;
		record__synthesize(r, threads, forks, true);
	}
	record__exit_affinity(r);

	if (forks && r->wl.pid > 0) {
		if (!child_exited)
			kill(r->wl.pid, SIGTERM);
		while (waitpid(r->wl.pid, &status, 0) < 0 && errno == EINTR)
			;
		r->wl.pid = -1;
	}
	sigprocmask(SIG_SETMASK, &orig, NULL);

	evlist__munmap(r->maps, r->nr_maps);
	r->maps = NULL;
	r->nr_maps = 0;
	evlist__for_each_entry(r->evlist, evsel)
		evsel__close(evsel);
	evlist__munmap(r->sb_maps, r->nr_sb_maps);
	r->sb_maps = NULL;
	r->nr_sb_maps = 0;
	evlist__for_each_entry(r->sb_evlist, evsel)
		evsel__close(evsel);

	if (record__close_output(r, path, pipe) || exec_failed)
		goto out_maps;
	if (r->switch_signal || r->switch_size || r->switch_time_ns || r->timestamp_filename) {
		const char *dump = record__rotate(r, path);

		if (!r->quiet) {
			fprintf(stderr, "[ perf record: Woken up %lu times to write data ]\n", r->waking);
			fprintf(stderr, "[ perf record: Dump %s ]\n", dump);
			fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s.<timestamp>",
				(double)r->file_size / 1024.0 / 1024.0, path);
			if (r->samples)
				fprintf(stderr, " (%" PRIu64 " samples)", r->samples);
			fprintf(stderr, " ]\n");
		}
	} else if (!r->broken_pipe) {
		record__summary(r, path, pipe);
	}
	ret = 0;
	if (forks) {
		if (WIFEXITED(status))
			ret = WEXITSTATUS(status);
		else if (WIFSIGNALED(status))
			got_signal = WTERMSIG(status);
	}
	goto out_maps;

out_abort:
	if (r->wl.pid > 0)
		workload__abort(&r->wl);
out_maps:
	record__exit_affinity(r);
	evlist__munmap(r->maps, r->nr_maps);
	r->maps = NULL;
	evlist__munmap(r->sb_maps, r->nr_sb_maps);
	r->sb_maps = NULL;
	free(r->sb_fds);
	r->sb_fds = NULL;
	if (r->ctl_close) {
		close(r->ctl_fd);
		if (r->ack_fd >= 0)
			close(r->ack_fd);
	}
	free(r->pollfds);
	free(r->bounce);
	strbuf_release(&r->kept);
	dso_hits__delete(r->hits);
	r->hits = NULL;
	cpu_map__put(cpus);
	thread_map__put(threads);
#ifdef HAVE_ZSTD
	if (zstd_cs)
		ZSTD_freeCStream(zstd_cs);
	zstd_cs = NULL;
	free(zstd_out);
	zstd_out = NULL;
#endif
	if (r->broken_pipe) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
	}
	if (!ret && got_signal) {
		signal(got_signal, SIG_DFL);
		raise(got_signal);
	}
	return ret;
}

/*
 * Options this machine or prof cannot honour: perf's own refusal where
 * perf refuses, else one line saying why. The exit status, or 0.
 */
static int record__refuse(const struct record_opts *o, const char *snapshot)
{
	if (snapshot) {
		/* snapshots are of AUX areas, which no event prof opens has */
		error("No AUX area tracing to snapshot");
		return 256 - EINVAL;
	}
	if (o->kcore) {
		if (access("/proc/kcore", R_OK)) {
			error("ERROR: kcore is not readable.");
			return PROF_EXIT_FAILURE;
		}
		error("--kcore: prof does not write perf's directory format (perf.data/kcore_dir) yet");
		return PROF_EXIT_FAILURE;
	}
	if (o->threads_spec) {
		error("--threads: prof does not write perf's directory format (perf.data/data.N) yet");
		return PROF_EXIT_FAILURE;
	}
	if (o->clang_path || o->clang_opt) {
		error("--%s: prof does not compile BPF scriptlets (-e file.c), so it runs no clang",
		      o->clang_path ? "clang-path" : "clang-opt");
		return PROF_EXIT_FAILURE;
	}
	return 0;
}

int cmd_record(int argc, const char **argv)
{
	struct record_opts o = { .user_interval = SAMPLE_COUNT_UNSET,
				  .off_cpu_thresh_ms = OFFCPU_THRESH_DEFAULT_MS };
	struct record r = { .output = NULL, .ctl_fd = -1, .ack_fd = -1, .cur_switch_file = -1 };
	struct cpu_map *cpus = NULL;
	struct evlist *sb_evlist = evlist__new();
	const char *snapshot = NULL;
	const struct option options[] = {
		OPT_CALLBACK('e', "event", NULL, "event",
			     "event selector. use 'prof list' to list available events",
			     parse_events_option),
		OPT_CALLBACK(0, "filter", &o, "filter", "event filter", parse_filter),
		OPT_STRING('p', "pid", &o.pid, "pid", "record events on existing process id"),
		OPT_STRING('t', "tid", &o.tid, "tid", "record events on existing thread id"),
		OPT_BOOLEAN('a', "all-cpus", &o.system_wide, "system-wide collection from all CPUs"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to monitor"),
		OPT_STRING('u', "uid", &o.uid, "user", "user to profile"),
		OPT_BOOLEAN('i', "no-inherit", &o.no_inherit, "child tasks do not inherit counters"),
		OPT_BOOLEAN(0, "per-thread", &o.per_thread, "use per-thread mmaps"),
		OPT_STRING('F', "freq", &o.freq_str, "freq or 'max'",
			   "profile at this frequency"),
		OPT_U64('c', "count", &o.user_interval, "event period to sample"),
		OPT_CALLBACK('m', "mmap-pages", &r.mmap_pages, "pages[,pages]",
			     "number of mmap data pages", perf_mmap__parse_pages_opt),
		OPT_CALLBACK_NOOPT('g', NULL, &o, NULL, "enables call-graph recording", parse_g),
		OPT_CALLBACK(0, "call-graph", &o, "record_mode[,record_size]",
			     "setup and enables call-graph (stack chain/backtrace): fp dwarf lbr",
			     parse_callgraph_opt),
		OPT_STRING('o', "output", &o.output, "file", "output file name"),
		OPT_CALLBACK('k', "clockid", &o, "clockid",
			     "clockid to use for events, see clock_gettime()", parse_clockid),
		OPT_BOOLEAN('q', "quiet", &o.quiet, "don't print any warnings or messages"),
		OPT_INCR('v', "verbose", &o.verbose, "be more verbose (show counter open errors, etc)"),
		OPT_BOOLEAN('d', "data", &o.sample_addr, "Record the sample addresses"),
		OPT_BOOLEAN('s', "stat", &o.inherit_stat, "per thread counts"),
		OPT_STRING_OPTARG(0, "switch-output", &o.switch_output, "signal or size[BKMG] or time[smhd]",
				  "Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold",
				  "signal"),
		OPT_CALLBACK_OPTARG('z', "compression-level", &o, "n",
				    "Compress records using specified level (default: 1 - fastest compression, 22 - greatest compression)",
				    parse_comp, NULL),
		OPT_BOOLEAN(0, "namespaces", &o.namespaces, "Record namespaces events"),
		OPT_BOOLEAN('N', "no-buildid-cache", &o.no_buildid_cache,
			    "do not update the buildid cache"),
		OPT_BOOLEAN('B', "no-buildid", &o.no_buildid,
			    "do not collect buildids in perf.data"),
		OPT_CALLBACK_NOOPT('P', "period", &o.s.period, NULL, "Record the sample period",
				   parse_tristate),
		OPT_CALLBACK_NOOPT('T', "timestamp", &o.s.timestamp, NULL,
				   "Record the sample timestamps", parse_tristate),
		OPT_BOOLEAN('R', "raw-samples", &o.s.raw_samples,
			    "collect raw sample records from all opened counters"),
		OPT_BOOLEAN('W', "weight", &o.s.weight, "sample by weight (on special events only)"),
		OPT_CALLBACK_NOOPT(0, "all-user", &o, NULL,
				   "Configure all used events to run in user space.", parse_all_user),
		OPT_CALLBACK_NOOPT(0, "all-kernel", &o, NULL,
				   "Configure all used events to run in kernel space.", parse_all_kernel),
		OPT_CALLBACK_NOOPT('b', "branch-any", &o.s, NULL, "sample any taken branches",
				   sampling_opts__parse_branch_any),
		OPT_CALLBACK('j', "branch-filter", &o.s, "branch filter mask",
			     "branch stack filter modes", sampling_opts__parse_branch_filter),
		OPT_CALLBACK_OPTARG(0, "user-regs", &o.s.user_regs, "any register",
				    "sample selected machine registers in user space, use '--user-regs=?' to list register names",
				    sampling_opts__parse_regs, NULL),
		OPT_CALLBACK_OPTARG('I', "intr-regs", &o.s.intr_regs, "any register",
				    "sample selected machine registers on interrupt, use '-I?' to list register names",
				    sampling_opts__parse_regs, NULL),
		OPT_BOOLEAN(0, "sample-cpu", &o.s.sample_cpu, "Record the sample cpu"),
		OPT_BOOLEAN(0, "sample-identifier", &o.s.sample_identifier,
			    "Record the sample identifier"),
		OPT_BOOLEAN(0, "phys-data", &o.s.phys_data, "Record the sample physical addresses"),
		OPT_BOOLEAN(0, "data-page-size", &o.s.data_page_size,
			    "Record the sampled data address data page size"),
		OPT_BOOLEAN(0, "code-page-size", &o.s.code_page_size,
			    "Record the sampled code address (ip) page size"),
		OPT_BOOLEAN(0, "transaction", &o.s.transaction,
			    "sample transaction flags (special events only)"),
		OPT_BOOLEAN(0, "running-time", &o.s.running_time,
			    "Record running/enabled time of read (:S) events"),
		OPT_BOOLEAN(0, "kernel-callchains", &o.s.kernel_callchains, "collect kernel callchains"),
		OPT_BOOLEAN(0, "user-callchains", &o.s.user_callchains, "collect user callchains"),
		OPT_BOOLEAN('n', "no-samples", &o.s.no_samples, "don't sample"),
		OPT_BOOLEAN(0, "switch-events", &o.s.switch_events, "Record context switch events"),
		OPT_BOOLEAN(0, "no-bpf-event", &o.s.no_bpf_event, "do not record bpf events"),
		OPT_BOOLEAN(0, "no-buffering", &o.s.no_buffering, "collect data without buffering"),
		OPT_BOOLEAN(0, "group", &o.group, "put the counters into a counter group"),
		OPT_BOOLEAN(0, "strict-freq", &o.strict_freq,
			    "Fail if the specified frequency can't be used"),
		OPT_BOOLEAN(0, "dry-run", &o.dry_run, "Parse options then exit"),
		OPT_INTEGER('r', "realtime", &o.realtime,
			    "collect data with this RT SCHED_FIFO priority"),
		OPT_BOOLEAN(0, "buildid-all", &o.buildid_all,
			    "Record build-id of all DSOs regardless of hits"),
		OPT_CALLBACK_NOOPT(0, "exclude-perf", &o, NULL, "don't record events from perf itself",
				   parse_exclude_perf),
		OPT_STRING(0, "vmlinux", &o.vmlinux, "file", "vmlinux pathname"),
		OPT_STRING_OPTARG(0, "debuginfod", &o.debuginfod, "debuginfod urls",
				  "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls",
				  "system"),
		OPT_STRING_OPTARG(0, "aux-sample", &o.aux_sample, "opts", "sample AUX area", ""),
		OPT_CALLBACK(0, "synth", &o.synth_skip, "no|all|task|mmap|cgroup",
			     "Fine-tune event synthesis: default=all", parse_synth),
		OPT_BOOLEAN(0, "tail-synthesize", &o.tail_synthesize,
			    "synthesize non-sample events at the end of output"),
		OPT_UINTEGER(0, "proc-map-timeout", &o.proc_map_timeout,
			     "per thread proc mmap processing timeout in ms"),
		OPT_UINTEGER(0, "num-thread-synthesize", &o.nr_threads_synth,
			     "number of threads to run for event synthesis"),
		OPT_BOOLEAN(0, "all-cgroups", &o.s.all_cgroups, "Record cgroup events"),
		OPT_CALLBACK('G', "cgroup", &o, "name", "monitor event in cgroup name only",
			     parse_cgroups),
		OPT_BOOLEAN(0, "buildid-mmap", &o.s.buildid_mmap, "Record build-id in map events"),
		OPT_CALLBACK('D', "delay", &o, "ms",
			     "ms to wait before starting measurement after program start (-1: start with events disabled), or ranges of time to enable events e.g. '-D 10-20,30-40'",
			     parse_delay),
		/* output and session options */
		OPT_CALLBACK(0, "max-size", &r.max_size, "size",
			     "Limit the maximum size of the output file", parse_max_size),
		OPT_BOOLEAN(0, "overwrite", &r.overwrite, "use overwrite mode"),
		OPT_STRING_OPTARG('S', "snapshot", &snapshot, "opts",
				  "AUX area tracing Snapshot Mode", ""),
		OPT_BOOLEAN(0, "timestamp-filename", &r.timestamp_filename,
			    "append timestamp to output filename"),
		OPT_BOOLEAN(0, "timestamp-boundary", &r.timestamp_boundary,
			    "Record timestamp boundary (time of first/last samples)"),
		OPT_INTEGER(0, "switch-max-files", &r.switch_max_files,
			    "Limit number of switch output generated files"),
		OPT_CALLBACK(0, "switch-output-event", sb_evlist, "switch output event",
			     "switch output event selector. use 'prof list' to list available events",
			     parse_events_option),
		OPT_STRING_OPTARG(0, "threads", &o.threads_spec, "spec",
				  "write collected trace data into several data files using parallel threads",
				  ""),
		OPT_CALLBACK_OPTARG(0, "aio", &r.nr_aio, "n",
				    "Use <n> control blocks in asynchronous trace writing mode (default: 1, max: 4)",
				    parse_aio, NULL),
		OPT_CALLBACK(0, "affinity", &r.affinity, "node|cpu",
			     "Set affinity mask of trace reading thread to NUMA node cpu mask or cpu of processed mmap buffer",
			     parse_affinity),
		OPT_CALLBACK(0, "mmap-flush", &r.mmap_flush, "number",
			     "Minimal number of bytes that is extracted from mmap data pages (default: 1)",
			     parse_mmap_flush),
		OPT_CALLBACK(0, "control", &r, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			     "Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events,\n"
			     "\t\t\t  'snapshot': AUX area tracing snapshot).\n"
			     "\t\t\t  Optionally send control command completion ('ack\\n') to ack-fd descriptor.\n"
			     "\t\t\t  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.",
			     parse_control),
		OPT_BOOLEAN(0, "kcore", &o.kcore, "copy /proc/kcore"),
		OPT_BOOLEAN(0, "off-cpu", &o.off_cpu, "Enable off-cpu analysis"),
		OPT_U64(0, "off-cpu-thresh", &o.off_cpu_thresh_ms,
			"Dump off-cpu samples if off-cpu time exceeds this threshold (in milliseconds). (Default: 500ms)"),
		OPT_STRING(0, "clang-path", &o.clang_path, "clang path",
			   "clang binary to use for compiling BPF scriptlets"),
		OPT_STRING(0, "clang-opt", &o.clang_opt, "clang options",
			   "options passed to clang when compiling BPF scriptlets"),
		OPT_END()
	};
	int ret;

	int full_argc = argc;
	const char **full_argv = xcalloc((size_t)argc + 1, sizeof(char *));

	memcpy(full_argv, argv, (size_t)argc * sizeof(char *));
	o.s = (struct sampling_opts)SAMPLING_OPTS_INIT;
	o.proc_map_timeout = UINT_MAX;	/* not given */
	o.evlist = evlist__new();
	((struct option *)&options[0])->value = o.evlist;
	if (prof_config(record_opts__config, &o) < 0)
		return -1;
	argc = parse_options(argc, argv, options, record_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	set_msg_quiet(o.quiet);
	verbose = o.verbose;
	if (o.all_conflict) {
		const char *second = !strcmp(o.all_first, "all-user") ? "all-kernel" : "all-user";

		fprintf(stderr, " Error: option `%s' cannot be used with %s\n", second, o.all_first);
		parse_options_usage_for(record_usage, options, second, 0);
		parse_options_usage_for(NULL, options, o.all_first, 0);
		exit(PROF_EXIT_USAGE);
	}

	r.evlist = o.evlist;
	r.sb_evlist = sb_evlist;
	r.output = o.output;
	r.pid = o.pid;
	r.tid = o.tid;
	r.cpu_list = o.cpu_list;
	r.system_wide = o.system_wide;
	r.no_inherit = o.no_inherit;
	r.per_thread = o.per_thread;
	r.quiet = o.quiet;
	r.sample_addr = o.sample_addr;
	r.inherit_stat = o.inherit_stat;
	/* --buildid-mmap: the maps carry the build-ids, no BUILD_ID feature */
	r.no_buildid = o.no_buildid || o.s.buildid_mmap;
	r.no_buildid_cache = o.no_buildid_cache;
	r.namespaces = o.namespaces;
	r.comp_level = o.compress ? o.comp_level : 0;
	r.use_clockid = o.use_clockid;
	r.clockid = o.clockid;
	r.verbose = o.verbose;
	r.sopts = o.s;
	r.argc = argc;
	r.argv = argv;
	r.full_argc = full_argc;
	r.full_argv = full_argv;

	ret = record__refuse(&o, snapshot);
	if (ret) {
		evlist__delete(o.evlist);
		evlist__delete(sb_evlist);
		free(full_argv);
		return ret;
	}
	if (sb_evlist->nr_entries)
		r.switch_signal = true;	/* the event stands for SIGUSR2 */
	if (o.vmlinux && access(o.vmlinux, R_OK)) {
		pr_info("Invalid file: %s", o.vmlinux);
		evlist__delete(o.evlist);
		evlist__delete(sb_evlist);
		free(full_argv);
		return 256 - EINVAL;
	}
	if (o.aux_sample) {	/* prof opens no AUX area event (intel_pt, cs_etm, ...) */
		pr_info("No AUX area event to sample");
		evlist__delete(o.evlist);
		evlist__delete(sb_evlist);
		free(full_argv);
		return 256 - EINVAL;
	}
	/* perf's: DEBUGINFOD_URLS emptied unless --debuginfod or record.debuginfod */
	debuginfod__setup(o.debuginfod, o.debuginfod != NULL);
	if (o.group)
		evlist__group_all(o.evlist);
	r.realtime = o.realtime;
	r.cgroups = &o.cgroups;
	if (o.cgroups.nr && !o.system_wide && !o.cpu_list) {
		fprintf(stderr, "  Error: cgroup monitoring only available in system-wide mode\n");
		usage_with_options(record_usage, options);
	}
	r.synth_skip = o.synth_skip;
	r.tail_synthesize = o.tail_synthesize;
	/* perf's default: half a second per process's maps; 0 is "at once" */
	r.map_timeout_ns = o.proc_map_timeout != UINT_MAX ? (u64)o.proc_map_timeout * 1000000ULL + 1 :
							    500000000ULL;
	r.nr_threads_synth = (int)o.nr_threads_synth;
	r.delay = o.delay;
	r.toggles = o.toggles;
	r.nr_toggles = o.nr_toggles;
	r.buildid_all = o.buildid_all;
	r.vmlinux = o.vmlinux;
	if (sample_rate__config(&r.rate, o.freq_str, o.user_interval,
				(o.quiet ? SAMPLE_RATE_QUIET : 0) |
				(o.strict_freq ? SAMPLE_RATE_STRICT : 0))) {
		evlist__delete(o.evlist);
		evlist__delete(sb_evlist);
		free(full_argv);
		return 256 - EINVAL;	/* perf's exit status */
	}
	if (o.call_graph) {
		const char *rest;
		int err = callchain_record__parse(o.call_graph, &r.callgraph, &r.dwarf_size, &rest);

		/* dwarf: what follows is its size; fp and lbr take nothing more */
		if (!err && r.callgraph == CALLCHAIN_RECORD_DWARF && *rest)
			err = -ERANGE;
		/*
		 * fp,N: the kernel records at most N frames (perf lock record's
		 * fp,8), taken when below kernel.perf_event_max_stack, as perf
		 */
		if (!err && r.callgraph == CALLCHAIN_RECORD_FP && *rest) {
			unsigned long n = strtoul(rest, NULL, 0);
			char *sys = read_file_str("/proc/sys/kernel/perf_event_max_stack", NULL);
			unsigned long max = sys ? strtoul(sys, NULL, 10) : 127;

			free(sys);
			if (n < max && n <= UINT16_MAX)
				r.fp_max_stack = (u16)n;
		}
		/* perf's option callback says it before -q takes effect */
		if (err)
			set_msg_quiet(false);
		if (err == -ERANGE) {
			error("callchain: Incorrect stack dump size (max %d): %s\n",
			      CALLCHAIN_MAX_DUMP_SIZE, strchr(o.call_graph, ',') + 1);
			parse_options_usage_for(record_usage, options, "call-graph", 0);
			exit(PROF_EXIT_USAGE);
		}
		if (err) {
			pr_info("callchain: Unknown --call-graph option value: %s\n", o.call_graph);
			parse_options_usage_for(record_usage, options, "call-graph", 0);
			exit(PROF_EXIT_USAGE);
		}
	}
	if (o.switch_output) {
		const char *so = o.switch_output;
		char *end;
		unsigned long long v;

		if (!strcmp(so, "signal")) {
			r.switch_signal = true;
		} else {
			v = strtoull(so, &end, 10);
			if (end != so && v && end[0] && !end[1] && strchr("BKMGbkmg", end[0])) {
				int sh = strchr("Bb", end[0]) ? 0 : strchr("Kk", end[0]) ? 10 :
					 strchr("Mm", end[0]) ? 20 : 30;

				r.switch_size = v << sh;
			} else if (end != so && v && end[0] && !end[1] && strchr("smhd", end[0])) {
				u64 mult = end[0] == 's' ? 1 : end[0] == 'm' ? 60 :
					   end[0] == 'h' ? 3600 : 86400;

				r.switch_time_ns = v * mult * 1000000000ULL;
			} else {
				error("invalid --switch-output value '%s'", so);
				parse_options_usage_for(record_usage, options, "switch-output", 0);
				exit(PROF_EXIT_USAGE);
			}
		}
	}
	if (o.cpu_list && !(cpus = cpu_map__new(o.cpu_list))) {
		error("invalid cpu list '%s'", o.cpu_list);
		parse_options_usage_for(record_usage, options, "cpu", 'C');
		exit(PROF_EXIT_USAGE);
	}
	cpu_map__put(cpus);
	if (o.uid) {
		r.uid_pids = uid__pid_list(o.uid);
		if (!r.uid_pids) {
			evlist__delete(o.evlist);
			evlist__delete(sb_evlist);
			free(full_argv);
			return error("Invalid User: %s", o.uid);
		}
		r.pid = r.uid_pids;
	}
	if (o.tid && !o.no_inherit)
		r.no_inherit = true;	/* perf: -t implies --no-inherit */
	/* perf's target__validate: -p/-t win over -C and -a, with its warning */
	if ((r.pid || r.tid) && (r.cpu_list || r.system_wide)) {
		warning("PID/TID switch overriding %s", r.cpu_list ? "CPU" : "SYSTEM");
		r.cpu_list = NULL;
		r.system_wide = false;
	}
	if (!argc && !r.pid && !r.tid && !r.cpu_list)
		r.system_wide = true;	/* perf record with nothing: -a */
	r.orig_argc = argc;
	if (o.dry_run) {
		free(r.uid_pids);
		free(full_argv);
		evlist__delete(o.evlist);
		evlist__delete(sb_evlist);
		return 0;
	}

	if (o.off_cpu) {
		r.offcpu = off_cpu__new(o.off_cpu_thresh_ms * 1000000ULL, o.s.switch_events);
		if (!r.offcpu) {
			free(r.uid_pids);
			free(full_argv);
			evlist__delete(o.evlist);
			evlist__delete(sb_evlist);
			return PROF_EXIT_FAILURE;
		}
	}
	ret = record__run(&r);
	/* record__run frees it at its end, not when it stops early */
	dso_hits__delete(r.hits);
	off_cpu__delete(r.offcpu);
	free(r.uid_pids);
	free(full_argv);
	evlist__delete(o.evlist);
	evlist__delete(sb_evlist);
	if (r.switch_files)
		for (int i = 0; i < r.switch_max_files; i++)
			free(r.switch_files[i]);
	free(r.switch_files);
	free(r.last_dump);
	return ret;
}
