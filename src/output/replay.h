/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --replay FILE (src/output/replay.c). */
#ifndef SLTRACE_OUTPUT_REPLAY_H
#define SLTRACE_OUTPUT_REPLAY_H

struct json_object;

/*
 * Write the JSON Lines trace at path ("-": stdin) in cfg.out_format to
 * the output out_init() opened; as text, the records of no task (-c's
 * summary, --hist's hist) go to tables() in their order.  0, or -1 when
 * a line was not a record or the file could not be read (said once
 * each).
 */
int replay_file(const char *path, void (*tables)(struct json_object *r));

#endif
