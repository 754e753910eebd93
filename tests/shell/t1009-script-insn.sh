#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof script -F insn, insnlen and --xed: the sampled instruction, as perf script'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

test_lazy_prereq CAPSTONE '"$PROF" version --build-options | grep -q "libcapstone: \[ on  \]"'
test_lazy_prereq OBJDUMP 'command -v objdump'

# demo: user-space samples (the binary, ld.so, libc) and a few kernel
# ones; dd: mostly the kernel's, whose bytes perf does not read
test_expect_success PERF_EVENTS 'record the demo with and without chains, and dd in the kernel' '
	"$PROF" record -q -e cpu-clock -c 100000 -o s.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PROF" record -q -g -e cpu-clock -c 100000 -o g.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PROF" record -q -e cpu-clock:k -c 100000 -o k.data -- \
		dd if=/dev/zero of=/dev/null bs=4k count=30000 >/dev/null 2>&1 &&
	test -s s.data && test -s g.data && test -s k.data
'

same() {
	rc1=0 && LC_ALL=C "$PERF" script -i "$1" -F "$2" >perf.out 2>perf.err || rc1=$? &&
	rc2=0 && LC_ALL=C "$PROF" script -i "$1" -F "$2" >prof.out 2>prof.err || rc2=$? &&
	test "$rc1" = "$rc2" &&
	test_cmp perf.out prof.out
}

# perf's perf_sample__fprintf_insn after the ip (or the chain): " ilen: N"
# and " insn: xx xx ..." when the bytes were read and decoded
test_expect_success PERF,PERF_EVENTS,CAPSTONE 'the same lines as perf script, with and without chains' '
	same s.data +insn,+insnlen &&
	grep -q "(.*/demo) ilen: [1-9][0-9]* insn: [0-9a-f][0-9a-f]" prof.out &&
	same s.data +insn &&
	grep -q " insn: [0-9a-f][0-9a-f]" prof.out &&
	same s.data insnlen &&
	grep -q "^ ilen: [1-9]" prof.out &&
	same s.data comm,tid,ip,insn &&
	same g.data +insn,+insnlen &&
	grep -q "^ ilen: [1-9][0-9]* insn: [0-9a-f]" prof.out &&
	same g.data insn,insnlen
'

# perf cannot read the kernel's bytes (its map gives the address itself
# as the offset): " ilen: 0", no insn
test_expect_success PERF,PERF_EVENTS,CAPSTONE 'kernel samples: ilen 0 and no bytes, as perf' '
	same k.data +insn,+insnlen &&
	grep -q "(\[kernel\.kallsyms\]) ilen: 0$" prof.out &&
	! grep "kallsyms.*insn:" prof.out
'

# The bytes are the file's at the sample's address (objdump's at the
# symbol's address plus the offset); --xed puts their AT&T text where
# xed -A would: the line up to "insn:", two tabs, the text.
test_expect_success CAPSTONE,OBJDUMP,PERF_EVENTS '--xed: the bytes of the sample, disassembled as objdump does' '
	"$PROF" script -i s.data -G -F ip,sym,symoff,dso,insn --dsos "$HELPERS/demo" >raw &&
	"$PROF" script -i s.data -G -F ip,sym,symoff,dso,insn --dsos "$HELPERS/demo" --xed >xed &&
	test "$(wc -l <raw)" = "$(wc -l <xed)" &&
	test "$(grep -c " insn: " raw)" -gt 10 &&
	! grep -q "insn:" xed &&
	sed "s/ insn: .*//" raw >raw.head &&
	sed "s/ 		.*//" xed >xed.head &&
	test_cmp raw.head xed.head &&
	nm "$HELPERS/demo" >syms &&
	paste -d "|" raw xed | sed -n "s/^ *[0-9a-f]* \([a-z_]*\)+0x\([0-9a-f]*\) .* insn: \([0-9a-f ]*\)|.*		\(.*\)/\1 \2 \3|\4/p" |
		sort -u >sites &&
	test "$(wc -l <sites)" -gt 1 &&
	: >bad &&
	while IFS="|" read -r where text; do
		set -- $where &&
		base=$(sed -n "s/^\([0-9a-f]*\) [tT] $1\$/\1/p" syms) &&
		test -n "$base" &&
		at=$(printf "%x" $((0x$base + 0x$2))) &&
		shift 2 &&
		objdump -d --start-address=0x$at --stop-address=$((0x$at + 16)) "$HELPERS/demo" |
			grep -m 1 "^ *$at:" >od &&
		bytes=$(cut -f2 od | sed "s/ *$//") &&
		mnem=$(cut -f3 od | sed "s/ .*//") &&
		test "$bytes" = "$*" &&
		case "$text" in
		"$mnem"*) ;;
		*) echo "$at: $text, objdump: $mnem" >>bad ;;
		esac &&
		regs_od=$(cut -f3 od | grep -o "%[a-z0-9]*" | sort | tr "\n" " ") &&
		regs_xed=$(echo "$text" | grep -o "%[a-z0-9]*" | sort | tr "\n" " ") &&
		{ test "$regs_od" = "$regs_xed" || echo "$at: $text, objdump: $(cut -f3 od)" >>bad; } ||
		return 1
	done <sites &&
	test_cmp /dev/null bad
'

# with chains the instruction has a line of its own: xed finds no address
# in it, branch targets are from 0 there, as perf's pipeline shows them
test_expect_success CAPSTONE,PERF_EVENTS '--xed with chains: the lines of -F +insn, the bytes replaced' '
	"$PROF" script -i g.data -F +insn >graw &&
	"$PROF" script -i g.data -F +insn --xed >gxed &&
	grep -q "^ insn: " graw &&
	grep -q "^ 		[a-z]" gxed &&
	sed "s/ insn: .*//" graw >graw.head &&
	sed "s/ 		.*//" gxed >gxed.head &&
	test_cmp graw.head gxed.head
'

test_expect_success CAPSTONE,PERF_EVENTS '--xed without insn changes nothing' '
	"$PROF" script -i s.data >plain &&
	"$PROF" script -i s.data --xed >plainx &&
	test_cmp plain plainx
'

test_done
