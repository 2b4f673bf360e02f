/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * prctl and arch_prctl.  Each prctl option has its own argument list:
 * strace shows only the arguments the option uses, and all five in hex
 * for an option it does not know.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "syscall/seccomp.h"
#include "xlat/tables/arch_prctl_codes.h"
#include "xlat/tables/capabilities.h"
#include "xlat/tables/pidtypes.h"
#include "xlat/tables/pr_cap_ambient.h"
#include "xlat/tables/pr_dumpable.h"
#include "xlat/tables/pr_fp_mode.h"
#include "xlat/tables/pr_mce_kill.h"
#include "xlat/tables/pr_mce_kill_policy.h"
#include "xlat/tables/pr_mte_tcf.h"
#include "xlat/tables/pr_pac_enabled_keys.h"
#include "xlat/tables/pr_pac_keys.h"
#include "xlat/tables/pr_sched_core.h"
#include "xlat/tables/pr_securebits.h"
#include "xlat/tables/pr_set_mm.h"
#include "xlat/tables/pr_set_vma.h"
#include "xlat/tables/pr_sme_vl_flags.h"
#include "xlat/tables/pr_spec_cmds.h"
#include "xlat/tables/pr_spec_get_flags.h"
#include "xlat/tables/pr_spec_set_flags.h"
#include "xlat/tables/pr_sve_vl_flags.h"
#include "xlat/tables/pr_sys_dispatch.h"
#include "xlat/tables/pr_tsc.h"
#include "xlat/tables/pr_unalign_flags.h"
#include "xlat/tables/prctl_options.h"
#include "xlat/tables/seccomp_mode.h"
#include "xlat/tables/xfeature_masks.h"
#include "xlat/tables/xfeatures.h"

/* include/uapi/linux/prctl.h */
enum {
	PR_SET_PDEATHSIG = 1,
	PR_GET_PDEATHSIG = 2,
	PR_GET_DUMPABLE = 3,
	PR_SET_DUMPABLE = 4,
	PR_GET_UNALIGN = 5,
	PR_SET_UNALIGN = 6,
	PR_GET_KEEPCAPS = 7,
	PR_SET_KEEPCAPS = 8,
	PR_GET_FPEMU = 9,
	PR_SET_FPEMU = 10,
	PR_GET_FPEXC = 11,
	PR_SET_FPEXC = 12,
	PR_GET_TIMING = 13,
	PR_SET_TIMING = 14,
	PR_SET_NAME = 15,
	PR_GET_NAME = 16,
	PR_GET_ENDIAN = 19,
	PR_SET_ENDIAN = 20,
	PR_GET_SECCOMP = 21,
	PR_SET_SECCOMP = 22,
	PR_CAPBSET_READ = 23,
	PR_CAPBSET_DROP = 24,
	PR_GET_TSC = 25,
	PR_SET_TSC = 26,
	PR_GET_SECUREBITS = 27,
	PR_SET_SECUREBITS = 28,
	PR_SET_TIMERSLACK = 29,
	PR_GET_TIMERSLACK = 30,
	PR_TASK_PERF_EVENTS_DISABLE = 31,
	PR_TASK_PERF_EVENTS_ENABLE = 32,
	PR_MCE_KILL = 33,
	PR_MCE_KILL_GET = 34,
	PR_SET_MM = 35,
	PR_SET_CHILD_SUBREAPER = 36,
	PR_GET_CHILD_SUBREAPER = 37,
	PR_SET_NO_NEW_PRIVS = 38,
	PR_GET_NO_NEW_PRIVS = 39,
	PR_GET_TID_ADDRESS = 40,
	PR_SET_THP_DISABLE = 41,
	PR_GET_THP_DISABLE = 42,
	PR_SET_FP_MODE = 45,
	PR_GET_FP_MODE = 46,
	PR_CAP_AMBIENT = 47,
	PR_SVE_SET_VL = 50,
	PR_SVE_GET_VL = 51,
	PR_GET_SPECULATION_CTRL = 52,
	PR_SET_SPECULATION_CTRL = 53,
	PR_PAC_RESET_KEYS = 54,
	PR_SET_TAGGED_ADDR_CTRL = 55,
	PR_GET_TAGGED_ADDR_CTRL = 56,
	PR_SET_IO_FLUSHER = 57,
	PR_SET_SYSCALL_USER_DISPATCH = 59,
	PR_PAC_SET_ENABLED_KEYS = 60,
	PR_PAC_GET_ENABLED_KEYS = 61,
	PR_SCHED_CORE = 62,
	PR_SME_SET_VL = 63,
	PR_SME_GET_VL = 64,
	PR_SET_VMA = 0x53564d41,
	PR_SET_PTRACER = 0x59616d61,
};

#define PR_MCE_KILL_SET 1
#define PR_CAP_AMBIENT_IS_SET 1
#define PR_CAP_AMBIENT_LOWER 3
#define PR_SET_VMA_ANON_NAME 0
#define PR_SCHED_CORE_GET 0
#define SECCOMP_MODE_STRICT 1
#define SECCOMP_MODE_FILTER 2
#define PR_SVE_VL_LEN_MASK 0xffff
#define TASK_COMM_LEN 16

/* Arguments from..5 in hex: what strace shows for what it leaves raw. */
static void hex_args(struct tcb *tcp, unsigned int from)
{
	for (unsigned int i = from; i <= 4; i++) {
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, i));
	}
}

static void arg_u(struct tcb *tcp, unsigned int i)
{
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, i));
}

/*
 * The thread name: strace reads size bytes and no more (the name and its
 * NUL that PR_GET_NAME wrote; for PR_SET_NAME only TASK_COMM_LEN - 1, so
 * a name that fills them shows "..." whatever follows), or -s plus one.
 * A name whose NUL lies past an unmapped page shows the address.
 */
static void print_comm(struct tcb *tcp, uint64_t addr, size_t size)
{
	char buf[TASK_COMM_LEN];
	size_t limit = TASK_COMM_LEN - 1, len;
	ssize_t n;
	char *nul;

	if (cfg.string_limit < limit)
		limit = cfg.string_limit;
	/* Under -s, one byte past the limit tells whether "..." is due. */
	if (size > limit + 1)
		size = limit + 1;
	n = addr ? tracee_read_partial(tcp, addr, buf, size) : -1;
	if (n < 0) {
		emit_ptr(tcp, addr);
		return;
	}
	nul = memchr(buf, '\0', (size_t)n);
	if (!nul && (size_t)n < size) {
		emit_ptr(tcp, addr);
		return;
	}
	len = nul ? (size_t)(nul - buf) : (size_t)n;
	if (!nul || len > limit)
		emit_quoted(tcp, buf, len < limit ? len : limit,
			    QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, len, 0);
}

/* An int the kernel wrote, shown by a printer of its value. */
static bool read_out_int(struct tcb *tcp, uint64_t addr, int32_t *v)
{
	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, v, sizeof(*v))) {
		emit_ptr(tcp, addr);
		return false;
	}
	return true;
}

/*
 * PR_SET_TAGGED_ADDR_CTRL: "PR_TAGGED_ADDR_ENABLE" or its negation,
 * the tag check fault mode (bits 1-2), the tag mask (bits 3-18) as
 * "0x2<<PR_MTE_TAG_SHIFT", then any other bits.
 */
static const char *sprint_tagged_addr_ctrl(char *buf, size_t size, uint64_t v)
{
	uint64_t tag = (v >> 3) & 0xffff, rest = v & ~0x7ffffULL;
	const char *tcf = xlat_name(pr_mte_tcf, v & 6);
	size_t n;

	n = (size_t)snprintf(buf, size, "%sPR_TAGGED_ADDR_ENABLE|%s",
			     v & 1 ? "" : "!", tcf ? tcf : "PR_MTE_TCF_???");
	if (tag && n < size)
		n += (size_t)snprintf(buf + n, size - n,
				      "|%#llx<<PR_MTE_TAG_SHIFT",
				      (unsigned long long)tag);
	if (rest && n < size)
		snprintf(buf + n, size - n, "|%#llx", (unsigned long long)rest);
	return buf;
}

static void print_tagged_addr_ctrl(struct tcb *tcp, uint64_t v)
{
	char buf[256];

	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, v);
		return;
	}
	print_named(tcp, v, sprint_tagged_addr_ctrl(buf, sizeof(buf), v),
		    false);
}

/*
 * PR_S{VE,ME}_{SET,GET}_VL: the flags above the vector length (unknown
 * ones as one number), then the length, even 0: "0xbad00000|0".  A value
 * without flags is a bare number (NULL here).
 */
static const char *sprint_vl(char *buf, size_t size, const struct xlat *flags,
			     uint64_t v)
{
	uint64_t fl = v & ~(uint64_t)PR_SVE_VL_LEN_MASK;

	if (!fl)
		return NULL;
	sprint_flags_abbrev(buf, size, flags, fl, NULL);
	snprintf(buf + strlen(buf), size - strlen(buf), "|%#llx",
		 (unsigned long long)(v & PR_SVE_VL_LEN_MASK));
	return buf;
}

static void print_vl(struct tcb *tcp, uint64_t v, const struct xlat *flags)
{
	char buf[256];

	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    !sprint_vl(buf, sizeof(buf), flags, v)) {
		emit_hex(tcp, v);
		return;
	}
	print_named(tcp, v, buf, false);
}

/*
 * PIDTYPE_* (an int in the kernel) as strace shows it there, the value
 * first whatever -X says: "0 /\* PIDTYPE_PID *\/", "0x1 /\* PIDTYPE_TGID *\/".
 */
static void print_pidtype(struct tcb *tcp, uint32_t v)
{
	const char *name = xlat_name(pidtypes, v);
	char buf[64];

	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, sizeof(buf), "%#x", v);
	else
		snprintf(buf, sizeof(buf), "%#x /* %s */", v,
			 name ? name : "PIDTYPE_???");
	emit_sym(tcp, v, buf);
}

/* PR_SCHED_CORE's pid, of the kind its PIDTYPE_* says (enum pid_type). */
static void print_sched_core_pid(struct tcb *tcp, int pid, uint32_t type)
{
	static const enum pid_type kinds[] = { PT_TID, PT_TGID, PT_PGID,
					       PT_SID };

	if (type < sizeof(kinds) / sizeof(kinds[0]))
		print_pid_type(tcp, pid, kinds[type]);
	else
		emit_int(tcp, pid);
}

/* The part of prctl printed at entry; returns what the entry returns. */
static int prctl_entry(struct tcb *tcp, unsigned int opt)
{
	uint64_t a2 = tcp_arg(tcp, 1), a3 = tcp_arg(tcp, 2);

	switch (opt) {
	case PR_GET_DUMPABLE:
	case PR_GET_SECUREBITS:
	case PR_MCE_KILL_GET:
		if (opt == PR_MCE_KILL_GET)
			hex_args(tcp, 1);
		return 0;
	case PR_GET_KEEPCAPS:
	case PR_GET_SECCOMP:
	case PR_GET_TIMERSLACK:
	case PR_GET_TIMING:
	case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE:
		return RVAL_DECODED;
	/* Their result is decoded at the exit. */
	case PR_GET_FP_MODE:
	case PR_SVE_GET_VL:
	case PR_SME_GET_VL:
		return 0;
	case PR_GET_TAGGED_ADDR_CTRL:
	case PR_PAC_GET_ENABLED_KEYS:
		hex_args(tcp, 1);
		return 0;
	case PR_GET_PDEATHSIG:
	case PR_GET_CHILD_SUBREAPER:
	case PR_GET_TSC:
	case PR_GET_UNALIGN:
	case PR_GET_FPEMU:
	case PR_GET_FPEXC:
	case PR_GET_ENDIAN:
	case PR_GET_TID_ADDRESS:
	case PR_GET_NAME:
		emit_next(tcp);
		return 0;
	case PR_SET_PDEATHSIG:
		emit_next(tcp);
		if (a2 && a2 <= 64 && signal_name((int)a2))
			print_signo(tcp, (int)a2);
		else
			emit_uint(tcp, a2);
		return RVAL_DECODED;
	case PR_SET_KEEPCAPS:
	case PR_SET_FPEMU:
	case PR_SET_FPEXC:
	case PR_SET_TIMING:
	case PR_SET_ENDIAN:
	case PR_SET_CHILD_SUBREAPER:
		arg_u(tcp, 1);
		return RVAL_DECODED;
	case PR_SET_TIMERSLACK:
		/*
		 * strace shows the register as a signed 64-bit number: -1
		 * from a 64-bit caller, 4294967295 from a 32-bit one.
		 */
		emit_next(tcp);
		emit_int(tcp, (int64_t)tcp_arg(tcp, 1));
		return RVAL_DECODED;
	case PR_SET_DUMPABLE:
		emit_next(tcp);
		print_xval(tcp, pr_dumpable, a2, "SUID_DUMP_???");
		return RVAL_DECODED;
	case PR_SET_UNALIGN:
		emit_next(tcp);
		print_flags(tcp, pr_unalign_flags, (uint32_t)a2,
			    "PR_UNALIGN_???");
		return RVAL_DECODED;
	case PR_SET_FP_MODE:
		emit_next(tcp);
		print_flags(tcp, pr_fp_mode, (uint32_t)a2, "PR_FP_MODE_???");
		return RVAL_DECODED;
	case PR_SET_TSC:
		emit_next(tcp);
		print_xval(tcp, pr_tsc, (uint32_t)a2, "PR_TSC_???");
		return RVAL_DECODED;
	case PR_SET_SECUREBITS:
		emit_next(tcp);
		print_flags(tcp, pr_securebits, a2, "SECBIT_???");
		return RVAL_DECODED;
	case PR_CAPBSET_READ:
	case PR_CAPBSET_DROP:
		emit_next(tcp);
		print_xval(tcp, capabilities, a2, "CAP_???");
		return RVAL_DECODED;
	case PR_SET_NAME:
		emit_next(tcp);
		print_comm(tcp, a2, TASK_COMM_LEN - 1);
		return RVAL_DECODED;
	case PR_SET_NO_NEW_PRIVS:
	case PR_SET_THP_DISABLE:
	case PR_SET_IO_FLUSHER:
		arg_u(tcp, 1);
		hex_args(tcp, 2);
		return RVAL_DECODED;
	case PR_MCE_KILL:
		emit_next(tcp);
		print_xval(tcp, pr_mce_kill, a2, "PR_MCE_KILL_???");
		emit_next(tcp);
		if (a2 == PR_MCE_KILL_SET)
			print_xval(tcp, pr_mce_kill_policy, a3,
				   "PR_MCE_KILL_???");
		else
			emit_hex(tcp, a3);
		hex_args(tcp, 3);
		return RVAL_DECODED;
	case PR_SET_MM:
		emit_next(tcp);
		print_xval(tcp, pr_set_mm, (uint32_t)a2, "PR_SET_MM_???");
		hex_args(tcp, 2);
		return RVAL_DECODED;
	case PR_CAP_AMBIENT:
		emit_next(tcp);
		print_xval(tcp, pr_cap_ambient, a2, "PR_CAP_AMBIENT_???");
		emit_next(tcp);
		if (a2 >= PR_CAP_AMBIENT_IS_SET && a2 <= PR_CAP_AMBIENT_LOWER)
			print_xval(tcp, capabilities, a3, "CAP_???");
		else
			emit_hex(tcp, a3);
		hex_args(tcp, 3);
		return RVAL_DECODED;
	case PR_SVE_SET_VL:
		emit_next(tcp);
		print_vl(tcp, a2, pr_sve_vl_flags);
		return 0;
	case PR_SME_SET_VL:
		emit_next(tcp);
		print_vl(tcp, a2, pr_sme_vl_flags);
		return 0;
	case PR_GET_SPECULATION_CTRL:
		emit_next(tcp);
		print_xval(tcp, pr_spec_cmds, a2, "PR_SPEC_???");
		return 0;
	case PR_SET_SPECULATION_CTRL:
		emit_next(tcp);
		print_xval(tcp, pr_spec_cmds, a2, "PR_SPEC_???");
		emit_next(tcp);
		if (xlat_name(pr_spec_cmds, a2))
			print_xval(tcp, pr_spec_set_flags, a3, "PR_SPEC_???");
		else
			emit_hex(tcp, a3);
		return RVAL_DECODED;
	case PR_PAC_RESET_KEYS:
		emit_next(tcp);
		print_flags(tcp, pr_pac_keys, a2, "PR_PAC_???");
		hex_args(tcp, 2);
		return RVAL_DECODED;
	case PR_PAC_SET_ENABLED_KEYS:
		emit_next(tcp);
		print_flags(tcp, pr_pac_enabled_keys, a2, "PR_PAC_???");
		emit_next(tcp);
		print_flags(tcp, pr_pac_enabled_keys, a3, "PR_PAC_???");
		hex_args(tcp, 3);
		return RVAL_DECODED;
	case PR_SET_TAGGED_ADDR_CTRL:
		emit_next(tcp);
		print_tagged_addr_ctrl(tcp, a2);
		hex_args(tcp, 2);
		return RVAL_DECODED;
	case PR_SET_SYSCALL_USER_DISPATCH:
		emit_next(tcp);
		print_xval(tcp, pr_sys_dispatch, a2, "PR_SYS_DISPATCH_???");
		emit_next(tcp);
		emit_hex(tcp, a3);
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, 3));
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 4));
		return RVAL_DECODED;
	case PR_SCHED_CORE:
		emit_next(tcp);
		print_xval(tcp, pr_sched_core, (uint32_t)a2,
			   "PR_SCHED_CORE_???");
		emit_next(tcp);
		print_sched_core_pid(tcp, (int32_t)a3,
				     (uint32_t)tcp_arg(tcp, 3));
		emit_next(tcp);
		print_pidtype(tcp, (uint32_t)tcp_arg(tcp, 3));
		emit_next(tcp);
		/* PR_SCHED_CORE_GET writes the cookie: shown at exit. */
		if ((uint32_t)a2 == PR_SCHED_CORE_GET)
			return 0;
		emit_ptr(tcp, tcp_arg(tcp, 4));
		return RVAL_DECODED;
	case PR_SET_VMA:
		emit_next(tcp);
		print_xval(tcp, pr_set_vma, a2, "PR_SET_VMA_???");
		if (a2 != PR_SET_VMA_ANON_NAME) {
			hex_args(tcp, 2);
			return RVAL_DECODED;
		}
		emit_next(tcp);
		emit_ptr(tcp, a3);
		arg_u(tcp, 3);
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 4));
		return RVAL_DECODED;
	case PR_SET_SECCOMP:
		emit_next(tcp);
		print_xval(tcp, seccomp_mode, a2, "SECCOMP_MODE_???");
		if (a2 == SECCOMP_MODE_STRICT)
			return RVAL_DECODED;
		if (a2 == SECCOMP_MODE_FILTER) {
			emit_next(tcp);
			print_seccomp_fprog(tcp, a3);
			return RVAL_DECODED;
		}
		hex_args(tcp, 2);
		return RVAL_DECODED;
	case PR_SET_PTRACER:
		emit_next(tcp);
		/* PR_SET_PTRACER_ANY is ((unsigned long)-1), linux/prctl.h */
		if ((int32_t)a2 == -1)
			print_named(tcp, (uint64_t)-1, "PR_SET_PTRACER_ANY",
				    true);
		else
			print_pid(tcp, (int32_t)a2);
		return RVAL_DECODED;
	default:
		hex_args(tcp, 1);
		return RVAL_DECODED;
	}
}

/* Does any bit of v, or v itself when 0, have a name in x? */
static bool any_name(const struct xlat *x, uint64_t v)
{
	for (; x->name; x++)
		if (v ? x->val && (v & x->val) == x->val : !x->val)
			return true;
	return false;
}

/*
 * A result that is a flag set: hex, then its names when it has any, in
 * the abbreviated form whatever -X says but for -X raw.
 */
static int rval_flags(struct tcb *tcp, const struct xlat *x, uint64_t v)
{
	static char aux[512];

	if (syserror(tcp))
		return RVAL_DECIMAL;
	if (cfg.xlat_style == XLAT_STYLE_RAW || !any_name(x, v))
		return RVAL_HEX;
	tcp->sc.auxstr = sprint_flags_abbrev(aux, sizeof(aux), x, v, NULL);
	return RVAL_HEX | RVAL_STR;
}

/* A result of PR_S{VE,ME}_{SET,GET}_VL, or of PR_GET_TAGGED_ADDR_CTRL. */
static int rval_vl(struct tcb *tcp, const struct xlat *flags, uint64_t v)
{
	static char aux[256];

	if (syserror(tcp))
		return RVAL_DECIMAL;
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		return RVAL_HEX;
	if (!flags)
		tcp->sc.auxstr = sprint_tagged_addr_ctrl(aux, sizeof(aux), v);
	else
		tcp->sc.auxstr = sprint_vl(aux, sizeof(aux), flags, v);
	return tcp->sc.auxstr ? RVAL_HEX | RVAL_STR : RVAL_HEX;
}

static int prctl_exit(struct tcb *tcp, unsigned int opt)
{
	uint64_t a2 = tcp_arg(tcp, 1);
	int64_t rv = tcp_rval(tcp);
	uint64_t urv = tcp_wordsize(tcp) == 4 ? (uint32_t)rv : (uint64_t)rv;
	const char *name;
	int32_t v;

	switch (opt) {
	case PR_GET_DUMPABLE:
		name = syserror(tcp) ? NULL :
				       xlat_name(pr_dumpable, (uint64_t)rv);
		if (!name)
			return RVAL_DECIMAL;
		tcp->sc.auxstr = name;
		return RVAL_STR;
	case PR_MCE_KILL_GET:
		name = syserror(tcp) ?
			       NULL :
			       xlat_name(pr_mce_kill_policy, (uint64_t)rv);
		if (!name)
			return RVAL_DECIMAL;
		tcp->sc.auxstr = name;
		return RVAL_STR;
	case PR_GET_SECUREBITS:
		if (syserror(tcp) || !rv)
			return RVAL_DECIMAL;
		return rval_flags(tcp, pr_securebits, urv);
	case PR_GET_FP_MODE:
		return rval_flags(tcp, pr_fp_mode, urv);
	case PR_PAC_GET_ENABLED_KEYS:
		return rval_flags(tcp, pr_pac_enabled_keys, urv);
	case PR_GET_SPECULATION_CTRL:
		/*
		 * Of a feature strace does not know, a plain number.  (strace
		 * 6.1 then shows the explanation of the task's last result
		 * that had one, whatever the syscall: a stale string, which
		 * sltrace does not copy.)
		 */
		if (!xlat_name(pr_spec_cmds, a2))
			return RVAL_DECIMAL;
		return rval_flags(tcp, pr_spec_get_flags, urv);
	case PR_SVE_SET_VL:
	case PR_SVE_GET_VL:
		return rval_vl(tcp, pr_sve_vl_flags, urv);
	case PR_SME_SET_VL:
	case PR_SME_GET_VL:
		return rval_vl(tcp, pr_sme_vl_flags, urv);
	case PR_GET_TAGGED_ADDR_CTRL:
		return rval_vl(tcp, NULL, urv);
	case PR_SCHED_CORE: {
		uint64_t addr = tcp_arg(tcp, 4), cookie;

		if (!addr || syserror(tcp) ||
		    tracee_read(tcp, addr, &cookie, sizeof(cookie))) {
			emit_ptr(tcp, addr);
		} else {
			emit_array_begin(tcp);
			emit_hex(tcp, cookie);
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	}
	case PR_GET_PDEATHSIG:
		if (read_out_int(tcp, a2, &v)) {
			emit_array_begin(tcp);
			if (v > 0 && signal_name(v))
				print_signo(tcp, v);
			else
				emit_int(tcp, v);
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	case PR_GET_TSC:
		if (read_out_int(tcp, a2, &v)) {
			emit_array_begin(tcp);
			print_xval(tcp, pr_tsc, (uint32_t)v, "PR_TSC_???");
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	case PR_GET_UNALIGN:
		if (read_out_int(tcp, a2, &v)) {
			emit_array_begin(tcp);
			print_flags(tcp, pr_unalign_flags, (uint32_t)v,
				    "PR_UNALIGN_???");
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	case PR_GET_CHILD_SUBREAPER:
	case PR_GET_FPEMU:
	case PR_GET_FPEXC:
	case PR_GET_ENDIAN:
		if (read_out_int(tcp, a2, &v)) {
			emit_array_begin(tcp);
			emit_int(tcp, v);
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	case PR_GET_TID_ADDRESS: {
		uint64_t p;

		if (!a2 || syserror(tcp) || !qual_verbose(tcp) ||
		    read_word(tcp, a2, &p)) {
			emit_ptr(tcp, a2);
		} else {
			emit_array_begin(tcp);
			emit_ptr(tcp, p);
			emit_array_end(tcp);
		}
		return RVAL_DECIMAL;
	}
	case PR_GET_NAME:
		if (syserror(tcp))
			emit_ptr(tcp, a2);
		else
			print_comm(tcp, a2, TASK_COMM_LEN);
		return RVAL_DECIMAL;
	default:
		return RVAL_DECIMAL;
	}
}

SYS_FUNC(prctl)
{
	unsigned int opt = (uint32_t)tcp_arg(tcp, 0);

	if (entering(tcp)) {
		print_xval(tcp, prctl_options, opt, "PR_???");
		return prctl_entry(tcp, opt);
	}
	return prctl_exit(tcp, opt);
}

/* arch/x86/include/uapi/asm/prctl.h */
enum {
	ARCH_SET_GS = 0x1001,
	ARCH_SET_FS = 0x1002,
	ARCH_GET_FS = 0x1003,
	ARCH_GET_GS = 0x1004,
	ARCH_GET_CPUID = 0x1011,
	ARCH_GET_XCOMP_SUPP = 0x1021,
	ARCH_GET_XCOMP_PERM = 0x1022,
	ARCH_REQ_XCOMP_PERM = 0x1023,
	ARCH_GET_XCOMP_GUEST_PERM = 0x1024,
	ARCH_REQ_XCOMP_GUEST_PERM = 0x1025,
};

/* strace shows the xfeature sets and numbers with their value first. */
static void print_xfeature_mask(struct tcb *tcp, uint64_t v)
{
	char names[512], buf[600];

	if (cfg.xlat_style == XLAT_STYLE_RAW || !v) {
		emit_hex(tcp, v);
		return;
	}
	sprint_flags_abbrev(names, sizeof(names), xfeature_masks, v,
			    "XFEATURE_MASK_???");
	if (!strncmp(names, "0x", 2))
		snprintf(buf, sizeof(buf), "%s", names);
	else
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)v, names);
	emit_sym(tcp, v, buf);
}

SYS_FUNC(arch_prctl)
{
	unsigned int code = (uint32_t)tcp_arg(tcp, 0);
	uint64_t addr = tcp_arg(tcp, 1), v;

	if (entering(tcp)) {
		print_xval(tcp, arch_prctl_codes, code, "ARCH_???");
		switch (code) {
		case ARCH_GET_CPUID:
			return RVAL_DECODED;
		case ARCH_GET_FS:
		case ARCH_GET_GS:
		case ARCH_GET_XCOMP_SUPP:
		case ARCH_GET_XCOMP_PERM:
		case ARCH_GET_XCOMP_GUEST_PERM:
			emit_next(tcp);
			return 0;
		case ARCH_REQ_XCOMP_PERM:
		case ARCH_REQ_XCOMP_GUEST_PERM: {
			const char *name = xlat_name(xfeatures, addr);
			char buf[96];

			emit_next(tcp);
			if (cfg.xlat_style == XLAT_STYLE_RAW)
				snprintf(buf, sizeof(buf), "%#llx",
					 (unsigned long long)addr);
			else
				snprintf(buf, sizeof(buf), "%#llx /* %s */",
					 (unsigned long long)addr,
					 name ? name : "XFEATURE_???");
			emit_sym(tcp, addr, buf);
			/* The result is the mask of the permitted features. */
			return 0;
		}
		default:
			emit_next(tcp);
			emit_hex(tcp, addr);
			return RVAL_DECODED;
		}
	}
	if (code == ARCH_REQ_XCOMP_PERM || code == ARCH_REQ_XCOMP_GUEST_PERM) {
		uint64_t rv = (uint64_t)tcp_rval(tcp);

		if (tcp_wordsize(tcp) == 4)
			rv = (uint32_t)rv;
		if (!syserror(tcp) && rv && cfg.xlat_style != XLAT_STYLE_RAW &&
		    any_name(xfeature_masks, rv)) {
			static char aux[512];

			tcp->sc.auxstr = sprint_flags_abbrev(
				aux, sizeof(aux), xfeature_masks, rv, NULL);
			return RVAL_HEX | RVAL_STR;
		}
		return syserror(tcp) || !rv ? RVAL_DECIMAL : RVAL_HEX;
	}
	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    read_word(tcp, addr, &v)) {
		emit_ptr(tcp, addr);
		return 0;
	}
	if (code == ARCH_GET_FS || code == ARCH_GET_GS) {
		emit_array_begin(tcp);
		emit_ptr(tcp, v);
		emit_array_end(tcp);
		return 0;
	}
	/* The xfeature masks are u64 even for a 32-bit caller. */
	if (tcp_wordsize(tcp) == 4 && tracee_read(tcp, addr, &v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return 0;
	}
	emit_array_begin(tcp);
	print_xfeature_mask(tcp, v);
	emit_array_end(tcp);
	return 0;
}
