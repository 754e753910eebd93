#!/bin/sh
test_description='the perf.data fuzz target replays the corpus and hostile inputs'
. "$(dirname "$0")/test-lib.sh"

FUZZ=${PROF_FUZZ_DIR:-$SRCDIR/.build/tests/fuzz}

test_expect_success 'the perf.data replay program is built' '
	test -x "$FUZZ"/fuzz-perf-data
'

test_expect_success SHARED 'quipper fuzz corpus (two crash perf 6.1): no crash' '
	"$FUZZ"/fuzz-perf-data "$SHARED"/corpus/perf-data/perf_data_converter/quipper_fuzz_corpus >out &&
	grep -q "replayed 2[0-9] inputs" out
'

test_expect_success SHARED 'every corpus file through the fuzz target' '
	"$FUZZ"/fuzz-perf-data "$SHARED"/corpus/perf-data >out &&
	grep -Eq "replayed [0-9]{3} inputs" out
'

test_expect_success 'hand-made hostile inputs' '
	mkdir -p seeds &&
	printf "" >seeds/empty &&
	printf "PERFILE2" >seeds/magic-only &&
	printf "PERFILE2\020\000\000\000\000\000\000\000" >seeds/pipe-empty &&
	printf "PERFILE2\020\000\000\000\000\000\000\000\011\000\000\000\000\000\000\000" >seeds/pipe-size0 &&
	printf "PERFILE2\020\000\000\000\000\000\000\000\107\000\000\000\000\000\020\000\377\377\377\377\377\377\377\377" >seeds/pipe-auxtrace-huge &&
	printf "PERFILE2\150\000\000\000\000\000\000\000\377\377\377\377\377\377\377\377" >seeds/file-attr-size-huge &&
	head -c 4096 /dev/urandom >seeds/random &&
	{ printf "PERFILE2\020\000\000\000\000\000\000\000" && head -c 8192 /dev/urandom; } >seeds/pipe-random &&
	"$FUZZ"/fuzz-perf-data seeds >out &&
	grep -q "replayed 8 inputs" out
'

# Kernel records are bounded before anyone reads them (session.c,
# bound_record): seeds from tests/fuzz/fuzz-report (mkseeds.py).
SEEDS=$SRCDIR/tests/fuzz/fuzz-report

test_expect_success 'a record too short for its fields: one error, non-zero exit' '
	test_expect_code 255 "$PROF" report --stdio -i - <"$SEEDS/short-mmap" >out 2>err &&
	test_line_count = 1 err &&
	grep -q "offset 0x90: MMAP record of size 16 is too small (40 bytes at least)" err &&
	test_expect_code 255 "$PROF" report -D -i - <"$SEEDS/short-fork" >out 2>err &&
	grep -q "FORK record of size 12 is too small (32 bytes at least)" err
'

test_expect_success 'a name running past its record is cut at the record end, with a warning' '
	"$PROF" report --stdio -i - <"$SEEDS/unterminated-user-mmap2" >out 2>err &&
	grep -q "offset 0xe8: the name in this MMAP2 record runs past the record; cut at its end" err &&
	grep -q "100.00%  work     worxxx " out &&
	"$PROF" report -D -i - <"$SEEDS/unterminated-module-mmap-queued" >out 2>err &&
	grep -q "PERF_RECORD_MMAP -1/-1: .*: x /lib/modules/6.1/kernel/fs/nfs-x.koxxxx$" out &&
	test $(grep -c "runs past the record" err) = 1
'

test_done
