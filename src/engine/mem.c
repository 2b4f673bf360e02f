/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading tracee memory.  process_vm_readv moves a whole buffer in one
 * syscall; /proc/PID/mem serves when it is unavailable (kernels built
 * without CROSS_MEMORY_ATTACH, or a seccomp policy on the tracer);
 * PTRACE_PEEKDATA, a word per syscall, is the last resort.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <unistd.h>

#include "engine/internal.h"

static bool vm_readv_broken;

static ssize_t read_vm(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);

	if (n < 0 && (errno == ENOSYS || errno == EPERM))
		vm_readv_broken = true;
	return n < 0 ? -errno : n;
}

static ssize_t read_procmem(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	char path[32];
	ssize_t n, total = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while ((size_t)total < len) {
		n = pread(fd, (char *)buf + total, len - total,
			  (off_t)(addr + total));
		if (n <= 0)
			break;
		total += n;
	}
	n = total ? total : -EFAULT;
	close(fd);
	return n;
}

static ssize_t read_peek(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	size_t total = 0;

	while (total < len) {
		uint64_t a = addr + total;
		unsigned int off = a % sizeof(long);
		long word;
		size_t n;

		errno = 0;
		word = ptrace(PTRACE_PEEKDATA, pid, (void *)(uintptr_t)(a - off),
			      NULL);
		if (word == -1 && errno)
			break;
		n = sizeof(long) - off;
		if (n > len - total)
			n = len - total;
		memcpy((char *)buf + total, (char *)&word + off, n);
		total += n;
	}
	return total ? (ssize_t)total : -EFAULT;
}

ssize_t tracee_read_partial(struct tcb *tcp, uint64_t addr, void *buf,
			    size_t len)
{
	ssize_t n;

	if (!len)
		return 0;
	if (!vm_readv_broken) {
		n = read_vm(tcp->pid, addr, buf, len);
		if (n > 0 || !vm_readv_broken)
			return n == 0 ? -EFAULT : n;
	}
	n = read_procmem(tcp->pid, addr, buf, len);
	if (n > 0)
		return n;
	return read_peek(tcp->pid, addr, buf, len);
}

int tracee_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len)
{
	ssize_t n = tracee_read_partial(tcp, addr, buf, len);

	if (n < 0)
		return (int)n;
	return (size_t)n == len ? 0 : -EFAULT;
}

ssize_t tracee_read_str(struct tcb *tcp, uint64_t addr, char *buf, size_t len)
{
	/*
	 * One read of len + 1 bytes covers the common case in a single
	 * syscall; a string that ends just before an unmapped page comes
	 * back as a partial read, which is why a short read is not an
	 * error here as long as the NUL was in it.
	 */
	ssize_t n = tracee_read_partial(tcp, addr, buf, len + 1);
	char *nul;

	if (n < 0)
		return n;
	nul = memchr(buf, '\0', (size_t)n);
	if (nul)
		return nul - buf;
	if ((size_t)n <= len) {
		/* No NUL and the rest is unreadable. */
		buf[n] = '\0';
		return -EFAULT;
	}
	buf[len] = '\0';
	return (ssize_t)len + 1;
}
