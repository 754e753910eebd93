#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='the browsers'"'"' colours ([colors] of ~/.perfconfig) and tui.COMMAND, as perf reads them'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

TM_SESSION=b
. "$SRCDIR/tests/shell/lib-tmux.sh"

ESC=$(printf '\033')
# every browser here runs on tmux's 256-colour terminal (ncurses-base has
# it; one without back colour erase, so curses writes the blanks at a
# row's end as S-Lang does), with its own HOME and without the
# environment's default colours (S-Lang reads $COLORFGBG)
TERM_ENV="env -u COLORFGBG -u DEFAULT_COLORS TERM=tmux-256color"

# c_start HOME 'ARGS' PATTERN: prof ARGS (and perf's, with PERF) in tmux
c_start() {
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "$PWD" \
		"$TERM_ENV HOME=\"$1\" \"$PROF\" $2; echo EXITED \$?; sleep 60" &&
	if [ -n "${C_PERF:-}" ]; then
		tmux -L "$SOCK-perf" new-session -d -s b -x 120 -y 30 -c "$PWD" \
			"$TERM_ENV HOME=\"$1\" \"$PERF\" $2; echo EXITED \$?; sleep 60" &&
		bs_wait "$3"
	else
		c_text "$3"
	fi
}
# c_text PATTERN: the prof pane (its text) has a line matching $1
c_text() {
	i=0 &&
	while [ $i -lt 80 ]; do
		tmux -L "$SOCK-prof" capture-pane -p -t b >screen &&
		if grep -q -E -- "$1" screen; then return 0; fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# screen did not show: $1" >&2 &&
	sed "s/^/# /" screen >&2 &&
	return 1
}
# c_screen NAME: the prof pane with its colours (the status line left out) in NAME
c_screen() {
	tmux -L "$SOCK-prof" capture-pane -e -p -t b | sed "\$d" >"$1"
}
# c_wait PATTERN: the prof pane with colours has a line matching $1 (into ./ecolors)
c_wait() {
	i=0 &&
	while [ $i -lt 80 ]; do
		c_screen ecolors &&
		if grep -q -E -- "$1" ecolors; then return 0; fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# the coloured screen did not show: $1" >&2 &&
	sed -n l ecolors | sed "s/^/# /" >&2 &&
	return 1
}
# c_same: perf's and prof's panes, with their colours, are the same but
# for the status line (perf shows a tip there, prof its help)
c_same() {
	i=0 &&
	while [ $i -lt 40 ]; do
		tmux -L "$SOCK-perf" capture-pane -e -p -t b | sed "\$d" >perf.escreen &&
		c_screen prof.escreen &&
		if cmp -s perf.escreen prof.escreen; then return 0; fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	{ diff -u perf.escreen prof.escreen | sed -n l | sed "s/^/# /" >&2; } &&
	return 1
}

mkdir -p none cfg bad &&
printf "[colors]\n\ttopx = red, blue\n" >bad/.perfconfig &&
cat >cfg/.perfconfig <<EOF
[colors]
	top = blue, yellow
	medium = magenta, default
	normal = cyan, default
	selected = white, red
	root = black, green
EOF

test_expect_success PERF_EVENTS 'record the demo with callchains' '
	"$PROF" record -q -g -e cpu-clock -o g.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s g.data
'

# S-Lang's colours, as perf sends them: white is 15 (bright), yellow 11
test_expect_success TMUX,PERF_EVENTS 'report: the configured colours of the title, the hot percentages, the rows and the selection' '
	SOCK=prof-test-$$-1 &&
	c_start "$PWD/cfg" "report -i g.data" "^Samples: " &&
	c_wait "^${ESC}\[30m${ESC}\[42mSamples: " &&
	c_wait "^\+ ${ESC}\[34m${ESC}\[103m +[0-9.]+%${ESC}\[36m${ESC}\[49m " &&
	! grep -q "${ESC}\[97m${ESC}\[41m" ecolors &&
	tmux -L "$SOCK-prof" send-keys -t b Down &&
	c_wait "^${ESC}\[97m${ESC}\[41m\+ +[0-9.]+% " &&
	c_wait "^${ESC}\[30m${ESC}\[42mSamples: " || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'report: perf'"'"'s colours without a config file' '
	SOCK=prof-test-$$-2 &&
	c_start "$PWD/none" "report -i g.data" "^Samples: " &&
	c_wait "^${ESC}\[97m${ESC}\[44mSamples: " &&
	c_wait "^\+ ${ESC}\[31m +[0-9.]+%${ESC}\[39m " &&
	tmux -L "$SOCK-prof" send-keys -t b Down &&
	c_wait "^${ESC}\[30m${ESC}\[103m\+ +[0-9.]+% " || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# c_vs_perf CONFIG KEYS...: perf's and prof's report browsers with
# [colors] CONFIG, the same on opening and after each key
c_vs_perf() {
	printf "[colors]\n%s\n" "$1" >vs/.perfconfig &&
	shift &&
	C_PERF=1 c_start "$PWD/vs" "report -i g.data" "^Samples: " &&
	sleep 1 &&
	c_same &&
	for k in "$@"; do
		bs_key "$k" &&
		c_same || return 1
	done
}

test_expect_success PERF,TMUX,PERF_EVENTS 'report: the colours as perf'"'"'s, set by set' '
	mkdir -p vs &&
	SOCK=prof-test-$$-3 &&
	{ c_vs_perf "" Down End || ret=$?; } &&
	bs_stop &&
	SOCK=prof-test-$$-4 &&
	{ c_vs_perf "$(cat cfg/.perfconfig)" Down Down || ret=$?; } &&
	bs_stop &&
	test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'report: S-Lang'"'"'s names, colorN, attributes, a bad name as perf'"'"'s' '
	SOCK=prof-test-$$-5 &&
	{ c_vs_perf "	top = \"red;bold, default\"
	medium = \"brightgreen;underline;italic, color4\"
	root = gray, brown
	selected = color200, lightgray" Down || ret=$?; } &&
	bs_stop &&
	SOCK=prof-test-$$-6 &&
	{ c_vs_perf "	top = foo, default
	normal = red , blue
	selected = ," Down || ret=$?; } &&
	bs_stop &&
	test "${ret:-0}" = 0
'

# perf stops reading at the first wrong colors.* item (a set it has not,
# a value without a comma) and keeps what it read before
test_expect_success PERF,TMUX,PERF_EVENTS 'report: a wrong item ends the reading, as perf'"'"'s' '
	SOCK=prof-test-$$-7 &&
	{ c_vs_perf "	medium = blue, red
	topx = red, blue
	root = red, green" Down || ret=$?; } &&
	bs_stop &&
	SOCK=prof-test-$$-8 &&
	{ c_vs_perf "	root = red, green
	top = red
	medium = blue, red" Down || ret=$?; } &&
	bs_stop &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'report: a wrong item: perf'"'"'s error on stderr, the browser opens' '
	SOCK=prof-test-$$-9 &&
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "$PWD" \
		"$TERM_ENV HOME=\"$PWD/bad\" \"$PROF\" report -i g.data 2>err; echo EXITED \$?; sleep 60" &&
	c_text "^Samples: " &&
	c_wait "^${ESC}\[97m${ESC}\[44mSamples: " &&
	tmux -L "$SOCK-prof" send-keys -t b q &&
	c_text "EXITED 0" &&
	echo "Error in the given config file: wrong config key-value pair colors.topx=red, blue" >expect &&
	test_cmp expect err || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'annotate: the title in root, the hot lines in top' '
	SOCK=prof-test-$$-10 &&
	c_start "$PWD/cfg" "annotate -i g.data warm_loop" "^Samples: " &&
	c_wait "^${ESC}\[30m${ESC}\[42mSamples: " &&
	c_wait "^${ESC}\[34m${ESC}\[103m +[0-9.]+ " || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# perf's tui.COMMAND (and gtk.COMMAND) = false: stdio on a terminal too,
# the last value read winning; --tui still opens the browser
test_expect_success TMUX,PERF_EVENTS 'tui.report, tui.annotate = false: stdio on a terminal, --tui the browser' '
	mkdir -p notui &&
	printf "[tui]\n\treport = false\n\tannotate = false\n\ttop = false\n" >notui/.perfconfig &&
	SOCK=prof-test-$$-11a &&
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "$PWD" \
		"$TERM_ENV PAGER=cat HOME=\"$PWD/notui\" \"$PROF\" report -i g.data; echo EXITED \$?; sleep 60" &&
	c_text "EXITED 0" &&
	tmux -L "$SOCK-prof" capture-pane -p -S - -t b >rep.out &&
	grep -q "^# Samples: " rep.out &&
	! grep -q "Press .?. for help" rep.out &&
	bs_stop &&
	SOCK=prof-test-$$-11b &&
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "$PWD" \
		"$TERM_ENV PAGER=cat HOME=\"$PWD/notui\" \"$PROF\" annotate -i g.data warm_loop; echo EXITED \$?; sleep 60" &&
	c_text "EXITED 0" &&
	tmux -L "$SOCK-prof" capture-pane -p -S - -t b >ann.out &&
	grep -q "Disassembly of section" ann.out &&
	! grep -q "Press .h. for help" ann.out &&
	bs_stop &&
	SOCK=prof-test-$$-11c &&
	printf "[tui]\n\treport = false\n[gtk]\n\treport = true\n" >notui/.perfconfig &&
	c_start "$PWD/notui" "report -i g.data" "Press .\?. for help" &&
	bs_stop &&
	SOCK=prof-test-$$-11d &&
	printf "[tui]\n\treport = false\n" >notui/.perfconfig &&
	c_start "$PWD/notui" "report --tui -i g.data" "Press .\?. for help" || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# the demo keeps a CPU busy for top
start_demo() {
	"$HELPERS/demo" 200000 >/dev/null 2>&1 &
	echo $! >demo.pid
}
stop_demo() {
	kill "$(cat demo.pid)" &&
	{ wait "$(cat demo.pid)"; test $? = 143; }
}

test_expect_success TMUX,PERF_EVENTS 'tui.top = false: top prints its snapshots on a terminal' '
	printf "[tui]\n\ttop = false\n" >notui/.perfconfig &&
	SOCK=prof-test-$$-12 &&
	start_demo &&
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "$PWD" \
		"$TERM_ENV HOME=\"$PWD/notui\" \"$PROF\" top -d 1 --refreshes 1 -e cpu-clock -p $(cat demo.pid); echo EXITED \$?; sleep 60" &&
	c_text "EXITED 0" &&
	tmux -L "$SOCK-prof" capture-pane -p -S - -t b >top.out &&
	grep -q "hot_loop" top.out &&
	! grep -q "Press .?. for help" top.out || ret=$?
	stop_demo && bs_stop && test "${ret:-0}" = 0
'

# (the report's last lines are a random tip)
test_expect_success PERF_EVENTS 'report --stdio: the colours change nothing' '
	HOME=$PWD/none "$PROF" report --stdio -i g.data >out 2>expect.err &&
	sed "/^# (Tip: /d" out >expect &&
	HOME=$PWD/cfg "$PROF" report --stdio -i g.data >out 2>err &&
	sed "/^# (Tip: /d" out >actual &&
	test_cmp expect actual &&
	test_cmp expect.err err &&
	HOME=$PWD/bad "$PROF" report --stdio -i g.data >out 2>err &&
	sed "/^# (Tip: /d" out >actual &&
	test_cmp expect actual &&
	test_cmp expect.err err
'

test_done
