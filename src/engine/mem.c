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

/*
 * Pages read during the current stop.  A decoder reads a path, then a
 * struct beside it, an argv array and then each of its strings, which
 * mostly sit in one or two pages: those come from here, and one stop
 * reads a page once (execve with -v: 3 reads where it took 46).  The
 * cache is forgotten at every new stop and every write of ours
 * (tracee_mem_forget); other threads of the program run meanwhile, but
 * a page read once is the same snapshot a single larger read would be.
 * Unreadable pages are not kept.
 */
#define PAGE 4096u
#define SLOTS 8

static struct {
	pid_t pid;
	unsigned int gen;
	uint64_t page;
	char data[PAGE];
} slots[SLOTS];
static unsigned int mem_gen = 1, next_slot;

void tracee_mem_forget(void)
{
	mem_gen++;
}

static int slot_of(pid_t pid, uint64_t page)
{
	for (int i = 0; i < SLOTS; i++)
		if (slots[i].gen == mem_gen && slots[i].pid == pid &&
		    slots[i].page == page)
			return i;
	return -1;
}

/*
 * Fill slots with the pages from first to last (at most SLOTS of them)
 * in one process_vm_readv; returns how many came whole.
 */
static unsigned int fill(pid_t pid, uint64_t first, unsigned int npages)
{
	struct iovec local[SLOTS];
	struct iovec remote = { (void *)(uintptr_t)first,
				(size_t)npages * PAGE };
	unsigned int idx[SLOTS], got;
	ssize_t n;

	for (unsigned int i = 0; i < npages; i++) {
		idx[i] = next_slot;
		next_slot = (next_slot + 1) % SLOTS;
		slots[idx[i]].gen = 0;
		local[i].iov_base = slots[idx[i]].data;
		local[i].iov_len = PAGE;
	}
	n = process_vm_readv(pid, local, npages, &remote, 1, 0);
	if (n < 0) {
		if (errno == ENOSYS || errno == EPERM)
			vm_readv_broken = true;
		return 0;
	}
	got = (unsigned int)((size_t)n / PAGE);
	for (unsigned int i = 0; i < got; i++) {
		slots[idx[i]].pid = pid;
		slots[idx[i]].page = first + (uint64_t)i * PAGE;
		slots[idx[i]].gen = mem_gen;
	}
	return got;
}

/*
 * From the cache, filling it: bytes of [addr, addr + len) readable from
 * addr on, or -1 when the request is too big for it (or spans the top
 * of the address space).
 */
static ssize_t read_cached(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	uint64_t first = addr & ~(uint64_t)(PAGE - 1);
	uint64_t end = addr + len;
	unsigned int npages;
	size_t done = 0;

	if (end < addr || end > UINT64_MAX - PAGE)
		return -1;
	npages = (unsigned int)(((end + PAGE - 1) & ~(uint64_t)(PAGE - 1)) -
				first) / PAGE;
	if (npages > SLOTS / 2)
		return -1;
	for (unsigned int i = 0; i < npages; i++) {
		uint64_t page = first + (uint64_t)i * PAGE;
		uint64_t from = addr > page ? addr - page : 0;
		size_t n = PAGE - from;
		int s = slot_of(pid, page);

		if (s < 0) {
			/* This page and the rest of the request at once. */
			if (!fill(pid, page, npages - i))
				break;
			s = slot_of(pid, page);
		}
		if (n > len - done)
			n = len - done;
		memcpy((char *)buf + done, slots[s].data + from, n);
		done += n;
	}
	return (ssize_t)done;
}

ssize_t tracee_read_partial(struct tcb *tcp, uint64_t addr, void *buf,
			    size_t len)
{
	ssize_t n;

	if (!len)
		return 0;
	if (!vm_readv_broken) {
		n = read_cached(tcp->pid, addr, buf, len);
		if (n > 0)
			return n;
		/* Too big, or unreadable: as it always was. */
	}
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
	 * Page by page up to the NUL: a short string costs the one page it
	 * is in (already cached, often), and a string that ends just before
	 * an unmapped page is read whole.
	 */
	size_t got = 0;

	while (got < len + 1) {
		uint64_t a = addr + got;
		size_t want = PAGE - (size_t)(a % PAGE);
		ssize_t n;
		char *nul;

		if (want > len + 1 - got)
			want = len + 1 - got;
		n = tracee_read_partial(tcp, a, buf + got, want);
		if (n < 0) {
			if (!got)
				return n;
			buf[got < len ? got : len] = '\0';
			return -EFAULT;
		}
		nul = memchr(buf + got, '\0', (size_t)n);
		if (nul)
			return nul - buf;
		got += (size_t)n;
		if ((size_t)n < want) {
			/* No NUL and the rest is unreadable. */
			buf[got < len ? got : len] = '\0';
			return -EFAULT;
		}
	}
	buf[len] = '\0';
	return (ssize_t)len + 1;
}

/* Word by word, the edges merged with what is there. */
static ssize_t write_poke(pid_t pid, uint64_t addr, const void *buf,
			  size_t len)
{
	size_t total = 0;

	while (total < len) {
		uint64_t a = addr + total;
		unsigned int off = a % sizeof(long);
		size_t n = sizeof(long) - off;
		long word = 0;

		if (n > len - total)
			n = len - total;
		if (off || n < sizeof(long)) {
			errno = 0;
			word = ptrace(PTRACE_PEEKDATA, pid,
				      (void *)(uintptr_t)(a - off), NULL);
			if (word == -1 && errno)
				break;
		}
		memcpy((char *)&word + off, (const char *)buf + total, n);
		if (ptrace(PTRACE_POKEDATA, pid, (void *)(uintptr_t)(a - off),
			   (void *)word) < 0)
			break;
		total += n;
	}
	return total ? (ssize_t)total : -EFAULT;
}

ssize_t tracee_write(struct tcb *tcp, uint64_t addr, const void *buf,
		     size_t len)
{
	struct iovec local = { (void *)buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_writev(tcp->pid, &local, 1, &remote, 1, 0);
	ssize_t more;

	tracee_mem_forget();
	if (n < 0)
		n = 0;
	if ((size_t)n == len)
		return n;
	more = write_poke(tcp->pid, addr + (size_t)n, (const char *)buf + n,
			  len - (size_t)n);
	if (more > 0)
		return n + more;
	return n ? n : more;
}
