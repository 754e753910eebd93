#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stat-startup.sh: start-up and tear-down cost of "prof stat -- true"
# against "perf stat -- true": N alternating runs of each, median wall
# time (ms) and median peak RSS (/usr/bin/time -f %M, KiB), and ratios.
# A benchmark, not a test, but every run is checked: each must exit 0 and
# print what perf stat prints, numbers aside; if not, it fails.
#   PROF=./prof PERF=perf N=200 scripts/bench/stat-startup.sh
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=200}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one TOOL BIN: one run; "wall-us peak-KiB" appended to $tmp/TOOL, its
# stat output in $tmp/err.TOOL
one() {
	timed "$1 stat -- true" "$tmp/wall" /dev/null "$tmp/err.$1" \
		"$TIME" -f %M -o "$tmp/rss" "$2" stat -- true
	echo "$(tail -n 1 "$tmp/wall") $(cat "$tmp/rss")" >>"$tmp/$1"
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
# /usr/bin/time adds its own fork+exec to the wall time of both alike.
printf 'runs: %d each, alternating; outputs checked\n' "$N"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' prof "$(echo "$pw / 1000" | bc -l)" "$(echo "$pr / 1024" | bc -l)"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' perf "$(echo "$fw / 1000" | bc -l)" "$(echo "$fr / 1024" | bc -l)"
printf 'ratio prof/perf: wall %.2f, RSS %.2f (target: <= 0.50)\n' "$(echo "$pw / $fw" | bc -l)" "$(echo "$pr / $fr" | bc -l)"
