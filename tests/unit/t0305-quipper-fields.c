// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0305-quipper-fields: field-by-field check of the parser against
 * quipper's text dumps (perf_data_converter/quipper_testdata/
 * expected_pb_text/<file>.pb_text.gz, written by an independent parser).
 * Per file, the multiset of SAMPLE (ip, pid, tid, time, period, id, cpu,
 * callchain, branch stack, raw size), COMM and MMAP (with their
 * sample_id_all trailers) records must be the same.
 *
 * Normalisation: quipper sets bit 63 of callchain entries it could not
 * map (so a zero entry reads 2^63): bit 63 of entries is ignored; it merges
 * "//anon" maps into the file map before them (Chrome's huge page
 * remapping), so MMAPs are compared without //anon maps and without
 * len/pgoff; only the last six digits of big sums are compared.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include "tap.h"

#define QDIR PROF_SRCDIR "/../shared/corpus/perf-data/perf_data_converter/quipper_testdata"

struct lines {
	char **v;
	size_t nr, alloc;
};

static void lines_add(struct lines *l, const char *s)
{
	l->v = xgrow(l->v, sizeof(*l->v), l->nr + 1, &l->alloc);
	l->v[l->nr++] = xstrdup(s);
}

static void lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* last six decimal digits of a u64 written in decimal */
static u64 low6(u64 v)
{
	return v % 1000000;
}

/*
 * quipper sets bit 63 of callchain entries it could not map to a DSO:
 * ignore that bit on both sides (except in context markers)
 */
static u64 cc_norm(u64 x)
{
	if (x < (u64)-4095)
		x &= ~(1ULL << 63);
	return low6(x);
}

/* ---- our side ---- */

static void add_trailer(struct strbuf *sb, const struct perf_sample *sm)
{
	if (sm->evsel && sm->evsel->attr.sample_id_all)
		strbuf_addf(sb, " si=%u/%u/%" PRIu64, sm->pid, sm->tid, sm->time);
}

static int on_sample(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct lines *l = session__tool_priv(s);
	struct strbuf sb = STRBUF_INIT;
	u64 t = sm->evsel->attr.sample_type, cs = 0, bf = 0, bt = 0;

	strbuf_addf(&sb, "S ip=%" PRIu64 " pid=%u tid=%u time=%" PRIu64, sm->ip, sm->pid,
		    sm->tid, sm->time);
	if (t & PERF_SAMPLE_PERIOD)
		strbuf_addf(&sb, " period=%" PRIu64, sm->period);
	if (t & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER))
		strbuf_addf(&sb, " id=%" PRIu64, sm->id);
	if (t & PERF_SAMPLE_CPU)
		strbuf_addf(&sb, " cpu=%u", sm->cpu);
	for (u64 i = 0; i < sm->callchain_nr; i++)
		cs += cc_norm(sm->callchain[i]);
	if (sm->callchain_nr)
		strbuf_addf(&sb, " cc=%" PRIu64 "/%" PRIu64, sm->callchain_nr, cs);
	for (u64 i = 0; i < sm->branch_nr; i++) {
		bf += low6(sm->branch[i].from);
		bt += low6(sm->branch[i].to);
	}
	if (sm->branch_nr)
		strbuf_addf(&sb, " br=%" PRIu64 "/%" PRIu64 "/%" PRIu64, sm->branch_nr, bf, bt);
	if (t & PERF_SAMPLE_RAW)
		strbuf_addf(&sb, " raw=%u", sm->raw_size);
	lines_add(l, sb.buf);
	strbuf_release(&sb);
	return 0;
}

static int on_comm(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct lines *l = session__tool_priv(s);
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "C %u/%u %.16s", ev->comm.pid, ev->comm.tid, ev->comm.comm);
	add_trailer(&sb, sm);
	lines_add(l, sb.buf);
	strbuf_release(&sb);
	return 0;
}

static int on_mmap(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	struct lines *l = session__tool_priv(s);
	struct strbuf sb = STRBUF_INIT;
	bool two = ev->header.type == PERF_RECORD_MMAP2;

	const char *name = two ? ev->mmap2.filename : ev->mmap.filename;

	if (!strcmp(name, "//anon"))
		return 0;
	strbuf_addf(&sb, "M %u/%u %" PRIu64 " %s",
		    two ? ev->mmap2.pid : ev->mmap.pid, two ? ev->mmap2.tid : ev->mmap.tid,
		    two ? ev->mmap2.start : ev->mmap.start, name);
	add_trailer(&sb, sm);
	lines_add(l, sb.buf);
	strbuf_release(&sb);
	return 0;
}

static int ours(const char *path, struct lines *l)
{
	struct tool t = { .sample = on_sample, .comm = on_comm, .mmap = on_mmap,
			  .mmap2 = on_mmap, .priv = l };
	struct session *s;
	char *err = NULL;
	int ret = session__open(&s, path, &err);

	if (ret) {
		diag("%s", err);
		free(err);
		return ret;
	}
	ret = session__process_events(s, &t);
	if (ret)
		diag("%s", session__strerror(s));
	session__delete(s);
	return ret;
}

/* ---- quipper's side ---- */

struct qrec {
	char kind;		/* 'S', 'C', 'M' or 0 */
	struct strbuf sb;
	char ip[32], pid[16], tid[16], time[32], period[32], id[32], cpu[16], raw[16];
	char start[32], name[4096];
	char si_pid[16], si_tid[16], si_time[32];
	bool si;
	u64 ccn, cs, brn, bf, bt;
};

static u64 low6_text(const char *v, bool callchain)
{
	u64 x = strtoull(v, NULL, 10);

	return callchain ? cc_norm(x) : low6(x);
}

static void q_emit(struct qrec *q, struct lines *l)
{
	struct strbuf *sb = &q->sb;

	strbuf_reset(sb);
	if (q->kind == 'S') {
		strbuf_addf(sb, "S ip=%s pid=%s tid=%s time=%s", q->ip, q->pid, q->tid, q->time);
		if (*q->period)
			strbuf_addf(sb, " period=%s", q->period);
		if (*q->id)
			strbuf_addf(sb, " id=%s", q->id);
		if (*q->cpu)
			strbuf_addf(sb, " cpu=%s", q->cpu);
		if (q->ccn)
			strbuf_addf(sb, " cc=%" PRIu64 "/%" PRIu64, q->ccn, q->cs);
		if (q->brn)
			strbuf_addf(sb, " br=%" PRIu64 "/%" PRIu64 "/%" PRIu64, q->brn, q->bf, q->bt);
		if (*q->raw)
			strbuf_addf(sb, " raw=%s", q->raw);
	} else if (q->kind == 'C') {
		strbuf_addf(sb, "C %s/%s %s", q->pid, q->tid, q->name);
	} else if (q->kind == 'M') {
		if (!strcmp(q->name, "//anon"))
			return;
		strbuf_addf(sb, "M %s/%s %s %s", q->pid, q->tid, q->start, q->name);
	}
	if (q->kind != 'S' && q->si)
		strbuf_addf(sb, " si=%s/%s/%s", q->si_pid, q->si_tid, q->si_time);
	lines_add(l, sb->buf);
}

/* "    key: value" -> key, value (quotes of strings removed) */
static bool kv(char *line, char **key, char **val)
{
	char *c = strchr(line, ':');
	size_t n;

	if (!c)
		return false;
	*c = 0;
	*key = line + strspn(line, " ");
	*val = c + 1 + strspn(c + 1, " ");
	n = strcspn(*val, "\n");
	(*val)[n] = 0;
	if (**val == '"' && n >= 2 && (*val)[n - 1] == '"') {
		(*val)[n - 1] = 0;
		(*val)++;
	}
	return true;
}

#define SET(f) snprintf(q.f, sizeof(q.f), "%s", val)

static int quipper(const char *gz, struct lines *l)
{
	char *cmd = xasprintf("gzip -dc '%s'", gz);
	FILE *p = popen(cmd, "r");
	static char line[65536];
	struct qrec q;
	int depth_si = 0;

	free(cmd);
	if (!p)
		return -1;
	memset(&q, 0, sizeof(q));
	strbuf_init(&q.sb, 0);
	while (fgets(line, sizeof(line), p)) {
		char *key, *val;

		if (!strcmp(line, "  sample_event {\n") || !strcmp(line, "  comm_event {\n") ||
		    !strcmp(line, "  mmap_event {\n")) {
			struct strbuf keep = q.sb;

			memset(&q, 0, sizeof(q));
			q.sb = keep;
			q.kind = line[2] == 's' ? 'S' : line[2] == 'c' ? 'C' : 'M';
			continue;
		}
		if (!q.kind)
			continue;
		if (!strcmp(line, "  }\n")) {
			q_emit(&q, l);
			q.kind = 0;
			continue;
		}
		if (!strcmp(line, "    sample_info {\n")) {
			q.si = true;
			depth_si = 1;
			continue;
		}
		if (depth_si && !strcmp(line, "    }\n")) {
			depth_si = 0;
			continue;
		}
		if (!strcmp(line, "    branch_stack {\n")) {
			q.brn++;
			continue;
		}
		if (!kv(line, &key, &val))
			continue;
		if (depth_si) {
			if (!strcmp(key, "pid")) snprintf(q.si_pid, sizeof(q.si_pid), "%s", val);
			else if (!strcmp(key, "tid")) snprintf(q.si_tid, sizeof(q.si_tid), "%s", val);
			else if (!strcmp(key, "sample_time_ns"))
				snprintf(q.si_time, sizeof(q.si_time), "%s", val);
			continue;
		}
		if (!strcmp(key, "ip")) SET(ip);
		else if (!strcmp(key, "pid")) SET(pid);
		else if (!strcmp(key, "tid")) SET(tid);
		else if (!strcmp(key, "sample_time_ns")) SET(time);
		else if (!strcmp(key, "period")) SET(period);
		else if (!strcmp(key, "id")) SET(id);
		else if (!strcmp(key, "cpu")) SET(cpu);
		else if (!strcmp(key, "raw_size")) SET(raw);
		else if (!strcmp(key, "start")) SET(start);
		else if (!strcmp(key, "filename") || !strcmp(key, "comm")) SET(name);
		else if (!strcmp(key, "callchain")) {
			q.ccn++;
			q.cs += low6_text(val, true);
		} else if (!strcmp(key, "from_ip")) {
			q.bf += low6_text(val, false);
		} else if (!strcmp(key, "to_ip")) {
			q.bt += low6_text(val, false);
		}
	}
	strbuf_release(&q.sb);
	return pclose(p) ? -1 : 0;
}

int main(void)
{
	static const char *const files[] = {
		"perf.data.armv7-3.4", "perf.data.armv7.perf_3.14-3.8", "perf.data.branch-4.14",
		"perf.data.branch_stack_hw_index", "perf.data.branch_stack_spec",
		"perf.data.busy.0-3.4", "perf.data.busy.0-3.8", "perf.data.callgraph-3.4",
		"perf.data.callgraph-3.8", "perf.data.callgraph_and_branch-3.4",
		"perf.data.ctx_switch_namespaces-4.14", "perf.data.group_desc-4.14",
		"perf.data.hw_and_sw-3.4", "perf.data.hybrid_topology", "perf.data.i686-3.4",
		"perf.data.intel_pt-4.14", "perf.data.lost_samples-4.4",
		"perf.data.piped.ctx_switch_namespaces-4.14.pr.out",
		"perf.data.piped.header_features-4.16.pr.out",
		"perf.data.piped.header_features_aligned-6.12.pr.out",
		"perf.data.piped.header_feautres_group_desc-6.8.pr.out",
		"perf.data.piped.hw_and_sw-3.4", "perf.data.piped.intel_pt-4.14.pr.out",
		"perf.data.piped.lost_samples-4.4.pr.out", "perf.data.piped.no_attr_ids-4.14.pr.out",
		"perf.data.piped.target-3.4", "perf.data.piped.target-3.8",
		"perf.data.piped.target.throttled-3.4", "perf.data.proc.map.timeout-3.18",
		"perf.data.raw-3.4", "perf.data.raw_callgraph_branch-3.4", "perf.data.remmap-3.2",
		"perf.data.singleprocess-3.4", "perf.data.singleprocess-3.8",
		"perf.data.systemwide.0-3.4", "perf.data.systemwide.0-3.8",
		"perf.data.systemwide.1-3.4", "perf.data.systemwide.1-3.8",
		"perf.data.systemwide.5-3.4", "perf.data.systemwide.5-3.8",
	};
	int same = 0;

	if (access(QDIR, R_OK))
		skip_all("the shared corpus is not present");
	if (system("gzip --version >/dev/null 2>&1"))
		skip_all("gzip is not installed");
	alarm(300);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *gz = xasprintf("%s/expected_pb_text/%s.pb_text.gz", QDIR, files[i]);
		char *data = xasprintf("%s/%s", QDIR, files[i]);
		struct lines a = { 0 }, b = { 0 };
		size_t k, bad = 0;
		char *dot = strstr(data, ".pr.out");

		if (dot)
			*dot = 0;	/* the dump of a pipe file read by quipper */
		if (ours(data, &a) || quipper(gz, &b)) {
			ok(0, "%s: both sides read", files[i]);
			goto next;
		}
		qsort(a.v, a.nr, sizeof(*a.v), cmp_str);
		qsort(b.v, b.nr, sizeof(*b.v), cmp_str);
		for (k = 0; k < a.nr && k < b.nr; k++)
			if (strcmp(a.v[k], b.v[k]) && bad++ < 2)
				diag("prof:    %s\nquipper: %s", a.v[k], b.v[k]);
		if (ok(a.nr == b.nr && !bad, "%s: %zu records field by field as quipper",
		       files[i], a.nr))
			same++;
		else
			diag("prof %zu records, quipper %zu, %zu differ", a.nr, b.nr, bad);
next:
		lines_free(&a);
		lines_free(&b);
		free(gz);
		free(data);
	}
	diag("%d of %zu files identical to quipper's dump", same, ARRAY_SIZE(files));
	return done_testing();
}
