/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The rarer socket address families strace decodes: AF_IPX, AF_AX25,
 * AF_X25, AF_RXRPC (with its nested transport address), AF_IEEE802154,
 * AF_ALG, AF_NFC, AF_VSOCK, AF_QIPCRTR, AF_XDP and AF_MCTP.  Layouts are
 * those of the uapi headers; a buffer shorter than its family's layout
 * prints as sa_data (the caller's fallback).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "syscall/defs.h"
#include "syscall/net.h"
#include "syscall/sockaddr_fam.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/crypto_alg_flags.h"
#include "xlat/tables/ieee802154_addr_types.h"
#include "xlat/tables/mctp_addrs.h"
#include "xlat/tables/mctp_nets.h"
#include "xlat/tables/nfc_protocols.h"
#include "xlat/tables/qrtr_nodes.h"
#include "xlat/tables/qrtr_ports.h"
#include "xlat/tables/rxrpc_services.h"
#include "xlat/tables/sockaddr_xdp_flags.h"
#include "xlat/tables/socktypes.h"
#include "xlat/tables/vmaddr_cids.h"
#include "xlat/tables/vmaddr_flags.h"
#include "xlat/tables/vmaddr_ports.h"

#ifndef AF_MCTP
# define AF_MCTP	45
#endif
#ifndef AF_XDP
# define AF_XDP		44
#endif
#ifndef AF_QIPCRTR
# define AF_QIPCRTR	42
#endif

/* Sizes of the uapi layouts. */
#define SIPX_LEN	16
#define SAX25_LEN	16
#define AX25_ADDR_LEN	7
#define AX25_MAX_DIGIS	8
#define SX25_LEN	18
#define X25_ADDR_LEN	16
#define SRX_LEN		36
#define SRX_TRANSPORT	8
#define SRX_TRANSPORT_MAX 28
#define SIEEE_LEN	20
#define SALG_HDR_LEN	24
#define SALG_TYPE_LEN	14
#define SALG_NAME_LEN	64
#define SNFC_LEN	16
#define NFC_SN_LEN	63
#define SVM_LEN		16
#define SQRTR_LEN	12
#define SXDP_LEN	16
#define SMCTP_LEN	12

static uint16_t get16be(const unsigned char *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint64_t get64(const unsigned char *p)
{
	return get32(p) | (uint64_t)get32(p + 4) << 32;
}

/*
 * A fixed-size char array: up to its NUL, or, with none in the n bytes,
 * all but the last and "..." (strace's way with such arrays).
 */
static void print_char_array(struct tcb *tcp, const char *field,
			     const unsigned char *p, size_t n)
{
	const void *nul = memchr(p, 0, n);

	emit_field(tcp, field);
	if (nul)
		emit_quoted(tcp, (const char *)p,
			    (size_t)((const unsigned char *)nul - p), 0);
	else
		emit_quoted(tcp, (const char *)p, n ? n - 1 : 0,
			    QUOTE_ELLIPSIS);
}

/*
 * A number strace shows in hex with the name of its special value in a
 * comment, whatever -X says but raw.
 */
static void print_hex_named(struct tcb *tcp, const char *field, uint64_t val,
			    const char *name)
{
	emit_field(tcp, field);
	emit_hex(tcp, val);
	if (name && cfg.xlat_style != XLAT_STYLE_RAW)
		emit_comment(tcp, name);
}

/* A constant strace shows as a number with its name in a comment. */
static void print_xval_commented(struct tcb *tcp, const struct xlat *x,
				 uint64_t val, const char *dflt)
{
	const char *name = xlat_name(x, val);

	emit_hex(tcp, val);
	if (cfg.xlat_style != XLAT_STYLE_RAW)
		emit_comment(tcp, name ? name : dflt);
}

/* Like print_xval, but an unknown value is the bare number. */
static void print_xval_bare(struct tcb *tcp, const char *field,
			    const struct xlat *x, uint64_t val)
{
	emit_field(tcp, field);
	if (xlat_name(x, val))
		print_xval(tcp, x, val, NULL);
	else
		emit_hex(tcp, val);
}

static void print_sockaddr_ipx(struct tcb *tcp, const unsigned char *buf)
{
	char expr[32];

	print_port(tcp, "sipx_port", buf + 2);
	snprintf(expr, sizeof(expr), "htonl(%#x)",
		 (unsigned)get16be(buf + 4) << 16 | get16be(buf + 6));
	/* strace shows the network as an expression in every -X style. */
	emit_field(tcp, "sipx_network");
	emit_raw(tcp, expr);
	emit_field(tcp, "sipx_node");
	emit_array_begin(tcp);
	for (int i = 0; i < 6; i++) {
		emit_next(tcp);
		emit_hex(tcp, buf[8 + i]);
	}
	emit_array_end(tcp);
	emit_field(tcp, "sipx_type");
	emit_hex(tcp, buf[14]);
	if (buf[15]) {
		emit_field(tcp, "sipx_zero");
		emit_hex(tcp, buf[15]);
	}
}

/*
 * An AX.25 address: six characters shifted left by one, space padded,
 * then the SSID in bits 1-4.  The canonical ones (upper case letters and
 * digits, then spaces) read "CALL-SSID", the null address "*", others
 * their bytes with what they spell in a comment when it is printable.
 * -X verbose shows the bytes of all with the text in a comment, -X raw
 * the bytes alone for those two.
 */
static void print_ax25_bytes(struct tcb *tcp, const unsigned char *c)
{
	emit_next(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "ax25_call");
	emit_quoted(tcp, (const char *)c, AX25_ADDR_LEN, QUOTE_FORCE_HEX);
	emit_struct_end(tcp);
}

/* A canonical or null address, text in the -X style. */
static void print_ax25_named(struct tcb *tcp, const unsigned char *c,
			     const char *text)
{
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_next(tcp);
		emit_raw(tcp, text);
		return;
	}
	print_ax25_bytes(tcp, c);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		emit_comment(tcp, text);
}

static void print_ax25_addr(struct tcb *tcp, const unsigned char *c)
{
	char call[16];
	size_t n = 6;
	int canon = 1, printable = 1;

	if (!memcmp(c, "\x40\x40\x40\x40\x40\x40\x00", AX25_ADDR_LEN)) {
		print_ax25_named(tcp, c, "*");
		return;
	}
	while (n && c[n - 1] == 0x40)
		n--;
	if (!n || (c[6] & ~0x1e))
		canon = 0;
	for (size_t i = 0; i < 6; i++) {
		unsigned char ch = c[i] >> 1;

		if (c[i] & 1)
			canon = 0;
		if (ch < 0x20 || ch >= 0x7f)
			printable = 0;
		if (i < n && !((ch >= 'A' && ch <= 'Z') ||
			       (ch >= '0' && ch <= '9')))
			canon = 0;
		call[i] = (char)ch;
	}
	while (n && call[n - 1] == ' ')
		n--;
	snprintf(call + n, sizeof(call) - n, "-%u", (c[6] >> 1) & 0xf);
	if (canon) {
		print_ax25_named(tcp, c, call);
		return;
	}
	print_ax25_bytes(tcp, c);
	/* What would close the comment early is left unsaid. */
	if (printable && !strstr(call, "*/"))
		emit_comment(tcp, call);
}

static void print_sockaddr_ax25_call(struct tcb *tcp,
				     const unsigned char *buf, int32_t ndigis)
{
	emit_field(tcp, "sax25_call");
	print_ax25_addr(tcp, buf + 2);
	emit_field(tcp, "sax25_ndigis");
	emit_int(tcp, ndigis);
}

static void print_sockaddr_ax25(struct tcb *tcp, const unsigned char *buf,
				size_t len)
{
	int32_t ndigis = (int32_t)get32(buf + 12);
	size_t avail = (len - SAX25_LEN) / AX25_ADDR_LEN;
	size_t want, i;

	if (!ndigis && len == SAX25_LEN) {
		print_sockaddr_ax25_call(tcp, buf, ndigis);
		return;
	}
	emit_field(tcp, "fsa_ax25");
	emit_struct_begin(tcp);
	print_sockaddr_ax25_call(tcp, buf, ndigis);
	emit_struct_end(tcp);
	if (avail > AX25_MAX_DIGIS)
		avail = AX25_MAX_DIGIS;
	want = ndigis < 0 || ndigis > AX25_MAX_DIGIS ? AX25_MAX_DIGIS :
						       (size_t)ndigis;
	emit_field(tcp, "fsa_digipeater");
	emit_array_begin(tcp);
	for (i = 0; i < want && i < avail; i++)
		print_ax25_addr(tcp, buf + SAX25_LEN + i * AX25_ADDR_LEN);
	if (i < want)
		emit_more(tcp);
	emit_array_end(tcp);
	/* Bytes past the digipeaters printed, or past the last whole one. */
	if (len > SAX25_LEN + avail * AX25_ADDR_LEN)
		emit_more(tcp);
}

/* AF_RXRPC's transport: an IPv4 or IPv6 address, or a family and bytes. */
static void print_rxrpc_transport(struct tcb *tcp, const unsigned char *t,
				  size_t tlen)
{
	unsigned int family = get16(t);

	emit_field(tcp, "transport");
	emit_struct_begin(tcp);
	if (family == AF_INET || family == AF_INET6) {
		int in6 = family == AF_INET6;

		emit_field(tcp, in6 ? "sin6" : "sin");
		emit_struct_begin(tcp);
		emit_field(tcp, in6 ? "sin6_family" : "sin_family");
		print_xval(tcp, addrfams, family, "AF_???");
		if (!in6 && tlen >= 16) {
			print_sockaddr_in(tcp, t);
		} else if (in6 && tlen >= 24) {
			print_sockaddr_in6(tcp, t, tlen);
		} else if (tlen > 2) {
			emit_next(tcp);
			emit_quoted(tcp, (const char *)t + 2, tlen - 2, 0);
		}
		emit_struct_end(tcp);
	} else {
		emit_field(tcp, "family");
		print_xval(tcp, addrfams, family, "AF_???");
		if (tlen > 2) {
			emit_next(tcp);
			emit_quoted(tcp, (const char *)t + 2, tlen - 2, 0);
		}
	}
	emit_struct_end(tcp);
}

static void print_sockaddr_rxrpc(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int tlen = get16(buf + 6);

	emit_field(tcp, "srx_service");
	print_xval_commented(tcp, rxrpc_services, get16(buf + 2), "???_SERVICE");
	emit_field(tcp, "transport_type");
	print_xval(tcp, socktypes, get16(buf + 4), "SOCK_???");
	emit_field(tcp, "transport_len");
	emit_uint(tcp, tlen);
	print_rxrpc_transport(tcp, buf + SRX_TRANSPORT,
			      tlen < SRX_TRANSPORT_MAX ? tlen :
							 SRX_TRANSPORT_MAX);
}

static void print_sockaddr_ieee802154(struct tcb *tcp,
				      const unsigned char *buf)
{
	uint32_t type = get32(buf + 4);
	unsigned int pan = get16(buf + 8);

	emit_field(tcp, "addr");
	emit_struct_begin(tcp);
	emit_field(tcp, "addr_type");
	print_xval_commented(tcp, ieee802154_addr_types, type,
		   "IEEE802154_ADDR_???");
	print_hex_named(tcp, "pan_id", pan,
			pan == 0xffff ? "IEEE802154_PANID_BROADCAST" : NULL);
	if (type == 2) {
		unsigned int sa = get16(buf + 10);

		print_hex_named(tcp, "short_addr", sa,
				sa == 0xfffe ? "IEEE802154_ADDR_UNDEF" :
				sa == 0xffff ? "IEEE802154_ADDR_BROADCAST" :
				NULL);
	} else if (type) {
		char mac[3 * 8];
		size_t o = 0;

		for (int i = 0; i < 8; i++)
			o += (size_t)snprintf(mac + o, sizeof(mac) - o,
					      "%s%02x", i ? ":" : "",
					      buf[10 + i]);
		emit_field(tcp, "hwaddr");
		if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
			emit_raw(tcp, mac);
		} else {
			emit_quoted(tcp, (const char *)buf + 10, 8,
				    QUOTE_FORCE_HEX);
			if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
				emit_comment(tcp, mac);
		}
	}
	emit_struct_end(tcp);
}

/* salg_feat and salg_mask: the flag names in a comment but with -X raw. */
static void print_alg_flags(struct tcb *tcp, const char *field, uint32_t v)
{
	char text[128];

	emit_field(tcp, field);
	emit_hex(tcp, v);
	if (!v || cfg.xlat_style == XLAT_STYLE_RAW)
		return;
	if (!(v & 0x1000))
		snprintf(text, sizeof(text), "CRYPTO_ALG_???");
	else
		sprint_flags_abbrev(text, sizeof(text), crypto_alg_flags, v,
				    NULL);
	emit_comment(tcp, text);
}

static void print_sockaddr_alg(struct tcb *tcp, const unsigned char *buf,
			       size_t len)
{
	size_t nlen = len - SALG_HDR_LEN;

	print_char_array(tcp, "salg_type", buf + 2, SALG_TYPE_LEN);
	print_alg_flags(tcp, "salg_feat", get32(buf + 16));
	print_alg_flags(tcp, "salg_mask", get32(buf + 20));
	print_char_array(tcp, "salg_name", buf + SALG_HDR_LEN,
			 nlen < SALG_NAME_LEN ? nlen : SALG_NAME_LEN);
}

static void print_sockaddr_nfc(struct tcb *tcp, const unsigned char *buf,
			       size_t len)
{
	size_t llcp_len = tcp_wordsize(tcp) == 4 ? 88 : 96;
	uint64_t sn_len;
	unsigned int sap;

	emit_field(tcp, "dev_idx");
	print_ifindex(tcp, get32(buf + 4));
	emit_field(tcp, "target_idx");
	emit_hex(tcp, get32(buf + 8));
	emit_field(tcp, "nfc_protocol");
	print_xval(tcp, nfc_protocols, get32(buf + 12), "NFC_PROTO_???");
	if (len == SNFC_LEN)
		return;
	if (len < llcp_len) {
		emit_more(tcp);
		return;
	}
	sap = buf[16];
	print_hex_named(tcp, "dsap", sap, sap == 1 ? "LLCP_SAP_SDP" :
					  sap == 0xff ? "LLCP_SAP_MAX" : NULL);
	sap = buf[17];
	print_hex_named(tcp, "ssap", sap, sap == 1 ? "LLCP_SAP_SDP" :
					  sap == 0xff ? "LLCP_SAP_MAX" : NULL);
	sn_len = llcp_len == 88 ? get32(buf + 84) : get64(buf + 88);
	emit_field(tcp, "service_name");
	emit_quoted(tcp, (const char *)buf + 18,
		    sn_len < NFC_SN_LEN ? (size_t)sn_len : NFC_SN_LEN, 0);
	emit_field(tcp, "service_name_len");
	emit_uint(tcp, sn_len);
}

static void print_sockaddr_vm(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int res = get16(buf + 2);

	if (res) {
		emit_field(tcp, "svm_reserved1");
		emit_hex(tcp, res);
	}
	print_xval_bare(tcp, "svm_cid", vmaddr_cids, get32(buf + 8));
	print_xval_bare(tcp, "svm_port", vmaddr_ports, get32(buf + 4));
	emit_field(tcp, "svm_flags");
	print_flags(tcp, vmaddr_flags, buf[12], "VMADDR_FLAG_???");
	if (buf[13] || buf[14] || buf[15]) {
		emit_field(tcp, "svm_zero");
		emit_quoted(tcp, (const char *)buf + 13, 3, QUOTE_FORCE_HEX);
	}
}

static void print_sockaddr_qrtr(struct tcb *tcp, const unsigned char *buf)
{
	print_xval_bare(tcp, "sq_node", qrtr_nodes, get32(buf + 4));
	print_xval_bare(tcp, "sq_port", qrtr_ports, get32(buf + 8));
}

static void print_sockaddr_xdp(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int flags = get16(buf + 2);
	uint32_t fd = get32(buf + 12);

	emit_field(tcp, "sxdp_flags");
	print_flags(tcp, sockaddr_xdp_flags, flags, "XDP_???");
	emit_field(tcp, "sxdp_ifindex");
	print_ifindex(tcp, get32(buf + 4));
	emit_field(tcp, "sxdp_queue_id");
	emit_uint(tcp, get32(buf + 8));
	/* A descriptor only with XDP_SHARED_UMEM; else shown when set. */
	if (flags & 1) {
		emit_field(tcp, "sxdp_shared_umem_fd");
		print_fd(tcp, (int)fd);
	} else if (fd) {
		emit_field(tcp, "sxdp_shared_umem_fd");
		emit_hex(tcp, fd);
	}
}

static void print_sockaddr_mctp(struct tcb *tcp, const unsigned char *buf)
{
	unsigned int pad0 = get16(buf + 2);

	if (pad0) {
		emit_field(tcp, "__smctp_pad0");
		emit_hex(tcp, pad0);
	}
	print_xval_bare(tcp, "smctp_network", mctp_nets, get32(buf + 4));
	emit_field(tcp, "smctp_addr");
	emit_struct_begin(tcp);
	print_xval_bare(tcp, "s_addr", mctp_addrs, buf[8]);
	emit_struct_end(tcp);
	emit_field(tcp, "smctp_type");
	emit_hex(tcp, buf[9]);
	emit_field(tcp, "smctp_tag");
	emit_hex(tcp, buf[10]);
	if (buf[11]) {
		emit_field(tcp, "__smctp_pad1");
		emit_hex(tcp, buf[11]);
	}
}

int print_sockaddr_family(struct tcb *tcp, const unsigned char *buf,
			  size_t len)
{
	switch (get16(buf)) {
	case AF_IPX:
		if (len < SIPX_LEN)
			return 0;
		print_sockaddr_ipx(tcp, buf);
		return 1;
	case AF_AX25:
		if (len < SAX25_LEN)
			return 0;
		print_sockaddr_ax25(tcp, buf, len);
		return 1;
	case AF_X25:
		if (len < SX25_LEN)
			return 0;
		emit_field(tcp, "sx25_addr");
		emit_struct_begin(tcp);
		print_char_array(tcp, "x25_addr", buf + 2, X25_ADDR_LEN);
		emit_struct_end(tcp);
		return 1;
	case AF_RXRPC:
		if (len < SRX_LEN)
			return 0;
		print_sockaddr_rxrpc(tcp, buf);
		return 1;
	case AF_IEEE802154:
		if (len < SIEEE_LEN)
			return 0;
		print_sockaddr_ieee802154(tcp, buf);
		return 1;
	case AF_ALG:
		if (len <= SALG_HDR_LEN)
			return 0;
		print_sockaddr_alg(tcp, buf, len);
		return 1;
	case AF_NFC:
		if (len < SNFC_LEN)
			return 0;
		print_sockaddr_nfc(tcp, buf, len);
		return 1;
	case AF_VSOCK:
		if (len < SVM_LEN)
			return 0;
		print_sockaddr_vm(tcp, buf);
		return 1;
	case AF_QIPCRTR:
		if (len < SQRTR_LEN)
			return 0;
		print_sockaddr_qrtr(tcp, buf);
		return 1;
	case AF_XDP:
		if (len < SXDP_LEN)
			return 0;
		print_sockaddr_xdp(tcp, buf);
		return 1;
	case AF_MCTP:
		if (len < SMCTP_LEN)
			return 0;
		print_sockaddr_mctp(tcp, buf);
		return 1;
	}
	return 0;
}
