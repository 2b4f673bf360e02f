/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * getsockopt and setsockopt: levels, option names, and the values strace
 * decodes (ints, struct linger, struct ucred, names as strings, multicast
 * memberships, socket filter programs); others
 * (SO_PEERNAME among them: strace 6.1 leaves its sockaddr alone) print
 * as a string of optlen bytes.
 */
#include "config.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "syscall/netlink.h"
#include "syscall/seccomp.h"
#include "syscall/sockaddr_fam.h"
#include "xlat/tables/icmp_types.h"
#include "xlat/tables/ip_options.h"
#include "xlat/tables/ipv6_options.h"
#include "xlat/tables/packet_mr_types.h"
#include "xlat/tables/sock_options.h"
#include "xlat/tables/sock_packet_options.h"
#include "xlat/tables/sock_raw_options.h"
#include "xlat/tables/sock_txrehash.h"
#include "xlat/tables/socket_levels.h"
#include "xlat/tables/tcp_options.h"
#include "xlat/tables/sock_netlink_options.h"
#include "xlat/tables/udp_options.h"

#define LEVEL_IP	0
#define LEVEL_SOCKET	1
#define LEVEL_TCP	6
#define LEVEL_UDP	17
#define LEVEL_IPV6	41
#define LEVEL_RAW	255
#define LEVEL_PACKET	263
#define LEVEL_NETLINK	270

#define OPT_SO_ERROR		4
#define OPT_SO_LINGER		13
#define OPT_SO_PEERCRED		17
#define OPT_SO_BINDTODEVICE	25
#define OPT_SO_ATTACH_FILTER	26	/* SO_GET_FILTER in getsockopt */
#define OPT_SO_ATTACH_REUSEPORT_CBPF	51
#define OPT_SO_TXREHASH		74
#define OPT_TCP_CONGESTION	13
#define OPT_ICMP_FILTER		1
#define OPT_PACKET_ADD_MEMBERSHIP	1
#define OPT_PACKET_DROP_MEMBERSHIP	2
#define OPT_PACKET_RX_RING	5
#define OPT_PACKET_STATISTICS	6
#define OPT_PACKET_TX_RING	13
#define OPT_TCP_ULP		31
/* linux/in.h, linux/in6.h */
#define OPT_IP_ADD_MEMBERSHIP	35
#define OPT_IP_DROP_MEMBERSHIP	36
#define OPT_MCAST_JOIN_GROUP	42
#define OPT_MCAST_LEAVE_GROUP	45
#define OPT_IPV6_ADD_MEMBERSHIP	20
#define OPT_IPV6_DROP_MEMBERSHIP	21
#define OPT_IPV6_JOIN_ANYCAST	27
#define OPT_IPV6_LEAVE_ANYCAST	28

/*
 * SOL_SOCKET options whose value is an int: strace shows the first int
 * whatever optlen beyond it, and a shorter buffer as raw bytes.  The
 * others (SO_TYPE, SO_PROTOCOL, SO_DOMAIN... among them) show an int
 * only when optlen is exactly one, else optlen bytes as a string.
 */
static const unsigned char sol_socket_ints[] = {
	1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 19, 27, 29,
	30, 32, 33, 34, 35, 36, 37, 40, 41, 42, 43, 44, 45, 46, 49, 53,
	56, 60, 63, 64, 65, 68, 69, 70, 73, 74, 75,
};

#define OPT_NETLINK_LIST_MEMBERSHIPS	9

static int is_socket_int(int level, int name)
{
	/*
	 * every SOL_NETLINK option is an int; the membership list, an array
	 * of them, is one too when set (getsockopt shows it as the array)
	 */
	if (level == LEVEL_NETLINK)
		return 1;
	if (level != LEVEL_SOCKET)
		return 0;
	for (size_t i = 0; i < sizeof(sol_socket_ints); i++)
		if (sol_socket_ints[i] == name)
			return 1;
	return 0;
}

static int is_string_opt(int level, int name)
{
	return (level == LEVEL_SOCKET && name == OPT_SO_BINDTODEVICE) ||
	       (level == LEVEL_TCP &&
		(name == OPT_TCP_CONGESTION || name == OPT_TCP_ULP));
}

void print_sockopt_level(struct tcb *tcp, int level)
{
	print_xval(tcp, socket_levels, (uint32_t)level, "SOL_??");
}

/* getsockopt reads back the filter SO_ATTACH_FILTER set under this name. */
static const struct xlat sock_get_options[] = {
	{ OPT_SO_ATTACH_FILTER, "SO_GET_FILTER" },
	{ 0, NULL }
};

void print_sockopt_name(struct tcb *tcp, int level, int name, int is_get)
{
	const struct xlat *x = NULL;
	const char *dflt = NULL;

	switch (level) {
	case LEVEL_SOCKET:
		x = sock_options, dflt = "SO_???";
		if (is_get && xlat_name(sock_get_options, (uint32_t)name))
			x = sock_get_options;
		break;
	case LEVEL_TCP:
		x = tcp_options, dflt = "TCP_???";
		break;
	case LEVEL_IP:
		x = ip_options, dflt = "IP_???";
		break;
	case LEVEL_IPV6:
		x = ipv6_options, dflt = "IPV6_???";
		break;
	case LEVEL_UDP:
		x = udp_options, dflt = "UDP_???";
		break;
	case LEVEL_NETLINK:
		x = sock_netlink_options, dflt = "NETLINK_???";
		break;
	case LEVEL_RAW:
		x = sock_raw_options, dflt = "ICMP_???";
		break;
	case LEVEL_PACKET:
		x = sock_packet_options, dflt = "PACKET_???";
		break;
	}
	if (x)
		print_xval(tcp, x, (uint32_t)name, dflt);
	else	/* unsigned, as strace shows an option of no known level */
		emit_uint(tcp, (uint32_t)name);
}

static void print_int_in_brackets(struct tcb *tcp, int level, int name,
				  int32_t v)
{
	const char *e;

	emit_array_begin(tcp);
	/* SO_ERROR holds a pending error: strace names it. */
	if (level == LEVEL_SOCKET && name == OPT_SO_ERROR && v > 0 &&
	    (e = errno_name(v)) != NULL)
		emit_sym(tcp, (uint64_t)v, e);
	else if (level == LEVEL_SOCKET && name == OPT_SO_TXREHASH)
		print_xval_d(tcp, sock_txrehash, v, "SOCK_TXREHASH_???");
	else
		emit_int(tcp, v);
	emit_array_end(tcp);
}

/*
 * Fields of a struct that fit in len bytes: strace shows those, and the
 * bytes of a field cut short in hex ("uid=\"\\x00\\x00\\x00\"").
 */
static void print_int_fields(struct tcb *tcp, const int32_t *v, size_t len,
			     const char *const *names, const int *is_signed,
			     unsigned int n)
{
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < n && i * 4 < len; i++) {
		emit_field(tcp, names[i]);
		if ((i + 1) * 4 > len)
			emit_quoted(tcp, (const char *)&v[i], len - i * 4,
				    QUOTE_FORCE_HEX);
		else if (is_signed[i])
			emit_int(tcp, v[i]);
		else
			emit_uint(tcp, (uint32_t)v[i]);
	}
	emit_struct_end(tcp);
}

static const char *const linger_names[] = { "l_onoff", "l_linger" };
static const int linger_signed[] = { 1, 1 };
static const char *const ucred_names[] = { "pid", "uid", "gid" };

/*
 * struct ucred, the n bytes the kernel wrote: a field cut short shows
 * its bytes in hex, as strace does ({pid=1, uid="\x00\x00\x00"}).  uid
 * and gid -1 show as -1: strace prints them signed here.
 */
static void print_ucred(struct tcb *tcp, const int32_t *v, size_t n)
{
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < 3 && i * 4 < n; i++) {
		emit_field(tcp, ucred_names[i]);
		if ((i + 1) * 4 > n)
			emit_quoted(tcp, (const char *)&v[i], n - i * 4,
				    QUOTE_FORCE_HEX);
		else if (i == 0)
			print_pid(tcp, v[i]);
		else
			emit_int(tcp, v[i]);
	}
	emit_struct_end(tcp);
}

/*
 * ICMP_FILTER: a bit per ICMP type the socket drops, as a set like a
 * signal mask: "[ICMP_ECHOREPLY ICMP_REDIRECT]", or "~[...]" for the
 * types it lets through when most are dropped.
 */
static void print_icmp_filter(struct tcb *tcp, uint64_t addr, int64_t len)
{
	char buf[512], num[48];
	uint32_t data, mask;
	size_t n = 0;

	/* strace reads the whole filter whatever optlen says */
	if (tracee_read(tcp, addr, &data, sizeof(data))) {
		emit_ptr(tcp, addr);
		return;
	}
	mask = data;
	if (__builtin_popcount(data) > 16) {
		buf[n++] = '~';
		mask = ~data;
	}
	buf[n++] = '[';
	for (unsigned int bit = 0; bit < 32; bit++) {
		const char *name = xlat_name(icmp_types, bit);

		if (!(mask & (1u << bit)))
			continue;
		if (buf[n - 1] != '[')
			buf[n++] = ' ';
		if (!name || cfg.xlat_style == XLAT_STYLE_RAW)
			snprintf(num, sizeof(num), "%#x", bit);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			snprintf(num, sizeof(num), "%#x /* %s */", bit, name);
		else
			snprintf(num, sizeof(num), "%s", name);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", num);
		if (n >= sizeof(buf) - 2)
			break;
	}
	buf[n++] = ']';
	buf[n] = '\0';
	emit_sym(tcp, data, buf);
}

/* struct packet_mreq: mr_address holds mr_alen bytes (at most 8). */
static void print_packet_mreq(struct tcb *tcp, uint64_t addr, int64_t len)
{
	struct {
		int32_t ifindex;
		uint16_t type, alen;
		unsigned char address[8];
	} m;
	char hex[3 * 8 + 1] = "";

	if (len != sizeof(m) || tracee_read(tcp, addr, &m, sizeof(m))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "mr_ifindex");
	nl_print_ifindex(tcp, (uint32_t)m.ifindex);
	emit_field(tcp, "mr_type");
	print_xval(tcp, packet_mr_types, m.type, "PACKET_MR_???");
	emit_field(tcp, "mr_alen");
	emit_uint(tcp, m.alen);
	emit_field(tcp, "mr_address");
	for (unsigned int i = 0, k = 0; i < m.alen && i < sizeof(m.address);
	     i++)
		k += (unsigned int)snprintf(hex + k, sizeof(hex) - k, "%s%02x",
					    i ? ":" : "", m.address[i]);
	/* A MAC address: as text, the bytes with -X raw, both with -X verbose. */
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_raw(tcp, hex);
	} else {
		emit_quoted(tcp, (const char *)m.address,
			    m.alen < sizeof(m.address) ? m.alen :
							 sizeof(m.address),
			    QUOTE_FORCE_HEX);
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, hex);
	}
	emit_struct_end(tcp);
}

/* struct tpacket_req of PACKET_RX_RING / PACKET_TX_RING. */
static void print_tpacket_req(struct tcb *tcp, uint64_t addr, int64_t len)
{
	static const char *const names[] = { "tp_block_size", "tp_block_nr",
					     "tp_frame_size", "tp_frame_nr" };
	uint32_t r[4];

	if (len != sizeof(r) || tracee_read(tcp, addr, r, sizeof(r))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < 4; i++) {
		emit_field(tcp, names[i]);
		emit_uint(tcp, r[i]);
	}
	emit_struct_end(tcp);
}

/*
 * struct ip_mreq of IP_ADD_MEMBERSHIP / IP_DROP_MEMBERSHIP: the first 8
 * bytes whatever optlen beyond them (the kernel takes a struct ip_mreqn
 * too; strace shows its ip_mreq part).
 */
static void print_ip_mreq(struct tcb *tcp, uint64_t addr, int64_t len)
{
	unsigned char m[8];
	char expr[48], ip[INET_ADDRSTRLEN];

	if (len < (int64_t)sizeof(m) || tracee_read(tcp, addr, m, sizeof(m))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	inet_ntop(AF_INET, m, ip, sizeof(ip));
	snprintf(expr, sizeof(expr), "inet_addr(\"%s\")", ip);
	print_net_expr(tcp, "imr_multiaddr", m, 4, expr);
	inet_ntop(AF_INET, m + 4, ip, sizeof(ip));
	snprintf(expr, sizeof(expr), "inet_addr(\"%s\")", ip);
	print_net_expr(tcp, "imr_interface", m + 4, 4, expr);
	emit_struct_end(tcp);
}

/* struct ipv6_mreq of IPV6_ADD_MEMBERSHIP and the anycast options. */
static void print_ipv6_mreq(struct tcb *tcp, uint64_t addr, int64_t len)
{
	unsigned char m[20];

	if (len < (int64_t)sizeof(m) || tracee_read(tcp, addr, m, sizeof(m))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	print_in6_field(tcp, "ipv6mr_multiaddr", m);
	emit_field(tcp, "ipv6mr_interface");
	print_ifindex(tcp, get32(m + 16));
	emit_struct_end(tcp);
}

/*
 * struct group_req of MCAST_JOIN_GROUP / MCAST_LEAVE_GROUP: an interface
 * and a struct sockaddr_storage, aligned to a long (at offset 8, 136
 * bytes; 4 and 132 for a 32-bit tracee, the kernel's compat_group_req).
 */
static void print_group_req(struct tcb *tcp, uint64_t addr, int64_t len)
{
	unsigned char g[136];
	size_t off = tcp_wordsize(tcp) == 4 ? 4 : 8;
	size_t size = off + 128;

	if (len < (int64_t)size || tracee_read(tcp, addr, g, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "gr_interface");
	print_ifindex(tcp, get32(g));
	emit_field(tcp, "gr_group");
	print_sockaddr_data(tcp, g + off, 128);
	emit_struct_end(tcp);
}

/* The multicast memberships, the same at SOL_IP and SOL_IPV6. */
static bool print_mcast_opt(struct tcb *tcp, int level, int name,
			    uint64_t addr, int64_t len)
{
	if (level != LEVEL_IP && level != LEVEL_IPV6)
		return false;
	if (name == OPT_MCAST_JOIN_GROUP || name == OPT_MCAST_LEAVE_GROUP) {
		print_group_req(tcp, addr, len);
		return true;
	}
	if (level == LEVEL_IP && (name == OPT_IP_ADD_MEMBERSHIP ||
				  name == OPT_IP_DROP_MEMBERSHIP)) {
		print_ip_mreq(tcp, addr, len);
		return true;
	}
	if (level == LEVEL_IPV6 && (name == OPT_IPV6_ADD_MEMBERSHIP ||
				    name == OPT_IPV6_DROP_MEMBERSHIP ||
				    name == OPT_IPV6_JOIN_ANYCAST ||
				    name == OPT_IPV6_LEAVE_ANYCAST)) {
		print_ipv6_mreq(tcp, addr, len);
		return true;
	}
	return false;
}

/* A struct sock_fprog is two words: 16 bytes, or 8 for a 32-bit tracee. */
static void print_attach_filter(struct tcb *tcp, uint64_t addr, int64_t len)
{
	if (len != 2 * (int64_t)tcp_wordsize(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_sock_fprog(tcp, addr);
}

/*
 * SO_GET_FILTER: optlen counts instructions.  A getsockopt that asked
 * for the length only (optlen 0 in) or found no filter (0 out) wrote
 * none; only -v shows the program.
 */
static void print_get_filter(struct tcb *tcp, uint64_t addr, uint32_t in,
			     uint32_t out)
{
	uint32_t n = in < out ? in : out;

	if (!n || qual_abbrev(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_array(tcp, addr, n, 8, print_sock_filter_insn, NULL);
}

void print_sockopt_value(struct tcb *tcp, int level, int name, uint64_t addr,
			 int64_t len, int is_get)
{
	int32_t v[3];

	if (!addr || len <= 0 || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (!is_get && print_mcast_opt(tcp, level, name, addr, len))
		return;
	if (!is_get && level == LEVEL_SOCKET &&
	    (name == OPT_SO_ATTACH_FILTER ||
	     name == OPT_SO_ATTACH_REUSEPORT_CBPF)) {
		print_attach_filter(tcp, addr, len);
		return;
	}
	if (level == LEVEL_RAW && name == OPT_ICMP_FILTER) {
		print_icmp_filter(tcp, addr, len);
		return;
	}
	if (level == LEVEL_PACKET && !is_get &&
	    (name == OPT_PACKET_ADD_MEMBERSHIP ||
	     name == OPT_PACKET_DROP_MEMBERSHIP)) {
		print_packet_mreq(tcp, addr, len);
		return;
	}
	if (level == LEVEL_PACKET && !is_get &&
	    (name == OPT_PACKET_RX_RING || name == OPT_PACKET_TX_RING)) {
		print_tpacket_req(tcp, addr, len);
		return;
	}
	/* struct tpacket_stats, or the _v3 one with tp_freeze_q_cnt */
	if (level == LEVEL_PACKET && is_get && name == OPT_PACKET_STATISTICS) {
		static const char *const names[] = { "tp_packets", "tp_drops",
						     "tp_freeze_q_cnt" };
		static const int is_unsigned[] = { 0, 0, 0 };
		size_t n = len < 12 ? (size_t)len : 12;

		if (tracee_read(tcp, addr, v, n)) {
			emit_ptr(tcp, addr);
			return;
		}
		print_int_fields(tcp, v, n, names, is_unsigned, 3);
		return;
	}
	if (level == LEVEL_SOCKET && name == OPT_SO_LINGER) {
		size_t n = len < 8 ? (size_t)len : 8;

		if ((!is_get && len < 8) || tracee_read(tcp, addr, v, n)) {
			emit_ptr(tcp, addr);
			return;
		}
		print_int_fields(tcp, v, n, linger_names, linger_signed, 2);
		return;
	}
	if (is_get && level == LEVEL_SOCKET && name == OPT_SO_PEERCRED) {
		size_t n = len < 12 ? (size_t)len : 12;

		if (tracee_read(tcp, addr, v, n)) {
			emit_ptr(tcp, addr);
			return;
		}
		print_ucred(tcp, v, n);
		return;
	}
	if (is_socket_int(level, name)) {
		if (len >= 4) {
			if (tracee_read(tcp, addr, v, 4)) {
				emit_ptr(tcp, addr);
				return;
			}
			print_int_in_brackets(tcp, level, name, v[0]);
			return;
		}
		if (!is_get) {
			emit_ptr(tcp, addr);
			return;
		}
		if (tracee_read(tcp, addr, v, (size_t)len)) {
			emit_ptr(tcp, addr);
			return;
		}
		emit_quoted(tcp, (const char *)v, (size_t)len, QUOTE_FORCE_HEX);
		return;
	}
	if (len == 4 && !is_string_opt(level, name)) {
		if (tracee_read(tcp, addr, v, 4)) {
			emit_ptr(tcp, addr);
			return;
		}
		print_int_in_brackets(tcp, level, name, v[0]);
		return;
	}
	emit_buf(tcp, addr, (uint64_t)len);
}

SYS_FUNC(setsockopt)
{
	int level = tcp_iarg(tcp, 1), name = tcp_iarg(tcp, 2);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sockopt_level(tcp, level);
	emit_next(tcp);
	print_sockopt_name(tcp, level, name, 0);
	emit_next(tcp);
	print_sockopt_value(tcp, level, name, tcp_arg(tcp, 3),
			    tcp_iarg(tcp, 4), 0);
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 4));
	return RVAL_DECODED;
}

static void print_u32_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	emit_uint(tcp, *(const uint32_t *)elem);
}

/*
 * NETLINK_LIST_MEMBERSHIPS: the bitmap of groups as u32 words, as many as
 * both the buffer and the length the kernel returned hold.
 */
static void print_memberships(struct tcb *tcp, uint64_t addr, uint32_t in,
			      uint32_t out)
{
	uint32_t n = (in < out ? in : out) / 4;

	if (!addr) {
		emit_ptr(tcp, addr);
		return;
	}
	print_array(tcp, addr, n, 4, print_u32_elem, NULL);
}

SYS_FUNC(getsockopt)
{
	int level = tcp_iarg(tcp, 1), name = tcp_iarg(tcp, 2);
	uint64_t lenp = tcp_arg(tcp, 4), in = 0;
	uint32_t out;
	int in_ok;

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_sockopt_level(tcp, level);
		emit_next(tcp);
		print_sockopt_name(tcp, level, name, 1);
		emit_next(tcp);
		if (lenp && !tracee_read(tcp, lenp, &out, sizeof(out)))
			net_priv_set(tcp, out);
		return 0;
	}
	in_ok = net_priv_get(tcp, &in);
	if (syserror(tcp) || !in_ok ||
	    tracee_read(tcp, lenp, &out, sizeof(out)))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else if (level == LEVEL_NETLINK && name == OPT_NETLINK_LIST_MEMBERSHIPS)
		print_memberships(tcp, tcp_arg(tcp, 3), (uint32_t)in, out);
	else if (level == LEVEL_SOCKET && name == OPT_SO_ATTACH_FILTER)
		print_get_filter(tcp, tcp_arg(tcp, 3), (uint32_t)in, out);
	else
		print_sockopt_value(tcp, level, name, tcp_arg(tcp, 3),
				    (int32_t)out, 1);
	emit_next(tcp);
	print_socklen_inout(tcp, lenp, in_ok, (uint32_t)in);
	return RVAL_DECIMAL;
}
