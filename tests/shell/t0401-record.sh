#!/bin/sh
test_description='prof record writes files real perf reads cleanly, with the profile perf records'
. "$(dirname "$0")/test-lib.sh"

D="$HELPERS/demo"
# keep the build-id cache of these recordings out of ~/.debug
PROF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR

# perf report --stdio: no warning lines, and the symbols with their shares.
report_clean() {
	perf report -i "$1" --stdio >"$1.rep" 2>"$1.err" &&
	! grep -iv "^$" "$1.err" | grep -v "^#" | grep . &&
	grep -q "hot_loop" "$1.rep"
}

# Overhead of a symbol in a flat report, as an integer percent.
share() {
	perf report -i "$1" --stdio --no-children 2>/dev/null |
		awk -v s="$2" '$NF == s { sub("%", "", $1); printf "%d\n", $1; exit }'
}

test_expect_success PERF_EVENTS 'record -- cmd: summary lines and a file' '
	"$PROF" record -o a.data -- "$D" 200 2>err &&
	grep -q "^\[ perf record: Woken up [0-9]* times to write data \]$" err &&
	grep -q "^\[ perf record: Captured and wrote [0-9.]* MB a.data ([0-9]* samples) \]$" err &&
	test -s a.data
'

test_expect_success PERF,PERF_EVENTS 'perf report reads it without warnings, same hot symbols as perf' '
	report_clean a.data &&
	perf record -q -o p.data -- "$D" 200 2>/dev/null &&
	h1=$(share a.data hot_loop) && h2=$(share p.data hot_loop) &&
	echo "prof $h1 perf $h2" &&
	test $((h1 - h2)) -lt 12 && test $((h2 - h1)) -lt 12 &&
	perf script -i a.data >script.out 2>script.err && test ! -s script.err &&
	grep -q "cpu-clock" script.out
'

test_expect_success PERF,PERF_EVENTS '-g: callers as perf shows them' '
	"$PROF" record -q -g -o g.data -- "$D" 200 &&
	report_clean g.data &&
	perf report -i g.data --stdio --no-children -G 2>/dev/null >g.rep &&
	grep -q "main" g.rep && grep -q "__libc_start_call_main" g.rep &&
	perf script -i g.data 2>script.err | grep -q "hot_loop" && test ! -s script.err
'

test_expect_success PERF,PERF_EVENTS 'header features perf lists' '
	perf report --header-only -i g.data >hdr 2>&1 &&
	for f in "hostname :" "os release :" "arch :" "nrcpus online :" "cpudesc :" \
		 "total memory :" "cmdline :" "event : name = cpu-clock" "time of first sample :"; do
		grep -q "# $f" hdr || { echo "missing $f"; exit 1; }
	done &&
	perf buildid-list -i g.data >bids 2>&1 &&
	grep -q "demo$" bids && grep -q "kernel.kallsyms" bids
'

# The kernel's map: [_text, _etext) of /proc/kallsyms, as perf writes it
# (read down to _etext, ~120K lines in, without parsing every line).
test_expect_success PERF,PERF_EVENTS,ROOT 'the kernel map is the one perf records' '
	"$PROF" record -q -e cpu-clock -o kt.data -- true &&
	perf record -q -e cpu-clock -o kt.perf.data -- true 2>/dev/null &&
	perf report -D -i kt.data 2>/dev/null | grep -o "PERF_RECORD_MMAP -1/0: .*kernel.kallsyms._text" >kt.prof &&
	perf report -D -i kt.perf.data 2>/dev/null | grep -o "PERF_RECORD_MMAP -1/0: .*kernel.kallsyms._text" >kt.perf &&
	test_cmp_nonempty kt.perf kt.prof
'

test_expect_success PERF,PERF_EVENTS 'several events and -c' '
	"$PROF" record -q -e cpu-clock,task-clock -c 100000 -o two.data -- "$D" 100 &&
	perf report -i two.data --stdio >two.rep 2>two.err && ! grep -v "^$" two.err | grep . &&
	grep -q "of event .cpu-clock." two.rep && grep -q "of event .task-clock." two.rep
'

test_expect_success PERF,PERF_EVENTS 'pipe mode: perf report -i - reads the stream' '
	"$PROF" record -q -g -o - -- "$D" 100 >pipe.data &&
	perf report -i - --stdio <pipe.data >pipe.rep 2>pipe.err &&
	grep -q hot_loop pipe.rep
'

test_expect_success PERF,PERF_EVENTS 'pipe mode: the workload prints to stderr, the stream stays clean' '
	"$PROF" record -q -o - -- sh -c "echo hello; \"$D\" 50" >wp.data 2>wp.err &&
	perf report -i - --stdio <wp.data >wp.rep 2>&1 &&
	grep -q hot_loop wp.rep &&
	grep -q "^hello$" wp.err &&
	"$PROF" record -q -- sh -c "echo hello; \"$D\" 50" 2>wp2.err | cat >wp2.data &&
	perf report -i - --stdio <wp2.data >wp2.rep 2>&1 &&
	grep -q hot_loop wp2.rep &&
	grep -q "^hello$" wp2.err
'

test_expect_success PERF_EVENTS 'pipe mode: a closed pipe ends record at once (SIGPIPE), workload too' '
	{ if timeout 20 "$PROF" record -q -o - -- sleep 17.25; then
		echo 0 >rc; else echo $? >rc; fi; } | head -c 1 >/dev/null &&
	test "$(cat rc)" = 141 &&
	! pgrep -f -x "sleep 17.25"
'

test_expect_success PERF,PERF_EVENTS 'exit status of the workload passes through' '
	test_expect_code 0 "$PROF" record -q -o t.data -- true &&
	test_expect_code 1 "$PROF" record -q -o t.data -- false &&
	test_expect_code 255 "$PROF" record -o t.data -- /nonexistent/cmd 2>err &&
	grep -q "^Failed to collect .* for the ./nonexistent/cmd. workload: No such file or directory" err
'

test_expect_success PERF,PERF_EVENTS 'a workload that cannot run: the file keeps its header, as perf' '
	"$PROF" record -q -o ne.data -- true &&
	test_expect_code 255 "$PROF" record -o ne.data -- ./nonexistent 2>err &&
	grep -q "^Failed to collect .* for the .\./nonexistent. workload: No such file or directory$" err &&
	test_line_count = 1 err &&
	test -s ne.data.old &&
	perf evlist -i ne.data >ev 2>everr && test -s ev &&
	perf report --header-only -i ne.data >hdr 2>hdrerr &&
	grep -q "^# event : name = " hdr
'

# Wait until prof has forked its workload (its handlers are set by then).
wait_child() {
	n=0 &&
	while ! pgrep -P "$1" >/dev/null 2>&1; do
		n=$((n + 1)) && test $n -lt 200 && sleep 0.05 || return 1
	done &&
	sleep 0.3
}

test_expect_success PERF,PERF_EVENTS 'SIGTERM leaves a complete file' '
	"$PROF" record -q -o term.data -- "$D" 8000 & pid=$! &&
	wait_child $pid && kill -TERM $pid && test_expect_code 143 wait $pid &&
	report_clean term.data
'

test_expect_success PERF,PERF_EVENTS 'SIGINT (Ctrl-C) leaves a complete file' '
	"$PROF" record -q -o int.data -- "$D" 8000 & pid=$! &&
	wait_child $pid && kill -INT $pid && test_expect_code 143 wait $pid &&
	report_clean int.data
'

test_expect_success PERF,PERF_EVENTS,ROOT '-p PID' '
	"$D" 3000 & dp=$! &&
	sleep 0.1 &&
	"$PROF" record -q -g -p $dp -o pid.data -- sleep 0.4 &&
	kill $dp && test_expect_code 143 wait $dp &&
	report_clean pid.data
'

# rec_p_runs N PID: recordings of -p PID into p.1.data, p.2.data, ...,
# each read by perf script without a word (a run may have no sample), until one meets a thread gone (at
# most N); fails at a failed run
rec_p_runs() {
	for i in $(seq "$1"); do
		"$PROF" record -p "$2" -e task-clock -o p.$i.data -- sleep 0.1 2>p.$i.err &&
		perf script -i p.$i.data >p.$i.script 2>p.$i.rerr &&
		test_must_be_empty p.$i.rerr &&
		if grep -q "^WARNING: Ignored open failure" p.$i.err; then
			return 0
		fi || return 1
	done &&
	echo "$1 runs, no thread gone before its events opened" &&
	return 1
}

# perf's ignored open failure: a thread -p listed that exits before its
# events open is left out with perf's warning, not an error (ESRCH).
# stat-work -c keeps starting threads that live half a millisecond.
test_expect_success PERF,PERF_EVENTS,ROOT '-p: a thread gone before its events open is left out, as perf' '
	"$HELPERS/stat-work" -c -s 60 & pid=$! &&
	wait_exec $pid stat-work &&
	rec_p_runs 60 $pid || ret=$?
	kill $pid &&
	test "${ret:-0}" = 0 &&
	cat p.*.err >err &&
	! grep -v -e "^WARNING: Ignored open failure for pid [0-9]*$" -e "^\[ perf record: " err &&
	grep -q "^WARNING: Ignored open failure" err
'

test_expect_success PERF,SYSWIDE '-a -g, and -F' '
	"$PROF" record -q -a -g -F 999 -o sys.data -- "$D" 200 &&
	report_clean sys.data
'

# perf 6.1 tracks CPU-wide recordings with a dummy:HG event at the end.
test_expect_success PERF,SYSWIDE '-a and -C: the events perf records, a dummy:HG tracking them' '
	for a in "-a" "-C 0 -g -c 100000"; do
		"$PROF" record -q $a -e task-clock -o dum.prof -- sleep 0.1 &&
		perf record -q $a -e task-clock -o dum.perf -- sleep 0.1 &&
		perf evlist -v -i dum.prof >ev.prof &&
		perf evlist -v -i dum.perf >ev.perf &&
		grep -q "^dummy:HG: " ev.perf &&
		test_cmp ev.perf ev.prof || return 1
	done
'

test_expect_success PERF,SYSWIDE,TRACEFS 'a tracepoint: perf script decodes its fields' '
	"$PROF" record -q -e sched:sched_switch -a -o tp.data -- sleep 0.2 &&
	perf script -i tp.data >tp.out 2>tp.err &&
	! grep -v "^$" tp.err | grep . &&
	grep -q "sched:sched_switch: prev_comm=" tp.out &&
	"$PROF" record -q -e sched:sched_switch -a -o - -- sleep 0.2 | perf script -i - 2>/dev/null |
		grep -q "prev_comm="
'

test_expect_success PERF,PERF_EVENTS '-z: zstd records perf decompresses' '
	"$PROF" record -z -o z.data -- "$D" 200 2>err &&
	grep -q "compressed (original" err &&
	report_clean z.data &&
	perf report --header-only -i z.data | grep -q "compressed : Zstd"
'

test_expect_success PERF_EVENTS 'an unwritable output path is a clear error' '
	test_expect_code 255 "$PROF" record -o /nonexistent/x.data -- true 2>err &&
	grep -q "failed to open /nonexistent/x.data" err
'

test_expect_success PERF,PERF_EVENTS,ROOT,UNSHARE 'a full disk: clear error, what was written stays readable' '
	mkdir tiny &&
	test_expect_code 255 unshare -m sh -c "mount -t tmpfs -o size=32k tmpfs tiny &&
		\"$PROF\" record -g -o tiny/f.data -- \"$D\" 1000 2>err;
		rc=\$?; cp tiny/f.data full.data; exit \$rc" &&
	grep -q "failed to write tiny/f.data: No space left on device" err &&
	perf report -i full.data --stdio >full.rep 2>full.err &&
	grep -q hot_loop full.rep && ! grep -v "^$" full.err | grep .
'

test_expect_success PERF,PERF_EVENTS 'stdout a pipe and no -o: a stream, as perf' '
	"$PROF" record -q -- "$D" 50 | perf report -i - --stdio 2>/dev/null | grep -q hot_loop &&
	test ! -e perf.data
'

test_expect_success PERF_EVENTS,ROOT '-p: recording ends when the target exits' '
	"$D" 200 & dp=$! &&
	"$PROF" record -q -p $dp -o pe.data 2>err &&
	wait $dp &&
	test -s pe.data
'

# A process whose maps this user cannot read, though its events can be opened
# (e.g. a sandbox's init): perf gives up on such a -p target.
unreadable_maps_pid() {
	for p in /proc/[0-9]*; do
		test -d "$p" && ! head -c1 "$p/maps" >/dev/null 2>&1 &&
			echo "${p#/proc/}" && return 0
	done
	return 1
}
test_lazy_prereq UNREADABLE_MAPS 'unreadable_maps_pid'

test_expect_success PERF,PERF_EVENTS,ROOT,UNREADABLE_MAPS '-p a target whose maps cannot be read: exit 255, as perf' '
	t=$(unreadable_maps_pid) &&
	test_expect_code 255 perf record -q -o pm.data -p "$t" -- sleep 0.1 &&
	test_expect_code 255 "$PROF" record -o um.data -p "$t" -- sleep 0.1 2>err &&
	grep -q "cannot read the memory maps of a -p/-t target" err &&
	test_line_count = 1 err
'

test_expect_success PERF,PERF_EVENTS 'the build-id cache lets perf resolve a binary removed after recording' '
	mkdir bin && cp "$D" bin/demo &&
	"$PROF" record -q -o bc.data -- bin/demo 100 &&
	rm bin/demo &&
	ls cache/.build-id/*/* >/dev/null &&
	PERF_BUILDID_DIR="$TRASH/cache" perf report -i bc.data --stdio 2>/dev/null | grep -q hot_loop &&
	PROF_BUILDID_DIR="$TRASH/nocache" "$PROF" record -N -q -o n.data -- true &&
	test ! -e nocache
'

test_expect_success PERF,PERF_EVENTS '--switch-output: SIGUSR2 and time rotate into files perf reads' '
	mkdir sw swt && cd sw &&
	{ "$PROF" record --switch-output -- "$D" 2500 2>err & pid=$!; } &&
	wait_child $pid && kill -USR2 $pid && wait $pid &&
	grep -q "^\[ perf record: dump data: Woken up [0-9]* times \]$" err &&
	grep -q "^\[ perf record: Dump perf.data.[0-9]\{16\} \]$" err &&
	test $(ls perf.data.* | wc -l) = 2 &&
	for f in perf.data.*; do
		perf report -i $f --stdio >$f.rep 2>$f.err && ! test -s $f.err || exit 1
	done &&
	cat perf.data.*.rep | grep -q hot_loop &&
	cd ../swt && "$PROF" record -q --switch-output=1s -- "$D" 2500 &&
	test $(ls perf.data.* | wc -l) -ge 2
'

# The first event's name and exclude bits as perf evlist -v shows them
# (perf clears exclude_guest on AMD, where precise cycles are IBS).
default_attr() {
	perf evlist -f -v -i "$1" 2>/dev/null | sed -n 1p >"$1.attr" &&
	sed "s/: type: .*//" "$1.attr" &&
	tr "," "\n" <"$1.attr" | sed -n "s/^ *\(exclude_[a-z]*\): .*/\1/p"
}

test_expect_success PERF,PERF_EVENTS 'the default event is named as perf names it' '
	"$PROF" record -q -o dn.data -- true &&
	perf record -q -o dn-perf.data -- true 2>/dev/null &&
	perf report --header-only -i dn.data | sed -n "s/^# event : name = \([^,]*\),.*/\1/p" >n1 &&
	perf report --header-only -i dn-perf.data | sed -n "s/^# event : name = \([^,]*\),.*/\1/p" >n2 &&
	test_cmp n2 n1 &&
	default_attr dn.data >a1 &&
	default_attr dn-perf.data >a2 &&
	test_cmp a2 a1
'

test_expect_success PERF_EVENTS '--call-graph lbr without LBR hardware: perf message' '
	if ! test -e /sys/bus/event_source/devices/cpu/caps/branches; then
		test_expect_code 255 "$PROF" record -q --call-graph lbr -o l.data -- true 2>err &&
		grep -q "PMU Hardware or event type doesn.t support branch stack sampling" err
	fi
'

test_expect_success PERF,PERF_EVENTS '--call-graph dwarf: perf unwinds the recorded stacks' '
	"$PROF" record -q --call-graph dwarf,4096 -o dw.data -- "$D" 100 &&
	perf evlist -v -i dw.data 2>/dev/null | grep -q "sample_stack_user: 4096" &&
	perf report -i dw.data --stdio --no-children -G >dw.rep 2>dw.err &&
	grep -q hot_loop dw.rep && grep -q main dw.rep
'

test_expect_success PERF,PERF_EVENTS '-d and a group: perf reads addresses and the group' '
	"$PROF" record -q -d -e "{cpu-clock,task-clock}" -o dg.data -- "$D" 100 &&
	perf script -i dg.data -F addr,ip >dg.out 2>dg.err && test -s dg.out && test ! -s dg.err &&
	perf report --header-only -i dg.data | grep -q "^# group: {cpu-clock,task-clock}"
'

test_expect_success PERF,SETPRIV 'unprivileged: user-space fallback, file readable' '
	as_nobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups" &&
	nb=$(mktemp -d /tmp/prof-t0401-nobody.XXXXXX) && chmod 777 "$nb" &&
	cp "$D" "$nb/demo" && chmod 755 "$nb/demo" &&
	$as_nobody "$PROF" record -q -o "$nb/u.data" -- "$nb/demo" 100 &&
	$as_nobody perf record -q -o "$nb/p.data" -- true 2>/dev/null &&
	perf report -f -i "$nb/u.data" --stdio >u.rep 2>/dev/null &&
	default_attr "$nb/u.data" >ua1 &&
	default_attr "$nb/p.data" >ua2 &&
	rm -rf "$nb" &&
	test_cmp ua2 ua1 && grep -q "^cpu-clock:u" ua1 &&
	grep -q "of event .$(sed -n 1p ua1)." u.rep && grep -q hot_loop u.rep
'

test_done
