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
#include "event.h"
#include "perf-data.h"
#include "header.h"
#include "tool.h"

/* ---- events of the file ---- */

struct tep_event;
struct tep_handle;

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

/*
 * File mode: @size bytes of the file at @offset as they are on disk (a
 * feature body to copy), or NULL when out of the file or a stream.
 */
const void *session__file_bytes(const struct session *s, u64 offset, u64 size);

/* The last error: "<file>: offset 0x<off>: <what>" ("" if none). */
const char *session__strerror(const struct session *s);

/* Accessors. */
const char *session__path(const struct session *s);
bool session__is_pipe(const struct session *s);
bool session__needs_swap(const struct session *s);
/*
 * On a terminal, while session__process_events reads a large file (32
 * MB and up), "VERB FILE: N%" on stderr, cleared at the end. Not for
 * pipes and streams (their size is unknown).
 */
void session__show_progress(struct session *s, const char *verb);
/*
 * Bytes of a file's data section that lie past the end of the file (0:
 * none); *file_end is where the file ends.
 */
u64 session__data_missing(const struct session *s, u64 *file_end);
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

/*
 * -C/--cpu of report and diff (perf's perf_session__cpu_bitmap): the CPUs
 * of @list as a new array of flags indexed by CPU (*@nr of them: the
 * recording machine's CPUs). Every kind of event must sample its CPU.
 * Returns 0, or -1 after perf's words for what is wrong.
 */
int session__cpu_bitmap(struct session *s, const char *list, bool **bitmap, int *nr);
/* The tracing data's formats (file feature or stream record), or NULL. */
struct tep_handle *session__tep(const struct session *s);

#endif /* PROF_SESSION_H */
