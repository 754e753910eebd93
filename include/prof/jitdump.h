/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jitdump.h: jit-PID.dump files, the record stream JIT runtimes write
 * (perf's tools/perf/Documentation/jitdump-specification.txt): a header,
 * then CODE_LOAD, CODE_MOVE, DEBUG_INFO, CODE_CLOSE and UNWINDING_INFO
 * records, in the writer's byte order (told by the magic).
 *
 * The reader works on bytes in memory and trusts nothing: every size is
 * checked against what is there; a record cut short by the end of the
 * buffer is "incomplete" (read it again once the file grew); a record
 * whose sizes contradict each other is skipped when its total_size can
 * be trusted, else ends the stream.
 *
 * The machine side (machine-jit.c) turns code loads into maps and
 * symbols; see Documentation/technical/symbolization.md.
 */
#ifndef PROF_JITDUMP_H
#define PROF_JITDUMP_H

#include "compat.h"

#define JITDUMP_MAGIC		0x4A695444U	/* "JiTD" in the writer's order */
#define JITDUMP_MAGIC_SWAPPED	0x4454694AU
#define JITDUMP_FLAGS_ARCH_TIMESTAMP	(1ULL << 0)
#define JITDUMP_HEADER_SIZE	40	/* version 1; total_size may say more */
#define JITDUMP_PREFIX_SIZE	16

enum jit_record_type {
	JIT_CODE_LOAD		= 0,
	JIT_CODE_MOVE		= 1,
	JIT_CODE_DEBUG_INFO	= 2,
	JIT_CODE_CLOSE		= 3,
	JIT_CODE_UNWINDING_INFO	= 4,
	JIT_CODE_MAX,
};

struct jitdump_header {
	u32 magic, version, total_size, elf_mach, pad1, pid;
	u64 timestamp, flags;
	bool swapped;			/* written in the other byte order */
};

/* One record; pointers point into the caller's buffer. */
struct jit_record {
	u32 id;				/* JIT_CODE_*; JIT_CODE_MAX: skip it */
	u32 total_size;
	u64 timestamp;
	union {
		struct {
			u32 pid, tid;
			u64 vma, code_addr, code_size, code_index;
			const char *name;	/* NUL-terminated inside the record */
			const u8 *code;		/* code_size bytes */
		} load;
		struct {
			u32 pid, tid;
			u64 vma, old_code_addr, new_code_addr, code_size, code_index;
		} move;
		struct {
			u64 code_addr, nr_entry;	/* nr_entry: entries that fit */
			const u8 *entries;
			size_t size;
		} debug;
		struct {
			u64 unwinding_size, eh_frame_hdr_size, mapped_size;
			const u8 *data;
			size_t size;
		} unwind;
	};
};

/* One DEBUG_INFO line entry. */
struct jit_debug_entry {
	u64 addr;
	s32 lineno, discrim;
	const char *filename;		/* "\xff" alone: the previous entry's file */
};

/*
 * Parse the file header at @buf (@size bytes). Returns the header's
 * total_size (where the first record starts), -ENODATA when @size is too
 * short, -EINVAL for a bad magic or a total_size below the version 1
 * header.
 */
int jitdump__read_header(const void *buf, size_t size, struct jitdump_header *h);

/*
 * Parse the record at @buf (@size bytes available). Returns the bytes it
 * takes (> 0; the record is in @r, id JIT_CODE_MAX when it is to be
 * skipped: an unknown type or inconsistent inner sizes), 0 when the
 * record is not complete in @size, -EINVAL when its total_size is below
 * the prefix (the stream cannot go on).
 */
ssize_t jitdump__read_record(const struct jitdump_header *h, const void *buf,
			     size_t size, struct jit_record *r);

/*
 * The DEBUG_INFO entry at *@pos (start with 0) of @r; advances *@pos.
 * Returns false after the last entry (or at a malformed one).
 */
bool jit_debug_entry__next(const struct jitdump_header *h, const struct jit_record *r,
			   size_t *pos, struct jit_debug_entry *e);

/*
 * "DIR/jit-PID.dump" naming pid @pid (0: any pid, as perf accepts for
 * synthesized system-wide maps)? Runtimes map their dump PROT_EXEC so the
 * recording carries such an MMAP (the "marker").
 */
bool jitdump__is_marker(const char *filename, pid_t pid);
/* The PID of a "DIR/jit-PID.dump" name, else -1. */
long jitdump__marker_pid(const char *filename);

/*
 * Open a JIT description file (perf-PID.map, jit-PID.dump) for reading,
 * or refuse it: a file neither owned by the effective user nor by root
 * is ignored, as perf (before 4.x) ignored such maps, with perf's
 * warning "File %s not owned by current user or root, ignoring it."
 * (printed unless @quiet; symbol_conf.force skips the check). Returns a
 * file descriptor or -errno (-EPERM: refused).
 */
int jit_file__open(const char *path, bool quiet);
/* The same check on a file opened otherwise (in a container): 0 or -EPERM. */
int jit_file__check_owner(int fd, const char *path, bool quiet);

/*
 * TIME_CONV's TSC to sample-time conversion (perf's tsc_to_perf_time),
 * for jitdump arch timestamps; mult 0: none seen.
 */
struct tsc_conv {
	u64 shift, mult, zero, cycles, mask;
	bool cap_short;
};
union perf_event;
/* Take a TIME_CONV record's fields (older, shorter records too). */
void tsc_conv__read(struct tsc_conv *tc, const union perf_event *ev);
u64 tsc_conv__time(const struct tsc_conv *tc, u64 cyc);

/*
 * What the records before a code load said about it: the DEBUG_INFO
 * record (its line entries, in @h's byte order) and the UNWINDING_INFO
 * record (.eh_frame then .eh_frame_hdr, unwind.unwinding_size bytes).
 * perf inject --jit gives the next code load the last of each, once.
 */
struct jit_elf_extra {
	const struct jitdump_header *h;
	const struct jit_record *debug;		/* NULL: none */
	const struct jit_record *unwind;	/* NULL: none */
};

/*
 * perf inject --jit's image of one code load: an ELF shared object with
 * the code in .text at JIT_ELF_TEXT_ADDR (also its file offset in perf's
 * MMAP2 records), a local function symbol @name covering it and a
 * build-id note hashed from @load_addr, @name and the code; with @extra,
 * .eh_frame and .eh_frame_hdr after the code at an 8-byte boundary (as
 * the runtime maps them) and .debug_line/.debug_info/.debug_abbrev for
 * the line entries, as perf's. Written to @path (removed again on
 * failure); 0 or -errno.
 */
#define JIT_ELF_TEXT_ADDR	0x80
int jit_elf__write(const char *path, u64 load_addr, const char *name, const void *code,
		   size_t size, const struct jit_elf_extra *extra);
/*
 * The same ELF in memory (malloc'd, *@image_size bytes), for annotate of
 * a code load read from the dump; NULL when it cannot be made.
 */
void *jit_elf__image(u64 load_addr, const char *name, const void *code, size_t size,
		     size_t *image_size);

#endif
