// SPDX-License-Identifier: GPL-2.0-only
/*
 * jitdump.c: the jit-PID.dump reader (format in jitdump.h) and the
 * ownership rule for every JIT description file prof reads.
 */
#include "prof/compat.h"
#include <byteswap.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "prof/util.h"
#include "prof/symbol.h"
#include "prof/jitdump.h"

static u32 rd32(const struct jitdump_header *h, const u8 *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return h->swapped ? bswap_32(v) : v;
}

static u64 rd64(const struct jitdump_header *h, const u8 *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return h->swapped ? bswap_64(v) : v;
}

int jitdump__read_header(const void *buf, size_t size, struct jitdump_header *h)
{
	const u8 *p = buf;
	u32 magic;

	memset(h, 0, sizeof(*h));
	if (size < JITDUMP_HEADER_SIZE)
		return -ENODATA;
	memcpy(&magic, p, 4);
	if (magic == JITDUMP_MAGIC_SWAPPED)
		h->swapped = true;
	else if (magic != JITDUMP_MAGIC)
		return -EINVAL;
	h->magic = JITDUMP_MAGIC;
	h->version = rd32(h, p + 4);
	h->total_size = rd32(h, p + 8);
	h->elf_mach = rd32(h, p + 12);
	h->pad1 = rd32(h, p + 16);
	h->pid = rd32(h, p + 20);
	h->timestamp = rd64(h, p + 24);
	h->flags = rd64(h, p + 32);
	if (h->total_size < JITDUMP_HEADER_SIZE)
		return -EINVAL;
	return (int)min(h->total_size, (u32)INT_MAX);
}

/* CODE_LOAD: pid tid vma code_addr code_size code_index name\0 code[] */
static bool read_load(const struct jitdump_header *h, const u8 *p, u32 total,
		      struct jit_record *r)
{
	const u32 fixed = JITDUMP_PREFIX_SIZE + 40;
	const char *name;

	if (total < fixed + 1)
		return false;
	r->load.pid = rd32(h, p + 16);
	r->load.tid = rd32(h, p + 20);
	r->load.vma = rd64(h, p + 24);
	r->load.code_addr = rd64(h, p + 32);
	r->load.code_size = rd64(h, p + 40);
	r->load.code_index = rd64(h, p + 48);
	/* The code ends the record; the name fills what is before it. */
	if (r->load.code_size > total - fixed - 1)
		return false;
	name = (const char *)p + fixed;
	if (!memchr(name, '\0', total - fixed - r->load.code_size))
		return false;
	r->load.name = name;
	r->load.code = p + total - r->load.code_size;
	return true;
}

/* CODE_MOVE: pid tid vma old_code_addr new_code_addr code_size code_index */
static bool read_move(const struct jitdump_header *h, const u8 *p, u32 total,
		      struct jit_record *r)
{
	if (total < JITDUMP_PREFIX_SIZE + 48)
		return false;
	r->move.pid = rd32(h, p + 16);
	r->move.tid = rd32(h, p + 20);
	r->move.vma = rd64(h, p + 24);
	r->move.old_code_addr = rd64(h, p + 32);
	r->move.new_code_addr = rd64(h, p + 40);
	r->move.code_size = rd64(h, p + 48);
	r->move.code_index = rd64(h, p + 56);
	return true;
}

/* DEBUG_INFO: code_addr nr_entry { addr lineno discrim filename\0 }[] */
static bool read_debug(const struct jitdump_header *h, const u8 *p, u32 total,
		       struct jit_record *r)
{
	struct jit_debug_entry e;
	size_t pos = 0;
	u64 nr, n = 0;

	if (total < JITDUMP_PREFIX_SIZE + 16)
		return false;
	r->debug.code_addr = rd64(h, p + 16);
	nr = rd64(h, p + 24);
	r->debug.entries = p + 32;
	r->debug.size = total - 32;
	/* Count what is really there: nr_entry may promise more. */
	while (n < nr && jit_debug_entry__next(h, r, &pos, &e))
		n++;
	r->debug.nr_entry = n;
	return true;
}

/* UNWINDING_INFO: unwinding_size eh_frame_hdr_size mapped_size data[] */
static bool read_unwind(const struct jitdump_header *h, const u8 *p, u32 total,
			struct jit_record *r)
{
	if (total < JITDUMP_PREFIX_SIZE + 24)
		return false;
	r->unwind.unwinding_size = rd64(h, p + 16);
	r->unwind.eh_frame_hdr_size = rd64(h, p + 24);
	r->unwind.mapped_size = rd64(h, p + 32);
	r->unwind.data = p + 40;
	r->unwind.size = total - 40;
	/* eh_frame and its header are inside the data. */
	if (r->unwind.unwinding_size > r->unwind.size ||
	    r->unwind.eh_frame_hdr_size > r->unwind.unwinding_size)
		return false;
	return true;
}

ssize_t jitdump__read_record(const struct jitdump_header *h, const void *buf,
			     size_t size, struct jit_record *r)
{
	const u8 *p = buf;
	bool ok;

	memset(r, 0, sizeof(*r));
	if (size < JITDUMP_PREFIX_SIZE)
		return 0;
	r->id = rd32(h, p);
	r->total_size = rd32(h, p + 4);
	r->timestamp = rd64(h, p + 8);
	if (r->total_size < JITDUMP_PREFIX_SIZE)
		return -EINVAL;
	if (r->total_size > size)
		return 0;
	switch (r->id) {
	case JIT_CODE_LOAD:
		ok = read_load(h, p, r->total_size, r);
		break;
	case JIT_CODE_MOVE:
		ok = read_move(h, p, r->total_size, r);
		break;
	case JIT_CODE_DEBUG_INFO:
		ok = read_debug(h, p, r->total_size, r);
		break;
	case JIT_CODE_UNWINDING_INFO:
		ok = read_unwind(h, p, r->total_size, r);
		break;
	case JIT_CODE_CLOSE:
		ok = true;
		break;
	default:
		ok = false;
		break;
	}
	if (!ok)
		r->id = JIT_CODE_MAX;
	return (ssize_t)r->total_size;
}

bool jit_debug_entry__next(const struct jitdump_header *h, const struct jit_record *r,
			   size_t *pos, struct jit_debug_entry *e)
{
	const u8 *p = r->debug.entries + *pos;
	size_t left = r->debug.size - min(*pos, r->debug.size);
	const char *nul;

	if (r->id != JIT_CODE_DEBUG_INFO || left < 17)
		return false;
	nul = memchr(p + 16, '\0', left - 16);
	if (!nul)
		return false;
	e->addr = rd64(h, p);
	e->lineno = (s32)rd32(h, p + 8);
	e->discrim = (s32)rd32(h, p + 12);
	e->filename = (const char *)p + 16;
	*pos += (size_t)((const u8 *)nul + 1 - p);
	return true;
}

long jitdump__marker_pid(const char *filename)
{
	const char *base = strrchr(filename, '/');
	char *end;
	long n;

	if (!base || strncmp(base, "/jit-", 5) || base[5] < '0' || base[5] > '9')
		return -1;
	errno = 0;
	n = strtol(base + 5, &end, 10);
	if (errno || strcmp(end, ".dump") || n > INT_MAX)
		return -1;
	return n;
}

bool jitdump__is_marker(const char *filename, pid_t pid)
{
	long n = jitdump__marker_pid(filename);

	return n >= 0 && (!pid || n == (long)pid);
}

int jit_file__check_owner(int fd, const char *path, bool quiet)
{
	struct stat st;

	/* The file as opened, not the name: a symlink changes nothing. */
	if (fstat(fd, &st))
		return -errno;
	if (!symbol_conf.force && st.st_uid && st.st_uid != geteuid()) {
		if (!quiet)
			pr_info("File %s not owned by current user or root, ignoring it.", path);
		return -EPERM;
	}
	return 0;
}

int jit_file__open(const char *path, bool quiet)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int err;

	if (fd < 0)
		return -errno;
	err = jit_file__check_owner(fd, path, quiet);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}
