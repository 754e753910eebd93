/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * session.h: reading a perf.data file or pipe stream and handing every
 * record to a struct tool; the events it describes; the --stats counts.
 *
 * Lifecycle: session__open() reads the header (file mode: header, attrs,
 * ids, feature sections; pipe mode: the 16-byte pipe header only, the rest
 * arrives as records), session__process_events() walks the records,
 * session__delete() frees everything. Records handed to callbacks are
 * aligned and in native byte order. Errors: functions return -errno
 * (-EINVAL for malformed input) and leave a one-line message
 * "<file>: offset 0x<off>: <what is wrong>" in session__strerror().
 */
#ifndef PROF_SESSION_H
#define PROF_SESSION_H

#include "compat.h"
#include "perf-data.h"
#include "header.h"
#include "tool.h"

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

struct tep_event;
struct tep_handle;

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

/* ---- events of the file ---- */

struct session_evsel {
	int idx;
	struct perf_event_attr attr;	/* our size; attr.size = on-disk size if <= ours */
	u32 disk_attr_size;		/* size the writer used (64 .. 4096) */
	u64 config3;			/* VER8 field, if present */
	u32 nr_ids;
	u64 *ids;
	char *desc_name;		/* file-mode EVENT_DESC name, or NULL */
	char *update_name;		/* EVENT_UPDATE NAME / stream EVENT_DESC */
	char *auto_name;		/* derived from the attr (cached) */
	char *tp_name;			/* "sys:name" from the tracing data */
	struct tep_event *tp_format;	/* its format, borrowed from the session */
	char *unit;			/* EVENT_UPDATE UNIT */
	double scale;			/* EVENT_UPDATE SCALE (0 = none) */
	u32 sample_size;		/* fixed u64 part of a SAMPLE, bytes */
	int id_pos, is_pos;		/* perf's positions of the id (u64 index) */
	u32 id_hdr_size;		/* sample_id_all trailer bytes */
	/* per-event stats as perf report --stats counts them */
	u64 nr_samples;
	u64 nr_lost_samples;
};

/* --stats counts: nr_events[0] is the total, [type] per record type. */
struct session_stats {
	u64 nr_events[PERF_RECORD_TYPE_MAX];
	u64 nr_unknown_events;		/* type >= PERF_RECORD_TYPE_MAX */
	u64 nr_unknown_id;		/* samples with an id no event has */
	u64 nr_unordered_events;
	u64 nr_invalid_trailers;	/* record shorter than its trailer */
	u64 total_lost;			/* sum of LOST.lost */
	u64 total_lost_samples;
	u64 nr_decompressed;		/* records that came out of COMPRESSED */
};

struct ordered_events;
struct session;

/*
 * Open @path ("-" = standard input) and read its header. Returns 0 and a
 * new session in *sp, or -errno with the message in *errmsg (a new string
 * the caller frees; may be NULL if errmsg is NULL): perf's "failed to
 * open <path>: <why>" (a directory too); -ENODATA for an empty file;
 * -EPROTO when the input is no perf.data at all. Data errors say where:
 * "<path>: offset 0x0: not a perf.data file (bad magic)".
 */
int session__open(struct session **sp, const char *path, char **errmsg);
/*
 * session__open() for a user's -i: as perf, a file owned by someone else
 * than this user or root is refused (-EPERM, "File <path> not owned by
 * current user or root (use -f to override)") unless @force.
 */
int session__open_input(struct session **sp, const char *path, bool force, char **errmsg);
/*
 * Say why session__open() of @path failed, as perf says it: @errmsg,
 * except perf's "zero-sized data (<path>), nothing to do!" for -ENODATA
 * and "incompatible file format (rerun with -v to learn more)" for
 * -EPROTO, @errmsg then shown at -v.
 */
void session__open_error(int err, const char *path, const char *errmsg);
/* The same on an open fd (a pipe or a file); @name is for messages. The
 * session owns @fd from now on (closes it in delete). */
int session__open_fd(struct session **sp, int fd, const char *name, char **errmsg);
void session__delete(struct session *s);	/* NULL is a no-op */

/*
 * Walk every record and deliver it to @tool (ordered if tool->ordered_events).
 * Returns 0 at the end of the data, the first negative callback return, or
 * -EINVAL (malformed input; see session__strerror()).
 */
int session__process_events(struct session *s, const struct tool *tool);

/* The last error: "<file>: offset 0x<off>: <what>" ("" if none). */
const char *session__strerror(const struct session *s);

/* Accessors. */
const char *session__path(const struct session *s);
bool session__is_pipe(const struct session *s);
bool session__needs_swap(const struct session *s);
struct perf_header *session__header(struct session *s);
const struct perf_file_header *session__file_header(const struct session *s);
const struct session_stats *session__stats(const struct session *s);
int session__nr_evsels(const struct session *s);
struct session_evsel *session__evsel(struct session *s, int idx);
/* perf's evlist__id2evsel: id 0 or one event = the first; NULL if unknown. */
struct session_evsel *session__evsel_by_id(struct session *s, u64 id);
/* Has any attr sample_id_all? (perf looks at the first) */
bool session__sample_id_all(const struct session *s);
/* Ordered-events memory budget in bytes (default 64 MiB). */
void session__set_queue_budget(struct session *s, u64 bytes);
/* The current record's file offset (inside callbacks). */
u64 session__record_offset(const struct session *s);
void *session__tool_priv(const struct session *s);

/*
 * Parse @event (aligned, native order) into @sample using @evsel's layout.
 * Returns 0 or -EFAULT when the record is too short for its sample_type.
 */
int perf_sample__parse(struct perf_sample *sample, const struct session_evsel *evsel,
		       const union perf_event *event, bool swapped);
/*
 * The time perf_sample__parse would give @event, (u64)-1 when it has
 * none or the parse fails; fills nothing (cheaper: ordering only needs it).
 */
u64 perf_sample__time(const struct session_evsel *evsel, const union perf_event *event,
		      bool swapped);
/* Fixed-size SAMPLE prefix and trailer sizes for @sample_type. */
u32 sample_type__fixed_size(u64 sample_type);
u32 sample_type__id_hdr_size(u64 sample_type);
/* perf's id_pos (u64 index of the id in a SAMPLE body) and is_pos. */
int sample_type__id_pos(u64 sample_type);
int sample_type__is_pos(u64 sample_type);

/*
 * Byte-swap a record in place whose header is already native; @id_hdr_size
 * is the sample_id_all trailer size (0 if none). Unknown types keep their
 * bodies as they are.
 */
void perf_event__swap(union perf_event *event, u32 id_hdr_size);

/* Default name perf derives from an attr ("cycles", "cpu-clock:u", ...). */
char *perf_attr__default_name(const struct perf_event_attr *attr);
/* The event's name: EVENT_UPDATE/stream name, else EVENT_DESC, else derived. */
const char *session_evsel__name(struct session_evsel *evsel);
/*
 * The name perf 6.1 report --stats prints: it ignores names that arrive as
 * records (its stats tool does not process them), so EVENT_DESC or derived.
 */
const char *session_evsel__stats_name(struct session_evsel *evsel);
/* Does the data have the AUXTRACE feature (stats print a note then)? */
bool session__has_auxtrace(const struct session *s);
/* Whether there are events and all are tracepoints (perf's tracepoint sort mode). */
bool session__all_tracepoints(const struct session *s);
/* The tracing data's formats (file feature or stream record), or NULL. */
struct tep_handle *session__tep(const struct session *s);

#endif /* PROF_SESSION_H */
