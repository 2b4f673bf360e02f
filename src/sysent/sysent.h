/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One row per syscall number and personality.  The rows themselves are
 * generated data (syscallent/x86_64.h, syscallent/i386.h); this header
 * says what a row means.
 */
#ifndef SLTRACE_SYSENT_H
#define SLTRACE_SYSENT_H

#include <stddef.h>

struct tcb;

/*
 * A decoder prints the arguments of one syscall.  It is called at entry
 * and at exit (tcb->sc.exiting tells which) and returns RVAL_* flags for
 * how the return value is shown.  NULL means "print by argfmt".
 */
typedef int (*sys_decoder_fn)(struct tcb *);

/* Class flags: the strace trace classes (%file, %desc, ...). */
#define TRACE_FILE		0x00000001	/* TF   %file */
#define TRACE_IPC		0x00000002	/* TI   %ipc */
#define TRACE_NETWORK		0x00000004	/* TN   %net */
#define TRACE_PROCESS		0x00000008	/* TP   %process */
#define TRACE_SIGNAL		0x00000010	/* TS   %signal */
#define TRACE_DESC		0x00000020	/* TD   %desc */
#define TRACE_MEMORY		0x00000040	/* TM   %memory */
#define TRACE_CREDS		0x00000080	/* TC   %creds */
#define TRACE_CLOCK		0x00000100	/* TCL  %clock */
#define TRACE_STAT		0x00000200	/* TST  %stat */
#define TRACE_LSTAT		0x00000400	/* TLST %lstat */
#define TRACE_FSTAT		0x00000800	/* TFST %fstat */
#define TRACE_STAT_LIKE		0x00001000	/* TSTA %%stat */
#define TRACE_STATFS		0x00002000	/* TSF  %statfs */
#define TRACE_FSTATFS		0x00004000	/* TFSF %fstatfs */
#define TRACE_STATFS_LIKE	0x00008000	/* TSFA %%statfs */
#define TRACE_PURE		0x00010000	/* PU   %pure: no args, always succeeds */
/* Properties that are not classes. */
#define SYSCALL_NEVER_FAILS	0x00100000	/* NF: return is never an errno */
#define SYSCALL_NO_RETURN	0x00200000	/* NR: exit, exit_group: "= ?" */
#define SYSCALL_RVAL_HEX	0x00400000	/* RX: brk, mmap: return in hex */
#define SYSCALL_MAPS_CHANGE	0x00800000	/* SE: changes the address space (-k) */
#define SYSCALL_RVAL_FD		0x01000000	/* RF: return value is a new fd (-y) */
/*
 * A row no syscall number reaches: i386's accept, send and recv exist
 * only as socketcall(2) sub-calls, semop and semtimedop as ipc(2) ones.  They have numbers of their own
 * (I386_SUBCALL_*, past the kernel's) so that -e trace=accept, %net and
 * the other qualifiers select them; sysent_lookup() does not return them.
 */
#define SYSCALL_SUBCALL_ONLY	0x02000000
#define I386_SUBCALL_ACCEPT	1000
#define I386_SUBCALL_SEND	1001
#define I386_SUBCALL_RECV	1002
#define I386_SUBCALL_SEMOP	1003	/* and these two only through ipc(2) */
#define I386_SUBCALL_SEMTIMEDOP	1004

/*
 * argfmt: one letter per argument, the default printer used until a
 * syscall has a decoder of its own.  Lower case is printed at entry,
 * upper case at exit (output arguments).
 *   d int          u unsigned int   l long          z unsigned long
 *   x hex (0 as 0) o octal mode     p pointer (NULL or 0x...)
 *   f fd           a dirfd (AT_FDCWD for -100)
 *   s path string, never truncated
 *   b input buffer: string of length = the next argument, cut at -s
 *   B output buffer: string of length = return value, cut at -s (exit)
 *   P output pointer, printed at exit (as p)
 */
struct sysent {
	unsigned char nargs;
	unsigned int flags;
	sys_decoder_fn decode;
	const char *argfmt;
	const char *name;
	const char *argnames;	/* "fd,buf,count": the kernel's names */
};

struct sysent_table {
	const struct sysent *ents;
	unsigned int count;		/* numbers 0 .. count-1 */
};

/* The table of each personality (index PERS_*). */
extern const struct sysent_table sysent_tables[];

/*
 * Row for a number, or NULL when the number is not a known syscall
 * (printed as syscall_0x1c8(...)).
 */
const struct sysent *sysent_lookup(int pers, long nr);

/*
 * One past the highest number the kernel assigns in a personality: the
 * table's count, less i386's sub-call rows (I386_SUBCALL_*).
 */
unsigned int sysent_kernel_count(int pers);

/* Number of a syscall name in a personality, -1 if none. */
long sysent_find(int pers, const char *name);

#endif
