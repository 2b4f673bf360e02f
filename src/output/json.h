/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * JSON records (--output-format=json), private to src/output/: line.c
 * and events.c write a record's own fields through these; the values
 * inside come from the emit primitives (emit.h).  See json.c for the
 * encoding of values and doc/trace-schema.json for the records.
 */
#ifndef SLTRACE_OUTPUT_JSON_H
#define SLTRACE_OUTPUT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct tcb;

/* Switch the output to JSON records (out_init, with --output-format=json). */
void jrec_init(void);

/*
 * Begin a record of tcp: {"type": type, the times of when (now when
 * NULL), pid, tid, pers.  A record of tcp still open (a syscall's)
 * ends first, marked unfinished.  type "call" and "return" are library
 * calls'.
 */
void jrec_begin(struct tcb *tcp, const char *type, const struct timespec *when);
/* Fields of the record: "key": value. */
void jrec_str(struct tcb *tcp, const char *key, const char *val);
void jrec_int(struct tcb *tcp, const char *key, int64_t val);
void jrec_bool(struct tcb *tcp, const char *key);	/* "key": true */
void jrec_hex(struct tcb *tcp, const char *key, uint64_t val); /* "0x1f" */
void jrec_time(struct tcb *tcp, const char *key, const struct timespec *when);
/* "args": {, which emit_call_end() or the result closes. */
void jrec_args(struct tcb *tcp);
/* "key": then the value the next emit primitive writes. */
void jrec_value(struct tcb *tcp, const char *key);
/* End the record ("}" and a newline) and write it out. */
void jrec_end(struct tcb *tcp);
/* The same when its event ends as it should: with its stack under -k. */
void jrec_end_event(struct tcb *tcp);
/* One frame of the record's "stack". */
struct out_frame;
void jrec_frame(struct tcb *tcp, const struct out_frame *f);
/*
 * A record of tcp still open (a syscall's whose exit will not come) ends
 * now, marked unfinished; -e status decides whether it is kept.
 */
void jrec_settle(struct tcb *tcp);
/* A syscall record still in its arguments ends them: "retval": null. */
void jrec_no_result(struct tcb *tcp);
/* tcp has a record begun and not ended. */
bool jrec_open(const struct tcb *tcp);
/*
 * A record of tcp's written beside its open one (see json.c): keys with
 * out_jkey() and out_jstr()/out_jint()/out_jhex() on the stream
 * returned, then jrec_beside_end() on it.
 */
struct outstream *jrec_beside(struct tcb *tcp, const char *type);
void jrec_beside_end(struct outstream *os);

#endif
