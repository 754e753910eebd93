#!/usr/bin/env python3
# svg-frames.py SVG: a flame graph's picture size, title, subtitle and
# every frame (x, width, y, height, fill, label position and text, title),
# one sorted line each (flamegraph.pl writes its frames in hash order), to
# compare prof's SVG with flamegraph.pl's (t1100, t1102).
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<svg [^>]*width="([^"]*)" height="([^"]*)"', s)
print("svg", m.group(1), m.group(2))
for tag in ("title", "subtitle"):
    m = re.search(r'<text id="%s" x="([^"]*)" y="([^"]*)" >(.*?)</text>' % tag, s)
    if m:
        print(tag, *m.groups())
pat = re.compile(r'<g\s*>\n<title>(.*?)</title><rect x="([^"]*)" y="([^"]*)" '
                 r'width="([^"]*)" height="([^"]*)" fill="([^"]*)"[^>]*/>\n'
                 r'<text\s+x="([^"]*)" y="([^"]*)"\s*>(.*?)</text>\n</g>', re.S)
rows = ["\t".join(f.groups()[1:] + f.groups()[:1]) for f in pat.finditer(s)]
for r in sorted(rows):
    print(r)
