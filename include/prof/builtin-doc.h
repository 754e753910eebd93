/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * builtin-doc.h: the man pages built into prof (scripts/embed-docs.sh),
 * for "prof help" where no page is installed.
 */
#ifndef PROF_BUILTIN_DOC_H
#define PROF_BUILTIN_DOC_H

struct builtin_doc {
	const char *name;	/* "stat" for prof-stat(1), "prof" for prof(1) */
	const char *roff;	/* the page, for man -l */
	const char *text;	/* what man shows, for a machine without man */
};

/* The page of @name, or NULL. */
const struct builtin_doc *builtin_doc(const char *name);

#endif
