#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof probe: uprobes placed, named, listed and deleted as perf 6.1 does (perf is the oracle)'
. "$(dirname "$0")/test-lib.sh"

# uprobe_events is system-wide: every probe here is in a group and has
# names of this run only (the program and its functions carry our pid),
# and every test deletes what it adds; the last test sweeps the group.
ID=$$
# perf finds binaries by build-id in its cache (~/.debug, where perf probe
# caches its targets too): an earlier run's program, the same code under
# other names, must not answer for this one. A cache of this run only, and
# a program whose build-id is this run's (its id string).
HOME=$TRASH
PROF_BUILDID_DIR="$TRASH/.debug" PERF_BUILDID_DIR="$TRASH/.debug"
export HOME PROF_BUILDID_DIR PERF_BUILDID_DIR
BIN=t0420p$ID
GROUP=probe_t0420p$ID
SUM=t0420_sum_$ID
LEAF=t0420_leaf_$ID

test_lazy_prereq UPROBES '[ -w /sys/kernel/tracing/uprobe_events ]'
test_lazy_prereq CC 'command -v gcc'
test_lazy_prereq NO_KPROBE_EVENTS '[ -d /sys/kernel/tracing ] && [ ! -e /sys/kernel/tracing/kprobe_events ]'

# tool_name FILE: FILE with "perf probe", "perf record" as "P probe" ...
tool_name() {
	sed "s/\(perf\|prof\) \(probe\|record\)/P \2/g" "$1"
}
# clear: delete what an earlier failed test left of ours
clear() {
	if ours | grep -q .; then
		"$PROF" probe -q -d "$GROUP:*"
	fi
}
# run TOOL ARGS...: stdout in TOOL.out, stderr in TOOL.err, status in TOOL.rc
run() {
	_t=$1 && shift &&
	if [ "$_t" = perf ]; then _cmd=$PERF; else _cmd=$PROF; fi &&
	if timeout 60 "$_cmd" "$@" >"$_t.out" 2>"$_t.err"; then echo 0; else echo $?; fi >"$_t.rc"
}
# same ARGS...: prof ARGS prints what perf ARGS prints, on both streams
# (the program's name aside), with the same exit status.
same() {
	run perf "$@" && run prof "$@" &&
	test_cmp perf.rc prof.rc &&
	test_cmp perf.out prof.out &&
	tool_name perf.err >perf.e && tool_name prof.err >prof.e &&
	test_cmp perf.e prof.e
}
# our probes, as uprobe_events has them
ours() {
	sed -n "/^[pr]:$GROUP\//p" /sys/kernel/tracing/uprobe_events
}

test_expect_success CC 'setup: a program with and one without debuginfo' '
	cat >$BIN.c <<-EOF &&
	#include <stdio.h>

	__attribute__((used)) static const char t0420_id[] = "t0420 $ID";

	struct t0420_s {
		int *p;
		int c;
	};

	__attribute__((noinline)) int $SUM(int n, struct t0420_s *s)
	{
		int j, res = 0;

		for (j = 0; j < n && j < s->c; j++)
			res += s->p[j];
		return res;
	}

	__attribute__((noinline)) long $LEAF(const char *name, long v)
	{
		return v * 2 + name[0];
	}

	int main(int argc, char **argv)
	{
		int v[4] = { 1, 2, 3, argc };
		struct t0420_s s = { v, 4 };
		long r = $LEAF("t0420", $SUM(argc + 2, &s));

		printf("%ld\n", r);
		return 0;
	}
	EOF
	gcc -g -O0 -o $BIN $BIN.c &&
	mkdir nodbg && gcc -O0 -o nodbg/$BIN $BIN.c &&
	./$BIN >run.out && test "$(cat run.out)" = 128
'

test_expect_success 'no action: the usage, 129 (perf tests look for "is not a perf-command")' '
	test_expect_code 129 "$PROF" probe 2>usage.err &&
	grep -q "^ Usage: prof probe \[<options>\] .PROBEDEF. \[.PROBEDEF. ...\]$" usage.err &&
	! grep -q "is not a" usage.err
'

test_expect_success PERF,CC 'placement, fetch arguments and names as perf computes them (-D)' '
	for def in "$SUM" "$SUM n s->c" "$SUM%return \$retval" "$SUM+4" "$SUM:2" "$SUM:4" \
		   "$BIN.c:14" "$LEAF name:string v" "$LEAF %di +0(%di):u8" "x=$LEAF v" \
		   "$LEAF+0x8" "main argc argv"; do
		same probe -x ./$BIN -D "$def" && test -s prof.out || return 1
	done &&
	grep -q "^p:$GROUP/main .*/$BIN:0x[0-9a-f]* argc=-[0-9]*(%bp):s32 argv=-[0-9]*(%bp):x64$" prof.out
'

test_expect_success PERF,CC 'without debuginfo: the ELF symbols, perf'"'"'s message for variables' '
	same probe -x nodbg/$BIN -D "$SUM" &&
	same probe -x nodbg/$BIN -D "$LEAF %di" &&
	same probe -x nodbg/$BIN -D "$SUM n" &&
	test "$(cat prof.rc)" = 254 &&
	grep -q "file has no debug information" prof.err
'

test_expect_success PERF,ROOT,UPROBES,CC 'add: perf'"'"'s messages and uprobe_events lines; list; delete' '
	clear &&
	run prof probe -x ./$BIN -a "$SUM n s->c" &&
	test "$(cat prof.rc)" = 0 &&
	sed -n "4,5p" prof.err >prof.added &&
	ours >prof.ev &&
	run prof probe -l "$GROUP:*" && mv prof.out prof.list &&
	run perf probe -l "$GROUP:*" && mv perf.out perf.list &&
	test_cmp perf.list prof.list &&
	grep -q "^  $GROUP:$SUM  *(on $SUM:2@$BIN.c in .*/$BIN with n c)$" prof.list &&
	run prof probe -d "$SUM" &&
	echo "Removed event: $GROUP:$SUM" >want.del && test_cmp want.del prof.err &&
	test -z "$(ours)" &&
	run perf probe -x ./$BIN -a "$SUM n s->c" &&
	ours >perf.ev &&
	sed -n "4,5p" perf.err >perf.added &&
	run perf probe -d "$SUM" &&
	test -z "$(ours)" &&
	test_cmp perf.ev prof.ev && test -s prof.ev &&
	test_cmp perf.added prof.added &&
	printf "Added new event:\n  %-20s (on $SUM in %s with n c=s->c)\n" "$GROUP:$SUM" "$(pwd)/$BIN" >want.added &&
	test_cmp want.added prof.added
'

test_expect_success PERF,ROOT,UPROBES,CC 'several places of one line, return probes, -f suffixes, -d globs as perf' '
	clear &&
	for tool in perf prof; do
		run $tool probe -x ./$BIN -a "ln=$BIN.c:14 j res" &&
		run $tool probe -x ./$BIN -a "$SUM%return \$retval" &&
		run $tool probe -x ./$BIN -a "$SUM" &&
		run $tool probe -x ./$BIN -a "$SUM" && cp $tool.err $tool.dup && cp $tool.rc $tool.duprc &&
		run $tool probe -f -x ./$BIN -a "$SUM" && cp $tool.err $tool.force &&
		ours >$tool.ev &&
		run $tool probe -l "$GROUP:*" && cp $tool.out $tool.list &&
		run $tool probe -d "$GROUP:*" && cp $tool.err $tool.del &&
		test -z "$(ours)" || return 1
	done &&
	test_cmp perf.ev prof.ev &&
	test $(grep -c "^p:$GROUP/ln " prof.ev) -gt 1 &&
	grep -q "^r:$GROUP/${SUM}__return .* arg1=\$retval$" prof.ev &&
	test_cmp perf.list prof.list &&
	test "$(cat prof.duprc)" = 239 && test_cmp perf.duprc prof.duprc &&
	tool_name perf.dup >perf.d && tool_name prof.dup >prof.d && test_cmp perf.d prof.d &&
	grep -q "^Error: event \"$SUM\" already exists.$" prof.dup &&
	tool_name perf.force >perf.f && tool_name prof.force >prof.f && test_cmp perf.f prof.f &&
	grep -q "^  $GROUP:${SUM}_1 " prof.force &&
	test_cmp perf.del prof.del &&
	grep -q "^Removed event: $GROUP:ln$" prof.del
'

test_expect_success PERF,ROOT,UPROBES,CC 'perf records prof'"'"'s probe, prof records perf'"'"'s' '
	clear &&
	"$PROF" probe -q -x ./$BIN -a "$LEAF v" &&
	"$PERF" record -q -o perf.data -e "$GROUP:$LEAF" ./$BIN >/dev/null 2>&1 &&
	"$PERF" script -i perf.data >perf.script &&
	"$PROF" probe -q -d "$LEAF" &&
	grep -q " $GROUP:$LEAF: ([0-9a-f]*) v=6$" perf.script &&
	"$PERF" probe -q -x ./$BIN -a "$LEAF v" &&
	"$PROF" record -q -o prof.data -e "$GROUP:$LEAF" ./$BIN >/dev/null 2>&1 &&
	"$PROF" script -i prof.data >prof.script &&
	"$PERF" probe -q -d "$LEAF" &&
	test -z "$(ours)" &&
	grep -q " $GROUP:$LEAF: ([0-9a-f]*) v=6$" prof.script
'

test_expect_success PERF,ROOT,UPROBES,CC 'record -e PROBE/max-stack=2/: the call chain, as perf records it' '
	clear &&
	"$PERF" probe -q -x ./$BIN -a "$SUM" &&
	"$PROF" record -q -o ms.data -e "$GROUP:$SUM/max-stack=2/" ./$BIN >/dev/null 2>&1 &&
	"$PERF" record -q -o pms.data -e "$GROUP:$SUM/max-stack=2/" ./$BIN >/dev/null 2>&1 &&
	"$PERF" probe -q -d "$SUM" &&
	test -z "$(ours)" &&
	"$PERF" evlist -v -i ms.data | grep -v "^#" >ms.attr &&
	"$PERF" evlist -v -i pms.data | grep -v "^#" >pms.attr &&
	test_cmp pms.attr ms.attr &&
	grep -q "sample_type: IP|TID|TIME|CALLCHAIN|CPU|PERIOD|RAW,.* sample_max_stack: 2$" ms.attr &&
	"$PROF" script -i ms.data >ms.script &&
	sed -n 1p ms.script | grep -q "^$BIN  *[0-9]* \[[0-9]*\] *[0-9.]*: $GROUP:$SUM: ([0-9a-f]*)$" &&
	sed -n 2p ms.script | grep -q "^	 *[0-9a-f]* $SUM+0x0 (.*/$BIN)$" &&
	sed -n 3p ms.script | grep -q "^	 *[0-9a-f]* main+0x[0-9a-f]* (.*/$BIN)$" &&
	sed -n 4p ms.script | grep -q "^$"
'

test_expect_success PERF,CC '-F, -V and -L as perf' '
	same probe -x ./$BIN -F &&
	grep -q "^$SUM$" prof.out && ! grep -q "^_" prof.out &&
	same probe -x ./$BIN -F "t0420*" &&
	same probe -x ./$BIN --funcs "$LEAF" &&
	test "$(cat prof.out)" = "$LEAF" &&
	same probe -x ./$BIN -V "$SUM" &&
	same probe -x ./$BIN -V main &&
	same probe -x ./$BIN -V "$SUM:4" &&
	same probe -x ./$BIN -L "$SUM" &&
	same probe -x ./$BIN -L "$SUM:2+3" &&
	same probe -x ./$BIN -L main &&
	grep -q "^      4  long r = $LEAF" prof.out
'

test_expect_success PERF,CC 'bad input: one clear line and perf'"'"'s exit status' '
	same probe -x ./$BIN -a "$SUM+zz" &&
	test "$(cat prof.rc)" = 129 &&
	head -n 1 prof.err >first && echo "Semantic error :There is non-digit character in offset." >want &&
	test_cmp want first &&
	same probe -x ./$BIN -a "t0420_no_such_$ID" &&
	test "$(cat prof.rc)" = 254 &&
	same probe -x ./$BIN -a "$SUM no_such_var" &&
	test "$(cat prof.rc)" = 254 &&
	run prof probe -x ./no-such-binary -a "$SUM" &&
	test "$(cat prof.rc)" = 129 &&
	head -n 1 prof.err >first &&
	echo "Failed to get the absolute path of ./no-such-binary: No such file or directory" >want &&
	test_cmp want first &&
	same probe -q -x ./$BIN -a "t0420_no_such_$ID" &&
	test ! -s prof.err
'

test_expect_success PERF,ROOT,UPROBES '-d of nothing: perf'"'"'s message and status' '
	same probe -d "probe_t0420_none_$ID:*" &&
	test "$(cat prof.rc)" = 254 &&
	grep -q "^\"probe_t0420_none_$ID:\*\" does not hit any event.$" prof.err
'

test_expect_success PERF,NO_KPROBE_EVENTS 'kernel probes: perf'"'"'s messages without kprobe_events or vmlinux debuginfo' '
	same probe -a vfs_read &&
	test "$(cat prof.rc)" = 254 &&
	grep -q "kprobe_events does not exist.$" prof.err &&
	run prof probe -q -a vfs_read && test ! -s prof.err &&
	same probe "t0420_vfs_$ID=vfs_read file" &&
	grep -q "^Failed to find the path for the kernel: " prof.err &&
	same probe -V vfs_read &&
	same probe -L vfs_read &&
	same probe -F "vfs_rea*"
'

test_expect_success UPROBES 'cleanup: nothing of ours is left in uprobe_events' '
	clear &&
	test -z "$(ours)"
'

test_done
