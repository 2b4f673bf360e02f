/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stopme: a process for job-control tests.  Writes its pid to the file
 * "stopme.pid", then naps until the file "go" exists, then prints
 * "done" and exits 0.  The test stops and continues it from outside.
 * Naps that end early (EINTR) are errors: a stop and continue must not
 * disturb a restartable sleep.
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	FILE *f;

	f = fopen("stopme.pid.tmp", "w");
	if (!f)
		return 1;
	fprintf(f, "%d\n", (int)getpid());
	if (fclose(f) || rename("stopme.pid.tmp", "stopme.pid"))
		return 1;
	while (access("go", F_OK)) {
		if (nanosleep(&ts, NULL)) {
			printf("nanosleep: errno %d\n", errno);
			return 1;
		}
	}
	printf("done\n");
	return 0;
}
