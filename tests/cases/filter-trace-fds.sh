#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e trace-fds=SET / --trace-fds=SET: only syscalls with a descriptor of
# SET among their arguments (or in poll's and select's sets); with -P,
# what either selects.  The option came with strace 6.3 (this test
# skips under strace 6.1); its SET has -e read='s syntax and messages.
. "$SRCDIR/tests/lib.sh"
need_progs fmtcalls

echo data > f.txt

run() {
	"$SLTRACE" "$@" -o trace "$PROGS/fmtcalls" fds f.txt > out 2> err
	rc=$?
	if grep -qE "invalid system call 'trace-fds|unrecognized option '--trace-fds" err; then
		skip "$TOOL has no trace-fds"
	fi
	expect_rc 0 "$rc" "tracer $*"
	expect_line trace "+++ exited with 0 +++"
}

run -e trace-fds=10
expect_match trace '^dup2\(3, 10\) += 10$'
expect_match trace '^close\(10\) += 0$'
expect_count 2 trace '^[a-z_0-9]+\('

run --trace-fds=4,10
expect_match trace '^close\(4\) += 0$'
expect_count 3 trace '^[a-z_0-9]+\('

# fd 3 is also the loader's: only lines with a 3 among the descriptors.
run -e trace-fds=3
expect_match trace '^read\(3, "d", 1\) += 1$'
expect_match trace '^poll\(\[\{fd=3, '
expect_match trace '^pselect6\(4, \[3\], '
expect_match trace '^dup2\(3, 10\) += 10$'
expect_no_match trace '^close\((4|5|10)\)'
expect_no_match trace '^openat\(AT_FDCWD'
expect_no_match trace '^(getppid|exit_group|munmap|brk)'

# With -P: the union.
run -e trace-fds=10 -P /
expect_match trace '^close\(10\) += 0$'
expect_match trace '^close\(5\) += 0$'
expect_count 5 trace '^[a-z_0-9]+\('

run -e 'trace-fds=!0,1,2' -e trace=close
expect_match trace '^close\(3\) += 0$'
expect_match trace '^close\(987\)|^close\(5\) += 0$'

run -e trace-fds=none
expect_count 1 trace .

"$SLTRACE" -e trace-fds=x -o trace "$PROGS/fmtcalls" fds f.txt > out 2> err
expect_rc 1 $? "tracer (bad set)"
expect_line err "$TOOL: invalid descriptor 'x'"
