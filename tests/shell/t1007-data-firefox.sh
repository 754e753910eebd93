#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof data convert --to-firefox: the Firefox Profiler'"'"'s Gecko format, its samples those of prof script and perf script, read by the profiler'"'"'s own processing'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME
CHECK="$SRCDIR/tests/shell/firefox-check.py"
CTCHECK="$SRCDIR/tests/shell/chrome-trace-check.py"
DEMO="$HELPERS/demo"
B="$HELPERS/blockwork"
# after a sleep, as t1006: the demo's switch-in is then in the file
LATE_DEMO="sleep 0.1; exec \"$DEMO\""

# The Firefox Profiler's command-line client (profiler-cli, from the
# profiler's own repository, on npm): it loads a profile with the
# profiler's importers and processing, the code profiler.firefox.com runs
# on a file, and answers queries on the processed profile from a daemon.
# Installed once beside the test helpers (its package asks for node 24;
# Debian's node 20 runs it, npm only warns).
PQ_DIR=${PROFILER_CLI_DIR:-$HELPERS/../profiler-cli}
PQ_JS=$PQ_DIR/node_modules/@firefox-devtools/profiler-cli/dist/profiler-cli.js
PROFILER_CLI_SESSION_DIR=$TRASH/pq-sessions
export PROFILER_CLI_SESSION_DIR
test_lazy_prereq PQ '
	command -v node >/dev/null &&
	if ! test -f "$PQ_JS"; then
		mkdir -p "$PQ_DIR" &&
		npm install --no-audit --no-fund --prefix "$PQ_DIR" @firefox-devtools/profiler-cli@0.10.0
	fi &&
	test -f "$PQ_JS"
'

pq() {
	node "$PQ_JS" "$@"
}

# pq_load FILE SESSION: the profiler processes FILE in a daemon of its
# own. Its load waits only half a second for the daemon, which may take
# longer on a loaded machine: its status says when it is up, or why the
# profile failed to load.
pq_load() {
	{
		pq load "$1" --session "$2" >"$2.load" 2>&1 ||
		grep -q "did not become ready" "$2.load"
	} &&
	_n=0 &&
	until pq status --session "$2" >"$2.status" 2>&1; do
		if grep -q "load failed" "$2.status" || test $_n -ge 60; then
			cat "$2.load" "$2.status" >&2
			pq_stop "$2"
			return 1
		fi &&
		_n=$((_n + 1)) &&
		sleep 0.5 || return 1
	done
}

pq_stop() {
	pq stop "$1" >/dev/null 2>&1
}

# pq_trees FILE DATA SESSION: for each thread of FILE, the profiler's
# top-down call tree (node paths and their samples) is the one the
# samples of prof script make (DATA.want, a script-stacks list).
pq_trees() {
	pq thread list --session "$3" --json >"$3.threads" &&
	python3 -c "
import json, sys
for t in json.load(open(sys.argv[1]))[\"threads\"]:
    print(t[\"threadHandle\"], t[\"tid\"])
" "$3.threads" >"$3.handles" &&
	test -s "$3.handles" &&
	while read -r h tid; do
		pq thread samples-top-down --session "$3" --thread "$h" --json --max-lines 1000000 \
			>"$3.$h.json" &&
		python3 "$CHECK" pq-tree "$3.$h.json" >"$3.$h.got" &&
		python3 "$CHECK" tree "$2.want" "$tid" >"$3.$h.want" &&
		test_cmp "$3.$h.want" "$3.$h.got" || return 1
	done <"$3.handles"
}

# convert DATA [ARGS]: DATA to DATA.json (stderr DATA.err), its structure
# checked (DATA.check: numbers of threads, samples, markers, ...).
convert() {
	_d=$1 && shift &&
	rm -f "$_d.json" &&
	"$PROF" data convert --to-firefox "$_d.json" -i "$_d" "$@" 2>"$_d.err" &&
	python3 "$CHECK" check "$_d.json" >"$_d.check"
}

# same_samples DATA [ARGS]: DATA's samples, thread by thread in order,
# have the stacks prof script shows (with ARGS, its filters).
same_samples() {
	_d=$1 && shift &&
	convert "$_d" "$@" &&
	"$PROF" script -i "$_d" -F tid,event,ip,sym "$@" >"$_d.script" 2>/dev/null &&
	python3 "$CHECK" script-stacks "$_d.script" >"$_d.want" &&
	python3 "$CHECK" stacks "$_d.json" >"$_d.got" &&
	test_cmp_nonempty "$_d.want" "$_d.got"
}

# The demo's page faults and syscalls give the kernel samples the Kernel
# category needs; 200 rounds took 0.13 s on a fast machine and once gave
# none (CI), so it runs ten times as long.
test_expect_success PYTHON3,PERF_EVENTS 'cpu-clock -g: each thread'"'"'s samples have prof script'"'"'s stacks' '
	"$PROF" record -q -e cpu-clock -F 4000 -g -o fp.data -- "$DEMO" 2000 >/dev/null 2>&1 &&
	same_samples fp.data &&
	grep -q "^[0-9]* hot_loop;main;" fp.data.got &&
	grep -q "^\[ perf data convert: Converted '"'"'fp.data'"'"' into firefox data '"'"'fp.data.json'"'"' \]$" \
		fp.data.err &&
	grep -qx "markers 0" fp.data.check &&
	python3 "$CHECK" categories fp.data.json >fp.cats &&
	grep -q "^User [1-9]" fp.cats &&
	grep -q "^Kernel [1-9]" fp.cats &&
	python3 -c "
import json
d = json.load(open(\"fp.data.json\"))
m = d[\"meta\"]
# -F 4000: a sample every 0.25 ms; the start a wall-clock time of this century
assert m[\"interval\"] == 0.25 and m[\"startTime\"] > 1.6e12, m
t = [t for t in d[\"threads\"] if t[\"name\"] == \"demo\"]
assert t and t[0][\"processName\"] == \"demo\" and t[0][\"pid\"] == t[0][\"tid\"], t
hot = [s for s in t[0][\"stringTable\"] if s.startswith(\"hot_loop \")]
assert hot == [\"hot_loop (in demo)\"], hot
"
'

test_expect_success PYTHON3,PERF 'the stacks and per-thread sample counts of perf script' '
	"$PERF" script -i fp.data -F tid,event,ip,sym >fp.perf 2>/dev/null &&
	python3 "$CHECK" script-stacks fp.perf >fp.perf.want &&
	test_cmp_nonempty fp.perf.want fp.data.got &&
	python3 "$CHECK" script-counts fp.perf >fp.perf.n &&
	python3 "$CHECK" counts fp.data.json | awk "{ print \$2, \$4 }" | sort -n >fp.n &&
	test_cmp_nonempty fp.perf.n fp.n
'

test_expect_success PYTHON3,PERF_EVENTS,PQ 'the Firefox Profiler'"'"'s processing: each thread'"'"'s call tree that of prof script'"'"'s stacks' '
	pq_load fp.data.json fp &&
	pq_trees fp.data.json fp.data fp &&
	python3 -c "
import json
t = json.load(open(\"fp.threads\"))[\"threads\"]
assert [(x[\"name\"], x[\"processName\"]) for x in t] == [(\"demo\", \"demo\")], t
" &&
	grep -q "^__libc_start_call_main;main;hot_loop [1-9]" fp.t-0.got &&
	pq_stop fp
'

test_expect_success PYTHON3,PERF_EVENTS '--tid, --pid, --comms, --time and -e keep what prof script keeps' '
	tid=$("$PROF" script -i fp.data -F comm,tid 2>/dev/null | awk "\$1 == \"demo\" { print \$2; exit }") &&
	test -n "$tid" &&
	same_samples fp.data --tid "$tid" &&
	same_samples fp.data --pid "$tid" &&
	same_samples fp.data --comms demo &&
	cp fp.data half.data &&
	same_samples half.data --time 0%-50% &&
	test "$(wc -l <half.data.got)" -lt "$(wc -l <fp.data.got)" &&
	"$PROF" record -q -e cpu-clock -e task-clock -c 500000 -g -o two.data -- "$DEMO" 100 \
		>/dev/null 2>&1 &&
	convert two.data -e task-clock &&
	"$PROF" script -i two.data -F tid,event,ip,sym >two.script 2>/dev/null &&
	grep -q "cpu-clock:" two.script &&
	python3 "$CHECK" script-stacks two.script cpu-clock >two.want &&
	python3 "$CHECK" stacks two.data.json >two.got &&
	test_cmp_nonempty two.want two.got
'

test_expect_success PYTHON3,PERF_EVENTS 'pipe input: prof record -o - | prof data convert -i -' '
	"$PROF" record -q -e cpu-clock -F 2000 -g -o - -- "$DEMO" 100 2>/dev/null >pipe.data &&
	"$PROF" data convert --to-firefox pipe.json -i - <pipe.data 2>pipe.err &&
	python3 "$CHECK" check pipe.json >pipe.check &&
	"$PROF" script -i pipe.data -F tid,event,ip,sym >pipe.script 2>/dev/null &&
	python3 "$CHECK" script-stacks pipe.script >pipe.want &&
	python3 "$CHECK" stacks pipe.json >pipe.got &&
	test_cmp_nonempty pipe.want pipe.got &&
	"$PROF" record -q -e cpu-clock -F 2000 -g -o - -- "$DEMO" 50 2>/dev/null |
		"$PROF" data convert --to-firefox pipe2.json -i - 2>pipe2.err &&
	python3 "$CHECK" check pipe2.json >pipe2.check &&
	grep -q "^samples [1-9]" pipe2.check
'

test_expect_success PYTHON3,PERF_EVENTS 'a name ending in .gz: the same profile, gzip'"'"'d' '
	"$PROF" data convert --to-firefox fp.json.gz -i fp.data 2>gz.err &&
	test "$(head -c 2 fp.json.gz | od -An -tx1 | tr -d " ")" = 1f8b &&
	gzip -dc fp.json.gz >fp.unzipped &&
	cmp fp.data.json fp.unzipped &&
	python3 "$CHECK" check fp.json.gz >gz.check &&
	test_cmp fp.data.check gz.check &&
	test "$(wc -c <fp.json.gz)" -lt "$(wc -c <fp.data.json)"
'

test_expect_success PYTHON3,PERF_EVENTS,PQ 'the Firefox Profiler loads the .gz' '
	pq_load fp.json.gz gz &&
	pq_trees fp.json.gz fp.data gz &&
	pq_stop gz
'

# Off-CPU: each offcpu-time sample (record --off-cpu) is an "Off-CPU"
# interval marker of its thread, as long as its period, ending at its
# time, its stack the sample's.
test_expect_success PYTHON3,ROOT,TRACEFS 'record --off-cpu: each block an Off-CPU marker with its stack and length' '
	"$PROF" record --off-cpu --off-cpu-thresh 0 -e cpu-clock -F 1000 -g -o off.data -- "$B" 200 \
		>/dev/null 2>&1 &&
	convert off.data &&
	python3 "$CHECK" markers off.data.json Off-CPU >off.got &&
	"$PROF" script -i off.data -F tid,period,event,ip,sym >off.script 2>/dev/null &&
	python3 "$CTCHECK" script-stacks off.script offcpu-time | sort -s -n -k1,1 >off.want &&
	test_cmp_nonempty off.want off.got &&
	grep -q ";sleeper;main;" off.got &&
	grep -q ";anon_pipe_read;.*;main;" off.got &&
	grep -q ";writer;" off.got &&
	"$PROF" script -i off.data -F tid,event,ip,sym >off.samples 2>/dev/null &&
	python3 "$CHECK" script-stacks off.samples offcpu-time >off.samples.want &&
	python3 "$CHECK" stacks off.data.json >off.samples.got &&
	test_cmp off.samples.want off.samples.got &&
	python3 -c "
import json
d = json.load(open(\"off.data.json\"))
for t in d[\"threads\"]:
    for m in t[\"markers\"][\"data\"]:
        assert m[3] == 1 and m[5][\"type\"] == \"OffCPU\", m
        assert d[\"meta\"][\"categories\"][m[4]][\"name\"] == \"Off-CPU\", m
"
'

test_expect_success PYTHON3,ROOT,TRACEFS,PQ 'the Firefox Profiler: the Off-CPU markers, their stacks and lengths' '
	pq_load off.data.json off &&
	pq thread list --session off --json >off.threads &&
	python3 -c "
import json, sys
for t in json.load(open(sys.argv[1]))[\"threads\"]:
    print(t[\"threadHandle\"], t[\"tid\"])
" off.threads >off.handles &&
	while read -r h tid; do
		pq thread markers --session off --thread "$h" --list --json --limit 0 \
			>"off.$h.markers" &&
		python3 -c "
import json, sys
for m in json.load(open(sys.argv[1]))[\"flatMarkers\"]:
    print(m[\"handle\"], round(m[\"duration\"] * 1e6))
" "off.$h.markers" >"off.$h.list" &&
		while read -r mh dur; do
			pq marker stack "$mh" --session off --json >"off.$mh.stack" &&
			python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))[\"stack\"][\"frames\"]
print(sys.argv[2], sys.argv[3], \";\".join(f[\"name\"] for f in s))
" "off.$mh.stack" "$tid" "$dur" || return 1
		done <"off.$h.list" || return 1
	done <off.handles >off.pq &&
	test_cmp_nonempty off.want off.pq &&
	pq_stop off
'

test_expect_success PYTHON3,ROOT,TRACEFS 'record --off-cpu: summed short blocks have no time, left out with a warning' '
	"$PROF" record --off-cpu -e cpu-clock -F 1000 -g -o sum.data -- "$B" 100 >/dev/null 2>&1 &&
	convert sum.data &&
	grep -qx "markers 0" sum.data.check &&
	grep -q "^[1-9][0-9]* offcpu-time samples sum blocks shorter than --off-cpu-thresh" \
		sum.data.err
'

# Sched switches: a sched_switch sample is a marker of the thread it
# switches out (the idle task's left out): "Running" from its switch-in,
# as t1006's running intervals, so a thread's sum is sched timehist's run
# time; "Switched out" when its switch-in is not in the file.
test_expect_success PYTHON3,SYSWIDE,TRACEFS,LIBTRACEEVENT 'sched record: a marker per switch-out, Running intervals summing to timehist'"'"'s run time' '
	"$PROF" sched record -o sched.data -- sh -c "$LATE_DEMO 200" >/dev/null 2>&1 &&
	convert sched.data &&
	python3 "$CHECK" switches sched.data.json >sched.sw.got &&
	"$PROF" script -i sched.data -F tid,event,trace >sched.trace 2>/dev/null &&
	python3 "$CHECK" script-switches sched.trace >sched.sw.want &&
	test_cmp_nonempty sched.sw.want sched.sw.got &&
	python3 "$CHECK" runtime sched.data.json >sched.run &&
	"$PROF" sched timehist -s -i sched.data >sched.th 2>/dev/null &&
	python3 "$CTCHECK" timehist sched.th >sched.th.run &&
	"$PROF" script -i sched.data -F cpu,event,trace >sched.sw 2>/dev/null &&
	python3 "$CTCHECK" unpaired sched.sw >sched.unpaired &&
	python3 "$CTCHECK" same-runtime sched.run sched.th.run sched.unpaired &&
	demo=$("$PROF" script -i sched.data -F comm,tid 2>/dev/null | awk "\$1 == \"demo\" { print \$2; exit }") &&
	awk -v t="$demo" "\$1 == t && \$2 > 1 { ok = 1 } END { if (!ok) print \"no demo tid (\" t \") over 1 ms in sched.run\"; exit !ok }" sched.run &&
	"$PROF" script -i sched.data -F tid,event,ip,sym >sched.script 2>/dev/null &&
	python3 "$CHECK" script-stacks sched.script sched:sched_switch >sched.want &&
	python3 "$CHECK" stacks sched.data.json >sched.got &&
	test_cmp_nonempty sched.want sched.got &&
	python3 -c "
import json
d = json.load(open(\"sched.data.json\"))
cats = d[\"meta\"][\"categories\"]
n = 0
for t in d[\"threads\"]:
    for m in t[\"markers\"][\"data\"]:
        name, data = t[\"stringTable\"][m[0]], m[5]
        assert data[\"type\"] == \"SchedSwitch\" and cats[m[4]][\"name\"] == \"Scheduler\", m
        assert (name, m[3]) in ((\"Running\", 1), (\"Switched out\", 0)), m
        assert data[\"prevState\"] in \"RSDTtZXxKWP?\" and \"cpu\" in data and \"nextComm\" in data, m
        n += name == \"Running\"
assert n > 0
names = set((t[\"tid\"], t[\"name\"]) for t in d[\"threads\"])
assert ($demo, \"demo\") in names, names
"
'

test_expect_success PYTHON3,SYSWIDE,TRACEFS,LIBTRACEEVENT,PQ 'the Firefox Profiler: each thread'"'"'s sched markers' '
	pq_load sched.data.json sched &&
	pq thread list --session sched --json >sched.threads &&
	python3 -c "
import json, sys
for t in json.load(open(sys.argv[1]))[\"threads\"]:
    if t[\"markerCount\"]:
        print(t[\"tid\"], t[\"markerCount\"])
" sched.threads | sort -n >sched.pq &&
	test_cmp_nonempty sched.sw.want sched.pq &&
	pq_trees sched.data.json sched sched &&
	pq_stop sched
'

test_expect_success PYTHON3,PERF_EVENTS 'a JIT map: its frames in the JIT category' '
	"$PROF" record -q -e task-clock -g -o jit.data -- "$HELPERS/jit-grow" 0.4 keep \
		>/dev/null 2>&1 &&
	same_samples jit.data &&
	pid=$("$PROF" script -i jit.data -F pid 2>/dev/null | awk "{ print \$1; exit }") &&
	rm -f "/tmp/perf-$pid.map" &&
	grep -q "^[0-9]* jit_first;.*main;" jit.data.got &&
	python3 -c "
import json
d = json.load(open(\"jit.data.json\"))
cats = [c[\"name\"] for c in d[\"meta\"][\"categories\"]]
jit = set()
for t in d[\"threads\"]:
    for f in t[\"frameTable\"][\"data\"]:
        loc = t[\"stringTable\"][f[0]]
        if loc.startswith(\"jit_first \") or loc.startswith(\"jit_second \"):
            jit.add(cats[f[6]])
        if loc.startswith(\"main \"):
            assert cats[f[6]] == \"User\", loc
assert jit == {\"JIT\"}, jit
"
'

test_expect_success PYTHON3 'bad input: one line, non-zero, no file' '
	test_expect_code 255 "$PROF" data convert --to-firefox no.json -i missing.data 2>no.err &&
	test_line_count = 1 no.err &&
	grep -q "missing.data" no.err &&
	! test -e no.json &&
	echo "not a perf.data file" >text.data &&
	test_expect_code 255 "$PROF" data convert --to-firefox text.json.gz -i text.data 2>text.err &&
	test_line_count = 1 text.err &&
	! test -e text.json.gz &&
	test_expect_code 255 "$PROF" data convert --to-firefox a.json --to-pprof b.pb.gz \
		-i text.data 2>two.err &&
	grep -q "one output format at a time" two.err &&
	test_expect_code 255 "$PROF" data convert --to-json a.json --tid 1 -i text.data 2>json.err &&
	grep -q -- "--to-firefox" json.err
'

# no profiler-cli daemon outlives the tests
if test -f "$PQ_JS" && test -d "$PROFILER_CLI_SESSION_DIR"; then
	pq stop --all >/dev/null 2>&1
fi

test_done
