#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# unwind-bench.sh: DWARF unwinding speed of `prof report`, with each of its
# unwinders (--unwinder=libdw, --unwinder=libunwind), against `perf report`
# on the same `perf record --call-graph dwarf` file. Runs alternate between
# the three; every run's output must be the same as perf's (a failed or
# differing run stops the benchmark with an error). Prints medians, peak
# RSS and ratios. A benchmark, not a test.
#
#   PROF=./prof NOFP=.build/tests/helpers/unwind-nofp N=7 MS=4000 \
#       scripts/bench/unwind-bench.sh
#
# The workload is unwind-nofp's thread mode (two threads, no frame
# pointers, chains rooted in _start and clone3): no signal handler, so no
# sample sits in the sigreturn trampoline, where libunwind (perf's
# unwinder, and prof's libunwind backend) can lose the caller that libdw
# finds (Documentation/technical/unwinding.md).
set -eu
: "${PERF:=perf}" "${PROF:=./prof}" "${N:=7}" "${MS:=4000}"
: "${NOFP:=.build/tests/helpers/unwind-nofp}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ -x "$NOFP" ] || { echo "no $NOFP: make build-tests" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A private build-id cache for perf, as the tests use.
HOME=$tmp
export HOME

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
fail() { echo "unwind-bench: FAILED: $*" >&2; exit 1; }

"$PERF" record -q --call-graph dwarf -e cpu-clock -o "$tmp/b.data" -- "$NOFP" thread "$MS" \
	>/dev/null 2>"$tmp/record.err" || fail "perf record: $(cat "$tmp/record.err")"
ARGS="-i $tmp/b.data --stdio --no-children --no-inline -q"

# run NAME CMD...: one timed run; its stdout must be perf's
run() {
	name=$1
	shift
	t0=$(date +%s%N)
	"$TIME" -f %M -o "$tmp/rss" "$@" >"$tmp/out" 2>"$tmp/err" ||
		fail "$name exited $?: $(head -n 3 "$tmp/err")"
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000000 )) $(tail -n 1 "$tmp/rss")" >>"$tmp/$name"
	if [ ! -f "$tmp/ref" ]; then
		[ -s "$tmp/out" ] || fail "$name printed nothing"
		cp "$tmp/out" "$tmp/ref"
	elif ! cmp -s "$tmp/ref" "$tmp/out"; then
		diff "$tmp/ref" "$tmp/out" | head -n 10 >&2
		fail "$name's output differs from perf report's"
	fi
}

# shellcheck disable=SC2086
run perf "$PERF" report $ARGS
samples=$(grep -c . "$tmp/ref")
echo "file: $(du -k "$tmp/b.data" | cut -f1) KiB of --call-graph dwarf samples (unwind-nofp thread $MS ms), report: $samples lines"
: >"$tmp/perf"
i=0
while [ "$i" -lt "$N" ]; do
	# shellcheck disable=SC2086
	run libdw "$PROF" report --unwinder=libdw $ARGS
	# shellcheck disable=SC2086
	run libunwind "$PROF" report --unwinder=libunwind $ARGS
	# shellcheck disable=SC2086
	run perf "$PERF" report $ARGS
	i=$((i + 1))
done
med() { cut -d' ' -f"$2" "$tmp/$1" | median; }	# NAME FIELD (1 ms, 2 KiB)
ms_libdw=$(med libdw 1) ms_libunwind=$(med libunwind 1) ms_perf=$(med perf 1)
echo "all $((3 * N)) runs printed perf report's output"
echo "prof report --unwinder=libdw:     $ms_libdw ms, $(med libdw 2) KiB peak RSS (median of $N)"
echo "prof report --unwinder=libunwind: $ms_libunwind ms, $(med libunwind 2) KiB peak RSS"
echo "perf report:                      $ms_perf ms, $(med perf 2) KiB peak RSS"
awk -v d="$ms_libdw" -v u="$ms_libunwind" -v p="$ms_perf" 'BEGIN {
	printf "ratios: perf/libdw %.2fx, perf/libunwind %.2fx, libunwind/libdw %.2fx\n", p / d, p / u, u / d }'
