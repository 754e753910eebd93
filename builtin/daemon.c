// SPDX-License-Identifier: GPL-2.0-only
/*
 * prof daemon: perf 6.1's record sessions in the background.
 *
 * A config file (--config, else /etc/perfconfig, else ~/.perfconfig)
 * names a base directory and sessions:
 *
 *   [daemon]
 *   base = /var/lib/prof
 *   [session-cycles]
 *   run = -m 10M -e cycles --overwrite --switch-output -a
 *
 * 'prof daemon start' forks a daemon that owns BASE (BASE/lock holds its
 * pid under a lockf() lock), writes its log to BASE/output and listens on
 * the socket BASE/control. Each session runs "prof record
 * --control=fifo:control,ack RUN" in BASE/session-NAME, with its output
 * there. The daemon watches the config file and, when it is rewritten,
 * stops removed sessions and restarts changed ones. 'prof daemon'
 * lists the daemon and its sessions (-v, -x SEP), 'signal' sends SIGUSR2
 * (a --switch-output session writes a file), 'ping' asks each session's
 * record for an ack, 'stop' ends the daemon, which stops every session.
 *
 * The socket speaks perf's protocol (one fixed 72-byte command, then text
 * until the daemon closes the connection), so perf's client and prof's
 * daemon, or the other way round, understand each other; the lock keeps
 * a perf and a prof daemon off the same BASE.
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/parse-options.h"
#include "prof/config.h"
#include "builtin.h"
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#define SESSION_OUTPUT "output"
#define SESSION_CONTROL "control"
#define SESSION_ACK "ack"
#define SESSION_NAME_MAX 64

/* A session is up (OK), to be restarted with a new run line, or to go. */
enum session_state { SESSION_OK, SESSION_RECONFIG, SESSION_KILL };

struct session {
	char *name, *run, *base;	/* base: BASE/session-NAME */
	pid_t pid;			/* -1: not running */
	enum session_state state;
	time_t start;
	struct session *next;
};

struct daemon {
	const char *config;		/* --config */
	char *config_real;		/* its real path, or the default file */
	char *config_name;		/* its base name, for the watch */
	const char *base_user;		/* --base */
	char *base;
	const char *csv_sep;		/* -x */
	int verbose;
	char *self;			/* this program, to run 'record' */
	struct session *sessions;
	FILE *out;			/* the log */
	int signal_fd;
	time_t start;
	bool logging;			/* the daemon runs: vlog() to its log */
};

/* perf's wire command: its union cmd, laid out the same way (72 bytes). */
enum { DCMD_LIST, DCMD_SIGNAL, DCMD_STOP, DCMD_PING };
struct daemon_cmd {
	int32_t cmd;
	union {
		struct {
			int32_t verbose;
			char sep;
		} list;
		struct {
			int32_t sig;
			char name[SESSION_NAME_MAX];
		} signal;
		struct {
			char name[SESSION_NAME_MAX];
		} ping;
	} u;
};

static const char *const daemon_usage[] = {
	"prof daemon start [<options>]",
	"prof daemon [<options>]",
	NULL
};

static volatile sig_atomic_t done;

static void on_signal(int sig __maybe_unused)
{
	done = 1;
}

/* The log line of a daemon: perf's time stamp first. */
static void dlog(struct daemon *d, const char *fmt, ...) __printf(2, 3);
static void dlog(struct daemon *d, const char *fmt, ...)
{
	struct timespec ts;
	char when[64];
	va_list ap;

	clock_gettime(CLOCK_REALTIME, &ts);
	strftime(when, sizeof(when), "%F %T", localtime(&ts.tv_sec));
	fprintf(d->out, "[%s.%06ld] ", when, ts.tv_nsec / 1000);
	va_start(ap, fmt);
	vfprintf(d->out, fmt, ap);
	va_end(ap);
	fflush(d->out);
}

/*
 * -v: perf's debug lines, to stderr until the daemon logs (then to its
 * log, time-stamped).
 */
static void vlog(struct daemon *d, const char *fmt, ...) __printf(2, 3);
static void vlog(struct daemon *d, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (d->verbose <= 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (d->logging)
		dlog(d, "%s", buf);
	else
		fputs(buf, stderr);
}

/* ---- the config file ---- */

static struct session *daemon__find(struct daemon *d, const char *name)
{
	for (struct session *s = d->sessions; s; s = s->next)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

/* [session-NAME] run = ...: new sessions and changed run lines need a (re)start. */
static int session_config(struct daemon *d, const char *var, const char *value)
{
	const char *name = var + strlen("session-"), *dot = strchr(name, '.');
	struct session *s, **tail;
	char buf[SESSION_NAME_MAX * 2];

	if (!dot || (size_t)(dot - name) >= sizeof(buf) - 1)
		return -EINVAL;
	memcpy(buf, name, (size_t)(dot - name));
	buf[dot - name] = '\0';
	s = daemon__find(d, buf);
	if (!s) {
		s = xzalloc(sizeof(*s));
		s->name = xstrdup(buf);
		s->pid = -1;
		s->state = SESSION_RECONFIG;
		for (tail = &d->sessions; *tail; tail = &(*tail)->next)
			;
		*tail = s;
		vlog(d, "reconfig: found new session %s\n", buf);
	} else if (s->state == SESSION_KILL) {
		s->state = SESSION_OK;	/* still there */
		vlog(d, "reconfig: found current session %s\n", buf);
	}
	if (!strcmp(dot + 1, "run") && (!s->run || strcmp(s->run, value))) {
		if (s->run)
			vlog(d, "reconfig: session %s is changed\n", buf);
		free(s->run);
		s->run = xstrdup(value);
		s->state = SESSION_RECONFIG;
	}
	return 0;
}

static int server_config(const char *var, const char *value, void *data)
{
	struct daemon *d = data;

	if (strstarts(var, "session-"))
		return session_config(d, var, value);
	if (!strcmp(var, "daemon.base") && !d->base_user) {
		if (d->base && strcmp(d->base, value)) {
			fprintf(stderr, "failed: can't redefine base, bailing out\n");
			return -EINVAL;
		}
		free(d->base);
		d->base = xstrdup(value);
	}
	return 0;
}

static int client_config(const char *var, const char *value, void *data)
{
	struct daemon *d = data;

	if (!strcmp(var, "daemon.base") && !d->base_user) {
		free(d->base);
		d->base = xstrdup(value);
	}
	return 0;
}

static int check_base(struct daemon *d)
{
	struct stat st;

	if (!d->base) {
		fprintf(stderr, "failed: base not defined\n");
		return -1;
	}
	if (stat(d->base, &st)) {
		if (errno == EACCES)
			fprintf(stderr, "failed: permission denied for '%s' base\n", d->base);
		else if (errno == ENOENT)
			fprintf(stderr, "failed: base '%s' does not exists\n", d->base);
		else
			fprintf(stderr, "failed: can't access base '%s': %s\n", d->base, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "failed: base '%s' is not directory\n", d->base);
		return -1;
	}
	return 0;
}

/* Read the config file with @fn, then check the base. */
static int daemon__read_config(struct daemon *d, config_fn_t fn)
{
	struct config_set *set = config_set__load_file(d->config_real);
	int err;

	if (!set)
		return -1;
	err = config_set__for_each(set, fn, d);
	config_set__delete(set);
	return err ? err : check_base(d);
}

/* The server's read: every session is to go unless the file still names it. */
static int daemon__reread(struct daemon *d)
{
	vlog(d, "reconfig: started\n");
	for (struct session *s = d->sessions; s; s = s->next)
		s->state = SESSION_KILL;
	return daemon__read_config(d, server_config);
}

static bool env_true(const char *name)
{
	const char *v = getenv(name);

	return v && config__bool(name, v);
}

/* --config's real path, or perf's default file; -1 when there is none. */
static int daemon__setup(struct daemon *d)
{
	const char *user = config__user_path();

	if (d->base_user)
		d->base = xstrdup(d->base_user);
	if (d->config) {
		d->config_real = realpath(d->config, NULL);
		if (!d->config_real) {
			fprintf(stderr, "failed: realpath: %s\n", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!env_true("PERF_CONFIG_NOSYSTEM") && !access(config__system_path(), R_OK))
		d->config_real = xstrdup(config__system_path());
	else if (!env_true("PERF_CONFIG_NOGLOBAL") && user && !access(user, R_OK))
		d->config_real = xstrdup(user);
	return d->config_real ? 0 : -1;
}

/* ---- sessions ---- */

/* The child's side: BASE/session-NAME, its fifos, then prof record. */
static void __noreturn session__exec(struct session *s, struct daemon *d)
{
	char *line = xasprintf("%s record --control=fifo:%s,%s %s", d->self,
			       SESSION_CONTROL, SESSION_ACK, s->run);
	const char *argv[256];
	char *envp[] = { NULL };
	sigset_t all;
	int fd, argc = 0;

	/* the daemon blocks SIGCHLD for its signalfd: record needs it */
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);

	if (chdir(s->base)) {
		perror("failed: chdir");
		_exit(255);
	}
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0) {
		dup2(fd, 0);
		close(fd);
	}
	fd = open(SESSION_OUTPUT, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror("failed: open session output");
		_exit(255);
	}
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
	if ((mkfifo(SESSION_CONTROL, 0600) && errno != EEXIST) ||
	    (mkfifo(SESSION_ACK, 0600) && errno != EEXIST)) {
		perror("failed: create fifo");
		_exit(255);
	}
	/* perf splits the line at blanks, without a shell, and runs record with no environment */
	for (char *save = NULL, *w = strtok_r(line, " \t", &save); w && argc < 255;
	     w = strtok_r(NULL, " \t", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	execve(d->self, (char **)argv, envp);
	perror("failed: execve");
	_exit(255);
}

static int session__run(struct session *s, struct daemon *d)
{
	free(s->base);
	s->base = xasprintf("%s/session-%s", d->base, s->name);
	if (mkdir(s->base, 0755) && errno != EEXIST) {
		dlog(d, "failed: mkdir %s: %s\n", s->base, strerror(errno));
		return -1;
	}
	s->start = time(NULL);
	s->pid = fork();
	if (s->pid < 0)
		return -1;
	if (s->pid == 0)
		session__exec(s, d);
	dlog(d, "reconfig: ruining session [%s:%d]: %s\n", s->name, (int)s->pid, s->run);
	return 0;
}

/* Reap the sessions that ended (SIGCHLD may have merged several). */
static void daemon__reap(struct daemon *d)
{
	struct signalfd_siginfo si;

	while (read(d->signal_fd, &si, sizeof(si)) == sizeof(si))
		;
	for (struct session *s = d->sessions; s; s = s->next) {
		int status;

		if (s->pid == -1 || waitpid(s->pid, &status, WNOHANG) <= 0)
			continue;
		if (WIFEXITED(status))
			dlog(d, "session '%s' exited, status=%d\n", s->name, WEXITSTATUS(status));
		else if (WIFSIGNALED(status))
			dlog(d, "session '%s' killed (signal %d)\n", s->name, WTERMSIG(status));
		else
			dlog(d, "session '%s' Unexpected status (0x%x)\n", s->name, status);
		s->state = SESSION_KILL;
		s->pid = -1;
	}
}

/*
 * One line to the session's record through its control fifo; with @ack,
 * wait up to 2 s for "ack\n". 0 when done (and acknowledged).
 */
static int session__control(struct session *s, const char *msg, bool ack)
{
	char *cpath = xasprintf("%s/%s", s->base, SESSION_CONTROL);
	char *apath = xasprintf("%s/%s", s->base, SESSION_ACK);
	struct pollfd pfd = { .events = POLLIN };
	int ctl, afd = -1, ret = -1;
	char buf[20] = "";

	ctl = open(cpath, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (ctl < 0)
		goto out;
	/* the record holds the ack fifo open, so this does not wait */
	if (ack && (afd = open(apath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		goto out;
	if (write(ctl, msg, strlen(msg)) != (ssize_t)strlen(msg))
		goto out;
	if (!ack) {
		ret = 0;
		goto out;
	}
	pfd.fd = afd;
	if (poll(&pfd, 1, 2000) <= 0 || !(pfd.revents & POLLIN))
		goto out;
	if (read(afd, buf, sizeof(buf) - 1) > 0 && !strncmp(buf, "ack\n", 4))
		ret = 0;
out:
	if (afd >= 0)
		close(afd);
	if (ctl >= 0)
		close(ctl);
	free(cpath);
	free(apath);
	return ret;
}

static void session__signal(struct session *s, int sig)
{
	if (s->pid > 0)
		kill(s->pid, sig);
}

static bool daemon__alive(struct daemon *d, struct session *only)
{
	for (struct session *s = d->sessions; s; s = s->next)
		if ((!only || s == only) && s->pid != -1)
			return true;
	return false;
}

/* Wait up to @secs for @only (NULL: every session) to end. 0 when it did. */
static int daemon__wait(struct daemon *d, struct session *only, int secs)
{
	time_t end = time(NULL) + secs;
	struct pollfd pfd = { .fd = d->signal_fd, .events = POLLIN };

	while (daemon__alive(d, only)) {
		if (poll(&pfd, 1, 1000) > 0)
			daemon__reap(d);
		if (time(NULL) > end)
			return -1;
	}
	return 0;
}

/* "stop" on the control fifo, then SIGTERM, then SIGKILL, 10 s apart. */
static void daemon__kill(struct daemon *d, struct session *only)
{
	for (int how = 0; how < 3; how++) {
		for (struct session *s = d->sessions; s; s = s->next) {
			if (only && s != only)
				continue;
			if (how == 0)
				session__control(s, "stop", false);
			else
				session__signal(s, how == 1 ? SIGTERM : SIGKILL);
		}
		if (!daemon__wait(d, only, 10))
			return;
	}
	dlog(d, "failed to wait for session%s\n", only ? "" : "s");
}

static void session__delete(struct session *s)
{
	free(s->name);
	free(s->run);
	free(s->base);
	free(s);
}

/* Bring the sessions to what the config file says (all SESSION_OK after). */
static int daemon__reconfig(struct daemon *d)
{
	struct session **p = &d->sessions;

	while (*p) {
		struct session *s = *p;
		enum session_state state = s->state;	/* reaping marks it SESSION_KILL */

		if (state == SESSION_OK) {
			p = &s->next;
			continue;
		}
		if (s->pid > 0) {
			daemon__kill(d, s);
			dlog(d, "reconfig: session '%s' killed\n", s->name);
		}
		if (state == SESSION_KILL || !s->run) {
			*p = s->next;
			session__delete(s);
			continue;
		}
		if (session__run(s, d))
			return -1;
		s->state = SESSION_OK;
		p = &s->next;
	}
	return 0;
}

/* ---- the socket ---- */

static int control_addr(struct daemon *d, struct sockaddr_un *addr)
{
	char *path = xasprintf("%s/control", d->base);

	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	if (strlen(path) + 1 >= sizeof(addr->sun_path)) {
		fprintf(stderr, "failed: control path too long '%s'\n", path);
		free(path);
		return -1;
	}
	strcpy(addr->sun_path, path);
	free(path);
	return 0;
}

static int server_socket(struct daemon *d)
{
	struct sockaddr_un addr;
	int fd;

	if (control_addr(d, &addr))
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		dlog(d, "failed: socket: %s\n", strerror(errno));
		return -1;
	}
	unlink(addr.sun_path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) || listen(fd, 1)) {
		dlog(d, "failed: bind: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static void cmd_list_out(struct daemon *d, const struct daemon_cmd *c, FILE *out)
{
	char sep = c->u.list.sep;
	time_t now = time(NULL);

	if (sep)
		fprintf(out, "%d%c%s%c%s%c%s/%s%c%s/lock%c%lu\n", (int)getpid(), sep, "daemon",
			sep, d->base, sep, d->base, SESSION_OUTPUT, sep, d->base,
			sep, (unsigned long)(now - d->start) / 60);
	else
		fprintf(out, "[%d:daemon] base: %s\n", (int)getpid(), d->base);
	if (!sep && c->u.list.verbose)
		fprintf(out, "  output:  %s/%s\n  lock:    %s/lock\n  up:      %lu minutes\n",
			d->base, SESSION_OUTPUT, d->base, (unsigned long)(now - d->start) / 60);

	for (struct session *s = d->sessions; s; s = s->next) {
		unsigned long up = (unsigned long)(now - s->start) / 60;

		if (sep) {
			fprintf(out, "%d%c%s%c%s%c%s%c%s/%s%c%s/%s%c%s/%s%c%lu\n", (int)s->pid,
				sep, s->name, sep, s->run, sep, s->base,
				sep, s->base, SESSION_OUTPUT, sep, s->base, SESSION_CONTROL,
				sep, s->base, SESSION_ACK, sep, up);
			continue;
		}
		fprintf(out, "[%d:%s] perf record %s\n", (int)s->pid, s->name, s->run);
		if (c->u.list.verbose)
			fprintf(out, "  base:    %s\n  output:  %s/%s\n  control: %s/%s\n"
				"  ack:     %s/%s\n  up:      %lu minutes\n",
				s->base, s->base, SESSION_OUTPUT, s->base, SESSION_CONTROL,
				s->base, SESSION_ACK, up);
	}
}

static void cmd_signal_out(struct daemon *d, const struct daemon_cmd *c, FILE *out)
{
	bool all = !strcmp(c->u.signal.name, "all");

	for (struct session *s = d->sessions; s; s = s->next) {
		if (!all && strcmp(c->u.signal.name, s->name))
			continue;
		session__signal(s, c->u.signal.sig);
		fprintf(out, "signal %d sent to session '%s [%d]'\n", c->u.signal.sig,
			s->name, (int)s->pid);
	}
}

static void cmd_ping_out(struct daemon *d, const struct daemon_cmd *c, FILE *out)
{
	bool all = !strcmp(c->u.ping.name, "all"), found = false;

	for (struct session *s = d->sessions; s; s = s->next) {
		if (!all && strcmp(c->u.ping.name, s->name))
			continue;
		fprintf(out, "%-4s %s\n", session__control(s, "ping", true) ? "FAIL" : "OK", s->name);
		found = true;
	}
	if (!found && !all)
		fprintf(out, "%-4s %s (not found)\n", "FAIL", c->u.ping.name);
}

/* One client: its command, the answer, the connection closed. */
static void daemon__serve(struct daemon *d, int sock)
{
	struct daemon_cmd c;
	size_t got = 0;
	FILE *out;
	int fd = accept4(sock, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	while (got < sizeof(c)) {
		ssize_t n = read(fd, (char *)&c + got, sizeof(c) - got);

		if (n <= 0) {
			close(fd);
			return;
		}
		got += (size_t)n;
	}
	c.u.signal.name[SESSION_NAME_MAX - 1] = '\0';
	c.u.ping.name[SESSION_NAME_MAX - 1] = '\0';
	out = fdopen(fd, "w");
	if (!out) {
		close(fd);
		return;
	}
	if (c.cmd == DCMD_LIST)
		cmd_list_out(d, &c, out);
	else if (c.cmd == DCMD_SIGNAL)
		cmd_signal_out(d, &c, out);
	else if (c.cmd == DCMD_STOP) {
		done = 1;
		vlog(d, "perf daemon is exciting\n");	/* sic, perf's */
	}
	else if (c.cmd == DCMD_PING)
		cmd_ping_out(d, &c, out);
	fclose(out);
}

/* ---- start ---- */

/* BASE/lock, locked and holding our pid; -1 when another daemon has it. */
static int daemon__lock(struct daemon *d)
{
	char *path = xasprintf("%s/lock", d->base), buf[32];
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0640), len;

	if (fd < 0) {
		fprintf(stderr, "failed: open %s: %s\n", path, strerror(errno));
		free(path);
		return -1;
	}
	if (lockf(fd, F_TLOCK, 0) < 0) {
		ssize_t n = read(fd, buf, sizeof(buf) - 1);

		buf[n > 0 ? n : 0] = '\0';
		fprintf(stderr, "failed: another perf daemon (pid %d) owns %s\n", atoi(buf), d->base);
		close(fd);
		free(path);
		return -1;
	}
	free(path);
	len = snprintf(buf, sizeof(buf), "%d", (int)getpid());
	if (write(fd, buf, (size_t)len) != len || ftruncate(fd, len)) {
		fprintf(stderr, "failed: write lock: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	return 0;	/* the descriptor stays open: the lock lives with us */
}

/* Fork; the parent returns 1, the child 0 as the daemon (its log BASE/output). */
static int daemon__background(struct daemon *d)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		return -1;
	if (pid > 0)
		return 1;
	if (setsid() < 0 || daemon__lock(d))
		return -1;
	umask(0);
	if (chdir(d->base))
		return -1;
	fd = open(SESSION_OUTPUT, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	close(0);
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
	d->out = stdout;
	setvbuf(stdout, NULL, _IONBF, 0);
	return 0;
}

/* Watch the config file's directory for the file being rewritten. */
static int config_watch(struct daemon *d)
{
	char *dir = xstrdup(d->config_real), *base = xstrdup(d->config_real);
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (fd >= 0 && inotify_add_watch(fd, dirname(dir), IN_CLOSE_WRITE) < 0) {
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		dlog(d, "failed: inotify: %s\n", strerror(errno));
	d->config_name = xstrdup(basename(base));
	vlog(d, "config file: %s, dir: %s\n", d->config_name, dir);
	free(dir);
	free(base);
	return fd;
}

static bool config_changed(struct daemon *d, int fd)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	bool changed = false;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *ev = (struct inotify_event *)p;

			if ((ev->mask & IN_CLOSE_WRITE) && !(ev->mask & IN_ISDIR) && ev->len &&
			    !strcmp(ev->name, d->config_name))
				changed = true;
			p += sizeof(*ev) + ev->len;
		}
	}
	return changed;
}

static int daemon__signalfd(struct daemon *d)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &mask, NULL))
		return -1;
	d->signal_fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	return d->signal_fd;
}

static int daemon__run(struct daemon *d)
{
	struct pollfd pfd[3];
	int sock, conf, err = 0;

	d->logging = true;
	dlog(d, "daemon started (pid %d)\n", (int)getpid());
	sock = server_socket(d);
	conf = sock < 0 ? -1 : config_watch(d);
	if (sock < 0 || conf < 0 || daemon__signalfd(d) < 0) {
		err = -1;
		goto out;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	pfd[0] = (struct pollfd){ .fd = sock, .events = POLLIN };
	pfd[1] = (struct pollfd){ .fd = conf, .events = POLLIN };
	pfd[2] = (struct pollfd){ .fd = d->signal_fd, .events = POLLIN };

	while (!done && !err) {
		err = daemon__reconfig(d);
		if (err || poll(pfd, 3, -1) <= 0)
			continue;
		if (pfd[0].revents & POLLIN)
			daemon__serve(d, sock);
		if (pfd[2].revents & POLLIN)
			daemon__reap(d);
		if ((pfd[1].revents & POLLIN) && config_changed(d, conf))
			err = daemon__reread(d);
	}
out:
	daemon__kill(d, NULL);
	if (sock >= 0)
		close(sock);
	if (conf >= 0)
		close(conf);
	dlog(d, "daemon exited\n");
	return err ? -1 : 0;
}

static int cmd_start(struct daemon *d, bool foreground)
{
	int err;

	d->start = time(NULL);
	if (daemon__setup(d)) {
		fprintf(stderr, "failed: config not found\n");
		return -1;
	}
	if (daemon__reread(d))
		return -1;
	if (foreground) {
		if (daemon__lock(d))
			return -1;
		d->out = stdout;
	} else {
		err = daemon__background(d);
		if (err)
			return err == 1 ? 0 : -1;
	}
	return daemon__run(d);
}

/* ---- the client ---- */

static int send_cmd(struct daemon *d, struct daemon_cmd *c)
{
	struct sockaddr_un addr;
	char buf[4096];
	ssize_t n;
	int fd;

	if (daemon__read_config(d, client_config) || control_addr(d, &addr))
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fprintf(stderr, "failed: connect: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (write(fd, c, sizeof(*c)) != (ssize_t)sizeof(*c)) {
		fprintf(stderr, "failed: write: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	/* the answer, as it comes (a ping may take seconds) */
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		if (fwrite(buf, 1, (size_t)n, stdout) != (size_t)n)
			break;
		fflush(stdout);
	}
	close(fd);
	return 0;
}

int cmd_daemon(int argc, const char **argv)
{
	static struct daemon d = { .signal_fd = -1 };
	const char *name = "all";
	bool foreground = false;
	struct option options[] = {
		OPT_INCR('v', "verbose", &d.verbose, "be more verbose"),
		OPT_STRING(0, "config", &d.config, "config file", "config file path"),
		OPT_STRING(0, "base", &d.base_user, "directory", "base directory"),
		OPT_STRING_OPTARG('x', "field-separator", &d.csv_sep, "field separator",
				  "print counts with custom separator", ","),
		OPT_END()
	};
	/* each subcommand's own option first, then the common ones */
	struct option start_options[ARRAY_SIZE(options) + 1] = {
		OPT_BOOLEAN('f', "foreground", &foreground, "stay on console"),
	};
	struct option session_options[ARRAY_SIZE(options) + 1] = {
		OPT_STRING(0, "session", &name, "session", "Sent signal to specific session"),
	};
	struct option ping_options[ARRAY_SIZE(options) + 1] = {
		OPT_STRING(0, "session", &name, "session", "Ping to specific session"),
	};
	struct option stop_options[ARRAY_SIZE(options)];
	struct daemon_cmd c;
	const char *sub;
	char self[PATH_MAX];
	ssize_t n;

	/* the common options, out of the subcommands' help as in perf */
	for (size_t i = 0; i < ARRAY_SIZE(options); i++) {
		struct option o = options[i];

		if (o.type != OPTION_END)
			o.flags |= PARSE_OPT_HIDDEN;
		start_options[i + 1] = o;
		session_options[i + 1] = o;
		ping_options[i + 1] = o;
		stop_options[i] = o;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		return error("failed: cannot find the prof executable: %s", strerror(errno));
	self[n] = '\0';
	d.self = self;
	d.out = stdout;

	argc = parse_options(argc, argv, options, daemon_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	memset(&c, 0, sizeof(c));
	if (!argc) {
		if (daemon__setup(&d)) {
			fprintf(stderr, "failed: config not found\n");
			return -1;
		}
		c.cmd = DCMD_LIST;
		c.u.list.verbose = d.verbose;
		c.u.list.sep = d.csv_sep ? *d.csv_sep : 0;
		return send_cmd(&d, &c);
	}
	sub = argv[0];
	if (!strcmp(sub, "start")) {
		if (parse_options(argc, argv, start_options, daemon_usage, 0))
			usage_with_options(daemon_usage, start_options);
		return cmd_start(&d, foreground);
	}
	if (!strcmp(sub, "signal")) {
		if (parse_options(argc, argv, session_options, daemon_usage, 0))
			usage_with_options(daemon_usage, session_options);
		c.cmd = DCMD_SIGNAL;
		c.u.signal.sig = SIGUSR2;
		snprintf(c.u.signal.name, sizeof(c.u.signal.name), "%s", name);
	} else if (!strcmp(sub, "stop")) {
		if (parse_options(argc, argv, stop_options, daemon_usage, 0))
			usage_with_options(daemon_usage, stop_options);
		c.cmd = DCMD_STOP;
	} else if (!strcmp(sub, "ping")) {
		if (parse_options(argc, argv, ping_options, daemon_usage, 0))
			usage_with_options(daemon_usage, ping_options);
		c.cmd = DCMD_PING;
		snprintf(c.u.ping.name, sizeof(c.u.ping.name), "%s", name);
	} else {
		fprintf(stderr, "failed: unknown command '%s'\n", sub);
		return -1;
	}
	if (daemon__setup(&d)) {
		fprintf(stderr, "failed: config not found\n");
		return -1;
	}
	return send_cmd(&d, &c);
}
