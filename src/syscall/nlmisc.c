/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink message types and their flags, protocol by protocol: tables
 * for most, the nfnetlink "subsystem<<8|message" pair, and the dynamic
 * family ids of NETLINK_GENERIC, which the kernel's "nlctrl" family
 * names (asked once, from the tracer's own socket, as strace does).
 */
#include "config.h"

#include <linux/genetlink.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netlink.h>
#include <linux/selinux_netlink.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "syscall/defs.h"
#include "syscall/netlink.h"
#include "xlat/tables/nf_acct_types.h"
#include "xlat/tables/nf_batch_types.h"
#include "xlat/tables/nf_compat_types.h"
#include "xlat/tables/nf_cthelper_types.h"
#include "xlat/tables/nf_ctnetlink_exp_types.h"
#include "xlat/tables/nf_ctnetlink_types.h"
#include "xlat/tables/nf_cttimeout_types.h"
#include "xlat/tables/nf_ipset_types.h"
#include "xlat/tables/nf_nftables_types.h"
#include "xlat/tables/nf_osf_types.h"
#include "xlat/tables/nf_queue_types.h"
#include "xlat/tables/nf_ulog_types.h"
#include "xlat/tables/nl_audit_types.h"
#include "xlat/tables/nl_crypto_types.h"
#include "xlat/tables/nl_flags_del.h"
#include "xlat/tables/nl_flags_get.h"
#include "xlat/tables/nl_flags_new.h"
#include "xlat/tables/nl_netfilter_subsys.h"
#include "xlat/tables/nl_route_types.h"
#include "xlat/tables/nl_sock_diag_types.h"
#include "xlat/tables/nl_selinux_types.h"
#include "xlat/tables/nl_xfrm_types.h"

/*
 * The kind of a message by its name: a GET takes the dump flags, a NEW
 * the create flags, a DEL the delete flags (the kernel reads the high
 * flag bits by the kind of request, include/uapi/linux/netlink.h).
 */
static const struct xlat *flags_by_name(const char *name)
{
	if (!name)
		return NULL;
	if (strstr(name, "GET"))
		return nl_flags_get;
	if (strstr(name, "NEW"))
		return nl_flags_new;
	if (strstr(name, "DEL"))
		return nl_flags_del;
	return NULL;
}

/* --- NETLINK_ROUTE: the low two bits of RTM_* tell the kind ----------- */

static const struct xlat *route_flags(uint16_t type)
{
	/* RTM_DELACTION takes NLM_F_ROOT: net/sched/act_api.c */
	if (type == 49)
		return nl_flags_get;
	switch (type & 3) {
	case 0:
		return nl_flags_new;
	case 1:
		return nl_flags_del;
	case 2:
		return nl_flags_get;
	}
	return NULL;
}

/* --- NETLINK_SOCK_DIAG ------------------------------------------------ */

static const struct xlat *sock_diag_flags(uint16_t type)
{
	return type == 20 ? nl_flags_get : type == 21 ? nl_flags_del : NULL;
}

static const struct xlat *xfrm_flags(uint16_t type)
{
	return flags_by_name(xlat_name(nl_xfrm_types, type));
}

static const struct xlat *crypto_flags(uint16_t type)
{
	return flags_by_name(xlat_name(nl_crypto_types, type));
}

/* --- NETLINK_NETFILTER ------------------------------------------------ */

static const struct {
	const struct xlat *x;
	const char *dflt;
} nf_subsys[] = {
	[NFNL_SUBSYS_CTNETLINK] = { nf_ctnetlink_types, "IPCTNL_MSG_CT_???" },
	[NFNL_SUBSYS_CTNETLINK_EXP] = { nf_ctnetlink_exp_types,
					"IPCTNL_MSG_EXP_???" },
	[NFNL_SUBSYS_QUEUE] = { nf_queue_types, "NFQNL_MSG_???" },
	[NFNL_SUBSYS_ULOG] = { nf_ulog_types, "NFULNL_MSG_???" },
	[NFNL_SUBSYS_OSF] = { nf_osf_types, "OSF_MSG_???" },
	[NFNL_SUBSYS_IPSET] = { nf_ipset_types, "IPSET_CMD_???" },
	[NFNL_SUBSYS_ACCT] = { nf_acct_types, "NFNL_MSG_ACCT_???" },
	[NFNL_SUBSYS_CTNETLINK_TIMEOUT] = { nf_cttimeout_types,
					    "IPCTNL_MSG_TIMEOUT_???" },
	[NFNL_SUBSYS_CTHELPER] = { nf_cthelper_types,
				   "NFNL_MSG_CTHELPER_???" },
	[NFNL_SUBSYS_NFTABLES] = { nf_nftables_types, "NFT_MSG_???" },
	[NFNL_SUBSYS_NFT_COMPAT] = { nf_compat_types, "NFNL_MSG_COMPAT_???" },
};

static void netfilter_type(struct tcb *tcp, uint16_t type)
{
	unsigned int sub = type >> 8, msg = type & 0xff;
	const char *sname = xlat_name(nl_netfilter_subsys, sub);
	const char *mname = NULL, *mdflt = NULL;
	char text[160], s[64], m[80];

	if (xlat_name(nf_batch_types, type)) {
		print_xval(tcp, nf_batch_types, type, NULL);
		return;
	}
	if (sub < sizeof(nf_subsys) / sizeof(nf_subsys[0]) &&
	    nf_subsys[sub].x) {
		mname = xlat_name(nf_subsys[sub].x, msg);
		mdflt = nf_subsys[sub].dflt;
	}
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		snprintf(text, sizeof(text), "%#x<<8|%#x", sub, msg);
		emit_sym(tcp, type, text);
		return;
	}
	/* -X verbose shows each part as a number and its name */
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		sprint_xval(s, sizeof(s), nl_netfilter_subsys, sub,
			    "NFNL_SUBSYS_???");
		if (mdflt)
			sprint_xval(m, sizeof(m), nf_subsys[sub].x, msg, mdflt);
		else
			snprintf(m, sizeof(m), "%#x", msg);
		snprintf(text, sizeof(text), "%s<<8|%s", s, m);
		emit_sym(tcp, type, text);
		return;
	}
	if (sname)
		snprintf(s, sizeof(s), "%s", sname);
	else
		snprintf(s, sizeof(s), "%#x /* NFNL_SUBSYS_??? */", sub);
	if (mname)
		snprintf(m, sizeof(m), "%s", mname);
	else if (mdflt)
		snprintf(m, sizeof(m), "%#x /* %s */", msg, mdflt);
	else
		snprintf(m, sizeof(m), "%#x", msg);
	snprintf(text, sizeof(text), "%s<<8|%s", s, m);
	print_named(tcp, type, text, false);
}

static const struct xlat *netfilter_flags(uint16_t type)
{
	unsigned int sub = type >> 8;

	if (sub < sizeof(nf_subsys) / sizeof(nf_subsys[0]) && nf_subsys[sub].x)
		return flags_by_name(xlat_name(nf_subsys[sub].x, type & 0xff));
	return NULL;
}

/*
 * struct nfgenmsg, then attributes strace does not name.  res_id is a
 * subsystem id in network order: batch messages show the number, the
 * nftables subsystem its name (in either byte order).
 */
static bool netfilter_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
			   uint64_t addr, uint64_t len)
{
	struct nfgenmsg g;
	uint16_t res = 0;
	char text[64];
	bool batch = xlat_name(nf_batch_types, h->nlmsg_type) != NULL;

	(void)fd;
	if (len < sizeof(g))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &g, sizeof(g)))
		return true;
	emit_struct_begin(tcp);
	emit_field(tcp, "nfgen_family");
	nl_print_family(tcp, g.nfgen_family);
	emit_field(tcp, "version");
	if (g.version == NFNETLINK_V0)
		print_named(tcp, g.version, "NFNETLINK_V0", false);
	else
		print_xval(tcp, NULL, g.version, "NFNETLINK_???");
	emit_field(tcp, "res_id");
	memcpy(&res, &g.res_id, sizeof(res));
	if (!batch && h->nlmsg_type >> 8 == NFNL_SUBSYS_NFTABLES &&
	    res == NFNL_SUBSYS_NFTABLES) {
		print_named(tcp, res, "NFNL_SUBSYS_NFTABLES", false);
	} else {
		if (!batch && h->nlmsg_type >> 8 == NFNL_SUBSYS_NFTABLES &&
		    ntohs(res) == NFNL_SUBSYS_NFTABLES) {
			print_named(tcp, res, "htons(NFNL_SUBSYS_NFTABLES)",
				    false);
		} else {
			/* a number alone: the same whatever -X says */
			snprintf(text, sizeof(text), "htons(%u)", ntohs(res));
			emit_sym(tcp, res, text);
		}
	}
	emit_struct_end(tcp);
	if (len > NLMSG_ALIGN(sizeof(g)) && batch) {
		emit_next(tcp);
		nl_print_hex(tcp, addr + NLMSG_ALIGN(sizeof(g)),
			     len - NLMSG_ALIGN(sizeof(g)));
	} else if (len > NLMSG_ALIGN(sizeof(g))) {
		emit_next(tcp);
		nl_print_attrs(tcp, addr + NLMSG_ALIGN(sizeof(g)),
			       len - NLMSG_ALIGN(sizeof(g)), NULL, NULL, NULL,
			       0, NULL);
	}
	return true;
}

/* --- NETLINK_SELINUX -------------------------------------------------- */

static bool selinux_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
			 uint64_t addr, uint64_t len)
{
	uint32_t v;

	(void)fd;
	if ((h->nlmsg_type != SELNL_MSG_SETENFORCE &&
	     h->nlmsg_type != SELNL_MSG_POLICYLOAD) || len < sizeof(v))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
		return true;
	emit_struct_begin(tcp);
	if (h->nlmsg_type == SELNL_MSG_SETENFORCE) {
		emit_field(tcp, "val");
		emit_int(tcp, (int32_t)v);
	} else {
		emit_field(tcp, "seqno");
		emit_uint(tcp, v);
	}
	emit_struct_end(tcp);
	return true;
}

/* --- NETLINK_KOBJECT_UEVENT ----------------------------------------- */

/* The header libudev puts before the properties it sends (libudev-monitor.c). */
struct udev_monitor_netlink_header {
	char prefix[8];
	uint32_t magic;
	uint32_t header_size;
	uint32_t properties_off;
	uint32_t properties_len;
	uint32_t filter_subsystem_hash;
	uint32_t filter_devtype_hash;
	uint32_t filter_tag_bloom_hi;
	uint32_t filter_tag_bloom_lo;
};

static void print_htonl_field(struct tcb *tcp, const char *name, uint32_t v)
{
	char text[32];

	emit_field(tcp, name);
	snprintf(text, sizeof(text), "htonl(%#x)", ntohl(v));
	print_named(tcp, v, text, false);
}

/*
 * A uevent: the kernel's are text; libudev's start with its header
 * ("libudev\0" and a magic number), shown as a struct, then the rest.
 */
void nl_print_uevent(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	struct udev_monitor_netlink_header u;

	if (!addr || len < sizeof(u) || tracee_read(tcp, addr, &u, sizeof(u)) ||
	    memcmp(u.prefix, "libudev", 8) || ntohl(u.magic) != 0xfeedcafe) {
		emit_buf(tcp, addr, len);
		return;
	}
	if (len > sizeof(u))
		emit_array_begin(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "prefix");
	emit_quoted(tcp, u.prefix, 7, 0);
	print_htonl_field(tcp, "magic", u.magic);
	NL_FIELD_U(tcp, u, header_size);
	NL_FIELD_U(tcp, u, properties_off);
	NL_FIELD_U(tcp, u, properties_len);
	print_htonl_field(tcp, "filter_subsystem_hash", u.filter_subsystem_hash);
	print_htonl_field(tcp, "filter_devtype_hash", u.filter_devtype_hash);
	print_htonl_field(tcp, "filter_tag_bloom_hi", u.filter_tag_bloom_hi);
	print_htonl_field(tcp, "filter_tag_bloom_lo", u.filter_tag_bloom_lo);
	emit_struct_end(tcp);
	if (len > sizeof(u)) {
		emit_next(tcp);
		emit_buf(tcp, addr + sizeof(u), len - sizeof(u));
		emit_array_end(tcp);
	}
}

/* --- NETLINK_GENERIC -------------------------------------------------- */

#define GENL_MAX_FAMILIES 256

static struct {
	uint16_t id;
	char name[GENL_NAMSIZ];
} genl_names[GENL_MAX_FAMILIES];
static unsigned int genl_count;
static bool genl_asked;

static void genl_add(const unsigned char *p, size_t len)
{
	const struct nlattr *a;
	uint16_t id = 0;
	const char *name = NULL;

	while (len >= NLA_HDRLEN) {
		a = (const struct nlattr *)p;
		if (a->nla_len < NLA_HDRLEN || a->nla_len > len)
			break;
		if (a->nla_type == CTRL_ATTR_FAMILY_ID &&
		    a->nla_len >= NLA_HDRLEN + 2)
			memcpy(&id, p + NLA_HDRLEN, 2);
		else if (a->nla_type == CTRL_ATTR_FAMILY_NAME)
			name = (const char *)p + NLA_HDRLEN;
		if ((size_t)NLA_ALIGN(a->nla_len) >= len)
			break;
		len -= NLA_ALIGN(a->nla_len);
		p += NLA_ALIGN(a->nla_len);
	}
	if (name && id && genl_count < GENL_MAX_FAMILIES) {
		genl_names[genl_count].id = id;
		snprintf(genl_names[genl_count].name, GENL_NAMSIZ, "%s", name);
		genl_count++;
	}
}

/* Dump the kernel's generic netlink families into genl_names. */
static void genl_ask(void)
{
	struct {
		struct nlmsghdr h;
		struct genlmsghdr g;
	} req = {
		.h = {
			.nlmsg_len = sizeof(req),
			.nlmsg_type = GENL_ID_CTRL,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
			.nlmsg_seq = 1,
		},
		.g = { .cmd = CTRL_CMD_GETFAMILY, .version = 1 },
	};
	static unsigned char buf[16384];
	int fd;

	genl_asked = true;
	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (fd < 0)
		return;
	if (send(fd, &req, sizeof(req), 0) < 0)
		goto out;
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		const struct nlmsghdr *h = (const struct nlmsghdr *)buf;

		if (n <= 0)
			break;
		for (; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_type == NLMSG_DONE ||
			    h->nlmsg_type == NLMSG_ERROR)
				goto out;
			if (h->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN))
				continue;
			genl_add((const unsigned char *)NLMSG_DATA(h) +
					 GENL_HDRLEN,
				 h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN));
		}
	}
out:
	close(fd);
}

static void generic_type(struct tcb *tcp, uint16_t type)
{
	char text[GENL_NAMSIZ + 8];

	if (!genl_asked)
		genl_ask();
	for (unsigned int i = 0; i < genl_count; i++) {
		if (genl_names[i].id == type) {
			snprintf(text, sizeof(text), "%s", genl_names[i].name);
			print_named(tcp, type, text, false);
			return;
		}
	}
	emit_hex(tcp, type);
}

/* --- the table -------------------------------------------------------- */

static const struct nl_proto protos[] = {
	[NETLINK_ROUTE] = { nl_route_types, "RTM_???", route_flags, NULL,
			    nl_route_body },
	[NETLINK_SOCK_DIAG] = { nl_sock_diag_types, "SOCK_DIAG_???",
				sock_diag_flags, NULL, nl_sock_diag_body },
	[NETLINK_XFRM] = { nl_xfrm_types, "XFRM_MSG_???", xfrm_flags, NULL,
			   NULL },
	[NETLINK_SELINUX] = { nl_selinux_types, "SELNL_MSG_???", NULL, NULL,
			      selinux_body },
	[NETLINK_AUDIT] = { nl_audit_types, "AUDIT_???", NULL, NULL, NULL },
	[NETLINK_NETFILTER] = { NULL, NULL, netfilter_flags, netfilter_type,
				netfilter_body },
	[NETLINK_GENERIC] = { NULL, NULL, NULL, generic_type, NULL },
	[NETLINK_CRYPTO] = { nl_crypto_types, "CRYPTO_MSG_???", crypto_flags,
			     NULL, NULL },
};

const struct nl_proto *nl_proto_of(int family)
{
	if (family < 0 || (size_t)family >= sizeof(protos) / sizeof(protos[0]))
		return NULL;
	if (!protos[family].types && !protos[family].print_type)
		return NULL;
	return &protos[family];
}
