#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# demo.sh: run prof on the bundled demo workload, showing every command
# this build has, and ending with the demo's flame graph (FLAMEGRAPH, an
# HTML page) and its path. Called by "make demo" with PROF, DEMO and
# FLAMEGRAPH set.
set -eu
: "${PROF:=./prof}" "${DEMO:=./.build/tests/helpers/demo}" "${FLAMEGRAPH:=./.build/demo-flamegraph.html}"
have() { "$PROF" --list-cmds | tr ' ' '\n' | grep -qx "$1"; }
run() { printf '\n$ %s\n' "$*"; "$@"; }

run "$PROF" --version
if have list; then
	run "$PROF" list sw
fi
if have stat; then
	run "$PROF" stat -e task-clock,context-switches,page-faults -r 3 -- "$DEMO" 100
fi
if have record && have report; then
	out=$(mktemp -d)
	run "$PROF" record -g -o "$out/perf.data" -- "$DEMO" 200
	run "$PROF" report --stdio -i "$out/perf.data" --percent-limit 5
	if have flamegraph; then
		mkdir -p "$(dirname "$FLAMEGRAPH")"
		run "$PROF" flamegraph -i "$out/perf.data" -o "$FLAMEGRAPH"
		fg=$(cd "$(dirname "$FLAMEGRAPH")" && pwd)/$(basename "$FLAMEGRAPH")
		printf '\nThe flame graph of the demo (open it in a browser): %s\n' "$fg"
	fi
	rm -rf "$out"
fi
