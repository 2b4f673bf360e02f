/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program started with huge arguments and environment variables
 * (tests/cases/unnoticed_bigargs.sh).
 *
 *   bigargs print ARG...   prints the length and a hash (64-bit FNV-1a)
 *                          of each ARG, of each environment variable
 *                          whose name starts with BIG, and of the whole
 *                          environment but "_" (which a shell sets to
 *                          the command it runs)
 *   bigargs exec ARG...    execs itself as "bigargs print ARG...",
 *                          with the same environment
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static uint64_t fnv(const char *s, uint64_t h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define FNV_BASIS 0xcbf29ce484222325ULL

int main(int argc, char **argv)
{
	uint64_t all = FNV_BASIS;
	int nenv = 0;

	if (argc >= 2 && !strcmp(argv[1], "exec")) {
		argv[1] = "print";
		execve("/proc/self/exe", argv, environ);
		perror("execve");
		return 1;
	}
	if (argc < 2 || strcmp(argv[1], "print")) {
		fprintf(stderr, "usage: bigargs print|exec ARG...\n");
		return 2;
	}
	for (int i = 2; i < argc; i++)
		printf("arg %d: length %zu hash %016llx\n", i - 1,
		       strlen(argv[i]),
		       (unsigned long long)fnv(argv[i], FNV_BASIS));
	for (char **e = environ; *e; e++) {
		if (!strncmp(*e, "_=", 2))
			continue;
		nenv++;
		all = fnv(*e, all);
		all = fnv("\n", all);
		if (!strncmp(*e, "BIG", 3))
			printf("env %.*s: length %zu hash %016llx\n",
			       (int)strcspn(*e, "="), *e, strlen(*e),
			       (unsigned long long)fnv(*e, FNV_BASIS));
	}
	printf("environment: %d variables, hash %016llx\n", nenv,
	       (unsigned long long)all);
	return argc - 2;
}
