#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# quotactl and quotactl_fd of a 32-bit tracee (tests/progs/decode_quota
# built -m32: struct if_dqblk of 68 bytes, fs_quota_stat of 68), as
# strace shows them.
BITS=32
. "$SRCDIR/tests/cases/decode-quota.sh"
