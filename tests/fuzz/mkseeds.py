#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""mkseeds.py DIR: the purpose-built seeds of the fuzz targets, in
DIR/<target>/ (the committed ones under tests/fuzz/ were made with it).

fuzz-report: tiny perf.data streams (pipe format), each reaching one part
of the machine model; "unterminated-*" ones carry a name that runs to the
end of its record, as a spliced stream does. fuzz-tracing-data: a
tracing-data blob with one event and bprintk formats down to "".
fuzz-perf-map and fuzz-build-id-cache: a few lines and names.
"""
import struct, sys, os

PIPE = b"PERFILE2" + struct.pack("<Q", 16)
IP, TID, TIME, PERIOD, CALLCHAIN = 0x1, 0x2, 0x4, 0x100, 0x20

def rec(type_, body, misc=0):
    return struct.pack("<IHH", type_, misc, 8 + len(body)) + body

def attr(sample_type, sample_id_all=False):
    flags = (1 << 18) if sample_id_all else 0
    a = struct.pack("<IIQQQQQIIQQQQIiQIHH", 1, 112, 0, 4000, sample_type, 0, flags,
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert len(a) == 112
    return rec(64, a + struct.pack("<Q", 1))

def comm(pid, name):
    b = name.encode() + b"\0"
    b += b"\0" * (-len(b) % 8)
    return rec(3, struct.pack("<II", pid, pid) + b)

def mmap(pid, start, length, pgoff, name, misc, terminate=True):
    b = name.encode() + (b"\0" if terminate else b"")
    b += (b"\0" if terminate else b"x") * (-len(b) % 8)
    return rec(1, struct.pack("<IIQQQ", pid, pid, start, length, pgoff) + b, misc)

def mmap2(pid, start, length, pgoff, name, misc, terminate=True):
    b = name.encode() + (b"\0" if terminate else b"")
    b += (b"\0" if terminate else b"x") * (-len(b) % 8)
    return rec(10, struct.pack("<IIQQQIIQQII", pid, pid, start, length, pgoff,
                               8, 1, 1234, 0, 5, 2) + b, misc)

def fork(pid, ppid, t, exit_=False):
    return rec(4 if exit_ else 7, struct.pack("<IIIIQ", pid, ppid, pid, ppid, t))

def sample(ip, pid, t, misc, chain=None):
    b = struct.pack("<QIIQQ", ip, pid, pid, t, 1000)
    if chain is not None:
        b += struct.pack("<Q", len(chain)) + b"".join(struct.pack("<Q", c) for c in chain)
    return rec(9, b, misc)

K, U = 1, 2
KS = 0xffffffff81000000
MOD = 0xffffffffc0000000

def write(d, name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

HEADER_PAGE = b"""\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;
\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;
\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;
\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;
"""
EXEC_FORMAT = b"""name: sched_process_exec
ID: 365
format:
\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;
\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;
\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;
\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;

\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;
\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;
\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;

print fmt: "filename=%s pid=%d old_pid=%d", __get_str(filename), REC->pid, REC->old_pid
"""

def tracing_data(printk):
    b = bytes([0x17, 0x08, 0x44]) + b"tracing" + b"0.6\0" + bytes([0, 8])
    b += struct.pack("<I", 4096)
    b += b"header_page\0" + struct.pack("<Q", len(HEADER_PAGE)) + HEADER_PAGE
    b += b"header_event\0" + struct.pack("<Q", 0)
    b += struct.pack("<I", 0)                      # ftrace formats
    b += struct.pack("<I", 1) + b"sched\0" + struct.pack("<I", 1)
    b += struct.pack("<Q", len(EXEC_FORMAT)) + EXEC_FORMAT
    b += struct.pack("<I", 0)                      # kallsyms
    b += struct.pack("<I", len(printk)) + printk
    cmdlines = b"1 init\n42 work\n"
    return b + struct.pack("<Q", len(cmdlines)) + cmdlines

def tracing_seeds(d):
    os.makedirs(d, exist_ok=True)
    raw = struct.pack("<HBBiIii", 365, 0, 0, 42, (5 << 16) | 20, 42, 41) + b"/bin/true\0"
    raw += b"\0" * (-len(raw) % 8)
    for name, printk in (("bprintk-empty", b'ffffffff81000000 : ""\n'),
                         ("bprintk-short", b'ffffffff81000000 : "x"\nffffffff81000010 : "\\n"\n'
                                           b'ffffffff81000020 : x\nffffffff81000030 : "\n'),
                         ("bprintk", b'ffffffff81000000 : "hello %d\\n"\n')):
        write(d, name, struct.pack("<H", len(raw)) + raw + tracing_data(printk))

def perf_map_seeds(d):
    os.makedirs(d, exist_ok=True)
    write(d, "lines", b"7f0000001000 40 LazyCompile:~main a.js:1\n"
                      b"7f0000001040 20 Stub:CEntry\n7f0000001030 ffffffffffffffff huge\n"
                      b"zz 10 bad\n7f00000010a0 8 no newline")
    write(d, "short", b"1 2 x")

def build_id_cache_seeds(d):
    os.makedirs(d, exist_ok=True)
    bid = bytes(range(1, 21))
    for i, name in enumerate((b"/usr/bin/true", b"[vdso]", b"/tmp/perf-42.map",
                              b"/usr/lib/../../tmp/escape", b"/a//b", b"/a/./b")):
        write(d, "name%d" % i, bytes([20]) + bid + bytes([i % 4]) + name)

def main(root):
    tracing_seeds(os.path.join(root, "fuzz-tracing-data"))
    perf_map_seeds(os.path.join(root, "fuzz-perf-map"))
    build_id_cache_seeds(os.path.join(root, "fuzz-build-id-cache"))
    d = os.path.join(root, "fuzz-report")
    os.makedirs(d, exist_ok=True)
    st = IP | TID | TIME | PERIOD
    base = PIPE + attr(st) + comm(42, "work") + \
        mmap(-1 & 0xffffffff, KS, 0x1000000, KS, "[kernel.kallsyms]_text", K)
    # a module map whose name has no NUL before the record ends
    write(d, "unterminated-module-mmap",
          base + sample(MOD + 0x10, 42, 1, K) +
          mmap(-1 & 0xffffffff, MOD, 0x4000, 0, "/lib/modules/6.1/kernel/fs/nfs-x.ko", K, False))
    # with sample_id_all the record has a time and is queued (copied);
    # the name runs on through a trailer without a zero byte
    trailer = struct.pack("<IIQ", 0x2a2a2a2a, 0x2a2a2a2a, 0x0101010101010101)
    write(d, "unterminated-module-mmap-queued",
          PIPE + attr(st, True) +
          mmap(-1 & 0xffffffff, KS, 0x1000000, KS, "[kernel.kallsyms]_text", K) +
          rec(1, struct.pack("<IIQQQ", 0xffffffff, 0xffffffff, MOD, 0x4000, 0) +
              b"/lib/modules/6.1/kernel/fs/nfs-x.koxxxxx" + trailer, K))
    write(d, "unterminated-user-mmap2",
          base + mmap2(42, 0x400000, 0x1000, 0, "/usr/bin/wor", U, False) +
          sample(0x400010, 42, 2, U))
    write(d, "unterminated-comm",
          PIPE + attr(st) + rec(3, struct.pack("<II", 42, 42) + b"abcdefgh"))
    write(d, "short-mmap", PIPE + attr(st) + rec(1, struct.pack("<II", 1, 1), K))
    write(d, "short-fork", PIPE + attr(st) + rec(7, struct.pack("<I", 1)))
    # the machine model: maps, modules, fork and exit, callchains
    write(d, "machine",
          base + mmap(-1 & 0xffffffff, MOD, 0x4000, 0, "[nfs]", K) +
          mmap2(42, 0x400000, 0x1000, 0, "/usr/bin/work", U) +
          mmap(42, 0x7f0000000000, 0x2000, 0, "//anon", U) +
          fork(43, 42, 3) + comm(43, "child") +
          sample(0x400010, 43, 4, U) + sample(MOD + 8, 42, 5, K) +
          fork(43, 42, 6, True))
    write(d, "callchain",
          PIPE + attr(st | CALLCHAIN) + comm(42, "work") +
          mmap2(42, 0x400000, 0x1000, 0, "/usr/bin/work", U) +
          sample(0x400010, 42, 1, U, [0xfffffffffffffe00, 0x400010, 0x400020,
                                      0xffffffffffffff80, KS + 5]))

main(sys.argv[1])
