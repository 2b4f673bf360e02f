/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * selfmod: a program that rewrites and remaps its own code while traced.
 *  1. patchme() returns 1; the program makes its page writable, writes
 *     "xor %eax, %eax; add $2, %eax; ret" over its first bytes, makes it executable
 *     again, and patchme() must return 2 — also in a child forked after.
 *  2. libbar's executable segment is mapped again from the file over
 *     itself (MAP_FIXED): fresh bytes from the disk, which bar_add runs.
 * bar_add is called before, between and after.  Prints one line per
 * step and "ok" when every result was right, and exits 0; else says
 * which was wrong and exits 1.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bar.h"

static int bad;

__attribute__((noinline)) int patchme(void);
__attribute__((noinline)) int patchme(void)
{
	__asm__ volatile("" ::: "memory");
	return 1;
}

static void check(const char *what, long got, long want)
{
	printf("%s %ld\n", what, got);
	if (got != want) {
		printf("%s: %ld, expected %ld\n", what, got, want);
		bad = 1;
	}
}

static void patch(void)
{
	/* xor %eax, %eax; add $2, %eax; ret: another first byte than
	 * the compiler's "mov $1, %eax". */
	static const unsigned char code[] = { 0x31, 0xc0, 0x83, 0xc0, 0x02,
					      0xc3 };
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t at = (uintptr_t)patchme;
	uintptr_t start = at & ~(uintptr_t)(pg - 1);
	size_t len = (at + sizeof(code) - start + (size_t)pg - 1) &
		     ~(size_t)(pg - 1);

	if (mprotect((void *)start, len, PROT_READ | PROT_WRITE | PROT_EXEC)) {
		perror("mprotect rwx");
		exit(2);
	}
	memcpy((void *)at, code, sizeof(code));
	if (mprotect((void *)start, len, PROT_READ | PROT_EXEC)) {
		perror("mprotect rx");
		exit(2);
	}
	__builtin___clear_cache((char *)at, (char *)at + sizeof(code));
}

struct lib {
	uintptr_t addr;
	size_t len;
	off_t off;
	char path[4096];
};

static int find_bar(struct dl_phdr_info *info, size_t size, void *data)
{
	struct lib *l = data;
	long pg = sysconf(_SC_PAGESIZE);

	(void)size;
	if (!strstr(info->dlpi_name, "libbar.so"))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		a = info->dlpi_addr + ph->p_vaddr;
		l->addr = a & ~(uintptr_t)(pg - 1);
		l->off = (off_t)(ph->p_offset & ~(uint64_t)(pg - 1));
		l->len = (a + ph->p_memsz - l->addr + (size_t)pg - 1) &
			 ~(size_t)(pg - 1);
		snprintf(l->path, sizeof(l->path), "%s", info->dlpi_name);
		return 1;
	}
	return 0;
}

static void remap_bar(void)
{
	struct lib l = { 0 };
	int fd;

	if (!dl_iterate_phdr(find_bar, &l)) {
		printf("libbar not found\n");
		exit(2);
	}
	fd = open(l.path, O_RDONLY);
	if (fd < 0 || mmap((void *)l.addr, l.len, PROT_READ | PROT_EXEC,
			   MAP_PRIVATE | MAP_FIXED, fd, l.off) !=
			      (void *)l.addr) {
		perror("remap libbar");
		exit(2);
	}
	close(fd);
}

int main(void)
{
	int status;
	pid_t pid;

	check("add", bar_add(1, 2), 3);
	check("patchme", patchme(), 1);
	patch();
	check("patched", patchme(), 2);
	check("add", bar_add(3, 4), 7);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int ok = patchme() == 2 && bar_add(5, 6) == 11;

		_exit(ok ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		perror("fork");
		return 2;
	}
	check("child", WIFEXITED(status) ? WEXITSTATUS(status) : 128, 0);
	remap_bar();
	check("remapped", bar_add(7, 8), 15);
	check("patched again", patchme(), 2);
	if (!bad)
		printf("ok\n");
	return bad;
}
