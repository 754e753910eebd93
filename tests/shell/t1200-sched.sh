#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof sched: record, latency and script, compared with perf sched on the same files'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# A workload that sleeps, blocks on a pipe, forks and competes for the
# CPUs (three busy loops on two CPUs are preempted).
WORK='for i in 1 2 3; do (timeout 0.3 sh -c "while :; do :; done" &); done;
sleep 0.2; dd if=/dev/zero bs=4k count=300 2>/dev/null | cat >/dev/null; sleep 0.2'

# lat DATA ARGS...: prof sched latency prints what perf sched latency does,
# byte for byte, on stdout and stderr, with its exit status.
lat() {
	_d=$1 &&
	shift &&
	rc=0 && "$PERF" sched latency -i "$_d" "$@" >lat.perf 2>lat.perf.err || rc=$? &&
	test "$rc" = 0 &&
	"$PROF" sched latency -i "$_d" "$@" >lat.prof 2>lat.prof.err &&
	test_cmp_nonempty lat.perf lat.prof &&
	test_cmp lat.perf.err lat.prof.err &&
	grep -q "^  TOTAL: " lat.prof
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'record: prof sched record and perf sched record of the same workload' '
	"$PROF" sched record -o prof.data -- sh -c "$WORK" >prof.rec.out 2>prof.rec.err &&
	"$PERF" sched record -o perf.data -- sh -c "$WORK" >perf.rec.out 2>perf.rec.err &&
	grep -q "Captured and wrote .* prof.data" prof.rec.err &&
	test -s perf.data
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'record: the events and attributes of perf sched record on this kernel' '
	"$PERF" evlist -v -i perf.data >ev.perf &&
	"$PERF" evlist -v -i prof.data >ev.prof &&
	test_cmp_nonempty ev.perf ev.prof &&
	grep -q "^sched:sched_switch: .*sample_period, sample_freq }: 1, sample_type: IP|TID|TIME|CPU|PERIOD|RAW|IDENTIFIER," ev.prof &&
	grep -q "^sched:sched_stat_runtime:" ev.prof &&
	grep -q "^sched:sched_waking:\|^sched:sched_wakeup:" ev.prof
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'record -p PID: the task only, as perf (-p wins over -a)' '
	sleep 60 &
	pid=$! &&
	"$PROF" sched record -o pid.data -p $pid -- sleep 0.2 >pid.out 2>pid.err &&
	kill $pid &&
	grep -q "^PID/TID switch overriding SYSTEM$" pid.err &&
	"$PERF" evlist -v -i pid.data >ev.pid &&
	! grep -q "IDENTIFIER" ev.pid &&
	grep -q "^sched:sched_switch: .*IP|TID|TIME|ID|CPU|PERIOD|RAW," ev.pid
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'latency: perf'"'"'s table on prof'"'"'s file and on perf'"'"'s, every sort and option' '
	for d in prof.data perf.data; do
		for o in "" -p "-s runtime" "-s switch,avg" "-s max" "-s pid" "-s avg,max,switch,runtime" \
			"-C 0" "-C 1 -p" "-s runtime,max -p"; do
			lat $d $o || { echo "latency $o on $d differs"; return 1; }
		done || return 1
	done
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'latency: the options taken before the subcommand too, and --sort= forms' '
	"$PERF" sched -i prof.data latency --sort=max,runtime --pids >l1.perf &&
	"$PROF" sched -i prof.data latency --sort=max,runtime --pids >l1.prof &&
	test_cmp_nonempty l1.perf l1.prof &&
	(cp prof.data perf.data.def && mkdir -p def && mv perf.data.def def/perf.data &&
	 cd def && "$PROF" sched latency >../l2.prof) &&
	"$PERF" sched latency -i prof.data >l2.perf &&
	test_cmp_nonempty l2.perf l2.prof
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'latency: the workload'"'"'s sleep is there, switched in after a wait' '
	"$PROF" sched latency -i prof.data -p >lp.out &&
	grep -q "^  sleep:[0-9]* *| *[0-9.]* ms | *[1-9][0-9]* | avg: *[0-9.]* ms" lp.out
'

# th DATA ARGS...: prof sched timehist prints what perf sched timehist
# does, byte for byte, stdout and stderr, with its exit status.
th() {
	_d=$1 &&
	shift &&
	rc=0 && "$PERF" sched timehist -i "$_d" "$@" >th.perf 2>th.perf.err || rc=$? &&
	rc2=0 && "$PROF" sched timehist -i "$_d" "$@" >th.prof 2>th.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	test_cmp th.perf th.prof &&
	sed "s/^ Usage: perf / Usage: prof /" th.perf.err >th.perf.err2 &&
	test_cmp th.perf.err2 th.prof.err
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist: perf'"'"'s lines and summaries on both files, each option' '
	for d in prof.data perf.data; do
		for o in "" -w -n --state -M -V "-w -n" "-V -M -w" "-C 1" "-C 0 -S" -s -S \
			"--state -S" "-s --state" "-M -s" "-p 1 -S" "-t 1,2 -S" "-p bogus -s"; do
			th $d $o || { echo "timehist $o on $d differs"; return 1; }
		done || return 1
	done &&
	"$PROF" sched timehist -i prof.data -S >ths.out &&
	grep -q "^Terminated tasks:$" ths.out &&
	grep -q "^ *sleep\[[0-9]*\] " ths.out
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist: usage errors and files it cannot read, as perf' '
	th prof.data -s -w &&
	test "$rc" = 234 &&
	th prof.data -s -n -w &&
	"$PROF" record -q -e sched:sched_wakeup -a -o nosw.data -- sleep 0.1 &&
	th nosw.data &&
	test "$rc" = 255 &&
	grep -q "No sched_switch events found" th.prof.err
'

# thc DATA ARGS...: th for a file with call chains: perf names no user
# frame (deliberate-differences.md), so where its frame is "[unknown]"
# prof's may be any; the rest of each line, and the frame count, are
# perf's. A switch recorded without a chain: perf 6.1 prints the chain
# of the sample before it, prof none (deliberate-differences.md); such a
# line (its time in nochain.times) may end without frames in prof.
thc() {
	_d=$1 &&
	shift &&
	rc=0 && "$PERF" sched ${THC_PRE-} timehist -i "$_d" "$@" >th.perf 2>th.perf.err || rc=$? &&
	rc2=0 && "$PROF" sched ${THC_PRE-} timehist -i "$_d" "$@" >th.prof 2>th.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	test_cmp th.perf.err th.prof.err &&
	test -s th.perf &&
	"$PERF" script -i "$_d" -F time,event,ip,sym 2>/dev/null |
		awk "/sched:sched_switch:/ { t = \$1; sub(/:\$/, \"\", t); next }
			t != \"\" && /^\$/ { print t }
			{ t = \"\" }" >nochain.times &&
	awk "FILENAME == \"nochain.times\" { nc[\$1] = 1; next }
		FILENAME == \"th.perf\" { p[FNR] = \$0; np = FNR; next }
		{ nq = FNR; if (p[FNR] == \$0) next
		  q = \$0; sub(/ +$/, \"\", q)
		  if ((\$1 in nc) && index(p[FNR], q) == 1) next
		  na = split(p[FNR], a, / <- /); nb = split(\$0, b, / <- /)
		  if (na != nb) { print \"line \" FNR \": frames differ\"; bad = 1; next }
		  for (i = 1; i <= na; i++)
			if (a[i] != b[i] && a[i] != \"[unknown]\") {
				print \"line \" FNR \": \" a[i] \" <> \" b[i]; bad = 1
			}
		}
		END { if (np != nq) { print \"lines \" np \" <> \" nq; bad = 1 } exit bad }" \
		nochain.times th.perf th.prof
}

# tspan DATA: "start,stop", the middle third of the file's switches
tspan() {
	"$PERF" script -i "$1" -F time,event 2>/dev/null |
		sed -n "s/^ *\([0-9]*\.[0-9]*\): *sched:sched_switch:.*/\1/p" |
		awk "NR == 1 { f = \$1 } { l = \$1 } END { d = (l - f) / 3; printf \"%.6f,%.6f\", f + d, l - d }"
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist: call chains as perf, on both tools'"'"' recordings, each option' '
	"$PROF" sched record -g -o chains.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	"$PERF" sched record -g -o pchains.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	for d in chains.data pchains.data; do
		span=$(tspan $d) &&
		test "${span%%.*}" -gt 0 &&
		for o in "" "--max-stack 1" "--max-stack 0" "--max-stack 12" "-w -n" "--state -S" \
			"-V -M" "-C 0" "--symfs /nonexistent" "--time $span" "--time $span -S -w" \
			"--time ,${span#*,}" "--time ${span%,*}," "--no-call-graph"; do
			thc $d $o || { echo "timehist $o on $d differs"; return 1; }
		done || return 1
	done &&
	"$PROF" sched timehist -i chains.data >thc.out &&
	grep -q "  [a-z_0-9.]* <- [a-z_0-9.]* <- " thc.out
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist --time on files without chains: perf'"'"'s lines and summary' '
	for d in prof.data perf.data; do
		span=$(tspan $d) &&
		test "${span%%.*}" -gt 0 &&
		for o in "--time $span" "--time $span -S" "--time ,${span#*,} -s" "--time ${span%,*}, -w" \
			"--time $span --state -S -C 1" "--time 10%" "--time bad" "--kallsyms /nonexistent"; do
			th $d $o || { echo "timehist $o on $d differs"; return 1; }
		done || return 1
	done
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'map: perf'"'"'s columns on both files, each option' '
	for d in prof.data perf.data chains.data; do
		for o in "" --compact "--cpus 1" "--cpus 0 --compact" "--cpus 7" "--color-cpus 1"; do
			"$PERF" sched map -i $d $o >map.perf 2>map.perf.err &&
			"$PROF" sched map -i $d $o >map.prof 2>map.prof.err &&
			test_cmp map.perf map.prof &&
			test_cmp map.perf.err map.prof.err || { echo "map $o on $d differs"; return 1; }
		done || return 1
	done &&
	"$PERF" sched -v map -i prof.data >mapv.perf 2>/dev/null &&
	"$PROF" sched -v map -i prof.data >mapv.prof 2>/dev/null &&
	test_cmp_nonempty mapv.perf mapv.prof &&
	grep -q " => sleep:[0-9]*$" map.prof
'

# dmp DATA PRE SUB...: prof sched PRE SUB (a -D, or a -v) prints perf's
# stdout and stderr for DATA, with its exit status; from perf's stderr
# the debug lines of its session and symbol loading, which prof's -v does
# not print (deliberate-differences.md), are taken out.
dmp() {
	_d=$1 &&
	_pre=$2 &&
	shift 2 &&
	rc=0 && "$PERF" sched $_pre -i "$_d" "$@" >dmp.perf 2>dmp.perf.err0 || rc=$? &&
	rc2=0 && "$PROF" sched $_pre -i "$_d" "$@" >dmp.prof 2>dmp.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	grep -v -e "^build id event received for " -e "^pmu capabilities not available$" \
		-e "^Looking at the vmlinux_path " -e "^symsrc__init: " \
		-e "^/proc/{kallsyms,modules} inconsistency " -e "^Using /proc/kallsyms for symbols$" \
		-e "^Using CPUID " \
		dmp.perf.err0 >dmp.perf.err || : &&
	test_cmp_nonempty dmp.perf dmp.prof &&
	test_cmp dmp.perf.err dmp.prof.err
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT '-D: each record as perf sched dumps it, with the command'"'"'s own lines' '
	for d in prof.data perf.data; do
		for c in latency "latency -p -s max" "timehist" "timehist -w -M -S" "timehist -I" \
			"timehist --no-call-graph" "timehist -C 1" map "map --compact"; do
			dmp $d -D $c || { echo "-D $c on $d differs"; return 1; }
		done || return 1
	done &&
	for d in prof.data perf.data; do
		for c in script "script -F comm,tid,time,event" "script --show-task-events"; do
			dmp $d -D $c || { echo "-D $c on $d differs"; return 1; }
		done || return 1
	done &&
	grep -q "PERF_RECORD_EXIT           [^ ]*  *[0-9]* \[[0-9]*\] *[0-9.]*: PERF_RECORD_EXIT(" dmp.prof &&
	dmp prof.data --dump-raw-trace latency &&
	grep -q "^[0-9]* [0-9]* 0x[0-9a-f]* \[0x[0-9a-f]*\]: PERF_RECORD_MMAP2: unhandled!$" dmp.prof &&
	grep -q "PERF_RECORD_SAMPLE(IP, 0x1): " dmp.prof &&
	grep -q "^  TOTAL: " dmp.prof &&
	dmp prof.data -D timehist &&
	grep -q "PERF_RECORD_EXIT(" dmp.prof &&
	grep -q "^ \.\.\. thread: sleep:[0-9]*$" dmp.prof &&
	grep -q "^ \.\.\.\.\.\. dso: \[kernel.kallsyms\]$" dmp.prof
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT '-D timehist with call chains: the dump is perf'"'"'s, the chains as timehist'"'"'s' '
	THC_PRE=-D &&
	for d in chains.data pchains.data; do
		thc $d &&
		grep -q "^\.\.\. FP chain: nr:[0-9]*$" th.prof &&
		grep -q "^\.\.\.\.\. *[0-9]*: [0-9a-f]*$" th.prof &&
		grep -q " <- " th.prof || { echo "-D timehist on $d differs"; return 1; }
	done &&
	THC_PRE=
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT '-v: latency, timehist and map print perf'"'"'s lines' '
	for d in prof.data perf.data; do
		for c in latency "timehist -w" map; do
			dmp $d -v $c || { echo "-v $c on $d differs"; return 1; }
		done || return 1
	done &&
	dmp prof.data "" latency -v &&
	dmp prof.data "" timehist --verbose -S &&
	dmp prof.data "" map -v &&
	grep -q " => sleep:[0-9]*$" dmp.prof
'

test_expect_success PERF,PERF_EVENTS 'latency: a file without tracepoints, as perf' '
	"$PROF" record -q -e task-clock -o flat.data -- true &&
	"$PERF" sched latency -i flat.data >flat.perf 2>flat.perf.err &&
	"$PROF" sched latency -i flat.data >flat.prof 2>flat.prof.err &&
	test_cmp_nonempty flat.perf flat.prof &&
	test_cmp_nonempty flat.perf.err flat.prof.err
'

test_expect_success 'latency: a bad sort key and stray arguments are usage errors; a missing file fails' '
	test_expect_code 129 "$PROF" sched latency -s runtime,bogus 2>bad.err &&
	grep -q "^  Error: Unknown --sort key: .bogus.$" bad.err &&
	grep -q "prof sched latency \[<options>\]" bad.err &&
	test_expect_code 129 "$PROF" sched latency stray 2>stray.err &&
	test_expect_code 255 "$PROF" sched latency -i no-such.data 2>ns.err &&
	grep -q "^failed to open no-such.data: No such file or directory" ns.err
'

test_expect_success 'the command: usage without a subcommand or with an unknown one' '
	test_expect_code 129 "$PROF" sched 2>u.err &&
	grep -q "prof sched \[<options>\] {record|latency|map|replay|script|timehist}" u.err &&
	test_expect_code 129 "$PROF" sched bogus 2>u2.err &&
	test_cmp u.err u2.err
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'script: perf sched script'"'"'s lines, its options passed on' '
	for d in prof.data perf.data; do
		"$PERF" sched script -i $d >s.perf &&
		"$PROF" sched script -i $d >s.prof &&
		test_cmp_nonempty s.perf s.prof &&
		"$PERF" sched -i $d script -F comm,tid,cpu,time,event >s2.perf &&
		"$PROF" sched -i $d script -F comm,tid,cpu,time,event >s2.prof &&
		test_cmp_nonempty s2.perf s2.prof || return 1
	done
'

test_lazy_prereq SCHED_AWK 'test -f "$SHARED/tools/FlameGraph/stackcollapse-perf-sched.awk"'

# fold DATA TOOL: TOOL sched script of DATA through stackcollapse-perf-sched.awk.
# The script wants sched_stat_sleep (CONFIG_SCHEDSTATS, which stock kernels
# lack): each sched_waking line stands in for one, a fixed 1 ms blocked. Its
# \s is gawk's: [[:space:]] for any awk.
fold() {
	"$2" sched script -i "$1" -F comm,pid,tid,cpu,time,event,ip,sym,dso,trace 2>/dev/null |
		sed "s/sched:sched_waking: \(.*\)/sched:sched_stat_sleep: \1 delay=1000000/" |
		awk -f sched.awk | sort
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT,SCHED_AWK 'script | stackcollapse-perf-sched.awk folds prof'"'"'s lines as perf'"'"'s' '
	sed "s/\\\\s/[[:space:]]/g" "$SHARED/tools/FlameGraph/stackcollapse-perf-sched.awk" >sched.awk &&
	! grep -q "\\\\s" sched.awk &&
	"$PROF" record -q -g -e sched:sched_switch -e sched:sched_waking \
		-a -o offcpu.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	fold offcpu.data "$PERF" >f.perf &&
	fold offcpu.data "$PROF" >f.prof &&
	test_cmp_nonempty f.perf f.prof &&
	grep -q "^cat;.*read.*;schedule;__schedule [0-9]*$" f.prof
'

test_done
