#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof diff --stream: hot streams of branch call stacks, as perf diff 6.1'
. "$(dirname "$0")/test-lib.sh"

# This VM samples no branch stacks: perf-data-gen.py writes perf record -b
# files (HEADER_BRANCH_STACK set), which perf 6.1 compares. The expected
# lines below are worked out from perf's rules (util/stream.c, the
# callchain tree of builtin-diff.c's --stream: flat, keyed by source
# line, each branch's target then its source, callee order) and agree
# with perf's output on these files.

BIN=$HELPERS/symtest-nopie
GEN=$SRCDIR/tests/shell/perf-data-gen.py

test_expect_success PYTHON3 'the generated files' '
	python3 "$GEN" branch br.data "$BIN" &&
	python3 "$GEN" cycles before.data "$BIN" before &&
	python3 "$GEN" cycles after.data "$BIN" after &&
	python3 "$GEN" streams sb.data "$BIN" before &&
	python3 "$GEN" streams sa.data "$BIN" after &&
	python3 "$GEN" streams-g sg.data "$BIN"
'

# sl SYM OFF: addr2line's basename:line of SYM+OFF
sl() {
	_a=$(nm "$BIN" | awk -v s="$1" '$3 == s { print $1 }') &&
	addr2line -e "$BIN" "$(printf '%x' $((0x$_a + $2)))" | sed 's,.*/,,; s, .*,,'
}

# br.data: 30 samples (periods 1000..1029) at main+8 cycling over three
# branch stacks. The third (periods 1002, 1005, ..., 1029: 10155 of
# 30435, 33.37%) is its own node: sym_vdso+2 -> 0x7fff12345678 (40000
# cycles), main+4 -> sym_plain (12), sym_plain+9 -> sym_target (5): the
# sources' cycles add up to 40017. The first two share their newest
# entry (sym_plain+9 -> sym_target): that node has no hits of its own,
# each rest is a stream.
test_expect_success PYTHON3 'the same file twice: every stream matched, perf'"'"'s layout' '
	"$PROF" diff --stream br.data br.data >out &&
	head -n 1 out >first &&
	echo "[ Matched hot streams ]" >expect &&
	test_cmp expect first &&
	test "$(grep -c "^hot chain pair [1-3]:$" out)" = 3 &&
	printf "%35s\t%35s\n" "cycles: 40017, hits: 33.37%" "cycles: 40017, hits: 33.37%" \
		"---------------------------" "--------------------------" \
		0x7fff12345678 0x7fff12345678 \
		"sym_vdso $(sl sym_vdso 2)" "sym_vdso $(sl sym_vdso 2)" \
		"sym_plain $(sl sym_plain 0)" "sym_plain $(sl sym_plain 0)" \
		"main $(sl main 4)" "main $(sl main 4)" \
		"sym_target $(sl sym_target 0)" "sym_target $(sl sym_target 0)" \
		"sym_plain $(sl sym_plain 9)" "sym_plain $(sl sym_plain 9)" >expect &&
	sed -n "/^hot chain pair 1:$/,/^$/p" out | sed "1d;/^$/d" >actual &&
	test_cmp expect actual &&
	printf "%35s\t%35s\n" "cycles: 0, hits: 33.33%" "cycles: 0, hits: 33.33%" >expect &&
	sed -n "/^hot chain pair 2:$/{n;p;}" out >actual &&
	test_cmp expect actual &&
	tail -n 3 out >last &&
	printf "\n[ Hot streams in old perf data only ]\n\n[ Hot streams in new perf data only ]\n" >expect &&
	tail -n 3 expect >expect3 &&
	test_cmp expect3 last
'

test_expect_success PYTHON3 'streams of one side only: its column' '
	"$PROF" diff --stream before.data br.data >out &&
	sed -n "/^\[ Hot streams in new perf data only \]$/,\$p" out >new &&
	printf "%35s\t%35s\n" "" "cycles: 40017, hits: 33.37%" >expect &&
	sed -n "/^hot chain 1:$/{n;p;}" new >actual &&
	test_cmp expect actual &&
	sed -n "/^\[ Hot streams in old perf data only \]$/,/^\[ Hot streams in new/p" out >old &&
	printf "%35s\n" "cycles: 22, hits: 42.86%" >expect &&
	sed -n "/^hot chain 1:$/{n;p;}" old >actual &&
	test_cmp expect actual
'

# same ARGS...: prof diff's stdout and exit status are perf diff's
same() {
	rc=0 && { LC_ALL=C "$PERF" diff "$@" >perf.out 2>perf.err || rc=$?; } &&
	echo "exit $rc" >>perf.out &&
	rc=0 && { LC_ALL=C "$PROF" diff "$@" >prof.out 2>prof.err || rc=$?; } &&
	echo "exit $rc" >>prof.out &&
	test_cmp perf.out prof.out
}

test_expect_success PYTHON3,PERF 'perf diff --stream on the pairs: the same lines' '
	same --stream br.data br.data &&
	same --stream before.data after.data &&
	grep -q "^hot chain pair 1:" prof.out &&
	same --stream after.data before.data &&
	same --stream before.data br.data &&
	same --stream br.data after.data &&
	same --stream sb.data sa.data &&
	same --stream sa.data sb.data &&
	same --stream sb.data br.data &&
	same --stream sg.data sg.data &&
	same --stream sg.data sb.data &&
	same --stream sb.data sa.data br.data
'

# sg.data: samples with a call chain too (record -b -g). perf puts the
# chain after the branches, past the entries the branches overlap and
# short of as many entries as branches were kept: the first stack (9
# samples, two branches, a chain of the context marker and four
# addresses) keeps sym_target+2 and sym_plain+14 of its chain.
test_expect_success PYTHON3 'call chains after the branches, as perf cuts them' '
	"$PROF" diff --stream sg.data sg.data >out &&
	printf "%35s\t%35s\n" "cycles: 15, hits: 37.49%" "cycles: 15, hits: 37.49%" \
		"---------------------------" "--------------------------" \
		"sym_target $(sl sym_target 0)" "sym_target $(sl sym_target 0)" \
		"sym_plain $(sl sym_plain 9)" "sym_plain $(sl sym_plain 9)" \
		"sym_plain $(sl sym_plain 0)" "sym_plain $(sl sym_plain 0)" \
		"main $(sl main 4)" "main $(sl main 4)" \
		"sym_target $(sl sym_target 2)" "sym_target $(sl sym_target 2)" \
		"sym_plain $(sl sym_plain 14)" "sym_plain $(sl sym_plain 14)" >expect &&
	sed -n "/^hot chain pair 3:$/,/^$/p" out | sed "1d;/^$/d" >actual &&
	test_cmp expect actual
'

# sb.data, sa.data: 139 and 122 samples over eight stacks each; more
# than five streams, so the least hot are left out (perf keeps five per
# event, a hotter one replacing the least hot). The shared newest
# entry sym_plain+9 -> sym_target of stacks a, b, c is a node of its
# own (c ends there: 12 samples before, 30 after); a loop (main+40,
# main+50 twice) is removed before the chain is built.
test_expect_success PYTHON3 'more streams than five: the hottest, matched by source lines' '
	"$PROF" diff --stream sb.data sa.data >out &&
	test "$(grep -c "^hot chain pair [0-9]*:$" out)" = 4 &&
	sed -n "/^\[ Hot streams in old perf data only \]$/,/^\[ Hot streams in new/p" out >old &&
	test "$(grep -c "^hot chain [0-9]*:$" old)" = 1 &&
	grep -q "^ *cycles: 30, hits: [0-9.]*%$" old &&
	sed -n "/^\[ Hot streams in new perf data only \]$/,\$p" out >new &&
	test "$(grep -c "^hot chain [0-9]*:$" new)" = 1 &&
	printf "%35s\t%35s\n" "" "cycles: 14, hits: 18.03%" >expect &&
	sed -n "/^hot chain 1:$/{n;p;}" new >actual &&
	test_cmp expect actual
'

test_expect_success PYTHON3,PERF_EVENTS 'a file without branch stacks: perf'"'"'s exit 255, and why' '
	"$PROF" record -q -e cpu-clock -o nb.data -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	test_expect_code 255 "$PROF" diff --stream br.data nb.data >out 2>err &&
	! test -s out &&
	grep -q "every file needs them" err
'

test_done
