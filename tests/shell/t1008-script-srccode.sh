#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof script -F srccode: the sampled line'"'"'s source text, as perf script'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

test_expect_success PERF_EVENTS 'record the demo, with and without chains' '
	"$PROF" record -q -e cpu-clock -o s.data -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	"$PROF" record -q -g -e cpu-clock -o g.data -- "$HELPERS/demo" 100 >/dev/null 2>&1
'

# perf's map__fprintf_srccode: "|LINE     TEXT" after the sample, only
# when the thread's line changed since the last one printed
test_expect_success PERF_EVENTS 'the source text after the sample, once per change of line' '
	"$PROF" script -i s.data -F +srcline,+srccode >out &&
	grep -q "^|23 \{7\}	*x = x \* 6364136223846793005UL" out &&
	test "$(grep -c "^|" out)" -lt "$(grep -c "^  demo\.c:" out)" &&
	grep -B2 "^|" out | grep -q "demo\\.c:[0-9]" &&
	"$PROF" script -i s.data -F +srcline >plain &&
	grep -v "^|" out >nocode &&
	test_cmp plain nocode
'

same() {
	rc1=0 && LC_ALL=C "$PERF" script -i "$1" -F "$2" >perf.out 2>/dev/null || rc1=$? &&
	rc2=0 && LC_ALL=C "$PROF" script -i "$1" -F "$2" >prof.out 2>/dev/null || rc2=$? &&
	test "$rc1" = "$rc2" &&
	test_cmp perf.out prof.out
}

test_expect_success PERF,PERF_EVENTS 'the same lines as perf script, with and without chains' '
	same s.data +srcline,+srccode &&
	grep -q "^|" prof.out &&
	same s.data +srccode &&
	same g.data +srcline,+srccode &&
	grep -q "^|" prof.out
'

test_done
