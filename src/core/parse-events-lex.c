// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse-events-lex.c: the -e scanner. It follows perf's flex rules: the
 * longest match wins and, on a tie, the rule perf lists first; four modes
 * (EVENT at the start of each event, INITIAL, CONFIG between slashes, MEM
 * after "mem:"); and perf's location bookkeeping, which keeps the error
 * position one token behind (see parse-events.c).
 */
#include "prof/compat.h"
#include "prof/pmu.h"
#include "prof/util.h"
#include "parse-events-lex.h"
#include <ctype.h>

const char *const pel__term_names[TERM__NR] = {
	[TERM_USER] = "<sysfs term>",
	[TERM_CONFIG] = "config",
	[TERM_CONFIG1] = "config1",
	[TERM_CONFIG2] = "config2",
	[TERM_NAME] = "name",
	[TERM_PERIOD] = "period",
	[TERM_FREQ] = "freq",
	[TERM_BRANCH_TYPE] = "branch_type",
	[TERM_TIME] = "time",
	[TERM_CALLGRAPH] = "call-graph",
	[TERM_STACKSIZE] = "stack-size",
	[TERM_NOINHERIT] = "no-inherit",
	[TERM_INHERIT] = "inherit",
	[TERM_MAX_STACK] = "max-stack",
	[TERM_MAX_EVENTS] = "nr",
	[TERM_NOOVERWRITE] = "no-overwrite",
	[TERM_OVERWRITE] = "overwrite",
	[TERM_DRV_CFG] = "driver-config",
	[TERM_PERCORE] = "percore",
	[TERM_AUX_OUTPUT] = "aux-output",
	[TERM_AUX_SAMPLE_SIZE] = "aux-sample-size",
	[TERM_METRIC_ID] = "metric-id",
};

struct keyword {
	const char *word;
	enum tok type;
	u64 num;
};

/* In perf's rule order: on equal length the earlier entry wins. */
static const struct keyword keywords[] = {
	{ "cpu-cycles", T_SYM_HW, PERF_COUNT_HW_CPU_CYCLES },
	{ "cycles", T_SYM_HW, PERF_COUNT_HW_CPU_CYCLES },
	{ "stalled-cycles-frontend", T_SYM_HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "idle-cycles-frontend", T_SYM_HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", T_SYM_HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "idle-cycles-backend", T_SYM_HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "instructions", T_SYM_HW, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", T_SYM_HW, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", T_SYM_HW, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions", T_SYM_HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branches", T_SYM_HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", T_SYM_HW, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", T_SYM_HW, PERF_COUNT_HW_BUS_CYCLES },
	{ "ref-cycles", T_SYM_HW, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock", T_SYM_SW, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", T_SYM_SW, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", T_SYM_SW, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults", T_SYM_SW, PERF_COUNT_SW_PAGE_FAULTS },
	{ "minor-faults", T_SYM_SW, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", T_SYM_SW, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "context-switches", T_SYM_SW, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs", T_SYM_SW, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", T_SYM_SW, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations", T_SYM_SW, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "alignment-faults", T_SYM_SW, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", T_SYM_SW, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy", T_SYM_SW, PERF_COUNT_SW_DUMMY },
	{ "duration_time", T_SYM_TOOL, TOOL_DURATION_TIME },
	{ "user_time", T_SYM_TOOL, TOOL_USER_TIME },
	{ "system_time", T_SYM_TOOL, TOOL_SYSTEM_TIME },
	{ "bpf-output", T_SYM_SW, 10 },
	{ "cgroup-switches", T_SYM_SW, 11 },
	{ "cycles-ct", T_KPMU, 0 },
	{ "cycles-t", T_KPMU, 0 },
	{ "mem-loads", T_KPMU, 0 },
	{ "mem-stores", T_KPMU, 0 },
	{ "L1-dcache", T_CACHE_TYPE, 0 }, { "l1-d", T_CACHE_TYPE, 0 },
	{ "l1d", T_CACHE_TYPE, 0 }, { "L1-data", T_CACHE_TYPE, 0 },
	{ "L1-icache", T_CACHE_TYPE, 0 }, { "l1-i", T_CACHE_TYPE, 0 },
	{ "l1i", T_CACHE_TYPE, 0 }, { "L1-instruction", T_CACHE_TYPE, 0 },
	{ "LLC", T_CACHE_TYPE, 0 }, { "L2", T_CACHE_TYPE, 0 },
	{ "dTLB", T_CACHE_TYPE, 0 }, { "d-tlb", T_CACHE_TYPE, 0 },
	{ "Data-TLB", T_CACHE_TYPE, 0 },
	{ "iTLB", T_CACHE_TYPE, 0 }, { "i-tlb", T_CACHE_TYPE, 0 },
	{ "Instruction-TLB", T_CACHE_TYPE, 0 },
	{ "branch", T_CACHE_TYPE, 0 }, { "branches", T_CACHE_TYPE, 0 },
	{ "bpu", T_CACHE_TYPE, 0 }, { "btb", T_CACHE_TYPE, 0 },
	{ "bpc", T_CACHE_TYPE, 0 },
	{ "node", T_CACHE_TYPE, 0 },
	{ "load", T_CACHE_OPRES, 0 }, { "loads", T_CACHE_OPRES, 0 },
	{ "read", T_CACHE_OPRES, 0 },
	{ "store", T_CACHE_OPRES, 0 }, { "stores", T_CACHE_OPRES, 0 },
	{ "write", T_CACHE_OPRES, 0 },
	{ "prefetch", T_CACHE_OPRES, 0 }, { "prefetches", T_CACHE_OPRES, 0 },
	{ "speculative-read", T_CACHE_OPRES, 0 },
	{ "speculative-load", T_CACHE_OPRES, 0 },
	{ "refs", T_CACHE_OPRES, 0 }, { "Reference", T_CACHE_OPRES, 0 },
	{ "ops", T_CACHE_OPRES, 0 }, { "access", T_CACHE_OPRES, 0 },
	{ "misses", T_CACHE_OPRES, 0 }, { "miss", T_CACHE_OPRES, 0 },
	{ "mem:", T_MEM, 0 },
};

static bool is_name_start(int c)
{
	return isalpha(c) || c == '_' || c == '*' || c == '?' || c == '[' || c == ']';
}

/* '!' is in perf 6.1's name pattern for -M's encoded metric-id values. */
static bool is_name_char(int c)
{
	return isalnum(c) || c == '_' || c == '*' || c == '?' || c == '.' ||
	       c == '[' || c == ']' || c == '!';
}

/* name_minus, the term-name pattern between slashes. */
static bool is_name_minus_char(int c)
{
	return isalnum(c) || c == '-' || c == '_' || c == '*' || c == '?' ||
	       c == '.' || c == ':';
}

static bool is_modifier_char(int c)
{
	return c && strchr("ukhpPGHSDIWeb", c);
}

static int span(const char *s, bool (*fn)(int))
{
	int n = 0;

	while (s[n] && fn((unsigned char)s[n]))
		n++;
	return n;
}

static bool is_hex(int c)
{
	return isxdigit(c);
}

static bool is_dec(int c)
{
	return isdigit(c);
}

static int match_name(const char *s)
{
	if (!is_name_start((unsigned char)s[0]))
		return 0;
	return 1 + span(s + 1, is_name_char);
}

static int match_name_tag(const char *s)
{
	int n = 1;

	if (s[0] != '\'' || !is_name_start((unsigned char)s[1]))
		return 0;
	while (s[n] && (is_name_char((unsigned char)s[n]) || s[n] == '-' ||
			s[n] == ',' || s[n] == ':' || s[n] == '='))
		n++;
	return s[n] == '\'' ? n + 1 : 0;
}

static int match_topdown(const char *s)
{
	int n;

	if (!strstarts(s, "topdown-"))
		return 0;
	n = 8;
	while (s[n] && (islower((unsigned char)s[n]) || s[n] == '-'))
		n++;
	return n > 8 ? n : 0;
}

/* Is @name (length @len) a sysfs alias, or one half of a dashed one? */
static enum tok pmu_str_check(const char *name, int len)
{
	enum tok ret = T_NAME;
	struct pmu *pmu = NULL;

	while ((pmu = pmus__next(pmu))) {
		struct pmu_alias *a;

		list_for_each_entry(a, &pmu->aliases, node) {
			const char *dash = strchr(a->name, '-');

			if ((int)strlen(a->name) == len && !strncasecmp(a->name, name, (size_t)len))
				return T_PMU_EVENT;
			if (!dash)
				continue;
			if (dash - a->name == len && !strncasecmp(a->name, name, (size_t)len))
				ret = T_PMU_PRE;
			else if ((int)strlen(dash + 1) == len &&
				 !strncasecmp(dash + 1, name, (size_t)len) && ret == T_NAME)
				ret = T_PMU_SUF;
		}
	}
	return ret;
}

static int parse_number(struct parser *p, struct token *t, int base, int skip)
{
	char buf[80];
	int n = t->len - skip;

	if (n <= 0 || n >= (int)sizeof(buf)) {
		t->type = T_ERROR;
		return 0;
	}
	memcpy(buf, p->s + t->start + skip, (size_t)n);
	buf[n] = '\0';
	errno = 0;
	t->num = strtoull(buf, NULL, base);
	if (errno)
		t->type = T_ERROR;
	return 0;
}

void pel__loc_update(struct parser *p, int start)
{
	p->loc_last = p->loc_first;
	p->loc_first = start;
}

/* One token in INITIAL or CONFIG mode (CONFIG rules first, then INITIAL). */
static void lex_initial(struct parser *p, struct token *t)
{
	const char *s = p->s + p->pos;
	int best = 0, n;
	size_t i;

	t->type = T_EOF;
	t->start = p->pos;
	t->len = 0;
	t->num = 0;

	if (p->mode == M_CONFIG) {
		/* Static term names, then name_minus, ahead of everything else. */
		for (i = 1; i < TERM__NR; i++) {
			size_t l = strlen(pel__term_names[i]);

			if (i == TERM_DRV_CFG)
				continue;
			if (!strncmp(s, pel__term_names[i], l) && (int)l > best) {
				best = (int)l;
				t->type = T_TERM;
				t->num = i;
			}
		}
		if (isalpha((unsigned char)s[0]) || s[0] == '_' || s[0] == '*' || s[0] == '?') {
			n = 1 + span(s + 1, is_name_minus_char);
			if (n > best) {
				best = n;
				t->type = T_NAME;
			}
		}
		if (s[0] == ',' || s[0] == '/' || s[0] == '[' || s[0] == ']') {
			if (best < 1) {
				best = 1;
				t->type = T_CHAR;
				t->ch = s[0];
			}
		}
	}
	for (i = 0; i < ARRAY_SIZE(keywords); i++) {
		size_t l = strlen(keywords[i].word);

		if ((int)l > best && !strncmp(s, keywords[i].word, l)) {
			best = (int)l;
			t->type = keywords[i].type;
			t->num = keywords[i].num;
		}
	}
	n = match_topdown(s);
	if (n > best) {
		best = n;
		t->type = T_KPMU;
	}
	if (s[0] == 'r') {
		n = span(s + 1, is_hex);
		if (n && n + 1 > best) {
			best = n + 1;
			t->type = T_RAW;
		}
	}
	n = span(s, is_dec);
	if (n > best) {
		best = n;
		t->type = T_VALUE;
	}
	if (s[0] == '0' && s[1] == 'x') {
		n = span(s + 2, is_hex);
		if (n && n + 2 > best) {
			best = n + 2;
			t->type = T_VALUE;
		}
	}
	n = span(s, is_modifier_char);
	if (n > best) {
		best = n;
		t->type = T_MOD;
	}
	n = match_name(s);
	if (n > best) {
		best = n;
		t->type = T_NAME;
	}
	n = match_name_tag(s);
	if (n > best) {
		best = n;
		t->type = T_NAME;
	}
	if (!best && s[0]) {
		best = 1;
		t->type = T_CHAR;
		t->ch = s[0];
	}
	t->len = best;

	switch (t->type) {
	case T_RAW:
		parse_number(p, t, 16, 1);
		break;
	case T_VALUE:
		if (s[0] == '0' && s[1] == 'x' && t->len > 2)
			parse_number(p, t, 16, 2);
		else
			parse_number(p, t, 10, 0);
		break;
	case T_NAME:
		if (p->mode == M_INITIAL && s[0] != '\'')
			t->type = pmu_str_check(s, t->len);
		break;
	default:
		break;
	}
}

static void lex_mem(struct parser *p, struct token *t)
{
	const char *s = p->s + p->pos;
	int n;

	t->start = p->pos;
	t->num = 0;
	if (!s[0]) {
		t->type = T_EOF;
		t->len = 0;
		return;
	}
	n = 0;
	while (n < 3 && s[n] && strchr("rwx", s[n]))
		n++;
	if (n) {
		t->type = T_BP_MOD;
		t->len = n;
		return;
	}
	if (s[0] == ':' || s[0] == '/') {
		t->type = T_CHAR;
		t->ch = s[0];
		t->len = 1;
		return;
	}
	if (s[0] == '0' && s[1] == 'x' && span(s + 2, is_hex)) {
		t->type = T_VALUE;
		t->len = 2 + span(s + 2, is_hex);
		parse_number(p, t, 16, 2);
		return;
	}
	if (isdigit((unsigned char)s[0])) {
		t->type = T_VALUE;
		t->len = span(s, is_dec);
		parse_number(p, t, 10, 0);
		return;
	}
	/* Anything else ends mem mode and is lexed again normally. */
	p->mode = M_INITIAL;
	lex_initial(p, t);
}

/* The next real token, handling mode switches and ignored characters. */
static void lex(struct parser *p, struct token *t)
{
	for (;;) {
		if (p->mode == M_MEM)
			lex_mem(p, t);
		else
			lex_initial(p, t);
		if (t->type == T_EOF)
			return;
		pel__loc_update(p, t->start);
		p->pos = t->start + t->len;
		if (t->type == T_CHAR) {
			switch (t->ch) {
			case '/':
				if (p->mode == M_CONFIG)
					p->mode = M_INITIAL;
				else if (p->mode == M_INITIAL)
					p->mode = M_CONFIG;
				break;
			case ',':
				if (p->mode == M_INITIAL)
					p->mode = M_EVENT;
				break;
			case '{':
				if (p->mode == M_INITIAL)
					p->mode = M_EVENT;
				break;
			case '-': case ':': case '}': case '=':
			case '[': case ']':
				break;
			default:
				/* perf's scanner drops what it does not know. */
				continue;
			}
		}
		if (t->type == T_MEM)
			p->mode = M_MEM;
		return;
	}
}

struct token *pel__peek(struct parser *p)
{
	if (!p->have_la) {
		lex(p, &p->la);
		p->have_la = true;
	}
	return &p->la;
}

struct token pel__next(struct parser *p)
{
	struct token t = *pel__peek(p);

	p->have_la = false;
	return t;
}

bool pel__peek_char(struct parser *p, int c)
{
	struct token *t = pel__peek(p);

	return t->type == T_CHAR && t->ch == c;
}

char *pel__tok_str(struct parser *p, const struct token *t)
{
	const char *s = p->s + t->start;

	if (t->len >= 2 && s[0] == '\'')
		return xstrndup(s + 1, (size_t)t->len - 2);
	return xstrndup(s, (size_t)t->len);
}

/*
 * EVENT mode: at the start of an event perf's scanner matches the whole
 * event text (group, pmu-style or plain) before lexing it token by token.
 * Returns the text to name the event by, or NULL for a group.
 */
static int match_group(const char *s)
{
	int n = 0;

	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	if (s[n] != '{')
		return 0;
	n++;
	while (s[n] && s[n] != '}')
		n++;
	if (s[n] != '}')
		return 0;
	n++;
	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	return n;
}

static int match_event_pmu(const char *s)
{
	int n = 0;

	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	if (!n || s[n] != '/')
		return 0;
	n++;
	while (s[n] && s[n] != '/')
		n++;
	if (s[n] != '/')
		return 0;
	n++;
	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	return n;
}

static int match_event(const char *s)
{
	int n = 0;

	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	return n;
}

char *pel__enter_event(struct parser *p)
{
	p->have_la = false;
	for (;;) {
		const char *s = p->s + p->pos;
		int g = match_group(s), e = match_event_pmu(s), n;

		n = match_event(s);
		if (e > n)
			n = e;
		if (g && g >= n) {
			/* The scanner matched the group before rewinding. */
			pel__loc_update(p, p->pos);
			p->mode = M_INITIAL;
			return NULL;
		}
		if (n) {
			pel__loc_update(p, p->pos);
			p->mode = M_INITIAL;
			return xstrndup(s, (size_t)n);
		}
		if (!*s) {
			p->mode = M_INITIAL;
			return NULL;
		}
		/* Unmatched: perf's scanner echoes it away; the parse fails later. */
		pel__loc_update(p, p->pos);
		p->pos++;
		p->garbage = true;
	}
}
