#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report --samples: the browser runs prof script around a saved sample, as perf'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

TM_SESSION=rep
. "$SRCDIR/tests/shell/lib-tmux.sh"
# the browser pipes a sample's context to less, as perf's (install-deps.sh)
test_lazy_prereq LESS 'command -v less'
test_lazy_prereq CAPSTONE '"$PROF" version --build-options | grep -q "libcapstone: \[ on  \]"'

test_expect_success PERF_EVENTS 'record the demo' '
	"$PROF" record -q -e cpu-clock -o s.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s s.data
'

# perf 6.1 (report --samples 3, Enter on an entry) lists "Show context for
# individual samples", "... with assembler", "... with source" (and
# "Switch to another data file in PWD", which prof has not) before Exit;
# choosing the first lists the saved samples as "SECS.NSECS: CPU N tid T",
# and choosing one runs perf script on 10 ms around it, piped to less.
test_expect_success TMUX,PERF_EVENTS,LESS '--samples 3: the context menu, the samples, prof script' '
	SOCK=prof-test-$$-1 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i s.data --samples 3 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples +" &&
	wait_screen "^Show context for individual samples with assembler" &&
	wait_screen "^Show context for individual samples with source" &&
	tm send-keys -t rep End Up Up Up Enter &&
	wait_screen "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " &&
	test "$(grep -c -E "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " screen)" = 3 &&
	sed -n -E "s/^([0-9]+\.[0-9]{9}): CPU .*/\1/p" screen | head -n 1 >when &&
	test -s when &&
	tm send-keys -t rep Enter &&
	wait_screen "^ +demo +[0-9]+ +[0-9]+\.[0-9]{9}: +[0-9]+ cpu-clock: " &&
	cat screen >script.screen &&
	grep -q "$(cat when)" screen &&
	tm send-keys -t rep q &&
	wait_screen "^Samples: " &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'without --samples the menu has no such entry' '
	SOCK=prof-test-$$-2 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i s.data --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Exit +" &&
	! grep -q "Show context for individual samples" screen &&
	tm send-keys -t rep Escape &&
	wait_gone "^Exit +" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

# perf's pipeline needs less; without it perf's screen flashes and
# returns, prof's status line says what is missing
test_expect_success TMUX,PERF_EVENTS 'no less in PATH: the status line says so' '
	SOCK=prof-test-$$-6 &&
	mkdir -p noless &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"PATH=$PWD/noless \"$PROF\" report -i s.data --samples 3 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples with source" &&
	tm send-keys -t rep End Up Up Up Enter &&
	wait_screen "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " &&
	tm send-keys -t rep Enter &&
	wait_screen "no less in PATH: the samples. context is paged by it" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'perf report --samples 3 offers the same entry' '
	SOCK=prof-test-$$-3 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PERF\" report -i s.data --samples 3 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples +" &&
	wait_screen "^Show context for individual samples with assembler" &&
	wait_screen "^Show context for individual samples with source" &&
	tm send-keys -t rep Escape &&
	wait_gone "^Exit +" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

# A "less" that keeps what it was given: its parent's command line (the
# shell system() ran, so the whole pipeline), and the script's text.
test_expect_success 'a less that records its input' '
	mkdir -p bin &&
	cat >bin/less <<-\EOF &&
	#!/bin/sh
	{ tr "\000" " " </proc/$PPID/cmdline && echo; } >"$LESS_OUT.cmd"
	cat >"$LESS_OUT.text"
	EOF
	chmod +x bin/less
'

# run_entry TOOL UPS OUT [ENV]: TOOL's browser, Enter on the first entry,
# End then UPS Ups in the context menu, the first saved sample; less's
# input lands in OUT.cmd and OUT.text. --samples 100000 keeps every
# sample, in order (past N perf keeps a random one): the first is the
# same for both.
run_entry() {
	tm new-session -d -s rep -x 150 -y 40 -c "$PWD" \
		"${4-} LESS_OUT=$PWD/$3 PATH=$PWD/bin:\$PATH \"$1\" report -i s.data --samples 100000 --no-children; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Show context for individual samples with source +" &&
	tm send-keys -t rep End &&
	i=0 &&
	while [ $i -lt "$2" ]; do
		tm send-keys -t rep Up &&
		i=$((i + 1)) || return 1
	done &&
	tm send-keys -t rep Enter &&
	wait_screen "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+ " &&
	tm send-keys -t rep Enter &&
	wait_screen "^Samples: " &&
	cat screen >"$3.screen" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0"
}
# the shell's command line, as perf's words: the tool named perf, no quotes
norm_cmd() {
	sed -e "s/^sh -c //" -e "s/'//g" -e "s|^[^ ]* script |perf script |" "$1"
}

# perf 6.1's menu ends "...with source", "Switch to another data file in
# PWD", Exit; prof's has no Switch entry
test_expect_success PERF,TMUX,PERF_EVENTS 'the plain entry runs perf'"'"'s command line, the same text' '
	SOCK=prof-test-$$-4 &&
	run_entry "$PERF" 4 perf-plain || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	SOCK=prof-test-$$-5 &&
	run_entry "$PROF" 3 prof-plain || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	norm_cmd perf-plain.cmd >expect &&
	norm_cmd prof-plain.cmd >actual &&
	grep -q -e " --ns .* --inline --show-lost-events " expect &&
	test_cmp expect actual &&
	grep -q "cpu-clock: " perf-plain.text &&
	test_cmp perf-plain.text prof-plain.text
'

test_expect_success PERF,TMUX,PERF_EVENTS '"with source": -F +srcline,+srccode, samples.context' '
	printf "[samples]\n\tcontext = 3000000\n" >ctx.config &&
	SOCK=prof-test-$$-6 &&
	run_entry "$PERF" 2 perf-src PERF_CONFIG=$PWD/ctx.config || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	SOCK=prof-test-$$-7 &&
	run_entry "$PROF" 1 prof-src PERF_CONFIG=$PWD/ctx.config || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	norm_cmd perf-src.cmd >expect &&
	norm_cmd prof-src.cmd >actual &&
	test_cmp expect actual &&
	sed -n -E "s/.*--time ([0-9]+)\.([0-9]+),([0-9]+)\.([0-9]+) .*/\1\2 \3\4/p" actual >window &&
	read from to <window &&
	test $((to - from)) = 6000000 &&
	grep -q "^  demo\.c:[0-9]" perf-src.text &&
	grep -q "^|[0-9]" perf-src.text &&
	test_cmp perf-src.text prof-src.text
'

# perf's "with assembler" runs script with -F +insn --xed, piped through
# Intel's xed (not in Debian: perf's less gets nothing here); prof's
# script disassembles in-process: the lines of the same command without
# --xed, each instruction's bytes replaced by its text
test_expect_success PERF,TMUX,PERF_EVENTS,CAPSTONE '"with assembler": perf'"'"'s command line, -F +insn --xed' '
	SOCK=prof-test-$$-8 &&
	run_entry "$PERF" 3 perf-asm || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	SOCK=prof-test-$$-9 &&
	run_entry "$PROF" 2 prof-asm || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0 &&
	norm_cmd perf-asm.cmd >expect &&
	norm_cmd prof-asm.cmd >actual &&
	grep -q -e " -F +insn --xed " expect &&
	test_cmp expect actual &&
	sed -e "s/ | less .*//" -e "s/ --xed / /" -e "s/^perf //" expect >args &&
	"$PERF" $(cat args) >perf-asm.raw &&
	grep -q "cpu-clock: .* insn: [0-9a-f][0-9a-f]" perf-asm.raw &&
	grep -q "cpu-clock: .* 		[a-z]" prof-asm.text &&
	! grep -q "insn:" prof-asm.text &&
	sed "s/ insn: .*//" perf-asm.raw >expect.head &&
	sed "s/ 		.*//" prof-asm.text >actual.head &&
	test_cmp expect.head actual.head
'

test_done
