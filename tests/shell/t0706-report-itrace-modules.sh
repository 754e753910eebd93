#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report --itrace and -m/--modules against perf report 6.1'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

# same DATA OPTIONS...: perf's stdout (tips aside), stderr and exit status.
same() {
	data=$1 &&
	shift &&
	prc=0 &&
	{ LC_ALL=C "$PERF" report -i "$data" --stdio "$@" >perf.raw 2>perf.eraw || prc=$?; } &&
	sed '/^# (Tip:/d' perf.raw >perf.out &&
	sed "s/Usage: perf /Usage: prof /" perf.eraw >perf.err &&
	rc=0 &&
	{ LC_ALL=C "$PROF" report -i "$data" --stdio "$@" >prof.raw 2>prof.err || rc=$?; } &&
	sed '/^# (Tip:/d' prof.raw >prof.out &&
	test_cmp perf.out prof.out &&
	test_cmp perf.err prof.err &&
	{ test $rc = $prc || { echo "exit $rc, perf $prc"; return 1; }; }
}

test_expect_success PERF,PERF_EVENTS 'record with perf (no AUX area trace)' '
	"$PERF" record -q -e task-clock -o t.data -- "$HELPERS/demo" 100 >/dev/null 2>&1
'

# perf 6.1 reads the options even with no trace to decode: its grammar
# decides, "l"/"L" switch to branch histograms (none here: no samples).
for it in "" i i100us "i 5 us" i10ns i5i i0 "b,c" ibxwpe cewp "e+o+l" e-o "d+a" dl \
	  g g1024 "g 5" G l64 L l1024 s0 "s 3" qq AZ I "," zzz y i1x i10,b i10b i5u \
	  i1mss e+ ez e++o e+A x+o g0 g1025 G4096 l0 l1025 s Zz; do
	test_expect_success PERF,PERF_EVENTS "--itrace=$it on a file without AUX data" "
		same t.data --itrace='$it'
	"
done

test_expect_success PERF,PERF_EVENTS '--itrace as the last option, no value' '
	same t.data --itrace
'

# An AUX area trace (Intel PT) perf decodes and prof does not: with
# --itrace prof refuses it, in a file and in a stream.
for f in perf.data.intel_pt-4.14 perf.data.piped.intel_pt-4.14; do
	test_expect_success SHARED "--itrace on $f: refused, named" "
		data=\$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/$f &&
		test_must_fail \"\$PROF\" report -i \"\$data\" --stdio --itrace=i1us >out 2>err &&
		grep \"^--itrace: .*$f holds an AUX area trace (Intel PT, CoreSight, SPE...), which prof does not decode\" err &&
		! grep Overhead out
	"
done

test_expect_success SHARED 'without --itrace the Intel PT file still reports its samples' '
	"$PROF" report -i "$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14" \
		--stdio >out 2>err &&
	grep "^# Samples: 15  of event .cycles." out
'

# -m/--modules is perf's default: the running kernel's modules. This
# machine's kernel has none (no /proc/modules): the same report either way.
for m in -m --modules --no-modules; do
	test_expect_success PERF,PERF_EVENTS "$m" "
		same t.data $m &&
		same t.data $m --sort dso
	"
done

test_done
