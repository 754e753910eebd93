#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof diff against perf diff: live pairs of the diffwork helper and corpus pairs'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

C=$SHARED/corpus/perf-data
mkdir -p empty-symfs

# same ARGS...: prof diff prints perf diff's lines, with its exit status.
same() {
	rc=0 && { LC_ALL=C "$PERF" diff "$@" >perf.out 2>perf.err || rc=$?; } &&
	echo "exit $rc" >>perf.out &&
	rc=0 && { LC_ALL=C "$PROF" diff "$@" >prof.out 2>prof.err || rc=$?; } &&
	echo "exit $rc" >>prof.out &&
	test_cmp_nonempty perf.out prof.out
}

# rows: the entry lines of prof.out (no header, no exit line)
rows() {
	grep -v '^#' prof.out | grep -v '^exit ' | grep -v '^$'
}

# before.data and after.data: diffwork before and after its change
# (slowed() three times as long, removed() replaced by added());
# mid.data a third recording; cpu-*.data the same pair with cpu-clock.
test_expect_success PERF,PERF_EVENTS 'record before and after with perf' '
	"$PERF" record -q -e task-clock:u -o before.data -- "$HELPERS/diffwork" before 300 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock:u -o after.data -- "$HELPERS/diffwork" after 300 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock:u -o mid.data -- "$HELPERS/diffwork" after 100 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e cpu-clock:u -o cpu-before.data -- "$HELPERS/diffwork" before 200 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e cpu-clock:u -o cpu-after.data -- "$HELPERS/diffwork" after 200 \
		>/dev/null 2>&1
'

test_expect_success PERF,PERF_EVENTS 'the default view: Baseline and Delta Abs' '
	same before.data after.data &&
	same cpu-before.data cpu-after.data
'

test_expect_success PERF,PERF_EVENTS 'files prof record wrote: the lines of perf diff' '
	"$PROF" record -q -e task-clock -o pbefore.data -- "$HELPERS/diffwork" before 200 \
		>/dev/null 2>&1 &&
	"$PROF" record -q -e task-clock -g -o pafter.data -- "$HELPERS/diffwork" after 200 \
		>/dev/null 2>&1 &&
	same pbefore.data pafter.data &&
	same -c ratio -p -F pbefore.data pafter.data &&
	same pbefore.data after.data
'

test_expect_success PERF,PERF_EVENTS 'what changed shows as perf shows it' '
	same before.data after.data &&
	# slowed grew, added has no baseline, removed no delta
	rows | grep -E "^ +[0-9.]+% +\+[0-9.]+% +diffwork +\[\.\] slowed$" &&
	rows | grep -E "^ +\+[0-9.]+% +diffwork +\[\.\] added$" &&
	rows | grep -E "^ +[0-9.]+% +diffwork +\[\.\] removed$"
'

test_expect_success PERF,PERF_EVENTS 'computations and columns: -c, -p, -F, -o, -b' '
	for args in "-c delta" "-c delta-abs" "-c ratio" "-c wdiff:2,3" "-c ratio -F" \
		"-c wdiff:1,5 -F -p" "-p" "-F" "-p -F -c delta" "-o 0" "-o 0 -c ratio" \
		"-b" "-b -p -F" "--period --formula --baseline-only --order 0" \
		"--compute=ratio --order=1"
	do
		same $args before.data after.data || return 1
	done
'

test_expect_success PERF,PERF_EVENTS 'three files: a column per file, -o picks the sorting file' '
	for args in "" "-o 2" "-c ratio -o 2" "-c wdiff:1,1 -p" "-b" "-F -p" "-q"
	do
		same $args before.data after.data mid.data || return 1
	done &&
	same before.data after.data mid.data &&
	grep "^#  \[2\] mid.data $" prof.out &&
	grep "Delta Abs/2" prof.out
'

test_expect_success PERF,PERF_EVENTS 'sort keys, separators, -q, -v' '
	for args in "-s sym" "-s dso" "-s comm,dso,sym" "-s pid,sym" "-s cpu" "-s sym,dso" \
		"-t ," "-t , -p -F" "-c ratio -t ;" "-c wdiff:3,1 -t |" "-q" "-v" "-q -v" \
		"--symfs empty-symfs" "-f" "-s srcline"
	do
		same $args before.data after.data || return 1
	done
'

test_expect_success PERF,PERF_EVENTS 'filters: --dsos, --symbols, --comms, --pid, --tid, --percentage' '
	for args in "-d diffwork" "-S slowed,steady" "-S slowed" "-C diffwork" "-C nosuch" \
		"--pid 1" "--tid 1" "-d diffwork --percentage relative" \
		"-d diffwork --percentage relative -F" "-S slowed,removed --percentage absolute -F" \
		"-d diffwork -S slowed" "-S removed" "-S slowed,removed --percentage relative"
	do
		same $args before.data after.data || return 1
	done
'

test_expect_success PERF,PERF_EVENTS '--time: percentages, and one range per file with :' '
	first=$(LC_ALL=C "$PERF" script -i after.data -F time | sed -n "1s/[: ]//gp") &&
	last=$(LC_ALL=C "$PERF" script -i after.data -F time | sed -n "\$s/[: ]//gp") &&
	middle=$(echo "$first $last" | awk "{ printf \"%.6f\", (\$1 + \$2) / 2 }") &&
	for args in "--time 0%-50%" "--time 10%/2" "--time 0%-30%,60%-100%" \
		"--time 0%-50%:50%-100%" "--time $first,$middle" "--time ,$middle:$middle," \
		"--time $first,$middle:$middle,$last:1,2"
	do
		same $args after.data after.data || return 1
	done &&
	# one file split in two: the second half against the first
	same --time "$first,$middle:$middle," after.data after.data &&
	test $(rows | wc -l) -gt 0
'

test_expect_success PERF,PERF_EVENTS 'the default names: perf.data.old and perf.data' '
	mkdir -p defaults &&
	cp before.data defaults/perf.data.old &&
	cp after.data defaults/perf.data &&
	cp mid.data defaults/other.data &&
	(
		cd defaults &&
		same &&
		same other.data &&
		same -c ratio
	)
'

test_expect_success PERF,PERF_EVENTS '-D dumps both files, then the comparison' '
	same -D before.data after.data
'

test_expect_success PERF,PERF_EVENTS 'errors: perf words where stdout says it, perf statuses' '
	for args in "-o 2" "-t ." "--time bogus" "--time :1,2" "--time 1,2:" \
		"--cpu 0" "-c ratio:x" "--percentage bogus" "-c bogus" "-c wdiff:1" \
		"-c wdiff:0,1" "-s bogus" "-s dso_from" "--cycles-hist" "-k x"
	do
		same $args before.data after.data || return 1
	done &&
	same nosuch.data after.data &&
	same before.data nosuch.data
'

test_expect_success PERF,PERF_EVENTS 'what prof refuses: perf fails (255), prof says why' '
	for args in "--stream"
	do
		rc=0 && { "$PROF" diff $args before.data after.data >out 2>err || rc=$?; } &&
		test "$rc" = 255 && test -s err && ! test -s out || return 1
	done &&
	# fewer --time ranges than files: perf 6.1 crashes
	rc=0 && { "$PROF" diff --time 1,2:3,4 before.data after.data mid.data \
		>out 2>err || rc=$?; } &&
	test "$rc" = 234 && grep "^Invalid time string$" err
'

test_expect_success PERF,PERF_EVENTS '--noise: a z column after each file, the other columns as perf prints them' '
	same before.data after.data &&
	grep -v "^exit" prof.out >plain &&
	"$PROF" diff --noise before.data after.data >noise &&
	grep "^# Baseline  Delta Abs       z  Shared Object" noise &&
	# without the z column the lines are those of perf
	sed "s/^\(.\{21\}\)........\(.*\)$/\1\2/" noise >stripped &&
	test_cmp plain stripped &&
	# the changes the workload makes are far beyond noise
	grep -E "^ +[0-9.]+% +\+[0-9.]+% +\+[0-9.]+\* +diffwork +\[\.\] slowed$" noise &&
	grep -E "^ +\+[0-9.]+% +\+[0-9.]+\* +diffwork +\[\.\] added$" noise &&
	grep -E "^ +[0-9.]+% +-[0-9.]+\* +diffwork +\[\.\] removed$" noise &&
	"$PROF" diff --noise -t , before.data after.data >sep &&
	grep "^# Baseline,Delta Abs,     z,Shared Object" sep &&
	"$PROF" diff --noise before.data after.data mid.data >three &&
	grep "Delta Abs/2     z/2" three
'

# -m (perf's use_modules, already its default): the live kernel's module
# maps and symbols. This kernel has no modules (no /proc/modules), so what
# can be compared is that -m changes nothing, kernel samples included.
test_expect_success PERF,PERF_EVENTS '-m/--modules: the lines of perf diff -m' '
	"$PERF" record -q -e task-clock -o kbefore.data -- "$HELPERS/diffwork" before 100 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock -o kafter.data -- "$HELPERS/diffwork" after 100 \
		>/dev/null 2>&1 &&
	same -m kbefore.data kafter.data &&
	cp prof.out m.out &&
	same --modules -s dso,sym -c ratio kbefore.data kafter.data &&
	same -m before.data after.data &&
	same kbefore.data kafter.data &&
	test_cmp m.out prof.out
'

test_expect_success SHARED,PERF 'corpus pairs: the lines of perf diff' '
	d=$C/perf_data_converter/src_testdata &&
	for pair in "$d/single-event-single-process.perf.data $d/single-event-multi-process.perf.data" \
		"$d/single-event-multi-process.perf.data $d/with-callchain.perf.data" \
		"$d/multi-event-single-process.perf.data $d/single-event-single-process.perf.data" \
		"$d/single-event-single-process.perf.data $d/multi-event-single-process.perf.data" \
		"$C/hotspot/test-clients/cpp-recursion/perf.data.old $C/hotspot/test-clients/cpp-recursion/perf.data"
	do
		same --symfs empty-symfs $pair &&
		same --symfs empty-symfs -c ratio -p -F $pair &&
		same --symfs empty-symfs -s comm,dso -b $pair || return 1
	done &&
	same --symfs empty-symfs $d/single-event-single-process.perf.data \
		$d/single-event-multi-process.perf.data $d/with-callchain.perf.data
'

test_done
