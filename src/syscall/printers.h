/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers of values that many syscalls share: constants and flag sets
 * (in the three -X styles), file descriptors (with -y), dirfds.  Family
 * files add their own (printers of structs they alone use stay there).
 */
#ifndef SLTRACE_SYSCALL_PRINTERS_H
#define SLTRACE_SYSCALL_PRINTERS_H

#include <stdint.h>
#include <sys/types.h>

#include "xlat/xlat.h"

struct tcb;

/*
 * A set of flags: "O_CREAT|O_TRUNC", unknown bits as "|0x80000000", and
 * 0 as the table's zero name if it has one, else "0".  dflt is the name
 * pattern of unknown bits for -X verbose ("O_???").
 */
void print_flags(struct tcb *tcp, const struct xlat *x, uint64_t val,
		 const char *dflt);
/*
 * One constant: its name, or unknown as "0x4d /\* SEEK_??? *\/" (hex) or
 * in decimal with print_xval_d.
 */
void print_xval(struct tcb *tcp, const struct xlat *x, uint64_t val,
		const char *dflt);
void print_xval_d(struct tcb *tcp, const struct xlat *x, int64_t val,
		  const char *dflt);

/*
 * Text of a constant or flag set in the -X style, into buf; for return
 * values and auxstr ("= 0x1 (flags FD_CLOEXEC)").  Returns buf.
 */
const char *sprint_flags(char *buf, size_t size, const struct xlat *x,
			 uint64_t val, const char *dflt);

/* A file descriptor: "3", or with -y "3</etc/passwd>". */
void print_fd(struct tcb *tcp, int fd);
/* A dirfd: AT_FDCWD (with -y "AT_FDCWD</cwd>") or a file descriptor. */
void print_dirfd(struct tcb *tcp, int fd);

/*
 * What -y shows for fd of pid: the link text of /proc/PID/fd/FD
 * ("/etc/passwd", "pipe:[1234]", "socket:[5678]").  Returns the length,
 * or -1 when it cannot be read.
 */
ssize_t fd_path(pid_t pid, int fd, char *buf, size_t size);

/* A signal number: "SIGINT" (or per -X), unknown as the number. */
void print_signo(struct tcb *tcp, int sig);

#endif

/*
 * struct timespec / timeval at addr, in the tracee's layout:
 * "{tv_sec=1, tv_nsec=500}".  NULL prints NULL, unreadable the address.
 * The _64 forms read the 64-bit layout whatever the personality (the
 * i386 *_time64 syscalls).
 */
void print_timespec(struct tcb *tcp, uint64_t addr);
void print_timespec64(struct tcb *tcp, uint64_t addr);
void print_timeval(struct tcb *tcp, uint64_t addr);
/* The same from values already read. */
void print_timespec_val(struct tcb *tcp, int64_t sec, int64_t nsec);

/*
 * A signal set of size bytes at addr: "[INT TERM]", or "~[KILL]" when
 * more than half the signals are in it.  The caller checks the size the
 * syscall accepts (strace shows the address for a wrong size).
 */
void print_sigset(struct tcb *tcp, uint64_t addr, unsigned int size);
/* The same from a mask already read (bit n-1 is signal n). */
void print_sigmask(struct tcb *tcp, uint64_t mask, unsigned int nsig);
