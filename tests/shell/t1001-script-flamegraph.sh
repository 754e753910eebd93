#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='stackcollapse-perf.pl folds prof script output exactly as perf script output'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

# The FlameGraph scripts are used in place, from ../shared/tools.
SC=$SHARED/tools/FlameGraph/stackcollapse-perf.pl
test_lazy_prereq STACKCOLLAPSE 'test -f "$SHARED/tools/FlameGraph/stackcollapse-perf.pl" && perl -e 1'

# folds DATA: both tools' output through stackcollapse-perf.pl with each of
# its options; the folds must be the same, and not empty.
folds() {
	LC_ALL=C "$PERF" script -i "$1" >perf.txt 2>/dev/null &&
	LC_ALL=C "$PROF" script -i "$1" >prof.txt &&
	for opt in --inline --pid --tid --kernel --jit --all --addrs ""; do
		perl "$SC" $opt perf.txt >perf.folded 2>/dev/null &&
		perl "$SC" $opt prof.txt >prof.folded 2>/dev/null &&
		test_cmp_nonempty perf.folded prof.folded || return 1
	done
}

test_expect_success PERF,PERF_EVENTS,STACKCOLLAPSE 'a comm with spaces and digits (-g)' '
	ln -s "$HELPERS/symtest" "my app 42" &&
	"$PERF" record -q -e task-clock -g -o fp.data -- "./my app 42" 30 >/dev/null 2>&1 &&
	folds fp.data &&
	# the parser takes "42" for the pid: perf output folds the same way
	grep -q "^my_app;.*;sym_plain [0-9]*\$" prof.folded
'

# perf's unwinder adds a bogus "ffffffffffffffff [unknown]" frame where a
# stack copy ran out (deliberate-differences.md, Unwinding): those samples
# are dropped from both texts, by their header line, before folding.
test_expect_success PERF,PERF_EVENTS,STACKCOLLAPSE 'dwarf chains with inlined frames' '
	"$PERF" record -q -e task-clock --call-graph dwarf -o dwarf.data -- \
		"$HELPERS/symtest" 10 >/dev/null 2>&1 &&
	LC_ALL=C "$PERF" script -i dwarf.data >perf.raw 2>/dev/null &&
	LC_ALL=C "$PROF" script -i dwarf.data >prof.raw &&
	awk "/^[^\t ]/ { h = \$0 } /^\tffffffffffffffff \[unknown\]/ { print h }" perf.raw >bogus &&
	for f in perf prof; do
		awk "FILENAME == ARGV[1] { bad[\$0] = 1; next }
		     /^[^\t ]/ { skip = (\$0 in bad) } !skip" bogus $f.raw >$f.txt || return 1
	done &&
	for opt in --inline --pid --tid --all --addrs ""; do
		perl "$SC" $opt perf.txt >perf.folded 2>/dev/null &&
		perl "$SC" $opt prof.txt >prof.folded 2>/dev/null &&
		test_cmp_nonempty perf.folded prof.folded || return 1
	done &&
	grep -q ";sym_inlined;inl_outer;inl_inner [0-9]*\$" prof.folded
'

# Per-task tracepoints: a system-wide recording would see other users'
# processes (and their JIT maps, which prof reads only from their owner).
test_expect_success PERF,TRACEFS,STACKCOLLAPSE 'tracepoints: colons in event names, argument lines' '
	"$PERF" record -q -g -e sched:sched_switch -o tp.data -- \
		sh -c "sleep 0.05; sleep 0.05" >/dev/null 2>&1 &&
	folds tp.data &&
	grep -q "__schedule" prof.folded &&
	"$PERF" record -q -g -e task-clock -e sched:sched_switch -o mixed.data -- \
		sh -c "\"$HELPERS/symtest\" 5; sleep 0.05" >/dev/null 2>&1 &&
	folds mixed.data &&
	perl "$SC" --event-filter=sched:sched_switch perf.txt >perf.folded &&
	perl "$SC" --event-filter=sched:sched_switch prof.txt >prof.folded &&
	test_cmp_nonempty perf.folded prof.folded
'

test_expect_success PERF,PERF_EVENTS,STACKCOLLAPSE 'a JIT map: /tmp/perf-PID.map frames' '
	"$PERF" record -q -e task-clock -g -o jit.data -- "$HELPERS/jit-grow" 0.4 keep \
		>/dev/null 2>&1 &&
	folds jit.data &&
	pid=$(sed -n "s|.*(/tmp/perf-\([0-9]*\)\.map)\$|\1|p" prof.txt | head -n 1) &&
	test -n "$pid" &&
	rm -f "/tmp/perf-$pid.map" &&
	perl "$SC" --jit prof.txt >prof.folded &&
	grep -q "jit_first_\[j\]" prof.folded
'

test_done
