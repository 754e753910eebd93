#!/bin/sh
test_description='prof stat options scripts pass to perf stat: per-socket/die/core/node,
-D, --pre/--post, --table, --interval-count, --summary, -G, -M; compared with perf'
. "$(dirname "$0")/test-lib.sh"

# Numbers differ from run to run; what is left must be perf's, byte for
# byte: every number becomes N, rates lose their K/M/G, runs of spaces one.
# The running percentage "  (x.xx%)" comes and goes with scheduling
# (cgroup counters): dropped.
norm() {
	sed -E 's/  \([0-9.]+%\)//; s/[KMG]\/sec/\/sec/; s/[0-9]+([.,][0-9]+)*/N/g; s/  +/ /g' "$1"
}
# Columns of std output: each line's length and where its "#" is (the
# elapsed lines' precision follows the spread: left out).
cols() {
	grep -v "seconds time elapsed" "$1" | sed -E 's/  \([0-9.]+%\)//' |
	awk '{ print length($0), index($0, "#") }'
}
# The exit status in letters, so norm() keeps it.
status() {
	echo "exit $(echo "$1" | tr 0-9 a-j)"
}
# Run prof and perf with the same arguments; compare normalised outputs
# and, for std output, the columns. perf's name becomes prof's.
same() {
	check_cols=yes &&
	case " $* " in *" -x"*|*" -j "*) check_cols= ;; esac &&
	rc=0 && { "$PROF" stat "$@" >prof.out 2>&1 || rc=$?; } && status $rc >>prof.out &&
	rc=0 && { "$PERF" stat "$@" >perf.raw 2>&1 || rc=$?; } && status $rc >>perf.raw &&
	sed "s/perf /prof /g; s/'perf list'/'prof list'/" perf.raw >perf.out &&
	norm prof.out >a && norm perf.out >b &&
	test_cmp b a &&
	if [ -n "$check_cols" ]; then
		cols prof.out >a && cols perf.out >b && test_cmp b a
	fi
}

EV=task-clock,page-faults,context-switches

test_expect_success PERF,SYSWIDE '--per-socket/--per-die/--per-core/--per-node: std, CSV, JSON' '
	for mode in --per-socket --per-die --per-core --per-node; do
		same $mode -a -e $EV -- sleep 0.05 &&
		same $mode -a -x, -e $EV -- sleep 0.05 &&
		same $mode -a -j -e $EV -- sleep 0.05 || exit 1
	done
'

test_expect_success PERF,SYSWIDE 'per-core with -C, -I, -r and a counter that is not supported' '
	same --per-core -C 0 -e $EV -- sleep 0.05 &&
	same --per-core -a -e cycles,task-clock -- sleep 0.05 &&
	same --per-socket -a -x, -e cycles,task-clock -- sleep 0.05 &&
	same --per-core -a -I 200 -e task-clock,page-faults -- sleep 0.3 &&
	same --per-die -a -I 200 -x, -e task-clock -- sleep 0.3 &&
	same --per-node -a -I 200 -j -e task-clock -- sleep 0.3 &&
	same --per-core -a -r 2 -e task-clock,page-faults -- sleep 0.05 &&
	same --per-socket -a -r 2 -x, -e task-clock -- sleep 0.05 &&
	same --per-core -a -r 2 -j -e task-clock -- sleep 0.05
'

test_expect_success PERF,SYSWIDE '-A -r shows the last run, as perf does' '
	same -A -a -r 2 -e task-clock -- sleep 0.05 &&
	same -A -a -r 2 -x, -e task-clock -- sleep 0.05
'

test_expect_success PERF,SYSWIDE 'the last of -A/--per-* wins' '
	same --per-core -A -a -e task-clock -- sleep 0.05 &&
	same -A --per-socket -a -e task-clock -- sleep 0.05
'

test_expect_success PERF 'aggregation needs a CPU target: perf message and status' '
	same --per-core -e task-clock -- true &&
	same --per-socket -p 1 -e task-clock -- true &&
	same -A -- true
'

test_expect_success PERF 'usage errors of stat: perf message, usage and status' '
	same --timeout 5 true &&
	same -r -1 true &&
	same --per-thread true &&
	same --timeout 100 -I 100 true
'

# per_thread_csv FILE: a stat -x, --per-thread -a output checked as
# perf's own stat+csv_output.sh checks it (its 7 commas a line), a number
# in each and each event's threads busiest first; prints the events.
per_thread_csv() {
	awk -F, "NF != 8 || \$1 !~ /-[0-9]+\$/ || \$2 !~ /^[0-9.]+\$/ { print \"bad: \" \$0; exit 1 }
		\$4 != ev { if (\$4 in seen) { print \"events mixed\"; exit 1 }
			seen[\$4] = 1; ev = \$4; last = \$2 + 1; printf \"%s\\n\", ev }
		\$2 + 0 > last + 0 { print \"not sorted: \" \$0; exit 1 }
		{ last = \$2 }" "$1"
}

# A busy thread, and a shell whose children fault pages: their counts are
# the shell's (inherited), as perf counts them. perf 6.1 gives up (exit 0,
# "failed to parse CPUs map") when a process exits while it lists them all,
# which the shell's children sometimes do: it is asked again.
test_expect_success PERF,SYSWIDE '--per-thread -a: each thread that counted, busiest first, as perf' '
	{ "$HELPERS/demo" 100000 >/dev/null 2>&1 & } &&
	busy=$! &&
	{ sh -c "while :; do sleep 0.05; done" & } &&
	forks=$! &&
	wait_exec $busy demo && wait_exec $forks sh &&
	{ "$PROF" stat -x, --per-thread -a -e task-clock,page-faults -- sleep 0.3 \
		>/dev/null 2>pt.prof || ret=$?; } &&
	for try in 1 2 3 4 5 6 7 8 9 10; do
		perf_rc=0 &&
		{ "$PERF" stat -x, --per-thread -a -e task-clock,page-faults -- sleep 0.3 \
			>/dev/null 2>pt.perf || perf_rc=$?; } &&
		! grep -q "^failed to parse CPUs map" pt.perf && break
	done &&
	test "$perf_rc" = 0 &&
	kill $busy $forks && { wait $busy 2>/dev/null || echo "busy: exit $?"; } &&
	{ wait $forks 2>/dev/null || echo "forks: exit $?"; } &&
	test "${ret:-0}" = 0 &&
	grep -q "^sh-$forks,[1-9][0-9]*,,page-faults," pt.perf &&
	grep -q "^sh-$forks,[1-9][0-9]*,,page-faults," pt.prof &&
	grep -v "^Couldn.t resolve comm name for pid [0-9]*$" pt.prof >pt.prof.csv &&
	grep -v "^Couldn.t resolve comm name for pid [0-9]*$" pt.perf >pt.perf.csv &&
	per_thread_csv pt.prof.csv >ev.prof &&
	per_thread_csv pt.perf.csv >ev.perf &&
	test_cmp ev.perf ev.prof &&
	grep -q "^demo-$busy,[0-9.]*,msec,task-clock," pt.perf.csv &&
	grep -q "^demo-$busy,[0-9.]*,msec,task-clock," pt.prof.csv &&
	"$PROF" stat --per-thread -a -e task-clock -- sleep 0.1 2>pt.std &&
	grep -q "^ *[^ ]*-[0-9]* *[0-9.]* msec task-clock " pt.std &&
	same --per-thread -a -C 0 -e task-clock -- true
'

test_expect_success PERF,PERF_EVENTS '-D delays the count, -1 never starts it' '
	same -D 100 -e task-clock -- sleep 0.2 &&
	same -D 100 -x, -e task-clock -- sleep 0.2 &&
	same -D 100 -j -e task-clock -- sleep 0.2 &&
	same -D -1 -e task-clock,page-faults -- sleep 0.05 &&
	same -D -1 -x, -e task-clock -- sleep 0.05 &&
	same --quiet -D 50 -e task-clock -- sleep 0.1
'

test_expect_success PERF,SYSWIDE '-D with -a and with -I' '
	same -D 100 -a -e task-clock -- sleep 0.2 &&
	# the intervals start with the counters (300, 500 ms): the end is 100 ms from both
	same -D 100 -a -I 200 -e task-clock -- sleep 0.4
'

test_expect_success PERF,PERF_EVENTS '--timeout stops the command' '
	same --timeout 100 -e task-clock -- sleep 1 &&
	grep -q "^ *0.1[0-9]* seconds time elapsed" prof.out
'

test_expect_success PERF,PERF_EVENTS '--pre/--post run around each run, perf statuses' '
	same -r 2 --pre "echo PRE" --post "echo POST" -e task-clock -- sh -c "echo RUN" &&
	same --pre "exit 3" -e task-clock -- true &&
	same -r 2 --pre "exit 2" -e task-clock -- true &&
	same --post "echo POST" -e task-clock -- sh -c "sleep 0.1; exit 5" &&
	same --post "exit 3" -e task-clock -- true &&
	same --pre "kill -9 \$\$" -e task-clock -- true
'

test_expect_success PERF,PERF_EVENTS '--table: per-run lines with -r, perf error without' '
	same --table -e task-clock -- true &&
	"$PROF" stat -r 3 --table -e task-clock -- sleep 0.05 2>out &&
	"$PERF" stat -r 3 --table -e task-clock -- sleep 0.05 2>perf.out &&
	sed -n "/Table of/,/Final result/{s/) #*\$/) #/;s/([-+]/(/;p}" out | norm - >a &&
	sed -n "/Table of/,/Final result/{s/) #*\$/) #/;s/([-+]/(/;p}" perf.out | norm - >b &&
	test_cmp b a &&
	test $(grep -c "^ *[0-9.]* ([-+][0-9.]*) #*$" out) = 3
'

test_expect_success PERF,SYSWIDE '--interval-count and --summary (std, CSV, JSON, --no-csv-summary)' '
	same --interval-count 2 -e task-clock -- true &&
	same -a -I 100 --interval-count 2 -e task-clock -- sleep 0.5 &&
	same -a -I 100 --interval-count 2 --summary -e task-clock,page-faults -- sleep 0.3 &&
	same -a -I 200 --summary -x, -e task-clock,page-faults -- sleep 0.3 &&
	same -a -I 200 --summary --no-csv-summary -x, -e task-clock -- sleep 0.3 &&
	same -a -I 200 --summary -j -e task-clock -- sleep 0.3
'

# Metrics come from perf's tables, chosen by CPUID (PERF_CPUID overrides
# it for both tools). Haswell's L3_Cache_Access_BW_1T is the constant 0:
# perf counts duration_time for it, so it is computable on any machine.
HSW=GenuineIntel-6-3C-0

test_expect_success PERF,PERF_EVENTS '-M: a metric computed and shown as perf shows it' '
	PERF_CPUID=$HSW &&
	export PERF_CPUID &&
	same -M L3_Cache_Access_BW_1T -- true &&
	same -M L3_Cache_Access_BW_1T -x, -- true &&
	same -M L3_Cache_Access_BW_1T -j -- true &&
	same -M l3_cache_access_bw_1t -e task-clock -- true &&
	same -M L3_Cache_Access_BW_1T -e task-clock -x, -- true &&
	same -M L3_Cache_Access_BW_1T -e task-clock -x, -r 2 -- true &&
	same -M L3_Cache_Access_BW_1T -e task-clock -j -- true &&
	same -M L3_Cache_Access_BW_1T,L3_Cache_Access_BW_1T -- true &&
	same -M L3_Cache_Access_BW_1T -r 2 -- true &&
	same -M L3_Cache_Access_BW_1T --metric-only -- true &&
	same -M L3_Cache_Access_BW_1T --metric-only -x, -- true &&
	"$PROF" stat -M L3_Cache_Access_BW_1T -- true 2>err &&
	grep -q "duration_time  *# *0.00 L3_Cache_Access_BW_1T" err
'

test_expect_success '-M with --for-each-cgroup is refused, not dropped' '
	test_expect_code 129 env PERF_CPUID=$HSW "$PROF" stat -a --for-each-cgroup / \
		-M L3_Cache_Access_BW_1T -- true 2>err &&
	grep -q "^-M and --for-each-cgroup cannot be used together yet$" err
'

test_expect_success PERF_EVENTS '-M: an unknown metric is a usage error (perf counts defaults, exit 0)' '
	test_expect_code 129 "$PROF" stat -M no_such_metric -e task-clock -- true 2>err &&
	head -n 1 err >got &&
	echo "Cannot find metric or group \`no_such_metric'"'"'" >want &&
	test_cmp want got &&
	grep -q "^    -M, --metrics <metric/metric group list>" err &&
	! grep -q "Performance counter stats" err &&
	test_expect_code 129 "$PROF" stat -M "" -- true 2>err &&
	grep -q "^Cannot find metric or group \`'"'"'$" err
'

# Without a core PMU the tables' events do not exist: perf fails to parse
# them (and counts the defaults); prof stops with the same message.
test_expect_success PERF,PERF_EVENTS,NOHWPMU '-M: events the machine lacks: perf'"'"'s event syntax error' '
	PERF_CPUID=AuthenticAMD-25-11-0 $PERF stat -M branch_misprediction_ratio -- true 2>perf.err &&
	test_expect_code 129 env PERF_CPUID=AuthenticAMD-25-11-0 \
		"$PROF" stat -M branch_misprediction_ratio -- true 2>prof.err &&
	head -n 2 perf.err >want &&
	head -n 2 prof.err >got &&
	test_cmp want got &&
	grep -q "Cannot find PMU .ex_ret_brn" got
'

# perf -v names the event list each metric becomes ("Parsing metric
# events"): the grouping and sharing options show there.
# (sed: a metric a table lacks leaves no such line, which is no failure.)
metric_events() {
	sed -n -E "/^(Parsing metric events|found event|event syntax error|metric expr|Events in)|\\\\___/p" "$1"
}

test_expect_success PERF,PERF_EVENTS,NOHWPMU '-M with --metric-no-group and --metric-no-merge: perf'"'"'s event lists' '
	for cpuid in AuthenticAMD-25-11-0 AuthenticAMD-23-31-0 $HSW GenuineIntel-6-55-4; do
		for opt in "" --metric-no-group --metric-no-merge; do
			for m in l2_cache Summary TopdownL1 tlb Power; do
				rc=0 &&
				PERF_CPUID=$cpuid $PERF stat -v $opt -M $m -- true >/dev/null 2>perf.err || rc=$?
				test $rc = 0 &&
				test_expect_code 129 env PERF_CPUID=$cpuid \
					"$PROF" stat -v $opt -M $m -- true >/dev/null 2>prof.err &&
				metric_events perf.err >want &&
				metric_events prof.err >got &&
				test_cmp want got || exit 1
			done
		done
	done
'

test_expect_success PERF_EVENTS,NOHWPMU '--metric-no-group: one ungrouped list; default: a weak group per metric' '
	test_expect_code 129 env PERF_CPUID=AuthenticAMD-25-11-0 \
		"$PROF" stat -v -M l2_cache -- true 2>err &&
	grep "^Parsing metric events" err >got &&
	grep -q "^Parsing metric events .{l2_pf_miss_l2_l3/metric-id=l2_pf_miss_l2_l3/,.*}:W.$" got &&
	test_expect_code 129 env PERF_CPUID=AuthenticAMD-25-11-0 \
		"$PROF" stat -v --metric-no-group -M l2_cache -- true 2>err &&
	grep "^Parsing metric events" err >got &&
	! grep -q "[{}]" got &&
	grep -q "op_cache_hit_miss.all_op_cache_accesses" got
'

# A PMU alias event is named "alias [pmu]" under --no-merge (merging the
# same alias of several PMUs is checked by tests/unit/t0203-stat-merge).
test_expect_success PERF,PERF_EVENTS '--no-merge: PMU aliases named with their PMU, as perf' '
	same --no-merge -e task-clock -- true &&
	if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
		same --no-merge -e tsc,msr/tsc/,task-clock -- true &&
		same --no-merge -x, -e tsc -- true &&
		same -e tsc -- true &&
		"$PROF" stat --no-merge -e tsc -- true 2>err &&
		grep -q " tsc \[msr\] " err
	fi
'

test_expect_success PERF,SYSWIDE '--metric-only: the frame perf prints (no PMU metrics here)' '
	for m in "" -A --per-core --per-socket --per-die --per-node; do
		same --metric-only $m -a -e task-clock,page-faults -- sleep 0.05 &&
		same --metric-only $m -a -x, -e task-clock,page-faults -- sleep 0.05 &&
		same --metric-only $m -a -I 200 -e task-clock -- sleep 0.3 &&
		same --metric-only $m -a -I 200 -x, -e task-clock -- sleep 0.3 || exit 1
	done &&
	same --metric-only -r 2 -e task-clock -- true &&
	same --metric-only --per-thread -p 1 -e task-clock -- true
'

test_expect_success PERF '--all-user and --all-kernel: perf'"'"'s output, and never both' '
	same --all-user -e task-clock,page-faults -- true &&
	same --all-kernel -x, -e task-clock -- true &&
	same --all-user --all-kernel -- true &&
	same --all-kernel --all-user -- true
'

test_expect_success STRACE '--all-user excludes the kernel, --all-kernel the user' '
	strace -qq -e trace=perf_event_open -o st "$PROF" stat --all-user -e task-clock -- true 2>/dev/null &&
	grep -q "exclude_kernel=1" st && ! grep -q "exclude_user=1" st &&
	strace -qq -e trace=perf_event_open -o st "$PROF" stat --all-kernel -e task-clock -- true 2>/dev/null &&
	grep -q "exclude_user=1" st && ! grep -q "exclude_kernel=1" st
'

# CGROUP (set here, in the prereq cache): -G needs root, a cgroup hierarchy
# with the perf_event controller and a cgroup of our own; a busy workload in
# it keeps the counts nonzero (windows of 200 ms and more: the CI machine is
# shared, a cgroup may not run at all in a shorter one).
cgmount() {
	awk '$3 == "cgroup" && $4 ~ /(^|,)perf_event(,|$)/ { print $2; f = 1; exit }
	     $3 == "cgroup2" && !v2 { v2 = $2 }
	     END { if (!f && v2) print v2 }' /proc/mounts
}
CG=proftest-$$
if [ "$(id -u)" = 0 ] && [ -n "$(cgmount)" ] && mkdir "$(cgmount)/$CG" 2>/dev/null; then
	_prereq_cache="${_prereq_cache}CGROUP=1 "
	sh -c 'echo $$ >"$1/cgroup.procs" && exec "$2" -b 100000' sh "$(cgmount)/$CG" \
		"$HELPERS/stat-work" &
	cg_pid=$!
fi

test_expect_success PERF,SYSWIDE,CGROUP '-G counts one cgroup: std, CSV, JSON, -I, as perf' '
	same -a -e task-clock,page-faults -G $CG -- sleep 0.3 &&
	same -a -x, -e task-clock,page-faults -G $CG -- sleep 0.3 &&
	same -a -j -e task-clock,page-faults -G $CG -- sleep 0.3 &&
	same -a -I 200 -e task-clock -G $CG -- sleep 0.5 &&
	same -a --for-each-cgroup $CG -e task-clock,page-faults -- sleep 0.3 &&
	same -a -e task-clock,page-faults -G ,$CG -- sleep 0.3
'

test_expect_success PERF,CGROUP '-G errors: perf messages and statuses' '
	same -e task-clock -G $CG -- true &&
	same -a -G $CG -- true &&
	same -a -e task-clock -G $CG,$CG -- true &&
	same -a -e task-clock -G no-such-cgroup-$$ -- true &&
	same -a -e task-clock -G $CG --for-each-cgroup $CG -- true &&
	same -a -e task-clock --for-each-cgroup no-such-cgroup-$$ -- true
'

if [ -n "${cg_pid:-}" ]; then
	kill $cg_pid
	wait $cg_pid 2>/dev/null
	rmdir "$(cgmount)/$CG"
fi

test_done
