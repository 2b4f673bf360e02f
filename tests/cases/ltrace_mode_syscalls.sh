#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode's -S prints syscalls as Debian ltrace does: "SYS_" and the
# name from ltrace's table ("SYS_pread", "SYS_334"), arguments by
# ltrace's prototypes or as four guessed words, raw return values
# ("= -2"), "SYS_exit_group(0 <no return ...>", a library call cut by
# its own syscall ("write(... <unfinished ...>", "<... write resumed> )"),
# and no line for the execve that starts the command.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

lm_build sys <<'EOF'
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	char buf[200];
	int fd[2];

	write(1, "abcdef\n", 3);
	if (pipe(fd))
		return 1;
	write(fd[1], "hello world", 11);
	memset(buf, 'X', sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = 0;
	read(fd[0], buf, 100);
	syscall(SYS_getcwd, buf, 100);
	memset(buf, 'Z', sizeof(buf) - 1);
	readlink("/proc/self/exe", buf, 100);
	umask(022);
	access("/", R_OK | W_OK);
	access("missing", F_OK);
	mkdir("missing/x", 0755);
	lseek(0, -1, SEEK_CUR);
	close(-1);
	syscall(SYS_munmap, 0x1000, (unsigned long)-2);
	syscall(SYS_truncate, "missing", -2L);
	syscall(SYS_getpid);
	return 0;
}
EOF

lm_no_aslr
lm_compare S -S -e write+umask+mkdir+close+pipe ./sys
lm_compare S-none -S -e none ./sys
lm_compare S-write -S -e write ./sys
lm_compare S-f-T-i -S -f -T -i -e none ./sys
lm_compare_stderr S-err -S -e write+umask ./sys

expect_line sl.S-none 'SYS_write(1, "abc", 3)                           = 3'
expect_line sl.S-none 'SYS_access("missing", 00)                        = -2'
expect_line sl.S-none 'SYS_umask(022)                                   = 022'
expect_line sl.S-none 'SYS_exit_group(0 <no return ...>'
expect_no_match sl.S-none 'execve'
expect_line sl.S-write 'sys->write(1, "abc", 3 <unfinished ...>'
expect_line sl.S-write '<... write resumed> )                            = 3'
exit 0
