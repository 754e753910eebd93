#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='report --total-cycles and diff -c cycles: the basic-block cycles of branch stacks'
. "$(dirname "$0")/test-lib.sh"

# Both views need branch stacks whose entries carry cycle counts (LBR on
# a recent Intel core). This VM has no PMU: perf-data-gen.py cycles
# writes such files (before/after) with known counts in symtest-nopie's
# main and sym_plain. perf 6.1.187 (Debian) cannot be the oracle there:
# it crashes (SIGSEGV; valgrind: a read of a freed 96-byte block right
# after hist__account_cycles frees it) on every file whose branch stack
# has a count in its newest entry. So its lines are compared where it
# works (the corpus file with branch stacks, all counts 0; files without
# branch stacks) and the lines on the generated files are worked out
# below from perf's rules (annotate.c's __symbol__account_cycles,
# block-info.c, builtin-diff.c).

BIN=$HELPERS/symtest-nopie
GEN=$SRCDIR/tests/shell/perf-data-gen.py
BRANCH=$SHARED/corpus/perf-data/chromiumos_quipper_history/perf.data.branch

# same CMD ARGS...: prof's stdout is perf's (tips aside), and its exit status
same() {
	rc=0 && { LC_ALL=C "$PERF" "$@" >perf.raw 2>perf.err || rc=$?; } &&
	sed "/^# (Tip:/d" perf.raw >perf.out &&
	echo "exit $rc" >>perf.out &&
	rc=0 && { LC_ALL=C "$PROF" "$@" >prof.raw 2>prof.err || rc=$?; } &&
	sed "/^# (Tip:/d" prof.raw >prof.out &&
	echo "exit $rc" >>prof.out &&
	test_cmp perf.out prof.out
}

# sl SYM OFF: perf's map__srcline of SYM+OFF, addr2line's basename:line
sl() {
	_a=$(nm "$BIN" | awk -v s="$1" '$3 == s { print $1 }') &&
	addr2line -e "$BIN" "$(printf '%x' $((0x$_a + $2)))" | sed 's,.*/,,; s, .*,,'
}

# rng SYM START END: a block's range column text
rng() {
	echo "[$(sl "$1" "$2") -> $(sl "$1" "$3")]"
}

test_expect_success PYTHON3 'the generated files' '
	python3 "$GEN" cycles before.data "$BIN" before &&
	python3 "$GEN" cycles after.data "$BIN" after &&
	"$PROF" script -i before.data -F ip,brstack >bs &&
	grep -q "/P/-/-/10/ " bs && test_line_count = 7 bs
'

# before.data, in program order (the stack is newest first):
#   3x main: sym_plain+9 (7 cycles), main+10 -> main+20 (10), main+30 -> main+40 (5)
#   1x main: main+2 (1), main+5 -> main+20 (6): a longer block at main+20
#   2x sym_plain: sym_plain+12 (4), sym_plain+20 -> sym_plain+30 (8)
#   1x sym_inlined: a count of 0 in the newest entry: nothing accounted
# Blocks (offset: the longest block's start and cycles; every count):
#   main+2  [0 -> 2]:    1 of 1, avg 1
#   main+20 [5 -> 0x14]: 6 (the reset dropped the 10+10 of [0xa -> 0x14],
#                        the third 10 does not count: a shorter block), 36 of 4, avg 9
#   main+40 [0x1e -> 0x28]: 15, 15 of 3, avg 5
#   sym_plain+9  [0 -> 9]:    21, 21 of 3, avg 7
#   sym_plain+12 [0 -> 0xc]:  8, 8 of 2, avg 4
#   sym_plain+30 [0x14 -> 0x1e]: 16, 16 of 2, avg 8
# Total cycles 3*22 + 7 + 2*12 = 97. The Avg Cycles% sum: each branch
# entry (comm,dso_from,symbol_from,symbol_to,cycles) with a target
# symbol adds its function's averages: 8 entries land in main (15 each),
# one in sym_plain (19): 139.
test_expect_success PYTHON3 'report --total-cycles: perf'"'"'s block table' '
	"$PROF" report --total-cycles -i before.data --stdio >out &&
	grep -v "^# (Tip:" out | sed -n "/^# Sampled/,\$p" >got &&
	{
		printf "# %15s  %14s  %11s  %10s  %70s  %20s\n" "Sampled Cycles%" \
			"Sampled Cycles" "Avg Cycles%" "Avg Cycles" "[Program Block Range]" \
			"Shared Object" &&
		printf "# %s  %s  %s  %s  %s  %s\n" ............... .............. \
			........... .......... \
			...................................................................... \
			.................... &&
		echo "#" &&
		for row in "21.65% 21 5.04% 7 sym_plain 0 9" "16.49% 16 5.76% 8 sym_plain 20 30" \
			"15.46% 15 3.60% 5 main 30 40" "8.25% 8 2.88% 4 sym_plain 0 12" \
			"6.19% 36 6.47% 9 main 5 20" "1.03% 1 0.72% 1 main 0 2"
		do
			set -- $row &&
			printf "  %15s  %14s  %11s  %10s  %70s  %20s\n" $1 $2 $3 $4 \
				"$(rng $5 $6 $7)" symtest-nopie || return 1
		done &&
		echo "#" && echo "#"
	} >exp &&
	test_cmp exp got &&
	grep "^# Samples: 17  of event .cycles:u.$" out
'

test_expect_success PYTHON3 'report --total-cycles: --percent-limit, -s ignored, no branch mode' '
	"$PROF" report --total-cycles --percent-limit 10 -i before.data --stdio >pl &&
	grep -c "symtest-nopie$" pl >n && echo 3 >exp && test_cmp exp n &&
	"$PROF" report --total-cycles -s dso -i before.data --stdio >s &&
	"$PROF" report --total-cycles -i before.data --stdio >s0 &&
	grep -v "^# (Tip:" s >s.rows && grep -v "^# (Tip:" s0 >s0.rows && test_cmp s0.rows s.rows &&
	"$PROF" report --no-branch-stack --total-cycles -i before.data --stdio >nb &&
	"$PROF" report --no-branch-stack -i before.data --stdio >nb0 &&
	grep -v "^# (Tip:" nb >nb.rows && grep -v "^# (Tip:" nb0 >nb0.rows &&
	test_cmp nb0.rows nb.rows && ! grep "Sampled Cycles" nb
'

# after.data: main as before with 20 for [0xa -> 0x14] (3x) then the
# longer block once: [5 -> 0x14] has 60+6 of 4, avg 16 (9 before: +7);
# sym_plain+12 counts 2, 3 and 4 (avg 3, 4 before: -1). The baseline's
# blocks set the number of lines of an entry; each line shows the other
# file's blocks sorted by the change, the largest first; sym_inlined has
# no block and no line.
test_expect_success PYTHON3 'diff -c cycles: a line per block, sorted by the change' '
	"$PROF" diff -c cycles before.data after.data >out &&
	sed -n "/^# Baseline/,\$p" out >got &&
	{
		printf "# Baseline  %70s  Shared Object  Symbol         \n" \
			"[Program Block Range] Cycles Diff" &&
		printf "# ........  %s  .............  ...............\n" \
			...................................................................... &&
		echo "#" &&
		for row in "57.14% main 5 20 7" "57.14% main 0 2 0" "57.14% main 30 40 0" \
			"28.57% sym_plain 0 12 -1" "28.57% sym_plain 0 9 0" \
			"28.57% sym_plain 20 30 0"
		do
			set -- $row &&
			printf "  %8s  %70s  %-13s  [.] %s\n" $1 "$(rng $2 $3 $4) $(printf "%4d" $5)" \
				symtest-nopie $2 || return 1
		done
	} >exp &&
	test_cmp exp got
'

# --cycles-hist: the first counts of a block in both files, pairwise:
# sym_plain+12 counted 4, 4 before and 2, 3, 4 after: differences 2, 1,
# mean 1.5, the standard error of the mean 0.5 (perf's stddev_stats),
# 33.3% of it; perf's bars for 2 and 1 (min 1, max 2): the highest and
# the lowest. perf pads the column by bytes: "%17s" of the text (16
# bytes: "±" and the bars are multibyte), then 8 - 6/3 spaces.
test_expect_success PYTHON3 'diff -c cycles --cycles-hist: the spread of the first counts' '
	"$PROF" diff -c cycles --cycles-hist before.data after.data >out &&
	grep "^# Baseline  .*Cycles Diff        stddev/Hist  Shared Object" out &&
	printf "    28.57%%  %70s   \302\261 33.3%% \342\226\210\342\226\201         symtest-nopie  [.] sym_plain\n" \
		"$(rng sym_plain 0 12)   -1" >exp &&
	grep "sym_plain$" out | head -n 1 >got &&
	test_cmp exp got &&
	grep -c "[0-9]                     symtest-nopie  " out >n &&
	echo 5 >exp && test_cmp exp n
'

test_expect_success PYTHON3 'diff -c cycles: the same file, every change 0; the entries otherwise as perf' '
	"$PROF" diff -c cycles before.data before.data >same &&
	grep -c "    0  symtest-nopie" same >n && echo 6 >exp && test_cmp exp n &&
	! grep -- "-[0-9]  symtest" same &&
	"$PROF" diff -c cycles -p before.data after.data >p &&
	grep "# Baseline     Base period  .*Cycles Diff          Period  Shared Object" p &&
	grep "4000  .*\[symtest-nopie.c:[0-9]* -> symtest-nopie.c:[0-9]*\]    7            4000  symtest-nopie  \[\.\] main$" p
'

test_expect_success PERF,PYTHON3 'without branch stacks in every file: perf fails without a word' '
	"$PERF" record -q -e task-clock:u -o plain.data -- true >/dev/null 2>&1 &&
	same diff -c cycles plain.data plain.data &&
	test_must_be_empty prof.err &&
	same diff -c cycles before.data plain.data &&
	same report --total-cycles -i plain.data --stdio
'

test_expect_success SHARED,PERF 'the corpus file with branch stacks (no counts): perf'"'"'s lines' '
	same report --total-cycles -i "$BRANCH" --stdio &&
	grep "^# Sampled Cycles%  Sampled Cycles  Avg Cycles%  Avg Cycles  " prof.out &&
	same diff -c cycles "$BRANCH" "$BRANCH" &&
	grep "\[Program Block Range\] Cycles Diff" prof.out &&
	same diff -c cycles --cycles-hist "$BRANCH" "$BRANCH" &&
	grep "Cycles Diff        stddev/Hist  Shared Object" prof.out
'

test_done
