#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# demo.sh: run prof on the bundled demo workload, showing every command
# this build has. Called by "make demo" with PROF and DEMO set.
set -eu
: "${PROF:=./prof}" "${DEMO:=./.build/tests/helpers/demo}"
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
	rm -rf "$out"
fi
