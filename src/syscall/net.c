/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Socket syscalls: socket, socketpair, bind, connect, listen, accept,
 * accept4, getsockname, getpeername, shutdown, send*, recv*, and the
 * i386 socketcall multiplexer.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "arch/arch.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/net.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/ax25_protocols.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/inet_protocols.h"
#include "xlat/tables/msg_flags.h"
#include "xlat/tables/netlink_protocols.h"
#include "xlat/tables/shutdown_modes.h"
#include "xlat/tables/sock_type_flags.h"
#include "xlat/tables/socketcalls.h"
#include "xlat/tables/socktypes.h"

/* The type argument of socket(2): a type in the low bits, then flags. */
#define SOCK_TYPE_MASK	0xf

void print_socket_type(struct tcb *tcp, unsigned int type)
{
	char buf[256], flags[192];
	unsigned int rest = type & ~SOCK_TYPE_MASK;

	/*
	 * With no known type strace shows the value as a flag set: the
	 * named flags, the rest in hex ("SOCK_CLOEXEC|0xf", plain "0").
	 */
	if (!xlat_name(socktypes, type & SOCK_TYPE_MASK)) {
		print_flags(tcp, sock_type_flags, type, "SOCK_???");
		return;
	}
	sprint_xval(buf, sizeof(buf), socktypes, type & SOCK_TYPE_MASK,
		    "SOCK_???");
	if (rest) {
		sprint_flags(flags, sizeof(flags), sock_type_flags, rest,
			     "SOCK_???");
		strncat(buf, "|", sizeof(buf) - strlen(buf) - 1);
		strncat(buf, flags, sizeof(buf) - strlen(buf) - 1);
	}
	emit_sym(tcp, type, buf);
}

void print_msg_flags(struct tcb *tcp, uint64_t flags)
{
	print_flags(tcp, msg_flags, (uint32_t)flags, "MSG_???");
}

/* Bluetooth socket protocols (include/net/bluetooth/bluetooth.h). */
static const struct xlat bt_protocols[] = {
	{ 0, "BTPROTO_L2CAP" },	{ 1, "BTPROTO_HCI" },
	{ 2, "BTPROTO_SCO" },	{ 3, "BTPROTO_RFCOMM" },
	{ 4, "BTPROTO_BNEP" },	{ 5, "BTPROTO_CMTP" },
	{ 6, "BTPROTO_HIDP" },	{ 7, "BTPROTO_AVDTP" },
	{ 8, "BTPROTO_ISO" },	{ 0, NULL }
};

static void print_protocol(struct tcb *tcp, int family, int proto)
{
	char text[96];

	switch (family) {
	case AF_INET:
	case AF_INET6:
		print_xval(tcp, inet_protocols, (uint32_t)proto, "IPPROTO_???");
		return;
	case AF_NETLINK:
		print_xval(tcp, netlink_protocols, (uint32_t)proto,
			   "NETLINK_???");
		return;
	case AF_BLUETOOTH:
		print_xval(tcp, bt_protocols, (uint32_t)proto, "BTPROTO_???");
		return;
	case AF_AX25: {
		/* Always the whole register in hex and the name in a
		 * comment, whatever -X says, as strace shows it. */
		uint64_t p = tcp_arg(tcp, 2);
		const char *name = xlat_name(ax25_protocols, p);

		snprintf(text, sizeof(text), "%#llx /* %s */",
			 (unsigned long long)p, name ? name : "AX25_P_???");
		emit_sym(tcp, p, text);
		return;
	}
	case AF_PACKET: {
		/* The protocol is an ethertype in network byte order. */
		unsigned int p = (unsigned)proto & 0xffff;
		unsigned int host = (p >> 8 | p << 8) & 0xffff;
		char x[64];

		sprint_xval(x, sizeof(x), ethernet_protocols, host,
			    "ETH_P_???");
		if (cfg.xlat_style == XLAT_STYLE_ABBREV &&
		    !xlat_name(ethernet_protocols, host))
			snprintf(x, sizeof(x), "%#x /* ETH_P_??? */", host);
		snprintf(text, sizeof(text), "htons(%s)", x);
		emit_raw(tcp, text);
		return;
	}
	default:
		/* The whole register, unsigned, as strace prints it. */
		emit_uint(tcp, tcp_arg(tcp, 2));
	}
}

SYS_FUNC(socket)
{
	int family = tcp_iarg(tcp, 0);

	print_xval(tcp, addrfams, (uint32_t)family, "AF_???");
	emit_next(tcp);
	print_socket_type(tcp, (uint32_t)tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_protocol(tcp, family, tcp_iarg(tcp, 2));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(socketpair)
{
	int sv[2];

	if (entering(tcp)) {
		int family = tcp_iarg(tcp, 0);

		print_xval(tcp, addrfams, (uint32_t)family, "AF_???");
		emit_next(tcp);
		print_socket_type(tcp, (uint32_t)tcp_iarg(tcp, 1));
		emit_next(tcp);
		/* strace names socketpair's protocol for no family, and
		 * prints the whole register unsigned. */
		emit_uint(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 3), sv, sizeof(sv))) {
		emit_ptr(tcp, tcp_arg(tcp, 3));
		return RVAL_DECIMAL;
	}
	emit_array_begin(tcp);
	print_fd(tcp, sv[0]);
	emit_next(tcp);
	print_fd(tcp, sv[1]);
	emit_array_end(tcp);
	return RVAL_DECIMAL;
}

/* bind and connect: an address in. */
static int decode_sockaddr_in(struct tcb *tcp)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sockaddr(tcp, tcp_arg(tcp, 1), tcp_iarg(tcp, 2));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(bind)
{
	return decode_sockaddr_in(tcp);
}

SYS_FUNC(connect)
{
	return decode_sockaddr_in(tcp);
}

SYS_FUNC(listen)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(shutdown)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, shutdown_modes, (uint32_t)tcp_iarg(tcp, 1),
		   "SHUT_???");
	return RVAL_DECODED;
}

/* Keep *lenp as it is at entry: the kernel overwrites it. */
static void save_socklen(struct tcb *tcp, uint64_t lenp)
{
	uint32_t len;

	if (lenp && !tracee_read(tcp, lenp, &len, sizeof(len)))
		net_priv_set(tcp, len);
}

/*
 * An address out with its in/out length (accept, getsockname,
 * recvfrom): "{sa_family=...}, [128 => 16]".
 */
static void print_sockaddr_out(struct tcb *tcp, uint64_t addr, uint64_t lenp)
{
	uint64_t in = 0;
	int in_ok = net_priv_get(tcp, &in);
	uint32_t out;

	if (!addr) {
		emit_ptr(tcp, 0);
		emit_next(tcp);
		emit_ptr(tcp, lenp);
		return;
	}
	if (syserror(tcp) || !in_ok ||
	    tracee_read(tcp, lenp, &out, sizeof(out))) {
		emit_ptr(tcp, addr);
	} else {
		print_sockaddr(tcp, addr,
			       out < (uint32_t)in ? out : (uint32_t)in);
	}
	emit_next(tcp);
	print_socklen_inout(tcp, lenp, in_ok, (uint32_t)in);
}

static int decode_sockname(struct tcb *tcp, int rval)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		save_socklen(tcp, tcp_arg(tcp, 2));
		return 0;
	}
	print_sockaddr_out(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	return rval;
}

SYS_FUNC(accept)
{
	return decode_sockname(tcp, RVAL_FD);
}

SYS_FUNC(accept4)
{
	int r = decode_sockname(tcp, RVAL_FD);

	if (exiting(tcp)) {
		emit_next(tcp);
		print_flags(tcp, sock_type_flags, (uint32_t)tcp_iarg(tcp, 3),
			    "SOCK_???");
	}
	return r;
}

SYS_FUNC(getsockname)
{
	return decode_sockname(tcp, RVAL_DECIMAL);
}

SYS_FUNC(getpeername)
{
	return decode_sockname(tcp, RVAL_DECIMAL);
}

void print_sock_buf(struct tcb *tcp, int fd, uint64_t addr, uint64_t len)
{
	if (!netlink_print_buf(tcp, fd, addr, len))
		emit_buf(tcp, addr, len);
}

/* send and sendto: everything is input. */
static void print_send(struct tcb *tcp)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sock_buf(tcp, tcp_iarg(tcp, 0), tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 3));
}

/*
 * The sends print everything at entry; -e write= keeps the exit stop,
 * to dump what was sent under the line.
 */
static int send_done(struct tcb *tcp)
{
	int fd = tcp_iarg(tcp, 0);

	if (entering(tcp))
		return fd >= 0 && qual_write_dump(fd) ? 0 : RVAL_DECODED;
	return RVAL_DECIMAL;
}

SYS_FUNC(send)
{
	if (entering(tcp))
		print_send(tcp);
	else if (!syserror(tcp))
		dump_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	return send_done(tcp);
}

SYS_FUNC(sendto)
{
	if (entering(tcp)) {
		print_send(tcp);
		emit_next(tcp);
		print_sockaddr(tcp, tcp_arg(tcp, 4), tcp_iarg(tcp, 5));
		emit_next(tcp);
		emit_int(tcp, tcp_iarg(tcp, 5));
	} else if (!syserror(tcp)) {
		dump_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	}
	return send_done(tcp);
}

/* recv and recvfrom: the data is printed at exit, as long as it came. */
static void print_recv_exit(struct tcb *tcp)
{
	/* MSG_TRUNC returns the datagram's length: no more than len came. */
	uint64_t got = (uint64_t)tcp_rval(tcp) < tcp_arg(tcp, 2) ?
			       (uint64_t)tcp_rval(tcp) : tcp_arg(tcp, 2);

	if (syserror(tcp)) {
		emit_ptr(tcp, tcp_arg(tcp, 1));
	} else {
		print_sock_buf(tcp, tcp_iarg(tcp, 0), tcp_arg(tcp, 1), got);
		if (qual_read_dump(tcp_iarg(tcp, 0)))
			dump_buf(tcp, tcp_arg(tcp, 1), got);
	}
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 3));
}

SYS_FUNC(recv)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_recv_exit(tcp);
	return RVAL_DECIMAL;
}

SYS_FUNC(recvfrom)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		save_socklen(tcp, tcp_arg(tcp, 5));
		return 0;
	}
	print_recv_exit(tcp);
	emit_next(tcp);
	print_sockaddr_out(tcp, tcp_arg(tcp, 4), tcp_arg(tcp, 5));
	return RVAL_DECIMAL;
}

SYS_FUNC(sendmsg)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_msghdr(tcp, tcp_arg(tcp, 1), -1, 0);
		emit_next(tcp);
		print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 2));
	} else if (!syserror(tcp)) {
		dump_msghdr(tcp, tcp_arg(tcp, 1), IOV_DATA_ALL);
	}
	return send_done(tcp);
}

/*
 * msg_namelen, after the msg_name pointer; strace reads the whole
 * msghdr (56 bytes, 28 on i386) and shows nothing of it when it cannot.
 */
static void save_msg_namelen(struct tcb *tcp, uint64_t msg)
{
	unsigned int w = tcp_wordsize(tcp);
	unsigned char b[56];
	uint32_t len;

	if (msg && qual_verbose(tcp) && !tracee_read(tcp, msg, b, 7 * w)) {
		memcpy(&len, b + w, sizeof(len));
		net_priv_set(tcp, len);
	}
}

SYS_FUNC(recvmsg)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		save_msg_namelen(tcp, tcp_arg(tcp, 1));
		return 0;
	}
	if (syserror(tcp)) {
		uint64_t namelen;

		/* strace shows what the call was given to fill: the size. */
		if (net_priv_get(tcp, &namelen)) {
			emit_struct_begin(tcp);
			emit_field(tcp, "msg_namelen");
			emit_uint(tcp, namelen);
			emit_struct_end(tcp);
		} else {
			emit_ptr(tcp, tcp_arg(tcp, 1));
		}
	} else {
		print_msghdr(tcp, tcp_arg(tcp, 1), tcp_rval(tcp), 1);
		if (qual_read_dump(tcp_iarg(tcp, 0)))
			dump_msghdr(tcp, tcp_arg(tcp, 1),
				    (uint64_t)tcp_rval(tcp));
	}
	emit_next(tcp);
	print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 2));
	return RVAL_DECIMAL;
}

SYS_FUNC(sendmmsg)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	/* All that was given, even when the send failed. */
	print_mmsghdr_array(tcp, tcp_arg(tcp, 1), (uint32_t)tcp_arg(tcp, 2),
			    MMSG_SEND, NULL,
			    syserror(tcp) ? 0 : (unsigned int)tcp_rval(tcp));
	if (!syserror(tcp) && qual_write_dump(tcp_iarg(tcp, 0)))
		dump_mmsg(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 3));
	return RVAL_DECIMAL;
}

/*
 * recvmmsg's timeout prints as it was given, and what the kernel left of
 * it follows the return value: "= 2 (left {tv_sec=0, tv_nsec=99})".
 */
struct recvmmsg_priv {
	int ok;
	int64_t sec, nsec;
	/* Each msg_namelen as given, to show "given => filled". */
	uint32_t *namelen;
	unsigned int n_namelen;
};

static void recvmmsg_priv_free(void *p)
{
	struct recvmmsg_priv *r = p;

	free(r->namelen);
	free(r);
}

/* No more than the kernel handles (UIO_MAXIOV) are saved. */
#define MMSG_SAVE_MAX 1024

static int read_ts(struct tcb *tcp, uint64_t addr, int wide, int64_t *sec,
		   int64_t *nsec)
{
	if (!wide && tcp_wordsize(tcp) == 4) {
		int32_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)))
			return -1;
		*sec = v[0];
		*nsec = (uint32_t)v[1];
		return 0;
	}
	{
		int64_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)))
			return -1;
		*sec = v[0];
		*nsec = v[1];
	}
	return 0;
}

static int decode_recvmmsg(struct tcb *tcp, int wide)
{
	uint64_t ts = tcp_arg(tcp, 4);
	struct recvmmsg_priv *p;
	int64_t sec, nsec;

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		p = calloc(1, sizeof(*p));
		if (p) {
			uint32_t vlen = (uint32_t)tcp_arg(tcp, 2);

			if (ts)
				p->ok = !read_ts(tcp, ts, wide, &p->sec,
						 &p->nsec);
			p->namelen = save_mmsg_namelens(
				tcp, tcp_arg(tcp, 1),
				vlen < MMSG_SAVE_MAX ? vlen : MMSG_SAVE_MAX,
				&p->n_namelen);
			tcp->priv = p;
			tcp->priv_free = recvmmsg_priv_free;
		}
		return 0;
	}
	p = tcp->priv_free == recvmmsg_priv_free ? tcp->priv : NULL;
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_mmsghdr_array(tcp, tcp_arg(tcp, 1),
				    (unsigned int)tcp_rval(tcp), MMSG_RECV,
				    p ? p->namelen : NULL,
				    p ? p->n_namelen : 0);
	if (!syserror(tcp) && qual_read_dump(tcp_iarg(tcp, 0)))
		dump_mmsg(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	print_msg_flags(tcp, (uint32_t)tcp_arg(tcp, 3));
	emit_next(tcp);
	/* -e verbose=none: the timeout by address, and no "left". */
	if (!ts || !p || !p->ok || !qual_verbose(tcp)) {
		emit_ptr(tcp, ts);
		return RVAL_DECIMAL;
	}
	print_timespec_val(tcp, p->sec, p->nsec);
	if (syserror(tcp) || read_ts(tcp, ts, wide, &sec, &nsec))
		return RVAL_DECIMAL;
	snprintf(tcp->sc.auxbuf, sizeof(tcp->sc.auxbuf),
		 "left {tv_sec=%lld, tv_nsec=%llu}", (long long)sec,
		 (unsigned long long)nsec);
	tcp->sc.auxstr = tcp->sc.auxbuf;
	return RVAL_DECIMAL | RVAL_STR;
}

SYS_FUNC(recvmmsg)
{
	return decode_recvmmsg(tcp, 0);
}

SYS_FUNC(recvmmsg_time64)
{
	return decode_recvmmsg(tcp, 1);
}

/*
 * socketcall(2): i386's one entry to the socket calls.  strace shows
 * the sub-call under its own name with its own arguments; the i386 table
 * has direct rows for most of them (Linux 4.3), and the three it lacks
 * are rows of their own here.
 */
SYS_FUNC(socketcall);

/* Arguments of each sub-call (linux/net.h numbering), 0: unknown. */
static const unsigned char socketcall_nargs[] = {
	0, 3, 3, 3, 2, 3, 3, 3, 4, 4, 4, 6, 6, 2, 5, 5, 3, 3, 4, 5, 4,
};

static const struct sysent *socketcall_ent(unsigned int call)
{
	const char *name = xlat_name(socketcalls, call);
	long nr;

	if (!name)
		return NULL;
	name += 4;	/* "SYS_" */
	/* accept, send and recv: rows sysent_lookup() leaves out. */
	switch (call) {
	case 5:
		return &sysent_tables[PERS_COMPAT].ents[I386_SUBCALL_ACCEPT];
	case 9:
		return &sysent_tables[PERS_COMPAT].ents[I386_SUBCALL_SEND];
	case 10:
		return &sysent_tables[PERS_COMPAT].ents[I386_SUBCALL_RECV];
	}
	{
		char lower[32];
		size_t i;

		for (i = 0; name[i] && i < sizeof(lower) - 1; i++)
			lower[i] = (char)(name[i] | 0x20);
		lower[i] = '\0';
		nr = sysent_find(PERS_COMPAT, lower);
	}
	return nr < 0 ? NULL : sysent_lookup(PERS_COMPAT, nr);
}

int decode_socketcall_subcall(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;
	unsigned int call = (unsigned int)tcp->sc.args[0];
	uint32_t words[6];
	unsigned int n;

	if (tcp->sc.pers != PERS_COMPAT || !ent || ent->decode != sys_socketcall)
		return 0;
	if (call >= sizeof(socketcall_nargs) || !socketcall_nargs[call])
		return 0;
	n = socketcall_nargs[call];
	ent = socketcall_ent(call);
	if (!ent || tracee_read(tcp, (uint32_t)tcp->sc.args[1], words,
				n * sizeof(words[0])))
		return 0;
	for (unsigned int i = 0; i < MAX_ARGS; i++)
		tcp->sc.args[i] = i < n ? words[i] : 0;
	tcp->sc.ent = ent;
	return 1;
}

int decode_subcall(struct tcb *tcp)
{
	const struct sysent_table *t = &sysent_tables[PERS_COMPAT];

	if (!decode_socketcall_subcall(tcp) && !decode_ipc_subcall(tcp))
		return 0;
	/*
	 * The sub-call's own number: what -e trace= and inject= name.  The
	 * rows of ipc.c's own (msgrcv's old form...) go by their name.
	 */
	if (tcp->sc.ent >= t->ents && tcp->sc.ent < t->ents + t->count) {
		tcp->sc.nr = tcp->sc.ent - t->ents;
	} else {
		long nr = sysent_find(PERS_COMPAT, tcp->sc.ent->name);

		if (nr >= 0)
			tcp->sc.nr = nr;
	}
	return 1;
}

const struct sysent *subcall_row_ent(unsigned int sub, long *nr)
{
	const struct sysent_table *t = &sysent_tables[PERS_COMPAT];
	const struct sysent *ent = NULL;
	long ipc = sysent_find(PERS_COMPAT, "ipc");

	if (sub < SUBCALL_ROWS_IPC) {
		if (sub < sizeof(socketcall_nargs) && socketcall_nargs[sub])
			ent = socketcall_ent(sub);
	} else if (sub < 2 * SUBCALL_ROWS_IPC && ipc >= 0) {
		/* What the ipc decoder makes of the call, at version 1. */
		static struct tcb tcb;

		memset(&tcb, 0, sizeof(tcb));
		tcb.sc.pers = PERS_COMPAT;
		tcb.sc.ent = sysent_lookup(PERS_COMPAT, ipc);
		tcb.sc.args[0] = (sub - SUBCALL_ROWS_IPC) | (1u << 16);
		if (tcb.sc.ent && decode_ipc_subcall(&tcb))
			ent = tcb.sc.ent;
	}
	if (!ent)
		return NULL;
	*nr = ent >= t->ents && ent < t->ents + t->count ?
		      ent - t->ents :
		      sysent_find(PERS_COMPAT, ent->name);
	return ent;
}

/* The i386 rows of what ipc() carries (linux/ipc.h's calls). */
static const char *const ipc_subcalls[] = {
	"semop", "semtimedop", "semget", "semctl", "msgsnd", "msgrcv",
	"msgget", "msgctl", "shmat", "shmdt", "shmget", "shmctl",
};

static bool compat_traced(const struct scset *trace, const struct sysent *ent)
{
	const struct sysent_table *t = &sysent_tables[PERS_COMPAT];

	return ent && ent >= t->ents && ent < t->ents + t->count &&
	       scset_has(trace, PERS_COMPAT, ent - t->ents);
}

void subcall_stops_init(const struct scset *trace)
{
	long socketcall = sysent_find(PERS_COMPAT, "socketcall");
	long ipc = sysent_find(PERS_COMPAT, "ipc");
	bool sock = false, sysv = false;

	for (unsigned int call = 1; call < sizeof(socketcall_nargs); call++)
		sock |= compat_traced(trace, socketcall_ent(call));
	for (size_t i = 0; i < sizeof(ipc_subcalls) / sizeof(ipc_subcalls[0]);
	     i++) {
		long nr = sysent_find(PERS_COMPAT, ipc_subcalls[i]);

		sysv |= nr >= 0 && scset_has(trace, PERS_COMPAT, nr);
	}
	if (sock && socketcall >= 0)
		engine_stop_also_at(PERS_COMPAT, socketcall);
	if (sysv && ipc >= 0)
		engine_stop_also_at(PERS_COMPAT, ipc);
}

/* What is left when the sub-call cannot be told: the call and pointer. */
SYS_FUNC(socketcall)
{
	unsigned int call = (unsigned int)tcp_arg(tcp, 0);
	const char *name = xlat_name(socketcalls, call);

	/* An unknown call is an int to the kernel: socketcall(-1, ...). */
	if (name && cfg.xlat_style != XLAT_STYLE_RAW)
		print_xval_d(tcp, socketcalls, call, "SYS_???");
	else
		emit_int(tcp, (int32_t)call);
	emit_next(tcp);
	emit_ptr(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}
