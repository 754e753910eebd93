#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='every option of every command does something or is refused'
. "$(dirname "$0")/test-lib.sh"
# the build-id caches of this run only (perf's too): a binary cached here
# must not resolve symbols for another test file's stripped copy
PROF_BUILDID_DIR="$TRASH/cache" PERF_BUILDID_DIR="$TRASH/cache"
export PROF_BUILDID_DIR PERF_BUILDID_DIR

# Every option a command parses (prof CMD --list-all-opts) needs a row in
# TABLE below and a proof: a function proof_CMD_OPT (OPT without leading
# dashes, "-" as "_"; a short-only option -g is "short_g") whose &&-chain
# holds only when the option has its effect, or is refused as perf refuses
# it. A new option without a row, or a row without a proof, fails here.
#
# Row: command, option, prerequisites ("-" for none), and "ok" or
# "broken: owner, why" for known breakage (test_expect_failure).
#
# Proofs are cheap: one recording (rec.data) for every report option, the
# header of a tiny recording for record's attributes, strace where only
# the perf_event_open arguments show it, and the top runs started all at
# once in one test (each lasts a second).
TABLE='
record	--event	PERF_EVENTS	ok
record	--filter	PERF_EVENTS,ROOT,TRACEFS	ok
record	--pid	PERF_EVENTS	ok
record	--tid	PERF_EVENTS	ok
record	--all-cpus	SYSWIDE	ok
record	--cpu	SYSWIDE	ok
record	--uid	PERF_EVENTS,SETPRIV	ok
record	--no-inherit	PERF_EVENTS	ok
record	--per-thread	PERF_EVENTS,STRACE	ok
record	--freq	PERF_EVENTS	ok
record	--count	PERF_EVENTS	ok
record	--mmap-pages	PERF_EVENTS,STRACE	ok
record	-g	PERF_EVENTS	ok
record	--call-graph	PERF_EVENTS	ok
record	--output	PERF_EVENTS	ok
record	--clockid	PERF_EVENTS	ok
record	--quiet	PERF_EVENTS	ok
record	--verbose	PERF_EVENTS	ok
record	--data	PERF_EVENTS	ok
record	--stat	PERF_EVENTS	ok
record	--switch-output	PERF_EVENTS	ok
record	--compression-level	PERF_EVENTS	ok
record	--namespaces	PERF_EVENTS	ok
record	--no-buildid-cache	PERF_EVENTS	ok
record	--no-buildid	PERF_EVENTS	ok
record	--period	PERF_EVENTS	ok
record	--timestamp	PERF_EVENTS	ok
record	--raw-samples	PERF_EVENTS	ok
record	--weight	PERF_EVENTS	ok
record	--all-user	PERF_EVENTS	ok
record	--all-kernel	PERF_EVENTS	ok
record	--branch-any	PERF_EVENTS,STRACE	ok
record	--branch-filter	PERF_EVENTS,STRACE	ok
record	--user-regs	PERF_EVENTS	ok
record	--intr-regs	PERF_EVENTS	ok
record	--sample-cpu	PERF_EVENTS	ok
record	--sample-identifier	PERF_EVENTS	ok
record	--phys-data	PERF_EVENTS	ok
record	--data-page-size	PERF_EVENTS	ok
record	--code-page-size	PERF_EVENTS	ok
record	--transaction	PERF_EVENTS,STRACE	ok
record	--running-time	PERF_EVENTS	ok
record	--kernel-callchains	PERF_EVENTS	ok
record	--user-callchains	PERF_EVENTS	ok
record	--no-samples	PERF_EVENTS	ok
record	--switch-events	PERF_EVENTS	ok
record	--no-bpf-event	PERF_EVENTS	ok
record	--no-buffering	PERF_EVENTS	ok
record	--group	PERF_EVENTS	ok
record	--strict-freq	PERF_EVENTS	ok
record	--dry-run	-	ok
record	--realtime	PERF_EVENTS,ROOT	ok
record	--buildid-all	PERF_EVENTS,PERF	ok
record	--exclude-perf	PERF_EVENTS,ROOT,TRACEFS,STRACE	ok
record	--vmlinux	PERF_EVENTS,PERF	ok
record	--debuginfod	PERF_EVENTS	ok
record	--aux-sample	-	ok
record	--delay	PERF_EVENTS	ok
record	--synth	PERF_EVENTS	ok
record	--tail-synthesize	PERF_EVENTS	ok
record	--proc-map-timeout	PERF_EVENTS	ok
record	--num-thread-synthesize	SYSWIDE,STRACE	ok
record	--all-cgroups	PERF_EVENTS	ok
record	--buildid-mmap	PERF_EVENTS	ok
record	--cgroup	SYSWIDE,STRACE	ok
record	--max-size	PERF_EVENTS	ok
record	--overwrite	PERF_EVENTS	ok
record	--snapshot	-	ok
record	--timestamp-filename	PERF_EVENTS	ok
record	--timestamp-boundary	PERF_EVENTS	ok
record	--switch-max-files	PERF_EVENTS	ok
record	--switch-output-event	PERF_EVENTS,ROOT,TRACEFS	ok
record	--threads	-	ok
record	--aio	PERF_EVENTS,STRACE	ok
record	--affinity	PERF_EVENTS,STRACE	ok
record	--mmap-flush	PERF_EVENTS	ok
record	--control	PERF_EVENTS	ok
record	--kcore	-	ok
record	--off-cpu	PERF_EVENTS,ROOT,TRACEFS	ok
record	--off-cpu-thresh	PERF_EVENTS,ROOT,TRACEFS	ok
record	--clang-path	-	ok
record	--clang-opt	-	ok
report	--input	PERF_EVENTS	ok
report	--verbose	PERF_EVENTS	ok
report	--quiet	PERF_EVENTS	ok
report	--dump-raw-trace	PERF_EVENTS	ok
report	--stats	PERF_EVENTS	ok
report	--threads	PERF_EVENTS	ok
report	--pretty	PERF_EVENTS	ok
report	--show-ref-call-graph	PERF_EVENTS	ok
report	--force	PERF_EVENTS,ROOT	ok
report	--vmlinux	PERF_EVENTS,ROOT,PERF	ok
report	--ignore-vmlinux	PERF_EVENTS,ROOT,PERF	ok
report	--kallsyms	PERF_EVENTS,ROOT,PERF	ok
report	--stdio	PERF_EVENTS	ok
report	--tui	PERF_EVENTS	ok
report	--sort	PERF_EVENTS	ok
report	--fields	PERF_EVENTS	ok
report	--show-nr-samples	PERF_EVENTS	ok
report	--show-total-period	PERF_EVENTS	ok
report	--percent-limit	PERF_EVENTS	ok
report	--stdio-color	PERF_EVENTS	ok
report	--percentage	PERF_EVENTS	ok
report	--children	PERF_EVENTS	ok
report	--call-graph	PERF_EVENTS	ok
report	--branch-stack	PERF_EVENTS	ok
report	--inverted	PERF_EVENTS	ok
report	--max-stack	PERF_EVENTS	ok
report	--parent	PERF_EVENTS	ok
report	--ignore-callees	PERF_EVENTS	ok
report	--comms	PERF_EVENTS	ok
report	--pid	PERF_EVENTS	ok
report	--tid	PERF_EVENTS	ok
report	--dsos	PERF_EVENTS	ok
report	--symbols	PERF_EVENTS	ok
report	--hide-unresolved	PERF_EVENTS	ok
report	--field-separator	PERF_EVENTS	ok
report	--symfs	PERF_EVENTS	ok
report	--header	PERF_EVENTS	ok
report	--header-only	PERF_EVENTS	ok
report	--show-info	PERF_EVENTS	ok
report	--demangle	PERF_EVENTS	ok
report	--demangle-kernel	PERF_EVENTS,ROOT,PERF	ok
report	--full-source-path	PERF_EVENTS	ok
report	--inline	PERF_EVENTS	ok
report	--unwinder	PERF_EVENTS	ok
report	--time	PERF_EVENTS	ok
report	--cpu	PERF_EVENTS,PERF	ok
report	--ns	PERF_EVENTS	ok
report	--time-quantum	PERF_EVENTS	ok
report	--symbol-filter	PERF_EVENTS	ok
report	--skip-empty	PERF_EVENTS	ok
report	--tasks	PERF_EVENTS	ok
report	--mmaps	PERF_EVENTS	ok
report	--column-widths	PERF_EVENTS	ok
report	--raw-trace	PERF_EVENTS,ROOT,TRACEFS	ok
report	--group	PERF_EVENTS	ok
report	--disassembler-style	PERF_EVENTS,OBJDUMP,TMUX	ok
report	--asm-raw	PERF_EVENTS,CAPSTONE,TMUX	ok
report	--objdump	PERF_EVENTS,TMUX	ok
report	--prefix	PERF_EVENTS,CAPSTONE,TMUX	ok
report	--prefix-strip	PERF_EVENTS,CAPSTONE,TMUX	ok
report	--source	PERF_EVENTS,CAPSTONE,TMUX	ok
report	--percent-type	PERF_EVENTS,CAPSTONE,TMUX	ok
report	--samples	PERF_EVENTS,TMUX	ok
report	--group-sort-idx	PERF_EVENTS	ok
report	--itrace	PERF_EVENTS,SHARED	ok
report	--modules	PERF_EVENTS,PERF	ok
report	--switch-on	PERF_EVENTS	ok
report	--switch-off	PERF_EVENTS	ok
report	--show-on-off-events	PERF_EVENTS	ok
report	--hierarchy	PERF_EVENTS	ok
report	--show-cpu-utilization	PERF_EVENTS	ok
report	--socket-filter	PERF_EVENTS	ok
report	--exclude-other	PERF_EVENTS	ok
report	--mem-mode	PERF_EVENTS	ok
report	--branch-history	PERF_EVENTS	ok
report	--stitch-lbr	PERF_EVENTS	ok
report	--total-cycles	-	ok
report	--disable-order	-	ok
report	--wall-clock	PERF_EVENTS,TRACEFS,LIBTRACEEVENT	ok
stat	--event	PERF_EVENTS	ok
stat	--no-inherit	PERF_EVENTS	ok
stat	--pid	PERF_EVENTS	ok
stat	--tid	PERF_EVENTS	ok
stat	--all-cpus	SYSWIDE	ok
stat	--group	PERF_EVENTS,STRACE	ok
stat	--scale	PERF_EVENTS,HWPMU	ok
stat	--verbose	PERF_EVENTS	ok
stat	--repeat	PERF_EVENTS	ok
stat	--table	PERF_EVENTS	ok
stat	--null	PERF_EVENTS	ok
stat	--detailed	PERF_EVENTS	ok
stat	--sync	PERF_EVENTS,STRACE	ok
stat	--big-num	PERF_EVENTS	ok
stat	--cpu	SYSWIDE	ok
stat	--no-aggr	SYSWIDE	ok
stat	--field-separator	PERF_EVENTS	ok
stat	--all-kernel	PERF_EVENTS,STRACE	ok
stat	--all-user	PERF_EVENTS,STRACE	ok
stat	--json-output	PERF_EVENTS	ok
stat	--cgroup	SYSWIDE	ok
stat	--output	PERF_EVENTS	ok
stat	--append	PERF_EVENTS	ok
stat	--pre	PERF_EVENTS	ok
stat	--post	PERF_EVENTS	ok
stat	--interval-print	PERF_EVENTS	ok
stat	--interval-count	PERF_EVENTS	ok
stat	--timeout	PERF_EVENTS	ok
stat	--per-socket	SYSWIDE	ok
stat	--per-die	SYSWIDE	ok
stat	--per-core	SYSWIDE	ok
stat	--per-thread	PERF_EVENTS	ok
stat	--per-node	SYSWIDE	ok
stat	--delay	PERF_EVENTS	ok
stat	--metrics	PERF_EVENTS	ok
stat	--metric-no-group	PERF_EVENTS,NOHWPMU	ok
stat	--metric-no-merge	PERF_EVENTS,NOHWPMU	ok
stat	--metric-only	PERF_EVENTS	ok
stat	--no-merge	PERF_EVENTS	ok
stat	--no-csv-summary	PERF_EVENTS	ok
stat	--summary	PERF_EVENTS	ok
stat	--for-each-cgroup	SYSWIDE	ok
stat	--quiet	PERF_EVENTS	ok
stat	--transaction	PERF_EVENTS,PERF	ok
stat	--interval-clear	PERF_EVENTS	ok
stat	--log-fd	PERF_EVENTS	ok
stat	--control	PERF_EVENTS	ok
stat	--topdown	SYSWIDE,PERF	ok
stat	--td-level	SYSWIDE,PERF	ok
stat	--smi-cost	PERF_EVENTS,ROOT,PERF	ok
stat	--iostat	PERF_EVENTS,PERF	ok
stat	--cputype	PERF_EVENTS,PERF	ok
stat	--percore-show-thread	SYSWIDE,PERF	ok
stat	--filter	SYSWIDE,TRACEFS,PERF	ok
stat	--hybrid-merge	PERF_EVENTS,PERF	ok
stat-report	--input	PERF_EVENTS	ok
stat-report	--per-socket	SYSWIDE	ok
stat-report	--per-die	SYSWIDE	ok
stat-report	--per-core	SYSWIDE	ok
stat-report	--per-node	SYSWIDE	ok
stat-report	--no-aggr	SYSWIDE	ok
top	--event	PERF_EVENTS	ok
top	--all-cpus	SYSWIDE	ok
top	--pid	PERF_EVENTS	ok
top	--tid	PERF_EVENTS	ok
top	--cpu	SYSWIDE	ok
top	--uid	PERF_EVENTS,SETPRIV	ok
top	--freq	PERF_EVENTS	ok
top	--count	PERF_EVENTS	ok
top	--mmap-pages	PERF_EVENTS	ok
top	-g	PERF_EVENTS	ok
top	--call-graph	PERF_EVENTS	ok
top	--max-stack	PERF_EVENTS	ok
top	--children	PERF_EVENTS	ok
top	--hide_kernel_symbols	PERF_EVENTS	ok
top	--hide_user_symbols	PERF_EVENTS	ok
top	--sort	PERF_EVENTS	ok
top	--fields	PERF_EVENTS	ok
top	--show-nr-samples	PERF_EVENTS	ok
top	--entries	PERF_EVENTS	ok
top	--percent-limit	PERF_EVENTS	ok
top	--delay	PERF_EVENTS	ok
top	--zero	PERF_EVENTS	ok
top	--stdio	PERF_EVENTS	ok
top	--tui	PERF_EVENTS	ok
top	--refreshes	PERF_EVENTS	ok
top	--duration	PERF_EVENTS	ok
top	--verbose	PERF_EVENTS	ok
top	--unwinder	PERF_EVENTS	ok
top	--branch-any	PERF_EVENTS,STRACE	ok
top	--branch-filter	PERF_EVENTS,STRACE	ok
top	--no-inherit	PERF_EVENTS,STRACE	ok
top	--namespaces	PERF_EVENTS,STRACE	ok
top	--no-bpf-event	PERF_EVENTS,STRACE	ok
top	--group	PERF_EVENTS,STRACE	ok
top	--group-sort-idx	PERF_EVENTS	ok
top	--sym-annotate	PERF_EVENTS	ok
top	--realtime	PERF_EVENTS,ROOT,STRACE	ok
top	--all-cgroups	PERF_EVENTS,STRACE	ok
top	--proc-map-timeout	PERF_EVENTS	ok
top	--num-thread-synthesize	SYSWIDE,STRACE	ok
top	--cgroup	SYSWIDE,STRACE	ok
top	--comms	PERF_EVENTS	ok
top	--dsos	PERF_EVENTS	ok
top	--symbols	PERF_EVENTS	ok
top	--count-filter	PERF_EVENTS	ok
top	--percentage	PERF_EVENTS	ok
top	--show-total-period	PERF_EVENTS	ok
top	--vmlinux	PERF_EVENTS,ROOT,PERF	ok
top	--ignore-vmlinux	PERF_EVENTS,ROOT,PERF	ok
top	--ignore-callees	PERF_EVENTS	ok
top	--kallsyms	PERF_EVENTS,ROOT	ok
top	--demangle-kernel	PERF_EVENTS,ROOT,PERF	ok
top	--dump-symtab	PERF_EVENTS	ok
top	--force	PERF_EVENTS,SETPRIV	ok
top	--stitch-lbr	PERF_EVENTS,PERF	ok
top	--hierarchy	PERF_EVENTS	ok
top	--column-widths	PERF_EVENTS	ok
top	--overwrite	PERF_EVENTS,STRACE	ok
top	--switch-on	PERF_EVENTS	ok
top	--switch-off	PERF_EVENTS	ok
top	--show-on-off-events	PERF_EVENTS	ok
top	--disassembler-style	PERF_EVENTS,OBJDUMP,TMUX	ok
top	--asm-raw	PERF_EVENTS,CAPSTONE,TMUX	ok
top	--objdump	PERF_EVENTS,TMUX	ok
top	--prefix	PERF_EVENTS,CAPSTONE,TMUX	ok
top	--prefix-strip	PERF_EVENTS,CAPSTONE,TMUX	ok
top	--source	PERF_EVENTS,CAPSTONE,TMUX	ok
top	--raw-trace	SYSWIDE,ROOT,TRACEFS	ok
list	--raw-dump	-	ok
list	--desc	HWPMU	ok
list	--long-desc	HWPMU	ok
list	--cputype	-	ok
list	--debug	-	ok
list	--deprecated	HWPMU	ok
list	--details	PERF	ok
help	--all	-	ok
help	--man	-	ok
help	--web	-	ok
help	--info	-	ok
version	--build-options	-	ok
flamegraph	--input	PERF_EVENTS	ok
flamegraph	--output	PERF_EVENTS	ok
flamegraph	--force	PERF_EVENTS,ROOT	ok
flamegraph	--folded	PERF_EVENTS	ok
flamegraph	--folded-input	-	ok
flamegraph	--event	PERF_EVENTS	ok
flamegraph	--count	PERF_EVENTS	ok
flamegraph	--comms	PERF_EVENTS	ok
flamegraph	--dsos	PERF_EVENTS	ok
flamegraph	--symbol	PERF_EVENTS	ok
flamegraph	--time	PERF_EVENTS	ok
flamegraph	--combined	PERF_EVENTS,ROOT,TRACEFS	ok
flamegraph	--diff	-	ok
flamegraph	--normalize	-	ok
flamegraph	--negate	-	ok
flamegraph	--strip-hex	-	ok
flamegraph	--pid	PERF_EVENTS	ok
flamegraph	--tid	PERF_EVENTS	ok
flamegraph	--kernel	SHARED	ok
flamegraph	--jit	SHARED	ok
flamegraph	--all	SHARED	ok
flamegraph	--addrs	SHARED	ok
flamegraph	--title	-	ok
flamegraph	--subtitle	-	ok
flamegraph	--countname	-	ok
flamegraph	--nametype	-	ok
flamegraph	--width	-	ok
flamegraph	--height	-	ok
flamegraph	--minwidth	-	ok
flamegraph	--fonttype	-	ok
flamegraph	--fontsize	-	ok
flamegraph	--colors	-	ok
flamegraph	--hash	-	ok
flamegraph	--reverse	-	ok
flamegraph	--inverted	-	ok
flamegraph	--flamechart	-	ok
flamegraph	--notes	-	ok
script	--input	PERF_EVENTS	ok
script	--verbose	PERF_EVENTS	ok
script	--dump-raw-trace	PERF_EVENTS	ok
script	--force	PERF_EVENTS,ROOT	ok
script	--vmlinux	PERF_EVENTS,ROOT,PERF	ok
script	--kallsyms	PERF_EVENTS,ROOT,PERF	ok
script	--symfs	PERF_EVENTS	ok
script	--fields	PERF_EVENTS	ok
script	--hide-call-graph	PERF_EVENTS	ok
script	--ns	PERF_EVENTS	ok
script	--reltime	PERF_EVENTS	ok
script	--deltatime	PERF_EVENTS	ok
script	--time	PERF_EVENTS	ok
script	--cpu	SYSWIDE	ok
script	--comms	PERF_EVENTS	ok
script	--pid	PERF_EVENTS	ok
script	--tid	PERF_EVENTS	ok
script	--symbols	PERF_EVENTS	ok
script	--dsos	PERF_EVENTS	ok
script	--max-stack	PERF_EVENTS	ok
script	--inline	PERF_EVENTS	ok
script	--demangle	PERF_EVENTS	ok
script	--demangle-kernel	PERF_EVENTS,ROOT,PERF	ok
script	--full-source-path	PERF_EVENTS	ok
script	--header	PERF_EVENTS	ok
script	--header-only	PERF_EVENTS	ok
script	--show-info	PERF_EVENTS	ok
script	--show-task-events	PERF_EVENTS	ok
script	--show-mmap-events	PERF_EVENTS	ok
script	--show-switch-events	PERF_EVENTS,PERF	ok
script	--show-namespace-events	PERF_EVENTS	ok
script	--show-lost-events	SHARED	ok
script	--per-event-dump	PERF_EVENTS	ok
script	--xed	PERF_EVENTS,CAPSTONE	ok
script	--script	-	ok
script	--gen-script	-	ok
script	--list	-	ok
data	--verbose	PERF_EVENTS	ok
data	--input	PERF_EVENTS	ok
data	--to-json	PERF_EVENTS	ok
data	--to-ctf	-	ok
data	--tod	-	ok
data	--all	-	ok
data	--force	PERF_EVENTS	ok
data	--to-pprof	PERF_EVENTS	ok
data	--to-speedscope	PERF_EVENTS	ok
data	--to-chrome-trace	PERF_EVENTS,PYTHON3	ok
data	--to-firefox	PERF_EVENTS,PYTHON3	ok
data	--event	PERF_EVENTS	ok
data	--time	PERF_EVENTS	ok
data	--pid	PERF_EVENTS	ok
data	--tid	PERF_EVENTS	ok
data	--comms	PERF_EVENTS	ok
annotate	--cpu	-	ok
annotate	--dsos	PERF_EVENTS,CAPSTONE	ok
annotate	--dump-raw-trace	-	ok
annotate	--force	PERF_EVENTS,ROOT	ok
annotate	--input	PERF_EVENTS,CAPSTONE	ok
annotate	--vmlinux	PERF_EVENTS,ROOT,PERF,CAPSTONE	ok
annotate	--print-line	PERF_EVENTS,CAPSTONE	ok
annotate	--disassembler-style	PERF_EVENTS,OBJDUMP	ok
annotate	--modules	-	ok
annotate	--show-nr-samples	PERF_EVENTS,CAPSTONE	ok
annotate	--full-paths	PERF_EVENTS,CAPSTONE	ok
annotate	--quiet	PERF_EVENTS,CAPSTONE	ok
annotate	--symbol	PERF_EVENTS,CAPSTONE	ok
annotate	--verbose	PERF_EVENTS,CAPSTONE	ok
annotate	--asm-raw	PERF_EVENTS,CAPSTONE	ok
annotate	--demangle	PERF_EVENTS,CAPSTONE	ok
annotate	--demangle-kernel	PERF_EVENTS,ROOT,PERF,CAPSTONE	ok
annotate	--group	-	ok
annotate	--ignore-vmlinux	PERF_EVENTS,ROOT,PERF,CAPSTONE	ok
annotate	--kallsyms	PERF_EVENTS,ROOT,PERF,CAPSTONE	ok
annotate	--itrace	-	ok
annotate	--objdump	PERF_EVENTS,OBJDUMP	ok
annotate	--percent-limit	PERF_EVENTS,CAPSTONE	ok
annotate	--percent-type	PERF_EVENTS,CAPSTONE	ok
annotate	--prefix	PERF_EVENTS,CAPSTONE	ok
annotate	--prefix-strip	PERF_EVENTS,CAPSTONE	ok
annotate	--show-total-period	PERF_EVENTS,CAPSTONE	ok
annotate	--skip-missing	PERF_EVENTS	ok
annotate	--source	PERF_EVENTS,CAPSTONE	ok
annotate	--stdio	PERF_EVENTS,CAPSTONE	ok
annotate	--stdio-color	PERF_EVENTS,CAPSTONE	ok
annotate	--stdio2	-	ok
annotate	--symfs	PERF_EVENTS,CAPSTONE	ok
annotate	--tui	PERF_EVENTS,CAPSTONE,TMUX	ok
evlist	--input	PERF_EVENTS	ok
evlist	--force	PERF_EVENTS	ok
evlist	--freq	PERF_EVENTS	ok
evlist	--verbose	PERF_EVENTS	ok
evlist	--group	PERF_EVENTS	ok
evlist	--trace-fields	PERF_EVENTS	ok
buildid-list	--input	PERF_EVENTS	ok
buildid-list	--force	PERF_EVENTS	ok
buildid-list	--with-hits	PERF_EVENTS	ok
buildid-list	--kernel	-	ok
buildid-list	--kernel-maps	PERF	ok
buildid-list	--verbose	-	ok
inject	--build-ids	PERF_EVENTS	ok
inject	--buildid-all	PERF_EVENTS,ROOT	ok
inject	--known-build-ids	PERF_EVENTS	ok
inject	--input	PERF_EVENTS	ok
inject	--output	PERF_EVENTS	ok
inject	--sched-stat	PERF_EVENTS,SCHED_STAT_TP	ok
inject	--jit	PERF_EVENTS	ok
inject	--verbose	PERF_EVENTS	ok
inject	--vmlinux	PERF_EVENTS	ok
inject	--ignore-vmlinux	PERF_EVENTS	ok
inject	--kallsyms	PERF_EVENTS	ok
inject	--force	PERF_EVENTS	ok
inject	--itrace	PERF_EVENTS	ok
inject	--strip	PERF_EVENTS	ok
inject	--vm-time-correlation	PERF_EVENTS	ok
inject	--guest-data	PERF_EVENTS	ok
inject	--guestmount	PERF_EVENTS	ok
probe	--add	ROOT,UPROBES,GCC	ok
probe	--definition	PERF,GCC	ok
probe	--del	ROOT,UPROBES,GCC	ok
probe	--force	ROOT,UPROBES,GCC	ok
probe	--funcs	PERF,GCC	ok
probe	--vmlinux	PERF	ok
probe	--line	PERF,GCC	ok
probe	--list	PERF,ROOT,UPROBES,GCC	ok
probe	--module	-	ok
probe	--dry-run	ROOT,UPROBES,GCC	ok
probe	--quiet	GCC	ok
probe	--source	PERF,GCC	ok
probe	--vars	PERF,GCC	ok
probe	--verbose	ROOT,UPROBES,GCC	ok
probe	--exec	PERF,GCC	ok
probe	--bootconfig	-	ok
probe	--cache	-	ok
probe	--demangle	-	ok
probe	--demangle-kernel	-	ok
probe	--externs	GCC	ok
probe	--filter	PERF,GCC	ok
probe	--max-probes	PERF,GCC	ok
probe	--no-inlines	PERF,GCC	ok
probe	--range	GCC	ok
probe	--symfs	GCC	ok
probe	--target-ns	PERF,GCC	ok
buildid-cache	--add	PERF	ok
buildid-cache	--kcore	-	ok
buildid-cache	--remove	-	ok
buildid-cache	--purge	-	ok
buildid-cache	--purge-all	-	ok
buildid-cache	--list	PERF	ok
buildid-cache	--missing	PERF_EVENTS	ok
buildid-cache	--force	PERF_EVENTS,SETPRIV	ok
buildid-cache	--update	-	ok
buildid-cache	--verbose	-	ok
buildid-cache	--target-ns	UNSHARE,ROOT	ok
buildid-cache	--debuginfod	-	ok
archive	--verbose	PERF_EVENTS	ok
kallsyms	--verbose	PERF	ok
bench	--format	-	ok
bench	--repeat	-	ok
bench-sched-messaging	--pipe	STRACE	ok
bench-sched-messaging	--thread	STRACE	ok
bench-sched-messaging	--group	-	ok
bench-sched-messaging	--nr_loops	STRACE	ok
diff	--verbose	PERF_EVENTS	ok
diff	--quiet	PERF_EVENTS	ok
diff	--baseline-only	PERF_EVENTS	ok
diff	--compute	PERF_EVENTS	ok
diff	--period	PERF_EVENTS	ok
diff	--formula	PERF_EVENTS	ok
diff	--cycles-hist	PERF_EVENTS	ok
diff	--dump-raw-trace	PERF_EVENTS	ok
diff	--force	PERF_EVENTS,ROOT	ok
diff	--kallsyms	PERF_EVENTS,ROOT,PERF	ok
diff	--modules	PERF_EVENTS	ok
diff	--dsos	PERF_EVENTS	ok
diff	--comms	PERF_EVENTS	ok
diff	--symbols	PERF_EVENTS	ok
diff	--sort	PERF_EVENTS	ok
diff	--field-separator	PERF_EVENTS	ok
diff	--symfs	PERF_EVENTS	ok
diff	--order	PERF_EVENTS	ok
diff	--percentage	PERF_EVENTS	ok
diff	--time	PERF_EVENTS	ok
diff	--cpu	PERF_EVENTS	ok
diff	--pid	PERF_EVENTS	ok
diff	--tid	PERF_EVENTS	ok
diff	--stream	PERF_EVENTS,PYTHON3	ok
diff	--noise	PERF_EVENTS	ok
sched	--input	PERF_EVENTS	ok
sched	--verbose	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched	--dump-raw-trace	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched	--force	PERF_EVENTS,ROOT	ok
sched-latency	--sort	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-latency	--CPU	PERF,SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-latency	--pids	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-latency	--input	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-latency	--verbose	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-latency	--force	SYSWIDE,TRACEFS,LIBTRACEEVENT,ROOT	ok
sched-timehist	--cpu	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--call-graph	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--idle-hist	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--migrations	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--next	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--pid	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--summary	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--with-summary	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--tid	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--cpu-visual	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--wakeups	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--state	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--vmlinux	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--kallsyms	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--max-stack	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--symfs	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--time	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--verbose	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--input	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-timehist	--force	SYSWIDE,TRACEFS,LIBTRACEEVENT,ROOT	ok
sched-map	--color-cpus	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--color-pids	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--compact	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--cpus	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--verbose	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--input	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-map	--force	SYSWIDE,TRACEFS,LIBTRACEEVENT,ROOT	ok
sched-replay	--repeat	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-replay	--verbose	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-replay	--input	SYSWIDE,TRACEFS,LIBTRACEEVENT	ok
sched-replay	--force	SYSWIDE,TRACEFS,LIBTRACEEVENT,ROOT	ok
config	--list	-	ok
config	--system	-	ok
config	--user	-	ok
daemon	--verbose	PERF_EVENTS	ok
daemon	--config	PERF_EVENTS	ok
daemon	--base	PERF_EVENTS	ok
daemon	--field-separator	PERF_EVENTS	ok
daemon-start	--foreground	PERF_EVENTS	ok
daemon-start	--verbose	PERF_EVENTS	ok
daemon-start	--config	PERF_EVENTS	ok
daemon-start	--base	PERF_EVENTS	ok
daemon-start	--field-separator	PERF_EVENTS	ok
daemon-ping	--session	PERF_EVENTS	ok
daemon-ping	--verbose	PERF_EVENTS	ok
daemon-ping	--config	PERF_EVENTS	ok
daemon-ping	--base	PERF_EVENTS	ok
daemon-ping	--field-separator	PERF_EVENTS	ok
daemon-signal	--session	PERF_EVENTS	ok
daemon-signal	--verbose	PERF_EVENTS	ok
daemon-signal	--config	PERF_EVENTS	ok
daemon-signal	--base	PERF_EVENTS	ok
daemon-signal	--field-separator	PERF_EVENTS	ok
lock	--input	ROOT,LOCK_TP,PERF	ok
lock	--verbose	ROOT,LOCK_TP,PERF	ok
lock	--dump-raw-trace	ROOT,LOCK_TP,PERF	ok
lock	--force	ROOT,LOCK_TP,PERF	ok
lock	--vmlinux	ROOT,LOCK_TP,PERF	ok
lock	--kallsyms	ROOT,LOCK_TP,PERF	ok
lock	--quiet	ROOT,LOCK_TP,PERF	ok
lock-report	--key	ROOT,LOCK_TP,PERF	ok
lock-report	--field	ROOT,LOCK_TP,PERF	ok
lock-report	--combine-locks	ROOT,LOCK_TP,PERF	ok
lock-report	--threads	ROOT,LOCK_TP,PERF	ok
lock-report	--entries	ROOT,LOCK_TP,PERF	ok
lock-report	--input	ROOT,LOCK_TP,PERF	ok
lock-report	--verbose	ROOT,LOCK_TP,PERF	ok
lock-report	--dump-raw-trace	ROOT,LOCK_TP,PERF	ok
lock-report	--force	ROOT,LOCK_TP,PERF	ok
lock-report	--vmlinux	ROOT,LOCK_TP,PERF	ok
lock-report	--kallsyms	ROOT,LOCK_TP,PERF	ok
lock-report	--quiet	ROOT,LOCK_TP,PERF	ok
lock-contention	--key	ROOT,LOCK_TP,PERF	ok
lock-contention	--field	ROOT,LOCK_TP,PERF	ok
lock-contention	--threads	ROOT,LOCK_TP,PERF	ok
lock-contention	--use-bpf	-	ok
lock-contention	--all-cpus	ROOT,LOCK_TP,PERF	ok
lock-contention	--cpu	ROOT,LOCK_TP,PERF	ok
lock-contention	--pid	ROOT,LOCK_TP,PERF	ok
lock-contention	--tid	ROOT,LOCK_TP,PERF	ok
lock-contention	--map-nr-entries	ROOT,LOCK_TP,PERF	ok
lock-contention	--max-stack	ROOT,LOCK_TP,PERF	ok
lock-contention	--stack-skip	ROOT,LOCK_TP,PERF	ok
lock-contention	--entries	ROOT,LOCK_TP,PERF	ok
lock-contention	--input	ROOT,LOCK_TP,PERF	ok
lock-contention	--verbose	ROOT,LOCK_TP,PERF	ok
lock-contention	--dump-raw-trace	ROOT,LOCK_TP,PERF	ok
lock-contention	--force	ROOT,LOCK_TP,PERF	ok
lock-contention	--vmlinux	ROOT,LOCK_TP,PERF	ok
lock-contention	--kallsyms	ROOT,LOCK_TP,PERF	ok
lock-contention	--quiet	ROOT,LOCK_TP,PERF	ok
lock-info	--threads	ROOT,LOCK_TP,PERF	ok
lock-info	--map	ROOT,LOCK_TP,PERF	ok
lock-info	--input	ROOT,LOCK_TP,PERF	ok
lock-info	--verbose	ROOT,LOCK_TP,PERF	ok
lock-info	--dump-raw-trace	ROOT,LOCK_TP,PERF	ok
lock-info	--force	ROOT,LOCK_TP,PERF	ok
lock-info	--vmlinux	ROOT,LOCK_TP,PERF	ok
lock-info	--kallsyms	ROOT,LOCK_TP,PERF	ok
lock-info	--quiet	ROOT,LOCK_TP,PERF	ok
'
COMMANDS="record report stat top list help version flamegraph script data annotate evlist buildid-list inject diff sched sched-latency sched-timehist sched-map stat-report"
COMMANDS="$COMMANDS sched-replay"
COMMANDS="$COMMANDS config daemon daemon-start daemon-ping daemon-signal"
COMMANDS="$COMMANDS probe"
COMMANDS="$COMMANDS buildid-cache archive kallsyms bench bench-sched-messaging"
COMMANDS="$COMMANDS lock lock-report lock-contention lock-info"

# Prerequisites of this file only.
test_lazy_prereq CAPSTONE '"$PROF" version --build-options | grep -q "libcapstone: \[ on  \]"'
test_lazy_prereq OBJDUMP 'command -v objdump'
test_lazy_prereq SCHED_STAT_TP '
	test -d /sys/kernel/tracing/events/sched/sched_stat_runtime ||
	test -d /sys/kernel/debug/tracing/events/sched/sched_stat_runtime
'
test_lazy_prereq GCC 'command -v gcc'
test_lazy_prereq LOCK_TP '
	test -d /sys/kernel/tracing/events/lock/contention_begin ||
	test -d /sys/kernel/debug/tracing/events/lock/contention_begin
'
test_lazy_prereq UPROBES '[ -w /sys/kernel/tracing/uprobe_events ]'
have_feature() {
	"$PROF" version --build-options | grep -q " $1: \[ on  \]"
}

proof_name() {
	case $2 in
	--*) _o=${2#--} ;;
	-?) _o=short_${2#-} ;;
	esac &&
	echo "proof_$(echo "$1_$_o" | tr -- - _)"
}

# --- fixtures ---------------------------------------------------------
# rec NAME ARGS: record into NAME.data, stdout and stderr kept.
rec() {
	_n=$1 &&
	shift &&
	"$PROF" record -o "$_n.data" "$@" >"$_n.out" 2>"$_n.err"
}
# attr NAME: the event lines of NAME.data's header.
attr() {
	"$PROF" report --header-only -i "$1.data" >"$1.hdr" &&
	grep "^# event :" "$1.hdr"
}
# rep OUT ARGS: prof report --stdio of rec.data into OUT.
rep() {
	_o=$1 &&
	shift &&
	"$PROF" report --stdio -i rec.data "$@" >"$_o" 2>"$_o.err"
}
# entries FILE: the histogram lines of a stdio report.
entries() {
	grep -E "^ +[0-9]+\.[0-9]+%" "$1"
}
# straced OUT CMD...: CMD's perf_event_open, mmap and sync calls in OUT.
straced() {
	_o=$1 &&
	shift &&
	strace -f -qq -e trace=perf_event_open,mmap,sync -o "$_o" "$@" >/dev/null 2>&1
}
# A busy process for attaching; stopped by stop_busy.
start_busy() {
	"$HELPERS/demo" 100000 >/dev/null 2>&1 &
	echo $! >busy.pid &&
	wait_exec "$(cat busy.pid)" demo
}
stop_busy() {
	{ kill "$(cat busy.pid)" 2>/dev/null || echo "busy had exited"; } &&
	{ wait "$(cat busy.pid)" 2>/dev/null || echo "busy: exit $?"; }
}
# A process that spends its time in system calls.
start_syscalls() {
	dd if=/dev/zero of=/dev/null bs=1 count=2000000000 2>/dev/null &
	echo $! >dd.pid
}
# A busy process of user nobody (SETPRIV), once it is nobody's.
start_nobody() {
	setpriv --reuid nobody --regid nogroup --clear-groups \
		"$HELPERS/demo" 100000 >/dev/null 2>&1 &
	echo $! >nobody.pid &&
	n=0 &&
	until test "$(stat -c %U /proc/$(cat nobody.pid))" = nobody || test $n -ge 50; do
		sleep 0.05 && n=$((n + 1)) || return 1
	done &&
	wait_exec "$(cat nobody.pid)" demo
}
# pty CMD: run CMD on a terminal (script(1)), TERM and pager controlled.
pty() {
	script -qec "$*" /dev/null
}

# --- the walk ---------------------------------------------------------
test_expect_success 'every command lists its options; each has a row' '
	for c in $COMMANDS; do
		"$PROF" $(echo "$c" | sed "s/^\(sched\|stat\|daemon\|lock\)-/\1 /; s/^bench-sched-/bench sched /") \
			--list-all-opts >opts.$c &&
		test -s opts.$c || return 1
	done &&
	for c in $COMMANDS; do
		while read -r o; do
			printf "%s" "$TABLE" | grep -q "^$c	$o	" ||
			{ echo "$c $o: no row in TABLE (add one and its proof)"; return 1; }
		done <opts.$c
	done
'

test_expect_success '--list-opts is perf'"'"'s: long options, hidden ones too' '
	"$PROF" list --list-opts >lo &&
	grep -q -- "^--raw-dump --desc " lo &&
	"$PROF" record --list-opts >ro &&
	! grep -q -- " -g " ro &&
	grep -q -- "^-g$" opts.record
'

test_expect_success PERF_EVENTS 'fixtures: a recording, a baseline report' '
	rec rec -g -e task-clock -F 4000 -- sh -c \
		"$HELPERS/symtest 20 & $HELPERS/optwork 200 & $HELPERS/demo 100; wait" &&
	rep base &&
	grep -q hot_loop base &&
	grep -q sym_inlined base &&
	grep -q "prof::work" base &&
	rec inl --call-graph dwarf -e task-clock -- "$HELPERS/optwork" 100 &&
	rec rbase -e task-clock -- true &&
	attr rbase >rbase.attr
'

# --- record -----------------------------------------------------------
proof_record_event() {
	rec e -e page-faults -- true &&
	attr e | grep -q "name = page-faults" &&
	! grep -q "name = page-faults" rbase.attr
}
proof_record_filter() {
	rec f1 -e sched:sched_process_exec -- sh -c "/bin/true; /bin/true" &&
	rec f2 -e sched:sched_process_exec --filter "pid == 1" -- \
		sh -c "/bin/true; /bin/true" &&
	"$PROF" report --stats -i f1.data | grep -E "SAMPLE events: +[1-9]" &&
	! "$PROF" report --stats -i f2.data | grep "SAMPLE events"
}
proof_record_pid() {
	start_busy &&
	{ rec p -e task-clock -p "$(cat busy.pid)" -- sleep 0.3 || ret=$?; } &&
	stop_busy && test "${ret:-0}" = 0 &&
	"$PROF" report --stdio -i p.data --sort comm -g none >p.rep &&
	entries p.rep | grep -q " demo *$" &&
	! entries p.rep | grep -q " sleep *$"
}
proof_record_tid() {
	start_busy &&
	{ rec t -e task-clock -t "$(cat busy.pid)" -- sleep 0.3 || ret=$?; } &&
	stop_busy && test "${ret:-0}" = 0 &&
	"$PROF" report --stdio -i t.data --sort tid -g none >t.rep &&
	entries t.rep | grep -q " $(cat busy.pid):demo *$"
}
proof_record_all_cpus() {
	rec a -a -e task-clock -- sleep 0.1 &&
	attr a | grep -q "sample_type = [A-Z|]*|CPU|" &&
	! grep -q "|CPU|" rbase.attr
}
proof_record_cpu() {
	rec c -C 0 -e task-clock -- sleep 0.1 &&
	"$PROF" report --stdio -i c.data --sort cpu -g none >c.rep &&
	entries c.rep | grep -q " 000 *$" &&
	! entries c.rep | grep -v -q " 000 *$"
}
proof_record_uid() {
	start_nobody &&
	{ rec u -e task-clock -u nobody -- sleep 0.3 || ret=$?; } &&
	kill "$(cat nobody.pid)" && test "${ret:-0}" = 0 &&
	"$PROF" report --stdio -i u.data --sort comm -g none >u.rep &&
	entries u.rep | grep -q " demo *$"
}
proof_record_no_inherit() {
	rec i -i -e task-clock -- true &&
	! attr i | grep -q "inherit = 1" &&
	grep -q "inherit = 1" rbase.attr
}
proof_record_per_thread() {
	straced pt.st "$PROF" record -o pt.data --per-thread -e task-clock -- true &&
	straced base.st "$PROF" record -o pt.data -e task-clock -- true &&
	grep -E -q "^[0-9]+ +perf_event_open\(.*\}, [0-9]+, -1, -1," pt.st &&
	! grep -E -q "^[0-9]+ +perf_event_open\(.*\}, [0-9]+, -1, -1," base.st
}
proof_record_freq() {
	rec fq -F 999 -e task-clock -- true &&
	attr fq | grep -q "sample_freq } = 999,"
}
proof_record_count() {
	rec cnt -c 12345 -e task-clock -- true &&
	attr cnt | grep -q "sample_freq } = 12345," &&
	! grep -q "freq = 1," cnt.hdr
}
proof_record_mmap_pages() {
	straced m.st "$PROF" record -o m.data -m 2 -e task-clock -- true &&
	grep -q "mmap(NULL, 12288, PROT_READ|PROT_WRITE, MAP_SHARED, " m.st &&
	! grep -q "mmap(NULL, 12288, PROT_READ|PROT_WRITE, MAP_SHARED, " base.st &&
	rec m2 -m 2,17 -e task-clock -- true &&
	grep -q "^rounding mmap pages size to 128K (32 pages)$" m2.err &&
	test_expect_code 129 "$PROF" record -o m3.data -m 2,x -e task-clock true 2>m3.err &&
	grep -q "^Invalid argument for --mmap_pages/-m$" m3.err
}
proof_record_short_g() {
	rec g -g -e task-clock -- true &&
	attr g | grep -q "|CALLCHAIN|" &&
	! grep -q "CALLCHAIN" rbase.attr
}
proof_record_call_graph() {
	rec cg --call-graph dwarf -e task-clock -- true &&
	attr cg | grep -q "|REGS_USER|STACK_USER|" &&
	! grep -q "STACK_USER" rbase.attr
}
proof_record_output() {
	mkdir -p output.d &&
	(cd output.d && "$PROF" record --output x.data -e task-clock true 2>/dev/null) &&
	test -s output.d/x.data && ! test -e output.d/perf.data
}
proof_record_clockid() {
	rec k -k mono -e task-clock -- true &&
	attr k | grep -q "use_clockid = 1" &&
	! grep -q "use_clockid" rbase.attr
}
proof_record_quiet() {
	rec q -q -e task-clock -- true &&
	! test -s q.err &&
	grep -q "^\[ perf record: Captured" rbase.err
}
proof_record_verbose() {
	rec v -v -e task-clock -- true &&
	grep -q "^mmap size [0-9]*B$" v.err && ! grep -q "^mmap size" rbase.err
}
proof_record_data() {
	rec d -d -e task-clock -- true &&
	attr d | grep -q "|ADDR|" &&
	! grep -q "|ADDR|" rbase.attr
}
proof_record_stat() {
	rec s -s -e task-clock -- true &&
	attr s | grep -q "inherit_stat = 1" &&
	! grep -q "inherit_stat" rbase.attr
}
proof_record_switch_output() {
	# a 16K buffer wakes the reader during the run, however busy the machine
	mkdir -p switch.d && (cd switch.d && "$PROF" record -o sw.data --switch-output=2K -m 4 \
		-e task-clock -F 4000 -- "$HELPERS/demo" 100 2>err) &&
	ls switch.d/sw.data.20* >files &&
	test $(wc -l <files) -ge 2
}
proof_record_compression_level() {
	rec z -z -e task-clock -- true &&
	"$PROF" report --header-only -i z.data | grep -q "^# compressed : Zstd, level = 1," &&
	! "$PROF" report --header-only -i rbase.data | grep -q "^# compressed"
}
proof_record_namespaces() {
	rec ns --namespaces -e task-clock -- true &&
	attr ns | grep -q "namespaces = 1" &&
	! grep -q "namespaces = 1" rbase.attr
}
proof_record_no_buildid_cache() {
	"$PROF" --buildid-dir "$TRASH/bid1" record -o n1.data -e task-clock \
		-- "$HELPERS/demo" 5 >/dev/null 2>&1 &&
	"$PROF" --buildid-dir "$TRASH/bid2" record -N -o n2.data -e task-clock \
		-- "$HELPERS/demo" 5 >/dev/null 2>&1 &&
	test -d bid1/.build-id && ! test -e bid2
}
proof_record_no_buildid() {
	rec nb -B -e task-clock -- true &&
	"$PROF" report --header-only -i nb.data | grep -q "^# missing features:.* BUILD_ID " &&
	! grep -q "^# missing features:.* BUILD_ID " rbase.hdr
}
# sample_type NAME: the sample_type of NAME.data's first event ("IP|TID|...").
sample_type() {
	attr "$1" | head -n 1 | sed -n "s/.* sample_type = \([A-Z_|]*\),.*/\1/p"
}
# opened NAME ARGS: prof record ARGS under strace, the attrs it opened in NAME.st.
opened() {
	_n=$1 &&
	shift &&
	strace -f -qq -v -e trace=perf_event_open -o "$_n.st" \
		"$PROF" record -o "$_n.data" "$@" >"$_n.out" 2>"$_n.err"
}
proof_record_period() {
	rec per -P -c 1000 -e task-clock -- true &&
	test "$(sample_type per)" = "IP|TID|TIME|PERIOD" &&
	rec per0 -c 1000 -e task-clock -- true &&
	test "$(sample_type per0)" = "IP|TID|TIME" &&
	rec nper --no-period -e task-clock -- true &&
	test "$(sample_type nper)" = "IP|TID|TIME"
}
proof_record_timestamp() {
	rec nts --no-timestamp -e task-clock -- true &&
	test "$(sample_type nts)" = "IP|TID|PERIOD" &&
	rec ts -T -e task-clock -- true &&
	test "$(sample_type ts)" = "IP|TID|TIME|PERIOD"
}
proof_record_raw_samples() {
	rec raw -R --no-timestamp -e task-clock -- true &&
	test "$(sample_type raw)" = "IP|TID|TIME|CPU|PERIOD|RAW"
}
proof_record_weight() {
	rec w -W -e task-clock -- true &&
	test "$(sample_type w)" = "IP|TID|TIME|PERIOD|WEIGHT_STRUCT"
}
proof_record_all_user() {
	rec au --all-user -e task-clock:k -- true &&
	attr au | grep -q "exclude_kernel = 1" &&
	! attr au | grep -q "exclude_user = 1" &&
	test_expect_code 129 "$PROF" record --all-kernel --all-user -e task-clock true 2>au2.err &&
	grep -q "^ Error: option .all-user. cannot be used with all-kernel$" au2.err
}
proof_record_all_kernel() {
	rec ak --all-kernel -e task-clock:u -- true &&
	attr ak | grep -q "exclude_user = 1" &&
	! attr ak | grep -q "exclude_kernel = 1" &&
	test_expect_code 129 "$PROF" record --all-user --all-kernel -e task-clock true 2>ak2.err &&
	grep -q "^ Error: option .all-kernel. cannot be used with all-user$" ak2.err
}
# No software event samples branches: perf's refusal, after the open it tried.
proof_record_branch_any() {
	bret=0 &&
	{ opened b -b -e task-clock -- true || bret=$?; } &&
	test "$bret" = 255 &&
	grep -q "^task-clock: PMU Hardware or event type doesn.t support branch stack sampling.$" b.err &&
	grep -q "branch_sample_type=PERF_SAMPLE_BRANCH_ANY," b.st &&
	grep -q "sample_type=[A-Z_|]*|PERF_SAMPLE_BRANCH_STACK," b.st
}
proof_record_branch_filter() {
	jret=0 &&
	{ opened j -j any_call,u -e task-clock -- true || jret=$?; } &&
	test "$jret" = 255 &&
	grep -q "branch_sample_type=PERF_SAMPLE_BRANCH_USER|PERF_SAMPLE_BRANCH_ANY_CALL," j.st &&
	test_expect_code 129 "$PROF" record -j bogus -e task-clock true 2>j2.err &&
	grep -q "^unknown branch filter bogus, check man page$" j2.err &&
	test_expect_code 129 "$PROF" record -b -j any -e task-clock true 2>j3.err &&
	grep -q "^Error: Can.t use --branch-any (-b) with --branch-filter (-j).$" j3.err
}
proof_record_user_regs() {
	rec ur --user-regs=ax,bx -e task-clock -- true &&
	attr ur | grep -q "|REGS_USER, .*, sample_regs_user = 0x3$" &&
	rec ur2 --user-regs -e task-clock -- true &&
	attr ur2 | grep -q "sample_regs_user = 0xff0fff$" &&
	test_expect_code 129 "$PROF" record --user-regs=? true 2>ur3.err &&
	grep -q "^available registers: AX BX CX DX SI DI BP SP IP FLAGS CS SS R8 R9 R10 R11 R12 R13 R14 R15 $" ur3.err &&
	test_expect_code 129 "$PROF" record --user-regs=foo true 2>ur4.err &&
	grep -q "^Unknown register \"foo\"" ur4.err
}
proof_record_intr_regs() {
	rec ir -I -e task-clock -- true &&
	attr ir | grep -q "|REGS_INTR, .*, sample_regs_intr = 0xff0fff$" &&
	rec ir2 -Iip,sp -e task-clock -- true &&
	attr ir2 | grep -q "sample_regs_intr = 0x180$" &&
	! grep -q "sample_regs_intr" rbase.attr
}
proof_record_sample_cpu() {
	rec scpu --sample-cpu -e task-clock -- true &&
	test "$(sample_type scpu)" = "IP|TID|TIME|CPU|PERIOD"
}
proof_record_sample_identifier() {
	rec sid --sample-identifier -e task-clock -- true &&
	test "$(sample_type sid)" = "IP|TID|TIME|PERIOD|IDENTIFIER"
}
proof_record_phys_data() {
	rec phys --phys-data -e task-clock -- true &&
	test "$(sample_type phys)" = "IP|TID|TIME|PERIOD|PHYS_ADDR"
}
proof_record_data_page_size() {
	rec dps --data-page-size -e task-clock -- true &&
	test "$(sample_type dps)" = "IP|TID|TIME|PERIOD|DATA_PAGE_SIZE"
}
proof_record_code_page_size() {
	rec cps --code-page-size -e task-clock -- true &&
	test "$(sample_type cps)" = "IP|TID|TIME|PERIOD|CODE_PAGE_SIZE"
}
# perf prints no name for TRANSACTION in headers: the open shows it.
proof_record_transaction() {
	opened tx --transaction -e task-clock -- true &&
	grep -q "sample_type=PERF_SAMPLE_IP|PERF_SAMPLE_TID|PERF_SAMPLE_TIME|PERF_SAMPLE_PERIOD|PERF_SAMPLE_TRANSACTION," tx.st
}
proof_record_running_time() {
	rec rt --running-time -e task-clock -- true &&
	attr rt | grep -q "read_format = TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|LOST," &&
	grep -q "read_format = ID|LOST," rbase.attr
}
proof_record_kernel_callchains() {
	rec kc -g --kernel-callchains -e task-clock -- true &&
	attr kc | grep -q "exclude_callchain_user = 1" &&
	rec kc0 -g -e task-clock -- true &&
	! attr kc0 | grep -q "exclude_callchain"
}
proof_record_user_callchains() {
	rec uc -g --user-callchains -e task-clock -- true &&
	attr uc | grep -q "exclude_callchain_kernel = 1" &&
	! attr uc | grep -q "exclude_callchain_user"
}
proof_record_no_samples() {
	rec ns0 -n -e task-clock -- "$HELPERS/demo" 5 &&
	! attr ns0 | grep -q "sample_freq }" &&
	! "$PROF" report --stats -i ns0.data | grep "SAMPLE events"
}
proof_record_switch_events() {
	rec sw --switch-events -e task-clock -- sleep 0.01 &&
	attr sw | grep -q "context_switch = 1" &&
	"$PROF" report --stats -i sw.data | grep -E -q "SWITCH events: +[1-9]" &&
	! grep -q "context_switch" rbase.attr
}
proof_record_no_bpf_event() {
	rec nbpf --no-bpf-event -e task-clock -- true &&
	! attr nbpf | grep -q "bpf_event" &&
	grep -q "bpf_event = 1" rbase.attr
}
proof_record_no_buffering() {
	rec nbuf --no-buffering -e task-clock -- true &&
	attr nbuf | grep -q "{ wakeup_events, wakeup_watermark } = 1$" &&
	! grep -q "wakeup_events" rbase.attr
}
proof_record_group() {
	rec grp --group -e task-clock -e page-faults -- true &&
	attr grp >grp.attr &&
	grep -q "^# group: {task-clock,page-faults}$" grp.hdr &&
	grep "name = page-faults" grp.attr >grp.member &&
	! grep -q "disabled = 1" grp.member &&
	rec grp0 -e task-clock -e page-faults -- true &&
	attr grp0 | grep "name = page-faults" | grep -q "disabled = 1"
}
proof_record_strict_freq() {
	max=$(cat /proc/sys/kernel/perf_event_max_sample_rate) &&
	test_expect_code 234 "$PROF" record -o sf.data --strict-freq -F $((max + 1)) \
		-e task-clock -- true 2>sf.err &&
	grep -q "^error: Maximum frequency rate ($max Hz) exceeded.$" sf.err &&
	! test -e sf.data &&
	rec sf0 -F $((max + 1)) -e task-clock -- true &&
	grep -q "throttling from $((max + 1)) Hz to $max Hz" sf0.err
}
proof_record_dry_run() {
	"$PROF" record --dry-run -o dry.data -e task-clock -- true >dry.out 2>&1 &&
	! test -e dry.data && ! test -s dry.out &&
	test_expect_code 129 "$PROF" record --dry-run -j bogus -- true 2>dry.err
}
# prof itself runs SCHED_FIFO, not the workload (as perf).
proof_record_realtime() {
	rec rtp -r 3 -e task-clock -- sh -c "chrt -p \$PPID; chrt -p \$\$" &&
	grep -q "^pid [0-9]*.s current scheduling policy: SCHED_FIFO$" rtp.out &&
	grep -q "^pid [0-9]*.s current scheduling priority: 3$" rtp.out &&
	test "$(grep -c SCHED_OTHER rtp.out)" = 1 &&
	test_expect_code 255 "$PROF" record -o rtp2.data -r 200 -e task-clock -- true 2>rtp2.err &&
	grep -q "^Could not set realtime priority.$" rtp2.err
}
# One sample at most: only the kernel and [vdso] were hit.
proof_record_buildid_all() {
	rec bia --buildid-all -e page-faults -c 100000000 -- true &&
	"$PERF" buildid-list -i bia.data >bia.list &&
	grep -q "/true$" bia.list &&
	rec bia0 -e page-faults -c 100000000 -- true &&
	"$PERF" buildid-list -i bia0.data >bia0.list &&
	! grep -q "/true$" bia0.list
}
proof_record_exclude_perf() {
	strace -f -qq -e trace=ioctl -o xp.st "$PROF" record -o xp.data \
		-e sched:sched_process_exec --exclude-perf -- true >/dev/null 2>&1 &&
	pid=$(sed -n "s/^\([0-9]*\) .*PERF_EVENT_IOC_SET_FILTER, \"common_pid != \([0-9]*\)\".*/\1 \2/p" xp.st | sort -u) &&
	test -n "$pid" && test "${pid% *}" = "${pid#* }" &&
	test_expect_code 129 "$PROF" record --exclude-perf -e task-clock true 2>xp.err &&
	grep -q "^--exclude-perf option should follow a -e tracepoint option$" xp.err
}
proof_record_vmlinux() {
	test_expect_code 234 "$PROF" record -o vm.data --vmlinux=/nonexistent \
		-e task-clock -- true 2>vm.err &&
	grep -q "^Invalid file: /nonexistent$" vm.err &&
	rec vm1 --vmlinux="$HELPERS/demo" -e task-clock -- true &&
	"$PERF" buildid-list -i vm1.data >vm1.list &&
	grep -q " $HELPERS/demo$" vm1.list &&
	! grep -q "kernel.kallsyms" vm1.list
}
# --debuginfod: DEBUGINFOD_URLS is the option's (emptied without it), and
# caching a binary without a /usr/lib/debug file asks the server for one
# (a real server: t0338); without libdebuginfod, perf's warning.
proof_record_debuginfod() {
	if have_feature debuginfod; then
		DEBUGINFOD_CACHE_PATH=$TRASH/dbg.dc DEBUGINFOD_URLS=http://127.0.0.1:9 \
			rec dbg0 -v --buildid-all -e task-clock -- true &&
		grep -q "^DEBUGINFOD_URLS=$" dbg0.err &&
		! grep -q "^Downloading debug info" dbg0.err &&
		DEBUGINFOD_CACHE_PATH=$TRASH/dbg.dc rec dbg -v --buildid-all \
			--debuginfod=http://127.0.0.1:9 -e task-clock -- true &&
		grep -q "^DEBUGINFOD_URLS=http://127.0.0.1:9$" dbg.err &&
		grep -q "^Downloading debug info with build id $("$PROF" buildid-list -i /bin/true)$" dbg.err
	else
		rec dbg --debuginfod -e task-clock -- true &&
		grep -q "^WARNING: debuginfod support requested, but prof is not built with it$" dbg.err &&
		! grep -q "debuginfod" rbase.err
	fi
}
# -D: the events wait (tracking goes to a dummy event enabled at exec);
# -1 keeps them off, ranges turn them on and off.
proof_record_delay() {
	rec dl -D 100 -e task-clock -- sh -c "sleep 0.4; \"$HELPERS/demo\" 50" &&
	grep -q "^Events disabled$" dl.err && grep -q "^Events enabled$" dl.err &&
	attr dl >dl.attr &&
	grep "name = task-clock" dl.attr | grep -q "sample_type = IP|TID|TIME|PERIOD|IDENTIFIER," &&
	! grep "name = task-clock" dl.attr | grep -q "enable_on_exec" &&
	grep "name = dummy:HG" dl.attr | grep -q "enable_on_exec = 1, task = 1" &&
	rec dl1 -D -1 -e task-clock -- "$HELPERS/demo" 50 &&
	! grep -q "^Events enabled$" dl1.err &&
	! "$PROF" report --stats -i dl1.data | grep "SAMPLE events" &&
	rec dl2 -D 1-2,3000-4000 -e task-clock -- sh -c "sleep 0.2; \"$HELPERS/demo\" 50" &&
	test "$(grep -c "^Events disabled$" dl2.err)" = 2 &&
	test_expect_code 129 "$PROF" record -D 0 -e task-clock true 2>/dev/null &&
	test_expect_code 129 "$PROF" record -D 20-10 -e task-clock true 2>/dev/null
}
# nrecords NAME TYPE: the number of TYPE records in NAME.data (0 when none).
nrecords() {
	"$PROF" report --stats -i "$1.data" >"$1.stats" &&
	_n=$(sed -n "s/^ *$2 events: *\([0-9]*\) .*/\1/p" "$1.stats" | head -n 1) &&
	echo "${_n:-0}"
}
# What existed before: none of it, the threads only, all of it.
proof_record_synth() {
	start_busy &&
	{ rec sy0 --synth=no -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || sret=$?; } &&
	{ rec sy1 --synth=task -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || sret=$?; } &&
	{ rec sy2 -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || sret=$?; } &&
	stop_busy && test "${sret:-0}" = 0 &&
	test "$(nrecords sy0 COMM)" = 0 && test "$(nrecords sy0 MMAP2)" = 0 &&
	test "$(nrecords sy1 COMM)" -gt 0 && test "$(nrecords sy1 MMAP2)" = 0 &&
	test "$(nrecords sy2 MMAP2)" -gt 0 &&
	test_expect_code 129 "$PROF" record --synth=bogus true 2>sy.err &&
	grep -q "^Invalid synth option: bogus$" sy.err
}
# first_offset NAME TYPE: the file offset of NAME.data's first TYPE record.
first_offset() {
	"$PROF" report -D -i "$1.data" >"$1.dump" &&
	sed -n "s/^[0-9]* \(0x[0-9a-f]*\) \[0x[0-9a-f]*\]: PERF_RECORD_$2[ (:].*/\1/p" "$1.dump" |
		awk "{ print length(\$1), \$1 }" | sort -k1,1n -k2,2 | head -n 1 | cut -d" " -f2
}
# The state before the recording is written after its samples.
proof_record_tail_synthesize() {
	start_busy &&
	{ rec ts1 --tail-synthesize -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || tret=$?; } &&
	stop_busy && test "${tret:-0}" = 0 &&
	s=$(first_offset ts1 SAMPLE) && m=$(first_offset ts1 MMAP2) &&
	test -n "$s" && test -n "$m" && test $((s)) -lt $((m)) &&
	s=$(first_offset rbase SAMPLE) && m=$(first_offset rbase MMAP) &&
	test $((m)) -lt $((s))
}
# 0 ms: the first map read is already too late.
proof_record_proc_map_timeout() {
	start_busy &&
	{ rec pmt --proc-map-timeout=0 -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || pret=$?; } &&
	{ rec pmt0 -e task-clock -p "$(cat busy.pid)" -- sleep 0.1 || pret=$?; } &&
	stop_busy && test "${pret:-0}" = 0 &&
	grep -q "^Reading /proc/$(cat busy.pid)/task/$(cat busy.pid)/maps time out. You may want to increase the time limit by --proc-map-timeout$" pmt.err &&
	test "$(nrecords pmt MMAP2)" = 1 &&
	! grep -q "time out" pmt0.err && test "$(nrecords pmt0 MMAP2)" -gt 1
}
proof_record_num_thread_synthesize() {
	strace -f -qq -e trace=clone,clone3 -o nts.st "$PROF" record -q -o nts.data \
		--num-thread-synthesize=3 -a -e task-clock -- true &&
	strace -f -qq -e trace=clone,clone3 -o nts0.st "$PROF" record -q -o nts0.data \
		-a -e task-clock -- true &&
	test "$(grep -c "clone" nts.st)" = $(($(grep -c "clone" nts0.st) + 3))
}
proof_record_all_cgroups() {
	rec acg --all-cgroups -e task-clock -- true &&
	test "$(sample_type acg)" = "IP|TID|TIME|PERIOD|CGROUP" &&
	attr acg | grep -q "cgroup = 1" &&
	test "$(nrecords acg CGROUP)" -gt 0 &&
	test "$(nrecords rbase CGROUP)" = 0
}
# The event opens on the cgroup's directory (the root one here), on CPUs only.
proof_record_cgroup() {
	strace -f -qq -v -e trace=perf_event_open -o cg.st "$PROF" record -q -o cg.data \
		-a -e task-clock -G / -- sleep 0.1 &&
	grep -q "config=PERF_COUNT_SW_TASK_CLOCK, .*, PERF_FLAG_PID_CGROUP|PERF_FLAG_FD_CLOEXEC)" cg.st &&
	! grep -q "config=PERF_COUNT_SW_DUMMY, .*PERF_FLAG_PID_CGROUP" cg.st &&
	test_expect_code 129 "$PROF" record -e task-clock -G / -- true 2>cg.err &&
	grep -q "^  Error: cgroup monitoring only available in system-wide mode$" cg.err &&
	test_expect_code 129 "$PROF" record -G / -a -e task-clock -- true 2>cg2.err &&
	grep -q "^must define events before cgroups$" cg2.err
}
# The maps carry the build-ids (the kernel's too); no BUILD_ID feature.
proof_record_buildid_mmap() {
	rec bim --buildid-mmap -e task-clock -- "$HELPERS/demo" 5 &&
	attr bim | grep -q "build_id = 1" &&
	grep -q "^# missing features:.* BUILD_ID " bim.hdr &&
	"$PROF" report -D -i bim.data >bim.dump &&
	grep -q "PERF_RECORD_MMAP2 -1/0: \[0x[0-9a-f]*(0x[0-9a-f]*) @ 0x[0-9a-f]* <[0-9a-f]*>\]: ---p \[kernel.kallsyms\]_text$" bim.dump &&
	grep -q "PERF_RECORD_MMAP2 [0-9/]*: \[.* <[0-9a-f]*>\]: r-xp .*/demo$" bim.dump &&
	! grep -q "build_id = 1" rbase.attr
}
# prof opens no AUX area event (intel_pt and the like): perf's refusal.
proof_record_aux_sample() {
	test_expect_code 234 "$PROF" record -o aux.data --aux-sample -e task-clock -- true 2>aux.err &&
	grep -q "^No AUX area event to sample$" aux.err
}
# rounds NAME: the FINISHED_ROUND records of NAME.data.
rounds() {
	"$PROF" report --stats -i "$1.data" >"$1.stats" &&
	sed -n "s/^ *FINISHED_ROUND events: *\([0-9]*\) .*/\1/p" "$1.stats"
}
# pinged NAME ARGS: record demo while a control FIFO is pinged 20 times,
# 50 ms apart: each ping wakes record, which drains what is due.
pinged() {
	_n=$1 &&
	shift &&
	rm -f "$_n.ctl" && mkfifo "$_n.ctl" &&
	"$PROF" record -o "$_n.data" --control="fifo:$_n.ctl" -e task-clock "$@" -- sh -c \
		"\"$HELPERS/demo\" 100000 & d=\$!; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			echo ping >$_n.ctl; sleep 0.05; done; kill \$d" >"$_n.out" 2>"$_n.err"
}
proof_record_max_size() {
	test_expect_code 143 rec msz -m 1 --max-size=8K -e task-clock -- "$HELPERS/demo" 100000 &&
	grep -q "^\[ perf record: perf size limit reached ([0-9]* KB), stopping session \]$" msz.err &&
	"$PROF" report --stats -i msz.data | grep -E -q "SAMPLE events: +[1-9]"
}
proof_record_overwrite() {
	rec ow --overwrite -m 1 -e task-clock -F 4000 -- "$HELPERS/demo" 500 &&
	attr ow | grep -q "write_backward = 1" &&
	! grep -q "write_backward" rbase.attr &&
	"$PROF" report --stats -i ow.data >ow.stats &&
	n=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\) .*/\1/p" ow.stats) &&
	test "$n" -gt 0 && test "$n" -le $(($(getconf _NPROCESSORS_ONLN) * 4096 / 40))
}
proof_record_snapshot() {
	test_expect_code 234 "$PROF" record -o snap.data -S -e task-clock true 2>snap.err &&
	grep -q -x -F -- "No AUX area tracing to snapshot" snap.err &&
	test_expect_code 234 "$PROF" record -o snap.data --snapshot=e -e task-clock true 2>snap.err
}
proof_record_timestamp_filename() {
	mkdir -p tsf.d &&
	(cd tsf.d && "$PROF" record -o x.data --timestamp-filename -e task-clock true 2>err) &&
	ls tsf.d/x.data.20* >tsf.files &&
	test $(wc -l <tsf.files) = 1 && ! test -e tsf.d/x.data &&
	grep -q "^\[ perf record: Captured and wrote .* x.data.<timestamp> (.*samples) \]$" tsf.d/err
}
proof_record_timestamp_boundary() {
	rec tb --buildid-all --timestamp-boundary -e task-clock -- "$HELPERS/demo" 20 &&
	rec tb0 --buildid-all -e task-clock -- "$HELPERS/demo" 20 &&
	"$PROF" report --header-only -i tb.data | grep "^# time of first sample : [1-9]" &&
	"$PROF" report --header-only -i tb0.data | grep -q "^# time of first sample : 0.000000$"
}
proof_record_switch_max_files() {
	mkdir -p smf.d && (cd smf.d && "$PROF" record -o sw.data --switch-output=2K \
		--switch-max-files=2 -m 1 -e task-clock -F 4000 -- "$HELPERS/demo" 300 2>err) &&
	test $(grep -c "^\[ perf record: Dump sw.data.20" smf.d/err) -ge 3 &&
	ls smf.d/sw.data.20* >smf.files &&
	test $(wc -l <smf.files) = 2
}
proof_record_switch_output_event() {
	mkdir -p soe.d && (cd soe.d && "$PROF" record -o e.data \
		--switch-output-event=sched:sched_process_exec -e task-clock \
		-- sh -c "/bin/true; sleep 0.2; /bin/true; sleep 0.2; /bin/true" 2>err) &&
	ls soe.d/e.data.20* >soe.files &&
	test $(wc -l <soe.files) -ge 2 &&
	grep -q "^\[ perf record: dump data: Woken up" soe.d/err
}
proof_record_threads() {
	test_expect_code 255 "$PROF" record -o thr.data --threads -e task-clock true 2>thr.err &&
	grep -q "^--threads: prof does not write perf.s directory format" thr.err &&
	! test -e thr.data
}
proof_record_aio() {
	strace -f -qq -e trace=pwrite64 -o aio.st "$PROF" record -o aio.data --aio=2 \
		-e task-clock -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	strace -f -qq -e trace=pwrite64 -o aio0.st "$PROF" record -o aio0.data \
		-e task-clock -- "$HELPERS/demo" 50 >/dev/null 2>&1 &&
	test $(grep pwrite64 aio.st | cut -d" " -f1 | sort -u | wc -l) -ge 2 &&
	test $(grep pwrite64 aio0.st | cut -d" " -f1 | sort -u | wc -l) = 1 &&
	"$PROF" report --stdio -i aio.data >aio.rep &&
	grep -q hot_loop aio.rep
}
proof_record_affinity() {
	strace -qq -e trace=sched_setaffinity -o aff.st "$PROF" record -o aff.data \
		--affinity=cpu -e task-clock -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	strace -qq -e trace=sched_setaffinity -o aff0.st "$PROF" record -o aff0.data \
		-e task-clock -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	grep -q "^sched_setaffinity(0, [0-9]*, \[[0-9]*\]) *= 0" aff.st &&
	! grep -q "^sched_setaffinity" aff0.st
}
proof_record_mmap_flush() {
	pinged mf --mmap-flush=64K &&
	pinged mf0 &&
	test "$(rounds mf)" -le 8 && test "$(rounds mf0)" -ge 10
}
proof_record_control() {
	rm -f ctl.fifo ack.fifo && mkfifo ctl.fifo ack.fifo &&
	{ timeout 20 "$PROF" record -o ctl.data --control=fifo:ctl.fifo,ack.fifo \
		-e task-clock -- sleep 10 >ctl.out 2>ctl.err & } &&
	p=$! &&
	{ timeout 20 head -c 10 ack.fifo >acks & } &&
	h=$! &&
	printf "ping\n" >ctl.fifo && sleep 0.2 && printf "stop\n" >ctl.fifo &&
	wait $h &&
	{ wait $p || rc=$?; } &&
	test "${rc:-0}" = 143 &&
	printf "ack\n\000ack\n\000" >acks.expect &&
	cmp acks.expect acks &&
	"$PROF" report --header-only -i ctl.data >/dev/null
}
proof_record_kcore() {
	test_expect_code 255 "$PROF" record -o kc.data --kcore -e task-clock true 2>kc.err &&
	if test -r /proc/kcore; then
		grep -q "^--kcore: prof does not write perf.s directory format" kc.err
	else
		grep -q -x -F -- "ERROR: kcore is not readable." kc.err
	fi
}
proof_record_off_cpu() {
	"$PROF" record -o oc.data --off-cpu -e dummy sleep 0.2 2>oc.err &&
	"$PROF" evlist -i oc.data >oc.evlist &&
	grep -q -x offcpu-time oc.evlist &&
	"$PROF" script -i oc.data -F comm,period,event >oc.script &&
	grep -q "sleep .* offcpu-time:" oc.script
}
proof_record_off_cpu_thresh() {
	# a 200 ms sleep: summed at the dummy time under 500 ms, its own above 100
	"$PROF" record -o oct.data --off-cpu -e dummy sleep 0.2 2>oct.err &&
	"$PROF" script -i oct.data -F time,event >oct.script &&
	grep -q "18446744069.414584: *offcpu-time:" oct.script &&
	"$PROF" record -o oct.data --off-cpu --off-cpu-thresh 100 -e dummy sleep 0.2 2>oct.err &&
	"$PROF" script -i oct.data -F time,event >oct.script &&
	grep -q offcpu-time oct.script &&
	! grep -q "18446744069.414584: *offcpu-time:" oct.script
}
proof_record_clang_path() {
	test_expect_code 255 "$PROF" record -o cl.data --clang-path=/usr/bin/clang \
		-e task-clock true 2>cl.err &&
	grep -q "^--clang-path: prof does not compile BPF scriptlets" cl.err
}
proof_record_clang_opt() {
	test_expect_code 255 "$PROF" record -o cl.data --clang-opt=-O2 -e task-clock true 2>cl.err &&
	grep -q "^--clang-opt: prof does not compile BPF scriptlets" cl.err
}

# --- report -----------------------------------------------------------
proof_report_input() {
	mkdir -p input.d && cp rec.data input.d/perf.data &&
	(cd input.d && "$PROF" report --stdio >../in.out 2>/dev/null) &&
	grep -v "^# (Tip:" base >base.notip && grep -v "^# (Tip:" in.out >in.notip &&
	test_cmp base.notip in.notip &&
	(cd input.d && test_must_fail "$PROF" report --stdio --input nosuch.data 2>../in.err) &&
	grep -q "nosuch.data" in.err
}
proof_report_verbose() {
	rep v -v -g none &&
	entries v | grep -q " 0x[0-9a-f]* .* \[\.\] hot_loop$" &&
	! entries base | grep -q " 0x[0-9a-f]* "
}
proof_report_quiet() {
	rep q -q &&
	! grep -q "^#" q && grep -q "^#" base &&
	entries q | grep -q hot_loop
}
proof_report_dump_raw_trace() {
	rep d -D &&
	grep -q "PERF_RECORD_SAMPLE" d && ! grep -q "PERF_RECORD_SAMPLE" base
}
proof_report_stats() {
	rep s --stats &&
	grep -q "TOTAL events:" s && ! grep -q "TOTAL events:" base
}
proof_report_threads() {
	rep t -T &&
	grep -q "^# PID  TID" t && ! grep -q "^# PID  TID" base
}
proof_report_pretty() {
	rep praw -T --pretty raw &&
	rep pnorm -T --pretty normal &&
	grep -q "^# PID  TID  Name  Raw  Count$" praw && ! grep -q "Name" pnorm &&
	grep -q "^# PID  TID" pnorm
}
proof_report_show_ref_call_graph() {
	"$PROF" record -q -g -e task-clock -e page-faults/call-graph=no/ -o ref.data \
		-- "$HELPERS/demo" 5 >/dev/null 2>&1 &&
	"$PROF" report --stdio -i ref.data --no-children --show-ref-call-graph >sref &&
	"$PROF" report --stdio -i ref.data --no-children >sref0 &&
	grep -q "call-graph=no/., show reference callgraph$" sref &&
	! grep -q "show reference" sref0
}
proof_report_force() {
	mkdir -p own.d && cp rec.data own.d/perf.data && chown nobody own.d/perf.data &&
	(cd own.d && test_expect_code 255 "$PROF" report --stdio 2>../own.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" own.err &&
	(cd own.d && "$PROF" report --stdio -f >../own.out 2>/dev/null) &&
	grep -q hot_loop own.out
}
# Kernel symbols: one kernel sample address of rec.data, a vmlinux that
# names the page around it _Z5kfakev (with the running kernel's build-id,
# or prof would refuse it as perf does) and a kallsyms that names it ksfake.
kernel_fakes() {
	test -s kfake.vmlinux && return 0
	ip=$("$PROF" report -D -i rec.data | sed -n "s/.*PERF_RECORD_SAMPLE(IP, 0x1): [0-9]*\/[0-9]*: \(0xffff[0-9a-f]*\) .*/\1/p" | head -n 1) &&
	test -n "$ip" &&
	page=${ip%???}000 && hi=${page%????????} && lo=${page#$hi} &&
	end=$hi$(printf "%08x" $((0x$lo + 0x1000))) &&
	bid=$("$PERF" buildid-list -i rec.data | awk "/kernel.kallsyms/ { print \$1 }") &&
	test -n "$bid" &&
	printf "\t.text\n\t.globl _Z5kfakev\n\t.type _Z5kfakev, @function\n_Z5kfakev:\n\t.skip 0x1000\n\t.size _Z5kfakev, 0x1000\n" >kfake.s &&
	as -o kfake.o kfake.s &&
	ld -Ttext="$page" -e 0 --build-id="0x$bid" -o kfake.vmlinux kfake.o &&
	prev=$hi$(printf "%08x" $((0x$lo - 0x1000))) &&
	ld -Ttext="$prev" -e 0 --build-id="0x$bid" -o kend.vmlinux kfake.o &&
	echo "$ip" >kfake.ip &&
	printf "%s T ksfake\n%s T ksfake_end\n" "${page#0x}" "${end#0x}" >kfake.kallsyms
}
proof_report_vmlinux() {
	kernel_fakes &&
	rep kv -k kfake.vmlinux -g none &&
	grep -q "\[k\] _Z5kfakev" kv && ! grep -q "_Z5kfakev" base &&
	# a vmlinux whose .text ends where the sample page starts: the
	# linker's labels at its end (_end...) name nothing past it, as in perf
	rep ke -k kend.vmlinux -g none &&
	grep -q "\[k\] $(cat kfake.ip)\$" ke &&
	! grep -E -q "\[k\] (_end|_edata|__bss_start)\$" ke &&
	test_expect_code 234 "$PROF" report --stdio -i rec.data -k /nonexistent 2>kv.err &&
	grep -q "^Invalid file: /nonexistent$" kv.err
}
proof_report_ignore_vmlinux() {
	kernel_fakes &&
	mkdir -p vmlinux.d && cp kfake.vmlinux vmlinux.d/vmlinux &&
	(cd vmlinux.d && "$PROF" report --stdio -i ../rec.data -g none >../iv0 2>/dev/null) &&
	(cd vmlinux.d && "$PROF" report --stdio -i ../rec.data -g none --ignore-vmlinux \
		>../iv 2>/dev/null) &&
	grep -q "_Z5kfakev" iv0 && ! grep -q "_Z5kfakev" iv
}
proof_report_kallsyms() {
	kernel_fakes &&
	rep ks --kallsyms kfake.kallsyms -g none &&
	grep -q "\[k\] ksfake$" ks && ! grep -q "ksfake" base
}
# On a terminal the browser opens unless --stdio; with TERM=dumb the text
# report prints unless --tui. A build without ncursesw says so for --tui.
proof_report_stdio() {
	pty "PAGER=cat TERM=xterm $PROF report --stdio -i rec.data" </dev/null >st.out 2>&1 &&
	grep -q "^# Children" st.out &&
	if have_feature libncursesw; then
		(sleep 1 && printf q) | pty "PAGER=cat TERM=xterm $PROF report -i rec.data" >tui.out 2>&1 &&
		! grep -q "^# Children" tui.out
	fi
}
proof_report_tui() {
	if have_feature libncursesw; then
		pty "PAGER=cat TERM=dumb $PROF report -i rec.data" </dev/null >dumb.out 2>&1 &&
		grep -q "^# Children" dumb.out &&
		(sleep 1 && printf q) | pty "PAGER=cat TERM=dumb $PROF report --tui -i rec.data" >dtui.out 2>&1 &&
		! grep -q "^# Children" dtui.out
	else
		rep nt --tui && grep -q "built without ncursesw" nt.err
	fi
}
proof_report_sort() {
	rep s -s pid -g none --no-children &&
	grep -q "^# Overhead  *Pid:Command" s &&
	entries s | grep -q "[0-9]:demo *$"
}
proof_report_fields() {
	rep fields -F overhead,sym -g none &&
	grep -q "^# Overhead  Symbol" fields
}
proof_report_show_nr_samples() {
	rep n -n -g none &&
	grep -q "^# Children      Self       Samples" n &&
	! grep -q "Samples  Command" base
}
proof_report_show_total_period() {
	rep p --show-total-period -g none &&
	grep -q "Period" p && ! grep -q "Period" base
}
proof_report_percent_limit() {
	rep pl --percent-limit 20 --no-children -g none &&
	rep pl0 --no-children -g none &&
	test $(entries pl | wc -l) -lt $(entries pl0 | wc -l) &&
	! entries pl | grep -q -v -E "^ +([2-9][0-9]|100)\."
}
proof_report_stdio_color() {
	rep stdcol --stdio-color always --no-children -g none &&
	rep stdnocol --stdio-color never --no-children -g none &&
	grep -q "$(printf "\033")\[3[12]m" stdcol &&
	! grep -q "$(printf "\033")" stdnocol
}
proof_report_percentage() {
	rep pa --comms sh --no-children -g none &&
	rep pr --comms sh --percentage relative --no-children -g none &&
	entries pr | head -1 >pr.1 && entries pa | head -1 >pa.1 &&
	! test_cmp pa.1 pr.1
}
proof_report_children() {
	rep c --no-children -g none &&
	! grep -q "Children" c && grep -q "^# Children" base
}
proof_report_call_graph() {
	rep cg -g none &&
	grep -q -- "---" base && ! grep -q -- "---" cg
}
proof_report_branch_stack() {
	rep b -b &&
	grep -q "^Selected -b but no branch data. Did you call perf record without -b?$" b.err &&
	! grep -q "Selected -b" base.err
}
proof_report_inverted() {
	rep gi -G --no-children &&
	rep g0 --no-children &&
	! test_cmp g0 gi
}
proof_report_max_stack() {
	rep ms --max-stack 1 --no-children &&
	rep m0 --no-children &&
	grep -A1 -- "---hot_loop$" m0 | grep -q "^ *main$" &&
	grep -q -- "---hot_loop$" ms &&
	! grep -A1 -- "---hot_loop$" ms | grep -q "^ *main$"
}
proof_report_parent() {
	rep par --parent hot_loop --sort parent -g none &&
	rep par0 --sort parent -g none &&
	entries par | grep -q "hot_loop" && ! entries par0 | grep -q "hot_loop"
}
proof_report_ignore_callees() {
	rep igc --ignore-callees "^main$" --no-children &&
	rep igc0 --no-children &&
	entries igc | grep -q "\[\.\] main$" && ! entries igc | grep -q "\[\.\] hot_loop$" &&
	entries igc0 | grep -q "\[\.\] hot_loop$"
}
proof_report_comms() {
	rep cm -c sh -g none --no-children &&
	entries cm >cm.e && test -s cm.e &&
	! grep -q "hot_loop" cm.e && grep -q "hot_loop" base
}
report_pid() {
	"$PROF" report --stdio -i rec.data --sort pid -g none --no-children -q |
	awk "/:demo/ { sub(/:.*/, \"\", \$2); print \$2; exit }"
}
proof_report_pid() {
	p=$(report_pid) && test -n "$p" &&
	rep pp --pid "$p" --sort pid -g none &&
	entries pp | grep -q " $p:demo" &&
	! entries pp | grep -v -q " $p:demo"
}
proof_report_tid() {
	p=$(report_pid) && test -n "$p" &&
	rep tt --tid "$p" --sort tid -g none &&
	entries tt | grep -q " $p:demo" &&
	! entries tt | grep -v -q " $p:demo"
}
proof_report_dsos() {
	rep ds -d demo -g none --no-children &&
	entries ds | grep -q "hot_loop" &&
	! entries ds | grep -q "sym_"
}
proof_report_symbols() {
	rep sy -S hot_loop -g none --no-children &&
	rep sy0 -g none --no-children &&
	test $(entries sy | wc -l) = 1 &&
	test "$(entries sy | awk "{ print \$1 }")" = \
	     "$(entries sy0 | awk "/hot_loop/ { print \$1 }")"
}
# Under an empty --symfs (build-id cache included) nothing resolves.
unresolved() {
	_o=$1 &&
	shift &&
	mkdir -p nosymfs &&
	"$PROF" report --stdio -i rec.data --symfs "$TRASH/nosymfs" \
		-g none --no-children "$@" >"$_o" 2>"$_o.err"
}
proof_report_hide_unresolved() {
	unresolved hu0 &&
	unresolved hu -U &&
	entries hu0 | grep -q "\[\.\] 0x" &&
	! entries hu | grep -q "\[\.\] 0x"
}
proof_report_field_separator() {
	rep fs -t , -g none --no-children &&
	entries fs | grep -q "% *,demo *,demo *,\[\.\] hot_loop$"
}
proof_report_symfs() {
	unresolved sf &&
	! entries sf | grep -q "hot_loop" &&
	entries base | grep -q "hot_loop"
}
proof_report_header() {
	rep h --header &&
	grep -q "^# captured on" h && ! grep -q "^# captured on" base &&
	grep -q "hot_loop" h
}
proof_report_header_only() {
	rep ho --header-only &&
	grep -q "^# captured on" ho && ! grep -q "hot_loop" ho
}
proof_report_show_info() {
	rep i --header-only -I &&
	rep i0 --header-only &&
	grep -q "use -I to display" i0 && ! grep -q "use -I to display" i
}
proof_report_demangle() {
	rep dm --no-demangle -g none &&
	grep -q "\[\.\] _ZN4prof4workEm" dm && ! grep -q "prof::work" dm &&
	grep -q "\[\.\] prof::work" base
}
proof_report_demangle_kernel() {
	kernel_fakes &&
	rep dk -k kfake.vmlinux --demangle-kernel -g none &&
	grep -q "\[k\] kfake" dk && ! grep -q "_Z5kfakev" dk
}
proof_report_full_source_path() {
	rep sl --sort srcline -g none --no-children &&
	rep slf --sort srcline --full-source-path -g none --no-children &&
	entries sl | grep -q " demo.c:[0-9]" &&
	entries slf | grep -q " /.*/demo.c:[0-9]"
}
# perf expands inlined code in unwound (dwarf) chains only: inl.data.
proof_report_inline() {
	"$PROF" report --stdio -i inl.data --no-children >inl.rep &&
	"$PROF" report --stdio -i inl.data --no-children --no-inline >noinl.rep &&
	grep -q "^ *opt_inlined_caller (inlined)$" inl.rep &&
	! grep -q "(inlined)" noinl.rep
}
test_expect_success PERF_EVENTS 'report --inline keeps the sampled function as perf does' '
	"$PROF" report --stdio -i inl.data --no-children >inl.rep &&
	grep -q -- "---prof::work$" inl.rep
'
# Which unwinder ran shows in the library calls the dynamic linker binds
# (lazily) on the way: libunwind's step, or libdw's call frame tables.
unwinder_bound() {
	grep -q "symbol .dwfl_module_eh_cfi" "$1.libdw" &&
	! grep -q "symbol .dwfl_module_eh_cfi" "$1.libunwind" &&
	grep -q "symbol ._U[A-Za-z0-9_]*_step" "$1.libunwind" &&
	! grep -q "symbol ._U[A-Za-z0-9_]*_step" "$1.libdw"
}
proof_report_unwinder() {
	test_expect_code 129 "$PROF" report --stdio -i inl.data --unwinder=bogus 2>uw.err &&
	grep -q "^unknown unwinder .bogus.: use libdw or libunwind$" uw.err &&
	if have_feature libunwind; then
		for u in libdw libunwind; do
			LD_DEBUG=bindings "$PROF" report --stdio -i inl.data --unwinder=$u \
				2>uw.$u >/dev/null || return 1
		done &&
		unwinder_bound uw
	fi
}

proof_report_time() {
	rep tm --time 0%-50% -g none &&
	grep -q "^# Samples: .* of event .* (time slices: 0%-50%)$" tm &&
	test "$(entries tm | wc -l)" -lt "$(entries base | wc -l)" &&
	test_expect_code 234 "$PROF" report --stdio -i rec.data --time 5,4 >tm.out 2>tm.err &&
	grep -q "^Invalid time string$" tm.err
}
proof_report_cpu() {
	test_must_fail "$PROF" report --stdio -i rec.data -C 0 >cpu.out 2>cpu.err &&
	grep -q "^File does not contain CPU events. Remove -C option to proceed.$" cpu.err &&
	"$PERF" record -q --sample-cpu -e task-clock -o cpu.data -- "$HELPERS/demo" 20 \
		>/dev/null 2>&1 &&
	"$PROF" report --stdio -i cpu.data -s cpu >cpu.all &&
	c=$(entries cpu.all | awk "{ print \$2; exit }") &&
	"$PROF" report --stdio -i cpu.data -s cpu -C "$(expr "$c" + 0)" >cpu.one &&
	test "$(entries cpu.one | wc -l)" = 1 && entries cpu.one | grep -q "100.00%  *$c\$"
}
proof_report_ns() {
	rep tns -s time --ns -g none &&
	rep us -s time -g none &&
	entries tns | grep -q "  [0-9]*\.[0-9]\{9\}$" &&
	entries us | grep -q "  [0-9]*\.[0-9]\{6\}$" &&
	! entries us | grep -q "  [0-9]*\.[0-9]\{9\}$"
}
proof_report_time_quantum() {
	rep q1 -s time --time-quantum 1ms -g none &&
	rep q2 -s time --time-quantum 10s -g none &&
	test "$(entries q2 | wc -l)" -lt "$(entries q1 | wc -l)" &&
	test_expect_code 129 "$PROF" report --stdio -i rec.data --time-quantum 0 2>tq.err &&
	grep -q "^time quantum cannot be 0$" tq.err
}
proof_report_symbol_filter() {
	rep sf --symbol-filter _loop -g none --no-children &&
	entries sf | grep -q hot_loop &&
	! entries sf | grep -v -q _loop &&
	entries base | grep -v -q _loop
}
proof_report_skip_empty() {
	"$PROF" report -i rec.data --stats >se.on &&
	"$PROF" report -i rec.data --stats --no-skip-empty >se.off &&
	grep -q "^ *LOST events: *0 " se.off && ! grep -q "LOST events" se.on
}
# perf's grammar on a file without an AUX trace (l: branch histograms, so
# no samples), a refusal naming the Intel PT file prof cannot decode.
proof_report_itrace() {
	"$PROF" report --stdio -i rec.data >it.none.tip &&
	"$PROF" report --stdio -i rec.data --itrace=i100us >it.i.tip &&
	grep -v "^# (Tip:" it.none.tip >it.none &&
	grep -v "^# (Tip:" it.i.tip >it.i &&
	test_cmp it.none it.i &&
	"$PROF" report --stdio -i rec.data --itrace=l 2>it.l.err &&
	grep -q "^The rec.data data has no samples!$" it.l.err &&
	test_expect_code 129 "$PROF" report --stdio -i rec.data --itrace=i1x 2>it.bad &&
	grep -q "^Bad Instruction Tracing options .i1x.$" it.bad &&
	test_must_fail "$PROF" report --stdio --itrace -i \
		"$SHARED/corpus/perf-data/perf_data_converter/quipper_testdata/perf.data.intel_pt-4.14" \
		2>it.pt &&
	grep -q "^--itrace: .*intel_pt-4.14 holds an AUX area trace" it.pt
}
# perf's default: the running kernel's modules. This kernel has none (no
# /proc/modules), so -m and --no-modules give perf's same report here;
# with modules the maps come from /proc/modules (untested on this VM).
proof_report_modules() {
	"$PROF" report --stdio -i rec.data -m --sort dso >mod.on &&
	"$PROF" report --stdio -i rec.data --no-modules --sort dso >mod.off &&
	"$PERF" report --stdio -i rec.data -m --sort dso >mod.perf &&
	grep -v "^# (Tip" mod.on >mod.on.c && grep -v "^# (Tip" mod.perf >mod.perf.c &&
	test_cmp mod.perf.c mod.on.c &&
	grep -v "^# (Tip" mod.off >mod.off.c &&
	test_cmp mod.on.c mod.off.c
}
proof_report_tasks() {
	"$PROF" report -i rec.data --tasks >tk &&
	grep -q "^#      pid      tid     ppid  comm$" tk &&
	grep -q "^  *[0-9]*  *[0-9]*  *[0-9]* |  *demo$" tk && ! grep -q "r-xp" tk
}
proof_report_mmaps() {
	"$PROF" report -i rec.data --mmaps >mm &&
	grep -q "^#      pid      tid     ppid  comm$" mm &&
	grep -q "^  *[0-9a-f]*-[0-9a-f]* r-xp [0-9a-f]\{8\} [0-9]* .*/demo$" mm
}
proof_report_column_widths() {
	rep cw -w 20,3 -g none --no-children &&
	grep -q "^#             Overhead  Com  " cw &&
	entries cw | grep -q "^ *[0-9.]*%  [a-z]\{3\}  "
}
proof_report_raw_trace() {
	rec rtr -e sched:sched_switch -- sleep 0.01 &&
	"$PROF" report --stdio -i rtr.data -s trace >rtr.fmt &&
	"$PROF" report --stdio -i rtr.data -s trace --raw-trace >rtr.raw &&
	grep -q "==>" rtr.fmt && ! grep -q "==>" rtr.raw &&
	grep -q " prev_state=[0-9]" rtr.raw
}
# two events, as a group and not (evgrp, evtwo)
two_events() {
	test -s evgrp.data && return 0
	rec evgrp -e "{task-clock,page-faults}" -- "$HELPERS/demo" 20 &&
	rec evtwo -e task-clock,page-faults -- "$HELPERS/demo" 20
}
# one table of both events: per thread, wall = on-CPU + off-CPU nanoseconds
proof_report_wall_clock() {
	"$PROF" record -q --off-cpu -e cpu-clock -o wall.data -- sh -c "sleep 0.1; true" &&
	"$PROF" report --stdio -i wall.data >wall.off &&
	"$PROF" report --stdio -i wall.data --wall-clock >wall.on &&
	test "$(grep -c "^# Samples:" wall.off)" = 2 &&
	test "$(grep -c "^# Samples:" wall.on)" = 1 &&
	grep -q "^# Samples: .* of events .cpu-clock, offcpu-time. (wall-clock)$" wall.on &&
	"$PROF" report --stdio -q -i wall.data --wall-clock -g none --sort pid -F period,pid >wall.rows &&
	awk "NF { n++; if (\$1 != \$2 + \$3) bad = 1 } END { exit bad || !n }" wall.rows &&
	test_expect_code 255 "$PROF" report --stdio -i evtwo.data --wall-clock 2>wall.err &&
	grep -q "needs an offcpu-time event" wall.err
}
proof_report_group() {
	two_events &&
	"$PROF" report --stdio -i evtwo.data --group >gr.on &&
	"$PROF" report --stdio -i evgrp.data --no-group >gr.off &&
	grep -q "^# Samples: .* of events .task-clock, page-faults.$" gr.on &&
	test "$(grep -c "^# Samples:" gr.on)" = 1 &&
	test "$(grep -c "^# Samples:" gr.off)" = 2
}
proof_report_group_sort_idx() {
	two_events &&
	"$PROF" report --stdio -i evgrp.data --group-sort-idx 1 >gs &&
	entries gs | head -n 1 | awk "{ print \$2 }" >gs.first &&
	entries gs | awk "{ print \$2 }" | sort -rn | head -n 1 >gs.max &&
	test_cmp gs.max gs.first &&
	test_expect_code 234 "$PROF" report --stdio -i evtwo.data --group-sort-idx 1 2>gs.err &&
	grep -q "^        --group-sort-idx <n>$" gs.err
}
# samples N FILE EVENT: the sample count of EVENT in a report -n
samples() {
	sed -n "s/^# Samples: \\([0-9]*\\) .*$2.*/\\1/p" "$1"
}
proof_report_switch_on() {
	two_events &&
	"$PROF" report --stdio -i evtwo.data >swon.all &&
	"$PROF" report --stdio -i evtwo.data --switch-on page-faults >swon.on &&
	test "$(samples swon.on page-faults)" = $(($(samples swon.all page-faults) - 1)) &&
	test_expect_code 254 "$PROF" report --stdio -i evtwo.data --switch-on nosuch 2>swon.err &&
	grep -q "^ERROR: switch-on event not found (nosuch)$" swon.err
}
# perf's --switch-off alone drops the first sample of that event, no more
proof_report_switch_off() {
	two_events &&
	"$PROF" report --stdio -i evtwo.data >soff.all &&
	"$PROF" report --stdio -i evtwo.data --switch-off task-clock >soff &&
	test "$(samples soff task-clock)" = $(($(samples soff.all task-clock) - 1)) &&
	test_expect_code 254 "$PROF" report --stdio -i evtwo.data --switch-off nosuch 2>soff.err &&
	grep -q "^ERROR: switch-off event not found (nosuch)$" soff.err
}
proof_report_show_on_off_events() {
	two_events &&
	"$PROF" report --stdio -i evtwo.data --switch-on page-faults >oo.hide &&
	"$PROF" report --stdio -i evtwo.data --switch-on page-faults --show-on-off-events >oo.show &&
	test "$(samples oo.show page-faults)" = $(($(samples oo.hide page-faults) + 1))
}
proof_report_show_cpu_utilization() {
	rep cu --show-cpu-utilization -g none --no-children &&
	grep -q "^# Overhead       sys       usr  Command" cu &&
	entries cu | grep -q "^ *\([0-9.]*\)%  *0.00%  *\1%  demo  *demo  *\[\.\] hot_loop$"
}
# rec.data has no CPU samples: socket -1, which no filter matches
proof_report_socket_filter() {
	rep sk --socket-filter 0 -g none &&
	grep -q "^# Processor Socket: 0$" sk &&
	test "$(entries sk | wc -l)" = 0 && test "$(entries base | wc -l)" -gt 0
}
proof_report_exclude_other() {
	rep xo -p hot_loop -x -g none --no-children -s sym &&
	rep xa -p hot_loop -g none --no-children -s sym &&
	entries xo | grep -q hot_loop &&
	! entries xo | grep -q "\[other\]" && entries xa | grep -q "\[other\]"
}
# perf's words where the data is missing; prof's where it lacks the view
proof_report_mem_mode() {
	"$PROF" report --stdio -i rec.data --mem-mode >mem.out 2>mem.err &&
	grep -q "^Selected --mem-mode but no mem data. Did you call perf record without -d?$" mem.err &&
	rec memd -d -e page-faults -c 1 -- "$HELPERS/demo" 1 &&
	test_must_fail "$PROF" report --stdio -i memd.data --mem-mode 2>mem.err &&
	grep -q "^--mem-mode: perf's memory access view is not in prof yet$" mem.err
}
proof_report_branch_history() {
	rec bh -e task-clock -- "$HELPERS/demo" 1 &&
	"$PROF" report --stdio -i bh.data --branch-history >bh.out 2>bh.err &&
	grep -q "^But no callchain or branch data.$" bh.err &&
	test_must_fail "$PROF" report --stdio -i rec.data --branch-history 2>bh.err &&
	grep -q "^--branch-history: perf's branch history view is not in prof yet$" bh.err
}
proof_report_stitch_lbr() {
	rep lbr --stitch-lbr -g none &&
	grep -q "^Can't find LBR callchain. Switch off --stitch-lbr.$" lbr.err &&
	! grep -q "LBR" base.err
}
proof_report_total_cycles() {
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" cycles tc.data "$HELPERS/symtest-nopie" \
		before &&
	"$PROF" report --stdio -i tc.data --total-cycles >tc.out &&
	grep -q "^# Sampled Cycles%  Sampled Cycles  Avg Cycles%  Avg Cycles  " tc.out &&
	grep -q "^ *21.65% *21 *5.04% *7 *\[.*\] *symtest-nopie$" tc.out &&
	"$PROF" report --stdio -i tc.data >tc0.out &&
	! grep -q "Sampled Cycles" tc0.out
}
proof_report_disable_order() {
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" unordered un.data &&
	"$PROF" report -i un.data --stdio -s comm >un.sorted &&
	"$PROF" report -i un.data --stdio -s comm --disable-order >un.file &&
	grep -q "100.00%  second" un.sorted && grep -q "100.00%  first" un.file
}
proof_report_hierarchy() {
	rep hier --hierarchy -g none &&
	grep -q "^#  *Overhead  Command / Shared Object / Symbol$" hier &&
	grep -q "^ \{8,10\}[0-9.]*% \{8\}\[\.\] hot_loop$" hier &&
	grep -q "^ \{2,4\}[0-9.]*% \{8\}demo  *$" hier
}

# --- stat -------------------------------------------------------------
st() {
	_o=$1 &&
	shift &&
	"$PROF" stat "$@" >"$_o.out" 2>"$_o"
}
proof_stat_event() {
	st e -e page-faults -- true &&
	grep -q " page-faults" e && ! grep -q " task-clock" e
}
proof_stat_no_inherit() {
	straced i.st "$PROF" stat -i -e task-clock -- true &&
	straced i0.st "$PROF" stat -e task-clock -- true &&
	grep -q "perf_event_open(.*inherit=1" i0.st &&
	! grep -q "perf_event_open(.*inherit=1" i.st
}
proof_stat_pid() {
	start_busy &&
	{ st p -p "$(cat busy.pid)" -e task-clock -- sleep 0.1 || ret=$?; } &&
	stop_busy && test "${ret:-0}" = 0 &&
	grep -q "^ Performance counter stats for process id .$(cat busy.pid).:" p
}
proof_stat_tid() {
	start_busy &&
	{ st t -t "$(cat busy.pid)" -e task-clock -- sleep 0.1 || ret=$?; } &&
	stop_busy && test "${ret:-0}" = 0 &&
	grep -q "^ Performance counter stats for thread id .$(cat busy.pid).:" t
}
proof_stat_all_cpus() {
	st a -a -e task-clock -- true &&
	grep -q "^ Performance counter stats for .system wide.:" a
}
proof_stat_group() {
	straced g.st "$PROF" stat -g -e task-clock,page-faults -- true &&
	straced g0.st "$PROF" stat -e task-clock,page-faults -- true &&
	grep -E -q "perf_event_open\(.*\}, [0-9]+, -1, [0-9]+, " g.st &&
	! grep -E -q "perf_event_open\(.*\}, [0-9]+, -1, [0-9]+, " g0.st
}
# Scaling shows only when counters multiplex: a dozen instructions
# counters take turns (HWPMU). Unscaled, a counter that ran part of the
# time counts part of the work; scaled back up, as much as one that ran
# all along. -v prints each counter: value, enabled, running.
proof_stat_scale() {
	ev=instructions:u && for i in 1 2 3 4 5 6 7 8 9 10 11; do ev=$ev,instructions:u || return 1; done &&
	"$PROF" stat -v --no-scale -e $ev -- "$HELPERS/demo" 200 2>ns >/dev/null &&
	"$PROF" stat -v -e $ev -- "$HELPERS/demo" 200 2>sc >/dev/null &&
	full=$(awk "/^instructions:u: / { print \$2; exit }" sc) &&
	awk -v full="$full" "/^instructions:u: / && \$4 < \$3 * 0.9 { part++; if (\$2 > full * 0.9) bad++ }
		END { exit !(part > 0 && !bad) }" ns
}
proof_stat_verbose() {
	st v -v -e task-clock -- true &&
	grep -q "^task-clock: [0-9]* [0-9]* [0-9]*$" v
}
proof_stat_repeat() {
	st r -r 2 -e task-clock -- true &&
	grep -q "^ Performance counter stats for .true. (2 runs):" r &&
	grep -q "( +- *[0-9.]*% )" r
}
proof_stat_table() {
	st tb -r 2 --table -e task-clock -- true &&
	grep -q "# Table of individual measurements:" tb
}
proof_stat_null() {
	st n -n -- true &&
	! grep -q "task-clock" n && grep -q "seconds time elapsed" n
}
proof_stat_detailed() {
	st d -d -- true &&
	st d0 -- true &&
	grep -q "L1-dcache-loads" d && ! grep -q "L1-dcache-loads" d0
}
proof_stat_sync() {
	straced sy.st "$PROF" stat -S -e task-clock -- true &&
	straced sy0.st "$PROF" stat -e task-clock -- true &&
	grep -q "^[0-9]* *sync()" sy.st && ! grep -q "sync()" sy0.st
}
# No locale on the test machines groups digits; perf (and prof) apply -B
# through the locale, so what shows is that --no-big-num turns it off
# where a grouping locale exists, else that both parse and agree.
proof_stat_big_num() {
	loc=$(locale -a | grep -i "^en_US.utf-\?8$" | head -n 1) &&
	if test -n "$loc"; then
		LC_ALL=$loc "$PROF" stat -B -e task-clock -- "$HELPERS/demo" 300 2>bn >/dev/null &&
		LC_ALL=$loc "$PROF" stat --no-big-num -e task-clock -- "$HELPERS/demo" 300 2>bn0 >/dev/null &&
		grep -q "[0-9],[0-9][0-9][0-9]\.[0-9]* msec" bn &&
		! grep -q "[0-9],[0-9][0-9][0-9]\.[0-9]* msec" bn0
	else
		st bn -B -e task-clock -- true && st bn0 --no-big-num -e task-clock -- true &&
		grep -q "msec task-clock" bn && grep -q "msec task-clock" bn0
	fi
}
proof_stat_cpu() {
	st c -a -A -C 0 -e task-clock -- true &&
	grep -q "^CPU0 " c && ! grep -q "^CPU[1-9]" c
}
proof_stat_no_aggr() {
	st na -a -A -e task-clock -- true &&
	grep -q "^CPU0 " na &&
	st na0 -a -e task-clock -- true && ! grep -q "^CPU0 " na0
}
proof_stat_field_separator() {
	st x -x, -e task-clock -- true &&
	grep -q "^[0-9.]*,msec,task-clock," x
}
proof_stat_all_kernel() {
	straced ak.st "$PROF" stat --all-kernel -e task-clock -- true &&
	grep -q "exclude_user=1" ak.st && ! grep -q "exclude_user=1" i0.st
}
proof_stat_all_user() {
	straced au.st "$PROF" stat --all-user -e task-clock -- true &&
	grep -q "exclude_kernel=1" au.st && ! grep -q "exclude_kernel=1" i0.st
}
proof_stat_json_output() {
	st j -j -e task-clock -- true &&
	grep -q "^{\"counter-value\" : \"[0-9.]*\", \"unit\" : \"msec\", \"event\" : \"task-clock\"" j
}
proof_stat_cgroup() {
	st cg -a -e task-clock -G / -- true &&
	grep -q " msec task-clock  *\/ " cg &&
	test_must_fail "$PROF" stat -a -G / -e task-clock -- true 2>cg.err &&
	grep -q "^must define events before cgroups$" cg.err
}
proof_stat_output() {
	"$PROF" stat -o so.txt -e task-clock -- true >so.out 2>so.err &&
	grep -q " task-clock" so.txt && ! grep -q "task-clock" so.err
}
proof_stat_append() {
	"$PROF" stat -o ap.txt -e task-clock -- true &&
	"$PROF" stat -o ap.txt --append -e task-clock -- true &&
	test $(grep -c " task-clock" ap.txt) = 2
}
proof_stat_pre() {
	st pre --pre "touch pre.done" -e task-clock -- true &&
	test -e pre.done
}
proof_stat_post() {
	st post --post "touch post.done" -e task-clock -- true &&
	test -e post.done
}
proof_stat_interval_print() {
	st ip -I 100 -e task-clock -- sleep 0.35 &&
	test $(grep -c "^ *[0-9]*\.[0-9]* .* task-clock" ip) -ge 2
}
proof_stat_interval_count() {
	st ic -I 100 --interval-count 1 -e task-clock -- sleep 0.35 &&
	test $(grep -c "^ *[0-9]*\.[0-9]* .* task-clock" ic) = 1
}
proof_stat_timeout() {
	start=$(date +%s) &&
	st to --timeout 100 -e task-clock -- sleep 5 &&
	test $(($(date +%s) - start)) -lt 3 &&
	grep -q " task-clock" to
}
proof_stat_per_socket() {
	st ps -a --per-socket -e task-clock -- true && grep -q "^S[0-9]  " ps
}
proof_stat_per_die() {
	st pd -a --per-die -e task-clock -- true && grep -q "^S[0-9]*-D[0-9]*  " pd
}
proof_stat_per_core() {
	st pc -a --per-core -e task-clock -- true && grep -q "^S[0-9]*-D[0-9]*-C[0-9]*  " pc
}
proof_stat_per_node() {
	st pn -a --per-node -e task-clock -- true && grep -q "^N[0-9]*  " pn
}
proof_stat_per_thread() {
	start_busy &&
	{ st pt --per-thread -p "$(cat busy.pid)" -e task-clock -- sleep 0.1 || ret=$?; } &&
	stop_busy && test "${ret:-0}" = 0 &&
	grep -q "^ *demo-$(cat busy.pid)  " pt
}
proof_stat_delay() {
	st dl -D 50 -e task-clock -- sleep 0.2 &&
	grep -q "^Events disabled$" dl && grep -q "^Events enabled$" dl
}
proof_stat_metrics() {
	test_must_fail "$PROF" stat -M nosuchmetric -- true 2>m.err &&
	grep -q "^Cannot find metric or group .nosuchmetric.$" m.err
}
# The metric events as -v shows them ("Parsing metric events ..."), for a
# CPU named by PERF_CPUID; without the CPU's PMU the events do not open
# (exit 129), as with perf (NOHWPMU), t0201 compares them with perf's.
metric_parse() {
	_o=$1 _id=$2 &&
	shift 2 &&
	test_expect_code 129 env PERF_CPUID=$_id "$PROF" stat -v "$@" -- true 2>"$_o.err" &&
	grep "^Parsing metric events" "$_o.err" >"$_o"
}
proof_stat_metric_no_group() {
	metric_parse mg0 AuthenticAMD-25-11-0 -M l2_cache &&
	metric_parse mg AuthenticAMD-25-11-0 --metric-no-group -M l2_cache &&
	grep -q "{.*}:W" mg0 && ! grep -q "[{}]" mg
}
proof_stat_metric_no_merge() {
	metric_parse mm0 GenuineIntel-6-55-4 -M Power &&
	metric_parse mm GenuineIntel-6-55-4 --metric-no-merge -M Power &&
	! test_cmp mm0 mm
}
proof_stat_metric_only() {
	st mo --metric-only -e task-clock -- true &&
	! grep -q "msec task-clock" mo && grep -q "seconds time elapsed" mo
}
# A PMU alias is named "alias [pmu]" under --no-merge: the msr PMU's tsc
# where it exists; elsewhere the merging itself, in the unit test.
proof_stat_no_merge() {
	if test -r /sys/bus/event_source/devices/msr/events/tsc; then
		st nm --no-merge -e tsc -- true && grep -q " tsc \[msr\] " nm &&
		st nm0 -e tsc -- true && ! grep -q "\[msr\]" nm0
	else
		"${PROF_UNIT_DIR:-$SRCDIR/.build/tests/unit}/t0203-stat-merge" >nm.tap &&
		grep -q "^ok " nm.tap && ! grep -q "^not ok " nm.tap
	fi
}
proof_stat_no_csv_summary() {
	st ns -x, -I 100 --summary --no-csv-summary -e task-clock -- sleep 0.15 &&
	st ns0 -x, -I 100 --summary -e task-clock -- sleep 0.15 &&
	grep -q "^ *summary," ns0 && ! grep -q "summary" ns
}
proof_stat_summary() {
	st su -I 100 --summary -e task-clock -- sleep 0.15 &&
	grep -q "^ Performance counter stats for" su &&
	st su0 -I 100 -e task-clock -- sleep 0.15 &&
	! grep -q "^ Performance counter stats for" su0
}
proof_stat_for_each_cgroup() {
	st fc -a --for-each-cgroup / -e task-clock -- true &&
	grep -q " msec task-clock  *\/ " fc
}
proof_stat_quiet() {
	st qq --quiet -e task-clock -- true &&
	! test -s qq &&
	st qq0 -e task-clock -- true && test -s qq0
}

# like_perf NAME CMD ARGS...: prof and perf exit alike, and where perf
# refuses (on this machine: no such events, no such PMU), with perf's words.
like_perf() {
	_n=$1 &&
	shift &&
	_r=0 && { "$PROF" "$@" >"$_n.prof.out" 2>"$_n.prof" || _r=$?; } &&
	echo "$_r" >"$_n.prof.rc" &&
	_r=0 && { "$PERF" "$@" >"$_n.perf.out" 2>"$_n.perf" || _r=$?; } &&
	echo "$_r" >"$_n.perf.rc" &&
	test_cmp "$_n.perf.rc" "$_n.prof.rc" &&
	if test "$_r" != 0; then
		sed "s/\<perf\>/prof/g" "$_n.perf" >"$_n.perf.p" &&
		test_cmp "$_n.perf.p" "$_n.prof"
	fi
}
# -T: perf's transaction events (cycles-t, tx-start, ...) where the CPU
# has them, else perf's refusal word for word.
proof_stat_transaction() {
	like_perf tx stat -T -e task-clock -- true &&
	if test "$(cat tx.prof.rc)" = 0; then
		grep -q "cycles-t" tx.prof
	else
		grep -q "^Cannot set up transaction events$" tx.prof
	fi
}
# On a terminal, each interval starts with perf's clear-screen and its
# own header; elsewhere the option is refused as perf refuses it.
proof_stat_interval_clear() {
	pty "$PROF stat -I 100 --interval-clear -e task-clock -- sleep 0.35" >ic 2>&1 &&
	pty "$PROF stat -I 100 -e task-clock -- sleep 0.35" >ic0 2>&1 &&
	test $(grep -c "$(printf "\033\\[H\033\\[2J")" ic) -ge 2 &&
	test $(grep -c "# *time *counts unit events" ic) -ge 2 &&
	! grep -q "$(printf "\033")" ic0 &&
	test_expect_code 255 "$PROF" stat -I 100 --interval-clear -e task-clock -- true 2>ic.err &&
	grep -q "^--interval-clear does not work with output$" ic.err
}
proof_stat_log_fd() {
	"$PROF" stat --log-fd 5 -e task-clock -- true 5>lf 2>lf.err &&
	grep -q "Performance counter stats for .true.:" lf &&
	grep -q " task-clock " lf && ! test -s lf.err &&
	test_expect_code 234 "$PROF" stat --log-fd -1 -e task-clock -- true 2>lf1.err &&
	grep -q "^argument to --log-fd must be a > 0$" lf1.err &&
	test_expect_code 234 "$PROF" stat --log-fd 5 -o lf.o -e task-clock -- true 5>/dev/null 2>lf2.err &&
	grep -q "^cannot use both --output and --log-fd$" lf2.err
}
# Counting starts disabled (-D -1); "enable" on the control fifo starts
# it, with perf's message and an ack; "ping" is acked; "evlist" lists.
proof_stat_control() {
	rm -f ctl ack && mkfifo ctl ack &&
	{ "$PROF" stat --control fifo:ctl,ack -D -1 -e task-clock -- "$HELPERS/demo" 1500 \
		>ctl.out 2>ctl.err & } &&
	echo $! >ctl.pid &&
	timeout 10 sh -c "echo enable >ctl" && timeout 10 head -n 1 ack >a1 &&
	timeout 10 sh -c "echo ping >ctl" && timeout 10 head -n 1 ack >a2 &&
	timeout 10 sh -c "echo evlist >ctl" && timeout 10 head -n 1 ack >a3 &&
	wait "$(cat ctl.pid)" &&
	test "$(cat a1 a2 a3)" = "$(printf "ack\nack\nack")" &&
	grep -q "^Events disabled$" ctl.err &&
	grep -q "^Events enabled$" ctl.err &&
	grep -q "^task-clock$" ctl.err &&
	grep -E -q "^ +[0-9.]+ msec task-clock " ctl.err &&
	"$PROF" stat -D -1 -e task-clock -- "$HELPERS/demo" 30 2>ctl0.err >/dev/null &&
	grep -q "<not counted> *msec task-clock" ctl0.err &&
	test_expect_code 129 "$PROF" stat --control fifo:/nonexistent/ctl -- true 2>ctl1.err &&
	grep -q "^Failed to open ./nonexistent/ctl.$" ctl1.err
}
# --topdown needs a CPU-wide target and the core PMU's topdown events;
# where they are missing perf refuses, and so does prof, word for word.
proof_stat_topdown() {
	like_perf td0 stat --topdown -e task-clock -- true &&
	grep -q "^top down event configuration requires system-wide mode (-a)$" td0.prof &&
	like_perf td stat -a --topdown -- true
}
proof_stat_td_level() {
	like_perf tdl stat -a --topdown --td-level 9 -- true &&
	grep -q "^Invalid top-down metrics level. The max level is [12].$" tdl.prof &&
	like_perf tdl1 stat --td-level 1 -e task-clock -- true
}
proof_stat_smi_cost() {
	like_perf smi stat -a --smi-cost -- true &&
	if test "$(cat smi.prof.rc)" != 0; then
		test -s smi.prof
	fi
}
# --iostat: perf's I/O metrics need the uncore IIO PMUs (x86 servers);
# where they exist prof says it has no support for them yet.
proof_stat_iostat() {
	if test -d /sys/bus/event_source/devices/uncore_iio_0; then
		test_expect_code 129 "$PROF" stat --iostat -- true 2>io.prof &&
		grep -q "not supported by prof yet" io.prof
	else
		like_perf io stat --iostat -- true &&
		grep -q "^Unsupported uncore pmu configuration$" io.prof
	fi
}
proof_stat_cputype() {
	if test -d /sys/bus/event_source/devices/cpu_core; then
		test_expect_code 129 "$PROF" stat --cputype core -- true 2>ct.prof &&
		grep -q "not supported by prof yet" ct.prof
	else
		like_perf ct stat --cputype core -- true &&
		grep -q "^--cputype core is not supported!$" ct.prof
	fi
}
# Both act only on events prof and perf here do not have (a 'percore'
# qualifier, hybrid PMUs): the counts stand as without them.
proof_stat_percore_show_thread() {
	like_perf pst stat -a -A --percore-show-thread -e cpu-clock -- true &&
	grep -q "^CPU0 " pst.prof
}
proof_stat_hybrid_merge() {
	like_perf hm stat --hybrid-merge -e task-clock -- true &&
	grep -q " task-clock " hm.prof
}
# --- stat report ------------------------------------------------------
# sr OUT ARGS: prof stat report ARGS of the CPU-wide stat.data into OUT.
sr() {
	_o=$1 &&
	shift &&
	{ test -s stat.data ||
	  "$PROF" stat record -a -o stat.data -e task-clock,page-faults -- sleep 0.05 2>/dev/null; } &&
	"$PROF" stat report "$@" -i stat.data 2>"$_o"
}
proof_stat_report_input() {
	"$PROF" stat record -o in.data -e page-faults -- true 2>/dev/null &&
	"$PROF" stat report --input in.data 2>in.rep &&
	grep -q "^ Performance counter stats for .*stat record -o in.data -e page-faults -- true.:$" in.rep &&
	grep -q " page-faults " in.rep
}
proof_stat_report_per_socket() {
	sr ps --per-socket && grep -q "^S0  .* task-clock " ps && sr p0 && ! grep -q "^S0 " p0
}
proof_stat_report_per_die() {
	sr pd --per-die && grep -q "^S0-D0  .* task-clock " pd
}
proof_stat_report_per_core() {
	sr pc --per-core && grep -q "^S0-D0-C0  .* task-clock " pc
}
proof_stat_report_per_node() {
	sr pn --per-node && grep -q "^N0  .* task-clock " pn
}
proof_stat_report_no_aggr() {
	sr na -A && grep -q "^CPU0  .* task-clock " na && sr na0 && ! grep -q "^CPU0 " na0
}
# A tracepoint filter is the kernel's: pid == 1 lets no exec through.
proof_stat_filter() {
	st fl -a -e sched:sched_process_exec --filter "pid == 1" -- sh -c "/bin/true; /bin/true" &&
	st fl0 -a -e sched:sched_process_exec -- sh -c "/bin/true; /bin/true; exit 0" &&
	# the command's own exec and its two children's, whatever else the box runs
	sed -n "s/^ *\([0-9][0-9,]*\) \+sched:sched_process_exec.*/\1/p" fl0 | tr -d , >fl0.n &&
	test "$(cat fl0.n)" -ge 3 &&
	grep -E -q "^ +0 +sched:sched_process_exec" fl &&
	like_perf fle stat -a -e sched:sched_process_exec --filter "nosuchfield == 1" -- true &&
	like_perf flt stat -e task-clock --filter "x" -- true &&
	like_perf fln stat --filter "x" -- true
}

# stat_events FILE: the event names of a stat output, in order.
stat_events() {
	sed -n "s/^ *\(<not [a-z]*>\|[0-9][0-9.,]*\)\( msec\)\? \+\([^ ]*\).*/\3/p" "$1"
}

# -d appends its cache events to the list there is, the default set's
# or -e's (-dd and -ddd more of them). (Not to -T's or --smi-cost's,
# which need PMU events this machine may not have.)
test_expect_success PERF,PERF_EVENTS 'stat -d with -e appends the detailed events, as perf' '
	for d in -d -dd -ddd
	do
		st "de$d" $d -e task-clock -e page-faults -- true &&
		"$PERF" stat $d -e task-clock -e page-faults -- true 2>"de$d.perf" >/dev/null &&
		stat_events "de$d" >"de$d.ev" &&
		stat_events "de$d.perf" >"de$d.perf.ev" &&
		grep -q "^L1-dcache-loads\$" "de$d.ev" &&
		test_cmp "de$d.perf.ev" "de$d.ev" || return 1
	done &&
	st dd -d -- true &&
	"$PERF" stat -d -- true 2>dd.perf >/dev/null &&
	stat_events dd >dd.ev &&
	stat_events dd.perf >dd.perf.ev &&
	test_cmp dd.perf.ev dd.ev
'

# --- top --------------------------------------------------------------
# Every top run lasts a refresh (a second), so they all start together
# in one test, on a busy process and on one that lives in system calls,
# and each proof reads its files. bg CMD starts CMD in the background
# and notes its pid in bg.pids; topv NAME ARGS starts one top --stdio run.
bg() {
	"$@" &
	echo $! >>bg.pids
}
topv() {
	_n=$1 &&
	shift &&
	bg sh -c '"$PROF" top --stdio -d 1 --refreshes 1 "$@" >"top.$0" 2>"top.$0.err"' "$_n" "$@"
}
# topst NAME ARGS: topv under strace: the events opened and the scheduler
# calls in top.NAME.st.
topst() {
	_n=$1 &&
	shift &&
	bg sh -c 'strace -f -qq -v -e trace=perf_event_open,sched_setscheduler -o "top.$0.st" \
		"$PROF" top --stdio -d 1 --refreshes 1 "$@" >"top.$0" 2>"top.$0.err"' "$_n" "$@"
}
# zero_run NAME [-z]: two refreshes of a process of its own that is
# stopped once the first refresh is out: the second refresh has (nearly)
# no new samples, so it shows what -z keeps of the first.
zero_run() {
	bg sh -c '"$HELPERS/demo" 100000 >/dev/null 2>&1 & p=$!
		"$PROF" top --stdio -n -d 2 --refreshes 2 -e task-clock -p $p "$@" >"top.$0" 2>&1 &
		t=$! n=0
		until grep -q PerfTop: "top.$0" || test $n -ge 200; do sleep 0.05; n=$((n + 1)); done
		kill -STOP $p; wait $t; kill -CONT $p; kill $p; wait $p' "$@"
}
# typed NAME KEYS-AFTER CMD: CMD on a terminal, KEYS typed after 2 s.
typed() {
	bg sh -c '(sleep 2; printf "$1") | script -qec "$2" /dev/null >"$0" 2>&1' "$@"
}
start_tops() {
	b=$(cat busy.pid) && d=$(cat dd.pid) &&
	topv base -e task-clock -p "$b,$d" &&
	topv ev -e page-faults -p "$b" &&
	topv pid -e task-clock -p "$b" &&
	topv tid -e task-clock -t "$b" &&
	topv freq -e task-clock -F 99 -p "$b" &&
	topv count -e task-clock -c 100000 -p "$b" &&
	topv g -e task-clock -g -p "$b" &&
	topv cg -e task-clock --call-graph fp -p "$b" &&
	topv ms -e task-clock -g --max-stack 1 --no-children -p "$b" &&
	topv ms0 -e task-clock -g --no-children -p "$b" &&
	topv igc -e task-clock -g --no-children --ignore-callees "^main$" -p "$b" &&
	topv K -e task-clock -K -p "$b,$d" &&
	topv U -e task-clock -U -p "$b,$d" &&
	topv sort -e task-clock -s comm -p "$b,$d" &&
	topv fields -e task-clock --fields overhead,sym -p "$b" &&
	topv n -e task-clock -n -p "$b" &&
	topv E -e task-clock -E 1 -p "$b,$d" &&
	topv pl -e task-clock --percent-limit 50 -p "$b" &&
	topv ref -e task-clock --refreshes 2 -p "$b" &&
	topv v -e task-clock -v -p "$b" &&
	topv m -e task-clock -m 17 -p "$b" &&
	topv d2 -e task-clock -d 2 -p "$b" &&
	topv d1 -e task-clock -d 1 --refreshes 3 --duration 9.5 -p "$b" &&
	topv d3 -e task-clock -d 3 --refreshes 9 --duration 3.5 -p "$b" &&
	topv du -e task-clock -d 1 --refreshes 3 --duration 1.5 -p "$b" &&
	topv hier -e task-clock --hierarchy -p "$b" &&
	topv w -e task-clock -w 12,6 -p "$b" &&
	for u in libdw libunwind; do
		bg sh -c 'LD_DEBUG=bindings "$PROF" top --stdio -d 1 --refreshes 1 \
			--call-graph dwarf --unwinder=$1 -e task-clock -p "$0" \
			>top.uw.$1.out 2>top.uw.$1' "$b" $u || return 1
	done &&
	topv comms -e task-clock -s comm --comms dd -p "$b,$d" &&
	topv dsos -e task-clock --dsos "[kernel]" -p "$b,$d" &&
	topv syms -e task-clock --symbols hot_loop -p "$b" &&
	topv cf -e task-clock -f 100000000 -p "$b" &&
	topv rel -e task-clock -s comm --comms dd --percentage relative -p "$b,$d" &&
	topv abs -e task-clock -s comm --comms dd --percentage absolute -p "$b,$d" &&
	topv tp -e task-clock --show-total-period -p "$b" &&
	topv D -e task-clock -D -p "$b" &&
	topv swon -e task-clock --switch-on task-clock -p "$b" &&
	topv swoff -e task-clock --switch-on task-clock --switch-off task-clock -p "$b" &&
	topv swshow -e task-clock --switch-on task-clock --switch-off task-clock \
		--show-on-off-events -p "$b" &&
	if test_have_prereq ROOT; then
		topv ks -e task-clock --kallsyms kall.kallsyms -p "$d"
	fi &&
	if test_have_prereq ROOT,PERF; then
		topv kv -e task-clock -k kall.vmlinux -p "$d" &&
		topv dk -e task-clock -k kall.vmlinux --demangle-kernel -p "$d" &&
		bg sh -c "cd vmlinux.d && \"\$PROF\" top --stdio -d 1 --refreshes 1 -e task-clock -p $d >../top.iv0 2>&1" &&
		bg sh -c "cd vmlinux.d && \"\$PROF\" top --stdio -d 1 --refreshes 1 -e task-clock -p $d --ignore-vmlinux >../top.iv 2>&1"
	fi &&
	if test_have_prereq SETPRIV; then
		j=$(cat jit.pid) &&
		topv jit -e task-clock -p "$j" &&
		topv jitf -e task-clock --force -p "$j"
	fi &&
	if test_have_prereq STRACE; then
		bg sh -c 'strace -qq -e trace=mmap -o top.ow.st "$PROF" top --stdio -d 1 \
			--refreshes 1 --overwrite -e task-clock -p "$0" >top.ow 2>top.ow.err' "$b"
	fi &&
	if test_have_prereq SYSWIDE; then
		topv all -e task-clock -a &&
		topv cpu -e task-clock -C 0
	fi &&
	if test_have_prereq SETPRIV; then
		topv uid -e task-clock -u nobody
	fi &&
	if test_have_prereq STRACE; then
		topst inh -e task-clock -p "$b" &&
		topst noinh -i -e task-clock -p "$b" &&
		topst ns --namespaces -e task-clock -p "$b" &&
		topst nbpf --no-bpf-event -e task-clock -p "$b" &&
		topst grp --group -e task-clock -e page-faults -p "$b"
	fi &&
	topv pmt --proc-map-timeout=0 -e task-clock -p "$b" &&
	topv gsi -e "{cpu-clock,task-clock}" --group-sort-idx 1 -p "$b" &&
	topv syma -e task-clock --sym-annotate=hot_loop -p "$b" &&
	if test_have_prereq STRACE; then
		topst acg --all-cgroups -e task-clock -p "$b"
	fi &&
	if test_have_prereq STRACE,SYSWIDE; then
		topst cgrp -a -e task-clock -G / &&
		bg sh -c 'strace -f -qq -e trace=clone,clone3 -o top.nts.st "$PROF" top --stdio \
			-d 1 --refreshes 1 -a --num-thread-synthesize=3 -e task-clock \
			>top.nts 2>top.nts.err'
	fi &&
	if test_have_prereq STRACE,ROOT; then
		topst rt -r 3 -e task-clock -p "$b" &&
		topst rt2 -r 200 -e task-clock -p "$b"
	fi &&
	if have_feature libncursesw; then
		typed top.pty.stdio "" "PAGER=cat TERM=xterm $PROF top --stdio -d 1 --refreshes 1 -e task-clock -p $b" &&
		typed top.pty.tui q "PAGER=cat TERM=xterm $PROF top -d 1 -e task-clock -p $b" &&
		typed top.dumb "" "PAGER=cat TERM=dumb $PROF top -d 1 --refreshes 1 -e task-clock -p $b" &&
		typed top.dumb.tui q "PAGER=cat TERM=dumb $PROF top --tui -d 1 -e task-clock -p $b"
	fi
}
wait_tops() {
	for p in $(cat bg.pids); do
		wait "$p" || echo "background job $p: exit $?"
	done
}
stop_all() {
	stop_busy &&
	for f in dd.pid nobody.pid jit.pid; do
		if test -e $f && kill "$(cat $f)" 2>/dev/null; then
			wait "$(cat $f)" 2>/dev/null || echo "$f: exit $?"
		fi || return 1
	done &&
	# jit-grow removes its map only when it ends by itself
	if test -e jit.pid; then
		rm -f "/tmp/perf-$(cat jit.pid).map"
	fi
}
# The kernel text as one symbol: a kallsyms (kall.kallsyms) and a vmlinux
# with the running kernel's build-id (kall.vmlinux, also as
# vmlinux.d/vmlinux, which top finds there by itself) that name all of
# it, so every kernel sample gets the fake name.
top_kernel_fakes() {
	text=$(awk "\$3 == \"_text\" { print \$1 }" /proc/kallsyms) &&
	etext=$(awk "\$3 == \"_etext\" { print \$1 }" /proc/kallsyms) &&
	test -n "$text" && test -n "$etext" &&
	printf "%s T ksall\n%s T ksall_end\n" "$text" "$etext" >kall.kallsyms &&
	if test_have_prereq PERF; then
		size=$((0x${etext#????????} - 0x${text#????????})) &&
		test "$size" -gt 0 &&
		bid=$("$PERF" buildid-list -k) && test -n "$bid" &&
		printf "\t.text\n\t.globl _Z4kallv\n\t.type _Z4kallv, @function\n_Z4kallv:\n\t.skip $size\n\t.size _Z4kallv, $size\n" >kall.s &&
		as -o kall.o kall.s &&
		ld -Ttext="0x$text" -e 0 --build-id="0x$bid" -o kall.vmlinux kall.o &&
		mkdir -p vmlinux.d && cp kall.vmlinux vmlinux.d/vmlinux
	fi
}
# A JIT process of user nobody: its /tmp/perf-PID.map is nobody's.
start_nobody_jit() {
	setpriv --reuid nobody --regid nogroup --clear-groups \
		"$HELPERS/jit-grow" 30 >/dev/null 2>&1 &
	echo $! >jit.pid &&
	n=0 &&
	until test -s /tmp/perf-$(cat jit.pid).map || test $n -ge 50; do
		sleep 0.05 && n=$((n + 1)) || return 1
	done
}
test_expect_success PERF_EVENTS 'top: the runs, all at once' '
	start_busy &&
	start_syscalls &&
	if test_have_prereq ROOT; then
		top_kernel_fakes
	fi &&
	if test_have_prereq SETPRIV; then
		start_nobody &&
		start_nobody_jit
	fi &&
	sleep 0.2 &&
	cp busy.pid top.busy &&
	{ start_tops || ret=$?; } &&
	wait_tops &&
	stop_all &&
	test "${ret:-0}" = 0 &&
	grep -q "PerfTop:" top.base
'
# -z on its own: the stop must follow the first refresh closely.
test_expect_success PERF_EVENTS 'top: the -z runs' '
	: >bg.pids &&
	zero_run z -z &&
	zero_run z0 &&
	wait_tops &&
	grep -q "PerfTop:" top.z
'
topentries() {
	grep -E "^ +[0-9]+\.[0-9]+%" "top.$1"
}
proof_top_event() {
	grep -q "Hz page-faults\]" top.ev && ! grep -q "page-faults" top.pid
}
proof_top_all_cpus() {
	grep -q "(all, [0-9]* CPUs)$" top.all
}
proof_top_pid() {
	grep -q "(target_pid: $(cat top.busy))$" top.pid
}
proof_top_tid() {
	grep -q "(target_tid: $(cat top.busy))$" top.tid
}
proof_top_cpu() {
	grep -q "(all, CPU: 0)$" top.cpu
}
proof_top_uid() {
	grep -q "PerfTop:" top.uid && topentries uid | grep -q " demo "
}
proof_top_freq() {
	grep -q "\[99Hz task-clock\]" top.freq
}
proof_top_count() {
	grep -q "\[100000 task-clock\]" top.count
}
proof_top_mmap_pages() {
	grep -q "^rounding mmap pages size to 128K (32 pages)$" top.m.err &&
	grep -q "PerfTop:" top.m &&
	test_expect_code 129 "$PROF" top -m x 2>m.err &&
	grep -q "^Invalid argument for --mmap_pages/-m$" m.err
}
proof_top_short_g() {
	grep -q -- "---[a-z_]" top.g && ! grep -q -- "---[a-z_]" top.pid
}
proof_top_call_graph() {
	grep -q -- "---[a-z_]" top.cg && ! grep -q -- "---[a-z_]" top.pid
}
proof_top_ignore_callees() {
	topentries igc | grep -q "\[\.\] main$" && ! topentries igc | grep -q "\[\.\] hot_loop$" &&
	topentries ms0 | grep -q "\[\.\] hot_loop$"
}
proof_top_max_stack() {
	grep -A1 -- "---hot_loop$" top.ms0 | grep -q "^ *main$" &&
	grep -q -- "---hot_loop$" top.ms &&
	! grep -A1 -- "---hot_loop$" top.ms | grep -q "^ *main$"
}
# --stdio top prints no column titles: Children and Self are two numbers.
proof_top_children() {
	topentries g | grep -E -q "^ +[0-9.]+% +[0-9.]+%  " &&
	grep -q -- "---[a-z_]" top.ms0 &&
	! topentries ms0 | grep -E -q "^ +[0-9.]+% +[0-9.]+%  "
}
proof_top_hide_kernel_symbols() {
	topentries base | grep -q "\[k\]" &&
	topentries K | grep -q "\[\.\]" && ! topentries K | grep -q "\[k\]"
}
proof_top_hide_user_symbols() {
	topentries base | grep -q "\[\.\]" &&
	topentries U | grep -q "\[k\]" && ! topentries U | grep -q "\[\.\]"
}
proof_top_sort() {
	topentries sort >s && test $(wc -l <s) -le 2 && grep -q "  demo *$" s
}
proof_top_fields() {
	topentries fields | grep -q "%  \[\.\] hot_loop" &&
	topentries pid | grep -q "%  demo "
}
proof_top_show_nr_samples() {
	topentries n | grep -E -q "%  +[0-9]+  demo" &&
	! topentries pid | grep -E -q "%  +[0-9]+  demo"
}
proof_top_hierarchy() {
	topentries hier | grep -E -q "^ {2,4}[0-9]+\.[0-9]+% {5}demo *$" &&
	topentries hier | grep -E -q "^ {5,7}[0-9]+\.[0-9]+% {5}\[\.\] hot_loop$" &&
	! topentries base | grep -E -q "% {5}demo *$"
}
proof_top_column_widths() {
	topentries w | grep -E -q "^ {7,9}[0-9]+\.[0-9]+%  demo    \[\.\] hot_loop$" &&
	! topentries pid | grep -E -q "^ {7,9}[0-9]+\.[0-9]+%  demo    \["
}
proof_top_entries() {
	test $(topentries E | wc -l) = 1 && test $(topentries base | wc -l) -gt 1
}
proof_top_percent_limit() {
	topentries pl >pl && test -s pl &&
	test $(wc -l <pl) -lt $(topentries pid | wc -l) &&
	! grep -q -v -E "^ +([5-9][0-9]|100)\." pl
}
# Refreshes and --duration count from the same start: a 3.5 s run
# shows three refreshes at -d 1 (two on a loaded machine), one at -d 3.
proof_top_delay() {
	test $(grep -c "PerfTop:" top.d1) -ge 2 && test $(grep -c "PerfTop:" top.d3) -le 1
}
# Samples column totals of the two refreshes (zero_run): with -z the
# second holds only the samples taken before the stop (a fraction of a
# two-second refresh), without it the first refresh's too, decayed by 7/8.
refresh_totals() {
	awk "/PerfTop:/ { n++ } /^ +[0-9.]+%/ { t[n] += \$2 } END { print t[1] + 0, t[2] + 0 }" "top.$1"
}
proof_top_zero() {
	set -- $(refresh_totals z) && test "$1" -gt 0 && test $(($2 * 2)) -lt "$1" &&
	set -- $(refresh_totals z0) && test "$1" -gt 0 && test $(($2 * 4)) -gt $(($1 * 3))
}
proof_top_stdio() {
	if have_feature libncursesw; then
		grep -q "PerfTop:" top.pty.stdio && ! grep -q "PerfTop:" top.pty.tui
	else
		test_expect_code 129 "$PROF" top --stdio --tui 2>tt.err
	fi
}
proof_top_tui() {
	if have_feature libncursesw; then
		grep -q "PerfTop:" top.dumb && ! grep -q "PerfTop:" top.dumb.tui &&
		grep -q "Samples" top.dumb.tui
	else
		"$PROF" top --tui -d 1 --refreshes 1 -e task-clock -p $$ 2>nt.err >/dev/null &&
		grep -q "built without ncursesw" nt.err
	fi
}
proof_top_refreshes() {
	test $(grep -c "PerfTop:" top.ref) = 2 && test $(grep -c "PerfTop:" top.pid) = 1
}
proof_top_duration() {
	test $(grep -c "PerfTop:" top.du) -le 1 && test $(grep -c "PerfTop:" top.ref) = 2
}
proof_top_verbose() {
	grep -q "^mmap size [0-9]*B$" top.v.err && ! grep -q "^mmap size" top.pid.err
}
proof_top_unwinder() {
	test_expect_code 129 "$PROF" top --unwinder=bogus 2>tuw.err &&
	grep -q "^unknown unwinder .bogus.: use libdw or libunwind$" tuw.err &&
	if have_feature libunwind; then
		grep -q "PerfTop:" top.uw.libdw.out && unwinder_bound top.uw
	fi
}
# No software event samples branches: perf's refusal, after the open it tried.
proof_top_branch_any() {
	strace -f -qq -v -e trace=perf_event_open -o tb.st \
		"$PROF" top --stdio -b -e task-clock >tb.out 2>tb.err ||
	test $? = 255 &&
	grep -q "^task-clock: PMU Hardware or event type doesn.t support branch stack sampling.$" tb.err &&
	grep -q "branch_sample_type=PERF_SAMPLE_BRANCH_ANY," tb.st
}
proof_top_branch_filter() {
	strace -f -qq -v -e trace=perf_event_open -o tj.st \
		"$PROF" top --stdio -j any_ret,u -e task-clock >tj.out 2>tj.err ||
	test $? = 255 &&
	grep -q "branch_sample_type=PERF_SAMPLE_BRANCH_USER|PERF_SAMPLE_BRANCH_ANY_RETURN," tj.st &&
	test_expect_code 129 "$PROF" top -j bogus 2>tj2.err &&
	grep -q "^unknown branch filter bogus, check man page$" tj2.err
}
proof_top_no_inherit() {
	grep -q "PerfTop:" top.noinh &&
	grep -q "perf_event_open({.*, inherit=0," top.noinh.st &&
	! grep -q "perf_event_open({.*, inherit=1," top.noinh.st &&
	grep -q "perf_event_open({.*, inherit=1," top.inh.st
}
proof_top_namespaces() {
	grep -q "PerfTop:" top.ns &&
	grep -q "perf_event_open({.*, namespaces=1," top.ns.st &&
	! grep -q "namespaces=1," top.inh.st
}
proof_top_no_bpf_event() {
	grep -q "PerfTop:" top.nbpf &&
	! grep -q "bpf_event=1," top.nbpf.st &&
	grep -q "bpf_event=1," top.inh.st
}
# The member opens with the leader's fd as group_fd, enabled with it.
proof_top_group() {
	grep -q "PerfTop:" top.grp &&
	grep "config=PERF_COUNT_SW_PAGE_FAULTS," top.grp.st >grp.member &&
	grep -q "disabled=0," grp.member &&
	! grep -E -q "\}, [0-9]+, -?[0-9]+, -1, " grp.member
}
# The group side by side (top.gsi: -e "{cpu-clock,task-clock}"
# --group-sort-idx 1), sorted by the second column.
proof_top_group_sort_idx() {
	grep -q "PerfTop:" top.gsi &&
	grep -E "^ +[0-9.]+% +[0-9.]+%  " top.gsi | awk "{ sub(\"%\", \"\", \$2); print \$2 }" >gsi.p &&
	test -s gsi.p &&
	sort -s -rn gsi.p >gsi.s &&
	test_cmp gsi.s gsi.p
}
# hot_loop's annotation in place of the table, as perf's "s" key shows it.
proof_top_sym_annotate() {
	grep -q "PerfTop:" top.syma &&
	grep -q "^Showing task-clock for hot_loop$" top.syma &&
	grep -q "^  Events  Pcnt (>=5%)$" top.syma &&
	grep -E -q "^ +[0-9.]+ :   +[0-9a-f]+:   " top.syma &&
	! grep -E -q "^ +[0-9.]+%  " top.syma
}
proof_top_all_cgroups() {
	grep -q "PerfTop:" top.acg &&
	grep -q "sample_type=[A-Z_|]*|PERF_SAMPLE_CGROUP," top.acg.st &&
	grep -q "perf_event_open({.*, cgroup=1," top.acg.st &&
	! grep -q "cgroup=1," top.inh.st
}
proof_top_proc_map_timeout() {
	grep -q "PerfTop:" top.pmt &&
	grep -q "^Reading /proc/$(cat top.busy)/task/$(cat top.busy)/maps time out." top.pmt.err &&
	! grep -q "time out" top.pid.err
}
# The processes are described by three threads (top has none of its own).
proof_top_num_thread_synthesize() {
	grep -q "PerfTop:" top.nts &&
	test "$(grep -c "clone" top.nts.st)" -ge 3
}
# On CPUs only, as perf top.
proof_top_cgroup() {
	grep -q "PerfTop:" top.cgrp &&
	grep -q "config=PERF_COUNT_SW_TASK_CLOCK, .*, PERF_FLAG_PID_CGROUP|PERF_FLAG_FD_CLOEXEC)" top.cgrp.st &&
	test_expect_code 255 "$PROF" top --stdio -e task-clock -G / -p $$ 2>tcg.err &&
	grep -q "^Invalid event (task-clock) in per-thread mode, enable system wide with .-a.\.$" tcg.err
}
# perf top says it could not and goes on.
proof_top_realtime() {
	grep -q " sched_setscheduler(0, SCHED_FIFO, \[3\]) = 0$" top.rt.st &&
	grep -q "PerfTop:" top.rt2 &&
	grep -q "^Could not set realtime priority.$" top.rt2.err &&
	! grep -q "sched_setscheduler" top.inh.st
}
# the same event switches on, then off: no sample counts unless shown
proof_top_switch_on() {
	topentries swon | grep -q "hot_loop" && ! topentries swoff
}
proof_top_switch_off() {
	grep -q "PerfTop: *0 irqs/sec" top.swoff && ! grep -q "PerfTop: *0 irqs/sec" top.swon
}
proof_top_show_on_off_events() {
	topentries swshow | grep -q "hot_loop" && ! topentries swoff
}
proof_top_raw_trace() {
	"$PROF" top --stdio -d 1 --refreshes 1 -a -e sched:sched_switch -s trace >top.rtf &&
	"$PROF" top --stdio -d 1 --refreshes 1 -a -e sched:sched_switch -s trace --raw-trace >top.rtr &&
	grep -q "==>" top.rtf && ! grep -q "==>" top.rtr &&
	grep -q " prev_state=[0-9]" top.rtr
}
proof_top_overwrite() {
	grep -q "PerfTop:" top.ow &&
	grep -E -q "^ +[0-9]+\.[0-9]+% +demo +\[\.\] hot_loop" top.ow &&
	grep -q "mmap(NULL, [0-9]*, PROT_READ, MAP_SHARED, " top.ow.st &&
	! grep -q "PROT_READ|PROT_WRITE, MAP_SHARED" top.ow.st
}

proof_top_comms() {
	topentries comms >cm && test $(wc -l <cm) = 1 && grep -q "  dd *$" cm &&
	topentries sort | grep -q "  demo *$"
}
proof_top_dsos() {
	topentries dsos >ds && test -s ds && ! grep -v -q "\[kernel\] *\[k\]" ds &&
	topentries base | grep -q "\[\.\]"
}
proof_top_symbols() {
	topentries syms >sy && test $(wc -l <sy) = 1 && grep -q "\[\.\] hot_loop *$" sy
}
# -f N hides entries of N samples or fewer: none has 10^8 in a second.
proof_top_count_filter() {
	grep -q "PerfTop:" top.cf && ! topentries cf | grep -q . &&
	topentries pid | grep -q .
}
# dd alone, as a share of what --comms lets through: all of it.
proof_top_percentage() {
	topentries rel | grep -q "^ *100\.00%  dd *$" &&
	topentries abs | grep -q "  dd *$" && ! topentries abs | grep -q "^ *100\.00%" &&
	test_expect_code 129 "$PROF" top --percentage bogus 2>pc.err &&
	grep -q -- "--percentage <relative|absolute>" pc.err
}
proof_top_show_total_period() {
	topentries tp | grep -E -q "%  +[0-9]{5,}  demo" &&
	! topentries pid | grep -E -q "%  +[0-9]+  demo"
}
proof_top_kallsyms() {
	topentries ks | grep -q "\[k\] ksall$" && ! grep -q "ksall" top.base
}
proof_top_vmlinux() {
	topentries kv | grep -q "\[k\] _Z4kallv$" && ! grep -q "kallv" top.base &&
	test_expect_code 234 "$PROF" top -k /nonexistent 2>tkv.err &&
	grep -q "^Invalid file: /nonexistent$" tkv.err
}
proof_top_ignore_vmlinux() {
	grep -q "\[k\] _Z4kallv$" top.iv0 && ! grep -q "kallv" top.iv &&
	grep -q "\[k\] " top.iv
}
proof_top_demangle_kernel() {
	topentries dk | grep -q "\[k\] kall$" && ! grep -q "_Z4kallv" top.dk
}
proof_top_dump_symtab() {
	grep -q "^dso: \[kernel\] (\[kernel.kallsyms\], \(NOT \)\?loaded, " top.D.err &&
	grep -q "^dso: demo (.*/demo, loaded, [0-9a-f]*)$" top.D.err &&
	grep -E -q "^ *[0-9a-f]+- *[0-9a-f]+ [glw] hot_loop$" top.D.err &&
	! grep -q "^dso: " top.pid.err
}
# Another user's perf-PID.map is ignored (perf's warning) unless --force.
proof_top_force() {
	grep -q "not owned by current user or root" top.jit.err &&
	! grep -q "jit_first\|jit_second" top.jit &&
	grep -q "jit_first\|jit_second" top.jitf
}
proof_top_stitch_lbr() {
	test_expect_code 234 "$PROF" top --stitch-lbr -e task-clock 2>sl.err &&
	"$PERF" top --stitch-lbr -e task-clock 2>sl.perf.err >/dev/null &&
	test_cmp sl.perf.err sl.err
}

# --- list -------------------------------------------------------------
proof_list_raw_dump() {
	"$PROF" list --raw-dump sw >rd &&
	test $(grep -c . rd) = 1 && grep -q " task-clock " rd && ! grep -q "\[Software event\]" rd
}
proof_list_desc() {
	"$PROF" list --no-desc >nd && "$PROF" list >d &&
	! test_cmp d nd
}
proof_list_long_desc() {
	"$PROF" list -v >ld && "$PROF" list >d &&
	! test_cmp d ld
}
proof_list_cputype() {
	"$PROF" list --cputype core sw >ct 2>ct.err &&
	grep -q "WARNING: hybrid cputype is not supported!" ct.err
}
proof_list_debug() {
	"$PROF" list --debug >db 2>&1 && grep -q "^Using CPUID " db &&
	"$PROF" list >d 2>&1 && ! grep -q "^Using CPUID " d
}
proof_list_deprecated() {
	"$PROF" list --deprecated >dp && "$PROF" list >d &&
	test $(wc -l <dp) -gt $(wc -l <d)
}
# --details adds the events' descriptions where the machine's PMU has
# them (perf's json tables); else both lists are the same, with perf too.
proof_list_details() {
	"$PROF" list --details >dt && "$PROF" list >d && test -s d &&
	"$PERF" list --details >pdt 2>/dev/null && "$PERF" list >pd 2>/dev/null &&
	if cmp -s pd pdt; then test_cmp d dt; else ! test_cmp d dt; fi
}

# --- help, version ----------------------------------------------------
# A man and an info that say how they were called.
fake_viewers() {
	mkdir -p bin &&
	printf "#!/bin/sh\necho \"\$(basename \$0) \$*\"\n" >bin/man &&
	cp bin/man bin/info && chmod +x bin/man bin/info
}
proof_help_all() {
	"$PROF" help -a >ha &&
	grep -q "^available prof commands" ha &&
	for c in $("$PROF" --list-cmds); do
		grep -q " $c\( \|$\)" ha || return 1
	done &&
	"$PROF" help >h && ! grep -q "^available prof commands" h
}
proof_help_man() {
	fake_viewers &&
	PATH=$TRASH/bin:$PATH "$PROF" help -m stat >hm &&
	grep -q "^man .*prof-stat" hm &&
	PATH=$TRASH/bin:$PATH "$PROF" help stat >hm0 &&
	! grep -q "^man " hm0 && grep -q "^PROF-STAT(1)$" hm0
}
proof_help_info() {
	fake_viewers &&
	PATH=$TRASH/bin:$PATH "$PROF" help -i stat >hi &&
	test "$(cat hi)" = "info prof-stat"
}
proof_help_web() {
	test_expect_code 255 "$PROF" help -w stat >hw 2>hw.err &&
	grep -q "^.*/html.: not a documentation directory\.$" hw.err
}
proof_version_build_options() {
	"$PROF" version --build-options >bo &&
	grep -q "^ *libelf: \[ on  \]  # HAVE_LIBELF_SUPPORT$" bo &&
	"$PROF" version >v && test $(wc -l <v) = 1
}

# --- options that are gone, and parsing as perf's ----------------------
test_expect_success 'report --gtk is refused as by perf built without GTK' '
	test_expect_code 129 "$PROF" report --gtk 2>gtk.err &&
	grep -q "^  Error: unknown option .gtk.$" gtk.err &&
	! "$PROF" report -h 2>&1 | grep -q -- "--gtk"
'

test_expect_success 'version --build-options lists what is linked' '
	"$PROF" version --build-options >bo &&
	! ldd "$PROF" | grep -qi capstone &&
	if grep -q " libcapstone: \[ on  \]" bo; then grep -aq "libcapstone\.so" "$PROF"; else ! grep -aq "libcapstone\.so" "$PROF"; fi &&
	if grep -q " zstd: \[ on  \]" bo; then ldd "$PROF" | grep -q libzstd; fi &&
	if grep -q " libncursesw: \[ on  \]" bo; then ldd "$PROF" | grep -q libncursesw; fi &&
	if grep -q " libtraceevent: \[ on  \]" bo; then ldd "$PROF" | grep -q libtraceevent; fi &&
	ldd "$PROF" | grep -q libdw
'

# perf's answers to -m values, run against perf here.
test_expect_success PERF_EVENTS,PERF 'record -m: the values perf takes, rounded as perf rounds' '
	for m in 16 17 0 17K 4K 4k 1m 16, 16,16 16,17 ,16 16,0 abc 16,abc 1,2,3; do
		{ "$PROF" record -o m.data -m $m -e task-clock true >/dev/null 2>m.prof; \
		  echo "$m $?" >>m.prof.rc; } &&
		grep -v "^\[ perf record" m.prof | grep -v "^$" | sed -n 1p >>m.prof.msg &&
		{ "$PERF" record -o m.data -m $m -e task-clock true >/dev/null 2>m.perf; \
		  echo "$m $?" >>m.perf.rc; } &&
		grep -v "^\[ perf record" m.perf | grep -v "^$" | sed -n 1p >>m.perf.msg || return 1
	done &&
	test_cmp m.perf.rc m.prof.rc &&
	test_cmp m.perf.msg m.prof.msg
'

# perf reads size tags in upper case only (-m 4k: "Invalid argument for
# --mmap_pages/-m"), takes an empty AUX part as one page ("-m 16,": a
# rounding notice) and top has no AUX part (-m 16,16 refused).
test_expect_success PERF_EVENTS 'record -m 4k and top -m 16,16 are refused, -m 16, taken, as perf' '
	"$PROF" record -o m.data -m 16, -e task-clock true 2>m16.err &&
	grep -q "^rounding mmap pages size to 4K (1 pages)$" m16.err &&
	test_expect_code 129 "$PROF" record -o m.data -m 4k -e task-clock true 2>m4k.err &&
	grep -q "^Invalid argument for --mmap_pages/-m$" m4k.err &&
	test_expect_code 129 "$PROF" top -m 16,16 2>mtop.err &&
	grep -q "^Invalid argument for --mmap_pages/-m$" mtop.err
'

# flamegraph: rec.data's folds; fg.folded a small folded input; a corpus
# file from a machine with JIT code (/tmp/perf-PID.map) and kernel frames.
FG_CORPUS=$SHARED/corpus/perf-data/simpleperf/testdata/generated_by_linux_perf.data
fg_small() {
	printf "%s\n" "main;a;b 60" "main;c 30" "main;a 10" >fg.folded
}
# fg_svg OUT OPTION...: the SVG of fg.folded with OPTION...
fg_svg() {
	_o=$1 &&
	shift &&
	fg_small &&
	"$PROF" flamegraph --folded-input fg.folded -o "$_o" "$@"
}
# fg_y SVG NAME: the y of NAME's frame.
fg_y() {
	sed -n "s/^<title>$2 (.*<rect x=\"[^\"]*\" y=\"\([^\"]*\)\".*/\1/p" "$1"
}
proof_flamegraph_input() {
	mkdir -p fgin.d && cp rec.data fgin.d/perf.data &&
	(cd fgin.d && "$PROF" flamegraph -o - --folded >../fgin.default) &&
	"$PROF" flamegraph --input rec.data -o - --folded >fgin.i &&
	test_cmp_nonempty fgin.default fgin.i &&
	test_must_fail "$PROF" flamegraph --input nosuch.data -o - --folded 2>fgin.err &&
	grep -q nosuch.data fgin.err
}
proof_flamegraph_output() {
	"$PROF" flamegraph -i rec.data --output fgout.folded &&
	grep -q "^demo;.*;hot_loop [0-9]*\$" fgout.folded &&
	"$PROF" flamegraph -i rec.data --output fgout.svg &&
	grep -q "^<svg " fgout.svg &&
	mkdir -p fgdef.d && cp rec.data fgdef.d/perf.data &&
	(cd fgdef.d && "$PROF" flamegraph) && grep -q "<canvas id=\"fg\"" fgdef.d/flamegraph.html
}
proof_flamegraph_force() {
	mkdir -p fgown.d && cp rec.data fgown.d/perf.data && chown nobody fgown.d/perf.data &&
	(cd fgown.d && test_expect_code 255 "$PROF" flamegraph -o x.svg 2>../fgown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" fgown.err &&
	(cd fgown.d && "$PROF" flamegraph --force -o x.svg) && test -s fgown.d/x.svg
}
proof_flamegraph_folded() {
	"$PROF" flamegraph -i rec.data -o - --folded >fgf.folded &&
	grep -q "^demo;.*;hot_loop [0-9]*\$" fgf.folded &&
	"$PROF" flamegraph -i rec.data -o - >fgf.svg &&
	grep -q "^<svg " fgf.svg
}
proof_flamegraph_folded_input() {
	fg_svg fgi.svg &&
	grep -q "^<title>b (60 samples, 60.00%)</title>" fgi.svg
}
proof_flamegraph_event() {
	"$PROF" flamegraph -i rec.data --event task-clock -o - --folded >fge.folded &&
	grep -q hot_loop fge.folded &&
	test_must_fail "$PROF" flamegraph -i rec.data --event page-faults -o - --folded 2>fge.err &&
	grep -q "event .page-faults. is not in rec.data" fge.err
}
proof_flamegraph_count() {
	"$PROF" flamegraph -i rec.data --count samples -o - --folded >fgc.samples &&
	"$PROF" report -i rec.data --stats 2>/dev/null | sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" | head -n 1 >fgc.n &&
	awk "{ s += \$NF } END { print s }" fgc.samples >fgc.sum &&
	test_cmp fgc.n fgc.sum &&
	"$PROF" flamegraph -i rec.data --count period -o - --folded >fgc.period &&
	! test_cmp fgc.samples fgc.period
}
proof_flamegraph_comms() {
	"$PROF" flamegraph -i rec.data --comms demo -o - --folded >fgco &&
	grep -q "^demo;.*;hot_loop [0-9]*\$" fgco &&
	test_must_fail "$PROF" flamegraph -i rec.data --comms nosuch -o - --folded 2>fgco.err &&
	grep -q "the filters left none" fgco.err
}
proof_flamegraph_dsos() {
	"$PROF" flamegraph -i rec.data -o - --folded >fgds.all &&
	"$PROF" flamegraph -i rec.data --dsos demo -o - --folded >fgds &&
	grep -q "^demo;.*;hot_loop [0-9]*\$" fgds &&
	test_must_fail "$PROF" flamegraph -i rec.data --dsos nosuch -o - --folded 2>fgds.err &&
	grep -q "the filters left none" fgds.err
}
proof_flamegraph_symbol() {
	"$PROF" flamegraph -i rec.data --symbol hot_loop -o - --folded >fgsy &&
	test -s fgsy &&
	! grep -v ";hot_loop[; ]" fgsy &&
	test_must_fail "$PROF" flamegraph -i rec.data --symbol nosuch -o - --folded 2>fgsy.err &&
	grep -q "the filters left none" fgsy.err
}
proof_flamegraph_time() {
	"$PROF" flamegraph -i rec.data --count samples -o - --folded >fgti.all &&
	"$PROF" flamegraph -i rec.data --count samples --time 0%-50% -o - --folded >fgti.half &&
	awk "{ s += \$NF } END { print s }" fgti.all >fgti.n &&
	awk "{ s += \$NF } END { print s }" fgti.half >fgti.m &&
	test $(cat fgti.m) -gt 0 && test $(cat fgti.m) -lt $(cat fgti.n) &&
	test_must_fail "$PROF" flamegraph -i rec.data --time x -o - --folded 2>fgti.err &&
	grep -q "^Invalid time string" fgti.err
}
proof_flamegraph_combined() {
	# some CPU (a shell loop), then a sleep
	"$PROF" record -o fgoc.data --off-cpu -g -e cpu-clock -- \
		sh -c "i=0; while [ \$i -lt 20000 ]; do i=\$((i+1)); done; sleep 0.2" 2>fgoc.err &&
	"$PROF" flamegraph -i fgoc.data --combined -o - --folded >fgoc.folded &&
	grep -q "^sleep;\[off-cpu\];.*nanosleep" fgoc.folded &&
	grep -v -q "\[off-cpu\]" fgoc.folded &&
	test_must_fail "$PROF" flamegraph -i rec.data --combined -o - --folded 2>fgoc.err &&
	grep -q "has no offcpu-time event" fgoc.err
}
proof_flamegraph_pid() {
	"$PROF" flamegraph -i rec.data --pid -o - --folded >fgp &&
	grep -q "^demo-[0-9][0-9]*;" fgp &&
	pid=$(sed -n "s/^demo-\([0-9]*\);.*/\1/p" fgp | head -n 1) &&
	"$PROF" flamegraph -i rec.data --pid=$pid -o - --folded >fgp.list &&
	grep -q "^demo;" fgp.list &&
	test_must_fail "$PROF" flamegraph -i rec.data --pid=1 -o - --folded 2>fgp.err &&
	grep -q "the filters left none" fgp.err
}
proof_flamegraph_tid() {
	"$PROF" flamegraph -i rec.data --tid -o - --folded >fgt &&
	grep -q "^demo-[0-9][0-9]*/[0-9][0-9]*;" fgt &&
	tid=$(sed -n "s|^demo-[0-9]*/\([0-9]*\);.*|\1|p" fgt | head -n 1) &&
	"$PROF" flamegraph -i rec.data --tid=$tid -o - --folded >fgt.list &&
	grep -q "^demo;" fgt.list &&
	test_must_fail "$PROF" flamegraph -i rec.data --tid=1 -o - --folded 2>fgt.err &&
	grep -q "the filters left none" fgt.err
}
proof_flamegraph_kernel() {
	"$PROF" flamegraph -i "$FG_CORPUS" --kernel -o - --folded >fgk 2>/dev/null &&
	grep -q "\[\[kernel.kallsyms\]\]_\[k\]" fgk &&
	! grep -q "_\[j\]" fgk
}
proof_flamegraph_jit() {
	"$PROF" flamegraph -i "$FG_CORPUS" --jit -o - --folded >fgj 2>/dev/null &&
	grep -q "\[perf-[0-9]*.map\]_\[j\]" fgj &&
	! grep -q "_\[k\]" fgj
}
proof_flamegraph_all() {
	"$PROF" flamegraph -i "$FG_CORPUS" --all -o - --folded >fga 2>/dev/null &&
	grep -q "_\[j\]" fga && grep -q "_\[k\]" fga
}
proof_flamegraph_addrs() {
	"$PROF" flamegraph -i "$FG_CORPUS" --addrs -o - --folded >fgad 2>/dev/null &&
	grep -q "\[perf-[0-9]*.map <[0-9a-f]*>\]" fgad
}
proof_flamegraph_title() {
	fg_svg fgti.svg --title "My title" &&
	grep -q "<text id=\"title\"[^>]*>My title</text>" fgti.svg
}
proof_flamegraph_subtitle() {
	fg_svg fgst.svg --subtitle "My sub" &&
	grep -q "<text id=\"subtitle\"[^>]*>My sub</text>" fgst.svg
}
proof_flamegraph_countname() {
	fg_svg fgcn.svg --countname ms &&
	grep -q "^<title>b (60 ms, 60.00%)</title>" fgcn.svg
}
proof_flamegraph_nametype() {
	fg_svg fgnt.svg --nametype Frame: &&
	grep -q "var nametype = \"Frame:\"" fgnt.svg
}
proof_flamegraph_width() {
	fg_svg fgw.svg --width 800 &&
	grep -q "^<svg [^>]* width=\"800\"" fgw.svg &&
	grep -q "^<title>all (100 samples, 100%)</title><rect x=\"10.0\" y=\"[0-9]*\" width=\"780.0\"" fgw.svg
}
proof_flamegraph_height() {
	fg_svg fgh.svg --height 30 &&
	grep -q "^<title>b (.*height=\"29.0\"" fgh.svg
}
proof_flamegraph_minwidth() {
	fg_svg fgmw.svg --minwidth 20% &&
	grep -q "^<title>b (" fgmw.svg && ! grep -q "^<title>a (10 " fgmw.svg &&
	fg_svg fgmw2.svg --minwidth 500 &&
	grep -q "^<title>b (" fgmw2.svg && ! grep -q "^<title>c (" fgmw2.svg
}
proof_flamegraph_fonttype() {
	fg_svg fgft.svg --fonttype Arial &&
	grep -q "font-family:Arial;" fgft.svg
}
proof_flamegraph_fontsize() {
	fg_svg fgfs.svg --fontsize 20 &&
	grep -q "font-size:20px;" fgfs.svg
}
proof_flamegraph_colors() {
	fg_svg fgcol.svg --colors blue &&
	grep "^<title>b (" fgcol.svg | grep -q "fill=\"rgb(\([0-9]*\),\1,2[0-9][0-9])\"" &&
	test_must_fail "$PROF" flamegraph --folded-input fg.folded --colors pink -o x.svg
}
proof_flamegraph_hash() {
	fg_svg fghash.svg --hash &&
	fg_svg fgnohash.svg &&
	grep "^<title>b (" fghash.svg >fgh1 && grep "^<title>b (" fgnohash.svg >fgh2 &&
	! test_cmp fgh1 fgh2
}
proof_flamegraph_reverse() {
	fg_svg fgrev.svg --reverse &&
	fg_svg fgfwd.svg &&
	test "$(fg_y fgrev.svg c)" -gt "$(fg_y fgfwd.svg c)"
}
proof_flamegraph_inverted() {
	fg_svg fginv.svg --inverted &&
	grep -q "<text id=\"title\"[^>]*>Icicle Graph</text>" fginv.svg &&
	test "$(fg_y fginv.svg all)" = 36
}
proof_flamegraph_flamechart() {
	printf "%s\n" "b 1" "a 1" "b 1" >fgch.folded &&
	"$PROF" flamegraph --folded-input fgch.folded -o fgch.svg --flamechart &&
	test "$(grep -c "^<title>b (" fgch.svg)" = 2 &&
	"$PROF" flamegraph --folded-input fgch.folded -o fgsorted.svg &&
	test "$(grep -c "^<title>b (" fgsorted.svg)" = 1
}
proof_flamegraph_notes() {
	fg_svg fgn.svg --notes "a note" &&
	grep -q "^<!-- NOTES: a note -->" fgn.svg
}
# fg_pair: fg.folded (total 100) and fg2.folded (total 120) to compare.
fg_pair() {
	fg_small &&
	printf "%s\n" "main;a;b 90" "main;d 30" >fg2.folded
}
proof_flamegraph_diff() {
	fg_pair &&
	"$PROF" flamegraph --diff fg.folded fg2.folded -o fgd.folded &&
	printf "%s\n" "main;a 10 0" "main;a;b 60 90" "main;c 30 0" "main;d 0 30" >fgd.want &&
	test_cmp fgd.want fgd.folded &&
	"$PROF" flamegraph --diff fg.folded fg2.folded -o fgd.svg &&
	grep -q "^<title>b (90 samples, 75.00%; +25.00%)</title><rect [^>]*fill=\"rgb(255,0,0)\"" fgd.svg &&
	test_expect_code 255 "$PROF" flamegraph --diff fg.folded -o fgd1.svg 2>fgd.err &&
	grep -q "^--diff compares two profiles" fgd.err
}
proof_flamegraph_normalize() {
	fg_pair &&
	"$PROF" flamegraph --diff --normalize fg.folded fg2.folded -o fgdn.folded &&
	printf "%s\n" "main;a 12 0" "main;a;b 72 90" "main;c 36 0" "main;d 0 30" >fgdn.want &&
	test_cmp fgdn.want fgdn.folded &&
	test_expect_code 255 "$PROF" flamegraph --normalize -o fgdn.svg 2>fgdn.err &&
	grep -q "^--normalize goes with --diff" fgdn.err
}
proof_flamegraph_negate() {
	fg_pair &&
	"$PROF" flamegraph --diff --negate fg.folded fg2.folded -o fgdg.folded &&
	printf "%s\n" "main;a 0 10" "main;a;b 90 60" "main;c 0 30" "main;d 30 0" >fgdg.want &&
	test_cmp fgdg.want fgdg.folded &&
	"$PROF" flamegraph --diff --negate fg.folded fg2.folded -o fgdg.svg &&
	grep -q "^<title>c (30 samples, 30.00%; -30.00%)</title><rect [^>]*fill=\"rgb(0,0,255)\"" fgdg.svg &&
	grep -q "^<title>b (60 samples, 60.00%; +30.00%)</title><rect [^>]*fill=\"rgb(255,0,0)\"" fgdg.svg &&
	# flamegraph.pl --negate of difffolded.pl'"'"'s lines: the hues swapped
	printf "%s\n" "main;a;b 60 90" "main;c 30 0" >fgdg3.folded &&
	"$PROF" flamegraph --folded-input fgdg3.folded -o fgdg3.svg &&
	grep -q "^<title>b (90 samples, 100.00%; +33.33%)</title><rect [^>]*fill=\"rgb(255,0,0)\"" fgdg3.svg &&
	"$PROF" flamegraph --folded-input fgdg3.folded --negate -o fgdg3n.svg &&
	grep -q "^<title>b (90 samples, 100.00%; -33.33%)</title><rect [^>]*fill=\"rgb(0,0,255)\"" fgdg3n.svg
}
proof_flamegraph_strip_hex() {
	printf "%s\n" "main;f+0x1a 60" "main;g 40" >fgs1.folded &&
	printf "%s\n" "main;f+0x2b0 90" "main;g 10" >fgs2.folded &&
	"$PROF" flamegraph --diff --strip-hex fgs1.folded fgs2.folded -o fgs.folded &&
	printf "%s\n" "main;f+0x... 60 90" "main;g 40 10" >fgs.want &&
	test_cmp fgs.want fgs.folded &&
	"$PROF" flamegraph --diff fgs1.folded fgs2.folded -o fgs0.folded &&
	grep -q "^main;f+0x1a 60 0\$" fgs0.folded &&
	test_expect_code 255 "$PROF" flamegraph --strip-hex -o fgs.svg 2>fgs.err &&
	grep -q "^--strip-hex goes with --diff" fgs.err
}

# --- script -----------------------------------------------------------
# scr OUT ARGS: prof script of rec.data into OUT (stderr in OUT.err).
scr() {
	_o=$1 &&
	shift &&
	"$PROF" script -i rec.data "$@" >"$_o" 2>"$_o.err"
}
script_base() {
	test -s sbase && return 0
	scr sbase
}
proof_script_input() {
	script_base &&
	mkdir -p sin.d && cp rec.data sin.d/other.data &&
	(cd sin.d && "$PROF" script -i other.data >../sin) &&
	test_cmp_nonempty sbase sin &&
	"$PROF" script -i - <rec.data >spipe &&
	test_cmp sbase spipe
}
proof_script_verbose() {
	scr sv -v -G -F ip,sym &&
	scr sv0 -G -F ip,sym &&
	grep -q "prof::work(unsigned long)" sv && ! grep -q "prof::work(unsigned long)" sv0
}
proof_script_dump_raw_trace() {
	scr sdr --dump-raw-trace -F comm,ip &&
	grep -q "^0x[0-9a-f]*@rec.data \[0x[0-9a-f]*\]: event: 9$" sdr &&
	grep -q "PERF_RECORD_SAMPLE(IP, 0x[0-9a-f]*): " sdr &&
	grep -q "^ \.\.\. thread: demo:[0-9]*$" sdr &&
	grep -q "^ *demo  *[0-9a-f]*$" sdr &&
	script_base &&
	! grep -q "PERF_RECORD_" sbase
}
proof_script_force() {
	mkdir -p sown.d && cp rec.data sown.d/perf.data && chown nobody sown.d/perf.data &&
	(cd sown.d && test_expect_code 255 "$PROF" script 2>../sown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" sown.err &&
	(cd sown.d && "$PROF" script -f >../sown.out 2>/dev/null) &&
	grep -q hot_loop sown.out
}
proof_script_vmlinux() {
	kernel_fakes &&
	scr skv -k kfake.vmlinux &&
	grep -q " _Z5kfakev+0x" skv && ! grep -q "_Z5kfakev" sbase &&
	test_expect_code 234 "$PROF" script -i rec.data -k /nonexistent 2>skv.err &&
	grep -q "^Invalid file: /nonexistent$" skv.err
}
proof_script_kallsyms() {
	kernel_fakes &&
	scr sks --kallsyms kfake.kallsyms &&
	grep -q " ksfake+0x" sks && ! grep -q "ksfake" sbase
}
proof_script_symfs() {
	script_base &&
	mkdir -p sfs.d &&
	scr ssf --symfs sfs.d &&
	! grep -q " hot_loop+" ssf && grep -q " hot_loop+" sbase
}
proof_script_fields() {
	scr sf -F comm,tid &&
	grep -q "^ *demo *[0-9]* *$" sf &&
	test_expect_code 129 "$PROF" script -i rec.data -F nosuch 2>sf.err &&
	grep -q "^Invalid field requested.$" sf.err
}
proof_script_hide_call_graph() {
	scr sg -G &&
	grep -q "task-clock: .* hot_loop+0x[0-9a-f]* (" sg &&
	! grep -q "^	" sg && grep -q "^	" sbase
}
proof_script_ns() {
	scr sns --ns -F time &&
	grep -q "^ *[0-9]*\.[0-9]\{9\}: *$" sns
}
proof_script_xed() {
	scr six -G -F ip,insn &&
	scr sxed -G -F ip,insn --xed &&
	grep -q "^ *[0-9a-f]* insn: [0-9a-f][0-9a-f]" six &&
	! grep -q "insn:" sxed &&
	grep -q "^ *[0-9a-f]* 	[	][a-z]" sxed
}
proof_script_reltime() {
	scr srt --reltime -F time &&
	head -n 1 srt | grep -q "^ *0\.000000: *$"
}
proof_script_deltatime() {
	scr sdt --deltatime -F time &&
	head -n 1 sdt | grep -q "^ *0\.000000: *$" &&
	sed -n 2p sdt | grep -q "^ *0\.00[0-9]*: *$"
}
proof_script_time() {
	scr st0 -F time -G &&
	t=$(sed -n "3s/[ :]//gp" st0) &&
	scr st --time "$t," -F time -G &&
	test "$(wc -l <st)" -lt "$(wc -l <st0)" &&
	test_expect_code 234 "$PROF" script -i rec.data --time abc 2>st.err &&
	grep -q "^Invalid time string$" st.err
}
proof_script_cpu() {
	rec scpu -a -e task-clock -- sleep 0.1 &&
	"$PROF" script -i scpu.data -C 0 -F cpu >scpu0 &&
	"$PROF" script -i scpu.data -F cpu >scpua &&
	grep -q "^\[000\]" scpu0 && ! grep -v "^\[000\]" scpu0 &&
	test_expect_code 255 "$PROF" script -i rec.data -C 0 2>scpu.err &&
	grep -q "^File does not contain CPU events" scpu.err
}
proof_script_comms() {
	scr sc -c demo -F comm -G &&
	grep -q "demo *$" sc && ! grep -v "demo *$" sc
}
proof_script_pid() {
	pid=$("$PROF" script -i rec.data -c demo -F pid -G | awk "NR == 1 { print \$1 }") &&
	scr sp --pid "$pid" -F pid -G &&
	test -s sp && ! grep -v "^ *$pid *\$" sp
}
proof_script_tid() {
	tid=$("$PROF" script -i rec.data -c symtest -F tid -G | awk "NR == 1 { print \$1 }") &&
	scr stid --tid "$tid" -F tid -G &&
	test -s stid && ! grep -v "^ *$tid *\$" stid
}
proof_script_symbols() {
	scr ss -S hot_loop -F ip,sym -G &&
	grep -q "hot_loop" ss && ! grep -v "hot_loop" ss
}
proof_script_dsos() {
	scr sd --dsos demo -F ip,dso -G &&
	grep -q "/demo)" sd && ! grep -v "/demo)" sd
}
proof_script_max_stack() {
	script_base &&
	scr sms --max-stack 1 &&
	! grep -A1 "^	" sms | grep -q "^	.*^	" &&
	test "$(grep -c "^	" sms)" -lt "$(grep -c "^	" sbase)"
}
proof_script_inline() {
	"$PROF" script -i inl.data >sinl &&
	"$PROF" script -i inl.data --no-inline >snoinl &&
	grep -q " opt_inlined_caller+0x[0-9a-f]* (inlined)$" sinl &&
	! grep -q "(inlined)" snoinl
}
proof_script_demangle() {
	scr sdm --no-demangle -G -F ip,sym &&
	grep -q "_ZN4prof4workEm" sdm && ! grep -q "prof::work" sdm
}
proof_script_demangle_kernel() {
	kernel_fakes &&
	scr sdk -k kfake.vmlinux --demangle-kernel &&
	grep -q " kfake+0x" sdk && grep -q " _Z5kfakev+0x" skv
}
proof_script_full_source_path() {
	scr sfp -F ip,sym,srcline -G -S hot_loop &&
	scr sfp2 -F ip,sym,srcline -G -S hot_loop --full-source-path &&
	grep -q "^  demo.c:[0-9]*$" sfp && grep -q "^  /.*/demo.c:[0-9]*$" sfp2
}
proof_script_header() {
	scr sh --header &&
	grep -q "^# captured on" sh && grep -q " hot_loop+" sh
}
proof_script_header_only() {
	scr sho --header-only &&
	grep -q "^# captured on" sho && ! grep -q "hot_loop" sho
}
proof_script_show_info() {
	scr si --header-only -I &&
	scr si0 --header-only &&
	grep -q "use -I to display" si0 && ! grep -q "use -I to display" si
}
proof_script_show_task_events() {
	scr stask --show-task-events -G &&
	grep -q "PERF_RECORD_COMM exec: demo:" stask && ! grep -q "PERF_RECORD_COMM" sbase
}
proof_script_show_mmap_events() {
	scr smm --show-mmap-events -G &&
	grep -q "PERF_RECORD_MMAP2 .*/demo$" smm && ! grep -q "PERF_RECORD_MMAP" sbase
}
proof_script_show_switch_events() {
	"$PERF" record -q -o ssw.data -e task-clock --switch-events -- \
		sh -c "sleep 0.01; sleep 0.01" >/dev/null 2>&1 &&
	"$PROF" script -i ssw.data --show-switch-events >ssw &&
	"$PROF" script -i ssw.data >ssw0 &&
	grep -q "PERF_RECORD_SWITCH" ssw && ! grep -q "PERF_RECORD_SWITCH" ssw0
}
proof_script_show_namespace_events() {
	rec sns --namespaces -e task-clock -- true &&
	"$PROF" script -i sns.data --show-namespace-events >snse &&
	grep -q "PERF_RECORD_NAMESPACES .* nr_namespaces: 7" snse
}
proof_script_show_lost_events() {
	f=$SHARED/corpus/perf-data/simpleperf/testdata/perf_b.data &&
	"$PROF" script -i "$f" --show-lost-events >slost &&
	"$PROF" script -i "$f" >slost0 &&
	grep -q "PERF_RECORD_LOST" slost && ! grep -q "PERF_RECORD_LOST" slost0
}
proof_script_per_event_dump() {
	mkdir -p sped.d && cp rec.data sped.d/ &&
	(cd sped.d && "$PROF" script -i rec.data --per-event-dump >out) &&
	grep -q "^\[ perf script: Wrote [0-9.]* MB rec.data.task-clock.dump ([0-9]* samples) \]$" sped.d/out &&
	grep -q " hot_loop+" sped.d/rec.data.task-clock.dump
}
proof_script_script() {
	test_expect_code 129 "$PROF" script -s foo.py 2>ss.err &&
	grep -q "scripting is not supported by prof" ss.err
}
proof_script_gen_script() {
	test_expect_code 129 "$PROF" script -g python 2>sgs.err &&
	grep -q "scripting is not supported by prof" sgs.err
}
proof_script_list() {
	test_expect_code 129 "$PROF" script -l 2>sl.err &&
	grep -q "scripting is not supported by prof" sl.err
}

# --- evlist -----------------------------------------------------------
proof_evlist_input() {
	"$PROF" evlist -i rbase.data >eli.out &&
	echo task-clock >eli.want &&
	test_cmp eli.want eli.out &&
	test_expect_code 255 "$PROF" evlist -i no-such.data 2>eli.err &&
	grep -q "^failed to open no-such.data: No such file or directory$" eli.err
}
proof_evlist_force() {
	mkdir -p elown.d && cp rbase.data elown.d/perf.data && chown nobody elown.d/perf.data &&
	(cd elown.d && test_expect_code 255 "$PROF" evlist 2>../elown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" elown.err &&
	(cd elown.d && "$PROF" evlist -f >../elown.out) &&
	grep -q "^task-clock$" elown.out
}
proof_evlist_freq() {
	"$PROF" evlist -F -i rec.data >elf.out &&
	grep -q "^task-clock: sample_freq=4000$" elf.out &&
	rec elc -e task-clock -c 100000 -- true &&
	"$PROF" evlist -F -i elc.data >elc.out &&
	grep -q "^task-clock: sample_period=100000$" elc.out
}
proof_evlist_verbose() {
	"$PROF" evlist -v -i rec.data >elv.out &&
	grep -q "^task-clock: type: 1, size: [0-9]*, config: 0x1, { sample_period, sample_freq }: 4000, sample_type: IP|TID|TIME|CALLCHAIN|" elv.out
}
proof_evlist_group() {
	rec elg -e "{task-clock,page-faults}" -e cpu-clock -- true &&
	"$PROF" evlist -g -i elg.data >elg.out &&
	printf "{task-clock,page-faults}\ncpu-clock\n" >elg.want &&
	test_cmp elg.want elg.out &&
	test_expect_code 129 "$PROF" evlist -g -v -i elg.data 2>elg.err &&
	grep -q "Error: --group option is not compatible with other options" elg.err
}
proof_evlist_trace_fields() {
	"$PROF" evlist --trace-fields -i rbase.data >elt.out &&
	echo "task-clock: (not a tracepoint)" >elt.want &&
	test_cmp elt.want elt.out
}

# --- probe -----------------------------------------------------------
# A program of this run (names with our pid: uprobe_events is system-wide;
# every proof deletes what it adds), with debuginfo.
PRB=t6prb$$
PRB_GROUP=probe_t6prb$$
PRB_FN=t6prb_fn_$$
probe_prog() {
	if [ ! -x $PRB ]; then
		printf "%s\n" "__attribute__((used)) static const char id[] = \"$$\";" \
			"__attribute__((noinline)) int $PRB_FN(int n, int *p)" \
			"{" "	int i, r = 0;" "" "	for (i = 0; i < n; i++)" "		r += p[i];" \
			"	return r;" "}" "int main(int argc, char **argv)" "{" \
			"	int v[2] = { argc, 2 };" "	(void)argv;" "	return $PRB_FN(2, v) == 3 ? 0 : 1;" "}" >$PRB.c &&
		gcc -g -O0 -o $PRB $PRB.c
	fi
}
prb_events() {
	sed -n "/^[pr]:$PRB_GROUP\//p" /sys/kernel/tracing/uprobe_events
}
# prb_same ARGS...: prof probe ARGS prints what perf probe ARGS prints
# (perf probe caches its targets in ~/.debug: that of this run, then).
prb_same() {
	{ HOME=$TRASH "$PERF" probe "$@" >prb.perf.out 2>prb.perf.err || echo "rc $?" >>prb.perf.out; } &&
	{ "$PROF" probe "$@" >prb.prof.out 2>prb.prof.err || echo "rc $?" >>prb.prof.out; } &&
	test_cmp prb.perf.out prb.prof.out &&
	sed "s/perf probe/P probe/g" prb.perf.err >prb.perf.e &&
	sed "s/prof probe/P probe/g" prb.prof.err >prb.prof.e &&
	test_cmp prb.perf.e prb.prof.e
}
proof_probe_add() {
	probe_prog &&
	"$PROF" probe -x ./$PRB -a "$PRB_FN n" 2>pa.err &&
	prb_events >pa.ev &&
	"$PROF" probe -q -d "$PRB_GROUP:*" &&
	grep -q "^p:$PRB_GROUP/$PRB_FN .*/$PRB:0x[0-9a-f]* n=-[0-9]*(%bp):s32$" pa.ev &&
	grep -q "^  $PRB_GROUP:$PRB_FN  *(on $PRB_FN in .*/$PRB with n)$" pa.err &&
	test -z "$(prb_events)"
}
proof_probe_definition() {
	probe_prog &&
	prb_same -x ./$PRB -D "$PRB_FN n p" &&
	grep -q "^p:$PRB_GROUP/$PRB_FN .*/$PRB:0x[0-9a-f]* n=-[0-9]*(%bp):s32 p=-[0-9]*(%bp):x64$" prb.prof.out &&
	test -z "$(prb_events)"
}
proof_probe_del() {
	probe_prog &&
	"$PROF" probe -q -x ./$PRB -a "$PRB_FN" -a "${PRB_FN}_b=$PRB_FN+4" &&
	"$PROF" probe -d "$PRB_GROUP:${PRB_FN}_*" 2>pd.err &&
	echo "Removed event: $PRB_GROUP:${PRB_FN}_b" >pd.want &&
	test_cmp pd.want pd.err &&
	prb_events >pd.ev &&
	"$PROF" probe -d "$PRB_FN" &&
	grep -q "^p:$PRB_GROUP/$PRB_FN " pd.ev && ! grep -q "_b " pd.ev &&
	test -z "$(prb_events)"
}
proof_probe_force() {
	probe_prog &&
	"$PROF" probe -q -x ./$PRB -a "$PRB_FN" &&
	test_expect_code 239 "$PROF" probe -x ./$PRB -a "$PRB_FN" 2>pf.err &&
	"$PROF" probe -q -f -x ./$PRB -a "$PRB_FN" &&
	prb_events >pf.ev &&
	"$PROF" probe -q -d "$PRB_GROUP:*" &&
	grep -q "^Error: event \"$PRB_FN\" already exists.$" pf.err &&
	grep -q "^p:$PRB_GROUP/${PRB_FN}_1 " pf.ev &&
	test -z "$(prb_events)"
}
proof_probe_funcs() {
	probe_prog &&
	prb_same -x ./$PRB -F &&
	grep -q "^$PRB_FN$" prb.prof.out && ! grep -q "^_" prb.prof.out &&
	prb_same -x ./$PRB --funcs "t6prb*" &&
	test "$(cat prb.prof.out)" = "$PRB_FN"
}
proof_probe_vmlinux() {
	prb_same -k ./no-such-vmlinux -V vfs_read &&
	grep -q "^Invalid file: ./no-such-vmlinux$" prb.prof.err
}
proof_probe_line() {
	probe_prog &&
	prb_same -x ./$PRB -L "$PRB_FN" &&
	grep -q "^      5  		r += p\[i\];$" prb.prof.out
}
proof_probe_list() {
	probe_prog &&
	"$PROF" probe -q -x ./$PRB -a "$PRB_FN n" &&
	"$PROF" probe -l "$PRB_GROUP:*" >pl.prof &&
	"$PERF" probe -l "$PRB_GROUP:*" >pl.perf &&
	"$PROF" probe -l "no_such_group_$$:*" >pl.none &&
	"$PROF" probe -q -d "$PRB_GROUP:*" &&
	test_cmp pl.perf pl.prof &&
	grep -q "^  $PRB_GROUP:$PRB_FN  *(on $PRB_FN:[0-9]*@.*$PRB.c in .*/$PRB with n)$" pl.prof &&
	test ! -s pl.none &&
	test -z "$(prb_events)"
}
proof_probe_module() {
	test_expect_code 255 "$PROF" probe -m no_such_module -a some_function 2>pm.err &&
	grep -q "^prof probe -m: probes in kernel modules are not supported" pm.err
}
proof_probe_dry_run() {
	probe_prog &&
	"$PROF" probe -n -x ./$PRB -a "$PRB_FN" 2>pn.err &&
	grep -q "^Added new event:$" pn.err &&
	test -z "$(prb_events)"
}
proof_probe_quiet() {
	probe_prog &&
	test_expect_code 254 "$PROF" probe -x ./$PRB -a "t6prb_none_$$" 2>pq0.err &&
	grep -q "^Probe point .t6prb_none_$$. not found.$" pq0.err &&
	test_expect_code 254 "$PROF" probe -q -x ./$PRB -a "t6prb_none_$$" 2>pq.err &&
	test ! -s pq.err
}
proof_probe_source() {
	probe_prog &&
	mkdir -p prbsrc && cp $PRB.c prbsrc/ && mv $PRB.c $PRB.c.away &&
	{ "$PROF" probe -x ./$PRB -L "$PRB_FN" >ps0.out 2>ps0.err || echo "rc $?" >>ps0.out; } &&
	prb_same -x ./$PRB -s prbsrc -L "$PRB_FN" &&
	mv $PRB.c.away $PRB.c &&
	grep -q "^rc 254$" ps0.out &&
	grep -q "^<$PRB_FN@prbsrc//.*$PRB.c:0>$" prb.prof.out
}
proof_probe_vars() {
	probe_prog &&
	prb_same -x ./$PRB -V "$PRB_FN" &&
	printf "Available variables at %s\n\t@<%s+0>\n\tint\ti\n\tint\tn\n\tint\tr\n\tint*\tp\n" \
		"$PRB_FN" "$PRB_FN" | sed "s/^\tint/\t\tint/" >pv.want &&
	test_cmp pv.want prb.prof.out
}
proof_probe_verbose() {
	probe_prog &&
	"$PROF" probe -v -x ./$PRB -a "$PRB_FN" 2>pvb.err &&
	"$PROF" probe -q -d "$PRB_GROUP:*" &&
	grep -q "^Writing event: p:$PRB_GROUP/$PRB_FN .*/$PRB:0x[0-9a-f]*$" pvb.err &&
	test -z "$(prb_events)"
}
proof_probe_exec() {
	probe_prog &&
	prb_same -x ./$PRB -D "$PRB_FN" &&
	grep -q "^p:$PRB_GROUP/$PRB_FN $(pwd)/$PRB:0x[0-9a-f]*$" prb.prof.out &&
	test_expect_code 129 "$PROF" probe -x ./no-such-binary -a "$PRB_FN" 2>pe.err &&
	grep -q "^Failed to get the absolute path of ./no-such-binary: No such file or directory$" pe.err
}
proof_probe_bootconfig() {
	test_expect_code 255 "$PROF" probe --bootconfig -D vfs_read 2>pb.err &&
	grep -q "^prof probe: --bootconfig is not supported$" pb.err
}
proof_probe_cache() {
	test_expect_code 255 "$PROF" probe --cache -l 2>pc.err &&
	grep -q "^prof probe: --cache is not supported$" pc.err
}
proof_probe_demangle() {
	test_expect_code 255 "$PROF" probe --demangle -F 2>pdm.err &&
	grep -q "^prof probe: --demangle is not supported" pdm.err
}
proof_probe_demangle_kernel() {
	test_expect_code 255 "$PROF" probe --demangle-kernel -F 2>pdk.err &&
	grep -q "^prof probe: --demangle-kernel is not supported" pdk.err
}
proof_probe_externs() {
	probe_prog &&
	test_expect_code 255 "$PROF" probe -x ./$PRB --externs -V "$PRB_FN" 2>pex.err &&
	grep -q "^prof probe: --externs is not supported by -V$" pex.err
}
proof_probe_filter() {
	probe_prog &&
	prb_same -x ./$PRB --filter "n|i" -V "$PRB_FN" &&
	grep -q "	int	n$" prb.prof.out && ! grep -q "	r$" prb.prof.out
}
proof_probe_max_probes() {
	probe_prog &&
	prb_same -x ./$PRB --max-probes 1 -D "$PRB.c:6" &&
	grep -q "^Too many( > 1) probe point found.$" prb.prof.err &&
	prb_same -x ./$PRB --max-probes 20 -D "$PRB.c:6" &&
	test $(grep -c "^p:" prb.prof.out) -gt 1
}
proof_probe_no_inlines() {
	printf "%s\n" "static inline int t6inl_$$(int x) { return x * 3 + 1; }" \
		"int (*fp)(int) = t6inl_$$;" \
		"int main(int argc, char **argv) { (void)argv; return t6inl_$$(argc) + fp(argc); }" >t6inl$$.c &&
	gcc -g -O2 -o t6inl$$ t6inl$$.c &&
	prb_same -x ./t6inl$$ -D "t6inl_$$" &&
	test $(grep -c "^p:" prb.prof.out) = 2 &&
	prb_same -x ./t6inl$$ --no-inlines -D "t6inl_$$" &&
	grep -q "^Probe point .t6inl_$$. not found.$" prb.prof.err
}
proof_probe_range() {
	probe_prog &&
	test_expect_code 255 "$PROF" probe -x ./$PRB --range -V "$PRB_FN" 2>pr.err &&
	grep -q "^prof probe: --range is not supported by -V$" pr.err
}
proof_probe_symfs() {
	probe_prog &&
	test_expect_code 255 "$PROF" probe --symfs / -x ./$PRB -D "$PRB_FN" 2>psf.err &&
	grep -q "^prof probe: --symfs is not supported" psf.err
}
proof_probe_target_ns() {
	probe_prog &&
	prb_same -x ./$PRB -D "$PRB_FN" && cp prb.prof.out ptn.plain &&
	"$PROF" probe --target-ns $$ -x "$(pwd)/$PRB" -D "$PRB_FN" >ptn.out &&
	sed "s|$(pwd)|/proc/$$/root&|" ptn.plain >ptn.want &&
	test_cmp ptn.want ptn.out &&
	test_expect_code 129 "$PROF" probe --target-ns 999999999 -x "$(pwd)/$PRB" -D "$PRB_FN" 2>ptn.err &&
	grep -q "^Failed to get the absolute path of " ptn.err
}

# --- buildid-list -----------------------------------------------------
proof_buildid_list_input() {
	"$PROF" buildid-list -i rec.data >bli.out &&
	grep -q "^[0-9a-f]\{40\} .*/demo$" bli.out &&
	"$PROF" buildid-list -i "$HELPERS/demo" >bli.elf &&
	grep -q "^$(sed -n "s|^\([0-9a-f]*\) .*/demo$|\1|p" bli.out)$" bli.elf
}
proof_buildid_list_force() {
	mkdir -p blown.d && cp rec.data blown.d/perf.data && chown nobody blown.d/perf.data &&
	(cd blown.d && test_expect_code 255 "$PROF" buildid-list 2>../blown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" blown.err &&
	(cd blown.d && "$PROF" buildid-list -f >../blown.out) &&
	grep -q "/demo$" blown.out
}
proof_buildid_list_with_hits() {
	# demo spins in its own code: no sample falls in the [vdso]
	rec blh -e task-clock -- "$HELPERS/demo" 100 &&
	"$PROF" buildid-list -i blh.data >blh.all &&
	"$PROF" buildid-list -H -i blh.data >blh.hit &&
	grep -q "\[vdso\]$" blh.all &&
	! grep -q "\[vdso\]$" blh.hit &&
	grep -q "/demo$" blh.hit
}
proof_buildid_list_kernel() {
	"$PROF" buildid-list -k >blk.out &&
	grep -q "^[0-9a-f]\{40\}$" blk.out &&
	od -An -tx1 -v /sys/kernel/notes | tr -d " \n" >blk.notes &&
	grep -q "$(cat blk.out)" blk.notes
}
proof_buildid_list_kernel_maps() {
	"$PROF" buildid-list -m >blm.out &&
	"$PERF" buildid-list -m >blm.perf &&
	test_cmp blm.perf blm.out &&
	grep -q "^[0-9a-f]\{40\} ffffffff[0-9a-f]\{8\} ffffffff[0-9a-f]\{8\} \[kernel\.kallsyms\]$" blm.out
}
proof_buildid_list_verbose() {
	echo "not a perf.data file" >blv.data &&
	test_expect_code 255 "$PROF" buildid-list -i blv.data 2>blv.err &&
	! grep -q "bad magic" blv.err &&
	test_expect_code 255 "$PROF" buildid-list -v -i blv.data 2>blv.err &&
	grep -q "^blv.data: offset 0x0: not a perf.data file (bad magic)$" blv.err
}

# --- inject -----------------------------------------------------------
# injb NAME ARGS: prof inject ARGS of a recording without build-ids into
# NAME.data, and perf's list of NAME.data's build-ids into NAME.ids.
injb() {
	_ib=$1 &&
	shift &&
	{ test -f inob.data || rec inob -B -e task-clock -- "$HELPERS/demo" 50; } &&
	"$PROF" inject -i inob.data -o "$_ib.data" "$@" 2>"$_ib.err" &&
	"$PERF" buildid-list -i "$_ib.data" >"$_ib.ids"
}
proof_inject_build_ids() {
	injb ib0 &&
	! grep -q "^[0-9a-f]\{40\} .*/demo$" ib0.ids &&
	injb ib -b &&
	grep -q "^[0-9a-f]\{40\} .*/demo$" ib.ids
}
proof_inject_buildid_all() {
	# kernel samples only: no user file is hit, every mapped one listed
	rec ibk -B -e task-clock:k -- "$HELPERS/demo" 30 &&
	"$PROF" inject -b -i ibk.data -o iba.data &&
	"$PERF" buildid-list -i iba.data >iba.ids &&
	! grep -q "ld-linux\|/demo$" iba.ids &&
	"$PROF" inject --buildid-all -i ibk.data -o ibaa.data &&
	"$PERF" buildid-list -i ibaa.data >ibaa.ids &&
	grep -q "^[0-9a-f]\{40\} .*ld-linux" ibaa.ids &&
	grep -q "^[0-9a-f]\{40\} $HELPERS/demo$" ibaa.ids
}
proof_inject_known_build_ids() {
	injb ibk -b --known-build-ids="$HELPERS/demo=00112233445566778899aabbccddeeff00112233" &&
	grep -q "^00112233445566778899aabbccddeeff00112233 $HELPERS/demo$" ibk.ids
}
proof_inject_input() {
	injb ibi &&
	"$PROF" report --stdio -i ibi.data >ibi.out &&
	grep -q "hot_loop" ibi.out &&
	test_expect_code 255 "$PROF" inject -i no-such.data -o ibi2.data 2>ibi.err &&
	grep -q "^failed to open no-such.data: No such file or directory$" ibi.err
}
proof_inject_output() {
	injb ibo &&
	"$PROF" inject -i inob.data >ibo.stdout &&
	cmp ibo.data ibo.stdout &&
	"$PROF" inject -i inob.data | cat >ibo.pipe &&
	"$PROF" report --header-only -i ibo.pipe >ibo.hdr &&
	grep -q "^# data offset *: 0$" ibo.hdr
}
proof_inject_sched_stat() {
	# a stat sample becomes its thread's last switch: the stat events go
	rec iss -e sched:sched_stat_runtime -e sched:sched_switch -- \
		sh -c "sleep 0.02; ls /usr/lib >/dev/null; sleep 0.02" &&
	"$PROF" inject -i iss.data -o iss0.data &&
	"$PROF" script -i iss0.data -F event >iss0.ev &&
	grep -q "sched_stat_runtime" iss0.ev &&
	"$PROF" inject -s -i iss.data -o iss1.data &&
	"$PROF" script -i iss1.data -F event >iss1.ev &&
	grep -q "sched_switch" iss1.ev &&
	! grep -q "sched_stat_runtime" iss1.ev
}
proof_inject_jit() {
	rec ij -q -N -k mono -e task-clock -- "$HELPERS/jit-dump" 0.3 "$TRASH" &&
	"$PROF" inject -i ij.data -o ij0.data &&
	"$PERF" buildid-list -i ij0.data >ij0.ids &&
	! grep -q "jitted-" ij0.ids &&
	"$PROF" inject -j -i ij.data -o ij1.data &&
	"$PERF" buildid-list -i ij1.data >ij1.ids &&
	grep -q "/jitted-[0-9]*-1.so$" ij1.ids &&
	"$PROF" report --stdio -i ij1.data >ij1.out &&
	grep -q "jitted-[0-9]*-1.so *\[\.\] jit_alpha" ij1.out
}
proof_inject_verbose() {
	injb ibv -b &&
	! grep -q "build-id" ibv.err &&
	injb ibv2 -b -v &&
	grep -q "^build-id [0-9a-f]\{40\} .*/demo$" ibv2.err
}
proof_inject_vmlinux() {
	# the kernel's entry named by the file given, with that file's id
	rec ivk -B -e task-clock -- dd if=/dev/zero of=/dev/null bs=1 count=200000 &&
	"$PROF" inject -b -k "$HELPERS/demo" -i ivk.data -o ivk2.data &&
	"$PROF" buildid-list -i "$HELPERS/demo" >ivk.id &&
	"$PERF" buildid-list -i ivk2.data >ivk.ids &&
	grep -q "^$(cat ivk.id) $HELPERS/demo$" ivk.ids
}
proof_inject_ignore_vmlinux() {
	test_expect_code 255 "$PROF" inject --ignore-vmlinux -i rbase.data -o iiv.data 2>iiv.err &&
	grep -q "^--ignore-vmlinux: perf uses it to decode AUX area traces" iiv.err
}
proof_inject_kallsyms() {
	test_expect_code 255 "$PROF" inject --kallsyms=/proc/kallsyms -i rbase.data -o ika.data \
		2>ika.err &&
	grep -q "^--kallsyms: perf uses it to decode AUX area traces" ika.err
}
proof_inject_force() {
	mkdir -p ifo.d && cp rbase.data ifo.d/perf.data && chown nobody ifo.d/perf.data &&
	(cd ifo.d && test_expect_code 255 "$PROF" inject -i perf.data -o x.data 2>../ifo.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" ifo.err &&
	(cd ifo.d && "$PROF" inject -f -i perf.data -o x.data) &&
	test -s ifo.d/x.data
}
proof_inject_itrace() {
	test_expect_code 255 "$PROF" inject --itrace=i100us -i rbase.data -o iit.data 2>iit.err &&
	grep -q "^--itrace: perf uses it to decode AUX area traces" iit.err
}
proof_inject_strip() {
	test_expect_code 255 "$PROF" inject --strip -i rbase.data -o ist.data 2>ist.err &&
	grep -q "^--strip option requires --itrace option$" ist.err
}
proof_inject_vm_time_correlation() {
	test_expect_code 255 "$PROF" inject --vm-time-correlation -i rbase.data -o ivt.data 2>ivt.err &&
	grep -q "^--vm-time-correlation: prof does not inject virtual machine" ivt.err
}
proof_inject_guest_data() {
	test_expect_code 255 "$PROF" inject --guest-data=g.data -i rbase.data -o igd.data 2>igd.err &&
	grep -q "^--guest-data: prof does not inject virtual machine" igd.err
}
proof_inject_guestmount() {
	test_expect_code 255 "$PROF" inject --guestmount=/tmp -i rbase.data -o igm.data 2>igm.err &&
	grep -q "^--guestmount: prof does not inject virtual machine" igm.err
}

# --- buildid-cache, archive, kallsyms, bench ---------------------------
# bc ARGS: prof buildid-cache on the cache bc.d; bcl: its -l.
bc() {
	"$PROF" --buildid-dir "$TRASH/bc.d" buildid-cache "$@"
}
bcl() {
	"$PROF" --buildid-dir "$TRASH/bc.d" buildid-cache -l
}
proof_buildid_cache_add() {
	rm -rf bc.d && bc -a "$HELPERS/demo,$HELPERS/symtest" &&
	"$PERF" --buildid-dir "$TRASH/bc.d" buildid-cache -l >bca.perf &&
	grep -q " $HELPERS/demo$" bca.perf &&
	grep -q " $HELPERS/symtest$" bca.perf
}
proof_buildid_cache_kcore() {
	test_expect_code 255 "$PROF" --buildid-dir "$TRASH/bck.d" buildid-cache -k /proc/kcore \
		2>bck.err &&
	grep -q "^--kcore: adding a kcore copy to the cache is not supported$" bck.err &&
	! test -e bck.d
}
proof_buildid_cache_remove() {
	rm -rf bc.d && bc -a "$HELPERS/demo,$HELPERS/symtest" &&
	bc -r "$HELPERS/demo" && bcl >bcr.l &&
	! grep -q " $HELPERS/demo$" bcr.l &&
	grep -q " $HELPERS/symtest$" bcr.l
}
proof_buildid_cache_purge() {
	rm -rf bc.d && mkdir -p bcp && cp "$HELPERS/demo" bcp/x && bc -a "$TRASH/bcp/x" &&
	rm bcp/x && cp "$HELPERS/symtest" bcp/x && bc -a "$TRASH/bcp/x" &&
	test $(ls "bc.d$TRASH/bcp/x" | wc -l) = 2 &&
	bc -p "$TRASH/bcp/x" &&
	test $(ls "bc.d$TRASH/bcp/x" | wc -l) = 0 &&
	test $(find bc.d/.build-id -type l | wc -l) = 0
}
proof_buildid_cache_purge_all() {
	rm -rf bc.d && bc -a "$HELPERS/demo,$HELPERS/symtest" &&
	bcl >bcP.before && test $(wc -l <bcP.before) = 2 &&
	bc -P && bcl >bcP.l && test_must_be_empty bcP.l &&
	test $(find bc.d/.build-id -type l | wc -l) = 0
}
proof_buildid_cache_list() {
	rm -rf bc.d &&
	"$PERF" --buildid-dir "$TRASH/bc.d" buildid-cache -a "$HELPERS/demo" &&
	bcl >bcl.out &&
	echo "$("$PROF" buildid-list -i "$HELPERS/demo") $HELPERS/demo" >bcl.exp &&
	test_cmp bcl.exp bcl.out
}
proof_buildid_cache_missing() {
	rm -rf bc.d && bc -M rec.data >bcM.all &&
	grep -q " $HELPERS/demo$" bcM.all &&
	bc -a "$HELPERS/demo" && bc -M rec.data >bcM.some &&
	! grep -q " $HELPERS/demo$" bcM.some &&
	test $(wc -l <bcM.some) = $(($(wc -l <bcM.all) - 1))
}
proof_buildid_cache_force() {
	mkdir -p bcf.d && cp rec.data bcf.d/perf.data && chown nobody bcf.d/perf.data &&
	test_expect_code 255 bc -M bcf.d/perf.data 2>bcf.err &&
	grep -q "not owned by current user or root (use -f to override)" bcf.err &&
	bc -f -M bcf.d/perf.data >bcf.out &&
	test -s bcf.out
}
proof_buildid_cache_update() {
	rm -rf bc.d && mkdir -p bcu && cp "$HELPERS/demo" bcu/x && bc -a "$TRASH/bcu/x" &&
	e=$(find "bc.d$TRASH/bcu/x" -name elf) &&
	rm "$e" && echo stale >"$e" &&
	bc -a "$TRASH/bcu/x" && ! cmp -s bcu/x "$e" &&
	bc -u "$TRASH/bcu/x" && cmp bcu/x "$e"
}
proof_buildid_cache_verbose() {
	rm -rf bc.d && bc -a "$HELPERS/demo" 2>bcv.q && test_must_be_empty bcv.q &&
	bc -v -r "$HELPERS/demo" 2>bcv.err &&
	grep -q "^Removing $("$PROF" buildid-list -i "$HELPERS/demo") $HELPERS/demo: Ok$" bcv.err
}
proof_buildid_cache_target_ns() {
	rm -rf bc.d bcns.ready && mkdir -p bcns &&
	{ unshare -m --propagation private sh -c "mount -t tmpfs none \"$TRASH/bcns\" &&
		cp \"$HELPERS/demo\" \"$TRASH/bcns/app\" && echo \$\$ >\"$TRASH/bcns.ready\" &&
		exec sleep 10" & } &&
	n=0 &&
	until test -s bcns.ready || test $n -ge 100; do sleep 0.05 && n=$((n + 1)) || return 1; done &&
	pid=$(cat bcns.ready) &&
	! test -e bcns/app &&
	{ bc --target-ns "$pid" -a "$TRASH/bcns/app" || ret=$?; } &&
	kill "$pid" && test "${ret:-0}" = 0 &&
	cmp "$HELPERS/demo" "$(find "bc.d$TRASH/bcns/app" -name elf)"
}
# --debuginfod=URL: the server is asked for the debug file of a binary
# added (a real server and perf's tree: t0338); not without the option.
proof_buildid_cache_debuginfod() {
	if have_feature debuginfod; then
		rm -rf bc.d &&
		DEBUGINFOD_CACHE_PATH=$TRASH/bcd.dc DEBUGINFOD_URLS=http://127.0.0.1:9 \
			bc -v -a "$HELPERS/demo" 2>bcd0.err &&
		grep -q "^DEBUGINFOD_URLS=$" bcd0.err &&
		! grep -q "^Downloading debug info" bcd0.err &&
		rm -rf bc.d &&
		DEBUGINFOD_CACHE_PATH=$TRASH/bcd.dc \
			bc -v --debuginfod=http://127.0.0.1:9 -a "$HELPERS/demo" 2>bcd.err &&
		grep -q "^DEBUGINFOD_URLS=http://127.0.0.1:9$" bcd.err &&
		grep -q "^Downloading debug info with build id $("$PROF" buildid-list -i "$HELPERS/demo")$" bcd.err
	else
		bc --debuginfod -a "$HELPERS/demo" 2>bcd.err &&
		grep -q "^WARNING: debuginfod support requested, but prof is not built with it$" bcd.err
	fi
}
proof_archive_verbose() {
	"$PROF" record -q -e task-clock -o arv.data -- "$HELPERS/demo" 20 >/dev/null 2>&1 &&
	"$PROF" archive arv.data >arv.out 2>arv.q && test_must_be_empty arv.q &&
	"$PROF" archive -v arv.data >arv.out 2>arv.err &&
	grep -q "^archiving [0-9a-f]* $HELPERS/demo: \.build-id/" arv.err
}
proof_kallsyms_verbose() {
	"$PROF" kallsyms vfs_read 2>ksv.q >/dev/null && test_must_be_empty ksv.q &&
	"$PROF" kallsyms -v vfs_read >/dev/null 2>ksv.err &&
	"$PERF" kallsyms -v vfs_read >/dev/null 2>ksv.perf &&
	{ grep "inconsistency\|Problems creating module maps" ksv.perf >ksv.want || test $? = 1; } &&
	test_cmp ksv.want ksv.err
}
proof_bench_format() {
	"$PROF" bench -f simple sched messaging -g 1 -l 1 >bf.out &&
	grep -q "^[0-9]*\.[0-9][0-9][0-9]$" bf.out && test $(wc -l <bf.out) = 1 &&
	test_expect_code 255 "$PROF" bench -f nosuch sched messaging 2>bf.err
}
proof_bench_repeat() {
	"$PROF" bench -r 3 sched messaging -g 1 -l 1 >br.out &&
	grep -q "Total time" br.out &&
	test_expect_code 255 "$PROF" bench -r 0 sched messaging 2>br.err &&
	grep -q "^Invalid repeat option: Must specify a positive value$" br.err
}
# bsm OUT ARGS: sched messaging's clone, pipe and socketpair calls in OUT.
bsm() {
	_o=$1 && shift &&
	strace -f -qq -e trace=pipe,pipe2,socketpair,clone,clone3 -o "$_o" \
		"$PROF" bench sched messaging -g 1 -l 1 "$@" >/dev/null
}
proof_bench_sched_messaging_pipe() {
	bsm bsp.t -p && grep -q "pipe" bsp.t && ! grep -q "socketpair" bsp.t &&
	bsm bss.t && grep -q "socketpair" bss.t
}
proof_bench_sched_messaging_thread() {
	bsm bst.t -t && grep -q "CLONE_THREAD" bst.t &&
	bsm bsn.t && ! grep -q "CLONE_THREAD" bsn.t
}
proof_bench_sched_messaging_group() {
	"$PROF" bench sched messaging -g 3 -l 1 >bsg.out &&
	grep -q "^# 3 groups == 120 processes run$" bsg.out
}
proof_bench_sched_messaging_nr_loops() {
	strace -f -qq -e trace=write -o bsl1.t "$PROF" bench sched messaging -g 1 -l 1 >/dev/null &&
	strace -f -qq -e trace=write -o bsl3.t "$PROF" bench sched messaging -g 1 -l 3 >/dev/null &&
	test $(grep -c "= 100$" bsl3.t) = $((3 * $(grep -c "= 100$" bsl1.t)))
}

# --- data -------------------------------------------------------------
proof_data_verbose() {
	"$PROF" data convert -v --to-json dv.json -i rec.data 2>dv.err &&
	grep -q "\"samples\": \[" dv.json &&
	test_expect_code 129 "$PROF" data convert -x 2>dv2.err &&
	grep -q -- "-v, --verbose" dv2.err
}
proof_data_input() {
	mkdir -p din.d && cp rec.data din.d/other.data &&
	(cd din.d && "$PROF" data convert --to-json o.json -i other.data 2>/dev/null) &&
	grep -q "\"comm\": \"demo\"" din.d/o.json &&
	(cd din.d && test_expect_code 255 "$PROF" data convert --to-json p.json 2>err) &&
	grep -q "perf.data" din.d/err
}
proof_data_to_json() {
	"$PROF" data convert --to-json dj.json -i rec.data 2>dj.err &&
	grep -q "^	\"linux-perf-json-version\": 1,$" dj.json &&
	grep -q "\"symbol\": \"hot_loop\"" dj.json &&
	grep -q "^\[ perf data convert: Converted and wrote [0-9.]* MB ([0-9]* samples) \]$" dj.err &&
	test_expect_code 255 "$PROF" data convert -i rec.data 2>dj2.err &&
	grep -q "^You must specify one of --to-ctf or --to-json.$" dj2.err
}
proof_data_to_ctf() {
	test_expect_code 255 "$PROF" data convert --to-ctf ctf.d 2>dc.err &&
	grep -q "CTF output is not supported by prof" dc.err
}
proof_data_tod() {
	test_expect_code 255 "$PROF" data convert --to-json x.json --tod 2>dt.err &&
	grep -q "^--tod: CTF output is not supported by prof" dt.err
}
proof_data_all() {
	test_expect_code 255 "$PROF" data convert --to-json x.json --all 2>da.err &&
	grep -q "^--all: CTF output is not supported by prof" da.err
}
proof_data_force() {
	echo keep >df.json &&
	test_expect_code 255 "$PROF" data convert --to-json df.json -i rec.data 2>df.err &&
	grep -q "^Output file exists. Use --force to overwrite it.$" df.err &&
	grep -qx keep df.json &&
	"$PROF" data convert -f --to-json df.json -i rec.data 2>/dev/null &&
	grep -q "linux-perf-json-version" df.json
}
# dconv NAME ARGS: rec.data to pprof's NAME.pb.gz (stderr NAME.err),
# decompressed into NAME.pb; NAME.n the number of samples converted.
dconv() {
	_n=$1 && shift &&
	"$PROF" data convert --to-pprof "$_n.pb.gz" -i rec.data "$@" 2>"$_n.err" &&
	gzip -dc "$_n.pb.gz" >"$_n.pb" &&
	sed -n "s/^\[ perf data convert: Converted and wrote .* MB (\([0-9]*\) samples) \]$/\1/p" \
		"$_n.err" >"$_n.n" &&
	test -s "$_n.n"
}
proof_data_to_pprof() {
	dconv dpp &&
	grep -q "^\[ perf data convert: Converted 'rec.data' into pprof data 'dpp.pb.gz' \]$" dpp.err &&
	grep -a -q hot_loop dpp.pb && grep -a -q sym_plain dpp.pb &&
	grep -a -q task-clock dpp.pb && grep -a -q nanoseconds dpp.pb &&
	grep -a -q thread_comm dpp.pb &&
	"$PROF" script -i rec.data -F pid >dpp.script 2>/dev/null &&
	test "$(cat dpp.n)" = "$(wc -l <dpp.script)"
}
proof_data_to_speedscope() {
	"$PROF" data convert --to-speedscope dss.json -i rec.data 2>dss.err &&
	grep -q "^\[ perf data convert: Converted 'rec.data' into speedscope data 'dss.json' \]$" dss.err &&
	grep -q "^{\"\$schema\":\"https://www.speedscope.app/file-format-schema.json\"," dss.json &&
	grep -q "{\"name\":\"hot_loop\",\"file\":\"[^\"]*/demo\"}" dss.json &&
	grep -q "\"type\":\"sampled\",\"name\":\"demo [0-9]*/[0-9]*\",\"unit\":\"nanoseconds\"" dss.json
}
proof_data_to_chrome_trace() {
	"$PROF" data convert --to-chrome-trace dct.json -i rec.data 2>dct.err &&
	grep -q "^\[ perf data convert: Converted 'rec.data' into chrome trace data 'dct.json' \]$" dct.err &&
	"$PROF" script -i rec.data -F pid -G >dct.script 2>/dev/null &&
	python3 -c "
import json, sys
d = json.load(open(\"dct.json\"))
ev = d[\"traceEvents\"]
names = set(f[\"name\"] for f in d[\"stackFrames\"].values())
assert \"hot_loop\" in names and \"sym_plain\" in names, names
assert any(e[\"ph\"] == \"M\" and e[\"args\"][\"name\"] == \"demo\" for e in ev)
print(sum(e[\"ph\"] == \"i\" for e in ev))
" >dct.n &&
	test "$(cat dct.n)" = "$(wc -l <dct.script)"
}
proof_data_to_firefox() {
	"$PROF" data convert --to-firefox dff.json.gz -i rec.data 2>dff.err &&
	grep -q "^\[ perf data convert: Converted 'rec.data' into firefox data 'dff.json.gz' \]$" dff.err &&
	"$PROF" script -i rec.data -F pid -G >dff.script 2>/dev/null &&
	python3 -c "
import gzip, json
d = json.load(gzip.open(\"dff.json.gz\", \"rt\"))
assert d[\"meta\"][\"version\"] == 27
t = [t for t in d[\"threads\"] if t[\"name\"] == \"demo\"]
assert t, [t[\"name\"] for t in d[\"threads\"]]
names = set(s for t in d[\"threads\"] for s in t[\"stringTable\"])
assert \"hot_loop (in demo)\" in names and \"sym_plain (in symtest)\" in names, names
print(sum(len(t[\"samples\"][\"data\"]) for t in d[\"threads\"]))
" >dff.n &&
	test "$(cat dff.n)" = "$(wc -l <dff.script)"
}
proof_data_event() {
	dconv dpe -e task-clock &&
	test_cmp dpp.n dpe.n &&
	test_expect_code 255 "$PROF" data convert --to-pprof dpe2.pb.gz -i rec.data -e cycles \
		2>dpe2.err &&
	grep -q "event 'cycles' is not in rec.data" dpe2.err
}
proof_data_time() {
	dconv dpt --time 0%-50% &&
	"$PROF" script -i rec.data --time 0%-50% -F pid >dpt.script 2>/dev/null &&
	test "$(cat dpt.n)" = "$(wc -l <dpt.script)" &&
	test "$(cat dpt.n)" -lt "$(cat dpp.n)"
}
# demo's samples: its pid and tid, and how many script shows
demo_ids() {
	"$PROF" script -i rec.data -F comm,pid,tid 2>/dev/null | awk "\$1 == \"demo\"" >demo.ids &&
	test -s demo.ids
}
# demo_id NAME OPT SED: demo's pid or tid (SED takes it from "pid/tid")
# as --pid or --tid converts what script shows with it, demo's alone (a
# pid's samples include those from before its exec, as script's)
demo_id() {
	demo_ids &&
	_id=$(awk "{ print \$2 }" demo.ids | sed "$3" | head -1) &&
	dconv "$1" "$2" "$_id" &&
	"$PROF" script -i rec.data "$2" "$_id" -F pid >"$1.script" 2>/dev/null &&
	test "$(cat "$1.n")" = "$(wc -l <"$1.script")" &&
	grep -a -q hot_loop "$1.pb" && ! grep -a -q sym_plain "$1.pb"
}
proof_data_pid() {
	demo_id dpd --pid "s|/.*||"
}
proof_data_tid() {
	demo_id dptid --tid "s|.*/||"
}
proof_data_comms() {
	demo_ids &&
	dconv dpc --comms demo &&
	test "$(cat dpc.n)" = "$(wc -l <demo.ids)" &&
	grep -a -q hot_loop dpc.pb && ! grep -a -q sym_plain dpc.pb
}

# --- annotate ---------------------------------------------------------
# ann OUT ARGS: prof annotate --stdio of rec.data into OUT (stderr OUT.err).
ann() {
	_o=$1 &&
	shift &&
	"$PROF" annotate --stdio -i rec.data "$@" >"$_o" 2>"$_o.err"
}
# refused CMD-ARGS...: prof annotate fails with one line naming why.
refused() {
	test_expect_code 129 "$PROF" annotate --stdio -i rec.data "$@" >/dev/null 2>ref.err &&
	head -n 1 ref.err | grep -q "^--[a-z0-9-]*: .*\(not\|prof report -D\|DWARF\)"
}
proof_annotate_cpu() {
	refused -C 0
}
proof_annotate_dsos() {
	ann ad --no-source --dsos demo &&
	grep -q "Disassembly of demo for" ad &&
	! grep -q "Disassembly of symtest for" ad
}
proof_annotate_dump_raw_trace() {
	refused -D
}
proof_annotate_force() {
	mkdir -p aown.d && cp rec.data aown.d/perf.data && chown nobody aown.d/perf.data &&
	(cd aown.d && test_must_fail "$PROF" annotate --stdio 2>../aown.err) &&
	grep -q "not owned by current user" aown.err &&
	(cd aown.d && "$PROF" annotate --stdio --no-source -f hot_loop >../aown.out 2>/dev/null) &&
	grep -q "Disassembly of demo" aown.out
}
proof_annotate_input() {
	mkdir -p ain.d && cp rec.data ain.d/perf.data &&
	(cd ain.d && "$PROF" annotate --stdio --no-source hot_loop >../ain.out 2>/dev/null) &&
	"$PROF" annotate --stdio --no-source --input rec.data hot_loop >ain2.out 2>/dev/null &&
	test_cmp_nonempty ain.out ain2.out
}
proof_annotate_vmlinux() {
	kernel_fakes &&
	ann akv --no-source --no-demangle -k kfake.vmlinux &&
	cat akv akv.err | grep -q "_Z5kfakev" &&
	test_must_fail "$PROF" annotate --stdio -i rec.data -k /nonexistent 2>akv2.err &&
	grep -q "^Invalid file: /nonexistent$" akv2.err
}
proof_annotate_print_line() {
	ann apl --no-source -l hot_loop &&
	grep -q "^Sorted summary for file" apl &&
	grep -q " // demo.c:[0-9]" apl
}
proof_annotate_disassembler_style() {
	ann ams --no-source -M intel hot_loop &&
	grep -E -q "^ +[0-9.]+ : +[0-9a-f]+: +[a-z]+ +[a-z]" ams &&
	! grep -q "%r" ams
}
proof_annotate_modules() {
	refused -m
}
proof_annotate_show_nr_samples() {
	ann ann1 --no-source -n hot_loop &&
	grep -q "^ Samples |" ann1 &&
	grep -E -q "^ +[1-9][0-9]* : " ann1
}
proof_annotate_full_paths() {
	ann afp --no-source -l -P hot_loop &&
	grep -q " // /.*/demo.c:[0-9]" afp
}
proof_annotate_quiet() {
	ann aq0 --no-source --objdump=/nonexistent hot_loop &&
	test -s aq0.err &&
	ann aq --no-source -q --objdump=/nonexistent hot_loop &&
	! test -s aq.err
}
proof_annotate_symbol() {
	ann asy --no-source --symbol hot_loop &&
	test $(grep -c "Source code & Disassembly" asy) = 1 &&
	grep -q "<hot_loop>:" asy
}
proof_annotate_verbose() {
	ann av --no-source -v hot_loop &&
	grep -q "^annotating hot_loop" av.err
}
proof_annotate_asm_raw() {
	ann aar --no-source --asm-raw hot_loop &&
	grep -E -q "^ +[0-9.]+ : +[0-9a-f]+: +([0-9a-f]{2} )+ +[a-z]" aar
}
proof_annotate_demangle() {
	ann adm0 --no-source &&
	ann adm --no-source --no-demangle &&
	grep -q "<prof::work" adm0 &&
	grep -q "<_ZN" adm
}
proof_annotate_demangle_kernel() {
	kernel_fakes &&
	ann adk --no-source -k kfake.vmlinux --demangle-kernel &&
	cat adk adk.err | grep -q "kfake" &&
	! cat adk adk.err | grep -q "_Z5kfakev"
}
proof_annotate_group() {
	refused --group
}
proof_annotate_ignore_vmlinux() {
	kernel_fakes &&
	mkdir -p avm.d && cp kfake.vmlinux avm.d/vmlinux &&
	(cd avm.d && "$PROF" annotate --stdio -i ../rec.data --no-source >../aiv0 2>&1) &&
	(cd avm.d && "$PROF" annotate --stdio -i ../rec.data --no-source --ignore-vmlinux >../aiv 2>&1) &&
	grep -q "_Z5kfakev" aiv0 && ! grep -q "_Z5kfakev" aiv
}
proof_annotate_kallsyms() {
	kernel_fakes &&
	ann aks --no-source --kallsyms kfake.kallsyms &&
	cat aks aks.err | grep -q "ksfake" &&
	ann aks0 --no-source &&
	! grep -q "ksfake" aks0 aks0.err &&
	test_must_fail "$PROF" annotate --stdio -i rec.data --kallsyms /nonexistent 2>aks2.err &&
	grep -q "^Invalid file: /nonexistent$" aks2.err
}
proof_annotate_itrace() {
	refused --itrace=i
}
proof_annotate_objdump() {
	ann aod --no-source --objdump=objdump hot_loop &&
	grep -q "<hot_loop>:" aod &&
	ann aod2 --no-source --objdump=/nonexistent hot_loop &&
	grep -q "/nonexistent failed" aod2.err
}
proof_annotate_percent_limit() {
	ann apl0 --no-source &&
	ann apl1 --no-source --percent-limit 5 &&
	test $(grep -c "Source code" apl1) -ge 1 &&
	test $(grep -c "Source code" apl1) -lt $(grep -c "Source code" apl0)
}
proof_annotate_percent_type() {
	ann apt --no-source --percent-type global-hits hot_loop &&
	grep -q "percent: global hits)" apt &&
	test_must_fail "$PROF" annotate --stdio -i rec.data --percent-type x 2>apt2.err &&
	grep -q "Invalid percent type" apt2.err
}
# ann_src: the source file of hot_loop as its DWARF names it, in $asrc
ann_src() {
	ann asp -l -P --no-source hot_loop &&
	asrc=$(sed -n "s|.* // \(/.*\):[0-9]*$|\1|p" asp | head -n 1) &&
	test -f "$asrc"
}
# a copy of it under DIR with a marked line: prof reads the copy
ann_src_copy() {
	mkdir -p "$(dirname "$1")" &&
	sed "s/x = x \* /x = $2 * x * /" "$asrc" >"$1" &&
	grep -q "$2" "$1"
}
proof_annotate_prefix() {
	ann_src &&
	ann_src_copy "pfx$asrc" PREFIXED &&
	ann apx --prefix "$TRASH/pfx" hot_loop &&
	grep -q "PREFIXED" apx &&
	ann apx0 hot_loop &&
	! grep -q "PREFIXED" apx0
}
# objdump's --prefix-strip: the first N directories go, --prefix comes first
proof_annotate_prefix_strip() {
	ann_src &&
	ann_src_copy "pfs/${asrc#/*/}" STRIPPED &&
	ann aps --prefix "$TRASH/pfs" --prefix-strip 1 hot_loop &&
	grep -q "STRIPPED" aps &&
	test_expect_code 234 "$PROF" annotate --stdio -i rec.data --prefix-strip 1 hot_loop \
		>/dev/null 2>aps.err &&
	echo "--prefix-strip requires --prefix" >aps.want &&
	test_cmp aps.want aps.err
}
proof_annotate_show_total_period() {
	ann atp --no-source --show-total-period hot_loop &&
	grep -q "^ Period      |" atp
}
proof_annotate_skip_missing() {
	ann asm0 --no-source --objdump=/nonexistent hot_loop &&
	grep -q "Couldn.t annotate hot_loop" asm0.err &&
	ann asm1 --no-source --objdump=/nonexistent --skip-missing hot_loop &&
	! test -s asm1.err
}
proof_annotate_source() {
	ann asrc hot_loop &&
	ann asrc0 --no-source hot_loop &&
	grep -E -q "^ +: [0-9]+ +.*;" asrc &&
	! grep -E -q "^ +: [0-9]+ +.*;" asrc0
}
proof_annotate_stdio() {
	ann ast --no-source hot_loop &&
	grep -q "^ Percent |	Source code & Disassembly of demo for task-clock" ast
}
proof_annotate_stdio_color() {
	ann asc --no-source --stdio-color never hot_loop &&
	grep -q "Source code" asc &&
	test_must_fail "$PROF" annotate --stdio -i rec.data --stdio-color always 2>asc.err &&
	grep -q "without colour" asc.err
}
proof_annotate_stdio2() {
	refused --stdio2
}
proof_annotate_symfs() {
	bin=$HELPERS/demo &&
	mkdir -p "asfroot$(dirname "$bin")" && cp "$bin" "asfroot$bin" &&
	ann asf --no-source --symfs asfroot hot_loop &&
	ann asf0 --no-source hot_loop &&
	test_cmp_nonempty asf0 asf &&
	ann asf1 --no-source --symfs "$TRASH/nothing" hot_loop &&
	! grep -q "hot_loop" asf1
}
# tui_ann NAME CMD...: CMD on a terminal (tmux), a on its first entry
# once it shows hot_loop; the annotate screen into NAME.
tui_ann() {
	_tn=$1 &&
	shift &&
	_ts="t0006-$$-$_tn" &&
	tmux -L "$_ts" new-session -d -s a -x 150 -y 50 -c "$PWD" "$*; sleep 30" &&
	_i=0 &&
	until tmux -L "$_ts" capture-pane -p -t a >"$_tn" 2>/dev/null &&
	      grep -q "hot_loop" "$_tn" || test $_i -ge 100; do
		sleep 0.1 && _i=$((_i + 1)) || return 1
	done &&
	tmux -L "$_ts" send-keys -t a a &&
	_i=0 &&
	until tmux -L "$_ts" capture-pane -p -t a >"$_tn" 2>/dev/null &&
	      grep -q "\[Percent: \|annotate" "$_tn" || test $_i -ge 100; do
		sleep 0.1 && _i=$((_i + 1)) || return 1
	done &&
	sleep 0.3 &&
	tmux -L "$_ts" capture-pane -p -t a >"$_tn" &&
	tmux -L "$_ts" kill-server
}
# tui_rep NAME ARGS: prof report of hot_loop alone (ARGS added), annotated
tui_rep() {
	_rn=$1 &&
	shift &&
	tui_ann "$_rn" "\"$PROF\"" report -i rec.data --no-children -S hot_loop "$@"
}
# tui_top NAME ARGS: prof top of a busy demo's hot_loop (ARGS added),
# annotated; the demo is stopped whatever happens
tui_top() {
	_pn=$1 &&
	shift &&
	_tr=0 &&
	start_busy &&
	{ tui_ann "$_pn" "\"$PROF\"" top -d 1 -e task-clock --symbols hot_loop \
		-p "$(cat busy.pid)" "$@" || _tr=$?; } &&
	stop_busy &&
	test "${_tr:-0}" = 0
}
proof_annotate_tui() {
	tui_ann atui "\"$PROF\"" annotate --tui -i rec.data hot_loop &&
	grep -q "^hot_loop  .*\[Percent: local period\]" atui &&
	"$PROF" annotate --tui -i rec.data hot_loop >atui.nt 2>&1 &&
	grep -q "Source code & Disassembly of" atui.nt
}
# report and top: what the annotate browser (a) shows
proof_report_disassembler_style() {
	tui_rep rms -M intel &&
	grep -q " mov  *rax,rsi" rms &&
	! grep -q "%r" rms
}
proof_report_asm_raw() {
	tui_rep rar --asm-raw &&
	grep -E -q " ([0-9a-f]{2} )+ +[a-z]+ " rar &&
	tui_rep rar0 &&
	! grep -E -q " ([0-9a-f]{2} )+ +[a-z]+ " rar0
}
proof_report_objdump() {
	tui_rep rod --objdump=/nonexistent &&
	grep -q "Couldn.t annotate hot_loop: .*/nonexistent" rod
}
proof_report_prefix() {
	ann_src &&
	ann_src_copy "rpfx$asrc" RPREFIXED &&
	tui_rep rpx --prefix "$TRASH/rpfx" &&
	grep -q "RPREFIXED" rpx
}
proof_report_prefix_strip() {
	ann_src &&
	ann_src_copy "rpfs/${asrc#/*/}" RSTRIPPED &&
	tui_rep rps --prefix "$TRASH/rpfs" --prefix-strip 1 &&
	grep -q "RSTRIPPED" rps &&
	test_expect_code 234 "$PROF" report --stdio -i rec.data --prefix-strip 1 >/dev/null 2>rps.err
}
proof_report_source() {
	tui_rep rsrc &&
	tui_rep rsrc0 --no-source &&
	grep -q "x = x \*" rsrc &&
	! grep -q "x = x \*" rsrc0
}
# tui_wait SOCKET FILE PATTERN: capture the pane into FILE until PATTERN shows (~10 s)
tui_wait() {
	_i=0 &&
	until tmux -L "$1" capture-pane -p -t a >"$2" 2>/dev/null &&
	      grep -q -E "$3" "$2" || test $_i -ge 100; do
		sleep 0.1 && _i=$((_i + 1)) || return 1
	done &&
	grep -q -E "$3" "$2"
}
# --samples 2: Enter's menu offers the saved samples, which it lists
proof_report_samples() {
	_ts="t0006-$$-rsmp" &&
	tmux -L "$_ts" new-session -d -s a -x 150 -y 50 -c "$PWD" \
		"\"$PROF\" report -i rec.data --no-children -S hot_loop --samples 2; sleep 30" &&
	tui_wait "$_ts" rsmp "hot_loop" &&
	tmux -L "$_ts" send-keys -t a Enter &&
	tui_wait "$_ts" rsmp "^Show context for individual samples" &&
	tmux -L "$_ts" send-keys -t a End Up Enter &&
	tui_wait "$_ts" rsmp "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+" &&
	tmux -L "$_ts" kill-server &&
	test "$(grep -c -E "^[0-9]+\.[0-9]{9}: CPU -?[0-9]+ tid [0-9]+" rsmp)" = 2 &&
	_ts="t0006-$$-rsmp0" &&
	tmux -L "$_ts" new-session -d -s a -x 150 -y 50 -c "$PWD" \
		"\"$PROF\" report -i rec.data --no-children -S hot_loop; sleep 30" &&
	tui_wait "$_ts" rsmp0 "hot_loop" &&
	tmux -L "$_ts" send-keys -t a Enter &&
	tui_wait "$_ts" rsmp0 "^Exit" &&
	tmux -L "$_ts" kill-server &&
	! grep -q "Show context" rsmp0
}
proof_report_percent_type() {
	tui_rep rpt --percent-type global-hits &&
	grep -q "^hot_loop  .*\[Percent: global hits\]" rpt &&
	test_expect_code 129 "$PROF" report --stdio -i rec.data --percent-type x >/dev/null 2>&1
}
proof_top_disassembler_style() {
	tui_top tms -M intel &&
	grep -q " mov  *rax,rsi" tms &&
	! grep -q "%r" tms
}
proof_top_asm_raw() {
	tui_top tar --asm-raw &&
	grep -E -q " ([0-9a-f]{2} )+ +[a-z]+ " tar
}
proof_top_objdump() {
	tui_top tod --objdump=/nonexistent &&
	grep -q "Couldn.t annotate hot_loop: .*/nonexistent" tod
}
proof_top_prefix() {
	ann_src &&
	ann_src_copy "tpfx$asrc" TPREFIXED &&
	tui_top tpx --prefix "$TRASH/tpfx" &&
	grep -q "TPREFIXED" tpx
}
proof_top_prefix_strip() {
	ann_src &&
	ann_src_copy "tpfs/${asrc#/*/}" TSTRIPPED &&
	tui_top tps --prefix "$TRASH/tpfs" --prefix-strip 1 &&
	grep -q "TSTRIPPED" tps
}
proof_top_source() {
	tui_top tsrc0 --no-source &&
	grep -q "^hot_loop  " tsrc0 &&
	! grep -q "x = x \*" tsrc0 &&
	tui_top tsrc &&
	grep -q "x = x \*" tsrc
}

# --- diff -------------------------------------------------------------
# diffwork before and after its change (slowed grows, removed becomes
# added), once; dcpu.data with the samples' CPUs.
diff_fixtures() {
	test -s dafter.data && return 0
	rec dbefore -e task-clock -- "$HELPERS/diffwork" before 100 &&
	rec dafter -e task-clock -- "$HELPERS/diffwork" after 100 &&
	rec dcpu -e task-clock --sample-cpu -- "$HELPERS/diffwork" after 100
}
# dif OUT ARGS: prof diff dbefore.data dafter.data ARGS into OUT.
dif() {
	_o=$1 &&
	shift &&
	diff_fixtures &&
	"$PROF" diff "$@" dbefore.data dafter.data >"$_o" 2>"$_o.err"
}
# drows FILE: the entry lines of a diff.
drows() {
	grep -v "^#" "$1" | grep .
}
proof_diff_verbose() {
	dif dv0 && dif dv -v &&
	grep -q "^#  \[1\] dafter.data $" dv && ! grep -q "Data files" dv0 &&
	grep -q "/diffwork " dv && ! grep -q "/diffwork " dv0
}
proof_diff_quiet() {
	dif dq0 && dif dq -q &&
	grep -q "^# Event" dq0 && ! grep -q "^#" dq &&
	drows dq0 >dq0.rows && test_cmp dq0.rows dq
}
proof_diff_baseline_only() {
	dif db0 && dif db -b &&
	grep -q "\[\.\] added$" db0 && ! grep -q "\[\.\] added$" db &&
	grep -q "\[\.\] removed$" db0 && ! grep -q "\[\.\] removed$" db &&
	grep -q "\[\.\] slowed$" db
}
proof_diff_compute() {
	dif dc -c ratio &&
	grep -q "^# Baseline           Ratio  Shared Object" dc &&
	drows dc | grep -q "^ *[0-9.]*% *[0-9]*\.[0-9]\{6\}  diffwork *\[\.\] slowed$" &&
	dif dcw -c wdiff:1,2 && grep -q "Weighted diff" dcw &&
	gen=$SRCDIR/tests/shell/perf-data-gen.py &&
	python3 "$gen" cycles dcb.data "$HELPERS/symtest-nopie" before &&
	python3 "$gen" cycles dca.data "$HELPERS/symtest-nopie" after &&
	"$PROF" diff -c cycles dcb.data dca.data >dcc &&
	grep -q "^# Baseline  *\[Program Block Range\] Cycles Diff  Shared Object" dcc &&
	grep -q "\]    7  symtest-nopie  \[\.\] main$" dcc &&
	test_expect_code 129 "$PROF" diff -c nosuch dbefore.data dafter.data 2>dcn.err &&
	grep -q "^Failed: .nosuch. is not computation method" dcn.err
}
proof_diff_period() {
	dif dp -p &&
	grep -q "^# Baseline     Base period  Delta Abs          Period  Shared Object" dp
}
proof_diff_formula() {
	dif df -F &&
	drows df | grep -q "(\([0-9]*\) \* 100 / [0-9]*) - ([0-9]* \* 100 / [0-9]*)  diffwork *\[\.\] slowed$"
}
proof_diff_cycles_hist() {
	diff_fixtures &&
	test_expect_code 129 "$PROF" diff --cycles-hist dbefore.data dafter.data 2>dch.err &&
	grep -q -- "--cycles-hist" dch.err &&
	gen=$SRCDIR/tests/shell/perf-data-gen.py &&
	python3 "$gen" cycles dhb.data "$HELPERS/symtest-nopie" before &&
	python3 "$gen" cycles dha.data "$HELPERS/symtest-nopie" after &&
	"$PROF" diff -c cycles --cycles-hist dhb.data dha.data >dch &&
	grep -q "Cycles Diff        stddev/Hist  Shared Object" dch &&
	grep -q " 33.3% " dch
}
proof_diff_dump_raw_trace() {
	dif dd -D &&
	grep -q "PERF_RECORD_SAMPLE" dd && grep -q "^0x[0-9a-f]*@dafter.data " dd &&
	grep -q "\[\.\] slowed$" dd
}
proof_diff_force() {
	diff_fixtures &&
	mkdir -p down.d && cp dbefore.data down.d/perf.data.old && cp dafter.data down.d/perf.data &&
	chown nobody down.d/perf.data &&
	(cd down.d && test_expect_code 255 "$PROF" diff 2>../down.err) &&
	grep -q "not owned by current user or root" down.err &&
	(cd down.d && "$PROF" diff -f >../down.out 2>/dev/null) &&
	grep -q "\[\.\] slowed$" down.out
}
proof_diff_kallsyms() {
	kernel_fakes &&
	"$PROF" diff --kallsyms kfake.kallsyms rec.data rec.data >dks 2>/dev/null &&
	grep -q "\[k\] ksfake$" dks
}
proof_diff_modules() {
	dif dm0 && dif dm -m &&
	test_cmp dm0 dm && drows dm | grep -q "\[\.\] slowed$"
}
proof_diff_dsos() {
	dif dds -d diffwork &&
	grep -q "^# Baseline  Delta Abs  Symbol" dds &&
	drows dds >dds.rows && grep -q "\[\.\] slowed$" dds.rows &&
	! grep -v "% *\[\.\] [a-zA-Z0-9_.]*$" dds.rows &&
	dif dds0 && grep -q "Shared Object" dds0
}
proof_diff_comms() {
	dif dco -C diffwork && dif dco2 -C nosuch &&
	drows dco | grep -q "\[\.\] slowed$" && ! drows dco2
}
proof_diff_symbols() {
	dif dsy -S slowed,steady &&
	test $(drows dsy | wc -l) = 2 &&
	drows dsy | grep -q "\[\.\] slowed$" && drows dsy | grep -q "\[\.\] steady$"
}
proof_diff_sort() {
	dif dso -s sym &&
	grep -q "^# Baseline  Delta Abs  Symbol" dso &&
	dif dso2 -s dso &&
	drows dso2 | grep -q "% *diffwork *$"
}
proof_diff_field_separator() {
	dif dt -t , &&
	grep -q "^# Baseline,Delta Abs,Shared Object" dt &&
	drows dt | grep -q "^[0-9.]* *,+[0-9.]*% *,diffwork *,\[\.\] slowed$"
}
proof_diff_symfs() {
	mkdir -p nosymfs &&
	dif dsf --symfs "$TRASH/nosymfs" &&
	! grep -q "\[\.\] slowed" dsf && drows dsf | grep -q "\[\.\] 0x"
}
proof_diff_order() {
	dif do1 && dif do0 -o 0 &&
	drows do0 | head -n 1 | grep -q "\[\.\] steady$" &&
	drows do1 | head -n 1 | grep -q "\[\.\] slowed$" &&
	test_expect_code 255 "$PROF" diff -o 2 dbefore.data dafter.data 2>do.err &&
	grep -q "^Order option out of limit.$" do.err
}
proof_diff_percentage() {
	dif dpa -d diffwork && dif dpr -d diffwork --percentage relative &&
	! test_cmp dpa dpr
}
proof_diff_time() {
	dif dtm0 && dif dtm --time 0%-10% &&
	! test_cmp dtm0 dtm &&
	test_expect_code 234 "$PROF" diff --time bogus dbefore.data dafter.data 2>dtm.err &&
	grep -q "^Invalid time string$" dtm.err
}
proof_diff_cpu() {
	diff_fixtures &&
	test_expect_code 255 "$PROF" diff --cpu 0 dbefore.data dafter.data >dcp 2>dcp.err &&
	grep -q "^File does not contain CPU events. Remove -C option to proceed.$" dcp.err &&
	cpu=$("$PROF" script -i dcpu.data -F cpu | head -n 1 | tr -d " []") &&
	"$PROF" diff --cpu "$cpu" dcpu.data dcpu.data >dcp1 &&
	drows dcp1 >dcp1.rows && test -s dcp1.rows &&
	test_expect_code 255 "$PROF" diff --cpu 1000 dcpu.data dcpu.data 2>dcp2.err &&
	grep -q "^Requested CPU 1000 too large" dcp2.err
}
proof_diff_pid() {
	dif dpi --pid 1 && ! drows dpi &&
	pid=$("$PROF" script -i dafter.data -F pid | head -n 1 | tr -d " ") &&
	"$PROF" diff --pid "$pid" dbefore.data dafter.data >dpi2 &&
	drows dpi2 | grep -q "\[\.\] added$" && ! drows dpi2 | grep -q "\[\.\] removed$"
}
proof_diff_tid() {
	dif dti --tid 1 && ! drows dti &&
	tid=$("$PROF" script -i dafter.data -F tid | head -n 1 | tr -d " ") &&
	"$PROF" diff --tid "$tid" dbefore.data dafter.data >dti2 &&
	drows dti2 | grep -q "\[\.\] added$" && ! drows dti2 | grep -q "\[\.\] removed$"
}
proof_diff_stream() {
	diff_fixtures &&
	test_expect_code 255 "$PROF" diff --stream dbefore.data dafter.data >dst 2>dst.err &&
	grep -q "stream" dst.err && ! test -s dst &&
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" branch dst.data "$HELPERS/symtest-nopie" &&
	"$PROF" diff --stream dst.data dst.data >dst &&
	test "$(grep -c "^hot chain pair [0-9]*:$" dst)" = 3
}
proof_diff_noise() {
	dif dn --noise &&
	grep -q "^# Baseline  Delta Abs       z  Shared Object" dn &&
	drows dn | grep -q "+[0-9.]*% *+[0-9.]*\* *diffwork *\[\.\] slowed$"
}

# --- sched ----------------------------------------------------------
proof_sched_input() {
	test_expect_code 255 "$PROF" sched -i no-such.data latency >/dev/null 2>si.err &&
	grep -q "^failed to open no-such.data: No such file or directory" si.err &&
	"$PROF" sched -i rbase.data script -F event >si.out &&
	grep -q "task-clock" si.out
}
proof_sched_verbose() {
	sched_fixture &&
	"$PROF" sched --verbose -i sched.data replay -r 1 >sv.out 2>sv.err &&
	grep -q "^registered task #1, PID [0-9]* (" sv.out &&
	grep -q "^fork event$" sv.out &&
	grep -q "^ \.\.\. switch from .* \[ran [0-9]* nsecs\]$" sv.err &&
	"$PROF" sched -i sched.data replay -r 1 >sq.out 2>sq.err &&
	! grep -q "^registered task" sq.out &&
	test_must_be_empty sq.err
}
proof_sched_dump_raw_trace() {
	sched_fixture &&
	"$PROF" sched --dump-raw-trace -i sched.data latency >sd.out &&
	grep -q "^0x[0-9a-f]*@sched.data \[0x[0-9a-f]*\]: event: 9$" sd.out &&
	grep -q "PERF_RECORD_MMAP2: unhandled!$" sd.out &&
	grep -q "^  TOTAL: " sd.out &&
	"$PROF" sched -i sched.data latency >sn.out &&
	! grep -q "PERF_RECORD_" sn.out &&
	"$PROF" sched -D -i sched.data script >sds.out &&
	grep -q "PERF_RECORD_SAMPLE(" sds.out &&
	grep -q " sched:sched_switch: prev_comm=" sds.out
}
proof_sched_force() {
	mkdir -p sown.d && cp rbase.data sown.d/perf.data && chown nobody sown.d/perf.data &&
	(cd sown.d && test_expect_code 255 "$PROF" sched latency 2>../sown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" sown.err &&
	(cd sown.d && "$PROF" sched -f latency >../sown.out) &&
	grep -q "^  TOTAL: " sown.out
}
# sched.data: a recording of prof sched record, with waits and two sleeps.
sched_fixture() {
	test -s sched.data ||
	"$PROF" sched record -q -o sched.data -- sh -c "sleep 0.1; sleep 0.1 & sleep 0.2; wait" \
		>/dev/null 2>&1
}
# sched_owned SUB DIR: prof sched SUB refuses sched.data owned by nobody,
# as DIR/perf.data, and reads it with -f into DIR.d.out.
sched_owned() {
	sched_fixture &&
	mkdir -p "$2.d" && cp sched.data "$2.d/perf.data" && chown nobody "$2.d/perf.data" &&
	(cd "$2.d" && test_expect_code 255 "$PROF" sched "$1" 2>err) &&
	grep -q "not owned by current user or root" "$2.d/err" &&
	(cd "$2.d" && "$PROF" sched "$1" -f >out) &&
	cp "$2.d/out" "$2.d.out"
}
# lrows OUT: the task rows of a latency table.
lrows() {
	grep "^  [^ ].* | *[0-9]* | avg:" "$1" | grep -v "^  TOTAL:"
}
proof_sched_latency_sort() {
	sched_fixture &&
	"$PROF" sched latency -i sched.data -s switch >ls.out &&
	lrows ls.out | sed "s/.*ms | *\([0-9]*\) | avg.*/\1/" >ls.n &&
	test -s ls.n && sort -n -r ls.n | test_cmp - ls.n &&
	test_expect_code 129 "$PROF" sched latency -i sched.data -s nokey 2>ls.err &&
	grep -q "Unknown --sort key: .nokey." ls.err
}
# -C changes the waits only where a task was woken while runnable or
# migrated, which a recording may not hold: the rows are perf's.
proof_sched_latency_CPU() {
	sched_fixture &&
	"$PROF" sched latency -i sched.data -p -C 0 >lc1.out &&
	"$PERF" sched latency -i sched.data -p -C 0 >lc1.perf 2>/dev/null &&
	lrows lc1.out >lc1.rows && test -s lc1.rows &&
	lrows lc1.perf >lc1.prows &&
	test_cmp lc1.prows lc1.rows
}
proof_sched_latency_pids() {
	sched_fixture &&
	"$PROF" sched latency -i sched.data >lm.out &&
	"$PROF" sched latency -i sched.data -p >lp.out &&
	# two sleeps or more: other processes of the machine sleep too
	lrows lm.out | grep -q "^  sleep:([2-9][0-9]*) " &&
	lrows lp.out | grep -q "^  sleep:[0-9][0-9]* " &&
	! lrows lp.out | grep -q ":("
}
proof_sched_latency_input() {
	sched_fixture &&
	"$PROF" sched latency --input sched.data >li.out &&
	lrows li.out | grep -q "^  sleep:"
}
proof_sched_latency_verbose() {
	sched_fixture &&
	"$PROF" sched latency -i sched.data -v >lv.out 2>lv.err &&
	"$PROF" sched latency -i sched.data >lq.out &&
	test_cmp lq.out lv.out &&
	lrows lv.out | grep -q "^  sleep:"
}
proof_sched_latency_force() {
	sched_owned latency lown &&
	lrows lown.d.out | grep -q "^  sleep:"
}
# th OUT ARGS: prof sched timehist of sched.data into OUT.
th() {
	_o=$1 &&
	shift &&
	sched_fixture &&
	"$PROF" sched timehist -i sched.data "$@" >"$_o" 2>"$_o.err"
}
# trows OUT: the event lines of a timehist (a time, then a CPU).
trows() {
	grep "^ *[0-9]*\.[0-9]* \[[0-9]*\] " "$1"
}
proof_sched_timehist_cpu() {
	th tc0 &&
	th tc1 --cpu 0 &&
	trows tc0 | grep -q "\[0001\]" &&
	trows tc1 >tc1.rows && test -s tc1.rows &&
	! grep -q -v "\[0000\]" tc1.rows
}
proof_sched_timehist_call_graph() {
	th tg -g &&
	grep -q "^Samples do not have callchains.$" tg.err &&
	th tg0 --no-call-graph &&
	! test -s tg0.err &&
	tgc_fixture &&
	"$PROF" sched timehist -i tgc.data >tgc.out &&
	trows tgc.out | grep -q "  [a-z_0-9.]* <- [a-z_0-9.]*" &&
	"$PROF" sched timehist -i tgc.data --no-call-graph >tgc0.out &&
	trows tgc0.out | grep -q . &&
	! trows tgc0.out | grep -q " <- "
}
# -I: the idle task's switches only (fewer rows, no wakeups), its summary
proof_sched_timehist_idle_hist() {
	th ti0 -w -S &&
	th ti -I -w -S &&
	grep -q "^Idle-time summary$" ti &&
	! grep -q "^Runtime summary$" ti &&
	grep -q "^Runtime summary$" ti0 &&
	grep -q "awakened:" ti0 &&
	! grep -q "awakened:" ti &&
	test "$(trows ti | wc -l)" -lt "$(trows ti0 | wc -l)"
}
# tgc_fixture: a sched_switch recording with call chains, tgc.data.
tgc_fixture() {
	test -s tgc.data ||
	"$PROF" record -q -g -a -e sched:sched_switch -o tgc.data -- sleep 0.1
}
# nframes OUT: the most frames of a chain in a timehist.
nframes() {
	trows "$1" | awk -F " <- " "{ if (NF > n) n = NF } END { print n + 0 }"
}
# N + 2 frames resolved, the scheduler's own left out of those shown
proof_sched_timehist_max_stack() {
	tgc_fixture &&
	"$PROF" sched timehist -i tgc.data --max-stack 1 >tms1.out &&
	"$PROF" sched timehist -i tgc.data --max-stack 3 >tms3.out &&
	test "$(nframes tms3.out)" -le 5 &&
	test "$(nframes tms1.out)" -le 3 &&
	test "$(nframes tms3.out)" -gt "$(nframes tms1.out)"
}
# the kernel's frames named from a copy of kallsyms, or from none under --symfs
proof_sched_timehist_kallsyms() {
	tgc_fixture &&
	cp /proc/kallsyms tks.syms &&
	"$PROF" sched timehist -i tgc.data --kallsyms tks.syms >tks.out &&
	trows tks.out | grep -q "schedule_\|do_nanosleep\|worker_thread" &&
	test_expect_code 234 "$PROF" sched timehist -i tgc.data --kallsyms nonexistent 2>tks.err &&
	grep -q "^Invalid file: nonexistent$" tks.err
}
# -k FILE: the kernel's names from that image only (kallsyms text is not
# one: no name, as perf)
proof_sched_timehist_vmlinux() {
	tgc_fixture &&
	test_expect_code 234 "$PROF" sched timehist -i tgc.data -k nonexistent 2>tkv.err &&
	grep -q "^Invalid file: nonexistent$" tkv.err &&
	cp /proc/kallsyms tkv.syms &&
	"$PROF" sched timehist -i tgc.data >tkv0.out &&
	"$PROF" sched timehist -i tgc.data --vmlinux tkv.syms >tkv.out &&
	trows tkv0.out | grep -q "  [a-z_]" &&
	! trows tkv.out | grep -q "  [a-z_][a-z_0-9.]* <- "
}
proof_sched_timehist_symfs() {
	tgc_fixture &&
	"$PROF" sched timehist -i tgc.data >tsf0.out &&
	mkdir -p tsf.d &&
	"$PROF" sched timehist -i tgc.data --symfs tsf.d >tsf.out &&
	trows tsf0.out | grep -q " <- [a-z_]" &&
	! trows tsf.out | grep -q " <- [a-z_]"
}
proof_sched_timehist_time() {
	th tt0 &&
	trows tt0 | sed -n "s/^ *\([0-9.]*\) .*/\1/p" >tt.times &&
	from=$(sed -n "2p" tt.times) && to=$(tail -n 2 tt.times | head -n 1) &&
	th tt1 --time "$from,$to" &&
	trows tt1 | sed -n "s/^ *\([0-9.]*\) .*/\1/p" >tt1.times &&
	test -s tt1.times &&
	awk -v f="$from" -v t="$to" "\$1 < f || \$1 > t { exit 1 }" tt1.times &&
	test "$(wc -l <tt1.times)" -lt "$(wc -l <tt.times)" &&
	test_expect_code 234 "$PROF" sched timehist -i sched.data --time 10% 2>tt.err &&
	grep -q "^Invalid time string$" tt.err
}
proof_sched_timehist_migrations() {
	th tm0 &&
	th tm1 -M &&
	n=$("$PROF" script -i sched.data -F event | grep sched_migrate_task | wc -l) &&
	test "$n" -gt 0 &&
	! grep -q " migrated: " tm0 &&
	test "$(grep " migrated: .* cpu [0-9]* => [0-9]*$" tm1 | wc -l)" = "$n"
}
proof_sched_timehist_next() {
	th tn -n &&
	trows tn | grep -q " next: [^ ]*\[[0-9]*\]" &&
	test_expect_code 234 "$PROF" sched timehist -i sched.data -s -n 2>tn.err &&
	grep -q "^ Error: -s and -\[n|w\] are mutually exclusive.$" tn.err
}
proof_sched_timehist_pid() {
	th tp0 &&
	pid=$(trows tp0 | sed -n "s/.* sleep\[\([0-9]*\)\] .*/\1/p" | head -n 1) &&
	test -n "$pid" &&
	th tp --pid "$pid" &&
	trows tp >tp.rows && test -s tp.rows &&
	! grep -v -q "\[$pid\] " tp.rows
}
proof_sched_timehist_summary() {
	th ts -s &&
	grep -q "^Runtime summary$" ts &&
	! trows ts | grep -q . &&
	grep -q "Total number of context switches: [1-9]" ts
}
proof_sched_timehist_with_summary() {
	th tS -S &&
	grep -q "^Runtime summary$" tS &&
	trows tS | grep -q .
}
proof_sched_timehist_tid() {
	th tt0 &&
	tid=$(trows tt0 | sed -n "s/.* sleep\[\([0-9]*\)\] .*/\1/p" | head -n 1) &&
	th tt --tid "$tid" &&
	trows tt >tt.rows && test -s tt.rows &&
	! grep -v -q "\[$tid\] " tt.rows
}
proof_sched_timehist_cpu_visual() {
	th tv -V &&
	grep -q "^ *time    cpu  012  task name" tv &&
	trows tv | grep -q "\] *s  "
}
# Each sleep's exit wakes its sh, from the running sleep: always traced.
# (The timer that ends a sleep on an idle CPU may leave no sched_waking
# in the recording: CI saw a file without one.)
proof_sched_timehist_wakeups() {
	th tw -w &&
	grep -q "^ *[0-9.]* \[[0-9]*\]  sleep\[[0-9]*\]  *awakened: sh\[[0-9]*\]$" tw &&
	th tw0 &&
	! grep -q "awakened:" tw0
}
proof_sched_timehist_state() {
	th tst --state &&
	head -n 1 tst | grep -q "  state$" &&
	trows tst | grep -q " S *$"
}
proof_sched_timehist_verbose() {
	th tv --verbose -w &&
	th tq -w &&
	test_cmp tq tv &&
	{ grep -v "^time travel: " tv.err || :; } >tv.err2 &&
	test_cmp tq.err tv.err2 &&
	trows tv | grep -q "sleep\["
}
proof_sched_map_verbose() {
	sched_fixture &&
	"$PROF" sched map -i sched.data --verbose >mv.out &&
	"$PROF" sched map -i sched.data >mq.out &&
	test "$(grep -c " => " mv.out)" -gt "$(grep -c " => " mq.out)"
}
proof_sched_replay_verbose() {
	sched_fixture &&
	"$PROF" sched replay -i sched.data -r 1 --verbose >rv.out 2>rv.err &&
	grep -q "^registered task #1, PID [0-9]* (" rv.out &&
	grep -q "^sched_switch event 0x[0-9a-f]*$" rv.out &&
	grep -q "^ \.\.\. switch from .* \[ran [0-9]* nsecs\]$" rv.err
}
proof_sched_timehist_input() {
	sched_fixture &&
	"$PROF" sched timehist --input sched.data >ti.out &&
	trows ti.out | grep -q "sleep\["
}
proof_sched_timehist_force() {
	sched_owned timehist town &&
	trows town.d.out | grep -q "sleep\\["
}
# -r N: N runs, a line each
proof_sched_replay_repeat() {
	sched_fixture &&
	"$PROF" sched replay -i sched.data -r 2 >rr2.out &&
	"$PROF" sched replay -i sched.data --repeat 1 >rr1.out &&
	test "$(grep -c "^#[0-9]" rr2.out)" = 2 &&
	test "$(grep -c "^#[0-9]" rr1.out)" = 1 &&
	grep -q "^#2  : [0-9.]*, ravg: " rr2.out &&
	test_expect_code 129 "$PROF" sched replay -r -1 2>rr.err &&
	grep -q "expects an unsigned numerical value" rr.err
}
proof_sched_replay_input() {
	sched_fixture &&
	"$PROF" sched replay --input sched.data -r 1 >ri.out &&
	grep -q "^nr_run_events: *[1-9]" ri.out &&
	grep -q "^task  *[0-9]* ( *sh: *[0-9]*), nr_events: " ri.out
}
proof_sched_replay_force() {
	sched_fixture &&
	mkdir -p rown.d && cp sched.data rown.d/perf.data && chown nobody rown.d/perf.data &&
	(cd rown.d && test_expect_code 255 "$PROF" sched replay -r 1 >out0 2>err) &&
	grep -q "not owned by current user or root" rown.d/err &&
	(cd rown.d && "$PROF" sched replay -r 1 -f >out) &&
	grep -q "^task  *[0-9]* ( *sh: *[0-9]*), nr_events: " rown.d/out
}
# mp OUT ARGS: prof sched map of sched.data into OUT.
mp() {
	_o=$1 &&
	shift &&
	sched_fixture &&
	"$PROF" sched map -i sched.data "$@" >"$_o" 2>"$_o.err"
}
proof_sched_map_color_cpus() {
	sched_fixture &&
	pty "$PROF sched map -i sched.data --color-cpus 0" >mcc.out &&
	grep -q "$(printf "\033")\[41m\*" mcc.out &&
	pty "$PROF sched map -i sched.data" >mcc0.out &&
	! grep -q "$(printf "\033")" mcc0.out &&
	test_expect_code 255 "$PROF" sched map -i sched.data --color-cpus x 2>mcc.err &&
	grep -q "^failed to get thread map from x$" mcc.err
}
proof_sched_map_color_pids() {
	mp mcp0 &&
	pid=$(sed -n "s/.* => sleep:\([0-9]*\)$/\1/p" mcp0 | head -n 1) &&
	test -n "$pid" &&
	pty "$PROF sched map -i sched.data --color-pids $pid" >mcp.out &&
	grep -q "$(printf "\033")\[34m[A-Z][0-9] => sleep:$pid" mcp.out &&
	# every coloured task is that pid (also under the name it had
	# before its exec: prof-exec, when the recording caught it)
	grep "$(printf "\033")\[34m[A-Z][0-9] => " mcp.out >mcp.col &&
	! grep -v ":$pid$(printf "\033")" mcp.col
}
proof_sched_map_compact() {
	mp mco --compact &&
	grep -q " (CPU [0-9]*)$" mco &&
	mp mco0 &&
	! grep -q "(CPU" mco0
}
proof_sched_map_cpus() {
	mp mcs --cpus 0 &&
	grep -q "^  \*.. *[0-9]*\.[0-9]* secs" mcs &&
	! grep -q "^   ..  \*" mcs &&
	test_expect_code 255 "$PROF" sched map -i sched.data --cpus x 2>mcs.err &&
	grep -q "^failed to get cpus map from x$" mcs.err
}
proof_sched_map_input() {
	sched_fixture &&
	"$PROF" sched map --input sched.data >mi.out &&
	grep -q " => sleep:" mi.out
}
proof_sched_map_force() {
	sched_owned map mown &&
	grep -q " => sleep:" mown.d.out
}

# --- config -----------------------------------------------------------
# cfg ARGS: prof config ARGS with a private HOME, never the user's file
cfg() {
	env HOME="$TRASH/cfghome" PERF_CONFIG_NOSYSTEM=1 "$PROF" config "$@"
}
proof_config_list() {
	mkdir -p cfghome &&
	printf "[report]\n\tchildren = false\n[top]\n\tchildren = true\n" >cfghome/.perfconfig &&
	cfg -l >cl.out &&
	printf "report.children=false\ntop.children=true\n" >cl.want &&
	test_cmp cl.want cl.out &&
	cfg -l report.children 2>cl.err &&
	grep -q "^Error: takes no arguments$" cl.err
}
proof_config_user() {
	mkdir -p cfghome &&
	printf "[report]\n\tchildren = false\n" >cfghome/.perfconfig &&
	cfg --user report.children=true &&
	grep -q "^	children = true$" cfghome/.perfconfig &&
	cfg --user -l >cu.out &&
	echo report.children=true >cu.want &&
	test_cmp cu.want cu.out
}
proof_config_system() {
	mkdir -p cfghome &&
	printf "[t0006]\n\tonly-user = 1\n" >cfghome/.perfconfig &&
	cfg --system -l >cs.out &&
	! grep -q "^t0006" cs.out &&
	cfg --user -l >cs.user &&
	grep -q "^t0006.only-user=1$" cs.user &&
	test_expect_code 255 cfg --system --user -l 2>cs.err &&
	grep -q "^Error: only one config file at a time$" cs.err
}

# --- daemon -----------------------------------------------------------
# dconf NAME: NAME.conf, a daemon over dd-NAME with one sleeping session
dconf() {
	mkdir -p "dd-$1" &&
	printf "[daemon]\nbase=%s/dd-%s\n[session-s]\nrun = -e task-clock -m 1 sleep 60\n" \
		"$TRASH" "$1" >"$1.conf"
}
# dup NAME ARGS: wait (30 s at most) until NAME's session answers ping
dup() {
	_n=0 &&
	until "$PROF" daemon ping "$@" 2>/dev/null | grep -q "^OK   s$"; do
		_n=$((_n + 1)) &&
		if [ $_n -gt 600 ]; then echo "daemon $1: no ping"; return 1; fi &&
		sleep 0.05 || return 1
	done
}
# ddown ARGS: stop the daemon ARGS name, wait for it to go
ddown() {
	_p=$("$PROF" daemon "$@" -x: | head -1 | cut -d: -f1) &&
	"$PROF" daemon stop "$@" &&
	timeout 60 tail --pid="$_p" -f /dev/null
}
# dstart NAME: NAME's daemon started and answering
dstart() {
	dconf "$1" &&
	"$PROF" daemon start --config "$1.conf" &&
	dup --config "$1.conf"
}
proof_daemon_verbose() {
	dstart dv &&
	"$PROF" daemon --config dv.conf >dv.plain &&
	"$PROF" daemon --config dv.conf -v >dv.v &&
	ddown --config dv.conf &&
	test_line_count = 2 dv.plain &&
	grep -q "^  control: $TRASH/dd-dv/session-s/control$" dv.v &&
	grep -q "^  lock:    $TRASH/dd-dv/lock$" dv.v
}
proof_daemon_config() {
	dstart dc &&
	"$PROF" daemon --config dc.conf >dc.out &&
	ddown --config dc.conf &&
	grep -q "^\[[0-9]*:daemon\] base: $TRASH/dd-dc$" dc.out &&
	test_expect_code 255 env HOME="$TRASH/nohome" PERF_CONFIG_NOSYSTEM=1 "$PROF" daemon 2>dc.err &&
	grep -q "^failed: config not found$" dc.err
}
proof_daemon_base() {
	dstart db &&
	printf "[daemon]\nbase=%s/nowhere\n" "$TRASH" >nobase.conf &&
	"$PROF" daemon --config nobase.conf --base "$TRASH/dd-db" >db.out &&
	test_expect_code 255 "$PROF" daemon --config nobase.conf 2>db.err &&
	ddown --config db.conf &&
	grep -q "^\[[0-9]*:daemon\] base: $TRASH/dd-db$" db.out &&
	grep -q "^failed: base '$TRASH/nowhere' does not exists$" db.err
}
proof_daemon_field_separator() {
	dstart dx &&
	"$PROF" daemon --config dx.conf -x: >dx.colon &&
	"$PROF" daemon --config dx.conf -x >dx.comma &&
	ddown --config dx.conf &&
	grep -q "^[0-9]*:s:-e task-clock -m 1 sleep 60:$TRASH/dd-dx/session-s:" dx.colon &&
	grep -q "^[0-9]*,daemon,$TRASH/dd-dx,$TRASH/dd-dx/output,$TRASH/dd-dx/lock,[0-9]*$" dx.comma
}
proof_daemon_start_foreground() {
	dconf df &&
	{ "$PROF" daemon start -f --config df.conf >df.log 2>&1 & } &&
	dup --config df.conf &&
	ddown --config df.conf &&
	grep -q "daemon started (pid [0-9]*)$" df.log &&
	test ! -e dd-df/output
}
proof_daemon_start_verbose() {
	dconf dsv &&
	"$PROF" daemon start -v --config dsv.conf 2>dsv.err &&
	dup --config dsv.conf &&
	ddown --config dsv.conf &&
	grep -q "reconfig: found new session s$" dsv.err
}
proof_daemon_start_config() {
	dstart dsc &&
	test -S dd-dsc/control &&
	ddown --config dsc.conf &&
	test -e dd-dsc/session-s/output
}
proof_daemon_start_base() {
	dconf dsb &&
	mkdir -p dd-other &&
	"$PROF" daemon start --config dsb.conf --base "$TRASH/dd-other" &&
	dup --config dsb.conf --base "$TRASH/dd-other" &&
	ddown --config dsb.conf --base "$TRASH/dd-other" &&
	test -e dd-other/session-s/output &&
	test ! -e dd-dsb/output
}
proof_daemon_start_field_separator() {
	# taken, as by perf, and of no effect on a start
	dconf dsx &&
	"$PROF" daemon start -x: --config dsx.conf >dsx.out &&
	dup --config dsx.conf &&
	ddown --config dsx.conf &&
	test_must_be_empty dsx.out
}
proof_daemon_ping_session() {
	dstart dp &&
	"$PROF" daemon ping --config dp.conf --session s >dp.s &&
	"$PROF" daemon ping --config dp.conf --session nosuch >dp.no &&
	ddown --config dp.conf &&
	echo "OK   s" >dp.want &&
	test_cmp dp.want dp.s &&
	echo "FAIL nosuch (not found)" >dp.want &&
	test_cmp dp.want dp.no
}
# the common options of ping and signal, as the list takes them
proof_daemon_ping_verbose() {
	dstart dpv &&
	"$PROF" daemon ping -v --config dpv.conf >dpv.out &&
	ddown --config dpv.conf &&
	echo "OK   s" >dpv.want &&
	test_cmp dpv.want dpv.out
}
proof_daemon_ping_config() {
	test_expect_code 255 "$PROF" daemon ping --config "$TRASH/no-such.conf" 2>dpc.err &&
	grep -q "^failed: realpath: No such file or directory$" dpc.err &&
	dstart dpc &&
	"$PROF" daemon ping --config dpc.conf >dpc.out &&
	ddown --config dpc.conf &&
	grep -q "^OK   s$" dpc.out
}
proof_daemon_ping_base() {
	dconf dpb &&
	mkdir -p dd-pb2 &&
	"$PROF" daemon start --config dpb.conf --base "$TRASH/dd-pb2" &&
	dup --config dpb.conf --base "$TRASH/dd-pb2" &&
	test_expect_code 255 "$PROF" daemon ping --config dpb.conf 2>dpb.err &&
	ddown --config dpb.conf --base "$TRASH/dd-pb2" &&
	grep -q "^failed: connect: " dpb.err
}
proof_daemon_ping_field_separator() {
	dstart dpx &&
	"$PROF" daemon ping -x: --config dpx.conf >dpx.out &&
	ddown --config dpx.conf &&
	grep -q "^OK   s$" dpx.out
}
proof_daemon_signal_session() {
	dstart ds &&
	"$PROF" daemon signal --config ds.conf --session s >ds.s &&
	"$PROF" daemon signal --config ds.conf --session nosuch >ds.no &&
	ddown --config ds.conf &&
	grep -q "^signal 12 sent to session .s \[[0-9]*\].$" ds.s &&
	test_must_be_empty ds.no
}
proof_daemon_signal_verbose() {
	dstart dsgv &&
	"$PROF" daemon signal -v --config dsgv.conf >dsgv.out &&
	ddown --config dsgv.conf &&
	grep -q "^signal 12 sent to session .s " dsgv.out
}
proof_daemon_signal_config() {
	test_expect_code 255 "$PROF" daemon signal --config "$TRASH/no-such.conf" 2>dsgc.err &&
	grep -q "^failed: config not found$" dsgc.err &&
	dstart dsgc &&
	"$PROF" daemon signal --config dsgc.conf >dsgc.out &&
	ddown --config dsgc.conf &&
	grep -q "^signal 12 sent to session .s " dsgc.out
}
proof_daemon_signal_base() {
	dconf dsgb &&
	mkdir -p dd-sgb2 &&
	"$PROF" daemon start --config dsgb.conf --base "$TRASH/dd-sgb2" &&
	dup --config dsgb.conf --base "$TRASH/dd-sgb2" &&
	"$PROF" daemon signal --config dsgb.conf --base "$TRASH/dd-sgb2" >dsgb.out &&
	ddown --config dsgb.conf --base "$TRASH/dd-sgb2" &&
	grep -q "^signal 12 sent to session .s " dsgb.out
}
proof_daemon_signal_field_separator() {
	dstart dsgx &&
	"$PROF" daemon signal -x: --config dsgx.conf >dsgx.out &&
	ddown --config dsgx.conf &&
	grep -q "^signal 12 sent to session .s " dsgx.out
}

# --- lock -------------------------------------------------------------
# lock.data: prof lock record of lock-contend (kernel locks contend there)
lock_fixture() {
	test -s lock.data ||
	"$PROF" lock record -q -o lock.data -- "$HELPERS/lock-contend" 200 >/dev/null 2>&1
}
# lk NAME ARGS: prof lock and perf lock with ARGS (after -i lock.data):
# their standard error, where perf lock prints, and exit status in
# NAME.prof and NAME.perf, the same lines.
lk() {
	_n=$1 &&
	shift &&
	lock_fixture &&
	{ "$PROF" lock -i lock.data "$@" >/dev/null 2>"$_n.prof"; echo "exit $?" >>"$_n.prof"; } &&
	{ "$PERF" lock -i lock.data "$@" >/dev/null 2>"$_n.perf"; echo "exit $?" >>"$_n.perf"; } &&
	test_cmp_nonempty "$_n.perf" "$_n.prof"
}
# lkrows NAME: the data lines of NAME.prof (no header, blank or status line)
lkrows() {
	grep -v -E "^exit |^$|Name|caller$|comm$|^Thread ID|^Address of instance" "$1.prof"
}
# The parent options, taken after each subcommand too ($1: contention,
# report or info, "info -t" for info's rows).
lock_input() {
	lock_fixture &&
	test_expect_code 255 "$PROF" lock $1 -i no-such.data 2>lin.err &&
	grep -q "^failed to open no-such.data: No such file or directory$" lin.err &&
	"$PROF" lock $1 --input lock.data 2>lin.out &&
	test $(grep -c -v -E "^$|Name|caller$|^Thread ID" lin.out) -gt 0
}
lock_verbose() {
	lock_fixture &&
	"$PROF" lock $1 -i lock.data 2>lv0.out &&
	! grep -q "=== output for debug===" lv0.out &&
	"$PROF" lock $1 -i lock.data --verbose 2>lv.out &&
	case $1 in
	info*) test_cmp lv0.out lv.out ;;	# perf: its own debug lines only
	*) grep -q "^=== output for debug===$" lv.out ;;
	esac
}
# -D: perf's raw dump on standard output, and still its table
lock_dump() {
	lock_fixture &&
	"$PROF" lock $1 -i lock.data -D >ld.prof 2>ld.prof.err &&
	"$PERF" lock $1 -i lock.data -D >ld.perf 2>ld.perf.err &&
	test_cmp_nonempty ld.perf ld.prof &&
	test_cmp ld.perf.err ld.prof.err &&
	grep -q "PERF_RECORD_SAMPLE" ld.prof
}
lock_force() {
	lock_fixture &&
	mkdir -p lown.d && cp lock.data lown.d/perf.data && chown nobody lown.d/perf.data &&
	(cd lown.d && test_expect_code 255 "$PROF" lock $1 2>../lown.err) &&
	grep -q "^File perf.data not owned by current user or root (use -f to override)$" lown.err &&
	(cd lown.d && "$PROF" lock $1 --force 2>../lown.out) &&
	test $(grep -c -v -E "^$|Name|caller$|^Thread ID" lown.out) -gt 0
}
# a file that is no kernel: no kernel symbol, every caller Unknown, as perf
lock_vmlinux() {
	lk lvm $1 &&
	lk lvx $1 --vmlinux "$HELPERS/demo" &&
	! cmp -s lvm.prof lvx.prof
}
lock_kallsyms() {
	: >empty.kallsyms &&
	lk lks0 $1 &&
	lk lks $1 --kallsyms empty.kallsyms &&
	! cmp -s lks0.prof lks.prof
}
lock_quiet() {
	lk lq0 $1 &&
	lk lq $1 --quiet &&
	test $(wc -l <lq.prof) -lt $(wc -l <lq0.prof) &&
	! grep -q -E "Name|caller$|comm$" lq.prof
}
proof_lock_input() {
	lock_fixture &&
	test_expect_code 255 "$PROF" lock -i no-such.data contention 2>li.err &&
	grep -q "^failed to open no-such.data: No such file or directory$" li.err &&
	lk li contention && test $(lkrows li | wc -l) -gt 0
}
proof_lock_verbose() {
	lock_fixture &&
	"$PROF" lock -v -i lock.data contention 2>lvp.out &&
	grep -q "$(printf "^\t\t\t0xffffffff")" lvp.out
}
proof_lock_dump_raw_trace() {
	lock_fixture &&
	"$PROF" lock -D -i lock.data contention >ldp.prof 2>ldp.err &&
	"$PERF" lock -D -i lock.data contention >ldp.perf &&
	test_cmp_nonempty ldp.perf ldp.prof &&
	grep -q "PERF_RECORD_SAMPLE" ldp.prof
}
proof_lock_force() {
	lock_fixture &&
	mkdir -p lpown.d && cp lock.data lpown.d/perf.data && chown nobody lpown.d/perf.data &&
	(cd lpown.d && test_expect_code 255 "$PROF" lock report 2>../lpown.err) &&
	grep -q "(use -f to override)$" lpown.err &&
	(cd lpown.d && "$PROF" lock -f report 2>../lpown.out) &&
	grep -q "Name" lpown.out
}
proof_lock_vmlinux() {
	lk lpv0 contention -E 1 &&
	lk lpv --vmlinux "$HELPERS/demo" contention -E 1 &&
	grep -q "Unknown$" lpv.prof && ! cmp -s lpv0.prof lpv.prof
}
proof_lock_kallsyms() {
	: >empty.kallsyms &&
	lk lpk --kallsyms empty.kallsyms contention -E 1 &&
	grep -q "Unknown$" lpk.prof
}
proof_lock_quiet() {
	lk lpq -q contention &&
	! grep -q "caller$" lpq.prof && test $(lkrows lpq | wc -l) -gt 0
}
proof_lock_report_key() {
	lk rk report -k contended &&
	lkrows rk | awk "{ print \$3 }" >rk.col && test -s rk.col && sort -rn -c rk.col
}
proof_lock_report_field() {
	lk rf report -F contended,wait_min &&
	grep -q "^ *Name  *contended  *min wait  *acquired $" rf.prof
}
# with -t every entry is named "Unknown" (then shown as its thread): one name
proof_lock_report_combine_locks() {
	lk rc0 report -t &&
	lk rc report -t --combine-locks &&
	lkrows rc >rc.rows && test_line_count = 1 rc.rows &&
	test $(lkrows rc0 | wc -l) -gt 1 &&
	lkrows rc0 | awk "{ s += \$2 } END { print s }" >rc0.sum &&
	awk "{ print \$2 }" rc.rows >rc.sum &&
	test_cmp rc0.sum rc.sum
}
proof_lock_report_threads() {
	lk rt report --threads &&
	lkrows rt | grep -q -E "^ *(:[0-9]+|lock-contend) "
}
proof_lock_report_entries() {
	lk re report --entries 1 && test $(lkrows re | wc -l) = 1
}
proof_lock_report_input() { lock_input report; }
proof_lock_report_verbose() { lock_verbose report; }
proof_lock_report_dump_raw_trace() { lock_dump report; }
proof_lock_report_force() { lock_force report; }
proof_lock_report_vmlinux() { lock_vmlinux report; }
proof_lock_report_kallsyms() { lock_kallsyms report; }
proof_lock_report_quiet() { lock_quiet report; }
proof_lock_contention_key() {
	lk ck contention --key contended &&
	lkrows ck | awk "{ print \$1 }" >ck.col && test -s ck.col && sort -rn -c ck.col
}
proof_lock_contention_field() {
	lk cf contention --field contended &&
	grep -q "^ contended  *total wait  *type   caller$" cf.prof
}
proof_lock_contention_threads() {
	lk ct contention --threads &&
	grep -q "pid   comm$" ct.prof && test $(lkrows ct | wc -l) -gt 0
}
proof_lock_contention_use_bpf() {
	test_expect_code 129 "$PROF" lock contention --use-bpf 2>cb.err &&
	grep -q "^ Error: option .use-bpf. is not available because no BUILD_BPF_SKEL=1$" cb.err &&
	test_expect_code 129 "$PROF" lock contention -b 2>cb.err &&
	grep -q "^ Error: switch .b. is not available because no BUILD_BPF_SKEL=1$" cb.err
}
# perf 6.1 reads a file the same with the BPF mode's targets (ignored)
lock_target() {
	lk ctd contention &&
	lk ctg contention "$@" &&
	test_cmp ctd.prof ctg.prof
}
proof_lock_contention_all_cpus() { lock_target --all-cpus; }
proof_lock_contention_cpu() { lock_target --cpu 0; }
proof_lock_contention_pid() { lock_target --pid 1; }
proof_lock_contention_tid() { lock_target --tid 1; }
proof_lock_contention_map_nr_entries() {
	test_expect_code 129 "$PROF" lock contention --map-nr-entries 12x 2>cn.err &&
	grep -q "^invalid BPF map length: 12x$" cn.err &&
	lock_target --map-nr-entries 100
}
proof_lock_contention_max_stack() {
	lk cms contention --max-stack 0 &&
	lkrows cms >cms.rows && test_line_count = 1 cms.rows && grep -q "Unknown$" cms.rows
}
proof_lock_contention_stack_skip() {
	lk css0 contention &&
	lk css contention --stack-skip 0 &&
	! cmp -s css0.prof css.prof
}
proof_lock_contention_entries() {
	lk ce contention -E 1 && test $(lkrows ce | wc -l) = 1
}
proof_lock_contention_input() { lock_input contention; }
proof_lock_contention_verbose() { lock_verbose contention; }
proof_lock_contention_dump_raw_trace() { lock_dump contention; }
proof_lock_contention_force() { lock_force contention; }
proof_lock_contention_vmlinux() { lock_vmlinux contention; }
proof_lock_contention_kallsyms() { lock_kallsyms contention; }
proof_lock_contention_quiet() { lock_quiet contention; }
proof_lock_info_threads() {
	lk it info --threads &&
	grep -q "^ Thread ID: comm$" it.prof && test $(lkrows it | wc -l) -gt 0
}
proof_lock_info_map() {
	lk im info --map &&
	grep -q "^Address of instance: name of class$" im.prof &&
	lkrows im | grep -q "^ 0x[0-9a-f]*: "
}
proof_lock_info_input() { lock_input "info -t"; }
proof_lock_info_verbose() { lock_verbose "info -t"; }
proof_lock_info_dump_raw_trace() { lock_dump "info -t"; }
proof_lock_info_force() { lock_force "info -t"; }
# info prints no symbol: the kernel's names change only -m's lock names
proof_lock_info_vmlinux() { lock_vmlinux "info -m"; }
proof_lock_info_kallsyms() { lock_kallsyms "info -m"; }
proof_lock_info_quiet() {
	lk iq0 info -m && lk iq info -m -q && test_cmp iq0.prof iq.prof &&
	test_expect_code 255 "$PROF" lock -i lock.data info -q 2>iq.err &&
	grep -q "^Unknown type of information$" iq.err
}

# --- the proofs, row by row ---------------------------------------------
printf "%s\n" "$TABLE" | grep . >table
while IFS='	' read -r c o pre what; do
	grep -q -x -- "$o" "opts.$c" 2>/dev/null || {
		case $what in
		broken:*) continue ;;	# an option another branch adds
		esac
		test_expect_success "$c $o: a row for an option $c does not have" 'false'
		continue
	}
	fn=$(proof_name "$c" "$o")
	test "$pre" = - && pre=
	case $what in
	ok) test_expect_success ${pre:+"$pre"} "$c $o" "$fn" ;;
	*) test_expect_failure ${pre:+"$pre"} "$c $o (${what#broken: })" "$fn" ;;
	esac
done <table

# perf reads what the attribute options write: its view of each event is
# prof's, and it reports their samples.
test_expect_success PERF,PERF_EVENTS 'perf reads the files of record'"'"'s attribute options' '
	for a in -P --no-period --no-timestamp -R -W --all-user --all-kernel \
		--user-regs=ax,sp -I --sample-cpu --sample-identifier --phys-data \
		--data-page-size --code-page-size --transaction --running-time \
		"-g --kernel-callchains" "-g --user-callchains" --switch-events \
		--no-bpf-event --no-buffering --all-cgroups --buildid-mmap; do
		"$PROF" record -q -o pr.data $a -e task-clock -- \
			dd if=/dev/zero of=/dev/null bs=16 count=200000 2>/dev/null &&
		"$PERF" evlist -v -i pr.data >pr.perf 2>pr.perf.err &&
		"$PROF" report --header-only -i pr.data >pr.hdr &&
		sed -n "s/^task-clock: .* sample_type: \([A-Z_|]*\),.*/\1/p" pr.perf >want &&
		sed -n "s/^# event : .* sample_type = \([A-Z_|]*\),.*/\1/p" pr.hdr >got &&
		test -s want && test_cmp want got &&
		"$PERF" report --stdio -i pr.data >pr.rep 2>pr.rep.err &&
		grep -q "^# Samples: [1-9][0-9]*[KM]* *of event .task-clock.$" pr.rep ||
		{ echo "perf on prof record $a:"; return 1; }
	done
'

test_expect_success 'every row has its proof' '
	while IFS="	" read -r c o pre what; do
		type "$(proof_name "$c" "$o")" >/dev/null 2>&1 ||
		{ echo "no $(proof_name "$c" "$o")"; return 1; }
	done <table
'

test_done
