#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof daemon runs record sessions as perf 6.1 daemon does'
. "$(dirname "$0")/test-lib.sh"

HOME="$TRASH/home"
PERF_CONFIG_NOSYSTEM=1
export HOME PERF_CONFIG_NOSYSTEM
mkdir -p "$HOME"

# conf FILE BASE [NAME=RUN...]: a daemon config file with those sessions.
conf() {
	_f=$1 &&
	printf "[daemon]\nbase=%s\n" "$2" >"$_f.new" &&
	shift 2 &&
	for s in "$@"; do
		printf "\n[session-%s]\nrun = %s\n" "${s%%=*}" "${s#*=}" >>"$_f.new" || return 1
	done &&
	cp "$_f.new" "$_f"	# rewritten in place, as perf's daemon watches for (cp, an editor)
}

# wait_ping TOOL CONFIG SESSION STATE: until ping says STATE (60 s at most).
wait_ping() {
	_n=0 &&
	until [ "$("$1" daemon ping --config "$2" --session "$3" 2>/dev/null |
		   awk "{ print \$1 }")" = "$4" ]; do
		_n=$((_n + 1)) &&
		if [ $_n -gt 1200 ]; then echo "no $4 from $3"; return 1; fi &&
		sleep 0.05 || return 1
	done
}

# stop_daemon TOOL CONFIG: stop it and wait for its pid to go.
stop_daemon() {
	_pid=$("$1" daemon --config "$2" -x: | head -1 | cut -d: -f1) &&
	"$1" daemon stop --config "$2" &&
	timeout 60 tail --pid="$_pid" -f /dev/null
}

# norm BASE <in >out: pids, minutes and the base made constant
norm() {
	sed -e "s|$1|BASE|g" -e "s/^\[[0-9]*:/[PID:/" -e "s/^[0-9]*\([:,]\)/PID\1/" \
	    -e "s/[:,][0-9]*$/:UP/" -e "s/ [0-9]* minutes/ N minutes/" \
	    -e "s/\[[0-9]*\]/[PID]/" -e "s/(pid [0-9]*)/(pid PID)/" \
	    -e "s/session \[\([a-z]*\):[0-9]*\]/session [\1:PID]/"
}

# listing SERVER CLIENT NAME: SERVER's daemon with two sessions, seen
# through CLIENT's list (plain, -v, -x:, -x), ping and signal, into NAME.
listing() {
	mkdir -p "$TRASH/b-$3" &&
	conf "$3.conf" "$TRASH/b-$3" "size=-e cpu-clock -m 1 sleep 30" \
		"time=-e task-clock -m 1 sleep 30" &&
	"$1" daemon start --config "$3.conf" &&
	wait_ping "$2" "$3.conf" size OK &&
	wait_ping "$2" "$3.conf" time OK &&
	{
		"$2" daemon --config "$3.conf" &&
		"$2" daemon --config "$3.conf" -v &&
		"$2" daemon --config "$3.conf" -x: &&
		"$2" daemon --config "$3.conf" -x &&
		"$2" daemon ping --config "$3.conf" &&
		"$2" daemon ping --config "$3.conf" --session nosuch &&
		"$2" daemon signal --config "$3.conf" --session nosuch &&
		{ "$1" daemon start --config "$3.conf" >"$3.second" 2>&1; echo "second start: exit $?"; }
	} >"$3.raw" &&
	stop_daemon "$2" "$3.conf" &&
	# perf's second start says why it failed from a child of its own,
	# maybe after the exit status: its words go after the status
	cat "$3.second" >>"$3.raw" &&
	norm "$TRASH/b-$3" <"$3.raw" >"$3.out" &&
	# the log, its time stamps off; sessions end in either order
	sed -e "s/^\[[^]]*\] //" "$TRASH/b-$3/output" | norm "$TRASH/b-$3" | sort >>"$3.out"
}

test_expect_success PERF,PERF_EVENTS 'list, -v, -x, ping and the log: perf layouts' '
	listing "$PERF" "$PERF" perf &&
	listing "$PROF" "$PROF" prof &&
	test_cmp_nonempty perf.out prof.out &&
	grep -q "^PID:size:-e cpu-clock -m 1 sleep 30:BASE/session-size:BASE/session-size/output:BASE/session-size/control:BASE/session-size/ack:UP$" prof.out &&
	grep -q "^failed: another perf daemon (pid PID) owns BASE$" prof.out &&
	grep -q "^OK   time$" prof.out
'

test_expect_success PERF,PERF_EVENTS 'perf client to prof daemon and prof client to perf daemon' '
	listing "$PROF" "$PERF" x1 &&
	test_cmp_nonempty perf.out x1.out &&
	listing "$PERF" "$PROF" x2 &&
	test_cmp_nonempty perf.out x2.out
'

test_expect_success PERF_EVENTS 'sessions: record output under base/session-NAME, signal switches, stop ends them' '
	mkdir -p b-sig &&
	conf sig.conf "$TRASH/b-sig" "test=-e cpu-clock --switch-output -m 1 sleep 30" &&
	"$PROF" daemon start --config sig.conf &&
	wait_ping "$PROF" sig.conf test OK &&
	rpid=$("$PROF" daemon --config sig.conf -x: | sed -n 2p | cut -d: -f1) &&
	test -d /proc/$rpid &&
	tr "\0" " " </proc/$rpid/cmdline >cmdline &&
	grep -q " record --control=fifo:control,ack -e cpu-clock --switch-output -m 1 sleep 30 $" cmdline &&
	"$PROF" daemon signal --config sig.conf --session test >sig.out &&
	"$PROF" daemon signal --config sig.conf >>sig.out &&
	test_line_count = 2 sig.out &&
	stop_daemon "$PROF" sig.conf &&
	test ! -d /proc/$rpid &&
	ls b-sig/session-test | grep -c "^perf.data\.[0-9]*$" >count &&
	echo 3 >three &&
	test_cmp three count &&
	for f in b-sig/session-test/perf.data.*; do
		"$PERF" evlist -i "$f" >evlist.out 2>evlist.err &&
		test_must_be_empty evlist.err &&
		grep -q "^cpu-clock$" evlist.out || return 1
	done &&
	test -p b-sig/session-test/control &&
	test -p b-sig/session-test/ack &&
	grep -q "Dump perf.data" b-sig/session-test/output
'

test_expect_success PERF_EVENTS 'reconfiguration: a changed session restarts, a removed one stops' '
	mkdir -p b-re &&
	conf re.conf "$TRASH/b-re" "size=-e cpu-clock -m 1 sleep 30" "time=-e task-clock -m 1 sleep 30" &&
	"$PROF" daemon start --config re.conf &&
	wait_ping "$PROF" re.conf time OK &&
	old=$("$PROF" daemon --config re.conf -x: | sed -n 3p | cut -d: -f1) &&
	conf re.conf "$TRASH/b-re" "size=-e cpu-clock -m 1 sleep 30" "time=-e cpu-clock -m 1 sleep 30" &&
	timeout 60 tail --pid=$old -f /dev/null &&
	wait_ping "$PROF" re.conf time OK &&
	"$PROF" daemon --config re.conf -x: | sed -n 3p | cut -d: -f3 >run &&
	echo "-e cpu-clock -m 1 sleep 30" >want &&
	test_cmp want run &&
	conf re.conf "$TRASH/b-re" &&
	wait_ping "$PROF" re.conf time FAIL &&
	wait_ping "$PROF" re.conf size FAIL &&
	"$PROF" daemon --config re.conf -x: >list &&
	test_line_count = 1 list &&
	grep -q "reconfig: session .time. killed" b-re/output &&
	stop_daemon "$PROF" re.conf
'

test_expect_success PERF_EVENTS 'start -f stays in the foreground, its log on stdout' '
	mkdir -p b-fg &&
	conf fg.conf "$TRASH/b-fg" "one=-e cpu-clock -m 1 sleep 30" &&
	{ "$PROF" daemon start -f --config fg.conf >fg.log 2>&1 & } &&
	wait_ping "$PROF" fg.conf one OK &&
	stop_daemon "$PROF" fg.conf &&
	grep -q "daemon started (pid" fg.log &&
	grep -q "daemon exited" fg.log &&
	test ! -e b-fg/output
'

# errs TOOL NAME ARGS...: TOOL daemon ARGS' messages and exit code in NAME.
errs() {
	_t=$1 _n=$2 &&
	shift 2 &&
	_rc=0 &&
	{ "$_t" daemon "$@" >"$_n.o" 2>&1 || _rc=$?; } &&
	sed -e "s/^ Usage: [a-z]* / Usage: X /" -e "s/or: [a-z]* /or: X /" "$_n.o" >"$_n.out" &&
	echo "rc=$_rc" >>"$_n.out"
}

test_expect_success PERF 'bad input: perf messages, one line each, and exit codes' '
	mkdir -p b-none &&
	touch afile &&
	printf "[daemon]\nbase=%s/nosuch\n" "$TRASH" >nobase.conf &&
	printf "[daemon]\n" >unset.conf &&
	printf "[daemon]\nbase=%s/afile\n" "$TRASH" >file.conf &&
	conf idle.conf "$TRASH/b-none" &&
	printf "[daemon]\nbase=%s/b-none\n[x\n" "$TRASH" >bad.conf &&
	for args in "" "foo" "--config /nonexistent" "--config nobase.conf" \
		"start --config nobase.conf" "--config unset.conf" "--config file.conf" \
		"--config idle.conf" "stop --config idle.conf" "ping --config idle.conf" \
		"signal --config idle.conf" "stop x --config idle.conf" "start -h" \
		"ping -h" "-h" "--config bad.conf"; do
		errs "$PERF" perf $args &&
		errs "$PROF" prof $args &&
		test_cmp perf.out prof.out || return 1
	done &&
	errs "$PROF" prof --config nobase.conf &&
	test_line_count = 2 prof.out
'

test_lazy_prereq PERF_DAEMON_TEST 'test -f /usr/lib/perf-core/tests/shell/daemon.sh'

test_expect_success PERF_EVENTS,PERF_DAEMON_TEST "perf's own daemon.sh passes with prof as perf" '
	mkdir -p bin &&
	ln -s "$PROF" bin/perf &&
	PATH="$TRASH/bin:$PATH" bash /usr/lib/perf-core/tests/shell/daemon.sh >daemon.log 2>&1 &&
	! grep FAILED daemon.log
'

# leave no daemon behind when a test failed halfway (a no-op otherwise)
for c in "$TRASH"/*.conf; do
	"$PROF" daemon stop --config "$c" >/dev/null 2>&1
done

test_done
