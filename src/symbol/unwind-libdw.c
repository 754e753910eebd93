// SPDX-License-Identifier: GPL-2.0-only
/*
 * unwind-libdw.c: the libdw (elfutils dwfl) unwinder backend.
 *
 * One Dwfl per process address space (struct maps), kept across samples:
 * each DSO is reported (its ELF opened, its .eh_frame found) the first
 * time a frame lands in it, and libdw caches the parsed CFI in the
 * Dwfl_Module. The Dwfl is attached once with thread callbacks that read
 * the current sample: registers from REGS_USER, memory from the stack
 * copy and, for anything else, from the mapped file.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/unwind.h"
#include "prof/machine.h"

#ifdef HAVE_LIBDW
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <dwarf.h>
#include <fcntl.h>
#include <sys/mman.h>

#define PROCS_MAX	64	/* address spaces kept; beyond: start over */

struct uw_proc {
	struct maps *maps;		/* one reference: the key */
	Dwfl *dwfl;
	bool attached;
	/* per sample */
	struct unwind_sample *us;
	unwind_entry_cb cb;
	void *arg;
	int cb_ret;
	/* libdw takes over from a caller frame the rule cache could not
	 * step from (fast_walk): its registers, and its pc already minus 1 */
	const struct uw_resume *resume;
};

struct uw_resume {
	int nr;			/* frames the rule cache gave, before this one */
	u64 pc;			/* this frame's pc, as shown (a return address - 1) */
	u32 valid;
	u64 regs[UNWIND_X86_64_DWARF_NR];
};

/*
 * The CFI row of one pc, when it is simple enough to apply without libdw:
 * CFA = reg + offset, each register undefined, unchanged, saved at CFA +
 * offset or equal to CFA + offset. Keyed by (DSO, file offset of the pc),
 * so it serves every process that maps the DSO.
 */
enum { RULE_UNDEF, RULE_SAME, RULE_AT_CFA, RULE_VAL_CFA };

struct cfi_rule {
	struct dso *dso;	/* NULL: empty slot */
	u64 off;
	bool simple;		/* false: libdw's full unwinder handles this pc */
	bool signal;		/* its FDE is a signal frame's ('S') */
	u8 cfa_reg;
	u64 cfa_off;
	u8 kind[UNWIND_X86_64_DWARF_NR];
	u64 reg_off[UNWIND_X86_64_DWARF_NR];
	/* for the walk: the registers that keep their value, and those the CFA gives */
	u32 same_mask;
	u8 nr_cfa_regs;
	u8 cfa_regs[UNWIND_X86_64_DWARF_NR];
};

struct uw_libdw {
	struct uw_proc *procs[PROCS_MAX];
	int nr;
	bool full;		/* no rule cache: every sample through libdw */
	struct cfi_rule *rules;	/* open addressing, power-of-two size */
	size_t nr_rules, size_rules;
};

static char *debuginfo_path;

/*
 * Separate debug info only for modules without .eh_frame (their
 * .debug_frame is all there is). libdw also asks for it where .eh_frame
 * ends a stack (_start, clone3): loading a distro -dbg file then costs a
 * decompression of all its DWARF, once per process.
 */
static int find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			  Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			  GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	Dwarf_Addr bias;

	if (dwfl_module_eh_cfi(mod, &bias))
		return -1;
	return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					    debuglink_file, debuglink_crc, debuginfo_file_name);
}

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

static void proc_free(struct uw_proc *p)
{
	if (!p)
		return;
	if (p->dwfl)
		dwfl_end(p->dwfl);
	maps__put(p->maps);
	free(p);
}

static void *libdw_new(void)
{
	return xzalloc(sizeof(struct uw_libdw));
}

static void *libdw_full_new(void)
{
	struct uw_libdw *ld = xzalloc(sizeof(*ld));

	ld->full = true;
	return ld;
}

static void libdw_free(void *priv)
{
	struct uw_libdw *ld = priv;

	if (!ld)
		return;
	for (int i = 0; i < ld->nr; i++)
		proc_free(ld->procs[i]);
	free(ld->rules);
	free(ld);
}

/* A memfd holding the vdso image (dwfl reads modules from files). */
static int vdso_fd(struct dso *dso)
{
	int fd;

	if (!dso->image)
		return -1;
	fd = memfd_create("prof-vdso", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	if (write(fd, dso->image, dso->image_size) != (ssize_t)dso->image_size) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * dwfl_report_elf's base for @map of the file @path (or @fd): libdw
 * takes the load bias as base minus the first PT_LOAD's p_vaddr rounded
 * down to its p_align, which is the loader's (map start - pgoff + the
 * segment's p_offset - p_vaddr) only when that segment starts at file
 * offset 0. perf inject -j's images have their one PT_LOAD at offset
 * and address 0x80, aligned 8: base = map start, not start - pgoff.
 */
static u64 module_base(const char *path, int fd, const struct map *map)
{
	u64 base = map->start - map->pgoff, first = 0;
	int own = fd >= 0 ? fd : open(path, O_RDONLY | O_CLOEXEC);
	bool seen = false;
	size_t n = 0;
	Elf *e;

	if (own < 0)
		return base;
	e = elf_begin(own, ELF_C_READ_MMAP, NULL);
	if (e && elf_kind(e) == ELF_K_ELF && !elf_getphdrnum(e, &n)) {
		for (size_t i = 0; i < n; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
				continue;
			if (!seen) {
				first = ph.p_align ? ph.p_vaddr & -ph.p_align : ph.p_vaddr;
				seen = true;
			}
			if (map->pgoff >= (ph.p_offset & ~0xfffULL) &&
			    map->pgoff < ph.p_offset + ph.p_filesz) {
				base = map->start - map->pgoff + ph.p_offset - ph.p_vaddr + first;
				break;
			}
		}
	}
	if (e)
		elf_end(e);
	if (own != fd)
		close(own);
	return base;
}

/*
 * The Dwfl_Module covering @addr of the process, reported on first use
 * (at map start - pgoff, as the loader placed the file; module_base()).
 * NULL when no map or file covers @addr; sets us->no_file when the file
 * is missing.
 */
static Dwfl_Module *report_module(struct uw_proc *p, u64 addr, bool may_restart)
{
	struct unwind_sample *us = p->us;
	struct map *map = maps__find(p->maps, addr);
	struct dso *dso;
	Dwfl_Module *mod;
	char path[PATH_MAX];
	const char *name;
	Dwarf_Addr start, end;
	u64 base;
	int fd = -1;

	if (!map || !map->dso || map->identity)
		return NULL;
	dso = map->dso;
	if (dso->kind != DSO_KIND_USER && dso->kind != DSO_KIND_VDSO)
		return NULL;
	base = map->start - map->pgoff;
	mod = dwfl_addrmodule(p->dwfl, addr);
	if (mod) {
		void **userdata = NULL;

		/* the module keeps the map's start - pgoff it was reported for */
		name = dwfl_module_info(mod, &userdata, &start, &end, NULL, NULL, NULL, NULL);
		if (userdata && *userdata == (void *)(uintptr_t)base && name &&
		    !strcmp(name, dso->long_name))
			return mod;
		/* Not while libdw walks this Dwfl. */
		if (!may_restart)
			return NULL;
		/* The process mapped something else there since: start over. */
		dwfl_end(p->dwfl);
		p->dwfl = dwfl_begin(&dwfl_callbacks);
		p->attached = false;
		if (!p->dwfl)
			return NULL;
	}
	if (unwind__dso_path(dso, path, sizeof(path))) {
		if (dso->kind == DSO_KIND_VDSO) {
			if (!dso->image)
				dso__load(dso, map);
			fd = vdso_fd(dso);
		}
		if (fd < 0) {
			us->no_file = true;
			return NULL;
		}
		snprintf(path, sizeof(path), "%s", dso->long_name);
	}
	/*
	 * begin_add/end: without dwfl_report_end libdw's address lookup
	 * table stays as it was, and its unwinder would not see the module.
	 */
	dwfl_report_begin_add(p->dwfl);
	mod = dwfl_report_elf(p->dwfl, dso->long_name, path, fd, module_base(path, fd, map), false);
	dwfl_report_end(p->dwfl, NULL, NULL);
	if (mod) {
		void **userdata = NULL;

		dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
		if (userdata)
			*userdata = (void *)(uintptr_t)base;
	} else {
		if (fd >= 0)
			close(fd);
		us->no_file = true;
	}
	return mod;
}

/* ---- thread callbacks: the current sample of the process ---- */

static pid_t cb_next_thread(Dwfl *dwfl, void *dwfl_arg, void **thread_argp)
{
	struct uw_proc *p = dwfl_arg;

	if (*thread_argp)
		return 0;
	*thread_argp = p;
	return p->us->thread->tid > 0 ? p->us->thread->tid : 1;
}

static bool cb_get_thread(Dwfl *dwfl, pid_t tid, void *dwfl_arg, void **thread_argp)
{
	*thread_argp = dwfl_arg;
	return true;
}

static bool cb_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *dwfl_arg)
{
	struct uw_proc *p = dwfl_arg;
	u64 v;

	if (unwind__read_word(p->us, addr, &v))
		return false;
	*result = v;
	return true;
}

static bool cb_set_initial_registers(Dwfl_Thread *thread, void *thread_arg)
{
	struct uw_proc *p = thread_arg;
	struct unwind_sample *us = p->us;
	const u64 *regs = p->resume ? p->resume->regs : us->regs;
	u32 valid = p->resume ? p->resume->valid : us->regs_valid;

	/* 0..15, and 16 (rip): the PLT's CFA expression reads DW_OP_breg16. */
	for (unsigned int r = 0; r < UNWIND_X86_64_DWARF_NR; r++) {
		Dwarf_Word w = regs[r];

		if ((valid & (1U << r)) && !dwfl_thread_state_registers(thread, (int)r, 1, &w))
			return false;
	}
	dwfl_thread_state_register_pc(thread, p->resume ? p->resume->pc : us->ip);
	return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

/* Is the frame at exact @pc a signal trampoline (its FDE has the 'S' augmentation)? */
static bool is_signal_frame(struct uw_proc *p, u64 pc)
{
	Dwfl_Module *mod = report_module(p, pc, false);
	Dwarf_CFI *cfi;
	Dwarf_Addr bias;
	Dwarf_Frame *fr;
	bool signalp = false;

	if (!mod || !(cfi = dwfl_module_eh_cfi(mod, &bias)) ||
	    dwarf_cfi_addrframe(cfi, pc - bias, &fr))
		return false;
	dwarf_frame_info(fr, NULL, NULL, &signalp);
	free(fr);
	return signalp;
}

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	struct uw_proc *p = arg;
	struct unwind_sample *us = p->us;
	Dwarf_Addr pc;
	bool activation;
	Dwfl_Module *mod;

	/*
	 * Asking whether the frame is an activation makes libdw unwind it
	 * already: report its module (and the caller-side pc's) first.
	 */
	if (!dwfl_frame_pc(state, &pc, NULL))
		return DWARF_CB_ABORT;
	report_module(p, pc, false);
	if (us->nr_frames)
		report_module(p, pc - 1, false);
	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	/*
	 * Callers show return address - 1 (inside the call). libdw calls a
	 * frame an activation when it or the frame below it is a signal
	 * frame; perf (through libunwind) keeps the exact pc only for the
	 * frame the signal interrupted, not for the sigreturn trampoline's.
	 * A walk resumed at a caller frame starts from its pc minus 1 (libdw
	 * takes an initial frame's pc as exact): shown as it is.
	 */
	if (p->resume && us->nr_frames == p->resume->nr)
		activation = true;
	else if (us->nr_frames && activation)
		activation = !is_signal_frame(p, pc);
	else if (us->nr_frames)
		activation = false;
	if (!activation)
		pc--;
	/* The next step needs this frame's module and its CFI. */
	us->no_cfi = us->no_file = false;
	mod = report_module(p, pc, false);
	if (mod) {
		Dwarf_Addr bias;

		if (!dwfl_module_eh_cfi(mod, &bias) && !dwfl_module_dwarf_cfi(mod, &bias))
			us->no_cfi = true;
	}
	p->cb_ret = unwind__deliver(us, pc, p->cb, p->arg);
	if (p->cb_ret || us->nr_frames >= us->max_stack)
		return DWARF_CB_ABORT;
	return DWARF_CB_OK;
}

/* ---- the rule cache fast path ---- */

#define FAST_MAX_STACK	512

static size_t rule_hash(const struct dso *dso, u64 off)
{
	u64 h = ((u64)(uintptr_t)dso >> 4) ^ (off * 0x9e3779b97f4a7c15ULL);

	return (size_t)(h ^ (h >> 29));
}

static struct cfi_rule *rule_slot(struct uw_libdw *ld, const struct dso *dso, u64 off)
{
	size_t mask = ld->size_rules - 1, i = rule_hash(dso, off) & mask;

	while (ld->rules[i].dso && (ld->rules[i].dso != dso || ld->rules[i].off != off))
		i = (i + 1) & mask;
	return &ld->rules[i];
}

static void rules_grow(struct uw_libdw *ld)
{
	struct cfi_rule *old = ld->rules;
	size_t old_size = ld->size_rules;

	ld->size_rules = old_size ? old_size * 2 : 1024;
	ld->rules = xcalloc(ld->size_rules, sizeof(*ld->rules));
	for (size_t i = 0; i < old_size; i++)
		if (old[i].dso)
			*rule_slot(ld, old[i].dso, old[i].off) = old[i];
	free(old);
}

/*
 * CFA-relative value of a DWARF location expression as libdw spells
 * simple rules (DW_OP_call_frame_cfa, DW_OP_plus_uconst, constants,
 * DW_OP_plus/minus, a final DW_OP_stack_value). false for anything else.
 */
static bool eval_cfa_expr(const Dwarf_Op *ops, size_t nops, u64 *off, bool *value)
{
	u64 k[4];
	bool cfa[4];
	int sp = 0;

	*value = false;
	for (size_t i = 0; i < nops; i++) {
		u8 atom = ops[i].atom;

		if (*value)
			return false;	/* stack_value must be last */
		if (atom == DW_OP_call_frame_cfa || atom == DW_OP_consts || atom == DW_OP_constu ||
		    (atom >= DW_OP_lit0 && atom <= DW_OP_lit31)) {
			if (sp == 4)
				return false;
			cfa[sp] = atom == DW_OP_call_frame_cfa;
			k[sp] = atom == DW_OP_call_frame_cfa ? 0 :
				atom >= DW_OP_lit0 && atom <= DW_OP_lit31 ? (u64)(atom - DW_OP_lit0) :
				ops[i].number;
			sp++;
		} else if (atom == DW_OP_plus_uconst) {
			if (!sp)
				return false;
			k[sp - 1] += ops[i].number;
		} else if (atom == DW_OP_plus || atom == DW_OP_minus) {
			if (sp < 2 || cfa[sp - 1])
				return false;
			k[sp - 2] = atom == DW_OP_plus ? k[sp - 2] + k[sp - 1] : k[sp - 2] - k[sp - 1];
			sp--;
		} else if (atom == DW_OP_stack_value) {
			*value = true;
		} else {
			return false;
		}
	}
	if (sp != 1 || !cfa[0])
		return false;
	*off = k[0];
	return true;
}

static void rule_fill(struct cfi_rule *r, Dwarf_CFI *cfi, u64 vaddr)
{
	Dwarf_Frame *fr;
	Dwarf_Op *ops, ops_mem[3];
	size_t nops;
	bool signalp = false;

	r->simple = false;
	if (dwarf_cfi_addrframe(cfi, vaddr, &fr))
		return;
	if (dwarf_frame_info(fr, NULL, NULL, &signalp) != 16 || signalp) {
		r->signal = signalp;
		goto out;
	}
	if (dwarf_frame_cfa(fr, &ops, &nops) || nops != 1)
		goto out;
	if (ops[0].atom == DW_OP_bregx && ops[0].number < 16) {
		r->cfa_reg = (u8)ops[0].number;
		r->cfa_off = ops[0].number2;
	} else if (ops[0].atom >= DW_OP_breg0 && ops[0].atom < DW_OP_breg0 + 16) {
		r->cfa_reg = (u8)(ops[0].atom - DW_OP_breg0);
		r->cfa_off = ops[0].number;
	} else {
		goto out;
	}
	for (int reg = 0; reg < UNWIND_X86_64_DWARF_NR; reg++) {
		bool value;

		if (dwarf_frame_register(fr, reg, ops_mem, &ops, &nops))
			goto out;
		if (!nops) {
			/*
			 * No rule: the psABI's callee-saved registers (rbx, rbp,
			 * r12-r15) keep their value, as libdw's x86_64 backend
			 * says for a CFI read with it (perf's); one read without
			 * it reports them undefined (glibc's _dl_fixup entry: the
			 * caller's CFA is rbx-based).
			 */
			r->kind[reg] = !ops || reg == 3 || reg == 6 || (reg >= 12 && reg <= 15) ?
				       RULE_SAME : RULE_UNDEF;
			continue;
		}
		if (!eval_cfa_expr(ops, nops, &r->reg_off[reg], &value))
			goto out;
		r->kind[reg] = value ? RULE_VAL_CFA : RULE_AT_CFA;
	}
	for (int reg = 0; reg < UNWIND_X86_64_DWARF_NR; reg++) {
		if (r->kind[reg] == RULE_SAME)
			r->same_mask |= 1U << reg;
		else if (r->kind[reg] != RULE_UNDEF)
			r->cfa_regs[r->nr_cfa_regs++] = (u8)reg;
	}
	r->simple = true;
out:
	free(fr);
}

/* The cached rule of @pc (computed on first use), or NULL without a module. */
static struct cfi_rule *rule_find(struct uw_libdw *ld, struct uw_proc *p, u64 pc)
{
	struct map *map = maps__find(p->maps, pc);
	struct cfi_rule *r;
	Dwfl_Module *mod;
	Dwarf_CFI *cfi;
	Dwarf_Addr bias;
	u64 off;

	if (!map || !map->dso || map->identity)
		return NULL;
	off = pc - map->start + map->pgoff;
	if (ld->size_rules) {
		r = rule_slot(ld, map->dso, off);
		if (r->dso)
			return r;
	}
	mod = report_module(p, pc, false);
	if (!mod)
		return NULL;
	cfi = dwfl_module_eh_cfi(mod, &bias);
	if (!cfi)
		return NULL;
	if (2 * (ld->nr_rules + 1) > ld->size_rules)
		rules_grow(ld);
	r = rule_slot(ld, map->dso, off);
	memset(r, 0, sizeof(*r));
	r->dso = map->dso;
	r->off = off;
	ld->nr_rules++;
	rule_fill(r, cfi, pc - bias);
	return r;
}

/*
 * Walk the stack with cached rules only. Returns the number of pcs in
 * @pcs (leaf first, callers already minus 1) with us->stop set, or 0
 * when some frame needs libdw's full unwinder. Then @rs holds where
 * libdw can take over: the first rs->nr pcs stand, and the next frame's
 * registers and pc are those the rules gave (rs->nr 0: libdw unwinds
 * the whole stack, as for a sigreturn frame, whose pc libdw shows by
 * other rules).
 */
static int fast_walk(struct uw_libdw *ld, struct uw_proc *p, struct unwind_sample *us,
		     u64 *pcs, struct uw_resume *rs)
{
	u64 regs[UNWIND_X86_64_DWARF_NR], vals[UNWIND_X86_64_DWARF_NR], npc;
	u32 valid = us->regs_valid, nvalid;
	struct cfi_rule *r;
	u64 pc = us->ip;
	int n = 0;

	memcpy(regs, us->regs, sizeof(regs));
	for (;;) {
		u64 lookup = n ? pc - 1 : pc, cfa;

		pcs[n++] = lookup;
		if (n >= us->max_stack) {
			us->stop = UNWIND_STOP_MAX_STACK;
			return n;
		}
		r = rule_find(ld, p, lookup);
		if (!r || !r->simple || !(valid & (1U << r->cfa_reg)))
			goto resume;
		cfa = regs[r->cfa_reg] + r->cfa_off;
		/*
		 * The caller's registers: those the rule keeps stay in place,
		 * undefined ones lose their valid bit, and those at or from
		 * the CFA are read first, so that a failed read leaves this
		 * frame's registers for libdw to go on from.
		 */
		nvalid = valid & r->same_mask;
		npc = regs[16];
		for (int i = 0; i < r->nr_cfa_regs; i++) {
			int reg = r->cfa_regs[i];

			if (r->kind[reg] == RULE_AT_CFA) {
				if (unwind__read_word(us, cfa + r->reg_off[reg], &vals[i]))
					goto resume;
			} else {
				vals[i] = cfa + r->reg_off[reg];
			}
			nvalid |= 1U << reg;
			if (reg == 16)
				npc = vals[i];
		}
		if (r->kind[16] == RULE_UNDEF) {
			/* The CFI ends the stack here (_start, clone). */
			us->stop = UNWIND_STOP_ROOT;
			return n;
		}
		if (!(nvalid & (1U << 16)) || !npc)
			goto resume;
		for (int i = 0; i < r->nr_cfa_regs; i++)
			regs[r->cfa_regs[i]] = vals[i];
		pc = npc;
		valid = nvalid;
	}
resume:
	rs->nr = 0;
	if (n > 1 && !(r && r->signal)) {
		rs->nr = n - 1;
		rs->pc = pcs[n - 1];
		rs->valid = valid;
		memcpy(rs->regs, regs, sizeof(regs));
	}
	return 0;
}

static struct uw_proc *proc_findnew(struct uw_libdw *ld, struct maps *maps)
{
	struct uw_proc *p;

	for (int i = 0; i < ld->nr; i++) {
		if (ld->procs[i]->maps == maps) {
			p = ld->procs[i];
			/* most recent first: a process's samples come in runs */
			if (i) {
				memmove(&ld->procs[1], &ld->procs[0], (size_t)i * sizeof(p));
				ld->procs[0] = p;
			}
			return p;
		}
	}
	p = xzalloc(sizeof(*p));
	p->dwfl = dwfl_begin(&dwfl_callbacks);
	if (!p->dwfl) {
		free(p);
		return NULL;
	}
	p->maps = maps__get(maps);
	if (ld->nr == PROCS_MAX)
		proc_free(ld->procs[--ld->nr]);
	memmove(&ld->procs[1], &ld->procs[0], (size_t)ld->nr * sizeof(p));
	ld->procs[0] = p;
	ld->nr++;
	return p;
}

static void libdw_forget(void *priv, struct maps *maps)
{
	struct uw_libdw *ld = priv;

	for (int i = 0; i < ld->nr; i++) {
		if (ld->procs[i]->maps != maps)
			continue;
		proc_free(ld->procs[i]);
		memmove(&ld->procs[i], &ld->procs[i + 1], (size_t)(ld->nr - i - 1) * sizeof(ld->procs[0]));
		ld->nr--;
		return;
	}
}

static int libdw_unwind(void *priv, struct unwind_sample *us, unwind_entry_cb cb, void *arg)
{
	struct uw_libdw *ld = priv;
	struct uw_resume rs;
	struct uw_proc *p;
	int ret;

	if (!us->thread->maps)
		return -ENODATA;
	p = proc_findnew(ld, us->thread->maps);
	if (!p)
		return -ENOMEM;
	p->us = us;
	p->cb = cb;
	p->arg = arg;
	p->cb_ret = 0;

	if (!report_module(p, us->ip, true) || !p->dwfl) {
		/* No file for the sampled pc: its frame is all there is. */
		us->stop = UNWIND_STOP_NO_MAP;
		return unwind__deliver(us, us->ip, cb, arg);
	}
	p->resume = NULL;
	if (!ld->full && us->max_stack <= FAST_MAX_STACK) {
		u64 pcs[FAST_MAX_STACK];
		int n = fast_walk(ld, p, us, pcs, &rs);

		/* done, or libdw goes on from the frame the rules could not step from */
		for (int i = 0; i < (n ? n : rs.nr); i++) {
			ret = unwind__deliver(us, pcs[i], cb, arg);
			if (ret) {
				p->us = NULL;
				return ret;
			}
		}
		if (n) {
			p->us = NULL;
			return 0;
		}
		if (rs.nr)
			p->resume = &rs;
		/* libdw's unwinder, flags cleared */
		us->read_past_stack = us->no_cfi = us->no_file = false;
	}
	if (!p->attached) {
		pid_t pid = us->thread->pid > 0 ? us->thread->pid : 1;

		if (!dwfl_attach_state(p->dwfl, NULL, pid, &thread_callbacks, p)) {
			us->stop = UNWIND_STOP_ERROR;
			ret = p->resume ? 0 : unwind__deliver(us, us->ip, cb, arg);
			p->us = NULL;
			p->resume = NULL;
			return ret;
		}
		p->attached = true;
	}
	ret = dwfl_getthread_frames(p->dwfl, us->thread->tid > 0 ? us->thread->tid : 1,
				    frame_cb, p);
	/* libdw gave up before its first frame: the rules' last one stands */
	if (!p->cb_ret && p->resume && us->nr_frames == p->resume->nr)
		p->cb_ret = unwind__deliver(us, p->resume->pc, cb, arg);
	p->us = NULL;
	p->resume = NULL;
	if (p->cb_ret)
		return p->cb_ret;
	us->stop = ret == 0 ? UNWIND_STOP_ROOT : UNWIND_STOP_ERROR;
	return 0;
}

const struct unwind_backend_ops unwind_libdw_ops = {
	.name = "libdw",
	.new = libdw_new,
	.free = libdw_free,
	.unwind = libdw_unwind,
	.forget = libdw_forget,
};

const struct unwind_backend_ops unwind_libdw_full_ops = {
	.name = "libdw-full",
	.new = libdw_full_new,
	.free = libdw_free,
	.unwind = libdw_unwind,
	.forget = libdw_forget,
};

#endif /* HAVE_LIBDW */
