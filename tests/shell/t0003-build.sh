#!/bin/sh
test_description='the build: feature probes, O=, NO_*=1, V=1'
. "$(dirname "$0")/test-lib.sh"

# A compiler that cannot find libelf: every probe but libelf's succeeds.
cat >fakecc <<'EOS'
#!/bin/sh
for a in "$@"; do
	case $a in *test-libelf.c) echo "fakecc: no libelf" >&2; exit 1 ;; esac
done
exec gcc "$@"
EOS
chmod +x fakecc

test_expect_success 'a missing required library stops the build naming the package' '
	test_must_fail make -s -C "$SRCDIR" O="$TRASH/nolibelf" CC="$TRASH/fakecc" >out 2>&1 &&
	grep -q "required library libelf not found: install the Debian package libelf-dev" out &&
	grep -q "libelf: \[ OFF \]" out &&
	! test -e "$TRASH/nolibelf/prof"
'

test_expect_success 'O= builds out of tree; NO_LIBUNWIND=1 switches libunwind off' '
	touch marker &&
	make -s -j2 -C "$SRCDIR" O="$TRASH/b" NO_LIBUNWIND=1 >out 2>&1 &&
	test -x "$TRASH/b/prof" &&
	"$TRASH/b/prof" version --build-options >opts &&
	grep -q "libunwind: \[ OFF \]" opts &&
	grep -q "libelf: \[ on  \]" opts &&
	find "$SRCDIR" -path "$SRCDIR/.git" -prune -o -newer marker \
		\( -name "*.o" -o -name "*.d" -o -name "*.a" \) -print >leaked &&
	test_line_count = 0 leaked
'

test_expect_success 'NO_LIBUNWIND=1: --unwinder=libunwind is refused as not compiled in' '
	test_expect_code 129 "$TRASH/b/prof" report --unwinder=libunwind -i /dev/null >out 2>err &&
	grep -q "^--unwinder=libunwind: not compiled in (prof was built without libunwind" err &&
	test_expect_code 129 "$TRASH/b/prof" top --unwinder=libunwind >out 2>err &&
	grep -q "^--unwinder=libunwind: not compiled in" err
'

test_expect_success 'a second make does nothing; V=1 shows commands after a flag change' '
	make -C "$SRCDIR" O="$TRASH/b" NO_LIBUNWIND=1 >out2 2>&1 &&
	! grep -q "  CC " out2 &&
	make -C "$SRCDIR" O="$TRASH/b" V=1 >out3 2>&1 &&
	grep -q "^gcc .*-fno-omit-frame-pointer.* -c -o $TRASH/b/.build/src/lib/strbuf.o src/lib/strbuf.c" out3
'

test_expect_success 'a changed header rebuilds exactly what includes it' '
	make -s -C "$SRCDIR" O="$TRASH/b" >/dev/null 2>&1 &&
	sleep 1 && touch "$SRCDIR/include/prof/cpumap.h" &&
	make -C "$SRCDIR" O="$TRASH/b" >out4 2>&1 &&
	grep -q "CC      src/core/cpumap.c" out4 &&
	! grep -q "CC      src/lib/strbuf.c" out4
'

test_done
