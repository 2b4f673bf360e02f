#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Entry decodings that syscallent/sweep-strace found different from
# strace's (tests/progs/decode_sweep: every call fails with ENOSYS by a
# seccomp filter), with no options, -v, -X verbose, -X raw and
# -e verbose=none.
. "$SRCDIR/tests/lib.sh"
need_progs decode_sweep
need_strace

prog=$PROGS/decode_sweep
. "$SRCDIR/tests/cases/decode-sweep.inc"
