/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-syscall and per-fd choices made by -e qualifiers (trace=, raw=,
 * abbrev=, verbose=, read=, write=) and the options that imply them
 * (-v is abbrev=none).  Decoders ask these; the parser fills them.
 */
#ifndef SLTRACE_FILTER_QUALIFY_H
#define SLTRACE_FILTER_QUALIFY_H

#include <stdbool.h>

struct tcb;

/* -e raw=SET: print this syscall's arguments undecoded, in hex. */
bool qual_raw(const struct tcb *tcp);
/* -e abbrev=SET (default all, -v none): abbreviate big structs/arrays. */
bool qual_abbrev(const struct tcb *tcp);
/* -e verbose=SET (default all): dereference structure pointers. */
bool qual_verbose(const struct tcb *tcp);
/* -e read=SET / -e write=SET: hex-dump the data read from / written to fd. */
bool qual_read_dump(int fd);
bool qual_write_dump(int fd);

#endif
