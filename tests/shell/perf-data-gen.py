#!/usr/bin/env python3
# perf-data-gen.py MODE OUT BINARY...: small perf.data files for cases a
# recording on this machine cannot produce on demand.
#
#   branch OUT BIN        perf record -b as a file: one COMM, one MMAP of
#                         BIN's executable segment, samples with 3-entry
#                         branch stacks landing in BIN's functions (BIN is
#                         symtest-nopie). Needs no LBR.
#   chains OUT BIN1 BIN2  perf record -g as a file: BIN1 (demo) and BIN2
#                         (symtest) mapped high as a PIE is; 150 samples in
#                         BIN1's hot_loop whose chains pass through BIN2's
#                         main, then one sample in BIN2's sym_plain (and
#                         one in BIN1's _start, outside any DWARF). perf
#                         6.1's --sort srcline asks addr2line about every
#                         chain frame's raw address, fails 123 times in a
#                         row for BIN2 and stops asking it: the last
#                         sample shows as "sym_plain+N" (a difference
#                         Documentation/technical/deliberate-differences.md
#                         lists).
#   chains-first OUT BIN1 BIN2  the same samples, the sym_plain one first:
#                         perf's first question about BIN2 is answered and
#                         it never gives up; its report is the same but for
#                         that line.
#   stack OUT BIN         perf record --call-graph dwarf as a file: BIN
#                         (unwind-nofp) mapped as a PIE is, three samples
#                         at uw_c's entry with the same registers and the
#                         same 8192 stack bytes (return addresses into
#                         uw_b, uw_a, main), whose dynamic sizes say how
#                         much of it the kernel copied: all of it, none
#                         (a sample taken inside execve: perf unwinds
#                         nothing) and 20 bytes (perf's bounds check
#                         reads one word less than the copy holds: at 20
#                         it stops where prof's does, after uw_a).
#   plt-stack OUT BIN     the same for a sample in a PLT stub: BIN
#                         (unwind-nofp) at the first instruction of
#                         atof@plt, called from main. addr2line knows no
#                         line there, so perf appends no inline record for
#                         the frame and --sort srcline looks its raw
#                         address up: "atof@plt+<load address>".
#   every-sym OUT BIN     one sample at the entry of each of BIN's text
#                         symbols (nm's t and T), BIN mapped as a PIE is:
#                         annotate then prints every function of BIN, the
#                         ones a recording seldom samples (_start, _init,
#                         frame_dummy...) included.
#   remap OUT BIN1 BIN2   perf record -g as a file: the same raw chains
#                         sampled three times, by two threads of one
#                         process, while BIN1 (demo) is mapped, then over
#                         an MMAP of BIN2 (symtest) at the same address,
#                         then over BIN1 mapped there again: the same
#                         entries name other functions in each phase (a
#                         reader that remembers resolved chains must
#                         forget them when the maps change).
#   exited OUT BIN        perf record -a as a file (CPU in the samples):
#                         samples in BIN of a named process, and samples
#                         of pid and tid -1, as the kernel writes them for
#                         a task past its exit's release_task. perf script
#                         heads those ":-1    -1 [000] ...", a line
#                         stackcollapse-perf.pl reads with the period as
#                         the pid.
#   lbr OUT BIN           perf record --call-graph lbr as a file: BIN
#                         (symtest-nopie) mapped as linked, samples whose
#                         user chain comes from an LBR call stack; two have
#                         an empty one, each followed by a sample in
#                         sym_inlined. perf 6.1 reads the first LBR target
#                         past the end of such a record (the next record's
#                         ip) and shows it as a frame; prof does not read
#                         outside a record (deliberate-differences.md).
#   lbr-padded OUT BIN    the same, each empty LBR followed inside its
#                         record by an entry whose target perf's reader
#                         takes as a context marker, not a frame: what
#                         perf shows when it reads nothing out of bounds.
#   pad-lbr IN OUT        that padding done to a recorded perf.data file
#                         (--call-graph lbr, branch stack last in the
#                         sample), the rest copied.
#   cycles OUT BIN WHEN   perf record -b on a machine whose LBR counts
#                         cycles, as a file: BIN (symtest-nopie) mapped
#                         as linked, branch stacks whose entries carry
#                         cycle counts, within main and sym_plain, WHEN
#                         "before" or "after" (other counts, other
#                         samples). The blocks and numbers they make are
#                         worked out in t0705-cycles.sh.
#   unordered OUT         records out of time order in one round: COMM
#                         "first" (t=10), a sample (t=300), then COMM
#                         "second" (t=200). Sorted by time (perf's default)
#                         the sample is second's; in file order
#                         (--disable-order) first's.
#   anon OUT              perf record -g as a file: samples in anonymous
#                         executable memory without a JIT map (no symbols),
#                         a leaf above its caller in the address space, so
#                         the Children view's equal entries are ordered by
#                         the columns perf appends to the sort keys.
#   comm-override OUT     perf record -g as a file: samples of a process
#                         before its first COMM (its comm is ":PID"), then
#                         its COMM (exec) naming it as another process is
#                         named. perf renames the comm object in place:
#                         the earlier samples count for the new name.
#   long-comm OUT         one sample of a process whose COMM is 1100
#                         characters long (a column wider than perf's
#                         1024-byte header buffer).
#   streams OUT BIN WHEN  perf record -b as a file for diff --stream: BIN
#                         (symtest-nopie) mapped as linked, WHEN "before"
#                         or "after": eight branch stacks in two sample
#                         locations, with shared newest entries, a
#                         repeated run (a loop), weights from 1 to 40 and
#                         one below 0.5%; "after" drops one, adds one and
#                         reweighs the others.
#   streams-g OUT BIN     perf record -b -g as a file: samples with a
#                         call chain and a branch stack (BIN mapped as
#                         linked): branches overlapping the chain's
#                         first entries, a chain behind an unknown
#                         context marker, no branches at all.
import re, struct, subprocess, sys

PID = 4242

def load_exec(path):
    # the R E program header: offset, vaddr, filesz
    for line in subprocess.run(["readelf", "-lW", path], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        f = line.split()
        if f and f[0] == "LOAD" and "E" in f[6:-1]:
            return int(f[1], 16), int(f[2], 16), int(f[4], 16)
    raise SystemExit("no executable segment in " + path)

def symbols(path):
    syms = {}
    for line in subprocess.run(["nm", path], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "tT":
            syms[f[2]] = int(f[0], 16)
    return syms

def ret_after(path, caller, callee):
    """Address of the instruction after CALLER's call to CALLEE."""
    lines = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    inside = found = False
    for line in lines:
        if re.match(r"^[0-9a-f]+ <", line):
            inside = line.endswith("<%s>:" % caller)
        elif inside and re.match(r"^ +[0-9a-f]+:", line):
            if found:
                return int(line.split(":")[0], 16)
            found = re.search(r"call +[0-9a-f]+ <%s>$" % callee, line) is not None
    raise SystemExit("no call from %s to %s in %s" % (caller, callee, path))

def rec(type_, misc, body):
    return struct.pack("<IHH", type_, misc, 8 + len(body)) + body

def padded(s):
    b = s.encode() + b"\0"
    return b + b"\0" * (-len(b) % 8)

class Mapping:
    """BIN's executable segment mapped at BASE (0 keeps its link addresses)."""
    def __init__(self, path, base=0):
        off, vaddr, size = load_exec(path)
        self.sym = symbols(path)
        self.page = vaddr & ~0xfff
        self.start = base + self.page
        self.end = base + ((vaddr + size + 0xfff) & ~0xfff)
        self.pgoff = off & ~0xfff
        self.path = path

    def mmap(self):
        return rec(1, 2, struct.pack("<IIQQQ", PID, PID, self.start,
                                     self.end - self.start, self.pgoff) + padded(self.path))

    def ip(self, name, off=0):
        return self.start + self.sym[name] - self.page + off

def write(out, data, sample_type, branch_type, features, regs_user=0, stack_user=0,
          flags=0):
    # attr: cycles, exclude_kernel|exclude_hv, sample_id_all off
    attr = struct.pack("<IIQQQQQIIQQQQIiQIHHIIQ", 0, 128, 0, 4000, sample_type, 0,
                       1 << 5 | 1 << 6 | flags, 0, 0, 0, 0, branch_type, regs_user,
                       stack_user, 0, 0, 0, 0, 0, 0, 0, 0)
    assert len(attr) == 128
    HDR = 104
    attrs_off = HDR
    ids_off = attrs_off + 144
    data_off = ids_off + 8
    feat_off = data_off + len(data)
    # one empty section per feature bit
    nfeat = bin(features).count("1")
    feat_table = b"".join(struct.pack("<QQ", feat_off + 16 * nfeat, 0) for _ in range(nfeat))
    hdr = b"PERFILE2" + struct.pack("<QQ", HDR, 144)
    hdr += struct.pack("<QQ", attrs_off, 144) + struct.pack("<QQ", data_off, len(data))
    hdr += struct.pack("<QQ", 0, 0) + struct.pack("<QQQQ", features, 0, 0, 0)
    assert len(hdr) == HDR
    with open(out, "wb") as fp:
        fp.write(hdr + attr + struct.pack("<QQ", ids_off, 8) + struct.pack("<Q", 1) + data +
                 feat_table)

def branch(out, binary):
    m = Mapping(binary)
    sym = m.sym
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("brtest")) + m.mmap()

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
    # IP|TID|PERIOD|BRANCH_STACK, branch ANY|USER; HEADER_BRANCH_STACK
    write(out, data, 0x1 | 0x2 | 0x100 | 0x800, 0x8 | 0x1, 1 << 15)

def chains(out, bin1, bin2, first=False):
    a = Mapping(bin1, 0x555555554000)
    b = Mapping(bin2, 0x7f0000000000)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("a2ltest")) + a.mmap() + b.mmap()
    user = 0xfffffffffffffe00			# PERF_CONTEXT_USER

    def sample(ip, chain):
        body = struct.pack("<QIIQQ", ip, PID, PID, 1000, len(chain) + 1)
        return rec(9, 2, body + struct.pack("<%dQ" % (len(chain) + 1), user, *chain))

    ip = b.ip("sym_plain", 4)
    plain = sample(ip, [ip, b.ip("main", 30)])
    if first:
        data += plain
    for i in range(150):
        ip = a.ip("hot_loop", 4 + i % 8)
        data += sample(ip, [ip, a.ip("main", 20), b.ip("main", 30)])
    if not first:
        data += plain
    # crt1's _start has no DWARF: addr2line answers from the symbols, "??:0"
    ip = a.ip("_start", 2)
    data += sample(ip, [ip])
    # IP|TID|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20, 0, 0)

def remap(out, bin1, bin2):
    base = 0x555555554000
    a, b = Mapping(bin1, base), Mapping(bin2, base)
    user = 0xfffffffffffffe00			# PERF_CONTEXT_USER
    ips = [a.ip("hot_loop", 4), a.ip("run", 8), a.ip("main", 20)]
    assert all(b.start <= ip < b.end for ip in ips), "BIN2 does not cover BIN1's addresses"
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("remap"))
    data += rec(3, 0, struct.pack("<II", PID, PID + 1) + padded("remap"))

    def samples():
        out = b""
        for i in range(6):
            tid = PID + i % 2
            chain = ips[i % 3:]
            body = struct.pack("<QIIQQ", chain[0], PID, tid, 1000, len(chain) + 1)
            out += rec(9, 2, body + struct.pack("<%dQ" % (len(chain) + 1), user, *chain))
        return out

    data += a.mmap() + samples() + b.mmap() + samples() + a.mmap() + samples()
    # IP|TID|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20, 0, 0)

def bad_marker(out, binary):
    """Chains of demo's hot_loop <- run <- main, every other one cut by an
    unknown context marker (perf drops such a chain after walking it)."""
    a = Mapping(binary, 0x555555554000)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("badmark")) + a.mmap()
    user, bad = 0xfffffffffffffe00, 0xfffffffffffffed0

    for i in range(40):
        ip = a.ip("hot_loop", 4 + i % 4)
        chain = [user, ip, a.ip("run", 20), a.ip("main", 30)]
        if i % 2:
            chain += [bad, a.ip("main", 40)]
        body = struct.pack("<QIIQQ", ip, PID, PID, 1000, len(chain))
        data += rec(9, 2, body + struct.pack("<%dQ" % len(chain), *chain))
    # IP|TID|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20, 0, 0)

def plt_entry(path, name):
    """Address of the PLT stub objdump names NAME (e.g. "atof@plt")."""
    for line in subprocess.run(["objdump", "-d", path], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        mt = re.match(r"^([0-9a-f]+) <%s>:$" % re.escape(name), line)
        if mt:
            return int(mt.group(1), 16)
    raise SystemExit("no %s in %s" % (name, path))

def stack(out, binary, plt=False):
    m = Mapping(binary, 0x555555554000)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("uwtest"))
    # every segment, as --call-graph dwarf records data mappings too: the
    # unwinder reads .eh_frame_hdr from the read-only one
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if f and f[0] == "LOAD":
            off, vaddr, memsz = int(f[1], 16), int(f[2], 16), int(f[5], 16)
            start = m.start - m.page + (vaddr & ~0xfff)
            end = m.start - m.page + ((vaddr + memsz + 0xfff) & ~0xfff)
            data += rec(1, 2, struct.pack("<IIQQQ", PID, PID, start, end - start,
                                          off & ~0xfff) + padded(binary))
    sp = 0x7ffc00001000
    calls = (("uw_b", "uw_c"), ("uw_a", "uw_b"), ("main", "uw_a"))
    ip = m.ip("uw_c")
    if plt:
        calls = (("main", "atof@plt"),)
        ip = m.start - m.page + plt_entry(binary, "atof@plt")
    words = [m.start - m.page + ret_after(binary, caller, callee) for caller, callee in calls]
    copy = struct.pack("<%dQ" % len(words), *words) + b"\0" * (8192 - 8 * len(words))
    # REGS_USER mask 0xff0fff: AX BX CX DX SI DI BP SP IP FLAGS CS SS R8..R15
    regs = [0] * 20
    regs[6], regs[7], regs[8], regs[10], regs[11] = sp + 512, sp, ip, 0x33, 0x2b
    for i, dyn in enumerate((8192,) if plt else (8192, 0, 20)):
        body = struct.pack("<QIIQQ", ip, PID, PID, 1000 + i, 0)
        body += struct.pack("<Q20Q", 2, *regs) + struct.pack("<Q", 8192) + copy
        data += rec(9, 2, body + struct.pack("<Q", dyn))
    # IP|TID|PERIOD|CALLCHAIN|REGS_USER|STACK_USER, exclude_callchain_user
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20 | 0x1000 | 0x2000, 0, 0, 0xff0fff, 8192,
          1 << 22)

def every_sym(out, binary):
    m = Mapping(binary, 0x555555554000)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("everysym")) + m.mmap()
    for i, name in enumerate(sorted(m.sym, key=lambda n: (m.sym[n], n))):
        ip = m.ip(name)
        if m.start <= ip < m.end:
            data += rec(9, 2, struct.pack("<QIIQ", ip, PID, PID, 1000 + i))
    # IP|TID|PERIOD
    write(out, data, 0x1 | 0x2 | 0x100, 0, 0)

def exited(out, binary):
    m = Mapping(binary, 0x555555554000)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("exiting")) + m.mmap()
    names = sorted(m.sym, key=lambda n: m.sym[n])
    for i in range(6):
        pid = PID if i % 2 else 0xffffffff
        ip = m.ip(names[i % len(names)])
        data += rec(9, 2, struct.pack("<QIIQIIQQQQ", ip, pid, pid, 1000000 + 1000 * i, i % 2, 0,
                                      250000 + i, 2, 0xfffffffffffffe00, ip))
    # IP|TID|TIME|CPU|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x4 | 0x80 | 0x100 | 0x20, 0, 0)

def lbr(out, binary, pad_empty=False):
    m = Mapping(binary)
    sym = m.sym
    user = 0xfffffffffffffe00			# PERF_CONTEXT_USER
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("lbrtest")) + m.mmap()

    def sample(ip, lbr_entries, pad=False):
        body = struct.pack("<QIIQQ", ip, PID, PID, 1000, 2) + struct.pack("<QQ", user, ip)
        body += struct.pack("<Q", len(lbr_entries))
        for f, t in lbr_entries:
            body += struct.pack("<QQQ", f, t, 0)
        if pad:
            # an entry past nr: perf reads its target, a marker it skips
            body += struct.pack("<QQ", 0, user)
        return rec(9, 2, body)

    calls = [(sym["sym_plain"] + 9, sym["sym_target"]), (sym["main"] + 4, sym["sym_plain"])]
    for i in range(12):
        data += sample(sym["sym_target"] + 4 + i % 4, calls)
        if i % 5 == 2:
            data += sample(sym["main"] + 12, [], pad_empty)
            data += sample(sym["sym_inlined"] + 4, [(sym["main"] + 20, sym["sym_inlined"])])
    # IP|TID|PERIOD|CALLCHAIN|BRANCH_STACK, branch USER|CALL_STACK
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20 | 0x800, 0x1 | 0x800, 0)

def pad_lbr(inp, out):
    buf = open(inp, "rb").read()
    if buf[:8] != b"PERFILE2":
        raise SystemExit(inp + ": not a perf.data file")
    attr_size, attrs_off, attrs_size, data_off, data_size = struct.unpack_from("<QQQQQ", buf, 16)
    types = set()
    for off in range(attrs_off, attrs_off + attrs_size, attr_size):
        sample_type, = struct.unpack_from("<Q", buf, off + 24)
        branch_type, = struct.unpack_from("<Q", buf, off + 72)
        types.add((sample_type, branch_type))
    if len(types) != 1:
        raise SystemExit(inp + ": events with different sample types")
    sample_type, branch_type = types.pop()
    # IP TID TIME ADDR ID STREAM_ID CPU PERIOD, each one u64
    fixed = sum(1 for b in (0, 1, 2, 3, 16, 9, 7, 8) if sample_type >> b & 1)
    if (sample_type & 0x10 or sample_type >> 12 or not sample_type & 0x800 or
            not branch_type & 0x800):
        raise SystemExit(inp + ": not an LBR call-stack file with the branch stack last")
    data, pads, pos = b"", 0, data_off
    while pos < data_off + data_size:
        type_, misc, size = struct.unpack_from("<IHH", buf, pos)
        record = buf[pos:pos + size]
        if type_ == 9:
            o = 8 + 8 * fixed
            if sample_type & 0x20:
                o += 8 + 8 * struct.unpack_from("<Q", record, o)[0]
            if sample_type & 0x400:
                o += 4 + struct.unpack_from("<I", record, o)[0]
            nr, = struct.unpack_from("<Q", record, o)
            o += 16 if branch_type & (1 << 17) else 8	# nr, hw_idx
            if nr == 0 and o == size:
                record = struct.pack("<IHH", type_, misc, size + 16) + record[8:] + \
                         struct.pack("<QQ", 0, 0xfffffffffffffe00)
                pads += 1
        data += record
        pos += size
    feats = bytearray(buf[data_off + data_size:])
    nfeat = sum(bin(w).count("1") for w in struct.unpack_from("<4Q", buf, 72))
    for i in range(nfeat):
        off, = struct.unpack_from("<Q", feats, 16 * i)
        struct.pack_into("<Q", feats, 16 * i, off + 16 * pads)
    head = bytearray(buf[:data_off])
    struct.pack_into("<Q", head, 48, data_size + 16 * pads)
    with open(out, "wb") as fp:
        fp.write(bytes(head) + data + bytes(feats))

def anon(out):
    start, user = 0x7f1234560000, 0xfffffffffffffe00
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("anontest"))
    data += rec(1, 2, struct.pack("<IIQQQ", PID, PID, start, 0x10000, 0) + padded("//anon"))

    def sample(chain):
        body = struct.pack("<QIIQQ", chain[0], PID, PID, 1000, len(chain) + 1)
        return rec(9, 2, body + struct.pack("<%dQ" % (len(chain) + 1), user, *chain))

    for leaf, caller in ((0x8800, 0x100), (0x9900, 0x200), (0x4400, 0x300)):
        data += sample([start + leaf, start + caller])
    # IP|TID|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20, 0, 0)

def comm_override(out):
    user, other = 0xfffffffffffffe00, PID + 1

    def sample(pid, chain):
        body = struct.pack("<QIIQQ", chain[0], pid, pid, 1000, len(chain) + 1)
        return rec(9, 2, body + struct.pack("<%dQ" % (len(chain) + 1), user, *chain))

    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("worker"))
    for _ in range(3):
        data += sample(PID, [0x401100, 0x401200, 0x401300])
    # the other process: two samples as ":PID", its exec, one as "worker"
    data += sample(other, [0x401100, 0x401200, 0x401300])
    data += sample(other, [0x401180, 0x401300])
    data += rec(3, 0x2000, struct.pack("<II", other, other) + padded("worker"))
    data += sample(other, [0x401100, 0x401200, 0x401300])
    # IP|TID|PERIOD|CALLCHAIN
    write(out, data, 0x1 | 0x2 | 0x100 | 0x20, 0, 0)

def long_comm(out):
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("c" * 1100))
    data += rec(9, 2, struct.pack("<QIIQ", 0x401100, PID, PID, 1000))
    # IP|TID|PERIOD
    write(out, data, 0x1 | 0x2 | 0x100, 0, 0)

def unordered(out):
    def comm(name, t):
        # sample_id_all trailer: TID, TIME
        return rec(3, 0, struct.pack("<II", PID, PID) + padded(name) +
                   struct.pack("<IIQ", PID, PID, t))

    data = comm("first", 10)
    # IP|TID|TIME|PERIOD
    data += rec(9, 2, struct.pack("<QIIQQ", 0x400000, PID, PID, 300, 1000))
    data += comm("second", 200)
    write(out, data, 0x1 | 0x2 | 0x4 | 0x100, 0, 0, flags=1 << 18)

def cycles(out, binary, when):
    m = Mapping(binary)
    sym = m.sym
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("cytest")) + m.mmap()

    def at(name, off):
        return sym[name] + off

    # (from, to, cycles), newest first: flags bit 1 predicted, 4..19 cycles
    def a(c1, c0):
        return at("main", 8), [(at("main", 40), at("main", 60), c0),
                               (at("main", 20), at("main", 30), c1),
                               (at("sym_plain", 9), at("main", 10), 7)]

    def b(c0, c1):
        return at("sym_plain", 4), [(at("sym_plain", 30), at("main", 5), c0),
                                    (at("sym_plain", 12), at("sym_plain", 20), c1)]
    # a longer block ending at main+20 (from main+5)
    c = (at("main", 8), [(at("main", 20), at("main", 50), 6), (at("main", 2), at("main", 5), 1)])
    # no count in the newest entry: perf accounts none of the stack
    d = (at("sym_inlined", 3), [(at("main", 40), at("main", 60), 0),
                                (at("main", 20), at("main", 30), 99)])
    if when == "before":
        samples = [a(10, 5), a(10, 5), c, a(10, 5), b(8, 4), b(8, 4), d]
    elif when == "after":
        samples = [a(20, 5), a(20, 5), a(20, 5), c, b(8, 2), b(8, 3), b(8, 4), d]
    else:
        raise SystemExit("cycles: WHEN is before or after")
    for i, (ip, st) in enumerate(samples):
        body = struct.pack("<QIIQQ", ip, PID, PID, 1000, len(st))
        for f, t, cyc in st:
            body += struct.pack("<QQQ", f, t, 1 << 1 | cyc << 4)
        data += rec(9, 2, body)
    # IP|TID|PERIOD|BRANCH_STACK, branch ANY|USER; HEADER_BRANCH_STACK
    write(out, data, 0x1 | 0x2 | 0x100 | 0x800, 0x8 | 0x1, 1 << 15)


def streams(out, binary, when):
    m = Mapping(binary)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("sttest")) + m.mmap()

    def at(name, off):
        return m.sym[name] + off

    # stacks, newest first: (from, to, cycles)
    top = (at("sym_plain", 9), at("sym_target", 0), 3)
    st = {
        "a": [top, (at("main", 4), at("sym_plain", 0), 12)],
        "b": [top, (at("main", 20), at("sym_plain", 0), 7), (at("sym_vdso", 2), at("main", 10), 1)],
        "c": [top],
        "d": [(at("sym_inlined", 7), at("sym_plt_calls", 3), 2), (at("main", 30), at("sym_inlined", 0), 9)],
        # a loop: the run main+40, main+50 twice
        "e": [(at("main", 40), at("main", 30), 4), (at("main", 50), at("main", 35), 5),
              (at("main", 40), at("main", 30), 6), (at("main", 50), at("main", 35), 7),
              (at("main", 60), at("main", 45), 8)],
        "f": [(at("sym_plt_calls", 11), at("sym_vdso", 0), 30), (at("main", 70), at("sym_plt_calls", 0), 0)],
        "g": [(at("sym_vdso", 5), 0x7fff12340000, 0)],
        "h": [(at("main", 80), at("sym_inlined", 2), 1)],
        "n": [(at("sym_inlined", 9), at("main", 90), 11), top],
    }
    # (stack, count, sample address)
    if when == "before":
        plan = [("a", 40, at("main", 8)), ("b", 25, at("main", 8)), ("c", 12, at("sym_target", 2)),
                ("d", 30, at("sym_target", 2)), ("e", 8, at("main", 8)), ("f", 18, at("main", 8)),
                ("g", 5, at("sym_target", 2)), ("h", 1, at("main", 8))]
    elif when == "after":
        plan = [("a", 20, at("main", 8)), ("b", 25, at("main", 8)), ("c", 30, at("sym_target", 2)),
                ("d", 10, at("sym_target", 2)), ("e", 8, at("main", 8)), ("n", 22, at("main", 8)),
                ("g", 6, at("sym_target", 2)), ("h", 1, at("main", 8))]
    else:
        raise SystemExit("streams: WHEN is before or after")
    i = 0
    for name, count, ip in plan:
        for _ in range(count):
            body = struct.pack("<QIIQQ", ip, PID, PID, 1000 + i % 7, len(st[name]))
            for f, t, cyc in st[name]:
                body += struct.pack("<QQQ", f, t, 1 << 1 | cyc << 4)
            data += rec(9, 2, body)
            i += 1
    # IP|TID|PERIOD|BRANCH_STACK, branch ANY|USER; HEADER_BRANCH_STACK
    write(out, data, 0x1 | 0x2 | 0x100 | 0x800, 0x8 | 0x1, 1 << 15)


def streams_g(out, binary):
    m = Mapping(binary)
    data = rec(3, 0, struct.pack("<II", PID, PID) + padded("sgtest")) + m.mmap()

    def at(name, off):
        return m.sym[name] + off
    USER, GUEST = 0xfffffffffffffe00, 0xfffffffffffff800
    # (ip, chain, branches newest first (from, to, cycles), count)
    plan = [
        (at("sym_target", 2), [USER, at("sym_target", 2), at("sym_plain", 14), at("main", 9),
                               at("main", 99)],
         [(at("sym_plain", 9), at("sym_target", 0), 3), (at("main", 4), at("sym_plain", 0), 12)], 9),
        # the second branch's source is just before the chain's first
        # address: perf skips that much more of the chain
        (at("main", 8), [USER, at("main", 8), at("sym_vdso", 20), at("sym_plt_calls", 30),
                         at("main", 60)],
         [(at("sym_vdso", 2), at("main", 0), 5), (at("main", 4), at("main", 6), 7)], 7),
        (at("main", 8), [GUEST, at("main", 8), at("sym_plain", 3)],
         [(at("sym_vdso", 2), at("main", 0), 5)], 3),
        (at("sym_inlined", 4), [USER, at("sym_inlined", 4), at("main", 40), at("main", 77)],
         [], 5),
    ]
    i = 0
    for ip, chain, br, count in plan:
        for _ in range(count):
            body = struct.pack("<QIIQ", ip, PID, PID, 1000 + i % 5)
            body += struct.pack("<Q", len(chain)) + b"".join(struct.pack("<Q", c) for c in chain)
            body += struct.pack("<Q", len(br))
            for f, t, cyc in br:
                body += struct.pack("<QQQ", f, t, 1 << 1 | cyc << 4)
            data += rec(9, 2, body)
            i += 1
    # IP|TID|CALLCHAIN|PERIOD|BRANCH_STACK, branch ANY|USER; HEADER_BRANCH_STACK
    write(out, data, 0x1 | 0x2 | 0x20 | 0x100 | 0x800, 0x8 | 0x1, 1 << 15)

if __name__ == "__main__":
    modes = {"branch": (branch, 2), "chains": (chains, 3),
             "chains-first": (lambda out, b1, b2: chains(out, b1, b2, True), 3),
             "stack": (stack, 2), "plt-stack": (lambda out, b: stack(out, b, True), 2),
             "bad-marker": (bad_marker, 2), "every-sym": (every_sym, 2),
             "exited": (exited, 2), "lbr": (lbr, 2), "remap": (remap, 3),
             "lbr-padded": (lambda out, b: lbr(out, b, True), 2), "pad-lbr": (pad_lbr, 2),
             "anon": (anon, 1), "comm-override": (comm_override, 1),
             "long-comm": (long_comm, 1), "unordered": (unordered, 1),
             "cycles": (cycles, 3), "streams": (streams, 3),
             "streams-g": (streams_g, 2)}
    if len(sys.argv) < 2 or sys.argv[1] not in modes or len(sys.argv) != modes[sys.argv[1]][1] + 2:
        raise SystemExit("usage: perf-data-gen.py branch OUT BIN | chains[-first] OUT BIN1 BIN2 | "
                         "[plt-]stack OUT BIN | bad-marker OUT BIN | every-sym OUT BIN | exited OUT BIN | remap OUT BIN1 BIN2 | lbr[-padded] OUT BIN | pad-lbr IN OUT | anon OUT | "
                         "comm-override OUT | long-comm OUT | unordered OUT | cycles OUT BIN before|after | "
                         "streams OUT BIN before|after | streams-g OUT BIN")
    modes[sys.argv[1]][0](*sys.argv[2:])
