/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * config.h: perf's configuration files, read and written as perf 6.1 does.
 *
 * The syntax is git's: "[section]" or '[section "sub"]' lines, then
 * "key = value" lines; '#' and ';' start comments, values may be quoted
 * and may use \t \n \b \\ \" escapes. Keys are letters, digits, '-' and
 * '_'; section and key names are folded to lower case. A key with no
 * "= value" is a bad line for perf's collector, as it is here.
 *
 * Which files (perf's order; a later file's value wins):
 *   - $PERF_CONFIG alone when it is set (PERF_CONFIG=/dev/null: none);
 *   - else /etc/perfconfig (unless PERF_CONFIG_NOSYSTEM is true), then
 *     $HOME/.perfconfig (unless PERF_CONFIG_NOGLOBAL is true; only when it
 *     is not empty and belongs to the user or root).
 * A bad line is reported once per load as "bad config file line N in F";
 * the items before it are kept, a bad system file stops the load there.
 *
 * Commands read the merged set through prof_config(), a section at a time
 * in the order sections first appeared (perf's order), before they parse
 * their options: the command line overrides the files.
 */
#ifndef PROF_CONFIG_H
#define PROF_CONFIG_H

#include "compat.h"

struct config_item {
	char *name;		/* the key within its section ("percent-limit") */
	char *value;
	bool from_system;
	struct config_item *next;
};

struct config_section {
	char *name;		/* "report", or "a.Sub" for [a "Sub"] */
	bool from_system;
	struct config_item *items;
	struct config_section *next;
};

struct config_set {
	struct config_section *sections;
};

/* Called with "section.key" and its value; < 0 stops the walk. */
typedef int (*config_fn_t)(const char *var, const char *value, void *data);

/* The system file (/etc/perfconfig) and $HOME/.perfconfig (NULL without HOME). */
const char *config__system_path(void);
const char *config__user_path(void);

/*
 * The file that replaces the usual pair: $PERF_CONFIG by default, or what
 * config__set_exclusive() chose (prof config --user/--system). NULL: both.
 */
const char *config__exclusive(void);
void config__set_exclusive(const char *path);

/* A new set loaded from perf's files (above). Never NULL; maybe empty. */
struct config_set *config_set__new(void);
/* A new set from @path alone; NULL with errno set when it cannot be opened. */
struct config_set *config_set__load_file(const char *path);
void config_set__delete(struct config_set *set);

/* Add or replace @var ("section.key") = @value, marked as from @file. -EINVAL: no dot. */
int config_set__collect(struct config_set *set, const char *file, const char *var,
			const char *value);
/* The value of @var, or NULL. */
const char *config_set__get(const struct config_set *set, const char *var);
/* @fn on each item with a value, in set order; its first negative result, else 0. */
int config_set__for_each(const struct config_set *set, config_fn_t fn, void *data);
/*
 * Rewrite @path as perf does: a header comment, then every section and
 * item (those of the system file only when @with_system). -errno on failure.
 */
int config_set__write(const struct config_set *set, const char *path, bool with_system);

/*
 * The process's set (loaded once) walked with @fn. On a callback's failure
 * perf's "Error in the given config file: wrong config key-value pair
 * K=V" is printed and -1 returned; callers exit with 255 then, as perf.
 */
int prof_config(config_fn_t fn, void *data);

/*
 * Values, as perf reads them. config__bool: true/yes/on, false/no/off or
 * empty, else a number (non-zero: true); anything else warns "bad config
 * value for '@var', ignoring..." and reads as true, as perf's. config__int:
 * strtol with base 0 and a k/m/g suffix; the same warning and -EINVAL when
 * it is not a number (*out unchanged then).
 */
bool config__bool(const char *var, const char *value);
int config__int(const char *var, const char *value, long *out);

#endif
