#!/bin/sh
test_description='fuzz targets replay their seeds and past crashes cleanly'
. "$(dirname "$0")/test-lib.sh"

FUZZ=${PROF_FUZZ_DIR:-$SRCDIR/.build/tests/fuzz}

test_expect_success 'the replay programs are built' '
	ls "$FUZZ"/fuzz-* >targets &&
	test -s targets
'

# Seeds: tests/fuzz/<target>/ in the tree, if any, plus what each
# target's own line below adds (the corpus in ../shared for readers).
test_expect_success 'build-id notes: seeds and random blobs' '
	mkdir -p seeds &&
	cp /sys/kernel/notes seeds/kernel 2>/dev/null || true
	head -c 4096 /dev/urandom >seeds/random &&
	printf "\004\000\000\000\377\377\377\377\003\000\000\000GNU\000" >seeds/huge &&
	"$FUZZ"/fuzz-build-id-notes seeds >out &&
	grep -q "replayed [1-9]" out
'

test_done
