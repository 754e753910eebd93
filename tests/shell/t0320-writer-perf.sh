#!/bin/sh
test_description='perf 6.1 reads the perf.data prof writes (file and pipe mode)'
. "$(dirname "$0")/test-lib.sh"

WRITER="$HELPERS/../unit/t0320-perf-data-writer"

test_expect_success 'write a synthetic perf.data in file and pipe mode' '
	"$WRITER" --write . &&
	test -s file.data && test -s pipe.data && test -s multi.data &&
	printf "PERFILE2" >magic && head -c 8 file.data | cmp - magic
'

# perf must not complain about anything in what we wrote
no_complaints() {
	! grep -Ei "warn|error|fail|incompatible|unsupported|invalid|corrupt" "$1"
}

test_expect_success PERF 'perf report --header-only: header and features' '
	"$PERF" report --header-only -I -i file.data >hdr 2>err &&
	no_complaints err &&
	grep -q "^# data offset    : 264$" hdr &&
	grep -q "^# hostname : prof-test-host$" hdr &&
	grep -q "^# perf version : 6.1.0-prof$" hdr &&
	grep -q "^# cmdline : .*t0320-perf-data-writer prof record -o x.data -- proftest $" hdr &&
	grep -q "^# event : name = cpu-clock, , id = { 101, 102 }, type = 1, size = 128," hdr &&
	grep -q "^# nrcpus online : [0-9]" hdr &&
	grep -q "^# sibling threads : " hdr &&
	grep -q "^# time of last sample : 1.010000$" hdr &&
	grep -q "^# clockid: monotonic (1)$" hdr &&
	! grep -q "^# missing features:.* HOSTNAME" hdr
'

test_expect_success PERF 'perf report --stdio: samples, comm and dso' '
	"$PERF" report --stdio -i file.data >rep 2>err &&
	no_complaints err &&
	grep -q "^# Samples: 10  of event .cpu-clock.$" rep &&
	grep -q "^# Event count (approx.): 2500000$" rep &&
	grep -Eq "^ +40.00%  proftest  proftest +\[\.\] 0x0+100$" rep
'

test_expect_success PERF 'perf script: every sample, time-ordered' '
	"$PERF" script -i file.data >script 2>err &&
	no_complaints err &&
	test_line_count = 10 script &&
	test $(grep -c "^ *proftest  4242 .*cpu-clock: .*(/tmp/prof-t0320/proftest)$" script) = 10 &&
	awk "{print \$3}" script >times && sort -n times | cmp - times
'

test_expect_success PERF 'perf report --stats counts what prof counts' '
	"$PERF" report --stats -i file.data >stats 2>err &&
	no_complaints err &&
	grep -q "^           TOTAL events:         17$" stats &&
	grep -q "^          SAMPLE events:         10  (58.8%)$" stats
'

test_expect_success PERF 'perf --stats and prof --stats agree on what prof wrote' '
	"$PERF" report --stats -i file.data >file.perf-stats 2>err &&
	no_complaints err &&
	test_cmp file.perf-stats file.prof-stats &&
	"$PERF" report --stats -i multi.data >multi.perf-stats 2>err &&
	test_cmp multi.perf-stats multi.prof-stats &&
	"$PERF" report --stats -i - <pipe.data >pipe.perf-stats 2>err &&
	no_complaints err &&
	test_cmp pipe.perf-stats pipe.prof-stats
'

# the only warning is perf counting the LOST_SAMPLES record we wrote
only_lost_warning() {
	grep -q "^Processed 13 samples and lost 23.08%!$" "$1" &&
	{ grep -v -e "^Warning:$" -e "^Processed 13 samples and lost 23.08%!$" -e "^$" "$1" >rest; test $? -le 1; } &&
	no_complaints rest
}

test_expect_success PERF 'two events told apart by IDENTIFIER' '
	"$PERF" report --stdio -i multi.data >mrep 2>err &&
	only_lost_warning err &&
	grep -q "^# Total Lost Samples: 3$" mrep &&
	grep -q "^# Samples: 4  of event .cpu-clock.$" mrep &&
	grep -q "^# Samples: 6  of event .task-clock:u.$" mrep &&
	"$PERF" script -F event,ip -i multi.data >mscript 2>err &&
	only_lost_warning err &&
	test $(grep -c "task-clock:u:" mscript) = 6
'

test_expect_success PERF 'perf buildid-list: the BUILD_ID feature' '
	"$PERF" buildid-list -i file.data >ids 2>err &&
	no_complaints err &&
	echo "deadbeef0102030405060708090a0b0c0d0e0f10 /tmp/prof-t0320/proftest" >expect &&
	test_cmp expect ids
'

test_expect_success PERF 'pipe mode: perf reads the stream from stdin' '
	"$PERF" report --header-only -i - <pipe.data >phdr 2>err &&
	no_complaints err &&
	grep -q "^# hostname : prof-test-host$" phdr &&
	grep -q "^# cmdline : .* -- proftest $" phdr &&
	"$PERF" report --stdio -i - <pipe.data >prep 2>err &&
	no_complaints err &&
	grep -q "^# Samples: 10  of event .cpu-clock.$" prep &&
	"$PERF" script -i - <pipe.data >pscript 2>err &&
	no_complaints err &&
	test $(grep -c "^ *proftest  4242 .*cpu-clock: " pscript) = 10
'

test_expect_success PERF 'pipe mode: perf reads the stream as a file too' '
	"$PERF" script -i pipe.data >pscript2 2>err &&
	no_complaints err &&
	test_cmp pscript pscript2
'

test_done
