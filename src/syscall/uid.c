/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Credentials: user and group ids, supplementary groups, capabilities.
 *
 * The i386 table has two sets of id syscalls: the original ones take
 * 16-bit ids (old_uid_t, where 0xffff means -1), the *32 ones 32-bit
 * ids.  On x86_64 the plain names take 32-bit ids.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/cap_versions.h"
#include "xlat/tables/capabilities.h"

/* Bytes in an id of this syscall: 2 for the i386 16-bit ones. */
static unsigned int id_size(const struct tcb *tcp, bool is32)
{
	return !is32 && tcp->sc.pers == PERS_COMPAT ? 2 : 4;
}

static void print_id_val(struct tcb *tcp, uint32_t v, unsigned int size)
{
	if (size == 2)
		print_id(tcp, (uint16_t)v == 0xffff ? UINT32_MAX : (uint16_t)v);
	else
		print_id(tcp, v);
}

static int print_ids(struct tcb *tcp, unsigned int n, bool is32)
{
	unsigned int size = id_size(tcp, is32);

	for (unsigned int i = 0; i < n; i++) {
		emit_next(tcp);
		print_id_val(tcp, (uint32_t)tcp_arg(tcp, i), size);
	}
	return RVAL_DECODED;
}

/*
 * setfsuid and setfsgid return the previous id, never an error: an id
 * past INT_MAX is a number, shown unsigned (on i386 the 32-bit result
 * would otherwise read as negative).
 */
static int setfsid(struct tcb *tcp, bool is32)
{
	print_ids(tcp, 1, is32);
	return RVAL_DECODED | RVAL_UDECIMAL;
}

SYS_FUNC(setuid)
{
	return print_ids(tcp, 1, false);
}
SYS_FUNC(setgid)
{
	return print_ids(tcp, 1, false);
}
SYS_FUNC(setfsuid)
{
	return setfsid(tcp, false);
}
SYS_FUNC(setfsgid)
{
	return setfsid(tcp, false);
}
SYS_FUNC(setreuid)
{
	return print_ids(tcp, 2, false);
}
SYS_FUNC(setregid)
{
	return print_ids(tcp, 2, false);
}
SYS_FUNC(setresuid)
{
	return print_ids(tcp, 3, false);
}
SYS_FUNC(setresgid)
{
	return print_ids(tcp, 3, false);
}
SYS_FUNC(setuid32)
{
	return print_ids(tcp, 1, true);
}
SYS_FUNC(setgid32)
{
	return print_ids(tcp, 1, true);
}
SYS_FUNC(setfsuid32)
{
	return setfsid(tcp, true);
}
SYS_FUNC(setfsgid32)
{
	return setfsid(tcp, true);
}
SYS_FUNC(setreuid32)
{
	return print_ids(tcp, 2, true);
}
SYS_FUNC(setregid32)
{
	return print_ids(tcp, 2, true);
}
SYS_FUNC(setresuid32)
{
	return print_ids(tcp, 3, true);
}
SYS_FUNC(setresgid32)
{
	return print_ids(tcp, 3, true);
}

/* getresuid(&r, &e, &s): "[0], [0], [0]" at exit. */
static int getresid(struct tcb *tcp, bool is32)
{
	unsigned int size = id_size(tcp, is32);

	if (entering(tcp))
		return 0;
	for (unsigned int i = 0; i < 3; i++) {
		uint64_t addr = tcp_arg(tcp, i);
		uint32_t v = 0;

		emit_next(tcp);
		if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, &v, size)) {
			emit_ptr(tcp, addr);
			continue;
		}
		emit_array_begin(tcp);
		print_id_val(tcp, v, size);
		emit_array_end(tcp);
	}
	return 0;
}

SYS_FUNC(getresuid)
{
	return getresid(tcp, false);
}
SYS_FUNC(getresgid)
{
	return getresid(tcp, false);
}
SYS_FUNC(getresuid32)
{
	return getresid(tcp, true);
}
SYS_FUNC(getresgid32)
{
	return getresid(tcp, true);
}

/* One id of a group list; data points to the id size (2 or 4). */
static void print_id_elem(struct tcb *tcp, const void *elem, void *data)
{
	unsigned int size = *(const unsigned int *)data;

	if (size == 2)
		print_id_val(tcp, *(const uint16_t *)elem, size);
	else
		print_id_val(tcp, *(const uint32_t *)elem, size);
}

static void print_id_array(struct tcb *tcp, uint64_t addr, uint64_t n,
			   unsigned int size)
{
	print_array(tcp, addr, n, size, print_id_elem, &size);
}

static int getgroups_common(struct tcb *tcp, bool is32)
{
	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_id_array(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp),
			       id_size(tcp, is32));
	return 0;
}

SYS_FUNC(getgroups)
{
	return getgroups_common(tcp, false);
}
SYS_FUNC(getgroups32)
{
	return getgroups_common(tcp, true);
}

static int setgroups_common(struct tcb *tcp, bool is32)
{
	int n = tcp_iarg(tcp, 0);

	emit_int(tcp, n);
	emit_next(tcp);
	/* More than NGROUPS_MAX (65536): a list the kernel won't read. */
	if (n < 0 || n > 65536)
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_id_array(tcp, tcp_arg(tcp, 1), (uint64_t)n,
			       id_size(tcp, is32));
	return RVAL_DECODED;
}

SYS_FUNC(setgroups)
{
	return setgroups_common(tcp, false);
}
SYS_FUNC(setgroups32)
{
	return setgroups_common(tcp, true);
}

/* include/uapi/linux/capability.h */
#define CAP_VERSION_1 0x19980330
#define CAP_VERSION_2 0x20071026
#define CAP_VERSION_3 0x20080522

/*
 * One 32-bit word of a capability set, caps base..base+31, in the -X
 * style: "1<<CAP_KILL|1<<CAP_SETGID", unknown bits in hex.
 */
static size_t sprint_cap_word(char *buf, size_t size, uint32_t w,
			      unsigned int base)
{
	char names[1500];
	uint32_t left = w;
	size_t n = 0;

	if (cfg.xlat_style == XLAT_STYLE_RAW)
		return (size_t)snprintf(buf, size, "%#x", w);
	names[0] = '\0';
	for (const struct xlat *x = capabilities; x->name; x++) {
		if (x->val < base || x->val >= base + 32 ||
		    !(w & (1u << (x->val - base))))
			continue;
		left &= ~(1u << (x->val - base));
		n += (size_t)snprintf(names + n,
				      n < sizeof(names) ? sizeof(names) - n : 0,
				      "%s1<<%s", n ? "|" : "", x->name);
	}
	if (left && n < sizeof(names))
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%#x",
				      n ? "|" : "", left);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE && left != w)
		return (size_t)snprintf(buf, size, "%#x /* %s */", w, names);
	return (size_t)snprintf(buf, size, "%s", names);
}

/* A capability set: each nonzero 32-bit word on its own, joined by "|". */
static void print_cap_set(struct tcb *tcp, uint32_t lo, uint32_t hi)
{
	char buf[3200];
	size_t n = 0;

	if (!lo && !hi) {
		emit_sym(tcp, 0, "0");
		return;
	}
	if (lo)
		n = sprint_cap_word(buf, sizeof(buf), lo, 0);
	if (hi && n < sizeof(buf) - 1) {
		if (n)
			buf[n++] = '|';
		sprint_cap_word(buf + n, sizeof(buf) - n, hi, 32);
	}
	emit_sym(tcp, (uint64_t)hi << 32 | lo, buf);
}

/* The header is read at entry; its version decides the data's size. */
static int read_cap_header(struct tcb *tcp, uint64_t addr, uint32_t h[2])
{
	return addr ? tracee_read(tcp, addr, h, 2 * sizeof(uint32_t)) : -1;
}

static void print_cap_header(struct tcb *tcp, uint64_t addr)
{
	uint32_t h[2];

	/* -e verbose=!capget: both structs by their addresses. */
	if (!qual_verbose(tcp) || read_cap_header(tcp, addr, h)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "version");
	print_xval(tcp, cap_versions, h[0], "_LINUX_CAPABILITY_VERSION_???");
	emit_field(tcp, "pid");
	print_tid(tcp, (int32_t)h[1]);
	emit_struct_end(tcp);
}

static void print_cap_data(struct tcb *tcp, uint64_t hdr, uint64_t addr)
{
	uint32_t h[2], d[6];
	unsigned int n;

	if (!addr || !qual_verbose(tcp) || read_cap_header(tcp, hdr, h)) {
		emit_ptr(tcp, addr);
		return;
	}
	switch (h[0]) {
	case CAP_VERSION_1:
		n = 1;
		break;
	case CAP_VERSION_2:
	case CAP_VERSION_3:
		n = 2;
		break;
	default:
		/* strace shows one struct for a version it does not know */
		n = 1;
		break;
	}
	memset(d, 0, sizeof(d));
	if (tracee_read(tcp, addr, d, n * 3 * sizeof(uint32_t))) {
		emit_ptr(tcp, addr);
		return;
	}
	/* struct __user_cap_data_struct {effective, permitted, inheritable}[n] */
	emit_struct_begin(tcp);
	emit_field(tcp, "effective");
	print_cap_set(tcp, d[0], d[3]);
	emit_field(tcp, "permitted");
	print_cap_set(tcp, d[1], d[4]);
	emit_field(tcp, "inheritable");
	print_cap_set(tcp, d[2], d[5]);
	emit_struct_end(tcp);
}

SYS_FUNC(capget)
{
	if (entering(tcp)) {
		print_cap_header(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_cap_data(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1));
	return 0;
}

SYS_FUNC(capset)
{
	print_cap_header(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_cap_data(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1));
	return RVAL_DECODED;
}
