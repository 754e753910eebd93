#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stat-overhead.sh: counting overhead on a CPU-bound workload. Runs the
# workload bare, under "prof stat" and under "perf stat", alternating,
# N times each, and prints the median wall times and the overheads.
# A benchmark, not a test: it asserts nothing.
#   PROF=./prof PERF=perf WORK='.build/tests/helpers/stat-work -b 300 -t 1' N=15 \
#       scripts/bench/stat-overhead.sh
set -eu
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=15}"
: "${WORK:=.build/tests/helpers/stat-work -b 300 -t 1}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ms() {
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000 ))
}

i=0
while [ $i -lt "$N" ]; do
	ms $WORK >>"$tmp/bare"
	ms "$PROF" stat -e task-clock,context-switches,page-faults -- $WORK >>"$tmp/prof"
	ms "$PERF" stat -e task-clock,context-switches,page-faults -- $WORK >>"$tmp/perf"
	i=$((i + 1))
done
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
b=$(median <"$tmp/bare"); p=$(median <"$tmp/prof"); f=$(median <"$tmp/perf")
printf 'workload: %s (%d runs each, alternating)\n' "$WORK" "$N"
printf 'bare %.2f ms, prof stat %.2f ms (%+.2f), perf stat %.2f ms (%+.2f)\n' \
	"$(echo "$b/1000" | bc -l)" "$(echo "$p/1000" | bc -l)" "$(echo "($p-$b)/1000" | bc -l)" \
	"$(echo "$f/1000" | bc -l)" "$(echo "($f-$b)/1000" | bc -l)"
