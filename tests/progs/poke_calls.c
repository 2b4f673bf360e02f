/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * poke_calls: syscalls whose memory -e inject=...:poke_enter=/poke_exit=
 * may change, each printing what it then saw (tests/cases/inject-poke.sh):
 * chdir of a writable path, chdir of one in read-only memory, getcwd,
 * chdir of an unmapped address and sendfile's offset.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <unistd.h>

static const char rodata_path[] = "/nonexistent-ro";

int main(void)
{
	char path[64] = "/nonexistent-rw", cwd[64];
	char *gone = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			  -1, 0);
	off_t off = 0;
	int in, out;
	long r;

	if (gone == MAP_FAILED)
		return 1;
	munmap(gone, 4096);
	setvbuf(stdout, NULL, _IONBF, 0);
	r = chdir(path);
	printf("chdir rw: %ld path=%s\n", r, path);
	r = chdir(rodata_path);
	printf("chdir ro: %ld\n", r);
	r = getcwd(cwd, sizeof(cwd)) ? 0 : -1;
	printf("getcwd: %ld cwd=%s\n", r, cwd);
	r = chdir(gone);
	printf("chdir gone: %ld\n", r);
	in = open("/proc/self/exe", O_RDONLY);
	out = open("/dev/null", O_WRONLY);
	r = sendfile(out, in, &off, 16);
	printf("sendfile: %ld off=%lld\n", r, (long long)off);
	return 0;
}
