#!/bin/sh
test_description='the prof binary: dispatch, help, version, exit codes'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'prof with no command lists commands and exits 1' '
	test_expect_code 1 "$PROF" >out 2>err &&
	grep -q "^ usage: prof \[--version\] \[--help\] \[OPTIONS\] COMMAND \[ARGS\]" out &&
	grep -q "^   version " out
'

test_expect_success 'prof --version and prof version agree' '
	"$PROF" --version >a &&
	"$PROF" version >b &&
	test_cmp a b &&
	grep -Eq "^prof version [0-9]+\.[0-9]+" a
'

test_expect_success 'version --build-options lists features in perf layout' '
	"$PROF" version --build-options >out &&
	grep -Eq "^ +libelf: \[ (on |OFF) \]  # HAVE_LIBELF_SUPPORT$" out &&
	grep -Eq "^ +dwarf: \[ on  \]  # HAVE_DWARF_SUPPORT$" out
'

test_expect_success 'prof --list-cmds names every command in prof help' '
	"$PROF" --list-cmds >cmds &&
	for c in $(cat cmds); do
		"$PROF" help | grep -q "^   $c " || { echo "missing $c"; exit 1; }
	done
'

test_expect_success 'an unknown command exits 1 with a suggestion' '
	test_expect_code 1 "$PROF" versoin 2>err &&
	grep -q "^prof: .versoin. is not a prof-command. See .prof --help.\.$" err &&
	grep -q "^The most similar command is" err &&
	grep -q "	version" err
'

test_expect_success 'an unknown global option is a usage error' '
	test_expect_code 129 "$PROF" --frobnicate 2>err &&
	grep -q "Unknown option: --frobnicate" err
'

test_expect_success 'prof help <cmd> shows the manual text' '
	"$PROF" help version >out &&
	grep -q "prof-version - " out
'

test_expect_success 'prof <cmd> --help is prof help <cmd>' '
	"$PROF" version --help >a &&
	"$PROF" help version >b &&
	test_cmp a b
'

test_expect_success 'prof <cmd> -h prints the usage and exits 129' '
	test_expect_code 129 "$PROF" version -h 2>err &&
	grep -q "^ Usage: prof version \[<options>\]" err &&
	grep -q "^        --build-options   display the build options$" err
'

test_expect_success 'a bad option of a command exits 129' '
	test_expect_code 129 "$PROF" version --bogus 2>err &&
	grep -q "^  Error: unknown option .bogus.$" err
'

test_expect_success 'stdout write errors are failures' '
	if [ -w /dev/full ]; then
		test_expect_code 255 "$PROF" version --build-options >/dev/full 2>err &&
		grep -q "write failure on standard output" err
	fi
'

test_done
