/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tui-internal.h: what the browsers of src/ui/tui/ share: the terminal
 * session, key reading (a live owner's refreshes arrive as KEY_F(63)),
 * perf's message box and input window, the colour pairs.
 */
#ifndef PROF_TUI_INTERNAL_H
#define PROF_TUI_INTERNAL_H

#include <signal.h>
#include <curses.h>
#include "prof/tui.h"

/*
 * perf's colour sets, one curses pair each, from [colors] in the config
 * files (colors.c): percentages of 5% and more (top), of 0.5% (medium),
 * the rest of a row (normal), the selected row, annotate's jump arrows and
 * jump target addresses, the title lines (root).
 */
enum {
	TUI_PAIR_TOP = 1,
	TUI_PAIR_MEDIUM,
	TUI_PAIR_NORMAL,
	TUI_PAIR_SELECTED,
	TUI_PAIR_JUMP_ARROWS,
	TUI_PAIR_ADDR,
	TUI_PAIR_ROOT,
};

/* Read the sets from the config, once; before curses starts (errors go to stderr). */
void tui_colors__config(void);
/* The pairs, after start_color(). */
void tui_colors__init(void);
/* The attributes that draw with @pair (a reverse or nothing without colours). */
attr_t tui_color(int pair);
/* top, medium or normal for a percentage, as perf's ui_browser__percent_color() */
attr_t tui_color_pct(double pct);

struct tui_session {
	struct sigaction old_term, old_hup;
	bool live;
};

/* curses on, perf's signal handling (@live: the owner handles SIGTERM). */
int tui_session__begin(struct tui_session *ts, bool live);
void tui_session__end(struct tui_session *ts);

/*
 * The next key; while none comes a live owner (ops->wait) reads its
 * data, and a refresh returns KEY_F(63). -1: stop (a signal, or the
 * owner said so).
 */
int tui__getkey(const struct hist_browser_ops *ops);
/* perf's message box: @lines framed, @title on top; the key that closed it. */
int tui__box(const struct hist_browser_ops *ops, const char *title, const char *const *lines,
	     int n);
/* perf's input window; false on ESC. */
bool tui__input(const struct hist_browser_ops *ops, const char *title, const char *l1,
		const char *l2, char *out, size_t size);

/*
 * The annotate browser over @sym of @dso (event @idx of @ops's store),
 * titled with @title; returns the key that left it (q, ESC, KEY_LEFT,
 * KEY_RIGHT for prof annotate's next symbol) or -1.
 */
int annotate_browser__run(struct dso *dso, struct symbol *sym, int idx, const char *title,
			  const struct addr_hits *hits, const struct annotate_browse_opts *o,
			  const struct hist_browser_ops *ops);

#endif
