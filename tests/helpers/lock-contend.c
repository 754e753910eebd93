/*
 * lock-contend [ROUNDS]: threads that make the kernel's locks contend, so
 * that lock:contention_begin/end fire (a pthread mutex contends in user
 * space: only its futex reaches the kernel). Four kinds of threads run at
 * once, ROUNDS (default 3000) operations each:
 *   - mapper: mmap, touch, munmap: the process's mmap_lock (rwsem, write
 *     in mmap/munmap, read in the page fault);
 *   - faulter: touches fresh pages of a shared mapping: mmap_lock for read;
 *   - appender: small O_APPEND writes to one file: its inode's i_rwsem;
 *   - creator: creates and removes a file in the current directory: the
 *     directory's i_rwsem;
 *   - piper: writes and reads one pipe: the pipe's mutex;
 *   - locker: one pthread mutex, held briefly: futex wakeups (the futex
 *     hash bucket's spinlock).
 * Four of each, in two processes. The file is made in the current
 * directory and removed at once.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static int rounds = 3000;
static int file_fd, pipe_fd[2];
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long shared_counter;

static __attribute__((noinline)) void *mapper(void *arg)
{
	(void)arg;
	for (int i = 0; i < rounds; i++) {
		char *p = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			exit(1);
		p[0] = 1;
		munmap(p, 4 * 4096);
	}
	return NULL;
}

static __attribute__((noinline)) void *faulter(void *arg)
{
	size_t len = 256 * 4096;

	(void)arg;
	for (int i = 0; i < rounds / 64 + 1; i++) {
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			exit(1);
		for (size_t off = 0; off < len; off += 4096)
			p[off] = 1;
		munmap(p, len);
	}
	return NULL;
}

static __attribute__((noinline)) void *appender(void *arg)
{
	char line[64];

	(void)arg;
	memset(line, 'x', sizeof(line));
	for (int i = 0; i < rounds; i++)
		if (write(file_fd, line, sizeof(line)) != (ssize_t)sizeof(line))
			exit(1);
	return NULL;
}

static __attribute__((noinline)) void *creator(void *arg)
{
	char name[64];

	snprintf(name, sizeof(name), "lock-contend.%d.%p", (int)getpid(), (void *)&name);
	for (int i = 0; i < rounds / 4; i++) {
		int fd = open(name, O_CREAT | O_WRONLY, 0600);

		if (fd < 0)
			exit(1);
		close(fd);
		unlink(name);
	}
	(void)arg;
	return NULL;
}

static __attribute__((noinline)) void *piper(void *arg)
{
	static __thread char buf[16384];

	(void)arg;
	memset(buf, 'p', sizeof(buf));
	for (int i = 0; i < rounds; i++) {
		if (write(pipe_fd[1], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			exit(1);
		if (read(pipe_fd[0], buf, sizeof(buf)) <= 0)
			exit(1);
	}
	return NULL;
}

static __attribute__((noinline)) void *locker(void *arg)
{
	(void)arg;
	for (int i = 0; i < rounds * 4; i++) {
		pthread_mutex_lock(&mutex);
		for (int j = 0; j < 50; j++)
			shared_counter++;
		pthread_mutex_unlock(&mutex);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	void *(*const kinds[])(void *) = { mapper, faulter, appender, creator, piper, locker };
	pthread_t t[4 * sizeof(kinds) / sizeof(kinds[0])];
	char name[] = "lock-contend.XXXXXX";
	size_t n = 0;
	pid_t child;

	if (argc > 1)
		rounds = atoi(argv[1]);
	/* an unlinked file in append mode, and a pipe */
	file_fd = mkstemp(name);
	if (file_fd < 0 || pipe(pipe_fd))
		return 1;
	unlink(name);
	if (fcntl(file_fd, F_SETFL, O_APPEND))
		return 1;
	/* two processes: two mmap_locks, the file and the pipe shared */
	child = fork();
	if (child < 0)
		return 1;
	for (int copy = 0; copy < 4; copy++)
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if (pthread_create(&t[n++], NULL, kinds[k], NULL))
				return 1;
	for (size_t i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	if (child) {
		int status;

		if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status))
			return 1;
		printf("%lu\n", shared_counter);
	}
	return 0;
}
