/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct msghdr and struct mmsghdr of sendmsg/recvmsg/sendmmsg/recvmmsg,
 * with their iovecs and control messages, in both tracee layouts.
 */
#include "config.h"

#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/net.h"
#include "xlat/tables/ip_cmsg_types.h"
#include "xlat/tables/ipv6_options.h"
#include "xlat/tables/scm_types.h"
#include "xlat/tables/socket_levels.h"

/* The fields of a msghdr, whatever the tracee's layout. */
struct msg {
	uint64_t name;
	uint32_t namelen;
	uint64_t iov;
	uint64_t iovlen;
	uint64_t control;
	uint64_t controllen;
	uint32_t flags;
};

/* Bytes of struct msghdr: 56 on x86_64, 28 on i386. */
static size_t msghdr_size(const struct tcb *tcp)
{
	return tcp_wordsize(tcp) == 4 ? 28 : 56;
}

static uint64_t word_at(const struct tcb *tcp, const unsigned char *p)
{
	if (tcp_wordsize(tcp) == 4) {
		uint32_t v;

		memcpy(&v, p, 4);
		return v;
	} else {
		uint64_t v;

		memcpy(&v, p, 8);
		return v;
	}
}

static void msg_unpack(const struct tcb *tcp, const unsigned char *b,
		       struct msg *m)
{
	unsigned int w = tcp_wordsize(tcp);

	/* name, namelen (padded to a word), iov, iovlen, control, len, flags */
	m->name = word_at(tcp, b);
	memcpy(&m->namelen, b + w, 4);
	m->iov = word_at(tcp, b + 2 * w);
	m->iovlen = word_at(tcp, b + 3 * w);
	m->control = word_at(tcp, b + 4 * w);
	m->controllen = word_at(tcp, b + 5 * w);
	memcpy(&m->flags, b + 6 * w, 4);
}

/* Arrays are cut at -s elements unless -v. */
static int array_cut(const struct tcb *tcp, uint64_t i)
{
	return qual_abbrev(tcp) && i >= cfg.string_limit;
}

static uint32_t get_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* One timeval or timespec of a timestamp control message. */
static void print_cmsg_time(struct tcb *tcp, int64_t sec, uint64_t frac,
			    bool usec)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, usec ? "tv_usec" : "tv_nsec");
	emit_uint(tcp, frac);
	emit_struct_end(tcp);
}

/*
 * SO_TIMESTAMP*: count times of two fields each, of the tracee's long
 * (the _OLD forms) or 64-bit (the _NEW ones).  Any other size: "???".
 */
static void print_cmsg_times(struct tcb *tcp, const unsigned char *d,
			     size_t len, unsigned int count, bool wide,
			     bool usec)
{
	unsigned int w = wide ? 8 : tcp_wordsize(tcp);

	/* strace 6.1 reads an i386 tracee's 16-byte old times as 64-bit. */
	if (w == 4 && len == count * 2 * 8)
		w = 8;
	emit_field(tcp, "cmsg_data");
	if (len != count * 2 * w) {
		emit_raw(tcp, "???");
		return;
	}
	if (count > 1)
		emit_array_begin(tcp);
	for (unsigned int i = 0; i < count; i++) {
		const unsigned char *t = d + i * 2 * w;
		int64_t sec;
		uint64_t frac;

		if (w == 4) {
			sec = (int32_t)get_u32(t);
			frac = get_u32(t + 4);
		} else {
			memcpy(&sec, t, 8);
			memcpy(&frac, t + 8, 8);
		}
		if (i)
			emit_next(tcp);
		print_cmsg_time(tcp, sec, frac, usec);
	}
	if (count > 1)
		emit_array_end(tcp);
}

/* socket(7) and include/uapi/asm-generic/socket.h */
#define SCM_SECURITY_TYPE 3
#define SO_TIMESTAMP_OLD_TYPE 29
#define SO_TIMESTAMPNS_OLD_TYPE 35
#define SO_TIMESTAMPING_OLD_TYPE 37
#define SO_TIMESTAMP_NEW_TYPE 63
#define SO_TIMESTAMPNS_NEW_TYPE 64
#define SO_TIMESTAMPING_NEW_TYPE 65

static void print_cmsg_socket(struct tcb *tcp, int type,
			      const unsigned char *d, size_t len)
{
	switch (type) {
	case SCM_RIGHTS:
		if (len < 4)
			break;
		emit_field(tcp, "cmsg_data");
		emit_array_begin(tcp);
		for (size_t i = 0; i + 4 <= len; i += 4) {
			if (array_cut(tcp, i / 4)) {
				emit_more(tcp);
				break;
			}
			emit_next(tcp);
			print_fd(tcp, (int)get_u32(d + i));
		}
		emit_array_end(tcp);
		break;
	case SCM_CREDENTIALS:
		if (len < 12)
			break;
		emit_field(tcp, "cmsg_data");
		emit_struct_begin(tcp);
		emit_field(tcp, "pid");
		print_pid(tcp, (int32_t)get_u32(d));
		emit_field(tcp, "uid");
		emit_uint(tcp, get_u32(d + 4));
		emit_field(tcp, "gid");
		emit_uint(tcp, get_u32(d + 8));
		emit_struct_end(tcp);
		break;
	case SCM_SECURITY_TYPE:
		/* The security context, a string of len bytes. */
		emit_field(tcp, "cmsg_data");
		emit_quoted(tcp, (const char *)d, len, 0);
		break;
	case SO_TIMESTAMP_OLD_TYPE:
		print_cmsg_times(tcp, d, len, 1, false, true);
		break;
	case SO_TIMESTAMPNS_OLD_TYPE:
		print_cmsg_times(tcp, d, len, 1, false, false);
		break;
	case SO_TIMESTAMPING_OLD_TYPE:
		print_cmsg_times(tcp, d, len, 3, false, false);
		break;
	case SO_TIMESTAMP_NEW_TYPE:
		print_cmsg_times(tcp, d, len, 1, true, true);
		break;
	case SO_TIMESTAMPNS_NEW_TYPE:
		print_cmsg_times(tcp, d, len, 1, true, false);
		break;
	case SO_TIMESTAMPING_NEW_TYPE:
		print_cmsg_times(tcp, d, len, 3, true, false);
		break;
	}
}

static void print_in_addr(struct tcb *tcp, const char *field,
			  const unsigned char *a)
{
	char ip[INET_ADDRSTRLEN], text[48];

	inet_ntop(AF_INET, a, ip, sizeof(ip));
	snprintf(text, sizeof(text), "inet_addr(\"%s\")", ip);
	emit_field(tcp, field);
	emit_raw(tcp, text);
}

/* A byte array of IP options, "[0x41, 0x42]", cut at -s. */
static void print_cmsg_bytes(struct tcb *tcp, const unsigned char *d,
			     size_t len)
{
	emit_field(tcp, "cmsg_data");
	emit_array_begin(tcp);
	for (size_t i = 0; i < len; i++) {
		if (array_cut(tcp, i)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_hex(tcp, d[i]);
	}
	emit_array_end(tcp);
}

/* struct sock_extended_err (linux/errqueue.h), then the offender. */
static void print_cmsg_recverr(struct tcb *tcp, const unsigned char *d,
			       size_t len)
{
	if (len < 16)
		return;
	emit_field(tcp, "cmsg_data");
	emit_struct_begin(tcp);
	emit_field(tcp, "ee_errno");
	emit_uint(tcp, get_u32(d));
	emit_field(tcp, "ee_origin");
	emit_uint(tcp, d[4]);
	emit_field(tcp, "ee_type");
	emit_uint(tcp, d[5]);
	emit_field(tcp, "ee_code");
	emit_uint(tcp, d[6]);
	emit_field(tcp, "ee_info");
	emit_uint(tcp, get_u32(d + 8));
	emit_field(tcp, "ee_data");
	emit_uint(tcp, get_u32(d + 12));
	if (len > 16) {
		emit_field(tcp, "offender");
		print_sockaddr_data(tcp, d + 16, len - 16);
	}
	emit_struct_end(tcp);
}

/* linux/in.h */
#define IP_TOS_TYPE 1
#define IP_TTL_TYPE 2
#define IP_RECVOPTS_TYPE 6
#define IP_RETOPTS_TYPE 7
#define IP_PKTINFO_TYPE 8
#define IP_RECVERR_TYPE 11
#define IP_ORIGDSTADDR_TYPE 20
#define IP_CHECKSUM_TYPE 23

static void print_cmsg_ip(struct tcb *tcp, int type, const unsigned char *d,
			  size_t len)
{
	char name[IF_NAMESIZE], text[IF_NAMESIZE + 32];
	uint32_t idx;

	switch (type) {
	case IP_PKTINFO_TYPE:	/* struct in_pktinfo */
		if (len < 12)
			break;
		emit_field(tcp, "cmsg_data");
		emit_struct_begin(tcp);
		emit_field(tcp, "ipi_ifindex");
		idx = get_u32(d);
		if (idx && if_indextoname(idx, name)) {
			snprintf(text, sizeof(text), "if_nametoindex(\"%s\")",
				 name);
			emit_raw(tcp, text);
		} else {
			emit_uint(tcp, idx);
		}
		print_in_addr(tcp, "ipi_spec_dst", d + 4);
		print_in_addr(tcp, "ipi_addr", d + 8);
		emit_struct_end(tcp);
		break;
	case IP_TTL_TYPE:	/* an unsigned int */
	case IP_CHECKSUM_TYPE:
		if (len < 4)
			break;
		emit_field(tcp, "cmsg_data");
		emit_array_begin(tcp);
		emit_uint(tcp, get_u32(d));
		emit_array_end(tcp);
		break;
	case IP_TOS_TYPE:	/* one byte */
		if (len < 1)
			break;
		emit_field(tcp, "cmsg_data");
		emit_array_begin(tcp);
		emit_hex(tcp, d[0]);
		emit_array_end(tcp);
		break;
	case IP_RECVOPTS_TYPE:
	case IP_RETOPTS_TYPE:
		print_cmsg_bytes(tcp, d, len);
		break;
	case IP_RECVERR_TYPE:
		print_cmsg_recverr(tcp, d, len);
		break;
	case IP_ORIGDSTADDR_TYPE:
		emit_field(tcp, "cmsg_data");
		print_sockaddr_data(tcp, d, len);
		break;
	case SCM_SECURITY_TYPE:
		emit_field(tcp, "cmsg_data");
		emit_quoted(tcp, (const char *)d, len, 0);
		break;
	}
}

/*
 * The kernel takes no more control data than net.core.optmem_max; strace
 * reads no more either (20480 when the sysctl cannot be read).
 */
static size_t optmem_max(void)
{
	static size_t max;
	unsigned long v;
	FILE *f;

	if (max)
		return max;
	max = 20480;
	f = fopen("/proc/sys/net/core/optmem_max", "r");
	if (f) {
		if (fscanf(f, "%lu", &v) == 1 && v)
			max = v;
		fclose(f);
	}
	return max;
}

static void print_cmsg_type(struct tcb *tcp, int level, int type)
{
	switch (level) {
	case SOL_SOCKET:
		print_xval(tcp, scm_types, (uint32_t)type, "SCM_???");
		break;
	case 0:		/* SOL_IP */
		print_xval(tcp, ip_cmsg_types, (uint32_t)type, "IP_???");
		break;
	case 41:	/* SOL_IPV6 */
		print_xval(tcp, ipv6_options, (uint32_t)type, "IPV6_???");
		break;
	default:
		emit_hex(tcp, (uint32_t)type);
		break;
	}
}

/*
 * The control messages of len bytes at addr.  Each header shows its
 * cmsg_len as given; its data is what lies within both cmsg_len and
 * the buffer.  A tail too short for a header ends the array with
 * "... /\* its address *\/".
 */
static void print_cmsgs(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	unsigned int w = tcp_wordsize(tcp);
	size_t hdr = w == 4 ? 12 : 16, off = 0, n = len;
	unsigned char *buf;
	unsigned int i = 0;
	char where[32];

	if (len < hdr) {
		emit_ptr(tcp, addr);
		return;
	}
	if (n > optmem_max())
		n = optmem_max();
	buf = malloc(n);
	if (!buf || tracee_read(tcp, addr, buf, n)) {
		free(buf);
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	for (;;) {
		uint64_t clen = word_at(tcp, buf + off);
		int level = (int)get_u32(buf + off + w);
		int type = (int)get_u32(buf + off + w + 4);
		size_t avail = n - off, dlen, step;

		if (array_cut(tcp, i++)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_struct_begin(tcp);
		emit_field(tcp, "cmsg_len");
		emit_uint(tcp, clen);
		emit_field(tcp, "cmsg_level");
		print_xval(tcp, socket_levels, (uint32_t)level, "SOL_???");
		emit_field(tcp, "cmsg_type");
		print_cmsg_type(tcp, level, type);
		dlen = clen < avail ? (size_t)clen : avail;
		if (dlen > hdr) {
			if (level == SOL_SOCKET)
				print_cmsg_socket(tcp, type, buf + off + hdr,
						  dlen - hdr);
			else if (level == 0)
				print_cmsg_ip(tcp, type, buf + off + hdr,
					      dlen - hdr);
		}
		emit_struct_end(tcp);
		/* CMSG_ALIGN: the next header starts at a word boundary. */
		step = clen > hdr ? (size_t)((clen + w - 1) & ~(uint64_t)(w - 1))
				  : hdr;
		if (clen > avail || step >= avail)
			break;
		off += step;
		/* A header shorter than itself ends the walk. */
		if (clen < hdr || n - off < hdr) {
			snprintf(where, sizeof(where), "%#llx",
				 (unsigned long long)(addr + off));
			emit_more(tcp);
			emit_comment(tcp, where);
			break;
		}
	}
	/* Past optmem_max: not read. */
	if (n < len)
		emit_more(tcp);
	emit_array_end(tcp);
	free(buf);
}

static bool name_is_netlink(struct tcb *tcp, const struct msg *m)
{
	uint16_t family;

	return m->name && m->namelen >= sizeof(family) &&
	       !tracee_read(tcp, m->name, &family, sizeof(family)) &&
	       family == AF_NETLINK;
}

/*
 * in_namelen: msg_namelen as it was at entry (recvmsg), or < 0 when the
 * struct is shown as it is now.
 */
static void print_msg(struct tcb *tcp, const struct msg *m, int64_t data_len,
		      int64_t in_namelen)
{
	emit_struct_begin(tcp);
	/*
	 * The kernel writes at most the buffer's size but reports the
	 * whole address's length: the buffer holds the lesser.
	 */
	emit_field(tcp, "msg_name");
	print_sockaddr(tcp, m->name,
		       in_namelen >= 0 && (uint32_t)in_namelen < m->namelen ?
			       (int32_t)in_namelen :
			       (int32_t)m->namelen);
	emit_field(tcp, "msg_namelen");
	if (in_namelen >= 0 && (uint32_t)in_namelen != m->namelen) {
		emit_uint(tcp, (uint32_t)in_namelen);
		emit_changed(tcp);
		emit_uint(tcp, m->namelen);
	} else {
		emit_uint(tcp, m->namelen);
	}
	emit_field(tcp, "msg_iov");
	/*
	 * strace decodes the data as netlink messages when the message's
	 * address is a netlink one (every caller's first argument is the
	 * socket).
	 */
	if (name_is_netlink(tcp, m))
		print_iov_sock(tcp, tcp_iarg(tcp, 0), m->iov, m->iovlen,
			       data_len < 0 ? IOV_DATA_ALL
					    : (uint64_t)data_len);
	else
		print_iov(tcp, m->iov, m->iovlen,
			  data_len < 0 ? IOV_DATA_ALL : (uint64_t)data_len,
			  true);
	emit_field(tcp, "msg_iovlen");
	emit_uint(tcp, m->iovlen);
	if (m->controllen) {
		emit_field(tcp, "msg_control");
		if (m->control)
			print_cmsgs(tcp, m->control, m->controllen);
		else
			emit_ptr(tcp, 0);
	}
	emit_field(tcp, "msg_controllen");
	emit_uint(tcp, m->controllen);
	emit_field(tcp, "msg_flags");
	print_msg_flags(tcp, m->flags);
	emit_struct_end(tcp);
}

void print_msghdr(struct tcb *tcp, uint64_t addr, int64_t data_len,
		  int is_recv)
{
	unsigned char b[56];
	struct msg m;
	uint64_t in = 0;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, b, msghdr_size(tcp))) {
		emit_ptr(tcp, addr);
		return;
	}
	msg_unpack(tcp, b, &m);
	if (!is_recv || !net_priv_get(tcp, &in))
		print_msg(tcp, &m, data_len, -1);
	else
		print_msg(tcp, &m, data_len, (int64_t)(uint32_t)in);
}

void dump_msghdr(struct tcb *tcp, uint64_t addr, uint64_t data_size)
{
	unsigned char b[56];
	struct msg m;

	if (addr && !tracee_read(tcp, addr, b, msghdr_size(tcp))) {
		msg_unpack(tcp, b, &m);
		dump_iov(tcp, m.iov, m.iovlen, data_size);
	}
}

/* The most messages the kernel takes at once (include/uapi/linux/uio.h). */
#define UIO_MAXIOV 1024

struct mmsg_ctx {
	enum mmsg_mode mode;
	const uint32_t *in_namelen;
	unsigned int n_in;
	unsigned int i;		/* the element being printed */
};

/* One struct mmsghdr: a msghdr, then msg_len, padded to a word. */
static void print_mmsghdr(struct tcb *tcp, const void *elem, void *data)
{
	struct mmsg_ctx *c = data;
	uint32_t msg_len =
		get_u32((const unsigned char *)elem + msghdr_size(tcp));
	int64_t in = c->mode == MMSG_RECV && c->i < c->n_in ?
			     (int64_t)c->in_namelen[c->i] : -1;
	struct msg m;

	c->i++;
	msg_unpack(tcp, elem, &m);
	emit_struct_begin(tcp);
	emit_field(tcp, "msg_hdr");
	print_msg(tcp, &m, c->mode == MMSG_RECV ? (int64_t)msg_len : -1, in);
	/* Past those sent, the kernel filled nothing in. */
	if (c->mode == MMSG_RECV || c->i <= c->n_in) {
		emit_field(tcp, "msg_len");
		emit_uint(tcp, msg_len);
	}
	emit_struct_end(tcp);
}

void print_mmsghdr_array(struct tcb *tcp, uint64_t addr, unsigned int n,
			 enum mmsg_mode mode, const uint32_t *in_namelen,
			 unsigned int n_in)
{
	struct mmsg_ctx c = {
		.mode = mode, .in_namelen = in_namelen, .n_in = n_in,
	};

	/* Unlike other arrays, strace shows even an empty one by address. */
	if (!qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_array_max(tcp, addr, n, tcp_wordsize(tcp) == 4 ? 32 : 64,
			UIO_MAXIOV, print_mmsghdr, &c);
}

uint32_t *save_mmsg_namelens(struct tcb *tcp, uint64_t addr, unsigned int max,
			     unsigned int *n_out)
{
	size_t size = tcp_wordsize(tcp) == 4 ? 32 : 64;
	unsigned int w = tcp_wordsize(tcp);
	uint32_t *v = NULL;
	unsigned char b[64];
	unsigned int n;

	*n_out = 0;
	if (!addr || !max)
		return NULL;
	v = malloc(max * sizeof(*v));
	if (!v)
		return NULL;
	/* msg_namelen follows the msg_name pointer. */
	for (n = 0; n < max; n++) {
		if (tracee_read(tcp, addr + n * size, b, size))
			break;
		memcpy(&v[n], b + w, sizeof(v[n]));
	}
	if (!n) {
		free(v);
		return NULL;
	}
	*n_out = n;
	return v;
}
