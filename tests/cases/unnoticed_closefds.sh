#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program that closes every descriptor at start (close_range, or
# close() on 0..1023) and then opens files, a pipe, and forks
# (tests/progs/closefds.c).  It lists the descriptors it was started
# with first: traced, they must be the same as untraced -- sltrace must
# neither leak one of its own (the -o file, /proc files, pipes) into the
# command nor close one the command inherits (fd 7 here).  What it did
# after is in the file it writes.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs closefds

exec 7< /dev/null
UN_FILES=(out)
un_base "$PROGS/closefds" out
expect_match base.res "^started with: 0 1 2 ([0-9]+ )*7( |$)"
expect_line base.res "exit 0"
expect_line base.res "child exit 7"

un_ways close_range,openat open 'opendir' "$PROGS/closefds" out
expect_match f.trace '^[0-9]+ +close_range\(0, 4294967295, 0\) += 0$'
expect_match filt.trace '^[0-9]+ +openat\(AT_FDCWD, "out", .*\) += 0$'

# The other way of closing; -ff and -c, which open other files.
un_base "$PROGS/closefds" out loop
expect_match base.res "^started with: 0 1 2 ([0-9]+ )*7( |$)"
un_traced loop -f -- "$PROGS/closefds" out loop
expect_match loop.trace '^[0-9]+ +close\(1023\) += -1 EBADF '
un_traced loopff -ff -y -- "$PROGS/closefds" out loop
un_traced loopc -f -c -- "$PROGS/closefds" out loop
exec 7<&-
