// SPDX-License-Identifier: GPL-2.0-only
/*
 * lbr-callchain.c: the call chain of an event recorded with
 * --call-graph lbr (branch_sample_type CALL_STACK), as perf 6.1 builds it:
 * the kernel part comes from the recorded chain, the user part from the
 * LBR call stack instead of the chain's frame-pointer entries. The LBR
 * holds call -> callee pairs, newest first: the first entry's target is
 * the current function, every entry's source is a call site. LBR
 * stitching (--stitch-lbr) is not done.
 */
#include "prof/compat.h"
#include "prof/machine.h"
#include "prof/event.h"

#define LBR_MAX_IPS 256

int machine__resolve_lbr_callchain(struct machine *m, pid_t pid, pid_t tid,
				   const u64 *ips, size_t nr, const struct branch_entry *br,
				   size_t nr_br, int max_stack, bool callee,
				   struct callchain_frame *frames, size_t max)
{
	u64 lbr[LBR_MAX_IPS], kern[LBR_MAX_IPS];
	size_t end, n_lbr = 0, n_kern = 0, lim = min(nr, (size_t)max(max_stack, 0));
	int a, b;

	for (end = 0; end < lim; end++)
		if (ips[end] == PROF_CONTEXT_USER)
			break;
	if (end == lim)
		return -1;	/* no user part: the chain as recorded */
	if (nr_br > LBR_MAX_IPS - 1)
		nr_br = LBR_MAX_IPS - 1;
	if (end + 1 > LBR_MAX_IPS)
		return -1;
	/*
	 * Callee order: the chain up to its user marker, the first target,
	 * then the sources. An empty LBR has no target: perf 6.1 reads one
	 * past the end of the record and shows what it found there as a
	 * frame; prof shows no frame (deliberate-differences.md).
	 * Caller order reverses both parts and walks the kernel part from the
	 * user marker down, still in user mode: kernel frames there resolve
	 * in user space (perf prints them [.] with no map).
	 */
	if (callee) {
		if (nr_br)
			lbr[n_lbr++] = br[0].to;
		for (size_t i = 0; i < nr_br; i++)
			lbr[n_lbr++] = br[i].from;
		a = machine__resolve_callchain(m, PROF_CPUMODE_USER, pid, tid, ips, end + 1,
					       frames, max);
		if (a < 0)
			return -1;
		b = machine__resolve_callchain(m, PROF_CPUMODE_USER, pid, tid, lbr, n_lbr,
					       frames + a, max - (size_t)a);
		return b < 0 ? -1 : a + b;
	}
	for (size_t i = nr_br; i-- > 0;)
		lbr[n_lbr++] = br[i].from;
	if (nr_br)
		lbr[n_lbr++] = br[0].to;
	for (size_t i = end + 1; i-- > 0;)
		kern[n_kern++] = ips[i];
	a = machine__resolve_callchain(m, PROF_CPUMODE_USER, pid, tid, lbr, n_lbr, frames, max);
	if (a < 0)
		return -1;
	b = machine__resolve_callchain(m, PROF_CPUMODE_USER, pid, tid, kern, n_kern,
				       frames + a, max - (size_t)a);
	return b < 0 ? -1 : a + b;
}
