/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tui.h: the interactive histogram browser (ncurses) that perf top and
 * perf report open on a terminal. Every curses call lives in src/ui/tui/;
 * a build without ncursesw (NO_NCURSES=1) keeps these entry points and
 * hists__tui_browse returns -ENOSYS.
 *
 * The browser shows the entries of each event's struct hists in their
 * output order; it never aggregates (0-9 in a group view resort them). A live owner (top) hands it a wait
 * callback that reads the ring buffers and refreshes the hists between
 * key presses; a static owner (report) passes none.
 */
#ifndef PROF_TUI_H
#define PROF_TUI_H

#include "compat.h"

struct hists;
struct callchain_param;

struct hist_browser_ops {
	/*
	 * Live data: wait until @input_fd is readable (return 1), or until
	 * the owner refreshed the hists (return 0: the browser redraws), or
	 * the owner must stop (return < 0, e.g. on SIGTERM). NULL: the
	 * browser just waits for keys.
	 */
	int (*wait)(void *priv, int input_fd);
	/*
	 * The title line of event @idx ("Samples: 45K of event ..."), into
	 * @buf, naming @nr_samples and @total: the histogram's, or with F
	 * those of the entries the zooms and filters keep. NULL: perf
	 * report's title.
	 */
	void (*title)(void *priv, int idx, char *buf, size_t size, u64 nr_samples, u64 total);
	/* f: disable/enable the owner's events; returns true when disabled. NULL: report. */
	bool (*pause)(void *priv);
	/* z: toggle zeroing the samples at each refresh; returns the new state. */
	bool (*zero)(void *priv);
	/* i: print the file's header information (perf's, without its rulers). NULL: none */
	void (*header_info)(void *priv, FILE *fp);
	void *priv;
	const struct callchain_param *cp;	/* NULL: no callchains */
	double min_percent;			/* --percent-limit */
	/* --show-ref-call-graph: perf's title names it for a "call-graph=no" event */
	bool show_ref_callgraph;
	bool hide_kernel, hide_user;		/* initial K/U state */
	bool hide_headers;			/* ui.show-headers = false: H at the start */
};

/* Is the browser compiled in (ncursesw)? */
bool tui__available(void);

/*
 * perf's browser over the histograms @h (in output order, callchains
 * sorted; a live owner resorts them in ops->wait) of @nr events named
 * @names: one goes straight to its browser, several open perf's
 * "Available samples" chooser first, TAB/UNTAB switch between them.
 * Runs until the user quits; restores the terminal on every exit path,
 * crash signals included. Returns 0, or -errno (-ENOSYS without
 * ncursesw, -ENOTTY without a usable terminal).
 */
int hists__tui_browse(struct hists **h, const char *const *names, int nr,
		      const struct hist_browser_ops *ops);

#endif /* PROF_TUI_H */
