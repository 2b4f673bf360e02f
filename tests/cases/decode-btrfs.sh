#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The btrfs ioctls (BTRFS_IOC_*, FS_IOC_SETFSLABEL, FIDEDUPERANGE) decode
# as strace shows them: the lines of tests/progs/decode_btrfs traced by
# strace and by the tracer agree under several flag sets.  No btrfs is
# needed: the calls go to fd -1 or /dev/null and fail.
. "$SRCDIR/tests/lib.sh"
need_progs decode_btrfs
need_strace

prog=$PROGS/decode_btrfs
. "$SRCDIR/tests/cases/decode-btrfs.inc"
