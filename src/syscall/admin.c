/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * System administration: kernel modules, swap, reboot and kexec, the
 * host and domain names, the LDT.  Most of these fail for anyone but
 * root; their arguments print the same either way.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/delete_module_flags.h"
#include "xlat/tables/kexec_arch.h"
#include "xlat/tables/kexec_file_flags.h"
#include "xlat/tables/kexec_load_flags.h"
#include "xlat/tables/module_init_flags.h"
#include "xlat/tables/reboot_cmds.h"
#include "xlat/tables/reboot_magic1.h"
#include "xlat/tables/reboot_magic2.h"
#include "xlat/tables/swap_flags.h"

/* --- modules --------------------------------------------------------- */

SYS_FUNC(init_module)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(finit_module)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_cstr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, module_init_flags, (uint32_t)tcp_arg(tcp, 2),
		    "MODULE_INIT_???");
	return RVAL_DECODED;
}

SYS_FUNC(delete_module)
{
	emit_cstr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, delete_module_flags, (uint32_t)tcp_arg(tcp, 1),
		    "O_???");
	return RVAL_DECODED;
}

/* --- swap ------------------------------------------------------------ */

/* include/linux/swap.h: the low bits of swapon's flags are a priority. */
#define SWAP_FLAG_PRIO_MASK 0x7fff

SYS_FUNC(swapon)
{
	uint32_t val = (uint32_t)tcp_arg(tcp, 1);
	uint32_t flags = val & ~SWAP_FLAG_PRIO_MASK;
	char buf[256];
	size_t n;

	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	/* "SWAP_FLAG_PREFER|5": the flags, then the priority in decimal. */
	if (!flags) {
		emit_uint(tcp, val);
		return RVAL_DECODED;
	}
	sprint_flags(buf, sizeof(buf), swap_flags, flags, "SWAP_FLAG_???");
	n = strlen(buf);
	snprintf(buf + n, sizeof(buf) - n, "|%u", val & SWAP_FLAG_PRIO_MASK);
	emit_sym(tcp, val, buf);
	return RVAL_DECODED;
}

SYS_FUNC(swapoff)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

/* --- reboot and kexec ------------------------------------------------ */

/*
 * RESTART2's command: kernel/reboot.c copies at most 255 bytes of it.
 * Below -s 255 it prints as any string; past that strace shows at most
 * those 255 bytes, with "..." unless a NUL ends them.
 */
#define REBOOT_ARG_MAX 255

static void print_reboot_arg(struct tcb *tcp, uint64_t addr)
{
	char buf[REBOOT_ARG_MAX];
	ssize_t n;
	size_t len;

	if (!addr || cfg.string_limit < REBOOT_ARG_MAX) {
		emit_cstr(tcp, addr);
		return;
	}
	n = tracee_read_partial(tcp, addr, buf, sizeof(buf));
	len = n > 0 ? strnlen(buf, (size_t)n) : 0;
	if (n <= 0 || (len == (size_t)n && len < sizeof(buf))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_quoted(tcp, buf, len, len == sizeof(buf) ? QUOTE_ELLIPSIS : 0);
}

SYS_FUNC(reboot)
{
	/* kernel/reboot.c: the three are ints. */
	uint32_t cmd = (uint32_t)tcp_arg(tcp, 2);

	print_xval(tcp, reboot_magic1, (uint32_t)tcp_arg(tcp, 0),
		   "LINUX_REBOOT_MAGIC_???");
	emit_next(tcp);
	print_xval(tcp, reboot_magic2, (uint32_t)tcp_arg(tcp, 1),
		   "LINUX_REBOOT_MAGIC_???");
	emit_next(tcp);
	print_xval(tcp, reboot_cmds, cmd, "LINUX_REBOOT_CMD_???");
	/* Only RESTART2 reads the fourth argument: the restart command. */
	if (cmd == 0xa1b2c3d4) {
		emit_next(tcp);
		print_reboot_arg(tcp, tcp_arg(tcp, 3));
	}
	return RVAL_DECODED;
}

/* include/uapi/linux/kexec.h */
#define KEXEC_ARCH_MASK_VAL 0xffff0000
#define KEXEC_SEGMENT_MAX_VAL 16

/* One struct kexec_segment: buf, bufsz, mem, memsz, longs all four. */
static void print_kexec_segment(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t v[4];
	unsigned int i;

	(void)data;
	for (i = 0; i < 4; i++) {
		if (tcp_wordsize(tcp) == 4)
			v[i] = ((const uint32_t *)elem)[i];
		else
			v[i] = ((const uint64_t *)elem)[i];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "buf");
	emit_ptr(tcp, v[0]);
	emit_field(tcp, "bufsz");
	emit_uint(tcp, v[1]);
	emit_field(tcp, "mem");
	emit_ptr(tcp, v[2]);
	emit_field(tcp, "memsz");
	emit_uint(tcp, v[3]);
	emit_struct_end(tcp);
}

SYS_FUNC(kexec_load)
{
	uint64_t nr = tcp_arg(tcp, 1), flags = tcp_arg(tcp, 3);
	uint64_t rest = flags & ~(uint64_t)KEXEC_ARCH_MASK_VAL;
	char buf[256];
	size_t n;

	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, nr);
	emit_next(tcp);
	/* The kernel refuses more segments than it has room for. */
	if (nr > KEXEC_SEGMENT_MAX_VAL)
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_array(tcp, tcp_arg(tcp, 2), nr, 4 * tcp_wordsize(tcp),
			    print_kexec_segment, NULL);
	emit_next(tcp);
	/* "KEXEC_ARCH_X86_64|KEXEC_ON_CRASH": the arch, then the flags. */
	sprint_xval(buf, sizeof(buf), kexec_arch,
		    flags & KEXEC_ARCH_MASK_VAL, "KEXEC_ARCH_???");
	if (rest) {
		n = strlen(buf);
		buf[n++] = '|';
		sprint_flags(buf + n, sizeof(buf) - n, kexec_load_flags, rest,
			     "KEXEC_???");
	}
	emit_sym(tcp, flags, buf);
	return RVAL_DECODED;
}

SYS_FUNC(kexec_file_load)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_buf(tcp, tcp_arg(tcp, 3), tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, kexec_file_flags, tcp_arg(tcp, 4), "KEXEC_FILE_???");
	return RVAL_DECODED;
}

/* --- names ----------------------------------------------------------- */

/* include/uapi/linux/utsname.h: __NEW_UTS_LEN */
#define UTS_LEN_MAX 64

/*
 * The name and its length (an int to the kernel); a length the kernel
 * refuses (EINVAL) leaves the name unread.
 */
static int decode_uts_name(struct tcb *tcp)
{
	uint32_t len = (uint32_t)tcp_arg(tcp, 1);

	if (len > UTS_LEN_MAX)
		emit_ptr(tcp, tcp_arg(tcp, 0));
	else
		emit_buf(tcp, tcp_arg(tcp, 0), len);
	emit_next(tcp);
	emit_uint(tcp, len);
	return RVAL_DECODED;
}

SYS_FUNC(sethostname)
{
	return decode_uts_name(tcp);
}

SYS_FUNC(setdomainname)
{
	return decode_uts_name(tcp);
}

/* --- filesystems ----------------------------------------------------- */

SYS_FUNC(pivot_root)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(acct)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

/* --- the LDT --------------------------------------------------------- */

/* arch/x86/include/uapi/asm/ldt.h: struct user_desc */
#define USER_DESC_SIZE 16

SYS_FUNC(modify_ldt)
{
	if (entering(tcp)) {
		uint64_t addr = tcp_arg(tcp, 1), count = tcp_arg(tcp, 2);

		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		/* Whatever func says, a descriptor-sized buffer is one. */
		if (count == USER_DESC_SIZE)
			print_user_desc(tcp, addr, true);
		else
			emit_ptr(tcp, addr);
		emit_next(tcp);
		emit_uint(tcp, count);
		return 0;
	}
	/*
	 * arch/x86/kernel/ldt.c returns an int through an unsigned long:
	 * on x86_64 its -errno arrives as 0xffffffea, which strace shows
	 * as the number with the error's name.
	 */
	if (tcp_wordsize(tcp) == 8 && !syserror(tcp)) {
		uint64_t v = (uint64_t)tcp_rval(tcp);
		int32_t r = (int32_t)v;

		if (!(v >> 32) && r < 0 && r >= -4095) {
			tcp->sc.rval = r;
			tcp->sc.is_error = true;
			return RVAL_ERR_UINT;
		}
	}
	return RVAL_DECIMAL;
}
