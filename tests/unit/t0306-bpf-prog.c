// SPDX-License-Identifier: GPL-2.0-only
/*
 * t0306-bpf-prog: BPF_PROG_INFO entries as perf writes them (a
 * bpf_prog_info whose array fields are offsets into the entry's data),
 * their names with and without BTF, and hostile entries.
 */
#include "prof/compat.h"
#include "prof/bpf-prog.h"
#include "prof/header.h"
#include <linux/bpf.h>
#include <linux/btf.h>
#include "tap.h"

/* data: ksyms (2 x u64) at 0, lens (2 x u32) at 16, tags (2 x 8) at 24,
 * func_info (2 x 8) at 40 */
static u8 data[56];
static struct bpf_prog_info info;

static void make_prog(struct header_bpf_prog *p, u32 nr)
{
	u64 a[2] = { 0xffffffffc0001000ULL, 0xffffffffc0002000ULL };
	u32 l[2] = { 72, 300 };
	u32 fi[4] = { 0, 2, 10, 3 };	/* insn_off, type_id: types 2 and 3 */

	memset(&info, 0, sizeof(info));
	memcpy(data, a, 16);
	memcpy(data + 16, l, 8);
	for (int i = 0; i < 16; i++)
		data[24 + i] = (u8)(0xa0 + i);
	memcpy(data + 40, fi, 16);
	info.id = 42;
	memcpy(info.name, "short", 6);
	info.nr_jited_ksyms = info.nr_jited_func_lens = info.nr_prog_tags = nr;
	info.jited_ksyms = 0;
	info.jited_func_lens = 16;
	info.prog_tags = 24;
	info.func_info = 40;
	info.nr_func_info = nr;
	info.func_info_rec_size = 8;
	p->info = (u8 *)&info;
	p->info_len = sizeof(info);
	p->data = data;
	p->data_len = sizeof(data);
	p->arrays = 1 << 3 | 1 << 4 | 1 << 5 | 1 << 8;	/* ksyms, lens, func_info, tags */
}

/* A BTF blob: type 1 INT "int", type 2 FUNC "alpha_fn", type 3 FUNC "beta_fn". */
static u8 btf[256];

static u32 make_btf(void)
{
	static const char strs[] = "\0int\0alpha_fn\0beta_fn";
	struct btf_header h = { .magic = BTF_MAGIC, .version = 1, .hdr_len = sizeof(h) };
	struct btf_type t[3] = {
		{ .name_off = 1, .info = BTF_KIND_INT << 24, .size = 4 },
		{ .name_off = 5, .info = BTF_KIND_FUNC << 24, .type = 0 },
		{ .name_off = 14, .info = BTF_KIND_FUNC << 24, .type = 0 },
	};
	u32 int_data = 32;
	size_t pos = sizeof(h);

	h.type_off = 0;
	h.type_len = (u32)(sizeof(t) + 4);
	h.str_off = h.type_len;
	h.str_len = sizeof(strs);
	memcpy(btf + pos, &t[0], sizeof(t[0]));
	pos += sizeof(t[0]);
	memcpy(btf + pos, &int_data, 4);
	pos += 4;
	memcpy(btf + pos, &t[1], 2 * sizeof(t[0]));
	pos += 2 * sizeof(t[0]);
	memcpy(btf + pos, strs, sizeof(strs));
	pos += sizeof(strs);
	memcpy(btf, &h, sizeof(h));
	return (u32)pos;
}

int main(void)
{
	struct perf_header h;
	struct header_bpf_prog p;
	struct header_bpf_btf b;
	struct bpf_prog_desc d;
	char name[128];

	memset(&h, 0, sizeof(h));
	make_prog(&p, 1);
	is_int(bpf_prog__decode(&p, &d), 0, "a lone program decodes");
	ok(d.id == 42 && d.nr_subs == 1 && d.addrs[0] == 0xffffffffc0001000ULL && d.lens[0] == 72,
	   "its id, address and size");
	bpf_prog__name(&h, &p, 0, name, sizeof(name));
	is_str(name, "bpf_prog_a0a1a2a3a4a5a6a7_short", "without BTF: the tag and its own name");

	make_prog(&p, 2);
	is_int(bpf_prog__decode(&p, &d), 0, "two sub-programs decode");
	bpf_prog__name(&h, &p, 1, name, sizeof(name));
	is_str(name, "bpf_prog_a8a9aaabacadaeaf_F", "without BTF a sub-program is F");

	info.btf_id = 7;
	b.id = 7;
	b.size = make_btf();
	b.data = btf;
	h.bpf_btfs = &b;
	h.nr_bpf_btf = 1;
	bpf_prog__name(&h, &p, 0, name, sizeof(name));
	is_str(name, "bpf_prog_a0a1a2a3a4a5a6a7_alpha_fn", "with BTF: the function's name");
	bpf_prog__name(&h, &p, 1, name, sizeof(name));
	is_str(name, "bpf_prog_a8a9aaabacadaeaf_beta_fn", "the second sub-program's");

	b.size = 30;	/* cut inside the types */
	bpf_prog__name(&h, &p, 1, name, sizeof(name));
	is_str(name, "bpf_prog_a8a9aaabacadaeaf", "a truncated BTF names nothing");
	b.size = make_btf();
	btf[0] = 0;	/* bad magic */
	bpf_prog__name(&h, &p, 1, name, sizeof(name));
	is_str(name, "bpf_prog_a8a9aaabacadaeaf", "nor does one with a bad magic");

	make_prog(&p, 2);
	info.jited_ksyms = 50;	/* 2 x u64 from 50 runs past 56 bytes */
	is_int(bpf_prog__decode(&p, &d), -EINVAL, "an array past the data is refused");
	make_prog(&p, 2);
	info.nr_prog_tags = 1;
	is_int(bpf_prog__decode(&p, &d), -EINVAL, "counts that disagree: skipped, as perf");
	make_prog(&p, 2);
	p.arrays = 0;
	is_int(bpf_prog__decode(&p, &d), -EINVAL, "fields not marked as arrays are not read");
	make_prog(&p, 2);
	info.nr_jited_ksyms = info.nr_jited_func_lens = info.nr_prog_tags = 0x40000000;
	is_int(bpf_prog__decode(&p, &d), -EINVAL, "a huge count is refused");
	make_prog(&p, 1);
	p.info_len = 8;	/* an old writer's short bpf_prog_info */
	is_int(bpf_prog__decode(&p, &d), -EINVAL, "a short info has no arrays");
	return done_testing();
}
