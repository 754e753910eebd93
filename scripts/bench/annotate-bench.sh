#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# annotate-bench.sh: prof annotate against perf annotate --stdio on the same
# profile: the hottest symbols (--percent-limit LIMIT, default 0.1%, about
# twenty on the default profile), without source (perf's -S blocks and
# prof's source lines differ by design: deliberate-differences.md). The
# default profile is issue 17's large one: the three test workloads for
# ~20 s, perf record -e task-clock -g -c 25000 (about 0.9M samples, 60 MB);
# SMALL=1 records the old 3K-sample one (-F 2000, 2 s) instead.
# Alternating runs, median wall times, CPU times (user + sys, children
# included: perf's objdumps) and peak RSS (/usr/bin/time), the ratios
# prof/perf, and the load average before and after. A benchmark, not a
# test.
#   PROF=./prof PERF=perf HELPERS=.build/tests/helpers N=5 scripts/bench/annotate-bench.sh
# DATA=file uses that profile instead of recording one (the binaries it
# names must be at hand); KEEP=file keeps a copy of the recorded one.
# Every run is checked: both tools exit 0 and print the same headers and
# instruction lines (percent, address, text) once the symbol names
# objdump puts in "<...>" are taken out (the documented normalisation),
# else the benchmark fails.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=5}" "${HELPERS:=.build/tests/helpers}"
: "${LIMIT:=0.1}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

data=${DATA:-}
if [ -z "$data" ]; then
	data=$tmp/perf.data
	if [ -n "${SMALL:-}" ]; then
		"$PERF" record -q -e task-clock -F 2000 -o "$data" -- sh -c \
			"$HELPERS/symtest 200 & $HELPERS/optwork 300 & $HELPERS/demo 200; wait" \
			>/dev/null 2>&1 || die "perf record failed"
	else
		"$PERF" record -q -e task-clock -g -c 25000 -o "$data" -- sh -c \
			"$HELPERS/symtest 2000 & $HELPERS/optwork 3000 & $HELPERS/demo 2000; wait" \
			>/dev/null 2>&1 || die "perf record failed"
	fi
fi
echo "profile: $("$PERF" report -i "$data" --stats 2>/dev/null |
	awk '/SAMPLE events:/ { print $3; exit }') samples, $(( $(stat -L -c %s "$data") / 1048576 )) MiB"
if [ -n "${KEEP:-}" ] && [ -z "${DATA:-}" ]; then
	cp "$data" "$KEEP"
fi


# lines FILE: what both must print alike.
lines() {
	grep -E '^ +[0-9.]+ : +[0-9a-f]+:|\|	Source code' "$1" | sed -E 's/ <[^>]*>//'
}

[ -x /usr/bin/time ] || die "/usr/bin/time is needed (CPU time and peak RSS)"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
rm -f "$tmp/wall.prof" "$tmp/wall.perf"
i=0
while [ "$i" -lt "$N" ]; do
	for t in prof perf; do
		eval "bin=\$$(echo $t | tr a-z A-Z)"
		timed "$t annotate" "$tmp/wall.$t" "$tmp/raw.$t" "$tmp/err.$t" \
			/usr/bin/time -o "$tmp/ru.$t" -f '%U %S %M' \
			"$bin" annotate -i "$data" --stdio --no-source --percent-limit "$LIMIT"
		awk '{ print ($1 + $2) * 1000 }' "$tmp/ru.$t" >>"$tmp/cpu.$t"
		awk '{ print $3 }' "$tmp/ru.$t" >>"$tmp/rss.$t"
		lines "$tmp/raw.$t" >"$tmp/out.$t"
	done
	same_output "annotate (run $i)" "$tmp/out.perf" "$tmp/out.prof"
	i=$((i + 1))
done
nsym=$(grep -c 'Source code' "$tmp/out.perf")
ninsn=$(grep -vc 'Source code' "$tmp/out.perf")
wprof=$(median <"$tmp/wall.prof")
wperf=$(median <"$tmp/wall.perf")
cprof=$(median <"$tmp/cpu.prof")
cperf=$(median <"$tmp/cpu.perf")
rprof=$(median <"$tmp/rss.prof")
rperf=$(median <"$tmp/rss.perf")
printf 'annotate --stdio --no-source --percent-limit %s: %d symbols, %d instructions\n' \
	"$LIMIT" "$nsym" "$ninsn"
printf '  wall (median of %d): prof %.3f s, perf %.3f s, ratio prof/perf %.3f\n' "$N" \
	"$(echo "$wprof" | awk '{ print $1 / 1e6 }')" "$(echo "$wperf" | awk '{ print $1 / 1e6 }')" \
	"$(echo "$wprof $wperf" | awk '{ print $1 / $2 }')"
printf '  CPU, user + sys (median): prof %.0f ms, perf %.0f ms, ratio %.3f\n' \
	"$cprof" "$cperf" "$(echo "$cprof $cperf" | awk '{ print $2 ? $1 / $2 : 0 }')"
printf '  peak RSS (median): prof %d KiB, perf %d KiB, ratio %.2f\n' \
	"$rprof" "$rperf" "$(echo "$rprof $rperf" | awk '{ print $1 / $2 }')"
printf '  load average: %s before, %s after\n' "$load0" "$(cut -d' ' -f1-3 /proc/loadavg)"
