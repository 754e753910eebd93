#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='processes in other mount and pid namespaces (containers)'
. "$(dirname "$0")/test-lib.sh"

# record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

# The "container": its own mount and pid namespaces, its own tmpfs on
# /dev/shm holding the workload at $BOX/w (ns-work), and its own /tmp for
# its JIT map, which it names with the pid it has there (1). The host has
# a decoy at the same path $BOX/w (symtest: other function names), and a
# decoy JIT map /tmp/perf-<host pid>.map: neither may ever be used.
BOX=/dev/shm/prof-t0820-$$

# container SECS [jit]: start it in the background; its host pid goes to
# the file cpid once it runs. The caller waits for it ("wait").
container() {
	rm -f ready cpid &&
	{ unshare --mount --pid --fork --mount-proc sh -c "
		mount -t tmpfs none /dev/shm && mkdir -p $BOX &&
		cp '$HELPERS/${CBIN:-ns-work}' $BOX/w && mount -t tmpfs none /tmp &&
		${CBIN:+echo ready &&} exec $BOX/w $*" >ready 2>container.err & } &&
	_u=$! &&
	_i=0 &&
	while [ $_i -lt 150 ]; do
		_p=$(cat /proc/$_u/task/$_u/children 2>/dev/null | tr -d " ") &&
		if [ -n "$_p" ] && grep -q ready ready; then
			echo "$_p" >cpid &&
			# The decoy JIT map, at the address the real one names.
			printf "%s a decoy_jit_symbol\n" \
				"$(cut -d" " -f1 /proc/$_p/root/tmp/perf-1.map 2>/dev/null || echo 0)" \
				>/tmp/perf-$_p.map &&
			echo "/tmp/perf-$_p.map" >>decoys &&
			return 0
		fi &&
		sleep 0.1 &&
		_i=$((_i + 1)) || return 1
	done &&
	return 1
}

# jd_container SECS: the jit-dump helper in a container of its own (new
# mount and pid namespaces, its own /tmp): it writes /tmp/jit-1.dump
# there, named with the pid it has inside. Its host pid goes to cpid once
# the dump is mapped. The caller waits for it.
jd_container() {
	rm -f cpid &&
	{ unshare --mount --pid --fork --mount-proc sh -c "
		mount -t tmpfs none /dev/shm && mkdir -p $BOX &&
		cp '$HELPERS/jit-dump' $BOX/jd && mount -t tmpfs none /tmp &&
		exec $BOX/jd $1" >jd.out 2>container.err & } &&
	_u=$! &&
	_i=0 &&
	while [ $_i -lt 150 ]; do
		_p=$(cat /proc/$_u/task/$_u/children 2>/dev/null | tr -d " ") &&
		if [ -n "$_p" ] && grep -q "/tmp/jit-1.dump" /proc/$_p/maps 2>/dev/null; then
			echo "$_p" >cpid &&
			return 0
		fi &&
		sleep 0.05 &&
		_i=$((_i + 1)) || return 1
	done &&
	return 1
}

no_decoy() {
	! grep -E "sym_|decoy" "$1"
}

test_expect_success ROOT,UNSHARE 'setup: the host decoy' '
	mkdir -p $BOX &&
	cp "$HELPERS/symtest" $BOX/w &&
	: >decoys
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS 'record -p; report after the container is gone' '
	container 3 jit &&
	cpid=$(cat cpid) &&
	"$PROF" record -q -e cpu-clock -o p.data -p $cpid 2>err &&
	wait &&
	! test -d /proc/$cpid &&
	"$PROF" report -i p.data --stdio --sort dso,sym >out 2>err &&
	grep -E "^ +[0-9.]+% +w +\[\.\] nsw_container_alpha$" out &&
	grep -E "^ +[0-9.]+% +w +\[\.\] nsw_container_beta$" out &&
	grep -E "^ +[0-9.]+% +\[JIT\] tid $cpid +\[\.\] nsw_jit_gamma$" out &&
	no_decoy out
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS 'the build-id cache holds the container files' '
	cpid=$(cat cpid) &&
	find .debug$BOX/w -name elf >elf &&
	test_line_count = 1 elf &&
	cmp "$(cat elf)" "$HELPERS/ns-work" &&
	find .debug/tmp/perf-$cpid.map -name perf-map >map &&
	test_line_count = 1 map &&
	grep -q " nsw_jit_gamma$" "$(cat map)"
'

# perf 6.1 itself, recording this case, reads the build-id of the host
# decoy once the container is gone; given prof's file and cache it
# resolves the binary as prof does (not the JIT map: perf never caches it).
test_expect_success ROOT,UNSHARE,PERF_EVENTS,PERF 'perf report on the file prof recorded' '
	LC_ALL=C "$PERF" report -i p.data --stdio --sort dso,sym 2>perf.err |
		grep -v "^#" | grep -v JIT | grep . >perf.out &&
	grep -v "^#" out | grep -v JIT | grep . >prof.out &&
	grep nsw_container_alpha perf.out &&
	test_cmp perf.out prof.out
'

# When the container outlives the recording, perf 6.1 handles it too: it
# reads the build-id inside and caches the binary; prof reads its file so.
# The containers outlive the recordings with room to spare: one that
# exits first leaves perf record without its build-id (it reads the file
# through /proc/PID/root), and both tools then name the host decoy (seen
# on a loaded machine).
test_expect_success ROOT,UNSHARE,PERF_EVENTS,PERF 'perf record of a live container, prof report' '
	container 8 &&
	cpid=$(cat cpid) &&
	"$PERF" record -q -e cpu-clock -o perf.data -p $cpid -- sleep 1.5 >/dev/null 2>&1 &&
	wait &&
	LC_ALL=C "$PERF" report -i perf.data --stdio --sort dso,sym 2>perf.err |
		grep -v "^#" | grep . >perf.out &&
	"$PROF" report -i perf.data --stdio --sort dso,sym 2>err | grep -v "^#" | grep . >prof.out &&
	grep -E "^ +[0-9.]+% +w +\[\.\] nsw_container_alpha$" prof.out &&
	test_cmp perf.out prof.out
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS 'without the build-id cache, still never the host file' '
	container 3 &&
	cpid=$(cat cpid) &&
	"$PROF" record -q -N -e cpu-clock -o n.data -p $cpid 2>err &&
	wait &&
	HOME=$TRASH/empty "$PROF" report -i n.data --stdio --sort dso,sym >out 2>err &&
	grep -E "^ +[0-9.]+% +w +\[\.\] 0x" out &&
	no_decoy out
'

test_expect_success ROOT,UNSHARE,SYSWIDE 'record -a while the container runs' '
	container 4 jit &&
	cpid=$(cat cpid) &&
	"$PROF" record -q -a -e cpu-clock -o a.data -- sleep 1.5 2>err &&
	wait &&
	"$PROF" report -i a.data --stdio --sort pid,dso,sym >out 2>err &&
	grep -E "^ +[0-9.]+% +$cpid:w +w +\[\.\] nsw_container_alpha$" out &&
	grep -E "^ +[0-9.]+% +$cpid:w +\[JIT\] tid $cpid +\[\.\] nsw_jit_gamma$" out &&
	grep "$cpid:w" out >mine &&
	no_decoy mine
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS 'top resolves in the container while it lives' '
	container 4 jit &&
	cpid=$(cat cpid) &&
	"$PROF" top --stdio -d 1 --refreshes 2 -e cpu-clock -p $cpid >out 2>err &&
	wait &&
	grep -E "^ +[0-9.]+% +w +\[\.\] nsw_container_alpha$" out &&
	grep -E "^ +[0-9.]+% +\[JIT\] tid $cpid +\[\.\] nsw_jit_gamma$" out &&
	no_decoy out
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS,PERF 'record --namespaces: the records perf writes' '
	container 6 &&
	cpid=$(cat cpid) &&
	"$PROF" record -q --namespaces -e cpu-clock -o ns.data -p $cpid -- sleep 0.5 2>err &&
	"$PERF" record -q --namespaces -e cpu-clock -o pns.data -p $cpid -- sleep 0.5 >/dev/null 2>&1 &&
	wait &&
	for f in ns pns; do
		"$PERF" script -i $f.data --show-namespace-events -F comm,pid 2>/dev/null |
			grep -A2 "PERF_RECORD_NAMESPACES $cpid/" >$f.txt || return 1
	done &&
	grep "mnt: " ns.txt &&
	test_cmp pns.txt ns.txt
'

# A container that is gone before record reads its maps: without
# --namespaces prof cannot tell it from a host process (nor can perf);
# with them, it knows the files were not ours and records an all-zero
# build-id: report shows addresses, never the decoy.
test_expect_success ROOT,UNSHARE,SYSWIDE 'record --namespaces -a: a short-lived container' '
	( sleep 0.3 && unshare --mount --pid --fork --mount-proc sh -c "
		mount -t tmpfs none /dev/shm && mkdir -p $BOX &&
		cp '$HELPERS/ns-work' $BOX/w && exec $BOX/w 0.5" >/dev/null 2>&1 ) &
	"$PROF" record -q --namespaces -F 200 -a -e cpu-clock -o short.data -- sleep 2 2>err &&
	wait &&
	"$PROF" report -i short.data --stdio --comm w --sort dso,sym >out 2>err &&
	grep -v "^#" out | sed "/^\$/d" >mine &&
	cat mine &&
	no_decoy mine
'

# A JIT runtime in a container writes its jitdump under its own /tmp,
# named with the pid it has there (1): record keeps a copy, listed under
# /proc/<host pid>/root/tmp/jit-1.dump, and report reads that one after
# the container is gone. The host has no /tmp/jit-1.dump.
test_expect_success ROOT,UNSHARE,PERF_EVENTS 'a jitdump written in the container, reported after it is gone' '
	! test -e /tmp/jit-1.dump &&
	jd_container 1.5 &&
	cpid=$(cat cpid) &&
	"$PROF" record -q -k mono -e cpu-clock -o jd.data -p $cpid 2>err &&
	wait &&
	! test -d /proc/$cpid &&
	ls "$HOME"/.debug/proc/$cpid/root/tmp/jit-1.dump/*/jitdump &&
	"$PROF" report -i jd.data --stdio --sort dso,sym >out 2>err &&
	grep -E "^ +[0-9.]+%  jitted-$cpid-1\.so +\[\.\] jit_alpha$" out &&
	grep -E "^ +[0-9.]+%  jitted-$cpid-2\.so +\[\.\] jit_beta$" out &&
	! grep -q "jd +\[\.\] 0x" out
'

test_expect_success ROOT,UNSHARE,PERF_EVENTS 'the same dump read by top while the container lives' '
	jd_container 3 &&
	cpid=$(cat cpid) &&
	{ "$PROF" top --stdio -z -d 1 --duration 60 -e cpu-clock -p $cpid >out 2>err & } &&
	top=$! &&
	# the phases are CPU time: watch until the JIT is done, however long
	while test -d /proc/$cpid; do sleep 0.1 || return 1; done &&
	# top may have been reaped already (the shell reaps any child)
	{ kill -INT $top 2>/dev/null || echo "top had exited"; } &&
	wait $top &&
	wait &&
	grep -E "jitted-$cpid-1\.so +\[\.\] jit_alpha$" out &&
	grep -E "jitted-$cpid-2\.so +\[\.\] jit_beta$" out
'

# Off-CPU time of a container's process (#16): blockwork run as w in the
# container, its blocks recorded by -p, read once it is gone: the
# blocked stacks are named from the container's binary, never from the
# host's decoy at the same path.
test_expect_success ROOT,UNSHARE,TRACEFS 'record --off-cpu -p of a container: its blocked stacks, named from its binary' '
	CBIN=blockwork container 600 &&
	cpid=$(cat cpid) &&
	"$PROF" record --off-cpu -g -p $cpid -o off.data 2>off.err &&
	wait &&
	! test -d /proc/$cpid &&
	"$PROF" script -i off.data -F event,period,ip,sym >off.script 2>/dev/null &&
	# the sleep began before the attach; the pipe read and the futex
	# wait after it, in main (pipe_reader is inlined), and the writer
	# thread sleeps too
	awk "/offcpu-time/ { s = (\$1 > 250000000) } s && / main$/ { ok = 1 } END { exit !ok }" \
		off.script &&
	grep -q " writer$" off.script &&
	no_decoy off.script
'

test_expect_success ROOT,UNSHARE 'cleanup: the host decoys' '
	rm -rf $BOX &&
	xargs rm -f <decoys
'

test_done
