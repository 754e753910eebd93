#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='the annotate browser (prof annotate on a terminal, a in report and top) key by key beside perf'"'"'s'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

TM_SESSION=ann
. "$SRCDIR/tests/shell/lib-tmux.sh"

# The screens are compared whole once s hides the source lines: prof
# shows the one line each instruction starts, perf objdump -S's blocks
# (Documentation/technical/deliberate-differences.md, "prof annotate").
# The last column is the scrollbar, drawn once a key moved the selection.
# The bar and the arrows are line-drawing characters, shown as ASCII
# stand-ins where the locale is not UTF-8: the patterns take either.

test_expect_success PERF_EVENTS 'record the demo' '
	"$PROF" record -q -e cpu-clock -F 4000 -o a.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s a.data
'

test_expect_success PERF,TMUX,PERF_EVENTS 'prof annotate SYMBOL: perf'"'"'s title, lines, offsets and arrows; o and t as perf' '
	SOCK=prof-test-$$-1 &&
	bs_start_cmd "annotate -i a.data hot_loop" "\[Percent: local period\]" &&
	bs_key s &&
	bs_wait "^Percent" &&
	bs_same &&
	grep -q "^Samples: [0-9]* *of event .cpu-clock., 4000 Hz, Event count" prof.screen &&
	grep -q "^ *[0-9][0-9.]* [^ ]  *add  *%rcx,%rax" prof.screen &&
	# (a percentage on the jumps and ret where the skid of the CPU puts samples)
	grep -Eq "^ *([0-9][0-9.]* )?[^ ] +[^ ] je +[0-9a-f]*$" prof.screen &&
	grep -Eq "^ *([0-9][0-9.]* )?[^ ] +[^ ] jne +[0-9a-f]*$" prof.screen &&
	grep -Eq "^ *([0-9][0-9.]* )?[^ ][0-9a-f]*: [^ ] ret$" prof.screen &&
	bs_key o &&
	bs_same &&
	grep -Eq "^ *([0-9][0-9.]* )?[^ ][0-9a-f]*: [^ ] je +[0-9a-f]* <hot_loop\+0x[0-9a-f]*>" prof.screen &&
	bs_key o t &&
	bs_wait "^Period" &&
	bs_same &&
	bs_key t &&
	bs_wait "^Samples[^ ]" &&
	bs_same &&
	bs_key t Down H &&
	bs_same &&
	bs_key q &&
	bs_wait "^EXITED 0" || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# perf 6.1 annotates only symbols with samples of their own (a on a
# caller in a call chain does nothing); prof opens the caller too, so a
# call can be followed from it.
test_expect_success TMUX,PERF_EVENTS 'a on a caller in a chain; ENTER on its call opens the callee, q comes back' '
	"$PROF" record -q -g -e cpu-clock -F 4000 -o g.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	SOCK=prof-test-$$-2 &&
	tm new-session -d -s ann -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report --no-children -i g.data; echo EXITED \$?; sleep 30" &&
	wait_screen "\[\.\] hot_loop" &&
	tm send-keys -t ann Down + &&
	wait_screen "^ +hot_loop *[^ ]*$" &&
	n=$(grep -n "^ *[a-z_]* *[^ ]*$" screen | sed -n 2p | cut -d: -f1) &&
	caller=$(sed -n "${n}p" screen | awk "{ print \$1 }") &&
	# the first Down shows the selection on the entry (screen line 3)
	i=3 &&
	while [ $i -lt "$n" ]; do tm send-keys -t ann Down || return 1; i=$((i + 1)); done &&
	tm send-keys -t ann a &&
	wait_screen "^$caller  .*\[Percent: local period\]" &&
	wait_screen "[^ ] call  *[a-z_]*$" &&
	callee=$(sed -n "s/.*[^ ] call  *\([a-z_]*\)$/\1/p" screen | head -n 1) &&
	test -n "$callee" &&
	tm send-keys -t ann / "call" Space Space Enter &&
	sleep 0.5 &&
	tm send-keys -t ann Enter &&
	wait_screen "^$callee  .*\[Percent: local period\]" &&
	tm send-keys -t ann q &&
	wait_screen "^$caller  " &&
	tm send-keys -t ann q &&
	wait_screen "Overhead +Command" &&
	tm send-keys -t ann q &&
	wait_screen "^EXITED 0" || ret=$?
	tm_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS '--asm-raw: objdump'"'"'s bytes, seven a line, as perf shows them' '
	SOCK=prof-test-$$-5 &&
	bs_start_cmd "annotate --asm-raw -i a.data hot_loop" "\[Percent: local period\]" &&
	bs_key s &&
	bs_wait "^Percent" &&
	bs_same &&
	grep -E -q "^ *[0-9.]* [^ ]  *([0-9a-f]{2} )+ +add  *%rcx,%rax" prof.screen &&
	bs_key o &&
	bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'report: a and the context menu annotate the entry, q comes back' '
	SOCK=prof-test-$$-3 &&
	bs_start a.data &&
	bs_key a &&
	bs_wait "^hot_loop  .*\[Percent: local period\]" &&
	bs_key s &&
	bs_wait "^Percent" &&
	bs_same &&
	bs_key q &&
	bs_wait "^Overhead" &&
	bs_key Down Enter &&
	bs_wait "^Annotate warm_loop" &&
	bs_key Enter &&
	bs_wait "^warm_loop  " &&
	# s is kept from the last annotation, as perf keeps it
	bs_wait "^Percent" &&
	bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'search, P, keys prof cannot do' '
	SOCK=prof-test-$$-4 &&
	tm new-session -d -s ann -x 120 -y 30 -c "$PWD" \
		"\"$PROF\" annotate -i a.data hot_loop; echo EXITED \$?; sleep 30" &&
	wait_screen "\[Percent: local period\]" &&
	tm send-keys -t ann / i m u l Enter &&
	wait_screen "imul" &&
	tm send-keys -t ann / n o s u c h Enter &&
	wait_screen "String not found!" &&
	tm send-keys -t ann P &&
	wait_screen "hot_loop.annotation written" &&
	grep -q "imul" hot_loop.annotation &&
	tm send-keys -t ann c &&
	wait_screen "^c: no cycle counts" &&
	tm send-keys -t ann h &&
	wait_screen "Toggle disassembler output/simplified view" &&
	tm send-keys -t ann Escape q &&
	wait_screen "^EXITED 0" || ret=$?
	tm_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,PERF_EVENTS 'the annotate options of report: perf'"'"'s checks and exit codes' '
	test_expect_code 129 "$PERF" report -i a.data --stdio --percent-type xx >/dev/null 2>&1 &&
	test_expect_code 129 "$PROF" report -i a.data --stdio --percent-type xx >/dev/null 2>prof.err &&
	grep -q "^Invalid percent type: xx" prof.err &&
	test_expect_code 234 "$PERF" report -i a.data --stdio --prefix-strip 2 >/dev/null 2>perf.err &&
	test_expect_code 234 "$PROF" report -i a.data --stdio --prefix-strip 2 >/dev/null 2>prof.err &&
	test_cmp perf.err prof.err &&
	"$PROF" report -i a.data --stdio --percent-type global-hits --objdump /bin/false \
		--asm-raw --no-source -M intel >/dev/null
'

test_done
