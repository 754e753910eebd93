// SPDX-License-Identifier: GPL-2.0-only
/*
 * colors.c: the browsers' colour sets, from the [colors] section of perf's
 * config files as perf reads them (its ui_browser__color_config), and
 * turned into curses pairs as S-Lang, perf's screen library, turns them
 * into terminal colours.
 *
 * A value is "FG, BG": everything before the first comma is FG (as
 * written: "red ," names "red "), BG starts at the first non-blank after
 * it. A value without a comma, or a colors.NAME that is no colour set,
 * is perf's "wrong config key-value pair" and ends the reading there.
 * Each colour is a name of S-Lang's table, "colorN" (a palette index),
 * or empty (then $COLORFGBG gives it), and may carry ";bold",
 * ";underline", ";italic" or ";blink" (';' starts a comment in the
 * config file: such a value is quoted). A colour that none of these
 * reads leaves the set with S-Lang's initial colours of perf's object
 * number for it, not the default: top = foo, default shows magenta on
 * lightgray, as perf's does.
 */
#include "prof/compat.h"

#ifdef HAVE_NCURSESW

#include <ctype.h>
#include <curses.h>
#include "prof/config.h"
#include "prof/util.h"
#include "tui-internal.h"

/* S-Lang's colour names, by palette index; "default" is -1 */
static const char *const slang_names[] = {
	"black", "red", "green", "brown", "blue", "magenta", "cyan", "lightgray",
	"gray", "brightred", "brightgreen", "yellow", "brightblue", "brightmagenta",
	"brightcyan", "white", "default",
};

#define COLOR_DEFAULT (-1)
#define COLOR_INVALID (-2)

struct colorset {
	const char *name;
	int object;		/* perf's HE_COLORSET_* number */
	char *fg, *bg;		/* the config's, or NULL: the defaults */
	const char *def_fg, *def_bg;
};

/* in TUI_PAIR_* order, from 1 */
static struct colorset colorsets[] = {
	{ "top",	 50, NULL, NULL, "red",     "default" },
	{ "medium",	 51, NULL, NULL, "green",   "default" },
	{ "normal",	 52, NULL, NULL, "default", "default" },
	{ "selected",	 53, NULL, NULL, "black",   "yellow" },
	{ "jump_arrows", 54, NULL, NULL, "blue",    "default" },
	{ "addr",	 55, NULL, NULL, "magenta", "default" },
	{ "root",	 56, NULL, NULL, "white",   "blue" },
};

static attr_t pair_attrs[ARRAY_SIZE(colorsets) + 1];

static int colors__config(const char *var, const char *value, void *data)
{
	(void)data;
	if (strncmp(var, "colors.", 7))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(colorsets); i++) {
		const char *comma;

		if (strcmp(colorsets[i].name, var + 7))
			continue;
		comma = strchr(value, ',');
		if (!comma)
			return -1;
		free(colorsets[i].fg);
		free(colorsets[i].bg);
		colorsets[i].fg = xstrndup(value, (size_t)(comma - value));
		comma++;
		while (isspace((unsigned char)*comma))
			comma++;
		colorsets[i].bg = xstrdup(comma);
		return 0;
	}
	return -1;
}

void tui_colors__config(void)
{
	static bool done;

	if (done)
		return;
	done = true;
	/* perf goes on with the sets read so far: so does the browser */
	prof_config(colors__config, NULL);
}

/* "colorN": N; -1 when @s is not of that form */
static long color_digits(const char *s)
{
	unsigned long n = 0;

	if (strncmp(s, "color", 5) || !s[5])
		return -1;
	for (s += 5; *s; s++) {
		if (!isdigit((unsigned char)*s) || n > 0xffffffffUL / 10)
			return -1;
		n = n * 10 + (unsigned long)(*s - '0');
		if (n > 0xffffffffUL)
			return -1;
	}
	return (long)n;
}

/* S-Lang's default colours from $COLORFGBG (or $DEFAULT_COLORS): "FG;BG" */
static bool env_default_colors(char *fg, char *bg, size_t size)
{
	const char *e = getenv("COLORFGBG");
	char *out[2] = { fg, bg };

	if (!e)
		e = getenv("DEFAULT_COLORS");
	if (!e)
		return false;
	for (int k = 0; k < 2; k++) {
		size_t n = 0;

		while (*e && *e != ';') {
			if (n < size - 1)
				out[k][n++] = *e;
			e++;
		}
		out[k][n] = 0;
		if (*e)
			e++;
	}
	if (!strcmp(fg, "default") || !strcmp(bg, "default")) {
		snprintf(fg, size, "default");
		snprintf(bg, size, "default");
		return true;
	}
	for (int k = 0; k < 2; k++) {
		char *p = out[k];
		unsigned long n = 0;

		while (isdigit((unsigned char)*p))
			n = n * 10 + (unsigned long)(*p++ - '0');
		if (!*p && n < ARRAY_SIZE(slang_names))
			snprintf(out[k], size, "%s", slang_names[n]);
	}
	return true;
}

/* One colour with its ";attr" list: the palette index, COLOR_DEFAULT or COLOR_INVALID. */
static long parse_color(const char *spec, attr_t *attrs)
{
	char name[16];
	const char *semi = strchr(spec, ';');
	long c;

	if (semi) {
		size_t len = min((size_t)(semi - spec), sizeof(name) - 1);

		memcpy(name, spec, len);
		name[len] = 0;
		for (const char *a = semi; *a;) {
			while (*a == ';' || *a == ' ' || *a == '\t')
				a++;
			if (!strncmp(a, "italic", 6))
				*attrs |= A_ITALIC;
			else if (!strncmp(a, "underline", 9))
				*attrs |= A_UNDERLINE;
			else if (!strncmp(a, "bold", 4))
				*attrs |= A_BOLD;
			/* blink: S-Lang sends it only in its blink mode, off on xterms */
			a += strcspn(a, ";");
		}
		spec = name;
	}
	c = color_digits(spec);
	if (c >= 0)
		return c;
	for (size_t i = 0; i < ARRAY_SIZE(slang_names); i++)
		if (!strcmp(spec, slang_names[i]))
			return i + 1 == ARRAY_SIZE(slang_names) ? COLOR_DEFAULT : (long)i;
	return COLOR_INVALID;
}

/*
 * A palette index as the terminal shows it: S-Lang wraps it in the
 * terminal's colours, but with 8 it makes 8-15 bright with bold (and
 * with blink for the background, which it does not send here).
 */
static short fit_color(long c, attr_t *attrs, bool fg)
{
	if (c == COLOR_DEFAULT)
		return -1;
	if (COLORS != 8)
		return (short)(c % (COLORS > 0 ? COLORS : 8));
	if (fg && (c & 8))
		*attrs |= A_BOLD;
	return (short)(c & 7);
}

/* S-Lang's colours of object @obj before any is set: a walk of the fg/bg pairs */
static void slang_initial(int obj, short *fg, short *bg)
{
	int n = 0;

	for (int b = 0;; b = (b + 1) % 8)
		for (int f = 7; f >= 0; f--) {
			if (f == b)
				continue;
			if (n++ == obj) {
				*fg = (short)f;
				*bg = (short)b;
				return;
			}
		}
}

static void colorset__init(int pair, const struct colorset *cs)
{
	const char *fg = cs->fg ? cs->fg : cs->def_fg, *bg = cs->fg ? cs->bg : cs->def_bg;
	char dfg[16], dbg[16];
	attr_t attrs = 0;
	long f, b;
	short cf, cb;

	if ((!*fg || !*bg) && env_default_colors(dfg, dbg, sizeof(dfg))) {
		if (!*fg)
			fg = dfg;
		if (!*bg)
			bg = dbg;
	}
	f = *fg ? parse_color(fg, &attrs) : COLOR_INVALID;
	b = *bg ? parse_color(bg, &attrs) : COLOR_INVALID;
	if (f == COLOR_INVALID || b == COLOR_INVALID) {
		slang_initial(cs->object, &cf, &cb);
		attrs = 0;
	} else {
		cf = fit_color(f, &attrs, true);
		cb = fit_color(b, &attrs, false);
	}
	init_pair((short)pair, cf, cb);
	pair_attrs[pair] = COLOR_PAIR(pair) | attrs;
}

void tui_colors__init(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(colorsets); i++)
		colorset__init((int)i + 1, &colorsets[i]);
}

attr_t tui_color(int pair)
{
	if (!has_colors())
		return pair == TUI_PAIR_SELECTED || pair == TUI_PAIR_ROOT ? A_REVERSE : A_NORMAL;
	return pair_attrs[pair];
}

attr_t tui_color_pct(double pct)
{
	return tui_color(pct >= 5.0 ? TUI_PAIR_TOP : pct >= 0.5 ? TUI_PAIR_MEDIUM : TUI_PAIR_NORMAL);
}

#endif /* HAVE_NCURSESW */
