#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# flamegraph-bench.sh: `prof flamegraph -o x.svg` and `-o x.html` against
# `perf script | stackcollapse-perf.pl | flamegraph.pl` on the same -g file
# and on a --call-graph dwarf file. Every run is checked: prof's folded
# stacks must be the pipeline's (the folds are compared each run), and its
# SVG must have as many frames as flamegraph.pl's. Prints medians, peak RSS
# (prof against perf script alone) and the ratio. A benchmark, not a test.
#
#   PROF=./prof FG=../shared/tools/FlameGraph N=5 MS=10000 \
#       scripts/bench/flamegraph-bench.sh
#
# MS: milliseconds of the demo workload per recording (at 4 kHz, 10 s is
# some 40,000 samples; MS=250000 gives the ~1M of the issue). DATA=file
# and DWARF=file use those recordings instead (a -g one and a
# --call-graph dwarf one; the same files for runs of two builds).
# With Debian's chromium installed, prof's HTML of each file is opened
# headless once and the time from the start of loading to the end of the
# first draw (the page's data-drawn-ms) is printed.
set -eu
: "${PERF:=perf}" "${PROF:=./prof}" "${N:=5}" "${MS:=10000}"
: "${FG:=../shared/tools/FlameGraph}" "${HELPERS:=.build/tests/helpers}"
. "$(dirname "$0")/bench-lib.sh"
TIME=/usr/bin/time
[ -x "$TIME" ] || die "needs /usr/bin/time (apt-get install time)"
[ -x "$FG/flamegraph.pl" ] || die "no $FG/flamegraph.pl (FG=...)"
[ -x "$HELPERS/demo" ] && [ -x "$HELPERS/optwork" ] || die "no $HELPERS: make build-tests"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp	# a private build-id cache for perf
export HOME

# rss TAG CMD...: CMD's peak RSS in KiB into $tmp/TAG.rss, stdout to $tmp/TAG.out
rss() {
	_t=$1
	shift
	"$TIME" -f %M -o "$tmp/$_t.rss" "$@" >"$tmp/$_t.out" 2>"$tmp/$_t.err" ||
		die "$_t: exit $?: $(head -n 3 "$tmp/$_t.err")"
}

pipeline() {
	"$PERF" script -i "$1" 2>/dev/null | "$FG/stackcollapse-perf.pl" >"$tmp/pl.folded" &&
	"$FG/flamegraph.pl" --hash "$tmp/pl.folded" 2>/dev/null
}

bench() {
	data=$1
	: >"$tmp/t.pipe"; : >"$tmp/t.svg"; : >"$tmp/t.html"
	i=0
	while [ "$i" -lt "$N" ]; do
		timed pipeline "$tmp/t.pipe" "$tmp/pl.svg" "$tmp/pl.err" pipeline "$data"
		timed svg "$tmp/t.svg" "$tmp/prof.svg.out" "$tmp/prof.err" \
			"$PROF" flamegraph -i "$data" --hash -o "$tmp/prof.svg"
		timed html "$tmp/t.html" "$tmp/prof.html.out" "$tmp/prof.err" \
			"$PROF" flamegraph -i "$data" -o "$tmp/prof.html"
		"$PROF" flamegraph -i "$data" -o - --folded >"$tmp/prof.folded" 2>/dev/null
		same_output folds "$tmp/pl.folded" "$tmp/prof.folded"
		[ "$(grep -c '^<g >' "$tmp/pl.svg")" = "$(grep -c '^<g >' "$tmp/prof.svg")" ] ||
			die "the SVGs have different numbers of frames"
		i=$((i + 1))
	done
	rss script "$PERF" script -i "$data"
	rss prof "$PROF" flamegraph -i "$data" -o "$tmp/rss.html"
	p=$(median <"$tmp/t.pipe") s=$(median <"$tmp/t.svg") h=$(median <"$tmp/t.html")
	echo "$2: $(grep -c . "$tmp/pl.folded") distinct stacks, $(du -kL "$data" | cut -f1) KiB"
	awk -v p="$p" -v s="$s" -v h="$h" 'BEGIN {
		printf "  perf script | stackcollapse-perf.pl | flamegraph.pl: %8.0f ms\n", p / 1000
		printf "  prof flamegraph -o x.svg:                            %8.0f ms (%.3fx)\n", s / 1000, s / p
		printf "  prof flamegraph -o x.html:                           %8.0f ms (%.3fx)\n", h / 1000, h / p }'
	echo "  peak RSS: perf script $(cat "$tmp/script.rss") KiB, prof flamegraph $(cat "$tmp/prof.rss") KiB"
	if command -v chromium >/dev/null 2>&1; then
		timeout 300 chromium --headless --no-sandbox --disable-gpu --window-size=1200,800 \
			--dump-dom "file://$tmp/rss.html" >"$tmp/dom" 2>/dev/null ||
			die "chromium could not open prof's HTML"
		ms=$(sed -n 's/.*data-drawn-ms="\([0-9]*\)".*/\1/p' "$tmp/dom")
		[ -n "$ms" ] || die "prof's HTML drew nothing in chromium"
		echo "  prof's HTML ($(du -k "$tmp/rss.html" | cut -f1) KiB) drawn in chromium $ms ms after it began to load"
	fi
}

if [ -n "${DATA:-}" ]; then
	ln -s "$(realpath "$DATA")" "$tmp/g.data"
	gname="-g ($DATA)"
else
	"$PERF" record -q -g -F 4000 -e cpu-clock -o "$tmp/g.data" -- "$HELPERS/demo" "$MS" \
		>/dev/null 2>&1 || die "perf record -g"
	gname="-g (demo $MS)"
fi
if [ -n "${DWARF:-}" ]; then
	ln -s "$(realpath "$DWARF")" "$tmp/d.data"
	dname="--call-graph dwarf ($DWARF)"
else
	"$PERF" record -q --call-graph dwarf -F 1000 -e cpu-clock -o "$tmp/d.data" -- \
		"$HELPERS/optwork" "$((MS / 10))" >/dev/null 2>&1 || die "perf record --call-graph dwarf"
	dname="--call-graph dwarf (optwork $((MS / 10)))"
fi
echo "medians of $N runs; every run's folds were the pipeline's"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
bench "$tmp/g.data" "$gname"
bench "$tmp/d.data" "$dname"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
