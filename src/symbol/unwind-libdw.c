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
	bool after_trampoline;	/* the previous frame was rt_sigreturn's */
};

struct uw_libdw {
	struct uw_proc *procs[PROCS_MAX];
	int nr;
};

static char *debuginfo_path;

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
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

static void libdw_free(void *priv)
{
	struct uw_libdw *ld = priv;

	if (!ld)
		return;
	for (int i = 0; i < ld->nr; i++)
		proc_free(ld->procs[i]);
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
 * The Dwfl_Module covering @addr of the process, reported on first use
 * (base = map start - pgoff, as the loader placed the file). NULL when
 * no map or file covers @addr; sets us->no_file when the file is missing.
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
		name = dwfl_module_info(mod, NULL, &start, &end, NULL, NULL, NULL, NULL);
		if (start == base && name && !strcmp(name, dso->long_name))
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
	mod = dwfl_report_elf(p->dwfl, dso->long_name, path, fd, base, false);
	if (!mod) {
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

	for (unsigned int r = 0; r < 16; r++) {
		Dwarf_Word w = us->regs[r];

		if ((us->regs_valid & (1U << r)) && !dwfl_thread_state_registers(thread, (int)r, 1, &w))
			return false;
	}
	dwfl_thread_state_register_pc(thread, us->ip);
	return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

/* x86_64 rt_sigreturn trampoline: mov $15,%rax; syscall (libunwind's test). */
static bool is_sigreturn(struct unwind_sample *us, u64 pc)
{
	static const u8 code[9] = { 0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05 };
	u64 w[2];

	if (unwind__read_word(us, pc, &w[0]) || unwind__read_word(us, pc + 8, &w[1]))
		return false;
	return !memcmp(w, code, sizeof(code));
}

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	struct uw_proc *p = arg;
	struct unwind_sample *us = p->us;
	Dwarf_Addr pc;
	bool activation, trampoline = false;
	Dwfl_Module *mod;

	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	/*
	 * Callers show return address - 1 (inside the call). libdw also calls
	 * the sigreturn trampoline's own frame an activation; perf (through
	 * libunwind) keeps the exact pc only for the frame the signal
	 * interrupted, so do the same.
	 */
	if (us->nr_frames && activation) {
		trampoline = is_sigreturn(us, pc);
		activation = p->after_trampoline && !trampoline;
	} else if (us->nr_frames) {
		activation = false;
	}
	p->after_trampoline = trampoline;
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

static int libdw_unwind(void *priv, struct unwind_sample *us, unwind_entry_cb cb, void *arg)
{
	struct uw_libdw *ld = priv;
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
	p->after_trampoline = false;

	if (!report_module(p, us->ip, true) || !p->dwfl) {
		/* No file for the sampled pc: its frame is all there is. */
		us->stop = UNWIND_STOP_NO_MAP;
		return unwind__deliver(us, us->ip, cb, arg);
	}
	if (!p->attached) {
		pid_t pid = us->thread->pid > 0 ? us->thread->pid : 1;

		if (!dwfl_attach_state(p->dwfl, NULL, pid, &thread_callbacks, p)) {
			us->stop = UNWIND_STOP_ERROR;
			return unwind__deliver(us, us->ip, cb, arg);
		}
		p->attached = true;
	}
	ret = dwfl_getthread_frames(p->dwfl, us->thread->tid > 0 ? us->thread->tid : 1,
				    frame_cb, p);
	p->us = NULL;
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
};

#endif /* HAVE_LIBDW */
