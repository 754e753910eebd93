// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0500-build-id: build-ids from ELF files and note blobs, checked against
 * readelf (binutils) and the kernel's own /sys/kernel/notes.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "tap.h"
#include <elf.h>

/* The hex build-id readelf reports for @path, or "" if none/no readelf. */
static void readelf_build_id(const char *path, char *out, size_t size)
{
	char cmd[512], line[512];
	FILE *p;

	out[0] = '\0';
	snprintf(cmd, sizeof(cmd), "readelf -n '%s' 2>/dev/null", path);
	p = popen(cmd, "r");
	if (!p)
		return;
	while (fgets(line, sizeof(line), p)) {
		char *s = strstr(line, "Build ID: ");

		if (s && sscanf(s + 10, "%127s", out) == 1)
			break;
	}
	pclose(p);
	(void)size;
}

static void check_file(const char *path)
{
	struct build_id bid;
	char want[128], got[SBUILD_ID_SIZE];
	int ret;

	readelf_build_id(path, want, sizeof(want));
	ret = filename__read_build_id(path, &bid);
	if (!*want) {
		ok(ret == -ENODATA || ret == -ENOENT, "%s: no build-id, none found (%d)", path, ret);
		return;
	}
	if (!ok(ret == 0, "%s: build-id read", path))
		return;
	build_id__snprintf(&bid, got, sizeof(got));
	is_str(got, want, "%s: same as readelf", path);
}

static void test_notes_blob(void)
{
	/* Two notes: an unrelated one first, then GNU/NT_GNU_BUILD_ID. */
	unsigned char blob[64] = { 0 };
	u32 *w = (u32 *)blob;
	struct build_id bid;
	char hex[SBUILD_ID_SIZE];

	w[0] = 4; w[1] = 4; w[2] = 1; memcpy(&w[3], "XEN", 4); w[4] = 0x11223344;
	w[5] = 4; w[6] = 8; w[7] = NT_GNU_BUILD_ID; memcpy(&w[8], "GNU", 4);
	w[9] = 0x04030201; w[10] = 0x08070605;
	is_int(notes__read_build_id(blob, 44, &bid), 0, "note blob: found after another note");
	build_id__snprintf(&bid, hex, sizeof(hex));
	is_str(hex, "0102030405060708", "note blob: 8-byte id");
	is_int(notes__read_build_id(blob, 40, &bid), -ENODATA, "truncated descriptor is refused");
	w[6] = 0xffffffff;
	is_int(notes__read_build_id(blob, 44, &bid), -ENODATA, "huge descsz is refused");
	is_int(notes__read_build_id(blob, 3, &bid), -ENODATA, "shorter than a header");
}

/* A JIT map's stand-in build-id: its contents', so equal iff they are. */
static void test_content_id(void)
{
	static const char a[] = "7f00 a jit_one\n", b[] = "7f00 a jit_two\n";
	struct build_id x, y, z;

	content__build_id(a, sizeof(a) - 1, &x);
	content__build_id(a, sizeof(a) - 1, &y);
	content__build_id(b, sizeof(b) - 1, &z);
	ok(x.size == BUILD_ID_SIZE && build_id__equal(&x, &y), "same contents, same id");
	ok(!build_id__equal(&x, &z), "other contents, other id");
	content__build_id(a, sizeof(a) - 2, &z);
	ok(!build_id__equal(&x, &z), "a prefix has another id");
}

int main(int argc, char **argv)
{
	struct build_id bid;
	char hex[SBUILD_ID_SIZE];

	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	self[n > 0 ? n : 0] = '\0';
	check_file(self);	/* not /proc/self/exe: readelf would read itself */
	check_file("/bin/ls");
	check_file("/lib/x86_64-linux-gnu/libc.so.6");
	is_int(filename__read_build_id("/nonexistent/file", &bid), -ENOENT, "missing file");
	is_int(filename__read_build_id("/etc/passwd", &bid), -ENOEXEC, "not ELF");
	test_notes_blob();
	test_content_id();
	if (kernel__read_build_id(&bid) == 0) {
		build_id__snprintf(&bid, hex, sizeof(hex));
		ok(bid.size == 20 && strlen(hex) == 40, "kernel build-id %s", hex);
	} else {
		ok(1, "# SKIP no /sys/kernel/notes");
	}
	(void)argc;
	(void)argv;
	return done_testing();
}
