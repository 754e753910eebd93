# SPDX-License-Identifier: GPL-2.0-only
# bench-lib.sh: what the benchmarks share; sourced, not run.
#
# A benchmark times prof against perf doing the same job, so every timed
# run is checked: a command that fails, or whose output is not perf's,
# stops the benchmark with the difference (a failed run is not a fast one).

# die MESSAGE...: the benchmark fails, loudly.
die() {
	echo "${0##*/}: FAILED: $*" >&2
	exit 1
}

# median: the median of the numbers on standard input (one a line).
median() {
	sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) exit 1; if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# timed TAG TIMES OUT ERR CMD...: run CMD >OUT 2>ERR, its wall time in
# microseconds appended to TIMES; its exit status must be 0.
timed() {
	_tag=$1 _times=$2 _out=$3 _err=$4
	shift 4
	_t0=$(date +%s%N)
	_rc=0
	"$@" >"$_out" 2>"$_err" || _rc=$?
	if [ $_rc != 0 ]; then
		tail -n 5 "$_err" | sed 's/^/    /' >&2
		die "$_tag: exit $_rc: $*"
	fi
	_t1=$(date +%s%N)
	echo $(( (_t1 - _t0) / 1000 )) >>"$_times"
}

# same_output TAG EXPECTED ACTUAL: the outputs are the same and not empty
# (shows the first lines that differ, perf's first).
same_output() {
	[ -s "$2" ] || die "$1: the reference output $2 is empty"
	if ! cmp -s "$2" "$3"; then
		diff "$2" "$3" | head -12 | sed 's/^/    /' >&2
		die "$1: prof's output is not perf's ($(diff "$2" "$3" | grep -c '^[<>]') lines differ)"
	fi
}

# ratios TAG N DIR: the medians of DIR/wall.{prof,perf} (microseconds) and
# DIR/rss.{prof,perf} (KiB), and prof's ratios to perf's, on one line.
ratios() {
	for _t in prof perf; do
		eval "_w_$_t=$(median <"$3/wall.$_t" | awk '{ printf "%d", $1 / 1000 }')"
		eval "_r_$_t=$(median <"$3/rss.$_t")"
	done
	echo "$1 (median of $2): prof ${_w_prof} ms ${_r_prof} KiB, perf ${_w_perf} ms ${_r_perf} KiB;" \
	     "time ratio $(awk "BEGIN{printf \"%.3f\", $_w_prof/$_w_perf}")," \
	     "memory ratio $(awk "BEGIN{printf \"%.2f\", $_r_prof/$_r_perf}")"
}

# perf stat's text with the numbers taken out (they differ run to run):
# what is left must be the same for prof and perf.
stat_shape() {
	sed -E 's/  \([0-9.]+%\)//; s/[KMG]\/sec/\/sec/; s/[0-9]+([.,][0-9]+)*/N/g; s/  +/ /g' "$1"
}
