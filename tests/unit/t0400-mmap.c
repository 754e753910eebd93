// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0400-mmap: the ring-buffer reader. First on a fake buffer we fill by
 * hand (wrap-around, torn records, overruns, raw chunks), then live on a
 * task-clock sampling event on this process.
 */
#include "prof/compat.h"
#include "prof/mmap.h"
#include "prof/util.h"
#include "tap.h"
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#define FAKE_DATA 4096

/* A heap "mapping": a control page then FAKE_DATA bytes of data. */
static struct perf_mmap *fake_new(void)
{
	static struct perf_mmap m;
	static unsigned char mem[4096 + FAKE_DATA] __attribute__((aligned(4096)));

	memset(&m, 0, sizeof(m));
	memset(mem, 0, sizeof(mem));
	m.pc = (struct perf_event_mmap_page *)mem;
	m.data = mem + 4096;
	m.mask = FAKE_DATA - 1;
	m.fd = -1;
	return &m;
}

/* Write a record of @size bytes at stream position @pos, filled with @fill. */
static void fake_put(struct perf_mmap *m, u64 pos, u16 size, unsigned char fill)
{
	struct perf_event_header h = { .type = PERF_RECORD_SAMPLE, .misc = 0, .size = size };
	unsigned char buf[512];
	u16 i;

	memset(buf, fill, sizeof(buf));
	memcpy(buf, &h, sizeof(h));
	for (i = 0; i < size; i++)
		m->data[(pos + i) & m->mask] = buf[i];
}

static void test_fake(void)
{
	struct perf_mmap *m = fake_new();
	struct perf_event_header *h;
	const void *p1, *p2;
	size_t l1, l2;
	u64 pos;
	int n, good;

	is_int(perf_mmap__read_init(m), -EAGAIN, "empty buffer: nothing to read");

	/* Three records, then the head moves. */
	fake_put(m, 0, 24, 0xa1);
	fake_put(m, 24, 40, 0xa2);
	fake_put(m, 64, 8, 0xa3);
	m->pc->data_head = 72;
	is_int(perf_mmap__read_init(m), 0, "data after the head moved");
	h = perf_mmap__read_event(m);
	ok(h && h->size == 24 && ((unsigned char *)h)[8] == 0xa1, "first record");
	h = perf_mmap__read_event(m);
	ok(h && h->size == 40 && ((unsigned char *)h)[39] == 0xa2, "second record");
	h = perf_mmap__read_event(m);
	ok(h && h->size == 8, "header-only record");
	ok(perf_mmap__read_event(m) == NULL, "end of the pass");
	perf_mmap__consume(m);
	is_int((long long)m->pc->data_tail, 72, "consume publishes data_tail");
	is_int((long long)perf_mmap__pending(m), 0, "nothing pending");

	/* A record that wraps: starts 16 bytes before the end. */
	pos = FAKE_DATA * 3 - 16;	/* the counters are free running */
	m->prev = pos;
	m->pc->data_tail = pos;
	fake_put(m, pos, 48, 0xb1);
	fake_put(m, pos + 48, 16, 0xb2);
	m->pc->data_head = pos + 64;
	is_int(perf_mmap__read_init(m), 0, "data across the end of the buffer");
	h = perf_mmap__read_event(m);
	good = h && h->size == 48;
	for (n = 8; good && n < 48; n++)
		good = ((unsigned char *)h)[n] == 0xb1;
	ok(good, "a wrapping record comes back whole, in order");
	ok(h && (unsigned char *)h == m->bounce, "through the bounce buffer");
	h = perf_mmap__read_event(m);
	ok(h && h->size == 16 && (unsigned char *)h == m->data + 32,
	   "the next one is read in place");
	perf_mmap__consume(m);

	/* Raw chunks for a range that wraps. */
	pos = FAKE_DATA * 5 - 8;
	m->prev = pos;
	fake_put(m, pos, 32, 0xc1);
	m->pc->data_head = pos + 32;
	perf_mmap__read_init(m);
	perf_mmap__chunks(m, &p1, &l1, &p2, &l2);
	ok(l1 == 8 && l2 == 24 && p1 == m->data + FAKE_DATA - 8 && p2 == m->data,
	   "chunks split at the end of the buffer");
	perf_mmap__consume(m);
	is_int((long long)m->pc->data_tail, (long long)(pos + 32), "chunks consumed");

	/* A torn or corrupt header ends the pass instead of looping. */
	pos = m->prev;
	fake_put(m, pos, 16, 0xd1);
	m->data[(pos + 16) & m->mask] = 0;	/* next header: size 0 */
	memset(m->data + ((pos + 16) & m->mask), 0, 8);
	m->pc->data_head = pos + 40;
	perf_mmap__read_init(m);
	ok(perf_mmap__read_event(m) != NULL, "good record before the bad one");
	ok(perf_mmap__read_event(m) == NULL, "size 0 header stops the pass");
	perf_mmap__consume(m);
	is_int((long long)m->prev, (long long)(pos + 40), "and the bad bytes are skipped");

	/* A record claiming to run past the head is not returned. */
	pos = m->prev;
	fake_put(m, pos, 64, 0xe1);
	m->pc->data_head = pos + 32;
	perf_mmap__read_init(m);
	ok(perf_mmap__read_event(m) == NULL, "a record longer than the data is refused");
	perf_mmap__consume(m);

	/* More than a buffer unread: dropped, counted, no garbage. */
	pos = m->prev;
	m->pc->data_head = pos + FAKE_DATA + 64;
	is_int(perf_mmap__read_init(m), -EAGAIN, "overrun pass is dropped");
	is_int((long long)m->overruns, 1, "and counted");
	is_int((long long)m->pc->data_tail, (long long)(pos + FAKE_DATA + 64),
	       "reader resynchronised at the head");
	free(m->bounce);
}

static void test_pages(void)
{
	unsigned int p = 0;
	int kb = 516;
	FILE *f = fopen("/proc/sys/kernel/perf_event_mlock_kb", "r");
	unsigned int want = 1;
	long pages;

	if (f) {
		if (fscanf(f, "%d", &kb) != 1)
			kb = 516;
		fclose(f);
	}
	pages = (long)kb * 1024 / sysconf(_SC_PAGESIZE) - 1;
	while ((long)want * 2 <= pages)
		want *= 2;
	is_int(perf_mmap__default_pages(), want, "default pages from perf_event_mlock_kb");

	ok(perf_mmap__parse_pages("128", &p) == 0 && p == 128, "-m 128");
	ok(perf_mmap__parse_pages("100", &p) == 0 && p == 128, "-m 100 rounds up to 128, as perf");
	ok(perf_mmap__parse_pages("abc", &p) == -EINVAL, "-m abc");
	ok(perf_mmap__parse_pages("1M", &p) == 0 && p == 256, "-m 1M is 256 pages");
	ok(perf_mmap__parse_pages("5K", &p) == 0 && p == 2, "-m 5K rounds up to 2 pages");
	ok(perf_mmap__parse_pages("4k", &p) == -EINVAL, "-m 4k refused: perf's tags are upper case");
	ok(perf_mmap__parse_pages("4K", &p) == 0 && p == 1, "-m 4K is one page");
	ok(perf_mmap__parse_pages("12Q", &p) == -EINVAL, "bad unit");
	ok(perf_mmap__parse_pages("", &p) == -EINVAL, "empty");
}

static volatile u64 sink;

static __attribute__((noinline)) u64 burn(u64 n)
{
	u64 x = 1;

	while (n--)
		x = x * 2862933555777941757ULL + 3037000493ULL;
	return x;
}

/* Burn at call depth @d, so samples' callchains (and sizes) vary. */
static __attribute__((noinline)) u64 burn_deep(int d, u64 n)
{
	if (d > 0)
		return burn_deep(d - 1, n) + (u64)d;
	return burn(n);
}

static void test_live(void)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.sample_period = 20000,	/* 20 us of task time */
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_CALLCHAIN,
		.exclude_kernel = 1,
		.exclude_hv = 1,
		.disabled = 1,
	};
	struct perf_mmap m;
	int fd, i, samples = 0, wraps = 0, bad = 0, lost = 0;
	u64 last_time = 0, deadline;
	pid_t pid = getpid();

	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		diag("perf_event_open not permitted (%s): live test skipped", strerror(errno));
		ok(1, "# SKIP live ring buffer");
		return;
	}
	if (perf_mmap__init(&m, fd, -1, 1, false)) {
		ok(0, "mmap of one data page");
		close(fd);
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/*
	 * Until enough samples wrapped around the one-page buffer. The
	 * sampling rate depends on the machine's timer (about 1 kHz on a
	 * VM), so bound by time, not by iterations.
	 */
	deadline = now_ns() + 5000000000ULL;
	for (i = 0; samples < 300 && now_ns() < deadline; i++) {
		struct perf_event_header *h;

		sink += burn_deep(i % 5, 200000);
		if (perf_mmap__read_init(&m))
			continue;
		while ((h = perf_mmap__read_event(&m))) {
			const u64 *p = (const u64 *)(h + 1);

			if ((unsigned char *)h == m.bounce)
				wraps++;
			if (h->type == PERF_RECORD_LOST) {
				lost++;
				continue;
			}
			if (h->type != PERF_RECORD_SAMPLE)
				continue;
			samples++;
			/* ip, pid/tid, time, nr, ips[nr] */
			if ((u32)p[1] != (u32)pid || p[2] < last_time || p[3] > 127 ||
			    h->size != 8 + 8 * (4 + p[3]))
				bad++;
			last_time = p[2];
		}
		perf_mmap__consume(&m);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ok(samples >= 100, "live: %d samples read", samples);
	is_int(bad, 0, "live: every sample well formed, ours, in time order");
	ok(wraps > 0, "live: %d records wrapped and came back whole", wraps);
	diag("lost records: %d", lost);
	perf_mmap__exit(&m);
	close(fd);
}

/*
 * Overwrite mode: a backward buffer of one page that the kernel fills
 * several times over. A pass after it stops holds only whole records,
 * the newest first (times decreasing), ending at the last sample; a
 * second pass with nothing new is empty.
 */
static void test_live_backward(void)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.sample_period = 20000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME,
		.exclude_kernel = 1,
		.exclude_hv = 1,
		.disabled = 1,
		.write_backward = 1,
	};
	struct perf_mmap m;
	struct perf_event_header *h;
	int fd, samples = 0, bad = 0;
	u64 prev_time = ~0ULL, bytes = 0, deadline;

	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		diag("perf_event_open not permitted (%s): backward test skipped", strerror(errno));
		ok(1, "# SKIP backward ring buffer");
		return;
	}
	if (perf_mmap__init(&m, fd, -1, 1, true)) {
		ok(0, "read-only mmap of one data page");
		close(fd);
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/* until the page was written over at least three times */
	deadline = now_ns() + 5000000000ULL;
	for (int i = 0; now_ns() < deadline && perf_mmap__pending(&m) < 3 * (m.mask + 1); i++)
		sink += burn_deep(i % 5, 200000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ok(perf_mmap__pending(&m) >= 3 * (m.mask + 1), "backward: %" PRIu64 " bytes written",
	   perf_mmap__pending(&m));
	is_int(perf_mmap__read_init(&m), 0, "backward: a pass");
	while ((h = perf_mmap__read_event(&m))) {
		const u64 *p = (const u64 *)(h + 1);

		bytes += h->size;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		samples++;
		if (h->size != 8 + 3 * 8 || p[2] > prev_time)
			bad++;
		prev_time = p[2];
	}
	perf_mmap__consume(&m);
	ok(samples > 0 && bytes <= m.mask + 1, "backward: %d samples, %" PRIu64 " bytes: one buffer at most",
	   samples, bytes);
	is_int(bad, 0, "backward: whole samples, newest first");
	ok(perf_mmap__read_init(&m) == -EAGAIN, "backward: nothing new, an empty pass");
	perf_mmap__exit(&m);
	close(fd);
}

int main(void)
{
	test_fake();
	test_pages();
	test_live();
	test_live_backward();
	return done_testing();
}
