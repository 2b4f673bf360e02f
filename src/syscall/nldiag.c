/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_SOCK_DIAG bodies: the request (NLM_F_REQUEST set) or answer
 * struct of the family in its first byte (inet_diag, unix_diag,
 * netlink_diag), then its attributes (an inet_diag answer's are
 * nldiag_inet.c's).  One byte alone shows as
 * "{family=AF_UNIX}", a short struct as "{udiag_family=AF_UNIX, ...}".
 */
#include "config.h"

#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "syscall/netlink.h"
#include "syscall/seccomp.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/inet_diag_bc_ops.h"
#include "xlat/tables/netlink_diag_flags.h"
#include "xlat/tables/packet_diag_attrs.h"
#include "xlat/tables/packet_diag_info_flags.h"
#include "xlat/tables/packet_diag_show.h"
#include "xlat/tables/smc_decl_codes.h"
#include "xlat/tables/smc_diag_attrs.h"
#include "xlat/tables/smc_diag_modes.h"
#include "xlat/tables/smc_link_group_roles.h"
#include "xlat/tables/smc_states.h"
#include "xlat/tables/sock_shutdown_flags.h"
#include "xlat/tables/tpacket_versions.h"
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

/*
 * INET_DIAG_REQ_BYTECODE: an operation, then what its code takes: a host
 * condition, an interface, a mark, or the operation a comparison jumps
 * to; anything else in hex.
 */
static void print_bc_op(struct tcb *tcp, const struct inet_diag_bc_op *op)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "code");
	print_xval(tcp, inet_diag_bc_ops, op->code, "INET_DIAG_BC_???");
	NL_FIELD_U(tcp, *op, yes);
	NL_FIELD_U(tcp, *op, no);
	emit_struct_end(tcp);
}

static void print_hostcond(struct tcb *tcp, uint64_t addr, unsigned int len)
{
	struct inet_diag_hostcond h;
	unsigned char a[16];
	unsigned int need;

	if (len < sizeof(h)) {
		nl_print_hex(tcp, addr, len);
		return;
	}
	if (nl_fetch_or_addr(tcp, addr, &h, sizeof(h)))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "family");
	nl_print_family(tcp, h.family);
	NL_FIELD_U(tcp, h, prefix_len);
	NL_FIELD_D(tcp, h, port);
	need = h.family == AF_INET ? 4 : h.family == AF_INET6 ? 16 : 0;
	addr += sizeof(h);
	len -= sizeof(h);
	if (need && len < need) {
		emit_field(tcp, "addr");
		nl_print_hex(tcp, addr, len);
	} else if (need && nl_fetch(tcp, addr, a, need)) {
		emit_field(tcp, "addr");
		emit_ptr(tcp, addr);
	} else if (need == 16 && cfg.xlat_style != XLAT_STYLE_RAW &&
		   cfg.xlat_style != XLAT_STYLE_VERBOSE) {
		char ip[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 32];

		/* strace names the field inside the call it shows */
		inet_ntop(AF_INET6, a, ip, sizeof(ip));
		snprintf(text, sizeof(text), "inet_pton(AF_INET6, \"%s\", &addr)",
			 ip);
		emit_next(tcp);
		emit_raw(tcp, text);
	} else if (need) {
		emit_field(tcp, "addr");
		nl_print_inet_addr(tcp, h.family, a, need);
	}
	emit_struct_end(tcp);
}

static bool nla_bytecode(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	struct inet_diag_bc_op op;
	unsigned int rest;

	(void)opaque;
	if (len < sizeof(op))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &op, sizeof(op)))
		return true;
	print_bc_op(tcp, &op);
	addr += sizeof(op);
	rest = len - sizeof(op);
	if (!rest)
		return true;
	emit_next(tcp);
	switch (op.code) {
	case INET_DIAG_BC_S_COND:
	case INET_DIAG_BC_D_COND:
		print_hostcond(tcp, addr, rest);
		break;
	case INET_DIAG_BC_DEV_COND: {
		uint32_t ifindex;

		if (rest < sizeof(ifindex))
			nl_print_hex(tcp, addr, rest);
		else if (!nl_fetch_or_addr(tcp, addr, &ifindex,
					   sizeof(ifindex)))
			nl_print_ifindex(tcp, ifindex);
		break;
	}
	case INET_DIAG_BC_S_GE:
	case INET_DIAG_BC_S_LE:
	case INET_DIAG_BC_D_GE:
	case INET_DIAG_BC_D_LE: {
		struct inet_diag_bc_op next;

		if (rest < sizeof(next))
			nl_print_hex(tcp, addr, rest);
		else if (!nl_fetch_or_addr(tcp, addr, &next, sizeof(next)))
			print_bc_op(tcp, &next);
		break;
	}
	case INET_DIAG_BC_MARK_COND: {
		struct inet_diag_markcond m;

		if (rest < sizeof(m)) {
			nl_print_hex(tcp, addr, rest);
		} else if (!nl_fetch_or_addr(tcp, addr, &m, sizeof(m))) {
			emit_struct_begin(tcp);
			NL_FIELD_U(tcp, m, mark);
			NL_FIELD_U(tcp, m, mask);
			emit_struct_end(tcp);
		}
		break;
	}
	default:
		nl_print_hex(tcp, addr, rest);
		break;
	}
	return true;
}

NLA_XLAT(nla_req_protocol, inet_protocols, "IPPROTO_???", 4, xval)

static const nla_fn inet_req_nla[] = {
	[INET_DIAG_REQ_BYTECODE] = nla_bytecode,
	[INET_DIAG_REQ_PROTOCOL] = nla_req_protocol,
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
	emit_field(tcp, "udiag_vfs_dev");
	print_dev(tcp, v.udiag_vfs_dev);
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

/*
 * NETLINK_DIAG_GROUPS: the group bitmap in the tracee's longs, which
 * strace pads as "%#0*lx" to twice the size of a long.
 */
static void print_xlong_elem(struct tcb *tcp, const void *e, void *data)
{
	unsigned int w = (unsigned int)(uintptr_t)data;
	uint64_t v = 0;
	char text[32];

	if (w == 4) {
		uint32_t v32;

		memcpy(&v32, e, 4);
		v = v32;
	} else {
		memcpy(&v, e, 8);
	}
	snprintf(text, sizeof(text), "%#0*llx", (int)(2 * w),
		 (unsigned long long)v);
	emit_sym(tcp, v, text);
}

static bool nla_netlink_groups(struct tcb *tcp, uint64_t addr,
			       unsigned int len, const void *opaque)
{
	unsigned int w = tcp_wordsize(tcp);

	(void)opaque;
	if (len < w)
		return false;
	print_array(tcp, addr, len / w, w, print_xlong_elem,
		    (void *)(uintptr_t)w);
	return true;
}

static const struct nl_field netlink_ring_f[] = {
	NL_F(struct netlink_diag_ring, ndr_block_size, NF_U, NULL),
	NL_F(struct netlink_diag_ring, ndr_block_nr, NF_U, NULL),
	NL_F(struct netlink_diag_ring, ndr_frame_size, NF_U, NULL),
	NL_F(struct netlink_diag_ring, ndr_frame_nr, NF_U, NULL),
};
static const struct nl_struct netlink_ring_s = {
	sizeof(struct netlink_diag_ring), 0, netlink_ring_f,
	ARRAY_LEN(netlink_ring_f), false
};
NLA_XLAT(nla_netlink_diag_flags, netlink_diag_flags, "NDIAG_FLAG_???", 4,
	 flags)

static const nla_fn netlink_msg_nla[] = {
	[NETLINK_DIAG_MEMINFO] = nla_meminfo,
	[NETLINK_DIAG_GROUPS] = nla_netlink_groups,
	[NETLINK_DIAG_RX_RING] = nla_struct,
	[NETLINK_DIAG_TX_RING] = nla_struct,
	[NETLINK_DIAG_FLAGS] = nla_netlink_diag_flags,
};
static const void *const netlink_msg_opaque[ARRAY_LEN(netlink_msg_nla)] = {
	[NETLINK_DIAG_RX_RING] = &netlink_ring_s,
	[NETLINK_DIAG_TX_RING] = &netlink_ring_s,
};
static const struct nl_nest netlink_msg_nest =
	NL_NEST_O(netlink_diag_attrs, "NETLINK_DIAG_???", netlink_msg_nla,
		  netlink_msg_opaque);

/* --- AF_PACKET -------------------------------------------------------- */

static const struct nla_xlat tpacket_x = { tpacket_versions, "TPACKET_???", 4 };
static const struct nla_xlat pdi_flags_x = {
	packet_diag_info_flags, "PDI_???", 4
};
static const struct nl_field packet_info_f[] = {
	NL_F(struct packet_diag_info, pdi_index, NF_IFINDEX, NULL),
	NL_F(struct packet_diag_info, pdi_version, NF_XVAL, &tpacket_x),
	NL_F(struct packet_diag_info, pdi_reserve, NF_U, NULL),
	NL_F(struct packet_diag_info, pdi_copy_thresh, NF_U, NULL),
	NL_F(struct packet_diag_info, pdi_tstamp, NF_U, NULL),
	NL_F(struct packet_diag_info, pdi_flags, NF_FLAGS, &pdi_flags_x),
};
static const struct nl_struct packet_info_s = {
	sizeof(struct packet_diag_info), 0, packet_info_f,
	ARRAY_LEN(packet_info_f), false
};

/* A multicast address: pdmc_alen of its bytes (at most all of them). */
static void print_mclist(struct tcb *tcp, const void *e, void *data)
{
	const struct packet_diag_mclist *m = e;
	unsigned int alen = m->pdmc_alen < sizeof(m->pdmc_addr) ?
			    m->pdmc_alen : sizeof(m->pdmc_addr);

	(void)data;
	emit_struct_begin(tcp);
	emit_field(tcp, "pdmc_index");
	nl_print_ifindex(tcp, m->pdmc_index);
	NL_FIELD_U(tcp, *m, pdmc_count);
	NL_FIELD_U(tcp, *m, pdmc_type);
	NL_FIELD_U(tcp, *m, pdmc_alen);
	emit_field(tcp, "pdmc_addr");
	emit_quoted(tcp, (const char *)m->pdmc_addr, alen, QUOTE_FORCE_HEX);
	emit_struct_end(tcp);
}

static bool nla_packet_mclist(struct tcb *tcp, uint64_t addr,
			      unsigned int len, const void *opaque)
{
	const size_t size = sizeof(struct packet_diag_mclist);

	(void)opaque;
	if (len < size)
		return false;
	print_array(tcp, addr, len / size, size, print_mclist, NULL);
	return true;
}

static const struct nl_field packet_ring_f[] = {
	NL_F(struct packet_diag_ring, pdr_block_size, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_block_nr, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_frame_size, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_frame_nr, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_retire_tmo, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_sizeof_priv, NF_U, NULL),
	NL_F(struct packet_diag_ring, pdr_features, NF_U, NULL),
};
static const struct nl_struct packet_ring_s = {
	sizeof(struct packet_diag_ring), 0, packet_ring_f,
	ARRAY_LEN(packet_ring_f), false
};

/* PACKET_DIAG_FILTER: the socket's classic BPF program. */
static bool nla_packet_filter(struct tcb *tcp, uint64_t addr,
			      unsigned int len, const void *opaque)
{
	(void)opaque;
	if (len < 8)
		return false;
	/* as of seccomp filters, only -v shows the program */
	if (qual_abbrev(tcp)) {
		emit_ptr(tcp, addr);
		return true;
	}
	print_array(tcp, addr, len / 8, 8, print_sock_filter_insn, NULL);
	return true;
}

static const nla_fn packet_msg_nla[] = {
	[PACKET_DIAG_INFO] = nla_struct,
	[PACKET_DIAG_MCLIST] = nla_packet_mclist,
	[PACKET_DIAG_RX_RING] = nla_struct,
	[PACKET_DIAG_TX_RING] = nla_struct,
	[PACKET_DIAG_FANOUT] = nla_u32,
	[PACKET_DIAG_UID] = nla_u32,
	[PACKET_DIAG_MEMINFO] = nla_meminfo,
	[PACKET_DIAG_FILTER] = nla_packet_filter,
};
static const void *const packet_msg_opaque[ARRAY_LEN(packet_msg_nla)] = {
	[PACKET_DIAG_INFO] = &packet_info_s,
	[PACKET_DIAG_RX_RING] = &packet_ring_s,
	[PACKET_DIAG_TX_RING] = &packet_ring_s,
};
static const struct nl_nest packet_msg_nest =
	NL_NEST_O(packet_diag_attrs, "PACKET_DIAG_???", packet_msg_nla,
		  packet_msg_opaque);

/* --- AF_SMC ----------------------------------------------------------- */

NLA_XLAT(nla_smc_shutdown, sock_shutdown_flags, "???_SHUTDOWN", 1, flags)

static void print_smc_cursor(struct tcb *tcp, const unsigned char *p)
{
	struct smc_diag_cursor c;

	memcpy(&c, p, sizeof(c));
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, c, reserved);
	NL_FIELD_U(tcp, c, wrap);
	NL_FIELD_U(tcp, c, count);
	emit_struct_end(tcp);
}

#define SMC_CURSOR(f) NL_F(struct smc_diag_conninfo, f, NF_FN, print_smc_cursor)
static const struct nl_field smc_conninfo_f[] = {
	NL_F(struct smc_diag_conninfo, token, NF_U, NULL),
	NL_F(struct smc_diag_conninfo, sndbuf_size, NF_U, NULL),
	NL_F(struct smc_diag_conninfo, rmbe_size, NF_U, NULL),
	NL_F(struct smc_diag_conninfo, peer_rmbe_size, NF_U, NULL),
	SMC_CURSOR(rx_prod),
	SMC_CURSOR(rx_cons),
	SMC_CURSOR(tx_prod),
	SMC_CURSOR(tx_cons),
	NL_F(struct smc_diag_conninfo, rx_prod_flags, NF_X, NULL),
	NL_F(struct smc_diag_conninfo, rx_conn_state_flags, NF_X, NULL),
	NL_F(struct smc_diag_conninfo, tx_prod_flags, NF_X, NULL),
	NL_F(struct smc_diag_conninfo, tx_conn_state_flags, NF_X, NULL),
	SMC_CURSOR(tx_prep),
	SMC_CURSOR(tx_sent),
	SMC_CURSOR(tx_fin),
};
static const struct nl_struct smc_conninfo_s = {
	sizeof(struct smc_diag_conninfo), 0, smc_conninfo_f,
	ARRAY_LEN(smc_conninfo_f), false
};

/* A NUL-terminated name in a fixed array. */
static void print_smc_name(struct tcb *tcp, const unsigned char *p,
			   size_t size)
{
	const void *nul = memchr(p, 0, size);

	emit_quoted(tcp, (const char *)p,
		    nul ? (size_t)((const unsigned char *)nul - p) : size,
		    nul ? 0 : QUOTE_ELLIPSIS);
}

static void print_smc_lnk(struct tcb *tcp, const unsigned char *p)
{
	struct smc_diag_linkinfo l;

	memcpy(&l, p, sizeof(l));
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, l, link_id);
	emit_field(tcp, "ibname");
	print_smc_name(tcp, l.ibname, sizeof(l.ibname));
	NL_FIELD_U(tcp, l, ibport);
	emit_field(tcp, "gid");
	print_smc_name(tcp, l.gid, sizeof(l.gid));
	emit_field(tcp, "peer_gid");
	print_smc_name(tcp, l.peer_gid, sizeof(l.peer_gid));
	emit_struct_end(tcp);
	emit_array_end(tcp);
}

static const struct nla_xlat smc_role_x = {
	smc_link_group_roles, "SMC_???", 1
};
static const struct nl_field smc_lgrinfo_f[] = {
	NL_F(struct smc_diag_lgrinfo, lnk, NF_FN, print_smc_lnk),
	NL_F(struct smc_diag_lgrinfo, role, NF_XVAL, &smc_role_x),
};
static const struct nl_struct smc_lgrinfo_s = {
	sizeof(struct smc_diag_lgrinfo), 0, smc_lgrinfo_f,
	ARRAY_LEN(smc_lgrinfo_f), false
};

/* struct smcd_diag_dmbinfo: __aligned_u64, the same in both personalities. */
static const struct nl_field smc_dmbinfo_f[] = {
	NL_F(struct smcd_diag_dmbinfo, linkid, NF_U, NULL),
	NL_F(struct smcd_diag_dmbinfo, peer_gid, NF_X, NULL),
	NL_F(struct smcd_diag_dmbinfo, my_gid, NF_X, NULL),
	NL_F(struct smcd_diag_dmbinfo, token, NF_X, NULL),
	NL_F(struct smcd_diag_dmbinfo, peer_token, NF_X, NULL),
};
static const struct nl_struct smc_dmbinfo_s = {
	sizeof(struct smcd_diag_dmbinfo), 0, smc_dmbinfo_f,
	ARRAY_LEN(smc_dmbinfo_f), false
};

/* A decline reason, always as a number: "0x3020000 /\* SMC_CLC_DECL_IPSEC *\/". */
static void print_smc_decl(struct tcb *tcp, const unsigned char *p)
{
	const char *name;
	char text[96];
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, v);
		return;
	}
	name = xlat_name(smc_decl_codes, v);
	snprintf(text, sizeof(text), "%#x /* %s */", v,
		 name ? name : "SMC_CLC_DECL_???");
	emit_sym(tcp, v, text);
}

static const struct nl_field smc_fallback_f[] = {
	NL_F(struct smc_diag_fallback, reason, NF_FN, print_smc_decl),
	NL_F(struct smc_diag_fallback, peer_diagnosis, NF_FN, print_smc_decl),
};
static const struct nl_struct smc_fallback_s = {
	sizeof(struct smc_diag_fallback), 0, smc_fallback_f,
	ARRAY_LEN(smc_fallback_f), false
};

static const nla_fn smc_msg_nla[] = {
	[SMC_DIAG_CONNINFO] = nla_struct,
	[SMC_DIAG_LGRINFO] = nla_struct,
	[SMC_DIAG_SHUTDOWN] = nla_smc_shutdown,
	[SMC_DIAG_DMBINFO] = nla_struct,
	[SMC_DIAG_FALLBACK] = nla_struct,
};
static const void *const smc_msg_opaque[ARRAY_LEN(smc_msg_nla)] = {
	[SMC_DIAG_CONNINFO] = &smc_conninfo_s,
	[SMC_DIAG_LGRINFO] = &smc_lgrinfo_s,
	[SMC_DIAG_DMBINFO] = &smc_dmbinfo_s,
	[SMC_DIAG_FALLBACK] = &smc_fallback_s,
};
static const struct nl_nest smc_msg_nest =
	NL_NEST_O(smc_diag_attrs, "SMC_DIAG_???", smc_msg_nla, smc_msg_opaque);

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
	case 7: {	/* packet_diag_req */
		struct packet_diag_req r;

		memcpy(&r, b, sizeof(r));
		NL_FIELD_X(tcp, r, sdiag_protocol);
		if (r.pad) {
			emit_field(tcp, "pad");
			emit_hex(tcp, r.pad);
		}
		NL_FIELD_U(tcp, r, pdiag_ino);
		emit_field(tcp, "pdiag_show");
		print_flags(tcp, packet_diag_show, r.pdiag_show,
			    "PACKET_SHOW_???");
		print_cookie(tcp, "pdiag_cookie", r.pdiag_cookie);
		break;
	}
	case 8: {	/* packet_diag_msg */
		struct packet_diag_msg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "pdiag_type");
		print_xval(tcp, socktypes, m.pdiag_type, "SOCK_???");
		emit_field(tcp, "pdiag_num");
		print_xval(tcp, ethernet_protocols, m.pdiag_num, "ETH_P_???");
		NL_FIELD_U(tcp, m, pdiag_ino);
		print_cookie(tcp, "pdiag_cookie", m.pdiag_cookie);
		break;
	}
	case 9: {	/* smc_diag_req */
		struct smc_diag_req r;

		memcpy(&r, b, sizeof(r));
		emit_field(tcp, "diag_ext");
		nl_print_bit_set(tcp, smc_diag_attrs, 1, r.diag_ext,
				 "1<<(SMC_DIAG_\?\?\?-1)");
		print_sockid(tcp, AF_INET, &r.id);
		break;
	}
	case 10: {	/* smc_diag_msg */
		struct smc_diag_msg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "diag_state");
		print_xval(tcp, smc_states, m.diag_state, "SMC_???");
		emit_field(tcp, "diag_fallback");
		print_xval(tcp, smc_diag_modes, m.diag_fallback,
			   "SMC_DIAG_MODE_???");
		NL_FIELD_U(tcp, m, diag_shutdown);
		print_sockid(tcp, AF_INET, &m.id);
		NL_FIELD_U(tcp, m, diag_uid);
		NL_FIELD_U(tcp, m, diag_inode);
		break;
	}
	case 11: {	/* inet_diag_req (TCPDIAG_GETSOCK, DCCPDIAG_GETSOCK) */
		struct inet_diag_req r;

		memcpy(&r, b, sizeof(r));
		NL_FIELD_U(tcp, r, idiag_src_len);
		NL_FIELD_U(tcp, r, idiag_dst_len);
		emit_field(tcp, "idiag_ext");
		nl_print_bit_set(tcp, inet_diag_attrs, 1, r.idiag_ext,
				 "1<<(INET_DIAG_\?\?\?-1)");
		print_sockid(tcp, r.idiag_family, &r.id);
		emit_field(tcp, "idiag_states");
		nl_print_bit_set(tcp, tcp_states, 0, r.idiag_states,
				 "1<<TCP_???");
		NL_FIELD_U(tcp, r, idiag_dbs);
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
	[7] = { sizeof(struct packet_diag_req), "sdiag_family" },
	[8] = { sizeof(struct packet_diag_msg), "pdiag_family" },
	[9] = { sizeof(struct smc_diag_req), "diag_family" },
	[10] = { sizeof(struct smc_diag_msg), "diag_family" },
	[11] = { sizeof(struct inet_diag_req), "idiag_family" },
};

static void print_kind_attrs(struct tcb *tcp, int kind, uint64_t addr,
			     uint64_t len)
{
	switch (kind) {
	case 1:
	case 11:
		nl_print_attrs(tcp, addr, len, inet_diag_req_attrs,
			       "INET_DIAG_REQ_???", inet_req_nla,
			       ARRAY_LEN(inet_req_nla), NULL);
		break;
	case 2:
		nl_print_nest(tcp, addr, len, &nl_inet_diag_msg_nest);
		break;
	case 4:
		nl_print_attrs(tcp, addr, len, unix_diag_attrs,
			       "UNIX_DIAG_???", unix_msg_nla,
			       ARRAY_LEN(unix_msg_nla), NULL);
		break;
	case 6:
		nl_print_nest(tcp, addr, len, &netlink_msg_nest);
		break;
	case 8:
		nl_print_nest(tcp, addr, len, &packet_msg_nest);
		break;
	case 10:
		nl_print_nest(tcp, addr, len, &smc_msg_nest);
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
	if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY &&
	    h->nlmsg_type != TCPDIAG_GETSOCK && h->nlmsg_type != DCCPDIAG_GETSOCK)
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, 1))
		return true;
	if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY) {
		/* the old inet requests and their answers, any family */
		kind = req ? 11 : 2;
		if (b[0] != AF_INET && b[0] != AF_INET6)
			kind = 0;
	} else switch (b[0]) {
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
	case AF_PACKET:
		kind = req ? 7 : 8;
		break;
	case AF_SMC:
		kind = req ? 9 : 10;
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
		/*
		 * strace stops at a struct it cannot read whole: the
		 * attributes after it are not shown, not even by address.
		 */
		emit_next(tcp);
		emit_ptr(tcp, addr + 1);
		emit_struct_end(tcp);
		return true;
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
