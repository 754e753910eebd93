/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-prog.h: what the BPF_PROG_INFO and BPF_BTF header features say about
 * the BPF programs loaded while perf recorded: their ids, the kernel
 * addresses and sizes of their jited (sub-)programs, and their names as
 * perf composes them ("bpf_prog_<tag>_<name>", the name from the
 * program's BTF when the file has it).
 */
#ifndef PROF_BPF_PROG_H
#define PROF_BPF_PROG_H

#include "compat.h"

struct perf_header;
struct header_bpf_prog;

/* One BPF program, decoded. */
struct bpf_prog_desc {
	u32 id;
	u32 nr_subs;		/* jited sub-programs; 0: the entry is unusable */
	const u64 *addrs;	/* [nr_subs], borrowed from the header */
	const u32 *lens;	/* [nr_subs] */
};

/*
 * Decode @p (bounds-checked against its own data). Returns 0 with @d set,
 * or -EINVAL when its arrays are missing, inconsistent or out of bounds.
 */
int bpf_prog__decode(const struct header_bpf_prog *p, struct bpf_prog_desc *d);

/*
 * The name perf gives sub-program @sub of @p into @buf: "bpf_prog_", its
 * tag in hex, then "_" and the function's BTF name when the header has
 * the program's BTF, else the program's own name (a lone program) or "F".
 */
void bpf_prog__name(const struct perf_header *h, const struct header_bpf_prog *p, u32 sub,
		    char *buf, size_t size);

#endif /* PROF_BPF_PROG_H */
