/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * header.h: the perf.data header features ("perf report --header"), parsed
 * into one struct, and the encoders that write them.
 *
 * Ownership: a struct perf_header owns every string and array below;
 * perf_header__exit() frees them. Parsing a feature never aborts a read: a
 * malformed body returns -EINVAL and leaves that feature unset (bit clear in
 * ->parsed), as perf treats features as optional.
 */
#ifndef PROF_HEADER_H
#define PROF_HEADER_H

#include "compat.h"
#include "perf-data.h"

struct strbuf;

struct header_build_id {
	s32 pid;
	u16 misc;
	u8 size;		/* bytes of build_id that are valid */
	u8 build_id[20];
	char *filename;
};

struct header_event_desc {
	struct perf_event_attr attr;	/* zero-extended / truncated to ours */
	u32 disk_attr_size;
	u32 attr_size_field;		/* attr.size as written (0 ends perf's walk) */
	char *name;
	u32 nr_ids;
	u64 *ids;
};

struct header_cpu_topo {
	u32 core_id, socket_id, die_id;
};

struct header_numa_node {
	u32 node;
	u64 mem_total, mem_free;
	char *cpus;
};

struct header_pmu {
	u32 type;
	char *name;
};

struct header_group {
	char *name;
	u32 leader_idx, nr_members;
};

struct header_cache {
	u32 level, line_size, sets, ways;
	char *type, *size, *map;
};

struct header_mem_node {
	u64 node, size;		/* size = bits set * block size */
	u64 nbits;
	u64 *bitmap;
};

struct header_pair {
	char *name, *value;
};

struct header_pmu_caps {
	char *pmu_name;
	u32 nr_caps;
	struct header_pair *caps;
};

struct header_hybrid {
	char *pmu_name, *cpus;
};

/* Everything the feature sections say. Zero/NULL when absent. */
struct perf_header {
	bool needs_swap;
	bool pipe;
	u64 feat_bitmap[4];		/* as in the file (after swapping) */
	u64 parsed[4];			/* features successfully parsed */
	/*
	 * File mode: the first feature whose body did not parse, 0 if none.
	 * perf 6.1 stops reading features there (later ones stay unset for
	 * it); prof parses them all, and callers that must print what perf
	 * prints can ignore features above this one.
	 */
	int perf61_stop_feat;
	/* where each feature's body was (pipe: in its HEADER_FEATURE record) */
	struct perf_file_section feat_sec[HEADER_FEAT_KNOWN];

	char *hostname, *osrelease, *version, *arch, *cpudesc, *cpuid;
	u32 nr_cpus_avail, nr_cpus_online;
	u64 total_mem;			/* kB */
	u32 nr_cmdline;
	char **cmdline;

	u32 nr_build_ids;
	struct header_build_id *build_ids;

	u32 nr_event_desc;
	struct header_event_desc *event_desc;

	u32 nr_sibling_sockets, nr_sibling_dies, nr_sibling_threads;
	char **sibling_sockets, **sibling_dies, **sibling_threads;
	u32 nr_cpu_topo;
	struct header_cpu_topo *cpu_topo;
	bool has_die_topo;

	u32 nr_numa_nodes;
	struct header_numa_node *numa_nodes;

	u32 nr_pmus;
	struct header_pmu *pmus;

	u32 nr_groups;
	struct header_group *groups;

	u64 nr_auxtrace_idx;		/* AUXTRACE index entries */
	u32 nr_caches;
	struct header_cache *caches;

	u64 first_sample_time, last_sample_time;

	u64 mem_block_size;
	u64 nr_mem_nodes;
	struct header_mem_node *mem_nodes;

	u64 clock_resolution;		/* CLOCKID */
	u64 dir_format_version;
	u32 nr_bpf_prog_info, nr_bpf_btf;	/* entries, as perf_bpil and BTF blobs */
	struct header_bpf_prog *bpf_progs;
	struct header_bpf_btf *bpf_btfs;
	struct perf_compressed_feat comp;

	u32 nr_cpu_pmu_caps;
	struct header_pair *cpu_pmu_caps;

	u32 clock_data_version, clock_data_clockid;
	u64 clock_tod_ns, clock_clockid_ns;

	u32 nr_hybrid;
	struct header_hybrid *hybrid;

	u32 nr_pmu_caps;
	struct header_pmu_caps *pmu_caps;
};

/* One BPF_PROG_INFO entry (perf's perf_bpil): the kernel's bpf_prog_info
 * (@info_len bytes as written) and the arrays it points into, as offsets
 * into @data for the PERF_BPIL_* bits set in @arrays. */
struct header_bpf_prog {
	u32 info_len, data_len;
	u64 arrays;
	u8 *info, *data;
};

/* One BPF_BTF entry: the BTF blob of one id. */
struct header_bpf_btf {
	u32 id, size;
	u8 *data;
};

static inline bool feat_bit_test(const u64 *bm, int feat)
{
	return feat >= 0 && feat < HEADER_FEAT_BITS && (bm[feat / 64] >> (feat % 64)) & 1;
}
static inline void feat_bit_set(u64 *bm, int feat)
{
	bm[feat / 64] |= 1ULL << (feat % 64);
}
static inline void feat_bit_clear(u64 *bm, int feat)
{
	bm[feat / 64] &= ~(1ULL << (feat % 64));
}

void perf_header__init(struct perf_header *h);
void perf_header__exit(struct perf_header *h);
/* Has the file the feature bit and did its body parse? */
static inline bool perf_header__has_feat(const struct perf_header *h, int feat)
{
	return feat_bit_test(h->parsed, feat);
}

/*
 * Parse the body of feature @feat (@size bytes at @buf, writer's byte order;
 * h->needs_swap says whether to swap). Returns 0, or -EINVAL when the body
 * is malformed (nothing half-set is left behind for that feature), 0 for
 * unknown or deliberately skipped features (BPF_PROG_INFO/BTF of the other
 * byte order). @why receives a static description of the problem.
 */
int perf_header__process_feature(struct perf_header *h, int feat,
				 const void *buf, size_t size, const char **why);

/*
 * Append the build-id of a HEADER_BUILD_ID record (@rec, @size bytes,
 * native order) to h->build_ids. Returns 0 or -EINVAL if malformed.
 */
int perf_header__add_build_id_record(struct perf_header *h, const void *rec, size_t size);
/*
 * The BUILD_ID feature's DSOs as perf's machines hold them: each
 * machine's entries in the file's order, the host (pid -1) first, then
 * the guests by pid; a name listed twice in its first place with its
 * last entry's id; entries of no known cpumode dropped, as perf does.
 * @fn gets the entry giving the place (and name) and the one giving the
 * id; a non-zero return stops the walk and is returned. 0 otherwise.
 */
int perf_header__for_each_dso_build_id(const struct perf_header *h,
				       int (*fn)(const struct header_build_id *place,
						 const struct header_build_id *id, void *priv),
				       void *priv);

/*
 * Swap a perf_event_attr of @size on-disk bytes in place (scalar fields
 * inside @size are byte-swapped, the flags word bit-reversed per byte).
 */
void perf_event_attr__swap(void *attr, size_t size);
/*
 * Copy an on-disk attr of @disk_size bytes into @attr (zero-filling what is
 * missing, dropping what we do not know) and set attr->size to @disk_size
 * when it fits our struct, else to sizeof(*attr). @config3 (may be NULL)
 * receives the VER8 field when present.
 */
void perf_event_attr__from_disk(struct perf_event_attr *attr, u64 *config3,
				const void *disk, size_t disk_size);

/* ---- encoders (writer side): append the feature body to @sb ---- */

/* perf_header_string: u32 len (strlen+1 rounded up to 64) + padded bytes. */
void feat__put_string(struct strbuf *sb, const char *s);
void feat__put_u32(struct strbuf *sb, u32 v);
void feat__put_u64(struct strbuf *sb, u64 v);
/* u32 nr + nr strings */
void feat__put_string_list(struct strbuf *sb, char *const *list, u32 nr);
/* One build-id entry as perf 6.1 writes it in the BUILD_ID feature. */
void feat__put_build_id(struct strbuf *sb, s32 pid, u16 misc,
			const u8 *build_id, u8 size, const char *filename);

#endif /* PROF_HEADER_H */
