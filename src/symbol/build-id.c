// SPDX-License-Identifier: GPL-2.0-only
/* build-id.c: read GNU build-ids from ELF files and raw note blobs. */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/util.h"
#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>

#define NOTE_ALIGN(n) (((n) + (size_t)3) & ~(size_t)3)

static int note_to_build_id(const void *desc, size_t len, struct build_id *bid)
{
	if (len == 0)
		return -ENODATA;
	memset(bid, 0, sizeof(*bid));
	bid->size = min(len, (size_t)BUILD_ID_SIZE);
	memcpy(bid->data, desc, bid->size);
	return 0;
}

int notes__read_build_id(const void *buf, size_t len, struct build_id *bid)
{
	const unsigned char *p = buf, *end = p + len;

	/* Elf32_Nhdr and Elf64_Nhdr are the same three u32s. */
	while ((size_t)(end - p) >= sizeof(Elf64_Nhdr)) {
		Elf64_Nhdr nh;
		size_t namesz, descsz;
		const unsigned char *name, *desc;

		memcpy(&nh, p, sizeof(nh));
		p += sizeof(nh);
		namesz = NOTE_ALIGN((size_t)nh.n_namesz);
		descsz = NOTE_ALIGN((size_t)nh.n_descsz);
		if (namesz > (size_t)(end - p) || descsz > (size_t)(end - p - namesz))
			break;
		name = p;
		desc = p + namesz;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == sizeof("GNU") &&
		    !memcmp(name, "GNU", sizeof("GNU")))
			return note_to_build_id(desc, nh.n_descsz, bid);
		p += namesz + descsz;
	}
	return -ENODATA;
}

/* Look through one block of notes as libelf hands it to us. */
static int data__find_build_id(Elf_Data *data, struct build_id *bid)
{
	size_t off = 0, next, name_off, desc_off;
	GElf_Nhdr nh;

	while (data && (next = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == sizeof("GNU") &&
		    !memcmp((char *)data->d_buf + name_off, "GNU", sizeof("GNU")))
			return note_to_build_id((char *)data->d_buf + desc_off,
						nh.n_descsz, bid);
		off = next;
	}
	return -ENODATA;
}

static int elf__read_build_id(Elf *elf, struct build_id *bid)
{
	Elf_Scn *scn = NULL;
	size_t i, nphdr;
	bool had_sections = false;

	/* Sections first: cheap, and they survive strip. */
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		had_sections = true;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		if (!data__find_build_id(elf_getdata(scn, NULL), bid))
			return 0;
	}
	if (had_sections)
		return -ENODATA;
	/* No section headers (some vdsos, stripped cores): the segments. */
	if (elf_getphdrnum(elf, &nphdr))
		return -ENODATA;
	for (i = 0; i < nphdr; i++) {
		GElf_Phdr ph;
		Elf_Data *data;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_NOTE)
			continue;
		data = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz,
					    ELF_T_NHDR);
		if (!data__find_build_id(data, bid))
			return 0;
	}
	return -ENODATA;
}

int fd__read_build_id(int fd, struct build_id *bid)
{
	Elf *elf;
	int ret;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf)
		return -ENOEXEC;
	if (elf_kind(elf) != ELF_K_ELF)
		ret = -ENOEXEC;
	else
		ret = elf__read_build_id(elf, bid);
	elf_end(elf);
	return ret;
}

int filename__read_build_id(const char *path, struct build_id *bid)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	ret = fd__read_build_id(fd, bid);
	close(fd);
	return ret;
}

int kernel__read_build_id(struct build_id *bid)
{
	size_t len;
	char *buf = read_file_str("/sys/kernel/notes", &len);
	int ret;

	if (!buf)
		return -errno;
	ret = notes__read_build_id(buf, len, bid);
	free(buf);
	return ret;
}

int build_id__snprintf(const struct build_id *bid, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, n = 0;

	for (i = 0; i < bid->size && n + 2 < size; i++) {
		buf[n++] = hex[bid->data[i] >> 4];
		buf[n++] = hex[bid->data[i] & 15];
	}
	if (size)
		buf[n] = '\0';
	return (int)n;
}

bool build_id__equal(const struct build_id *a, const struct build_id *b)
{
	return a->size == b->size && !memcmp(a->data, b->data, a->size);
}

/*
 * Three FNV-1a passes with different offset bases, 20 bytes kept: not a
 * cryptographic hash, only a name that changes when the content does.
 */
void content__build_id(const void *buf, size_t len, struct build_id *bid)
{
	static const u64 basis[3] = {
		0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL, 0x9ce484222325cbf2ULL,
	};
	const unsigned char *p = buf;
	u8 out[24];

	for (int k = 0; k < 3; k++) {
		u64 h = basis[k];

		for (size_t i = 0; i < len; i++) {
			h ^= p[i];
			h *= 0x100000001b3ULL;
		}
		h ^= (u64)len;
		memcpy(out + 8 * k, &h, 8);
	}
	memset(bid, 0, sizeof(*bid));
	memcpy(bid->data, out, BUILD_ID_SIZE);
	bid->size = BUILD_ID_SIZE;
}
