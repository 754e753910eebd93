// SPDX-License-Identifier: GPL-2.0-only
/*
 * builtin/record.c: prof record, a drop-in for perf record. Opens the
 * sampling events (one ring buffer per CPU), describes what already ran
 * (kernel, modules, threads, maps), copies the buffers into perf.data
 * with a FINISHED_ROUND after every pass, and at the end marks the DSOs
 * that were hit so their build-ids go into the header.
 */
#include "prof/compat.h"
#include "builtin.h"
#include "prof/cpumap.h"
#include "prof/data-writer.h"
#include "prof/dso-hits.h"
#include "prof/evsel.h"
#include "prof/header.h"
#include "prof/mmap.h"
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
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <strings.h>
#include <time.h>
#include <sys/wait.h>
#include <sys/mman.h>

struct record_opts {
	struct evlist *evlist;
	const char *output;
	const char *pid, *tid, *cpu_list, *uid;
	const char *freq_str, *call_graph, *switch_output;
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
};


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
	int comp_level, verbose;
	bool use_clockid;	/* -k: sample times from this clock */
	int clockid;
	bool switch_signal;	/* --switch-output: SIGUSR2 */
	u64 switch_size;	/* bytes, or 0 */
	u64 switch_time_ns;	/* or 0 */
	int argc, orig_argc, full_argc;
	const char **argv, **full_argv;

	/* run state */
	struct perf_data_writer *writer;
	struct perf_mmap *maps;
	int nr_maps;
	struct pollfd *pollfds;
	int nr_pollfds;
	struct workload wl;
	u64 samples, lost, lost_chunks, bytes_written;
	u64 nr_records, lost_samples;	/* perf's end-of-record warnings */
	u64 file_size;
	u64 first_time, last_time;
	unsigned long waking;
	int write_err;
	struct dso_hits *hits;		/* which DSOs samples hit, for BUILD_ID */
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
		o->call_graph = "fp";
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
	evlist__config_sampling(r->evlist, so);
}

static int record__open(struct record *r, struct cpu_map *cpus, struct thread_map *threads)
{
	struct open_target t = {
		.system_wide = r->system_wide || r->cpu_list,
		.pid = r->pid, .tid = r->tid, .cgroups = r->cgroups,
	};

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

/* One pass over every buffer; FINISHED_ROUND if anything was written. */
static int record__mmap_read_all(struct record *r)
{
	u64 before = r->bytes_written;
	int i;

	for (i = 0; i < r->nr_maps; i++)
		if (!perf_mmap__read_init(&r->maps[i]) && !(r->namespaces && r->track_hits))
			record__walk(r, &r->maps[i], 0);
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
		perf_mmap__chunks(m, &p1, &l1, &p2, &l2);
#ifdef HAVE_ZSTD
		if (zstd_cs) {
			zstd_push(r, p1, l1);
			if (l2)
				zstd_push(r, p2, l2);
		} else
#endif
		{
			record__write(r, p1, l1);
			if (l2)
				record__write(r, p2, l2);
		}
		perf_mmap__consume(m);
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

	if (dso_hits__time(r->hits, &first, &last))
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
	r->pollfds = xcalloc((size_t)n + 1, sizeof(*r->pollfds));
	evlist__for_each_entry(r->evlist, evsel)
		for (i = 0; i < evsel->nr_fds; i++)
			if (evsel->fds[i] >= 0) {
				r->pollfds[r->nr_pollfds].fd = evsel->fds[i];
				r->pollfds[r->nr_pollfds].events = POLLIN;
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
	int i, j, n;

	if (deadline) {
		u64 now = now_ns(), left = deadline > now ? deadline - now : 0;

		ts.tv_sec = (time_t)(left / 1000000000ULL);
		ts.tv_nsec = (long)(left % 1000000000ULL);
		tp = &ts;
	}
	if (r->poll_out)
		r->pollfds[r->nr_pollfds] = (struct pollfd){ .fd = STDOUT_FILENO };
	n = ppoll(r->pollfds, (nfds_t)r->nr_pollfds + r->poll_out, tp, mask);

	if (n <= 0)
		return true;
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
	synthesize__kernel(&sb, &so);
	if (r->sopts.all_cgroups)
		synthesize__cgroups(&sb, &so);
	if (r->system_wide || r->cpu_list)
		synthesize__all(&sb, &so);
	else if (r->pid || r->tid || tail)
		synthesize__thread_map(&sb, &so, threads);
	else if (forks) {
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
			r->samples + r->lost_samples,
			(double)r->lost_samples / (double)(r->samples + r->lost_samples) * 100.0);
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
	if (err) {
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

/* --switch-output: rename @path to @path.<YYYYmmddHHMMSScc>; the new name. */
static char *record__rotate(const char *path)
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
	return to;
}

static int record__switch_output(struct record *r, const char *path,
				 struct thread_map *threads, bool forks)
{
	char *dump;

	if (record__close_output(r, path, false))
		return -1;
	dump = record__rotate(path);
	if (!r->quiet) {
		fprintf(stderr, "[ perf record: dump data: Woken up %lu times ]\n", r->waking);
		fprintf(stderr, "[ perf record: Dump %s ]\n", dump);
	}
	free(dump);
	r->waking = 0;
	dso_hits__reset(r->hits);
	return record__open_output(r, path, false, threads, forks, true);
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
		if (record__mmap_read_all(r))
			break;
		if (!pipe && !done &&
		    ((r->switch_signal && switch_requested) ||
		     (r->switch_size && perf_data_writer__data_size(r->writer) >= r->switch_size) ||
		     (next_switch && now_ns() >= next_switch))) {
			switch_requested = 0;
			if (next_switch)
				next_switch = now_ns() + r->switch_time_ns;
			if (record__switch_output(r, path, threads, forks)) {
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
		/* a -p target gone: nothing more will come */
		if (!alive && forks && !r->system_wide)
			alive = true;
	}
	evlist__for_each_entry(r->evlist, evsel)
		evsel__disable(evsel);
	record__mmap_read_all(r);
	record__read_lost_samples(r);
	if (r->tail_synthesize && !exec_failed) {
		r->synth_at_end = true;
		record__synthesize(r, threads, forks, true);
	}

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

	if (record__close_output(r, path, pipe) || exec_failed)
		goto out_maps;
	if (r->switch_signal || r->switch_size || r->switch_time_ns) {
		char *dump = record__rotate(path);

		if (!r->quiet) {
			fprintf(stderr, "[ perf record: Woken up %lu times to write data ]\n", r->waking);
			fprintf(stderr, "[ perf record: Dump %s ]\n", dump);
			fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s.<timestamp> ]\n",
				(double)r->file_size / 1024.0 / 1024.0, path);
		}
		free(dump);
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
	evlist__munmap(r->maps, r->nr_maps);
	r->maps = NULL;
	free(r->pollfds);
	free(r->bounce);
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

int cmd_record(int argc, const char **argv)
{
	struct record_opts o = { .user_interval = SAMPLE_COUNT_UNSET };
	struct record r = { .output = NULL };
	struct cpu_map *cpus = NULL;
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
	argc = parse_options(argc, argv, options, record_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	verbose = o.verbose;
	if (o.all_conflict) {
		const char *second = !strcmp(o.all_first, "all-user") ? "all-kernel" : "all-user";

		fprintf(stderr, " Error: option `%s' cannot be used with %s\n", second, o.all_first);
		parse_options_usage_for(record_usage, options, second, 0);
		parse_options_usage_for(NULL, options, o.all_first, 0);
		exit(PROF_EXIT_USAGE);
	}

	r.evlist = o.evlist;
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

	if (o.vmlinux && access(o.vmlinux, R_OK)) {
		pr_info("Invalid file: %s", o.vmlinux);
		evlist__delete(o.evlist);
		free(full_argv);
		return 256 - EINVAL;
	}
	if (o.aux_sample) {	/* prof opens no AUX area event (intel_pt, cs_etm, ...) */
		pr_info("No AUX area event to sample");
		evlist__delete(o.evlist);
		free(full_argv);
		return 256 - EINVAL;
	}
	if (o.debuginfod)
		pr_info("WARNING: debuginfod support requested, but prof is not built with it");
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
		free(full_argv);
		return 256 - EINVAL;	/* perf's exit status */
	}
	if (o.call_graph) {
		const char *rest;
		int err = callchain_record__parse(o.call_graph, &r.callgraph, &r.dwarf_size, &rest);

		/* dwarf: what follows is its size; fp and lbr take nothing more */
		if (!err && r.callgraph == CALLCHAIN_RECORD_DWARF && *rest)
			err = -ERANGE;
		if (err == -ERANGE) {
			error("callchain: Incorrect stack dump size (max %d): %s",
			      CALLCHAIN_MAX_DUMP_SIZE, strchr(o.call_graph, ',') + 1);
			exit(PROF_EXIT_USAGE);
		}
		if (err) {
			pr_info("callchain: Unknown --call-graph option value: %s", o.call_graph);
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
			free(full_argv);
			return error("Invalid User: %s", o.uid);
		}
		r.pid = r.uid_pids;
	}
	if (o.tid && !o.no_inherit)
		r.no_inherit = true;	/* perf: -t implies --no-inherit */
	if (!argc && !r.pid && !r.tid && !r.cpu_list)
		r.system_wide = true;	/* perf record with nothing: -a */
	r.orig_argc = argc;
	if (o.dry_run) {
		free(r.uid_pids);
		free(full_argv);
		evlist__delete(o.evlist);
		return 0;
	}

	ret = record__run(&r);
	/* record__run frees it at its end, not when it stops early */
	dso_hits__delete(r.hits);
	free(r.uid_pids);
	free(full_argv);
	evlist__delete(o.evlist);
	return ret;
}
