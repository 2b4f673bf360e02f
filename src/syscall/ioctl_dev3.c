/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of PTP hardware clocks (linux/ptp_clock.h) and of the TEE
 * subsystem (linux/tee.h), as strace 6.1 shows them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/ioctl.h>
#include <linux/ptp_clock.h>
#include <linux/tee.h>

#include "select/qualify.h"
#include "syscall/file.h"
#include "syscall/ioctl.h"
#include "xlat/tables/ptp_extts_flags.h"
#include "xlat/tables/ptp_perout_flags.h"
#include "xlat/tables/ptp_pin_funcs.h"
#include "xlat/tables/tee_gen_caps.h"
#include "xlat/tables/tee_impl_ids.h"
#include "xlat/tables/tee_login.h"
#include "xlat/tables/tee_optee_caps.h"
#include "xlat/tables/tee_origins.h"
#include "xlat/tables/tee_param_types.h"
#include "xlat/tables/tee_shm_flags.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* --- PTP --------------------------------------------------------------- */

/* {sec, nsec[, reserved]}, with the calendar time when date says so. */
static void print_ptp_time(struct tcb *tcp, const struct ptp_clock_time *t,
			   bool date)
{
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "sec", t->sec);
	ioctl_field_u(tcp, "nsec", t->nsec);
	if (t->reserved)
		ioctl_field_x(tcp, "reserved", t->reserved);
	emit_struct_end(tcp);
	if (date && t->nsec < 1000000000 && cfg.xlat_style != XLAT_STYLE_RAW)
		print_time_comment(tcp, t->sec, t->nsec, 9);
}

static void ptp_time_field(struct tcb *tcp, const char *name,
			   const struct ptp_clock_time *t, bool date)
{
	emit_field(tcp, name);
	print_ptp_time(tcp, t, date);
}

/* The entries of an array past the -s limit are elided unless -v. */
static bool ptp_more(struct tcb *tcp, size_t i)
{
	if (i < cfg.string_limit || !qual_abbrev(tcp))
		return false;
	emit_more(tcp);
	return true;
}

static void print_ptp_caps(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	static const char *const names[] = {
		"max_adj", "n_alarm", "n_ext_ts", "n_per_out", "pps",
		"n_pins", "cross_timestamping", "adjust_phase",
	};
	struct ptp_clock_caps c;
	int32_t v[8];

	(void)code;
	if (!ioctl_fetch(tcp, addr, &c, sizeof(c)))
		return;
	memcpy(v, &c, sizeof(v));
	emit_struct_begin(tcp);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		ioctl_field_d(tcp, names[i], v[i]);
	print_reserved_u32(tcp, "rsv", (const uint32_t *)c.rsv,
			   ARRAY_SIZE(c.rsv));
	emit_struct_end(tcp);
}

static void print_ptp_precise(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	struct ptp_sys_offset_precise p;

	(void)code;
	if (!ioctl_fetch(tcp, addr, &p, sizeof(p)))
		return;
	emit_struct_begin(tcp);
	ptp_time_field(tcp, "device", &p.device, true);
	ptp_time_field(tcp, "sys_realtime", &p.sys_realtime, true);
	ptp_time_field(tcp, "sys_monoraw", &p.sys_monoraw, false);
	print_reserved_u32(tcp, "rsv", p.rsv, ARRAY_SIZE(p.rsv));
	emit_struct_end(tcp);
}

static int ptp_extts(struct tcb *tcp, uint64_t arg, bool v2)
{
	struct ptp_extts_request r;

	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "index", r.index);
	emit_field(tcp, "flags");
	print_flags(tcp, ptp_extts_flags, r.flags, "PTP_???");
	if (v2)
		print_reserved_u32(tcp, "rsv", r.rsv, ARRAY_SIZE(r.rsv));
	emit_struct_end(tcp);
	return RVAL_DECODED;
}

static int ptp_perout(struct tcb *tcp, uint64_t arg, bool v2)
{
	struct ptp_perout_request r;
	bool phase;

	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
		return RVAL_DECODED;
	phase = r.flags & PTP_PEROUT_PHASE;
	emit_struct_begin(tcp);
	/* A phase is an offset, not a time of day. */
	ptp_time_field(tcp, phase ? "phase" : "start", &r.start, !phase);
	ptp_time_field(tcp, "period", &r.period, false);
	ioctl_field_u(tcp, "index", r.index);
	emit_field(tcp, "flags");
	print_flags(tcp, ptp_perout_flags, r.flags, "PTP_PEROUT_???");
	if (r.flags & PTP_PEROUT_DUTY_CYCLE)
		ptp_time_field(tcp, "on", &r.on, false);
	else if (v2)
		print_reserved_u32(tcp, "rsv", r.rsv, ARRAY_SIZE(r.rsv));
	emit_struct_end(tcp);
	return RVAL_DECODED;
}

/*
 * PTP_SYS_OFFSET{,_EXTENDED}{,2}: n_samples and rsv in, the samples
 * out: 2n + 1 times, or n triplets.
 */
static int ptp_sys_offset(struct tcb *tcp, uint64_t arg, bool ext)
{
	static struct ptp_sys_offset_extended e;
	static struct ptp_sys_offset o;
	uint32_t h[4];
	size_t n;

	if (entering(tcp)) {
		emit_next(tcp);
		/* strace reads the whole struct, as the kernel does. */
		if (ext ? !ioctl_fetch(tcp, arg, &e, sizeof(e)) :
			  !ioctl_fetch(tcp, arg, &o, sizeof(o)))
			return RVAL_DECODED;
		memcpy(h, ext ? (void *)&e : (void *)&o, sizeof(h));
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "n_samples", h[0]);
		print_reserved_u32(tcp, "rsv", h + 1, 3);
		return 0;
	}
	if (syserror(tcp))
		goto out;
	if (ext) {
		if (tracee_read(tcp, arg, &e, sizeof(e)))
			goto out;
		n = e.n_samples < PTP_MAX_SAMPLES ? e.n_samples :
						    PTP_MAX_SAMPLES;
		emit_field(tcp, "ts");
		emit_array_begin(tcp);
		for (size_t i = 0; i < n; i++) {
			if (ptp_more(tcp, i))
				break;
			emit_next(tcp);
			emit_array_begin(tcp);
			for (size_t k = 0; k < 3; k++) {
				emit_next(tcp);
				print_ptp_time(tcp, &e.ts[i][k], true);
			}
			emit_array_end(tcp);
		}
		emit_array_end(tcp);
	} else {
		if (tracee_read(tcp, arg, &o, sizeof(o)))
			goto out;
		n = 2 * (o.n_samples < PTP_MAX_SAMPLES ? o.n_samples :
							 PTP_MAX_SAMPLES) + 1;
		emit_field(tcp, "ts");
		emit_array_begin(tcp);
		for (size_t i = 0; i < n; i++) {
			if (ptp_more(tcp, i))
				break;
			emit_next(tcp);
			print_ptp_time(tcp, &o.ts[i], true);
		}
		emit_array_end(tcp);
	}
out:
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* PTP_PIN_[GS]ETFUNC{,2}: the index in; the rest in or out. */
static int ptp_pin(struct tcb *tcp, uint64_t arg, bool get, bool v2)
{
	struct ptp_pin_desc d;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &d, sizeof(d)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "index", d.index);
		if (get) {
			if (v2)
				print_reserved_u32(tcp, "rsv", d.rsv,
						   ARRAY_SIZE(d.rsv));
			return 0;
		}
	} else if (syserror(tcp) || tracee_read(tcp, arg, &d, sizeof(d))) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	} else {
		ioctl_cstr_field(tcp, "name", d.name, sizeof(d.name));
	}
	emit_field(tcp, "func");
	print_xval(tcp, ptp_pin_funcs, d.func, "PTP_PF_???");
	ioctl_field_u(tcp, "chan", d.chan);
	if (!get && v2)
		print_reserved_u32(tcp, "rsv", d.rsv, ARRAY_SIZE(d.rsv));
	emit_struct_end(tcp);
	return get ? RVAL_DECIMAL : RVAL_DECODED;
}

static int ioctl_ptp_cmd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case PTP_CLOCK_GETCAPS:
	case PTP_CLOCK_GETCAPS2:
		return ioctl_getter(tcp, arg, print_ptp_caps, code);
	case PTP_SYS_OFFSET_PRECISE:
	case PTP_SYS_OFFSET_PRECISE2:
		return ioctl_getter(tcp, arg, print_ptp_precise, code);
	case PTP_EXTTS_REQUEST:
	case PTP_EXTTS_REQUEST2:
		return ptp_extts(tcp, arg, code == PTP_EXTTS_REQUEST2);
	case PTP_PEROUT_REQUEST:
	case PTP_PEROUT_REQUEST2:
		return ptp_perout(tcp, arg, code == PTP_PEROUT_REQUEST2);
	case PTP_SYS_OFFSET:
	case PTP_SYS_OFFSET2:
		return ptp_sys_offset(tcp, arg, false);
	case PTP_SYS_OFFSET_EXTENDED:
	case PTP_SYS_OFFSET_EXTENDED2:
		return ptp_sys_offset(tcp, arg, true);
	case PTP_PIN_GETFUNC:
	case PTP_PIN_GETFUNC2:
		return ptp_pin(tcp, arg, true, code == PTP_PIN_GETFUNC2);
	case PTP_PIN_SETFUNC:
	case PTP_PIN_SETFUNC2:
		return ptp_pin(tcp, arg, false, code == PTP_PIN_SETFUNC2);
	}
	return IOCTL_UNKNOWN;
}

/* --- TEE ---------------------------------------------------------------- */

/* The commands older headers named. */
#define TEE_IOC_SHM_REGISTER_FD_CMD \
	_IOC(_IOC_READ | _IOC_WRITE, TEE_IOC_MAGIC, TEE_IOC_BASE + 8, 32)

/*
 * attr: the type by name (the whole value, bits above the type and
 * TEE_IOCTL_PARAM_ATTR_META included, when it has no name), then the
 * META flag, by name even under -X raw (observed).
 */
static void print_tee_attr(struct tcb *tcp, uint64_t attr)
{
	/* Its low 32 bits: strace prints it as an unsigned int. */
	print_xval(tcp, tee_param_types,
		   (uint32_t)(attr & ~(uint64_t)TEE_IOCTL_PARAM_ATTR_META),
		   "TEE_IOCTL_PARAM_ATTR_");
	if (attr & TEE_IOCTL_PARAM_ATTR_META)
		emit_raw(tcp, "|TEE_IOCTL_PARAM_ATTR_META");
}

/* ", params=[...]" of n parameters at addr; none is NULL, as strace has it. */
static void print_tee_params(struct tcb *tcp, uint64_t addr, uint32_t n)
{
	struct tee_ioctl_param p;

	emit_field(tcp, "params");
	if (!n) {
		emit_ptr(tcp, 0);
		return;
	}
	emit_array_begin(tcp);
	for (uint32_t i = 0; i < n; i++, addr += sizeof(p)) {
		emit_next(tcp);
		if (tracee_read(tcp, addr, &p, sizeof(p))) {
			emit_ptr(tcp, addr);
			break;
		}
		emit_struct_begin(tcp);
		emit_field(tcp, "attr");
		print_tee_attr(tcp, p.attr);
		/* The meaning of a, b, c: by the whole attr. */
		switch (p.attr) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			ioctl_field_x(tcp, "shm_offs", p.a);
			ioctl_field_x(tcp, "size", p.b);
			ioctl_field_u(tcp, "shm_id", p.c);
			break;
		default:
			ioctl_field_x(tcp, "a", p.a);
			ioctl_field_x(tcp, "b", p.b);
			ioctl_field_x(tcp, "c", p.c);
		}
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
}

static void print_tee_uuid(struct tcb *tcp, const uint8_t *u)
{
	char buf[40];
	size_t n = 0;

	for (int i = 0; i < 16; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%02x",
				      i == 4 || i == 6 || i == 8 || i == 10 ?
				      "-" : "", u[i]);
	emit_raw(tcp, buf);
}

union tee_buf_hdr {
	struct tee_ioctl_invoke_arg inv;
	struct tee_ioctl_open_session_arg os;
	struct tee_iocl_supp_recv_arg rcv;
	struct tee_iocl_supp_send_arg snd;
};

static size_t tee_hdr_size(uint32_t code)
{
	switch (code) {
	case TEE_IOC_INVOKE:
		return sizeof(struct tee_ioctl_invoke_arg);
	case TEE_IOC_OPEN_SESSION:
		return sizeof(struct tee_ioctl_open_session_arg);
	case TEE_IOC_SUPPL_RECV:
		return sizeof(struct tee_iocl_supp_recv_arg);
	}
	return sizeof(struct tee_iocl_supp_send_arg);
}

/*
 * The command's struct at buf_ptr of the {buf_ptr, buf_len} at arg, when
 * buf_len is the size of it and its num_params parameters.
 */
static bool tee_fetch_buf(struct tcb *tcp, uint32_t code, uint64_t arg,
			  struct tee_ioctl_buf_data *b, union tee_buf_hdr *u,
			  uint32_t *num)
{
	size_t hdr = tee_hdr_size(code);

	if (tracee_read(tcp, arg, b, sizeof(*b)) || b->buf_len < hdr ||
	    tracee_read(tcp, b->buf_ptr, u, hdr))
		return false;
	*num = code == TEE_IOC_INVOKE ? u->inv.num_params :
	       code == TEE_IOC_OPEN_SESSION ? u->os.num_params :
	       code == TEE_IOC_SUPPL_RECV ? u->rcv.num_params :
	       u->snd.num_params;
	return b->buf_len == hdr + (uint64_t)*num * sizeof(struct tee_ioctl_param);
}

static void print_tee_login(struct tcb *tcp,
			    const struct tee_ioctl_open_session_arg *os)
{
	emit_field(tcp, "clnt_login");
	print_xval(tcp, tee_login, os->clnt_login, "TEE_IOCTL_LOGIN_???");
	switch (os->clnt_login) {
	case TEE_IOCTL_LOGIN_PUBLIC:
	case TEE_IOCTL_LOGIN_USER:
	case TEE_IOCTL_LOGIN_APPLICATION:
	case TEE_IOCTL_LOGIN_USER_APPLICATION:
		break;
	case TEE_IOCTL_LOGIN_GROUP:
	case TEE_IOCTL_LOGIN_GROUP_APPLICATION: {
		/* The group id in the first bytes. */
		uint32_t gid;

		memcpy(&gid, os->clnt_uuid, sizeof(gid));
		ioctl_field_u(tcp, "clnt_uuid", gid);
		break;
	}
	default:
		emit_field(tcp, "clnt_uuid");
		emit_array_begin(tcp);
		for (int i = 0; i < TEE_IOCTL_UUID_LEN; i++) {
			emit_next(tcp);
			emit_hex(tcp, os->clnt_uuid[i]);
		}
		emit_array_end(tcp);
	}
}

/*
 * INVOKE, OPEN_SESSION, SUPPL_RECV, SUPPL_SEND: {buf_len, buf_ptr={the
 * command's struct, its parameters}}, then at exit " => {what the TEE
 * wrote}" inside buf_ptr's braces... of the outer struct.
 */
static int tee_buf(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct tee_ioctl_buf_data b;
	union tee_buf_hdr u;
	uint32_t num;
	bool ok = tee_fetch_buf(tcp, code, arg, &b, &u, &num);
	uint64_t params = b.buf_ptr + tee_hdr_size(code);

	if (exiting(tcp)) {
		if (!syserror(tcp) && ok) {
			emit_changed(tcp);
			emit_struct_begin(tcp);
			switch (code) {
			case TEE_IOC_OPEN_SESSION:
				ioctl_field_x(tcp, "session", u.os.session);
				ioctl_field_u(tcp, "ret", u.os.ret);
				emit_field(tcp, "ret_origin");
				print_xval(tcp, tee_origins, u.os.ret_origin,
					   "TEEC_ORIGIN_???");
				break;
			case TEE_IOC_INVOKE:
				ioctl_field_u(tcp, "ret", u.inv.ret);
				emit_field(tcp, "ret_origin");
				print_xval(tcp, tee_origins, u.inv.ret_origin,
					   "TEEC_ORIGIN_???");
				break;
			case TEE_IOC_SUPPL_RECV:
				ioctl_field_u(tcp, "num_params", num);
				break;
			default:
				ioctl_field_u(tcp, "ret", u.snd.ret);
			}
			print_tee_params(tcp, params, num);
			emit_struct_end(tcp);
		}
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &b, sizeof(b)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "buf_len", b.buf_len);
	emit_field(tcp, "buf_ptr");
	if (!ok) {
		emit_ptr(tcp, b.buf_ptr);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	emit_struct_begin(tcp);
	switch (code) {
	case TEE_IOC_INVOKE:
		ioctl_field_u(tcp, "func", u.inv.func);
		ioctl_field_x(tcp, "session", u.inv.session);
		ioctl_field_u(tcp, "cancel_id", u.inv.cancel_id);
		break;
	case TEE_IOC_OPEN_SESSION:
		emit_field(tcp, "uuid");
		print_tee_uuid(tcp, u.os.uuid);
		print_tee_login(tcp, &u.os);
		ioctl_field_u(tcp, "cancel_id", u.os.cancel_id);
		break;
	case TEE_IOC_SUPPL_RECV:
		ioctl_field_u(tcp, "func", u.rcv.func);
		break;
	}
	ioctl_field_u(tcp, "num_params", num);
	print_tee_params(tcp, params, num);
	emit_struct_end(tcp);
	return 0;
}

static void print_tee_version(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	struct tee_ioctl_version_data v;

	(void)code;
	if (!ioctl_fetch(tcp, addr, &v, sizeof(v)))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "impl_id");
	print_xval(tcp, tee_impl_ids, v.impl_id, "TEE_IMPL_ID_???");
	emit_field(tcp, "gen_caps");
	print_flags(tcp, tee_gen_caps, v.gen_caps, "TEE_GEN_CAP_???");
	emit_field(tcp, "impl_caps");
	if (v.impl_id == TEE_IMPL_ID_OPTEE)
		print_flags(tcp, tee_optee_caps, v.impl_caps,
			    "TEE_OPTEE_CAP_???");
	else
		emit_hex(tcp, v.impl_caps);
	emit_struct_end(tcp);
}

/* struct tee_ioctl_shm_register_fd_data of older headers. */
struct tee_shm_register_fd {
	int64_t fd;
	uint64_t size;
	uint32_t flags;
	uint32_t pad1;
	uint32_t id;
	uint32_t pad2;
};

/* SHM_ALLOC, SHM_REGISTER{,_FD}: " => {..., id}" that the kernel wrote. */
static int tee_shm_back(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	union {
		struct tee_ioctl_shm_alloc_data a;
		struct tee_ioctl_shm_register_data r;
		struct tee_shm_register_fd rfd;
	} u;

	if (syserror(tcp) || tracee_read(tcp, arg, &u, _IOC_SIZE(code)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	switch (code) {
	case TEE_IOC_SHM_ALLOC:
		ioctl_field_x(tcp, "size", u.a.size);
		emit_field(tcp, "flags");
		print_flags(tcp, tee_shm_flags, u.a.flags, "TEE_IOCTL_SHM_???");
		ioctl_field_d(tcp, "id", u.a.id);
		break;
	case TEE_IOC_SHM_REGISTER:
		ioctl_field_x(tcp, "length", u.r.length);
		emit_field(tcp, "flags");
		print_flags(tcp, tee_shm_flags, u.r.flags, "TEE_IOCTL_SHM_???");
		ioctl_field_d(tcp, "id", u.r.id);
		break;
	default:
		ioctl_field_x(tcp, "size", u.rfd.size);
		ioctl_field_d(tcp, "id", (int32_t)u.rfd.id);
	}
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static int ioctl_tee(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	union {
		struct tee_ioctl_cancel_arg c;
		struct tee_ioctl_close_session_arg cs;
		struct tee_ioctl_shm_alloc_data a;
		struct tee_ioctl_shm_register_data r;
		struct tee_shm_register_fd rfd;
	} u;

	switch (code) {
	case TEE_IOC_INVOKE:
	case TEE_IOC_OPEN_SESSION:
	case TEE_IOC_SUPPL_RECV:
	case TEE_IOC_SUPPL_SEND:
		return tee_buf(tcp, code, arg);
	case TEE_IOC_VERSION:
		return ioctl_getter(tcp, arg, print_tee_version, code);
	}
	if (exiting(tcp))
		return tee_shm_back(tcp, code, arg);
	switch (code) {
	case TEE_IOC_CANCEL:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.c, sizeof(u.c)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "cancel_id", u.c.cancel_id);
		ioctl_field_x(tcp, "session", u.c.session);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case TEE_IOC_CLOSE_SESSION:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.cs, sizeof(u.cs)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "session", u.cs.session);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case TEE_IOC_SHM_ALLOC:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.a, sizeof(u.a)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "size", u.a.size);
		emit_field(tcp, "flags");
		print_flags(tcp, tee_shm_flags, u.a.flags, "TEE_IOCTL_SHM_???");
		emit_struct_end(tcp);
		return 0;
	case TEE_IOC_SHM_REGISTER:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.r, sizeof(u.r)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "addr", u.r.addr);
		ioctl_field_x(tcp, "length", u.r.length);
		emit_field(tcp, "flags");
		print_flags(tcp, tee_shm_flags, u.r.flags, "TEE_IOCTL_SHM_???");
		emit_struct_end(tcp);
		return 0;
	case TEE_IOC_SHM_REGISTER_FD_CMD:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.rfd, sizeof(u.rfd)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "fd");
		print_fd(tcp, (int)u.rfd.fd);
		emit_field(tcp, "flags");
		print_flags(tcp, tee_shm_flags, u.rfd.flags,
			    "TEE_IOCTL_SHM_???");
		emit_struct_end(tcp);
		return 0;
	}
	return IOCTL_UNKNOWN;
}

static int ioctl_ptp(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	/* -e verbose=none: strace shows the argument as a number. */
	if (!qual_verbose(tcp) && _IOC_NR(code) >= 1 && _IOC_NR(code) <= 18 &&
	    code != PTP_ENABLE_PPS && code != PTP_ENABLE_PPS2) {
		if (entering(tcp)) {
			emit_next(tcp);
			emit_hex(tcp, arg);
		}
		return RVAL_DECODED;
	}
	return ioctl_ptp_cmd(tcp, code, arg);
}

int ioctl_dev3(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (_IOC_TYPE(code)) {
	case PTP_CLK_MAGIC:
		return ioctl_ptp(tcp, code, arg);
	case TEE_IOC_MAGIC:
		return ioctl_tee(tcp, code, arg);
	}
	return IOCTL_UNKNOWN;
}
