#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='inject copies files and streams as perf 6.1 does and adds build-ids'
. "$(dirname "$0")/test-lib.sh"
PROF_BUILDID_DIR="$TRASH/cache" PERF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR PERF_BUILDID_DIR

test_lazy_prereq SCHED_TP '
	test -d /sys/kernel/tracing/events/sched/sched_switch ||
	test -d /sys/kernel/debug/tracing/events/sched/sched_switch
'
test_lazy_prereq SCHED_STAT_TP '
	test -d /sys/kernel/tracing/events/sched/sched_stat_runtime ||
	test -d /sys/kernel/debug/tracing/events/sched/sched_stat_runtime
'
test_lazy_prereq PERF_SHELL_TESTS '
	test -f /usr/lib/perf-core/tests/shell/pipe_test.sh
'

# lines FILE: a stdio report's histogram and chain lines.
lines() {
	grep -v "^#" "$1" | grep -v "^$"
}
# same_report A B [ARGS]: prof report --stdio of A and of B, the same lines,
# and perf's of B the same as perf's of A.
same_report() {
	_a=$1 && _b=$2 && shift 2 &&
	"$PROF" report --stdio -i "$_a" "$@" >ra.out 2>ra.err &&
	"$PROF" report --stdio -i "$_b" "$@" >rb.out 2>rb.err &&
	lines ra.out >ra.lines && lines rb.out >rb.lines &&
	test_cmp_nonempty ra.lines rb.lines &&
	"$PERF" report --stdio -i "$_a" "$@" >pa.out 2>pa.err &&
	"$PERF" report --stdio -i "$_b" "$@" >pb.out 2>pb.err &&
	lines pa.out >pa.lines && lines pb.out >pb.lines &&
	test_cmp_nonempty pa.lines pb.lines &&
	test_must_be_empty pb.err
}
# header_lines FILE: report --header-only without what a copy changes.
header_lines() {
	"$PROF" report --header-only -i "$1" |
	grep -v -e "^# captured on" -e "^# data offset" -e "^# data size" \
		-e "^# feat offset" -e "^# missing features" -e "^# build id"
}
# ids FILE: the build-id list perf reads from FILE, entries with an id.
ids() {
	"$PERF" buildid-list -i "$1" >"$1.ids" &&
	grep "^[0-9a-f]\{40\} " "$1.ids" | sort
}

test_expect_success PERF,PERF_EVENTS 'fixtures: recordings with and without build-ids, a stream' '
	"$PROF" record -q -o plain.data -g -e task-clock -F 2000 -- \
		sh -c "\"$HELPERS/demo\" 50; ls -R /usr/lib >/dev/null" >/dev/null 2>&1 &&
	"$PROF" record -q -B -o nob.data -e task-clock -F 2000 -- \
		sh -c "\"$HELPERS/demo\" 50; ls -R /usr/lib >/dev/null" >/dev/null 2>&1 &&
	"$PROF" record -q -o - -g -e task-clock -F 2000 -- "$HELPERS/demo" 50 \
		2>/dev/null >stream.data &&
	test -s stream.data
'

test_expect_success PERF,PERF_EVENTS 'a plain copy, file to file: same report, same header, perf reads it' '
	"$PROF" inject -i plain.data -o copy.data &&
	same_report plain.data copy.data &&
	same_report plain.data copy.data --no-children --sort comm,dso,sym &&
	header_lines plain.data >h.plain &&
	header_lines copy.data >h.copy &&
	test_cmp_nonempty h.plain h.copy &&
	ids plain.data >ids.plain &&
	ids copy.data >ids.copy &&
	test_cmp_nonempty ids.plain ids.copy
'

test_expect_success PERF,PERF_EVENTS 'standard input and output: every mode, perf and prof read each' '
	"$PROF" inject <plain.data >f2f.data &&
	"$PROF" inject -i plain.data | cat >f2p.data &&
	cat stream.data | "$PROF" inject | cat >p2p.data &&
	cat stream.data | "$PROF" inject -o p2f.data &&
	"$PROF" inject -i stream.data -o p2f2.data &&
	"$PROF" inject -i stream.data >p2f3.data &&
	same_report stream.data p2f3.data --no-children -g none &&
	same_report plain.data f2f.data &&
	same_report stream.data p2p.data &&
	# file and stream readers differ (perf reports a stream without
	# Children and with a 0 frame): the entries, and both tools agree
	same_report plain.data f2p.data --no-children -g none &&
	same_report stream.data p2f.data --no-children -g none &&
	same_report stream.data p2f2.data --no-children -g none &&
	# perf orders equal branches of different DSOs by where it allocated
	# the DSOs: the entries exactly, the branches as a set
	"$PERF" report --stdio -g none -i f2p.data >perf.f2p &&
	"$PROF" report --stdio -g none -i f2p.data >prof.f2p &&
	lines perf.f2p >perf.f2p.lines && lines prof.f2p >prof.f2p.lines &&
	test_cmp_nonempty perf.f2p.lines prof.f2p.lines &&
	"$PERF" report --stdio -g folded -i f2p.data >perf.f2p &&
	"$PROF" report --stdio -g folded -i f2p.data >prof.f2p &&
	lines perf.f2p | sort >perf.f2p.lines && lines prof.f2p | sort >prof.f2p.lines &&
	test_cmp_nonempty perf.f2p.lines prof.f2p.lines &&
	"$PROF" report --header-only -i f2p.data >f2p.hdr &&
	grep -q "^# data offset *: 0$" f2p.hdr &&
	"$PROF" report --header-only -i p2f.data >p2f.hdr &&
	! grep -q "^# data offset *: 0$" p2f.hdr &&
	grep -q "^# event : name = task-clock" p2f.hdr &&
	cmp stream.data p2p.data &&
	touch -d "2020-02-02 12:00" p2p.data &&
	"$PERF" report --header -i p2p.data --stats >perf.p2p.hdr &&
	"$PROF" report --header -i p2p.data --stats >prof.p2p.hdr &&
	grep "^# captured on" perf.p2p.hdr >perf.captured &&
	grep "^# captured on" prof.p2p.hdr >prof.captured &&
	grep -q 2020 prof.captured &&
	test_cmp perf.captured prof.captured
'

test_expect_success PERF,PERF_EVENTS '-b: the build-ids perf injects, and the kernel of this machine' '
	"$PERF" inject -b -i nob.data -o perf-b.data &&
	"$PROF" inject -b -i nob.data -o prof-b.data &&
	same_report nob.data prof-b.data &&
	ids nob.data >ids.nob &&
	test_must_be_empty ids.nob &&
	ids perf-b.data >ids.perf &&
	ids prof-b.data >ids.prof &&
	grep -q "/demo$" ids.prof &&
	grep -q "/ls$" ids.prof &&
	comm -23 ids.perf ids.prof >missing &&
	test_must_be_empty missing &&
	comm -13 ids.perf ids.prof >extra &&
	"$PROF" buildid-list -k >kid &&
	echo "$(cat kid) [kernel.kallsyms]" >want.extra &&
	{ test_cmp want.extra extra || test_must_be_empty extra; } &&
	"$PERF" report -D -i perf-b.data | grep -c "PERF_RECORD_BUILD_ID$" >n.perf &&
	"$PROF" report -D -i prof-b.data | grep "PERF_RECORD_BUILD_ID$" >recs.prof &&
	test $(wc -l <recs.prof) -ge $(cat n.perf)
'

test_expect_success PERF,PERF_EVENTS '-b: each record comes before the first sample in its DSO' '
	"$PROF" script -i prof-b.data -F ip,dso --show-mmap-events >/dev/null &&
	"$PROF" report -D -i prof-b.data >b.dump &&
	awk "/PERF_RECORD_BUILD_ID\$/ { n++ } /PERF_RECORD_SAMPLE/ && !first { first = n } END { print first }" \
		b.dump >before &&
	test "$(cat before)" -ge 1 &&
	"$PROF" report -D -i prof-b.data --stats >b.stats &&
	grep -q "BUILD_ID events: *[1-9]" b.stats
'

test_expect_success PERF,PERF_EVENTS '-b on a stream, to a stream and to a file, as perf'"'"'s pipe test' '
	"$PROF" record -q -o - -e task-clock:u -- "$HELPERS/demo" 50 2>/dev/null |
		"$PROF" inject -b | "$PROF" report -i - --stdio >pp.out 2>pp.err &&
	grep -q " hot_loop" pp.out &&
	"$PROF" record -q -o - -e task-clock:u -- "$HELPERS/demo" 50 2>/dev/null |
		"$PROF" inject -b -o pf.data &&
	"$PROF" report -i pf.data --stdio >pf.out &&
	grep -q " hot_loop" pf.out &&
	ids pf.data >ids.pf &&
	grep -q "/demo$" ids.pf &&
	"$PROF" inject -b -i nob.data | "$PERF" report -i - --stdio >fp.out 2>fp.err &&
	grep -q " hot_loop" fp.out &&
	cat stream.data | "$PROF" inject -b | "$PERF" report -D -i - >sp.dump 2>/dev/null &&
	grep -q "PERF_RECORD_BUILD_ID$" sp.dump
'

test_expect_success PERF,PERF_EVENTS '--buildid-all: every mapped file, perf'"'"'s entries among them' '
	"$PERF" inject --buildid-all -i nob.data -o perf-all.data &&
	"$PROF" inject --buildid-all -i nob.data -o prof-all.data &&
	ids perf-all.data >all.perf &&
	ids prof-all.data >all.prof &&
	comm -23 all.perf all.prof >all.missing &&
	test_must_be_empty all.missing &&
	"$PROF" script -i nob.data --show-mmap-events -F comm 2>/dev/null |
		sed -n "s/.*PERF_RECORD_MMAP2* .* \(\/[^ ]*\)$/\1/p" | sort -u >mapped &&
	test -s mapped &&
	while read -r f; do
		test -r "$f" || continue
		grep -q " $f$" all.prof || { echo "not listed: $f"; return 1; }
	done <mapped &&
	comm -23 ids.prof all.prof >hit.missing &&
	test_must_be_empty hit.missing
'

test_expect_success PERF,PERF_EVENTS '--known-build-ids: the id given wins over the file'"'"'s' '
	"$PROF" inject -b --known-build-ids="$HELPERS/demo=0123456789abcdef0123456789abcdef01234567" \
		-i nob.data -o known.data &&
	ids known.data >ids.known &&
	grep -q "^0123456789abcdef0123456789abcdef01234567 $HELPERS/demo$" ids.known &&
	test_expect_code 255 "$PROF" inject -b --known-build-ids=nonsense -i nob.data -o x.data \
		2>known.err &&
	test_line_count = 1 known.err &&
	grep -q "not PATH=BUILDID" known.err
'

test_expect_success PERF,PERF_EVENTS '-z: compressed records come out decompressed (perf'"'"'s zstd test)' '
	"$PROF" record -q -z -o z.data -g -F 2000 -e task-clock -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	"$PROF" report -i z.data --header --stats >z.stats &&
	grep -q "COMPRESSED events" z.stats &&
	grep -q "^# compressed : Zstd, level = 1, ratio = [0-9]*$" z.stats &&
	"$PROF" inject -i z.data -o z.decomp &&
	"$PROF" report -i z.decomp --header --stats >zd.stats &&
	! grep -q "COMPRESSED events" zd.stats &&
	! grep -q "^# compressed" zd.stats &&
	"$PERF" report -i z.data --stdio -F comm,dso,sym >pz.out 2>/dev/null &&
	"$PERF" report -i z.decomp --stdio -F comm,dso,sym >pzd.out &&
	lines pz.out >pz.lines && lines pzd.out >pzd.lines &&
	test_cmp_nonempty pz.lines pzd.lines &&
	same_report z.data z.decomp
'

test_expect_success PERF,PERF_EVENTS,SCHED_TP 'tracepoints: the tracing data goes along, file and stream' '
	"$PROF" record -q -o tp.data -e sched:sched_switch -a -- sleep 0.2 >/dev/null 2>&1 &&
	"$PROF" inject -i tp.data -o tp.copy &&
	"$PROF" inject -i tp.data | cat >tp.stream &&
	"$PERF" script -i tp.data >tp.perf 2>/dev/null &&
	test -s tp.perf &&
	"$PERF" script -i tp.copy >tp.perf.copy 2>/dev/null &&
	test_cmp tp.perf tp.perf.copy &&
	"$PROF" script -i tp.stream >tp.prof.stream &&
	"$PROF" script -i tp.data >tp.prof &&
	test_cmp_nonempty tp.prof tp.prof.stream &&
	"$PROF" inject -i tp.stream -o tp.back &&
	"$PROF" script -i tp.back >tp.prof.back &&
	test_cmp tp.prof tp.prof.back
'

# sched_stat_runtime is the one sched_stat_* event a kernel without
# CONFIG_SCHEDSTATS has; perf inject -s pairs it with switches as the others
test_expect_success PERF,PERF_EVENTS,SCHED_STAT_TP '-s: stats become the thread'"'"'s last switch, as perf'"'"'s' '
	"$PROF" record -q -g -e sched:sched_stat_runtime -e sched:sched_switch \
		-e sched:sched_process_exit -o ss.data -- \
		sh -c "for i in 1 2 3 4 5; do sleep 0.01; ls /usr/lib >/dev/null; done" \
		>/dev/null 2>&1 &&
	"$PERF" inject -s -i ss.data -o perf-ss.data &&
	"$PROF" inject -s -i ss.data -o prof-ss.data &&
	"$PERF" script -i perf-ss.data -F tid,time,period,ip,sym,event >perf-ss.scr 2>/dev/null &&
	"$PERF" script -i prof-ss.data -F tid,time,period,ip,sym,event >prof-ss.scr &&
	test_cmp_nonempty perf-ss.scr prof-ss.scr &&
	! grep -q "sched_stat_runtime\|sched_process_exit" prof-ss.scr &&
	"$PROF" script -i ss.data -F event >ss.events &&
	grep -q "sched:sched_stat_runtime" ss.events &&
	"$PROF" report -i prof-ss.data --stdio --show-total-period >ss.rep &&
	grep -q "prev_comm=" ss.rep &&
	"$PERF" script -i prof-ss.data >perf-ss.full &&
	grep -q "sched:sched_switch: prev_comm=" perf-ss.full
'

test_expect_success PERF,PERF_EVENTS 'perf inject reads prof'"'"'s output, prof reads perf'"'"'s' '
	"$PERF" inject -i prof-b.data -o again.data &&
	same_report prof-b.data again.data &&
	"$PROF" inject -i perf-b.data -o again2.data &&
	same_report perf-b.data again2.data
'

test_expect_success 'bad input: one line, non-zero exit, no output file left half-made' '
	test_expect_code 255 "$PROF" inject -i nosuch.data -o out1.data 2>e1 &&
	test_line_count = 1 e1 &&
	printf "not a perf file at all, not at all\n" >junk.data &&
	test_expect_code 255 "$PROF" inject -i junk.data -o out2.data 2>e2 &&
	test_line_count = 1 e2 &&
	cp plain.data same.data &&
	test_expect_code 255 "$PROF" inject -i same.data -o same.data 2>e5 &&
	echo "same.data: the input and the output are the same file" >want5 &&
	test_cmp want5 e5 &&
	test_expect_code 255 "$PROF" inject -i same.data >>same.data 2>e6 &&
	cmp plain.data same.data &&
	# a file cut inside a record and one cut between two records (the
	# offset of the fourth record, from the dump): both refused, as perf
	"$PROF" report -i plain.data -D >dump 2>/dev/null &&
	sed -n "s/^\(0x[0-9a-f]*\)@plain.data .*/\1/p" dump >offsets &&
	cut=$(sed -n 4p offsets) &&
	test -n "$cut" &&
	head -c $((cut + 5)) plain.data >trunc.data &&
	test_expect_code 255 "$PROF" inject -i trunc.data -o out3.data 2>e3 &&
	tail -n 1 e3 | grep -q "^trunc.data: offset 0x[0-9a-f]*: .*past the end" &&
	! test -e out3.data &&
	head -c $((cut)) plain.data >trunc2.data &&
	test_expect_code 255 "$PROF" inject -i trunc2.data -o out5.data 2>e7 &&
	tail -n 1 e7 | grep -q "^trunc2.data: offset $cut: the data section runs [1-9][0-9]* bytes past the end of the file" &&
	! test -e out5.data &&
	# a stream cut short (its writer killed) keeps what arrived, as perf
	head -c 3000 stream.data >trunc.stream &&
	"$PROF" inject -i trunc.stream -o out4.data 2>e4 &&
	# where the cut falls: inside a record, or after one
	grep -q -e "^trunc.stream: offset 0x[0-9a-f]*: unexpected end of event stream$" \
		-e "^trunc.stream: [0-9]* stray bytes at the end of the stream$" e4 &&
	"$PROF" report -i out4.data --stats >out4.stats &&
	grep -q "MMAP2 events: *[1-9]" out4.stats
'

test_expect_success PERF,PERF_EVENTS 'options prof cannot honour are refused, not ignored' '
	for o in --itrace --strip --kallsyms=/proc/kallsyms --ignore-vmlinux \
		 --vm-time-correlation --guest-data=x --guestmount=/tmp; do
		test_expect_code 255 "$PROF" inject $o -i plain.data -o r.data 2>r.err &&
		test_line_count = 1 r.err || { echo "$o"; return 1; }
	done
'

test_expect_success PERF,PERF_EVENTS,PERF_SHELL_TESTS 'perf'"'"'s own pipe test passes with prof as perf' '
	mkdir -p bin &&
	ln -sf "$PROF" bin/perf &&
	PATH="$PWD/bin:$PATH" sh /usr/lib/perf-core/tests/shell/pipe_test.sh >pipe_test.out 2>&1 &&
	PATH="$PWD/bin:$PATH" sh /usr/lib/perf-core/tests/shell/record+zstd_comp_decomp.sh \
		>zstd_test.out 2>&1
'

test_done
