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

#include <linux/fib_rules.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "xlat/tables/arp_hardware_types.h"
#include "xlat/tables/fib_rule_actions.h"
#include "xlat/tables/fib_rule_flags.h"
#include "xlat/tables/ifaddrflags.h"
#include "xlat/tables/iffflags.h"
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
#include "xlat/tables/rtnl_link_attrs.h"
#include "xlat/tables/rtnl_neigh_attrs.h"
#include "xlat/tables/rtnl_route_attrs.h"
#include "xlat/tables/rtnl_rule_attrs.h"
#include "xlat/tables/rtnl_tc_attrs.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

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

/* The family of the message, for the decoders of addresses. */
static uint8_t msg_family;

static bool nla_addr(struct tcb *tcp, uint64_t addr, unsigned int len,
		     const void *opaque)
{
	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &msg_family);
}

#define NLA_XLAT(fn, table, dflt, size, kind)				\
static bool fn(struct tcb *tcp, uint64_t addr, unsigned int len,	\
	       const void *opaque)					\
{									\
	static const struct nla_xlat x = { table, dflt, size };		\
									\
	(void)opaque;							\
	return nla_##kind(tcp, addr, len, &x);				\
}

NLA_XLAT(nla_ifa_flags, ifaddrflags, "IFA_F_???", 4, flags)
NLA_XLAT(nla_rt_table, routing_table_ids, NULL, 4, xval)
NLA_XLAT(nla_rt_pref, routing_types, NULL, 1, xval)

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

/* IFLA_EXT_MASK: RTEXT_FILTER_* */
static const struct xlat rtext_filter[] = {
	{ 1 << 0, "RTEXT_FILTER_VF" },
	{ 1 << 1, "RTEXT_FILTER_BRVLAN" },
	{ 1 << 2, "RTEXT_FILTER_BRVLAN_COMPRESSED" },
	{ 1 << 3, "RTEXT_FILTER_SKIP_STATS" },
	{ 1 << 4, "RTEXT_FILTER_MRP" },
	{ 1 << 5, "RTEXT_FILTER_CFM_CONFIG" },
	{ 1 << 6, "RTEXT_FILTER_CFM_STATUS" },
	{ 0, NULL }
};
NLA_XLAT(nla_ext_mask, rtext_filter, "RTEXT_FILTER_???", 4, flags)

static const struct xlat ifla_events[] = {
	{ 0, "IFLA_EVENT_NONE" },
	{ 1, "IFLA_EVENT_REBOOT" },
	{ 2, "IFLA_EVENT_FEATURES" },
	{ 3, "IFLA_EVENT_BONDING_FAILOVER" },
	{ 4, "IFLA_EVENT_NOTIFY_PEERS" },
	{ 5, "IFLA_EVENT_IGMP_RESEND" },
	{ 6, "IFLA_EVENT_BONDING_OPTIONS" },
	{ 0, NULL }
};
NLA_XLAT(nla_ifla_event, ifla_events, "IFLA_EVENT_???", 4, xval)

/* IFLA_ADDRESS and the other link-layer addresses: "00:11:22:..". */
static bool nla_hwaddr(struct tcb *tcp, uint64_t addr, unsigned int len,
		       const void *opaque)
{
	unsigned char b[64];
	char text[3 * sizeof(b) + 1];
	size_t n = 0;

	(void)opaque;
	if (len > sizeof(b))
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, len))
		return true;
	text[0] = '\0';
	for (unsigned int i = 0; i < len; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%02x",
				      i ? ":" : "", b[i]);
	emit_raw(tcp, text);
	return true;
}

static const nla_fn link_nla[] = {
	[IFLA_ADDRESS] = nla_hwaddr,
	[IFLA_BROADCAST] = nla_hwaddr,
	[IFLA_IFNAME] = nla_str,
	[IFLA_MTU] = nla_u32,
	[IFLA_LINK] = nla_u32,
	[IFLA_QDISC] = nla_str,
	[IFLA_COST] = nla_u32,
	[IFLA_PRIORITY] = nla_u32,
	[IFLA_MASTER] = nla_u32,
	[IFLA_TXQLEN] = nla_u32,
	[IFLA_WEIGHT] = nla_u32,
	[IFLA_OPERSTATE] = nla_u8,
	[IFLA_LINKMODE] = nla_u8,
	[IFLA_NET_NS_PID] = nla_u32,
	[IFLA_IFALIAS] = nla_str,
	[IFLA_NUM_VF] = nla_u32,
	[IFLA_GROUP] = nla_u32,
	[IFLA_NET_NS_FD] = nla_fd,
	[IFLA_EXT_MASK] = nla_ext_mask,
	[IFLA_PROMISCUITY] = nla_u32,
	[IFLA_NUM_TX_QUEUES] = nla_u32,
	[IFLA_NUM_RX_QUEUES] = nla_u32,
	[IFLA_CARRIER] = nla_u8,
	[IFLA_CARRIER_CHANGES] = nla_u32,
	[IFLA_LINK_NETNSID] = nla_s32,
	[IFLA_PHYS_PORT_NAME] = nla_str,
	[IFLA_PROTO_DOWN] = nla_u8,
	[IFLA_GSO_MAX_SEGS] = nla_u32,
	[IFLA_GSO_MAX_SIZE] = nla_u32,
	[IFLA_EVENT] = nla_ifla_event,
	[IFLA_NEW_NETNSID] = nla_s32,
	[IFLA_TARGET_NETNSID] = nla_s32,
	[IFLA_CARRIER_UP_COUNT] = nla_u32,
	[IFLA_CARRIER_DOWN_COUNT] = nla_u32,
	[IFLA_NEW_IFINDEX] = nla_ifindex,
	[IFLA_MIN_MTU] = nla_u32,
	[IFLA_MAX_MTU] = nla_u32,
	[IFLA_ALT_IFNAME] = nla_str,
	[IFLA_PERM_ADDRESS] = nla_hwaddr,
	[IFLA_PARENT_DEV_NAME] = nla_str,
	[IFLA_PARENT_DEV_BUS_NAME] = nla_str,
	[IFLA_ALLMULTI] = nla_u32,
	[IFLA_GRO_MAX_SIZE] = nla_u32,
	[IFLA_TSO_MAX_SIZE] = nla_u32,
	[IFLA_TSO_MAX_SEGS] = nla_u32,
};

static const nla_fn addr_nla[] = {
	[IFA_ADDRESS] = nla_addr,
	[IFA_LOCAL] = nla_addr,
	[IFA_LABEL] = nla_str,
	[IFA_BROADCAST] = nla_addr,
	[IFA_ANYCAST] = nla_addr,
	[IFA_CACHEINFO] = nla_ifa_cacheinfo,
	[IFA_MULTICAST] = nla_addr,
	[IFA_FLAGS] = nla_ifa_flags,
	[IFA_RT_PRIORITY] = nla_u32,
	[IFA_TARGET_NETNSID] = nla_s32,
};

/* RTA_CACHEINFO: struct rta_cacheinfo. */
static bool nla_rta_cacheinfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			      const void *opaque)
{
	struct rta_cacheinfo ci;

	(void)opaque;
	if (len < sizeof(ci))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &ci, sizeof(ci)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, ci, rta_clntref);
	NL_FIELD_U(tcp, ci, rta_lastuse);
	NL_FIELD_D(tcp, ci, rta_expires);
	NL_FIELD_U(tcp, ci, rta_error);
	NL_FIELD_U(tcp, ci, rta_used);
	NL_FIELD_U(tcp, ci, rta_id);
	NL_FIELD_U(tcp, ci, rta_ts);
	NL_FIELD_U(tcp, ci, rta_tsage);
	emit_struct_end(tcp);
	return true;
}

static const nla_fn route_nla[] = {
	[RTA_DST] = nla_addr,
	[RTA_SRC] = nla_addr,
	[RTA_IIF] = nla_ifindex,
	[RTA_OIF] = nla_ifindex,
	[RTA_GATEWAY] = nla_addr,
	[RTA_PRIORITY] = nla_u32,
	[RTA_PREFSRC] = nla_addr,
	[RTA_FLOW] = nla_u32,
	[RTA_CACHEINFO] = nla_rta_cacheinfo,
	[RTA_TABLE] = nla_rt_table,
	[RTA_MARK] = nla_u32,
	[RTA_EXPIRES] = nla_u64,
	[RTA_UID] = nla_u32,
	[RTA_TTL_PROPAGATE] = nla_u8,
	[RTA_IP_PROTO] = nla_u8,
	[RTA_SPORT] = nla_be16,
	[RTA_DPORT] = nla_be16,
	[RTA_NH_ID] = nla_u32,
	[RTA_PREF] = nla_rt_pref,
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

static const nla_fn neigh_nla[] = {
	[NDA_DST] = nla_addr,
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
};

static const nla_fn rule_nla[] = {
	[FRA_DST] = nla_addr,
	[FRA_SRC] = nla_addr,
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
	[FRA_PROTOCOL] = nla_u8,
	[FRA_IP_PROTO] = nla_u8,
};

static const nla_fn tc_nla[] = {
	[TCA_KIND] = nla_str,
	[TCA_CHAIN] = nla_u32,
	[TCA_INGRESS_BLOCK] = nla_u32,
	[TCA_EGRESS_BLOCK] = nla_u32,
	[TCA_HW_OFFLOAD] = nla_u8,
};

/* --- the structs ------------------------------------------------------ */

enum rt_kind {
	RK_NONE, RK_LINK, RK_ADDR, RK_ROUTE, RK_NEIGH, RK_RULE, RK_TC,
	RK_NEIGHTBL, RK_TCA, RK_ADDRLABEL, RK_DCB, RK_NETCONF, RK_MDB,
	RK_RTGEN, RK_NEXTHOP,
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
	default:
		break;
	}
}

static void print_kind_attrs(struct tcb *tcp, enum rt_kind k, uint64_t addr,
			     uint64_t len)
{
	switch (k) {
	case RK_LINK:
		nl_print_attrs(tcp, addr, len, rtnl_link_attrs, "IFLA_???",
			       link_nla, ARRAY_LEN(link_nla), NULL);
		break;
	case RK_ADDR:
		nl_print_attrs(tcp, addr, len, rtnl_addr_attrs, "IFA_???",
			       addr_nla, ARRAY_LEN(addr_nla), NULL);
		break;
	case RK_ROUTE:
		nl_print_attrs(tcp, addr, len, rtnl_route_attrs, "RTA_???",
			       route_nla, ARRAY_LEN(route_nla), NULL);
		break;
	case RK_NEIGH:
		nl_print_attrs(tcp, addr, len, rtnl_neigh_attrs, "NDA_???",
			       neigh_nla, ARRAY_LEN(neigh_nla), NULL);
		break;
	case RK_RULE:
		nl_print_attrs(tcp, addr, len, rtnl_rule_attrs, "FRA_???",
			       rule_nla, ARRAY_LEN(rule_nla), NULL);
		break;
	case RK_TC:
		nl_print_attrs(tcp, addr, len, rtnl_tc_attrs, "TCA_???",
			       tc_nla, ARRAY_LEN(tc_nla), NULL);
		break;
	default:
		nl_print_hex(tcp, addr, len);
		break;
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
	msg_family = b[0];
	emit_struct_begin(tcp);
	emit_field(tcp, kinds[k].family);
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
		emit_next(tcp);
		print_kind_attrs(tcp, k, addr + off, len - off);
	}
	return true;
}
