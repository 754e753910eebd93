#!/bin/sh
test_description='the -e parser fuzz target replays its seeds and past findings'
. "$(dirname "$0")/test-lib.sh"

FUZZ=${PROF_FUZZ_DIR:-$SRCDIR/.build/tests/fuzz}
SEEDS=$SRCDIR/tests/fuzz/fuzz-parse-events

test_expect_success 'the replay program is built' '
	test -x "$FUZZ/fuzz-parse-events"
'

test_expect_success 'seeds and past leaks replay cleanly' '
	"$FUZZ/fuzz-parse-events" "$SEEDS" >out &&
	grep -q "replayed [1-9]" out
'

test_expect_success 'every prefix of some long event strings' '
	mkdir -p pre &&
	for s in "{cpu-clock:u,sched:sched_sw*}:S,msr/tsc,name=x/ku" \
		"mem:0x1000/8:rw:u,L1-dcache-load-misses/period=9/" \
		"g{r1a8/config1=2,name='"'"'a,b'"'"'/pp,1:0:H}"; do
		i=0 &&
		while [ $i -le ${#s} ]; do
			printf "%s" "$s" | cut -c1-$i | tr -d "\n" >pre/$i.$(printf "%s" "$s" | cksum | cut -d" " -f1) &&
			i=$((i + 1)) || return 1
		done || return 1
	done &&
	"$FUZZ/fuzz-parse-events" pre >out &&
	grep -q "replayed [1-9]" out
'

test_done
