#!/bin/sh
test_description='prof record output and session options: the files stay perf-readable, the words and statuses are perf'"'"'s'
. "$(dirname "$0")/test-lib.sh"

D="$HELPERS/demo"
PROF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR

# readable FILE: perf report and perf script read FILE without a word on
# stderr, and it has samples.
readable() {
	perf report --stats -i "$1" >"$1.stats" 2>"$1.err" &&
	grep -E -q "SAMPLE events: +[1-9]" "$1.stats" &&
	perf script -i "$1" >"$1.script" 2>"$1.serr" &&
	# a busy machine may lose chunks of small buffers: perf's warning only
	{ grep -v -E "^(Warning:|Processed [0-9]+ events and lost [0-9]+ chunks!|Check IO/CPU overload!|)$" \
		"$1.serr" >"$1.serr.other" || test $? = 1; } &&
	test_must_be_empty "$1.serr.other" &&
	test -s "$1.script"
}

# A FIFO command session: ctl commands written one by one, the acks read
# with a deadline. session TOOL NAME: TOOL (prof or perf) records sleep 10.
session() {
	_t=$1 _n=$2 &&
	rm -f "$_n.ctl" "$_n.ack" && mkfifo "$_n.ctl" "$_n.ack" &&
	{ timeout 20 "$_t" record -o "$_n.data" --control="fifo:$_n.ctl,$_n.ack" \
		-e task-clock -- sleep 10 >"$_n.out" 2>"$_n.err" & } &&
	_p=$! &&
	{ timeout 20 head -c 30 "$_n.ack" >"$_n.acks" & } &&
	_h=$! &&
	for c in disable enable bogus ping snapshot stop; do
		printf "%s\n" $c >"$_n.ctl" && sleep 0.3 || return 1
	done &&
	wait $_h &&
	{ wait $_p || echo $? >"$_n.rc"; }
}

test_expect_success PERF,PERF_EVENTS '--max-size: perf'"'"'s message and status, a file perf reads' '
	test_expect_code 143 "$PROF" record -o ms.data -m 1 --max-size=8K -e task-clock \
		-- "$D" 100000 2>ms.err &&
	grep -q "^\[ perf record: perf size limit reached ([0-9]* KB), stopping session \]$" ms.err &&
	grep -q "^\[ perf record: Captured and wrote [0-9.]* MB ms.data ([0-9]* samples) \]$" ms.err &&
	readable ms.data &&
	test_expect_code 143 perf record -o pms.data -m 1 --max-size=8K -e task-clock \
		-- "$D" 100000 2>pms.err &&
	grep -q "^\[ perf record: perf size limit reached ([0-9]* KB), stopping session \]$" pms.err
'

test_expect_success PERF,PERF_EVENTS '--overwrite: the newest buffer'"'"'s worth, perf-readable' '
	"$PROF" record -o ow.data --overwrite -m 2 -e task-clock -- "$D" 1000 2>ow.err &&
	readable ow.data &&
	perf report --header-only -i ow.data | grep -q "write_backward = 1" &&
	n=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\) .*/\1/p" ow.data.stats | head -1) &&
	# 40-byte samples, two 8 KiB buffers at most per CPU that ran demo
	test "$n" -le $(($(getconf _NPROCESSORS_ONLN) * 8192 / 40)) &&
	"$PROF" record -o full.data -m 2 -e task-clock -- "$D" 1000 2>full.err &&
	"$PROF" report --stats -i full.data >full.stats &&
	m=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\) .*/\1/p" full.stats | head -1) &&
	test "$m" -gt "$n"
'

test_expect_success PERF,PERF_EVENTS '--overwrite keeps the newest records: the last sample is at the exit' '
	perf script -i ow.data -F time | tr -d " :" | sort -n | tail -1 >ow.last &&
	perf script -i ow.data --show-task-events |
		sed -n "s/.* \([0-9.]*\): PERF_RECORD_EXIT.*/\1/p" | tail -1 >ow.exit &&
	test -s ow.last && test -s ow.exit &&
	echo "last sample $(cat ow.last), exit $(cat ow.exit)" &&
	# (the oldest records kept would leave ~0.5 s between them; a
	# preempted demo may leave some tens of ms)
	awk -v l="$(cat ow.last)" -v e="$(cat ow.exit)" "BEGIN { exit !(e - l < 0.25) }"
'

test_expect_success PERF '-S, --kcore: perf'"'"'s refusals on this machine' '
	rc1=0 && "$PROF" record -o s.data -S -e task-clock true 2>s.err || rc1=$? &&
	rc2=0 && perf record -o ps.data -S -e task-clock true 2>ps.err || rc2=$? &&
	test "$rc1" = "$rc2" &&
	test_cmp ps.err s.err &&
	if ! test -r /proc/kcore; then
		rc1=0 && "$PROF" record -o k.data --kcore -e task-clock true 2>k.err || rc1=$? &&
		rc2=0 && perf record -o pk.data --kcore -e task-clock true 2>pk.err || rc2=$? &&
		test "$rc1" = "$rc2" && test_cmp pk.err k.err
	fi
'

test_expect_success PERF,PERF_EVENTS '--timestamp-filename: perf'"'"'s summary, the renamed file perf reads' '
	mkdir -p tsf && (cd tsf && "$PROF" record -o x.data --timestamp-filename -e task-clock \
		-- "$D" 50 2>../tsf.err) &&
	f=$(ls tsf/x.data.20*) &&
	readable "$f" &&
	sed -n "s/^\[ perf record: Dump \(.*\) \]$/\1/p" tsf.err >named &&
	test "tsf/$(cat named)" = "$f" &&
	grep -q "^\[ perf record: Captured and wrote [0-9.]* MB x.data.<timestamp> ([0-9]* samples) \]$" tsf.err
'

test_expect_success PERF,PERF_EVENTS '--switch-output with --switch-max-files and --aio: every kept file is perf'"'"'s' '
	mkdir -p smf && (cd smf && "$PROF" record -o y.data --switch-output=4K --switch-max-files=3 \
		--aio=4 -m 4 -e task-clock -F 4000 -- "$D" 1000 2>../smf.err) &&
	test $(grep -c "Dump y.data" smf.err) -gt 3 &&
	ls smf/y.data.20* >kept && test_line_count = 3 kept &&
	for f in $(head -2 kept); do
		readable "$f" || return 1
	done
'

test_expect_success PERF,PERF_EVENTS '--control: the acks, messages and stop perf gives' '
	session "$PROF" c &&
	session perf pc &&
	test_cmp_nonempty pc.acks c.acks &&
	test_cmp pc.rc c.rc &&
	grep -v "^\[ perf record" pc.err >pc.msgs &&
	grep -v "^\[ perf record" c.err >c.msgs &&
	test_cmp_nonempty pc.msgs c.msgs
'

test_expect_success PERF_EVENTS '--control: a FIFO that cannot be opened, a bad spec: usage' '
	test_expect_code 129 "$PROF" record --control=fifo:nodir/x -e task-clock true 2>cf.err &&
	grep -q -x "Failed to open .nodir/x." cf.err &&
	test_expect_code 129 "$PROF" record --control=bogus -e task-clock true 2>cb.err &&
	grep -q "^ Usage: prof record" cb.err &&
	test_expect_code 129 "$PROF" record --control=fd:987 -e task-clock true 2>cd.err &&
	grep -q -x -- "--control: file descriptor 987 is not open" cd.err
'

test_expect_success PERF_EVENTS '--control: a command fd at its end is polled no more' '
	timeout 20 "$PROF" record -o eof.data --control=fd:0 -e task-clock -- sleep 0.3 \
		</dev/null 2>eof.err &&
	woken=$(sed -n "s/^\[ perf record: Woken up \([0-9]*\) times.*/\1/p" eof.err) &&
	test "$woken" -lt 100
'

test_expect_success PERF,PERF_EVENTS '--mmap-flush: the value perf uses' '
	"$PROF" record -v -o mf.data --mmap-flush=1G -e task-clock true 2>mf.err &&
	perf record -v -o pmf.data --mmap-flush=1G -e task-clock true 2>pmf.err &&
	grep "^mmap flush: " pmf.err >pmf.line &&
	grep "^mmap flush: " mf.err >mf.line &&
	test_cmp_nonempty pmf.line mf.line
'

test_expect_success PERF,PERF_EVENTS 'SIGINT with --aio and --mmap-flush leaves a file perf reads' '
	{ "$PROF" record -o int.data --aio --mmap-flush=16K --affinity=cpu -e task-clock \
		-- "$D" 100000 2>int.err & } &&
	p=$! && sleep 1 && kill -INT $p &&
	{ wait $p || echo $? >int.rc; } &&
	readable int.data
'

test_done
