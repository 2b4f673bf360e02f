#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# quotactl and quotactl_fd decode as strace shows them: the lines of
# tests/progs/decode_quota (decode_quota32 when BITS=32) agree with no
# options, -v, -X verbose, -X raw and -y, and with success injected,
# where the getters' structs print.
. "$SRCDIR/tests/lib.sh"
name=decode_quota${BITS:-}
if [ "${BITS:-}" = 32 ]; then
	[ -x "$PROGS/$name" ] ||
		skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
	have_32bit || skip "this kernel runs no 32-bit programs"
else
	need_progs "$name"
fi
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/$name

# run FLAGS...: both tracers, then their lines compared.
run() {
	note "flags: ${*:-(none)}"
	"$STRACE" "$@" -o strace.out "$prog" 2>/dev/null ||
		fail "strace $* failed"
	"$SLTRACE" "$@" -o sltrace.out "$prog" || fail "$TOOL $* failed"
	"$cmp" strace.out sltrace.out >&2 || fail "lines differ with flags '$*'"
}

for flags in "" "-v" "-X verbose" "-X raw" "-y"; do
	# shellcheck disable=SC2086
	run $flags
done
for flags in "" "-v" "-X raw"; do
	# shellcheck disable=SC2086
	run $flags -e inject=quotactl:retval=0 -e inject=quotactl_fd:retval=0
done
