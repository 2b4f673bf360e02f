#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode's lines around the calls are Debian ltrace's, byte for byte
# once addresses and pids are normalised: "+++ exited (status 3) +++",
# "+++ killed by SIGKILL +++", "--- SIGUSR1 (User defined signal 1) ---"
# (the open call cut with " <no return ...>"), real-time signals as
# UNKNOWN_SIGNAL, "--- Called exec() ---", -b, and the pid prefix of -f
# ("PID " with -o, "[pid PID] " on stderr, even for one task).  ltrace
# works here: a PIE program with lazy binding and no threads.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

lm_build ev <<'EOF'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static void handler(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int st;
	pid_t p;

	struct sigaction sa;

	/* Real-time signals untraced (sigaction, raise): only their events. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGRTMIN + 1, &sa, NULL);
	signal(SIGUSR1, handler);
	if (!strcmp(mode, "sig")) {
		kill(getpid(), SIGUSR1);
		raise(SIGRTMIN + 1);
		puts("sig");
		return 3;
	}
	if (!strcmp(mode, "kill"))
		kill(getpid(), SIGKILL);
	if (!strcmp(mode, "abort"))
		abort();
	if (!strcmp(mode, "rtkill"))
		raise(SIGRTMIN + 3);
	if (!strcmp(mode, "exec")) {
		execl(argv[0], argv[0], "sig", (char *)NULL);
		return 1;
	}
	if (!strcmp(mode, "fork")) {
		p = fork();
		if (p == 0) {
			usleep(100000);
			_exit(7);
		}
		waitpid(p, &st, 0);
		return WEXITSTATUS(st) == 7 ? 0 : 1;
	}
	return 0;
}
EOF

E=signal+kill+puts+fork+waitpid+usleep+abort
lm_compare sig -e "$E" ./ev sig
lm_compare kill -e "$E" ./ev kill
lm_compare abort -e "$E" ./ev abort
lm_compare rtkill -e "$E" ./ev rtkill
lm_compare exec -e "$E" ./ev exec
lm_compare fork -e "$E" ./ev fork
lm_compare b -b -e "$E" ./ev sig
lm_compare b-fork -b -e "$E" ./ev fork
lm_compare f -f -e "$E" ./ev sig
lm_compare f-exec -f -e "$E" ./ev exec
# Two tasks under -f: only event lines, whose order the program fixes.
lm_compare f-fork -f -e none ./ev fork
lm_compare_stderr f-err -f -e "$E" ./ev sig
lm_compare_stderr f-err-fork -f -e none ./ev fork
lm_compare_stderr err -e "$E" ./ev abort

# The lines themselves, to be sure the comparison compared something.
expect_line sl.sig 'ev->kill(PID1, SIGUSR1 <no return ...>'
expect_line sl.sig '--- SIGUSR1 (User defined signal 1) ---'
expect_line sl.sig '--- UNKNOWN_SIGNAL (Real-time signal 1) ---'
expect_line sl.sig '+++ exited (status 3) +++'
expect_line sl.kill '+++ killed by SIGKILL +++'
expect_line sl.abort '+++ killed by SIGABRT +++'
expect_line sl.rtkill '+++ killed by UNKNOWN_SIGNAL +++'
expect_line sl.exec '--- Called exec() ---'
expect_line sl.f 'PID1 +++ exited (status 3) +++'
expect_line sl.f-fork 'PID1 +++ exited (status 7) +++'
expect_line sl.f-fork 'PID2 --- SIGCHLD (Child exited) ---'
expect_line sl.f-err '[pid PID1] +++ exited (status 3) +++'
expect_no_match sl.b '^---'
exit 0
