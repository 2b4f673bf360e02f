#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ustack keys know which program a frame is in: two non-PIE programs
# have their code at the same addresses (0x401000...), and the same pc
# in each is a different function; their stacks are two keys, each
# frame named from its own program.  A fork child runs its parent's
# code at the same addresses: the children's identical stacks are one
# key.
. "$SRCDIR/tests/lib.sh"
command -v gcc > /dev/null || skip "no gcc"

cat > one.c <<'C'
#include <unistd.h>
__attribute__((noinline)) int FN(void) { return getppid(); }
int main(void) { return FN() < 0; }
C
cat > forks.c <<'C'
#include <sys/wait.h>
#include <unistd.h>
__attribute__((noinline)) int child_work(void) { return getppid(); }
int main(void)
{
	for (int i = 0; i < 3; i++)
		if (fork() == 0)
			_exit(child_work() < 0);
	while (wait(NULL) > 0)
		;
	return 0;
}
C
gcc -O1 -g -fno-pie -no-pie -DFN=alpha -o alpha one.c &&
	gcc -O1 -g -fno-pie -no-pie -DFN=bravo -o bravo one.c &&
	gcc -O1 -g -o forks forks.c || fail "cannot build the programs"
# Same code, same addresses: only the names differ.
[ "$(nm alpha | sed -n 's/ T alpha$//p')" = "$(nm bravo | sed -n 's/ T bravo$//p')" ] ||
	skip "the two builds put alpha and bravo at different addresses"

"$SLTRACE" -f -e trace=none -o out --script \
	'syscall:getppid /comm == "alpha" || comm == "bravo"/ { @[comm, ustack] = count(); }' \
	sh -c './alpha; ./bravo; ./alpha'
expect_rc 0 $? "tracer"
# Each program's stack names its own function (the two runs of alpha
# are two processes, each with its own stack key, as before).
awk '/^@\[alpha,/ { p = "alpha" } /^@\[bravo,/ { p = "bravo" }
     /^    (alpha|bravo)\+/ { split($1, f, "+"); print p, f[1] }' out > frames
expect_line frames "alpha alpha"
expect_line frames "bravo bravo"
expect_no_match frames '^alpha bravo|^bravo alpha'

"$SLTRACE" -f -e trace=none -o out2 --script \
	'syscall:getppid { @[ustack] = count(); }' ./forks
expect_rc 0 $? "tracer, forks"
expect_count 1 out2 '^    child_work\+'
expect_match out2 '^\]: 3$'
exit 0
