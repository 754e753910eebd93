#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof script on the perf.data corpus: the lines perf 6.1 printed'
. "$(dirname "$0")/test-lib.sh"

C=$SHARED/corpus
mkdir -p empty-symfs

# run FILE OUT: prof script on one corpus file (pipe streams on stdin, as
# perf 6.1 was run), with the options perf61-outputs was made with.
run() {
	kind=$(awk -F'\t' -v f="$1" '$1 == f { print $3 }' "$C/perf61-summary.tsv") &&
	if [ "$kind" = pipe ]; then
		LC_ALL=C "$PROF" script -i - --symfs empty-symfs --show-task-events \
			--show-mmap-events <"$C/perf-data/$1" >"$2" 2>/dev/null
	else
		LC_ALL=C "$PROF" script -i "$C/perf-data/$1" --symfs empty-symfs \
			--show-task-events --show-mmap-events >"$2" 2>/dev/null </dev/null
	fi
}

# Where prof prints something else, with the reason; each is still read.
known_different() {
	case "$1" in
	# perf reads past the end of records with an empty LBR call stack and
	# shows what it found there as a frame (deliberate-differences.md,
	# as for prof report)
	perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data) ;;
	# perf 6.1 prints these streams' samples and exits 0; prof refuses the
	# MMAP that names no event, as prof report does (t0700)
	*/clusterfuzz-testcase-minimized-quipper_perf_reader_read_fuzzer-4883679740166144) ;;
	*/poc-15c4696aab8d47509154302563290062647df5c1d0156fb35382f62f22e86511) ;;
	# Intel PT: perf decodes the AUX trace into synthesized events (psb,
	# cbr, instructions); prof has no PT decoder and prints the samples
	perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14) ;;
	*) return 1 ;;
	esac
}

test_expect_success SHARED 'every file perf 6.1 reads prints perf'"'"'s lines' '
	same=0 total=0 empty=0 &&
	: >wrong &&
	while read -r f; do
		total=$((total + 1)) &&
		{ run "$f" got || echo "prof exits $? on $f" >&2; } &&
		zcat "$C/perf61-outputs/$f.script.txt.gz" >exp &&
		# a stream perf prints nothing of (cut before its first
		# sample) must print nothing here too; the count of files with
		# lines below keeps the whole from being vacuous
		if ! test -s exp && ! test -s got; then
			empty=$((empty + 1))
		elif test -s exp && cmp -s got exp; then
			same=$((same + 1))
		elif ! known_different "$f"; then
			echo "$f" >>wrong
		fi || return 1
	done <"$C/readable-by-perf61.txt" &&
	echo "script: $same of $total identical, $empty empty in both" >&2 &&
	test $total -gt 100 &&
	test $same -ge 100 &&
	test_must_be_empty wrong
'

test_expect_success SHARED 'the files that differ are read to the end' '
	for f in perfparser/tests_auto_perfdata/vector_static_gcc/perf.lbr.data \
		 perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14; do
		run "$f" got &&
		test -s got || return 1
	done
'

# Branch stacks need hardware this machine lacks; the corpus has them.
# (brstackoff of a relocated kernel differs: perf's kernel map is not
# identity there, prof's is.)
test_expect_success SHARED,PERF 'branch stacks: brstack, brstacksym, brstackoff as perf prints them' '
	for f in chromiumos_quipper_history/perf.data.branch simpleperf/testdata/perf_b.data \
		 perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.8; do
		more=+brstackoff &&
		case $f in *callgraph_and_branch*) more= ;; esac &&
		for fields in +brstack +brstacksym ip,brstack ip,brstacksym,dso $more; do
			LC_ALL=C "$PERF" script -i "$C/perf-data/$f" --symfs empty-symfs \
				-F $fields >exp 2>/dev/null &&
			LC_ALL=C "$PROF" script -i "$C/perf-data/$f" --symfs empty-symfs \
				-F $fields >got &&
			test_cmp_nonempty exp got || return 1
		done || return 1
	done
'

test_expect_success SHARED 'data_src decoded as perf prints it (weight_struct)' '
	f=perf_data_converter/quipper_testdata/perf.data.weight_struct &&
	run "$f" got &&
	zcat "$C/perf61-outputs/$f.script.txt.gz" >exp &&
	test_cmp exp got
'

test_done
