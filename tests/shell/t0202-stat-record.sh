#!/bin/sh
test_description='prof stat record / stat report: perf stat file format, both ways, file and pipe'
. "$(dirname "$0")/test-lib.sh"

# perf's path and ours in the title (the file's command line) become CMD,
# the file's name F; numbers N, rates lose their K/M/G, runs of spaces one.
norm() {
	sed -E "s@for '[^ ']*/[^ '/]+ @for 'CMD @; s/ -o [^ ]+ / -o F /; s/[KMG]\/sec/\/sec/
		s/[0-9]+([.,][0-9]+)*/N/g; s/  +/ /g" "$1"
}
# The record types of a file or stream, in order, as perf's dump names them.
types() {
	"$PERF" report -D -i "$1" 2>/dev/null | sed -n "s/^.* \[0x[0-9a-f]*\]: PERF_RECORD_\([A-Z_]*\).*/\1/p" |
	uniq
}
# perf and prof stat report with the same arguments: the same output and status.
same_report() {
	rc=0 && { "$PERF" stat "$@" >perf.out 2>&1 || rc=$?; } && echo "exit $rc" >>perf.out &&
	rc=0 && { "$PROF" stat "$@" >prof.out 2>&1 || rc=$?; } && echo "exit $rc" >>prof.out &&
	test_cmp perf.out prof.out
}

EV=page-faults,task-clock,context-switches

test_expect_success PERF,PERF_EVENTS 'stat record -o FILE: perf reads it, with the records perf writes, in its order' '
	"$PROF" stat record -o prof.data -e $EV -- "$HELPERS/stat-work" -b 1 2>prof.rec &&
	"$PERF" stat record -o perf.data -e $EV -- "$HELPERS/stat-work" -b 1 2>perf.rec &&
	types prof.data >a && types perf.data >b &&
	test_cmp b a &&
	grep -q "^STAT_ROUND$" a &&
	"$PERF" report --header-only -i prof.data >hdr &&
	grep -q "^# contains stat data$" hdr &&
	grep -q "^# cmdline : .*$(basename "$PROF") stat record -o prof.data -e $EV -- .*stat-work -b 1 $" hdr &&
	"$PERF" stat report -i prof.data >perf.rep 2>&1 &&
	"$PERF" stat report -i perf.data >perf.own 2>&1 &&
	norm perf.rep >a && norm perf.own >b &&
	test_cmp b a &&
	grep -q " page-faults " perf.rep
'

test_expect_success PERF,PERF_EVENTS 'the file holds the counts stat record printed, perf and prof read the same' '
	grep -E " (page-faults|task-clock|context-switches) " prof.rec >counted &&
	test_line_count = 3 counted &&
	grep -E " (page-faults|task-clock|context-switches) " perf.rep >replayed &&
	test_cmp counted replayed &&
	same_report report -i prof.data &&
	same_report report -i perf.data
'

test_expect_success PERF,PERF_EVENTS 'pipe mode both ways (-o -, -i -), perf 6.1 title pipe' '
	"$PROF" stat record -o - -e $EV -- "$HELPERS/stat-work" -b 1 >prof.pipe 2>/dev/null &&
	"$PERF" stat record -o - -e $EV -- "$HELPERS/stat-work" -b 1 >perf.pipe 2>/dev/null &&
	types prof.pipe >a && types perf.pipe >b &&
	grep -v "^FEATURE$" a >a2 &&
	test_cmp b a2 &&
	"$PERF" stat report -i - <prof.pipe >perf.rep 2>&1 &&
	grep -q "^ Performance counter stats for .pipe.:$" perf.rep &&
	"$PERF" stat report -i - <perf.pipe >perf.own 2>&1 &&
	norm perf.rep >a && norm perf.own >b &&
	test_cmp b a &&
	"$PROF" stat report -i - <perf.pipe >prof.own 2>&1 &&
	test_cmp perf.own prof.own &&
	cat prof.pipe | "$PROF" stat report >prof.rep 2>&1 &&
	test_cmp perf.rep prof.rep &&
	"$PROF" stat record -o - -e $EV -- true 2>/dev/null | "$PERF" stat report -i - >p2 2>&1 &&
	grep -q "^ Performance counter stats for .pipe.:$" p2
'

test_expect_success PERF,SYSWIDE 'CPU-wide files: -A, --per-socket/die/core/node, -x and -j read as perf reads them' '
	"$PROF" stat record -a -o prof-a.data -e $EV,cycles -- sleep 0.1 2>/dev/null &&
	"$PERF" stat record -a -o perf-a.data -e $EV,cycles -- sleep 0.1 2>/dev/null &&
	types prof-a.data >a && types perf-a.data >b &&
	test_cmp b a &&
	for f in prof-a.data perf-a.data; do
		for o in "" -A --per-socket --per-die --per-core --per-node; do
			same_report report $o -i $f &&
			same_report -x, report $o -i $f &&
			same_report -j report $o -i $f || return 1
		done || return 1
	done &&
	"$PROF" stat -x, report -A -i prof-a.data 2>x.out &&
	grep -q "^CPU0,[0-9]*,,page-faults," x.out &&
	"$PROF" stat report --per-core -i perf-a.data 2>c.out &&
	grep -q "^S0-D0-C0 .* page-faults " c.out
'

test_expect_success PERF,PERF_EVENTS '-I files: the interval rounds as perf reads them' '
	"$PROF" stat record -I 100 -o prof-i.data -e $EV -- sleep 0.35 2>/dev/null &&
	"$PERF" stat record -I 100 -o perf-i.data -e $EV -- sleep 0.35 2>/dev/null &&
	types prof-i.data | tail -4 >a && types perf-i.data | tail -4 >b &&
	test_cmp b a &&
	grep -q "^STAT_ROUND$" a &&
	"$PERF" stat report -i prof-i.data >last 2>&1 &&
	tail -1 last | awk "{ exit !(\$1 >= 0.35) }" &&
	same_report report -i prof-i.data &&
	grep -q "^ *[0-9]*\.[0-9]* *[0-9,]* *page-faults" prof.out &&
	same_report report -i perf-i.data &&
	same_report -x, report -i perf-i.data &&
	same_report -j report -i prof-i.data &&
	"$PERF" stat report -i perf-i.data >perf.own 2>&1 &&
	"$PERF" stat report -i prof-i.data >perf.rep 2>&1 &&
	head -1 perf.own >a && head -1 perf.rep >b &&
	test_cmp a b
'

test_expect_success PERF,PERF_EVENTS '--per-thread files from either tool' '
	# alive until the kill below, however loaded the machine
	"$HELPERS/stat-work" -b 100 -t 2 -s 30 & pid=$! &&
	wait_exec $pid stat-work &&
	"$PROF" stat record --per-thread -p $pid -o prof-t.data -e task-clock -- sleep 0.1 2>/dev/null &&
	"$PERF" stat record --per-thread -p $pid -o perf-t.data -e task-clock -- sleep 0.1 2>/dev/null &&
	kill $pid &&
	types prof-t.data >a && types perf-t.data >b &&
	test_cmp b a &&
	same_report report -i prof-t.data &&
	grep -q "^ *stat-work-$pid " prof.out &&
	same_report report -i perf-t.data &&
	grep -q "^ *stat-work-$pid " prof.out
'

# srec_p_runs N PID: stat records of --per-thread -p PID, each read by
# perf and prof alike, until one meets a thread gone (at most N); fails
# at a failed run
srec_p_runs() {
	for i in $(seq "$1"); do
		"$PROF" stat record --per-thread -p "$2" -o c.$i.data -e task-clock -- sleep 0.01 \
			2>c.$i.err &&
		same_report report -i c.$i.data &&
		grep -q "^ *stat-work-$2 " prof.out &&
		if grep -q "^WARNING: Ignored open failure" c.$i.err; then
			return 0
		fi || return 1
	done &&
	echo "$1 runs, no thread gone before its counter opened" &&
	return 1
}

# A thread -p listed that exits before its counter opens is left out of
# the file's thread map, with perf's warning (stat-work -c: threads that
# live half a millisecond).
test_expect_success PERF,PERF_EVENTS '--per-thread -p: threads gone before their counters open are not in the file' '
	"$HELPERS/stat-work" -c -s 60 & pid=$! &&
	wait_exec $pid stat-work &&
	srec_p_runs 100 $pid || ret=$?
	kill $pid &&
	test "${ret:-0}" = 0 &&
	cat c.*.err >err &&
	grep -q "^WARNING: Ignored open failure for pid [0-9]*$" err
'

test_expect_success PERF,PERF_EVENTS 'tool events (duration_time, user_time) are in the file, as perf writes them' '
	"$PROF" stat record -o tool.data -e duration_time,user_time,task-clock -- "$HELPERS/stat-work" -b 30 2>tool.rec &&
	"$PERF" stat report -i tool.data >tool.rep 2>&1 &&
	grep -E "^ +[0-9]+ ns +duration_time " tool.rep &&
	grep -E "^ +[0-9]+ ns +user_time " tool.rep &&
	grep -E " (duration_time|user_time) " tool.rec >a &&
	grep -E " (duration_time|user_time) " tool.rep >b &&
	test_cmp a b
'

test_expect_success PERF,PERF_EVENTS 'stat record: perf.data by default, the old one kept; -r refused as perf' '
	mkdir -p def && (
		cd def &&
		"$PROF" stat record -e page-faults -- true 2>/dev/null &&
		"$PROF" stat record -e page-faults -- true 2>/dev/null &&
		test -s perf.data && test -s perf.data.old
	) &&
	test_expect_code 255 "$PROF" stat record -r 2 -o r.data -- true 2>r.err &&
	echo "Cannot use -r option with perf stat record." >want &&
	test_cmp want r.err
'

test_expect_success PERF,PERF_EVENTS 'bad input: one line and a failure status' '
	head -c 700 prof.data >trunc.data &&
	test_expect_code 234 "$PROF" stat report -i trunc.data 2>err &&
	test_line_count = 1 err &&
	grep -q "^trunc.data: offset 0x[0-9a-f]*: " err &&
	size=$(wc -c <prof.pipe) &&
	head -c $((size - 30)) prof.pipe | test_expect_code 255 "$PROF" stat report -i - 2>err &&
	test_line_count = 1 err &&
	grep -q "^standard input: the counts end before their first STAT_ROUND record" err &&
	"$PROF" record -q -o rec.data -e task-clock -- true &&
	test_expect_code 255 "$PROF" stat report -i rec.data 2>err &&
	test_line_count = 1 err &&
	grep -q "^rec.data holds no counts of .stat record." err &&
	test_expect_code 255 "$PROF" stat report -i missing.data 2>err &&
	test_line_count = 1 err
'

test_expect_success PERF,PERF_EVENTS 'perf'"'"'s own stat.sh passes with prof as perf' '
	test -r /usr/lib/perf-core/tests/shell/stat.sh &&
	mkdir -p bin && ln -sf "$PROF" bin/perf &&
	PATH="$PWD/bin:$PATH" sh /usr/lib/perf-core/tests/shell/stat.sh >stat.sh.out 2>&1 &&
	grep -q "^stat record and report test \[Success\]$" stat.sh.out
'

test_done
