/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fields of /proc/PID/stat and /proc/PID/task/TID/stat (proc(5)): the
 * guardian reads a thread's state and ptrace exit code there, a script
 * the CPU a task last ran on.
 */
#ifndef SLTRACE_UTIL_PROCSTAT_H
#define SLTRACE_UTIL_PROCSTAT_H

/*
 * Field n (proc(5)'s numbering: 3 is the state) of the stat text buf,
 * NUL-terminated: a pointer to its first character, or NULL when the
 * text has fewer fields.  The name (field 2) may hold anything; the
 * fields after it follow its last ')'.  n >= 3.
 */
const char *procstat_field(const char *buf, int n);

#endif
