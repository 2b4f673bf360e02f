#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# io_uring_setup, io_uring_enter and the io_uring_register operations
# (probe, files, buffers, resources, restrictions, io-wq, ring fds,
# buffer rings) decode as strace shows them: the lines of
# tests/progs/decode_uring traced by strace and by the tracer agree,
# with no options, -y, -v, -X verbose, -X raw, -s 5 and with every
# io_uring_register call made to succeed (what it wrote back, " => ").
. "$SRCDIR/tests/lib.sh"
need_progs decode_uring
need_strace

prog=$PROGS/decode_uring
. "$SRCDIR/tests/cases/decode-uring.inc"
