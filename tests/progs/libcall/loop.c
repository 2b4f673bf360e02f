/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * loop count N        N calls bar_add(i, 1), i = 0..N-1; prints the sum
 * loop wait RESULT    an attach target: writes its pid to loop.pid, then
 *                     loops: bar_cb(cb, i), where cb calls bar_add(i, 1)
 *                     and bar_nap(1) -- so the program is most often
 *                     inside two traced calls -- until the byte in the
 *                     file "flag" (created 0) turns 1, then 200 times
 *                     more.  Writes "ok ITERATIONS" to RESULT.
 *
 * wait checks what a detach must leave: every executable segment of every
 * loaded object (dl_iterate_phdr) holds the bytes it held before the
 * tracer came (no int3 left), and the calls in flight at the detach
 * return to where they were called from (no return address left pointing
 * into the tracer's page).  Exits 0 when all is well, else prints why
 * and exits 1.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bar.h"
#include "segs.h"

static int bad, flagfd = -1;
static long iter;

static void cb(int i)
{
	bad |= bar_add(i, 1) != i + 1;
	bad |= bar_nap(1) != 1;
}

static int flag_set(void)
{
	char c = 0;

	return pread(flagfd, &c, 1, 0) == 1 && c == '1';
}

static int do_wait(const char *result)
{
	FILE *f;
	long more = -1;

	flagfd = open("flag", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (flagfd < 0 || write(flagfd, "0", 1) != 1) {
		perror("flag");
		return 2;
	}
	segs_snap();
	f = fopen("loop.pid", "w");
	if (!f || fprintf(f, "%d\n", (int)getpid()) < 0 || fclose(f))
		return 2;
	for (iter = 0; more != 0; iter++) {
		bad |= bar_cb(cb, iter) != iter + 1;
		if (more > 0)
			more--;
		else if (more < 0 && flag_set())
			more = 200;
	}
	if (!check_segs())
		bad = 1;
	f = fopen(result, "w");
	if (!f)
		return 2;
	fprintf(f, bad ? "failed %ld\n" : "ok %ld\n", iter);
	fclose(f);
	return bad;
}

int main(int argc, char **argv)
{
	long i, n, sum = 0;

	if (argc == 3 && strcmp(argv[1], "wait") == 0)
		return do_wait(argv[2]);
	if (argc != 3 || strcmp(argv[1], "count") != 0 ||
	    (n = atol(argv[2])) < 0) {
		fprintf(stderr, "usage: loop count N | loop wait RESULT\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		int r = bar_add(i, 1);

		bad |= r != i + 1;
		sum += r;
	}
	if (bad)
		puts("wrong results");
	else
		printf("ok %ld\n", sum);
	return bad;
}
