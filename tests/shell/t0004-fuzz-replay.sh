#!/bin/sh
test_description='fuzz targets replay their seeds and past crashes cleanly'
. "$(dirname "$0")/test-lib.sh"

FUZZ=${PROF_FUZZ_DIR:-$SRCDIR/.build/tests/fuzz}
SEEDS=$SRCDIR/tests/fuzz

test_expect_success 'every fuzz target has a replay program' '
	for src in "$SRCDIR"/tests/fuzz/fuzz-*.c; do
		t=$(basename "$src" .c) &&
		test -x "$FUZZ/$t" || return 1
	done
'

# Seeds and saved crashers: tests/fuzz/<target>/ (made by mkseeds.py or
# saved from a campaign); the sanitizer build replays them too (t0007).
for t in fuzz-report fuzz-tracing-data fuzz-perf-map fuzz-build-id-cache fuzz-jitdump; do
	test_expect_success "$t: seeds and saved crashers" '
		"$FUZZ/'$t'" "$SEEDS/'$t'" >out &&
		n=$(ls "$SEEDS/'$t'" | wc -l) &&
		grep -q "^replayed $n inputs$" out
	'
done

test_expect_success PYTHON3 'mkseeds.py makes the committed seeds' '
	python3 "$SEEDS/mkseeds.py" made &&
	for d in made/*; do
		for f in "$d"/*; do
			cmp "$f" "$SEEDS/${d#made/}/${f##*/}" || return 1
		done
	done
'

test_expect_success 'build-id notes: this kernel, random and hostile blobs' '
	mkdir -p seeds &&
	if test -r /sys/kernel/notes; then cp /sys/kernel/notes seeds/kernel; fi &&
	head -c 4096 /dev/urandom >seeds/random &&
	printf "\004\000\000\000\377\377\377\377\003\000\000\000GNU\000" >seeds/huge &&
	"$FUZZ"/fuzz-build-id-notes seeds >out &&
	grep -q "replayed [1-9]" out
'

test_expect_success 'build-id cache: a name with .. or an empty component stays out' '
	mkdir -p cache &&
	printf "\024abcdefghijklmnopqrst\003/usr/lib/../../../tmp/x" >seeds/dotdot &&
	printf "\024abcdefghijklmnopqrst\000/a//b" >seeds/empty &&
	"$FUZZ"/fuzz-build-id-cache seeds/dotdot seeds/empty >out &&
	grep -q "replayed 2 inputs" out
'

test_done
