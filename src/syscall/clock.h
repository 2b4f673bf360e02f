/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers of the time family (time.c) that other families share: clock
 * ids, struct sigevent (mq_notify), struct itimerspec (timerfd_*).
 */
#ifndef SLTRACE_SYSCALL_CLOCK_H
#define SLTRACE_SYSCALL_CLOCK_H

#include <stdint.h>

struct tcb;
struct xlat;

/* "CLOCK_MONOTONIC", or "0xfffe5aca /\* CLOCK_??? *\/" (dynamic clocks). */
void print_clockid(struct tcb *tcp, int clk);
/*
 * struct sigevent at addr in the tracee's layout: "{sigev_value=...,
 * sigev_signo=SIGUSR1, sigev_notify=SIGEV_SIGNAL}"; NULL as NULL, an
 * unreadable one as its address.
 */
void print_sigevent(struct tcb *tcp, uint64_t addr);
/*
 * struct itimerspec at addr: "{it_interval={...}, it_value={...}}"; the
 * address when NULL, unreadable or -e verbose is off.  wide: the 64-bit
 * layout whatever the personality (*_time64 calls).
 */
void print_itimerspec(struct tcb *tcp, uint64_t addr, int wide);

/*
 * The common part of timer_settime and timerfd_settime, after the timer
 * the caller prints at entry: the flags of the flags table (dflt their
 * unknown pattern) and the new itimerspec, then at exit the old one.
 * decode_itimer_gettime: the itimerspec of argument arg, filled by the
 * kernel, at exit (timer_gettime, timerfd_gettime, and the above).
 */
int decode_itimer_settime(struct tcb *tcp, const struct xlat *flags,
			  const char *dflt, int wide);
int decode_itimer_gettime(struct tcb *tcp, unsigned int arg, int wide);

#endif
