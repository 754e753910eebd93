#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof data convert --to-chrome-trace: the Trace Event Format, its samples those of prof script, its sched timelines those of sched timehist'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME
CHECK="$SRCDIR/tests/shell/chrome-trace-check.py"
DEMO="$HELPERS/demo"
# The demo, after a sleep: on an idle machine a workload that starts
# running before the events are on and is never preempted has no
# switch-in in the file (only its last switch-out), so no interval. The
# sleep's switch-in is recorded, and exec keeps the thread.
LATE_DEMO="sleep 0.1; exec \"$DEMO\""
B="$HELPERS/blockwork"

# Chrome DevTools' trace engine (the Performance panel's model), from its
# npm package, installed once beside the test helpers: a reader of the
# format that is not ours.
ENGINE_DIR=${TRACE_ENGINE_DIR:-$HELPERS/../trace-engine}
ENGINE=$ENGINE_DIR/node_modules/@paulirish/trace_engine
test_lazy_prereq TRACE_ENGINE '
	command -v node >/dev/null &&
	if ! test -f "$ENGINE/analyze-trace.mjs"; then
		mkdir -p "$ENGINE_DIR" &&
		npm install --no-audit --no-fund --prefix "$ENGINE_DIR" @paulirish/trace_engine@0.0.65
	fi &&
	test -f "$ENGINE/analyze-trace.mjs"
'

# engine_threads TRACE: DevTools' engine finds the threads, names and
# complete events of TRACE that the checker counts.
engine_threads() {
	python3 "$CHECK" threads "$1" >"$1.thr" &&
	node "$SRCDIR/tests/shell/chrome-trace-engine.mjs" "$ENGINE" "$1" >"$1.engine" &&
	test_cmp_nonempty "$1.thr" "$1.engine"
}

# trace DATA [ARGS]: DATA converted to DATA.json (stderr DATA.err), its
# structure checked (DATA.check: the numbers of events and frames).
trace() {
	_d=$1 && shift &&
	rm -f "$_d.json" &&
	"$PROF" data convert --to-chrome-trace "$_d.json" -i "$_d" "$@" 2>"$_d.err" &&
	python3 "$CHECK" check "$_d.json" >"$_d.check"
}

# same_samples DATA [ARGS]: DATA's instant events are prof script's
# samples (with ARGS, its filters), one for one: as many, and the leaf
# frame of each the symbol script shows, in order.
same_samples() {
	_d=$1 && shift &&
	trace "$_d" "$@" &&
	"$PROF" script -i "$_d" -F ip,sym -G "$@" >"$_d.script" 2>/dev/null &&
	echo "instants $(wc -l <"$_d.script")" >"$_d.want" &&
	grep "^instants " "$_d.check" >"$_d.got" &&
	test_cmp "$_d.want" "$_d.got" &&
	python3 "$CHECK" script-leaves "$_d.script" >"$_d.leaves.want" &&
	python3 "$CHECK" leaves "$_d.json" >"$_d.leaves" &&
	test_cmp_nonempty "$_d.leaves.want" "$_d.leaves"
}

test_expect_success PYTHON3,PERF_EVENTS 'cpu-clock -g: the samples are instants with script'"'"'s stacks, threads named' '
	"$PROF" record -q -e cpu-clock -F 4000 -g -o fp.data -- "$DEMO" 200 >/dev/null 2>&1 &&
	same_samples fp.data &&
	grep -qx "hot_loop" fp.data.leaves &&
	grep -q "^\[ perf data convert: Converted '"'"'fp.data'"'"' into chrome trace data '"'"'fp.data.json'"'"' \]$" \
		fp.data.err &&
	grep -qx "complete 0" fp.data.check &&
	"$PROF" script -i fp.data -F ip,sym >fp.chains 2>/dev/null &&
	python3 -c "
import json
d = json.load(open(\"fp.data.json\"))
ev, frames = d[\"traceEvents\"], d[\"stackFrames\"]
# the whole stacks: prof script -F ip,sym, a frame a line, callee first
want, cur = [], []
for line in list(open(\"fp.chains\")) + [\"\"]:
    f = line.split(None, 1)
    if f:
        cur.append(f[1].strip() if len(f) > 1 else \"[unknown]\")
    elif cur:
        want.append(cur)
        cur = []
got = []
for e in ev:
    if e[\"ph\"] == \"i\":
        s, k = [], e[\"sf\"]
        while k is not None:
            s.append(frames[str(k)][\"name\"])
            k = frames[str(k)].get(\"parent\")
        got.append(s)
assert got == want, (len(got), len(want))
# shared: fewer frames than the stacks have
assert len(frames) < sum(len(s) for s in got) / 4, len(frames)
m = [(e[\"name\"], e[\"args\"][\"name\"]) for e in ev if e[\"ph\"] == \"M\"]
assert (\"process_name\", \"demo\") in m and (\"thread_name\", \"demo\") in m, m
demo = [f for f in frames.values() if f[\"name\"] == \"hot_loop\"]
assert demo and all(f[\"category\"] == \"demo\" for f in demo), demo
i = [e for e in ev if e[\"ph\"] == \"i\"][0]
assert i[\"name\"] == \"cpu-clock\" and isinstance(i[\"ts\"], float), i
"
'

test_expect_success PYTHON3,PERF_EVENTS '--tid and --time keep what prof script keeps' '
	tid=$("$PROF" script -i fp.data -F comm,tid 2>/dev/null | awk "\$1 == \"demo\" { print \$2; exit }") &&
	test -n "$tid" &&
	same_samples fp.data --tid "$tid" &&
	cp fp.data half.data &&
	same_samples half.data --time 0%-50% &&
	test "$(wc -l <half.data.script)" -lt "$(wc -l <fp.data.script)"
'

test_expect_success PYTHON3,PERF_EVENTS 'pipe input: prof record -o - | prof data convert -i -' '
	"$PROF" record -q -e cpu-clock -F 2000 -g -o - -- "$DEMO" 100 2>/dev/null >pipe.data &&
	"$PROF" data convert --to-chrome-trace pipe.json -i - <pipe.data 2>pipe.err &&
	python3 "$CHECK" check pipe.json >pipe.check &&
	"$PROF" script -i pipe.data -F pid -G >pipe.script 2>/dev/null &&
	echo "instants $(wc -l <pipe.script)" >pipe.want &&
	grep "^instants " pipe.check >pipe.got &&
	test_cmp pipe.want pipe.got &&
	test "$(wc -l <pipe.script)" -gt 0 &&
	"$PROF" record -q -e cpu-clock -F 2000 -g -o - -- "$DEMO" 50 2>/dev/null |
		"$PROF" data convert --to-chrome-trace pipe2.json -i - 2>pipe2.err &&
	python3 "$CHECK" check pipe2.json >pipe2.check &&
	grep -q "^instants [1-9]" pipe2.check
'

# A sched_switch sample ends the running interval of the task it switches
# out; it began at the CPU's switch before, which switched that task in:
# that is how perf sched timehist counts run time, so the intervals of a
# thread sum to its timehist run-time. timehist prints milliseconds cut
# (not rounded) to three decimals, so it is at most 0.001 ms below the
# exact sum; the checker allows 0.0015 ms a thread for that and the sum
# of floats. A thread on one side only counts 0 on the other (timehist
# lists a task whose only switch came first on its CPU, with run time 0).
# timehist takes the CPU's switch before without asking whom it switched
# in: when a switch is missing from the file (seen on a busy machine: a
# task switched in, then another switched out), it charges the gap to the
# task switched out, where the converter, not knowing when that task came
# in, gives no interval. Those tasks (the checker's "unpaired", from the
# switches prof script prints) may only have less than timehist says;
# same-runtime fails when no thread is left to compare exactly.
test_expect_success PYTHON3,SYSWIDE,TRACEFS,LIBTRACEEVENT 'sched record: running intervals per thread sum to timehist'"'"'s run time' '
	"$PROF" sched record -o sched.data -- sh -c "$LATE_DEMO 200" >/dev/null 2>&1 &&
	trace sched.data &&
	grep -q "^complete [1-9]" sched.data.check &&
	python3 "$CHECK" runtime sched.data.json >sched.run &&
	"$PROF" sched timehist -s -i sched.data >sched.th 2>/dev/null &&
	python3 "$CHECK" timehist sched.th >sched.th.run &&
	"$PROF" script -i sched.data -F cpu,event,trace >sched.sw 2>/dev/null &&
	python3 "$CHECK" unpaired sched.sw >sched.unpaired &&
	python3 "$CHECK" same-runtime sched.run sched.th.run sched.unpaired &&
	demo=$("$PROF" script -i sched.data -F comm,tid 2>/dev/null | awk "\$1 == \"demo\" { print \$2; exit }") &&
	awk -v t="$demo" "\$1 == t && \$2 > 1 { ok = 1 } END { exit !ok }" sched.run &&
	python3 -c "
import json
d = json.load(open(\"sched.data.json\"))
x = [e for e in d[\"traceEvents\"] if e[\"ph\"] == \"X\"]
assert all(e[\"name\"] == \"running\" and e[\"cat\"] == \"sched\" and e[\"tid\"] != 0 for e in x)
assert all(\"cpu\" in e[\"args\"] and e[\"args\"][\"state\"] in \"RSDTtZXxKWP?\" for e in x)
names = set((e[\"tid\"], e[\"args\"][\"name\"]) for e in d[\"traceEvents\"] if e[\"name\"] == \"thread_name\")
assert ($demo, \"demo\") in names, names
"
'

test_expect_success PYTHON3,PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT 'sched record: the run time of perf sched timehist too' '
	"$PERF" sched timehist -s -i sched.data >sched.pth 2>/dev/null &&
	python3 "$CHECK" timehist sched.pth >sched.pth.run &&
	python3 "$CHECK" same-runtime sched.run sched.pth.run sched.unpaired
'

# A per-task recording has the task's switch-outs only (the tracepoint
# fires in the task switched out): when it ran again is not in the file,
# and the CPU's switch before is the task's own previous switch-out. (One
# of its threads switched in by another has its interval: that switch is
# in the file.)
test_expect_success PYTHON3,ROOT,TRACEFS,LIBTRACEEVENT 'record -e sched:sched_switch: -a gives intervals; per task, fewer and a warning' '
	"$PROF" record -a -e sched:sched_switch -o sw.data -- sh -c "$LATE_DEMO 100" >/dev/null 2>&1 &&
	trace sw.data &&
	python3 "$CHECK" runtime sw.data.json >sw.run &&
	demo=$("$PROF" script -i sw.data -F comm,tid 2>/dev/null | awk "\$1 == \"demo\" { print \$2; exit }") &&
	test -n "$demo" &&
	awk -v t="$demo" "\$1 == t { ok = 1 } END { exit !ok }" sw.run &&
	"$PROF" record -e sched:sched_switch -o task.data -- "$B" 100 >/dev/null 2>&1 &&
	trace task.data &&
	"$PROF" script -i task.data -F event 2>/dev/null | grep -c sched_switch >task.n &&
	sed -n "s/^complete //p" task.data.check >task.x &&
	test "$(cat task.x)" -lt "$(cat task.n)" &&
	grep -q "^[1-9][0-9]* sched_switch samples switch out a task whose switch-in is not in the file" \
		task.data.err
'

test_expect_success PYTHON3,ROOT,TRACEFS 'record --off-cpu: each block a complete event with its stack, ending at its sample' '
	"$PROF" record --off-cpu --off-cpu-thresh 0 -e cpu-clock -F 1000 -g -o off.data -- "$B" 200 \
		>/dev/null 2>&1 &&
	trace off.data &&
	python3 "$CHECK" stacks off.data.json off-cpu >off.got &&
	"$PROF" script -i off.data -F tid,period,event,ip,sym >off.script 2>/dev/null &&
	python3 "$CHECK" script-stacks off.script offcpu-time >off.want &&
	test_cmp_nonempty off.want off.got &&
	grep -q ";sleeper;main;" off.got &&
	grep -q ";anon_pipe_read;.*;main;" off.got &&
	"$PROF" script -i off.data -F event >off.events 2>/dev/null &&
	echo "instants $(grep -c -v offcpu-time off.events)" >off.want.n &&
	grep "^instants " off.data.check >off.got.n &&
	test_cmp off.want.n off.got.n &&
	"$PROF" script -i off.data -F time,period,event 2>/dev/null | awk "/offcpu-time/ { print \$1 }" |
		tr -d : >off.times &&
	python3 -c "
import json
d = json.load(open(\"off.data.json\"))
ends = [\"%.6f\" % ((e[\"ts\"] + e[\"dur\"]) / 1e6) for e in d[\"traceEvents\"] if e.get(\"cat\") == \"off-cpu\"]
want = [l.strip() for l in open(\"off.times\")]
# the same microsecond: script cuts the time, the floats may land just below
bad = [(a, b) for a, b in zip(ends, want) if abs(float(a) - float(b)) > 1.5e-6]
assert len(ends) == len(want) and not bad, (len(ends), len(want), bad[:3])
"
'

test_expect_success PYTHON3,SYSWIDE,TRACEFS,LIBTRACEEVENT,TRACE_ENGINE 'Chrome DevTools'"'"' trace engine reads the sched timelines' '
	engine_threads sched.data.json &&
	grep -q " demo [1-9]" sched.data.json.engine
'

test_expect_success PYTHON3,ROOT,TRACEFS,TRACE_ENGINE 'Chrome DevTools'"'"' trace engine reads the off-CPU timelines' '
	engine_threads off.data.json &&
	grep -q " blockwork [1-9]" off.data.json.engine
'

test_expect_success PYTHON3,ROOT,TRACEFS 'record --off-cpu: summed short blocks have no time, left out with a warning' '
	"$PROF" record --off-cpu -e cpu-clock -F 1000 -g -o sum.data -- "$B" 100 >/dev/null 2>&1 &&
	trace sum.data &&
	grep -qx "complete 0" sum.data.check &&
	grep -q "^[1-9][0-9]* offcpu-time samples sum blocks shorter than --off-cpu-thresh" \
		sum.data.err
'

test_expect_success PYTHON3 'bad input: one line, non-zero, no file' '
	test_expect_code 255 "$PROF" data convert --to-chrome-trace no.json -i missing.data 2>no.err &&
	test_line_count = 1 no.err &&
	grep -q "missing.data" no.err &&
	! test -e no.json &&
	echo "not a perf.data file" >text.data &&
	test_expect_code 255 "$PROF" data convert --to-chrome-trace text.json -i text.data 2>text.err &&
	test_line_count = 1 text.err &&
	! test -e text.json &&
	test_expect_code 255 "$PROF" data convert --to-chrome-trace a.json --to-speedscope b.json \
		-i text.data 2>two.err &&
	grep -q "one output format at a time" two.err
'

test_done
