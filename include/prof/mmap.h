/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mmap.h: the reader side of a perf_event ring buffer (one per CPU, or per
 * thread in per-thread mode), shared by record and top. The protocol and
 * its invariants are in Documentation/technical/ring-buffer.md.
 *
 * A read pass:
 *	if (perf_mmap__read_init(m) == 0) {
 *		while ((ev = perf_mmap__read_event(m)))
 *			handle(ev);
 *		perf_mmap__consume(m);
 *	}
 * or, to copy raw bytes (record): perf_mmap__read_init(), then
 * perf_mmap__chunks() and perf_mmap__consume().
 */
#ifndef PROF_MMAP_H
#define PROF_MMAP_H

#include "compat.h"
#include <linux/perf_event.h>

/* The largest record the kernel can write (header.size is a u16). */
#define PERF_MMAP_MAX_RECORD 65536

struct perf_mmap {
	struct perf_event_mmap_page *pc;	/* control page; NULL if unmapped */
	unsigned char *data;			/* first data page */
	size_t len;				/* bytes mapped (1 + data pages) */
	u64 mask;				/* data size - 1 */
	u64 prev;				/* consumed up to here */
	u64 start, end;				/* the current pass: [start, end) */
	int fd;
	int cpu;				/* -1 in per-thread mode */
	u64 overruns;				/* passes that found more than fits */
	u64 snap;				/* overwrite: head at read_init */
	bool overwrite;				/* write_backward, mapped read-only */
	unsigned char *bounce;			/* for records that wrap around */
};

/*
 * Default data pages per buffer as perf picks them: perf_event_mlock_kb
 * minus one page, in pages, rounded down to a power of two (128 on a
 * default system). Never less than 1.
 */
unsigned int perf_mmap__default_pages(void);
/*
 * Parse -m/--mmap-pages: a page count or a size with B/K/M/G, rounded up
 * to a power of two pages with perf's notice. 0, or -EINVAL when invalid.
 */
int perf_mmap__parse_pages(const char *str, unsigned int *pages);
struct option;
/* -m/--mmap-pages for record: "pages[,aux pages]" into the unsigned int. */
int perf_mmap__parse_pages_opt(const struct option *opt, const char *arg, int unset);
/* The same without an AUX part (top's -m): "16,16" is refused. */
int perf_mmap__parse_data_pages_opt(const struct option *opt, const char *arg, int unset);

/*
 * Map the ring buffer of @fd with @pages data pages (a power of two).
 * @overwrite: the event writes backward (attr.write_backward); the
 * buffer is mapped read-only and keeps the newest records (perf's
 * --overwrite). Returns 0 or -errno (EPERM: over the mlock limit;
 * EINVAL: bad size); @m is zeroed first and usable by perf_mmap__exit()
 * either way.
 */
int perf_mmap__init(struct perf_mmap *m, int fd, int cpu, unsigned int pages, bool overwrite);
void perf_mmap__exit(struct perf_mmap *m);

/*
 * Start a pass: snapshot data_head. Returns 0 if there is data, -EAGAIN if
 * none. An overwrite buffer is paused (PAUSE_OUTPUT) until consume, and
 * its pass is what was written since the last one, newest record first,
 * at most one buffer's worth of whole records. If the writer got more than a buffer ahead (it cannot in the
 * forward mode used here, but a bug must not make us read garbage) the
 * pass starts at the oldest intact byte and ->overruns counts it.
 */
int perf_mmap__read_init(struct perf_mmap *m);

/*
 * The next whole record of the pass, or NULL at its end. A record that
 * wraps past the end of the buffer is copied into a bounce buffer. The
 * pointer is valid until the next call. A malformed header (size below 8)
 * ends the pass early: the rest of it is skipped.
 */
struct perf_event_header *perf_mmap__read_event(struct perf_mmap *m);

/*
 * The unread bytes of the pass as at most two contiguous chunks (the
 * second is non-empty when the range wraps). For writers that copy raw.
 */
void perf_mmap__chunks(struct perf_mmap *m, const void **p1, size_t *l1,
		       const void **p2, size_t *l2);

/* Give everything read in this pass back to the kernel (data_tail). */
void perf_mmap__consume(struct perf_mmap *m);

/* Bytes written but not yet consumed (for tests and drain loops; an
 * overwrite buffer may hold less). */
u64 perf_mmap__pending(struct perf_mmap *m);

#endif /* PROF_MMAP_H */
