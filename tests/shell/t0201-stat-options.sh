#!/bin/sh
test_description='prof stat options scripts pass to perf stat: per-socket/die/core/node,
-D, --pre/--post, --table, --interval-count, --summary, -G, -M; compared with perf'
. "$(dirname "$0")/test-lib.sh"

# Numbers differ from run to run; what is left must be perf's, byte for
# byte: every number becomes N, rates lose their K/M/G, runs of spaces one.
norm() {
	sed -E 's/[KMG]\/sec/\/sec/; s/[0-9]+([.,][0-9]+)*/N/g; s/  +/ /g' "$1"
}
# Columns of std output: each line's length and where its "#" is (the
# elapsed lines' precision follows the spread: left out).
cols() {
	grep -v "seconds time elapsed" "$1" | awk '{ print length($0), index($0, "#") }'
}
# The exit status in letters, so norm() keeps it.
status() {
	echo "exit $(echo "$1" | tr 0-9 a-j)"
}
# Run prof and perf with the same arguments; compare normalised outputs
# and, for std output, the columns. perf's name becomes prof's.
same() {
	check_cols=yes
	case " $* " in *" -x"*|*" -j "*) check_cols= ;; esac
	rc=0; "$PROF" stat "$@" >prof.out 2>&1 || rc=$?; status $rc >>prof.out
	rc=0; "$PERF" stat "$@" >perf.raw 2>&1 || rc=$?; status $rc >>perf.raw
	sed "s/perf /prof /g; s/'perf list'/'prof list'/" perf.raw >perf.out
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

# CGROUP (set here, in the prereq cache): -G needs root, a cgroup hierarchy with the perf_event controller and a
# cgroup of our own; a busy workload in it keeps both counts nonzero.
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
	same -a -e task-clock,page-faults -G $CG -- sleep 0.1 &&
	same -a -x, -e task-clock,page-faults -G $CG -- sleep 0.1 &&
	same -a -j -e task-clock,page-faults -G $CG -- sleep 0.1 &&
	same -a -I 100 -e task-clock -G $CG -- sleep 0.25 &&
	same -a --for-each-cgroup $CG -e task-clock,page-faults -- sleep 0.1 &&
	same -a -e task-clock,page-faults -G ,$CG -- sleep 0.1
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
