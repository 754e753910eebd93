#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='command-line errors: perf'\''s message and exit status (perf 6.1 on this machine is the oracle)'
. "$(dirname "$0")/test-lib.sh"

# run TOOL ARGS...: TOOL's (perf or prof) exit status in TOOL.rc, stdout
# in TOOL.out, stderr in TOOL.err; a hang ends after 20 s (status 124).
run() {
	_t=$1 && shift &&
	if [ "$_t" = perf ]; then _cmd=$PERF; else _cmd=$PROF; fi &&
	if timeout 20 "$_cmd" "$@" >"$_t.out" 2>"$_t.err"; then echo 0; else echo $?; fi >"$_t.rc"
}

# same_failure ARGS...: prof ARGS fails as perf ARGS does: same non-zero
# exit status, same first line on stderr.
same_failure() {
	run perf "$@" && run prof "$@" &&
	test_cmp perf.rc prof.rc &&
	test "$(cat prof.rc)" != 0 &&
	head -n 1 perf.err >perf.first && head -n 1 prof.err >prof.first &&
	test -s perf.first && test_cmp perf.first prof.first
}

# same_usage_error ARGS...: prof ARGS refuses as perf does, stderr (up to
# the option's usage) the same but for the program's name.
same_usage_error() {
	run perf "$@" && run prof "$@" &&
	test_cmp perf.rc prof.rc &&
	sed -n "1,/Usage:/{s/perf/P/g;p;}" perf.err >perf.head &&
	sed -n "1,/Usage:/{s/prof/P/g;p;}" prof.err >prof.head &&
	grep -q Usage: perf.head && test_cmp perf.head prof.head
}

test_expect_success PERF '-q of record and report hides the errors perf hides, same exit status' '
	for args in "record -q -o /nonexistent/q.data -- true" \
		    "record -q --vmlinux /nonexistent -o q.data -- true" \
		    "report -q -i nonexistent.data --stdio" \
		    "report -q -i /dev/null --stdio"; do
		run perf $args && run prof $args &&
		test_cmp perf.rc prof.rc && test "$(cat prof.rc)" != 0 &&
		test_must_be_empty perf.err && test_must_be_empty prof.err || return 1
	done
'

test_expect_success PERF 'stat has --quiet but no -q, as perf 6.1' '
	same_usage_error stat -q -- true &&
	test_cmp perf.rc prof.rc && test "$(cat prof.rc)" = 129
'

# An option callback that says why it failed ends its message with a
# blank line before perf's usage; a value of the wrong type does not.
test_expect_success PERF 'option callback errors: message, blank line, usage, as perf' '
	same_usage_error record -m x -o m.data -- true &&
	same_usage_error record --call-graph bogus -o m.data -- true &&
	same_usage_error record --call-graph dwarf,99999999 -o m.data -- true &&
	same_usage_error record --call-graph dwarf,x -o m.data -- true &&
	same_usage_error record -c x -o m.data -- true &&
	same_usage_error top -m x &&
	same_usage_error top --call-graph bogus &&
	same_usage_error top --call-graph dwarf,99999999 &&
	same_usage_error top --call-graph dwarf,x &&
	same_usage_error top --call-graph graph,x &&
	same_usage_error top --call-graph caller,bogus &&
	same_usage_error stat -I x -- true &&
	sed -n 2p prof.err | grep -q "^ Usage: prof stat" &&
	same_usage_error record -m x -o m.data -- true &&
	test -z "$(sed -n 2p prof.err)"
'

test_expect_success PERF 'record/top -F 0, -F abc, -F with -c: refused as perf refuses them' '
	same_failure record -F 0 -o f.data -- true &&
	same_failure record -F abc -o f.data -- true &&
	same_failure record -F 10 -c 10 -o f.data -- true &&
	same_failure top --stdio -F 0 &&
	same_failure top --stdio -F abc &&
	same_failure top --stdio -F 10 -c 10
'

test_expect_success PERF,PERF_EVENTS 'record -c 0 samples at the default frequency, as perf' '
	run perf record -c 0 -o c0p.data -- true && run prof record -c 0 -o c0.data -- true &&
	test_cmp perf.rc prof.rc &&
	perf evlist -v -i c0.data | grep -q "sample_freq }: 4000" &&
	perf evlist -v -i c0p.data | grep -q "sample_freq }: 4000"
'

test_expect_success PERF,PERF_EVENTS 'record -m: rounded up to a power of two with perf'\''s notice' '
	for m in 3 3,5 0 12K; do
		run perf record -m $m -o mp.data -- true &&
		run prof record -m $m -o m.data -- true &&
		test_cmp perf.rc prof.rc && test "$(cat prof.rc)" = 0 &&
		grep "^rounding" perf.err >expect && grep "^rounding" prof.err >actual &&
		test_cmp expect actual || return 1
	done &&
	same_failure record -m abc -o m.data -- true &&
	test_expect_code 129 "$PROF" top --stdio -m abc 2>err &&
	grep -q "^Invalid argument for --mmap_pages/-m$" err
'

# said_as_perf ARGS...: prof ARGS fails, and says what perf says (its
# message line, past perf's "Error:" line)
said_as_perf() {
	run perf "$@" && run prof "$@" &&
	test "$(cat perf.rc)" != 0 && test "$(cat prof.rc)" != 0 &&
	same_message
}

# same_message: the first line of perf.err past "Error:" is prof.err's first.
same_message() {
	grep -v "^Error:$" perf.err | head -n 1 >perf.first &&
	test -s perf.first && grep -v "^Error:$" prof.err | head -n 1 >prof.first &&
	test_cmp perf.first prof.first
}

# above PID_MAX_LIMIT: no such task on any Linux
test_expect_success PERF 'record/top -p PID that does not exist: No such process, as perf' '
	nopid=4194305 &&
	said_as_perf record -p $nopid -o p.data &&
	grep -q "No such process" prof.err &&
	said_as_perf top --stdio -p $nopid &&
	said_as_perf record -p abc -o p.data
'

test_expect_success 'record/top -t TID that does not exist: No such process' '
	nopid=4194305 &&
	test_must_fail "$PROF" record -t $nopid -o t.data 2>err &&
	grep -q "^Couldn.t create thread/CPU maps: No such process$" err &&
	test_must_fail "$PROF" top --stdio -t $nopid 2>err &&
	grep -q "^Couldn.t create thread/CPU maps: No such process$" err
'

test_expect_success PERF,PERF_EVENTS 'report -F/--sort and top --fields: the option named as perf names it' '
	"$PROF" record -q -o r.data -- true &&
	for args in "-F bogus" "-F +bogus" "--sort bogus" "--sort bogus -F bogus2"; do
		run perf report -i r.data --stdio $args &&
		run prof report -i r.data --stdio $args &&
		test "$(cat prof.rc)" != 0 && same_message || return 1
	done &&
	run perf top --stdio --fields bogus -p 1 && run prof top --stdio --fields bogus -p 1 &&
	test "$(cat prof.rc)" != 0 && same_message
'

# a CPU this machine does not have online (possible ones may be offline)
nocpu=$(($(getconf _NPROCESSORS_CONF) + 1))

test_expect_success PERF_EVENTS 'record/top/stat -C with a CPU that is not online: the CPU list is named' '
	test_must_fail "$PROF" record -C $nocpu -e cpu-clock -o c.data -- true 2>err &&
	grep -q "^CPU $nocpu is not online (online CPUs: " err && test_line_count = 1 err &&
	test_must_fail "$PROF" record -C 0,$nocpu -o c.data -- true 2>err &&
	grep -q "^CPU $nocpu is not online (online CPUs: " err && test_line_count = 1 err &&
	test_must_fail "$PROF" top --stdio -C $nocpu 2>err &&
	grep -q "^CPU $nocpu is not online (online CPUs: " err &&
	test_must_fail "$PROF" stat -C $nocpu -e cpu-clock -- true 2>err &&
	grep -q "^CPU $nocpu is not online (online CPUs: " err && test_line_count = 1 err
'

test_expect_success PERF 'record/top -C abc: a usage error, as perf record' '
	run perf record -C abc -o c.data -- true && run prof record -C abc -o c.data -- true &&
	test_cmp perf.rc prof.rc && test "$(cat prof.rc)" = 129 &&
	grep -q "^ Usage: prof record" prof.err && grep -q "cpu list .abc." prof.err &&
	test_expect_code 129 "$PROF" top --stdio -C abc 2>err &&
	grep -q "^ Usage: prof top" err
'

test_expect_success PERF,PERF_EVENTS 'report --percent-limit abc: read as perf reads it (0)' '
	"$PROF" record -q -o pl.data -- "$HELPERS/demo" 50 &&
	run perf report -i pl.data --stdio --percent-limit abc &&
	run prof report -i pl.data --stdio --percent-limit abc &&
	test_cmp perf.rc prof.rc &&
	"$PROF" report -i pl.data --stdio --percent-limit 0 | grep -v "^# (Tip" >zero.out &&
	grep -v "^# (Tip" prof.out >abc.out && test_cmp zero.out abc.out &&
	"$PROF" report -i pl.data --stdio --percent-limit 5% | grep -v "^# (Tip" >pc.out &&
	"$PROF" report -i pl.data --stdio --percent-limit 5 | grep -v "^# (Tip" >five.out &&
	test_cmp five.out pc.out
'

test_expect_success PERF 'report -i: a missing, empty or non-perf file in perf'\''s words' '
	: >empty.data &&
	echo "not a perf.data file at all, just some text" >text.data &&
	head -c 100 r.data >short.data &&
	for f in missing.data empty.data text.data short.data; do
		same_failure report -i $f --stdio &&
		same_failure report -i $f --header-only || return 1
	done &&
	test_expect_code 255 "$PROF" report -v -i text.data --stdio 2>err &&
	grep -q "^text.data: offset 0x0: not a perf.data file (bad magic)$" err
'

# perf adds a hint when the default perf.data is missing, in its words
test_expect_success PERF 'report without perf.data: try record first' '
	mkdir -p none && (cd none &&
	test_expect_code 255 "$PROF" report --stdio 2>../prof.err &&
	test_expect_code 255 "$PERF" report --stdio 2>../perf.err) &&
	sed "s/perf record/prof record/" perf.err >expect &&
	test_cmp expect prof.err &&
	grep -q "(try .prof record. first)\$" prof.err
'

test_expect_success 'report -i DIRECTORY: "failed to open", as perf' '
	mkdir -p dir.data &&
	test_expect_code 255 "$PROF" report -i dir.data --stdio 2>err &&
	echo "failed to open dir.data: Is a directory" >expect &&
	test_cmp expect err
'

test_expect_success PERF,ROOT 'report -i: a file of another user is refused as perf refuses it; -f reads it' '
	cp r.data other.data && chown nobody other.data &&
	same_failure report -i other.data --stdio &&
	same_failure report -i other.data --header-only &&
	"$PROF" report -f -i other.data --stdio >out 2>err &&
	grep -q "^# Samples" out &&
	"$PROF" report -i - --stdio <other.data >out &&
	grep -q "^# Samples" out
'

test_expect_success PERF 'record -f: refused as perf 6.1 refuses it' '
	same_failure record -f -o f.data -- true
'

test_done
