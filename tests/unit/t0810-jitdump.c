// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0810-jitdump: the jitdump reader on hand-made dumps in both byte
 * orders, hostile sizes, and the machine side: code loads and moves named
 * by the sample's time, the marker not mapped, the ownership rule.
 */
#include "prof/compat.h"
#include "prof/jitdump.h"
#include "prof/machine.h"
#include "prof/symbol.h"
#include "prof/util.h"
#include "tap.h"
#include <byteswap.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

/* A dump under construction, in native or swapped order. */
struct wbuf {
	u8 buf[4096];
	size_t len;
	bool swap;
};

static void w32(struct wbuf *w, u32 v)
{
	if (w->swap)
		v = bswap_32(v);
	memcpy(w->buf + w->len, &v, 4);
	w->len += 4;
}

static void w64(struct wbuf *w, u64 v)
{
	if (w->swap)
		v = bswap_64(v);
	memcpy(w->buf + w->len, &v, 8);
	w->len += 8;
}

static void wbytes(struct wbuf *w, const void *p, size_t n)
{
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

static void header(struct wbuf *w, u32 pid, u64 flags)
{
	w32(w, JITDUMP_MAGIC);
	w32(w, 1);
	w32(w, JITDUMP_HEADER_SIZE);
	w32(w, 62);
	w32(w, 0);
	w32(w, pid);
	w64(w, 1);
	w64(w, flags);
}

static const u8 code[6] = { 0x90, 0x90, 0x90, 0x90, 0x90, 0xc3 };

static void load(struct wbuf *w, u64 ts, u32 pid, u64 addr, u64 index, const char *name)
{
	size_t n = strlen(name) + 1;

	w32(w, JIT_CODE_LOAD);
	w32(w, (u32)(56 + n + sizeof(code)));
	w64(w, ts);
	w32(w, pid);
	w32(w, pid);
	w64(w, addr);
	w64(w, addr);
	w64(w, sizeof(code));
	w64(w, index);
	wbytes(w, name, n);
	wbytes(w, code, sizeof(code));
}

static void move(struct wbuf *w, u64 ts, u32 pid, u64 from, u64 to, u64 index)
{
	w32(w, JIT_CODE_MOVE);
	w32(w, 64);
	w64(w, ts);
	w32(w, pid);
	w32(w, pid);
	w64(w, to);
	w64(w, from);
	w64(w, to);
	w64(w, sizeof(code));
	w64(w, index);
}

static void test_reader(bool swap)
{
	struct wbuf w = { .swap = swap };
	struct jitdump_header h;
	struct jit_record r;
	struct jit_debug_entry e;
	size_t pos = 0, rec;
	ssize_t n;
	int hs;

	header(&w, 42, 0);
	load(&w, 100, 42, 0x1000, 7, "alpha");
	move(&w, 200, 42, 0x1000, 0x2000, 7);
	/* DEBUG_INFO promising 5 entries, holding 2 */
	w32(&w, JIT_CODE_DEBUG_INFO);
	w32(&w, 32 + 2 * 16 + 5 + 2);
	w64(&w, 300);
	w64(&w, 0x1000);
	w64(&w, 5);
	w64(&w, 0x1000); w32(&w, 7); w32(&w, 0); wbytes(&w, "a.js", 5);
	w64(&w, 0x1004); w32(&w, 8); w32(&w, 0); w.buf[w.len++] = 0xff; w.buf[w.len++] = 0;
	w32(&w, JIT_CODE_CLOSE);
	w32(&w, 16);
	w64(&w, 400);

	hs = jitdump__read_header(w.buf, w.len, &h);
	is_int(hs, 40, "%s: header size", swap ? "swapped" : "native");
	is_int(h.swapped, swap, "byte order told by the magic");
	is_int(h.pid, 42, "header pid");
	rec = (size_t)hs;

	n = jitdump__read_record(&h, w.buf + rec, w.len - rec, &r);
	is_int(r.id, JIT_CODE_LOAD, "CODE_LOAD");
	is_str(r.load.name, "alpha", "load name");
	is_int(r.load.code_addr, 0x1000, "load address");
	is_int(r.load.code_index, 7, "load index");
	ok(r.load.code && !memcmp(r.load.code, code, sizeof(code)), "code bytes end the record");
	is_int(r.timestamp, 100, "load timestamp");
	rec += (size_t)n;

	n = jitdump__read_record(&h, w.buf + rec, w.len - rec, &r);
	is_int(r.id, JIT_CODE_MOVE, "CODE_MOVE");
	is_int(r.move.old_code_addr, 0x1000, "move from");
	is_int(r.move.new_code_addr, 0x2000, "move to");
	is_int(r.move.code_index, 7, "move index");
	rec += (size_t)n;

	n = jitdump__read_record(&h, w.buf + rec, w.len - rec, &r);
	is_int(r.id, JIT_CODE_DEBUG_INFO, "DEBUG_INFO");
	is_int(r.debug.nr_entry, 2, "nr_entry counts what is there, not what is promised");
	ok(jit_debug_entry__next(&h, &r, &pos, &e) && e.lineno == 7 &&
	   !strcmp(e.filename, "a.js"), "first line entry");
	ok(jit_debug_entry__next(&h, &r, &pos, &e) && e.lineno == 8 && e.addr == 0x1004,
	   "second line entry");
	ok(!jit_debug_entry__next(&h, &r, &pos, &e), "no third entry");
	rec += (size_t)n;

	/* every cut of the CLOSE record is incomplete, not an error */
	for (size_t cut = 0; cut < 16; cut++)
		if (jitdump__read_record(&h, w.buf + rec, cut, &r) != 0)
			break;
	n = jitdump__read_record(&h, w.buf + rec, w.len - rec, &r);
	is_int(n, 16, "CODE_CLOSE is whole at 16 bytes");
	is_int(r.id, JIT_CODE_CLOSE, "CODE_CLOSE");
}

static void test_hostile(void)
{
	struct wbuf w = { 0 };
	struct jitdump_header h;
	struct jit_record r;
	u8 bad[64] = { 0 };
	ssize_t n;

	is_int(jitdump__read_header(bad, 10, &h), -ENODATA, "short header");
	is_int(jitdump__read_header(bad, sizeof(bad), &h), -EINVAL, "bad magic");
	header(&w, 1, 0);
	w.len = 8;
	w32(&w, 12);		/* total_size below the header */
	w.len = 40;
	is_int(jitdump__read_header(w.buf, w.len, &h), -EINVAL, "header total_size < 40");

	w.len = 0;
	header(&w, 1, 0);
	jitdump__read_header(w.buf, w.len, &h);
	/* a load whose code_size is larger than the record: skipped */
	load(&w, 1, 1, 0x1000, 1, "x");
	memset(w.buf + 40 + 40, 0xff, 8);
	n = jitdump__read_record(&h, w.buf + 40, w.len - 40, &r);
	ok(n > 0 && r.id == JIT_CODE_MAX, "code_size beyond the record: skipped");
	/* a load whose name has no NUL before the code: skipped */
	w.len = 40;
	load(&w, 1, 1, 0x1000, 1, "name");
	w.buf[40 + 56 + 4] = 'X';
	n = jitdump__read_record(&h, w.buf + 40, w.len - 40, &r);
	ok(n > 0 && r.id == JIT_CODE_MAX, "unterminated name: skipped");
	/* an unknown type is skipped by its size */
	w.len = 40;
	w32(&w, 99);
	w32(&w, 24);
	w64(&w, 0);
	w64(&w, 0);
	n = jitdump__read_record(&h, w.buf + 40, w.len - 40, &r);
	ok(n == 24 && r.id == JIT_CODE_MAX, "unknown type skipped");
	/* total_size below the prefix cannot be skipped */
	w.len = 40;
	w32(&w, JIT_CODE_CLOSE);
	w32(&w, 8);
	w64(&w, 0);
	is_int(jitdump__read_record(&h, w.buf + 40, w.len - 40, &r), -EINVAL, "total_size < 16");
	/* an UNWINDING_INFO whose sizes exceed its data: skipped */
	w.len = 40;
	w32(&w, JIT_CODE_UNWINDING_INFO);
	w32(&w, 48);
	w64(&w, 0);
	w64(&w, 100);
	w64(&w, 0);
	w64(&w, 0);
	w64(&w, 0);
	n = jitdump__read_record(&h, w.buf + 40, w.len - 40, &r);
	ok(n == 48 && r.id == JIT_CODE_MAX, "unwinding_size beyond the record: skipped");
}

static void test_marker(void)
{
	ok(jitdump__is_marker("/tmp/jit-123.dump", 123), "marker of its pid");
	ok(jitdump__is_marker("/home/u/.debug/jit/java-jit-x/jit-123.dump", 0), "pid 0: any");
	ok(!jitdump__is_marker("/tmp/jit-123.dump", 124), "another pid's dump");
	ok(!jitdump__is_marker("jit-123.dump", 123), "no directory");
	ok(!jitdump__is_marker("/tmp/jit-123.dumpx", 123), "suffix");
	ok(!jitdump__is_marker("/tmp/jit-.dump", 0), "no pid");
	ok(!jitdump__is_marker("/tmp/xjit-123.dump", 123), "prefix");
}

/* The last occurrence of @needle in @s, or NULL. */
static const char *strrstr_last(const char *s, const char *needle)
{
	const char *last = NULL;

	for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
		last = p;
	return last;
}

/* The messages prof would print, for the checks. */
static char msgs[4096];

static void sink(const char *prefix, const char *msg)
{
	size_t n = strlen(msgs);

	snprintf(msgs + n, sizeof(msgs) - n, "%s%s\n", prefix, msg);
}

static const char *name_at(struct machine *m, u64 time, u64 ip)
{
	struct addr_location al;
	static char buf[128];

	machine__jit_advance(m, time);
	machine__resolve(m, 2 /* user */, 42, 42, ip, &al);
	snprintf(buf, sizeof(buf), "%s %s", al.map ? al.map->dso->short_name : "-",
		 al.sym ? al.sym->name : "-");
	addr_location__exit(&al);
	return buf;
}

static void test_machine(const char *dir)
{
	struct wbuf w = { 0 };
	char path[PATH_MAX];
	struct machine *m;
	struct mmap_event ev = { .pid = 42, .tid = 42, .start = 0x7000, .len = 0x1000,
				 .cpumode = 2, .prot = PROT_READ | PROT_EXEC };
	struct mmap_event anon = { .pid = 42, .tid = 42, .start = 0x1000, .len = 0x2000,
				   .cpumode = 2, .prot = PROT_EXEC, .filename = "//anon" };
	int fd;

	header(&w, 42, 0);
	load(&w, 100, 42, 0x1000, 1, "alpha");
	move(&w, 200, 42, 0x1000, 0x2000, 1);
	load(&w, 300, 42, 0x1000, 2, "beta");
	snprintf(path, sizeof(path), "%s/jit-42.dump", dir);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	ok(fd >= 0 && write(fd, w.buf, w.len) == (ssize_t)w.len, "dump written");
	close(fd);
	ev.filename = path;

	m = machine__new_host();
	m->clock_monotonic = true;
	machine__process_mmap(m, &anon);
	machine__process_mmap(m, &ev);
	is_str(name_at(m, 50, 0x1002), "[JIT] tid 42 -", "before the load: the anonymous map");
	is_str(name_at(m, 150, 0x1002), "jitted-42-1.so alpha", "loaded");
	is_str(name_at(m, 250, 0x2002), "jitted-42-1.so alpha", "moved");
	is_str(name_at(m, 250, 0x1002), "jitted-42-1.so alpha", "the old place keeps it");
	is_str(name_at(m, 350, 0x1002), "jitted-42-2.so beta", "reloaded under another name");
	is_str(name_at(m, 350, 0x7002), "- -", "the marker is not mapped");
	/* perf inject drops anonymous maps that follow the marker */
	anon.start = 0x9000;
	machine__process_mmap(m, &anon);
	is_str(name_at(m, 400, 0x9002), "- -", "later //anon map dropped");
	machine__delete(m);

	/* without -k mono the dump is not used (as perf inject), said once */
	m = machine__new_host();
	msgs[0] = '\0';
	anon.start = 0x1000;
	machine__process_mmap(m, &ev);
	machine__process_mmap(m, &ev);
	machine__process_mmap(m, &anon);
	is_str(name_at(m, 150, 0x1002), "[JIT] tid 42 -", "untimed: ignored, //anon kept");
	ok(strstr(msgs, "not recorded with -k mono") &&
	   strstr(msgs, "not recorded with -k mono") == strrstr_last(msgs, "not recorded with -k mono"),
	   "untimed: one warning");
	machine__delete(m);

	/* TSC timestamps: converted with TIME_CONV (shift 1, mult 1: time = tsc / 2) */
	{
		struct wbuf t = { 0 };

		header(&t, 42, JITDUMP_FLAGS_ARCH_TIMESTAMP);
		load(&t, 200, 42, 0x1000, 1, "alpha");
		load(&t, 600, 42, 0x1000, 2, "beta");
		fd = open(path, O_TRUNC | O_WRONLY);
		ok(fd >= 0 && write(fd, t.buf, t.len) == (ssize_t)t.len, "TSC dump written");
		close(fd);
		m = machine__new_host();
		m->tsc.shift = 1;
		m->tsc.mult = 1;
		machine__process_mmap(m, &ev);
		is_str(name_at(m, 150, 0x1002), "jitted-42-1.so alpha", "TSC 200 is time 100");
		is_str(name_at(m, 299, 0x1002), "jitted-42-1.so alpha", "TSC 600 is time 300");
		is_str(name_at(m, 300, 0x1002), "jitted-42-2.so beta", "from time 300 on");
		machine__delete(m);
		fd = open(path, O_TRUNC | O_WRONLY);
		ok(fd >= 0 && write(fd, w.buf, w.len) == (ssize_t)w.len, "dump rewritten");
		close(fd);
	}

	/* truncated: what is complete is read, the rest when it arrives */
	fd = open(path, O_WRONLY);
	ok(fd >= 0 && ftruncate(fd, (off_t)(w.len - 10)) == 0, "dump truncated");
	close(fd);
	m = machine__new_host();
	m->jit_live = true;
	machine__process_mmap(m, &ev);
	is_str(name_at(m, 0, 0x1002), "jitted-42-1.so alpha", "incomplete reload not read");
	fd = open(path, O_WRONLY | O_APPEND);
	ok(fd >= 0 && write(fd, w.buf + w.len - 10, 10) == 10, "the rest arrives");
	close(fd);
	is_int(machine__jit_reread(m), 1, "re-read: one more record");
	is_str(name_at(m, 0, 0x1002), "jitted-42-2.so beta", "reload read");
	machine__delete(m);

	/* another user's dump is refused */
	if (geteuid() == 0) {
		ok(chown(path, 65534, 65534) == 0, "dump given to nobody");
		is_int(jit_file__open(path, true), -EPERM, "another user's file refused");
		symbol_conf.force = true;
		fd = jit_file__open(path, true);
		ok(fd >= 0, "force: used");
		close(fd);
		symbol_conf.force = false;
		m = machine__new_host();
		m->jit_live = true;
		msgs[0] = '\0';
		machine__process_mmap(m, &ev);
		is_str(name_at(m, 0, 0x1002), "- -", "refused dump: nothing mapped");
		ok(strstr(msgs, "not owned by current user or root, ignoring it."), "refused: said");
		machine__delete(m);
	}
	unlink(path);
}

/* A load larger than the reader's 1 MiB chunk, then a small one. */
static void test_big(const char *dir)
{
	struct wbuf w = { 0 };
	char path[PATH_MAX];
	struct mmap_event ev = { .pid = 43, .tid = 43, .start = 0x7000, .len = 0x1000,
				 .cpumode = 2, .prot = PROT_EXEC, .filename = path };
	size_t big = 3 << 19;
	u8 *code_bytes = calloc(1, big);
	struct machine *m;
	struct addr_location al;
	int fd;
	bool wrote;

	snprintf(path, sizeof(path), "%s/jit-43.dump", dir);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	header(&w, 43, 0);
	w32(&w, JIT_CODE_LOAD);
	w32(&w, (u32)(56 + 4 + big));
	w64(&w, 1);
	w32(&w, 43);
	w32(&w, 43);
	w64(&w, 0x100000);
	w64(&w, 0x100000);
	w64(&w, big);
	w64(&w, 1);
	wbytes(&w, "big", 4);
	wrote = write(fd, w.buf, w.len) == (ssize_t)w.len &&
		write(fd, code_bytes, big) == (ssize_t)big;
	w.len = 0;
	load(&w, 2, 43, 0x1000, 2, "small");
	wrote = wrote && write(fd, w.buf, w.len) == (ssize_t)w.len;
	close(fd);
	ok(wrote, "big dump written");
	m = machine__new_host();
	m->jit_live = true;
	machine__process_mmap(m, &ev);
	machine__jit_advance(m, 0);
	machine__resolve(m, 2, 43, 43, 0x100000 + big - 1, &al);
	is_str(al.sym ? al.sym->name : "-", "big", "a record larger than a chunk");
	addr_location__exit(&al);
	machine__resolve(m, 2, 43, 43, 0x1001, &al);
	is_str(al.sym ? al.sym->name : "-", "small", "and the one after it");
	addr_location__exit(&al);
	machine__delete(m);
	free(code_bytes);
	unlink(path);
}

int main(void)
{
	char dir[] = "/tmp/t0810-jitdump.XXXXXX";

	test_reader(false);
	test_reader(true);
	test_hostile();
	test_marker();
	set_msg_sink(sink);
	if (mkdtemp(dir)) {
		test_machine(dir);
		test_big(dir);
		rmdir(dir);
	}
	return done_testing();
}
