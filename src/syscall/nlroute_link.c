/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_ROUTE attributes of links (IFLA_*, RTM_*LINK) and of their
 * statistics (IFLA_STATS_*, RTM_*STATS): the stats structs, the nested
 * address family, XDP, bridge port, VF and port sets (the link info is
 * nlroute_linkinfo.c's).
 */
#include "config.h"

#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/in6_addr_gen_mode.h"
#include "xlat/tables/inet6_devconf_indices.h"
#include "xlat/tables/rtnl_brport_attrs.h"
#include "xlat/tables/rtnl_inet6_attrs.h"
#include "xlat/tables/rtnl_link_attrs.h"
#include "xlat/tables/rtnl_port_attrs.h"
#include "xlat/tables/rtnl_vf_port_attrs.h"
#include "xlat/tables/snmp_icmp6_stats.h"
#include "xlat/tables/snmp_ip_stats.h"

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
bool nla_hwaddr(struct tcb *tcp, uint64_t addr, unsigned int len,
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
	/* -X raw shows the bytes, -X verbose the bytes and the text */
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_raw(tcp, text);
		return true;
	}
	emit_quoted(tcp, (const char *)b, len, QUOTE_FORCE_HEX);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		emit_comment(tcp, text);
	return true;
}

/* --- statistics ------------------------------------------------------- */

/* The stats structs grew: strace shows the fields the data hold. */
static const struct nl_field stats32_f[] = {
	NL_F(struct rtnl_link_stats, rx_packets, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_packets, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_bytes, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_bytes, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_dropped, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_dropped, NF_U, NULL),
	NL_F(struct rtnl_link_stats, multicast, NF_U, NULL),
	NL_F(struct rtnl_link_stats, collisions, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_length_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_over_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_crc_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_frame_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_fifo_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_missed_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_aborted_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_carrier_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_fifo_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_heartbeat_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_window_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_compressed, NF_U, NULL),
	NL_F(struct rtnl_link_stats, tx_compressed, NF_U, NULL),
	NL_F(struct rtnl_link_stats, rx_nohandler, NF_U, NULL),
};
static const struct nl_struct stats32_s = {
	sizeof(struct rtnl_link_stats),
	offsetof(struct rtnl_link_stats, rx_nohandler), stats32_f,
	ARRAY_LEN(stats32_f), false
};

static const struct nl_field stats64_f[] = {
	NL_F(struct rtnl_link_stats64, rx_packets, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_packets, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_bytes, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_bytes, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_dropped, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_dropped, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, multicast, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, collisions, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_length_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_over_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_crc_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_frame_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_fifo_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_missed_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_aborted_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_carrier_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_fifo_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_heartbeat_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_window_errors, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_compressed, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, tx_compressed, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_nohandler, NF_U, NULL),
	NL_F(struct rtnl_link_stats64, rx_otherhost_dropped, NF_U, NULL),
};
static const struct nl_struct stats64_s = {
	sizeof(struct rtnl_link_stats64),
	offsetof(struct rtnl_link_stats64, rx_nohandler), stats64_f,
	ARRAY_LEN(stats64_f), false
};

bool nla_rtnl_link_stats64(struct tcb *tcp, uint64_t addr, unsigned int len,
			   const void *opaque)
{
	(void)opaque;
	return nla_struct(tcp, addr, len, &stats64_s);
}

static const struct nl_field ifmap_f[] = {
	NL_F(struct rtnl_link_ifmap, mem_start, NF_X, NULL),
	NL_F(struct rtnl_link_ifmap, mem_end, NF_X, NULL),
	NL_F(struct rtnl_link_ifmap, base_addr, NF_X, NULL),
	NL_F(struct rtnl_link_ifmap, irq, NF_U, NULL),
	NL_F(struct rtnl_link_ifmap, dma, NF_U, NULL),
	NL_F(struct rtnl_link_ifmap, port, NF_U, NULL),
};
static const struct nl_struct ifmap_s = {
	sizeof(struct rtnl_link_ifmap), offsetof(struct rtnl_link_ifmap, port) + 1,
	ifmap_f, ARRAY_LEN(ifmap_f), false
};

/* --- bridge ports (IFLA_PROTINFO of AF_BRIDGE) ------------------------ */

static void print_bridge_id(struct tcb *tcp, const unsigned char *b)
{
	char text[32];

	emit_struct_begin(tcp);
	emit_field(tcp, "prio");
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_uint(tcp, b[0]);
	emit_next(tcp);
	emit_uint(tcp, b[1]);
	emit_array_end(tcp);
	emit_field(tcp, "addr");
	snprintf(text, sizeof(text), "%02x:%02x:%02x:%02x:%02x:%02x",
		 b[2], b[3], b[4], b[5], b[6], b[7]);
	/* -X raw shows the bytes, -X verbose the bytes and the text */
	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		emit_quoted(tcp, (const char *)b + 2, 6, QUOTE_FORCE_HEX);
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, text);
	} else {
		emit_raw(tcp, text);
	}
	emit_struct_end(tcp);
}

bool nla_bridge_id(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	unsigned char b[sizeof(struct ifla_bridge_id)];

	(void)opaque;
	if (len < sizeof(b))
		return false;
	if (!nl_fetch_or_addr(tcp, addr, b, sizeof(b)))
		print_bridge_id(tcp, b);
	return true;
}

static const nla_fn brport_nla[] = {
	[IFLA_BRPORT_STATE] = nla_u8,
	[IFLA_BRPORT_PRIORITY] = nla_u16,
	[IFLA_BRPORT_COST] = nla_u32,
	[IFLA_BRPORT_MODE] = nla_u8,
	[IFLA_BRPORT_GUARD] = nla_u8,
	[IFLA_BRPORT_PROTECT] = nla_u8,
	[IFLA_BRPORT_FAST_LEAVE] = nla_u8,
	[IFLA_BRPORT_LEARNING] = nla_u8,
	[IFLA_BRPORT_UNICAST_FLOOD] = nla_u8,
	[IFLA_BRPORT_PROXYARP] = nla_u8,
	[IFLA_BRPORT_LEARNING_SYNC] = nla_u8,
	[IFLA_BRPORT_PROXYARP_WIFI] = nla_u8,
	[IFLA_BRPORT_ROOT_ID] = nla_bridge_id,
	[IFLA_BRPORT_BRIDGE_ID] = nla_bridge_id,
	[IFLA_BRPORT_DESIGNATED_PORT] = nla_u16,
	[IFLA_BRPORT_DESIGNATED_COST] = nla_u16,
	[IFLA_BRPORT_ID] = nla_u16,
	[IFLA_BRPORT_NO] = nla_u16,
	[IFLA_BRPORT_TOPOLOGY_CHANGE_ACK] = nla_u8,
	[IFLA_BRPORT_CONFIG_PENDING] = nla_u8,
	[IFLA_BRPORT_MESSAGE_AGE_TIMER] = nla_clock_t,
	[IFLA_BRPORT_FORWARD_DELAY_TIMER] = nla_clock_t,
	[IFLA_BRPORT_HOLD_TIMER] = nla_clock_t,
	[IFLA_BRPORT_MULTICAST_ROUTER] = nla_u8,
	[IFLA_BRPORT_MCAST_FLOOD] = nla_u8,
	[IFLA_BRPORT_MCAST_TO_UCAST] = nla_u8,
	[IFLA_BRPORT_VLAN_TUNNEL] = nla_u8,
	[IFLA_BRPORT_BCAST_FLOOD] = nla_u8,
	[IFLA_BRPORT_GROUP_FWD_MASK] = nla_x16,
	[IFLA_BRPORT_NEIGH_SUPPRESS] = nla_u8,
	[IFLA_BRPORT_ISOLATED] = nla_u8,
	[IFLA_BRPORT_BACKUP_PORT] = nla_ifindex,
	[IFLA_BRPORT_MRP_RING_OPEN] = nla_u8,
	[IFLA_BRPORT_MRP_IN_OPEN] = nla_u8,
	[IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT] = nla_u32,
	[IFLA_BRPORT_MCAST_EHT_HOSTS_CNT] = nla_u32,
	[IFLA_BRPORT_LOCKED] = nla_u8,
};
const struct nl_nest rt_brport_nest =
	NL_NEST(rtnl_brport_attrs, "IFLA_BRPORT_???", brport_nla);

/* --- IPv6 (IFLA_PROTINFO of AF_INET6) --------------------------------- */

/* The if_flags of net/if_inet6.h. */
static const struct xlat inet6_if_flags[] = {
	{ 0x10, "IF_RS_SENT" },
	{ 0x20, "IF_RA_RCVD" },
	{ 0x40, "IF_RA_MANAGED" },
	{ 0x80, "IF_RA_OTHERCONF" },
	{ 0x80000000, "IF_READY" },
	{ 0, NULL }
};
NLA_XLAT(nla_inet6_flags, inet6_if_flags, "IF_???", 4, flags)
NLA_XLAT(nla_addr_gen_mode, in6_addr_gen_mode, "IN6_ADDR_GEN_MODE_???", 1,
	 xval)

static const struct nla_indexed devconf_ix = {
	inet6_devconf_indices, "DEVCONF_???", 4, true
};
static const struct nla_indexed ipstats_ix = {
	snmp_ip_stats, "IPSTATS_MIB_???", 8, false
};
static const struct nla_indexed icmp6_ix = {
	snmp_icmp6_stats, "ICMP6_MIB_???", 8, false
};

static const struct nl_field ifla_cacheinfo_f[] = {
	NL_F(struct ifla_cacheinfo, max_reasm_len, NF_U, NULL),
	NL_F(struct ifla_cacheinfo, tstamp, NF_U, NULL),
	NL_F(struct ifla_cacheinfo, reachable_time, NF_U, NULL),
	NL_F(struct ifla_cacheinfo, retrans_time, NF_U, NULL),
};
static const struct nl_struct ifla_cacheinfo_s = {
	sizeof(struct ifla_cacheinfo), 0, ifla_cacheinfo_f,
	ARRAY_LEN(ifla_cacheinfo_f), false
};

static bool nla_in6(struct tcb *tcp, uint64_t addr, unsigned int len,
		    const void *opaque)
{
	static const uint8_t inet6 = AF_INET6;

	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &inet6);
}

static const nla_fn inet6_nla[] = {
	[IFLA_INET6_FLAGS] = nla_inet6_flags,
	[IFLA_INET6_CONF] = nla_indexed,
	[IFLA_INET6_STATS] = nla_indexed,
	[IFLA_INET6_CACHEINFO] = nla_struct,
	[IFLA_INET6_ICMP6STATS] = nla_indexed,
	[IFLA_INET6_TOKEN] = nla_in6,
	[IFLA_INET6_ADDR_GEN_MODE] = nla_addr_gen_mode,
	[IFLA_INET6_RA_MTU] = nla_u32,
};
static const void *const inet6_opaque[ARRAY_LEN(inet6_nla)] = {
	[IFLA_INET6_CONF] = &devconf_ix,
	[IFLA_INET6_STATS] = &ipstats_ix,
	[IFLA_INET6_CACHEINFO] = &ifla_cacheinfo_s,
	[IFLA_INET6_ICMP6STATS] = &icmp6_ix,
};
const struct nl_nest rt_inet6_nest =
	NL_NEST_O(rtnl_inet6_attrs, "IFLA_INET6_???", inet6_nla, inet6_opaque);

/* IFLA_PROTINFO: the attributes of the message's family. */
static bool nla_protinfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	(void)opaque;
	if (rt_family == AF_BRIDGE)
		return nla_nested(tcp, addr, len, &rt_brport_nest);
	if (rt_family == AF_INET6)
		return nla_nested(tcp, addr, len, &rt_inet6_nest);
	return false;
}

static const nla_fn port_nla[] = {
	[IFLA_PORT_VF] = nla_u32,
	[IFLA_PORT_VSI_TYPE] = nla_struct,
	[IFLA_PORT_REQUEST] = nla_u8,
	[IFLA_PORT_RESPONSE] = nla_u16,
};
static const struct nl_field port_vsi_f[] = {
	NL_F(struct ifla_port_vsi, vsi_mgr_id, NF_U, NULL),
	NL_F(struct ifla_port_vsi, vsi_type_id, NF_HEXSTR, NULL),
	NL_F(struct ifla_port_vsi, vsi_type_version, NF_U, NULL),
	NL_F(struct ifla_port_vsi, pad, NF_HEXSTR_NZ, NULL),
};
static const struct nl_struct port_vsi_s = {
	sizeof(struct ifla_port_vsi), 0, port_vsi_f, ARRAY_LEN(port_vsi_f),
	false
};
static const void *const port_opaque[ARRAY_LEN(port_nla)] = {
	[IFLA_PORT_VSI_TYPE] = &port_vsi_s,
};
static const struct nl_nest port_nest =
	NL_NEST_O(rtnl_port_attrs, "IFLA_PORT_???", port_nla, port_opaque);

static const nla_fn vf_ports_nla[] = {
	[IFLA_VF_PORT] = nla_nested,
};
static const void *const vf_ports_opaque[ARRAY_LEN(vf_ports_nla)] = {
	[IFLA_VF_PORT] = &port_nest,
};
static const struct nl_nest vf_ports_nest =
	NL_NEST_O(rtnl_vf_port_attrs, "IFLA_VF_PORT_???", vf_ports_nla,
		  vf_ports_opaque);

static const nla_fn link_nla[] = {
	[IFLA_ADDRESS] = nla_hwaddr,
	[IFLA_BROADCAST] = nla_hwaddr,
	[IFLA_IFNAME] = nla_str,
	[IFLA_MTU] = nla_u32,
	[IFLA_LINK] = nla_u32,
	[IFLA_QDISC] = nla_str,
	[IFLA_STATS] = nla_struct,
	[IFLA_PROTINFO] = nla_protinfo,
	[IFLA_MAP] = nla_struct,
	[IFLA_STATS64] = nla_rtnl_link_stats64,
	[IFLA_LINKINFO] = nla_linkinfo,
	[IFLA_VF_PORTS] = nla_nested,
	[IFLA_PORT_SELF] = nla_nested,
	[IFLA_PROP_LIST] = nla_nested,
	[IFLA_VFINFO_LIST] = nla_nested,
	[IFLA_AF_SPEC] = nla_ifla_af_spec,
	[IFLA_XDP] = nla_nested,
	[IFLA_PROTO_DOWN_REASON] = nla_nested,
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
	[IFLA_ALT_IFNAME] = nla_strz,
	[IFLA_PERM_ADDRESS] = nla_hwaddr,
	[IFLA_PARENT_DEV_NAME] = nla_strz,
	[IFLA_PARENT_DEV_BUS_NAME] = nla_strz,
	[IFLA_ALLMULTI] = nla_u32,
	[IFLA_GRO_MAX_SIZE] = nla_u32,
	[IFLA_TSO_MAX_SIZE] = nla_u32,
	[IFLA_TSO_MAX_SEGS] = nla_u32,
};

static const void *const link_opaque[ARRAY_LEN(link_nla)] = {
	[IFLA_STATS] = &stats32_s,
	[IFLA_MAP] = &ifmap_s,
	[IFLA_VF_PORTS] = &vf_ports_nest,
	[IFLA_PORT_SELF] = &port_nest,
	[IFLA_PROP_LIST] = &rt_link_nest,
	[IFLA_VFINFO_LIST] = &rt_vfinfo_list_nest,
	[IFLA_XDP] = &rt_xdp_nest,
	[IFLA_PROTO_DOWN_REASON] = &rt_proto_down_reason_nest,
};
const struct nl_nest rt_link_nest =
	NL_NEST_O(rtnl_link_attrs, "IFLA_???", link_nla, link_opaque);
