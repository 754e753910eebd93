#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh ['GLOB...']: run the unit tests (built programs) and shell tests
# whose names match one of the space-separated GLOBs (default t[0-9]*)
# under prove. Called by "make check";
# PROF, PROF_HELPERS and PROF_UNIT_DIR point into the build directory.
set -eu
cd "$(dirname "$0")"
globs=${1:-'t[0-9]*'}
: "${PROF_UNIT_DIR:=../.build/tests/unit}"
set --
# TESTS may name several globs, separated by spaces: 't06* t0701*'
set -f
for glob in $globs; do
	set +f
	for f in "$PROF_UNIT_DIR"/$glob; do
		case $f in *.d|*.o) continue ;; esac
		[ -x "$f" ] && set -- "$@" "$f"
	done
	for f in shell/$glob.sh; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	set -f
done
set +f
if [ $# = 0 ]; then
	echo "run.sh: no test matches '$globs'" >&2
	exit 1
fi
# -o: a failing test's body and output (its TAP comments) reach the log,
# so that a failure seen once in CI or on a fresh machine can be read
# there; passing tests print no comments.
exec prove ${PROVE_OPTS:-} -o -f "$@"
