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
# ratios prof / perf (target <= 0.5).
#   PROF=./prof PERF=perf DEMO=.build/tests/helpers/demo SECS=10 RUNS=3 \
#   MODES="tui stdio" ARGS="" scripts/bench/top-bench.sh
# Needs root (or perf_event_paranoid <= 0) for the system-wide default.
set -eu
: "${PROF:=./prof}" "${PERF:=perf}" "${DEMO:=demo}" "${SECS:=10}" "${RUNS:=3}"
: "${FREQ:=4000}" "${DELAY:=2}" "${MODES:=tui stdio}" "${ARGS:=}" "${WARMUP:=3}"
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
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

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

stop() {
	mode=$1 t=$2
	pid=$(cat "$tmp/pid.$t")
	if [ "$mode" = tui ]; then
		tmux -L "$sock" send-keys -t "$t" q || :
	fi
	sleep 0.3
	kill -INT "$pid" 2>/dev/null || :
	sleep 0.2
	kill -KILL "$pid" 2>/dev/null || :
}

# one_run MODE: both tools at once, over the same seconds of the same
# machine; appends "cpu_ms rss_kb steady_ms" to $tmp/res.MODE.TOOL
one_run() {
	mode=$1
	start "$mode" prof "$PROF"
	start "$mode" perf "$PERF"
	sleep "$WARMUP"
	wp=$(cpu_ms "$(cat "$tmp/pid.prof")") wf=$(cpu_ms "$(cat "$tmp/pid.perf")")
	sleep $((SECS - WARMUP))
	for t in prof perf; do
		pid=$(cat "$tmp/pid.$t")
		if [ $t = prof ]; then w=$wp; else w=$wf; fi
		c=$(cpu_ms "$pid")
		r=$(rss_kb "$pid")
		echo "$c $r $((c - w))" >>"$tmp/res.$mode.$t"
	done
	stop "$mode" prof
	stop "$mode" perf
	tmux -L "$sock" kill-server 2>/dev/null || :
}

"$DEMO" 100000000 >/dev/null 2>&1 &
demo_pid=$!

echo "top-bench: -F $FREQ -d $DELAY $ARGS, ${SECS}s per run, $RUNS runs, workload: $DEMO"
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
		printf "%-5s ratio prof/perf: CPU in all %.3f, steady CPU %.3f, peak RSS %.3f (target <= 0.5)\n", m,
			cf ? cp / cf : 0, sf ? sp / sf : 0, rf ? rp / rf : 0
	}'
done
