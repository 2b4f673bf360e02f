#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-desc.sh with the -m32 build of decode_desc: the i386 table
# (fcntl64, _llseek, _newselect and the old select, sendfile64) and the
# 32-bit layouts (iovec, struct flock and flock64, fd_set longs, 64-bit
# offsets in two registers).  Skips when gcc -m32 could not link it.
DECODE_DESC_PROG=decode_desc32
. "$SRCDIR/tests/cases/decode-desc.sh"
