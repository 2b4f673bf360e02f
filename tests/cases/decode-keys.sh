#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The key syscalls (src/syscall/keyctl.c): tests/progs/decode_keys
# performs add_key, request_key and each keyctl command with valid
# arguments, errors, NULL and unmapped pointers, unknown commands and
# flags; the lines must be those Debian's strace prints, without flags
# and with -v, -X raw, -X verbose, -e verbose=none, -s 5, -s 300, -x;
# -P /dev/full selects none of them, though two name that path.
# Masked in both: addresses, key serials (random: every number of five
# digits or more) and the ciphertext of the one successful
# KEYCTL_PKEY_ENCRYPT (random padding).
# decode-keys32.sh runs the same with the -m32 build.
. "$SRCDIR/tests/lib.sh"
need_strace

prog=${DECODE_KEYS_PROG:-decode_keys}
if [ "$prog" = decode_keys32 ]; then
	[ -x "$PROGS/$prog" ] || skip "no $prog (gcc -m32 cannot link)"
	have_32bit || skip "this kernel runs no 32-bit programs"
else
	need_progs "$prog"
fi

names=add_key,request_key,keyctl

# trace TRACER OUT FLAGS...: the program's lines, masked.
trace() {
	local tracer=$1 out=$2
	shift 2
	# shellcheck disable=SC2086
	"$tracer" -e trace=$names "$@" -o "$out.raw" "$PROGS/$prog"
	expect_rc 0 $? "$tracer $* $prog"
	sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/(^|[^0-9a-fx\\])[0-9]{5,}/\1N/g' \
		-e 's/ +=/ =/' \
		-e 's/, "([^"\\]|\\.)*"(\.\.\.)?\) = 128$/, OUT) = 128/' \
		"$out.raw" > "$out"
}

for flags in "" "-v" "-X raw" "-X verbose" "-e verbose=none" "-s 5" \
	"-s 300" "-x"; do
	note "flags: '$flags'"
	# shellcheck disable=SC2086
	trace "$STRACE" want $flags
	# shellcheck disable=SC2086
	trace "$SLTRACE" got $flags
	[ "$(wc -l < want)" -gt 100 ] || { show want; fail "too few strace lines"; }
	if ! cmp -s want got; then
		diff want got >&2
		fail "lines differ from strace's with flags '$flags'"
	fi
done

note "flags: '-P /dev/full'"
trace "$STRACE" want -P /dev/full
trace "$SLTRACE" got -P /dev/full
if ! cmp -s want got; then
	diff want got >&2
	fail "lines differ from strace's with -P /dev/full"
fi
