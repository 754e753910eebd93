# SPDX-License-Identifier: GPL-2.0-only
# lib-tmux.sh: drive the browsers (prof's, and perf's as the oracle)
# through tmux, key by key. Sourced after test-lib.sh by the browser tests.
#
# One browser: the test starts it with "tm new-session -d -s $TM_SESSION ...";
# wait_screen and wait_gone poll its pane (into ./screen).
# Side by side: bs_start/bs_start_cmd run perf and prof in two tmux
# servers of the same size; bs_key sends keys to both, bs_wait and
# bs_same compare their screens (into ./perf.screen and ./prof.screen).
# Every test sets its own SOCK (prof-test-$$-N): its servers are its own.

# the functions below are linted as the test files' are
if ! _lint=$(_chainlint --functions "$SRCDIR/tests/shell/lib-tmux.sh" 2>&1); then
	echo "1..1"
	echo "not ok 1 - chain lint: the helper functions of lib-tmux.sh"
	printf '%s\n' "$_lint" | sed "s|^|#   lib-tmux.sh:|"
	exit 1
fi

SOCK=prof-test-$$
: "${TM_SESSION:=b}"
tm() { tmux -L "$SOCK" "$@"; }

# wait_screen PATTERN: poll the pane up to ~8s
# (a capture fails until the session is up: the screen is then empty)
wait_screen() {
	i=0 &&
	while [ $i -lt 80 ]; do
		{ tm capture-pane -p -t "$TM_SESSION" >screen 2>/dev/null || : >screen; } &&
		if grep -q -E -- "$1" screen; then return 0; fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# screen did not show: $1" >&2 &&
	sed "s/^/# /" screen >&2 &&
	return 1
}
# wait_gone PATTERN: up to ~5s for no line to match
wait_gone() {
	i=0 &&
	while [ $i -lt 50 ]; do
		if tm capture-pane -p -t "$TM_SESSION" >screen 2>/dev/null &&
		   ! grep -q -E -- "$1" screen; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# screen still shows: $1" >&2 &&
	return 1
}
# tm_stop: the test's server; one already gone is fine
tm_stop() {
	tm kill-server 2>/dev/null || echo "# browser already gone"
}

# Side by side: perf's browser (the oracle) and ours in two tmux servers
# of the same size. Keys go to both, one at a time; perf drops keys typed
# while a new screen is being set up, so every step waits for the screens
# first. The status line is left out of comparisons: perf shows a random
# tip there. BS_NORM names a sed script both screens go through first.
#
# bs_start_cmd 'ARGS' PATTERN: "perf ARGS" and "prof ARGS" (one shell
# word list), until both screens show PATTERN
bs_start_cmd() {
	tmux -L "$SOCK-perf" new-session -d -s b -x 120 -y 30 -c "${BS_PERF_DIR:-$PWD}" \
		"\"$PERF\" $1; echo EXITED \$?; sleep 60" &&
	tmux -L "$SOCK-prof" new-session -d -s b -x 120 -y 30 -c "${BS_PROF_DIR:-$PWD}" \
		"\"$PROF\" $1; echo EXITED \$?; sleep 60" &&
	bs_wait "$2"
}
# bs_start FILE [ARGS]: both reports on FILE, the first row selected
bs_start() {
	bs_file=$1 && shift &&
	bs_start_cmd "report -i $bs_file $*" "^Samples: " &&
	sleep 1 &&
	bs_key Home &&
	bs_same
}
# cleanup: a server already gone is fine, so the statuses are ignored
bs_stop() {
	{ tmux -L "$SOCK-perf" kill-server 2>/dev/null || echo "# perf browser already gone"; } &&
	{ tmux -L "$SOCK-prof" kill-server 2>/dev/null || echo "# prof browser already gone"; }
}
bs_key() {
	for k in "$@"; do
		tmux -L "$SOCK-perf" send-keys -t b "$k" &&
		tmux -L "$SOCK-prof" send-keys -t b "$k" &&
		sleep 0.3 || return 1
	done
}
bs_capture() {
	tmux -L "$SOCK-perf" capture-pane -p -t b | sed "\$d" | sed -f "${BS_NORM:-/dev/null}" >perf.screen &&
	tmux -L "$SOCK-prof" capture-pane -p -t b | sed "\$d" | sed -f "${BS_NORM:-/dev/null}" >prof.screen
}
# both screens show a line matching $1
bs_wait() {
	i=0 &&
	while [ $i -lt 80 ]; do
		if bs_capture && grep -q -E -- "$1" perf.screen &&
		   grep -q -E -- "$1" prof.screen; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# screens did not show: $1" >&2 &&
	sed "s/^/# perf: /" perf.screen >&2 &&
	sed "s/^/# prof: /" prof.screen >&2 &&
	return 1
}
# our status line shows $1
wait_status() {
	i=0 &&
	while [ $i -lt 50 ]; do
		if tmux -L "$SOCK-prof" capture-pane -p -t b | tail -n 1 | grep -q -E -- "$1"; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# status line did not show: $1" >&2 &&
	tmux -L "$SOCK-prof" capture-pane -p -t b | tail -n 1 | sed "s/^/# prof: /" >&2 &&
	return 1
}
# bs_status PATTERN: both status lines (the last line) are the same, and
# perf's matches PATTERN (~8 s: a status line is written after the key)
bs_status() {
	i=0 &&
	while [ $i -lt 80 ]; do
		tmux -L "$SOCK-perf" capture-pane -p -t b | tail -n 1 >perf.status &&
		tmux -L "$SOCK-prof" capture-pane -p -t b | tail -n 1 >prof.status &&
		if grep -q -E -- "$1" perf.status && cmp -s perf.status prof.status; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# status lines not both: $1" >&2 &&
	sed "s/^/# perf: /" perf.status >&2 &&
	sed "s/^/# prof: /" prof.status >&2 &&
	return 1
}
# bs_wait_perf PATTERN: perf's screen (status line aside) shows a line matching PATTERN (~8 s)
bs_wait_perf() {
	i=0 &&
	while [ $i -lt 80 ]; do
		if bs_capture && grep -q -E -- "$1" perf.screen; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	echo "# perf's screen did not show: $1" >&2 &&
	sed "s/^/# perf: /" perf.screen >&2 &&
	return 1
}
# both screens are the same (but for the status line)
bs_same() {
	i=0 &&
	while [ $i -lt 40 ]; do
		if bs_capture && cmp -s perf.screen prof.screen; then
			return 0
		fi &&
		sleep 0.1 &&
		i=$((i + 1)) || return 1
	done &&
	{ diff -u perf.screen prof.screen | sed "s/^/# /" >&2; } &&
	return 1
}
