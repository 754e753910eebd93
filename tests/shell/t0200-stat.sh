#!/bin/sh
test_description='prof stat against perf stat: lines, columns, CSV, JSON, exit codes'
. "$(dirname "$0")/test-lib.sh"

W="$HELPERS/stat-work"
EV=task-clock,context-switches,page-faults,cpu-clock

# Event names and the derived-metric unit of each std line, numbers dropped.
shape() {
	grep -v "seconds" "$1" | sed -n 's/^ *\(<not [a-z]*>\|[0-9.,]*\) \(msec\|ns\|    \) \([^ ]*\) *\(# *[0-9.]* \([^(]*[^ (]\)\)\{0,1\}.*/\3|\5/p' | sed 's/[KMG]\/sec/\/sec/'
}
# Layout of each line: its length, the column of the "#" and of the
# event name (numbers and rates differ from run to run, columns must not).
layout() {
	awk '{ n = $0; sub(/^ *[^ ]+ +(msec|ns)? +/, "", n);
	       print length($0), index($0, "#"), length($0) - length(n) }' "$1"
}

test_expect_success PERF_EVENTS 'default run prints the header, default events and footer' '
	"$PROF" stat -- "$W" -b 1 2>err &&
	grep -q "^ Performance counter stats for .*stat-work -b 1.:$" err &&
	for e in task-clock context-switches cpu-migrations page-faults cycles instructions branches branch-misses; do
		grep -q " $e " err || { echo "missing $e"; exit 1; }
	done &&
	grep -q "seconds time elapsed$" err &&
	grep -q "seconds user$" err &&
	grep -q "seconds sys$" err
'

test_expect_success PERF,PERF_EVENTS 'std output: same lines and layout as perf stat' '
	"$PROF" stat -e $EV,cycles -- "$W" -b 1 2>prof.out &&
	"$PERF" stat -e $EV,cycles -- "$W" -b 1 2>perf.out &&
	layout prof.out >a && layout perf.out >b &&
	test_cmp b a &&
	shape prof.out >a && shape perf.out >b &&
	test_cmp b a
'

test_expect_success PERF,PERF_EVENTS '-r 3: means, spreads and the +- footer as perf prints them' '
	"$PROF" stat -r 3 -e $EV -- "$W" -b 1 2>prof.out &&
	"$PERF" stat -r 3 -e $EV -- "$W" -b 1 2>perf.out &&
	grep -q "(3 runs):$" prof.out &&
	grep -Eq "^ +[0-9.]+ \+- [0-9.]+ seconds time elapsed  \( \+- *[0-9.]+% \)$" prof.out &&
	shape prof.out >a && shape perf.out >b &&
	test_cmp b a &&
	! grep -q "seconds user" prof.out
'

test_expect_success PERF,PERF_EVENTS '-x, prints the same fields as perf' '
	"$PROF" stat -x, -e $EV,cycles -- "$W" -b 1 2>prof.out &&
	"$PERF" stat -x, -e $EV,cycles -- "$W" -b 1 2>perf.out &&
	awk -F, "{ sub(/[KMG]\/sec/, \"/sec\"); print NF, \$3, \$2, \$NF }" prof.out >a &&
	awk -F, "{ sub(/[KMG]\/sec/, \"/sec\"); print NF, \$3, \$2, \$NF }" perf.out >b &&
	test_cmp b a &&
	"$PROF" stat -x";" -r 2 -e $EV -- "$W" -b 1 2>prof.out &&
	"$PERF" stat -x";" -r 2 -e $EV -- "$W" -b 1 2>perf.out &&
	awk -F";" "{ print NF, \$3, \$4 ~ /%$/ }" prof.out >a &&
	awk -F";" "{ print NF, \$3, \$4 ~ /%$/ }" perf.out >b &&
	test_cmp b a
'

test_expect_success PERF,PERF_EVENTS,PYTHON3 '-j prints the same keys as perf, valid JSON' '
	"$PROF" stat -j -r 2 -e $EV,cycles -- "$W" -b 1 2>prof.out &&
	"$PERF" stat -j -r 2 -e $EV,cycles -- "$W" -b 1 2>perf.out &&
	keys="import json,sys
for l in open(sys.argv[1]):
    d = json.loads(l); print(d[\"event\"], list(d.keys()), d[\"metric-unit\"].lstrip(\"KMG\"))" &&
	python3 -c "$keys" prof.out >a &&
	python3 -c "$keys" perf.out >b &&
	test_cmp b a
'

test_expect_success PERF_EVENTS 'the workload exit status passes through' '
	test_expect_code 3 "$PROF" stat -e task-clock -- "$W" -x 3 2>err &&
	grep -q "task-clock" err &&
	test_expect_code 0 "$PROF" stat -e task-clock -- "$W" 2>err
'

test_expect_success PERF_EVENTS 'a command that cannot start: perf message and 255' '
	test_expect_code 255 "$PROF" stat -- /nonexistent/cmd 2>err &&
	grep -q "^Workload failed: No such file or directory$" err
'

test_expect_success 'usage errors exit 129 (perf'"'"'s own checks: 234)' '
	test_expect_code 129 "$PROF" stat --bogus 2>err &&
	test_expect_code 129 "$PROF" stat -e bogus -- true 2>err &&
	grep -q "event syntax error" err &&
	test_expect_code 234 "$PROF" stat -A -- true 2>err &&
	grep -q "only available in system-wide mode" err
'

test_expect_success PERF_EVENTS '-o writes the file, --append adds to it' '
	"$PROF" stat -o out.txt -e page-faults -- true 2>err &&
	test_line_count = 0 err &&
	grep -q "^# started on " out.txt &&
	grep -q " page-faults " out.txt &&
	"$PROF" stat -o out.txt --append -x, -e page-faults -- true &&
	test $(grep -c "^# started on " out.txt) = 2 &&
	grep -q "^[0-9]*,,page-faults," out.txt
'

test_expect_success PERF_EVENTS 'inherit by default, -i counts only the parent' '
	"$PROF" stat -x, -e task-clock -- "$W" -b 20 -f 2 2>all &&
	"$PROF" stat -x, -i -e task-clock -- "$W" -b 20 -f 2 2>one &&
	a=$(cut -d, -f1 all | cut -d. -f1) && o=$(cut -d, -f1 one | cut -d. -f1) &&
	test "$a" -gt "$o"
'

test_expect_success PERF_EVENTS '-I prints interval lines under perf header' '
	"$PROF" stat -I 100 -e task-clock -- "$W" -s 0.25 2>out &&
	head -n 1 out | grep -q "^#           time             counts unit events$" &&
	test $(grep -c "task-clock" out) -ge 2
'

test_expect_success SYSWIDE '-a -A prints one line per CPU, CSV gets the CPU column' '
	"$PROF" stat -a -A -x, -e cpu-clock -- sleep 0.05 2>out &&
	test $(grep -c "^CPU[0-9]*,.*,cpu-clock," out) = $(getconf _NPROCESSORS_ONLN) &&
	"$PROF" stat -C 0 -e cpu-clock -- sleep 0.05 2>out &&
	grep -q "stats for .CPU(s) 0.:" out
'

test_expect_success PERF_EVENTS '-p and --per-thread prefix comm-tid' '
	"$W" -s 30 & pid=$! &&
	wait_exec $pid stat-work &&
	"$PROF" stat --per-thread -p $pid -e task-clock -- sleep 0.05 2>out &&
	kill $pid &&
	grep -q "stats for process id .$pid.:" out &&
	grep -Eq "^ +stat-work-$pid +" out
'

# perf's ignored open failure: a thread -p listed that exits before its
# counters open is left out, with perf's warning, not an error (ESRCH).
# stat-work -c keeps starting threads that live half a millisecond, so
# about one run in two or three here meets one.
# stat_p_runs N PID: runs of stat --per-thread -p PID into err.1, err.2, ...
# until one meets a thread gone (at most N); fails at a failed run
stat_p_runs() {
	for i in $(seq "$1"); do
		"$PROF" stat --per-thread -p "$2" -e task-clock,page-faults -- sleep 0.01 \
			2>err.$i &&
		if grep -q "^WARNING: Ignored open failure" err.$i; then
			return 0
		fi || return 1
	done &&
	echo "$1 runs, no thread gone before its counters opened" &&
	return 1
}
test_expect_success PERF_EVENTS '-p: a thread gone before its counters open is left out, as perf' '
	"$W" -c -s 60 & pid=$! &&
	wait_exec $pid stat-work &&
	stat_p_runs 100 $pid || ret=$?
	kill $pid &&
	test "${ret:-0}" = 0 &&
	cat err.* >err &&
	grep "^WARNING: Ignored open failure for pid [0-9]*$" err >warned &&
	# perf too reads the comms first, and warns for a thread gone by then
	# (that still opens while it exits: its row has no comm)
	! grep -v -e "^WARNING: Ignored open failure" -e "^Couldn.t resolve comm name for pid" \
		-e "^ Performance counter stats for process id" -e "seconds time elapsed" \
		-e "^ *stat-work-[0-9]* " -e "^ *-[0-9]* " -e "^$" err &&
	sed "s/.* pid /stat-work-/" warned | sort -u >gone &&
	grep -o "^ *stat-work-[0-9]* " err | sed "s/ //g" | sort -u >shown &&
	grep -q "^stat-work-$pid$" shown &&
	comm -12 gone shown >both &&
	test_must_be_empty both
'

test_expect_success SETPRIV 'unprivileged: user-space fallback, system-wide explains paranoid' '
	chmod 755 "$TRASH" &&
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$PROF" stat -e task-clock -- true 2>out &&
	grep -q "task-clock:u" out &&
	test_expect_code 255 setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$PROF" stat -a -e task-clock -- true 2>err &&
	grep -q "kernel.perf_event_paranoid is" err &&
	grep -q "CAP_PERFMON" err
'

test_expect_success PERF_EVENTS '--null and -q' '
	"$PROF" stat -n -- true 2>out &&
	grep -q "seconds time elapsed" out &&
	! grep -q task-clock out &&
	test_expect_code 2 "$PROF" stat --quiet -e task-clock -- "$W" -x 2 2>out &&
	test_line_count = 0 out
'

test_expect_success PERF,SYSWIDE '-x, field counts per mode match perf (interval, no-aggr, per-thread)' '
	# alive until the kill below, however slow the machine
	"$W" -b 100 -t 1 -s 30 & pid=$! &&
	sleep 0.1 &&
	for mode in "-I 50 -e task-clock -- sleep 0.08" \
		    "-a -A -e cpu-clock,cycles -- sleep 0.02" \
		    "--per-thread -p $pid -e task-clock -- sleep 0.02" \
		    "-a -e cpu-clock -- sleep 0.02"; do
		"$PROF" stat -x, $mode 2>prof.out &&
		"$PERF" stat -x, $mode 2>perf.out &&
		awk -F, "{ print NF }" prof.out | sort -u >a &&
		awk -F, "{ print NF }" perf.out | sort -u >b &&
		test_cmp b a || { kill $pid; exit 1; }
	done &&
	kill $pid
'

test_expect_success PERF_EVENTS 'too many open files: the limit and what to do' '
	(ulimit -Sn 12 &&
	 test_expect_code 255 "$PROF" stat -e task-clock,task-clock,task-clock,task-clock,task-clock,task-clock,task-clock,task-clock,task-clock,task-clock -- true) 2>err &&
	grep -q "Too many open files" err &&
	grep -q "the limit is 12" err
'

test_expect_success SYSWIDE,LOCALEDEF 'thousands separators follow the locale, as perf'"'"'s %'"'"' does' '
	mkdir loc && localedef -i en_US -f UTF-8 loc/en_US.UTF-8 &&
	LOCPATH=$TRASH/loc LC_ALL=en_US.UTF-8 "$PROF" stat -a -e cpu-clock -- sleep 0.6 2>out &&
	grep -Eq "^ +[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2} msec cpu-clock" out &&
	LOCPATH=$TRASH/loc LC_ALL=en_US.UTF-8 "$PROF" stat --no-big-num -a -e cpu-clock -- sleep 0.6 2>out &&
	grep -Eq "^ +[0-9]+\.[0-9]{2} msec cpu-clock" out &&
	"$PROF" stat -a -e cpu-clock -- sleep 0.6 2>out &&
	grep -Eq "^ +[0-9]+\.[0-9]{2} msec cpu-clock" out
'

# perf enables, disables and reads per-CPU counters from the counter's own
# CPU (it moves there first). The kernel's cgroup times are only current
# after such a switch: without it, -G counters on a busy cgroup read as
# "<not counted>" one run in five here (perf: never).
# on_own_cpu STRACE_OUT: every ioctl and read of a per-CPU counter came
# after a move to that CPU; prints how many were checked.
on_own_cpu() {
	awk '
	/^perf_event_open\(/ {
		a = $0; sub(/.*\}, /, "", a); split(a, f, ", ")	# pid, cpu, group, flags) = fd
		sub(/.*= /, "", a); if (f[2] >= 0) cpu_of[a] = f[2]; next
	}
	/^sched_setaffinity\(/ { cur = $0; sub(/.*\[/, "", cur); sub(/\].*/, "", cur); next }
	/^(ioctl|read)\([0-9]+, / {
		fd = $0; sub(/^[a-z]+\(/, "", fd); sub(/,.*/, "", fd)
		if (!(fd in cpu_of)) next
		checked++
		if (cur != cpu_of[fd]) { print "CPU " cpu_of[fd] " counter used on [" cur "]: " $0; bad++ }
	}
	END { print checked + 0 " checked"; exit !(checked >= 6 && !bad) }' "$1"
}

test_expect_success SYSWIDE,STRACE 'per-CPU counters are enabled, disabled and read on their CPU' '
	strace -qq -e trace=perf_event_open,sched_setaffinity,ioctl,read -o st \
		"$PROF" stat -a -e task-clock,page-faults -- true 2>/dev/null &&
	on_own_cpu st &&
	strace -qq -e trace=perf_event_open,sched_setaffinity,ioctl,read -o st \
		"$PROF" stat -a -I 100 -e task-clock -- sleep 0.25 2>/dev/null &&
	on_own_cpu st
'

# config and exclude_guest of each event's first perf_event_open
first_attrs() {
	sed -n "s/.*perf_event_open({type=\([A-Z_]*\),.* config=\([A-Z_0-9a-fx]*\),.*exclude_guest=\([01]\).*/\1 \2 \3/p" "$1" |
		awk "!seen[\$1 \$2]++" | sort
}

test_expect_success PERF,PERF_EVENTS,STRACE 'default events exclude guests as perf stat'"'"'s do' '
	strace -f -v -e trace=perf_event_open -o perf.st perf stat -- true 2>/dev/null &&
	strace -f -v -e trace=perf_event_open -o prof.st "$PROF" stat -- true 2>/dev/null &&
	first_attrs perf.st >perf.eg && first_attrs prof.st >prof.eg &&
	test -s perf.eg && test_cmp perf.eg prof.eg
'

test_expect_success PYTHON3 '-j: errors are JSON lines too' '
	test_expect_code 255 "$PROF" stat -j -- /nonexistent/cmd 2>err &&
	python3 -c "import json,sys; d = json.loads(open(sys.argv[1]).read()); assert d[\"error\"].startswith(\"Workload failed\")" err
'

test_done
