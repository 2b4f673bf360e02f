/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <string.h>
#include <unistd.h>

#include "filter/expr.h"
#include "syscall/defs.h"
#include "syscall/net.h"

/* Names of val's bits in x joined by '|', unknown bits in hex. */
static size_t flags_abbrev(char *buf, size_t size, const struct xlat *x,
			   uint64_t val)
{
	size_t n = 0;
	uint64_t left = val;

	buf[0] = '\0';
	if (!val) {
		const char *zero = xlat_name(x, 0);

		return (size_t)snprintf(buf, size, "%s", zero ? zero : "0");
	}
	for (; x->name; x++) {
		if (!x->val || (left & x->val) != x->val)
			continue;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? "|" : "", x->name);
		left &= ~x->val;
	}
	if (left)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
				      "%s%#llx", n ? "|" : "",
				      (unsigned long long)left);
	return n;
}

/* True when no bit of val has a name in x (and val is not 0). */
static bool no_known_bit(const struct xlat *x, uint64_t val)
{
	if (!val)
		return false;
	for (; x->name; x++)
		if (x->val && (val & x->val) == x->val)
			return false;
	return true;
}

const char *sprint_flags(char *buf, size_t size, const struct xlat *x,
			 uint64_t val, const char *dflt)
{
	char names[512];

	/* Nothing to name: strace shows the number and the pattern. */
	if (cfg.xlat_style != XLAT_STYLE_RAW && dflt && no_known_bit(x, val)) {
		snprintf(buf, size, "%#llx /* %s */", (unsigned long long)val,
			 dflt);
		return buf;
	}
	switch (cfg.xlat_style) {
	case XLAT_STYLE_RAW:
		snprintf(buf, size, "%#llx", (unsigned long long)val);
		break;
	case XLAT_STYLE_VERBOSE:
		flags_abbrev(names, sizeof(names), x, val);
		if (!val && !xlat_name(x, 0))
			snprintf(buf, size, "0");
		else
			snprintf(buf, size, "%#llx /* %s */",
				 (unsigned long long)val, names);
		break;
	default:
		flags_abbrev(buf, size, x, val);
		break;
	}
	return buf;
}

void print_flags(struct tcb *tcp, const struct xlat *x, uint64_t val,
		 const char *dflt)
{
	char buf[1024];

	emit_raw(tcp, sprint_flags(buf, sizeof(buf), x, val, dflt));
}

static void xval(struct tcb *tcp, const struct xlat *x, uint64_t val,
		 const char *dflt, bool dec)
{
	const char *name = xlat_name(x, val);
	char num[32], buf[160];

	if (dec)
		snprintf(num, sizeof(num), "%lld", (long long)val);
	else
		snprintf(num, sizeof(num), "%#llx", (unsigned long long)val);
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_raw(tcp, num);
		return;
	}
	if (!name) {
		snprintf(buf, sizeof(buf), "%s /* %s */", num, dflt);
		emit_raw(tcp, buf);
		return;
	}
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%s /* %s */", num, name);
		emit_raw(tcp, buf);
		return;
	}
	emit_raw(tcp, name);
}

void print_xval(struct tcb *tcp, const struct xlat *x, uint64_t val,
		const char *dflt)
{
	xval(tcp, x, val, dflt, false);
}

void print_xval_d(struct tcb *tcp, const struct xlat *x, int64_t val,
		  const char *dflt)
{
	xval(tcp, x, (uint64_t)val, dflt, true);
}

ssize_t fd_path(pid_t pid, int fd, char *buf, size_t size)
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pid, fd);
	n = readlink(link, buf, size - 1);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

static void decorate(struct tcb *tcp, const char *path)
{
	static const char deleted[] = " (deleted)";
	struct outstream *os = tcp->out;
	size_t n = strlen(path), dl = sizeof(deleted) - 1;
	bool gone = n > dl && !strcmp(path + n - dl, deleted);

	/*
	 * Not a string value: "<path>" is an annotation of the number.
	 * The kernel's " (deleted)" suffix goes outside, as strace puts it:
	 * "3</tmp/#123>(deleted)".
	 */
	out_puts(os, "<");
	out_write(os, path, gone ? n - dl : n);
	out_puts(os, ">");
	if (gone)
		out_puts(os, "(deleted)");
}

/*
 * --decode-fds=dev (-yy): a device node also shows its type and number,
 * "/dev/null<char 1:3>", from a stat of the fd's /proc link (which
 * follows to the open file itself, wherever it lives).
 */
static void add_device(pid_t pid, int fd, char *path, size_t size)
{
	char link[64];
	struct stat st;
	size_t n = strlen(path);

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pid, fd);
	if (stat(link, &st) < 0 || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return;
	snprintf(path + n, size - n, "<%s %u:%u>",
		 S_ISCHR(st.st_mode) ? "char" : "block", major(st.st_rdev),
		 minor(st.st_rdev));
}

void print_fd(struct tcb *tcp, int fd)
{
	char path[4096];

	emit_int(tcp, fd);
	/* --decode-fds=path (-y) shows what the fd is, whatever it is. */
	if (!(cfg.decode_fds_set & DECODE_FD_PATH) || fd < 0 ||
	    fd_path(tcp->pid, fd, path, sizeof(path) - 64) < 0)
		return;
	if (cfg.decode_fds_set & DECODE_FD_SOCKET) {
		char sock[512];

		/* -yy: a socket's protocol and endpoints replace its inode. */
		if (socket_describe(tcp->pid, fd, path, sock, sizeof(sock)) >= 0) {
			decorate(tcp, sock);
			return;
		}
	}
	if ((cfg.decode_fds_set & DECODE_FD_DEV) && path[0] == '/')
		add_device(tcp->pid, fd, path, sizeof(path));
	decorate(tcp, path);
}

void print_dirfd(struct tcb *tcp, int fd)
{
	/* AT_FDCWD, include/uapi/linux/fcntl.h */
	if (fd == -100) {
		char path[4096], link[64];
		ssize_t n;

		if (cfg.xlat_style == XLAT_STYLE_RAW)
			emit_raw(tcp, "-100");
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_raw(tcp, "-100 /* AT_FDCWD */");
		else
			emit_raw(tcp, "AT_FDCWD");
		if (!(cfg.decode_fds_set & DECODE_FD_PATH))
			return;
		snprintf(link, sizeof(link), "/proc/%d/cwd", tcp->pid);
		n = readlink(link, path, sizeof(path) - 1);
		if (n >= 0) {
			path[n] = '\0';
			decorate(tcp, path);
		}
		return;
	}
	print_fd(tcp, fd);
}

void print_signo(struct tcb *tcp, int sig)
{
	const char *name = signal_name(sig);
	char buf[64];

	if (!name || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_int(tcp, sig);
		return;
	}
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%d /* %s */", sig, name);
		emit_raw(tcp, buf);
		return;
	}
	emit_raw(tcp, name);
}

void print_timespec_val(struct tcb *tcp, int64_t sec, int64_t nsec)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, "tv_nsec");
	emit_int(tcp, nsec);
	emit_struct_end(tcp);
}

/* Two words of the tracee's long size, or two 64-bit words with wide. */
static int read_pair(struct tcb *tcp, uint64_t addr, bool wide, int64_t *a,
		     int64_t *b)
{
	if (!wide && tcp_wordsize(tcp) == 4) {
		int32_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)))
			return -1;
		*a = v[0];
		*b = v[1];
	} else {
		int64_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)))
			return -1;
		*a = v[0];
		*b = v[1];
	}
	return 0;
}

static void print_pair(struct tcb *tcp, uint64_t addr, bool wide,
		       const char *f1, const char *f2)
{
	int64_t a, b;

	if (!addr || read_pair(tcp, addr, wide, &a, &b)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, f1);
	emit_int(tcp, a);
	emit_field(tcp, f2);
	emit_int(tcp, b);
	emit_struct_end(tcp);
}

void print_timespec(struct tcb *tcp, uint64_t addr)
{
	print_pair(tcp, addr, false, "tv_sec", "tv_nsec");
}

void print_timespec64(struct tcb *tcp, uint64_t addr)
{
	print_pair(tcp, addr, true, "tv_sec", "tv_nsec");
}

void print_timeval(struct tcb *tcp, uint64_t addr)
{
	print_pair(tcp, addr, false, "tv_sec", "tv_usec");
}

void print_sigmask(struct tcb *tcp, uint64_t mask, unsigned int nsig)
{
	char buf[1024], num[48];
	unsigned int set = (unsigned int)__builtin_popcountll(mask);
	size_t n = 0;

	if (nsig < 64)
		mask &= (1ULL << nsig) - 1;
	/* strace lists the smaller side: the members, or "~" and the rest. */
	if (set * 2 > nsig) {
		buf[n++] = '~';
		mask = ~mask;
		if (nsig < 64)
			mask &= (1ULL << nsig) - 1;
	}
	buf[n++] = '[';
	for (unsigned int sig = 1; sig <= nsig; sig++) {
		const char *name;

		if (!(mask & (1ULL << (sig - 1))))
			continue;
		if (buf[n - 1] != '[')
			buf[n++] = ' ';
		name = signal_name((int)sig);
		if (name && !strncmp(name, "SIG", 3))
			name += 3;
		if (!name || cfg.xlat_style == XLAT_STYLE_RAW)
			snprintf(num, sizeof(num), "%u", sig);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			snprintf(num, sizeof(num), "%u /* %s */", sig, name);
		else
			snprintf(num, sizeof(num), "%s", name);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", num);
		if (n >= sizeof(buf) - 2)
			break;
	}
	buf[n++] = ']';
	buf[n] = '\0';
	emit_raw(tcp, buf);
}

void print_sigset(struct tcb *tcp, uint64_t addr, unsigned int size)
{
	uint64_t mask = 0;

	if (!addr || !size || size > sizeof(mask) ||
	    tracee_read(tcp, addr, &mask, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_sigmask(tcp, mask, size * 8);
}
