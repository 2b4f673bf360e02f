/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Socket ioctls (linux/sockios.h) as strace 6.1 shows them: struct
 * ifreq by the field each command uses, SIOCGIFCONF's struct ifconf,
 * the bridge names of SIOCBRADDBR; any other SIOC* argument as an
 * address.  The getters show the input field at entry and the answer
 * at exit inside the same braces: "{ifr_name=\"lo\", ifr_ifindex=1}".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sockios.h>

#include "engine/tcb.h"
#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "syscall/net.h"
#include "syscall/netlink.h"
#include "xlat/tables/arp_hardware_types.h"
#include "xlat/tables/iffflags.h"

#define IFNAMSIZ_	16
/* struct ifreq: the name, then a union of 24 bytes (16 on i386). */
#define IFR_U		16

enum ifr_kind {
	IFR_NONE, IFR_FLAGS, IFR_ADDR, IFR_HWADDR, IFR_INT, IFR_NAME, IFR_MAP,
};

static const struct ifr_cmd {
	uint32_t code;
	bool getter;
	enum ifr_kind kind;
	const char *field;
} ifr_cmds[] = {
	{ SIOCSIFFLAGS, false, IFR_FLAGS, "ifr_flags" },
	{ SIOCGIFFLAGS, true, IFR_FLAGS, "ifr_flags" },
	{ SIOCSIFADDR, false, IFR_ADDR, "ifr_addr" },
	{ SIOCGIFADDR, true, IFR_ADDR, "ifr_addr" },
	{ SIOCSIFDSTADDR, false, IFR_ADDR, "ifr_dstaddr" },
	{ SIOCGIFDSTADDR, true, IFR_ADDR, "ifr_dstaddr" },
	{ SIOCSIFBRDADDR, false, IFR_ADDR, "ifr_broadaddr" },
	{ SIOCGIFBRDADDR, true, IFR_ADDR, "ifr_broadaddr" },
	{ SIOCSIFNETMASK, false, IFR_ADDR, "ifr_netmask" },
	{ SIOCGIFNETMASK, true, IFR_ADDR, "ifr_netmask" },
	{ SIOCSIFHWADDR, false, IFR_HWADDR, "ifr_hwaddr" },
	{ SIOCGIFHWADDR, true, IFR_HWADDR, "ifr_hwaddr" },
	{ SIOCSIFHWBROADCAST, false, IFR_HWADDR, "ifr_hwaddr" },
	{ SIOCADDMULTI, false, IFR_HWADDR, "ifr_hwaddr" },
	{ SIOCDELMULTI, false, IFR_HWADDR, "ifr_hwaddr" },
	{ SIOCSIFMETRIC, false, IFR_INT, "ifr_metric" },
	{ SIOCGIFMETRIC, true, IFR_INT, "ifr_metric" },
	{ SIOCSIFMTU, false, IFR_INT, "ifr_mtu" },
	{ SIOCGIFMTU, true, IFR_INT, "ifr_mtu" },
	{ SIOCSIFTXQLEN, false, IFR_INT, "ifr_qlen" },
	{ SIOCGIFTXQLEN, true, IFR_INT, "ifr_qlen" },
	{ SIOCGIFINDEX, true, IFR_INT, "ifr_ifindex" },
	{ SIOCSIFNAME, false, IFR_NAME, "ifr_newname" },
	{ SIOCSIFSLAVE, false, IFR_NAME, "ifr_slave" },
	{ SIOCGIFSLAVE, true, IFR_NAME, "ifr_slave" },
	{ SIOCSIFMAP, false, IFR_MAP, "ifr_map" },
	{ SIOCGIFMAP, true, IFR_MAP, "ifr_map" },
};

static size_t ifreq_size(struct tcb *tcp)
{
	return tcp_wordsize(tcp) == 4 ? 32 : 40;
}

static uint32_t get_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint16_t get_u16(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t get_ulong(struct tcb *tcp, const unsigned char *p)
{
	uint64_t v;

	if (tcp_wordsize(tcp) == 4)
		return get_u32(p);
	memcpy(&v, p, sizeof(v));
	return v;
}

/* A hardware address: the family as ARPHRD_*, the bytes colon-separated. */
static void print_hwaddr(struct tcb *tcp, const unsigned char *p)
{
	uint16_t fam = get_u16(p);
	/* An Ethernet address has 6 bytes; others show all of sa_data. */
	size_t n = fam == 1 ? 6 : 14;
	char text[14 * 3 + 1];
	size_t len = 0;

	emit_struct_begin(tcp);
	emit_field(tcp, "sa_family");
	print_xval(tcp, arp_hardware_types, fam, "ARPHRD_???");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"%s%02x", i ? ":" : "", p[2 + i]);
	emit_field(tcp, "sa_data");
	/* -X raw: the bytes as a string; -X verbose: both. */
	if (cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_raw(tcp, text);
	} else {
		emit_quoted(tcp, (const char *)p + 2, n, QUOTE_FORCE_HEX);
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, text);
	}
	emit_struct_end(tcp);
}

static void print_ifmap(struct tcb *tcp, const unsigned char *p)
{
	size_t ws = tcp_wordsize(tcp);
	const unsigned char *q = p + 2 * ws;

	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "mem_start", get_ulong(tcp, p));
	ioctl_field_x(tcp, "mem_end", get_ulong(tcp, p + ws));
	ioctl_field_x(tcp, "base_addr", get_u16(q));
	ioctl_field_x(tcp, "irq", q[2]);
	ioctl_field_x(tcp, "dma", q[3]);
	ioctl_field_x(tcp, "port", q[4]);
	emit_struct_end(tcp);
}

/* The union member of an ifreq, with its name. */
static void print_ifr_field(struct tcb *tcp, const struct ifr_cmd *c,
			    const unsigned char *ifr)
{
	const unsigned char *u = ifr + IFR_U;

	if (c->kind == IFR_NAME) {
		ioctl_cstr_field(tcp, c->field, u, IFNAMSIZ_);
		return;
	}
	emit_field(tcp, c->field);
	switch (c->kind) {
	case IFR_FLAGS:
		print_flags(tcp, iffflags, get_u16(u), "IFF_???");
		break;
	case IFR_ADDR:
		print_sockaddr_data(tcp, u, 16);
		break;
	case IFR_HWADDR:
		print_hwaddr(tcp, u);
		break;
	case IFR_INT:
		emit_int(tcp, (int32_t)get_u32(u));
		break;
	case IFR_MAP:
		print_ifmap(tcp, u);
		break;
	default:
		break;
	}
}

static const struct ifr_cmd *ifr_cmd_of(uint32_t code)
{
	for (size_t i = 0; i < sizeof(ifr_cmds) / sizeof(ifr_cmds[0]); i++)
		if (ifr_cmds[i].code == code)
			return &ifr_cmds[i];
	return NULL;
}

/*
 * The struct ifreq commands.  A getter's struct stays open from entry
 * to exit, where the answer joins it (or, on failure, it just closes).
 */
static int ifreq_cmd(struct tcb *tcp, const struct ifr_cmd *c, uint32_t code,
		     uint64_t arg)
{
	unsigned char ifr[40];
	size_t size = ifreq_size(tcp);

	if (exiting(tcp)) {
		if (!syserror(tcp) && !tracee_read(tcp, arg, ifr, size)) {
			if (code == SIOCGIFNAME)
				ioctl_cstr_field(tcp, "ifr_name", ifr,
						 IFNAMSIZ_);
			else
				print_ifr_field(tcp, c, ifr);
		}
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, ifr, size))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	if (code == SIOCGIFNAME || code == SIOCBRADDIF ||
	    code == SIOCBRDELIF) {
		emit_field(tcp, "ifr_ifindex");
		if (code == SIOCGIFNAME)
			emit_int(tcp, (int32_t)get_u32(ifr + IFR_U));
		else
			nl_print_ifindex(tcp, get_u32(ifr + IFR_U));
		if (code == SIOCGIFNAME)
			return 0;
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	ioctl_cstr_field(tcp, "ifr_name", ifr, IFNAMSIZ_);
	if (c->getter)
		return 0;
	print_ifr_field(tcp, c, ifr);
	emit_struct_end(tcp);
	return RVAL_DECODED;
}

/* "80 /\* 2 * sizeof(struct ifreq) *\/" */
static void print_ifc_len(struct tcb *tcp, int32_t len)
{
	int32_t sz = (int32_t)ifreq_size(tcp);
	char text[64];

	emit_int(tcp, len);
	if (len > 0 && len % sz == 0) {
		snprintf(text, sizeof(text), "%d * sizeof(struct ifreq)",
			 len / sz);
		emit_comment(tcp, text);
	}
}

static bool read_ifconf(struct tcb *tcp, uint64_t arg, int32_t *len,
			uint64_t *buf)
{
	unsigned char b[16];
	size_t ws = tcp_wordsize(tcp);

	if (!arg || tracee_read(tcp, arg, b, 2 * ws))
		return false;
	*len = (int32_t)get_u32(b);
	*buf = get_ulong(tcp, b + ws);
	return true;
}

/* The interfaces the kernel wrote: "[{ifr_name=..., ifr_addr=...}, ...]". */
static void print_ifconf_buf(struct tcb *tcp, uint64_t buf, int32_t len)
{
	size_t size = ifreq_size(tcp);
	size_t n = len > 0 ? (size_t)len / size : 0;
	unsigned char ifr[40];

	emit_array_begin(tcp);
	for (size_t i = 0; i < n; i++) {
		if (i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		if (tracee_read(tcp, buf + i * size, ifr, size)) {
			emit_ptr(tcp, buf + i * size);
			break;
		}
		emit_struct_begin(tcp);
		ioctl_cstr_field(tcp, "ifr_name", ifr, IFNAMSIZ_);
		emit_field(tcp, "ifr_addr");
		print_sockaddr_data(tcp, ifr + IFR_U, 16);
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
}

static int gifconf(struct tcb *tcp, uint64_t arg)
{
	int32_t len, *saved;
	uint64_t buf;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!read_ifconf(tcp, arg, &len, &buf)) {
			emit_ptr(tcp, arg);
			return RVAL_DECODED;
		}
		emit_struct_begin(tcp);
		if (!buf)
			return 0;
		/* With a buffer the length goes in, and may come back changed. */
		emit_field(tcp, "ifc_len");
		print_ifc_len(tcp, len);
		saved = malloc(sizeof(*saved));
		if (saved) {
			*saved = len;
			tcp->priv = saved;
			tcp->priv_free = free;
		}
		return 0;
	}
	saved = tcp->priv;
	if (!read_ifconf(tcp, arg, &len, &buf)) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	if (!buf) {
		emit_field(tcp, "ifc_len");
		print_ifc_len(tcp, len);
		ioctl_field_ptr(tcp, "ifc_buf", 0);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	if (!syserror(tcp) && saved && *saved != len) {
		emit_changed(tcp);
		print_ifc_len(tcp, len);
	}
	emit_field(tcp, "ifc_buf");
	if (syserror(tcp) || !qual_verbose(tcp))
		emit_ptr(tcp, buf);
	else
		print_ifconf_buf(tcp, buf, len);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/*
 * SIOCBRADDBR's bridge name: at most IFNAMSIZ bytes, cut at -s (strace
 * reads one byte past the limit, never past IFNAMSIZ); shown even with
 * -e verbose=none.
 */
static void print_brname(struct tcb *tcp, uint64_t arg)
{
	size_t limit = cfg.string_limit < IFNAMSIZ_ ? cfg.string_limit
						     : IFNAMSIZ_;
	size_t want = limit < IFNAMSIZ_ ? limit + 1 : IFNAMSIZ_;
	char name[IFNAMSIZ_];
	ssize_t got = arg ? tracee_read_partial(tcp, arg, name, want) : -1;
	size_t len;

	if (got <= 0) {
		emit_ptr(tcp, arg);
		return;
	}
	len = strnlen(name, (size_t)got);
	/* Cut by the end of readable memory before any NUL. */
	if (len == (size_t)got && (size_t)got < want) {
		emit_ptr(tcp, arg);
		return;
	}
	if (len > limit || len == IFNAMSIZ_)
		emit_quoted(tcp, name, len > limit ? limit : len,
			    QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, name, len, 0);
}

int ioctl_net(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	const struct ifr_cmd *c;

	switch (code) {
	case SIOCGIFCONF:
		return gifconf(tcp, arg);
	case SIOCBRADDBR:
	case SIOCBRDELBR:
		emit_next(tcp);
		print_brname(tcp, arg);
		return RVAL_DECODED;
	case SIOCGIFNAME:
	case SIOCBRADDIF:
	case SIOCBRDELIF:
		return ifreq_cmd(tcp, NULL, code, arg);
	}
	c = ifr_cmd_of(code);
	if (c)
		return ifreq_cmd(tcp, c, code, arg);
	/*
	 * Any other named socket command: its argument as an address; but
	 * the private ranges (SIOCPROTOPRIVATE, SIOCDEVPRIVATE and the 15
	 * after each) mean what a protocol or driver says, so a number.
	 */
	if (((code >> 8) & 0xff) == 0x89 && ioctl_known(tcp, code) &&
	    (code & 0xffff) < SIOCPROTOPRIVATE) {
		if (exiting(tcp))
			return RVAL_DECIMAL;
		return ioctl_ptr_arg(tcp, arg);
	}
	return IOCTL_UNKNOWN;
}
