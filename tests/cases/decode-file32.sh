#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-file.sh with the -m32 build of decode_file: the i386 table
# (stat64, oldstat, statfs64, chown32, truncate64...) and the 32-bit
# struct layouts.  Skips when gcc -m32 could not link the program.
DECODE_FILE_PROG=decode_file32
. "$SRCDIR/tests/cases/decode-file.sh"
