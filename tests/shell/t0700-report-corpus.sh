#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report on the perf.data corpus: the view, --stats and --header-only -I as perf 6.1 printed them'
. "$(dirname "$0")/test-lib.sh"

C=$SHARED/corpus
mkdir -p empty-symfs

# run MODE FILE OUT: prof report on one corpus file (pipe streams on stdin,
# as perf 6.1 was run), with the options perf61-outputs was made with.
run() {
	kind=$(awk -F'\t' -v f="$2" '$1 == f { print $3 }' "$C/perf61-summary.tsv") &&
	src=$C/perf-data/$2 &&
	if [ "$kind" = pipe ]; then set -- "$1" - "$3" "$src"; else set -- "$1" "$src" "$3" /dev/null; fi &&
	case $1 in
	report) LC_ALL=C "$PROF" report -i "$2" --stdio --symfs empty-symfs --sort comm,dso,sym \
			-F overhead,sample,period,comm,dso,sym --no-children <"$4" 2>/dev/null |
		grep -v '^# (Tip:' >"$3" ;;
	stats) LC_ALL=C "$PROF" report -i "$2" --stats <"$4" >"$3" 2>/dev/null ;;
	header) LC_ALL=C "$PROF" report -i "$2" --stdio --header-only -I <"$4" 2>/dev/null |
		grep -v '^# captured on' >"$3" ;;
	esac
}

expected() {
	case $1 in
	report) zcat "$C/perf61-outputs/$2.report.txt.gz" | grep -v '^# (Tip:' ;;
	stats) cat "$C/perf61-outputs/$2.stats.txt" ;;
	header) grep -v '^# captured on' "$C/perf61-outputs/$2.header.txt" ;;
	esac
}

# Where perf 6.1 is wrong or prof knows more, with the reason; each file
# is still read without an error.
known_different() {
	case "$1:$2" in
	stats:perfparser/tests_auto_perfdata/probe.data.stream) ;;	# perf skips no TRACING_DATA payload
	stats:linux-perf-data/fixtures/sleep.compressed.pipe.data) ;;	# perf cannot decompress streams
	# perf reads past the end of records with an empty LBR call stack and
	# shows what it found there as a frame (deliberate-differences.md);
	# compared below with perf on a copy where it reads nothing out of bounds
	report:perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data) ;;
	report:*) return 1 ;;
	*) return 1 ;;
	esac
}

# compare MODE: every readable file; the report view counts (the symbol
# layer still differs from perf on a few files), the others must all match.
# What prof prints is compared (a failing run is logged: prof refuses some
# files perf reads, see below); an empty expected output never matches.
compare_all() {
	same=0 total=0 wrong="" &&
	while read -r f; do
		total=$((total + 1)) &&
		{ run "$1" "$f" got || echo "$1: prof exits $? on $f" >&2; } &&
		expected "$1" "$f" >exp &&
		if test -s exp && cmp -s got exp; then
			same=$((same + 1))
		elif ! known_different "$1" "$f"; then
			wrong="$wrong $f"
		fi || return 1
	done <"$C/readable-by-perf61.txt" &&
	test $total -gt 0 &&
	echo "$1: $same of $total identical" >&2 &&
	echo "$same $total" >"count-$1" &&
	echo "$wrong" | tr ' ' '\n' | sed '/^$/d' >"wrong-$1"
}

test_expect_success SHARED '--stats as perf 6.1 on every file it reads' '
	compare_all stats &&
	test_line_count = 0 wrong-stats
'

# perf 6.1 prints the stats and the view of these streams and exits 0;
# prof prints the same, then refuses the MMAP that names no event and
# exits 255.
test_expect_failure SHARED 'report exits 0 where perf 6.1 does (streams whose MMAP names no event)' '
	for f in clusterfuzz-testcase-minimized-quipper_perf_reader_read_fuzzer-4883679740166144 \
		 poc-15c4696aab8d47509154302563290062647df5c1d0156fb35382f62f22e86511; do
		"$PROF" report -i - --stats <"$C/perf-data/perf_data_converter/quipper_fuzz_corpus/$f" >out &&
		"$PROF" report -i - --stdio <"$C/perf-data/perf_data_converter/quipper_fuzz_corpus/$f" >out ||
			return 1
	done
'

test_expect_success SHARED '--header-only -I as perf 6.1 on every file it reads' '
	compare_all header &&
	test_line_count = 0 wrong-header
'

# The one file that differs: perf synthesizes its cbr/psb samples and
# chains from the Intel PT trace, and prof has no PT decoder. (And, on
# purpose, perf.lbr.data: see known_different.)
test_expect_success SHARED 'the report view as perf 6.1 on every file but the Intel PT one' '
	compare_all report &&
	read same total <count-report &&
	test "$same" -ge 114 &&
	echo perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14 >only-pt &&
	test_cmp only-pt wrong-report
'

test_expect_success SHARED 'the Intel PT file: prof says it does not decode the trace' '
	f=$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14 &&
	"$PROF" report -i "$f" --stdio >pt.out 2>pt.err &&
	grep -q "AUX area trace (Intel PT, CoreSight...), which prof does not decode" pt.err &&
	grep -q "^# Samples: 15  of event .cycles.$" pt.out &&
	"$PROF" script -i "$f" >pt.script 2>pt.script.err &&
	test "$(grep -c "AUX area trace" pt.script.err)" = 1 &&
	"$PROF" report -i "$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.callgraph-3.8" \
		--stdio >cg.out 2>cg.err &&
	! grep -q "AUX area" cg.err
'

# Files that differed only by the symbol layer: a sample ip resolved with
# a fallback to the other address space, a module named from a user-space
# build-id entry.
test_expect_success SHARED 'the report view of the symbol-layer files' '
	test -f wrong-report &&
	for f in hotspot/test-clients/cpp-recursion/perf.data \
		 hotspot/test-clients/cpp-recursion/perf.data.old \
		 perf_data_converter/quipper_testdata/perf.data.lost_samples-4.4 \
		 perf_data_converter/quipper_testdata/perf.data.piped.lost_samples-4.4 \
		 simpleperf/testdata/generated_by_linux_perf.data; do
		! grep -qx "$f" wrong-report || return 1
	done
'

# The default view (Children/Self, call graphs, branch and group views)
# against the perf on this machine, which is 6.1 like the oracle. A run
# that fails is a difference, never a match of two empty outputs.
#
# Two files differ, each for a reason listed in
# Documentation/technical/deliberate-differences.md: the Intel PT one (no
# PT decoder), and the probe file, where perf cuts the one trace entry it
# never compared to the "Trace output" header'"'"'s 12 columns. Two more
# are the known breakage above: prof prints perf's view of the two fuzz
# streams, then exits 255 where perf exits 0.
test_expect_success SHARED,PERF 'the default view as perf prints it on all files but four' '
	same=0 &&
	: >differ &&
	while read -r f; do
		kind=$(awk -F"\t" -v f="$f" "\$1 == f { print \$3 }" "$C/perf61-summary.tsv") &&
		src=$C/perf-data/$f in=$src &&
		if [ "$kind" = pipe ]; then in=-; else src=/dev/null; fi &&
		{ LC_ALL=C timeout 60 "$PERF" report -i "$in" --stdio --symfs empty-symfs <"$src" 2>/dev/null ||
			echo "perf failed: $?"; } | grep -v "^# (Tip:" >exp &&
		{ LC_ALL=C "$PROF" report -i "$in" --stdio --symfs empty-symfs <"$src" 2>/dev/null ||
			echo "prof failed: $?"; } | grep -v "^# (Tip:" >got &&
		if cmp -s got exp; then same=$((same + 1)); else echo "$f" >>differ; fi || return 1
	done <"$C/readable-by-perf61.txt" &&
	echo "default view: $same identical" >&2 &&
	test "$same" -ge 112 &&
	cat >differ.expect <<-\EOF &&
	perf_data_converter/quipper_fuzz_corpus/clusterfuzz-testcase-minimized-quipper_perf_reader_read_fuzzer-4883679740166144
	perf_data_converter/quipper_fuzz_corpus/poc-15c4696aab8d47509154302563290062647df5c1d0156fb35382f62f22e86511
	perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14
	perfparser/tests_auto_perfdata/probe.data.file
	EOF
	test_cmp differ.expect differ &&
	f=$C/perf-data/perfparser/tests_auto_perfdata/probe.data.file &&
	LC_ALL=C "$PERF" report -i "$f" --stdio --symfs empty-symfs 2>/dev/null >exp &&
	LC_ALL=C "$PROF" report -i "$f" --stdio --symfs empty-symfs 2>/dev/null >got &&
	grep -v "Trace output\|^# \.\.\.\.\|^ *100.00%\|^# (Tip:" got >got.rest &&
	grep -v "Trace output\|^# \.\.\.\.\|^ *100.00%\|^# (Tip:" exp >exp.rest &&
	test_cmp exp.rest got.rest &&
	grep -q "^   100.00%  (55d1db02856\$" exp &&
	grep -q "^   100.00%  (55d1db028560)\$" got
'

# perf's branch mode, the default for files with branch stacks: one entry
# per branch, its source and target and the cycles, and the branch keys.
BRANCH_FILES="chromiumos_quipper_history/perf.data.branch
	perf_data_converter/quipper_testdata/perf.data.branch-4.14
	perf_data_converter/quipper_testdata/perf.data.branch_stack_hw_index
	perf_data_converter/quipper_testdata/perf.data.branch_stack_spec
	perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.4
	perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.8
	perf_data_converter/quipper_testdata/perf.data.raw_callgraph_branch-3.4
	simpleperf/testdata/perf_b.data"

test_expect_success SHARED,PERF 'the branch view and the branch keys as perf prints them' '
	for f in $BRANCH_FILES; do
		for opts in "" "-s dso_from,dso_to,sym" "-s cycles,in_tx,abort" "-s addr_from,dso" \
			    "-F overhead,sample,symbol_from,dso_to" "-b -n --comms perf" \
			    "-s mispredict,in_tx,abort,dso_to,cycles" "-s sym,mispredict"; do
			LC_ALL=C "$PERF" report -i "$C/perf-data/$f" --stdio --symfs empty-symfs $opts \
				2>/dev/null | grep -v "^# (Tip:" >exp &&
			LC_ALL=C "$PROF" report -i "$C/perf-data/$f" --stdio --symfs empty-symfs $opts \
				2>/dev/null | grep -v "^# (Tip:" >got &&
			test_cmp exp got || { echo "differs: $f $opts" >&2; return 1; }
		done
	done
'

test_expect_success SHARED 'branch keys need branch mode; -b needs branch stacks' '
	f=$C/perf-data/perf_data_converter/quipper_testdata/perf.data.branch-4.14 &&
	test_expect_code 255 "$PROF" report -i "$f" --stdio --no-branch-stack -s dso_from \
		>out 2>err &&
	grep -q "Invalid --sort key: .dso_from." err &&
	"$PROF" report -i "$C/perf-data/simpleperf/testdata/perf.data" --stdio -b >out 2>err &&
	grep -q "Selected -b but no branch data" err &&
	"$PROF" report -i "$f" --stdio --symfs empty-symfs --no-branch-stack >out &&
	grep -q "^# Overhead  Command  Shared Object" out &&
	! grep -q "Source Symbol" out
'

# Tracepoint files: the name and the trace key come from the tracing data
# (a stream's TRACING_DATA record, a file's feature).
test_expect_success SHARED,LIBTRACEEVENT 'tracepoint events named from the tracing data, the trace sort key' '
	P=$C/perf-data/perfparser/tests_auto_perfdata &&
	"$PROF" report -i - --stdio --symfs empty-symfs <$P/probe.data.stream >out 2>err &&
	grep -q "^# Samples: 1  of event .probe_untitled1:main.$" out &&
	grep -q "untitled1  untitled1  .*0x0000000000000560" out &&
	"$PROF" report -i $P/probe.data.file --stdio --symfs empty-symfs >out 2>err &&
	grep -q "^# Overhead  Trace output *$" out &&
	grep -q "^   100.00%  (55d1db028560)$" out &&
	"$PROF" report -i $P/probe.data.file --stdio --sort comm,trace >out 2>err &&
	grep -q "^   100.00%  untitled1  (55d1db028560)$" out
'

# --call-graph lbr: the user part of each chain from the LBR call stack.
test_expect_success SHARED 'LBR call stacks rebuild the user chain as perf does' '
	"$PROF" report -i $C/perf-data/perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data \
		--stdio --symfs empty-symfs >out 2>err &&
	grep -A3 -m1 "^    96.24%     0.00%  vector_static_g  vector_static_gcc_v9.1.0  \[.\] 0x0000000000401b68$" out >top &&
	sed -n 3,4p top >chain &&
	printf "%s\n" "            ---0x401b68" "               0x42089e" >expect &&
	test_cmp expect chain &&
	grep -q "^    17.17%     0.00%  vector_static_g  \[unknown\]  *\[\.\] 0xffffffff8e601284$" out
'

# perf 6.1 reads the first target of an empty LBR call stack past the end
# of its record (here the next sample's ip: a frame that was never
# called); prof reads nothing outside a record. perf on a copy whose empty
# stacks are followed, inside their records, by an entry whose target perf
# takes for a context marker shows what prof shows for the file.
test_expect_success SHARED,PERF,PYTHON3 'empty LBR call stacks: perf without its out-of-bounds read' '
	f=$C/perf-data/perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data &&
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" pad-lbr "$f" padded-lbr.data &&
	for opts in "" "--no-children" "-g caller" "-G" \
		    "--sort comm,dso,sym -F overhead,sample,period,comm,dso,sym --no-children"; do
		LC_ALL=C "$PERF" report -i padded-lbr.data --stdio --symfs empty-symfs $opts \
			2>/dev/null | grep -v "^# (Tip:" >exp &&
		LC_ALL=C "$PROF" report -i "$f" --stdio --symfs empty-symfs $opts \
			2>/dev/null | grep -v "^# (Tip:" >got &&
		test_cmp exp got || return 1
	done &&
	expected report perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data >stored &&
	! diff stored got >d &&
	test "$(grep "^[<>]" d)" = "<                0x41b3b0"
'

# Equal Children values: perf's input tree walk misses equal entries
# when raw addresses of [unknown] frames span 2^63 (a wrapping compare)
# and the duplicates it makes change the order of ties.
test_expect_success SHARED 'Children ties ordered as perf builds its trees' '
	"$PROF" report -i $C/perf-data/chromiumos_quipper_history/perf.data.callgraph.next \
		--stdio --symfs empty-symfs >out 2>err &&
	sed -n "/of event .cache-misses./,/of event .cache-references./p" out >cm &&
	grep "^     2.00%     0.00%  chrome " cm >ties &&
	head -1 ties | grep -q "chrome  *\[\.\] 0x00007f353fa57a00$" &&
	sed -n 2p ties | grep -q "\[unknown\]  *\[\.\] 0x8b4818ec8348f024$" &&
	grep "^     2.44%     0.00%  chrome " cm >ties &&
	head -1 ties | grep -q "chrome  *\[\.\] 0x00007f35400904b0$"
'

# Without a comm key perf does not collapse (no sort key has a collapse
# compare): the input tree's walk is the order of ties, duplicates and all.
test_expect_success SHARED,PERF 'Children ties without a comm key: perf'"'"'s input tree, not collapsed' '
	f=$C/perf-data/chromiumos_quipper_history/perf.data.callgraph.next &&
	for s in dso,sym sym dso; do
		LC_ALL=C "$PERF" report -i $f --stdio --symfs empty-symfs --sort $s 2>/dev/null |
			grep -v "^# (Tip:" >exp &&
		LC_ALL=C "$PROF" report -i $f --stdio --symfs empty-symfs --sort $s 2>/dev/null |
			grep -v "^# (Tip:" >got &&
		test_cmp_nonempty exp got || return 1
	done
'

test_expect_success SHARED 'module maps over the kernel map: no crash (files once crashing)' '
	for f in simpleperf/testdata/perf_no_unwind.data \
		 simpleperf/script_testdata/perf_with_long_callchain.data; do
		"$PROF" report -i "$C/perf-data/$f" --stdio >out 2>err || return 1
	done
'

test_expect_success SHARED 'corrupt and fuzzed files: one error line, non-zero exit, no crash' '
	bad= &&
	for f in "$C"/perf-data/perf_data_converter/quipper_fuzz_corpus/*; do
		if grep -qx "${f#$C/perf-data/}" "$C/readable-by-perf61.txt"; then continue; fi &&
		rc=0 &&
		timeout 20 "$PROF" report -i "$f" --stdio >out 2>err || rc=$?
		if test $rc = 124 || { test $rc -gt 128 && test $rc != 255; }; then
			bad="$bad crash-or-hang($rc):$f"
		elif test $rc != 0 && ! test -s err; then
			bad="$bad silent:$f"
		fi || return 1
	done &&
	echo "$bad" &&
	test -z "$bad"
'

test_expect_success SHARED 'a truncated file is an error naming the file and the offset' '
	head -c 200001 "$C/perf-data/perf_data_converter/quipper_testdata/perf.data.callgraph-3.4" >trunc.data &&
	test_expect_code 255 "$PROF" report -i trunc.data --stdio >out 2>err &&
	grep -q "trunc.data" err && grep -q "offset" err
'

test_expect_success SHARED 'files perf 6.1 refuses only because they are newer are read' '
	"$PROF" report -i - --stdio -q <"$C/perf-data/linux-perf-data/fixtures/fibo.compressed2.pipe.data" \
		>out 2>err && grep -q "fib_example" out &&
	"$PROF" report -i "$C/perf-data/linux-perf-data/fixtures/sleep.compressed2.data" --stdio \
		>out 2>err && grep -q "^# Samples: .* of event" out
'

# Another machine's kernel is never named with this machine's symbols: an
# aarch64 recording (file and stream) and an x86 one from another kernel,
# none with a kernel build-id, keep their kernel addresses, and say once why.
test_expect_success SHARED 'another kernel is not named from this /proc/kallsyms (report, flamegraph)' '
	F=$C/perf-data/linux-perf-data/fixtures &&
	for f in $F/sleep.compressed.data $C/perf-data/hotspot/integrationtests/perf.data.PerfFormatLost; do
		"$PROF" report -i "$f" --stdio --no-children --sort sym >out 2>err &&
		grep "\[k\]" out >kernel &&
		test_line_count -gt 2 kernel &&
		! grep -v "\[k\] 0xffff[0-9a-f]*\$" kernel &&
		grep -c "kernel is not the running one" err >count &&
		echo 1 >count.expect &&
		test_cmp count.expect count || return 1
	done &&
	"$PROF" report -i - --stdio --no-children --sort sym <$F/sleep.compressed.pipe.data >out 2>err &&
	grep "\[k\]" out >kernel &&
	! grep -v "\[k\] 0xffff[0-9a-f]*\$" kernel &&
	grep -q "kernel is not the running one" err &&
	"$PROF" flamegraph -i "$F/sleep.compressed.data" -o kernel.folded 2>err &&
	grep -q "kernel is not the running one" err &&
	grep -q "^sleep;\[\[kernel.kallsyms\]\] [0-9]*\$" kernel.folded &&
	! grep -v "\[\[kernel.kallsyms\]\] [0-9]*\$" kernel.folded &&
	"$PROF" report -i "$F/sleep.compressed.data" --stdio --kallsyms /proc/kallsyms >out 2>err &&
	! grep -q "kernel is not the running one" err
'

test_done
