/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Attribute values that many netlink families share: structs described
 * by a table of fields, nested attribute sets, arrays of numbers,
 * addresses told by their length, clock_t timers.  The decoders of the
 * families (nlroute*.c, nldiag.c) build on these.
 */
#include "config.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/netlink.h"

static uint64_t get_uint(const unsigned char *b, unsigned int size)
{
	switch (size) {
	case 1:
		return b[0];
	case 2: {
		uint16_t v;

		memcpy(&v, b, 2);
		return v;
	}
	case 4: {
		uint32_t v;

		memcpy(&v, b, 4);
		return v;
	}
	default: {
		uint64_t v;

		memcpy(&v, b, 8);
		return v;
	}
	}
}

static int64_t get_int(const unsigned char *b, unsigned int size)
{
	uint64_t v = get_uint(b, size);

	if (size < 8 && (v & (1ULL << (size * 8 - 1))))
		v |= ~0ULL << (size * 8);
	return (int64_t)v;
}

void nl_print_field(struct tcb *tcp, const struct nl_field *f,
		    const unsigned char *b)
{
	const unsigned char *p = b + f->off;
	bool str = f->kind == NF_HEXSTR || f->kind == NF_HEXSTR_NZ;
	uint64_t v = str ? 0 : get_uint(p, f->size);

	switch (f->kind) {
	case NF_HEXSTR_NZ:
		for (unsigned int i = 0; i < f->size; i++)
			v |= p[i];
		if (!v)
			return;
		break;
	case NF_X_NZ:
	case NF_U_NZ:
		if (!v)
			return;
		break;
	}
	emit_field(tcp, f->name);
	switch (f->kind) {
	case NF_U:
	case NF_U_NZ:
		emit_uint(tcp, v);
		break;
	case NF_D:
		emit_int(tcp, get_int(p, f->size));
		break;
	case NF_X:
	case NF_X_NZ:
		emit_hex(tcp, v);
		break;
	case NF_XVAL: {
		const struct nla_xlat *x = f->aux;

		print_xval(tcp, x->x, v, x->dflt);
		break;
	}
	case NF_FLAGS: {
		const struct nla_xlat *x = f->aux;

		print_flags(tcp, x->x, v, x->dflt);
		break;
	}
	case NF_IFINDEX:
		nl_print_ifindex(tcp, (uint32_t)v);
		break;
	case NF_HEXSTR:
	case NF_HEXSTR_NZ:
		emit_quoted(tcp, (const char *)p, f->size, QUOTE_FORCE_HEX);
		break;
	case NF_FN:
		((void (*)(struct tcb *, const unsigned char *))f->aux)(tcp, p);
		break;
	}
}

void nl_print_fields(struct tcb *tcp, const struct nl_field *f, unsigned int n,
		     const unsigned char *b, unsigned int avail)
{
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < n; i++) {
		if (f[i].off + f[i].size > avail)
			break;
		nl_print_field(tcp, &f[i], b);
	}
	emit_struct_end(tcp);
}

bool nla_struct(struct tcb *tcp, uint64_t addr, unsigned int len,
		const void *opaque)
{
	const struct nl_struct *s = opaque;
	unsigned char b[512];
	unsigned int min = s->min ? s->min : s->size;
	unsigned int got = len < s->size ? len : s->size;

	if (len < min || got > sizeof(b))
		return false;
	memset(b, 0, sizeof(b));
	if (nl_fetch_or_addr(tcp, addr, b, got))
		return true;
	nl_print_fields(tcp, s->f, s->n, b, got);
	if (s->trailing && len > s->size) {
		emit_next(tcp);
		nl_print_hex(tcp, addr + s->size, len - s->size);
	}
	return true;
}

bool nla_nested(struct tcb *tcp, uint64_t addr, unsigned int len,
		const void *opaque)
{
	const struct nl_nest *n = opaque;

	if (len < NLA_HDRLEN)
		return false;
	nl_print_nest(tcp, addr, len, n);
	return true;
}

/* "1234 /\* 12.34 s *\/": a clock_t in USER_HZ (100) of 1 to 8 bytes. */
void nl_print_clock_t(struct tcb *tcp, uint64_t v)
{
	char text[96];

	if (!v || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_uint(tcp, v);
		return;
	}
	snprintf(text, sizeof(text), "%llu /* %llu.%02llu s */",
		 (unsigned long long)v, (unsigned long long)(v / 100),
		 (unsigned long long)(v % 100));
	emit_sym(tcp, v, text);
}

bool nla_clock_t(struct tcb *tcp, uint64_t addr, unsigned int len,
		 const void *opaque)
{
	unsigned char b[8] = { 0 };
	uint64_t v;

	(void)opaque;
	if (!len || len > 8)
		return false;
	if (nl_fetch_or_addr(tcp, addr, b, len))
		return true;
	memcpy(&v, b, 8);
	nl_print_clock_t(tcp, v);
	return true;
}

bool nla_inet_by_len(struct tcb *tcp, uint64_t addr, unsigned int len,
		     const void *opaque)
{
	unsigned char a[16];
	int family = len == 4 ? AF_INET : len == 16 ? AF_INET6 : 0;

	(void)opaque;
	if (!family)
		return false;
	if (!nl_fetch_or_addr(tcp, addr, a, len))
		nl_print_inet_addr(tcp, family, a, len);
	return true;
}

static void print_elem_u(struct tcb *tcp, const void *e, void *data)
{
	emit_uint(tcp, get_uint(e, (unsigned int)(uintptr_t)data));
}

static void print_elem_x(struct tcb *tcp, const void *e, void *data)
{
	emit_hex(tcp, get_uint(e, (unsigned int)(uintptr_t)data));
}

static bool array_of(struct tcb *tcp, uint64_t addr, unsigned int len,
		     unsigned int size, print_elem_fn fn)
{
	if (len < size)
		return false;
	print_array(tcp, addr, len / size, size, fn, (void *)(uintptr_t)size);
	return true;
}

bool nla_u16_array(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	(void)opaque;
	return array_of(tcp, addr, len, 2, print_elem_u);
}

bool nla_u32_array(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	(void)opaque;
	return array_of(tcp, addr, len, 4, print_elem_u);
}

bool nla_x32_array(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	(void)opaque;
	return array_of(tcp, addr, len, 4, print_elem_x);
}

bool nla_u64_array(struct tcb *tcp, uint64_t addr, unsigned int len,
		   const void *opaque)
{
	(void)opaque;
	return array_of(tcp, addr, len, 8, print_elem_u);
}

void nl_print_indexed_elem(struct tcb *tcp, const struct xlat *x,
			   const char *dflt, unsigned int i, int bias,
			   const char *num)
{
	const char *s = xlat_name(x, i + (unsigned int)bias);
	char name[160], text[256];

	/* with a bias, the index is the constant less it: "[NAME-1]" */
	if (s && bias)
		snprintf(name, sizeof(name), "%s-%d", s, bias);
	else if (s)
		snprintf(name, sizeof(name), "%s", s);
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(text, sizeof(text), "[%u]=%s", i, num);
	else if (!s)
		snprintf(text, sizeof(text), "[%u /* %s */]=%s", i, dflt, num);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(text, sizeof(text), "[%u /* %s */]=%s", i, name, num);
	else
		snprintf(text, sizeof(text), "[%s]=%s", name, num);
	emit_raw(tcp, text);
}

/* "[[NAME]=v, [7 /\* DFLT *\/]=v, ...]": an array indexed by constants. */
bool nla_indexed(struct tcb *tcp, uint64_t addr, unsigned int len,
		 const void *opaque)
{
	const struct nla_indexed *ix = opaque;
	unsigned int n = len / ix->size;

	if (!n)
		return false;
	for (unsigned int i = 0; i < n; i++) {
		unsigned char b[8];
		char text[64], num[32];

		if (nl_fetch(tcp, addr + (uint64_t)i * ix->size, b, ix->size)) {
			if (!i) {
				emit_ptr(tcp, addr);
				return true;
			}
			emit_more(tcp);
			snprintf(text, sizeof(text), "%#llx",
				 (unsigned long long)(addr +
						      (uint64_t)i * ix->size));
			emit_comment(tcp, text);
			break;
		}
		if (!i)
			emit_array_begin(tcp);
		if (qual_abbrev(tcp) && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		if (ix->sign)
			snprintf(num, sizeof(num), "%lld",
				 (long long)get_int(b, ix->size));
		else
			snprintf(num, sizeof(num), "%llu",
				 (unsigned long long)get_uint(b, ix->size));
		emit_next(tcp);
		nl_print_indexed_elem(tcp, ix->x, ix->dflt, i, ix->bias, num);
	}
	emit_array_end(tcp);
	return true;
}

/*
 * A name of a known length that may hold NULs: its bytes up to a final
 * NUL, "..." after them when it has none.
 */
bool nla_strz(struct tcb *tcp, uint64_t addr, unsigned int len,
	      const void *opaque)
{
	char buf[256];
	unsigned int n = len < cfg.string_limit ? len : cfg.string_limit;

	(void)opaque;
	if (!len || n > sizeof(buf))
		return false;
	if (nl_fetch_or_addr(tcp, addr, buf, n))
		return true;
	if (n == len && !buf[len - 1])
		emit_quoted(tcp, buf, len - 1, 0);
	else
		emit_quoted(tcp, buf, n, QUOTE_ELLIPSIS);
	return true;
}
