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
	"$PROF" record --off-cpu -e cpu-clock -g -o bw.data -- "$B" 300 2>bw.err &&
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
	"$PROF" record --off-cpu --off-cpu-thresh 450 -e dummy -o th.data -- "$B" 600 2>th.err &&
	"$PERF" script -i th.data -F time,period,event >th.script 2>/dev/null &&
	grep offcpu-time th.script >th.all &&
	# the 600 ms sleep at its own time, the 300 ms blocks summed at the end
	grep -v "$DUMMY_TIME" th.all >th.direct &&
	awk "\$2 >= 600000000 { n++ } \$2 < 450000000 { bad = 1 } END { exit bad || n != 1 }" th.direct &&
	grep "$DUMMY_TIME" th.all >th.summed &&
	awk "\$2 >= 450000000 { bad = 1 } END { exit bad || !NR }" th.summed
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

test_expect_success PERF,ROOT,TRACEFS,SHARED 'flamegraph --folded of offcpu-time: stackcollapse-perf.pl'"'"'s lines (nanoseconds)' '
	"$PERF" script -i bw.data >bw.perf.script 2>/dev/null &&
	"$SHARED/tools/FlameGraph/stackcollapse-perf.pl" --event-filter=offcpu-time \
		<bw.perf.script >bw.perf.folded &&
	"$PROF" flamegraph -i bw.data -e offcpu-time -o - --folded >bw.prof.folded &&
	test_cmp_nonempty bw.perf.folded bw.prof.folded
'

test_expect_success PERF,ROOT,TRACEFS 'flamegraph of an off-CPU recording: blocked time in us, the io palette' '
	"$PROF" flamegraph -i sleep.data -o sleep.svg 2>fg.err &&
	# the sleep: its second, in microseconds
	sed -n "s/^<title>do_nanosleep (\([0-9,]*\) us, 100.00%)<\/title>.*/\1/p" sleep.svg | tr -d , >us &&
	within "$(cat us)" 1000000 1500000 &&
	# every frame blue: rgb(g,g,b), b the largest
	grep -o "fill=\"rgb([0-9,]*)\"" sleep.svg | sed "s/[^0-9,]//g" >fills &&
	test -s fills &&
	awk -F, "\$1 != \$2 || \$3 <= \$1 { bad = 1 } END { exit bad }" fills &&
	# asked otherwise, as asked
	"$PROF" flamegraph -i sleep.data --colors hot --countname ns -o hot.svg &&
	grep -q "^<title>do_nanosleep ([0-9,]* ns, 100.00%)" hot.svg &&
	grep -o "fill=\"rgb([0-9,]*)\"" hot.svg | sed "s/[^0-9,]//g" >hot.fills &&
	test -s hot.fills &&
	awk -F, "\$1 < 205 { bad = 1 } END { exit bad }" hot.fills
'

test_expect_success PERF,ROOT,TRACEFS 'flamegraph --combined: on- and off-CPU time, the blocked stacks under [off-cpu]' '
	"$PROF" flamegraph -i bw.data --combined -o - --folded >comb.folded &&
	"$PROF" flamegraph -i bw.data -e offcpu-time -o - --folded >off.folded &&
	"$PROF" flamegraph -i bw.data -e cpu-clock -o - --folded >on.folded &&
	# the blocked stacks, each under the marker, with their times
	grep "^blockwork;\[off-cpu\];" comb.folded | sed "s/;\[off-cpu\]//" >comb.off &&
	test_cmp_nonempty off.folded comb.off &&
	# the on-CPU ones, cpu-clock'"'"'s periods (nanoseconds) as they are
	grep -v "\[off-cpu\]" comb.folded >comb.on &&
	test_cmp_nonempty on.folded comb.on &&
	"$PROF" flamegraph -i bw.data --combined -o comb.svg &&
	grep "^<title>\[off-cpu\] (" comb.svg >mark &&
	grep -q " us, " mark &&
	grep -q "fill=\"rgb(\([0-9]*\),\1," mark &&
	"$PROF" flamegraph -i bw.data --combined -o comb.html &&
	grep -q "^\"io\": \[\[2," comb.html &&
	test_must_fail "$PROF" flamegraph -i sleep.data --combined -o - --folded 2>comb.err &&
	grep -q "no on-CPU event" comb.err
'

test_expect_success ROOT,TRACEFS '--off-cpu-thresh takes a number of milliseconds' '
	test_expect_code 129 "$PROF" record --off-cpu --off-cpu-thresh=abc -o x.data true 2>err &&
	grep -q "off-cpu-thresh" err
'

test_done
