#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-mount.sh with the -m32 build of decode_mount: the i386 numbers
# and 32-bit pointers of the new mount API.
DECODE_MOUNT_PROG=decode_mount32
. "$SRCDIR/tests/cases/decode-mount.sh"
