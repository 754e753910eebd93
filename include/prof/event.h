/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * event.h: the perf_event ABI every layer above the kernel interface
 * shares: the records of a ring buffer or perf.data file (union
 * perf_event) and a SAMPLE parsed into its fields (struct perf_sample).
 * The session reads them (session.h), the machine model and unwinder
 * consume them (machine.h, unwind.h), the commands print them; none of
 * these needs the layer of another for the types
 * (Documentation/technical/design.md, "Layers").
 */
#ifndef PROF_EVENT_H
#define PROF_EVENT_H

#include "compat.h"
#include <linux/perf_event.h>

struct session_evsel;

/* ---- records ---- */

struct perf_record_mmap {
	struct perf_event_header header;
	u32 pid, tid;
	u64 start, len, pgoff;
	char filename[];
};

struct perf_record_mmap2 {
	struct perf_event_header header;
	u32 pid, tid;
	u64 start, len, pgoff;
	union {
		struct {
			u32 maj, min;
			u64 ino, ino_generation;
		};
		struct {
			u8 build_id_size;
			u8 __reserved_1;
			u16 __reserved_2;
			u8 build_id[20];
		};
	};
	u32 prot, flags;
	char filename[];
};

struct perf_record_comm {
	struct perf_event_header header;
	u32 pid, tid;
	char comm[];
};

struct perf_record_fork {		/* FORK and EXIT */
	struct perf_event_header header;
	u32 pid, ppid, tid, ptid;
	u64 time;
};

struct perf_record_lost {
	struct perf_event_header header;
	u64 id, lost;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	u64 lost;
};

struct perf_record_header_attr {
	struct perf_event_header header;
	/* attr (attr.size bytes) then u64 id[] */
	u64 data[];
};

struct perf_record_header_feature {
	struct perf_event_header header;
	u64 feat_id;
	char data[];
};

struct perf_record_compressed2 {
	struct perf_event_header header;
	u64 data_size;
	char data[];
};

union perf_event {
	struct perf_event_header header;
	struct perf_record_mmap mmap;
	struct perf_record_mmap2 mmap2;
	struct perf_record_comm comm;
	struct perf_record_fork fork;
	struct perf_record_lost lost;
	struct perf_record_lost_samples lost_samples;
	struct perf_record_header_attr attr;
	struct perf_record_header_feature feat;
	struct perf_record_compressed2 pack2;
	u64 u64s[1];	/* header then body, as u64 words */
};

/* ---- parsed samples ---- */

struct branch_entry {
	u64 from, to, flags;
};

struct sample_regs {
	u64 abi;		/* 0 none, 1 = 32-bit, 2 = 64-bit */
	u64 mask;
	u32 nr;
	const u64 *regs;
};

struct sample_read_value {
	u64 value, id, lost;
};

struct sample_read {
	u64 time_enabled, time_running;
	u64 nr;				/* 1 unless PERF_FORMAT_GROUP */
	struct sample_read_value one;	/* non-group */
	const u64 *group;		/* group: nr entries of group_stride u64 */
	u32 group_stride;
};

/*
 * One SAMPLE, or the sample_id_all trailer of another record. Fields not
 * in sample_type keep perf's defaults: pid/tid/cpu = -1, time/id/stream_id
 * = -1ULL, period = attr.sample_period. Pointers point into the record.
 */
struct perf_sample {
	u64 ip;
	u32 pid, tid;
	u64 time;
	u64 addr;
	u64 id;
	u64 stream_id;
	u32 cpu;
	u64 period;
	struct sample_read read;
	u64 callchain_nr;
	const u64 *callchain;
	u32 raw_size;
	const void *raw_data;
	u64 branch_nr;
	u64 branch_hw_idx;		/* -1ULL if not sampled */
	const struct branch_entry *branch;
	const u64 *branch_counters;
	struct sample_regs user_regs;
	u64 user_stack_size, user_stack_dyn_size;
	const void *user_stack;
	u64 weight;
	u16 ins_lat, p_stage_cyc;	/* WEIGHT_STRUCT var2/var3 */
	u64 data_src;
	u64 transaction;
	struct sample_regs intr_regs;
	u64 phys_addr;
	u64 cgroup;
	u64 data_page_size, code_page_size;
	u64 aux_size;
	const void *aux_data;
	u16 misc;
	u8 cpumode;
	struct session_evsel *evsel;	/* event the record belongs to */
};

#endif /* PROF_EVENT_H */
