#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='inject -j: the line table (DEBUG_INFO) and CFI (UNWINDING_INFO) of jitted code in the images, as perf inject -j'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

test_lazy_prereq READELF 'readelf --version'

body() { grep -v "^#" "$1" | grep -v "^$"; }
srclines() { "$1" report -i "$2" --stdio --no-children --sort sym,srcline -g none 2>/dev/null | grep "jit_"; }
# the JIT frames' callers: through the CFI only (the code keeps rbx on the stack)
callers() {
	"$1" report -i "$2" --stdio --no-children -S jit_alpha,jit_beta -G 2>/dev/null >"$3.raw" &&
	body "$3.raw" >"$3"
}

# An image's sections (name, address, size), CFI and line rows (file,
# line, address; the encodings differ: perf names the files with
# DW_LNE_define_file, prof in the header's table; .debug_line's size so too).
img() {
	readelf -SW "$1" >img.s &&
	sed -n "s/^ *\[ *[0-9]*\] \([^ ]*\) *[A-Z]* *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2 \3/p" img.s |
		sed "s/^\(\.debug_line [0-9a-f]*\) .*/\1/" &&
	readelf --debug-dump=frames "$1" >img.f &&
	grep -v "^$\|jitted-\|^Contents" img.f &&
	readelf --debug-dump=decodedline "$1" >img.d &&
	grep " 0x[0-9a-f]" img.d | sed "s/^\.\///"
}

# jit-dump ... full: each load has a DEBUG_INFO of two files and an UNWINDING_INFO
test_expect_success PERF_EVENTS 'record a JIT that describes its lines and its CFI' '
	"$PROF" record -q -k mono --call-graph dwarf -e task-clock -o mono.data \
		"$HELPERS/jit-dump" 1.5 "$TRASH" full >dump.path &&
	test -s "$(cat dump.path)" &&
	basename "$(cat dump.path)" | sed "s/jit-\([0-9]*\).dump/\1/" >pid
'

# Both write DIR/jitted-PID-N.so: perf's are kept aside before prof's replace them.
test_expect_success PERF_EVENTS,PERF 'perf inject -j: what perf reports on its own images' '
	"$PERF" inject -j -i mono.data -o perf.inj 2>/dev/null &&
	p=$(cat pid) &&
	mkdir perf-img &&
	cp "$TRASH/jitted-$p-1.so" "$TRASH/jitted-$p-2.so" perf-img/ &&
	srclines "$PERF" perf.inj >perf.src &&
	grep -q "jit_alpha  *jit-alpha\.js:[0-9]" perf.src &&
	grep -q "jit_beta  *jit-beta\.js:[0-9]" perf.src &&
	callers "$PERF" perf.inj perf.callers &&
	grep -q run_for perf.callers
'

test_expect_success PERF_EVENTS,PERF 'prof inject -j: perf reports its file as perf'"'"'s' '
	"$PROF" inject -j -i mono.data -o prof.inj 2>err &&
	test_must_be_empty err &&
	srclines "$PERF" prof.inj >actual &&
	test_cmp perf.src actual &&
	callers "$PERF" prof.inj actual &&
	test_cmp perf.callers actual
'

test_expect_success PERF_EVENTS,PERF 'prof report -s srcline on prof'"'"'s injected file: perf'"'"'s lines' '
	srclines "$PROF" prof.inj >actual &&
	test_cmp perf.src actual
'

test_expect_success PERF_EVENTS,PERF 'prof report -s srcline on perf'"'"'s injected file (a unit without an address range)' '
	p=$(cat pid) &&
	cp perf-img/*.so "$TRASH/" &&
	srclines "$PROF" perf.inj >actual &&
	test_cmp perf.src actual
'

# The sections where perf puts them: .eh_frame after the code at 8 bytes,
# its header after it; the decoded line table and the CFI the same.
test_expect_success PERF_EVENTS,PERF,READELF 'the images: perf'"'"'s sections, lines and CFI' '
	p=$(cat pid) &&
	"$PROF" inject -j -i mono.data -o prof.inj 2>/dev/null &&
	for n in 1 2; do
		img perf-img/jitted-$p-$n.so >expect &&
		img "$TRASH/jitted-$p-$n.so" >actual &&
		test_cmp expect actual &&
		grep -q "^\.eh_frame_hdr " actual &&
		grep -q "jit-lib\.js" actual || return 1
	done
'

# JIT leaves whose caller is (not) run_for: "with without" counts
jit_callers() {
	awk '/^jit-dump/ { n = 0; next }
		{ n++ }
		n == 1 { jit = / jit_(alpha|beta)$/ }
		n == 2 && jit { if (/ run_for$/) w++; else wo++ }
		END { print w + 0, wo + 0 }' "$1"
}

test_expect_success PERF_EVENTS 'prof'"'"'s libdw unwinder: through every JIT frame with the image'"'"'s CFI' '
	"$PROF" inject -j -i mono.data -o prof.inj 2>/dev/null &&
	"$PROF" script -i prof.inj -F comm,ip,sym >script.out 2>/dev/null &&
	jit_callers script.out >counts &&
	read with without <counts &&
	test "$with" -gt 50 &&
	test "$without" = 0
'

# perf's libunwind reads the tables through the map: a moved code's map
# stops at its code (perf's unwinding then goes on by the frame pointer).
test_expect_success PERF_EVENTS,PERF '--unwinder=libunwind: through the loaded code, as perf' '
	"$PROF" report --unwinder=libunwind -i prof.inj --stdio --no-children -S jit_beta -G \
		>lu.raw 2>/dev/null &&
	body lu.raw >lu.out &&
	"$PERF" report -i prof.inj --stdio --no-children -S jit_beta -G >perf.raw 2>/dev/null &&
	body perf.raw >expect &&
	test_cmp expect lu.out &&
	grep -q run_for lu.out
'

test_expect_success PERF_EVENTS,PERF 'the map of a load covers the unwinding data, a move does not (perf'"'"'s)' '
	"$PERF" script -i perf.inj --show-mmap-events 2>/dev/null | grep "MMAP2.*jitted-" >expect &&
	"$PERF" script -i prof.inj --show-mmap-events 2>/dev/null | grep "MMAP2.*jitted-" |
		sed "s/ [0-9a-f][0-9a-f]:[0-9a-f][0-9a-f] [0-9]* 1\]/ X]/" >actual &&
	sed -i "s/ [0-9a-f][0-9a-f]:[0-9a-f][0-9a-f] [0-9]* 1\]/ X]/" expect &&
	test_line_count = 3 expect &&
	test_cmp expect actual
'

test_done
