/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ioctl decoder's families.  ioctl.c prints the descriptor and the
 * command, then asks each family in turn; one that knows the command
 * prints the rest of the line and returns as a SYS_FUNC does:
 *
 *	RVAL_DECODED	all printed; an ioctl that takes no argument
 *			prints none (strace's "ioctl(3, NS_GET_USERNS)"),
 *			so the family writes the emit_next() itself;
 *	0 (or RVAL_*)	call me again at the exit stop (the family ended
 *			its entry half with emit_next(), or with the input
 *			half of an in-out struct, strace's "{...} => {...}").
 *
 * A family that does not know the command returns IOCTL_UNKNOWN at
 * entry: the argument prints as a number.  At the exit stop the same
 * family is asked again with the same command.
 */
#ifndef SLTRACE_SYSCALL_IOCTL_H
#define SLTRACE_SYSCALL_IOCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscall/defs.h"

#define IOCTL_UNKNOWN	(-1)

typedef int (*ioctl_family_fn)(struct tcb *tcp, uint32_t code, uint64_t arg);

/* Namespaces, userfaultfd, perf events, seccomp, inotify, random (ioctl_kernel.c). */
int ioctl_kernel(struct tcb *tcp, uint32_t code, uint64_t arg);
/* Loop devices, BLK*, FS_IOC_*, FI*, SG_IO (ioctl_block.c). */
int ioctl_block(struct tcb *tcp, uint32_t code, uint64_t arg);
/* Devices: HDIO (ioctl_dev.c). */
int ioctl_dev(struct tcb *tcp, uint32_t code, uint64_t arg);
/* Input devices: evdev (ioctl_input.c). */
int ioctl_input(struct tcb *tcp, uint32_t code, uint64_t arg);
/* GPIO chips and lines (ioctl_gpio.c). */
int ioctl_gpio(struct tcb *tcp, uint32_t code, uint64_t arg);
/* The virtual console's KD*, GIO_* and PIO_* (ioctl_kd.c). */
int ioctl_kd(struct tcb *tcp, uint32_t code, uint64_t arg);

/* NBD, LIRC, UBI, MTD (ioctl_dev2.c). */
int ioctl_dev2(struct tcb *tcp, uint32_t code, uint64_t arg);
/* PTP clocks, TEE (ioctl_dev3.c). */
int ioctl_dev3(struct tcb *tcp, uint32_t code, uint64_t arg);
/* The SCSI generic driver's SG_* (ioctl_scsi.c). */
int ioctl_scsi(struct tcb *tcp, uint32_t code, uint64_t arg);
/* Video4Linux2 VIDIOC_* (ioctl_v4l2.c). */
int ioctl_v4l2(struct tcb *tcp, uint32_t code, uint64_t arg);

/* Socket ioctls: struct ifreq, ifconf (ioctl_net.c). */
int ioctl_net(struct tcb *tcp, uint32_t code, uint64_t arg);

/* KVM on x86 (ioctl_kvm.c). */
int ioctl_kvm(struct tcb *tcp, uint32_t code, uint64_t arg);

/* btrfs's BTRFS_IOC_*, FS_IOC_[GS]ETFSLABEL, FIDEDUPERANGE (ioctl_btrfs.c). */
int ioctl_btrfs(struct tcb *tcp, uint32_t code, uint64_t arg);

/* Device mapper (ioctl_dm.c). */
int ioctl_dm(struct tcb *tcp, uint32_t code, uint64_t arg);

/* Whether code has a name in the tables of ioctl.c. */
bool ioctl_known(struct tcb *tcp, uint32_t code);

/*
 * The name of a command whose number carries a parameter, as strace
 * spells it ("EVIOCGBIT(EV_KEY, 8)", "MIXER_READ(13)"), into buf; its
 * length, 0 when code is none of them.  verbose: for -X verbose, where
 * an unknown parameter shows as a bare number (ioctl_input.c).
 */
size_t ioctl_sized_name(uint32_t code, bool verbose, char *buf, size_t size);

/* --- helpers the families share (ioctl.c) --------------------------- */

/*
 * Read len bytes at addr; when that fails (or addr is 0) print the
 * address (NULL) and return false.  With -e verbose=none too: strace
 * shows every struct argument of an ioctl as its address then.
 */
bool ioctl_fetch(struct tcb *tcp, uint64_t addr, void *buf, size_t len);
/* At exit: whether to print the output struct (false: the address is printed). */
bool ioctl_fetch_out(struct tcb *tcp, uint64_t addr, void *buf, size_t len);

/* A fixed char array holding a NUL-terminated string ("lo_name"). */
void ioctl_cstr_field(struct tcb *tcp, const char *name, const void *s,
		      size_t size);
/*
 * len bytes at addr as a string, cut at the -s limit as emit_buf() does,
 * with emit_quoted()'s flags (QUOTE_FORCE_HEX: strace's hex dumps).
 */
void ioctl_buf(struct tcb *tcp, uint64_t addr, uint64_t len,
	       unsigned int flags);
/* The argument itself as an int ("LOOP_SET_FD, -1159983635"). */
int ioctl_int_arg(struct tcb *tcp, uint64_t arg);
/* The argument itself as an unsigned long ("BLKRASET, 1604..."). */
int ioctl_ulong_arg(struct tcb *tcp, uint64_t arg);
/* The argument as a plain address. */
int ioctl_ptr_arg(struct tcb *tcp, uint64_t arg);
/* "[value]" of an integer of size bytes at addr, decimal or hex. */
void ioctl_num_ptr(struct tcb *tcp, uint64_t addr, unsigned int size,
		   bool is_signed, bool hex);

/*
 * count elements of elsize bytes already read (a struct's array member):
 * "[e0, e1, ...]", cut after -s elements unless -v, as print_array()
 * cuts one in tracee memory (ioctl_gpio.c).  The element printers: u32
 * and u8 in decimal, u32 in hex.
 */
void ioctl_local_array(struct tcb *tcp, const void *base, size_t count,
		       size_t elsize, print_elem_fn print_elem, void *data);
void ioctl_elem_u32(struct tcb *tcp, const void *elem, void *data);
void ioctl_elem_x32(struct tcb *tcp, const void *elem, void *data);
void ioctl_elem_u8(struct tcb *tcp, const void *elem, void *data);

/*
 * A command whose size differs on i386: its native number and the size
 * an i386 tracee's number carries.  ioctl_native() gives the native
 * number of an i386 tracee's one, 0 for the native number itself there
 * (no i386 command), any other code unchanged.
 */
struct ioctl_compat {
	uint32_t native;
	uint32_t size32;
};
uint32_t ioctl_native(struct tcb *tcp, uint32_t code,
		      const struct ioctl_compat *c, size_t n);

/*
 * A command whose argument the kernel writes: ", " at entry, at exit the
 * address when the call failed (or is NULL), else print(tcp, code, arg).
 */
typedef void (*ioctl_print_fn)(struct tcb *tcp, uint32_t code, uint64_t addr);
int ioctl_getter(struct tcb *tcp, uint64_t arg, ioctl_print_fn print,
		 uint32_t code);

/* Field helpers: ", name=value". */
void ioctl_field_u(struct tcb *tcp, const char *name, uint64_t v);
void ioctl_field_d(struct tcb *tcp, const char *name, int64_t v);
void ioctl_field_x(struct tcb *tcp, const char *name, uint64_t v);
void ioctl_field_ptr(struct tcb *tcp, const char *name, uint64_t v);

#endif
