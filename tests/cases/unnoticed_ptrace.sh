#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program that traces its own child (tests/progs/inner_ptrace.c), which
# asks with PTRACE_TRACEME or is seized by its parent, and counts its
# syscall stops.  Without -f sltrace leaves children alone (with -l or -L
# it takes its int3 bytes out of a fork child's memory at its first stop
# and lets it go before it runs): the program's tracing works exactly as
# untraced.  Under -f sltrace traces the child, which can have only one
# tracer: the program's request fails with EPERM, and sltrace says so
# once, naming both pids, while the trace goes on.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs inner_ptrace

for mode in traceme seize; do
	un_base "$PROGS/inner_ptrace" "$mode"
	expect_line base.res "$mode: 11 syscall stops, 0 others, exit 3"
	expect_line base.res "exit 5"
	un_traced nof -- "$PROGS/inner_ptrace" "$mode"
	expect_match nof.trace '^ptrace\(PTRACE_SYSCALL, [0-9]+, NULL, 0\) += 0$'
	expect_match nof.trace '^wait4\(.*WEXITSTATUS\(s\) == 3'
	un_traced nofk -k -- "$PROGS/inner_ptrace" "$mode"
	[ "$TOOL" = strace ] && continue
	un_traced nofl -l waitpid -- "$PROGS/inner_ptrace" "$mode"
	un_calls nofl.trace waitpid
	un_traced nofL -L count_stops -- "$PROGS/inner_ptrace" "$mode"
	un_calls nofL.trace count_stops

	# -f: the request fails, said once.
	case $mode in
	traceme) req=PTRACE_TRACEME ;;
	seize) req=PTRACE_SEIZE ;;
	esac
	for way in "-f" "-f -e trace=getppid" "-f -l waitpid" \
		"-f -e trace=none -l waitpid" \
		"-f -L count_stops" "-f -k"; do
		note "$mode: $TOOL $way"
		# shellcheck disable=SC2086
		"$SLTRACE" -o f.trace $way "$PROGS/inner_ptrace" "$mode" \
			> f.out 2> f.err
		expect_rc 5 $? "$way $mode"
		parent=$(sed -nE 's/^([0-9]+) +\+\+\+ exited with 5 \+\+\+$/\1/p' f.trace)
		[ -n "$parent" ] || { show f.trace; fail "$way: no exit of the program"; }
		child=$(sed -nE "s/^([0-9]+) +\+\+\+ exited with [0-9]+ \+\+\+$/\1/p" f.trace |
			grep -vx "$parent")
		[ -n "$child" ] || { show f.trace; fail "$way: no exit of the child"; }
		expect_count 1 f.err "^$TOOL: pid $child cannot be traced by pid $parent \(ptrace $req: Operation not permitted\): $TOOL -f traces it; run without -f to let the program trace its children$"
		expect_count 1 f.err "cannot be traced"
		# What the program saw: the request's error, and the child
		# ran on untraced by it.
		expect_line f.out "$(sed -n 1p f.out | grep -E "^$mode(: child)?: $req: Operation not permitted$")"
		case $mode in
		traceme) expect_line f.out "traceme: not traced, exit 2" ;;
		seize) expect_line f.out "seize: not traced, exit 3" ;;
		esac
		# The trace went on after the message.
		expect_match f.trace "^$child +\+\+\+ exited with"
		if [ "$way" = "-f -e trace=getppid" ]; then
			# ptrace stops under the filter, unprinted.
			expect_no_match f.trace '^[0-9]+ +ptrace\('
			[ $mode = seize ] &&
				expect_count 5 f.trace "^$child +getppid\(\) += $parent$"
		fi
	done
done
