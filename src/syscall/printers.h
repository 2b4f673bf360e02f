/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers of values that many syscalls share: constants and flag sets
 * (in the three -X styles), file descriptors (with -y), dirfds.  Family
 * files add their own (printers of structs they alone use stay there).
 */
#ifndef SLTRACE_SYSCALL_PRINTERS_H
#define SLTRACE_SYSCALL_PRINTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "xlat/xlat.h"

struct tcb;

/*
 * A set of flags, as strace prints every family's: "O_CREAT|O_TRUNC",
 * unknown bits as "|0x80000000", 0 as the table's zero name if it has
 * one, else "0".  A value of which no bit has a name reads
 * "0x10 /\* MCL_??? *\/", with dflt the name pattern ("0x10" when dflt
 * is NULL).  -X raw prints the number, -X verbose the number and the
 * names in a comment.
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
 * Text of a flag set or constant in the -X style, as print_flags and
 * print_xval print it, into buf; for return values, auxstr
 * ("= 0x1 (flags FD_CLOEXEC)") and composite values.  Return buf.
 */
const char *sprint_flags(char *buf, size_t size, const struct xlat *x,
			 uint64_t val, const char *dflt);
const char *sprint_xval(char *buf, size_t size, const struct xlat *x,
			uint64_t val, const char *dflt);
/* An I/O priority as "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)", the class in
 * the -X style (ioprio_get/ioprio_set, an aio control block's reqprio). */
const char *sprint_ioprio(char *buf, size_t size, uint32_t prio);
/*
 * The abbreviated form of sprint_flags whatever -X says, for the parts
 * of a value strace always shows by name (auxstr of prctl's getters).
 */
const char *sprint_flags_abbrev(char *buf, size_t size, const struct xlat *x,
				uint64_t val, const char *dflt);

/*
 * A value and the name(s) the caller made of it, in the -X style:
 * "AT_FDCWD", with -X verbose "-100 /\* AT_FDCWD *\/", with -X raw the
 * number alone; in decimal when dec, else in hex.  JSON gets the value
 * and the text.
 */
void print_named(struct tcb *tcp, uint64_t val, const char *names, bool dec);
/*
 * strace's "%#08x" (0x001000, and 00000000 for zero): a hex word that
 * emit_hex would print without its zeros.
 */
void print_hex08(struct tcb *tcp, uint32_t val);
/*
 * ", name=[0x1, 0]": reserved u32 words of a struct, in hex, shown only
 * when one of them is set (a kernel ABI's padding, as strace shows it).
 */
void print_reserved_u32(struct tcb *tcp, const char *name, const uint32_t *v,
			size_t n);
/*
 * "[5]": a number the kernel reads or writes through a pointer, as
 * strace shows it (in JSON an array of one number).
 */
void print_num_in_brackets(struct tcb *tcp, uint64_t val, bool is_signed);

/* A file descriptor: "3", or with -y "3</etc/passwd>". */
/*
 * mmap's flags: the mapping type, the other flags, then the hugetlb page
 * size ("21<<MAP_HUGE_SHIFT") — for the mmap decoder and libc's mmap().
 */
void print_mmap_flags(struct tcb *tcp, uint64_t val);

void print_fd(struct tcb *tcp, int fd);
/* The same for a descriptor of process pid (kcmp's). */
void print_pid_fd(struct tcb *tcp, pid_t pid, int fd);
/*
 * The process that pidfd fd of process pid refers to, from the "Pid:"
 * line of its fdinfo (kernel/pid.c, pidfd_show_fdinfo; -1 when it has
 * exited): true and *target, or false when that cannot be read.
 */
bool pidfd_pid(pid_t pid, int fd, pid_t *target);
/* A dirfd: AT_FDCWD (with -y "AT_FDCWD</cwd>") or a file descriptor. */
void print_dirfd(struct tcb *tcp, int fd);

/*
 * What -y shows for fd of pid: the link text of /proc/PID/fd/FD
 * ("/etc/passwd", "pipe:[1234]", "socket:[5678]").  Returns the length,
 * or -1 when it cannot be read.
 */
ssize_t fd_path(pid_t pid, int fd, char *buf, size_t size);

/*
 * An array of count elements of elsize bytes at addr in the tracee, as
 * strace prints each one: "[e0, e1, ...]", print_elem printing one
 * element from a copy of its bytes (data is the caller's, passed on).
 * NULL prints NULL; count 0 "[]"; -e verbose off, or a first element
 * that cannot be read, the address.  The array is cut after -s elements
 * unless -v ("..."), and an element that cannot be read ends it with
 * "... /\* its address *\/".  elsize is at most ARRAY_ELEM_MAX.
 */
#define ARRAY_ELEM_MAX 128
typedef void (*print_elem_fn)(struct tcb *tcp, const void *elem, void *data);
void print_array(struct tcb *tcp, uint64_t addr, uint64_t count, size_t elsize,
		 print_elem_fn print_elem, void *data);
/*
 * The same, with at most max elements shown whatever -v says and "..."
 * for the rest (a kernel limit such as BPF_MAXINSNS, past which strace
 * shows no more).
 */
void print_array_max(struct tcb *tcp, uint64_t addr, uint64_t count,
		     size_t elsize, uint64_t max, print_elem_fn print_elem,
		     void *data);

/* A signal number: "SIGINT" (or per -X), unknown as the number. */
void print_signo(struct tcb *tcp, int sig);

/*
 * struct timespec / timeval at addr, in the tracee's layout:
 * "{tv_sec=1, tv_nsec=500}".  NULL prints NULL; unreadable, or with
 * -e verbose off, the address.  The _64 forms read the 64-bit layout
 * whatever the personality (the i386 *_time64 syscalls);
 * print_any_timespec is print_timespec64 when time64, else
 * print_timespec (the decoder shared by a syscall and its _time64 twin).
 */
void print_timespec(struct tcb *tcp, uint64_t addr);
void print_timespec64(struct tcb *tcp, uint64_t addr);
void print_any_timespec(struct tcb *tcp, uint64_t addr, bool time64);
void print_timeval(struct tcb *tcp, uint64_t addr);
/* The same from values already read. */
void print_timespec_val(struct tcb *tcp, int64_t sec, int64_t nsec);

/*
 * A signal set of size bytes at addr (the sigsetsize argument, or 4 for
 * the i386 old_sigset_t): "[INT TERM]", or "~[KILL]" when more than half
 * the signals are in it.  As strace does for every syscall that takes
 * one, a size below the tracee's long or above the kernel's 64 signals,
 * NULL, -e verbose off or unreadable memory print the address.
 */
void print_sigset(struct tcb *tcp, uint64_t addr, uint64_t size);
/* The same from a mask already read (bit n-1 is signal n). */
void print_sigmask(struct tcb *tcp, uint64_t mask, unsigned int nsig);

#endif
