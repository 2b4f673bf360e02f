/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink messages: the nlmsghdr array, NLMSG_ERROR and NLMSG_DONE, and
 * attribute arrays, whatever the protocol; the protocols' bodies are in
 * nlroute.c, nldiag.c and nlmisc.c.
 *
 * The protocol of a socket is what -yy finds for it (socketinfo.c: the
 * socket diag interface, by inode), as strace does: an unbound socket
 * has none yet, and its messages show with the common names only.
 */
#include "config.h"

#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "syscall/netlink.h"
#include "xlat/tables/addrfams.h"
#include "xlat/tables/netlink_protocols.h"
#include "xlat/tables/nl_types.h"
#include "xlat/tables/nl_flags.h"
#include "xlat/tables/nl_flags_ack.h"
#include "xlat/tables/nlmsgerr_attrs.h"
#include "xlat/tables/sk_meminfo.h"

/* Bytes of a message read at once; beyond it nl_fetch reads the tracee. */
#define NL_WINDOW_MAX	(1U << 20)

/* The copy of the buffer being decoded. */
static struct {
	uint64_t addr;
	unsigned char *buf;
	size_t n;		/* bytes of it that could be read */
	size_t cap;
} win;

static void window_load(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	ssize_t n;

	win.n = 0;
	win.addr = addr;
	if (len > NL_WINDOW_MAX)
		len = NL_WINDOW_MAX;
	if (win.cap < len) {
		unsigned char *b = realloc(win.buf, len);

		if (!b)
			return;
		win.buf = b;
		win.cap = len;
	}
	n = tracee_read_partial(tcp, addr, win.buf, len);
	win.n = n > 0 ? (size_t)n : 0;
}

int nl_fetch(struct tcb *tcp, uint64_t addr, void *dst, uint64_t len)
{
	if (addr + len < addr)
		return -1;
	if (addr >= win.addr && addr + len <= win.addr + win.n) {
		memcpy(dst, win.buf + (addr - win.addr), len);
		return 0;
	}
	/* Past the part of the window that was readable: unreadable. */
	if (addr >= win.addr && addr < win.addr + win.cap &&
	    win.n < win.cap)
		return -1;
	return tracee_read(tcp, addr, dst, len) ? -1 : 0;
}

int nl_fetch_or_addr(struct tcb *tcp, uint64_t addr, void *dst, uint64_t len)
{
	if (nl_fetch(tcp, addr, dst, len)) {
		emit_ptr(tcp, addr);
		return -1;
	}
	return 0;
}

static void print_str_as(struct tcb *tcp, uint64_t addr, uint64_t len,
			 unsigned int flags)
{
	size_t limit = cfg.string_limit;
	size_t show = len > limit ? limit : (size_t)len;
	char stack[256], *buf = stack;
	bool more;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (show > sizeof(stack) && !(buf = malloc(show))) {
		emit_ptr(tcp, addr);
		return;
	}
	if (nl_fetch(tcp, addr, buf, show)) {
		emit_ptr(tcp, addr);
	} else {
		if (flags & QUOTE_0_TERMINATED)
			more = len && !memchr(buf, 0, show);
		else
			more = len > limit;
		emit_quoted(tcp, buf, show, flags | (more ? QUOTE_ELLIPSIS : 0));
	}
	if (buf != stack)
		free(buf);
}

void nl_print_hex(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	print_str_as(tcp, addr, len, QUOTE_FORCE_HEX);
}

void nl_print_str(struct tcb *tcp, uint64_t addr, uint64_t len,
		  unsigned int flags)
{
	print_str_as(tcp, addr, len, flags);
}

void nl_print_x(struct tcb *tcp, uint64_t v)
{
	emit_hex(tcp, v);
}

void nl_print_family(struct tcb *tcp, uint8_t family)
{
	print_xval(tcp, addrfams, family, "AF_???");
}

void nl_print_ifindex(struct tcb *tcp, uint32_t idx)
{
	char name[IF_NAMESIZE], text[IF_NAMESIZE + 24];

	if (idx && if_indextoname(idx, name)) {
		snprintf(text, sizeof(text), "if_nametoindex(\"%s\")", name);
		print_named(tcp, idx, text, true);
	} else {
		emit_uint(tcp, idx);
	}
}

bool nl_print_inet_addr(struct tcb *tcp, int family, const void *addr,
			unsigned int len)
{
	char ip[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 32];

	switch (family) {
	case AF_INET:
		if (len < 4)
			return false;
		inet_ntop(AF_INET, addr, ip, sizeof(ip));
		snprintf(text, sizeof(text), "inet_addr(\"%s\")", ip);
		break;
	case AF_INET6:
		if (len < 16)
			return false;
		inet_ntop(AF_INET6, addr, ip, sizeof(ip));
		snprintf(text, sizeof(text), "inet_pton(AF_INET6, \"%s\")", ip);
		break;
	default:
		return false;
	}
	/* -X raw shows the bytes, -X verbose the bytes and the address */
	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		emit_quoted(tcp, addr, family == AF_INET ? 4 : 16,
			    QUOTE_FORCE_HEX);
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, text);
		return true;
	}
	emit_raw(tcp, text);
	return true;
}

/*
 * A set of bits named after the numbers of a table: "1<<TCP_LISTEN",
 * "1<<(INET_DIAG_CONG-1)" (bias 1).  Unnamed bits follow in hex.
 */
void nl_print_bit_set(struct tcb *tcp, const struct xlat *x, int bias,
			  uint64_t val, const char *dflt)
{
	char buf[1024];
	size_t n = 0;
	uint64_t left = val;

	if (cfg.xlat_style == XLAT_STYLE_RAW || !val) {
		emit_hex(tcp, val);
		return;
	}
	buf[0] = '\0';
	for (unsigned int bit = 0; bit < 64 && n < sizeof(buf) - 80; bit++) {
		const char *name;

		if (!(val & (1ULL << bit)))
			continue;
		name = xlat_name(x, bit + (unsigned int)bias);
		if (!name)
			continue;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
				      bias ? "%s1<<(%s-%d)" : "%s1<<%s",
				      n ? "|" : "", name, bias);
		left &= ~(1ULL << bit);
	}
	if (!n) {
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)val, dflt);
	} else if (left) {
		snprintf(buf + n, sizeof(buf) - n, "|%#llx",
			 (unsigned long long)left);
	}
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE && n) {
		char v[1100];

		snprintf(v, sizeof(v), "%#llx /* %s */",
			 (unsigned long long)val, buf);
		emit_sym(tcp, val, v);
		return;
	}
	emit_sym(tcp, val, buf);
}

/* --- the protocol of a socket ----------------------------------------- */

/*
 * NETLINK_* of fd, NL_FAMILY_UNKNOWN for a netlink socket whose protocol
 * cannot be told, -1 for any other descriptor.
 */
static int fd_netlink_family(struct tcb *tcp, int fd)
{
	char path[256], desc[512];
	const char *p;

	if (fd < 0 || fd_path(tcp->pid, fd, path, sizeof(path)) < 0 ||
	    strncmp(path, "socket:[", 8) ||
	    socket_describe(tcp->pid, fd, path, desc, sizeof(desc)) < 0 ||
	    strncmp(desc, "NETLINK:[", 9))
		return -1;
	p = desc + 9;
	for (const struct xlat *x = netlink_protocols; x->name; x++) {
		size_t n = strlen(x->name + 8);

		if (!strncmp(p, x->name + 8, n) && p[n] == ':')
			return (int)x->val;
	}
	return NL_FAMILY_UNKNOWN;
}

/* --- nlmsghdr --------------------------------------------------------- */

static const struct xlat *flags_table(int family, uint16_t type)
{
	const struct nl_proto *p = nl_proto_of(family);

	if (type < NLMSG_MIN_TYPE)
		return type == NLMSG_ERROR ? nl_flags_ack : nl_flags;
	if (p && p->flags) {
		const struct xlat *x = p->flags(type);

		if (x)
			return x;
	}
	return nl_flags;
}

void nl_print_header(struct tcb *tcp, int family, const struct nlmsghdr *h)
{
	const struct nl_proto *p = nl_proto_of(family);

	emit_struct_begin(tcp);
	NL_FIELD_U(tcp, *h, nlmsg_len);
	emit_field(tcp, "nlmsg_type");
	if (h->nlmsg_type < NLMSG_MIN_TYPE || !p)
		print_xval(tcp, nl_types, h->nlmsg_type, "NLMSG_???");
	else if (p->print_type)
		p->print_type(tcp, h->nlmsg_type);
	else
		print_xval(tcp, p->types, h->nlmsg_type, p->dflt);
	emit_field(tcp, "nlmsg_flags");
	print_flags(tcp, flags_table(family, h->nlmsg_type), h->nlmsg_flags,
		    "NLM_F_???");
	NL_FIELD_U(tcp, *h, nlmsg_seq);
	/* Mostly 0 or the sender's pid: -Y and pidns treat it as one. */
	emit_field(tcp, "nlmsg_pid");
	print_pid(tcp, (int32_t)h->nlmsg_pid);
	emit_struct_end(tcp);
}

static void print_body(struct tcb *tcp, int fd, int family,
		       const struct nlmsghdr *h, uint64_t addr, uint64_t len);

/* "error=-EACCES" */
static void print_nl_errno(struct tcb *tcp, int32_t err)
{
	const char *name = err < 0 ? errno_name(-err) : NULL;
	char text[64];

	emit_field(tcp, "error");
	if (!name) {
		emit_int(tcp, err);
		return;
	}
	snprintf(text, sizeof(text), "-%s", name);
	print_named(tcp, (uint64_t)(int64_t)err, text, true);
}

static bool nla_cookie(struct tcb *tcp, uint64_t addr, unsigned int len,
		       const void *opaque)
{
	(void)opaque;
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < len; i++) {
		uint8_t b;

		if (qual_abbrev(tcp) && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		if (nl_fetch(tcp, addr + i, &b, 1)) {
			emit_ptr(tcp, addr + i);
			break;
		}
		emit_uint(tcp, b);
	}
	emit_array_end(tcp);
	return true;
}

static const nla_fn nlmsgerr_nla[] = {
	[NLMSGERR_ATTR_MSG] = nla_str,
	[NLMSGERR_ATTR_OFFS] = nla_u32,
	[NLMSGERR_ATTR_COOKIE] = nla_cookie,
};

static void print_nlmsgerr(struct tcb *tcp, int fd, int family,
			   const struct nlmsghdr *outer, uint64_t addr,
			   uint64_t len)
{
	struct nlmsgerr err;
	bool capped = outer->nlmsg_flags & NLM_F_CAPPED;
	uint64_t payload = 0, used;

	if (len < sizeof(err)) {
		nl_print_hex(tcp, addr, len);
		return;
	}
	if (nl_fetch_or_addr(tcp, addr, &err, sizeof(err)))
		return;
	if (!capped && err.msg.nlmsg_len > sizeof(err.msg)) {
		payload = err.msg.nlmsg_len < len - sizeof(err.error)
				  ? err.msg.nlmsg_len
				  : len - sizeof(err.error);
		payload -= sizeof(err.msg);
	}
	used = sizeof(err) + NLMSG_ALIGN(payload);
	/* what follows the message are attributes, with NLM_F_ACK_TLVS or not */
	if (len > used)
		emit_array_begin(tcp);
	emit_struct_begin(tcp);
	print_nl_errno(tcp, err.error);
	emit_field(tcp, "msg");
	if (payload) {
		emit_array_begin(tcp);
		nl_print_header(tcp, family, &err.msg);
		emit_next(tcp);
		print_body(tcp, fd, family, &err.msg, addr + sizeof(err),
			   payload);
		emit_array_end(tcp);
	} else {
		nl_print_header(tcp, family, &err.msg);
	}
	emit_struct_end(tcp);
	if (len > used) {
		emit_next(tcp);
		nl_print_attrs(tcp, addr + used, len - used, nlmsgerr_attrs,
			       "NLMSGERR_ATTR_???", nlmsgerr_nla,
			       sizeof(nlmsgerr_nla) / sizeof(nlmsgerr_nla[0]),
			       NULL);
		emit_array_end(tcp);
	}
}

static void print_body(struct tcb *tcp, int fd, int family,
		       const struct nlmsghdr *h, uint64_t addr, uint64_t len)
{
	const struct nl_proto *p = nl_proto_of(family);

	if (h->nlmsg_type == NLMSG_ERROR) {
		print_nlmsgerr(tcp, fd, family, h, addr, len);
		return;
	}
	if (h->nlmsg_type == NLMSG_DONE && len == sizeof(int32_t)) {
		int32_t v;

		if (!nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))
			emit_int(tcp, v);
		return;
	}
	if (h->nlmsg_type >= NLMSG_MIN_TYPE && p && p->body &&
	    p->body(tcp, fd, h, addr, len))
		return;
	nl_print_hex(tcp, addr, len);
}

/* One message: "{header}" or "[{header}, body]". */
static void print_message(struct tcb *tcp, int fd, int family,
			  const struct nlmsghdr *h, uint64_t addr, uint64_t len)
{
	uint64_t mlen = h->nlmsg_len < len ? h->nlmsg_len : len;

	if (mlen <= NLMSG_HDRLEN) {
		nl_print_header(tcp, family, h);
		return;
	}
	emit_array_begin(tcp);
	nl_print_header(tcp, family, h);
	emit_next(tcp);
	print_body(tcp, fd, family, h, addr + NLMSG_HDRLEN, mlen - NLMSG_HDRLEN);
	emit_array_end(tcp);
}

/*
 * An element of an array that cannot be read: "... /\* 0xaddr *\/" after
 * the ones shown, or the address alone when it is the first.
 */
static void nl_print_stop(struct tcb *tcp, uint64_t addr, bool array)
{
	char c[32];

	if (!array) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_more(tcp);
	snprintf(c, sizeof(c), "%#llx", (unsigned long long)addr);
	emit_comment(tcp, c);
}

static void print_messages(struct tcb *tcp, int fd, int family, uint64_t addr,
			   uint64_t len)
{
	bool array = false;

	for (unsigned int i = 0;; i++) {
		struct nlmsghdr h;
		uint64_t next = 0, step;

		if (len < sizeof(h)) {
			nl_print_hex(tcp, addr, len);
			break;
		}
		if (nl_fetch(tcp, addr, &h, sizeof(h))) {
			nl_print_stop(tcp, addr, array);
			break;
		}
		if (array && qual_abbrev(tcp) && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		step = NLMSG_ALIGN((uint64_t)h.nlmsg_len);
		if (h.nlmsg_len >= sizeof(h) && len > step)
			next = addr + step;
		if (!array && next) {
			emit_array_begin(tcp);
			array = true;
		}
		print_message(tcp, fd, family, &h, addr, len);
		if (!next)
			break;
		emit_next(tcp);
		len -= step;
		addr = next;
	}
	if (array)
		emit_array_end(tcp);
}

void netlink_print_msgs(struct tcb *tcp, int fd, uint64_t addr, uint64_t len)
{
	int family = fd_netlink_family(tcp, fd);

	if (family == NETLINK_KOBJECT_UEVENT) {
		nl_print_uevent(tcp, addr, len);
		return;
	}
	if (!addr) {
		emit_buf(tcp, addr, len);
		return;
	}
	window_load(tcp, addr, len);
	print_messages(tcp, fd, family < 0 ? NL_FAMILY_UNKNOWN : family, addr,
		       len);
	win.n = 0;
	win.addr = 0;
}

bool netlink_print_buf(struct tcb *tcp, int fd, uint64_t addr, uint64_t len)
{
	if (fd_netlink_family(tcp, fd) == -1)
		return false;
	netlink_print_msgs(tcp, fd, addr, len);
	return true;
}

/* --- attributes ------------------------------------------------------- */

static void print_nla_type(struct tcb *tcp, uint16_t type,
			   const struct xlat *types, const char *dflt)
{
	char buf[256], name[160];
	size_t n = 0;
	uint16_t t = type & NLA_TYPE_MASK;

	/* a set strace has no names for: the number alone */
	if (!types && !(type & ~NLA_TYPE_MASK)) {
		emit_hex(tcp, type);
		return;
	}
	if (cfg.xlat_style == XLAT_STYLE_RAW && !(type & ~NLA_TYPE_MASK)) {
		emit_hex(tcp, type);
		return;
	}
	/* with flags, -X raw and verbose show each part: "0x8000|0xc" */
	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		bool v = cfg.xlat_style == XLAT_STYLE_VERBOSE;
		const char *s = xlat_name(types, t);

		buf[0] = '\0';
		if (type & NLA_F_NESTED)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%#x%s|",
					      NLA_F_NESTED,
					      v ? " /* NLA_F_NESTED */" : "");
		if (type & NLA_F_NET_BYTEORDER)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%#x%s|",
					      NLA_F_NET_BYTEORDER,
					      v ? " /* NLA_F_NET_BYTEORDER */" : "");
		if (v)
			snprintf(buf + n, sizeof(buf) - n, "%#x /* %s */", t,
				 s ? s : dflt);
		else
			snprintf(buf + n, sizeof(buf) - n, "%#x", t);
		emit_sym(tcp, type, buf);
		return;
	}
	buf[0] = '\0';
	if (type & NLA_F_NESTED)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "NLA_F_NESTED|");
	if (type & NLA_F_NET_BYTEORDER)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
				      "NLA_F_NET_BYTEORDER|");
	{
		const char *s = xlat_name(types, t);

		if (s)
			snprintf(name, sizeof(name), "%s", s);
		else
			snprintf(name, sizeof(name), "%#x /* %s */", t, dflt);
	}
	snprintf(buf + n, sizeof(buf) - n, "%s", name);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE && xlat_name(types, t)) {
		char v[300];

		snprintf(v, sizeof(v), "%#x /* %s */", type, buf);
		emit_sym(tcp, type, v);
		return;
	}
	emit_sym(tcp, type, buf);
}

static void print_attr(struct tcb *tcp, const struct nlattr *a, uint64_t addr,
		       uint64_t len, const struct xlat *types, const char *dflt,
		       const nla_fn *decoders, unsigned int size,
		       const void *opaque, const void *const *opaques)
{
	uint64_t alen = a->nla_len < len ? a->nla_len : len;
	unsigned int idx = size ? (a->nla_type & NLA_TYPE_MASK) : 0;
	nla_fn fn = NULL;

	if (alen > NLA_HDRLEN)
		emit_array_begin(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "nla_len");
	emit_uint(tcp, a->nla_len);
	emit_field(tcp, "nla_type");
	print_nla_type(tcp, a->nla_type, types, dflt);
	emit_struct_end(tcp);
	if (alen <= NLA_HDRLEN)
		return;
	emit_next(tcp);
	if (decoders && (!size || idx < size))
		fn = decoders[idx];
	if (opaques && idx < size && opaques[idx])
		opaque = opaques[idx];
	if (!fn || !fn(tcp, addr + NLA_HDRLEN, (unsigned int)(alen - NLA_HDRLEN),
		       opaque))
		nl_print_hex(tcp, addr + NLA_HDRLEN, alen - NLA_HDRLEN);
	emit_array_end(tcp);
}

static void print_attrs(struct tcb *tcp, uint64_t addr, uint64_t len,
			const struct xlat *types, const char *dflt,
			const nla_fn *decoders, unsigned int size,
			const void *opaque, const void *const *opaques)
{
	bool array = false;

	for (unsigned int i = 0;; i++) {
		struct nlattr a;
		uint64_t next = 0, step;

		if (len < sizeof(a)) {
			nl_print_hex(tcp, addr, len);
			break;
		}
		if (nl_fetch(tcp, addr, &a, sizeof(a))) {
			nl_print_stop(tcp, addr, array);
			break;
		}
		if (array && qual_abbrev(tcp) && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		step = NLA_ALIGN((uint64_t)a.nla_len);
		if (a.nla_len >= NLA_HDRLEN && len > step)
			next = addr + step;
		if (!array && next) {
			emit_array_begin(tcp);
			array = true;
		}
		print_attr(tcp, &a, addr, len, types, dflt, decoders, size,
			   opaque, opaques);
		if (!next)
			break;
		emit_next(tcp);
		len -= step;
		addr = next;
	}
	if (array)
		emit_array_end(tcp);
}

void nl_print_attrs(struct tcb *tcp, uint64_t addr, uint64_t len,
		    const struct xlat *types, const char *dflt,
		    const nla_fn *decoders, unsigned int size,
		    const void *opaque)
{
	print_attrs(tcp, addr, len, types, dflt, decoders, size, opaque, NULL);
}

void nl_print_nest(struct tcb *tcp, uint64_t addr, uint64_t len,
		   const struct nl_nest *n)
{
	print_attrs(tcp, addr, len, n->types, n->dflt, n->fns, n->n,
		    n->opaque, n->opaques);
}

/* --- attribute values ------------------------------------------------- */

#define NLA_NUM(name, type, emit)					\
bool nla_##name(struct tcb *tcp, uint64_t addr, unsigned int len,	\
		const void *opaque)					\
{									\
	type v;								\
									\
	(void)opaque;							\
	if (len < sizeof(v))						\
		return false;						\
	if (!nl_fetch_or_addr(tcp, addr, &v, sizeof(v)))		\
		emit;							\
	return true;							\
}

NLA_NUM(u8, uint8_t, emit_uint(tcp, v))
NLA_NUM(u16, uint16_t, emit_uint(tcp, v))
NLA_NUM(u32, uint32_t, emit_uint(tcp, v))
NLA_NUM(u64, uint64_t, emit_uint(tcp, v))
NLA_NUM(s8, int8_t, emit_int(tcp, v))
NLA_NUM(s16, int16_t, emit_int(tcp, v))
NLA_NUM(s32, int32_t, emit_int(tcp, v))
NLA_NUM(s64, int64_t, emit_int(tcp, v))
NLA_NUM(x8, uint8_t, emit_hex(tcp, v))
NLA_NUM(x16, uint16_t, emit_hex(tcp, v))
NLA_NUM(x32, uint32_t, emit_hex(tcp, v))
NLA_NUM(x64, uint64_t, emit_hex(tcp, v))
NLA_NUM(fd, int32_t, print_fd(tcp, v))
NLA_NUM(ifindex, uint32_t, nl_print_ifindex(tcp, v))

static void print_htons(struct tcb *tcp, uint16_t v)
{
	char text[32];

	snprintf(text, sizeof(text), "htons(%u)", ntohs(v));
	print_named(tcp, v, text, false);
}

static void print_htobe64(struct tcb *tcp, uint64_t v)
{
	char text[48];

	snprintf(text, sizeof(text), "htobe64(%llu)",
		 (unsigned long long)be64toh(v));
	print_named(tcp, v, text, false);
}

NLA_NUM(be16, uint16_t, print_htons(tcp, v))
NLA_NUM(be64, uint64_t, print_htobe64(tcp, v))

bool nla_str(struct tcb *tcp, uint64_t addr, unsigned int len,
	     const void *opaque)
{
	(void)opaque;
	nl_print_str(tcp, addr, len, QUOTE_0_TERMINATED);
	return true;
}

bool nla_strn(struct tcb *tcp, uint64_t addr, unsigned int len,
	      const void *opaque)
{
	(void)opaque;
	nl_print_str(tcp, addr, len, 0);
	return true;
}

/* SK_MEMINFO_*: u32 counters indexed by name, "[[SK_MEMINFO_RCVBUF]=1]". */
bool nla_meminfo(struct tcb *tcp, uint64_t addr, unsigned int len,
		 const void *opaque)
{
	static const struct nla_indexed ix = {
		sk_meminfo, "SK_MEMINFO_???", 4, false, 0
	};

	(void)opaque;
	return nla_indexed(tcp, addr, len, &ix);
}

bool nla_inet_addr(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	int family = opaque ? *(const uint8_t *)opaque : AF_UNSPEC;
	unsigned char a[16];
	unsigned int need = family == AF_INET ? 4 : family == AF_INET6 ? 16 : 0;

	if (!need || len < need)
		return false;
	if (!nl_fetch_or_addr(tcp, addr, a, need))
		nl_print_inet_addr(tcp, family, a, need);
	return true;
}

static bool read_sized(struct tcb *tcp, uint64_t addr, unsigned int len,
		       unsigned int size, uint64_t *v, bool *printed)
{
	*printed = false;
	if (len < size)
		return false;
	switch (size) {
	case 1: {
		uint8_t x;

		if (nl_fetch_or_addr(tcp, addr, &x, 1))
			goto fail;
		*v = x;
		break;
	}
	case 2: {
		uint16_t x;

		if (nl_fetch_or_addr(tcp, addr, &x, 2))
			goto fail;
		*v = x;
		break;
	}
	case 8: {
		uint64_t x;

		if (nl_fetch_or_addr(tcp, addr, &x, 8))
			goto fail;
		*v = x;
		break;
	}
	default: {
		uint32_t x;

		if (nl_fetch_or_addr(tcp, addr, &x, 4))
			goto fail;
		*v = x;
		break;
	}
	}
	return true;
fail:
	*printed = true;
	return true;
}

bool nla_xval(struct tcb *tcp, uint64_t addr, unsigned int len,
	      const void *opaque)
{
	const struct nla_xlat *x = opaque;
	uint64_t v;
	bool printed;

	if (!read_sized(tcp, addr, len, x->size, &v, &printed))
		return false;
	if (!printed)
		print_xval(tcp, x->x, v, x->dflt);
	return true;
}

bool nla_flags(struct tcb *tcp, uint64_t addr, unsigned int len,
	       const void *opaque)
{
	const struct nla_xlat *x = opaque;
	uint64_t v;
	bool printed;

	if (!read_sized(tcp, addr, len, x->size, &v, &printed))
		return false;
	if (!printed)
		print_flags(tcp, x->x, v, x->dflt);
	return true;
}
