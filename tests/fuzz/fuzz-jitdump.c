// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: jitdump files (jit-PID.dump). The header, then every
 * record and every DEBUG_INFO line entry, as the machine reads them.
 */
#include "prof/compat.h"
#include "prof/jitdump.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct jitdump_header h;
	int hs = jitdump__read_header(data, size, &h);
	size_t pos;
	volatile u64 sink = 0;

	if (hs < 0)
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
	return 0;
}
