#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# prctl and arch_prctl of a 32-bit tracee (tests/progs/decode_prctl built
# -m32: longs of 32 bits, the i386 arch_prctl), as strace shows them.
BITS=32
. "$SRCDIR/tests/cases/decode-prctl.sh"
