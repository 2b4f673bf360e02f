#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: a shell pipeline (fork, exec, pipe, wait, SIGCHLD)
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

difftest sh -c 'echo hello | cat'
