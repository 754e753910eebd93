// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0301-perf-data-reader: format corners of the reader.
 *
 * - a big-endian file (our writer's output converted field by field, as a
 *   big-endian host lays it out) reads like the original;
 * - truncating a file anywhere, or flipping bytes, gives a clean error or a
 *   clean read, never a crash (ASan builds make this strict);
 * - stream mode (a real pipe) reads what file mode reads;
 * - corpus corners: attr.size 136, COMPRESSED2, zstd, header features
 *   compared with what perf 6.1 printed for --header.
 */
#include "prof/compat.h"
#include "prof/data-writer.h"
#include "prof/header.h"
#include "prof/header-print.h"
#include "prof/session.h"
#include "prof/stats-print.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <byteswap.h>
#include <fcntl.h>
#include <sys/wait.h>

#define CORPUS PROF_SRCDIR "/../shared/corpus"
#define PID 777
#define NR_SAMPLES 6

static char tmpdir[] = "/tmp/prof-t0301-XXXXXX";

static char *tmp_path(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

static void sample_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_TASK_CLOCK;
	a->sample_period = 100000;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			 PERF_SAMPLE_PERIOD;
	a->sample_id_all = 1;
	a->exclude_kernel = 1;
	a->mmap2 = 1;
	a->comm = 1;
}

/* A small file: HOSTNAME + EVENT_DESC features, COMM, MMAP2, samples, EXIT. */
static int write_small(const char *path)
{
	struct perf_data_writer *w;
	struct perf_event_attr attr;
	struct strbuf sb = STRBUF_INIT;
	struct synth_mmap2 m = { .misc = PERF_RECORD_MISC_USER, .pid = PID, .tid = PID + 1,
				 .start = 0x10000, .len = 0x2000, .pgoff = 0x1000, .maj = 3,
				 .min = 4, .ino = 99, .ino_generation = 7, .prot = 5,
				 .flags = 2, .filename = "/bin/small" };
	u64 id = 5;
	u32 idh;
	int ret;

	sample_attr(&attr);
	idh = sample_type__id_hdr_size(attr.sample_type);
	ret = perf_data_writer__open(&w, path, false);
	if (ret)
		return ret;
	perf_data_writer__add_event(w, &attr, "task-clock:u", &id, 1);
	perf_data_writer__set_string(w, HEADER_HOSTNAME, "bigendian-box");
	perf_data_writer__start(w);
	synth__comm(&sb, PID, PID + 1, "small", false, idh);
	synth__mmap2(&sb, &m, idh);
	for (int i = 0; i < NR_SAMPLES; i++) {
		struct perf_sample s = { .ip = 0x10100 + (u64)i, .pid = PID, .tid = PID + 1,
					 .time = 5000 + (u64)i, .period = 100000 + (u64)i,
					 .cpumode = PERF_RECORD_MISC_USER };

		synth__sample(&sb, &attr, &s);
	}
	synth__finished_round(&sb);
	synth__exit(&sb, PID, 1, PID + 1, 1, 9000, idh);
	perf_data_writer__write(w, sb.buf, sb.len);
	strbuf_release(&sb);
	return perf_data_writer__close(w);
}

/* ---- little-endian to big-endian, field by field ---- */

static void be16(u8 *p) { u16 v; memcpy(&v, p, 2); v = bswap_16(v); memcpy(p, &v, 2); }
static void be32(u8 *p) { u32 v; memcpy(&v, p, 4); v = bswap_32(v); memcpy(p, &v, 4); }
static void be64(u8 *p) { u64 v; memcpy(&v, p, 8); v = bswap_64(v); memcpy(p, &v, 8); }
static u64 rd64(const u8 *p) { u64 v; memcpy(&v, p, 8); return v; }
static u32 rd32(const u8 *p) { u32 v; memcpy(&v, p, 4); return v; }

/* trailer for IP|TID|TIME|PERIOD: {u32 pid, u32 tid}, u64 time */
static void be_trailer(u8 *end)
{
	be32(end - 16);
	be32(end - 12);
	be64(end - 8);
}

static void be_record(u8 *r)
{
	u32 type = rd32(r);
	u16 size;

	memcpy(&size, r + 6, 2);
	switch (type) {
	case PERF_RECORD_COMM:
		be32(r + 8); be32(r + 12);
		be_trailer(r + size);
		break;
	case PERF_RECORD_MMAP2:
		be32(r + 8); be32(r + 12);
		be64(r + 16); be64(r + 24); be64(r + 32);
		be32(r + 40); be32(r + 44); be64(r + 48); be64(r + 56);
		be32(r + 64); be32(r + 68);
		be_trailer(r + size);
		break;
	case PERF_RECORD_EXIT:
		be32(r + 8); be32(r + 12); be32(r + 16); be32(r + 20); be64(r + 24);
		be_trailer(r + size);
		break;
	case PERF_RECORD_SAMPLE:
		be64(r + 8); be32(r + 16); be32(r + 20); be64(r + 24); be64(r + 32);
		break;
	default:
		break;
	}
	be32(r);
	be16(r + 4);
	be16(r + 6);
}

static int make_big_endian(const char *in, const char *out)
{
	size_t len;
	u8 *f = (u8 *)read_file_str(in, &len);
	u64 attrs_off, data_off, data_size, feat_off, ids_off, nr_ids;
	int fd;

	if (!f)
		return -1;
	attrs_off = rd64(f + 24);
	data_off = rd64(f + 40);
	data_size = rd64(f + 48);
	feat_off = data_off + data_size;
	ids_off = rd64(f + attrs_off + 128);
	nr_ids = rd64(f + attrs_off + 136) / 8;
	for (u64 i = 0; i < nr_ids; i++)
		be64(f + ids_off + i * 8);
	perf_event_attr__swap(f + attrs_off, 128);
	be64(f + attrs_off + 128);
	be64(f + attrs_off + 136);
	for (u64 off = data_off; off < feat_off; ) {
		u16 size;

		memcpy(&size, f + off + 6, 2);
		be_record(f + off);
		off += size;
	}
	/* features: HOSTNAME (3) then EVENT_DESC (12) */
	{
		u8 *tab = f + feat_off;
		u64 host_off = rd64(tab), desc_off = rd64(tab + 16);
		u8 *d = f + desc_off;
		u32 namelen;

		be32(f + host_off);
		be32(d);			/* nr */
		be32(d + 4);			/* attr size */
		perf_event_attr__swap(d + 8, 128);
		be32(d + 136);			/* nr_ids */
		namelen = rd32(d + 140);
		be32(d + 140);
		be64(d + 144 + namelen);	/* the id */
		for (int i = 0; i < 4; i++)
			be64(tab + i * 8);
	}
	for (int i = 0; i < 13; i++)	/* magic .. bitmap: all u64 */
		be64(f + i * 8);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, f, len) != (ssize_t)len) {
		free(f);
		return -1;
	}
	close(fd);
	free(f);
	return 0;
}

/* ---- what a tool sees ---- */

struct seen {
	struct strbuf log;
};

static int log_sample(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct seen *x = session__tool_priv(s);

	strbuf_addf(&x->log, "S %u/%u t=%" PRIu64 " ip=%#" PRIx64 " p=%" PRIu64 "\n",
		    sm->pid, sm->tid, sm->time, sm->ip, sm->period);
	return 0;
}

static int log_comm(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct seen *x = session__tool_priv(s);

	strbuf_addf(&x->log, "C %u/%u %s t=%" PRIu64 " %u/%u\n", ev->comm.pid, ev->comm.tid,
		    ev->comm.comm, sm->time, sm->pid, sm->tid);
	return 0;
}

static int log_mmap2(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct seen *x = session__tool_priv(s);
	const struct perf_record_mmap2 *m = &ev->mmap2;

	strbuf_addf(&x->log, "M %u/%u %#" PRIx64 "+%#" PRIx64 "@%#" PRIx64 " %u:%u %" PRIu64
		    "/%" PRIu64 " %u %u %s\n", m->pid, m->tid, m->start, m->len, m->pgoff,
		    m->maj, m->min, m->ino, m->ino_generation, m->prot, m->flags, m->filename);
	return 0;
}

static int log_exit(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct seen *x = session__tool_priv(s);

	strbuf_addf(&x->log, "X %u %u %u %u t=%" PRIu64 "\n", ev->fork.pid, ev->fork.ppid,
		    ev->fork.tid, ev->fork.ptid, ev->fork.time);
	return 0;
}

/* Everything a tool sees, or NULL with *err set. */
static char *read_log(const char *path, char **hostname, char **name, int *swapped, char **err)
{
	struct seen x = { STRBUF_INIT };
	struct tool t = { .sample = log_sample, .comm = log_comm, .mmap2 = log_mmap2,
			  .exit = log_exit, .ordered_events = true, .priv = &x };
	struct session *s;

	*err = NULL;
	if (session__open(&s, path, err))
		return NULL;
	if (session__process_events(s, &t)) {
		*err = xstrdup(session__strerror(s));
		session__delete(s);
		strbuf_release(&x.log);
		return NULL;
	}
	if (hostname)
		*hostname = xstrdup(session__header(s)->hostname ? session__header(s)->hostname : "");
	if (name)
		*name = xstrdup(session__nr_evsels(s) ?
				session_evsel__name(session__evsel(s, 0)) : "");
	if (swapped)
		*swapped = session__needs_swap(s);
	session__delete(s);
	return strbuf_detach(&x.log, NULL);
}

static void test_big_endian(void)
{
	char *le = tmp_path("le.data"), *be = tmp_path("be.data");
	char *a, *b, *err = NULL, *host = NULL, *name = NULL;
	int swapped = -1;

	is_int(write_small(le), 0, "write a small file");
	is_int(make_big_endian(le, be), 0, "convert it to big-endian");
	a = read_log(le, NULL, NULL, NULL, &err);
	ok(a != NULL, "little-endian file reads %s", err ? err : "");
	free(err);
	b = read_log(be, &host, &name, &swapped, &err);
	ok(b != NULL, "big-endian file reads %s", err ? err : "");
	is_int(swapped, 1, "big-endian detected");
	is_str(host, "bigendian-box", "big-endian HOSTNAME feature");
	is_str(name, "task-clock:u", "big-endian EVENT_DESC name");
	is_str(b, a, "every field of every record the same after swapping");
	ok(a && strstr(a, "M 777/778 0x10000+0x2000@0x1000 3:4 99/7 5 2 /bin/small"),
	   "MMAP2 fields");
	free(a);
	free(b);
	free(err);
	free(host);
	free(name);
	free(le);
	free(be);
}

/* ---- pipe mode: HEADER_BUILD_ID records, header_only ---- */

static void test_pipe_records(void)
{
	char *path = tmp_path("pipe.data");
	struct perf_data_writer *w;
	struct perf_event_attr attr;
	struct strbuf sb = STRBUF_INIT;
	struct perf_sample smp = { .ip = 1, .pid = 2, .tid = 3, .time = 4, .period = 5 };
	static const u8 bid[20] = { 0xab, 0xcd };
	struct tool t = { .header_only = true };
	struct session *s;
	char *err = NULL;
	u64 id = 9;
	u32 type = PERF_RECORD_HEADER_BUILD_ID;

	sample_attr(&attr);
	perf_data_writer__open(&w, path, true);
	perf_data_writer__add_event(w, &attr, "task-clock:u", &id, 1);
	perf_data_writer__set_string(w, HEADER_HOSTNAME, "pipe-host");
	perf_data_writer__start(w);
	feat__put_build_id(&sb, -1, PERF_RECORD_MISC_KERNEL, bid, 20, "[kernel.kallsyms]");
	memcpy(sb.buf, &type, 4);	/* the record form of the same entry */
	synth__sample(&sb, &attr, &smp);
	perf_data_writer__write(w, sb.buf, sb.len);
	is_int(perf_data_writer__close(w), 0, "pipe file with a HEADER_BUILD_ID record");
	strbuf_release(&sb);

	if (ok(session__open(&s, path, &err) == 0, "open it %s", err ? err : "")) {
		is_int(session__process_events(s, &t), 0, "header_only walk");
		is_str(session__header(s)->hostname, "pipe-host", "features read before the marker");
		is_int((long long)session__stats(s)->nr_events[PERF_RECORD_SAMPLE], 0,
		       "header_only stops at the feature end marker");
		session__delete(s);
	}
	free(err);
	t.header_only = false;
	if (ok(session__open(&s, path, &err) == 0, "open it again")) {
		struct perf_header *h = session__header(s);

		is_int(session__process_events(s, &t), 0, "full walk");
		ok(h->nr_build_ids == 1 && h->build_ids[0].build_id[1] == 0xcd &&
		   !strcmp(h->build_ids[0].filename, "[kernel.kallsyms]") &&
		   h->build_ids[0].pid == -1, "HEADER_BUILD_ID record kept in the header");
		is_int((long long)session__stats(s)->nr_events[PERF_RECORD_SAMPLE], 1, "the sample");
		session__delete(s);
	}
	free(err);
	unlink(path);
	free(path);
}

#ifdef HAVE_ZSTD
#include <zstd.h>

/* A COMPRESSED2 record expanding to 200 MB of FINISHED_ROUNDs. */
static void test_zstd_bomb(void)
{
	char *path = tmp_path("bomb.data");
	struct perf_data_writer *w;
	struct perf_event_attr attr;
	ZSTD_CCtx *cc = ZSTD_createCCtx();
	size_t chunk = 1 << 20, cap = 60000, pos = 0;
	u8 *in = xmalloc(chunk), *out = xmalloc(cap + 16);
	struct perf_event_header fr = { .type = PERF_RECORD_FINISHED_ROUND, .size = 8 };
	struct session *s;
	struct tool t = { .ordered_events = true };
	char *err = NULL;
	u64 id = 1;
	int ret = -1;

	for (size_t i = 0; i < chunk; i += 8)
		memcpy(in + i, &fr, 8);
	for (int i = 0; i < 200; i++) {
		ZSTD_inBuffer ib = { in, chunk, 0 };
		ZSTD_outBuffer ob = { out + 16, cap, pos };

		ZSTD_compressStream2(cc, &ob, &ib, i == 199 ? ZSTD_e_end : ZSTD_e_continue);
		pos = ob.pos;
	}
	{
		struct perf_event_header h = { .type = PERF_RECORD_COMPRESSED2,
					       .size = (u16)ALIGN_UP(16 + pos, (size_t)8) };
		u64 dsz = pos;

		memcpy(out, &h, 8);
		memcpy(out + 8, &dsz, 8);
		sample_attr(&attr);
		perf_data_writer__open(&w, path, true);
		perf_data_writer__add_event(w, &attr, "x", &id, 1);
		perf_data_writer__start(w);
		memset(out + 16 + pos, 0, h.size - 16 - pos);
		perf_data_writer__write(w, out, h.size);
		perf_data_writer__close(w);
	}
	if (ok(session__open(&s, path, &err) == 0, "open the zstd bomb")) {
		ret = session__process_events(s, &t);
		ok(ret == -EINVAL && strstr(session__strerror(s), "expands more than"),
		   "a %zu-byte record that expands to 200 MB is refused: %s", pos,
		   session__strerror(s));
		session__delete(s);
	}
	free(err);
	ZSTD_freeCCtx(cc);
	free(in);
	free(out);
	unlink(path);
	free(path);
}
#endif

/* ---- hostile input ---- */

static int check_one(const char *path, const u8 *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	struct tool t = { .ordered_events = true };
	struct session *s;
	char *err = NULL;
	int ret;

	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		return -1;
	close(fd);
	ret = session__open(&s, path, &err);
	if (ret) {
		ret = err && !strncmp(err, path, strlen(path)) && strstr(err, "offset 0x") ? 0 : -1;
		if (ret)
			diag("open: %s", err ? err : "(no message)");
		free(err);
		return ret;
	}
	ret = session__process_events(s, &t);
	if (ret)
		ret = strstr(session__strerror(s), ": offset 0x") ? 0 : -1;
	if (ret)
		diag("process: %s", session__strerror(s));
	session__delete(s);
	return ret;
}

static void test_hostile(const char *src, const char *what, unsigned nr_flips)
{
	size_t len;
	u8 *f = (u8 *)read_file_str(src, &len), *copy;
	char *path = tmp_path("hostile.data");
	int bad = 0;
	u64 seed = 0x9e3779b97f4a7c15ULL;
	size_t step;

	if (!ok(f != NULL, "%s: read %s", what, src)) {
		free(path);
		return;
	}
	step = len / 300 + 1;
	for (size_t cut = 0; cut < len; cut += step)
		bad += check_one(path, f, cut) != 0;
	is_int(bad, 0, "%s: truncated anywhere: clean errors", what);
	copy = xmalloc(len);
	bad = 0;
	for (unsigned i = 0; i < nr_flips; i++) {
		memcpy(copy, f, len);
		for (int k = 0; k < 4; k++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			copy[(seed >> 17) % len] ^= (u8)(1u << ((seed >> 7) & 7));
			if (k == 0 && (seed & 0x10000))
				copy[(seed >> 29) % len] = (u8)(seed >> 40);
		}
		bad += check_one(path, copy, len) != 0;
	}
	is_int(bad, 0, "%s: %u corrupted copies: clean errors or clean reads", what, nr_flips);
	unlink(path);
	free(copy);
	free(path);
	free(f);
}

/* ---- stream mode ---- */

static char *stats_of(struct session *s)
{
	struct tool t = { 0 };
	char *text = NULL;
	size_t len;
	FILE *fp;

	if (session__process_events(s, &t))
		return xstrdup(session__strerror(s));
	fp = open_memstream(&text, &len);
	stats__fprintf(s, fp, true);
	fclose(fp);
	return text;
}

static void test_stream(const char *path)
{
	struct session *s;
	char *err = NULL, *a = NULL, *b = NULL;
	int p[2];
	pid_t pid;

	if (session__open(&s, path, &err) == 0) {
		a = stats_of(s);
		session__delete(s);
	}
	free(err);
	if (pipe(p) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		size_t len;
		char *f = read_file_str(path, &len);
		ssize_t n;

		close(p[0]);	/* a reader that stops early must not block us */
		n = f ? write(p[1], f, len) : -1;

		_exit(n == (ssize_t)len ? 0 : 1);
	}
	close(p[1]);
	if (ok(session__open_fd(&s, p[0], "pipe:[test]", &err) == 0, "open a real pipe %s",
	       err ? err : "")) {
		is_int(session__is_pipe(s), 1, "stream is pipe-mode data");
		b = stats_of(s);
		session__delete(s);
	} else {
		close(p[0]);
	}
	waitpid(pid, NULL, 0);
	ok(a && b && !strcmp(a, b), "a stream reads like the same bytes mapped from a file");
	free(a);
	free(b);
	free(err);
}

/* ---- corpus corners ---- */

static struct session *open_processed(const char *rel, struct tool *t)
{
	char *path = xasprintf("%s/perf-data/%s", CORPUS, rel);
	struct session *s;
	char *err = NULL;
	struct tool none = { 0 };

	if (session__open(&s, path, &err)) {
		diag("%s", err);
		free(err);
		free(path);
		return NULL;
	}
	free(path);
	if (session__process_events(s, t ? t : &none)) {
		diag("%s", session__strerror(s));
		session__delete(s);
		return NULL;
	}
	return s;
}

static u64 payload_bytes, payload_records;

/* AUXTRACE: u64 size at offset 8, that many bytes after header.size */
static int on_auxtrace(struct session *s, union perf_event *ev)
{
	u64 size;
	const u8 *p = (const u8 *)ev + ev->header.size;

	memcpy(&size, (const u8 *)ev + 8, 8);
	for (u64 i = 0; i < size; i++)
		payload_bytes += p[i] != 0xa5;	/* reads every byte (ASan) */
	payload_records++;
	return 0;
}

/* TRACING_DATA: u32 size at offset 8, that many bytes after header.size */
static int on_tracing_data(struct session *s, union perf_event *ev)
{
	u32 size;
	const u8 *p = (const u8 *)ev + ev->header.size;

	memcpy(&size, (const u8 *)ev + 8, 4);
	for (u32 i = 0; i < size; i++)
		payload_bytes += p[i] != 0xa5;
	payload_records++;
	/* the blob starts with the tracing_data magic "\x17\x08\x44tracing" */
	return memcmp(p + 3, "tracing", 7) ? -EINVAL : 0;
}

static void test_corpus_corners(void)
{
	struct session *s;
	struct tool aux = { .auxtrace = on_auxtrace, .tracing_data = on_tracing_data,
			    .ordered_events = true };

	s = open_processed("perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14", &aux);
	ok(s && payload_records == 2 && payload_bytes > 0,
	   "AUXTRACE payloads after header.size reach the tool (%" PRIu64 " bytes)", payload_bytes);
	session__delete(s);
	payload_records = payload_bytes = 0;
	s = open_processed("perf_data_converter/quipper_testdata/perf.data.piped.intel_pt-4.14", &aux);
	ok(s && payload_records > 0 && payload_bytes > 0, "the same in a stream");
	session__delete(s);
	payload_records = payload_bytes = 0;
	s = open_processed("perfparser/tests_auto_perfdata/probe.data.stream", &aux);
	ok(s && payload_records == 1 && payload_bytes > 1000,
	   "TRACING_DATA payload in a stream reaches the tool");
	session__delete(s);

	s = open_processed("linux-perf-data/fixtures/sleep.data", NULL);
	if (ok(s != NULL, "perf 6.16 file with attr.size 136 reads")) {
		is_int(session__evsel(s, 0)->disk_attr_size, 136, "attr size 136 kept");
		is_int(session__file_header(s)->attr_size, 152, "attr_size 152 in the header");
		is_int((long long)session__evsel(s, 0)->nr_samples, 7, "its 7 samples");
		session__delete(s);
	}
#ifdef HAVE_ZSTD
	s = open_processed("linux-perf-data/fixtures/sleep.compressed2.data", NULL);
	if (ok(s != NULL, "COMPRESSED2 file reads")) {
		ok(session__stats(s)->nr_events[PERF_RECORD_COMPRESSED2] > 0 &&
		   session__stats(s)->nr_decompressed > 0, "COMPRESSED2 records decompressed");
		is_int((long long)session__stats(s)->nr_events[PERF_RECORD_SAMPLE], 7,
		       "samples inside them counted");
		session__delete(s);
	}
	s = open_processed("linux-perf-data/fixtures/fibo.compressed2.pipe.data", NULL);
	if (ok(s != NULL, "compressed pipe stream from perf 6.16 reads")) {
		is_int((long long)session__stats(s)->nr_events[PERF_RECORD_SAMPLE], 547,
		       "all its samples");
		session__delete(s);
	}
	s = open_processed("perfparser/tests_auto_perfdata/vector_static_gcc/perf.data.zstd", NULL);
	if (ok(s != NULL, "zstd file (COMPRESSED) reads")) {
		is_int(session__header(s)->comp.type, 1, "COMPRESSED feature: zstd");
		is_int((long long)session__stats(s)->nr_events[PERF_RECORD_COMPRESSED], 3,
		       "three COMPRESSED records");
		session__delete(s);
	}
#else
	s = open_processed("linux-perf-data/fixtures/sleep.compressed2.data", NULL);
	ok(s == NULL, "without zstd a compressed file is refused");
	session__delete(s);
#endif
}

/* "# key : value" from perf's --header output, or NULL. */
static char *header_value(const char *text, const char *key)
{
	char *pat = xasprintf("\n# %s : ", key);
	const char *p = strstr(text, pat), *e;
	char *v = NULL;

	if (p) {
		p += strlen(pat);
		e = strchr(p, '\n');
		v = xstrndup(p, e ? (size_t)(e - p) : strlen(p));
	}
	free(pat);
	return v;
}

static bool has_prefix_in(const char *line, const char *const *prefixes)
{
	for (; *prefixes; prefixes++)
		if (strstarts(line, *prefixes))
			return true;
	return false;
}

/* The lines of @text that start with one of @prefixes, as perf 6.1 shows them. */
static size_t keep_lines(const char *text, const char *const *prefixes, struct strbuf *sb)
{
	size_t lines = 0;

	for (const char *l = text; l && *l; ) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l + 1) : strlen(l);

		if (has_prefix_in(l, prefixes) && !strstarts(l, "# pmu mappings: not available")) {
			strbuf_add(sb, l, n);
			lines++;
		}
		l += n;
	}
	return lines;
}

/* The features of @s as prof prints them with -I (the real printer; pipe
 * streams too, whose features came as records). */
static char *render_header(struct session *s)
{
	const struct perf_header *h = session__header(s);
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return NULL;
	for (int feat = 1; feat < HEADER_LAST_FEATURE_61; feat++)
		if (feat_bit_test(h->feat_bitmap, feat))
			header__fprintf_feature(s, feat, true, fp);
	fclose(fp);
	return buf;
}

static void test_header_render(void)
{
	static const char *const prefixes[] = {
		"# sibling ", "# CPU ", "# Core ID", "# node", "# pmu mappings: ",
		"#  L", "# time of first sample", "# time of last sample",
		"# compressed :", "# cpu pmu capabilities:", NULL,
	};
	char *list = read_file_str(CORPUS "/readable-by-perf61.txt", NULL);
	int files = 0, same = 0;
	size_t lines = 0;

	if (!list)
		return;
	for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
		char *hp = xasprintf("%s/perf61-outputs/%s.header.txt", CORPUS, line);
		char *text = read_file_str(hp, NULL);
		struct session *s = text ? open_processed(line, NULL) : NULL;
		struct strbuf ours = STRBUF_INIT, theirs = STRBUF_INIT;

		free(hp);
		if (!s) {
			free(text);
			continue;
		}
		{
			char *mine = render_header(s);

			keep_lines(mine, prefixes, &ours);
			free(mine);
		}
		lines += keep_lines(text, prefixes, &theirs);
		files++;
		if (!strcmp(ours.buf, theirs.buf))
			same++;
		else
			diag("%s:\nprof:\n%sperf:\n%s", line, ours.buf, theirs.buf);
		strbuf_release(&ours);
		strbuf_release(&theirs);
		session__delete(s);
		free(text);
	}
	free(list);
	is_int(same, files, "topology, NUMA, PMU, cache, sample time, compression and PMU caps "
	       "as perf prints them (%zu lines)", lines);
}

static void test_header_features(void)
{
	char *list = read_file_str(CORPUS "/readable-by-perf61.txt", NULL);
	int checked = 0, wrong = 0;

	if (!list)
		return;
	for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
		char *hp = xasprintf("%s/perf61-outputs/%s.header.txt", CORPUS, line);
		char *text = read_file_str(hp, NULL);
		struct session *s = text ? open_processed(line, NULL) : NULL;
		struct perf_header *h;
		struct { const char *key; char *mine; } f[8];
		int n = 0;

		free(hp);
		if (!s) {
			free(text);
			continue;
		}
		h = session__header(s);
		if (perf_header__has_feat(h, HEADER_HOSTNAME))
			f[n++] = (typeof(f[0])){ "hostname", xstrdup(h->hostname) };
		if (perf_header__has_feat(h, HEADER_OSRELEASE))
			f[n++] = (typeof(f[0])){ "os release", xstrdup(h->osrelease) };
		if (perf_header__has_feat(h, HEADER_ARCH))
			f[n++] = (typeof(f[0])){ "arch", xstrdup(h->arch) };
		if (perf_header__has_feat(h, HEADER_CPUID))
			f[n++] = (typeof(f[0])){ "cpuid", xstrdup(h->cpuid) };
		if (perf_header__has_feat(h, HEADER_TOTAL_MEM))
			f[n++] = (typeof(f[0])){ "total memory",
				xasprintf("%" PRIu64 " kB", h->total_mem) };
		if (perf_header__has_feat(h, HEADER_NRCPUS)) {
			f[n++] = (typeof(f[0])){ "nrcpus online", xasprintf("%u", h->nr_cpus_online) };
			f[n++] = (typeof(f[0])){ "nrcpus avail", xasprintf("%u", h->nr_cpus_avail) };
		}
		if (perf_header__has_feat(h, HEADER_CMDLINE)) {
			struct strbuf sb = STRBUF_INIT;

			for (u32 i = 0; i < h->nr_cmdline; i++)
				strbuf_addf(&sb, "%s ", h->cmdline[i]);
			f[n++] = (typeof(f[0])){ "cmdline", strbuf_detach(&sb, NULL) };
		}
		for (int i = 0; i < n; i++) {
			char *theirs = header_value(text, f[i].key);
			int stop = h->perf61_stop_feat;
			static const char *const after_stop[] = {
				"total memory", "cmdline", NULL };

			/* perf 6.1 ignores features after one that fails */
			for (int k = 0; stop && stop < HEADER_TOTAL_MEM && after_stop[k]; k++)
				if (!strcmp(f[i].key, after_stop[k]))
					zfree(&theirs);
			if (theirs) {
				checked++;
				if (strcmp(theirs, f[i].mine)) {
					wrong++;
					diag("%s: %s: perf '%s', prof '%s'", line, f[i].key,
					     theirs, f[i].mine);
				}
			}
			free(theirs);
			free(f[i].mine);
		}
		session__delete(s);
		free(text);
	}
	free(list);
	ok(checked > 300, "compared %d header values with perf 6.1's --header", checked);
	is_int(wrong, 0, "all of them equal");
}

static int nr_warnings;

static void quiet_sink(const char *prefix, const char *msg)
{
	nr_warnings++;
}

int main(void)
{
	bool corpus = access(CORPUS "/perf-data", R_OK) == 0;

	alarm(300);
	set_msg_sink(quiet_sink);	/* warnings about corrupt input are expected */
	if (!mkdtemp(tmpdir))
		skip_all("cannot create a temporary directory");
	test_big_endian();
	test_pipe_records();
#ifdef HAVE_ZSTD
	test_zstd_bomb();
#endif
	{
		char *le = tmp_path("le.data");

		write_small(le);
		test_hostile(le, "synthetic file", 300);
		free(le);
	}
	if (corpus) {
		test_hostile(CORPUS "/perf-data/perf_data_converter/quipper_testdata/perf.data.piped.header_features-4.16",
			     "pipe file", 300);
		test_hostile(CORPUS "/perf-data/perfparser/tests_auto_perfdata/vector_static_gcc/perf.data.zstd",
			     "zstd file", 200);
		test_stream(CORPUS "/perf-data/perf_data_converter/quipper_testdata/perf.data.piped.header_features-4.16");
		/* AUXTRACE payloads and compressed records read from a pipe */
		test_stream(CORPUS "/perf-data/perf_data_converter/quipper_testdata/perf.data.piped.intel_pt-4.14");
#ifdef HAVE_ZSTD
		test_stream(CORPUS "/perf-data/linux-perf-data/fixtures/fibo.compressed2.pipe.data");
#endif
		test_corpus_corners();
		test_header_features();
		test_header_render();
	}
	{
		char *le = tmp_path("le.data"), *be = tmp_path("be.data");

		unlink(le);
		unlink(be);
		free(le);
		free(be);
		rmdir(tmpdir);
	}
	return done_testing();
}
