#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof data convert --to-pprof, read by the real pprof: its -top and -traces against prof report and prof script'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME
FOLD="$SRCDIR/tests/shell/profile-fold.py"

# The real pprof, built once from Debian's sources (golang-go,
# golang-github-google-pprof-dev) beside the test helpers, offline.
PPROF_BIN=${PPROF_BIN:-$HELPERS/../pprof/pprof}
test_lazy_prereq PPROF '
	if ! test -x "$PPROF_BIN"; then
		mkdir -p "$(dirname "$PPROF_BIN")" &&
		GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= GOCACHE="$TRASH/gocache" \
			go build -o "$PPROF_BIN.tmp" github.com/google/pprof &&
		mv "$PPROF_BIN.tmp" "$PPROF_BIN"
	fi &&
	"$PPROF_BIN" -h 2>&1 | grep -q -F "pprof <format> [options]"
'
pprof() {
	"$PPROF_BIN" -symbolize=none "$@"
}

test_lazy_prereq CC 'printf "int main(void) { return 0; }\n" >cc.c && cc -o cc cc.c'

# tests/shell/convert-work.c: a call tree and an inlined function (mixin,
# line 11, in leaf_x at line 17), built here with frame pointers in every
# function (-O0: gcc -O1 leaves them out of leaf functions) and debug info.
cp "$SRCDIR/tests/shell/convert-work.c" work.c

# same_top DATA [--noinlines]: pprof -top's flat and cum percentages of
# DATA's pprof file are prof report's Self and Children, function by
# function.
same_top() {
	rm -f "$1.pb.gz" &&
	"$PROF" data convert --to-pprof "$1.pb.gz" -i "$1" 2>"$1.conv.err" &&
	pprof -top ${2:+-noinlines} -nodecount=1000000 -nodefraction=0 -edgefraction=0 \
		"$1.pb.gz" >"$1.top" &&
	"$PROF" report --stdio --no-children --sort sym -g none -i "$1" >"$1.self" 2>/dev/null &&
	"$PROF" report --stdio --children --sort sym -g none -i "$1" >"$1.children" 2>/dev/null &&
	python3 "$FOLD" top "$1.top" "$1.self" "$1.children" "$1.top.pprof" "$1.top.prof" ${2-} &&
	test_cmp_nonempty "$1.top.prof" "$1.top.pprof"
}

# same_traces DATA: pprof -traces' stacks, with their sample counts and
# threads, are prof script's.
same_traces() {
	pprof -traces -sample_index=samples "$1.pb.gz" >"$1.traces" &&
	"$PROF" script -F pid,tid,ip,sym -i "$1" >"$1.script" 2>/dev/null &&
	python3 "$FOLD" traces "$1.traces" >"$1.traces.pprof" &&
	python3 "$FOLD" script "$1.script" >"$1.traces.prof" &&
	test_cmp_nonempty "$1.traces.prof" "$1.traces.pprof"
}

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS 'frame pointers, cpu-clock: pprof -top and -traces are report and script' '
	cc -O0 -g -fno-omit-frame-pointer -o work work.c &&
	"$PROF" record -q -e cpu-clock -F 4000 -g -o fp.data -- ./work 2 >/dev/null 2>&1 &&
	same_top fp.data &&
	grep -q "^leaf_x " fp.data.top.pprof &&
	grep -q "^work_b " fp.data.top.pprof &&
	same_traces fp.data &&
	grep -q ";leaf_y;work_b;main;" fp.data.traces.pprof &&
	grep -q "^\[ perf data convert: Converted '\''fp.data'\'' into pprof data '\''fp.data.pb.gz'\'' \]$" \
		fp.data.conv.err
'

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS '--call-graph dwarf, task-clock: inlined functions are lines of one location' '
	"$PROF" record -q -e task-clock -F 4000 --call-graph dwarf -o dw.data -- ./work 2 \
		>/dev/null 2>&1 &&
	same_top dw.data --noinlines &&
	same_traces dw.data &&
	grep -q ";mixin;leaf_x;work_a;main;" dw.data.traces.pprof &&
	pprof -traces dw.data.pb.gz >dw.tr &&
	grep -q "mixin (inline)" dw.tr &&
	pprof -raw dw.data.pb.gz >dw.raw &&
	# one location: mixin, then leaf_x, which it is inlined in
	grep -A1 " mixin work.c:11 " dw.raw | grep -q "^ *leaf_x .*/work.c:17 s=[1-9][0-9]*$"
'

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS 'sample types, period, mappings with build-ids, labels, times' '
	pprof -raw fp.data.pb.gz >fp.raw &&
	grep -qx "PeriodType: cpu-clock nanoseconds" fp.raw &&
	grep -qx "Period: 0" fp.raw &&
	grep -q "^samples/count cpu-clock/nanoseconds\[dflt\]" fp.raw &&
	"$PROF" buildid-list -i fp.data >fp.bids &&
	bid=$(awk "/\/work\$/ { print \$1 }" fp.bids) &&
	test -n "$bid" &&
	grep "^1: 0x[0-9a-f]*/0x[0-9a-f]*/0x[0-9a-f]* $TRASH/work $bid \[FN\]" fp.raw &&
	grep -q "comm:\[work\] thread_comm:\[work\]" fp.raw &&
	grep -q "pid:\[[1-9][0-9]*\] tid:\[[1-9][0-9]*\]" fp.raw &&
	pprof -top fp.data.pb.gz >fp.top2 &&
	grep -q "^File: work$" fp.top2 &&
	grep -q "^Build ID: $bid$" fp.top2 &&
	grep -q "^Time: " fp.top2 &&
	grep -q "^Duration: [0-9]" fp.top2 &&
	grep -q "^Type: cpu-clock$" fp.top2
'

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS 'a fixed period; two events, -e' '
	"$PROF" record -q -e task-clock -c 100000 -g -o period.data -- ./work 1 >/dev/null 2>&1 &&
	"$PROF" data convert --to-pprof period.pb.gz -i period.data 2>/dev/null &&
	pprof -raw period.pb.gz >period.raw &&
	grep -qx "PeriodType: task-clock nanoseconds" period.raw &&
	grep -qx "Period: 100000" period.raw &&
	awk "/^ *[0-9]+ +[0-9]+: / { n++; if (\$2 + 0 != 100000 * \$1) bad++ } END { exit !n || bad }" \
		period.raw &&
	"$PROF" record -q -e task-clock,page-faults -g -o two.data -- ./work 1 >/dev/null 2>&1 &&
	"$PROF" data convert --to-pprof two.pb.gz -i two.data 2>/dev/null &&
	pprof -raw two.pb.gz >two.raw &&
	grep -q "^samples/count task-clock/nanoseconds\[dflt\] page-faults/count$" two.raw &&
	"$PROF" data convert --to-pprof e.pb.gz -i two.data -e page-faults 2>/dev/null &&
	pprof -raw e.pb.gz >e.raw &&
	grep -q "^samples/count page-faults/count\[dflt\]$" e.raw &&
	"$PROF" script -i two.data -F event >ev &&
	grep -c "page-faults" ev >want &&
	pprof -top -sample_index=samples e.pb.gz >e.top &&
	grep "Total samples = $(cat want) *$" e.top
'

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS '--time, --pid, --comms keep what prof script keeps' '
	"$PROF" script -i fp.data --time 0%-50% -F pid,tid,ip,sym >half.script 2>/dev/null &&
	"$PROF" data convert --to-pprof half.pb.gz -i fp.data --time 0%-50% 2>/dev/null &&
	pprof -traces -sample_index=samples half.pb.gz >half.traces &&
	python3 "$FOLD" traces half.traces >half.pprof &&
	python3 "$FOLD" script half.script >half.prof &&
	test_cmp_nonempty half.prof half.pprof &&
	! test_cmp half.prof fp.data.traces.prof &&
	pid=$(sed -n "s/^\([0-9]*\)\/.*/\1/p" fp.data.traces.prof | head -1) &&
	"$PROF" data convert --to-pprof pid.pb.gz -i fp.data --pid "$pid" 2>/dev/null &&
	pprof -traces -sample_index=samples pid.pb.gz >pid.traces &&
	python3 "$FOLD" traces pid.traces >pid.pprof &&
	test_cmp_nonempty fp.data.traces.prof pid.pprof &&
	"$PROF" data convert --to-pprof none.pb.gz -i fp.data --comms nosuch 2>none.err &&
	grep -q "the filters left none of the [0-9]* samples" none.err &&
	pprof -top none.pb.gz >none.top &&
	grep -q "^Showing nodes accounting for 0, 0% of 0 total$" none.top
'

test_expect_success PPROF,PYTHON3,CC,PERF_EVENTS 'a pipe' '
	"$PROF" record -q -e cpu-clock -g -o - -- ./work 1 >pipe.data 2>/dev/null &&
	"$PROF" data convert --to-pprof pipe.data.pb.gz -i - <pipe.data 2>/dev/null &&
	same_traces pipe.data
'

C=$SHARED/corpus/perf-data
test_expect_success PPROF,PYTHON3,SHARED 'corpus: --call-graph dwarf (perf 4.18), frame pointers (perf 3.16)' '
	for f in perfparser/tests_auto_perfdata/vector_static_gcc/perf.data \
		 perf_data_converter/src_testdata/with-callchain.perf.data \
		 hotspot/test-clients/cpp-recursion/perf.data; do
		cp "$C/$f" corpus.data &&
		"$PROF" data convert -f --to-pprof corpus.data.pb.gz -i corpus.data 2>/dev/null &&
		same_traces corpus.data || return 1
	done
'

test_expect_success 'refusals: two formats, filters with --to-json' '
	test_expect_code 255 "$PROF" data convert --to-json a --to-pprof b 2>err &&
	grep -q "one output format at a time" err &&
	test_expect_code 255 "$PROF" data convert --to-json a --pid 1 2>err &&
	grep -q "select the samples of --to-pprof" err &&
	! test -e a && ! test -e b
'

test_expect_success PPROF,CC,PERF_EVENTS 'refusals: an unknown event, a bad time, an existing file' '
	test_expect_code 255 "$PROF" data convert --to-pprof x.pb.gz -i fp.data -e nosuch 2>err &&
	grep -q "event .nosuch. is not in fp.data" err &&
	test_expect_code 255 "$PROF" data convert --to-pprof x.pb.gz -i fp.data --time xyz 2>err &&
	grep -q "Invalid time string" err &&
	echo keep >x.pb.gz &&
	test_expect_code 255 "$PROF" data convert --to-pprof x.pb.gz -i fp.data 2>err &&
	grep -qx "Output file exists. Use --force to overwrite it." err &&
	grep -qx keep x.pb.gz
'

test_done
