# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Helpers of tests/cases/stack_*.sh (-k stack traces), sourced after
# tests/lib.sh.  A frame line is " > OBJECT(NAME+0xOFF) [0xFILEOFF]",
# " > OBJECT() [0xFILEOFF]" without a symbol, with " FILE:LINE" after it
# under -kk.

# stack_after TRACE ERE: the first stack printed after the first line of
# TRACE matching ERE (other lines may come between: strace prints an
# exit_group's stack after "+++ exited"), one frame per line as
# "OBJECT NAME FILEOFF SOURCE": NAME "-" without a symbol, SOURCE "-"
# without -kk's file:line.
stack_after() {
	# Through the environment: awk -v would eat the backslashes.
	STACK_RE=$2 awk '
		!seen && $0 ~ ENVIRON["STACK_RE"] { seen = 1; next }
		seen && /^ > / { infr = 1; print; next }
		seen && infr { exit }
	' "$1" | sed -E 's/^ > ([^(]*)\(([^)]*)\) \[0x([0-9a-f]+)\]( (.*))?$/\1|\2|\3|\5/' |
		awk -F'|' 'NF < 4 { print; next }
			{ n = $2; sub(/\+0x[0-9a-f]+$/, "", n)
			  print $1, (n == "" ? "-" : n), $3, ($4 == "" ? "-" : $4) }'
}

# chain_frames FRAMES OBJECT N: the first N frames of OBJECT in FRAMES
# (from stack_after), which must be consecutive; prints them.
chain_frames() {
	awk -v o="$2" -v n="$3" '
		$1 == o && got < n {
			if (got && NR != last + 1) {
				print "not consecutive at frame " NR > "/dev/stderr"
				exit 1
			}
			print; got++; last = NR
		}
		END { if (got < n) exit 1 }' "$1"
}

# expect_chain WHAT FRAMES OBJECT NAME...: OBJECT's frames in FRAMES are
# NAME... in this order, one after the other, and the frame right before
# them is in a libc (the syscall's wrapper).
expect_chain() {
	local what=$1 frames=$2 obj=$3 got first
	shift 3
	got=$(chain_frames "$frames" "$obj" $# | awk '{ print $2 }' | tr '\n' ' ')
	[ "$got" = "$* " ] || {
		show "$frames"
		fail "$what: frames of $obj are '$got', expected '$* '"
	}
	first=$(awk -v o="$obj" '$1 == o { print NR; exit }' "$frames")
	[ "$first" -gt 1 ] &&
		sed -n "$((first - 1))p" "$frames" | grep -qE '/libc\.so[^ ]* ' || {
		show "$frames"
		fail "$what: the frame above $obj's is not libc's"
	}
}

# marker_line NAME: the line of tests/progs/stack_chain.c that holds the
# call marked "@NAME".
marker_line() {
	grep -n "/\* @$1 \*/" "$SRCDIR/tests/progs/stack_chain.c" | cut -d: -f1
}
