#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='JIT files of another user are ignored with a warning (perf-PID.map, jitdump)'
. "$(dirname "$0")/test-lib.sh"

# jit-grow names jit_first, then jit_second, in /tmp/perf-PID.map; "keep"
# leaves the map for report.
test_expect_success PERF_EVENTS 'record a JIT map workload' '
	"$PROF" record -q -e task-clock -o grow.data "$HELPERS/jit-grow" 0.6 keep &&
	"$PROF" report -i grow.data --stdio --sort dso >dsos &&
	sed -n "s/.*\[JIT\] tid \([0-9]*\).*/\1/p" dsos | head -1 >pid &&
	test -s pid &&
	test -f /tmp/perf-$(cat pid).map &&
	chmod 644 grow.data
'

map() { echo /tmp/perf-$(cat pid).map; }

test_expect_success PERF_EVENTS 'a map owned by the user is used' '
	chown "$(id -u)" "$(map)" &&
	"$PROF" report -i grow.data --stdio >out 2>err &&
	grep -q "\[\.\] jit_first$" out &&
	! grep -q "not owned" err
'

test_expect_success PERF_EVENTS,ROOT 'a map owned by another user is ignored, with perf'"'"'s warning' '
	chown nobody "$(map)" &&
	"$PROF" report -i grow.data --stdio >out 2>err &&
	echo "File $(map) not owned by current user or root, ignoring it." >expect &&
	test_cmp expect err &&
	! grep -q jit_first out &&
	grep -q "\[JIT\] tid $(cat pid) .*\[\.\] 0x0000" out
'

test_expect_success PERF_EVENTS,ROOT 'report -f uses it anyway' '
	"$PROF" report -f -i grow.data --stdio >out 2>err &&
	grep -q "\[\.\] jit_first$" out &&
	! grep -q "not owned" err
'

# setpriv: prof as nobody, the map owned by nobody, by root, by a third user
test_expect_success SETPRIV 'unprivileged: own map and root'"'"'s map used, another user'"'"'s not' '
	as_nobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups" &&
	nb=$(mktemp -d /tmp/prof-t0810.XXXXXX) && chmod 755 "$nb" &&
	cp grow.data "$nb/" && chmod 644 "$nb/grow.data" &&
	chown nobody "$(map)" &&
	$as_nobody "$PROF" report -i "$nb/grow.data" --stdio >out.nobody 2>err.nobody &&
	chown root "$(map)" &&
	$as_nobody "$PROF" report -i "$nb/grow.data" --stdio >out.root 2>err.root &&
	chown 1 "$(map)" &&
	$as_nobody "$PROF" report -i "$nb/grow.data" --stdio >out.other 2>err.other &&
	rm -rf "$nb" &&
	grep -q "\[\.\] jit_first$" out.nobody && ! test -s err.nobody &&
	grep -q "\[\.\] jit_first$" out.root && ! test -s err.root &&
	! grep -q jit_first out.other &&
	grep -q "^File $(map) not owned by current user or root, ignoring it\.$" err.other
'

test_expect_success PERF_EVENTS 'clean up' '
	rm -f "$(map)"
'

test_done
