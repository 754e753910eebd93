// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist-browser.c: the ncurses histogram browser of perf top and perf
 * report: a title line, the column header, one row per entry (callchains
 * unfolded under their entry on demand), a status line.
 *
 * Invariants:
 * 1. curses is active only between tui__start() and tui__stop(); every
 *    exit path (return, exit(), a fatal signal) passes through
 *    tui__stop(), which is idempotent and async-signal tolerant enough
 *    for a dying process (endwin only).
 * 2. The browser keeps no index into the hists across a wait: the owner
 *    may resort or grow the entries; the selection is remembered as an
 *    entry pointer (entries are never freed while the browser runs).
 */
#include "prof/compat.h"
#include "prof/tui.h"
#include "prof/hist.h"

struct report_title {
	struct hists *h;
	const char *evname;
};

static void report_title(void *priv, char *buf, size_t size)
{
	const struct report_title *rt = priv;
	char unit;
	u64 n = hist__convert_unit(rt->h->nr_samples, &unit);

	snprintf(buf, size, "Samples: %" PRIu64 "%c of event '%s', Event count (approx.): %" PRIu64,
		 n, unit, rt->evname, rt->h->total_period);
}

int hists__tui_browse(struct hists *h, const char *evname,
		      const struct callchain_param *cp, double min_percent)
{
	struct report_title rt = { .h = h, .evname = evname };
	struct hist_browser_ops ops = {
		.title = report_title, .priv = &rt, .cp = cp, .min_percent = min_percent,
	};

	return hist_browser__run(h, &ops);
}

#ifndef HAVE_NCURSESW

bool tui__available(void)
{
	return false;
}

int hist_browser__run(struct hists *h, const struct hist_browser_ops *ops)
{
	(void)h;
	(void)ops;
	return -ENOSYS;
}

#else

#include <curses.h>
#include <poll.h>
#include <signal.h>
#include "prof/hist.h"
#include "prof/sort.h"
#include "prof/callchain.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/thread.h"
#include "prof/util.h"

bool tui__available(void)
{
	return true;
}

/* ---- terminal state (invariant 1) ---- */

static volatile sig_atomic_t tui_active;
static volatile sig_atomic_t tui_stop_req;
static struct sigaction tui_old_fatal[32];
static const int tui_fatal_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

static void tui__stop(void)
{
	if (!tui_active)
		return;
	tui_active = 0;
	curs_set(1);
	endwin();
}

static void tui__fatal(int sig)
{
	tui__stop();
	/* the old handler (usually the default) does the rest */
	sigaction(sig, &tui_old_fatal[sig], NULL);
	raise(sig);
}

static void tui__term(int sig)
{
	(void)sig;
	tui_stop_req = 1;
}

static int tui__start(void)
{
	static bool atexit_done;
	struct sigaction sa;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return -ENOTTY;
	if (!newterm(NULL, stdout, stdin))
		return -ENOTTY;
	tui_active = 1;
	if (!atexit_done) {
		atexit(tui__stop);
		atexit_done = true;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = tui__fatal;
	for (size_t i = 0; i < ARRAY_SIZE(tui_fatal_sigs); i++)
		sigaction(tui_fatal_sigs[i], &sa, &tui_old_fatal[tui_fatal_sigs[i]]);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	if (has_colors()) {
		start_color();
		use_default_colors();
		init_pair(1, COLOR_RED, -1);		/* hot */
		init_pair(2, COLOR_GREEN, -1);		/* warm */
		init_pair(3, COLOR_BLACK, COLOR_CYAN);	/* selection */
	}
	return 0;
}

/* ---- rows ---- */

struct row {
	struct hist_entry *he;
	const struct callchain_node *node;	/* NULL: the entry's own row */
	u32 frame;				/* index in node->val */
	int depth;
};

struct browser {
	struct hists *h;
	const struct hist_browser_ops *ops;
	struct row *rows;
	size_t nr_rows, alloc_rows;
	struct hist_entry **expanded;
	size_t nr_expanded, alloc_expanded;
	bool expand_all;
	struct hist_entry *sel_he;		/* invariant 2 */
	size_t sel_off;				/* selected row - sel_he's row */
	size_t sel, top;
	char filter[128];
	const struct dso *zoom_dso;
	pid_t zoom_tid;				/* -1: none */
	bool hide_kernel, hide_user;
	bool paused;
	int widths[HIST_MAX_FIELDS];
	char msg[256];
};

static bool browser__is_expanded(const struct browser *b, const struct hist_entry *he)
{
	for (size_t i = 0; i < b->nr_expanded; i++)
		if (b->expanded[i] == he)
			return !b->expand_all;
	return b->expand_all;
}

static void browser__toggle(struct browser *b, struct hist_entry *he)
{
	for (size_t i = 0; i < b->nr_expanded; i++) {
		if (b->expanded[i] == he) {
			b->expanded[i] = b->expanded[--b->nr_expanded];
			return;
		}
	}
	if (b->nr_expanded == b->alloc_expanded) {
		b->alloc_expanded = b->alloc_expanded ? 2 * b->alloc_expanded : 16;
		b->expanded = xrealloc(b->expanded, b->alloc_expanded * sizeof(*b->expanded));
	}
	b->expanded[b->nr_expanded++] = he;
}

static struct row *browser__add_row(struct browser *b)
{
	if (b->nr_rows == b->alloc_rows) {
		b->alloc_rows = b->alloc_rows ? 2 * b->alloc_rows : 256;
		b->rows = xrealloc(b->rows, b->alloc_rows * sizeof(*b->rows));
	}
	memset(&b->rows[b->nr_rows], 0, sizeof(*b->rows));
	return &b->rows[b->nr_rows++];
}

static u64 entry_value(const struct browser *b, const struct hist_entry *he)
{
	return b->h->layout->children ? he->period_acc : he->period;
}

static bool browser__shows(const struct browser *b, const struct hist_entry *he)
{
	if (he->filtered || !entry_value(b, he))
		return false;
	if (b->ops->min_percent > 0 &&
	    hists__percent(b->h, entry_value(b, he)) < b->ops->min_percent)
		return false;
	if (b->hide_kernel && he->level == 'k')
		return false;
	if (b->hide_user && he->level != 'k')
		return false;
	if (b->zoom_dso && he->dso != b->zoom_dso)
		return false;
	if (b->zoom_tid >= 0 && he->tid != b->zoom_tid)
		return false;
	if (b->filter[0] && (!he->sym || !strstr(he->sym->name, b->filter)))
		return false;
	return true;
}

static void browser__add_chain(struct browser *b, struct hist_entry *he,
			       const struct callchain_node *n, int depth, u64 total)
{
	double min_pct = b->ops->cp ? b->ops->cp->min_percent : 0.5;

	for (u32 i = 0; i < n->nr_children; i++) {
		const struct callchain_node *c = n->children[i];

		if (total && 100.0 * (double)callchain_node__cumul(c) / (double)total < min_pct)
			continue;
		for (u32 f = 0; f < c->nr_val; f++) {
			struct row *r = browser__add_row(b);

			r->he = he;
			r->node = c;
			r->frame = f;
			r->depth = depth;
		}
		browser__add_chain(b, he, c, depth + 1, total);
	}
}

/* Remember the selection as (entry, offset) across rebuilds. */
static void browser__note_sel(struct browser *b)
{
	size_t i;

	if (!b->nr_rows) {
		b->sel_he = NULL;
		b->sel_off = 0;
		return;
	}
	if (b->sel >= b->nr_rows)
		b->sel = b->nr_rows - 1;
	for (i = b->sel; i > 0 && b->rows[i].node; i--)
		;
	b->sel_he = b->rows[b->sel].he;
	b->sel_off = b->sel - i;
}

/* Rebuild the rows from the entries' current order; keep the selection. */
static void browser__build(struct browser *b)
{
	const struct hist_layout *l = b->h->layout;
	size_t sel = 0, e0;
	bool found = false;

	b->nr_rows = 0;
	for (int i = 0; i < l->nr_fields; i++) {
		const struct hist_field *f = &l->fields[i];

		b->widths[i] = f->kind == HPP_SORT_KEY ? (int)strlen(f->key->header) : 8;
		if (f->kind == HPP_SAMPLE || f->kind == HPP_PERIOD)
			b->widths[i] = 12;
	}
	for (size_t e = 0; e < b->h->nr_entries; e++) {
		struct hist_entry *he = b->h->entries[e];
		struct row *r;

		if (!browser__shows(b, he))
			continue;
		for (int i = 0; i < l->nr_fields; i++) {
			const struct hist_field *f = &l->fields[i];

			if (f->kind == HPP_SORT_KEY) {
				int w = sort_key__value_width(f->key, he);

				if (w > b->widths[i])
					b->widths[i] = min(w, 60);
			}
		}
		e0 = b->nr_rows;
		r = browser__add_row(b);
		r->he = he;
		if (he->callchain && browser__is_expanded(b, he))
			browser__add_chain(b, he, &he->callchain->node, 0,
					   b->h->callchain_total ? b->h->callchain_total :
								   b->h->total_period);
		if (he == b->sel_he) {
			sel = e0 + min(b->sel_off, b->nr_rows - 1 - e0);
			found = true;
		}
	}
	if (!found)
		sel = min(b->sel, b->nr_rows ? b->nr_rows - 1 : 0);
	b->sel = sel;
	browser__note_sel(b);
}

/* ---- drawing ---- */

static void browser__entry_text(struct browser *b, const struct hist_entry *he,
				char *buf, size_t size)
{
	const struct hist_layout *l = b->h->layout;
	size_t n = 0;
	char tmp[1024];

	n += (size_t)snprintf(buf + n, size - n, "%c ",
			      !he->callchain ? ' ' : browser__is_expanded(b, he) ? '-' : '+');
	for (int i = 0; i < l->nr_fields && n < size; i++) {
		const struct hist_field *f = &l->fields[i];

		if (l->elide[i])
			continue;
		switch (f->kind) {
		case HPP_OVERHEAD:
			n += (size_t)snprintf(buf + n, size - n, " %7.2f%%",
					      hists__percent(b->h, he->period));
			break;
		case HPP_OVERHEAD_CHILDREN:
			n += (size_t)snprintf(buf + n, size - n, " %7.2f%%",
					      hists__percent(b->h, he->period_acc));
			break;
		case HPP_SAMPLE:
			n += (size_t)snprintf(buf + n, size - n, "  %11" PRIu64, he->nr_events);
			break;
		case HPP_PERIOD:
			n += (size_t)snprintf(buf + n, size - n, "  %11" PRIu64, he->period);
			break;
		case HPP_SORT_KEY:
			sort_key__snprintf(f->key, he, tmp, sizeof(tmp), b->widths[i]);
			n += (size_t)snprintf(buf + n, size - n, "  %-*.*s", b->widths[i],
					      b->widths[i] + 20, tmp);
			break;
		}
	}
}

static void browser__chain_text(struct browser *b, const struct row *r, char *buf, size_t size)
{
	const struct callchain_list *cl = &r->node->val[r->frame];
	u64 total = b->h->callchain_total ? b->h->callchain_total : b->h->total_period;
	int indent = 10 + 3 * r->depth;
	char name[512];

	if (cl->f.sym)
		snprintf(name, sizeof(name), "%s", cl->f.sym->name);
	else
		snprintf(name, sizeof(name), "0x%" PRIx64, cl->f.ip);
	if (r->frame == 0)
		snprintf(buf, size, "%*s--%.2f%%--%s", indent, "",
			 total ? 100.0 * (double)callchain_node__cumul(r->node) / (double)total : 0.0,
			 name);
	else
		snprintf(buf, size, "%*s%s", indent + 11, "", name);
}

static void browser__header_text(struct browser *b, char *buf, size_t size)
{
	const struct hist_layout *l = b->h->layout;
	size_t n = (size_t)snprintf(buf, size, "  ");

	for (int i = 0; i < l->nr_fields && n < size; i++) {
		const struct hist_field *f = &l->fields[i];
		const char *name = "";

		if (l->elide[i])
			continue;
		switch (f->kind) {
		case HPP_OVERHEAD:
			name = l->children ? "Self" : "Overhead";
			break;
		case HPP_OVERHEAD_CHILDREN:
			name = "Children";
			break;
		case HPP_SAMPLE:
			name = "Samples";
			break;
		case HPP_PERIOD:
			name = "Period";
			break;
		case HPP_SORT_KEY:
			name = f->key->header;
			break;
		}
		if (f->kind == HPP_SORT_KEY)
			n += (size_t)snprintf(buf + n, size - n, "  %-*s", b->widths[i], name);
		else
			n += (size_t)snprintf(buf + n, size - n, " %*s",
					      f->kind == HPP_SAMPLE || f->kind == HPP_PERIOD ? 12 : 8,
					      name);
	}
}

static void put_line(int y, const char *s, int cols)
{
	mvaddnstr(y, 0, s, cols);
	clrtoeol();
}

static void browser__draw(struct browser *b)
{
	int rows, cols, list_h;
	char buf[2048];

	getmaxyx(stdscr, rows, cols);
	erase();
	list_h = rows - 3;
	if (list_h < 1)
		list_h = 1;
	if (b->sel < b->top)
		b->top = b->sel;
	if (b->sel >= b->top + (size_t)list_h)
		b->top = b->sel - (size_t)list_h + 1;

	buf[0] = 0;
	if (b->ops->title)
		b->ops->title(b->ops->priv, buf, sizeof(buf));
	attron(A_BOLD);
	put_line(0, buf, cols);
	attroff(A_BOLD);
	browser__header_text(b, buf, sizeof(buf));
	attron(A_REVERSE);
	mvhline(1, 0, ' ', cols);
	mvaddnstr(1, 0, buf, cols);
	attroff(A_REVERSE);

	for (int y = 0; y < list_h && b->top + (size_t)y < b->nr_rows; y++) {
		size_t i = b->top + (size_t)y;
		const struct row *r = &b->rows[i];
		attr_t a = 0;

		if (r->node)
			browser__chain_text(b, r, buf, sizeof(buf));
		else
			browser__entry_text(b, r->he, buf, sizeof(buf));
		if (i == b->sel)
			a = has_colors() ? COLOR_PAIR(3) : A_REVERSE;
		else if (!r->node && has_colors()) {
			double p = hists__percent(b->h, entry_value(b, r->he));

			a = p >= 5.0 ? COLOR_PAIR(1) : p >= 0.5 ? COLOR_PAIR(2) : 0;
		}
		attron(a);
		if (i == b->sel)
			mvhline(2 + y, 0, ' ', cols);
		mvaddnstr(2 + y, 0, buf, cols);
		attroff(a);
	}
	if (!b->nr_rows)
		mvaddnstr(3, 2, b->h->nr_entries ? "No entries match." : "Collecting samples...", cols - 2);

	{
		size_t n = 0;

		if (b->msg[0])
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", b->msg);
		else
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "Press '?' for help on key bindings");
		if (b->filter[0])
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [filter: %s]", b->filter);
		if (b->zoom_dso)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [DSO: %s]",
					      b->zoom_dso->short_name);
		if (b->zoom_tid >= 0)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [thread: %d]",
					      (int)b->zoom_tid);
		if (b->hide_kernel)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [no kernel]");
		if (b->hide_user)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [no user]");
		if (b->paused)
			snprintf(buf + n, sizeof(buf) - n, "  [PAUSED]");
		attron(A_REVERSE);
		mvhline(rows - 1, 0, ' ', cols);
		mvaddnstr(rows - 1, 0, buf, cols);
		attroff(A_REVERSE);
	}
	refresh();
}

static const char *const help_lines[] = {
	"Keys:",
	"  UP/DOWN/PGUP/PGDN/HOME/END  navigate",
	"  ENTER or +   expand/collapse the callchain of the entry",
	"  e            expand/collapse all callchains",
	"  E / C        expand all / collapse all callchains",
	"  /            filter by symbol name (empty: no filter)",
	"  d            zoom into the selected entry's DSO (again: zoom out)",
	"  t            zoom into the selected entry's thread (again: zoom out)",
	"  K / U        hide or show kernel / user symbols",
	"  P or SPACE   pause or resume the updates (live)",
	"  h / ?        this help",
	"  q / ESC / CTRL+C  quit",
	"",
	"Press any key to close this window.",
};

static int browser__getkey(struct browser *b)
{
	for (;;) {
		int ch;

		if (tui_stop_req)
			return -1;
		nodelay(stdscr, TRUE);
		ch = getch();
		if (ch != ERR)
			return ch;
		if (b->ops->wait) {
			int r = b->ops->wait(b->ops->priv, STDIN_FILENO);

			if (r < 0)
				return -1;
			if (r == 0)
				return KEY_F(63);	/* new data: redraw */
		} else {
			struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };

			poll(&p, 1, 1000);
		}
	}
}

static void browser__help(struct browser *b)
{
	int rows, cols, w = 76, h = (int)ARRAY_SIZE(help_lines) + 3;
	WINDOW *win;
	int ch;

	getmaxyx(stdscr, rows, cols);
	if (b->ops->help_extra)
		h++;
	win = newwin(min(h, rows), min(w, cols), max(0, (rows - h) / 2), max(0, (cols - w) / 2));
	if (!win)
		return;
	/* plain ASCII: line drawing depends on the locale and the terminal */
	wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
	mvwaddstr(win, 0, 2, " Help ");
	for (int i = 0; i < (int)ARRAY_SIZE(help_lines) && i + 1 < rows - 1; i++)
		mvwaddnstr(win, i + 1, 2, help_lines[i], w - 4);
	if (b->ops->help_extra)
		mvwaddnstr(win, (int)ARRAY_SIZE(help_lines) + 1, 2, b->ops->help_extra, w - 4);
	wrefresh(win);
	do
		ch = browser__getkey(b);
	while (ch == KEY_F(63));
	delwin(win);
	touchwin(stdscr);
}

/* A line of input on the status line; ESC cancels (returns false). */
static bool browser__prompt(struct browser *b, const char *prompt, char *out, size_t size)
{
	int rows, cols;
	size_t len = strlen(out);

	for (;;) {
		int ch;

		getmaxyx(stdscr, rows, cols);
		attron(A_REVERSE);
		mvhline(rows - 1, 0, ' ', cols);
		mvprintw(rows - 1, 0, "%s%s_", prompt, out);
		attroff(A_REVERSE);
		refresh();
		ch = browser__getkey(b);
		if (ch == KEY_F(63)) {
			continue;	/* keep the prompt; the list redraws after */
		}
		if (ch < 0 || ch == 27 || ch == 3)
			return false;
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			return true;
		if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
			if (len)
				out[--len] = 0;
		} else if (ch >= 32 && ch < 127 && len + 1 < size) {
			out[len++] = (char)ch;
			out[len] = 0;
		}
	}
}

int hist_browser__run(struct hists *h, const struct hist_browser_ops *ops)
{
	struct browser b = {
		.h = h, .ops = ops, .zoom_tid = -1,
		.hide_kernel = ops->hide_kernel, .hide_user = ops->hide_user,
	};
	struct sigaction sa, old_term, old_hup;
	int err = tui__start();

	if (err)
		return err;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = tui__term;
	tui_stop_req = 0;
	/* a live owner handles SIGTERM itself (its wait returns < 0) */
	if (!ops->wait) {
		sigaction(SIGTERM, &sa, &old_term);
		sigaction(SIGHUP, &sa, &old_hup);
	}
	browser__build(&b);
	for (;;) {
		int rows, cols, page, ch;
		struct hist_entry *he;

		browser__draw(&b);
		ch = browser__getkey(&b);
		if (ch < 0)
			break;
		getmaxyx(stdscr, rows, cols);
		(void)cols;
		page = max(1, rows - 3);
		he = b.nr_rows ? b.rows[b.sel].he : NULL;
		b.msg[0] = 0;
		switch (ch) {
		case 'q': case 'Q': case 27: case 3:
			goto out;
		case KEY_DOWN: case 'j':
			if (b.sel + 1 < b.nr_rows)
				b.sel++;
			break;
		case KEY_UP: case 'k':
			if (b.sel)
				b.sel--;
			break;
		case KEY_NPAGE:
			b.sel = min(b.sel + (size_t)page, b.nr_rows ? b.nr_rows - 1 : 0);
			b.top = b.sel;
			break;
		case KEY_PPAGE:
			b.sel = b.sel > (size_t)page ? b.sel - (size_t)page : 0;
			b.top = b.sel;
			break;
		case KEY_HOME:
			b.sel = 0;
			break;
		case KEY_END:
			b.sel = b.nr_rows ? b.nr_rows - 1 : 0;
			break;
		case '\n': case '\r': case KEY_ENTER: case '+':
			if (he && he->callchain)
				browser__toggle(&b, he);
			else if (he)
				snprintf(b.msg, sizeof(b.msg), "No callchain (use -g to collect them)");
			break;
		case 'e':
			b.expand_all = !b.expand_all;
			b.nr_expanded = 0;
			break;
		case 'E':
			b.expand_all = true;
			b.nr_expanded = 0;
			break;
		case 'C':
			b.expand_all = false;
			b.nr_expanded = 0;
			break;
		case '/':
			browser__prompt(&b, "Symbol filter: ", b.filter, sizeof(b.filter));
			break;
		case 'd':
			b.zoom_dso = b.zoom_dso ? NULL : he ? he->dso : NULL;
			break;
		case 't':
			b.zoom_tid = b.zoom_tid >= 0 ? -1 : he ? he->tid : -1;
			break;
		case 'K':
			b.hide_kernel = !b.hide_kernel;
			break;
		case 'U':
			b.hide_user = !b.hide_user;
			break;
		case 'P': case ' ':
			if (ops->pause)
				b.paused = ops->pause(ops->priv);
			break;
		case 'h': case '?': case KEY_F(1):
			browser__help(&b);
			break;
		case KEY_RESIZE:
		case KEY_F(63):
		default:
			break;
		}
		browser__note_sel(&b);
		browser__build(&b);
	}
out:
	tui__stop();
	if (!ops->wait) {
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGHUP, &old_hup, NULL);
	}
	free(b.rows);
	free(b.expanded);
	return 0;
}

#endif /* HAVE_NCURSESW */
