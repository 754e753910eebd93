// SPDX-License-Identifier: GPL-2.0-only
/*
 * machine-info.c: the facts perf record puts in the header (uname,
 * /proc/cpuinfo, /proc/meminfo, sysfs CPU topology, kernel _text), and
 * their encoding as features.
 */
#include "prof/compat.h"
#include "prof/cpuinfo.h"
#include "prof/data-writer.h"
#include "prof/header.h"
#include "prof/strbuf.h"
#include "prof/util.h"
#include <sys/utsname.h>

static void add_unique(char ***list, u32 *nr, const char *s)
{
	for (u32 i = 0; i < *nr; i++)
		if (!strcmp((*list)[i], s))
			return;
	*list = xrealloc(*list, (*nr + 1) * sizeof(**list));
	(*list)[(*nr)++] = xstrdup(s);
}

static char *sysfs_cpu_str(int cpu, const char *file)
{
	char path[256];
	char *s;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
	s = read_file_str(path, NULL);
	if (s)
		strim(s);
	return s;
}

static int sysfs_cpu_int(int cpu, const char *file, s32 *v)
{
	char path[256];
	int x;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
	if (read_file_int(path, &x))
		return -1;
	*v = x;
	return 0;
}

static void gather_topology(struct machine_info *mi)
{
	mi->cpu = xcalloc(mi->nr_cpus_avail ? mi->nr_cpus_avail : 1, sizeof(*mi->cpu));
	mi->has_dies = true;
	for (u32 c = 0; c < mi->nr_cpus_avail; c++) {
		char *s;

		mi->cpu[c].core_id = mi->cpu[c].socket_id = mi->cpu[c].die_id = -1;
		s = sysfs_cpu_str((int)c, "core_siblings_list");
		if (!s)
			continue;	/* offline */
		add_unique(&mi->socket_siblings, &mi->nr_sockets, s);
		free(s);
		s = sysfs_cpu_str((int)c, "thread_siblings_list");
		if (s) {
			add_unique(&mi->thread_siblings, &mi->nr_threads, s);
			free(s);
		}
		s = sysfs_cpu_str((int)c, "die_cpus_list");
		if (s) {
			add_unique(&mi->die_siblings, &mi->nr_dies, s);
			free(s);
		} else {
			mi->has_dies = false;
		}
		sysfs_cpu_int((int)c, "core_id", &mi->cpu[c].core_id);
		sysfs_cpu_int((int)c, "physical_package_id", &mi->cpu[c].socket_id);
		sysfs_cpu_int((int)c, "die_id", &mi->cpu[c].die_id);
	}
	if (!mi->nr_dies)
		mi->has_dies = false;
}

int machine_info__gather(struct machine_info *mi)
{
	struct utsname u;
	char *cpuinfo, *meminfo;
	long conf, onln;

	memset(mi, 0, sizeof(*mi));
	if (uname(&u) < 0)
		return -errno;
	mi->hostname = xstrdup(u.nodename);
	mi->osrelease = xstrdup(u.release);
	mi->arch = xstrdup(u.machine);

	cpuinfo = read_file_str("/proc/cpuinfo", NULL);
	if (cpuinfo) {
		mi->cpudesc = cpuinfo__value(cpuinfo, "model name");
		free(cpuinfo);
	}
	mi->cpuid = cpuinfo__cpuid();

	meminfo = read_file_str("/proc/meminfo", NULL);
	if (meminfo) {
		char *p = strstr(meminfo, "MemTotal:");

		if (p)
			mi->total_mem_kb = strtoull(p + 9, NULL, 10);
		free(meminfo);
	}

	conf = sysconf(_SC_NPROCESSORS_CONF);
	onln = sysconf(_SC_NPROCESSORS_ONLN);
	mi->nr_cpus_avail = conf > 0 ? (u32)conf : 1;
	mi->nr_cpus_online = onln > 0 ? (u32)onln : 1;
	gather_topology(mi);
	return 0;
}

static void free_list(char **l, u32 nr)
{
	for (u32 i = 0; i < nr; i++)
		free(l[i]);
	free(l);
}

void machine_info__exit(struct machine_info *mi)
{
	free(mi->hostname);
	free(mi->osrelease);
	free(mi->arch);
	free(mi->cpudesc);
	free(mi->cpuid);
	free_list(mi->socket_siblings, mi->nr_sockets);
	free_list(mi->thread_siblings, mi->nr_threads);
	free_list(mi->die_siblings, mi->nr_dies);
	free(mi->cpu);
	memset(mi, 0, sizeof(*mi));
}

void perf_data_writer__set_machine(struct perf_data_writer *w, const struct machine_info *mi,
				   const char *version)
{
	struct strbuf sb = STRBUF_INIT;

	if (mi->hostname)
		perf_data_writer__set_string(w, HEADER_HOSTNAME, mi->hostname);
	if (mi->osrelease)
		perf_data_writer__set_string(w, HEADER_OSRELEASE, mi->osrelease);
	if (version)
		perf_data_writer__set_string(w, HEADER_VERSION, version);
	if (mi->arch)
		perf_data_writer__set_string(w, HEADER_ARCH, mi->arch);
	feat__put_u32(&sb, mi->nr_cpus_avail);
	feat__put_u32(&sb, mi->nr_cpus_online);
	perf_data_writer__set_feature(w, HEADER_NRCPUS, sb.buf, sb.len);
	strbuf_reset(&sb);
	if (mi->cpudesc)
		perf_data_writer__set_string(w, HEADER_CPUDESC, mi->cpudesc);
	if (mi->cpuid)
		perf_data_writer__set_string(w, HEADER_CPUID, mi->cpuid);
	if (mi->total_mem_kb)
		perf_data_writer__set_feature(w, HEADER_TOTAL_MEM, &mi->total_mem_kb, 8);

	if (mi->nr_sockets && mi->nr_threads && mi->cpu) {
		feat__put_string_list(&sb, mi->socket_siblings, mi->nr_sockets);
		feat__put_string_list(&sb, mi->thread_siblings, mi->nr_threads);
		for (u32 c = 0; c < mi->nr_cpus_avail; c++) {
			feat__put_u32(&sb, (u32)mi->cpu[c].core_id);
			feat__put_u32(&sb, (u32)mi->cpu[c].socket_id);
		}
		if (mi->has_dies) {
			feat__put_string_list(&sb, mi->die_siblings, mi->nr_dies);
			for (u32 c = 0; c < mi->nr_cpus_avail; c++)
				feat__put_u32(&sb, (u32)mi->cpu[c].die_id);
		}
		perf_data_writer__set_feature(w, HEADER_CPU_TOPOLOGY, sb.buf, sb.len);
	}
	strbuf_release(&sb);
}

int machine_info__kernel_text(u64 *text, u64 *etext)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	static char buf[1 << 16];
	char line[512];

	*text = *etext = 0;
	if (!f)
		return -errno;
	/*
	 * _etext is most of the way down (~120K lines): large reads, and a
	 * line is parsed only when its name is one of the two (sscanf of
	 * every line was a third of `record -- true`).
	 */
	setvbuf(f, buf, _IOFBF, sizeof(buf));
	while (fgets(line, sizeof(line), f) && !(*text && *etext)) {
		char *name = strchr(line, ' '), *end;
		unsigned long long addr;

		/* "ADDR T NAME[\t[MODULE]]\n" */
		if (!name || !name[1] || name[2] != ' ' || name[3] != '_')
			continue;
		name += 3;
		end = name + strcspn(name, " \t\n");
		*end = '\0';
		if (strcmp(name, "_text") && strcmp(name, "_etext"))
			continue;
		addr = strtoull(line, &end, 16);
		if (end == line || *end != ' ')
			continue;
		if (name[1] == 't')
			*text = addr;
		else
			*etext = addr;
	}
	fclose(f);
	return *text ? 0 : -ENOENT;
}
