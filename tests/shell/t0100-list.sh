#!/bin/sh
test_description='prof list: sections, filters, --raw-dump, and perf as the oracle'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'prof list exits 0 and uses perf layout' '
	"$PROF" list >out &&
	grep -q "^  cpu-clock                                          \[Software event\]$" out &&
	grep -q "^  context-switches OR cs                             \[Software event\]$" out &&
	grep -q "^  duration_time                                      \[Tool event\]$" out &&
	grep -q "^  rNNN                                               \[Raw hardware event descriptor\]$" out &&
	grep -q "^  mem:<addr>\[/len\]\[:access\]                          \[Hardware breakpoint\]$" out
'

# perf 6.1 chooses its metric tables by CPUID; PERF_CPUID overrides it.
# Bonnell (Intel family 6 model 0x1C) has events but no metrics.
test_expect_success 'a CPU without metrics: the listing ends with the groups header' '
	PERF_CPUID=GenuineIntel-6-1C-2 "$PROF" list >out &&
	tail -n 3 out >tail &&
	printf "\nMetric Groups:\n\n" >want &&
	test_cmp want tail
'

test_expect_success 'AMD family 25 (zen3): its metric groups and metrics' '
	PERF_CPUID=AuthenticAMD-25-11-1 "$PROF" list --raw-dump metricgroup >out &&
	printf "branch_prediction data_fabric decoder l2_cache l3_cache tlb " >want &&
	test_cmp want out &&
	PERF_CPUID=AuthenticAMD-25-11-1 "$PROF" list --details metric >out &&
	grep -A2 "^  branch_misprediction_ratio$" out >got &&
	cat >want <<-\EOF &&
	  branch_misprediction_ratio
	       [Execution-Time Branch Misprediction Ratio (Non-Speculative)]
	       [d_ratio(ex_ret_brn_misp, ex_ret_brn)]
	EOF
	test_cmp want got
'

test_expect_success 'a group filter ("sys:" form) is a substring of group names' '
	PERF_CPUID=AuthenticAMD-25-11-1 "$PROF" list "cache:x" >out &&
	grep "^[a-z].*:$" out >groups &&
	printf "l2_cache:\nl3_cache:\n" >want &&
	test_cmp want groups &&
	PERF_CPUID=AuthenticAMD-25-11-1 "$PROF" list l2 >out &&
	! grep -q Metric out
'

test_expect_success 'hardware events appear exactly when a cycles counter opens' '
	"$PROF" list hw >hw &&
	if test_have_prereq HWPMU; then
		grep -q "cpu-cycles OR cycles" hw
	else
		! grep -q "Hardware event" hw || grep -q "cpu-cycles OR cycles" hw
	fi
'

test_expect_success 'prof list sw lists software and tool events only' '
	"$PROF" list sw >out &&
	grep -q "task-clock" out &&
	grep -q "system_time  *\[Tool event\]" out &&
	! grep -v -e "\[Software event\]" -e "\[Tool event\]" out
'

test_expect_success '--raw-dump sw is one space-separated line' '
	"$PROF" list --raw-dump sw >out &&
	printf "alignment-faults bpf-output cgroup-switches context-switches cpu-clock cpu-migrations dummy emulation-faults major-faults minor-faults page-faults task-clock duration_time user_time system_time " >want &&
	test_cmp want out
'

test_expect_success 'a glob filters by name' '
	"$PROF" list "*fault*" >out &&
	grep -q "page-faults OR faults" out &&
	! grep -q "cpu-clock" out &&
	! grep -q "Metric Groups" out
'

test_expect_success 'an unknown filter prints nothing and succeeds' '
	"$PROF" list no-such-event-xyz >out &&
	! test -s out
'

test_expect_success 'metric and metricgroup headers without metrics' '
	PERF_CPUID=GenuineIntel-6-1C-2 "$PROF" list metric >out &&
	printf "\nMetrics:\n\n" >want &&
	test_cmp want out &&
	PERF_CPUID=GenuineIntel-6-1C-2 "$PROF" list metricgroup >out &&
	printf "\nMetric Groups:\n\n" >want &&
	test_cmp want out
'

test_expect_success TRACEFS 'tracepoints are listed and sys:event globs work' '
	"$PROF" list tracepoint >tp &&
	grep -q "^  sched:sched_switch  *\[Tracepoint event\]$" tp &&
	"$PROF" list "sched:*" >sched &&
	grep -q "sched:sched_switch" sched &&
	! grep -v "^  sched:" sched
'

test_expect_success 'prof list -h shows perf list usage and exits 129' '
	test_expect_code 129 "$PROF" list -h 2>err &&
	grep -q "^ Usage: prof list \[<options>\] \[hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob\]" err &&
	grep -q "^    -d, --desc  " err &&
	! grep -q raw-dump err
'

test_expect_success 'a bad option is a usage error' '
	test_expect_code 129 "$PROF" list --bogus 2>err &&
	grep -q "unknown option .bogus." err
'

test_expect_success '--cputype warns like perf and lists anyway' '
	"$PROF" list --cputype core sw >out 2>err &&
	grep -q "WARNING: hybrid cputype is not supported!" err &&
	grep -q cpu-clock out
'

# SDT events come from ~/.debug, which other runs of perf may change while
# this test runs: both tools read a frozen copy of its probe cache.
freeze_debug() {
	mkdir -p "$TRASH/home/.debug" &&
	if [ -d "$HOME/.debug/.build-id" ]; then
		(cd "$HOME/.debug" && find .build-id -type l) | while read -r l; do
			t=$(readlink "$HOME/.debug/$l") &&
			d=$(dirname "$l") &&
			mkdir -p "$TRASH/home/.debug/$d" "$TRASH/home/.debug/$d/$t" &&
			ln -s "$t" "$TRASH/home/.debug/$l" &&
			if [ -f "$HOME/.debug/$d/$t/probes" ]; then
				cp "$HOME/.debug/$d/$t/probes" "$TRASH/home/.debug/$d/$t/probes"
			fi || exit 1
		done
	fi
}
test_expect_success 'a frozen copy of the probe cache' '
	freeze_debug
'
HOME=$TRASH/home
export HOME

# perf is the oracle: on the same machine the bytes must agree.
for args in "" "hw" "sw" "cache" "pmu" "sdt" "metric" "metricgroup" \
	"tracepoint" "sched:*" "*:sys_enter_read*" "*fault*" "tsc" "sched" \
	"foo" "sw hw" "--raw-dump" "--raw-dump sw" "--raw-dump hw" \
	"--raw-dump cache" "--raw-dump tracepoint" "--raw-dump pmu" \
	"--raw-dump metric" "--raw-dump metricgroup" "--raw-dump sched:*" \
	"-d sw" "-v" "--details pmu" "--deprecated" "--debug sw" "--no-desc hw" \
	"sdt" "--raw-dump sdt"
do
	test_expect_success PERF "prof list $args is byte-identical to perf list $args" "
		set -f &&
		$PERF list $args >perf.out 2>perf.err &&
		\"\$PROF\" list $args >prof.out 2>prof.err &&
		cmp perf.out prof.out &&
		test_cmp perf.err prof.err
	"
done

# Every metric table perf 6.1 has for x86, chosen through PERF_CPUID: one
# CPUID per mapfile line (and ids no line matches).
for id in GenuineIntel-6-97-0 GenuineIntel-6-1C-0 GenuineIntel-6-3D-0 \
	GenuineIntel-6-56-0 GenuineIntel-6-4F-0 GenuineIntel-6-55-7 \
	GenuineIntel-6-96-0 GenuineIntel-6-5C-0 GenuineIntel-6-7A-0 \
	GenuineIntel-6-3C-0 GenuineIntel-6-3F-0 GenuineIntel-6-7D-0 \
	GenuineIntel-6-6A-0 GenuineIntel-6-3A-0 GenuineIntel-6-3E-0 \
	GenuineIntel-6-2D-0 GenuineIntel-6-57-0 GenuineIntel-6-AA-0 \
	GenuineIntel-6-1A-0 GenuineIntel-6-2E-0 GenuineIntel-6-2A-0 \
	GenuineIntel-6-8F-0 GenuineIntel-6-37-0 GenuineIntel-6-9E-0 \
	GenuineIntel-6-55-4 GenuineIntel-6-86-0 GenuineIntel-6-8C-0 \
	GenuineIntel-6-2C-0 GenuineIntel-6-25-0 GenuineIntel-6-2F-0 \
	AuthenticAMD-23-1-0 AuthenticAMD-23-31-0 AuthenticAMD-25-11-0 \
	AuthenticAMD-23-2F-1 GenuineIntel-6-FF-0 HygonGenuine-24-0-0
do
	test_expect_success PERF "PERF_CPUID=$id: metric listings are perf's" "
		for args in --details metric \"--raw-dump metricgroup\" \
			\"--raw-dump metric\" \"Summary:x\" \"--details metricgroup\"; do
			PERF_CPUID=$id $PERF list \$args >perf.out 2>&1 &&
			PERF_CPUID=$id \"\$PROF\" list \$args >prof.out 2>&1 &&
			cmp perf.out prof.out || exit 1
		done
	"
done

# perf lists the JSON events of its table on the core PMU (and uncore PMUs
# a JSON Unit names). This VM has none, so both tools see a fake "cpu",
# "amd_l3" and "amd_df" beside the real PMUs, in a private mount namespace.
fake_pmus() {
	mkdir -p "$TRASH/devs" &&
	for d in /sys/bus/event_source/devices/*; do
		ln -s "$(readlink -f "$d")" "$TRASH/devs/" || return 1
	done &&
	for p in cpu:4 amd_l3:12 amd_df:13; do
		mkdir -p "$TRASH/devs/${p%:*}/format" &&
		echo "${p#*:}" >"$TRASH/devs/${p%:*}/type" &&
		echo "config:0-7,32-35" >"$TRASH/devs/${p%:*}/format/event" &&
		echo "config:8-15" >"$TRASH/devs/${p%:*}/format/umask" || return 1
	done
}
in_fake() {
	unshare -m sh -c 'mount --bind "$0" /sys/bus/event_source/devices && exec "$@"' \
		"$TRASH/devs" "$@"
}
if test_have_prereq ROOT,UNSHARE,NOHWPMU,PERF && fake_pmus 2>/dev/null; then
	for id in AuthenticAMD-25-11-0 AuthenticAMD-23-1-0 AuthenticAMD-23-31-0; do
		test_expect_success "JSON events of $id: -d, -v, --details, --deprecated, --no-desc as perf" "
			for args in '' -d -v --details --deprecated --no-desc --raw-dump pmu \
				cache 'ex_ret*' 'l3*' '-v dram*'; do
				PERF_CPUID=$id in_fake $PERF list \$args >perf.out 2>&1 &&
				PERF_CPUID=$id in_fake \"\$PROF\" list \$args >prof.out 2>&1 &&
				cmp perf.out prof.out || exit 1
			done &&
			PERF_CPUID=$id in_fake \"\$PROF\" list --details ex_ret_brn >d.out &&
			grep -q '^        cpu/event=0xc2/ \$' d.out &&
			PERF_CPUID=$id in_fake \"\$PROF\" list --no-desc ex_ret_brn >n.out &&
			grep -q '^  ex_ret_brn  *\[Kernel PMU event\]\$' n.out
		"
	done
	test_expect_success 'metric events resolve through the JSON events (zen3, --metric-no-group)' '
		PERF_CPUID=AuthenticAMD-25-11-0 in_fake $PERF stat --metric-no-group \
			-M branch_misprediction_ratio -x, -- true >/dev/null 2>perf.out &&
		PERF_CPUID=AuthenticAMD-25-11-0 in_fake "$PROF" stat --metric-no-group \
			-M branch_misprediction_ratio -x, -- true >/dev/null 2>prof.out &&
		test_cmp perf.out prof.out &&
		grep -q "<not supported>,,ex_ret_brn," prof.out
	'
fi

# Through a pager perf adds a header and blank lines after sections;
# script(1) gives both tools a terminal, and "cat -v" is the pager.
if command -v script >/dev/null 2>&1; then
	for args in "" "sw" "pmu" "sched:*" "--raw-dump" "--raw-dump pmu" "sdt"; do
		test_expect_success PERF "prof list $args through a pager matches perf" "
			script -qc \"PERF_PAGER='cat -v' $PERF list $args\" /dev/null >perf.out &&
			script -qc \"PROF_PAGER='cat -v' \$PROF list $args\" /dev/null >prof.out &&
			grep -q . prof.out &&
			cmp perf.out prof.out
		"
	done
fi

test_lazy_prereq NOBODY_RUNS_PROF '
	setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups "$PROF" version
'

test_expect_success PERF,SETPRIV,NOBODY_RUNS_PROF 'an unprivileged user sees what perf shows it' '
	as_nobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups" &&
	$as_nobody $PERF list >perf.out 2>&1 &&
	$as_nobody "$PROF" list >prof.out 2>&1 &&
	test_cmp perf.out prof.out
'

test_expect_success PERF 'list -h matches perf list -h apart from the name' '
	test_expect_code 129 $PERF list -h 2>perf.err &&
	test_expect_code 129 "$PROF" list -h 2>prof.err &&
	sed "s/perf list/prof list/" perf.err >want &&
	test_cmp want prof.err
'

test_done
