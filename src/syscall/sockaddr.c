/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Socket addresses: struct sockaddr and the family layouts strace
 * decodes (AF_UNIX, AF_INET, AF_INET6, AF_NETLINK, AF_PACKET here, the
 * rarer families in sockaddr_fam.c); other families, and buffers too
 * short for their family's layout, print the raw sa_data bytes.
 */
#include "config.h"

#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "syscall/sockaddr_fam.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/arp_hardware_types.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/packet_types.h"

/* sizeof(struct sockaddr_storage): the kernel copies no more. */
#define SOCKADDR_MAX		128
/* Offsets and sizes of the kernel layouts (uapi linux/in.h, in6.h ...). */
#define SIN_LEN			16
#define SIN6_LEN_RFC2133	24
#define SIN6_LEN		28
#define SNL_LEN			12
#define SLL_LEN			20
#define SUN_PATH_MAX		108


/*
 * A value strace shows as the C expression that makes it ("htons(80)"):
 * with -X raw the bytes as a hex string, with -X verbose both.
 */
void print_net_expr(struct tcb *tcp, const char *field,
			   const unsigned char *bytes, size_t n,
			   const char *expr)
{
	if (field)
		emit_field(tcp, field);
	else
		emit_next(tcp);
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_raw(tcp, expr);
		return;
	}
	emit_quoted(tcp, (const char *)bytes, n, QUOTE_FORCE_HEX);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		emit_comment(tcp, expr);
}

void print_port(struct tcb *tcp, const char *field,
		       const unsigned char *p)
{
	char expr[32];

	snprintf(expr, sizeof(expr), "htons(%u)", (unsigned)(p[0] << 8 | p[1]));
	print_net_expr(tcp, field, p, 2, expr);
}

/* sa_data: whatever follows the family, as a string. */
void print_sa_data(struct tcb *tcp, const unsigned char *buf,
			  size_t len)
{
	if (len <= 2)
		return;
	emit_field(tcp, "sa_data");
	emit_quoted(tcp, (const char *)buf + 2, len - 2, 0);
}

static void print_sockaddr_un(struct tcb *tcp, const unsigned char *buf,
			      size_t len)
{
	const char *path = (const char *)buf + 2;
	size_t n = len - 2;

	if (len <= 2)
		return;
	if (n > SUN_PATH_MAX)
		n = SUN_PATH_MAX;
	emit_field(tcp, "sun_path");
	if (path[0] == '\0') {
		/* Abstract names are length-counted and may hold NULs. */
		emit_prefix(tcp, "@");
		emit_quoted(tcp, path + 1, n - 1, 0);
		return;
	}
	emit_quoted(tcp, path, strnlen(path, n), 0);
}

void print_sockaddr_in(struct tcb *tcp, const unsigned char *buf)
{
	char expr[48], ip[INET_ADDRSTRLEN];

	print_port(tcp, "sin_port", buf + 2);
	inet_ntop(AF_INET, buf + 4, ip, sizeof(ip));
	snprintf(expr, sizeof(expr), "inet_addr(\"%s\")", ip);
	print_net_expr(tcp, "sin_addr", buf + 4, 4, expr);
}

/* Link-local scopes name an interface: strace shows it by name. */
void print_ifindex(struct tcb *tcp, uint32_t idx)
{
	char name[IF_NAMESIZE], expr[IF_NAMESIZE + 32];

	if (!idx || !if_indextoname(idx, name)) {
		emit_uint(tcp, idx);
		return;
	}
	snprintf(expr, sizeof(expr), "if_nametoindex(\"%s\")", name);
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_raw(tcp, expr);
		return;
	}
	emit_uint(tcp, idx);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		emit_comment(tcp, expr);
}

/*
 * An IPv6 address field: strace writes the call that fills it, naming
 * the field in it ("inet_pton(AF_INET6, \"::1\", &sin6_addr)"); -X raw
 * and verbose show the bytes as the field's value.
 */
void print_in6_field(struct tcb *tcp, const char *field,
		     const unsigned char *a)
{
	char expr[128], ip[INET6_ADDRSTRLEN];

	inet_ntop(AF_INET6, a, ip, sizeof(ip));
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		snprintf(expr, sizeof(expr),
			 "inet_pton(AF_INET6, \"%s\", &%s)", ip, field);
		emit_next(tcp);
		emit_raw(tcp, expr);
	} else {
		snprintf(expr, sizeof(expr), "inet_pton(AF_INET6, \"%s\")", ip);
		print_net_expr(tcp, field, a, 16, expr);
	}
}

void print_sockaddr_in6(struct tcb *tcp, const unsigned char *buf,
			       size_t len)
{
	char expr[32];
	const unsigned char *a = buf + 8;
	uint32_t flow = (uint32_t)buf[4] << 24 | (uint32_t)buf[5] << 16 |
			(uint32_t)buf[6] << 8 | buf[7];

	print_port(tcp, "sin6_port", buf + 2);
	snprintf(expr, sizeof(expr), "htonl(%u)", flow);
	print_net_expr(tcp, "sin6_flowinfo", buf + 4, 4, expr);
	print_in6_field(tcp, "sin6_addr", a);
	if (len < SIN6_LEN)
		return;
	emit_field(tcp, "sin6_scope_id");
	/* fe80::/10 unicast and ff02::/16 multicast are link-local. */
	if ((a[0] == 0xfe && (a[1] & 0xc0) == 0x80) ||
	    (a[0] == 0xff && (a[1] & 0x0f) == 0x02))
		print_ifindex(tcp, get32(buf + 24));
	else
		emit_uint(tcp, get32(buf + 24));
}

/* nl_pad shows only when not 0; nl_pid is mostly a process's pid. */
static void print_sockaddr_nl(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int pad = (unsigned int)(buf[2] | buf[3] << 8);

	if (pad) {
		emit_field(tcp, "nl_pad");
		emit_hex(tcp, pad);
	}
	emit_field(tcp, "nl_pid");
	print_pid(tcp, (int)get32(buf + 4));
	emit_field(tcp, "nl_groups");
	print_hex08(tcp, get32(buf + 8));
}

static void print_sockaddr_ll(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int proto = (unsigned)(buf[2] << 8 | buf[3]);
	unsigned int halen = buf[11];
	char text[64];

	{
		const char *name = xlat_name(ethernet_protocols, proto);

		if (name)
			snprintf(text, sizeof(text), "htons(%s)", name);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			snprintf(text, sizeof(text), "htons(%#x)", proto);
		else
			snprintf(text, sizeof(text), "htons(%#x /* ETH_P_??? */)",
				 proto);
		print_net_expr(tcp, "sll_protocol", buf + 2, 2, text);
	}
	emit_field(tcp, "sll_ifindex");
	print_ifindex(tcp, get32(buf + 4));
	emit_field(tcp, "sll_hatype");
	print_xval(tcp, arp_hardware_types, get16(buf + 8), "ARPHRD_???");
	emit_field(tcp, "sll_pkttype");
	print_xval(tcp, packet_types, buf[10], "PACKET_???");
	emit_field(tcp, "sll_halen");
	emit_uint(tcp, halen);
	/* No address, no sll_addr: strace leaves it out. */
	if (!halen)
		return;
	emit_field(tcp, "sll_addr");
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < halen && i < 8; i++) {
		emit_next(tcp);
		emit_hex(tcp, buf[12 + i]);
	}
	if (halen > 8)
		emit_more(tcp);
	emit_array_end(tcp);
}

void print_sockaddr_data(struct tcb *tcp, const void *data, size_t len)
{
	const unsigned char *buf = data;
	unsigned int family = get16(buf);

	emit_struct_begin(tcp);
	emit_field(tcp, "sa_family");
	print_xval(tcp, addrfams, family, "AF_???");
	switch (family) {
	case AF_UNIX:
		print_sockaddr_un(tcp, buf, len);
		break;
	case AF_INET:
		if (len >= SIN_LEN)
			print_sockaddr_in(tcp, buf);
		else
			print_sa_data(tcp, buf, len);
		break;
	case AF_INET6:
		if (len >= SIN6_LEN_RFC2133)
			print_sockaddr_in6(tcp, buf, len);
		else
			print_sa_data(tcp, buf, len);
		break;
	case AF_NETLINK:
		if (len >= SNL_LEN)
			print_sockaddr_nl(tcp, buf);
		else
			print_sa_data(tcp, buf, len);
		break;
	case AF_PACKET:
		if (len >= SLL_LEN)
			print_sockaddr_ll(tcp, buf);
		else
			print_sa_data(tcp, buf, len);
		break;
	default:
		if (!print_sockaddr_family(tcp, buf, len))
			print_sa_data(tcp, buf, len);
		break;
	}
	emit_struct_end(tcp);
}

void print_sockaddr(struct tcb *tcp, uint64_t addr, int64_t len)
{
	unsigned char buf[SOCKADDR_MAX];

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (len < 2 || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (len > SOCKADDR_MAX)
		len = SOCKADDR_MAX;
	if (tracee_read(tcp, addr, buf, (size_t)len)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_sockaddr_data(tcp, buf, (size_t)len);
}

void print_socklen_inout(struct tcb *tcp, uint64_t addr, int in_ok,
			 uint32_t in)
{
	uint32_t out;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (!in_ok || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	/* A socklen_t, but strace shows it as an int: "[-1]". */
	emit_array_begin(tcp);
	emit_int(tcp, (int32_t)in);
	if (exiting(tcp) && !syserror(tcp) &&
	    !tracee_read(tcp, addr, &out, sizeof(out)) && out != in) {
		emit_changed(tcp);
		emit_int(tcp, (int32_t)out);
	}
	emit_array_end(tcp);
}
