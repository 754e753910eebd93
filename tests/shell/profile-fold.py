#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""profile-fold.py MODE FILE...: what a viewer shows and what prof shows,
brought to one text so that the tests can compare them line for line.

  traces PPROF_TRACES    pprof -traces -sample_index=samples: "pid/tid;leaf;...;root N"
  script SCRIPT_OUT      prof script -F pid,tid,ip,sym: the same lines
  speedscope JSON [SCHEMA]  prof's speedscope file: the same lines; with
                         SCHEMA (speedscope's file-format-schema.json),
                         validated against it first (python3-jsonschema),
                         and each profile's endValue the sum of its weights
  firefox JSON           prof's Firefox Profiler (Gecko) file, .gz or not: the
                         same lines, a frame's "(in dso)" left out
  top PPROF_TOP SELF CHILDREN OUT_PPROF OUT_REPORT
                         pprof -top, and prof report --stdio --sort sym -g none
                         --no-children (SELF) and --children: "name flat% cum%"
                         per named function, each side to its OUT file

Frames without a name are "?" on both sides (pprof: "<unknown>", a
"[mapping]" or an address; prof: "[unknown]"); inlined frames lose their
"(inline)"/"(inlined)" mark (--noinlines: report's inlined functions, which
pprof -noinlines does not show, are left out of both sides). Percentages are printed to two decimals; a
function named twice on either side (two files, two DSOs) is left out of
top's lines, since pprof merges what perf shows apart. --noinlines: report's
"(inlined)" entries are left out, as pprof -noinlines leaves them.
"""
import collections
import re
import sys


def frame(name):
    name = name.strip()
    for mark in (" (inline)", " (inlined)"):
        if name.endswith(mark):
            name = name[:-len(mark)]
    if not name or name in ("[unknown]", "<unknown>") or name.startswith("[") or \
            re.match(r"^(0x)?[0-9a-f]+$", name):
        return "?"
    return name


def emit(counts):
    for key in sorted(counts):
        print("%s %d" % (key, counts[key]))


def traces(path):
    counts = collections.Counter()
    labels, stack, value = {}, [], None

    def flush():
        if value is not None:
            key = "%s/%s;%s" % (labels.get("pid"), labels.get("tid"), ";".join(stack))
            counts[key] += value

    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("-----------+"):
            flush()
            labels, stack, value = {}, [], None
            continue
        m = re.match(r"^\s*([a-z_]+):\s+(.*)$", line)
        if m and value is None:
            labels[m.group(1)] = m.group(2).strip()
            continue
        m = re.match(r"^\s*(\d+)   (.*)$", line)
        if m and value is None:
            value = int(m.group(1))
            stack.append(frame(m.group(2)))
            continue
        if value is not None and line.startswith(" " * 13):
            stack.append(frame(line))
    flush()
    emit(counts)


def script(path):
    counts = collections.Counter()
    head, stack = None, []
    for line in list(open(path)) + [""]:
        line = line.rstrip("\n")
        if line.startswith("\t"):
            parts = line.strip().split(None, 1)
            stack.append(frame(parts[1] if len(parts) > 1 else ""))
        elif line.strip():
            head, stack = line.split()[0], []
        elif head is not None:
            # no frames (a --call-graph dwarf stack nothing unwinds):
            # pprof has the sampled address, unnamed as here
            counts["%s;%s" % (head, ";".join(stack or ["?"]))] += 1
            head = None
    emit(counts)


def speedscope(path, schema):
    import json
    d = json.load(open(path))
    if schema:
        import jsonschema
        jsonschema.validate(d, json.load(open(schema)))
    assert d["$schema"] == "https://www.speedscope.app/file-format-schema.json"
    frames = d["shared"]["frames"]
    counts = collections.Counter()
    for p in d["profiles"]:
        assert p["type"] == "sampled" and len(p["samples"]) == len(p["weights"])
        assert p["endValue"] - p["startValue"] == sum(p["weights"]), p["name"]
        thread = p["name"].split()[1]
        for stack in p["samples"]:
            names = [frame(frames[i]["name"]) for i in reversed(stack)]
            counts["%s;%s" % (thread, ";".join(names))] += 1
    emit(counts)


def pct(s):
    return float(s.rstrip("%"))


def dups(rows):
    names = collections.Counter(name for name, _ in rows)
    return {name for name in names if names[name] > 1 or name == "?"}


def top(top_path, self_path, children_path, out_pprof, out_report, noinlines):
    """Both sides' "name flat% cum%", for the names each shows once."""
    top_rows, self_rows, child_rows = [], [], []
    for line in open(top_path):
        m = re.match(r"^\s*\S+\s+([\d.]+%)\s+[\d.]+%\s+\S+\s+([\d.]+%)\s+(.*)$", line)
        if m:
            top_rows.append((frame(m.group(3)), (pct(m.group(1)), pct(m.group(2)))))
    for line in open(self_path):
        m = re.match(r"^\s+([\d.]+)%\s+\[.\]\s+(.*)$", line)
        if m and not (noinlines and m.group(2).endswith(" (inlined)")):
            self_rows.append((frame(m.group(2)), float(m.group(1))))
    inlined = set()
    for line in open(children_path):
        m = re.match(r"^\s+([\d.]+)%\s+([\d.]+)%\s+\[.\]\s+(.*)$", line)
        if m and noinlines and m.group(3).endswith(" (inlined)"):
            inlined.add(frame(m.group(3)))
        elif m:
            child_rows.append((frame(m.group(3)), float(m.group(1))))
    skip = dups(top_rows) | dups(self_rows) | dups(child_rows) | inlined
    # A leaf frame that is an inlined function alone (perf shows no outer
    # one): pprof's flat goes to that function, report's Self to the
    # symbol of the address (a clone, name.constprop.0, or an alias,
    # __GI_name), which is then in no stack pprof or script shows.
    if noinlines:
        shown = {name for name, _ in top_rows}
        cum = dict(child_rows)
        skip |= {name for name, v in self_rows if name not in shown and cum.get(name) == v}
    flat = dict(self_rows)
    with open(out_pprof, "w") as f:
        for name, (fl, cum) in sorted(top_rows):
            if name not in skip:
                f.write("%s %.2f %.2f\n" % (name, fl, cum))
    with open(out_report, "w") as f:
        for name, cum in sorted(child_rows):
            if name not in skip:
                # pprof says 100% from 99.95% on
                cum = 100.0 if cum >= 99.95 else cum
                f.write("%s %.2f %.2f\n" % (name, flat.get(name, 0.0), cum))


def firefox(path):
    import gzip
    import json
    d = json.load((gzip.open if path.endswith(".gz") else open)(path, "rt"))
    counts = collections.Counter()
    for t in d["threads"]:
        strings, frames = t["stringTable"], t["frameTable"]["data"]
        stacks = t["stackTable"]["data"]
        loc = t["frameTable"]["schema"]["location"]
        prefix, fr = t["stackTable"]["schema"]["prefix"], t["stackTable"]["schema"]["frame"]
        names = [frame(re.sub(r" \(in [^)]*\)$", "", strings[f[loc]])) for f in frames]
        memo = {}
        for s in t["samples"]["data"]:
            k = s[t["samples"]["schema"]["stack"]]
            if k not in memo:
                st, j = [], k
                while j is not None:
                    st.append(names[stacks[j][fr]])
                    j = stacks[j][prefix]
                memo[k] = ";".join(st)
            counts["%d/%d;%s" % (t["pid"], t["tid"], memo[k])] += 1
    emit(counts)


def main():
    args = sys.argv[1:]
    noinlines = "--noinlines" in args
    args = [a for a in args if a != "--noinlines"]
    mode = args[0]
    if mode == "traces":
        traces(args[1])
    elif mode == "script":
        script(args[1])
    elif mode == "speedscope":
        speedscope(args[1], args[2] if len(args) > 2 else None)
    elif mode == "firefox":
        firefox(args[1])
    elif mode == "top":
        top(args[1], args[2], args[3], args[4], args[5], noinlines)
    else:
        sys.exit("profile-fold.py: unknown mode " + mode)


main()
