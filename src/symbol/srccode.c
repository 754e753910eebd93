// SPDX-License-Identifier: GPL-2.0-only
/*
 * srccode.c: perf script's srccode field: the source text of a sample's
 * line, read from the file DWARF names (its full path), printed when the
 * thread's line changes (perf's srccode_state).
 */
#include "prof/compat.h"
#include "prof/util.h"
#include "prof/srccode.h"
#include "prof/srcline.h"

struct src_file {
	char *path;
	char *text;		/* NULL: could not be read */
	size_t size;
	size_t *lines;		/* offset of each line's start */
	unsigned int nr_lines;
};

struct thread_line {
	int tid;
	const char *file;	/* borrowed from the dso's line cache */
	unsigned int line;
};

struct srccode {
	struct src_file *files;
	int nr_files;
	struct thread_line *threads;
	int nr_threads;
};

struct srccode *srccode__new(void)
{
	return xcalloc(1, sizeof(struct srccode));
}

void srccode__delete(struct srccode *sc)
{
	if (!sc)
		return;
	for (int i = 0; i < sc->nr_files; i++) {
		free(sc->files[i].path);
		free(sc->files[i].text);
		free(sc->files[i].lines);
	}
	free(sc->files);
	free(sc->threads);
	free(sc);
}

static struct src_file *srccode__file(struct srccode *sc, const char *path)
{
	struct src_file *f;
	FILE *fp;
	long n;

	for (int i = 0; i < sc->nr_files; i++)
		if (!strcmp(sc->files[i].path, path))
			return &sc->files[i];
	sc->files = xrealloc(sc->files, (size_t)(sc->nr_files + 1) * sizeof(*sc->files));
	f = &sc->files[sc->nr_files++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	fp = fopen(path, "r");
	if (!fp)
		return f;
	if (fseek(fp, 0, SEEK_END) || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
		fclose(fp);
		return f;
	}
	f->text = xmalloc((size_t)n + 1);
	f->size = fread(f->text, 1, (size_t)n, fp);
	f->text[f->size] = '\0';
	fclose(fp);
	/* perf's countlines and fill_lines: a last line without '\n' counts */
	for (size_t off = 0; off < f->size;) {
		const char *nl = memchr(f->text + off, '\n', f->size - off);

		f->lines = xrealloc(f->lines, (f->nr_lines + 1) * sizeof(*f->lines));
		f->lines[f->nr_lines++] = off;
		off = nl ? (size_t)(nl - f->text) + 1 : f->size;
	}
	return f;
}

char *srccode__line(struct srccode *sc, int tid, struct dso *dso, u64 addr, char *buf,
		    size_t size)
{
	struct thread_line *t = NULL;
	struct src_file *f;
	const char *file, *text, *nl;
	unsigned int line;

	buf[0] = '\0';
	if (!dso || dso__srcline(dso, addr, &file, &line) || !line)
		return buf;
	for (int i = 0; i < sc->nr_threads && !t; i++)
		if (sc->threads[i].tid == tid)
			t = &sc->threads[i];
	/* perf's "avoid redundant printing": the thread's last line again */
	if (t && t->file && !strcmp(t->file, file) && t->line == line)
		return buf;
	f = srccode__file(sc, file);
	if (!f->text || line > f->nr_lines)
		return buf;
	text = f->text + f->lines[line - 1];
	nl = memchr(text, '\n', f->size - f->lines[line - 1]);
	snprintf(buf, size, "|%-8u %.*s\n", line,
		 (int)(nl ? nl - text : (ptrdiff_t)(f->size - f->lines[line - 1])), text);
	if (!t) {
		sc->threads = xrealloc(sc->threads, (size_t)(sc->nr_threads + 1) * sizeof(*sc->threads));
		t = &sc->threads[sc->nr_threads++];
		t->tid = tid;
	}
	t->file = file;
	t->line = line;
	return buf;
}
