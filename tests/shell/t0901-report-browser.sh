#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report on a terminal opens the browser; --stdio and --tui choose'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

SOCK=prof-test-$$
tm() { tmux -L "$SOCK" "$@"; }
# (a capture fails until the session is up: the screen is then empty)
wait_screen() {
	i=0 &&
	while [ $i -lt 80 ]; do
		{ tm capture-pane -p -t rep >screen 2>/dev/null || : >screen; } &&
		if grep -q -E -- "$1" screen; then return 0; fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# screen did not show: $1" >&2 &&
	sed "s/^/# /" screen >&2 &&
	return 1
}
wait_gone() {
	i=0 &&
	while [ $i -lt 50 ]; do
		if tm capture-pane -p -t rep >screen 2>/dev/null &&
		   ! grep -q -E -- "$1" screen; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	return 1
}

test_expect_success PERF_EVENTS 'record the demo with callchains' '
	"$PROF" record -q -g -e cpu-clock -o g.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s g.data
'

test_expect_success TMUX,PERF_EVENTS 'the browser on a recorded file: expand, filter, zoom, resize, quit' '
	SOCK=prof-test-$$-1 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i g.data; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^Samples: [0-9]+.? +of event .cpu-clock.*, Event count \(approx\.\): [0-9]+" &&
	wait_screen "Children +Self +Command +Shared Object +Symbol" &&
	wait_screen "^\+ +[0-9.]+% +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "--[0-9.]+%--" &&
	tm send-keys -t rep / h o t Enter &&
	wait_screen "\[filter: hot\]" &&
	wait_gone "\[\.\] warm_loop" &&
	tm send-keys -t rep / BSpace BSpace BSpace Enter &&
	wait_screen "warm_loop" &&
	tm send-keys -t rep t &&
	wait_screen "\[thread: [0-9]+\]" &&
	tm send-keys -t rep t &&
	tm resize-window -t rep -x 80 -y 20 &&
	wait_screen "^Samples: " &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS '--stdio on a terminal prints the text report' '
	SOCK=prof-test-$$-2 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"PAGER=cat \"$PROF\" report --stdio -q --no-children -i g.data; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "REPORT-EXITED 0" &&
	grep -q -E "%  demo +demo +\[\.\] hot_loop" screen &&
	! grep -q "Press .?. for help" screen || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success PERF_EVENTS 'not a terminal: stdio output as before' '
	"$PROF" report -i g.data >out 2>err &&
	grep -q "^# Samples: " out &&
	grep -q "hot_loop" out
'

test_done
