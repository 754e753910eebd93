// SPDX-License-Identifier: GPL-2.0-only
/*
 * header-print.c: perf report --header / --header-only [-I] text, perf
 * 6.1's layout: the file layout lines, then each feature of the bitmap in
 * bit order (pipe streams: each HEADER_FEATURE as it arrives), then the
 * features the file lacks. Prints from the parsed struct perf_header.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/session.h"
#include "prof/header.h"
#include "prof/bpf-prog.h"
#include "prof/header-print.h"
#include <sys/stat.h>
#include <time.h>

struct bit_name {
	u64 bit;
	const char *name;
};

static const struct bit_name sample_type_bits[] = {
	{ PERF_SAMPLE_IP, "IP" }, { PERF_SAMPLE_TID, "TID" }, { PERF_SAMPLE_TIME, "TIME" },
	{ PERF_SAMPLE_ADDR, "ADDR" }, { PERF_SAMPLE_READ, "READ" },
	{ PERF_SAMPLE_CALLCHAIN, "CALLCHAIN" }, { PERF_SAMPLE_ID, "ID" },
	{ PERF_SAMPLE_CPU, "CPU" }, { PERF_SAMPLE_PERIOD, "PERIOD" },
	{ PERF_SAMPLE_STREAM_ID, "STREAM_ID" }, { PERF_SAMPLE_RAW, "RAW" },
	{ PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK" }, { PERF_SAMPLE_REGS_USER, "REGS_USER" },
	{ PERF_SAMPLE_STACK_USER, "STACK_USER" }, { PERF_SAMPLE_IDENTIFIER, "IDENTIFIER" },
	{ PERF_SAMPLE_REGS_INTR, "REGS_INTR" }, { PERF_SAMPLE_DATA_SRC, "DATA_SRC" },
	{ PERF_SAMPLE_WEIGHT, "WEIGHT" }, { PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR" },
	{ PERF_SAMPLE_AUX, "AUX" }, { PERF_SAMPLE_CGROUP, "CGROUP" },
	{ PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE" },
	{ PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE" },
	{ PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT" },
	{ 0, NULL },
};

static const struct bit_name read_format_bits[] = {
	{ PERF_FORMAT_TOTAL_TIME_ENABLED, "TOTAL_TIME_ENABLED" },
	{ PERF_FORMAT_TOTAL_TIME_RUNNING, "TOTAL_TIME_RUNNING" },
	{ PERF_FORMAT_ID, "ID" }, { PERF_FORMAT_GROUP, "GROUP" }, { 1U << 4, "LOST" },
	{ 0, NULL },
};

static const struct bit_name branch_bits[] = {
	{ 1ULL << 0, "USER" }, { 1ULL << 1, "KERNEL" }, { 1ULL << 2, "HV" },
	{ 1ULL << 3, "ANY" }, { 1ULL << 4, "ANY_CALL" }, { 1ULL << 5, "ANY_RETURN" },
	{ 1ULL << 6, "IND_CALL" }, { 1ULL << 7, "ABORT_TX" }, { 1ULL << 8, "IN_TX" },
	{ 1ULL << 9, "NO_TX" }, { 1ULL << 10, "COND" }, { 1ULL << 11, "CALL_STACK" },
	{ 1ULL << 12, "IND_JUMP" }, { 1ULL << 13, "CALL" }, { 1ULL << 14, "NO_FLAGS" },
	{ 1ULL << 15, "NO_CYCLES" }, { 1ULL << 16, "TYPE_SAVE" }, { 1ULL << 17, "HW_INDEX" },
	{ 1ULL << 18, "PRIV_SAVE" },
	{ 0, NULL },
};

static void bits_str(char *buf, size_t size, u64 v, const struct bit_name *bits)
{
	size_t n = 0;

	buf[0] = 0;
	for (; bits->name; bits++)
		if (v & bits->bit && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "|" : "", bits->name);
}

struct attr_out {
	FILE *fp;
	attr_field_fn fn;
	void *priv;
};

static void attr_u(struct attr_out *o, const char *name, u64 v, bool always)
{
	char buf[32];

	if (!always && !v)
		return;
	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	o->fn(o->fp, name, buf, o->priv);
}

static void attr_x(struct attr_out *o, const char *name, u64 v)
{
	char buf[32];

	if (!v)
		return;
	snprintf(buf, sizeof(buf), "%#" PRIx64, v);
	o->fn(o->fp, name, buf, o->priv);
}

static void attr_bits(struct attr_out *o, const char *name, u64 v, const struct bit_name *bits)
{
	char buf[512];

	if (!v)
		return;
	bits_str(buf, sizeof(buf), v, bits);
	o->fn(o->fp, name, buf, o->priv);
}

void perf_attr__fprintf(FILE *fp, const struct perf_event_attr *a, u32 size,
			attr_field_fn fn, void *priv)
{
	struct attr_out o = { .fp = fp, .fn = fn, .priv = priv };

	attr_u(&o, "type", a->type, false);
	attr_u(&o, "size", size, false);
	attr_x(&o, "config", a->config);
	attr_u(&o, "{ sample_period, sample_freq }", a->sample_period, false);
	attr_bits(&o, "sample_type", a->sample_type, sample_type_bits);
	attr_bits(&o, "read_format", a->read_format, read_format_bits);
#define F(f) attr_u(&o, #f, a->f, false)
	F(disabled); F(inherit); F(pinned); F(exclusive); F(exclude_user);
	F(exclude_kernel); F(exclude_hv); F(exclude_idle); F(mmap); F(comm); F(freq);
	F(inherit_stat); F(enable_on_exec); F(task); F(watermark); F(precise_ip);
	F(mmap_data); F(sample_id_all); F(exclude_host); F(exclude_guest);
	F(exclude_callchain_kernel); F(exclude_callchain_user); F(mmap2); F(comm_exec);
	F(use_clockid); F(context_switch); F(write_backward); F(namespaces); F(ksymbol);
	F(bpf_event); F(aux_output); F(cgroup); F(text_poke); F(build_id);
	F(inherit_thread); F(remove_on_exec); F(sigtrap);
#undef F
	attr_u(&o, "{ wakeup_events, wakeup_watermark }", a->wakeup_events, false);
	attr_u(&o, "bp_type", a->bp_type, false);
	attr_x(&o, "{ bp_addr, config1 }", a->bp_addr);
	attr_x(&o, "{ bp_len, config2 }", a->bp_len);
	attr_bits(&o, "branch_sample_type", a->branch_sample_type, branch_bits);
	attr_x(&o, "sample_regs_user", a->sample_regs_user);
	attr_u(&o, "sample_stack_user", a->sample_stack_user, false);
	if (a->clockid) {
		char buf[32];

		snprintf(buf, sizeof(buf), "%" PRId64, (s64)a->clockid);
		fn(fp, "clockid", buf, priv);
	}
	attr_x(&o, "sample_regs_intr", a->sample_regs_intr);
	attr_u(&o, "aux_watermark", a->aux_watermark, false);
	attr_u(&o, "sample_max_stack", a->sample_max_stack, false);
	attr_u(&o, "aux_sample_size", a->aux_sample_size, false);
	attr_u(&o, "sig_data", a->sig_data, false);
}

/* The header's printer: ", name = value". */
static void header_attr_field(FILE *fp, const char *name, const char *val, void *priv)
{
	(void)priv;
	fprintf(fp, ", %s = %s", name, val);
}

static void print_event_desc(const struct perf_header *h, FILE *fp)
{
	if (!h->nr_event_desc) {
		fputs("# event desc: not available or unable to read\n", fp);
		return;
	}
	for (u32 i = 0; i < h->nr_event_desc; i++) {
		const struct header_event_desc *d = &h->event_desc[i];

		if (!d->attr_size_field)
			break;
		fprintf(fp, "# event : name = %s, ", d->name ? d->name : "(null)");
		if (d->nr_ids) {
			fputs(", id = {", fp);
			for (u32 j = 0; j < d->nr_ids; j++)
				fprintf(fp, "%s %" PRIu64, j ? "," : "", d->ids[j]);
			fputs(" }", fp);
		}
		perf_attr__fprintf(fp, &d->attr, d->attr_size_field, header_attr_field, NULL);
		fputc('\n', fp);
	}
}

static void print_cpu_topology(const struct perf_header *h, FILE *fp)
{
	/*
	 * perf 6.1 decides whether per-CPU ids follow by adding up the
	 * strings as if each were padded to 64 bytes.
	 */
	u64 perf_size = 8, sec = h->feat_sec[HEADER_CPU_TOPOLOGY].size;
	bool cpus = h->nr_cpu_topo;

	for (u32 i = 0; i < h->nr_sibling_sockets; i++)
		perf_size += 4 + ALIGN_UP(strlen(h->sibling_sockets[i]) + 1, (size_t)64);
	for (u32 i = 0; i < h->nr_sibling_threads; i++)
		perf_size += 4 + ALIGN_UP(strlen(h->sibling_threads[i]) + 1, (size_t)64);
	if (sec <= perf_size)
		cpus = false;
	for (u32 i = 0; i < h->nr_sibling_sockets; i++)
		fprintf(fp, "# sibling sockets : %s\n", h->sibling_sockets[i]);
	for (u32 i = 0; i < h->nr_sibling_dies; i++)
		fprintf(fp, "# sibling dies    : %s\n", h->sibling_dies[i]);
	for (u32 i = 0; i < h->nr_sibling_threads; i++)
		fprintf(fp, "# sibling threads : %s\n", h->sibling_threads[i]);
	if (h->nr_sibling_dies && cpus) {
		for (u32 i = 0; i < h->nr_cpu_topo; i++)
			fprintf(fp, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n", i,
				(int)h->cpu_topo[i].core_id, (int)h->cpu_topo[i].die_id,
				(int)h->cpu_topo[i].socket_id);
	} else if (cpus) {
		for (u32 i = 0; i < h->nr_cpu_topo; i++)
			fprintf(fp, "# CPU %u: Core ID %d, Socket ID %d\n", i,
				(int)h->cpu_topo[i].core_id, (int)h->cpu_topo[i].socket_id);
	} else {
		fputs("# Core ID and Socket ID information is not available\n", fp);
	}
}

static void bitmap_str(char *buf, size_t size, const u64 *bm, u64 nbits)
{
	size_t n = 0;
	u64 i = 0;

	buf[0] = 0;
	while (i < nbits && n < size) {
		u64 start;

		if (!(bm[i / 64] >> (i % 64) & 1)) {
			i++;
			continue;
		}
		start = i;
		while (i + 1 < nbits && bm[(i + 1) / 64] >> ((i + 1) % 64) & 1)
			i++;
		if (start == i)
			n += (size_t)snprintf(buf + n, size - n, "%s%" PRIu64, n ? "," : "", start);
		else
			n += (size_t)snprintf(buf + n, size - n, "%s%" PRIu64 "-%" PRIu64,
					      n ? "," : "", start, i);
		i++;
	}
}

static void print_mem_topology(const struct perf_header *h, FILE *fp)
{
	fprintf(fp, "# memory nodes (nr %d, block size 0x%llx):\n", (int)h->nr_mem_nodes,
		(unsigned long long)h->mem_block_size);
	for (u64 i = 0; i < h->nr_mem_nodes; i++) {
		const struct header_mem_node *n = &h->mem_nodes[i];
		static const char units[] = "BKMG";
		char map[100];
		u64 size = 0;
		int u = 0;

		for (u64 b = 0; b < n->nbits; b++)
			size += n->bitmap[b / 64] >> (b % 64) & 1;
		size *= h->mem_block_size;

		while (size / 1024 > 1 && u < 3) {
			size /= 1024;
			u++;
		}
		bitmap_str(map, sizeof(map), n->bitmap, n->nbits);
		fprintf(fp, "#  %3" PRIu64 " [%" PRIu64 "%c]: %s\n", n->node, size, units[u], map);
	}
}

static const char *clockid_name(u32 id)
{
	switch (id) {
	case 1: return "monotonic";
	case 4: return "monotonic_raw";
	case 0: return "realtime";
	case 7: return "boottime";
	case 11: return "tai";
	}
	return "(n/a)";
}

static void print_clock_data(const struct perf_header *h, FILE *fp)
{
	u64 tod = h->clock_tod_ns, clk = h->clock_clockid_ns;
	time_t sec = (time_t)(tod / 1000000000);
	int usec = (int)(tod % 1000000000 / 1000);
	char date[64], tstr[96];
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		snprintf(tstr, sizeof(tstr), "<error>");
	} else {
		strftime(date, sizeof(date), "%F %T", &tm);
		snprintf(tstr, sizeof(tstr), "%s.%06d", date, usec);
	}
	fprintf(fp, "# clockid: %s (%u)\n", clockid_name(h->clock_data_clockid),
		h->clock_data_clockid);
	fprintf(fp, "# reference time: %s = %ld.%06d (TOD) = %ld.%09ld (%s)\n", tstr, (long)sec,
		usec, (long)(clk / 1000000000), (long)(clk % 1000000000),
		clockid_name(h->clock_data_clockid));
}

static void print_pmu_caps(FILE *fp, const char *pmu, const struct header_pair *caps, u32 nr)
{
	if (!nr) {
		fprintf(fp, "# %s pmu capabilities: not available\n", pmu);
		return;
	}
	fprintf(fp, "# %s pmu capabilities: ", pmu);
	for (u32 i = 0; i < nr; i++)
		fprintf(fp, "%s%s=%s", i ? ", " : "", caps[i].name, caps[i].value);
	fputc('\n', fp);
}

static void print_group_desc(struct session *s, const struct perf_header *h, FILE *fp)
{
	int nr = 0;

	for (int i = 0; i < session__nr_evsels(s); i++) {
		const struct header_group *g = NULL;

		for (u32 k = 0; k < h->nr_groups; k++)
			if ((int)h->groups[k].leader_idx == i && h->groups[k].nr_members > 1)
				g = &h->groups[k];
		if (g) {
			/* perf writes "{anon_group}" for a group without a name */
			bool anon = !g->name || !strcmp(g->name, "{anon_group}");

			fprintf(fp, "# group: %s{%s", anon ? "" : g->name,
				session_evsel__name(session__evsel(s, i)));
			nr = (int)g->nr_members - 1;
		} else if (nr) {
			fprintf(fp, ",%s", session_evsel__name(session__evsel(s, i)));
			if (--nr == 0)
				fputs("}\n", fp);
		}
	}
}

static bool full_only(int feat)
{
	return feat == HEADER_CPU_TOPOLOGY || feat == HEADER_NUMA_TOPOLOGY ||
	       feat == HEADER_CACHE || feat == HEADER_MEM_TOPOLOGY ||
	       feat == HEADER_HYBRID_TOPOLOGY;
}

/* Entries by id, first of equal ids first (perf keeps them in an rbtree by id). */
static int cmp_u32_index(const void *a, const void *b)
{
	const u64 *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* The order perf prints ids in: @ids[i] -> index list, duplicates dropped. */
static u32 sorted_unique(const u32 *ids, u32 nr, u32 *order)
{
	u64 *keys = xcalloc(nr ? nr : 1, sizeof(*keys));
	u32 n = 0;

	for (u32 i = 0; i < nr; i++)
		keys[i] = (u64)ids[i] << 32 | i;
	qsort(keys, nr, sizeof(*keys), cmp_u32_index);
	for (u32 i = 0; i < nr; i++)
		if (!i || keys[i] >> 32 != keys[i - 1] >> 32)
			order[n++] = (u32)keys[i];
	free(keys);
	return n;
}

static void print_bpf_prog_info(const struct perf_header *h, FILE *fp)
{
	u32 *ids = xcalloc(h->nr_bpf_prog_info + 1, sizeof(*ids));
	u32 *order = xcalloc(h->nr_bpf_prog_info + 1, sizeof(*order));
	u32 n;
	char name[256];

	for (u32 i = 0; i < h->nr_bpf_prog_info; i++) {
		struct bpf_prog_desc d;

		bpf_prog__decode(&h->bpf_progs[i], &d);
		ids[i] = d.id;
	}
	n = sorted_unique(ids, h->nr_bpf_prog_info, order);
	for (u32 k = 0; k < n; k++) {
		const struct header_bpf_prog *p = &h->bpf_progs[order[k]];
		struct bpf_prog_desc d;

		if (bpf_prog__decode(p, &d))
			continue;
		if (d.nr_subs == 1) {
			bpf_prog__name(h, p, 0, name, sizeof(name));
			fprintf(fp, "# bpf_prog_info %u: %s addr 0x%" PRIx64 " size %u\n",
				d.id, name, d.addrs[0], d.lens[0]);
			continue;
		}
		fprintf(fp, "# bpf_prog_info %u:\n", d.id);
		for (u32 i = 0; i < d.nr_subs; i++) {
			bpf_prog__name(h, p, i, name, sizeof(name));
			fprintf(fp, "# \tsub_prog %u: %s addr 0x%" PRIx64 " size %u\n",
				i, name, d.addrs[i], d.lens[i]);
		}
	}
	free(order);
	free(ids);
}

static void print_bpf_btf(const struct perf_header *h, FILE *fp)
{
	u32 *ids = xcalloc(h->nr_bpf_btf + 1, sizeof(*ids));
	u32 *order = xcalloc(h->nr_bpf_btf + 1, sizeof(*order));
	u32 n;

	for (u32 i = 0; i < h->nr_bpf_btf; i++)
		ids[i] = h->bpf_btfs[i].id;
	n = sorted_unique(ids, h->nr_bpf_btf, order);
	for (u32 k = 0; k < n; k++)
		fprintf(fp, "# btf info of id %u\n", h->bpf_btfs[order[k]].id);
	free(order);
	free(ids);
}

/* One feature as perf_file_section__fprintf_info prints it. */
static void print_feature(struct session *s, const struct perf_header *h, int feat, bool full,
			  FILE *fp)
{
	int stop = h->perf61_stop_feat;
	bool ok = perf_header__has_feat(h, feat) && (!stop || feat < stop);

	if (feat >= HEADER_LAST_FEATURE_61)
		return;
	if (full_only(feat) && !full) {
		fprintf(fp, "# %s info available, use -I to display\n", perf_feature__name(feat));
		return;
	}
	switch (feat) {
	case HEADER_HOSTNAME:
		fprintf(fp, "# hostname : %s\n", ok && h->hostname ? h->hostname : "(null)");
		break;
	case HEADER_OSRELEASE:
		fprintf(fp, "# os release : %s\n", ok && h->osrelease ? h->osrelease : "(null)");
		break;
	case HEADER_VERSION:
		fprintf(fp, "# perf version : %s\n", ok && h->version ? h->version : "(null)");
		break;
	case HEADER_ARCH:
		fprintf(fp, "# arch : %s\n", ok && h->arch ? h->arch : "(null)");
		break;
	case HEADER_NRCPUS:
		fprintf(fp, "# nrcpus online : %u\n# nrcpus avail : %u\n",
			ok ? h->nr_cpus_online : 0, ok ? h->nr_cpus_avail : 0);
		break;
	case HEADER_CPUDESC:
		fprintf(fp, "# cpudesc : %s\n", ok && h->cpudesc ? h->cpudesc : "(null)");
		break;
	case HEADER_CPUID:
		fprintf(fp, "# cpuid : %s\n", ok && h->cpuid ? h->cpuid : "(null)");
		break;
	case HEADER_TOTAL_MEM:
		fprintf(fp, "# total memory : %" PRIu64 " kB\n", ok ? h->total_mem : 0);
		break;
	case HEADER_CMDLINE:
		fputs("# cmdline : ", fp);
		for (u32 i = 0; ok && i < h->nr_cmdline; i++)
			fprintf(fp, "%s ", h->cmdline[i]);
		fputc('\n', fp);
		break;
	case HEADER_EVENT_DESC:
		print_event_desc(h, fp);
		break;
	case HEADER_CPU_TOPOLOGY:
		if (ok)
			print_cpu_topology(h, fp);
		else
			fputs("# Core ID and Socket ID information is not available\n", fp);
		break;
	case HEADER_NUMA_TOPOLOGY:
		for (u32 i = 0; ok && i < h->nr_numa_nodes; i++) {
			const struct header_numa_node *n = &h->numa_nodes[i];

			fprintf(fp, "# node%u meminfo  : total = %" PRIu64 " kB, free = %" PRIu64
				" kB\n", n->node, n->mem_total, n->mem_free);
			fprintf(fp, "# node%u cpu list : %s\n", n->node, n->cpus);
		}
		break;
	case HEADER_BRANCH_STACK:
		fputs("# contains samples with branch stack\n", fp);
		break;
	case HEADER_PMU_MAPPINGS:
		if (!ok || !h->nr_pmus) {
			fputs("# pmu mappings: not available\n", fp);
			break;
		}
		fputs("# pmu mappings: ", fp);
		for (u32 i = 0; i < h->nr_pmus; i++)
			fprintf(fp, "%s%s = %u", i ? ", " : "", h->pmus[i].name, h->pmus[i].type);
		fputc('\n', fp);
		break;
	case HEADER_GROUP_DESC:
		if (ok)
			print_group_desc(s, h, fp);
		break;
	case HEADER_AUXTRACE:
		fputs("# contains AUX area data (e.g. instruction trace)\n", fp);
		break;
	case HEADER_STAT:
		fputs("# contains stat data\n", fp);
		break;
	case HEADER_CACHE:
		fputs("# CPU cache info:\n", fp);
		for (u32 i = 0; ok && i < h->nr_caches; i++)
			fprintf(fp, "#  L%u %-15s %8s [%s]\n", h->caches[i].level, h->caches[i].type,
				h->caches[i].size, h->caches[i].map);
		break;
	case HEADER_SAMPLE_TIME: {
		u64 first = ok ? h->first_sample_time : 0, last = ok ? h->last_sample_time : 0;

		fprintf(fp, "# time of first sample : %" PRIu64 ".%06" PRIu64 "\n",
			first / 1000000000, first % 1000000000 / 1000);
		fprintf(fp, "# time of last sample : %" PRIu64 ".%06" PRIu64 "\n",
			last / 1000000000, last % 1000000000 / 1000);
		fprintf(fp, "# sample duration : %10.3f ms\n", (double)(last - first) / 1e6);
		break;
	}
	case HEADER_MEM_TOPOLOGY:
		if (ok)
			print_mem_topology(h, fp);
		break;
	case HEADER_CLOCKID:
		fprintf(fp, "# clockid frequency: %" PRIu64 " MHz\n",
			ok ? h->clock_resolution * 1000 : 0);
		break;
	case HEADER_DIR_FORMAT:
		fprintf(fp, "# directory data version : %" PRIu64 "\n",
			ok ? h->dir_format_version : 0);
		break;
	case HEADER_COMPRESSED:
		fprintf(fp, "# compressed : %s, level = %u, ratio = %u\n",
			ok && h->comp.type == 1 ? "Zstd" : "Unknown", ok ? h->comp.level : 0,
			ok ? h->comp.ratio : 0);
		break;
	case HEADER_CPU_PMU_CAPS:
		print_pmu_caps(fp, "cpu", h->cpu_pmu_caps, ok ? h->nr_cpu_pmu_caps : 0);
		break;
	case HEADER_CLOCK_DATA:
		if (ok && h->clock_tod_ns)
			print_clock_data(h, fp);
		else
			fputs("# reference time disabled\n", fp);
		break;
	case HEADER_HYBRID_TOPOLOGY:
		fputs("# hybrid cpu system:\n", fp);
		for (u32 i = 0; ok && i < h->nr_hybrid; i++)
			fprintf(fp, "# %s cpu list : %s\n", h->hybrid[i].pmu_name, h->hybrid[i].cpus);
		break;
	case HEADER_BPF_PROG_INFO:
		if (ok)
			print_bpf_prog_info(h, fp);
		break;
	case HEADER_BPF_BTF:
		if (ok)
			print_bpf_btf(h, fp);
		break;
	case HEADER_PMU_CAPS:
		for (u32 i = 0; ok && i < h->nr_pmu_caps; i++)
			print_pmu_caps(fp, h->pmu_caps[i].pmu_name, h->pmu_caps[i].caps,
				       h->pmu_caps[i].nr_caps);
		break;
	default:
		break;
	}
}

void header__fprintf_feature(struct session *s, int feat, bool full, FILE *fp)
{
	print_feature(s, session__header(s), feat, full, fp);
}

/* The session keeps only the normalised magic: "PERFFILE" (version 0) or "PERFILE2". */
static int file_version(const char *path)
{
	char magic[8] = "";
	FILE *f = fopen(path, "rb");

	if (f) {
		if (fread(magic, 1, sizeof(magic), f) != sizeof(magic))
			magic[0] = 0;
		fclose(f);
	}
	return memcmp(magic, "PERFFILE", 8) ? 1 : 0;
}

void header__fprintf_env(struct session *s, bool full, FILE *fp)
{
	const struct perf_file_header *fh = session__file_header(s);
	const struct perf_header *h = session__header(s);
	bool pipe = session__is_pipe(s);
	struct stat st;
	time_t t = time(NULL);

	/* perf's fstat of its input: a stream in a file too, a pipe's last write */
	if (strcmp(session__path(s), "-") ? !stat(session__path(s), &st) :
					    !fstat(STDIN_FILENO, &st))
		t = st.st_mtime;
	fprintf(fp, "# captured on    : %s", ctime(&t));
	fprintf(fp, "# header version : %d\n", pipe ? 1 : file_version(session__path(s)));
	fprintf(fp, "# data offset    : %" PRIu64 "\n", pipe ? 0 : fh->data.offset);
	fprintf(fp, "# data size      : %" PRIu64 "\n", pipe ? 0 : fh->data.size);
	fprintf(fp, "# feat offset    : %" PRIu64 "\n",
		pipe ? 0 : fh->data.offset + fh->data.size);
	if (!pipe) {
		for (int feat = 1; feat < HEADER_LAST_FEATURE_61; feat++)
			if (feat_bit_test(h->feat_bitmap, feat))
				print_feature(s, h, feat, full, fp);
		fputs("# missing features: ", fp);
		for (int feat = 1; feat < HEADER_LAST_FEATURE_61; feat++)
			if (!feat_bit_test(h->feat_bitmap, feat))
				fprintf(fp, "%s ", perf_feature__name(feat));
		fputc('\n', fp);
	}
}

void header__fprintf_info(struct session *s, bool full, FILE *fp)
{
	fputs("# ========\n", fp);
	header__fprintf_env(s, full, fp);
	fputs("# ========\n#\n", fp);
}
