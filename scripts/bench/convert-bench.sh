#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# convert-bench.sh: prof data convert --to-pprof (or FORMAT=firefox:
# --to-firefox, gzip'd) against perf script on the same -g profile (perf record -g -c 10000 of the demo, ~1M samples at
# ROUNDS=1500, made here): what it costs to get a perf.data file to pprof
# (perf script is the first step of every text round-trip). Alternating
# runs, medians of wall time and peak RSS (/usr/bin/time %M), ratios
# prof/perf. A benchmark, not a test.
#   PROF=./prof PERF=perf HELPERS=.build/tests/helpers N=5 scripts/bench/convert-bench.sh
# DATA=file uses that -g profile instead of recording one.
# Every run is checked: both must exit 0; the first pprof file is read by
# the real pprof (PPROF, default .build/tests/pprof/pprof, built from
# Debian's sources when missing) and its stacks, with their sample counts
# and threads, must be perf script's (tests/shell/profile-fold.py; a
# Firefox file's own stacks and threads so); every later run must write
# the same file, and perf script the same lines.
set -eu
. "$(dirname "$0")/bench-lib.sh"
: "${PROF:=./prof}" "${PERF:=perf}" "${N:=5}" "${HELPERS:=.build/tests/helpers}"
: "${ROUNDS:=1500}" "${PPROF:=.build/tests/pprof/pprof}" "${FORMAT:=pprof}"
FOLD=$(dirname "$0")/../../tests/shell/profile-fold.py
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

case "$FORMAT" in
pprof) OUT=run.pb.gz ;;
firefox) OUT=run.json.gz ;;
*) die "FORMAT is pprof or firefox" ;;
esac
if [ "$FORMAT" = pprof ] && [ ! -x "$PPROF" ]; then
	mkdir -p "$(dirname "$PPROF")"
	GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= GOCACHE="$tmp/gocache" \
		go build -o "$PPROF" github.com/google/pprof ||
		die "cannot build pprof (apt-get install golang-go golang-github-google-pprof-dev)"
fi

if [ -n "${DATA:-}" ]; then
	ln -s "$(realpath "$DATA")" "$tmp/big.data"
else
	"$PERF" record -q -g -c 10000 -o "$tmp/big.data" -- "$HELPERS/demo" "$ROUNDS" >/dev/null 2>&1
fi
echo "-g profile: $("$PERF" report -i "$tmp/big.data" --stats 2>/dev/null |
	awk '/SAMPLE events:/ { print $3; exit }') samples," \
     "$(( $(stat -L -c %s "$tmp/big.data") / 1048576 )) MiB"

# one TOOL OUT: one timed run of prof's conversion or perf script.
one() {
	if [ "$1" = prof ]; then
		rm -f "$2"
		timed "prof data convert" "$tmp/wall.prof" "$tmp/stdout.prof" "$tmp/err.prof" \
			"$TIME" -f "%e %M" -o "$tmp/t" "$PROF" data convert --to-"$FORMAT" "$2" \
			-i "$tmp/big.data"
	else
		timed "perf script" "$tmp/wall.perf" "$2" "$tmp/err.perf" \
			"$TIME" -f "%e %M" -o "$tmp/t" "$PERF" script -F pid,tid,ip,sym -i "$tmp/big.data"
	fi
	tail -1 "$tmp/t" | awk '{ print $2 }' >>"$tmp/rss.$1"
}

i=0
while [ "$i" -lt "$N" ]; do
	one prof "$tmp/$OUT"
	one perf "$tmp/run.script"
	if [ "$i" = 0 ]; then
		mv "$tmp/$OUT" "$tmp/first-$OUT"
		mv "$tmp/run.script" "$tmp/first.script"
		if [ "$FORMAT" = pprof ]; then
			"$PPROF" -symbolize=none -traces -sample_index=samples "$tmp/first-$OUT" \
				>"$tmp/traces" 2>"$tmp/traces.err" || die "pprof cannot read prof's file"
			python3 "$FOLD" traces "$tmp/traces" >"$tmp/fold.prof"
		else
			python3 "$FOLD" firefox "$tmp/first-$OUT" >"$tmp/fold.prof"
		fi
		python3 "$FOLD" script "$tmp/first.script" >"$tmp/fold.perf"
		same_output "the stacks of prof's $FORMAT file against perf script" \
			"$tmp/fold.perf" "$tmp/fold.prof"
	else
		cmp -s "$tmp/first-$OUT" "$tmp/$OUT" ||
			die "run $i: prof wrote another $FORMAT file than in run 0"
		same_output "perf script (run $i)" "$tmp/first.script" "$tmp/run.script"
	fi
	i=$((i + 1))
done
ratios "data convert --to-$FORMAT vs perf script -F pid,tid,ip,sym" "$N" "$tmp"
