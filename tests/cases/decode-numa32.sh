#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-numa.sh with the -m32 build of decode_numa: node masks of
# 32-bit longs, 32-bit page pointers, the i386 numbers.
DECODE_NUMA_PROG=decode_numa32
. "$SRCDIR/tests/cases/decode-numa.sh"
