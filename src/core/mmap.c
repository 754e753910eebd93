// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmap.c: reading perf_event ring buffers. The barriers matter and are
 * explained, with the invariants they keep, in
 * Documentation/technical/ring-buffer.md.
 */
#include "prof/compat.h"
#include "prof/mmap.h"
#include "prof/parse-options.h"
#include "prof/util.h"
#include <sys/ioctl.h>
#include <sys/mman.h>

static size_t page_size(void)
{
	static size_t ps;

	if (!ps)
		ps = (size_t)sysconf(_SC_PAGESIZE);
	return ps;
}

static bool is_power_of_2(u64 n)
{
	return n && !(n & (n - 1));
}

unsigned int perf_mmap__default_pages(void)
{
	int kb = 516;
	u64 pages;
	unsigned int p = 1;

	read_file_int("/proc/sys/kernel/perf_event_mlock_kb", &kb);
	if (kb < 8)
		kb = 8;
	pages = (u64)kb * 1024 / page_size();
	if (pages > 1)
		pages--;	/* the control page */
	while ((u64)p * 2 <= pages)
		p *= 2;
	return p;
}

int perf_mmap__parse_pages(const char *str, unsigned int *pages)
{
	char *end;
	u64 val, n;
	int unit = 0;

	errno = 0;
	val = strtoull(str, &end, 0);
	if (errno || end == str || *str == '-')
		return -EINVAL;
	if (*end) {
		u64 mult;

		/* perf's tags are upper case only: "4k" is refused */
		switch (*end) {
		case 'B': mult = 1; break;
		case 'K': mult = 1024; break;
		case 'M': mult = 1024 * 1024; break;
		case 'G': mult = 1024 * 1024 * 1024; break;
		default: return -EINVAL;
		}
		if (end[1] || val > (1ULL << 40))
			return -EINVAL;
		val = (val * mult + page_size() - 1) / page_size();
	}
	if (val > (1u << 30))
		return -EINVAL;
	if (!is_power_of_2(val)) {
		/* as perf: up to the next power of two (0 is one page), said */
		u64 p = 1;

		while (p < val)
			p *= 2;
		val = p;
		for (n = val * page_size(); n / 1024 > 1 && unit < 3; unit++)
			n /= 1024;
		pr_info("rounding mmap pages size to %" PRIu64 "%c (%" PRIu64 " pages)",
			n, "BKMG"[unit], val);
	}
	*pages = (unsigned int)val;
	return 0;
}

int perf_mmap__parse_pages_opt(const struct option *opt, const char *arg, int unset)
{
	unsigned int *pages = opt->value, aux;
	char buf[64], *comma;

	if (unset) {
		*pages = 0;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", arg);
	comma = strchr(buf, ',');
	if (comma)
		*comma++ = '\0';
	/*
	 * ",N" sizes the AUX area, which only AUX events (none here) use;
	 * an empty one is 0 pages, rounded to one as perf does (and says).
	 */
	if ((*buf && perf_mmap__parse_pages(buf, pages)) ||
	    (comma && perf_mmap__parse_pages(*comma ? comma : "0", &aux)))
		return error("Invalid argument for --mmap_pages/-m\n");	/* perf's blank line */
	return 0;
}

int perf_mmap__parse_data_pages_opt(const struct option *opt, const char *arg, int unset)
{
	unsigned int *pages = opt->value;

	if (unset) {
		*pages = 0;
		return 0;
	}
	if (perf_mmap__parse_pages(arg, pages))
		return error("Invalid argument for --mmap_pages/-m\n");	/* perf's blank line */
	return 0;
}

int perf_mmap__init(struct perf_mmap *m, int fd, int cpu, unsigned int pages, bool overwrite)
{
	void *base;

	memset(m, 0, sizeof(*m));
	m->fd = fd;
	m->cpu = cpu;
	if (!is_power_of_2(pages))
		return -EINVAL;
	m->len = (1 + (size_t)pages) * page_size();
	m->overwrite = overwrite;
	/* read-only selects the kernel's overwrite mode: no data_tail */
	base = mmap(NULL, m->len, overwrite ? PROT_READ : PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		int err = errno;

		m->len = 0;
		return -err;
	}
	m->pc = base;
	m->data = (unsigned char *)base + page_size();
	m->mask = (u64)pages * page_size() - 1;
	/* Start where the kernel says the reader is (0 for a new buffer). */
	m->prev = __atomic_load_n(&m->pc->data_tail, __ATOMIC_RELAXED);
	m->start = m->end = m->prev;
	return 0;
}

void perf_mmap__exit(struct perf_mmap *m)
{
	if (m->pc)
		munmap(m->pc, m->len);
	free(m->bounce);
	m->pc = NULL;
	m->data = NULL;
	m->bounce = NULL;
}

/* Invariant 1: data_head is read with acquire before any data byte. */
static u64 read_head(struct perf_mmap *m)
{
	return __atomic_load_n(&m->pc->data_head, __ATOMIC_ACQUIRE);
}

/*
 * An overwrite buffer written backward: head moves down, the newest
 * record sits at head and older ones follow it. The pass is
 * [head, previous head), cut to the whole records that fit in a buffer
 * (the oldest may be half overwritten) or end at a never-written (zero)
 * header.
 */
static int read_init_backward(struct perf_mmap *m)
{
	u64 head, size = m->mask + 1, pos;

	ioctl(m->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	head = read_head(m);
	m->snap = head;
	m->start = head;
	m->end = m->prev;
	if (head == m->prev) {
		ioctl(m->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0);
		return -EAGAIN;
	}
	if (m->end - m->start > size) {
		for (pos = head; pos - head + sizeof(struct perf_event_header) <= size;) {
			const struct perf_event_header *h = (const void *)(m->data + (pos & m->mask));

			if (h->size < sizeof(*h) || pos - head + h->size > size)
				break;
			pos += h->size;
		}
		m->end = pos;
	}
	return 0;
}

int perf_mmap__read_init(struct perf_mmap *m)
{
	u64 head, size = m->mask + 1;

	if (m->overwrite)
		return read_init_backward(m);
	head = read_head(m);

	m->start = m->prev;
	m->end = head;
	if (head == m->prev)
		return -EAGAIN;
	if (head - m->prev > size) {
		/*
		 * More than a buffer's worth is unread: the oldest bytes are
		 * gone. Nothing before head - size can be trusted, and record
		 * boundaries there are unknown, so drop the whole pass.
		 */
		m->overruns++;
		m->start = m->end = head;
		m->prev = head;
		perf_mmap__consume(m);
		return -EAGAIN;
	}
	return 0;
}

struct perf_event_header *perf_mmap__read_event(struct perf_mmap *m)
{
	struct perf_event_header *hdr;
	u64 off, size = m->mask + 1;

	if (m->end - m->start < sizeof(*hdr))
		return NULL;
	off = m->start & m->mask;
	/* Invariant 3: records are 8-aligned, so a header never wraps. */
	hdr = (struct perf_event_header *)(m->data + off);
	if (hdr->size < sizeof(*hdr) || hdr->size > m->end - m->start) {
		/* Corrupt or torn: skip to the end of the pass. */
		m->start = m->end;
		return NULL;
	}
	if (off + hdr->size > size) {
		size_t first = (size_t)(size - off);

		if (!m->bounce)
			m->bounce = xmalloc(PERF_MMAP_MAX_RECORD);
		memcpy(m->bounce, m->data + off, first);
		memcpy(m->bounce + first, m->data, hdr->size - first);
		hdr = (struct perf_event_header *)m->bounce;
	}
	m->start += hdr->size;
	return hdr;
}

void perf_mmap__chunks(struct perf_mmap *m, const void **p1, size_t *l1,
		       const void **p2, size_t *l2)
{
	u64 size = m->mask + 1, off = m->start & m->mask, len = m->end - m->start;

	*p1 = m->data + off;
	if (off + len > size) {
		*l1 = (size_t)(size - off);
		*p2 = m->data;
		*l2 = (size_t)(len - *l1);
	} else {
		*l1 = (size_t)len;
		*p2 = NULL;
		*l2 = 0;
	}
	m->start = m->end;
}

/* Invariant 2: every read of the pass happens before data_tail moves. */
void perf_mmap__consume(struct perf_mmap *m)
{
	if (m->overwrite) {
		/* nothing to give back: the next pass ends where this began */
		m->prev = m->snap;
		ioctl(m->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0);
		return;
	}
	m->prev = m->start;
	__atomic_store_n(&m->pc->data_tail, m->prev, __ATOMIC_RELEASE);
}

u64 perf_mmap__pending(struct perf_mmap *m)
{
	if (m->overwrite)
		return m->prev - read_head(m);
	return read_head(m) - m->prev;
}
