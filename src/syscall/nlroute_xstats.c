/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The attributes of RTM_*STATS messages (IFLA_STATS_*): the 64-bit link
 * counters, the extended statistics of bridges and bonds (of a master
 * and of a slave), the offload counters and the per-family statistics
 * (MPLS), as strace 6.1 shows them.
 */
#include "config.h"

#include <linux/if_bonding.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/mpls.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/bond_3ad_stat_attrs.h"
#include "xlat/tables/bond_xstats_attrs.h"
#include "xlat/tables/br_mcast_dirs.h"
#include "xlat/tables/bridge_vlan_info_flags.h"
#include "xlat/tables/bridge_xstats_attrs.h"
#include "xlat/tables/ifla_offload_xstats_attrs.h"
#include "xlat/tables/link_xstats_types.h"
#include "xlat/tables/mpls_stats_attrs.h"
#include "xlat/tables/rtnl_ifla_stats_attrs.h"

/* --- bridges ---------------------------------------------------------- */

static const struct nla_xlat vlan_flags_x = {
	bridge_vlan_info_flags, "BRIDGE_VLAN_INFO_???", 2
};
static const struct nl_field vlan_xstats_f[] = {
	NL_F(struct bridge_vlan_xstats, rx_bytes, NF_U, NULL),
	NL_F(struct bridge_vlan_xstats, rx_packets, NF_U, NULL),
	NL_F(struct bridge_vlan_xstats, tx_bytes, NF_U, NULL),
	NL_F(struct bridge_vlan_xstats, tx_packets, NF_U, NULL),
	NL_F(struct bridge_vlan_xstats, vid, NF_U, NULL),
	NL_F(struct bridge_vlan_xstats, flags, NF_FLAGS, &vlan_flags_x),
	NL_F(struct bridge_vlan_xstats, pad2, NF_X_NZ, NULL),
};
static const struct nl_struct vlan_xstats_s = {
	sizeof(struct bridge_vlan_xstats), 0, vlan_xstats_f,
	ARRAY_LEN(vlan_xstats_f), true
};

/* A counter per direction: "[[BR_MCAST_DIR_RX]=1, [BR_MCAST_DIR_TX]=2]". */
static void print_mcast_dirs(struct tcb *tcp, const unsigned char *p)
{
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < BR_MCAST_DIR_SIZE; i++) {
		uint64_t v;
		char num[32];

		memcpy(&v, p + i * sizeof(v), sizeof(v));
		snprintf(num, sizeof(num), "%llu", (unsigned long long)v);
		emit_next(tcp);
		nl_print_indexed_elem(tcp, br_mcast_dirs, "BR_MCAST_DIR_???", i,
				      0, num);
	}
	emit_array_end(tcp);
}

#define MCAST_DIRS(f) NL_F(struct br_mcast_stats, f, NF_FN, print_mcast_dirs)
static const struct nl_field mcast_stats_f[] = {
	MCAST_DIRS(igmp_v1queries),
	MCAST_DIRS(igmp_v2queries),
	MCAST_DIRS(igmp_v3queries),
	MCAST_DIRS(igmp_leaves),
	MCAST_DIRS(igmp_v1reports),
	MCAST_DIRS(igmp_v2reports),
	MCAST_DIRS(igmp_v3reports),
	NL_F(struct br_mcast_stats, igmp_parse_errors, NF_U, NULL),
	MCAST_DIRS(mld_v1queries),
	MCAST_DIRS(mld_v2queries),
	MCAST_DIRS(mld_leaves),
	MCAST_DIRS(mld_v1reports),
	MCAST_DIRS(mld_v2reports),
	NL_F(struct br_mcast_stats, mld_parse_errors, NF_U, NULL),
	MCAST_DIRS(mcast_bytes),
	MCAST_DIRS(mcast_packets),
};
static const struct nl_struct mcast_stats_s = {
	sizeof(struct br_mcast_stats), 0, mcast_stats_f,
	ARRAY_LEN(mcast_stats_f), true
};

static const struct nl_field stp_xstats_f[] = {
	NL_F(struct bridge_stp_xstats, transition_blk, NF_U, NULL),
	NL_F(struct bridge_stp_xstats, transition_fwd, NF_U, NULL),
	NL_F(struct bridge_stp_xstats, rx_bpdu, NF_U, NULL),
	NL_F(struct bridge_stp_xstats, tx_bpdu, NF_U, NULL),
	NL_F(struct bridge_stp_xstats, rx_tcn, NF_U, NULL),
	NL_F(struct bridge_stp_xstats, tx_tcn, NF_U, NULL),
};
static const struct nl_struct stp_xstats_s = {
	sizeof(struct bridge_stp_xstats), 0, stp_xstats_f,
	ARRAY_LEN(stp_xstats_f), true
};

static const nla_fn bridge_xstats_nla[] = {
	[BRIDGE_XSTATS_VLAN] = nla_struct,
	[BRIDGE_XSTATS_MCAST] = nla_struct,
	[BRIDGE_XSTATS_STP] = nla_struct,
};
static const void *const bridge_xstats_opaque[ARRAY_LEN(bridge_xstats_nla)] = {
	[BRIDGE_XSTATS_VLAN] = &vlan_xstats_s,
	[BRIDGE_XSTATS_MCAST] = &mcast_stats_s,
	[BRIDGE_XSTATS_STP] = &stp_xstats_s,
};
static const struct nl_nest bridge_xstats_nest =
	NL_NEST_O(bridge_xstats_attrs, "BRIDGE_XSTATS_???", bridge_xstats_nla,
		  bridge_xstats_opaque);

/* --- bonds ------------------------------------------------------------ */

/*
 * Every BOND_3AD_STAT_* but the padding is a u64 counter; strace 6.1
 * calls an unknown one BOND_XSTATS_???.
 */
static const nla_fn bond_3ad_nla[] = {
	nla_u64, nla_u64, nla_u64, nla_u64, nla_u64, nla_u64, nla_u64,
	nla_u64, nla_u64,
};
static const struct nl_nest bond_3ad_nest =
	NL_NEST(bond_3ad_stat_attrs, "BOND_XSTATS_???", bond_3ad_nla);

static const nla_fn bond_xstats_nla[] = {
	[BOND_XSTATS_3AD] = nla_nested,
};
static const void *const bond_xstats_opaque[ARRAY_LEN(bond_xstats_nla)] = {
	[BOND_XSTATS_3AD] = &bond_3ad_nest,
};
static const struct nl_nest bond_xstats_nest =
	NL_NEST_O(bond_xstats_attrs, "BOND_XSTATS_???", bond_xstats_nla,
		  bond_xstats_opaque);

static const nla_fn link_xstats_nla[] = {
	[LINK_XSTATS_TYPE_BRIDGE] = nla_nested,
	[LINK_XSTATS_TYPE_BOND] = nla_nested,
};
static const void *const link_xstats_opaque[ARRAY_LEN(link_xstats_nla)] = {
	[LINK_XSTATS_TYPE_BRIDGE] = &bridge_xstats_nest,
	[LINK_XSTATS_TYPE_BOND] = &bond_xstats_nest,
};
static const struct nl_nest link_xstats_nest =
	NL_NEST_O(link_xstats_types, "LINK_XSTATS_TYPE_???", link_xstats_nla,
		  link_xstats_opaque);

/* --- offload and per-family statistics -------------------------------- */

static const nla_fn offload_xstats_nla[] = {
	[IFLA_OFFLOAD_XSTATS_CPU_HIT] = nla_rtnl_link_stats64,
};
static const struct nl_nest offload_xstats_nest =
	NL_NEST(ifla_offload_xstats_attrs, "IFLA_OFFLOAD_XSTATS_???",
		offload_xstats_nla);

static const struct nl_field mpls_link_stats_f[] = {
	NL_F(struct mpls_link_stats, rx_packets, NF_U, NULL),
	NL_F(struct mpls_link_stats, tx_packets, NF_U, NULL),
	NL_F(struct mpls_link_stats, rx_bytes, NF_U, NULL),
	NL_F(struct mpls_link_stats, tx_bytes, NF_U, NULL),
	NL_F(struct mpls_link_stats, rx_errors, NF_U, NULL),
	NL_F(struct mpls_link_stats, tx_errors, NF_U, NULL),
	NL_F(struct mpls_link_stats, rx_dropped, NF_U, NULL),
	NL_F(struct mpls_link_stats, tx_dropped, NF_U, NULL),
	NL_F(struct mpls_link_stats, rx_noroute, NF_U, NULL),
};
static const struct nl_struct mpls_link_stats_s = {
	sizeof(struct mpls_link_stats), 0, mpls_link_stats_f,
	ARRAY_LEN(mpls_link_stats_f), true
};

static const nla_fn mpls_stats_nla[] = {
	[MPLS_STATS_LINK] = nla_struct,
};
static const void *const mpls_stats_opaque[ARRAY_LEN(mpls_stats_nla)] = {
	[MPLS_STATS_LINK] = &mpls_link_stats_s,
};
static const struct nl_nest mpls_stats_nest =
	NL_NEST_O(mpls_stats_attrs, "MPLS_STATS_???", mpls_stats_nla,
		  mpls_stats_opaque);

/* IFLA_STATS_AF_SPEC: a set per address family; strace decodes MPLS's. */
static const nla_fn af_stats_nla[AF_MPLS + 1] = {
	[AF_MPLS] = nla_nested,
};
static const void *const af_stats_opaque[ARRAY_LEN(af_stats_nla)] = {
	[AF_MPLS] = &mpls_stats_nest,
};
static const struct nl_nest af_stats_nest =
	NL_NEST_O(addrfams, "AF_???", af_stats_nla, af_stats_opaque);

static const nla_fn stats_nla[] = {
	[IFLA_STATS_LINK_64] = nla_rtnl_link_stats64,
	[IFLA_STATS_LINK_XSTATS] = nla_nested,
	[IFLA_STATS_LINK_XSTATS_SLAVE] = nla_nested,
	[IFLA_STATS_LINK_OFFLOAD_XSTATS] = nla_nested,
	[IFLA_STATS_AF_SPEC] = nla_nested,
};
static const void *const stats_opaque[ARRAY_LEN(stats_nla)] = {
	[IFLA_STATS_LINK_XSTATS] = &link_xstats_nest,
	[IFLA_STATS_LINK_XSTATS_SLAVE] = &link_xstats_nest,
	[IFLA_STATS_LINK_OFFLOAD_XSTATS] = &offload_xstats_nest,
	[IFLA_STATS_AF_SPEC] = &af_stats_nest,
};
const struct nl_nest rt_stats_nest =
	NL_NEST_O(rtnl_ifla_stats_attrs, "IFLA_STATS_???", stats_nla,
		  stats_opaque);
