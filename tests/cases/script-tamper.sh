#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A script's destructive actions (issue 13), allowed only with
# -w/--destructive as DTrace asks: override(v) at a syscall's entry makes
# it return v without running, signal(sig) sends sig, chill(ns) holds the
# task, as -e inject= error=/retval=, signal= and delay_enter= do; the
# lines printed beside the script carry strace's marks, compared with
# strace 6.1's own for the same injection.  At a syscall's exit they
# fault once and change nothing.  Each with the seccomp filter (-f) and
# without.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/script.inc"

DENY='syscall:openat:entry /str(args.filename) == "/dev/null"/ { override(-EACCES); }'

# Without -w the script is refused before anything runs.
"$SLTRACE" --script "$DENY" $P open 1 /dev/null > refused.prog 2> refused.err
expect_rc 1 $? "override() without -w"
expect_empty refused.prog
expect_match refused.err 'override\(\).*-w'

for f in "" -f; do
	n=plain${f}
	# override(-errno): the program sees the error, other paths run.
	run "deny$n" $f --destructive --script "$DENY" \
		$P open 3 /dev/null open 1 /
	printf 'open /dev/null -13\n%.0s' 1 2 3 > want
	grep -v '^open / ' "deny$n.prog" > got
	diff want got > /dev/null || { show "deny$n.prog"; fail "deny$n: what the program saw"; }
	expect_match "deny$n.prog" '^open / [0-9]+$'
	expect_empty "deny$n.err"

	# A positive value is a result, not an error.
	run "ret$n" $f --destructive --script 'syscall:getppid:entry { override(42); }' \
		$P ppid 2
	printf 'ppid 42\nppid 42\n' > want
	diff want "ret$n.prog" > /dev/null || { show "ret$n.prog"; fail "ret$n: what the program saw"; }

	# -w is DTrace's spelling; without :entry or :exit a clause that
	# tampers fires at the entry, where the syscall can be changed.
	run "w$n" $f -w --script 'syscall:getppid { override(7); }' $P ppid 2
	printf 'ppid 7\nppid 7\n' > want
	diff want "w$n.prog" > /dev/null || { show "w$n.prog" "w$n.err"; fail "w$n: what the program saw"; }
	expect_empty "w$n.err"

	# signal(): the program's SIGUSR1 handler ran once per getppid.
	run "sig$n" $f --destructive --script 'syscall:getppid:entry { signal(SIGUSR1); }' \
		$P ppid 3 usr1
	expect_line "sig$n.prog" 'usr1 3'
	expect_empty "sig$n.err"

	# chill(): the call took at least the 50 ms it was held.
	run "chill$n" $f --destructive --script 'syscall:getppid:entry { chill(50000000); }' \
		$P timed
	ns=$(sed -n 's/^getppid took \([0-9]*\) ns$/\1/p' "chill$n.prog")
	[ -n "$ns" ] && [ "$ns" -ge 50000000 ] ||
		{ show "chill$n.prog"; fail "chill$n: getppid not held 50 ms"; }

	# At an exit: one fault message, the program sees getppid's own.
	run "late$n" $f --destructive --script 'syscall:getppid:exit { override(42); signal(SIGUSR1); }' \
		$P ppid 3 usr1
	expect_count 1 "late$n.err" "^$TOOL: script:1:.*FAULT in clause 1: override\\(\\) is not possible here$"
	expect_count 1 "late$n.err" .
	expect_no_match "late$n.prog" '^ppid (42|-[0-9]+)$'
	expect_line "late$n.prog" 'usr1 0'
done

# Under -f the seccomp filter stays: the script's syscalls are its stops.
"$SLTRACE" -d -o /dev/null -f --destructive --script "$DENY" $P open 1 /dev/null \
	> /dev/null 2> filter.err
expect_match filter.err 'seccomp filter: [1-9][0-9]* instructions'

# The lines beside the script, as strace 6.1 prints its injections.
need_strace
for f in "" -f; do
	n=plain${f}
	run "line$n" $f --destructive -e trace=openat --script "$DENY" \
		$P open 2 /dev/null
	"$STRACE" -o "sline$n" $f -e trace=openat -P /dev/null \
		-e inject=openat:error=EACCES $P open 2 /dev/null > /dev/null 2>&1
	strip_pid "line$n.out" | grep -F '"/dev/null"' > got
	strip_pid "sline$n" | grep -F '"/dev/null"' > want
	[ "$(wc -l < want)" = 2 ] || { show "sline$n"; fail "strace's own lines ($n)"; }
	diff want got > /dev/null || { show got want; fail "line$n: the injected lines"; }

	# Over an -e inject= on the same call: the script's result, the
	# spec's delay; strace's line for retval= and delay_enter= together.
	run "both$n" $f --destructive -e trace=getppid -e inject=getppid:delay_enter=1ms \
		--script 'syscall:getppid:entry { override(42); }' $P ppid 1
	"$STRACE" -o "sboth$n" $f -e trace=getppid \
		-e inject=getppid:retval=42:delay_enter=1ms $P ppid 1 > /dev/null 2>&1
	strip_pid "both$n.out" | grep '^getppid' > got
	strip_pid "sboth$n" | grep '^getppid' > want
	expect_match want '^getppid\(\) += 42 \(INJECTED\) \(DELAYED\)$'
	diff want got > /dev/null || { show got want; fail "both$n: the merged line"; }
	expect_line "both$n.prog" 'ppid 42'
done
exit 0
