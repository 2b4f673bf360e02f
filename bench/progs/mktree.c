/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Set-up for the tar workload (not timed): write a tree of DIRS
 * directories (default 20) holding FILES small files each (default 20)
 * under ROOT, with contents that differ from file to file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
	long ndirs, nfiles, d, f, k;
	char path[4096];
	FILE *fp;

	if (argc < 2) {
		fprintf(stderr, "usage: mktree ROOT [DIRS] [FILES]\n");
		return 2;
	}
	ndirs = argc > 2 ? strtol(argv[2], NULL, 10) : 20;
	nfiles = argc > 3 ? strtol(argv[3], NULL, 10) : 20;

	if (mkdir(argv[1], 0755) < 0 && errno != EEXIST) {
		perror(argv[1]);
		return 1;
	}
	for (d = 0; d < ndirs; d++) {
		snprintf(path, sizeof(path), "%s/dir-%02ld", argv[1], d);
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			perror(path);
			return 1;
		}
		for (f = 0; f < nfiles; f++) {
			snprintf(path, sizeof(path),
				 "%s/dir-%02ld/file-%02ld.txt", argv[1], d, f);
			fp = fopen(path, "w");
			if (!fp) {
				perror(path);
				return 1;
			}
			/* 0.5 to 4 KiB: a source tree's typical file. */
			for (k = 0; k < 16 + (d * 7 + f * 13) % 112; k++)
				fprintf(fp, "line %ld of %s\n", k, path);
			if (fclose(fp)) {
				perror(path);
				return 1;
			}
		}
	}
	return 0;
}
