#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof sched timehist -I and prof sched replay, compared with perf sched on the same files'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# A workload that sleeps (its CPU may go idle), blocks on a pipe and forks.
WORK='sleep 0.2; dd if=/dev/zero bs=4k count=300 2>/dev/null | cat >/dev/null; sleep 0.2'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'record: the same workload by prof and perf, with and without chains' '
	"$PROF" sched record -o prof.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	"$PERF" sched record -o perf.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	"$PROF" sched record -g -o chains.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	"$PERF" sched record -g -o pchains.data -- sh -c "$WORK" >/dev/null 2>&1 &&
	test -s prof.data && test -s perf.data && test -s chains.data && test -s pchains.data
'

# ith DATA ARGS...: prof sched timehist -I prints what perf's does, stdout
# and stderr, with its exit status; but where perf leaves the idle call
# chain tables empty (deliberate-differences.md) prof lists the chains
# (kept in chains.prof), and where perf names a user frame "[unknown]"
# prof may name it. The rest of each line, and the frame count, are perf's.
ith() {
	_d=$1 &&
	shift &&
	rc=0 && "$PERF" sched timehist -i "$_d" -I "$@" >th.perf 2>th.perf.err || rc=$? &&
	rc2=0 && "$PROF" sched timehist -i "$_d" -I "$@" >th.out 2>th.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	test_cmp th.perf.err th.prof.err &&
	awk "/^  ----------------  --------  -----/ { print; c = 1; next }
		c && /^\$/ { c = 0 }
		c { print >\"chains.prof\"; next }
		{ print }" th.out >th.prof &&
	test -s th.perf &&
	awk "FNR == NR { p[FNR] = \$0; np = FNR; next }
		{ nq = FNR; if (p[FNR] == \$0) next
		  na = split(p[FNR], a, / <- /); nb = split(\$0, b, / <- /)
		  if (na != nb) { print \"line \" FNR \": frames differ\"; bad = 1; next }
		  for (i = 1; i <= na; i++)
			if (a[i] != b[i] && a[i] != \"[unknown]\") {
				print \"line \" FNR \": \" a[i] \" <> \" b[i]; bad = 1
			}
		}
		END { if (np != nq) { print \"lines \" np \" <> \" nq; bad = 1 } exit bad }" \
		th.perf th.prof
}

# tspan DATA: "start,stop", the middle third of the file's switches
tspan() {
	"$PERF" script -i "$1" -F time,event 2>/dev/null |
		sed -n "s/^ *\([0-9]*\.[0-9]*\): *sched:sched_switch:.*/\1/p" |
		awk "NR == 1 { f = \$1 } { l = \$1 } END { d = (l - f) / 3; printf \"%.6f,%.6f\", f + d, l - d }"
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist -I: perf'"'"'s lines and summaries on the four files, each option' '
	for d in prof.data perf.data chains.data pchains.data; do
		span=$(tspan $d) &&
		test "${span%%.*}" -gt 0 &&
		for o in "" -S -s "--state -S" "-w -M -S" "-w -n -V" "-C 0 -S" "-C 1 -s" \
			"-p 1 -S" "--max-stack 2 -S" "--max-stack 0 -s" "--no-call-graph -S" \
			"--time $span -S" "--time ,${span#*,} -s" "--time ${span%,*}, -S -V"; do
			: >chains.prof &&
			ith $d $o || { echo "timehist -I $o on $d differs"; return 1; }
		done || return 1
	done
'

# idlesum DATA: the chains'"'"' idle times, and the tasks'"'"' (Total run time),
# in usecs, one line each
idlesum() {
	"$PROF" sched timehist -i "$1" -I -s >is.out &&
	awk "/^  ----------------  --------  -----/ { c = 1; next } c && /^\$/ { c = 0 }
		c { split(\$1, t, \".\"); s += t[1] * 1000 + t[2]; n++ }
		/Total run time \\(msec\\):/ { split(\$5, t, \".\"); r = t[1] * 1000 + t[2] }
		END { print n + 0, s + 0, r + 0 }" is.out
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist -I: the chains'"'"' idle times add up to the tasks'"'"' idle times' '
	for d in chains.data pchains.data; do
		idlesum $d >sum.out &&
		read n s r <sum.out &&
		echo "$d: $n chains, $s us, tasks $r us" &&
		# each row is cut to the usec: the sum may be short by one per row
		test "$s" -le "$r" &&
		test "$((r - s))" -le "$n" || return 1
	done &&
	"$PROF" sched timehist -i chains.data -I -s >is2.out &&
	grep -q "^Idle stats by callchain:$" is2.out &&
	grep -q "^  Idle time (msec)     Count  Callchains$" is2.out
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist -I: a going-idle task'"'"'s chain is listed under its CPU' '
	"$PROF" sched timehist -i chains.data -I >il.out &&
	"$PROF" sched timehist -i chains.data -I -s >is3.out &&
	if grep -q "<idle>" il.out; then
		awk "/^  ----------------  --------  -----/ { c = 1; next } c && /^\$/ { c = 0 } c { n++ } END { exit !n }" is3.out
	else
		echo "no idle time in this recording (a busy machine)"
	fi
'

# rep DATA ARGS...: prof sched replay and perf's on DATA: their exit
# status, stderr and what they read (the counts and the tasks, from the
# fifth line to the dashes) are the same; the four calibration lines and
# the runs' lines are timings, compared by their shape.
rep() {
	_d=$1 &&
	shift &&
	rc=0 && "$PERF" sched replay -i "$_d" "$@" >rp.perf 2>rp.perf.err || rc=$? &&
	rc2=0 && "$PROF" sched replay -i "$_d" "$@" >rp.prof 2>rp.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	test_cmp rp.perf.err rp.prof.err &&
	sed -n "5,/^------------------------------------------------------------\$/p" rp.perf >rpm.perf &&
	sed -n "5,/^------------------------------------------------------------\$/p" rp.prof >rpm.prof &&
	test_cmp_nonempty rpm.perf rpm.prof &&
	head -n 4 rp.prof >rph.prof &&
	grep -q "^run measurement overhead: [0-9]* nsecs$" rph.prof &&
	grep -q "^sleep measurement overhead: [0-9]* nsecs$" rph.prof &&
	grep -q "^the run test took [0-9]* nsecs$" rph.prof &&
	grep -q "^the sleep test took [0-9]* nsecs$" rph.prof &&
	sed "1,/^------------------------------------------------------------\$/d" rp.prof >rpr.prof &&
	sed "1,/^------------------------------------------------------------\$/d" rp.perf >rpr.perf &&
	test "$(wc -l <rpr.prof)" = "$(wc -l <rpr.perf)" &&
	! grep -v "^#[0-9]  *: [0-9]*\.[0-9][0-9][0-9], ravg: [0-9]*\.[0-9][0-9], cpu: [0-9]*\.[0-9][0-9] / [0-9]*\.[0-9][0-9]$" rpr.prof
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'replay: perf'"'"'s counts and tasks on the four files; the runs'"'"' lines' '
	for d in prof.data perf.data chains.data pchains.data; do
		rep $d -r 1 || { echo "replay on $d differs"; return 1; }
	done &&
	grep -q "^task  *[0-9]* (  *sh: *[0-9]*), nr_events: [1-9][0-9]*$" rpm.prof &&
	grep -q "^nr_wakeup_events:     [1-9]" rpm.prof &&
	rep prof.data --repeat 3 &&
	test "$(grep -c "^#" rp.prof)" = 3 &&
	grep -q "^#3  : " rp.prof &&
	# perf 6.1 never ends with -r 0 (its threads wait for a run): prof'"'"'s ends
	"$PROF" sched replay -i prof.data -r 0 >rp0.out &&
	sed -n "5,/^------------------------------------------------------------\$/p" rp0.out >rp0.mid &&
	test_cmp rpm.perf rp0.mid &&
	! grep -q "^#" rp0.out &&
	"$PROF" sched -i prof.data replay -r 1 >rpp.out &&
	sed -n "5,/^------------------------------------------------------------\$/p" rpp.out >rpp.mid &&
	test_cmp rpm.perf rpp.mid
'

# repx DATA PRE: prof sched PRE replay -r 1 and perf's (PRE a -D or a -v):
# as rep, what they read and print while reading is the same, stderr too
# (less perf's session debug lines under -v, deliberate-differences.md);
# -v's "sched_switch event 0x..." lines print an address, compared by
# their shape.
repx() {
	_d=$1 &&
	_pre=$2 &&
	rc=0 && "$PERF" sched $_pre replay -r 1 -i "$_d" >rp.perf 2>rp.perf.err0 || rc=$? &&
	rc2=0 && "$PROF" sched $_pre replay -r 1 -i "$_d" >rp.prof 2>rp.prof.err || rc2=$? &&
	test "$rc" = "$rc2" &&
	grep -v -e "^build id event received for " -e "^pmu capabilities not available$" \
		-e "^Using CPUID " rp.perf.err0 >rp.perf.err || : &&
	test_cmp rp.perf.err rp.prof.err &&
	sed -n "5,/^------------------------------------------------------------\$/p" rp.perf |
		sed "s/^\(sched_[a-z]* event\) 0x[0-9a-f]*\$/\1 ADDR/" >rpm.perf &&
	sed -n "5,/^------------------------------------------------------------\$/p" rp.prof >rpm.prof0 &&
	sed "s/^\(sched_[a-z]* event\) 0x[0-9a-f]*\$/\1 ADDR/" rpm.prof0 >rpm.prof &&
	test_cmp_nonempty rpm.perf rpm.prof &&
	grep -q "^run measurement overhead: [0-9]* nsecs$" rp.prof &&
	sed "1,/^------------------------------------------------------------\$/d" rp.prof >rpr.prof &&
	test "$(wc -l <rpr.prof)" = 1 &&
	grep -q "^#1  : [0-9]*\.[0-9][0-9][0-9], ravg: " rpr.prof
}

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'replay -D: the raw dump as perf'"'"'s, before the tasks and runs' '
	for d in prof.data perf.data chains.data; do
		repx $d -D || { echo "replay -D on $d differs"; return 1; }
	done &&
	grep -q "PERF_RECORD_MMAP2: unhandled!$" rpm.prof &&
	grep -q "PERF_RECORD_FORK(" rpm.prof &&
	grep -q "^task  *[0-9]* (  *sh: *[0-9]*), nr_events: [1-9][0-9]*$" rpm.prof
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'replay -v: perf'"'"'s lines on each fork, wakeup, switch and task' '
	for d in prof.data perf.data chains.data; do
		repx $d -v || { echo "replay -v on $d differs"; return 1; }
	done &&
	grep -q "^registered task #[1-9][0-9]*, PID [0-9]* ([^)]*)$" rpm.prof &&
	grep -q "^fork event$" rpm.prof &&
	grep -q "^\.\.\.  child: sh/[0-9]*$" rpm.prof &&
	grep -q "^sched_wakeup event ADDR$" rpm.prof &&
	grep -q "^ \.\.\. pid [0-9]* woke up [^ ]*/[0-9]*$" rpm.prof &&
	grep -q "^sched_switch event 0x[0-9a-f]*$" rpm.prof0 &&
	grep -q "^ \.\.\. switch from [^ ]*/[0-9]* to [^ ]*/[0-9]* \[ran [0-9]* nsecs\]$" rp.prof.err &&
	"$PROF" sched replay -v -r 1 -i chains.data >rpv2.out 2>rpv2.err &&
	test_cmp rp.prof.err rpv2.err &&
	! "$PROF" sched replay -r 1 -i prof.data 2>rpq.err | grep -q "^registered task" &&
	test_must_be_empty rpq.err
'

test_lazy_prereq STRACE 'command -v strace'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT,STRACE 'replay: a thread per task, named ":comm", each run as perf'"'"'s' '
	strace -f -qq -e trace=prctl -o rp.st "$PROF" sched replay -i prof.data -r 2 >rps.out &&
	n=$(grep -c "^task " rps.out) &&
	test "$n" -gt 2 &&
	test "$(grep -c "PR_SET_NAME, \":" rp.st)" = "$n" &&
	grep -q "PR_SET_NAME, \":sh\"" rp.st
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'replay: usage errors and a missing file, as perf' '
	for o in "-r -1" "-r x" "-h" "stray" "--bogus"; do
		rc=0 && "$PERF" sched replay $o >ru.perf 2>ru.perf.err || rc=$? &&
		rc2=0 && "$PROF" sched replay $o >ru.prof 2>ru.prof.err || rc2=$? &&
		test "$rc" = "$rc2" && test "$rc" = 129 &&
		sed "s/ perf / prof /" ru.perf.err >ru.perf.err2 &&
		test_cmp ru.perf.err2 ru.prof.err || { echo "replay $o differs"; return 1; }
	done &&
	rc=0 && "$PERF" sched replay -i no-such.data >rn.perf 2>rn.perf.err || rc=$? &&
	test_expect_code 255 "$PROF" sched replay -i no-such.data >rn.prof 2>rn.prof.err &&
	test "$rc" = 255 &&
	test_cmp rn.perf.err rn.prof.err &&
	test "$(wc -l <rn.prof)" = 4
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'timehist --max-stack takes an unsigned number, as perf' '
	for o in "--max-stack -1" "--max-stack 1-2"; do
		rc=0 && "$PERF" sched timehist -i prof.data $o >mu.perf 2>mu.perf.err || rc=$? &&
		rc2=0 && "$PROF" sched timehist -i prof.data $o >mu.prof 2>mu.prof.err || rc2=$? &&
		test "$rc" = 129 && test "$rc2" = 129 &&
		sed "s/ perf / prof /" mu.perf.err >mu.perf.err2 &&
		test_cmp mu.perf.err2 mu.prof.err || { echo "timehist $o differs"; return 1; }
	done &&
	grep -q "expects a numerical value" mu.prof.err
'

test_done
