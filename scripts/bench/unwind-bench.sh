#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# unwind-bench.sh: DWARF unwinding speed, prof's unwinder (libdw backend,
# through the t0800-unwind driver: read the file, unwind and resolve every
# sample) against perf script and perf report --stdio on the same
# --call-graph dwarf file. Alternating runs, medians, peak RSS, ratios.
# A benchmark, not a test.
#   DRV=/tmp/build/.build/tests/unit/t0800-unwind \
#   NOFP=/tmp/build/.build/tests/helpers/unwind-nofp N=5 MS=8000 scripts/bench/unwind-bench.sh
set -eu
: "${PERF:=perf}" "${N:=5}" "${MS:=8000}"
: "${DRV:=.build/tests/unit/t0800-unwind}" "${NOFP:=.build/tests/helpers/unwind-nofp}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A private build-id cache for perf, as the tests use.
HOME=$tmp
export HOME

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

"$PERF" record -q --call-graph dwarf -e cpu-clock -o "$tmp/b.data" -- "$NOFP" "$MS" >/dev/null 2>&1
samples=$("$DRV" bench "$tmp/b.data" | cut -d' ' -f1)
echo "file: $samples --call-graph dwarf samples ($(du -k "$tmp/b.data" | cut -f1) KiB)"

run() {	# name cmd...
	name=$1
	shift
	t0=$(date +%s%N)
	"$TIME" -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
	echo "$(ms "$t0") $(cat "$tmp/rss")" >>"$tmp/$name"
}

i=0
while [ "$i" -lt "$N" ]; do
	run prof "$DRV" bench "$tmp/b.data"
	run read "$DRV" read "$tmp/b.data"
	run full "$DRV" bench "$tmp/b.data" full
	run script "$PERF" script -i "$tmp/b.data" -F ip,sym --no-inline
	run report "$PERF" report -i "$tmp/b.data" --stdio --no-children --no-inline
	i=$((i + 1))
done
for t in prof read full script report; do
	eval "w_$t=$(cut -d' ' -f1 "$tmp/$t" | median)"
	eval "r_$t=$(cut -d' ' -f2 "$tmp/$t" | median)"
done
echo "prof unwinder:       ${w_prof} ms, ${r_prof} KiB peak RSS (median of $N)"
echo "  of which reading:  ${w_read} ms (the same driver without unwinding)"
echo "  without rule cache: ${w_full} ms, ${r_full} KiB (libdw's unwinder for every sample)"
echo "perf script:         ${w_script} ms, ${r_script} KiB peak RSS"
echo "perf report --stdio: ${w_report} ms, ${r_report} KiB peak RSS"
echo "speed-up: $(awk "BEGIN { printf \"%.1fx vs perf script, %.1fx vs perf report\", $w_script / $w_prof, $w_report / $w_prof }")"
