#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='inject refuses a file of the other byte order with one line, and writes nothing'
. "$(dirname "$0")/test-lib.sh"

# The corpus's only real big-endian recording: a POWER7 pipe stream kept in
# a file. perf 6.1's "perf inject -i F -o out" on it does not end (it spins
# at full CPU; stopped after 10 minutes) and what it has written by then
# perf report refuses ("incompatible file format"): there is no perf output
# to compare with, so prof refuses before writing anything
# (Documentation/technical/deliberate-differences.md).
F=$SHARED/corpus/perf-data/chromiumos_quipper_history/perf.data.piped.powerpc

test_expect_success SHARED 'the corpus file is big-endian (magic 2ELIFREP)' '
	test "$(od -An -c -N8 "$F" | tr -d " ")" = 2ELIFREP
'

test_expect_success SHARED 'inject -o: exit 255, one line naming the file, no output file' '
	test_expect_code 255 "$PROF" inject -i "$F" -o out.data 2>err &&
	echo "$F: written on a machine of the other byte order; prof inject writes this machine'"'"'s and cannot convert its header yet" >err.exp &&
	test_cmp err.exp err &&
	! test -e out.data
'

test_expect_success SHARED 'inject to standard output: nothing written there' '
	test_expect_code 255 "$PROF" inject -i "$F" >out.pipe 2>err2 &&
	test_must_be_empty out.pipe &&
	test_cmp err.exp err2
'

test_expect_success SHARED 'inject -b and --buildid-all refuse it the same way' '
	test_expect_code 255 "$PROF" inject -b -i "$F" -o outb.data 2>errb &&
	test_cmp err.exp errb &&
	! test -e outb.data &&
	test_expect_code 255 "$PROF" inject --buildid-all -i "$F" -o outa.data 2>erra &&
	test_cmp err.exp erra &&
	! test -e outa.data
'

test_done
