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

# tui NAME KEYS ARGS...: prof report -i wc.data --wall-clock ARGS on a
# terminal (tmux, 200x60), the screen into NAME once it shows a row, then
# again after KEYS (none: "") into NAME.keys; q ends it, its status into
# NAME.rc. Only characters that do not depend on the terminal's line
# drawing are checked.
tui() {
	_tn=$1 &&
	_tk=$2 &&
	shift 2 &&
	_ts="t0405-$$-$_tn" &&
	tmux -L "$_ts" new-session -d -s a -x 200 -y 60 -c "$PWD" \
		"\"$PROF\" report -i wc.data --wall-clock $*; echo \$? >$_tn.rc; sleep 30" &&
	_i=0 &&
	until tmux -L "$_ts" capture-pane -p -t a >"$_tn" 2>/dev/null &&
	      grep -q "%" "$_tn" || test $_i -ge 100; do
		sleep 0.1 && _i=$((_i + 1)) || return 1
	done &&
	sleep 0.3 &&
	tmux -L "$_ts" capture-pane -p -t a >"$_tn" &&
	if test -n "$_tk"; then
		# until the key changed the screen (up to ~10 s), then settled
		tmux -L "$_ts" send-keys -t a "$_tk" &&
		_i=0 &&
		until tmux -L "$_ts" capture-pane -p -t a >"$_tn.keys" &&
		      ! cmp -s "$_tn" "$_tn.keys" || test $_i -ge 100; do
			sleep 0.1 && _i=$((_i + 1)) || return 1
		done &&
		sleep 0.3 &&
		tmux -L "$_ts" capture-pane -p -t a >"$_tn.keys"
	fi &&
	tmux -L "$_ts" send-keys -t a q &&
	_i=0 &&
	until test -s "$_tn.rc" || test $_i -ge 50; do
		sleep 0.1 && _i=$((_i + 1)) || return 1
	done &&
	tmux -L "$_ts" kill-server
}

# rows FILE: the lines with percentages, blanks squeezed, no tree marker
rows() {
	grep "[0-9]%" "$1" | sed "s/^[^0-9]*//; s/  */ /g; s/ $//"
}

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT,TMUX 'the browser: the wall-clock view, the same rows as --stdio' '
	tui tp "" --no-children --sort pid,comm -g none &&
	test "$(cat tp.rc)" = 0 &&
	head -n 1 tp >tp.title &&
	grep -q "^Samples: .* of events .cpu-clock, offcpu-time. (wall-clock: on+off CPU), Event count (approx.): [0-9]*" tp.title &&
	n=$("$PROF" report -i wc.data --wall-clock --stdio --sort pid -g none | sed -n "s/^# Event count (approx.): //p") &&
	grep -q "Event count (approx.): $n\$" tp.title &&
	"$PROF" report -i wc.data --wall-clock --stdio --no-children --sort pid,comm -g none -q >tp.stdio &&
	rows tp.stdio >tp.want &&
	rows tp >tp.got &&
	test_cmp_nonempty tp.want tp.got &&
	awk "{ w = \$1; on = \$2; off = \$3; sub(/%/, \"\", w); sub(/%/, \"\", on); sub(/%/, \"\", off)
		if (w - on - off > 0.015 || on + off - w > 0.015) { print; bad = 1 } } END { exit bad }" tp.got &&
	grep -q "[0-9]:sleep sleep$" tp.got
'

test_expect_success PERF,PERF_EVENTS,TRACEFS,LIBTRACEEVENT,TMUX 'the browser: children and call chains of the summed samples, expanded with E' '
	# the entries are stdio'"'"'s (equal ones may come in another order)
	tui tc E &&
	test "$(cat tc.rc)" = 0 &&
	grep -q "^Samples: .* (wall-clock: on+off CPU)" tc &&
	grep -q "^ *Children  *Self  *Command" tc &&
	"$PROF" report -i wc.data --wall-clock --stdio -g none -q >tc.stdio &&
	rows tc.stdio | sort >tc.want &&
	rows tc | sort >tc.got &&
	test "$(wc -l <tc.got)" -gt 5 &&
	comm -23 tc.got tc.want >tc.extra &&
	test_must_be_empty tc.extra &&
	grep -q "schedule" tc.keys &&
	test "$(grep -c "[0-9]%" tc.keys)" -lt "$(grep -c . tc.keys)"
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
