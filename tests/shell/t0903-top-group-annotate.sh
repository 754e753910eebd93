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

# --sym-annotate: perf top --stdio's details of one symbol (what its "s"
# key shows: perf 6.1 stores the option but never reads it), in place of
# the table once the symbol is in it: header and dashes, then
#   Showing cpu-clock for hot_loop
#     Events  Pcnt (>=5%)
#    Percent |<TAB>Source code & Disassembly of demo for cpu-clock (N samples, percent: local period)
#   ----...
# and the instructions of 5% or more, each after one line of context.
test_expect_success PERF_EVENTS '--sym-annotate=hot_loop: the details instead of the table' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 2 -e cpu-clock -p "$(cat demo.pid)" \
		--sym-annotate=hot_loop >out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	awk "/PerfTop:/ { n = 0; delete l } { l[n++] = \$0 } END { for (i = 0; i < n; i++) print l[i] }" out >last &&
	sed -n 3p last >l3 && echo "Showing cpu-clock for hot_loop" >e3 && test_cmp e3 l3 &&
	sed -n 4p last >l4 && echo "  Events  Pcnt (>=5%)" >e4 && test_cmp e4 l4 &&
	sed -n 5p last | grep -E "^ Percent \|	Source code & Disassembly of demo for cpu-clock \([0-9]+ samples, percent: local period\)$" &&
	hdr=$(sed -n 5p last | wc -c) &&
	sed -n 6p last >l6 && test "$(tr -d "\n" <l6 | tr -d - | wc -c)" = 0 &&
	test "$(wc -c <l6)" = $((hdr + 5)) &&
	sed -n "7,\$p" last >lines &&
	# instructions, and (as objdump -S gives perf) the source line where
	# it changes, when that is a hot line or its line of context
	! grep -v -E -e "^ +[0-9]+\.[0-9]{2} :   +[0-9a-f]+:   " -e "^ +: [0-9]+   [^ ]" lines &&
	grep -E "^ +[0-9]+\.[0-9]{2} :   +[0-9a-f]+:   " lines >insns &&
	test -s insns &&
	! grep -q "hot_loop$" lines &&
	awk "\$1 >= 5" insns >hot &&
	test -s hot &&
	awk "BEGIN { s = 0 } { s += \$1 } END { exit !(s > 50) }" hot &&
	awk "{ if (\$1 < 5 && prev_cold) bad = 1; prev_cold = (\$1 < 5) } END { exit bad }" insns
'

test_expect_success PERF_EVENTS '--sym-annotate of a symbol not sampled: the table' '
	start_demo &&
	"$PROF" top --stdio -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" \
		--sym-annotate=no_such_symbol >out 2>err || ret=$?
	stop_demo && test "${ret:-0}" = 0 &&
	grep -E "^ +[0-9.]+%  demo +\[\.\] hot_loop$" out &&
	! grep -q "^Showing" out
'

test_done
