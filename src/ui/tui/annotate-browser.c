// SPDX-License-Identifier: GPL-2.0-only
/*
 * annotate-browser.c: perf's annotate browser, opened by `a` (or the
 * context menu) in report and top, and by prof annotate on a terminal.
 *
 * The model is src/symbol/annotation.c's: the symbol's instructions and
 * the samples of each (the owner's addr_hits store). The browser lays it
 * out as perf 6.1 does: a percent (period, samples) column, a bar, the
 * offset of jump targets, an arrow for jumps, calls and returns, the
 * instruction simplified (operands of jumps as offsets, calls by name,
 * rip-relative operands by the symbol objdump names), source lines above
 * the instructions they compiled to. `o` shows objdump's own text.
 *
 * Rows are built once per layout change; a live owner's refresh only
 * refills the samples.
 */
#include "prof/compat.h"
#include "prof/tui.h"

#ifdef HAVE_NCURSESW

#include <curses.h>
#include <fcntl.h>
#include "prof/util.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/srcline.h"
#include "prof/hist.h"
#include "tui-internal.h"

enum ins_kind { INS_PLAIN, INS_JUMP, INS_CALL, INS_RET };

/* One instruction, parsed once. */
struct ains {
	enum ins_kind kind;
	char *name;		/* the mnemonic (its prefixes included) */
	char *simple;		/* the operands as the simplified view shows them */
	int target;		/* INS_JUMP in the symbol: the target instruction, else -1 */
	u64 target_addr;	/* objdump's address of a direct call or jump, 0: none */
	int nr_sources;		/* jumps landing here */
	/*
	 * --asm-raw: objdump's line, bytes first ("48 89 f0   mov ..."),
	 * which perf shows unparsed, and the bytes past the seventh, seven
	 * a line, as objdump puts them on lines of their own.
	 */
	char *rawtext;
	char *rawops;		/* all after the name, objdump's note included (o) */
	char **cont;
	int nr_cont;
};

enum row_kind { ROW_TEXT, ROW_SOURCE, ROW_INSN, ROW_CONT };

/*
 * What the keys toggle. perf keeps them for the process (its annotate
 * options): the next symbol annotated opens as the last was left.
 */
struct view {
	bool raw;		/* o: objdump's text, every address */
	bool hide_source;	/* s */
	bool no_arrows;		/* j */
	bool jump_counts;	/* J */
	bool line_numbers;	/* k */
	bool full_addr;		/* f: addresses in place of offsets */
	int offset_level;	/* O: 1 jump targets, 2 and calls, 3 all */
	int value_mode;		/* t: 0 percent, 1 period, 2 samples */
	enum annotation_percent pt;
	bool set;		/* pt taken from the options */
};
static struct view view = { .offset_level = 1 };

struct arow {
	enum row_kind kind;
	int insn;		/* ROW_INSN, ROW_CONT: the instruction */
	const char *text;	/* ROW_TEXT, ROW_SOURCE */
	unsigned int line;	/* ROW_SOURCE: its line number */
};

struct abrowser {
	struct dso *dso;
	struct symbol *sym;
	int idx;
	const char *title;
	const struct addr_hits *hits;
	const struct annotate_browse_opts *o;
	const struct hist_browser_ops *ops;
	struct annotation an;
	struct ains *ins;
	int name_w;
	int jumps_w;		/* digits of the most jumps to one target */
	char *sym_line, *func_line;
	struct arow *rows;	/* the rows shown (source rows left out with s) */
	int nr_rows, alloc_rows;
	int *insn_row;		/* each instruction's row */
	int sel, top;
	bool navkeypressed;
	struct view *v;		/* the toggles, shared by every annotation */
	char search[128];
	char msg[256];
};

/* ---- the instructions ---- */

static bool is_jump_name(const char *n)
{
	return n[0] == 'j' || strstarts(n, "loop") || !strcmp(n, "xbegin");
}

/* The text inside the first "<...>" of @s, or NULL. */
static char *angle_name(const char *s)
{
	const char *a = strchr(s, '<'), *z = a ? strrchr(a, '>') : NULL;

	return a && z ? xstrndup(a + 1, (size_t)(z - a - 1)) : NULL;
}

/*
 * A rip-relative operand ("0x2ed5(%rip)") replaced by the name objdump's
 * comment gives ("# 4040 <sink>"), as perf's simplified view shows it.
 */
static char *with_rip_name(const char *ops, const char *comment)
{
	char *name = angle_name(comment), *out;
	const char *rip = strstr(ops, "(%rip)"), *start;

	if (!name || !rip) {
		free(name);
		return xstrdup(ops);
	}
	for (start = rip; start > ops && start[-1] != ',' && start[-1] != ' '; start--)
		;
	out = xasprintf("%.*s%s%s", (int)(start - ops), ops, name, rip + strlen("(%rip)"));
	free(name);
	return out;
}

/* --asm-raw: the line objdump prints and its continuation lines. */
static void abrowser__split_raw(struct ains *x, const char *raw, const char *text)
{
	const char *p = raw;

	for (int line = 0; *p; line++) {
		const char *q = p;
		char *group;

		for (int n = 0; n < 7 && *q; n++) {
			q += 2;
			while (*q == ' ')
				q++;
		}
		group = xstrndup(p, (size_t)(q - p));
		for (size_t len = strlen(group); len && group[len - 1] == ' '; len--)
			group[len - 1] = 0;
		if (!line) {
			x->rawtext = xasprintf("%-24s%s", group, text);
			free(group);
		} else {
			x->cont = xrealloc(x->cont, (size_t)(x->nr_cont + 1) * sizeof(*x->cont));
			x->cont[x->nr_cont++] = group;
		}
		p = q;
	}
	if (!x->rawtext)
		x->rawtext = xstrdup(text);
}

static void abrowser__parse(struct abrowser *b)
{
	const struct disasm *d = &b->an.d;
	u64 first = d->nr ? d->insns[0].addr : 0;
	u64 end = d->nr ? first + (b->sym->end - b->sym->start) : 0;

	b->ins = xcalloc((size_t)d->nr + 1, sizeof(*b->ins));
	for (int i = 0; i < d->nr; i++) {
		struct ains *x = &b->ins[i];
		const char *t = d->insns[i].text, *sp, *ops, *hash;
		char *opstr;

		if (b->o->asm_raw && d->insns[i].raw) {
			abrowser__split_raw(x, d->insns[i].raw, t);
			t = x->rawtext;
		}
		sp = strchr(t, ' ');
		x->target = -1;
		x->name = sp ? xstrndup(t, (size_t)(sp - t)) : xstrdup(t);
		ops = sp ? sp : "";
		while (*ops == ' ')
			ops++;
		x->rawops = xstrdup(ops);
		for (size_t n = strlen(x->rawops); n && x->rawops[n - 1] == ' '; n--)
			x->rawops[n - 1] = 0;
		hash = strstr(ops, " # ");
		opstr = hash ? xstrndup(ops, (size_t)(hash - ops)) : xstrdup(ops);
		for (size_t n = strlen(opstr); n && opstr[n - 1] == ' '; n--)
			opstr[n - 1] = 0;
		if (strstarts(x->name, "ret") ||
		    ((!strcmp(x->name, "repz") || !strcmp(x->name, "bnd")) &&
		     strstarts(opstr, "ret"))) {
			x->kind = INS_RET;
		} else if (strstarts(x->name, "call") || is_jump_name(x->name)) {
			char *end_hex;
			u64 to = strtoull(opstr, &end_hex, 16);
			char *callee = angle_name(opstr);

			x->kind = strstarts(x->name, "call") ? INS_CALL : INS_JUMP;
			if (end_hex != opstr && *end_hex == ' ' && callee) {
				x->target_addr = to;
				if (x->kind == INS_JUMP && to >= first && to < end) {
					x->simple = xasprintf("%" PRIx64, to - first);
				} else {
					x->kind = INS_CALL;	/* out of the symbol: a tail call */
					x->simple = xstrdup(callee);
				}
			}
			free(callee);
		}
		if (!x->simple)
			x->simple = hash ? with_rip_name(opstr, hash) : xstrdup(opstr);
		free(opstr);
		b->name_w = max(b->name_w, (int)strlen(x->name));
	}
	/* in-symbol jumps: their targets, and how many jump to each */
	for (int i = 0; i < d->nr; i++) {
		struct ains *x = &b->ins[i];

		if (x->kind != INS_JUMP || !x->target_addr)
			continue;
		for (int j = 0; j < d->nr; j++)
			if (d->insns[j].addr == x->target_addr) {
				x->target = j;
				b->ins[j].nr_sources++;
				b->jumps_w = max(b->jumps_w,
						 (int)snprintf(NULL, 0, "%d", b->ins[j].nr_sources));
				break;
			}
	}
}

/* ---- rows ---- */

static void abrowser__add_row(struct abrowser *b, enum row_kind kind, int insn, const char *text,
			      unsigned int line)
{
	if (b->nr_rows == b->alloc_rows) {
		b->alloc_rows = b->alloc_rows ? 2 * b->alloc_rows : 64;
		b->rows = xrealloc(b->rows, (size_t)b->alloc_rows * sizeof(*b->rows));
	}
	b->rows[b->nr_rows++] = (struct arow){ .kind = kind, .insn = insn, .text = text,
					       .line = line };
}

/*
 * The rows: the symbol's line and its function's, then each instruction
 * with the source line it starts (once per change) above it; s shows
 * the instructions alone, as perf.
 */
static void abrowser__build(struct abrowser *b)
{
	const struct disasm *d = &b->an.d;
	const char *prev_file = NULL;
	unsigned int prev_line = 0;
	int sel_insn = b->nr_rows && b->rows[b->sel].kind == ROW_INSN ? b->rows[b->sel].insn : -1;

	b->nr_rows = 0;
	if (!b->v->hide_source) {
		abrowser__add_row(b, ROW_TEXT, -1, b->sym_line, 0);
		if (b->func_line)
			abrowser__add_row(b, ROW_TEXT, -1, b->func_line, 0);
	}
	for (int i = 0; i < d->nr; i++) {
		const char *file;
		unsigned int line;

		if (!b->v->hide_source && !b->o->no_source &&
		    !dso__srcline(b->dso, d->insns[i].dso_addr, &file, &line) &&
		    (file != prev_file || line != prev_line)) {
			const char *text = annotation__source_line(file, line);

			if (text) {
				while (*text == ' ' || *text == '\t')
					text++;	/* perf shows the line without its indent */
				abrowser__add_row(b, ROW_SOURCE, -1, text, line);
			}
			prev_file = file;
			prev_line = line;
		}
		b->insn_row[i] = b->nr_rows;
		abrowser__add_row(b, ROW_INSN, i, NULL, 0);
		for (int c = 0; c < b->ins[i].nr_cont; c++)
			abrowser__add_row(b, ROW_CONT, i, b->ins[i].cont[c], (unsigned int)c);
	}
	if (sel_insn >= 0)
		b->sel = b->insn_row[sel_insn];
	if (b->sel >= b->nr_rows)
		b->sel = b->nr_rows ? b->nr_rows - 1 : 0;
}

/* The instruction with the most samples (the first of equals), or -1. */
static int abrowser__hottest(const struct abrowser *b)
{
	int best = -1;

	for (int i = 0; i < b->an.d.nr; i++)
		if (b->an.hits[i].nr &&
		    (best < 0 || b->an.hits[i].period > b->an.hits[best].period))
			best = i;
	return best;
}

/*
 * TAB and shift-TAB: the instructions with samples, hottest first; the
 * one after (or before) the selected one in that order, cycling.
 */
static int abrowser__next_hot(const struct abrowser *b, int dir)
{
	int nr = 0, *order = xcalloc((size_t)b->an.d.nr + 1, sizeof(int)), at = -1, ret = -1;
	int cur = b->rows[b->sel].kind == ROW_INSN ? b->rows[b->sel].insn : -1;

	for (int i = 0; i < b->an.d.nr; i++)
		if (b->an.hits[i].nr)
			order[nr++] = i;
	/* insertion sort by period, stable: few lines have samples */
	for (int i = 1; i < nr; i++)
		for (int j = i; j > 0 && b->an.hits[order[j]].period >
					 b->an.hits[order[j - 1]].period; j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int i = 0; i < nr; i++)
		if (order[i] == cur)
			at = i;
	if (nr)
		ret = order[at < 0 ? 0 : (at + dir + nr) % nr];
	free(order);
	return ret;
}

/* ---- drawing ---- */

static int abrowser__value_width(const struct abrowser *b)
{
	return b->v->value_mode == 1 ? 12 : 7;
}

/* Hex digits of @v. */
static int hex_digits(u64 v)
{
	int n = 1;

	while (v >>= 4)
		n++;
	return n;
}

/* The label column's width: offsets (or addresses) and ": ". */
static int abrowser__label_width(const struct abrowser *b)
{
	const struct disasm *d = &b->an.d;

	if (!d->nr)
		return 2;
	if (b->v->raw || b->v->full_addr)
		return hex_digits(d->insns[d->nr - 1].addr) + 2;
	return hex_digits(d->insns[d->nr - 1].addr - d->insns[0].addr) + 2;
}

static bool abrowser__shows_label(const struct abrowser *b, int i)
{
	const struct ains *x = &b->ins[i];

	if (b->v->raw || b->v->offset_level >= 3)
		return true;
	if (x->nr_sources)
		return true;
	return b->v->offset_level >= 2 && x->kind == INS_CALL;
}

/* The instruction's text: objdump's (o), else the simplified one. */
static void abrowser__insn_text(const struct abrowser *b, int i, char *buf, size_t size)
{
	const struct ains *x = &b->ins[i];

	if (b->v->raw)	/* perf prints the name and its raw operands, in o too */
		snprintf(buf, size, "%-*s %s", b->name_w, x->name, x->rawops);
	else if (*x->simple)
		snprintf(buf, size, "%-*s %s", b->name_w, x->name, x->simple);
	else
		snprintf(buf, size, "%s", x->name);
}

/* Row @r as text after the bar: line number, label, arrow, text. */
static void abrowser__row_text(const struct abrowser *b, const struct arow *r, char *buf,
			       size_t size, int *label_len, bool *target)
{
	int lw = abrowser__label_width(b);
	size_t n = 0;

	*label_len = 0;
	*target = false;
	buf[0] = 0;
	if (b->v->line_numbers && r->kind == ROW_SOURCE)
		n += (size_t)snprintf(buf + n, size - n, "%-5u ", r->line);
	else if (b->v->line_numbers)
		n += (size_t)snprintf(buf + n, size - n, "%6s", "");
	if (r->kind == ROW_CONT) {
		/* the bytes past the seventh: an address of their own with o */
		const char *sp = strchr(r->text, ' ');

		if (b->v->raw)
			n += (size_t)snprintf(buf + n, size - n, "%*" PRIx64 ": ", lw - 2,
					      b->an.d.insns[r->insn].addr + 7 * (r->line + 1));
		else
			n += (size_t)snprintf(buf + n, size - n, "%*s", lw, "");
		if (sp)
			snprintf(buf + n, size - n, "  %-*.*s %s", b->name_w, (int)(sp - r->text),
				 r->text, sp + 1);
		else
			snprintf(buf + n, size - n, "  %s", r->text);
		return;
	}
	if (r->kind != ROW_INSN) {
		snprintf(buf + n, size - n, "%*s%s", lw, "", r->text);
		return;
	}
	if (abrowser__shows_label(b, r->insn)) {
		const struct disasm *d = &b->an.d;
		u64 v = d->insns[r->insn].addr;

		if (!b->v->raw && !b->v->full_addr)
			v -= d->insns[0].addr;
		/* J: the number of jumps landing here before a target's label, as perf */
		if (b->v->jump_counts && b->ins[r->insn].nr_sources)
			n += (size_t)snprintf(buf + n, size - n, "%*d ", b->jumps_w,
					      b->ins[r->insn].nr_sources);
		snprintf(buf + n, size - n, "%*" PRIx64 ": ", lw - 2, v);
		*label_len = lw + (int)n - (b->v->line_numbers ? 6 : 0);
		*target = b->ins[r->insn].nr_sources > 0 && !b->v->raw;
	} else {
		snprintf(buf + n, size - n, "%*s", lw, "");
	}
	n = strlen(buf);
	n += (size_t)snprintf(buf + n, size - n, "  ");	/* the arrow's place */
	abrowser__insn_text(b, r->insn, buf + n, size - n);
}

static chtype abrowser__arrow(const struct abrowser *b, int i)
{
	const struct ains *x = &b->ins[i];

	if (b->v->no_arrows)
		return ' ';
	switch (x->kind) {
	case INS_JUMP:
		if (x->target < 0)
			return ACS_RARROW;
		return x->target > i ? ACS_DARROW : ACS_UARROW;
	case INS_CALL:
		return ACS_RARROW;
	case INS_RET:
		return ACS_LARROW;
	default:
		return ' ';
	}
}

/* The value column of an instruction: percent, period or samples; "" without samples. */
static void abrowser__value(const struct abrowser *b, const struct arow *r, char *buf,
			    size_t size, double *pct)
{
	const struct ann_hits *h;

	*pct = 0.0;
	buf[0] = 0;
	if (r->kind != ROW_INSN || !b->an.hits[r->insn].nr)
		return;
	h = &b->an.hits[r->insn];
	*pct = annotation__percent(&b->an, r->insn, b->v->pt);
	if (b->v->value_mode == 1)
		snprintf(buf, size, "%11" PRIu64 " ", h->period);
	else if (b->v->value_mode == 2)
		snprintf(buf, size, "%6" PRIu64 " ", h->nr);
	else
		snprintf(buf, size, "%6.2f ", *pct);
}

static void abrowser__draw(struct abrowser *b)
{
	int rows, cols, list_h, vw = abrowser__value_width(b);
	char buf[2048], val[32], line2[1024];
	const char *header = b->v->value_mode == 1 ? "Period" : b->v->value_mode == 2 ? "Samples" :
			     "Percent";

	getmaxyx(stdscr, rows, cols);
	erase();
	list_h = max(1, rows - 3);
	if (b->sel < b->top)
		b->top = b->sel;
	if (b->sel >= b->top + list_h)
		b->top = b->sel - list_h + 1;
	/* perf's title lines: the root colours, the screen's width */
	attrset(tui_color(TUI_PAIR_ROOT));
	mvhline(0, 0, ' ', cols);
	mvaddnstr(0, 0, b->title, cols);
	snprintf(line2, sizeof(line2), "%s  %s [Percent: %s]", b->sym->name, b->dso->long_name,
		 annotation_percent_names[b->v->pt]);
	mvhline(1, 0, ' ', cols);
	mvaddnstr(1, 0, line2, cols);
	attrset(A_NORMAL);
	for (int y = 0; y < list_h && b->top + y < b->nr_rows; y++) {
		const struct arow *r = &b->rows[b->top + y];
		bool selected = b->top + y == b->sel && b->navkeypressed;
		attr_t sel_attr = tui_color(TUI_PAIR_SELECTED);
		int label_len, x;
		bool target;
		double pct;

		abrowser__value(b, r, val, sizeof(val), &pct);
		if (!val[0] && y == 0)
			snprintf(val, sizeof(val), "%-*s", vw, header);
		else if (!val[0])
			snprintf(val, sizeof(val), "%*s", vw, "");
		if (selected)
			attron(sel_attr);
		else if (pct > 0 && has_colors())
			attron(tui_color_pct(pct));
		mvaddnstr(2 + y, 0, val, cols - 1);
		attrset(A_NORMAL);
		mvaddch(2 + y, vw, ACS_VLINE);
		abrowser__row_text(b, r, buf, sizeof(buf), &label_len, &target);
		x = vw + 1;
		if (selected) {
			attron(sel_attr);
			mvhline(2 + y, x, ' ', max(0, cols - 1 - x));
		}
		mvaddnstr(2 + y, x, buf, max(0, cols - 1 - x));
		if (target && !selected && has_colors()) {
			int ln = b->v->line_numbers ? 6 : 0;

			attrset(tui_color(TUI_PAIR_ADDR));
			mvaddnstr(2 + y, x + ln, buf + ln, min(label_len, max(0, cols - 1 - x - ln)));
			attrset(A_NORMAL);
		}
		if (r->kind == ROW_INSN) {
			int ax = x + (b->v->line_numbers ? 6 : 0) + abrowser__label_width(b) +
				 (b->v->jump_counts && b->ins[r->insn].nr_sources ? b->jumps_w + 1 : 0);
			chtype arrow = abrowser__arrow(b, r->insn);

			if (arrow != ' ' && ax < cols - 1)
				mvaddch(2 + y, ax, arrow);
		}
		attrset(A_NORMAL);
	}
	attron(A_REVERSE);
	mvhline(rows - 1, 0, ' ', cols - 1);
	mvaddnstr(rows - 1, 0, b->msg[0] ? b->msg : "Press 'h' for help on key bindings", cols - 1);
	attroff(A_REVERSE);
	/* perf's scrollbar: from the list's first row to the screen's last */
	for (int y = 0; y < rows - 2 && b->navkeypressed; y++) {
		int at = b->nr_rows > 1 ? b->sel * (rows - 3) / (b->nr_rows - 1) : 0;

		mvaddch(2 + y, cols - 1, y == at ? ACS_DIAMOND : ACS_CKBOARD);
	}
	refresh();
}

/* perf opens on the hottest line, centred when the symbol is longer than the screen. */
static void abrowser__center(struct abrowser *b, int row)
{
	int rows, cols, list_h;

	getmaxyx(stdscr, rows, cols);
	(void)cols;
	list_h = max(1, rows - 3);
	b->sel = row;
	if (b->nr_rows <= list_h)
		b->top = 0;
	else if (row < b->top || row >= b->top + list_h)
		b->top = max(0, min(row - list_h / 2, b->nr_rows - list_h));
}

/* ---- keys ---- */

static const char *const annotate_help[] = {
	"UP/DOWN/PGUP",
	"PGDN/SPACE    Navigate",
	"q/ESC/CTRL+C  Exit",
	"",
	"ENTER         Go to target",
	"ESC           Exit",
	"H             Go to hottest instruction",
	"TAB/shift+TAB Cycle thru hottest instructions",
	"j             Toggle showing jump to target arrows",
	"J             Toggle showing number of jump sources on targets",
	"n             Search next string",
	"o             Toggle disassembler output/simplified view",
	"O             Bump offset level (jump targets -> +call -> all -> cycle thru)",
	"s             Toggle source code view",
	"t             Circulate percent, total period, samples view",
	"c             Show min/max cycle [not in prof]",
	"/             Search string",
	"k             Toggle line numbers",
	"l             Show full source file location [not in prof]",
	"P             Print to [symbol_name].annotation file.",
	"r             Run available scripts [not in prof]",
	"p             Toggle percent type [local/global]",
	"b             Toggle percent base [period/hits]",
	"?             Search string backwards",
	"f             Toggle showing offsets to full address",
	"",
	"Press any key...",
};

/* The row's whole text as shown (search, P). */
static void abrowser__line(const struct abrowser *b, const struct arow *r, char *buf, size_t size)
{
	char val[32], text[2048];
	int label_len;
	bool target;
	double pct;

	abrowser__value(b, r, val, sizeof(val), &pct);
	abrowser__row_text(b, r, text, sizeof(text), &label_len, &target);
	snprintf(buf, size, "%*s| %.2000s", abrowser__value_width(b), val, text);
}

static bool abrowser__search(struct abrowser *b, int dir)
{
	char line[2048];

	if (!b->search[0])
		return false;
	for (int i = b->sel + dir; i >= 0 && i < b->nr_rows; i += dir) {
		abrowser__line(b, &b->rows[i], line, sizeof(line));
		if (strstr(line + abrowser__value_width(b) + 2, b->search)) {
			abrowser__center(b, i);
			b->navkeypressed = true;
			return true;
		}
	}
	snprintf(b->msg, sizeof(b->msg), "String not found!");
	return false;
}

/* P: the rows into SYMBOL.annotation, as perf. */
static void abrowser__print(struct abrowser *b)
{
	char name[PATH_MAX], line[2048];
	FILE *f;

	snprintf(name, sizeof(name), "%s.annotation", b->sym->name);
	f = fopen(name, "w");
	if (!f) {
		snprintf(b->msg, sizeof(b->msg), "Couldn't write %.160s: %.60s", name, strerror(errno));
		return;
	}
	fprintf(f, "%s()  %s\nEvent: %s\n\n", b->sym->name, b->dso->long_name, b->title);
	for (int i = 0; i < b->nr_rows; i++) {
		abrowser__line(b, &b->rows[i], line, sizeof(line));
		fprintf(f, "%s\n", line);
	}
	if (fclose(f))
		snprintf(b->msg, sizeof(b->msg), "Couldn't write %.160s: %.60s", name, strerror(errno));
	else
		snprintf(b->msg, sizeof(b->msg), "%.200s written", name);
}

/*
 * ENTER (or RIGHT) on an instruction: a call opens the callee's
 * annotation, a jump in the symbol goes to its target, a return leaves.
 * Returns the key to leave with, 0 to stay.
 */
static int abrowser__action(struct abrowser *b, int key)
{
	const struct arow *r = &b->rows[b->sel];
	const struct ains *x;

	if (r->kind != ROW_INSN) {
		snprintf(b->msg, sizeof(b->msg),
			 "Actions are only available for function call/return & jump/branch instructions.");
		return 0;
	}
	x = &b->ins[r->insn];
	if (x->kind == INS_RET)
		return key;
	if (x->kind == INS_JUMP && x->target >= 0) {
		abrowser__center(b, b->insn_row[x->target]);
		return 0;
	}
	if (x->kind == INS_CALL || x->kind == INS_JUMP) {
		const struct disasm_insn *in = &b->an.d.insns[r->insn];
		struct symbol *callee = NULL;
		int ret;

		if (x->target_addr)
			callee = dso__find_symbol(b->dso, NULL,
						  x->target_addr - in->addr + in->dso_addr);
		if (!callee) {
			snprintf(b->msg, sizeof(b->msg), "The called function was not found.");
			return 0;
		}
		/* the callee's browser; leaving it comes back here, as perf */
		ret = annotate_browser__run(b->dso, callee, b->idx, b->title, b->hits, b->o, b->ops);
		return ret < 0 ? ret : 0;
	}
	snprintf(b->msg, sizeof(b->msg),
		 "Actions are only available for function call/return & jump/branch instructions.");
	return 0;
}

static int abrowser__loop(struct abrowser *b)
{
	int hot = abrowser__hottest(b);

	abrowser__build(b);
	abrowser__center(b, hot >= 0 ? b->insn_row[hot] : 0);
	for (;;) {
		int rows, cols, page, ch, i;

		abrowser__draw(b);
		ch = tui__getkey(b->ops);
		if (ch < 0)
			return -1;
		getmaxyx(stdscr, rows, cols);
		(void)cols;
		page = max(1, rows - 3);
		if (ch != KEY_F(63))
			b->msg[0] = 0;
		if (!b->navkeypressed &&
		    (ch == KEY_DOWN || ch == KEY_UP || ch == KEY_NPAGE || ch == KEY_PPAGE ||
		     ch == KEY_HOME || ch == KEY_END || ch == ' ')) {
			b->navkeypressed = true;
			continue;
		}
		switch (ch) {
		case KEY_F(63):
			/* a live owner's refresh: the samples so far */
			annotation__fill(&b->an, b->hits, b->idx, b->sym);
			break;
		case 'q': case 'Q': case 27: case 3: case KEY_LEFT:
			return ch;
		case KEY_DOWN:
			if (b->sel + 1 < b->nr_rows)
				b->sel++;
			break;
		case KEY_UP:
			if (b->sel)
				b->sel--;
			break;
		case KEY_NPAGE: case ' ':
			b->sel = min(b->nr_rows - 1, b->sel + page);
			b->top = min(max(0, b->nr_rows - page), b->top + page);
			break;
		case KEY_PPAGE:
			b->sel = max(0, b->sel - page);
			b->top = max(0, b->top - page);
			break;
		case KEY_HOME:
			b->sel = 0;
			break;
		case KEY_END:
			b->sel = max(0, b->nr_rows - 1);
			break;
		case 'H':
			if ((i = abrowser__hottest(b)) >= 0)
				abrowser__center(b, b->insn_row[i]);
			break;
		case '\t': case KEY_BTAB:
			if ((i = abrowser__next_hot(b, ch == '\t' ? 1 : -1)) >= 0)
				abrowser__center(b, b->insn_row[i]);
			break;
		case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
			if ((i = abrowser__action(b, ch)) != 0)
				return i;
			break;
		case 'o':
			b->v->raw = !b->v->raw;
			break;
		case 'O':
			b->v->offset_level = b->v->offset_level % 3 + 1;
			break;
		case 's':
			b->v->hide_source = !b->v->hide_source;
			abrowser__build(b);
			break;
		case 't':
			b->v->value_mode = (b->v->value_mode + 1) % 3;
			break;
		case 'j':
			b->v->no_arrows = !b->v->no_arrows;
			break;
		case 'J':
			b->v->jump_counts = !b->v->jump_counts;
			break;
		case 'k':
			b->v->line_numbers = !b->v->line_numbers;
			break;
		case 'f':
			b->v->full_addr = !b->v->full_addr;
			break;
		case 'p':
			/* local <-> global, the base kept */
			b->v->pt = b->v->pt == ANN_LOCAL_PERIOD ? ANN_GLOBAL_PERIOD :
				b->v->pt == ANN_GLOBAL_PERIOD ? ANN_LOCAL_PERIOD :
				b->v->pt == ANN_LOCAL_HITS ? ANN_GLOBAL_HITS : ANN_LOCAL_HITS;
			break;
		case 'b':
			/* period <-> hits, local or global kept */
			b->v->pt = b->v->pt == ANN_LOCAL_PERIOD ? ANN_LOCAL_HITS :
				b->v->pt == ANN_LOCAL_HITS ? ANN_LOCAL_PERIOD :
				b->v->pt == ANN_GLOBAL_PERIOD ? ANN_GLOBAL_HITS : ANN_GLOBAL_PERIOD;
			break;
		case '/':
			if (tui__input(b->ops, "Search", "Enter the string to search for:", NULL,
				       b->search, sizeof(b->search)))
				abrowser__search(b, 1);
			break;
		case '?':
			if (tui__input(b->ops, "Search", "Enter the string to search backwards for:",
				       NULL, b->search, sizeof(b->search)))
				abrowser__search(b, -1);
			break;
		case 'n':
			if (!b->search[0])
				snprintf(b->msg, sizeof(b->msg), "No string to search: press / first");
			else
				abrowser__search(b, 1);
			break;
		case 'P':
			abrowser__print(b);
			break;
		case 'c':
			snprintf(b->msg, sizeof(b->msg),
				 "c: no cycle counts: they come with LBR branch stacks, which this file lacks");
			break;
		case 'l':
			snprintf(b->msg, sizeof(b->msg),
				 "l: prof annotate -l --stdio --full-paths prints the source locations");
			break;
		case 'r':
			snprintf(b->msg, sizeof(b->msg),
				 "r: no scripts here: prof script -S %s shows this symbol's samples",
				 b->sym->name);
			break;
		case 'h': case KEY_F(1):
			tui__box(b->ops, "Help", annotate_help, (int)ARRAY_SIZE(annotate_help));
			break;
		default:
			break;
		}
		if (b->sel < 0)
			b->sel = 0;
	}
}

int annotate_browser__run(struct dso *dso, struct symbol *sym, int idx, const char *title,
			  const struct addr_hits *hits, const struct annotate_browse_opts *o,
			  const struct hist_browser_ops *ops)
{
	struct disasm_opts dis = o->dis;
	struct abrowser b = {
		.dso = dso, .sym = sym, .idx = idx, .title = title, .hits = hits, .o = o,
		.ops = ops, .v = &view,
	};
	char err[PATH_MAX + 64];
	struct inline_frame fr[8];
	int ret;

	if (!dis.objdump && !disasm__have_capstone())
		dis.objdump = "objdump";
	if (!view.set) {
		view.pt = o->pt;
		view.set = true;
	}
	if (annotation__init(&b.an, dso, sym, &dis, err, sizeof(err)) < 0) {
		char l1[PATH_MAX + 128];
		const char *lines[] = { l1 };

		snprintf(l1, sizeof(l1), "Couldn't annotate %s: %s", sym->name, err);
		tui__box(ops, "Warning", lines, 1);
		return 0;
	}
	annotation__fill(&b.an, hits, idx, sym);
	abrowser__parse(&b);
	b.sym_line = xasprintf("%016" PRIx64 " <%s>:", b.an.d.start, sym->name);
	if (dso__inline_frames(dso, sym->start, fr, 8) > 0 && fr[0].funcname)
		b.func_line = xasprintf("%s():", fr[0].funcname);
	b.insn_row = xcalloc((size_t)b.an.d.nr + 1, sizeof(int));
	ret = abrowser__loop(&b);
	for (int i = 0; i < b.an.d.nr; i++) {
		free(b.ins[i].name);
		free(b.ins[i].simple);
		free(b.ins[i].rawtext);
		free(b.ins[i].rawops);
		for (int c = 0; c < b.ins[i].nr_cont; c++)
			free(b.ins[i].cont[c]);
		free(b.ins[i].cont);
	}
	free(b.ins);
	free(b.insn_row);
	free(b.rows);
	free(b.sym_line);
	free(b.func_line);
	annotation__exit(&b.an);
	return ret;
}

int annotate__tui_browse(const struct annotate_browse_sym *syms, int nr,
			 const struct addr_hits *hits, const struct annotate_browse_opts *o)
{
	struct tui_session ts;
	int i = 0, err;

	if (nr <= 0)
		return 0;
	err = tui_session__begin(&ts, false);
	if (err)
		return err;
	for (;;) {
		const struct annotate_browse_sym *s = &syms[i];
		char title[512], unit;
		u64 n = hist__convert_unit(s->nr_samples, &unit);
		char hz[48] = "";
		int key;

		if (s->sample_freq)
			snprintf(hz, sizeof(hz), " %" PRIu64 " Hz,", s->sample_freq);
		snprintf(title, sizeof(title),
			 "Samples: %" PRIu64 "%c of event '%s',%s Event count (approx.): %" PRIu64,
			 n, unit, s->evname, hz, s->total_period);
		key = annotate_browser__run(s->dso, s->sym, s->idx, title, hits, o, NULL);
		/* perf annotate's keys between symbols: LEFT the previous, RIGHT the next */
		if (key == KEY_LEFT && i > 0)
			i--;
		else if (key == KEY_RIGHT && i + 1 < nr)
			i++;
		else if (key != KEY_LEFT && key != KEY_RIGHT)
			break;
	}
	tui_session__end(&ts);
	return 0;
}

#endif /* HAVE_NCURSESW */
