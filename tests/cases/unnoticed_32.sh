#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 32-bit programs (i386 personality): two of the other cases' programs
# built with -m32, run untraced and under every way of tracing -- threads
# ending with the exit syscall while others run (tests/progs/thread_exit.c)
# and a program that closes every descriptor, forks and writes a file
# (tests/progs/closefds.c).  Library calls of 32-bit programs are not
# traced yet (sltrace -d says so): -l and -L must leave them unharmed.
# Skipped on a kernel that runs no i386 programs.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs fmtcalls32
have_32bit || skip "this kernel runs no 32-bit programs"

un_build thread_exit -m32
set -- ./thread_exit raw
un_base "$@"
expect_line base.res "calls 1800 of 1800, wrong getppid 0"
un_ways exit '' '' "$@"
expect_match f.trace '^[0-9]+ +getppid\(\) += [0-9]+$'
un_traced plt -f -l getppid -- "$@"
un_traced entry -f -L worker -- "$@"
un_traced nof -- "$@"

un_build closefds -m32
UN_FILES=(out)
set -- ./closefds out
un_base "$@"
expect_line base.res "child exit 7"
un_ways close_range,openat '' '' "$@"
un_traced plt -f -l 'open*' -- "$@"
