#!/bin/sh
test_description='-e event strings end to end through prof stat, perf as the oracle'
. "$(dirname "$0")/test-lib.sh"

# The parser itself is covered by the t0101..t0103 unit tests; this file
# checks what a user sees from the command line, so it needs prof stat.
"$PROF" --list-cmds 2>/dev/null | tr ' ' '\n' | grep -qx stat ||
	skip_all 'prof has no stat command yet'

# The whole of stderr, perf renamed: the error box, the blank line and the
# usage of -e that follow it.
error_box() {
	sed "s/perf list/prof list/; s/^ Usage: perf / Usage: prof /" "$1"
}

for ev in foo 'cpu-clock:x' 'sched:nope' '{a' ',cpu-clock' 'cpu-clock,' \
	'task-clock:uuu' 'cpu/event=1/' 'cpu-clock/foo/' 'msr/tsc/:u' \
	'cpu-clock/name=foo/:u' 'nosys*:foo'
do
	test_expect_success PERF "bad event '$ev': perf's error box and exit 129" "
		test_expect_code 129 \$PERF stat -e '$ev' true 2>perf.err &&
		test_expect_code 129 \"\$PROF\" stat -e '$ev' true 2>prof.err &&
		error_box perf.err >want &&
		error_box prof.err >got &&
		test_cmp want got
	"
done

test_expect_success 'a bad event names the token without perf too' '
	test_expect_code 129 "$PROF" stat -e cpu-clock:x true 2>err &&
	grep -q "^event syntax error: .cpu-clock:x.$" err &&
	grep -q "^                              \\\\___ parser error$" err &&
	grep -q "^Run .prof list. for a list of valid events$" err
'

# The event column of "stat -x," is evsel__name().
for ev in cpu-clock cpu-clock:u task-clock:k cs faults dummy duration_time \
	'cpu-clock:ppp' 'cpu-clock:G' '{cpu-clock,task-clock}:u' \
	'cpu-clock/name=foo/' 'cpu-clock/period=1000/u' r1a8 cycles \
	L1-dcache-load-misses l1d-loads:u 'mem:0x1000/8:rw' '1:0:u'
do
	test_expect_success PERF,PERF_EVENTS "stat -e '$ev' names events as perf does" "
		\$PERF stat -x, -e '$ev' true 2>perf.out &&
		\"\$PROF\" stat -x, -e '$ev' true 2>prof.out &&
		cut -d, -f3 perf.out >want &&
		cut -d, -f3 prof.out >got &&
		test_cmp want got
	"
done

test_expect_success PERF,PERF_EVENTS,TRACEFS 'tracepoint names and globs' '
	$PERF stat -x, -e "sched:sched_switch,sched:sched_sw*" true 2>perf.out &&
	"$PROF" stat -x, -e "sched:sched_switch,sched:sched_sw*" true 2>prof.out &&
	cut -d, -f3 perf.out >want &&
	cut -d, -f3 prof.out >got &&
	test_cmp want got
'

# Without tracefs mounted (a fresh boot without systemd's mount, a
# container), perf mounts it when it may; so does prof. Otherwise the
# error says to mount it, not that the kernel lacks a CONFIG_ option.
# In a private mount namespace, with tracefs and debugfs's tracing gone.
test_expect_success ROOT,UNSHARE,TRACEFS 'tracefs not mounted: prof mounts it as perf does' '
	cat >bare.sh <<-\EOF &&
	umount /sys/kernel/tracing 2>/dev/null
	umount /sys/kernel/debug/tracing 2>/dev/null
	if mountpoint -q /sys/kernel/debug; then
		mount -t tmpfs none /sys/kernel/debug || exit 1
	fi
	test -e /sys/kernel/tracing/events && exit 1
	exec "$@"
	EOF
	unshare -m sh bare.sh sh -c "\"\$0\" stat -x, -e sched:sched_switch -- true 2>out &&
		grep -q \" /sys/kernel/tracing tracefs \" /proc/mounts" "$PROF" &&
	grep -q "^[0-9]*,,sched:sched_switch," out
'
test_expect_success ROOT,UNSHARE,SETPRIV,TRACEFS 'tracefs not mounted, not root: the error says to mount it' '
	test_expect_code 129 unshare -m sh bare.sh \
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$PROF" stat -e sched:sched_switch -- true 2>err &&
	grep -q "^Error:	File /sys/kernel/tracing/events/sched/sched_switch not found.$" err &&
	grep -q "^Hint:	tracefs is not mounted: as root, .mount -t tracefs nodev /sys/kernel/tracing.\.$" err
'

test_done
