// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: a perf.data file's tracing data (the TRACING_DATA
 * feature or a stream's TRACING_DATA payload) into libtraceevent, then
 * one tracepoint record formatted with it as report's "trace" key and
 * --raw-trace do. Input: a u16 record length, the record, the tracing
 * data.
 */
#include "prof/compat.h"
#include "prof/trace-event.h"
#include "prof/util.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct tep_handle *tep;
	struct tep_event *ev;
	const u8 *raw;
	size_t used;
	u16 raw_size, type;

	if (size < 2)
		return 0;
	memcpy(&raw_size, data, 2);
	if (raw_size > size - 2)
		return 0;
	raw = data + 2;
	if (trace_event__read(raw + raw_size, size - 2 - raw_size, &tep, &used))
		return 0;
	if (raw_size >= 2) {
		memcpy(&type, raw, 2);
		ev = trace_event__find(tep, type);
		if (ev) {
			/* the library reads the record in place: a copy of its size */
			u8 *rec = xmalloc(raw_size);

			memcpy(rec, raw, raw_size);
			free(trace_event__name(ev));
			free(trace_event__format(ev, rec, raw_size, false));
			free(trace_event__format(ev, rec, raw_size, true));
			free(rec);
		}
	}
	trace_event__free(tep);
	return 0;
}
