#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof script report stackcollapse and flamegraph: perf'"'"'s invocations, prof flamegraph'"'"'s code'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME
# perf 6.1 runs its Python scripts here (Debian's linux-perf has them)
test_lazy_prereq PERF_PYTHON '
	"$PERF" record -q -e task-clock -o py.data -- true >/dev/null 2>&1 &&
	"$PERF" script report stackcollapse -i py.data >/dev/null 2>&1
'

# collapse DATA [ARG...]: prof script report stackcollapse ARG... prints
# what perf script report stackcollapse does, and exits as it does.
collapse() {
	data=$1 &&
	shift &&
	"$PERF" script report stackcollapse -i "$data" "$@" >perf.folded 2>perf.err &&
	"$PROF" script report stackcollapse -i "$data" "$@" >prof.folded 2>prof.err &&
	test_cmp_nonempty perf.folded prof.folded
}

# every_option DATA: collapse with each option of stackcollapse.py.
every_option() {
	for o in "" --include-pid --include-tid "--include-pid --include-tid" --no-comm \
		--kernel --tidy-java; do
		collapse "$1" -- $o || return 1
	done
}

test_expect_success PERF,PERF_EVENTS 'record: frame pointers, dwarf, no call chains, a tracepoint, three processes' '
	"$PERF" record -q -g -e task-clock -o fp.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o dwarf.data -- "$HELPERS/optwork" 60 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock -o flat.data -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	"$PERF" record -q -g -e task-clock -o three.data -- \
		sh -c "\"$HELPERS/demo\" 100 & \"$HELPERS/optwork\" 60; wait" >/dev/null 2>&1 &&
	test -s fp.data && test -s three.data
'

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'stackcollapse: perf'"'"'s lines, each option of the script' '
	every_option fp.data &&
	every_option three.data &&
	grep -q "^demo;.*;hot_loop [0-9]*\$" perf.folded
'

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'stackcollapse: dwarf chains, inlined C++ frames' '
	every_option dwarf.data &&
	grep -q "^optwork;.*prof::work" prof.folded
'

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'stackcollapse: no call chains (one line per comm)' '
	every_option flat.data &&
	grep -q "^demo [0-9]*\$" prof.folded
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,PERF_PYTHON 'stackcollapse: tracepoint samples are not the script'"'"'s' '
	"$PERF" record -q -g -e sched:sched_process_exec -e task-clock -o tp.data -- \
		sh -c "for i in 1 2 3; do /bin/true; done; \"$HELPERS/demo\" 50" >/dev/null 2>&1 &&
	every_option tp.data &&
	"$PERF" script -i tp.data -F event 2>/dev/null | grep -c "task-clock:" >expect &&
	"$PROF" script report stackcollapse -i tp.data >prof.folded &&
	awk "{ s += \$NF } END { print s }" prof.folded >actual &&
	test_cmp expect actual
'

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'stackcollapse: perf script'"'"'s filters' '
	"$PERF" script -i three.data -F comm,pid 2>/dev/null >comms &&
	pid=$(awk "\$1 == \"demo\" { print \$2; exit }" comms) &&
	collapse three.data -c demo &&
	collapse three.data --pid $pid -- --include-pid &&
	collapse three.data --tid $pid &&
	collapse three.data --dsos "[kernel.kallsyms]" -- --kernel &&
	collapse three.data --time 10%-60% &&
	"$PERF" script report stackcollapse -i three.data -c nosuch >perf.out 2>&1 &&
	"$PROF" script report stackcollapse -i three.data -c nosuch >prof.out 2>&1 &&
	test_must_be_empty perf.out &&
	test_must_be_empty prof.out
'

test_expect_success PERF,PERF_EVENTS,SHARED,PERF_PYTHON 'stackcollapse: corpus files with call chains' '
	C=$SHARED/corpus/perf-data &&
	for f in chromiumos_quipper_history/perf.data.callgraph.next \
		perf_data_converter/quipper_testdata/perf.data.callgraph-3.8 \
		perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.4 \
		simpleperf/testdata/generated_by_linux_perf.data; do
		collapse "$C/$f" &&
		collapse "$C/$f" -- --kernel --include-pid || return 1
	done
'

test_expect_success PERF,PERF_EVENTS 'stackcollapse: the script'"'"'s refusals' '
	test_expect_code 129 "$PROF" script report stackcollapse -i fp.data -- --no-comm --include-pid \
		2>err &&
	grep -q "requesting pid but not comm is invalid" err &&
	test_expect_code 129 "$PROF" script report stackcollapse -i fp.data -- --no-comm --include-tid \
		2>err &&
	grep -q "requesting tid but not comm is invalid" err &&
	test_expect_code 129 "$PROF" script report stackcollapse -i fp.data -- extra 2>err &&
	grep -q "unexpected command line argument" err &&
	test_expect_code 129 "$PROF" script report stackcollapse -i fp.data -F ip 2>err &&
	grep -q "unknown switch .F" err
'

test_expect_success PERF,PERF_EVENTS 'flamegraph: prof flamegraph'"'"'s page, flamegraph.html by default' '
	mkdir -p def.d &&
	cp fp.data def.d/perf.data &&
	(cd def.d && "$PROF" script report flamegraph >out && "$PROF" flamegraph -o want.html) &&
	echo "dumping data to flamegraph.html" >expect &&
	test_cmp expect def.d/out &&
	test_cmp_nonempty def.d/want.html def.d/flamegraph.html &&
	grep -q "<canvas id=\"fg\"" def.d/flamegraph.html
'

test_expect_success PERF,PERF_EVENTS 'flamegraph: -o, --output, -o -, -i' '
	"$PROF" script report flamegraph -i three.data -o mine.html >out &&
	echo "dumping data to mine.html" >expect &&
	test_cmp expect out &&
	"$PROF" flamegraph -i three.data -o want.html &&
	test_cmp_nonempty want.html mine.html &&
	"$PROF" script report flamegraph -i three.data --output page >out &&
	test_cmp_nonempty want.html page &&
	"$PROF" script report flamegraph -i three.data -o - -f html >stdout.html &&
	test_cmp_nonempty want.html stdout.html
'

# json DATA: -f json writes flamegraph.py's stacks.json (perf's script
# reads perf.data whatever -i says: the file is copied there).
json() {
	rm -rf json.d &&
	mkdir json.d &&
	cp "$1" json.d/perf.data &&
	(cd json.d && "$PERF" script report flamegraph -f json >perf.out 2>/dev/null &&
	 mv stacks.json perf.json &&
	 "$PROF" script report flamegraph -f json >prof.out 2>/dev/null) &&
	test_cmp json.d/perf.out json.d/prof.out &&
	test_cmp_nonempty json.d/perf.json json.d/stacks.json
}

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'flamegraph -f json: flamegraph.py'"'"'s stacks.json' '
	json fp.data &&
	json three.data &&
	json dwarf.data &&
	json flat.data &&
	grep -q "{\"n\": \"all\", \"l\": \"root\", \"v\": 0, \"c\": \[{\"n\": \"demo (" json.d/stacks.json
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,PERF_PYTHON 'flamegraph -f json: tracepoints left out, as the script' '
	json tp.data
'

test_expect_success PERF,PERF_EVENTS,SHARED,PERF_PYTHON 'flamegraph -f json: corpus files' '
	C=$SHARED/corpus/perf-data &&
	json "$C/chromiumos_quipper_history/perf.data.callgraph.next" &&
	json "$C/perf_data_converter/quipper_testdata/perf.data.callgraph-3.8"
'

test_expect_success PERF,PERF_EVENTS,PERF_PYTHON 'flamegraph -f json: -o FILE, -o -' '
	"$PROF" script report flamegraph -i fp.data -f json -o mine.json >out &&
	echo "dumping data to mine.json" >expect &&
	test_cmp expect out &&
	"$PROF" script report flamegraph -i fp.data --format json -o - >stdout.json &&
	test_cmp_nonempty mine.json stdout.json &&
	json fp.data &&
	test_cmp json.d/stacks.json mine.json
'

test_expect_success PERF,PERF_EVENTS 'flamegraph: what prof does not do is refused' '
	test_expect_code 129 "$PROF" script report flamegraph -i fp.data -f xml 2>err &&
	grep -q "invalid choice: .xml. (choose from .json., .html.)" err &&
	test_must_fail "$PROF" script report flamegraph -i fp.data --template t.html 2>err &&
	grep -q -e "^--template: prof.s flame graph page is self-contained" err &&
	test_must_fail "$PROF" script report flamegraph -i fp.data --colorscheme orange 2>err &&
	grep -q -e "^--colorscheme: prof.s flame graph page has its own colours" err &&
	test_expect_code 129 "$PROF" script report flamegraph -i fp.data extra 2>err &&
	grep -q "unrecognized arguments: extra" err &&
	test_must_fail "$PROF" script report flamegraph -i nosuch.data 2>err &&
	grep -q nosuch.data err &&
	test_must_fail "$PROF" script report nosuchscript 2>err &&
	grep -q "prof script report flamegraph" err
'

test_done
