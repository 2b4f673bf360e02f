/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NETLINK_ROUTE attributes of routes (RTA_*: metrics, multipath next
 * hops, via), traffic control (TCA_*, their statistics and size tables,
 * actions), nexthops (NHA_*), neighbour tables (NDTA_*), the bridge's
 * multicast database (MDBA_*) and multicast cache reports.
 */
#include "config.h"

#include <arpa/inet.h>
#include <linux/gen_stats.h>
#include <linux/if_bridge.h>
#include <linux/lwtunnel.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>
#include <linux/neighbour.h>
#include <linux/nexthop.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/lwtunnel_encap_types.h"
#include "xlat/tables/nexthop_grp_types.h"
#include "xlat/tables/nha_res_bucket_attrs.h"
#include "xlat/tables/nha_res_group_attrs.h"
#include "xlat/tables/route_nexthop_flags.h"
#include "xlat/tables/routing_types.h"
#include "xlat/tables/rtnl_ip6mra_creport_attrs.h"
#include "xlat/tables/rtnl_ipmra_creport_attrs.h"
#include "xlat/tables/rtnl_mdb_attrs.h"
#include "xlat/tables/rtnl_mdb_eattr_attrs.h"
#include "xlat/tables/rtnl_mdb_entry_attrs.h"
#include "xlat/tables/rtnl_mdb_mdb_attrs.h"
#include "xlat/tables/rtnl_mdb_router_attrs.h"
#include "xlat/tables/rtnl_mdb_router_pattr_attrs.h"
#include "xlat/tables/rtnl_metrics_attrs.h"
#include "xlat/tables/rtnl_neightbl_attrs.h"
#include "xlat/tables/rtnl_neightbl_parms_attrs.h"
#include "xlat/tables/rtnl_nexthop_attrs.h"
#include "xlat/tables/rtnl_route_attrs.h"
#include "xlat/tables/rtnl_tc_attrs.h"
#include "xlat/tables/rtnl_tc_stats_attrs.h"
#include "xlat/tables/rtnl_tca_attrs.h"
#include "xlat/tables/rtnl_tca_stab_attrs.h"

#define STRUCT(name, type, fields, trailing)				\
static const struct nl_struct name = {					\
	sizeof(type), 0, fields, ARRAY_LEN(fields), trailing		\
}

/* --- routes ----------------------------------------------------------- */

static const struct nl_field rta_cacheinfo_f[] = {
	NL_F(struct rta_cacheinfo, rta_clntref, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_lastuse, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_expires, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_error, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_used, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_id, NF_X, NULL),
	NL_F(struct rta_cacheinfo, rta_ts, NF_U, NULL),
	NL_F(struct rta_cacheinfo, rta_tsage, NF_U, NULL),
};
STRUCT(rta_cacheinfo_s, struct rta_cacheinfo, rta_cacheinfo_f, false);

static const struct nl_field mfc_stats_f[] = {
	NL_F(struct rta_mfc_stats, mfcs_packets, NF_U, NULL),
	NL_F(struct rta_mfc_stats, mfcs_bytes, NF_U, NULL),
	NL_F(struct rta_mfc_stats, mfcs_wrong_if, NF_U, NULL),
};
STRUCT(mfc_stats_s, struct rta_mfc_stats, mfc_stats_f, false);

/* RTAX_LOCK: a set of 1<<RTAX_* */
static bool nla_rtax_lock(struct tcb *tcp, uint64_t addr, unsigned int len,
			  const void *opaque)
{
	uint32_t v;

	(void)opaque;
	if (len < sizeof(v))
		return false;
	if (!nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
		nl_print_bit_set(tcp, rtnl_metrics_attrs, 0, v, "1<<RTAX_???");
	return true;
}

static const struct xlat rtax_features[] = {
	{ 1 << 0, "RTAX_FEATURE_ECN" },
	{ 1 << 1, "RTAX_FEATURE_SACK" },
	{ 1 << 2, "RTAX_FEATURE_TIMESTAMP" },
	{ 1 << 3, "RTAX_FEATURE_ALLFRAG" },
	{ 0, NULL }
};
NLA_XLAT(nla_rtax_features, rtax_features, "RTAX_FEATURE_???", 4, flags)

static const nla_fn metrics_nla[] = {
	[RTAX_LOCK] = nla_rtax_lock,
	[RTAX_MTU] = nla_u32,
	[RTAX_WINDOW] = nla_u32,
	[RTAX_RTT] = nla_u32,
	[RTAX_RTTVAR] = nla_u32,
	[RTAX_SSTHRESH] = nla_u32,
	[RTAX_CWND] = nla_u32,
	[RTAX_ADVMSS] = nla_u32,
	[RTAX_REORDERING] = nla_u32,
	[RTAX_HOPLIMIT] = nla_u32,
	[RTAX_INITCWND] = nla_u32,
	[RTAX_FEATURES] = nla_rtax_features,
	[RTAX_RTO_MIN] = nla_u32,
	[RTAX_INITRWND] = nla_u32,
	[RTAX_QUICKACK] = nla_u32,
	[RTAX_CC_ALGO] = nla_str,
	[RTAX_FASTOPEN_NO_COOKIE] = nla_u32,
};
static const struct nl_nest metrics_nest =
	NL_NEST(rtnl_metrics_attrs, "RTAX_???", metrics_nla);

/* RTA_VIA: struct rtvia, the address of its own family. */
static bool nla_rtvia(struct tcb *tcp, uint64_t addr, unsigned int len,
		      const void *opaque)
{
	unsigned char b[2 + 16];
	uint16_t family;
	unsigned int alen = len - 2;
	char ip[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 48];

	(void)opaque;
	if (len < 2)
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, 2))
		return true;
	memcpy(&family, b, 2);
	emit_struct_begin(tcp);
	emit_field(tcp, "rtvia_family");
	print_xval(tcp, addrfams, family, "AF_???");
	if (len > 2) {
		unsigned int need = family == AF_INET ? 4 :
				    family == AF_INET6 ? 16 : 0;

		if (need && alen >= need &&
		    !nl_fetch(tcp, addr + 2, b + 2, need)) {
			if (family == AF_INET6 &&
			    cfg.xlat_style != XLAT_STYLE_RAW &&
			    cfg.xlat_style != XLAT_STYLE_VERBOSE) {
				inet_ntop(AF_INET6, b + 2, ip, sizeof(ip));
				snprintf(text, sizeof(text),
					 "inet_pton(AF_INET6, \"%s\", &rtvia_addr)",
					 ip);
				emit_next(tcp);
				emit_raw(tcp, text);
			} else {
				emit_field(tcp, "rtvia_addr");
				nl_print_inet_addr(tcp, family, b + 2, need);
			}
		} else {
			emit_field(tcp, "rtvia_addr");
			nl_print_hex(tcp, addr + 2, alen);
		}
	}
	emit_struct_end(tcp);
	return true;
}

NLA_XLAT(nla_encap_type, lwtunnel_encap_types, "LWTUNNEL_ENCAP_???", 2, xval)
NLA_XLAT(nla_rt_pref, routing_types, NULL, 1, xval)

static bool nla_multipath(struct tcb *, uint64_t, unsigned int, const void *);

static const nla_fn route_nla[] = {
	[RTA_DST] = nla_rt_addr,
	[RTA_SRC] = nla_rt_addr,
	[RTA_IIF] = nla_ifindex,
	[RTA_OIF] = nla_ifindex,
	[RTA_GATEWAY] = nla_rt_addr,
	[RTA_PRIORITY] = nla_u32,
	[RTA_PREFSRC] = nla_rt_addr,
	[RTA_METRICS] = nla_nested,
	[RTA_MULTIPATH] = nla_multipath,
	[RTA_FLOW] = nla_u32,
	[RTA_CACHEINFO] = nla_struct,
	[RTA_TABLE] = nla_rt_table,
	[RTA_MARK] = nla_u32,
	[RTA_MFC_STATS] = nla_struct,
	[RTA_VIA] = nla_rtvia,
	[RTA_NEWDST] = nla_rt_addr,
	[RTA_PREF] = nla_rt_pref,
	[RTA_ENCAP_TYPE] = nla_encap_type,
	[RTA_EXPIRES] = nla_u64,
	[RTA_UID] = nla_u32,
	[RTA_TTL_PROPAGATE] = nla_u8,
	[RTA_IP_PROTO] = nla_u8,
	[RTA_SPORT] = nla_be16,
	[RTA_DPORT] = nla_be16,
	[RTA_NH_ID] = nla_u32,
};
static const void *const route_opaque[ARRAY_LEN(route_nla)] = {
	[RTA_METRICS] = &metrics_nest,
	[RTA_CACHEINFO] = &rta_cacheinfo_s,
	[RTA_MFC_STATS] = &mfc_stats_s,
};
const struct nl_nest rt_route_nest =
	NL_NEST_O(rtnl_route_attrs, "RTA_???", route_nla, route_opaque);

/*
 * RTA_MULTIPATH: struct rtnexthop, each followed by its RTA_* attributes
 * ("[{rtnh...}, attrs]").  The list is in brackets when data remain past
 * the first next hop's rtnh_len, as strace shows it.
 */
static bool nla_multipath(struct tcb *tcp, uint64_t addr, unsigned int len,
			  const void *opaque)
{
	bool array = false;

	(void)opaque;
	if (len < sizeof(struct rtnexthop))
		return false;
	while (len >= sizeof(struct rtnexthop)) {
		struct rtnexthop nh;
		unsigned int nlen, step;

		if (nl_fetch_or_addr(tcp, addr, &nh, sizeof(nh)))
			break;
		if (!array && len > nh.rtnh_len) {
			emit_array_begin(tcp);
			array = true;
		}
		nlen = nh.rtnh_len < len ? nh.rtnh_len : len;
		if (nlen > RTNH_ALIGN(sizeof(nh)))
			emit_array_begin(tcp);
		emit_struct_begin(tcp);
		NL_FIELD_U(tcp, nh, rtnh_len);
		emit_field(tcp, "rtnh_flags");
		print_flags(tcp, route_nexthop_flags, nh.rtnh_flags,
			    "RTNH_F_???");
		NL_FIELD_U(tcp, nh, rtnh_hops);
		emit_field(tcp, "rtnh_ifindex");
		nl_print_ifindex(tcp, (uint32_t)nh.rtnh_ifindex);
		emit_struct_end(tcp);
		if (nlen > RTNH_ALIGN(sizeof(nh))) {
			emit_next(tcp);
			nl_print_nest(tcp, addr + RTNH_ALIGN(sizeof(nh)),
				      nlen - RTNH_ALIGN(sizeof(nh)),
				      &rt_route_nest);
			emit_array_end(tcp);
		}
		step = RTNH_ALIGN(nh.rtnh_len);
		if (nh.rtnh_len < sizeof(nh) || step >= len)
			break;
		emit_next(tcp);
		addr += step;
		len -= step;
	}
	if (array)
		emit_array_end(tcp);
	return true;
}

/* --- traffic control -------------------------------------------------- */

/* struct tc_stats up to backlog (its tail padding aside). */
static const struct nl_field tc_stats_f[] = {
	NL_F(struct tc_stats, bytes, NF_U, NULL),
	NL_F(struct tc_stats, packets, NF_U, NULL),
	NL_F(struct tc_stats, drops, NF_U, NULL),
	NL_F(struct tc_stats, overlimits, NF_U, NULL),
	NL_F(struct tc_stats, bps, NF_U, NULL),
	NL_F(struct tc_stats, pps, NF_U, NULL),
	NL_F(struct tc_stats, qlen, NF_U, NULL),
	NL_F(struct tc_stats, backlog, NF_U, NULL),
};
static const struct nl_struct tc_stats_s = {
	offsetof(struct tc_stats, backlog) + 4, 0, tc_stats_f,
	ARRAY_LEN(tc_stats_f), false
};

static const struct nl_field tc_estimator_f[] = {
	NL_F(struct tc_estimator, interval, NF_D, NULL),
	NL_F(struct tc_estimator, ewma_log, NF_U, NULL),
};
STRUCT(tc_estimator_s, struct tc_estimator, tc_estimator_f, false);

static const struct nl_field gnet_basic_f[] = {
	NL_F(struct gnet_stats_basic, bytes, NF_U, NULL),
	NL_F(struct gnet_stats_basic, packets, NF_U, NULL),
};
static const struct nl_struct gnet_basic_s = {
	offsetof(struct gnet_stats_basic, packets) + 4, 0, gnet_basic_f,
	ARRAY_LEN(gnet_basic_f), false
};
static const struct nl_field gnet_rate_f[] = {
	NL_F(struct gnet_stats_rate_est, bps, NF_U, NULL),
	NL_F(struct gnet_stats_rate_est, pps, NF_U, NULL),
};
STRUCT(gnet_rate_s, struct gnet_stats_rate_est, gnet_rate_f, false);
static const struct nl_field gnet_queue_f[] = {
	NL_F(struct gnet_stats_queue, qlen, NF_U, NULL),
	NL_F(struct gnet_stats_queue, backlog, NF_U, NULL),
	NL_F(struct gnet_stats_queue, drops, NF_U, NULL),
	NL_F(struct gnet_stats_queue, requeues, NF_U, NULL),
	NL_F(struct gnet_stats_queue, overlimits, NF_U, NULL),
};
STRUCT(gnet_queue_s, struct gnet_stats_queue, gnet_queue_f, false);
static const struct nl_field gnet_rate64_f[] = {
	NL_F(struct gnet_stats_rate_est64, bps, NF_U, NULL),
	NL_F(struct gnet_stats_rate_est64, pps, NF_U, NULL),
};
STRUCT(gnet_rate64_s, struct gnet_stats_rate_est64, gnet_rate64_f, false);

static const nla_fn tc_stats_nla[] = {
	[TCA_STATS_BASIC] = nla_struct,
	[TCA_STATS_RATE_EST] = nla_struct,
	[TCA_STATS_QUEUE] = nla_struct,
	[TCA_STATS_RATE_EST64] = nla_struct,
	[TCA_STATS_BASIC_HW] = nla_struct,
	[TCA_STATS_PKT64] = nla_u64,
};
static const void *const tc_stats_opaque[ARRAY_LEN(tc_stats_nla)] = {
	[TCA_STATS_BASIC] = &gnet_basic_s,
	[TCA_STATS_RATE_EST] = &gnet_rate_s,
	[TCA_STATS_QUEUE] = &gnet_queue_s,
	[TCA_STATS_RATE_EST64] = &gnet_rate64_s,
	[TCA_STATS_BASIC_HW] = &gnet_basic_s,
};
static const struct nl_nest tc_stats_nest =
	NL_NEST_O(rtnl_tc_stats_attrs, "TCA_STATS_???", tc_stats_nla,
		  tc_stats_opaque);

static const struct nl_field sizespec_f[] = {
	NL_F(struct tc_sizespec, cell_log, NF_U, NULL),
	NL_F(struct tc_sizespec, size_log, NF_U, NULL),
	NL_F(struct tc_sizespec, cell_align, NF_D, NULL),
	NL_F(struct tc_sizespec, overhead, NF_D, NULL),
	NL_F(struct tc_sizespec, linklayer, NF_U, NULL),
	NL_F(struct tc_sizespec, mpu, NF_U, NULL),
	NL_F(struct tc_sizespec, mtu, NF_U, NULL),
	NL_F(struct tc_sizespec, tsize, NF_U, NULL),
};
STRUCT(sizespec_s, struct tc_sizespec, sizespec_f, false);

static const nla_fn stab_nla[] = {
	[TCA_STAB_BASE] = nla_struct,
	[TCA_STAB_DATA] = nla_u16_array,
};
static const void *const stab_opaque[ARRAY_LEN(stab_nla)] = {
	[TCA_STAB_BASE] = &sizespec_s,
};
static const struct nl_nest stab_nest =
	NL_NEST_O(rtnl_tca_stab_attrs, "TCA_STAB_???", stab_nla, stab_opaque);

static const nla_fn tc_nla[] = {
	[TCA_KIND] = nla_str,
	[TCA_STATS] = nla_struct,
	[TCA_RATE] = nla_struct,
	[TCA_FCNT] = nla_u32,
	[TCA_STATS2] = nla_nested,
	[TCA_STAB] = nla_nested,
	[TCA_CHAIN] = nla_u32,
	[TCA_HW_OFFLOAD] = nla_u8,
	[TCA_INGRESS_BLOCK] = nla_u32,
	[TCA_EGRESS_BLOCK] = nla_u32,
};
static const void *const tc_opaque[ARRAY_LEN(tc_nla)] = {
	[TCA_STATS] = &tc_stats_s,
	[TCA_RATE] = &tc_estimator_s,
	[TCA_STATS2] = &tc_stats_nest,
	[TCA_STAB] = &stab_nest,
};
const struct nl_nest rt_tc_nest =
	NL_NEST_O(rtnl_tc_attrs, "TCA_???", tc_nla, tc_opaque);

static const struct xlat tca_act_flags[] = {
	{ 1 << 0, "TCA_ACT_FLAGS_NO_PERCPU_STATS" },
	{ 1 << 1, "TCA_ACT_FLAGS_SKIP_HW" },
	{ 1 << 2, "TCA_ACT_FLAGS_SKIP_SW" },
	{ 0, NULL }
};
static const struct xlat tca_act_hw_stats[] = {
	{ 1 << 0, "TCA_ACT_HW_STATS_IMMEDIATE" },
	{ 1 << 1, "TCA_ACT_HW_STATS_DELAYED" },
	{ 0, NULL }
};
NLA_XLAT(nla_tca_act_flags, tca_act_flags, "TCA_ACT_FLAGS_???", 4, flags)
NLA_XLAT(nla_tca_hw_stats, tca_act_hw_stats, "TCA_ACT_HW_STATS_???", 4,
	 flags)

static const nla_fn tca_nla[] = {
	[TCA_ACT_KIND] = nla_str,
	[TCA_ACT_INDEX] = nla_u32,
	[TCA_ACT_STATS] = nla_nested,
	[TCA_ACT_FLAGS] = nla_tca_act_flags,
	[TCA_ACT_HW_STATS] = nla_tca_hw_stats,
	[TCA_ACT_USED_HW_STATS] = nla_tca_hw_stats,
	[TCA_ACT_IN_HW_COUNT] = nla_u32,
};
static const void *const tca_opaque[ARRAY_LEN(tca_nla)] = {
	[TCA_ACT_STATS] = &tc_stats_nest,
};
const struct nl_nest rt_tca_nest =
	NL_NEST_O(rtnl_tca_attrs, "TCA_ACT_???", tca_nla, tca_opaque);

/* --- nexthops --------------------------------------------------------- */

/*
 * linux/nexthop.h's struct nexthop_grp, by its layout: newer headers
 * name its fifth byte weight_high, older ones resvd1, and strace 6.1
 * prints it as resvd1.
 */
struct nh_grp {
	uint32_t id;
	uint8_t weight;
	uint8_t resvd1;
	uint16_t resvd2;
};

static void print_nh_grp(struct tcb *tcp, const void *e, void *data)
{
	struct nh_grp g;

	(void)data;
	memcpy(&g, e, sizeof(g));
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, g, id);
	NL_FIELD_U(tcp, g, weight);
	if (g.resvd1) {
		emit_field(tcp, "resvd1");
		emit_hex(tcp, g.resvd1);
	}
	if (g.resvd2) {
		emit_field(tcp, "resvd2");
		emit_hex(tcp, g.resvd2);
	}
	emit_struct_end(tcp);
}

static bool nla_nh_group(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	(void)opaque;
	if (len < sizeof(struct nexthop_grp))
		return false;
	print_array(tcp, addr, len / sizeof(struct nexthop_grp),
		    sizeof(struct nexthop_grp), print_nh_grp, NULL);
	return true;
}

NLA_XLAT(nla_nh_grp_type, nexthop_grp_types, "NEXTHOP_GRP_TYPE_???", 2, xval)

static const nla_fn res_group_nla[] = {
	[NHA_RES_GROUP_BUCKETS] = nla_u16,
	[NHA_RES_GROUP_IDLE_TIMER] = nla_clock_t,
	[NHA_RES_GROUP_UNBALANCED_TIMER] = nla_clock_t,
	[NHA_RES_GROUP_UNBALANCED_TIME] = nla_clock_t,
};
static const struct nl_nest res_group_nest =
	NL_NEST(nha_res_group_attrs, "NHA_RES_GROUP_???", res_group_nla);

static const nla_fn res_bucket_nla[] = {
	[NHA_RES_BUCKET_INDEX] = nla_u16,
	[NHA_RES_BUCKET_IDLE_TIME] = nla_clock_t,
	[NHA_RES_BUCKET_NH_ID] = nla_u32,
};
static const struct nl_nest res_bucket_nest =
	NL_NEST(nha_res_bucket_attrs, "NHA_RES_BUCKET_???", res_bucket_nla);

static const nla_fn nexthop_nla[] = {
	[NHA_ID] = nla_u32,
	[NHA_GROUP] = nla_nh_group,
	[NHA_GROUP_TYPE] = nla_nh_grp_type,
	[NHA_BLACKHOLE] = nla_u32,
	[NHA_OIF] = nla_ifindex,
	[NHA_GATEWAY] = nla_inet_by_len,
	[NHA_ENCAP_TYPE] = nla_encap_type,
	[NHA_GROUPS] = nla_u32,
	[NHA_MASTER] = nla_ifindex,
	[NHA_FDB] = nla_u32,
	[NHA_RES_GROUP] = nla_nested,
	[NHA_RES_BUCKET] = nla_nested,
};
static const void *const nexthop_opaque[ARRAY_LEN(nexthop_nla)] = {
	[NHA_RES_GROUP] = &res_group_nest,
	[NHA_RES_BUCKET] = &res_bucket_nest,
};
const struct nl_nest rt_nexthop_nest =
	NL_NEST_O(rtnl_nexthop_attrs, "NHA_???", nexthop_nla, nexthop_opaque);

/* --- neighbour tables ------------------------------------------------- */

static const struct nl_field ndt_config_f[] = {
	NL_F(struct ndt_config, ndtc_key_len, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_entry_size, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_entries, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_last_flush, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_last_rand, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_hash_rnd, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_hash_mask, NF_X, NULL),
	NL_F(struct ndt_config, ndtc_hash_chain_gc, NF_U, NULL),
	NL_F(struct ndt_config, ndtc_proxy_qlen, NF_U, NULL),
};
STRUCT(ndt_config_s, struct ndt_config, ndt_config_f, false);

static const struct nl_field ndt_stats_f[] = {
	NL_F(struct ndt_stats, ndts_allocs, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_destroys, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_hash_grows, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_res_failed, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_lookups, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_hits, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_rcv_probes_mcast, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_rcv_probes_ucast, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_periodic_gc_runs, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_forced_gc_runs, NF_U, NULL),
	NL_F(struct ndt_stats, ndts_table_fulls, NF_U, NULL),
};
STRUCT(ndt_stats_s, struct ndt_stats, ndt_stats_f, false);

static const nla_fn ndtpa_nla[] = {
	[NDTPA_IFINDEX] = nla_ifindex,
	[NDTPA_REFCNT] = nla_u32,
	[NDTPA_REACHABLE_TIME] = nla_u64,
	[NDTPA_BASE_REACHABLE_TIME] = nla_u64,
	[NDTPA_RETRANS_TIME] = nla_u64,
	[NDTPA_GC_STALETIME] = nla_u64,
	[NDTPA_DELAY_PROBE_TIME] = nla_u64,
	[NDTPA_QUEUE_LEN] = nla_u32,
	[NDTPA_APP_PROBES] = nla_u32,
	[NDTPA_UCAST_PROBES] = nla_u32,
	[NDTPA_MCAST_PROBES] = nla_u32,
	[NDTPA_ANYCAST_DELAY] = nla_u64,
	[NDTPA_PROXY_DELAY] = nla_u64,
	[NDTPA_PROXY_QLEN] = nla_u32,
	[NDTPA_LOCKTIME] = nla_u64,
	[NDTPA_QUEUE_LENBYTES] = nla_u32,
	[NDTPA_MCAST_REPROBES] = nla_u32,
};
static const struct nl_nest ndtpa_nest =
	NL_NEST(rtnl_neightbl_parms_attrs, "NDTPA_???", ndtpa_nla);

static const nla_fn neightbl_nla[] = {
	[NDTA_NAME] = nla_str,
	[NDTA_THRESH1] = nla_u32,
	[NDTA_THRESH2] = nla_u32,
	[NDTA_THRESH3] = nla_u32,
	[NDTA_CONFIG] = nla_struct,
	[NDTA_PARMS] = nla_nested,
	[NDTA_STATS] = nla_struct,
	[NDTA_GC_INTERVAL] = nla_u64,
};
static const void *const neightbl_opaque[ARRAY_LEN(neightbl_nla)] = {
	[NDTA_CONFIG] = &ndt_config_s,
	[NDTA_PARMS] = &ndtpa_nest,
	[NDTA_STATS] = &ndt_stats_s,
};
const struct nl_nest rt_neightbl_nest =
	NL_NEST_O(rtnl_neightbl_attrs, "NDTA_???", neightbl_nla,
		  neightbl_opaque);

/* --- the bridge's multicast database ---------------------------------- */

static const struct xlat mdb_states[] = {
	{ MDB_TEMPORARY, "MDB_TEMPORARY" },
	{ MDB_PERMANENT, "MDB_PERMANENT" },
	{ 0, NULL }
};
static const struct xlat mdb_flags[] = {
	{ MDB_FLAGS_OFFLOAD, "MDB_FLAGS_OFFLOAD" },
	{ MDB_FLAGS_FAST_LEAVE, "MDB_FLAGS_FAST_LEAVE" },
	{ MDB_FLAGS_STAR_EXCL, "MDB_FLAGS_STAR_EXCL" },
	{ MDB_FLAGS_BLOCKED, "MDB_FLAGS_BLOCKED" },
	{ 0, NULL }
};
static const struct xlat mdb_rtr_types[] = {
	{ MDB_RTR_TYPE_DISABLED, "MDB_RTR_TYPE_DISABLED" },
	{ MDB_RTR_TYPE_TEMP_QUERY, "MDB_RTR_TYPE_TEMP_QUERY" },
	{ MDB_RTR_TYPE_PERM, "MDB_RTR_TYPE_PERM" },
	{ MDB_RTR_TYPE_TEMP, "MDB_RTR_TYPE_TEMP" },
	{ 0, NULL }
};

NLA_XLAT(nla_mdb_rtr_type, mdb_rtr_types, "MDB_RTR_TYPE_???", 1, xval)

static const nla_fn eattr_nla[] = {
	[MDBA_MDB_EATTR_TIMER] = nla_clock_t,
};
static const struct nl_nest eattr_nest =
	NL_NEST(rtnl_mdb_eattr_attrs, "MDBA_MDB_EATTR_???", eattr_nla);

/* struct br_mdb_entry, then MDBA_MDB_EATTR_* attributes. */
static bool nla_mdb_entry_info(struct tcb *tcp, uint64_t addr,
			       unsigned int len, const void *opaque)
{
	struct br_mdb_entry e;
	char text[32];

	(void)opaque;
	if (len < sizeof(e))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &e, sizeof(e)))
		return true;
	emit_struct_begin(tcp);
	emit_field(tcp, "ifindex");
	nl_print_ifindex(tcp, e.ifindex);
	emit_field(tcp, "state");
	print_xval(tcp, mdb_states, e.state, "MDB_???");
	emit_field(tcp, "flags");
	print_flags(tcp, mdb_flags, e.flags, "MDB_FLAGS_???");
	NL_FIELD_U(tcp, e, vid);
	emit_field(tcp, "addr");
	emit_struct_begin(tcp);
	emit_field(tcp, "u");
	if (e.addr.proto == htons(ETH_P_IP)) {
		nl_print_inet_addr(tcp, AF_INET, &e.addr.u, 4);
	} else if (e.addr.proto == htons(ETH_P_IPV6)) {
		nl_print_inet_addr(tcp, AF_INET6, &e.addr.u, 16);
	} else {
		emit_quoted(tcp, (const char *)&e.addr.u, sizeof(e.addr.u),
			    QUOTE_FORCE_HEX);
	}
	emit_field(tcp, "proto");
	{
		uint16_t p = ntohs(e.addr.proto);
		/* strace names a zero protocol after the address family */
		const char *n = p ? xlat_name(ethernet_protocols, p) :
				    "AF_UNSPEC";

		snprintf(text, sizeof(text), "htons(%s)",
			 n ? n : "ETH_P_???");
		if (!n)
			snprintf(text, sizeof(text), "htons(%#x)", p);
		print_named(tcp, e.addr.proto, text, false);
	}
	emit_struct_end(tcp);
	emit_struct_end(tcp);
	if (len > NLA_ALIGN(sizeof(e))) {
		emit_next(tcp);
		nl_print_nest(tcp, addr + NLA_ALIGN(sizeof(e)),
			      len - NLA_ALIGN(sizeof(e)), &eattr_nest);
	}
	return true;
}

static const nla_fn entry_nla[] = {
	[MDBA_MDB_ENTRY_INFO] = nla_mdb_entry_info,
};
static const struct nl_nest entry_nest =
	NL_NEST(rtnl_mdb_entry_attrs, "MDBA_MDB_ENTRY_???", entry_nla);

static const nla_fn mdb_mdb_nla[] = {
	[MDBA_MDB_ENTRY] = nla_nested,
};
static const void *const mdb_mdb_opaque[ARRAY_LEN(mdb_mdb_nla)] = {
	[MDBA_MDB_ENTRY] = &entry_nest,
};
static const struct nl_nest mdb_mdb_nest =
	NL_NEST_O(rtnl_mdb_mdb_attrs, "MDBA_MDB_???", mdb_mdb_nla,
		  mdb_mdb_opaque);

static const nla_fn pattr_nla[] = {
	[MDBA_ROUTER_PATTR_TIMER] = nla_clock_t,
	[MDBA_ROUTER_PATTR_TYPE] = nla_mdb_rtr_type,
	[MDBA_ROUTER_PATTR_INET_TIMER] = nla_clock_t,
	[MDBA_ROUTER_PATTR_INET6_TIMER] = nla_clock_t,
	[MDBA_ROUTER_PATTR_VID] = nla_u16,
};
static const struct nl_nest pattr_nest =
	NL_NEST(rtnl_mdb_router_pattr_attrs, "MDBA_ROUTER_PATTR_???",
		pattr_nla);

/* MDBA_ROUTER_PORT: an ifindex, then MDBA_ROUTER_PATTR_* attributes. */
static bool nla_router_port(struct tcb *tcp, uint64_t addr, unsigned int len,
			    const void *opaque)
{
	uint32_t idx;

	(void)opaque;
	if (len < sizeof(idx))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &idx, sizeof(idx)))
		return true;
	nl_print_ifindex(tcp, idx);
	if (len > NLA_ALIGN(sizeof(idx))) {
		emit_next(tcp);
		nl_print_nest(tcp, addr + NLA_ALIGN(sizeof(idx)),
			      len - NLA_ALIGN(sizeof(idx)), &pattr_nest);
	}
	return true;
}

static const nla_fn router_nla[] = {
	[MDBA_ROUTER_PORT] = nla_router_port,
};
static const struct nl_nest router_nest =
	NL_NEST(rtnl_mdb_router_attrs, "MDBA_ROUTER_???", router_nla);

static const nla_fn mdb_nla[] = {
	[MDBA_MDB] = nla_nested,
	[MDBA_ROUTER] = nla_nested,
};
static const void *const mdb_opaque[ARRAY_LEN(mdb_nla)] = {
	[MDBA_MDB] = &mdb_mdb_nest,
	[MDBA_ROUTER] = &router_nest,
};
const struct nl_nest rt_mdb_nest =
	NL_NEST_O(rtnl_mdb_attrs, "MDBA_???", mdb_nla, mdb_opaque);

/* --- multicast cache reports ------------------------------------------ */

static const struct xlat igmpmsg_types[] = {
	{ IGMPMSG_NOCACHE, "IGMPMSG_NOCACHE" },
	{ IGMPMSG_WRONGVIF, "IGMPMSG_WRONGVIF" },
	{ IGMPMSG_WHOLEPKT, "IGMPMSG_WHOLEPKT" },
	{ IGMPMSG_WRVIFWHOLE, "IGMPMSG_WRVIFWHOLE" },
	{ 0, NULL }
};
static const struct xlat mrt6msg_types[] = {
	{ MRT6MSG_NOCACHE, "MRT6MSG_NOCACHE" },
	{ MRT6MSG_WRONGMIF, "MRT6MSG_WRONGMIF" },
	{ MRT6MSG_WHOLEPKT, "MRT6MSG_WHOLEPKT" },
	{ 0, NULL }
};
NLA_XLAT(nla_igmpmsg, igmpmsg_types, "IGMPMSG_???", 1, xval)
NLA_XLAT(nla_mrt6msg, mrt6msg_types, "MRT6MSG_???", 1, xval)

static bool nla_in_addr(struct tcb *tcp, uint64_t addr, unsigned int len,
			const void *opaque)
{
	static const uint8_t inet = AF_INET;

	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &inet);
}

static bool nla_in6_addr(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	static const uint8_t inet6 = AF_INET6;

	(void)opaque;
	return nla_inet_addr(tcp, addr, len, &inet6);
}

static const nla_fn ipmr_nla[] = {
	[IPMRA_CREPORT_MSGTYPE] = nla_igmpmsg,
	[IPMRA_CREPORT_VIF_ID] = nla_u32,
	[IPMRA_CREPORT_SRC_ADDR] = nla_in_addr,
	[IPMRA_CREPORT_DST_ADDR] = nla_in_addr,
	[IPMRA_CREPORT_TABLE] = nla_u32,
};
const struct nl_nest rt_ipmr_creport_nest =
	NL_NEST(rtnl_ipmra_creport_attrs, "IPMRA_CREPORT_???", ipmr_nla);

static const nla_fn ip6mr_nla[] = {
	[IP6MRA_CREPORT_MSGTYPE] = nla_mrt6msg,
	[IP6MRA_CREPORT_MIF_ID] = nla_u32,
	[IP6MRA_CREPORT_SRC_ADDR] = nla_in6_addr,
	[IP6MRA_CREPORT_DST_ADDR] = nla_in6_addr,
};
const struct nl_nest rt_ip6mr_creport_nest =
	NL_NEST(rtnl_ip6mra_creport_attrs, "IP6MRA_CREPORT_???", ip6mr_nla);
