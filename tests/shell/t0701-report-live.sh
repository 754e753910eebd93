#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report against perf report on profiles recorded here'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# same DATA OPTIONS...: prof report --stdio prints perf's lines (the tip
# line is random in both). perf 6.1 reads uninitialised memory to decide
# whether the fractal remainder "[...]" is followed by " (inlined)"; prof
# never prints it, so perf's is dropped before comparing.
#
# perf's own output is not always the same for one file: its srclines come
# from an addr2line child it gives up on after a timeout, so on a loaded
# machine a line can turn into sym+offset. prof's output is deterministic,
# so a difference is confirmed by asking perf once more before failing.
#
# $RUN prefixes both commands: nodebug for the views of a machine without
# debug packages.
RUN=
perf_report() {
	LC_ALL=C $RUN "$PERF" report -i "$@" --stdio >perf.raw 2>perf.err &&
	grep -v '^# (Tip:' perf.raw |
		sed 's/--\[\.\.\.\] (inlined)$/--[...]/' >perf.out
}

same() {
	data=$1 &&
	shift &&
	perf_report "$data" "$@" &&
	LC_ALL=C $RUN "$PROF" report -i "$data" --stdio "$@" >prof.raw 2>prof.err &&
	grep -v '^# (Tip:' prof.raw >prof.out &&
	{ cmp -s perf.out prof.out || perf_report "$data" "$@"; } &&
	test_cmp_nonempty perf.out prof.out
}

# nodebug CMD...: CMD as on a machine without debug packages (libc6-dbg
# and friends): in a private mount namespace with an empty directory over
# /usr/lib/debug, and a build-id cache of its own (perf record copies the
# debug files it sees into the cache).
nodebug() {
	mkdir -p "$TRASH/no-debug/.debug" &&
	if [ -d /usr/lib/debug ]; then
		HOME=$TRASH/no-debug unshare -m sh -c \
			'mount --bind "$0/.debug" /usr/lib/debug && exec "$@"' "$TRASH/no-debug" "$@"
	else
		HOME=$TRASH/no-debug "$@"
	fi
}

test_expect_success PERF,PERF_EVENTS 'record the demo with perf, with and without -g' '
	"$PERF" record -q -g -o g.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	"$PERF" record -q -o flat.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	"$PERF" record -q -g -o sym.data -- "$HELPERS/symtest" 30 >/dev/null 2>&1
'

# srcline and srcfile keys: without the Children view, whose chain entries
# can make perf give up on a dso's lines (the test of the generated file
# below covers it).
for opts in "" "--no-children" "-g folded" "-g caller" "--sort dso,sym" \
	    "--sort srcline --no-children" "-n --percent-limit 1" "--no-children -g folded" \
	    "-g fractal" "-g flat" "-G" "--no-children -g caller,0.5,callee,function,count" \
	    "--sort pid,sym" "--sort cpu" "--show-total-period" "-q" \
	    "--sort srcfile --no-children" "-F overhead,sym"; do
	test_expect_success PERF,PERF_EVENTS "perf report --stdio $opts (-g profile)" "
		same g.data $opts
	"
done

# the filters, keys and fields issue #5 names, and perf's column rules:
# a --sort entry is a column too ("-s period"), "overhead" is not
# prepended when the keys name it (perf's strstr: "overhead_children"
# counts), "-F +f" adds f to the default columns, a Children column
# without cumulation says N/A, and chain frames have their own map size.
for opts in "--dsos demo" "--symbols hot_loop,main" "--max-stack 2" "--max-stack 0" \
	    "--percentage relative --comm demo" "--percentage absolute --dsos demo" \
	    "-s symbol_size,sym" "-s dso_size,dso" "-s period" "-s sample,sym" "-s period,sym" \
	    "-s overhead_children,sym" "-s sym -F +period" "-n -F +period" \
	    "--no-children -s overhead_children -F overhead,sym" "--no-children -s dso_size" \
	    "--kallsyms /proc/kallsyms" "-s sym --tid 1" "-T" \
	    "-t ," "-t : -s dso,sym" "-t % --no-children -n --show-total-period -g none" \
	    "-t , --no-children -F overhead_children,sym" "-U" "-U --no-children" \
	    "-p main" "-p main --no-children" "-p main -F overhead,sym --no-children" \
	    "-p main -g callee" "-p main --max-stack 2" \
	    "-g folded,0,caller,address" "-g graph,0,callee,address,period --no-children"; do
	test_expect_success PERF,PERF_EVENTS "perf report --stdio $opts (-g profile)" "
		same g.data $opts
	"
done

test_expect_success PERF,PERF_EVENTS 'bad -k, --kallsyms, --percentage, -t: perf'"'"'s words and statuses' '
	for opts in "-k /nonexistent" "--kallsyms /nonexistent" "--percentage foo" "-t . -s sym"; do
		prc=0 &&
		"$PERF" report -i g.data --stdio $opts >perf.out 2>perf.raw || prc=$?
		sed "s/perf report/prof report/" perf.raw >perf.err &&
		test_expect_code $prc "$PROF" report -i g.data --stdio $opts >prof.out 2>prof.err &&
		test_cmp perf.err prof.err &&
		test_cmp perf.out prof.out || return 1
	done
'

for opts in "" "--sort dso,sym" "--sort srcline" "-n --percent-limit 1" "--sort dso_size,dso" \
	    "-s overhead_children,sym" "-F overhead_children,sym" "-s period" "-t ,"; do
	test_expect_success PERF,PERF_EVENTS "perf report --stdio $opts (no callchains)" "
		same flat.data $opts
	"
done

for opts in "" "--no-children" "-g folded" "--sort dso,sym" "--sort parent"; do
	test_expect_success PERF,PERF_EVENTS "perf report --stdio $opts (symtest, PLT and weak symbols)" "
		same sym.data $opts
	"
done

# Without debug packages perf's addr2line has no DWARF for libc and ld.so
# and answers from their .dynsym: "??:0" where prof printed "libc.so.6[...]"
# or "sym+off". Views of chains without a srcline key cannot meet perf's
# addr2line give-up (deliberate-differences.md), flat profiles hardly do.
test_expect_success PERF,PERF_EVENTS,UNSHARE 'without debug packages: srcline, srcfile and address views' '
	nodebug "$PERF" record -q -o nodebug.data -- "$HELPERS/symtest" 30 >/dev/null 2>&1 &&
	nodebug "$PERF" record -q -g -o nodebug-g.data -- "$HELPERS/symtest" 30 >/dev/null 2>&1 &&
	RUN=nodebug &&
	for opts in "--sort srcline" "--sort srcfile" "--sort srcline,sym" "--sort srcline,dso -n" \
		    "--sort srcline -F srcline,overhead --full-source-path"; do
		same nodebug.data $opts || return 1
	done &&
	nodebug "$PROF" report -i nodebug.data --stdio --sort dso,srcline >out &&
	grep -q "libc.so.6  *??:0\$" out &&
	for opts in "-g caller,0.5,callee,address" "-g folded,0,caller,address" \
		    "--no-children -g graph,0,callee,address" "--no-children --sort srcline" \
		    "--no-children --sort srcfile"; do
		same nodebug-g.data $opts || return 1
	done
'

test_expect_success PERF,PERF_EVENTS 'a file prof record wrote reads like perf reads it' '
	"$PROF" record -g -o prof.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	same prof.data &&
	same prof.data --no-children -g folded
'

test_expect_success PERF,PERF_EVENTS 'a stream on standard input: perf report -i -' '
	"$PERF" record -q -g -o - -- "$HELPERS/demo" 100 2>/dev/null >pipe.data &&
	"$PERF" report -i - --stdio <pipe.data 2>/dev/null | grep -v "^# (Tip:" >perf.out &&
	"$PROF" report -i - --stdio <pipe.data 2>/dev/null | grep -v "^# (Tip:" >prof.out &&
	test_cmp_nonempty perf.out prof.out
'

# same_status DATA OPTIONS...: prof report exits as perf does and prints
# the same stdout and stderr.
same_status() {
	data=$1 &&
	shift &&
	prc=0 &&
	{ "$PERF" report -i "$data" --stdio "$@" >perf.out 2>perf.err || prc=$?; } &&
	test_expect_code $prc "$PROF" report -i "$data" --stdio "$@" >prof.out 2>prof.err &&
	test_cmp perf.err prof.err &&
	test_cmp perf.out prof.out
}

test_expect_success PERF,PERF_EVENTS '-g on a file without callchains is perf'"'"'s error' '
	same_status flat.data -g folded &&
	grep -q "no callchain" prof.err
'

test_expect_success PERF,PERF_EVENTS 'the parent key on a file without callchains is perf'"'"'s error' '
	same_status flat.data -s parent &&
	grep -q "Selected --sort parent" prof.err &&
	same_status flat.data -p main
'

test_expect_success PERF,PERF_EVENTS 'piped to head: clean output, no error' '
	"$PROF" report -i g.data --stdio 2>err | head -3 >out &&
	test_line_count = 3 out &&
	test_must_be_empty err
'

test_expect_success 'a missing file is one error line and exit 255' '
	test_expect_code 255 "$PROF" report -i nonexistent.data --stdio >out 2>err &&
	grep -q "nonexistent.data" err
'

test_expect_success 'an unknown sort key is a usage error' '
	! "$PROF" report -i nonexistent.data --stdio --sort nosuchkey >out 2>err
'

test_expect_success PERF,PERF_EVENTS 'a comm that changes: the Command column is cut as perf cuts it' '
	ln -sf "$HELPERS/comm-change" cc &&
	"$PERF" record -q -o comm.data -- ./cc 100 >/dev/null 2>&1 &&
	same comm.data &&
	grep -q "averylo " prof.out &&
	same comm.data --sort comm,sym
'

# perf record -b needs an LBR this machine may not have: perf-data-gen.py
# writes such a file, its branches landing in symtest-nopie's functions,
# so both tools resolve symbols (the corpus files have none here).
test_expect_success PERF,PYTHON3 'branch mode with symbols: the view and the branch keys' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" branch br.data "$HELPERS/symtest-nopie" &&
	same br.data &&
	grep -q "sym_plain .* sym_target .* 3 " prof.out &&
	grep -q "\[H\] 0x00007fff12345678  -25536" prof.out &&
	same br.data -s mispredict,in_tx,abort,cycles &&
	same br.data -s comm,mispredict,dso_from &&
	same br.data -s addr_from,addr_to,dso_to &&
	same br.data -s sym,dso_from -n &&
	same br.data -s srcline_from,srcline_to &&
	same br.data --no-branch-stack &&
	same_status br.data -g &&
	grep -q "no callchain" prof.err
'

# perf appends the columns the sort keys do not name to the sort list:
# with "-s overhead_children,sym", Self orders entries whose Children
# and symbol compare equal (symbol-less ones: libc or ld.so without debug
# packages), not the order they were merged in.
test_expect_success PERF,PYTHON3 'equal Children and symbol: Self decides, as perf appends it' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" anon anon.data &&
	same anon.data -s overhead_children,sym -g none &&
	sed -n "/^#/d; /%/p" prof.out | head -1 | grep -q "33.33%  *33.33%" &&
	same anon.data -s overhead_children,sym &&
	same anon.data -s overhead,sym -g none &&
	same anon.data -s overhead_children,sym -n -g none
'

# A process sampled before its first COMM shows as ":PID" until that COMM
# arrives; perf then renames the comm object in place, so that its earlier
# entries count for the new name (merged with their namesakes when perf
# collapses the entries), Children and Self alike.
test_expect_success PYTHON3 'samples before a process'"'"'s first COMM count for its name' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" comm-override co.data &&
	"$PROF" report -i co.data --stdio >co.out 2>co.err &&
	! grep -q ":4243" co.out &&
	grep -q "^ *100\.00%  *0\.00%  worker  *\[unknown\]  *\[\.\] 0x0000000000401300\$" co.out &&
	grep -q "^ *83\.33%  *83\.33%  worker  *\[unknown\]  *\[\.\] 0x0000000000401100\$" co.out
'

test_expect_success PERF,PYTHON3 'samples before a process'"'"'s first COMM: perf report' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" comm-override co.data &&
	same co.data &&
	same co.data --no-children &&
	same co.data -g caller
'

# The same raw chains over other maps: report resolves a recorded chain
# once and replays it while the maps and symbols stay as they were; an
# MMAP over the same addresses (another file, then the first again) must
# make it resolve the chain anew (perf-data-gen.py remap).
test_expect_success PERF,PYTHON3 'the same raw chains after an MMAP over them: perf report' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" remap remap.data "$HELPERS/demo" \
		"$HELPERS/symtest" &&
	same remap.data &&
	grep -q "symtest  *\[\.\] sym_plain\$" prof.out &&
	grep -q "demo  *\[\.\] hot_loop\$" prof.out &&
	same remap.data --no-children &&
	same remap.data -g caller &&
	same remap.data --sort dso,sym -g address &&
	"$PROF" script -i remap.data >remap.prof 2>&1 &&
	"$PERF" script -i remap.data >remap.perf 2>&1 &&
	test_cmp remap.perf remap.prof
'

# perf formats each column title into a 1024-byte buffer: a column wider
# than 1023 (a long C++ symbol, here a long comm) has its title cut there,
# its dotted line and its values not.
test_expect_success PYTHON3 'a column wider than 1023: its title is cut at 1023' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" long-comm lc.data &&
	"$PROF" report -i lc.data --stdio --no-children >lc.out 2>lc.err &&
	grep "^# Overhead" lc.out >lc.title &&
	awk "{ exit !(index(\$0, \"Shared Object\") - index(\$0, \"Command\") == 1025) }" lc.title &&
	grep -q "^# \.\.\.\.\.\.\.\.  \.\{1100\}  " lc.out
'

test_expect_success PERF,PYTHON3 'a column wider than 1023: perf report' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" long-comm lc.data &&
	same lc.data &&
	same lc.data --no-children
'

# --call-graph lbr, generated (no LBR here). Where a sample's LBR call
# stack is empty perf 6.1 reads its first target past the end of the
# record (the next record's ip) and shows it as a frame; prof reads
# nothing outside a record (deliberate-differences.md). lbr-padded.data
# holds the same samples with an entry past each empty stack whose target
# perf takes for a context marker: what perf shows reading nothing out of
# bounds, and what prof shows for both files.
test_expect_success PERF,PYTHON3 'LBR call stacks: nothing read past a record' '
	gen=$SRCDIR/tests/shell/perf-data-gen.py &&
	python3 "$gen" lbr lbr.data "$HELPERS/symtest-nopie" &&
	python3 "$gen" lbr-padded lbr-padded.data "$HELPERS/symtest-nopie" &&
	perf_report lbr.data --no-children &&
	grep -A2 "\[\.\] main *\$" perf.out | grep -q -- "---sym_inlined\$" &&
	for opts in "" "--no-children" "-g caller" "--no-children -g caller" "-G" \
		    "-g folded" "--no-children -g folded,0,caller,address" "--max-stack 1"; do
		perf_report lbr-padded.data $opts &&
		"$PROF" report -i lbr.data --stdio $opts 2>prof.err | grep -v "^# (Tip:" >prof.out &&
		test_cmp perf.out prof.out &&
		"$PROF" report -i lbr-padded.data --stdio $opts 2>prof.err |
			grep -v "^# (Tip:" >prof-padded.out &&
		test_cmp prof.out prof-padded.out || return 1
	done &&
	"$PROF" report -i lbr.data --stdio --no-children >prof.out &&
	grep -A2 "\[\.\] main *\$" prof.out >main &&
	test_line_count = 3 main &&
	! grep -q -- --- main
'

# perf 6.1 gives up on a dso's source lines after 123 failed addr2line
# questions before its first answer (here: chain frames' raw addresses)
# and prints "sym+off" for it from then on; prof prints the line it knows
# (Documentation/technical/deliberate-differences.md). The generated file
# makes perf give up for sure. The same samples in another order, the
# first question about that dso answered, are what perf prints when it
# does not give up: prof prints that for both files.
test_expect_success PERF,PYTHON3 'srcline where perf gives up asking addr2line about a dso' '
	gen=$SRCDIR/tests/shell/perf-data-gen.py &&
	python3 "$gen" chains a2l.data "$HELPERS/demo" "$HELPERS/symtest" &&
	python3 "$gen" chains-first a2l-first.data "$HELPERS/demo" "$HELPERS/symtest" &&
	perf_report a2l.data --sort srcline &&
	grep -q "0.66%  sym_plain+4\$" perf.out &&
	for opts in "--sort srcline" "--sort srcfile" "--sort srcline --no-children" \
		    "--sort sym,srcline"; do
		perf_report a2l-first.data $opts &&
		"$PROF" report -i a2l.data --stdio $opts 2>prof.err | grep -v "^# (Tip:" >prof.out &&
		test_cmp perf.out prof.out &&
		"$PROF" report -i a2l-first.data --stdio $opts 2>prof.err |
			grep -v "^# (Tip:" >prof-first.out &&
		test_cmp prof.out prof-first.out || return 1
	done &&
	"$PROF" report -i a2l.data --stdio --sort srcline >prof.out &&
	grep -q "0.66%  symtest.c:[0-9]*\$" prof.out &&
	grep -q "0.66%  ??:0\$" prof.out &&
	grep -q "demo.c:" prof.out &&
	# chain keys ask addr2line about map addresses, answered: no give-up
	# (and a file without equal-hit siblings: their order under the
	# srcline key is not perf'"'"'s yet)
	same a2l.data -g graph,0,caller,srcline &&
	grep -q "main demo.c:" prof.out &&
	same a2l.data -g graph,0,callee,srcline --no-children
'

# A tracepoint's text is the whole formatted line in every view (it was
# once cut to the "Trace output" header's 12 columns: "prev_comm=sw").
#
# perf sizes that column from the entries its sort compared and cuts the
# others to it (deliberate-differences.md): same_trace lets perf'"'"'s line be
# a prefix of prof'"'"'s, and its header and dots line be shorter, nothing more.
same_trace() {
	data=$1 &&
	shift &&
	"$PERF" report -i "$data" --stdio "$@" 2>perf.err >perf.raw &&
	"$PROF" report -i "$data" --stdio "$@" 2>prof.err >prof.raw &&
	grep -v "^# (Tip:" perf.raw >perf.out &&
	grep -v "^# (Tip:" prof.raw >prof.out &&
	test -s perf.out &&
	awk "NR == FNR { p[FNR] = \$0; n = FNR; next }
	     { q = \$0; o = p[FNR]; sub(/[ .]+\$/, \"\", q); sub(/[ .]+\$/, \"\", o)
	       if (substr(\$0, 1, length(p[FNR])) != p[FNR] && q != o) bad = 1 }
	     END { exit bad || n != FNR }" perf.out prof.out
}
test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'tracepoint text, whole, in the trace views' '
	"$PERF" record -q -e sched:sched_switch -a -o tp.data -- sleep 0.3 >/dev/null 2>&1 &&
	same tp.data &&
	same_trace tp.data --sort trace &&
	grep -q "prev_comm=.* prev_pid=.* ==> next_comm=" prof.out &&
	same_trace tp.data --sort comm,trace &&
	same_trace tp.data --sort trace,pid -n &&
	same_trace tp.data -F overhead,trace &&
	same_trace tp.data --sort trace -t ,
'

# --symfs: "/" is this machine'"'"'s root (kernel symbols from /proc/kallsyms),
# and the build-id cache is DIR/.debug, "//.debug" for "/" (perf: a
# binary gone from disk is then not named from ~/.debug).
# dd's syscalls give kernel samples; one process tree (not -a), so that
# each library is one file (a host's processes seen from a chroot map
# other inodes of the same paths).
test_expect_success PERF,PERF_EVENTS '--symfs / keeps kernel names; DIR/.debug is the cache' '
	gone=gone-$$ &&
	cp "$HELPERS/demo" $gone &&
	"$PERF" record -q -o sf.data -- sh -c "./$gone 100 &&
		dd if=/dev/zero of=/dev/null bs=64 count=200000 2>/dev/null" >/dev/null 2>&1 &&
	rm $gone &&
	same sf.data --sort dso,sym &&
	grep -q "$gone  *\[\.\] hot_loop" prof.out &&
	grep -q "\[k\] [a-z_]" prof.out &&
	same sf.data --sort dso,sym --symfs / &&
	grep -q "\[k\] [a-z_]" prof.out &&
	! grep -q "$gone  *\[\.\] hot_loop" prof.out &&
	same sf.data --sort dso,sym --symfs // &&
	mkdir -p root/proc &&
	same sf.data --sort dso,sym --symfs root &&
	! grep -q "\[k\] [a-z_]" prof.out &&
	cp -a "$HOME/.debug" root/.debug &&
	same sf.data --sort dso,sym --symfs root/ &&
	grep -q "$gone  *\[\.\] hot_loop" prof.out
'

# /proc/kallsyms is read once per boot and module set: the image of its
# symbols in the build-id cache serves the next reports (the same lines as
# perf), and an image whose key line names another boot, or that is cut
# short, is read again from the kernel.
test_expect_success PERF,STRACE 'kallsyms: the kept copy serves the next report' '
	cache="$HOME/.debug/[kernel.kallsyms]/prof-kallsyms" &&
	"$PERF" record -q -e cpu-clock -o k.data -- \
		dd if=/dev/zero of=/dev/null bs=4k count=200000 >/dev/null 2>&1 &&
	rm -f "$cache" &&
	strace -f -e trace=openat -o trace1 "$PROF" report -i k.data --stdio --sort sym >/dev/null 2>&1 &&
	grep -q "\"/proc/kallsyms\"" trace1 &&
	test -s "$cache" &&
	head -n 1 "$cache" >key &&
	grep -q "^prof-kallsyms 2 $(cat /proc/sys/kernel/random/boot_id) $(uname -r) [0-9a-f]*\$" key &&
	test "$(stat -c %a "$cache")" = 600 &&
	strace -f -e trace=openat -o trace2 "$PROF" report -i k.data --stdio --sort sym >/dev/null 2>&1 &&
	! grep -q "\"/proc/kallsyms\"" trace2 &&
	grep -q "prof-kallsyms" trace2 &&
	same k.data --sort sym &&
	grep -q "\[k\] [a-z_]" prof.out &&
	ksym=$(sed -n "s/.*\[k\] \([a-z_][a-z0-9_.]*\).*/\1/p" prof.out | head -n 1) &&
	tr "\\000" "\\n" <"$cache" >names &&
	grep -qx "$ksym" names &&
	sed "1s/^prof-kallsyms 2 [^ ]*/prof-kallsyms 2 another-boot/" "$cache" >stale &&
	cp stale "$cache" &&
	strace -f -e trace=openat -o trace3 "$PROF" report -i k.data --stdio --sort sym >/dev/null 2>&1 &&
	grep -q "\"/proc/kallsyms\"" trace3 &&
	head -n 1 "$cache" >key3 &&
	test_cmp key key3 &&
	same k.data --sort sym &&
	size=$(stat -c %s "$cache") &&
	head -c $((size - 100)) "$cache" >short &&
	cp short "$cache" &&
	strace -f -e trace=openat -o trace4 "$PROF" report -i k.data --stdio --sort sym >/dev/null 2>&1 &&
	grep -q "\"/proc/kallsyms\"" trace4 &&
	test "$(stat -c %s "$cache")" = "$size" &&
	same k.data --sort sym
'

# Inlined frames make every lookup perf's walk of its entry tree (inlined
# stand-ins compare by name, the rest by address); prof remembers the
# walk's finds while the tree is unchanged (tests/unit/t0700 checks that
# against a walk on every lookup). A --call-graph dwarf file of optwork
# (main's frame in inlined code), in the views that sort by symbol.
test_expect_success PERF,PERF_EVENTS 'inlined frames: the walk of perf'"'"'s entry tree' '
	"$PERF" record -q --call-graph dwarf -e task-clock -o inl.data -- \
		"$HELPERS/optwork" 300 >/dev/null 2>&1 &&
	"$PROF" report -i inl.data --stdio --sort sym -g none >inl.syms &&
	grep -q "%  *\[\.\] opt_inlined_caller (inlined)\$" inl.syms &&
	same inl.data &&
	same inl.data --sort sym -g caller &&
	same inl.data --sort dso,sym -g caller &&
	same inl.data --no-children --sort sym
'

# A user who sees zeros in /proc/kallsyms (kptr_restrict, paranoid) keeps
# no copy of them, and reports what perf reports for that user.
test_expect_success PERF,SETPRIV 'kallsyms: zeros are never kept' '
	as_nobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups" &&
	mkdir -p nobody-home &&
	cp g.data nobody-home/g.data &&
	chown -R nobody nobody-home &&
	chmod 755 . &&
	$as_nobody sh -c "head -n 1 /proc/kallsyms" >first &&
	(cd nobody-home &&
	 HOME=$PWD $as_nobody "$PROF" report -i g.data --stdio --sort sym 2>/dev/null |
		grep -v "^# (Tip:" >../prof.nobody &&
	 HOME=$PWD $as_nobody "$PERF" report -i g.data --stdio --sort sym 2>/dev/null |
		grep -v "^# (Tip:" >../perf.nobody) &&
	test_cmp perf.nobody prof.nobody &&
	if grep -q "^0000000000000000 " first
	then
		! test -e "nobody-home/.debug/[kernel.kallsyms]/prof-kallsyms"
	else
		test -s "nobody-home/.debug/[kernel.kallsyms]/prof-kallsyms"
	fi
'

test_done
