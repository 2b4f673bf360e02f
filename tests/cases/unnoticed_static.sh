#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Static programs: no dynamic linker, no PLT through a GOT the loader
# fills, no link map -- the library-call tracer finds its functions in
# the executable's own symbol table.  Two of the other cases' programs
# linked with -static, run untraced and under every way of tracing:
# threads ending with the exit syscall while others run
# (tests/progs/thread_exit.c) and a program that closes every
# descriptor, forks and writes a file (tests/progs/closefds.c).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"

build_static() {
	un_build "$1" -static
	file_is_static "$1"
}

# The kernel loads it with no interpreter: ELF type EXEC or a static PIE
# without PT_INTERP.
file_is_static() {
	if LC_ALL=C readelf -l "$1" | grep -q 'INTERP'; then
		fail "$1 has a program interpreter: not static"
	fi
}

build_static thread_exit
set -- ./thread_exit raw
un_base "$@"
expect_line base.res "calls 1800 of 1800, wrong getppid 0"
un_ways exit getppid worker "$@"
un_traced nof -- "$@"

build_static closefds
UN_FILES=(out)
set -- ./closefds out
un_base "$@"
expect_line base.res "child exit 7"
un_ways close_range,openat '' main "$@"
un_traced nofL -L main -- "$@"
un_calls nofL.trace main
