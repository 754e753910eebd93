#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof script prints the lines perf script prints, on recordings made here'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# same DATA OPTIONS...: both tools on one file, the same lines on stdout,
# the same messages on stderr and the same exit status.
same() {
	data=$1 &&
	shift &&
	rc1=0 && LC_ALL=C "$PERF" script -i "$data" "$@" >perf.out 2>perf.err || rc1=$? &&
	rc2=0 && LC_ALL=C "$PROF" script -i "$data" "$@" >prof.out 2>prof.err || rc2=$? &&
	test "$rc1" = "$rc2" &&
	test_cmp perf.err prof.err &&
	test_cmp_nonempty perf.out prof.out
}

# later_slice DATA: the first n >= 2 whose "10%/n" holds a sample, by perf
# (the last slice always holds the last sample)
later_slice() {
	for n in 2 3 4 5 6 7 8 9; do
		if LC_ALL=C "$PERF" script -i "$1" --time "10%/$n" 2>/dev/null | grep -q .; then
			echo "$n" &&
			return 0
		fi
	done &&
	echo 10
}

# same_error DATA OPTIONS...: perf refuses, and so does prof, with perf's
# message; the usage after it names prof (one usage line: prof has no
# script-running forms).
same_error() {
	data=$1 &&
	shift &&
	rc1=0 && LC_ALL=C "$PERF" script -i "$data" "$@" >perf.out 2>perf.raw || rc1=$? &&
	rc2=0 && LC_ALL=C "$PROF" script -i "$data" "$@" >prof.out 2>prof.raw || rc2=$? &&
	test "$rc1" != 0 &&
	test "$rc1" = "$rc2" &&
	sed "/^    or: perf script/d; s/perf script/prof script/" perf.raw >perf.err &&
	test_cmp_nonempty perf.err prof.raw &&
	test_must_be_empty prof.out
}

# dwarf_same DATA: as same, except for the samples where perf's unwinder
# adds its bogus "ffffffffffffffff [unknown]" frame after a stack copy that
# ran out (deliberate-differences.md, Unwinding): those are dropped from
# both outputs, by their header line, before comparing.
dwarf_same() {
	LC_ALL=C "$PERF" script -i "$@" >perf.raw 2>/dev/null &&
	LC_ALL=C "$PROF" script -i "$@" >prof.raw &&
	awk "/^[^\t ]/ { h = \$0 } /^\tffffffffffffffff \[unknown\]/ { print h }" perf.raw >bogus &&
	for f in perf prof; do
		awk "FILENAME == ARGV[1] { bad[\$0] = 1; next }
		     /^[^\t ]/ { skip = (\$0 in bad) } !skip" bogus $f.raw >$f.out || return 1
	done &&
	test_cmp_nonempty perf.out prof.out
}

test_expect_success PERF,PERF_EVENTS 'record with perf: -g, no chains, dwarf, two events' '
	"$PERF" record -q -e task-clock -g -o fp.data -- "$HELPERS/symtest" 40 >/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock -o flat.data -- "$HELPERS/symtest" 40 >/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock --call-graph dwarf -o dwarf.data -- \
		"$HELPERS/symtest" 5 >/dev/null 2>&1 &&
	"$PERF" record -q -e task-clock,page-faults -d -o multi.data -- \
		"$HELPERS/symtest" 5 >/dev/null 2>&1 &&
	test -s fp.data && test -s flat.data && test -s dwarf.data && test -s multi.data
'

# glibc's lazy binding: _dl_runtime_resolve's CFA is in rbx, which
# _dl_fixup keeps in its first instructions without a CFI rule for it
# (the psABI's callee-saved "same value"). LD_BIND_NOT sends every PLT
# call through the resolver. The resolver's samples unwind as perf's.
test_expect_success PERF,PERF_EVENTS 'dwarf: through the lazy-binding resolver, whose CFA is in rbx, as perf' '
	LD_BIND_NOT=1 "$PERF" record -q -e task-clock -F 4000 --call-graph dwarf -o lazy.data -- \
		"$HELPERS/symtest" 50 >/dev/null 2>&1 &&
	LC_ALL=C "$PERF" script -i lazy.data >lazy.perf 2>/dev/null &&
	LC_ALL=C "$PROF" script -i lazy.data >lazy.prof 2>/dev/null &&
	awk "/^[^\t ]/ { h = \$0 } /^\tffffffffffffffff \[unknown\]/ { print h }" lazy.perf >lazy.bogus &&
	for f in perf prof; do
		awk -v RS= "FILENAME == ARGV[1] { n = split(\$0, l, \"\\n\"); for (i = 1; i <= n; i++) bad[l[i]] = 1; next }
			/_dl_runtime_resolve/ { split(\$0, l, \"\\n\"); if (!(l[1] in bad)) print \$0 \"\\n\" }" \
			lazy.bogus lazy.$f >lazy.$f.res || return 1
	done &&
	test_cmp_nonempty lazy.perf.res lazy.prof.res &&
	grep -q "_dl_fixup+0x" lazy.prof.res &&
	grep -q "sym_plt_calls+0x" lazy.prof.res
'

test_expect_success PERF,PERF_EVENTS 'default output: one line a sample' '
	same flat.data &&
	grep -q " task-clock: .* sym_plain+0x[0-9a-f]* (.*/symtest)\$" prof.out
'

test_expect_success PERF,PERF_EVENTS 'call chains: unpadded comm, a tab-indented frame a line, a blank line' '
	same fp.data &&
	grep -q "^	 *[0-9a-f]* sym_plain+0x[0-9a-f]* (.*/symtest)\$" prof.out &&
	grep -qx "" prof.out
'

test_expect_success PERF,PERF_EVENTS '--call-graph dwarf: unwound frames and (inlined) ones, their source lines' '
	dwarf_same dwarf.data &&
	grep -q " (inlined)\$" prof.out &&
	dwarf_same dwarf.data -F +srcline &&
	grep -q "^  symtest.c:[0-9]* (inlined)\$" prof.out &&
	dwarf_same dwarf.data -F +srcline --no-inline &&
	same fp.data -F +srcline
'

test_expect_success PERF,PERF_EVENTS 'two events: names padded to the longest; addr resolved for faults' '
	same multi.data &&
	grep -q "  task-clock: " prof.out &&
	same multi.data -F +addr
'

test_expect_success PERF,PERF_EVENTS 'display options: -G, --ns, --reltime, --deltatime, --max-stack, --no-inline' '
	same fp.data -G &&
	same fp.data --ns &&
	same fp.data --reltime &&
	same flat.data --deltatime &&
	same fp.data --max-stack 2 &&
	same dwarf.data --no-inline -F comm,tid,ip,sym,dso --max-stack 1
'

test_expect_success PERF,PERF_EVENTS '-F: fields, type: prefixes, +field and -field' '
	same flat.data -F comm,pid,tid,time &&
	same flat.data -F +pid &&
	same fp.data -F -ip &&
	same flat.data -F sw:comm,ip,sym &&
	same flat.data -F ip,dso &&
	same flat.data -F +misc &&
	same fp.data -F +period,-time -G &&
	same flat.data -F +srcline
'

test_expect_success PERF,PERF_EVENTS '-F: perf refuses these lists, and so does prof' '
	same_error flat.data -F foo &&
	same_error flat.data -F xx:comm &&
	same_error flat.data -F "ip,sym,-dso" &&
	same_error flat.data -F "" &&
	same_error flat.data -F addr &&
	same_error flat.data -F ip,symoff &&
	same_error flat.data -F comm,srcline &&
	same_error flat.data -C 0 &&
	same_error flat.data -F +period,+cpu
'

test_expect_success PERF,PERF_EVENTS 'filters: --pid, --tid, -c, -S, --dsos, --time (ranges, percentages)' '
	pid=$("$PROF" script -i flat.data -F pid | awk "NR == 1 { print \$1 }") &&
	test -n "$pid" &&
	same flat.data --pid "$pid" &&
	same flat.data --tid "$pid" &&
	same flat.data -c symtest &&
	same flat.data -S sym_plain,sym_weak &&
	same fp.data --dsos symtest &&
	first=$(LC_ALL=C "$PERF" script -i flat.data -F time | sed -n "5s/[ :]//gp") &&
	last=$(LC_ALL=C "$PERF" script -i flat.data -F time | sed -n "20s/[ :]//gp") &&
	same flat.data --time "$first,$last" &&
	# the 20th sample lies a few ns after its microsecond, out of the
	# range, unless it fell on the microsecond itself
	test_line_count -ge 15 prof.out && test_line_count -le 16 prof.out &&
	same flat.data --time "$first," &&
	# a slice past the first: the first of them with samples (a loaded
	# machine can leave a 10% slice of a short run without any)
	n=$(later_slice flat.data) &&
	same flat.data --time "10%/$n" &&
	same flat.data --time 0%-10%,30%-40% &&
	same flat.data --time 25% &&
	mid=$(LC_ALL=C "$PERF" script -i flat.data -F time | sed -n "12s/[ :]//gp") &&
	same flat.data --time "$first,$mid $last," &&
	same_error flat.data --time "$first,$last $mid," &&
	same_error flat.data --time abc &&
	same_error flat.data --time 0%-10%,$last
'

test_expect_success PERF,PERF_EVENTS 'side-band records: --show-task-events, --show-mmap-events' '
	same fp.data --show-task-events &&
	grep -q "PERF_RECORD_COMM exec: symtest:" prof.out &&
	same flat.data --show-mmap-events &&
	grep -q "PERF_RECORD_MMAP2 .*/symtest\$" prof.out &&
	same flat.data --show-task-events --show-mmap-events -F +misc
'

# System-wide recordings see other users' processes, whose JIT maps prof
# reads only from their owner (deliberate-differences.md): compare ours.
test_expect_success PERF,PERF_EVENTS,SYSWIDE '-a: the cpu column, -C' '
	"$PERF" record -q -a -e task-clock -o sys.data -- "$HELPERS/symtest" 20 >/dev/null 2>&1 &&
	same sys.data -c symtest &&
	grep -q "^ *symtest *[0-9]* \[[0-9][0-9][0-9]\] " prof.out &&
	cpu=$(sed -n "1s/.*\[0*\([0-9][0-9]*\)\].*/\1/p" prof.out) &&
	same sys.data -c symtest -C "$cpu" &&
	same sys.data -c symtest -C "$cpu" --show-task-events
'

test_expect_success PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'tracepoints: the trace field, with chains' '
	"$PERF" record -q -a -e sched:sched_switch -e sched:sched_wakeup -o tp.data \
		-- sleep 0.2 >/dev/null 2>&1 &&
	same tp.data &&
	grep -q "sched:sched_switch: prev_comm=.* ==> next_comm=" prof.out &&
	"$PERF" record -q -g -e sched:sched_switch -o tpg.data -- \
		sh -c "sleep 0.05; sleep 0.05" >/dev/null 2>&1 &&
	same tpg.data &&
	grep -q "^	 *[0-9a-f]* __schedule+0x[0-9a-f]* (\[kernel.kallsyms\])\$" prof.out &&
	same tpg.data -G
'

test_expect_success PERF,PERF_EVENTS 'pipe input: prof record -o - | prof script -i -' '
	"$PROF" record -q -e task-clock -g -o - -- "$HELPERS/symtest" 20 >stream.data 2>/dev/null &&
	"$PERF" script -i - <stream.data >perf.out 2>/dev/null &&
	"$PROF" script -i - <stream.data >prof.out &&
	test_cmp_nonempty perf.out prof.out &&
	"$PROF" record -q -e task-clock -o - -- "$HELPERS/symtest" 5 2>/dev/null |
		"$PROF" script >piped.out &&
	grep -q " task-clock: " piped.out
'

test_expect_success PERF,PERF_EVENTS 'a closed pipe downstream ends quietly' '
	{ "$PROF" script -i fp.data 2>head.err; echo $? >head.rc; } | head -n 1 >head.out &&
	test_line_count = 1 head.out &&
	test_must_be_empty head.err
'

test_expect_success PERF,PERF_EVENTS '--header-only and --header show the file header' '
	"$PROF" script -i fp.data --header-only >h.out &&
	grep -q "^# cmdline : .*symtest" h.out &&
	! grep -q task-clock: h.out &&
	"$PROF" script -i fp.data --header >h2.out &&
	grep -q "^# cmdline : " h2.out &&
	grep -q " task-clock: " h2.out
'

test_expect_success PERF_EVENTS 'perf scripting is refused with what to use instead' '
	test_must_fail "$PROF" script -i fp.data -s foo.py 2>err &&
	grep -q "not supported by prof; pipe the output" err &&
	test_must_fail "$PROF" script -i fp.data report failed-syscalls 2>err &&
	grep -q "prof script runs no Perl or Python scripts" err &&
	test_must_fail "$PROF" script -i fp.data report flamegraph 2>err &&
	grep -q "follow its name: prof script report flamegraph -i FILE" err &&
	test_must_fail "$PROF" script -i fp.data -l 2>err &&
	grep -q "not supported" err
'

test_expect_success 'bad input: a missing file, a truncated file' '
	test_must_fail "$PROF" script -i no-such.data 2>err &&
	test_line_count = 1 err &&
	grep -q "no-such.data" err
'

# The session warns first that the file was cut (as prof report does);
# the error is the last line, and every sample printed is one of the whole
# file's (the last round's samples are sorted among themselves only, so
# the order near the cut may differ). Compared by what the sample record
# itself holds: a CPU's buffer written before another's may put samples
# ahead of the COMM and MMAP that name them (on a busy machine), and the
# cut can drop those, so comm and symbol may rightly differ.
test_expect_success PERF,PERF_EVENTS 'a truncated file: every sample before the damage, then one error' '
	size=$(wc -c <flat.data) &&
	head -c $((size * 2 / 3)) flat.data >cut.data &&
	test_expect_code 255 "$PROF" script -i cut.data >cut.out 2>cut.err &&
	tail -n 1 cut.err | grep -q "^cut.data: offset 0x[0-9a-f]*: " &&
	test "$(grep -c "offset 0x" cut.err)" = 1 &&
	test "$(wc -l <cut.out)" -gt 10 &&
	test_expect_code 255 "$PROF" script -i cut.data -F tid,time,period,event,ip \
		>cut.raw 2>/dev/null &&
	"$PROF" script -i flat.data -F tid,time,period,event,ip >whole.raw &&
	test_line_count = "$(wc -l <cut.out)" cut.raw &&
	sort cut.raw >cut.sorted &&
	sort whole.raw >whole.sorted &&
	comm -23 cut.sorted whole.sorted >cut.extra &&
	test_must_be_empty cut.extra
'

test_done
