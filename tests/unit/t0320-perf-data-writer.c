// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0320-perf-data-writer: write a small synthetic perf.data (one cpu-clock
 * event, COMM/MMAP/MMAP2/SAMPLE/FINISHED_ROUND records, header features)
 * in file and pipe mode, then read both back with the session reader.
 *
 * "t0320-perf-data-writer --write DIR" only writes DIR/file.data,
 * DIR/pipe.data and DIR/multi.data (two events told apart by
 * PERF_SAMPLE_IDENTIFIER), plus DIR/<name>.prof-stats, our --stats text
 * for each (t0320-writer-perf.sh feeds them to the real perf).
 */
#include "prof/compat.h"
#include "prof/data-writer.h"
#include "prof/session.h"
#include "prof/stats-print.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <sys/stat.h>
#include <time.h>

#define NR_SAMPLES	10
#define TEST_PID	4242
#define MAP_START	0x400000ULL
#define KERNEL_TEXT	0xffffffff81000000ULL

static const u8 fake_build_id[20] = {
	0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
};

static void test_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->size = sizeof(*a);
	a->sample_freq = 4000;
	a->freq = 1;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			 PERF_SAMPLE_PERIOD;
	a->disabled = 1;
	a->inherit = 1;
	a->mmap = 1;
	a->comm = 1;
	a->enable_on_exec = 1;
	a->sample_id_all = 1;
	a->mmap2 = 1;
	a->comm_exec = 1;
}

static int write_data(const char *path, bool pipe)
{
	static const char *const argv[] = { "prof", "record", "-o", "x.data", "--", "proftest" };
	struct perf_data_writer *w;
	struct perf_event_attr attr;
	struct machine_info mi;
	struct writer_build_id bid = { .pid = -1, .misc = PERF_RECORD_MISC_USER, .size = 20,
				       .filename = "/tmp/prof-t0320/proftest" };
	struct strbuf sb = STRBUF_INIT;
	struct synth_mmap2 m = {
		.misc = PERF_RECORD_MISC_USER, .pid = TEST_PID, .tid = TEST_PID,
		.start = MAP_START, .len = 0x10000, .pgoff = 0, .maj = 8, .min = 1,
		.ino = 12345, .prot = 5, .flags = 2, .filename = "/tmp/prof-t0320/proftest",
	};
	u64 ids[2] = { 101, 102 };
	u32 idh;
	int ret;

	test_attr(&attr);
	idh = sample_type__id_hdr_size(attr.sample_type);
	ret = perf_data_writer__open(&w, path, pipe);
	if (ret)
		return ret;
	perf_data_writer__add_event(w, &attr, "cpu-clock", ids, 2);
	if (machine_info__gather(&mi) == 0) {
		perf_data_writer__set_machine(w, &mi, "6.1.0-prof");
		machine_info__exit(&mi);
	}
	perf_data_writer__set_string(w, HEADER_HOSTNAME, "prof-test-host");
	perf_data_writer__set_cmdline(w, (int)ARRAY_SIZE(argv), argv);
	memcpy(bid.build_id, fake_build_id, 20);
	perf_data_writer__set_build_ids(w, &bid, 1);
	perf_data_writer__set_sample_time(w, 1000000000ULL, 1000000000ULL + NR_SAMPLES * 1000000ULL);
	perf_data_writer__set_clock(w, CLOCK_MONOTONIC);
	ret = perf_data_writer__start(w);
	if (ret)
		goto out;

	synth__kernel_mmap(&sb, KERNEL_TEXT, KERNEL_TEXT + 0x1000000, idh);
	synth__comm(&sb, TEST_PID, TEST_PID, "proftest", true, idh);
	synth__mmap2(&sb, &m, idh);
	for (int i = 0; i < NR_SAMPLES; i++) {
		struct perf_sample s = {
			.ip = MAP_START + 0x100 + (u64)(i % 3) * 0x40,
			.pid = TEST_PID, .tid = TEST_PID,
			/* out of order within a round: the reader sorts them */
			.time = 1000000000ULL + (u64)(i ^ 1) * 1000000ULL,
			.period = 250000, .cpumode = PERF_RECORD_MISC_USER,
		};

		synth__sample(&sb, &attr, &s);
		if (i % 4 == 3)
			synth__finished_round(&sb);
	}
	synth__exit(&sb, TEST_PID, TEST_PID, TEST_PID, TEST_PID,
		    1000000000ULL + NR_SAMPLES * 1000000ULL, idh);
	synth__finished_round(&sb);
	ret = perf_data_writer__write(w, sb.buf, sb.len);
out:
	strbuf_release(&sb);
	if (ret) {
		perf_data_writer__delete(w);
		return ret;
	}
	return perf_data_writer__close(w);
}

/* Two events (cpu-clock, task-clock:u) sharing one stream, as perf -e a,b. */
static int write_multi(const char *path)
{
	struct perf_data_writer *w;
	struct perf_event_attr a[2];
	struct strbuf sb = STRBUF_INIT;
	u64 ids[2][2] = { { 201, 202 }, { 301, 302 } };
	u32 idh;
	int ret;

	for (int e = 0; e < 2; e++) {
		test_attr(&a[e]);
		a[e].sample_type |= PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_CPU;
	}
	a[1].config = PERF_COUNT_SW_TASK_CLOCK;
	a[1].exclude_kernel = a[1].exclude_hv = 1;
	idh = sample_type__id_hdr_size(a[0].sample_type);
	ret = perf_data_writer__open(&w, path, false);
	if (ret)
		return ret;
	perf_data_writer__add_event(w, &a[0], "cpu-clock", ids[0], 2);
	perf_data_writer__add_event(w, &a[1], "task-clock:u", ids[1], 2);
	perf_data_writer__set_string(w, HEADER_HOSTNAME, "prof-test-host");
	perf_data_writer__start(w);
	synth__kernel_mmap(&sb, KERNEL_TEXT, KERNEL_TEXT + 0x1000000, idh);
	synth__comm(&sb, TEST_PID, TEST_PID, "proftest", true, idh);
	for (int i = 0; i < 10; i++) {
		int e = i % 5 < 2 ? 0 : 1;	/* 4 cpu-clock, 6 task-clock */
		struct perf_sample smp = {
			.id = ids[e][i & 1], .ip = MAP_START + (u64)i * 16, .pid = TEST_PID,
			.tid = TEST_PID, .time = 2000000000ULL + (u64)i * 1000, .cpu = (u32)(i & 1),
			.period = 1000 + (u64)i, .cpumode = PERF_RECORD_MISC_USER,
		};

		synth__sample(&sb, &a[e], &smp);
	}
	{
		/* a LOST_SAMPLES for the second event, found by its trailer id */
		struct perf_event_header h = { .type = PERF_RECORD_LOST_SAMPLES, .size = (u16)(16 + idh) };
		u64 lost = 3, trailer[4] = { ((u64)TEST_PID << 32) | TEST_PID, 2000009999ULL, 1, 301 };

		strbuf_add(&sb, &h, sizeof(h));
		strbuf_add(&sb, &lost, sizeof(lost));
		strbuf_add(&sb, trailer, idh);
	}
	synth__finished_round(&sb);
	ret = perf_data_writer__write(w, sb.buf, sb.len);
	strbuf_release(&sb);
	if (ret) {
		perf_data_writer__delete(w);
		return ret;
	}
	return perf_data_writer__close(w);
}

/* Our --stats text for @path into @out; 0 or an error. */
static int write_stats(const char *path, const char *out)
{
	struct tool t = { 0 };
	struct session *s;
	char *err = NULL;
	FILE *fp;
	int ret = session__open(&s, path, &err);

	if (ret) {
		fprintf(stderr, "%s\n", err);
		free(err);
		return ret;
	}
	ret = session__process_events(s, &t);
	fp = fopen(out, "w");
	if (!ret && fp)
		stats__fprintf(s, fp, true);
	if (fp)
		fclose(fp);
	session__delete(s);
	return ret;
}

struct counts {
	int comm, mmap, mmap2, sample, exit, rounds;
	u64 last_time;
	bool sorted;
	char comm_name[32];
};

static int on_comm(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct counts *c = session__tool_priv(s);

	c->comm++;
	snprintf(c->comm_name, sizeof(c->comm_name), "%s", ev->comm.comm);
	return 0;
}

static int on_mmap(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct counts *c = session__tool_priv(s);

	c->mmap++;
	return 0;
}

static int on_mmap2(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct counts *c = session__tool_priv(s);

	c->mmap2 += ev->mmap2.start == MAP_START && ev->mmap2.pid == TEST_PID &&
		    !strcmp(ev->mmap2.filename, "/tmp/prof-t0320/proftest");
	return 0;
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct counts *c = session__tool_priv(s);

	c->sample++;
	if (sample->time < c->last_time)
		c->sorted = false;
	c->last_time = sample->time;
	return 0;
}

static int on_exit_ev(struct session *s, union perf_event *ev, struct perf_sample *sample)
{
	struct counts *c = session__tool_priv(s);

	c->exit += sample->time == 0;	/* zeroed trailer */
	return 0;
}

static int on_round(struct session *s, union perf_event *ev)
{
	struct counts *c = session__tool_priv(s);

	c->rounds++;
	return 0;
}

static void read_back(const char *path, bool pipe)
{
	struct counts c = { .sorted = true };
	struct tool tool = {
		.comm = on_comm, .mmap = on_mmap, .mmap2 = on_mmap2, .sample = on_sample,
		.exit = on_exit_ev, .finished_round = on_round, .ordered_events = true,
		.priv = &c,
	};
	struct session *s;
	struct perf_header *h;
	char *err = NULL;
	const char *mode = pipe ? "pipe" : "file";

	if (!ok(session__open(&s, path, &err) == 0, "%s: open %s", mode, err ? err : "")) {
		free(err);
		return;
	}
	is_int(session__is_pipe(s), pipe, "%s: mode detected", mode);
	is_int(session__process_events(s, &tool), 0, "%s: all records processed %s",
	       mode, session__strerror(s));
	h = session__header(s);
	is_str(h->hostname, "prof-test-host", "%s: hostname", mode);
	ok(h->nr_cmdline == 7 && !strcmp(h->cmdline[6], "proftest"), "%s: cmdline", mode);
	is_int(h->nr_event_desc, 1, "%s: one event_desc", mode);
	ok(h->nr_cpus_avail >= 1 && h->nr_cpus_online >= 1, "%s: nrcpus", mode);
	is_str(h->version, "6.1.0-prof", "%s: version", mode);
	if (!pipe) {
		ok(h->nr_build_ids == 1 && !memcmp(h->build_ids[0].build_id, fake_build_id, 20) &&
		   !strcmp(h->build_ids[0].filename, "/tmp/prof-t0320/proftest"),
		   "file: build-id round trip");
		is_int((long long)h->last_sample_time, 1000000000LL + NR_SAMPLES * 1000000LL,
		       "file: sample_time");
		is_int(session__file_header(s)->attr_size, 144, "file: attr_size 144");
		is_int(session__file_header(s)->data.offset, 104 + 16 + 144,
		       "file: data offset after ids and attrs");
	}
	is_int(session__nr_evsels(s), 1, "%s: one event", mode);
	is_int(session__evsel(s, 0)->nr_ids, 2, "%s: two ids", mode);
	is_str(session_evsel__name(session__evsel(s, 0)), "cpu-clock", "%s: event name", mode);
	is_int(c.comm, 1, "%s: COMM delivered", mode);
	is_str(c.comm_name, "proftest", "%s: comm name", mode);
	is_int(c.mmap, 1, "%s: kernel MMAP delivered", mode);
	is_int(c.mmap2, 1, "%s: MMAP2 delivered intact", mode);
	is_int(c.sample, NR_SAMPLES, "%s: samples", mode);
	ok(c.sorted, "%s: samples delivered in time order", mode);
	is_int(c.exit, 1, "%s: EXIT with a zeroed trailer", mode);
	is_int(c.rounds, 3, "%s: FINISHED_ROUNDs", mode);
	is_int((long long)session__stats(s)->nr_events[PERF_RECORD_SAMPLE], NR_SAMPLES,
	       "%s: stats count samples", mode);
	session__delete(s);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/prof-t0320-XXXXXX";
	char *file, *pipe;

	if (argc == 3 && !strcmp(argv[1], "--write")) {
		static const char *const names[] = { "file", "pipe", "multi" };
		int bad = 0;

		for (int i = 0; i < 3; i++) {
			char *f = xasprintf("%s/%s.data", argv[2], names[i]);
			char *st = xasprintf("%s/%s.prof-stats", argv[2], names[i]);
			int r = i == 2 ? write_multi(f) : write_data(f, i == 1);

			if (r)
				fprintf(stderr, "%s: write failed: %s\n", f, strerror(-r));
			else
				r = write_stats(f, st);
			bad |= r != 0;
			free(f);
			free(st);
		}
		return bad;
	}
	if (!mkdtemp(dir))
		skip_all("cannot create a temporary directory");
	file = xasprintf("%s/file.data", dir);
	pipe = xasprintf("%s/pipe.data", dir);
	is_int(write_data(file, false), 0, "write a file-mode perf.data");
	is_int(write_data(pipe, true), 0, "write a pipe-mode perf.data");
	read_back(file, false);
	read_back(pipe, true);
	{
		char *multi = xasprintf("%s/multi.data", dir);
		struct tool t = { 0 };
		struct session *s = NULL;
		char *err = NULL;

		is_int(write_multi(multi), 0, "write a two-event file");
		if (ok(session__open(&s, multi, &err) == 0 && session__process_events(s, &t) == 0,
		       "read it %s", err ? err : "")) {
			is_int((long long)session__evsel(s, 0)->nr_samples, 4, "cpu-clock samples by IDENTIFIER");
			is_int((long long)session__evsel(s, 1)->nr_samples, 6, "task-clock samples by IDENTIFIER");
			is_int((long long)session__evsel(s, 1)->nr_lost_samples, 3,
			       "LOST_SAMPLES attributed by its trailer id");
			is_str(session_evsel__name(session__evsel(s, 1)), "task-clock:u", "second name");
		}
		session__delete(s);
		free(err);
		unlink(multi);
		free(multi);
	}
	{
		/* the synthesized layout matches perf's (Appendix A) */
		struct strbuf sb = STRBUF_INIT;

		synth__kernel_mmap(&sb, KERNEL_TEXT, KERNEL_TEXT + 0x120bb08, 16);
		is_int((long long)sb.len, 0x50, "kernel MMAP is 0x50 bytes with a 16-byte trailer");
		strbuf_reset(&sb);
		synth__comm(&sb, 1, 1, "perf-exec", false, 16);
		is_int((long long)sb.len, 8 + 8 + 16 + 16, "COMM size");
		strbuf_release(&sb);
	}
	unlink(file);
	unlink(pipe);
	rmdir(dir);
	free(file);
	free(pipe);
	return done_testing();
}
