#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof config reads and writes perf config files as perf 6.1 does'
. "$(dirname "$0")/test-lib.sh"

# a private HOME: never the user's ~/.perfconfig, nor /etc/perfconfig
HOME="$TRASH/home"
PERF_CONFIG_NOSYSTEM=1
export HOME PERF_CONFIG_NOSYSTEM
mkdir -p "$HOME"

# run TOOL NAME INIT ARGS...: TOOL config ARGS with ~/.perfconfig holding
# INIT ("-": none) beforehand; NAME.out, NAME.err (perf's name made
# prof's), NAME.rc and NAME.file (the file afterwards).
run() {
	_tool=$1 _name=$2 _init=$3 &&
	shift 3 &&
	rm -f "$HOME/.perfconfig" &&
	if [ "$_init" != - ]; then printf "$_init" >"$HOME/.perfconfig"; fi &&
	_rc=0 &&
	{ "$_tool" config "$@" >"$_name.out" 2>"$_name.raw" || _rc=$?; } &&
	echo "$_rc" >"$_name.rc" &&
	sed -e "s/^ Usage: [a-z]* / Usage: X /" "$_name.raw" >"$_name.err" &&
	{ cat "$HOME/.perfconfig" 2>/dev/null || echo "(none)"; } >"$_name.file"
}

# same INIT ARGS...: prof's output, messages, status and file are perf's.
same() {
	run "$PERF" perf "$@" &&
	run "$PROF" prof "$@" &&
	cat perf.out perf.err perf.rc perf.file >perf.all &&
	cat prof.out prof.err prof.rc prof.file >prof.all &&
	test_cmp perf.all prof.all
}

CFG='[report]\n\tchildren = false\n\tpercent-limit = 5\n[call-graph]\n\torder = caller\n'

test_expect_success PERF 'list, get and set as perf: output, exit code, the file rewritten' '
	same "$CFG" -l &&
	grep -q "^report.percent-limit=5$" prof.out &&
	same "$CFG" &&
	same "$CFG" report.children &&
	test "$(cat prof.out)" = report.children=false &&
	same "$CFG" report.nothing nosuch.key call-graph.order &&
	same - report.children=true &&
	grep -q "^	children = true$" prof.file &&
	same "$CFG" report.children=true top.children=false &&
	same "$CFG" --user report.sort_order=dso,sym &&
	same "$CFG" a.b.c=1 &&
	same - -l
'

test_expect_success PERF 'the syntax: quotes, escapes, comments, [sec "sub"], first letter folded' '
	cat >syntax.cfg <<-\EOF &&
	# a comment
	; another
	[Report]
		percent-limit = "5 # not a comment" ; a comment
	[call-graph]
	 ORDER  =  caller  x
		print-type=graph # spaces folded, comment dropped
	[a "Sub"]
		k = v\tw\n
	[b]k=1
	EOF
	same "$(cat syntax.cfg | sed "s/%/%%/g; s/\\\\/\\\\\\\\/g")\n" -l &&
	grep -q "^report.percent-limit=5 # not a comment$" prof.out &&
	grep -q "^call-graph.oRDER=caller x$" prof.out &&
	grep -q "^a.Sub.k=v" prof.out
'

test_expect_success PERF 'PERF_CONFIG: that file alone, rewritten in place; /dev/null is none' '
	printf "[report]\n\tchildren = false\n" >pc.cfg &&
	PERF_CONFIG=$TRASH/pc.cfg "$PROF" config -l >prof.out &&
	test "$(cat prof.out)" = report.children=false &&
	cp pc.cfg pc2.cfg &&
	PERF_CONFIG=$TRASH/pc.cfg "$PERF" config top.children=false &&
	PERF_CONFIG=$TRASH/pc2.cfg "$PROF" config top.children=false &&
	test_cmp pc.cfg pc2.cfg &&
	grep -q "^	children = false$" pc2.cfg &&
	PERF_CONFIG=/dev/null "$PROF" config -l >null.out &&
	test_must_be_empty null.out &&
	test -c /dev/null
'

test_expect_success PERF 'a malformed line: one error line, the items before it kept, exit 0' '
	same "[report]\n\tchildren = false\n\tbroken line\n[top]\n\tchildren = false\n" -l &&
	test "$(cat prof.out)" = report.children=false &&
	grep -c "^bad config file line 3 in $HOME/.perfconfig$" prof.err >count &&
	echo 2 >two &&
	test_cmp two count &&
	same "[report]\n\tchildren\n" report.children &&
	same "[report\n" -l &&
	same "[report \"x\"\n" -l &&
	same "[report]\n\tk = \"open\n" -l &&
	same "[report]\n\tk = bad\\\\q\n" -l
'

test_expect_success PERF 'bad arguments: perf messages and exit codes' '
	same "$CFG" report &&
	test "$(cat prof.rc)" = 255 &&
	test_line_count = 1 prof.err &&
	same "$CFG" .x &&
	same "$CFG" x. &&
	same "$CFG" report.children= &&
	same "$CFG" =x &&
	same "$CFG" report.children report.bad. &&
	same "$CFG" --user --system -l &&
	same "$CFG" -l extra &&
	same "$CFG" -h
'

# under CFG TOOL ARGS...: TOOL ARGS with PERF_CONFIG=cfg holding CFG; its
# stdout (perf's tips dropped), stderr and exit code in TOOL-named files.
under() {
	printf "$1" >cfg &&
	_t=$2 &&
	shift 2 &&
	_rc=0 &&
	{ PERF_CONFIG=$TRASH/cfg "$_t" "$@" >under.raw 2>under.err || _rc=$?; } &&
	sed "/^# (Tip:/d" under.raw >under.out &&
	echo "rc=$_rc" >>under.err
}
# both_under CFG ARGS...: prof ARGS and perf ARGS print the same under CFG,
# and (unless CFG is empty) not what they print without it.
both_under() {
	_c=$1 &&
	shift &&
	under "$_c" "$PERF" "$@" &&
	cat under.out under.err >perf.u &&
	under "$_c" "$PROF" "$@" &&
	cat under.out under.err >prof.u &&
	test_cmp_nonempty perf.u prof.u &&
	if [ -n "$_c" ]; then
		under "" "$PROF" "$@" &&
		cat under.out under.err >plain.u &&
		! test_cmp perf.u plain.u >/dev/null
	fi
}

test_expect_success PERF,PERF_EVENTS 'report honours report.* and call-graph.* as perf' '
	"$PROF" record -q -g -o cg.data -e cpu-clock -- "$HELPERS/demo" 100 >/dev/null 2>&1 &&
	both_under "" report -i cg.data --stdio &&
	both_under "[report]\n\tchildren = false\n" report -i cg.data --stdio &&
	both_under "[report]\n\tpercent-limit = 20\n" report -i cg.data --stdio &&
	both_under "[report]\n\tsort_order = dso\n" report -i cg.data --stdio &&
	both_under "[report]\n\tsort_order = dso,sym\n\tchildren = false\n[call-graph]\n\tprint-type = flat\n\torder = caller\n\tthreshold = 2\n\tprint-limit = 3\n" report -i cg.data --stdio &&
	both_under "[call-graph]\n\tprint-type = folded\n\tsort-key = address\n" report -i cg.data --stdio &&
	both_under "[call-graph]\n\tprint-type = flat\n\tthreshold = 10\n" report -i cg.data --stdio --no-children &&
	both_under "[report]\n\tskip-empty = false\n" report -i cg.data --stdio --stats &&
	both_under "[report]\n\tchildren = maybe\n" report -i cg.data --stdio &&
	grep -q "^bad config value for .report.children., ignoring...$" prof.u
'

test_expect_success PERF,PERF_EVENTS 'the command line beats the config file' '
	c="[report]\n\tchildren = false\n\tpercent-limit = 50\n\tsort_order = dso\n" &&
	under "$c" "$PERF" report -i cg.data --stdio --children --percent-limit 0 --sort sym &&
	cat under.out under.err >perf.u &&
	under "$c" "$PROF" report -i cg.data --stdio --children --percent-limit 0 --sort sym &&
	cat under.out under.err >prof.u &&
	test_cmp_nonempty perf.u prof.u &&
	under "" "$PROF" report -i cg.data --stdio --children --percent-limit 0 --sort sym &&
	cat under.out under.err >plain.u &&
	test_cmp plain.u prof.u &&
	under "$c" "$PROF" report -i cg.data --stdio &&
	cat under.out under.err >cfg.u &&
	under "" "$PROF" report -i cg.data --stdio &&
	cat under.out under.err >plain.u &&
	! test_cmp plain.u cfg.u >/dev/null
'

test_expect_success PERF,PERF_EVENTS 'bad values: perf lines and exit codes, every command stops' '
	for v in "order = x" "print-type = bogus" "threshold = x" "print-limit = x" \
		"sort-key = x" "record-mode = foo" "record-mode = dwarf,99999999"; do
		under "[call-graph]\n\t$v\n" "$PERF" report -i cg.data --stdio &&
		cp under.err perf.e &&
		under "[call-graph]\n\t$v\n" "$PROF" report -i cg.data --stdio &&
		test_cmp perf.e under.err &&
		test_line_count = 3 under.err &&
		test_must_be_empty under.out &&
		under "[call-graph]\n\t$v\n" "$PROF" config -l &&
		test_cmp perf.e under.err || return 1
	done &&
	under "[report]\n\tqueue-size = x\n" "$PERF" report -i cg.data --stdio &&
	cp under.err perf.e &&
	under "[report]\n\tqueue-size = x\n" "$PROF" report -i cg.data --stdio &&
	test_cmp perf.e under.err &&
	under "[nosuch]\n\tkey = 1\n[report]\n\tnokey = 2\n" "$PROF" report -i cg.data --stdio &&
	echo rc=0 >rc0 &&
	test_cmp rc0 under.err
'

# stack_user TOOL CFG ARGS: the user stack size TOOL records under CFG with ARGS.
stack_user() {
	under "$2" "$1" record -q $3 -o st.data -e cpu-clock true &&
	{ "$PERF" evlist -v -i st.data | grep -o "sample_stack_user: [0-9]*" || echo none; }
}

test_expect_success PERF,PERF_EVENTS 'record: call-graph.record-mode, record.call-graph, record.build-id' '
	for c in "[call-graph]\n\trecord-mode = dwarf\n" "[record]\n\tcall-graph = dwarf,4096\n"; do
		for g in -g --call-graph=fp; do
			stack_user "$PERF" "$c" $g >perf.st &&
			stack_user "$PROF" "$c" $g >prof.st &&
			test_cmp perf.st prof.st || return 1
		done
	done &&
	stack_user "$PROF" "[record]\n\tcall-graph = dwarf,4096\n" -g >prof.st &&
	echo "sample_stack_user: 4096" >want &&
	test_cmp want prof.st &&
	under "[record]\n\tbuild-id = skip\n" "$PROF" record -q -o skip.data -e cpu-clock "$HELPERS/demo" 20 &&
	"$PERF" buildid-list -i skip.data >skip.ids &&
	# as -B: the DSOs named, none with a build-id (which ones samples
	# hit differs from run to run)
	"$PROF" record -q -B -o B.data -e cpu-clock "$HELPERS/demo" 20 &&
	"$PERF" buildid-list -i B.data >B.ids &&
	grep -q "/demo$" B.ids && grep -q "/demo$" skip.ids &&
	! grep -q "^[0-9a-f]\{40\} " B.ids &&
	! grep -q "^[0-9a-f]\{40\} " skip.ids &&
	"$PROF" record -q -o ids.data -e cpu-clock "$HELPERS/demo" 20 &&
	"$PERF" buildid-list -i ids.data >ids &&
	grep -q "^[0-9a-f]\{40\} .*/demo$" ids &&
	under "[record]\n\tbuild-id = bogus\n" "$PERF" record -q -o b.data -e cpu-clock true &&
	cp under.err perf.e &&
	under "[record]\n\tbuild-id = bogus\n" "$PROF" record -q -o b.data -e cpu-clock true &&
	test_cmp perf.e under.err
'

test_expect_success PERF,PERF_EVENTS 'annotate honours annotate.* as perf (its first line)' '
	for c in "[annotate]\n\tshow_nr_samples = true\n" "[annotate]\n\tshow_total_period = true\n"; do
		under "$c" "$PERF" annotate -i cg.data --stdio hot_loop &&
		head -1 under.out >perf.a &&
		under "$c" "$PROF" annotate -i cg.data --stdio hot_loop &&
		head -1 under.out >prof.a &&
		test_cmp perf.a prof.a || return 1
	done &&
	grep -q "^ Period " prof.a
'

test_expect_success PERF_EVENTS 'top honours top.children and call-graph.*' '
	"$HELPERS/demo" 200000 >/dev/null 2>&1 &
	echo $! >demo.pid &&
	under "[top]\n\tchildren = false\n" "$PROF" top --stdio -g -d 1 --refreshes 1 \
		-e cpu-clock -p "$(cat demo.pid)" &&
	cp under.out nochildren.out &&
	under "" "$PROF" top --stdio -g -d 1 --refreshes 1 -e cpu-clock -p "$(cat demo.pid)" &&
	cp under.out children.out &&
	under "[top]\n\tchildren = false\n" "$PROF" top --stdio -g --children -d 1 --refreshes 1 \
		-e cpu-clock -p "$(cat demo.pid)" &&
	cp under.out cmdline.out &&
	kill "$(cat demo.pid)" &&
	grep -E "^ +[0-9.]+%  demo +\[\.\] hot_loop$" nochildren.out &&
	grep -E "^ +[0-9.]+% +[0-9.]+%  demo +\[\.\] hot_loop$" children.out &&
	grep -E "^ +[0-9.]+% +[0-9.]+%  demo +\[\.\] hot_loop$" cmdline.out
'

test_expect_success PERF_EVENTS 'buildid.dir: the cache record fills, below --buildid-dir' '
	mkdir -p bcache bopt &&
	under "[buildid]\n\tdir = $TRASH/bcache\n" env -u PROF_BUILDID_DIR "$PROF" record -q \
		-o bd.data -e cpu-clock "$HELPERS/demo" 20 &&
	find bcache -name elf | grep -q . &&
	under "[buildid]\n\tdir = $TRASH/bcache\n" env -u PROF_BUILDID_DIR "$PROF" \
		--buildid-dir "$TRASH/bopt" record -q -o bd2.data -e cpu-clock "$HELPERS/demo" 20 &&
	find bopt -name elf | grep -q .
'

test_lazy_prereq SCRIPT 'command -v script'

test_expect_success SCRIPT 'pager.<command>: true pages it on a terminal, false not, -p and --no-pager first' '
	printf "[pager]\n\tversion = true\n\tlist = false\n" >pager.cfg &&
	script -qec "PERF_CONFIG=$TRASH/pager.cfg PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" version" \
		/dev/null </dev/null | tr -d "\r" >pv &&
	grep -q "^PAGED:prof version" pv &&
	script -qec "PERF_CONFIG=$TRASH/pager.cfg PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" --no-pager version" \
		/dev/null </dev/null | tr -d "\r" >pn &&
	grep -q "^prof version" pn &&
	printf "[pager]\n\tversion = false\n" >pager.cfg &&
	script -qec "PERF_CONFIG=$TRASH/pager.cfg PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" -p version" \
		/dev/null </dev/null | tr -d "\r" >pp &&
	grep -q "^PAGED:prof version" pp &&
	printf "[pager]\n\tlist = false\n" >pager.cfg &&
	script -qec "PERF_CONFIG=$TRASH/pager.cfg PROF_PAGER=\"sed s/^/PAGED:/\" \"$PROF\" list sw" \
		/dev/null </dev/null | tr -d "\r" >pl2 &&
	! grep -q "^PAGED:" pl2
'

# ui.show-headers in the browser: perf's column header starts hidden
TM_SESSION=cfg
. "$SRCDIR/tests/shell/lib-tmux.sh"
test_lazy_prereq NCURSES '"$PROF" version --build-options | grep -q "libncursesw: \[ on"'

test_expect_success NCURSES,TMUX,PERF_EVENTS 'ui.show-headers = false: the browser starts without its column header' '
	printf "[ui]\n\tshow-headers = false\n" >ui.cfg &&
	SOCK=prof-cfg-$$ &&
	tm new-session -d -s cfg -x 120 -y 30 -c "$PWD" \
		"PERF_CONFIG=$TRASH/ui.cfg \"$PROF\" report -i cg.data; sleep 30" &&
	wait_screen "^\+ +[0-9.]+% +[0-9.]+%  demo +demo +\[\.\] hot_loop" &&
	! grep -q -E "Children +Self +Command" screen &&
	tm send-keys -t cfg H &&
	wait_screen "Children +Self +Command +Shared Object +Symbol" &&
	tm_stop &&
	SOCK=prof-cfg2-$$ &&
	tm new-session -d -s cfg -x 120 -y 30 -c "$PWD" \
		"PERF_CONFIG=/dev/null \"$PROF\" report -i cg.data; sleep 30" &&
	wait_screen "Children +Self +Command +Shared Object +Symbol" &&
	tm_stop
'

test_done
