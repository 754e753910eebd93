#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='no layer of src/ includes a header of a layer above it'
. "$(dirname "$0")/test-lib.sh"

CHECK=$SRCDIR/scripts/check-layers.sh

test_expect_success 'the tree keeps its layers (make check-layers)' '
	"$CHECK" "$SRCDIR" >out 2>&1 &&
	test_line_count = 0 out
'

# A copy of src/ and include/ to break on purpose.
test_expect_success 'a copy of the tree' '
	mkdir tree &&
	cp -R "$SRCDIR/src" "$SRCDIR/include" tree/ &&
	"$CHECK" tree >out 2>&1
'

test_expect_success 'symbol/ including session.h is refused, named' '
	cp -R tree t1 &&
	sed -i "s|#include \"prof/event.h\"|#include \"prof/session.h\"|" t1/src/symbol/unwind.c &&
	test_must_fail "$CHECK" t1 >out 2>&1 &&
	grep -q "^src/symbol/unwind.c: includes prof/session.h (session), above layer symbol\$" out
'

test_expect_success 'a header including one of a higher layer is refused' '
	cp -R tree t2 &&
	sed -i "s|#include \"compat.h\"|#include \"compat.h\"\n#include \"hist.h\"|" t2/include/prof/machine.h &&
	test_must_fail "$CHECK" t2 >out 2>&1 &&
	grep -q "^include/prof/machine.h: includes prof/hist.h (hist), above layer symbol\$" out
'

test_expect_success 'a header no layer holds is refused' '
	cp -R tree t3 &&
	echo "/* nowhere */" >t3/include/prof/nowhere.h &&
	test_must_fail "$CHECK" t3 >out 2>&1 &&
	grep -q "^include/prof/nowhere.h: no layer" out
'

test_expect_success 'core, below the session, reads no session header' '
	cp -R tree t4 &&
	sed -i "0,/#include \"prof\/compat.h\"/s||#include \"prof/compat.h\"\n#include \"prof/data-writer.h\"|" t4/src/core/evlist.c &&
	test_must_fail "$CHECK" t4 >out 2>&1 &&
	grep -q "^src/core/evlist.c: includes prof/data-writer.h (session), above layer core\$" out
'

test_done
