// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0402-synthesize: pre-existing state from a fake /proc tree becomes the
 * records perf synthesizes (COMM per thread, FORK in system-wide style,
 * MMAP2 for executable maps with prot/flags/dev/inode, //anon, data maps
 * only with -d), each with a zeroed trailer of the requested size.
 */
#include "prof/compat.h"
#include "prof/synthesize.h"
#include "prof/cpumap.h"
#include "prof/data-writer.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"
#include <sys/mman.h>
#include <sys/stat.h>

static char root[256];

static void put(const char *rel, const char *text)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = 0;
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	if (!f)
		BUG("cannot write the fake /proc");
	fputs(text, f);
	fclose(f);
}

struct seen {
	int comm, fork, mmap2, data;
	u32 comm_tids[4];
	char names[8][64];
	u32 prot[8], flags[8], maj[8], min[8];
	u64 ino[8], start[8], len[8], pgoff[8];
	bool trailers_zero;
};

static void walk(const struct strbuf *sb, u32 id_hdr, struct seen *s)
{
	size_t off = 0;

	memset(s, 0, sizeof(*s));
	s->trailers_zero = true;
	while (off + 8 <= sb->len) {
		const union perf_event *ev = (const void *)(sb->buf + off);
		const u8 *tr = (const u8 *)ev + ev->header.size - id_hdr;
		u32 k;

		for (k = 0; k < id_hdr; k++)
			if (tr[k])
				s->trailers_zero = false;
		if (ev->header.type == PERF_RECORD_COMM && s->comm < 4)
			s->comm_tids[s->comm++] = ev->comm.tid;
		else if (ev->header.type == PERF_RECORD_FORK)
			s->fork++;
		else if (ev->header.type == PERF_RECORD_MMAP2 && s->mmap2 < 8) {
			int i = s->mmap2++;

			snprintf(s->names[i], sizeof(s->names[i]), "%s", ev->mmap2.filename);
			s->prot[i] = ev->mmap2.prot;
			s->flags[i] = ev->mmap2.flags;
			s->maj[i] = ev->mmap2.maj;
			s->min[i] = ev->mmap2.min;
			s->ino[i] = ev->mmap2.ino;
			s->start[i] = ev->mmap2.start;
			s->len[i] = ev->mmap2.len;
			s->pgoff[i] = ev->mmap2.pgoff;
			if (ev->header.misc & PERF_RECORD_MISC_MMAP_DATA)
				s->data++;
		}
		off += ev->header.size;
	}
}

int main(void)
{
	struct synth_opts o = { .id_hdr_size = 16 };
	struct strbuf sb = STRBUF_INIT;
	struct thread_map *tm;
	struct seen s;

	snprintf(root, sizeof(root), "/tmp/t0402-proc.XXXXXX");
	if (!mkdtemp(root))
		skip_all("no temporary directory");
	o.proc = root;
	put("100/status", "Name:\tsrv\nTgid:\t100\nPPid:\t1\nVmPeak:\t 1000 kB\n");
	put("100/task/100/comm", "srv\n");
	put("100/task/101/comm", "srv-worker\n");
	put("101/status", "Name:\tsrv-worker\nTgid:\t100\nPPid:\t1\nVmPeak:\t 1000 kB\n");
	put("100/task/100/maps",
	    "55d0c0000000-55d0c0001000 r--p 00000000 fe:01 1234      /usr/bin/srv\n"
	    "55d0c0001000-55d0c0003000 r-xp 00001000 fe:01 1234      /usr/bin/srv\n"
	    "55d0c0010000-55d0c0020000 rw-p 00000000 00:00 0         [heap]\n"
	    "7f0000000000-7f0000001000 rwxp 00000000 00:00 0 \n"
	    "7fff00000000-7fff00002000 r-xs 00002000 08:02 99        /lib/libx.so (deleted)\n"
	    "7fffd0000000-7fffd0002000 r-xp 00000000 00:00 0         [vdso]\n");
	put("2/status", "Name:\tkthreadd\nTgid:\t2\nPPid:\t0\n");
	put("2/task/2/comm", "kthreadd\n");

	synthesize__thread(&sb, &o, 100, 0, false);
	walk(&sb, 16, &s);
	is_int(s.comm, 2, "-p: a COMM per thread");
	is_int(s.fork, 0, "-p: no FORK");
	is_int(s.mmap2, 4, "-p: executable maps only");
	is_str(s.names[0], "/usr/bin/srv", "the binary");
	is_int(s.prot[0], PROT_READ | PROT_EXEC, "prot r-x");
	is_int(s.flags[0], MAP_PRIVATE, "flags private");
	is_int(s.maj[0], 0xfe, "major");
	is_int(s.min[0], 1, "minor");
	is_int((long long)s.ino[0], 1234, "inode");
	is_int((long long)s.start[0], 0x55d0c0001000LL, "start");
	is_int((long long)s.len[0], 0x2000, "len");
	is_int((long long)s.pgoff[0], 0x1000, "pgoff");
	is_str(s.names[1], "//anon", "an anonymous executable map is //anon");
	is_str(s.names[2], "/lib/libx.so (deleted)", "(deleted) kept verbatim");
	is_int(s.flags[2], MAP_SHARED, "flags shared");
	is_str(s.names[3], "[vdso]", "vdso");
	ok(s.trailers_zero, "every record has a zeroed 16-byte trailer");

	strbuf_reset(&sb);
	o.data_maps = true;
	synthesize__thread(&sb, &o, 100, 0, false);
	walk(&sb, 16, &s);
	is_int(s.mmap2, 6, "-d: readable data maps too");
	is_int(s.data, 2, "-d: they carry MMAP_DATA");
	o.data_maps = false;

	strbuf_reset(&sb);
	o.id_hdr_size = 40;
	synthesize__all(&sb, &o);
	walk(&sb, 40, &s);
	is_int(s.fork, 3, "-a: FORK for every task, kernel threads included");
	is_int(s.comm, 3, "-a: COMM for every task");
	is_int(s.mmap2, 4, "-a: kernel threads get no maps");
	ok(s.trailers_zero, "-a: 40-byte trailers, zeroed");

	strbuf_reset(&sb);
	o.id_hdr_size = 16;
	tm = thread_map__new_pid(101);
	synthesize__thread_map(&sb, &o, tm);
	walk(&sb, 16, &s);
	is_int(s.comm, 2, "-t of a worker: the worker and its leader");
	is_int(s.mmap2, 4, "-t of a worker: the leader's maps");
	is_int(proc__tgid(root, 101), 100, "tgid of a thread");
	is_int(proc__tgid(root, 4242), -1, "tgid of a task that is gone");
	thread_map__put(tm);

	strbuf_release(&sb);
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd))
			diag("could not remove %s", root);
	}
	return done_testing();
}
