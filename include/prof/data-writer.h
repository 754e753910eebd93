/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * data-writer.h: writing perf.data as perf 6.1 writes it (file or pipe
 * mode), the machine facts that go into its header features, and encoders
 * for the records perf synthesizes (COMM, MMAP2, FORK, the kernel map,
 * FINISHED_ROUND, samples) with correctly sized sample_id_all trailers.
 *
 * File mode layout: header(104) | id arrays | attrs (128 + 16 each) |
 * data | feature table | feature bodies. The header is written with
 * data.size = 0 at start and rewritten at close (data.size, feature bits).
 * Pipe mode: pipe header, HEADER_ATTR per event, HEADER_FEATURE per
 * feature set before start, the end marker (feat_id 32), then the data.
 *
 * Errors: functions return 0 or -errno; after a write error every later
 * call returns the same error (a full disk must not look like success).
 */
#ifndef PROF_DATA_WRITER_H
#define PROF_DATA_WRITER_H

#include "compat.h"
#include "perf-data.h"

struct strbuf;
struct perf_data_writer;
struct perf_sample;

/* Create @path (truncating it; "-" = standard output, forcing pipe mode). */
int perf_data_writer__open(struct perf_data_writer **wp, const char *path, bool pipe);
/* Write to @fd (not closed by the writer); pipe mode if @pipe or not seekable. */
int perf_data_writer__open_fd(struct perf_data_writer **wp, int fd, bool pipe);

/* Before start: an event with its sample ids. The attr is written with
 * size 128; @name goes into EVENT_DESC. */
int perf_data_writer__add_event(struct perf_data_writer *w, const struct perf_event_attr *attr,
				const char *name, const u64 *ids, u32 nr_ids);
/* Set feature @feat's body (replaces an earlier one). File mode: any time
 * before close; pipe mode: before start. */
void perf_data_writer__set_feature(struct perf_data_writer *w, int feat,
				   const void *body, size_t size);
void perf_data_writer__set_string(struct perf_data_writer *w, int feat, const char *s);
void perf_data_writer__set_cmdline(struct perf_data_writer *w, int argc, const char *const *argv);
void perf_data_writer__set_sample_time(struct perf_data_writer *w, u64 first, u64 last);
/* BUILD_ID from (pid, cpumode misc, build-id, path) entries. */
struct writer_build_id {
	s32 pid;
	u16 misc;
	u8 size;
	u8 build_id[20];
	const char *filename;
};
void perf_data_writer__set_build_ids(struct perf_data_writer *w,
				     const struct writer_build_id *ids, size_t nr);
/* CLOCKID (resolution of @clockid) and CLOCK_DATA (a tod/clockid pair). */
void perf_data_writer__set_clock(struct perf_data_writer *w, int clockid);

/* Write the header part (file: placeholders; pipe: attrs + features). */
int perf_data_writer__start(struct perf_data_writer *w);
/*
 * Pipe mode with no event added: only the pipe header, for a copy of a
 * stream whose own header records (attrs, features) follow as data.
 * -EINVAL otherwise.
 */
int perf_data_writer__start_copy(struct perf_data_writer *w);
/* Append raw record bytes to the data section (buffered). */
int perf_data_writer__write(struct perf_data_writer *w, const void *buf, size_t len);
/* Write out what is buffered (a stream's reader sees it now). 0 or -errno. */
int perf_data_writer__flush(struct perf_data_writer *w);
/*
 * File mode, after start: write the buffered data asynchronously
 * (aio_write), with up to @nr writes in flight, each from its own
 * buffer (perf's --aio). 0, or -EINVAL for a pipe.
 */
int perf_data_writer__set_aio(struct perf_data_writer *w, int nr);
/* Bytes of data written so far. */
u64 perf_data_writer__data_size(const struct perf_data_writer *w);
bool perf_data_writer__is_pipe(const struct perf_data_writer *w);
/*
 * Finish: file mode writes EVENT_DESC, the feature table and bodies after
 * the data and rewrites the header; pipe mode flushes. Frees @w in any case.
 */
int perf_data_writer__close(struct perf_data_writer *w);
/* Abandon (no header rewrite); frees @w. NULL is a no-op. */
void perf_data_writer__delete(struct perf_data_writer *w);

/* ---- machine facts for the header ---- */

struct machine_info {
	char *hostname, *osrelease, *arch, *cpudesc, *cpuid;
	u32 nr_cpus_avail, nr_cpus_online;
	u64 total_mem_kb;
	u32 nr_sockets, nr_threads, nr_dies;
	char **socket_siblings, **thread_siblings, **die_siblings;
	struct { s32 core_id, socket_id, die_id; } *cpu;	/* nr_cpus_avail */
	bool has_dies;
};

/* Read uname, /proc/cpuinfo, /proc/meminfo, sysfs topology. Missing
 * pieces stay empty; returns 0 (or -errno if uname fails). */
int machine_info__gather(struct machine_info *mi);
void machine_info__exit(struct machine_info *mi);
/* HOSTNAME, OSRELEASE, VERSION (@version), ARCH, NRCPUS, CPUDESC, CPUID,
 * TOTAL_MEM and CPU_TOPOLOGY from @mi. */
void perf_data_writer__set_machine(struct perf_data_writer *w, const struct machine_info *mi,
				   const char *version);
/* _text and _etext from /proc/kallsyms (0 if hidden); returns 0 or -errno. */
int machine_info__kernel_text(u64 *text, u64 *etext);

/* ---- synthesized records: appended to @sb, trailer of @id_hdr_size zero bytes ---- */

void synth__comm(struct strbuf *sb, u32 pid, u32 tid, const char *comm, bool exec,
		 u32 id_hdr_size);
struct synth_mmap2 {
	u16 misc;		/* cpumode (+ MMAP_DATA); BUILD_ID bit set for you */
	u32 pid, tid;
	u64 start, len, pgoff;
	u32 maj, min;
	u64 ino, ino_generation;
	u32 prot, flags;
	const u8 *build_id;	/* NULL: dev/inode form */
	u8 build_id_size;
	const char *filename;
};
void synth__mmap2(struct strbuf *sb, const struct synth_mmap2 *m, u32 id_hdr_size);
void synth__mmap(struct strbuf *sb, u16 misc, u32 pid, u32 tid, u64 start, u64 len,
		 u64 pgoff, const char *filename, u32 id_hdr_size);
/* [kernel.kallsyms]_text: pid -1, misc KERNEL, start=_text, len=_etext-_text. */
void synth__kernel_mmap(struct strbuf *sb, u64 text, u64 etext, u32 id_hdr_size);
void synth__fork(struct strbuf *sb, u32 pid, u32 ppid, u32 tid, u32 ptid, u64 time,
		 bool exec, u32 id_hdr_size);
void synth__exit(struct strbuf *sb, u32 pid, u32 ppid, u32 tid, u32 ptid, u64 time,
		 u32 id_hdr_size);
void synth__finished_round(struct strbuf *sb);
/* CGROUP: a cgroup's id (its file handle) and path under the cgroupfs. */
void synth__cgroup(struct strbuf *sb, u64 id, const char *path, u32 id_hdr_size);
/* NAMESPACES: @nr links (dev, ino pairs) in perf's order (net, uts, ipc,
 * pid, user, mnt, cgroup). */
void synth__namespaces(struct strbuf *sb, u32 pid, u32 tid, const u64 (*links)[2], u32 nr,
		       u32 id_hdr_size);
/*
 * A SAMPLE for @attr's sample_type from @s (IDENTIFIER, IP, TID, TIME,
 * ADDR, ID, STREAM_ID, CPU, PERIOD, CALLCHAIN, RAW, WEIGHT, DATA_SRC,
 * PHYS_ADDR, CGROUP, page sizes, REGS_USER, STACK_USER). Returns -EINVAL
 * for bits it cannot encode.
 */
int synth__sample(struct strbuf *sb, const struct perf_event_attr *attr,
		  const struct perf_sample *s);

#endif /* PROF_DATA_WRITER_H */
