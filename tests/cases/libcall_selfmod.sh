#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program that rewrites its own code (mprotect, write, mprotect) where a
# breakpoint is, forks after, and maps a traced library's code again from
# its file (tests/progs/libcall/selfmod.c): its results must be the
# untraced ones, with -f, under the seccomp filter, with library calls at
# the PLT and at entries (the child of a fork nobody follows included:
# bytes the program rewrote are not "restored" in its copy), and -k.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b selfmod
b/selfmod > want 2>&1 || { show want; fail "the program fails untraced"; }
expect_line want ok
for opts in "-f" "-f -e trace=openat,mprotect" "-l bar_add -L patchme" \
	"-f -e trace=none -l bar_add -L patchme" "-L bar_* -L patchme" \
	"-f -e trace=mmap -L bar_* -l bar_add" "-k -f -e trace=mprotect" \
	"-k -L patchme"; do
	[ "$TOOL" = strace ] && case $opts in *-l*|*-L*) continue ;; esac
	set -f
	# shellcheck disable=SC2086
	"$SLTRACE" $opts -o trace b/selfmod > out 2>&1
	rc=$?
	set +f
	expect_rc 0 $rc "$opts: tracer"
	diff -u want out >&2 || fail "$opts: the program's output differs"
	expect_no_match trace 'SIGTRAP|SIGSEGV|SIGILL|SIGSTOP'
done
exit 0
