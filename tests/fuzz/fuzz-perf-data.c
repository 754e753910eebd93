// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target: a whole perf.data file (file or pipe format) through the
 * session reader with ordered delivery, touching every pointer a parsed
 * sample hands out, then the --stats printer.
 */
#include "prof/compat.h"
#include "prof/session.h"
#include "prof/stats-print.h"
#include "prof/util.h"
#include <sys/mman.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static volatile u64 sink;

static int touch_sample(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	u64 acc = sm->ip ^ sm->time ^ sm->period;

	for (u64 i = 0; i < sm->callchain_nr; i++)
		acc += sm->callchain[i];
	for (u64 i = 0; i < sm->branch_nr; i++)
		acc += sm->branch[i].from + sm->branch[i].to + sm->branch[i].flags;
	for (u32 i = 0; i < sm->raw_size; i++)
		acc += ((const u8 *)sm->raw_data)[i];
	for (u32 i = 0; i < sm->user_regs.nr; i++)
		acc += sm->user_regs.regs[i];
	for (u32 i = 0; i < sm->intr_regs.nr; i++)
		acc += sm->intr_regs.regs[i];
	for (u64 i = 0; i < sm->user_stack_size; i += 8)
		acc += ((const u8 *)sm->user_stack)[i];
	for (u64 i = 0; i < sm->aux_size; i++)
		acc += ((const u8 *)sm->aux_data)[i];
	if (sm->read.group)
		for (u64 i = 0; i < sm->read.nr * sm->read.group_stride; i++)
			acc += sm->read.group[i];
	sink += acc;
	return 0;
}

static int touch_string(struct session *s, union perf_event *ev, struct perf_sample *sm)
{
	const char *p = ev->header.type == PERF_RECORD_COMM ? ev->comm.comm : NULL;

	if (p && ev->header.size > 16)
		sink += strnlen(p, ev->header.size - 16u);
	return 0;
}

static void quiet(const char *prefix, const char *msg)
{
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct tool tool = { .sample = touch_sample, .comm = touch_string,
			     .ordered_events = true };
	struct session *s;
	char *err = NULL;
	FILE *null;
	int fd = memfd_create("fuzz.data", MFD_CLOEXEC);

	if (fd < 0)
		return 0;
	set_msg_sink(quiet);
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return 0;
	}
	if (session__open_fd(&s, fd, "fuzz.data", &err)) {
		free(err);
		return 0;	/* the session closed fd */
	}
	session__set_queue_budget(s, 1 << 20);
	session__process_events(s, &tool);
	null = fopen("/dev/null", "w");
	if (null) {
		stats__fprintf(s, null, true);
		fclose(null);
	}
	session__delete(s);
	return 0;
}
