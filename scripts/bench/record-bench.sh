#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# record-bench.sh: prof record against perf record, alternating runs,
# medians and ratios (prof / perf). A benchmark, not a test.
#   1. fixed cost: "record -- true": wall ms, peak RSS KiB
#   2. overhead: a CPU-bound workload at -F 4000 -g: workload wall ms
#      (and the bare workload for reference), file size
#   3. lost samples at -F 20000 -g -a on both CPUs
#   PROF=./prof PERF=perf DEMO=.build/tests/helpers/demo N=20 scripts/bench/record-bench.sh
set -eu
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=20}" "${DEMO:=demo}" "${ROUNDS:=2000}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# fixed cost
i=0
while [ $i -lt "$N" ]; do
	for t in prof perf; do
		eval "bin=\$$(echo $t | tr a-z A-Z)"
		t0=$(date +%s%N)
		"$TIME" -f %M -o "$tmp/rss" "$bin" record -q -o "$tmp/$t.data" -- true 2>/dev/null
		echo "$(ms "$t0") $(cat "$tmp/rss")" >>"$tmp/fixed.$t"
	done
	i=$((i + 1))
done
for t in prof perf; do
	eval "fw_$t=$(cut -d' ' -f1 "$tmp/fixed.$t" | median)"
	eval "fr_$t=$(cut -d' ' -f2 "$tmp/fixed.$t" | median)"
done
echo "fixed cost (record -- true, median of $N): prof ${fw_prof} ms ${fr_prof} KiB, perf ${fw_perf} ms ${fr_perf} KiB, wall ratio $(awk "BEGIN{printf \"%.3f\", $fw_prof/$fw_perf}")"

# overhead at -F 4000 -g
n=$(( N / 4 > 3 ? N / 4 : 3 ))
i=0
while [ $i -lt $n ]; do
	t0=$(date +%s%N); "$DEMO" "$ROUNDS" >/dev/null; ms "$t0" >>"$tmp/bare"
	for t in prof perf; do
		eval "bin=\$$(echo $t | tr a-z A-Z)"
		t0=$(date +%s%N)
		"$bin" record -q -F 4000 -g -o "$tmp/o.$t.data" -- "$DEMO" "$ROUNDS" >/dev/null 2>&1
		ms "$t0" >>"$tmp/ovh.$t"
		stat -c %s "$tmp/o.$t.data" >>"$tmp/size.$t"
	done
	i=$((i + 1))
done
bare=$(median <"$tmp/bare")
op=$(median <"$tmp/ovh.prof"); of=$(median <"$tmp/ovh.perf")
sp=$(median <"$tmp/size.prof"); sf=$(median <"$tmp/size.perf")
echo "overhead (demo $ROUNDS at -F 4000 -g, median of $n): bare ${bare} ms, prof ${op} ms, perf ${of} ms, ratio $(awk "BEGIN{printf \"%.3f\", $op/$of}")"
nsp=$("$PERF" report -i "$tmp/o.prof.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }')
nsf=$("$PERF" report -i "$tmp/o.perf.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }')
echo "file size: prof ${sp} B, perf ${sf} B, ratio $(awk "BEGIN{printf \"%.3f\", $sp/$sf}")"
echo "bytes per sample (last run): prof $(( $(stat -c %s "$tmp/o.prof.data") / ${nsp:-1} )) ($nsp samples), perf $(( $(stat -c %s "$tmp/o.perf.data") / ${nsf:-1} )) ($nsf samples)"

# lost samples at -F 20000 -g -a, both CPUs busy
for t in prof perf; do
	eval "bin=\$$(echo $t | tr a-z A-Z)"
	"$bin" record -q -F 20000 -g -a -o "$tmp/l.$t.data" -- sh -c "\"$DEMO\" $ROUNDS & \"$DEMO\" $ROUNDS; wait" >/dev/null 2>&1
	lost=$("$PERF" report -i "$tmp/l.$t.data" --stats 2>/dev/null | awk '/LOST events:/ { print $3 }')
	samples=$("$PERF" report -i "$tmp/l.$t.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }')
	echo "lost at -F 20000 -g -a: $t ${lost:-0} LOST records, ${samples:-0} samples"
done
