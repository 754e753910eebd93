#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof flamegraph: folded stacks as perf script | stackcollapse-perf.pl'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME
FG=$SHARED/tools/FlameGraph

# folds DATA [OPTION...]: prof flamegraph --folded folds DATA as the real
# stackcollapse-perf.pl folds perf script's output, line for line. --pid
# and --tid need the pid in perf script's output (the script's usage says
# so): then perf script -F comm,pid,tid,time,period,event,trace,ip,sym,dso
# (trace: a tracepoint's line is then the default one, which the script
# takes no event name from).
folds() {
	data=$1 &&
	shift &&
	case " $* " in
	*" --pid "* | *" --tid "*)
		"$PERF" script -i "$data" -F comm,pid,tid,time,period,event,trace,ip,sym,dso \
			>perf.script 2>/dev/null ;;
	*)
		"$PERF" script -i "$data" >perf.script 2>/dev/null ;;
	esac &&
	"$FG/stackcollapse-perf.pl" "$@" <perf.script >perf.folded 2>/dev/null &&
	"$PROF" flamegraph -i "$data" -o - --folded "$@" >prof.folded 2>prof.err &&
	test_cmp_nonempty perf.folded prof.folded
}

# every_option DATA [OPTION]: folds for each stackcollapse option prof
# takes (OPTION instead of --addrs).
every_option() {
	for o in "" --kernel --jit --all ${2:---addrs} --pid --tid "--pid --kernel"; do
		folds "$1" $o || return 1
	done
}

test_expect_success PERF,PERF_EVENTS 'record: frame pointers, dwarf, a comm with blanks and digits' '
	"$PERF" record -q -g -e task-clock -o fp.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o dwarf.data -- "$HELPERS/optwork" 100 \
		>/dev/null 2>&1 &&
	cp "$HELPERS/optwork" "./my 12 work" &&
	"$PERF" record -q -g -e cpu-clock -o comm.data -- "./my 12 work" 50 >/dev/null 2>&1
'

test_expect_success PERF,PERF_EVENTS,SHARED 'frame pointer chains: every stackcollapse option' '
	every_option fp.data
'

test_expect_success PERF,PERF_EVENTS,SHARED 'dwarf chains with inlined frames, demangled' '
	every_option dwarf.data &&
	grep -q ";main;opt_inlined_caller;run_work;prof::work" prof.folded
'

test_expect_success PERF,PERF_EVENTS,SHARED 'a comm is cut where the script cuts it' '
	every_option comm.data &&
	grep -q "^my-?;" prof.folded
'

test_expect_success PERF,SYSWIDE,SHARED 'system-wide (-a)' '
	"$PERF" record -q -a -g -e cpu-clock -o all.data -- sleep 0.3 >/dev/null 2>&1 &&
	every_option all.data
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,SHARED 'tracepoint samples weigh 1' '
	"$PERF" record -q -g -e sched:sched_process_exec -e task-clock -o tp.data -- \
		sh -c "for i in 1 2 3; do /bin/true; done; \"$HELPERS/demo\" 50" >/dev/null 2>&1 &&
	every_option tp.data
'

CORPUS=$SHARED/corpus/perf-data
# Files with call chains from other machines (perf 3.4 to 6.x), with frames
# in kernel modules (--addrs: see the known failure below).
test_expect_success PERF,SHARED 'corpus files with call chains' '
	for f in chromiumos_quipper_history/perf.data.callgraph.next \
		perf_data_converter/quipper_testdata/perf.data.callgraph-3.8 \
		perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.4 \
		perf_data_converter/quipper_testdata/perf.data.raw_callgraph_branch-3.4 \
		simpleperf/testdata/generated_by_linux_perf.data; do
		every_option "$CORPUS/$f" --all || return 1
	done
'

# perf script prints the address of a frame without a symbol in a module
# of another machine as the kernel address; resolved_sample.addrs[] has
# the module-relative one.
test_expect_failure PERF,SHARED '--addrs: module frames of another machine by kernel address' '
	folds "$CORPUS/perf_data_converter/quipper_testdata/perf.data.callgraph-3.8" --addrs
'

test_expect_success PERF,PERF_EVENTS 'weights: the period, or samples with --count samples' '
	"$PROF" flamegraph -i fp.data -o - --folded >period.folded &&
	"$PROF" flamegraph -i fp.data -o - --folded --count samples >count.folded &&
	n=$("$PERF" script -i fp.data -F period 2>/dev/null | wc -l) &&
	awk -v n="$n" "{ s += \$NF } END { exit s != n }" count.folded &&
	"$PERF" script -i fp.data -F period 2>/dev/null | awk "{ s += \$1 } END { print s }" >p.sum &&
	awk "{ s += \$NF } END { print s }" period.folded >f.sum &&
	test_cmp p.sum f.sum
'

test_expect_success PERF,PERF_EVENTS '-o FILE.folded writes the file' '
	"$PROF" flamegraph -i fp.data -o out.folded &&
	"$PROF" flamegraph -i fp.data -o - --folded >stdout.folded &&
	test_cmp_nonempty stdout.folded out.folded
'

test_expect_success 'bad arguments' '
	test_must_fail "$PROF" flamegraph -i nosuch.data -o - --folded 2>err &&
	grep -q nosuch.data err &&
	test_must_fail "$PROF" flamegraph --count bytes -o - --folded 2>err &&
	grep -q "period or samples" err &&
	test_must_fail "$PROF" flamegraph -o - 2>err &&
	grep -q "needs --folded" err
'

test_done
