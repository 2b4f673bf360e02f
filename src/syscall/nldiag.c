/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_SOCK_DIAG bodies: the request (NLM_F_REQUEST set) or answer
 * struct of the family in its first byte (inet_diag, unix_diag,
 * netlink_diag), then its attributes.  One byte alone shows as
 * "{family=AF_UNIX}", a short struct as "{udiag_family=AF_UNIX, ...}".
 */
#include "config.h"

#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/netlink_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "xlat/tables/inet_diag_attrs.h"
#include "xlat/tables/inet_diag_req_attrs.h"
#include "xlat/tables/inet_protocols.h"
#include "xlat/tables/netlink_diag_attrs.h"
#include "xlat/tables/netlink_diag_show.h"
#include "xlat/tables/netlink_protocols.h"
#include "xlat/tables/socktypes.h"
#include "xlat/tables/tcp_states.h"
#include "xlat/tables/unix_diag_attrs.h"
#include "xlat/tables/unix_diag_show.h"


static void print_cookie(struct tcb *tcp, const char *field,
			 const uint32_t *c)
{
	emit_field(tcp, field);
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_uint(tcp, c[0]);
	emit_next(tcp);
	emit_uint(tcp, c[1]);
	emit_array_end(tcp);
}

/*
 * -X raw and -X verbose show the bytes of a network-order value (and the
 * decoded form in a comment); returns false when text should be shown.
 */
static bool print_raw_bytes(struct tcb *tcp, const void *b, size_t n,
			    const char *text)
{
	if (cfg.xlat_style != XLAT_STYLE_RAW &&
	    cfg.xlat_style != XLAT_STYLE_VERBOSE)
		return false;
	emit_quoted(tcp, b, n, QUOTE_FORCE_HEX);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		emit_comment(tcp, text);
	return true;
}

static void print_htons_field(struct tcb *tcp, const char *field, uint16_t v)
{
	char text[32];

	emit_field(tcp, field);
	snprintf(text, sizeof(text), "htons(%u)", ntohs(v));
	if (!print_raw_bytes(tcp, &v, sizeof(v), text))
		print_named(tcp, v, text, false);
}

static void print_sockid(struct tcb *tcp, int family,
			 const struct inet_diag_sockid *id)
{
	char ip[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 48];

	emit_field(tcp, "id");
	emit_struct_begin(tcp);
	print_htons_field(tcp, "idiag_sport", id->idiag_sport);
	print_htons_field(tcp, "idiag_dport", id->idiag_dport);
	if (family == AF_INET6) {
		const void *a[2] = { id->idiag_src, id->idiag_dst };
		const char *f[2] = { "idiag_src", "idiag_dst" };

		for (int i = 0; i < 2; i++) {
			inet_ntop(AF_INET6, a[i], ip, sizeof(ip));
			snprintf(text, sizeof(text),
				 "inet_pton(AF_INET6, \"%s\")", ip);
			if (cfg.xlat_style == XLAT_STYLE_RAW ||
			    cfg.xlat_style == XLAT_STYLE_VERBOSE) {
				emit_field(tcp, f[i]);
				print_raw_bytes(tcp, a[i], 16, text);
				continue;
			}
			/* strace names the field inside the call it shows */
			snprintf(text, sizeof(text),
				 "inet_pton(AF_INET6, \"%s\", &%s)", ip, f[i]);
			emit_next(tcp);
			emit_raw(tcp, text);
		}
	} else if (family == AF_INET) {
		emit_field(tcp, "idiag_src");
		inet_ntop(AF_INET, id->idiag_src, ip, sizeof(ip));
		snprintf(text, sizeof(text), "inet_addr(\"%s\")", ip);
		if (!print_raw_bytes(tcp, id->idiag_src, 16, text))
			emit_raw(tcp, text);
		emit_field(tcp, "idiag_dst");
		inet_ntop(AF_INET, id->idiag_dst, ip, sizeof(ip));
		snprintf(text, sizeof(text), "inet_addr(\"%s\")", ip);
		if (!print_raw_bytes(tcp, id->idiag_dst, 16, text))
			emit_raw(tcp, text);
	} else {
		emit_field(tcp, "idiag_src");
		nl_print_hex(tcp, 0, 0);
		emit_field(tcp, "idiag_dst");
		nl_print_hex(tcp, 0, 0);
	}
	emit_field(tcp, "idiag_if");
	nl_print_ifindex(tcp, id->idiag_if);
	print_cookie(tcp, "idiag_cookie", id->idiag_cookie);
	emit_struct_end(tcp);
}

/* --- attributes ------------------------------------------------------- */

static bool nla_inet_meminfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			     const void *opaque)
{
	struct inet_diag_meminfo m;

	(void)opaque;
	if (len < sizeof(m))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &m, sizeof(m)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, m, idiag_rmem);
	NL_FIELD_U(tcp, m, idiag_wmem);
	NL_FIELD_U(tcp, m, idiag_fmem);
	NL_FIELD_U(tcp, m, idiag_tmem);
	emit_struct_end(tcp);
	return true;
}

static const nla_fn inet_msg_nla[] = {
	[INET_DIAG_MEMINFO] = nla_inet_meminfo,
	[INET_DIAG_CONG] = nla_str,
	[INET_DIAG_TOS] = nla_u8,
	[INET_DIAG_TCLASS] = nla_u8,
	[INET_DIAG_SKMEMINFO] = nla_meminfo,
	[INET_DIAG_SHUTDOWN] = nla_u8,
	[INET_DIAG_PROTOCOL] = nla_u8,
	[INET_DIAG_SKV6ONLY] = nla_u8,
	[INET_DIAG_MARK] = nla_u32,
	[INET_DIAG_CLASS_ID] = nla_u32,
	[INET_DIAG_CGROUP_ID] = nla_u64,
};

static const nla_fn inet_req_nla[] = {
	[INET_DIAG_REQ_PROTOCOL] = nla_u32,
};

static bool nla_unix_vfs(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	struct unix_diag_vfs v;

	(void)opaque;
	if (len < sizeof(v))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, v, udiag_vfs_dev);
	NL_FIELD_U(tcp, v, udiag_vfs_ino);
	emit_struct_end(tcp);
	return true;
}

static bool nla_unix_rqlen(struct tcb *tcp, uint64_t addr, unsigned int len,
			   const void *opaque)
{
	struct unix_diag_rqlen r;

	(void)opaque;
	if (len < sizeof(r))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &r, sizeof(r)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, r, udiag_rqueue);
	NL_FIELD_U(tcp, r, udiag_wqueue);
	emit_struct_end(tcp);
	return true;
}

static const nla_fn unix_msg_nla[] = {
	[UNIX_DIAG_NAME] = nla_strn,
	[UNIX_DIAG_VFS] = nla_unix_vfs,
	[UNIX_DIAG_PEER] = nla_u32,
	[UNIX_DIAG_ICONS] = nla_u32_array,
	[UNIX_DIAG_RQLEN] = nla_unix_rqlen,
	[UNIX_DIAG_MEMINFO] = nla_meminfo,
	[UNIX_DIAG_SHUTDOWN] = nla_u8,
	[UNIX_DIAG_UID] = nla_u32,
};

static const nla_fn netlink_msg_nla[] = {
	[NETLINK_DIAG_MEMINFO] = nla_meminfo,
	[NETLINK_DIAG_GROUPS] = nla_u32_array,
};

/* --- the structs ------------------------------------------------------ */

static const struct xlat netlink_states[] = {
	{ 0, "NETLINK_UNCONNECTED" },
	{ 1, "NETLINK_CONNECTED" },
	{ 0, NULL }
};

static void print_netlink_proto(struct tcb *tcp, const char *field, uint8_t p)
{
	emit_field(tcp, field);
	if (p == NDIAG_PROTO_ALL)
		print_named(tcp, p, "NDIAG_PROTO_ALL", false);
	else
		print_xval(tcp, netlink_protocols, p, "NETLINK_???");
}

/* The fields after the family byte; b holds the whole struct. */
static void print_rest(struct tcb *tcp, int kind, const unsigned char *b)
{
	switch (kind) {
	case 1: {	/* inet_diag_req_v2 */
		struct inet_diag_req_v2 r;

		memcpy(&r, b, sizeof(r));
		emit_field(tcp, "sdiag_protocol");
		print_xval(tcp, inet_protocols, r.sdiag_protocol,
			   "IPPROTO_???");
		emit_field(tcp, "idiag_ext");
		nl_print_bit_set(tcp, inet_diag_attrs, 1, r.idiag_ext,
			      "1<<(INET_DIAG_\?\?\?-1)");
		if (r.pad) {
			emit_field(tcp, "pad");
			emit_hex(tcp, r.pad);
		}
		emit_field(tcp, "idiag_states");
		nl_print_bit_set(tcp, tcp_states, 0, r.idiag_states,
			      "1<<TCP_???");
		print_sockid(tcp, r.sdiag_family, &r.id);
		break;
	}
	case 2: {	/* inet_diag_msg */
		struct inet_diag_msg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "idiag_state");
		print_xval(tcp, tcp_states, m.idiag_state, "TCP_???");
		NL_FIELD_U(tcp, m, idiag_timer);
		NL_FIELD_U(tcp, m, idiag_retrans);
		print_sockid(tcp, m.idiag_family, &m.id);
		NL_FIELD_U(tcp, m, idiag_expires);
		NL_FIELD_U(tcp, m, idiag_rqueue);
		NL_FIELD_U(tcp, m, idiag_wqueue);
		NL_FIELD_U(tcp, m, idiag_uid);
		NL_FIELD_U(tcp, m, idiag_inode);
		break;
	}
	case 3: {	/* unix_diag_req */
		struct unix_diag_req r;

		memcpy(&r, b, sizeof(r));
		NL_FIELD_U(tcp, r, sdiag_protocol);
		if (r.pad) {
			emit_field(tcp, "pad");
			emit_hex(tcp, r.pad);
		}
		emit_field(tcp, "udiag_states");
		nl_print_bit_set(tcp, tcp_states, 0, r.udiag_states,
			      "1<<TCP_???");
		NL_FIELD_U(tcp, r, udiag_ino);
		emit_field(tcp, "udiag_show");
		print_flags(tcp, unix_diag_show, r.udiag_show, "UDIAG_SHOW_???");
		print_cookie(tcp, "udiag_cookie", r.udiag_cookie);
		break;
	}
	case 4: {	/* unix_diag_msg */
		struct unix_diag_msg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "udiag_type");
		print_xval(tcp, socktypes, m.udiag_type, "SOCK_???");
		emit_field(tcp, "udiag_state");
		print_xval(tcp, tcp_states, m.udiag_state, "TCP_???");
		if (m.pad) {
			emit_field(tcp, "pad");
			emit_hex(tcp, m.pad);
		}
		NL_FIELD_U(tcp, m, udiag_ino);
		print_cookie(tcp, "udiag_cookie", m.udiag_cookie);
		break;
	}
	case 5: {	/* netlink_diag_req */
		struct netlink_diag_req r;

		memcpy(&r, b, sizeof(r));
		print_netlink_proto(tcp, "sdiag_protocol", r.sdiag_protocol);
		if (r.pad) {
			emit_field(tcp, "pad");
			emit_hex(tcp, r.pad);
		}
		NL_FIELD_U(tcp, r, ndiag_ino);
		emit_field(tcp, "ndiag_show");
		print_flags(tcp, netlink_diag_show, r.ndiag_show,
			    "NDIAG_SHOW_???");
		print_cookie(tcp, "ndiag_cookie", r.ndiag_cookie);
		break;
	}
	case 6: {	/* netlink_diag_msg */
		struct netlink_diag_msg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "ndiag_type");
		print_xval(tcp, socktypes, m.ndiag_type, "SOCK_???");
		print_netlink_proto(tcp, "ndiag_protocol", m.ndiag_protocol);
		emit_field(tcp, "ndiag_state");
		print_xval(tcp, netlink_states, m.ndiag_state,
			   "NETLINK_???");
		NL_FIELD_U(tcp, m, ndiag_portid);
		NL_FIELD_U(tcp, m, ndiag_dst_portid);
		NL_FIELD_U(tcp, m, ndiag_dst_group);
		NL_FIELD_U(tcp, m, ndiag_ino);
		print_cookie(tcp, "ndiag_cookie", m.ndiag_cookie);
		break;
	}
	}
}

static const struct {
	unsigned int size;
	const char *family;
} kinds[] = {
	[1] = { sizeof(struct inet_diag_req_v2), "sdiag_family" },
	[2] = { sizeof(struct inet_diag_msg), "idiag_family" },
	[3] = { sizeof(struct unix_diag_req), "sdiag_family" },
	[4] = { sizeof(struct unix_diag_msg), "udiag_family" },
	[5] = { sizeof(struct netlink_diag_req), "sdiag_family" },
	[6] = { sizeof(struct netlink_diag_msg), "ndiag_family" },
};

static void print_kind_attrs(struct tcb *tcp, int kind, uint64_t addr,
			     uint64_t len)
{
	switch (kind) {
	case 1:
		nl_print_attrs(tcp, addr, len, inet_diag_req_attrs,
			       "INET_DIAG_REQ_???", inet_req_nla,
			       ARRAY_LEN(inet_req_nla), NULL);
		break;
	case 2:
		nl_print_attrs(tcp, addr, len, inet_diag_attrs,
			       "INET_DIAG_???", inet_msg_nla,
			       ARRAY_LEN(inet_msg_nla), NULL);
		break;
	case 4:
		nl_print_attrs(tcp, addr, len, unix_diag_attrs,
			       "UNIX_DIAG_???", unix_msg_nla,
			       ARRAY_LEN(unix_msg_nla), NULL);
		break;
	case 6:
		nl_print_attrs(tcp, addr, len, netlink_diag_attrs,
			       "NETLINK_DIAG_???", netlink_msg_nla,
			       ARRAY_LEN(netlink_msg_nla), NULL);
		break;
	default:
		nl_print_hex(tcp, addr, len);
		break;
	}
}

bool nl_sock_diag_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
		       uint64_t addr, uint64_t len)
{
	bool req = h->nlmsg_flags & NLM_F_REQUEST;
	unsigned char b[128];
	unsigned int size;
	uint64_t off;
	int kind = 0;

	(void)fd;
	if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY)
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, 1))
		return true;
	switch (b[0]) {
	case AF_INET:
	case AF_INET6:
		kind = req ? 1 : 2;
		break;
	case AF_UNIX:
		kind = req ? 3 : 4;
		break;
	case AF_NETLINK:
		kind = req ? 5 : 6;
		break;
	}
	emit_struct_begin(tcp);
	if (!kind || len == 1) {
		emit_field(tcp, "family");
		nl_print_family(tcp, b[0]);
		if (len > 1) {
			emit_field(tcp, "data");
			nl_print_hex(tcp, addr + 1, len - 1);
		}
		emit_struct_end(tcp);
		return true;
	}
	size = kinds[kind].size;
	emit_field(tcp, kinds[kind].family);
	nl_print_family(tcp, b[0]);
	if (len < size) {
		emit_more(tcp);
	} else if (nl_fetch(tcp, addr + 1, b + 1, size - 1)) {
		emit_next(tcp);
		emit_ptr(tcp, addr + 1);
	} else {
		print_rest(tcp, kind, b);
	}
	emit_struct_end(tcp);
	off = NLMSG_ALIGN(size);
	if (len > off) {
		emit_next(tcp);
		print_kind_attrs(tcp, kind, addr + off, len - off);
	}
	return true;
}
