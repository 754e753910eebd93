#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stat-overhead.sh: counting overhead on a CPU-bound workload. Runs the
# workload bare, under "prof stat" and under "perf stat", alternating,
# N times each, and prints the median wall times and the overheads.
# A benchmark, not a test, but every run is checked: each must exit 0,
# the workload must print what it prints bare, and prof stat's output
# must be perf stat's with the numbers taken out; if not, it fails.
#   PROF=./prof PERF=perf WORK='.build/tests/helpers/stat-work -b 300 -t 1' N=15 \
#       scripts/bench/stat-overhead.sh
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=15}"
: "${WORK:=.build/tests/helpers/stat-work -b 300 -t 1}"
EV=task-clock,context-switches,page-faults
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

i=0
while [ $i -lt "$N" ]; do
	timed bare "$tmp/bare" "$tmp/out.bare" "$tmp/err.bare" $WORK
	timed "prof stat" "$tmp/prof" "$tmp/out.prof" "$tmp/err.prof" "$PROF" stat -e $EV -- $WORK
	timed "perf stat" "$tmp/perf" "$tmp/out.perf" "$tmp/err.perf" "$PERF" stat -e $EV -- $WORK
	cmp -s "$tmp/out.bare" "$tmp/out.prof" || die "the workload's output under prof stat is not its own"
	stat_shape "$tmp/err.perf" | sed 's/perf stat/prof stat/' >"$tmp/shape.perf"
	stat_shape "$tmp/err.prof" >"$tmp/shape.prof"
	same_output "run $i: prof stat" "$tmp/shape.perf" "$tmp/shape.prof"
	i=$((i + 1))
done
b=$(median <"$tmp/bare"); p=$(median <"$tmp/prof"); f=$(median <"$tmp/perf")
printf 'workload: %s (%d runs each, alternating; outputs checked)\n' "$WORK" "$N"
printf 'bare %.2f ms, prof stat %.2f ms (%+.2f), perf stat %.2f ms (%+.2f)\n' \
	"$(echo "$b/1000" | bc -l)" "$(echo "$p/1000" | bc -l)" "$(echo "($p-$b)/1000" | bc -l)" \
	"$(echo "$f/1000" | bc -l)" "$(echo "($f-$b)/1000" | bc -l)"
