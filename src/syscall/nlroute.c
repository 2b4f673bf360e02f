/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_ROUTE bodies: the struct each RTM_* message starts with
 * (ifinfomsg, ifaddrmsg, rtmsg, ndmsg, fib_rule_hdr, tcmsg, ...) and the
 * attributes after it.  Every one of them starts with an address family
 * byte: strace shows that byte even when the rest is short ("{ifi_family=
 * AF_INET, ...}"), and a message it has no struct for as "{family=...,
 * data=...}".
 */
#include "config.h"

#include <linux/dcbnl.h>
#include <linux/fib_rules.h>
#include <linux/if_addrlabel.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <linux/net_namespace.h>
#include <linux/netconf.h>
#include <linux/rtnetlink.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/arp_hardware_types.h"
#include "xlat/tables/fib_rule_actions.h"
#include "xlat/tables/fib_rule_flags.h"
#include "xlat/tables/ifaddrflags.h"
#include "xlat/tables/iffflags.h"
#include "xlat/tables/inet_protocols.h"
#include "xlat/tables/ip_type_of_services.h"
#include "xlat/tables/neighbor_cache_entry_flags.h"
#include "xlat/tables/neighbor_cache_entry_states.h"
#include "xlat/tables/routing_flags.h"
#include "xlat/tables/routing_protocols.h"
#include "xlat/tables/routing_scopes.h"
#include "xlat/tables/routing_table_ids.h"
#include "xlat/tables/routing_types.h"
#include "xlat/tables/route_nexthop_flags.h"
#include "xlat/tables/rtnl_addr_attrs.h"
#include "xlat/tables/rtnl_addrlabel_attrs.h"
#include "xlat/tables/rtnl_dcb_attrs.h"
#include "xlat/tables/rtnl_families.h"
#include "xlat/tables/rtnl_ifla_stats_attrs.h"
#include "xlat/tables/rtnl_netconf_attrs.h"
#include "xlat/tables/rtnl_nfea_attrs.h"
#include "xlat/tables/rtnl_nsid_attrs.h"
#include "xlat/tables/rtnl_link_attrs.h"
#include "xlat/tables/rtnl_neigh_attrs.h"
#include "xlat/tables/rtnl_route_attrs.h"
#include "xlat/tables/rtnl_rule_attrs.h"
#include "xlat/tables/rtnl_tc_attrs.h"


/* A constant strace shows as a bare number when it has no name. */
static void print_xval_or_hex(struct tcb *tcp, const struct xlat *x,
			      uint64_t v)
{
	if (xlat_name(x, v))
		print_xval(tcp, x, v, NULL);
	else
		emit_hex(tcp, v);
}

/* --- attribute values ------------------------------------------------- */

uint8_t rt_family;

bool nla_rt_addr(struct tcb *tcp, uint64_t addr, unsigned int len,
		 const void *opaque)
{
	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &rt_family);
}

NLA_XLAT(nla_ifa_flags, ifaddrflags, "IFA_F_???", 4, flags)
bool nla_rt_table(struct tcb *tcp, uint64_t addr, unsigned int len,
		  const void *opaque)
{
	static const struct nla_xlat x = { routing_table_ids, NULL, 4 };

	(void)opaque;
	return nla_xval(tcp, addr, len, &x);
}

/* IFA_CACHEINFO: struct ifa_cacheinfo. */
static bool nla_ifa_cacheinfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			      const void *opaque)
{
	struct ifa_cacheinfo ci;

	(void)opaque;
	if (len < sizeof(ci))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &ci, sizeof(ci)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, ci, ifa_prefered);
	NL_FIELD_U(tcp, ci, ifa_valid);
	NL_FIELD_U(tcp, ci, cstamp);
	NL_FIELD_U(tcp, ci, tstamp);
	emit_struct_end(tcp);
	return true;
}

static const nla_fn addr_nla[] = {
	[IFA_ADDRESS] = nla_rt_addr,
	[IFA_LOCAL] = nla_rt_addr,
	[IFA_LABEL] = nla_str,
	[IFA_BROADCAST] = nla_rt_addr,
	[IFA_ANYCAST] = nla_rt_addr,
	[IFA_CACHEINFO] = nla_ifa_cacheinfo,
	[IFA_MULTICAST] = nla_rt_addr,
	[IFA_FLAGS] = nla_ifa_flags,
	[IFA_RT_PRIORITY] = nla_u32,
	[IFA_TARGET_NETNSID] = nla_s32,
};

/* NDA_CACHEINFO: struct nda_cacheinfo. */
static bool nla_nda_cacheinfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			      const void *opaque)
{
	struct nda_cacheinfo ci;

	(void)opaque;
	if (len < sizeof(ci))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &ci, sizeof(ci)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, ci, ndm_confirmed);
	NL_FIELD_U(tcp, ci, ndm_used);
	NL_FIELD_U(tcp, ci, ndm_updated);
	NL_FIELD_U(tcp, ci, ndm_refcnt);
	emit_struct_end(tcp);
	return true;
}

static const struct xlat fdb_notify_flags[] = {
	{ 1 << 0, "FDB_NOTIFY_BIT" },
	{ 1 << 1, "FDB_NOTIFY_INACTIVE_BIT" },
	{ 0, NULL }
};
static const struct xlat ntf_ext_flags[] = {
	{ 1 << 0, "NTF_EXT_MANAGED" },
	{ 0, NULL }
};
NLA_XLAT(nla_fdb_notify, fdb_notify_flags, "FDB_NOTIFY_???", 1, flags)
NLA_XLAT(nla_ntf_ext, ntf_ext_flags, "NTF_EXT_???", 4, flags)
NLA_XLAT(nla_nud_states, neighbor_cache_entry_states, "NUD_???", 2, flags)
NLA_XLAT(nla_ntf_flags, neighbor_cache_entry_flags, "NTF_???", 1, flags)

static const nla_fn neigh_nla[] = {
	[NDA_DST] = nla_rt_addr,
	[NDA_LLADDR] = nla_hwaddr,
	[NDA_CACHEINFO] = nla_nda_cacheinfo,
	[NDA_PROBES] = nla_u32,
	[NDA_VLAN] = nla_u16,
	[NDA_PORT] = nla_be16,
	[NDA_VNI] = nla_u32,
	[NDA_IFINDEX] = nla_ifindex,
	[NDA_MASTER] = nla_ifindex,
	[NDA_LINK_NETNSID] = nla_u32,
	[NDA_SRC_VNI] = nla_u32,
	[NDA_PROTOCOL] = nla_u8,
	[NDA_NH_ID] = nla_u32,
	[NDA_FDB_EXT_ATTRS] = nla_nested,
	[NDA_FLAGS_EXT] = nla_ntf_ext,
	[NDA_NDM_STATE_MASK] = nla_nud_states,
	[NDA_NDM_FLAGS_MASK] = nla_ntf_flags,
};

/* NDA_FDB_EXT_ATTRS holds NFEA_* attributes. */
static const nla_fn nfea_nla[] = {
	[NFEA_ACTIVITY_NOTIFY] = nla_fdb_notify,
};
static const struct nl_nest nfea_nest =
	NL_NEST(rtnl_nfea_attrs, "NFEA_???", nfea_nla);
static const void *const neigh_opaque[ARRAY_LEN(neigh_nla)] = {
	[NDA_FDB_EXT_ATTRS] = &nfea_nest,
};

NLA_XLAT(nla_rt_proto, routing_protocols, "RTPROT_???", 1, xval)
NLA_XLAT(nla_ip_proto, inet_protocols, "IPPROTO_???", 1, xval)

static const nla_fn rule_nla[] = {
	[FRA_DST] = nla_rt_addr,
	[FRA_SRC] = nla_rt_addr,
	[FRA_IIFNAME] = nla_str,
	[FRA_GOTO] = nla_u32,
	[FRA_PRIORITY] = nla_u32,
	[FRA_FWMARK] = nla_x32,
	[FRA_FLOW] = nla_u32,
	[FRA_TUN_ID] = nla_be64,
	[FRA_SUPPRESS_IFGROUP] = nla_u32,
	[FRA_SUPPRESS_PREFIXLEN] = nla_u32,
	[FRA_TABLE] = nla_rt_table,
	[FRA_FWMASK] = nla_x32,
	[FRA_OIFNAME] = nla_str,
	[FRA_L3MDEV] = nla_u8,
	[FRA_PROTOCOL] = nla_rt_proto,
	[FRA_IP_PROTO] = nla_ip_proto,
	[FRA_UID_RANGE] = nla_struct,
	[FRA_SPORT_RANGE] = nla_struct,
	[FRA_DPORT_RANGE] = nla_struct,
};

static const struct nl_field uid_range_f[] = {
	NL_F(struct fib_rule_uid_range, start, NF_U, NULL),
	NL_F(struct fib_rule_uid_range, end, NF_U, NULL),
};
static const struct nl_struct uid_range_s = {
	sizeof(struct fib_rule_uid_range), 0, uid_range_f,
	ARRAY_LEN(uid_range_f), false
};
static const struct nl_field port_range_f[] = {
	NL_F(struct fib_rule_port_range, start, NF_U, NULL),
	NL_F(struct fib_rule_port_range, end, NF_U, NULL),
};
static const struct nl_struct port_range_s = {
	sizeof(struct fib_rule_port_range), 0, port_range_f,
	ARRAY_LEN(port_range_f), false
};
static const void *const rule_opaque[ARRAY_LEN(rule_nla)] = {
	[FRA_UID_RANGE] = &uid_range_s,
	[FRA_SPORT_RANGE] = &port_range_s,
	[FRA_DPORT_RANGE] = &port_range_s,
};

/* --- the structs ------------------------------------------------------ */

enum rt_kind {
	RK_NONE, RK_LINK, RK_ADDR, RK_ROUTE, RK_NEIGH, RK_RULE, RK_TC,
	RK_NEIGHTBL, RK_TCA, RK_ADDRLABEL, RK_DCB, RK_NETCONF, RK_MDB,
	RK_RTGEN, RK_NEXTHOP, RK_STATS,
};

static enum rt_kind kind_of(uint16_t t)
{
	switch (t) {
	case RTM_NEWLINK: case RTM_DELLINK: case RTM_GETLINK: case RTM_SETLINK:
		return RK_LINK;
	case RTM_NEWADDR: case RTM_DELADDR: case RTM_GETADDR:
	case RTM_GETMULTICAST: case RTM_GETANYCAST:
		return RK_ADDR;
	case RTM_NEWROUTE: case RTM_DELROUTE: case RTM_GETROUTE:
		return RK_ROUTE;
	case RTM_NEWNEIGH: case RTM_DELNEIGH: case RTM_GETNEIGH:
		return RK_NEIGH;
	case RTM_NEWRULE: case RTM_DELRULE: case RTM_GETRULE:
		return RK_RULE;
	case RTM_NEWQDISC: case RTM_DELQDISC: case RTM_GETQDISC:
	case RTM_NEWTCLASS: case RTM_DELTCLASS: case RTM_GETTCLASS:
	case RTM_NEWTFILTER: case RTM_DELTFILTER: case RTM_GETTFILTER:
	case RTM_NEWCHAIN: case RTM_DELCHAIN: case RTM_GETCHAIN:
		return RK_TC;
	case RTM_NEWNEIGHTBL: case RTM_GETNEIGHTBL: case RTM_SETNEIGHTBL:
		return RK_NEIGHTBL;
	case RTM_NEWACTION: case RTM_DELACTION: case RTM_GETACTION:
		return RK_TCA;
	case RTM_NEWADDRLABEL: case RTM_DELADDRLABEL: case RTM_GETADDRLABEL:
		return RK_ADDRLABEL;
	case RTM_GETDCB: case RTM_SETDCB:
		return RK_DCB;
	case RTM_NEWNETCONF: case RTM_DELNETCONF: case RTM_GETNETCONF:
		return RK_NETCONF;
	case RTM_NEWMDB: case RTM_DELMDB: case RTM_GETMDB:
		return RK_MDB;
	case RTM_NEWNSID: case RTM_DELNSID: case RTM_GETNSID:
	case RTM_NEWCACHEREPORT:
		return RK_RTGEN;
	case RTM_NEWNEXTHOP: case RTM_DELNEXTHOP: case RTM_GETNEXTHOP:
		return RK_NEXTHOP;
	case RTM_NEWSTATS: case RTM_GETSTATS:
		return RK_STATS;
	}
	return RK_NONE;
}

/* The struct's size and the name of its family field. */
static const struct {
	unsigned int size;
	const char *family;
} kinds[] = {
	[RK_NONE] = { 1, "family" },
	[RK_LINK] = { sizeof(struct ifinfomsg), "ifi_family" },
	[RK_ADDR] = { sizeof(struct ifaddrmsg), "ifa_family" },
	[RK_ROUTE] = { sizeof(struct rtmsg), "rtm_family" },
	[RK_NEIGH] = { sizeof(struct ndmsg), "ndm_family" },
	[RK_RULE] = { sizeof(struct fib_rule_hdr), "family" },
	[RK_TC] = { sizeof(struct tcmsg), "tcm_family" },
	[RK_NEIGHTBL] = { 1, "ndtm_family" },
	[RK_TCA] = { 1, "tca_family" },
	[RK_ADDRLABEL] = { 12, "ifal_family" },
	[RK_DCB] = { 4, "dcb_family" },
	[RK_NETCONF] = { 1, "ncm_family" },
	[RK_MDB] = { 8, "family" },
	[RK_RTGEN] = { 1, "rtgen_family" },
	[RK_NEXTHOP] = { 8, "nh_family" },
	[RK_STATS] = { sizeof(struct if_stats_msg), "family" },
};

/* The fields after the family byte, from the whole struct in b. */
static void print_rest(struct tcb *tcp, enum rt_kind k, const unsigned char *b)
{
	switch (k) {
	case RK_LINK: {
		struct ifinfomsg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "ifi_type");
		print_xval(tcp, arp_hardware_types, m.ifi_type, "ARPHRD_???");
		emit_field(tcp, "ifi_index");
		nl_print_ifindex(tcp, (uint32_t)m.ifi_index);
		emit_field(tcp, "ifi_flags");
		print_flags(tcp, iffflags, m.ifi_flags, "IFF_???");
		NL_FIELD_X(tcp, m, ifi_change);
		break;
	}
	case RK_ADDR: {
		struct ifaddrmsg m;

		memcpy(&m, b, sizeof(m));
		NL_FIELD_U(tcp, m, ifa_prefixlen);
		emit_field(tcp, "ifa_flags");
		print_flags(tcp, ifaddrflags, m.ifa_flags, "IFA_F_???");
		emit_field(tcp, "ifa_scope");
		print_xval_or_hex(tcp, routing_scopes, m.ifa_scope);
		emit_field(tcp, "ifa_index");
		nl_print_ifindex(tcp, m.ifa_index);
		break;
	}
	case RK_ROUTE: {
		struct rtmsg m;

		memcpy(&m, b, sizeof(m));
		NL_FIELD_U(tcp, m, rtm_dst_len);
		NL_FIELD_U(tcp, m, rtm_src_len);
		emit_field(tcp, "rtm_tos");
		print_flags(tcp, ip_type_of_services, m.rtm_tos, "IPTOS_TOS_???");
		emit_field(tcp, "rtm_table");
		print_xval_or_hex(tcp, routing_table_ids, m.rtm_table);
		emit_field(tcp, "rtm_protocol");
		print_xval(tcp, routing_protocols, m.rtm_protocol,
			   "RTPROT_???");
		emit_field(tcp, "rtm_scope");
		print_xval_or_hex(tcp, routing_scopes, m.rtm_scope);
		emit_field(tcp, "rtm_type");
		print_xval(tcp, routing_types, m.rtm_type, "RTN_???");
		emit_field(tcp, "rtm_flags");
		print_flags(tcp, routing_flags, m.rtm_flags, "RTM_F_???");
		break;
	}
	case RK_NEIGH: {
		struct ndmsg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "ndm_ifindex");
		nl_print_ifindex(tcp, (uint32_t)m.ndm_ifindex);
		emit_field(tcp, "ndm_state");
		print_flags(tcp, neighbor_cache_entry_states, m.ndm_state,
			    "NUD_???");
		emit_field(tcp, "ndm_flags");
		print_flags(tcp, neighbor_cache_entry_flags, m.ndm_flags,
			    "NTF_???");
		emit_field(tcp, "ndm_type");
		print_xval(tcp, routing_types, m.ndm_type, "RTN_???");
		break;
	}
	case RK_RULE: {
		struct fib_rule_hdr m;

		memcpy(&m, b, sizeof(m));
		NL_FIELD_U(tcp, m, dst_len);
		NL_FIELD_U(tcp, m, src_len);
		emit_field(tcp, "tos");
		print_flags(tcp, ip_type_of_services, m.tos, "IPTOS_TOS_???");
		emit_field(tcp, "table");
		print_xval_or_hex(tcp, routing_table_ids, m.table);
		emit_field(tcp, "action");
		print_xval(tcp, fib_rule_actions, m.action, "FR_ACT_???");
		emit_field(tcp, "flags");
		print_flags(tcp, fib_rule_flags, m.flags, "FIB_RULE_???");
		break;
	}
	case RK_TC: {
		struct tcmsg m;

		memcpy(&m, b, sizeof(m));
		emit_field(tcp, "tcm_ifindex");
		nl_print_ifindex(tcp, (uint32_t)m.tcm_ifindex);
		NL_FIELD_U(tcp, m, tcm_handle);
		NL_FIELD_U(tcp, m, tcm_parent);
		NL_FIELD_U(tcp, m, tcm_info);
		break;
	}
	case RK_ADDRLABEL: {
		/* ifal_family, __ifal_reserved, ifal_prefixlen, ifal_flags */
		uint8_t plen = b[2], flags = b[3];
		uint32_t idx, seq;

		memcpy(&idx, b + 4, 4);
		memcpy(&seq, b + 8, 4);
		emit_field(tcp, "ifal_prefixlen");
		emit_uint(tcp, plen);
		emit_field(tcp, "ifal_flags");
		emit_uint(tcp, flags);
		emit_field(tcp, "ifal_index");
		nl_print_ifindex(tcp, idx);
		emit_field(tcp, "ifal_seq");
		emit_uint(tcp, seq);
		break;
	}
	case RK_DCB:
		emit_field(tcp, "cmd");
		{
			static const struct xlat dcb_cmds[] = {
				{ 0, "DCB_CMD_UNDEFINED" },
				{ 1, "DCB_CMD_GSTATE" },
				{ 2, "DCB_CMD_SSTATE" },
				{ 0, NULL }
			};

			print_xval(tcp, dcb_cmds, b[1], "DCB_CMD_???");
		}
		break;
	case RK_MDB: {
		uint32_t idx;

		memcpy(&idx, b + 4, 4);
		emit_field(tcp, "ifindex");
		nl_print_ifindex(tcp, idx);
		break;
	}
	case RK_NEXTHOP: {
		emit_field(tcp, "nh_scope");
		print_xval_or_hex(tcp, routing_scopes, b[1]);
		emit_field(tcp, "nh_protocol");
		print_xval(tcp, routing_protocols, b[2], "RTPROT_???");
		if (b[3]) {
			emit_field(tcp, "resvd");
			emit_hex(tcp, b[3]);
		}
		{
			uint32_t f;

			memcpy(&f, b + 4, 4);
			emit_field(tcp, "nh_flags");
			print_flags(tcp, route_nexthop_flags, f, "RTNH_F_???");
		}
		break;
	}
	case RK_STATS: {
		struct if_stats_msg m;

		memcpy(&m, b, sizeof(m));
		if (m.pad1) {
			emit_field(tcp, "pad1");
			emit_hex(tcp, m.pad1);
		}
		if (m.pad2) {
			emit_field(tcp, "pad2");
			emit_hex(tcp, m.pad2);
		}
		emit_field(tcp, "ifindex");
		nl_print_ifindex(tcp, m.ifindex);
		emit_field(tcp, "filter_mask");
		nl_print_bit_set(tcp, rtnl_ifla_stats_attrs, 0, m.filter_mask,
				 "1<<IFLA_STATS_???");
		break;
	}
	default:
		break;
	}
}

static const struct nl_nest addr_nest =
	NL_NEST(rtnl_addr_attrs, "IFA_???", addr_nla);
static const struct nl_nest neigh_nest =
	NL_NEST_O(rtnl_neigh_attrs, "NDA_???", neigh_nla, neigh_opaque);
static const struct nl_nest rule_nest =
	NL_NEST_O(rtnl_rule_attrs, "FRA_???", rule_nla, rule_opaque);

static const nla_fn nsid_nla[] = {
	[NETNSA_NSID] = nla_s32,
	[NETNSA_PID] = nla_u32,
	[NETNSA_FD] = nla_fd,
	[NETNSA_TARGET_NSID] = nla_s32,
	[NETNSA_CURRENT_NSID] = nla_s32,
};
static const struct nl_nest nsid_nest =
	NL_NEST(rtnl_nsid_attrs, "NETNSA_???", nsid_nla);

static const nla_fn dcb_nla[] = {
	[DCB_ATTR_IFNAME] = nla_str,
	[DCB_ATTR_STATE] = nla_u8,
};
static const struct nl_nest dcb_nest =
	NL_NEST(rtnl_dcb_attrs, "DCB_ATTR_???", dcb_nla);

static const nla_fn netconf_nla[] = {
	[NETCONFA_IFINDEX] = nla_ifindex,
	[NETCONFA_FORWARDING] = nla_s32,
	[NETCONFA_RP_FILTER] = nla_s32,
	[NETCONFA_MC_FORWARDING] = nla_s32,
	[NETCONFA_PROXY_NEIGH] = nla_s32,
	[NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN] = nla_s32,
	[NETCONFA_INPUT] = nla_s32,
	[NETCONFA_BC_FORWARDING] = nla_s32,
};
static const struct nl_nest netconf_nest =
	NL_NEST(rtnl_netconf_attrs, "NETCONFA_???", netconf_nla);

static const nla_fn addrlabel_nla[] = {
	[IFAL_ADDRESS] = nla_rt_addr,
	[IFAL_LABEL] = nla_u32,
};
static const struct nl_nest addrlabel_nest =
	NL_NEST(rtnl_addrlabel_attrs, "IFAL_???", addrlabel_nla);

/* The attributes of a message of kind k and type t (NULL: hex). */
static const struct nl_nest *kind_nest(enum rt_kind k, uint16_t t)
{
	switch (k) {
	case RK_LINK:
		return &rt_link_nest;
	case RK_ADDR:
		return &addr_nest;
	case RK_ROUTE:
		return &rt_route_nest;
	case RK_NEIGH:
		return &neigh_nest;
	case RK_RULE:
		return &rule_nest;
	case RK_TC:
		return &rt_tc_nest;
	case RK_NEIGHTBL:
		return &rt_neightbl_nest;
	case RK_TCA:
		return &rt_tca_nest;
	case RK_ADDRLABEL:
		return &addrlabel_nest;
	case RK_DCB:
		return &dcb_nest;
	case RK_NETCONF:
		return &netconf_nest;
	case RK_MDB:
		return &rt_mdb_nest;
	case RK_NEXTHOP:
		return &rt_nexthop_nest;
	case RK_STATS:
		return &rt_stats_nest;
	case RK_RTGEN:
		if (t != RTM_NEWCACHEREPORT)
			return &nsid_nest;
		if (rt_family == RTNL_FAMILY_IPMR)
			return &rt_ipmr_creport_nest;
		if (rt_family == RTNL_FAMILY_IP6MR)
			return &rt_ip6mr_creport_nest;
		return NULL;
	default:
		return NULL;
	}
}

bool nl_route_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
		   uint64_t addr, uint64_t len)
{
	enum rt_kind k = kind_of(h->nlmsg_type);
	unsigned int size = kinds[k].size;
	unsigned char b[64];
	uint64_t off;

	(void)fd;
	if (nl_fetch_or_addr(tcp, addr, b, 1))
		return true;
	rt_family = b[0];
	emit_struct_begin(tcp);
	emit_field(tcp, kinds[k].family);
	if (h->nlmsg_type == RTM_NEWCACHEREPORT)
		print_xval(tcp, rtnl_families, b[0], "RTNL_FAMILY_???");
	else
		nl_print_family(tcp, b[0]);
	if (k == RK_NONE) {
		if (len > 1) {
			emit_field(tcp, "data");
			nl_print_hex(tcp, addr + 1, len - 1);
		}
		emit_struct_end(tcp);
		return true;
	}
	if (size > 1) {
		if (len < size) {
			emit_more(tcp);
		} else if (nl_fetch(tcp, addr + 1, b + 1, size - 1)) {
			emit_next(tcp);
			emit_ptr(tcp, addr + 1);
		} else {
			print_rest(tcp, k, b);
		}
	}
	emit_struct_end(tcp);
	off = NLMSG_ALIGN(size);
	if (len > off) {
		const struct nl_nest *n = kind_nest(k, h->nlmsg_type);

		emit_next(tcp);
		if (n)
			nl_print_nest(tcp, addr + off, len - off, n);
		else
			nl_print_hex(tcp, addr + off, len - off);
	}
	return true;
}
