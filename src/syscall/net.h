/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The network family's printers shared between its files: socket
 * addresses (sockaddr.c), message headers (msghdr.c), socket options
 * (sockopt.c), and the i386 multiplexers socketcall and ipc, whose
 * sub-calls strace shows under their own names (net.c, ipc.c).
 */
#ifndef SLTRACE_SYSCALL_NET_H
#define SLTRACE_SYSCALL_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "xlat/xlat.h"

#include "engine/tcb.h"
#include "filter/sets.h"

/*
 * A value kept from a syscall's entry to its exit (a length the kernel
 * overwrites), stored in tcb->priv without allocation.  Bit 63 tells
 * that it was set.
 */
#define NET_PRIV_SET	(1ULL << 63)

static inline void net_priv_set(struct tcb *tcp, uint64_t v)
{
	tcp->priv = (void *)(uintptr_t)(v | NET_PRIV_SET);
	tcp->priv_free = NULL;
}

/* Returns 1 and the value when one was kept at entry, 0 otherwise. */
static inline int net_priv_get(const struct tcb *tcp, uint64_t *v)
{
	uint64_t p = (uint64_t)(uintptr_t)tcp->priv;

	if (!(p & NET_PRIV_SET) || tcp->priv_free)
		return 0;
	*v = p & ~NET_PRIV_SET;
	return 1;
}

/*
 * struct sockaddr of len bytes at addr: "{sa_family=AF_INET, ...}".
 * NULL prints NULL; a length below 2 or an unreadable buffer prints the
 * address.  Lengths above sizeof(struct sockaddr_storage) are cut to it,
 * as the kernel does.
 */
void print_sockaddr(struct tcb *tcp, uint64_t addr, int64_t len);
/* The same from bytes already read. */
void print_sockaddr_data(struct tcb *tcp, const void *buf, size_t len);

/*
 * A socklen_t in tracee memory, as an "in/out" value: "[16]" or, when
 * the kernel changed it, "[128 => 16]".  in is the value read at entry.
 */
void print_socklen_inout(struct tcb *tcp, uint64_t addr, int in_ok,
			 uint32_t in);

/* The whole msghdr / mmsghdr printers of msghdr.c. */
void print_msghdr(struct tcb *tcp, uint64_t addr, int64_t data_len,
		  int is_recv);
/* -e read=/-e write=: the iovec of the msghdr at addr, data_size bytes. */
void dump_msghdr(struct tcb *tcp, uint64_t addr, uint64_t data_size);

/*
 * n mmsghdr at addr, no more than UIO_MAXIOV (1024) of them.  MMSG_SEND:
 * as given, the first n_in of them (those sent) with their msg_len;
 * MMSG_RECV: as received, each msg_namelen shown "given => filled"
 * against in_namelen[i] (n_in of them saved at entry).
 */
enum mmsg_mode { MMSG_SEND, MMSG_RECV };
void print_mmsghdr_array(struct tcb *tcp, uint64_t addr, unsigned int n,
			 enum mmsg_mode mode, const uint32_t *in_namelen,
			 unsigned int n_in);
/*
 * The msg_namelen of up to max mmsghdr at addr, into a malloc()ed array
 * (*n_out of them; NULL when none could be read).
 */
uint32_t *save_mmsg_namelens(struct tcb *tcp, uint64_t addr, unsigned int max,
			     unsigned int *n_out);

/* get/setsockopt's option value (sockopt.c). */
void print_sockopt_level(struct tcb *tcp, int level);
/* is_get: as getsockopt names it (SO_GET_FILTER for SO_ATTACH_FILTER). */
void print_sockopt_name(struct tcb *tcp, int level, int name, int is_get);
void print_sockopt_value(struct tcb *tcp, int level, int name,
			 uint64_t addr, int64_t len, int is_get);

/* Flags of a "type|SOCK_CLOEXEC" or accept4 argument in the -X style. */
void print_socket_type(struct tcb *tcp, unsigned int type);
void print_msg_flags(struct tcb *tcp, uint64_t flags);

/*
 * i386: replace socketcall and ipc by the sub-call they carry, as if it
 * had been called directly: tcp->sc.ent and tcp->sc.args are rewritten.
 * Called before the entry line starts (strace names the sub-call).
 * Returns 1 when it rewrote, 0 otherwise (then the multiplexer itself
 * is shown: unknown call or unreadable arguments).
 */
int decode_socketcall_subcall(struct tcb *tcp);
int decode_ipc_subcall(struct tcb *tcp);
/* Both: the one call print.c makes before it starts the entry line. */
int decode_subcall(struct tcb *tcp);
/*
 * Before engine_init(): under the seccomp filter only the numbers of -e
 * trace= stop, so socketcall and ipc must stop too when trace names a
 * sub-call they carry (glibc's i386 sendto is a socketcall).
 */
void subcall_stops_init(const struct scset *trace);
/*
 * The -c rows of i386 sub-calls, after the table's: row SUB < 32 is
 * socketcall's call SUB, row 32 + CALL ipc's CALL.  The row's syscall,
 * and in *nr the number -e trace= knows it by (-1: none); NULL when no
 * sub-call has that row.
 */
#define SUBCALL_ROWS_IPC 32
const struct sysent *subcall_row_ent(unsigned int sub, long *nr);

/*
 * -yy: the endpoints of the socket behind fd, as strace shows them
 * after the fd ("TCP:[127.0.0.1:36220->127.0.0.1:80]"), from a
 * NETLINK_SOCK_DIAG query by inode; linktext is the fd's link text
 * ("socket:[1234]").  Writes the text into buf; returns its length, or
 * -1 when fd is not a socket or nothing is known (print the link text).
 */
int socket_describe(pid_t pid, int fd, const char *linktext, char *buf,
		    size_t size);

/*
 * The data of a send or receive on fd: decoded netlink messages when fd
 * is an AF_NETLINK socket (netlink.c; returns true), else nothing is
 * printed and false returned.  print_sock_buf falls back to emit_buf.
 */
bool netlink_print_buf(struct tcb *tcp, int fd, uint64_t addr, uint64_t len);
/*
 * Netlink messages whatever fd is (an iovec of a message whose name is
 * an AF_NETLINK address): decoded by fd's protocol when it has one.
 */
void netlink_print_msgs(struct tcb *tcp, int fd, uint64_t addr, uint64_t len);
void print_sock_buf(struct tcb *tcp, int fd, uint64_t addr, uint64_t len);

#endif
