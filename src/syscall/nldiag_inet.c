/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The attributes of an inet_diag answer (INET_DIAG_*): memory, the
 * congestion control's info (vegas, dctcp, bbr), shutdown and protocol,
 * TCP MD5 keys, an SCTP association's addresses, the upper layer
 * protocol (ULP: its name, TLS and MPTCP subflow state), BPF socket
 * storage, and the socket options of struct inet_diag_sockopt.
 */
#include "config.h"

#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/mptcp.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <linux/tls.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "syscall/netlink.h"
#include "xlat/tables/inet_diag_attrs.h"
#include "xlat/tables/inet_protocols.h"
#include "xlat/tables/inet_ulp_info_attrs.h"
#include "xlat/tables/mptcp_subflow_attrs.h"
#include "xlat/tables/mptcp_subflow_flags.h"
#include "xlat/tables/sk_diag_bpf_storage_attrs.h"
#include "xlat/tables/sk_diag_bpf_storage_rep_attrs.h"
#include "xlat/tables/sock_shutdown_flags.h"
#include "xlat/tables/tls_ciphers.h"
#include "xlat/tables/tls_conf.h"
#include "xlat/tables/tls_info_attrs.h"
#include "xlat/tables/tls_versions.h"

static bool nla_inet_meminfo(struct tcb *tcp, uint64_t addr, unsigned int len,
			     const void *opaque)
{
	struct inet_diag_meminfo m;

	(void)opaque;
	if (len < sizeof(m))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &m, sizeof(m)))
		return true;
	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, m, idiag_rmem);
	NL_FIELD_U(tcp, m, idiag_wmem);
	NL_FIELD_U(tcp, m, idiag_fmem);
	NL_FIELD_U(tcp, m, idiag_tmem);
	emit_struct_end(tcp);
	return true;
}

/* --- congestion control ----------------------------------------------- */

static const struct nl_field vegas_f[] = {
	NL_F(struct tcpvegas_info, tcpv_enabled, NF_U, NULL),
	NL_F(struct tcpvegas_info, tcpv_rttcnt, NF_U, NULL),
	NL_F(struct tcpvegas_info, tcpv_rtt, NF_U, NULL),
	NL_F(struct tcpvegas_info, tcpv_minrtt, NF_U, NULL),
};
static const struct nl_struct vegas_s = {
	sizeof(struct tcpvegas_info), 0, vegas_f, ARRAY_LEN(vegas_f), false
};

static const struct nl_field dctcp_f[] = {
	NL_F(struct tcp_dctcp_info, dctcp_enabled, NF_U, NULL),
	NL_F(struct tcp_dctcp_info, dctcp_ce_state, NF_U, NULL),
	NL_F(struct tcp_dctcp_info, dctcp_alpha, NF_U, NULL),
	NL_F(struct tcp_dctcp_info, dctcp_ab_ecn, NF_U, NULL),
	NL_F(struct tcp_dctcp_info, dctcp_ab_tot, NF_U, NULL),
};
static const struct nl_struct dctcp_s = {
	sizeof(struct tcp_dctcp_info), 0, dctcp_f, ARRAY_LEN(dctcp_f), false
};

static const struct nl_field bbr_f[] = {
	NL_F(struct tcp_bbr_info, bbr_bw_lo, NF_X, NULL),
	NL_F(struct tcp_bbr_info, bbr_bw_hi, NF_X, NULL),
	NL_F(struct tcp_bbr_info, bbr_min_rtt, NF_U, NULL),
	NL_F(struct tcp_bbr_info, bbr_pacing_gain, NF_U, NULL),
	NL_F(struct tcp_bbr_info, bbr_cwnd_gain, NF_U, NULL),
};
static const struct nl_struct bbr_s = {
	sizeof(struct tcp_bbr_info), 0, bbr_f, ARRAY_LEN(bbr_f), false
};

/* --- shutdown, protocol, socket options -------------------------------- */

/*
 * INET_DIAG_SHUTDOWN: strace 6.1 shows the number with its flags in a
 * comment, in the -X verbose form even without it ("0x3 /\*
 * RCV_SHUTDOWN|SEND_SHUTDOWN *\/"); 0 as a plain 0, -X raw the number.
 */
static bool nla_inet_shutdown(struct tcb *tcp, uint64_t addr,
			      unsigned int len, const void *opaque)
{
	uint8_t v;
	char text[96] = "";
	size_t n = 0;
	unsigned int rest;

	(void)opaque;
	if (len < sizeof(v))
		return false;
	if (nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
		return true;
	if (!v) {
		emit_uint(tcp, 0);
		return true;
	}
	rest = v;
	for (const struct xlat *x = sock_shutdown_flags; x->name; x++) {
		if (!x->val || (rest & x->val) != x->val)
			continue;
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%s",
				      n ? "|" : "", x->name);
		rest &= ~(unsigned int)x->val;
	}
	if (!n)
		snprintf(text, sizeof(text), "???_SHUTDOWN");
	else if (rest)
		snprintf(text + n, sizeof(text) - n, "|%#x", rest);
	emit_hex(tcp, v);
	if (cfg.xlat_style != XLAT_STYLE_RAW)
		emit_comment(tcp, text);
	return true;
}

NLA_XLAT(nla_inet_protocol, inet_protocols, "IPPROTO_???", 1, xval)

/*
 * struct inet_diag_sockopt: two bytes of one-bit fields, the set ones
 * shown (all of them with -v); the 5 unused bits when not 0; bytes past
 * the struct follow when one of them is not 0.
 */
static bool nla_inet_sockopt(struct tcb *tcp, uint64_t addr, unsigned int len,
			     const void *opaque)
{
	static const char *const bits[] = {
		"recverr", "is_icsk", "freebind", "hdrincl", "mc_loop",
		"transparent", "mc_all", "nodefrag", "bind_address_no_port",
		"recverr_rfc4884", "defer_connect",
	};
	unsigned char b[256];
	unsigned int n = len < sizeof(b) ? len : sizeof(b);
	unsigned int v, unused;
	bool tail = false;
	char text[32];

	(void)opaque;
	if (len < 2)
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, n))
		return true;
	v = b[0] | (unsigned int)b[1] << 8;
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < ARRAY_LEN(bits); i++) {
		/* -v shows the bits that are 0 too */
		if (!(v & (1U << i)) && qual_abbrev(tcp))
			continue;
		emit_field(tcp, bits[i]);
		emit_uint(tcp, (v >> i) & 1);
	}
	unused = b[1] >> 3;
	if (unused || !qual_abbrev(tcp)) {
		emit_field(tcp, "unused");
		emit_hex(tcp, unused);
		emit_comment(tcp, "bits 3..8");
	}
	emit_struct_end(tcp);
	for (unsigned int i = 2; i < n; i++)
		tail |= b[i] != 0;
	if (tail) {
		emit_next(tcp);
		snprintf(text, sizeof(text), "/* bytes 2..%u */ ", len - 1);
		emit_raw(tcp, text);
		nl_print_hex(tcp, addr + 2, len - 2);
	}
	return true;
}

/* --- TCP MD5 keys ------------------------------------------------------ */

static void print_md5sig(struct tcb *tcp, const void *elem, void *data)
{
	const struct tcp_diag_md5sig *m = elem;
	unsigned int keylen = m->tcpm_keylen;
	char ip[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 48];

	(void)data;
	emit_struct_begin(tcp);
	emit_field(tcp, "tcpm_family");
	nl_print_family(tcp, m->tcpm_family);
	NL_FIELD_U(tcp, *m, tcpm_prefixlen);
	NL_FIELD_U(tcp, *m, tcpm_keylen);
	if (m->tcpm_family == AF_INET)
		snprintf(text, sizeof(text), "inet_addr(\"%s\")",
			 inet_ntop(AF_INET, m->tcpm_addr, ip, sizeof(ip)));
	else if (m->tcpm_family == AF_INET6)
		snprintf(text, sizeof(text), "inet_pton(AF_INET6, \"%s\"%s)",
			 inet_ntop(AF_INET6, m->tcpm_addr, ip, sizeof(ip)),
			 cfg.xlat_style == XLAT_STYLE_ABBREV ? ", &tcpm_addr"
							     : "");
	else
		text[0] = '\0';
	if (text[0] && cfg.xlat_style == XLAT_STYLE_ABBREV) {
		/* strace names the field inside the call it shows */
		if (m->tcpm_family == AF_INET6)
			emit_next(tcp);
		else
			emit_field(tcp, "tcpm_addr");
		emit_raw(tcp, text);
	} else {
		/* the whole 16 bytes, the address in a comment with -X verbose */
		emit_field(tcp, "tcpm_addr");
		emit_quoted(tcp, (const char *)m->tcpm_addr,
			    sizeof(m->tcpm_addr), QUOTE_FORCE_HEX);
		if (text[0] && cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, text);
	}
	emit_field(tcp, "tcpm_key");
	if (keylen > sizeof(m->tcpm_key))
		keylen = sizeof(m->tcpm_key);
	emit_quoted(tcp, (const char *)m->tcpm_key, keylen, QUOTE_FORCE_HEX);
	emit_struct_end(tcp);
}

static bool nla_md5sig(struct tcb *tcp, uint64_t addr, unsigned int len,
		       const void *opaque)
{
	const size_t size = sizeof(struct tcp_diag_md5sig);

	(void)opaque;
	if (len < size)
		return false;
	print_array(tcp, addr, len / size, size, print_md5sig, NULL);
	return true;
}

/* INET_DIAG_LOCALS, INET_DIAG_PEERS: struct sockaddr_storage each. */
static void print_sockaddr_elem(struct tcb *tcp, const void *elem,
				void *data)
{
	(void)data;
	print_sockaddr_data(tcp, elem, sizeof(struct sockaddr_storage));
}

static bool nla_sockaddrs(struct tcb *tcp, uint64_t addr, unsigned int len,
			  const void *opaque)
{
	const size_t size = sizeof(struct sockaddr_storage);

	(void)opaque;
	if (len < size)
		return false;
	print_array(tcp, addr, len / size, size, print_sockaddr_elem, NULL);
	return true;
}

/* --- upper layer protocol ---------------------------------------------- */

/* The name: its bytes, a final NUL left out, "..." when there is none. */
static bool nla_ulp_name(struct tcb *tcp, uint64_t addr, unsigned int len,
			 const void *opaque)
{
	unsigned char last = 0;

	(void)opaque;
	if (len && nl_fetch(tcp, addr + len - 1, &last, 1))
		last = 0;
	nl_print_str(tcp, addr, len,
		     QUOTE_OMIT_TRAILING_0 | (last ? QUOTE_ELLIPSIS : 0));
	return true;
}

NLA_XLAT(nla_tls_version, tls_versions, "TLS_???_VERSION", 2, xval)
NLA_XLAT(nla_tls_cipher, tls_ciphers, "TLS_CIPHER_???", 2, xval)
NLA_XLAT(nla_tls_conf, tls_conf, "TLS_CONF_???", 2, xval)

static const nla_fn tls_nla[] = {
	[TLS_INFO_VERSION] = nla_tls_version,
	[TLS_INFO_CIPHER] = nla_tls_cipher,
	[TLS_INFO_TXCONF] = nla_tls_conf,
	[TLS_INFO_RXCONF] = nla_tls_conf,
};
static const struct nl_nest tls_nest =
	NL_NEST(tls_info_attrs, "TLS_INFO_???", tls_nla);

NLA_XLAT(nla_mptcp_flags, mptcp_subflow_flags, "MPTCP_SUBFLOW_FLAG_???", 4,
	 flags)

static const nla_fn mptcp_nla[] = {
	[MPTCP_SUBFLOW_ATTR_TOKEN_REM] = nla_x32,
	[MPTCP_SUBFLOW_ATTR_TOKEN_LOC] = nla_x32,
	[MPTCP_SUBFLOW_ATTR_RELWRITE_SEQ] = nla_u32,
	[MPTCP_SUBFLOW_ATTR_MAP_SEQ] = nla_u64,
	[MPTCP_SUBFLOW_ATTR_MAP_SFSEQ] = nla_u32,
	[MPTCP_SUBFLOW_ATTR_SSN_OFFSET] = nla_u32,
	[MPTCP_SUBFLOW_ATTR_MAP_DATALEN] = nla_u16,
	[MPTCP_SUBFLOW_ATTR_FLAGS] = nla_mptcp_flags,
	[MPTCP_SUBFLOW_ATTR_ID_REM] = nla_u8,
	[MPTCP_SUBFLOW_ATTR_ID_LOC] = nla_u8,
};
static const struct nl_nest mptcp_nest =
	NL_NEST(mptcp_subflow_attrs, "MPTCP_SUBFLOW_ATTR_???", mptcp_nla);

static const nla_fn ulp_nla[] = {
	[INET_ULP_INFO_NAME] = nla_ulp_name,
	[INET_ULP_INFO_TLS] = nla_nested,
	[INET_ULP_INFO_MPTCP] = nla_nested,
};
static const void *const ulp_opaque[ARRAY_LEN(ulp_nla)] = {
	[INET_ULP_INFO_TLS] = &tls_nest,
	[INET_ULP_INFO_MPTCP] = &mptcp_nest,
};
static const struct nl_nest ulp_nest =
	NL_NEST_O(inet_ulp_info_attrs, "INET_ULP_INFO_???", ulp_nla, ulp_opaque);

/* --- BPF socket storage ------------------------------------------------ */

/* A map value of 1, 2, 4 or 8 bytes is a number, others hex bytes. */
static bool nla_storage_value(struct tcb *tcp, uint64_t addr, unsigned int len,
			      const void *opaque)
{
	(void)opaque;
	switch (len) {
	case 1:
		return nla_x8(tcp, addr, len, NULL);
	case 2:
		return nla_x16(tcp, addr, len, NULL);
	case 4:
		return nla_x32(tcp, addr, len, NULL);
	case 8:
		return nla_x64(tcp, addr, len, NULL);
	}
	return false;
}

static const nla_fn storage_nla[] = {
	[SK_DIAG_BPF_STORAGE_MAP_ID] = nla_u32,
	[SK_DIAG_BPF_STORAGE_MAP_VALUE] = nla_storage_value,
};
static const struct nl_nest storage_nest =
	NL_NEST(sk_diag_bpf_storage_attrs, "SK_DIAG_BPF_STORAGE_???",
		storage_nla);

static const nla_fn storages_nla[] = {
	[SK_DIAG_BPF_STORAGE] = nla_nested,
};
static const void *const storages_opaque[ARRAY_LEN(storages_nla)] = {
	[SK_DIAG_BPF_STORAGE] = &storage_nest,
};
static const struct nl_nest storages_nest =
	NL_NEST_O(sk_diag_bpf_storage_rep_attrs, "SK_DIAG_BPF_STORAGE_???",
		  storages_nla, storages_opaque);

/* --- INET_DIAG_* -------------------------------------------------------- */

static const nla_fn inet_msg_nla[] = {
	[INET_DIAG_MEMINFO] = nla_inet_meminfo,
	[INET_DIAG_VEGASINFO] = nla_struct,
	[INET_DIAG_CONG] = nla_str,
	[INET_DIAG_TOS] = nla_u8,
	[INET_DIAG_TCLASS] = nla_u8,
	[INET_DIAG_SKMEMINFO] = nla_meminfo,
	[INET_DIAG_SHUTDOWN] = nla_inet_shutdown,
	[INET_DIAG_DCTCPINFO] = nla_struct,
	[INET_DIAG_PROTOCOL] = nla_inet_protocol,
	[INET_DIAG_SKV6ONLY] = nla_u8,
	[INET_DIAG_LOCALS] = nla_sockaddrs,
	[INET_DIAG_PEERS] = nla_sockaddrs,
	[INET_DIAG_MARK] = nla_u32,
	[INET_DIAG_BBRINFO] = nla_struct,
	[INET_DIAG_CLASS_ID] = nla_u32,
	[INET_DIAG_MD5SIG] = nla_md5sig,
	[INET_DIAG_ULP_INFO] = nla_nested,
	[INET_DIAG_SK_BPF_STORAGES] = nla_nested,
	[INET_DIAG_CGROUP_ID] = nla_u64,
	[INET_DIAG_SOCKOPT] = nla_inet_sockopt,
};
static const void *const inet_msg_opaque[ARRAY_LEN(inet_msg_nla)] = {
	[INET_DIAG_VEGASINFO] = &vegas_s,
	[INET_DIAG_DCTCPINFO] = &dctcp_s,
	[INET_DIAG_BBRINFO] = &bbr_s,
	[INET_DIAG_ULP_INFO] = &ulp_nest,
	[INET_DIAG_SK_BPF_STORAGES] = &storages_nest,
};
const struct nl_nest nl_inet_diag_msg_nest =
	NL_NEST_O(inet_diag_attrs, "INET_DIAG_???", inet_msg_nla,
		  inet_msg_opaque);
