#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-keys.sh with the -m32 build of decode_keys: the i386 layouts
# of keyctl's structs (struct keyctl_kdf_params, iovec) and 32-bit
# sizes.
DECODE_KEYS_PROG=decode_keys32
. "$SRCDIR/tests/cases/decode-keys.sh"
