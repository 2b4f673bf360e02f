/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The attribute sets of NETLINK_ROUTE messages, shared by the files of
 * its decoder: nlroute.c (the structs, addresses, routes, neighbours,
 * rules), nlroute_link.c (links and their statistics), nlroute_linkinfo.c
 * (the link info of each kind of link), nlroute_misc.c
 * (traffic control, nexthops, neighbour tables, mdb, cache reports).
 */
#ifndef SLTRACE_SYSCALL_NLROUTE_H
#define SLTRACE_SYSCALL_NLROUTE_H

#include "syscall/netlink.h"

/* The family byte of the message being decoded (for its addresses). */
extern uint8_t rt_family;

/* IFLA_ADDRESS and the other link-layer addresses: "00:11:22:..". */
bool nla_hwaddr(struct tcb *, uint64_t, unsigned int, const void *);
/* RTA_TABLE, FRA_TABLE: RT_TABLE_* */
bool nla_rt_table(struct tcb *, uint64_t, unsigned int, const void *);
/* An address of the message's family. */
bool nla_rt_addr(struct tcb *, uint64_t, unsigned int, const void *);

extern const struct nl_nest rt_link_nest;	/* IFLA_* */
extern const struct nl_nest rt_stats_nest;	/* IFLA_STATS_* */
extern const struct nl_nest rt_inet6_nest;	/* IFLA_INET6_* */
extern const struct nl_nest rt_brport_nest;	/* IFLA_BRPORT_* */
/* struct ifla_bridge_id: "{prio=[128, 0], addr=00:11:22:33:44:55}" */
bool nla_bridge_id(struct tcb *, uint64_t, unsigned int, const void *);
/* IFLA_LINKINFO, its data read by the link's kind (nlroute_linkinfo.c) */
bool nla_linkinfo(struct tcb *, uint64_t, unsigned int, const void *);
/* IFLA_VFINFO_LIST, IFLA_AF_SPEC, IFLA_XDP, IFLA_PROTO_DOWN_REASON */
extern const struct nl_nest rt_vfinfo_list_nest;
extern const struct nl_nest rt_xdp_nest;
extern const struct nl_nest rt_proto_down_reason_nest;
bool nla_ifla_af_spec(struct tcb *, uint64_t, unsigned int, const void *);
extern const struct nl_nest rt_route_nest;	/* RTA_* */
extern const struct nl_nest rt_tc_nest;		/* TCA_* */
extern const struct nl_nest rt_tca_nest;	/* TCA_ACT_* */
extern const struct nl_nest rt_nexthop_nest;	/* NHA_* */
extern const struct nl_nest rt_neightbl_nest;	/* NDTA_* */
extern const struct nl_nest rt_mdb_nest;	/* MDBA_* */
extern const struct nl_nest rt_ipmr_creport_nest;	/* IPMRA_CREPORT_* */
extern const struct nl_nest rt_ip6mr_creport_nest;	/* IP6MRA_CREPORT_* */

/* The struct rtnl_link_stats64 of IFLA_STATS64 and IFLA_STATS_LINK_64. */
bool nla_rtnl_link_stats64(struct tcb *, uint64_t, unsigned int,
			   const void *);

#endif
