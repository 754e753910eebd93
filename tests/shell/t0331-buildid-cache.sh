#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='buildid-cache keeps perf 6.1'"'"'s cache layout: perf and prof share it both ways'
. "$(dirname "$0")/test-lib.sh"
# never the real ~/.debug: a private HOME, and every cache under $TRASH
HOME=$TRASH/home PROF_BUILDID_DIR="$TRASH/home/.debug" PERF_BUILDID_DIR="$TRASH/home/.debug"
export HOME PROF_BUILDID_DIR PERF_BUILDID_DIR

# A binary with SDT notes (perf writes its probes file from them): g++'s
# libstdc++ or python3, whichever this machine has.
test_lazy_prereq SDT_BINARY '
	for f in /usr/lib/x86_64-linux-gnu/libstdc++.so.6 /usr/lib/*/libstdc++.so.6 /usr/bin/python3; do
		if test -f "$f" && readelf -n "$f" 2>/dev/null | grep -q stapsdt; then
			echo "$f" >"$TRASH/sdt.bin" && exit 0
		fi
	done &&
	exit 1
'

# tree DIR: every path under DIR with its type, link target, size and mode.
tree() {
	(cd "$1" && find . -printf "%p %y %l %s %m\n" | sort)
}

test_expect_success 'fixtures: binaries of their own path, with and without build-ids' '
	mkdir -p bin home &&
	cp "$HELPERS/demo" bin/demo &&
	cp "$HELPERS/symtest" bin/symtest &&
	ln -s demo bin/demo-link &&
	printf "int main(void) { return 0; }\n" >nobid.c &&
	cc -Wl,--build-id=none -o bin/nobid nobid.c &&
	printf "int main(void) { return 0; }\n" | cc -Wl,--build-id=md5 -o bin/md5 -x c - &&
	"$PROF" buildid-list -i bin/demo >demo.bid &&
	grep -q "^[0-9a-f]\{40\}$" demo.bid &&
	"$PROF" buildid-list -i bin/md5 >md5.bid &&
	grep -q "^[0-9a-f]\{32\}$" md5.bid
'

test_expect_success PERF 'add: the tree perf makes, byte for byte, SHA-1 and MD5 ids' '
	F="$TRASH/bin/demo,$TRASH/bin/md5,$TRASH/bin/demo-link,/bin/true" &&
	"$PERF" --buildid-dir "$TRASH/c.perf" buildid-cache -a "$F" &&
	"$PROF" --buildid-dir "$TRASH/c.prof" buildid-cache -a "$F" &&
	tree c.perf >perf.tree &&
	tree c.prof >prof.tree &&
	test_cmp_nonempty perf.tree prof.tree &&
	bid=$(cat demo.bid) &&
	test "$(readlink "c.prof/.build-id/$(echo $bid | cut -c1-2)/$(echo $bid | cut -c3-)")" = \
		"../..$TRASH/bin/demo/$bid" &&
	cmp bin/demo "c.prof$TRASH/bin/demo/$bid/elf"
'

test_expect_success PERF 'list: each lists what the other added' '
	"$PERF" --buildid-dir "$TRASH/c.prof" buildid-cache -l >perf.l &&
	"$PROF" --buildid-dir "$TRASH/c.perf" buildid-cache -l >prof.l &&
	test_cmp_nonempty perf.l prof.l &&
	grep -q "^$(cat demo.bid) $TRASH/bin/demo$" prof.l &&
	grep -q "^$(cat md5.bid) $TRASH/bin/md5$" prof.l
'

test_expect_success PERF,SDT_BINARY 'the probes file is perf'"'"'s, and perf list sdt reads it' '
	f=$(cat sdt.bin) &&
	"$PERF" --buildid-dir "$TRASH/s.perf" buildid-cache -a "$f" &&
	"$PROF" --buildid-dir "$TRASH/s.prof" buildid-cache -a "$f" &&
	find s.perf -name probes >probes.list &&
	test $(wc -l <probes.list) = 1 &&
	p=$(sed "s|^s.perf/||" probes.list) &&
	grep -q "^%sdt_" "s.perf/$p" &&
	test_cmp "s.perf/$p" "s.prof/$p" &&
	"$PERF" --buildid-dir "$TRASH/s.prof" list sdt >sdt.out 2>&1 &&
	grep -q "SDT event" sdt.out
'

test_expect_success PERF 'remove, purge, update and purge-all leave what perf leaves' '
	for t in perf prof; do
		if test $t = perf; then T=$PERF; else T=$PROF; fi &&
		d="$TRASH/r.$t" &&
		"$T" --buildid-dir "$d" buildid-cache -a "$TRASH/bin/demo,$TRASH/bin/symtest,$TRASH/bin/md5" &&
		"$T" --buildid-dir "$d" buildid-cache -v -r "$TRASH/bin/symtest" -p "$TRASH/bin/md5" \
			-u "$TRASH/bin/demo" 2>$t.rpu.err &&
		tree "$d" >$t.rpu.tree &&
		"$T" --buildid-dir "$d" buildid-cache -l >$t.rpu.l &&
		"$T" --buildid-dir "$d" buildid-cache -v -P 2>$t.P.err &&
		tree "$d" >$t.P.tree || return 1
	done &&
	test_cmp_nonempty perf.rpu.tree prof.rpu.tree &&
	test_cmp_nonempty perf.rpu.l prof.rpu.l &&
	test_cmp perf.P.tree prof.P.tree &&
	! grep -q "/.build-id/../." prof.P.tree &&
	test_cmp_nonempty perf.rpu.err prof.rpu.err &&
	grep -q "^Removing $(cat demo.bid | cut -c1-8).* ($TRASH/bin/demo)\|^Removing $TRASH/bin/demo ($(cat demo.bid)): Ok$" prof.P.err &&
	test_cmp_nonempty perf.P.err prof.P.err
'

test_expect_success PERF,PERF_EVENTS 'missing: what a recording needs that the cache lacks, as perf' '
	"$PROF" --buildid-dir "$TRASH/m.rec" record -q -o m.data -e task-clock \
		-- "$TRASH/bin/demo" 20 >/dev/null 2>&1 &&
	for t in perf prof; do
		if test $t = perf; then T=$PERF; else T=$PROF; fi &&
		d="$TRASH/m.$t" &&
		"$T" --buildid-dir "$d" buildid-cache -M m.data >$t.M1 &&
		"$T" --buildid-dir "$d" buildid-cache -a "$TRASH/bin/demo" &&
		"$T" --buildid-dir "$d" buildid-cache -M m.data >$t.M2 || return 1
	done &&
	test_cmp_nonempty perf.M1 prof.M1 &&
	test_cmp_nonempty perf.M2 prof.M2 &&
	grep -q " $TRASH/bin/demo$" prof.M1 &&
	! grep -q " $TRASH/bin/demo$" prof.M2
'

test_expect_success PERF 'the cache perf record fills is the one prof report reads' '
	"$PERF" --buildid-dir "$TRASH/x.perf" record -q -o x.data -e task-clock \
		-- "$TRASH/bin/symtest" 20 >/dev/null 2>&1 &&
	"$PROF" --buildid-dir "$TRASH/x.perf" buildid-cache -l >x.l &&
	grep -q " $TRASH/bin/symtest$" x.l &&
	"$PROF" --buildid-dir "$TRASH/x.perf" report --stdio -q -i x.data -s dso,sym \
		>x.before 2>/dev/null &&
	grep -q "symtest .*\[\.\] sym_" x.before &&
	mv bin/symtest bin/symtest.away &&
	"$PROF" --buildid-dir "$TRASH/x.none" report --stdio -q -i x.data -s dso,sym \
		>x.nocache 2>/dev/null &&
	"$PROF" --buildid-dir "$TRASH/x.perf" report --stdio -q -i x.data -s dso,sym \
		>x.after 2>/dev/null &&
	mv bin/symtest.away bin/symtest &&
	! test_cmp x.before x.nocache >/dev/null &&
	test_cmp x.before x.after
'

test_expect_success PERF,PERF_EVENTS 'prof record fills the cache as perf record does: elf, debug, probes' '
	"$PERF" --buildid-dir "$TRASH/rec.perf" record -q --buildid-all -o rp.data \
		-e task-clock -- "$TRASH/bin/demo" 10 >/dev/null 2>&1 &&
	"$PROF" --buildid-dir "$TRASH/rec.prof" record -q --buildid-all -o rq.data \
		-e task-clock -- "$TRASH/bin/demo" 10 >/dev/null 2>&1 &&
	tree rec.perf | sed "/kallsyms/s/ [0-9]* \([0-7]*\)$/ \1/" >rec.perf.tree &&
	tree rec.prof | sed "/kallsyms/s/ [0-9]* \([0-7]*\)$/ \1/" >rec.prof.tree &&
	test_cmp_nonempty rec.perf.tree rec.prof.tree &&
	grep -q "/probes f" rec.prof.tree
'

test_expect_success 'bad input: one line, exit status 1; -l alone; no operation is usage' '
	test_expect_code 1 "$PROF" buildid-cache -a "$TRASH/bin/nobid" 2>nobid.err &&
	echo "Couldn'"'"'t add $TRASH/bin/nobid: no build-id in it" >nobid.exp &&
	test_cmp nobid.exp nobid.err &&
	test_expect_code 1 "$PROF" buildid-cache -a /nonexistent 2>ne.err &&
	echo "Couldn'"'"'t add /nonexistent: No such file or directory" >ne.exp &&
	test_cmp ne.exp ne.err &&
	test_expect_code 1 "$PROF" buildid-cache -u nobid.c 2>nc.err &&
	test $(wc -l <nc.err) = 1 &&
	grep -q "^Couldn.t update nobid.c: not an ELF file$" nc.err &&
	"$PROF" buildid-cache -r "$TRASH/bin/demo" 2>notcached.err &&
	test_must_be_empty notcached.err &&
	test_expect_code 129 "$PROF" buildid-cache -l -a "$TRASH/bin/demo" 2>excl.err &&
	grep -q "^  Error: -l is exclusive" excl.err &&
	test_expect_code 129 "$PROF" buildid-cache 2>none.err &&
	grep -q "Usage: prof buildid-cache" none.err &&
	test_expect_code 255 "$PROF" buildid-cache -M nosuch.data 2>M.err &&
	test $(wc -l <M.err) = 1 &&
	test_expect_code 255 "$PROF" buildid-cache -k /proc/kcore 2>k.err &&
	test $(wc -l <k.err) = 1
'

test_expect_success PERF 'the default cache is ~/.debug, the private HOME here' '
	env -u PROF_BUILDID_DIR -u PERF_BUILDID_DIR "$PROF" buildid-cache -a "$TRASH/bin/demo" &&
	test -f "home/.debug$TRASH/bin/demo/$(cat demo.bid)/elf" &&
	env -u PROF_BUILDID_DIR -u PERF_BUILDID_DIR "$PERF" buildid-cache -l >home.l &&
	grep -q "^$(cat demo.bid) $TRASH/bin/demo$" home.l
'

test_expect_success PERF 'perf'"'"'s buildid.sh: with bash it passes, with sh it stops where perf stops' '
	test -f /usr/lib/perf-core/tests/shell/buildid.sh &&
	mkdir -p pbin &&
	ln -sf "$PROF" pbin/perf &&
	PATH="$TRASH/pbin:$PATH" bash /usr/lib/perf-core/tests/shell/buildid.sh >bsh.out 2>&1 &&
	grep -q "^OK for .*SHA1" bsh.out &&
	grep -q "^OK for .*MD5" bsh.out &&
	{ PATH="$TRASH/pbin:$PATH" sh /usr/lib/perf-core/tests/shell/buildid.sh >sh.prof 2>&1; st=$?; } &&
	{ sh /usr/lib/perf-core/tests/shell/buildid.sh >sh.perf 2>&1; pst=$?; } &&
	test "$st" = "$pst" &&
	grep -q "Bad substitution" sh.prof &&
	grep -q "Bad substitution" sh.perf
'

test_done
