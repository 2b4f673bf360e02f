/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Nested attribute sets of links (RTM_*LINK) that strace 6.1 decodes:
 * the virtual functions of IFLA_VFINFO_LIST, IFLA_XDP, IFLA_AF_SPEC (the
 * bridge's IFLA_BRIDGE_* set for AF_BRIDGE messages, else a set per
 * address family: IPv4 and IPv6 configuration, MCTP) and
 * IFLA_PROTO_DOWN_REASON.
 */
#include "config.h"

#include <arpa/inet.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "syscall/nlroute.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/bridge_flags.h"
#include "xlat/tables/bridge_modes.h"
#include "xlat/tables/bridge_vlan_info_flags.h"
#include "xlat/tables/ethernet_protocols.h"
#include "xlat/tables/ifla_bridge_attrs.h"
#include "xlat/tables/ifla_bridge_vlan_tunnel_attrs.h"
#include "xlat/tables/ifla_inet_attrs.h"
#include "xlat/tables/ifla_mctp_attrs.h"
#include "xlat/tables/ifla_proto_down_reason_attrs.h"
#include "xlat/tables/ifla_vf_attrs.h"
#include "xlat/tables/ifla_vf_info_attrs.h"
#include "xlat/tables/ifla_vf_link_states.h"
#include "xlat/tables/ifla_vf_stats_attrs.h"
#include "xlat/tables/ifla_vf_vlan_list_attrs.h"
#include "xlat/tables/ifla_xdp_attrs.h"
#include "xlat/tables/ipv4_devconf_indices.h"
#include "xlat/tables/xdp_attached.h"
#include "xlat/tables/xdp_flags.h"

/* --- virtual functions ------------------------------------------------ */

/*
 * The 32 bytes of a VF's address: "00:11:..", under -X raw the bytes,
 * under -X verbose both.
 */
static void print_mac32(struct tcb *tcp, const unsigned char *p)
{
	char text[3 * 32 + 1];
	size_t n = 0;

	for (unsigned int i = 0; i < 32; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%02x",
				      i ? ":" : "", p[i]);
	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		emit_quoted(tcp, (const char *)p, 32, QUOTE_FORCE_HEX);
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, text);
		return;
	}
	emit_raw(tcp, text);
}

/* A protocol in network order: "htons(ETH_P_8021Q)". */
static void print_vlan_proto(struct tcb *tcp, const unsigned char *p)
{
	char name[128], text[160];
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	sprint_xval(name, sizeof(name), ethernet_protocols, ntohs(v),
		    "ETH_P_???");
	snprintf(text, sizeof(text), "htons(%s)", name);
	emit_sym(tcp, v, text);
}

static const struct nl_field vf_mac_f[] = {
	NL_F(struct ifla_vf_mac, vf, NF_U, NULL),
	NL_F(struct ifla_vf_mac, mac, NF_FN, print_mac32),
};
static const struct nl_struct vf_mac_s = {
	sizeof(struct ifla_vf_mac), 0, vf_mac_f, ARRAY_LEN(vf_mac_f), false
};

static const struct nl_field vf_vlan_f[] = {
	NL_F(struct ifla_vf_vlan, vf, NF_U, NULL),
	NL_F(struct ifla_vf_vlan, vlan, NF_U, NULL),
	NL_F(struct ifla_vf_vlan, qos, NF_U, NULL),
};
static const struct nl_struct vf_vlan_s = {
	sizeof(struct ifla_vf_vlan), 0, vf_vlan_f, ARRAY_LEN(vf_vlan_f), false
};

static const struct nl_field vf_tx_rate_f[] = {
	NL_F(struct ifla_vf_tx_rate, vf, NF_U, NULL),
	NL_F(struct ifla_vf_tx_rate, rate, NF_U, NULL),
};
static const struct nl_struct vf_tx_rate_s = {
	sizeof(struct ifla_vf_tx_rate), 0, vf_tx_rate_f,
	ARRAY_LEN(vf_tx_rate_f), false
};

/* SPOOFCHK, RSS_QUERY_EN and TRUST share the layout {vf, setting}. */
static const struct nl_field vf_setting_f[] = {
	NL_F(struct ifla_vf_spoofchk, vf, NF_U, NULL),
	NL_F(struct ifla_vf_spoofchk, setting, NF_U, NULL),
};
static const struct nl_struct vf_setting_s = {
	sizeof(struct ifla_vf_spoofchk), 0, vf_setting_f,
	ARRAY_LEN(vf_setting_f), false
};

static const struct nla_xlat link_state_x = {
	ifla_vf_link_states, "IFLA_VF_LINK_STATE_???", 4
};
static const struct nl_field vf_link_state_f[] = {
	NL_F(struct ifla_vf_link_state, vf, NF_U, NULL),
	NL_F(struct ifla_vf_link_state, link_state, NF_XVAL, &link_state_x),
};
static const struct nl_struct vf_link_state_s = {
	sizeof(struct ifla_vf_link_state), 0, vf_link_state_f,
	ARRAY_LEN(vf_link_state_f), false
};

static const struct nl_field vf_rate_f[] = {
	NL_F(struct ifla_vf_rate, vf, NF_U, NULL),
	NL_F(struct ifla_vf_rate, min_tx_rate, NF_U, NULL),
	NL_F(struct ifla_vf_rate, max_tx_rate, NF_U, NULL),
};
static const struct nl_struct vf_rate_s = {
	sizeof(struct ifla_vf_rate), 0, vf_rate_f, ARRAY_LEN(vf_rate_f), false
};

/* struct ifla_vf_guid: its u64 is 4-aligned for i386 tracees. */
struct vf_guid_compat {
	uint32_t vf;
	uint32_t guid[2];
};
static const struct nl_field vf_guid_f[] = {
	NL_F(struct ifla_vf_guid, vf, NF_U, NULL),
	NL_F(struct ifla_vf_guid, guid, NF_X, NULL),
};
static const struct nl_field vf_guid_compat_f[] = {
	NL_F(struct vf_guid_compat, vf, NF_U, NULL),
	{ "guid", offsetof(struct vf_guid_compat, guid), 8, NF_X, NULL },
};
static const struct nl_struct vf_guid_s = {
	sizeof(struct ifla_vf_guid), 0, vf_guid_f, ARRAY_LEN(vf_guid_f), false
};
static const struct nl_struct vf_guid_compat_s = {
	sizeof(struct vf_guid_compat), 0, vf_guid_compat_f,
	ARRAY_LEN(vf_guid_compat_f), false
};

static bool nla_vf_guid(struct tcb *tcp, uint64_t addr, unsigned int len,
			const void *opaque)
{
	(void)opaque;
	return nla_struct(tcp, addr, len, tcp_wordsize(tcp) == 4 ?
			  &vf_guid_compat_s : &vf_guid_s);
}

static const struct nl_field vf_broadcast_f[] = {
	NL_F(struct ifla_vf_broadcast, broadcast, NF_FN, print_mac32),
};
static const struct nl_struct vf_broadcast_s = {
	sizeof(struct ifla_vf_broadcast), 0, vf_broadcast_f,
	ARRAY_LEN(vf_broadcast_f), false
};

static const struct nl_field vf_vlan_info_f[] = {
	NL_F(struct ifla_vf_vlan_info, vf, NF_U, NULL),
	NL_F(struct ifla_vf_vlan_info, vlan, NF_U, NULL),
	NL_F(struct ifla_vf_vlan_info, qos, NF_U, NULL),
	NL_F(struct ifla_vf_vlan_info, vlan_proto, NF_FN, print_vlan_proto),
};
static const struct nl_struct vf_vlan_info_s = {
	sizeof(struct ifla_vf_vlan_info), 0, vf_vlan_info_f,
	ARRAY_LEN(vf_vlan_info_f), false
};

static const nla_fn vf_vlan_list_nla[] = {
	[IFLA_VF_VLAN_INFO] = nla_struct,
};
static const void *const vf_vlan_list_opaque[ARRAY_LEN(vf_vlan_list_nla)] = {
	[IFLA_VF_VLAN_INFO] = &vf_vlan_info_s,
};
static const struct nl_nest vf_vlan_list_nest =
	NL_NEST_O(ifla_vf_vlan_list_attrs, "IFLA_VF_VLAN_INFO_???",
		  vf_vlan_list_nla, vf_vlan_list_opaque);

/* Every IFLA_VF_STATS_* but the padding is a u64 counter. */
static const nla_fn vf_stats_nla[] = {
	[IFLA_VF_STATS_RX_PACKETS] = nla_u64,
	[IFLA_VF_STATS_TX_PACKETS] = nla_u64,
	[IFLA_VF_STATS_RX_BYTES] = nla_u64,
	[IFLA_VF_STATS_TX_BYTES] = nla_u64,
	[IFLA_VF_STATS_BROADCAST] = nla_u64,
	[IFLA_VF_STATS_MULTICAST] = nla_u64,
	[IFLA_VF_STATS_RX_DROPPED] = nla_u64,
	[IFLA_VF_STATS_TX_DROPPED] = nla_u64,
};
static const struct nl_nest vf_stats_nest =
	NL_NEST(ifla_vf_stats_attrs, "IFLA_VF_STATS_???", vf_stats_nla);

static const nla_fn vf_nla[] = {
	[IFLA_VF_MAC] = nla_struct,
	[IFLA_VF_VLAN] = nla_struct,
	[IFLA_VF_TX_RATE] = nla_struct,
	[IFLA_VF_SPOOFCHK] = nla_struct,
	[IFLA_VF_LINK_STATE] = nla_struct,
	[IFLA_VF_RATE] = nla_struct,
	[IFLA_VF_RSS_QUERY_EN] = nla_struct,
	[IFLA_VF_STATS] = nla_nested,
	[IFLA_VF_TRUST] = nla_struct,
	[IFLA_VF_IB_NODE_GUID] = nla_vf_guid,
	[IFLA_VF_IB_PORT_GUID] = nla_vf_guid,
	[IFLA_VF_VLAN_LIST] = nla_nested,
	[IFLA_VF_BROADCAST] = nla_struct,
};
static const void *const vf_opaque[ARRAY_LEN(vf_nla)] = {
	[IFLA_VF_MAC] = &vf_mac_s,
	[IFLA_VF_VLAN] = &vf_vlan_s,
	[IFLA_VF_TX_RATE] = &vf_tx_rate_s,
	[IFLA_VF_SPOOFCHK] = &vf_setting_s,
	[IFLA_VF_LINK_STATE] = &vf_link_state_s,
	[IFLA_VF_RATE] = &vf_rate_s,
	[IFLA_VF_RSS_QUERY_EN] = &vf_setting_s,
	[IFLA_VF_STATS] = &vf_stats_nest,
	[IFLA_VF_TRUST] = &vf_setting_s,
	[IFLA_VF_VLAN_LIST] = &vf_vlan_list_nest,
	[IFLA_VF_BROADCAST] = &vf_broadcast_s,
};
static const struct nl_nest vf_nest =
	NL_NEST_O(ifla_vf_attrs, "IFLA_VF_???", vf_nla, vf_opaque);

static const nla_fn vfinfo_list_nla[] = {
	[IFLA_VF_INFO] = nla_nested,
};
static const void *const vfinfo_list_opaque[ARRAY_LEN(vfinfo_list_nla)] = {
	[IFLA_VF_INFO] = &vf_nest,
};
const struct nl_nest rt_vfinfo_list_nest =
	NL_NEST_O(ifla_vf_info_attrs, "IFLA_VF_INFO_???", vfinfo_list_nla,
		  vfinfo_list_opaque);

/* --- XDP and the reasons of a link's protocol down -------------------- */

NLA_XLAT(nla_xdp_attached, xdp_attached, "XDP_ATTACHED_???", 1, xval)
NLA_XLAT(nla_xdp_flags, xdp_flags, "XDP_FLAGS_???", 4, flags)

static const nla_fn xdp_nla[] = {
	[IFLA_XDP_FD] = nla_fd,
	[IFLA_XDP_ATTACHED] = nla_xdp_attached,
	[IFLA_XDP_FLAGS] = nla_xdp_flags,
	[IFLA_XDP_PROG_ID] = nla_u32,
	[IFLA_XDP_DRV_PROG_ID] = nla_u32,
	[IFLA_XDP_SKB_PROG_ID] = nla_u32,
	[IFLA_XDP_HW_PROG_ID] = nla_u32,
	[IFLA_XDP_EXPECTED_FD] = nla_fd,
};
const struct nl_nest rt_xdp_nest =
	NL_NEST(ifla_xdp_attrs, "IFLA_XDP_???", xdp_nla);

static const nla_fn proto_down_reason_nla[] = {
	[IFLA_PROTO_DOWN_REASON_MASK] = nla_x32,
	[IFLA_PROTO_DOWN_REASON_VALUE] = nla_x32,
};
const struct nl_nest rt_proto_down_reason_nest =
	NL_NEST(ifla_proto_down_reason_attrs, "IFLA_PROTO_DOWN_REASON_???",
		proto_down_reason_nla);

/* --- IFLA_AF_SPEC ----------------------------------------------------- */

NLA_XLAT(nla_bridge_flags, bridge_flags, "BRIDGE_FLAGS_???", 2, flags)
NLA_XLAT(nla_bridge_mode, bridge_modes, "BRIDGE_MODE_???", 2, xval)
NLA_XLAT(nla_vlan_flags, bridge_vlan_info_flags, "BRIDGE_VLAN_INFO_???", 2,
	 flags)

static const struct nla_xlat vlan_flags_x = {
	bridge_vlan_info_flags, "BRIDGE_VLAN_INFO_???", 2
};
static const struct nl_field vlan_info_f[] = {
	NL_F(struct bridge_vlan_info, flags, NF_FLAGS, &vlan_flags_x),
	NL_F(struct bridge_vlan_info, vid, NF_U, NULL),
};
static const struct nl_struct vlan_info_s = {
	sizeof(struct bridge_vlan_info), 0, vlan_info_f,
	ARRAY_LEN(vlan_info_f), true
};

static const nla_fn vlan_tunnel_nla[] = {
	[IFLA_BRIDGE_VLAN_TUNNEL_ID] = nla_u32,
	[IFLA_BRIDGE_VLAN_TUNNEL_VID] = nla_u16,
	[IFLA_BRIDGE_VLAN_TUNNEL_FLAGS] = nla_vlan_flags,
};
static const struct nl_nest vlan_tunnel_nest =
	NL_NEST(ifla_bridge_vlan_tunnel_attrs, "IFLA_BRIDGE_VLAN_TUNNEL_???",
		vlan_tunnel_nla);

static const nla_fn bridge_nla[] = {
	[IFLA_BRIDGE_FLAGS] = nla_bridge_flags,
	[IFLA_BRIDGE_MODE] = nla_bridge_mode,
	[IFLA_BRIDGE_VLAN_INFO] = nla_struct,
	[IFLA_BRIDGE_VLAN_TUNNEL_INFO] = nla_nested,
};
static const void *const bridge_opaque[ARRAY_LEN(bridge_nla)] = {
	[IFLA_BRIDGE_VLAN_INFO] = &vlan_info_s,
	[IFLA_BRIDGE_VLAN_TUNNEL_INFO] = &vlan_tunnel_nest,
};
static const struct nl_nest bridge_nest =
	NL_NEST_O(ifla_bridge_attrs, "IFLA_BRIDGE_???", bridge_nla,
		  bridge_opaque);

/* IFLA_INET_CONF: element i is IPV4_DEVCONF_* i + 1. */
static const struct nla_indexed ipv4_devconf_ix = {
	ipv4_devconf_indices, "IPV4_DEVCONF_???", 4, true, 1
};
static const nla_fn inet_nla[] = {
	[IFLA_INET_CONF] = nla_indexed,
};
static const void *const inet_opaque[ARRAY_LEN(inet_nla)] = {
	[IFLA_INET_CONF] = &ipv4_devconf_ix,
};
static const struct nl_nest inet_nest =
	NL_NEST_O(ifla_inet_attrs, "IFLA_INET_???", inet_nla, inet_opaque);

static const nla_fn mctp_nla[] = {
	[IFLA_MCTP_NET] = nla_u32,
};
static const struct nl_nest mctp_nest =
	NL_NEST(ifla_mctp_attrs, "IFLA_MCTP_???", mctp_nla);

static const nla_fn af_nla[AF_MCTP + 1] = {
	[AF_INET] = nla_nested,
	[AF_INET6] = nla_nested,
	[AF_MCTP] = nla_nested,
};
static const void *const af_opaque[ARRAY_LEN(af_nla)] = {
	[AF_INET] = &inet_nest,
	[AF_INET6] = &rt_inet6_nest,
	[AF_MCTP] = &mctp_nest,
};
static const struct nl_nest af_nest =
	NL_NEST_O(addrfams, "AF_???", af_nla, af_opaque);

/* A bridge's set for AF_BRIDGE messages, else a set per family. */
bool nla_ifla_af_spec(struct tcb *tcp, uint64_t addr, unsigned int len,
		      const void *opaque)
{
	(void)opaque;
	return nla_nested(tcp, addr, len,
			  rt_family == AF_BRIDGE ? &bridge_nest : &af_nest);
}
