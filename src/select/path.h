/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -P PATH (--trace-path) and -e trace-fds=SET (--trace-fds): show only
 * the syscalls that name one of these paths or use one of these
 * descriptors.  Decided at the syscall's entry stop, from its arguments:
 * path strings are compared as written, descriptors (and dirfds) are
 * resolved through /proc/PID/fd.  Both options together show what
 * either selects.
 */
#ifndef SLTRACE_SELECT_PATH_H
#define SLTRACE_SELECT_PATH_H

#include <stdbool.h>

#include "filter/expr.h"

struct tcb;

/*
 * Add -P path.  Its canonical form (realpath(3)) is added too when it
 * differs, and returned in *resolved (malloc'd, for strace's "Requested
 * path ... resolved into ..." note), else *resolved is NULL.  0 or
 * -ENOMEM.
 */
int pathfilter_add_path(const char *path, char **resolved);

/*
 * -e trace-fds=SET: the syntax of -e read= ("3,5", "!0", "all",
 * "none").  Replaces an earlier set.  0, or -1 with *err filled.
 */
int pathfilter_set_fds(const char *value, struct qual_error *err);

/* Whether -P or trace-fds was given. */
extern bool pathfilter_on;

static inline bool pathfilter_active(void)
{
	return __builtin_expect(pathfilter_on, 0);
}

/* At syscall entry (tcp->sc filled): does the syscall touch the sets? */
bool pathfilter_match(struct tcb *tcp);

#endif
