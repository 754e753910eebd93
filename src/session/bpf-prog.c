// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpf-prog.c: BPF programs as the BPF_PROG_INFO and BPF_BTF features
 * describe them (see bpf-prog.h).
 *
 * Invariants:
 *  1. Every array is read only through arr(), which checks that the
 *     PERF_BPIL_* bit says the field is an offset into the entry's data
 *     and that offset + count * size fits the data.
 *  2. BTF is walked type by type with each kind's trailing size; a blob
 *     that ends early or has an unknown kind names nothing.
 */
#include "prof/compat.h"
#include "prof/bpf-prog.h"
#include "prof/header.h"
#include <linux/bpf.h>
#include <linux/btf.h>

/* perf's enum perf_bpil_array_types: bits of header_bpf_prog.arrays */
enum {
	BPIL_JITED_INSNS, BPIL_XLATED_INSNS, BPIL_MAP_IDS, BPIL_JITED_KSYMS,
	BPIL_JITED_FUNC_LENS, BPIL_FUNC_INFO, BPIL_LINE_INFO, BPIL_JITED_LINE_INFO,
	BPIL_PROG_TAGS,
};

/* The kernel's bpf_prog_info from however many bytes the writer had. */
static void prog_info(const struct header_bpf_prog *p, struct bpf_prog_info *info)
{
	memset(info, 0, sizeof(*info));
	memcpy(info, p->info, min((size_t)p->info_len, sizeof(*info)));
}

/* Array @bit at offset @off of @nr items of @size bytes, or NULL. */
static const void *arr(const struct header_bpf_prog *p, int bit, u64 off, u64 nr, u64 size)
{
	if (!(p->arrays & (1ULL << bit)) || !nr || size > p->data_len ||
	    off > p->data_len || nr > (p->data_len - off) / size)
		return NULL;
	return p->data + off;
}

int bpf_prog__decode(const struct header_bpf_prog *p, struct bpf_prog_desc *d)
{
	struct bpf_prog_info info;

	prog_info(p, &info);
	memset(d, 0, sizeof(*d));
	d->id = info.id;
	/* perf prints nothing for a program whose counts disagree */
	if (info.nr_jited_ksyms != info.nr_prog_tags ||
	    info.nr_jited_ksyms != info.nr_jited_func_lens)
		return -EINVAL;
	d->addrs = arr(p, BPIL_JITED_KSYMS, info.jited_ksyms, info.nr_jited_ksyms, 8);
	d->lens = arr(p, BPIL_JITED_FUNC_LENS, info.jited_func_lens, info.nr_jited_func_lens, 4);
	if (!d->addrs || !d->lens ||
	    !arr(p, BPIL_PROG_TAGS, info.prog_tags, info.nr_prog_tags, BPF_TAG_SIZE))
		return -EINVAL;
	d->nr_subs = info.nr_jited_ksyms;
	return 0;
}

/* Bytes after a btf_type of kind @kind with @vlen members; -1: unknown. */
static long btf_extra(u32 kind, u32 vlen)
{
	switch (kind) {
	case BTF_KIND_INT:		return 4;
	case BTF_KIND_ARRAY:		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:	return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_VAR:		return sizeof(struct btf_var);
	case BTF_KIND_DATASEC:		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_DECL_TAG:		return 4;
	case 19:			return (long)vlen * 12;	/* ENUM64 */
	case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
		return 0;
	default:
		return -1;
	}
}

/* The name of type @id in the BTF blob @data (@size bytes), or NULL. */
static const char *btf_type_name(const u8 *data, u32 size, u32 id)
{
	struct btf_header hdr;
	u64 types, types_end, strs;
	u64 pos;

	if (size < sizeof(hdr))
		return NULL;
	memcpy(&hdr, data, sizeof(hdr));
	if (hdr.magic != BTF_MAGIC || hdr.hdr_len > size)
		return NULL;
	types = (u64)hdr.hdr_len + hdr.type_off;
	types_end = types + hdr.type_len;
	strs = (u64)hdr.hdr_len + hdr.str_off;
	if (types_end > size || strs + hdr.str_len > size || !hdr.str_len)
		return NULL;
	pos = types;
	for (u32 cur = 1; pos + sizeof(struct btf_type) <= types_end; cur++) {
		struct btf_type t;
		long extra;

		memcpy(&t, data + pos, sizeof(t));
		if (cur == id) {
			const char *s = (const char *)data + strs + t.name_off;

			if (t.name_off >= hdr.str_len || !memchr(s, 0, hdr.str_len - t.name_off))
				return NULL;
			return s;
		}
		extra = btf_extra(BTF_INFO_KIND(t.info), BTF_INFO_VLEN(t.info));
		if (extra < 0)
			return NULL;
		pos += sizeof(t) + (u64)extra;
	}
	return NULL;
}

/* The BTF name of sub-program @sub's function, or NULL without BTF. */
static const char *btf_func_name(const struct perf_header *h, const struct bpf_prog_info *info,
				 const struct header_bpf_prog *p, u32 sub, bool *have_btf)
{
	const struct header_bpf_btf *b = NULL;
	const u8 *fi;
	u32 type_id;

	*have_btf = false;
	if (!info->btf_id)
		return NULL;
	for (u32 i = 0; i < h->nr_bpf_btf; i++)
		if (h->bpf_btfs[i].id == info->btf_id) {
			b = &h->bpf_btfs[i];
			break;
		}
	if (!b)
		return NULL;
	*have_btf = true;
	if (info->func_info_rec_size < sizeof(struct bpf_func_info) || sub >= info->nr_func_info)
		return NULL;
	fi = arr(p, BPIL_FUNC_INFO, info->func_info, info->nr_func_info, info->func_info_rec_size);
	if (!fi)
		return NULL;
	memcpy(&type_id, fi + (size_t)sub * info->func_info_rec_size +
	       offsetof(struct bpf_func_info, type_id), sizeof(type_id));
	return btf_type_name(b->data, b->size, type_id);
}

void bpf_prog__name(const struct perf_header *h, const struct header_bpf_prog *p, u32 sub,
		    char *buf, size_t size)
{
	struct bpf_prog_info info;
	const u8 *tags;
	const char *name = NULL;
	char own[sizeof(info.name) + 1];
	size_t n;
	bool have_btf;

	prog_info(p, &info);
	tags = arr(p, BPIL_PROG_TAGS, info.prog_tags, info.nr_prog_tags, BPF_TAG_SIZE);
	n = (size_t)snprintf(buf, size, "bpf_prog_");
	for (int i = 0; tags && i < BPF_TAG_SIZE && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%02x", tags[(size_t)sub * BPF_TAG_SIZE + i]);
	name = btf_func_name(h, &info, p, sub, &have_btf);
	if (!have_btf) {
		if (sub == 0 && info.nr_jited_ksyms == 1) {
			memcpy(own, info.name, sizeof(info.name));
			own[sizeof(info.name)] = 0;
			name = own[0] ? own : NULL;
		} else {
			name = "F";
		}
	}
	if (name && n < size)
		snprintf(buf + n, size - n, "_%s", name);
}
