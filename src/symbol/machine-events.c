// SPDX-License-Identifier: GPL-2.0-only
/*
 * machine-events.c: perf.data records into the machine model. Every
 * consumer of records (report reading a file, top reading ring buffers,
 * the tests' drivers) feeds the machine through these, so a record is
 * turned into machine calls in one place.
 */
#include "prof/compat.h"
#include "prof/machine.h"
#include "prof/header.h"
#include "prof/event.h"

static int process_mmap(struct machine *m, const union perf_event *ev)
{
	struct mmap_event me = {
		.pid = (pid_t)ev->mmap.pid,
		.tid = (pid_t)ev->mmap.tid,
		.start = ev->mmap.start,
		.len = ev->mmap.len,
		.pgoff = ev->mmap.pgoff,
		.cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
		.prot = 4,	/* PROT_EXEC: MMAP records exist only for code */
		.filename = ev->mmap.filename,
	};

	/* A map the machine refuses (an empty range) is skipped, as in perf. */
	machine__process_mmap(m, &me);
	return 0;
}

static int process_mmap2(struct machine *m, const union perf_event *ev)
{
	struct mmap_event me = {
		.pid = (pid_t)ev->mmap2.pid,
		.tid = (pid_t)ev->mmap2.tid,
		.start = ev->mmap2.start,
		.len = ev->mmap2.len,
		.pgoff = ev->mmap2.pgoff,
		.cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
		.prot = ev->mmap2.prot,
		.flags = ev->mmap2.flags,
		.filename = ev->mmap2.filename,
	};
	struct build_id bid;

	if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		memset(&bid, 0, sizeof(bid));
		bid.size = min(ev->mmap2.build_id_size, (u8)BUILD_ID_SIZE);
		memcpy(bid.data, ev->mmap2.build_id, bid.size);
		me.bid = &bid;
	} else {
		me.has_id = true;
		me.maj = ev->mmap2.maj;
		me.min = ev->mmap2.min;
		me.ino = ev->mmap2.ino;
		me.ino_gen = ev->mmap2.ino_generation;
	}
	machine__process_mmap(m, &me);
	return 0;
}

/* TIME_CONV: the TSC conversion jitdump arch timestamps need. */
static int process_time_conv(struct machine *m, const union perf_event *ev)
{
	tsc_conv__read(&m->tsc, ev);
	return 0;
}

int machine__process_event(struct machine *m, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_MMAP:
		return process_mmap(m, ev);
	case PERF_RECORD_MMAP2:
		return process_mmap2(m, ev);
	case PERF_RECORD_COMM:
		return machine__process_comm(m, (pid_t)ev->comm.pid, (pid_t)ev->comm.tid,
					     ev->comm.comm, ev->header.misc & PERF_RECORD_MISC_COMM_EXEC);
	case PERF_RECORD_FORK:
		return machine__process_fork(m, (pid_t)ev->fork.pid, (pid_t)ev->fork.ppid,
					     (pid_t)ev->fork.tid, (pid_t)ev->fork.ptid,
					     !(ev->header.misc & PERF_RECORD_MISC_FORK_EXEC));
	case PERF_RECORD_EXIT:
		return machine__process_exit(m, (pid_t)ev->fork.pid, (pid_t)ev->fork.ppid,
					     (pid_t)ev->fork.tid, (pid_t)ev->fork.ptid);
	case PERF_RECORD_TIME_CONV:
		return process_time_conv(m, ev);
	default:
		return 0;
	}
}

void machine__process_header(struct machine *m, const struct perf_header *h)
{
	if (!h)
		return;
	machine__process_header_build_ids(m, h);
	machine__set_recorded_kernel(m, h->osrelease, h->arch);
}

int machine__process_header_build_ids(struct machine *m, const struct perf_header *h)
{
	for (u32 i = 0; h && i < h->nr_build_ids; i++) {
		const struct header_build_id *b = &h->build_ids[i];
		struct build_id bid = { .size = b->size ? b->size : 20 };

		memcpy(bid.data, b->build_id, min(bid.size, sizeof(bid.data)));
		machine__set_build_id(m, b->misc & PERF_RECORD_MISC_CPUMODE_MASK, b->filename, &bid);
	}
	return 0;
}
