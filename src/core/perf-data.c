// SPDX-License-Identifier: GPL-2.0-only
/* perf-data.c: names of record types and header features. */
#include "prof/compat.h"
#include "prof/perf-data.h"

static const char *const record_names[PERF_RECORD_TYPE_MAX] = {
	[0]				= "TOTAL",
	[PERF_RECORD_MMAP]		= "MMAP",
	[PERF_RECORD_LOST]		= "LOST",
	[PERF_RECORD_COMM]		= "COMM",
	[PERF_RECORD_EXIT]		= "EXIT",
	[PERF_RECORD_THROTTLE]		= "THROTTLE",
	[PERF_RECORD_UNTHROTTLE]	= "UNTHROTTLE",
	[PERF_RECORD_FORK]		= "FORK",
	[PERF_RECORD_READ]		= "READ",
	[PERF_RECORD_SAMPLE]		= "SAMPLE",
	[PERF_RECORD_MMAP2]		= "MMAP2",
	[PERF_RECORD_AUX]		= "AUX",
	[PERF_RECORD_ITRACE_START]	= "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES]	= "LOST_SAMPLES",
	[PERF_RECORD_SWITCH]		= "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE]	= "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES]	= "NAMESPACES",
	[PERF_RECORD_KSYMBOL]		= "KSYMBOL",
	[PERF_RECORD_BPF_EVENT]		= "BPF_EVENT",
	[PERF_RECORD_CGROUP]		= "CGROUP",
	[PERF_RECORD_TEXT_POKE]		= "TEXT_POKE",
	[PERF_RECORD_AUX_OUTPUT_HW_ID]	= "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_CALLCHAIN_DEFERRED] = "CALLCHAIN_DEFERRED",
	[PERF_RECORD_HEADER_ATTR]	= "ATTR",
	[PERF_RECORD_HEADER_EVENT_TYPE]	= "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA] = "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID]	= "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND]	= "FINISHED_ROUND",
	[PERF_RECORD_ID_INDEX]		= "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO]	= "AUXTRACE_INFO",
	[PERF_RECORD_AUXTRACE]		= "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR]	= "AUXTRACE_ERROR",
	[PERF_RECORD_THREAD_MAP]	= "THREAD_MAP",
	[PERF_RECORD_CPU_MAP]		= "CPU_MAP",
	[PERF_RECORD_STAT_CONFIG]	= "STAT_CONFIG",
	[PERF_RECORD_STAT]		= "STAT",
	[PERF_RECORD_STAT_ROUND]	= "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE]	= "EVENT_UPDATE",
	[PERF_RECORD_TIME_CONV]		= "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE]	= "FEATURE",
	[PERF_RECORD_COMPRESSED]	= "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT]	= "FINISHED_INIT",
	[PERF_RECORD_COMPRESSED2]	= "COMPRESSED2",
	[PERF_RECORD_BPF_METADATA]	= "BPF_METADATA",
	[PERF_RECORD_SCHEDSTAT_CPU]	= "SCHEDSTAT_CPU",
	[PERF_RECORD_SCHEDSTAT_DOMAIN]	= "SCHEDSTAT_DOMAIN",
};

const char *perf_record_type__name(u32 type)
{
	if (type >= PERF_RECORD_TYPE_MAX || !record_names[type])
		return "UNKNOWN";
	return record_names[type];
}

static const char *const feat_names[HEADER_FEAT_KNOWN][2] = {
	[HEADER_TRACING_DATA]	= { "TRACING_DATA", "trace_info" },
	[HEADER_BUILD_ID]	= { "BUILD_ID", "build_id" },
	[HEADER_HOSTNAME]	= { "HOSTNAME", "hostname" },
	[HEADER_OSRELEASE]	= { "OSRELEASE", "osrelease" },
	[HEADER_VERSION]	= { "VERSION", "version" },
	[HEADER_ARCH]		= { "ARCH", "arch" },
	[HEADER_NRCPUS]		= { "NRCPUS", "nrcpus" },
	[HEADER_CPUDESC]	= { "CPUDESC", "cpudesc" },
	[HEADER_CPUID]		= { "CPUID", "cpuid" },
	[HEADER_TOTAL_MEM]	= { "TOTAL_MEM", "total_mem" },
	[HEADER_CMDLINE]	= { "CMDLINE", "cmdline" },
	[HEADER_EVENT_DESC]	= { "EVENT_DESC", "event_desc" },
	[HEADER_CPU_TOPOLOGY]	= { "CPU_TOPOLOGY", "cpu_topology" },
	[HEADER_NUMA_TOPOLOGY]	= { "NUMA_TOPOLOGY", "numa_topology" },
	[HEADER_BRANCH_STACK]	= { "BRANCH_STACK", "branch_stack" },
	[HEADER_PMU_MAPPINGS]	= { "PMU_MAPPINGS", "pmu_mappings" },
	[HEADER_GROUP_DESC]	= { "GROUP_DESC", "group_desc" },
	[HEADER_AUXTRACE]	= { "AUXTRACE", "auxtrace" },
	[HEADER_STAT]		= { "STAT", "stat" },
	[HEADER_CACHE]		= { "CACHE", "cache" },
	[HEADER_SAMPLE_TIME]	= { "SAMPLE_TIME", "sample_time" },
	[HEADER_MEM_TOPOLOGY]	= { "MEM_TOPOLOGY", "mem_topology" },
	[HEADER_CLOCKID]	= { "CLOCKID", "clockid" },
	[HEADER_DIR_FORMAT]	= { "DIR_FORMAT", "dir_format" },
	[HEADER_BPF_PROG_INFO]	= { "BPF_PROG_INFO", "bpf_prog_info" },
	[HEADER_BPF_BTF]	= { "BPF_BTF", "bpf_btf" },
	[HEADER_COMPRESSED]	= { "COMPRESSED", "compressed" },
	[HEADER_CPU_PMU_CAPS]	= { "CPU_PMU_CAPS", "cpu_pmu_caps" },
	[HEADER_CLOCK_DATA]	= { "CLOCK_DATA", "clock_data" },
	[HEADER_HYBRID_TOPOLOGY] = { "HYBRID_TOPOLOGY", "hybrid_topology" },
	[HEADER_PMU_CAPS]	= { "PMU_CAPS", "pmu_caps" },
	[HEADER_CPU_DOMAIN_INFO] = { "CPU_DOMAIN_INFO", "cpu_domain_info" },
};

const char *perf_feature__name(int feat)
{
	if (feat <= 0 || feat >= HEADER_FEAT_KNOWN)
		return NULL;
	return feat_names[feat][0];
}

const char *perf_feature__lname(int feat)
{
	if (feat <= 0 || feat >= HEADER_FEAT_KNOWN)
		return NULL;
	return feat_names[feat][1];
}
