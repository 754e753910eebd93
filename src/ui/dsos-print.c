// SPDX-License-Identifier: GPL-2.0-only
/*
 * dsos-print.c: perf's symbol table dump (perf top --dump-symtab): each
 * DSO's names, whether its symbols were loaded and its build-id, then
 * one "start-end binding name" line per symbol.
 */
#include "prof/compat.h"
#include "prof/build-id.h"
#include "prof/dso.h"
#include "prof/dsos-print.h"
#include "prof/list.h"
#include "prof/symbol.h"
#include <elf.h>

static char binding_letter(u8 binding)
{
	return binding == STB_GLOBAL ? 'g' : binding == STB_LOCAL ? 'l' : 'w';
}

void dsos__fprintf(const struct dsos *d, FILE *fp)
{
	const struct dso *dso;

	list_for_each_entry(dso, &d->head, node) {
		char bid[BUILD_ID_SIZE * 2 + 1] = "";

		fprintf(fp, "dso: %s (", dso->short_name);
		if (strcmp(dso->short_name, dso->long_name))
			fprintf(fp, "%s, ", dso->long_name);
		if (dso->bid.size)
			build_id__snprintf(&dso->bid, bid, sizeof(bid));
		fprintf(fp, "%sloaded, %s)\n", dso->loaded ? "" : "NOT ", bid);
		for (size_t i = 0; i < dso->symbols.nr; i++) {
			const struct symbol *s = dso->symbols.entries[i];

			fprintf(fp, "%16" PRIx64 "-%16" PRIx64 " %c %s\n", s->start, s->end,
				binding_letter(s->binding), s->name);
		}
	}
}
