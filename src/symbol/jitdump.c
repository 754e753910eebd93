// SPDX-License-Identifier: GPL-2.0-only
/*
 * jitdump.c: the jit-PID.dump reader (format in jitdump.h) and the
 * ownership rule for every JIT description file prof reads.
 */
#include "prof/compat.h"
#include <byteswap.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "prof/util.h"
#include "prof/symbol.h"
#include "prof/jitdump.h"
#include "prof/build-id.h"
#include "prof/perf-data.h"
#include "prof/strbuf.h"
#include <dwarf.h>
#include <gelf.h>
#include <libelf.h>

static u32 rd32(const struct jitdump_header *h, const u8 *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return h->swapped ? bswap_32(v) : v;
}

static u64 rd64(const struct jitdump_header *h, const u8 *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return h->swapped ? bswap_64(v) : v;
}

int jitdump__read_header(const void *buf, size_t size, struct jitdump_header *h)
{
	const u8 *p = buf;
	u32 magic;

	memset(h, 0, sizeof(*h));
	if (size < JITDUMP_HEADER_SIZE)
		return -ENODATA;
	memcpy(&magic, p, 4);
	if (magic == JITDUMP_MAGIC_SWAPPED)
		h->swapped = true;
	else if (magic != JITDUMP_MAGIC)
		return -EINVAL;
	h->magic = JITDUMP_MAGIC;
	h->version = rd32(h, p + 4);
	h->total_size = rd32(h, p + 8);
	h->elf_mach = rd32(h, p + 12);
	h->pad1 = rd32(h, p + 16);
	h->pid = rd32(h, p + 20);
	h->timestamp = rd64(h, p + 24);
	h->flags = rd64(h, p + 32);
	if (h->total_size < JITDUMP_HEADER_SIZE)
		return -EINVAL;
	return (int)min(h->total_size, (u32)INT_MAX);
}

/* CODE_LOAD: pid tid vma code_addr code_size code_index name\0 code[] */
static bool read_load(const struct jitdump_header *h, const u8 *p, u32 total,
		      struct jit_record *r)
{
	const u32 fixed = JITDUMP_PREFIX_SIZE + 40;
	const char *name;

	if (total < fixed + 1)
		return false;
	r->load.pid = rd32(h, p + 16);
	r->load.tid = rd32(h, p + 20);
	r->load.vma = rd64(h, p + 24);
	r->load.code_addr = rd64(h, p + 32);
	r->load.code_size = rd64(h, p + 40);
	r->load.code_index = rd64(h, p + 48);
	/* The code ends the record; the name fills what is before it. */
	if (r->load.code_size > total - fixed - 1)
		return false;
	name = (const char *)p + fixed;
	if (!memchr(name, '\0', total - fixed - r->load.code_size))
		return false;
	r->load.name = name;
	r->load.code = p + total - r->load.code_size;
	return true;
}

/* CODE_MOVE: pid tid vma old_code_addr new_code_addr code_size code_index */
static bool read_move(const struct jitdump_header *h, const u8 *p, u32 total,
		      struct jit_record *r)
{
	if (total < JITDUMP_PREFIX_SIZE + 48)
		return false;
	r->move.pid = rd32(h, p + 16);
	r->move.tid = rd32(h, p + 20);
	r->move.vma = rd64(h, p + 24);
	r->move.old_code_addr = rd64(h, p + 32);
	r->move.new_code_addr = rd64(h, p + 40);
	r->move.code_size = rd64(h, p + 48);
	r->move.code_index = rd64(h, p + 56);
	return true;
}

/* DEBUG_INFO: code_addr nr_entry { addr lineno discrim filename\0 }[] */
static bool read_debug(const struct jitdump_header *h, const u8 *p, u32 total,
		       struct jit_record *r)
{
	struct jit_debug_entry e;
	size_t pos = 0;
	u64 nr, n = 0;

	if (total < JITDUMP_PREFIX_SIZE + 16)
		return false;
	r->debug.code_addr = rd64(h, p + 16);
	nr = rd64(h, p + 24);
	r->debug.entries = p + 32;
	r->debug.size = total - 32;
	/* Count what is really there: nr_entry may promise more. */
	while (n < nr && jit_debug_entry__next(h, r, &pos, &e))
		n++;
	r->debug.nr_entry = n;
	return true;
}

/* UNWINDING_INFO: unwinding_size eh_frame_hdr_size mapped_size data[] */
static bool read_unwind(const struct jitdump_header *h, const u8 *p, u32 total,
			struct jit_record *r)
{
	if (total < JITDUMP_PREFIX_SIZE + 24)
		return false;
	r->unwind.unwinding_size = rd64(h, p + 16);
	r->unwind.eh_frame_hdr_size = rd64(h, p + 24);
	r->unwind.mapped_size = rd64(h, p + 32);
	r->unwind.data = p + 40;
	r->unwind.size = total - 40;
	/* eh_frame and its header are inside the data. */
	if (r->unwind.unwinding_size > r->unwind.size ||
	    r->unwind.eh_frame_hdr_size > r->unwind.unwinding_size)
		return false;
	return true;
}

ssize_t jitdump__read_record(const struct jitdump_header *h, const void *buf,
			     size_t size, struct jit_record *r)
{
	const u8 *p = buf;
	bool ok;

	memset(r, 0, sizeof(*r));
	if (size < JITDUMP_PREFIX_SIZE)
		return 0;
	r->id = rd32(h, p);
	r->total_size = rd32(h, p + 4);
	r->timestamp = rd64(h, p + 8);
	if (r->total_size < JITDUMP_PREFIX_SIZE)
		return -EINVAL;
	if (r->total_size > size)
		return 0;
	switch (r->id) {
	case JIT_CODE_LOAD:
		ok = read_load(h, p, r->total_size, r);
		break;
	case JIT_CODE_MOVE:
		ok = read_move(h, p, r->total_size, r);
		break;
	case JIT_CODE_DEBUG_INFO:
		ok = read_debug(h, p, r->total_size, r);
		break;
	case JIT_CODE_UNWINDING_INFO:
		ok = read_unwind(h, p, r->total_size, r);
		break;
	case JIT_CODE_CLOSE:
		ok = true;
		break;
	default:
		ok = false;
		break;
	}
	if (!ok)
		r->id = JIT_CODE_MAX;
	return (ssize_t)r->total_size;
}

bool jit_debug_entry__next(const struct jitdump_header *h, const struct jit_record *r,
			   size_t *pos, struct jit_debug_entry *e)
{
	const u8 *p = r->debug.entries + *pos;
	size_t left = r->debug.size - min(*pos, r->debug.size);
	const char *nul;

	if (r->id != JIT_CODE_DEBUG_INFO || left < 17)
		return false;
	nul = memchr(p + 16, '\0', left - 16);
	if (!nul)
		return false;
	e->addr = rd64(h, p);
	e->lineno = (s32)rd32(h, p + 8);
	e->discrim = (s32)rd32(h, p + 12);
	e->filename = (const char *)p + 16;
	*pos += (size_t)((const u8 *)nul + 1 - p);
	return true;
}

long jitdump__marker_pid(const char *filename)
{
	const char *base = strrchr(filename, '/');
	char *end;
	long n;

	if (!base || strncmp(base, "/jit-", 5) || base[5] < '0' || base[5] > '9')
		return -1;
	errno = 0;
	n = strtol(base + 5, &end, 10);
	if (errno || strcmp(end, ".dump") || n > INT_MAX)
		return -1;
	return n;
}

bool jitdump__is_marker(const char *filename, pid_t pid)
{
	long n = jitdump__marker_pid(filename);

	return n >= 0 && (!pid || n == (long)pid);
}

int jit_file__check_owner(int fd, const char *path, bool quiet)
{
	struct stat st;

	/* The file as opened, not the name: a symlink changes nothing. */
	if (fstat(fd, &st))
		return -errno;
	if (!symbol_conf.force && st.st_uid && st.st_uid != geteuid()) {
		if (!quiet)
			pr_info("File %s not owned by current user or root, ignoring it.", path);
		return -EPERM;
	}
	return 0;
}

int jit_file__open(const char *path, bool quiet)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int err;

	if (fd < 0)
		return -errno;
	err = jit_file__check_owner(fd, path, quiet);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

/* ---------------------------------------------------------------- TSC */

void tsc_conv__read(struct tsc_conv *tc, const union perf_event *ev)
{
	const struct perf_event_header *h = (const void *)ev;
	u64 w[5] = { 0 };
	size_t n = h->size > 8 ? h->size - 8u : 0;

	memcpy(w, (const u8 *)ev + 8, min(n, sizeof(w)));
	tc->shift = w[0];
	tc->mult = w[1];
	tc->zero = w[2];
	tc->cycles = w[3];
	tc->mask = w[4];
	tc->cap_short = h->size >= 50 && ((const u8 *)ev)[49];
}

u64 tsc_conv__time(const struct tsc_conv *tc, u64 cyc)
{
	u64 quot, rem;

	if (tc->cap_short)
		cyc = tc->cycles + ((cyc - tc->cycles) & tc->mask);
	quot = cyc >> tc->shift;
	rem = cyc & ((1ULL << tc->shift) - 1);
	return tc->zero + quot * tc->mult + ((rem * tc->mult) >> tc->shift);
}

/* ---------------------------------------------------------------- ELF images */

/* Section names, at the offsets perf's images use. */
static const char jit_shstrtab[] =
	"\0.text\0.shstrtab\0.symtab\0.strtab\0.note.gnu.build-id\0.debug_line"
	"\0.debug_info\0.debug_abbrev\0.eh_frame_hdr\0.eh_frame";
#define SHN_TEXT_NAME	1
#define SHN_SHSTR_NAME	7
#define SHN_SYM_NAME	17
#define SHN_STR_NAME	25
#define SHN_NOTE_NAME	33
#define SHN_LINE_NAME	52
#define SHN_INFO_NAME	64
#define SHN_ABBREV_NAME	76
#define SHN_EHHDR_NAME	90
#define SHN_EH_NAME	104

/* ---- DWARF 2 for a code load's line entries */

static void dw_uleb(struct strbuf *b, u64 v)
{
	do {
		u8 c = v & 0x7f;

		v >>= 7;
		strbuf_addch(b, v ? c | 0x80 : c);
	} while (v);
}

static void dw_sleb(struct strbuf *b, s64 v)
{
	for (;;) {
		u8 c = v & 0x7f;

		v >>= 7;	/* arithmetic: the sign stays */
		if ((v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40))) {
			strbuf_addch(b, c);
			return;
		}
		strbuf_addch(b, c | 0x80);
	}
}

static void dw_u16(struct strbuf *b, u16 v) { strbuf_add(b, &v, 2); }
static void dw_u32(struct strbuf *b, u32 v) { strbuf_add(b, &v, 4); }
static void dw_u64(struct strbuf *b, u64 v) { strbuf_add(b, &v, 8); }

/* The index (from 1) of @name in the header's file table @files (names, NUL-separated). */
static u64 dw_file_index(struct strbuf *files, u64 *nr, const char *name)
{
	size_t pos = 0;
	u64 i = 1;

	while (pos < files->len) {
		if (!strcmp(files->buf + pos, name))
			return i;
		pos += strlen(files->buf + pos) + 1;
		i++;
	}
	strbuf_add(files, name, strlen(name) + 1);
	return ++*nr;
}

/*
 * .debug_line for @r's entries: one sequence from JIT_ELF_TEXT_ADDR with
 * a row at each entry's address (made relative to @code_addr), entries
 * outside the code or going backwards left out. As perf's images, the
 * sequence ends at the last entry's address: that entry covers no
 * address (perf report -s srcline shows ??:0 for a single-entry table,
 * and so do readers of prof's images).
 */
static void jit_debug_line(struct strbuf *dl, const struct jitdump_header *h,
			   const struct jit_record *r, u64 code_addr, size_t code_size)
{
	static const u8 std_lengths[12] = { 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };
	struct strbuf files = STRBUF_INIT, prog = STRBUF_INIT;
	struct jit_debug_entry e;
	const char *prev = NULL, *prev_name = NULL;
	u64 nr_files = 0, addr = JIT_ELF_TEXT_ADDR, file = 1, prev_f = 0;
	s64 line = 1;
	size_t pos = 0, hdr_len, fpos;
	bool first = true;

	/* DW_LNE_set_address */
	strbuf_addch(&prog, 0);
	dw_uleb(&prog, 9);
	strbuf_addch(&prog, DW_LNE_set_address);
	dw_u64(&prog, JIT_ELF_TEXT_ADDR);
	for (u64 n = 0; n < r->debug.nr_entry && jit_debug_entry__next(h, r, &pos, &e); n++) {
		const char *name = (u8)e.filename[0] == 0xff && !e.filename[1] && prev ? prev :
											e.filename;
		u64 at, f;

		prev = name;
		if (e.addr < code_addr || e.addr - code_addr > code_size)
			continue;
		at = e.addr - code_addr + JIT_ELF_TEXT_ADDR;
		if (at < addr)
			continue;
		/* most entries name the previous entry's file */
		f = prev_f && !strcmp(name, prev_name) ? prev_f :
			dw_file_index(&files, &nr_files, name);
		prev_f = f;
		prev_name = name;
		if (!first && at == addr && f == file && e.lineno == line)
			continue;
		first = false;
		if (f != file) {
			strbuf_addch(&prog, DW_LNS_set_file);
			dw_uleb(&prog, f);
			file = f;
		}
		if (at != addr) {
			strbuf_addch(&prog, DW_LNS_advance_pc);
			dw_uleb(&prog, at - addr);
			addr = at;
		}
		if (e.lineno != line) {
			strbuf_addch(&prog, DW_LNS_advance_line);
			dw_sleb(&prog, e.lineno - line);
			line = e.lineno;
		}
		strbuf_addch(&prog, DW_LNS_copy);
	}
	/* DW_LNE_end_sequence */
	strbuf_addch(&prog, 0);
	dw_uleb(&prog, 1);
	strbuf_addch(&prog, DW_LNE_end_sequence);

	/* the header: version 2, min_inst_length 1, is_stmt, line_base -5, range 14, opcode_base 13 */
	dw_u32(dl, 0);		/* unit_length, below */
	dw_u16(dl, 2);
	dw_u32(dl, 0);		/* header_length, below */
	hdr_len = dl->len;
	strbuf_addch(dl, 1);
	strbuf_addch(dl, 1);
	strbuf_addch(dl, (char)-5);
	strbuf_addch(dl, 14);
	strbuf_addch(dl, 13);
	strbuf_add(dl, std_lengths, sizeof(std_lengths));
	strbuf_addch(dl, 0);	/* no include directories */
	for (fpos = 0; fpos < files.len; fpos += strlen(files.buf + fpos) + 1) {
		strbuf_addstr(dl, files.buf + fpos);
		strbuf_addch(dl, 0);
		dw_uleb(dl, 0);	/* directory, mtime, length: unknown */
		dw_uleb(dl, 0);
		dw_uleb(dl, 0);
	}
	strbuf_addch(dl, 0);
	{
		u32 hl = (u32)(dl->len - hdr_len), ul;

		memcpy(dl->buf + 6, &hl, 4);
		strbuf_add(dl, prog.buf, prog.len);
		ul = (u32)(dl->len - 4);
		memcpy(dl->buf, &ul, 4);
	}
	strbuf_release(&files);
	strbuf_release(&prog);
}

/* .debug_info and .debug_abbrev: one compile unit pointing at the line table, as perf's. */
static void jit_debug_info(struct strbuf *di, struct strbuf *da)
{
	dw_u32(di, 2 + 4 + 1 + 1 + 4);
	dw_u16(di, 2);
	dw_u32(di, 0);		/* .debug_abbrev offset */
	strbuf_addch(di, 8);	/* address size */
	dw_uleb(di, 1);
	dw_u32(di, 0);		/* DW_AT_stmt_list: .debug_line offset 0 */

	dw_uleb(da, 1);
	dw_uleb(da, DW_TAG_compile_unit);
	strbuf_addch(da, DW_CHILDREN_no);
	dw_uleb(da, DW_AT_stmt_list);
	dw_uleb(da, DW_FORM_data4);
	strbuf_addch(da, 0);
	strbuf_addch(da, 0);
	strbuf_addch(da, 0);
}

/* One section with @size bytes of @buf, its header filled by the caller. */
static Elf64_Shdr *jit_elf__section(Elf *e, const void *buf, size_t size, size_t align,
				    Elf_Type type)
{
	Elf_Scn *scn = elf_newscn(e);
	Elf_Data *d = scn ? elf_newdata(scn) : NULL;

	if (!d)
		return NULL;
	d->d_buf = (void *)buf;
	d->d_size = size;
	d->d_align = align;
	d->d_type = type;
	d->d_version = EV_CURRENT;
	return elf64_getshdr(scn);
}

int jit_elf__write(const char *path, u64 load_addr, const char *name, const void *code,
		   size_t size, const struct jit_elf_extra *extra)
{
	const struct jit_record *unw = extra ? extra->unwind : NULL;
	const struct jit_record *dbg = extra ? extra->debug : NULL;
	struct strbuf dl = STRBUF_INIT, di = STRBUF_INIT, da = STRBUF_INIT;
	struct { u32 namesz, descsz, type; char name[4]; u8 id[20]; } note = {
		4, 20, NT_GNU_BUILD_ID, "GNU", { 0 } };
	Elf64_Sym syms[2];
	struct build_id bid;
	size_t namelen = strlen(name);
	char *strtab = xcalloc(1, namelen + 2);
	u8 *hashed = xmalloc(sizeof(load_addr) + namelen + 1 + size);
	Elf64_Shdr *sh;
	Elf64_Ehdr *eh;
	Elf *e = NULL;
	char *tmp = xasprintf("%s.XXXXXX", path);
	int fd, ret = -EIO;

	/* the build-id: a hash of where, what and whose the code is */
	memcpy(hashed, &load_addr, sizeof(load_addr));
	memcpy(hashed + sizeof(load_addr), name, namelen + 1);
	memcpy(hashed + sizeof(load_addr) + namelen + 1, code, size);
	content__build_id(hashed, sizeof(load_addr) + namelen + 1 + size, &bid);
	memcpy(note.id, bid.data, bid.size < 20 ? bid.size : 20);
	free(hashed);
	memcpy(strtab + 1, name, namelen);

	/* a new file renamed over @path: an old one may be linked into a build-id cache */
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		free(strtab);
		free(tmp);
		return ret;
	}
	fchmod(fd, 0644);
	if (elf_version(EV_CURRENT) == EV_NONE || !(e = elf_begin(fd, ELF_C_WRITE, NULL)) ||
	    !(eh = elf64_newehdr(e)))
		goto out;
	/* perf's layout: the code at JIT_ELF_TEXT_ADDR, one local function symbol */
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_machine = EM_X86_64;
#if defined(__aarch64__)
	eh->e_machine = EM_AARCH64;
#elif defined(__powerpc64__)
	eh->e_machine = EM_PPC64;
#elif defined(__s390x__)
	eh->e_machine = EM_S390;
#elif defined(__riscv)
	eh->e_machine = EM_RISCV;
#endif
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	eh->e_ident[EI_DATA] = ELFDATA2MSB;
#endif
	eh->e_type = ET_DYN;
	eh->e_entry = JIT_ELF_TEXT_ADDR;
	eh->e_version = EV_CURRENT;
	/* perf's section order: .eh_frame and .eh_frame_hdr right after .text */
	eh->e_shstrndx = unw ? 4 : 2;

	if (!(sh = jit_elf__section(e, code, size, 16, ELF_T_BYTE)))
		goto out;
	sh->sh_name = SHN_TEXT_NAME;
	sh->sh_type = SHT_PROGBITS;
	sh->sh_addr = JIT_ELF_TEXT_ADDR;
	sh->sh_flags = SHF_EXECINSTR | SHF_ALLOC;

	if (unw) {
		/* where the runtime put them: at the next 8-byte boundary after the code */
		u64 base = (JIT_ELF_TEXT_ADDR + size + 7) & ~7ULL;
		u64 table = unw->unwind.unwinding_size - unw->unwind.eh_frame_hdr_size;

		if (!(sh = jit_elf__section(e, unw->unwind.data, table, 8, ELF_T_BYTE)))
			goto out;
		sh->sh_name = SHN_EH_NAME;
		sh->sh_type = SHT_PROGBITS;
		sh->sh_addr = base;
		sh->sh_flags = SHF_ALLOC;
		if (!(sh = jit_elf__section(e, unw->unwind.data + table,
					    unw->unwind.eh_frame_hdr_size, 4, ELF_T_BYTE)))
			goto out;
		sh->sh_name = SHN_EHHDR_NAME;
		sh->sh_type = SHT_PROGBITS;
		sh->sh_addr = base + table;
		sh->sh_flags = SHF_ALLOC;
	}

	if (!(sh = jit_elf__section(e, jit_shstrtab, sizeof(jit_shstrtab), 1, ELF_T_BYTE)))
		goto out;
	sh->sh_name = SHN_SHSTR_NAME;
	sh->sh_type = SHT_STRTAB;

	memset(syms, 0, sizeof(syms));
	syms[1].st_name = 1;
	syms[1].st_info = ELF64_ST_INFO(STB_LOCAL, STT_FUNC);
	syms[1].st_shndx = 1;
	syms[1].st_value = JIT_ELF_TEXT_ADDR;
	syms[1].st_size = size;
	if (!(sh = jit_elf__section(e, syms, sizeof(syms), 8, ELF_T_SYM)))
		goto out;
	sh->sh_name = SHN_SYM_NAME;
	sh->sh_type = SHT_SYMTAB;
	sh->sh_entsize = sizeof(Elf64_Sym);
	sh->sh_link = unw ? 6 : 4;	/* .strtab */

	if (!(sh = jit_elf__section(e, strtab, namelen + 2, 1, ELF_T_BYTE)))
		goto out;
	sh->sh_name = SHN_STR_NAME;
	sh->sh_type = SHT_STRTAB;

	if (!(sh = jit_elf__section(e, &note, sizeof(note), 4, ELF_T_BYTE)))
		goto out;
	sh->sh_name = SHN_NOTE_NAME;
	sh->sh_type = SHT_NOTE;
	sh->sh_flags = SHF_ALLOC;

	if (dbg && dbg->debug.nr_entry) {
		jit_debug_line(&dl, extra->h, dbg, load_addr, size);
		jit_debug_info(&di, &da);
		if (!(sh = jit_elf__section(e, dl.buf, dl.len, 1, ELF_T_BYTE)))
			goto out;
		sh->sh_name = SHN_LINE_NAME;
		sh->sh_type = SHT_PROGBITS;
		if (!(sh = jit_elf__section(e, di.buf, di.len, 1, ELF_T_BYTE)))
			goto out;
		sh->sh_name = SHN_INFO_NAME;
		sh->sh_type = SHT_PROGBITS;
		if (!(sh = jit_elf__section(e, da.buf, da.len, 1, ELF_T_BYTE)))
			goto out;
		sh->sh_name = SHN_ABBREV_NAME;
		sh->sh_type = SHT_PROGBITS;
	}

	/* one PT_LOAD for the code, as perf's (it places .text at JIT_ELF_TEXT_ADDR) */
	{
		Elf64_Phdr *ph = elf64_newphdr(e, 1);

		if (!ph || elf_update(e, ELF_C_NULL) < 0)
			goto out;
		ph->p_type = PT_LOAD;
		ph->p_offset = JIT_ELF_TEXT_ADDR;
		ph->p_vaddr = JIT_ELF_TEXT_ADDR;
		ph->p_paddr = JIT_ELF_TEXT_ADDR;
		ph->p_filesz = size;
		ph->p_memsz = size;
		ph->p_flags = PF_R | PF_X;
		ph->p_align = 8;
	}
	if (elf_update(e, ELF_C_WRITE) >= 0)
		ret = 0;
out:
	if (e)
		elf_end(e);
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	free(tmp);
	free(strtab);
	strbuf_release(&dl);
	strbuf_release(&di);
	strbuf_release(&da);
	return ret;
}

void *jit_elf__image(u64 load_addr, const char *name, const void *code, size_t size,
		     size_t *image_size)
{
	char path[] = "/tmp/prof-jit-XXXXXX";
	struct stat st;
	void *image = NULL;
	int fd = mkstemp(path);

	if (fd < 0)
		return NULL;
	close(fd);
	/* written (to a file of its own, renamed over @path) and read back */
	if (!jit_elf__write(path, load_addr, name, code, size, NULL) &&
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		if (!fstat(fd, &st) && st.st_size > 0) {
			image = xmalloc((size_t)st.st_size);
			if (read(fd, image, (size_t)st.st_size) != st.st_size) {
				free(image);
				image = NULL;
			}
			*image_size = (size_t)st.st_size;
		}
		close(fd);
	}
	unlink(path);
	return image;
}
