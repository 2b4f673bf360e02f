/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers of the descriptor family (desc.c, io.c, fcntl.c, poll.c,
 * epoll.c, fdmisc.c, ioctl.c, dump.c), some of them for other families
 * too: msghdr's msg_iov prints as readv's array does, and sendto/recvfrom
 * and sendmsg/recvmsg dump their data under -e write= / -e read=.
 */
#ifndef SLTRACE_SYSCALL_DESC_H
#define SLTRACE_SYSCALL_DESC_H

#include <stdbool.h>
#include <stdint.h>

#include "xlat/xlat.h"

struct tcb;

/* No limit on the data of an iovec array (writev: each whole buffer). */
#define IOV_DATA_ALL UINT64_MAX

/*
 * An iovec array of count elements at addr, in the tracee's layout:
 * "[{iov_base="abc", iov_len=3}, ...]".  With data, each iov_base shows
 * its bytes, all of them together no more than data_size (readv at exit
 * passes the return value; later buffers show ""), each cut at -s;
 * without, the addresses (a failed readv).  Arrays are cut after -s
 * elements unless -v; an element that cannot be read ends the array
 * with "... /\* address *\/".
 */
void print_iov(struct tcb *tcp, uint64_t addr, uint64_t count,
	       uint64_t data_size, bool data);
/* The same with data, each buffer netlink messages of socket fd. */
void print_iov_sock(struct tcb *tcp, int fd, uint64_t addr, uint64_t count,
		    uint64_t data_size);

/*
 * -e read=SET / -e write=SET hex dumps (src/syscall/dump.c).  Call them
 * at the exit stop, once the caller has checked qual_read_dump(fd) or
 * qual_write_dump(fd): the bytes are read now and the dump is printed
 * under the syscall's line, after its return value, as strace does:
 *
 *	 | 00000  68 65 6c 6c 6f 0a  ...  hello.           |
 *
 * dump_buf: len bytes at addr (nothing when the first 64 KiB cannot be
 *   read; a note where a later chunk cannot).
 * dump_iov: the buffers of an iovec array, each headed by
 * " * N bytes in buffer I", data_size bytes in all (IOV_DATA_ALL for
 * the writes), stopping at the first empty buffer.
 *
 * Both only record the request: the dump is written under the syscall's
 * line when the printer ends it (dump_pending_flush).
 */
void dump_buf(struct tcb *tcp, uint64_t addr, uint64_t len);
void dump_iov(struct tcb *tcp, uint64_t addr, uint64_t count,
	      uint64_t data_size);
/*
 * The first count messages of an mmsghdr array (sendmmsg, recvmmsg):
 * each headed by " = N buffers in vector I", msg_len bytes of it.
 */
void dump_mmsg(struct tcb *tcp, uint64_t addr, uint64_t count);
/*
 * The line of tcp's syscall is complete: write the dumps asked for at
 * its exit (print false: the line was dropped, drop them too).
 */
void dump_pending_flush(struct tcb *tcp, bool print);

/*
 * A pointer to a 64-bit offset (splice, sendfile64, copy_file_range):
 * "[42]", NULL, or the address when it cannot be read.
 */
void print_loff_ptr(struct tcb *tcp, uint64_t addr);

/*
 * A pointer to one int the kernel reads or fills (FIONBIO, TIOCGPGRP):
 * "[1]", NULL, or the address.
 */
void print_int_ptr(struct tcb *tcp, uint64_t addr);

#endif
