/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <string.h>
#include <unistd.h>

#include "filter/expr.h"
#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "xlat/tables/ioprio_class.h"

/* True when some bit of val has a name in x. */
static bool any_named_bit(const struct xlat *x, uint64_t val)
{
	for (; x->name; x++)
		if (x->val && (val & x->val) == x->val)
			return true;
	return false;
}

const char *sprint_flags_abbrev(char *buf, size_t size, const struct xlat *x,
				uint64_t val, const char *dflt)
{
	uint64_t left = val;
	size_t n = 0;

	if (!val) {
		const char *zero = xlat_name(x, 0);

		snprintf(buf, size, "%s", zero ? zero : "0");
		return buf;
	}
	/* Nothing to name: strace shows the number and the pattern. */
	if (!any_named_bit(x, val)) {
		if (dflt)
			snprintf(buf, size, "%#llx /* %s */",
				 (unsigned long long)val, dflt);
		else
			snprintf(buf, size, "%#llx", (unsigned long long)val);
		return buf;
	}
	buf[0] = '\0';
	for (; x->name; x++) {
		if (!x->val || (left & x->val) != x->val)
			continue;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? "|" : "", x->name);
		left &= ~x->val;
	}
	if (left)
		snprintf(buf + n, n < size ? size - n : 0, "|%#llx",
			 (unsigned long long)left);
	return buf;
}

const char *sprint_flags(char *buf, size_t size, const struct xlat *x,
			 uint64_t val, const char *dflt)
{
	/* perf_event_attr.sample_type's 25 names take 600 bytes. */
	char names[1024];

	switch (cfg.xlat_style) {
	case XLAT_STYLE_RAW:
		snprintf(buf, size, "%#llx", (unsigned long long)val);
		break;
	case XLAT_STYLE_VERBOSE:
		/* The number is all there is when no bit has a name. */
		if (!val ? !xlat_name(x, 0) : !any_named_bit(x, val))
			return sprint_flags_abbrev(buf, size, x, val, dflt);
		snprintf(buf, size, "%#llx /* %s */", (unsigned long long)val,
			 sprint_flags_abbrev(names, sizeof(names), x, val,
					     dflt));
		break;
	default:
		sprint_flags_abbrev(buf, size, x, val, dflt);
		break;
	}
	return buf;
}

void print_flags(struct tcb *tcp, const struct xlat *x, uint64_t val,
		 const char *dflt)
{
	char buf[1100];

	emit_sym(tcp, val, sprint_flags(buf, sizeof(buf), x, val, dflt));
}

static const char *sprint_xval_as(char *buf, size_t size, const struct xlat *x,
				  uint64_t val, const char *dflt, bool dec)
{
	const char *name = xlat_name(x, val);
	char num[32];

	if (dec)
		snprintf(num, sizeof(num), "%lld", (long long)val);
	else
		snprintf(num, sizeof(num), "%#llx", (unsigned long long)val);
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, size, "%s", num);
	else if (!name)
		snprintf(buf, size, "%s /* %s */", num, dflt);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, size, "%s /* %s */", num, name);
	else
		snprintf(buf, size, "%s", name);
	return buf;
}

const char *sprint_xval(char *buf, size_t size, const struct xlat *x,
			uint64_t val, const char *dflt)
{
	return sprint_xval_as(buf, size, x, val, dflt, false);
}

void print_xval(struct tcb *tcp, const struct xlat *x, uint64_t val,
		const char *dflt)
{
	char buf[160];

	emit_sym(tcp, val, sprint_xval_as(buf, sizeof(buf), x, val, dflt, false));
}

void print_xval_d(struct tcb *tcp, const struct xlat *x, int64_t val,
		  const char *dflt)
{
	char buf[160];

	emit_sym(tcp, (uint64_t)val, sprint_xval_as(buf, sizeof(buf), x,
						    (uint64_t)val, dflt, true));
}

void print_named(struct tcb *tcp, uint64_t val, const char *names, bool dec)
{
	char buf[512];

	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		if (dec)
			emit_int(tcp, (int64_t)val);
		else
			emit_hex(tcp, val);
		return;
	}
	if (cfg.xlat_style != XLAT_STYLE_VERBOSE) {
		emit_sym(tcp, val, names);
		return;
	}
	if (dec)
		snprintf(buf, sizeof(buf), "%lld /* %s */", (long long)val,
			 names);
	else
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)val, names);
	emit_sym(tcp, val, buf);
}

void print_hex08(struct tcb *tcp, uint32_t val)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%#08x", val);
	emit_sym(tcp, val, buf);
}

void print_reserved_u32(struct tcb *tcp, const char *name, const uint32_t *v,
			size_t n)
{
	size_t i;

	for (i = 0; i < n && !v[i]; i++)
		;
	if (i == n)
		return;
	emit_field(tcp, name);
	emit_array_begin(tcp);
	for (i = 0; i < n; i++) {
		emit_next(tcp);
		emit_hex(tcp, v[i]);
	}
	emit_array_end(tcp);
}

void print_num_in_brackets(struct tcb *tcp, uint64_t val, bool is_signed)
{
	emit_array_begin(tcp);
	if (is_signed)
		emit_int(tcp, (int64_t)val);
	else
		emit_uint(tcp, val);
	emit_array_end(tcp);
}

ssize_t fd_path(pid_t pid, int fd, char *buf, size_t size)
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pidns_proc_pid(pid), fd);
	n = readlink(link, buf, size - 1);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

static const char deleted_mark[] = " (deleted)";

/* The kernel ends the link of an unlinked file with " (deleted)". */
static bool path_deleted(const char *path)
{
	size_t n = strlen(path), dl = sizeof(deleted_mark) - 1;

	return n > dl && !strcmp(path + n - dl, deleted_mark);
}

/*
 * The fd's file is unlinked: its link ends with the mark, and is not
 * the name of that very file (one named "x (deleted)" is still there).
 */
static bool fd_deleted(pid_t pid, int fd, const char *path)
{
	struct stat fst, pst;
	char link[64];

	if (!path_deleted(path))
		return false;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pid, fd);
	return stat(link, &fst) < 0 || stat(path, &pst) < 0 ||
	       fst.st_dev != pst.st_dev || fst.st_ino != pst.st_ino;
}

/*
 * The fd's text: its first quoted bytes are a path, quoted as strace
 * quotes one; a device's "<char 1:3>" after it is not.
 */
static void decorate_gone(struct tcb *tcp, const char *path, size_t quoted,
			  bool gone)
{
	size_t n = strlen(path), dl = sizeof(deleted_mark) - 1;
	char buf[4096];

	if (gone) {
		snprintf(buf, sizeof(buf), "%.*s", (int)(n - dl), path);
		path = buf;
		if (quoted > n - dl)
			quoted = n - dl;
	}
	emit_fd_annot(tcp, path, quoted, gone);
}

static void decorate(struct tcb *tcp, const char *path)
{
	decorate_gone(tcp, path, strlen(path), path_deleted(path));
}

/*
 * --decode-fds=dev (-yy): a device node also shows its type and number,
 * "/dev/null<char 1:3>", from a stat of the fd's /proc link (which
 * follows to the open file itself, wherever it lives).
 */
/* Appends "<char 1:5>" to the path of a device node; false for others. */
static bool add_device(pid_t pid, int fd, char *path, size_t size)
{
	char link[64];
	struct stat st;
	size_t n = strlen(path);

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pidns_proc_pid(pid), fd);
	if (stat(link, &st) < 0 || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return false;
	snprintf(path + n, size - n, "<%s %u:%u>",
		 S_ISCHR(st.st_mode) ? "char" : "block", major(st.st_rdev),
		 minor(st.st_rdev));
	return true;
}

/*
 * --decode-fds=pidfd (-yy): a pidfd shows the process it refers to,
 * "pid:1234" (with -Y "pid:1234<comm>").  False when unreadable.
 */
bool pidfd_pid(pid_t pid, int fd, pid_t *target)
{
	char name[64], line[128];
	bool found = false;
	int v = 0;
	FILE *f;

	snprintf(name, sizeof(name), "/proc/%d/fdinfo/%d", pidns_proc_pid(pid),
		 fd);
	f = fopen(name, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "Pid: %d", &v) == 1;
	fclose(f);
	*target = v;
	return found;
}

static bool decorate_pidfd(struct tcb *tcp, pid_t pid, int fd)
{
	char text[192];
	pid_t target;
	size_t n;

	if (!pidfd_pid(pid, fd, &target))
		return false;
	n = (size_t)snprintf(text, sizeof(text), "pid:%d", target);
	if (cfg.decode_pids_comm && target > 0)
		n += pid_comm(target, false, text + n, sizeof(text) - n - 1);
	text[n] = '\0';
	emit_fd_annot(tcp, text, 0, false);
	return true;
}

void print_pid_fd(struct tcb *tcp, pid_t pid, int fd)
{
	unsigned int set = cfg.decode_fds_set;
	char path[4096];
	size_t plen;
	bool gone;

	emit_int(tcp, fd);
	if (!set || fd < 0 || pid <= 0 ||
	    fd_path(pid, fd, path, sizeof(path) - 64) < 0)
		return;
	if ((set & DECODE_FD_PIDFD) && !strcmp(path, "anon_inode:[pidfd]") &&
	    decorate_pidfd(tcp, pid, fd))
		return;
	plen = strlen(path);
	/*
	 * Each kind decorates its own descriptors: --decode-fds=socket the
	 * sockets it can describe, =dev the device nodes; only =path (-y)
	 * shows what any other descriptor is.
	 */
	if (set & DECODE_FD_SOCKET) {
		char sock[512];

		/* -yy: a socket's protocol and endpoints replace its inode. */
		if (socket_describe(pid, fd, path, sock, sizeof(sock)) >= 0) {
			decorate_gone(tcp, sock, 0, false);
			return;
		}
	}
	/*
	 * An unlinked device node keeps its "(deleted)" mark and shows no
	 * device, as strace 6.1 prints it: "4</tmp/null>(deleted)".
	 */
	gone = fd_deleted(pid, fd, path);
	if (!(set & DECODE_FD_PATH)) {
		if ((set & DECODE_FD_DEV) && path[0] == '/' && !gone &&
		    add_device(pid, fd, path, sizeof(path)))
			decorate_gone(tcp, path, plen, false);
		return;
	}
	if ((set & DECODE_FD_DEV) && path[0] == '/' && !gone)
		add_device(pid, fd, path, sizeof(path));
	decorate_gone(tcp, path, plen, gone);
}

void print_fd(struct tcb *tcp, int fd)
{
	print_pid_fd(tcp, tcp->pid, fd);
}

void print_dirfd(struct tcb *tcp, int fd)
{
	/* AT_FDCWD, include/uapi/linux/fcntl.h */
	if (fd == -100) {
		char path[4096], link[64];
		ssize_t n;

		print_named(tcp, (uint64_t)-100, "AT_FDCWD", true);
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

/* Elements read at once: a short read ends at the first unmapped page. */
#define ARRAY_CHUNK 4096

void print_array(struct tcb *tcp, uint64_t addr, uint64_t count, size_t elsize,
		 print_elem_fn print_elem, void *data)
{
	print_array_max(tcp, addr, count, elsize, UINT64_MAX, print_elem, data);
}

void print_array_max(struct tcb *tcp, uint64_t addr, uint64_t count,
		     size_t elsize, uint64_t max, print_elem_fn print_elem,
		     void *data)
{
	uint64_t buf[ARRAY_CHUNK / sizeof(uint64_t)];
	size_t per = sizeof(buf) / elsize;
	bool abbrev = qual_abbrev(tcp);
	char where[32];
	uint64_t i = 0;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (!count) {
		emit_array_begin(tcp);
		emit_array_end(tcp);
		return;
	}
	if (!qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	while (i < count) {
		size_t want = count - i < per ? (size_t)(count - i) : per;

		/* Past max: "...", without reading what is not shown. */
		if (i && i >= max) {
			emit_more(tcp);
			emit_array_end(tcp);
			return;
		}
		if (want > max - i)
			want = (size_t)(max - i);
		ssize_t got = tracee_read_partial(tcp, addr + i * elsize, buf,
						  want * elsize);
		size_t n = got > 0 ? (size_t)got / elsize : 0;

		if (!n) {
			if (!i) {
				emit_ptr(tcp, addr);
				return;
			}
			break;
		}
		if (!i)
			emit_array_begin(tcp);
		/* Even with -s 0 the first element is read: strace does. */
		for (size_t j = 0; j < n; j++, i++) {
			uint64_t elem[ARRAY_ELEM_MAX / sizeof(uint64_t)];

			if ((abbrev && i >= cfg.string_limit) || i >= max) {
				emit_more(tcp);
				emit_array_end(tcp);
				return;
			}
			memcpy(elem, (unsigned char *)buf + j * elsize, elsize);
			emit_next(tcp);
			print_elem(tcp, elem, data);
		}
		if (n < want)
			break;
	}
	if (i < count) {
		snprintf(where, sizeof(where), "%#llx",
			 (unsigned long long)(addr + i * elsize));
		emit_more(tcp);
		emit_comment(tcp, where);
	}
	emit_array_end(tcp);
}

void print_signo(struct tcb *tcp, int sig)
{
	const char *name = signal_name(sig);

	if (!name)
		emit_int(tcp, sig);
	else
		print_named(tcp, (uint64_t)(int64_t)sig, name, true);
}

void print_timespec_val(struct tcb *tcp, int64_t sec, int64_t nsec)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	/* unsigned, as print_pair shows it */
	emit_field(tcp, "tv_nsec");
	emit_uint(tcp, (uint64_t)nsec);
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

	if (!addr || !qual_verbose(tcp) || read_pair(tcp, addr, wide, &a, &b)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, f1);
	emit_int(tcp, a);
	/* strace shows tv_nsec and tv_usec unsigned: -5 as 4294967291. */
	emit_field(tcp, f2);
	if (!wide && tcp_wordsize(tcp) == 4)
		emit_uint(tcp, (uint32_t)b);
	else
		emit_uint(tcp, (uint64_t)b);
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

void print_any_timespec(struct tcb *tcp, uint64_t addr, bool time64)
{
	print_pair(tcp, addr, time64, "tv_sec", "tv_nsec");
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
	emit_sym(tcp, mask, buf);
}

void print_sigset(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	uint64_t mask = 0;

	/*
	 * The kernel takes exactly NSIG / 8 bytes (4 more for the i386
	 * old_sigset_t); strace reads any size from a long up to that,
	 * even the ones the kernel refuses with EINVAL.
	 */
	if (!addr || !qual_verbose(tcp) || size < tcp_wordsize(tcp) ||
	    size > sizeof(mask) ||
	    tracee_read(tcp, addr, &mask, (size_t)size)) {
		emit_ptr(tcp, addr);
		return;
	}
	print_sigmask(tcp, mask, (unsigned int)size * 8);
}

/* linux/ioprio.h: IOPRIO_PRIO_VALUE(class, data) = class << 13 | data. */
#define IOPRIO_CLASS_SHIFT 13
#define IOPRIO_PRIO_MASK ((1U << IOPRIO_CLASS_SHIFT) - 1)

const char *sprint_ioprio(char *buf, size_t size, uint32_t prio)
{
	char cls[48];

	sprint_xval(cls, sizeof(cls), ioprio_class, prio >> IOPRIO_CLASS_SHIFT,
		    "IOPRIO_CLASS_???");
	snprintf(buf, size, "IOPRIO_PRIO_VALUE(%s, %u)", cls,
		 prio & IOPRIO_PRIO_MASK);
	return buf;
}
