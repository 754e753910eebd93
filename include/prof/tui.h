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
#include "annotation.h"

struct hists;
struct callchain_param;
struct dso;
struct symbol;

/*
 * What the annotate browser shows (perf's annotate options of report,
 * top and annotate): the disassembler, the percent type, source lines.
 */
struct annotate_browse_opts {
	struct disasm_opts dis;
	enum annotation_percent pt;
	bool no_source;		/* --no-source: instructions only */
	bool asm_raw;		/* --asm-raw: the instruction bytes too */
};

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
	/*
	 * report --samples: the file the entries' saved samples are in; the
	 * context menu then runs prof script around one of them (perf's
	 * "Show context for individual samples"). NULL: not offered.
	 */
	const char *res_sample_input;
	/*
	 * Their script command (perf's res_sample_browse): the time either
	 * side of the sample (samples.context, ns; perf's 10 ms when 0),
	 * --inline when report expands inlined frames, and the fields that
	 * event @idx's attr adds (perf's attr_to_script; NULL: none).
	 */
	u64 res_sample_context;
	bool res_sample_inline;
	void (*res_sample_fields)(void *priv, int idx, char *buf, size_t size);
	const struct callchain_param *cp;	/* NULL: no callchains */
	double min_percent;			/* --percent-limit */
	/* --show-ref-call-graph: perf's title names it for a "call-graph=no" event */
	bool show_ref_callgraph;
	bool hide_kernel, hide_user;		/* initial K/U state */
	bool hide_headers;			/* ui.show-headers = false: H at the start */
	/*
	 * a: the samples of each instruction, per event (NULL: the owner
	 * keeps none, a says why); event_idx maps the browser's event
	 * number to the store's (NULL: the same).
	 */
	const struct addr_hits *addr_hits;
	const int *event_idx;
	const struct annotate_browse_opts *annotate;
	/* The sampling frequency of event @idx for the annotate title (0: none). */
	u64 (*sample_freq)(void *priv, int idx);
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

/* One symbol for prof annotate's browser. */
struct annotate_browse_sym {
	struct dso *dso;
	struct symbol *sym;
	int idx;			/* its event in the store */
	const char *evname;
	u64 nr_samples, total_period;	/* the event's, for the title */
	u64 sample_freq;		/* 0: not sampled by frequency */
};

/*
 * prof annotate's browser: perf's annotate browser over @syms[0], then
 * LEFT/RIGHT go to the previous/next symbol and q or ESC quit (perf's
 * keys). Returns 0, or -errno as hists__tui_browse.
 */
int annotate__tui_browse(const struct annotate_browse_sym *syms, int nr,
			 const struct addr_hits *hits, const struct annotate_browse_opts *o);

#endif /* PROF_TUI_H */
