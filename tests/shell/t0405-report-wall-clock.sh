#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof report --wall-clock: on-CPU and off-CPU time of an --off-cpu recording summed, checked against perf report of the same file'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME

# sleeps 0.3 s (off CPU), then spins in sh (on CPU), waits for a child
WORK='sleep 0.3; i=0; while [ $i -lt 60000 ]; do i=$((i + 1)); done; sleep 0.1'

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'record: --off-cpu with a time event on CPU' '
	"$PROF" record --off-cpu -e cpu-clock -g -o wc.data -- sh -c "$WORK" >/dev/null 2>rec.err &&
	"$PROF" evlist -i wc.data >ev.out &&
	grep -q "^cpu-clock" ev.out &&
	grep -q "^offcpu-time$" ev.out
'

# perfsum DATA: per event and pid, perf report'"'"'s period: "event pid period" lines
perfsum() {
	"$PERF" report -i "$1" --stdio --no-children --sort pid -F period,pid -g none 2>/dev/null |
		awk "/^# Samples: .* of event / { e = \$NF; gsub(/\\047/, \"\", e); sub(/:.*/, \"\", e); next }
			/^ *[0-9]+ +[0-9]+:/ { split(\$2, p, \":\"); print e, p[1], \$1 }"
}

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'each row: wall = on + off, and both are perf report'"'"'s periods of that thread' '
	"$PROF" report -i wc.data --wall-clock --stdio --no-children --sort pid -F period,pid -g none -q >w.out &&
	test -s w.out &&
	awk "NF { if (\$1 != \$2 + \$3) { print \"row \" NR \": \" \$0; bad = 1 } } END { exit bad }" w.out &&
	perfsum wc.data >p.sum &&
	grep -q "^cpu-clock " p.sum &&
	grep -q "^offcpu-time " p.sum &&
	awk "FNR == NR { v[\$1 \" \" \$2] = \$3; next }
		NF { split(\$4, p, \":\"); on = v[\"cpu-clock \" p[1]] + 0; off = v[\"offcpu-time \" p[1]] + 0
		  if (\$2 != on || \$3 != off) { print \"pid \" p[1] \": \" \$2 \"/\" \$3 \" <> \" on \"/\" off; bad = 1 }
		  n++ }
		END { if (!n) bad = 1; exit bad }" p.sum w.out &&
	awk "FNR == NR { n[\$1 \" \" \$2] = 1; next } NF { split(\$4, p, \":\"); seen[p[1]] = 1 }
		END { for (k in n) { split(k, a, \" \"); if (!(a[2] in seen)) { print \"missing \" k; bad = 1 } } exit bad }" \
		p.sum w.out
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'the header: both events, the summed count; the sleep'"'"'s 0.3 s are off CPU' '
	"$PROF" report -i wc.data --wall-clock --stdio --no-children --sort pid,comm -g none >wh.out &&
	grep -q "^# Samples: .* of events .cpu-clock.*, offcpu-time. (wall-clock)$" wh.out &&
	"$PERF" report -i wc.data --stdio --no-children -g none >ph.out 2>/dev/null &&
	sed -n "s/^# Event count (approx.): //p" ph.out >ph.counts &&
	test "$(wc -l <ph.counts)" = 2 &&
	test "$(sed -n "s/^# Event count (approx.): //p" wh.out)" = "$(awk "{ s += \$1 } END { print s }" ph.counts)" &&
	"$PROF" report -i wc.data --wall-clock --stdio --no-children --sort pid,comm -F period,pid,comm -g none -q >ws.out &&
	awk "\$NF == \"sleep\" && \$3 >= 300000000 { ok = 1 } END { exit !ok }" ws.out
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'percentages: shares of the wall time, on + off = wall within rounding' '
	"$PROF" report -i wc.data --wall-clock --stdio --no-children --sort pid -g none -q >wp.out &&
	awk "NF { gsub(/%/, \"\"); d = \$1 - \$2 - \$3; if (d > 0.011 || d < -0.011) { print; bad = 1 }; s += \$1 }
		END { if (s < 99.9 || s > 100.1) bad = 1; exit bad }" wp.out
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'perf'"'"'s off-CPU scenario (-e dummy): the wall time is the off-CPU time' '
	"$PROF" record --off-cpu -e dummy -o d.data -- sleep 0.2 >/dev/null 2>&1 &&
	"$PROF" report -i d.data --wall-clock --stdio --no-children --sort comm -F period,comm -g none -q >d.out &&
	awk "\$NF == \"sleep\" && \$1 == \$2 && \$1 >= 200000000 { ok = 1 } END { exit !ok }" d.out &&
	grep -q "on CPU (none recorded) plus off CPU (offcpu-time)" "$(
		"$PROF" report -i d.data --wall-clock --stdio -g none >d.full && echo d.full)"
'

test_expect_success PERF_EVENTS 'a file without offcpu-time, or whose on-CPU event is not time: one line, exit 255' '
	"$PROF" record -e cpu-clock -o plain.data -- true >/dev/null 2>&1 &&
	test_expect_code 255 "$PROF" report -i plain.data --wall-clock --stdio 2>np.err &&
	grep -q "^--wall-clock needs an offcpu-time event: record with --off-cpu$" np.err &&
	test "$(wc -l <np.err)" = 1
'

test_expect_success PERF_EVENTS,TRACEFS,LIBTRACEEVENT 'an on-CPU event that counts no time is refused' '
	"$PROF" record --off-cpu -e page-faults -o pf.data -- true >/dev/null 2>&1 &&
	test_expect_code 255 "$PROF" report -i pf.data --wall-clock --stdio 2>pf.err &&
	grep -q "^--wall-clock: the on-CPU event .page-faults. does not count time" pf.err
'

test_done
