#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# top-bench.sh: the cost of prof top against perf top, same options, same
# workload. A benchmark, not a test. For each tool and mode it runs
# "TOOL top -F FREQ -d DELAY [ARGS]" for SECS seconds while the demo
# workload keeps one CPU busy, then reads the tool's own CPU time
# (utime + stime from /proc/PID/stat) and its peak RSS (VmHWM) just before
# quitting it. CPU is given two ways: the whole run (start-up included:
# both tools read /proc/kallsyms and every process's maps), and the
# steady rate from WARMUP seconds to the end, which is the "percent of a
# CPU" a user sees in top while it runs. Modes:
#   tui    on a terminal: each tool in its own tmux session (120x40)
#   stdio  --stdio from a script: standard input /dev/null, output to a
#          file (perf top 6.1 spins there, reading EOF from its input)
# The two tools run at the same time, so both see the same machine (they
# also see each other, symmetrically). Prints per-run figures, medians and
# ratios prof / perf (target <= 0.5). In stdio mode perf spins, so a ratio
# says nothing: prof's CPU per refresh is given instead.
# Every run is checked: both tools must still run when measured, and show
# the demo's hot_loop (tui: each screen; stdio: prof's last snapshot;
# prof must exit 0 when interrupted); if not, the benchmark fails.
# IDLE=1 starts no workload (the machine as it is: the idle-box figure) and
# checks only that both tools still run and show entries.
#   PROF=./prof PERF=perf DEMO=.build/tests/helpers/demo SECS=10 RUNS=3 \
#   MODES="tui stdio" ARGS="" IDLE=0 scripts/bench/top-bench.sh
# Needs root (or perf_event_paranoid <= 0) for the system-wide default.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${DEMO:=demo}" "${SECS:=10}" "${RUNS:=3}"
: "${FREQ:=4000}" "${DELAY:=2}" "${MODES:=tui stdio}" "${ARGS:=}" "${WARMUP:=3}" "${IDLE:=0}"
command -v tmux >/dev/null || { echo "needs tmux" >&2; exit 1; }
tmp=$(mktemp -d)
sock=top-bench-$$
demo_pid=
cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null || :
	[ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null || :
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

hz=$(getconf CLK_TCK)

# cpu_ms PID: utime + stime of PID so far, in ms
cpu_ms() {
	awk -v hz="$hz" '{ sub(/^.*\) /, ""); print int(($12 + $13) * 1000 / hz) }' "/proc/$1/stat"
}
rss_kb() {
	awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"
}

# start MODE TOOL BIN: start one tool, its pid in $tmp/pid.TOOL
start() {
	mode=$1 t=$2 bin=$3
	if [ "$mode" = tui ]; then
		tmux -L "$sock" new-session -d -s "$t" -x 120 -y 40 \
			"exec $bin top -F $FREQ -d $DELAY $ARGS 2>$tmp/err.$t"
		tmux -L "$sock" display -p -t "$t" '#{pane_pid}' >"$tmp/pid.$t"
	else
		# as from a script: input /dev/null, output to a file
		"$bin" top --stdio -F "$FREQ" -d "$DELAY" $ARGS \
			</dev/null >"$tmp/out.$t" 2>"$tmp/err.$t" &
		echo $! >"$tmp/pid.$t"
	fi
}

# alive TOOL: it still runs (else its measurement would be of nothing)
alive() {
	[ -r "/proc/$(cat "$tmp/pid.$1")/stat" ] ||
		die "$1 top exited before it was measured: $(head -n 3 "$tmp/err.$1")"
}

# stop MODE TOOL: quit it as a user does (q on the terminal, Ctrl-C from
# a script); prof must then exit 0. Whatever is left is killed.
stop() {
	mode=$1 t=$2
	pid=$(cat "$tmp/pid.$t")
	if [ "$mode" = tui ]; then
		tmux -L "$sock" send-keys -t "$t" q
		sleep 0.3
	else
		kill -INT "$pid"
		if [ "$t" = prof ]; then
			wait "$pid" || die "prof top --stdio exits $? on SIGINT"
		fi
	fi
	# perf top --stdio may not stop on SIGINT while it spins
	if [ -r "/proc/$pid/stat" ]; then
		kill -KILL "$pid" 2>/dev/null || echo "  ($t top exited as it was killed)"
	fi
}

# one_run MODE: both tools at once, over the same seconds of the same
# machine; appends "cpu_ms rss_kb steady_ms" to $tmp/res.MODE.TOOL
one_run() {
	mode=$1
	# a server per run: a new session on the socket of one still
	# exiting from kill-server fails ("server exited unexpectedly")
	sock=top-bench-$$-$mode-$i
	# the server outlives a tool that exits at once (measured as such
	# by alive), so the other's session still finds it
	[ "$mode" = tui ] && tmux -L "$sock" new-session -d -s keep "sleep 86400"
	start "$mode" prof "$PROF"
	start "$mode" perf "$PERF"
	sleep "$WARMUP"
	alive prof
	alive perf
	wp=$(cpu_ms "$(cat "$tmp/pid.prof")") wf=$(cpu_ms "$(cat "$tmp/pid.perf")")
	sleep $((SECS - WARMUP))
	for t in prof perf; do
		alive $t
		pid=$(cat "$tmp/pid.$t")
		if [ $t = prof ]; then w=$wp; else w=$wf; fi
		c=$(cpu_ms "$pid")
		r=$(rss_kb "$pid")
		echo "$c $r $((c - w))" >>"$tmp/res.$mode.$t"
		if [ "$mode" = tui ]; then
			tmux -L "$sock" capture-pane -p -t "$t" >"$tmp/screen.$t"
			if [ "$IDLE" = 1 ]; then
				grep -q "\[[.k]\] " "$tmp/screen.$t" ||
					die "tui: $t top shows no entry: $(sed -n 1,8p "$tmp/screen.$t")"
				continue
			fi
			grep -q "\[\.\] hot_loop" "$tmp/screen.$t" ||
				die "tui: $t top does not show the demo's hot_loop: $(sed -n 1,8p "$tmp/screen.$t")"
		fi
	done
	stop "$mode" prof
	stop "$mode" perf
	if [ "$mode" = stdio ]; then
		n=$(grep -c "PerfTop:" "$tmp/out.prof") || die "stdio: prof top printed no snapshot in ${SECS}s"
		[ "$IDLE" = 1 ] ||
		awk '/PerfTop:/ { s = "" } { s = s $0 "\n" } END { printf "%s", s }' "$tmp/out.prof" |
			grep -q "\[\.\] hot_loop" || die "stdio: prof top's last snapshot does not show hot_loop"
		echo "$n" >>"$tmp/refreshes"
	fi
	if [ "$mode" = tui ]; then
		tmux -L "$sock" kill-server
	fi
}

if [ "$IDLE" = 1 ]; then
	echo "top-bench: -F $FREQ -d $DELAY $ARGS, ${SECS}s per run, $RUNS runs, no workload (idle)"
else
	command -v "$DEMO" >/dev/null 2>&1 ||
		die "no workload $DEMO (DEMO=.build/tests/helpers/demo after make build-tests)"
	"$DEMO" 100000000 >/dev/null 2>&1 &
	demo_pid=$!
	echo "top-bench: -F $FREQ -d $DELAY $ARGS, ${SECS}s per run, $RUNS runs, workload: $DEMO"
fi
for mode in $MODES; do
	i=0
	while [ $i -lt "$RUNS" ]; do
		one_run "$mode"
		for t in prof perf; do
			res=$(tail -n 1 "$tmp/res.$mode.$t")
			echo "$res" | cut -d' ' -f1 >>"$tmp/cpu.$mode.$t"
			echo "$res" | cut -d' ' -f2 >>"$tmp/rss.$mode.$t"
			echo "$res" | cut -d' ' -f3 >>"$tmp/steady.$mode.$t"
			echo "  $mode $t run $i: cpu $(echo "$res" | cut -d' ' -f1) ms (steady $(echo "$res" | cut -d' ' -f3) ms), peak RSS $(echo "$res" | cut -d' ' -f2) KiB"
		done
		i=$((i + 1))
	done
	cp=$(median <"$tmp/cpu.$mode.prof") cf=$(median <"$tmp/cpu.$mode.perf")
	rp=$(median <"$tmp/rss.$mode.prof") rf=$(median <"$tmp/rss.$mode.perf")
	sp=$(median <"$tmp/steady.$mode.prof") sf=$(median <"$tmp/steady.$mode.perf")
	awk -v m="$mode" -v s="$SECS" -v w="$WARMUP" -v cp="$cp" -v cf="$cf" -v rp="$rp" -v rf="$rf" \
	    -v sp="$sp" -v sf="$sf" 'BEGIN {
		printf "%-5s prof: %6d ms CPU in all, steady %5.2f%% of a CPU, %7d KiB peak RSS\n", m, cp, sp / (s - w) / 10, rp
		printf "%-5s perf: %6d ms CPU in all, steady %5.2f%% of a CPU, %7d KiB peak RSS\n", m, cf, sf / (s - w) / 10, rf
	}'
	if [ "$mode" = stdio ]; then
		# perf top 6.1 spins reading EOF from its input: no ratio
		nr=$(median <"$tmp/refreshes")
		awk -v cp="$cp" -v nr="$nr" -v rp="$rp" 'BEGIN {
			printf "stdio prof: %.1f ms CPU per refresh (%d refreshes, median), %d KiB peak RSS (no ratio: perf spins)\n",
				cp / nr, nr, rp
		}'
	else
		awk -v m="$mode" -v cp="$cp" -v cf="$cf" -v rp="$rp" -v rf="$rf" -v sp="$sp" -v sf="$sf" 'BEGIN {
			printf "%-5s ratio prof/perf: CPU in all %.3f, steady CPU %.3f, peak RSS %.3f (target <= 0.5)\n", m,
				cf ? cp / cf : 0, sf ? sp / sf : 0, rf ? rp / rf : 0
		}'
	fi
done
