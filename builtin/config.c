// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof config: get, set and list the variables of perf's configuration
 * files (config.h), as perf 6.1's 'perf config' does:
 *
 *   prof config [-l]             every variable, "section.key=value"
 *   prof config section.key      its value, nothing when it is not set
 *   prof config section.key=v    rewrites the file with it
 *
 * The file is $HOME/.perfconfig (or $PERF_CONFIG when set); --system
 * chooses /etc/perfconfig and --user $HOME/.perfconfig, each alone. A
 * rewrite keeps what the file held, its layout and comments aside (perf's
 * "# this file is auto-generated." heads it), and writes a system
 * variable only with --system.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/config.h"
#include "builtin.h"

static const char *const config_usage[] = {
	"prof config [<file-option>] [options] [section.name[=value] ...]",
	NULL
};

static int show_all(const char *var, const char *value, void *data __maybe_unused)
{
	printf("%s=%s\n", var, value);
	return 0;
}

/*
 * Split "section.name[=value]" in place; *value NULL to get. -1 after
 * perf's message when a part is missing.
 */
static int split_arg(char *arg, char **var, char **value)
{
	char *dot = strchr(arg, '.'), *eq;

	if (!dot || dot == arg) {
		error("The config variable does not contain a section name: %s", arg);
		return -1;
	}
	if (!dot[1]) {
		error("The config variable does not contain a variable name: %s", arg);
		return -1;
	}
	eq = strchr(arg, '=');
	*var = arg;
	*value = NULL;
	if (!eq)
		return 0;
	if (!eq[1]) {
		error("The config variable does not contain a value: %s", arg);
		return -1;
	}
	*eq = '\0';
	*value = eq + 1;
	return 0;
}

int cmd_config(int argc, const char **argv)
{
	bool use_system = false, use_user = false;
	unsigned int list = 0;
	const struct option options[] = {
		OPT_SET_UINT('l', "list", &list, "show current config variables", 1),
		OPT_BOOLEAN(0, "system", &use_system, "use system config file"),
		OPT_BOOLEAN(0, "user", &use_user, "use user config file"),
		OPT_END()
	};
	const char *file;
	struct config_set *set;
	int ret = 0;

	argc = parse_options(argc, argv, options, config_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (use_system && use_user) {
		error("Error: only one config file at a time\n");
		parse_options_usage_for(config_usage, options, "user", 0);
		parse_options_usage_for(NULL, options, "system", 0);
		return -1;
	}
	if (use_system)
		config__set_exclusive(config__system_path());
	else if (use_user)
		config__set_exclusive(config__user_path());
	file = config__exclusive();
	if (!file)
		file = config__user_path();

	set = config_set__new();
	if (list && argc) {
		/* perf complains and lists nothing, yet exits 0 */
		error("Error: takes no arguments\n");
		parse_options_usage_for(config_usage, options, "l", 1);
	} else if (!argc) {
		config_set__for_each(set, show_all, NULL);
	}
	for (int i = 0; !list && i < argc; i++) {
		char *arg = xstrdup(argv[i]), *var, *value;
		const char *v;

		if (split_arg(arg, &var, &value) < 0) {
			free(arg);
			ret = -1;
			break;
		}
		if (!value) {
			v = config_set__get(set, var);
			if (v)
				printf("%s=%s\n", var, v);
		} else if (!file || config_set__collect(set, file, var, value) < 0 ||
			   config_set__write(set, file, use_system) < 0) {
			error("Failed to set '%s=%s' on %s", var, value, file ? file : "(no HOME)");
			free(arg);
			ret = -1;
			break;
		}
		free(arg);
	}
	config_set__delete(set);
	return ret;
}
