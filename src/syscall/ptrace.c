/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ptrace(2): each request gives addr and data its own meaning
 * (include/uapi/linux/ptrace.h, arch/x86/include/uapi/asm/ptrace-abi.h,
 * kernel/ptrace.c).  What the kernel reads prints at entry, what it
 * writes at exit.
 */
#include "config.h"

#include <linux/audit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "output/pidcomm.h"
#include "output/siginfo.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "syscall/ptrace_regs.h"
#include "sysent/sysent.h"
#include "xlat/audit_arch.h"
#include "xlat/tables/nt_types.h"
#include "xlat/tables/ptrace_cmds.h"
#include "xlat/tables/ptrace_options.h"
#include "xlat/tables/ptrace_peeksiginfo_flags.h"
#include "xlat/tables/ptrace_syscall_info_op.h"
#include "xlat/tables/seccomp_filter_flags.h"

enum {
	PT_TRACEME = 0,
	PT_PEEKTEXT = 1,
	PT_PEEKDATA = 2,
	PT_PEEKUSR = 3,
	PT_POKETEXT = 4,
	PT_POKEDATA = 5,
	PT_POKEUSR = 6,
	PT_CONT = 7,
	PT_KILL = 8,
	PT_SINGLESTEP = 9,
	PT_GETREGS = 12,
	PT_SETREGS = 13,
	PT_GETFPREGS = 14,
	PT_SETFPREGS = 15,
	PT_ATTACH = 16,
	PT_DETACH = 17,
	PT_GETFPXREGS = 18,
	PT_SETFPXREGS = 19,
	PT_SYSCALL = 24,
	PT_SYSEMU = 31,
	PT_SYSEMU_SINGLESTEP = 32,
	PT_SINGLEBLOCK = 33,
	PT_SETOPTIONS = 0x4200,
	PT_GETEVENTMSG = 0x4201,
	PT_GETSIGINFO = 0x4202,
	PT_SETSIGINFO = 0x4203,
	PT_GETREGSET = 0x4204,
	PT_SETREGSET = 0x4205,
	PT_SEIZE = 0x4206,
	PT_INTERRUPT = 0x4207,
	PT_LISTEN = 0x4208,
	PT_PEEKSIGINFO = 0x4209,
	PT_GETSIGMASK = 0x420a,
	PT_SETSIGMASK = 0x420b,
	PT_SECCOMP_GET_FILTER = 0x420c,
	PT_SECCOMP_GET_METADATA = 0x420d,
	PT_GET_SYSCALL_INFO = 0x420e,
	PT_GET_RSEQ_CONFIGURATION = 0x420f,
};

/* struct user_regs_struct, in order: PEEKUSER offsets name them. */
static const char *const user_regs_64[] = {
	"R15",	   "R14",      "R13", "R12", "RBP",    "RBX", "R11",
	"R10",	   "R9",       "R8",  "RAX", "RCX",    "RDX", "RSI",
	"RDI",	   "ORIG_RAX", "RIP", "CS",  "EFLAGS", "RSP", "SS",
	"FS_BASE", "GS_BASE",  "DS",  "ES",  "FS",     "GS",
};

/*
 * strace names the offset after the x86_64 struct user whatever the
 * tracee's personality (a 32-bit tracer's offsets come out wrong).
 */
static void print_user_offset(struct tcb *tcp, uint64_t off)
{
	size_t n = sizeof(user_regs_64) / sizeof(user_regs_64[0]);
	char text[32];

	if (off / 8 >= n || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, off);
		return;
	}
	if (off % 8)
		snprintf(text, sizeof(text), "8*%s+%u", user_regs_64[off / 8],
			 (unsigned int)(off % 8));
	else
		snprintf(text, sizeof(text), "8*%s", user_regs_64[off / 8]);
	print_named(tcp, off, text, false);
}

/* struct iovec of PTRACE_GETREGSET / SETREGSET: 0 or -errno. */
static int read_iovec(struct tcb *tcp, uint64_t addr, uint64_t *base,
		      uint64_t *len)
{
	uint32_t w[2];
	uint64_t q[2];
	int err;

	if (tcp_wordsize(tcp) == 4) {
		err = tracee_read(tcp, addr, w, sizeof(w));
		*base = w[0];
		*len = w[1];
	} else {
		err = tracee_read(tcp, addr, q, sizeof(q));
		*base = q[0];
		*len = q[1];
	}
	return err;
}

/* The register set of type nt at base, len bytes of it. */
static void print_regset(struct tcb *tcp, uint64_t nt, uint64_t base,
			 uint64_t len)
{
	if (nt == 1)
		print_regs(tcp, REGS_GENERAL, base, len);
	else if (nt == 2)
		print_regs(tcp, REGS_FP, base, len);
	else
		emit_ptr(tcp, base);
}

/*
 * The iovec's length before the call, kept for its exit: the kernel
 * writes back the size of the set (" => 216" when it differs).
 */
static void save_len(struct tcb *tcp, uint64_t len)
{
	uint64_t *p = malloc(sizeof(*p));

	if (!p)
		return;
	*p = len;
	tcp->priv = p;
	tcp->priv_free = free;
}

/*
 * SETREGSET at entry: the set the kernel is given, with the iovec left
 * open for the length it writes back.  True when it is left open.
 */
static bool setregset_entry(struct tcb *tcp, uint64_t nt, uint64_t addr)
{
	uint64_t base, len;

	if (!addr || !qual_verbose(tcp) || read_iovec(tcp, addr, &base, &len)) {
		emit_ptr(tcp, addr);
		return false;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "iov_base");
	print_regset(tcp, nt, base, len);
	emit_field(tcp, "iov_len");
	emit_uint(tcp, len);
	save_len(tcp, len);
	return true;
}

static void setregset_exit(struct tcb *tcp, uint64_t addr)
{
	uint64_t base, len;

	if (!tcp->priv)
		return;
	if (!syserror(tcp) && !read_iovec(tcp, addr, &base, &len) &&
	    len != *(uint64_t *)tcp->priv) {
		emit_changed(tcp);
		emit_uint(tcp, len);
	}
	emit_struct_end(tcp);
}

/* GETREGSET at exit: the set the kernel wrote, in the length it set. */
static void getregset_exit(struct tcb *tcp, uint64_t nt, uint64_t addr)
{
	uint64_t base, len;

	if (!addr || !qual_verbose(tcp) || read_iovec(tcp, addr, &base, &len)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "iov_base");
	if (syserror(tcp))
		emit_ptr(tcp, base);
	else
		print_regset(tcp, nt, base, len);
	emit_field(tcp, "iov_len");
	if (tcp->priv && *(uint64_t *)tcp->priv != len && !syserror(tcp)) {
		emit_uint(tcp, *(uint64_t *)tcp->priv);
		emit_changed(tcp);
	}
	emit_uint(tcp, len);
	emit_struct_end(tcp);
}

/* struct ptrace_peeksiginfo_args {u64 off; u32 flags; s32 nr;} */
static void print_peeksiginfo_args(struct tcb *tcp, uint64_t addr)
{
	struct {
		uint64_t off;
		uint32_t flags;
		int32_t nr;
	} a;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &a, sizeof(a))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "off");
	emit_uint(tcp, a.off);
	emit_field(tcp, "flags");
	print_flags(tcp, ptrace_peeksiginfo_flags, a.flags,
		    "PTRACE_PEEKSIGINFO_???");
	emit_field(tcp, "nr");
	emit_uint(tcp, (uint32_t)a.nr);
	emit_struct_end(tcp);
}

static void print_siginfo_elem(struct tcb *tcp, const void *elem, void *data)
{
	siginfo_t si;

	(void)data;
	siginfo_from_tracee(tcp, elem, &si);
	print_siginfo(tcp, &si);
}

/* struct seccomp_metadata {u64 filter_off; u64 flags;}, size bytes. */
static void print_seccomp_metadata(struct tcb *tcp, uint64_t addr,
				   uint64_t size)
{
	uint64_t m[2];

	if (!addr || size < sizeof(m[0]) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &m[0], sizeof(m[0]))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "filter_off");
	emit_uint(tcp, m[0]);
	if (exiting(tcp) && !syserror(tcp) && size >= sizeof(m) &&
	    !tracee_read(tcp, addr + 8, &m[1], sizeof(m[1]))) {
		emit_field(tcp, "flags");
		print_flags(tcp, seccomp_filter_flags, m[1],
			    "SECCOMP_FILTER_FLAG_???");
	}
	emit_struct_end(tcp);
}

/* A syscall number of the ABI audit_arch names: "__NR_read". */
static void print_nr_of(struct tcb *tcp, uint32_t arch, uint64_t nr)
{
	int pers = arch_personality_of(arch);
	const struct sysent *ent = NULL;
	char text[64];

	if (pers >= 0 && nr <= 0xffffffff)
		ent = sysent_lookup(pers, (long)nr);
	if (!ent) {
		emit_uint(tcp, nr);
		return;
	}
	snprintf(text, sizeof(text), "__NR_%s", ent->name);
	print_named(tcp, nr, text, true);
}

static void print_u64_array(struct tcb *tcp, const uint64_t *v, unsigned int n)
{
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < n; i++) {
		emit_next(tcp);
		emit_hex(tcp, v[i]);
	}
	emit_array_end(tcp);
}

/*
 * struct ptrace_syscall_info: the fields in the first size bytes, size
 * the least of what the tracee asked for and what the kernel wrote.
 */
static void print_syscall_info(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	struct {
		uint8_t op;
		uint8_t pad[3];
		uint32_t arch;
		uint64_t ip;
		uint64_t sp;
		union {
			uint64_t nr;
			int64_t rval;
		};
		union {
			uint64_t args[6];
			uint8_t is_error;
		};
		uint32_t ret_data;
		uint32_t pad2;
	} in;
	size_t got;
	char name[32];
	const char *err;

	if (size > sizeof(in))
		size = sizeof(in);
	got = (size_t)size;
	memset(&in, 0, sizeof(in));
	if (!addr || !size || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &in, got)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "op");
	print_xval(tcp, ptrace_syscall_info_op, in.op,
		   "PTRACE_SYSCALL_INFO_???");
	if (got < 8)
		goto done;
	emit_field(tcp, "arch");
	print_xval(tcp, audit_arch, in.arch, "AUDIT_ARCH_???");
	if (got < 16)
		goto done;
	emit_field(tcp, "instruction_pointer");
	emit_hex(tcp, in.ip);
	if (got < 24)
		goto done;
	emit_field(tcp, "stack_pointer");
	emit_hex(tcp, in.sp);
	if (got < 32)
		goto done;
	switch (in.op) {
	case 1: /* PTRACE_SYSCALL_INFO_ENTRY */
	case 3: /* PTRACE_SYSCALL_INFO_SECCOMP */
		emit_field(tcp, in.op == 1 ? "entry" : "seccomp");
		emit_struct_begin(tcp);
		emit_field(tcp, "nr");
		print_nr_of(tcp, in.arch, in.nr);
		if (got >= 40) {
			emit_field(tcp, "args");
			print_u64_array(tcp, in.args,
					(unsigned int)((got - 32) / 8 < 6 ?
							       (got - 32) / 8 :
							       6));
		}
		if (in.op == 3 && got >= 84) {
			emit_field(tcp, "ret_data");
			emit_uint(tcp, in.ret_data);
		}
		emit_struct_end(tcp);
		break;
	case 2: /* PTRACE_SYSCALL_INFO_EXIT */
		emit_field(tcp, "exit");
		emit_struct_begin(tcp);
		emit_field(tcp, "rval");
		err = got >= 33 && in.is_error && in.rval < 0 &&
				      in.rval >= -4095 ?
			      errno_name((int)-in.rval) :
			      NULL;
		if (err) {
			snprintf(name, sizeof(name), "-%s", err);
			print_named(tcp, (uint64_t)in.rval, name, true);
		} else {
			emit_int(tcp, in.rval);
		}
		if (got >= 33) {
			emit_field(tcp, "is_error");
			emit_uint(tcp, in.is_error);
		}
		emit_struct_end(tcp);
		break;
	default:
		break;
	}
done:
	emit_struct_end(tcp);
}

/* struct ptrace_rseq_configuration, size bytes of it. */
static void print_rseq_configuration(struct tcb *tcp, uint64_t addr,
				     uint64_t size)
{
	struct {
		uint64_t rseq_abi_pointer;
		uint32_t rseq_abi_size;
		uint32_t signature;
		uint32_t flags;
		uint32_t pad;
	} c;

	if (!addr || size < sizeof(c) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &c, sizeof(c))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "rseq_abi_pointer");
	emit_hex(tcp, c.rseq_abi_pointer);
	emit_field(tcp, "rseq_abi_size");
	emit_uint(tcp, c.rseq_abi_size);
	emit_field(tcp, "signature");
	emit_hex(tcp, c.signature);
	emit_field(tcp, "flags");
	emit_hex(tcp, c.flags);
	emit_field(tcp, "pad");
	emit_hex(tcp, c.pad);
	emit_struct_end(tcp);
}

static int ptrace_entry(struct tcb *tcp, uint64_t req)
{
	uint64_t addr = tcp_arg(tcp, 2), data = tcp_arg(tcp, 3);

	if (req == PT_TRACEME)
		return RVAL_DECODED;
	emit_next(tcp);
	print_pid(tcp, tcp_iarg(tcp, 1));
	switch (req) {
	case PT_ATTACH:
	case PT_INTERRUPT:
	case PT_KILL:
	case PT_LISTEN:
		return RVAL_DECODED;
	case PT_PEEKTEXT:
	case PT_PEEKDATA:
	case PT_GETEVENTMSG:
	case PT_GETSIGINFO:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		return 0;
	case PT_PEEKUSR:
		emit_next(tcp);
		print_user_offset(tcp, addr);
		emit_next(tcp);
		return 0;
	case PT_POKETEXT:
	case PT_POKEDATA:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		emit_hex(tcp, data);
		return RVAL_DECODED;
	case PT_POKEUSR:
		emit_next(tcp);
		print_user_offset(tcp, addr);
		emit_next(tcp);
		emit_hex(tcp, data);
		return RVAL_DECODED;
	case PT_CONT:
	case PT_SYSCALL:
	case PT_SINGLESTEP:
	case PT_DETACH:
	case PT_SYSEMU:
	case PT_SYSEMU_SINGLESTEP:
	case PT_SINGLEBLOCK:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		print_signo(tcp, (int)data);
		return RVAL_DECODED;
	case PT_SETOPTIONS:
	case PT_SEIZE:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		print_flags(tcp, ptrace_options, data, "PTRACE_O_???");
		return RVAL_DECODED;
	case PT_SETSIGINFO:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		print_siginfo_at(tcp, data);
		return RVAL_DECODED;
	/* x86: addr is unused, data points at the registers. */
	case PT_GETREGS:
	case PT_GETFPREGS:
		emit_next(tcp);
		return 0;
	case PT_SETREGS:
		emit_next(tcp);
		print_regs(tcp, REGS_GENERAL, data,
			   regs_size(tcp, REGS_GENERAL));
		return RVAL_DECODED;
	case PT_SETFPREGS:
		emit_next(tcp);
		print_regs(tcp, REGS_FP, data, regs_size(tcp, REGS_FP));
		return RVAL_DECODED;
	case PT_GETFPXREGS:
	case PT_SETFPXREGS:
		emit_next(tcp);
		emit_ptr(tcp, data);
		return RVAL_DECODED;
	case PT_GETREGSET:
	case PT_SETREGSET: {
		uint64_t base, len;

		emit_next(tcp);
		print_xval(tcp, nt_types, addr, "NT_???");
		emit_next(tcp);
		if (req == PT_SETREGSET)
			return setregset_entry(tcp, addr, data) ? 0 :
								  RVAL_DECODED;
		if (addr && !read_iovec(tcp, data, &base, &len))
			save_len(tcp, len);
		return 0;
	}
	case PT_PEEKSIGINFO:
		emit_next(tcp);
		print_peeksiginfo_args(tcp, addr);
		emit_next(tcp);
		return 0;
	case PT_SETSIGMASK:
		emit_next(tcp);
		emit_uint(tcp, addr);
		emit_next(tcp);
		print_sigset(tcp, data, addr);
		return RVAL_DECODED;
	case PT_SECCOMP_GET_FILTER:
		emit_next(tcp);
		emit_uint(tcp, addr);
		emit_next(tcp);
		emit_ptr(tcp, data);
		return RVAL_DECODED;
	case PT_GETSIGMASK:
	case PT_SECCOMP_GET_METADATA:
	case PT_GET_SYSCALL_INFO:
		emit_next(tcp);
		emit_uint(tcp, addr);
		emit_next(tcp);
		return 0;
	case PT_GET_RSEQ_CONFIGURATION:
		emit_next(tcp);
		emit_hex(tcp, addr);
		emit_next(tcp);
		return 0;
	default:
		emit_next(tcp);
		emit_ptr(tcp, addr);
		emit_next(tcp);
		emit_ptr(tcp, data);
		return RVAL_DECODED;
	}
}

SYS_FUNC(ptrace)
{
	uint64_t req = tcp_arg(tcp, 0);
	uint64_t addr = tcp_arg(tcp, 2), data = tcp_arg(tcp, 3);
	bool failed = syserror(tcp);

	if (entering(tcp)) {
		print_xval(tcp, ptrace_cmds, req, "PTRACE_???");
		return ptrace_entry(tcp, req);
	}
	switch (req) {
	case PT_PEEKTEXT:
	case PT_PEEKDATA:
	case PT_PEEKUSR:
		print_word_at(tcp, data, true);
		break;
	case PT_GETEVENTMSG:
		print_word_at(tcp, data, false);
		break;
	case PT_GETSIGINFO:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_siginfo_at(tcp, data);
		break;
	case PT_GETREGS:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_regs(tcp, REGS_GENERAL, data,
				   regs_size(tcp, REGS_GENERAL));
		break;
	case PT_GETFPREGS:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_regs(tcp, REGS_FP, data, regs_size(tcp, REGS_FP));
		break;
	case PT_GETREGSET:
		getregset_exit(tcp, addr, data);
		break;
	case PT_SETREGSET:
		setregset_exit(tcp, data);
		break;
	case PT_PEEKSIGINFO:
		/* Even none read: the address, outside -e verbose. */
		if (failed || !qual_verbose(tcp))
			emit_ptr(tcp, data);
		else
			print_array(tcp, data, (uint64_t)tcp_rval(tcp), 128,
				    print_siginfo_elem, NULL);
		break;
	case PT_GETSIGMASK:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_sigset(tcp, data, addr);
		break;
	case PT_SECCOMP_GET_METADATA:
		print_seccomp_metadata(tcp, data, addr);
		break;
	case PT_GET_SYSCALL_INFO:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_syscall_info(tcp, data,
					   addr < (uint64_t)tcp_rval(tcp) ?
						   addr :
						   (uint64_t)tcp_rval(tcp));
		break;
	case PT_GET_RSEQ_CONFIGURATION:
		if (failed)
			emit_ptr(tcp, data);
		else
			print_rseq_configuration(tcp, data, addr);
		break;
	default:
		break;
	}
	return 0;
}
