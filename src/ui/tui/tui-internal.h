/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tui-internal.h: what the browsers of src/ui/tui/ share: the terminal
 * session, key reading (a live owner's refreshes arrive as KEY_F(63)),
 * perf's message box and input window, the colour pairs.
 */
#ifndef PROF_TUI_INTERNAL_H
#define PROF_TUI_INTERNAL_H

#include <signal.h>
#include "prof/tui.h"

/* colour pairs set up by the session */
enum {
	TUI_PAIR_HOT = 1,	/* >= 5%: red */
	TUI_PAIR_WARM = 2,	/* >= 0.5%: green */
	TUI_PAIR_SELECTED = 3,
	TUI_PAIR_TARGET = 4,	/* annotate: jump target labels */
};

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
