#!/bin/sh
test_description='the ASan+UBSan build (make build-san): fuzz seeds, crashers, the corpus and error paths are clean'
. "$(dirname "$0")/test-lib.sh"

# "make check" builds it first (build-san); no suppression file is used,
# and a report fails the run (-fno-sanitize-recover, exitcode 1).
SAN=${PROF_SAN:-$SRCDIR/.build-san}
SFUZZ=$SAN/.build/tests/fuzz
SEEDS=$SRCDIR/tests/fuzz
if [ ! -x "$SAN/prof" ] || [ ! -x "$SFUZZ/fuzz-report" ]; then
	skip_all "no sanitizer build in $SAN (make build-san)"
fi
unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
# the build-id cache of this run only: a symbol file another run cached
# must not name what a stripped binary lacks
PROF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR

# no sanitizer report in FILE
clean() {
	! grep -E "ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: " "$1"
}

for src in "$SEEDS"/fuzz-*.c; do
	t=$(basename "$src" .c)
	test -d "$SEEDS/$t" || continue
	test_expect_success "$t: seeds and saved crashers under the sanitizers" '
		"$SFUZZ/'$t'" "$SEEDS/'$t'" >out 2>err &&
		clean err &&
		grep -q "^replayed [1-9][0-9]* inputs$" out
	'
done

test_expect_success SHARED 'the whole perf.data corpus through prof report (fuzz-report)' '
	"$SFUZZ/fuzz-report" "$SHARED/corpus/perf-data" >out 2>err &&
	clean err &&
	grep -Eq "^replayed [0-9]{3} inputs$" out
'

test_expect_success SHARED 'the whole perf.data corpus through the session reader (fuzz-perf-data)' '
	"$SFUZZ/fuzz-perf-data" "$SHARED/corpus/perf-data" >out 2>err &&
	clean err &&
	grep -Eq "^replayed [0-9]{3} inputs$" out
'

# Error paths that once leaked: the command fails with its own status
# and LeakSanitizer has nothing to say.
test_expect_success 'record: -p/-t of a missing pid, -C abc, -u nosuchuser' '
	pid=$(sh -c "echo \$\$") &&
	test_expect_code 255 "$SAN/prof" record -p "$pid" -o x.data 2>err &&
	clean err &&
	test_expect_code 255 "$SAN/prof" record -t "$pid" -o x.data 2>err &&
	clean err &&
	test_expect_code 129 "$SAN/prof" record -C abc -o x.data true 2>err &&
	clean err &&
	test_expect_code 255 "$SAN/prof" record -u nosuchuser-prof -o x.data true 2>err &&
	clean err &&
	grep -q "Invalid User: nosuchuser-prof" err
'

test_expect_success 'stat: --timeout refused (with -I, below 10ms) and other refusals' '
	test_expect_code 234 "$SAN/prof" stat --timeout 10 -I 100 true 2>err &&
	clean err &&
	grep -q "timeout option is not supported with interval-print" err &&
	test_expect_code 234 "$SAN/prof" stat --timeout 5 true 2>err &&
	clean err &&
	test_expect_code 234 "$SAN/prof" stat -r -1 true 2>err &&
	clean err &&
	test_expect_code 234 "$SAN/prof" stat --table true 2>err &&
	clean err
'

test_expect_success 'report: an MMAP whose name runs past its record (a spliced stream)' '
	"$SAN/prof" report --stdio -i - <"$SEEDS/fuzz-report/unterminated-module-mmap-queued" >out 2>err &&
	clean err &&
	grep -q "cut at its end" err
'

# A DSO whose symbol table holds no function (a stripped executable: its
# .dynsym has imports only): -g address asks addr2line's symbol fallback
# about its frames, which once sorted an empty (NULL) array.
test_expect_success PYTHON3 'report -g address: a stripped DSO without function symbols' '
	cp "$HELPERS/demo" a2l-demo &&
	cp "$HELPERS/symtest" a2l-stripped &&
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" chains a2l.data \
		"$PWD/a2l-demo" "$PWD/a2l-stripped" &&
	strip a2l-stripped &&
	"$SAN/prof" report -i a2l.data --stdio -g address >out 2>err &&
	clean err &&
	grep -q "a2l-stripped  *\[\.\] 0x00007f[0-9a-f]*\$" out
'

test_done
