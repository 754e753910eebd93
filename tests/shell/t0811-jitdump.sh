#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='jitdump files read directly by report and top (no perf inject step)'
. "$(dirname "$0")/test-lib.sh"

FUZZ=${PROF_FUZZ_DIR:-$SRCDIR/.build/tests/fuzz}
# record's and perf inject's build-id caches: private ones
HOME=$TRASH
export HOME

test_lazy_prereq CAPSTONE '"$PROF" version --build-options | grep -q "libcapstone: \[ on  \]"'

# jit-dump SECS DIR: jit_alpha at page A, moved to page B, then jit_beta
# loaded at A; each for SECS/3. It prints the dump's path.
body() { grep -v "^#" "$1" | grep -v "^$"; }
pct() { sed -n "s/^ *\([0-9.]*\)%.*\[\.\] $2\$/\1/p" "$1" | head -1; }
between() { awk -v v="$1" -v lo="$2" -v hi="$3" "BEGIN { exit !(v >= lo && v <= hi) }"; }

# -N: report reads the dump at its path (the tests below change it there)
test_expect_success PERF_EVENTS 'record -k mono a JIT that moves and reloads code' '
	"$PROF" record -q -N -k mono -e task-clock -o mono.data "$HELPERS/jit-dump" 1.5 "$TRASH" >dump.path &&
	test -s "$(cat dump.path)" &&
	basename "$(cat dump.path)" | sed "s/jit-\([0-9]*\).dump/\1/" >pid
'

test_expect_success PERF_EVENTS 'report names each code load, split by the sample time' '
	"$PROF" report -i mono.data --stdio >out 2>err &&
	! test -s err &&
	p=$(cat pid) &&
	grep -E "^ +[0-9.]+%  jit-dump  jitted-$p-1\.so +\[\.\] jit_alpha$" out &&
	grep -E "^ +[0-9.]+%  jit-dump  jitted-$p-2\.so +\[\.\] jit_beta$" out &&
	# thirds of CPU time: naming by the last load would give jit_beta 2/3
	between "$(pct out jit_alpha)" 55 78 &&
	between "$(pct out jit_beta)" 22 45 &&
	! grep -q "\[JIT\] tid" out &&
	"$PROF" report -i mono.data --stdio -v --sort dso,sym >outv 2>/dev/null &&
	grep -E "^ +[0-9.]+%  $TRASH/jitted-$p-1\.so +0x8[0-9a-f] +B \[\.\] jit_alpha$" outv
'

test_expect_success PERF_EVENTS,PERF 'same report as perf inject --jit + perf report' '
	"$PERF" inject --jit -i mono.data -o injected.data 2>/dev/null &&
	"$PERF" report -i injected.data --stdio 2>/dev/null >perf.out &&
	"$PROF" report -i mono.data --stdio >prof.out &&
	body perf.out >expect && body prof.out >actual &&
	test_cmp expect actual &&
	"$PERF" report -i injected.data --stdio --sort sym,srcline 2>/dev/null |
		grep "jit_" | sed "s/  */ /g" >expect &&
	"$PROF" report -i mono.data --stdio --sort sym,srcline | grep "jit_" | sed "s/  */ /g" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,PERF 'prof inject --jit: perf and prof report it as perf'"'"'s injected file' '
	"$PROF" inject --jit -i mono.data -o pinj.data 2>pinj.err &&
	test_must_be_empty pinj.err &&
	p=$(cat pid) &&
	test -s "$TRASH/jitted-$p-1.so" &&
	"$PERF" report -i pinj.data --stdio 2>/dev/null >perf.pinj &&
	body perf.pinj >actual &&
	body perf.out >expect &&
	test_cmp expect actual &&
	"$PROF" report -i pinj.data --stdio >prof.pinj &&
	body prof.pinj >actual &&
	test_cmp expect actual &&
	"$PERF" buildid-list -i injected.data | grep jitted- | sed "s/^[0-9a-f]* //" | sort >expect &&
	"$PERF" buildid-list -i pinj.data | grep jitted- | sed "s/^[0-9a-f]* //" | sort >actual &&
	test_cmp_nonempty expect actual &&
	"$PROF" buildid-list -i "$TRASH/jitted-$p-1.so" >img.id &&
	"$PERF" buildid-list -i pinj.data >pinj.ids &&
	grep -q "^$(cat img.id) $TRASH/jitted-$p-1.so$" pinj.ids
'

test_expect_success PERF_EVENTS,PERF 'perf record -k 1: report as perf inject + report' '
	"$PERF" record -q -k 1 -e task-clock -o perf.data "$HELPERS/jit-dump" 1.5 "$TRASH" >dump2.path 2>/dev/null &&
	"$PERF" inject --jit -i perf.data -o injected2.data 2>/dev/null &&
	"$PERF" report -i injected2.data --stdio 2>/dev/null >perf2.out &&
	"$PROF" report -i perf.data --stdio >prof2.out &&
	body perf2.out >expect && body prof2.out >actual &&
	test_cmp expect actual &&
	grep -q "\[\.\] jit_beta$" actual
'

test_expect_success PERF_EVENTS 'without -k mono: a warning, the dump is not used (perf inject refuses it)' '
	"$PROF" record -q -e task-clock -o plain.data "$HELPERS/jit-dump" 0.6 "$TRASH" >dump3.path &&
	"$PROF" report -i plain.data --stdio >out 2>err &&
	grep -q "the samples were not recorded with -k mono" err &&
	! grep -q "jit_alpha\|jit_beta\|jitted-" out &&
	grep -q "\[JIT\] tid" out &&
	test_expect_code 255 "$PROF" inject --jit -i plain.data -o plain.inj 2>inj.err &&
	test_line_count = 1 inj.err &&
	grep -q "must be sampled with prof record -k mono" inj.err &&
	! test -e plain.inj
'

test_expect_success PERF_EVENTS 'a truncated dump: what is complete is used' '
	cp mono.data trunc.data &&
	d=$(cat dump.path) && cp "$d" dump.orig &&
	size=$(wc -c <"$d") &&
	head -c $((size - 30)) dump.orig >"$d" &&
	"$PROF" report -i trunc.data --stdio >out 2>err &&
	cp dump.orig "$d" &&
	grep -q "\[\.\] jit_alpha$" out &&
	! grep -q jit_beta out
'

test_expect_success PERF_EVENTS,ROOT 'a dump owned by another user is ignored with a warning' '
	d=$(cat dump.path) &&
	chown nobody "$d" &&
	"$PROF" report -i mono.data --stdio >out 2>err &&
	chown root "$d" &&
	grep -q "^File $d not owned by current user or root, ignoring it\.$" err &&
	! grep -q jit_alpha out
'

test_expect_success PERF_EVENTS,PERF 'record keeps the dump in the build-id cache; report uses the copy' '
	"$PROF" record -q -k mono -e task-clock -o kept.data "$HELPERS/jit-dump" 0.6 "$TRASH" >kept.path &&
	d=$(cat kept.path) &&
	"$PERF" buildid-list -i kept.data 2>/dev/null | grep -q " $d\$" &&
	ls "$TRASH"/.debug"$d"/*/jitdump >copy &&
	cmp "$d" "$(cat copy)" &&
	p=$(basename "$d" | sed "s/jit-\([0-9]*\).dump/\1/") &&
	mv "$d" "$d.moved" &&
	"$PROF" report -i kept.data --stdio >out 2>err &&
	mv "$d.moved" "$d" &&
	grep -E "jitted-$p-1\.so +\[\.\] jit_alpha$" out &&
	grep -E "jitted-$p-2\.so +\[\.\] jit_beta$" out
'

test_expect_success PERF_EVENTS 'top reads the dump as the JIT writes it' '
	"$HELPERS/jit-dump" 4 "$TRASH" >top.path &
	jit=$! &&
	sleep 0.3 &&
	# the phases are CPU time: watch until the JIT is done, however long
	{ "$PROF" top --stdio -z -d 1 --duration 60 -e cpu-clock -p $jit >out 2>err & } &&
	top=$! &&
	wait $jit; jrc=$? &&
	kill -INT $top &&
	wait $top &&
	test $jrc = 0 &&
	grep -q -E "jitted-$jit-1\.so +\[\.\] jit_alpha$" out &&
	grep -q -E "jitted-$jit-2\.so +\[\.\] jit_beta$" out
'

# The code bytes are in the dump: prof annotates a code load without
# perf inject --jit, and its instructions and percentages are perf
# annotate's on perf inject's images (the images set aside first, so
# prof reads the dump).
test_expect_success PERF_EVENTS,PERF,CAPSTONE 'annotate: JIT code from the dump, as perf annotates perf inject'"'"'s images' '
	"$PERF" inject --jit -i mono.data -o ann-inj.data 2>/dev/null &&
	for s in jit_alpha jit_beta; do
		"$PERF" annotate --stdio -i ann-inj.data $s 2>/dev/null >ann.perf.$s || return 1
	done &&
	mkdir -p injected.so &&
	mv "$TRASH"/jitted-*.so injected.so/ &&
	for s in jit_alpha jit_beta; do
		"$PROF" annotate --stdio -i mono.data $s 2>ann.err >ann.prof.$s &&
		grep "^ *[0-9][0-9.]* : " ann.perf.$s >want.$s &&
		grep "^ *[0-9][0-9.]* : " ann.prof.$s >got.$s &&
		test_cmp_nonempty want.$s got.$s &&
		grep -q "^ *[1-9][0-9.]* : .*jne " got.$s || return 1
	done &&
	mv injected.so/* "$TRASH"/
'

test_expect_success 'the jitdump fuzz target replays seeds and hostile dumps' '
	test -x "$FUZZ/fuzz-jitdump" &&
	mkdir -p seeds &&
	cp "$SRCDIR"/tests/fuzz/fuzz-jitdump/* seeds/ &&
	for f in "$TRASH"/jit-*.dump; do
		test ! -e "$f" || cp "$f" seeds/ || return 1
	done &&
	printf "" >seeds/empty &&
	printf "DTiJ" >seeds/magic-only &&
	printf "DTiJ\001\000\000\000\377\377\377\377" >seeds/header-huge &&
	head -c 4096 /dev/urandom >seeds/random &&
	{ printf "DTiJ\001\000\000\000\050\000\000\000" && head -c 4096 /dev/urandom; } >seeds/header-random &&
	"$FUZZ/fuzz-jitdump" seeds >out &&
	grep -q "replayed [1-9][0-9]* inputs" out
'

test_done
