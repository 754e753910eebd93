// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof inject: copy a perf.data file or stream, adding to it on the way,
 * as perf 6.1's inject does. With -b/--build-ids a HEADER_BUILD_ID record
 * goes out before the first sample that hits each DSO (--buildid-all:
 * before the first map of each), and a file's BUILD_ID feature lists
 * them; without options the copy is a plain one (compressed records come
 * out decompressed).
 *
 * The output's mode follows the output, as perf's: a pipe gets a stream,
 * a file (a redirected standard output too) a file-mode header, whatever
 * the input was. A stream's header records (HEADER_ATTR, HEADER_FEATURE,
 * HEADER_TRACING_DATA) become a file's attrs and feature sections; a
 * file's attrs and features become a stream's header records. Feature
 * bodies are copied as they are, not rewritten from this machine as perf
 * rewrites some (hostname, ...): the output describes the recording.
 *
 * Records are copied in the order they are read (perf sorts them by time
 * first; readers sort them again either way), except with -s, which pairs
 * each thread's switch with its later stat and so reads them in time
 * order. -j writes each jitdump code load as perf's ELF image and an
 * MMAP2 of it.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/session.h"
#include "prof/header.h"
#include "prof/data-writer.h"
#include "prof/dso-hits.h"
#include "prof/build-id.h"
#include "prof/strbuf.h"
#include "prof/jitdump.h"
#include "prof/trace-event.h"
#include "prof/event.h"
#include "builtin.h"
#include <libgen.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>

static const char *const inject_usage[] = {
	"prof inject [<options>]",
	NULL
};

struct known_id {
	char *path;
	struct build_id bid;
};

struct inject {
	const char *input, *output;
	bool build_ids, buildid_all, force, strip, sched_stat, jit;
	const char *vmlinux, *known_build_ids;
	struct session *session;
	struct perf_data_writer *w;
	bool in_pipe, started;
	size_t nr_ids_sent;	/* ids[] below this went out at the start */
	struct dso_hits *hits;
	/* the BUILD_ID feature of the output: the input's entries, then new ones */
	struct writer_build_id *ids;
	size_t nr_ids, ids_alloc;
	struct known_id *known;
	size_t nr_known;
	int same_kernel;	/* the recording's kernel is the running one (-1: not known yet) */
	struct strbuf sb;
	struct strbuf held;	/* a stream's EVENT_UPDATEs before a file's start */
	struct tsc_conv tsc;	/* TIME_CONV, for a jitdump with arch (TSC) timestamps */
	bool said;		/* a failure was reported where it happened */
	/* -s: each thread's last sched_switch SAMPLE, by tid (open addressing) */
	struct switch_slot { u32 tid; bool used; void *rec; struct session_evsel *evsel; } *sw;
	size_t nr_sw, sw_cap;
};

/* ---------------------------------------------------------------- build-ids */

static const struct writer_build_id *inject__find_id(const struct inject *inj, const char *name)
{
	for (size_t i = 0; i < inj->nr_ids; i++)
		if (!strcmp(inj->ids[i].filename, name))
			return &inj->ids[i];
	return NULL;
}

static struct writer_build_id *inject__add_id(struct inject *inj, s32 pid, u16 misc,
					      const u8 *id, u8 size, const char *name)
{
	struct writer_build_id *e;

	inj->ids = xgrow(inj->ids, sizeof(*inj->ids), inj->nr_ids + 1, &inj->ids_alloc);
	e = &inj->ids[inj->nr_ids++];
	memset(e, 0, sizeof(*e));
	e->pid = pid;
	e->misc = misc;
	e->size = size > 20 ? 20 : size;
	memcpy(e->build_id, id, e->size);
	e->filename = xstrdup(name);
	return e;
}

/* --known-build-ids=PATH=BUILDID[,PATH=BUILDID...] (perf's syntax, -'s kept). */
static int inject__parse_known(struct inject *inj, const char *arg)
{
	char *copy = xstrdup(arg), *save = NULL, *tok;
	int ret = 0;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strrchr(tok, '=');
		struct known_id k = { 0 };
		size_t n;

		if (!eq || eq == tok || !eq[1]) {
			error("--known-build-ids: '%s' is not PATH=BUILDID", tok);
			ret = -1;
			break;
		}
		*eq = 0;
		n = strlen(eq + 1);
		if (n % 2 || n > 2 * BUILD_ID_SIZE || strspn(eq + 1, "0123456789abcdefABCDEF") != n) {
			error("--known-build-ids: '%s' is not a build-id (hex digits, at most %d)",
			      eq + 1, 2 * BUILD_ID_SIZE);
			ret = -1;
			break;
		}
		for (size_t i = 0; i < n / 2; i++) {
			unsigned int byte;

			sscanf(eq + 1 + 2 * i, "%2x", &byte);
			k.bid.data[i] = (u8)byte;
		}
		k.bid.size = n / 2;
		k.path = xstrdup(tok);
		inj->known = xrealloc(inj->known, (inj->nr_known + 1) * sizeof(*inj->known));
		inj->known[inj->nr_known++] = k;
	}
	free(copy);
	return ret;
}

/* Write one HEADER_BUILD_ID record (type 67, as perf synthesizes them). */
static int inject__write_build_id(struct inject *inj, const struct writer_build_id *e)
{
	struct perf_event_header *h;
	int ret;

	if (verbose) {
		struct build_id bid = { .size = e->size };
		char hex[SBUILD_ID_SIZE];

		memcpy(bid.data, e->build_id, e->size);
		build_id__snprintf(&bid, hex, sizeof(hex));
		pr_debug(1, "build-id %s %s\n", hex, e->filename);
	}
	strbuf_reset(&inj->sb);
	feat__put_build_id(&inj->sb, e->pid, e->misc, e->build_id, e->size, e->filename);
	h = (struct perf_event_header *)inj->sb.buf;
	h->type = PERF_RECORD_HEADER_BUILD_ID;
	ret = perf_data_writer__write(inj->w, inj->sb.buf, inj->sb.len);
	return ret;
}

/* Do @in and @out name one file ("-": standard input or output)? */
static bool same_file(const char *in, const char *out)
{
	struct stat a, b;

	if (strcmp(in, "-") ? stat(in, &a) : fstat(STDIN_FILENO, &a))
		return false;
	if (strcmp(out, "-") ? stat(out, &b) : fstat(STDOUT_FILENO, &b))
		return false;
	return S_ISREG(a.st_mode) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static bool same_kernel(struct session *s)
{
	const struct perf_header *h = session__header(s);
	struct utsname u;

	return h->osrelease && !uname(&u) && !strcmp(h->osrelease, u.release) &&
	       (!h->arch || !strcmp(h->arch, u.machine));
}

/*
 * The DSOs hit since the last look get their HEADER_BUILD_ID now: the
 * id the input gave (its header, a record, --known-build-ids) or else
 * the one of the file on this machine. The running kernel's is taken
 * only when the recording says it was made on this kernel.
 */
static int inject__emit_new(struct inject *inj)
{
	struct writer_build_id *fresh;
	size_t nr = dso_hits__take_new(inj->hits, &fresh);
	int ret = 0;

	for (size_t i = 0; i < nr && !ret; i++) {
		struct writer_build_id *e = &fresh[i];
		const struct writer_build_id *have = inject__find_id(inj, e->filename);
		/* the vdso's id is read from ours: the kernel's too */
		bool kernel = (e->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL ||
			      !strcmp(e->filename, "[vdso]");

		/* -k: the user said which kernel it is */
		if (inj->vmlinux && !strcmp(e->filename, inj->vmlinux))
			kernel = false;

		for (size_t k = 0; !have && k < inj->nr_known; k++)
			if (!strcmp(inj->known[k].path, e->filename)) {
				have = inject__add_id(inj, -1, e->misc, inj->known[k].bid.data,
						      (u8)inj->known[k].bid.size, e->filename);
			}
		if (!have && !e->size)
			continue;	/* nothing known of it: perf writes nothing either */
		if (!have && kernel && inj->same_kernel < 0)	/* a stream's OSRELEASE is read by now */
			inj->same_kernel = same_kernel(inj->session);
		if (!have && kernel && !inj->same_kernel) {
			pr_debug(1, "inject: %s is another kernel's, its build-id is unknown\n",
				 e->filename);
			continue;
		}
		if (!have)
			have = inject__add_id(inj, -1, e->misc, e->build_id, e->size, e->filename);
		else if ((size_t)(have - inj->ids) < inj->nr_ids_sent)
			continue;	/* a stream's start carried it */
		ret = inject__write_build_id(inj, have);
	}
	free(fresh);
	return ret;
}

/* ---------------------------------------------------------------- the header */

/* A file's feature bodies, as they are (EVENT_DESC, BUILD_ID and what
 * describes data that changes are made anew). */
static bool inject__copies_feature(int feat)
{
	switch (feat) {
	case HEADER_EVENT_DESC:		/* from the attrs written */
	case HEADER_BUILD_ID:		/* merged with what -b adds */
	case HEADER_COMPRESSED:		/* the records come out decompressed */
	case HEADER_AUXTRACE:		/* offsets into the input's data */
	case HEADER_DIR_FORMAT:		/* a directory's layout */
		return false;
	default:
		return true;
	}
}

static int inject__copy_file_header(struct inject *inj)
{
	struct session *s = inj->session;
	struct perf_header *h = session__header(s);
	const struct perf_file_header *fh = session__file_header(s);
	int ret = 0;

	for (int i = 0; i < session__nr_evsels(s); i++) {
		struct session_evsel *e = session__evsel(s, i);

		ret = perf_data_writer__add_event(inj->w, &e->attr, session_evsel__name(e),
						  e->ids, e->nr_ids);
		if (ret) {
			error("%s: event %d: %s", session__path(s), i, strerror(-ret));
			return ret;
		}
		dso_hits__add_event(inj->hits, e->attr.sample_type, e->ids, (int)e->nr_ids);
	}
	for (u32 i = 0; i < h->nr_build_ids; i++)
		inject__add_id(inj, h->build_ids[i].pid, h->build_ids[i].misc,
			       h->build_ids[i].build_id, h->build_ids[i].size,
			       h->build_ids[i].filename);

	for (int f = 1; f < HEADER_FEAT_KNOWN; f++) {
		const struct perf_file_section *sec = &h->feat_sec[f];
		const void *body;

		if (!feat_bit_test(fh->adds_features, f) || !inject__copies_feature(f) ||
		    !sec->size)
			continue;
		body = session__file_bytes(s, sec->offset, sec->size);
		if (body)
			perf_data_writer__set_feature(inj->w, f, body, sec->size);
	}
	return 0;
}

/* Start the output; a stream gets the tracing data and the build-ids known so far. */
static int inject__start(struct inject *inj, const void *tracing, size_t tracing_len)
{
	int ret;

	inj->started = true;
	if (inj->in_pipe) {
		/* a stream to a file: its events, named by now (EVENT_UPDATE, EVENT_DESC) */
		struct session *s = inj->session;

		for (int i = 0; i < session__nr_evsels(s); i++) {
			struct session_evsel *e = session__evsel(s, i);

			ret = perf_data_writer__add_event(inj->w, &e->attr, session_evsel__name(e),
							  e->ids, e->nr_ids);
			if (ret)
				return ret;
		}
	}
	ret = perf_data_writer__start(inj->w);
	if (!ret && inj->held.len)
		ret = perf_data_writer__write(inj->w, inj->held.buf, inj->held.len);
	strbuf_release(&inj->held);
	if (ret || !perf_data_writer__is_pipe(inj->w))
		return ret;
	if (tracing_len) {
		size_t padded = ALIGN_UP(tracing_len, (size_t)8);
		struct { struct perf_event_header h; u32 size, pad; } rec = {
			{ PERF_RECORD_HEADER_TRACING_DATA, 0, 16 }, (u32)padded, 0 };

		ret = perf_data_writer__write(inj->w, &rec, sizeof(rec));
		if (!ret)
			ret = perf_data_writer__write(inj->w, tracing, tracing_len);
		if (!ret && padded > tracing_len)
			ret = perf_data_writer__write(inj->w, "\0\0\0\0\0\0\0", padded - tracing_len);
	}
	for (size_t i = 0; i < inj->nr_ids && !ret; i++)
		ret = inject__write_build_id(inj, &inj->ids[i]);
	inj->nr_ids_sent = inj->nr_ids;
	return ret;
}


/* ---------------------------------------------------------------- --jit */

/*
 * The MMAP2 perf inject --jit writes for a code load or move: the image
 * @path mapped at [@start, @start + @len) from JIT_ELF_TEXT_ADDR, with
 * perf's other fields (the image's inode, its mode as prot, MAP_SHARED)
 * and a sample_id trailer giving the thread and the load's time.
 */
static int inject__jit_mmap(struct inject *inj, u32 pid, u32 tid, u64 start, u64 len, u64 time,
			    const char *path)
{
	struct session_evsel *e0 = session__evsel(inj->session, 0);
	u64 st = e0 ? e0->attr.sample_type : 0;
	u32 idsz = e0 && e0->attr.sample_id_all ? e0->id_hdr_size : 0;
	struct synth_mmap2 m = {
		.misc = PERF_RECORD_MISC_USER, .pid = pid, .tid = tid, .start = start, .len = len,
		.pgoff = JIT_ELF_TEXT_ADDR, .flags = MAP_SHARED, .ino_generation = 1,
		.filename = path,
	};
	struct stat sb;
	u8 *trailer;
	int ret;

	if (!stat(path, &sb)) {
		m.ino = sb.st_ino;
		m.maj = major(sb.st_dev);
		m.min = minor(sb.st_dev);
		m.prot = sb.st_mode;
	}
	strbuf_reset(&inj->sb);
	synth__mmap2(&inj->sb, &m, idsz);
	trailer = (u8 *)inj->sb.buf + inj->sb.len - idsz;
	if (idsz && (st & PERF_SAMPLE_TID)) {
		memcpy(trailer, &pid, 4);
		memcpy(trailer + 4, &tid, 4);
		trailer += 8;
	}
	if (idsz && (st & PERF_SAMPLE_TIME))
		memcpy(trailer, &time, 8);
	dso_hits__side(inj->hits, (const union perf_event *)inj->sb.buf);
	ret = perf_data_writer__write(inj->w, inj->sb.buf, inj->sb.len);
	return ret;
}

/* A code load's map: the code, and the unwinding data mapped after it at 8 bytes. */
static u64 jit__map_len(u64 code_size, const struct jit_record *unw)
{
	if (!unw || !unw->unwind.mapped_size)
		return code_size;
	return ((code_size + 7) & ~7ULL) + unw->unwind.mapped_size;
}

/*
 * The marker MMAP of DIR/jit-PID.dump: every code load of the dump as an
 * ELF image DIR/jitted-PID-INDEX.so and its MMAP2, every move as an
 * MMAP2 of the image it moves; the marker itself is not copied. As perf,
 * the samples must be on CLOCK_MONOTONIC (record -k mono), or the dump's
 * TSC times convertible by the recording's TIME_CONV.
 */
static int inject__jit_dump(struct inject *inj, const char *path)
{
	struct jitdump_header h;
	char *copy = xstrdup(path), *dir = dirname(copy);
	size_t len = 0, pos;
	u8 *buf = NULL;
	int fd, ret = 0, nr = 0;
	/*
	 * perf's state between records: the last DEBUG_INFO and
	 * UNWINDING_INFO go into the next code load's image, then are
	 * dropped; the map length of a load or move counts the unwinding
	 * data the runtime mapped after the code (mapped_size) only while
	 * an UNWINDING_INFO is pending, as perf's.
	 */
	struct jit_record dbg, unw;
	bool have_dbg = false, have_unw = false;

	for (int i = 0; i < session__nr_evsels(inj->session); i++) {
		const struct perf_event_attr *a = &session__evsel(inj->session, i)->attr;

		if (!a->use_clockid || a->clockid != CLOCK_MONOTONIC) {
			error("%s: jitted code must be sampled with prof record -k mono "
			      "(CLOCK_MONOTONIC) to be injected", path);
			ret = -EINVAL;
			goto out;
		}
	}
	fd = jit_file__open(path, false);
	if (fd < 0) {
		error("%s: %s", path, strerror(-fd));
		ret = fd;
		goto out;
	}
	buf = (u8 *)read_fd_str(fd, &len);
	close(fd);
	if (!buf || jitdump__read_header(buf, len, &h) < 0) {
		error("%s: not a jitdump file", path);
		ret = -EINVAL;
		goto out;
	}
	if ((h.flags & JITDUMP_FLAGS_ARCH_TIMESTAMP) && (!inj->tsc.mult || inj->tsc.shift >= 64)) {
		error("%s uses arch timestamps but the recording has no TIME_CONV", path);
		ret = -EINVAL;
		goto out;
	}
	for (pos = h.total_size; pos < len && !ret;) {
		struct jit_record r;
		ssize_t n = jitdump__read_record(&h, buf + pos, len - pos, &r);
		char image[PATH_MAX];
		struct build_id bid;
		u64 time;

		if (n <= 0) {
			if (n < 0)
				warning("%s: bad record at offset %zu, the rest is ignored.", path, pos);
			break;
		}
		pos += (size_t)n;
		time = h.flags & JITDUMP_FLAGS_ARCH_TIMESTAMP ? tsc_conv__time(&inj->tsc, r.timestamp) :
								 r.timestamp;
		if (r.id == JIT_CODE_LOAD) {
			struct jit_elf_extra extra = {
				.h = &h, .debug = have_dbg ? &dbg : NULL,
				.unwind = have_unw ? &unw : NULL,
			};
			u64 maplen = jit__map_len(r.load.code_size, have_unw ? &unw : NULL);

			snprintf(image, sizeof(image), "%s/jitted-%u-%" PRIu64 ".so", dir,
				 r.load.pid, r.load.code_index);
			ret = jit_elf__write(image, r.load.code_addr, r.load.name, r.load.code,
					     r.load.code_size, &extra);
			have_dbg = have_unw = false;
			if (ret) {
				error("cannot write %s: %s", image, strerror(-ret));
				break;
			}
			ret = inject__jit_mmap(inj, r.load.pid, r.load.tid, r.load.code_addr,
					       maplen, time, image);
			nr++;
			/* a file lists the images, as perf's */
			if (!ret && !filename__read_build_id(image, &bid) && bid.size)
				inject__add_id(inj, -1, PERF_RECORD_MISC_USER, bid.data, (u8)bid.size,
					       image);
		} else if (r.id == JIT_CODE_MOVE) {
			snprintf(image, sizeof(image), "%s/jitted-%u-%" PRIu64 ".so", dir,
				 r.move.pid, r.move.code_index);
			ret = inject__jit_mmap(inj, r.move.pid, r.move.tid, r.move.new_code_addr,
					       jit__map_len(r.move.code_size, have_unw ? &unw : NULL),
					       time, image);
		} else if (r.id == JIT_CODE_DEBUG_INFO) {
			dbg = r;
			have_dbg = true;
		} else if (r.id == JIT_CODE_UNWINDING_INFO) {
			unw = r;
			have_unw = true;
		}
	}
	pr_debug(1, "injected: %s (%d code loads)\n", path, nr);
out:
	inj->said = ret != 0;
	free(buf);
	free(copy);
	return ret;
}


/* ---------------------------------------------------------------- --sched-stat */

static struct switch_slot *inject__switch_slot(struct inject *inj, u32 tid, bool create)
{
	size_t i;

	if (create && (inj->nr_sw + 1) * 2 > inj->sw_cap) {
		struct switch_slot *old = inj->sw;
		size_t oldcap = inj->sw_cap;

		inj->sw_cap = oldcap ? oldcap * 2 : 1024;
		inj->sw = xcalloc(inj->sw_cap, sizeof(*inj->sw));
		for (size_t j = 0; j < oldcap; j++) {
			if (!old[j].used)
				continue;
			for (i = old[j].tid % inj->sw_cap; inj->sw[i].used; i = (i + 1) % inj->sw_cap)
				;
			inj->sw[i] = old[j];
		}
		free(old);
	}
	if (!inj->sw_cap)
		return NULL;
	for (i = tid % inj->sw_cap; inj->sw[i].used; i = (i + 1) % inj->sw_cap)
		if (inj->sw[i].tid == tid)
			return &inj->sw[i];
	if (!create)
		return NULL;
	inj->sw[i].used = true;
	inj->sw[i].tid = tid;
	inj->sw[i].rec = NULL;
	inj->nr_sw++;
	return &inj->sw[i];
}

/*
 * perf inject -s: a sched_switch SAMPLE is kept (by its thread) and not
 * copied, a sched_process_exit forgets the thread, and a sched_stat_*
 * SAMPLE (sleep, wait, iowait, blocked, runtime) becomes the kept switch
 * of the thread its "pid" field names, with the stat's period (the time
 * slept) and time: the call chain where it went to sleep, weighted by how
 * long. A stat of a thread with no switch seen is dropped. 1: not one of
 * these; 0 or -errno: handled.
 */
static int inject__sched_stat(struct inject *inj, union perf_event *ev, struct perf_sample *sample)
{
	struct session_evsel *e = session__evsel_by_id(inj->session, sample->id);
	const char *name = e && e->attr.type == PERF_TYPE_TRACEPOINT ? session_evsel__name(e) : NULL;
	struct switch_slot *slot;
	struct perf_sample sw;
	u64 pid;

	if (!name)
		return 1;
	if (!strcmp(name, "sched:sched_switch")) {
		slot = inject__switch_slot(inj, sample->tid, true);
		free(slot->rec);
		slot->rec = xmalloc(ev->header.size);
		memcpy(slot->rec, ev, ev->header.size);
		slot->evsel = e;
		return 0;
	}
	if (!strcmp(name, "sched:sched_process_exit")) {
		slot = inject__switch_slot(inj, sample->tid, false);
		if (slot) {
			free(slot->rec);
			slot->rec = NULL;
		}
		return 0;
	}
	if (!strstarts(name, "sched:sched_stat_"))
		return 1;
	if (!e->tp_format ||
	    !trace_event__field_u64(e->tp_format, sample->raw_data, sample->raw_size, "pid", &pid))
		return 0;
	slot = inject__switch_slot(inj, (u32)pid, false);
	if (!slot || !slot->rec)
		return 0;
	if (perf_sample__parse(&sw, slot->evsel, slot->rec, false))
		return 0;
	sw.period = sample->period;
	sw.time = sample->time;
	strbuf_reset(&inj->sb);
	if (synth__sample(&inj->sb, &e->attr, &sw)) {
		pr_debug(1, "inject -s: a sample this layout cannot be written in\n");
		return 0;
	}
	((struct perf_event_header *)inj->sb.buf)->misc = ((union perf_event *)slot->rec)->header.misc;
	if (inj->build_ids || inj->buildid_all) {
		int ret;

		dso_hits__sample(inj->hits, (const union perf_event *)inj->sb.buf);
		if ((ret = inject__emit_new(inj)) != 0)
			return ret;
	}
	return perf_data_writer__write(inj->w, inj->sb.buf, inj->sb.len);
}

/* ---------------------------------------------------------------- records */

/* A stream's HEADER_ATTR: an event of a file output, the hits' sample layout. */
static int inject__stream_attr(struct inject *inj, const union perf_event *ev)
{
	struct perf_event_attr attr;
	const u8 *b = (const u8 *)ev + sizeof(struct perf_event_header);
	u32 size, avail = ev->header.size - (u32)sizeof(struct perf_event_header);
	const u64 *ids;
	u32 nr;

	if (avail < PERF_ATTR_SIZE_VER0)
		return 0;	/* the session says what is wrong with it */
	memcpy(&size, b + 4, sizeof(size));
	if (size < PERF_ATTR_SIZE_VER0 || size > avail)
		size = PERF_ATTR_SIZE_VER0;
	memset(&attr, 0, sizeof(attr));
	memcpy(&attr, b, size < sizeof(attr) ? size : sizeof(attr));
	nr = (avail - size) / 8;
	ids = (const u64 *)(b + size);	/* records are 8-byte aligned here */
	dso_hits__add_event(inj->hits, attr.sample_type, ids, (int)nr);
	return 0;	/* a file's attrs are written at the start, a stream's copied */
}

static int inject__record(struct session *s, union perf_event *ev, struct perf_sample *sample,
			  u64 offset)
{
	struct inject *inj = session__tool_priv(s);
	bool file_out = !perf_data_writer__is_pipe(inj->w);
	size_t len = ev->header.size;
	u32 type = ev->header.type;
	int ret;

	(void)sample;
	(void)offset;
	/* a stream's header: a file's attrs and features, or copied to a stream */
	if (type == PERF_RECORD_HEADER_ATTR && inj->started) {
		inject__stream_attr(inj, ev);	/* the hits' sample layout */
		return perf_data_writer__write(inj->w, ev, len);
	}
	if (!inj->started) {
		switch (type) {
		case PERF_RECORD_HEADER_ATTR:
			return inject__stream_attr(inj, ev);
		case PERF_RECORD_HEADER_FEATURE:
			if (file_out) {
				u64 feat;

				if (len < 16)
					return 0;
				memcpy(&feat, (u8 *)ev + 8, 8);
				if (feat < HEADER_FEAT_KNOWN && inject__copies_feature((int)feat))
					perf_data_writer__set_feature(inj->w, (int)feat,
								      (u8 *)ev + 16, len - 16);
				return 0;
			}
			break;
		case PERF_RECORD_EVENT_UPDATE:
			/* names and units the session takes before the attrs are written */
			if (file_out) {
				strbuf_add(&inj->held, ev, len);
				return 0;
			}
			break;
		case PERF_RECORD_HEADER_TRACING_DATA:
			if (file_out) {
				u32 size;

				memcpy(&size, (u8 *)ev + 8, 4);
				perf_data_writer__set_feature(inj->w, HEADER_TRACING_DATA,
							      (u8 *)ev + len, size);
				return 0;
			}
			break;
		default:
			break;
		}
		ret = inject__start(inj, NULL, 0);
		if (ret)
			return ret;
	}
	if (type == PERF_RECORD_HEADER_TRACING_DATA) {
		u32 size;

		memcpy(&size, (u8 *)ev + 8, 4);
		len += size;
	} else if (type == PERF_RECORD_AUXTRACE) {
		u64 size;

		memcpy(&size, (u8 *)ev + 8, 8);
		len += size;
	} else if (type == PERF_RECORD_HEADER_BUILD_ID && len >= sizeof(struct perf_build_id_rec)) {
		/* a stream's own build-id records count as known */
		const struct perf_build_id_rec *r = (const void *)ev;
		const char *name = (const char *)(r + 1);
		size_t max = len - sizeof(*r);

		if (strnlen(name, max) < max && !inject__find_id(inj, name))
			inject__add_id(inj, r->pid, r->header.misc & ~PERF_RECORD_MISC_BUILD_ID_SIZE,
				       r->build_id,
				       r->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE ? r->size : 20,
				       name);
	}
	if (type == PERF_RECORD_TIME_CONV)
		tsc_conv__read(&inj->tsc, ev);
	/*
	 * A code load's MMAP2 is written with the marker, ahead of its
	 * time: a reader flushing its queue at each round's end would
	 * apply it too early. perf inject -j drops the rounds too.
	 */
	if (inj->jit && type == PERF_RECORD_FINISHED_ROUND)
		return 0;
	if (inj->sched_stat && type == PERF_RECORD_SAMPLE && sample &&
	    (ret = inject__sched_stat(inj, ev, sample)) <= 0)
		return ret;
	if (inj->jit && (type == PERF_RECORD_MMAP || type == PERF_RECORD_MMAP2)) {
		const char *name = type == PERF_RECORD_MMAP ? ev->mmap.filename : ev->mmap2.filename;
		u32 pid = type == PERF_RECORD_MMAP ? ev->mmap.pid : ev->mmap2.pid;

		if (jitdump__is_marker(name, (pid_t)pid))
			return inject__jit_dump(inj, name);
	}
	if (inj->build_ids || inj->buildid_all) {
		switch (type) {
		case PERF_RECORD_MMAP:
		case PERF_RECORD_MMAP2:
			dso_hits__side(inj->hits, ev);
			if (inj->buildid_all && (ret = inject__emit_new(inj)) != 0)
				return ret;
			break;
		case PERF_RECORD_FORK:
		case PERF_RECORD_NAMESPACES:
			dso_hits__side(inj->hits, ev);
			break;
		case PERF_RECORD_SAMPLE:
			dso_hits__sample(inj->hits, ev);
			if ((ret = inject__emit_new(inj)) != 0)
				return ret;
			break;
		default:
			break;
		}
	}
	return perf_data_writer__write(inj->w, ev, len);
}

static int inject__unknown(struct session *s, union perf_event *ev)
{
	return inject__record(s, ev, NULL, 0);
}

/* ---------------------------------------------------------------- the command */

static int inject__run(struct inject *inj)
{
	struct tool tool = {
		.dump = inject__record,
		.unknown = inject__unknown,
		/*
		 * -s pairs a thread's switch with its later stat: in time
		 * order; -j too, as perf's: the records come out sorted
		 */
		.ordered_events = inj->sched_stat || inj->jit,
		.priv = inj,
	};
	int ret = 0;

	if (inj->in_pipe && perf_data_writer__is_pipe(inj->w)) {
		/* a stream's header records are copied as they come */
		inj->started = true;
		ret = perf_data_writer__start_copy(inj->w);
	} else if (!inj->in_pipe) {
		ret = inject__copy_file_header(inj);
		if (!ret) {
			const struct perf_header *h = session__header(inj->session);
			const struct perf_file_section *td = &h->feat_sec[HEADER_TRACING_DATA];
			const void *tracing = NULL;

			/* a stream carries the tracing data as a record */
			if (perf_data_writer__is_pipe(inj->w) && td->size &&
			    feat_bit_test(session__file_header(inj->session)->adds_features,
					  HEADER_TRACING_DATA))
				tracing = session__file_bytes(inj->session, td->offset, td->size);
			ret = inject__start(inj, tracing, tracing ? td->size : 0);
		}
	}
	if (!ret)
		ret = session__process_events(inj->session, &tool);
	if (ret < 0) {
		const char *msg = session__strerror(inj->session);

		if (*msg)
			error("%s", msg);
		else if (!inj->said)
			error("%s: %s", inj->output, strerror(-ret));
		return ret;
	}
	if (!inj->started && (ret = inject__start(inj, NULL, 0)) != 0) {
		error("%s: %s", inj->output, strerror(-ret));
		return ret;
	}
	if (!perf_data_writer__is_pipe(inj->w) && (inj->build_ids || inj->buildid_all)) {
		/* what record lists besides the hits: the kernel and [vdso] always */
		struct writer_build_id *all;
		size_t nr = dso_hits__build_ids(inj->hits, NULL, &all);

		if (inj->same_kernel < 0)
			inj->same_kernel = same_kernel(inj->session);
		for (size_t i = 0; i < nr; i++)
			if (inj->same_kernel && !inject__find_id(inj, all[i].filename))
				inject__add_id(inj, all[i].pid, all[i].misc, all[i].build_id,
					       all[i].size, all[i].filename);
		free(all);
	}
	if (!perf_data_writer__is_pipe(inj->w) && inj->nr_ids)
		perf_data_writer__set_build_ids(inj->w, inj->ids, inj->nr_ids);
	return 0;
}

int cmd_inject(int argc, const char **argv)
{
	struct inject inj = { .input = "-", .output = "-", .same_kernel = -1, .sb = STRBUF_INIT,
			      .held = STRBUF_INIT };
	const char *itrace = NULL, *guest = NULL, *guestmount = NULL, *vmtc = NULL;
	const char *kallsyms = NULL;
	bool ignore_vmlinux = false;
	char *errmsg = NULL;
	u64 missing, file_end;
	int ret, fd;
	const struct option options[] = {
		OPT_BOOLEAN('b', "build-ids", &inj.build_ids, "Inject build-ids into the output stream"),
		OPT_BOOLEAN(0, "buildid-all", &inj.buildid_all,
			    "Inject build-ids of all DSOs into the output stream"),
		OPT_STRING(0, "known-build-ids", &inj.known_build_ids, "buildid path [,buildid path...]",
			   "build-ids to use for given paths"),
		OPT_STRING('i', "input", &inj.input, "file", "input file name"),
		OPT_STRING('o', "output", &inj.output, "file", "output file name"),
		OPT_BOOLEAN('s', "sched-stat", &inj.sched_stat,
			    "Merge sched-stat and sched-switch for getting events where and how long tasks slept"),
		OPT_BOOLEAN('j', "jit", &inj.jit, "merge jitdump files into perf.data file"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show build ids, etc)"),
		OPT_STRING('k', "vmlinux", &inj.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &ignore_vmlinux, "don't load vmlinux even if found"),
		OPT_STRING(0, "kallsyms", &kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN('f', "force", &inj.force, "don't complain, do it"),
		OPT_STRING_OPTARG(0, "itrace", &itrace, "opts", "Instruction Tracing options", ""),
		OPT_BOOLEAN(0, "strip", &inj.strip, "strip non-synthesized events (use with --itrace)"),
		OPT_STRING_OPTARG(0, "vm-time-correlation", &vmtc, "opts",
				  "correlate time between VM guests and the host", ""),
		OPT_STRING_OPTARG(0, "guest-data", &guest, "opts",
				  "inject events from a guest perf.data file", ""),
		OPT_STRING(0, "guestmount", &guestmount, "directory",
			   "guest mount directory under which every guest os instance has a subdir"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, inject_usage, 0);
	if (argc)
		usage_with_options(inject_usage, options);
	/* what this build cannot do, refused as such rather than ignored */
	if (itrace || kallsyms || ignore_vmlinux) {
		error("--%s: perf uses it to decode AUX area traces (Intel PT, CoreSight, SPE), "
		      "which prof does not decode", itrace ? "itrace" : kallsyms ? "kallsyms" :
		      "ignore-vmlinux");
		return -1;
	}
	if (inj.strip) {
		error("--strip option requires --itrace option");
		return -1;
	}
	if (vmtc || guest || guestmount) {
		error("--%s: prof does not inject virtual machine guests' data",
		      vmtc ? "vm-time-correlation" : guest ? "guest-data" : "guestmount");
		return -1;
	}
	if (inj.known_build_ids && inject__parse_known(&inj, inj.known_build_ids))
		return -1;

	ret = session__open_input(&inj.session, inj.input, inj.force, &errmsg);
	if (ret < 0) {
		session__open_error(ret, inj.input, errmsg);
		free(errmsg);
		return -1;
	}
	if (session__needs_swap(inj.session)) {
		error("%s: written on a machine of the other byte order; prof inject writes "
		      "this machine's and cannot convert its header yet", inj.input);
		session__delete(inj.session);
		return -1;
	}
	inj.in_pipe = session__is_pipe(inj.session);
	missing = session__data_missing(inj.session, &file_end);
	if (missing) {
		/*
		 * A copy would look whole while records are missing; perf
		 * refuses too (it reads the missing tail as a bad record).
		 */
		error("%s: offset 0x%" PRIx64 ": the data section runs %" PRIu64
		      " bytes past the end of the file (truncated file?)", inj.input,
		      file_end, missing);
		session__delete(inj.session);
		return -1;
	}
	if (same_file(inj.input, inj.output)) {
		/* truncating what is being read would pull the file from under it */
		error("%s: the input and the output are the same file", inj.output);
		session__delete(inj.session);
		return -1;
	}
	if (!strcmp(inj.output, "-"))
		ret = perf_data_writer__open_fd(&inj.w, STDOUT_FILENO, false);
	else
		ret = perf_data_writer__open(&inj.w, inj.output, false);
	if (ret) {
		error("cannot create %s: %s", inj.output, strerror(-ret));
		session__delete(inj.session);
		return -1;
	}
	inj.hits = dso_hits__new();
	dso_hits__set_all(inj.hits, inj.buildid_all);
	if (inj.vmlinux)
		dso_hits__set_vmlinux(inj.hits, inj.vmlinux);

	ret = inject__run(&inj);
	if (!ret) {
		ret = perf_data_writer__close(inj.w);
		if (ret)
			error("%s: %s", inj.output, strerror(-ret));
	} else {
		perf_data_writer__delete(inj.w);
		/* nothing half-made is left behind */
		if (strcmp(inj.output, "-"))
			unlink(inj.output);
	}
	fd = ret;
	dso_hits__delete(inj.hits);
	session__delete(inj.session);
	for (size_t i = 0; i < inj.nr_ids; i++)
		free((char *)inj.ids[i].filename);
	free(inj.ids);
	for (size_t i = 0; i < inj.nr_known; i++)
		free(inj.known[i].path);
	free(inj.known);
	strbuf_release(&inj.sb);
	strbuf_release(&inj.held);
	for (size_t i = 0; i < inj.sw_cap; i++)
		free(inj.sw[i].rec);
	free(inj.sw);
	return fd ? -1 : 0;
}
