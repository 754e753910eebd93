// SPDX-License-Identifier: GPL-2.0-only
/*
 * synthetic.c: encoders for the records perf synthesizes. Strings are
 * NUL-terminated and zero-padded to 8 bytes; every non-SAMPLE record gets
 * a zeroed sample_id_all trailer of the size the caller's attr implies
 * (time 0: delivered before the time-sorted kernel records).
 */
#include "prof/compat.h"
#include "prof/data-writer.h"
#include "prof/session.h"
#include "prof/strbuf.h"

static void put_header(struct strbuf *sb, u32 type, u16 misc, size_t size)
{
	struct perf_event_header h = { .type = type, .misc = misc, .size = (u16)size };

	strbuf_add(sb, &h, sizeof(h));
}

static void put_u32(struct strbuf *sb, u32 v) { strbuf_add(sb, &v, 4); }
static void put_u64(struct strbuf *sb, u64 v) { strbuf_add(sb, &v, 8); }

/* @s truncated so the record stays under 64 KiB; NUL + zero padding to 8. */
static size_t padded_len(const char *s, size_t room)
{
	size_t n = strnlen(s, room - 8);

	return ALIGN_UP(n + 1, (size_t)8);
}

static void put_padded(struct strbuf *sb, const char *s, size_t padded)
{
	size_t n = strnlen(s, padded - 1);

	strbuf_add(sb, s, n);
	strbuf_addchars(sb, 0, padded - n);
}

void synth__comm(struct strbuf *sb, u32 pid, u32 tid, const char *comm, bool exec,
		 u32 id_hdr_size)
{
	char name[16];
	size_t plen;

	/* the kernel's TASK_COMM_LEN */
	snprintf(name, sizeof(name), "%s", comm);
	plen = ALIGN_UP(strlen(name) + 1, (size_t)8);
	put_header(sb, PERF_RECORD_COMM, exec ? PERF_RECORD_MISC_COMM_EXEC : 0,
		   8 + 8 + plen + id_hdr_size);
	put_u32(sb, pid);
	put_u32(sb, tid);
	put_padded(sb, name, plen);
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__mmap2(struct strbuf *sb, const struct synth_mmap2 *m, u32 id_hdr_size)
{
	size_t plen = padded_len(m->filename, 65535 - 72 - id_hdr_size);
	u16 misc = m->misc;

	if (m->build_id)
		misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
	put_header(sb, PERF_RECORD_MMAP2, misc, 72 + plen + id_hdr_size);
	put_u32(sb, m->pid);
	put_u32(sb, m->tid);
	put_u64(sb, m->start);
	put_u64(sb, m->len);
	put_u64(sb, m->pgoff);
	if (m->build_id) {
		u8 bid[24] = { 0 };
		u8 n = m->build_id_size > 20 ? 20 : m->build_id_size;

		bid[0] = n;
		memcpy(bid + 4, m->build_id, n);
		strbuf_add(sb, bid, sizeof(bid));
	} else {
		put_u32(sb, m->maj);
		put_u32(sb, m->min);
		put_u64(sb, m->ino);
		put_u64(sb, m->ino_generation);
	}
	put_u32(sb, m->prot);
	put_u32(sb, m->flags);
	put_padded(sb, m->filename, plen);
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__mmap(struct strbuf *sb, u16 misc, u32 pid, u32 tid, u64 start, u64 len,
		 u64 pgoff, const char *filename, u32 id_hdr_size)
{
	size_t plen = padded_len(filename, 65535 - 40 - id_hdr_size);

	put_header(sb, PERF_RECORD_MMAP, misc, 40 + plen + id_hdr_size);
	put_u32(sb, pid);
	put_u32(sb, tid);
	put_u64(sb, start);
	put_u64(sb, len);
	put_u64(sb, pgoff);
	put_padded(sb, filename, plen);
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__kernel_mmap(struct strbuf *sb, u64 text, u64 etext, u32 id_hdr_size)
{
	synth__mmap(sb, PERF_RECORD_MISC_KERNEL, HOST_KERNEL_ID, 0, text,
		    etext > text ? etext - text : 0, text, "[kernel.kallsyms]_text",
		    id_hdr_size);
}

static void fork_exit(struct strbuf *sb, u32 type, u16 misc, u32 pid, u32 ppid, u32 tid,
		      u32 ptid, u64 time, u32 id_hdr_size)
{
	put_header(sb, type, misc, 8 + 24 + id_hdr_size);
	put_u32(sb, pid);
	put_u32(sb, ppid);
	put_u32(sb, tid);
	put_u32(sb, ptid);
	put_u64(sb, time);
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__fork(struct strbuf *sb, u32 pid, u32 ppid, u32 tid, u32 ptid, u64 time,
		 bool exec, u32 id_hdr_size)
{
	fork_exit(sb, PERF_RECORD_FORK, exec ? PERF_RECORD_MISC_FORK_EXEC : 0, pid, ppid,
		  tid, ptid, time, id_hdr_size);
}

void synth__exit(struct strbuf *sb, u32 pid, u32 ppid, u32 tid, u32 ptid, u64 time,
		 u32 id_hdr_size)
{
	fork_exit(sb, PERF_RECORD_EXIT, 0, pid, ppid, tid, ptid, time, id_hdr_size);
}

void synth__namespaces(struct strbuf *sb, u32 pid, u32 tid, const u64 (*links)[2], u32 nr,
		       u32 id_hdr_size)
{
	put_header(sb, PERF_RECORD_NAMESPACES, 0, 24 + 16 * nr + id_hdr_size);
	put_u32(sb, pid);
	put_u32(sb, tid);
	put_u64(sb, nr);
	for (u32 i = 0; i < nr; i++) {
		put_u64(sb, links[i][0]);
		put_u64(sb, links[i][1]);
	}
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__cgroup(struct strbuf *sb, u64 id, const char *path, u32 id_hdr_size)
{
	size_t len = ALIGN_UP(strlen(path) + 1, 8UL);

	put_header(sb, PERF_RECORD_CGROUP, 0, (u16)(16 + len + id_hdr_size));
	put_u64(sb, id);
	strbuf_add(sb, path, strlen(path));
	strbuf_addchars(sb, 0, len - strlen(path));
	strbuf_addchars(sb, 0, id_hdr_size);
}

void synth__finished_round(struct strbuf *sb)
{
	put_header(sb, PERF_RECORD_FINISHED_ROUND, 0, 8);
}

#define SYNTH_SAMPLE_OK (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
	PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | \
	PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | \
	PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_PHYS_ADDR | \
	PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | \
	PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER)

int synth__sample(struct strbuf *sb, const struct perf_event_attr *attr,
		  const struct perf_sample *s)
{
	u64 t = attr->sample_type;
	size_t start = sb->len;

	if (t & ~(u64)SYNTH_SAMPLE_OK)
		return -EINVAL;
	put_header(sb, PERF_RECORD_SAMPLE, s->misc ? s->misc : s->cpumode, 0);
	if (t & PERF_SAMPLE_IDENTIFIER) put_u64(sb, s->id);
	if (t & PERF_SAMPLE_IP) put_u64(sb, s->ip);
	if (t & PERF_SAMPLE_TID) { put_u32(sb, s->pid); put_u32(sb, s->tid); }
	if (t & PERF_SAMPLE_TIME) put_u64(sb, s->time);
	if (t & PERF_SAMPLE_ADDR) put_u64(sb, s->addr);
	if (t & PERF_SAMPLE_ID) put_u64(sb, s->id);
	if (t & PERF_SAMPLE_STREAM_ID) put_u64(sb, s->stream_id);
	if (t & PERF_SAMPLE_CPU) { put_u32(sb, s->cpu); put_u32(sb, 0); }
	if (t & PERF_SAMPLE_PERIOD) put_u64(sb, s->period);
	if (t & PERF_SAMPLE_CALLCHAIN) {
		put_u64(sb, s->callchain_nr);
		strbuf_add(sb, s->callchain, s->callchain_nr * 8);
	}
	if (t & PERF_SAMPLE_RAW) {
		size_t padded = ALIGN_UP((size_t)s->raw_size + 4, (size_t)8);

		put_u32(sb, (u32)(padded - 4));
		strbuf_add(sb, s->raw_data, s->raw_size);
		strbuf_addchars(sb, 0, padded - 4 - s->raw_size);
	}
	if (t & PERF_SAMPLE_REGS_USER) {
		put_u64(sb, s->user_regs.abi);
		if (s->user_regs.abi)
			strbuf_add(sb, s->user_regs.regs, (size_t)s->user_regs.nr * 8);
	}
	if (t & PERF_SAMPLE_STACK_USER) {
		put_u64(sb, s->user_stack_size);
		if (s->user_stack_size) {
			strbuf_add(sb, s->user_stack, s->user_stack_size);
			put_u64(sb, s->user_stack_dyn_size);
		}
	}
	if (t & PERF_SAMPLE_WEIGHT) put_u64(sb, s->weight);
	if (t & PERF_SAMPLE_DATA_SRC) put_u64(sb, s->data_src);
	if (t & PERF_SAMPLE_PHYS_ADDR) put_u64(sb, s->phys_addr);
	if (t & PERF_SAMPLE_CGROUP) put_u64(sb, s->cgroup);
	if (t & PERF_SAMPLE_DATA_PAGE_SIZE) put_u64(sb, s->data_page_size);
	if (t & PERF_SAMPLE_CODE_PAGE_SIZE) put_u64(sb, s->code_page_size);
	if (sb->len - start > 65535) {
		strbuf_setlen(sb, start);
		return -E2BIG;
	}
	{
		u16 size = (u16)(sb->len - start);

		memcpy(sb->buf + start + offsetof(struct perf_event_header, size),
		       &size, sizeof(size));
	}
	return 0;
}
