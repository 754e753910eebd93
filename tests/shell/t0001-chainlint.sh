#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='the chain lint: a test whose failure would go unnoticed fails'
. "$(dirname "$0")/test-lib.sh"

CL=$SRCDIR/tests/shell/chainlint.pl

# flagged LINE... <BODY: the lint rejects the body, naming exactly these lines.
flagged() {
	test_expect_code 1 perl "$CL" >lint &&
	cat lint &&
	cut -d: -f1 lint >got &&
	printf "%s\n" "$@" >want &&
	test_cmp want got
}

# clean <BODY: the lint accepts the body.
clean() {
	perl "$CL" >lint &&
	test_must_be_empty lint
}

test_expect_success 'a command list without && is flagged at the right line' '
	flagged 2 4 <<-\EOF
	echo a &&
	echo b
	echo c &&
	x=$(echo d)
	echo e
	EOF
'

test_expect_success 'breaks in subshells, groups, if and case branches' '
	flagged 1 3 5 11 <<-\EOF
	( cd x
	  echo y ) &&
	{ echo a; echo b; } &&
	if test -f x; then
		echo t
		echo u
	else
		echo v
	fi &&
	case $x in
	a) echo a
	   echo b ;;
	*) echo c ;;
	esac
	EOF
'

test_expect_success 'a break after a compound command' '
	flagged 3 4 5 <<-\EOF
	if true; then
		echo t
	fi
	while false; do echo || return 1; done
	( echo ) >out
	echo end
	EOF
'

test_expect_success 'a loop must stop on a failing iteration' '
	flagged 1 4 <<-\EOF
	for f in a b; do
		grep -q x $f
	done &&
	while read l; do echo $l; done <in &&
	for f in a b; do
		grep -q x $f || return 1
	done &&
	until test -f x; do sleep 1 || exit 1; done
	EOF
'

test_expect_success 'here-documents are data: not linted, lines counted' '
	flagged 1 8 <<-\EOF
	cat >x <<\END
	echo a
	echo b
	END
	cat >y <<-END &&
		echo "$x"; echo b
		END
	cat x y
	cat "x" &&
	true
	EOF
'

test_expect_success 'quotes, substitutions and comments do not confuse it' '
	flagged 9 <<-\EOF
	echo "a; b
	c" "$(echo x; echo y
	)" '\''; echo'\'' &&
	# a comment; echo
	x=${y:-"z;"} && echo `echo a; echo b` &&
	case "$x" in (a|b) echo "a)" ;; "c") ;; esac &&
	echo \
		continued &&
	echo one
	echo two
	EOF
'

test_expect_success 'what is allowed: background jobs, $?, explicit failure' '
	clean <<-\EOF
	( sleep 1 ) &
	pid=$! &&
	cmd >out 2>err
	rc=$? &&
	test $rc = 1 &&
	cmd || { echo "cmd failed"; exit 1; }
	other || return 1
	fn() {
		echo a &&
		echo b
	}
	rc=0 &&
	cmd || rc=$?
	test $rc = 0 &&
	if ! grep -q x out; then
		echo "no x"; cat out; false
	fi &&
	grep -q y out || { echo "no y"; cat out; return 1; } &&
	for f in a b; do
		test -f $f || { echo "$f missing"; exit 1; }
	done | sort &&
	cmd1 |
		cmd2 &&
	wait $pid
	EOF
'

test_expect_success 'a final return 1 excuses no break a return 0 can skip' '
	flagged 1 <<-\EOF
	rm -f x
	for i in 1 2 3; do
		test -f x && return 0
		sleep 1 || return 1
	done
	echo "no x"
	return 1
	EOF
'

test_expect_success 'a && list sent to the background as a whole' '
	flagged 3 <<-\EOF
	job1 &
	pid1=$! &&
	sleep 1 && job2 &
	{ job3 & } &&
	pid3=$! &&
	{ ( sleep 1 && job4 ) & } &&
	wait
	EOF
'

test_expect_success 'exit 0 does not excuse the breaks before it' '
	flagged 1 2 <<-\EOF
	echo a
	cmd
	exit 0
	EOF
'

test_expect_success 'a function defined in a body is linted' '
	flagged 2 <<-\EOF
	f() {
		echo a
		echo b
	} &&
	f
	EOF
'

test_expect_success 'what cannot be parsed is an error (exit 2), not a pass' '
	printf "if true; then\n\techo a\n" >body &&
	test_expect_code 2 perl "$CL" <body >lint &&
	grep -q "cannot parse" lint &&
	printf "echo \"a\n" >body &&
	test_expect_code 2 perl "$CL" <body >lint &&
	grep -q "unterminated double quote" lint &&
	printf "echo a &&\n" >body &&
	test_expect_code 2 perl "$CL" <body >lint &&
	grep -q "unexpected end of text" lint &&
	printf "cat <<EOF\nfoo\n" >body &&
	test_expect_code 1 perl "$CL" <body >lint &&
	grep -q "without its delimiter" lint
'

test_expect_success '--functions lints function bodies, not the top level' '
	cat >file.sh <<-\EOF &&
	top=1
	echo top
	good() {
		echo a &&
		echo b
	}
	bad() {
		echo a
		for x in 1 2; do echo $x; done
	}
	test_expect_success "t" "
		echo not linted here
		echo by --functions
	"
	EOF
	test_expect_code 1 perl "$CL" --functions file.sh >lint &&
	cat lint &&
	cut -d: -f1 lint >got &&
	printf "8\n9\n" >want &&
	test_cmp want got
'

# A test file in its own checkout-like tree, run by this test-lib.sh.
mini() {
	mkdir -p mini/tests/shell &&
	ln -sf "$SRCDIR/tests/shell/test-lib.sh" "$SRCDIR/tests/shell/chainlint.pl" mini/tests/shell/ &&
	{
		echo "#!/bin/sh" &&
		echo "test_description=mini" &&
		echo ". \"\$(dirname \"\$0\")/test-lib.sh\"" &&
		cat &&
		echo "test_done"
	} >"mini/tests/shell/$1.sh"
}

test_expect_success 'test-lib.sh fails a broken body and does not run it' '
	mini t9001-broken <<-\EOF &&
	test_expect_success "broken" "
		echo one
		touch \"$MARK\"
	"
	test_expect_success "whole" "
		echo one &&
		true
	"
	test_expect_failure "known bug" "
		echo one
		test -f /nonexistent
	"
	EOF
	MARK=$TRASH/ran &&
	export MARK &&
	test_expect_code 1 sh mini/tests/shell/t9001-broken.sh >tap &&
	cat tap &&
	! test -e ran &&
	grep "^not ok 1 - broken\$" tap &&
	grep "^#   line 2: missing && at the end of this command: echo one\$" tap &&
	grep "^ok 2 - whole\$" tap &&
	grep "^not ok 3 - known bug\$" tap &&
	test_expect_code 1 env TEST_LINT_ONLY=1 sh mini/tests/shell/t9001-broken.sh >tap &&
	grep "^not ok 1 - broken\$" tap &&
	grep "^ok 2 # SKIP whole (lint only)\$" tap &&
	! test -e ran
'

test_expect_success 'test-lib.sh fails a file whose helper function breaks a chain' '
	mini t9002-helper <<-\EOF &&
	helper() {
		test -f /nonexistent
		touch "$MARK"
	}
	test_expect_success "uses the helper" "
		helper
	"
	EOF
	MARK=$TRASH/ran &&
	export MARK &&
	test_expect_code 1 sh mini/tests/shell/t9002-helper.sh >tap &&
	cat tap &&
	! test -e ran &&
	grep "^not ok 1 - chain lint: the helper functions of t9002-helper.sh\$" tap &&
	grep "^#   t9002-helper.sh:5: missing && at the end of this command: test -f /nonexistent\$" tap &&
	! grep "uses the helper" tap
'

test_expect_success 'return 1 in a loop fails the body' '
	mini t9003-return <<-\EOF &&
	test_expect_success "loop" "
		for i in 1 2; do
			test \$i = 2 || return 1
		done &&
		touch \"$MARK\"
	"
	EOF
	MARK=$TRASH/ran &&
	export MARK &&
	test_expect_code 1 sh mini/tests/shell/t9003-return.sh >tap &&
	cat tap &&
	grep "^not ok 1 - loop\$" tap &&
	! test -e ran
'

test_lazy_prereq ALWAYS 'true'
test_lazy_prereq NEVER 'test -f /nonexistent'

test_expect_success ALWAYS 'a lazy prerequisite that holds runs the test' '
	touch lazy-ran
'

test_expect_success NEVER 'a lazy prerequisite that does not hold skips the test' '
	false
'

test_expect_success 'lazy prerequisites were asked' '
	test -f lazy-ran &&
	test_have_prereq ALWAYS &&
	! test_have_prereq NEVER
'

test_expect_success 'a C++ compiler that does not work is a missing prerequisite' '
	(
		CXX=/nonexistent/g++ &&
		_prereq_cache=" " &&
		! test_have_prereq CXX &&
		test "$_missing_prereq" = CXX
	)
'

test_expect_success 'test_cmp_nonempty: two empty outputs are not a match' '
	: >a && : >b &&
	test_cmp a b &&
	test_must_fail test_cmp_nonempty a b &&
	echo x >a && echo x >b &&
	test_cmp_nonempty a b &&
	echo y >b &&
	test_must_fail test_cmp_nonempty a b
'

test_expect_success 'test_must_be_empty' '
	: >e && echo x >f &&
	test_must_be_empty e &&
	test_must_fail test_must_be_empty f &&
	test_must_fail test_must_be_empty nonexistent
'

test_done
