#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='the data section read in chunks: records across chunk boundaries'
. "$(dirname "$0")/test-lib.sh"

# A file's data section is read with pread into reused buffers
# (session.c, walk_file); PROF_READ_CHUNK sets their size and frees each
# one as soon as the reader and the records queued from it are done with
# it. With chunks of 64, 100 (not a multiple of 8) and 4096 bytes most
# records straddle a boundary or do not fit at all (read from the
# mapping, and copied when queued), and every chunk is let go while the
# ordered queue still holds records of the chunks before: the outputs
# must not change. Each size is read both ways: by the walker alone
# (PROF_READ_AHEAD=0) and with the helper thread reading the next chunks
# ahead into room behind a straddling record (PROF_READ_AHEAD=1, which
# is what a large file gets on a machine of two CPUs or more).

# report_to DATA OUT: report --stdio of DATA without its random tip line.
report_to() {
	"$PROF" report -i "$1" --stdio >"$2.raw" 2>&1 &&
	sed "/^# (Tip/d" "$2.raw" >"$2"
}

# same_outputs DATA: report, script and the dump of DATA with small chunks,
# read ahead or not, are those with the default chunk read by the walker.
same_outputs() {
	PROF_READ_AHEAD=0 report_to "$1" "$1.rep" &&
	PROF_READ_AHEAD=0 "$PROF" script -i "$1" >"$1.scr" 2>&1 &&
	PROF_READ_AHEAD=0 "$PROF" report -i "$1" -D >"$1.dump" 2>&1 &&
	test -s "$1.scr" &&
	for ra in 0 1
	do
		PROF_READ_AHEAD=$ra report_to "$1" "$1.rep.d$ra" &&
		test_cmp "$1.rep" "$1.rep.d$ra" &&
		for n in 64 100 4096
		do
			PROF_READ_AHEAD=$ra PROF_READ_CHUNK=$n report_to "$1" "$1.rep.$n" &&
			test_cmp "$1.rep" "$1.rep.$n" &&
			PROF_READ_AHEAD=$ra PROF_READ_CHUNK=$n "$PROF" script -i "$1" >"$1.scr.$n" 2>&1 &&
			test_cmp "$1.scr" "$1.scr.$n" &&
			PROF_READ_AHEAD=$ra PROF_READ_CHUNK=$n "$PROF" report -i "$1" -D >"$1.dump.$n" 2>&1 &&
			test_cmp "$1.dump" "$1.dump.$n" || return 1
		done || return 1
	done
}

test_expect_success PERF,PERF_EVENTS 'a -g file: the same with any chunk size, and perf script' '
	"$PERF" record -q -g -c 20000 -o g.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	same_outputs g.data &&
	"$PERF" script -i g.data -F comm,tid,time,ip,sym,dso >perf.scr 2>/dev/null &&
	PROF_READ_CHUNK=100 "$PROF" script -i g.data -F comm,tid,time,ip,sym,dso >prof.scr &&
	test_cmp_nonempty perf.scr prof.scr
'

test_expect_success PERF,PERF_EVENTS 'read ahead: a file cut inside its data section fails as when read alone' '
	set -- $(od -A n -t u8 -j 40 -N 16 g.data) &&
	cut=$(( $1 + ($2 / 2) / 8 * 8 + 3 )) &&
	head -c $cut g.data >cut.data &&
	for n in 100 4096 262144
	do
		test_expect_code 255 env PROF_READ_AHEAD=0 PROF_READ_CHUNK=$n \
			"$PROF" report -i cut.data --stdio >cut.out0 2>cut.err0 &&
		test_expect_code 255 env PROF_READ_AHEAD=1 PROF_READ_CHUNK=$n \
			"$PROF" report -i cut.data --stdio >cut.out1 2>cut.err1 &&
		grep "runs past the end of the data" cut.err1 &&
		test_cmp cut.err0 cut.err1 || return 1
	done
'

test_expect_success PERF,PERF_EVENTS 'a zstd-compressed file' '
	"$PERF" record -q -z -g -c 20000 -o z.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	same_outputs z.data
'

test_expect_success PERF,PERF_EVENTS 'a pipe-format file, and the same data through a pipe' '
	"$PERF" record -q -g -c 20000 -o - -- "$HELPERS/demo" 20 >p.data 2>/dev/null &&
	same_outputs p.data &&
	cat p.data | "$PROF" report -i - --stdio >p.rep.raw 2>&1 &&
	sed "/^# (Tip/d" p.rep.raw >p.rep.pipe &&
	test_cmp p.data.rep p.rep.pipe
'

test_done
