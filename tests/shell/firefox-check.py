#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""firefox-check.py MODE ARGS...: what a Gecko profile from prof data
convert --to-firefox holds, checked and brought to text the tests compare
with prof script, perf script and the Firefox Profiler's own processing
(profiler-cli). A FILE ending in .gz is read through gzip.

  check FILE        the structure (below); prints "threads N",
                    "samples N", "markers N", "stacks N", "frames N"
  counts FILE       per thread: "pid tid name N", N its samples
  stacks FILE       each sample: "tid leaf;...;root" (function names),
                    by thread (tid order), then time
  script-stacks OUT [SKIP]  prof/perf script -F tid,event,ip,sym: each
                    sample (less those of the events named SKIP, comma
                    separated) as "tid leaf;...;root", by tid then order
                    (a sample without a call chain: its symbol)
  script-counts OUT [SKIP]  the same, counted: "tid N"
  tree STACKS TID   a "stacks" list's samples of TID as a top-down call
                    tree: "root;...;node N" (N the samples below and at
                    the node), sorted
  pq-tree JSON      profiler-cli thread samples-top-down --json: the same
  markers FILE NAME each NAME marker: "tid dur_ns leaf;...;root" (its
                    stack), by thread then time
  runtime FILE      per thread, the summed "Running" markers: "tid ms"
  switches FILE     per thread, its sched markers: "tid N"
  script-switches OUT  prof script -F tid,event,trace: per tid, its
                    sched_switch samples with prev_pid not 0: "tid N"
  categories FILE   the category names of the frames: "name N", sorted

The structure: meta with version 27, interval and startTime numbers,
categories (name, color, subcategories) and a markerSchema list; libs,
threads, processes and pausedRanges lists; each thread with a name,
processName, processType, numeric pid and tid, and samples, markers,
stackTable and frameTable tables (a schema object of column indexes, the
data rows as long as the schema), a stringTable list of strings. Every
index is in range: a sample's stack, a stack's prefix (earlier in the
table: no cycle) and frame, a frame's location string and category, a
marker's name string and category; sample times do not go down and none
is negative; a marker's end is not before its start; a marker's stack
names a stack of its thread.
"""
import gzip
import json
import re
import sys


def fail(msg):
    sys.stderr.write("firefox-check: %s\n" % msg)
    sys.exit(1)


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        d = json.load(f)
    if not isinstance(d, dict):
        fail("not an object")
    return d


def table(t, name, keys):
    tab = t.get(name)
    if not isinstance(tab, dict) or not isinstance(tab.get("schema"), dict) or \
       not isinstance(tab.get("data"), list):
        fail("thread %r: no %s schema and data" % (t.get("tid"), name))
    sch = tab["schema"]
    for k in keys:
        if not isinstance(sch.get(k), int):
            fail("%s schema has no %s" % (name, k))
    width = max(sch.values()) + 1
    for row in tab["data"]:
        if not isinstance(row, list) or len(row) != width:
            fail("%s row %r is not %d wide" % (name, row, width))
    return sch, tab["data"]


def func(loc):
    m = re.match(r"^(.*) \(in [^)]*\)$", loc)
    return m.group(1) if m else loc


def stack_names(t, s):
    sch, data = t["stackTable"]["schema"], t["stackTable"]["data"]
    fsch, fdata = t["frameTable"]["schema"], t["frameTable"]["data"]
    names = []
    while s is not None:
        row = data[s]
        names.append(func(t["stringTable"][fdata[row[sch["frame"]]][fsch["location"]]]))
        s = row[sch["prefix"]]
    return names


def check(path):
    d = load(path)
    meta = d.get("meta")
    if not isinstance(meta, dict):
        fail("no meta")
    if meta.get("version") != 27:
        fail("meta.version %r" % meta.get("version"))
    for k in ("interval", "startTime"):
        if not isinstance(meta.get(k), (int, float)):
            fail("meta.%s %r" % (k, meta.get(k)))
    cats = meta.get("categories")
    if not isinstance(cats, list) or not cats:
        fail("no categories")
    for c in cats:
        if not isinstance(c.get("name"), str) or not isinstance(c.get("color"), str) or \
           not isinstance(c.get("subcategories"), list):
            fail("category %r" % c)
    if not isinstance(meta.get("markerSchema"), list):
        fail("no markerSchema")
    for k in ("libs", "threads", "processes", "pausedRanges"):
        if not isinstance(d.get(k), list):
            fail("no %s list" % k)
    n = {"samples": 0, "markers": 0, "stacks": 0, "frames": 0}
    for t in d["threads"]:
        for k in ("name", "processName", "processType"):
            if not isinstance(t.get(k), str):
                fail("thread %s %r" % (k, t.get(k)))
        for k in ("pid", "tid"):
            if not isinstance(t.get(k), int):
                fail("thread %s %r" % (k, t.get(k)))
        strings = t.get("stringTable")
        if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
            fail("thread %d: stringTable" % t["tid"])
        fsch, frames = table(t, "frameTable", ("location", "category", "subcategory"))
        for f in frames:
            if not 0 <= f[fsch["location"]] < len(strings) or \
               not 0 <= f[fsch["category"]] < len(cats):
                fail("frame %r" % f)
        ssch, stacks = table(t, "stackTable", ("prefix", "frame"))
        for i, s in enumerate(stacks):
            p = s[ssch["prefix"]]
            if (p is not None and not 0 <= p < i) or not 0 <= s[ssch["frame"]] < len(frames):
                fail("stack %d %r" % (i, s))
        sch, samples = table(t, "samples", ("stack", "time"))
        last = 0
        for s in samples:
            st, tm = s[sch["stack"]], s[sch["time"]]
            if st is not None and not 0 <= st < len(stacks):
                fail("sample %r" % s)
            if not isinstance(tm, (int, float)) or tm < last:
                fail("sample time %r after %r" % (tm, last))
            last = tm
        msch, markers = table(t, "markers",
                              ("name", "startTime", "endTime", "phase", "category", "data"))
        for m in markers:
            data = m[msch["data"]]
            if not 0 <= m[msch["name"]] < len(strings) or \
               not 0 <= m[msch["category"]] < len(cats) or not isinstance(data, dict) or \
               not isinstance(data.get("type"), str) or m[msch["startTime"]] < 0:
                fail("marker %r" % m)
            if m[msch["phase"]] == 1 and m[msch["endTime"]] < m[msch["startTime"]]:
                fail("marker ends before it starts: %r" % m)
            if m[msch["phase"]] == 0 and m[msch["endTime"]] is not None:
                fail("instant marker with an end: %r" % m)
            if "stack" in data:
                ss = data["stack"]["samples"]
                if not 0 <= ss["data"][0][ss["schema"]["stack"]] < len(stacks):
                    fail("marker stack %r" % data["stack"])
        n["samples"] += len(samples)
        n["markers"] += len(markers)
        n["stacks"] += len(stacks)
        n["frames"] += len(frames)
    print("threads %d" % len(d["threads"]))
    for k in ("samples", "markers", "stacks", "frames"):
        print("%s %d" % (k, n[k]))


def counts(path):
    for t in load(path)["threads"]:
        print("%d %d %s %d" % (t["pid"], t["tid"], t["name"], len(t["samples"]["data"])))


def by_tid(t):
    return sorted(t, key=lambda x: x["tid"])


def stacks(path):
    for t in by_tid(load(path)["threads"]):
        sch = t["samples"]["schema"]
        for s in t["samples"]["data"]:
            print("%d %s" % (t["tid"], ";".join(stack_names(t, s[sch["stack"]]))))


def script_samples(path, skip=""):
    skip = set(e for e in skip.split(",") if e)
    out, head, stack = [], None, []
    for line in list(open(path)) + [""]:
        line = line.rstrip("\n")
        if line.startswith("\t"):
            f = line.split(None, 1)
            stack.append(f[1] if len(f) > 1 else "[unknown]")
            continue
        if head is not None:
            out.append((head, ";".join(stack)))
        head, stack = None, []
        f = line.split()
        if len(f) >= 2 and f[1].rstrip(":") not in skip:
            head = int(f[0])
            if len(f) > 2:	# no call chain: the sample's ip and symbol on its line
                stack = [" ".join(f[3:]) or "[unknown]"]
    out.sort(key=lambda x: x[0])	# stable: each thread's in order
    return out


def script_stacks(path, skip=""):
    for tid, s in script_samples(path, skip):
        print("%d %s" % (tid, s))


def script_counts(path, skip=""):
    n = {}
    for tid, _ in script_samples(path, skip):
        n[tid] = n.get(tid, 0) + 1
    for tid in sorted(n):
        print("%d %d" % (tid, n[tid]))


def tree(path, tid):
    n = {}
    for line in open(path):
        f = line.rstrip("\n").split(" ", 1)
        if f[0] != tid:
            continue
        names = f[1].split(";")[::-1] if len(f) > 1 and f[1] else []
        for i in range(1, len(names) + 1):
            k = ";".join(names[:i])
            n[k] = n.get(k, 0) + 1
    for k in sorted(n):
        print("%s %d" % (k, n[k]))


def pq_tree(path):
    with open(path) as f:
        d = json.load(f)
    n = {}

    def walk(node, path):
        for c in node.get("children", []):
            p = path + [c["name"]]
            k = ";".join(p)
            n[k] = n.get(k, 0) + c["totalSamples"]
            walk(c, p)
    walk(d["regularCallTree"], [])
    for k in sorted(n):
        print("%s %d" % (k, n[k]))


def named_markers(path, name):
    for t in by_tid(load(path)["threads"]):
        sch = t["markers"]["schema"]
        for m in t["markers"]["data"]:
            if t["stringTable"][m[sch["name"]]] == name:
                yield t, sch, m


def markers(path, name):
    for t, sch, m in named_markers(path, name):
        data = m[sch["data"]]
        st = []
        if "stack" in data:
            ss = data["stack"]["samples"]
            st = stack_names(t, ss["data"][0][ss["schema"]["stack"]])
        dur = round((m[sch["endTime"]] - m[sch["startTime"]]) * 1e6)
        print("%d %d %s" % (t["tid"], dur, ";".join(st)))


def runtime(path):
    sums = {}
    for t, sch, m in named_markers(path, "Running"):
        sums[t["tid"]] = sums.get(t["tid"], 0.0) + m[sch["endTime"]] - m[sch["startTime"]]
    for tid in sorted(sums):
        print("%d %.6f" % (tid, sums[tid]))


def switches(path):
    n = {}
    for t in load(path)["threads"]:
        sch = t["markers"]["schema"]
        for m in t["markers"]["data"]:
            if m[sch["data"]]["type"] == "SchedSwitch":
                n[t["tid"]] = n.get(t["tid"], 0) + 1
    for tid in sorted(n):
        print("%d %d" % (tid, n[tid]))


def script_switches(path):
    n = {}
    for line in open(path):
        if "sched:sched_switch:" not in line:
            continue
        prev = int(re.search(r" prev_pid=(\d+)", line).group(1))
        if prev:
            tid = int(line.split()[0])
            n[tid] = n.get(tid, 0) + 1
    for tid in sorted(n):
        print("%d %d" % (tid, n[tid]))


def categories(path):
    d = load(path)
    cats = d["meta"]["categories"]
    n = {}
    for t in d["threads"]:
        fsch = t["frameTable"]["schema"]
        for f in t["frameTable"]["data"]:
            c = cats[f[fsch["category"]]]["name"]
            n[c] = n.get(c, 0) + 1
    for c in sorted(n):
        print("%s %d" % (c, n[c]))


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    mode, args = sys.argv[1], sys.argv[2:]
    {"check": check, "counts": counts, "stacks": stacks, "script-stacks": script_stacks,
     "script-counts": script_counts, "tree": tree, "pq-tree": pq_tree, "markers": markers,
     "runtime": runtime, "switches": switches,
     "script-switches": script_switches, "categories": categories}[mode](*args)


if __name__ == "__main__":
    main()
