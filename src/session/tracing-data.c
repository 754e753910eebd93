// SPDX-License-Identifier: GPL-2.0-only
/*
 * tracing-data.c: the tracepoint format blob perf readers need to decode
 * RAW tracepoint samples (perf's trace-event-info layout, version 0.6).
 */
#include "prof/compat.h"
#include "prof/synthesize.h"
#include "prof/evsel.h"
#include "prof/strbuf.h"
#include "prof/tracepoint.h"
#include "prof/util.h"

static void put_u32(struct strbuf *sb, u32 v) { strbuf_add(sb, &v, 4); }
static void put_u64(struct strbuf *sb, u64 v) { strbuf_add(sb, &v, 8); }

/* "<name>\0" u64 size, then the file. */
static int put_named_file(struct strbuf *sb, const char *dir, const char *name)
{
	char path[512], *buf;
	size_t len = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	buf = read_file_str(path, &len);
	if (!buf)
		return -errno ? -errno : -ENOENT;
	strbuf_add(sb, name, strlen(name) + 1);
	put_u64(sb, len);
	strbuf_add(sb, buf, len);
	free(buf);
	return 0;
}

int tracing_data__build(struct strbuf *sb, struct evlist *evlist)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	const char *dir = tracepoint__events_dir();
	struct evsel *e, *e2;
	int ret, nr_sys = 0;

	evlist__for_each_entry(evlist, e)
		if (e->attr.type == PERF_TYPE_TRACEPOINT && e->tp_sys)
			break;
	if (&e->node == &evlist->entries)
		return 0;
	if (!dir)
		return -ENOENT;
	strbuf_add(sb, magic, sizeof(magic));
	strbuf_add(sb, "0.6", 4);
	strbuf_addch(sb, 0);			/* little endian */
	strbuf_addch(sb, (char)sizeof(long));
	put_u32(sb, (u32)sysconf(_SC_PAGESIZE));
	ret = put_named_file(sb, dir, "header_page");
	if (!ret)
		ret = put_named_file(sb, dir, "header_event");
	if (ret)
		return ret;
	put_u32(sb, 0);				/* ftrace formats: none */

	/* systems, each once, in evlist order */
	evlist__for_each_entry(evlist, e) {
		bool seen = false;

		if (e->attr.type != PERF_TYPE_TRACEPOINT || !e->tp_sys)
			continue;
		evlist__for_each_entry(evlist, e2) {
			if (e2 == e)
				break;
			if (e2->attr.type == PERF_TYPE_TRACEPOINT && e2->tp_sys &&
			    !strcmp(e2->tp_sys, e->tp_sys))
				seen = true;
		}
		if (!seen)
			nr_sys++;
	}
	put_u32(sb, (u32)nr_sys);
	evlist__for_each_entry(evlist, e) {
		bool seen = false;
		size_t count_at;
		u32 count = 0;

		if (e->attr.type != PERF_TYPE_TRACEPOINT || !e->tp_sys)
			continue;
		evlist__for_each_entry(evlist, e2) {
			if (e2 == e)
				break;
			if (e2->attr.type == PERF_TYPE_TRACEPOINT && e2->tp_sys &&
			    !strcmp(e2->tp_sys, e->tp_sys))
				seen = true;
		}
		if (seen)
			continue;
		strbuf_add(sb, e->tp_sys, strlen(e->tp_sys) + 1);
		count_at = sb->len;
		put_u32(sb, 0);
		evlist__for_each_entry(evlist, e2) {
			char *fmt;
			bool dup = false;
			struct evsel *e3;

			if (e2->attr.type != PERF_TYPE_TRACEPOINT || !e2->tp_sys ||
			    strcmp(e2->tp_sys, e->tp_sys))
				continue;
			evlist__for_each_entry(evlist, e3) {
				if (e3 == e2)
					break;
				if (e3->attr.type == PERF_TYPE_TRACEPOINT && e3->tp_sys &&
				    !strcmp(e3->tp_sys, e2->tp_sys) &&
				    !strcmp(e3->tp_name, e2->tp_name))
					dup = true;
			}
			if (dup)
				continue;
			fmt = tracepoint__format_text(e2->tp_sys, e2->tp_name);
			if (!fmt)
				continue;
			put_u64(sb, strlen(fmt));
			strbuf_addstr(sb, fmt);
			free(fmt);
			count++;
		}
		memcpy(sb->buf + count_at, &count, 4);
	}
	put_u32(sb, 0);		/* kallsyms: none, as perf 6.1 writes it */
	put_u32(sb, 0);		/* ftrace_printk formats */
	put_u64(sb, 0);		/* saved_cmdlines */
	return 0;
}
