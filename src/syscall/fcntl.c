/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fcntl and the i386 fcntl64: each command's argument, and the return
 * values strace explains ("= 0x8002 (flags O_RDWR|O_LARGEFILE)").
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/file.h"
#include "xlat/tables/dnotify_flags.h"
#include "xlat/tables/fcntl_cmds.h"
#include "xlat/tables/fd_flags.h"
#include "xlat/tables/lock_types.h"
#include "xlat/tables/open_access_modes.h"
#include "xlat/tables/open_flags.h"
#include "xlat/tables/owner_types.h"
#include "xlat/tables/seal_flags.h"
#include "xlat/tables/whence.h"

/* Commands, include/uapi/asm-generic/fcntl.h and linux/fcntl.h. */
enum {
	K_F_DUPFD = 0, K_F_GETFD, K_F_SETFD, K_F_GETFL, K_F_SETFL,
	K_F_GETLK, K_F_SETLK, K_F_SETLKW, K_F_SETOWN, K_F_GETOWN,
	K_F_SETSIG, K_F_GETSIG, K_F_GETLK64, K_F_SETLK64, K_F_SETLKW64,
	K_F_SETOWN_EX, K_F_GETOWN_EX,
	K_F_OFD_GETLK = 36, K_F_OFD_SETLK, K_F_OFD_SETLKW,
	K_F_SETLEASE = 1024, K_F_GETLEASE, K_F_NOTIFY,
	K_F_DUPFD_CLOEXEC = 1030, K_F_SETPIPE_SZ, K_F_GETPIPE_SZ,
	K_F_ADD_SEALS, K_F_GET_SEALS,
};

/* struct f_owner_ex's types, include/uapi/asm-generic/fcntl.h. */
enum { K_F_OWNER_TID, K_F_OWNER_PID, K_F_OWNER_PGRP };

/* The three layouts of struct flock a tracee may pass. */
enum flock_layout {
	FLOCK_NATIVE,	/* x86_64: shorts, then 8-byte off_t, 32 bytes */
	FLOCK_32,	/* i386 struct flock: 4-byte off_t, 16 bytes */
	FLOCK_64_32,	/* i386 struct flock64: packed, 24 bytes */
	FLOCK_NONE,	/* not a struct this syscall takes: the address */
};

struct flock_val {
	int16_t type, whence;
	int64_t start, len;
	int32_t pid;
};

static int read_flock(struct tcb *tcp, uint64_t addr, enum flock_layout l,
		      struct flock_val *f)
{
	unsigned char b[32];
	int32_t i32[2];
	int64_t i64[2];

	switch (l) {
	case FLOCK_NATIVE:
		if (tracee_read(tcp, addr, b, 32))
			return -1;
		memcpy(i64, b + 8, 16);
		memcpy(&f->pid, b + 24, 4);
		break;
	case FLOCK_32:
		if (tracee_read(tcp, addr, b, 16))
			return -1;
		memcpy(i32, b + 4, 8);
		i64[0] = i32[0];
		i64[1] = i32[1];
		memcpy(&f->pid, b + 12, 4);
		break;
	case FLOCK_64_32:
		if (tracee_read(tcp, addr, b, 24))
			return -1;
		memcpy(i64, b + 4, 16);
		memcpy(&f->pid, b + 20, 4);
		break;
	default:
		return -1;
	}
	memcpy(&f->type, b, 2);
	memcpy(&f->whence, b + 2, 2);
	f->start = i64[0];
	f->len = i64[1];
	return 0;
}

static void print_flock(struct tcb *tcp, uint64_t addr, enum flock_layout l,
			bool with_pid)
{
	struct flock_val f;

	if (!addr || !qual_verbose(tcp) || read_flock(tcp, addr, l, &f)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "l_type");
	print_xval(tcp, lock_types, (uint16_t)f.type, "F_???");
	emit_field(tcp, "l_whence");
	print_xval(tcp, whence, (uint16_t)f.whence, "SEEK_???");
	emit_field(tcp, "l_start");
	emit_int(tcp, f.start);
	emit_field(tcp, "l_len");
	emit_int(tcp, f.len);
	if (with_pid) {
		emit_field(tcp, "l_pid");
		emit_int(tcp, f.pid);
	}
	emit_struct_end(tcp);
}

/*
 * Which struct flock a locking command takes: fcntl64 on i386 takes the
 * 64-bit one for the *64 and OFD commands; i386 fcntl rejects the *64
 * ones (compat_sys_fcntl); a 64-bit kernel knows no *64 command.
 */
static enum flock_layout flock_layout(struct tcb *tcp, int cmd, bool is64)
{
	bool lk64 = cmd == K_F_GETLK64 || cmd == K_F_SETLK64 ||
		    cmd == K_F_SETLKW64;
	bool ofd = cmd == K_F_OFD_GETLK || cmd == K_F_OFD_SETLK ||
		   cmd == K_F_OFD_SETLKW;

	if (tcp_wordsize(tcp) == 8)
		return lk64 ? FLOCK_NONE : FLOCK_NATIVE;
	if (lk64)
		return is64 ? FLOCK_64_32 : FLOCK_NONE;
	return ofd ? FLOCK_64_32 : FLOCK_32;
}

static void print_owner_ex(struct tcb *tcp, uint64_t addr)
{
	int32_t v[2];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "type");
	print_xval(tcp, owner_types, (uint32_t)v[0], "F_OWNER_???");
	emit_field(tcp, "pid");
	switch (v[0]) {
	case K_F_OWNER_TID:
		print_tid(tcp, v[1]);
		break;
	case K_F_OWNER_PID:
		print_pid(tcp, v[1]);
		break;
	case K_F_OWNER_PGRP:
		print_pgid(tcp, v[1]);
		break;
	default:
		emit_int(tcp, v[1]);
		break;
	}
	emit_struct_end(tcp);
}

/* Names of val's bits in x, unknown ones in hex: the -X abbrev spelling. */
static size_t join_names(char *buf, size_t size, const struct xlat *x,
			 uint64_t val)
{
	size_t n = 0;

	buf[0] = '\0';
	for (; x->name; x++) {
		if (!x->val || (val & x->val) != x->val)
			continue;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? "|" : "", x->name);
		val &= ~x->val;
	}
	if (val)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
				      "%s%#llx", n ? "|" : "",
				      (unsigned long long)val);
	return n;
}

/* Room for the return value's explanation: every O_* name fits. */
static char aux[512];

static int fcntl_exit_rval(struct tcb *tcp, int cmd)
{
	int64_t rv = tcp_rval(tcp);
	const char *name;
	char buf[400];
	size_t n;

	if (syserror(tcp))
		return RVAL_DECIMAL;
	switch (cmd) {
	case K_F_GETFD:
		if (!rv)
			return RVAL_HEX;
		snprintf(aux, sizeof(aux), "flags %s",
			 sprint_flags(buf, sizeof(buf), fd_flags,
				      (uint64_t)rv, "FD_???"));
		break;
	case K_F_GETFL:
		/* Spelled out whatever -X says, as strace does. */
		n = (size_t)snprintf(aux, sizeof(aux), "flags %s",
				     xlat_name(open_access_modes, rv & 3));
		if (rv & ~3LL) {
			aux[n++] = '|';
			join_names(aux + n, sizeof(aux) - n, open_flags,
				   (uint64_t)rv & ~3ULL);
		}
		break;
	case K_F_GET_SEALS:
		if (!rv)
			return RVAL_HEX;
		snprintf(aux, sizeof(aux), "seals %s",
			 sprint_flags(buf, sizeof(buf), seal_flags,
				      (uint64_t)rv, "F_SEAL_???"));
		break;
	case K_F_GETLEASE:
		name = xlat_name(lock_types, (uint64_t)rv);
		if (!name)
			return RVAL_HEX;
		snprintf(aux, sizeof(aux), "%s", name);
		break;
	case K_F_GETOWN:
		return RVAL_PID_OR_PGID;
	case K_F_GETSIG:
		name = rv ? signal_name((int)rv) : NULL;
		if (!name)
			return RVAL_DECIMAL;
		snprintf(aux, sizeof(aux), "%s", name);
		tcp->sc.auxstr = aux;
		return RVAL_DECIMAL | RVAL_STR;
	default:
		return RVAL_DECIMAL;
	}
	tcp->sc.auxstr = aux;
	return RVAL_HEX | RVAL_STR;
}

static int do_fcntl(struct tcb *tcp, bool is64)
{
	int cmd = tcp_iarg(tcp, 1);
	uint64_t arg = tcp_arg(tcp, 2);
	enum flock_layout l;

	if (exiting(tcp)) {
		switch (cmd) {
		case K_F_GETLK:
		case K_F_OFD_GETLK:
		case K_F_GETLK64:
			l = flock_layout(tcp, cmd, is64);
			if (syserror(tcp) || l == FLOCK_NONE)
				emit_ptr(tcp, arg);
			else
				print_flock(tcp, arg, l, true);
			break;
		case K_F_GETOWN_EX:
			if (syserror(tcp))
				emit_ptr(tcp, arg);
			else
				print_owner_ex(tcp, arg);
			break;
		}
		return fcntl_exit_rval(tcp, cmd);
	}

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, fcntl_cmds, (uint32_t)cmd, "F_???");
	switch (cmd) {
	case K_F_SETFD:
		emit_next(tcp);
		print_flags(tcp, fd_flags, (uint32_t)arg, "FD_???");
		break;
	case K_F_SETOWN:
		/* A process, or a process group as its negated id. */
		emit_next(tcp);
		print_pid_or_pgid(tcp, (int32_t)arg);
		break;
	case K_F_SETPIPE_SZ:
	case K_F_DUPFD:
	case K_F_DUPFD_CLOEXEC:
		/*
		 * A kernel long as strace prints it: on i386 the register
		 * zero-extended, so -1 reads 4294967295 there too.
		 */
		emit_next(tcp);
		emit_int(tcp, (int64_t)arg);
		break;
	case K_F_SETFL:
		emit_next(tcp);
		print_open_flags(tcp, (uint32_t)arg);
		break;
	case K_F_SETLK:
	case K_F_SETLKW:
	case K_F_OFD_SETLK:
	case K_F_OFD_SETLKW:
	case K_F_SETLK64:
	case K_F_SETLKW64:
		l = flock_layout(tcp, cmd, is64);
		emit_next(tcp);
		if (l == FLOCK_NONE)
			emit_ptr(tcp, arg);
		else
			print_flock(tcp, arg, l, false);
		break;
	case K_F_SETOWN_EX:
		emit_next(tcp);
		print_owner_ex(tcp, arg);
		break;
	case K_F_NOTIFY:
		emit_next(tcp);
		print_flags(tcp, dnotify_flags, (uint32_t)arg, "DN_???");
		break;
	case K_F_SETLEASE:
		emit_next(tcp);
		print_xval(tcp, lock_types, (uint32_t)arg, "F_???");
		break;
	case K_F_ADD_SEALS:
		emit_next(tcp);
		print_flags(tcp, seal_flags, (uint32_t)arg, "F_SEAL_???");
		break;
	case K_F_SETSIG:
		emit_next(tcp);
		if ((int32_t)arg > 0)
			print_signo(tcp, (int32_t)arg);
		else
			emit_int(tcp, (int32_t)arg);
		break;
	case K_F_GETLK:
	case K_F_OFD_GETLK:
	case K_F_GETLK64:
	case K_F_GETOWN_EX:
		/* The struct is the kernel's answer: printed at exit. */
		emit_next(tcp);
		return 0;
	case K_F_GETFD:
	case K_F_GETFL:
	case K_F_GETOWN:
	case K_F_GETSIG:
	case K_F_GETLEASE:
	case K_F_GETPIPE_SZ:
	case K_F_GET_SEALS:
		/* No argument; the return value needs explaining. */
		return 0;
	default:
		emit_next(tcp);
		emit_hex(tcp, arg);
		break;
	}
	if (cmd == K_F_DUPFD || cmd == K_F_DUPFD_CLOEXEC)
		return RVAL_DECODED | RVAL_FD;
	return RVAL_DECODED;
}

SYS_FUNC(fcntl)
{
	return do_fcntl(tcp, false);
}

SYS_FUNC(fcntl64)
{
	return do_fcntl(tcp, true);
}
