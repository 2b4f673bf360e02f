/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: create 200 files in DIR, then open, fstat and close each of
 * them, ROUNDS times (default 50).  Path arguments and struct stat
 * results make the tracer read and decode tracee memory.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define NFILES 200

int main(int argc, char **argv)
{
	char path[4096];
	struct stat st;
	long rounds;
	int i, r, fd;

	if (argc < 2) {
		fprintf(stderr, "usage: files DIR [ROUNDS]\n");
		return 2;
	}
	rounds = argc > 2 ? strtol(argv[2], NULL, 10) : 50;

	for (i = 0; i < NFILES; i++) {
		snprintf(path, sizeof(path), "%s/file-%03d", argv[1], i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, path, 16) != 16 || close(fd) < 0) {
			perror(path);
			return 1;
		}
	}
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < NFILES; i++) {
			snprintf(path, sizeof(path), "%s/file-%03d", argv[1],
				 i);
			fd = open(path, O_RDONLY);
			if (fd < 0 || fstat(fd, &st) < 0) {
				perror(path);
				return 1;
			}
			close(fd);
		}
	}
	return 0;
}
