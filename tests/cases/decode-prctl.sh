#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# prctl and arch_prctl decode as strace shows them: the lines of
# tests/progs/decode_prctl (decode_prctl32 when BITS=32) agree with no
# options, -v, -X verbose, -X raw, -s 5 and -Y, and with results injected
# (-e inject=...:retval=, error=) that the decoders show by name.
. "$SRCDIR/tests/lib.sh"
name=decode_prctl${BITS:-}
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

for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-Y"; do
	# shellcheck disable=SC2086
	run $flags
done

# Injection counts calls from the start: skip those before the marker
# (the dynamic loader's arch_prctl).
"$STRACE" -o strace.out "$prog" 2>/dev/null || fail "strace failed"
before() {
	sed -n "/^write(-1, /q;/^$1(/p" strace.out | wc -l
}
np=$(($(before prctl) + 1))
na=$(($(before arch_prctl) + 1))
for v in 0 1 0x2a 0x20 0x6 0x100 0x10000 error=ENOTTY; do
	case $v in error=*) inj=$v ;; *) inj=retval=$v ;; esac
	run -e inject=prctl:$inj:when=$np+ -e inject=arch_prctl:$inj:when=$na+
done
for flags in "-X verbose" "-X raw"; do
	# shellcheck disable=SC2086
	run $flags -e inject=prctl:retval=0x2a:when=$np+ \
		-e inject=arch_prctl:retval=0xe3:when=$na+
done
