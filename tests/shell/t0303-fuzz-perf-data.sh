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
	{ printf "PERFILE2\020\000\000\000\000\000\000\000"; head -c 8192 /dev/urandom; } >seeds/pipe-random &&
	"$FUZZ"/fuzz-perf-data seeds >out &&
	grep -q "replayed 8 inputs" out
'

test_done
