#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof top --stdio: a group side by side (--group-sort-idx), --sym-annotate'
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

# the entry lines of the last snapshot in OUT
last_entries() {
	awk "/PerfTop:/ { n = 0; delete l; next } /^ +[0-9.]+%/ { l[n++] = \$0 } END { for (i = 0; i < n; i++) print l[i] }" "$1"
}

# perf top --stdio shows a group's events side by side, as report
# --group does ("98.82%  98.05%  busy  [.] hot_loop" under tmux, perf
# 6.1, -e "{cpu-clock,task-clock}"), sorted by the leader, or by member
# N with --group-sort-idx N (an index past the members: the leader).
for how in "-e {cpu-clock,task-clock}" "--group -e cpu-clock,task-clock"; do
	for idx in "" 0 1 7; do
		test_expect_success PERF_EVENTS "$how ${idx:+--group-sort-idx $idx}: side by side, sorted" "
			start_demo &&
			\"\$PROF\" top --stdio -d 1 --refreshes 2 $how -p \"\$(cat demo.pid)\" \
				${idx:+--group-sort-idx $idx} >out 2>err || ret=\$?
			stop_demo && test \"\${ret:-0}\" = 0 &&
			grep -E '^   PerfTop: .* \\[cpu-clock\\],  \\(target_pid: [0-9]+\\)\$' out &&
			last_entries out >entries &&
			grep -E '^ +[0-9.]+% +[0-9.]+%  demo +\\[\\.\\] hot_loop\$' entries &&
			! grep -v -E '^ +[0-9.]+% +[0-9.]+%  [^ ]' entries &&
			col=\$(test '$idx' = 1 && echo 2 || echo 1) &&
			awk -v c=\$col '{ sub(\"%\", \"\", \$c); print \$c }' entries >pcts &&
			sort -s -rn pcts >sorted &&
			test_cmp sorted pcts
		"
	done
done

test_expect_success PERF_EVENTS 'two events, no group: the first alone, as before' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 1 -e cpu-clock,task-clock -p "$(cat demo.pid)" \
		>out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	last_entries out >entries &&
	grep -E "^ +[0-9.]+%  demo +\[\.\] hot_loop$" entries
'

test_done
