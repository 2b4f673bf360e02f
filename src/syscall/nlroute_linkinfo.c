/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IFLA_LINKINFO of NETLINK_ROUTE links: the kind of link (IFLA_INFO_KIND,
 * a driver name such as "bridge") tells how its IFLA_INFO_DATA and
 * IFLA_INFO_XSTATS read, and IFLA_INFO_SLAVE_KIND how IFLA_INFO_SLAVE_DATA
 * does.  Kinds strace 6.1 decodes: bridge (IFLA_BR_*, and its ports'
 * IFLA_BRPORT_* as slave data), tun (IFLA_TUN_*), can (its xstats).
 * Data of another kind shows as hex.
 */
#include "config.h"

#include <linux/can/netlink.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/br_boolopt_ids.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/rtnl_bridge_querier_attrs.h"
#include "xlat/tables/rtnl_ifla_br_attrs.h"
#include "xlat/tables/rtnl_ifla_tun_attrs.h"
#include "xlat/tables/rtnl_linkinfo_attrs.h"
#include "xlat/tables/tun_device_types.h"

/*
 * The kinds named so far in the IFLA_LINKINFO being decoded; the walk of
 * its attributes is in order, so the kind precedes the data it governs
 * (the kernel writes it first).
 */
static char info_kind[32], info_slave_kind[32];

static bool kind_is(const char *kind, const char *name)
{
	return strcmp(kind, name) == 0;
}

/* A kind: remembered for the data that follow, printed as a string. */
static bool save_kind(struct tcb *tcp, uint64_t addr, unsigned int len,
		      char *kind, size_t size)
{
	size_t n = len < size - 1 ? len : size - 1;

	memset(kind, 0, size);
	if (nl_fetch(tcp, addr, kind, n))
		kind[0] = '\0';
	return nla_str(tcp, addr, len, NULL);
}

static bool nla_info_kind(struct tcb *tcp, uint64_t addr, unsigned int len,
			  const void *opaque)
{
	(void)opaque;
	return save_kind(tcp, addr, len, info_kind, sizeof(info_kind));
}

static bool nla_info_slave_kind(struct tcb *tcp, uint64_t addr,
				unsigned int len, const void *opaque)
{
	(void)opaque;
	return save_kind(tcp, addr, len, info_slave_kind,
			 sizeof(info_slave_kind));
}

/* --- bridge (IFLA_BR_*) ----------------------------------------------- */

/* IFLA_BR_VLAN_PROTOCOL: an ethertype in network byte order. */
static bool nla_vlan_protocol(struct tcb *tcp, uint64_t addr,
			      unsigned int len, const void *opaque)
{
	unsigned char b[2];
	char name[64], text[80];

	(void)opaque;
	if (len < sizeof(b))
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, sizeof(b)))
		return true;
	sprint_xval(name, sizeof(name), ethernet_protocols,
		    (unsigned int)(b[0] << 8 | b[1]), "ETH_P_???");
	snprintf(text, sizeof(text), "htons(%s)", name);
	emit_raw(tcp, text);
	return true;
}

/* struct br_boolopt_multi: two sets of bits numbered BR_BOOLOPT_*. */
static bool nla_boolopt_multi(struct tcb *tcp, uint64_t addr,
			      unsigned int len, const void *opaque)
{
	struct br_boolopt_multi m;

	(void)opaque;
	if (len < sizeof(m))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &m, sizeof(m)))
		return true;
	emit_struct_begin(tcp);
	emit_field(tcp, "optval");
	nl_print_bit_set(tcp, br_boolopt_ids, 0, m.optval,
			 "1<<BR_BOOLOPT_???");
	emit_field(tcp, "optmask");
	nl_print_bit_set(tcp, br_boolopt_ids, 0, m.optmask,
			 "1<<BR_BOOLOPT_???");
	emit_struct_end(tcp);
	return true;
}

static bool nla_in4(struct tcb *tcp, uint64_t addr, unsigned int len,
		    const void *opaque)
{
	static const uint8_t inet = AF_INET;

	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &inet);
}

static bool nla_in6(struct tcb *tcp, uint64_t addr, unsigned int len,
		    const void *opaque)
{
	static const uint8_t inet6 = AF_INET6;

	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &inet6);
}

static const nla_fn querier_nla[] = {
	[BRIDGE_QUERIER_IP_ADDRESS] = nla_in4,
	[BRIDGE_QUERIER_IP_PORT] = nla_ifindex,
	[BRIDGE_QUERIER_IP_OTHER_TIMER] = nla_clock_t,
	[BRIDGE_QUERIER_IPV6_ADDRESS] = nla_in6,
	[BRIDGE_QUERIER_IPV6_PORT] = nla_ifindex,
	[BRIDGE_QUERIER_IPV6_OTHER_TIMER] = nla_clock_t,
};
static const struct nl_nest querier_nest =
	NL_NEST(rtnl_bridge_querier_attrs, "BRIDGE_QUERIER_???", querier_nla);

static const nla_fn br_nla[] = {
	[IFLA_BR_FORWARD_DELAY] = nla_clock_t,
	[IFLA_BR_HELLO_TIME] = nla_clock_t,
	[IFLA_BR_MAX_AGE] = nla_clock_t,
	[IFLA_BR_AGEING_TIME] = nla_clock_t,
	[IFLA_BR_STP_STATE] = nla_u32,
	[IFLA_BR_PRIORITY] = nla_u16,
	[IFLA_BR_VLAN_FILTERING] = nla_u8,
	[IFLA_BR_VLAN_PROTOCOL] = nla_vlan_protocol,
	[IFLA_BR_GROUP_FWD_MASK] = nla_x16,
	[IFLA_BR_ROOT_ID] = nla_bridge_id,
	[IFLA_BR_BRIDGE_ID] = nla_bridge_id,
	[IFLA_BR_ROOT_PORT] = nla_u16,
	[IFLA_BR_ROOT_PATH_COST] = nla_u32,
	[IFLA_BR_TOPOLOGY_CHANGE] = nla_u8,
	[IFLA_BR_TOPOLOGY_CHANGE_DETECTED] = nla_u8,
	[IFLA_BR_HELLO_TIMER] = nla_clock_t,
	[IFLA_BR_TCN_TIMER] = nla_clock_t,
	[IFLA_BR_TOPOLOGY_CHANGE_TIMER] = nla_clock_t,
	[IFLA_BR_GC_TIMER] = nla_clock_t,
	[IFLA_BR_GROUP_ADDR] = nla_hwaddr,
	[IFLA_BR_MCAST_ROUTER] = nla_u8,
	[IFLA_BR_MCAST_SNOOPING] = nla_u8,
	[IFLA_BR_MCAST_QUERY_USE_IFADDR] = nla_u8,
	[IFLA_BR_MCAST_QUERIER] = nla_u8,
	[IFLA_BR_MCAST_HASH_ELASTICITY] = nla_u32,
	[IFLA_BR_MCAST_HASH_MAX] = nla_u32,
	[IFLA_BR_MCAST_LAST_MEMBER_CNT] = nla_u32,
	[IFLA_BR_MCAST_STARTUP_QUERY_CNT] = nla_u32,
	[IFLA_BR_MCAST_LAST_MEMBER_INTVL] = nla_clock_t,
	[IFLA_BR_MCAST_MEMBERSHIP_INTVL] = nla_clock_t,
	[IFLA_BR_MCAST_QUERIER_INTVL] = nla_clock_t,
	[IFLA_BR_MCAST_QUERY_INTVL] = nla_clock_t,
	[IFLA_BR_MCAST_QUERY_RESPONSE_INTVL] = nla_clock_t,
	[IFLA_BR_MCAST_STARTUP_QUERY_INTVL] = nla_clock_t,
	[IFLA_BR_NF_CALL_IPTABLES] = nla_u8,
	[IFLA_BR_NF_CALL_IP6TABLES] = nla_u8,
	[IFLA_BR_NF_CALL_ARPTABLES] = nla_u8,
	[IFLA_BR_VLAN_DEFAULT_PVID] = nla_u16,
	[IFLA_BR_VLAN_STATS_ENABLED] = nla_u8,
	[IFLA_BR_MCAST_STATS_ENABLED] = nla_u8,
	[IFLA_BR_MCAST_IGMP_VERSION] = nla_u8,
	[IFLA_BR_MCAST_MLD_VERSION] = nla_u8,
	[IFLA_BR_VLAN_STATS_PER_PORT] = nla_u8,
	[IFLA_BR_MULTI_BOOLOPT] = nla_boolopt_multi,
	[IFLA_BR_MCAST_QUERIER_STATE] = nla_nested,
};
static const void *const br_opaque[ARRAY_LEN(br_nla)] = {
	[IFLA_BR_MCAST_QUERIER_STATE] = &querier_nest,
};
static const struct nl_nest br_nest =
	NL_NEST_O(rtnl_ifla_br_attrs, "IFLA_BR_???", br_nla, br_opaque);

/* --- tun (IFLA_TUN_*) ------------------------------------------------- */

NLA_XLAT(nla_tun_type, tun_device_types, "IFF_???", 1, xval)

/* IFLA_TUN_OWNER, IFLA_TUN_GROUP: a uid or gid, -1 when there is none. */
static bool nla_tun_id(struct tcb *tcp, uint64_t addr, unsigned int len,
		       const void *opaque)
{
	uint32_t v;

	(void)opaque;
	if (len < sizeof(v))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
		return true;
	if (v == UINT32_MAX)
		emit_int(tcp, -1);
	else
		emit_uint(tcp, v);
	return true;
}

static const nla_fn tun_nla[] = {
	[IFLA_TUN_OWNER] = nla_tun_id,
	[IFLA_TUN_GROUP] = nla_tun_id,
	[IFLA_TUN_TYPE] = nla_tun_type,
	[IFLA_TUN_PI] = nla_u8,
	[IFLA_TUN_VNET_HDR] = nla_u8,
	[IFLA_TUN_PERSIST] = nla_u8,
	[IFLA_TUN_MULTI_QUEUE] = nla_u8,
	[IFLA_TUN_NUM_QUEUES] = nla_u32,
	[IFLA_TUN_NUM_DISABLED_QUEUES] = nla_u32,
};
static const struct nl_nest tun_nest =
	NL_NEST(rtnl_ifla_tun_attrs, "IFLA_TUN_???", tun_nla);

/* --- can (IFLA_INFO_XSTATS) ------------------------------------------- */

static const struct nl_field can_stats_f[] = {
	NL_F(struct can_device_stats, bus_error, NF_U, NULL),
	NL_F(struct can_device_stats, error_warning, NF_U, NULL),
	NL_F(struct can_device_stats, error_passive, NF_U, NULL),
	NL_F(struct can_device_stats, bus_off, NF_U, NULL),
	NL_F(struct can_device_stats, arbitration_lost, NF_U, NULL),
	NL_F(struct can_device_stats, restarts, NF_U, NULL),
};
static const struct nl_struct can_stats_s = {
	sizeof(struct can_device_stats), 0, can_stats_f,
	ARRAY_LEN(can_stats_f), false
};

/* --- IFLA_LINKINFO ---------------------------------------------------- */

static bool nla_info_data(struct tcb *tcp, uint64_t addr, unsigned int len,
			  const void *opaque)
{
	(void)opaque;
	if (kind_is(info_kind, "bridge"))
		return nla_nested(tcp, addr, len, &br_nest);
	if (kind_is(info_kind, "tun"))
		return nla_nested(tcp, addr, len, &tun_nest);
	return false;
}

static bool nla_info_xstats(struct tcb *tcp, uint64_t addr, unsigned int len,
			    const void *opaque)
{
	(void)opaque;
	if (kind_is(info_kind, "can"))
		return nla_struct(tcp, addr, len, &can_stats_s);
	return false;
}

static bool nla_info_slave_data(struct tcb *tcp, uint64_t addr,
				unsigned int len, const void *opaque)
{
	(void)opaque;
	if (kind_is(info_slave_kind, "bridge"))
		return nla_nested(tcp, addr, len, &rt_brport_nest);
	return false;
}

static const nla_fn linkinfo_nla[] = {
	[IFLA_INFO_KIND] = nla_info_kind,
	[IFLA_INFO_DATA] = nla_info_data,
	[IFLA_INFO_XSTATS] = nla_info_xstats,
	[IFLA_INFO_SLAVE_KIND] = nla_info_slave_kind,
	[IFLA_INFO_SLAVE_DATA] = nla_info_slave_data,
};
static const struct nl_nest linkinfo_nest =
	NL_NEST(rtnl_linkinfo_attrs, "IFLA_INFO_???", linkinfo_nla);

bool nla_linkinfo(struct tcb *tcp, uint64_t addr, unsigned int len,
		  const void *opaque)
{
	(void)opaque;
	/* the kinds of one IFLA_LINKINFO say nothing of the next one's data */
	info_kind[0] = '\0';
	info_slave_kind[0] = '\0';
	return nla_nested(tcp, addr, len, &linkinfo_nest);
}
