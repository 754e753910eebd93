#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# fuzz-campaign.sh [SECONDS] [TARGET...]: a local fuzzing campaign over
# the libFuzzer targets "make fuzz" built in .fuzz/fuzz/, one fuzzing
# process at a time (fork mode, -fork=1, so a crash is saved and the
# campaign goes on). SECONDS (default 3600) is shared among the targets
# by weight: fuzz-report, which reaches the session, the machine model,
# symbols and the histograms, gets the largest share.
#
# Each target starts from its seeds (tests/fuzz/<target>/, and for the
# perf.data readers the shared corpus when present) and keeps what it
# finds in .fuzz/corpus/<target>/; crashes, leaks and timeouts land in
# .fuzz/artifacts/<target>/. The last line of each target's log
# (.fuzz/logs/<target>.log) has its executions, coverage and findings;
# a summary is printed at the end. Replay a finding with the replay
# build: .build/tests/fuzz/<target> FILE.
set -eu
cd "$(dirname "$0")/.."
total=${1:-3600}
[ $# -gt 0 ] && shift
targets=${*:-"fuzz-report fuzz-perf-data fuzz-tracing-data fuzz-jitdump fuzz-perf-map fuzz-build-id-cache fuzz-build-id-notes fuzz-parse-events"}
corpus=${PROF_CORPUS:-/work/shared/corpus/perf-data}

weight() {
	case $1 in
	fuzz-report) echo 24 ;;
	fuzz-perf-data|fuzz-tracing-data) echo 8 ;;
	fuzz-jitdump) echo 6 ;;
	fuzz-perf-map) echo 5 ;;
	*) echo 3 ;;
	esac
}

sum=0
for t in $targets; do
	[ -x .fuzz/fuzz/$t ] || { echo "fuzz-campaign: .fuzz/fuzz/$t missing: run make fuzz" >&2; exit 1; }
	sum=$((sum + $(weight $t)))
done
mkdir -p .fuzz/logs
rm -f .fuzz/logs/status
for t in $targets; do
	secs=$((total * $(weight $t) / sum))
	seeds=
	[ -d tests/fuzz/$t ] && seeds=tests/fuzz/$t
	case $t in
	fuzz-report|fuzz-perf-data) [ -d "$corpus" ] && seeds="$seeds $corpus" ;;
	esac
	mkdir -p .fuzz/corpus/$t .fuzz/artifacts/$t
	echo "fuzz-campaign: $t for ${secs}s (started $(date -u +%H:%M:%S) UTC)"
	# shellcheck disable=SC2086
	.fuzz/fuzz/$t -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
		-max_total_time="$secs" -timeout=20 -rss_limit_mb=2560 -max_len=262144 \
		-artifact_prefix=.fuzz/artifacts/$t/ .fuzz/corpus/$t $seeds \
		>.fuzz/logs/$t.log 2>&1 || echo "$t $?" >>.fuzz/logs/status
done
echo
echo "target                  executions  cov    ft     corpus  oom/timeout/crash"
for t in $targets; do
	line=$(grep -E '^#[0-9]+: cov:' .fuzz/logs/$t.log | tail -n 1)
	if [ -z "$line" ]; then
		echo "fuzz-campaign: $t never ran (see .fuzz/logs/$t.log)" >&2
		failed=1
		continue
	fi
	printf '%-22s %s\n' "$t" "$(echo "$line" | sed -E 's/^#([0-9]+): cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*oom\/timeout\/crash: ([0-9\/]+).*/\1  \2  \3  \4  \5/')"
done
echo
echo "findings: $(find .fuzz/artifacts -type f | wc -l) file(s) under .fuzz/artifacts/"
# libFuzzer exits non-zero when it saved a finding: the artifacts say which
if [ -s .fuzz/logs/status ]; then
	echo "exit statuses other than 0: $(tr '\n' ' ' <.fuzz/logs/status)"
fi
exit "${failed:-0}"
