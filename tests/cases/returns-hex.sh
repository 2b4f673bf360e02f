#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# brk and mmap return addresses, printed in hex as strace does; other
# calls return decimal.
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

"$SLTRACE" -o trace "$PROGS/exitwith" 0
expect_rc 0 $? "tracer"
expect_match trace '^brk\(NULL\) += 0x[0-9a-f]+$'
expect_match trace '^mmap\(.*\) += 0x[0-9a-f]+$'
expect_no_match trace '^(brk|mmap)\(.*\) += [1-9][0-9]*$'
expect_match trace '^close\(3\) += 0$'
