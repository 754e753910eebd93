#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report options against perf report 6.1 on the same files'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# same DATA OPTIONS...: prof report --stdio prints perf's lines, on stdout
# and stderr (the tip line is random in both; "perf" in a usage line is
# prof's name), with perf's exit status when perf fails too. perf 6.1
# reads uninitialised memory to decide whether -g fractal's remainder
# "[...]" is followed by " (inlined)" (deliberate-differences.md); prof
# never prints it, so perf's is dropped, as t0701 does.
same() {
	data=$1 &&
	shift &&
	prc=0 &&
	{ LC_ALL=C "$PERF" report -i "$data" --stdio "$@" >perf.raw 2>perf.eraw || prc=$?; } &&
	sed '/^# (Tip:/d; s/--\[\.\.\.\] (inlined)$/--[...]/' perf.raw >perf.out &&
	sed "s/Usage: perf /Usage: prof /" perf.eraw >perf.err &&
	rc=0 &&
	{ LC_ALL=C "$PROF" report -i "$data" --stdio "$@" >prof.raw 2>prof.err || rc=$?; } &&
	sed '/^# (Tip:/d' prof.raw >prof.out &&
	test_cmp perf.out prof.out &&
	test_cmp perf.err prof.err &&
	{ test $rc = $prc || test $prc = 0 || { echo "exit $rc, perf $prc"; return 1; }; }
}

# fails DATA OPTIONS...: perf's words for options it takes and exits 0
# after, where prof fails (deliberate-differences.md, "report options").
fails() {
	data=$1 &&
	shift &&
	LC_ALL=C "$PERF" report -i "$data" --stdio "$@" >perf.raw 2>perf.eraw &&
	sed '/^# (Tip:/d' perf.raw >perf.out &&
	sed "s/Usage: perf /Usage: prof /" perf.eraw >perf.err &&
	test_must_fail "$PROF" report -i "$data" --stdio "$@" >prof.raw 2>prof.err &&
	sed '/^# (Tip:/d' prof.raw >prof.out &&
	test_cmp perf.out prof.out &&
	test_cmp_nonempty perf.err prof.err
}

test_expect_success PERF,PERF_EVENTS 'record with perf: task-clock, two events, a group, -g' '
	"$PERF" record -q -e task-clock -o t.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock,page-faults -o two.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PERF" record -q -e "{task-clock,page-faults}" -o grp.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PERF" record -q -g -e task-clock -o g.data -- sh -c \
		"$HELPERS/symtest 20 & $HELPERS/demo 100; wait" >/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock,major-faults -o empty.data -- "$HELPERS/demo" 20 >/dev/null 2>&1
'

# The sort keys perf 6.1 has beyond the common ones; an unknown or
# memory-mode key lists the keys as perf does (prof fails where perf
# exits 0).
for opts in "-s time" "-s time,comm --ns" "-s time --time-quantum 10ms" "-s time --time-quantum 3ns" \
	    "-s addr" "-s addr,sym" "-s cgroup" "-s cgroup_id" "-s socket" "-s socket,cpu" \
	    "-s local_weight,weight" "-s code_page_size" "-s ins_lat,local_ins_lat" \
	    "-s p_stage_cyc" "-s local_p_stage_cyc,dso" "-s comm,time -n"; do
	test_expect_success PERF,PERF_EVENTS "sort keys: $opts" "
		same t.data $opts
	"
done

test_expect_success PERF,PERF_EVENTS 'an unknown --sort or --fields key: perf'"'"'s key list' '
	for opts in "-s bogus" "-s mem" "-s dso_from" "-s sym,data_page_size" "-F bogus" \
		    "-s sym -F bogus" "-s bogus -F sym" "-s flags" "-s comm_nodigit"; do
		fails t.data $opts || return 1
	done &&
	grep -q "^			  blocked$" prof.err
'

test_expect_success PERF,PERF_EVENTS '--time-quantum: perf'"'"'s refusals' '
	for q in foo 0 5xs; do
		same t.data -s time --time-quantum $q || return 1
	done
'

test_expect_success PERF,PERF_EVENTS,ROOT 'sample cgroups, namespaces and page sizes' '
	"$PERF" record -q -e page-faults -c 1 -d -W --all-cgroups --namespaces --code-page-size \
		-o cg.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	for opts in "-s cgroup" "-s cgroup_id,comm" "-s code_page_size" "-s addr" "-s weight"; do
		same cg.data $opts || return 1
	done
'

# --time: absolute ranges, several of them, percentages of the recording,
# and perf's refusals (status -EINVAL). The times come from the file.
test_expect_success PERF,PERF_EVENTS '--time ranges and percentages' '
	"$PERF" report -i t.data --header-only >hdr &&
	first=$(sed -n "s/^# time of first sample : //p" hdr) &&
	last=$(sed -n "s/^# time of last sample : //p" hdr) &&
	test -n "$first" && test -n "$last" &&
	s=${first%.*} && mid=$(awk "BEGIN { printf \"%.6f\", ($first + $last) / 2 }") &&
	for t in "$mid," ",$mid" "$first,$mid" "$s,$mid" "$first,$mid $last," \
		 "10%/2" "0%-10%,50%-60%" "25%" "10%/1,10%/3" "1e1%" "5%-2%" \
		 "abc" "$mid" "$mid,$first" "$first,$last,$mid" "10%/0" "-1%" "0%-10%/2" \
		 "110%/2" "10%/1,20%-30%" "$first.1234567891,$last"; do
		same t.data --time "$t" || return 1
	done
'

# A CPU-wide recording sees the other processes of the machine: prof may
# warn about their JIT dumps, so stdout and the status are compared.
test_expect_success PERF,SYSWIDE '-C: the samples of some CPUs; perf'"'"'s refusals' '
	"$PERF" record -q -a -e task-clock -o a.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	ncpu=$("$PERF" report -i a.data --header-only | sed -n "s/^# nrcpus avail : //p") &&
	test -n "$ncpu" &&
	for c in 0 "0-$((ncpu - 1))" "$((ncpu - 1)),0"; do
		"$PERF" report -i a.data --stdio -C "$c" -s cpu,comm 2>/dev/null |
			sed "/^# (Tip:/d" >perf.out &&
		"$PROF" report -i a.data --stdio -C "$c" -s cpu,comm 2>/dev/null |
			sed "/^# (Tip:/d" >prof.out &&
		test_cmp_nonempty perf.out prof.out || return 1
	done &&
	test_must_fail "$PROF" report -i a.data --stdio -C x >out 2>err &&
	grep -q "^Invalid cpu_list$" err &&
	test_must_fail "$PROF" report -i a.data --stdio -C "$ncpu" >out 2>err &&
	grep -q "^Requested CPU $ncpu too large. Consider raising MAX_NR_CPUS$" err &&
	fails t.data -C 0 &&
	grep -q "^File does not contain CPU events. Remove -C option to proceed.$" prof.err
'

for opts in "--symbol-filter loop" "--symbol-filter loop -s comm,sym" "--symbol-filter nosuch" \
	    "--tasks" "--mmaps" "-w 5,3,6,10" "-w 20" "-w 0,0,4" "-w 12,10,30,40 -n" "-w 3,3,3,3 -n" \
	    "--hierarchy" "--hierarchy -n --show-total-period" "--hierarchy -s dso,sym" \
	    "--hierarchy -s sym,comm" "--hierarchy --percent-limit 2" "--stats --no-skip-empty" \
	    "--show-cpu-utilization" "--show-cpu-utilization -n -t ," "-F overhead_sys,sym" \
	    "-s overhead_guest_us,overhead_us,overhead_sys,overhead_guest_sys,comm" \
	    "--show-cpu-utilization --hierarchy -n" "--socket-filter 0" "--socket-filter 1" \
	    "--mem-mode" "--branch-history" "--stitch-lbr"; do
	test_expect_success PERF,PERF_EVENTS "$opts" "
		same t.data $opts
	"
done

for opts in "--hierarchy" "--hierarchy -g caller" "--hierarchy -g folded" "--hierarchy -s sym" \
	    "--hierarchy -G" "-w 10,10,5,5,20" "-w 4,4 --no-children" "--tasks" "--mmaps" \
	    "--show-cpu-utilization" "--no-children -p main -x -g none" "-x" "-p main -x" \
	    "--no-children -s parent,sym -x -g none" "--stitch-lbr"; do
	test_expect_success PERF,PERF_EVENTS "$opts (-g profile)" "
		same g.data $opts
	"
done

test_expect_success PERF,PERF_EVENTS '--hierarchy with --fields: perf'"'"'s words' '
	fails t.data --hierarchy -F overhead,sym
'

for opts in "" "--group" "--no-group" "--group -n" "--group-sort-idx 1" "--group-sort-idx 0" \
	    "--group-sort-idx 5" "--group-sort-idx -1" "--group-sort-idx 1 -n" \
	    "--no-group --group-sort-idx 1" "--group --hierarchy" "--group --hierarchy -n -s dso,sym" \
	    "--group --hierarchy --show-total-period --percent-limit 1" "--group -t ," \
	    "--group -t , -n --show-total-period" "--group -t , -s sym"; do
	test_expect_success PERF,PERF_EVENTS "event groups: $opts" "
		same grp.data $opts &&
		same two.data $opts
	"
done

for opts in "--switch-on page-faults" "--switch-off page-faults" \
	    "--switch-on page-faults --show-on-off-events" "--show-on-off-events" \
	    "--switch-on task-clock --switch-off page-faults" \
	    "--switch-on page-faults --switch-off task-clock -n"; do
	test_expect_success PERF,PERF_EVENTS "two events: $opts" "
		same two.data $opts
	"
done

# empty.data: major-faults has no sample
for opts in "--skip-empty" "--no-skip-empty" "--stats --no-skip-empty" "-D --no-skip-empty"; do
	test_expect_success PERF,PERF_EVENTS "an event without samples: $opts" "
		same two.data $opts &&
		same empty.data $opts
	"
done

test_expect_success PERF,PERF_EVENTS '--switch-on/--switch-off: an event the file lacks' '
	for o in --switch-on --switch-off; do
		test_expect_code 254 "$PROF" report -i two.data --stdio $o nosuch >out 2>err &&
		test_must_be_empty out &&
		grep -q "^ERROR: switch-${o#--switch-} event not found (nosuch)$" err || return 1
	done
'

# perf 6.1 can cut the trace column at its header's width (t0701); prof
# shows the text whole (deliberate-differences.md).
test_expect_success PERF,PERF_EVENTS,ROOT,TRACEFS '--raw-trace: the fields, not the print format' '
	"$PERF" record -q -e sched:sched_switch -o sw.data -- sleep 0.05 >/dev/null 2>&1 &&
	"$PROF" report -i sw.data --stdio --raw-trace -s comm,trace >raw &&
	"$PROF" report -i sw.data --stdio -s comm,trace >fmt &&
	grep -q "  prev_comm=[^ ]* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=[0-9]* next_comm=" raw &&
	! grep -q "==>" raw && grep -q "==>" fmt
'

# perf's tracepoint view with --raw-trace has a column per field (its
# dynamic sort keys); prof shows the fields in one "Trace output" column.
test_expect_failure PERF,PERF_EVENTS,ROOT,TRACEFS '--raw-trace: a column per field in the tracepoint view' '
	same sw.data --raw-trace
'

# --ignore-callees: a chain frame matching the regex becomes the sample's
# entry and its callees (in caller order: its callers) leave the chain;
# the last match in display order wins, --parent's own frame is not tried.
for opts in "--no-children" "--children" "--no-children -g caller" "--children -g callee" \
	    "--no-children -g folded" "--no-children -s dso,sym -n" "--children -g none" \
	    "--no-children -p ^main$" "--no-children --max-stack 2"; do
	test_expect_success PERF,PERF_EVENTS "--ignore-callees with $opts" "
		for re in '^main$' loop '__libc_start_call_main|^sym_' 'loop|^main$'; do
			same g.data $opts --ignore-callees \"\$re\" || return 1
		done
	"
done

# perf walks a chain up to an unknown context marker before dropping it:
# --ignore-callees and --parent matches there stand (callee order).
test_expect_success PERF '--ignore-callees and --parent before a bad context marker' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" bad-marker bad.data "$HELPERS/demo" &&
	same bad.data --no-children -p "^main$" &&
	grep -q "^   100.00%  badmark  demo  *\[\.\] hot_loop  main *$" prof.out &&
	for opts in "--no-children" "--children" "--no-children -g caller"; do
		same bad.data $opts --ignore-callees "^run$" &&
		same bad.data $opts --ignore-callees "^main$|run" &&
		same bad.data $opts -p "^main$" || return 1
	done
'

test_expect_success PERF,PERF_EVENTS '--ignore-callees: a bad regex is perf'"'"'s usage error' '
	same t.data --ignore-callees "(" &&
	test_must_fail "$PROF" report -i t.data --stdio --ignore-callees "(" 2>err &&
	grep -q "^Invalid --ignore-callees regex: ($" err
'

# perf 6.1 forgets --comms, --dsos and --symbols for a sample it moves to
# a caller; prof keeps the decision of the sample (deliberate-differences.md).
test_expect_success PERF,PERF_EVENTS '--ignore-callees keeps a filtered sample out' '
	"$PROF" report -i g.data --stdio --no-children -g none --comms demo -s comm,sym \
		--ignore-callees __libc_start_call_main >none.out &&
	"$PROF" report -i g.data --stdio --no-children --comms demo \
		--ignore-callees __libc_start_call_main >out &&
	test "$(grep -c "%  .*\[\.\] __libc_start_call_main$" out)" = 1 &&
	grep -q "\[\.\] hot_loop *$" none.out &&
	! grep -q symtest out
'

# --show-ref-call-graph: perf 6.1 names it in the heading of an event
# recorded with call-graph=no (a sampled group's member, or an event of
# its own); the rest is as without it.
test_expect_success PERF,PERF_EVENTS '--show-ref-call-graph: perf'"'"'s heading of a call-graph=no event' '
	"$PERF" record -q -g -e "{task-clock,page-faults/call-graph=no/}:S" -o ref.data \
		-- "$HELPERS/demo" 30 >/dev/null 2>&1 &&
	"$PERF" record -q -g -e task-clock -e page-faults/call-graph=no/ -o ref2.data \
		-- "$HELPERS/demo" 30 >/dev/null 2>&1 &&
	for opts in "--no-children" "--children" "--no-group --no-children" "--no-group -n"; do
		same ref.data --show-ref-call-graph $opts || return 1
	done &&
	grep -q "^# Samples: .* of event .page-faults/call-graph=no/., show reference callgraph$" prof.out &&
	same ref2.data --show-ref-call-graph --no-children &&
	grep -q "^# Samples: .* of event .page-faults/call-graph=no/., show reference callgraph$" prof.out &&
	grep -q "^# Samples: .* of event .task-clock.$" prof.out &&
	same g.data --show-ref-call-graph
'

# A generated file whose records are out of time order within a round:
# -D shows them as perf does, sorted or (--disable-order) as written.
test_expect_success PERF '--disable-order: the records in file order' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" unordered un.data &&
	same un.data -D &&
	same un.data -D --disable-order &&
	same un.data -s comm,pid &&
	"$PROF" report -i un.data --stdio -s comm --disable-order >un.out &&
	grep -q "100.00%  first" un.out
'

# perf's own shell test pipes record into report --task (an abbreviation
# of --tasks): the threads and maps of a stream, prof's and perf's.
test_expect_success PERF,PERF_EVENTS '--task and --mmaps of a pipe, as perf' '
	for rec in "$PROF" "$PERF"; do
		"$rec" record -q -o - -e task-clock -- \
			sh -c "$HELPERS/demo 30 & $HELPERS/demo 30; wait" 2>/dev/null >tk.pipe &&
		for o in --task --mmaps "--tasks --mmaps"; do
			"$PERF" report -i - $o <tk.pipe >perf.out &&
			"$PROF" report -i - $o <tk.pipe >prof.out &&
			test_cmp_nonempty perf.out prof.out || return 1
		done &&
		test "$(grep -c "| demo$" prof.out)" = 2 || return 1
	done
'

# perf's colours (red from 5%, green above 0.5%): the value columns and
# the call chains' percentages; -t keeps only the chains'. On a terminal
# (script(1) makes one) perf colours by default.
test_lazy_prereq SCRIPT 'command -v script >/dev/null'
test_expect_success PERF,PERF_EVENTS '--stdio-color: always, never, auto and bad values, as perf' '
	for o in "" --no-children "-g folded" "-g flat" "-g fractal" --hierarchy "-t ," \
		 "-t , -g folded" "-g caller,0.5,callee,function,count" "--sort dso,sym" \
		 "-F overhead,sample,sym"; do
		same g.data --stdio-color always $o || return 1
	done &&
	for o in "" "--sort dso,sym" "-F overhead,period,sym"; do
		same grp.data --stdio-color always $o || return 1
	done &&
	esc=$(printf "\033") &&
	same g.data --stdio-color always &&
	grep -q "$esc\[31m" prof.out &&
	same g.data --stdio-color never &&
	! grep -q "$esc" prof.out &&
	same g.data --stdio-color auto &&
	! grep -q "$esc" prof.out &&
	same g.data --stdio-color bogus &&
	grep -q "^bad config value for .color.ui., ignoring" prof.err &&
	same g.data &&
	! grep -q "$esc" prof.out
'

test_expect_success PERF,PERF_EVENTS,SCRIPT 'on a terminal: colours by default, as perf' '
	for o in "" "--stdio-color never" "--stdio-color auto"; do
		PAGER=cat TERM=xterm script -qec "\"$PERF\" report -i g.data --stdio -q $o" \
			/dev/null >tty.perf &&
		PAGER=cat TERM=xterm script -qec "\"$PROF\" report -i g.data --stdio -q $o" \
			/dev/null >tty.prof &&
		test_cmp_nonempty tty.perf tty.prof || return 1
	done &&
	PAGER=cat TERM=xterm script -qec "\"$PROF\" report -i g.data --stdio -q" /dev/null >tty.prof &&
	grep -q "$(printf "\033")\[31m" tty.prof
'

test_done
