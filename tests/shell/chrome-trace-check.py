#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""chrome-trace-check.py MODE FILE...: what a Trace Event Format file from
prof data convert --to-chrome-trace holds, checked and brought to text
the tests compare with prof script and prof sched timehist.

  check TRACE        the structure (below); prints "instants N", "complete
                     N", "metadata N", "frames N"
  leaves TRACE       the leaf frame name of each instant event, file order
  script-leaves OUT  prof script -F ip,sym -G: each line's symbol
  stacks TRACE CAT   each CAT complete event: "tid dur_ns leaf;...;root"
  script-stacks OUT EVENT  prof script -F tid,period,event,ip,sym: each
                     EVENT sample as "tid period leaf;...;root"
  threads TRACE      each thread with complete events: "pid tid name N",
                     N its complete events, name its thread_name
  runtime TRACE      per thread, the summed "running" durations: "tid ms"
  timehist OUT       prof/perf sched timehist -s's summary: "tid ms"
  unpaired SCRIPT    prof script -F cpu,event,trace: the tids switched out
                     by a sched_switch whose CPU's switch before switched in
                     another task (a switch missing from the file)
  same-runtime A B [UNPAIRED]
                     A and B ("tid ms" lines) agree within 0.0015 ms per
                     thread, a thread missing on one side being 0 there;
                     for the tids of the file UNPAIRED, A is only not more

The structure: an object with "traceEvents" (an array), "stackFrames" (an
object) and "displayTimeUnit" "ns"; every event has "ph", "ts", "pid" and
"tid", numbers where they must be; X events have "dur" >= 0; i events
have "s" "t"; M events name a process or thread; each "sf" is a key of
stackFrames, and each frame's parent chain ends at a root (no cycle);
frames have a "name" and a "category", each (parent, name, category)
once: stacks share their callers' frames.
"""
import json
import re
import sys


def fail(msg):
    sys.stderr.write("chrome-trace-check: %s\n" % msg)
    sys.exit(1)


def load(path):
    with open(path) as f:
        d = json.load(f)
    if not isinstance(d, dict):
        fail("not an object")
    return d


def chain(frames, sf):
    names, seen, key = [], set(), str(sf)
    while True:
        if key not in frames:
            fail("frame %s is not in stackFrames" % key)
        if key in seen:
            fail("frame %s is its own ancestor" % key)
        seen.add(key)
        f = frames[key]
        names.append(f["name"])
        if "parent" not in f:
            return names
        key = str(f["parent"])


def check(path):
    d = load(path)
    ev, frames = d.get("traceEvents"), d.get("stackFrames")
    if not isinstance(ev, list) or not isinstance(frames, dict):
        fail("no traceEvents array or stackFrames object")
    if d.get("displayTimeUnit") != "ns":
        fail("displayTimeUnit is %r" % d.get("displayTimeUnit"))
    keys = set()
    for k, f in frames.items():
        if not isinstance(f.get("name"), str) or not isinstance(f.get("category"), str):
            fail("frame %s: %r" % (k, f))
        chain(frames, k)
        key = (f.get("parent"), f["name"], f["category"])
        if key in keys:
            fail("frame %s is another's (parent, name, category): not shared" % k)
        keys.add(key)
    counts = {"i": 0, "X": 0, "M": 0}
    for e in ev:
        for key in ("ph", "ts", "pid", "tid"):
            if key not in e:
                fail("no %s in %r" % (key, e))
        if not all(isinstance(e[k], (int, float)) for k in ("ts", "pid", "tid")):
            fail("not a number in %r" % e)
        ph = e["ph"]
        if ph not in counts:
            fail("phase %r in %r" % (ph, e))
        counts[ph] += 1
        if ph == "X" and not (isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0):
            fail("X without dur >= 0: %r" % e)
        if ph == "i" and e.get("s") != "t":
            fail("instant not of thread scope: %r" % e)
        if ph == "M" and (e.get("name") not in ("process_name", "thread_name") or
                          not isinstance(e.get("args", {}).get("name"), str)):
            fail("metadata %r" % e)
        if "sf" in e:
            chain(frames, e["sf"])
    print("instants %d" % counts["i"])
    print("complete %d" % counts["X"])
    print("metadata %d" % counts["M"])
    print("frames %d" % len(frames))


def leaves(path):
    d = load(path)
    for e in d["traceEvents"]:
        if e["ph"] == "i":
            print(d["stackFrames"][str(e["sf"])]["name"] if "sf" in e else "-")


def script_leaves(path):
    for line in open(path):
        f = line.split(None, 1)
        if f:
            print(f[1].strip() if len(f) > 1 else "-")


def stacks(path, cat):
    d = load(path)
    for e in d["traceEvents"]:
        if e["ph"] == "X" and e.get("cat") == cat:
            s = chain(d["stackFrames"], e["sf"]) if "sf" in e else []
            print("%d %d %s" % (e["tid"], round(e["dur"] * 1000), ";".join(s)))


def script_stacks(path, event):
    out, head, stack = [], None, []
    for line in list(open(path)) + [""]:
        line = line.rstrip("\n")
        if line.startswith("\t"):
            stack.append(line.split(None, 1)[1] if len(line.split()) > 1 else "[unknown]")
            continue
        if head:
            out.append("%s %s %s" % (head[0], head[1], ";".join(stack)))
        head, stack = None, []
        f = line.split()
        if len(f) >= 3 and f[2] == event + ":":
            head = f[:2]
    for line in out:
        print(line)


def threads(path):
    d = load(path)
    names, n = {}, {}
    for e in d["traceEvents"]:
        key = (e["pid"], e["tid"])
        if e["ph"] == "M" and e["name"] == "thread_name":
            names[key] = e["args"]["name"]
        elif e["ph"] == "X":
            n[key] = n.get(key, 0) + 1
    for key in sorted(n):
        print("%d %d %s %d" % (key[0], key[1], names.get(key, "?"), n[key]))


def runtime(path):
    d = load(path)
    sums = {}
    for e in d["traceEvents"]:
        if e["ph"] == "X" and e.get("name") == "running":
            sums[e["tid"]] = sums.get(e["tid"], 0.0) + e["dur"]
    for tid in sorted(sums):
        print("%d %.6f" % (tid, sums[tid] / 1000))


def timehist(path):
    sums = {}
    for line in open(path):
        # "comm[tid]", or "comm[tid/pid]" for a thread that is not its
        # process's leader: the first number is the thread; -1 for a
        # task the recording's pid namespace does not see
        m = re.match(r"^\s*\S.*\[(-?\d+)(?:/-?\d+)?\]\s+-?\d+\s+\d+\s+([\d.]+)\s", line)
        if m and int(m.group(1)) != 0:
            tid = int(m.group(1))
            sums[tid] = sums.get(tid, 0.0) + float(m.group(2))
    if not sums:
        fail("no runtime summary in %s" % path)
    for tid in sorted(sums):
        print("%d %.3f" % (tid, sums[tid]))


def unpaired(path):
    cur, out = {}, set()
    for line in open(path):
        if "sched:sched_switch:" not in line:
            continue
        cpu = line.split()[0]
        prev = int(re.search(r" prev_pid=(\d+)", line).group(1))
        nxt = int(re.search(r" next_pid=(\d+)", line).group(1))
        if cpu in cur and cur[cpu] != prev and prev:
            out.add(prev)
        cur[cpu] = nxt
    for tid in sorted(out):
        print(tid)


def read_sums(path):
    return {int(a): float(b) for a, b in (line.split() for line in open(path))}


def same_runtime(a, b, unpaired_path=None):
    x, y = read_sums(a), read_sums(b)
    loose = set(int(t) for t in open(unpaired_path)) if unpaired_path else set()
    bad = []
    for t in sorted(set(x) | set(y)):
        u, v = x.get(t, 0.0), y.get(t, 0.0)
        if u - v > 0.0015 or (t not in loose and v - u > 0.0015):
            bad.append((t, u, v))
    for t, u, v in bad:
        sys.stderr.write("tid %d: %.6f ms against %.6f ms\n" % (t, u, v))
    if len(set(x) - loose) == 0:
        fail("no thread to compare")
    sys.exit(1 if bad else 0)


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    mode, args = sys.argv[1], sys.argv[2:]
    {"check": check, "leaves": leaves, "script-leaves": script_leaves, "stacks": stacks,
     "script-stacks": script_stacks,
     "threads": threads, "unpaired": unpaired, "runtime": runtime, "timehist": timehist, "same-runtime": same_runtime}[mode](*args)


if __name__ == "__main__":
    main()
