#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e read=SET / -e write=SET: the hex dumps under read, write, their
# positioned and vector forms and vmsplice are strace's, byte for byte
# (" | 00000  68 65 6c 6c 6f  ...  hello |", " * 3 bytes in buffer 0"),
# for every fd and for a chosen pair, 64- and 32-bit.
DECODE_DESC_FLAGS='"-e read=all -e write=all" "-e read=3 -e write=4"'
. "$SRCDIR/tests/cases/decode-desc.sh"
if [ -x "$PROGS/decode_desc32" ] && "$PROGS/decode_desc32" none > /dev/null 2>&1; then
	DECODE_DESC_PROG=decode_desc32
	. "$SRCDIR/tests/cases/decode-desc.sh"
fi
