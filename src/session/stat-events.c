// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat-events.c: encoders and decoders of perf's stat records (see
 * include/prof/stat-events.h for the layouts).
 */
#include "prof/compat.h"
#include "prof/perf-data.h"
#include "prof/stat-events.h"
#include "prof/strbuf.h"
#include "prof/util.h"

static void put_header(struct strbuf *sb, u32 type, size_t size)
{
	struct perf_event_header h = { .type = type, .size = (u16)size };

	strbuf_add(sb, &h, sizeof(h));
}

static void put_u16(struct strbuf *sb, u16 v) { strbuf_add(sb, &v, 2); }
static void put_u64(struct strbuf *sb, u64 v) { strbuf_add(sb, &v, 8); }

void synth__thread_map(struct strbuf *sb, const int *pids, char *const *comms, int nr)
{
	put_header(sb, PERF_RECORD_THREAD_MAP, 8 + 8 + (size_t)nr * 24);
	put_u64(sb, (u64)nr);
	for (int i = 0; i < nr; i++) {
		char comm[16] = { 0 };

		if (comms && comms[i])
			strncpy(comm, comms[i], sizeof(comm) - 1);
		put_u64(sb, (u64)(s64)pids[i]);
		strbuf_add(sb, comm, sizeof(comm));
	}
}

void synth__cpu_map(struct strbuf *sb, const int *cpus, int nr)
{
	bool any = nr > 0 && cpus[0] == -1;
	int min = nr > (int)any ? cpus[any] : -1, max = nr > 0 ? cpus[nr - 1] : -1;

	if (nr > (int)any && max - min + 1 == nr - (int)any) {
		/* perf's range form: u16 type, u8 any, u8 pad, u16 start, u16 end */
		u8 b[2] = { any, 0 };

		put_header(sb, PERF_RECORD_CPU_MAP, 16);
		put_u16(sb, 2);
		strbuf_add(sb, b, 2);
		put_u16(sb, (u16)min);
		put_u16(sb, (u16)max);
		return;
	}
	{
		size_t body = ALIGN_UP(2 + 2 + (size_t)nr * 2, (size_t)8);

		put_header(sb, PERF_RECORD_CPU_MAP, 8 + body);
		put_u16(sb, 0);
		put_u16(sb, (u16)nr);
		for (int i = 0; i < nr; i++)
			put_u16(sb, (u16)cpus[i]);
		strbuf_addchars(sb, 0, body - 4 - (size_t)nr * 2);
	}
}

void synth__stat_config(struct strbuf *sb, u64 aggr_mode, u64 interval_ms, bool scale)
{
	put_header(sb, PERF_RECORD_STAT_CONFIG, 8 + 8 + 3 * 16);
	put_u64(sb, 3);
	put_u64(sb, PERF_STAT_CONFIG_TERM__AGGR_MODE);
	put_u64(sb, aggr_mode);
	put_u64(sb, PERF_STAT_CONFIG_TERM__INTERVAL);
	put_u64(sb, interval_ms);
	put_u64(sb, PERF_STAT_CONFIG_TERM__SCALE);
	put_u64(sb, scale);
}

void synth__stat(struct strbuf *sb, u64 id, int cpu, u32 thread, u64 val, u64 ena, u64 run)
{
	u32 ct[2] = { (u32)cpu, thread };

	put_header(sb, PERF_RECORD_STAT, 48);
	put_u64(sb, id);
	strbuf_add(sb, ct, sizeof(ct));
	put_u64(sb, val);
	put_u64(sb, ena);
	put_u64(sb, run);
}

void synth__stat_round(struct strbuf *sb, u64 type, u64 time)
{
	put_header(sb, PERF_RECORD_STAT_ROUND, 24);
	put_u64(sb, type);
	put_u64(sb, time);
}

/* perf sizes every update as its struct (40 bytes, a 16-byte union) plus the data. */
static void event_update(struct strbuf *sb, u64 type, u64 id, const void *data, size_t len,
			 size_t padded)
{
	put_header(sb, PERF_RECORD_EVENT_UPDATE, 40 + padded);
	put_u64(sb, type);
	put_u64(sb, id);
	strbuf_add(sb, data, len);
	strbuf_addchars(sb, 0, 16 + padded - len);
}

void synth__event_update_unit(struct strbuf *sb, u64 id, const char *unit)
{
	size_t len = strnlen(unit, 4000);

	event_update(sb, 0, id, unit, len, ALIGN_UP(len + 1, (size_t)8));
}

void synth__event_update_scale(struct strbuf *sb, u64 id, double scale)
{
	event_update(sb, 1, id, &scale, sizeof(scale), sizeof(scale));
}

void synth__event_update_name(struct strbuf *sb, u64 id, const char *name)
{
	size_t len = strnlen(name, 4000);

	event_update(sb, 2, id, name, len, ALIGN_UP(len + 1, (size_t)8));
}

/* ---- decoding ---- */

static u16 get_u16(const u8 *p) { u16 v; memcpy(&v, p, 2); return v; }
static u32 get_u32(const u8 *p) { u32 v; memcpy(&v, p, 4); return v; }
static u64 get_u64(const u8 *p) { u64 v; memcpy(&v, p, 8); return v; }

int stat_event__thread_map(const void *rec, int **pids, char ***comms, int *nr)
{
	const struct perf_event_header *h = rec;
	const u8 *p = (const u8 *)rec + 8;
	u64 n;

	if (h->size < 16)
		return -EINVAL;
	n = get_u64(p);
	if (n > (u64)(h->size - 16) / 24 || n == 0)
		return -EINVAL;
	*nr = (int)n;
	*pids = xcalloc(n, sizeof(int));
	*comms = xcalloc(n, sizeof(char *));
	for (u64 i = 0; i < n; i++) {
		const u8 *e = p + 8 + i * 24;

		(*pids)[i] = (int)(s64)get_u64(e);
		(*comms)[i] = xstrndup((const char *)e + 8, 16);
	}
	return 0;
}

int stat_event__cpu_map(const void *rec, int **cpus, int *nr)
{
	const struct perf_event_header *h = rec;
	const u8 *p = (const u8 *)rec + 8;
	size_t len = h->size > 8 ? h->size - 8u : 0;
	int n = 0, *out;

	if (len < 4)
		return -EINVAL;
	switch (get_u16(p)) {
	case 0: {	/* the list */
		u16 cnt = get_u16(p + 2);

		if (!cnt || len < 4 + (size_t)cnt * 2)
			return -EINVAL;
		out = xcalloc(cnt, sizeof(int));
		for (int i = 0; i < cnt; i++) {
			u16 c = get_u16(p + 4 + i * 2);

			out[n++] = c == 0xffff ? -1 : c;
		}
		break;
	}
	case 1: {	/* a bit mask of @cnt longs of @lsize bytes */
		u16 cnt, lsize;
		size_t off;

		if (len < 6)
			return -EINVAL;
		cnt = get_u16(p + 2);
		lsize = get_u16(p + 4);
		if (lsize != 4 && lsize != 8)
			return -EINVAL;
		off = lsize == 4 ? 6 : 10;
		if (len < off + (size_t)cnt * lsize)
			return -EINVAL;
		out = xcalloc((size_t)cnt * lsize * 8 + 1, sizeof(int));
		for (int i = 0; i < cnt; i++) {
			u64 m = lsize == 4 ? get_u32(p + off + (size_t)i * 4) :
					     get_u64(p + off + (size_t)i * 8);

			for (int b = 0; b < lsize * 8; b++)
				if (m & (1ULL << b))
					out[n++] = i * lsize * 8 + b;
		}
		break;
	}
	case 2: {	/* a range, perhaps with "any" first */
		u8 any;
		u16 start, end;

		if (len < 8)
			return -EINVAL;
		any = p[2];
		start = get_u16(p + 4);
		end = get_u16(p + 6);
		if (end < start)
			return -EINVAL;
		out = xcalloc((size_t)(end - start) + 2, sizeof(int));
		if (any)
			out[n++] = -1;
		for (int c = start; c <= end; c++)
			out[n++] = c;
		break;
	}
	default:
		return -EINVAL;
	}
	if (!n) {
		free(out);
		return -EINVAL;
	}
	*cpus = out;
	*nr = n;
	return 0;
}

int stat_event__config(const void *rec, struct stat_file_config *cfg)
{
	const struct perf_event_header *h = rec;
	const u8 *p = (const u8 *)rec + 8;
	u64 n;

	if (h->size < 16)
		return -EINVAL;
	n = get_u64(p);
	if (n > (u64)(h->size - 16) / 16)
		return -EINVAL;
	for (u64 i = 0; i < n; i++) {
		u64 tag = get_u64(p + 8 + i * 16), val = get_u64(p + 16 + i * 16);

		if (tag == PERF_STAT_CONFIG_TERM__AGGR_MODE)
			cfg->aggr_mode = val;
		else if (tag == PERF_STAT_CONFIG_TERM__INTERVAL)
			cfg->interval = val;
		else if (tag == PERF_STAT_CONFIG_TERM__SCALE)
			cfg->scale = val != 0;
	}
	return 0;
}
