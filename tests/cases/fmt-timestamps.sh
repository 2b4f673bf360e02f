#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -t, -tt, -ttt and --absolute-timestamps[=FORMAT,PRECISION] (and its
# alias --timestamps) begin every line with the time in the form asked
# for; the rest of each line is unchanged.  strace, when present, is
# held to the same forms.
. "$SRCDIR/tests/lib.sh"
need_progs simple

HMS='[0-2][0-9]:[0-5][0-9]:[0-6][0-9]'
EPOCH='[0-9]{9,}'

# check TRACER ERE OPTS...: every line of TRACER's trace of simple begins
# with ERE; without it, the lines simple made are all there.
check() {
	local tracer=$1 re=$2
	shift 2
	"$tracer" "$@" -o trace "$PROGS/simple" expected > out
	expect_rc 0 $? "$tracer $*"
	if grep -qvE -- "^$re" trace; then
		show trace
		fail "$tracer $*: a line does not begin with /$re/"
	fi
	sed -E "s/^$re//" trace > rest
	{
		squeeze expected
		echo 'exit_group(0) = ?'
		echo '+++ exited with 0 +++'
	} > want
	squeeze rest > got
	expect_in_order got want
}

# form ERE OPTS...: sltrace, and strace when there is one.
form() {
	check "$SLTRACE" "$@"
	if [ -x "$STRACE" ]; then
		check "$STRACE" "$@"
	fi
}

form "$HMS " -t
form "$HMS\\.[0-9]{6} " -tt
form "$EPOCH\\.[0-9]{6} " -ttt
form "$EPOCH\\.[0-9]{6} " -tttt
form "$HMS " --absolute-timestamps
form "$HMS " --timestamps
form "$HMS " --absolute-timestamps=time
form "$HMS " --absolute-timestamps=format:time,precision:s
form "$HMS\\.[0-9]{3} " --absolute-timestamps=ms
form "$HMS\\.[0-9]{6} " --absolute-timestamps=time,us
form "$HMS\\.[0-9]{9} " --absolute-timestamps=NS
form "$EPOCH " --absolute-timestamps=unix
form "$EPOCH\\.[0-9]{3} " --absolute-timestamps=ms,unix
form "$EPOCH\\.[0-9]{9} " --timestamps=format:unix,precision:ns
# Each option sets its part and keeps what earlier ones set.
form "$EPOCH\\.[0-9]{3} " --absolute-timestamps=unix,ns --absolute-timestamps=ms
form "$HMS\\.[0-9]{9} " --absolute-timestamps=unix,ns \
	--absolute-timestamps=none --absolute-timestamps
# A precision alone turns "none" back into "time".
form "$HMS\\.[0-9]{3} " --absolute-timestamps=none --absolute-timestamps=ms
# "none" prints nothing, and so does a later "none".
form "" --absolute-timestamps=none
form "" --absolute-timestamps=time,none
