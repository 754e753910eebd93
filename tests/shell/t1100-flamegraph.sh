#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof flamegraph: folded stacks as perf script | stackcollapse-perf.pl'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME
FG=$SHARED/tools/FlameGraph
test_lazy_prereq XMLLINT 'command -v xmllint'

# folds DATA [OPTION...]: prof flamegraph --folded folds DATA as the real
# stackcollapse-perf.pl folds perf script's output, line for line. --pid
# and --tid need the pid in perf script's output (the script's usage says
# so): then perf script -F comm,pid,tid,time,period,event,trace,ip,sym,dso
# (trace: a tracepoint's line is then the default one, which the script
# takes no event name from).
folds() {
	data=$1 &&
	shift &&
	case " $* " in
	*" --pid "* | *" --tid "*)
		"$PERF" script -i "$data" -F comm,pid,tid,time,period,event,trace,ip,sym,dso \
			>perf.script 2>/dev/null ;;
	*)
		"$PERF" script -i "$data" >perf.script 2>/dev/null ;;
	esac &&
	"$FG/stackcollapse-perf.pl" "$@" <perf.script >perf.folded 2>/dev/null &&
	"$PROF" flamegraph -i "$data" -o - --folded "$@" >prof.folded 2>prof.err &&
	test_cmp_nonempty perf.folded prof.folded
}

# every_option DATA [OPTION]: folds for each stackcollapse option prof
# takes (OPTION instead of --addrs).
every_option() {
	for o in "" --kernel --jit --all ${2:---addrs} --pid --tid "--pid --kernel"; do
		folds "$1" $o || return 1
	done
}

test_expect_success PERF,PERF_EVENTS 'record: frame pointers, dwarf, a comm with blanks and digits' '
	"$PERF" record -q -g -e task-clock -o fp.data -- "$HELPERS/demo" 200 >/dev/null 2>&1 &&
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o dwarf.data -- "$HELPERS/optwork" 100 \
		>/dev/null 2>&1 &&
	cp "$HELPERS/optwork" "./my 12 work" &&
	"$PERF" record -q -g -e cpu-clock -o comm.data -- "./my 12 work" 50 >/dev/null 2>&1
'

test_expect_success PERF,PERF_EVENTS,SHARED 'frame pointer chains: every stackcollapse option' '
	every_option fp.data
'

test_expect_success PERF,PERF_EVENTS,SHARED 'dwarf chains with inlined frames, demangled' '
	every_option dwarf.data &&
	grep -q ";main;opt_inlined_caller;run_work;prof::work" prof.folded
'

# record -c: the period is not in the samples; perf script prints the
# event's, and stackcollapse-perf.pl weighs each sample by it.
test_expect_success PERF,PERF_EVENTS,SHARED 'a fixed period (record -c) weighs every sample' '
	"$PERF" record -q -g -e task-clock -c 100000 -o fixed.data -- "$HELPERS/demo" 100 \
		>/dev/null 2>&1 &&
	"$PERF" evlist -v -i fixed.data >ev &&
	grep -q "sample_type: IP|TID|TIME|CALLCHAIN," ev &&
	every_option fixed.data &&
	"$PROF" flamegraph -i fixed.data -o - --folded >fixed.folded &&
	"$PROF" flamegraph -i fixed.data -o - --folded --count samples >fixedn.folded &&
	awk "{ s += \$NF } END { printf \"%.0f\\n\", s * 100000 }" fixedn.folded >want &&
	awk "{ s += \$NF } END { printf \"%.0f\\n\", s }" fixed.folded >got &&
	test_cmp want got
'

test_expect_success PERF,PERF_EVENTS,SHARED 'a comm is cut where the script cuts it' '
	every_option comm.data &&
	grep -q "^my-?;" prof.folded
'

test_expect_success PERF,SYSWIDE,SHARED 'system-wide (-a)' '
	"$PERF" record -q -a -g -e cpu-clock -o all.data -- sleep 0.3 >/dev/null 2>&1 &&
	every_option all.data
'

# A -a recording can hold samples of pid and tid -1 (a task past its
# exit's release_task: CI's system-wide file had some); the script reads
# their header with the period as the pid (perf-data-gen.py exited).
test_expect_success PERF,PYTHON3,SHARED 'samples of pid -1: named as the script names them' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" exited exited.data "$HELPERS/demo" &&
	every_option exited.data &&
	grep -q "^:-1____-1/-1________0\.001000:-?;\[unknown\] 250000\$" prof.folded
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,SHARED 'tracepoint samples weigh 1' '
	"$PERF" record -q -g -e sched:sched_process_exec -e task-clock -o tp.data -- \
		sh -c "for i in 1 2 3; do /bin/true; done; \"$HELPERS/demo\" 50" >/dev/null 2>&1 &&
	every_option tp.data
'

CORPUS=$SHARED/corpus/perf-data
# Files with call chains from other machines (perf 3.4 to 6.x), with frames
# in kernel modules (--addrs: see the known failure below).
test_expect_success PERF,SHARED 'corpus files with call chains' '
	for f in chromiumos_quipper_history/perf.data.callgraph.next \
		perf_data_converter/quipper_testdata/perf.data.callgraph-3.8 \
		perf_data_converter/quipper_testdata/perf.data.callgraph_and_branch-3.4 \
		perf_data_converter/quipper_testdata/perf.data.raw_callgraph_branch-3.4 \
		simpleperf/testdata/generated_by_linux_perf.data; do
		every_option "$CORPUS/$f" --all || return 1
	done
'

# perf script prints the address of a frame without a symbol in a module
# of another machine as the kernel address; resolved_sample.addrs[] has
# the module-relative one.
test_expect_failure PERF,SHARED '--addrs: module frames of another machine by kernel address' '
	folds "$CORPUS/perf_data_converter/quipper_testdata/perf.data.callgraph-3.8" --addrs
'

test_expect_success PERF,PERF_EVENTS 'weights: the period, or samples with --count samples' '
	"$PROF" flamegraph -i fp.data -o - --folded >period.folded &&
	"$PROF" flamegraph -i fp.data -o - --folded --count samples >count.folded &&
	n=$("$PERF" script -i fp.data -F period 2>/dev/null | wc -l) &&
	awk -v n="$n" "{ s += \$NF } END { exit s != n }" count.folded &&
	"$PERF" script -i fp.data -F period 2>/dev/null | awk "{ s += \$1 } END { print s }" >p.sum &&
	awk "{ s += \$NF } END { print s }" period.folded >f.sum &&
	test_cmp p.sum f.sum
'

test_expect_success PERF,PERF_EVENTS,SHARED 'a pipe: perf record -o - | prof flamegraph' '
	"$PERF" record -q -g -e task-clock -o - -- "$HELPERS/demo" 50 2>/dev/null >pipe.data &&
	"$PERF" script -i pipe.data 2>/dev/null | "$FG/stackcollapse-perf.pl" >perf.folded &&
	cat pipe.data | "$PROF" flamegraph -o - --folded >prof.folded &&
	test_cmp_nonempty perf.folded prof.folded &&
	cat pipe.data | "$PROF" flamegraph -i - -o pipe.svg &&
	grep -q "^<title>hot_loop (" pipe.svg
'

# filtered DATA PERF_FILTER [OPTION...]: prof flamegraph OPTION... folds
# what stackcollapse-perf.pl folds of perf script PERF_FILTER (the pid in
# its lines, for --pid and --tid); the filter itself is among the OPTIONs.
filtered() {
	data=$1 &&
	pf=$2 &&
	shift 2 &&
	"$PERF" script -i "$data" "$pf" -F comm,pid,tid,time,period,event,trace,ip,sym,dso \
		>perf.script 2>/dev/null &&
	sc= &&
	for o in "$@"; do
		case "$o" in
		--pid | --tid | --kernel) sc="$sc $o" ;;
		esac || return 1
	done &&
	"$FG/stackcollapse-perf.pl" $sc <perf.script >perf.folded 2>/dev/null &&
	"$PROF" flamegraph -i "$data" -o - --folded "$@" >prof.folded 2>prof.err &&
	test_cmp_nonempty perf.folded prof.folded
}

test_expect_success PERF,PERF_EVENTS 'record: three processes' '
	"$PERF" record -q -g -e task-clock -o three.data -- \
		sh -c "\"$HELPERS/demo\" 100 & \"$HELPERS/optwork\" 60; wait" >/dev/null 2>&1 &&
	"$PERF" script -i three.data -F comm,pid 2>/dev/null >comms &&
	grep -q "^ *demo " comms &&
	grep -q "^ *optwork " comms
'

test_expect_success PERF,PERF_EVENTS,SHARED '-c, --pid=, --tid=, --dsos: perf script'"'"'s filters' '
	pid=$(awk "\$1 == \"demo\" { print \$2; exit }" comms) &&
	opid=$(awk "\$1 == \"optwork\" { print \$2; exit }" comms) &&
	filtered three.data --comms=demo -c demo &&
	filtered three.data --comms=demo,optwork --comms demo,optwork --pid &&
	filtered three.data --pid=$pid --pid=$pid &&
	filtered three.data --pid=$pid,$opid --pid=$pid,$opid --tid &&
	filtered three.data --tid=$opid --tid=$opid --pid &&
	filtered three.data --dsos=[kernel.kallsyms] --dsos [kernel.kallsyms] --kernel &&
	filtered three.data --dsos=demo --dsos demo &&
	filtered three.data --dsos=optwork -c optwork --dsos=optwork &&
	! grep -v "^optwork;" prof.folded
'

test_expect_success PERF,PERF_EVENTS,SHARED '--time: perf script'"'"'s ranges and percentages' '
	"$PERF" script -i three.data -F time 2>/dev/null | tr -d " :" >times &&
	n=$(wc -l <times) &&
	a=$(sed -n "$((n / 4))p" times) &&
	b=$(sed -n "$((n / 2))p" times) &&
	c=$(sed -n "$((3 * n / 4))p" times) &&
	filtered three.data --time=$a,$b --time $a,$b &&
	filtered three.data --time=$b, --time=$b, &&
	filtered three.data "--time=$a,$b $c," "--time=$a,$b $c," --pid &&
	filtered three.data --time=10%-60% --time 10%-60% &&
	filtered three.data --time=0%-20%,50%-70% --time=0%-20%,50%-70% &&
	filtered three.data --time=25%/2 --time=25%/2
'

# through FOLDED NAME: the lines of FOLDED with a frame NAME (or NAME_[x]).
through() {
	grep -E ";$2(_\[[kjiw]\])?(;| [0-9]+\$)" "$1"
}

test_expect_success PERF,PERF_EVENTS '--symbol: only the stacks through the function' '
	"$PROF" flamegraph -i three.data -o - --folded >all.folded &&
	"$PROF" flamegraph -i three.data -o - --folded --symbol hot_loop >sym.folded &&
	through all.folded hot_loop >expect &&
	test_cmp_nonempty expect sym.folded &&
	test $(wc -l <expect) -lt $(wc -l <all.folded) &&
	"$PROF" flamegraph -i three.data -o - --folded --kernel --symbol hot_loop,main >sym.folded &&
	"$PROF" flamegraph -i three.data -o - --folded --kernel >all.folded &&
	{ through all.folded hot_loop && through all.folded main; } | sort -u >expect &&
	test_cmp_nonempty expect sym.folded
'

test_expect_success PERF,PERF_EVENTS '--symbol: inlined and C++ functions, by the name drawn or the symbol'"'"'s' '
	"$PROF" flamegraph -i dwarf.data -o - --folded >all.folded &&
	"$PROF" flamegraph -i dwarf.data -o - --folded --symbol prof::work >sym.folded &&
	through all.folded prof::work >expect &&
	test_cmp_nonempty expect sym.folded &&
	"$PROF" flamegraph -i dwarf.data -o - --folded --symbol run_work >sym.folded &&
	through all.folded run_work >expect &&
	test_cmp_nonempty expect sym.folded
'

test_expect_success PERF,PERF_EVENTS 'filters: the same stacks in the SVG' '
	"$PROF" flamegraph -i three.data -c demo --symbol hot_loop -o - --folded >f.folded &&
	"$PROF" flamegraph --folded-input f.folded -o want.svg &&
	"$PROF" flamegraph -i three.data -c demo --symbol hot_loop -o got.svg &&
	test_cmp_nonempty want.svg got.svg
'

test_expect_success PERF,PERF_EVENTS 'filters: nothing left, a bad list or time, folded input' '
	test_must_fail "$PROF" flamegraph -i three.data -c nosuch -o x.svg 2>err &&
	grep -q "the filters left none of the [0-9]* samples of task-clock" err &&
	! test -e x.svg &&
	test_expect_code 129 "$PROF" flamegraph -i three.data --pid 1 -o - --folded 2>err &&
	grep -q "follows an .=.: --pid=LIST" err &&
	test_must_fail "$PROF" flamegraph -i three.data --time 2,1 -o - --folded 2>err &&
	grep -q "^Invalid time string" err &&
	"$PROF" flamegraph -i three.data -o - --folded >f.folded &&
	test_must_fail "$PROF" flamegraph --folded-input f.folded -c demo -o x.svg 2>err &&
	grep -q "not --folded-input" err
'

test_expect_success PERF,PERF_EVENTS '-o FILE.folded writes the file' '
	"$PROF" flamegraph -i fp.data -o out.folded &&
	"$PROF" flamegraph -i fp.data -o - --folded >stdout.folded &&
	test_cmp_nonempty stdout.folded out.folded
'

# same_svg FOLDED [OPTION...]: prof flamegraph --folded-input FOLDED draws
# the frames flamegraph.pl draws from it, in a well-formed SVG.
same_svg() {
	folded=$1 &&
	shift &&
	"$FG/flamegraph.pl" "$@" "$folded" >pl.svg 2>/dev/null &&
	"$PROF" flamegraph --folded-input "$folded" -o prof.svg "$@" &&
	python3 "$SRCDIR/tests/shell/svg-frames.py" pl.svg >pl.frames &&
	python3 "$SRCDIR/tests/shell/svg-frames.py" prof.svg >prof.frames &&
	test $(wc -l <pl.frames) -gt 3 &&
	test_cmp pl.frames prof.frames &&
	xmllint --noout prof.svg
}

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT 'SVG: the frames of flamegraph.pl, for each of its options' '
	"$PROF" flamegraph -i fp.data -o fp.folded &&
	same_svg fp.folded &&
	same_svg fp.folded --hash &&
	same_svg fp.folded --title "A title" --subtitle sub --countname ms --nametype Fn: &&
	same_svg fp.folded --inverted --width 800 --height 20 --fontsize 10 --fonttype Arial &&
	same_svg fp.folded --reverse --minwidth 1% &&
	same_svg fp.folded --flamechart --minwidth 3 --notes "a note" &&
	for c in hot mem io wakeup chain java js perl red green blue aqua yellow purple orange; do
		same_svg fp.folded --colors $c --hash || return 1
	done
'

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT 'SVG from perf.data is the one from its folds' '
	"$PROF" flamegraph -i dwarf.data -o direct.svg --kernel &&
	"$PROF" flamegraph -i dwarf.data -o - --folded --kernel >k.folded &&
	"$PROF" flamegraph --folded-input k.folded -o fromfolds.svg &&
	test_cmp direct.svg fromfolds.svg &&
	same_svg k.folded
'

test_expect_success SHARED,PYTHON3,XMLLINT 'SVG: names with < & quotes and UTF-8, cut by characters' '
	printf "%s\n" "main;a<b&c>d;\"quoted\" name;ünïcödé_fünctiön_with_a_löng_name_ÿ€;kfunc_[k] 300" \
		"main;x&y;日本語の関数名前 500" "main 7" "main;z;w 1.5" >names.folded &&
	same_svg names.folded &&
	grep -q "a&lt;b&amp;c&gt;d" prof.svg &&
	"$PROF" flamegraph --folded-input names.folded -o t.svg --title "<&>" --subtitle "\"<" &&
	xmllint --noout t.svg &&
	grep -q "<text id=\"title\"[^>]*>&lt;&amp;&gt;</text>" t.svg &&
	same_svg names.folded --width 300 --hash
'

# html_data HTML: the page's frames ("depth start end name" lines) and
# total, from its DATA object.
cat >htmldata.py <<\EOF
import json, re, sys
h = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"var DATA = (\{.*?\});\n", h, re.S)
d = json.loads(m.group(1))
f, n = d["f"], d["n"]
print("total", d["total"])
for i in range(0, len(f), 4):
    print(f[i], f[i + 1], f[i + 2], n[f[i + 3]])
EOF

test_expect_success PERF,PERF_EVENTS,PYTHON3 'HTML: self-contained, the frames of the SVG' '
	"$PROF" flamegraph -i fp.data -o fp.html &&
	"$PROF" flamegraph -i fp.data -o fp0.svg --minwidth 0 &&
	! grep -q -i -E "<(script|link|img)[^>]* (src|href)=" fp.html &&
	! grep -q "https\?://" fp.html &&
	python3 htmldata.py fp.html >fp.html.frames &&
	grep -q " hot_loop\$" fp.html.frames &&
	test $(grep -c "^<g >" fp0.svg) = $(($(wc -l <fp.html.frames) - 1)) &&
	awk "NR == 1 { t = \$2 } \$1 == 1 { s += \$3 - \$2 } END { exit s != t }" fp.html.frames &&
	mkdir -p def.d && cp fp.data def.d/perf.data &&
	(cd def.d && "$PROF" flamegraph) &&
	test_cmp fp.html def.d/flamegraph.html
'

test_expect_success PYTHON3 'HTML: names are data, never markup' '
	printf "%s\n" "main;</script><b>x&y\"z;ünï 5" "main;a 3" >inj.folded &&
	"$PROF" flamegraph --folded-input inj.folded -o inj.html --title "<i>t</i>" &&
	! grep -q "</script><b>" inj.html &&
	grep -q "<title>&lt;i&gt;t&lt;/i&gt;</title>" inj.html &&
	python3 htmldata.py inj.html >inj.frames &&
	grep -q "^2 0 5 </script><b>x&y\"z\$" inj.frames &&
	grep -q "^3 0 5 ünï\$" inj.frames
'

# not_blank PNG: a screenshot with more than a few colours in it.
cat >notblank.py <<\EOF
import sys, zlib, struct
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n"
i, idat = 8, b""
while i < len(b):
    n, t = struct.unpack(">I4s", b[i:i + 8])
    if t == b"IDAT":
        idat += b[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
print(len(set(raw)), "distinct byte values")
sys.exit(0 if len(set(raw)) > 32 else 1)
EOF

SHOTS=$SRCDIR/.build/tests/flamegraph
test_expect_success PERF,PERF_EVENTS,PYTHON3,CHROMIUM 'in chromium: search, zoom, icicle, screenshots' '
	"$PROF" flamegraph -i fp.data -o fp.html &&
	"$PROF" flamegraph -i fp.data -o fp.svg &&
	"$PROF" flamegraph -i fp.data -o - --folded >b.folded &&
	awk "{ t += \$NF } /;hot_loop[; ]/ { m += \$NF } END { printf \"Matched: %.1f%%\n\", 100 * m / t }" \
		b.folded >want.matched &&
	browse s.dom "file://$TRASH/fp.html#s=hot_loop" &&
	sed -n "s/.*<span id=\"matched\">\([^<]*\)<.*/\1/p" s.dom >got.matched &&
	test_cmp want.matched got.matched &&
	python3 htmldata.py fp.html >fp.frames &&
	z=$(awk "\$4 == \"hot_loop\" { print NR - 2; exit }" fp.frames) &&
	browse z.dom "file://$TRASH/fp.html#z=$z&icicle" &&
	grep -q "data-view=\"icicle hot_loop\"" z.dom &&
	browse f.dom "file://$TRASH/fp.html" &&
	grep -q "data-view=\"flame all\"" f.dom &&
	mkdir -p "$SHOTS" &&
	browse shot.dom "file://$TRASH/fp.html#s=warm_loop" --screenshot="$SHOTS/fp-html.png" &&
	python3 notblank.py "$SHOTS/fp-html.png" &&
	browse svg.dom "file://$TRASH/fp.svg" --screenshot="$SHOTS/fp-svg.png" &&
	python3 notblank.py "$SHOTS/fp-svg.png"
'

# A page as large as the issue asks to open smoothly: 1M samples in 50,000
# stacks of 101,021 distinct frames. The time from the start of loading to
# the end of the first draw is written down (the page keeps it in
# data-drawn-ms), not asserted.
cat >wide.py <<\EOF
for a in range(20):
    for b in range(50):
        for c in range(50):
            print("main;mod_%d;svc_%d_%d;fn_%d_%d_%d;leaf_%d_%d_%d 20" % (a, a, b, a, b, c, a, b, c))
EOF

test_expect_success PYTHON3,CHROMIUM 'in chromium: 1M samples and 100K frames open, zoom (time reported)' '
	python3 wide.py >wide.folded &&
	"$PROF" flamegraph --folded-input wide.folded -o wide.html &&
	python3 htmldata.py wide.html >wide.frames &&
	echo "total 1000000" >want.total &&
	head -n 1 wide.frames >got.total &&
	test_cmp want.total got.total &&
	test $(wc -l <wide.frames) = 101023 &&
	mkdir -p "$SHOTS" &&
	browse w.dom "file://$TRASH/wide.html" --screenshot="$SHOTS/wide-html.png" &&
	grep -q "data-view=\"flame all\"" w.dom &&
	python3 notblank.py "$SHOTS/wide-html.png" &&
	z=$(awk "\$4 == \"fn_3_7_9\" { print NR - 2; exit }" wide.frames) &&
	browse wz.dom "file://$TRASH/wide.html#z=$z&s=leaf_3_7" &&
	grep -q "data-view=\"flame fn_3_7_9\"" wz.dom &&
	grep -q "<span id=\"matched\">Matched: 0.1%<" wz.dom &&
	ms=$(sed -n "s/.*data-drawn-ms=\"\([0-9]*\)\".*/\1/p" w.dom) &&
	zms=$(sed -n "s/.*data-drawn-ms=\"\([0-9]*\)\".*/\1/p" wz.dom) &&
	test -n "$ms" && test -n "$zms" &&
	echo "1M samples, 101021 frames: drawn $ms ms after the page began to load; zoomed and searched: $zms ms" >"$SHOTS/wide-open-time.txt" &&
	cat "$SHOTS/wide-open-time.txt"
'

test_expect_success 'folded input: a malformed line is an error naming it' '
	printf "a;b 1\nno count here\n" >bad.folded &&
	test_must_fail "$PROF" flamegraph --folded-input bad.folded -o bad.svg 2>err &&
	grep -q "bad.folded:2: not a folded stack" err &&
	! test -e bad.svg &&
	# two counts: a differential, drawn (t1102 compares it with flamegraph.pl)
	printf "a;b 1 2\n" >diff.folded &&
	"$PROF" flamegraph --folded-input diff.folded -o diff.svg &&
	grep -q "^<title>b (2 samples, 100.00%; +50.00%)</title>" diff.svg &&
	: >empty.folded &&
	test_must_fail "$PROF" flamegraph --folded-input empty.folded -o empty.svg 2>err &&
	grep -q "no stack counts" err
'

test_expect_success PERF,PERF_EVENTS,SHARED 'bad profiles: no samples, no call chains, several events' '
	"$PERF" record -q -e page-faults -c 1000000000 -o empty.data -- true >/dev/null 2>&1 &&
	test_must_fail "$PROF" flamegraph -i empty.data -o empty.svg 2>err &&
	grep -q "has no samples" err &&
	"$PERF" record -q -e task-clock -o flat.data -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	"$PROF" flamegraph -i flat.data -o flat.svg &&
	grep -q "<text id=\"subtitle\"[^>]*>no call chains in the file" flat.svg &&
	"$PROF" flamegraph -i flat.data -o - --folded >flat.folded &&
	grep -q "^demo;hot_loop " flat.folded &&
	"$PERF" record -q -g -e task-clock -e page-faults -o two.data -- "$HELPERS/demo" 50 \
		>/dev/null 2>&1 &&
	"$PROF" flamegraph -i two.data -o two.svg 2>err &&
	grep -q "samples of other events left out: pick one with -e" err &&
	grep -q "<text id=\"subtitle\"[^>]*>[a-z-]* only; other events left out" two.svg &&
	"$PROF" flamegraph -i two.data -e page-faults -o - --folded --count samples >pf.folded &&
	"$PERF" script -i two.data -F event 2>/dev/null | grep -c page-faults >n &&
	awk "{ s += \$NF } END { print s }" pf.folded >m &&
	test_cmp n m &&
	"$PERF" script -i two.data -F comm,tid,time,period,event,ip,sym,dso 2>/dev/null |
		"$FG/stackcollapse-perf.pl" --event-filter=page-faults >perf.folded 2>/dev/null &&
	"$PROF" flamegraph -i two.data -e page-faults -o - --folded >prof.folded &&
	test_cmp_nonempty perf.folded prof.folded &&
	test_must_fail "$PROF" flamegraph -i two.data -e nosuch -o x.svg 2>err &&
	grep -q "event .nosuch. is not in two.data" err
'

test_expect_success PERF_EVENTS 'make demo ends with the demo'"'"'s flame graph and its path' '
	PROF="$PROF" DEMO="$HELPERS/demo" FLAMEGRAPH="$TRASH/demo.d/fg.html" \
		sh "$SRCDIR/scripts/demo.sh" >demo.out 2>demo.err &&
	tail -n 1 demo.out >last &&
	echo "The flame graph of the demo (open it in a browser): $TRASH/demo.d/fg.html" >expect &&
	test_cmp expect last &&
	grep -q "<canvas id=\"fg\"" demo.d/fg.html &&
	grep -q "\"hot_loop\"" demo.d/fg.html
'

test_expect_success 'bad arguments' '
	test_must_fail "$PROF" flamegraph -i nosuch.data -o - --folded 2>err &&
	grep -q nosuch.data err &&
	test_must_fail "$PROF" flamegraph --count bytes -o - --folded 2>err &&
	grep -q "period or samples" err &&
	test_must_fail "$PROF" flamegraph -o x.png 2>err &&
	grep -q "the output is .html, .svg or .folded" err &&
	test_must_fail "$PROF" flamegraph -o x.svg --folded 2>err &&
	grep -q "writes folded stacks, not x.svg" err &&
	test_must_fail "$PROF" flamegraph --colors pink 2>err &&
	grep -q "unknown --colors" err &&
	test_must_fail "$PROF" flamegraph --minwidth 1x 2>err &&
	grep -q "minwidth takes" err &&
	test_must_fail "$PROF" flamegraph --fontsize 0 2>err &&
	grep -q "fontsize takes" err &&
	test_must_fail "$PROF" flamegraph --notes "<b>" 2>err &&
	grep -q "notes can.t contain" err
'

test_done
