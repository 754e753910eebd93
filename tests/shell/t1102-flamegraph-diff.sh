#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof flamegraph --diff: difffolded.pl | flamegraph.pl in one step'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME
FG=$SHARED/tools/FlameGraph
test_lazy_prereq XMLLINT 'command -v xmllint'

# difffolded [-n] BEFORE AFTER: difffolded.pl's lines, sorted bytewise
# (the script prints them in Perl's hash order, a new one every run).
difffolded() {
	"$FG/difffolded.pl" "$@" >difffolded.out &&
	LC_ALL=C sort difffolded.out
}

# Before and after: diffwork's slowed() runs three times as long after,
# added() replaces removed(), steady() is the same.
test_expect_success PERF,PERF_EVENTS 'record: diffwork before and after' '
	"$PERF" record -q -g -e cpu-clock -o before.data -- "$HELPERS/diffwork" before 40 \
		>/dev/null 2>&1 &&
	"$PERF" record -q -g -e cpu-clock -o after.data -- "$HELPERS/diffwork" after 40 \
		>/dev/null 2>&1 &&
	"$PROF" flamegraph -i before.data -o before.folded &&
	"$PROF" flamegraph -i after.data -o after.folded &&
	grep -q ";slowed [0-9]*\$" before.folded &&
	grep -q ";removed [0-9]*\$" before.folded &&
	grep -q ";added [0-9]*\$" after.folded
'

test_expect_success PERF,PERF_EVENTS,SHARED '.folded: difffolded.pl'"'"'s lines, and with -n' '
	difffolded before.folded after.folded >want.folded &&
	"$PROF" flamegraph --diff before.folded after.folded -o diff.folded &&
	test_cmp_nonempty want.folded diff.folded &&
	grep -q ";added 0 [1-9][0-9]*\$" diff.folded &&
	grep -q ";removed [1-9][0-9]* 0\$" diff.folded &&
	difffolded -n before.folded after.folded >want-n.folded &&
	"$PROF" flamegraph --diff -n before.folded after.folded -o diff-n.folded &&
	test_cmp_nonempty want-n.folded diff-n.folded &&
	! cmp -s diff.folded diff-n.folded &&
	"$PROF" flamegraph --diff --normalize before.folded after.folded -o - --folded >long-n.folded &&
	test_cmp diff-n.folded long-n.folded
'

test_expect_success PERF,PERF_EVENTS,SHARED '--negate: the lines the other way round (AFTER BEFORE)' '
	difffolded after.folded before.folded >want-neg.folded &&
	"$PROF" flamegraph --diff --negate before.folded after.folded -o neg.folded &&
	test_cmp_nonempty want-neg.folded neg.folded &&
	difffolded -n after.folded before.folded >want-negn.folded &&
	"$PROF" flamegraph --diff --negate -n before.folded after.folded -o negn.folded &&
	test_cmp_nonempty want-negn.folded negn.folded
'

# Perl's numbers: fractions, sums past 64 bits, a stack on one side only,
# a stack twice in a file, blanks in names, -n in integers and doubles.
test_expect_success SHARED '.folded: counts as difffolded.pl computes and prints them' '
	printf "%s\n" "a;b 1.5" "c 3" "d 7." "e 18446744073709551615" "e 1" \
		"with blank;x 2" "a;b 2" "f 0.1" "f 0.2" >one.folded &&
	printf "%s\n" "a;b 2" "c 1.25" "z 4" "with blank;x 9007199254740993" "f 3" >two.folded &&
	printf "%s\n" "m;a 3" "m;b 5" "m;c 7" >three.folded &&
	printf "%s\n" "m;a 11" "m;b 5" "m;d 13" >four.folded &&
	for pair in "one.folded two.folded" "two.folded one.folded" \
		"three.folded four.folded" "four.folded three.folded"; do
		for n in "" -n; do
			difffolded $n $pair >want &&
			"$PROF" flamegraph --diff $n $pair -o - --folded >got &&
			test_cmp_nonempty want got || return 1
		done
	done
'

# same_svg THREE "PLOPTS" PROFARGS...: flamegraph.pl draws the three
# columns of THREE with PLOPTS; prof flamegraph PROFARGS -o prof.svg
# draws the same frames, in the same colours, in a well-formed SVG.
same_svg() {
	_three=$1 &&
	_plopts=$2 &&
	shift 2 &&
	"$FG/flamegraph.pl" $_plopts "$_three" >pl.svg 2>/dev/null &&
	"$PROF" flamegraph "$@" -o prof.svg &&
	python3 "$SRCDIR/tests/shell/svg-frames.py" pl.svg >pl.frames &&
	python3 "$SRCDIR/tests/shell/svg-frames.py" prof.svg >prof.frames &&
	test $(wc -l <pl.frames) -gt 5 &&
	test_cmp pl.frames prof.frames &&
	xmllint --noout prof.svg
}
# fill FRAMES NAME: the fill of NAME's widest frame.
fill() {
	awk -F "\t" -v f="$2" "index(\$9, f \" (\") == 1 { print \$3, \$5 }" "$1" >fill.all &&
	sort -k1,1nr fill.all | sed -n "1s/.* //p"
}

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT 'SVG: flamegraph.pl'"'"'s frames and colours' '
	same_svg diff.folded "" --diff before.folded after.folded &&
	fill prof.frames slowed >slowed.fill &&
	grep -q "^rgb(255,[0-9]*,[0-9]*)\$" slowed.fill &&
	! grep -q "rgb(255,255,255)" slowed.fill &&
	fill prof.frames added >added.fill &&
	grep -q "^rgb(255,[0-9]*,[0-9]*)\$" added.fill &&
	! grep -q "rgb(255,255,255)" added.fill &&
	! grep -q "	removed (" prof.frames &&
	grep -q "	slowed ([0-9,]* samples, [0-9.]*%; +[0-9.]*%)\$" prof.frames &&
	same_svg diff-n.folded "" --diff -n before.folded after.folded &&
	same_svg diff.folded "--inverted --width 700 --minwidth 0 --title T --countname ns" \
		--diff before.folded after.folded --inverted --width 700 --minwidth 0 --title T \
		--countname ns &&
	same_svg diff.folded "--reverse --hash" --diff before.folded after.folded --reverse --hash &&
	same_svg diff.folded --flamechart --diff before.folded after.folded --flamechart
'

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT 'SVG --negate: BEFORE'"'"'s frames, flamegraph.pl --negate'"'"'s colours' '
	"$FG/difffolded.pl" after.folded before.folded >neg3.folded &&
	same_svg neg3.folded --negate --diff --negate before.folded after.folded &&
	fill prof.frames removed >removed.fill &&
	grep -q "^rgb([0-9]*,[0-9]*,255)\$" removed.fill &&
	! grep -q "rgb(255,255,255)" removed.fill &&
	grep -q "	removed ([0-9,]* samples, [0-9.]*%; -[0-9.]*%)\$" prof.frames &&
	! grep -q "	added (" prof.frames &&
	fill prof.frames slowed >slowed.fill &&
	grep -q "^rgb(255,[0-9]*,[0-9]*)\$" slowed.fill &&
	! grep -q "rgb(255,255,255)" slowed.fill
'

# A stack of count 0 (what AFTER lost) closing where a wide frame of the
# same name did: flamegraph.pl keeps the later, so the wide one is gone.
test_expect_success SHARED,PYTHON3,XMLLINT 'SVG: frames flamegraph.pl keys alike' '
	printf "%s\n" "m;x;f;g 100" "m;y;f;g 5" >k1.folded &&
	printf "%s\n" "m;x;f;g 120" "m;z 50" >k2.folded &&
	"$FG/difffolded.pl" k1.folded k2.folded >k3.folded &&
	same_svg k3.folded "--minwidth 0" --diff k1.folded k2.folded --minwidth 0
'

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT 'perf.data inputs: the lines and pictures of their folds' '
	"$PROF" flamegraph --diff before.data after.data -o data.folded &&
	test_cmp diff.folded data.folded &&
	"$PROF" flamegraph --diff before.data after.folded -n -o mixed.folded &&
	test_cmp diff-n.folded mixed.folded &&
	"$PROF" flamegraph --diff before.data after.data -o data.svg &&
	"$PROF" flamegraph --diff before.folded after.folded -o folded.svg &&
	test_cmp data.svg folded.svg &&
	"$PROF" flamegraph --diff --negate before.data after.data -o data.html &&
	"$PROF" flamegraph --diff --negate before.folded after.folded -o folded.html &&
	test_cmp data.html folded.html &&
	"$PROF" flamegraph -i before.data --count samples --kernel -c diffwork -o bk.folded &&
	"$PROF" flamegraph -i after.data --count samples --kernel -c diffwork -o ak.folded &&
	difffolded bk.folded ak.folded >want-k.folded &&
	"$PROF" flamegraph --diff --count samples --kernel -c diffwork before.data after.data \
		-o - --folded >got-k.folded &&
	test_cmp_nonempty want-k.folded got-k.folded &&
	! cmp -s data.folded got-k.folded
'

# html_data HTML: the page's frames ("depth start end name change" lines)
# and total, from its DATA object.
cat >htmldata.py <<\EOF
import json, re, sys
h = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"var DATA = (\{.*?\});\n", h, re.S)
d = json.loads(m.group(1))
f, n, c = d["f"], d["n"], d["d"]
print("total", d["total"], "maxdelta", d["maxdelta"])
for i in range(0, len(f), 4):
    print(f[i], f[i + 1], f[i + 2], n[f[i + 3]], c[i // 4])
EOF

test_expect_success PERF,PERF_EVENTS,PYTHON3 'HTML: the frames of the SVG, each with its change' '
	"$PROF" flamegraph --diff before.folded after.folded -o diff.html &&
	"$PROF" flamegraph --diff before.folded after.folded -o diff0.svg --minwidth 0 &&
	python3 htmldata.py diff.html >diff.html.frames &&
	test $(grep -c "^<g >" diff0.svg) = $(($(wc -l <diff.html.frames) - 1)) &&
	awk "{ t += \$NF } END { print \"total\", t }" after.folded >want.total &&
	cut -d " " -f 1,2 diff.html.frames | head -n 1 >got.total &&
	test_cmp want.total got.total &&
	grep -q " slowed [1-9][0-9]*\$" diff.html.frames &&
	grep -q " added [1-9][0-9]*\$" diff.html.frames &&
	"$PROF" flamegraph --diff --negate before.folded after.folded -o neg.html &&
	python3 htmldata.py neg.html >neg.html.frames &&
	grep -q " removed -[1-9][0-9]*\$" neg.html.frames &&
	grep -q " slowed [1-9][0-9]*\$" neg.html.frames
'

cat >reds.py <<\EOF
import sys, zlib, struct
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n"
i, idat, w, h = 8, b"", 0, 0
while i < len(b):
    n, t = struct.unpack(">I4s", b[i:i + 8])
    if t == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", b[i + 8:i + 18])
        bpp = 4 if ctype == 6 else 3
    if t == b"IDAT":
        idat += b[i + 8:i + 8 + n]
    i += 12 + n
raw, stride, prev, rows = zlib.decompress(idat), w * bpp, None, []
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        up = prev[x] if prev else 0
        c = prev[x - bpp] if prev and x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + up) & 255
        elif f == 3: line[x] = (line[x] + (a + up) // 2) & 255
        elif f == 4:
            p = a + up - c
            pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
    prev = line
    rows.append(line)
red = blue = 0
for line in rows:
    for x in range(0, stride, bpp):
        r, g, bl = line[x], line[x + 1], line[x + 2]
        red += r == 255 and g == bl and g < 200
        blue += bl == 255 and r == g and r < 200
print(red, "red pixels", blue, "blue pixels")
sys.exit(0 if red > 100 and blue > 100 else 1)
EOF

test_expect_success PERF,PERF_EVENTS,PYTHON3,CHROMIUM 'in chromium: search, zoom, red and blue frames' '
	"$PROF" flamegraph --diff --negate before.folded after.folded -o neg.html &&
	awk "{ t += \$NF } /;slowed[; ]/ { m += \$NF } END { printf \"Matched: %.1f%%\n\", 100 * m / t }" \
		before.folded >want.matched &&
	browse s.dom "file://$TRASH/neg.html#s=slowed" &&
	sed -n "s/.*<span id=\"matched\">\([^<]*\)<.*/\1/p" s.dom >got.matched &&
	test_cmp want.matched got.matched &&
	python3 htmldata.py neg.html >neg.html.frames &&
	z=$(awk "\$4 == \"slowed\" { print NR - 2; exit }" neg.html.frames) &&
	browse z.dom "file://$TRASH/neg.html#z=$z&icicle" &&
	grep -q "data-view=\"icicle slowed\"" z.dom &&
	# an icicle: the frames that changed are near the top, in the shot
	browse shot.dom "file://$TRASH/neg.html#icicle" --screenshot="$TRASH/neg.png" &&
	python3 reds.py "$TRASH/neg.png"
'

test_expect_success 'bad input: one line, a failure' '
	printf "a;b 1\n" >ok.folded &&
	printf "a;b 1\nno count here\n" >bad.folded &&
	printf "a;b 1 2\n" >three.folded &&
	test_expect_code 255 "$PROF" flamegraph --diff ok.folded -o x.svg 2>err1 &&
	test_line_count = 1 err1 &&
	grep -q "^--diff compares two profiles" err1 &&
	test_expect_code 255 "$PROF" flamegraph --diff ok.folded ok.folded ok.folded -o x.svg 2>err2 &&
	test_line_count = 1 err2 &&
	test_expect_code 255 "$PROF" flamegraph --diff ok.folded nosuch.folded -o x.svg 2>err3 &&
	test_line_count = 1 err3 &&
	grep -q "^cannot open nosuch.folded: No such file or directory\$" err3 &&
	test_expect_code 255 "$PROF" flamegraph --diff bad.folded ok.folded -o x.folded 2>err4 &&
	test_line_count = 1 err4 &&
	grep -q "^bad.folded:2: not a folded stack" err4 &&
	test_expect_code 255 "$PROF" flamegraph --diff ok.folded three.folded -o x.folded 2>err5 &&
	test_line_count = 1 err5 &&
	grep -q "^three.folded:1: two counts" err5 &&
	test_expect_code 255 "$PROF" flamegraph -n -o x.svg 2>err6 &&
	test_line_count = 1 err6 &&
	test_expect_code 255 "$PROF" flamegraph --negate -o x.svg 2>err7 &&
	test_line_count = 1 err7 &&
	test_expect_code 255 "$PROF" flamegraph --diff -i ok.folded ok.folded ok.folded 2>err8 &&
	test_line_count = 1 err8 &&
	: >empty.folded &&
	test_expect_code 255 "$PROF" flamegraph --diff -n empty.folded ok.folded -o x.folded 2>err9 &&
	test_line_count = 1 err9 &&
	! test -e x.svg &&
	! test -e x.folded
'

test_done
