// SPDX-License-Identifier: GPL-2.0-only
/*
 * session.c: reading perf.data files and pipe streams.
 *
 * A file is mapped read-only for its header, attrs and feature sections;
 * its data section is read with pread(2) in large chunks into buffers
 * that are reused (walk_file: cheaper than faulting the mapping in, page
 * by page). A stream (a pipe, or standard input) is read record by
 * record into a buffer. Every size and
 * offset is checked against the end of its container before use (see
 * Documentation/technical/perf-data-format.md, "hostile input"). Records
 * are copied into aligned memory (and swapped) before anyone looks at
 * their fields.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/util.h"
#include "ordered-events.h"
#include "readahead.h"
#include "prof/trace-event.h"
#include "prof/cpumap.h"
#include <byteswap.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#define DEFAULT_QUEUE_BUDGET	(64ULL << 20)
#define MAX_PAYLOAD		(1ULL << 30)	/* TRACING_DATA/AUXTRACE in a stream */
#define DECOMP_WINDOW		(1u << 20)
#define DECOMP_WINDOW_MAX	(64u << 20)
/* the data section is read this much at a time (PROF_READ_CHUNK: other sizes, for tests) */
#define READ_CHUNK		(256u << 10)
/* room in front of a chunk read ahead for the record straddling the last one's end */
#define RA_HEAD			(64u << 10)
#define MAX_IDS_PER_EVENT	(1u << 24)	/* one per cpu x thread: plenty */
/* perf -z reaches ~100x on real data; a zstd bomb reaches 30000x */
#define MAX_ZSTD_RATIO		2048u

struct id_slot {
	u64 id;
	int idx;	/* evsel index + 1; 0 = empty */
	u64 period;	/* last PERF_SAMPLE_READ value seen for this id */
};

struct session {
	char *path;
	int fd;
	bool stream;		/* read(2) record by record */
	const u8 *map;
	size_t map_len;

	bool pipe;		/* pipe-format data (16-byte header) */
	bool swap;
	struct perf_file_header fh;
	struct perf_header header;

	struct session_evsel **evsels;
	int nr_evsels;
	size_t evsels_alloc;
	struct id_slot *ids;
	size_t ids_mask;	/* table size - 1, or 0 when no table */
	size_t nr_ids;

	struct session_stats stats;
	const struct tool *tool;
	struct ordered_events oe;
	u64 queue_budget;

	u64 cur_offset;		/* file offset of the record being handled */
	/* session__show_progress: "VERB FILE: N%" on a terminal */
	const char *progress_verb;
	u64 progress_seen;
	int progress_pct;
	u64 data_start, data_end;
	u64 data_missing;	/* bytes of the data section past the end of the file */
	bool in_decomp;
	bool features_done;
	bool auxtrace;
	bool aux_skipped;	/* said once: AUX area trace data not decoded */
	struct tep_handle *tep;	/* formats from the tracing data */

	u8 *scratch;		/* aligned copy of the current record */
	size_t scratch_alloc;
	u8 *bounded;		/* a record whose name was cut (bound_record) */
	size_t bounded_alloc;
	bool warned_cut;
	u8 *sbuf;		/* stream read buffer */
	size_t sbuf_alloc;
	struct oe_buf *rbuf;	/* walk_file: the buffer being read */
	struct readahead *ra;	/* walk_file: the helper reading the next chunks, if any */
	size_t ra_head;		/* where in a buffer the helper's chunk begins */

#ifdef HAVE_ZSTD
	ZSTD_DCtx *zstd;
#endif
	u8 *dbuf;		/* decompressed bytes not yet consumed */
	size_t dlen, dalloc;
	u64 comp_in, comp_out;	/* compressed bytes read, decompressed bytes made */

	char err[512];
	bool incompatible;	/* no perf.data header: open fails with -EPROTO */
};

/* ---------------------------------------------------------------- errors */

static int __printf(3, 4) serr(struct session *s, u64 offset, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(s->err, sizeof(s->err), "%s: offset 0x%" PRIx64 ": %s",
		 s->path, offset, what);
	return -EINVAL;
}

/* Not perf.data at all (session__open's -EPROTO). */
static int __printf(3, 4) incompatible(struct session *s, u64 offset, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	s->incompatible = true;
	return serr(s, offset, "%s", what);
}

const char *session__strerror(const struct session *s)
{
	return s->err;
}

/* ---------------------------------------------------------------- evsels */

static void id_table_insert(struct session *s, u64 id, int idx)
{
	size_t i;

	if (!s->ids_mask || (s->nr_ids + 1) * 2 > s->ids_mask + 1) {
		size_t n = s->ids_mask ? (s->ids_mask + 1) * 2 : 64;
		struct id_slot *old = s->ids;
		size_t old_n = s->ids_mask ? s->ids_mask + 1 : 0;

		s->ids = xcalloc(n, sizeof(*s->ids));
		s->ids_mask = n - 1;
		s->nr_ids = 0;
		for (i = 0; i < old_n; i++)
			if (old[i].idx)
				id_table_insert(s, old[i].id, old[i].idx - 1);
		free(old);
	}
	i = (size_t)(id * 0x9e3779b97f4a7c15ULL >> 7) & s->ids_mask;
	while (s->ids[i].idx) {
		if (s->ids[i].id == id)
			return;		/* first owner keeps it */
		i = (i + 1) & s->ids_mask;
	}
	s->ids[i].id = id;
	s->ids[i].idx = idx + 1;
	s->nr_ids++;
}

static struct id_slot *id_table_slot(struct session *s, u64 id)
{
	size_t i;

	if (!s->ids_mask)
		return NULL;
	i = (size_t)(id * 0x9e3779b97f4a7c15ULL >> 7) & s->ids_mask;
	while (s->ids[i].idx) {
		if (s->ids[i].id == id)
			return &s->ids[i];
		i = (i + 1) & s->ids_mask;
	}
	return NULL;
}

static struct session_evsel *id_table_find(struct session *s, u64 id)
{
	struct id_slot *slot = id_table_slot(s, id);

	return slot ? s->evsels[slot->idx - 1] : NULL;
}

static void evsel__add_id(struct session *s, struct session_evsel *e, u64 id)
{
	/* capacity is the next power of two: grow when nr_ids reaches one */
	if (!e->nr_ids || !(e->nr_ids & (e->nr_ids - 1)))
		e->ids = xrealloc(e->ids, (e->nr_ids ? e->nr_ids * 2 : 1) * sizeof(u64));
	e->ids[e->nr_ids++] = id;
	id_table_insert(s, id, e->idx);
}

/* A new event from an on-disk attr of @disk_size bytes (already swapped). */
static struct session_evsel *session__add_evsel(struct session *s, const void *disk,
						 size_t disk_size)
{
	struct session_evsel *e = xzalloc(sizeof(*e));
	u64 t;

	perf_event_attr__from_disk(&e->attr, &e->config3, disk, disk_size);
	e->disk_attr_size = (u32)disk_size;
	t = e->attr.sample_type;
	e->sample_size = sample_type__fixed_size(t);
	e->id_pos = sample_type__id_pos(t);
	e->is_pos = sample_type__is_pos(t);
	e->id_hdr_size = e->attr.sample_id_all ? sample_type__id_hdr_size(t) : 0;
	e->idx = s->nr_evsels;
	s->evsels = xgrow(s->evsels, sizeof(*s->evsels), (size_t)s->nr_evsels + 1,
			  &s->evsels_alloc);
	s->evsels[s->nr_evsels++] = e;
	return e;
}

struct session_evsel *session__evsel_by_id(struct session *s, u64 id)
{
	if (!s->nr_evsels)
		return NULL;
	if (s->nr_evsels == 1 || !id)
		return s->evsels[0];
	return id_table_find(s, id);
}

/* perf's evlist__event2evsel(): NULL when the record names no known event. */
static struct session_evsel *event2evsel(struct session *s, const union perf_event *ev)
{
	struct session_evsel *first;
	size_t n;
	u64 id;

	if (!s->nr_evsels)
		return NULL;
	first = s->evsels[0];
	if (s->nr_evsels == 1)
		return first;
	if (!first->attr.sample_id_all && ev->header.type != PERF_RECORD_SAMPLE)
		return first;
	n = (ev->header.size - sizeof(ev->header)) / 8;
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		if (first->id_pos < 0 || (size_t)first->id_pos >= n)
			return first->id_pos < 0 ? first : NULL;
		id = ev->u64s[1 + first->id_pos];
	} else {
		if (first->is_pos < 0)
			return first;
		if ((size_t)first->is_pos > n)
			return NULL;
		id = ev->u64s[1 + n - first->is_pos];
	}
	if (!id)
		return first;
	return id_table_find(s, id);
}

/* ---------------------------------------------------------------- accessors */

const char *session__path(const struct session *s) { return s->path; }
bool session__is_pipe(const struct session *s) { return s->pipe; }
bool session__needs_swap(const struct session *s) { return s->swap; }
u64 session__data_missing(const struct session *s, u64 *file_end)
{
	*file_end = s->map_len;
	return s->data_missing;
}
struct perf_header *session__header(struct session *s) { return &s->header; }
const struct perf_file_header *session__file_header(const struct session *s) { return &s->fh; }
const struct session_stats *session__stats(const struct session *s) { return &s->stats; }
int session__nr_evsels(const struct session *s) { return s->nr_evsels; }
u64 session__record_offset(const struct session *s) { return s->cur_offset; }
void *session__tool_priv(const struct session *s) { return s->tool ? s->tool->priv : NULL; }
void session__set_queue_budget(struct session *s, u64 bytes) { s->queue_budget = bytes; }

struct session_evsel *session__evsel(struct session *s, int idx)
{
	return idx >= 0 && idx < s->nr_evsels ? s->evsels[idx] : NULL;
}

bool session__sample_id_all(const struct session *s)
{
	return s->nr_evsels && s->evsels[0]->attr.sample_id_all;
}

bool session__has_auxtrace(const struct session *s)
{
	return s->auxtrace;
}

/* ---------------------------------------------------------------- header */

static u64 sw64(const struct session *s, u64 v) { return s->swap ? bswap_64(v) : v; }
static u32 sw32(const struct session *s, u32 v) { return s->swap ? bswap_32(v) : v; }

/* Does [off, off+len) lie inside the mapped file? */
static bool in_file(const struct session *s, u64 off, u64 len)
{
	return off <= s->map_len && len <= s->map_len - off;
}

const void *session__file_bytes(const struct session *s, u64 offset, u64 size)
{
	if (s->pipe || !s->map || !in_file(s, offset, size))
		return NULL;
	return s->map + offset;
}

static void fix_feature_bitmap(struct session *s, const u64 *raw)
{
	u64 *bm = s->fh.adds_features;

	if (!s->swap) {
		memcpy(bm, raw, sizeof(s->fh.adds_features));
		return;
	}
	for (int i = 0; i < 4; i++)
		bm[i] = bswap_64(raw[i]);
	if (feat_bit_test(bm, HEADER_HOSTNAME))
		return;
	/* a 32-bit writer: the bitmap is an array of u32 */
	{
		u32 w[8];

		memcpy(w, raw, sizeof(w));
		for (int i = 0; i < 8; i++)
			w[i] = bswap_32(w[i]);
		memcpy(bm, w, sizeof(w));
	}
	if (!feat_bit_test(bm, HEADER_HOSTNAME)) {
		memset(bm, 0, sizeof(s->fh.adds_features));
		feat_bit_set(bm, HEADER_BUILD_ID);
	}
}

static int read_attrs(struct session *s)
{
	u64 attr_size = s->fh.attr_size, nr, pos;

	if (!s->fh.attrs.size)
		return 0;
	if (attr_size < PERF_ATTR_SIZE_VER0 + 16)
		return serr(s, 16, "attr_size %" PRIu64 " is too small", attr_size);
	if (!in_file(s, s->fh.attrs.offset, s->fh.attrs.size))
		return serr(s, 24, "attr section [%#" PRIx64 ", +%#" PRIx64 "] is outside the file",
			    s->fh.attrs.offset, s->fh.attrs.size);
	nr = s->fh.attrs.size / attr_size;
	pos = s->fh.attrs.offset;
	for (u64 i = 0; i < nr; i++) {
		u8 buf[PROF_ATTR_SIZE_MAX];
		struct perf_file_section ids;
		struct session_evsel *e;
		u32 asz;

		if (!in_file(s, pos, PERF_ATTR_SIZE_VER0))
			return serr(s, pos, "attr %" PRIu64 " is truncated", i);
		memcpy(&asz, s->map + pos + 4, 4);
		asz = sw32(s, asz);
		if (!asz)
			asz = PERF_ATTR_SIZE_VER0;
		if (asz < PERF_ATTR_SIZE_VER0 || asz > PROF_ATTR_SIZE_MAX || asz % 8)
			return serr(s, pos + 4, "attr %" PRIu64 " has a bad size %u", i, asz);
		if (!in_file(s, pos, (u64)asz + 16))
			return serr(s, pos, "attr %" PRIu64 " is truncated", i);
		memcpy(buf, s->map + pos, asz);
		memcpy(&ids, s->map + pos + asz, sizeof(ids));
		if (s->swap) {
			perf_event_attr__swap(buf, asz);
			ids.offset = bswap_64(ids.offset);
			ids.size = bswap_64(ids.size);
		}
		e = session__add_evsel(s, buf, asz);
		if (ids.size) {
			if (!in_file(s, ids.offset, ids.size))
				return serr(s, pos + asz, "ids of attr %" PRIu64 " are outside the file", i);
			if (ids.size / 8 > MAX_IDS_PER_EVENT)
				return serr(s, pos + asz, "attr %" PRIu64 " claims %" PRIu64 " ids", i,
					    ids.size / 8);
			for (u64 j = 0; j < ids.size / 8; j++) {
				u64 id;

				memcpy(&id, s->map + ids.offset + j * 8, 8);
				evsel__add_id(s, e, sw64(s, id));
			}
		}
		pos += (u64)asz + 16;
	}
	return 0;
}

static void apply_event_desc_names(struct session *s)
{
	/* perf 6.1 never got to EVENT_DESC if an earlier feature failed */
	if (s->header.perf61_stop_feat && s->header.perf61_stop_feat < HEADER_EVENT_DESC)
		return;
	for (u32 i = 0; i < s->header.nr_event_desc; i++) {
		struct header_event_desc *d = &s->header.event_desc[i];

		if (!d->attr_size_field)
			break;	/* perf stops at a zero attr.size */
		if (d->name && (int)i < s->nr_evsels && !s->evsels[i]->desc_name)
			s->evsels[i]->desc_name = xstrdup(d->name);
	}
}

/* In a stream the EVENT_DESC names are what the writer called the events. */
static void apply_stream_desc_names(struct session *s)
{
	for (u32 i = 0; i < s->header.nr_event_desc && (int)i < s->nr_evsels; i++) {
		struct header_event_desc *d = &s->header.event_desc[i];

		if (d->name && !s->evsels[i]->update_name)
			s->evsels[i]->update_name = xstrdup(d->name);
	}
}

/*
 * perf reads the tracing data when it meets it and names each tracepoint
 * event "sys:name" from the format whose id is the event's config.
 */
static void read_tracing_data(struct session *s, const void *buf, size_t len, u64 off)
{
	struct tep_handle *tep;
	int err = trace_event__read(buf, len, &tep, NULL);

	if (err) {
		if (err != -ENOTSUP)
			pr_debug(1, "%s: offset 0x%" PRIx64 ": tracing data: %s\n", s->path, off,
				 strerror(-err));
		return;
	}
	trace_event__free(s->tep);
	s->tep = tep;
	for (int i = 0; i < s->nr_evsels; i++) {
		struct session_evsel *e = s->evsels[i];

		if (e->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		e->tp_format = trace_event__find(tep, e->attr.config);
		free(e->tp_name);
		e->tp_name = e->tp_format ? trace_event__name(e->tp_format) : NULL;
	}
}

bool session__all_tracepoints(const struct session *s)
{
	for (int i = 0; i < s->nr_evsels; i++)
		if (s->evsels[i]->attr.type != PERF_TYPE_TRACEPOINT)
			return false;
	return s->nr_evsels > 0;
}

struct tep_handle *session__tep(const struct session *s)
{
	return s->tep;
}

static void read_features(struct session *s)
{
	u64 feat_off = s->fh.data.offset + s->fh.data.size;
	int nr = 0, sec = 0;

	for (int i = 0; i < 4; i++)
		nr += popcount64(s->fh.adds_features[i]);
	memcpy(s->header.feat_bitmap, s->fh.adds_features, sizeof(s->header.feat_bitmap));
	if (!nr)
		return;
	if (feat_off < s->fh.data.offset || !in_file(s, feat_off, (u64)nr * 16)) {
		warning("%s: feature table at %#" PRIx64 " is outside the file; no header features",
			s->path, feat_off);
		return;
	}
	for (int feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		struct perf_file_section fs;
		const char *why;

		if (!feat_bit_test(s->fh.adds_features, feat))
			continue;
		memcpy(&fs, s->map + feat_off + (u64)sec * 16, sizeof(fs));
		sec++;
		fs.offset = sw64(s, fs.offset);
		fs.size = sw64(s, fs.size);
		if (feat >= HEADER_FEAT_KNOWN)
			continue;
		s->header.feat_sec[feat] = fs;
		if (!in_file(s, fs.offset, fs.size)) {
			pr_debug(1, "%s: feature %s section is outside the file\n", s->path,
				 perf_feature__lname(feat));
			continue;
		}
		if (perf_header__process_feature(&s->header, feat, s->map + fs.offset,
						 fs.size, &why) && !s->header.perf61_stop_feat)
			s->header.perf61_stop_feat = feat;
		if (why)
			pr_debug(1, "%s: offset 0x%" PRIx64 ": feature %s: %s\n", s->path,
				 fs.offset, perf_feature__lname(feat), why);
	}
	apply_event_desc_names(s);
	if (feat_bit_test(s->fh.adds_features, HEADER_TRACING_DATA) &&
	    s->header.feat_sec[HEADER_TRACING_DATA].size &&
	    in_file(s, s->header.feat_sec[HEADER_TRACING_DATA].offset,
		    s->header.feat_sec[HEADER_TRACING_DATA].size))
		read_tracing_data(s, s->map + s->header.feat_sec[HEADER_TRACING_DATA].offset,
				  s->header.feat_sec[HEADER_TRACING_DATA].size,
				  s->header.feat_sec[HEADER_TRACING_DATA].offset);
}

static int read_file_header(struct session *s)
{
	struct perf_file_header raw;
	u64 magic, hsize;
	bool v1 = false;

	if (s->map_len < 16)
		return incompatible(s, 0, "file is too small for a perf.data header (%zu bytes)",
				    s->map_len);
	memcpy(&magic, s->map, 8);
	memcpy(&hsize, s->map + 8, 8);
	if (magic == PERF_MAGIC2) {
		s->swap = false;
	} else if (magic == PERF_MAGIC2_SWAPPED) {
		s->swap = true;
	} else if (magic == PERF_MAGIC1) {
		v1 = true;
	} else {
		return incompatible(s, 0, "not a perf.data file (bad magic)");
	}
	if (!v1 && sw64(s, hsize) == PERF_PIPE_HEADER_SIZE) {
		s->pipe = true;
		s->header.pipe = true;
		s->header.needs_swap = s->swap;
		s->data_start = PERF_PIPE_HEADER_SIZE;
		s->data_end = s->map_len;
		return 0;
	}
	if (v1) {
		/* legacy magic: the attr size tells the byte order */
		static const u64 abi[] = { 80, 88, 96, 112, 0 };
		u64 asz;
		int i;

		if (s->map_len < PERF_FILE_HEADER_SIZE_V0)
			return incompatible(s, 0, "legacy header is truncated");
		memcpy(&asz, s->map + 16, 8);
		for (i = 0; abi[i]; i++) {
			if (asz == abi[i])
				break;
			if (bswap_64(asz) == abi[i]) {
				s->swap = true;
				break;
			}
		}
		if (!abi[i])
			return incompatible(s, 16, "legacy header with unknown attr size");
	}
	hsize = sw64(s, hsize);
	if (hsize != PERF_FILE_HEADER_SIZE && hsize != PERF_FILE_HEADER_SIZE_V0)
		return incompatible(s, 8, "unsupported header size %" PRIu64, hsize);
	if (s->map_len < hsize)
		return incompatible(s, 0, "header is truncated");
	memset(&raw, 0, sizeof(raw));
	memcpy(&raw, s->map, hsize);
	s->fh.magic = PERF_MAGIC2;
	s->fh.size = hsize;
	s->fh.attr_size = sw64(s, raw.attr_size);
	s->fh.attrs.offset = sw64(s, raw.attrs.offset);
	s->fh.attrs.size = sw64(s, raw.attrs.size);
	s->fh.data.offset = sw64(s, raw.data.offset);
	s->fh.data.size = sw64(s, raw.data.size);
	s->fh.event_types.offset = sw64(s, raw.event_types.offset);
	s->fh.event_types.size = sw64(s, raw.event_types.size);
	if (hsize == PERF_FILE_HEADER_SIZE)
		fix_feature_bitmap(s, raw.adds_features);
	s->header.needs_swap = s->swap;

	if (!s->fh.attr_size)
		return serr(s, 16, "attr_size is 0");
	if (s->fh.data.offset < hsize || s->fh.data.offset > s->map_len)
		return serr(s, 40, "data offset 0x%" PRIx64 " is outside the file", s->fh.data.offset);
	if (s->fh.attrs.size && s->fh.attrs.offset < hsize)
		return serr(s, 24, "attr section overlaps the header");
	if (s->fh.attrs.size && s->fh.data.size &&
	    s->fh.attrs.offset < s->fh.data.offset + s->fh.data.size &&
	    s->fh.data.offset < s->fh.attrs.offset + s->fh.attrs.size)
		return serr(s, 24, "attr and data sections overlap");

	s->data_start = s->fh.data.offset;
	if (!s->fh.data.size) {
		warning("%s: the data size field is 0 which is unexpected; "
			"was the 'perf record' command properly terminated?", s->path);
		s->data_end = s->map_len;
	} else if (s->fh.data.size > s->map_len - s->fh.data.offset) {
		warning("%s: data section ends past the end of the file (truncated file?)",
			s->path);
		s->data_end = s->map_len;
		s->data_missing = s->fh.data.offset + s->fh.data.size - s->map_len;
	} else {
		s->data_end = s->fh.data.offset + s->fh.data.size;
	}
	if (read_attrs(s))
		return -EINVAL;
	read_features(s);
	if (feat_bit_test(s->header.feat_bitmap, HEADER_AUXTRACE))
		s->auxtrace = true;
	return 0;
}

/* ---------------------------------------------------------------- open */

static struct session *session__alloc(const char *name)
{
	struct session *s = xzalloc(sizeof(*s));

	s->path = xstrdup(name);
	s->fd = -1;
	s->queue_budget = DEFAULT_QUEUE_BUDGET;
	perf_header__init(&s->header);
	return s;
}

static int open_finish(struct session *s, struct session **sp, char **errmsg, int err)
{
	if (err) {
		if (s->incompatible)
			err = -EPROTO;
		if (errmsg)
			*errmsg = xstrdup(s->err[0] ? s->err : strerror(-err));
		session__delete(s);
		*sp = NULL;
		return err;
	}
	*sp = s;
	if (errmsg)
		*errmsg = NULL;
	return 0;
}

static int stream_read(struct session *s, void *buf, size_t n, size_t *got)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = read(s->fd, (u8 *)buf + done, n - done);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			break;
		done += (size_t)r;
	}
	*got = done;
	return 0;
}

int session__open_fd(struct session **sp, int fd, const char *name, char **errmsg)
{
	struct session *s = session__alloc(name);
	struct stat st;
	int err = 0;

	s->fd = fd;
	if (fstat(fd, &st) < 0) {
		err = -errno;
		snprintf(s->err, sizeof(s->err), "%s: %s", name, strerror(errno));
		return open_finish(s, sp, errmsg, err);
	}
	if (S_ISREG(st.st_mode)) {
		if (st.st_size == 0) {
			serr(s, 0, "file is empty");
			return open_finish(s, sp, errmsg, -ENODATA);
		}
		s->map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (s->map == MAP_FAILED) {
			s->map = NULL;
			err = -errno;
			snprintf(s->err, sizeof(s->err), "%s: cannot map the file: %s",
				 name, strerror(errno));
			return open_finish(s, sp, errmsg, err);
		}
		s->map_len = (size_t)st.st_size;
		return open_finish(s, sp, errmsg, read_file_header(s) ? -EINVAL : 0);
	}

	/* a stream: only pipe-format data can be read without seeking */
	{
		struct perf_pipe_file_header ph;
		size_t got;

		s->stream = true;
		err = stream_read(s, &ph, sizeof(ph), &got);
		if (err) {
			snprintf(s->err, sizeof(s->err), "%s: %s", name, strerror(-err));
			return open_finish(s, sp, errmsg, err);
		}
		if (got < sizeof(ph)) {
			serr(s, 0, "stream is too short for a perf.data header");
			return open_finish(s, sp, errmsg, -EINVAL);
		}
		if (ph.magic == PERF_MAGIC2_SWAPPED)
			s->swap = true;
		else if (ph.magic != PERF_MAGIC2) {
			incompatible(s, 0, "not a perf.data stream (bad magic)");
			return open_finish(s, sp, errmsg, -EINVAL);
		}
		if (sw64(s, ph.size) != PERF_PIPE_HEADER_SIZE) {
			serr(s, 8, "a file-mode header on a stream (header size %" PRIu64
			     "): use a file for this data", sw64(s, ph.size));
			return open_finish(s, sp, errmsg, -EINVAL);
		}
		s->pipe = true;
		s->header.pipe = true;
		s->header.needs_swap = s->swap;
		s->data_start = PERF_PIPE_HEADER_SIZE;
		s->data_end = (u64)-1;
	}
	return open_finish(s, sp, errmsg, 0);
}

int session__open(struct session **sp, const char *path, char **errmsg)
{
	struct stat st;
	int fd;

	if (!strcmp(path, "-"))
		return session__open_fd(sp, dup(STDIN_FILENO), "-", errmsg);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int err = -errno;

		if (errmsg)
			*errmsg = xasprintf("failed to open %s: %s", path, strerror(errno));
		*sp = NULL;
		return err;
	}
	if (!fstat(fd, &st) && S_ISDIR(st.st_mode)) {
		close(fd);
		if (errmsg)
			*errmsg = xasprintf("failed to open %s: %s", path, strerror(EISDIR));
		*sp = NULL;
		return -EISDIR;
	}
	return session__open_fd(sp, fd, path, errmsg);
}

int session__open_input(struct session **sp, const char *path, bool force, char **errmsg)
{
	struct stat st;

	if (!force && strcmp(path, "-") && !stat(path, &st) && S_ISREG(st.st_mode) &&
	    st.st_uid && st.st_uid != geteuid()) {
		if (errmsg)
			*errmsg = xasprintf("File %s not owned by current user or root "
					    "(use -f to override)", path);
		*sp = NULL;
		return -EPERM;
	}
	return session__open(sp, path, errmsg);
}

void session__open_error(int err, const char *path, const char *errmsg)
{
	if (err == -ENODATA) {
		error("zero-sized data (%s), nothing to do!", path);
		return;
	}
	if (err == -EPROTO) {
		if (errmsg)
			pr_debug(1, "%s", errmsg);
		error("incompatible file format (rerun with -v to learn more)");
		return;
	}
	/* perf's hint, for the default file only */
	if (err == -ENOENT && !strcmp(path, "perf.data")) {
		error("%s  (try 'prof record' first)", errmsg ? errmsg : strerror(-err));
		return;
	}
	error("%s", errmsg ? errmsg : strerror(-err));
}

void session__delete(struct session *s)
{
	if (!s)
		return;
	ordered_events__exit(&s->oe);
	for (int i = 0; i < s->nr_evsels; i++) {
		free(s->evsels[i]->ids);
		free(s->evsels[i]->desc_name);
		free(s->evsels[i]->update_name);
		free(s->evsels[i]->auto_name);
		free(s->evsels[i]->tp_name);
		free(s->evsels[i]->unit);
		free(s->evsels[i]);
	}
	free(s->evsels);
	free(s->ids);
	trace_event__free(s->tep);
	perf_header__exit(&s->header);
	if (s->map)
		munmap((void *)s->map, s->map_len);
	if (s->fd >= 0)
		close(s->fd);
#ifdef HAVE_ZSTD
	if (s->zstd)
		ZSTD_freeDCtx(s->zstd);
#endif
	free(s->dbuf);
	free(s->scratch);
	free(s->bounded);
	free(s->sbuf);
	free(s->path);
	free(s);
}

/* ---------------------------------------------------------------- delivery */

static int call_event(struct session *s, tool_event_fn fn, union perf_event *ev,
		      struct perf_sample *sample)
{
	return fn ? fn(s, ev, sample) : 0;
}

static tool_event_fn kernel_cb(const struct tool *t, u32 type)
{
	switch (type) {
	case PERF_RECORD_SAMPLE: return t->sample;
	case PERF_RECORD_MMAP: return t->mmap;
	case PERF_RECORD_MMAP2: return t->mmap2;
	case PERF_RECORD_COMM: return t->comm;
	case PERF_RECORD_FORK: return t->fork;
	case PERF_RECORD_EXIT: return t->exit;
	case PERF_RECORD_LOST: return t->lost;
	case PERF_RECORD_LOST_SAMPLES: return t->lost_samples;
	case PERF_RECORD_THROTTLE: return t->throttle;
	case PERF_RECORD_UNTHROTTLE: return t->unthrottle;
	case PERF_RECORD_READ: return t->read;
	case PERF_RECORD_AUX: return t->aux;
	case PERF_RECORD_ITRACE_START: return t->itrace_start;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE: return t->context_switch;
	case PERF_RECORD_NAMESPACES: return t->namespaces;
	case PERF_RECORD_KSYMBOL: return t->ksymbol;
	case PERF_RECORD_BPF_EVENT: return t->bpf_event;
	case PERF_RECORD_CGROUP: return t->cgroup;
	case PERF_RECORD_TEXT_POKE: return t->text_poke;
	case PERF_RECORD_AUX_OUTPUT_HW_ID: return t->aux_output_hw_id;
	case PERF_RECORD_CALLCHAIN_DEFERRED: return t->callchain_deferred;
	default: return NULL;
	}
}

/*
 * PERF_SAMPLE_READ: like perf, one delivery per counter value, to the event
 * owning its id, with the period the value grew by (none if it did not).
 */
static int deliver_one_value(struct session *s, union perf_event *ev,
			     struct perf_sample *sample, u64 id, u64 value)
{
	struct id_slot *slot = id_table_slot(s, id);
	struct session_evsel *e;

	if (!slot) {
		s->stats.nr_unknown_id++;
		return 0;
	}
	sample->id = id;
	sample->period = value - slot->period;
	slot->period = value;
	if (!sample->period)
		return 0;
	e = s->evsels[slot->idx - 1];
	sample->evsel = e;
	e->nr_samples++;
	return s->tool && s->tool->sample ? s->tool->sample(s, ev, sample) : 0;
}

static int deliver_sample_read(struct session *s, union perf_event *ev,
			       struct perf_sample *sample)
{
	u64 rf = sample->evsel->attr.read_format;
	int ret = 0;

	if (!(rf & PERF_FORMAT_GROUP))
		return deliver_one_value(s, ev, sample, sample->read.one.id,
					 sample->read.one.value);
	for (u64 i = 0; i < sample->read.nr && !ret; i++) {
		const u64 *v = sample->read.group + i * sample->read.group_stride;

		ret = deliver_one_value(s, ev, sample, (rf & PERF_FORMAT_ID) ? v[1] : 0, v[0]);
	}
	return ret;
}

/*
 * The fixed part of a kernel record, the bytes its readers (the machine,
 * dump, the tools) take as C fields, and where its name starts (0: none).
 * 0: a type whose readers check the size themselves.
 */
static size_t record_fixed_size(u32 type, const struct session_evsel *e, size_t *name)
{
	u64 rf = e->attr.read_format;

	*name = 0;
	switch (type) {
	case PERF_RECORD_MMAP: *name = 40; return 40;
	case PERF_RECORD_MMAP2: *name = 72; return 72;
	case PERF_RECORD_COMM: *name = 16; return 16;
	case PERF_RECORD_CGROUP: *name = 16; return 16;
	case PERF_RECORD_KSYMBOL: *name = 24; return 24;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE: return 32;
	case PERF_RECORD_LOST:
	case PERF_RECORD_BPF_EVENT: return 24;
	case PERF_RECORD_READ:
		return 24 + 8u * (!!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
				  !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING) +
				  !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST));
	default: return 0;
	}
}

/*
 * Every string taken from a kernel record (mmap filenames, comm, cgroup
 * and ksymbol names) is bounded here, once, before anyone sees the
 * record: a record too short for its fixed fields is refused, and a name
 * with no NUL before the record's sample_id trailer (a spliced stream, a
 * broken writer) is cut at the last byte it has, in a copy. Returns the
 * record to deliver, or NULL after serr().
 */
static union perf_event *bound_record(struct session *s, union perf_event *ev,
				      const struct session_evsel *e, u64 offset)
{
	size_t size = ev->header.size, name, end;
	size_t fixed = record_fixed_size(ev->header.type, e, &name);

	if (size < fixed) {
		serr(s, offset, "%s record of size %zu is too small (%zu bytes at least)",
		     perf_record_type__name(ev->header.type), size, fixed);
		return NULL;
	}
	if (!name)
		return ev;
	/* the name ends before the trailer, when the record holds one */
	end = size;
	if (e->id_hdr_size && size >= name + 1 + e->id_hdr_size)
		end = size - e->id_hdr_size;
	if (end > name && memchr((const u8 *)ev + name, 0, end - name))
		return ev;
	if (size + 8 > s->bounded_alloc) {
		free(s->bounded);
		s->bounded_alloc = ALIGN_UP(size + 8, (size_t)4096);
		s->bounded = xmalloc(s->bounded_alloc);
	}
	memcpy(s->bounded, ev, size);
	memset(s->bounded + size, 0, 8);	/* an empty name when none fits */
	if (end > name)
		s->bounded[end - 1] = 0;
	if (!s->warned_cut) {
		warning("%s: offset 0x%" PRIx64 ": the name in this %s record runs past the "
			"record; cut at its end", s->path, offset,
			perf_record_type__name(ev->header.type));
		s->warned_cut = true;
	}
	return (union perf_event *)s->bounded;
}

/* Deliver one kernel record (possibly coming out of the ordered queue). */
static int deliver_kernel(struct session *s, union perf_event *ev, u64 offset)
{
	struct session_evsel *evsel = event2evsel(s, ev);
	struct perf_sample sample;
	tool_event_fn fn;
	u64 saved = s->cur_offset;
	int ret;

	s->cur_offset = offset;
	if (!evsel) {
		if (ev->header.type == PERF_RECORD_SAMPLE || s->nr_evsels == 0) {
			ret = serr(s, offset, "%s record names no known event",
				   perf_record_type__name(ev->header.type));
			goto out;
		}
		evsel = s->evsels[0];
	}
	ev = bound_record(s, ev, evsel, offset);
	if (!ev) {
		ret = -EINVAL;
		goto out;
	}
	if (perf_sample__parse(&sample, evsel, ev, s->swap)) {
		if (ev->header.type == PERF_RECORD_SAMPLE) {
			ret = serr(s, offset, "SAMPLE of size %u is too short for its sample_type %#" PRIx64,
				   ev->header.size, (u64)evsel->attr.sample_type);
			goto out;
		}
		s->stats.nr_invalid_trailers++;
	}
	if (s->tool && s->tool->dump) {
		ret = s->tool->dump(s, ev, &sample, offset);
		if (ret)
			goto out;
	}
	switch (ev->header.type) {
	case PERF_RECORD_SAMPLE:
		sample.evsel = session__evsel_by_id(s, sample.id);
		if (!sample.evsel) {
			s->stats.nr_unknown_id++;
			ret = 0;
			goto out;
		}
		if (sample.evsel->attr.sample_type & PERF_SAMPLE_READ) {
			ret = deliver_sample_read(s, ev, &sample);
			goto out;
		}
		sample.evsel->nr_samples++;
		break;
	case PERF_RECORD_LOST:
		if (ev->header.size >= sizeof(struct perf_record_lost))
			s->stats.total_lost += ev->lost.lost;
		break;
	case PERF_RECORD_LOST_SAMPLES: {
		struct session_evsel *e = session__evsel_by_id(s, sample.id);

		if (ev->header.size >= sizeof(struct perf_record_lost_samples)) {
			s->stats.total_lost_samples += ev->lost_samples.lost;
			if (e)
				e->nr_lost_samples += ev->lost_samples.lost;
		}
		break;
	}
	default:
		break;
	}
	fn = s->tool ? kernel_cb(s->tool, ev->header.type) : NULL;
	if (!fn && s->tool && ev->header.type >= PERF_RECORD_KERNEL_MAX_ && s->tool->unknown)
		ret = s->tool->unknown(s, ev);
	else
		ret = call_event(s, fn, ev, &sample);
out:
	s->cur_offset = saved;
	return ret;
}

static int oe_deliver(void *ctx, union perf_event *ev, u64 offset)
{
	return deliver_kernel(ctx, ev, offset);
}

/* Whether @ev lies in the read buffer (a queued record may borrow it). */
static bool in_read_buffer(const struct session *s, const union perf_event *ev)
{
	const u8 *p = (const u8 *)ev;

	return s->rbuf && p >= s->rbuf->data && p < s->rbuf->data + s->rbuf->size;
}

static int process_kernel(struct session *s, union perf_event *ev, u64 offset)
{
	if (s->tool && s->tool->ordered_events) {
		struct session_evsel *evsel = event2evsel(s, ev);
		u64 t = evsel ? perf_sample__time(evsel, ev, s->swap) : (u64)-1;
		int ret;

		ret = in_read_buffer(s, ev) && ordered_events__may_borrow(&s->oe) ?
		      ordered_events__queue_borrowed(&s->oe, ev, t, offset, s->rbuf) :
		      ordered_events__queue(&s->oe, ev, t, offset);
		s->stats.nr_unordered_events = s->oe.nr_unordered;
		if (ret != -ETIME)
			return ret;
	}
	return deliver_kernel(s, ev, offset);
}

/* ---------------------------------------------------------------- user records */

static int process_header_attr(struct session *s, union perf_event *ev, u64 off)
{
	u32 asz;
	size_t body = ev->header.size - sizeof(ev->header);
	struct session_evsel *e;

	if (body < PERF_ATTR_SIZE_VER0)
		return serr(s, off, "ATTR record of size %u is too small", ev->header.size);
	memcpy(&asz, (u8 *)ev + 8 + 4, 4);
	if (!asz)
		asz = PERF_ATTR_SIZE_VER0;
	if (asz < PERF_ATTR_SIZE_VER0 || asz > body || asz > PROF_ATTR_SIZE_MAX)
		return serr(s, off, "ATTR record has a bad attr size %u", asz);
	e = session__add_evsel(s, (u8 *)ev + 8, asz);
	for (size_t o = 8 + asz; o + 8 <= ev->header.size; o += 8) {
		u64 id;

		memcpy(&id, (u8 *)ev + o, 8);
		evsel__add_id(s, e, id);
	}
	return 0;
}

static int process_event_update(struct session *s, union perf_event *ev)
{
	u64 type, id;
	struct session_evsel *e;

	if (ev->header.size < 24)
		return 0;
	memcpy(&type, (u8 *)ev + 8, 8);
	memcpy(&id, (u8 *)ev + 16, 8);
	e = session__evsel_by_id(s, id);
	if (!e)
		return 0;
	if (type == 0 || type == 2) {	/* UNIT, NAME */
		char *str = xstrndup((char *)ev + 24, ev->header.size - 24u);

		if (type == 2) {
			free(e->update_name);
			e->update_name = str;
		} else {
			free(e->unit);
			e->unit = str;
		}
	} else if (type == 1 && ev->header.size >= 32) {
		memcpy(&e->scale, (u8 *)ev + 24, 8);
	}
	return 0;
}

static int process_id_index(struct session *s, union perf_event *ev, u64 off)
{
	u64 nr;
	size_t body = ev->header.size - 8u;

	/* perf ignores a malformed index when reading, so do we */
	if (body < 8) {
		pr_debug(1, "%s: offset 0x%" PRIx64 ": ID_INDEX record is too small\n", s->path, off);
		return 0;
	}
	memcpy(&nr, (u8 *)ev + 8, 8);
	if (nr > (body - 8) / 32) {
		pr_debug(1, "%s: offset 0x%" PRIx64 ": ID_INDEX claims %" PRIu64
			 " entries in %zu bytes\n", s->path, off, nr, body);
		return 0;
	}
	for (u64 i = 0; i < nr; i++) {
		u64 e[4];

		memcpy(e, (u8 *)ev + 16 + i * 32, sizeof(e));
		if (!id_table_find(s, e[0]) && e[1] < (u64)s->nr_evsels)
			evsel__add_id(s, s->evsels[e[1]], e[0]);
	}
	return 0;
}

static int process_feature_record(struct session *s, union perf_event *ev, u64 off)
{
	u64 feat;
	const char *why;

	if (ev->header.size < 16)
		return serr(s, off, "FEATURE record is too small");
	memcpy(&feat, (u8 *)ev + 8, 8);
	if (feat >= HEADER_LAST_FEATURE_61 && ev->header.size == 16) {
		s->features_done = true;	/* the end marker */
		return 0;
	}
	if (feat == HEADER_RESERVED || feat >= HEADER_FEAT_BITS)
		return 0;
	feat_bit_set(s->header.feat_bitmap, (int)feat);
	if (feat < HEADER_FEAT_KNOWN) {
		s->header.feat_sec[feat].offset = off + 16;
		s->header.feat_sec[feat].size = ev->header.size - 16u;
	}
	if (perf_header__process_feature(&s->header, (int)feat, (u8 *)ev + 16,
					 ev->header.size - 16u, &why))
		pr_debug(1, "%s: offset 0x%" PRIx64 ": feature %s: %s\n", s->path, off,
			 perf_feature__lname((int)feat), why);
	else if (feat == HEADER_EVENT_DESC)
		apply_stream_desc_names(s);
	if (feat == HEADER_AUXTRACE)
		s->auxtrace = true;
	return 0;
}

static int process_record(struct session *s, const u8 *rec, u64 total, u64 off);
static void session__progress(struct session *s, u64 pos);

#ifdef HAVE_ZSTD
/* Hand every complete record in the decompression buffer to process_record. */
static int drain_decompressed(struct session *s, u64 off)
{
	size_t pos = 0;
	int ret = 0;

	while (s->dlen - pos >= sizeof(struct perf_event_header)) {
		struct perf_event_header h;
		u64 total;

		memcpy(&h, s->dbuf + pos, sizeof(h));
		if (s->swap) {
			h.type = bswap_32(h.type);
			h.size = bswap_16(h.size);
		}
		if (h.size < sizeof(h)) {
			ret = serr(s, off, "record of size %u inside compressed data", h.size);
			break;
		}
		total = h.size;
		if (h.type == PERF_RECORD_HEADER_TRACING_DATA || h.type == PERF_RECORD_AUXTRACE) {
			ret = serr(s, off, "%s record inside compressed data",
				   perf_record_type__name(h.type));
			break;
		}
		if (h.type == PERF_RECORD_COMPRESSED || h.type == PERF_RECORD_COMPRESSED2) {
			ret = serr(s, off, "compressed record nested in compressed data");
			break;
		}
		if (total > s->dlen - pos)
			break;		/* straddles into the next chunk */
		s->stats.nr_decompressed++;
		ret = process_record(s, s->dbuf + pos, total, off);
		pos += total;
		if (ret)
			break;
	}
	memmove(s->dbuf, s->dbuf + pos, s->dlen - pos);
	s->dlen -= pos;
	return ret;
}
#endif

static int process_compressed(struct session *s, const u8 *data, u64 len, u64 off)
{
#ifdef HAVE_ZSTD
	ZSTD_inBuffer in = { data, len, 0 };

	if (!s->zstd) {
		s->zstd = ZSTD_createDCtx();
		if (!s->zstd)
			return serr(s, off, "cannot create a zstd decompression context");
		s->dalloc = DECOMP_WINDOW;
		s->dbuf = xmalloc(s->dalloc);
		s->dlen = 0;
	}
	for (;;) {
		ZSTD_outBuffer out = { s->dbuf + s->dlen, s->dalloc - s->dlen, 0 };
		size_t r = ZSTD_decompressStream(s->zstd, &out, &in);
		int ret;

		if (ZSTD_isError(r))
			return serr(s, off, "zstd: %s", ZSTD_getErrorName(r));
		s->dlen += out.pos;
		s->comp_out += out.pos;
		if (s->comp_out > (s->comp_in + in.pos) * MAX_ZSTD_RATIO + DECOMP_WINDOW_MAX)
			return serr(s, off, "compressed data expands more than %ux: not perf data",
				    MAX_ZSTD_RATIO);
		ret = drain_decompressed(s, off);
		if (ret)
			return ret;
		/* done when the input is used up and zstd had room to spare */
		if (in.pos == in.size && out.pos < out.size) {
			s->comp_in += in.size;
			break;
		}
		if (s->dlen == s->dalloc) {
			if (s->dalloc >= DECOMP_WINDOW_MAX)
				return serr(s, off, "record inside compressed data is too large");
			s->dalloc *= 2;
			s->dbuf = xrealloc(s->dbuf, s->dalloc);
		}
	}
	return 0;
#else
	(void)data;
	(void)len;
	return serr(s, off, "this file is zstd-compressed; prof was built without zstd");
#endif
}

static int process_user(struct session *s, union perf_event *ev, u64 off)
{
	const struct tool *t = s->tool;
	u32 type = ev->header.type;
	tool_user_fn fn = NULL;
	int ret = 0;

	switch (type) {
	case PERF_RECORD_HEADER_ATTR:
		ret = process_header_attr(s, ev, off);
		fn = t ? t->attr : NULL;
		break;
	case PERF_RECORD_HEADER_EVENT_TYPE: fn = t ? t->event_type : NULL; break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		if (ev->header.size >= 12) {
			u32 sz;

			memcpy(&sz, (u8 *)ev + 8, 4);
			read_tracing_data(s, (u8 *)ev + ev->header.size, sw32(s, sz), off);
		}
		fn = t ? t->tracing_data : NULL;
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		if (perf_header__add_build_id_record(&s->header, ev, ev->header.size))
			pr_debug(1, "%s: offset 0x%" PRIx64 ": BUILD_ID record is too small\n",
				 s->path, off);
		fn = t ? t->build_id : NULL;
		break;
	case PERF_RECORD_FINISHED_ROUND:
		if (t && t->ordered_events)
			ret = ordered_events__flush(&s->oe, OE_FLUSH__ROUND);
		fn = t ? t->finished_round : NULL;
		break;
	case PERF_RECORD_ID_INDEX:
		ret = process_id_index(s, ev, off);
		fn = t ? t->id_index : NULL;
		break;
	case PERF_RECORD_AUXTRACE_INFO:
		fn = t ? t->auxtrace_info : NULL;
		/* perf decodes Intel PT, CoreSight...; prof skips their data, and says so */
		if (t && !fn && !s->aux_skipped) {
			s->aux_skipped = true;
			warning("this file holds an AUX area trace (Intel PT, CoreSight...), which prof "
				"does not decode: only its samples are shown, not the trace's");
		}
		break;
	case PERF_RECORD_AUXTRACE: fn = t ? t->auxtrace : NULL; break;
	case PERF_RECORD_AUXTRACE_ERROR: fn = t ? t->auxtrace_error : NULL; break;
	case PERF_RECORD_THREAD_MAP: fn = t ? t->thread_map : NULL; break;
	case PERF_RECORD_CPU_MAP: fn = t ? t->cpu_map : NULL; break;
	case PERF_RECORD_STAT_CONFIG: fn = t ? t->stat_config : NULL; break;
	case PERF_RECORD_STAT: fn = t ? t->stat : NULL; break;
	case PERF_RECORD_STAT_ROUND: fn = t ? t->stat_round : NULL; break;
	case PERF_RECORD_EVENT_UPDATE:
		ret = process_event_update(s, ev);
		fn = t ? t->event_update : NULL;
		break;
	case PERF_RECORD_TIME_CONV: fn = t ? t->time_conv : NULL; break;
	case PERF_RECORD_HEADER_FEATURE:
		ret = process_feature_record(s, ev, off);
		fn = t ? t->feature : NULL;
		break;
	case PERF_RECORD_FINISHED_INIT: fn = t ? t->finished_init : NULL; break;
	case PERF_RECORD_COMPRESSED:
	case PERF_RECORD_COMPRESSED2:
		if (t && t->no_decompress) {
			fn = t->compressed;
			break;
		}
		if (type == PERF_RECORD_COMPRESSED) {
			ret = process_compressed(s, (u8 *)ev + 8, ev->header.size - 8u, off);
		} else {
			u64 dsz;

			if (ev->header.size < 16)
				return serr(s, off, "COMPRESSED2 record is too small");
			memcpy(&dsz, (u8 *)ev + 8, 8);
			if (dsz > ev->header.size - 16u)
				return serr(s, off, "COMPRESSED2 data size %" PRIu64
					    " exceeds the record", dsz);
			ret = process_compressed(s, (u8 *)ev + 16, dsz, off);
		}
		break;
	default:
		fn = t ? t->unknown : NULL;
		break;
	}
	if (!ret && fn)
		ret = fn(s, ev);
	return ret;
}

/*
 * One record at @rec (unaligned, writer's byte order, @total bytes including
 * any payload after header.size).
 */
static int process_record(struct session *s, const u8 *rec, u64 total, u64 off)
{
	union perf_event *ev;
	u32 type;
	bool decomp = s->in_decomp;
	int ret;

	if (!s->swap && !((uintptr_t)rec & 7)) {
		ev = (union perf_event *)rec;
	} else {
		if (total + 8 > s->scratch_alloc) {
			free(s->scratch);
			s->scratch_alloc = ALIGN_UP((size_t)total + 8, (size_t)4096);
			s->scratch = xmalloc(s->scratch_alloc);
		}
		memcpy(s->scratch, rec, total);
		ev = (union perf_event *)s->scratch;
		if (s->swap) {
			ev->header.type = bswap_32(ev->header.type);
			ev->header.misc = bswap_16(ev->header.misc);
			ev->header.size = bswap_16(ev->header.size);
			perf_event__swap(ev, s->nr_evsels ? s->evsels[0]->id_hdr_size : 0);
		}
	}
	type = ev->header.type;
	s->stats.nr_events[0]++;
	if (type < PERF_RECORD_TYPE_MAX)
		s->stats.nr_events[type]++;
	else
		s->stats.nr_unknown_events++;
	s->cur_offset = off;

	if (type >= PERF_RECORD_USER_TYPE_START) {
		/* perf dumps what comes out of a COMPRESSED record, not the record */
		bool packed = type == PERF_RECORD_COMPRESSED || type == PERF_RECORD_COMPRESSED2;

		if (s->tool && s->tool->dump && (!packed || s->tool->no_decompress)) {
			ret = s->tool->dump(s, ev, NULL, off);
			if (ret)
				return ret;
		}
		/* a COMPRESSED record's contents come back through here */
		if (type == PERF_RECORD_COMPRESSED || type == PERF_RECORD_COMPRESSED2) {
			if (decomp)
				return serr(s, off, "compressed record nested in compressed data");
			s->in_decomp = true;
			if (ev == (union perf_event *)s->scratch) {
				/* the scratch buffer is reused by inner records */
				u8 *copy = xmalloc(total);

				memcpy(copy, ev, total);
				ret = process_user(s, (union perf_event *)copy, off);
				free(copy);
			} else {
				ret = process_user(s, ev, off);
			}
			s->in_decomp = decomp;
			return ret;
		}
		return process_user(s, ev, off);
	}
	if (type >= PERF_RECORD_KERNEL_MAX_) {
		if (s->tool && s->tool->unknown)
			return s->tool->unknown(s, ev);
		return 0;
	}
	return process_kernel(s, ev, off);
}

/* ---------------------------------------------------------------- the walk */

/* Bytes that follow header.size for @type, read from the record start. */
static int payload_size(struct session *s, const u8 *rec, const struct perf_event_header *h,
			u64 off, u64 *payload)
{
	*payload = 0;
	if (h->type == PERF_RECORD_HEADER_TRACING_DATA) {
		u32 sz;

		if (h->size < 12)
			return serr(s, off, "TRACING_DATA record is too small");
		memcpy(&sz, rec + 8, 4);
		*payload = sw32(s, sz);
	} else if (h->type == PERF_RECORD_AUXTRACE) {
		u64 sz;

		if (h->size < 16)
			return serr(s, off, "AUXTRACE record is too small");
		memcpy(&sz, rec + 8, 8);
		*payload = sw64(s, sz);
	}
	return 0;
}

/*
 * A stream record whose payload is cut off: perf counts it (it processed
 * the record before failing to skip the payload) but nobody may see it.
 */
static void count_truncated(struct session *s, const struct perf_event_header *h)
{
	s->stats.nr_events[0]++;
	if (h->type < PERF_RECORD_TYPE_MAX)
		s->stats.nr_events[h->type]++;
	else
		s->stats.nr_unknown_events++;
}

/*
 * walk_file's window on the data section: rbuf->data[off, off + len)
 * holds the file's bytes from offset base on.
 */
struct window {
	u64 base;
	size_t off, len;
};

/*
 * Make [pos, pos + n) of the data section readable in the read buffer (n
 * at most its size, pos + n at most the end of the data): what is left
 * from @pos on moves to the buffer's start, to a new buffer when records
 * queued from this one still borrow it, and the rest of the buffer is read
 * from the file. Returns the bytes at @pos, or NULL after serr().
 */
static const u8 *window_at(struct session *s, struct window *w, u64 pos, size_t n)
{
	struct oe_buf *b = s->rbuf, *nb;
	u64 wend = w->base + w->len;
	size_t keep = 0, got;

	if (pos >= w->base && pos + n <= wend)
		return b->data + w->off + (pos - w->base);
	if (pos >= w->base && pos < wend)
		keep = (size_t)(wend - pos);
	/*
	 * The helper's next chunk goes on from the window's end: what is left
	 * of the window goes in front of it, when it fits there and the
	 * record then does.
	 */
	if (s->ra && pos <= wend && keep <= s->ra_head && n <= b->size - s->ra_head + keep &&
	    (nb = readahead__take(s->ra, wend, &got))) {
		if (keep)
			memcpy(nb->data + s->ra_head - keep, b->data + w->off + (pos - w->base), keep);
		oe_buf__put(&s->oe, b);
		s->rbuf = b = nb;
		w->base = pos;
		w->off = s->ra_head - keep;
		w->len = keep + got;
		readahead__issue(s->ra, w->base + w->len);
		if (n > w->len)
			return serr(s, pos, "the file ends inside its data section (was it "
				    "truncated while read?)"), NULL;
		return b->data + w->off;
	}
	if (s->ra)
		readahead__drain(s->ra);	/* they hold other bytes: read here */
	if (b->refs > 1) {
		nb = oe_buf__get(&s->oe);
		if (keep)
			memcpy(nb->data, b->data + w->off + (pos - w->base), keep);
		oe_buf__put(&s->oe, b);
		s->rbuf = b = nb;
	} else if (keep) {
		memmove(b->data, b->data + w->off + (pos - w->base), keep);
	}
	w->base = pos;
	w->off = 0;
	w->len = keep;
	while (w->len < b->size && w->base + w->len < s->data_end) {
		u64 at = w->base + w->len;
		size_t want = (size_t)min((u64)(b->size - w->len), s->data_end - at);
		ssize_t r = pread(s->fd, b->data + w->len, want, (off_t)at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return serr(s, at, "read error: %s", strerror(errno)), NULL;
		if (r == 0)
			return serr(s, at, "the file ends inside its data section (was it "
				    "truncated while read?)"), NULL;
		w->len += (size_t)r;
	}
	if (n > w->len)
		return serr(s, pos, "the file ends inside its data section (was it "
			    "truncated while read?)"), NULL;
	if (s->ra)
		readahead__issue(s->ra, w->base + w->len);
	return b->data;
}

/*
 * The @n bytes at @pos: in the read buffer, or in the mapping for a record
 * larger than the buffer (a TRACING_DATA or AUXTRACE record and its
 * payload: never queued, so never borrowed).
 */
static const u8 *record_at(struct session *s, struct window *w, u64 pos, u64 n)
{
	if (n > s->rbuf->size)
		return s->map + pos;
	return window_at(s, w, pos, (size_t)n);
}

static int walk_records(struct session *s)
{
	u64 pos = s->data_start, end = s->data_end;
	struct window w = { pos, 0, 0 };
	int ret = 0;

	while (pos < end) {
		struct perf_event_header h;
		const u8 *rec;
		u64 payload;

		if (s->tool && s->tool->header_only && (!s->pipe || s->features_done))
			break;
		if (end - pos < sizeof(h)) {
			if (s->pipe) {
				warning("%s: %" PRIu64 " stray bytes at the end of the stream",
					s->path, end - pos);
				break;
			}
			return serr(s, pos, "truncated record header (%" PRIu64 " bytes left)",
				    end - pos);
		}
		rec = record_at(s, &w, pos, sizeof(h));
		if (!rec)
			return -EINVAL;
		memcpy(&h, rec, sizeof(h));
		if (s->swap) {
			h.type = bswap_32(h.type);
			h.size = bswap_16(h.size);
		}
		if (h.size < sizeof(h))
			return serr(s, pos, "record of type %u has size %u, smaller than its header",
				    h.type, h.size);
		if (h.size > end - pos) {
			if (s->pipe) {
				warning("%s: offset 0x%" PRIx64 ": unexpected end of event stream",
					s->path, pos);
				break;
			}
			return serr(s, pos, "record of type %u and size %u runs past the end of the data",
				    h.type, h.size);
		}
		rec = record_at(s, &w, pos, h.size);
		if (!rec || payload_size(s, rec, &h, pos, &payload))
			return -EINVAL;
		if (payload > end - pos - h.size && s->pipe) {
			count_truncated(s, &h);
			warning("%s: offset 0x%" PRIx64 ": unexpected end of event stream",
				s->path, pos);
			break;
		}
		if (payload > end - pos - h.size)
			return serr(s, pos, "%s payload of %" PRIu64 " bytes runs past the end of the data",
				    perf_record_type__name(h.type), payload);
		if (payload) {
			rec = record_at(s, &w, pos, h.size + payload);
			if (!rec)
				return -EINVAL;
		}
		ret = process_record(s, rec, h.size + payload, pos);
		if (s->progress_verb && !(++s->progress_seen % 1024))
			session__progress(s, pos);
		if (ret)
			return ret;
		pos += h.size + payload;
	}
	return 0;
}

/* Whether a helper thread should read ahead: more than one CPU to run it, and not refused. */
static bool read_ahead_wanted(const struct session *s, size_t chunk)
{
	const char *env = getenv("PROF_READ_AHEAD");
	cpu_set_t set;

	if (env && *env)
		return strcmp(env, "0") != 0;
	if (s->data_end - s->data_start <= 4 * (u64)chunk)
		return false;	/* a thread costs more than it saves */
	return !sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 1;
}

/*
 * The data section of a file, read in chunks (READ_CHUNK, or
 * PROF_READ_CHUNK bytes, then with no buffer reused: a reader of a
 * released buffer is a use after free the sanitizers see). Where another
 * CPU can run it, a helper reads the next chunks ahead (readahead.c;
 * PROF_READ_AHEAD=0 or 1 says whether, for tests and benchmarks): a
 * buffer then has room in front of a chunk for the record that
 * straddles the previous one's end (RA_HEAD: a record is less than 64
 * KiB but for the rare one with a payload, which is read here).
 */
static int walk_file(struct session *s)
{
	const char *env = getenv("PROF_READ_CHUNK");
	size_t size = READ_CHUNK, head;
	bool ahead;
	int ret;

	if (env && *env) {
		size = (size_t)strtoull(env, NULL, 10);
		if (size < sizeof(struct perf_event_header))
			size = sizeof(struct perf_event_header);
	}
	ahead = read_ahead_wanted(s, size);
	head = ahead ? min(size, (size_t)RA_HEAD) : 0;
	ordered_events__set_bufs(&s->oe, head + size, !(env && *env));
	if (s->data_end > s->data_start)
		posix_fadvise(s->fd, (off_t)s->data_start, (off_t)(s->data_end - s->data_start),
			      POSIX_FADV_SEQUENTIAL);
	s->rbuf = oe_buf__get(&s->oe);
	if (ahead) {
		s->ra_head = head;
		s->ra = readahead__start(&s->oe, s->fd, head, size, s->data_end);
	}
	ret = walk_records(s);
	readahead__stop(s->ra);
	s->ra = NULL;
	oe_buf__put(&s->oe, s->rbuf);
	s->rbuf = NULL;
	return ret;
}

static int walk_stream(struct session *s)
{
	u64 pos = s->data_start;
	int ret;

	for (;;) {
		struct perf_event_header h;
		u64 payload;
		size_t got;

		if (s->tool && s->tool->header_only && s->features_done)
			return 0;

		if (s->sbuf_alloc < 65536 + 8) {
			s->sbuf_alloc = 65536 + 8;
			s->sbuf = xrealloc(s->sbuf, s->sbuf_alloc);
		}
		ret = stream_read(s, s->sbuf, sizeof(h), &got);
		if (ret)
			return serr(s, pos, "read error: %s", strerror(-ret));
		if (got == 0)
			return 0;
		if (got < sizeof(h)) {
			warning("%s: %zu stray bytes at the end of the stream", s->path, got);
			return 0;
		}
		memcpy(&h, s->sbuf, sizeof(h));
		if (s->swap) {
			h.type = bswap_32(h.type);
			h.size = bswap_16(h.size);
		}
		if (h.size < sizeof(h))
			return serr(s, pos, "record of type %u has size %u, smaller than its header",
				    h.type, h.size);
		ret = stream_read(s, s->sbuf + sizeof(h), h.size - sizeof(h), &got);
		if (ret)
			return serr(s, pos, "read error: %s", strerror(-ret));
		if (got < h.size - sizeof(h)) {
			warning("%s: offset 0x%" PRIx64 ": unexpected end of event stream",
				s->path, pos);
			return 0;
		}
		if (payload_size(s, s->sbuf, &h, pos, &payload))
			return -EINVAL;
		if (payload) {
			if (payload > MAX_PAYLOAD)
				return serr(s, pos, "%s payload of %" PRIu64 " bytes is too large",
					    perf_record_type__name(h.type), payload);
			if (h.size + payload > s->sbuf_alloc) {
				s->sbuf_alloc = h.size + payload;
				s->sbuf = xrealloc(s->sbuf, s->sbuf_alloc);
			}
			ret = stream_read(s, s->sbuf + h.size, payload, &got);
			if (ret)
				return serr(s, pos, "read error: %s", strerror(-ret));
			if (got < payload) {
				count_truncated(s, &h);
				warning("%s: offset 0x%" PRIx64 ": unexpected end of event stream",
					s->path, pos);
				return 0;
			}
		}
		ret = process_record(s, s->sbuf, h.size + payload, pos);
		if (ret)
			return ret;
		pos += h.size + payload;
	}
}

/* Files this large get a progress line (PROF_PROGRESS_MIN_SIZE: other bytes, for tests). */
#define PROGRESS_MIN_SIZE (32ULL << 20)

void session__show_progress(struct session *s, const char *verb)
{
	const char *env = getenv("PROF_PROGRESS_MIN_SIZE");
	u64 min = env && *env ? strtoull(env, NULL, 10) : PROGRESS_MIN_SIZE;

	s->progress_verb = NULL;
	if (s->pipe || s->stream || !isatty(STDERR_FILENO) || s->map_len < min)
		return;
	s->progress_verb = verb;
	s->progress_seen = 0;
	s->progress_pct = -1;
}

static void session__progress(struct session *s, u64 pos)
{
	int pct = (int)(pos * 100 / s->map_len);

	if (pct != s->progress_pct && pct <= 100) {
		s->progress_pct = pct;
		fprintf(stderr, "\r%s %s: %3d%%", s->progress_verb, s->path, pct);
	}
}

int session__process_events(struct session *s, const struct tool *tool)
{
	int ret, ret2;

	s->tool = tool;
	ordered_events__init(&s->oe, oe_deliver, s, s->queue_budget);
	if (s->stream)
		ret = walk_stream(s);
	else
		ret = walk_file(s);
	/* whatever is queued goes out, even after an error */
	ret2 = ordered_events__flush(&s->oe, OE_FLUSH__FINAL);
	ordered_events__exit(&s->oe);
	s->stats.nr_unordered_events = s->oe.nr_unordered;
	if (!ret && s->dlen) {
		warning("%s: %zu bytes of an incomplete record at the end of compressed data",
			s->path, s->dlen);
		s->dlen = 0;
	}
	s->tool = NULL;
	if (s->progress_verb && s->progress_pct >= 0)
		fputs("\r\033[K", stderr);	/* the progress line goes */
	s->progress_verb = NULL;
	return ret ? ret : ret2;
}

int session__cpu_bitmap(struct session *s, const char *list, bool **bitmap, int *nr)
{
	const struct perf_header *h = session__header(s);
	struct cpu_map *map;
	u32 seen_types = 0;
	int n = h && h->nr_cpus_avail ? (int)h->nr_cpus_avail : 4096;
	bool *b;

	for (int i = 0; i < session__nr_evsels(s); i++) {
		const struct perf_event_attr *a = &session__evsel(s, i)->attr;

		/* perf looks at the first event of each type */
		if (a->type < 32 && (seen_types & (1u << a->type)))
			continue;
		if (a->type < 32)
			seen_types |= 1u << a->type;
		if (!(a->sample_type & PERF_SAMPLE_CPU))
			return error("File does not contain CPU events. Remove -C option to proceed.");
	}
	map = cpu_map__new(list);
	if (!map)
		return error("Invalid cpu_list");
	b = xcalloc((size_t)n, sizeof(*b));
	for (int i = 0; i < map->nr; i++) {
		if (map->map[i] >= n) {
			error("Requested CPU %d too large. Consider raising MAX_NR_CPUS", map->map[i]);
			cpu_map__put(map);
			free(b);
			return -1;
		}
		b[map->map[i]] = true;
	}
	cpu_map__put(map);
	free(*bitmap);
	*bitmap = b;
	*nr = n;
	return 0;
}
