#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stat-startup.sh: start-up and tear-down cost of "prof stat -- true"
# against "perf stat -- true": N alternating runs of each, median wall
# time (ms) and median peak RSS (/usr/bin/time -f %M, KiB), and ratios.
# A benchmark, not a test: it asserts nothing.
#   PROF=./prof PERF=perf N=200 scripts/bench/stat-startup.sh
set -eu
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=200}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run: wall ns on fd 3, peak KiB from time(1).
one() {
	t0=$(date +%s%N)
	"$TIME" -f %M -o "$tmp/rss" "$@" stat -- true 2>/dev/null >/dev/null
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000 )) $(cat "$tmp/rss")"
}

i=0
while [ $i -lt "$N" ]; do
	one "$PROF" >>"$tmp/prof"
	one "$PERF" >>"$tmp/perf"
	i=$((i + 1))
done

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
pw=$(cut -d' ' -f1 "$tmp/prof" | median)
fw=$(cut -d' ' -f1 "$tmp/perf" | median)
pr=$(cut -d' ' -f2 "$tmp/prof" | median)
fr=$(cut -d' ' -f2 "$tmp/perf" | median)
# /usr/bin/time adds its own fork+exec to the wall time of both alike.
printf 'runs: %d each, alternating\n' "$N"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' prof "$(echo "$pw / 1000" | bc -l)" "$(echo "$pr / 1024" | bc -l)"
printf '%-6s median wall %8.2f ms   median peak RSS %8.1f MB\n' perf "$(echo "$fw / 1000" | bc -l)" "$(echo "$fr / 1024" | bc -l)"
printf 'ratio prof/perf: wall %.2f, RSS %.2f (target: <= 0.50)\n' "$(echo "$pw / $fw" | bc -l)" "$(echo "$pr / $fr" | bc -l)"
