#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='buildid-cache and record --debuginfod fetch a stripped binary'"'"'s debug file from a debuginfod server into perf'"'"'s cache layout'
. "$(dirname "$0")/test-lib.sh"
# never the real ~/.debug nor ~/.cache/debuginfod_client
HOME=$TRASH/home PROF_BUILDID_DIR="$TRASH/home/.debug" PERF_BUILDID_DIR="$TRASH/home/.debug"
DEBUGINFOD_CACHE_PATH=$TRASH/dcache
export HOME PROF_BUILDID_DIR PERF_BUILDID_DIR DEBUGINFOD_CACHE_PATH
unset DEBUGINFOD_URLS

# The server (elfutils' debuginfod), a client to see it is up, and a prof
# built with libdebuginfod; a free loopback port is picked with python3.
test_lazy_prereq DEBUGINFOD '
	command -v debuginfod && command -v debuginfod-find && command -v python3 &&
	"$PROF" version --build-options | grep -q "debuginfod: \[ on"
'

# One server for the file, started here so that this shell kills it on
# any exit; it serves srv/, which holds only the unstripped binary.
SRV_PID=
stop_server() {
	if test -n "$SRV_PID" && kill "$SRV_PID" 2>/dev/null; then
		wait "$SRV_PID" 2>/dev/null || test $? -gt 128
	fi
}
trap 'stop_server' EXIT
trap 'stop_server; exit 1' INT TERM

if test_have_prereq DEBUGINFOD; then
	mkdir -p srv bin home &&
	cat >prog.c <<-\EOF &&
	#include <stdlib.h>
	static volatile unsigned long sink;
	__attribute__((noinline)) static void spin_inner(unsigned long n)
	{
		for (unsigned long i = 0; i < n; i++)
			sink += i * 7;
	}
	__attribute__((noinline)) void spin_outer(unsigned long n)
	{
		spin_inner(n);
	}
	int main(int argc, char **argv)
	{
		spin_outer(argc > 1 ? strtoul(argv[1], NULL, 10) : 1000);
		return 0;
	}
	EOF
	cc -g -O1 -fno-omit-frame-pointer -o srv/prog prog.c &&
	strip -s -o bin/prog srv/prog &&
	PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') &&
	URL=http://127.0.0.1:$PORT
	if test -n "${URL#http://127.0.0.1:}"; then
		debuginfod -F "$TRASH/srv" -p "$PORT" -d "$TRASH/srv.sqlite" >srv.log 2>&1 &
		SRV_PID=$!
	fi
fi

# bid FILE: its build-id; tree DIR: every path with type, target, size, mode.
bid() {
	"$PROF" buildid-list -i "$1"
}
tree() {
	(cd "$1" && find . -printf "%p %y %l %s %m\n" | sort)
}

# libdebuginfod loads libcurl and its TLS and Kerberos libraries: opened
# when a server is first asked, never at start-up, so that no other
# command pays for them (linked, they doubled prof stat -- true).
test_expect_success 'prof needs no libdebuginfod nor libcurl to start' '
	readelf -d "$PROF" >dynamic &&
	grep -q "(NEEDED).*\[libc\.so" dynamic &&
	! grep -E "(NEEDED).*\[lib(debuginfod|curl)" dynamic
'

test_expect_success DEBUGINFOD 'the server indexes the unstripped binary' '
	test -n "$SRV_PID" && kill -0 "$SRV_PID" &&
	test "$(bid bin/prog)" = "$(bid srv/prog)" &&
	test -z "$(nm bin/prog 2>/dev/null)" && test -n "$(nm srv/prog)" &&
	n=0 &&
	# the client remembers a miss (cache_miss_s): a fresh cache each try
	until rm -rf probe && DEBUGINFOD_CACHE_PATH=$TRASH/probe DEBUGINFOD_URLS=$URL \
		debuginfod-find debuginfo "$(bid bin/prog)" >probe.path 2>/dev/null ||
		test $n -ge 300; do
		sleep 0.1 && n=$((n + 1)) || return 1
	done &&
	cmp srv/prog "$(cat probe.path)"
'

test_expect_success DEBUGINFOD 'buildid-cache --debuginfod=URL -a: the fetched debug file beside the copy' '
	b=$(bid bin/prog) &&
	"$PROF" --buildid-dir "$TRASH/c.prof" buildid-cache -v --debuginfod="$URL" -a bin/prog \
		2>add.err &&
	e="c.prof$TRASH/bin/prog/$b" &&
	cmp bin/prog "$e/elf" &&
	cmp srv/prog "$e/debug" &&
	cmp srv/prog "dcache/$b/debuginfo" &&
	cat >add.exp <<-EOF &&
	DEBUGINFOD_URLS=$URL
	Downloading debug info with build id $b
	Adding $b bin/prog: Ok
	EOF
	test_cmp add.exp add.err
'

# perf 6.1 here is built without debuginfod: it warns and adds no debug
# file. Its fetch only sets where build_id_cache__find_debug() takes the
# file from (debuginfod's cached copy instead of /usr/lib/debug/.build-id),
# so perf's cache with that copy is made by giving perf the same file at
# /usr/lib/debug/.build-id/xx/rest.debug (a symlink to debuginfod's copy,
# in a mount namespace of its own) -- and the trees must be equal.
test_expect_success DEBUGINFOD,PERF,UNSHARE,ROOT 'the tree perf 6.1 makes from the same debug file' '
	b=$(bid bin/prog) &&
	rest=${b#??} &&
	mkdir -p "dbg/${b%$rest}" &&
	ln -s "$TRASH/dcache/$b/debuginfo" "dbg/${b%$rest}/$rest.debug" &&
	unshare -m --propagation private sh -c "mount --bind \"$TRASH/dbg\" /usr/lib/debug/.build-id &&
		\"$PERF\" --buildid-dir \"$TRASH/c.perf\" buildid-cache -a \"$TRASH/bin/prog\"" &&
	"$PROF" --buildid-dir "$TRASH/c.prof2" buildid-cache --debuginfod="$URL" -a "$TRASH/bin/prog" &&
	tree c.perf >perf.tree &&
	tree c.prof2 >prof.tree &&
	grep -q "/$b/debug f " prof.tree &&
	test_cmp_nonempty perf.tree prof.tree
'

test_expect_success DEBUGINFOD,PERF 'without --debuginfod no server is asked, DEBUGINFOD_URLS or not (perf empties it)' '
	DEBUGINFOD_URLS=$URL "$PROF" --buildid-dir "$TRASH/c.no" buildid-cache -v -a bin/prog \
		2>no.err &&
	DEBUGINFOD_URLS=$URL "$PERF" --buildid-dir "$TRASH/c.noperf" buildid-cache -v -a bin/prog \
		2>noperf.err &&
	test_cmp noperf.err no.err &&
	grep -q "^DEBUGINFOD_URLS=$" no.err &&
	tree c.no >no.tree && tree c.noperf >noperf.tree &&
	test_cmp_nonempty noperf.tree no.tree &&
	! grep -q "/debug f" no.tree
'

test_expect_success DEBUGINFOD 'bare --debuginfod takes DEBUGINFOD_URLS, buildid-cache.debuginfod is its default' '
	b=$(bid bin/prog) &&
	rm -rf dcache &&
	DEBUGINFOD_URLS=$URL "$PROF" --buildid-dir "$TRASH/c.env" buildid-cache --debuginfod \
		-a bin/prog &&
	cmp srv/prog "c.env$TRASH/bin/prog/$b/debug" &&
	rm -rf dcache &&
	printf "[buildid-cache]\n\tdebuginfod = %s\n" "$URL" >cfg &&
	PERF_CONFIG=$TRASH/cfg "$PROF" --buildid-dir "$TRASH/c.cfg" buildid-cache -a bin/prog &&
	cmp srv/prog "c.cfg$TRASH/bin/prog/$b/debug" &&
	PERF_CONFIG=$TRASH/cfg "$PROF" --buildid-dir "$TRASH/c.cfg0" buildid-cache --debuginfod= \
		-a bin/prog &&
	! test -e "c.cfg0$TRASH/bin/prog/$b/debug"
'

test_expect_success DEBUGINFOD 'a build-id the server lacks: the copy alone, no error' '
	printf "int main(void) { return 1; }\n" >other.c &&
	cc -o bin/other other.c &&
	"$PROF" --buildid-dir "$TRASH/c.other" buildid-cache --debuginfod="$URL" -a bin/other &&
	e="c.other$TRASH/bin/other/$(bid bin/other)" &&
	cmp bin/other "$e/elf" &&
	! test -e "$e/debug"
'

# A recording of the stripped binary: its symbols and lines come from
# the debug file once buildid-cache has fetched it, for perf and prof.
test_expect_success DEBUGINFOD,PERF,PERF_EVENTS 'report resolves symbols and lines through the fetched file, as perf' '
	"$PROF" --buildid-dir "$TRASH/c.rep" record -q -e task-clock:u -c 100000 -o p.data \
		-- bin/prog 30000000 >/dev/null 2>&1 &&
	for t in perf prof; do
		if test $t = perf; then T=$PERF; else T=$PROF; fi &&
		"$T" --buildid-dir "$TRASH/c.rep" report -i p.data --stdio -q --dsos prog \
			--sort dso,sym,srcline >$t.before 2>/dev/null || return 1
	done &&
	test_cmp_nonempty perf.before prof.before &&
	! grep -q spin_inner prof.before &&
	"$PROF" --buildid-dir "$TRASH/c.rep" buildid-cache --debuginfod="$URL" -a bin/prog &&
	for t in perf prof; do
		if test $t = perf; then T=$PERF; else T=$PROF; fi &&
		"$T" --buildid-dir "$TRASH/c.rep" report -i p.data --stdio -q --dsos prog \
			--sort dso,sym,srcline >$t.after 2>/dev/null || return 1
	done &&
	test_cmp_nonempty perf.after prof.after &&
	grep -q "\] spin_inner  *prog.c:[0-9]" prof.after
'

test_expect_success DEBUGINFOD,PERF_EVENTS 'record --debuginfod=URL fetches it when it caches the binary' '
	b=$(bid bin/prog) &&
	"$PROF" --buildid-dir "$TRASH/c.rec" record -q -e task-clock -o r.data \
		--debuginfod="$URL" -- bin/prog 30000000 >/dev/null 2>&1 &&
	cmp srv/prog "c.rec$TRASH/bin/prog/$b/debug" &&
	"$PROF" --buildid-dir "$TRASH/c.rec0" record -q -e task-clock -o r0.data \
		-- bin/prog 30000000 >/dev/null 2>&1 &&
	test -e "c.rec0$TRASH/bin/prog/$b/elf" &&
	! test -e "c.rec0$TRASH/bin/prog/$b/debug" &&
	printf "[record]\n\tdebuginfod = %s\n" "$URL" >rcfg &&
	PERF_CONFIG=$TRASH/rcfg "$PROF" --buildid-dir "$TRASH/c.recc" record -q -e task-clock \
		-o rc.data -- bin/prog 30000000 >/dev/null 2>&1 &&
	cmp srv/prog "c.recc$TRASH/bin/prog/$b/debug"
'

test_done
