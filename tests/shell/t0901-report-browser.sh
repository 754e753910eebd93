#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report on a terminal opens the browser; --stdio and --tui choose'
. "$(dirname "$0")/test-lib.sh"

if ! "$PROF" version --build-options 2>/dev/null | grep -q "libncursesw: \[ on"; then
	echo "# prof built without ncursesw: no browser to test"
	test_done
fi

TM_SESSION=rep
. "$SRCDIR/tests/shell/lib-tmux.sh"

test_expect_success PERF_EVENTS 'record the demo with callchains' '
	"$PROF" record -q -g -e cpu-clock -o g.data -- "$HELPERS/demo" 300 >/dev/null 2>&1 &&
	test -s g.data
'

test_expect_success TMUX,PERF_EVENTS 'the browser on a recorded file: expand, filter, zoom, resize, quit' '
	SOCK=prof-test-$$-1 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"\"$PROF\" report -i g.data; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^Samples: [0-9]+.? +of event .cpu-clock.*, Event count \(approx\.\): [0-9]+" &&
	wait_screen "Children +Self +Command +Shared Object +Symbol" &&
	wait_screen "^\+ +[0-9.]+% +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	tm send-keys -t rep Enter &&
	wait_screen "^Zoom into demo thread" &&
	tm send-keys -t rep Escape &&
	wait_screen "^Samples: " &&
	tm send-keys -t rep + &&
	wait_screen "^-  " &&
	tm send-keys -t rep / h o t Enter &&
	wait_screen "\[filter: hot\]" &&
	wait_gone "\[\.\] warm_loop" &&
	tm send-keys -t rep / BSpace BSpace BSpace Enter &&
	wait_screen "warm_loop" &&
	tm send-keys -t rep t &&
	wait_screen "^Samples: .*, Thread: demo$" &&
	tm send-keys -t rep t &&
	tm resize-window -t rep -x 80 -y 20 &&
	wait_screen "^Samples: " &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS '--stdio on a terminal prints the text report' '
	SOCK=prof-test-$$-2 &&
	tm new-session -d -s rep -x 120 -y 40 -c "$PWD" \
		"PAGER=cat \"$PROF\" report --stdio -q --no-children -i g.data; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "REPORT-EXITED 0" &&
	tm capture-pane -p -S - -t rep >screen &&
	grep -q -E "%  demo +demo +\[\.\] hot_loop" screen &&
	! grep -q "Press .?. for help" screen || ret=$?
	tm kill-server &&
	test "${ret:-0}" = 0
'

test_expect_success PERF_EVENTS 'not a terminal: stdio output as before' '
	"$PROF" report -i g.data >out 2>err &&
	grep -q "^# Samples: " out &&
	grep -q "hot_loop" out
'

test_expect_success PERF,TMUX,PERF_EVENTS 'columns, scrollbar and chain folding (+ e E C) as perf' '
	SOCK=prof-test-$$-4 &&
	bs_start g.data &&
	bs_key Down + && bs_same &&
	bs_key Down + && bs_same &&
	bs_key Down + && bs_same &&
	bs_key Up Up Up e && bs_same &&
	bs_key E && bs_same &&
	bs_key Down Down Down Down + && bs_same &&
	bs_key C && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'PGDN, SPACE, PGUP page as perf'"'"'s (short last page, headers hidden)' '
	SOCK=prof-test-$$-17 &&
	bs_start g.data &&
	bs_key PageDown PageDown && bs_same &&
	bs_key Space && bs_same &&
	bs_key PageUp && bs_same &&
	bs_key Space Space && bs_same &&
	bs_key PageUp PageUp PageUp && bs_same &&
	bs_key E End PageUp && bs_same &&
	bs_key PageUp PageUp Up && bs_same &&
	bs_key H PageDown PageDown && bs_same &&
	bs_key PageUp && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'Enter: the context menu; zooms; ESC zooms out, then asks' '
	SOCK=prof-test-$$-5 &&
	printf "%s\n" "/^Run scripts for /d" "/^Switch to another data file in PWD/d" \
		"/^ *[^ ]*\$/d" >menu.sed &&
	bs_start g.data &&
	bs_key Down Enter && BS_NORM=menu.sed bs_wait "^Zoom into demo thread" &&
	BS_NORM=menu.sed bs_same &&
	bs_key Enter && bs_wait "^Samples: .*, Thread: demo" && bs_same &&
	bs_key Escape && bs_wait "^Samples: .*[0-9]$" && bs_same &&
	bs_key Down d && bs_wait ", DSO: " && bs_same &&
	bs_key Enter && BS_NORM=menu.sed bs_wait "^Zoom out of " && BS_NORM=menu.sed bs_same &&
	bs_key Escape && bs_wait ", DSO: " && bs_same &&
	bs_key Escape && bs_wait "^Samples: .*[0-9]$" && bs_same &&
	bs_key Escape && bs_wait "Do you really want to exit\?" && bs_same &&
	bs_key Escape && bs_same &&
	! grep -q "Do you really" prof.screen &&
	bs_key Escape && bs_wait "Do you really want to exit\?" &&
	bs_key Enter && bs_wait "^EXITED 0" || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'Browse map details: the symbols of the DSO as perf lists them' '
	SOCK=prof-test-$$-6 &&
	echo "/ g main /,\$d" >map.sed &&
	bs_start g.data &&
	bs_key Down Enter && bs_wait "^Browse map details" &&
	bs_key Down Down Down Enter && bs_wait " l hot_loop " &&
	BS_NORM=map.sed bs_same &&
	grep -E "^ *[0-9a-f]+ +[0-9a-f]+ l hot_loop" prof.screen &&
	bs_key Escape && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS '/: perf'"'"'s empty filter prompt; the filter stays shown until cleared' '
	SOCK=prof-test-$$-7 &&
	bs_start g.data &&
	bs_key / && bs_wait "Please enter the name of symbol you want to see" && bs_same &&
	bs_key h o t && bs_wait "hot +" && bs_same &&
	bs_key Enter && bs_wait "\[\.\] hot_loop" && bs_same &&
	! grep -q warm_loop prof.screen &&
	tmux -L "$SOCK-prof" capture-pane -p -t b | tail -n 1 | grep -q "\[filter: hot\]" &&
	bs_key Down && bs_same &&
	tmux -L "$SOCK-prof" capture-pane -p -t b | tail -n 1 | grep -q "\[filter: hot\]" &&
	bs_key / && bs_wait "To remove the filter later" && bs_same &&
	bs_key Enter && bs_wait "warm_loop" && bs_same &&
	! tmux -L "$SOCK-prof" capture-pane -p -t b | grep -q "filter:" &&
	bs_key / x y z Enter && bs_wait "^  Children +Self$" && bs_same &&
	bs_key / Escape && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# perf drops the keys typed while it writes perf.hist.N: wait for it
wait_hist() {
	i=0 &&
	while [ $i -lt 30 ] && ! [ -f "$1" ]; do
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	sleep 0.3
}

test_expect_success PERF,TMUX,PERF_EVENTS 'H hides the column header, P prints the view to perf.hist.N, as perf' '
	SOCK=prof-test-$$-8 &&
	mkdir -p pdir/perf pdir/prof &&
	BS_PERF_DIR=$PWD/pdir/perf BS_PROF_DIR=$PWD/pdir/prof bs_start "$PWD/g.data" &&
	bs_key Down Down H && bs_same &&
	! grep -q "Children" prof.screen &&
	bs_key Down Down Down Down Down Down Down && bs_same &&
	bs_key H && bs_wait "Children +Self" && bs_same &&
	bs_key Home Down + P && bs_same &&
	wait_hist pdir/perf/perf.hist.0 &&
	bs_key Down Down Down + P && bs_same &&
	wait_hist pdir/perf/perf.hist.1 &&
	test_cmp pdir/perf/perf.hist.0 pdir/prof/perf.hist.0 &&
	test_cmp pdir/perf/perf.hist.1 pdir/prof/perf.hist.1 &&
	grep -q "^-  " pdir/prof/perf.hist.0 &&
	! test -e pdir/prof/perf.hist.2 || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'several events: the Available samples chooser, TAB and UNTAB, ESC back' '
	SOCK=prof-test-$$-9 &&
	"$PROF" record -q -g -e cpu-clock,page-faults -o m.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	bs_start_cmd "report -i m.data" "^Available samples" && bs_same &&
	grep -E "^[0-9]+.? ?cpu-clock " prof.screen &&
	grep -E "^[0-9]+.? ?page-faults " prof.screen &&
	bs_key Down && bs_same &&
	bs_key Enter && bs_wait "of event .page-faults." && bs_same &&
	bs_key Tab && bs_wait "of event .cpu-clock." && bs_same &&
	bs_key BTab && bs_wait "of event .page-faults." && bs_same &&
	bs_key Escape && bs_wait "^Available samples" && bs_same &&
	bs_key Up Enter && bs_wait "of event .cpu-clock." && bs_same &&
	bs_key Escape && bs_wait "^Available samples" &&
	bs_key Escape && bs_wait "Do you really want to exit\\?" && bs_same &&
	bs_key Enter && bs_wait "^EXITED 0" || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF_EVENTS '--tui without a terminal: the stdio report, quietly, as perf' '
	"$PROF" report --tui -i g.data </dev/null >out 2>err &&
	grep -q "^# Samples: " out &&
	grep -q "hot_loop" out &&
	! grep -i -e tui -e terminal err &&
	"$PROF" report --tui -i g.data >out2 2>err2 &&
	grep -q "^# Samples: " out2 &&
	! grep -i -e tui -e terminal err2
'

test_expect_success PERF,TMUX,PERF_EVENTS 'no call graphs: no fold column; k zooms into the kernel map, ESC out' '
	SOCK=prof-test-$$-10 &&
	"$PROF" record -q -e cpu-clock -o n.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	"$PROF" report --stdio -i n.data >n.txt 2>/dev/null &&
	bs_start n.data &&
	grep -E "^Overhead  Command" prof.screen &&
	grep -E "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop" prof.screen &&
	bs_key Down && bs_same &&
	if grep -q "\[k\]" n.txt
	then
		bs_key k && bs_wait ", DSO: \[kernel" && bs_same &&
		bs_key Escape && bs_wait "^Overhead  Comm  Shared" && bs_same
	else
		# perf zooms into an empty kernel map; prof has no entry to take it from
		bs_key k && wait_status "k: no kernel samples"
	fi || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'L: perf'"'"'s Percent Limit prompt hides the entries under it' '
	SOCK=prof-test-$$-11 &&
	bs_start g.data &&
	bs_key L && bs_wait "Please enter the value you want to hide entries under that percent" &&
	bs_same &&
	bs_key 1 0 && bs_same &&
	bs_key Enter && bs_wait "Children +Self" && bs_same &&
	! grep -q "\[k\]" prof.screen &&
	grep -q "hot_loop" prof.screen || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success TMUX,PERF_EVENTS 'keys prof cannot do say so on the status line' '
	SOCK=prof-test-$$-12 &&
	tm new-session -d -s rep -x 120 -y 30 -c "$PWD" \
		"\"$PROF\" report -i g.data; echo REPORT-EXITED \$?; sleep 30" &&
	wait_screen "^Samples: " &&
	msgs="(no scripts menu|not available|cannot switch data files|only available with group|for live sessions|no other event)" &&
	for k in r s S 1 z f Tab; do
		tm send-keys -t rep $k &&
		wait_screen "$msgs" &&
		tm send-keys -t rep Down &&
		wait_gone "$msgs" ||
		{ echo "# key $k" >&2; return 1; }
	done &&
	tm send-keys -t rep L x Enter &&
	wait_screen "^Invalid percent: x" &&
	tm send-keys -t rep q &&
	wait_screen "REPORT-EXITED 0" || ret=$?
	tm_stop &&
	test "${ret:-0}" = 0
'

# perf annotates; prof says why it cannot in the status line, and where
# perf cannot either (no symbol column) it gives perf's words.
test_expect_success PERF,TMUX,PERF_EVENTS 'a without a symbol column: perf'"'"'s answer; 0-9 without a group: perf'"'"'s' '
	SOCK=prof-test-$$-14 &&
	bs_start g.data --sort comm &&
	bs_key Down a &&
	wait_status "^Annotation is only available for symbolic views, include \"sym\*\" in --sort to use it\." &&
	bs_wait_perf "Annotation is only available for symbolic views, include \"sym\*\" in --sort to use it\." &&
	bs_key x 3 &&
	bs_status "^Sort by index only available with group events!" || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# perf shows a group's members side by side; 0-9 sort by one of them
# (perf reloads: the selection is hidden again)
test_expect_success PERF,TMUX,PERF_EVENTS 'an event group: perf'"'"'s columns and title; 0-9 sort by a member' '
	SOCK=prof-test-$$-18 &&
	"$PROF" record -q -e "{cpu-clock,page-faults}" -o grp.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	bs_start_cmd "report -i grp.data" "^Samples: " &&
	bs_same &&
	grep -E "^Samples: [0-9]+ +of events .anon group \{ cpu-clock, page-faults \}., Event count" prof.screen &&
	grep -E "^ +[0-9.]+% +[0-9.]+%  demo +demo +\[\.\] hot_loop" prof.screen &&
	bs_key 1 && bs_wait "^ +0\.00% +[1-9][0-9.]*%  " && bs_same &&
	bs_key Down Down && bs_same &&
	bs_key 0 && bs_same &&
	bs_key 3 && bs_same &&
	bs_status "^Max event group index to sort is 1 \(index from 0 to 1\)" &&
	bs_key 1 End PageUp && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# with call graphs: Children and Self for each member (the order of
# entries that tie after 0-9 is perf's reload's, not tested)
test_expect_success PERF,TMUX,PERF_EVENTS 'an event group with call graphs: Children and Self of each member' '
	SOCK=prof-test-$$-19 &&
	"$PROF" record -q -g -e "{cpu-clock,page-faults}" -o grpg.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	bs_start_cmd "report -i grpg.data" "^Samples: " &&
	bs_same &&
	grep -E "^ +Children +Self  Command" prof.screen &&
	bs_key Down + && bs_same &&
	bs_key End && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,PERF_EVENTS 'an event group with call graphs: --stdio as perf (each member'"'"'s Children, perf'"'"'s order)' '
	"$PROF" record -q -g -e "{cpu-clock,page-faults}" -o grps.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PERF" report --stdio -i grps.data 2>/dev/null | grep -v "^# .*Tip" >perf.txt &&
	"$PROF" report --stdio -i grps.data 2>/dev/null | grep -v "^# .*Tip" >prof.txt &&
	grep -E "^ +[0-9.]+% +[0-9.]+% +[0-9.]+% +[0-9.]+%  demo " prof.txt &&
	test_cmp perf.txt prof.txt
'

test_expect_success PERF,TMUX,PERF_EVENTS 'V: perf'"'"'s verbosity levels, DSOs in the chains, widths kept until a zoom' '
	SOCK=prof-test-$$-15 &&
	bs_start g.data &&
	bs_key V && bs_wait "0x[0-9a-f]+ +[a-zA-Z!] \[\.\] " && bs_same &&
	wait_status "^Verbosity level set to 1" &&
	bs_key Down + && bs_same &&
	grep -E "^ +[-+] main demo " prof.screen &&
	bs_key Down Down d && bs_wait ", DSO: " && bs_same &&
	bs_key Escape && bs_wait "^Samples: .*[0-9]\$" && bs_same &&
	bs_key V V && bs_same &&
	wait_status "^Verbosity level set to 3" &&
	bs_key V && bs_same &&
	wait_status "^Verbosity level set to 0" &&
	! grep -E -q "0x[0-9a-f]+ +[a-zA-Z!] \[[.k]\] " prof.screen || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_expect_success PERF,TMUX,PERF_EVENTS 'i: perf'"'"'s header information window; q goes back' '
	SOCK=prof-test-$$-16 &&
	bs_start g.data &&
	bs_key i && bs_wait "^Header information" && bs_same &&
	grep -q "^# cmdline : " prof.screen &&
	grep -q "^# event : name = cpu-clock" prof.screen &&
	! grep -q "^# ========" prof.screen &&
	wait_status "^Press .q. to exit" &&
	bs_key Down Down End && bs_same &&
	bs_key q && bs_wait "^Samples: " && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

# perf's scrollbar position after a zoom with F counts rows prof does
# not know of: the scrollbar column is left out here.
test_expect_success PERF,TMUX,PERF_EVENTS 'F: percentages of the filtered entries; a zoom folds the entries, as perf' '
	SOCK=prof-test-$$-13 &&
	echo "s/.\$//" >noscroll.sed &&
	BS_NORM=noscroll.sed &&
	export BS_NORM &&
	bs_start g.data &&
	bs_key Down + && bs_same &&
	bs_key d && bs_wait ", DSO: " && bs_same &&
	bs_key F && bs_same &&
	bs_key Down + && bs_same &&
	bs_key F && bs_same &&
	bs_key F && bs_same &&
	bs_key Escape && bs_wait "^Samples: .*[0-9]$" && bs_same &&
	bs_key Down + && bs_same &&
	bs_key / && bs_wait "Please enter the name" &&
	bs_key l o o p Enter && bs_wait "warm_loop" && bs_same &&
	bs_key F && bs_same || ret=$?
	bs_stop && test "${ret:-0}" = 0
'

test_done
