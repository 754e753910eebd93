// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz target: raw ELF note blobs (as /sys/kernel/notes) for build-ids. */
#include "prof/compat.h"
#include "prof/build-id.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct build_id bid;
	char hex[SBUILD_ID_SIZE];

	if (notes__read_build_id(data, size, &bid) == 0)
		build_id__snprintf(&bid, hex, sizeof(hex));
	return 0;
}
