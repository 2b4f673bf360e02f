/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of kernel objects rather than devices: namespace files
 * (linux/nsfs.h), userfaultfd (linux/userfaultfd.h), perf events
 * (linux/perf_event.h), seccomp user notification (linux/seccomp.h),
 * inotify and the random device.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/ioctl.h>
#include <linux/audit.h>
#include <linux/inotify.h>
#include <linux/nsfs.h>
#include <linux/perf_event.h>
#include <linux/random.h>
#include <linux/seccomp.h>
#include <linux/userfaultfd.h>

#include "arch/arch.h"
#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "syscall/net.h"
#include "syscall/perf.h"
#include "xlat/audit_arch.h"
#include "xlat/tables/clone_flags.h"
#include "xlat/tables/open_flags.h"
#include "xlat/tables/perf_ioctl_flags.h"
#include "xlat/tables/seccomp_addfd_flags.h"
#include "xlat/tables/seccomp_notif_resp_flags.h"
#include "xlat/tables/uffd_copy_modes.h"
#include "xlat/tables/uffd_features.h"
#include "xlat/tables/uffd_ioctl_bits.h"
#include "xlat/tables/uffd_register_modes.h"
#include "xlat/tables/uffd_zeropage_modes.h"

/* A command with its size field cleared: numbers built on a pointer type. */
#define IOC_NOSIZE(c) ((c) & ~(uint32_t)(_IOC_SIZEMASK << _IOC_SIZESHIFT))

/* --- namespaces ------------------------------------------------------ */

static int ioctl_nsfs(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	const char *name;

	switch (code) {
	case NS_GET_USERNS:
	case NS_GET_PARENT:
		/* No argument; the result is a new descriptor. */
		return entering(tcp) ? 0 : RVAL_FD;
	case NS_GET_NSTYPE:
		if (entering(tcp))
			return 0;
		name = syserror(tcp) ? NULL
				     : xlat_name(clone_flags, (uint64_t)tcp_rval(tcp));
		if (!name)
			return RVAL_DECIMAL;
		tcp->sc.auxstr = name;
		return RVAL_STR;
	case NS_GET_OWNER_UID:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			ioctl_num_ptr(tcp, arg, 4, false, false);
		return RVAL_DECIMAL;
	}
	return IOCTL_UNKNOWN;
}

/* --- userfaultfd ----------------------------------------------------- */

/* "1<<_UFFDIO_REGISTER|1<<_UFFDIO_API|0x120": the ioctls a range allows. */
static void print_uffd_ioctls(struct tcb *tcp, uint64_t v)
{
	char buf[512];
	size_t n = 0;
	uint64_t rest = v;

	buf[0] = '\0';
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *name = xlat_name(uffd_ioctl_bits, bit);

		if (!(v & (1ULL << bit)) || !name)
			continue;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s1<<%s",
				      n ? "|" : "", name);
		rest &= ~(1ULL << bit);
	}
	if (rest || !n)
		snprintf(buf + n, sizeof(buf) - n, "%s%#llx", n ? "|" : "",
			 (unsigned long long)rest);
	print_named(tcp, v, buf, false);
}

static void print_uffd_range(struct tcb *tcp, const uint64_t r[2])
{
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "start", r[0]);
	ioctl_field_x(tcp, "len", r[1]);
	emit_struct_end(tcp);
}

/*
 * The in-out structs: the input half at entry, then at exit (success)
 * " => " and what the kernel wrote.  tcp->priv says the struct is open.
 */
static int ioctl_uffd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint64_t v[5];

	switch (code) {
	case UFFDIO_API:
		if (entering(tcp)) {
			emit_next(tcp);
			if (!ioctl_fetch(tcp, arg, v, 16))
				return RVAL_DECODED;
			emit_struct_begin(tcp);
			ioctl_field_x(tcp, "api", v[0]);
			emit_field(tcp, "features");
			print_flags(tcp, uffd_features, v[1], "UFFD_FEATURE_???");
			net_priv_set(tcp, 1);
			return 0;
		}
		if (!syserror(tcp) && !tracee_read(tcp, arg, v, 24)) {
			emit_changed(tcp);
			emit_prefix(tcp, "features=");
			print_flags(tcp, uffd_features, v[1], "UFFD_FEATURE_???");
			emit_field(tcp, "ioctls");
			print_uffd_ioctls(tcp, v[2]);
		}
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	case UFFDIO_REGISTER:
		if (entering(tcp)) {
			emit_next(tcp);
			if (!ioctl_fetch(tcp, arg, v, 24))
				return RVAL_DECODED;
			emit_struct_begin(tcp);
			emit_field(tcp, "range");
			print_uffd_range(tcp, v);
			emit_field(tcp, "mode");
			print_flags(tcp, uffd_register_modes, v[2],
				    "UFFDIO_REGISTER_MODE_???");
			return 0;
		}
		if (!syserror(tcp) && !tracee_read(tcp, arg, v, 32)) {
			emit_field(tcp, "ioctls");
			print_uffd_ioctls(tcp, v[3]);
		}
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	case UFFDIO_UNREGISTER:
	case UFFDIO_WAKE:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, v, 16))
			print_uffd_range(tcp, v);
		return RVAL_DECODED;
	case UFFDIO_COPY:
		if (entering(tcp)) {
			emit_next(tcp);
			if (!ioctl_fetch(tcp, arg, v, 32))
				return RVAL_DECODED;
			emit_struct_begin(tcp);
			ioctl_field_x(tcp, "dst", v[0]);
			ioctl_field_x(tcp, "src", v[1]);
			ioctl_field_x(tcp, "len", v[2]);
			emit_field(tcp, "mode");
			print_flags(tcp, uffd_copy_modes, v[3],
				    "UFFDIO_COPY_MODE_???");
			return 0;
		}
		if (!syserror(tcp) && !tracee_read(tcp, arg, v, 40))
			ioctl_field_x(tcp, "copy", v[4]);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	case UFFDIO_ZEROPAGE:
		if (entering(tcp)) {
			emit_next(tcp);
			if (!ioctl_fetch(tcp, arg, v, 24))
				return RVAL_DECODED;
			emit_struct_begin(tcp);
			emit_field(tcp, "range");
			print_uffd_range(tcp, v);
			emit_field(tcp, "mode");
			print_flags(tcp, uffd_zeropage_modes, v[2],
				    "UFFDIO_ZEROPAGE_???");
			return 0;
		}
		if (!syserror(tcp) && !tracee_read(tcp, arg, v, 32))
			ioctl_field_x(tcp, "zeropage", v[3]);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	return IOCTL_UNKNOWN;
}

/* --- perf events ----------------------------------------------------- */

static void print_u32_elem(struct tcb *tcp, const void *elem, void *data)
{
	uint32_t v;

	(void)data;
	memcpy(&v, elem, 4);
	emit_uint(tcp, v);
}

/* struct perf_event_query_bpf: ids_len in, prog_cnt and ids[] out. */
static int perf_query_bpf(struct tcb *tcp, uint64_t arg)
{
	uint32_t h[2];

	if (entering(tcp)) {
		emit_next(tcp);
		/* ids_len alone: the rest is the kernel's to write. */
		if (!ioctl_fetch(tcp, arg, h, 4))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "ids_len", h[0]);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, h, sizeof(h))) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	ioctl_field_u(tcp, "prog_cnt", h[1]);
	emit_field(tcp, "ids");
	/* Those the kernel wrote: no more than the room given. */
	if (!h[1])
		emit_ptr(tcp, arg + 8);
	else
		print_array(tcp, arg + 8, h[1] < h[0] ? h[1] : h[0], 4,
			    print_u32_elem, NULL);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static int ioctl_perf(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case PERF_EVENT_IOC_ENABLE:
	case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET:
		emit_next(tcp);
		print_flags(tcp, perf_ioctl_flags, (uint32_t)arg,
			    "PERF_IOC_FLAG_???");
		return RVAL_DECODED;
	case PERF_EVENT_IOC_SET_OUTPUT:
	case PERF_EVENT_IOC_SET_BPF:
		emit_next(tcp);
		print_fd(tcp, (int)arg);
		return RVAL_DECODED;
	case PERF_EVENT_IOC_REFRESH:
		return ioctl_int_arg(tcp, arg);
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
		return ioctl_ulong_arg(tcp, arg);
	case PERF_EVENT_IOC_PERIOD:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 8, false, false);
		return RVAL_DECODED;
	}
	/*
	 * The rest are on a pointer: 8 bytes in x86_64's number, 4 in
	 * i386's; the other ABI's size is no command, a number.
	 */
	if (_IOC_SIZE(code) != tcp_wordsize(tcp))
		return IOCTL_UNKNOWN;
	switch (IOC_NOSIZE(code)) {
	case IOC_NOSIZE(PERF_EVENT_IOC_SET_FILTER):
		emit_next(tcp);
		emit_cstr(tcp, arg);
		return RVAL_DECODED;
	case IOC_NOSIZE(PERF_EVENT_IOC_ID):
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			ioctl_num_ptr(tcp, arg, 8, false, false);
		return RVAL_DECIMAL;
	case IOC_NOSIZE(PERF_EVENT_IOC_QUERY_BPF):
		return perf_query_bpf(tcp, arg);
	case IOC_NOSIZE(PERF_EVENT_IOC_MODIFY_ATTRIBUTES): {
		struct perf_attr_copy a;

		emit_next(tcp);
		perf_attr_fetch(tcp, arg, &a);
		perf_attr_print(tcp, &a, NULL);
		return RVAL_DECODED;
	}
	}
	return IOCTL_UNKNOWN;
}

/* --- seccomp user notification --------------------------------------- */

/* seccomp_data.nr: named when the arch is one of the tracee's. */
static void print_seccomp_nr(struct tcb *tcp, uint32_t nr, uint32_t arch)
{
	int pers = arch_personality_of(arch);
	/* An x32 number: x86_64's with bit 30 set (asm/unistd.h). */
	uint32_t base = nr & ~0x40000000u;
	const struct sysent *s = pers >= 0 ? sysent_lookup(pers, base) : NULL;
	char buf[96];

	if (!s || !s->name) {
		emit_uint(tcp, nr);
		return;
	}
	if (pers == tcp->sc.pers && base == nr) {
		snprintf(buf, sizeof(buf), "__NR_%s", s->name);
		print_named(tcp, nr, buf, true);
		return;
	}
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_uint(tcp, nr);
		return;
	}
	snprintf(buf, sizeof(buf), "%u /* %s */", nr, s->name);
	emit_sym(tcp, nr, buf);
}

/* struct seccomp_notif: 80 bytes. */
static void print_seccomp_notif(struct tcb *tcp, const unsigned char *b)
{
	uint64_t id, ip, args[6];
	uint32_t pid, flags, nr, arch;

	memcpy(&id, b, 8);
	memcpy(&pid, b + 8, 4);
	memcpy(&flags, b + 12, 4);
	memcpy(&nr, b + 16, 4);
	memcpy(&arch, b + 20, 4);
	memcpy(&ip, b + 24, 8);
	memcpy(args, b + 32, 48);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "id", id);
	emit_field(tcp, "pid");
	print_tid(tcp, (int)pid);
	ioctl_field_x(tcp, "flags", flags);
	emit_field(tcp, "data");
	emit_struct_begin(tcp);
	emit_field(tcp, "nr");
	print_seccomp_nr(tcp, nr, arch);
	emit_field(tcp, "arch");
	print_xval(tcp, audit_arch, arch, "AUDIT_ARCH_???");
	ioctl_field_ptr(tcp, "instruction_pointer", ip);
	emit_field(tcp, "args");
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < 6; i++) {
		emit_next(tcp);
		/* An array, cut at -s elements as strace cuts them. */
		if (i >= cfg.string_limit && qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		emit_hex(tcp, args[i]);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
	emit_struct_end(tcp);
}

/*
 * The kernel wants the struct zeroed: strace shows it at entry only when
 * it is not, and then what came back after " => ".
 */
static int seccomp_notif_recv(struct tcb *tcp, uint64_t arg)
{
	static const unsigned char zero[80];
	unsigned char b[80];

	if (entering(tcp)) {
		emit_next(tcp);
		if (!arg || !qual_verbose(tcp) ||
		    tracee_read(tcp, arg, b, sizeof(b))) {
			emit_ptr(tcp, arg);
			return RVAL_DECODED;
		}
		if (!memcmp(b, zero, sizeof(b)))
			return 0;
		print_seccomp_notif(tcp, b);
		net_priv_set(tcp, 1);
		return 0;
	}
	{
		uint64_t shown;

		if (net_priv_get(tcp, &shown))
			emit_changed(tcp);
	}
	if (ioctl_fetch_out(tcp, arg, b, sizeof(b)))
		print_seccomp_notif(tcp, b);
	return RVAL_DECIMAL;
}

/* The error of a response: "-ENOSR", or the number. */
static void print_neg_errno(struct tcb *tcp, int32_t err)
{
	const char *name = err < 0 ? errno_name(-err) : NULL;
	char buf[64];

	if (!name) {
		emit_int(tcp, err);
		return;
	}
	snprintf(buf, sizeof(buf), "-%s", name);
	print_named(tcp, (uint64_t)(int64_t)err, buf, true);
}

static int ioctl_seccomp(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	unsigned char b[24];
	uint64_t id, val;
	uint32_t flags, srcfd, newfd, newfd_flags;
	int32_t err;

	switch (code) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		return seccomp_notif_recv(tcp, arg);
	case SECCOMP_IOCTL_NOTIF_SEND:
		/* struct seccomp_notif_resp: id, val, error, flags. */
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, b, 24))
			return RVAL_DECODED;
		memcpy(&id, b, 8);
		memcpy(&val, b + 8, 8);
		memcpy(&err, b + 16, 4);
		memcpy(&flags, b + 20, 4);
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "id", id);
		ioctl_field_d(tcp, "val", (int64_t)val);
		emit_field(tcp, "error");
		print_neg_errno(tcp, err);
		emit_field(tcp, "flags");
		print_flags(tcp, seccomp_notif_resp_flags, flags,
			    "SECCOMP_USER_NOTIF_FLAG_???");
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case SECCOMP_IOCTL_NOTIF_ADDFD:
		/* struct seccomp_notif_addfd: id, flags, srcfd, newfd, newfd_flags. */
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, b, 24))
			return RVAL_DECODED;
		memcpy(&id, b, 8);
		memcpy(&flags, b + 8, 4);
		memcpy(&srcfd, b + 12, 4);
		memcpy(&newfd, b + 16, 4);
		memcpy(&newfd_flags, b + 20, 4);
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "id", id);
		emit_field(tcp, "flags");
		print_flags(tcp, seccomp_addfd_flags, flags,
			    "SECCOMP_ADDFD_FLAG_???");
		emit_field(tcp, "srcfd");
		print_fd(tcp, (int)srcfd);
		ioctl_field_d(tcp, "newfd", (int32_t)newfd);
		emit_field(tcp, "newfd_flags");
		print_flags(tcp, open_flags, newfd_flags, "O_???");
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	/*
	 * NOTIF_ID_VALID is an _IOW now; kernels before 5.17 had it as an
	 * _IOR (strace's SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR): both read a u64.
	 */
	if (code == SECCOMP_IOCTL_NOTIF_ID_VALID ||
	    code == _IOR('!', 2, uint64_t)) {
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 8, false, true);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

/* --- random ---------------------------------------------------------- */

static int ioctl_random(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	int32_t h[2];

	switch (code) {
	case RNDZAPENTCNT:
	case RNDCLEARPOOL:
	case RNDRESEEDCRNG:
		return RVAL_DECODED;
	case RNDADDTOENTCNT:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECODED;
	case RNDGETENTCNT:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECIMAL;
	case RNDADDENTROPY:
		/* struct rand_pool_info: entropy_count, buf_size, buf[]. */
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, h, sizeof(h)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "entropy_count", h[0]);
		ioctl_field_d(tcp, "buf_size", h[1]);
		emit_field(tcp, "buf");
		emit_buf(tcp, arg + 8, h[1] < 0 ? 0 : (uint64_t)h[1]);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

int ioctl_kernel(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (_IOC_TYPE(code)) {
	case NSIO:
		return ioctl_nsfs(tcp, code, arg);
	case UFFDIO:
		return ioctl_uffd(tcp, code, arg);
	case '$':
		return ioctl_perf(tcp, code, arg);
	case SECCOMP_IOC_MAGIC:
		return ioctl_seccomp(tcp, code, arg);
	case 'R':
		return ioctl_random(tcp, code, arg);
	case 'I':
		if (code == INOTIFY_IOC_SETNEXTWD)
			return ioctl_int_arg(tcp, arg);
		break;
	}
	return IOCTL_UNKNOWN;
}
