#!/usr/bin/env python3
# branch-data.py OUT BINARY: a perf.data with branch stacks (perf record -b
# as a file) whose branches land in BINARY's text: one COMM, one MMAP of
# BINARY's executable segment, samples with 3-entry branch stacks.
import struct, subprocess, sys

out, binary = sys.argv[1], sys.argv[2]

def load_exec(path):
    # the R E program header: offset, vaddr, filesz
    for line in subprocess.run(["readelf", "-lW", path], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        f = line.split()
        if f and f[0] == "LOAD" and "E" in f[6:-1]:
            return int(f[1], 16), int(f[2], 16), int(f[4], 16)
    raise SystemExit("no executable segment")

def symbols(path):
    syms = {}
    for line in subprocess.run(["nm", path], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "tT":
            syms[f[2]] = int(f[0], 16)
    return syms

off, vaddr, size = load_exec(binary)
sym = symbols(binary)
start, end = vaddr & ~0xfff, (vaddr + size + 0xfff) & ~0xfff
pgoff = off & ~0xfff
PID = 4242

def rec(type_, misc, body):
    return struct.pack("<IHH", type_, misc, 8 + len(body)) + body

def padded(s):
    b = s.encode() + b"\0"
    return b + b"\0" * (-len(b) % 8)

data = rec(3, 0, struct.pack("<II", PID, PID) + padded("brtest"))
data += rec(1, 2, struct.pack("<IIQQQ", PID, PID, start, end - start, pgoff) + padded(binary))

# (from, to, flags): flags bit 0 mispred, 1 predicted, 2 in_tx, 3 abort, 4..19 cycles
def fl(mispred=0, pred=1, in_tx=0, abort=0, cycles=0):
    return mispred | pred << 1 | in_tx << 2 | abort << 3 | cycles << 4

stacks = [
    [(sym["sym_plain"] + 9, sym["sym_target"], fl(cycles=3)),
     (sym["main"] + 4, sym["sym_plain"], fl(cycles=12)),
     (sym["sym_plt_calls"] + 20, sym["main"] + 40, fl(pred=0, mispred=1))],
    [(sym["sym_plain"] + 9, sym["sym_target"], fl(cycles=3)),
     (sym["sym_inlined"] + 7, 0, fl(pred=0)),
     (0, 0, fl(pred=0, in_tx=1, abort=1))],
    [(sym["sym_vdso"] + 2, 0x7fff12345678, fl(cycles=40000)),
     (sym["main"] + 4, sym["sym_plain"], fl(cycles=12)),
     (sym["sym_plain"] + 9, sym["sym_target"], fl(cycles=5))],
]
for i in range(30):
    st = stacks[i % len(stacks)]
    body = struct.pack("<QIIQQ", sym["main"] + 8, PID, PID, 1000 + i, len(st))
    for f, t, flags in st:
        body += struct.pack("<QQQ", f, t, flags)
    data += rec(9, 2, body)

# attr: cycles, IP|TID|PERIOD|BRANCH_STACK, branch ANY|USER, sample_id_all off
sample_type = 0x1 | 0x2 | 0x100 | 0x800
attr = struct.pack("<IIQQQQQIIQQQQIiQIHHIIQ", 0, 128, 0, 4000, sample_type, 0,
                   1 << 5 | 1 << 6, 0, 0, 0, 0, 0x8 | 0x1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
assert len(attr) == 128
HDR = 104
attrs_off = HDR
ids_off = attrs_off + 144
data_off = ids_off + 8
feat_off = data_off + len(data)
features = 1 << 15				# HEADER_BRANCH_STACK, no body
feat_table = struct.pack("<QQ", feat_off + 16, 0)
hdr = b"PERFILE2" + struct.pack("<QQ", HDR, 144)
hdr += struct.pack("<QQ", attrs_off, 144) + struct.pack("<QQ", data_off, len(data))
hdr += struct.pack("<QQ", 0, 0) + struct.pack("<QQQQ", features, 0, 0, 0)
assert len(hdr) == HDR
with open(out, "wb") as fp:
    fp.write(hdr + attr + struct.pack("<QQ", ids_off, 8) + struct.pack("<Q", 1) + data +
             feat_table)
