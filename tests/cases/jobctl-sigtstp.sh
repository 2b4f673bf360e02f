#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# As jobctl-sigstop, with SIGTSTP (a stop signal a program could catch).
JOBCTL_SIG=SIGTSTP
. "$SRCDIR/tests/cases/jobctl-sigstop.sh"
