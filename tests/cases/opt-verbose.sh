#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -v (--no-abbrev) is -e abbrev=none: execve shows the environment
# itself instead of its count.  -e abbrev= and -v replace each other in
# command-line order; -e verbose= and -e raw= take syscall sets.
. "$SRCDIR/tests/lib.sh"
need_progs simple

# exec_line ARGS...: the execve line of simple, run by env with A=1 B=2.
exec_line() {
	"$SLTRACE" -o trace -s 4096 "$@" -e trace=execve env -i A=1 B=2 "$PROGS/simple" > out
	expect_rc 0 $? "tracer ($*)"
	grep "^execve(\"$PROGS/simple\"" trace
}

full=$(tline "execve(\"$PROGS/simple\", [\"$PROGS/simple\"], [\"A=1\", \"B=2\"])" 0)
short="^execve\(\"$PROGS/simple\", \[\"$PROGS/simple\"\], 0x[0-9a-f]+ /\* 2 vars \*/\) += 0$"

for args in "-v" "--no-abbrev" "-e abbrev=none" "-e abbrev=!execve" \
	    "-e abbrev=execve -v" "-e a=none"; do
	# shellcheck disable=SC2086
	[ "$(exec_line $args)" = "$full" ] || { show trace; fail "execve with $args"; }
done
for args in "" "-e abbrev=all" "-v -e abbrev=execve" "-e abbrev=%process"; do
	# shellcheck disable=SC2086
	exec_line $args | grep -qE "$short" || { show trace; fail "execve with '$args'"; }
done

# -e raw=: the arguments as hex numbers, nothing decoded.
"$SLTRACE" -o trace -e raw=close -e trace=close "$PROGS/simple" > out
expect_rc 0 $? "tracer (raw=close)"
expect_line trace "$(tline 'close(0x3db)' '-1 EBADF (Bad file descriptor)')"

# -e verbose=!execve: its two arrays as addresses (strace's qual_syscall).
for args in "-e verbose=!execve" "-e verbose=none"; do
	# shellcheck disable=SC2086
	exec_line $args | grep -qE "^execve\(\"$PROGS/simple\", 0x[0-9a-f]+, 0x[0-9a-f]+\) += 0$" ||
		{ show trace; fail "execve with '$args'"; }
done
