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
	browse f.dom "file://$TRASH/neg.html" &&
	grep -q "data-view=\"flame all\"" f.dom &&
	# an icicle: the frames that changed are near the top, in the shot
	browse shot.dom "file://$TRASH/neg.html#icicle" --screenshot="$TRASH/neg.png" &&
	python3 reds.py "$TRASH/neg.png"
'

# The page's tooltip: the count drawn, its share, the change, and the
# other profile's count. hover.html hovers the widest frame of each name
# after its "#" in the page PAGE (in an iframe) and lists the tooltips.
cat >hover.html <<\EOF
<!doctype html><html><body><pre id="out"></pre>
<iframe id="f" src="PAGE" style="width:1200px;height:700px"></iframe>
<script>
var f = document.getElementById("f");
f.onload = function() {
	var w = f.contentWindow, d = w.document, cv = d.getElementById("fg");
	var F = w.DATA.f, names = w.DATA.n, r = cv.getBoundingClientRect(), out = [];
	var maxdepth = 0, want = location.hash.substring(1).split(",");
	for (var i = 0; i < F.length; i += 4) if (F[i] > maxdepth) maxdepth = F[i];
	for (var k = 0; k < want.length; k++) {
		var best = -1;
		for (var i = 0; i < F.length; i += 4)
			if (names[F[i + 3]] === want[k] &&
			    (best < 0 || F[i + 2] - F[i + 1] > F[best + 2] - F[best + 1]))
				best = i;
		if (best < 0) continue;
		var x = (F[best + 1] + F[best + 2]) / 2 / w.DATA.total * r.width;
		var y = (maxdepth - F[best]) * 18 + 9;
		cv.dispatchEvent(new w.MouseEvent("mousemove", { clientX: r.left + x, clientY: r.top + y }));
		out.push(d.getElementById("tip").textContent);
	}
	document.getElementById("out").textContent = out.join("\n");
};
</script></body></html>
EOF
# sums.py FOLDED3 NAME...: for each NAME, the counts of the lines whose
# stack has a frame NAME: "NAME first second", summed.
cat >sums.py <<\EOF
import sys
lines = [l.rsplit(" ", 2) for l in open(sys.argv[1]).read().splitlines()]
for name in sys.argv[2:]:
    a = sum(int(l[1]) for l in lines if name in l[0].split(";"))
    b = sum(int(l[2]) for l in lines if name in l[0].split(";"))
    print(name, a, b)
EOF
# tips.py HTML NAME...: the tooltip the page should show for the widest
# frame of each NAME (on stderr, from its data), and on stdout NAME's
# counts over all its frames: "NAME other drawn".
cat >tips.py <<\EOF
import json, re, sys
h = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(re.search(r"var DATA = (\{.*?\});\n", h, re.S).group(1))
f, n, t = d["f"], d["n"], d["total"]
for name in sys.argv[2:]:
    ix = [i for i in range(0, len(f), 4) if n[f[i + 3]] == name]
    i = max(ix, key=lambda i: f[i + 2] - f[i + 1])
    w, c, b = f[i + 2] - f[i + 1], d["d"][i // 4], d["b"][i // 4]
    print("%s (%s samples, %.2f%%; %s%.2f%%; %s %s)" % (name, format(int(w), ","), 100 * w / t,
          "+" if c > 0 else "", 100 * c / t, d["other"], format(int(b), ",")), file=sys.stderr)
    print(name, int(sum(d["b"][i // 4] for i in ix)), int(sum(f[i + 2] - f[i + 1] for i in ix)))
EOF

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3 'HTML: each frame'"'"'s count in the other profile' '
	"$PROF" flamegraph --diff before.folded after.folded -o tip.html &&
	"$FG/difffolded.pl" before.folded after.folded >tip3.folded &&
	python3 sums.py tip3.folded slowed steady added >want.sums &&
	python3 tips.py tip.html slowed steady added >got.sums 2>tip.want &&
	test_cmp want.sums got.sums &&
	grep -q "^\"other\": \"before\", \"b\": \[" tip.html &&
	# --negate: BEFORE drawn, AFTER the other
	"$PROF" flamegraph --diff --negate before.folded after.folded -o tipn.html &&
	"$FG/difffolded.pl" after.folded before.folded >tipn3.folded &&
	python3 sums.py tipn3.folded slowed removed >want.sums &&
	python3 tips.py tipn.html slowed removed >got.sums 2>tipn.want &&
	test_cmp want.sums got.sums &&
	grep -q "^removed 0 [1-9][0-9]*\$" got.sums &&
	grep -q "^\"other\": \"after\", \"b\": \[" tipn.html
'

test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,CHROMIUM 'in chromium: the tooltip gives both counts and the change' '
	sed "s/PAGE/tip.html/" hover.html >hover-a.html &&
	browse a.dom "file://$TRASH/hover-a.html#slowed,steady,added" --allow-file-access-from-files &&
	sed -n "/<pre id=\"out\">/,/<\/pre>/p" a.dom | sed "s/<[^>]*>//g" >tip.got &&
	test_cmp tip.want tip.got &&
	grep -q "^slowed ([0-9,]* samples, [0-9.]*%; +[0-9.]*%; before [1-9][0-9,]*)\$" tip.got &&
	sed "s/PAGE/tipn.html/" hover.html >hover-n.html &&
	browse n.dom "file://$TRASH/hover-n.html#slowed,removed" --allow-file-access-from-files &&
	sed -n "/<pre id=\"out\">/,/<\/pre>/p" n.dom | sed "s/<[^>]*>//g" >tipn.got &&
	test_cmp tipn.want tipn.got &&
	grep -q "^removed ([0-9,]* samples, [0-9.]*%; -[0-9.]*%; after 0)\$" tipn.got
'

# difffolded.pl's own lines as --folded-input: flamegraph.pl draws three
# columns as a differential, and so does prof, as its --diff draws them.
test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT '--folded-input of difffolded.pl'"'"'s lines: flamegraph.pl'"'"'s differential' '
	"$FG/difffolded.pl" before.folded after.folded >d3.folded &&
	same_svg d3.folded "" --folded-input d3.folded &&
	fill prof.frames slowed >slowed.fill &&
	grep -q "^rgb(255,[0-9]*,[0-9]*)\$" slowed.fill &&
	same_svg d3.folded --negate --folded-input d3.folded --negate &&
	fill prof.frames slowed >slowed.fill &&
	grep -q "^rgb([0-9]*,[0-9]*,255)\$" slowed.fill &&
	same_svg d3.folded "--reverse --inverted --minwidth 0" --folded-input d3.folded \
		--reverse --inverted --minwidth 0 &&
	same_svg d3.folded --flamechart --folded-input d3.folded --flamechart &&
	"$FG/difffolded.pl" -n after.folded before.folded >d3n.folded &&
	same_svg d3n.folded "--negate --hash" --folded-input d3n.folded --negate --hash &&
	# the same picture and page as --diff of the two profiles
	"$PROF" flamegraph --folded-input d3.folded -o in.svg &&
	"$PROF" flamegraph --diff before.folded after.folded -o diff.svg &&
	test_cmp diff.svg in.svg &&
	"$PROF" flamegraph --folded-input d3n.folded --negate -o in.html &&
	"$PROF" flamegraph --diff --negate -n before.folded after.folded -o diff.html &&
	test_cmp diff.html in.html
'

# A file of both kinds of line (difffolded.pl writes a sum past 2^64 as
# "1.8e+19", no count, so its line has one): flamegraph.pl colours the
# frames a line of one count opens by the palette, with no change.
test_expect_success SHARED,PYTHON3,XMLLINT '--folded-input of three columns: frames keyed alike, lines of one count among them' '
	for pair in "three.folded four.folded" "four.folded three.folded" "k1.folded k2.folded"; do
		"$FG/difffolded.pl" $pair >p3.folded &&
		same_svg p3.folded "--minwidth 0" --folded-input p3.folded --minwidth 0 &&
		same_svg p3.folded "--minwidth 0 --negate" --folded-input p3.folded --minwidth 0 \
			--negate || return 1
	done &&
	printf "%s\n" "m;a 3 5" "m;a;x 4" "m;b 1.5 0" "m;c;d 2" "n 1.84467440737096e+19 0" \
		"m;c;d;e 6 2" "m;c 7 7" "m;c;d;f 9" "m;c;d;f;g 1 1" >mixed3.folded &&
	for opts in "" --negate --reverse "--negate --inverted --hash" --flamechart; do
		same_svg mixed3.folded "--minwidth 0 $opts" --folded-input mixed3.folded \
			--minwidth 0 $opts || return 1
	done &&
	grep -q "	x (4 samples, [0-9.]*%)\$" prof.frames &&
	grep -q "	e (2 samples, [0-9.]*%; -[0-9.]*%)\$" prof.frames &&
	"$PROF" flamegraph --folded-input mixed3.folded -o mixed3.html &&
	grep -q "^\"maxdelta\": 4, \"d\": \[.*,null," mixed3.html
'

test_expect_success '--folded-input: --negate needs a differential' '
	printf "%s\n" "a;b 1" "a;c 3" >plain.folded &&
	test_expect_code 255 "$PROF" flamegraph --folded-input plain.folded --negate -o x.svg 2>err &&
	test_line_count = 1 err &&
	grep -q "^--negate swaps a differential" err &&
	! test -e x.svg
'

# -s: the addresses of one build and the next pair up as difffolded.pl -s
# pairs them.
test_expect_success PERF,PERF_EVENTS,SHARED,PYTHON3,XMLLINT '-s: hex numbers stripped, as difffolded.pl -s' '
	sed "s/;slowed /;slowed+0x1a /; s/;steady /;steady@0x7F00AB;0x0x1 /" before.folded >hb.folded &&
	sed "s/;slowed /;slowed+0x2b0 /; s/;steady /;steady@0x55c0;0x0x2 /" after.folded >ha.folded &&
	for n in "" -n; do
		difffolded -s $n hb.folded ha.folded >want-s &&
		"$PROF" flamegraph --diff -s $n hb.folded ha.folded -o got-s.folded &&
		test_cmp_nonempty want-s got-s.folded || return 1
	done &&
	grep -q ";slowed+0x\.\.\. [1-9][0-9]* [1-9][0-9]*\$" got-s.folded &&
	grep -q ";steady@0x\.\.\.;0x\.\.\.x1 " got-s.folded &&
	"$PROF" flamegraph --diff --strip-hex hb.folded ha.folded -o long-s.folded &&
	difffolded -s hb.folded ha.folded >want-s &&
	test_cmp want-s long-s.folded &&
	# without it the builds do not pair
	"$PROF" flamegraph --diff hb.folded ha.folded -o nos.folded &&
	grep -q ";slowed+0x1a [1-9][0-9]* 0\$" nos.folded &&
	"$FG/difffolded.pl" -s hb.folded ha.folded >hs3.folded &&
	same_svg hs3.folded "" --diff -s hb.folded ha.folded &&
	test_expect_code 255 "$PROF" flamegraph -s --folded-input hs3.folded -o x.svg 2>err &&
	grep -q "^--strip-hex goes with --diff" err
'

test_expect_success SHARED '-s: where difffolded.pl -s starts and ends a hex number' '
	printf "%s\n" "m;f+0x1a 3" "m;f+0x2B 4" "m;0x0x1 2" "m;0xg 1" "m;x0xABCdef99;y 5" \
		"m;[j 0x7f00aa] 6" "m;0x 1" "m;0X12 1" "m;0x1 0x2 7" >h1.folded &&
	printf "%s\n" "m;f+0x3 10" "m;0x0x5 2" "m;[j 0x7f11bb] 1" "m;0xfoo 2" "m;0xa 0xb 1" >h2.folded &&
	for n in "" -n; do
		difffolded -s $n h1.folded h2.folded >want &&
		"$PROF" flamegraph --diff -s $n h1.folded h2.folded -o - --folded >got &&
		test_cmp_nonempty want got || return 1
	done
'

# Off-CPU recordings weigh stacks by the time blocked (nanoseconds): the
# picture is in microseconds, as one profile's is; the lines stay in ns.
# us FOLDED: the lines with their counts in microseconds, as prof draws them.
us() {
	awk "{ c = \$NF; sub(/ [0-9]+\$/, \"\"); printf \"%s %d\n\", \$0, int((c + 500) / 1000) }" "$1"
}

test_expect_success PERF,ROOT,TRACEFS,SHARED,PYTHON3,XMLLINT 'off-CPU: blocked time drawn in microseconds, as one profile'"'"'s' '
	"$PROF" record -q --off-cpu -e dummy -g -o ob.data -- "$HELPERS/blockwork" 200 \
		>/dev/null 2>&1 &&
	"$PROF" record -q --off-cpu -e dummy -g -o oa.data -- "$HELPERS/blockwork" pingpong 300 \
		>/dev/null 2>&1 &&
	"$PROF" flamegraph -i ob.data -o ob.folded &&
	"$PROF" flamegraph -i oa.data -o oa.folded &&
	grep -q "sleeper" ob.folded &&
	# the lines: nanoseconds, difffolded.pl'"'"'s of the two folds
	difffolded ob.folded oa.folded >want-o &&
	"$PROF" flamegraph --diff ob.data oa.data -o o.folded &&
	test_cmp_nonempty want-o o.folded &&
	# the picture: flamegraph.pl'"'"'s of those in microseconds
	us ob.folded >ob.us && us oa.folded >oa.us &&
	"$FG/difffolded.pl" ob.us oa.us >o3.us &&
	same_svg o3.us "--countname us" --diff ob.data oa.data &&
	grep -q "^[0-9.]*	[0-9]*	[0-9.]*	[0-9.]*	rgb(255,[0-9]*,[0-9]*)	.* us, [0-9.]*%; +[0-9.]*%)\$" \
		prof.frames &&
	"$FG/difffolded.pl" -n oa.us ob.us >o3n.us &&
	same_svg o3n.us "--countname us --negate" --diff -n --negate ob.data oa.data &&
	grep -q "	sleeper ([0-9,]* us, [0-9.]*%; 0.00%)\$" prof.frames &&
	grep -q "^[0-9.]*	[0-9]*	[0-9.]*	[0-9.]*	rgb([0-9]*,[0-9]*,255)	.* us, [0-9.]*%; -[0-9.]*%)\$" \
		prof.frames &&
	same_svg o3.us "--countname ns" --diff ob.data oa.data --countname ns &&
	"$PROF" flamegraph --diff ob.data oa.data -o o.html &&
	grep -q "\"countname\": \"us\"" o.html &&
	# with other counts: not comparable in one picture
	test_expect_code 255 "$PROF" flamegraph --diff ob.data oa.folded -o x.svg 2>err1 &&
	test_line_count = 1 err1 &&
	grep -q "^--diff: ob.data is blocked time (offcpu-time), drawn in microseconds; oa.folded is folded text" err1 &&
	test_expect_code 255 "$PROF" flamegraph --diff before.data oa.data -o x.svg 2>err2 &&
	test_line_count = 1 err2 &&
	grep -q "^--diff: oa.data is blocked time (offcpu-time), before.data is not" err2 &&
	! test -e x.svg
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
