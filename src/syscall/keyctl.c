/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel key retention service: add_key, request_key, and keyctl
 * with each of its commands (include/uapi/linux/keyctl.h, keyctl(2)).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/process.h"
#include "xlat/tables/key_perms.h"
#include "xlat/tables/key_reqkeys.h"
#include "xlat/tables/key_spec.h"
#include "xlat/tables/keyctl_caps0.h"
#include "xlat/tables/keyctl_caps1.h"
#include "xlat/tables/keyctl_commands.h"
#include "xlat/tables/keyctl_move_flags.h"
#include "xlat/tables/keyctl_pkey_ops.h"

enum {
	KEYCTL_GET_KEYRING_ID = 0,
	KEYCTL_JOIN_SESSION_KEYRING = 1,
	KEYCTL_UPDATE = 2,
	KEYCTL_REVOKE = 3,
	KEYCTL_CHOWN = 4,
	KEYCTL_SETPERM = 5,
	KEYCTL_DESCRIBE = 6,
	KEYCTL_CLEAR = 7,
	KEYCTL_LINK = 8,
	KEYCTL_UNLINK = 9,
	KEYCTL_SEARCH = 10,
	KEYCTL_READ = 11,
	KEYCTL_INSTANTIATE = 12,
	KEYCTL_NEGATE = 13,
	KEYCTL_SET_REQKEY_KEYRING = 14,
	KEYCTL_SET_TIMEOUT = 15,
	KEYCTL_ASSUME_AUTHORITY = 16,
	KEYCTL_GET_SECURITY = 17,
	KEYCTL_SESSION_TO_PARENT = 18,
	KEYCTL_REJECT = 19,
	KEYCTL_INSTANTIATE_IOV = 20,
	KEYCTL_INVALIDATE = 21,
	KEYCTL_GET_PERSISTENT = 22,
	KEYCTL_DH_COMPUTE = 23,
	KEYCTL_PKEY_QUERY = 24,
	KEYCTL_PKEY_ENCRYPT = 25,
	KEYCTL_PKEY_DECRYPT = 26,
	KEYCTL_PKEY_SIGN = 27,
	KEYCTL_PKEY_VERIFY = 28,
	KEYCTL_RESTRICT_KEYRING = 29,
	KEYCTL_MOVE = 30,
	KEYCTL_CAPABILITIES = 31,
};

/* A key serial: a KEY_SPEC_* name, else the int. */
static void print_key(struct tcb *tcp, int32_t id)
{
	if (xlat_name(key_spec, (uint64_t)(int64_t)id))
		print_xval_d(tcp, key_spec, id, NULL);
	else
		emit_int(tcp, id);
}

static void print_key_arg(struct tcb *tcp, unsigned int i)
{
	print_key(tcp, tcp_iarg(tcp, i));
}

/* add_key(type, description, payload, plen, keyring) */
SYS_FUNC(add_key)
{
	emit_cstr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_buf(tcp, tcp_arg(tcp, 2), tcp_arg(tcp, 3));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_key_arg(tcp, 4);
	return RVAL_DECODED;
}

/* request_key(type, description, callout_info, dest_keyring) */
SYS_FUNC(request_key)
{
	emit_cstr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_key_arg(tcp, 3);
	return RVAL_DECODED;
}

/*
 * The text DESCRIBE and GET_SECURITY write: the first min(rval, buflen)
 * bytes, cut at -s, without the NUL that ends them.
 */
static void print_out_string(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	size_t limit = cfg.string_limit;
	size_t show = len > limit ? limit : (size_t)len;
	char *buf;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	buf = malloc(show + 1);
	if (!buf || tracee_read(tcp, addr, buf, show))
		emit_ptr(tcp, addr);
	else
		emit_quoted(tcp, buf, show,
			    len > show ? QUOTE_ELLIPSIS :
					 QUOTE_OMIT_TRAILING_0);
	free(buf);
}

/* An output buffer (arg i) and its size (arg i + 1), at exit. */
static void print_out_buf(struct tcb *tcp, unsigned int i, bool string)
{
	uint64_t addr = tcp_arg(tcp, i), size = tcp_arg(tcp, i + 1);
	uint64_t len = (uint64_t)tcp_rval(tcp);

	if (syserror(tcp)) {
		emit_ptr(tcp, addr);
	} else {
		if (len > size)
			len = size;
		if (string)
			print_out_string(tcp, addr, len);
		else
			emit_buf(tcp, addr, len);
	}
	emit_next(tcp);
	emit_uint(tcp, size);
}

/* struct keyctl_dh_params: three key serials. */
static void print_dh_params(struct tcb *tcp, uint64_t addr)
{
	int32_t p[3];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, p, sizeof(p))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "private");
	print_key(tcp, p[0]);
	emit_field(tcp, "prime");
	print_key(tcp, p[1]);
	emit_field(tcp, "base");
	print_key(tcp, p[2]);
	emit_struct_end(tcp);
}

/* A __spare array, shown only when a word of it is not zero. */
static void print_spare(struct tcb *tcp, const uint32_t *w, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n && !w[i]; i++)
		;
	if (i == n)
		return;
	emit_field(tcp, "__spare");
	emit_array_begin(tcp);
	for (i = 0; i < n; i++) {
		/* Cut after -s elements, as arrays are, unless -v. */
		if (i >= cfg.string_limit && qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_hex(tcp, w[i]);
	}
	emit_array_end(tcp);
}

/*
 * struct keyctl_kdf_params (shown whatever -e verbose says, as strace
 * does): char *hashname, char *otherinfo,
 * __u32 otherinfolen, __u32 __spare[8] (pointers of the tracee's size,
 * the struct padded to pointer alignment).
 */
static void print_kdf_params(struct tcb *tcp, uint64_t addr)
{
	unsigned int ws = tcp_wordsize(tcp);
	unsigned char buf[56];
	size_t size = ws == 8 ? 56 : 44;
	uint64_t hash = 0, info = 0;
	uint32_t len, spare[8];

	if (!addr || tracee_read(tcp, addr, buf, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	memcpy(&hash, buf, ws);
	memcpy(&info, buf + ws, ws);
	memcpy(&len, buf + 2 * ws, 4);
	memcpy(spare, buf + 2 * ws + 4, sizeof(spare));
	emit_struct_begin(tcp);
	emit_field(tcp, "hashname");
	emit_cstr(tcp, hash);
	emit_field(tcp, "otherinfo");
	/* strace shows no bytes of an empty otherinfo: its address. */
	if (len)
		emit_buf(tcp, info, len);
	else
		emit_ptr(tcp, info);
	emit_field(tcp, "otherinfolen");
	emit_uint(tcp, len);
	print_spare(tcp, spare, 8);
	emit_struct_end(tcp);
}

/*
 * struct keyctl_pkey_params: __s32 key_id, __u32 in_len, __u32 out_len
 * (in2_len for VERIFY), __u32 __spare[7].
 */
struct pkey_params {
	int32_t key_id;
	uint32_t in_len;
	uint32_t out_len;
	uint32_t spare[7];
};

static bool read_pkey_params(struct tcb *tcp, struct pkey_params *p)
{
	uint64_t addr = tcp_arg(tcp, 1);

	/* -e verbose=none: the params and the buffers they size unread. */
	return addr && qual_verbose(tcp) &&
	       !tracee_read(tcp, addr, p, sizeof(*p));
}

static void print_pkey_params(struct tcb *tcp, bool verify)
{
	struct pkey_params p;

	if (!read_pkey_params(tcp, &p)) {
		emit_ptr(tcp, tcp_arg(tcp, 1));
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "key_id");
	print_key(tcp, p.key_id);
	emit_field(tcp, "in_len");
	emit_uint(tcp, p.in_len);
	emit_field(tcp, verify ? "in2_len" : "out_len");
	emit_uint(tcp, p.out_len);
	print_spare(tcp, p.spare, 7);
	emit_struct_end(tcp);
}

/* PKEY_ENCRYPT, DECRYPT, SIGN, VERIFY: params, info, in, out (or in2). */
static int decode_pkey_op(struct tcb *tcp, uint32_t cmd)
{
	bool verify = cmd == KEYCTL_PKEY_VERIFY;
	struct pkey_params p;
	bool known;

	if (exiting(tcp)) {
		/* The output of ENCRYPT, DECRYPT and SIGN: rval bytes. */
		if (syserror(tcp) || !read_pkey_params(tcp, &p))
			emit_ptr(tcp, tcp_arg(tcp, 4));
		else
			emit_buf(tcp, tcp_arg(tcp, 4), (uint64_t)tcp_rval(tcp));
		return 0;
	}
	print_pkey_params(tcp, verify);
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	known = read_pkey_params(tcp, &p);
	if (known)
		emit_buf(tcp, tcp_arg(tcp, 3), p.in_len);
	else
		emit_ptr(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	if (!verify)
		return 0;
	if (known)
		emit_buf(tcp, tcp_arg(tcp, 4), p.out_len);
	else
		emit_ptr(tcp, tcp_arg(tcp, 4));
	return RVAL_DECODED;
}

/*
 * struct keyctl_pkey_query: __u32 supported_ops, __u32 key_size, four
 * __u16 sizes, __u32 __spare[10]; written by a successful call.
 */
static void print_pkey_query(struct tcb *tcp, uint64_t addr)
{
	struct {
		uint32_t ops, key_size;
		uint16_t data, sig, enc, dec;
		uint32_t spare[10];
	} q;

	if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &q, sizeof(q))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "supported_ops");
	print_flags(tcp, keyctl_pkey_ops, q.ops, "KEYCTL_SUPPORTS_???");
	emit_field(tcp, "key_size");
	emit_uint(tcp, q.key_size);
	emit_field(tcp, "max_data_size");
	emit_uint(tcp, q.data);
	emit_field(tcp, "max_sig_size");
	emit_uint(tcp, q.sig);
	emit_field(tcp, "max_enc_size");
	emit_uint(tcp, q.enc);
	emit_field(tcp, "max_dec_size");
	emit_uint(tcp, q.dec);
	print_spare(tcp, q.spare, 10);
	emit_struct_end(tcp);
}

/* KEYCTL_CAPABILITIES: bytes of capability bits, at exit. */
static void print_caps(struct tcb *tcp)
{
	uint64_t addr = tcp_arg(tcp, 1), size = tcp_arg(tcp, 2);
	uint64_t len = (uint64_t)tcp_rval(tcp);
	unsigned char caps[256];

	if (len > size)
		len = size;
	if (len > sizeof(caps))
		len = sizeof(caps);
	if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, caps, len)) {
		emit_ptr(tcp, addr);
	} else {
		emit_array_begin(tcp);
		for (uint64_t i = 0; i < len; i++) {
			emit_next(tcp);
			if (i == 0)
				print_flags(tcp, keyctl_caps0, caps[i],
					    "KEYCTL_CAPS0_???");
			else if (i == 1)
				print_flags(tcp, keyctl_caps1, caps[i],
					    "KEYCTL_CAPS1_???");
			else
				emit_hex(tcp, caps[i]);
		}
		emit_array_end(tcp);
	}
	emit_next(tcp);
	emit_uint(tcp, size);
}

/* The commands' output arguments, at exit. */
static int keyctl_exit(struct tcb *tcp, uint32_t cmd)
{
	switch (cmd) {
	case KEYCTL_DESCRIBE:
	case KEYCTL_GET_SECURITY:
		print_out_buf(tcp, 2, true);
		break;
	case KEYCTL_READ:
		print_out_buf(tcp, 2, false);
		break;
	case KEYCTL_DH_COMPUTE:
		print_out_buf(tcp, 2, false);
		emit_next(tcp);
		print_kdf_params(tcp, tcp_arg(tcp, 4));
		break;
	case KEYCTL_PKEY_QUERY:
		print_pkey_query(tcp, tcp_arg(tcp, 4));
		break;
	case KEYCTL_PKEY_ENCRYPT:
	case KEYCTL_PKEY_DECRYPT:
	case KEYCTL_PKEY_SIGN:
		decode_pkey_op(tcp, cmd);
		break;
	case KEYCTL_CAPABILITIES:
		print_caps(tcp);
		break;
	default:
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(keyctl)
{
	uint32_t cmd = (uint32_t)tcp_arg(tcp, 0);

	if (exiting(tcp))
		return keyctl_exit(tcp, cmd);
	print_xval(tcp, keyctl_commands, cmd, "KEYCTL_???");
	switch (cmd) {
	case KEYCTL_SESSION_TO_PARENT:
		return RVAL_DECODED;
	case KEYCTL_GET_KEYRING_ID:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_int(tcp, tcp_iarg(tcp, 2));
		return RVAL_DECODED;
	case KEYCTL_JOIN_SESSION_KEYRING:
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 1));
		return RVAL_DECODED;
	case KEYCTL_UPDATE:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_buf(tcp, tcp_arg(tcp, 2), tcp_arg(tcp, 3));
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 3));
		return RVAL_DECODED;
	case KEYCTL_REVOKE:
	case KEYCTL_CLEAR:
	case KEYCTL_ASSUME_AUTHORITY:
	case KEYCTL_INVALIDATE:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		return RVAL_DECODED;
	case KEYCTL_CHOWN:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		print_id(tcp, (uint32_t)tcp_arg(tcp, 2));
		emit_next(tcp);
		print_id(tcp, (uint32_t)tcp_arg(tcp, 3));
		return RVAL_DECODED;
	case KEYCTL_SETPERM:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		print_flags(tcp, key_perms, (uint32_t)tcp_arg(tcp, 2),
			    "KEY_???");
		return RVAL_DECODED;
	case KEYCTL_DESCRIBE:
	case KEYCTL_READ:
	case KEYCTL_GET_SECURITY:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		return 0;
	case KEYCTL_LINK:
	case KEYCTL_UNLINK:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		print_key_arg(tcp, 2);
		return RVAL_DECODED;
	case KEYCTL_SEARCH:
	case KEYCTL_RESTRICT_KEYRING:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 3));
		if (cmd == KEYCTL_SEARCH) {
			emit_next(tcp);
			print_key_arg(tcp, 4);
		}
		return RVAL_DECODED;
	case KEYCTL_INSTANTIATE:
	case KEYCTL_INSTANTIATE_IOV:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		if (cmd == KEYCTL_INSTANTIATE)
			emit_buf(tcp, tcp_arg(tcp, 2), tcp_arg(tcp, 3));
		else
			print_iov(tcp, tcp_arg(tcp, 2), tcp_arg(tcp, 3),
				  IOV_DATA_ALL, true);
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 3));
		emit_next(tcp);
		print_key_arg(tcp, 4);
		return RVAL_DECODED;
	case KEYCTL_NEGATE:
	case KEYCTL_REJECT:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
		if (cmd == KEYCTL_REJECT) {
			uint32_t err = (uint32_t)tcp_arg(tcp, 3);
			const char *name = errno_name((int)err);

			emit_next(tcp);
			if (name)
				print_named(tcp, err, name, true);
			else
				emit_uint(tcp, err);
		}
		emit_next(tcp);
		print_key_arg(tcp, cmd == KEYCTL_REJECT ? 4 : 3);
		return RVAL_DECODED;
	case KEYCTL_SET_REQKEY_KEYRING:
		emit_next(tcp);
		print_xval_d(tcp, key_reqkeys, tcp_iarg(tcp, 1),
			     "KEY_REQKEY_DEFL_???");
		return RVAL_DECODED;
	case KEYCTL_SET_TIMEOUT:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
		return RVAL_DECODED;
	case KEYCTL_GET_PERSISTENT:
		emit_next(tcp);
		print_id(tcp, (uint32_t)tcp_arg(tcp, 1));
		emit_next(tcp);
		print_key_arg(tcp, 2);
		return RVAL_DECODED;
	case KEYCTL_DH_COMPUTE:
		emit_next(tcp);
		print_dh_params(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	case KEYCTL_PKEY_QUERY:
		emit_next(tcp);
		print_key_arg(tcp, 1);
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 3));
		emit_next(tcp);
		return 0;
	case KEYCTL_PKEY_ENCRYPT:
	case KEYCTL_PKEY_DECRYPT:
	case KEYCTL_PKEY_SIGN:
	case KEYCTL_PKEY_VERIFY:
		emit_next(tcp);
		return decode_pkey_op(tcp, cmd);
	case KEYCTL_MOVE:
		for (unsigned int i = 1; i <= 3; i++) {
			emit_next(tcp);
			print_key_arg(tcp, i);
		}
		emit_next(tcp);
		print_flags(tcp, keyctl_move_flags, (uint32_t)tcp_arg(tcp, 4),
			    "KEYCTL_MOVE_???");
		return RVAL_DECODED;
	case KEYCTL_CAPABILITIES:
		emit_next(tcp);
		return 0;
	default:
		/* Unknown (and WATCH_KEY): the four words in hex. */
		for (unsigned int i = 1; i <= 4; i++) {
			emit_next(tcp);
			emit_hex(tcp, tcp_arg(tcp, i));
		}
		return RVAL_DECODED;
	}
}
