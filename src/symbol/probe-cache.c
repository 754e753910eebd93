// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe-cache.c: the "probes" file perf keeps next to each binary in the
 * build-id cache, filled from the binary's SDT notes (.note.stapsdt) so
 * that "perf list sdt" and "perf probe sdt_<provider>:<name>" find them:
 *
 *   %sdt_<provider>:<name>=<name>
 *   p:sdt_<provider>/<name> <path>:0x<offset>[(0x<semaphore>)] arg1=..
 *
 * one "%" line per probe name, then its uprobe definitions sorted (a
 * name placed twice has two), as perf 6.1's probe-file.c writes them.
 * Arguments are turned from the assembler's operands ("8@-80(%rbx)")
 * into uprobe fetch args ("-80(%bx):u64") as perf does on x86; the ones
 * it cannot express are left out but keep their number.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/nsinfo.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <fcntl.h>
#include <gelf.h>
#include <regex.h>
#include <sys/stat.h>

#define NT_STAPSDT 3

struct sdt_probe {
	char *group, *name;
	char **tevs;
	size_t nr_tevs, alloc;
};

/* perf's x86 sdt_reg_tbl: the uprobe name of an assembler register */
static const char *const sdt_regs[][2] = {
	{ "eax", "ax" }, { "rax", "ax" }, { "al", "ax" }, { "ah", "ax" },
	{ "ebx", "bx" }, { "rbx", "bx" }, { "bl", "bx" }, { "bh", "bx" },
	{ "ecx", "cx" }, { "rcx", "cx" }, { "cl", "cx" }, { "ch", "cx" },
	{ "edx", "dx" }, { "rdx", "dx" }, { "dl", "dx" }, { "dh", "dx" },
	{ "esi", "si" }, { "rsi", "si" }, { "sil", "si" },
	{ "edi", "di" }, { "rdi", "di" }, { "dil", "di" },
	{ "ebp", "bp" }, { "rbp", "bp" }, { "bpl", "bp" },
	{ "rsp", "sp" }, { "esp", "sp" }, { "spl", "sp" },
	{ "r8b", "r8" }, { "r8w", "r8" }, { "r8d", "r8" },
	{ "r9b", "r9" }, { "r9w", "r9" }, { "r9d", "r9" },
	{ "r10b", "r10" }, { "r10w", "r10" }, { "r10d", "r10" },
	{ "r11b", "r11" }, { "r11w", "r11" }, { "r11d", "r11" },
	{ "r12b", "r12" }, { "r12w", "r12" }, { "r12d", "r12" },
	{ "r13b", "r13" }, { "r13w", "r13" }, { "r13d", "r13" },
	{ "r14b", "r14" }, { "r14w", "r14" }, { "r14d", "r14" },
	{ "r15b", "r15" }, { "r15w", "r15" }, { "r15d", "r15" },
};

/* "N@OP" size N: its fetch-type suffix, or -1 for a size uprobes lack */
static int sdt_size_suffix(const char *n, const char **suffix)
{
	static const char *const by_size[] = {
		":s64", "", "", "", ":s32", "", ":s16", ":s8",
		"", ":u8", ":u16", "", ":u32", "", "", "", ":u64",
	};
	long v = strtol(n, NULL, 10);

	if (v < -8 || v > 8)
		return -1;
	*suffix = by_size[v + 8];
	return 0;
}

/*
 * One operand as a uprobe argument ("%rdi" -> "%di", "8(%rbp)" ->
 * "+8(%bp)", "(%rax)" -> "0(%ax)"); false for what uprobes cannot
 * fetch (immediates, index registers, symbols).
 */
static bool sdt_operand(const char *op, struct strbuf *out)
{
	static regex_t re;
	static bool compiled;
	regmatch_t m[6];
	char reg[16];
	const char *name;
	size_t i, len;

	if (!compiled) {
		if (regcomp(&re, "^([+\\-])?([0-9]*)(\\()?(%[a-z][a-z0-9]+)(\\))?$", REG_EXTENDED))
			return false;
		compiled = true;
	}
	if (strchr(op, ',') || strchr(op, '$') || regexec(&re, op, 6, m, 0) ||
	    m[4].rm_eo - m[4].rm_so > 6)
		return false;
	if (m[3].rm_so != m[3].rm_eo) {
		if (m[1].rm_so != m[1].rm_eo)
			strbuf_addch(out, op[m[1].rm_so]);
		else if (m[2].rm_so != m[2].rm_eo)
			strbuf_addch(out, '+');
		else
			strbuf_addch(out, '0');
	}
	strbuf_add(out, op + m[2].rm_so, (size_t)(m[2].rm_eo - m[2].rm_so));
	strbuf_add(out, op + m[3].rm_so, (size_t)(m[3].rm_eo - m[3].rm_so));
	len = (size_t)(m[4].rm_eo - m[4].rm_so) - 1;
	snprintf(reg, sizeof(reg), "%.*s", (int)len, op + m[4].rm_so + 1);
	name = reg;
	for (i = 0; i < ARRAY_SIZE(sdt_regs); i++)
		if (!strcmp(sdt_regs[i][0], reg))
			name = sdt_regs[i][1];
	strbuf_addf(out, "%%%s", name);
	strbuf_add(out, op + m[5].rm_so, (size_t)(m[5].rm_eo - m[5].rm_so));
	return true;
}

/* The uprobe arguments of the note's argument string, perf's numbering. */
static void sdt_args(struct strbuf *sb, const char *args)
{
	char *copy = xstrdup(args), *save = NULL, *tok, *next;
	int idx = 0;

	tok = strtok_r(copy, " \t", &save);
	while (tok) {
		char *arg, *at, *op;
		const char *suffix = "";
		struct strbuf o;

		next = strtok_r(NULL, " \t", &save);
		/* arm64 writes "-4@[sp, 12]": one argument in two words */
		if (strstr(tok, "[sp,") && next) {
			arg = xasprintf("%s %s", tok, next);
			next = strtok_r(NULL, " \t", &save);
		} else {
			arg = xstrdup(tok);
		}
		at = strchr(arg, '@');
		op = arg;
		if (at) {
			*at = '\0';
			op = at + 1;
		}
		strbuf_init(&o, 16);
		if ((!at || !sdt_size_suffix(arg, &suffix)) && sdt_operand(op, &o))
			strbuf_addf(sb, " arg%d=%s%s", idx + 1, o.buf, suffix);
		strbuf_release(&o);
		free(arg);
		idx++;
		tok = next;
	}
	free(copy);
}

static struct sdt_probe *probe_find(struct sdt_probe **ps, size_t *nr, size_t *alloc,
				    const char *group, const char *name)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (!strcmp((*ps)[i].group, group) && !strcmp((*ps)[i].name, name))
			return &(*ps)[i];
	*ps = xgrow(*ps, sizeof(**ps), *nr + 1, alloc);
	memset(&(*ps)[*nr], 0, sizeof(**ps));
	(*ps)[*nr].group = xstrdup(group);
	(*ps)[*nr].name = xstrdup(name);
	return &(*ps)[(*nr)++];
}

static Elf_Scn *section_by_name(Elf *elf, const char *want, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *n;

		if (!gelf_getshdr(scn, sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh->sh_name);
		if (n && !strcmp(n, want))
			return scn;
	}
	return NULL;
}

static u64 vaddr_to_offset(Elf *elf, u64 vaddr)
{
	size_t i, n;

	if (elf_getphdrnum(elf, &n))
		return vaddr;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_memsz)
			return vaddr - (ph.p_vaddr - ph.p_offset);
	}
	return vaddr;
}

/* The notes of @elf into @ps: 0, or -ENODATA when it has no SDT section. */
static int sdt_scan(Elf *elf, const char *realname, struct sdt_probe **ps, size_t *nr,
		    size_t *alloc)
{
	bool is32 = gelf_getclass(elf) == ELFCLASS32;
	size_t asz = is32 ? 4 : 8, off = 0, name_off, desc_off;
	GElf_Shdr sh, base;
	bool has_base;
	Elf_Data *data;
	Elf_Scn *scn;
	GElf_Nhdr nh;

	has_base = section_by_name(elf, ".stapsdt.base", &base) != NULL;
	scn = section_by_name(elf, ".note.stapsdt", &sh);
	if (!scn || sh.sh_type != SHT_NOTE || !(data = elf_getdata(scn, NULL)))
		return -ENODATA;
	while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
		const char *desc = (const char *)data->d_buf + desc_off, *provider, *name, *args;
		const char *end = desc + nh.n_descsz;
		u64 addr[3] = { 0 };
		char group[64];
		struct strbuf sb;
		struct sdt_probe *p;
		int i;

		if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
		    memcmp((const char *)data->d_buf + name_off, "stapsdt", 8) ||
		    nh.n_descsz < 3 * asz + 3)
			continue;
		for (i = 0; i < 3; i++) {
			if (is32) {
				u32 v;

				memcpy(&v, desc + i * asz, 4);
				addr[i] = v;
			} else {
				memcpy(&addr[i], desc + i * asz, 8);
			}
		}
		provider = desc + 3 * asz;
		name = memchr(provider, '\0', (size_t)(end - provider));
		if (!name++ || name >= end)
			continue;
		args = memchr(name, '\0', (size_t)(end - name));
		if (!args || end - args < 2 || args[1] == ':' || args[1] == '\0')
			args = NULL;
		else
			args++;
		/* prelinked: the location moved as .stapsdt.base did */
		if (has_base && base.sh_offset)
			addr[0] = addr[0] + base.sh_offset - addr[1];
		/* the semaphore as a file offset, through its PT_LOAD */
		if (addr[2])
			addr[2] = vaddr_to_offset(elf, addr[2]);
		if (is32) {
			addr[0] &= 0xffffffffu;
			addr[2] &= 0xffffffffu;
		}
		snprintf(group, sizeof(group), "sdt_%s", provider);
		p = probe_find(ps, nr, alloc, group, name);
		strbuf_init(&sb, 64);
		strbuf_addf(&sb, "p:%s/%s %s:0x%" PRIx64, group, name, realname, addr[0]);
		if (addr[2])
			strbuf_addf(&sb, "(0x%" PRIx64 ")", addr[2]);
		if (args)
			sdt_args(&sb, args);
		p->tevs = xgrow(p->tevs, sizeof(*p->tevs), p->nr_tevs + 1, &p->alloc);
		p->tevs[p->nr_tevs++] = strbuf_detach(&sb, NULL);
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int probe_cache__write_sdt(const char *path, const char *file, const char *realname,
			   const struct nsinfo *nsi)
{
	struct sdt_probe *ps = NULL;
	size_t nr = 0, alloc = 0, i, j;
	struct strbuf sb;
	struct stat st;
	Elf *elf = NULL;
	int fd, ret;

	/* perf merges into an existing file; what the notes give is the same */
	if (!stat(path, &st) && st.st_size > 0)
		return 0;
	/* perf creates the file before it reads the binary: empty if unread */
	fd = nsi ? nsinfo__open(nsi, realname, O_RDONLY | O_CLOEXEC) :
		   open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = fd < -1 ? fd : -errno;
	} else {
		elf_version(EV_CURRENT);
		elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
		if (!elf || elf_kind(elf) != ELF_K_ELF)
			ret = -ENOEXEC;
		else
			ret = sdt_scan(elf, realname, &ps, &nr, &alloc);
		if (elf)
			elf_end(elf);
		close(fd);
	}
	strbuf_init(&sb, 256);
	for (i = 0; i < nr; i++) {
		qsort(ps[i].tevs, ps[i].nr_tevs, sizeof(*ps[i].tevs), cmp_str);
		strbuf_addf(&sb, "%%%s:%s=%s\n", ps[i].group, ps[i].name, ps[i].name);
		pr_debug(1, "Writing cache: %%%s:%s=%s", ps[i].group, ps[i].name, ps[i].name);
		for (j = 0; j < ps[i].nr_tevs; j++) {
			/* perf's strlist: one of each */
			if (j && !strcmp(ps[i].tevs[j], ps[i].tevs[j - 1]))
				continue;
			strbuf_addf(&sb, "%s\n", ps[i].tevs[j]);
		}
		pr_debug(1, "Cache committed: 0");
		for (j = 0; j < ps[i].nr_tevs; j++)
			free(ps[i].tevs[j]);
		free(ps[i].tevs);
		free(ps[i].group);
		free(ps[i].name);
	}
	free(ps);
	/* an empty file when there are no notes, as perf leaves it */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, sb.buf, sb.len) != (ssize_t)sb.len)
		ret = ret < 0 ? ret : -EIO;
	if (fd >= 0 && close(fd) < 0)
		ret = ret < 0 ? ret : -EIO;
	strbuf_release(&sb);
	return ret < 0 && ret != -ENODATA ? ret : (int)nr;
}
