// SPDX-License-Identifier: GPL-2.0-only
/*
 * header.c: perf.data header features: parsing every known feature body
 * into struct perf_header (bounds-checked: a body can never make us read
 * outside it or allocate more than it could describe), attr swapping and
 * conversion, and the encoders the writer uses.
 */
#include "prof/compat.h"
#include "prof/header.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <byteswap.h>

/* ---- a bounds-checked cursor over one feature body ---- */

struct cursor {
	const u8 *p;
	size_t left;
	bool swap;
	const char *why;	/* first problem, or NULL */
};

static bool cur_fail(struct cursor *c, const char *why)
{
	if (!c->why)
		c->why = why;
	c->left = 0;
	return false;
}

static bool cur_bytes(struct cursor *c, void *out, size_t n)
{
	if (c->why || n > c->left)
		return cur_fail(c, "feature section is truncated");
	memcpy(out, c->p, n);
	c->p += n;
	c->left -= n;
	return true;
}

static u32 cur_u32(struct cursor *c)
{
	u32 v = 0;

	if (cur_bytes(c, &v, sizeof(v)) && c->swap)
		v = bswap_32(v);
	return v;
}

static u64 cur_u64(struct cursor *c)
{
	u64 v = 0;

	if (cur_bytes(c, &v, sizeof(v)) && c->swap)
		v = bswap_64(v);
	return v;
}

/* A count of items each at least @min_item bytes: bounded by what is left. */
static bool cur_count_ok(struct cursor *c, u64 nr, size_t min_item)
{
	if (c->why)
		return false;
	if (min_item && nr > c->left / min_item)
		return cur_fail(c, "feature item count exceeds the section size");
	return true;
}

/* perf_header_string: u32 len, len bytes (NUL somewhere inside, or not). */
static char *cur_string(struct cursor *c)
{
	u32 len = cur_u32(c);
	char *s;

	if (c->why)
		return NULL;
	if (len > c->left) {
		cur_fail(c, "feature string runs past the section");
		return NULL;
	}
	s = xstrndup((const char *)c->p, len);
	c->p += len;
	c->left -= len;
	return s;
}

static void free_strings(char **list, u32 nr)
{
	if (!list)
		return;
	for (u32 i = 0; i < nr; i++)
		free(list[i]);
	free(list);
}

static char **cur_string_list(struct cursor *c, u32 *nrp)
{
	u32 nr = cur_u32(c);
	char **list;

	*nrp = 0;
	if (!cur_count_ok(c, nr, 4))
		return NULL;
	list = xcalloc(nr ? nr : 1, sizeof(*list));
	for (u32 i = 0; i < nr; i++) {
		list[i] = cur_string(c);
		if (!list[i]) {
			free_strings(list, i);
			return NULL;
		}
	}
	*nrp = nr;
	return list;
}

/* ---- attrs ---- */

static void swap_bits_in_bytes(u8 *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		u8 b = p[i], r = 0;

		for (int bit = 0; bit < 8; bit++)
			if (b & (1u << bit))
				r |= (u8)(0x80u >> bit);
		p[i] = r;
	}
}

static void swap_at(u8 *base, size_t size, size_t off, size_t width)
{
	if (off + width > size)
		return;
	if (width == 2) {
		u16 v;
		memcpy(&v, base + off, 2);
		v = bswap_16(v);
		memcpy(base + off, &v, 2);
	} else if (width == 4) {
		u32 v;
		memcpy(&v, base + off, 4);
		v = bswap_32(v);
		memcpy(base + off, &v, 4);
	} else {
		u64 v;
		memcpy(&v, base + off, 8);
		v = bswap_64(v);
		memcpy(base + off, &v, 8);
	}
}

void perf_event_attr__swap(void *attr, size_t size)
{
	/* offset, width of every scalar field, in attr order */
	static const u8 fields[][2] = {
		{ 0, 4 }, { 4, 4 }, { 8, 8 }, { 16, 8 }, { 24, 8 }, { 32, 8 },
		{ 48, 4 }, { 52, 4 }, { 56, 8 }, { 64, 8 }, { 72, 8 },
		{ 80, 8 }, { 88, 4 }, { 92, 4 }, { 96, 8 }, { 104, 4 },
		{ 108, 2 }, { 110, 2 }, { 112, 4 }, { 116, 4 }, { 120, 8 },
		{ 128, 8 }, { 136, 8 },
	};
	u8 *p = attr;

	for (size_t i = 0; i < ARRAY_SIZE(fields); i++)
		swap_at(p, size, fields[i][0], fields[i][1]);
	/* the flags bitfield: bit order within each byte differs */
	if (size >= 48)
		swap_bits_in_bytes(p + 40, 8);
}

void perf_event_attr__from_disk(struct perf_event_attr *attr, u64 *config3,
				const void *disk, size_t disk_size)
{
	size_t n = min(disk_size, sizeof(*attr));

	memset(attr, 0, sizeof(*attr));
	memcpy(attr, disk, n);
	if (config3) {
		*config3 = 0;
		if (disk_size >= PERF_ATTR_SIZE_VER8_)
			memcpy(config3, (const u8 *)disk + 128, 8);
	}
	attr->size = (u32)(disk_size <= sizeof(*attr) ? disk_size : sizeof(*attr));
}

/* ---- the features ---- */

void perf_header__init(struct perf_header *h)
{
	memset(h, 0, sizeof(*h));
}

static void free_event_desc(struct header_event_desc *d, u32 nr)
{
	if (!d)
		return;
	for (u32 i = 0; i < nr; i++) {
		free(d[i].name);
		free(d[i].ids);
	}
	free(d);
}

static void free_pairs(struct header_pair *p, u32 nr)
{
	if (!p)
		return;
	for (u32 i = 0; i < nr; i++) {
		free(p[i].name);
		free(p[i].value);
	}
	free(p);
}

static void free_feature(struct perf_header *h, int feat)
{
	u32 i;

	switch (feat) {
	case HEADER_BUILD_ID:
		for (i = 0; i < h->nr_build_ids; i++)
			free(h->build_ids[i].filename);
		zfree(&h->build_ids);
		h->nr_build_ids = 0;
		break;
	case HEADER_HOSTNAME: zfree(&h->hostname); break;
	case HEADER_OSRELEASE: zfree(&h->osrelease); break;
	case HEADER_VERSION: zfree(&h->version); break;
	case HEADER_ARCH: zfree(&h->arch); break;
	case HEADER_CPUDESC: zfree(&h->cpudesc); break;
	case HEADER_CPUID: zfree(&h->cpuid); break;
	case HEADER_CMDLINE:
		free_strings(h->cmdline, h->nr_cmdline);
		h->cmdline = NULL;
		h->nr_cmdline = 0;
		break;
	case HEADER_EVENT_DESC:
		free_event_desc(h->event_desc, h->nr_event_desc);
		h->event_desc = NULL;
		h->nr_event_desc = 0;
		break;
	case HEADER_CPU_TOPOLOGY:
		free_strings(h->sibling_sockets, h->nr_sibling_sockets);
		free_strings(h->sibling_threads, h->nr_sibling_threads);
		free_strings(h->sibling_dies, h->nr_sibling_dies);
		h->sibling_sockets = h->sibling_threads = h->sibling_dies = NULL;
		h->nr_sibling_sockets = h->nr_sibling_threads = h->nr_sibling_dies = 0;
		zfree(&h->cpu_topo);
		h->nr_cpu_topo = 0;
		h->has_die_topo = false;
		break;
	case HEADER_NUMA_TOPOLOGY:
		for (i = 0; i < h->nr_numa_nodes; i++)
			free(h->numa_nodes[i].cpus);
		zfree(&h->numa_nodes);
		h->nr_numa_nodes = 0;
		break;
	case HEADER_PMU_MAPPINGS:
		for (i = 0; i < h->nr_pmus; i++)
			free(h->pmus[i].name);
		zfree(&h->pmus);
		h->nr_pmus = 0;
		break;
	case HEADER_GROUP_DESC:
		for (i = 0; i < h->nr_groups; i++)
			free(h->groups[i].name);
		zfree(&h->groups);
		h->nr_groups = 0;
		break;
	case HEADER_CACHE:
		for (i = 0; i < h->nr_caches; i++) {
			free(h->caches[i].type);
			free(h->caches[i].size);
			free(h->caches[i].map);
		}
		zfree(&h->caches);
		h->nr_caches = 0;
		break;
	case HEADER_MEM_TOPOLOGY:
		for (u64 j = 0; j < h->nr_mem_nodes; j++)
			free(h->mem_nodes[j].bitmap);
		zfree(&h->mem_nodes);
		h->nr_mem_nodes = 0;
		break;
	case HEADER_CPU_PMU_CAPS:
		free_pairs(h->cpu_pmu_caps, h->nr_cpu_pmu_caps);
		h->cpu_pmu_caps = NULL;
		h->nr_cpu_pmu_caps = 0;
		break;
	case HEADER_HYBRID_TOPOLOGY:
		for (i = 0; i < h->nr_hybrid; i++) {
			free(h->hybrid[i].pmu_name);
			free(h->hybrid[i].cpus);
		}
		zfree(&h->hybrid);
		h->nr_hybrid = 0;
		break;
	case HEADER_PMU_CAPS:
		for (i = 0; i < h->nr_pmu_caps; i++) {
			free(h->pmu_caps[i].pmu_name);
			free_pairs(h->pmu_caps[i].caps, h->pmu_caps[i].nr_caps);
		}
		zfree(&h->pmu_caps);
		h->nr_pmu_caps = 0;
		break;
	case HEADER_BPF_PROG_INFO:
		for (i = 0; i < h->nr_bpf_prog_info; i++) {
			free(h->bpf_progs[i].info);
			free(h->bpf_progs[i].data);
		}
		zfree(&h->bpf_progs);
		h->nr_bpf_prog_info = 0;
		break;
	case HEADER_BPF_BTF:
		for (i = 0; i < h->nr_bpf_btf; i++)
			free(h->bpf_btfs[i].data);
		zfree(&h->bpf_btfs);
		h->nr_bpf_btf = 0;
		break;
	default:
		break;
	}
}

void perf_header__exit(struct perf_header *h)
{
	for (int f = 1; f < HEADER_FEAT_KNOWN; f++)
		free_feature(h, f);
	memset(h, 0, sizeof(*h));
}

static void parse_build_ids(struct perf_header *h, struct cursor *c)
{
	size_t alloc = 0;

	while (c->left && !c->why) {
		struct perf_build_id_rec rec;
		struct header_build_id *b;
		u16 size;
		size_t namelen;

		if (c->left < sizeof(rec)) {
			cur_fail(c, "build-id entry is truncated");
			return;
		}
		memcpy(&rec, c->p, sizeof(rec));
		size = c->swap ? bswap_16(rec.header.size) : rec.header.size;
		if (size < sizeof(rec) || size > c->left) {
			cur_fail(c, "build-id entry has a bad size");
			return;
		}
		h->build_ids = xgrow(h->build_ids, sizeof(*h->build_ids),
				     h->nr_build_ids + 1, &alloc);
		b = &h->build_ids[h->nr_build_ids++];
		memset(b, 0, sizeof(*b));
		b->pid = c->swap ? (s32)bswap_32((u32)rec.pid) : rec.pid;
		b->misc = c->swap ? bswap_16(rec.header.misc) : rec.header.misc;
		memcpy(b->build_id, rec.build_id, 20);
		b->size = (b->misc & PERF_RECORD_MISC_BUILD_ID_SIZE) && rec.size <= 20 ?
			  rec.size : 20;
		namelen = size - sizeof(rec);
		b->filename = xstrndup((const char *)c->p + sizeof(rec), namelen);
		c->p += size;
		c->left -= size;
	}
}

int perf_header__add_build_id_record(struct perf_header *h, const void *rec, size_t size)
{
	struct perf_build_id_rec r;
	struct header_build_id *b;

	if (size < sizeof(r))
		return -EINVAL;
	memcpy(&r, rec, sizeof(r));
	h->build_ids = xrealloc(h->build_ids, (h->nr_build_ids + 1) * sizeof(*h->build_ids));
	b = &h->build_ids[h->nr_build_ids++];
	memset(b, 0, sizeof(*b));
	b->pid = r.pid;
	b->misc = r.header.misc;
	memcpy(b->build_id, r.build_id, 20);
	b->size = (b->misc & PERF_RECORD_MISC_BUILD_ID_SIZE) && r.size <= 20 ? r.size : 20;
	b->filename = xstrndup((const char *)rec + sizeof(r), size - sizeof(r));
	return 0;
}

static void parse_event_desc(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c), sz = cur_u32(c);
	struct header_event_desc *d;
	u8 *buf;

	if (c->why)
		return;
	if (sz < PERF_ATTR_SIZE_VER0 || sz > PROF_ATTR_SIZE_MAX) {
		cur_fail(c, "event_desc attr size is out of range");
		return;
	}
	if (!cur_count_ok(c, nr, (size_t)sz + 8))
		return;
	d = xcalloc(nr ? nr : 1, sizeof(*d));
	buf = xmalloc(sz);
	for (u32 i = 0; i < nr; i++) {
		if (!cur_bytes(c, buf, sz))
			break;
		if (c->swap)
			perf_event_attr__swap(buf, sz);
		memcpy(&d[i].attr_size_field, buf + 4, 4);
		perf_event_attr__from_disk(&d[i].attr, NULL, buf, sz);
		d[i].disk_attr_size = sz;
		d[i].nr_ids = cur_u32(c);
		d[i].name = cur_string(c);
		if (!d[i].name || !cur_count_ok(c, d[i].nr_ids, 8)) {
			d[i].nr_ids = 0;
			break;
		}
		d[i].ids = xcalloc(d[i].nr_ids ? d[i].nr_ids : 1, sizeof(u64));
		for (u32 j = 0; j < d[i].nr_ids; j++)
			d[i].ids[j] = cur_u64(c);
	}
	free(buf);
	h->event_desc = d;
	h->nr_event_desc = nr;
}

static void parse_cpu_topology(struct perf_header *h, struct cursor *c)
{
	u32 nr = h->nr_cpus_avail;

	h->sibling_sockets = cur_string_list(c, &h->nr_sibling_sockets);
	if (!h->sibling_sockets)
		return;
	h->sibling_threads = cur_string_list(c, &h->nr_sibling_threads);
	if (!h->sibling_threads)
		return;
	if (!c->left || !nr)
		return;		/* older writers stop here */
	if (!cur_count_ok(c, nr, 8))
		return;
	h->cpu_topo = xcalloc(nr, sizeof(*h->cpu_topo));
	h->nr_cpu_topo = nr;
	for (u32 i = 0; i < nr; i++) {
		h->cpu_topo[i].core_id = cur_u32(c);
		h->cpu_topo[i].socket_id = cur_u32(c);
	}
	if (!c->left)
		return;
	h->sibling_dies = cur_string_list(c, &h->nr_sibling_dies);
	if (!h->sibling_dies || !cur_count_ok(c, nr, 4))
		return;
	for (u32 i = 0; i < nr; i++)
		h->cpu_topo[i].die_id = cur_u32(c);
	h->has_die_topo = !c->why;
}

static void parse_numa(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 24))
		return;
	h->numa_nodes = xcalloc(nr ? nr : 1, sizeof(*h->numa_nodes));
	h->nr_numa_nodes = nr;
	for (u32 i = 0; i < nr && !c->why; i++) {
		h->numa_nodes[i].node = cur_u32(c);
		h->numa_nodes[i].mem_total = cur_u64(c);
		h->numa_nodes[i].mem_free = cur_u64(c);
		h->numa_nodes[i].cpus = cur_string(c);
	}
}

static void parse_pmu_mappings(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 8))
		return;
	h->pmus = xcalloc(nr ? nr : 1, sizeof(*h->pmus));
	h->nr_pmus = nr;
	for (u32 i = 0; i < nr && !c->why; i++) {
		h->pmus[i].type = cur_u32(c);
		h->pmus[i].name = cur_string(c);
	}
}

static void parse_group_desc(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 12))
		return;
	h->groups = xcalloc(nr ? nr : 1, sizeof(*h->groups));
	h->nr_groups = nr;
	for (u32 i = 0; i < nr && !c->why; i++) {
		h->groups[i].name = cur_string(c);
		h->groups[i].leader_idx = cur_u32(c);
		h->groups[i].nr_members = cur_u32(c);
	}
}

static void parse_cache(struct perf_header *h, struct cursor *c)
{
	u32 version = cur_u32(c), nr = cur_u32(c);

	if (c->why)
		return;
	if (version != 1) {
		cur_fail(c, "unknown cache feature version");
		return;
	}
	if (!cur_count_ok(c, nr, 28))
		return;
	h->caches = xcalloc(nr ? nr : 1, sizeof(*h->caches));
	h->nr_caches = nr;
	for (u32 i = 0; i < nr && !c->why; i++) {
		struct header_cache *k = &h->caches[i];

		k->level = cur_u32(c);
		k->line_size = cur_u32(c);
		k->sets = cur_u32(c);
		k->ways = cur_u32(c);
		k->type = cur_string(c);
		k->size = cur_string(c);
		k->map = cur_string(c);
	}
}

static void parse_mem_topology(struct perf_header *h, struct cursor *c)
{
	u64 version = cur_u64(c), nr;

	h->mem_block_size = cur_u64(c);
	nr = cur_u64(c);
	if (c->why)
		return;
	if (version != 1) {
		cur_fail(c, "unknown mem_topology feature version");
		return;
	}
	if (!cur_count_ok(c, nr, 24))
		return;
	h->mem_nodes = xcalloc(nr ? nr : 1, sizeof(*h->mem_nodes));
	h->nr_mem_nodes = nr;
	for (u64 i = 0; i < nr && !c->why; i++) {
		struct header_mem_node *m = &h->mem_nodes[i];
		u64 words;

		m->node = cur_u64(c);
		m->size = cur_u64(c);
		m->nbits = cur_u64(c);
		words = m->nbits / 64 + (m->nbits % 64 != 0);
		if (!cur_count_ok(c, words, 8)) {
			m->nbits = 0;
			break;
		}
		m->bitmap = xcalloc(words ? words : 1, 8);
		for (u64 w = 0; w < words; w++)
			m->bitmap[w] = cur_u64(c);
	}
}

static struct header_pair *cur_pairs(struct cursor *c, u32 nr)
{
	struct header_pair *p;

	if (!cur_count_ok(c, nr, 8))
		return NULL;
	p = xcalloc(nr ? nr : 1, sizeof(*p));
	for (u32 i = 0; i < nr && !c->why; i++) {
		p[i].name = cur_string(c);
		p[i].value = cur_string(c);
	}
	return p;
}

static void parse_pmu_caps(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 8))
		return;
	h->pmu_caps = xcalloc(nr ? nr : 1, sizeof(*h->pmu_caps));
	h->nr_pmu_caps = nr;
	for (u32 i = 0; i < nr && !c->why; i++) {
		struct header_pmu_caps *pc = &h->pmu_caps[i];

		pc->nr_caps = cur_u32(c);
		pc->caps = cur_pairs(c, pc->nr_caps);
		if (!pc->caps) {
			pc->nr_caps = 0;
			break;
		}
		pc->pmu_name = cur_string(c);
	}
}

/* A copy of the next @n bytes, or NULL (the cursor failed). */
static u8 *cur_dup(struct cursor *c, size_t n)
{
	u8 *p;

	if (c->why || n > c->left) {
		cur_fail(c, "feature section is truncated");
		return NULL;
	}
	p = xmalloc(n ? n : 1);
	cur_bytes(c, p, n);
	return p;
}

static void parse_bpf_prog_info(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 16))
		return;
	h->bpf_progs = xcalloc(nr ? nr : 1, sizeof(*h->bpf_progs));
	for (u32 i = 0; i < nr && !c->why; i++) {
		struct header_bpf_prog *p = &h->bpf_progs[i];

		p->info_len = cur_u32(c);
		p->data_len = cur_u32(c);
		p->arrays = cur_u64(c);
		if ((u64)p->info_len + p->data_len > c->left) {
			cur_fail(c, "bpf_prog_info entry runs past the section");
			return;
		}
		p->info = cur_dup(c, p->info_len);
		p->data = cur_dup(c, p->data_len);
		h->nr_bpf_prog_info++;
	}
}

static void parse_bpf_btf(struct perf_header *h, struct cursor *c)
{
	u32 nr = cur_u32(c);

	if (!cur_count_ok(c, nr, 8))
		return;
	h->bpf_btfs = xcalloc(nr ? nr : 1, sizeof(*h->bpf_btfs));
	for (u32 i = 0; i < nr && !c->why; i++) {
		struct header_bpf_btf *b = &h->bpf_btfs[i];

		b->id = cur_u32(c);
		b->size = cur_u32(c);
		if (b->size > c->left) {
			cur_fail(c, "bpf_btf entry runs past the section");
			return;
		}
		b->data = cur_dup(c, b->size);
		h->nr_bpf_btf++;
	}
}

int perf_header__process_feature(struct perf_header *h, int feat,
				 const void *buf, size_t size, const char **why)
{
	struct cursor c = { .p = buf, .left = size, .swap = h->needs_swap };
	u64 n;

	if (why)
		*why = NULL;
	if (feat <= 0 || feat >= HEADER_FEAT_KNOWN)
		return 0;	/* unknown: skipped by its size */
	free_feature(h, feat);	/* a repeated feature replaces the first */

	switch (feat) {
	case HEADER_TRACING_DATA:
		break;		/* opaque blob for the trace layer */
	case HEADER_BUILD_ID:
		parse_build_ids(h, &c);
		break;
	case HEADER_HOSTNAME: h->hostname = cur_string(&c); break;
	case HEADER_OSRELEASE: h->osrelease = cur_string(&c); break;
	case HEADER_VERSION: h->version = cur_string(&c); break;
	case HEADER_ARCH: h->arch = cur_string(&c); break;
	case HEADER_CPUDESC: h->cpudesc = cur_string(&c); break;
	case HEADER_CPUID: h->cpuid = cur_string(&c); break;
	case HEADER_NRCPUS:
		h->nr_cpus_avail = cur_u32(&c);
		h->nr_cpus_online = cur_u32(&c);
		if (!c.why && (h->nr_cpus_avail > 1u << 20 || h->nr_cpus_online > h->nr_cpus_avail))
			cur_fail(&c, "nrcpus values are implausible");
		break;
	case HEADER_TOTAL_MEM: h->total_mem = cur_u64(&c); break;
	case HEADER_CMDLINE:
		h->cmdline = cur_string_list(&c, &h->nr_cmdline);
		break;
	case HEADER_EVENT_DESC:
		parse_event_desc(h, &c);
		break;
	case HEADER_CPU_TOPOLOGY:
		parse_cpu_topology(h, &c);
		break;
	case HEADER_NUMA_TOPOLOGY:
		parse_numa(h, &c);
		break;
	case HEADER_BRANCH_STACK:
	case HEADER_STAT:
		break;		/* flags: empty bodies */
	case HEADER_PMU_MAPPINGS:
		parse_pmu_mappings(h, &c);
		break;
	case HEADER_GROUP_DESC:
		parse_group_desc(h, &c);
		break;
	case HEADER_AUXTRACE:
		n = cur_u64(&c);
		if (cur_count_ok(&c, n, 16))
			h->nr_auxtrace_idx = n;
		break;
	case HEADER_CACHE:
		parse_cache(h, &c);
		break;
	case HEADER_SAMPLE_TIME:
		h->first_sample_time = cur_u64(&c);
		h->last_sample_time = cur_u64(&c);
		break;
	case HEADER_MEM_TOPOLOGY:
		parse_mem_topology(h, &c);
		break;
	case HEADER_CLOCKID:
		h->clock_resolution = cur_u64(&c);
		break;
	case HEADER_DIR_FORMAT:
		h->dir_format_version = cur_u64(&c);
		break;
	case HEADER_BPF_PROG_INFO:	/* perf reads neither across byte orders */
		if (!h->needs_swap)
			parse_bpf_prog_info(h, &c);
		break;
	case HEADER_BPF_BTF:
		if (!h->needs_swap)
			parse_bpf_btf(h, &c);
		break;
	case HEADER_COMPRESSED:
		h->comp.version = cur_u32(&c);
		h->comp.type = cur_u32(&c);
		h->comp.level = cur_u32(&c);
		h->comp.ratio = cur_u32(&c);
		h->comp.mmap_len = cur_u32(&c);
		break;
	case HEADER_CPU_PMU_CAPS:
		h->nr_cpu_pmu_caps = cur_u32(&c);
		h->cpu_pmu_caps = cur_pairs(&c, h->nr_cpu_pmu_caps);
		if (!h->cpu_pmu_caps)
			h->nr_cpu_pmu_caps = 0;
		break;
	case HEADER_CLOCK_DATA:
		h->clock_data_version = cur_u32(&c);
		h->clock_data_clockid = cur_u32(&c);
		h->clock_tod_ns = cur_u64(&c);
		h->clock_clockid_ns = cur_u64(&c);
		if (!c.why && h->clock_data_version != 1)
			cur_fail(&c, "unknown clock_data feature version");
		break;
	case HEADER_HYBRID_TOPOLOGY: {
		u32 nr = cur_u32(&c);

		if (!cur_count_ok(&c, nr, 8))
			break;
		h->hybrid = xcalloc(nr ? nr : 1, sizeof(*h->hybrid));
		h->nr_hybrid = nr;
		for (u32 i = 0; i < nr && !c.why; i++) {
			h->hybrid[i].pmu_name = cur_string(&c);
			h->hybrid[i].cpus = cur_string(&c);
		}
		break;
	}
	case HEADER_PMU_CAPS:
		parse_pmu_caps(h, &c);
		break;
	default:
		break;		/* CPU_DOMAIN_INFO: skipped by its size */
	}

	if (c.why) {
		free_feature(h, feat);
		feat_bit_clear(h->parsed, feat);
		if (why)
			*why = c.why;
		return -EINVAL;
	}
	feat_bit_set(h->parsed, feat);
	return 0;
}

/* ---- encoders ---- */

void feat__put_u32(struct strbuf *sb, u32 v)
{
	strbuf_add(sb, &v, sizeof(v));
}

void feat__put_u64(struct strbuf *sb, u64 v)
{
	strbuf_add(sb, &v, sizeof(v));
}

void feat__put_string(struct strbuf *sb, const char *s)
{
	size_t len = strlen(s ? s : "") + 1;
	u32 padded = (u32)ALIGN_UP(len, (size_t)64);

	feat__put_u32(sb, padded);
	strbuf_add(sb, s ? s : "", len - 1);
	strbuf_addchars(sb, 0, padded - (len - 1));
}

void feat__put_string_list(struct strbuf *sb, char *const *list, u32 nr)
{
	feat__put_u32(sb, nr);
	for (u32 i = 0; i < nr; i++)
		feat__put_string(sb, list[i]);
}

void feat__put_build_id(struct strbuf *sb, s32 pid, u16 misc,
			const u8 *build_id, u8 size, const char *filename)
{
	struct perf_build_id_rec rec;
	size_t len = strlen(filename) + 1;
	size_t padded = ALIGN_UP(len, (size_t)PERF_BUILD_ID_NAME_ALIGN);

	memset(&rec, 0, sizeof(rec));
	rec.header.type = 0;	/* perf 6.1 writes 0 in the feature */
	rec.header.misc = misc | PERF_RECORD_MISC_BUILD_ID_SIZE;
	rec.header.size = (u16)(sizeof(rec) + padded);
	rec.pid = pid;
	if (size > 20)
		size = 20;
	memcpy(rec.build_id, build_id, size);
	rec.size = size;
	strbuf_add(sb, &rec, sizeof(rec));
	strbuf_add(sb, filename, len - 1);
	strbuf_addchars(sb, 0, padded - (len - 1));
}

static bool build_id_known_cpumode(const struct header_build_id *b)
{
	u16 cpumode = b->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	return cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_USER ||
	       cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER;
}

/* perf's machine order: the host (pid -1) first, then the guests by pid. */
static int cmp_machine_pid(const void *a, const void *b)
{
	s32 x = *(const s32 *)a, y = *(const s32 *)b;

	if (x == y)
		return 0;
	if (x == -1 || y == -1)
		return x == -1 ? -1 : 1;
	return x < y ? -1 : 1;
}

int perf_header__for_each_dso_build_id(const struct perf_header *h,
				       int (*fn)(const struct header_build_id *place,
						 const struct header_build_id *id, void *priv),
				       void *priv)
{
	u32 n = h->nr_build_ids, nr_pids = 0;
	s32 *pids = xcalloc(n ? n : 1, sizeof(*pids));
	int ret = 0;

	for (u32 i = 0; i < n; i++) {
		u32 k = 0;

		while (k < nr_pids && pids[k] != h->build_ids[i].pid)
			k++;
		if (k == nr_pids)
			pids[nr_pids++] = h->build_ids[i].pid;
	}
	qsort(pids, nr_pids, sizeof(*pids), cmp_machine_pid);
	for (u32 p = 0; p < nr_pids && !ret; p++) {
		for (u32 i = 0; i < n && !ret; i++) {
			const struct header_build_id *b = &h->build_ids[i], *last = b;
			bool seen = false;

			if (b->pid != pids[p] || !build_id_known_cpumode(b))
				continue;
			for (u32 j = 0; j < n && !seen; j++) {
				const struct header_build_id *o = &h->build_ids[j];

				if (j == i || o->pid != b->pid || !build_id_known_cpumode(o) ||
				    strcmp(o->filename, b->filename))
					continue;
				if (j < i)
					seen = true;
				else
					last = o;
			}
			if (!seen)
				ret = fn(b, last, priv);
		}
	}
	free(pids);
	return ret;
}
