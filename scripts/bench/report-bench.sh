#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# report-bench.sh: prof report against perf report on the same files, same
# output; alternating runs, medians of wall time and peak RSS (/usr/bin/time
# %M), ratios prof/perf. A benchmark, not a test.
#   1. a ~700K-sample -g profile (perf record -g -c 10000 of the demo, made
#      here): perf report --stdio (the Children/Self view with call graphs)
#   2. --sort srcline --no-children on the same file (perf runs addr2line:
#      one run each unless SRCLINE_N is set; SRCLINE_N=0 skips it)
#   3. the corpus: every file perf 6.1 reads, the corpus view; per-file
#      time and peak RSS, and the files where prof needs more memory
#   PROF=./prof PERF=perf DEMO=.build/tests/helpers/demo N=5 scripts/bench/report-bench.sh
# CPU time (user + sys) is given too: on a loaded machine wall time is
# mostly waiting for a CPU, and the load average is printed with it.
# DATA=file uses that profile instead of recording one (the same file for
# runs of two builds); KEEP=dir keeps the profile and, when the outputs
# differ, both outputs there. CORPUS=/none skips part 3.
# Every run is checked: both tools must exit 0 and print the same lines
# (the random tip line aside), else the benchmark fails (a failed run is
# not a fast one). Corpus files prof is known to read differently (see
# t0700) are named and left out of the sums.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=5}" "${DEMO:=demo}" "${ROUNDS:=9000}"
: "${SRCLINE_N:=1}" "${CORPUS:=$(dirname "$0")/../../../shared/corpus}"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

# The corpus files whose view is known not to be perf's, with why.
KNOWN_DIFFERENT="perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14 (no Intel PT decoder)
perf_data_converter/quipper_fuzz_corpus/clusterfuzz-testcase-minimized-quipper_perf_reader_read_fuzzer-4883679740166144 (prof exits 255, perf 0)
perf_data_converter/quipper_fuzz_corpus/poc-15c4696aab8d47509154302563290062647df5c1d0156fb35382f62f22e86511 (prof exits 255, perf 0)"

# keep_outputs TAG: with KEEP set, both outputs go there
keep_outputs() {
	if [ -n "${KEEP:-}" ]; then
		k=$KEEP/$(echo "$1" | tr -c 'a-z0-9\n' -)
		cp "$tmp/out.prof" "$k.prof"
		cp "$tmp/out.perf" "$k.perf"
	fi
}

# run TAG N ARGS...: both tools N times, alternating; "ms KiB" lines in
# $tmp/TAG.prof and $tmp/TAG.perf; every run's outputs must be the same.
run() {
	tag=$1 n=$2
	shift 2
	i=0
	while [ "$i" -lt "$n" ]; do
		for t in prof perf; do
			eval "bin=\$$(echo $t | tr a-z A-Z)"
			timed "$t report $*" "$tmp/wall" "$tmp/raw.$t" "$tmp/err.$t" \
				"$TIME" -f "%e %M %U %S" -o "$tmp/t" "$bin" report "$@"
			sed '/^# (Tip/d' "$tmp/raw.$t" >"$tmp/out.$t"
			tail -1 "$tmp/t" |
				awk '{ printf "%d %d %d\n", $1 * 1000, $2, ($3 + $4) * 1000 }' >>"$tmp/$tag.$t"
		done
		if ! cmp -s "$tmp/out.perf" "$tmp/out.prof"; then
			keep_outputs "$tag"
		fi
		same_output "$tag (run $i)" "$tmp/out.perf" "$tmp/out.prof"
		i=$((i + 1))
	done
	for t in prof perf; do
		eval "w_$t=$(cut -d' ' -f1 "$tmp/$tag.$t" | median)"
		eval "r_$t=$(cut -d' ' -f2 "$tmp/$tag.$t" | median)"
		eval "c_$t=$(cut -d' ' -f3 "$tmp/$tag.$t" | median)"
	done
	echo "$tag (median of $n): prof ${w_prof} ms ${r_prof} KiB, perf ${w_perf} ms ${r_perf} KiB;" \
	     "speed-up $(awk "BEGIN{printf \"%.2f\", $w_perf/$w_prof}")x," \
	     "memory ratio $(awk "BEGIN{printf \"%.2f\", $r_prof/$r_perf}");" \
	     "CPU (user + sys) prof ${c_prof} ms, perf ${c_perf} ms," \
	     "ratio $(awk "BEGIN{printf \"%.2f\", $c_perf ? $c_prof/$c_perf : 0}") (load $(cut -d' ' -f1 /proc/loadavg))"
}

if [ -n "${DATA:-}" ]; then
	ln -s "$(realpath "$DATA")" "$tmp/big.data"
else
	"$PERF" record -q -g -c 10000 -o "$tmp/big.data" -- "$DEMO" "$ROUNDS" >/dev/null 2>&1
fi
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && { [ -n "${DATA:-}" ] || cp "$tmp/big.data" "$KEEP/big.data"; }
samples=$("$PERF" report -i "$tmp/big.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }')
echo "profile: $samples samples, $(( $(stat -L -c %s "$tmp/big.data") / 1048576 )) MiB"
run "report --stdio" "$N" -i "$tmp/big.data" --stdio
run "report --stdio --no-children" "$N" -i "$tmp/big.data" --stdio --no-children
[ "$SRCLINE_N" = 0 ] ||
	run "report --sort srcline" "$SRCLINE_N" -i "$tmp/big.data" --stdio --no-children --sort srcline

if [ -f "$CORPUS/readable-by-perf61.txt" ]; then
	mkdir -p "$tmp/empty"
	more=0 total=0 tp=0 tf=0
	while read -r f; do
		if echo "$KNOWN_DIFFERENT" | grep -q "^$f "; then
			echo "  left out: $(echo "$KNOWN_DIFFERENT" | grep "^$f ")"
			continue
		fi
		kind=$(awk -F'\t' -v f="$f" '$1 == f { print $3 }' "$CORPUS/perf61-summary.tsv")
		if [ "$kind" = pipe ]; then in=-; src=$CORPUS/perf-data/$f; else in=$CORPUS/perf-data/$f; src=/dev/null; fi
		for t in prof perf; do
			eval "bin=\$$(echo $t | tr a-z A-Z)"
			timed "$t report $f" "$tmp/wall" "$tmp/out.$t" "$tmp/err.$t" \
				"$TIME" -f "%e %M" -o "$tmp/t" "$bin" report -i "$in" --stdio --symfs "$tmp/empty" \
				--sort comm,dso,sym -F overhead,sample,period,comm,dso,sym --no-children <"$src"
			eval "m_$t=$(tail -1 "$tmp/t" | awk '{ print $2 }')"
			eval "s_$t=$(tail -1 "$tmp/t" | awk '{ printf "%d", $1 * 1000 }')"
		done
		sed '/^# (Tip/d' "$tmp/out.perf" >"$tmp/a"
		sed '/^# (Tip/d' "$tmp/out.prof" >"$tmp/b"
		same_output "corpus $f" "$tmp/a" "$tmp/b"
		total=$((total + 1)); tp=$((tp + s_prof)); tf=$((tf + s_perf))
		echo "$f ${s_prof} ms ${m_prof} KiB / perf ${s_perf} ms ${m_perf} KiB" >>"$tmp/corpus"
		if [ "$m_prof" -gt "$m_perf" ]; then
			more=$((more + 1))
			echo "  more memory than perf: $f ($m_prof > $m_perf KiB)"
		fi
	done <"$CORPUS/readable-by-perf61.txt"
	echo "corpus ($total files, the corpus view, outputs checked): prof ${tp} ms, perf ${tf} ms in all;" \
	     "$more files where prof's peak RSS is above perf's"
	if [ -n "${VERBOSE:-}" ]; then cat "$tmp/corpus"; fi
fi
