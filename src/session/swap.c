// SPDX-License-Identifier: GPL-2.0-only
/*
 * swap.c: byte-swapping records written on a machine of the other
 * endianness. Fixed fields are swapped per type; SAMPLE bodies and
 * sample_id_all trailers as u64 words (perf_sample__parse() then splits
 * u32 pairs knowing they were swapped that way). RAW payloads and branch
 * flags bitfields are left as perf leaves them.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/header.h"
#include <byteswap.h>

struct swp {
	u8 *p;
	size_t size;	/* bytes of the record that may be touched */
};

static void swp16(struct swp *w, size_t off)
{
	u16 v;

	if (off + 2 > w->size)
		return;
	memcpy(&v, w->p + off, 2);
	v = bswap_16(v);
	memcpy(w->p + off, &v, 2);
}

static void swp32(struct swp *w, size_t off)
{
	u32 v;

	if (off + 4 > w->size)
		return;
	memcpy(&v, w->p + off, 4);
	v = bswap_32(v);
	memcpy(w->p + off, &v, 4);
}

static void swp64(struct swp *w, size_t off)
{
	u64 v;

	if (off + 8 > w->size)
		return;
	memcpy(&v, w->p + off, 8);
	v = bswap_64(v);
	memcpy(w->p + off, &v, 8);
}

static void swp64_range(struct swp *w, size_t from, size_t to)
{
	for (size_t off = from; off + 8 <= to && off + 8 <= w->size; off += 8)
		swp64(w, off);
}

void perf_event__swap(union perf_event *event, u32 id_hdr_size)
{
	u32 type = event->header.type;
	size_t size = event->header.size;
	struct swp w = { .p = (u8 *)event, .size = size };
	bool kernel = type < PERF_RECORD_USER_TYPE_START;
	size_t off;

	/* the trailer first: it sits at the end of every kernel record */
	if (kernel && type != PERF_RECORD_SAMPLE && id_hdr_size &&
	    size >= 8 + id_hdr_size) {
		swp64_range(&w, size - id_hdr_size, size);
		w.size = size - id_hdr_size;
	}

	switch (type) {
	case PERF_RECORD_SAMPLE:
		swp64_range(&w, 8, size);
		break;
	case PERF_RECORD_MMAP:
		swp32(&w, 8); swp32(&w, 12);
		swp64(&w, 16); swp64(&w, 24); swp64(&w, 32);
		break;
	case PERF_RECORD_MMAP2:
		swp32(&w, 8); swp32(&w, 12);
		swp64(&w, 16); swp64(&w, 24); swp64(&w, 32);
		if (!(event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
			swp32(&w, 40); swp32(&w, 44);
			swp64(&w, 48); swp64(&w, 56);
		}
		swp32(&w, 64); swp32(&w, 68);
		break;
	case PERF_RECORD_LOST:
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_AUX:
	case PERF_RECORD_LOST_SAMPLES:
	case PERF_RECORD_CGROUP:
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		swp64(&w, 8);
		if (type != PERF_RECORD_LOST_SAMPLES && type != PERF_RECORD_CGROUP &&
		    type != PERF_RECORD_AUX_OUTPUT_HW_ID) {
			swp64(&w, 16);
			if (type != PERF_RECORD_LOST)
				swp64(&w, 24);
		}
		break;
	case PERF_RECORD_COMM:
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		swp32(&w, 8); swp32(&w, 12);
		break;
	case PERF_RECORD_EXIT:
	case PERF_RECORD_FORK:
		swp32(&w, 8); swp32(&w, 12); swp32(&w, 16); swp32(&w, 20);
		swp64(&w, 24);
		break;
	case PERF_RECORD_READ:
		swp32(&w, 8); swp32(&w, 12);
		swp64_range(&w, 16, w.size);
		break;
	case PERF_RECORD_NAMESPACES:
		swp32(&w, 8); swp32(&w, 12);
		swp64_range(&w, 16, w.size);
		break;
	case PERF_RECORD_KSYMBOL:
		swp64(&w, 8); swp32(&w, 16); swp16(&w, 20); swp16(&w, 22);
		break;
	case PERF_RECORD_BPF_EVENT:
		swp16(&w, 8); swp16(&w, 10); swp32(&w, 12);
		break;
	case PERF_RECORD_TEXT_POKE:
		swp64(&w, 8); swp16(&w, 16); swp16(&w, 18);
		break;
	case PERF_RECORD_CALLCHAIN_DEFERRED:
		swp64_range(&w, 8, w.size);
		break;

	case PERF_RECORD_HEADER_ATTR: {
		u32 asize = 0;

		if (size >= 16) {
			memcpy(&asize, w.p + 12, 4);
			asize = bswap_32(asize);
		}
		if (!asize)
			asize = PERF_ATTR_SIZE_VER0;
		if (asize > size - 8)
			asize = (u32)(size - 8);
		perf_event_attr__swap(w.p + 8, asize);
		swp64_range(&w, 8 + asize, size);
		break;
	}
	case PERF_RECORD_HEADER_EVENT_TYPE:
	case PERF_RECORD_ID_INDEX:
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT_ROUND:
	case PERF_RECORD_HEADER_FEATURE:
	case PERF_RECORD_COMPRESSED2:
		if (type == PERF_RECORD_HEADER_EVENT_TYPE || type == PERF_RECORD_HEADER_FEATURE ||
		    type == PERF_RECORD_COMPRESSED2)
			swp64(&w, 8);
		else
			swp64_range(&w, 8, size);
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		swp32(&w, 8);
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		swp32(&w, 8);
		break;
	case PERF_RECORD_AUXTRACE_INFO:
		swp32(&w, 8); swp32(&w, 12);
		swp64_range(&w, 16, size);
		break;
	case PERF_RECORD_AUXTRACE:
		swp64(&w, 8); swp64(&w, 16); swp64(&w, 24);
		swp32(&w, 32); swp32(&w, 36); swp32(&w, 40); swp32(&w, 44);
		break;
	case PERF_RECORD_AUXTRACE_ERROR:
		for (off = 8; off < 32; off += 4)
			swp32(&w, off);
		swp64(&w, 32); swp64(&w, 40);
		swp32(&w, 112); swp32(&w, 116);
		break;
	case PERF_RECORD_THREAD_MAP: {
		u64 nr;

		swp64(&w, 8);
		memcpy(&nr, w.p + 8, size >= 16 ? 8 : 0);
		if (size < 16)
			break;
		for (off = 16; nr-- && off + 24 <= size; off += 24)
			swp64(&w, off);
		break;
	}
	case PERF_RECORD_CPU_MAP:
		swp16(&w, 8); swp16(&w, 10);
		break;
	case PERF_RECORD_STAT:
		swp64(&w, 8); swp32(&w, 16); swp32(&w, 20);
		swp64(&w, 24); swp64(&w, 32); swp64(&w, 40);
		break;
	case PERF_RECORD_EVENT_UPDATE: {
		u64 etype;

		swp64(&w, 8); swp64(&w, 16);
		if (size < 16)
			break;
		memcpy(&etype, w.p + 8, 8);
		if (etype == 1)		/* SCALE: a double */
			swp64(&w, 24);
		break;
	}
	case PERF_RECORD_TIME_CONV:
		swp64_range(&w, 8, min(size, (size_t)48));
		break;
	default:
		break;
	}
}
