#!/bin/sh
test_description='the pager: only on a terminal, chosen like perf, --no-pager'
. "$(dirname "$0")/test-lib.sh"

# Run a command with a terminal as stdout (util-linux script).
on_tty() {
	script -qec "$1" /dev/null </dev/null | tr -d '\r'
}

if ! command -v script >/dev/null 2>&1; then
	skip_all "script(1) is needed to give prof a terminal"
fi

test_expect_success '-p pages through PROF_PAGER on a terminal' '
	on_tty "PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" -p version" >out &&
	grep -q "^PAGED:prof version" out
'

test_expect_success 'PERF_PAGER and PAGER are honoured in that order' '
	on_tty "PERF_PAGER=\"sed s/^/PERF:/\" PAGER=\"sed s/^/PAGER:/\" \"$PROF\" -p version" >out &&
	grep -q "^PERF:prof version" out &&
	on_tty "PAGER=\"sed s/^/PAGER:/\" \"$PROF\" -p version" >out2 &&
	grep -q "^PAGER:prof version" out2
'

test_expect_success 'no pager when stdout is not a terminal' '
	PROF_PAGER="sed s/^/PAGED:/" "$PROF" -p version >out &&
	grep -q "^prof version" out
'

test_expect_success '--no-pager and PAGER=cat disable it' '
	on_tty "PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" --no-pager version" >out &&
	grep -q "^prof version" out &&
	on_tty "PROF_PAGER=cat \"$PROF\" -p version" >out2 &&
	grep -q "^prof version" out2
'

test_expect_success 'the exit status survives the pager; errors go through it' '
	on_tty "PROF_PAGER=\"sed s/^/P:/\" \"$PROF\" -p version --bogus; echo status=\$?" >out &&
	grep -q "^status=129" out &&
	grep -q "^P:  Error: unknown option .bogus." out
'

test_done
