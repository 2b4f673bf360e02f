/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * seccomp(2), and the classic BPF program that it and
 * prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) load, as do socket filters
 * (SO_ATTACH_FILTER): struct sock_fprog,
 * its instructions shown as the BPF_STMT()/BPF_JUMP() macros of
 * <linux/filter.h> that would build them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "syscall/defs.h"
#include "select/qualify.h"
#include "syscall/seccomp.h"
#include "xlat/tables/bpf_class.h"
#include "xlat/tables/ebpf_class.h"
#include "xlat/tables/bpf_miscop.h"
#include "xlat/tables/bpf_mode.h"
#include "xlat/tables/bpf_op_alu.h"
#include "xlat/tables/bpf_op_jmp.h"
#include "xlat/tables/bpf_rval.h"
#include "xlat/tables/bpf_size.h"
#include "xlat/tables/bpf_src.h"
#include "xlat/tables/seccomp_filter_flags.h"
#include "xlat/tables/seccomp_ops.h"
#include "xlat/tables/seccomp_ret.h"
#include "xlat/tables/skf_ad.h"
#include "xlat/tables/skf_off.h"

/* include/uapi/linux/seccomp.h */
enum {
	SECCOMP_SET_MODE_STRICT = 0,
	SECCOMP_SET_MODE_FILTER = 1,
	SECCOMP_GET_ACTION_AVAIL = 2,
	SECCOMP_GET_NOTIF_SIZES = 3,
};
#define SECCOMP_RET_ACTION_FULL 0xffff0000U
#define SECCOMP_RET_DATA 0x0000ffffU

/* include/uapi/linux/bpf_common.h, filter.h */
#define BPF_CLASS(code) ((code) & 0x07)
#define BPF_LD 0x00
#define BPF_LDX 0x01
#define BPF_MODE(code) ((code) & 0xe0)
#define BPF_ABS 0x20
#define BPF_IND 0x40
#define BPF_ST 0x02
#define BPF_STX 0x03
#define BPF_ALU 0x04
#define BPF_JMP 0x05
#define BPF_RET 0x06
#define BPF_MISC 0x07
/* The kernel takes no longer program (BPF_MAXINSNS), nor shows strace. */
#define BPF_MAXINSNS 4096

/* struct sock_filter, the same in both personalities. */
struct sock_insn {
	uint16_t code;
	uint8_t jt;
	uint8_t jf;
	uint32_t k;
};

/* Appends text to buf (at *n), as far as it goes. */
static void put(char *buf, size_t size, size_t *n, const char *text)
{
	if (*n < size)
		*n += (size_t)snprintf(buf + *n, size - *n, "%s", text);
}

/* "|" and a part of the code named from x, in the -X style. */
static void put_part(char *buf, size_t size, size_t *n, const struct xlat *x,
		     unsigned int val)
{
	char part[64];

	put(buf, size, n, "|");
	put(buf, size, n, sprint_xval(part, sizeof(part), x, val, "BPF_???"));
}

/*
 * Bits of the code that no field of its class owns: strace shows them
 * as a number with the pattern, in every -X style.
 */
static void put_rest(char *buf, size_t size, size_t *n, unsigned int rest)
{
	char part[64];

	if (!rest)
		return;
	snprintf(part, sizeof(part), "|%#x /* BPF_??? */", rest);
	put(buf, size, n, part);
}

/*
 * The opcode as strace spells it: the class, then the fields that the
 * class has.  Bits above the low byte count only for the classes whose
 * remaining bits strace shows as a whole (ST, STX, RET, MISC).  eBPF
 * (ebpf) names classes 6 and 7 BPF_JMP32 and BPF_ALU64, and its stores
 * have a size and mode as its loads do.
 */
static void put_code(char *buf, size_t size, size_t *n, unsigned int code,
		     bool ebpf)
{
	char part[64];

	put(buf, size, n, sprint_xval(part, sizeof(part),
				      ebpf ? ebpf_class : bpf_class,
				      BPF_CLASS(code), "BPF_???"));
	switch (BPF_CLASS(code)) {
	case BPF_ST:
	case BPF_STX:
		if (!ebpf) {
			put_rest(buf, size, n, code & ~0x07U);
			break;
		}
		/* fall through */
	case BPF_LD:
	case BPF_LDX:
		put_part(buf, size, n, bpf_size, code & 0x18);
		put_part(buf, size, n, bpf_mode, code & 0xe0);
		break;
	case BPF_ALU:
		put_part(buf, size, n, bpf_src, code & 0x08);
		put_part(buf, size, n, bpf_op_alu, code & 0xf0);
		break;
	case BPF_JMP:
		put_part(buf, size, n, bpf_src, code & 0x08);
		put_part(buf, size, n, bpf_op_jmp, code & 0xf0);
		break;
	case BPF_RET: /* BPF_JMP32 */
		/* strace 6.1 names no fields of BPF_JMP32: all is the rest. */
		if (ebpf) {
			put_rest(buf, size, n, code & ~0x07U);
			break;
		}
		put_part(buf, size, n, bpf_rval, code & 0x18);
		put_rest(buf, size, n, code & ~0x1fU);
		break;
	case BPF_MISC: /* BPF_ALU64 */
		if (ebpf) {
			put_part(buf, size, n, bpf_src, code & 0x08);
			put_part(buf, size, n, bpf_op_alu, code & 0xf0);
			break;
		}
		put_part(buf, size, n, bpf_miscop, code & 0xf8);
		put_rest(buf, size, n, code & ~0xffU);
		break;
	}
}

const char *sprint_bpf_code(char *buf, size_t size, unsigned int code,
			    bool ebpf)
{
	size_t n = 0;

	buf[0] = '\0';
	put_code(buf, size, &n, code, ebpf);
	return buf;
}

/* A seccomp return value: the action by name, then its data. */
static void put_seccomp_ret(char *buf, size_t size, size_t *n, uint32_t k)
{
	char part[64];

	put(buf, size, n, sprint_xval(part, sizeof(part), seccomp_ret,
				      k & SECCOMP_RET_ACTION_FULL,
				      "SECCOMP_RET_???"));
	if (k & SECCOMP_RET_DATA) {
		snprintf(part, sizeof(part), "|%#x", k & SECCOMP_RET_DATA);
		put(buf, size, n, part);
	}
}

/*
 * A socket filter's load from a special offset: the base in the -X
 * style, then the offset, an SKF_AD_* constant for the ancillary data
 * and a decimal number into a header ("SKF_AD_OFF+SKF_AD_MARK",
 * "SKF_NET_OFF+8"; linux/filter.h).
 */
static bool put_skf_k(char *buf, size_t size, size_t *n, uint32_t k)
{
	char part[96];
	uint32_t base;

	if (k >= 0xfffff000U)
		base = 0xfffff000U;
	else if (k >= 0xfff00000U)
		base = 0xfff00000U;
	else if (k >= 0xffe00000U)
		base = 0xffe00000U;
	else
		return false;
	put(buf, size, n, sprint_xval(part, sizeof(part), skf_off, base,
				      "SKF_???"));
	put(buf, size, n, "+");
	if (base == 0xfffff000U)
		sprint_xval(part, sizeof(part), skf_ad, k - base, "SKF_AD_???");
	else
		snprintf(part, sizeof(part), "%u", k - base);
	put(buf, size, n, part);
	return true;
}

/*
 * One instruction: BPF_JUMP(code, k, jt, jf) when it has jump offsets,
 * else BPF_STMT(code, k), where a return's k is the seccomp action (data
 * NULL) or, for a socket filter (data not NULL), a plain number.
 */
static void print_insn(struct tcb *tcp, const void *elem, void *data)
{
	const struct sock_insn *in = elem;
	char buf[512], num[32];
	size_t n = 0;
	bool jump = in->jt || in->jf;
	bool sock = data != NULL;

	put(buf, sizeof(buf), &n, jump ? "BPF_JUMP(" : "BPF_STMT(");
	put_code(buf, sizeof(buf), &n, in->code, false);
	put(buf, sizeof(buf), &n, ", ");
	if (!jump && !sock && BPF_CLASS(in->code) == BPF_RET) {
		put_seccomp_ret(buf, sizeof(buf), &n, in->k);
	} else if (sock && BPF_CLASS(in->code) == BPF_LD &&
		   BPF_MODE(in->code) == BPF_ABS &&
		   put_skf_k(buf, sizeof(buf), &n, in->k)) {
		/*
		 * strace names the offset of an absolute load only, not
		 * of an indexed one nor of BPF_LDX.
		 */
	} else {
		snprintf(num, sizeof(num), "%#x", in->k);
		put(buf, sizeof(buf), &n, num);
	}
	if (jump) {
		snprintf(num, sizeof(num), ", %#x, %#x", in->jt, in->jf);
		put(buf, sizeof(buf), &n, num);
	}
	put(buf, sizeof(buf), &n, ")");
	emit_raw(tcp, buf);
}

/* struct sock_fprog; sock tells a socket filter from a seccomp one. */
static void print_fprog(struct tcb *tcp, uint64_t addr, bool sock)
{
	uint64_t len, filter;

	/* struct sock_fprog {unsigned short len; struct sock_filter *filter;} */
	if (tcp_wordsize(tcp) == 4) {
		uint32_t w[2];

		if (!addr || tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		len = (uint16_t)w[0];
		filter = w[1];
	} else {
		uint64_t w[2];

		if (!addr || tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		len = (uint16_t)w[0];
		filter = w[1];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "len");
	emit_uint(tcp, len);
	emit_field(tcp, "filter");
	/* Only -v shows the program. */
	if (qual_abbrev(tcp))
		emit_ptr(tcp, filter);
	else
		print_array_max(tcp, filter, len, sizeof(struct sock_insn),
				BPF_MAXINSNS, print_insn, sock ? (void *)1 : NULL);
	emit_struct_end(tcp);
}

void print_seccomp_fprog(struct tcb *tcp, uint64_t addr)
{
	print_fprog(tcp, addr, false);
}

void print_sock_fprog(struct tcb *tcp, uint64_t addr)
{
	print_fprog(tcp, addr, true);
}

void print_sock_filter_insn(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	print_insn(tcp, elem, (void *)1);
}

/* SECCOMP_GET_ACTION_AVAIL: the action asked about, "[SECCOMP_RET_LOG]". */
static void print_action(struct tcb *tcp, uint64_t addr)
{
	uint32_t action;

	if (!addr || tracee_read(tcp, addr, &action, sizeof(action))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	emit_next(tcp);
	print_xval(tcp, seccomp_ret, action, "SECCOMP_RET_???");
	emit_array_end(tcp);
}

/* struct seccomp_notif_sizes, which the kernel writes. */
static void print_notif_sizes(struct tcb *tcp, uint64_t addr)
{
	uint16_t sz[3];

	if (!addr || syserror(tcp) || tracee_read(tcp, addr, sz, sizeof(sz))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "seccomp_notif");
	emit_uint(tcp, sz[0]);
	emit_field(tcp, "seccomp_notif_resp");
	emit_uint(tcp, sz[1]);
	emit_field(tcp, "seccomp_data");
	emit_uint(tcp, sz[2]);
	emit_struct_end(tcp);
}

SYS_FUNC(seccomp)
{
	uint32_t op = (uint32_t)tcp_arg(tcp, 0);
	uint32_t flags = (uint32_t)tcp_arg(tcp, 1);
	uint64_t addr = tcp_arg(tcp, 2);

	if (exiting(tcp)) {
		print_notif_sizes(tcp, addr);
		return 0;
	}
	print_xval(tcp, seccomp_ops, op, "SECCOMP_SET_MODE_???");
	emit_next(tcp);
	if (op == SECCOMP_SET_MODE_FILTER)
		print_flags(tcp, seccomp_filter_flags, flags,
			    "SECCOMP_FILTER_FLAG_???");
	else
		emit_hex(tcp, flags);
	emit_next(tcp);
	switch (op) {
	case SECCOMP_SET_MODE_FILTER:
		print_seccomp_fprog(tcp, addr);
		break;
	case SECCOMP_GET_ACTION_AVAIL:
		print_action(tcp, addr);
		break;
	case SECCOMP_GET_NOTIF_SIZES:
		/* The kernel fills it: shown at exit. */
		return 0;
	default:
		emit_ptr(tcp, addr);
		break;
	}
	return RVAL_DECODED;
}
