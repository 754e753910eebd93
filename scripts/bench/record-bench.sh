#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# record-bench.sh: prof record against perf record, alternating runs,
# medians and ratios (prof / perf). A benchmark, not a test, but every
# run is checked: each record must exit 0, perf must read the file it
# wrote, with the events perf's own file has (perf evlist), and a
# profile's hottest symbol must be the one in perf's; if not, it fails.
#   1. fixed cost: "record -- true": wall ms, peak RSS KiB
#   2. overhead: a CPU-bound workload at -F 4000 -g: workload wall ms
#      (and the bare workload for reference), file size
#   3. lost samples at -F 20000 -g -a on both CPUs
#   PROF=./prof PERF=perf DEMO=.build/tests/helpers/demo N=20 scripts/bench/record-bench.sh
# ARGS="-e cpu-clock" is given to both records (default: the default event).
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=20}" "${DEMO:=demo}" "${ROUNDS:=2000}" "${ARGS:=}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check TAG: perf reads $tmp/TAG.prof.data as it reads $tmp/TAG.perf.data:
# the same events, and (with HOT set) the same hottest symbol.
check() {
	for t in prof perf; do
		"$PERF" evlist -i "$tmp/$1.$t.data" >"$tmp/ev.$t" 2>"$tmp/everr.$t" ||
			die "$1: perf evlist cannot read $t's file: $(head -n 1 "$tmp/everr.$t")"
	done
	same_output "$1: events" "$tmp/ev.perf" "$tmp/ev.prof"
	[ -z "${HOT:-}" ] && return 0
	for t in prof perf; do
		"$PERF" report -i "$tmp/$1.$t.data" --stdio -q --no-children -g none --sort sym \
			2>/dev/null | awk 'NF { print $NF; exit }' >"$tmp/hot.$t"
	done
	same_output "$1: the hottest symbol" "$tmp/hot.perf" "$tmp/hot.prof"
}

# samples FILE: its SAMPLE count, as perf counts it
samples() {
	"$PERF" report -i "$1" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }'
}

# fixed cost
HOT=
i=0
while [ $i -lt "$N" ]; do
	for t in prof perf; do
		eval "bin=\$$(echo $t | tr a-z A-Z)"
		timed "$t record -- true" "$tmp/wall.$t" /dev/null "$tmp/err" \
			"$TIME" -f %M -o "$tmp/rss" "$bin" record -q $ARGS -o "$tmp/fixed.$t.data" -- true
		echo "$(( $(tail -n 1 "$tmp/wall.$t") / 1000 )) $(cat "$tmp/rss")" >>"$tmp/fixed.$t"
	done
	check fixed
	i=$((i + 1))
done
for t in prof perf; do
	eval "fw_$t=$(cut -d' ' -f1 "$tmp/fixed.$t" | median)"
	eval "fr_$t=$(cut -d' ' -f2 "$tmp/fixed.$t" | median)"
done
echo "fixed cost (record -- true, median of $N): prof ${fw_prof} ms ${fr_prof} KiB, perf ${fw_perf} ms ${fr_perf} KiB, wall ratio $(awk "BEGIN{printf \"%.3f\", $fw_prof/$fw_perf}")"

# overhead at -F 4000 -g
HOT=1
n=$(( N / 4 > 3 ? N / 4 : 3 ))
i=0
while [ $i -lt $n ]; do
	timed "bare demo" "$tmp/bare" /dev/null "$tmp/err" "$DEMO" "$ROUNDS"
	for t in prof perf; do
		eval "bin=\$$(echo $t | tr a-z A-Z)"
		timed "$t record -F 4000 -g" "$tmp/ovh.$t" /dev/null "$tmp/err" \
			"$bin" record -q $ARGS -F 4000 -g -o "$tmp/o.$t.data" -- "$DEMO" "$ROUNDS"
		stat -c %s "$tmp/o.$t.data" >>"$tmp/size.$t"
	done
	check o
	i=$((i + 1))
done
bare=$(( $(median <"$tmp/bare" | cut -d. -f1) / 1000 ))
op=$(( $(median <"$tmp/ovh.prof" | cut -d. -f1) / 1000 )); of=$(( $(median <"$tmp/ovh.perf" | cut -d. -f1) / 1000 ))
sp=$(median <"$tmp/size.prof"); sf=$(median <"$tmp/size.perf")
echo "overhead (demo $ROUNDS at -F 4000 -g, median of $n): bare ${bare} ms, prof ${op} ms, perf ${of} ms, ratio $(awk "BEGIN{printf \"%.3f\", $op/$of}")"
nsp=$(samples "$tmp/o.prof.data"); nsf=$(samples "$tmp/o.perf.data")
[ "${nsp:-0}" -gt 0 ] && [ "${nsf:-0}" -gt 0 ] || die "no samples (prof ${nsp:-none}, perf ${nsf:-none})"
echo "file size: prof ${sp} B, perf ${sf} B, ratio $(awk "BEGIN{printf \"%.3f\", $sp/$sf}")"
echo "bytes per sample (last run): prof $(( $(stat -c %s "$tmp/o.prof.data") / nsp )) ($nsp samples), perf $(( $(stat -c %s "$tmp/o.perf.data") / nsf )) ($nsf samples)"

# lost samples at -F 20000 -g -a, both CPUs busy
for t in prof perf; do
	eval "bin=\$$(echo $t | tr a-z A-Z)"
	timed "$t record -F 20000 -g -a" "$tmp/lost-wall" /dev/null "$tmp/err" \
		"$bin" record -q $ARGS -F 20000 -g -a -o "$tmp/l.$t.data" -- sh -c "\"$DEMO\" $ROUNDS & \"$DEMO\" $ROUNDS; wait"
	lost=$("$PERF" report -i "$tmp/l.$t.data" --stats 2>/dev/null | awk '/LOST events:/ { print $3 }')
	s=$(samples "$tmp/l.$t.data")
	[ "${s:-0}" -gt 0 ] || die "$t record -a: no samples"
	echo "lost at -F 20000 -g -a: $t ${lost:-0} LOST records, $s samples"
done
HOT=
check l
