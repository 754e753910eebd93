# SPDX-License-Identifier: GPL-2.0-only
#
# test-lib.sh: git-style end-to-end tests that speak TAP.
#
#   #!/bin/sh
#   test_description='what this file tests'
#   . "$(dirname "$0")/test-lib.sh"
#   test_expect_success 'title' '
#       "$PROF" list sw >out &&
#       grep -q task-clock out
#   '
#   test_expect_success PERF,ROOT 'needs the real perf and root' '...'
#   test_done
#
# Each body runs in a subshell with "set -e" inside a fresh scratch
# directory shared by the file's tests ($TRASH). On failure its output is
# shown; TEST_VERBOSE=1 shows it always.
#
# Only a body's last command decides its status ("set -e" is off in every
# command of an && list but the last, and so in any helper function called
# there), so bodies and the helper functions a test file defines are
# &&-chained, and loops end each iteration with "|| return 1". Before a
# test runs (or is skipped), chainlint.pl checks its body and fails the
# test, naming the line, where a failure would go unnoticed; a file whose
# helper functions break a chain fails as a whole before any test runs.
# TEST_LINT_ONLY=1 lints every body without running any.
#
# Prerequisites (first argument, comma separated) skip a test cleanly when
# the machine lacks them:
#   PERF        the real perf is installed (the oracle)
#   ROOT        running as root
#   PERF_EVENTS perf_event_open allowed for us (per-task software events)
#   SYSWIDE     CPU-wide events allowed (root or perf_event_paranoid <= 0)
#   HWPMU       hardware counters exist (never on the CI VMs)
#   TRACEFS     tracefs is mounted and readable
#   TMUX UNSHARE SETPRIV PYTHON3 STRACE  the tool is there and works
#   CXX         a C++ compiler (g++, or $CXX) builds a program
#   RUSTC       rustc builds a program (with the caller's $HOME: rustup)
#   LOCALEDEF   localedef and the en_US locale source (locales package)
#   SHARED      ../shared (the perf.data corpus) is beside the checkout
#   LIBTRACEEVENT  prof was built with libtraceevent
# A test file defines its own with test_lazy_prereq NAME 'commands'.
# Programs: $PROF (prof under test), $HELPERS (built test workloads),
# $SRCDIR (the checkout), $SHARED (../shared); $REAL_HOME is $HOME before
# a test file points it elsewhere.

set -u
export LC_ALL=C LANG=C
unset PROF_CONFIG PERF_CONFIG PERF_PAGER PAGER 2>/dev/null
# Tests run under "make check": do not pass its flags (-s, -j) to a make
# a test runs itself.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES 2>/dev/null
export PAGER=cat

TEST_FILE=$(basename "$0" .sh)
SRCDIR=$(cd "$(dirname "$0")/../.." && pwd)
: "${PROF:=$SRCDIR/prof}"
: "${PROF_HELPERS:=$SRCDIR/.build/tests/helpers}"
HELPERS=$PROF_HELPERS
SHARED=$(cd "$SRCDIR/.." && pwd)/shared
PERF=${PERF:-perf}
REAL_HOME=${HOME:-/}
export PROF HELPERS SRCDIR SHARED PERF REAL_HOME

if [ ! -x "$PROF" ]; then
	echo "1..0 # SKIP prof not built at $PROF (run make)"
	exit 0
fi

# The chain lint: helper functions first (see the top of this file).
_chainlint() {
	perl "$SRCDIR/tests/shell/chainlint.pl" "$@"
}
if ! command -v perl >/dev/null 2>&1; then
	echo "Bail out! the chain lint needs perl (scripts/install-deps.sh)"
	exit 1
fi
if ! _lint=$(_chainlint --functions "$0" 2>&1); then
	echo "1..1"
	echo "not ok 1 - chain lint: the helper functions of $TEST_FILE.sh"
	echo "#   a failure in these lines would go unnoticed:"
	printf '%s\n' "$_lint" | sed "s|^|#   $TEST_FILE.sh:|"
	exit 1
fi

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/prof-$TEST_FILE.XXXXXX")
ORIG_PWD=$(pwd)
cd "$TRASH" || exit 1

test_count=0
test_failed=0
test_skipped=0
_prereq_cache=" "

# --- prerequisites -----------------------------------------------------
_paranoid() {
	cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 4
}

_check_prereq() {
	case "$1" in
	PERF) command -v "$PERF" >/dev/null 2>&1 &&
		"$PERF" version >/dev/null 2>&1 ;;
	ROOT) [ "$(id -u)" = 0 ] ;;
	PERF_EVENTS) [ "$(id -u)" = 0 ] || [ "$(_paranoid)" -le 2 ] ;;
	SYSWIDE) [ "$(id -u)" = 0 ] || [ "$(_paranoid)" -le 0 ] ;;
	HWPMU) [ -d /sys/bus/event_source/devices/cpu ] ||
		[ -d /sys/bus/event_source/devices/cpu_core ] ;;
	NOHWPMU) ! _check_prereq HWPMU ;;
	# prof mounts tracefs when it may and it is not (as perf does)
	TRACEFS) "$PROF" list tracepoint >/dev/null 2>&1
		[ -r /sys/kernel/tracing/events ] ||
		[ -r /sys/kernel/debug/tracing/events ] ;;
	TMUX) command -v tmux >/dev/null 2>&1 ;;
	UNSHARE) command -v unshare >/dev/null 2>&1 &&
		unshare -m -p -f --mount-proc true >/dev/null 2>&1 ;;
	SETPRIV) command -v setpriv >/dev/null 2>&1 && [ "$(id -u)" = 0 ] &&
		id nobody >/dev/null 2>&1 ;;
	PYTHON3) command -v python3 >/dev/null 2>&1 ;;
	STRACE) command -v strace >/dev/null 2>&1 ;;
	CXX) mkdir -p "$TRASH/.prereq" &&
		printf 'int main() { return 0; }\n' >"$TRASH/.prereq/p.cc" &&
		"${CXX:-g++}" -o "$TRASH/.prereq/cc" "$TRASH/.prereq/p.cc" >/dev/null 2>&1 ;;
	LOCALEDEF) command -v localedef >/dev/null 2>&1 &&
		[ -f /usr/share/i18n/locales/en_US ] ;;
	RUSTC) mkdir -p "$TRASH/.prereq" &&
		printf 'fn main() {}\n' >"$TRASH/.prereq/p.rs" &&
		HOME=$REAL_HOME rustc -o "$TRASH/.prereq/rs" "$TRASH/.prereq/p.rs" >/dev/null 2>&1 ;;
	SHARED) [ -d "$SHARED/corpus" ] ;;
	LIBTRACEEVENT) "$PROF" version --build-options 2>/dev/null |
		grep -q "libtraceevent: \[ on" ;;
	*)	eval "_lazy=\${_lazy_prereq_$1-}"
		if [ -z "$_lazy" ]; then
			echo "# unknown prerequisite $1" >&2
			return 1
		fi
		( cd "$TRASH" && eval "$_lazy" ) >/dev/null 2>&1 ;;
	esac
}

# test_lazy_prereq NAME SCRIPT: a test file's own prerequisite; SCRIPT
# runs (in a subshell, in $TRASH) when a test first asks for NAME.
test_lazy_prereq() {
	eval "_lazy_prereq_$1=\$2"
}

# CHROMIUM: Debian's chromium, headless, runs a page's scripts.
test_lazy_prereq CHROMIUM 'command -v chromium && chromium --version'
# browse OUT URL [ARGS]: chromium loads URL; OUT the DOM after its scripts
# ran, OUT.log what it logged (the page's console among it): a console
# error or uncaught exception fails.
browse() {
	_o=$1 &&
	_u=$2 &&
	shift 2 &&
	HOME=$TRASH timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--enable-logging=stderr --v=0 --window-size=1200,800 "$@" --dump-dom "$_u" \
		>"$_o" 2>"$_o.log" &&
	! grep -i "CONSOLE.*\(error\|uncaught\)" "$_o.log"
}

# test_have_prereq A,B: true if every named prerequisite holds.
test_have_prereq() {
	_saved_ifs=$IFS
	IFS=,
	set -- $1
	IFS=$_saved_ifs
	for _p in "$@"; do
		case "$_prereq_cache" in
		*" $_p=1 "*) continue ;;
		*" $_p=0 "*) return 1 ;;
		esac
		if _check_prereq "$_p"; then
			_prereq_cache="$_prereq_cache$_p=1 "
		else
			_prereq_cache="$_prereq_cache$_p=0 "
			_missing_prereq=$_p
			return 1
		fi
	done
	return 0
}

# --- running tests -----------------------------------------------------
# The body runs in a function, so that "|| return 1" leaves it.
_eval_body() {
	eval "$_body"
}

# _lint_body TITLE BODY: true if the body's chain is whole; otherwise the
# test fails, with the lines that break it.
_lint_body() {
	_lint=$(printf '%s\n' "$2" | _chainlint 2>&1) && return 0
	test_count=$((test_count + 1))
	test_failed=$((test_failed + 1))
	echo "not ok $test_count - $1"
	echo "#   chain lint: a failure in these lines of the body would go unnoticed:"
	printf '%s\n' "$_lint" | sed 's/^/#   line /'
	echo "#   body:"
	printf '%s\n' "$2" | awk '{ printf "#   %3d %s\n", NR, $0 }'
	return 1
}

_run_test() {
	_expect=$1 _title=$2 _body=$3
	test_count=$((test_count + 1))
	_out="$TRASH/.out.$test_count"
	( set -e; cd "$TRASH"; _eval_body ) >"$_out" 2>&1 </dev/null
	_rc=$?
	if [ "$_expect" = success ] && [ $_rc = 0 ]; then
		echo "ok $test_count - $_title"
		[ "${TEST_VERBOSE:-}" = 1 ] && sed 's/^/#   /' "$_out"
	elif [ "$_expect" = failure ] && [ $_rc != 0 ]; then
		echo "not ok $test_count - $_title # TODO known breakage"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $_title"
		echo "#   (exit $_rc) body:"
		printf '%s\n' "$_body" | sed 's/^/#   /'
		echo "#   output:"
		tail -n 60 "$_out" | sed 's/^/#   /'
	fi
}

_test_expect() {
	_kind=$1
	shift
	if [ $# = 3 ]; then
		_prereq=$1
		shift
	else
		_prereq=
	fi
	_lint_body "$1" "$2" || return 0
	if [ "${TEST_LINT_ONLY:-}" = 1 ]; then
		test_count=$((test_count + 1))
		test_skipped=$((test_skipped + 1))
		echo "ok $test_count # SKIP $1 (lint only)"
	elif [ -n "$_prereq" ] && ! test_have_prereq "$_prereq"; then
		test_count=$((test_count + 1))
		test_skipped=$((test_skipped + 1))
		echo "ok $test_count # SKIP $1 (missing $_missing_prereq)"
	else
		_run_test "$_kind" "$1" "$2"
	fi
}

test_expect_success() { _test_expect success "$@"; }
# A test that documents a known bug; it must fail (TAP TODO).
test_expect_failure() { _test_expect failure "$@"; }

# Skip the whole file (call before any test).
skip_all() {
	echo "1..0 # SKIP $*"
	cd "$ORIG_PWD" && rm -rf "$TRASH"
	exit 0
}

test_done() {
	echo "1..$test_count"
	cd "$ORIG_PWD" || exit 1
	if [ $test_failed = 0 ]; then
		rm -rf "$TRASH"
		exit 0
	fi
	echo "# $test_failed of $test_count failed; scratch kept in $TRASH"
	exit 1
}

# --- helpers for bodies ------------------------------------------------
# test_cmp EXPECTED ACTUAL: identical files, with a diff on failure.
test_cmp() {
	diff -u "$1" "$2"
}

# test_cmp_nonempty EXPECTED ACTUAL: test_cmp for a differential test,
# where two empty outputs mean both sides failed (or the file they read
# was never made), not that they agree.
test_cmp_nonempty() {
	if ! [ -s "$1" ]; then
		echo "test_cmp_nonempty: $1 is empty (or missing): nothing to compare"
		return 1
	fi
	diff -u "$1" "$2"
}

# test_must_be_empty FILE: FILE exists and is empty (it is shown if not).
test_must_be_empty() {
	if ! [ -f "$1" ]; then
		echo "test_must_be_empty: $1 does not exist"
		return 1
	elif [ -s "$1" ]; then
		echo "test_must_be_empty: $1 is not empty:"
		cat "$1"
		return 1
	fi
}

# test_must_fail CMD...: CMD exits non-zero, but not by a signal (>128
# and not 129/255, which are prof's usage and failure statuses).
# (CMD runs after "||": as a body's last command, "set -e" is on here.)
test_must_fail() {
	_rc=0
	"$@" || _rc=$?
	if [ $_rc = 0 ]; then
		echo "test_must_fail: command succeeded: $*"
		return 1
	elif [ $_rc -gt 129 ] && [ $_rc != 255 ]; then
		echo "test_must_fail: died by signal $((_rc - 128)): $*"
		return 1
	fi
	return 0
}

# test_expect_code N CMD...: CMD exits with status N.
test_expect_code() {
	_want=$1
	shift
	_rc=0
	"$@" || _rc=$?
	if [ $_rc != "$_want" ]; then
		echo "test_expect_code: want $_want, got $_rc: $*"
		return 1
	fi
	return 0
}

# test_line_count OP N FILE: wc -l FILE OP N (e.g. test_line_count = 3 out).
test_line_count() {
	_n=$(wc -l <"$3")
	if ! [ "$_n" "$1" "$2" ]; then
		echo "test_line_count: $3 has $_n lines, want $1 $2"
		return 1
	fi
}

# wait_exec PID COMM: until PID (started with &) has exec'd COMM and its
# libc is mapped, up to ~10 s; a forked shell has the shell's name until
# its exec, which a tool reading /proc at once would report.
wait_exec() {
	_n=0 &&
	until test "$(cat /proc/$1/comm 2>/dev/null)" = "$2" &&
	      grep -q "/libc[.-]" "/proc/$1/maps" 2>/dev/null; do
		test $_n -lt 200 && sleep 0.05 && _n=$((_n + 1)) || {
			echo "wait_exec: $1 is not $2 after 10 s"
			return 1
		}
	done
}
