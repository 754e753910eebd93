#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# offcpu-bench.sh: what prof record --off-cpu costs against plain -g, on
# a workload that blocks all the time: two threads passing a byte back
# and forth over pipes (blockwork pingpong), every pass a block and a
# wakeup. perf 6.1 has no --off-cpu here (no BPF skeleton), so the
# comparison is prof's own: the bare workload, record -g, record
# --off-cpu -g, and what one records without it, -g with
# sched:sched_switch beside the event (the file keeps every switch),
# alternating, medians. Every run is checked: each record
# exits 0, perf reads both files (perf evlist), the --off-cpu file has
# perf's offcpu-time event, and its samples put the workload's blocked
# time in the pipe reads' stacks.
#   1. wall ms of the workload under each, and the ratios
#   2. file sizes
#   3. lost events: LOST records (a ring buffer overflowed) and the
#      samples lost (read_format LOST), as perf report --stats counts them
#   PROF=./prof PERF=perf BLOCKWORK=.build/tests/helpers/blockwork N=5 scripts/bench/offcpu-bench.sh
# ROUNDS (default 100000) passes; ARGS (default "-e cpu-clock") to both records.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=5}" "${BLOCKWORK:=blockwork}" "${ROUNDS:=100000}"
: "${ARGS:=-e cpu-clock}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# lost FILE: LOST records, and the lost samples of every event's stats
lost() {
	"$PERF" report --stats -i "$1" 2>/dev/null |
		awk '/stats:$/ && !/Aggregated/ { ev = 1 } /^ *LOST events:/ && !ev { l = $3 }
		     /^ *LOST_SAMPLES events:/ && ev { s += $3 }
		     END { printf "%d %d\n", l, s }'
}

# check_offcpu FILE: perf reads it, it has offcpu-time, whose samples
# through the pipe reads say the threads were blocked (ns > 0)
check_offcpu() {
	"$PERF" evlist -i "$1" >"$tmp/ev" 2>"$tmp/everr" ||
		die "perf evlist cannot read $1: $(head -n 1 "$tmp/everr")"
	grep -q -x offcpu-time "$tmp/ev" || die "$1: no offcpu-time event"
	"$PERF" script -i "$1" -F period,event,ip,sym >"$tmp/script" 2>/dev/null ||
		die "perf script cannot read $1"
	awk '/offcpu-time:/ { p = $1; next } /pipe_read/ && p { s += p; p = 0 }
	     END { printf "%.0f\n", s }' "$tmp/script" >"$tmp/blocked"
	[ "$(cat "$tmp/blocked")" -gt 0 ] || die "$1: no blocked time in the pipe reads' stacks"
}

i=0
while [ $i -lt "$N" ]; do
	timed "bare" "$tmp/wall.bare" /dev/null "$tmp/err" "$BLOCKWORK" pingpong "$ROUNDS"
	timed "record -g" "$tmp/wall.g" /dev/null "$tmp/err" \
		"$PROF" record -q $ARGS -g -o "$tmp/g.data" -- "$BLOCKWORK" pingpong "$ROUNDS"
	"$PERF" evlist -i "$tmp/g.data" >/dev/null 2>&1 || die "perf evlist cannot read record -g's file"
	stat -c %s "$tmp/g.data" >>"$tmp/size.g"
	lost "$tmp/g.data" >>"$tmp/lost.g"
	timed "record --off-cpu -g" "$tmp/wall.oc" /dev/null "$tmp/err" \
		"$PROF" record -q $ARGS --off-cpu -g -o "$tmp/oc.data" -- "$BLOCKWORK" pingpong "$ROUNDS"
	check_offcpu "$tmp/oc.data"
	stat -c %s "$tmp/oc.data" >>"$tmp/size.oc"
	lost "$tmp/oc.data" >>"$tmp/lost.oc"
	cat "$tmp/blocked" >>"$tmp/blocked.oc"
	timed "record -e sched:sched_switch -g" "$tmp/wall.sw" /dev/null "$tmp/err" \
		"$PROF" record -q $ARGS -e sched:sched_switch -g -o "$tmp/sw.data" -- \
		"$BLOCKWORK" pingpong "$ROUNDS"
	"$PERF" evlist -i "$tmp/sw.data" >/dev/null 2>&1 || die "perf evlist cannot read the sched_switch file"
	stat -c %s "$tmp/sw.data" >>"$tmp/size.sw"
	lost "$tmp/sw.data" >>"$tmp/lost.sw"
	i=$((i + 1))
done

ms() { echo $(( $(median <"$1" | cut -d. -f1) / 1000 )); }
bare=$(ms "$tmp/wall.bare"); wg=$(ms "$tmp/wall.g"); woc=$(ms "$tmp/wall.oc"); wsw=$(ms "$tmp/wall.sw")
sg=$(median <"$tmp/size.g"); soc=$(median <"$tmp/size.oc"); ssw=$(median <"$tmp/size.sw")
echo "workload: blockwork pingpong $ROUNDS ($((ROUNDS * 2)) blocks), prof record $ARGS, median of $N"
echo "wall: bare ${bare} ms, record -g ${wg} ms, record --off-cpu -g ${woc} ms;" \
	"--off-cpu / -g $(awk "BEGIN{printf \"%.2f\", $woc/$wg}"), -g / bare $(awk "BEGIN{printf \"%.2f\", $wg/$bare}")," \
	"--off-cpu / bare $(awk "BEGIN{printf \"%.2f\", $woc/$bare}");" \
	"-e sched:sched_switch -g ${wsw} ms"
echo "file: record -g $sg bytes, record --off-cpu -g $soc bytes ($(awk "BEGIN{printf \"%.2f\", $soc/$sg}")x)," \
	"-e sched:sched_switch -g $ssw bytes"
echo "lost (LOST records, lost samples; max over the runs): record -g $(sort -n -k1,1 -k2,2 "$tmp/lost.g" | tail -n 1)," \
	"record --off-cpu -g $(sort -n -k1,1 -k2,2 "$tmp/lost.oc" | tail -n 1)," \
	"-e sched:sched_switch -g $(sort -n -k1,1 -k2,2 "$tmp/lost.sw" | tail -n 1)"
echo "blocked time found in the pipe reads' stacks (median): $(median <"$tmp/blocked.oc") ns"
