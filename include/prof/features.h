/* SPDX-License-Identifier: GPL-2.0-only */
/* features.h: what this binary was built with (prof version --build-options). */
#ifndef PROF_FEATURES_H
#define PROF_FEATURES_H

#include "compat.h"

struct prof_feature {
	const char *name;
	bool on;
	const char *macro;
};

extern const struct prof_feature prof_features[];
extern const size_t nr_prof_features;
/* Whether feature @name is compiled in (false for unknown names). */
bool prof_feature_on(const char *name);

#endif
