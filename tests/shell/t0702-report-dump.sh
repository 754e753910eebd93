#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report -D and -T print what perf report -D and -T print'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# same_dump FILE: prof report -D prints perf's bytes (records, order, stats).
same_dump() {
	data=$1 &&
	shift &&
	LC_ALL=C "$PERF" report -D -i "$data" "$@" >perf.out 2>/dev/null &&
	LC_ALL=C "$PROF" report -D -i "$data" "$@" >prof.out 2>prof.err &&
	test_cmp_nonempty perf.out prof.out
}

# same_threads FILE OPTIONS...: the -T table after the profile (tips are random).
same_threads() {
	data=$1 &&
	shift &&
	LC_ALL=C "$PERF" report -T --stdio -i "$data" "$@" >perf.raw 2>/dev/null &&
	grep -v '^# (Tip:' perf.raw >perf.out &&
	LC_ALL=C "$PROF" report -T --stdio -i "$data" "$@" >prof.raw 2>prof.err &&
	grep -v '^# (Tip:' prof.raw >prof.out &&
	test_cmp_nonempty perf.out prof.out
}

test_expect_success PERF,PERF_EVENTS 'record small profiles with perf and prof' '
	"$PERF" record -q -o flat.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	"$PERF" record -q -g -o g.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	"$PERF" record -q -e cpu-clock,task-clock -o two.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	"$PERF" record -q -s -o read.data -- sh -c ": ; \"$HELPERS/demo\" 20" >/dev/null 2>&1 &&
	"$PERF" record -q -g -o - -- "$HELPERS/demo" 20 2>/dev/null >pipe.data &&
	"$PROF" record -g -o prof.data -- "$HELPERS/demo" 20 >/dev/null 2>&1
'

for f in flat g two read pipe prof; do
	test_expect_success PERF,PERF_EVENTS "report -D: $f.data" "
		same_dump $f.data
	"
done

test_expect_success PERF,PERF_EVENTS 'report -D with --header, -I --header, --header-only, -q and filters' '
	same_dump flat.data --header &&
	same_dump flat.data -I --header &&
	same_dump flat.data --header-only &&
	same_dump g.data -q &&
	same_dump flat.data -c demo -d x -S y
'

test_expect_success PERF,PERF_EVENTS 'report -D --stats: the stats tool'"'"'s stubs, in file order' '
	same_dump flat.data --stats &&
	same_dump two.data --stats &&
	same_dump read.data --stats &&
	same_dump pipe.data --stats &&
	grep -q "PERF_RECORD_MMAP2: unhandled!" prof.out
'

test_expect_success PERF,SHARED 'report -D --stats: corpus (lost samples, switches, AUX, ITRACE_START)' '
	same_dump "$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.lost_samples-4.4" --stats &&
	same_dump "$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.ctx_switch_namespaces-4.14" --stats &&
	same_dump "$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.hybrid_topology" --stats &&
	same_dump "$SHARED/corpus/perf-data/simpleperf/testdata/etm/perf_etm.data" --stats
'

test_expect_success PERF,PERF_EVENTS 'report -D: a stream on standard input' '
	LC_ALL=C "$PERF" report -D -i - <pipe.data >perf.out 2>/dev/null &&
	LC_ALL=C "$PROF" report -D -i - <pipe.data >prof.out 2>prof.err &&
	test_cmp_nonempty perf.out prof.out
'

test_expect_success PERF,SYSWIDE 'report -D: system wide with a tracepoint (cpu column, raw data)' '
	"$PERF" record -q -a -e cpu-clock,sched:sched_switch -o sw.data -- sleep 0.05 >/dev/null 2>&1 &&
	same_dump sw.data
'

test_expect_success PERF,PERF_EVENTS 'script -D: the records as report -D'"'"'s, with script'"'"'s lines after each sample' '
	for f in flat g two pipe prof; do
		for o in "" "-F comm,tid,ip,sym" "--show-task-events --show-mmap-events"; do
			LC_ALL=C "$PERF" script -D -i $f.data $o >perf.out 2>/dev/null &&
			LC_ALL=C "$PROF" script -D -i $f.data $o >prof.out 2>prof.err &&
			test_cmp_nonempty perf.out prof.out || { echo "script -D $o on $f.data differs"; return 1; }
		done || return 1
	done &&
	grep -q "^ \.\.\. thread: demo:[0-9]*$" prof.out &&
	grep -q "PERF_RECORD_MMAP2 .*demo$" prof.out &&
	LC_ALL=C "$PERF" script -D -i - <pipe.data >perf.out 2>/dev/null &&
	LC_ALL=C "$PROF" script -D -i - <pipe.data >prof.out 2>prof.err &&
	test_cmp_nonempty perf.out prof.out
'

test_expect_success PERF,PERF_EVENTS 'report -T: per-thread READ counts (perf record -s)' '
	same_threads read.data &&
	grep -q "^#  *PID  *TID  *cpu-clock" prof.out &&
	test $(sed -n "/^#  *PID/,\$p" prof.out | wc -l) -gt 1
'

test_expect_success PERF,PERF_EVENTS 'report -T --pretty: perf'"'"'s raw table, or the pretty one' '
	same_threads read.data --pretty raw &&
	grep -q "^#  *PID  *TID  *Name  *Raw  *Count$" prof.out &&
	same_threads read.data --pretty=normal &&
	same_threads read.data --pretty bogus -s pid &&
	same_threads flat.data --pretty raw
'

test_expect_success PERF,PERF_EVENTS 'report -T: no READ records, only the heading' '
	same_threads flat.data &&
	same_threads g.data --no-children &&
	tail -1 prof.out | grep -q "^# PID  TID\$"
'

C=$SHARED/corpus/perf-data
for f in android_perfprofd/canned.perf.data \
	 chromiumos_quipper_history/perf.data.systemwide.0.next \
	 perf_data_converter/quipper_testdata/perf.data.i686-3.4 \
	 perf_data_converter/quipper_testdata/perf.data.armv7-3.4 \
	 perf_data_converter/quipper_testdata/perf.data.throttle-3.8 \
	 perf_data_converter/src_testdata/with-callchain.perf.data \
	 simpleperf/testdata/perf_with_two_event_types.data \
	 perf_data_converter/quipper_testdata/perf.data.lost_samples-4.4 \
	 perf_data_converter/quipper_testdata/perf.data.ctx_switch_namespaces-4.14 \
	 perf_data_converter/quipper_testdata/perf.data.branch-4.14 \
	 perf_data_converter/quipper_testdata/perf.data.branch_stack_hw_index \
	 perf_data_converter/quipper_testdata/perf.data.weight_struct \
	 perf_data_converter/quipper_testdata/perf.data.piped.header_feautres_group_desc-6.8 \
	 perfparser/tests_auto_perfdata/contentsize.data \
	 perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data \
	 perfparser/tests_auto_perfdata/fork_static_gcc/perf.data.zstd \
	 linux-perf-data/fixtures/sleep.compressed.pipe.data \
	 simpleperf/testdata/perf_g_fp.data \
	 simpleperf/testdata/perf_with_arm_regs.data; do
	test_expect_success PERF,SHARED "report -D: corpus $f" "
		same_dump $C/$f
	"
done

test_expect_success SHARED 'report -D on fuzzed files: output or one error, never a crash' '
	for f in "$SHARED"/corpus/perf-data/perf_data_converter/quipper_fuzz_corpus/*; do
		for m in "" --stats; do
			rc=0 &&
			"$PROF" report -D $m -i "$f" >out 2>err || rc=$?
			if test $rc -ne 0 && test $rc -ne 255; then
				echo "exit $rc: report -D $m $f" && return 1
			fi
		done
	done
'

test_lazy_prereq SCRIPT 'command -v script'

test_expect_success PERF,PERF_EVENTS,SCRIPT 'report -D and --stats page on a terminal, as perf does' '
	script -qec "PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" report -D -i flat.data" /dev/null </dev/null >out &&
	grep -q "^PAGED:Aggregated stats:" out &&
	script -qec "PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" report --stats -i flat.data" /dev/null </dev/null >out &&
	grep -q "^PAGED:Aggregated stats:" out
'

test_expect_success 'report -D on a missing file: one error, exit 255' '
	test_expect_code 255 "$PROF" report -D -i nonexistent.data >out 2>err &&
	grep -q nonexistent.data err
'

test_done
