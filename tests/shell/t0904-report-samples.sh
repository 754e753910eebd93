#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report --samples: the browser runs prof script around a saved sample, as perf'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

TM_SESSION=rep
. "$SRCDIR/tests/shell/lib-tmux.sh"

test_expect_success PERF_EVENTS 'record the demo' '
	"$PROF" record -q -e cpu-clock -o s.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s s.data
'

# perf 6.1 (report --samples 3, Enter on an entry) lists "Show context for
# individual samples" (and "... with assembler", "... with source") before
# Exit; choosing it lists the saved samples as "SECS.NSECS: CPU N tid T",
# and choosing one runs perf script on 10 ms around it, piped to less.
test_expect_success TMUX,PERF_EVENTS '--samples 3: the context menu, the samples, prof script' '
	SOCK=prof-test-$$-1 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i s.data --samples 3 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples +" &&
	tm send-keys -t rep End Up Enter &&
	wait_screen "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " &&
	test "$(grep -c -E "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " screen)" = 3 &&
	sed -n -E "s/^([0-9]+\.[0-9]{9}): CPU .*/\1/p" screen | head -n 1 >when &&
	test -s when &&
	tm send-keys -t rep Enter &&
	wait_screen "^ +demo +[0-9]+ +[0-9]+\.[0-9]{9}: +[0-9]+ cpu-clock: " &&
	cat screen >script.screen &&
	grep -q "$(cat when)" screen &&
	tm send-keys -t rep q &&
	wait_screen "^Samples: " &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'without --samples the menu has no such entry' '
	SOCK=prof-test-$$-2 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i s.data --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Exit +" &&
	! grep -q "Show context for individual samples" screen &&
	tm send-keys -t rep Escape &&
	wait_gone "^Exit +" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'perf report --samples 3 offers the same entry' '
	SOCK=prof-test-$$-3 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PERF\" report -i s.data --samples 3 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples +" &&
	tm send-keys -t rep Escape &&
	wait_gone "^Exit +" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_done
