#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -k across mapping changes: tests/progs/stack_dlopen loads a library,
# calls it, unloads it, and does the same with a second one, which the
# loader maps where the first was.  Each write's frames name the library
# it came from, though -e trace=write leaves out the mmap and munmap
# that sltrace must still see (under its seccomp filter), and which are
# not printed.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/stack.sh"
need_progs stack_dlopen
command -v cc > /dev/null || skip "no cc to build the libraries"

# Different code before the calls: the return addresses differ too.
cat > one.c <<'SRC'
#include <unistd.h>
__attribute__((noinline)) void one_inner(void)
{
	write(1, "one\n", 4);
	__asm__ volatile("" ::: "memory");
}
void one(void) { one_inner(); __asm__ volatile("" ::: "memory"); }
SRC
cat > two.c <<'SRC'
#include <unistd.h>
static volatile int pad;
__attribute__((noinline)) void two_inner(void)
{
	pad++; pad++; pad++;
	write(1, "two\n", 4);
	__asm__ volatile("" ::: "memory");
}
void two(void) { pad++; two_inner(); __asm__ volatile("" ::: "memory"); }
SRC
for l in one two; do
	cc -O1 -shared -fPIC -o "lib$l.so" "$l.c" || fail "cannot build lib$l.so"
done

check() {	# check MODE LIB: the write of libLIB.so has its frames
	local got

	stack_after "$1.trace" "^write\\(1, \"$2" > "$1.$2"
	got=$(chain_frames "$1.$2" "$PWD/lib$2.so" 2 | awk '{ print $2 }' |
		tr '\n' ' ')
	[ "$got" = "$2_inner $2 " ] || {
		show "$1.$2"
		fail "$1: frames of lib$2.so are '$got'"
	}
}

for mode in filter nofilter; do
	opt=
	if [ $mode = nofilter ]; then
		[ "$TOOL" = strace ] && continue
		opt=--seccomp-bpf=off
	fi
	"$SLTRACE" $opt -k -e trace=write -o $mode.trace "$PROGS/stack_dlopen" \
		"$PWD/libone.so" one "$PWD/libtwo.so" two > $mode.out
	expect_rc 0 $? "$mode: tracer"
	printf 'one\ntwo\n' | diff -u - $mode.out >&2 || fail "$mode: output"
	expect_no_match $mode.trace '^(mmap|munmap|mprotect|openat)\('
	check $mode one
	check $mode two
	expect_no_match $mode.two 'libone'
done
exit 0
