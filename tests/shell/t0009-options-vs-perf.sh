#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='annotate, record, report, stat, top, evlist, buildid-list, inject, diff, sched, config, daemon, probe, buildid-cache, kallsyms, bench and lock have every option perf 6.1 lists in -h'
. "$(dirname "$0")/test-lib.sh"

# What perf's "CMD -h" lists, perf as the oracle: each long option must
# be one prof parses (prof CMD --list-all-opts, hidden ones included) and
# each short form perf pairs with it ("-p, --pid") must be prof's too
# (prof CMD -h), as must perf's short-only options ("-g").
#
# Options still being added elsewhere are pending: one variable per
# command, long names, each pending line saying whose work brings them.
# Shrink a list as that work merges; the last test fails while a pending
# option already exists in prof, so the lists cannot go stale.

PENDING_annotate=

PENDING_record=

PENDING_report=

PENDING_stat=
PENDING_stat_report=

PENDING_evlist=
PENDING_inject=
PENDING_buildid_list=
PENDING_diff=
PENDING_probe=
PENDING_buildid_cache=
PENDING_kallsyms=
PENDING_bench=
PENDING_bench_sched_messaging=

PENDING_sched=
PENDING_sched_latency=
PENDING_sched_map=
PENDING_sched_replay=
PENDING_sched_timehist=

PENDING_config=
# lock (perf lock record -h is record's own list)
PENDING_lock=
PENDING_lock_report=
PENDING_lock_contention=
PENDING_lock_info=
PENDING_daemon=
PENDING_daemon_start=
PENDING_daemon_ping=
PENDING_daemon_signal=

PENDING_top=

# opts: "-x --long", "--long" or "-x" per option line of a -h output.
opts() {
	sed -n -E 's/^    (-[^-]), --([^ =<[]+).*/\1 --\2/p
		s/^        --([^ =<[]+).*/--\1/p
		s/^    (-[^-])( +[^<].*)?$/\1/p
		s/^    (-[^-]) <.*/\1/p'
}
pending() {
	eval "_p=\$PENDING_$(echo "$1" | tr - _)" &&
	case " $_p " in
	*" $2 "*) return 0 ;;
	esac &&
	return 1
}
# check_opt CMD A [B]: print what prof lacks of perf's option "A B"
# ("-x --long", "--long" or "-x").
check_opt() {
	_long=${3:-$2} &&
	case $_long in
	--*)
		if pending "$1" "$_long"; then
			return 0
		fi &&
		{ grep -q -x -- "$_long" "all.$1" || echo "$_long"; } &&
		{ test -z "$3" || grep -q -x -- "$2 $3" "prof.$1" || echo "$2 (as $3)"; } ;;
	*)
		{ grep -q -x -- "$2" "all.$1" || grep -q -- "^$2\( \|\$\)" "prof.$1" ||
		  echo "$2"; } ;;
	esac
}

for c in annotate record report stat top evlist buildid-list inject diff sched sched_latency sched_map sched_replay sched_timehist stat_report config daemon daemon_start daemon_ping daemon_signal probe buildid-cache kallsyms bench bench_sched_messaging lock lock_report lock_contention lock_info; do
	test_expect_success PERF "$c: the options of perf $c -h are prof's" '
		cmd=$(echo "$c" | sed "s/^\(sched\|stat\|daemon\|lock\)_/\1 /; s/^bench_sched_/bench sched /") &&
		{ "$PERF" $cmd -h >perf.h.$c 2>&1 || test $? = 129; } &&
		opts <perf.h.$c >perf.$c &&
		case $c in sched*|config|daemon*|kallsyms|bench*|lock*) min=0 ;; *) min=5 ;; esac &&
		test $(wc -l <perf.$c) -gt $min &&
		{ "$PROF" $cmd -h >prof.h.$c 2>&1 || test $? = 129; } &&
		opts <prof.h.$c >prof.$c &&
		"$PROF" $cmd --list-all-opts >all.$c &&
		: >missing.$c &&
		while read -r a b; do
			check_opt $c "$a" "$b" >>missing.$c || return 1
		done <perf.$c &&
		test_cmp /dev/null missing.$c
	'
done

test_expect_success PERF 'the pending lists name only options prof still lacks' '
	: >stale &&
	for c in annotate record report stat top evlist buildid-list inject diff sched sched_latency sched_map sched_replay sched_timehist stat_report config daemon daemon_start daemon_ping daemon_signal probe buildid-cache kallsyms bench bench_sched_messaging lock lock_report lock_contention lock_info; do
		eval "list=\$PENDING_$(echo "$c" | tr - _)" &&
		for o in $list; do
			if grep -q -x -- "$o" all.$c; then
				echo "$c $o: in prof now, drop it from PENDING_$c"
			fi >>stale || return 1
		done || return 1
	done &&
	test_cmp /dev/null stale
'

test_expect_success PERF 'the pending lists name only options perf lists' '
	: >unknown &&
	for c in annotate record report stat top evlist buildid-list inject diff sched sched_latency sched_map sched_replay sched_timehist stat_report config daemon daemon_start daemon_ping daemon_signal probe buildid-cache kallsyms bench bench_sched_messaging lock lock_report lock_contention lock_info; do
		eval "list=\$PENDING_$(echo "$c" | tr - _)" &&
		for o in $list; do
			if ! grep -q -- "\(^\| \)$o$" perf.$c; then
				echo "$c $o: perf $c -h has no such option"
			fi >>unknown || return 1
		done || return 1
	done &&
	test_cmp /dev/null unknown
'

test_done
