// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat-record.c: "prof stat record", the counts of a "prof stat" run
 * written in perf's stat file format as they are read (stat-file.h).
 */
#include "prof/compat.h"
#include "prof/data-writer.h"
#include "prof/header.h"
#include "prof/stat-events.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "stat-file.h"
#include <sys/ioctl.h>
#include <sys/stat.h>

struct stat_rec {
	struct perf_data_writer *w;
	char *path;
	bool pipe;
	struct strbuf sb;	/* records waiting to go out */
	int err;		/* the first write error, -errno */
	/* each evsel's ids, [evsel idx][fd index] (0: no fd there) */
	u64 **ids;
	int nr_ids;
};

u64 aggr_mode__to_perf(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE: return PERF_STAT_AGGR_NONE;
	case AGGR_SOCKET: return PERF_STAT_AGGR_SOCKET;
	case AGGR_DIE: return PERF_STAT_AGGR_DIE;
	case AGGR_CORE: return PERF_STAT_AGGR_CORE;
	case AGGR_THREAD: return PERF_STAT_AGGR_THREAD;
	case AGGR_NODE: return PERF_STAT_AGGR_NODE;
	case AGGR_GLOBAL:
	default: return PERF_STAT_AGGR_GLOBAL;
	}
}

int aggr_mode__from_perf(u64 mode)
{
	switch (mode) {
	case PERF_STAT_AGGR_NONE: return AGGR_NONE;
	case PERF_STAT_AGGR_GLOBAL: return AGGR_GLOBAL;
	case PERF_STAT_AGGR_SOCKET: return AGGR_SOCKET;
	case PERF_STAT_AGGR_DIE: return AGGR_DIE;
	case PERF_STAT_AGGR_CORE: return AGGR_CORE;
	case PERF_STAT_AGGR_THREAD: return AGGR_THREAD;
	case PERF_STAT_AGGR_NODE: return AGGR_NODE;
	default: return -1;
	}
}

/* As perf does, a non-empty file of that name is kept as <path>.old. */
static void keep_old(const char *path)
{
	struct stat st;
	char *old;

	if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return;
	old = xasprintf("%s.old", path);
	if (rename(path, old))
		warning("failed to keep %s as %s: %s", path, old, strerror(errno));
	free(old);
}

/* meminfo's "Node N MemTotal:/MemFree:" values of @node (kB), 0 when absent. */
static void node_mem(int node, u64 *total, u64 *free_kb)
{
	char path[128], *text, *line;

	*total = *free_kb = 0;
	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/meminfo", node);
	text = read_file_str(path, NULL);
	for (line = text; line && *line; line = strchrnul(line, '\n'), line += !!*line) {
		unsigned long long v;
		int n;

		if (sscanf(line, "Node %d MemTotal: %llu", &n, &v) == 2)
			*total = v;
		else if (sscanf(line, "Node %d MemFree: %llu", &n, &v) == 2)
			*free_kb = v;
	}
	free(text);
}

/*
 * NUMA_TOPOLOGY as perf writes it: u32 nr, then per node u32 id, u64
 * total and free memory (kB), its CPU list. perf stat report takes the
 * nodes of --per-node from it.
 */
static void set_numa_topology(struct perf_data_writer *w)
{
	struct strbuf sb = STRBUF_INIT;
	u32 nr = 0;
	int max = -1;

	for (int node = 0; node < 4096; node++) {
		char path[128];
		struct stat st;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", node);
		if (!stat(path, &st))
			max = node;
	}
	feat__put_u32(&sb, 0);
	for (int node = 0; node <= max; node++) {
		char path[128], *cpus;
		u64 total, free_kb;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist", node);
		cpus = read_file_str(path, NULL);
		if (!cpus)
			continue;
		cpus[strcspn(cpus, "\n")] = 0;
		node_mem(node, &total, &free_kb);
		feat__put_u32(&sb, (u32)node);
		strbuf_add(&sb, &total, 8);
		strbuf_add(&sb, &free_kb, 8);
		feat__put_string(&sb, cpus);
		free(cpus);
		nr++;
	}
	memcpy(sb.buf, &nr, 4);
	if (nr)
		perf_data_writer__set_feature(w, HEADER_NUMA_TOPOLOGY, sb.buf, sb.len);
	strbuf_release(&sb);
}

int stat_rec__open(struct stat_rec **rp, const char *path, int argc, const char **argv)
{
	struct stat_rec *r = xzalloc(sizeof(*r));
	int err;

	keep_old(path);
	r->path = xstrdup(path);
	err = perf_data_writer__open(&r->w, path, false);
	if (err) {
		free(r->path);
		free(r);
		*rp = NULL;
		return error("failed to open %s: %s", path, strerror(-err));
	}
	r->pipe = perf_data_writer__is_pipe(r->w);
	strbuf_init(&r->sb, 4096);
	if (!r->pipe) {
		/* the header perf stat record writes: the machine, the command, STAT */
		struct machine_info mi;

		if (!machine_info__gather(&mi)) {
			perf_data_writer__set_machine(r->w, &mi, PROF_VERSION);
			machine_info__exit(&mi);
		}
		perf_data_writer__set_cmdline(r->w, argc, argv);
		set_numa_topology(r->w);
		perf_data_writer__set_feature(r->w, HEADER_STAT, "", 0);
	}
	*rp = r;
	return 0;
}

static void rec_flush(struct stat_rec *r)
{
	int err;

	if (!r->sb.len)
		return;
	err = perf_data_writer__write(r->w, r->sb.buf, r->sb.len);
	if (err && !r->err)
		r->err = err;
	strbuf_reset(&r->sb);
}

/* The kernel's id of every fd of @evsel, in fd order (0 where there is none). */
static u64 *read_fd_ids(struct evsel *evsel, u32 *nr)
{
	u64 *ids = xcalloc((size_t)evsel->nr_fds + 1, sizeof(u64));

	*nr = 0;
	for (int i = 0; evsel->fds && i < evsel->nr_fds; i++) {
		u64 id;

		if (evsel->fds[i] >= 0 && !ioctl(evsel->fds[i], PERF_EVENT_IOC_ID, &id)) {
			ids[i] = id;
			(*nr)++;
		}
	}
	return ids;
}

int stat_rec__start(struct stat_rec *r, struct evlist *evlist, enum aggr_mode mode,
		    unsigned int interval_ms, bool scale, char *const *comms)
{
	struct evsel *evsel, *first = NULL;
	struct cpu_map *cpus;
	struct thread_map *threads;
	int err;

	r->nr_ids = evlist->nr_entries;
	r->ids = xcalloc((size_t)r->nr_ids + 1, sizeof(u64 *));
	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;
		u64 *packed;
		u32 nr, n = 0;

		if (evsel->tool_event != TOOL_NONE) {
			/*
			 * prof counts duration_time and the like itself, with
			 * no fd: an id of its own, past the kernel's counter
			 */
			r->ids[evsel->idx] = xcalloc(1, sizeof(u64));
			r->ids[evsel->idx][0] = (1ULL << 63) | (u64)evsel->idx;
			nr = 1;
		} else {
			r->ids[evsel->idx] = read_fd_ids(evsel, &nr);
		}
		packed = xcalloc((size_t)nr + 1, sizeof(u64));
		for (int i = 0; i < max(evsel->nr_fds, 1) && n < nr; i++)
			if (r->ids[evsel->idx][i])
				packed[n++] = r->ids[evsel->idx][i];
		/* perf: a file's events carry IDENTIFIER, a stream's none */
		attr.sample_type = r->pipe ? 0 : PERF_SAMPLE_IDENTIFIER;
		err = perf_data_writer__add_event(r->w, &attr, evsel__name(evsel), packed, n);
		free(packed);
		if (err)
			return error("failed to add %s to %s: %s", evsel__name(evsel), r->path,
				     strerror(-err));
		if (!first && evsel->tool_event == TOOL_NONE && evsel->cpus && evsel->threads)
			first = evsel;
	}
	err = perf_data_writer__start(r->w);
	if (err)
		return error("failed to write %s: %s", r->path, strerror(-err));
	/* per event: unit and scale when it has them, the name in a stream */
	evlist__for_each_entry(evlist, evsel) {
		const char *unit = evsel__stat_unit(evsel);
		double sc = evsel__stat_scale(evsel);
		u64 id = 0;

		for (int i = 0; i < max(evsel->nr_fds, 1) && !id; i++)
			id = r->ids[evsel->idx][i];
		if (!evsel->supported || !id)
			continue;
		if (*unit)
			synth__event_update_unit(&r->sb, id, unit);
		if (sc != 1.0)
			synth__event_update_scale(&r->sb, id, sc);
		/* the writer gave a stream every event's name already */
	}
	cpus = first ? first->cpus : NULL;
	threads = first ? first->threads : NULL;
	if (threads) {
		synth__thread_map(&r->sb, threads->map, mode == AGGR_THREAD ? comms : NULL,
				  threads->nr);
	} else {
		int any = -1;

		synth__thread_map(&r->sb, &any, NULL, 1);
	}
	if (cpus) {
		synth__cpu_map(&r->sb, cpus->map, cpus->nr);
	} else {
		int any = -1;

		synth__cpu_map(&r->sb, &any, 1);
	}
	synth__stat_config(&r->sb, aggr_mode__to_perf(mode), interval_ms, scale);
	rec_flush(r);
	if (r->err)
		return error("failed to write %s: %s", r->path, strerror(-r->err));
	return 0;
}

void stat_rec__count(struct stat_rec *r, struct evsel *evsel, int cpu_idx, int thread,
		     const struct counts_values *cv)
{
	bool tool = evsel->tool_event != TOOL_NONE;
	int fd_idx = tool ? 0 : cpu_idx * evsel->threads->nr + thread;
	u64 id;

	if (!r->ids || evsel->idx >= r->nr_ids || (!tool && fd_idx >= evsel->nr_fds))
		return;
	id = r->ids[evsel->idx][fd_idx];
	if (!id)
		return;
	synth__stat(&r->sb, id, tool ? -1 : evsel->cpus->map[cpu_idx], tool ? 0 : (u32)thread,
		    cv->val, cv->ena, cv->run);
	if (r->sb.len >= 65536)
		rec_flush(r);
}

void stat_rec__round(struct stat_rec *r, bool final, u64 time)
{
	synth__stat_round(&r->sb, final ? PERF_STAT_ROUND_TYPE__FINAL :
			  PERF_STAT_ROUND_TYPE__INTERVAL, time);
	rec_flush(r);
	if (!r->err && r->pipe)
		r->err = perf_data_writer__flush(r->w);
}

int stat_rec__close(struct stat_rec *r, bool final_round, u64 walltime)
{
	u64 text = 0, etext = 0;
	int err;

	/* perf's kernel map, for older readers of the file */
	machine_info__kernel_text(&text, &etext);
	synth__kernel_mmap(&r->sb, text, etext, 0);
	if (final_round)
		synth__stat_round(&r->sb, PERF_STAT_ROUND_TYPE__FINAL, walltime);
	rec_flush(r);
	err = r->err;
	if (!err) {
		err = perf_data_writer__close(r->w);
		r->w = NULL;
	}
	if (err)
		error("failed to write %s: %s", r->path, strerror(-err));
	stat_rec__delete(r);
	return err ? -1 : 0;
}

void stat_rec__delete(struct stat_rec *r)
{
	if (!r)
		return;
	perf_data_writer__delete(r->w);
	for (int i = 0; r->ids && i < r->nr_ids; i++)
		free(r->ids[i]);
	free(r->ids);
	strbuf_release(&r->sb);
	free(r->path);
	free(r);
}
