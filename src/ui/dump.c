// SPDX-License-Identifier: GPL-2.0-only
/*
 * dump.c: perf report -D, record by record, in perf 6.1's words.
 *
 * perf prints a record where it handles it: user records (ATTR, FEATURE,
 * FINISHED_ROUND, ...) as they are read, kernel records when the ordered
 * queue delivers them. The session's dump callback sits at those same two
 * places, so this file only formats; it never decides the order.
 *
 * What follows the "PERF_RECORD_<NAME>" word is what the handler perf's
 * report uses for the type prints: some print a line, some nothing (the
 * next record's leading newline then ends the line), the stubs
 * ": unhandled!".
 */
#include "prof/compat.h"
#include "prof/dump.h"
#include "prof/header.h"
#include "prof/session.h"
#include "prof/util.h"

#include <ctype.h>

/* ---- raw bytes ---- */

static void dump_hex(FILE *fp, const union perf_event *event)
{
	const u8 *p = (const u8 *)event;
	u32 size = event->header.size;

	fprintf(fp, ".\n. ... raw event: size %u bytes\n", size);
	for (u32 line = 0; line < size; line += 16) {
		u32 n = min(size - line, 16u);

		fprintf(fp, ".  %04x: ", line);
		for (u32 i = 0; i < 16; i++) {
			if (i < n)
				fprintf(fp, " %02x", p[line + i]);
			else
				fputs("   ", fp);
		}
		fputs("  ", fp);
		for (u32 i = 0; i < 16; i++) {
			if (i < n)
				fputc(isprint(p[line + i]) ? p[line + i] : '.', fp);
			else
				fputc(' ', fp);
		}
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

/* ---- the time stamp column ---- */

static u64 combined_sample_type(struct session *s)
{
	u64 t = 0;

	for (int i = 0; i < session__nr_evsels(s); i++)
		t |= session__evsel(s, i)->attr.sample_type;
	return t;
}

static void dump_tstamp(FILE *fp, struct session *s, const union perf_event *event,
			const struct perf_sample *sample)
{
	u64 type = combined_sample_type(s);

	if (event->header.type != PERF_RECORD_SAMPLE && !session__sample_id_all(s)) {
		fputs("-1 -1 ", fp);
		return;
	}
	/* user records carry no sample: perf prints a zeroed one */
	if (type & PERF_SAMPLE_CPU)
		fprintf(fp, "%u ", sample ? sample->cpu : 0);
	if (type & PERF_SAMPLE_TIME)
		fprintf(fp, "%" PRIu64 " ", sample ? sample->time : 0);
}

/* ---- SAMPLE ---- */

static const char *const x86_regs[] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
	"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

static const char *reg_name(const char *arch, unsigned int id)
{
	static char xmm[8];

	if (!arch || !strcmp(arch, "x86_64") || !strcmp(arch, "x86") ||
	    (arch[0] == 'i' && strstr(arch, "86"))) {
		if (id < ARRAY_SIZE(x86_regs))
			return x86_regs[id];
		if (id >= 32 && id < 64 && !(id & 1)) {
			snprintf(xmm, sizeof(xmm), "XMM%u", (id - 32) / 2);
			return xmm;
		}
		return "unknown";
	}
	if (!strcmp(arch, "aarch64") || !strcmp(arch, "arm64")) {
		static char x[8];

		if (id < 29) {
			snprintf(x, sizeof(x), "x%u", id);
			return x;
		}
		return id == 29 ? "x29" : id == 30 ? "lr" : id == 31 ? "sp" : id == 32 ? "pc" :
		       "unknown";
	}
	return "unknown";
}

static void dump_regs(FILE *fp, const char *what, const struct sample_regs *r, const char *arch)
{
	static const char *const abi[] = { "none", "32-bit", "64-bit" };
	u32 i = 0;

	if (!r->regs)
		return;
	fprintf(fp, "... %s regs: mask 0x%" PRIx64 " ABI %s\n", what, r->mask,
		r->abi < ARRAY_SIZE(abi) ? abi[r->abi] : "unknown");
	for (unsigned int bit = 0; bit < 64; bit++) {
		if (!(r->mask & (1ULL << bit)))
			continue;
		if (i >= r->nr)
			break;
		fprintf(fp, ".... %-5s 0x%016" PRIx64 "\n", reg_name(arch, bit), r->regs[i++]);
	}
}

static const char *page_size_name(u64 n, char *buf, size_t len)
{
	static const char unit[] = "BKMGTPEZY";
	int i = 0;

	if (!n)
		return "N/A";
	while (n / 1024 > 1 && i < 8) {
		n /= 1024;
		i++;
	}
	snprintf(buf, len, "%" PRIu64 "%c", n, unit[i]);
	return buf;
}

static const char *const branch_types[16] = {
	"N/A", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL",
	"SYSRET", "COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI",
};

static void dump_branches(FILE *fp, const struct perf_sample *sample, bool callstack)
{
	if (callstack) {
		/* n branches make n + 1 frames: the first "to", then every "from" */
		fprintf(fp, "... branch callstack: nr:%" PRIu64 "\n", sample->branch_nr + 1);
		for (u64 i = 0; i < sample->branch_nr && sample->branch; i++) {
			if (!i)
				fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 "\n", i,
					sample->branch[i].to);
			fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 "\n", i + 1,
				sample->branch[i].from);
		}
		return;
	}
	fprintf(fp, "... branch stack: nr:%" PRIu64 "\n", sample->branch_nr);
	for (u64 i = 0; i < sample->branch_nr && sample->branch; i++) {
		const struct branch_entry *e = &sample->branch[i];
		u64 f = e->flags;
		unsigned int type = (f >> 20) & 0xf;

		fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 " -> %016" PRIx64
			" %hu cycles %s%s%s%s %x %s\n", i, e->from, e->to,
			(unsigned short)((f >> 4) & 0xffff), f & 1 ? "M" : " ",
			f & 2 ? "P" : " ", f & 8 ? "A" : " ", f & 4 ? "T" : " ",
			(unsigned int)(f >> 33), type ? branch_types[type] : "");
	}
}

static void dump_sample_read(FILE *fp, const struct perf_sample *sample, u64 rf)
{
	fputs("... sample_read:\n", fp);
	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(fp, "...... time enabled %016" PRIx64 "\n", sample->read.time_enabled);
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(fp, "...... time running %016" PRIx64 "\n", sample->read.time_running);
	if (rf & PERF_FORMAT_GROUP) {
		fprintf(fp, ".... group nr %" PRIu64 "\n", sample->read.nr);
		for (u64 i = 0; i < sample->read.nr && sample->read.group; i++) {
			const u64 *v = sample->read.group + i * sample->read.group_stride;

			fprintf(fp, "..... id %016" PRIx64 ", value %016" PRIx64,
				(rf & PERF_FORMAT_ID) ? v[1] : 0, v[0]);
			if (rf & PERF_FORMAT_LOST)
				fprintf(fp, ", lost %" PRIu64, v[(rf & PERF_FORMAT_ID) ? 2 : 1]);
			fputc('\n', fp);
		}
	} else {
		fprintf(fp, "..... id %016" PRIx64 ", value %016" PRIx64,
			sample->read.one.id, sample->read.one.value);
		if (rf & PERF_FORMAT_LOST)
			fprintf(fp, ", lost %" PRIu64, sample->read.one.lost);
		fputc('\n', fp);
	}
}

/*
 * Where the STACK_USER size word is in the record (perf prints it): after
 * everything the sample type puts before it.
 */
static u32 ustack_offset(const union perf_event *event, const struct perf_sample *sample,
			 const struct perf_event_attr *attr)
{
	const u8 *base = (const u8 *)event;
	const u8 *p = base + 8 + sample_type__fixed_size(attr->sample_type);
	u64 st = attr->sample_type, rf = attr->read_format;

	if (sample->user_stack)
		return (u32)((const u8 *)sample->user_stack - 8 - base);
	if (st & PERF_SAMPLE_READ) {
		u64 words = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
			    !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING) + 1;

		if (rf & PERF_FORMAT_GROUP)
			words += sample->read.nr * sample->read.group_stride;
		else
			words += !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
		p += 8 * words;
	}
	if ((st & PERF_SAMPLE_CALLCHAIN) && sample->callchain)
		p = (const u8 *)(sample->callchain + sample->callchain_nr);
	if ((st & PERF_SAMPLE_RAW) && sample->raw_data)
		p = (const u8 *)sample->raw_data - 4 + ALIGN_UP((u64)sample->raw_size + 4, 8);
	if ((st & PERF_SAMPLE_BRANCH_STACK) && sample->branch) {
		p = (const u8 *)(sample->branch + sample->branch_nr);
		if (sample->branch_counters)
			p += 8 * sample->branch_nr;
	}
	if (st & PERF_SAMPLE_REGS_USER)
		p = sample->user_regs.regs ?
		    (const u8 *)(sample->user_regs.regs + sample->user_regs.nr) : p + 8;
	return (u32)(p - base);
}

/* An LBR call stack: the kernel part of the chain, then the user part from the LBRs. */
static void dump_lbr_callstack(FILE *fp, const struct perf_sample *sample)
{
	u64 nr = sample->callchain_nr, i;

	for (i = 0; i < nr; i++)
		if (sample->callchain[i] == PERF_CONTEXT_USER)
			break;
	if (i == nr || !sample->branch_nr)
		return;
	nr = i + 1;
	fprintf(fp, "... LBR call chain: nr:%" PRIu64 "\n", nr + sample->branch_nr + 1);
	for (i = 0; i < nr; i++)
		fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)i, sample->callchain[i]);
	fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)nr, sample->branch[0].to);
	for (i = 0; i < sample->branch_nr; i++)
		fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)(i + nr + 1),
			sample->branch[i].from);
}

static void dump_sample(FILE *fp, struct session *s, const union perf_event *event,
			const struct perf_sample *sample)
{
	struct session_evsel *evsel = session__evsel_by_id(s, sample->id);
	const char *arch = session__header(s)->arch;
	char buf[32];
	u64 st;

	if (!evsel)
		return;		/* perf counts it as an unknown id, prints no more */
	st = evsel->attr.sample_type;
	fprintf(fp, "(IP, 0x%x): %d/%d: %#" PRIx64 " period: %" PRIu64 " addr: %#" PRIx64 "\n",
		event->header.misc, (int)sample->pid, (int)sample->tid, sample->ip,
		sample->period, sample->addr);
	if (st & PERF_SAMPLE_CALLCHAIN) {
		if ((st & PERF_SAMPLE_BRANCH_STACK) && sample->callchain &&
		    (evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK))
			dump_lbr_callstack(fp, sample);
		fprintf(fp, "... FP chain: nr:%" PRIu64 "\n", sample->callchain_nr);
		for (u64 i = 0; i < sample->callchain_nr && sample->callchain; i++)
			fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)i, sample->callchain[i]);
	}
	if (st & PERF_SAMPLE_BRANCH_STACK)
		dump_branches(fp, sample,
			      evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK);
	if (st & PERF_SAMPLE_REGS_USER)
		dump_regs(fp, "user", &sample->user_regs, arch);
	if (st & PERF_SAMPLE_REGS_INTR)
		dump_regs(fp, "intr", &sample->intr_regs, arch);
	if (st & PERF_SAMPLE_STACK_USER) {
		u32 off = ustack_offset(event, sample, &evsel->attr);

		fprintf(fp, "... ustack: size %" PRIu64 ", offset 0x%x\n",
			sample->user_stack ? sample->user_stack_dyn_size : 0, off);
	}
	if (st & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		fprintf(fp, "... weight: %" PRIu64, sample->weight);
		if (st & PERF_SAMPLE_WEIGHT_STRUCT)
			fprintf(fp, ",0x%x,0x%x", sample->ins_lat, sample->p_stage_cyc);
		fputc('\n', fp);
	}
	if (st & PERF_SAMPLE_DATA_SRC)
		fprintf(fp, " . data_src: 0x%" PRIx64 "\n", sample->data_src);
	if (st & PERF_SAMPLE_PHYS_ADDR)
		fprintf(fp, " .. phys_addr: 0x%" PRIx64 "\n", sample->phys_addr);
	if (st & PERF_SAMPLE_DATA_PAGE_SIZE)
		fprintf(fp, " .. data page size: %s\n",
			page_size_name(sample->data_page_size, buf, sizeof(buf)));
	if (st & PERF_SAMPLE_CODE_PAGE_SIZE)
		fprintf(fp, " .. code page size: %s\n",
			page_size_name(sample->code_page_size, buf, sizeof(buf)));
	if (st & PERF_SAMPLE_TRANSACTION)
		fprintf(fp, "... transaction: %" PRIx64 "\n", sample->transaction);
	if (st & PERF_SAMPLE_READ)
		dump_sample_read(fp, sample, evsel->attr.read_format);
}

/* ---- other kernel records ---- */

static void dump_mmap2(FILE *fp, const union perf_event *ev)
{
	const struct perf_record_mmap2 *m = &ev->mmap2;
	char perm[5];

	perm[0] = (m->prot & 1) ? 'r' : '-';	/* PROT_READ */
	perm[1] = (m->prot & 2) ? 'w' : '-';
	perm[2] = (m->prot & 4) ? 'x' : '-';
	perm[3] = (m->flags & 1) ? 's' : 'p';	/* MAP_SHARED */
	perm[4] = '\0';
	if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		char bid[2 * 20 + 1];
		u32 n = min((u32)m->build_id_size, 20u);

		for (u32 i = 0; i < n; i++)
			snprintf(bid + 2 * i, 3, "%02x", m->build_id[i]);
		bid[2 * n] = '\0';
		fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " <%s>]: %s %s\n",
			(int)m->pid, (int)m->tid, m->start, m->len, m->pgoff, bid, perm,
			m->filename);
	} else {
		fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " %02x:%02x %"
			PRIu64 " %" PRIu64 "]: %s %s\n", (int)m->pid, (int)m->tid, m->start,
			m->len, m->pgoff, m->maj, m->min, m->ino, m->ino_generation, perm,
			m->filename);
	}
}

static void dump_namespaces(FILE *fp, const union perf_event *ev)
{
	static const char *const names[] = {
		"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
	};
	const u8 *b = (const u8 *)ev;
	u32 pid, tid;
	u64 nr;

	if (ev->header.size < 24)
		return;
	memcpy(&pid, b + 8, 4);
	memcpy(&tid, b + 12, 4);
	memcpy(&nr, b + 16, 8);
	fprintf(fp, " %d/%d - nr_namespaces: %u\n\t\t[", (int)pid, (int)tid, (u32)nr);
	for (u64 i = 0; i < nr && 24 + 16 * (i + 1) <= ev->header.size; i++) {
		u64 link[2];

		memcpy(link, b + 24 + 16 * i, sizeof(link));
		if (i && !(i % 4))
			fputs("\n\t\t ", fp);
		fprintf(fp, "%u/%s: %" PRIu64 "/%#" PRIx64 "%s", (u32)i,
			i < ARRAY_SIZE(names) ? names[i] : "(null)", link[0], link[1],
			i + 1 != nr ? ", " : "]\n");
	}
}

static void dump_kernel(FILE *fp, struct session *s, const union perf_event *ev,
			const struct perf_sample *sample)
{
	switch (ev->header.type) {
	case PERF_RECORD_SAMPLE:
		dump_sample(fp, s, ev, sample);
		break;
	case PERF_RECORD_MMAP:
		fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %s\n",
			(int)ev->mmap.pid, (int)ev->mmap.tid, ev->mmap.start, ev->mmap.len,
			ev->mmap.pgoff, (ev->header.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
			ev->mmap.filename);
		break;
	case PERF_RECORD_MMAP2:
		dump_mmap2(fp, ev);
		break;
	case PERF_RECORD_COMM:
		fprintf(fp, "%s: %s:%d/%d\n",
			(ev->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			ev->comm.comm, (int)ev->comm.pid, (int)ev->comm.tid);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		fprintf(fp, "(%d:%d):(%d:%d)\n", (int)ev->fork.pid, (int)ev->fork.tid,
			(int)ev->fork.ppid, (int)ev->fork.ptid);
		break;
	case PERF_RECORD_LOST:
		fprintf(fp, ": id:%" PRIu64 ": lost:%" PRIu64 "\n", ev->lost.id, ev->lost.lost);
		break;
	case PERF_RECORD_LOST_SAMPLES:
		fprintf(fp, ": id:%" PRIu64 ": lost samples :%" PRIu64 "\n", sample->id,
			ev->header.size >= 16 ? ev->lost_samples.lost : 0);
		break;
	case PERF_RECORD_READ: {
		const u64 *w = (const u64 *)ev;
		struct session_evsel *e = session__evsel_by_id(s, sample->id);
		u64 rf = e ? e->attr.read_format : 0;
		const u64 *v = w + 2;	/* value, then the read_format extras */

		fprintf(fp, ": %d %d %s %" PRIu64 "\n", (int)(w[1] & 0xffffffff),
			(int)(w[1] >> 32), e ? session_evsel__name(e) : "(null)", v[0]);
		if (!e)
			break;
		/* perf reads the fixed struct: enabled, running, id, lost */
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			fprintf(fp, "... time enabled : %" PRIu64 "\n", v[1]);
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			fprintf(fp, "... time running : %" PRIu64 "\n", v[2]);
		if (rf & PERF_FORMAT_ID)
			fprintf(fp, "... id           : %" PRIu64 "\n", v[3]);
		if (rf & PERF_FORMAT_LOST)
			fprintf(fp, "... lost         : %" PRIu64 "\n", v[4]);
		break;
	}
	case PERF_RECORD_NAMESPACES:
		dump_namespaces(fp, ev);
		break;
	case PERF_RECORD_ITRACE_START: {
		u32 who[2] = { 0, 0 };

		if (ev->header.size >= 16)
			memcpy(who, (const u8 *)ev + 8, sizeof(who));
		fprintf(fp, " pid: %u tid: %u\n", who[0], who[1]);
		break;
	}
	case PERF_RECORD_AUX: {
		u64 a[3] = { 0, 0, 0 };

		if (ev->header.size >= 32)
			memcpy(a, (const u8 *)ev + 8, sizeof(a));
		fprintf(fp, " offset: %#" PRIx64 " size: %#" PRIx64 " flags: %#" PRIx64
			" [%s%s%s]\n", a[0], a[1], a[2], (a[2] & 1) ? "T" : "",
			(a[2] & 2) ? "O" : "", (a[2] & 4) ? "P" : "");
		break;
	}
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE: {
		bool out = ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
		const char *dir = !out ? "IN         " :
				  (ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ?
				  "OUT preempt" : "OUT        ";
		u32 who[2] = { 0, 0 };

		if (ev->header.type == PERF_RECORD_SWITCH) {
			fprintf(fp, " %s\n", dir);
			break;
		}
		if (ev->header.size >= 16)
			memcpy(who, (const u8 *)ev + 8, sizeof(who));
		fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", dir, out ? "next" : "prev",
			(int)who[0], (int)who[1]);
		break;
	}
	case PERF_RECORD_CGROUP: {
		u64 id = 0;

		if (ev->header.size >= 16)
			memcpy(&id, (const u8 *)ev + 8, 8);
		fprintf(fp, " cgroup: %" PRIu64 " %s\n", id,
			ev->header.size > 16 ? (const char *)ev + 16 : "");
		break;
	}
	case PERF_RECORD_KSYMBOL: {
		const u8 *b = (const u8 *)ev + 8;
		u64 addr;
		u32 len;
		u16 ktype, flags;

		memcpy(&addr, b, 8);
		memcpy(&len, b + 8, 4);
		memcpy(&ktype, b + 12, 2);
		memcpy(&flags, b + 14, 2);
		fprintf(fp, " addr %" PRIx64 " len %u type %u flags 0x%x name %s\n",
			addr, len, ktype, flags, (const char *)(b + 16));
		break;
	}
	case PERF_RECORD_BPF_EVENT: {
		const u8 *b = (const u8 *)ev + 8;
		u16 btype, flags;
		u32 id;

		memcpy(&btype, b, 2);
		memcpy(&flags, b + 2, 2);
		memcpy(&id, b + 4, 4);
		fprintf(fp, " type %u, flags %u, id %u\n", btype, flags, id);
		break;
	}
	default:
		fputs(": unhandled!\n", fp);
		break;
	}
}

/* ---- user records ---- */

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/* perf's cpu_map__snprint: sorted, duplicates dropped, runs as a-b. */
static void print_cpus(FILE *fp, int *cpus, size_t nr)
{
	size_t n = 0, start = 0;
	bool first = true;

	qsort(cpus, nr, sizeof(*cpus), cmp_int);
	for (size_t i = 0; i < nr; i++)
		if (!n || cpus[n - 1] != cpus[i])
			cpus[n++] = cpus[i];
	for (size_t i = 1; i <= n; i++) {
		if (i < n && cpus[i] - cpus[start] == (int)(i - start))
			continue;
		if (i - 1 == start)
			fprintf(fp, "%s%d", first ? "" : ",", cpus[start]);
		else
			fprintf(fp, "%s%d-%d", first ? "" : ",", cpus[start], cpus[i - 1]);
		first = false;
		start = i;
	}
	fputc('\n', fp);
}

/* The body of a CPU_MAP record (or an EVENT_UPDATE's cpus) at @b, @len bytes. */
static void dump_cpu_map(FILE *fp, const u8 *b, size_t len)
{
	u16 type;
	int *cpus = NULL;
	size_t nr = 0;

	if (len < 2)
		goto bad;
	memcpy(&type, b, 2);
	if (type == 0 && len >= 4) {		/* CPUS: u16 nr, u16 cpu[] */
		u16 n;

		memcpy(&n, b + 2, 2);
		if (4 + 2 * (size_t)n > len)
			goto bad;
		cpus = xcalloc(n + 1, sizeof(*cpus));
		for (u16 i = 0; i < n; i++) {
			u16 c;

			memcpy(&c, b + 4 + 2 * i, 2);
			cpus[nr++] = c == 0xffff ? -1 : c;
		}
	} else if (type == 1 && len >= 6) {	/* MASK: u16 nr, u16 long_size, mask */
		u16 n, lsz;
		size_t at;

		memcpy(&n, b + 2, 2);
		memcpy(&lsz, b + 4, 2);
		/* 32-bit words follow at once, 64-bit ones after 4 bytes of padding */
		at = lsz == 4 ? 6 : 10;

		if ((lsz != 4 && lsz != 8) || at + (size_t)n * lsz > len)
			goto bad;
		cpus = xcalloc((size_t)n * lsz * 8 + 1, sizeof(*cpus));
		for (u16 i = 0; i < n; i++) {
			u64 m = 0;

			if (lsz == 4) {
				u32 m32;

				memcpy(&m32, b + at + 4 * i, 4);
				m = m32;
			} else {
				memcpy(&m, b + at + 8 * (size_t)i, 8);
			}
			for (u32 bit = 0; bit < lsz * 8u; bit++)
				if (m & (1ULL << bit))
					cpus[nr++] = (int)(i * lsz * 8 + bit);
		}
	} else if (type == 2 && len >= 6) {	/* RANGE: u8 any, u8 pad, u16 start, end */
		u16 lo, hi;

		memcpy(&lo, b + 4, 2);
		memcpy(&hi, b + 6, 2);
		if (hi < lo)
			goto bad;
		cpus = xcalloc((size_t)(hi - lo) + 2, sizeof(*cpus));
		if (b[2])
			cpus[nr++] = -1;
		for (u32 c = lo; c <= hi; c++)
			cpus[nr++] = (int)c;
	} else {
		goto bad;
	}
	print_cpus(fp, cpus, nr);
	free(cpus);
	return;
bad:
	fputs("failed to get cpumap from event\n", fp);
}

static void dump_event_update(FILE *fp, const union perf_event *ev)
{
	const u8 *b = (const u8 *)ev;
	size_t size = ev->header.size;
	u64 type, id;

	if (size < 24) {
		fputc('\n', fp);
		return;
	}
	memcpy(&type, b + 8, 8);
	memcpy(&id, b + 16, 8);
	fprintf(fp, "\n... id:    %" PRIu64 "\n", id);
	switch (type) {
	case 0:		/* UNIT */
		fprintf(fp, "... unit:  %.*s\n", (int)(size - 24), (const char *)b + 24);
		break;
	case 1: {	/* SCALE */
		double scale = 0;

		if (size >= 32)
			memcpy(&scale, b + 24, 8);
		fprintf(fp, "... scale: %f\n", scale);
		break;
	}
	case 2:		/* NAME */
		fprintf(fp, "... name:  %.*s\n", (int)(size - 24), (const char *)b + 24);
		break;
	case 3:		/* CPUS */
		fputs("... ", fp);
		dump_cpu_map(fp, b + 24, size - 24);
		break;
	default:
		fputs("... unknown type\n", fp);
		break;
	}
}

static void dump_thread_map(FILE *fp, const union perf_event *ev)
{
	const u8 *b = (const u8 *)ev;
	u64 nr;

	fputs(" nr: ", fp);
	if (ev->header.size < 16) {
		fputs("failed to get threads from event\n", fp);
		return;
	}
	memcpy(&nr, b + 8, 8);
	if (nr > (ev->header.size - 16u) / 24) {
		fputs("failed to get threads from event\n", fp);
		return;
	}
	fprintf(fp, "%d thread%s: ", (int)nr, nr > 1 ? "s" : "");
	for (u64 i = 0; i < nr; i++) {
		u64 pid;

		memcpy(&pid, b + 16 + 24 * i, 8);
		fprintf(fp, "%s%d", i ? ", " : "", (int)pid);
	}
	fputc('\n', fp);
}

static void dump_id_index(FILE *fp, const union perf_event *ev)
{
	const u8 *b = (const u8 *)ev;
	u64 nr;

	if (ev->header.size < 16)
		return;
	memcpy(&nr, b + 8, 8);
	if (nr > (ev->header.size - 16u) / 32)
		return;
	fprintf(fp, " nr: %" PRIu64 "\n", nr);
	for (u64 i = 0; i < nr; i++) {
		u64 e[4];

		memcpy(e, b + 16 + 32 * i, sizeof(e));
		fprintf(fp, " ... id: %" PRIu64 "  idx: %" PRIu64 "  cpu: %" PRId64
			"  tid: %" PRId64 "\n", e[0], e[1], (s64)e[2], (s64)e[3]);
	}
}

static void dump_user(FILE *fp, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_HEADER_ATTR:
	case PERF_RECORD_HEADER_EVENT_TYPE:
	case PERF_RECORD_HEADER_FEATURE:
	case PERF_RECORD_HEADER_BUILD_ID:
	case PERF_RECORD_HEADER_TRACING_DATA:
		break;		/* processed silently */
	case PERF_RECORD_FINISHED_ROUND:
		fputc('\n', fp);
		break;
	case PERF_RECORD_ID_INDEX:
		dump_id_index(fp, ev);
		break;
	case PERF_RECORD_THREAD_MAP:
		dump_thread_map(fp, ev);
		fputs(": unhandled!\n", fp);
		break;
	case PERF_RECORD_CPU_MAP:
		fputs(": ", fp);
		dump_cpu_map(fp, (const u8 *)ev + 8, ev->header.size - 8u);
		fputs(": unhandled!\n", fp);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		dump_event_update(fp, ev);
		break;
	case PERF_RECORD_TIME_CONV: {
		u64 w[6] = { 0 };
		u8 cap[2] = { 0, 0 };

		memcpy(w, (const u8 *)ev + 8, min((size_t)ev->header.size - 8, sizeof(w)));
		fprintf(fp, "\n... Time Shift      %" PRIu64 "\n", w[0]);
		fprintf(fp, "... Time Muliplier  %" PRIu64 "\n", w[1]);
		fprintf(fp, "... Time Zero       %" PRIu64 "\n", w[2]);
		/* the fields of cap_user_time_short, when the record has them */
		if (ev->header.size > 32) {
			if (ev->header.size >= 50)
				memcpy(cap, (const u8 *)ev + 48, 2);
			fprintf(fp, "... Time Cycles     %" PRIu64 "\n", w[3]);
			fprintf(fp, "... Time Mask       %#" PRIx64 "\n", w[4]);
			fprintf(fp, "... Cap Time Zero   %d\n", cap[0]);
			fprintf(fp, "... Cap Time Short  %d\n", cap[1]);
		}
		fputs(": unhandled!\n", fp);
		break;
	}
	default:
		fputs(": unhandled!\n", fp);
		break;
	}
}

/*
 * perf report --stats -D: the stats tool leaves most callbacks to perf's
 * stubs, which say ": unhandled!" (some after printing the record).
 * Returns true when it printed the record's tail.
 */
static bool dump_stats_tool(FILE *fp, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_SAMPLE:
	case PERF_RECORD_LOST:
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
	case PERF_RECORD_KSYMBOL:
	case PERF_RECORD_BPF_EVENT:
	case PERF_RECORD_HEADER_ATTR:
	case PERF_RECORD_THREAD_MAP:
	case PERF_RECORD_CPU_MAP:
	case PERF_RECORD_TIME_CONV:
	case PERF_RECORD_READ:
		return false;	/* as the report tool prints them */
	case PERF_RECORD_EVENT_UPDATE:
		dump_event_update(fp, ev);
		fputs(": unhandled!\n", fp);
		return true;
	case PERF_RECORD_LOST_SAMPLES:	/* counted silently */
	case PERF_RECORD_HEADER_EVENT_TYPE:
		return true;
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_AUX:
		return false;
	default:
		fputs(": unhandled!\n", fp);
		return true;
	}
}

/*
 * perf diff -D: its tool handles fewer records than report's; its stubs
 * say ": unhandled!". Returns true when it printed the record's tail.
 */
static bool dump_diff_tool(FILE *fp, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_EVENT_UPDATE:
		dump_event_update(fp, ev);
		fputs(": unhandled!\n", fp);
		return true;
	case PERF_RECORD_ID_INDEX:
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
	case PERF_RECORD_KSYMBOL:
	case PERF_RECORD_BPF_EVENT:
		fputs(": unhandled!\n", fp);
		return true;
	default:
		return false;
	}
}

/*
 * perf sched -D: its tool takes samples, COMM, NAMESPACES, FORK and LOST
 * records (timehist: MMAP and EXIT too) and orders them (a FINISHED_ROUND
 * ends its line); the rest go to the same stubs as the stats tool's.
 * Returns true when it printed the record's tail.
 */
static bool dump_sched_tool(FILE *fp, const union perf_event *ev, bool timehist)
{
	switch (ev->header.type) {
	case PERF_RECORD_COMM:
	case PERF_RECORD_NAMESPACES:
	case PERF_RECORD_FORK:
	case PERF_RECORD_FINISHED_ROUND:
		return false;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_HEADER_TRACING_DATA:
	case PERF_RECORD_HEADER_BUILD_ID:
		if (timehist)
			return false;
		fputs(": unhandled!\n", fp);
		return true;
	default:
		return dump_stats_tool(fp, ev);
	}
}

/*
 * perf lock -D: its tool takes samples, COMM, MMAP and tracing data (and
 * orders them); the task, MMAP2, index and other records report's tool
 * takes go to perf's stubs, which say ": unhandled!". Returns true when it
 * printed the record's tail.
 */
static bool dump_lock_tool(FILE *fp, const union perf_event *ev)
{
	switch (ev->header.type) {
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_LOST:
	case PERF_RECORD_ID_INDEX:
	case PERF_RECORD_FINISHED_INIT:
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
	case PERF_RECORD_KSYMBOL:
	case PERF_RECORD_BPF_EVENT:
	case PERF_RECORD_HEADER_BUILD_ID:
		fputs(": unhandled!\n", fp);
		return true;
	default:
		return false;
	}
}

/*
 * A copy of @event followed by zeroes: a record shorter than its type's
 * fields (fuzzed or truncated input) reads zeroes instead of what follows
 * it, and an unterminated name ends in the padding. Valid until the next
 * call.
 */
static const union perf_event *padded(const union perf_event *event)
{
	static u64 *buf;
	static size_t alloc;
	size_t need = event->header.size + 512;

	if (need > alloc) {
		free(buf);
		alloc = need;
		buf = xmalloc(alloc);
	}
	memset(buf, 0, need);
	memcpy(buf, event, event->header.size);
	return (const union perf_event *)buf;
}

void dump__event(struct session *s, union perf_event *event, struct perf_sample *sample,
		 u64 offset, enum dump_tool tool, FILE *fp)
{
	bool stats_tool = tool == DUMP_STATS;
	bool script_tool = tool == DUMP_SCRIPT || tool == DUMP_SCRIPT_TASKS;
	const union perf_event *safe;

	bool pipe = session__is_pipe(s);

	/* perf counts a stream's offsets from after its 16-byte header */
	if (pipe && offset >= 16)
		offset -= 16;
	fprintf(fp, "\n%#" PRIx64 "@%s [%#x]: event: %u\n", offset,
		pipe ? "pipe" : session__path(s), event->header.size, event->header.type);
	dump_hex(fp, event);
	dump_tstamp(fp, s, event, sample);
	fprintf(fp, "%#" PRIx64 " [%#x]: PERF_RECORD_%s", offset, event->header.size,
		perf_record_type__name(event->header.type));
	if (stats_tool && dump_stats_tool(fp, event))
		return;
	if (tool == DUMP_DIFF && dump_diff_tool(fp, event))
		return;
	if ((tool == DUMP_SCHED || tool == DUMP_TIMEHIST) &&
	    dump_sched_tool(fp, event, tool == DUMP_TIMEHIST))
		return;
	if (tool == DUMP_LOCK && dump_lock_tool(fp, event))
		return;
	/* script --show-task-events: its line first, then the caller's tail */
	if (tool == DUMP_SCRIPT_TASKS && event->header.type == PERF_RECORD_EXIT)
		return;
	/* perf script's tool takes the thread and CPU maps report's stubs leave */
	if (script_tool && event->header.type == PERF_RECORD_THREAD_MAP) {
		dump_thread_map(fp, event);
		return;
	}
	if (script_tool && event->header.type == PERF_RECORD_CPU_MAP) {
		fputs(": ", fp);
		dump_cpu_map(fp, (const u8 *)event + 8, event->header.size - 8u);
		return;
	}
	/* a sample's fields were checked by its parser and point into @event */
	safe = event->header.type == PERF_RECORD_SAMPLE ? event : padded(event);
	if (sample)
		dump_kernel(fp, s, safe, sample);
	else
		dump_user(fp, safe);
	if ((stats_tool || tool == DUMP_SCHED || tool == DUMP_TIMEHIST || tool == DUMP_LOCK) &&
	    event->header.type == PERF_RECORD_READ)
		fputs(": unhandled!\n", fp);
}

void dump__event_line(FILE *fp, union perf_event *event, struct perf_sample *sample)
{
	fprintf(fp, "PERF_RECORD_%s", perf_record_type__name(event->header.type));
	dump_kernel(fp, NULL, padded(event), sample);
}

void dump__exit_tail(FILE *fp, const union perf_event *event)
{
	const union perf_event *ev = padded(event);

	fprintf(fp, "(%d:%d):(%d:%d)\n", (int)ev->fork.pid, (int)ev->fork.tid,
		(int)ev->fork.ppid, (int)ev->fork.ptid);
}

void dump__sample_location(FILE *fp, const char *comm, int tid, const char *dso, char level)
{
	fprintf(fp, " ... thread: %s:%d\n", comm, tid);
	fprintf(fp, " ...... dso: %s\n", dso ? dso : level == 'H' ? "[hypervisor]" : "<not found>");
}
