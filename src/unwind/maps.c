/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The executable mappings of a process, from /proc/PID/maps: which
 * object a pc belongs to, its offset in that file (the "[0x...]" of a
 * frame line), and whether a munmap/mprotect/mremap touches code.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "unwind/internal.h"

/* The whole of /proc/PID/maps, NUL-terminated, malloc'd. */
static char *read_maps(pid_t pid, size_t *lenp)
{
	char path[32];
	size_t len = 0, cap = 16384;
	char *buf = malloc(cap);
	int fd;

	if (!buf)
		return NULL;
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return NULL;
	}
	for (;;) {
		ssize_t n;

		if (cap - len < 4096) {
			char *nb = realloc(buf, cap * 2);

			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

/*
 * "start-end perms offset dev inode   path": the path starts after the
 * spaces that pad the inode column, and may itself hold spaces.
 */
static bool parse_line(char *line, struct uw_map *m, char **path)
{
	unsigned long long start, end, off;
	char perms[8];
	int pos = 0;

	if (sscanf(line, "%llx-%llx %7s %llx %*s %*u%n", &start, &end, perms,
		   &off, &pos) < 4 || !pos)
		return false;
	if (perms[2] != 'x')
		return false;
	line += pos;
	while (*line == ' ' || *line == '\t')
		line++;
	m->start = start;
	m->end = end;
	m->pgoff = off;
	*path = line;
	return true;
}

int uw_maps_load(struct uw_proc *p)
{
	size_t len = 0, n = 0, cap = 0, plen = 0;
	struct uw_map *maps = NULL;
	char *text, *line, *next, *paths;

	uw_maps_release(p);
	text = read_maps(p->tgid, &len);
	if (!text)
		return -errno;
	for (line = text; *line; line = next) {
		struct uw_map m;
		char *path;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!parse_line(line, &m, &path))
			continue;
		if (n == cap) {
			struct uw_map *nm;

			cap = cap ? cap * 2 : 32;
			nm = realloc(maps, cap * sizeof(*maps));
			if (!nm)
				break;
			maps = nm;
		}
		/* The path's offset in text for now: text is reused below. */
		m.path = (const char *)(uintptr_t)(path - text);
		plen += strlen(path) + 1;
		maps[n++] = m;
	}
	/* The paths move into one block; text can then go. */
	paths = malloc(plen ? plen : 1);
	if (!paths) {
		free(maps);
		free(text);
		return -ENOMEM;
	}
	plen = 0;
	for (size_t i = 0; i < n; i++) {
		const char *src = text + (uintptr_t)maps[i].path;
		size_t l = strlen(src) + 1;

		memcpy(paths + plen, src, l);
		maps[i].path = paths + plen;
		plen += l;
	}
	free(text);
	p->maps = maps;
	p->nmaps = n;
	p->paths = paths;
	p->maps_stale = false;
	debug("unwind: pid %d: %zu executable mappings", p->tgid, n);
	return 0;
}

void uw_maps_release(struct uw_proc *p)
{
	free(p->maps);
	free(p->paths);
	p->maps = NULL;
	p->paths = NULL;
	p->nmaps = 0;
}

/* /proc/PID/maps lists mappings in address order: a binary search. */
const struct uw_map *uw_maps_find(const struct uw_proc *p, uint64_t addr)
{
	size_t lo = 0, hi = p->nmaps;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct uw_map *m = &p->maps[mid];

		if (addr < m->start)
			hi = mid;
		else if (addr >= m->end)
			lo = mid + 1;
		else
			return m;
	}
	return NULL;
}

bool uw_maps_overlap(const struct uw_proc *p, uint64_t lo, uint64_t hi)
{
	for (size_t i = 0; i < p->nmaps; i++)
		if (p->maps[i].start < hi && lo < p->maps[i].end)
			return true;
	return false;
}
