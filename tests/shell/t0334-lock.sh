#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='lock: record, contention, report, info and script as perf 6.1 lock'
. "$(dirname "$0")/test-lib.sh"

test_lazy_prereq LOCK_TP '
	test -d /sys/kernel/tracing/events/lock/contention_begin ||
	test -d /sys/kernel/debug/tracing/events/lock/contention_begin
'

# perf lock prints everything on standard error; "both FILE ARGS" runs
# perf lock -i FILE ARGS and prof's, and compares their standard error and
# exit status; the output must name at least one lock (a type or "Name").
both() {
	_f=$1 &&
	shift &&
	{ "$PERF" lock -i "$_f" "$@" >/dev/null 2>perf.err; echo "exit $?" >>perf.err; } &&
	{ "$PROF" lock -i "$_f" "$@" >/dev/null 2>prof.err; echo "exit $?" >>prof.err; } &&
	test_cmp_nonempty perf.err prof.err
}
# entries: the output compared has lines of data, not just a header
entries() {
	grep -v -E "^exit |^$|Name|caller$|comm$|^Thread ID|^Address of instance" perf.err >data &&
	test $(wc -l <data) -gt 0
}
# every option of contention, report and info on FILE, as perf's
compare_all() {
	for o in "" "-k contended" "-k wait_total" "-k wait_max" "-k wait_min" "-k avg_wait" \
		"-F contended" "-F wait_min,contended,avg_wait" "-F avg_wait -k contended" \
		"-t" "-t -k contended" "--threads -F contended,wait_max" \
		"-E 2" "--entries 1" "-E 0" "--stack-skip 0" "--stack-skip 1" "--stack-skip 6" \
		"--max-stack 4" "--max-stack 0" "--max-stack 20 --stack-skip 2" "-q" "--quiet -t" \
		"-a" "-C 0" "-p 1" "--tid 1" "--map-nr-entries 100" "-f"; do
		both "$1" contention $o && entries || { echo "contention $o"; return 1; }
	done &&
	for o in "" "-k contended" "-k wait_total" "-k wait_max" "-k wait_min" "-k avg_wait" \
		"-k acquired" "-F contended" "-F acquired,wait_min -k avg_wait" "-t" "-t -k wait_max" \
		"-c" "--combine-locks -k contended" "-c -t" "-E 1" "--entries 2 -c" "-q"; do
		both "$1" report $o && entries || { echo "report $o"; return 1; }
	done &&
	for o in "-t" "--threads" "-m" "--map" "-t -m"; do
		both "$1" info $o && entries || { echo "info $o"; return 1; }
	done &&
	both "$1" -q contention -E 3 &&
	both "$1" contention -k foo &&
	both "$1" report -F acquired,foo &&
	both "$1" info
}

test_expect_success PERF,ROOT,LOCK_TP 'perf lock record and prof lock record of a contending workload' '
	"$PERF" lock record -o perf.data -- "$HELPERS/lock-contend" 400 >/dev/null 2>&1 &&
	"$PROF" lock record -o prof.data -- "$HELPERS/lock-contend" 400 >/dev/null 2>&1 &&
	"$PERF" evlist -v -i perf.data >perf.ev &&
	"$PERF" evlist -v -i prof.data >prof.ev &&
	test_cmp_nonempty perf.ev prof.ev &&
	grep -q "^lock:contention_begin: .*sample_max_stack: 8" prof.ev
'

test_expect_success PERF,ROOT,LOCK_TP 'contention, report and info of perf lock record'\''s file: perf'\''s lines' '
	compare_all perf.data
'

test_expect_success PERF,ROOT,LOCK_TP 'contention, report and info of prof lock record'\''s file: perf'\''s lines' '
	compare_all prof.data
'

test_expect_success PERF,ROOT,LOCK_TP 'system-wide (-a) recordings of both, with kernel threads' '
	"$PERF" lock record -a -o perf-a.data -- "$HELPERS/lock-contend" 200 >/dev/null 2>&1 &&
	"$PROF" lock record -a -o prof-a.data -- "$HELPERS/lock-contend" 200 >/dev/null 2>&1 &&
	for f in perf-a.data prof-a.data; do
		for o in "" "-k contended" "-t" "--stack-skip 0"; do
			both $f contention $o && entries || { echo "$f contention $o"; return 1; }
		done &&
		both $f report -c && entries &&
		both $f info -m || return 1
	done
'

test_expect_success PERF,ROOT,LOCK_TP 'contention -v: each caller'\''s first call stack, as perf' '
	tabs=$(printf "\t\t\t") &&
	for f in perf.data prof.data; do
		for c in contention report; do
			"$PERF" lock -i $f $c -v 2>perf.all >/dev/null &&
			"$PROF" lock -i $f $c -v 2>prof.all >/dev/null &&
			sed -n "/contended/,\$p" perf.all >perf.err &&
			sed -n "/contended/,\$p" prof.all >prof.err &&
			test_cmp_nonempty perf.err prof.err &&
			grep -q "=== output for debug===" prof.err || return 1
		done &&
		"$PROF" lock -i $f contention -v 2>prof.err &&
		grep -q "^${tabs}0xffffffff[0-9a-f]*  [a-z_]" prof.err || return 1
	done
'

test_expect_success PERF,ROOT,LOCK_TP 'script is prof script, -i before or after it' '
	"$PROF" lock script -i prof.data >lock.script &&
	"$PROF" script -i prof.data >plain.script &&
	test_cmp_nonempty plain.script lock.script &&
	"$PROF" lock -i prof.data script >lock2.script &&
	test_cmp lock.script lock2.script &&
	"$PERF" lock script -i perf.data >perf.script &&
	"$PROF" lock script -i perf.data >prof.script &&
	test_cmp_nonempty perf.script prof.script
'

# perf lock -D: the raw dump on standard output, the table still printed
test_expect_success PERF,ROOT,LOCK_TP '-D: the raw dump of report, contention, info and script, as perf' '
	for f in perf.data prof.data; do
		for c in "-D report" "-D contention" "-D info" "-D info -t" "-D report -c" \
			"--dump-raw-trace contention -t" "-D script" "-D script -F comm,tid"; do
			{ "$PERF" lock -i $f $c >perf.out 2>perf.err; echo "exit $?" >>perf.err; } &&
			{ "$PROF" lock -i $f $c >prof.out 2>prof.err; echo "exit $?" >>prof.err; } &&
			test_cmp_nonempty perf.out prof.out &&
			test_cmp perf.err prof.err &&
			grep -q "PERF_RECORD_SAMPLE" prof.out || { echo "$f $c"; return 1; }
		done || return 1
	done &&
	"$PROF" lock -i prof.data report -D >after.out 2>/dev/null &&
	"$PROF" lock -i prof.data -D report >before.out 2>/dev/null &&
	test_cmp_nonempty before.out after.out &&
	grep -q "PERF_RECORD_MMAP2.*: unhandled!" before.out &&
	! grep -q "PERF_RECORD_COMM.*: unhandled!" before.out
'

# perf 6.1 lock on a pipe (-i -): report, contention and info look for
# their tracepoints before reading any event, find none and refuse (exit
# 234), -D or not; lock script (prof script) reads the pipe and -D dumps it
test_expect_success PERF,ROOT,LOCK_TP '-D on a pipe: report, contention, info refused as perf, script dumped as perf' '
	"$PERF" lock record -o - -- "$HELPERS/lock-contend" 400 2>/dev/null >perf.pipe &&
	"$PROF" lock record -o - -- "$HELPERS/lock-contend" 400 2>/dev/null >prof.pipe &&
	for f in perf.pipe prof.pipe; do
		for c in "-D report" "-D contention" "-D info" "-D info -t" "-D report -c" \
			"--dump-raw-trace contention -t" "report"; do
			{ "$PERF" lock -i - $c <$f >perf.out 2>perf.err; echo "exit $?" >>perf.err; } &&
			{ "$PROF" lock -i - $c <$f >prof.out 2>prof.err; echo "exit $?" >>prof.err; } &&
			test_cmp perf.out prof.out &&
			test_cmp perf.err prof.err &&
			test_line_count = 0 prof.out &&
			printf "%s\n" "No trace sample to read. Did you call '"'"'perf lock record'"'"'?" \
				"exit 234" >expect &&
			test_cmp expect prof.err || { echo "$f $c"; return 1; }
		done &&
		"$PERF" lock -D script -i - <$f >perf.out 2>perf.err &&
		"$PROF" lock -D script -i - <$f >prof.out 2>prof.err &&
		test_cmp_nonempty perf.out prof.out &&
		test_cmp perf.err prof.err &&
		grep -q "PERF_RECORD_SAMPLE" prof.out || { echo "$f -D script"; return 1; }
	done
'

test_expect_success PERF,ROOT,LOCK_TP 'bad input: perf'\''s messages and exit statuses, one line each' '
	"$PERF" record -q -o tc.data -e task-clock -- "$HELPERS/demo" 5 >/dev/null 2>&1 &&
	"$PERF" record -q -R -o sw.data -e sched:sched_switch -- "$HELPERS/demo" 5 >/dev/null 2>&1 &&
	both tc.data contention && grep -q "^No trace sample to read" prof.err &&
	both tc.data report && both tc.data info -t &&
	both sw.data contention && grep -q "^lock contention evsel not found$" prof.err &&
	both sw.data report && both sw.data info -m &&
	echo garbage >garbage.data &&
	for f in garbage.data missing.data; do
		test_expect_code 255 "$PROF" lock -i $f contention 2>err &&
		test_line_count = 1 err || return 1
	done &&
	grep -q "^failed to open missing.data: No such file or directory$" err
'

test_expect_success PERF 'the options perf refuses, refused alike' '
	for o in -b --use-bpf --no-use-bpf "--map-nr-entries x" "-E x" "--foo"; do
		{ "$PERF" lock contention $o >/dev/null 2>perf.err; echo "exit $?" >>perf.err; } &&
		{ "$PROF" lock contention $o >/dev/null 2>prof.err; echo "exit $?" >>prof.err; } &&
		sed "s/perf lock/prof lock/" perf.err >perf.want &&
		test_cmp_nonempty perf.want prof.err || { echo "contention $o"; return 1; }
	done &&
	test_expect_code 129 "$PROF" lock contention -h >help 2>&1 &&
	grep -q "^ *(not built-in because no BUILD_BPF_SKEL=1)$" help
'

# perf's own test, with prof in perf's place: it passes when "perf lock
# record" fails too (set -e ends it with its error count, 0), so the
# second test's line proves the first ran, and a perf whose contention
# prints nothing must make it fail.
test_expect_success PERF,ROOT,LOCK_TP 'perf'\''s lock_contention.sh with prof as perf' '
	test -f /usr/lib/perf-core/tests/shell/lock_contention.sh &&
	mkdir -p bin &&
	ln -sf "$PROF" bin/perf &&
	# its workload contends on kernel locks only when its tasks overlap,
	# which a loaded two-CPU machine may not give once: three tries
	for try in 1 2 3; do
		lc_rc=0 &&
		{ PATH="$TRASH/bin:$PATH" sh /usr/lib/perf-core/tests/shell/lock_contention.sh \
			>lc.out 2>&1 || lc_rc=$?; } &&
		test "$lc_rc" = 0 && break
	done &&
	test "$lc_rc" = 0 &&
	grep -q "^Testing perf lock contention --use-bpf" lc.out &&
	mkdir -p mute &&
	printf "#!/bin/sh\ncase \"\$1 \$2\" in \"lock contention\") exec \"%s\" \"\$@\" 2>/dev/null ;; esac\nexec \"%s\" \"\$@\"\n" \
		"$PROF" "$PROF" >mute/perf &&
	chmod +x mute/perf &&
	test_expect_code 1 env PATH="$TRASH/mute:$PATH" sh /usr/lib/perf-core/tests/shell/lock_contention.sh >mute.out 2>&1 &&
	grep -q "Recorded result count is not 1: 0" mute.out
'

test_done
