#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# script-bench.sh: prof script against perf script on the same files, same
# output; alternating runs, medians of wall time and peak RSS (/usr/bin/time
# %M), ratios prof/perf. A benchmark, not a test.
#   1. a -g profile (perf record -g -c 10000 of the demo, ~1M
#      samples at ROUNDS=1500, made here): the default output, the flame-graph
#      step, script | stackcollapse-perf.pl, whose folds are compared
#   2. -F +srcline on a smaller -g profile (perf runs addr2line: one run
#      each unless SRCLINE_N is set)
#   3. a --call-graph dwarf profile of symtest: the default output, with
#      the inlined frames perf asks addr2line about
#   PROF=./prof PERF=perf HELPERS=.build/tests/helpers N=5 scripts/bench/script-bench.sh
# DATA=file uses that -g profile instead of recording one. KEEP=dir keeps
# the profiles and, when the outputs differ, both outputs there.
# Every run is checked: both tools must exit 0 and print the same lines
# (for the dwarf file, after dropping the samples where perf's unwinder adds
# its bogus ffffffffffffffff frame: deliberate-differences.md), else the
# benchmark fails.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=5}" "${HELPERS:=.build/tests/helpers}"
: "${ROUNDS:=1500}" "${SRCLINE_ROUNDS:=300}" "${SRCLINE_N:=1}"
: "${FLAMEGRAPH:=$(dirname "$0")/../../../shared/tools/FlameGraph}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

keep_outputs() {
	if [ -n "${KEEP:-}" ]; then
		k=$KEEP/$(echo "$1" | tr -c 'a-z0-9\n' -)
		cp "$tmp/out.prof" "$k.prof"
		cp "$tmp/out.perf" "$k.perf"
	fi
}

# The samples where perf's unwinder ran off the stack copy, by header line,
# dropped from $tmp/out.$t (a no-op for files without them).
drop_bogus() {
	awk '/^[^\t ]/ { h = $0 } /^\tffffffffffffffff \[unknown\]/ { print h }' "$tmp/out.perf" >"$tmp/bogus"
	for t in prof perf; do
		awk 'FILENAME == ARGV[1] { bad[$0] = 1; next } /^[^\t ]/ { skip = ($0 in bad) } !skip' \
			"$tmp/bogus" "$tmp/out.$t" >"$tmp/x" && mv "$tmp/x" "$tmp/out.$t"
	done
}

# run TAG N FILTER ARGS...: both tools N times, alternating, as
# "TOOL script ARGS | FILTER" (FILTER "cat": no pipe): the wall time of the
# whole pipeline, the script's own CPU time (user + sys) and peak RSS;
# every run's outputs must be the same. The last run's output is removed
# before the clock starts: truncating ~500 MB of page cache took the shell
# 0.4 s here, as much as prof's whole run.
run() {
	tag=$1 n=$2 filter=$3
	shift 3
	rm -f "$tmp/wall.prof" "$tmp/wall.perf" "$tmp/rss.prof" "$tmp/rss.perf" \
	      "$tmp/cpu.prof" "$tmp/cpu.perf"
	i=0
	while [ "$i" -lt "$n" ]; do
		for t in prof perf; do
			eval "bin=\$$(echo $t | tr a-z A-Z)"
			rm -f "$tmp/out.$t"
			timed "$t script $*" "$tmp/wall.$t" "$tmp/out.$t" "$tmp/err.$t" \
				sh -c 'ti=$1 o=$2 b=$3 f=$4; shift 4
				       if [ "$f" = cat ]; then exec "$ti" -f "%e %M %U %S" -o "$o" "$b" script "$@"; fi
				       "$ti" -f "%e %M %U %S" -o "$o" "$b" script "$@" | $f' \
				sh "$TIME" "$tmp/t" "$bin" "$filter" "$@"
			# the pipe hides the script's status: time(1) says it
			if grep -q "exited with non-zero status" "$tmp/t"; then
				tail -n 5 "$tmp/err.$t" | sed 's/^/    /' >&2
				die "$t script $*: $(head -1 "$tmp/t")"
			fi
			tail -1 "$tmp/t" | awk '{ print $2 }' >>"$tmp/rss.$t"
			tail -1 "$tmp/t" | awk '{ print $3 + $4 }' >>"$tmp/cpu.$t"
		done
		drop_bogus
		if ! cmp -s "$tmp/out.perf" "$tmp/out.prof"; then
			keep_outputs "$tag"
		fi
		same_output "$tag (run $i)" "$tmp/out.perf" "$tmp/out.prof"
		i=$((i + 1))
	done
	ratios "$tag" "$n" "$tmp"
	_c_prof=$(median <"$tmp/cpu.prof") _c_perf=$(median <"$tmp/cpu.perf")
	echo "    CPU (user + sys, median): prof $_c_prof s, perf $_c_perf s;" \
	     "ratio $(awk "BEGIN{printf \"%.3f\", $_c_prof/($_c_perf > 0 ? $_c_perf : 0.01)}")"
}

samples() {
	"$PERF" report -i "$1" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }'
}

if [ -n "${DATA:-}" ]; then
	ln -s "$(realpath "$DATA")" "$tmp/big.data"
else
	"$PERF" record -q -g -c 10000 -o "$tmp/big.data" -- "$HELPERS/demo" "$ROUNDS" >/dev/null 2>&1
fi
"$PERF" record -q -g -c 100000 -o "$tmp/small.data" -- "$HELPERS/symtest" "$SRCLINE_ROUNDS" \
	>/dev/null 2>&1
"$PERF" record -q --call-graph dwarf -c 100000 -o "$tmp/dwarf.data" -- \
	"$HELPERS/symtest" "$SRCLINE_ROUNDS" >/dev/null 2>&1
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$tmp"/*.data "$KEEP/"
echo "-g profile: $(samples "$tmp/big.data") samples, $(( $(stat -L -c %s "$tmp/big.data") / 1048576 )) MiB;" \
     "srcline profile: $(samples "$tmp/small.data") samples;" \
     "dwarf profile: $(samples "$tmp/dwarf.data") samples, $(( $(stat -L -c %s "$tmp/dwarf.data") / 1048576 )) MiB"

run "script" "$N" cat -i "$tmp/big.data"
if [ -f "$FLAMEGRAPH/stackcollapse-perf.pl" ]; then
	run "script | stackcollapse-perf.pl" "$N" "perl $FLAMEGRAPH/stackcollapse-perf.pl" \
		-i "$tmp/big.data"
else
	echo "script | stackcollapse-perf.pl: skipped, no $FLAMEGRAPH/stackcollapse-perf.pl"
fi
run "script -F +srcline" "$SRCLINE_N" cat -i "$tmp/small.data" -F +srcline
run "script (dwarf, inlined frames)" "$SRCLINE_N" cat -i "$tmp/dwarf.data"
run "script -F +srcline (dwarf, inlined frames)" "$SRCLINE_N" cat -i "$tmp/dwarf.data" -F +srcline
