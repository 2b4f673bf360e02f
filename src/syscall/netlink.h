/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink messages in the data of send/recv calls on AF_NETLINK sockets,
 * as strace shows them: an array of "[{nlmsg_len=..., nlmsg_type=...,
 * ...}, body]", the body decoded by the socket's protocol (netlink.c:
 * headers, errors, attributes; nlroute.c: NETLINK_ROUTE; nldiag.c:
 * NETLINK_SOCK_DIAG; nlmisc.c: the message types of the others).
 *
 * Decoders take tracee addresses and lengths, as the rest of sltrace
 * does; nl_fetch() reads them from one copy of the whole buffer made
 * when the top-level decode starts, so that a message of many small
 * fields costs one read of the tracee.
 */
#ifndef SLTRACE_SYSCALL_NETLINK_H
#define SLTRACE_SYSCALL_NETLINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/netlink.h>

#include "xlat/xlat.h"

struct tcb;

/* Protocol of a netlink socket whose protocol is not known. */
#define NL_FAMILY_UNKNOWN	(-2)

/*
 * len bytes at addr: 0 and the bytes in dst, or -1 when they cannot be
 * read.  nl_fetch_or_addr() prints the address on failure (strace's
 * umove_or_printaddr).
 */
int nl_fetch(struct tcb *tcp, uint64_t addr, void *dst, uint64_t len);
int nl_fetch_or_addr(struct tcb *tcp, uint64_t addr, void *dst, uint64_t len);

/*
 * len bytes at addr as a string: every byte in \x form (what strace
 * shows of data it does not decode), or as text (str_ex flags of
 * emit_quoted, QUOTE_0_TERMINATED for a C string).  Cut at -s; the
 * address when unreadable.
 */
void nl_print_hex(struct tcb *tcp, uint64_t addr, uint64_t len);
void nl_print_str(struct tcb *tcp, uint64_t addr, uint64_t len,
		  unsigned int flags);

/* The family-specific body of one message (after its nlmsghdr). */
typedef bool (*nl_body_fn)(struct tcb *tcp, int fd,
			   const struct nlmsghdr *h, uint64_t addr,
			   uint64_t len);

/* Message types and the flags that go with them, per protocol. */
struct nl_proto {
	const struct xlat *types;
	const char *dflt;		/* "RTM_???" */
	/* the flag table of a type (NULL: the common flags only) */
	const struct xlat *(*flags)(uint16_t type);
	/* the type's name, when it is not a table (generic, netfilter) */
	void (*print_type)(struct tcb *tcp, uint16_t type);
	nl_body_fn body;
};

/* The tables of every protocol, by protocol number (nlmisc.c). */
const struct nl_proto *nl_proto_of(int family);

/* The bodies of NETLINK_ROUTE (nlroute.c) and NETLINK_SOCK_DIAG (nldiag.c). */
bool nl_route_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
		   uint64_t addr, uint64_t len);
bool nl_sock_diag_body(struct tcb *tcp, int fd, const struct nlmsghdr *h,
		       uint64_t addr, uint64_t len);

/* The INET_DIAG_* attributes of an inet_diag answer (nldiag_inet.c). */
struct nl_nest;
extern const struct nl_nest nl_inet_diag_msg_nest;

/* The data of a NETLINK_KOBJECT_UEVENT socket (nlmisc.c). */
void nl_print_uevent(struct tcb *tcp, uint64_t addr, uint64_t len);

/* One nlmsghdr, as read ("{nlmsg_len=..., ...}"). */
void nl_print_header(struct tcb *tcp, int family, const struct nlmsghdr *h);

/*
 * Attributes (struct nlattr): an array "[{nla_len=..., nla_type=...},
 * value]"; the value by decoders[type] when the table has one and it
 * accepts the data, else as hex.  With size 0, decoders[0] decodes every
 * attribute.  A decoder returns false to have the data shown as hex.
 * opaque is passed on to it (its own context).
 */
typedef bool (*nla_fn)(struct tcb *tcp, uint64_t addr, unsigned int len,
		       const void *opaque);

void nl_print_attrs(struct tcb *tcp, uint64_t addr, uint64_t len,
		    const struct xlat *types, const char *dflt,
		    const nla_fn *decoders, unsigned int size,
		    const void *opaque);

/* Attribute values strace prints alike in every family. */
bool nla_u8(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u16(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u32(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u64(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_s8(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_s16(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_s32(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_s64(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_x8(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_x16(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_x32(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_x64(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_be16(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_be64(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_str(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_strn(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_fd(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_ifindex(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_meminfo(struct tcb *, uint64_t, unsigned int, const void *);
/* An address of the family *(const uint8_t *)opaque. */
bool nla_inet_addr(struct tcb *, uint64_t, unsigned int, const void *);

/* Constants of attributes: opaque points to one of these. */
struct nla_xlat {
	const struct xlat *x;
	const char *dflt;
	unsigned int size;	/* bytes of the value: 1, 2, 4 or 8 */
};
bool nla_xval(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_flags(struct tcb *, uint64_t, unsigned int, const void *);
/* A decoder fn of a constant or flags of size bytes from table. */
#define NLA_XLAT(fn, table, dflt, size, kind)				\
static bool fn(struct tcb *tcp, uint64_t addr, unsigned int len,	\
	       const void *opaque)					\
{									\
	static const struct nla_xlat x = { table, dflt, size };		\
									\
	(void)opaque;							\
	return nla_##kind(tcp, addr, len, &x);				\
}

/* Pieces of structs that several families share. */
void nl_print_ifindex(struct tcb *tcp, uint32_t idx);
void nl_print_family(struct tcb *tcp, uint8_t family);
/* "inet_addr(\"1.2.3.4\")" or "inet_pton(AF_INET6, \"::1\")"; len the
 * bytes available (false when too few for the family). */
bool nl_print_inet_addr(struct tcb *tcp, int family, const void *addr,
			unsigned int len);
/*
 * A set of bits named after the numbers of a table: "1<<TCP_LISTEN",
 * "1<<(INET_DIAG_CONG-1)" (bias 1); unnamed bits follow in hex, none
 * named "0x... /\* dflt *\/".
 */
void nl_print_bit_set(struct tcb *tcp, const struct xlat *x, int bias,
		      uint64_t val, const char *dflt);
/* strace's "%#x" of a field. */
void nl_print_x(struct tcb *tcp, uint64_t v);

/* Within a struct: a field and its value. */
#define NL_FIELD_U(tcp, s, f) (emit_field(tcp, #f), emit_uint(tcp, (s).f))
#define NL_FIELD_D(tcp, s, f) (emit_field(tcp, #f), emit_int(tcp, (s).f))
#define NL_FIELD_X(tcp, s, f) (emit_field(tcp, #f), nl_print_x(tcp, (s).f))

/*
 * A struct described field by field: name, offset, size in bytes and
 * how the value prints.  NF_*_NZ fields show only when not zero (strace
 * shows padding and reserved fields so).  aux: a struct nla_xlat for
 * NF_XVAL and NF_FLAGS, a void (*)(struct tcb *, const unsigned char *)
 * for NF_FN.
 */
enum nl_field_kind {
	NF_U, NF_D, NF_X, NF_U_NZ, NF_X_NZ, NF_XVAL, NF_FLAGS, NF_IFINDEX,
	NF_HEXSTR, NF_HEXSTR_NZ, NF_FN,
};
struct nl_field {
	const char *name;
	unsigned short off;
	unsigned char size;
	unsigned char kind;
	const void *aux;
};
#define NL_F(type, field, kind, aux)					\
	{ #field, offsetof(type, field), sizeof(((type *)0)->field), kind, aux }

void nl_print_field(struct tcb *tcp, const struct nl_field *f,
		    const unsigned char *b);
/* "{f=..., ...}" of the fields that lie within the first avail bytes. */
void nl_print_fields(struct tcb *tcp, const struct nl_field *f, unsigned int n,
		     const unsigned char *b, unsigned int avail);

/*
 * An attribute holding a struct (opaque): shorter than min (size when 0)
 * it shows as hex; the fields that fit in the data show; with trailing,
 * bytes past size follow in hex.
 */
struct nl_struct {
	unsigned int size, min;
	const struct nl_field *f;
	unsigned int n;
	bool trailing;
};
bool nla_struct(struct tcb *, uint64_t, unsigned int, const void *);

/* An attribute holding attributes (opaque: the table of the nested set). */
struct nl_nest {
	const struct xlat *types;
	const char *dflt;
	const nla_fn *fns;
	unsigned int n;
	const void *opaque;		/* for every decoder */
	const void *const *opaques;	/* by type (n of them), when not NULL */
};
void nl_print_nest(struct tcb *tcp, uint64_t addr, uint64_t len,
		   const struct nl_nest *n);
bool nla_nested(struct tcb *, uint64_t, unsigned int, const void *);

/* A clock_t of 1 to 8 bytes, "250 /\* 2.50 s *\/". */
void nl_print_clock_t(struct tcb *tcp, uint64_t v);
bool nla_clock_t(struct tcb *, uint64_t, unsigned int, const void *);
/* An IPv4 address in 4 bytes, IPv6 in 16, anything else hex. */
bool nla_inet_by_len(struct tcb *, uint64_t, unsigned int, const void *);
/* Arrays of numbers: "[1, 2, 3]" (elements past the last whole ignored). */
bool nla_strz(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u16_array(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u32_array(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_x32_array(struct tcb *, uint64_t, unsigned int, const void *);
bool nla_u64_array(struct tcb *, uint64_t, unsigned int, const void *);

/* An array of numbers indexed by the constants of x: opaque is this. */
struct nla_indexed {
	const struct xlat *x;
	const char *dflt;
	unsigned int size;
	bool sign;
	int bias;	/* element i is named after constant i + bias */
};
bool nla_indexed(struct tcb *, uint64_t, unsigned int, const void *);
/* One element of such an array: "[NAME]=num" (raw, verbose forms too). */
void nl_print_indexed_elem(struct tcb *tcp, const struct xlat *x,
			   const char *dflt, unsigned int i, int bias,
			   const char *num);

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define NL_NEST(types, dflt, fns) { types, dflt, fns, ARRAY_LEN(fns), NULL, NULL }
/* With an opaque by type for the decoders (an array as long as fns). */
#define NL_NEST_O(types, dflt, fns, ops)				\
	{ types, dflt, fns, ARRAY_LEN(fns), NULL, ops }

#endif
