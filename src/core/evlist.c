// SPDX-License-Identifier: GPL-2.0-only
/*
 * evlist.c: evlist-level sampling: one ring buffer per CPU (or per
 * thread), shared by every event on it through SET_OUTPUT.
 *
 * Invariants:
 *   1. A slot is a CPU index of the evsel's cpu map, or a thread index
 *      when the map is "any CPU" (per-thread events).
 *   2. The kernel refuses SET_OUTPUT across CPUs, so slots are keyed by
 *      the CPU number itself, never by position in one evsel's map.
 *   3. The buffer owner is the first fd met in evlist order; its fd is
 *      the one mmapped. Every fd of the slot stays pollable (POLLHUP when
 *      its task exits).
 */
#include "prof/compat.h"
#include "prof/cgroup.h"
#include "prof/cpuinfo.h"
#include "prof/evsel.h"
#include "prof/mmap.h"
#include "prof/open-error.h"
#include "prof/parse-events.h"
#include "prof/util.h"
#include <sys/ioctl.h>

void evlist__munmap(struct perf_mmap *maps, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		perf_mmap__exit(&maps[i]);
	free(maps);
}

int evlist__mmap(struct evlist *evlist, unsigned int pages,
		 struct perf_mmap **mapsp, int *nrp)
{
	struct perf_mmap *maps = NULL;
	struct evsel *evsel;
	int *keys = NULL;
	size_t alloc = 0, kalloc = 0;
	int nr = 0, err = 0;

	evlist__for_each_entry(evlist, evsel) {
		bool per_thread;
		int c, t;

		if (!evsel->fds)
			continue;
		per_thread = cpu_map__is_any(evsel->cpus);
		for (c = 0; c < evsel->cpus->nr; c++) {
			for (t = 0; t < evsel->threads->nr; t++) {
				int fd = evsel__fd(evsel, c, t), key, i;

				if (fd < 0)
					continue;
				/* slot key: the CPU, or -(thread index)-2 per thread */
				key = per_thread ? -t - 2 : evsel->cpus->map[c];
				for (i = 0; i < nr; i++)
					if (keys[i] == key)
						break;
				if (i < nr) {
					if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, maps[i].fd) < 0) {
						err = -errno;
						goto fail;
					}
					continue;
				}
				maps = xgrow(maps, sizeof(*maps), (size_t)nr + 1, &alloc);
				keys = xgrow(keys, sizeof(*keys), (size_t)nr + 1, &kalloc);
				keys[nr] = key;
				err = perf_mmap__init(&maps[nr], fd, per_thread ? -1 : key, pages,
						      evsel->attr.write_backward);
				if (err) {
					perf_mmap__exit(&maps[nr]);
					goto fail;
				}
				nr++;
			}
		}
	}
	free(keys);
	*mapsp = maps;
	*nrp = nr;
	return 0;
fail:
	free(keys);
	evlist__munmap(maps, nr);
	*mapsp = NULL;
	*nrp = 0;
	return err;
}

/* Is thread @t closed on every CPU of @evsel, which was opened? */
static bool evsel__lost_thread(const struct evsel *evsel, int t)
{
	for (int c = 0; c < evsel->cpus->nr; c++)
		if (evsel__fd(evsel, c, t) >= 0)
			return false;
	return true;
}

/* Take thread @t out of @evsel's fds (closing its own), @nr threads before. */
static void evsel__remove_thread(struct evsel *evsel, int t, int nr)
{
	int *fds = evsel->fds, n = 0;

	for (int c = 0; c < evsel->cpus->nr; c++)
		for (int i = 0; i < nr; i++) {
			int fd = fds[c * nr + i];

			if (i != t)
				fds[n++] = fd;
			else if (fd >= 0)
				close(fd);
		}
	evsel->nr_fds = n;
}

int evlist__drop_missing_threads(struct evlist *evlist, struct thread_map *threads,
				 const struct open_target *target, bool warn)
{
	struct evsel *evsel;

	/* in the map's order, as perf warns while it opens */
	for (int t = 0; t < threads->nr;) {
		bool lost = false;

		evlist__for_each_entry(evlist, evsel)
			if (evsel->fds && evsel->threads == threads && evsel->ignore_missing_thread &&
			    evsel__lost_thread(evsel, t))
				lost = true;
		if (!lost) {
			t++;
			continue;
		}
		if (threads->nr == 1) {
			char msg[4096];

			evsel__open_strerror(evlist__first(evlist), target, ESRCH, msg, sizeof(msg));
			return error("Error:\n%s", msg);
		}
		evlist__for_each_entry(evlist, evsel)
			if (evsel->fds && evsel->threads == threads)
				evsel__remove_thread(evsel, t, threads->nr);
		if (warn)
			pr_info("WARNING: Ignored open failure for pid %d", threads->map[t]);
		memmove(&threads->map[t], &threads->map[t + 1],
			(size_t)(threads->nr - t - 1) * sizeof(threads->map[0]));
		threads->nr--;
	}
	return 0;
}

/* Open one sampling event, retrying as perf does. 0, or -1 after error(). */
static int evsel__open_sampling(struct evsel *evsel, struct cpu_map *cpus,
				struct thread_map *threads, const struct open_target *target,
				bool warn_fallbacks)
{
	u64 precise = evsel->attr.precise_ip;
	char msg[4096];
	int err;

	for (;;) {
		err = -evsel__open(evsel, cpus, threads);
		if (!err)
			return 0;
		/* CPU-wide events stay refused under paranoid > 0: no ":u" retry */
		if ((!target->system_wide || (err != EACCES && err != EPERM)) &&
		    evsel__fallback(evsel, err, msg, sizeof(msg))) {
			if (warn_fallbacks)
				warning("%s", msg);
			continue;
		}
		if ((err == EOPNOTSUPP || err == EINVAL) && evsel->attr.precise_ip &&
		    evsel->precise_max) {
			evsel->attr.precise_ip--;
			continue;
		}
		break;
	}
	evsel->attr.precise_ip = precise & 3;
	if (err == EOPNOTSUPP && (evsel->attr.sample_type & PERF_SAMPLE_BRANCH_STACK))
		return error("Error:\n%s: PMU Hardware or event type doesn't support branch stack sampling.",
			     evsel__name(evsel));
	evsel__open_strerror(evsel, target, err, msg, sizeof(msg));
	return error("Error:\n%s", msg);
}

int evlist__open_sampling(struct evlist *evlist, struct cpu_map *cpus,
			  struct thread_map *threads, const struct open_target *target,
			  bool warn_fallbacks)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		/* -G: the event's cgroup stands in for the threads */
		struct thread_map *th = cgroup_sel__threads(target->cgroups, evsel, threads);

		if (evsel__open_sampling(evsel, cpus, th, target, warn_fallbacks))
			return -1;
	}
	if (evlist__drop_missing_threads(evlist, threads, target, true))
		return -1;
	evlist__for_each_entry(evlist, evsel) {
		int err = evsel__read_ids(evsel);

		if (err)
			return error("failed to read the event ids: %s", strerror(-err));
	}
	return 0;
}

int evlist__add_default_cycles(struct evlist *evlist)
{
	struct parse_events_error perr;
	struct evsel *evsel;
	char *cpuid;
	int err;

	parse_events_error__init(&perr);
	err = parse_events(evlist, "cycles:P", &perr);
	parse_events_error__exit(&perr);
	if (err)
		return error("cannot set up the default event");
	evsel = evlist__last(evlist);
	cpuid = cpuinfo__cpuid();
	evsel->attr.exclude_guest = !(cpuid && !strncmp(cpuid, "AuthenticAMD", 12));
	free(cpuid);
	if (geteuid() != 0 && perf_event_paranoid() > 1)
		evsel->attr.exclude_kernel = 1;
	return 0;
}

void evlist__group_all(struct evlist *evlist)
{
	struct evsel *evsel, *leader = evlist__first(evlist);

	if (!leader || evlist->nr_entries < 2 ||
	    (evsel__is_group_leader(leader) && leader->nr_members == evlist->nr_entries))
		return;
	evlist__for_each_entry(evlist, evsel) {
		if (evsel__is_group_leader(evsel) && evsel->nr_members > 1)
			evlist->nr_groups--;
		evsel->leader = leader;
		evsel->nr_members = 1;
	}
	leader->nr_members = evlist->nr_entries;
	evlist->nr_groups++;
}

struct evsel *evlist__add_tracking_dummy(struct evlist *evlist)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_DUMMY,
		.sample_period = 1,
	};
	struct evsel *evsel = evsel__new(&attr);

	evsel->name = xstrdup("dummy:HG");
	evlist__add(evlist, evsel);
	evlist->tracking = evsel;
	return evsel;
}

/* ---- perf's evsel__config/evlist__config for record and top ---- */

/*
 * perf's evsel__apply_config_terms for call chains: call-graph=MODE|no,
 * stack-size=N and max-stack=N (which alone means fp) of one event
 * replace the global -g setting for it.
 */
static void evsel__config_terms_callchain(struct evsel *evsel,
					  enum callchain_record_mode *mode, u32 *dump)
{
	const char *cg = evsel->cfg_callgraph;

	if (!cg && !evsel->cfg_stack_size && !evsel->cfg_max_stack)
		return;
	if (evsel->cfg_max_stack) {
		evsel->attr.sample_max_stack = (u16)evsel->cfg_max_stack;
		if (!cg)
			cg = "fp";
	}
	if (cg && !strcmp(cg, "no")) {
		*mode = CALLCHAIN_RECORD_NONE;
	} else if (cg) {
		enum callchain_record_mode m;
		u32 size = *dump ? *dump : CALLCHAIN_DEFAULT_DUMP_SIZE;
		const char *rest;

		if (callchain_record__parse(cg, &m, &size, &rest) || *rest) {
			pr_info("per-event callgraph setting for %s failed. "
				"Apply callgraph global setting for it\n", evsel__name(evsel));
			return;
		}
		*mode = m;
		*dump = size;
	}
	if (evsel->cfg_stack_size)
		*dump = ALIGN_UP(evsel->cfg_stack_size, (u32)sizeof(u64));
}

void evlist__config_sampling(struct evlist *evlist, const struct sampling_opts *o)
{
	struct evsel *evsel, *first = evlist__first(evlist);
	struct evsel *tracking = evlist->tracking ? evlist->tracking : first;
	const struct sample_rate *sr = &o->rate;
	bool same = true;
	u64 st0 = 0;

	evlist__for_each_entry(evlist, evsel) {
		struct perf_event_attr *a = &evsel->attr;
		u64 st = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
		enum callchain_record_mode cg_mode;
		u32 cg_dump;

		/* period=/freq= terms went into the attr already: keep them; -F/-c
		 * override the default of tracepoints and of the tracking dummy */
		if ((!a->sample_period && !a->freq) ||
		    ((a->type == PERF_TYPE_TRACEPOINT || evsel == evlist->tracking) &&
		     (sr->user_period || sr->user_freq))) {
			if (!sr->freq) {
				a->sample_period = sr->period;
			} else {
				a->freq = 1;
				a->sample_freq = sr->freq;
			}
		}
		/* the tracking dummy samples every event: its period says nothing;
		 * a tracepoint has PERIOD from its creation on, -c or not (perf's
		 * evsel__newtp_idx), only --no-period takes it away */
		if (o->period > 0 ||
		    (o->period < 0 && (a->freq || a->type == PERF_TYPE_TRACEPOINT ||
				       (!sr->period && evsel != evlist->tracking))))
			st |= PERF_SAMPLE_PERIOD;
		if (!o->timestamp && !o->raw_samples)
			st &= ~(u64)PERF_SAMPLE_TIME;
		if (o->cpu_wide || o->sample_cpu || o->raw_samples || a->type == PERF_TYPE_TRACEPOINT)
			st |= PERF_SAMPLE_CPU;
		if (o->raw_samples || a->type == PERF_TYPE_TRACEPOINT)
			st |= PERF_SAMPLE_RAW;
		if (o->weight)
			st |= PERF_SAMPLE_WEIGHT_STRUCT;
		if (o->phys_data)
			st |= PERF_SAMPLE_PHYS_ADDR;
		if (o->data_page_size)
			st |= PERF_SAMPLE_DATA_PAGE_SIZE;
		if (o->code_page_size)
			st |= PERF_SAMPLE_CODE_PAGE_SIZE;
		if (o->transaction)
			st |= PERF_SAMPLE_TRANSACTION;
		if (o->all_cgroups)
			st |= PERF_SAMPLE_CGROUP;
		if (o->branch_stack) {
			st |= PERF_SAMPLE_BRANCH_STACK;
			a->branch_sample_type = o->branch_stack;
		}
		if (o->user_regs) {
			st |= PERF_SAMPLE_REGS_USER;
			a->sample_regs_user = o->user_regs;
		}
		if (o->intr_regs) {
			st |= PERF_SAMPLE_REGS_INTR;
			a->sample_regs_intr = o->intr_regs;
		}
		if (o->all_user) {
			a->exclude_kernel = 1;
			a->exclude_user = 0;
		} else if (o->all_kernel) {
			a->exclude_kernel = 0;
			a->exclude_user = 1;
		}
		if (o->no_buffering) {
			a->watermark = 0;
			a->wakeup_events = 1;
		}
		if (o->sample_addr) {
			st |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
			a->mmap_data = 1;
		}
		if (o->use_clockid) {
			a->use_clockid = 1;
			a->clockid = o->clockid;
		}
		cg_mode = o->callgraph;
		cg_dump = o->dump_size;
		/* perf's global fp depth, under the event's own max-stack term */
		if (o->callgraph == CALLCHAIN_RECORD_FP && o->max_stack && !a->sample_max_stack)
			a->sample_max_stack = o->max_stack;
		evsel__config_terms_callchain(evsel, &cg_mode, &cg_dump);
		if (cg_mode == CALLCHAIN_RECORD_DWARF && !o->sample_addr) {
			st |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
			a->mmap_data = 1;
		}
		st |= perf_attr__config_callchain(a, cg_mode, cg_dump);
		if (cg_mode != CALLCHAIN_RECORD_NONE) {
			if (o->kernel_callchains)
				a->exclude_callchain_user = 1;
			if (o->user_callchains)
				a->exclude_callchain_kernel = 1;
		}
		a->sample_type = st;
		a->read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
		if (o->inherit_stat || o->running_time)
			a->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
					  PERF_FORMAT_TOTAL_TIME_RUNNING;
		a->inherit = !o->no_inherit;
		a->inherit_stat = o->inherit_stat;
		a->sample_id_all = 1;
		a->disabled = evsel__is_group_leader(evsel);
		a->enable_on_exec = o->enable_on_exec && !o->initial_delay &&
				    evsel__is_group_leader(evsel);
		if (evsel == evlist->tracking) {
			/* perf's dummy: on from the start for CPUs, else at exec */
			a->disabled = !o->cpu_wide;
			a->enable_on_exec = !o->cpu_wide;
		}
		if (evsel->precise_max && !a->precise_ip)
			a->precise_ip = 3;
		if (o->no_samples)	/* perf keeps the freq bit */
			a->sample_period = 0;
		if (evsel == tracking) {
			/* the tracking event: side-band records come with it */
			a->mmap = a->mmap2 = a->comm = a->comm_exec = a->task = 1;
			a->ksymbol = 1;
			a->bpf_event = !o->no_bpf_event;
			a->namespaces = o->namespaces;
			a->context_switch = o->switch_events;
			a->cgroup = o->all_cgroups;
			a->build_id = o->buildid_mmap;
		}
		if (evsel == first)
			st0 = st;
		else if (st != st0)
			same = false;
	}
	if (evlist->nr_entries > 1 || o->sample_identifier) {
		evlist__for_each_entry(evlist, evsel)
			evsel->attr.sample_type |= same && !o->sample_identifier ?
						   PERF_SAMPLE_ID : PERF_SAMPLE_IDENTIFIER;
	}
}
