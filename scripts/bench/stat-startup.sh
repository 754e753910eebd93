#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stat-startup.sh: start-up and tear-down cost of "prof stat -- true"
# against "perf stat -- true": N alternating runs of each, median wall
# time (ms) and median peak RSS (/usr/bin/time -f %M, KiB), and ratios.
# A benchmark, not a test, but every run is checked: each must exit 0 and
# print what perf stat prints, numbers aside; if not, it fails.
#   PROF=./prof PERF=perf N=50 scripts/bench/stat-startup.sh
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=50}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one TOOL BIN: ten runs timed together (a run takes a few ms; the fork
# and exec of date(1) around each would be in both tools' times and pull
# the ratio towards 1), then one under /usr/bin/time for the peak RSS;
# "wall-us-per-run peak-KiB" appended to $tmp/TOOL, the last timed run's
# stat output in $tmp/err.TOOL
one() {
	_t0=$(date +%s%N)
	for _k in 0 1 2 3 4 5 6 7 8 9; do
		"$2" stat -- true >/dev/null 2>"$tmp/err.$1" ||
			die "$1 stat -- true exited $?: $(tail -n 3 "$tmp/err.$1")"
	done
	_t1=$(date +%s%N)
	"$TIME" -f %M -o "$tmp/rss" "$2" stat -- true >/dev/null 2>&1 ||
		die "$1 stat -- true under $TIME exited $?"
	echo "$(( (_t1 - _t0) / 10000 )) $(cat "$tmp/rss")" >>"$tmp/$1"
}

i=0
while [ $i -lt "$N" ]; do
	one prof "$PROF"
	one perf "$PERF"
	stat_shape "$tmp/err.perf" | sed 's/perf stat/prof stat/' >"$tmp/shape.perf"
	stat_shape "$tmp/err.prof" >"$tmp/shape.prof"
	same_output "run $i: prof stat -- true" "$tmp/shape.perf" "$tmp/shape.prof"
	i=$((i + 1))
done

pw=$(cut -d' ' -f1 "$tmp/prof" | median)
fw=$(cut -d' ' -f1 "$tmp/perf" | median)
pr=$(cut -d' ' -f2 "$tmp/prof" | median)
fr=$(cut -d' ' -f2 "$tmp/perf" | median)
printf 'runs: %d batches of 10 each, alternating; outputs checked\n' "$N"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' prof "$(echo "$pw / 1000" | bc -l)" "$(echo "$pr / 1024" | bc -l)"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' perf "$(echo "$fw / 1000" | bc -l)" "$(echo "$fr / 1024" | bc -l)"
printf 'ratio prof/perf: wall %.2f, RSS %.2f (target of issue 20: wall <= 0.40)\n' "$(echo "$pw / $fw" | bc -l)" "$(echo "$pr / $fr" | bc -l)"
