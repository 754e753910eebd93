#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof data convert --to-speedscope: the speedscope file format, valid by the schema speedscope ships, with the stacks of prof script'
. "$(dirname "$0")/test-lib.sh"

HOME=$TRASH
export HOME
FOLD="$SRCDIR/tests/shell/profile-fold.py"

# speedscope's file-format-schema.json, from its npm package, installed
# once beside the test helpers; python3-jsonschema validates against it.
SPEEDSCOPE_DIR=${SPEEDSCOPE_DIR:-$HELPERS/../speedscope}
SCHEMA=$SPEEDSCOPE_DIR/node_modules/speedscope/dist/release/file-format-schema.json
test_lazy_prereq SCHEMA '
	if ! test -f "$SCHEMA"; then
		mkdir -p "$SPEEDSCOPE_DIR" &&
		npm install --no-audit --no-fund --prefix "$SPEEDSCOPE_DIR" speedscope@1.25.0
	fi &&
	test -f "$SCHEMA" &&
	python3 -c "import jsonschema"
'
test_lazy_prereq CC 'printf "int main(void) { return 0; }\n" >cc.c && cc -o cc cc.c'

# tests/shell/convert-work.c: a call tree and an inlined function (mixin,
# line 11, in leaf_x at line 17), built here with frame pointers in every
# function (-O0: gcc -O1 leaves them out of leaf functions) and debug info.
cp "$SRCDIR/tests/shell/convert-work.c" work.c

# same_stacks DATA [SCHEMA]: the speedscope file of DATA has prof
# script's stacks, thread by thread, sample by sample.
same_stacks() {
	rm -f "$1.json" &&
	"$PROF" data convert --to-speedscope "$1.json" -i "$1" 2>"$1.err" &&
	python3 "$FOLD" speedscope "$1.json" ${2-} >"$1.ss" &&
	"$PROF" script -F pid,tid,ip,sym -i "$1" >"$1.script" 2>/dev/null &&
	python3 "$FOLD" script "$1.script" >"$1.want" &&
	test_cmp_nonempty "$1.want" "$1.ss"
}

test_expect_success PYTHON3,CC,PERF_EVENTS 'frame pointers: one profile per thread, script'"'"'s stacks, weights the periods' '
	cc -O0 -g -fno-omit-frame-pointer -o work work.c &&
	"$PROF" record -q -e cpu-clock -F 4000 -g -o fp.data -- sh -c "./work 1 & ./work 1; wait" \
		>/dev/null 2>&1 &&
	same_stacks fp.data &&
	grep -q ";leaf_y;work_b;main;" fp.data.ss &&
	grep -q "^\[ perf data convert: Converted '"'"'fp.data'"'"' into speedscope data '"'"'fp.data.json'"'"' \]$" \
		fp.data.err &&
	python3 -c "
import json, sys
d = json.load(open(\"fp.data.json\"))
names = [p[\"name\"] for p in d[\"profiles\"]]
assert sum(n.startswith(\"work \") for n in names) == 2, names
assert all(p[\"unit\"] == \"nanoseconds\" for p in d[\"profiles\"])
print(sum(sum(p[\"weights\"]) for p in d[\"profiles\"]))
" >got &&
	"$PROF" script -F period -i fp.data | awk "{ s += \$1 } END { print s }" >want &&
	test_cmp want got
'

test_expect_success PYTHON3,CC,PERF_EVENTS 'a fixed period (record -c): each sample weighs it, as script prints it' '
	"$PROF" record -q -e task-clock -c 100000 -g -o fixed.data -- ./work 1 >/dev/null 2>&1 &&
	"$PROF" data convert --to-speedscope fixed.json -i fixed.data 2>/dev/null &&
	python3 -c "
import json
d = json.load(open(\"fixed.json\"))
w = [x for p in d[\"profiles\"] for x in p[\"weights\"]]
assert w and all(x == 100000 for x in w), set(w)
print(sum(w))
" >got &&
	"$PROF" script -F period -i fixed.data | awk "{ s += \$1 } END { printf \"%.0f\\n\", s }" >want &&
	test_cmp want got
'

test_expect_success PYTHON3,CC,PERF_EVENTS,SCHEMA 'valid by speedscope'"'"'s file-format-schema.json' '
	same_stacks fp.data "$SCHEMA"
'

test_expect_success PYTHON3,CC,PERF_EVENTS '--call-graph dwarf: inlined frames; --tid' '
	"$PROF" record -q -e task-clock -F 4000 --call-graph dwarf -o dw.data -- ./work 2 \
		>/dev/null 2>&1 &&
	same_stacks dw.data &&
	grep -q ";mixin;leaf_x;work_a;main;" dw.data.ss &&
	tid=$(sed -n "s/^[0-9]*\/\([0-9]*\);.*/\1/p" fp.data.want | head -1) &&
	"$PROF" data convert --to-speedscope tid.json -i fp.data --tid "$tid" 2>/dev/null &&
	python3 "$FOLD" speedscope tid.json >tid.ss &&
	grep "^[0-9]*/$tid;" fp.data.want >tid.want &&
	test_cmp_nonempty tid.want tid.ss
'

test_done
