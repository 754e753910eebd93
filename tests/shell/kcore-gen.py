#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""kcore-gen.py OUT VADDR CODE: a kcore file as /proc/kcore is laid out.

An ELF64 core file (ET_CORE, this machine's byte order, x86-64) with an
empty PT_NOTE header first and one PT_LOAD segment (read, write,
execute) holding the bytes of CODE at kernel address VADDR (hex), at a
page-aligned file offset: what prof and objdump read kernel code from
when there is no vmlinux (tests/shell/t0720-annotate.sh).
"""
import struct
import sys


def main():
    out, vaddr, code = sys.argv[1], int(sys.argv[2], 16), open(sys.argv[3], "rb").read()
    ehsize, phentsize, phnum = 64, 56, 2
    data_off = 0x1000
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)  # 64-bit, little endian, version 1
    eh = ident + struct.pack("<HHIQQQIHHHHHH",
                             4,           # ET_CORE
                             62,          # EM_X86_64
                             1,           # EV_CURRENT
                             0,           # e_entry
                             ehsize,      # e_phoff
                             0,           # e_shoff
                             0,           # e_flags
                             ehsize, phentsize, phnum,
                             0, 0, 0)     # no sections
    note = struct.pack("<IIQQQQQQ", 4, 0, data_off, 0, 0, 0, 0, 4)             # PT_NOTE, empty
    load = struct.pack("<IIQQQQQQ", 1, 7, data_off, vaddr, 0, len(code), len(code), 0x1000)
    head = eh + note + load
    with open(out, "wb") as f:
        f.write(head + bytes(data_off - len(head)) + code)


if __name__ == "__main__":
    main()
