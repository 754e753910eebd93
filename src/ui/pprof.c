// SPDX-License-Identifier: GPL-2.0-only
/*
 * pprof.c: resolved samples to pprof's profile.proto (pprof.h). Strings,
 * mappings, functions, locations and samples are each kept once, found
 * again through tables of their hashes (itab.h); the message is
 * encoded at the end (protobuf.h) and gzip'd, as pprof writes its files.
 *
 * profile.proto's field numbers, as its .proto file gives them:
 *   Profile   1 sample_type  2 sample  3 mapping  4 location  5 function
 *             6 string_table 9 time_nanos 10 duration_nanos 11 period_type
 *             12 period 13 comment 14 default_sample_type
 *   ValueType 1 type 2 unit            Label 1 key 2 str 3 num
 *   Sample    1 location_id 2 value 3 label
 *   Mapping   1 id 2 memory_start 3 memory_limit 4 file_offset 5 filename
 *             6 build_id 7 has_functions 8 has_filenames 9 has_line_numbers
 *             10 has_inline_frames
 *   Location  1 id 2 mapping_id 3 address 4 line    Line 1 function_id 2 line
 *   Function  1 id 2 name 3 system_name 4 filename 5 start_line
 * Ids are indexes + 1 (0 is "none" in pprof).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/pprof.h"
#include "prof/protobuf.h"
#include "prof/resolved-sample.h"
#include "prof/map.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/srcline.h"
#include "prof/itab.h"

struct pp_mapping {
	u64 start, limit, offset;
	const struct dso *dso;
	u32 file, build_id;
	bool unnamed;		/* some location of it has no function */
	bool inlines;
};

struct pp_function {
	u32 name, file;
	s64 start_line;
};

struct pp_line {
	u32 function;		/* id */
	s64 line;
};

struct pp_location {
	u32 mapping;		/* id, 0 for none */
	u64 address;
	const void *key;	/* the innermost frame's symbol */
	u32 first_line, nr_lines;
};

struct pp_sample {
	u32 first_loc, nr_locs;
	s64 pid, tid;
	u32 comm, tcomm;
};

struct pprof {
	int nr_values;
	u32 *value_type, *value_unit;	/* string indexes */
	u32 period_type, period_unit;
	s64 period, time_nanos, duration_nanos;
	int default_value;
	u32 *comments;
	size_t nr_comments;

	char **strings;
	size_t nr_strings, alloc_strings;
	struct itab string_tab;

	struct pp_mapping *mappings;
	size_t nr_mappings, alloc_mappings;
	struct itab mapping_tab;

	struct pp_function *functions;
	size_t nr_functions, alloc_functions;
	struct itab function_tab;

	struct pp_line *lines;
	size_t nr_lines, alloc_lines;
	struct pp_location *locations;
	size_t nr_locations, alloc_locations;
	struct itab location_tab;

	struct pp_sample *samples;
	size_t nr_samples, alloc_samples;
	s64 *values;			/* nr_values per sample */
	size_t alloc_values;		/* in samples */
	u32 *sample_locs;		/* the samples' location ids */
	size_t nr_sample_locs, alloc_sample_locs;
	struct itab sample_tab;

	u32 *stack;			/* the sample being added */
	size_t alloc_stack;
	const char *comm;		/* its process's command */
	/* pprof's main binary, its first mapping: the command's own file */
	u32 main_mapping;
	bool main_is_comm;
};

#define GROW(arr, nr, alloc) do {						\
	if ((nr) >= (alloc)) {							\
		(alloc) = (alloc) ? (alloc) * 2 : 64;				\
		(arr) = xrealloc((arr), (alloc) * sizeof(*(arr)));		\
	}									\
} while (0)

static bool string_eq(void *ctx, u32 idx, const void *key)
{
	struct pprof *p = ctx;

	return !strcmp(p->strings[idx], key);
}

/* The string's index in string_table (0 is ""). */
static u32 pp_string(struct pprof *p, const char *s)
{
	u64 h;
	size_t slot;

	if (!s || !*s)
		return 0;
	h = itab_hash_str(s);
	slot = itab_find(&p->string_tab, h, string_eq, p, s);
	if (p->string_tab.val[slot])
		return p->string_tab.val[slot] - 1;
	GROW(p->strings, p->nr_strings, p->alloc_strings);
	p->strings[p->nr_strings] = xstrdup(s);
	itab_add(&p->string_tab, slot, h, (u32)p->nr_strings);
	return (u32)p->nr_strings++;
}

struct pprof *pprof__new(int nr_values)
{
	struct pprof *p = xzalloc(sizeof(*p));

	p->nr_values = nr_values;
	p->value_type = xcalloc((size_t)nr_values, sizeof(*p->value_type));
	p->value_unit = xcalloc((size_t)nr_values, sizeof(*p->value_unit));
	GROW(p->strings, p->nr_strings, p->alloc_strings);
	p->strings[p->nr_strings++] = xstrdup("");
	return p;
}

void pprof__delete(struct pprof *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nr_strings; i++)
		free(p->strings[i]);
	free(p->strings);
	itab_exit(&p->string_tab);
	free(p->mappings);
	itab_exit(&p->mapping_tab);
	free(p->functions);
	itab_exit(&p->function_tab);
	free(p->lines);
	free(p->locations);
	itab_exit(&p->location_tab);
	free(p->samples);
	free(p->values);
	free(p->sample_locs);
	itab_exit(&p->sample_tab);
	free(p->stack);
	free(p->value_type);
	free(p->value_unit);
	free(p->comments);
	free(p);
}

void pprof__value_type(struct pprof *p, int i, const char *type, const char *unit)
{
	p->value_type[i] = pp_string(p, type);
	p->value_unit[i] = pp_string(p, unit);
}

void pprof__default_value(struct pprof *p, int i)
{
	p->default_value = i;
}

void pprof__period(struct pprof *p, const char *type, const char *unit, s64 period)
{
	p->period_type = pp_string(p, type);
	p->period_unit = pp_string(p, unit);
	p->period = period;
}

void pprof__times(struct pprof *p, s64 time_nanos, s64 duration_nanos)
{
	p->time_nanos = time_nanos;
	p->duration_nanos = duration_nanos;
}

void pprof__comment(struct pprof *p, const char *s)
{
	p->comments = xrealloc(p->comments, (p->nr_comments + 1) * sizeof(*p->comments));
	p->comments[p->nr_comments++] = pp_string(p, s);
}

static bool mapping_eq(void *ctx, u32 idx, const void *key)
{
	struct pprof *p = ctx;
	const struct pp_mapping *a = &p->mappings[idx], *b = key;

	return a->start == b->start && a->limit == b->limit && a->offset == b->offset &&
	       a->dso == b->dso;
}

/* The mapping id of @map, 0 for none. */
static u32 pp_mapping(struct pprof *p, const struct map *map, const struct dso *dso)
{
	struct pp_mapping m = { 0 };
	size_t slot;
	u64 h;

	if (!map)
		return 0;
	m.start = map->start;
	m.limit = map->end;
	m.offset = map->identity ? 0 : map->pgoff;
	m.dso = dso;
	h = itab_mix(itab_mix(itab_mix(itab_mix(0, m.start), m.limit), m.offset), (u64)(uintptr_t)dso);
	slot = itab_find(&p->mapping_tab, h, mapping_eq, p, &m);
	if (p->mapping_tab.val[slot])
		return p->mapping_tab.val[slot];
	if (dso) {
		m.file = pp_string(p, dso->long_name);
		if (dso->bid.size) {
			char hex[2 * BUILD_ID_SIZE + 1];

			for (size_t i = 0; i < dso->bid.size; i++)
				snprintf(hex + 2 * i, 3, "%02x", dso->bid.data[i]);
			m.build_id = pp_string(p, hex);
		}
	}
	GROW(p->mappings, p->nr_mappings, p->alloc_mappings);
	p->mappings[p->nr_mappings] = m;
	itab_add(&p->mapping_tab, slot, h, (u32)p->nr_mappings);
	p->nr_mappings++;
	if (dso && dso->kind == DSO_KIND_USER && !p->main_is_comm) {
		const char *base = strrchr(dso->long_name, '/');

		base = base ? base + 1 : dso->long_name;
		/* a comm is the first 15 bytes of the file's name */
		p->main_is_comm = p->comm && *p->comm && !strncmp(base, p->comm, strlen(p->comm));
		if (p->main_is_comm || !p->main_mapping)
			p->main_mapping = (u32)p->nr_mappings;
	}
	return (u32)p->nr_mappings;
}

static bool function_eq(void *ctx, u32 idx, const void *key)
{
	struct pprof *p = ctx;
	const struct pp_function *a = &p->functions[idx], *b = key;

	return a->name == b->name && a->file == b->file && a->start_line == b->start_line;
}

static u32 pp_function(struct pprof *p, const char *name, const char *file, s64 start_line)
{
	struct pp_function f = {
		.name = pp_string(p, name), .file = pp_string(p, file), .start_line = start_line,
	};
	u64 h = itab_mix(itab_mix(itab_mix(1, f.name), f.file), (u64)start_line);
	size_t slot = itab_find(&p->function_tab, h, function_eq, p, &f);

	if (p->function_tab.val[slot])
		return p->function_tab.val[slot];
	GROW(p->functions, p->nr_functions, p->alloc_functions);
	p->functions[p->nr_functions] = f;
	itab_add(&p->function_tab, slot, h, (u32)p->nr_functions);
	return (u32)++p->nr_functions;
}

/* "dir/file.c:12" into its file and line; false for "??:0" and the like. */
static bool split_srcline(const char *s, char *file, size_t size, s64 *line)
{
	const char *colon = s ? strrchr(s, ':') : NULL;
	size_t n;

	if (!colon || colon[1] < '1' || colon[1] > '9' || !strncmp(s, "??", 2))
		return false;
	n = (size_t)(colon - s);
	if (n >= size)
		n = size - 1;
	memcpy(file, s, n);
	file[n] = '\0';
	*line = strtoll(colon + 1, NULL, 10);
	return true;
}

/*
 * One line of a new location: frame @f at DSO address @addr, in function
 * @f->sym; the function's file and first line are those of its first
 * instruction (an inlined function's file is where its line is).
 */
static void pp_line(struct pprof *p, const struct callchain_cursor_node *f, u64 addr)
{
	const char *file = NULL, *sfile;
	char buf[PATH_MAX];
	unsigned int l, start = 0;
	s64 line = 0;
	u32 fn;

	if (f->srcline) {
		if (split_srcline(f->srcline, buf, sizeof(buf), &line))
			file = buf;
	} else if (f->dso && f->has_map && !dso__srcline(f->dso, addr, &sfile, &l)) {
		file = sfile;
		line = l;
	}
	/* a stand-in for an inlined function starts where the outer one does */
	if (!f->inlined && f->dso && f->has_map &&
	    !dso__srcline(f->dso, f->sym->start, &sfile, &start))
		file = sfile;
	fn = pp_function(p, f->sym->name, file, start);
	GROW(p->lines, p->nr_lines, p->alloc_lines);
	p->lines[p->nr_lines++] = (struct pp_line){ .function = fn, .line = line };
}

struct location_key {
	u32 mapping;
	u64 address;
	const void *sym;
	u32 nr_lines;
};

static bool location_eq(void *ctx, u32 idx, const void *key)
{
	struct pprof *p = ctx;
	const struct pp_location *a = &p->locations[idx];
	const struct location_key *b = key;

	return a->mapping == b->mapping && a->address == b->address && a->key == b->sym &&
	       a->nr_lines == b->nr_lines;
}

/*
 * The location of frames @i .. @i + @n - 1 of @rs (one address: inlined
 * functions, innermost first, then the function they are inlined in).
 */
static u32 pp_location(struct pprof *p, const struct resolved_sample *rs, int i, int n)
{
	const struct callchain_cursor_node *f = &rs->frames[i];
	struct map *map = f->has_map ? rs->maps[i] : NULL;
	struct location_key k = {
		.mapping = pp_mapping(p, map, f->dso), .address = f->ip, .sym = f->sym,
		.nr_lines = f->sym ? (u32)n : 0,
	};
	u64 h = itab_mix(itab_mix(itab_mix(itab_mix(2, k.mapping), k.address), (u64)(uintptr_t)k.sym), k.nr_lines);
	size_t slot = itab_find(&p->location_tab, h, location_eq, p, &k);
	struct pp_location *loc;

	if (p->location_tab.val[slot])
		return p->location_tab.val[slot];
	GROW(p->locations, p->nr_locations, p->alloc_locations);
	loc = &p->locations[p->nr_locations];
	*loc = (struct pp_location){
		.mapping = k.mapping, .address = k.address, .key = k.sym,
		.first_line = (u32)p->nr_lines,
	};
	for (int j = 0; j < n && f->sym; j++)
		if (rs->frames[i + j].sym)
			pp_line(p, &rs->frames[i + j], rs->addrs[i + j]);
	loc->nr_lines = (u32)p->nr_lines - loc->first_line;
	if (k.mapping && !loc->nr_lines)
		p->mappings[k.mapping - 1].unnamed = true;
	if (k.mapping && n > 1)
		p->mappings[k.mapping - 1].inlines = true;
	itab_add(&p->location_tab, slot, h, (u32)p->nr_locations);
	return (u32)++p->nr_locations;
}

struct sample_key {
	const u32 *locs;
	u32 nr_locs;
	const struct pp_sample *s;
};

static bool sample_eq(void *ctx, u32 idx, const void *key)
{
	struct pprof *p = ctx;
	const struct pp_sample *a = &p->samples[idx];
	const struct sample_key *k = key;

	return a->nr_locs == k->nr_locs && a->pid == k->s->pid && a->tid == k->s->tid &&
	       a->comm == k->s->comm && a->tcomm == k->s->tcomm &&
	       !memcmp(p->sample_locs + a->first_loc, k->locs, k->nr_locs * sizeof(u32));
}

void pprof__add(struct pprof *p, const struct resolved_sample *rs, int nr,
		const struct pprof_labels *l, const s64 *values)
{
	struct pp_sample s = {
		.pid = l->pid, .tid = l->tid,
		.comm = pp_string(p, l->comm), .tcomm = pp_string(p, l->thread_comm),
	};
	struct sample_key k;
	u32 nr_locs = 0, idx;
	size_t slot;
	s64 *v;
	u64 h;

	p->comm = l->comm;
	if ((size_t)nr + 1 > p->alloc_stack) {
		p->alloc_stack = (size_t)nr + 64;
		p->stack = xrealloc(p->stack, p->alloc_stack * sizeof(*p->stack));
	}
	if (!nr) {
		/* no call chain: the sampled location, one frame */
		struct callchain_cursor_node n = {
			.ip = rs->al.map ? map__unmap_ip(rs->al.map, rs->al.addr) : rs->al.addr,
			.dso = rs->al.map ? rs->al.dso : NULL, .sym = rs->al.sym,
			.has_map = rs->al.map != NULL, .level = rs->al.level,
		};
		struct map *map = rs->al.map;
		struct resolved_sample one = {
			.nr = 1, .frames = &n, .addrs = &rs->al.addr, .maps = &map,
		};

		p->stack[nr_locs++] = pp_location(p, &one, 0, 1);
	}
	for (int i = 0; i < nr;) {
		int n = 1;

		/* an unwound frame's inlined functions come before it, at its address */
		while (rs->frames[i + n - 1].inlined && i + n < nr &&
		       rs->frames[i + n].ip == rs->frames[i].ip)
			n++;
		p->stack[nr_locs++] = pp_location(p, rs, i, n);
		i += n;
	}
	h = itab_mix(itab_mix(itab_mix(itab_mix(3, (u64)s.pid), (u64)s.tid), s.comm), s.tcomm);
	for (u32 i = 0; i < nr_locs; i++)
		h = itab_mix(h, p->stack[i]);
	k = (struct sample_key){ .locs = p->stack, .nr_locs = nr_locs, .s = &s };
	slot = itab_find(&p->sample_tab, h, sample_eq, p, &k);
	idx = p->sample_tab.val[slot] - 1;
	if (!p->sample_tab.val[slot]) {
		GROW(p->samples, p->nr_samples, p->alloc_samples);
		if (p->alloc_values < p->alloc_samples) {
			p->alloc_values = p->alloc_samples;
			p->values = xrealloc(p->values, p->alloc_values * (size_t)p->nr_values *
					     sizeof(*p->values));
		}
		while (p->nr_sample_locs + nr_locs >= p->alloc_sample_locs) {
			p->alloc_sample_locs = p->alloc_sample_locs ? p->alloc_sample_locs * 2 : 1024;
			p->sample_locs = xrealloc(p->sample_locs,
						  p->alloc_sample_locs * sizeof(*p->sample_locs));
		}
		s.first_loc = (u32)p->nr_sample_locs;
		s.nr_locs = nr_locs;
		memcpy(p->sample_locs + p->nr_sample_locs, p->stack, nr_locs * sizeof(u32));
		p->nr_sample_locs += nr_locs;
		p->samples[p->nr_samples] = s;
		memset(p->values + p->nr_samples * (size_t)p->nr_values, 0,
		       (size_t)p->nr_values * sizeof(*p->values));
		idx = (u32)p->nr_samples++;
		itab_add(&p->sample_tab, slot, h, idx);	/* may move the slots */
	}
	v = p->values + idx * (size_t)p->nr_values;
	for (int i = 0; i < p->nr_values; i++)
		v[i] += values[i];
}

static void pb_value_type(struct strbuf *b, u32 f, u32 type, u32 unit)
{
	size_t m = pb_begin(b, f);

	pb_uint(b, 1, type);
	pb_uint(b, 2, unit);
	pb_end(b, m);
}

static void pb_label(struct strbuf *b, u32 key, u32 str, s64 num)
{
	size_t m = pb_begin(b, 3);

	pb_uint(b, 1, key);
	if (str)
		pb_uint(b, 2, str);
	else
		pb_uint(b, 3, (u64)num);
	pb_end(b, m);
}

static void pb_samples(struct pprof *p, struct strbuf *b)
{
	u32 k_pid = pp_string(p, "pid"), k_tid = pp_string(p, "tid");
	u32 k_comm = pp_string(p, "comm"), k_tcomm = pp_string(p, "thread_comm");

	for (size_t i = 0; i < p->nr_samples; i++) {
		const struct pp_sample *s = &p->samples[i];
		size_t m = pb_begin(b, 2), pk;

		pk = pb_begin(b, 1);
		for (u32 j = 0; j < s->nr_locs; j++)
			pb_varint(b, p->sample_locs[s->first_loc + j]);
		pb_end(b, pk);
		pk = pb_begin(b, 2);
		for (int j = 0; j < p->nr_values; j++)
			pb_varint(b, (u64)p->values[i * (size_t)p->nr_values + (size_t)j]);
		pb_end(b, pk);
		pb_label(b, k_pid, 0, s->pid);
		pb_label(b, k_tid, 0, s->tid);
		if (s->comm)
			pb_label(b, k_comm, s->comm, 0);
		if (s->tcomm)
			pb_label(b, k_tcomm, s->tcomm, 0);
		pb_end(b, m);
	}
}

static void pb_tables(struct pprof *p, struct strbuf *b)
{
	for (size_t k = 0; k < p->nr_mappings; k++) {
		/* the main binary first, the others in their order */
		size_t i = !p->main_mapping ? k : !k ? p->main_mapping - 1 :
			   k < p->main_mapping ? k - 1 : k;
		const struct pp_mapping *mp = &p->mappings[i];
		size_t m = pb_begin(b, 3);

		pb_uint(b, 1, i + 1);
		pb_uint(b, 2, mp->start);
		pb_uint(b, 3, mp->limit);
		pb_uint(b, 4, mp->offset);
		pb_uint(b, 5, mp->file);
		if (mp->build_id)
			pb_uint(b, 6, mp->build_id);
		/* pprof symbolizes the mappings that say they have no functions */
		if (!mp->unnamed)
			pb_uint(b, 7, 1);
		if (mp->inlines)
			pb_uint(b, 10, 1);
		pb_end(b, m);
	}
	for (size_t i = 0; i < p->nr_locations; i++) {
		const struct pp_location *loc = &p->locations[i];
		size_t m = pb_begin(b, 4);

		pb_uint(b, 1, i + 1);
		if (loc->mapping)
			pb_uint(b, 2, loc->mapping);
		pb_uint(b, 3, loc->address);
		for (u32 j = 0; j < loc->nr_lines; j++) {
			const struct pp_line *l = &p->lines[loc->first_line + j];
			size_t ml = pb_begin(b, 4);

			pb_uint(b, 1, l->function);
			if (l->line)
				pb_uint(b, 2, (u64)l->line);
			pb_end(b, ml);
		}
		pb_end(b, m);
	}
	for (size_t i = 0; i < p->nr_functions; i++) {
		const struct pp_function *f = &p->functions[i];
		size_t m = pb_begin(b, 5);

		pb_uint(b, 1, i + 1);
		pb_uint(b, 2, f->name);
		pb_uint(b, 3, f->name);
		if (f->file)
			pb_uint(b, 4, f->file);
		if (f->start_line)
			pb_uint(b, 5, (u64)f->start_line);
		pb_end(b, m);
	}
}

int pprof__write(struct pprof *p, FILE *out)
{
	struct strbuf b;
	int ret;

	strbuf_init(&b, 1 << 16);
	for (int i = 0; i < p->nr_values; i++)
		pb_value_type(&b, 1, p->value_type[i], p->value_unit[i]);
	pb_samples(p, &b);	/* adds the label keys to the strings */
	pb_tables(p, &b);
	for (size_t i = 0; i < p->nr_strings; i++)
		pb_string(&b, 6, p->strings[i]);
	if (p->time_nanos)
		pb_uint(&b, 9, (u64)p->time_nanos);
	if (p->duration_nanos)
		pb_uint(&b, 10, (u64)p->duration_nanos);
	if (p->period_type) {
		pb_value_type(&b, 11, p->period_type, p->period_unit);
		pb_uint(&b, 12, (u64)p->period);
	}
	for (size_t i = 0; i < p->nr_comments; i++)
		pb_uint(&b, 13, p->comments[i]);
	if (p->default_value < p->nr_values)
		pb_uint(&b, 14, p->value_type[p->default_value]);
	ret = gzip_write(out, b.buf, b.len);
	strbuf_release(&b);
	return ret;
}
