// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz target: -e strings through parse_events(), names and error text. */
#include "prof/compat.h"
#include "prof/evsel.h"
#include "prof/parse-events.h"
#include "prof/util.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct evlist *evlist;
	struct parse_events_error err;
	struct evsel *evsel;
	char *str;

	if (size > 4096)
		return 0;
	str = xstrndup((const char *)data, size);
	evlist = evlist__new();
	parse_events_error__init(&err);
	if (parse_events(evlist, str, &err)) {
		char *text = parse_events_error__format(&err, str);

		free(text);
	}
	evlist__for_each_entry(evlist, evsel)
		(void)evsel__name(evsel);
	parse_events_error__exit(&err);
	evlist__delete(evlist);
	free(str);
	return 0;
}
