#!/bin/sh
test_description='prof record --off-cpu without BPF: offcpu-time samples perf reads, weighted by the time blocked'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME
B="$HELPERS/blockwork"
# perf's dummy time of the summed samples (~0 << 32 ns), as perf script prints it
DUMMY_TIME=18446744069.41458

# blocked FILE PATTERN: the nanoseconds of FILE's offcpu-time samples
# whose chain has a frame matching PATTERN, as perf script prints them.
blocked() {
	"$PERF" script -i "$1" -F period,event,ip,sym >"$1.script" 2>"$1.err" &&
	awk -v pat="$2" '
		/offcpu-time:/ { if (hit) sum += p; p = $1; hit = 0; next }
		/cpu-clock|task-clock|cycles/ { if (hit) sum += p; p = 0; hit = 0; next }
		$0 ~ pat { hit = 1 }
		END { if (hit) sum += p; printf "%d\n", sum }' "$1.script"
}

# within NS LOW HIGH: LOW <= NS <= HIGH (nanoseconds)
within() {
	test "$1" -ge "$2" && test "$1" -le "$3"
}

test_expect_success PERF,ROOT,TRACEFS 'perf'"'"'s scenario: record --off-cpu -e dummy sleep 1' '
	"$PROF" record --off-cpu -e dummy -o sleep.data sleep 1 2>rec.err &&
	"$PROF" evlist -i sleep.data >evlist.prof &&
	grep -q "^offcpu-time$" evlist.prof &&
	"$PERF" evlist -i sleep.data >evlist.perf 2>/dev/null &&
	test_cmp_nonempty evlist.perf evlist.prof &&
	"$PROF" report -i sleep.data -q --percent-limit=90 --stdio >report.prof &&
	grep -q sleep report.prof &&
	"$PERF" report -i sleep.data -q --percent-limit=90 --stdio >report.perf 2>/dev/null &&
	grep -q sleep report.perf &&
	test_cmp_nonempty report.perf report.prof
'

test_expect_success PERF,ROOT,TRACEFS 'offcpu-time is perf'"'"'s event: software BPF output, frequency 1, the period sampled' '
	"$PERF" evlist -v -i sleep.data >evlist.v 2>/dev/null &&
	grep "^offcpu-time: type: 1, size: 128, config: 0xa, { sample_period, sample_freq }: 1, sample_type: IP|TID|TIME|CALLCHAIN|CPU|PERIOD|IDENTIFIER," evlist.v &&
	# the switches it came from are not in the file
	! grep -q sched_switch evlist.v
'

test_expect_success PERF,ROOT,TRACEFS 'the sleep of perf'"'"'s scenario carries its second' '
	ns=$(blocked sleep.data nanosleep) &&
	within "$ns" 1000000000 1500000000
'

test_expect_success PERF,ROOT,TRACEFS 'known blocks: nanosleep, a pipe read, a futex wait, with their times' '
	"$PROF" record --off-cpu -g -o bw.data -- "$B" 300 2>bw.err &&
	ns=$(blocked bw.data sleeper) &&
	within "$ns" 300000000 450000000 &&
	ns=$(blocked bw.data "pipe_read") &&
	within "$ns" 150000000 300000000 &&
	ns=$(blocked bw.data "futex_wait") &&
	within "$ns" 150000000 300000000 &&
	ns=$(blocked bw.data writer) &&
	within "$ns" 150000000 300000000 &&
	# under the 500 ms threshold: summed, at perf'"'"'s dummy time
	grep -q "offcpu-time" bw.data.script &&
	"$PERF" script -i bw.data -F time,event >times 2>/dev/null &&
	grep offcpu-time times >offcpu.times &&
	! grep -v "$DUMMY_TIME" offcpu.times
'

test_expect_success PERF,ROOT,TRACEFS 'perf report and perf script read prof'"'"'s file as prof does' '
	"$PROF" report -i bw.data --stdio >r.prof 2>/dev/null &&
	"$PERF" report -i bw.data --stdio >r.perf 2>/dev/null &&
	grep -v "^#" r.perf >r.perf.body &&
	grep -v "^#" r.prof >r.prof.body &&
	test_cmp_nonempty r.perf.body r.prof.body &&
	"$PROF" report -i bw.data --stdio -q --no-children --sort comm,sym -g caller >r2.prof &&
	"$PERF" report -i bw.data --stdio -q --no-children --sort comm,sym -g caller >r2.perf 2>/dev/null &&
	test_cmp_nonempty r2.perf r2.prof &&
	"$PROF" script -i bw.data >s.prof &&
	"$PERF" script -i bw.data >s.perf 2>/dev/null &&
	test_cmp_nonempty s.perf s.prof
'

test_expect_success PERF,ROOT,TRACEFS '--off-cpu-thresh: blocks as long are written when they end' '
	"$PROF" record --off-cpu --off-cpu-thresh 200 -e dummy -o th.data -- "$B" 300 2>th.err &&
	"$PERF" script -i th.data -F time,period,event >th.script 2>/dev/null &&
	grep offcpu-time th.script >th.all &&
	# the 300 ms sleep at its own time, the 150 ms blocks summed at the end
	grep -v "$DUMMY_TIME" th.all >th.direct &&
	test_line_count = 1 th.direct &&
	grep "$DUMMY_TIME" th.all >th.summed &&
	test -s th.summed
'

test_expect_success PERF,ROOT,TRACEFS '--call-graph dwarf: the user stack unwound by the reader' '
	"$PROF" record --off-cpu --call-graph dwarf -e dummy -o dw.data -- "$B" 100 2>dw.err &&
	# sleep_ms, a frame pointers miss under nanosleep: sleeper'"'"'s and writer'"'"'s
	ns=$(blocked dw.data sleep_ms) &&
	within "$ns" 150000000 300000000 &&
	ns=$(blocked dw.data sleeper) &&
	within "$ns" 100000000 200000000 &&
	"$PROF" script -i dw.data >dw.prof &&
	"$PERF" script -i dw.data >dw.perf 2>/dev/null &&
	test_cmp_nonempty dw.perf dw.prof
'

test_expect_success PERF,ROOT,TRACEFS '-a: every task'"'"'s blocks' '
	"$PROF" record --off-cpu -a -o a.data -- "$B" 100 2>a.err &&
	ns=$(blocked a.data sleeper) &&
	within "$ns" 100000000 200000000
'

test_expect_success PERF,ROOT,TRACEFS '-p: a running process'"'"'s blocks' '
	{ "$B" 600 & } &&
	pid=$! &&
	"$PROF" record --off-cpu -g -p $pid -o p.data 2>p.err &&
	wait $pid &&
	ns=$(blocked p.data futex_wait) &&
	within "$ns" 300000000 450000000
'

test_expect_success ROOT,TRACEFS '--off-cpu-thresh takes a number of milliseconds' '
	test_expect_code 129 "$PROF" record --off-cpu --off-cpu-thresh=abc -o x.data true 2>err &&
	grep -q "off-cpu-thresh" err
'

test_done
