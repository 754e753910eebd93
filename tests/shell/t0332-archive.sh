#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='archive: perf-archive'"'"'s tarball, which reports elsewhere as here'
. "$(dirname "$0")/test-lib.sh"
# never the real ~/.debug: private HOMEs, the recording machine's and another
HOME=$TRASH/home1
unset PROF_BUILDID_DIR PERF_BUILDID_DIR
export HOME
test_lazy_prereq BZIP2 'command -v bzip2'

# rep HOME OUT: prof report of the recording as seen from HOME.
rep() {
	HOME=$TRASH/$1 "$PROF" report --stdio -q -i perf.data -s dso,sym >"$2" 2>"$2.err"
}

test_expect_success PERF_EVENTS 'fixtures: a recording of a binary of its own path' '
	mkdir -p home1 bin &&
	cp "$HELPERS/demo" bin/demo &&
	cp "$HELPERS/symtest" bin/symtest &&
	"$PROF" record -q -e task-clock -F 4000 -o perf.data -- \
		sh -c "\"$TRASH/bin/demo\" 100; \"$TRASH/bin/symtest\" 20" >/dev/null 2>&1 &&
	rep home1 before &&
	grep -q "demo  *\[\.\] hot_loop" before &&
	grep -q "symtest  *\[\.\] sym_" before
'

test_expect_success PERF_EVENTS,BZIP2 'archive: perf'"'"'s words, the hit DSOs'"'"' cache entries' '
	"$PROF" archive >archive.out &&
	cat >archive.exp <<-\EOT &&
	Now please run:

	$ tar xvf perf.data.tar.bz2 -C ~/.debug

	wherever you need to run '"'"'perf report'"'"' on.
	EOT
	test_cmp archive.exp archive.out &&
	bzip2 -t perf.data.tar.bz2 &&
	tar tjf perf.data.tar.bz2 >members &&
	"$PROF" buildid-list -H -i perf.data >hits &&
	grep -q "^\.build-id/[0-9a-f][0-9a-f]/[0-9a-f]*$" members &&
	grep -q "^${TRASH#/}/bin/demo/$(sed -n "s| .*/bin/demo$||p" hits)/elf$" members &&
	grep -q "^${TRASH#/}/bin/symtest/[0-9a-f]*/elf$" members
'

test_expect_success PERF,PERF_EVENTS,BZIP2 'the members are those perf archive takes' '
	cp perf.data p2.data &&
	"$PERF" archive p2.data >perf.archive.out &&
	grep -q "tar xvf p2.data.tar.bz2" perf.archive.out &&
	tar tjf p2.data.tar.bz2 | sort >perf.members &&
	sort members >prof.members &&
	test_cmp_nonempty perf.members prof.members
'

test_expect_success PERF_EVENTS,BZIP2 'elsewhere: an empty HOME, the archive unpacked, the binaries gone' '
	mv bin bin.away &&
	mkdir -p home2 home3/.debug &&
	rep home2 nocache &&
	! grep -q "hot_loop" nocache &&
	tar xf perf.data.tar.bz2 -C home3/.debug &&
	rep home3 after &&
	mv bin.away bin &&
	test_cmp before after
'

test_expect_success PERF,PERF_EVENTS,BZIP2 'perf report reads the unpacked archive too' '
	mv bin bin.away &&
	HOME=$TRASH/home3 "$PERF" report --stdio -q -i perf.data -s dso,sym >perf.after 2>/dev/null &&
	mv bin.away bin &&
	grep -q "demo  *\[\.\] hot_loop" perf.after &&
	grep -q "symtest  *\[\.\] sym_" perf.after
'

test_expect_success PERF_EVENTS,BZIP2 '-v says each DSO archived; FILE names the input' '
	cp perf.data named.data &&
	"$PROF" archive -v named.data >named.out 2>named.err &&
	grep -q "tar xvf named.data.tar.bz2 -C ~/.debug" named.out &&
	test -f named.data.tar.bz2 &&
	grep -q "^archiving [0-9a-f]* $TRASH/bin/demo: \.build-id/" named.err
'

test_expect_success PERF_EVENTS 'no build-ids, no input, a build-id not cached: said, non-zero' '
	"$PROF" record -q -N -B -e task-clock -o nobid.data -- true >/dev/null 2>&1 &&
	test_expect_code 1 "$PROF" archive nobid.data >nobid.out &&
	echo "perf archive: no build-ids found" >nobid.exp &&
	test_cmp nobid.exp nobid.out &&
	test_expect_code 255 "$PROF" archive nosuch.data 2>nosuch.err &&
	test $(wc -l <nosuch.err) = 1 &&
	"$PROF" record -q -N -e task-clock -o nocache.data -- "$TRASH/bin/demo" 20 >/dev/null 2>&1 &&
	test_expect_code 255 env HOME="$TRASH/home2" "$PROF" archive nocache.data 2>nocache.err &&
	grep -q "is not in the build-id cache" nocache.err &&
	test_expect_code 129 "$PROF" archive a.data b.data 2>two.err
'

test_done
