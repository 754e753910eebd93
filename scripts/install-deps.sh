#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# install-deps.sh: install every Debian package that building, testing and
# benchmarking prof needs. Idempotent; when everything is present it only
# asks dpkg and returns in well under a second. The one place that names
# Debian packages.
set -eu

# Build: compiler, pkg-config, the libraries the feature probes look for, and
# zlib (gzip for --to-pprof).
BUILD="gcc make pkg-config libelf-dev libdw-dev libunwind-dev
	libtraceevent-dev libncurses-dev libzstd-dev libcapstone-dev zlib1g-dev
	libdebuginfod-dev"
# Tests: the TAP runner, the real perf as the oracle, tmux for the TUI,
# util-linux for unshare/setpriv, procps, python3 for output parsing,
# strace to see which CPU stat's counters are touched from, libc6-dbg so
# that libc's source lines and local functions are always tested with
# debug info (the tests hide /usr/lib/debug for the views without it),
# xmllint to check that flame graph SVGs are well-formed, chromium to run
# the flame graph pages' scripts headless; Go and pprof's Debian source
# to build the real pprof offline, which reads prof's --to-pprof files;
# python3-jsonschema to check --to-speedscope files against speedscope's
# schema (t1005 fetches it with npm when npm is there; t1006 so fetches
# Chrome DevTools' trace engine, which reads --to-chrome-trace files, and
# t1007 the Firefox Profiler's profiler-cli, which processes --to-firefox
# files with the profiler's own code);
# bzip2 for prof archive's tarball (tar cjf, as perf-archive); less, the
# pager report's browser pipes a sample's context to, as perf's does;
# debuginfod, the server that t0332 fetches debug files from with
# buildid-cache --debuginfod.
TEST="perl linux-perf tmux util-linux procps python3 binutils strace libc6-dbg
	libxml2-utils chromium golang-go golang-github-google-pprof-dev
	python3-jsonschema bzip2 less debuginfod"
# Benchmarks: GNU time for peak memory, hyperfine for timing.
BENCH="time hyperfine"
# Fuzzing ("make fuzz" passes --fuzz): clang and its libFuzzer runtime.
# (Man pages need only awk: scripts/doc2man.awk.)
DOC=
case "${1:-}" in
--fuzz) DOC="clang libclang-rt-14-dev" ;;
esac

missing=
for p in $BUILD $TEST $BENCH $DOC; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" != 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
