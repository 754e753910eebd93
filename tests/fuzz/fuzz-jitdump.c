// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: jitdump files (jit-PID.dump). The header, then every
 * record and every DEBUG_INFO line entry, as the reader hands them out;
 * then the file as the symbolizer meets it: a marker MMAP of the
 * process into the machine, the queued code maps inserted, and every
 * code address the dump loads or moves resolved to its symbol.
 */
#include "prof/compat.h"
#include "prof/jitdump.h"
#include "prof/machine.h"
#include "prof/util.h"
#include "fuzz-tmpdir.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

#define FUZZ_PID 4242

static char path[4200];

static void quiet(const char *prefix, const char *msg)
{
}

/* The machine's view: code addresses as the samples would hit them. */
static void resolve(const u8 *data, size_t size, const u64 *addrs, size_t nr)
{
	struct machine *m = machine__new_host();
	struct mmap_event ev = {
		.pid = FUZZ_PID, .tid = FUZZ_PID, .start = 0x10000, .len = 0x1000,
		.cpumode = PROF_CPUMODE_USER, .prot = 5, .filename = path,
	};
	volatile u64 sink = 0;

	/* -k mono and a TIME_CONV: both kinds of timestamps are usable */
	m->clock_monotonic = true;
	m->tsc.mult = 1;
	if (fuzz_write_file(path, data, size)) {
		machine__process_mmap(m, &ev);
		machine__jit_advance(m, (u64)-1);
		for (size_t i = 0; i < nr; i++) {
			struct addr_location al;

			machine__resolve(m, PROF_CPUMODE_USER, FUZZ_PID, FUZZ_PID, addrs[i], &al);
			if (al.sym)
				sink += strlen(al.sym->name);
			addr_location__exit(&al);
		}
	}
	machine__delete(m);
	(void)sink;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static bool once;
	struct jitdump_header h;
	int hs = jitdump__read_header(data, size, &h);
	u64 addrs[64];
	size_t nr = 0, pos;
	volatile u64 sink = 0;

	if (!once) {
		const char *dir = fuzz_tmpdir("fuzz-jitdump");

		if (!dir)
			return 0;
		snprintf(path, sizeof(path), "%s/jit-%d.dump", dir, FUZZ_PID);
		once = true;
	}
	if (hs < 0 || size > 1 << 16)
		return 0;
	for (pos = (size_t)hs; pos < size;) {
		struct jit_record r;
		struct jit_debug_entry e;
		size_t at = 0;
		ssize_t n = jitdump__read_record(&h, data + pos, size - pos, &r);

		if (n <= 0)
			break;
		pos += (size_t)n;
		switch (r.id) {
		case JIT_CODE_LOAD:
			sink += strlen(r.load.name);
			if (r.load.code_size)
				sink += r.load.code[r.load.code_size - 1];
			if (nr + 2 <= ARRAY_SIZE(addrs)) {
				addrs[nr++] = r.load.code_addr;
				addrs[nr++] = r.load.code_addr + r.load.code_size - 1;
			}
			break;
		case JIT_CODE_MOVE:
			if (nr < ARRAY_SIZE(addrs))
				addrs[nr++] = r.move.new_code_addr;
			break;
		case JIT_CODE_DEBUG_INFO:
			while (jit_debug_entry__next(&h, &r, &at, &e))
				sink += strlen(e.filename) + (u64)e.lineno;
			break;
		case JIT_CODE_UNWINDING_INFO:
			if (r.unwind.size)
				sink += r.unwind.data[r.unwind.size - 1];
			break;
		default:
			break;
		}
	}
	(void)sink;
	set_msg_sink(quiet);
	resolve(data, size, addrs, nr);
	set_msg_sink(NULL);
	return 0;
}
