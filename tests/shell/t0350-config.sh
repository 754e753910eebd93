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

test_done
