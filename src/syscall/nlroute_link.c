/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_ROUTE attributes of links (IFLA_*, RTM_*LINK) and of their
 * statistics (IFLA_STATS_*, RTM_*STATS): the stats structs, the nested
 * link info, address family, XDP, bridge port, VF and port sets.
 */
#include "config.h"

#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/rtnl_ifla_stats_attrs.h"
#include "xlat/tables/rtnl_link_attrs.h"

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

const struct nl_nest rt_link_nest =
	NL_NEST(rtnl_link_attrs, "IFLA_???", link_nla);

static const nla_fn stats_nla[] = {
	[IFLA_STATS_UNSPEC] = NULL,
};
const struct nl_nest rt_stats_nest =
	NL_NEST(rtnl_ifla_stats_attrs, "IFLA_STATS_???", stats_nla);
