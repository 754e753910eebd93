/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf-data.h: the perf.data on-disk format: file and pipe headers, record
 * type numbers (kernel and perf-synthesized), feature numbers, and the few
 * fixed-layout records prof writes. Documentation/technical/perf-data-format.md
 * describes the format as implemented.
 *
 * Everything here is in the writer's byte order; the reader swaps first.
 * Records are not guaranteed 8-byte aligned in a file: never dereference a
 * pointer into a mapped file as one of these structs (the session copies
 * each record into aligned memory before handing it out).
 */
#ifndef PROF_PERF_DATA_H
#define PROF_PERF_DATA_H

#include "compat.h"
#include <linux/perf_event.h>

#define PERF_MAGIC2		0x32454c4946524550ULL	/* "PERFILE2" */
#define PERF_MAGIC2_SWAPPED	0x50455246494c4532ULL
#define PERF_MAGIC1		0x454c494646524550ULL	/* "PERFFILE" (v1) */

#define PERF_FILE_HEADER_SIZE	104
#define PERF_FILE_HEADER_SIZE_V0 72	/* no feature bitmap */
#define PERF_PIPE_HEADER_SIZE	16

/* attr sizes: VER0..VER7 are in the kernel header; newer ones here. */
#define PERF_ATTR_SIZE_VER8_	136	/* config3 (perf >= 6.3) */
#define PERF_ATTR_SIZE_VER9_	144	/* config4 */
/* What prof writes (perf 6.1 refuses anything bigger). */
#define PROF_ATTR_SIZE		128
#define PROF_FILE_ATTR_SIZE	(PROF_ATTR_SIZE + 16)
/* Largest on-disk attr we accept (anything larger is hostile). */
#define PROF_ATTR_SIZE_MAX	4096

struct perf_file_section {
	u64 offset;
	u64 size;
};

struct perf_file_header {
	u64 magic;
	u64 size;
	u64 attr_size;
	struct perf_file_section attrs;
	struct perf_file_section data;
	struct perf_file_section event_types;	/* unused, zero */
	u64 adds_features[4];			/* 256-bit feature bitmap */
};

struct perf_pipe_file_header {
	u64 magic;
	u64 size;
};

/* Kernel record types newer than this machine's uapi header. */
#define PERF_RECORD_CALLCHAIN_DEFERRED	22
#define PERF_RECORD_KERNEL_MAX_		23

/* perf-synthesized record types (tools/lib/perf/include/perf/event.h). */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START	= 64,
	PERF_RECORD_HEADER_ATTR		= 64,
	PERF_RECORD_HEADER_EVENT_TYPE	= 65,	/* deprecated */
	PERF_RECORD_HEADER_TRACING_DATA	= 66,	/* payload after header.size */
	PERF_RECORD_HEADER_BUILD_ID	= 67,
	PERF_RECORD_FINISHED_ROUND	= 68,
	PERF_RECORD_ID_INDEX		= 69,
	PERF_RECORD_AUXTRACE_INFO	= 70,
	PERF_RECORD_AUXTRACE		= 71,	/* payload after header.size */
	PERF_RECORD_AUXTRACE_ERROR	= 72,
	PERF_RECORD_THREAD_MAP		= 73,
	PERF_RECORD_CPU_MAP		= 74,
	PERF_RECORD_STAT_CONFIG		= 75,
	PERF_RECORD_STAT		= 76,
	PERF_RECORD_STAT_ROUND		= 77,
	PERF_RECORD_EVENT_UPDATE	= 78,
	PERF_RECORD_TIME_CONV		= 79,
	PERF_RECORD_HEADER_FEATURE	= 80,
	PERF_RECORD_COMPRESSED		= 81,
	PERF_RECORD_FINISHED_INIT	= 82,
	PERF_RECORD_HEADER_MAX_61	= 83,	/* perf 6.1 refuses types >= this */
	PERF_RECORD_COMPRESSED2		= 83,	/* perf >= 6.15 */
	PERF_RECORD_BPF_METADATA	= 84,
	PERF_RECORD_SCHEDSTAT_CPU	= 85,
	PERF_RECORD_SCHEDSTAT_DOMAIN	= 86,
	PERF_RECORD_TYPE_MAX		= 87,	/* types prof knows the name of */
};

/* misc bit of build-id records: the size byte is valid. */
#define PERF_RECORD_MISC_BUILD_ID_SIZE	(1 << 15)
/* misc bit of LOST_SAMPLES (perf >= 6.12): dropped by BPF */
#define PERF_RECORD_MISC_LOST_SAMPLES_BPF (1 << 15)

/* Host machine pid in kernel MMAP and build-id records. */
#define HOST_KERNEL_ID		((u32)-1)

/* Feature bits (header.c feat_ops order). */
enum perf_header_feature {
	HEADER_RESERVED		= 0,
	HEADER_TRACING_DATA	= 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE_61,		/* 32: perf 6.1's end marker */
	HEADER_CPU_DOMAIN_INFO = 32,	/* newest perf only */
	HEADER_FEAT_KNOWN = 33,		/* features prof knows the name of */
	HEADER_FEAT_BITS = 256,
};

/* One build-id entry, as in the BUILD_ID feature and HEADER_BUILD_ID. */
struct perf_build_id_rec {
	struct perf_event_header header;
	s32 pid;
	u8 build_id[20];
	u8 size;		/* valid with PERF_RECORD_MISC_BUILD_ID_SIZE */
	u8 reserved[3];
	/* char filename[], zero padded to 64 (NAME_ALIGN) */
};
#define PERF_BUILD_ID_NAME_ALIGN 64

/* zstd compression feature payload. */
struct perf_compressed_feat {
	u32 version, type, level, ratio, mmap_len;
};

/* "MMAP", "SAMPLE", ...; "UNKNOWN" for holes (as perf prints them). */
const char *perf_record_type__name(u32 type);
/* "HOSTNAME", ...; NULL for unknown bits. */
const char *perf_feature__name(int feat);
/* Lower-case name as --header prints it ("hostname"), NULL if unknown. */
const char *perf_feature__lname(int feat);

#endif /* PROF_PERF_DATA_H */
