/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The objects a program would map before its first instruction, found
 * from its files alone: the program, its PT_INTERP, and the DT_NEEDED
 * libraries as ld.so(8) searches them (DT_RPATH when there is no
 * DT_RUNPATH, LD_LIBRARY_PATH, DT_RUNPATH, then the directories of
 * /etc/ld.so.conf that ld.so.cache is built from, then the defaults).
 * The program is not run.
 */
#ifndef SLTRACE_PROBE_OBJECTS_H
#define SLTRACE_PROBE_OBJECTS_H

#include <stddef.h>
#include <sys/types.h>

struct probe_objects {
	char **paths;		/* [0] is the program; owned */
	size_t n;
};

/*
 * Fills *objs for prog, found in PATH as execvp(3) would when it has no
 * '/'.  Returns 0; or -errno when the program itself cannot be read
 * (-ENOENT, -ENOEXEC...).  A library that is not found is left out, as
 * listing what can be found is still useful.
 */
int probe_objects_find(const char *prog, struct probe_objects *objs);

/*
 * Fills *objs with what process pid has mapped now: its program
 * (/proc/PID/exe) first, then each file of an executable mapping in
 * /proc/PID/maps, once (a file deleted since is left out).  Returns 0,
 * or -errno when /proc/PID cannot be read (-ENOENT: no such process,
 * -EACCES: not ours to look at).
 */
int probe_objects_of_pid(pid_t pid, struct probe_objects *objs);

void probe_objects_release(struct probe_objects *objs);

#endif
