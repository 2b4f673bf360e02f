/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Syscalls in ltrace's mode (its -S), as Debian's ltrace 0.7.3 shows
 * them on x86_64: "SYS_" and the name from ltrace's own syscall table,
 * the arguments by ltrace's prototype of the call when it has one and
 * as four guessed words when not ("SYS_openat(0xffffff9c, 0x7f..., 0x80000,
 * 0)"), the return value raw ("= -2" for ENOENT).  Everything here was
 * observed from ltrace's output, calling each syscall number with
 * arguments chosen to tell the types apart.
 *
 * The values print through the library-call printer (printval.h) in
 * ltrace's style, from registers filled with the syscall's arguments.
 * i386 tasks keep strace's decoding: the printer reads an i386 call's
 * arguments from the stack.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "engine/tcb.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "libcall/ltrace_sys.h"
#include "syscall/print.h"

/*
 * ltrace's x86_64 table ends at process_vm_writev (311); later numbers
 * have no name there.  Its names differ from the kernel's in four rows.
 */
#define LTRACE_X86_64_NSYSCALLS 312

const char *ltrace_sys_name(int pers, long nr, const char *name, char *buf,
			    size_t size)
{
	if (pers == PERS_NATIVE) {
		switch (nr) {
		case 17:
			name = "pread";
			break;
		case 18:
			name = "pwrite";
			break;
		case 214:
			name = "epoll_ctl";
			break;
		case 215:
			name = "epoll_wait";
			break;
		default:
			if (nr < 0 || nr >= LTRACE_X86_64_NSYSCALLS)
				name = NULL;
			break;
		}
	}
	if (name)
		snprintf(buf, size, "SYS_%s", name);
	else
		snprintf(buf, size, "SYS_%ld", nr);
	return buf;
}

/*
 * ltrace's prototypes of x86_64 syscalls: the return value's letter, a
 * colon, one letter per argument.
 *   i int   u unsigned int   l long   z unsigned long   a address
 *   o octal (32 bits)   s string   v void (return only)
 *   3 string of at most the third argument's length
 *   R string filled by the call, as long as the return value
 *   2 string filled by the call, at most the second argument's length
 * ltrace gives every int-returning syscall a plain number; "l" prints the
 * same for every value a syscall returns.
 */
static const struct {
	unsigned short nr;
	const char *sig;
} lt_protos[] = {
	{ 0, "l:iRz" },		/* read */
	{ 1, "l:i3z" },		/* write */
	{ 2, "l:sio" },		/* open */
	{ 3, "l:i" },		/* close */
	{ 4, "l:sa" },		/* stat */
	{ 5, "l:ia" },		/* fstat */
	{ 6, "l:sa" },		/* lstat */
	{ 7, "l:aui" },		/* poll */
	{ 8, "l:ili" },		/* lseek */
	{ 10, "l:aii" },	/* mprotect */
	{ 11, "l:az" },		/* munmap */
	{ 12, "a:a" },		/* brk */
	{ 19, "z:iai" },	/* readv */
	{ 20, "z:iai" },	/* writev */
	{ 21, "l:so" },		/* access */
	{ 26, "l:azi" },	/* msync */
	{ 28, "l:azi" },	/* madvise */
	{ 32, "l:i" },		/* dup */
	{ 33, "l:ii" },		/* dup2 */
	{ 34, "l:" },		/* pause */
	{ 39, "l:" },		/* getpid */
	{ 57, "l:" },		/* fork */
	{ 59, "l:saa" },	/* execve */
	{ 60, "v:i" },		/* exit */
	{ 62, "l:ii" },		/* kill */
	{ 63, "l:a" },		/* uname */
	{ 74, "l:i" },		/* fsync */
	{ 75, "l:i" },		/* fdatasync */
	{ 76, "l:sl" },		/* truncate */
	{ 77, "l:il" },		/* ftruncate */
	{ 79, "l:2z" },		/* getcwd */
	{ 80, "l:s" },		/* chdir */
	{ 81, "l:i" },		/* fchdir */
	{ 82, "l:ss" },		/* rename */
	{ 83, "l:so" },		/* mkdir */
	{ 84, "l:s" },		/* rmdir */
	{ 86, "l:ss" },		/* link */
	{ 87, "l:s" },		/* unlink */
	{ 88, "l:ss" },		/* symlink */
	{ 89, "l:ssz" },	/* readlink: the buffer as it was before */
	{ 90, "l:so" },		/* chmod */
	{ 91, "l:io" },		/* fchmod */
	{ 92, "l:sii" },	/* chown */
	{ 93, "l:iii" },	/* fchown */
	{ 94, "l:sii" },	/* lchown */
	{ 95, "o:o" },		/* umask */
	{ 96, "l:aa" },		/* gettimeofday */
	{ 97, "l:ia" },		/* getrlimit */
	{ 99, "l:a" },		/* sysinfo */
	{ 102, "l:" },		/* getuid */
	{ 103, "l:isi" },	/* syslog */
	{ 104, "l:" },		/* getgid */
	{ 105, "l:i" },		/* setuid */
	{ 106, "l:i" },		/* setgid */
	{ 107, "l:" },		/* geteuid */
	{ 108, "l:" },		/* getegid */
	{ 109, "l:ii" },	/* setpgid */
	{ 112, "l:i" },		/* setsid */
	{ 113, "l:ii" },	/* setreuid */
	{ 114, "l:ii" },	/* setregid */
	{ 117, "l:iii" },	/* setresuid */
	{ 118, "l:aaa" },	/* getresuid */
	{ 119, "l:iii" },	/* setresgid */
	{ 120, "l:aaa" },	/* getresgid */
	{ 122, "l:i" },		/* setfsuid */
	{ 123, "l:i" },		/* setfsgid */
	{ 124, "l:i" },		/* getsid */
	{ 131, "l:aa" },	/* sigaltstack */
	{ 132, "l:sa" },	/* utime */
	{ 133, "l:soi" },	/* mknod */
	{ 135, "l:u" },		/* personality */
	{ 137, "l:sa" },	/* statfs */
	{ 138, "l:ia" },	/* fstatfs */
	{ 140, "l:ii" },	/* getpriority */
	{ 141, "l:iii" },	/* setpriority */
	{ 160, "l:ia" },	/* setrlimit */
	{ 161, "l:s" },		/* chroot */
	{ 162, "l:" },		/* sync */
	{ 164, "l:aa" },	/* settimeofday */
	{ 165, "l:sssza" },	/* mount */
	{ 166, "l:si" },	/* umount2 */
	{ 169, "l:iiia" },	/* reboot */
	{ 188, "l:ssaui" },	/* setxattr */
	{ 189, "l:ssaui" },	/* lsetxattr */
	{ 190, "l:isaui" },	/* fsetxattr */
	{ 191, "l:ssau" },	/* getxattr */
	{ 192, "l:ssau" },	/* lgetxattr */
	{ 193, "l:isau" },	/* fgetxattr */
	{ 194, "l:sau" },	/* listxattr */
	{ 195, "l:sau" },	/* llistxattr */
	{ 196, "l:iau" },	/* flistxattr */
	{ 197, "l:ss" },	/* removexattr */
	{ 198, "l:ss" },	/* lremovexattr */
	{ 199, "l:is" },	/* fremovexattr */
	{ 231, "v:i" },		/* exit_group */
};

#define NPROTOS (sizeof(lt_protos) / sizeof(lt_protos[0]))

static void set_type(struct ptype *t, char c)
{
	memset(t, 0, sizeof(*t));
	switch (c) {
	case 'i':
		t->kind = PT_INT;
		break;
	case 'u':
		t->kind = PT_UINT;
		break;
	case 'l':
		t->kind = PT_LONG;
		break;
	case 'z':
		t->kind = PT_ULONG;
		break;
	case 'a':
		t->kind = PT_PTR;
		break;
	case 'o':
		t->kind = PT_OCTAL;
		t->size = 4;
		break;
	case 's':
		t->kind = PT_STRING;
		break;
	case '3':
		t->kind = PT_STRING_N;
		t->len_arg = 3;
		break;
	case 'R':
		t->kind = PT_STRING_N;
		t->len_arg = PT_LEN_RETVAL;
		t->flags = PTF_OUT;
		break;
	case '2':
		t->kind = PT_STRING_N;
		t->len_arg = 2;
		t->flags = PTF_OUT;
		break;
	case 'v':
	default:
		t->kind = PT_VOID;
		break;
	}
}

/* Built on first use, kept for the run; NULL where ltrace guesses. */
static const struct proto *protos[NPROTOS];
static bool protos_built;

static void build_protos(void)
{
	protos_built = true;
	for (size_t i = 0; i < NPROTOS; i++) {
		const char *sig = lt_protos[i].sig;
		unsigned int n = (unsigned int)strlen(sig + 2);
		char name[64];
		struct proto *p;

		snprintf(name, sizeof(name), "SYS_%u", lt_protos[i].nr);
		p = proto_new(name, n);
		if (!p)
			continue;
		set_type(&p->ret, sig[0]);
		for (unsigned int k = 0; k < n; k++)
			set_type(&p->args[k], sig[2 + k]);
		protos[i] = p;
	}
}

static const struct proto *proto_of(const struct tcb *tcp)
{
	size_t lo = 0, hi = NPROTOS;

	if (!protos_built)
		build_protos();
	if (tcp->sc.nr < 0)
		return proto_fallback();
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (lt_protos[mid].nr == tcp->sc.nr)
			return protos[mid] ? protos[mid] : proto_fallback();
		if (lt_protos[mid].nr < tcp->sc.nr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return proto_fallback();
}

static void regs_of(const struct tcb *tcp, struct lc_regs *r, bool exiting)
{
	memset(r, 0, sizeof(*r));
	r->compat = tcp->pers == PERS_COMPAT;
	for (unsigned int i = 0; i < 6 && i < MAX_ARGS; i++)
		r->arg[i] = tcp->sc.args[i];
	if (exiting)
		r->ret = (uint64_t)tcp->sc.rval;
}

void ltrace_sys_print_entry(struct tcb *tcp)
{
	struct lc_regs r;

	regs_of(tcp, &r, false);
	lc_print_args_entry(tcp, proto_of(tcp), &r);
}

void ltrace_sys_print_exit(struct tcb *tcp)
{
	const struct proto *p = proto_of(tcp);
	struct lc_regs e, r;
	bool any_out = false;

	for (unsigned int i = 0; i < p->nargs; i++)
		any_out |= (p->args[i].flags & PTF_OUT) != 0;
	if (!any_out)
		return;
	regs_of(tcp, &e, false);
	regs_of(tcp, &r, true);
	lc_print_args_exit(tcp, p, &e, &r);
}

void ltrace_sys_print_retval(struct tcb *tcp)
{
	struct lc_regs e, r;

	regs_of(tcp, &e, false);
	regs_of(tcp, &r, true);
	lc_print_retval(tcp, proto_of(tcp), &e, &r);
}

const struct syscall_style ltrace_sys_style = {
	.name = ltrace_sys_name,
	.print_entry = ltrace_sys_print_entry,
	.print_exit = ltrace_sys_print_exit,
	.print_retval = ltrace_sys_print_retval,
};
