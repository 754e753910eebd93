#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof top: headless snapshots, stopping, and the browser under tmux'
. "$(dirname "$0")/test-lib.sh"

# the demo keeps a CPU busy in hot_loop (75%) and warm_loop (25%)
start_demo() {
	"$HELPERS/demo" 200000 >/dev/null 2>&1 &
	echo $! >demo.pid
}
stop_demo() {
	kill "$(cat demo.pid)" &&
	{ wait "$(cat demo.pid)"; test $? = 143; }
}

test_expect_success PERF_EVENTS 'headless --stdio: two snapshots, hot function first' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 2 -e cpu-clock -p "$(cat demo.pid)" >out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	test "$(grep -c "^   PerfTop: " out)" = 2 &&
	grep -E "^   PerfTop: +[0-9]+ irqs/sec  kernel: *[0-9.]+%  exact: +[0-9.]+% lost: [0-9]+/[0-9]+ drop: [0-9]+/[0-9]+ \[[0-9]+Hz cpu-clock[^]]*\],  \(target_pid: [0-9]+\)$" out &&
	grep -q "^-------" out &&
	awk "/PerfTop/ { getline; getline; getline; print; exit }" out >first &&
	grep -E "^ +[0-9]+\.[0-9]+%  demo +\[\.\] hot_loop$" first &&
	! grep -q "\[H" out
'

# --fields names the columns and the keys: overhead then sym, sorted by
# overhead, no Shared Object column (perf top; "+f" keeps dso,sym).
test_expect_success PERF_EVENTS '--fields overhead,sym: two columns, hottest first' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" \
		--fields overhead,sym >out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	awk "/PerfTop/ { getline; getline; getline; print; exit }" out >first &&
	grep -E "^ +[0-9]+\.[0-9]+%  \[\.\] hot_loop *$" first &&
	grep -E "^ +[0-9]+\.[0-9]+%  \[" out | sed "s/%.*//" >pcts &&
	sort -rn pcts >sorted &&
	test_cmp sorted pcts &&
	! grep -q "demo  *\[" out
'

test_expect_success PERF_EVENTS 'stdout not a terminal means snapshots, -E and -z' '
	start_demo &&
	{ "$PROF" top -d 1 --refreshes 1 -z -E 1 -e cpu-clock -p "$(cat demo.pid)" 2>err ||
		echo "top exited $?" >>err; } | cat >out &&
	stop_demo &&
	! grep "^top exited" err &&
	grep -q "PerfTop:" out &&
	test "$(grep -c -E "^ +[0-9.]+%  " out)" = 1 &&
	grep -q hot_loop out
'

test_expect_success PERF_EVENTS '-g --stdio shows the call graph of the hot function' '
	start_demo &&
	"$PROF" top --stdio -g -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" >out 2>err &&
	stop_demo &&
	grep -E "^ +[0-9.]+% +[0-9.]+%  demo +\[\.\] hot_loop$" out &&
	grep -q -- "--main$" out
'

# unwind-nofp has no frame pointers: only --call-graph dwarf reaches main
test_expect_success PERF_EVENTS '--call-graph dwarf unwinds a program without frame pointers' '
	"$HELPERS/unwind-nofp" 60000 >/dev/null 2>&1 &
	nofp=$! &&
	wait_exec $nofp unwind-nofp &&
	"$PROF" top --stdio --call-graph dwarf --no-children -d 1 --refreshes 2 \
		-e cpu-clock -p $nofp >out 2>err &&
	"$PROF" top --stdio -g --no-children -d 1 --refreshes 1 \
		-e cpu-clock -p $nofp >fp.out 2>fp.err &&
	kill $nofp &&
	{ wait $nofp; test $? = 143; } &&
	cat err >&2 &&
	grep -E "^ +[0-9.]+%  unwind-nofp +\[\.\] uw_burn$" out &&
	awk "/^ +[0-9.]+%  / { on = / uw_burn\$/ } on" out >chain &&
	for f in uw_c uw_b uw_a main _start; do
		grep -q "[ -]$f\$" chain || return 1
	done &&
	grep -q "^# Stack health: [1-9][0-9]* of [0-9]* samples" err &&
	awk "/^ +[0-9.]+%  / { on = / uw_burn\$/ } on" fp.out >fp.chain &&
	grep -q -- "---uw_burn\$" fp.chain && ! grep -q "[ -]uw_a\$" fp.chain
'

# hot_chain FILE: the frames printed under hot_loop's entry, one a line.
hot_chain() {
	awk '/^ +[0-9.]+%  / { on = / hot_loop$/; next }
		on && NF { l = $0; sub(/^[ |]*(---|--[0-9.]+%--)?/, "", l); if (l != "") print l }' "$1"
}

# top and report build stacks in one place (resolved-sample.c): with
# --max-stack perf keeps the first frames in display order, here the
# callers; top's own copy once kept the innermost ones.
test_expect_success PERF_EVENTS 'top'"'"'s stacks are report'"'"'s (--max-stack, caller order)' '
	start_demo &&
	"$PROF" top --stdio --call-graph fp,graph,0,caller --no-children --max-stack 2 -d 1 \
		--refreshes 1 -e cpu-clock -p "$(cat demo.pid)" >out 2>err &&
	"$PROF" record -q -g -e cpu-clock -o demo.data -p "$(cat demo.pid)" -- sleep 1 \
		>/dev/null 2>&1 &&
	stop_demo &&
	"$PROF" report -i demo.data --stdio -g caller,0 --no-children --max-stack 2 >rep 2>rep.err &&
	hot_chain rep >rep.chain &&
	hot_chain out >top.chain &&
	test_cmp_nonempty rep.chain top.chain &&
	test_line_count = 2 top.chain &&
	! grep -q "^hot_loop\$" top.chain
'

# perf's evswitch, as report has it: samples are dropped until the
# on-event's, which is dropped too, and again from the off-event's on.
# The same event as both switches every sample on, then off: none counts,
# unless --show-on-off-events keeps the switching samples.
test_expect_success PERF_EVENTS '--switch-on, --switch-off, --show-on-off-events' '
	start_demo &&
	top1() { "$PROF" top --stdio -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" "$@"; } &&
	top1 --switch-on cpu-clock --switch-off cpu-clock >none 2>err &&
	top1 --switch-on cpu-clock --switch-off cpu-clock --show-on-off-events >all 2>err &&
	top1 --switch-on cpu-clock >on 2>err &&
	stop_demo &&
	grep -q "^   PerfTop: *0 irqs/sec" none &&
	! grep -E "^ +[0-9.]+%  " none &&
	grep -E "^ +[0-9]+\.[0-9]+%  demo +\[\.\] hot_loop$" all &&
	grep -E "^ +[0-9]+\.[0-9]+%  demo +\[\.\] hot_loop$" on &&
	test_expect_code 254 "$PROF" top --stdio --switch-on nosuch 2>err &&
	cat >expect <<-\EOF &&
	ERROR: switch-on event not found (nosuch)
	HINT:  use '"'"'prof evlist'"'"' to see the available event names
	EOF
	test_cmp expect err
'

# --sort trace shows a tracepoint's record by its print format (its fields
# with --raw-trace), as report; the header names the tracepoint's period
# with perf's "Hz" of top's default frequency mode, as perf top.
test_expect_success ROOT,TRACEFS '--sort trace, --raw-trace; a tracepoint in the header' '
	# a minute at most, or until told to stop
	sh -c "i=0; while test ! -e stop && test \$i -lt 6000; do sleep 0.01; i=\$((i + 1)); done" &
	echo $! >sl.pid &&
	"$PROF" top --stdio -d 1 --refreshes 1 -e sched:sched_switch -p "$(cat sl.pid)" \
		-s trace >fmt 2>err &&
	"$PROF" top --stdio -d 1 --refreshes 1 -e sched:sched_switch -p "$(cat sl.pid)" \
		-s trace --raw-trace >raw 2>err &&
	touch stop &&
	wait "$(cat sl.pid)" &&
	grep -E "^ +[0-9.]+%  prev_comm=sleep prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=[A-Z+]+ ==> next_comm=" fmt &&
	grep -E "^ +[0-9.]+%   prev_comm=sleep prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=[0-9]+ next_comm=" raw &&
	! grep -q "==>" raw &&
	grep -q "^   PerfTop: .* \[1Hz sched:sched_switch\],  (target_pid: " fmt
'

test_expect_success 'top --call-graph: a bad dwarf size and lbr are refused' '
	test_expect_code 129 "$PROF" top --stdio --call-graph dwarf,70000 2>err &&
	grep -q "^callchain: Incorrect stack dump size (max 65528): 70000$" err &&
	test_expect_code 129 "$PROF" top --stdio --call-graph lbr 2>err &&
	grep -q "lbr is not supported" err
'

test_expect_success PERF_EVENTS '--duration stops, SIGTERM ends cleanly' '
	start_demo &&
	"$PROF" top --stdio -d 1 --duration 1.5 -e cpu-clock -p "$(cat demo.pid)" >out 2>err &&
	test "$(grep -c PerfTop: out)" = 1 &&
	{ "$PROF" top --stdio -d 1 -e cpu-clock -p "$(cat demo.pid)" >out2 2>err2 & } &&
	pid=$! &&
	# SIGTERM once top is drawing (its handlers are set by then)
	n=0 &&
	until grep -q PerfTop: out2; do
		test $n -lt 200 && sleep 0.05 && n=$((n + 1)) || return 1
	done &&
	kill -TERM $pid && { wait $pid || ret=$?; } &&
	stop_demo && test "${ret:-0}" = 0
'

test_expect_success PERF_EVENTS 'a JIT map that grows is read again' '
	# the second function runs from 4 s to 8 s: the last snapshot (5-6 s
	# after top starts) falls in it unless top starts 2 s late
	"$HELPERS/jit-grow" 8 >/dev/null 2>&1 &
	jit=$! &&
	wait_exec $jit jit-grow &&
	"$PROF" top --stdio -z -d 1 --duration 6.6 -e cpu-clock -p $jit >out 2>err &&
	wait $jit &&
	grep -q -E "\[JIT\] tid $jit +\[\.\] jit_first$" out &&
	awk "/PerfTop:/ { n = 0 } { last[n++] = \$0 } END { for (i = 0; i < n; i++) print last[i] }" out >last &&
	grep -E "^ +[0-9.]+%  \[JIT\] tid $jit +\[\.\] jit_second$" last
'

test_expect_success 'usage errors' '
	test_expect_code 129 "$PROF" top --no-such-option 2>err &&
	test_must_fail "$PROF" top --stdio --tui 2>err &&
	test_must_fail "$PROF" top --stdio --duration 0 2>err &&
	test_must_fail "$PROF" top --stdio --sort nosuchkey -p 1 2>err &&
	grep -q "Unknown --sort key" err
'

test_expect_success PERF_EVENTS 'a vanished -p target is an error' '
	test_must_fail "$PROF" top --stdio -p 999999999 2>err &&
	test -s err
'

test_expect_success PERF,PERF_EVENTS 'the default event is named as perf names it' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 1 -p "$(cat demo.pid)" >out 2>err &&
	test_expect_code 124 timeout -s INT 3 perf top --stdio -d 1 -p "$(cat demo.pid)" >pout 2>perr &&
	stop_demo &&
	sed -n "s/.*\[[0-9]*Hz \([^]]*\)\].*/\1/p" out | sed -n 1p >n1 &&
	sed -n "s/.*\[[0-9]*Hz \([^]]*\)\].*/\1/p" pout | sed -n 1p >n2 &&
	test -s n2 && test_cmp n2 n1
'

test_expect_success PERF_EVENTS 'a closed pipe ends top at once (SIGPIPE), as perf' '
	start_demo &&
	{ if timeout 20 "$PROF" top --stdio -d 1 -e cpu-clock -p "$(cat demo.pid)"; then
		echo 0 >rc; else echo $? >rc; fi; } | head -n 1 >out &&
	stop_demo &&
	test "$(cat rc)" = 141 && test -s out
'

# ---- the browser, driven for real ----
# a NO_NCURSES build has no browser
if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi
TM_SESSION=top
. "$SRCDIR/tests/shell/lib-tmux.sh"

test_expect_success TMUX,PERF_EVENTS 'browser: hot function, callchain, filter, zoom, resize, help, quit' '
	SOCK=prof-test-$$-1 &&
	start_demo &&
	tm new-session -d -s top -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" top -g -d 1 -e cpu-clock -p $(cat demo.pid); echo TOP-EXITED \$?; sleep 30" &&
	wait_screen "^Samples: .* of event .cpu-clock" &&
	wait_screen "Children +Self +Shared[ a-zA-Z]* +Symbol" &&
	wait_screen "^\+ +[0-9.]+% +[0-9.]+%  demo +\[\.\] hot_loop" &&
	tm send-keys -t top Home + &&
	wait_screen "^- .*\[\.\] " &&
	wait_screen "^ +([-+] )?([0-9.]+% )?(main|hot_loop|__libc_start_call_main) " &&
	tm send-keys -t top / w a r m Enter &&
	wait_screen "\[filter: warm\]" &&
	wait_screen "warm_loop" &&
	wait_gone "\[\.\] hot_loop" &&
	tm send-keys -t top / BSpace BSpace BSpace BSpace Enter &&
	wait_screen "hot_loop" &&
	tm send-keys -t top t &&
	wait_screen "^Samples: .*, Thread: demo" &&
	tm send-keys -t top t d &&
	wait_screen "^Samples: .*, DSO: " &&
	tm send-keys -t top d &&
	tm send-keys -t top f &&
	wait_screen "\[PAUSED\]" &&
	tm send-keys -t top f &&
	wait_gone "\[PAUSED\]" &&
	tm send-keys -t top z &&
	wait_screen "^Zeroing of samples on" &&
	tm send-keys -t top P &&
	wait_screen "^perf.hist.0 written" &&
	test -s perf.hist.0 &&
	grep -E "^[-+ ] +[0-9.]+% +[0-9.]+%  demo +\[\.\] (hot|warm)_loop$" perf.hist.0 &&
	tm resize-window -t top -x 90 -y 25 &&
	wait_screen "^Samples: " &&
	test "$(tm display -p -t top "#{window_width}")" = 90 &&
	tm send-keys -t top h &&
	wait_screen "Expand/Collapse one callchain level" &&
	tm send-keys -t top x &&
	wait_gone "Expand/Collapse one" &&
	tm send-keys -t top q &&
	wait_screen "TOP-EXITED 0" || ret=$?
	tm kill-server &&
	stop_demo &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'browser: Esc asks, Enter quits and the terminal is restored' '
	SOCK=prof-test-$$-2 &&
	start_demo &&
	tm new-session -d -s top -x 100 -y 30 \
		"\"$PROF\" top -d 1 -e cpu-clock -p $(cat demo.pid); stty -a | grep -o \" echo \" ; echo TOP-EXITED \$?; sleep 30" &&
	wait_screen "hot_loop" &&
	tm send-keys -t top Escape &&
	wait_screen "Do you really want to exit\?" &&
	tm send-keys -t top Enter &&
	wait_screen "TOP-EXITED 0" &&
	grep -q "^ echo" screen || ret=$?
	tm kill-server &&
	stop_demo &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'browser: a crash signal restores the terminal' '
	SOCK=prof-test-$$-3 &&
	start_demo &&
	tm new-session -d -s top -x 100 -y 30 \
		"sh -c \"echo \\\$\\\$ >$PWD/top.pid; exec \\\"$PROF\\\" top -d 1 -e cpu-clock -p $(cat demo.pid)\"; stty -a | grep -o \" echo \"; echo TOP-EXITED; sleep 30" &&
	wait_screen "hot_loop" &&
	kill -SEGV "$(cat top.pid)" &&
	wait_screen "TOP-EXITED" &&
	grep -q "^ echo" screen || ret=$?
	tm kill-server &&
	stop_demo &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'browser: ESC zooms out before it asks; i, r, a, V, TAB answer' '
	SOCK=prof-test-$$-4 &&
	start_demo &&
	tm new-session -d -s top -x 120 -y 30 -c "$PWD" \
		"\"$PROF\" top -d 1 -e cpu-clock -p $(cat demo.pid); echo TOP-EXITED \$?; sleep 30" &&
	wait_screen "\[\.\] hot_loop" &&
	tm send-keys -t top t &&
	wait_screen "^Samples: .*, Thread: demo" &&
	tm send-keys -t top Escape &&
	wait_gone "Thread: demo" &&
	! grep -q "Do you really" screen &&
	tm send-keys -t top i &&
	wait_screen "^i: no header information" &&
	tm send-keys -t top r &&
	wait_screen "^r: no scripts menu in prof" &&
	tm send-keys -t top Tab &&
	wait_screen "^TAB: there is no other event to switch to" &&
	# a: the annotate browser on the live samples; q comes back
	tm send-keys -t top Home a &&
	wait_screen "^[a-z_]+  .* \[Percent: local period\]$" &&
	wait_screen "^ *[0-9]+\.[0-9]+ [^ ]" &&
	tm send-keys -t top q &&
	wait_screen "\[\.\] hot_loop" &&
	tm send-keys -t top V &&
	wait_screen "^Verbosity level set to 1" &&
	# the next refresh sizes the columns for the addresses, as perf top
	wait_screen "0x[0-9a-f]+ +[a-zA-Z!] \[\.\] hot_loop" &&
	tm send-keys -t top V V V &&
	wait_screen "^Verbosity level set to 0" &&
	wait_gone "0x[0-9a-f]+ +[a-zA-Z!] \[\.\] hot_lo" &&
	tm send-keys -t top Escape &&
	wait_screen "Do you really want to exit\?" &&
	tm send-keys -t top Escape &&
	wait_gone "Do you really want to exit\?" &&
	tm send-keys -t top q &&
	wait_screen "TOP-EXITED 0" || ret=$?
	tm_stop &&
	stop_demo &&
	test "${ret:-0}" = 0
'

# Live numbers differ between the two: they are replaced by N, and the
# histograms compared by their titles (perf top sizes the columns of
# several events otherwise, see deliberate-differences.md).
test_expect_success PERF,TMUX,PERF_EVENTS 'several events: perf top'"'"'s chooser, TAB/UNTAB switch, ESC back, ESC asks' '
	SOCK=prof-test-$$-5 &&
	start_demo &&
	echo "s/[0-9][0-9.]*[KM]\{0,1\}/N/g" >num.sed &&
	{ cat num.sed && echo "2,\$d"; } >title.sed &&
	BS_NORM=num.sed &&
	export BS_NORM &&
	bs_start_cmd "top -d 1 -e cpu-clock,page-faults -p $(cat demo.pid)" "^Available samples" &&
	bs_wait "^N cpu-clock" && bs_same &&
	grep -q "^N page-faults" prof.screen &&
	bs_key Enter && BS_NORM=title.sed bs_wait "of event .cpu-clock., N Hz" &&
	BS_NORM=title.sed bs_same &&
	bs_key Tab && BS_NORM=title.sed bs_wait "of event .page-faults., N Hz" &&
	BS_NORM=title.sed bs_same &&
	bs_key BTab && BS_NORM=title.sed bs_wait "of event .cpu-clock." &&
	BS_NORM=title.sed bs_same &&
	bs_key Escape && bs_wait "^Available samples" && bs_same &&
	bs_key Down Enter && BS_NORM=title.sed bs_wait "of event .page-faults." &&
	BS_NORM=title.sed bs_same &&
	bs_key Escape && bs_wait "^Available samples" &&
	bs_key Escape && bs_wait "Do you really want to exit\?" &&
	bs_key Enter && BS_NORM= bs_wait "^EXITED 0" || ret=$?
	bs_stop &&
	stop_demo &&
	test "${ret:-0}" = 0
'

test_expect_success PERF_EVENTS '--tui without a terminal: stdio snapshots, quietly, as perf' '
	start_demo &&
	"$PROF" top --tui -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" </dev/null >out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	grep -q "PerfTop:" out &&
	grep -q hot_loop out &&
	! grep -i -e tui -e terminal err
'

test_done
