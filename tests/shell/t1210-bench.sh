#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='bench: perf bench'"'"'s framework and sched messaging, as perf 6.1 prints them'
. "$(dirname "$0")/test-lib.sh"

# shape FILE: the lines with the seconds as N.NNN (timing is never compared).
shape() {
	sed -E 's/[0-9]+\.[0-9]{3}( \[sec\])?$/N.NNN\1/' "$1"
}
# both NAME ARGS: perf bench ARGS and prof bench ARGS, the same shape.
both() {
	_n=$1 &&
	shift &&
	"$PERF" bench "$@" >"$_n.perf" 2>&1 &&
	"$PROF" bench "$@" >"$_n.prof" 2>&1 &&
	shape "$_n.perf" >"$_n.perf.s" &&
	shape "$_n.prof" >"$_n.prof.s" &&
	test_cmp_nonempty "$_n.perf.s" "$_n.prof.s"
}

test_expect_success PERF 'sched messaging: processes over socketpairs, perf'"'"'s lines' '
	both proc sched messaging -g 2 -l 10 &&
	grep -q "^# 20 sender and receiver processes per group$" proc.prof &&
	grep -q "^# 2 groups == 80 processes run$" proc.prof &&
	grep -q "^     Total time: [0-9]*\.[0-9][0-9][0-9] \[sec\]$" proc.prof
'

test_expect_success PERF 'threads (-t), pipes (-p), the long names, the defaults' '
	both thr sched messaging -t -p -g 1 -l 5 &&
	grep -q "^# 20 sender and receiver threads per group$" thr.prof &&
	grep -q "^# 1 groups == 40 threads run$" thr.prof &&
	both long sched messaging --thread --pipe --group 3 --nr_loops 2 &&
	grep -q "^# 3 groups == 120 threads run$" long.prof &&
	both dflt sched messaging -l 1 &&
	grep -q "^# 10 groups == 400 processes run$" dflt.prof
'

test_expect_success STRACE 'pipes and threads are what they say' '
	strace -f -qq -e trace=pipe,pipe2,socketpair,clone,clone3,fork,vfork -o p.trace \
		"$PROF" bench sched messaging -p -t -g 1 -l 1 >/dev/null &&
	grep -q "pipe" p.trace &&
	! grep -q "socketpair" p.trace &&
	grep -q "CLONE_THREAD" p.trace &&
	strace -f -qq -e trace=pipe,pipe2,socketpair,clone,clone3,fork,vfork -o s.trace \
		"$PROF" bench sched messaging -g 1 -l 1 >/dev/null &&
	grep -q "socketpair" s.trace &&
	! grep -q "CLONE_THREAD" s.trace
'

test_expect_success PERF '-f simple: the seconds alone; the listings; sched all' '
	both simple -f simple sched messaging -g 1 -l 2 &&
	grep -q "^[0-9]*\.[0-9][0-9][0-9]$" simple.prof &&
	test $(wc -l <simple.prof) = 1 &&
	"$PROF" bench >list.prof &&
	grep -q "^         sched: Scheduler and IPC benchmarks$" list.prof &&
	grep -q "^        # List of all available benchmark collections:$" list.prof &&
	"$PROF" bench sched >sched.prof &&
	"$PERF" bench sched >sched.perf &&
	grep -F "     messaging: Benchmark for scheduling and IPC" sched.perf >m.perf &&
	grep -F "     messaging: Benchmark for scheduling and IPC" sched.prof >m.prof &&
	test_cmp_nonempty m.perf m.prof &&
	"$PROF" bench sched all >all.prof &&
	grep -q "^# Running sched/messaging benchmark...$" all.prof
'

test_expect_success 'bad input: one line, non-zero' '
	test_expect_code 1 "$PROF" bench nosuch >ns.out 2>ns.err &&
	echo "Unknown collection: '"'"'nosuch'"'"'" >ns.exp &&
	test_cmp ns.exp ns.err &&
	test_expect_code 1 "$PROF" bench sched nosuch 2>nb.err &&
	echo "Unknown benchmark: '"'"'nosuch'"'"' for collection '"'"'sched'"'"'" >nb.exp &&
	test_cmp nb.exp nb.err &&
	test_expect_code 255 "$PROF" bench -f fancy sched messaging 2>nf.err &&
	test $(wc -l <nf.err) = 1 &&
	test_expect_code 255 "$PROF" bench -r 0 sched messaging 2>nr.err &&
	test $(wc -l <nr.err) = 1 &&
	test_expect_code 129 "$PROF" bench sched messaging -x 2>nx.err &&
	test_expect_code 129 "$PROF" bench sched messaging -g 2>ng.err
'

test_expect_success PERF_EVENTS,ROOT 'perf'"'"'s record_offcpu.sh child test: prof records prof bench' '
	test -f /usr/lib/perf-core/tests/shell/record_offcpu.sh &&
	mkdir -p pbin &&
	ln -sf "$PROF" pbin/perf &&
	PATH="$TRASH/pbin:$PATH" sh /usr/lib/perf-core/tests/shell/record_offcpu.sh >offcpu.out 2>&1 &&
	grep -q "^Child task off-cpu test \[Success\]$" offcpu.out
'

test_done
