// SPDX-License-Identifier: GPL-2.0-only
/*
 * sample.c: parsing SAMPLE records and sample_id_all trailers into struct
 * perf_sample, in perf's field order; id positions; perf's default event
 * names. Every read is bounds-checked against header.size.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <byteswap.h>
#include <linux/hw_breakpoint.h>

#define PERF_SAMPLE_WEIGHT_STRUCT_	(1ULL << 24)
#define PERF_SAMPLE_WEIGHT_TYPE_	(PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT_)
#define PERF_SAMPLE_BRANCH_COUNTERS_	(1ULL << 19)
/* sample_type bits that each add exactly one u64 to the fixed part */
#define SAMPLE_FIXED_MASK (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | \
	PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_IDENTIFIER)

/* sample_type bits of what follows the branch stack in a SAMPLE */
#define SAMPLE_TAIL_MASK (PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | \
	PERF_SAMPLE_WEIGHT_TYPE_ | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | \
	PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | \
	PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_AUX)
/* sample_type bits a SAMPLE's time can be read under without the parse */
#define SAMPLE_QUICK_MASK (SAMPLE_FIXED_MASK | PERF_SAMPLE_CALLCHAIN)

u32 sample_type__fixed_size(u64 sample_type)
{
	return 8u * popcount64(sample_type & SAMPLE_FIXED_MASK);
}

u32 sample_type__id_hdr_size(u64 t)
{
	u32 n = 0;

	if (t & PERF_SAMPLE_TID) n += 8;
	if (t & PERF_SAMPLE_TIME) n += 8;
	if (t & PERF_SAMPLE_ID) n += 8;
	if (t & PERF_SAMPLE_STREAM_ID) n += 8;
	if (t & PERF_SAMPLE_CPU) n += 8;
	if (t & PERF_SAMPLE_IDENTIFIER) n += 8;
	return n;
}

int sample_type__id_pos(u64 t)
{
	int idx = 0;

	if (t & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(t & PERF_SAMPLE_ID))
		return -1;
	if (t & PERF_SAMPLE_IP) idx++;
	if (t & PERF_SAMPLE_TID) idx++;
	if (t & PERF_SAMPLE_TIME) idx++;
	if (t & PERF_SAMPLE_ADDR) idx++;
	return idx;
}

int sample_type__is_pos(u64 t)
{
	int idx = 1;

	if (t & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(t & PERF_SAMPLE_ID))
		return -1;
	if (t & PERF_SAMPLE_CPU) idx++;
	if (t & PERF_SAMPLE_STREAM_ID) idx++;
	return idx;
}

/* A u64 pair read as two u32 that a whole-record u64 swap left exchanged. */
static void split_u32(u64 v, bool swapped, u32 *lo, u32 *hi)
{
	if (swapped) {
		*lo = (u32)(v >> 32);
		*hi = (u32)v;
	} else {
		*lo = (u32)v;
		*hi = (u32)(v >> 32);
	}
}

static void sample__init(struct perf_sample *s, const struct session_evsel *evsel,
			 const union perf_event *event)
{
	size_t size = sizeof(*s);

	/*
	 * libc's memset (vector stores): the inline rep stos gcc emits for a
	 * constant size this large was half of the parse, once per record.
	 */
	__asm__("" : "+r"(size));
	memset(s, 0, size);
	s->pid = s->tid = s->cpu = (u32)-1;
	s->time = s->id = s->stream_id = (u64)-1;
	s->branch_hw_idx = (u64)-1;
	s->period = evsel ? evsel->attr.sample_period : 0;
	s->misc = event->header.misc;
	s->cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	s->evsel = (struct session_evsel *)evsel;
}

static int parse_id_trailer(struct perf_sample *s, u64 type,
			    const union perf_event *event, bool swapped)
{
	const u64 *body = event->u64s + 1;
	size_t n = (event->header.size - sizeof(event->header)) / 8;
	const u64 *p;

	if (sample_type__id_hdr_size(type) > n * 8)
		return -EFAULT;
	p = body + n - 1;
	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = *p--;
	if (type & PERF_SAMPLE_CPU) {
		u32 res;
		split_u32(*p--, swapped, &s->cpu, &res);
	}
	if (type & PERF_SAMPLE_STREAM_ID)
		s->stream_id = *p--;
	if (type & PERF_SAMPLE_ID)
		s->id = *p--;
	if (type & PERF_SAMPLE_TIME)
		s->time = *p--;
	if (type & PERF_SAMPLE_TID)
		split_u32(*p, swapped, &s->pid, &s->tid);
	return 0;
}

struct rd {
	const u64 *p, *end;
};

static bool rd_has(const struct rd *r, u64 words)
{
	return words <= (u64)(r->end - r->p);
}

#define NEED(w) do { if (!rd_has(&r, (w))) return -EFAULT; } while (0)

static int parse_regs(struct rd *rp, struct sample_regs *regs, u64 mask)
{
	struct rd r = *rp;

	NEED(1);
	regs->abi = *r.p++;
	regs->mask = mask;
	if (regs->abi) {
		regs->nr = popcount64(mask);
		NEED(regs->nr);
		regs->regs = r.p;
		r.p += regs->nr;
	}
	*rp = r;
	return 0;
}

/*
 * The parse proper. It writes @s's fields and reads only what it wrote
 * in the same call, so it works on an uninitialised @s too (except
 * time, which it does not write when the record has none).
 */
static int parse(struct perf_sample *s, const struct session_evsel *evsel,
		 const union perf_event *event, bool swapped)
{
	const struct perf_event_attr *attr = &evsel->attr;
	u64 type = attr->sample_type;
	struct rd r;

	if (event->header.size < sizeof(event->header) ||
	    (event->header.size % 8 && event->header.type == PERF_RECORD_SAMPLE))
		return -EFAULT;
	if (event->header.type != PERF_RECORD_SAMPLE) {
		if (!attr->sample_id_all)
			return 0;
		return parse_id_trailer(s, type, event, swapped);
	}

	r.p = event->u64s + 1;
	r.end = event->u64s + event->header.size / 8;
	if (sample_type__fixed_size(type) > (u64)(r.end - r.p) * 8)
		return -EFAULT;

	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = *r.p++;
	if (type & PERF_SAMPLE_IP)
		s->ip = *r.p++;
	if (type & PERF_SAMPLE_TID)
		split_u32(*r.p++, swapped, &s->pid, &s->tid);
	if (type & PERF_SAMPLE_TIME)
		s->time = *r.p++;
	if (type & PERF_SAMPLE_ADDR)
		s->addr = *r.p++;
	if (type & PERF_SAMPLE_ID)
		s->id = *r.p++;
	if (type & PERF_SAMPLE_STREAM_ID)
		s->stream_id = *r.p++;
	if (type & PERF_SAMPLE_CPU) {
		u32 res;
		split_u32(*r.p++, swapped, &s->cpu, &res);
	}
	if (type & PERF_SAMPLE_PERIOD)
		s->period = *r.p++;

	if (type & PERF_SAMPLE_READ) {
		u64 rf = attr->read_format;

		if (rf & PERF_FORMAT_GROUP) {
			NEED(1);
			s->read.nr = *r.p++;
		} else {
			s->read.nr = 1;
			NEED(1);
			s->read.one.value = *r.p++;
		}
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED) {
			NEED(1);
			s->read.time_enabled = *r.p++;
		}
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING) {
			NEED(1);
			s->read.time_running = *r.p++;
		}
		if (rf & PERF_FORMAT_GROUP) {
			u32 stride = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);

			if (s->read.nr > (u64)(r.end - r.p) / stride)
				return -EFAULT;
			s->read.group = r.p;
			s->read.group_stride = stride;
			r.p += s->read.nr * stride;
		} else {
			if (rf & PERF_FORMAT_ID) {
				NEED(1);
				s->read.one.id = *r.p++;
			}
			if (rf & PERF_FORMAT_LOST) {
				NEED(1);
				s->read.one.lost = *r.p++;
			}
		}
	}

	if (type & PERF_SAMPLE_CALLCHAIN) {
		NEED(1);
		s->callchain_nr = *r.p++;
		NEED(s->callchain_nr);
		s->callchain = r.p;
		r.p += s->callchain_nr;
	}

	if (type & PERF_SAMPLE_RAW) {
		u64 v;
		u32 size, other;

		NEED(1);
		v = *r.p;
		if (swapped) {
			v = bswap_64(v);
			size = bswap_32((u32)v);
			other = bswap_32((u32)(v >> 32));
			(void)other;
		} else {
			size = (u32)v;
		}
		if ((u64)size + 4 > (u64)(r.end - r.p) * 8)
			return -EFAULT;
		s->raw_size = size;
		s->raw_data = (const u8 *)r.p + 4;
		r.p = (const u64 *)((const u8 *)r.p + ALIGN_UP((u64)size + 4, 8));
		if (r.p > r.end)
			return -EFAULT;
	}

	if (type & PERF_SAMPLE_BRANCH_STACK) {
		NEED(1);
		s->branch_nr = *r.p++;
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) {
			NEED(1);
			s->branch_hw_idx = *r.p++;
		}
		if (s->branch_nr > (u64)(r.end - r.p) / 3)
			return -EFAULT;
		s->branch = (const struct branch_entry *)r.p;
		r.p += s->branch_nr * 3;
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_COUNTERS_) {
			NEED(s->branch_nr);
			s->branch_counters = r.p;
			r.p += s->branch_nr;
		}
	}

	/* the rest is rare: one test skips it all */
	if (!(type & SAMPLE_TAIL_MASK))
		return 0;

	if (type & PERF_SAMPLE_REGS_USER) {
		if (parse_regs(&r, &s->user_regs, attr->sample_regs_user))
			return -EFAULT;
	}

	if (type & PERF_SAMPLE_STACK_USER) {
		NEED(1);
		s->user_stack_size = *r.p++;
		if (s->user_stack_size) {
			if (s->user_stack_size % 8 ||
			    s->user_stack_size / 8 >= (u64)(r.end - r.p))
				return -EFAULT;
			s->user_stack = r.p;
			r.p += s->user_stack_size / 8;
			s->user_stack_dyn_size = *r.p++;
			if (s->user_stack_dyn_size > s->user_stack_size)
				s->user_stack_dyn_size = s->user_stack_size;
		}
	}

	if (type & PERF_SAMPLE_WEIGHT_TYPE_) {
		u64 w;

		NEED(1);
		w = *r.p++;
		if (type & PERF_SAMPLE_WEIGHT_STRUCT_) {
			u32 var1, hi;

			split_u32(w, swapped, &var1, &hi);
			s->weight = var1;
			s->ins_lat = (u16)hi;
			s->p_stage_cyc = (u16)(hi >> 16);
		} else {
			s->weight = w;
		}
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		NEED(1);
		s->data_src = *r.p++;
	}
	if (type & PERF_SAMPLE_TRANSACTION) {
		NEED(1);
		s->transaction = *r.p++;
	}
	if (type & PERF_SAMPLE_REGS_INTR) {
		if (parse_regs(&r, &s->intr_regs, attr->sample_regs_intr))
			return -EFAULT;
	}
	if (type & PERF_SAMPLE_PHYS_ADDR) {
		NEED(1);
		s->phys_addr = *r.p++;
	}
	if (type & PERF_SAMPLE_CGROUP) {
		NEED(1);
		s->cgroup = *r.p++;
	}
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE) {
		NEED(1);
		s->data_page_size = *r.p++;
	}
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE) {
		NEED(1);
		s->code_page_size = *r.p++;
	}
	if (type & PERF_SAMPLE_AUX) {
		NEED(1);
		s->aux_size = *r.p++;
		if (s->aux_size > (u64)(r.end - r.p) * 8)
			return -EFAULT;
		s->aux_data = r.p;
		r.p = (const u64 *)((const u8 *)r.p + ALIGN_UP(s->aux_size, 8));
		if (r.p > r.end)
			return -EFAULT;
	}
	return 0;
}

int perf_sample__parse(struct perf_sample *s, const struct session_evsel *evsel,
		       const union perf_event *event, bool swapped)
{
	sample__init(s, evsel, event);
	return parse(s, evsel, event, swapped);
}

u64 perf_sample__time(const struct session_evsel *evsel, const union perf_event *event,
		      bool swapped)
{
	u64 type = evsel->attr.sample_type;
	struct perf_sample s;

	/*
	 * The usual SAMPLE (fixed fields and a call chain): the time is at a
	 * fixed place, and the record is what parse() would accept when it
	 * holds the fixed part, the chain's length and the chain.
	 */
	if (event->header.type == PERF_RECORD_SAMPLE && !(type & ~SAMPLE_QUICK_MASK)) {
		u32 size = event->header.size;
		u64 n = (size - sizeof(event->header)) / 8;
		u64 fixed = popcount64(type & SAMPLE_FIXED_MASK);

		if (size < sizeof(event->header) || size % 8 || n < fixed)
			return (u64)-1;
		if (type & PERF_SAMPLE_CALLCHAIN) {
			/* the chain follows every fixed field */
			if (n < fixed + 1 || event->u64s[1 + fixed] > n - fixed - 1)
				return (u64)-1;
		}
		if (!(type & PERF_SAMPLE_TIME))
			return (u64)-1;
		return event->u64s[1 + popcount64(type & (PERF_SAMPLE_IDENTIFIER |
							   PERF_SAMPLE_IP | PERF_SAMPLE_TID))];
	}
	s.time = (u64)-1;
	if (parse(&s, evsel, event, swapped))
		return (u64)-1;
	return s.time;
}

/* ---- perf's default event names ---- */

static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
	"stalled-cycles-backend", "ref-cycles",
};

static const char *const sw_names[] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy", "bpf-output", "cgroup-switches",
};

static const char *const cache_names[] = {
	"L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node",
};
static const char *const cache_ops[] = { "load", "store", "prefetch" };
static const char *const cache_results[] = { "refs", "misses" };

static void add_modifiers(struct strbuf *sb, const struct perf_event_attr *a)
{
	size_t start = sb->len;
	bool guest_default = false;

	if (a->exclude_kernel || a->exclude_user || a->exclude_hv) {
		if (!a->exclude_kernel) strbuf_addch(sb, 'k');
		if (!a->exclude_user) strbuf_addch(sb, 'u');
		if (!a->exclude_hv) strbuf_addch(sb, 'h');
		guest_default = true;
	}
	if (a->precise_ip) {
		strbuf_add(sb, "ppp", a->precise_ip);
		guest_default = true;
	}
	if (a->exclude_host || (bool)a->exclude_guest == guest_default) {
		if (!a->exclude_host) strbuf_addch(sb, 'H');
		if (!a->exclude_guest) strbuf_addch(sb, 'G');
	}
	if (sb->len > start) {
		/* insert the colon before the modifiers */
		strbuf_addch(sb, 0);
		memmove(sb->buf + start + 1, sb->buf + start, sb->len - start - 1);
		sb->buf[start] = ':';
	}
}

char *perf_attr__default_name(const struct perf_event_attr *a)
{
	struct strbuf sb = STRBUF_INIT;

	switch (a->type) {
	case PERF_TYPE_HARDWARE:
		if (a->config < ARRAY_SIZE(hw_names))
			strbuf_addstr(&sb, hw_names[a->config]);
		else
			strbuf_addf(&sb, "unknown-hardware:%" PRIu64, (u64)a->config);
		add_modifiers(&sb, a);
		break;
	case PERF_TYPE_SOFTWARE:
		if (a->config < ARRAY_SIZE(sw_names))
			strbuf_addstr(&sb, sw_names[a->config]);
		else
			strbuf_addstr(&sb, "unknown-software");
		add_modifiers(&sb, a);
		break;
	case PERF_TYPE_HW_CACHE: {
		u64 c = a->config & 0xff, op = (a->config >> 8) & 0xff,
		    res = (a->config >> 16) & 0xff;

		if (c < ARRAY_SIZE(cache_names) && op < ARRAY_SIZE(cache_ops) &&
		    res < ARRAY_SIZE(cache_results))
			strbuf_addf(&sb, "%s-%s-%s", cache_names[c], cache_ops[op],
				    cache_results[res]);
		else
			strbuf_addstr(&sb, "unknown-ext-hardware-cache-type");
		add_modifiers(&sb, a);
		break;
	}
	case PERF_TYPE_RAW:
		strbuf_addf(&sb, "raw 0x%" PRIx64, (u64)a->config);
		add_modifiers(&sb, a);
		break;
	case PERF_TYPE_BREAKPOINT:
		strbuf_addf(&sb, "mem:0x%" PRIx64 ":", (u64)a->bp_addr);
		if (a->bp_type & HW_BREAKPOINT_R) strbuf_addch(&sb, 'r');
		if (a->bp_type & HW_BREAKPOINT_W) strbuf_addch(&sb, 'w');
		if (a->bp_type & HW_BREAKPOINT_X) strbuf_addch(&sb, 'x');
		add_modifiers(&sb, a);
		break;
	case PERF_TYPE_TRACEPOINT:
		strbuf_addstr(&sb, "unknown:unknown");
		break;
	default:
		strbuf_addf(&sb, "unknown attr type: %u", a->type);
		break;
	}
	return strbuf_detach(&sb, NULL);
}

static const char *auto_name(struct session_evsel *evsel)
{
	if (!evsel->auto_name)
		evsel->auto_name = perf_attr__default_name(&evsel->attr);
	return evsel->auto_name;
}

const char *session_evsel__name(struct session_evsel *evsel)
{
	if (evsel->update_name)
		return evsel->update_name;
	if (evsel->desc_name)
		return evsel->desc_name;
	if (evsel->tp_name)
		return evsel->tp_name;
	return auto_name(evsel);
}

const char *session_evsel__stats_name(struct session_evsel *evsel)
{
	if (evsel->desc_name)
		return evsel->desc_name;
	return evsel->tp_name ? evsel->tp_name : auto_name(evsel);
}
