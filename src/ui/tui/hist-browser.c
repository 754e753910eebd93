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

#ifndef HAVE_NCURSESW

bool tui__available(void)
{
	return false;
}

int hists__tui_browse(struct hists **h, const char *const *names, int nr,
		      const struct hist_browser_ops *ops)
{
	(void)h;
	(void)names;
	(void)nr;
	(void)ops;
	return -ENOSYS;
}

int annotate__tui_browse(const struct annotate_browse_sym *syms, int nr,
			 const struct addr_hits *hits, const struct annotate_browse_opts *o)
{
	(void)syms;
	(void)nr;
	(void)hits;
	(void)o;
	return -ENOSYS;
}

#else

#include <curses.h>
#include <fcntl.h>
#include <elf.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include "prof/hist.h"
#include "prof/sort.h"
#include "prof/callchain.h"
#include "prof/dso.h"
#include "prof/symbol.h"
#include "prof/thread.h"
#include "prof/util.h"
#include "prof/hist-stdio.h"
#include "tui-internal.h"

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
	/* the scrollbar's line drawing: UTF-8 terminals need the locale's charset */
	setlocale(LC_CTYPE, "");
	tui_colors__config();
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
		tui_colors__init();
	}
	return 0;
}

/* ---- rows ---- */

/*
 * One screen row: an entry, or one frame of its call graph. Chain rows
 * are laid out as perf's graph browser: a node's first frame carries its
 * percentage when it has siblings or does not hold all of its parent's
 * period; a frame has a fold sign when something hangs below it (a last
 * frame: the node's children; else the first frame of a top-level node:
 * its siblings; other first frames: the rest of their node).
 */
struct row {
	struct hist_entry *he;
	const struct callchain_node *node;	/* NULL: the entry's own row */
	u32 frame;				/* index in node->val */
	int offset;				/* columns before the sign */
	char sign;				/* '+', '-' or ' ' */
	bool pct;				/* the node's percentage precedes the name */
};

/* Fold state: pointers (entries, frames) whose state differs from the default. */
struct fold_set {
	const void **keys;
	bool *vals;
	size_t nr, alloc;			/* alloc: a power of two */
};

struct browser {
	struct hists *h;
	const struct hist_browser_ops *ops;
	int idx;				/* the event shown, of the owner's */
	const char *evname;
	struct row *rows;
	size_t nr_rows, alloc_rows;
	struct fold_set folds;
	bool expand_all;			/* the state of pointers not in folds */
	struct hist_entry *sel_he;		/* invariant 2 */
	size_t sel_off;				/* selected row - sel_he's row */
	size_t sel, top;
	bool to_top;				/* the next rebuild selects the first row */
	char filter[128];
	const struct dso *zoom_dso;
	pid_t zoom_tid;				/* -1: none */
	const char *zoom_comm;			/* the zoomed thread's name */
	char zooms[4];				/* 't', 'd': ESC undoes the last */
	int nr_zooms;
	bool hide_kernel, hide_user;
	bool paused;
	/*
	 * perf resizes the key columns from the entries alone (header
	 * names truncated to fit) once a zoom or filter was applied.
	 */
	bool widths_from_values;
	bool no_header;				/* H */
	double min_percent;			/* --percent-limit, L */
	bool filter_relative;			/* F: percentages of what is shown */
	u64 shown_period, shown_samples;	/* the entries the zooms and filters keep */
	/*
	 * perf shows the selection and the scrollbar only once a navigation
	 * key was pressed; that first key only shows them.
	 */
	bool navkeypressed;
	/*
	 * V: perf's verbosity (0-3), that of the sort columns and the call
	 * chains (their DSOs); the widths keep the level they were computed
	 * at until a zoom, a filter or a refresh of top measures them again
	 * (perf top sizes the columns anew at each refresh, at the level then).
	 */
	int verbose, width_verbose;
	int widths[HIST_MAX_FIELDS];
	char msg[256];
};

static size_t fold_slot(const struct fold_set *fs, const void *key)
{
	size_t i = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull & (fs->alloc - 1);

	while (fs->keys[i] && fs->keys[i] != key)
		i = (i + 1) & (fs->alloc - 1);
	return i;
}

static bool browser__unfolded(const struct browser *b, const void *key)
{
	size_t i;

	if (!b->folds.alloc)
		return b->expand_all;
	i = fold_slot(&b->folds, key);
	return b->folds.keys[i] ? b->folds.vals[i] : b->expand_all;
}

static void browser__set_unfolded(struct browser *b, const void *key, bool unfolded)
{
	struct fold_set *fs = &b->folds;
	size_t i;

	if (2 * (fs->nr + 1) > fs->alloc) {
		struct fold_set n = { .alloc = fs->alloc ? 2 * fs->alloc : 256 };

		n.keys = xcalloc(n.alloc, sizeof(*n.keys));
		n.vals = xcalloc(n.alloc, sizeof(*n.vals));
		for (size_t j = 0; j < fs->alloc; j++) {
			if (!fs->keys[j])
				continue;
			i = fold_slot(&n, fs->keys[j]);
			n.keys[i] = fs->keys[j];
			n.vals[i] = fs->vals[j];
			n.nr++;
		}
		free(fs->keys);
		free(fs->vals);
		*fs = n;
	}
	i = fold_slot(fs, key);
	if (!fs->keys[i]) {
		fs->keys[i] = key;
		fs->nr++;
	}
	fs->vals[i] = unfolded;
}

/* A zoom or a filter folds every entry (perf resets them; chain lines keep theirs). */
static void browser__fold_entries(struct browser *b)
{
	for (size_t e = 0; e < b->h->nr_entries; e++)
		if (browser__unfolded(b, b->h->entries[e]))
			browser__set_unfolded(b, b->h->entries[e], false);
}

/* E and C: every fold one way. */
static void browser__set_all(struct browser *b, bool unfolded)
{
	free(b->folds.keys);
	free(b->folds.vals);
	memset(&b->folds, 0, sizeof(b->folds));
	b->expand_all = unfolded;
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

/* F: perf's percentages of the filtered entries' total, else of all */
static double browser__percent(const struct browser *b, u64 v)
{
	if (b->filter_relative)
		return b->shown_period ? 100.0 * (double)v / (double)b->shown_period : 0.0;
	return hists__percent(b->h, v);
}

static bool below_limit(const struct browser *b, const struct hist_entry *he, double limit)
{
	return limit > 0 && browser__percent(b, entry_value(b, he)) < limit;
}

/*
 * Does @he pass the zooms and filters? (The percent limit is apart: as
 * perf, the column widths count entries L hid, not those below the
 * --percent-limit given at the start.)
 */
/* Has @he a value (in a group view: for any member)? */
static bool entry_has_value(const struct browser *b, const struct hist_entry *he)
{
	const u64 *group = b->h->layout->children ? he->group_period_acc : he->group_period;

	if (entry_value(b, he))
		return true;
	for (int m = 1; group && m < b->h->nr_members; m++)
		if (group[m])
			return true;
	return false;
}

static bool browser__shows(const struct browser *b, const struct hist_entry *he)
{
	if (he->filtered || !entry_has_value(b, he))
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

static u64 chain_total(const struct browser *b)
{
	return b->h->callchain_total ? b->h->callchain_total : b->h->total_period;
}

/* Does @c pass the call graph's percent limit? */
static bool chain_shows(const struct browser *b, const struct callchain_node *c)
{
	double min_pct = b->ops->cp ? b->ops->cp->min_percent : 0.5;
	/* perf's limit is a whole number of hits: the fraction is dropped */
	u64 min_hits = (u64)((double)chain_total(b) * (min_pct / 100.0));

	return callchain_node__cumul(c) >= min_hits;
}

static u32 chain_nr_shown(const struct browser *b, const struct callchain_node *n)
{
	u32 nr = 0;

	for (u32 i = 0; i < n->nr_children; i++)
		nr += chain_shows(b, n->children[i]);
	return nr;
}

/* The fold sign of frame @f of @c (see struct row). */
static bool frame_has_children(const struct browser *b, const struct callchain_node *c,
			       u32 f, bool top, bool has_sibling)
{
	bool last = f + 1 == c->nr_val;

	if (last)
		return chain_nr_shown(b, c) > 0;
	if (f == 0)
		return top ? has_sibling : true;
	return false;
}

static void browser__add_chain(struct browser *b, struct hist_entry *he,
			       const struct callchain_node *n, int level, bool top)
{
	u32 nr = chain_nr_shown(b, n);
	u64 parent_total = top ? callchain_node__cumul(n) : n->children_hit;

	for (u32 i = 0; i < n->nr_children; i++) {
		const struct callchain_node *c = n->children[i];
		bool need_pct, open = true;

		if (!chain_shows(b, c))
			continue;
		need_pct = nr > 1 || callchain_node__cumul(c) != parent_total;
		for (u32 f = 0; f < c->nr_val && open; f++) {
			struct row *r = browser__add_row(b);

			r->he = he;
			r->node = c;
			r->frame = f;
			r->offset = 3 * (level + 1) + (f && need_pct ? 3 : 0);
			r->pct = f == 0 && need_pct;
			r->sign = ' ';
			if (frame_has_children(b, c, f, top, nr > 1)) {
				open = browser__unfolded(b, &c->val[f]);
				r->sign = open ? '-' : '+';
			}
		}
		/* under a node whose frames were shifted for its percentage, so are its children */
		if (open && c->nr_val && chain_nr_shown(b, c))
			browser__add_chain(b, he, c, level + (need_pct && c->nr_val > 1 ? 2 : 1), false);
	}
}

/* Can @he unfold (a call graph with something above the percent limit)? */
static bool entry_has_chain(const struct browser *b, const struct hist_entry *he)
{
	return he->callchain && chain_nr_shown(b, &he->callchain->node);
}

/* '+' on a row: an entry or a frame with a sign. */
static bool browser__toggle_row(struct browser *b, const struct row *r)
{
	if (!r->node) {
		if (!entry_has_chain(b, r->he))
			return false;
		browser__set_unfolded(b, r->he, !browser__unfolded(b, r->he));
		return true;
	}
	if (r->sign == ' ')
		return false;
	browser__set_unfolded(b, &r->node->val[r->frame], r->sign == '+');
	return true;
}

/* An event group's members shown side by side (perf's group view), else 1. */
static int browser__nr_members(const struct browser *b)
{
	return b->h->nr_members > 1 ? b->h->nr_members : 1;
}

/*
 * The sort columns read the global verbosity: the browser's while they
 * are measured and drawn (not the whole time: -v's debug messages would
 * write over the screen). Returns the level it replaces.
 */
static int browser__set_verbose(int level)
{
	int old = verbose;

	verbose = level;
	return old;
}

/*
 * perf's paging: PGDN moves the selection and the first row shown by a
 * page (less at the end), unless the last row is already shown; PGUP
 * moves both back by a page, or to the first row.
 */
static void page_down(size_t *sel, size_t *top, size_t page, size_t nr)
{
	size_t off = page;

	if (!nr || *top + page > nr - 1)
		return;
	if (*sel + off > nr - 1)
		off = nr - 1 - *sel;
	*sel += off;
	*top += off;
}

static void page_up(size_t *sel, size_t *top, size_t page)
{
	size_t off = min(*top, page);

	*sel -= min(off, *sel);
	*top -= off;
}

/* Remember the selection as (entry, offset) across rebuilds. */
static void browser__note_sel(struct browser *b)
{
	size_t i;

	if (!b->nr_rows || b->to_top) {
		b->to_top = false;
		b->sel = b->top = 0;
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

		b->widths[i] = f->kind != HPP_SORT_KEY ? 8 * browser__nr_members(b) :
			       b->widths_from_values ? 0 : (int)strlen(f->key->header);
		/* a group's samples and periods: perf's " %11" for each member */
		if (f->kind == HPP_SAMPLE || f->kind == HPP_PERIOD)
			b->widths[i] = browser__nr_members(b) > 1 ? 12 * browser__nr_members(b) : 11;
	}
	b->shown_period = b->shown_samples = 0;
	for (size_t e = 0; e < b->h->nr_entries; e++) {
		const struct hist_entry *he = b->h->entries[e];

		if (browser__shows(b, he)) {
			b->shown_period += he->period;
			b->shown_samples += he->nr_events;
		}
	}
	for (size_t e = 0; e < b->h->nr_entries; e++) {
		struct hist_entry *he = b->h->entries[e];
		struct row *r;

		if (!browser__shows(b, he) || below_limit(b, he, b->ops->min_percent))
			continue;
		for (int i = 0; i < l->nr_fields; i++) {
			const struct hist_field *f = &l->fields[i];

			if (f->kind == HPP_SORT_KEY) {
				int saved = browser__set_verbose(b->width_verbose);
				int w = sort_key__value_width(f->key, he);

				browser__set_verbose(saved);
				if (w > b->widths[i])
					b->widths[i] = min(w, 60);
			}
		}
		if (below_limit(b, he, b->min_percent))
			continue;
		e0 = b->nr_rows;
		r = browser__add_row(b);
		r->he = he;
		if (entry_has_chain(b, he) && browser__unfolded(b, he))
			browser__add_chain(b, he, &he->callchain->node, 0, true);
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

/* A column left out: the layout's elided ones, and the DSO zoomed into (perf). */
static bool browser__elided(const struct browser *b, int i)
{
	const struct hist_field *f = &b->h->layout->fields[i];

	return b->h->layout->elide[i] ||
	       (b->zoom_dso && f->kind == HPP_SORT_KEY && f->key->id == SORT_DSO);
}

/* Where the percentages of an entry row are: only they are coloured. */
struct pct_span {
	int start, len;
	double pct;
};
#define MAX_SPANS (HIST_MAX_FIELDS * 8)

/* One percentage column ("%7.2f%%"), noted for the colours. */
static size_t put_pct(char *buf, size_t n, size_t size, double pct, struct pct_span *spans,
		      int *nr_spans)
{
	if (*nr_spans < MAX_SPANS) {
		spans[*nr_spans].start = (int)n;
		spans[*nr_spans].len = 8;
		spans[(*nr_spans)++].pct = pct;
	}
	return (size_t)snprintf(buf + n, size - n, "%7.2f%%", pct);
}

static void browser__entry_text(struct browser *b, const struct hist_entry *he,
				char *buf, size_t size, struct pct_span *spans, int *nr_spans)
{
	const struct hist_layout *l = b->h->layout;
	size_t n = 0;
	bool first = true;
	char tmp[1024];

	*nr_spans = 0;
	/* the fold column only where there are call graphs, as perf */
	if (b->ops->cp)
		n += (size_t)snprintf(buf + n, size - n, "%c ",
				      !entry_has_chain(b, he) ? ' ' :
				      browser__unfolded(b, he) ? '-' : '+');
	for (int i = 0; i < l->nr_fields && n < size; i++) {
		const struct hist_field *f = &l->fields[i];
		double pct;

		if (browser__elided(b, i))
			continue;
		if (!first)
			n += (size_t)snprintf(buf + n, size - n, "  ");
		first = false;
		switch (f->kind) {
		case HPP_OVERHEAD:
		case HPP_OVERHEAD_CHILDREN: {
			bool self = f->kind == HPP_OVERHEAD;
			const u64 *group = self ? he->group_period : he->group_period_acc;

			pct = browser__percent(b, self ? he->period : he->period_acc);
			n += put_pct(buf, n, size, pct, spans, nr_spans);
			/* perf's group view: each member's percentage of its own event */
			for (int m = 1; group && m < browser__nr_members(b) && n < size; m++)
				n += put_pct(buf, n, size, hists__percent(b->h->members[m], group[m]),
					     spans, nr_spans);
			break;
		}
		/* --show-cpu-utilization: the shares by CPU mode */
		case HPP_OVERHEAD_SYS:
		case HPP_OVERHEAD_US:
		case HPP_OVERHEAD_GUEST_SYS:
		case HPP_OVERHEAD_GUEST_US:
			pct = browser__percent(b, hist_entry__hpp_period(he, f->kind));
			n += put_pct(buf, n, size, pct, spans, nr_spans);
			break;
		case HPP_SAMPLE:
		case HPP_PERIOD: {
			bool samples = f->kind == HPP_SAMPLE;
			const u64 *group = samples ? he->group_events : he->group_period;

			if (browser__nr_members(b) > 1 && group) {
				for (int m = 0; m < browser__nr_members(b) && n < size; m++)
					n += (size_t)snprintf(buf + n, size - n, " %11" PRIu64, group[m]);
				break;
			}
			n += (size_t)snprintf(buf + n, size - n, "%*" PRIu64, b->widths[i],
					      samples ? he->nr_events : he->period);
			break;
		}
		case HPP_SORT_KEY: {
			int saved = browser__set_verbose(b->verbose);

			sort_key__snprintf(f->key, he, tmp, sizeof(tmp), b->widths[i]);
			browser__set_verbose(saved);
			n += (size_t)snprintf(buf + n, size - n, "%-*.*s", b->widths[i],
					      b->widths[i] + 20, tmp);
			break;
		}
		case HPP_DIFF:		/* prof diff prints to stdio only */
			break;
		}
	}
}

static void browser__chain_text(struct browser *b, const struct row *r, char *buf, size_t size)
{
	const struct callchain_list *cl = &r->node->val[r->frame];
	/* F changes the chains' percentages too, not their limit */
	u64 total = b->filter_relative ? b->shown_period : chain_total(b);
	char tmp[512], pct[32] = "";
	/* perf's callchain_list__sym_name: V adds the DSOs */
	const char *name = callchain_frame__name(&cl->f, b->ops->cp &&
						 b->ops->cp->key != CCKEY_FUNCTION,
						 b->verbose > 0, tmp, sizeof(tmp));

	if (r->pct)
		snprintf(pct, sizeof(pct), "%.2f%% ",
			 total ? 100.0 * (double)callchain_node__cumul(r->node) / (double)total : 0.0);
	snprintf(buf, size, "%*s%c %s%s", r->offset, "", r->sign, pct, name);
}

static void browser__header_text(struct browser *b, char *buf, size_t size)
{
	const struct hist_layout *l = b->h->layout;
	size_t n = (size_t)snprintf(buf, size, "%s", b->ops->cp ? "  " : "");
	bool first = true;

	for (int i = 0; i < l->nr_fields && n < size; i++) {
		const struct hist_field *f = &l->fields[i];
		const char *name = "";

		if (browser__elided(b, i))
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
		case HPP_OVERHEAD_SYS:
			name = "sys";
			break;
		case HPP_OVERHEAD_US:
			name = "usr";
			break;
		case HPP_OVERHEAD_GUEST_SYS:
			name = "guest sys";
			break;
		case HPP_OVERHEAD_GUEST_US:
			name = "guest usr";
			break;
		case HPP_DIFF:		/* prof diff prints to stdio only */
			break;
		}
		if (!first)
			n += (size_t)snprintf(buf + n, size - n, "  ");
		first = false;
		if (f->kind == HPP_SORT_KEY)
			n += (size_t)snprintf(buf + n, size - n, "%-*.*s", b->widths[i],
					      b->widths[i], name);
		else
			n += (size_t)snprintf(buf + n, size - n, "%*s", b->widths[i], name);
	}
}

/* A row's text as drawn, without the padding at its end. */
static void browser__row_text(struct browser *b, const struct row *r, char *buf, size_t size)
{
	struct pct_span spans[MAX_SPANS];
	int nr_spans;
	size_t n;

	if (r->node)
		browser__chain_text(b, r, buf, size);
	else
		browser__entry_text(b, r->he, buf, size, spans, &nr_spans);
	n = strlen(buf);
	while (n && buf[n - 1] == ' ')
		buf[--n] = 0;
}

/* P: every row of the current view into the first free perf.hist.N, as perf. */
static void browser__print(struct browser *b)
{
	char name[32], buf[2048];
	FILE *f = NULL;

	for (int n = 0; n < 1000 && !f; n++) {
		int fd;

		snprintf(name, sizeof(name), "perf.hist.%d", n);
		fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd >= 0)
			f = fdopen(fd, "w");
		else if (errno != EEXIST)
			break;
	}
	if (!f) {
		snprintf(b->msg, sizeof(b->msg), "Couldn't write %s: %s", name, strerror(errno));
		return;
	}
	for (size_t i = 0; i < b->nr_rows; i++) {
		browser__row_text(b, &b->rows[i], buf, sizeof(buf));
		fprintf(f, "%s\n", buf);
	}
	if (fclose(f))
		snprintf(b->msg, sizeof(b->msg), "Couldn't write %s: %s", name, strerror(errno));
	else
		snprintf(b->msg, sizeof(b->msg), "%s written", name);
}

/* perf names the zooms in the title: ", Thread: demo", ", DSO: libc.so.6" */
static void browser__title_zoom(struct browser *b, char *buf, size_t size)
{
	size_t n = strlen(buf);

	if (b->zoom_tid >= 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, ", Thread: %s", b->zoom_comm);
	if (b->zoom_dso && n < size)
		snprintf(buf + n, size - n, ", DSO: %s", b->zoom_dso->short_name);
}

/* The owner's title, or perf report's: "Samples: 632  of event 'cpu-clock', Event count ..." */
static void browser__title(struct browser *b, char *buf, size_t size, u64 nr_samples, u64 total)
{
	char unit;
	u64 n;

	if (b->ops->title) {
		b->ops->title(b->ops->priv, b->idx, buf, size, nr_samples, total);
		return;
	}
	n = hist__convert_unit(nr_samples, &unit);
	snprintf(buf, size, "Samples: %" PRIu64 "%c of event%s '%s',%sEvent count (approx.): %" PRIu64,
		 n, unit, b->h->nr_members > 1 ? "s" : "", b->evname,
		 b->ops->show_ref_callgraph && strstr(b->evname, "call-graph=no") ?
		 " show reference callgraph, " : " ", total);
}

static void browser__draw(struct browser *b)
{
	int rows, cols, list_h, y0;
	char buf[2048];

	getmaxyx(stdscr, rows, cols);
	erase();
	y0 = b->no_header ? 1 : 2;	/* H: perf's column header toggle */
	list_h = rows - 1 - y0;
	if (list_h < 1)
		list_h = 1;
	if (b->sel < b->top)
		b->top = b->sel;
	if (b->sel >= b->top + (size_t)list_h)
		b->top = b->sel - (size_t)list_h + 1;

	buf[0] = 0;
	if (b->filter_relative) {
		browser__title(b, buf, sizeof(buf), b->shown_samples, b->shown_period);
	} else {
		/* an event group: perf counts the samples and events of all its members */
		u64 ns = b->h->nr_samples, tot = b->h->total_period;

		for (int m = 1; m < b->h->nr_members; m++) {
			ns += b->h->members[m]->nr_samples;
			tot += b->h->members[m]->total_period;
		}
		browser__title(b, buf, sizeof(buf), ns, tot);
	}
	browser__title_zoom(b, buf, sizeof(buf));
	/* perf's title lines: the root colours, the screen's width */
	attrset(tui_color(TUI_PAIR_ROOT));
	mvhline(0, 0, ' ', cols);
	mvaddnstr(0, 0, buf, cols);
	if (!b->no_header) {
		browser__header_text(b, buf, sizeof(buf));
		mvhline(1, 0, ' ', cols);
		mvaddnstr(1, 0, buf, cols);
	}
	attrset(A_NORMAL);

	for (int y = 0; y < list_h && b->top + (size_t)y < b->nr_rows; y++) {
		size_t i = b->top + (size_t)y;
		const struct row *r = &b->rows[i];
		struct pct_span spans[MAX_SPANS];
		int nr_spans = 0;
		bool selected = i == b->sel && b->navkeypressed;
		attr_t a = tui_color(selected ? TUI_PAIR_SELECTED : TUI_PAIR_NORMAL);

		if (r->node)
			browser__chain_text(b, r, buf, sizeof(buf));
		else
			browser__entry_text(b, r->he, buf, sizeof(buf), spans, &nr_spans);
		/* a row in the normal (or selected) colours, the list's width */
		attrset(a);
		mvhline(y0 + y, 0, ' ', cols - 1);
		mvaddnstr(y0 + y, 0, buf, cols - 1);
		/* perf colours the percentages by their value, but not on the selection */
		for (int k = 0; k < nr_spans && !selected && has_colors(); k++) {
			if (spans[k].start >= cols - 1)
				continue;
			attrset(tui_color_pct(spans[k].pct));
			mvaddnstr(y0 + y, spans[k].start, buf + spans[k].start,
				  min(spans[k].len, cols - 1 - spans[k].start));
		}
		attrset(A_NORMAL);
	}
	/* the rest of the list and the scrollbar in the normal colours, as perf's */
	attrset(tui_color(TUI_PAIR_NORMAL));
	for (int y = (int)min((size_t)list_h, b->nr_rows - min(b->top, b->nr_rows)); y < list_h;
	     y++)
		mvhline(y0 + y, 0, ' ', cols - 1);
	/* perf's scrollbar: as high as the screen but two rows, from the list's first */
	for (int y = 0; y < rows - 2 && b->navkeypressed; y++) {
		int at = b->nr_rows > 1 ? (int)(b->sel * (size_t)(rows - 3) / (b->nr_rows - 1)) : 0;

		mvaddch(y0 + y, cols - 1, y == at ? ACS_DIAMOND : ACS_CKBOARD);
	}
	attrset(A_NORMAL);
	if (!b->h->nr_entries)
		mvaddnstr(3, 2, "Collecting samples...", cols - 2);

	{
		size_t n = 0;

		if (b->msg[0])
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", b->msg);
		else
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "Press '?' for help on key bindings");
		if (b->filter[0])
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [filter: %s]", b->filter);
		if (b->hide_kernel)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [no kernel]");
		if (b->hide_user)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "  [no user]");
		attron(A_REVERSE);
		mvhline(rows - 1, 0, ' ', cols - 1);
		mvaddnstr(rows - 1, 0, buf, cols - 1);
		attroff(A_REVERSE);
	}
	refresh();
}

int tui__getkey(const struct hist_browser_ops *ops)
{
	for (;;) {
		int ch;

		if (tui_stop_req)
			return -1;
		nodelay(stdscr, TRUE);
		ch = getch();
		if (ch != ERR)
			return ch;
		if (ops && ops->wait) {
			int r = ops->wait(ops->priv, STDIN_FILENO);

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

static int browser__getkey(struct browser *b)
{
	return tui__getkey(b->ops);
}

/*
 * perf's message box: @lines centred on the screen in a line-drawn frame
 * (clipped when the screen is smaller), @title on the top border.
 * Returns the key that closed it.
 */
int tui__box(const struct hist_browser_ops *ops, const char *title, const char *const *lines,
	     int n)
{
	int rows, cols, w = 0, x, y, ch;

	getmaxyx(stdscr, rows, cols);
	for (int i = 0; i < n; i++)
		w = max(w, (int)strlen(lines[i]));
	x = (cols - w) / 2;
	y = (rows - n - 1) / 2;
	for (int r = y; r <= y + n + 1; r++) {
		if (r < 0 || r >= rows)
			continue;
		for (int c = x; c <= x + w + 1 && c < cols; c++) {
			chtype t = ' ';

			if (c < 0)
				continue;
			if (r == y || r == y + n + 1)
				t = c == x ? (r == y ? ACS_ULCORNER : ACS_LLCORNER) :
				    c == x + w + 1 ? (r == y ? ACS_URCORNER : ACS_LRCORNER) : ACS_HLINE;
			else if (c == x || c == x + w + 1)
				t = ACS_VLINE;
			mvaddch(r, c, t);
		}
		if (r > y && r <= y + n && x + 1 < cols)
			mvaddnstr(r, max(x + 1, 0), lines[r - y - 1], max(0, cols - x - 1));
	}
	if (title && y >= 0)
		mvaddnstr(y, x + 2, title, max(0, cols - x - 2));
	refresh();
	do
		ch = tui__getkey(ops);
	while (ch == KEY_F(63));
	touchwin(stdscr);
	return ch;
}

static int browser__box(struct browser *b, const char *title, const char *const *lines, int n)
{
	return tui__box(b->ops, title, lines, n);
}

/*
 * perf 6.1's help texts, report's and top's in one table: top's lacks
 * header information, scripts, data files and group sorting, and has
 * zeroing and events. The keys prof cannot do are marked, and say so on
 * the status line when pressed.
 */
enum help_for { HELP_BOTH, HELP_REPORT, HELP_TOP };
static const struct {
	enum help_for for_;
	const char *text;
} help_lines[] = {
	{ HELP_BOTH, "h/?/F1        Show this window" },
	{ HELP_BOTH, "UP/DOWN/PGUP" },
	{ HELP_BOTH, "PGDN/SPACE    Navigate" },
	{ HELP_BOTH, "q/ESC/CTRL+C  Exit browser or go back to previous screen" },
	{ HELP_BOTH, "" },
	{ HELP_BOTH, "For multiple event sessions:" },
	{ HELP_BOTH, "" },
	{ HELP_BOTH, "TAB/UNTAB     Switch events" },
	{ HELP_BOTH, "" },
	{ HELP_BOTH, "For symbolic views (--sort has sym):" },
	{ HELP_BOTH, "" },
	{ HELP_BOTH, "ENTER         Zoom into DSO/Threads & Annotate current symbol" },
	{ HELP_BOTH, "ESC           Zoom out" },
	{ HELP_BOTH, "+             Expand/Collapse one callchain level" },
	{ HELP_BOTH, "a             Annotate current symbol" },
	{ HELP_BOTH, "C             Collapse all callchains" },
	{ HELP_BOTH, "d             Zoom into current DSO" },
	{ HELP_BOTH, "e             Expand/Collapse main entry callchains" },
	{ HELP_BOTH, "E             Expand all callchains" },
	{ HELP_BOTH, "F             Toggle percentage of filtered entries" },
	{ HELP_BOTH, "H             Display column headers" },
	{ HELP_BOTH, "k             Zoom into the kernel map" },
	{ HELP_BOTH, "L             Change percent limit" },
	{ HELP_BOTH, "m             Display context menu" },
	{ HELP_BOTH, "S             Zoom into current Processor Socket [not in prof]" },
	{ HELP_REPORT, "i             Show header information" },
	{ HELP_BOTH, "P             Print histograms to perf.hist.N" },
	{ HELP_REPORT, "r             Run available scripts [not in prof]" },
	{ HELP_REPORT, "s             Switch to another data file in PWD [not in prof]" },
	{ HELP_BOTH, "t             Zoom into current Thread" },
	{ HELP_BOTH, "V             Verbose (DSO names in callchains, etc)" },
	{ HELP_TOP, "z             Toggle zeroing of samples" },
	{ HELP_TOP, "f             Enable/Disable events" },
	{ HELP_BOTH, "/             Filter symbol by name" },
	{ HELP_REPORT, "0-9           Sort by event n in group" },
	{ HELP_BOTH, "" },
	{ HELP_BOTH, "Press any key..." },
};

static void browser__help(struct browser *b)
{
	enum help_for skip = b->ops->wait ? HELP_REPORT : HELP_TOP;
	const char *lines[ARRAY_SIZE(help_lines)];
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(help_lines); i++)
		if (help_lines[i].for_ != skip)
			lines[n++] = help_lines[i].text;
	browser__box(b, "Help", lines, n);
}

/* perf's yes/no question: Enter (or y) confirms, anything else cancels. */
static bool browser__confirm(struct browser *b, const char *question)
{
	const char *lines[] = { question, "", "Enter: Yes, ESC: No" };
	int ch = browser__box(b, NULL, lines, 3);

	return ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == 'y' || ch == 'Y' || ch < 0;
}

/* A frame of line drawing at (y, x), h rows by w columns, clipped to the screen. */
static void draw_frame(int y, int x, int h, int w)
{
	int rows, cols;

	getmaxyx(stdscr, rows, cols);
	for (int r = y; r < y + h; r++) {
		if (r < 0 || r >= rows)
			continue;
		for (int c = x; c < x + w && c < cols; c++) {
			chtype t = ' ';

			if (c < 0)
				continue;
			if (r == y || r == y + h - 1)
				t = c == x ? (r == y ? ACS_ULCORNER : ACS_LLCORNER) :
				    c == x + w - 1 ? (r == y ? ACS_URCORNER : ACS_LRCORNER) : ACS_HLINE;
			else if (c == x || c == x + w - 1)
				t = ACS_VLINE;
			mvaddch(r, c, t);
		}
	}
}

/*
 * perf's input window: @title on the frame, two lines of text, an input
 * field (empty at first), "ENTER: OK, ESC: Cancel". Returns false on ESC.
 */
bool tui__input(const struct hist_browser_ops *ops, const char *title, const char *l1,
		const char *l2, char *out, size_t size)
{
	int nl = l2 ? 2 : 1;
	int w = max(60, max((int)strlen(l1), l2 ? (int)strlen(l2) : 0));
	size_t len = 0;

	out[0] = 0;
	for (;;) {
		int rows, cols, x, y, ch;

		getmaxyx(stdscr, rows, cols);
		x = (cols - w - 1) / 2;
		y = (rows - 2 * nl - 6) / 2;	/* where perf puts it, measured */
		draw_frame(y, x, 8 + nl, w + 2);
		mvaddnstr(y, x + 2, title, max(0, cols - x - 2));
		mvaddnstr(y + 1, x + 1, l1, w);
		if (l2)
			mvaddnstr(y + 2, x + 1, l2, w);
		draw_frame(y + nl + 2, x + 2, 3, w - 2);
		mvaddnstr(y + nl + 3, x + 3, out, w - 4);
		mvaddnstr(y + nl + 6, x + 1, "ENTER: OK, ESC: Cancel", w);
		refresh();
		ch = tui__getkey(ops);
		if (ch == KEY_F(63))
			continue;
		if (ch < 0 || ch == 27 || ch == 3)
			return false;
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			return true;
		if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
			if (len)
				out[--len] = 0;
		} else if (ch >= 32 && ch < 127 && len + 1 < size && (int)len < w - 4) {
			out[len++] = (char)ch;
			out[len] = 0;
		}
	}
}

static bool browser__input(struct browser *b, const char *title, const char *l1,
			   const char *l2, char *out, size_t size)
{
	return tui__input(b->ops, title, l1, l2, out, size);
}

static void browser__zoom_pop(struct browser *b, char what)
{
	for (int i = 0; i < b->nr_zooms; i++)
		if (b->zooms[i] == what) {
			memmove(b->zooms + i, b->zooms + i + 1, (size_t)(b->nr_zooms - i - 1));
			b->nr_zooms--;
			break;
		}
	if (what == 't')
		b->zoom_tid = -1;
	else
		b->zoom_dso = NULL;
}

/* t and d: zoom into the entry's thread or DSO, or out again; perf goes to the top */
static void browser__zoom(struct browser *b, const struct hist_entry *he, char what)
{
	bool in = what == 't' ? b->zoom_tid < 0 : !b->zoom_dso;

	if (!in) {
		browser__zoom_pop(b, what);
	} else {
		if (!he || (what == 'd' && !he->dso))
			return;
		if (what == 't') {
			b->zoom_tid = he->tid;
			b->zoom_comm = he->comm ? he->comm : "";
		} else {
			b->zoom_dso = he->dso;
		}
		b->zooms[b->nr_zooms++] = what;
	}
	b->widths_from_values = true;
	b->to_top = true;
	browser__fold_entries(b);
}

/*
 * perf's option menu: the whole screen, one option a row, a scrollbar;
 * returns the chosen index or -1 (ESC, q, left arrow). @relabel (when
 * not NULL) rewrites the options before each drawing: live counts.
 */
static int browser__menu(struct browser *b, const char *title, const char *help,
			 char **opts, int nr, int sel,
			 void (*relabel)(void *ctx, char **opts, int nr), void *ctx)
{
	int top = 0;

	for (;;) {
		int rows, cols, list_h, ch;

		if (relabel)
			relabel(ctx, opts, nr);
		getmaxyx(stdscr, rows, cols);
		list_h = max(1, rows - 2);
		if (sel < top)
			top = sel;
		if (sel >= top + list_h)
			top = sel - list_h + 1;
		erase();
		attrset(tui_color(TUI_PAIR_ROOT));
		mvhline(0, 0, ' ', cols);
		mvaddnstr(0, 0, title, cols);
		attrset(A_NORMAL);
		for (int y = 0; y < list_h; y++) {
			int at = nr > 1 ? sel * (list_h - 1) / (nr - 1) : 0;

			if (top + y < nr) {
				attrset(tui_color(top + y == sel ? TUI_PAIR_SELECTED : TUI_PAIR_NORMAL));
				mvhline(1 + y, 0, ' ', cols - 1);
				mvaddnstr(1 + y, 0, opts[top + y], cols - 1);
			}
			attrset(tui_color(TUI_PAIR_NORMAL));
			mvaddch(1 + y, cols - 1, y == at ? ACS_DIAMOND : ACS_CKBOARD);
			attrset(A_NORMAL);
		}
		attron(A_REVERSE);
		mvhline(rows - 1, 0, ' ', cols);
		mvaddnstr(rows - 1, 0, help, cols);
		attroff(A_REVERSE);
		refresh();
		ch = browser__getkey(b);
		switch (ch) {
		case KEY_F(63):
			break;
		case KEY_DOWN:
			if (sel + 1 < nr)
				sel++;
			break;
		case KEY_UP:
			if (sel)
				sel--;
			break;
		case KEY_NPAGE: case ' ': case KEY_PPAGE: {
			size_t s = (size_t)sel, t = (size_t)top;

			if (ch == KEY_PPAGE)
				page_up(&s, &t, (size_t)list_h);
			else
				page_down(&s, &t, (size_t)list_h, (size_t)nr);
			sel = (int)s;
			top = (int)t;
			break;
		}
		case KEY_HOME:
			sel = 0;
			break;
		case KEY_END:
			sel = nr - 1;
			break;
		case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
			return sel;
		case -1: case 27: case 'q': case 'Q': case 3: case KEY_LEFT:
			return -1;
		default:
			break;
		}
	}
}

/*
 * perf's text browsers (the map browser, the header information): @title
 * on the first row, @lines with a selection and a scrollbar, @help on the
 * status line; ESC, q or left leave.
 */
static void browser__lines(struct browser *b, const char *title, char *const *lines,
			   size_t nr, const char *help)
{
	size_t sel = 0, top = 0;

	for (;;) {
		int rows, cols, list_h, ch;

		getmaxyx(stdscr, rows, cols);
		list_h = max(1, rows - 2);
		if (sel < top)
			top = sel;
		if (sel >= top + (size_t)list_h)
			top = sel - (size_t)list_h + 1;
		erase();
		attrset(tui_color(TUI_PAIR_ROOT));
		mvhline(0, 0, ' ', cols);
		mvaddnstr(0, 0, title, cols);
		attrset(A_NORMAL);
		for (int y = 0; y < list_h; y++) {
			size_t i = top + (size_t)y;
			int at = nr > 1 ? (int)(sel * (size_t)(list_h - 1) / (nr - 1)) : 0;

			if (i < nr) {
				attrset(tui_color(i == sel ? TUI_PAIR_SELECTED : TUI_PAIR_NORMAL));
				mvhline(1 + y, 0, ' ', cols - 1);
				mvaddnstr(1 + y, 0, lines[i], cols - 1);
			}
			attrset(tui_color(TUI_PAIR_NORMAL));
			mvaddch(1 + y, cols - 1, y == at ? ACS_DIAMOND : ACS_CKBOARD);
			attrset(A_NORMAL);
		}
		attron(A_REVERSE);
		mvhline(rows - 1, 0, ' ', cols);
		mvaddnstr(rows - 1, 0, help, cols);
		attroff(A_REVERSE);
		refresh();
		ch = browser__getkey(b);
		switch (ch) {
		case KEY_DOWN:
			if (sel + 1 < nr)
				sel++;
			break;
		case KEY_UP:
			if (sel)
				sel--;
			break;
		case KEY_NPAGE: case ' ':
			page_down(&sel, &top, (size_t)list_h, nr);
			break;
		case KEY_PPAGE:
			page_up(&sel, &top, (size_t)list_h);
			break;
		case KEY_HOME:
			sel = 0;
			break;
		case KEY_END:
			sel = nr ? nr - 1 : 0;
			break;
		case -1: case 27: case 'q': case 'Q': case 3: case KEY_LEFT:
			return;
		default:
			break;
		}
	}
}

static void free_lines(char **lines, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(lines[i]);
	free(lines);
}

/*
 * perf's map browser: the symbols of @dso by address, "start end binding
 * name" with the addresses as wide as the highest end.
 */
static void browser__map(struct browser *b, const struct dso *dso)
{
	const struct symbols *syms = &dso->symbols;
	char **lines = xcalloc(syms->nr ? syms->nr : 1, sizeof(*lines));
	int addrlen = 1;
	char tmp[32];

	for (size_t i = 0; i < syms->nr; i++)
		addrlen = max(addrlen, snprintf(tmp, sizeof(tmp), "%" PRIx64, syms->entries[i]->end));
	for (size_t i = 0; i < syms->nr; i++) {
		const struct symbol *sym = syms->entries[i];

		lines[i] = xasprintf("%*" PRIx64 " %*" PRIx64 " %c %s",
				     addrlen, sym->start, addrlen, sym->end,
				     sym->binding == STB_GLOBAL ? 'g' :
				     sym->binding == STB_LOCAL ? 'l' : 'w', sym->name);
	}
	browser__lines(b, dso->long_name, lines, syms->nr,
		       "Press ESC to exit, restart with -v to use / to search");
	free_lines(lines, syms->nr);
}

/* i: perf's "Header information" window, the header as --header-only -I prints it. */
static void browser__header_info(struct browser *b)
{
	char *text = NULL, **lines = NULL, *p;
	size_t len = 0, nr = 0;
	FILE *fp = open_memstream(&text, &len);

	if (!fp) {
		snprintf(b->msg, sizeof(b->msg), "i: %s", strerror(errno));
		return;
	}
	b->ops->header_info(b->ops->priv, fp);
	if (fclose(fp)) {
		free(text);
		snprintf(b->msg, sizeof(b->msg), "i: %s", strerror(errno));
		return;
	}
	for (p = text; p && *p; ) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		lines = xrealloc(lines, (nr + 1) * sizeof(*lines));
		lines[nr++] = xstrndup(p, n);
		p += n + (nl != NULL);
	}
	free(text);
	browser__lines(b, "Header information", lines, nr, "Press 'q' to exit");
	free_lines(lines, nr);
}

enum menu_action { ACT_ANNOTATE, ACT_THREAD, ACT_DSO, ACT_EXPAND, ACT_MAP, ACT_RES_SAMPLE,
		   ACT_RES_SAMPLE_ASM, ACT_RES_SAMPLE_SRC, ACT_EXIT };

/* perf's context around a saved sample: 10 ms either side (samples.context) */
#define RES_SAMPLE_CONTEXT_NS 10000000ULL

static void ns_text(u64 ns, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64 ".%09" PRIu64, ns / (u64)1000000000, ns % (u64)1000000000);
}

/* Is @prog an executable in a directory of $PATH? */
static bool on_path(const char *prog)
{
	const char *p = getenv("PATH");

	while (p && *p) {
		const char *end = strchrnul(p, ':');
		char *f = xasprintf("%.*s/%s", (int)(end - p), p, prog);
		bool ok = end > p && !access(f, X_OK);

		free(f);
		if (ok)
			return true;
		p = *end ? end + 1 : end;
	}
	return false;
}

/*
 * perf's res_sample_browse: choose one of the entry's saved samples, then
 * run prof script on the time around it, that CPU and thread, through
 * less at the sample: perf's command line, word for word, with prof.
 * @act picks perf's variant: plain, "with assembler" (-F +insn --xed)
 * or "with source" (-F +srcline,+srccode). perf's --xed pipes through
 * Intel's xed; prof script disassembles in-process.
 */
static void browser__res_sample(struct browser *b, const struct hist_entry *he,
				enum menu_action act)
{
	char **names = xcalloc((size_t)he->num_res, sizeof(*names));
	const struct hist_res_sample *r;
	char exe[PATH_MAX], from[32], to[32], at[32], cpu[32] = "", tid[32] = "", extra[256] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	u64 ctx = b->ops->res_sample_context ? b->ops->res_sample_context : RES_SAMPLE_CONTEXT_NS;
	char *cmd;
	int choice;

	for (int i = 0; i < he->num_res; i++) {
		ns_text(he->res_samples[i].time, at, sizeof(at));
		names[i] = xasprintf("%s: CPU %d tid %d", at, he->res_samples[i].cpu,
				     he->res_samples[i].tid);
	}
	choice = browser__menu(b, "", "ESC: exit, ENTER|->: Select option", names, he->num_res, 0,
			       NULL, NULL);
	for (int i = 0; i < he->num_res; i++)
		free(names[i]);
	free(names);
	if (choice < 0 || choice >= he->num_res)
		return;
	/* perf's pipeline shows nothing without less: say so rather than flash */
	if (!on_path("less")) {
		snprintf(b->msg, sizeof(b->msg),
			 "no less in PATH: the samples' context is paged by it (install less)");
		return;
	}
	r = &he->res_samples[choice];
	exe[n > 0 ? n : 0] = '\0';
	ns_text(r->time > ctx ? r->time - ctx : 0, from, sizeof(from));
	ns_text(r->time + ctx, to, sizeof(to));
	ns_text(r->time, at, sizeof(at));
	if (r->cpu >= 0)
		snprintf(cpu, sizeof(cpu), "%d", r->cpu);
	if (r->tid)
		snprintf(tid, sizeof(tid), "%d", r->tid);
	if (b->ops->res_sample_fields)
		b->ops->res_sample_fields(b->ops->priv, b->idx, extra, sizeof(extra));
	cmd = xasprintf("'%s' script -i '%s' --time %s,%s %s%s %s%s --ns %s %s %s %s %s | less +/%s",
			n > 0 ? exe : "prof", b->ops->res_sample_input, from, to,
			cpu[0] ? "--cpu " : "", cpu, tid[0] ? "--tid " : "", tid, extra,
			act == ACT_RES_SAMPLE_ASM ? "-F +insn --xed" :
			act == ACT_RES_SAMPLE_SRC ? "-F +srcline,+srccode" : "",
			b->ops->res_sample_inline ? "--inline" : "", "--show-lost-events ",
			r->tid ? "--show-switch-events --show-task-events " : "", at);
	/* perf's run_script: the terminal is the script's until it ends */
	def_prog_mode();
	endwin();
	if (system(cmd) < 0)
		snprintf(b->msg, sizeof(b->msg), "cannot run prof script: %s", strerror(errno));
	reset_prog_mode();
	refresh();
	free(cmd);
}

static const char *thread_name(const struct hist_entry *he)
{
	return he->comm ? he->comm : ":-1";
}

static bool browser__has_sym(const struct browser *b);
static struct symbol *row_symbol(const struct row *r, struct dso **dso);
static void browser__annotate(struct browser *b, const struct row *r);

/* Enter on a row: perf's context menu. Returns true to quit. */
static bool browser__context_menu(struct browser *b, const struct row *r)
{
	struct hist_entry *he = r->he;
	char *opts[11];
	enum menu_action acts[11];
	int nr = 0, choice;
	bool quit = false;
	const char *sym = he->sym ? he->sym->name : NULL;
	struct dso *ann_dso = NULL;
	struct symbol *ann_sym = row_symbol(r, &ann_dso);

	/*
	 * perf offers the annotation first, for a symbol with samples of its
	 * own (a opens the others too)
	 */
	if (ann_sym && ann_dso && b->ops->addr_hits && b->ops->annotate && browser__has_sym(b) &&
	    addr_hits__has(b->ops->addr_hits,
			   b->ops->event_idx ? b->ops->event_idx[b->idx] : b->idx, ann_sym)) {
		opts[nr] = xasprintf("Annotate %s", ann_sym->name);
		acts[nr++] = ACT_ANNOTATE;
	}
	if (b->zoom_tid >= 0)
		opts[nr] = xasprintf("Zoom out of %s thread", b->zoom_comm);
	else
		opts[nr] = xasprintf("Zoom into %s thread", thread_name(he));
	acts[nr++] = ACT_THREAD;
	if (b->zoom_dso)
		opts[nr] = xasprintf("Zoom out of %s DSO (use the 'k' hotkey to zoom directly into the kernel)",
				     b->zoom_dso->kind == DSO_KIND_KERNEL ? "the Kernel" :
				     b->zoom_dso->short_name);
	else if (he->dso)
		opts[nr] = xasprintf("Zoom into %s DSO (use the 'k' hotkey to zoom directly into the kernel)",
				     he->dso->kind == DSO_KIND_KERNEL ? "the Kernel" : he->dso->short_name);
	if (b->zoom_dso || he->dso)
		acts[nr++] = ACT_DSO;
	if (sym && (r->node ? r->sign != ' ' : entry_has_chain(b, he))) {
		const char *what = r->node && r->node->val[r->frame].f.sym ?
				   r->node->val[r->frame].f.sym->name : sym;

		opts[nr] = xasprintf("Expand [%s] callchain (one level, same as '+' hotkey, use 'e'/'c' for the whole main level entry)",
				     what);
		acts[nr++] = ACT_EXPAND;
	}
	if (he->dso) {
		opts[nr] = xstrdup("Browse map details");
		acts[nr++] = ACT_MAP;
	}
	/* --samples: perf's three entries, in its words */
	if (b->ops->res_sample_input && he->num_res) {
		opts[nr] = xstrdup("Show context for individual samples ");
		acts[nr++] = ACT_RES_SAMPLE;
		opts[nr] = xstrdup("Show context for individual samples with assembler");
		acts[nr++] = ACT_RES_SAMPLE_ASM;
		opts[nr] = xstrdup("Show context for individual samples with source");
		acts[nr++] = ACT_RES_SAMPLE_SRC;
	}
	opts[nr] = xstrdup("Exit");
	acts[nr++] = ACT_EXIT;
	choice = browser__menu(b, "", "ESC: exit, ENTER|->: Select option", opts, nr, 0,
			       NULL, NULL);
	if (choice >= 0) {
		switch (acts[choice]) {
		case ACT_ANNOTATE:
			browser__annotate(b, r);
			break;
		case ACT_THREAD:
			browser__zoom(b, he, 't');
			break;
		case ACT_DSO:
			browser__zoom(b, he, 'd');
			break;
		case ACT_EXPAND:
			browser__toggle_row(b, r);
			break;
		case ACT_MAP:
			browser__map(b, he->dso);
			break;
		case ACT_RES_SAMPLE:
		case ACT_RES_SAMPLE_ASM:
		case ACT_RES_SAMPLE_SRC:
			browser__res_sample(b, he, acts[choice]);
			break;
		case ACT_EXIT:
			quit = true;
			break;
		}
	}
	for (int i = 0; i < nr; i++)
		free(opts[i]);
	return quit;
}

/* How one histogram's browser ended. */
enum browse_end { END_QUIT, END_BACK, END_NEXT, END_PREV };

/* Does the view sort by symbol (perf's hists__has(hists, sym))? */
static bool browser__has_sym(const struct browser *b)
{
	const struct hist_layout *l = b->h->layout;

	for (int i = 0; i < l->nr_fields; i++)
		if (l->fields[i].kind == HPP_SORT_KEY && l->fields[i].key->id == SORT_SYM)
			return true;
	return false;
}

/* The symbol and DSO of a row (an entry's, or a chain frame's), NULL when none can be annotated. */
static struct symbol *row_symbol(const struct row *r, struct dso **dso)
{
	if (r->node) {
		const struct callchain_cursor_node *f = &r->node->val[r->frame].f;

		*dso = f->dso;
		return f->inlined || !f->has_map ? NULL : f->sym;
	}
	*dso = r->he->dso;
	return r->he->inlined ? NULL : r->he->sym;
}

/*
 * a (and the context menu's "Annotate"): perf's annotate browser on the
 * row's symbol, titled as perf's, with the owner's samples per address.
 */
static void browser__annotate(struct browser *b, const struct row *r)
{
	struct dso *dso = NULL;
	struct symbol *sym = row_symbol(r, &dso);
	char title[512], unit, hz[48] = "";
	u64 freq, n;
	int idx = b->ops->event_idx ? b->ops->event_idx[b->idx] : b->idx;

	if (!browser__has_sym(b)) {
		snprintf(b->msg, sizeof(b->msg), "Annotation is only available for symbolic views, "
			 "include \"sym*\" in --sort to use it.");
		return;
	}
	if (!sym || !dso) {
		snprintf(b->msg, sizeof(b->msg), "a: no symbol to annotate here");
		return;
	}
	if (!b->ops->addr_hits || !b->ops->annotate) {
		snprintf(b->msg, sizeof(b->msg), "a: this view keeps no samples per instruction");
		return;
	}
	/* perf's title: report's, with the sampling frequency */
	freq = b->ops->sample_freq ? b->ops->sample_freq(b->ops->priv, b->idx) : 0;
	if (freq)
		snprintf(hz, sizeof(hz), " %" PRIu64 " Hz,", freq);
	n = hist__convert_unit(b->h->nr_samples, &unit);
	snprintf(title, sizeof(title),
		 "Samples: %" PRIu64 "%c of event '%s',%s Event count (approx.): %" PRIu64, n, unit,
		 b->evname, hz, b->h->total_period);
	annotate_browser__run(dso, sym, idx, title, b->ops->addr_hits, b->ops->annotate, b->ops);
	touchwin(stdscr);
}

/*
 * The browser over event @idx's @h until the user leaves it; @multi: one
 * of several events (ESC at the top goes back to the chooser, TAB switches).
 */
static enum browse_end browser__loop(struct hists *h, const char *evname, int idx,
				     const struct hist_browser_ops *ops, bool multi)
{
	struct browser b = {
		.h = h, .ops = ops, .idx = idx, .evname = evname, .zoom_tid = -1,
		.verbose = verbose, .width_verbose = verbose,
		.hide_kernel = ops->hide_kernel, .hide_user = ops->hide_user,
		.no_header = ops->hide_headers,
		/* perf top recomputes the widths from the entries at each refresh */
		.widths_from_values = ops->wait != NULL,
		.min_percent = ops->min_percent,
	};
	enum browse_end end = END_QUIT;

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
		page = max(1, rows - (b.no_header ? 2 : 3));	/* the list's rows */
		he = b.nr_rows ? b.rows[b.sel].he : NULL;
		/* a key clears the status message; a refresh keeps it */
		if (ch != KEY_F(63))
			b.msg[0] = 0;
		if (!b.navkeypressed &&
		    (ch == KEY_DOWN || ch == KEY_UP || ch == KEY_NPAGE || ch == KEY_PPAGE ||
		     ch == KEY_HOME || ch == KEY_END || ch == ' ')) {
			b.navkeypressed = true;
			continue;
		}
		switch (ch) {
		case 'q': case 'Q': case 3:
			goto out;
		case 27: case KEY_LEFT:
			/* perf: ESC (and left) zoom out first, then leave */
			if (b.nr_zooms) {
				browser__zoom_pop(&b, b.zooms[b.nr_zooms - 1]);
				browser__fold_entries(&b);
				b.to_top = true;
				break;
			}
			if (multi) {
				end = END_BACK;
				goto out;
			}
			/* perf: left at the top goes nowhere, ESC asks */
			if (ch == KEY_LEFT)
				break;
			if (!browser__confirm(&b, "Do you really want to exit?"))
				break;
			goto out;
		case '\t': case KEY_BTAB:
			if (multi) {
				end = ch == '\t' ? END_NEXT : END_PREV;
				goto out;
			}
			snprintf(b.msg, sizeof(b.msg), "%s: there is no other event to switch to",
				 ch == '\t' ? "TAB" : "UNTAB");
			break;
		case KEY_DOWN:
			if (b.sel + 1 < b.nr_rows)
				b.sel++;
			break;
		case KEY_UP:
			if (b.sel)
				b.sel--;
			break;
		case KEY_NPAGE: case ' ':
			page_down(&b.sel, &b.top, (size_t)page, b.nr_rows);
			break;
		case KEY_PPAGE:
			page_up(&b.sel, &b.top, (size_t)page);
			break;
		case KEY_HOME:
			b.sel = 0;
			break;
		case KEY_END:
			b.sel = b.nr_rows ? b.nr_rows - 1 : 0;
			break;
		case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT: case 'm':
			if (he && browser__context_menu(&b, &b.rows[b.sel]))
				goto out;
			b.width_verbose = b.verbose;
			break;
		case '+':
			if (he && !browser__toggle_row(&b, &b.rows[b.sel]))
				snprintf(b.msg, sizeof(b.msg), "Nothing to expand here");
			break;
		case 'e':
			if (he && entry_has_chain(&b, he))
				browser__set_unfolded(&b, he, !browser__unfolded(&b, he));
			else if (he)
				snprintf(b.msg, sizeof(b.msg), "No callchain to expand here");
			break;
		case 'E': case 'C':
			/* perf goes back to the first row */
			browser__set_all(&b, ch == 'E');
			b.to_top = true;
			break;
		case '/':
		{
			char text[sizeof(b.filter)];

			if (!browser__input(&b, "Symbol to show",
					    "Please enter the name of symbol you want to see.",
					    "To remove the filter later, press / + ENTER.",
					    text, sizeof(text)))
				break;
			snprintf(b.filter, sizeof(b.filter), "%s", text);
			browser__fold_entries(&b);
			b.widths_from_values = true;
			b.width_verbose = b.verbose;
			b.to_top = true;
			break;
		}
		case 'd': case 't':
			browser__zoom(&b, he, (char)ch);
			b.width_verbose = b.verbose;
			break;
		case 'k': {
			/* perf: zoom into the kernel map */
			struct hist_entry *k = NULL;

			for (size_t e = 0; e < h->nr_entries && !k; e++)
				if (h->entries[e]->dso && h->entries[e]->dso->kind == DSO_KIND_KERNEL)
					k = h->entries[e];
			if (!k)
				snprintf(b.msg, sizeof(b.msg), "k: no kernel samples to zoom into");
			else if (b.zoom_dso != k->dso) {
				if (b.zoom_dso)
					browser__zoom_pop(&b, 'd');
				browser__zoom(&b, k, 'd');
				b.width_verbose = b.verbose;
			}
			break;
		}
		case 'K':
			b.hide_kernel = !b.hide_kernel;
			break;
		case 'U':
			b.hide_user = !b.hide_user;
			break;
		case 'f':
			/* perf top: enable/disable the events */
			if (ops->pause) {
				b.paused = ops->pause(ops->priv);
				snprintf(b.msg, sizeof(b.msg), "%s", b.paused ?
					 "Press 'f' again to re-enable the events" :
					 "Press 'f' to disable the events or 'h' to see other hotkeys");
			} else
				snprintf(b.msg, sizeof(b.msg), "f: enabling/disabling events is for live sessions (prof top)");
			break;
		case 'z':
			if (ops->zero)
				snprintf(b.msg, sizeof(b.msg), "Zeroing of samples %s",
					 ops->zero(ops->priv) ? "on" : "off");
			else
				snprintf(b.msg, sizeof(b.msg), "z: zeroing samples is for live sessions (prof top)");
			break;
		case 'P':
			browser__print(&b);
			break;
		case 'H':
			b.no_header = !b.no_header;
			break;
		case 'L': {
			char text[32], *rest;
			double v;

			if (!browser__input(&b, "Percent Limit",
					    "Please enter the value you want to hide entries under that percent.",
					    NULL, text, sizeof(text)))
				break;
			/* as perf, an empty value is 0: no limit */
			v = strtod(text, &rest);
			if ((rest == text && *text) || *rest || v < 0 || v > 100)
				snprintf(b.msg, sizeof(b.msg), "Invalid percent: %s", text);
			else
				b.min_percent = v;
			break;
		}
		case 'a':
			if (he)
				browser__annotate(&b, &b.rows[b.sel]);
			break;
		case 'r':
			snprintf(b.msg, sizeof(b.msg), "r: no scripts menu in prof: run prof script -i on the file");
			break;
		case 's':
			snprintf(b.msg, sizeof(b.msg), "s: prof cannot switch data files here: quit and run prof report -i FILE");
			break;
		case 'S':
			snprintf(b.msg, sizeof(b.msg), "S: zooming into a processor socket is not available in prof");
			break;
		case 'i':
			if (ops->header_info)
				browser__header_info(&b);
			else
				snprintf(b.msg, sizeof(b.msg), "i: no header information: a live session has no perf.data header");
			break;
		case 'V':
			/* perf's levels: 1 and up show DSO paths, addresses and chain DSOs */
			b.verbose = (b.verbose + 1) % 4;
			snprintf(b.msg, sizeof(b.msg), "Verbosity level set to %d", b.verbose);
			break;
		case 'F':
			b.filter_relative = !b.filter_relative;
			break;
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9':
		{
			int gi = ch - '0';

			/* perf's group view: sort by member gi first (0: the leader) */
			if (h->nr_members < 2)
				snprintf(b.msg, sizeof(b.msg), "Sort by index only available with group events!");
			else if (gi >= h->nr_members)
				snprintf(b.msg, sizeof(b.msg), "Max event group index to sort is %d (index from 0 to %d)",
					 h->nr_members - 1, h->nr_members - 1);
			else if (gi == h->group_sort_idx)
				snprintf(b.msg, sizeof(b.msg), "Sorted by event %d of the group already", gi);
			else {
				/* perf reloads: a new browser, the selection hidden until a key */
				h->group_sort_idx = gi;
				hists__output_resort(h);
				b.to_top = true;
				b.navkeypressed = false;
			}
			break;
		}
		case 'h': case '?': case KEY_F(1):
			browser__help(&b);
			break;
		case KEY_F(63):
			/* a refresh: perf top measures the widths again, at today's level */
			b.width_verbose = b.verbose;
			break;
		case KEY_RESIZE:
		default:
			break;
		}
		browser__note_sel(&b);
		browser__build(&b);
	}
out:
	free(b.rows);
	free(b.folds.keys);
	free(b.folds.vals);
	return end;
}

int tui_session__begin(struct tui_session *ts, bool live)
{
	struct sigaction sa;
	int err = tui__start();

	if (err)
		return err;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = tui__term;
	tui_stop_req = 0;
	ts->live = live;
	/* a live owner handles SIGTERM itself (its wait returns < 0) */
	if (!live) {
		sigaction(SIGTERM, &sa, &ts->old_term);
		sigaction(SIGHUP, &sa, &ts->old_hup);
	}
	return 0;
}

void tui_session__end(struct tui_session *ts)
{
	tui__stop();
	if (!ts->live) {
		sigaction(SIGTERM, &ts->old_term, NULL);
		sigaction(SIGHUP, &ts->old_hup, NULL);
	}
}

struct chooser {
	struct hists **h;
	const char *const *names;
};

/* The chooser's rows, "684 cpu-clock": a live owner's counts change. */
static void chooser__relabel(void *ctx, char **rows, int nr)
{
	const struct chooser *c = ctx;

	for (int i = 0; i < nr; i++) {
		char unit;
		u64 n = hist__convert_unit(c->h[i]->nr_samples, &unit);

		free(rows[i]);
		rows[i] = xasprintf("%" PRIu64 "%c%s%s", n, unit, unit == ' ' ? "" : " ",
				    c->names[i]);
	}
}

/*
 * perf's "Available samples" chooser: one row per event ("684 cpu-clock"),
 * ENTER browses it, TAB/UNTAB in there go to the next/previous event, ESC
 * comes back here, where ESC asks before leaving.
 */
static void browse_events(struct hists **h, const char *const *names, int nr,
			  const struct hist_browser_ops *ops)
{
	struct browser mb = { .ops = ops, .zoom_tid = -1 };
	struct chooser c = { .h = h, .names = names };
	char **rows = xcalloc((size_t)nr, sizeof(*rows));
	int sel = 0;

	for (;;) {
		int i = browser__menu(&mb, "Available samples", "ESC: exit, ENTER|->: Browse histograms",
				      rows, nr, sel, chooser__relabel, &c);

		if (i < 0) {
			if (tui_stop_req || browser__confirm(&mb, "Do you really want to exit?"))
				break;
			continue;
		}
		for (;;) {
			enum browse_end end = browser__loop(h[i], names[i], i, ops, true);

			if (end == END_NEXT)
				i = (i + 1) % nr;
			else if (end == END_PREV)
				i = (i + nr - 1) % nr;
			else if (end == END_QUIT)
				goto out;
			else
				break;
		}
		sel = i;
	}
out:
	for (int i = 0; i < nr; i++)
		free(rows[i]);
	free(rows);
}

int hists__tui_browse(struct hists **h, const char *const *names, int nr,
		      const struct hist_browser_ops *ops)
{
	struct tui_session ts;
	int err;

	if (nr <= 0)
		return 0;
	err = tui_session__begin(&ts, ops->wait != NULL);
	if (err)
		return err;
	if (nr == 1)
		browser__loop(h[0], names[0], 0, ops, false);
	else
		browse_events(h, names, nr, ops);
	tui_session__end(&ts);
	return 0;
}

#endif /* HAVE_NCURSESW */
