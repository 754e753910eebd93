#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='evlist and buildid-list print what perf 6.1 prints'
. "$(dirname "$0")/test-lib.sh"
PROF_BUILDID_DIR="$TRASH/cache" PERF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR PERF_BUILDID_DIR

test_lazy_prereq SCHED_TP '
	test -d /sys/kernel/tracing/events/sched/sched_switch ||
	test -d /sys/kernel/debug/tracing/events/sched/sched_switch
'

# both CMD ARGS: perf's and prof's output of CMD ARGS, the same lines.
both() {
	"$PERF" "$@" >perf.out 2>perf.err &&
	"$PROF" "$@" >prof.out 2>prof.err &&
	test_cmp_nonempty perf.out prof.out
}
# evlist_all FILE: every option of evlist on FILE, as perf's.
evlist_all() {
	for o in "" -v -F -g --trace-fields "-F --trace-fields" "-g --trace-fields"; do
		both evlist -i "$1" $o || { echo "evlist -i $1 $o"; return 1; }
	done
}

test_expect_success PERF,PERF_EVENTS 'recordings: software events, -c and -F, several -e, groups' '
	"$PROF" record -q -o sw.data -e task-clock -e page-faults -e cpu-clock:u \
		-- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	evlist_all sw.data &&
	"$PROF" record -q -o c.data -e task-clock -c 100000 -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	evlist_all c.data &&
	"$PROF" record -q -o f.data -F 997 -e "{task-clock,page-faults}" -e cpu-clock \
		-- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	evlist_all f.data &&
	grep -q "^{task-clock,page-faults}$" prof.out &&
	"$PERF" record -q -o p.data -e "{cpu-clock,faults}:u" -e task-clock -c 500000 \
		-- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	evlist_all p.data
'

test_expect_success PERF,PERF_EVENTS,SCHED_TP 'recordings: tracepoints and their fields' '
	"$PROF" record -q -o tp.data -e sched:sched_switch -e task-clock \
		-- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	evlist_all tp.data &&
	"$PROF" evlist --trace-fields -i tp.data >tf.out &&
	grep -q "^sched:sched_switch: trace_fields: prev_comm," tf.out
'

test_expect_success PERF,PERF_EVENTS 'evlist -g -v is refused as perf refuses it' '
	test_expect_code 129 "$PERF" evlist -g -F -i sw.data 2>perf.err &&
	test_expect_code 129 "$PROF" evlist -g -F -i sw.data 2>prof.err &&
	sed -n 1p perf.err >perf.first &&
	sed -n 1p prof.err >prof.first &&
	test_cmp_nonempty perf.first prof.first
'

test_expect_success PERF,PERF_EVENTS 'a pipe: the events perf names alike, prof names the rest' '
	"$PROF" record -q -o - -e task-clock -e page-faults -- "$HELPERS/demo" 50 \
		2>/dev/null >pipe.data &&
	for o in "" -v -F; do
		"$PERF" evlist -i - $o <pipe.data >perf.out &&
		"$PROF" evlist -i - $o <pipe.data >prof.out &&
		test_cmp_nonempty perf.out prof.out || return 1
	done &&
	"$PROF" record -q -o - -e "{task-clock,page-faults}" -- "$HELPERS/demo" 50 \
		2>/dev/null >gpipe.data &&
	"$PROF" evlist -g -i - <gpipe.data >prof.out &&
	echo "{task-clock,page-faults}" >want &&
	test_cmp want prof.out
'

test_expect_success PERF,PERF_EVENTS 'buildid-list of recordings, with and without -H' '
	"$PROF" record -q -o b.data -e task-clock -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	both buildid-list -i b.data &&
	both buildid-list -i b.data -H &&
	"$PERF" record -q -o pb.data -e task-clock -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	both buildid-list -i pb.data &&
	both buildid-list -i pb.data -H &&
	both buildid-list -i "$HELPERS/demo" &&
	both buildid-list -k
'

# A period (-c) drops PERIOD from the samples, and :u leaves the kernel
# out: record still finds the DSOs the samples hit, and lists no kernel
# (it maps none), as perf record does for the same command.
test_expect_success PERF,PERF_EVENTS 'record -c 1 -e task-clock:u: the table lists the DSOs hit, as perf'"'"'s' '
	"$PROF" record -q -o u.data -e task-clock:u -c 1 -- "$HELPERS/demo" 1 >/dev/null 2>&1 &&
	"$PERF" record -q -o pu.data -e task-clock:u -c 1 -- "$HELPERS/demo" 1 >/dev/null 2>&1 &&
	"$PROF" buildid-list -i u.data | sort >prof.ids &&
	"$PERF" buildid-list -i pu.data | sort >perf.ids &&
	test_cmp_nonempty perf.ids prof.ids &&
	grep -q " .*/demo$" prof.ids &&
	! grep -q "kernel.kallsyms" prof.ids &&
	"$PERF" report -i u.data --header-only 2>/dev/null | grep -q "^# time of first sample : [1-9]"
'

test_expect_success PERF,PERF_EVENTS 'buildid-list of a pipe' '
	"$PROF" record -q -o - -e task-clock:u -- "$HELPERS/demo" 100 2>/dev/null >b.pipe &&
	for o in "" -H; do
		"$PERF" buildid-list $o -i - <b.pipe | sed "s|/tmp/perf-vdso.so-......$|[vdso]|" >perf.out &&
		"$PROF" buildid-list $o -i - <b.pipe >prof.out &&
		test_cmp_nonempty perf.out prof.out || return 1
	done
'

# perf inject -b puts a DSO's build-id record before its first sample:
# the records are read in time order, so the DSOs come in the order
# those records name them, as in perf.
test_expect_success PERF,PERF_EVENTS 'buildid-list of perf inject -b'"'"'s stream' '
	"$PERF" inject -b -i - -o bi.pipe <b.pipe &&
	for o in "" -H; do
		"$PERF" buildid-list $o -i - <bi.pipe >perf.out &&
		"$PROF" buildid-list $o -i - <bi.pipe >prof.out &&
		test_cmp_nonempty perf.out prof.out || return 1
	done
'

# The running kernel's maps (this kernel has no modules: the kernel's line
# only); as another user, kallsyms hides the addresses.
test_expect_success PERF 'buildid-list -m, -k -m: the running kernel'"'"'s maps as perf'"'"'s' '
	"$PERF" buildid-list -m >perf.out &&
	"$PROF" buildid-list -m >prof.out &&
	test_cmp_nonempty perf.out prof.out &&
	"$PERF" buildid-list --kernel-maps -k >perf.out &&
	"$PROF" buildid-list --kernel-maps -k >prof.out &&
	test_cmp_nonempty perf.out prof.out
'

test_expect_success PERF,ROOT 'buildid-list -m as a user kallsyms hides the addresses from' '
	(cd / && su nobody -s /bin/sh -c "\"$PERF\" buildid-list -m") >perf.out &&
	(cd / && su nobody -s /bin/sh -c "\"$PROF\" buildid-list -m") >prof.out &&
	test_cmp_nonempty perf.out prof.out
'

test_expect_success 'bad input: one line and a failure' '
	test_expect_code 255 "$PROF" evlist -i no-such.data 2>err &&
	test_line_count = 1 err &&
	test_expect_code 255 "$PROF" buildid-list -i no-such.data 2>err &&
	test_line_count = 1 err &&
	echo "no perf data" >junk.data &&
	test_expect_code 255 "$PROF" evlist -i junk.data 2>err &&
	test_line_count = 1 err &&
	test_expect_code 255 "$PROF" buildid-list -i junk.data 2>err &&
	test_line_count = 1 err
'

# The corpus: every file perf 6.1 reads (file mode; pipes are read above;
# the fuzz inputs, which perf half-reads and prof refuses, are t0303's).
test_expect_success PERF,SHARED 'corpus: evlist and buildid-list as perf 6.1' '
	n=0 &&
	while read -r f; do
		p="$SHARED/corpus/perf-data/$f" &&
		case $f in
		*piped*|*stream*|*pipe*|*fuzz*) continue ;;
		esac &&
		evlist_all "$p" &&
		"$PERF" buildid-list -i "$p" 2>/dev/null | sed "s|/tmp/perf-vdso.so-......$|[vdso]|" >perf.out &&
		"$PROF" buildid-list -i "$p" >prof.out 2>/dev/null &&
		test_cmp perf.out prof.out &&
		n=$((n + 1)) || { echo "corpus file $f"; return 1; }
	done <"$SHARED/corpus/readable-by-perf61.txt" &&
	test "$n" -gt 50
'

test_done
