/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The body of a "--- SIGCHLD {...} ---" line: the fields of a siginfo_t
 * that matter for its signal and si_code, as strace shows them.
 */
#ifndef SLTRACE_SIGINFO_H
#define SLTRACE_SIGINFO_H

#include <signal.h>

struct tcb;

/*
 * Print si (as PTRACE_GETSIGINFO returned it for tcp) through the emit
 * primitives, braces included: {si_signo=SIGCHLD, si_code=CLD_EXITED,
 * si_pid=2527, si_uid=0, si_status=7, si_utime=0, si_stime=0}.
 */
void print_siginfo(struct tcb *tcp, const siginfo_t *si);
/* si_fd as -y shows descriptors: main.c hands over syscall's print_fd. */
void siginfo_set_fd_printer(void (*print)(struct tcb *tcp, int fd));

#endif
