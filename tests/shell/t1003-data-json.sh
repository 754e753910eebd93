#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof data convert --to-json writes the JSON perf data convert writes'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

# same_json DATA: both converters on one file; the same JSON, the same
# closing lines (naming each one's output file).
same_json() {
	rm -f perf.json prof.json &&
	LC_ALL=C "$PERF" data convert --to-json perf.json -i "$1" >/dev/null 2>perf.err &&
	LC_ALL=C "$PROF" data convert --to-json prof.json -i "$1" >/dev/null 2>prof.err &&
	test_cmp_nonempty perf.json prof.json &&
	sed "s/perf\.json/prof.json/" perf.err >perf.err2 &&
	test_cmp perf.err2 prof.err
}

test_expect_success PERF,PERF_EVENTS 'call chains, kernel and user frames, names to escape' '
	# symtest for the user frames, dd for kernel ones (a tick may not land
	# in the kernel while symtest runs)
	"$PERF" record -q -e task-clock -g -o fp.data -- sh -c "\"\$1\" 20 &&
		dd if=/dev/zero of=/dev/null bs=1 count=200000 2>/dev/null" sh "$HELPERS/symtest" \
		>/dev/null 2>&1 &&
	same_json fp.data &&
	grep -q "\"symbol\": \"sym_plain\"" prof.json &&
	grep -q "\"dso\": \"\[kernel.kallsyms\]\"" prof.json
'

test_expect_success PERF,PERF_EVENTS 'no chains: the sampled address; two events' '
	"$PERF" record -q -e task-clock,page-faults -o flat.data -- "$HELPERS/symtest" 10 \
		>/dev/null 2>&1 &&
	same_json flat.data &&
	grep -q "\"callchain\": \[" prof.json
'

test_expect_success PERF,PERF_EVENTS,SYSWIDE 'samples with a cpu' '
	"$PERF" record -q -a -e task-clock -o sys.data -- "$HELPERS/symtest" 10 >/dev/null 2>&1 &&
	rm -f perf.json prof.json &&
	LC_ALL=C "$PERF" data convert --to-json perf.json -i sys.data >/dev/null 2>&1 &&
	LC_ALL=C "$PROF" data convert --to-json prof.json -i sys.data 2>/dev/null &&
	grep -q "\"cpu\": [0-9]" prof.json &&
	grep "\"comm\": \"symtest\"" perf.json >perf.comms &&
	grep "\"comm\": \"symtest\"" prof.json >prof.comms &&
	test_cmp_nonempty perf.comms prof.comms
'

test_expect_success PERF,PERF_EVENTS 'the output file is kept unless -f, as perf' '
	echo keep >prof.json &&
	test_expect_code 255 "$PROF" data convert --to-json prof.json -i fp.data 2>err &&
	grep -qx "Output file exists. Use --force to overwrite it." err &&
	grep -qx keep prof.json
'

test_expect_success 'usage: prof data, an unknown command, no output format' '
	test_expect_code 129 "$PROF" data 2>err &&
	grep -q "^ Usage: prof data convert" err &&
	test_expect_code 129 "$PROF" data nosuch 2>err &&
	grep -qx "Unknown command: nosuch" err &&
	test_expect_code 255 "$PROF" data convert 2>err &&
	grep -qx "You must specify one of --to-ctf or --to-json." err
'

# A progress line on a terminal for a large file (PROF_PROGRESS_MIN_SIZE
# lowers the 32 MB threshold to any file), cleared when done; none when
# stderr is not a terminal. report prints the same line ("Loading").
test_lazy_prereq SCRIPT 'command -v script >/dev/null'
test_expect_success SHARED,SCRIPT 'a progress line on a terminal for large files, none elsewhere' '
	f="$SHARED/corpus/perf-data/perf_data_converter/src_testdata/with-callchain.perf.data" &&
	PROF_PROGRESS_MIN_SIZE=1 script -qec "\"$PROF\" data convert --to-json big.json -i $f" \
		/dev/null </dev/null >tty.out 2>&1 &&
	tr "\r" "\n" <tty.out >tty.lines &&
	grep -q "^Converting .*with-callchain.perf.data: *[0-9]*%$" tty.lines &&
	grep -q "Converted .* into JSON data .big.json." tty.lines &&
	rm big.json &&
	PROF_PROGRESS_MIN_SIZE=1 "$PROF" data convert --to-json big.json -i "$f" 2>notty.err &&
	! grep -q "Converting" notty.err &&
	PAGER=cat PROF_PROGRESS_MIN_SIZE=1 script -qec "\"$PROF\" report --stdio -i $f" \
		/dev/null </dev/null >rtty.out 2>&1 &&
	tr "\r" "\n" <rtty.out | grep -q "^Loading .*with-callchain.perf.data: *[0-9]*%$" &&
	script -qec "\"$PROF\" data convert --to-json small.json -i $f" /dev/null </dev/null >small.out 2>&1 &&
	! grep -q "Converting" small.out
'

test_done
