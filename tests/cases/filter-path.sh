#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -P PATH / --trace-path=PATH: only syscalls that name PATH, as written
# or as its realpath, or use a descriptor (or dirfd) open on it — also
# inside poll's and select's sets.  A PATH whose realpath differs gets
# strace's note, which -e quiet=path-resolution silences (-q, even -qqq,
# does not).  Signal and exit lines are not filtered.
. "$SRCDIR/tests/lib.sh"
need_progs fmtcalls fmtcalls32

echo data > f.txt
ln -s f.txt link
REAL=$(realpath f.txt)
NOTE_F="$TOOL: Requested path \"f.txt\" resolved into \"$REAL\""
NOTE_L="$TOOL: Requested path \"link\" resolved into \"$REAL\""

# The lines fmtcalls fds makes on f.txt (fd 3, its dup 4, dup2'd 10).
FD_LINES='^read\(3, "d", 1\) += 1$
^poll\(\[\{fd=3, events=POLLIN\}\], 1, 0\) += 1 
^(pselect6|_newselect|select)\(4, \[3\], NULL, NULL, 
^mmap2?\(NULL, 4096, PROT_READ, MAP_PRIVATE, 3, 0\) += 0x
^dup\(3\) += 4$
^dup2\(3, 10\) += 10$
^close\(10\) += 0$
^close\(4\) += 0$
^close\(3\) += 0$'
OPEN_LINE='^open(at)?\((AT_FDCWD, )?"f.txt", O_RDONLY(\|O_LARGEFILE)?\) += 3$'

# run PROG OPTS...: trace "fmtcalls fds f.txt"; stderr in err.
run() {
	local prog=$1
	shift
	"$SLTRACE" "$@" -o trace "$PROGS/$prog" fds f.txt > out 2> err
	expect_rc 0 $? "tracer $*"
	expect_line trace "+++ exited with 0 +++"
}

# fd_lines_only N: the fd lines and N other syscall lines, no more.
fd_lines() {
	local re
	while IFS= read -r re; do
		expect_count 1 trace "$re"
	done <<< "$FD_LINES"
	expect_count $((9 + $1)) trace '^[a-z_0-9]+\('
}

progs=fmtcalls
if have_32bit; then progs="$progs fmtcalls32"; else note "no 32-bit support: fmtcalls only"; fi
for prog in $progs; do
	run $prog -P f.txt
	expect_line err "$NOTE_F"
	expect_count 1 err .
	expect_count 1 trace "$OPEN_LINE"
	fd_lines 1

	# The link's name is not what the program wrote: no open line.
	run $prog --trace-path=link
	expect_line err "$NOTE_L"
	fd_lines 0

	run $prog -P "$REAL"
	expect_empty err
	fd_lines 0
done

run fmtcalls -P f.txt -e quiet=path-resolution
expect_empty err
fd_lines 1
run fmtcalls -e quiet=path-resolution,attach -P f.txt
expect_empty err
"$SLTRACE" -qqq -P f.txt -o trace "$PROGS/fmtcalls" fds f.txt > out 2> err
expect_rc 0 $? "tracer -qqq"
expect_line err "$NOTE_F"

# A directory: named as "/", then used as a dirfd and closed.
run fmtcalls -P /
expect_match trace '^openat\(AT_FDCWD, "/", O_RDONLY\|O_DIRECTORY\) += 5$'
expect_match trace '^openat\(5, "nonexistent-fmtcalls", O_RDONLY\) += -1 ENOENT'
expect_match trace '^close\(5\) += 0$'
expect_no_match trace '^read\('

# Several paths: either one.
run fmtcalls -P / -P f.txt
expect_match trace '^close\(5\) += 0$'
expect_match trace '^close\(3\) += 0$'

# i386's old select: the sets are found through its block of five
# arguments, here the last 20 bytes of a page.
if have_32bit; then
	"$SLTRACE" -P f.txt -e quiet=path-resolution -o trace \
		"$PROGS/fmtcalls32" oldselect f.txt > out 2> err
	expect_rc 0 $? "tracer -P f.txt fmtcalls32 oldselect"
	expect_match trace '^select\(4, \[3\], NULL, NULL, \{tv_sec=0, tv_usec=0\}\) += 1 '
	expect_count 1 trace '^select\('
fi

# Nothing touches it: only the exit line.
run fmtcalls -P /nonexistent/path
expect_empty err
expect_count 1 trace .
